//! Why a message was refused before it was acted on, and the shape checks of codes and tokens.

use crate::account;

use super::limits::{
    CODE_ALPHABET, CODE_LEN, MAX_KEY_BYTES, MAX_MESSAGE_BYTES, MAX_OPTIONS, MAX_WORD_BYTES, RATING_RANGE, TOKEN_HEX_LEN,
};

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

/// Whether `secret` has the shape of an account secret.
pub fn check_secret(secret: &str) -> Result<(), WireError> {
    if account::is_secret(secret) {
        Ok(())
    } else {
        Err(WireError::BadSecret)
    }
}

/// Whether `name` may be an account's name (all but its being free, which the server decides).
pub fn check_name(name: &str) -> Result<(), WireError> {
    account::Name::parse(name).map(|_| ()).map_err(WireError::Name)
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
    /// An empty, over-long or spaced rating key.
    BadKey(&'static str),
    /// A rating range upside down or outside [`RATING_RANGE`] (its two ends).
    BadRange(u32, u32),
    /// More than [`MAX_OPTIONS`] options.
    TooManyOptions(usize),
    /// Not an invite code's shape.
    BadCode,
    /// Not a seat token's shape.
    BadToken,
    /// Not an account secret's shape.
    BadSecret,
    /// A name no account may have.
    Name(account::NameError),
    /// A move's reported time that is nonsense (negative, or more than a day).
    Time(parlour_clock::ClockError),
}

impl WireError {
    /// The JSON reader's complaint, which may quote the input: kept to one line (control
    /// characters shown escaped) and to a readable length, so it can be shown and relayed as is.
    pub(super) fn malformed(e: &serde_json::Error) -> WireError {
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
            WireError::BadKey(what) => {
                write!(
                    f,
                    "the {what} must be 1 to {MAX_KEY_BYTES} bytes without spaces or control characters"
                )
            }
            WireError::BadRange(lo, hi) => write!(
                f,
                "a rating range {lo}-{hi} cannot be used; give the lower rating first, both from {} to {}",
                RATING_RANGE.start(),
                RATING_RANGE.end()
            ),
            WireError::TooManyOptions(n) => write!(f, "{n} options given; a game takes at most {MAX_OPTIONS}"),
            WireError::BadCode => write!(
                f,
                "an invite code is {CODE_LEN} letters and digits (no 0, 1, i, l or o); check the code"
            ),
            WireError::BadToken => write!(f, "a seat token is {TOKEN_HEX_LEN} hexadecimal digits"),
            WireError::BadSecret => write!(
                f,
                "an account secret is {} lower-case hexadecimal digits",
                account::SECRET_HEX_LEN
            ),
            WireError::Name(e) => e.fmt(f),
            WireError::Time(e) => e.fmt(f),
        }
    }
}

impl std::error::Error for WireError {}
