//! The temporary output files a forced exit must remove, and whether the
//! running command keeps resumable partial files.
//!
//! The store registers each temporary file here while it exists; a front
//! end's signal handler (the CLI's `signals.rs`) removes them on a second
//! signal. The first signal's stop flag is not kept here: each call that
//! plays or merges takes it as an argument.

use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Mutex, MutexGuard};

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

/// Whether the running command keeps resumable partial files.
pub fn resumable() -> bool {
    RESUMABLE.load(Ordering::SeqCst)
}

/// The registry of temporary output files. Hold the guard while creating a
/// temporary file and registering it, and while renaming registered files
/// into place, so that a forced exit never races with either.
pub fn temp_files() -> MutexGuard<'static, Vec<PathBuf>> {
    TEMP_FILES.lock().unwrap_or_else(|e| e.into_inner())
}

/// Forget a temporary file (renamed into place or removed).
pub fn forget(registry: &mut Vec<PathBuf>, path: &Path) {
    registry.retain(|p| p != path);
}
