//! Advisory locks on the files a run writes, so that a program can tell a
//! file another process is writing now from one an interrupted run left.
//!
//! A run holds an exclusive lock on each of its `.partial` files from the
//! moment it creates (or reopens) them until they are renamed; the lock
//! goes with the process, so a run killed with `kill -9` holds none. A
//! second process that finds the file then knows instead of guessing: a
//! lock it cannot take ([`LockError::Held`]) is a live run's; one it takes
//! is a file nobody writes. Some filesystems (shared cluster filesystems,
//! some network mounts) cannot lock at all ([`LockError::Unsupported`]):
//! a caller then falls back to refusing what it cannot tell apart.
//!
//! The locks are `flock(2)` locks through [`std::fs::File::try_lock`]
//! (stable since Rust 1.89, this workspace's `rust-version`): the same call
//! the `fs4` and `fd-lock` crates make, so no crate is needed for it. A
//! lock belongs to the open file description: every handle cloned from
//! the locked one ([`File::try_clone`]) keeps it, and it is released when
//! the last of them is closed.

use std::fmt;
use std::fs::{File, Metadata};
use std::io;
use std::os::unix::fs::MetadataExt;
use std::path::Path;

/// Why a lock could not be taken.
#[derive(Debug)]
pub enum LockError {
    /// Another open file (of this or another process) holds a lock on it.
    Held,
    /// The filesystem cannot lock this file (or locking failed for another
    /// reason): whether another process writes it cannot be told.
    Unsupported(io::Error),
}

impl fmt::Display for LockError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            LockError::Held => f.write_str("another process holds its lock"),
            LockError::Unsupported(e) => write!(f, "it cannot be locked: {e}"),
        }
    }
}

impl std::error::Error for LockError {}

/// Take an exclusive lock on `file` without waiting.
pub fn try_lock(file: &File) -> Result<(), LockError> {
    match file.try_lock() {
        Ok(()) => Ok(()),
        Err(std::fs::TryLockError::WouldBlock) => Err(LockError::Held),
        Err(std::fs::TryLockError::Error(e)) => Err(LockError::Unsupported(e)),
    }
}

/// Whether `path` still names the file `file` has open (the same inode on
/// the same device). A lock taken on a file that was renamed or replaced
/// since it was opened locks some other file than the one at `path`.
pub fn still_at(file: &File, path: &Path) -> io::Result<bool> {
    let open: Metadata = file.metadata()?;
    match std::fs::symlink_metadata(path) {
        Ok(there) => Ok(open.dev() == there.dev() && open.ino() == there.ino()),
        Err(e) if e.kind() == io::ErrorKind::NotFound => Ok(false),
        Err(e) => Err(e),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::fs::OpenOptions;

    /// A fresh folder of this test's own (removed at the end).
    struct Dir(std::path::PathBuf);
    impl Dir {
        fn new(name: &str) -> Dir {
            let dir = std::env::temp_dir()
                .join(format!("beachcomber-lock-{name}-{}", std::process::id()));
            let _ = std::fs::remove_dir_all(&dir);
            std::fs::create_dir(&dir).unwrap();
            Dir(dir)
        }
        fn path(&self) -> &Path {
            &self.0
        }
    }
    impl Drop for Dir {
        fn drop(&mut self) {
            let _ = std::fs::remove_dir_all(&self.0);
        }
    }

    fn open(path: &Path) -> File {
        OpenOptions::new()
            .write(true)
            .create(true)
            .truncate(false)
            .open(path)
            .unwrap()
    }

    #[test]
    fn a_second_open_file_cannot_lock_what_the_first_holds_until_it_is_closed() {
        let dir = Dir::new("held");
        let path = dir.path().join("g.csv.partial");
        let first = open(&path);
        try_lock(&first).unwrap();
        let second = open(&path);
        assert!(matches!(try_lock(&second), Err(LockError::Held)));
        // A clone of the locked handle keeps the lock after the original
        // is closed.
        let clone = first.try_clone().unwrap();
        drop(first);
        assert!(matches!(try_lock(&second), Err(LockError::Held)));
        drop(clone);
        try_lock(&second).unwrap();
        assert_eq!(
            LockError::Held.to_string(),
            "another process holds its lock"
        );
    }

    #[test]
    fn a_file_renamed_after_it_was_opened_is_no_longer_at_its_path() {
        let dir = Dir::new("renamed");
        let path = dir.path().join("g.csv.partial");
        let file = open(&path);
        assert!(still_at(&file, &path).unwrap());
        std::fs::rename(&path, dir.path().join("g.csv")).unwrap();
        assert!(!still_at(&file, &path).unwrap());
        // Another file at the path is not the open one either.
        let _other = open(&path);
        assert!(!still_at(&file, &path).unwrap());
    }
}
