//! What the client knows about each game beyond the rules: where its spots and pieces sit on
//! the table, how a move is entered as a sequence of clicks ("tokens"), and how each staged
//! step of the rules becomes an animation. [`ClientGame`] is implemented once per game in the
//! child modules; [`MatchOf`] wraps any of them behind the object-safe [`AnyMatch`] so the
//! rest of the client is written once.

//!
//! The files: [`parts`] (tokens, pieces, spots, the board) and [`effects`] (animations, sounds,
//! stages) are leaves; [`client`] is the per-game trait, [`any_match`] the object-safe match,
//! [`build`] makes matches and reads options, [`words`] holds player-facing words. The names are
//! re-exported here for the tests and other users of the library; the client's own modules
//! import them from their files.

pub mod analysis;
pub mod any_match;
pub mod build;
pub mod client;
mod conhex;
pub mod effects;
mod kansho;
mod konane;
pub mod parts;
mod qyshinsu;
pub mod search;
mod soldiers;
pub mod words;

pub use any_match::{AiTask, AnyMatch, MatchOf};
pub use build::{
    Palette, PaletteColours, Setup, match_from_moves, match_from_position, match_from_save, move_list, new_match,
    option_specs, setup_of,
};
pub use client::{Candidates, ClientGame};
pub use effects::{Anim, AnimStep, Sfx, Stage};
pub use konane::konane_solved_line;
pub use parts::{Look, OFF_BOARD, PieceDef, Shape, SpotDef, Table, Token, flat};
pub use qyshinsu::ring_pos as qyshinsu_ring_pos;
pub use soldiers::{
    SoldiersRulesInfo, prove_soldiers_start, soldiers_rules, soldiers_rules_line, soldiers_solved_line,
};
pub use words::proof_sentence;
