//! parlour-rules: the five Parlour games as pure Rust — boards, moves, staged resolution,
//! outcome, notation and serde. No Bevy, no I/O, no randomness it does not take as an
//! argument.
//!
//! Every game implements [`Game`]; every algorithm (perft, the AI, the engine protocol,
//! the client) is written once against it.

pub mod conhex;
pub mod dynamic;
pub mod fuzzing;
pub mod game;
pub mod kansho;
pub mod konane;
pub mod options;
pub mod qyshinsu;
pub mod record;
pub mod registry;
pub mod soldiers;

pub use options::GameOptions;
pub use registry::{GameId, UnknownGame};

pub use game::{
    Counter, Game, MoveTextError, NotationError, OptionSpec, OptionsError, PlayError, Player, Status, choose_options,
    perft, play_text, random_playout, split_pairs,
};
