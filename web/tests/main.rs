//! The web app's integration tests, in one test binary (`--test all`),
//! but for the two files that measure the process's resident memory
//! (tests/rss.rs).
//!
//! Each test binary links the whole library optimized: one binary for the
//! files instead of one each saves most of their build. Cargo.toml sets
//! `autotests = false` and names this file, so the test files keep their
//! paths under tests/ (the docs cite them) and a new file there runs only
//! once it is declared below (or in tests/rss.rs). Run one file's tests
//! with `cargo test -p beachcomber-web --profile ci --test all hostile::`.

mod common;

mod api;
mod hidden;
mod hostile;
mod move_input;
mod saving;
mod secrets;
mod spec_paths;
mod timeout;
mod work_cap;
