//! One partial output file of a resumable run: its writer, running hash
//! and background writeback, and how a run claims it (creating it, or
//! taking over an interrupted run's under its lock) — see
//! [`crate::files::run_files`].

use std::fs::{File, OpenOptions};
use std::io::{self, BufWriter, Write};
use std::os::unix::fs::OpenOptionsExt;
use std::path::{Path, PathBuf};
use std::thread::JoinHandle;

use super::file_lock::{self, LockError};
use beachcomber::regular_file::open_regular_for_writing;
use xxhash_rust::xxh3::Xxh3;

use crate::files::output_error::OutputError;
use crate::files::parquet_out::Converted;
use crate::parquet_table::GamesColumns;

/// Bytes written to a partial file between two background writebacks.
/// Measured on this project's 2-core machine (ext4 on a virtual disk,
/// 2,000,000 random 4-player Seashells games, 600 MB of CSV): without
/// writeback the final sync took about 1.2 s; with a writeback every
/// 32 MiB it takes about 40 ms.
pub(crate) const WRITEBACK_BYTES: u64 = 32 << 20;

/// One output file of a run.
pub(crate) struct Output {
    pub(crate) label: String,
    pub(crate) given: PathBuf,
    /// The final name; `None` for a device written directly.
    pub(crate) target: Option<PathBuf>,
    /// The partial file, for a regular output.
    pub(crate) partial: Option<PathBuf>,
    pub(crate) writer: Option<BufWriter<File>>,
    /// Bytes written so far (the partial file's length once flushed).
    pub(crate) bytes: u64,
    /// Written at the end only (the summary), not streamed.
    pub(crate) at_end: bool,
    /// Bytes written since the last background writeback started.
    pub(crate) unsynced: u64,
    /// The background writeback in flight, if any (see [`WRITEBACK_BYTES`]).
    pub(crate) writeback: Option<JoinHandle<io::Result<()>>>,
    /// The hash of the bytes written so far.
    pub(crate) hasher: Xxh3,
    /// A handle of the partial file holding its lock, kept until the run
    /// is done ([`file_lock`]); `None` where the filesystem
    /// cannot lock.
    pub(crate) lock: Option<File>,
    /// Written as Parquet at the finish, from the CSV text of its partial
    /// file, with these columns ([`crate::files::parquet_out`]).
    pub(crate) parquet: Option<GamesColumns>,
    /// The Parquet file converted at the finish, not yet in place.
    pub(crate) converted: Option<Converted>,
}

impl Output {
    /// A streamed output, nothing written yet.
    pub(crate) fn new(
        label: String,
        given: PathBuf,
        target: Option<PathBuf>,
        partial: Option<PathBuf>,
        at_end: bool,
    ) -> Output {
        Output {
            label,
            given,
            target,
            partial,
            writer: None,
            bytes: 0,
            at_end,
            unsynced: 0,
            writeback: None,
            hasher: Xxh3::new(),
            lock: None,
            parquet: None,
            converted: None,
        }
    }

    /// Once [`WRITEBACK_BYTES`] have been written to a partial file since
    /// the last writeback and none is in flight, start one: flush the
    /// buffer and `sync_data` a second handle of the file on a thread of
    /// its own, while the run goes on. The final sync before the rename
    /// then waits only for the tail. Without this, the kernel keeps up to
    /// gigabytes dirty and that final sync took a third of a fast run.
    pub(crate) fn maybe_start_writeback(&mut self) -> Result<(), OutputError> {
        if self.partial.is_none() || self.unsynced < WRITEBACK_BYTES {
            return Ok(());
        }
        if self.writeback.as_ref().is_some_and(|h| !h.is_finished()) {
            return Ok(());
        }
        self.join_writeback()?;
        let Some(w) = self.writer.as_mut() else {
            return Ok(());
        };
        let file = w
            .flush()
            .and_then(|()| w.get_ref().try_clone())
            .map_err(|e| self.cannot(e))?;
        self.unsynced = 0;
        // A thread that cannot start only loses the overlap: the final
        // sync still makes the file durable.
        self.writeback = std::thread::Builder::new()
            .name("writeback".into())
            .spawn(move || file.sync_data())
            .ok();
        Ok(())
    }

    /// Wait for the writeback in flight and pass on its error: the second
    /// handle shares the file's error state, so an error it saw would not
    /// be seen again by the final sync.
    pub(crate) fn join_writeback(&mut self) -> Result<(), OutputError> {
        match self.writeback.take().map(JoinHandle::join) {
            None | Some(Ok(Ok(()))) => Ok(()),
            Some(Ok(Err(e))) => Err(self.cannot(e)),
            Some(Err(_)) => Err(OutputError::BackgroundSync {
                label: self.label.clone(),
                path: self.given.clone(),
            }),
        }
    }

    /// Writing this output failed.
    pub(crate) fn cannot(&self, source: io::Error) -> OutputError {
        OutputError::Write {
            label: self.label.clone(),
            path: self.given.clone(),
            source,
        }
    }
}

/// How [`claim`] got a partial file.
#[derive(Debug, PartialEq, Eq)]
pub(crate) enum Claimed {
    /// Created new.
    New,
    /// It existed, and no process held it: an interrupted run's, emptied.
    Stale,
}

/// The refusal of a partial file whose lock another process holds.
pub(crate) fn live_run(label: &str, partial: &Path) -> OutputError {
    OutputError::LiveRun {
        label: label.to_string(),
        partial: partial.to_path_buf(),
    }
}

/// Today's refusal where a partial file exists and locks cannot tell a
/// live run from an interrupted one.
pub(crate) fn cannot_tell(label: &str, partial: &Path) -> OutputError {
    OutputError::CannotTell {
        label: label.to_string(),
        partial: partial.to_path_buf(),
    }
}

/// Refuse when another process holds the lock of `partial` (a file that
/// does not exist, or that cannot be locked, passes).
pub(crate) fn refuse_if_live(label: &str, partial: &Path) -> Result<(), OutputError> {
    let Ok(file) = open_regular_for_writing(partial) else {
        return Ok(());
    };
    match file_lock::try_lock(&file) {
        Err(LockError::Held) => Err(live_run(label, partial)),
        Ok(()) | Err(LockError::Unsupported(_)) => Ok(()),
    }
}

/// Lock the partial file of a run being resumed (opened as `file`):
/// refused when another process holds it. Returns the handle that holds
/// the lock (`None` where the filesystem cannot lock).
pub(crate) fn lock_to_resume(
    label: &str,
    partial: &Path,
    file: &File,
) -> Result<Option<File>, OutputError> {
    match file_lock::try_lock(file) {
        Ok(()) => {
            if !file_lock::still_at(file, partial).unwrap_or(false) {
                // Renamed since it was opened: a run finishing right now.
                return Err(live_run(label, partial));
            }
            file.try_clone()
                .map(Some)
                .map_err(|source| OutputError::Open {
                    label: label.to_string(),
                    path: partial.to_path_buf(),
                    source,
                })
        }
        Err(LockError::Held) => Err(live_run(label, partial)),
        Err(LockError::Unsupported(_)) => Ok(None),
    }
}

/// Create a fresh run's partial file `partial`, locked. One that exists
/// is refused when another process holds its lock (a live run) or when
/// the filesystem cannot lock it ([`cannot_tell`]); otherwise it is an
/// interrupted run's and is emptied ([`Claimed::Stale`]; the caller has
/// made sure no checkpoint covers it). Returns the file, how it was
/// claimed, and whether it is locked.
pub(crate) fn claim(
    output: &Output,
    partial: &Path,
    mode: u32,
) -> Result<(File, Claimed, bool), OutputError> {
    let label = output.label.as_str();
    // A few tries: the file may vanish (a live run renamed it) between
    // the two opens.
    for _ in 0..3 {
        match OpenOptions::new()
            .write(true)
            .create_new(true)
            .mode(mode)
            .open(partial)
        {
            Ok(file) => {
                return match file_lock::try_lock(&file) {
                    Ok(()) => Ok((file, Claimed::New, true)),
                    Err(LockError::Unsupported(_)) => Ok((file, Claimed::New, false)),
                    // Another process found it in the instant before the
                    // lock and holds it now.
                    Err(LockError::Held) => Err(live_run(label, partial)),
                };
            }
            Err(e) if e.kind() == io::ErrorKind::AlreadyExists => {}
            Err(source) => {
                return Err(OutputError::CreateInFolder {
                    label: label.to_string(),
                    path: output.given.clone(),
                    source,
                });
            }
        }
        let file = match open_regular_for_writing(partial) {
            Ok(file) => file,
            Err(e) if e.kind() == io::ErrorKind::NotFound => continue,
            // Say which file: the partial one (a FIFO planted there, say).
            Err(source) => {
                return Err(OutputError::Open {
                    label: label.to_string(),
                    path: partial.to_path_buf(),
                    source,
                });
            }
        };
        match file_lock::try_lock(&file) {
            Err(LockError::Held) => return Err(live_run(label, partial)),
            Err(LockError::Unsupported(_)) => return Err(cannot_tell(label, partial)),
            Ok(()) => {}
        }
        if !file_lock::still_at(&file, partial).map_err(|e| output.cannot(e))? {
            // Renamed or replaced since it was opened: look again.
            continue;
        }
        file.set_len(0).map_err(|e| output.cannot(e))?;
        return Ok((file, Claimed::Stale, true));
    }
    Err(live_run(label, partial))
}
