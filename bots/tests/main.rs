//! The bots' integration tests, in one test binary (`--test all`).
//!
//! Each test binary links the whole library optimized: one binary for the
//! eight files instead of one each saves most of their build. Cargo.toml
//! sets `autotests = false` and names this file, so the test files keep
//! their paths under tests/ (the docs cite them) and a new file there runs
//! only once it is declared below (`every_test_file_is_declared` fails
//! until it is). Run one file's tests with `cargo test -p
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
mod fair_oracle;
mod handshake;
mod hidden_mover;
mod leak;
mod learned;
mod search;
mod sprt_pairwise;
mod strength;
mod undo;

/// Every test file of tests/ is declared above: with `autotests =
/// false` an undeclared file would be skipped without a word.
#[test]
fn every_test_file_is_declared() {
    let declared = concat!(include_str!("main.rs"));
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests");
    let mut files = 0;
    for entry in std::fs::read_dir(&dir).unwrap() {
        let path = entry.unwrap().path();
        let Some(stem) = path.file_stem().and_then(|s| s.to_str()) else {
            continue;
        };
        if path.extension().is_some_and(|e| e == "rs") && !["main"].contains(&stem) {
            files += 1;
            assert!(
                declared.contains(&format!("mod {stem};")),
                "tests/{stem}.rs is not declared in a test binary's root"
            );
        }
    }
    assert!(files > 0, "no test files found in {}", dir.display());
}
