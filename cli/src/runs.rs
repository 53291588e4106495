//! Playing a run into its files: the part every command that plays many
//! games shares (`tournament`, `league`). The engine is the library's
//! [`beachcomber::tournament::play_range`]; this module opens the outputs
//! ([`beachcomber_store::files::run_files`]), streams each chunk to them in game order,
//! checkpoints, stops early for a sequential test, reports progress, and
//! finishes or abandons the files.

use std::io::IsTerminal;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::mpsc;
use std::time::{Duration, Instant};

use beachcomber::bot::Bot;
use beachcomber::games::{AnyGame, GameKind};
use beachcomber::progress::WorkTable;
use beachcomber::spec::one_line;
use beachcomber::stats::sprt::{Decision, Sprt};
use beachcomber::tournament::{
    Chunk, Flow, GameResult, Layout, PartGame, Plan, PlayOptions, RunError, Shard, Totals,
    TypedPart, play_plan_parts, rows,
};
use beachcomber::with_game;
use beachcomber_bots::BotSet;
use clap::Args;
use indicatif::{ProgressBar, ProgressStyle};

use crate::engines::Engines;
use crate::signals;
use beachcomber_store::files::names::PAIRS_LABEL;
use beachcomber_store::files::output::{check_run_names, resolve_outputs};
pub use beachcomber_store::files::paths::OutputPaths;
use beachcomber_store::files::run_files::{RunDescription, RunFiles, describe_outputs};

/// The options of `tournament` and `league`: outputs, and threads,
/// progress, resume and shard.
#[derive(Args, Debug, Clone)]
pub struct RunArgs {
    /// Write one CSV row per seat per game here.
    #[arg(long, value_name = "FILE.csv")]
    pub out: Option<PathBuf>,
    /// Write the summary as CSV here: per bot and per seat, with 95%
    /// intervals and exact totals (`league` says what its summary holds).
    #[arg(long, value_name = "FILE.csv")]
    pub summary: Option<PathBuf>,
    /// Write one JSON line per game here (the record format of docs/records.md),
    /// compressed if the name ends in `.gz` (gzip) or `.zst` (zstd).
    #[arg(long, value_name = "FILE.jsonl[.gz|.zst]")]
    pub record: Option<PathBuf>,
    /// Threads, progress, resume, shard and checkpoints.
    #[command(flatten)]
    pub control: RunControl,
}

/// The run-control options every command that plays a run shares
/// (`tournament`, `league`, `sweep`, `run`): threads, progress, resume,
/// shard and checkpoints. None of them changes the results.
#[derive(Args, Debug, Clone)]
pub struct RunControl {
    /// Worker threads (default: all cores). Results do not depend on it.
    #[arg(long, value_name = "T", value_parser = clap::value_parser!(u64).range(1..=1024))]
    pub threads: Option<u64>,
    /// No progress report and no result table.
    #[arg(long)]
    pub quiet: bool,
    /// Continue an interrupted run: the same command, plus --resume.
    #[arg(long)]
    pub resume: bool,
    /// Play only part I of N: the deals whose number is I modulo N (in every
    /// combination or league), with the seeds of the whole run. `tournament`,
    /// `league` and `sweep` replace `{shard}` in an output name by I, and
    /// `beachcomber merge` joins the parts; `beachcomber run` plays part I into
    /// `DIR/shards/I/` and `run --merge N` joins them. Every command takes the
    /// shard from a Slurm array task (SLURM_ARRAY_TASK_ID and
    /// SLURM_ARRAY_TASK_COUNT, or _MIN/_MAX) when --shard is not given.
    #[arg(long, value_name = "I/N")]
    pub shard: Option<String>,
    /// Most seconds between two checkpoints of a resumable run (0: after
    /// every chunk of games).
    #[arg(long, value_name = "SECS", default_value_t = 2.0,
          value_parser = parse_seconds)]
    pub checkpoint_every: f64,
}

impl RunControl {
    /// The shard: `--shard`, else the Slurm array task, else the whole run.
    pub fn shard(&self) -> Result<Shard, String> {
        shard_from(self.shard.as_deref())
    }

    /// The options, checked ([`Control`]).
    pub fn control(&self) -> Result<Control, String> {
        Ok(self.with_shard(self.shard()?))
    }

    /// The options with the shard `shard` (resolved by the caller).
    pub fn with_shard(&self, shard: Shard) -> Control {
        Control {
            threads: self.threads,
            quiet: self.quiet,
            resume: self.resume,
            shard,
            checkpoint_every: Duration::from_secs_f64(self.checkpoint_every),
        }
    }
}

/// How to play a run, checked ([`RunControl`]'s options, the shard
/// resolved): none of it changes the results.
#[derive(Clone, Copy, Debug)]
pub struct Control {
    /// Worker threads (`None`: all cores).
    pub threads: Option<u64>,
    /// No progress report and no result table.
    pub quiet: bool,
    /// Continue an interrupted run.
    pub resume: bool,
    /// The part of the run to play.
    pub shard: Shard,
    /// Most time between two checkpoints.
    pub checkpoint_every: Duration,
}

/// `--checkpoint-every`: seconds from 0 to 86400.
pub fn parse_seconds(text: &str) -> Result<f64, String> {
    match text.parse::<f64>() {
        Ok(v) if v.is_finite() && (0.0..=86_400.0).contains(&v) => Ok(v),
        _ => Err(format!(
            "`{}` is not a number of seconds from 0 to 86400",
            one_line(text)
        )),
    }
}

impl RunArgs {
    /// The output paths, `{shard}` replaced by the shard's index.
    pub fn paths(&self, shard: Shard) -> OutputPaths {
        let fill = |p: &Option<PathBuf>| {
            p.as_ref().map(|p| {
                PathBuf::from(
                    p.to_string_lossy()
                        .replace("{shard}", &shard.index.to_string()),
                )
            })
        };
        OutputPaths {
            out: fill(&self.out),
            summary: fill(&self.summary),
            record: fill(&self.record),
            pairs: None,
        }
    }
}

/// The shard: `--shard I/N` (`given`), else the Slurm array task, else the
/// whole run.
pub fn shard_from(given: Option<&str>) -> Result<Shard, String> {
    if let Some(text) = given {
        return Shard::parse(text).map_err(|e| format!("--shard: {e}"));
    }
    let var = |name: &str| -> Result<Option<u64>, String> {
        match std::env::var(name) {
            Ok(v) => v.trim().parse().map(Some).map_err(|_| {
                format!(
                    "{name}=`{}` is not a number (it chooses this job's shard)",
                    one_line(&v)
                )
            }),
            Err(_) => Ok(None),
        }
    };
    let Some(task) = var("SLURM_ARRAY_TASK_ID")? else {
        return Ok(Shard::WHOLE);
    };
    let (min, count) = match (
        var("SLURM_ARRAY_TASK_COUNT")?,
        var("SLURM_ARRAY_TASK_MIN")?,
        var("SLURM_ARRAY_TASK_MAX")?,
    ) {
        (Some(count), min, _) => (min.unwrap_or(0), count),
        (None, Some(min), Some(max)) if max >= min => (min, max - min + 1),
        _ => {
            return Err(
                "SLURM_ARRAY_TASK_ID is set but neither SLURM_ARRAY_TASK_COUNT nor \
                 SLURM_ARRAY_TASK_MIN/MAX: give --shard I/N"
                    .to_string(),
            );
        }
    };
    if task < min || task - min >= count {
        return Err(format!(
            "SLURM_ARRAY_TASK_ID={task} is outside the job array ({min} to {}): \
             give --shard I/N",
            min + count - 1
        ));
    }
    Shard::new(task - min, count).map_err(|e| format!("Slurm array task: {e}"))
}

/// A run to play into files.
pub struct RunRequest<'a> {
    /// The command (`tournament`, `league`, `sweep`), for the manifest.
    pub command: &'static str,
    /// The game of each part of the plan (parts may be of different games).
    pub games: &'a [AnyGame],
    /// The runs: one part for a tournament or league, one per combination
    /// for a sweep.
    pub plan: &'a Plan,
    /// Each distinct bot spec of the run with its configuration.
    pub bots: &'a BotSet,
    /// Other settings that change the output, canonical (for the manifest
    /// and `--resume`).
    pub settings: Vec<(String, String)>,
    /// Where to write.
    pub paths: OutputPaths,
    /// Input files that no output may overwrite.
    pub inputs: Vec<(String, PathBuf)>,
    /// Threads, progress, resume, shard and checkpoints.
    pub control: Control,
    /// Stop early when this test decides (a run of two distinct bots).
    pub sprt: Option<Sprt>,
    /// The declared external bots (checked already).
    pub engines: &'a Engines,
    /// The folder a sweep writes into (its `checkpoint.json` and
    /// `manifest.json`); `None`: beside the first output.
    pub folder: Option<PathBuf>,
}

/// How a run ended.
pub struct RunResult {
    /// Its totals, one per part of the plan.
    pub totals: Vec<Totals>,
    /// Games played in all (fewer than the run's when the test stopped it).
    pub games: u64,
    /// Whether the sequential test stopped it.
    pub stopped: bool,
    /// Time spent in this session.
    pub elapsed: Duration,
    /// Games played in this session.
    pub played_now: u64,
}

/// A file written when the run is whole: its label (`--summary`,
/// [`PAIRS_LABEL`]) and its content.
pub type AtEnd = (&'static str, Vec<u8>);

/// Play `request` into its files; `summary` gives the content of the files
/// written at the end (`--summary`, and a league's [`PAIRS_LABEL`]) from
/// the final totals (headers included), by label.
pub fn execute(
    request: &RunRequest<'_>,
    summary: &dyn Fn(&[Totals]) -> Vec<AtEnd>,
) -> Result<RunResult, String> {
    let plan = request.plan;
    plan.validate().map_err(|e| format!("the run: {e}"))?;
    if !request.control.quiet
        && let Some(note) = request.bots.cheating_note()
    {
        eprintln!("{note}");
    }
    let paths = &request.paths;
    let record_compression = paths.record_compression()?;
    let given = paths.given();
    let inputs: Vec<(&str, &Path)> = request
        .inputs
        .iter()
        .map(|(what, p)| (what.as_str(), p.as_path()))
        .collect();
    let mut resolved = resolve_outputs(&given, &inputs)?;
    check_run_names(&resolved, request.folder.as_deref(), true)?;
    let description = RunDescription {
        command: request.command.to_string(),
        version: env!("CARGO_PKG_VERSION").to_string(),
        plan: plan.clone(),
        shard: request.control.shard,
        settings: request.settings.clone(),
        outputs: describe_outputs(&resolved),
    };
    let mut at_end = Vec::new();
    for label in ["--summary", PAIRS_LABEL] {
        if let Some(i) = resolved.iter().position(|r| r.label() == label) {
            at_end.push(resolved.remove(i));
        }
    }
    let (mut files, start) = RunFiles::open(
        description,
        resolved,
        at_end,
        request.control.resume,
        plan.parts.iter().map(|p| Totals::new(&p.run)).collect(),
        request.folder.as_deref(),
    )?;
    for note in &start.notes {
        eprintln!("{note}");
    }
    if let Some(finished) = &start.finished {
        // An interrupted finish, completed: nothing left to play.
        return Ok(RunResult {
            games: start.next,
            stopped: finished.stopped,
            played_now: 0,
            totals: start.totals,
            elapsed: Duration::ZERO,
        });
    }
    files.set_checkpoint_every(request.control.checkpoint_every);
    let threads_wanted = request.control.threads.unwrap_or(0) as usize;
    let pool = match rayon::ThreadPoolBuilder::new()
        .num_threads(threads_wanted)
        .build()
    {
        Ok(pool) => pool,
        Err(e) => {
            files.abandon();
            return Err(format!("cannot start worker threads: {e}"));
        }
    };
    let threads = pool.current_num_threads();
    let mut setup = || -> Result<(), String> {
        if files.has("--out") && files.is_empty("--out") {
            let extra = rows::extra_columns_union(request.games.iter().map(AnyGame::extra_columns));
            let header = rows::plan_header(&plan.value_columns(), &extra);
            files.append("--out", header.as_bytes())?;
        }
        files.checkpoint(start.next, &start.totals, threads, true)
    };
    if let Err(e) = setup() {
        files.abandon();
        return Err(e);
    }
    let total = Layout::new(plan, request.control.shard).games();
    // A sequential test shows its LLR and bounds instead of an ETA (it may
    // stop long before `total`).
    let llr = request.sprt.as_ref().map(|test| {
        let now = start.totals[0]
            .paired
            .as_ref()
            .map_or(0.0, |p| test.llr(&p.score_counts()));
        SprtProgress {
            llr: std::sync::Arc::new(AtomicU64::new(now.to_bits())),
            bounds: test.bounds(),
        }
    });
    // Each game weighed by its expected cost, so that the ETA does not
    // climb when the run reaches its dear combinations.
    let work = std::sync::Arc::new(WorkTable::new(plan, request.control.shard));
    let progress = Progress::start(request.control.quiet, start.next, total, llr.clone(), work);
    let began = Instant::now();
    let first = start.next;
    let mut sink = FileSink {
        files: &mut files,
        sprt: request.sprt.as_ref(),
        rotations: plan.first().rotations(),
        threads,
        llr: llr.as_ref().map(|l| l.llr.as_ref()),
    };
    let on_done = || progress.inc();
    let play_options = PlayOptions {
        shard: request.control.shard,
        range: start.next..total,
        want_rows: paths.out.is_some(),
        records: record_compression.filter(|_| paths.record.is_some()),
        cancel: &signals::CANCEL,
        on_done: &on_done,
    };
    let result = pool.install(|| {
        let parts: Vec<Box<dyn PartGame + '_>> = request
            .games
            .iter()
            .map(|game| with_game!(game, |g| part_game(g, request.bots, request.engines)))
            .collect();
        let parts: Vec<&dyn PartGame> = parts.iter().map(|p| p.as_ref()).collect();
        play_plan_parts(&parts, plan, &play_options, start.totals.clone(), &mut sink)
    });
    progress.finish();
    let elapsed = began.elapsed();
    match result {
        Ok(played) => {
            let contents = summary(&played.totals);
            let stopped = played.stopped.then(|| "sprt".to_string());
            if let Err(e) = files.finish(&contents, played.end, stopped, &played.totals, threads) {
                return Err(match files.abandon() {
                    Some(how) => format!("{e}; {how}"),
                    None => e,
                });
            }
            Ok(RunResult {
                games: played.end,
                stopped: played.stopped,
                played_now: played.end - first,
                totals: played.totals,
                elapsed,
            })
        }
        Err(RunError::Cancelled { next, totals }) => {
            let saved = files.checkpoint(next, &totals, threads, true);
            let how = files.abandon();
            Err(match (saved, how) {
                (Ok(()), Some(how)) => {
                    format!("interrupted after {next} of {total} games: {how}")
                }
                (Err(e), _) => format!("interrupted; {e}"),
                (Ok(()), None) => "interrupted: stopped, no output written".to_string(),
            })
        }
        Err(RunError::Bot {
            failure,
            next,
            totals,
        }) => {
            let saved = files.checkpoint(next, &totals, threads, true);
            let how = files.abandon();
            let log = request.engines.log_note();
            Err(match (saved, how) {
                (Ok(()), Some(how)) => format!("{failure}{log}; {how}"),
                (Err(e), _) => format!("{failure}{log}; {e}"),
                (Ok(()), None) => format!("{failure}{log}; no output written"),
            })
        }
        Err(e) => {
            let how = files.abandon();
            Err(match how {
                Some(how) => format!("{e}; {how}"),
                None => e.to_string(),
            })
        }
    }
}

/// Appends each chunk to the files, checkpoints, and stops the run when the
/// sequential test decides.
struct FileSink<'a> {
    files: &'a mut RunFiles,
    sprt: Option<&'a Sprt>,
    rotations: u64,
    threads: usize,
    /// Where the test's latest LLR goes, for the progress report.
    llr: Option<&'a AtomicU64>,
}

impl beachcomber::tournament::Sink for FileSink<'_> {
    fn game(&mut self, game: &GameResult, totals: &Totals) -> Flow {
        // The test looks only at whole deals, after each one in game order:
        // where it stops does not depend on the threads.
        if let (Some(test), Some(p)) = (self.sprt, totals.paired.as_ref())
            && game.rotation + 1 == self.rotations
        {
            let outcome = test.decide(&p.score_counts());
            if let Some(llr) = self.llr {
                llr.store(outcome.llr.to_bits(), Ordering::Relaxed);
            }
            if outcome.decision != Decision::Inconclusive {
                return Flow::Stop;
            }
        }
        Flow::Continue
    }

    fn chunk(&mut self, chunk: &Chunk, totals: &[Totals]) -> Result<(), String> {
        self.files.append("--out", &chunk.rows)?;
        self.files.append("--record", &chunk.records)?;
        self.files
            .checkpoint(chunk.end, totals, self.threads, false)
    }
}

/// A part's game with fresh bots built from their configurations, as the
/// engine's [`PartGame`] (the parts of a plan may be of different games).
fn part_game<'a, G: GameKind>(
    game: &'a G,
    bots: &'a BotSet,
    engines: &'a Engines,
) -> Box<dyn PartGame + 'a> {
    Box::new(TypedPart {
        game,
        bot: move |spec: &str| -> Box<dyn Bot<G>> {
            let config = bots
                .get(spec)
                .expect("every lineup spec has a configuration");
            engines.build::<G>(config)
        },
    })
}

/// How often the plain progress line is printed when standard error is
/// not a terminal.
const PLAIN_EVERY: Duration = Duration::from_secs(10);

/// A sequential test's state for the progress report: its latest LLR
/// (the bits of an `f64`) and its bounds.
#[derive(Clone)]
struct SprtProgress {
    llr: std::sync::Arc<AtomicU64>,
    bounds: (f64, f64),
}

impl SprtProgress {
    /// `llr 0.512 (bounds -2.944, 2.944)`.
    fn text(&self) -> String {
        let llr = f64::from_bits(self.llr.load(Ordering::Relaxed));
        let (lower, upper) = self.bounds;
        format!("llr {llr:.3} (bounds {lower:.3}, {upper:.3})")
    }
}

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
    fn start(
        quiet: bool,
        done: u64,
        total: u64,
        sprt: Option<SprtProgress>,
        work: std::sync::Arc<WorkTable>,
    ) -> Progress {
        if quiet {
            return Progress::Quiet;
        }
        if std::io::stderr().is_terminal() {
            // The games so far and the test's bounds for a sequential test
            // (no bar, no ETA: it may stop at any deal); the games per
            // second rounded as in the plain line.
            let template = if sprt.is_some() {
                "{elapsed_precise} {pos} games so far (at most {len}; {rate}), sprt {sprt}"
            } else {
                "{elapsed_precise} [{bar:40}] {pos}/{len} games ({rate}, eta {left})"
            };
            let base = done;
            let table = work.clone();
            let mut style = ProgressStyle::with_template(template)
                .expect("valid template")
                .progress_chars("=> ")
                .with_key(
                    "rate",
                    |state: &indicatif::ProgressState, w: &mut dyn std::fmt::Write| {
                        let _ = write!(w, "{:.1} games/s", state.per_sec());
                    },
                )
                .with_key(
                    "left",
                    move |state: &indicatif::ProgressState, w: &mut dyn std::fmt::Write| {
                        let secs = state.elapsed().as_secs_f64();
                        let _ = w.write_str(&eta_text(table.remaining(base, state.pos(), secs)));
                    },
                );
            if let Some(sprt) = sprt.clone() {
                style = style.with_key(
                    "sprt",
                    move |_: &indicatif::ProgressState, w: &mut dyn std::fmt::Write| {
                        let _ = w.write_str(&sprt.text());
                    },
                );
            }
            let bar = ProgressBar::new(total).with_style(style);
            bar.set_position(done);
            return Progress::Bar(bar);
        }
        let base = done;
        let done = std::sync::Arc::new(AtomicU64::new(done));
        let (stop, stopped) = mpsc::channel::<()>();
        let counter = done.clone();
        let thread = std::thread::spawn(move || {
            let start = Instant::now();
            while let Err(mpsc::RecvTimeoutError::Timeout) = stopped.recv_timeout(PLAIN_EVERY) {
                eprintln!(
                    "{}",
                    plain_line(
                        base,
                        counter.load(Ordering::Relaxed),
                        total,
                        start.elapsed(),
                        sprt.as_ref(),
                        &work,
                    )
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

/// `37 s` (or `?` before any game of this session has finished).
fn eta_text(remaining: Option<f64>) -> String {
    remaining.map_or("?".to_string(), |secs| format!("{secs:.0} s"))
}

/// `progress: 1200/10000 games (240.0 games/s, eta 37 s)`: the rate of
/// this session (which began at game `base`), the ETA from the work left
/// at this session's rate of work ([`WorkTable::remaining`]: each game
/// weighed by its expected cost). With a sequential test:
/// `progress: 1200 games so far (at most 20000; 240.0 games/s), sprt llr
/// 0.512 (bounds -2.944, 2.944)`.
fn plain_line(
    base: u64,
    done: u64,
    total: u64,
    elapsed: Duration,
    sprt: Option<&SprtProgress>,
    work: &WorkTable,
) -> String {
    let secs = elapsed.as_secs_f64().max(1e-9);
    let rate = done.saturating_sub(base) as f64 / secs;
    if let Some(sprt) = sprt {
        return format!(
            "progress: {done} games so far (at most {total}; {rate:.1} games/s), sprt {}",
            sprt.text()
        );
    }
    let eta = eta_text(work.remaining(base, done.min(total), secs));
    format!("progress: {done}/{total} games ({rate:.1} games/s, eta {eta})")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_plain_line_s_eta_weighs_the_games_left_by_their_cost() {
        // 10 dear games (10 each) then 10 cheap ones (1 each): after the
        // 10 dear ones in 100 s, 10 units of work are left: 10 s, where
        // counting games would say 100 s.
        let work = WorkTable::from_parts(vec![(10, 10.0), (10, 1.0)]);
        let line = plain_line(0, 10, 20, Duration::from_secs(100), None, &work);
        assert_eq!(line, "progress: 10/20 games (0.1 games/s, eta 10 s)");
        let line = plain_line(10, 10, 20, Duration::from_secs(100), None, &work);
        assert_eq!(line, "progress: 10/20 games (0.0 games/s, eta ?)");
    }
}
