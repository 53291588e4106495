//! Test support shared by every game's tests and the bots' tests: the
//! game-agnostic conformance suite and a counting allocator that proves hot
//! paths allocation-free.

pub mod alloc;
pub mod conformance;
pub mod league;
pub mod toy;
