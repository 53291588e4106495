//! Why a study's run (`beachcomber run`, `beachcomber search`, Python's
//! `run_experiment`) refused its options or could not play, report or
//! measure it (the experiment file's own refusals are
//! [`crate::experiment::ExperimentError`], held whole).

use std::io;
use std::path::PathBuf;

use beachcomber::spec::{one_line, one_line_path};
use beachcomber_store::manifest::ReadError;

use beachcomber_store::speed::BenchError;

use super::ports::FigureError;

/// Why an experiment run stopped.
#[derive(Debug, thiserror::Error)]
pub enum RunFileError {
    /// The file's name does not name a results folder.
    #[error(
        "`{}`: the experiment's name `{}` (the file name without .toml) is not a plain \
         file name (it names the folder results/NAME/); rename the file, e.g. to `study.toml`",
        one_line(&.file.to_string_lossy()),
        one_line(.stem)
    )]
    BadName {
        /// The experiment file.
        file: PathBuf,
        /// Its name without `.toml`.
        stem: String,
    },
    /// `--quick --resume` or `--quick --merge` without `--out`.
    #[error(
        "--quick {} needs --out DIR: each --quick run writes into a new folder \
         (give the folder the interrupted run printed)",
        if *.resume { "--resume" } else { "--merge" }
    )]
    QuickNeedsOut {
        /// `--resume` (else `--merge`).
        resume: bool,
    },
    /// `--quick`'s folder cannot be made.
    #[error("--quick: cannot create a folder in `{}`: {source}", std::env::temp_dir().display())]
    QuickFolder {
        /// What failed.
        source: io::Error,
    },
    /// `--combination` past the last one.
    #[error(
        "--combination {index}: the experiment has {count} {what} (0 to {})",
        .count - 1
    )]
    NoSuchCombination {
        /// The index asked for.
        index: usize,
        /// How many there are (at least one).
        count: usize,
        /// `combinations` or `league(s)`.
        what: &'static str,
    },
    /// A results folder cannot be made.
    #[error("cannot create the folder `{}`: {source}", one_line_path(.path))]
    CreateFolder {
        /// The folder.
        path: PathBuf,
        /// What failed.
        source: io::Error,
    },
    /// A finished sweep's manifest cannot be read back.
    #[error(transparent)]
    SweepManifest(ReadError),
    /// The report's manifest cannot be read.
    #[error("cannot read `{}`: {source}", one_line_path(.path))]
    ReadManifest {
        /// The manifest.
        path: PathBuf,
        /// What failed.
        source: io::Error,
    },
    /// A search's summary.md, just written, cannot be read back to add
    /// the figures not drawn.
    #[error("cannot read `{}`: {source}", one_line_path(.path))]
    ReadSummary {
        /// The summary.
        path: PathBuf,
        /// What failed.
        source: io::Error,
    },
    /// The report's manifest is of an older format.
    #[error(
        "`{}` was written by an older beachcomber (manifest {error}): its totals lack \
         what the intervals now need; run the experiment again to report it",
        one_line_path(.path)
    )]
    OldManifest {
        /// The manifest.
        path: PathBuf,
        /// Its format.
        error: ReadError,
    },
    /// The report's manifest is not one.
    #[error("`{}` is not a manifest of this program: {error}", one_line_path(.path))]
    NotAManifest {
        /// The file.
        path: PathBuf,
        /// Why.
        error: ReadError,
    },
    /// A plot of the report cannot be drawn.
    #[error("plot `{}`: {error}", one_line(.file))]
    Plot {
        /// The plot's file name.
        file: String,
        /// Why.
        error: FigureError,
    },
    /// `--quick` drew every file but some plots.
    #[error(
        "--quick: {count} plot(s) could not be drawn (the warnings above; summary.md in {} \
         says which): a committed experiment file's [[plot]] tables must draw",
        one_line_path(.dir)
    )]
    PlotWarnings {
        /// How many.
        count: usize,
        /// The results folder.
        dir: PathBuf,
    },
    /// The results folder cannot be staged or swapped.
    #[error(transparent)]
    Staging(#[from] beachcomber_store::files::staging::StagingError),
    /// `--out`'s folder cannot be used (its parent is missing, or it is a
    /// file): the rule every `--out` follows.
    #[error(transparent)]
    Out(#[from] beachcomber_store::files::out_folder::OutFolderError),
    /// The shard could not be resolved (`--shard`, or the Slurm array
    /// task's: the front end's refusal, whole).
    #[error(transparent)]
    Shard(Box<dyn std::error::Error + Send + Sync>),
    /// A part the run calls failed (its own error, whole).
    #[error(transparent)]
    Part(Box<PartError>),
    /// A speed measurement after the leagues failed.
    #[error(
        "{error}; the leagues are complete in {} (`--resume` measures the speeds again \
         and writes the report)",
        one_line_path(.dir)
    )]
    Speed {
        /// Why.
        error: BenchError,
        /// The results folder.
        dir: PathBuf,
    },
}

/// The errors of the parts a study's run calls, held whole (their text
/// is the message).
macro_rules! held {
    ($($variant:ident($error:ty)),* $(,)?) => {
        /// Why a part of a study's run failed (its own error, whole).
        #[derive(Debug, thiserror::Error)]
        pub enum PartError {$(
            #[doc = concat!("[`", stringify!($error), "`].")]
            #[error(transparent)]
            $variant($error),
        )*}
        $(impl From<$error> for RunFileError {
            fn from(e: $error) -> RunFileError {
                RunFileError::Part(Box::new(PartError::$variant(e)))
            }
        })*
    };
}

held!(
    Experiment(crate::experiment::ExperimentError),
    Lock(crate::experiment::lock::LockError),
    Record(crate::experiment::lock::RecordError),
    Search(crate::search::SearchRunError),
    Run(beachcomber_store::study_runs::StudyRunError),
    Merge(beachcomber_store::merge::MergeError),
    Store(beachcomber_store::error::StoreError),
    Output(beachcomber_store::files::output::OutputError),
    Csv(beachcomber_store::csv_rows::CsvError),
    Compare(beachcomber_store::compare_files::CompareFilesError),
    Train(super::train_file::TrainFileError),
);

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_combination_past_the_last_names_the_range() {
        let e = RunFileError::NoSuchCombination {
            index: 5,
            count: 3,
            what: "league(s)",
        };
        assert_eq!(
            e.to_string(),
            "--combination 5: the experiment has 3 league(s) (0 to 2)"
        );
        let e = RunFileError::QuickNeedsOut { resume: false };
        assert_eq!(
            e.to_string(),
            "--quick --merge needs --out DIR: each --quick run writes into a new folder \
             (give the folder the interrupted run printed)"
        );
    }
}
