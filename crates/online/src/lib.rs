//! parlour-online: what Parlour's clients and its server say to each other.
//!
//! [`wire`] holds the messages (JSON text frames over one WebSocket, usable from a browser's
//! own WebSocket); [`client`] a poll-driven client that keeps a seat across dropped
//! connections, re-sending an unacknowledged move so that it is stored exactly once;
//! [`lobby_link`] the lobby's connection (the device account, the seeks and live games, the
//! seek taken). None blocks: the game polls the client once a frame, the engine in a loop.

pub mod account;
pub mod lobby;
pub mod wire;

#[cfg(feature = "client")]
pub mod client;
#[cfg(feature = "client")]
pub mod lobby_link;

#[cfg(feature = "net")]
pub mod net;
