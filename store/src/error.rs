//! Why a run could not be played into its files ([`crate::execute`]): the
//! errors of the store's parts, and how a run that stopped early left its
//! files.

use beachcomber::bot::BotFailure;
use beachcomber::tournament::{Invalid, RunError};

use crate::compare_files::CompareFilesError;
use crate::engines::EnginesError;
use crate::files::output_error::OutputError;
use crate::files::paths::RecordNameError;
use crate::files::run_files_error::{KeptFiles, RunFilesError};
use crate::final_files::FinalFilesError;

/// Why a run stopped without finishing its files.
#[derive(Debug, thiserror::Error)]
pub enum StoreError {
    /// The plan is not a valid one.
    #[error("the run: {0}")]
    Plan(Invalid),
    /// `--record`'s name.
    #[error(transparent)]
    RecordName(#[from] RecordNameError),
    /// An output cannot be resolved or written.
    #[error(transparent)]
    Output(#[from] OutputError),
    /// The run's files cannot be opened, resumed, checkpointed or finished.
    #[error(transparent)]
    Files(#[from] RunFilesError),
    /// The engines cannot be started.
    #[error(transparent)]
    Engines(#[from] EnginesError),
    /// The comparison's flags do not fit the run, or its files.
    #[error(transparent)]
    Compare(#[from] CompareFilesError),
    /// The final files cannot be made.
    #[error(transparent)]
    FinalFiles(#[from] FinalFilesError),
    /// A bot's learned model does not fit the run's game.
    #[error(transparent)]
    Model(#[from] beachcomber_bots::ModelMismatch),
    /// The worker threads cannot start.
    #[error("cannot start worker threads: {0}")]
    Threads(rayon::ThreadPoolBuildError),
    /// The run stopped on an error (compressing records, writing a chunk).
    #[error(transparent)]
    Play(RunError),
    /// An error after which the finished games are kept.
    #[error("{error}; {kept}")]
    Kept {
        /// What stopped the run.
        error: Box<StoreError>,
        /// What is kept, and how to continue.
        kept: KeptFiles,
    },
    /// A signal stopped the run.
    #[error("interrupted{after}")]
    Interrupted {
        /// How the files were left.
        after: Interrupted,
    },
    /// A bot failed and stopped the run.
    #[error("{failure}{log_note}; {left}")]
    Bot {
        /// What failed.
        failure: Box<BotFailure>,
        /// Where the engines' standard error is, if engines ran.
        log_note: String,
        /// How the files were left.
        left: Left,
    },
}

/// How an interrupted run left its files (after `interrupted`).
#[derive(Debug)]
pub enum Interrupted {
    /// Checkpointed: ` after N of T games: KEPT`.
    Kept {
        /// Games complete.
        next: u64,
        /// The run's games.
        total: u64,
        /// What is kept.
        kept: KeptFiles,
    },
    /// The last checkpoint failed: `; ERROR`.
    Unsaved(Box<RunFilesError>),
    /// Nothing to keep: `: stopped, no output written`.
    Nothing,
}

impl std::fmt::Display for Interrupted {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Interrupted::Kept { next, total, kept } => {
                write!(f, " after {next} of {total} games: {kept}")
            }
            Interrupted::Unsaved(e) => write!(f, "; {e}"),
            Interrupted::Nothing => f.write_str(": stopped, no output written"),
        }
    }
}

/// How a run a bot stopped left its files.
#[derive(Debug)]
pub enum Left {
    /// Checkpointed.
    Kept(KeptFiles),
    /// The last checkpoint failed.
    Unsaved(Box<RunFilesError>),
    /// Nothing was kept.
    Nothing,
}

impl std::fmt::Display for Left {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Left::Kept(kept) => kept.fmt(f),
            Left::Unsaved(e) => e.fmt(f),
            Left::Nothing => f.write_str("no output written"),
        }
    }
}

impl StoreError {
    /// `error`, with what an abandoned run kept, if anything.
    pub fn kept(error: impl Into<StoreError>, kept: Option<KeptFiles>) -> StoreError {
        match kept {
            Some(kept) => StoreError::Kept {
                error: Box::new(error.into()),
                kept,
            },
            None => error.into(),
        }
    }
}

impl From<RunError> for StoreError {
    /// A run's error; a chunk the file sink could not write is its own
    /// error again.
    fn from(e: RunError) -> StoreError {
        match e {
            RunError::Sink(sink) => match sink.downcast::<RunFilesError>() {
                Ok(files) => StoreError::Files(*files),
                Err(other) => StoreError::Play(RunError::Sink(other)),
            },
            e => StoreError::Play(e),
        }
    }
}

#[cfg(test)]
mod tests {
    use std::path::PathBuf;

    use super::*;

    fn kept() -> KeptFiles {
        KeptFiles {
            partials: vec![PathBuf::from("t.csv.partial")],
            checkpoint: PathBuf::from("t.csv.checkpoint.json"),
        }
    }

    #[test]
    fn an_interrupted_run_says_how_many_games_it_kept() {
        let e = StoreError::Interrupted {
            after: Interrupted::Kept {
                next: 64,
                total: 1000,
                kept: kept(),
            },
        };
        assert_eq!(
            e.to_string(),
            "interrupted after 64 of 1000 games: finished games are kept in `t.csv.partial` \
             (checkpoint `t.csv.checkpoint.json`); run the same command with --resume to continue"
        );
        let e = StoreError::Interrupted {
            after: Interrupted::Nothing,
        };
        assert_eq!(e.to_string(), "interrupted: stopped, no output written");
    }

    #[test]
    fn an_error_after_which_games_are_kept_names_both() {
        let e = StoreError::kept(RunFilesError::NotResumable, Some(kept()));
        assert!(
            e.to_string().starts_with(
                "--resume needs every output to be a regular file (a device such as \
                 /dev/stdout cannot be resumed) and at least one of --out, --record, \
                 --summary; finished games are kept in `t.csv.partial`"
            ),
            "{e}"
        );
        let e = StoreError::kept(RunFilesError::NotResumable, None);
        assert!(matches!(e, StoreError::Files(RunFilesError::NotResumable)));
    }

    #[test]
    fn a_chunk_the_file_sink_could_not_write_is_its_error_again() {
        let sink: beachcomber::tournament::SinkError = Box::new(RunFilesError::NothingToResume {
            checkpoint: PathBuf::from("c.json"),
        });
        let e = StoreError::from(RunError::Sink(sink));
        assert!(matches!(
            e,
            StoreError::Files(RunFilesError::NothingToResume { .. })
        ));
    }
}
