//! Folder outputs (`sweep --out DIR`, `search --out DIR`, `merge --out DIR`
//! of a sweep's shards) under the rule of file outputs: the output itself
//! may be created, its parent folder must exist. A file output (`tournament
//! --out FILE`) whose folder is missing is refused
//! ([`OutputError::ParentMissing`](super::output_error::OutputError));
//! a folder output whose parent is missing is refused the same way here,
//! so a typing mistake (`/nonexistent/x/y`) never creates a tree of
//! folders.
//!
//! The parent check itself is one function for both ([`output_parent`]): a
//! parent that does not exist is missing; one that is a file, or lies under
//! a file (`file/sub/x`), is not a folder, and the error names the file. A
//! folder output (and a plot) that is a dangling symbolic link is refused
//! naming the link and where it points (a folder cannot be created through
//! a link, and the plot's rename would replace the link); a file output of
//! a run follows the link and creates its target (docs/cli.md), its
//! target's parent checked the same way.

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
    /// The output is a symbolic link to nothing.
    #[error(
        "{label}: cannot write `{}`: it is a symbolic link to `{}`, which does not exist",
        one_line_path(.path),
        one_line_path(.target)
    )]
    DanglingLink {
        /// The option that names the output.
        label: String,
        /// The path as given.
        path: PathBuf,
        /// Where the link points.
        target: PathBuf,
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

/// What is wrong with the folder a new output would be created in
/// ([`output_parent`]).
#[derive(Debug)]
pub(crate) enum ParentError {
    /// The folder does not exist.
    Missing(PathBuf),
    /// The folder, or the nearest of its ancestors that exists, is not a
    /// folder (that path).
    NotFolder(PathBuf),
    /// The folder cannot be inspected.
    Inspect(io::Error),
}

/// The folder the output `path`, which does not exist yet, would be
/// created in, checked: it must exist and be a folder. The one parent check
/// of file outputs ([`super::output::resolve_outputs`]) and folder outputs
/// ([`check_out_parent`]).
pub(crate) fn output_parent(path: &Path) -> Result<PathBuf, ParentError> {
    let parent = parent_of(path);
    match std::fs::metadata(&parent) {
        Ok(m) if m.is_dir() => Ok(parent),
        Ok(_) => Err(ParentError::NotFolder(parent)),
        Err(e) if e.kind() == io::ErrorKind::NotFound => Err(ParentError::Missing(parent)),
        // Under a file (`file/sub/x`): name the file.
        Err(e) if e.kind() == io::ErrorKind::NotADirectory => {
            let file = parent
                .ancestors()
                .skip(1)
                .filter(|a| !a.as_os_str().is_empty())
                .find(|a| std::fs::metadata(a).is_ok_and(|m| !m.is_dir()))
                .map_or(parent.clone(), Path::to_path_buf);
            Err(ParentError::NotFolder(file))
        }
        Err(e) => Err(ParentError::Inspect(e)),
    }
}

/// Check that the output `path` (a file or a folder, named by option
/// `label`) could be created: if it does not exist, its parent folder
/// must ([`output_parent`]); a dangling symbolic link is refused. The rule
/// every `--out` follows.
pub fn check_out_parent(label: &str, path: &Path) -> Result<(), OutFolderError> {
    if let Ok(meta) = path.symlink_metadata() {
        if meta.file_type().is_symlink() && std::fs::metadata(path).is_err() {
            return Err(OutFolderError::DanglingLink {
                label: label.to_string(),
                path: path.to_path_buf(),
                target: std::fs::read_link(path).unwrap_or_default(),
            });
        }
        return Ok(());
    }
    let (label, path) = (label.to_string(), path.to_path_buf());
    match output_parent(&path) {
        Ok(_) => Ok(()),
        Err(ParentError::Missing(parent)) => Err(OutFolderError::ParentMissing {
            label,
            path,
            parent,
        }),
        Err(ParentError::NotFolder(parent)) => Err(OutFolderError::ParentNotFolder {
            label,
            path,
            parent,
        }),
        Err(ParentError::Inspect(source)) => Err(OutFolderError::Create {
            label,
            path,
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

    /// Hostile trees: a missing parent, a parent that is a file, a parent
    /// under a file, a parent that is a dangling link and an output that is
    /// one, checked by folder outputs and by file outputs alike.
    #[cfg(unix)]
    #[test]
    fn files_and_folders_check_their_parent_by_one_rule() {
        use crate::files::output::resolve_outputs;
        let tmp = tempfile::tempdir().unwrap();
        let t = tmp.path();
        std::fs::write(t.join("file"), "").unwrap();
        std::os::unix::fs::symlink(t.join("nowhere"), t.join("dl")).unwrap();
        let folder = |p: &Path| check_out_parent("--out", p).unwrap_err().to_string();
        let file = |p: &Path| {
            resolve_outputs(&[("--out", p)], &[])
                .unwrap_err()
                .to_string()
        };
        let missing = |d: &str| {
            format!(
                "the folder `{}` does not exist (create it first)",
                t.join(d).display()
            )
        };
        let not_folder = |d: &str| format!("`{}` is not a folder", t.join(d).display());
        // Under a file (`file/sub/x`) the file is named: folders said "the
        // folder `file/sub` does not exist", files "Not a directory (os
        // error 20)". Under a dangling link its folder does not exist.
        for (p, why) in [
            ("no/x", missing("no")),
            ("file/x", not_folder("file")),
            ("file/sub/x", not_folder("file")),
            ("dl/x", missing("dl")),
        ] {
            let want = format!("--out: cannot write `{}`: {why}", t.join(p).display());
            assert_eq!(folder(&t.join(p)), want);
            assert_eq!(file(&t.join(p)), want);
        }
        // A dangling link as a folder output: refused, naming both (it
        // passed the check and failed later with "File exists").
        let p = t.join("dl");
        assert_eq!(
            folder(&p),
            format!(
                "--out: cannot write `{}`: it is a symbolic link to `{}`, which does not exist",
                p.display(),
                t.join("nowhere").display()
            )
        );
        assert!(matches!(
            create_out_folder("--out", &p),
            Err(OutFolderError::DanglingLink { .. })
        ));
        // A file output follows it, its target's parent checked alike.
        resolve_outputs(&[("--out", &p)], &[]).unwrap();
        std::os::unix::fs::symlink(t.join("file/sub/y"), t.join("dl2")).unwrap();
        let p = t.join("dl2");
        assert_eq!(
            file(&p),
            format!(
                "--out: cannot write `{}`: {}",
                p.display(),
                not_folder("file")
            )
        );
        assert!(!t.join("nowhere").exists());
    }
}
