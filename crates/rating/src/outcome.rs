//! How a game ended.

/// How a game ended, from the first player's view (lichess's `Glicko.Result`; White is first there).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Outcome {
    /// The first player won.
    Win,
    /// Neither won.
    Draw,
    /// The second player won.
    Loss,
}

impl Outcome {
    /// The first player's score: 1 for a win, ½ for a draw, 0 for a loss.
    pub fn score(self) -> f64 {
        match self {
            Outcome::Win => 1.0,
            Outcome::Draw => 0.5,
            Outcome::Loss => 0.0,
        }
    }

    /// The same game from the second player's view.
    pub fn reversed(self) -> Outcome {
        match self {
            Outcome::Win => Outcome::Loss,
            Outcome::Draw => Outcome::Draw,
            Outcome::Loss => Outcome::Win,
        }
    }
}
