//! The native part of the Python package `beachcomber`
//! (`beachcomber._native`): games and states in the shape of OpenSpiel's
//! `pyspiel` ([`game::PyGame`], [`state::PyState`]), the PettingZoo
//! environments' engine ([`aec::AecCore`]), the built-in bots as policies
//! ([`bot::PyBot`]), runs played by the run store into memory
//! ([`runs`]: tournaments, leagues, sweeps; Python callables seated by
//! [`seat`]), learned evaluations' model files ([`model::NativeModel`])
//! and the package's exceptions. The Python files around it
//! (`python/beachcomber/`) re-export it and hold the PettingZoo classes and
//! the runs' DataFrames (`_runs.py`); docs/python.md is the user's guide.
//!
//! Threads: `VectorEnv` keeps a pool of its own that it builds again in a
//! forked child ([`pool::ForkSafePool`]); a run starts its threads (a
//! pool of the run store's) for its own duration and ends them with it;
//! rayon's global pool is never used. So a process may fork at any time
//! outside a run, as `multiprocessing` does, and the child uses the
//! package as the parent did.

mod action_space;
mod aec;
mod batch;
mod bot;
mod calls;
mod columns;
mod erased;
mod errors;
mod experiment;
mod game;
mod json;
mod model;
mod parquet;
mod pool;
mod rules;
mod runs;
mod seat;
mod state;
mod step_actions;
mod vector;

use pyo3::prelude::*;

/// The engines of Seashells, Seaside and Shell Dash: games and states in
/// the shape of OpenSpiel's `pyspiel`, and the PettingZoo environments'
/// engine.
#[pymodule]
#[pyo3(name = "_native")]
fn native(m: &Bound<'_, PyModule>) -> PyResult<()> {
    let py = m.py();
    // Bot specs may name model files (`learned(model=PATH)`), read here as
    // on the command line (docs/bots.md, "Models").
    beachcomber::learn::loaded::allow_model_files(beachcomber::learn::loaded::ModelFiles::Paths);
    m.add_class::<game::PyGame>()?;
    m.add_class::<state::PyState>()?;
    m.add_class::<aec::AecCore>()?;
    m.add_class::<vector::VectorEnv>()?;
    m.add_class::<bot::PyBot>()?;
    m.add_class::<model::NativeModel>()?;
    m.add_function(wrap_pyfunction!(game::game, m)?)?;
    m.add_function(wrap_pyfunction!(game::from_record, m)?)?;
    m.add_function(wrap_pyfunction!(game::deal_seed, m)?)?;
    m.add_function(wrap_pyfunction!(game::games, m)?)?;
    m.add_function(wrap_pyfunction!(game::decision_seed, m)?)?;
    m.add_function(wrap_pyfunction!(bot::bot, m)?)?;
    m.add_function(wrap_pyfunction!(runs::run_tournament, m)?)?;
    m.add_function(wrap_pyfunction!(runs::run_league, m)?)?;
    m.add_function(wrap_pyfunction!(runs::run_sweep, m)?)?;
    m.add_function(wrap_pyfunction!(experiment::run_experiment, m)?)?;
    m.add_function(wrap_pyfunction!(seat::check_time_limit, m)?)?;
    m.add_function(wrap_pyfunction!(columns::csv_columns, m)?)?;
    m.add_class::<parquet::GamesLayout>()?;
    m.add_function(wrap_pyfunction!(parquet::games_parquet, m)?)?;
    m.add("SpecError", py.get_type::<errors::SpecError>())?;
    m.add(
        "IllegalActionError",
        py.get_type::<errors::IllegalActionError>(),
    )?;
    m.add("RecordError", py.get_type::<errors::RecordError>())?;
    m.add("ModelError", py.get_type::<errors::ModelError>())?;
    m.add("TERMINAL_PLAYER", state::TERMINAL_PLAYER)?;
    // The runs' defaults, the ones the command line's flags use (`_runs.py`
    // reads them for its signatures).
    m.add("DEFAULT_SEED", beachcomber::rng::DEFAULT_SEED)?;
    m.add("DEFAULT_BOTS", beachcomber_store::build::DEFAULT_BOTS)?;
    m.add("DEFAULT_GAMES", beachcomber_store::build::DEFAULT_GAMES)?;
    m.add(
        "DEFAULT_GAMES_PER_PAIRING",
        beachcomber::league::DEFAULT_GAMES_PER_PAIRING,
    )?;
    m.add("DEFAULT_RESAMPLES", beachcomber::league::DEFAULT_RESAMPLES)?;
    m.add(
        "DEFAULT_MAX_COMBINATIONS",
        beachcomber::sweep::DEFAULT_MAX_COMBINATIONS,
    )?;
    Ok(())
}
