//! How strong each level is, measured: Elo ratings from a round robin of the levels at their
//! own budgets (`parlour-engine ladder`, Novice = 1000), per game and board. The new-game dialog
//! shows them ("Casual — about 1450 in Kōnane"); docs/strength.md has the commands, the games
//! behind each number and when they were measured. A board without a row here shows none.

use parlour_rules::GameId;

use crate::level::Level;

/// One level's measured rating and its 95 % interval.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Rating {
    /// The fitted Elo rating (Novice = 1000).
    pub elo: u16,
    /// The interval's low end.
    pub low: u16,
    /// The interval's high end.
    pub high: u16,
}

/// A measured board: the game, the options that pick it out (each as the value in force), and
/// the four levels' ratings, weakest first.
struct Row {
    game: GameId,
    options: &'static [(&'static str, &'static str)],
    levels: [Rating; 4],
}

const fn r(elo: u16, low: u16, high: u16) -> Rating {
    Rating { elo, low, high }
}

/// The measurements (docs/strength.md, "Levels"): Novice and Casual from 60 games a pairing with
/// plain UCT at three budgets (2026-12-04, the levels as retuned that day). Strong and Master
/// (on the clock) are not rated yet, zero: in Kōnane, the one game measured on the clock, every
/// game below them was lost to them, so the gaps are the prior's, not the games'.
const ROWS: &[Row] = &[
    casual_only(GameId::Kansho, &[], r(1489, 1394, 1592)),
    casual_only(GameId::Konane, &[("size", "8x8")], r(1438, 1354, 1529)),
    casual_only(GameId::ConHex, &[], r(1502, 1401, 1613)),
    casual_only(GameId::Qyshinsu, &[], r(1539, 1451, 1633)),
    casual_only(
        GameId::Soldiers,
        &[("variant", "board1"), ("rules", "fair")],
        r(1399, 1321, 1484),
    ),
    casual_only(
        GameId::Soldiers,
        &[("variant", "board2"), ("rules", "fair")],
        r(1485, 1406, 1569),
    ),
    casual_only(
        GameId::Soldiers,
        &[("variant", "board3"), ("rules", "fair")],
        r(1275, 1210, 1343),
    ),
    casual_only(
        GameId::Soldiers,
        &[("variant", "board4"), ("rules", "fair")],
        r(1465, 1388, 1548),
    ),
    casual_only(GameId::Soldiers, &[("variant", "monk")], r(1255, 1190, 1323)),
];

/// A row with the Novice and Casual measured and the two levels on the clock not yet.
const fn casual_only(game: GameId, options: &'static [(&'static str, &'static str)], casual: Rating) -> Row {
    Row {
        game,
        options,
        levels: [r(1000, 1000, 1000), casual, r(0, 0, 0), r(0, 0, 0)],
    }
}

/// The measured rating of `level` in `game` with `options` (as the new-game dialog holds them:
/// only what differs from the defaults), or `None` where that board was not measured.
pub fn rating(game: GameId, options: &[(String, String)], level: Level) -> Option<Rating> {
    let row = ROWS.iter().find(|row| {
        row.game == game
            && row
                .options
                .iter()
                .all(|(k, v)| game.option_value(options, k).as_deref() == Some(*v))
    })?;
    let found = row.levels[Level::ALL.iter().position(|l| *l == level)?];
    (found.elo > 0).then_some(found)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_measured_board_answers_and_another_does_not() {
        let eight = rating(GameId::Konane, &[], Level::Novice).expect("Kōnane 8×8 is the default board");
        assert_eq!(eight.elo, 1000);
        let named = vec![("size".to_string(), "8x8".to_string())];
        assert_eq!(rating(GameId::Konane, &named, Level::Novice), Some(eight));
        let six = vec![("size".to_string(), "6x6".to_string())];
        assert_eq!(rating(GameId::Konane, &six, Level::Novice), None);
        // A hunt board with the fair rules is measured; the seed's rules on it are not.
        let pairs = |v: &[(&str, &str)]| {
            v.iter()
                .map(|(k, v)| (k.to_string(), v.to_string()))
                .collect::<Vec<_>>()
        };
        let fair = pairs(&[("variant", "board2"), ("rules", "fair")]);
        assert!(rating(GameId::Soldiers, &fair, Level::Casual).is_some());
        let seed = pairs(&[("variant", "board2"), ("rules", "seed")]);
        assert_eq!(rating(GameId::Soldiers, &seed, Level::Casual), None);
        // Strong and Master are not measured yet: nothing rather than a made-up number.
        assert_eq!(rating(GameId::Konane, &[], Level::Master), None);
    }

    #[test]
    fn every_row_rates_novice_1000_and_each_level_inside_its_interval_and_above_the_last() {
        for row in ROWS {
            assert_eq!(row.levels[0], r(1000, 1000, 1000), "{}", row.game);
            let measured: Vec<&Rating> = row.levels.iter().filter(|l| l.elo > 0).collect();
            for pair in measured.windows(2) {
                assert!(pair[0].elo < pair[1].elo, "{}: {:?}", row.game, row.levels);
            }
            for l in measured {
                assert!(l.low <= l.elo && l.elo <= l.high, "{}: {l:?}", row.game);
            }
        }
    }
}
