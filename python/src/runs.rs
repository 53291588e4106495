//! Runs from Python: `beachcomber.tournament`, `league` and `sweep`
//! (their Python side is `beachcomber/_runs.py`, which makes the
//! DataFrames). The arguments become the library's typed specs as the
//! command line's flags do (cli/src/tournament.rs, league.rs, sweep.rs,
//! compare.rs), checked with the same messages, the flag's name replaced
//! by the argument's (`bots: ...`); the run is played by the run store
//! into memory ([`beachcomber_store::memory::execute_in_memory`]), which
//! makes the bytes the command line's files hold. Nothing is written to
//! disk.
//!
//! The run plays on a thread of its own (and a pool of workers) with the
//! GIL released; the calling thread waits, makes the calls of the Python
//! callables seated in the lineup ([`crate::seat`], [`crate::calls`]), and
//! wakes at least every [`POLL`] to check for Ctrl-C (`KeyboardInterrupt`
//! stops the run, also raised inside a callable that sleeps or loops) and
//! to call the progress callback.

use std::ffi::c_long;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Mutex, mpsc};
use std::time::{Duration, Instant};

use beachcomber::compare::{CompareSpec, Seats, parse_pairs};
use beachcomber::games::AnyGame;
use beachcomber::league::{LeagueSpec, plan as league_plan};
use beachcomber::progress::WorkTable;
use beachcomber::spec_files::resolve_spec_files;
use beachcomber::stats::sprt::Sprt;
use beachcomber::sweep::{SweepCount, SweepError, SweepSpec, Vary, parse_player_counts};
use beachcomber::tournament::{Count, PartGame, Plan, RunSpec, RunSpecError};
use beachcomber::with_game;
use beachcomber_bots::{BotConfig, BotSet, Lineup, parse_list_with};
use beachcomber_store::compare_files::{CompareFilesError, check_flags};
use beachcomber_store::counts::{Resamples, Threads};
use beachcomber_store::error::StoreError;
use beachcomber_store::execute::{GameCounter, Reporter, SprtProgress};
use beachcomber_store::lineups::{canonical_lineup, named_bot, parse_lineups};
use beachcomber_store::manifest::RunKind;
use beachcomber_store::memory::{MemoryRequest, MemoryRun, Table, execute_in_memory};
use beachcomber_store::planned::{DEFAULT_GAMES, PlannedSweep};
use pyo3::exceptions::{PyKeyboardInterrupt, PyRuntimeError, PyTypeError};
use pyo3::prelude::*;
use pyo3::types::{PyBytes, PyDict, PyList};

use crate::calls::Message;
use crate::errors::{illegal, spec_error};
use crate::parquet::GamesLayout;
use crate::seat::{Failure, Policies, part_with_policies};

/// How often the waiting thread wakes (Ctrl-C, progress).
const POLL: Duration = Duration::from_millis(100);

/// An argument refused: `NAME: why` (the command line's `--FLAG: why`).
fn refused(name: &str, why: impl std::fmt::Display) -> PyErr {
    spec_error(format!("{name}: {why}"))
}

/// The game spec `spec` for `players` (files it names read first, as the
/// command line reads them), or `game: why`.
fn build_game(spec: &str, players: usize) -> PyResult<(String, AnyGame)> {
    let resolved = resolve_spec_files(spec).map_err(|e| refused("game", e))?;
    let game = AnyGame::from_spec(&resolved, players).map_err(|e| refused("game", e))?;
    Ok((resolved, game))
}

/// A run's plan, games, bots and kind, ready to play.
struct Planned {
    kind: RunKind,
    games: Vec<AnyGame>,
    plan: Plan,
    bots: BotSet,
    sprt: Option<Sprt>,
}

/// The tournament the arguments describe (as `beachcomber tournament`).
#[allow(clippy::too_many_arguments)]
fn plan_tournament(
    game: &str,
    players: usize,
    bots: &str,
    games: Option<u64>,
    deals: Option<u64>,
    seed: u64,
    rotate: bool,
    quality: bool,
    sprt: Option<&str>,
    policies: &Policies,
) -> PyResult<Planned> {
    let (_, game) = build_game(game, players)?;
    let lineup = Lineup::parse_with(bots, players, policies).map_err(|e| refused("bots", e))?;
    let specs = lineup.specs();
    let canonical = game.canonical_spec();
    let run_spec = |count| RunSpec::new(&canonical, players, &specs, count, seed, rotate);
    let count = match (games, deals) {
        (Some(_), Some(_)) => {
            return Err(spec_error("give games or deals, not both"));
        }
        (_, Some(0)) => return Err(refused("deals", "a run needs at least one deal")),
        (Some(0), _) => return Err(refused("games", "a run needs at least one game")),
        (_, Some(d)) => Count::Deals(d),
        (Some(g), None) => Count::Games(g),
        (None, None) => {
            // Whole deals: the default rounded up to the rotations.
            let probe = run_spec(Count::Deals(1)).map_err(|e| refused("bots", e))?;
            Count::Deals(DEFAULT_GAMES.div_ceil(probe.rotations()))
        }
    };
    let mut run = run_spec(count).map_err(|e| match e {
        RunSpecError::Lineup { .. } => refused("bots", e),
        RunSpecError::TooMany { .. } => refused("deals", e),
        _ => refused("games", e),
    })?;
    run.quality = quality;
    let sprt = match sprt {
        None => None,
        Some(text) => {
            let test: Sprt = text.parse().map_err(|e| refused("sprt", e))?;
            let distinct = run.bots().len();
            if distinct != 2 {
                return Err(refused(
                    "sprt",
                    format!(
                        "compares exactly two distinct bots; the lineup has {distinct} \
                         (give two specs in bots, e.g. bots=\"ismcts,greedy\")"
                    ),
                ));
            }
            if !rotate {
                return Err(refused(
                    "sprt",
                    "with rotate=False is refused: without rotating the lineup through the \
                     seats the test measures seat advantage as much as strength",
                ));
            }
            Some(test)
        }
    };
    Ok(Planned {
        kind: RunKind::Tournament { sprt },
        games: vec![game],
        plan: Plan::single(run),
        bots: lineup.bots(),
        sprt,
    })
}

/// The league the arguments describe (as `beachcomber league`).
#[allow(clippy::too_many_arguments)]
fn plan_league(
    game: &str,
    players: usize,
    bots: &str,
    games_per_pairing: u64,
    seed: u64,
    anchor: Option<&str>,
    resamples: u32,
    policies: &Policies,
) -> PyResult<Planned> {
    let resamples = Resamples::new(resamples.into()).map_err(|e| refused("resamples", e))?;
    if games_per_pairing == 0 {
        return Err(refused(
            "games_per_pairing",
            "a league needs at least one game",
        ));
    }
    let game = resolve_spec_files(game).map_err(|e| refused("game", e))?;
    let configs = parse_list_with(bots, policies).map_err(|e| refused("bots", e))?;
    let names = configs.iter().map(BotConfig::to_string).collect();
    let mut set = BotSet::default();
    for config in configs {
        set.insert(config);
    }
    let spec = LeagueSpec {
        game,
        players,
        bots: names,
        games_per_pairing,
        seed,
        anchor: anchor.map(|text| named_bot(text, policies)),
    };
    let league = spec
        .check()
        .map_err(|e| spec_error(format!("{}{}", e.setting().key(), e.detail())))?;
    let plan = league_plan(std::slice::from_ref(&league), false);
    Ok(Planned {
        kind: RunKind::League {
            games_per_pairing: Some(league.games_per_pairing),
            resamples,
            anchors: vec![league.anchor],
        },
        games: vec![league.game],
        plan,
        bots: set,
        sprt: None,
    })
}

/// The comparison `baseline`, `margins`, `trends` and `seats` describe
/// (as the command line's `--baseline`, `--margin`, `--trend`, `--seats`).
fn compare_spec(
    baseline: Option<&str>,
    margins: &[String],
    trends: &[String],
    seats: Option<&str>,
) -> PyResult<Option<CompareSpec>> {
    let Some(text) = baseline else {
        for (given, name) in [
            (!margins.is_empty(), "margin"),
            (!trends.is_empty(), "trend"),
            (seats.is_some(), "seats"),
        ] {
            if given {
                return Err(refused(
                    name,
                    "needs a baseline (the combination to compare with)",
                ));
            }
        }
        return Ok(None);
    };
    let mut spec = CompareSpec {
        baseline: parse_pairs(text).map_err(|e| refused("baseline", e))?,
        seats: seats
            .map(Seats::parse)
            .transpose()
            .map_err(|e| refused("seats", e))?,
        ..CompareSpec::default()
    };
    for t in trends {
        if t.contains(';') {
            return Err(refused("trend", format!("`{t}`: give one trend per item")));
        }
        spec.add_trends(t).map_err(|e| refused("trend", e))?;
    }
    canonical_lineup(&mut spec);
    for m in margins {
        let (k, v) = m
            .split_once('=')
            .ok_or_else(|| refused("margin", format!("`{m}`: write METRIC=VALUE")))?;
        spec.add_margin(k, v).map_err(|e| refused("margin", e))?;
    }
    Ok(Some(spec))
}

/// The sweep the arguments describe (as `beachcomber sweep`).
#[allow(clippy::too_many_arguments)]
fn plan_sweep(
    game: &str,
    players: &str,
    vary: &[String],
    lineups: &[String],
    games: Option<u64>,
    deals: Option<u64>,
    seed: u64,
    rotate: bool,
    quality: bool,
    compare: Option<CompareSpec>,
    records: bool,
    max_combinations: usize,
    policies: &Policies,
) -> PyResult<Planned> {
    let players = parse_player_counts(players).map_err(|e| refused("players", e))?;
    let varies = vary
        .iter()
        .map(|v| v.parse::<Vary>().map_err(|e| refused("vary", e)))
        .collect::<PyResult<Vec<_>>>()?;
    let given = if lineups.is_empty() {
        vec!["random".to_string()]
    } else {
        lineups.to_vec()
    };
    let (lineups, bots) = parse_lineups(&given, policies).map_err(|e| refused("bots", e))?;
    let count = match (games, deals) {
        (Some(_), Some(_)) => return Err(spec_error("give games or deals, not both")),
        (_, Some(0)) => return Err(refused("deals", "a run needs at least one deal")),
        (Some(0), _) => return Err(refused("games", "a run needs at least one game")),
        (_, Some(d)) => SweepCount::Deals(d),
        (Some(g), None) => SweepCount::Games(g),
        (None, None) => SweepCount::Games(DEFAULT_GAMES),
    };
    let spec = SweepSpec {
        game: resolve_spec_files(game).map_err(|e| refused("game", e))?,
        players,
        varies,
        lineups,
        count,
        seed,
        rotate,
        quality,
    };
    let sweep = PlannedSweep::expand(&spec, bots, max_combinations).map_err(|e| match e {
        SweepError::UnknownOption { .. } => refused("vary", e),
        e => spec_error(e),
    })?;
    if let Some(c) = &compare {
        check_flags(&sweep.plan, c).map_err(|e| match e {
            CompareFilesError::Baseline(e) => refused("baseline", e),
            CompareFilesError::Trend(e) => refused("trend", e),
            e => spec_error(e),
        })?;
    }
    Ok(Planned {
        kind: RunKind::Sweep { records, compare },
        games: sweep.games,
        plan: sweep.plan,
        bots: sweep.bots,
        sprt: None,
    })
}

/// What the waiting thread sees of a run in play.
#[derive(Default)]
struct Watch {
    done: AtomicU64,
    total: AtomicU64,
    notes: Mutex<Vec<String>>,
}

/// The store's [`Reporter`] of a run from Python: notes kept for the
/// caller (given as warnings), games counted for the progress callback.
struct Watcher(Arc<Watch>);

impl Reporter for Watcher {
    fn note(&self, note: &str) {
        if let Ok(mut notes) = self.0.notes.lock() {
            notes.push(note.to_string());
        }
    }

    fn start(
        &self,
        first: u64,
        total: u64,
        _sprt: Option<SprtProgress>,
        _work: Arc<WorkTable>,
    ) -> Box<dyn GameCounter> {
        self.0.done.store(first, Ordering::Relaxed);
        self.0.total.store(total, Ordering::Relaxed);
        Box::new(Counter(Arc::clone(&self.0)))
    }
}

struct Counter(Arc<Watch>);

impl GameCounter for Counter {
    fn game_done(&self) {
        self.0.done.fetch_add(1, Ordering::Relaxed);
    }

    fn finish(&self) {}
}

/// Sends [`Message::Done`] when dropped: the worker is done.
struct Finished(mpsc::Sender<Message>);

impl Drop for Finished {
    fn drop(&mut self) {
        let _ = self.0.send(Message::Done);
    }
}

/// Play `planned` into memory on a thread of its own, the GIL released;
/// the calling thread makes the Python seats' calls and wakes at least
/// every [`POLL`] for Ctrl-C and `progress(done, total)`.
fn play(
    py: Python<'_>,
    planned: &Planned,
    threads: Option<u64>,
    rows: bool,
    records: bool,
    policies: &Arc<Policies>,
    progress: Option<&Bound<'_, PyAny>>,
) -> PyResult<(MemoryRun, Vec<String>)> {
    let threads = threads
        .map(|t| Threads::new(t).map_err(|e| refused("threads", format!("{e} (None: every core)"))))
        .transpose()?;
    policies.check(&planned.bots)?;
    let watch = Arc::new(Watch::default());
    let cancel = AtomicBool::new(false);
    let request = MemoryRequest {
        kind: planned.kind.clone(),
        games: &planned.games,
        plan: &planned.plan,
        bots: &planned.bots,
        threads,
        sprt: planned.sprt,
        rows,
        records,
    };
    let hub = &policies.hub;
    let calls = hub
        .receiver()
        .map(Mutex::new)
        .ok_or_else(|| PyRuntimeError::new_err("a run's policies play one run"))?;
    // The Python thread the callables run on (the time limit's
    // `TimeoutError` goes there): its `unsigned long` id, as the C API's
    // `long` takes it.
    let thread = py
        .import("threading")?
        .call_method0("get_ident")?
        .extract::<u64>()? as c_long;
    let mut pending: Option<PyErr> = None;
    let outcome = std::thread::scope(|scope| {
        let (request, cancel, watch) = (&request, &cancel, &watch);
        let watchdog = policies.timed().then(|| {
            let dog = hub.watchdog(thread);
            scope.spawn(move || dog.run())
        });
        let done = hub.sender();
        let worker = scope.spawn(move || {
            // Sent however the worker ends (a panic too).
            let _done = Finished(done);
            let parts: Vec<Box<dyn PartGame + '_>> = request
                .games
                .iter()
                .map(|game| with_game!(game, |g| part_with_policies(g, request.bots, policies)))
                .collect();
            let parts: Vec<&dyn PartGame> = parts.iter().map(|p| p.as_ref()).collect();
            execute_in_memory(request, &parts, &Watcher(Arc::clone(watch)), cancel)
        });
        let mut shown = None;
        let mut polled = Instant::now();
        loop {
            let message = py.detach(|| {
                calls
                    .lock()
                    .map(|rx| rx.recv_timeout(POLL))
                    .unwrap_or(Err(mpsc::RecvTimeoutError::Disconnected))
            });
            let finished = match message {
                Ok(Message::Call(call)) => {
                    if pending.is_some() {
                        // Stopping: the call is dropped, its worker stops.
                        drop(call);
                    } else if let Some(e) = hub.serve(py, call, thread) {
                        cancel.store(true, Ordering::Relaxed);
                        pending = Some(e);
                    }
                    false
                }
                Ok(Message::Done) | Err(mpsc::RecvTimeoutError::Disconnected) => true,
                Err(mpsc::RecvTimeoutError::Timeout) => false,
            };
            if pending.is_none()
                && let Err(e) = py.check_signals()
            {
                cancel.store(true, Ordering::Relaxed);
                pending = Some(e);
            }
            if pending.is_none()
                && let Some(callback) = progress
                && (finished || polled.elapsed() >= POLL)
            {
                polled = Instant::now();
                let now = (
                    watch.done.load(Ordering::Relaxed),
                    watch.total.load(Ordering::Relaxed),
                );
                if shown != Some(now)
                    && now.1 > 0
                    && let Err(e) = callback.call1(now)
                {
                    cancel.store(true, Ordering::Relaxed);
                    pending = Some(e);
                }
                shown = Some(now);
            }
            if finished {
                break;
            }
        }
        py.detach(|| {
            hub.stop_watchdog();
            let joined = worker.join();
            if let Some(watchdog) = watchdog {
                let _ = watchdog.join();
            }
            joined
        })
    });
    let notes = watch.notes.lock().map(|n| n.clone()).unwrap_or_default();
    let result = match outcome {
        Ok(result) => result,
        Err(panic) => {
            let why = panic
                .downcast_ref::<&str>()
                .map(|s| s.to_string())
                .or_else(|| panic.downcast_ref::<String>().cloned())
                .unwrap_or_else(|| "a panic".to_string());
            return Err(PyRuntimeError::new_err(format!("the run stopped: {why}")));
        }
    };
    match result {
        Ok(run) => {
            if let Some(e) = pending {
                // Ctrl-C after the last game: the run is whole, but the
                // caller asked to stop.
                return Err(e);
            }
            Ok((run, notes))
        }
        Err(StoreError::Interrupted { .. }) => Err(pending.unwrap_or_else(|| {
            PyKeyboardInterrupt::new_err("interrupted: stopped, no table made")
        })),
        Err(StoreError::Bot { failure, .. }) => {
            let at = format!(
                "bot `{}` (seat {}) failed in game {} at decision {}",
                failure.bot, failure.seat, failure.game, failure.ply
            );
            Err(match policies.take_error() {
                Some(Failure::Raised(error)) => {
                    // The policy's own exception, with where it was raised
                    // (a note, from Python 3.11).
                    let value = error.value(py);
                    if value.hasattr("add_note").unwrap_or(false) {
                        let _ = value.call_method1("add_note", (at,));
                    }
                    error
                }
                Some(Failure::Illegal(why)) => illegal(format!("{at}: {why}")),
                Some(Failure::Malformed(why)) => PyTypeError::new_err(format!("{at}: {why}")),
                None => PyRuntimeError::new_err(failure.to_string()),
            })
        }
        Err(e) => Err(PyRuntimeError::new_err(e.to_string())),
    }
}

/// What a run gives back to `beachcomber/_runs.py`: its tables' bytes by
/// name, its games table's Parquet layout, its records, the games played,
/// whether its test stopped it, the seconds it took and its notes.
fn returned<'py>(
    py: Python<'py>,
    planned: &Planned,
    run: MemoryRun,
    notes: Vec<String>,
    summary: &str,
) -> PyResult<Bound<'py, PyDict>> {
    let out = PyDict::new(py);
    // How `Tables.write_parquet` types the games table.
    out.set_item("games_layout", GamesLayout::of(&planned.plan))?;
    let tables = PyDict::new(py);
    for (table, bytes) in &run.tables {
        let name = match table {
            Table::Games => "games",
            Table::Summary => summary,
            Table::Pairs => "pairs",
            Table::Compare => "compare",
            Table::Trends => "trends",
        };
        tables.set_item(name, PyBytes::new(py, bytes))?;
    }
    out.set_item("tables", tables)?;
    out.set_item(
        "records",
        run.records.as_deref().map(|r| PyBytes::new(py, r)),
    )?;
    out.set_item("games", run.result.games)?;
    out.set_item("stopped", run.result.stopped)?;
    out.set_item("seconds", run.result.elapsed.as_secs_f64())?;
    out.set_item("notes", PyList::new(py, notes)?)?;
    Ok(out)
}

/// A tournament into memory (`beachcomber.tournament`'s native part).
#[pyfunction]
#[pyo3(signature = (game, players, bots, games, deals, seed, rotate, quality, sprt, threads, rows, records, policies, progress))]
#[allow(clippy::too_many_arguments)]
pub fn run_tournament<'py>(
    py: Python<'py>,
    game: &str,
    players: usize,
    bots: &str,
    games: Option<u64>,
    deals: Option<u64>,
    seed: u64,
    rotate: bool,
    quality: bool,
    sprt: Option<&str>,
    threads: Option<u64>,
    rows: bool,
    records: bool,
    policies: Vec<(String, Py<PyAny>, bool, Option<f64>)>,
    progress: Option<Bound<'py, PyAny>>,
) -> PyResult<Bound<'py, PyDict>> {
    let policies = Arc::new(Policies::new(policies)?);
    let planned = plan_tournament(
        game, players, bots, games, deals, seed, rotate, quality, sprt, &policies,
    )?;
    let (run, notes) = play(
        py,
        &planned,
        threads,
        rows,
        records,
        &policies,
        progress.as_ref(),
    )?;
    returned(py, &planned, run, notes, "summary")
}

/// A league into memory (`beachcomber.league`'s native part).
#[pyfunction]
#[pyo3(signature = (game, players, bots, games_per_pairing, seed, anchor, resamples, threads, rows, records, policies, progress))]
#[allow(clippy::too_many_arguments)]
pub fn run_league<'py>(
    py: Python<'py>,
    game: &str,
    players: usize,
    bots: &str,
    games_per_pairing: u64,
    seed: u64,
    anchor: Option<&str>,
    resamples: u32,
    threads: Option<u64>,
    rows: bool,
    records: bool,
    policies: Vec<(String, Py<PyAny>, bool, Option<f64>)>,
    progress: Option<Bound<'py, PyAny>>,
) -> PyResult<Bound<'py, PyDict>> {
    let policies = Arc::new(Policies::new(policies)?);
    let planned = plan_league(
        game,
        players,
        bots,
        games_per_pairing,
        seed,
        anchor,
        resamples,
        &policies,
    )?;
    let (run, notes) = play(
        py,
        &planned,
        threads,
        rows,
        records,
        &policies,
        progress.as_ref(),
    )?;
    returned(py, &planned, run, notes, "ratings")
}

/// A sweep into memory (`beachcomber.sweep`'s native part).
#[pyfunction]
#[pyo3(signature = (game, players, vary, bots, games, deals, seed, rotate, quality, baseline, margins, trends, seats, max_combinations, force, threads, records, policies, progress))]
#[allow(clippy::too_many_arguments)]
pub fn run_sweep<'py>(
    py: Python<'py>,
    game: &str,
    players: &str,
    vary: Vec<String>,
    bots: Vec<String>,
    games: Option<u64>,
    deals: Option<u64>,
    seed: u64,
    rotate: bool,
    quality: bool,
    baseline: Option<&str>,
    margins: Vec<String>,
    trends: Vec<String>,
    seats: Option<&str>,
    max_combinations: usize,
    force: bool,
    threads: Option<u64>,
    records: bool,
    policies: Vec<(String, Py<PyAny>, bool, Option<f64>)>,
    progress: Option<Bound<'py, PyAny>>,
) -> PyResult<Bound<'py, PyDict>> {
    let policies = Arc::new(Policies::new(policies)?);
    let compare = compare_spec(baseline, &margins, &trends, seats)?;
    let planned = plan_sweep(
        game,
        players,
        &vary,
        &bots,
        games,
        deals,
        seed,
        rotate,
        quality,
        compare,
        records,
        if force { usize::MAX } else { max_combinations },
        &policies,
    )?;
    let (run, notes) = play(
        py,
        &planned,
        threads,
        true,
        records,
        &policies,
        progress.as_ref(),
    )?;
    returned(py, &planned, run, notes, "metrics")
}
