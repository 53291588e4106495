//! Ctrl-C, SIGTERM and SIGHUP: the first signal asks the running command
//! to stop; a second one, or a SIGTERM or SIGHUP not obeyed within
//! [`GRACE`], exits at once.
//!
//! The first signal sets [`CANCEL`]: a tournament stops before the next
//! decision of every game in play, keeps the finished games for `--resume`
//! (see [`beachcomber_store::files::run_files`]), `replay` stops before
//! the next record, `bench` within a few hundred games, `merge` within a
//! thousand games (writing no output); each then exits with
//! status 130 and a one-line message. A second signal (say the current
//! decision of a slow bot takes too long) removes every temporary output
//! file still registered in the store's [`interrupt`] registry and exits with
//! status 130 at once, keeping the last checkpoint of a resumable run.
//!
//! SIGTERM and SIGHUP come from a scheduler, `kill` or a closed terminal:
//! nobody sends a second one. After the first, the command has [`GRACE`]
//! to stop as above (writing its checkpoint); if it has not ended by then
//! (a decision that takes minutes, work blocked in a read), the program
//! exits as on a second signal. So one SIGTERM always ends the process.
//!
//! The signals are blocked in every thread (the mask is set before any
//! thread starts, and threads inherit it) and taken by one thread with
//! `sigwait`, which knows which signal came: no code runs in a signal
//! handler. Child processes (engines) start with an empty mask (the
//! standard library resets it before `exec`).

use std::sync::atomic::{AtomicBool, AtomicU32, Ordering};
use std::time::Duration;

use beachcomber_store::interrupt;
use nix::sys::signal::{SigSet, Signal};

/// Set by the first signal: long commands stop early and write nothing
/// partial. The library's runner takes it as its cancel flag.
pub static CANCEL: AtomicBool = AtomicBool::new(false);

/// Signals received so far.
static SIGNALS: AtomicU32 = AtomicU32::new(0);

/// The exit status of a command stopped by a signal (128 + SIGINT, for
/// SIGTERM and SIGHUP too).
pub const EXIT_INTERRUPTED: u8 = 130;

/// How long a command has after one SIGTERM or SIGHUP to stop by itself
/// (its checkpoint written) before the program exits at once: 5 s.
pub const GRACE: Duration = Duration::from_secs(5);

/// The signals taken: SIGINT, SIGTERM, SIGHUP.
fn taken() -> SigSet {
    let mut set = SigSet::empty();
    for signal in [Signal::SIGINT, Signal::SIGTERM, Signal::SIGHUP] {
        set.add(signal);
    }
    set
}

/// Take SIGINT, SIGTERM and SIGHUP: block them in this thread (and so in
/// every thread started later) and start the thread that waits for them.
/// Call it first, before any thread starts. If it cannot, the signals keep
/// their default action (ending the program at once, which leaves at most
/// a hidden temporary file behind).
pub fn install() {
    let set = taken();
    if set.thread_block().is_err() {
        return;
    }
    let waiter = std::thread::Builder::new()
        .name("signals".into())
        .spawn(move || {
            loop {
                if let Ok(signal) = set.wait() {
                    on_signal(signal);
                }
            }
        });
    if waiter.is_err() {
        let _ = set.thread_unblock();
    }
}

fn on_signal(signal: Signal) {
    if SIGNALS.fetch_add(1, Ordering::SeqCst) > 0 {
        exit_now("interrupted twice: stopped at once");
    }
    CANCEL.store(true, Ordering::SeqCst);
    if signal != Signal::SIGINT {
        // Nobody sends a second SIGTERM: end the program if the command
        // has not stopped by itself within the grace period.
        let _ = std::thread::Builder::new()
            .name("signal-grace".into())
            .spawn(|| {
                std::thread::sleep(GRACE);
                exit_now(&format!(
                    "terminated: the command did not stop within {} s of the signal; stopped \
                     at once",
                    GRACE.as_secs()
                ));
            });
    }
}

/// Remove the registered temporary files and exit with
/// [`EXIT_INTERRUPTED`], saying `why` and what was kept.
fn exit_now(why: &str) -> ! {
    // Holding the lock while exiting keeps the main thread from creating or
    // renaming a temporary file meanwhile.
    let files = interrupt::temp_files();
    for path in files.iter() {
        let _ = std::fs::remove_file(path);
    }
    if interrupt::resumable() {
        eprintln!(
            "error: {why}; the games of the last checkpoint are kept (run the same command with \
             --resume to continue)"
        );
    } else {
        eprintln!("error: {why}, no output written");
    }
    std::process::exit(i32::from(EXIT_INTERRUPTED));
}

/// Whether a signal asked the program to stop.
pub fn cancelled() -> bool {
    CANCEL.load(Ordering::SeqCst)
}
