//! The bots' integration tests, in one test binary (`--test all`).
//!
//! Each test binary links the whole library optimized: one binary for the
//! eight files instead of one each saves most of their build. Cargo.toml
//! sets `autotests = false` and names this file, so the test files keep
//! their paths under tests/ (the docs cite them) and a new file there runs
//! only once it is declared below. Run one file's tests with `cargo test -p
//! beachcomber-bots --profile ci --test all leak::`.

// The counting allocator of the allocation tests (`alloc`): a binary has
// exactly one global allocator, so it is installed here for the whole
// binary. It counts only the calling thread's allocations while
// `count_allocations` runs, so the other tests, running in parallel on
// other threads, do not disturb the counts;
// `alloc::pebbles_decisions_do_not_allocate` first checks that it is
// installed (without it every count would be 0 and the proofs vacuous).
#[global_allocator]
static ALLOC: beachcomber::testing::alloc::CountingAllocator =
    beachcomber::testing::alloc::CountingAllocator;

mod alloc;
mod belief;
mod expert;
mod hidden_mover;
mod leak;
mod search;
mod sprt_pairwise;
mod strength;
