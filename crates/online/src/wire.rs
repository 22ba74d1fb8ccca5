//! The wire format: one JSON object per WebSocket text frame. A client sends [`Request`]s, each
//! with a `req` number of its choosing; the server answers each with a [`Reply`] carrying the
//! same number, and pushes [`Reply::Moved`] and [`Reply::Joined`] to everyone following a game.
//!
//! A game is its engine id, its options and its move list. Seats are named by who moves first
//! (`first`, `second`), whatever the game calls its sides, so the wire needs no rules.

use serde::{Deserialize, Serialize};

/// The longest message either side accepts, in bytes; longer ones are refused unread.
pub const MAX_MESSAGE_BYTES: usize = 4096;
/// The longest message a client accepts from the server (a game's whole move list).
pub const MAX_REPLY_BYTES: usize = 64 * MAX_MESSAGE_BYTES;
/// The most options a new game may carry.
pub const MAX_OPTIONS: usize = 16;
/// The longest move text, game id, option key or value accepted.
pub const MAX_WORD_BYTES: usize = 64;
/// Invite codes are this many characters from [`CODE_ALPHABET`] (31^10 ≈ 8·10^14 codes).
pub const CODE_LEN: usize = 10;
/// Lower-case letters and digits without the look-alikes 0/o, 1/l/i.
pub const CODE_ALPHABET: &[u8] = b"23456789abcdefghjkmnpqrstuvwxyz";
/// Seat tokens are 128 random bits written as this many lower-case hex digits.
pub const TOKEN_HEX_LEN: usize = 32;

/// A seat at an online game, named by turn order.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Seat {
    /// The side that moves first from the start position.
    #[default]
    First,
    /// The other side.
    Second,
}

impl Seat {
    /// Both seats, `First` first.
    pub const BOTH: [Seat; 2] = [Seat::First, Seat::Second];

    /// 0 for `First`, 1 for `Second`.
    pub fn index(self) -> usize {
        self as usize
    }

    /// The other seat.
    pub fn other(self) -> Seat {
        match self {
            Seat::First => Seat::Second,
            Seat::Second => Seat::First,
        }
    }

    /// `first` or `second`.
    pub fn word(self) -> &'static str {
        match self {
            Seat::First => "first",
            Seat::Second => "second",
        }
    }

    /// Reads `first` or `second`.
    pub fn parse(text: &str) -> Option<Seat> {
        Seat::BOTH.into_iter().find(|s| s.word() == text)
    }
}

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
            | Request::Resign { req, .. } => *req,
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
        }
    }
}

/// Whether `code` has the shape of an invite code.
pub fn check_code(code: &str) -> Result<(), WireError> {
    if code.len() == CODE_LEN && code.bytes().all(|b| CODE_ALPHABET.contains(&b)) {
        Ok(())
    } else {
        Err(WireError::BadCode)
    }
}

/// Whether `token` has the shape of a seat token.
pub fn check_token(token: &str) -> Result<(), WireError> {
    if token.len() == TOKEN_HEX_LEN && token.bytes().all(|b| b.is_ascii_digit() || (b'a'..=b'f').contains(&b)) {
        Ok(())
    } else {
        Err(WireError::BadToken)
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

/// Why a message was refused before it was acted on.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum WireError {
    /// Longer than [`MAX_MESSAGE_BYTES`].
    TooLong(usize),
    /// Not JSON, or not one of the messages.
    Malformed(String),
    /// An empty, over-long or spaced word.
    BadWord(&'static str),
    /// More than [`MAX_OPTIONS`] options.
    TooManyOptions(usize),
    /// Not an invite code's shape.
    BadCode,
    /// Not a seat token's shape.
    BadToken,
}

impl WireError {
    /// The JSON reader's complaint, which may quote the input: kept to one line (control
    /// characters shown escaped) and to a readable length, so it can be shown and relayed as is.
    fn malformed(e: &serde_json::Error) -> WireError {
        let text = e.to_string();
        let mut clean: String = text
            .chars()
            .flat_map(|c| {
                if c.is_control() {
                    c.escape_default().collect::<Vec<_>>()
                } else {
                    vec![c]
                }
            })
            .collect();
        if clean.chars().count() > 160 {
            clean = clean.chars().take(150).collect::<String>() + "…";
        }
        WireError::Malformed(clean)
    }
}

impl std::fmt::Display for WireError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            WireError::TooLong(n) => write!(f, "the message is {n} bytes long; at most {MAX_MESSAGE_BYTES} are read"),
            WireError::Malformed(e) => write!(f, "the message could not be read ({e})"),
            WireError::BadWord(what) => {
                write!(
                    f,
                    "the {what} must be 1 to {MAX_WORD_BYTES} bytes without spaces or control characters"
                )
            }
            WireError::TooManyOptions(n) => write!(f, "{n} options given; a game takes at most {MAX_OPTIONS}"),
            WireError::BadCode => write!(
                f,
                "an invite code is {CODE_LEN} letters and digits (no 0, 1, i, l or o); check the code"
            ),
            WireError::BadToken => write!(f, "a seat token is {TOKEN_HEX_LEN} hexadecimal digits"),
        }
    }
}

impl std::error::Error for WireError {}

#[cfg(test)]
mod tests {
    use super::*;

    fn code() -> String {
        "abcdefgh23".into()
    }
    fn token() -> String {
        "0123456789abcdef0123456789abcdef".into()
    }

    #[test]
    fn every_request_round_trips() {
        let requests = [
            Request::New {
                req: 1,
                game: "konane".into(),
                options: vec![("size".into(), "6x6".into())],
                seat: Seat::Second,
                token: None,
            },
            Request::New {
                req: 1,
                game: "conhex".into(),
                options: vec![],
                seat: Seat::First,
                token: Some(token()),
            },
            Request::Join {
                req: 2,
                code: code(),
                token: None,
            },
            Request::Join {
                req: 2,
                code: code(),
                token: Some(token()),
            },
            Request::Watch { req: 3, code: code() },
            Request::Resume {
                req: 4,
                code: code(),
                token: token(),
            },
            Request::Move {
                req: 5,
                code: code(),
                token: token(),
                ply: 7,
                mv: "xc4".into(),
            },
            Request::Resign {
                req: 6,
                code: code(),
                token: token(),
            },
        ];
        for r in requests {
            assert_eq!(Request::decode(&r.encode()), Ok(r.clone()), "{r:?}");
        }
    }

    #[test]
    fn every_reply_round_trips() {
        let game = GameView {
            code: code(),
            game: "conhex".into(),
            options: vec![],
            moves: vec!["e5".into()],
            seats: [true, false],
            resigned: None,
        };
        let replies = [
            Reply::Seated {
                req: 1,
                seat: Seat::First,
                token: token(),
                game: game.clone(),
            },
            Reply::Watching {
                req: 2,
                game: GameView {
                    resigned: Some(Seat::Second),
                    ..game.clone()
                },
            },
            Reply::Watching { req: 2, game },
            Reply::Resigned {
                req: Some(9),
                code: code(),
                seat: Seat::First,
            },
            Reply::Resigned {
                req: None,
                code: code(),
                seat: Seat::Second,
            },
            Reply::Stored {
                req: 3,
                code: code(),
                ply: 0,
                mv: "e5".into(),
            },
            Reply::Moved {
                code: code(),
                ply: 1,
                mv: "f6".into(),
            },
            Reply::Joined {
                code: code(),
                seat: Seat::Second,
            },
            Reply::Error {
                req: None,
                message: "no".into(),
            },
        ];
        for r in replies {
            assert_eq!(Reply::decode(&r.encode()), Ok(r.clone()), "{r:?}");
        }
    }

    #[test]
    fn malformed_copies_of_each_request_are_refused() {
        let bad = [
            "",
            "{",
            "null",
            "[]",
            r#"{"op":"fly","req":1}"#,
            r#"{"op":"join"}"#,
            r#"{"op":"join","req":-1,"code":"abcdefgh23"}"#,
            r#"{"op":"join","req":1,"code":"ABCDEFGH23"}"#,
            r#"{"op":"join","req":1,"code":"abcdefgh2"}"#,
            r#"{"op":"watch","req":1,"code":"abcdefgh0o"}"#,
            r#"{"op":"resume","req":1,"code":"abcdefgh23","token":"xyz"}"#,
            r#"{"op":"resume","req":1,"code":"abcdefgh23","token":"0123456789ABCDEF0123456789ABCDEF"}"#,
            r#"{"op":"move","req":1,"code":"abcdefgh23","token":"0123456789abcdef0123456789abcdef","ply":-3,"mv":"a1"}"#,
            r#"{"op":"move","req":1,"code":"abcdefgh23","token":"0123456789abcdef0123456789abcdef","ply":0,"mv":""}"#,
            r#"{"op":"move","req":1,"code":"abcdefgh23","token":"0123456789abcdef0123456789abcdef","ply":0,"mv":"a 1"}"#,
            r#"{"op":"new","req":1,"game":""}"#,
            r#"{"op":"new","req":1,"game":"konane","seat":"third"}"#,
            r#"{"op":"new","req":1,"game":"konane","options":[["size"]]}"#,
            r#"{"op":"resign","req":1,"code":"abcdefgh23"}"#,
            r#"{"op":"resign","req":1,"code":"abcdefgh23","token":"0123"}"#,
        ];
        for text in bad {
            let err = Request::decode(text).expect_err(text);
            assert!(err.to_string().len() > 10, "{text}: {err}");
        }
        // Found by the `wire` fuzz target: a refusal quoting a string with an escaped line
        // break stays one line.
        let quoted = Request::decode(r#"{"op":"n\n\\!","req":1}"#).unwrap_err().to_string();
        assert!(!quoted.contains('\n') && quoted.contains("\\n"), "{quoted}");
        let long = format!(r#"{{"op":"new","req":1,"game":"{}"}}"#, "k".repeat(MAX_MESSAGE_BYTES));
        assert_eq!(Request::decode(&long), Err(WireError::TooLong(long.len())));
        let many: Vec<(String, String)> = (0..17).map(|i| (format!("k{i}"), "v".into())).collect();
        let r = Request::New {
            req: 1,
            game: "soldiers".into(),
            options: many,
            seat: Seat::First,
            token: None,
        };
        assert_eq!(Request::decode(&r.encode()), Err(WireError::TooManyOptions(17)));
    }

    #[test]
    fn malformed_replies_are_refused() {
        for text in [
            "",
            "{}",
            r#"{"kind":"stored"}"#,
            r#"{"kind":"moved","code":"x","ply":"a","mv":"b"}"#,
            r#"{"kind":"resigned","code":"x","seat":"both"}"#,
        ] {
            assert!(Reply::decode(text).is_err(), "{text}");
        }
    }

    #[test]
    fn seats_read_and_name_themselves() {
        for s in Seat::BOTH {
            assert_eq!(Seat::parse(s.word()), Some(s));
            assert_eq!(s.other().other(), s);
        }
        assert_eq!(Seat::parse("black"), None);
    }
}

/// The fuzz target `wire` (`fuzz/fuzz_targets/wire.rs`) and its corpus replay on stable.
pub mod fuzzing {
    use super::{Reply, Request};

    fn sentence(text: &str) {
        assert!(
            text.len() >= 10 && text.contains(' ') && !text.contains('\n'),
            "not a sentence: {text:?}"
        );
    }

    /// Property of the message decoders, as the server meets a client's bytes and a client meets
    /// the server's: an accepted request has the shapes the server relies on and survives its
    /// own encoding; an accepted reply survives its encoding; every refusal is one sentence.
    pub fn decode_any(data: &[u8]) {
        let Ok(text) = std::str::from_utf8(data) else { return };
        match Request::decode(text) {
            Ok(r) => {
                assert_eq!(Request::decode(&r.encode()), Ok(r.clone()));
                match &r {
                    Request::Join { code, .. } | Request::Watch { code, .. } => super::check_code(code).unwrap(),
                    Request::Resume { code, token, .. }
                    | Request::Move { code, token, .. }
                    | Request::Resign { code, token, .. } => {
                        super::check_code(code).unwrap();
                        super::check_token(token).unwrap();
                    }
                    Request::New { game, options, .. } => {
                        assert!(!game.is_empty() && options.len() <= super::MAX_OPTIONS);
                    }
                }
            }
            Err(e) => sentence(&e.to_string()),
        }
        match Reply::decode(text) {
            Ok(r) => assert_eq!(Reply::decode(&r.encode()), Ok(r)),
            Err(e) => sentence(&e.to_string()),
        }
    }
}
