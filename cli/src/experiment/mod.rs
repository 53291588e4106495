//! `beachcomber run experiments/NAME.toml`: an experiment file describes a
//! tournament, league or sweep completely (game, players, bots, games,
//! seed, what to vary, plots); running it writes everything under
//! `results/NAME/`: the CSVs, `manifest.json`, the plots and a generated
//! `summary.md`. The file format is in docs/experiments.md.
//!
//! A tournament is played as a sweep of one combination (the same games
//! and rows as `beachcomber tournament`, with `metrics.csv`); a league (or
//! several, `[[league]]`, as one plan) through the store's leagues, then each
//! bot's speed (`speed.csv`); a sweep as the store's sweeps. One engine
//! plays them all.
//!
//! The whole run (staging, shards, resume, merge, the criterion's lock and
//! confirmation runs, the speed measurement, the report) is the studies
//! crate's [`beachcomber_studies::pipeline::run_file`]; this module keeps
//! the flags and lends it the terminal ([`ports`]).

pub(crate) mod ports;

use std::path::PathBuf;

use beachcomber::tournament::Shard;
use beachcomber_studies::pipeline::{RunFileError, RunFileRequest, run_file};
use clap::Args;

use crate::engines::Engines;
use crate::error::CliError;

/// Examples shown after `beachcomber run --help`.
pub const EXAMPLES: &str = "\
Examples:
  beachcomber run experiments/seaside-removals.toml
  beachcomber run experiments/seaside-removals.toml --quick     # a tiny version, in a scratch folder
  beachcomber run experiments/seaside-removals.toml --resume    # continue an interrupted run
  beachcomber run experiments/seaside-removals.toml --shard 0/4 # one part (then --merge 4)
  beachcomber run experiments/draft.toml --exploratory --out /tmp/draft  # an uncommitted rule

An experiment file names its kind (tournament, league, sweep), the game,
players, bots, games, seed, what to vary and the plots to draw ([[sweep]] or
[[league]] tables: several in one plan; speed_games: each league bot's
decisions per second); see docs/experiments.md. Everything is written under results/NAME/ (NAME: the
file's name without .toml): the CSVs, manifest.json, the plots and summary.md,
written into results/.NAME.staging/ and swapped in whole at the end (an
interrupted run leaves results/NAME/ as it was; --resume continues it). A plot
that cannot be drawn is a warning (and summary.md says so); --quick fails on it.

A [criterion] is locked before its games: the run is refused unless the rule is
the one committed last (git) and its seed is one no committed results used
(every results/*/manifest.json of the repository), or the file's own committed
results' seed under the same rule (a reproduction), or the criterion says
same_games_as = \"<commit>\". The manifest and summary.md record the rule's
hash, commit and date, the seed and the label (locked, reproduction,
exploratory, same games as <commit>); see docs/experiments.md.";

/// Options of `beachcomber run`.
#[derive(Args, Debug)]
pub struct RunFileArgs {
    /// The experiment file (`experiments/NAME.toml`).
    #[arg(value_name = "FILE.toml")]
    pub file: PathBuf,
    /// Run a tiny version (the file's `[quick]` settings, else 4 games per
    /// combination) into a scratch folder, to try a file.
    #[arg(long)]
    pub quick: bool,
    /// Try a `[criterion]` that is not committed yet, or on a seed committed
    /// results used: every verdict is labelled `exploratory` (compare.csv,
    /// confirm.csv, summary.md) and nothing may be written under `results/`
    /// (give --out). Implied by --quick. Without it, a criterion's run is
    /// refused unless the rule is the committed one and its seed new (or
    /// the file's own committed results', a reproduction).
    #[arg(long, conflicts_with = "report_only")]
    pub exploratory: bool,
    /// Write here instead of `results/NAME/` (or the scratch folder).
    #[arg(long, value_name = "DIR")]
    pub out: Option<PathBuf>,
    /// Threads, progress, resume, shard and checkpoints.
    #[command(flatten)]
    pub control: crate::runs::RunControl,
    /// Join the N finished shards in `DIR/shards/` into `DIR`, then write
    /// the plots and summary.md.
    #[arg(long, value_name = "N", conflicts_with = "shard",
          value_parser = clap::value_parser!(u64).range(1..))]
    pub merge: Option<u64>,
    /// Play only combination K (counted from 0, in the order of
    /// metrics.csv; in a league file, league K), complete, into `--out`:
    /// to check committed results against the code, or to look at one
    /// setting again.
    #[arg(long, value_name = "K", requires = "out", conflicts_with_all = ["shard", "merge"])]
    pub combination: Option<usize>,
    /// Play nothing: draw the plots and write summary.md again from the
    /// finished results (after changing a `[[plot]]`); refused when the
    /// file's `[criterion]` is not the one the results were played under.
    #[arg(long, conflicts_with_all = ["shard", "merge", "combination", "resume", "quick"])]
    pub report_only: bool,
}

/// Run the command: the flags become the studies crate's request, run
/// whole by [`run_file`] with the terminal's ports (its progress and
/// stderr, the signals' stop flag, the plots of [`crate::plot`], standard
/// output).
pub fn run(args: RunFileArgs) -> Result<(), CliError> {
    let request = RunFileRequest {
        control: args.control.with_shard(Shard::WHOLE),
        shard: args.control.shard().map_err(Into::into),
        file: args.file,
        quick: args.quick,
        exploratory: args.exploratory,
        out: args.out,
        merge: args.merge,
        combination: args.combination,
        report_only: args.report_only,
    };
    let engines = Engines::default();
    let reporter = crate::runs::terminal(request.control.quiet);
    run_file(request, &ports::terminal(&engines, &reporter))?;
    Ok(())
}

crate::error::command_error!(RunFileError);

#[cfg(test)]
mod tests {
    /// The pipeline lives in the studies crate: this module's files name
    /// none of the other commands' modules (no climb back up into the
    /// CLI), only the flags, the ports and the studies call.
    #[test]
    fn the_run_command_holds_only_flags_and_ports() {
        let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("src/experiment");
        let mut names = Vec::new();
        for entry in std::fs::read_dir(&dir).unwrap() {
            let path = entry.unwrap().path();
            names.push(path.file_name().unwrap().to_string_lossy().into_owned());
            let text = std::fs::read_to_string(&path).unwrap();
            for module in [
                "sweep",
                "league",
                "bench",
                "merge",
                "search",
                "game_choice",
                "tournament",
            ] {
                assert!(
                    !text.contains(&format!("crate::{module}::")),
                    "{} reaches crate::{module}",
                    path.display()
                );
            }
        }
        names.sort();
        assert_eq!(names, ["mod.rs", "ports.rs"]);
    }
}
