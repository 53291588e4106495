//! Folder outputs (`sweep --out DIR`, `search --out DIR`, `merge --out DIR`
//! of a sweep's shards) under the rule of file outputs: the output itself
//! may be created, its parent folder must exist. A file output (`tournament
//! --out FILE`) whose folder is missing is refused
//! ([`OutputError::ParentMissing`](super::output_error::OutputError));
//! a folder output whose parent is missing is refused the same way here,
//! so a typing mistake (`/nonexistent/x/y`) never creates a tree of
//! folders.

use std::io;
use std::path::{Path, PathBuf};

use beachcomber::spec::one_line_path;

/// Why a folder output cannot be used.
#[derive(Debug, thiserror::Error)]
pub enum OutFolderError {
    /// The path exists and is not a folder.
    #[error(
        "{label}: `{}` is not a folder (this command writes several files into a folder)",
        one_line_path(.path)
    )]
    NotAFolder {
        /// The option that names the folder.
        label: String,
        /// The path as given.
        path: PathBuf,
    },
    /// The folder's parent does not exist.
    #[error(
        "{label}: cannot write `{}`: the folder `{}` does not exist (create it first)",
        one_line_path(.path),
        one_line_path(.parent)
    )]
    ParentMissing {
        /// The option that names the folder.
        label: String,
        /// The path as given.
        path: PathBuf,
        /// Its parent.
        parent: PathBuf,
    },
    /// The folder's parent is not a folder.
    #[error(
        "{label}: cannot write `{}`: `{}` is not a folder",
        one_line_path(.path),
        one_line_path(.parent)
    )]
    ParentNotFolder {
        /// The option that names the folder.
        label: String,
        /// The path as given.
        path: PathBuf,
        /// Its parent.
        parent: PathBuf,
    },
    /// The folder cannot be created (or inspected).
    #[error("{label}: cannot create the folder `{}`: {source}", one_line_path(.path))]
    Create {
        /// The option that names the folder.
        label: String,
        /// The path as given.
        path: PathBuf,
        /// What failed.
        source: io::Error,
    },
}

/// The folder holding `path` (`.` for a bare name).
fn parent_of(path: &Path) -> PathBuf {
    match path.parent() {
        Some(p) if !p.as_os_str().is_empty() => p.to_path_buf(),
        _ => PathBuf::from("."),
    }
}

/// Check that the output `path` (a file or a folder, named by option
/// `label`) could be created: if it does not exist, its parent folder
/// must. The rule every `--out` follows.
pub fn check_out_parent(label: &str, path: &Path) -> Result<(), OutFolderError> {
    // A path that exists (even a dangling link, which the file outputs
    // resolve themselves) needs no parent check.
    if path.symlink_metadata().is_ok() {
        return Ok(());
    }
    let parent = parent_of(path);
    match std::fs::metadata(&parent) {
        Ok(m) if m.is_dir() => Ok(()),
        Ok(_) => Err(OutFolderError::ParentNotFolder {
            label: label.to_string(),
            path: path.to_path_buf(),
            parent,
        }),
        Err(e)
            if matches!(
                e.kind(),
                io::ErrorKind::NotFound | io::ErrorKind::NotADirectory
            ) =>
        {
            Err(OutFolderError::ParentMissing {
                label: label.to_string(),
                path: path.to_path_buf(),
                parent,
            })
        }
        Err(source) => Err(OutFolderError::Create {
            label: label.to_string(),
            path: path.to_path_buf(),
            source,
        }),
    }
}

/// Make sure the folder output `dir` (named by option `label`) exists:
/// an existing folder is used as it is; a missing one is created (one
/// folder, never its parents: see [`check_out_parent`]); anything else
/// is refused.
pub fn create_out_folder(label: &str, dir: &Path) -> Result<(), OutFolderError> {
    let create = |source| OutFolderError::Create {
        label: label.to_string(),
        path: dir.to_path_buf(),
        source,
    };
    match std::fs::metadata(dir) {
        Ok(m) if m.is_dir() => return Ok(()),
        Ok(_) => {
            return Err(OutFolderError::NotAFolder {
                label: label.to_string(),
                path: dir.to_path_buf(),
            });
        }
        // Missing, or under a file (`file/sub`): the parent check says.
        Err(e)
            if matches!(
                e.kind(),
                io::ErrorKind::NotFound | io::ErrorKind::NotADirectory
            ) => {}
        Err(e) => return Err(create(e)),
    }
    check_out_parent(label, dir)?;
    match std::fs::create_dir(dir) {
        Ok(()) => Ok(()),
        // Made meanwhile by another process: use it.
        Err(e) if e.kind() == io::ErrorKind::AlreadyExists && dir.is_dir() => Ok(()),
        Err(e) => Err(create(e)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_folder_is_created_but_never_its_parents() {
        let tmp = tempfile::tempdir().unwrap();
        let t = tmp.path();
        let new = t.join("new");
        create_out_folder("--out", &new).unwrap();
        assert!(new.is_dir());
        // Again: an existing folder is used.
        create_out_folder("--out", &new).unwrap();
        let deep = t.join("no/x/y");
        let e = create_out_folder("--out", &deep).unwrap_err().to_string();
        assert_eq!(
            e,
            format!(
                "--out: cannot write `{}`: the folder `{}` does not exist (create it first)",
                deep.display(),
                t.join("no/x").display()
            )
        );
        assert!(!t.join("no").exists());
        std::fs::write(t.join("file"), "").unwrap();
        let e = create_out_folder("--out", &t.join("file")).unwrap_err();
        assert!(matches!(e, OutFolderError::NotAFolder { .. }), "{e}");
        let e = create_out_folder("--out", &t.join("file/sub")).unwrap_err();
        assert!(matches!(e, OutFolderError::ParentNotFolder { .. }), "{e}");
        assert_eq!(
            check_out_parent("--out", &t.join("no/g.csv"))
                .unwrap_err()
                .to_string(),
            format!(
                "--out: cannot write `{}`: the folder `{}` does not exist (create it first)",
                t.join("no/g.csv").display(),
                t.join("no").display()
            )
        );
        check_out_parent("--out", &t.join("g.csv")).unwrap();
    }
}
