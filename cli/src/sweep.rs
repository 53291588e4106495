//! `beachcomber sweep`: every combination of game options, player counts
//! and lineups in one parallel pool, into one folder. The combinations and
//! metrics are the library's [`beachcomber::sweep`]; the playing, files,
//! resume and shards are [`crate::runs`], as for a tournament.

use std::path::{Path, PathBuf};

use beachcomber::games::AnyGame;
use beachcomber::sweep::{Combination, DEFAULT_MAX_COMBINATIONS, SweepCount, SweepSpec, Vary};
use beachcomber::tournament::{Plan, Totals};
use beachcomber_bots::BotConfig;
use clap::Args;

use crate::file_names::{GAMES_FILE, METRICS_FILE, RECORDS_FILE};
use crate::runs::{self, OutputPaths, RunControl, RunRequest, RunResult};

/// Examples shown after `beachcomber sweep --help`.
pub const EXAMPLES: &str = "\
Examples:
  beachcomber sweep --game seaside --players 2,3 --vary removed=0..=50:5 --games 2000 --out sweep-removed
  beachcomber sweep --game seashells --players 2..=5 --vary scoring=simple,advanced \\
      --bots random --bots 'greedy,random' --games 1000 --seed 7 --out scoring
  beachcomber sweep --game shell-dash --players 2 --vary deck.Shell=8..=20:2 --vary reshuffle=choice,empty \\
      --bots greedy --deals 500 --out deck

VALUES are separated by commas; each is a value or an integer range LO..=HI
(or LO..HI) with an optional step :STEP. A key OPTION.KIND sets one count of a
KIND:N list (deck.Shell). Every combination plays the same seed, so settings
that do not change the setup share their deals (common random numbers).

The folder gets games.csv (one row per seat per game, the varied settings,
players and lineup first), metrics.csv (per combination and seat, with 95%
intervals; docs/sweeps.md), manifest.json, and records.jsonl.zst with
--records. Like a tournament, a sweep resumes (--resume) and splits into
shards (--shard I/N, `beachcomber merge DIR-0 DIR-1 ... --out DIR`).";

/// Options of `beachcomber sweep`.
#[derive(Args, Debug, Clone)]
pub struct SweepArgs {
    /// Game spec the varied options are set in (options given here hold
    /// for every combination).
    #[arg(long, value_name = "SPEC", long_help = crate::game_help())]
    pub game: String,
    /// Player counts: a list and/or ranges (`2,3`, `2..=5`).
    #[arg(long, value_name = "LIST")]
    pub players: String,
    /// An option and its values: `KEY=VALUES` (`removed=0..=50:5`,
    /// `scoring=simple,advanced`, `deck.Shell=8..=20:2`). Repeatable: every
    /// combination of the values is played.
    #[arg(long, value_name = "KEY=VALUES")]
    pub vary: Vec<String>,
    /// A lineup: one spec for every seat, one per seat, or two (the first
    /// against the second in every other seat). Repeatable, to compare
    /// lineups [default: random].
    #[arg(long, value_name = "SPECS", long_help = crate::bots_help())]
    pub bots: Vec<String>,
    /// Games per combination (at least: rounded up to whole deals)
    /// [default: 1000].
    #[arg(long, value_name = "G", conflicts_with = "deals",
          value_parser = clap::value_parser!(u64).range(1..))]
    pub games: Option<u64>,
    /// Deals per combination, each played once per rotation of the lineup.
    #[arg(long, value_name = "D", value_parser = clap::value_parser!(u64).range(1..))]
    pub deals: Option<u64>,
    /// Play lineups as given, without rotating them through the seats.
    #[arg(long)]
    pub no_rotate: bool,
    /// Run seed (the same for every combination).
    #[arg(long, value_name = "S", default_value_t = 1)]
    pub seed: u64,
    /// The folder to write into (created if needed). `{shard}` is replaced
    /// by the shard's index.
    #[arg(long, value_name = "DIR")]
    pub out: PathBuf,
    /// Also keep every game's record (`DIR/records.jsonl.zst`).
    #[arg(long)]
    pub records: bool,
    /// Most combinations played without --force.
    #[arg(long, value_name = "N", default_value_t = DEFAULT_MAX_COMBINATIONS)]
    pub max_combinations: usize,
    /// Play more combinations than --max-combinations.
    #[arg(long)]
    pub force: bool,
    /// Threads, progress, resume, shard and checkpoints.
    #[command(flatten)]
    pub control: RunControl,
    /// External bots (docs/protocol.md).
    #[command(flatten)]
    pub engines: crate::engines::EngineArgs,
}

/// Parse a player list: counts and ranges separated by commas.
pub fn parse_players(text: &str) -> Result<Vec<usize>, String> {
    let vary: Vary = format!("players={text}")
        .parse()
        .map_err(|e| format!("--players: {e}"))?;
    vary.values
        .iter()
        .map(|v| {
            v.parse::<usize>().map_err(|_| {
                format!(
                    "--players: `{}` is not a player count",
                    beachcomber::spec::one_line(v)
                )
            })
        })
        .collect()
}

/// A sweep, checked and expanded: its combinations and bots.
pub struct Prepared {
    /// The plan: one part per combination.
    pub plan: Plan,
    /// Each combination's game.
    pub games: Vec<AnyGame>,
    /// Each distinct bot spec with its configuration.
    pub bots: Vec<(String, BotConfig)>,
}

/// Check and expand a sweep (nothing is written).
pub fn prepare(args: &SweepArgs, engines: &crate::engines::Engines) -> Result<Prepared, String> {
    let players = parse_players(&args.players)?;
    let varies = args
        .vary
        .iter()
        .map(|v| v.parse::<Vary>().map_err(|e| format!("--vary: {e}")))
        .collect::<Result<Vec<_>, _>>()?;
    let given = if args.bots.is_empty() {
        vec!["random".to_string()]
    } else {
        args.bots.clone()
    };
    let mut lineups = Vec::new();
    let mut bots: Vec<(String, BotConfig)> = Vec::new();
    for text in &given {
        let text = engines.rewrite_bots(text)?;
        let parts =
            beachcomber::spec::split_top_level(&text).map_err(|e| format!("--bots: {e}"))?;
        let mut lineup = Vec::new();
        for part in parts {
            let config = BotConfig::parse(part).map_err(|e| format!("--bots: {e}"))?;
            let name = config.to_string();
            if !bots.iter().any(|(n, _)| *n == name) {
                bots.push((name.clone(), config));
            }
            lineup.push(name);
        }
        if lineups.contains(&lineup) {
            return Err(format!("--bots: the lineup `{text}` is given twice"));
        }
        lineups.push(lineup);
    }
    engines.check(bots.iter().map(|(_, c)| c))?;
    let spec = SweepSpec {
        game: args.game.clone(),
        players,
        varies,
        lineups,
        count: match (args.games, args.deals) {
            (_, Some(d)) => SweepCount::Deals(d),
            (Some(g), None) => SweepCount::Games(g),
            (None, None) => SweepCount::Games(1000),
        },
        seed: args.seed,
        rotate: !args.no_rotate,
    };
    let cap = if args.force {
        usize::MAX
    } else {
        args.max_combinations
    };
    let combinations = spec.combinations(cap).map_err(|e| match e {
        beachcomber::sweep::SweepError::UnknownOption { .. } => format!("--vary: {e}"),
        e => e.to_string(),
    })?;
    let (parts, games): (Vec<_>, Vec<_>) = combinations
        .into_iter()
        .map(|Combination { part, game }| (part, game))
        .unzip();
    Ok(Prepared {
        plan: Plan { parts },
        games,
        bots,
    })
}

/// The metrics CSV of a sweep (header included).
pub fn metrics_csv(plan: &Plan, game: &AnyGame, totals: &[Totals]) -> String {
    let extra = game.extra_metrics();
    beachcomber::sweep::metrics_header(plan, extra)
        + &beachcomber::sweep::metrics_rows(plan, totals, extra)
}

/// The files of a sweep in `dir`.
pub fn paths(dir: &Path, records: bool) -> OutputPaths {
    OutputPaths {
        out: Some(dir.join(GAMES_FILE)),
        summary: Some(dir.join(METRICS_FILE)),
        record: records.then(|| dir.join(RECORDS_FILE)),
    }
}

/// Play a prepared sweep into `dir`.
pub fn execute(
    args: &SweepArgs,
    prepared: Prepared,
    engines: &crate::engines::Engines,
    dir: &Path,
) -> Result<RunResult, String> {
    let shard = args.control.shard()?;
    if dir.exists() && !dir.is_dir() {
        return Err(format!(
            "--out `{}` is not a folder (a sweep writes several files into a folder)",
            dir.display()
        ));
    }
    std::fs::create_dir_all(dir)
        .map_err(|e| format!("--out: cannot create the folder `{}`: {e}", dir.display()))?;
    if !args.control.quiet && prepared.bots.iter().any(|(_, c)| c.is_cheating()) {
        eprintln!(
            "note: `oracle` sees hidden information (cheats): an upper bound, not a fair opponent"
        );
    }
    let inputs = crate::game_choice::GameChoice {
        game: args.game.clone(),
        players: 0,
    }
    .inputs();
    let settings = vec![("records".to_string(), args.records.to_string())];
    let request = RunRequest {
        command: "sweep",
        games: &prepared.games,
        plan: &prepared.plan,
        bots: prepared.bots.clone(),
        settings,
        paths: paths(dir, args.records),
        inputs,
        resume: args.control.resume,
        quiet: args.control.quiet,
        threads: args.control.threads,
        sprt: None,
        shard,
        checkpoint_every: std::time::Duration::from_secs_f64(args.control.checkpoint_every),
        engines,
        folder: Some(dir.to_path_buf()),
    };
    let game = &prepared.games[0];
    let summary = |totals: &[Totals]| metrics_csv(&prepared.plan, game, totals);
    runs::execute(&request, &summary)
}

/// Run the command.
pub fn run(args: SweepArgs) -> Result<(), String> {
    let engines = args.engines.start()?;
    let prepared = prepare(&args, &engines)?;
    let shard = args.control.shard()?;
    let dir = PathBuf::from(
        args.out
            .to_string_lossy()
            .replace("{shard}", &shard.index.to_string()),
    );
    let plan = prepared.plan.clone();
    let result = execute(&args, prepared, &engines, &dir)?;
    for note in engines.failure_notes() {
        eprintln!("{note}");
    }
    if !args.control.quiet {
        print_summary(&plan, &result, &dir);
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
        dir.display()
    );
    out!(
        "{:<48} {:>7} {:>24} {:>8} {:>14}",
        "combination",
        "games",
        "seat 0 win share (95%)",
        "ties",
        "turns (sd)"
    );
    for (part, t) in plan.parts.iter().zip(&result.totals).take(LISTED) {
        let label: Vec<String> = part
            .values
            .iter()
            .filter(|(k, _)| k != "lineup" || plan.parts.iter().any(|p| p.values != part.values))
            .map(|(k, v)| format!("{k}={v}"))
            .collect();
        let (share, low, high) = t.seats[0].win_share();
        let (turns, sd) = t.turns();
        out!(
            "{:<48} {:>7} {:>7.1}% [{:>5.1}, {:>5.1}] {:>7.2}% {:>7.1} ({:.1})",
            label.join(" "),
            t.games,
            100.0 * share,
            100.0 * low,
            100.0 * high,
            100.0 * t.tie_rate(),
            turns,
            sd
        );
    }
    if plan.parts.len() > LISTED {
        out!(
            "... {} more in {}",
            plan.parts.len() - LISTED,
            dir.join(METRICS_FILE).display()
        );
    }
}
