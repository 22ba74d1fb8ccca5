//! What a game's record names beyond the rules, as plain data: the computer's playing
//! [`Level`]s (who played a seat) and a review's analysis ([`PlyAnalysis`], [`Mark`],
//! [`SideSummary`], [`Analysis`]). The save format and the settings name these; the AI
//! (`parlour-ai`) gives them their meaning — each level's search configuration, the search
//! that fills an analysis in — and re-exports them at `parlour_ai::Level` and
//! `parlour_ai::analysis`.

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Serialize};

use crate::game::{Game, Player};

/// A playing level. Each game maps every level to a search configuration in `parlour-ai`
/// (`Knowledge::level_config`); the budgets of the three lower levels are iteration counts or
/// depths, so they play the same on any machine, and the Master's is a time (at most 2.4 s a
/// move). The budgets were set per game where the levels measured evenly spaced
/// (docs/strength.md, "Levels").
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum Level {
    /// For a first game: a one-move look with noisy judgement (alpha-beta games) or a small
    /// search that sometimes prefers a good-looking second choice (MCTS games). It never misses
    /// a win in one and its moves look purposeful, but it is easy to outplay.
    Novice,
    /// A warm-up: a modest search (three plies, or 1,500 playouts; two plies in Kōnane and
    /// Kansho, 200 playouts in ConHex, 600 in Qyshinsu, where those measured one step above
    /// the Novice).
    Casual,
    /// Strong: the game's best algorithm with a fixed budget of nodes or playouts a move, set
    /// per game about halfway (in rating) between the Casual and the Master: a few to a few
    /// hundred milliseconds here. Until 2026-12-06 it had 0.8 s a move, which rated within 230
    /// of the Master (level with it in Kōnane, Kansho and Qyshinsu) and, in Kōnane and Kansho,
    /// 760–910 above the Casual.
    Strong,
    /// The strongest: the game's best algorithm with 2.4 s a move.
    Master,
}

impl Level {
    /// Every level, weakest first.
    pub const ALL: [Level; 4] = [Level::Novice, Level::Casual, Level::Strong, Level::Master];

    /// The level one step weaker (`None` for the Novice).
    pub fn weaker(self) -> Option<Level> {
        let i = Level::ALL.iter().position(|l| *l == self)?;
        Level::ALL.get(i.checked_sub(1)?).copied()
    }

    /// The level's lower-case name, as accepted by `level=`.
    pub fn name(self) -> &'static str {
        match self {
            Level::Novice => "novice",
            Level::Casual => "casual",
            Level::Strong => "strong",
            Level::Master => "master",
        }
    }

    /// One sentence for players choosing an opponent.
    pub fn description(self) -> &'static str {
        match self {
            Level::Novice => "Plays sensible moves without looking far ahead; a good first opponent.",
            Level::Casual => "Looks a little ahead and takes what you leave it.",
            Level::Strong => "Looks several moves ahead and punishes mistakes; the step between Casual and Master.",
            Level::Master => "The strongest setting: thinks for up to two and a half seconds a move.",
        }
    }
}

impl fmt::Display for Level {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A level name nobody knows; the message lists the valid ones.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{0}")]
pub struct UnknownLevel(pub String);

impl FromStr for Level {
    type Err = UnknownLevel;

    /// Reads a level by name (any case) or by number `1`–`4`.
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let s = s.trim();
        Level::ALL
            .iter()
            .enumerate()
            .find(|(i, l)| l.name().eq_ignore_ascii_case(s) || s == (i + 1).to_string())
            .map(|(_, l)| *l)
            .ok_or_else(|| UnknownLevel(format!("unknown level '{s}'; valid: novice, casual, strong, master")))
    }
}

/// How good a played move was.
#[derive(Copy, Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum Mark {
    /// The move the analysis would play.
    Best,
    /// Within the first threshold of the best.
    Good,
    /// Lost at least 5 points of win chance.
    Inaccuracy,
    /// Lost at least 10 points.
    Mistake,
    /// Lost at least 15 points, or threw a proven win away.
    Blunder,
}

impl Mark {
    /// Every mark, best first.
    pub const ALL: [Mark; 5] = [Mark::Best, Mark::Good, Mark::Inaccuracy, Mark::Mistake, Mark::Blunder];

    /// The protocol's word.
    pub fn name(self) -> &'static str {
        match self {
            Mark::Best => "best",
            Mark::Good => "good",
            Mark::Inaccuracy => "inaccuracy",
            Mark::Mistake => "mistake",
            Mark::Blunder => "blunder",
        }
    }

    /// The annotation symbol a move list shows (`?!`, `?`, `??`; none for good moves).
    pub fn symbol(self) -> &'static str {
        match self {
            Mark::Best | Mark::Good => "",
            Mark::Inaccuracy => "?!",
            Mark::Mistake => "?",
            Mark::Blunder => "??",
        }
    }
}

/// The thresholds, in points of win chance lost (0–100 scale): a loss of at least the figure
/// earns the mark. The one place they are written.
pub const MARKS: [(f32, Mark); 3] = [(15.0, Mark::Blunder), (10.0, Mark::Mistake), (5.0, Mark::Inaccuracy)];

/// The mark of a move that lost `loss` points, `best` when it is the analysis's own choice,
/// before proofs are taken into account.
pub fn mark_for_loss(loss: f32, best: bool) -> Mark {
    if best {
        return Mark::Best;
    }
    MARKS.iter().find(|(at, _)| loss >= *at).map_or(Mark::Good, |(_, m)| *m)
}

/// One move's accuracy (lichess's formula) from its loss in points.
pub fn move_accuracy(loss: f32) -> f32 {
    (103.1668 * (-0.04354 * loss).exp() - 3.1669).clamp(0.0, 100.0)
}

/// What the analysis says of one ply.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct PlyAnalysis {
    /// The ply, counted from 1.
    pub ply: u32,
    /// The side that moved.
    pub mover: Player,
    /// The move played, in canonical notation.
    pub played: String,
    /// The mover's win chance before the move (0–100).
    pub before: f32,
    /// The mover's win chance after it.
    pub after: f32,
    /// The analysis's best move in the position before, and its line (up to 8 plies, the best
    /// move first).
    pub best_line: Vec<String>,
    /// `before − after`, at least 0.
    pub loss: f32,
    /// The mark.
    pub mark: Mark,
    /// The mover's proven result before and after the move (true: a forced win), where the
    /// search proved it.
    pub proven: Option<(bool, bool)>,
}

impl PlyAnalysis {
    /// The best move (the first of the line).
    pub fn best(&self) -> &str {
        self.best_line.first().map_or("", String::as_str)
    }

    /// The protocol's line: `<ply> <side> <move> before=… after=… best=… loss=… mark=… proven=…`.
    pub fn protocol_line<G: Game>(&self, state: &G) -> String {
        let proven = match self.proven {
            None => "-",
            Some((true, true)) => "win-win",
            Some((true, false)) => "win-loss",
            Some((false, _)) => "loss-loss",
        };
        format!(
            "{} {} {} before={:.1} after={:.1} best={} loss={:.1} mark={} proven={proven}",
            self.ply,
            state.side_name(self.mover),
            self.played,
            self.before,
            self.after,
            self.best(),
            self.loss,
            self.mark.name()
        )
    }
}

/// A side's summary: how many moves earned each mark, and its accuracy.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct SideSummary {
    /// Moves per mark, in [`Mark::ALL`]'s order.
    pub marks: [u32; 5],
    /// Mean of [`move_accuracy`] over the side's moves (0 when it made none).
    pub accuracy: f32,
}

/// A whole game's analysis.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Analysis {
    /// One entry per ply, in order.
    pub plies: Vec<PlyAnalysis>,
}

impl Analysis {
    /// The summary of `side`'s moves.
    pub fn summary(&self, side: Player) -> SideSummary {
        SideSummary::of(&self.plies, side)
    }
}

impl SideSummary {
    /// The summary of `side`'s moves among `plies` (a whole analysis or the plies done so far).
    pub fn of(plies: &[PlyAnalysis], side: Player) -> SideSummary {
        let mut s = SideSummary::default();
        let mut n = 0;
        for p in plies.iter().filter(|p| p.mover == side) {
            s.marks[p.mark as usize] += 1;
            s.accuracy += move_accuracy(p.loss);
            n += 1;
        }
        if n > 0 {
            s.accuracy /= n as f32;
        }
        s
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn levels_parse_by_name_and_number() {
        assert_eq!("MASTER".parse::<Level>().unwrap(), Level::Master);
        assert_eq!("1".parse::<Level>().unwrap(), Level::Novice);
        let e = "grandmaster".parse::<Level>().unwrap_err();
        assert!(e.0.contains("novice, casual, strong, master"), "{e}");
        for l in Level::ALL {
            assert_eq!(l.to_string().parse::<Level>().unwrap(), l);
        }
        assert!(Level::Novice < Level::Master);
        assert_eq!(Level::Novice.weaker(), None);
        assert_eq!(Level::Master.weaker(), Some(Level::Strong));
    }
}
