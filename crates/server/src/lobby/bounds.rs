//! How many seeks one account may have open, and how long a silent seek stays open.

/// The most open seeks one account may have.
pub const MAX_OPEN_SEEKS: i64 = 3;
/// A seek whose seeker's connection has not said it is there for this long is never listed nor
/// taken (its server was killed): seconds.
pub const SEEK_STALE_SECS: i64 = 15;

/// When a seek's heartbeat must be after to count as open.
pub(crate) fn fresh_since(now: i64) -> i64 {
    now - SEEK_STALE_SECS
}
