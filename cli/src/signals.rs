//! Ctrl-C (and SIGTERM, SIGHUP): the first signal asks the running command
//! to stop; a second one exits at once.
//!
//! The first signal sets [`CANCEL`]: a tournament stops before the next
//! decision of every game in play, keeps the finished games for `--resume`
//! (see [`crate::run_files`]), `replay` stops before
//! the next record, `bench` within a few hundred games, `merge` within a
//! thousand games (writing no output); each then exits with
//! status 130 and a one-line message. A second signal (say the current
//! decision of a slow bot takes too long) removes every temporary output
//! file still registered here and exits with status 130 at once.

use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, AtomicU32, Ordering};
use std::sync::{Mutex, MutexGuard};

/// Set by the first signal: long commands stop early and write nothing
/// partial. The library's runner takes it as its cancel flag.
pub static CANCEL: AtomicBool = AtomicBool::new(false);

/// Signals received so far.
static SIGNALS: AtomicU32 = AtomicU32::new(0);

/// Temporary output files that exist now and must go if the program is
/// forced to exit.
static TEMP_FILES: Mutex<Vec<PathBuf>> = Mutex::new(Vec::new());

/// Whether the running command keeps resumable partial files (which a
/// forced exit leaves in place).
static RESUMABLE: AtomicBool = AtomicBool::new(false);

/// Say that the running command keeps resumable partial files: a forced
/// exit leaves them for `--resume`.
pub fn set_resumable() {
    RESUMABLE.store(true, Ordering::SeqCst);
}

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
    let files = temp_files();
    for path in files.iter() {
        let _ = std::fs::remove_file(path);
    }
    if RESUMABLE.load(Ordering::SeqCst) {
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

/// The registry of temporary output files. Hold the guard while creating a
/// temporary file and registering it, and while renaming registered files
/// into place, so that a forced exit never races with either.
pub fn temp_files() -> MutexGuard<'static, Vec<PathBuf>> {
    TEMP_FILES.lock().unwrap_or_else(|e| e.into_inner())
}

/// Forget a temporary file (renamed into place or removed).
pub fn forget(registry: &mut Vec<PathBuf>, path: &std::path::Path) {
    registry.retain(|p| p != path);
}
