//! The run-control flags every command that plays a run shares, and its
//! progress on standard error. Playing the run into its files is the
//! store's [`beachcomber_store::execute`].

use std::io::IsTerminal;
use std::path::PathBuf;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::mpsc;
use std::time::{Duration, Instant};

use beachcomber::progress::WorkTable;
use beachcomber::spec::one_line;
use beachcomber::tournament::{Shard, ShardError};
use clap::Args;
use indicatif::{ProgressBar, ProgressStyle};

use beachcomber_store::counts::Threads;
use beachcomber_store::engines::Engines;
use beachcomber_store::error::StoreError;
pub use beachcomber_store::execute::{Control, RunRequest, RunResult};
use beachcomber_store::execute::{GameCounter, Reporter, SprtProgress};
pub use beachcomber_store::files::paths::OutputPaths;
use beachcomber_store::study_runs::RunPorts;

use crate::signals;

/// The options of `tournament` and `league`: outputs, and threads,
/// progress, resume and shard.
#[derive(Args, Debug, Clone)]
pub struct RunArgs {
    /// Write one row per seat per game here, as CSV; as Parquet when the
    /// name ends in `.parquet` (the same columns, typed; written when the
    /// run ends, docs/tournaments.md).
    #[arg(long, value_name = "FILE.csv|FILE.parquet")]
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
    #[arg(long, value_name = "T")]
    pub threads: Option<Threads>,
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
    pub fn shard(&self) -> Result<Shard, ShardChoiceError> {
        shard_from(self.shard.as_deref())
    }

    /// The options, checked ([`Control`]).
    pub fn control(&self) -> Result<Control, ShardChoiceError> {
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

/// `--checkpoint-every`: seconds from 0 to 86400.
pub fn parse_seconds(text: &str) -> Result<f64, SecondsError> {
    match text.parse::<f64>() {
        Ok(v) if v.is_finite() && (0.0..=86_400.0).contains(&v) => Ok(v),
        _ => Err(SecondsError {
            text: text.to_string(),
        }),
    }
}

/// A `--checkpoint-every` that is not a number of seconds from 0 to 86400.
#[derive(Debug, thiserror::Error)]
#[error("`{}` is not a number of seconds from 0 to 86400", one_line(.text))]
pub struct SecondsError {
    /// The text given.
    pub text: String,
}

/// Why the shard of this job cannot be chosen.
#[derive(Debug, thiserror::Error)]
pub enum ShardChoiceError {
    /// `--shard I/N` does not parse.
    #[error("--shard: {0}")]
    Flag(ShardError),
    /// A Slurm variable that is not a number.
    #[error("{name}=`{}` is not a number (it chooses this job's shard)", one_line(.value))]
    NotANumber {
        /// The variable.
        name: &'static str,
        /// Its value.
        value: String,
    },
    /// A task id without the array's size.
    #[error(
        "SLURM_ARRAY_TASK_ID is set but neither SLURM_ARRAY_TASK_COUNT nor \
         SLURM_ARRAY_TASK_MIN/MAX: give --shard I/N"
    )]
    NoArraySize,
    /// A task id outside the array.
    #[error(
        "SLURM_ARRAY_TASK_ID={task} is outside the job array ({min} to {}): \
         give --shard I/N",
        .min + .count - 1
    )]
    OutsideArray {
        /// The task id.
        task: u64,
        /// The array's first id.
        min: u64,
        /// The array's size.
        count: u64,
    },
    /// The task's shard is not a valid one.
    #[error("Slurm array task: {0}")]
    Task(ShardError),
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
pub fn shard_from(given: Option<&str>) -> Result<Shard, ShardChoiceError> {
    if let Some(text) = given {
        return Shard::parse(text).map_err(ShardChoiceError::Flag);
    }
    let var = |name: &'static str| -> Result<Option<u64>, ShardChoiceError> {
        match std::env::var(name) {
            Ok(v) => v
                .trim()
                .parse()
                .map(Some)
                .map_err(|_| ShardChoiceError::NotANumber { name, value: v }),
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
        _ => return Err(ShardChoiceError::NoArraySize),
    };
    if task < min || task - min >= count {
        return Err(ShardChoiceError::OutsideArray { task, min, count });
    }
    Shard::new(task - min, count).map_err(ShardChoiceError::Task)
}

/// Play `request` into its files ([`beachcomber_store::execute::execute`]),
/// with the progress on standard error (none if quiet) and the signals'
/// stop flag.
pub fn execute(request: &RunRequest<'_>) -> Result<RunResult, StoreError> {
    let reporter = Terminal {
        quiet: request.control.quiet,
    };
    beachcomber_store::execute::execute(request, &reporter, &signals::CANCEL)
}

/// What a store's run plays with ([`RunPorts`]): `engines`, `reporter`
/// and the signals' stop flag.
pub fn ports<'a>(engines: &'a Engines, reporter: &'a dyn Reporter) -> RunPorts<'a> {
    RunPorts {
        engines,
        reporter,
        cancel: &signals::CANCEL,
    }
}

/// The progress and notes of a run on standard error (nothing but the
/// notes when `quiet`), for a command that drives the store itself.
pub fn terminal(quiet: bool) -> impl Reporter {
    Terminal { quiet }
}

/// The progress and notes of a run on standard error.
struct Terminal {
    quiet: bool,
}

impl Reporter for Terminal {
    fn note(&self, note: &str) {
        eprintln!("{note}");
    }

    fn start(
        &self,
        first: u64,
        total: u64,
        sprt: Option<SprtProgress>,
        work: std::sync::Arc<WorkTable>,
    ) -> Box<dyn GameCounter> {
        Box::new(Progress::start(self.quiet, first, total, sprt, work))
    }
}

impl GameCounter for Progress {
    fn game_done(&self) {
        self.inc();
    }

    fn finish(&self) {
        Progress::finish(self);
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
