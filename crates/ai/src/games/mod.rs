//! What the AI knows about each of the five Parlour games: evaluations, playout policies,
//! move priors and keys, and the measured choice of algorithm per level (see `MEASUREMENTS.md`).

pub mod conhex;
pub mod kansho;
pub mod konane;
pub mod qyshinsu;
pub mod soldiers;
