//! The web app's integration tests, in one test binary (`--test all`),
//! but for the two files that measure the process's resident memory
//! (tests/rss.rs).
//!
//! Each test binary links the whole library optimized: one binary for the
//! files instead of one each saves most of their build. Cargo.toml sets
//! `autotests = false` and names this file, so the test files keep their
//! paths under tests/ (the docs cite them) and a new file there runs only
//! once it is declared below (or in tests/rss.rs;
//! `every_test_file_is_declared` fails until it is). Run one file's tests
//! with `cargo test -p beachcomber-web --profile ci --test all hostile::`.

mod common;

mod api;
mod hidden;
mod hostile;
mod http_limits;
mod learned;
mod move_input;
mod replay_window;
mod saved_files;
mod saving;
mod secrets;
mod shell_dash_levers;
mod spec_paths;
mod timeout;
mod undo;
mod work_cap;

/// Every test file of tests/ is declared above (or in tests/rss.rs): with `autotests =
/// false` an undeclared file would be skipped without a word.
#[test]
fn every_test_file_is_declared() {
    let declared = concat!(include_str!("main.rs"), include_str!("rss.rs"));
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests");
    let mut files = 0;
    for entry in std::fs::read_dir(&dir).unwrap() {
        let path = entry.unwrap().path();
        let Some(stem) = path.file_stem().and_then(|s| s.to_str()) else {
            continue;
        };
        if path.extension().is_some_and(|e| e == "rs") && !["main", "rss"].contains(&stem) {
            files += 1;
            assert!(
                declared.contains(&format!("mod {stem};")),
                "tests/{stem}.rs is not declared in a test binary's root"
            );
        }
    }
    assert!(files > 0, "no test files found in {}", dir.display());
}
