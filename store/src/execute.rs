//! Playing a run into its files: the part every command that plays many
//! games shares (`tournament`, `league`, `sweep`). The engine is the
//! library's [`beachcomber::tournament::play_plan_parts`]; this module opens
//! the outputs ([`crate::files::run_files`]), streams each chunk to them in
//! game order, checkpoints, stops early for a sequential test, counts the
//! games for the caller's [`Reporter`], and finishes or abandons the files.

use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::time::{Duration, Instant};

use beachcomber::bot::Bot;
use beachcomber::games::{AnyGame, GameKind};
use beachcomber::progress::WorkTable;
use beachcomber::record::io::Compression;
use beachcomber::stats::sprt::{Decision, Sprt};
use beachcomber::tournament::{
    Chunk, Flow, GameResult, Layout, PartGame, Plan, PlanPlayed, PlayOptions, RunError, Shard,
    SinkError, Totals, TypedPart, play_plan_parts, rows,
};
use beachcomber::with_game;
use beachcomber_bots::{BotSet, CompiledBots};

use crate::counts::Threads;
use crate::engines::Engines;
pub use crate::error::StoreError;
use crate::error::{Interrupted, Left};
use crate::files::names::PAIRS_LABEL;
use crate::files::output::{OutputError, check_run_names, resolve_outputs};
use crate::files::paths::OutputPaths;
use crate::files::run_files::{RunDescription, RunFiles, RunFilesError, Start, describe_outputs};
use crate::final_files::final_files;
use crate::manifest::RunKind;
use crate::parquet_table::GamesColumns;

pub use crate::counts::THREADS;

/// What a run tells its caller while it plays: notes for the user, and
/// each finished game (a front end shows a bar, a plain line or nothing).
pub trait Reporter {
    /// A note for the user (cheating bots, a resumed run), one line.
    fn note(&self, note: &str);
    /// The games are about to be played: `first` of `total` are done
    /// already; `sprt` is the sequential test's state, if any; `work`
    /// weighs the games left by their expected cost.
    fn start(
        &self,
        first: u64,
        total: u64,
        sprt: Option<SprtProgress>,
        work: Arc<WorkTable>,
    ) -> Box<dyn GameCounter>;
}

/// Counts the games of a run as they finish (from any worker thread).
pub trait GameCounter: Sync {
    /// One more game is finished.
    fn game_done(&self);
    /// The run stopped playing (finished, stopped or interrupted).
    fn finish(&self);
}

/// A [`Reporter`] that shows nothing.
pub struct Silent;

impl Reporter for Silent {
    fn note(&self, _note: &str) {}

    fn start(
        &self,
        _first: u64,
        _total: u64,
        _sprt: Option<SprtProgress>,
        _work: Arc<WorkTable>,
    ) -> Box<dyn GameCounter> {
        Box::new(Silent)
    }
}

impl GameCounter for Silent {
    fn game_done(&self) {}
    fn finish(&self) {}
}

/// How to play a run, checked (the CLI's run-control options, the shard
/// resolved): none of it changes the results.
#[derive(Clone, Copy, Debug)]
pub struct Control {
    /// Worker threads (`None`: all cores).
    pub threads: Option<Threads>,
    /// No progress report and no result table.
    pub quiet: bool,
    /// Continue an interrupted run.
    pub resume: bool,
    /// The part of the run to play.
    pub shard: Shard,
    /// Most time between two checkpoints.
    pub checkpoint_every: Duration,
}

/// A sequential test's state for the progress report: its latest LLR
/// (the bits of an `f64`) and its bounds.
#[derive(Clone)]
pub struct SprtProgress {
    /// The latest LLR, as the bits of an `f64`.
    pub llr: Arc<AtomicU64>,
    /// The lower and upper bounds.
    pub bounds: (f64, f64),
}

impl SprtProgress {
    /// `llr 0.512 (bounds -2.944, 2.944)`.
    pub fn text(&self) -> String {
        let llr = f64::from_bits(self.llr.load(Ordering::Relaxed));
        let (lower, upper) = self.bounds;
        format!("llr {llr:.3} (bounds {lower:.3}, {upper:.3})")
    }
}

/// A run to play into files.
pub struct RunRequest<'a> {
    /// The kind of run (with its settings), for the manifest and the
    /// files written at its end ([`crate::final_files`]).
    pub kind: RunKind,
    /// The game of each part of the plan (parts may be of different games).
    pub games: &'a [AnyGame],
    /// The runs: one part for a tournament or league, one per combination
    /// for a sweep.
    pub plan: &'a Plan,
    /// Each distinct bot spec of the run with its configuration.
    pub bots: &'a BotSet,
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

/// Play `request` into its files; when the run is whole, the files its
/// kind writes at the end ([`final_files`]: `--summary`, and a league's
/// [`PAIRS_LABEL`]) are written from the final totals.
/// `reporter` hears the notes and counts the games; `cancel` set (by a
/// signal) stops the run at the next decision, keeping a checkpoint.
pub fn execute(
    request: &RunRequest<'_>,
    reporter: &dyn Reporter,
    cancel: &AtomicBool,
) -> Result<RunResult, StoreError> {
    let plan = request.plan;
    // Before any file is opened: every learned model fits every game.
    for game in request.games {
        beachcomber_bots::check_models(request.bots.configs(), game)?;
    }
    let (mut files, start, record_compression) = open_run_files(request, reporter)?;
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
    let threads_wanted = request.control.threads.map_or(0, Threads::get) as usize;
    let pool = match rayon::ThreadPoolBuilder::new()
        .num_threads(threads_wanted)
        .build()
    {
        Ok(pool) => pool,
        Err(e) => {
            files.abandon();
            return Err(StoreError::Threads(e));
        }
    };
    let threads = pool.current_num_threads();
    if let Err(e) = write_header_and_checkpoint(request, &mut files, &start, threads) {
        files.abandon();
        return Err(e.into());
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
            llr: Arc::new(AtomicU64::new(now.to_bits())),
            bounds: test.bounds(),
        }
    });
    // Each game weighed by its expected cost, so that the ETA does not
    // climb when the run reaches its dear combinations.
    let work = Arc::new(WorkTable::new(plan, request.control.shard));
    let progress = reporter.start(start.next, total, llr.clone(), work);
    let began = Instant::now();
    let first = start.next;
    let mut sink = FileSink {
        files: &mut files,
        sprt: request.sprt.as_ref(),
        rotations: plan.first().rotations(),
        threads,
        llr: llr.as_ref().map(|l| l.llr.as_ref()),
    };
    let on_done = || progress.game_done();
    let play_options = PlayOptions {
        shard: request.control.shard,
        range: start.next..total,
        want_rows: request.paths.out.is_some(),
        records: record_compression.filter(|_| request.paths.record.is_some()),
        cancel,
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
    let end = RunEnd {
        first,
        total,
        threads,
        elapsed,
    };
    conclude(request, &mut files, result, end)
}

/// Check `request`'s plan and outputs, tell the cheating note, and open (or
/// resume) its files: the files, where they start, and the records'
/// compression.
fn open_run_files(
    request: &RunRequest<'_>,
    reporter: &dyn Reporter,
) -> Result<(RunFiles, Start, Option<Compression>), StoreError> {
    let plan = request.plan;
    plan.validate().map_err(StoreError::Plan)?;
    if !request.control.quiet
        && let Some(note) = request.bots.cheating_note()
    {
        reporter.note(&note);
    }
    let paths = &request.paths;
    paths.check_parquet()?;
    let record_compression = paths.record_compression()?;
    let given = paths.given();
    let inputs: Vec<(&str, &Path)> = request
        .inputs
        .iter()
        .map(|(what, p)| (what.as_str(), p.as_path()))
        .collect();
    let mut resolved = resolve_outputs(&given, &inputs)?;
    check_run_names(&resolved, request.folder.as_deref(), true)?;
    // A Parquet `--out`: its partial file holds the CSV text, converted
    // when the run is whole (so it must be a file to rename into place).
    let parquet_out = if paths.out_is_parquet() {
        if let Some(r) = resolved
            .iter()
            .find(|r| r.label() == "--out" && r.target().is_none())
        {
            return Err(OutputError::ParquetNotAFile {
                label: r.label().to_string(),
                path: r.given().to_path_buf(),
            }
            .into());
        }
        Some(GamesColumns::of(plan))
    } else {
        None
    };
    let description = RunDescription {
        kind: request.kind.clone(),
        version: env!("CARGO_PKG_VERSION").to_string(),
        plan: plan.clone(),
        shard: request.control.shard,
        outputs: describe_outputs(&resolved),
    };
    let mut at_end = Vec::new();
    for label in ["--summary", PAIRS_LABEL] {
        if let Some(i) = resolved.iter().position(|r| r.label() == label) {
            at_end.push(resolved.remove(i));
        }
    }
    let (files, start) = RunFiles::open(
        description,
        resolved,
        at_end,
        request.control.resume,
        plan.parts.iter().map(|p| Totals::new(&p.run)).collect(),
        request.folder.as_deref(),
        parquet_out,
    )?;
    for note in &start.notes {
        reporter.note(note);
    }
    Ok((files, start, record_compression))
}

/// A new `--out` gets its header; then the first checkpoint.
fn write_header_and_checkpoint(
    request: &RunRequest<'_>,
    files: &mut RunFiles,
    start: &Start,
    threads: usize,
) -> Result<(), RunFilesError> {
    let plan = request.plan;
    if files.has("--out") && files.is_empty("--out") {
        let mut extra = rows::extra_columns_union(request.games.iter().map(AnyGame::extra_columns));
        if plan.quality() {
            // The game-quality metrics' values follow the game's own.
            extra.extend(beachcomber::metrics::quality::game_columns());
        }
        let header = rows::plan_header(&plan.value_columns(), &extra);
        files.append("--out", header.as_bytes())?;
    }
    files.checkpoint(start.next, &start.totals, threads, true)
}

/// What [`conclude`] needs to know of the session that played.
struct RunEnd {
    /// The first game this session played.
    first: u64,
    /// The games of the run (this shard's).
    total: u64,
    threads: usize,
    elapsed: Duration,
}

/// After the play: a whole run's final files and finish, or an
/// interrupted or failed run's checkpoint and what was kept.
fn conclude(
    request: &RunRequest<'_>,
    files: &mut RunFiles,
    result: Result<PlanPlayed, RunError>,
    end: RunEnd,
) -> Result<RunResult, StoreError> {
    let RunEnd {
        first,
        total,
        threads,
        elapsed,
    } = end;
    let plan = request.plan;
    match result {
        Ok(played) => {
            let contents =
                match final_files(&request.kind, plan, &played.totals, request.games.first()) {
                    Ok(files) => files.by_label(),
                    Err(e) => {
                        files.abandon();
                        return Err(e.into());
                    }
                };
            let stopped = played.stopped.then(|| "sprt".to_string());
            if let Err(e) = files.finish(&contents, played.end, stopped, &played.totals, threads) {
                return Err(StoreError::kept(e, files.abandon()));
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
            let after = match (saved, files.abandon()) {
                (Ok(()), Some(kept)) => Interrupted::Kept { next, total, kept },
                (Err(e), _) => Interrupted::Unsaved(Box::new(e)),
                (Ok(()), None) => Interrupted::Nothing,
            };
            Err(StoreError::Interrupted { after })
        }
        Err(RunError::Bot {
            failure,
            next,
            totals,
        }) => {
            let saved = files.checkpoint(next, &totals, threads, true);
            let left = match (saved, files.abandon()) {
                (Ok(()), Some(kept)) => Left::Kept(kept),
                (Err(e), _) => Left::Unsaved(Box::new(e)),
                (Ok(()), None) => Left::Nothing,
            };
            Err(StoreError::Bot {
                failure: Box::new(failure),
                log_note: request.engines.log_note(),
                left,
            })
        }
        Err(e) => {
            let kept = files.abandon();
            Err(StoreError::kept(e, kept))
        }
    }
}

/// Whether the run goes on after `game`: the sequential test `sprt` looks
/// only at whole deals (`rotations` games), after each one in game order,
/// so where it stops does not depend on the threads; its latest LLR goes
/// to `llr` (the progress report's).
pub(crate) fn sprt_flow(
    sprt: Option<&Sprt>,
    rotations: u64,
    llr: Option<&AtomicU64>,
    game: &GameResult,
    totals: &Totals,
) -> Flow {
    if let (Some(test), Some(p)) = (sprt, totals.paired.as_ref())
        && game.rotation + 1 == rotations
    {
        let outcome = test.decide(&p.score_counts());
        if let Some(llr) = llr {
            llr.store(outcome.llr.to_bits(), Ordering::Relaxed);
        }
        if outcome.decision != Decision::Inconclusive {
            return Flow::Stop;
        }
    }
    Flow::Continue
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
        sprt_flow(self.sprt, self.rotations, self.llr, game, totals)
    }

    fn chunk(&mut self, chunk: &Chunk, totals: &[Totals]) -> Result<(), SinkError> {
        self.files.append("--out", &chunk.rows)?;
        self.files.append("--record", &chunk.records)?;
        self.files
            .checkpoint(chunk.end, totals, self.threads, false)?;
        Ok(())
    }
}

/// A part's game with fresh bots built from their configurations, as the
/// engine's [`PartGame`] (the parts of a plan may be of different games).
fn part_game<'a, G: GameKind + CompiledBots>(
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

#[cfg(test)]
#[path = "execute_tests.rs"]
pub(crate) mod tests;
