//! What a client asks of the server, and the checks a request passes before it is acted on.

use parlour_clock::{MoveMetrics, Pace};
use serde::{Deserialize, Serialize};

use super::lobby::{OfferKind, RatingRange, SideChoice};
use super::{
    MAX_KEY_BYTES, MAX_MESSAGE_BYTES, MAX_OPTIONS, MAX_WORD_BYTES, RATING_RANGE, Seat, WireError, check_code,
    check_name, check_secret, check_token,
};

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
        /// In a game on a live clock, the client's own thinking time for this move in
        /// milliseconds: the server gives back the rest of the turn as network lag, up to a
        /// quota (a client that lies gains at most that).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        think_ms: Option<i64>,
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
    /// Post a seek in the lobby (signed in; `rated` needs a named account). Answered with
    /// [`super::Reply::Seeking`]; when someone accepts, [`super::Reply::Matched`] is pushed on
    /// this connection and the client resumes its seat with `token`.
    Seek {
        /// Request number.
        req: u64,
        /// The game's engine id.
        game: String,
        /// `key=value` options as pairs.
        #[serde(default)]
        options: Vec<(String, String)>,
        /// Whether the game is to be rated.
        #[serde(default)]
        rated: bool,
        /// The seat wanted.
        #[serde(default)]
        side: SideChoice,
        /// The ratings accepted, when limited.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        range: Option<RatingRange>,
        /// Untimed, a live clock or days a move.
        #[serde(default, skip_serializing_if = "Pace::is_untimed")]
        pace: Pace,
        /// The seeker's seat token, chosen by the client (only its hash is stored).
        token: String,
    },
    /// Take this account's seat in an unfinished lobby game onto this device: the seat's token
    /// becomes `token` (a device that held it before takes it back the same way). Answered with
    /// `seated`, as `resume` is.
    TakeSeat {
        /// Request number.
        req: u64,
        /// Invite code.
        code: String,
        /// The seat's new secret token, chosen by the client.
        token: String,
    },
    /// Withdraw one's own seek or pool entry.
    CancelSeek {
        /// Request number.
        req: u64,
        /// The seek's number.
        id: u64,
    },
    /// The open seeks, oldest first, of one game or of all.
    Seeks {
        /// Request number.
        req: u64,
        /// Only this game's (an engine id).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        game: Option<String>,
    },
    /// Take a seek: the game is made and this connection seated in it.
    Accept {
        /// Request number.
        req: u64,
        /// The seek's number.
        id: u64,
        /// The accepter's seat token, chosen by the client.
        token: String,
    },
    /// Join the quick-pairing pool of a game (answered as a seek is).
    Pool {
        /// Request number.
        req: u64,
        /// The game's engine id.
        game: String,
        /// `key=value` options as pairs.
        #[serde(default)]
        options: Vec<(String, String)>,
        /// Whether the game is to be rated.
        #[serde(default)]
        rated: bool,
        /// Untimed, a live clock or days a move (each pace its own pool).
        #[serde(default, skip_serializing_if = "Pace::is_untimed")]
        pace: Pace,
        /// The seat token, chosen by the client.
        token: String,
    },
    /// The games being played now (both seats taken, not over), newest first.
    Games {
        /// Request number.
        req: u64,
        /// Only this game's (an engine id).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        game: Option<String>,
    },
    /// A player's rating in one game.
    Rating {
        /// Request number.
        req: u64,
        /// The account's name (any case).
        name: String,
        /// An engine id (its rating with the default options) or a rating key.
        game: String,
    },
    /// The best active, non-provisional players of one rating key.
    Leaderboard {
        /// Request number.
        req: u64,
        /// The rating key (or an engine id).
        key: String,
    },
    /// A player's page: ratings, their history and recent games.
    Player {
        /// Request number.
        req: u64,
        /// The account's name (any case).
        name: String,
    },
    /// Offer the other seat a draw, a takeback or a rematch, at move `ply`.
    Offer {
        /// Request number.
        req: u64,
        /// Invite code.
        code: String,
        /// The offering seat's token.
        token: String,
        /// Moves played when the offer is made.
        ply: u32,
        /// What is offered.
        kind: OfferKind,
    },
    /// Claim the game from an opponent who has gone (their connection quiet or closed for
    /// longer than the game's grace): the win, or a draw with `draw`.
    Claim {
        /// Request number.
        req: u64,
        /// Invite code.
        code: String,
        /// The claiming seat's token.
        token: String,
        /// Claim a draw instead of the win.
        #[serde(default, skip_serializing_if = "std::ops::Not::not")]
        draw: bool,
    },
    /// Answer the other seat's offer made at move `ply`.
    Answer {
        /// Request number.
        req: u64,
        /// Invite code.
        code: String,
        /// The answering seat's token.
        token: String,
        /// The ply the offer named.
        ply: u32,
        /// Accept or decline.
        accept: bool,
    },
    /// The signed-in account's games where it is its move (correspondence first, by deadline).
    YourTurn {
        /// Request number.
        req: u64,
    },
    /// The server's Web Push key (VAPID, the browser's `applicationServerKey`).
    PushKey {
        /// Request number.
        req: u64,
    },
    /// Send "your turn" notices for the signed-in account to this browser: the
    /// `PushSubscription` as the browser's `toJSON()` gives it; `None` stops them.
    NotifyPush {
        /// Request number.
        req: u64,
        /// The subscription's JSON (`endpoint` and `keys.p256dh`, `keys.auth`).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        subscription: Option<String>,
    },
    /// Send a digest of "your turn" notices to this e-mail address; `None` stops them.
    NotifyEmail {
        /// Request number.
        req: u64,
        /// The address.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        address: Option<String>,
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
            | Request::Pair { req, .. }
            | Request::Seek { req, .. }
            | Request::CancelSeek { req, .. }
            | Request::TakeSeat { req, .. }
            | Request::Seeks { req, .. }
            | Request::Accept { req, .. }
            | Request::Pool { req, .. }
            | Request::Games { req, .. }
            | Request::Rating { req, .. }
            | Request::Leaderboard { req, .. }
            | Request::Player { req, .. }
            | Request::Offer { req, .. }
            | Request::Claim { req, .. }
            | Request::Answer { req, .. }
            | Request::YourTurn { req }
            | Request::PushKey { req }
            | Request::NotifyPush { req, .. }
            | Request::NotifyEmail { req, .. } => *req,
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
        match self {
            Request::New {
                game, options, token, ..
            } => {
                if let Some(t) = token {
                    check_token(t)?;
                }
                check_setup(game, options)
            }
            Request::Join { code, token, .. } => {
                check_code(code)?;
                token.as_deref().map_or(Ok(()), check_token)
            }
            Request::Watch { code, .. } => check_code(code),
            Request::Resume { code, token, .. }
            | Request::TakeSeat { code, token, .. }
            | Request::Resign { code, token, .. }
            | Request::Offer { code, token, .. }
            | Request::Claim { code, token, .. }
            | Request::Answer { code, token, .. } => {
                check_code(code)?;
                check_token(token)
            }
            Request::Move {
                code,
                token,
                mv,
                think_ms,
                ..
            } => {
                check_code(code)?;
                check_token(token)?;
                if let Some(ms) = think_ms {
                    MoveMetrics::thinking(*ms).checked().map_err(WireError::Time)?;
                }
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
            Request::Seek {
                game,
                options,
                range,
                token,
                ..
            } => {
                check_token(token)?;
                check_setup(game, options)?;
                range.map_or(Ok(()), check_range)
            }
            Request::Pool {
                game, options, token, ..
            } => {
                check_token(token)?;
                check_setup(game, options)
            }
            Request::Accept { token, .. } => check_token(token),
            Request::CancelSeek { .. } => Ok(()),
            Request::Seeks { game, .. } | Request::Games { game, .. } => {
                game.as_deref().map_or(Ok(()), |g| word("game id", g))
            }
            Request::Rating { name, game, .. } => {
                word("name", name)?;
                key("game", game)
            }
            Request::Leaderboard { key: k, .. } => key("rating key", k),
            Request::Player { name, .. } => word("name", name),
            // Subscriptions and addresses are read by the server, which says what is wrong
            // with them in a sentence; here only the message's size counts.
            Request::YourTurn { .. }
            | Request::PushKey { .. }
            | Request::NotifyPush { .. }
            | Request::NotifyEmail { .. } => Ok(()),
        }
    }
}

/// An empty, over-long or spaced word is refused as `what`.
fn word(what: &'static str, text: &str) -> Result<(), WireError> {
    if text.is_empty() || text.len() > MAX_WORD_BYTES || text.chars().any(|c| c.is_control() || c == ' ') {
        Err(WireError::BadWord(what))
    } else {
        Ok(())
    }
}

/// As [`word`], for a rating key (which may name many options).
fn key(what: &'static str, text: &str) -> Result<(), WireError> {
    if text.is_empty() || text.len() > MAX_KEY_BYTES || text.chars().any(|c| c.is_control() || c == ' ') {
        Err(WireError::BadKey(what))
    } else {
        Ok(())
    }
}

/// A game id and its options, as `new`, `seek` and `pool` carry them.
fn check_setup(game: &str, options: &[(String, String)]) -> Result<(), WireError> {
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

/// A seek's rating range: both ends in [`RATING_RANGE`], the low one first.
fn check_range(range: RatingRange) -> Result<(), WireError> {
    if range.lo <= range.hi && RATING_RANGE.contains(&range.lo) && RATING_RANGE.contains(&range.hi) {
        Ok(())
    } else {
        Err(WireError::BadRange(range.lo, range.hi))
    }
}
