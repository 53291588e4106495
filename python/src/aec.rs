//! The PettingZoo environments' engine (`beachcomber._native.AecCore`):
//! the AEC bookkeeping of `reset`, `step`, `last` and `observe` done in
//! Rust, on the environment's own `agents` list and `rewards`,
//! `_cumulative_rewards`, `terminations`, `truncations` and `infos` dicts,
//! which it keeps (the same objects for the environment's whole life,
//! cleared and refilled by each reset), so the Python class around it
//! (`beachcomber.pettingzoo`) is a few one-line methods.
//!
//! The conventions are those of PettingZoo's classic environments: the
//! observation is a dict of `observation` (the seat's tensor) and
//! `action_mask` (`int8`, the legal actions of the agent to move, zeros
//! for the others); every agent is terminated together when the game
//! ends, each receiving its win share as reward; a terminated agent is
//! then stepped with `None` and removed. An illegal action raises
//! `IllegalActionError` and changes nothing.

use std::sync::Arc;

use beachcomber::rng::derive;
use numpy::PyArray1;
use pyo3::exceptions::{PyRuntimeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList, PyString, PyTuple};
use pyo3::{IntoPyObjectExt, intern};

use crate::erased::{Rules, Table};
use crate::errors::illegal;
use crate::game::PyGame;
use crate::step_actions::action_index;

/// The engine of one AEC environment: a game and the PettingZoo
/// bookkeeping around it.
#[pyclass(module = "beachcomber._native", name = "AecCore")]
pub struct AecCore {
    rules: Arc<dyn Rules>,
    table: Box<dyn Table>,
    /// Agent names by seat (`player_0`...).
    names: Vec<Py<PyString>>,
    names_text: Vec<String>,
    agents: Py<PyList>,
    rewards: Py<PyDict>,
    cumulative: Py<PyDict>,
    terminations: Py<PyDict>,
    truncations: Py<PyDict>,
    infos: Py<PyDict>,
    /// Whether each seat is still in `agents`.
    alive: Vec<bool>,
    /// Each seat's cumulative reward (as in `_cumulative_rewards`).
    cum: Vec<f64>,
    /// Whether some reward in `rewards` is not 0.
    rewarded: bool,
    /// The game is over: every live agent is terminated.
    over: bool,
    /// The seat of `agent_selection`.
    selection: usize,
    /// The seed of the last seeded reset, and the resets since.
    base_seed: u64,
    resets: u64,
    /// The deal seed of the game in play.
    seed: u64,
    tensor: Vec<f32>,
    mask: Vec<i8>,
}

impl AecCore {
    /// The seat named `agent`.
    fn seat_of(&self, agent: &str) -> PyResult<usize> {
        self.names_text
            .iter()
            .position(|n| n == agent)
            .ok_or_else(|| PyValueError::new_err(format!("`{agent}` is not an agent")))
    }

    /// The observation dict of `seat`: its tensor, and the legal actions'
    /// mask if it is to move (else zeros).
    fn observation<'py>(&mut self, py: Python<'py>, seat: usize) -> PyResult<Bound<'py, PyDict>> {
        self.table.encode(seat, &mut self.tensor);
        if !self.over && self.table.to_move() == Some(seat) {
            self.table.mask(&mut self.mask);
        } else {
            self.mask.fill(0);
        }
        let obs = PyDict::new(py);
        obs.set_item(
            intern!(py, "observation"),
            PyArray1::from_slice(py, &self.tensor),
        )?;
        obs.set_item(
            intern!(py, "action_mask"),
            PyArray1::from_slice(py, &self.mask),
        )?;
        Ok(obs)
    }

    /// The agent name of the current selection.
    fn selected(&self, py: Python<'_>) -> Py<PyString> {
        self.names[self.selection].clone_ref(py)
    }

    /// The step of a terminated agent: remove it; select the next one.
    fn dead_step(&mut self, py: Python<'_>) -> PyResult<Py<PyString>> {
        let seat = self.selection;
        let name = self.names[seat].bind(py);
        self.alive[seat] = false;
        self.agents
            .bind(py)
            .call_method1(intern!(py, "remove"), (name,))?;
        for dict in [
            &self.rewards,
            &self.cumulative,
            &self.terminations,
            &self.truncations,
            &self.infos,
        ] {
            dict.bind(py).del_item(name)?;
        }
        let zero = 0.0f64.into_py_any(py)?;
        if let Some(next) = (0..self.alive.len()).find(|&s| self.alive[s]) {
            self.selection = next;
        }
        if self.rewarded {
            let rewards = self.rewards.bind(py);
            for (s, alive) in self.alive.iter().enumerate() {
                if *alive {
                    rewards.set_item(self.names[s].bind(py), &zero)?;
                }
            }
            self.rewarded = false;
        }
        Ok(self.selected(py))
    }
}

#[pymethods]
impl AecCore {
    /// The engine of an environment of `game`, its agents named `agents`
    /// (one per seat); `seed` is the base of the deal seeds of resets
    /// without a seed until a reset gives one.
    #[new]
    fn new(py: Python<'_>, game: &PyGame, agents: Vec<String>, seed: u64) -> PyResult<AecCore> {
        let rules = Arc::clone(&game.rules);
        if agents.len() != rules.players() {
            return Err(PyValueError::new_err(format!(
                "{} agent names for {} players",
                agents.len(),
                rules.players()
            )));
        }
        let table = Arc::clone(&rules).deal(seed);
        let players = rules.players();
        Ok(AecCore {
            names: agents
                .iter()
                .map(|a| PyString::new(py, a).unbind())
                .collect(),
            names_text: agents,
            agents: PyList::empty(py).unbind(),
            rewards: PyDict::new(py).unbind(),
            cumulative: PyDict::new(py).unbind(),
            terminations: PyDict::new(py).unbind(),
            truncations: PyDict::new(py).unbind(),
            infos: PyDict::new(py).unbind(),
            alive: vec![false; players],
            cum: vec![0.0; players],
            rewarded: false,
            over: true,
            selection: 0,
            base_seed: seed,
            resets: 0,
            seed,
            tensor: vec![0.0; rules.encoding_len()],
            mask: vec![0; rules.num_actions()],
            table,
            rules,
        })
    }

    /// The environment's `agents` list (the same object for its life).
    #[getter]
    fn agents(&self, py: Python<'_>) -> Py<PyList> {
        self.agents.clone_ref(py)
    }

    /// The `rewards` dict.
    #[getter]
    fn rewards(&self, py: Python<'_>) -> Py<PyDict> {
        self.rewards.clone_ref(py)
    }

    /// The `_cumulative_rewards` dict.
    #[getter]
    fn cumulative_rewards(&self, py: Python<'_>) -> Py<PyDict> {
        self.cumulative.clone_ref(py)
    }

    /// The `terminations` dict.
    #[getter]
    fn terminations(&self, py: Python<'_>) -> Py<PyDict> {
        self.terminations.clone_ref(py)
    }

    /// The `truncations` dict (always false: every game ends by its rules).
    #[getter]
    fn truncations(&self, py: Python<'_>) -> Py<PyDict> {
        self.truncations.clone_ref(py)
    }

    /// The `infos` dict (an empty dict per agent).
    #[getter]
    fn infos(&self, py: Python<'_>) -> Py<PyDict> {
        self.infos.clone_ref(py)
    }

    /// The deal seed of the game in play (`new_initial_state(seed)` deals
    /// the same game).
    #[getter]
    fn seed(&self) -> u64 {
        self.seed
    }

    /// Deal a new game and reset the bookkeeping; returns the agent to
    /// move. With `seed`, the game is dealt from `seed` and later resets
    /// without a seed from `derive(seed, 1)`, `derive(seed, 2)`...
    #[pyo3(signature = (seed = None))]
    fn reset(&mut self, py: Python<'_>, seed: Option<u64>) -> PyResult<Py<PyString>> {
        match seed {
            Some(seed) => {
                self.base_seed = seed;
                self.resets = 0;
                self.seed = seed;
            }
            None => {
                self.resets += 1;
                self.seed = derive(self.base_seed, self.resets);
            }
        }
        self.table = Arc::clone(&self.rules).deal(self.seed);
        let agents = self.agents.bind(py);
        agents.call_method0(intern!(py, "clear"))?;
        for dict in [
            &self.rewards,
            &self.cumulative,
            &self.terminations,
            &self.truncations,
            &self.infos,
        ] {
            dict.bind(py).clear();
        }
        let zero = 0.0f64.into_py_any(py)?;
        for name in &self.names {
            let name = name.bind(py);
            agents.append(name)?;
            self.rewards.bind(py).set_item(name, &zero)?;
            self.cumulative.bind(py).set_item(name, &zero)?;
            self.terminations.bind(py).set_item(name, false)?;
            self.truncations.bind(py).set_item(name, false)?;
            self.infos.bind(py).set_item(name, PyDict::new(py))?;
        }
        self.alive.fill(true);
        self.cum.fill(0.0);
        self.rewarded = false;
        self.over = false;
        self.selection = self
            .table
            .to_move()
            .ok_or_else(|| PyRuntimeError::new_err("a game dealt over"))?;
        Ok(self.selected(py))
    }

    /// Play `action` for the agent to move (an index of the action space;
    /// any integer type), or step a terminated agent with `None`; returns
    /// the next agent to select.
    #[pyo3(signature = (action))]
    fn step(
        &mut self,
        py: Python<'_>,
        action: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<Py<PyString>> {
        if !self.alive.iter().any(|&a| a) {
            return Err(PyRuntimeError::new_err(
                "every agent is done: reset() starts a new game",
            ));
        }
        if self.over {
            if action.is_some() {
                return Err(PyValueError::new_err(
                    "when an agent is dead, the only valid action is None",
                ));
            }
            return self.dead_step(py);
        }
        let seat = self.selection;
        let Some(action) = action else {
            return Err(illegal(format!(
                "{} is to move: None is no action",
                self.names_text[seat]
            )));
        };
        let index = action_index(action, self.rules.num_actions())?;
        self.table.apply(index).map_err(illegal)?;
        let name = self.names[seat].bind(py);
        if self.cum[seat] != 0.0 {
            self.cum[seat] = 0.0;
            self.cumulative.bind(py).set_item(name, 0.0)?;
        }
        match self.table.to_move() {
            Some(next) => {
                if self.rewarded {
                    let zero = 0.0f64.into_py_any(py)?;
                    for n in &self.names {
                        self.rewards.bind(py).set_item(n.bind(py), &zero)?;
                    }
                    self.rewarded = false;
                }
                self.selection = next;
            }
            None => {
                self.over = true;
                let shares = self.table.win_shares();
                let rewards = self.rewards.bind(py);
                let cumulative = self.cumulative.bind(py);
                let terminations = self.terminations.bind(py);
                for (s, share) in shares.into_iter().enumerate() {
                    let n = self.names[s].bind(py);
                    rewards.set_item(n, share)?;
                    self.cum[s] += share;
                    cumulative.set_item(n, self.cum[s])?;
                    terminations.set_item(n, true)?;
                }
                self.rewarded = true;
                self.selection = (seat + 1) % self.names.len();
            }
        }
        Ok(self.selected(py))
    }

    /// `(observation, cumulative reward, terminated, truncated, info)` of
    /// the selected agent (`observation` is `None` with `observe=False`).
    #[pyo3(signature = (observe = true))]
    fn last<'py>(&mut self, py: Python<'py>, observe: bool) -> PyResult<Bound<'py, PyTuple>> {
        let seat = self.selection;
        let obs = if observe {
            self.observation(py, seat)?.into_any()
        } else {
            py.None().into_bound(py)
        };
        let name = self.names[seat].bind(py);
        let info = self
            .infos
            .bind(py)
            .get_item(name)?
            .unwrap_or_else(|| PyDict::new(py).into_any());
        PyTuple::new(
            py,
            [
                obs,
                self.cum[seat].into_bound_py_any(py)?,
                (self.over && self.alive[seat]).into_bound_py_any(py)?,
                false.into_bound_py_any(py)?,
                info,
            ],
        )
    }

    /// The observation dict of `agent`.
    fn observe<'py>(&mut self, py: Python<'py>, agent: &str) -> PyResult<Bound<'py, PyDict>> {
        let seat = self.seat_of(agent)?;
        self.observation(py, seat)
    }

    /// A picture of the game in play, everything shown.
    fn picture(&self) -> String {
        self.table.picture(None)
    }

    /// The game in play as a `State` (a copy: playing on it does not
    /// change the environment).
    fn state(&self) -> crate::state::PyState {
        crate::state::PyState {
            table: self.table.clone_box(),
        }
    }
}
