//! `beachcomber tournament`: many games between bots, in parallel and
//! reproducible to the byte for a given seed whatever the thread count.

use std::io::{BufWriter, Write};
use std::path::{Path, PathBuf};

use beachcomber::game::Evaluate;
use beachcomber::games::AnyGame;
use beachcomber::record::RecordFormat;
use beachcomber::record_io::Compression;
use beachcomber::runner::{GameReport, RunOptions, play_games_cancellable};
use beachcomber::spec::{Spec, split_top_level};
use beachcomber::stats::{Z95, mean_ci95_from_sums, wilson};
use beachcomber::with_game;
use beachcomber_bots::BotConfig;
use clap::Args;
use indicatif::{ProgressBar, ProgressStyle};

use crate::output::{AtomicFile, Sink, commit_all, resolve_outputs};
use crate::signals;

/// Examples shown after `beachcomber tournament --help`.
pub const EXAMPLES: &str = "\
Examples:
  beachcomber tournament --game seashells --players 4 --games 10000 --seed 1 --out results.csv
  beachcomber tournament --game seashells --players 2 --bots 'ismcts(iterations=2000),greedy' \\
      --games 200 --seed 7 --summary summary.csv --record games.jsonl
  beachcomber tournament --game 'seaside(removed=18)' --players 3 --bots greedy --games 5000
  beachcomber tournament --game shell-dash --players 1 --bots ismcts --games 500

Outputs are written whole or not at all (a temporary file renamed at the end);
devices and pipes (/dev/null, /dev/stdout) are written directly. Ctrl-C stops
the run within one decision and writes nothing (exit status 130); a second
Ctrl-C exits at once.";

/// Options of `beachcomber tournament`.
#[derive(Args, Debug)]
pub struct TournamentArgs {
    /// Game spec (see the list below).
    #[arg(long, value_name = "SPEC", long_help = crate::game_help())]
    pub game: String,
    /// Number of players.
    #[arg(long, value_name = "N", long_help = crate::players_help())]
    pub players: usize,
    /// Bot spec for each seat, or one for every seat.
    #[arg(
        long,
        value_name = "SPECS",
        default_value = "random",
        long_help = crate::bots_help()
    )]
    pub bots: String,
    /// Number of games to play.
    #[arg(long, value_name = "G", default_value_t = 1000,
          value_parser = clap::value_parser!(u64).range(1..))]
    pub games: u64,
    /// Run seed: game i is seeded from (seed, i).
    #[arg(long, value_name = "S", default_value_t = 1)]
    pub seed: u64,
    /// Write one CSV row per seat per game here.
    #[arg(long, value_name = "FILE.csv")]
    pub out: Option<PathBuf>,
    /// Write per-seat summary statistics (with 95% intervals) as CSV here.
    #[arg(long, value_name = "FILE.csv")]
    pub summary: Option<PathBuf>,
    /// Write one JSON line per game here (the record format of docs/records.md),
    /// compressed if the name ends in `.gz` (gzip) or `.zst` (zstd).
    #[arg(long, value_name = "FILE.jsonl[.gz|.zst]")]
    pub record: Option<PathBuf>,
    /// Worker threads (default: all cores). Results do not depend on it.
    #[arg(long, value_name = "T", value_parser = clap::value_parser!(u64).range(1..=1024))]
    pub threads: Option<u64>,
    /// No progress bar and no summary table.
    #[arg(long)]
    pub quiet: bool,
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

/// Run the command.
pub fn run(args: TournamentArgs) -> Result<(), String> {
    let game = AnyGame::from_spec(&args.game, args.players).map_err(|e| format!("--game: {e}"))?;
    let (configs, specs) = parse_bots(&args.bots, args.players)?;
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
    let inputs = game_inputs(&args.game);
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
    let games_csv = out.as_mut().map(|f| csv::Writer::from_writer(f.writer()));
    let mut sinks = Sinks {
        games_csv,
        records: record.as_mut(),
    };
    if let Some(w) = sinks.games_csv.as_mut() {
        w.write_record([
            "game",
            "seed",
            "seat",
            "bot",
            "score",
            "win_share",
            "won",
            "plies",
        ])
        .map_err(|e| write_error("--out", &args.out, e))?;
    }
    let tally =
        pool.install(|| with_game!(&game, |g| play_all(g, &configs, &specs, &args, &mut sinks)))?;
    if let Some(mut w) = sinks.games_csv.take() {
        w.flush().map_err(|e| write_error("--out", &args.out, e))?;
    }
    drop(sinks);
    let summaries = tally.summaries(&specs);
    if let Some(file) = summary.as_mut() {
        write_summary_csv(file, &game, &summaries)
            .map_err(|e| write_error("--summary", &args.summary, e))?;
    }
    commit_all([out, summary, record].into_iter().flatten().collect())?;
    if !args.quiet {
        print_summary(&args, &game, &summaries);
    }
    Ok(())
}

/// `--out: cannot write `PATH`: ERROR`.
fn write_error(label: &str, path: &Option<PathBuf>, e: impl std::fmt::Display) -> String {
    let path = path.as_deref().unwrap_or(Path::new("?"));
    format!("{label}: cannot write `{}`: {e}", path.display())
}

/// The input files named in a game spec (`tokens=PATH` of Seaside): an
/// output must not overwrite them.
fn game_inputs(game: &str) -> Vec<(String, PathBuf)> {
    let Ok(spec) = game.parse::<Spec>() else {
        return Vec::new();
    };
    spec.get("tokens")
        .map(|path| {
            (
                format!("token manifest given to --game ({}(tokens=...))", spec.name),
                PathBuf::from(path),
            )
        })
        .into_iter()
        .collect()
}

/// Most games played between two writes: results are written and dropped
/// chunk by chunk, so memory stays bounded however many games a run has.
const CHUNK_GAMES: u64 = 1024;

/// Most bytes of JSON records a chunk should hold (estimated from the
/// largest record so far; the games in memory take a few times more).
/// With records, chunks start at two games per thread and at most double
/// each time, so a run of very long games (Shell Dash with a large
/// `max_turns`) keeps only a few of them in memory. Chunking never changes
/// the output: game `i` is the same game in any chunk.
const CHUNK_RECORD_BYTES: u64 = 16 << 20;

/// The size of the chunk after one of `size` games whose largest record
/// took `largest` bytes, on `threads` threads.
fn next_chunk(size: u64, largest: u64, threads: u64) -> u64 {
    let fit = CHUNK_RECORD_BYTES / largest.max(1);
    (size * 2).min(fit).max(threads).clamp(1, CHUNK_GAMES)
}

/// Where finished games go.
struct Sinks<'a> {
    games_csv: Option<csv::Writer<&'a mut BufWriter<Sink>>>,
    records: Option<&'a mut AtomicFile>,
}

fn play_all<G: RecordFormat + Evaluate>(
    game: &G,
    configs: &[BotConfig],
    specs: &[String],
    args: &TournamentArgs,
    sinks: &mut Sinks<'_>,
) -> Result<Tally, String> {
    let bar = if args.quiet {
        ProgressBar::hidden()
    } else {
        ProgressBar::new(args.games)
    };
    bar.set_style(
        ProgressStyle::with_template(
            "{elapsed_precise} [{bar:40}] {pos}/{len} games ({per_sec}, eta {eta})",
        )
        .expect("valid template")
        .progress_chars("=> "),
    );
    let make_bots = || configs.iter().map(|c| c.build::<G>()).collect();
    let mut tally = Tally::new(specs.len());
    let threads = rayon::current_num_threads() as u64;
    let mut size = if sinks.records.is_some() {
        (2 * threads).clamp(1, CHUNK_GAMES)
    } else {
        CHUNK_GAMES
    };
    let mut line = Vec::new();
    let mut start = 0;
    while start < args.games {
        let end = args.games.min(start + size);
        let options = RunOptions {
            range: start..end,
            run_seed: args.seed,
            want_records: sinks.records.is_some(),
            cancel: &signals::CANCEL,
            on_done: &|| bar.inc(1),
        };
        let reports = play_games_cancellable(game, specs, make_bots, &options)
            .map_err(|_| "interrupted: stopped, no output written".to_string())?;
        tally.add(&reports);
        if let Some(w) = sinks.games_csv.as_mut() {
            write_games_csv(w, &reports, specs).map_err(|e| write_error("--out", &args.out, e))?;
        }
        if let Some(file) = sinks.records.as_mut() {
            let w = file.writer();
            let mut largest = 0;
            for r in &reports {
                let rec = r.record.as_ref().expect("records were asked for");
                line.clear();
                serde_json::to_writer(&mut line, rec)
                    .map_err(|e| write_error("--record", &args.record, e))?;
                line.push(b'\n');
                w.write_all(&line)
                    .map_err(|e| write_error("--record", &args.record, e))?;
                largest = largest.max(line.len() as u64);
            }
            size = next_chunk(size, largest, threads);
        }
        start = end;
    }
    bar.finish_and_clear();
    Ok(tally)
}

/// Per-seat statistics of a run.
#[derive(Clone, Debug)]
pub struct SeatSummary {
    /// The seat.
    pub seat: usize,
    /// Its bot spec.
    pub bot: String,
    /// Games played.
    pub games: u64,
    /// Wins, shared victories counted as 1/k.
    pub wins: f64,
    /// Wilson 95% interval of the win rate.
    pub win_interval: (f64, f64),
    /// Mean score and the half-width of its 95% interval.
    pub score: (f64, f64),
}

/// Running per-seat totals, in integers so that they never depend on the
/// order of summation (and so on how the work was split).
struct Tally {
    games: u64,
    /// Win shares in units of 1/60 (60 is divisible by every tie size 1..=5).
    wins60: Vec<u64>,
    score_sum: Vec<i64>,
    score_squares: Vec<i128>,
}

impl Tally {
    fn new(seats: usize) -> Tally {
        Tally {
            games: 0,
            wins60: vec![0; seats],
            score_sum: vec![0; seats],
            score_squares: vec![0; seats],
        }
    }

    fn add(&mut self, reports: &[GameReport]) {
        for r in reports {
            self.games += 1;
            for seat in 0..self.wins60.len() {
                self.wins60[seat] += (r.outcome.win_share(seat) * 60.0).round() as u64;
                let score = r.outcome.scores[seat] as i64;
                self.score_sum[seat] += score;
                self.score_squares[seat] += (score as i128) * (score as i128);
            }
        }
    }

    fn summaries(&self, specs: &[String]) -> Vec<SeatSummary> {
        (0..specs.len())
            .map(|seat| {
                let wins = self.wins60[seat] as f64 / 60.0;
                SeatSummary {
                    seat,
                    bot: specs[seat].clone(),
                    games: self.games,
                    wins,
                    win_interval: wilson(wins, self.games as f64, Z95),
                    score: mean_ci95_from_sums(
                        self.games,
                        self.score_sum[seat],
                        self.score_squares[seat],
                    ),
                }
            })
            .collect()
    }
}

fn write_games_csv<W: Write>(
    w: &mut csv::Writer<W>,
    reports: &[GameReport],
    specs: &[String],
) -> Result<(), String> {
    for r in reports {
        for (seat, spec) in specs.iter().enumerate() {
            let share = r.outcome.win_share(seat);
            w.write_record([
                r.index.to_string(),
                r.seed.to_string(),
                seat.to_string(),
                spec.clone(),
                r.outcome.scores[seat].to_string(),
                format!("{share:.4}"),
                u8::from(share > 0.0).to_string(),
                r.plies.to_string(),
            ])
            .map_err(|e| e.to_string())?;
        }
    }
    Ok(())
}

fn write_summary_csv(
    file: &mut AtomicFile,
    game: &AnyGame,
    summaries: &[SeatSummary],
) -> Result<(), String> {
    let mut w = csv::Writer::from_writer(file.writer());
    let spec = game.canonical_spec();
    w.write_record([
        "game_spec",
        "players",
        "seat",
        "bot",
        "games",
        "wins",
        "win_rate",
        "win_low95",
        "win_high95",
        "mean_score",
        "score_ci95",
    ])
    .map_err(|e| e.to_string())?;
    for s in summaries {
        w.write_record([
            spec.clone(),
            summaries.len().to_string(),
            s.seat.to_string(),
            s.bot.clone(),
            s.games.to_string(),
            format!("{:.4}", s.wins),
            format!("{:.4}", s.wins / s.games as f64),
            format!("{:.4}", s.win_interval.0),
            format!("{:.4}", s.win_interval.1),
            format!("{:.4}", s.score.0),
            format!("{:.4}", s.score.1),
        ])
        .map_err(|e| e.to_string())?;
    }
    w.flush().map_err(|e| e.to_string())
}

fn print_summary(args: &TournamentArgs, game: &AnyGame, summaries: &[SeatSummary]) {
    out!(
        "{} games of {} with {}, seed {}",
        args.games,
        game.canonical_spec(),
        crate::players_text(args.players),
        args.seed
    );
    if args.players == 1
        && let Some(note) = game.solo_score()
    {
        out!("{note}");
    }
    out!(
        "{:<5} {:<32} {:>9} {:>8} {:>17} {:>16}",
        "seat",
        "bot",
        "wins",
        "win %",
        "95% interval",
        "mean score"
    );
    for s in summaries {
        out!(
            "{:<5} {:<32} {:>9.2} {:>7.2}% {:>7.2}% - {:>5.2}% {:>8.2} ± {:<5.2}",
            s.seat,
            s.bot,
            s.wins,
            100.0 * s.wins / s.games as f64,
            100.0 * s.win_interval.0,
            100.0 * s.win_interval.1,
            s.score.0,
            s.score.1
        );
    }
}
