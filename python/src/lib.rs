//! The native part of the Python package `beachcomber`
//! (`beachcomber._native`): games and states in the shape of OpenSpiel's
//! `pyspiel` ([`game::PyGame`], [`state::PyState`]), the PettingZoo
//! environments' engine ([`aec::AecCore`]) and the package's exceptions.
//! The Python files around it (`python/beachcomber/`) re-export it and hold
//! the PettingZoo classes; docs/python.md is the user's guide.
//!
//! Only `VectorEnv` starts threads, in a pool of its own that it builds
//! again in a forked child ([`pool::ForkSafePool`]); rayon's global pool is
//! never used. So a process may fork at any time, as `multiprocessing`
//! does, and the child uses the package as the parent did.

mod action_space;
mod aec;
mod batch;
mod errors;
mod game;
mod json;
mod pool;
mod rules;
mod state;
mod table;
mod vector;

use pyo3::prelude::*;

/// The engines of Seashells, Seaside and Shell Dash: games and states in
/// the shape of OpenSpiel's `pyspiel`, and the PettingZoo environments'
/// engine.
#[pymodule]
#[pyo3(name = "_native")]
fn native(m: &Bound<'_, PyModule>) -> PyResult<()> {
    let py = m.py();
    m.add_class::<game::PyGame>()?;
    m.add_class::<state::PyState>()?;
    m.add_class::<aec::AecCore>()?;
    m.add_class::<vector::VectorEnv>()?;
    m.add_function(wrap_pyfunction!(game::game, m)?)?;
    m.add_function(wrap_pyfunction!(game::from_record, m)?)?;
    m.add_function(wrap_pyfunction!(game::deal_seed, m)?)?;
    m.add_function(wrap_pyfunction!(game::games, m)?)?;
    m.add("SpecError", py.get_type::<errors::SpecError>())?;
    m.add(
        "IllegalActionError",
        py.get_type::<errors::IllegalActionError>(),
    )?;
    m.add("RecordError", py.get_type::<errors::RecordError>())?;
    m.add("TERMINAL_PLAYER", state::TERMINAL_PLAYER)?;
    Ok(())
}
