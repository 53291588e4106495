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

use beachcomber::games::AnyGame;
use beachcomber::league::plan as league_plan;
use beachcomber::progress::WorkTable;
use beachcomber::stats::sprt::Sprt;
use beachcomber::tournament::{PartGame, Plan};
use beachcomber::with_game;
use beachcomber_bots::BotSet;
use beachcomber_store::build::compare::CompareText;
use beachcomber_store::build::league::LeagueText;
use beachcomber_store::build::sweep::SweepText;
use beachcomber_store::build::tournament::TournamentText;
use beachcomber_store::build::{self, BuildError, Names, PlayText};
use beachcomber_store::counts::{Resamples, Threads};
use beachcomber_store::error::StoreError;
use beachcomber_store::execute::{GameCounter, Reporter, SprtProgress};
use beachcomber_store::manifest::RunKind;
use beachcomber_store::memory::{MemoryRequest, MemoryRun, Table, execute_in_memory};
use pyo3::exceptions::{PyKeyboardInterrupt, PyRuntimeError, PyTypeError};
use pyo3::prelude::*;
use pyo3::types::{PyBytes, PyDict, PyList};

use crate::calls::{Hub, Message};
use crate::errors::{illegal, spec_error};
use crate::parquet::GamesLayout;
use crate::seat::{Failure, Policies, part_with_policies};

/// How often the waiting thread wakes (Ctrl-C, progress).
const POLL: Duration = Duration::from_millis(100);

/// An argument refused: `NAME: why` (the command line's `--FLAG: why`).
fn refused(name: &str, why: impl std::fmt::Display) -> PyErr {
    spec_error(format!("{name}: {why}"))
}

/// A builder's refusal, in Python's words (`deals: ...`).
fn built<T>(result: Result<T, BuildError>) -> PyResult<T> {
    result.map_err(|e| spec_error(e.to_string()))
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
fn plan_tournament(
    game: &str,
    text: &TournamentText<'_>,
    policies: &Policies,
) -> PyResult<Planned> {
    let (_, game) = built(build::game(game, text.players, Names::Keywords))?;
    let tournament = built(build::tournament::tournament(
        &game,
        text,
        policies,
        Names::Keywords,
    ))?;
    Ok(Planned {
        kind: RunKind::Tournament {
            sprt: tournament.sprt,
        },
        games: vec![game],
        plan: Plan::single(tournament.run),
        bots: tournament.bots,
        sprt: tournament.sprt,
    })
}

/// The league the arguments describe (as `beachcomber league`).
fn plan_league(text: &LeagueText<'_>, policies: &Policies) -> PyResult<Planned> {
    let (spec, bots) = built(build::league::league(text, policies, Names::Keywords))?;
    let league = built(build::league::check(&spec, Names::Keywords))?;
    let plan = league_plan(std::slice::from_ref(&league), false);
    Ok(Planned {
        kind: RunKind::League {
            games_per_pairing: Some(league.games_per_pairing),
            resamples: text.resamples,
            anchors: vec![league.anchor],
        },
        games: vec![league.game],
        plan,
        bots,
        sprt: None,
    })
}

/// The sweep the arguments describe (as `beachcomber sweep`), compared as
/// `compare` says.
fn plan_sweep(
    text: &SweepText<'_>,
    compare: &CompareText<'_>,
    records: bool,
    max_combinations: usize,
    policies: &Policies,
) -> PyResult<Planned> {
    let compare = built(build::compare::compare(compare, Names::Keywords))?;
    let (spec, bots) = built(build::sweep::sweep(text, policies, Names::Keywords))?;
    let sweep = built(build::sweep::planned(
        &spec,
        bots,
        max_combinations,
        compare.as_ref(),
        Names::Keywords,
    ))?;
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
    let mut waiting = Waiting {
        hub,
        calls: &calls,
        thread,
        cancel: &cancel,
        watch: &watch,
        progress,
        pending: None,
    };
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
        waiting.serve(py);
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
    let result = outcome.map_err(|panic| {
        let why = panic
            .downcast_ref::<&str>()
            .map(|s| s.to_string())
            .or_else(|| panic.downcast_ref::<String>().cloned())
            .unwrap_or_else(|| "a panic".to_string());
        PyRuntimeError::new_err(format!("the run stopped: {why}"))
    })?;
    let run = ended(py, result, waiting.pending, policies)?;
    Ok((run, notes))
}

/// The calling thread while a run plays: it serves the Python seats'
/// calls, checks for Ctrl-C and calls the progress callback; the first
/// error (`pending`) cancels the run.
struct Waiting<'a, 'py> {
    hub: &'a Hub,
    calls: &'a Mutex<mpsc::Receiver<Message>>,
    thread: c_long,
    cancel: &'a AtomicBool,
    watch: &'a Watch,
    progress: Option<&'a Bound<'py, PyAny>>,
    pending: Option<PyErr>,
}

impl Waiting<'_, '_> {
    /// Serve until the worker is done, waking at least every [`POLL`].
    fn serve(&mut self, py: Python<'_>) {
        let mut shown = None;
        let mut polled = Instant::now();
        loop {
            let message = py.detach(|| {
                self.calls
                    .lock()
                    .map(|rx| rx.recv_timeout(POLL))
                    .unwrap_or(Err(mpsc::RecvTimeoutError::Disconnected))
            });
            let finished = match message {
                Ok(Message::Call(call)) => {
                    if self.pending.is_some() {
                        // Stopping: the call is dropped, its worker stops.
                        drop(call);
                    } else if let Some(e) = self.hub.serve(py, call, self.thread) {
                        self.stop(e);
                    }
                    false
                }
                Ok(Message::Done) | Err(mpsc::RecvTimeoutError::Disconnected) => true,
                Err(mpsc::RecvTimeoutError::Timeout) => false,
            };
            if self.pending.is_none()
                && let Err(e) = py.check_signals()
            {
                self.stop(e);
            }
            if self.pending.is_none()
                && self.progress.is_some()
                && (finished || polled.elapsed() >= POLL)
            {
                polled = Instant::now();
                self.report(&mut shown);
            }
            if finished {
                break;
            }
        }
    }

    /// Call the progress callback with `(done, total)` unless `shown`
    /// already showed it (or the total is not known yet).
    fn report(&mut self, shown: &mut Option<(u64, u64)>) {
        let Some(callback) = self.progress else {
            return;
        };
        let now = (
            self.watch.done.load(Ordering::Relaxed),
            self.watch.total.load(Ordering::Relaxed),
        );
        if *shown != Some(now)
            && now.1 > 0
            && let Err(e) = callback.call1(now)
        {
            self.stop(e);
        }
        *shown = Some(now);
    }

    /// Cancel the run, keeping `e` to raise.
    fn stop(&mut self, e: PyErr) {
        self.cancel.store(true, Ordering::Relaxed);
        self.pending = Some(e);
    }
}

/// The run's end as Python sees it: the run, or the error that stopped
/// it (`pending`: the caller's own, raised first; a failing seat's error
/// with where it failed).
fn ended(
    py: Python<'_>,
    result: Result<MemoryRun, StoreError>,
    pending: Option<PyErr>,
    policies: &Policies,
) -> PyResult<MemoryRun> {
    match result {
        Ok(run) => match pending {
            // Ctrl-C after the last game: the run is whole, but the
            // caller asked to stop.
            Some(e) => Err(e),
            None => Ok(run),
        },
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
    let text = TournamentText {
        players,
        bots,
        play: PlayText::new(games, deals, seed, rotate, quality),
        sprt,
    };
    let planned = plan_tournament(game, &text, &policies)?;
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
    let text = LeagueText {
        game,
        players,
        bots,
        games_per_pairing,
        seed,
        anchor,
        resamples: Resamples::new(resamples.into()).map_err(|e| refused("resamples", e))?,
    };
    let planned = plan_league(&text, &policies)?;
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
    let text = SweepText {
        game,
        players,
        vary: &vary,
        bots: &bots,
        play: PlayText::new(games, deals, seed, rotate, quality),
    };
    let compare = CompareText {
        baseline,
        margins: &margins,
        trends: &trends,
        seats,
    };
    let cap = if force { usize::MAX } else { max_combinations };
    let planned = plan_sweep(&text, &compare, records, cap, &policies)?;
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
