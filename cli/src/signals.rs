//! Ctrl-C (and SIGTERM, SIGHUP): the first signal asks the running command
//! to stop; a second one exits at once.
//!
//! The first signal sets [`CANCEL`]: a tournament stops before the next
//! decision of every game in play, keeps the finished games for `--resume`
//! (see [`beachcomber_store::files::run_files`]), `replay` stops before
//! the next record, `bench` within a few hundred games, `merge` within a
//! thousand games (writing no output); each then exits with
//! status 130 and a one-line message. A second signal (say the current
//! decision of a slow bot takes too long) removes every temporary output
//! file still registered in the store's [`interrupt`] registry and exits with status 130 at once.

use std::sync::atomic::{AtomicBool, AtomicU32, Ordering};

use beachcomber_store::interrupt;

/// Set by the first signal: long commands stop early and write nothing
/// partial. The library's runner takes it as its cancel flag.
pub static CANCEL: AtomicBool = AtomicBool::new(false);

/// Signals received so far.
static SIGNALS: AtomicU32 = AtomicU32::new(0);

/// The exit status of a command stopped by a signal (128 + SIGINT).
pub const EXIT_INTERRUPTED: u8 = 130;

/// Install the handler for SIGINT, SIGTERM and SIGHUP. If it cannot be
/// installed the signals keep their default action (ending the program at
/// once, which leaves at most a hidden temporary file behind).
pub fn install() {
    let _ = ctrlc::set_handler(on_signal);
}

fn on_signal() {
    if SIGNALS.fetch_add(1, Ordering::SeqCst) == 0 {
        CANCEL.store(true, Ordering::SeqCst);
        return;
    }
    // Holding the lock while exiting keeps the main thread from creating or
    // renaming a temporary file meanwhile.
    let files = interrupt::temp_files();
    for path in files.iter() {
        let _ = std::fs::remove_file(path);
    }
    if interrupt::resumable() {
        eprintln!(
            "error: interrupted twice: stopped at once; the games of the last checkpoint are kept \
             (run the same command with --resume to continue)"
        );
    } else {
        eprintln!("error: interrupted twice: stopped at once, no output written");
    }
    std::process::exit(i32::from(EXIT_INTERRUPTED));
}

/// Whether a signal asked the program to stop.
pub fn cancelled() -> bool {
    CANCEL.load(Ordering::SeqCst)
}
