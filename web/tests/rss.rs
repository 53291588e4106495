//! The web app's tests that measure the resident memory of their process
//! (`--test rss`): memory stays flat over 1,000 games (memory.rs), held
//! connections stay cheap (connections.rs).
//!
//! A binary of their own, apart from tests/main.rs: the other tests would
//! share the process and its memory while running in parallel. Within it
//! the tests run one at a time ([`alone`]) for the same reason.

mod common;

mod bounded;
mod connections;
mod memory;

/// Held for the whole of each test of this binary: one test at a time.
static ONE_AT_A_TIME: std::sync::Mutex<()> = std::sync::Mutex::new(());

/// The guard of [`ONE_AT_A_TIME`] (a failed test does not stop the others).
fn alone() -> std::sync::MutexGuard<'static, ()> {
    ONE_AT_A_TIME
        .lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner)
}
