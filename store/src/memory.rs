//! A run played into memory: the tables a run's files would hold, as
//! bytes, with no file written (no output, manifest or checkpoint), for a
//! front end that wants the tables themselves (the Python package's
//! `beachcomber.tournament`, `league` and `sweep`).
//!
//! The bytes are those [`crate::execute::execute`] writes into the files
//! for the same plan, seed and kind: the same engine
//! ([`play_plan_parts`]) formats the games' rows in the workers, the same
//! header starts them, the same [`final_files`] makes the summary (a
//! tournament's summary, a league's ratings and pairs, a sweep's metrics)
//! from the totals, and a sweep's comparison is read from its own games
//! table by the same typed reader and [`Comparer`] as `compare.csv` is
//! from `games.csv` ([`crate::compare_files`]). The tests below play each
//! kind both ways and compare the bytes. What a file run has beyond that
//! (resume, shards, checkpoints) needs files, and is not here.
//!
//! The caller builds each part's game with its bots ([`PartGame`]): a
//! front end may seat bots of its own (the Python package seats Python
//! callables) beside the registry's.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicU64};
use std::time::Instant;

use beachcomber::compare::{CompareSpec, Comparer, SeatRow};
use beachcomber::games::AnyGame;
use beachcomber::progress::WorkTable;
use beachcomber::record::io::Compression;
use beachcomber::stats::sprt::Sprt;
use beachcomber::tournament::{
    Chunk, Flow, GameResult, GameRowError, GameRowReader, Layout, PartGame, Plan, PlayOptions,
    RunError, Shard, SinkError, Totals, play_plan_parts, rows,
};
use beachcomber_bots::BotSet;

use crate::compare_files::CompareFilesError;
use crate::counts::Threads;
use crate::csv_rows::CsvError;
use crate::error::{Interrupted, Left, StoreError};
use crate::execute::{Reporter, RunResult, SprtProgress};
use crate::final_files::final_files;
use crate::manifest::RunKind;

/// A run to play into memory.
pub struct MemoryRequest<'a> {
    /// The kind of run (with its settings): which tables its end makes.
    pub kind: RunKind,
    /// The game of each part of the plan.
    pub games: &'a [AnyGame],
    /// The runs: one part for a tournament or league, one per combination
    /// for a sweep.
    pub plan: &'a Plan,
    /// Each distinct bot spec of the run (for the note on cheating bots).
    pub bots: &'a BotSet,
    /// Worker threads (`None`: all cores). The tables do not depend on it.
    pub threads: Option<Threads>,
    /// Stop early when this test decides (a run of two distinct bots).
    pub sprt: Option<Sprt>,
    /// Keep the games table (one row per seat per game: `--out`). A sweep
    /// with a comparison keeps it anyway (its comparison is read from it).
    pub rows: bool,
    /// Keep every game's record, as plain JSON Lines (`--record`).
    pub records: bool,
}

/// One of the tables a run makes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Table {
    /// One row per seat per game (`--out`, a sweep's `games.csv`).
    Games,
    /// `--summary`: a tournament's summary, a league's ratings, a sweep's
    /// `metrics.csv`.
    Summary,
    /// A league's pairwise matrix (`NAME.pairs.csv`, `pairs.csv`).
    Pairs,
    /// A sweep's `compare.csv` (with a comparison).
    Compare,
    /// A sweep's `trends.csv` (with a comparison that has a trend).
    Trends,
}

/// A run played into memory.
pub struct MemoryRun {
    /// How it ended (totals, games, whether the test stopped it).
    pub result: RunResult,
    /// Its tables, as the bytes its files would hold, in the order
    /// games, summary, pairs, compare, trends (those the run makes).
    pub tables: Vec<(Table, Vec<u8>)>,
    /// The games' records, one JSON line each, when asked for.
    pub records: Option<Vec<u8>>,
}

impl MemoryRun {
    /// The bytes of `table`, if the run made it.
    pub fn table(&self, table: Table) -> Option<&[u8]> {
        self.tables
            .iter()
            .find(|(t, _)| *t == table)
            .map(|(_, bytes)| bytes.as_slice())
    }
}

/// Play `request` into memory, `parts[p]` playing part `p` of its plan
/// with its bots. `reporter` hears the notes and counts the games;
/// `cancel` set stops the run at the next decision
/// ([`StoreError::Interrupted`]; nothing is kept).
pub fn execute_in_memory(
    request: &MemoryRequest<'_>,
    parts: &[&dyn PartGame],
    reporter: &dyn Reporter,
    cancel: &AtomicBool,
) -> Result<MemoryRun, StoreError> {
    let plan = request.plan;
    plan.validate().map_err(StoreError::Plan)?;
    if let Some(note) = request.bots.cheating_note() {
        reporter.note(&note);
    }
    let compare = match &request.kind {
        RunKind::Sweep {
            compare: Some(spec),
            ..
        } => Some(spec),
        _ => None,
    };
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(request.threads.map_or(0, Threads::get) as usize)
        .build()
        .map_err(StoreError::Threads)?;
    let want_rows = request.rows || compare.is_some();
    let mut games = Vec::new();
    if want_rows {
        // The header `execute` writes first into `--out`.
        let mut extra = rows::extra_columns_union(request.games.iter().map(AnyGame::extra_columns));
        if plan.quality() {
            extra.extend(beachcomber::metrics::quality::game_columns());
        }
        games.extend_from_slice(rows::plan_header(&plan.value_columns(), &extra).as_bytes());
    }
    let total = Layout::new(plan, Shard::WHOLE).games();
    let llr = request.sprt.as_ref().map(|test| SprtProgress {
        llr: Arc::new(AtomicU64::new(0f64.to_bits())),
        bounds: test.bounds(),
    });
    let work = Arc::new(WorkTable::new(plan, Shard::WHOLE));
    let progress = reporter.start(0, total, llr.clone(), work);
    let began = Instant::now();
    let mut sink = MemorySink {
        games: &mut games,
        records: Vec::new(),
        sprt: request.sprt.as_ref(),
        rotations: plan.first().rotations(),
        llr: llr.as_ref().map(|l| l.llr.as_ref()),
    };
    let on_done = || progress.game_done();
    let options = PlayOptions {
        shard: Shard::WHOLE,
        range: 0..total,
        want_rows,
        records: request.records.then_some(Compression::Plain),
        cancel,
        on_done: &on_done,
    };
    let totals = plan.parts.iter().map(|p| Totals::new(&p.run)).collect();
    let played = pool.install(|| play_plan_parts(parts, plan, &options, totals, &mut sink));
    let records = std::mem::take(&mut sink.records);
    progress.finish();
    let elapsed = began.elapsed();
    let played = match played {
        Ok(played) => played,
        Err(RunError::Cancelled { .. }) => {
            return Err(StoreError::Interrupted {
                after: Interrupted::Nothing,
            });
        }
        Err(RunError::Bot { failure, .. }) => {
            return Err(StoreError::Bot {
                failure: Box::new(failure),
                log_note: String::new(),
                left: Left::Nothing,
            });
        }
        Err(e) => return Err(e.into()),
    };
    let ends = final_files(&request.kind, plan, &played.totals, request.games.first())?;
    let mut tables = Vec::new();
    let compared = match compare {
        Some(spec) => Some(compare_tables(&games, plan, &played.totals, spec)?),
        None => None,
    };
    if want_rows {
        tables.push((Table::Games, games));
    }
    tables.push((Table::Summary, ends.summary.into_bytes()));
    if let Some(pairs) = ends.pairs {
        tables.push((Table::Pairs, pairs.into_bytes()));
    }
    if let Some((compare, trends)) = compared {
        tables.push((Table::Compare, compare.into_bytes()));
        if let Some(trends) = trends {
            tables.push((Table::Trends, trends.into_bytes()));
        }
    }
    Ok(MemoryRun {
        result: RunResult {
            games: played.end,
            stopped: played.stopped,
            played_now: played.end,
            totals: played.totals,
            elapsed,
        },
        tables,
        records: request.records.then_some(records),
    })
}

/// Keeps each chunk's rows and records, and stops the run when the
/// sequential test decides (as the file sink of [`crate::execute`]).
struct MemorySink<'a> {
    games: &'a mut Vec<u8>,
    records: Vec<u8>,
    sprt: Option<&'a Sprt>,
    rotations: u64,
    llr: Option<&'a AtomicU64>,
}

impl beachcomber::tournament::Sink for MemorySink<'_> {
    fn game(&mut self, game: &GameResult, totals: &Totals) -> Flow {
        crate::execute::sprt_flow(self.sprt, self.rotations, self.llr, game, totals)
    }

    fn chunk(&mut self, chunk: &Chunk, _totals: &[Totals]) -> Result<(), SinkError> {
        self.games.extend_from_slice(&chunk.rows);
        self.records.extend_from_slice(&chunk.records);
        Ok(())
    }
}

/// The name the in-memory games table has in messages.
const IN_MEMORY: &str = "the games table (in memory)";

/// `compare.csv` and `trends.csv` of a sweep from its games table `games`
/// (header and rows), read as [`crate::compare_files`] reads `games.csv`:
/// the baseline's deals, then every combination's.
fn compare_tables(
    games: &[u8],
    plan: &Plan,
    totals: &[Totals],
    spec: &CompareSpec,
) -> Result<(String, Option<String>), CompareFilesError> {
    let mut comparer = Comparer::new(plan, spec).map_err(CompareFilesError::Comparer)?;
    read_rows(games, plan, |row| comparer.add_baseline(row))?;
    read_rows(games, plan, |row| comparer.add(row))?;
    let files = comparer.finish_files(plan, totals);
    Ok((files.compare, files.trends))
}

/// Every seat row of the games table, with its combination's part (cells
/// trimmed, as the file reader [`crate::csv_rows::Rows`] gives them).
fn read_rows(
    games: &[u8],
    plan: &Plan,
    mut each: impl FnMut(&SeatRow),
) -> Result<(), CompareFilesError> {
    let csv_error = |source| {
        CompareFilesError::Csv(CsvError::Read {
            path: IN_MEMORY.to_string(),
            source,
        })
    };
    let mut reader = csv::ReaderBuilder::new().flexible(false).from_reader(games);
    let header: Vec<String> = reader
        .headers()
        .map_err(csv_error)?
        .iter()
        .map(|h| h.trim().to_string())
        .collect();
    let mut rows = GameRowReader::new(plan, &header).map_err(CompareFilesError::Header)?;
    let mut record = csv::StringRecord::new();
    while reader.read_record(&mut record).map_err(csv_error)? {
        let row =
            rows.read(|c| record.get(c).unwrap_or("").trim())
                .map_err(|error: GameRowError| CompareFilesError::Row {
                    path: IN_MEMORY.to_string(),
                    line: record.position().map_or(0, |p| p.line()),
                    error,
                })?;
        each(&SeatRow::from(&row));
    }
    Ok(())
}

#[cfg(test)]
#[path = "memory_tests.rs"]
mod tests;
