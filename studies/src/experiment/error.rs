//! Why an experiment file is refused, or its results cannot be read: every
//! error names the file, the line and the key (`at`, as the message begins)
//! and keeps the library's own error where there is one (boxed, so that a
//! `Result` stays small).

use std::fmt;
use std::path::PathBuf;

use beachcomber::compare::CompareError;
use beachcomber::league::LeagueError;
use beachcomber::spec::{SpecError, one_line_path};
use beachcomber::sweep::SweepError;

use crate::csv_rows::CsvError;
use crate::files::output::OutputError;
use crate::lineups::LineupsError;

/// An experiment file refused (or its results unreadable). `at` is the
/// beginning of the message: `FILE line L: KEY: ` or as much of it as the
/// error knows.
#[derive(Debug)]
pub enum ExperimentError {
    /// The file cannot be read.
    Read {
        /// The file as given.
        path: PathBuf,
        /// Why not.
        error: std::io::Error,
    },
    /// The file is not TOML of the schema (an unknown key, a wrong type):
    /// `at` is `FILE line L` (or `FILE`), `message` the parser's, on one
    /// line.
    Toml {
        /// `FILE line L`.
        at: String,
        /// The parser's message.
        message: String,
    },
    /// A setting refused by the file's own rules (a key that belongs to
    /// another kind, a missing key, a value of the wrong form).
    Setting {
        /// Where, as the message begins.
        at: String,
        /// Why, after `at`.
        why: String,
    },
    /// A sweep's setting refused by the sweep (players, varied options,
    /// the combinations).
    Sweep {
        /// Where, as the message begins.
        at: String,
        /// The sweep's error.
        error: Box<SweepError>,
    },
    /// A league's setting refused by the league.
    League {
        /// Where, as the message begins.
        at: String,
        /// The league's error.
        error: Box<LeagueError>,
    },
    /// Lineups that do not parse, or one given twice.
    Lineups {
        /// Where, as the message begins.
        at: String,
        /// The lineups' error.
        error: Box<LineupsError>,
    },
    /// A spec (a game's files, a replacement bot) refused.
    Spec {
        /// Where, as the message begins.
        at: String,
        /// The spec's error.
        error: Box<SpecError>,
    },
    /// The comparison (baseline, margins, trends) refused.
    Compare {
        /// Where, as the message begins.
        at: String,
        /// The comparison's error.
        error: Box<CompareError>,
    },
    /// A confirmation file (`confirm.csv`) without compare.csv's columns.
    LacksCompareColumns(PathBuf),
    /// A results file read after the run (`compare.csv`, `confirm.csv`).
    Csv(CsvError),
    /// `confirm.csv` cannot be written.
    Output(OutputError),
}

impl ExperimentError {
    /// A setting refused at `at` (the message's beginning) for `why`.
    pub fn setting(at: impl Into<String>, why: impl Into<String>) -> ExperimentError {
        ExperimentError::Setting {
            at: at.into(),
            why: why.into(),
        }
    }
}

impl fmt::Display for ExperimentError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ExperimentError::Read { path, error } => write!(
                f,
                "cannot read the experiment file `{}`: {error}",
                one_line_path(path)
            ),
            ExperimentError::Toml { at, message } => write!(f, "{at}: {message}"),
            ExperimentError::Setting { at, why } => write!(f, "{at}{why}"),
            ExperimentError::Sweep { at, error } => write!(f, "{at}{error}"),
            ExperimentError::League { at, error } => write!(f, "{at}{error}"),
            ExperimentError::Lineups { at, error } => write!(f, "{at}{error}"),
            ExperimentError::Spec { at, error } => write!(f, "{at}{error}"),
            ExperimentError::Compare { at, error } => write!(f, "{at}{error}"),
            ExperimentError::LacksCompareColumns(path) => {
                write!(f, "{} lacks compare.csv's columns", one_line_path(path))
            }
            ExperimentError::Csv(error) => write!(f, "{error}"),
            ExperimentError::Output(error) => write!(f, "{error}"),
        }
    }
}

impl std::error::Error for ExperimentError {}

impl From<CsvError> for ExperimentError {
    fn from(e: CsvError) -> Self {
        ExperimentError::Csv(e)
    }
}

impl From<OutputError> for ExperimentError {
    fn from(e: OutputError) -> Self {
        ExperimentError::Output(e)
    }
}
