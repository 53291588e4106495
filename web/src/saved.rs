//! The games saved under `--save`, read as the files named by game specs
//! are (`beachcomber::regular_file`), and more strictly: a file is opened
//! with `O_NONBLOCK` (a FIFO planted there cannot block a worker) and
//! `O_NOFOLLOW` (a symbolic link, to `/dev/zero` or `/etc/passwd`, is
//! refused, never opened through), must be a regular file, and is read up
//! to [`MAX_SAVED`] bytes, its first record line alone. The list of saved
//! games skips what is not a regular file; asking for one is refused with
//! an error that quotes nothing of the file (issue 53 item 6).

use std::fmt;
use std::fs::{File, OpenOptions};
use std::io::Read;
use std::os::unix::fs::OpenOptionsExt;
use std::path::Path;

use beachcomber::record::io::{MAX_LINE_BYTES, RecordLines};
use beachcomber::regular_file::kind_of;

/// The most bytes a saved game's file may hold: one record line at its
/// longest ([`MAX_LINE_BYTES`], 48 MiB) and its line break.
pub const MAX_SAVED: u64 = MAX_LINE_BYTES as u64 + 1;

/// Why a saved game's file is not read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SavedError {
    /// No such file.
    Missing,
    /// A symbolic link (never followed).
    Link,
    /// Not a regular file: what it is (`a FIFO`, `a folder`, ...).
    NotRegular(&'static str),
    /// Larger than [`MAX_SAVED`].
    TooLarge,
    /// The system's reason it cannot be read.
    Io(String),
}

impl fmt::Display for SavedError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SavedError::Missing => f.write_str("no such file"),
            SavedError::Link => {
                f.write_str("it is a symbolic link (saved games are read only as regular files)")
            }
            SavedError::NotRegular(what) => write!(f, "it is {what}, not a regular file"),
            SavedError::TooLarge => write!(f, "it is larger than {MAX_SAVED} bytes"),
            SavedError::Io(why) => {
                write!(f, "cannot read it ({})", beachcomber::spec::one_line(why))
            }
        }
    }
}

impl std::error::Error for SavedError {}

/// Open the saved game `path`: without blocking or following a link, a
/// regular file of at most [`MAX_SAVED`] bytes.
pub fn open_saved(path: &Path) -> Result<File, SavedError> {
    let file = OpenOptions::new()
        .read(true)
        .custom_flags(libc::O_NONBLOCK | libc::O_NOFOLLOW)
        .open(path)
        .map_err(|e| match e.raw_os_error() {
            Some(libc::ENOENT) => SavedError::Missing,
            Some(libc::ELOOP) => SavedError::Link,
            // A socket cannot be opened: say what it is.
            Some(libc::ENXIO) => match std::fs::symlink_metadata(path) {
                Ok(m) => SavedError::NotRegular(kind_of(m.file_type())),
                Err(_) => SavedError::Io(e.to_string()),
            },
            _ => SavedError::Io(e.to_string()),
        })?;
    let meta = file.metadata().map_err(|e| SavedError::Io(e.to_string()))?;
    if !meta.is_file() {
        return Err(SavedError::NotRegular(kind_of(meta.file_type())));
    }
    if meta.len() > MAX_SAVED {
        return Err(SavedError::TooLarge);
    }
    Ok(file)
}

/// The first record line (not blank) of an open saved game, read in
/// bounded memory; `None` for a file without one.
pub fn first_line(file: File) -> Result<Option<Vec<u8>>, SavedError> {
    let mut lines =
        RecordLines::new(file.take(MAX_SAVED)).map_err(|e| SavedError::Io(e.to_string()))?;
    let mut line = Vec::new();
    while let Some(read) = lines.read_line(&mut line) {
        read.map_err(|e| SavedError::Io(e.to_string()))?;
        if !line.iter().all(u8::is_ascii_whitespace) {
            return Ok(Some(line));
        }
    }
    Ok(None)
}

/// The first record line of the saved game `path` ([`open_saved`],
/// [`first_line`]).
pub fn read_saved(path: &Path) -> Result<Option<Vec<u8>>, SavedError> {
    first_line(open_saved(path)?)
}

/// The names of the saved games in `dir` that are regular files named
/// `*.jsonl` (not hidden), newest first (the names start with the game's
/// id), at most `max`: links, FIFOs, devices and folders are left out.
pub fn list_saved(dir: &Path, max: usize) -> std::io::Result<Vec<String>> {
    let mut names: Vec<String> = std::fs::read_dir(dir)?
        .flatten()
        .filter(|e| e.file_type().is_ok_and(|t| t.is_file()))
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .filter(|n| n.ends_with(".jsonl") && !n.starts_with('.'))
        .collect();
    names.sort_by(|a, b| b.cmp(a));
    names.truncate(max);
    Ok(names)
}
