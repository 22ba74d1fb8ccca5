//! The clock's tests: scalachess's lag-compensation vectors, then properties over random games.

mod control;
mod lagcomp;
mod properties;
