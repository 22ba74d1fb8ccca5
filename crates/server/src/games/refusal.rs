//! Why the server says no, and how a game ended, as values: each shows as the sentence the
//! player reads (the wire's `error` message), and code tells them apart by their variants.

use parlour_online::wire::Seat;
use parlour_rules::{MoveTextError, OptionsError, Status};

use crate::store::StoreError;

/// A refusal, as the player reads it.
#[derive(Debug, thiserror::Error)]
pub enum Refusal {
    /// No game has this invite code.
    #[error("there is no game with invite code {0}")]
    NoSuchCode(String),
    /// A new game was refused.
    #[error(transparent)]
    Create(#[from] CreateError),
    /// A seat was refused.
    #[error(transparent)]
    Seat(#[from] SeatRefusal),
    /// A move or a resignation was refused.
    #[error(transparent)]
    Play(#[from] PlayRefusal),
    /// The server is stopping.
    #[error("the server is shutting down")]
    ShuttingDown,
    /// The server's storage failed: nothing was acknowledged. The database's own words go to
    /// the server's log, not to the player.
    #[error("the server cannot store games right now ({}); nothing changed — try again later", .0.for_player())]
    Store(#[from] StoreError),
}

/// Why a game could not be made.
#[derive(Debug, thiserror::Error)]
pub enum CreateError {
    /// No game has that name.
    #[error("Parlour has no game called '{0}'; the games are kansho, konane, conhex, qyshinsu and soldiers")]
    NoSuchGame(String),
    /// The game refuses the options.
    #[error(transparent)]
    Options(#[from] OptionsError),
    /// The client's token already made another game.
    #[error("that seat token already made a different game; choose a fresh token for a new game")]
    TokenMadeAnother,
    /// Every invite code drawn was taken.
    #[error("no free invite code was found; try again")]
    NoFreeCode,
}

/// Why a seat could not be taken or taken back.
#[derive(Debug, thiserror::Error)]
pub enum SeatRefusal {
    /// Both seats of the game are taken.
    #[error("both seats of game {0} are taken; you can watch it")]
    Taken(String),
    /// The token holds no seat in the game.
    #[error("that token holds no seat in game {0}")]
    NotYours(String),
}

/// Why a move (or a resignation) was refused.
#[derive(Debug, thiserror::Error)]
pub enum PlayRefusal {
    /// The game has ended.
    #[error("game {code} is over{}", ending.after_over())]
    Over {
        /// The game.
        code: String,
        /// How it ended.
        ending: Ending,
    },
    /// It is the other seat's turn.
    #[error("it is not your turn: {0} is to move")]
    NotYourTurn(&'static str),
    /// The move's ply is beyond the moves stored.
    #[error("the game has {played} moves; a move after move {ply} cannot be played yet")]
    Ahead {
        /// Moves stored.
        played: u32,
        /// The ply the move was sent for.
        ply: u32,
    },
    /// Another move was stored at that ply.
    #[error("move {} has already been played ({stored}); the game has {moves} moves", .ply + 1)]
    AlreadyPlayed {
        /// The ply.
        ply: u32,
        /// The move stored there.
        stored: String,
        /// Moves stored.
        moves: usize,
    },
    /// The rules refuse the move.
    #[error(transparent)]
    Move(#[from] MoveTextError),
    /// The game kept changing under the move (other processes).
    #[error("the game changed while your move was checked; try again")]
    MoveRaced,
    /// The mover's time ran out before the move came: the fall is stored instead.
    #[error("your time ran out before the move came: game {0} is lost on time")]
    TimeRanOut(String),
    /// A first move came after its deadline: the game is aborted instead.
    #[error("the first move came too late: game {0} is aborted (unrated)")]
    TooLateToStart(String),
    /// The game kept changing under the resignation (other processes).
    #[error("the game changed while your resignation was stored; try again")]
    ResignRaced,
}

/// How a game ended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Ending {
    /// A seat resigned; `side` is its side's name.
    Resigned {
        /// The seat.
        seat: Seat,
        /// Its side's name (`white`, `general`…).
        side: &'static str,
    },
    /// The rules ended it: a side won, `winner` its name.
    Won {
        /// The winning side's name.
        winner: &'static str,
        /// The rule page's end reason.
        reason: &'static str,
    },
    /// Both seats agreed a draw.
    Agreed,
    /// A seat's time ran out; `side` is its side's name.
    Fell {
        /// The seat.
        seat: Seat,
        /// Its side's name.
        side: &'static str,
    },
    /// A first move did not come in time: the game is aborted, unrated.
    Aborted,
    /// A seat had gone and the other claimed the game (as a draw with `draw`).
    Abandoned {
        /// The seat that had gone.
        seat: Seat,
        /// Its side's name.
        side: &'static str,
        /// Claimed as a draw.
        draw: bool,
    },
    /// The rules ended it in a draw.
    Drawn {
        /// The rule page's end reason.
        reason: &'static str,
    },
}

impl Ending {
    /// How a game the rules ended did end (`None` while it goes on); `name` names a side.
    pub fn by_rules(status: Status, name: impl Fn(parlour_rules::Player) -> &'static str) -> Option<Ending> {
        match status {
            Status::Ongoing => None,
            Status::Win { winner, reason } => Some(Ending::Won {
                winner: name(winner),
                reason,
            }),
            Status::Draw { reason } => Some(Ending::Drawn { reason }),
        }
    }

    /// What follows "game CODE is over" in the refusal.
    fn after_over(&self) -> String {
        match self {
            Ending::Resigned { side, .. } => format!(": {side} resigned"),
            Ending::Won { winner, reason } => format!(" (win {winner} {reason})"),
            Ending::Drawn { reason } => format!(" (draw {reason})"),
            Ending::Agreed => " (draw agreed)".to_string(),
            Ending::Fell { side, .. } => format!(": {side} lost on time"),
            Ending::Aborted => " (aborted: a first move did not come in time)".to_string(),
            Ending::Abandoned { side, draw: false, .. } => format!(": {side} left the game"),
            Ending::Abandoned { side, draw: true, .. } => format!(" (draw: {side} left the game)"),
        }
    }
}
