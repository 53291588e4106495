//! Why the shards of a run cannot be merged.

use std::io;
use std::path::PathBuf;

use beachcomber::record::io::RecordReadError;
use beachcomber::spec::{one_line, one_line_path};
use beachcomber::tournament::{Invalid, Shard};

use crate::compare_files::CompareFilesError;
use crate::files::output::OutputError;
use crate::final_files::FinalFilesError;
use crate::manifest::ReadError;
pub use crate::merge_check::ShardError;

/// Why a merge refused its shards or could not write its files.
#[derive(Debug, thiserror::Error)]
pub enum MergeError {
    /// No output asked for.
    #[error("nothing to write: give --out, --summary and/or --record")]
    NothingToWrite,
    /// A shard has a checkpoint and no manifest: it is not finished.
    #[error(
        "the shard of `{}` is not complete (`{}` exists): resume it first with --resume",
        one_line(.stem),
        one_line_path(.checkpoint)
    )]
    Unfinished {
        /// The shard's primary output (or folder).
        stem: String,
        /// Its checkpoint.
        checkpoint: PathBuf,
    },
    /// A manifest cannot be read.
    #[error(
        "cannot read the manifest `{}`: {source} (give the shards' NAME.manifest.json files; a shard \
         that has not finished has none)",
        one_line_path(.manifest)
    )]
    ReadManifest {
        /// The manifest.
        manifest: PathBuf,
        /// What failed.
        source: io::Error,
    },
    /// A manifest of another format.
    #[error("`{}` has manifest {error}", one_line_path(.manifest))]
    ManifestFormat {
        /// The manifest.
        manifest: PathBuf,
        /// Its format and those this program reads.
        error: ReadError,
    },
    /// Not a manifest of this program.
    #[error("`{}` is not a run manifest of this program: {error}", one_line_path(.manifest))]
    NotAManifest {
        /// The file.
        manifest: PathBuf,
        /// Why it does not parse.
        error: ReadError,
    },
    /// A manifest whose claims do not hold together.
    #[error("`{}` is damaged: {error}; it cannot be merged", one_line_path(.manifest))]
    DamagedManifest {
        /// The manifest.
        manifest: PathBuf,
        /// What does not hold.
        error: ReadError,
    },
    /// Two manifests of different runs.
    #[error(
        "`{}` and `{}` are not shards of one run: they differ in {}",
        one_line_path(.first),
        one_line_path(.other),
        one_line(.difference)
    )]
    OtherRun {
        /// The first shard's manifest.
        first: PathBuf,
        /// The other's.
        other: PathBuf,
        /// The first difference.
        difference: String,
    },
    /// Shards of splits of different counts.
    #[error(
        "`{}` is shard {first_shard} but `{}` is shard {other_shard}: shards of one split have one count",
        one_line_path(.first),
        one_line_path(.other)
    )]
    OtherCount {
        /// The first shard's manifest.
        first: PathBuf,
        /// Its shard.
        first_shard: Shard,
        /// The other's manifest.
        other: PathBuf,
        /// Its shard.
        other_shard: Shard,
    },
    /// One shard given twice.
    #[error(
        "shard {shard} is given twice (`{}` and `{}`)",
        one_line_path(.first),
        one_line_path(.second)
    )]
    Twice {
        /// The shard.
        shard: Shard,
        /// One manifest.
        first: PathBuf,
        /// The other.
        second: PathBuf,
    },
    /// Shards missing.
    #[error(
        "shard(s) {}{} missing: a merge needs all {count} shards of the run",
        .missing.join(", "),
        if *.more { ", ..." } else { "" }
    )]
    Missing {
        /// The first few missing shards (`I/N`).
        missing: Vec<String>,
        /// Whether more are missing than listed.
        more: bool,
        /// The shards of the run.
        count: u64,
    },
    /// A shard that a sequential test stopped.
    #[error(
        "`{}` stopped early: a run stopped by a sequential test cannot be merged",
        one_line_path(.manifest)
    )]
    StoppedEarly {
        /// Its manifest.
        manifest: PathBuf,
    },
    /// A shard run without an output the merge writes.
    #[error(
        "{label}: shard {shard} (`{}`) was run without {label}: every shard needs it to merge it",
        one_line_path(.manifest)
    )]
    NoShardFile {
        /// The output's option.
        label: String,
        /// The shard.
        shard: Shard,
        /// Its manifest.
        manifest: PathBuf,
    },
    /// A manifest without the length and hash of a file.
    #[error(
        "shard {shard} (`{}`) records no length and hash for its {label} file",
        one_line_path(.manifest)
    )]
    NoFileCheck {
        /// The shard.
        shard: Shard,
        /// Its manifest.
        manifest: PathBuf,
        /// The output's option.
        label: String,
    },
    /// A shard file cannot be opened or checked.
    #[error("cannot read the shard file `{}`: {source}", one_line_path(.path))]
    ReadShardFile {
        /// The file.
        path: PathBuf,
        /// What failed.
        source: io::Error,
    },
    /// A shard file is not the one its manifest records.
    #[error(
        "{label}: `{}` of shard {shard} (`{}`) is not the file that shard wrote: {difference}",
        one_line_path(.path),
        one_line_path(.manifest)
    )]
    ChangedShardFile {
        /// The output's option.
        label: String,
        /// The file.
        path: PathBuf,
        /// The shard.
        shard: Shard,
        /// Its manifest.
        manifest: PathBuf,
        /// How it differs.
        difference: String,
    },
    /// A signal stopped the merge.
    #[error("interrupted: stopped, no output written")]
    Interrupted,
    /// A manifest with one total too many or too few.
    #[error(
        "`{}` holds {totals} totals for {parts} parts: the manifest is damaged",
        one_line_path(.manifest)
    )]
    TotalsPerPart {
        /// The manifest.
        manifest: PathBuf,
        /// Its totals.
        totals: usize,
        /// The plan's parts.
        parts: usize,
    },
    /// Totals that cannot be added.
    #[error("`{}` is damaged: {error}", one_line_path(.manifest))]
    Totals {
        /// The manifest.
        manifest: PathBuf,
        /// Why.
        error: Invalid,
    },
    /// `--record`'s name (its compression).
    #[error(transparent)]
    Record(#[from] crate::files::paths::RecordNameError),
    /// An output cannot be resolved or written.
    #[error(transparent)]
    Output(#[from] OutputError),
    /// The summary or ratings cannot be made.
    #[error(transparent)]
    FinalFiles(#[from] FinalFilesError),
    /// The comparison cannot be written.
    #[error(transparent)]
    Compare(#[from] CompareFilesError),
    /// The merged summary cannot be written.
    #[error("{label}: cannot write: {source}")]
    WriteMerged {
        /// The output's option.
        label: String,
        /// What failed.
        source: io::Error,
    },
    /// The merged manifest cannot be written.
    #[error("cannot write the manifest: {0}")]
    WriteManifest(io::Error),
    /// A merged file cannot be read back for its hash.
    #[error("{label}: cannot read `{}` back: {source}", one_line_path(.path))]
    ReadBack {
        /// The output's option.
        label: String,
        /// The file.
        path: PathBuf,
        /// What failed.
        source: io::Error,
    },
    /// A shard file cannot be read.
    #[error("cannot read `{}`: {source}", one_line_path(.path))]
    Read {
        /// The file.
        path: PathBuf,
        /// What failed.
        source: io::Error,
    },
    /// Shards' CSVs of different headers.
    #[error(
        "`{}` has another header than `{}`",
        one_line_path(.path),
        one_line_path(.first)
    )]
    OtherHeader {
        /// The file.
        path: PathBuf,
        /// The first shard's.
        first: PathBuf,
    },
    /// A shard file without the game expected next.
    #[error(
        "`{}` does not hold game {game} where expected: the shard file is \
         damaged or not of this run",
        one_line_path(.path)
    )]
    MissingGame {
        /// The file.
        path: PathBuf,
        /// The game.
        game: u64,
    },
    /// A shard's games table whose header or column types are not those
    /// this program writes for the run.
    #[error(
        "`{}`: {why}: the shard file is damaged or not of this run",
        one_line_path(.path)
    )]
    BadTable {
        /// The file.
        path: PathBuf,
        /// What is wrong (one line, quoting nothing at length).
        why: ShardError,
    },
    /// A row of a shard's games table that this program did not write.
    #[error(
        "`{}` line {line}: {why}: the shard file is damaged or not of this run",
        one_line_path(.path)
    )]
    BadRow {
        /// The file.
        path: PathBuf,
        /// The row's line (in a Parquet file, the line of the CSV of the
        /// same table: the first row is line 2).
        line: u64,
        /// What is wrong (one line, naming the column).
        why: ShardError,
    },
    /// A shard file with more than its games.
    #[error(
        "`{}` holds more than its shard's games: {what} were added after its last game",
        one_line_path(.path)
    )]
    ExtraGames {
        /// The file.
        path: PathBuf,
        /// `rows` or `records`.
        what: &'static str,
    },
    /// A shard's records cannot be read.
    #[error("`{}`: {source}", one_line_path(.path))]
    Records {
        /// The file.
        path: PathBuf,
        /// What failed.
        source: RecordReadError,
    },
    /// A shard's records end early.
    #[error(
        "`{}` ends before game {game}: the shard file is damaged or not of this run",
        one_line_path(.path)
    )]
    RecordsEnd {
        /// The file.
        path: PathBuf,
        /// The game.
        game: u64,
    },
    /// Merged rows or records cannot be written.
    #[error("{label}: cannot write: {source}")]
    Write {
        /// `--out` or `--record`.
        label: &'static str,
        /// What failed.
        source: io::Error,
    },
    /// Shards in folders need a folder to merge into.
    #[error("merging a {command} of folders needs --out DIR (the folder to write into)")]
    NeedsFolder {
        /// The run's command.
        command: &'static str,
    },
    /// Shards in folders merge into the folder only.
    #[error(
        "merging a {command} of folders takes only --out DIR: the summary and records go into the folder"
    )]
    OnlyFolder {
        /// The run's command.
        command: &'static str,
    },
    /// `--out` is not a folder.
    #[error("--out `{}` is not a folder", one_line_path(.0))]
    NotAFolder(PathBuf),
    /// `--out` cannot be created (its parent is missing, say).
    #[error(transparent)]
    OutFolder(Box<crate::files::out_folder::OutFolderError>),
    /// The folder cannot be created.
    #[error("--out: cannot create the folder `{}`: {source}", one_line_path(.path))]
    CreateFolder {
        /// The folder.
        path: PathBuf,
        /// What failed.
        source: io::Error,
    },
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn missing_shards_are_listed_and_more_are_marked() {
        let e = MergeError::Missing {
            missing: vec!["1/9".into(), "2/9".into()],
            more: true,
            count: 9,
        };
        assert_eq!(
            e.to_string(),
            "shard(s) 1/9, 2/9, ... missing: a merge needs all 9 shards of the run"
        );
        let e = MergeError::Missing {
            missing: vec!["3/4".into()],
            more: false,
            count: 4,
        };
        assert_eq!(
            e.to_string(),
            "shard(s) 3/4 missing: a merge needs all 4 shards of the run"
        );
    }
}
