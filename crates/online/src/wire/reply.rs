//! What the server says: replies, pushed news and the game as the server holds it.

use parlour_clock::{ClockView, Pace};
use serde::{Deserialize, Serialize};

use super::lobby::{
    Finished, GameSummary, HistoryPoint, LiveGame, OfferKind, PlayerTag, Rated, RatingRow, SeekView, TurnGame,
};
use super::{MAX_REPLY_BYTES, Seat, WireError};

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
    /// The players (`[first, second]`): name and rating, `None` for an empty seat or one
    /// taken without an account.
    #[serde(default, skip_serializing_if = "no_players")]
    pub players: [Option<PlayerTag>; 2],
    /// Whether the game is rated.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub rated: bool,
    /// Untimed, a live clock or days a move.
    #[serde(default, skip_serializing_if = "Pace::is_untimed")]
    pub pace: Pace,
    /// On a live clock: both sides' time as the server counted it when it sent this.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub clock: Option<ClockView>,
    /// By correspondence: when the side to move loses on time without a move (Unix ms).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub deadline_ms: Option<i64>,
    /// How the game ended, when it ended other than by the rules or a resignation (a draw
    /// agreed, a fall, an abort): what `ended` said when it happened.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub ended: Option<EndView>,
}

/// How a game ended other than by a move or a resignation, as [`Reply::Ended`] tells it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct EndView {
    /// `first`, `second`, `draw` or `aborted`.
    pub result: String,
    /// Why: `agreed`, `time` (the loser's time ran out), `aborted` (a first move did not come
    /// in time; unrated) or `abandoned` (claimed from a seat that had gone).
    pub reason: String,
}

fn no_players(players: &[Option<PlayerTag>; 2]) -> bool {
    players.iter().all(Option::is_none)
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
        /// On a live clock: both sides' time right after the move, as the server counted it.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        clock: Option<ClockView>,
    },
    /// Pushed to everyone following the game when a move is stored.
    Moved {
        /// Invite code.
        code: String,
        /// Moves before it.
        ply: u32,
        /// The move in canonical notation.
        mv: String,
        /// On a live clock: both sides' time right after the move, as the server counted it.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        clock: Option<ClockView>,
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
    /// The reply to `seek` and `pool`: the seek is open under `id`.
    Seeking {
        /// The request answered.
        req: u64,
        /// The seek's number (for `cancel_seek`).
        id: u64,
    },
    /// Pushed to a seeker when the seek `id` is taken (or a pool or rematch pairs it): the game
    /// `code` is made and `seat` is this connection's; `resume` it with the seek's token.
    Matched {
        /// The seek's number.
        id: u64,
        /// The new game's invite code.
        code: String,
        /// The seat held.
        seat: Seat,
    },
    /// The reply to a request that needs no other answer (`cancel_seek`, `offer`, `answer`).
    Done {
        /// The request answered.
        req: u64,
    },
    /// The reply to `seeks`.
    Seeks {
        /// The request answered.
        req: u64,
        /// The open seeks, oldest first.
        seeks: Vec<SeekView>,
    },
    /// The reply to `games`.
    Games {
        /// The request answered.
        req: u64,
        /// The games being played, newest first.
        games: Vec<LiveGame>,
    },
    /// The reply to `rating`.
    Rating {
        /// The request answered.
        req: u64,
        /// The account's name as shown.
        name: String,
        /// The rating; `None` before the first rated game.
        rating: Option<Rated>,
    },
    /// The reply to `leaderboard`.
    Leaderboard {
        /// The request answered.
        req: u64,
        /// The rating key.
        key: String,
        /// Names and ratings, best first.
        rows: Vec<(String, Rated)>,
    },
    /// The reply to `player`.
    Player {
        /// The request answered.
        req: u64,
        /// The account's name as shown.
        name: String,
        /// One row per rating key played.
        ratings: Vec<RatingRow>,
        /// The ratings after each rated game, oldest first.
        history: Vec<HistoryPoint>,
        /// Recent games, newest first.
        recent: Vec<GameSummary>,
        /// Lobby games finished, and left.
        #[serde(default)]
        finished: Finished,
    },
    /// Pushed to both seats: `seat` offers `kind` at move `ply`.
    Offered {
        /// Invite code.
        code: String,
        /// Moves played when offered.
        ply: u32,
        /// The offering seat.
        seat: Seat,
        /// What is offered (named `offer`, not `kind`: `kind` is the reply's own tag).
        offer: OfferKind,
    },
    /// Pushed to both seats: the offer made at `ply` was answered.
    Answered {
        /// Invite code.
        code: String,
        /// The offer's ply.
        ply: u32,
        /// What was offered.
        offer: OfferKind,
        /// Whether it was accepted.
        accept: bool,
    },
    /// Pushed to everyone following a game that ended other than by a move or a resignation.
    Ended {
        /// Invite code.
        code: String,
        /// `first`, `second`, `draw` or `aborted`.
        result: String,
        /// Why (`agreed`, `time`, `aborted`, `abandoned`).
        reason: String,
    },
    /// Pushed to a game's seats when the other seat's connection goes quiet or closes, and when
    /// it comes back.
    Presence {
        /// Invite code.
        code: String,
        /// The seat whose presence changed.
        seat: Seat,
        /// Whether it is gone.
        gone: bool,
        /// While gone: milliseconds until the other seat may claim the game (0: now).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        claim_in_ms: Option<i64>,
    },
    /// Pushed to everyone following a game when a takeback is accepted: moves from `ply` on
    /// are removed.
    TookBack {
        /// Invite code.
        code: String,
        /// Moves kept.
        ply: u32,
    },
    /// The reply to `your_turn`.
    YourTurn {
        /// The request answered.
        req: u64,
        /// The games waiting for the account's move, the nearest deadline first.
        games: Vec<TurnGame>,
    },
    /// The reply to `push_key`.
    PushKey {
        /// The request answered.
        req: u64,
        /// The VAPID public key (an uncompressed P-256 point, base64url without padding);
        /// `None` when this server sends no Web Push.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        key: Option<String>,
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
