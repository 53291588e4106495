//! `beachcomber tournament`: many games between bots, in parallel and
//! reproducible to the byte for a given seed whatever the thread count.

use std::fs::File;
use std::io::{BufWriter, Write};
use std::path::PathBuf;

use beachcomber::game::Evaluate;
use beachcomber::games::AnyGame;
use beachcomber::record::RecordFormat;
use beachcomber::runner::{GameReport, play_games_cancellable};
use beachcomber::spec::split_top_level;
use beachcomber::stats::{Z95, mean_ci95_from_sums, wilson};
use beachcomber::with_game;
use beachcomber_bots::BotConfig;
use clap::Args;
use indicatif::{ProgressBar, ProgressStyle};

use crate::output::AtomicFile;

/// Options of `beachcomber tournament`.
#[derive(Args, Debug)]
pub struct TournamentArgs {
    /// Game spec: `seashells(mode=board|stroll,scoring=simple|advanced)`,
    /// `seaside(removed=N,tokens=PATH)` or `shell-dash(deck=...,max_turns=N)`.
    #[arg(long, value_name = "SPEC")]
    pub game: String,
    /// Number of players (Seashells 2-5, Seaside 1-5, Shell Dash 1-2).
    #[arg(long, value_name = "N")]
    pub players: usize,
    /// Bot spec for each seat, separated by top-level commas
    /// (`ismcts(iterations=2000,c=0.7),greedy`), or one spec for every seat.
    /// Bots: random, greedy(worlds), pimc(iterations,worlds,c,rollout,reward),
    /// ismcts(iterations,c,rollout,reward), oracle(...) (cheats: sees hidden
    /// information). See docs/bots.md.
    #[arg(long, value_name = "SPECS", default_value = "random")]
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
    /// Write one JSON line per game here (the record format of docs/records.md).
    #[arg(long, value_name = "FILE.jsonl")]
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
    Ok((configs, parts))
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
    // Open every output before playing, so that a bad path fails at once.
    let mut out = args.out.as_deref().map(AtomicFile::create).transpose()?;
    let mut summary = args
        .summary
        .as_deref()
        .map(AtomicFile::create)
        .transpose()?;
    let mut record = args.record.as_deref().map(AtomicFile::create).transpose()?;
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
        .map_err(|e| format!("--out: {e}"))?;
    }
    let tally =
        pool.install(|| with_game!(&game, |g| play_all(g, &configs, &specs, &args, &mut sinks)))?;
    if let Some(mut w) = sinks.games_csv.take() {
        w.flush().map_err(|e| format!("--out: {e}"))?;
    }
    drop(sinks);
    let summaries = tally.summaries(&specs);
    if let Some(file) = summary.as_mut() {
        write_summary_csv(file, &summaries).map_err(|e| format!("--summary: {e}"))?;
    }
    for file in [out, summary, record].into_iter().flatten() {
        file.commit()?;
    }
    if !args.quiet {
        print_summary(&args, &summaries);
    }
    Ok(())
}

/// Games played between two writes: results are written and dropped chunk
/// by chunk, so memory stays bounded however many games a run has.
const CHUNK: u64 = 1024;

/// Where finished games go.
struct Sinks<'a> {
    games_csv: Option<csv::Writer<&'a mut BufWriter<File>>>,
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
    let mut start = 0;
    while start < args.games {
        let end = args.games.min(start + CHUNK);
        let reports = play_games_cancellable(
            game,
            start..end,
            args.seed,
            specs,
            make_bots,
            sinks.records.is_some(),
            &|| bar.inc(1),
            &crate::INTERRUPTED,
        )
        .ok_or_else(|| "interrupted: no output was written".to_string())?;
        tally.add(&reports);
        if let Some(w) = sinks.games_csv.as_mut() {
            write_games_csv(w, &reports, specs).map_err(|e| format!("--out: {e}"))?;
        }
        if let Some(file) = sinks.records.as_mut() {
            let w = file.writer();
            for r in &reports {
                let rec = r.record.as_ref().expect("records were asked for");
                serde_json::to_writer(&mut *w, rec).map_err(|e| format!("--record: {e}"))?;
                w.write_all(b"\n").map_err(|e| format!("--record: {e}"))?;
            }
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

fn write_summary_csv(file: &mut AtomicFile, summaries: &[SeatSummary]) -> Result<(), String> {
    let mut w = csv::Writer::from_writer(file.writer());
    w.write_record([
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

fn print_summary(args: &TournamentArgs, summaries: &[SeatSummary]) {
    out!(
        "{} games of {} with {} players, seed {}",
        args.games,
        args.game,
        args.players,
        args.seed
    );
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
