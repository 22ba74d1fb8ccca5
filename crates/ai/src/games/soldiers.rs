//! Sixteen Soldiers knowledge: the hunter's progress towards its capture threshold and towards an
//! apex win, against its freedom to move and the danger of being shut in; which search each
//! level uses on each board.

use parlour_rules::soldiers::{Move, Soldiers, Variant};
use parlour_rules::{Game, Player};

use crate::config::{AlphaBetaParams, Budget, MctsParams, SearchConfig};
use crate::knowledge::Knowledge;
use crate::level::{Level, LevelConfig};
use crate::result::SearchResult;
use crate::tables::Value;

mod view;

#[cfg(test)]
mod tests;

use self::view::{hunter_view, one_door};

/// The Strong level's alpha-beta nodes a move on every board: 30,000 (a few milliseconds
/// here). From the Casual up every level draws most games against every other on these boards,
/// and 3,000, 30,000 and 300,000 nodes and the Master measured within about 100 of each other
/// (docs/strength.md, "Levels"), so the Strong is fast rather than stronger.
const STRONG_NODES: u64 = 30_000;

impl Knowledge for Soldiers {
    const HAS_EVALUATION: bool = true;

    fn repeats(&self) -> bool {
        self.occurrences() >= 2
    }

    fn evaluate(&self) -> f32 {
        self.evaluate_as(Player::P2)
    }

    /// The general (`P1`) searching judges watchfully behind a one-door privy (boards 2 and 4),
    /// the soldiers always plainly (see [`hunter_view`]); on boards 1 and 3 and in Monk and
    /// Water (its cloister has its own term) both judge plainly.
    fn evaluate_as(&self, searcher: Player) -> f32 {
        let watchful = searcher == Player::P1 && one_door(self);
        let v = hunter_view(self, watchful).clamp(-1.0, 1.0);
        if self.side_to_move() == Player::P1 { v } else { -v }
    }

    /// The result an exact table of the board and rules proves, where one is present and answers
    /// the position ([`crate::tables::Table::probe`]): a win or loss within the no-capture
    /// count, or a draw.
    fn known_score(&self) -> Option<f32> {
        match crate::tables::store::table_for(self.options())?.probe(self)? {
            Value::Win(_) => Some(1.0),
            Value::Loss(_) => Some(0.0),
            Value::Draw => Some(0.5),
            Value::Over => None,
        }
    }

    fn known_result(&self) -> Option<bool> {
        self.known_score().filter(|&s| s != 0.5).map(|s| s > 0.5)
    }

    /// The Master plays from a table of the board and rules where one is present and answers
    /// (`tables::store`: the quickest win, the longest defence, the draw that gives the
    /// opponent the most ways to go wrong).
    fn table_move(&self, seed: u64) -> Option<SearchResult<Move>> {
        let table = crate::tables::store::table_for(self.options())?;
        let c = table.choose(self, seed)?;
        // For a hint: every move that keeps a proven win.
        let winning = table.winning_moves(self);
        let (value, end_in) = match c.value {
            Value::Win(p) => (1.0, Some(p)),
            Value::Loss(p) => (0.0, Some(p)),
            Value::Draw | Value::Over => (0.5, None),
        };
        Some(SearchResult {
            value,
            proven: true,
            end_in,
            winning,
            ..SearchResult::immediate(Some(c.mv))
        })
    }

    fn move_key(&self, mv: &Move) -> usize {
        let to = mv.landings().last().copied().unwrap_or(0);
        (usize::from(mv.from()) * 64 + usize::from(to)) % Self::MOVE_KEYS
    }

    fn mcts_params(&self) -> MctsParams {
        MctsParams::default()
    }

    /// Repeated positions count as draws, so the side that is ahead looks for progress instead
    /// of walking into a third occurrence (most of Monk and Water's draws were repetitions).
    /// Behind a one-door privy (boards 2 and 4) a move that repeats also counts less than a
    /// draw at the root, so the strong levels play on unless the draw is clearly better: both
    /// seats value a fair start there below a draw and took early repetitions even against the
    /// Novice. A tenth of the value scale on board 4; a fifth on board 2, whose fair set lets
    /// the general win at six soldiers left, where with a tenth the Master drew 8 of 40 games
    /// against the Novice. On board 4 the soldiers (the second seat) take a fifth too: at a
    /// tenth they drew 2 of 20 games against plain UCT at the Master's 2.4 s by early
    /// repetitions, with a fifth none. (On board 1 a tenth let the soldiers pin the general in 9
    /// of 14 games against himself; `JOURNAL.md`, twentieth, twenty-first and twenty-fourth
    /// sessions.)
    ///
    /// The value reported on the four boards is the mean of the last two depths (`two_depths`;
    /// it changes no move): a single depth's leaned towards the side to move, and the analysis's
    /// own best move lost the mover 2-3 points on boards 1, 2 and 4 (issue 73; with the mean,
    /// within ±0.3 on every board). Not in Monk and Water, where the mean made it worse (−1.1 to
    /// −5.0 points; `docs/analysis.md`, "Coherence").
    fn alphabeta_params(&self) -> AlphaBetaParams {
        let (avoid_repeat, second_avoid_repeat) = match self.board().variant() {
            Variant::Board2 => (0.2, None),
            Variant::Board4 => (0.1, Some(0.2)),
            _ => (0.0, None),
        };
        AlphaBetaParams {
            repeat_draw: true,
            avoid_repeat,
            second_avoid_repeat,
            two_depths: self.board().variant() != Variant::Monk,
            ..AlphaBetaParams::default()
        }
    }

    /// Alpha-beta on the four boards at every level (it measured best, and proves the quick
    /// forced wins at once). Monk and Water: alpha-beta for the two strong levels (with the
    /// cloister term in the evaluation it beat both the tree search and the Novice more
    /// clearly), the small tree searches for the two weak ones (see `MEASUREMENTS.md`).
    /// The Strong searches [`STRONG_NODES`] nodes a move.
    fn level_config(&self, level: Level) -> SearchConfig {
        let mut cfg = match (self.board().variant(), level) {
            (Variant::Monk, Level::Novice | Level::Casual) => level.generic_config(self.mcts_params()),
            _ => level.alphabeta_config(self.alphabeta_params()),
        };
        if level == Level::Strong {
            cfg.budget = Budget::iterations(STRONG_NODES);
        }
        cfg
    }
}
