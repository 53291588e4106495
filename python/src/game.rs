//! `beachcomber.Game`: one game configuration (game, options, players),
//! in the shape of OpenSpiel's `pyspiel.Game`, and the module's functions
//! that make games and states (`game`, `from_record`, `deal_seed`,
//! `games`).

use std::sync::Arc;

use beachcomber::games::{AnyGame, GAMES};
use beachcomber::spec_files::resolve_spec_files;
use beachcomber::with_game;
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::PyDict;

use crate::erased::{PyState, Rules};
use crate::errors::{illegal, record_error, spec_error};
use crate::model::feature_set;
use crate::rules::{Engine, replay_line};

/// A game configuration: a game, its options and its player count.
///
/// Made by `beachcomber.game(spec, players)` (or `Game(spec, players)`)
/// from any game spec the command line accepts, e.g.
/// `beachcomber.game("seaside(removed=35)", players=2)`. Its actions are
/// the indices `0..num_distinct_actions()` of its fixed action space, and
/// every observation tensor has `observation_tensor_size()` entries.
#[pyclass(module = "beachcomber", name = "Game", frozen)]
pub struct PyGame {
    /// The configuration.
    pub rules: Arc<dyn Rules>,
}

/// The game `spec` names (files it names read first, as the command line
/// does) for `players` players.
pub fn game_from_spec(spec: &str, players: usize) -> PyResult<AnyGame> {
    let resolved = resolve_spec_files(spec).map_err(spec_error)?;
    AnyGame::from_spec(&resolved, players).map_err(spec_error)
}

/// The rules of the game `spec` names for `players` players.
pub fn rules_from_spec(spec: &str, players: usize) -> PyResult<Arc<dyn Rules>> {
    let game = game_from_spec(spec, players)?;
    Ok(with_game!(game, |g| Arc::new(Engine::new(g)) as Arc<dyn Rules>))
}

/// A seed from the operating system's entropy (for a deal given none).
pub fn fresh_seed() -> PyResult<u64> {
    let mut bytes = [0u8; 8];
    getrandom::fill(&mut bytes)
        .map_err(|e| PyValueError::new_err(format!("no entropy for a seed: {e}")))?;
    Ok(u64::from_le_bytes(bytes))
}

#[pymethods]
impl PyGame {
    /// The game `spec` names for `players` players; raises `SpecError`
    /// with the library's one-line message when it does not build.
    #[new]
    #[pyo3(signature = (spec, players))]
    fn new(spec: &str, players: usize) -> PyResult<PyGame> {
        Ok(PyGame {
            rules: rules_from_spec(spec, players)?,
        })
    }

    /// A new game dealt from `seed` (the engines' deal seed; see
    /// docs/python.md, "Seeds"); with no seed, one from the operating
    /// system, kept in `state.seed`.
    #[pyo3(signature = (seed = None))]
    fn new_initial_state(&self, seed: Option<u64>) -> PyResult<PyState> {
        let seed = match seed {
            Some(seed) => seed,
            None => fresh_seed()?,
        };
        Ok(PyState {
            table: Arc::clone(&self.rules).deal(seed),
        })
    }

    /// The game's name: `seashells`, `seaside` or `shell-dash`.
    #[getter]
    fn name(&self) -> &'static str {
        self.rules.name()
    }

    /// The canonical spec: every option spelled out, as records and the
    /// command line's outputs write it.
    #[getter]
    fn spec(&self) -> String {
        self.rules.spec().to_string()
    }

    /// The number of players.
    fn num_players(&self) -> usize {
        self.rules.players()
    }

    /// The size of the fixed action space (actions are `0..n`).
    fn num_distinct_actions(&self) -> usize {
        self.rules.num_actions()
    }

    /// The number of entries of every observation tensor.
    fn observation_tensor_size(&self) -> usize {
        self.rules.encoding_len()
    }

    /// The observation tensor's shape: `[observation_tensor_size()]`.
    fn observation_tensor_shape(&self) -> Vec<usize> {
        vec![self.rules.encoding_len()]
    }

    /// The observation tensor's fields in order, as `(name, start, length)`
    /// (docs/python.md describes each).
    fn observation_fields(&self) -> Vec<(&'static str, usize, usize)> {
        let mut at = 0;
        self.rules
            .encoding_fields()
            .iter()
            .map(|f| {
                at += f.len;
                (f.name, at - f.len, f.len)
            })
            .collect()
    }

    /// The number of entries of the learned evaluations' features
    /// `features` (`encoding`: the observation tensor's; `encoding+evaluate`:
    /// one more, the game's evaluation), as `State.features` gives them and
    /// a model file's `inputs` must be.
    #[pyo3(signature = (features = "encoding"))]
    fn feature_size(&self, features: &str) -> PyResult<usize> {
        Ok(feature_set(features)?.len(self.rules.encoding_len()))
    }

    /// The text form of action `action` (as records and the command line
    /// write it).
    fn action_to_string(&self, action: i64) -> PyResult<String> {
        action_text(self.rules.as_ref(), action)
    }

    /// The action written `text`; raises `IllegalActionError` for a text
    /// that is no action of this game.
    fn string_to_action(&self, text: &str) -> PyResult<u32> {
        parse_action(self.rules.as_ref(), text)
    }

    /// Every action's text form, by index.
    fn action_names(&self) -> Vec<String> {
        (0..self.rules.num_actions() as u32)
            .filter_map(|i| self.rules.action_text(i))
            .collect()
    }

    fn __eq__(&self, other: &Bound<'_, PyAny>) -> bool {
        other.cast::<PyGame>().is_ok_and(|o| {
            let o = o.get();
            o.rules.spec() == self.rules.spec() && o.rules.players() == self.rules.players()
        })
    }

    fn __hash__(&self) -> u64 {
        use std::hash::{Hash, Hasher};
        let mut h = std::collections::hash_map::DefaultHasher::new();
        (self.rules.spec(), self.rules.players()).hash(&mut h);
        h.finish()
    }

    fn __repr__(&self) -> String {
        format!(
            "beachcomber.game({:?}, players={})",
            self.rules.spec(),
            self.rules.players()
        )
    }

    fn __str__(&self) -> String {
        self.rules.spec().to_string()
    }
}

/// The text of action `action` of `rules`, or `IllegalActionError`.
pub fn action_text(rules: &dyn Rules, action: i64) -> PyResult<String> {
    u32::try_from(action)
        .ok()
        .and_then(|a| rules.action_text(a))
        .ok_or_else(|| {
            illegal(format!(
                "action {action} is not in the action space (0 to {})",
                rules.num_actions() - 1
            ))
        })
}

/// The index of the action written `text` in `rules`, or
/// `IllegalActionError`.
pub fn parse_action(rules: &dyn Rules, text: &str) -> PyResult<u32> {
    rules.parse_action(text).ok_or_else(|| {
        illegal(format!(
            "`{}` is no action of {}",
            beachcomber::spec::one_line(text),
            rules.spec()
        ))
    })
}

/// The game `spec` names for `players` players (any spec the command line
/// accepts: `seaside(removed=35)`, `shell-dash(reshuffle=empty)`...).
/// Raises `SpecError` with the library's one-line message.
#[pyfunction]
#[pyo3(signature = (spec, players))]
pub fn game(spec: &str, players: usize) -> PyResult<PyGame> {
    PyGame::new(spec, players)
}

/// The state at the end of a game record (one line of a `.jsonl` record
/// file), replayed and checked as `beachcomber replay` does; its history
/// and seed are the record's. Raises `RecordError`.
#[pyfunction]
pub fn from_record(text: &str) -> PyResult<PyState> {
    let table = replay_line(text.trim_end().as_bytes()).map_err(record_error)?;
    Ok(PyState { table })
}

/// The deal seed of deal `deal` of a run seeded `run_seed`: game `i` of
/// `beachcomber tournament --seed S` is dealt from
/// `deal_seed(S, i // games_per_deal)` (a deal's games are its seat
/// rotations), so `game.new_initial_state(deal_seed(S, 0))` is its first
/// deal.
#[pyfunction]
pub fn deal_seed(run_seed: u64, deal: u64) -> u64 {
    beachcomber::rng::deal_seed(run_seed, deal)
}

/// The seed of the generator the runner gives the bot deciding at ply
/// `ply` (the actions played before it) of a game dealt from `game_seed`
/// (a tournament game's deal seed): `Bot.act(state)` thinks with it.
#[pyfunction]
pub fn decision_seed(game_seed: u64, ply: u64) -> u64 {
    beachcomber::rng::decision_seed(game_seed, ply)
}

/// The games: for each, its name, player counts and options (name to
/// description), as the command line's help lists them.
#[pyfunction]
pub fn games(py: Python<'_>) -> PyResult<Vec<Bound<'_, PyDict>>> {
    GAMES
        .iter()
        .map(|g| {
            let d = PyDict::new(py);
            d.set_item("name", g.name)?;
            d.set_item("players", g.players)?;
            let options = PyDict::new(py);
            for o in g.options {
                options.set_item(o.name, o.about)?;
            }
            d.set_item("options", options)?;
            Ok(d)
        })
        .collect()
}
