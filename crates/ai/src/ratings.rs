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

/// The measurements (docs/strength.md, "Levels"), 2026-12-06: per board, one fit of every
/// ladder run on it (the levels as shipped, fixed-budget players between them, the Master on
/// the clock on a quiet machine). Novice first; every level measured.
const ROWS: &[Row] = &[
    row(
        GameId::Kansho,
        &[],
        [r(1539, 1430, 1654), r(2184, 2027, 2349), r(2865, 2560, 3245)],
    ),
    row(
        GameId::Konane,
        &[("size", "8x8")],
        [r(1407, 1339, 1480), r(1811, 1705, 1924), r(2323, 2071, 2590)],
    ),
    row(
        GameId::ConHex,
        &[],
        [r(1506, 1422, 1600), r(1826, 1713, 1946), r(2127, 1878, 2391)],
    ),
    row(
        GameId::Qyshinsu,
        &[],
        [r(1308, 1225, 1394), r(1583, 1493, 1677), r(1887, 1665, 2114)],
    ),
    row(
        GameId::Soldiers,
        &[("variant", "board1"), ("rules", "fair")],
        [r(1374, 1304, 1449), r(1368, 1227, 1510), r(1386, 1024, 1749)],
    ),
    row(
        GameId::Soldiers,
        &[("variant", "board2"), ("rules", "fair")],
        [r(1464, 1391, 1543), r(1551, 1405, 1705), r(1573, 1207, 1940)],
    ),
    row(
        GameId::Soldiers,
        &[("variant", "board3"), ("rules", "fair")],
        [r(1274, 1213, 1337), r(1447, 1306, 1599), r(1490, 1126, 1856)],
    ),
    row(
        GameId::Soldiers,
        &[("variant", "board4"), ("rules", "fair")],
        [r(1437, 1365, 1513), r(1556, 1407, 1714), r(1617, 1258, 2008)],
    ),
    row(
        GameId::Soldiers,
        &[("variant", "monk")],
        [r(1251, 1190, 1314), r(1393, 1248, 1550), r(1552, 1110, 2108)],
    ),
];

/// A row: the Novice at 1000 and the Casual, the Strong and the Master as measured.
const fn row(game: GameId, options: &'static [(&'static str, &'static str)], above: [Rating; 3]) -> Row {
    Row {
        game,
        options,
        levels: [r(1000, 1000, 1000), above[0], above[1], above[2]],
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
    Some(row.levels[Level::ALL.iter().position(|l| *l == level)?])
}

/// Whether `level` measured clearly stronger than the level below it on this board: its
/// interval's low end above that level's rating. Not so for the levels above the Casual on
/// most of the Sixteen Soldiers boards, which are draws between good players (the dialog says
/// so). `None` where the board was not measured, or for the Novice.
pub fn clearly_above_the_level_below(game: GameId, options: &[(String, String)], level: Level) -> Option<bool> {
    let below = rating(game, options, level.weaker()?)?;
    Some(rating(game, options, level)?.low > below.elo)
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
        let master = rating(GameId::Konane, &[], Level::Master).expect("every level is rated");
        assert!(master.elo > eight.elo);
    }

    #[test]
    fn the_levels_above_the_casual_on_a_drawn_board_are_not_called_stronger() {
        let board1 = vec![
            ("variant".to_string(), "board1".to_string()),
            ("rules".to_string(), "fair".to_string()),
        ];
        assert_eq!(
            clearly_above_the_level_below(GameId::Soldiers, &board1, Level::Casual),
            Some(true)
        );
        assert_eq!(
            clearly_above_the_level_below(GameId::Soldiers, &board1, Level::Strong),
            Some(false)
        );
        for game in [GameId::Kansho, GameId::Konane, GameId::ConHex, GameId::Qyshinsu] {
            for level in [Level::Casual, Level::Strong, Level::Master] {
                assert_eq!(
                    clearly_above_the_level_below(game, &[], level),
                    Some(true),
                    "{game} {level}"
                );
            }
            assert_eq!(clearly_above_the_level_below(game, &[], Level::Novice), None);
        }
    }

    #[test]
    fn every_row_rates_novice_1000_and_each_level_inside_its_interval_and_not_below_the_last() {
        for row in ROWS {
            assert_eq!(row.levels[0], r(1000, 1000, 1000), "{}", row.game);
            for l in &row.levels {
                assert!(l.low <= l.elo && l.elo <= l.high && l.low >= 500, "{}: {l:?}", row.game);
            }
            // A level may be measured level with the one below it (on the soldiers' boards,
            // which are draws between good players), never clearly weaker.
            for pair in row.levels.windows(2) {
                assert!(pair[1].high > pair[0].elo, "{}: {:?}", row.game, row.levels);
            }
        }
    }

    /// The spacing the levels were tuned to (docs/strength.md, "Levels"): each step up from the
    /// Novice between about 200 and 600, so a player who beats one level meets a next opponent
    /// that can be beaten too. Where the whole span from the Novice (which a first game must be
    /// able to beat) to the Master is wider than three such steps — Kansho, about 1,900 since
    /// its evaluation changed — the steps share it out evenly instead: each within 150 of a
    /// third of it. The Sixteen Soldiers boards are left out: there every level from the Casual
    /// up draws most games against every other, no budget spreads them, and the whole span from
    /// a random mover to the best player is 430–570, too little for three such steps
    /// (docs/strength.md).
    #[test]
    fn the_steps_between_levels_are_even_where_the_game_allows() {
        for row in ROWS.iter().filter(|row| row.game != GameId::Soldiers) {
            let span = i32::from(row.levels[3].elo) - i32::from(row.levels[0].elo);
            for pair in row.levels.windows(2) {
                let step = i32::from(pair[1].elo) - i32::from(pair[0].elo);
                let even = if span <= 3 * 620 {
                    (180..=620).contains(&step)
                } else {
                    (step - span / 3).abs() <= 150
                };
                assert!(even, "{}: {:?}", row.game, row.levels);
            }
        }
    }
}
