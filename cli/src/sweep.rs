//! `beachcomber sweep`: every combination of game options, player counts
//! and lineups in one parallel pool, into one folder. The combinations and
//! metrics are the library's [`beachcomber::sweep`]; the playing, files,
//! resume and shards are [`crate::runs`], as for a tournament.

use beachcomber::spec::one_line_path;
use std::path::{Path, PathBuf};

use beachcomber::compare::CompareSpec;
use beachcomber::sweep::{DEFAULT_MAX_COMBINATIONS, SweepSpec};
use beachcomber::tournament::Plan;
use clap::Args;

use beachcomber_bots::BotSet;
use beachcomber_store::build::sweep::SweepText;
use beachcomber_store::build::{self, BuildError, Names};
use beachcomber_store::lineups::LineupsError;

use crate::engines::Engines;
use crate::error::CliError;
use crate::runs::{self, RunControl, RunResult};
use beachcomber_store::files::names::METRICS_FILE;
use beachcomber_store::study_runs::{SweepFiles, execute_sweep};

/// Examples shown after `beachcomber sweep --help`.
pub const EXAMPLES: &str = "\
Examples:
  beachcomber sweep --game seaside --players 2,3 --vary removed=0..=50:5 --games 2000 --out sweep-removed
  beachcomber sweep --game seashells --players 2..=5 --vary scoring=simple,advanced \\
      --bots random --bots 'greedy,random' --games 1000 --seed 7 --out scoring
  beachcomber sweep --game seaside --players 2,3,4 --vary removed=0,20 --baseline players=4,removed=0 \\
      --margin seat_ratio=0.05 --margin mean_turns=3 --games 2000 --out sweep-vs-4p
  beachcomber sweep --game shell-dash --players 2 --vary deck.Shell=8..=20:2 --vary reshuffle=choice,empty \\
      --bots greedy --deals 500 --out deck

VALUES are separated by commas; each is a value or an integer range LO..=HI
(or LO..HI) with an optional step :STEP. A key OPTION.KIND sets one count of a
KIND:N list (deck.Shell), OPTION.SEAT one seat of a per-seat SEAT:N list
(compensation.1, from every seat 0), tokens.FACE_A-FACE_B one kind's count of
Seaside's token set (tokens.Beach-Wave, from the default set). Every combination plays the same seed, so settings
that do not change the setup share their deals (common random numbers).

The folder gets games.csv (one row per seat per game, the varied settings,
players and lineup first), metrics.csv (per combination and seat, with 95%
intervals; docs/sweeps.md), manifest.json, records.jsonl.zst with --records,
and with --baseline compare.csv (every combination against the baseline,
with equivalence verdicts for the metrics given a --margin) and trends.csv
(each metric's trend line over a numeric varied key, or a --trend). Like a
tournament, a sweep resumes (--resume) and splits into shards (--shard I/N,
`beachcomber merge DIR-0 DIR-1 ... --out DIR`).";

/// Options of `beachcomber sweep`.
#[derive(Args, Debug, Clone)]
#[command(
    mut_arg("games", |a| a.help(
        "Games per combination (at least: rounded up to whole deals) [default: 1000]"
    )),
    mut_arg("deals", |a| a.help("Deals per combination, each played once per rotation of the lineup")),
    mut_arg("seed", |a| a.help("Run seed (the same for every combination)")),
)]
pub struct SweepArgs {
    /// Game spec the varied options are set in (options given here hold
    /// for every combination).
    #[arg(long, value_name = "SPEC", long_help = crate::help::game_help())]
    pub game: String,
    /// Player counts: a list and/or ranges (`2,3`, `2..=5`).
    #[arg(long, value_name = "LIST")]
    pub players: String,
    /// An option and its values: `KEY=VALUES` (`removed=0..=50:5`,
    /// `scoring=simple,advanced`, `deck.Shell=8..=20:2`, `compensation.1=0..=6`,
    /// `tokens.Beach-Wave=0..=12`). Repeatable: every
    /// combination of the values is played.
    #[arg(long, value_name = "KEY=VALUES")]
    pub vary: Vec<String>,
    /// A lineup: one spec for every seat, one per seat, or two (the first
    /// against the second in every other seat). Repeatable, to compare
    /// lineups [default: random].
    #[arg(long, value_name = "SPECS", long_help = crate::help::bots_help())]
    pub bots: Vec<String>,
    /// `--games` or `--deals` (their help is the command's own, above).
    #[command(flatten)]
    pub count: crate::flags::CountArgs,
    /// Play lineups as given, without rotating them through the seats.
    #[arg(long)]
    pub no_rotate: bool,
    /// Also measure the game-quality metrics (lead changes, drama,
    /// decisiveness, comeback rate, branching factor): their per-game
    /// columns at the end of games.csv, and their per-combination columns,
    /// with intervals clustered by deal, at the end of metrics.csv
    /// (docs/statistics.md). Without it no observer runs and no column
    /// changes.
    #[arg(long)]
    pub quality: bool,
    /// The seed (its help is the command's own, above).
    #[command(flatten)]
    pub seed: crate::flags::SeedArg,
    /// The folder to write into (created if needed). `{shard}` is replaced
    /// by the shard's index.
    #[arg(long, value_name = "DIR")]
    pub out: PathBuf,
    /// Also keep every game's record (`DIR/records.jsonl.zst`).
    #[arg(long)]
    pub records: bool,
    /// The games table's format: csv (`DIR/games.csv`) or parquet
    /// (`DIR/games.parquet` instead: the same columns, typed, written when
    /// the sweep ends; docs/sweeps.md). metrics.csv and the other tables
    /// stay CSV.
    #[arg(long, value_name = "csv|parquet", default_value = "csv")]
    pub format: GamesFormat,
    /// Most combinations played without --force.
    #[arg(long, value_name = "N", default_value_t = DEFAULT_MAX_COMBINATIONS)]
    pub max_combinations: usize,
    /// Play more combinations than --max-combinations.
    #[arg(long)]
    pub force: bool,
    /// Compare every combination with this one (`KEY=VALUE,...`: varied
    /// keys, players, lineup; a column left out is held at each
    /// combination's own value: without lineup each lineup is compared
    /// with its own, without players each player count) into
    /// `compare.csv` (docs/sweeps.md).
    #[arg(long, value_name = "KEY=VALUE,...")]
    pub baseline: Option<String>,
    /// A margin for a metric of compare.csv: `METRIC=VALUE[:TEST]`
    /// (`seat_ratio=0.05`, `skill_elo=50:superior`,
    /// `max_seat_ratio=0.05:non-inferior`, `mean_turns=3`), TEST one of
    /// equivalent (the default), non-inferior, superior. Repeatable; needs
    /// --baseline. A metric without a margin gets no verdict.
    #[arg(long, value_name = "METRIC=VALUE[:TEST]")]
    pub margin: Vec<String>,
    /// A trend line in trends.csv: `X[:FIT[:KEY+KEY...]]`, X a numeric
    /// varied key or a combination's metric (`mean_turns`, `tie_rate`;
    /// then the varied keys it pools, e.g.
    /// `mean_turns:log:deck.Shell+deck.Jellyfish`), FIT `linear` (the
    /// default) or `log`. Repeatable; needs --baseline. Every numeric
    /// varied key with 3 or more values gets a linear trend without it.
    #[arg(long, value_name = "X[:FIT[:KEYS]]")]
    pub trend: Vec<String>,
    /// The seats compared (docs/statistics.md, "Seats"): `first` (seat 0
    /// alone), a list (`0,2`: corrected over them), `each` (every seat,
    /// corrected over them) or `best-worst` (the best and worst seat and
    /// their gap, corrected for the selection). Without it: every seat's
    /// row on its own, and the best, worst and gap rows. Needs --baseline.
    #[arg(long, value_name = "first|each|best-worst|S,S,...")]
    pub seats: Option<String>,
    /// Threads, progress, resume, shard and checkpoints.
    #[command(flatten)]
    pub control: RunControl,
    /// External bots (docs/protocol.md).
    #[command(flatten)]
    pub engines: crate::engines::EngineArgs,
}

impl SweepArgs {
    /// The sweep the flags describe (external engines seated by their
    /// names), and its bots.
    pub fn spec(&self, engines: &Engines) -> Result<(SweepSpec, BotSet), CliError> {
        let play = self
            .count
            .play_text(self.seed, self.no_rotate, self.quality);
        let text = SweepText {
            game: &self.game,
            players: &self.players,
            vary: &self.vary,
            bots: &self.bots,
            play,
        };
        Ok(build::sweep::sweep(&text, engines.aliases(), Names::Flags)?)
    }
}

/// Why `sweep`'s options are refused or its folder cannot be made.
#[derive(Debug, thiserror::Error)]
pub enum SweepCommandError {
    /// `--bots` ([`parse_lineups`]'s message).
    #[error("--bots: {0}")]
    Lineups(LineupsError),
    /// `--out` cannot be created (its parent is missing, say).
    #[error(transparent)]
    OutFolder(Box<beachcomber_store::files::out_folder::OutFolderError>),
}

impl SweepArgs {
    /// The comparison `--baseline` and `--margin` ask for, if any.
    pub fn compare(&self) -> Result<Option<CompareSpec>, BuildError> {
        crate::compare::from_flags(
            self.baseline.as_deref(),
            &self.margin,
            &self.trend,
            self.seats.as_deref(),
        )
    }
}

/// The format of a sweep's games table (`--format`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, clap::ValueEnum)]
pub enum GamesFormat {
    /// `games.csv`.
    #[default]
    Csv,
    /// `games.parquet`.
    Parquet,
}

impl GamesFormat {
    /// The store's [`SweepFiles`] of this format, with the records if
    /// `records`.
    pub fn files(self, records: bool) -> SweepFiles {
        SweepFiles {
            records,
            parquet: self == GamesFormat::Parquet,
        }
    }
}

/// Run the command.
pub fn run(args: SweepArgs) -> Result<(), CliError> {
    let engines = args.engines.start()?;
    let (spec, bots) = args.spec(&engines)?;
    let compare = args.compare()?;
    let cap = if args.force {
        usize::MAX
    } else {
        args.max_combinations
    };
    let sweep = build::sweep::planned(&spec, bots, cap, compare.as_ref(), Names::Flags)?;
    let control = args.control.control()?;
    let dir = PathBuf::from(
        args.out
            .to_string_lossy()
            .replace("{shard}", &control.shard.index.to_string()),
    );
    // The folder is created when the sweep starts; its parent must exist
    // (as for every --out).
    beachcomber_store::files::out_folder::check_out_parent("--out", &dir)
        .map_err(|e| SweepCommandError::OutFolder(Box::new(e)))?;
    let inputs = crate::game_choice::spec_inputs(&spec.game);
    let result = execute_sweep(
        &sweep,
        &dir,
        args.format.files(args.records),
        inputs,
        &control,
        runs::ports(&engines, &runs::terminal(control.quiet)),
        compare.as_ref(),
    )?;
    for note in engines.failure_notes() {
        eprintln!("{note}");
    }
    if !control.quiet {
        print_summary(&sweep.plan, &result, &dir);
    }
    Ok(())
}

/// Most combinations listed on the terminal (the rest are in metrics.csv).
const LISTED: usize = 40;

fn print_summary(plan: &Plan, result: &RunResult, dir: &Path) {
    let games: u64 = result.totals.iter().map(|t| t.games).sum();
    out!(
        "{} combinations, {games} games ({:.0} games/s) -> {}",
        plan.parts.len(),
        result.played_now as f64 / result.elapsed.as_secs_f64().max(1e-9),
        one_line_path(dir)
    );
    if let Some(line) =
        beachcomber::games::variants::variants_line(plan.parts.iter().map(|p| p.run.game.as_str()))
    {
        out!("{line}");
    }
    // The columns after the combination's: one per metric with a summary
    // column (beachcomber::metrics::registry).
    out!(
        "{:<48}{}",
        "combination",
        beachcomber::metrics::registry::summary_header()
    );
    for (part, t) in plan.parts.iter().zip(&result.totals).take(LISTED) {
        let label: Vec<String> = part
            .values
            .iter()
            .filter(|(k, _)| k != "lineup" || plan.parts.iter().any(|p| p.values != part.values))
            .map(|(k, v)| format!("{k}={v}"))
            .collect();
        out!(
            "{:<48}{}",
            label.join(" "),
            beachcomber::sweep::summary_cells(t)
        );
    }
    if plan.parts.len() > LISTED {
        out!(
            "... {} more in {}",
            plan.parts.len() - LISTED,
            one_line_path(&dir.join(METRICS_FILE))
        );
    }
}

crate::error::command_error!(
    SweepCommandError,
    beachcomber_store::study_runs::StudyRunError
);
