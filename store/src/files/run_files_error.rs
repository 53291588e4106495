//! Why a run's own files (its partial outputs, checkpoint and manifest)
//! cannot be opened, resumed or finished, and what an abandoned run keeps.

use std::io;
use std::path::PathBuf;

use beachcomber::spec::{one_line, one_line_path};

use crate::files::output_error::OutputError;
use crate::manifest::{Inconsistent, ReadError};

/// Why a run's files cannot be opened, resumed, checkpointed or finished.
#[derive(Debug, thiserror::Error)]
pub enum RunFilesError {
    /// An output (or its partial file) cannot be written.
    #[error(transparent)]
    Output(#[from] OutputError),
    /// A fresh run found an interrupted run's checkpoint.
    #[error(
        "`{}` exists: an interrupted run with these outputs can be continued with --resume \
         (or delete it and its .partial files to start again)",
        one_line_path(.checkpoint)
    )]
    CheckpointExists {
        /// The checkpoint.
        checkpoint: PathBuf,
    },
    /// `--resume` of a run that keeps no checkpoint.
    #[error(
        "--resume needs every output to be a regular file (a device such as /dev/stdout \
         cannot be resumed) and at least one of --out, --record, --summary"
    )]
    NotResumable,
    /// `--resume` found neither a checkpoint nor partial files.
    #[error(
        "--resume: nothing to resume: `{}` does not exist (the run finished, or was \
         never started with these outputs)",
        one_line_path(.checkpoint)
    )]
    NothingToResume {
        /// The checkpoint looked for.
        checkpoint: PathBuf,
    },
    /// The checkpoint cannot be read.
    #[error("--resume: cannot read `{}`: {source}", one_line_path(.checkpoint))]
    ReadCheckpoint {
        /// The checkpoint.
        checkpoint: PathBuf,
        /// What failed.
        source: io::Error,
    },
    /// The checkpoint is of another format.
    #[error(
        "--resume: `{}` has checkpoint {error} (finish the run with the program that \
         started it)",
        one_line_path(.checkpoint)
    )]
    CheckpointFormat {
        /// The checkpoint.
        checkpoint: PathBuf,
        /// Its format and the one this program reads.
        error: ReadError,
    },
    /// The checkpoint does not parse.
    #[error(
        "--resume: `{}` is not a checkpoint of this program: {error}",
        one_line_path(.checkpoint)
    )]
    NotACheckpoint {
        /// The checkpoint.
        checkpoint: PathBuf,
        /// Why it does not parse.
        error: ReadError,
    },
    /// The checkpoint's counts do not fit the run.
    #[error(
        "--resume: `{}` is damaged ({}): the run cannot be resumed",
        one_line_path(.checkpoint),
        one_line(&.what.to_string())
    )]
    Damaged {
        /// The checkpoint.
        checkpoint: PathBuf,
        /// What does not fit.
        what: Inconsistent,
    },
    /// A file a game spec names was edited since the run started.
    #[error(
        "--resume: {change}; the run cannot be resumed with the edited file (restore \
         it, or start the run afresh)"
    )]
    EditedFile {
        /// Which file changed ([`beachcomber::spec_files::changed_file`]).
        change: String,
    },
    /// The command differs from the interrupted run's.
    #[error(
        "--resume: this command differs from the interrupted run in {}; \
         repeat the interrupted command exactly (see `{}`)",
        one_line(.difference),
        one_line_path(.checkpoint)
    )]
    Differs {
        /// The first difference ([`crate::manifest::first_difference`]).
        difference: String,
        /// The checkpoint.
        checkpoint: PathBuf,
    },
    /// A finishing checkpoint without the length or hash of an output.
    #[error("--resume: the finishing checkpoint has no length or hash for {label}")]
    NoFinishingCheck {
        /// The output's option.
        label: String,
    },
    /// A file of the finishing run cannot be read.
    #[error(
        "{label}: cannot read `{}`: {source} (a file of the finishing run)",
        one_line_path(.path)
    )]
    ReadFinishing {
        /// The output's option.
        label: String,
        /// The file.
        path: PathBuf,
        /// What failed.
        source: io::Error,
    },
    /// A file of the finishing run was changed.
    #[error(
        "{label}: `{}` is not the file the finishing run wrote: {difference}; the run \
         cannot be resumed",
        one_line_path(.path)
    )]
    NotFinishingFile {
        /// The output's option.
        label: String,
        /// The file.
        path: PathBuf,
        /// How it differs ([`crate::manifest::check_file`]).
        difference: String,
    },
    /// The interrupted run's partial output cannot be opened.
    #[error(
        "--resume: cannot open `{}`: {source} (the interrupted run's partial output)",
        one_line_path(.partial)
    )]
    OpenPartial {
        /// The partial file.
        partial: PathBuf,
        /// What failed.
        source: io::Error,
    },
    /// A partial file is not of the length the checkpoint counts.
    #[error(
        "--resume: `{}` holds {have} bytes, not the {want} bytes the checkpoint \
         counts: the partial file was changed; the run cannot be resumed",
        one_line_path(.partial)
    )]
    PartialLength {
        /// The partial file.
        partial: PathBuf,
        /// Its length.
        have: u64,
        /// The checkpoint's count.
        want: u64,
    },
    /// A partial file's checkpointed bytes are not the hashed ones.
    #[error(
        "--resume: the first {want} bytes of `{}` are not those the checkpoint \
         recorded (xxh3 differs): the partial file was changed; the run cannot be \
         resumed",
        one_line_path(.partial)
    )]
    PartialHash {
        /// The partial file.
        partial: PathBuf,
        /// The checkpoint's count.
        want: u64,
    },
    /// The checkpoint cannot be written.
    #[error("cannot write the checkpoint `{}`: {source}", one_line_path(.path))]
    WriteCheckpoint {
        /// The checkpoint.
        path: PathBuf,
        /// What failed.
        source: io::Error,
    },
    /// The manifest cannot be written.
    #[error("cannot write the manifest `{}`: {source}", one_line_path(.path))]
    WriteManifest {
        /// The manifest.
        path: PathBuf,
        /// What failed.
        source: io::Error,
    },
}

/// What an abandoned resumable run keeps, and how to continue it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct KeptFiles {
    /// The partial files left.
    pub partials: Vec<PathBuf>,
    /// The checkpoint.
    pub checkpoint: PathBuf,
}

impl std::fmt::Display for KeptFiles {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let partials: Vec<String> = self
            .partials
            .iter()
            .map(|p| format!("`{}`", one_line_path(p)))
            .collect();
        write!(
            f,
            "finished games are kept in {} (checkpoint `{}`); run the same command with --resume to continue",
            partials.join(", "),
            one_line_path(&self.checkpoint)
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_damaged_checkpoint_names_what_does_not_fit() {
        let e = RunFilesError::Damaged {
            checkpoint: PathBuf::from("out.csv.checkpoint.json"),
            what: Inconsistent::TooManyGames {
                next: 12,
                total: 10,
            },
        };
        assert_eq!(
            e.to_string(),
            "--resume: `out.csv.checkpoint.json` is damaged (it counts 12 games complete of 10): \
             the run cannot be resumed"
        );
    }

    #[test]
    fn kept_files_are_listed_with_the_checkpoint() {
        let kept = KeptFiles {
            partials: vec![
                PathBuf::from("a.csv.partial"),
                PathBuf::from("a.jsonl.partial"),
            ],
            checkpoint: PathBuf::from("a.csv.checkpoint.json"),
        };
        assert_eq!(
            kept.to_string(),
            "finished games are kept in `a.csv.partial`, `a.jsonl.partial` (checkpoint \
             `a.csv.checkpoint.json`); run the same command with --resume to continue"
        );
    }
}
