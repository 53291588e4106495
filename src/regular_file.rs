//! Reading a small regular file without blocking: the files named by game
//! specs (a Seaside token manifest). Opened with `O_NONBLOCK` (a FIFO
//! cannot hang the caller), refused unless a regular file (FIFOs, devices,
//! sockets and folders are one-line errors) and read up to a cap (one byte
//! more is refused), so memory stays bounded.

use std::fmt;
use std::fs::{File, OpenOptions};
use std::io::Read;
use std::os::unix::fs::{FileTypeExt, OpenOptionsExt};
use std::path::Path;

use crate::spec::one_line;

/// Why a file named by a spec cannot be read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum FileError {
    /// The file cannot be opened or read (the system's reason).
    Io(String),
    /// The path is not a regular file.
    NotRegular {
        /// What it is (`a FIFO`, `a folder`, ...).
        what: &'static str,
    },
    /// The file holds more than the cap.
    TooLarge {
        /// The cap in bytes.
        max: usize,
    },
}

impl fmt::Display for FileError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            FileError::Io(why) => write!(f, "cannot read it ({})", one_line(why)),
            FileError::NotRegular { what } => {
                write!(f, "it is {what}, not a regular file")
            }
            FileError::TooLarge { max } => write!(f, "it is larger than {max} bytes"),
        }
    }
}

impl std::error::Error for FileError {}

/// What a non-regular file is, for messages.
fn kind_of(file_type: std::fs::FileType) -> &'static str {
    if file_type.is_dir() {
        "a folder"
    } else if file_type.is_fifo() {
        "a FIFO"
    } else if file_type.is_char_device() {
        "a character device"
    } else if file_type.is_block_device() {
        "a block device"
    } else if file_type.is_socket() {
        "a socket"
    } else {
        "not a file"
    }
}

/// Open `path` without blocking (`O_NONBLOCK`: a FIFO with no writer does
/// not hang), accept only a regular file, and read at most `max` bytes
/// (a larger file is [`FileError::TooLarge`]).
pub fn read_regular_file(path: &Path, max: usize) -> Result<Vec<u8>, FileError> {
    let io = |e: std::io::Error| FileError::Io(e.to_string());
    let file: File = OpenOptions::new()
        .read(true)
        .custom_flags(libc::O_NONBLOCK)
        .open(path)
        .map_err(|e| match e.raw_os_error() {
            // A socket cannot be opened; say what it is.
            Some(libc::ENXIO) => match std::fs::metadata(path) {
                Ok(m) => FileError::NotRegular {
                    what: kind_of(m.file_type()),
                },
                Err(_) => io(e),
            },
            _ => io(e),
        })?;
    let meta = file.metadata().map_err(io)?;
    if !meta.is_file() {
        return Err(FileError::NotRegular {
            what: kind_of(meta.file_type()),
        });
    }
    let mut bytes = Vec::new();
    file.take(max as u64 + 1)
        .read_to_end(&mut bytes)
        .map_err(io)?;
    if bytes.len() > max {
        return Err(FileError::TooLarge { max });
    }
    Ok(bytes)
}
