//! parlour-online: what Parlour's clients and its server say to each other.
//!
//! [`wire`] holds the messages (JSON text frames over one WebSocket, usable from a browser's
//! own WebSocket); [`client`] a poll-driven client that keeps a seat across dropped
//! connections, re-sending an unacknowledged move so that it is stored exactly once. Neither
//! blocks: the game polls the client once a frame, the engine in a loop.

pub mod account;
pub mod lobby;
pub mod wire;

#[cfg(feature = "client")]
pub mod client;

#[cfg(feature = "net")]
pub mod net;
