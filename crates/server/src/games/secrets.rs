//! Seat tokens and invite codes: made from the system's secure generator (or, for a game whose
//! creator chose its token, from the token's hash), and kept in the database only as hashes.

use parlour_online::wire::{CODE_ALPHABET, CODE_LEN};
use sha2::{Digest, Sha256};

/// The SHA-256 of a token, in hex: what the database keeps instead of the token.
pub fn hash_token(token: &str) -> String {
    Sha256::digest(token.as_bytes())
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect()
}

fn random_bytes<const N: usize>() -> [u8; N] {
    let mut bytes = [0u8; N];
    // The operating system's generator; without it no secret can be made, and the server
    // cannot run safely at all.
    getrandom::fill(&mut bytes).unwrap_or_else(|e| panic!("the system's random generator failed: {e}"));
    bytes
}

/// 128 random bits as hex.
pub fn random_token() -> String {
    random_bytes::<16>().iter().map(|b| format!("{b:02x}")).collect()
}

/// A fresh invite code: uniform over [`CODE_ALPHABET`] (bytes ≥ 248 are redrawn).
pub fn random_code() -> String {
    random_text(CODE_LEN)
}

/// `len` characters drawn uniformly from [`CODE_ALPHABET`] by the system's generator (pairing
/// codes, generated names).
pub fn random_text(len: usize) -> String {
    code_from(std::iter::repeat_with(random_bytes::<16>).flatten(), len)
}

/// The invite code of the game a `new` with this client-chosen token makes: drawn from the
/// SHA-256 of the token (so a re-sent `new` names the same game). The code reveals nothing of
/// the token, which stays the seat's secret.
pub fn code_for_token(token: &str) -> String {
    let mut counter = 0u32;
    code_from(
        std::iter::repeat_with(move || {
            counter += 1;
            let mut h = Sha256::new();
            h.update(b"parlour invite code\0");
            h.update(token.as_bytes());
            h.update(counter.to_le_bytes());
            h.finalize()
        })
        .flatten(),
        CODE_LEN,
    )
}

/// `len` letters of an invite code's alphabet from a stream of uniform bytes (those ≥ 248 are
/// skipped, so every letter is equally likely).
fn code_from(bytes: impl Iterator<Item = u8>, len: usize) -> String {
    let n = CODE_ALPHABET.len();
    let limit = 256 - 256 % n;
    bytes
        .filter(|b| (*b as usize) < limit)
        .take(len)
        .map(|b| CODE_ALPHABET[b as usize % n] as char)
        .collect()
}
