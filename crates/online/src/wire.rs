//! The wire format: one JSON object per WebSocket text frame. A client sends [`Request`]s, each
//! with a `req` number of its choosing; the server answers each with a [`Reply`] carrying the
//! same number, and pushes [`Reply::Moved`] and [`Reply::Joined`] to everyone following a game.
//!
//! A game is its engine id, its options and its move list. Seats are named by who moves first
//! (`first`, `second`), whatever the game calls its sides, so the wire needs no rules.

use serde::{Deserialize, Serialize};

mod error;
mod limits;
mod seat;

pub use self::error::{WireError, check_code, check_name, check_secret, check_token};
pub use self::limits::{
    CODE_ALPHABET, CODE_LEN, MAX_MESSAGE_BYTES, MAX_OPTIONS, MAX_REPLY_BYTES, MAX_WORD_BYTES, TOKEN_HEX_LEN,
};
pub use self::seat::Seat;

/// What a client asks of the server.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "op", rename_all = "snake_case")]
pub enum Request {
    /// Create a game and sit in `seat`.
    New {
        /// The client's number for this request, echoed in the reply.
        req: u64,
        /// The game's engine id.
        game: String,
        /// `key=value` options as pairs.
        #[serde(default)]
        options: Vec<(String, String)>,
        /// The seat the creator takes.
        #[serde(default)]
        seat: Seat,
        /// The seat's token, chosen by the client (128 random bits as hex), so that the same
        /// request sent again after a lost reply is recognised and answered with the same
        /// game instead of making a second one. Without it the server chooses one.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        token: Option<String>,
    },
    /// Take the free seat of the game with this invite code.
    Join {
        /// Request number.
        req: u64,
        /// Invite code.
        code: String,
        /// The seat's token, chosen by the client, so that a join sent again after a lost
        /// reply gets back the seat it took instead of being refused (or taking none).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        token: Option<String>,
    },
    /// Follow a game without a seat.
    Watch {
        /// Request number.
        req: u64,
        /// Invite code.
        code: String,
    },
    /// Take back a seat held before (after a restart or a dropped connection).
    Resume {
        /// Request number.
        req: u64,
        /// Invite code.
        code: String,
        /// The seat's secret token.
        token: String,
    },
    /// Play a move: `ply` is the number of moves played before it, so a move re-sent after a
    /// lost reply is recognised instead of refused.
    Move {
        /// Request number.
        req: u64,
        /// Invite code.
        code: String,
        /// The seat's secret token.
        token: String,
        /// Moves played before this one.
        ply: u32,
        /// The move in the game's notation.
        mv: String,
    },
    /// Resign: the seat holding `token` gives up, on its turn or not; the game is over.
    Resign {
        /// Request number.
        req: u64,
        /// Invite code.
        code: String,
        /// The seat's secret token.
        token: String,
    },
    /// Make an account and sign this connection in to it: named when `name` is given, else a
    /// device account under a generated name. The client chooses the secret (128 random bits
    /// as hex, [`crate::account::is_secret`]), so the same request sent again after a lost reply is
    /// answered with the account it made.
    AccountNew {
        /// Request number.
        req: u64,
        /// This device's secret.
        secret: String,
        /// The name chosen, if any.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        name: Option<String>,
    },
    /// Sign this connection in to the account `name` with one of its devices' secrets.
    Login {
        /// Request number.
        req: u64,
        /// The account's name (any case).
        name: String,
        /// A secret of one of its devices.
        secret: String,
    },
    /// Give the signed-in device account a name of its own (a named account keeps its name).
    ChooseName {
        /// Request number.
        req: u64,
        /// The name chosen.
        name: String,
    },
    /// A fresh single-use code that signs another device in to the signed-in account.
    PairingCode {
        /// Request number.
        req: u64,
    },
    /// Sign a new device in with a pairing code shown on another: the code is spent and this
    /// device's `secret` (chosen as for [`Request::AccountNew`]) added to the code's account.
    Pair {
        /// Request number.
        req: u64,
        /// The pairing code as typed.
        code: String,
        /// This device's secret.
        secret: String,
    },
}

impl Request {
    /// The client's request number.
    pub fn req(&self) -> u64 {
        match self {
            Request::New { req, .. }
            | Request::Join { req, .. }
            | Request::Watch { req, .. }
            | Request::Resume { req, .. }
            | Request::Move { req, .. }
            | Request::Resign { req, .. }
            | Request::AccountNew { req, .. }
            | Request::Login { req, .. }
            | Request::ChooseName { req, .. }
            | Request::PairingCode { req }
            | Request::Pair { req, .. } => *req,
        }
    }

    /// Reads one message as the server receives it, or says what is wrong with it. Checks
    /// sizes and the shape of codes and tokens, not whether they exist.
    pub fn decode(text: &str) -> Result<Request, WireError> {
        if text.len() > MAX_MESSAGE_BYTES {
            return Err(WireError::TooLong(text.len()));
        }
        let request: Request = serde_json::from_str(text).map_err(|e| WireError::malformed(&e))?;
        request.check()?;
        Ok(request)
    }

    /// The message as sent.
    pub fn encode(&self) -> String {
        serde_json::to_string(self).unwrap_or_default()
    }

    fn check(&self) -> Result<(), WireError> {
        let word = |what: &'static str, text: &str| {
            if text.is_empty() || text.len() > MAX_WORD_BYTES || text.chars().any(|c| c.is_control() || c == ' ') {
                Err(WireError::BadWord(what))
            } else {
                Ok(())
            }
        };
        match self {
            Request::New {
                game, options, token, ..
            } => {
                if let Some(t) = token {
                    check_token(t)?;
                }
                word("game id", game)?;
                if options.len() > MAX_OPTIONS {
                    return Err(WireError::TooManyOptions(options.len()));
                }
                for (k, v) in options {
                    word("option key", k)?;
                    word("option value", v)?;
                }
                Ok(())
            }
            Request::Join { code, token, .. } => {
                check_code(code)?;
                token.as_deref().map_or(Ok(()), check_token)
            }
            Request::Watch { code, .. } => check_code(code),
            Request::Resume { code, token, .. } | Request::Resign { code, token, .. } => {
                check_code(code)?;
                check_token(token)
            }
            Request::Move { code, token, mv, .. } => {
                check_code(code)?;
                check_token(token)?;
                word("move", mv)
            }
            Request::AccountNew { secret, name, .. } => {
                check_secret(secret)?;
                name.as_deref().map_or(Ok(()), check_name)
            }
            Request::ChooseName { name, .. } => check_name(name),
            // A wrong name or secret gets the server's one sentence for every wrong sign-in
            // (and counts as a failed one), so only the message's size is checked here; the
            // same for a pairing code.
            Request::Login { .. } | Request::PairingCode { .. } => Ok(()),
            Request::Pair { secret, .. } => check_secret(secret),
        }
    }
}

/// A game as the server holds it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct GameView {
    /// Invite code.
    pub code: String,
    /// Engine id.
    pub game: String,
    /// Options in canonical form (only what differs from the defaults).
    pub options: Vec<(String, String)>,
    /// Every move stored, in canonical notation.
    pub moves: Vec<String>,
    /// Which seats are taken (`[first, second]`).
    pub seats: [bool; 2],
    /// The seat that resigned, when one did (the game is then over).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub resigned: Option<Seat>,
}

/// What the server says.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Reply {
    /// The reply to `new`, `join` and `resume`: this connection holds `seat`.
    Seated {
        /// The request answered.
        req: u64,
        /// The seat held.
        seat: Seat,
        /// The seat's secret token (keep it to resume).
        token: String,
        /// The game as stored.
        game: GameView,
    },
    /// The reply to `watch`.
    Watching {
        /// The request answered.
        req: u64,
        /// The game as stored.
        game: GameView,
    },
    /// The reply to `move`: the move is stored (durably) as move `ply` (0-based).
    Stored {
        /// The request answered.
        req: u64,
        /// Invite code.
        code: String,
        /// Moves before it.
        ply: u32,
        /// The move in canonical notation.
        mv: String,
    },
    /// Pushed to everyone following the game when a move is stored.
    Moved {
        /// Invite code.
        code: String,
        /// Moves before it.
        ply: u32,
        /// The move in canonical notation.
        mv: String,
    },
    /// A seat resigned: the reply to `resign` (with its `req`) and pushed to everyone following
    /// the game (without). The resignation is stored; the game is over.
    Resigned {
        /// The request answered, for the seat that resigned.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        req: Option<u64>,
        /// Invite code.
        code: String,
        /// The seat that resigned.
        seat: Seat,
    },
    /// Pushed to everyone following the game when a seat is taken.
    Joined {
        /// Invite code.
        code: String,
        /// The seat taken.
        seat: Seat,
    },
    /// The reply to `account_new`, `login`, `choose_name` and `pair`: this connection is signed
    /// in to the account `name`.
    Account {
        /// The request answered.
        req: u64,
        /// The account's name as shown.
        name: String,
        /// Whether the name was chosen (a device account's is generated).
        named: bool,
    },
    /// The reply to `pairing_code`: type `code` on the other device within `valid_secs`.
    PairingCode {
        /// The request answered.
        req: u64,
        /// The single-use code.
        code: String,
        /// Seconds it stays valid.
        valid_secs: u32,
    },
    /// A request refused (or a message that could not be read: no `req`). Nothing changed.
    Error {
        /// The request refused, when it could be read.
        req: Option<u64>,
        /// A sentence for the player.
        message: String,
    },
}

impl Reply {
    /// The message as sent.
    pub fn encode(&self) -> String {
        serde_json::to_string(self).unwrap_or_default()
    }

    /// Reads one message as a client receives it.
    pub fn decode(text: &str) -> Result<Reply, WireError> {
        if text.len() > MAX_REPLY_BYTES {
            return Err(WireError::TooLong(text.len()));
        }
        serde_json::from_str(text).map_err(|e| WireError::malformed(&e))
    }
}

#[cfg(test)]
mod tests;

pub mod fuzzing;
