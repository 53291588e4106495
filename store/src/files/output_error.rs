//! Why an output file (or a run's partial file) cannot be resolved or
//! written: the refusals before anything is played and the failures while
//! writing, each naming the option and the path as given.

use std::io;
use std::path::{Path, PathBuf};

use beachcomber::atomic_file::AtomicError;
use beachcomber::record::io::Compression;
use beachcomber::spec::{one_line, one_line_path};

/// Why an output cannot be resolved or written.
#[derive(Debug, thiserror::Error)]
pub enum OutputError {
    /// Writing (creating, syncing, renaming) failed.
    #[error("{label}: cannot write `{}`: {source}", one_line_path(.path))]
    Write {
        /// The option that names the output (`--out`).
        label: String,
        /// The path as given.
        path: PathBuf,
        /// What failed.
        source: io::Error,
    },
    /// Its temporary (or partial) file cannot be created in its folder.
    #[error(
        "{label}: cannot write `{}`: {source} (check that its folder is writable)",
        one_line_path(.path)
    )]
    CreateInFolder {
        /// The option that names the output.
        label: String,
        /// The path as given.
        path: PathBuf,
        /// What failed.
        source: io::Error,
    },
    /// The path cannot be looked at.
    #[error(
        "{label}: cannot write `{}`: {source} (check that its folder exists and is a folder)",
        one_line_path(.path)
    )]
    Inspect {
        /// The option that names the output.
        label: String,
        /// The path as given.
        path: PathBuf,
        /// What failed.
        source: io::Error,
    },
    /// The background sync of a partial file did not finish.
    #[error("{label}: cannot write `{}`: the background sync failed", one_line_path(.path))]
    BackgroundSync {
        /// The option that names the output.
        label: String,
        /// The path as given.
        path: PathBuf,
    },
    /// The compressor of a record output cannot start.
    #[error(
        "{label}: cannot write `{}`: cannot start the {compression} compressor: {source}",
        one_line_path(.path)
    )]
    Compressor {
        /// The option that names the output.
        label: String,
        /// The path as given.
        path: PathBuf,
        /// The compression asked for.
        compression: Compression,
        /// What failed.
        source: io::Error,
    },
    /// A rename into place failed after others succeeded.
    #[error(
        "{label}: cannot write `{}`: {source}{}",
        one_line_path(.path),
        written_already(.written)
    )]
    Rename {
        /// The option that names the output.
        label: String,
        /// The path as given.
        path: PathBuf,
        /// What failed.
        source: io::Error,
        /// The options whose files were renamed into place before.
        written: Vec<String>,
    },
    /// An empty path.
    #[error("{label}: the file name is empty")]
    EmptyName {
        /// The option that names the output.
        label: String,
    },
    /// A path ending in `/` whose folder does not exist.
    #[error(
        "{label}: `{}` names a folder (it ends in `/`) but `{}` is not a folder; \
         give a file name such as `{}` (create the folder first)",
        one_line_path(.path),
        one_line(&folder_of(.path)),
        one_line_path(&.path.join("results.csv"))
    )]
    MissingFolder {
        /// The option that names the output.
        label: String,
        /// The path as given.
        path: PathBuf,
    },
    /// The path is a directory.
    #[error(
        "{label}: `{}` is a directory; give a file name such as `{}`",
        one_line_path(.path),
        one_line_path(&.path.join("results.csv"))
    )]
    IsDirectory {
        /// The option that names the output.
        label: String,
        /// The path as given.
        path: PathBuf,
    },
    /// The path (or the end of its symlinks) has no file name.
    #[error("{label}: `{}` does not name a file", one_line_path(.path))]
    NoFileName {
        /// The option that names the output.
        label: String,
        /// The path as given.
        path: PathBuf,
    },
    /// The output's folder is not a folder.
    #[error(
        "{label}: cannot write `{}`: `{}` is not a folder",
        one_line_path(.path),
        one_line_path(.parent)
    )]
    ParentNotFolder {
        /// The option that names the output.
        label: String,
        /// The path as given.
        path: PathBuf,
        /// Its folder.
        parent: PathBuf,
    },
    /// The output's folder does not exist.
    #[error(
        "{label}: cannot write `{}`: the folder `{}` does not exist (create it first)",
        one_line_path(.path),
        one_line_path(.parent)
    )]
    ParentMissing {
        /// The option that names the output.
        label: String,
        /// The path as given.
        path: PathBuf,
        /// Its folder.
        parent: PathBuf,
    },
    /// Two outputs are one file.
    #[error(
        "{label} and {earlier} are the same file (`{}`): give each output its own file",
        one_line_path(.path)
    )]
    SameFile {
        /// The option that names the output.
        label: String,
        /// The option of the earlier output it is.
        earlier: String,
        /// The path as given.
        path: PathBuf,
    },
    /// An output is one of the command's inputs.
    #[error(
        "{label} `{}` is the {what} `{}`: writing it would destroy an input; choose another file",
        one_line_path(.path),
        one_line_path(.input)
    )]
    IsInput {
        /// The option that names the output.
        label: String,
        /// The path as given.
        path: PathBuf,
        /// What the input is.
        what: String,
        /// The input's path.
        input: PathBuf,
    },
    /// An output is one of the files the run writes itself.
    #[error(
        "{label} `{}` is {what} (`{}`), which the run writes itself; choose another name",
        one_line_path(.path),
        one_line_path(.name)
    )]
    RunWritesIt {
        /// The option that names the output.
        label: String,
        /// The path as given.
        path: PathBuf,
        /// Which of the run's own files it is.
        what: String,
        /// That file's path.
        name: PathBuf,
    },
    /// A Parquet file named for an output other than `--out`.
    #[error(
        "{label}: `{}`: only --out can be written as Parquet (the {what} is written as {format})",
        one_line_path(.path)
    )]
    ParquetOnlyOut {
        /// The option that names the output.
        label: String,
        /// The path as given.
        path: PathBuf,
        /// What the option writes.
        what: &'static str,
        /// Its format.
        format: &'static str,
    },
    /// A Parquet `--out` of a run that is not a regular file.
    #[error(
        "{label}: `{}` is not a regular file: a Parquet file is written whole when the run \
         ends (write it to a file, or give a name ending in .csv to stream CSV rows)",
        one_line_path(.path)
    )]
    ParquetNotAFile {
        /// The option that names the output.
        label: String,
        /// The path as given.
        path: PathBuf,
    },
    /// A stale file of an earlier run cannot be removed.
    #[error("cannot remove the stale `{}`: {source}", one_line_path(.path))]
    RemoveStale {
        /// The stale file.
        path: PathBuf,
        /// What failed.
        source: io::Error,
    },
    /// A file written whole through a temporary file failed.
    #[error(transparent)]
    Replace(#[from] AtomicError),
    /// Another process holds the partial file's lock.
    #[error(
        "{label}: `{}` is being written by another beachcomber process (it holds the file's \
         lock): wait for that run to end, or stop it and continue it with --resume",
        one_line_path(.partial)
    )]
    LiveRun {
        /// The option of the output.
        label: String,
        /// Its partial file.
        partial: PathBuf,
    },
    /// A partial file exists where locks cannot tell a live run from an
    /// interrupted one.
    #[error(
        "{label}: `{}` exists: another run is writing it, or an interrupted run left it \
         (continue that run with --resume, or delete the file)",
        one_line_path(.partial)
    )]
    CannotTell {
        /// The option of the output.
        label: String,
        /// Its partial file.
        partial: PathBuf,
    },
    /// A file cannot be opened.
    #[error("{label}: cannot open `{}`: {source}", one_line_path(.path))]
    Open {
        /// The option of the output.
        label: String,
        /// The file.
        path: PathBuf,
        /// What failed.
        source: io::Error,
    },
}

/// ` (--out, --record written already)`, or nothing.
fn written_already(written: &[String]) -> String {
    if written.is_empty() {
        String::new()
    } else {
        format!(" ({} written already)", written.join(", "))
    }
}

/// `results` of `results/`.
fn folder_of(path: &Path) -> String {
    path.to_string_lossy().trim_end_matches('/').to_string()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_failed_rename_names_the_outputs_written_before_it() {
        let e = OutputError::Rename {
            label: "--summary".into(),
            path: PathBuf::from("out/s.md"),
            source: io::Error::other("disk full"),
            written: vec!["--out".into(), "--record".into()],
        };
        assert_eq!(
            e.to_string(),
            "--summary: cannot write `out/s.md`: disk full (--out, --record written already)"
        );
    }

    #[test]
    fn a_missing_folder_is_named_without_its_slash() {
        let e = OutputError::MissingFolder {
            label: "--out".into(),
            path: PathBuf::from("results/"),
        };
        assert_eq!(
            e.to_string(),
            "--out: `results/` names a folder (it ends in `/`) but `results` is not a folder; \
             give a file name such as `results/results.csv` (create the folder first)"
        );
    }
}
