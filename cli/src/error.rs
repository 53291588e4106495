//! Why a command failed: [`CliError`], what `main` prints after `error: `.

use beachcomber_store::build::BuildError;
use beachcomber_store::compare_files::CompareFilesError;
use beachcomber_store::csv_rows::CsvError;
use beachcomber_store::engines::EnginesError;
use beachcomber_store::error::StoreError;
use beachcomber_store::files::output::OutputError;
use beachcomber_store::merge::MergeError;

use crate::engines::EngineFlagError;
use crate::flag_error::FlagError;
use crate::game_choice::GameChoiceError;
use crate::runs::{SecondsError, ShardChoiceError};
use beachcomber::stats::bradley_terry::BtError;

/// Why a command failed. Its text is the message after `error: `, one line.
#[derive(Debug, thiserror::Error)]
pub enum CliError {
    /// A run could not be played into its files.
    #[error(transparent)]
    Store(Box<StoreError>),
    /// Shards could not be merged.
    #[error(transparent)]
    Merge(Box<MergeError>),
    /// An output cannot be resolved or written.
    #[error(transparent)]
    Output(Box<OutputError>),
    /// A CSV input cannot be read.
    #[error(transparent)]
    Csv(Box<CsvError>),
    /// The engines cannot be started.
    #[error(transparent)]
    Engines(Box<EnginesError>),
    /// A sweep's comparison does not fit its run.
    #[error(transparent)]
    Compare(Box<CompareFilesError>),
    /// `--shard` or the Slurm array task.
    #[error(transparent)]
    Shard(#[from] ShardChoiceError),
    /// The `--engine` declarations.
    #[error(transparent)]
    EngineFlag(#[from] EngineFlagError),
    /// An option's value refused.
    #[error(transparent)]
    Flag(#[from] FlagError),
    /// A run's flags refused by the store's builders (`--deals 0: ...`).
    #[error(transparent)]
    Build(Box<BuildError>),
    /// A league's ratings cannot be fitted.
    #[error(transparent)]
    Ratings(BtError),
    /// A game spec.
    #[error(transparent)]
    Game(#[from] GameChoiceError),
    /// A number of seconds.
    #[error(transparent)]
    Seconds(#[from] SecondsError),
    /// A signal stopped `bench`.
    #[error("interrupted: the measurement was stopped")]
    BenchInterrupted,
    /// A signal stopped `play`.
    #[error("interrupted: game stopped; {saved}")]
    PlayInterrupted {
        /// Whether and where the record was written.
        saved: String,
    },
    /// A bot of `play` failed and ended the game.
    #[error(
        "{}; {saved}{log_note}",
        .failure.as_ref().map(ToString::to_string).unwrap_or_default()
    )]
    PlayBotFailed {
        /// What failed ([`crate::play::BotMoveError`]; a failure the game
        /// did not name: none).
        failure: Option<Box<dyn std::error::Error + Send + Sync>>,
        /// Whether and where the record was written.
        saved: String,
        /// Where the engines' standard error is, if engines ran.
        log_note: String,
    },
    /// A command's own error (`TournamentError`, `SweepCommandError`,
    /// `ReplayError`, `RunFileError`, `PlotError`, ...), whole: each
    /// module converts its type into this (see [`command_error`]), so that
    /// this file imports no command module.
    #[error(transparent)]
    Command(Box<dyn std::error::Error + Send + Sync>),
}

/// `impl From<E> for CliError` for the errors it holds boxed (they are
/// large; a command's `Result` stays small).
macro_rules! boxed_from {
    ($($variant:ident($error:ty)),* $(,)?) => {$(
        impl From<$error> for CliError {
            fn from(e: $error) -> CliError {
                CliError::$variant(Box::new(e))
            }
        }
    )*};
}

boxed_from!(
    Store(StoreError),
    Merge(MergeError),
    Output(OutputError),
    Csv(CsvError),
    Engines(EnginesError),
    Compare(CompareFilesError),
    Build(BuildError),
);

/// `impl From<$error> for CliError` as [`CliError::Command`], written in
/// the module that defines `$error`.
macro_rules! command_error {
    ($($error:ty),* $(,)?) => {$(
        impl From<$error> for $crate::error::CliError {
            fn from(e: $error) -> $crate::error::CliError {
                $crate::error::CliError::Command(Box::new(e))
            }
        }
    )*};
}
pub(crate) use command_error;

// A folder output whose parent is missing (`sweep`, `search`, `plot`: one
// rule for every --out).
command_error!(beachcomber_store::files::out_folder::OutFolderError);

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_error_shows_its_own_text() {
        assert_eq!(
            CliError::from(MergeError::NothingToWrite).to_string(),
            "nothing to write: give --out, --summary and/or --record"
        );
        assert_eq!(
            CliError::from(crate::play::NoSuchSeatFlag {
                seat: 3,
                players: 2
            })
            .to_string(),
            "--seat 3: a game of 2 players has seats 0 to 1"
        );
    }
}
