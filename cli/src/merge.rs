//! `beachcomber merge`: join the shards of one run (`--shard I/N`, or the
//! tasks of a Slurm job array) into exactly the files the whole run would
//! have written on one machine.
//!
//! The inputs are the shards' manifests (or their primary outputs, whose
//! `NAME.manifest.json` is read). They must be all `N` shards of one run:
//! the same command, version, games, seed and settings, each shard once,
//! none missing; each manifest valid, and each shard file the merge reads
//! of the length and hash its manifest records (format 3; format 2
//! manifests record none). Rows and records are taken deal by deal in game order
//! (deal `d` is in shard `d mod N`), records are compressed again in the
//! frames of 64 games the whole run uses, and the summary is recomputed
//! from the exact totals of the manifests: the merged files are the same
//! to the byte as an unsharded run's. The merging is the store's
//! [`beachcomber_store::merge`]; this is its flags and its line.

use std::path::PathBuf;

use beachcomber_store::files::paths::OutputPaths;
use beachcomber_store::merge::MergeError;
use clap::Args;

use crate::signals;

/// Examples shown after `beachcomber merge --help`.
pub const EXAMPLES: &str = "\
Examples:
  # three shards, e.g. the tasks of a Slurm job array
  for i in 0 1 2; do
    beachcomber tournament --game seashells --players 2 --bots 'ismcts,greedy' --deals 300 \\
        --shard $i/3 --out 'games-{shard}.csv' --record 'games-{shard}.jsonl.zst' --quiet
  done
  beachcomber merge games-*.csv.manifest.json --out games.csv --summary summary.csv \\
      --record games.jsonl.zst

The inputs are the shards' manifests (or their --out/--record/--summary files,
whose NAME.manifest.json is read): all N shards of one run, each once. The
merged files are byte-identical to the unsharded run's. --out is written as
Parquet when its name ends in .parquet, whatever the shards wrote (CSV or
Parquet): the same bytes as the unsharded run's Parquet file. Shards written
into folders (a sweep's, an experiment's) merge into the folder --out DIR; a
folder given with --out FILE.parquet alone gives its games table as Parquet
(`beachcomber merge results/NAME --out games.parquet`).";

/// Options of `beachcomber merge`.
#[derive(Args, Debug)]
pub struct MergeArgs {
    /// The shards' manifests (`NAME.manifest.json`), or their output files.
    #[arg(value_name = "MANIFEST", required = true)]
    pub inputs: Vec<PathBuf>,
    /// Write the merged per-seat-per-game table here: CSV, or Parquet when
    /// the name ends in `.parquet` (the shards' files may be either); for
    /// shards in folders, the folder to write (or FILE.parquet: the games
    /// table alone).
    #[arg(long, value_name = "FILE.csv|FILE.parquet")]
    pub out: Option<PathBuf>,
    /// Write the summary (recomputed from the exact totals) here.
    #[arg(long, value_name = "FILE.csv")]
    pub summary: Option<PathBuf>,
    /// Write the merged records here (compressed by extension).
    #[arg(long, value_name = "FILE.jsonl[.gz|.zst]")]
    pub record: Option<PathBuf>,
    /// Print nothing on success.
    #[arg(long)]
    pub quiet: bool,
}

/// Run the command.
pub fn run(args: MergeArgs) -> Result<(), crate::error::CliError> {
    let outputs = OutputPaths {
        out: args.out,
        summary: args.summary,
        record: args.record,
        pairs: None,
    };
    Ok(merge(&args.inputs, outputs, args.quiet)?)
}

/// Join the shards `inputs` (their manifests, output files or folders)
/// into `outputs` (a folder as `out` when the shards wrote into folders):
/// the files one machine would have written, and their manifest; print
/// nothing if `quiet`.
pub fn merge(inputs: &[PathBuf], outputs: OutputPaths, quiet: bool) -> Result<(), MergeError> {
    let merged = beachcomber_store::merge::merge(inputs, outputs, &signals::CANCEL)?;
    if !quiet {
        out!("{}", beachcomber_store::study_runs::merged_line(&merged));
    }
    Ok(())
}
