//! Opening a file the user named as an input, without blocking: every
//! input (game-spec files, experiment files, game records, CSV and Parquet
//! tables, manifests and checkpoints) goes through [`open_regular_file`]
//! (or [`read_regular_file`], which reads it whole). The file is opened
//! with `O_NONBLOCK` (a FIFO cannot hang the caller), refused unless a
//! regular file (FIFOs, devices such as `/dev/zero`, sockets and folders
//! are one-line errors, whether named directly or through a symbolic link)
//! and refused above a cap for its kind (the `MAX_*` constants), so
//! memory stays bounded.

use std::fmt;
use std::fs::{File, OpenOptions};
use std::io::{self, Read};
use std::os::unix::fs::{FileTypeExt, OpenOptionsExt};
use std::path::Path;

use crate::spec::one_line;

/// The most bytes of a specification file read whole: an experiment or
/// search file (TOML), 4 MiB.
pub const MAX_SPEC_BYTES: u64 = 4 << 20;

/// The most bytes of a manifest or checkpoint (JSON the store writes beside
/// a run's files, read whole), 256 MiB.
pub const MAX_RUN_JSON_BYTES: u64 = 256 << 20;

/// The most bytes of a data file read as a stream: game records, CSV and
/// Parquet tables (they can be many GB), 1 TiB.
pub const MAX_DATA_BYTES: u64 = 1 << 40;

/// Why a file named as an input cannot be read.
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
        max: u64,
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

impl From<FileError> for io::Error {
    /// A refused file as an I/O error whose message is the [`FileError`]'s
    /// (`it is a FIFO, not a regular file`), of kind `InvalidInput`
    /// (`FileTooLarge` for the cap).
    fn from(error: FileError) -> io::Error {
        let kind = match error {
            FileError::TooLarge { .. } => io::ErrorKind::FileTooLarge,
            _ => io::ErrorKind::InvalidInput,
        };
        io::Error::new(kind, error)
    }
}

/// What a non-regular file is, for messages ("a FIFO", "a folder", "a
/// symbolic link" for a link's own metadata...).
pub fn kind_of(file_type: std::fs::FileType) -> &'static str {
    if file_type.is_symlink() {
        "a symbolic link"
    } else if file_type.is_dir() {
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

/// Open the input `path` without blocking (`O_NONBLOCK`: a FIFO with no
/// writer does not hang; a regular file reads as usual), accept only a
/// regular file of at most `max` bytes. A failed open is the system's
/// error (its kind kept: `NotFound` stays `NotFound`); a FIFO, device,
/// socket or folder, or a larger file, is the [`FileError`] as an
/// `io::Error` (see its `From`).
pub fn open_regular_file(path: &Path, max: u64) -> io::Result<File> {
    let (file, len) = open_nonblocking(path, OpenOptions::new().read(true))?;
    if len > max {
        return Err(FileError::TooLarge { max }.into());
    }
    Ok(file)
}

/// Open the existing file `path` for writing without blocking, accepting
/// only a regular file: the partial files a run appends to on `--resume`
/// (a FIFO planted as `NAME.partial` fails at once instead of waiting for
/// a reader). Outputs the user names as devices or pipes are opened by
/// their writers, not here.
pub fn open_regular_for_writing(path: &Path) -> io::Result<File> {
    open_nonblocking(path, OpenOptions::new().write(true)).map(|(file, _)| file)
}

/// Open `path` with `options` and `O_NONBLOCK`, then refuse anything but
/// a regular file; the file and its length.
fn open_nonblocking(path: &Path, options: &mut OpenOptions) -> io::Result<(File, u64)> {
    let file: File = options
        .custom_flags(libc::O_NONBLOCK)
        .open(path)
        .map_err(|e| match e.raw_os_error() {
            // A socket cannot be opened, nor a FIFO for writing without a
            // reader; say what it is.
            Some(libc::ENXIO) => match std::fs::metadata(path) {
                Ok(m) => FileError::NotRegular {
                    what: kind_of(m.file_type()),
                }
                .into(),
                Err(_) => e,
            },
            _ => e,
        })?;
    let meta = file.metadata()?;
    if !meta.is_file() {
        return Err(FileError::NotRegular {
            what: kind_of(meta.file_type()),
        }
        .into());
    }
    Ok((file, meta.len()))
}

/// [`open_regular_file`] and read the whole file, at most `max` bytes (a
/// file that grows larger meanwhile is refused too), errors as
/// `io::Error` (as `fs::read` gives them).
pub fn read_regular_bytes(path: &Path, max: u64) -> io::Result<Vec<u8>> {
    let file = open_regular_file(path, max)?;
    let mut bytes = Vec::new();
    file.take(max.saturating_add(1)).read_to_end(&mut bytes)?;
    if bytes.len() as u64 > max {
        return Err(FileError::TooLarge { max }.into());
    }
    Ok(bytes)
}

/// [`read_regular_bytes`] as UTF-8 text (other bytes are an
/// `InvalidData` error, as `fs::read_to_string` gives).
pub fn read_regular_text(path: &Path, max: u64) -> io::Result<String> {
    String::from_utf8(read_regular_bytes(path, max)?).map_err(|_| {
        io::Error::new(
            io::ErrorKind::InvalidData,
            "stream did not contain valid UTF-8",
        )
    })
}

/// [`read_regular_bytes`] with its errors as a [`FileError`].
pub fn read_regular_file(path: &Path, max: usize) -> Result<Vec<u8>, FileError> {
    read_regular_bytes(path, max as u64).map_err(|e| {
        match e.get_ref().and_then(|e| e.downcast_ref::<FileError>()) {
            Some(error) => error.clone(),
            None => FileError::Io(e.to_string()),
        }
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A fresh folder for test files, removed by the caller.
    fn temp_dir(tag: &str) -> std::path::PathBuf {
        let dir = std::env::temp_dir().join(format!("regular-file-{tag}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        dir
    }

    #[test]
    fn fifos_devices_and_folders_are_refused_at_once_and_sizes_capped() {
        let dir = temp_dir("kinds");
        let fifo = dir.join("f.toml");
        assert!(
            std::process::Command::new("mkfifo")
                .arg(&fifo)
                .status()
                .unwrap()
                .success()
        );
        let zero = dir.join("zero.toml");
        std::os::unix::fs::symlink("/dev/zero", &zero).unwrap();
        let text = dir.join("t.toml");
        std::fs::write(&text, "0123456789").unwrap();
        let message = |path: &Path, max| open_regular_file(path, max).unwrap_err().to_string();
        assert_eq!(message(&fifo, 100), "it is a FIFO, not a regular file");
        assert_eq!(
            message(&zero, 100),
            "it is a character device, not a regular file"
        );
        assert_eq!(message(&dir, 100), "it is a folder, not a regular file");
        assert_eq!(message(&text, 9), "it is larger than 9 bytes");
        let missing = open_regular_file(&dir.join("none"), 9).unwrap_err();
        assert_eq!(missing.kind(), io::ErrorKind::NotFound);
        assert_eq!(read_regular_file(&text, 10).unwrap(), b"0123456789");
        let written = |path: &Path| open_regular_for_writing(path).unwrap_err().to_string();
        assert_eq!(written(&fifo), "it is a FIFO, not a regular file");
        assert_eq!(
            written(&zero),
            "it is a character device, not a regular file"
        );
        assert!(open_regular_for_writing(&text).is_ok());
        assert_eq!(
            read_regular_file(&zero, 10),
            Err(FileError::NotRegular {
                what: "a character device"
            })
        );
        assert_eq!(
            read_regular_file(&text, 9),
            Err(FileError::TooLarge { max: 9 })
        );
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
