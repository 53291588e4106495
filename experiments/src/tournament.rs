//! `beachcomber tournament`: many games between bots, in parallel and
//! reproducible to the byte for a given seed whatever the thread count.
//! The engine (seating, seeds, totals, CSV rows) is the library's
//! [`beachcomber::tournament`]; this module parses arguments, wires files
//! and prints.

use std::io::{IsTerminal, Write};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::mpsc;
use std::time::{Duration, Instant};

use beachcomber::bot::Bot;
use beachcomber::games::{AnyGame, GameKind};
use beachcomber::record_io::Compression;
use beachcomber::spec::split_top_level;
use beachcomber::tournament::{
    Count, Flow, GameResult, PlayError, PlayOptions, RunSpec, Totals, play_range, rows,
};
use beachcomber::with_game;
use beachcomber_bots::BotConfig;
use clap::Args;
use indicatif::{ProgressBar, ProgressStyle};

use crate::output::{AtomicFile, commit_all, resolve_outputs};
use crate::signals;

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

Outputs are written whole or not at all (a temporary file renamed at the end);
devices and pipes (/dev/null, /dev/stdout) are written directly. Ctrl-C stops
the run within one decision and writes nothing (exit status 130); a second
Ctrl-C exits at once.";

/// Games played when neither `--games` nor `--deals` is given (rounded up
/// to whole deals when rotating).
const DEFAULT_GAMES: u64 = 1000;

/// Options of `beachcomber tournament`.
#[derive(Args, Debug)]
pub struct TournamentArgs {
    /// The game and the player count.
    #[command(flatten)]
    pub choice: crate::game_choice::GameChoice,
    /// Bot spec for each seat, or one for every seat.
    #[arg(
        long,
        value_name = "SPECS",
        default_value = "random",
        long_help = crate::bots_help()
    )]
    pub bots: String,
    /// Number of games (default 1000); a multiple of the rotations when
    /// the lineup rotates.
    #[arg(long, value_name = "G", conflicts_with = "deals",
          value_parser = clap::value_parser!(u64).range(1..))]
    pub games: Option<u64>,
    /// Number of deals, each played once per rotation of the lineup.
    #[arg(long, value_name = "D")]
    pub deals: Option<u64>,
    /// Play the lineup as given, without rotating it through the seats.
    #[arg(long)]
    pub no_rotate: bool,
    /// Run seed: deal d is dealt from (seed, d).
    #[arg(long, value_name = "S", default_value_t = 1)]
    pub seed: u64,
    /// Write one CSV row per seat per game here.
    #[arg(long, value_name = "FILE.csv")]
    pub out: Option<PathBuf>,
    /// Write per-bot and per-seat summary statistics (with 95% intervals and exact totals) as CSV here.
    #[arg(long, value_name = "FILE.csv")]
    pub summary: Option<PathBuf>,
    /// Write one JSON line per game here (the record format of docs/records.md),
    /// compressed if the name ends in `.gz` (gzip) or `.zst` (zstd).
    #[arg(long, value_name = "FILE.jsonl[.gz|.zst]")]
    pub record: Option<PathBuf>,
    /// Worker threads (default: all cores). Results do not depend on it.
    #[arg(long, value_name = "T", value_parser = clap::value_parser!(u64).range(1..=1024))]
    pub threads: Option<u64>,
    /// No progress report and no summary table.
    #[arg(long)]
    pub quiet: bool,
    /// External bots (docs/protocol.md).
    #[command(flatten)]
    pub engines: crate::engines::EngineArgs,
}
/// Parse `--bots` into one config per seat.
pub fn parse_bots(text: &str, players: usize) -> Result<(Vec<BotConfig>, Vec<String>), String> {
    let parts = split_top_level(text).map_err(|e| format!("--bots: {e}"))?;
    let parts: Vec<String> = match parts.len() {
        1 => vec![parts[0].to_string(); players],
        n if n == players => parts.iter().map(|s| s.to_string()).collect(),
        n => {
            return Err(format!(
                "--bots: {n} specs for {players} players (give one spec per seat, or one for every seat)"
            ));
        }
    };
    let configs = parts
        .iter()
        .map(|p| BotConfig::parse(p).map_err(|e| format!("--bots: {e}")))
        .collect::<Result<Vec<_>, _>>()?;
    // Canonical specs (defaults filled in, spaces removed) go into every
    // output, so a spec copied from one reproduces the bot exactly.
    let canonical = configs.iter().map(BotConfig::to_string).collect();
    Ok((configs, canonical))
}

/// `--out: cannot write `PATH`: ERROR`.
fn write_error(label: &str, path: &Option<PathBuf>, e: impl std::fmt::Display) -> String {
    let path = path.as_deref().unwrap_or(Path::new("?"));
    format!("{label}: cannot write `{}`: {e}", path.display())
}

/// The run `args` describe (checked: lineup length, game count).
pub fn run_spec(
    args: &TournamentArgs,
    game: &AnyGame,
    specs: &[String],
) -> Result<RunSpec, String> {
    let count = match (args.games, args.deals) {
        (_, Some(0)) => return Err("--deals 0: a run needs at least one deal".to_string()),
        (_, Some(d)) => Count::Deals(d),
        (Some(g), None) => Count::Games(g),
        (None, None) => {
            // Whole deals: the default rounded up to the rotations.
            let probe = RunSpec::new(
                &game.canonical_spec(),
                args.choice.players,
                specs,
                Count::Deals(1),
                args.seed,
                !args.no_rotate,
            )
            .map_err(|e| format!("--bots: {e}"))?;
            Count::Deals(DEFAULT_GAMES.div_ceil(probe.rotations()))
        }
    };
    RunSpec::new(
        &game.canonical_spec(),
        args.choice.players,
        specs,
        count,
        args.seed,
        !args.no_rotate,
    )
    .map_err(|e| match e {
        beachcomber::tournament::RunSpecError::Lineup { .. } => format!("--bots: {e}"),
        _ => format!("--games: {e}"),
    })
}

/// Run the command.
pub fn run(args: TournamentArgs) -> Result<(), String> {
    let game = args.choice.build()?;
    let engines = args.engines.start()?;
    let (configs, specs) = parse_bots(&engines.rewrite_bots(&args.bots)?, args.choice.players)?;
    let spec = run_spec(&args, &game, &specs)?;
    if !args.quiet && configs.iter().any(BotConfig::is_cheating) {
        eprintln!(
            "note: `oracle` sees hidden information (cheats): an upper bound, not a fair opponent"
        );
    }
    // Check and open every output before playing, so that a bad path fails
    // at once.
    let record_compression = args
        .record
        .as_deref()
        .map(Compression::from_path)
        .transpose()
        .map_err(|e| format!("--record: {e}"))?;
    let given: Vec<(&str, &Path)> = [
        ("--out", &args.out),
        ("--summary", &args.summary),
        ("--record", &args.record),
    ]
    .into_iter()
    .filter_map(|(label, path)| path.as_deref().map(|p| (label, p)))
    .collect();
    let inputs = args.choice.inputs();
    let inputs: Vec<(&str, &Path)> = inputs
        .iter()
        .map(|(what, p)| (what.as_str(), p.as_path()))
        .collect();
    let mut files = resolve_outputs(&given, &inputs)?
        .into_iter()
        .map(AtomicFile::create)
        .collect::<Result<Vec<_>, _>>()?;
    let mut record = match (
        args.record.as_ref().and_then(|_| files.pop()),
        record_compression,
    ) {
        (Some(f), Some(c)) => Some(f.compressed(c)?),
        (f, _) => f,
    };
    let mut summary = args.summary.as_ref().and_then(|_| files.pop());
    let mut out = args.out.as_ref().and_then(|_| files.pop());
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(args.threads.unwrap_or(0) as usize)
        .build()
        .map_err(|e| format!("cannot start worker threads: {e}"))?;
    if let Some(f) = out.as_mut() {
        f.writer()
            .write_all(rows::GAME_HEADER.as_bytes())
            .map_err(|e| write_error("--out", &args.out, e))?;
    }
    engines.check(&configs)?;
    let progress = Progress::start(args.quiet, spec.games());
    let started = Instant::now();
    let totals = {
        let syncers = [out.as_mut(), record.as_mut()]
            .into_iter()
            .flatten()
            .filter_map(Syncer::start)
            .collect();
        let mut sink = FileSink {
            args: &args,
            out: out.as_mut(),
            records: record.as_mut(),
            syncers,
            unsynced: 0,
        };
        let result = pool.install(|| {
            with_game!(&game, |g| play(
                g, &spec, &configs, &specs, &engines, &progress, &mut sink
            ))
        });
        progress.finish();
        result?
    };
    let elapsed = started.elapsed();
    if let Some(f) = out.as_mut() {
        f.writer()
            .flush()
            .map_err(|e| write_error("--out", &args.out, e))?;
    }
    if let Some(file) = summary.as_mut() {
        let w = file.writer();
        w.write_all(rows::SUMMARY_HEADER.as_bytes())
            .and_then(|()| w.write_all(rows::summary_rows(&spec, &totals).as_bytes()))
            .and_then(|()| w.flush())
            .map_err(|e| write_error("--summary", &args.summary, e))?;
    }
    commit_all([out, summary, record].into_iter().flatten().collect())?;
    if !args.quiet {
        print_summary(&spec, &game, &totals, elapsed);
    }
    engines
        .failure_notes()
        .iter()
        .for_each(|n| eprintln!("{n}"));
    Ok(())
}

/// Play the whole run into the files.
fn play<G: GameKind>(
    game: &G,
    spec: &RunSpec,
    configs: &[BotConfig],
    specs: &[String],
    engines: &crate::engines::Engines,
    progress: &Progress,
    sink: &mut FileSink<'_>,
) -> Result<Totals, String> {
    let bot = |s: &str| -> Box<dyn Bot<G>> {
        let i = specs.iter().position(|x| x == s).expect("a lineup spec");
        engines.build::<G>(&configs[i])
    };
    let on_done = || progress.inc();
    let options = PlayOptions {
        range: 0..spec.games(),
        want_rows: sink.out.is_some(),
        want_records: sink.records.is_some(),
        cancel: &signals::CANCEL,
        on_done: &on_done,
    };
    play_range(game, spec, bot, &options, sink).map_err(|e| match e {
        PlayError::Cancelled => "interrupted: stopped, no output written".to_string(),
        PlayError::Sink(e) => e,
        PlayError::Bot(failure) => format!("{failure}; no output written{}", engines.log_note()),
    })
}

/// Writes rows and records, in game order, to the output files.
struct FileSink<'a> {
    args: &'a TournamentArgs,
    out: Option<&'a mut AtomicFile>,
    records: Option<&'a mut AtomicFile>,
    /// Background flushers of the regular output files.
    syncers: Vec<Syncer>,
    /// Bytes written since the syncers were last woken.
    unsynced: u64,
}

/// Bytes written between two background syncs.
const SYNC_EVERY: u64 = 16 << 20;

/// Syncs a regular output file to disk in a background thread while the
/// run goes on, so that the sync before the final rename (which reports
/// any error) finds little left to write: writing to disk overlaps playing.
struct Syncer {
    wake: mpsc::Sender<()>,
    thread: Option<std::thread::JoinHandle<()>>,
}

impl Syncer {
    fn start(file: &mut AtomicFile) -> Option<Syncer> {
        let temp = file.writer().get_ref().temp_file()?;
        let handle = temp.as_file().try_clone().ok()?;
        let (wake, woken) = mpsc::channel::<()>();
        let thread = std::thread::spawn(move || {
            while woken.recv().is_ok() {
                // Errors show at the final sync, which is checked.
                let _ = handle.sync_data();
            }
        });
        Some(Syncer {
            wake,
            thread: Some(thread),
        })
    }
}

impl Drop for Syncer {
    fn drop(&mut self) {
        let (wake, _) = mpsc::channel();
        drop(std::mem::replace(&mut self.wake, wake));
        if let Some(thread) = self.thread.take() {
            let _ = thread.join();
        }
    }
}

impl beachcomber::tournament::Sink for FileSink<'_> {
    fn game(&mut self, game: &GameResult) -> Result<(), String> {
        if let (Some(f), Some(rows)) = (self.out.as_mut(), game.rows.as_ref()) {
            f.writer()
                .write_all(rows.as_bytes())
                .map_err(|e| write_error("--out", &self.args.out, e))?;
            self.unsynced += rows.len() as u64;
        }
        if let (Some(f), Some(line)) = (self.records.as_mut(), game.record_line.as_ref()) {
            f.writer()
                .write_all(line)
                .map_err(|e| write_error("--record", &self.args.record, e))?;
            self.unsynced += line.len() as u64;
        }
        Ok(())
    }

    fn chunk_done(&mut self, _next: u64, _totals: &Totals) -> Result<Flow, String> {
        if self.unsynced >= SYNC_EVERY && !self.syncers.is_empty() {
            self.unsynced = 0;
            if let Some(f) = self.out.as_mut() {
                f.writer()
                    .flush()
                    .map_err(|e| write_error("--out", &self.args.out, e))?;
            }
            if let Some(f) = self.records.as_mut() {
                f.writer()
                    .flush()
                    .map_err(|e| write_error("--record", &self.args.record, e))?;
            }
            for s in &self.syncers {
                let _ = s.wake.send(());
            }
        }
        Ok(Flow::Continue)
    }
}

/// How often the plain progress line is printed when standard error is
/// not a terminal.
const PLAIN_EVERY: Duration = Duration::from_secs(10);

/// Progress: a bar on a terminal, a plain line every [`PLAIN_EVERY`]
/// otherwise, nothing with `--quiet`.
enum Progress {
    Quiet,
    Bar(ProgressBar),
    Plain {
        done: std::sync::Arc<AtomicU64>,
        stop: mpsc::Sender<()>,
        thread: Option<std::thread::JoinHandle<()>>,
    },
}

impl Progress {
    fn start(quiet: bool, total: u64) -> Progress {
        if quiet {
            return Progress::Quiet;
        }
        if std::io::stderr().is_terminal() {
            let bar = ProgressBar::new(total);
            bar.set_style(
                ProgressStyle::with_template(
                    "{elapsed_precise} [{bar:40}] {pos}/{len} games ({per_sec}, eta {eta})",
                )
                .expect("valid template")
                .progress_chars("=> "),
            );
            return Progress::Bar(bar);
        }
        let done = std::sync::Arc::new(AtomicU64::new(0));
        let (stop, stopped) = mpsc::channel::<()>();
        let counter = done.clone();
        let thread = std::thread::spawn(move || {
            let start = Instant::now();
            while let Err(mpsc::RecvTimeoutError::Timeout) = stopped.recv_timeout(PLAIN_EVERY) {
                eprintln!(
                    "{}",
                    plain_line(counter.load(Ordering::Relaxed), total, start.elapsed())
                );
            }
        });
        Progress::Plain {
            done,
            stop,
            thread: Some(thread),
        }
    }

    fn inc(&self) {
        match self {
            Progress::Quiet => {}
            Progress::Bar(bar) => bar.inc(1),
            Progress::Plain { done, .. } => {
                done.fetch_add(1, Ordering::Relaxed);
            }
        }
    }

    fn finish(&self) {
        match self {
            Progress::Quiet => {}
            Progress::Bar(bar) => bar.finish_and_clear(),
            Progress::Plain { stop, .. } => {
                let _ = stop.send(());
            }
        }
    }
}

impl Drop for Progress {
    fn drop(&mut self) {
        if let Progress::Plain { stop, thread, .. } = self {
            let _ = stop.send(());
            if let Some(thread) = thread.take() {
                let _ = thread.join();
            }
        }
    }
}

/// `progress: 1200/10000 games (240.0 games/s, eta 37 s)`.
fn plain_line(done: u64, total: u64, elapsed: Duration) -> String {
    let secs = elapsed.as_secs_f64().max(1e-9);
    let rate = done as f64 / secs;
    let eta = if done == 0 {
        "?".to_string()
    } else {
        format!("{:.0} s", (total - done.min(total)) as f64 / rate)
    };
    format!("progress: {done}/{total} games ({rate:.1} games/s, eta {eta})")
}

fn print_summary(spec: &RunSpec, game: &AnyGame, totals: &Totals, elapsed: Duration) {
    let rotations = spec.rotations();
    out!(
        "{} games of {} with {}, seed {}{}",
        totals.games,
        spec.game,
        crate::players_text(spec.players),
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
        totals.games as f64 / elapsed.as_secs_f64().max(1e-9)
    );
    let bots = spec.bots();
    let width = bots.iter().map(String::len).max().unwrap_or(0).max(32);
    if bots.len() > 1 {
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
            let (rate, low, high) = t.win_share();
            let (mean, half) = t.score();
            out!(
                "{:<width$} {:>7} {:>9.2} {:>7.2}% {:>7.2}% - {:>5.2}% {:>8.2} ± {:<5.2} {:>9.2}",
                bot,
                t.games,
                t.wins(),
                100.0 * rate,
                100.0 * low,
                100.0 * high,
                mean,
                half,
                t.mean_rank()
            );
        }
        if let Some(p) = &totals.paired {
            let (d, h) = p.difference();
            out!(
                "paired over {} deals: {} minus {}: win share {:+.2} ± {:.2} points (95%)",
                p.deals,
                bots[0],
                bots[1],
                100.0 * d,
                100.0 * h
            );
        }
        out!("");
    }
    out!(
        "{:<5} {:<width$} {:>9} {:>8} {:>17} {:>16} {:>9}",
        "seat",
        "bot",
        "wins",
        "win %",
        "95% interval",
        "mean score",
        "mean rank"
    );
    for (seat, t) in totals.seats.iter().enumerate() {
        let (rate, low, high) = t.win_share();
        let (mean, half) = t.score();
        let bot = if rotations > 1 {
            "(rotated)"
        } else {
            spec.lineup[seat].as_str()
        };
        out!(
            "{:<5} {:<width$} {:>9.2} {:>7.2}% {:>7.2}% - {:>5.2}% {:>8.2} ± {:<5.2} {:>9.2}",
            seat,
            bot,
            t.wins(),
            100.0 * rate,
            100.0 * low,
            100.0 * high,
            mean,
            half,
            t.mean_rank()
        );
    }
}
