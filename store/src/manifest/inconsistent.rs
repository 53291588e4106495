//! What a manifest or checkpoint claims that does not hold together (it
//! parses, but its counts do not fit its run).

use beachcomber::tournament::Invalid;

/// A manifest's or checkpoint's claims that do not fit its run.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum Inconsistent {
    /// The plan or the shard is not a valid one.
    #[error("{0}")]
    Run(Invalid),
    /// Not one total per part of the plan.
    #[error("{totals} totals for {parts} parts")]
    TotalsPerPart {
        /// The totals it holds.
        totals: usize,
        /// The plan's parts.
        parts: usize,
    },
    /// One part's totals do not count that part's games.
    #[error("part {index}: {error}")]
    Part {
        /// The part, from 0.
        index: usize,
        /// What is wrong with its totals.
        error: Invalid,
    },
    /// A manifest's game count is not its totals'.
    #[error("{games} games for totals of {counted}")]
    Games {
        /// The games it claims.
        games: u64,
        /// The games its totals count.
        counted: u64,
    },
    /// A file check names no output of the run.
    #[error("a file check for {output}, not an output")]
    FileCheck {
        /// The option the check names.
        output: String,
    },
    /// A checkpoint counts more games than the run has.
    #[error("it counts {next} games complete of {total}")]
    TooManyGames {
        /// The games it counts complete.
        next: u64,
        /// The run's games.
        total: u64,
    },
    /// A finishing checkpoint of an unfinished run that no test stopped.
    #[error("finishing after {next} games of {total}")]
    EarlyFinish {
        /// The games it counts complete.
        next: u64,
        /// The run's games.
        total: u64,
    },
    /// A checkpoint without the length or hash of a partial output.
    #[error("it has no length or hash for {label}")]
    NoLength {
        /// The output's option.
        label: String,
    },
}
