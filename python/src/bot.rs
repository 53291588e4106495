//! `beachcomber.Bot`: a built-in bot (`random`, `greedy`, `pimc`,
//! `ismcts`, `expert`, `oracle`, with options) as a Python policy acting on
//! a `State`, and `beachcomber.bot(spec)` that makes one.

use beachcomber_bots::{BOT_NAMES, BotConfig};
use pyo3::prelude::*;

use crate::errors::{illegal, spec_error};
use crate::state::PyState;

/// A built-in bot, as a policy: `bot.act(state)` (or `bot(state)`) is the
/// action (an index of the game's action space) it chooses for the seat to
/// move.
///
/// Made by `beachcomber.bot(spec)` from any bot spec the command line's
/// `--bots` takes (`"expert"`, `"ismcts(iterations=2000,c=0.7)"`). It
/// thinks in Rust with the GIL released. A decision is seeded as the
/// runner seeds it in a tournament (docs/python.md, "Bots"), so
/// `bot.act(state)` is the action the bot plays there in that position;
/// `seed=` seeds it otherwise. Seated in a run's lineup, it is the bot of
/// its spec.
#[pyclass(module = "beachcomber", name = "Bot", frozen)]
pub struct PyBot {
    /// The bot's configuration.
    pub config: BotConfig,
}

#[pymethods]
impl PyBot {
    /// The bot `spec` names; raises `SpecError` with the library's
    /// one-line message when it does not parse.
    #[new]
    fn new(spec: &str) -> PyResult<PyBot> {
        let config = BotConfig::parse(spec).map_err(spec_error)?;
        if let BotConfig::Engine(_) = config {
            return Err(spec_error(format!(
                "`{}` is an external engine (a process of the command line's --engine); \
                 seat a Python callable in a run's lineup instead (known: {})",
                beachcomber::spec::one_line(spec),
                BOT_NAMES.join(", ")
            )));
        }
        Ok(PyBot { config })
    }

    /// The canonical spec: every option spelled out (what a run's tables
    /// and records write).
    #[getter]
    fn spec(&self) -> String {
        self.config.to_string()
    }

    /// The bot's name (`expert`).
    #[getter]
    fn name(&self) -> &'static str {
        self.config.name()
    }

    /// Whether the bot sees hidden information (`oracle`: never a fair
    /// opponent).
    #[getter]
    fn cheats(&self) -> bool {
        self.config.is_cheating()
    }

    /// The action the bot chooses in `state` for the seat to move (an
    /// index of the game's action space), thought with the GIL released.
    /// `seed` seeds its generator; without it, the engine's own seed for
    /// this decision (the runner's, from the deal's seed and the actions
    /// played; in a position a run hands to a policy, that decision's).
    /// Raises `IllegalActionError` once the game is over, and `ValueError`
    /// without a seed for a state that has none (a sampled world).
    #[pyo3(signature = (state, seed = None))]
    fn act(&self, py: Python<'_>, state: PyRef<'_, PyState>, seed: Option<u64>) -> PyResult<u32> {
        let table = state.table.as_ref();
        let config = &self.config;
        let over = table.to_move().is_none();
        py.detach(|| table.bot_action(config, seed)).map_err(|why| {
            if over {
                illegal(why)
            } else {
                pyo3::exceptions::PyValueError::new_err(why)
            }
        })
    }

    /// `act(state)`: a bot is a policy, a callable from a state to an
    /// action.
    fn __call__(&self, py: Python<'_>, state: PyRef<'_, PyState>) -> PyResult<u32> {
        self.act(py, state, None)
    }

    fn __eq__(&self, other: &Bound<'_, PyAny>) -> bool {
        other
            .cast::<PyBot>()
            .is_ok_and(|o| o.get().config == self.config)
    }

    fn __hash__(&self) -> u64 {
        use std::hash::{Hash, Hasher};
        let mut h = std::collections::hash_map::DefaultHasher::new();
        self.config.to_string().hash(&mut h);
        h.finish()
    }

    fn __repr__(&self) -> String {
        format!("beachcomber.bot({:?})", self.config.to_string())
    }

    fn __str__(&self) -> String {
        self.config.to_string()
    }
}

/// The bot `spec` names (any spec of the command line's `--bots`:
/// `"expert"`, `"greedy(worlds=4)"`), as a policy acting on a `State`.
/// Raises `SpecError` with the library's one-line message.
#[pyfunction]
pub fn bot(spec: &str) -> PyResult<PyBot> {
    PyBot::new(spec)
}
