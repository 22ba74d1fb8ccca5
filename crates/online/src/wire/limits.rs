//! The wire's sizes and shapes: message and word lengths, invite codes and seat tokens.

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
/// The longest rating key or game filter accepted (a Sixteen Soldiers key names every option).
pub const MAX_KEY_BYTES: usize = 4 * MAX_WORD_BYTES;
/// The ratings a seek's range may name, both ends included.
pub const RATING_RANGE: std::ops::RangeInclusive<u32> = 600..=3500;
