//! Test support shared by every game's tests and the bots' tests: the
//! game-agnostic conformance suite, a counting allocator that proves hot
//! paths allocation-free, and learned models made in code.

pub mod alloc;
pub mod conformance;
pub mod league;
pub mod models;
pub mod toy;
