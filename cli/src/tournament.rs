//! `beachcomber tournament`: many games between bots, in parallel and
//! reproducible to the byte for a given seed whatever the thread count.
//! The engine (seating, seeds, totals, CSV rows) is the library's
//! [`beachcomber::tournament`]; this module parses arguments, wires files
//! and prints.

use std::path::PathBuf;

use beachcomber::games::AnyGame;
use beachcomber::stats::sprt::{Decision, Sprt};
use beachcomber::tournament::{PairedTotals, Plan, RunSpec, Shard, Tally, Totals};
use beachcomber_bots::BotSet;
use beachcomber_store::build::tournament::TournamentText;
use beachcomber_store::build::{self, Names};
use clap::Args;

use crate::engines::Engines;
use crate::error::CliError;
use crate::runs::{self, Control, OutputPaths, RunArgs, RunRequest, RunResult};
use beachcomber_store::manifest::RunKind;

/// Examples shown after `beachcomber tournament --help`.
pub const EXAMPLES: &str = "\
Examples:
  beachcomber tournament --game seashells --players 4 --games 10000 --seed 1 --out results.csv
  beachcomber tournament --game seashells --players 2 --bots 'ismcts(iterations=2000),greedy' \\
      --deals 100 --seed 7 --summary summary.csv --record games.jsonl
  beachcomber tournament --game 'seaside(removed=18)' --players 3 --bots greedy --games 5000
  beachcomber tournament --game shell-dash --players 1 --bots ismcts --games 500

Seating: with two or more distinct bots, every deal is played under each
cyclic rotation of the lineup through the seats (--no-rotate: as given), so
--games must be a multiple of the players (or use --deals). See
docs/tournaments.md for the results and the CSV columns.

Outputs are written to NAME.partial and renamed into place when the run is
whole; devices and pipes (/dev/null, /dev/stdout) are written directly.
Ctrl-C (or SIGTERM, SIGHUP) stops the run within one decision (exit status
130) and keeps the finished games in the NAME.partial files with a checkpoint
(PRIMARY.checkpoint.json); the same command plus --resume finishes the run. A
second Ctrl-C exits at once, keeping the last checkpoint. A run writing a
device or pipe cannot be resumed. A run locks its NAME.partial files: another
run's are refused while it writes them; ones left by a run killed before its
first checkpoint are replaced (or, with --resume, started afresh).";

/// Options of `beachcomber tournament`.
#[derive(Args, Debug)]
#[command(
    mut_arg("games", |a| a.help(
        "Number of games (default 1000); a multiple of the rotations when the lineup rotates"
    )),
    mut_arg("deals", |a| a.help("Number of deals, each played once per rotation of the lineup")),
    mut_arg("seed", |a| a.help("Run seed: deal d is dealt from (seed, d)")),
)]
pub struct TournamentArgs {
    /// The game and the player count.
    #[command(flatten)]
    pub choice: crate::game_choice::GameChoice,
    /// Bot spec for each seat, or one for every seat.
    #[arg(
        long,
        value_name = "SPECS",
        default_value = "random",
        long_help = crate::help::bots_help()
    )]
    pub bots: String,
    /// `--games` or `--deals` (their help is the command's own, above).
    #[command(flatten)]
    pub count: crate::flags::CountArgs,
    /// Play the lineup as given, without rotating it through the seats.
    #[arg(long)]
    pub no_rotate: bool,
    /// Also measure the game-quality metrics (lead changes, drama,
    /// decisiveness, comeback rate, branching factor): their per-game
    /// columns at the end of the games file (--out), and their means, with
    /// intervals clustered by deal, printed in one line after the game
    /// length (docs/statistics.md). Without it no observer runs.
    #[arg(long)]
    pub quality: bool,
    /// The seed (its help is the command's own, above).
    #[command(flatten)]
    pub seed: crate::flags::SeedArg,
    /// Outputs, threads, progress, resume, shard.
    #[command(flatten)]
    pub run: RunArgs,
    /// Stop early when a sequential probability ratio test between the two
    /// bots decides: `elo0=E0,elo1=E1[,alpha=0.05,beta=0.05]` (checked after
    /// every whole deal; see docs/tournaments.md).
    #[arg(long, value_name = "BOUNDS")]
    pub sprt: Option<String>,
    /// External bots (docs/protocol.md).
    #[command(flatten)]
    pub engines: crate::engines::EngineArgs,
}
/// A tournament, checked: its game, its run, its bots and its sequential
/// test.
pub struct Tournament {
    /// The game spec as given (for the input files it names).
    pub game_spec: String,
    /// The game.
    pub game: AnyGame,
    /// The run.
    pub run: RunSpec,
    /// Each distinct bot of the lineup with its configuration.
    pub bots: BotSet,
    /// Stop early when this test decides.
    pub sprt: Option<Sprt>,
}

impl TournamentArgs {
    /// The tournament the flags describe at `game` (the flags' game, built
    /// first; external engines seated by their names).
    pub fn tournament(&self, game: AnyGame, engines: &Engines) -> Result<Tournament, CliError> {
        let play = self
            .count
            .play_text(self.seed, self.no_rotate, self.quality);
        let text = TournamentText {
            players: self.choice.players,
            bots: &self.bots,
            play,
            sprt: self.sprt.as_deref(),
        };
        let built = build::tournament::tournament(&game, &text, engines.aliases(), Names::Flags)?;
        Ok(Tournament {
            game_spec: self.choice.game.clone(),
            game,
            run: built.run,
            bots: built.bots,
            sprt: built.sprt,
        })
    }
}

/// Why `tournament`'s options are refused (each by its `--sprt`).
#[derive(Debug, thiserror::Error)]
pub enum TournamentError {
    /// `--sprt` with `--shard`.
    #[error(
        "--sprt cannot run in shards (shard {0}): the test needs the games in order; \
         run it on one machine"
    )]
    InShards(Shard),
}

/// Play `tournament` into `paths` (`folder`: where the manifest and
/// checkpoint go, `None`: beside the first output).
pub fn execute(
    tournament: &Tournament,
    paths: OutputPaths,
    folder: Option<PathBuf>,
    control: &Control,
    engines: &Engines,
) -> Result<RunResult, CliError> {
    let Tournament {
        game, run, sprt, ..
    } = tournament;
    engines.check(tournament.bots.configs())?;
    if sprt.is_some() && !control.shard.is_whole() {
        return Err(TournamentError::InShards(control.shard).into());
    }
    let plan = Plan::single(run.clone());
    let request = RunRequest {
        kind: RunKind::Tournament { sprt: *sprt },
        games: std::slice::from_ref(game),
        plan: &plan,
        bots: &tournament.bots,
        paths,
        inputs: crate::game_choice::spec_inputs(&tournament.game_spec),
        control: *control,
        sprt: *sprt,
        engines,
        folder,
    };
    Ok(runs::execute(&request)?)
}

/// Run the command.
pub fn run(args: TournamentArgs) -> Result<(), CliError> {
    let game = args.choice.build()?;
    let engines = args.engines.start()?;
    let tournament = args.tournament(game, &engines)?;
    let control = args.run.control.control()?;
    let result = execute(
        &tournament,
        args.run.paths(control.shard),
        None,
        &control,
        &engines,
    )?;
    if !control.quiet {
        print_summary(
            &tournament.run,
            &tournament.game,
            &result,
            tournament.sprt.as_ref(),
        );
    }
    engines
        .failure_notes()
        .iter()
        .for_each(|n| eprintln!("{n}"));
    Ok(())
}

/// The game-quality metrics of a tournament that measured them, in one
/// line: each mean with its half-width, the comeback rate with its
/// interval (95%, deal-clustered).
fn quality_line(totals: &beachcomber::tournament::Totals) -> String {
    let cells: Vec<String> = beachcomber::sweep::quality_values(totals)
        .into_iter()
        .map(|(name, values)| match values.as_deref() {
            Some([share, low, high]) => format!("{name} {share:.4} [{low:.4}, {high:.4}]"),
            Some([mean, half]) => format!("{name} {mean:.4} ± {half:.4}"),
            _ => format!("{name} —"),
        })
        .collect();
    format!("game quality (95%): {}", cells.join(", "))
}

/// The results printed after a tournament (unless `--quiet`): the header,
/// the bots' table with the paired difference and the sequential test (two
/// or more distinct bots), and the seats' table.
fn print_summary(spec: &RunSpec, game: &AnyGame, result: &RunResult, sprt: Option<&Sprt>) {
    let totals = &result.totals[0];
    print_header(spec, game, result);
    let bots = spec.bots();
    let width = bots.iter().map(String::len).max().unwrap_or(0).max(32);
    if bots.len() > 1 {
        print_bots(&bots, totals, width);
        if let Some(p) = &totals.paired {
            print_paired(&bots, p, result, sprt);
        }
        out!("");
    }
    print_seats(spec, totals, width);
}

/// The summary's first lines: games, game, players, seed and deals; a solo
/// game's score note; the game length and shared wins; the quality line.
fn print_header(spec: &RunSpec, game: &AnyGame, result: &RunResult) {
    let totals = &result.totals[0];
    let elapsed = result.elapsed;
    let rotations = spec.rotations();
    out!(
        "{} games of {} with {}, seed {}{}",
        totals.games,
        spec.game,
        crate::help::players_text(spec.players),
        spec.seed,
        if rotations > 1 {
            format!(
                ", {} deals x {rotations} seat rotations",
                totals.games / rotations
            )
        } else {
            String::new()
        }
    );
    if let Some(line) = beachcomber::games::variants::variants_line([spec.game.as_str()]) {
        out!("{line}");
    }
    if spec.players == 1
        && let Some(note) = game.solo_score()
    {
        out!("{note}");
    }
    let (plies, plies_sd) = totals.plies();
    let (turns, turns_sd) = totals.turns();
    out!(
        "length: {plies:.1} ± {plies_sd:.1} (sd) decisions, {turns:.1} ± {turns_sd:.1} (sd) turns; shared wins in {:.2}% of games ({:.0} games/s)",
        100.0 * totals.tie_rate(),
        result.played_now as f64 / elapsed.as_secs_f64().max(1e-9)
    );
    if spec.quality {
        out!("{}", quality_line(totals));
    }
}

/// The table of the distinct bots: games, wins, win share with its
/// interval, mean score and mean rank.
fn print_bots(bots: &[String], totals: &Totals, width: usize) {
    out!(
        "{:<width$} {:>7} {:>9} {:>8} {:>17} {:>16} {:>9}",
        "bot",
        "games",
        "wins",
        "win %",
        "95% interval",
        "mean score",
        "mean rank"
    );
    for (bot, t) in bots.iter().zip(&totals.bots) {
        out!("{bot:<width$} {:>7} {}", t.games, tally_cells(t));
    }
}

/// The paired difference of two bots over the deals, and the sequential
/// test's line if the run has one.
fn print_paired(bots: &[String], p: &PairedTotals, result: &RunResult, sprt: Option<&Sprt>) {
    let (d, h) = p.difference();
    out!(
        "paired over {} deals: {} minus {}: win share {:+.2} ± {:.2} points (95%)",
        p.deals,
        bots[0],
        bots[1],
        100.0 * d,
        100.0 * h
    );
    let Some(test) = sprt else {
        return;
    };
    let o = test.decide(&p.score_counts());
    let samples = if p.rotations == 2 {
        "deal pairs (pentanomial)".to_string()
    } else {
        format!("deals of {} games", p.rotations)
    };
    out!(
        "sprt({test}): llr {:.3} (bounds {:.3}, {:.3}) after {} {samples}: {}{}",
        o.llr,
        o.lower,
        o.upper,
        p.deals,
        match o.decision {
            Decision::H0 => "H0 accepted",
            Decision::H1 => "H1 accepted",
            Decision::Inconclusive => "inconclusive",
        },
        if result.stopped {
            format!(" (stopped after {} games)", result.games)
        } else {
            String::new()
        }
    );
}

/// A bot's or a seat's cells of the tables: wins, win share with its
/// 95% interval, mean score ± its half-width, mean rank.
fn tally_cells(t: &Tally) -> String {
    let (rate, low, high) = t.win_share();
    let (mean, half) = t.score();
    format!(
        "{:>9.2} {:>7.2}% {:>7.2}% - {:>5.2}% {:>8.2} ± {:<5.2} {:>9.2}",
        t.wins(),
        100.0 * rate,
        100.0 * low,
        100.0 * high,
        mean,
        half,
        t.mean_rank()
    )
}

/// The table of the seats (a rotated lineup's bot is `(rotated)`), with
/// each seat's ratio (players × win share: 1 = fair), then the best and
/// worst ratios and the seat gap.
fn print_seats(spec: &RunSpec, totals: &Totals, width: usize) {
    let fairness = totals.seat_fairness();
    out!(
        "{:<5} {:<width$} {:>9} {:>8} {:>17} {:>16} {:>9} {:>22}",
        "seat",
        "bot",
        "wins",
        "win %",
        "95% interval",
        "mean score",
        "mean rank",
        "seat ratio (95%)"
    );
    for (seat, t) in totals.seats.iter().enumerate() {
        let bot = if spec.rotations() > 1 {
            "(rotated)"
        } else {
            spec.lineup()[seat].as_str()
        };
        let ratio = match &fairness {
            Some(f) => {
                let (r, low, high) = f.seats[seat];
                format!("{r:.3} [{low:.3}, {high:.3}]")
            }
            None => "—".to_string(),
        };
        out!("{seat:<5} {bot:<width$} {} {ratio:>22}", tally_cells(t));
    }
    if let Some(f) = &fairness {
        let three = |(v, low, high): (f64, f64, f64)| format!("{v:.3} [{low:.3}, {high:.3}]");
        out!(
            "best seat ratio {}, worst {}; seat gap (win share) {} (simultaneous 95% intervals)",
            three(f.max_ratio),
            three(f.min_ratio),
            three(f.gap)
        );
    }
}

crate::error::command_error!(TournamentError);
