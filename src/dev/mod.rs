//! Tools for developers and scripts, not for players: the page state a browser test reads.

pub mod page_state;
