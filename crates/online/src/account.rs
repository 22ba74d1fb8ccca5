//! Account names and secrets as the wire carries them, checked the same way by the client (before
//! it asks) and the server (which decides).
//!
//! A name is 3 to 20 characters from the ASCII letters, digits, `_` and `-`, starting with a
//! letter or digit. Names are unique ignoring case ([`Name::key`]), and two names that only look
//! alike — `Ian` and `lan`, `rnary` and `mary`, `b0b` and `bob` — count as the same name
//! ([`Name::skeleton`], after Unicode's confusable skeletons, UTS #39, restricted to the
//! characters a name may hold and taken ignoring case, so it errs on the side of "alike": `mail`
//! and `mall` share one too). Reserved names (the house's own words, the computer's levels, the
//! prefix of generated names) are refused by skeleton too, so `Adm1n` is as reserved as `admin`.
//!
//! Every refusal is a [`NameError`] whose text is one sentence for the player.

use std::fmt;

/// The fewest characters a name may have.
pub const NAME_MIN: usize = 3;
/// The most characters a name may have.
pub const NAME_MAX: usize = 20;
/// The prefix of the names the server generates for device accounts (`guest-7kq3m2`): no chosen
/// name may start with it, so a generated name never collides with a chosen one.
pub const GUEST_PREFIX: &str = "guest";

/// Words no player may take, compared by skeleton: the house's own names, words that would
/// pass for the server speaking, and the computer's levels (a person called "Master" would read
/// as the AI).
pub const RESERVED: &[&str] = &[
    "admin",
    "administrator",
    "anonymous",
    "bot",
    "casual",
    "master",
    "mod",
    "moderator",
    "novice",
    "null",
    "nobody",
    "owner",
    "parlour",
    "root",
    "server",
    "staff",
    "strong",
    "support",
    "system",
    "undefined",
    "you",
];

/// A name that passed every check except uniqueness, which only the server can decide.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Name(String);

/// Why a name was refused.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum NameError {
    /// Fewer than [`NAME_MIN`] characters.
    TooShort,
    /// More than [`NAME_MAX`] characters (counted as characters, not bytes).
    TooLong(usize),
    /// A control character (a tab, a new line, an invisible mark).
    Control,
    /// A space.
    Space,
    /// A character outside the ASCII letters, digits, `_` and `-`; `look_alike` when it looks
    /// like one that is allowed (a Cyrillic `а`, a full-width `Ａ`, a dash that is not `-`).
    Character {
        /// The character refused.
        found: char,
        /// Whether it imitates an allowed character.
        look_alike: bool,
    },
    /// It starts with `_` or `-`.
    Edge,
    /// It is, or looks like, a reserved word or a generated guest name.
    Reserved,
}

impl fmt::Display for NameError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            NameError::TooShort => write!(f, "A name needs at least {NAME_MIN} characters."),
            NameError::TooLong(n) => write!(f, "A name has at most {NAME_MAX} characters; this one has {n}."),
            NameError::Control => write!(f, "A name cannot hold control or invisible characters."),
            NameError::Space => write!(f, "A name cannot hold spaces; use _ or - between words."),
            NameError::Character {
                found,
                look_alike: true,
            } => write!(
                f,
                "A name uses only the letters a to z, digits, _ and -; {:?} (U+{:04X}) only looks like one of them.",
                found, *found as u32
            ),
            NameError::Character {
                found,
                look_alike: false,
            } => write!(
                f,
                "A name uses only the letters a to z, digits, _ and -; {:?} is not one of them.",
                found
            ),
            NameError::Edge => write!(f, "A name starts with a letter or a digit."),
            NameError::Reserved => write!(f, "That name is reserved; choose another."),
        }
    }
}

impl std::error::Error for NameError {}

/// Characters outside ASCII that are commonly used to imitate the ones a name may hold: Latin
/// letters' Cyrillic and Greek twins, full-width forms, dashes and low lines.
fn imitates_allowed(c: char) -> bool {
    matches!(c as u32,
        0x0391..=0x03C9   // Greek
        | 0x0400..=0x04FF // Cyrillic
        | 0xFF01..=0xFF5E // full-width ASCII
        | 0x2010..=0x2015 // hyphens and dashes
        | 0x2212          // minus sign
        | 0xFE4D..=0xFE4F // low lines
        | 0x0131          // dotless i
        | 0x01C0          // dental click, looks like l
        | 0x1D00..=0x1D2B // small capitals
    )
}

impl Name {
    /// `text` as a name, or the sentence that refuses it. Nothing is trimmed or changed: what
    /// the player typed is what others will read.
    pub fn parse(text: &str) -> Result<Name, NameError> {
        for c in text.chars() {
            if c.is_control()
                || matches!(c as u32, 0x200B..=0x200F | 0x2060..=0x2064 | 0xFEFF | 0x00AD | 0x202A..=0x202E)
            {
                return Err(NameError::Control);
            }
            if c.is_whitespace() {
                return Err(NameError::Space);
            }
            if !(c.is_ascii_alphanumeric() || c == '_' || c == '-') {
                return Err(NameError::Character {
                    found: c,
                    look_alike: imitates_allowed(c),
                });
            }
        }
        let n = text.chars().count();
        if n < NAME_MIN {
            return Err(NameError::TooShort);
        }
        if n > NAME_MAX {
            return Err(NameError::TooLong(n));
        }
        if text.starts_with(['_', '-']) {
            return Err(NameError::Edge);
        }
        let name = Name(text.to_string());
        let skeleton = name.skeleton();
        let guest = skeleton_of(GUEST_PREFIX);
        let generated = skeleton
            .strip_prefix(&guest)
            .is_some_and(|rest| rest.is_empty() || rest.starts_with('_'));
        if generated || RESERVED.iter().any(|r| skeleton_of(r) == skeleton) {
            return Err(NameError::Reserved);
        }
        Ok(name)
    }

    /// A generated guest name (`guest-` and a suffix of letters and digits), which
    /// [`Name::parse`] refuses to anyone choosing it.
    pub fn guest(suffix: &str) -> Name {
        Name(format!("{GUEST_PREFIX}-{suffix}"))
    }

    /// Whether this is a generated guest name.
    pub fn is_guest(&self) -> bool {
        self.0.starts_with(GUEST_PREFIX) && self.0[GUEST_PREFIX.len()..].starts_with('-')
    }

    /// The name as typed.
    pub fn as_str(&self) -> &str {
        &self.0
    }

    /// The name ignoring case: no two accounts share one.
    pub fn key(&self) -> String {
        self.0.to_ascii_lowercase()
    }

    /// What the name looks like: no two accounts share one either.
    pub fn skeleton(&self) -> String {
        skeleton_of(&self.0)
    }
}

impl fmt::Display for Name {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

/// The look of a name, ignoring case: UTS #39's confusable mappings among the characters a name
/// may hold (`0` as `o`; `1`, `I` and so, once case is ignored, `i` as `l`; `rn` as `m`, `vv` as
/// `w`, `cl` as `d`), with `_` and `-` runs folded to one `_` (a low line and a hyphen side by
/// side read alike).
fn skeleton_of(text: &str) -> String {
    let mut s = String::with_capacity(text.len());
    for c in text.chars() {
        s.push(match c.to_ascii_lowercase() {
            '0' => 'o',
            '1' | 'i' => 'l',
            '-' | '_' => '_',
            c => c,
        });
    }
    // Repeat until nothing changes: "rrnn" → "rmn" → "rmn" (one pass is enough for pairs that
    // do not overlap; the loop keeps it right for those that do).
    loop {
        let next = s
            .replace("rn", "m")
            .replace("vv", "w")
            .replace("cl", "d")
            .replace("__", "_");
        if next == s {
            return s;
        }
        s = next;
    }
}

/// Account secrets are 128 random bits written as this many lower-case hex digits (as seat
/// tokens are).
pub const SECRET_HEX_LEN: usize = 32;
/// Pairing codes are this many characters from the invite codes' alphabet (31^8 ≈ 8.5·10^11).
pub const PAIRING_LEN: usize = 8;

/// Whether `secret` has the shape of an account secret.
pub fn is_secret(secret: &str) -> bool {
    secret.len() == SECRET_HEX_LEN && secret.bytes().all(|b| b.is_ascii_digit() || (b'a'..=b'f').contains(&b))
}

/// Whether `code` has the shape of a pairing code.
pub fn is_pairing_code(code: &str) -> bool {
    code.len() == PAIRING_LEN && code.bytes().all(|b| crate::wire::CODE_ALPHABET.contains(&b))
}

#[cfg(test)]
mod tests;
