//! Files written whole or not at all: the content goes to a temporary file
//! of a random name in the target's folder (created exclusively, so a
//! file or symbolic link planted under a predictable name is never opened
//! nor followed), is synced, and the temporary file is then renamed over
//! the target ([`write_atomically`]) or linked in only where nothing is
//! there yet ([`write_new`], the `O_EXCL` of a rename: two writers racing
//! for one name never overwrite each other).
//!
//! Readers never see a half-written file; an error or a drop before the
//! commit removes the temporary file. The library itself calls none of
//! this: it is the store's and the web app's, and lives here because this
//! is their one shared crate (the web app does not depend on the run
//! store, which would bring it Parquet and the run machinery for one
//! file). [`TempBeside`] is the one temporary-file-beside-its-target of
//! the workspace: [`write_atomically`] and [`write_new`] write a buffer
//! through it, and the run store's `AtomicFile`
//! (`beachcomber_store::files::output`), which streams an output through a
//! compressor and commits several together, holds one per regular output.
//! The temporary file, its exclusive creation and the rename are
//! `tempfile`'s (`NamedTempFile::persist`, `persist_noclobber`), not
//! hand-written.

use std::fmt;
use std::fs::File;
use std::io::{self, Write};
use std::path::{Path, PathBuf};

/// Why a file could not be written.
#[derive(Debug)]
pub enum AtomicError {
    /// The target's folder does not exist.
    NoFolder(PathBuf, PathBuf),
    /// The target is a folder.
    IsFolder(PathBuf),
    /// [`write_new`]: something (a file, a link) already has the target's
    /// name.
    Exists(PathBuf),
    /// Creating, writing, syncing or renaming failed.
    Io(PathBuf, io::Error),
}

impl AtomicError {
    /// The target that could not be written.
    pub fn path(&self) -> &Path {
        match self {
            AtomicError::NoFolder(p, _)
            | AtomicError::IsFolder(p)
            | AtomicError::Exists(p)
            | AtomicError::Io(p, _) => p,
        }
    }
}

impl fmt::Display for AtomicError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        // Paths the user gave: escaped (one line, no terminal controls).
        let path = crate::spec::one_line_path(self.path());
        match self {
            AtomicError::NoFolder(_, dir) => {
                write!(
                    f,
                    "cannot write {path}: no folder {}",
                    crate::spec::one_line_path(dir)
                )
            }
            AtomicError::IsFolder(_) => write!(f, "cannot write {path}: it is a folder"),
            AtomicError::Exists(_) => write!(f, "cannot write {path}: it exists already"),
            AtomicError::Io(_, e) => write!(f, "cannot write {path}: {e}"),
        }
    }
}

impl std::error::Error for AtomicError {}

impl Write for TempBeside {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        self.temp.write(buf)
    }

    fn flush(&mut self) -> io::Result<()> {
        self.temp.flush()
    }
}

/// A file being written under a temporary name next to its target:
/// created exclusively under a random name in the target's folder, removed
/// if dropped before [`TempBeside::persist`].
pub struct TempBeside {
    target: PathBuf,
    temp: tempfile::NamedTempFile,
}

impl TempBeside {
    /// Start writing `target` through a temporary file in `dir` (the
    /// target's folder, so that the rename stays in one file system) named
    /// `PREFIX` + six random characters + `SUFFIX`, created with `mode`
    /// (less the umask).
    pub fn create_in(
        dir: &Path,
        target: &Path,
        prefix: &str,
        suffix: &str,
        mode: u32,
    ) -> io::Result<TempBeside> {
        let mut builder = tempfile::Builder::new();
        builder.prefix(prefix).suffix(suffix);
        #[cfg(unix)]
        {
            use std::os::unix::fs::PermissionsExt;
            builder.permissions(std::fs::Permissions::from_mode(mode));
        }
        #[cfg(not(unix))]
        let _ = mode;
        Ok(TempBeside {
            target: target.to_path_buf(),
            temp: builder.tempfile_in(dir)?,
        })
    }

    /// Start writing `target`: create a temporary file of a random name
    /// (`.beachcomber-XXXXXX.tmp`, readable by all as a plain new file) in
    /// its folder.
    fn new(target: &Path) -> Result<TempBeside, AtomicError> {
        let dir = match target.parent() {
            Some(p) if !p.as_os_str().is_empty() => p,
            _ => Path::new("."),
        };
        if !dir.is_dir() {
            return Err(AtomicError::NoFolder(
                target.to_path_buf(),
                dir.to_path_buf(),
            ));
        }
        if target.is_dir() {
            return Err(AtomicError::IsFolder(target.to_path_buf()));
        }
        let io = |e| AtomicError::Io(target.to_path_buf(), e);
        let temp =
            TempBeside::create_in(dir, target, ".beachcomber-", ".tmp", 0o644).map_err(io)?;
        // 0644 whatever the umask.
        #[cfg(unix)]
        {
            use std::os::unix::fs::PermissionsExt;
            temp.temp
                .as_file()
                .set_permissions(std::fs::Permissions::from_mode(0o644))
                .map_err(io)?;
        }
        Ok(temp)
    }

    /// The temporary file, to write the content to.
    pub fn file(&mut self) -> &mut File {
        self.temp.as_file_mut()
    }

    /// The temporary file's path (removed by a drop before the commit).
    pub fn temp_path(&self) -> &Path {
        self.temp.path()
    }

    /// Sync the content to the disk (before [`TempBeside::persist`]).
    pub fn sync(&self) -> io::Result<()> {
        self.temp.as_file().sync_all()
    }

    /// Rename the temporary file over the target (replacing whatever has
    /// that name, a link itself, never its target); unsynced: see
    /// [`TempBeside::sync`].
    pub fn persist(self) -> io::Result<()> {
        self.temp
            .persist(&self.target)
            .map(drop)
            .map_err(|e| e.error)
    }

    fn io(&self) -> impl Fn(io::Error) -> AtomicError + '_ {
        |e| AtomicError::Io(self.target.clone(), e)
    }

    /// Sync the content and rename the temporary file over the target
    /// (replacing whatever has that name, a link itself, never its target).
    fn commit(self) -> Result<(), AtomicError> {
        self.sync().map_err(self.io())?;
        let target = self.target.clone();
        self.persist().map_err(|e| AtomicError::Io(target, e))
    }

    /// Sync the content and give the temporary file the target's name only
    /// if nothing has that name yet: [`AtomicError::Exists`] otherwise (the
    /// temporary file is then removed).
    fn commit_new(self) -> Result<(), AtomicError> {
        self.sync().map_err(self.io())?;
        let target = self.target;
        match self.temp.persist_noclobber(&target) {
            Ok(_) => Ok(()),
            Err(e) if e.error.kind() == io::ErrorKind::AlreadyExists => {
                Err(AtomicError::Exists(target))
            }
            Err(e) => Err(AtomicError::Io(target, e.error)),
        }
    }
}

/// Whether `out` can be written by [`write_atomically`] (its folder
/// exists, it is no folder, a temporary file can be created beside it,
/// then removed): a long run checks its output before it starts.
pub fn check_writable(out: &Path) -> Result<(), AtomicError> {
    TempBeside::new(out).map(drop)
}

/// Write `bytes` to `out` through a temporary file in its folder and a
/// rename: never a half-written file.
pub fn write_atomically(out: &Path, bytes: &[u8]) -> Result<(), AtomicError> {
    let mut file = TempBeside::new(out)?;
    file.file().write_all(bytes).map_err(file.io())?;
    file.commit()
}

/// Write `bytes` to a new file `out`, whole: [`AtomicError::Exists`] if
/// something already has that name (it is left as it is).
pub fn write_new(out: &Path, bytes: &[u8]) -> Result<(), AtomicError> {
    let mut file = TempBeside::new(out)?;
    file.file().write_all(bytes).map_err(file.io())?;
    file.commit_new()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn names(dir: &Path) -> Vec<String> {
        let mut names: Vec<String> = std::fs::read_dir(dir)
            .unwrap()
            .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
            .collect();
        names.sort();
        names
    }

    #[test]
    fn writes_whole_files_and_leaves_no_temporary() {
        let dir = tempfile::tempdir().unwrap();
        let out = dir.path().join("a.txt");
        write_atomically(&out, b"one").unwrap();
        write_atomically(&out, b"two").unwrap();
        assert_eq!(std::fs::read(&out).unwrap(), b"two");
        assert_eq!(names(dir.path()), ["a.txt"]);
        #[cfg(unix)]
        {
            use std::os::unix::fs::PermissionsExt;
            let mode = std::fs::metadata(&out).unwrap().permissions().mode();
            assert_eq!(mode & 0o777, 0o644);
        }
    }

    #[test]
    fn a_new_file_never_replaces_one() {
        let dir = tempfile::tempdir().unwrap();
        let out = dir.path().join("a.txt");
        write_new(&out, b"first").unwrap();
        let e = write_new(&out, b"second").unwrap_err();
        assert!(matches!(e, AtomicError::Exists(_)), "{e}");
        assert_eq!(
            e.to_string(),
            format!("cannot write {}: it exists already", out.display())
        );
        assert_eq!(std::fs::read(&out).unwrap(), b"first");
        assert_eq!(names(dir.path()), ["a.txt"]);
    }

    #[cfg(unix)]
    #[test]
    fn links_are_replaced_never_followed() {
        let dir = tempfile::tempdir().unwrap();
        let victim = dir.path().join("victim");
        std::fs::write(&victim, "precious").unwrap();
        let out = dir.path().join("out");
        std::os::unix::fs::symlink(&victim, &out).unwrap();
        // A new file: the link has the name, nothing is written.
        assert!(matches!(write_new(&out, b"x"), Err(AtomicError::Exists(_))));
        // A rename replaces the link itself.
        write_atomically(&out, b"mine").unwrap();
        assert_eq!(std::fs::read(&victim).unwrap(), b"precious");
        assert_eq!(std::fs::read(&out).unwrap(), b"mine");
        assert!(!std::fs::symlink_metadata(&out).unwrap().is_symlink());
        // A dangling link is a name taken too.
        let dangling = dir.path().join("dangling");
        std::os::unix::fs::symlink(dir.path().join("nowhere"), &dangling).unwrap();
        assert!(matches!(
            write_new(&dangling, b"x"),
            Err(AtomicError::Exists(_))
        ));
        assert!(!dir.path().join("nowhere").exists());
    }

    #[test]
    fn bad_targets_are_errors() {
        let dir = tempfile::tempdir().unwrap();
        let missing = dir.path().join("no/such/a.txt");
        assert_eq!(
            write_atomically(&missing, b"x").unwrap_err().to_string(),
            format!(
                "cannot write {}: no folder {}",
                missing.display(),
                dir.path().join("no/such").display()
            )
        );
        assert_eq!(
            write_atomically(dir.path(), b"x").unwrap_err().to_string(),
            format!("cannot write {}: it is a folder", dir.path().display())
        );
        // A dropped file leaves nothing.
        let f = TempBeside::new(&dir.path().join("b")).unwrap();
        let temp = f.temp_path().to_path_buf();
        assert!(temp.exists());
        drop(f);
        assert!(!temp.exists());
        assert!(names(dir.path()).is_empty());
    }

    /// The run store's outputs use the same temporary file: their own
    /// name pattern and mode, written, synced and renamed over the target.
    #[cfg(unix)]
    #[test]
    fn a_temporary_file_of_a_given_name_and_mode_replaces_its_target() {
        use std::os::unix::fs::PermissionsExt;
        let dir = tempfile::tempdir().unwrap();
        let out = dir.path().join("g.csv");
        std::fs::write(&out, "old").unwrap();
        let mut temp =
            TempBeside::create_in(dir.path(), &out, ".g.csv.", ".partial", 0o600).unwrap();
        let name = temp
            .temp_path()
            .file_name()
            .unwrap()
            .to_string_lossy()
            .into_owned();
        assert!(
            name.starts_with(".g.csv.") && name.ends_with(".partial"),
            "{name}"
        );
        assert_eq!(name.len(), ".g.csv.".len() + 6 + ".partial".len(), "{name}");
        let mode = std::fs::metadata(temp.temp_path())
            .unwrap()
            .permissions()
            .mode();
        assert_eq!(mode & 0o777, 0o600);
        temp.write_all(b"new").unwrap();
        temp.sync().unwrap();
        assert_eq!(std::fs::read(&out).unwrap(), b"old");
        temp.persist().unwrap();
        assert_eq!(std::fs::read(&out).unwrap(), b"new");
        assert_eq!(names(dir.path()), ["g.csv"]);
    }
}
