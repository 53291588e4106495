//! `beachcomber.State`: a game in progress, in the shape of OpenSpiel's
//! `pyspiel.State`. Chance is internal: a state is dealt from a seed and
//! every later shuffle is part of the engine's play, so there are no
//! chance nodes.

use numpy::PyArray1;
use pyo3::exceptions::PyIndexError;
use pyo3::prelude::*;

use crate::errors::{illegal, record_error};
// The State class's value is declared in erased.rs (the Game class deals
// it); its methods are here, and it is named by this module's path.
pub use crate::erased::PyState;
use crate::game::{PyGame, action_text, parse_action};
use crate::json::to_python;
use crate::model::feature_set;
use crate::step_actions::action_index;

/// `current_player()` of a finished game (OpenSpiel's `TERMINAL`).
pub const TERMINAL_PLAYER: i64 = -4;

impl PyState {
    /// `seat` checked against the player count.
    fn seat(&self, seat: i64) -> PyResult<usize> {
        let players = self.table.rules().players();
        usize::try_from(seat)
            .ok()
            .filter(|&s| s < players)
            .ok_or_else(|| {
                PyIndexError::new_err(format!(
                    "seat {seat} is not a seat of this {players}-player game (0 to {})",
                    players - 1
                ))
            })
    }
}

#[pymethods]
impl PyState {
    /// The seat to move, or `TERMINAL_PLAYER` (-4) once the game is over.
    fn current_player(&self) -> i64 {
        self.table.to_move().map_or(TERMINAL_PLAYER, |s| s as i64)
    }

    /// Whether the game is over.
    fn is_terminal(&self) -> bool {
        self.table.to_move().is_none()
    }

    /// Always false: chance is internal (dealt from the seed).
    fn is_chance_node(&self) -> bool {
        false
    }

    /// The legal actions (indices into the action space, in the game's
    /// order); empty once the game is over, or for a `player` who is not
    /// to move.
    #[pyo3(signature = (player = None))]
    fn legal_actions(&self, player: Option<i64>) -> Vec<u32> {
        let mut out = Vec::new();
        let to_move = self.table.to_move().map(|s| s as i64);
        if player.is_none() || player == to_move {
            self.table.legal(&mut out);
        }
        out
    }

    /// A NumPy `int8` array over the action space: 1 for each legal action.
    fn legal_actions_mask<'py>(&self, py: Python<'py>) -> Bound<'py, PyArray1<i8>> {
        let mut mask = vec![0i8; self.table.rules().num_actions()];
        if self.table.to_move().is_some() {
            self.table.mask(&mut mask);
        }
        PyArray1::from_slice(py, &mask)
    }

    /// Play `action` (an index of the action space) for the seat to move.
    /// Raises `IllegalActionError` (and changes nothing) when it is not
    /// legal, `TypeError` when it is no integer (a bool, a float).
    fn apply_action(&mut self, action: &Bound<'_, PyAny>) -> PyResult<()> {
        let index = action_index(action, self.table.rules().num_actions())?;
        self.table.apply(index).map_err(illegal)
    }

    /// A copy: playing on it leaves this state as it is.
    fn clone(&self) -> PyState {
        PyState {
            table: self.table.clone_box(),
        }
    }

    fn __copy__(&self) -> PyState {
        self.clone()
    }

    fn __deepcopy__(&self, _memo: &Bound<'_, PyAny>) -> PyState {
        self.clone()
    }

    /// Each seat's win share once the game is over (1/k for each of k
    /// winners, a shared win split; 0 for the others; in a lost solo game
    /// 0), zeros before the end.
    fn returns(&self) -> Vec<f64> {
        self.table.win_shares()
    }

    /// Each seat's score in the game's unit (coins, tokens, Shells; turns
    /// in solo Shell Dash): the final scores once over, the running scores
    /// (were the game to end now) before.
    fn scores(&self) -> Vec<i32> {
        self.table.scores()
    }

    /// What `seat` may see, as a dict: the library's JSON observation
    /// (docs/protocol.md, the same an external bot receives).
    fn observation<'py>(&self, py: Python<'py>, seat: i64) -> PyResult<Bound<'py, PyAny>> {
        let seat = self.seat(seat)?;
        to_python(py, &self.table.observation_json(seat))
    }

    /// What `seat` may see, as a flat NumPy `float32` array of the game's
    /// fixed length, entries in [0, 1] (docs/python.md, per game).
    fn observation_tensor<'py>(
        &self,
        py: Python<'py>,
        seat: i64,
    ) -> PyResult<Bound<'py, PyArray1<f32>>> {
        let seat = self.seat(seat)?;
        let mut out = vec![0.0f32; self.table.rules().encoding_len()];
        self.table.encode(seat, &mut out);
        Ok(PyArray1::from_slice(py, &out))
    }

    /// The learned evaluations' features of this state for `seat`
    /// (`FeatureSet::write`), a flat NumPy `float32` array of
    /// `game.feature_size(features)` entries: `encoding` is the observation
    /// tensor; `encoding+evaluate` adds the game's evaluation of the state
    /// for the seat, which reads the state it is given, so a fair row is
    /// one of a world sampled for the seat (`sample_world`), never the
    /// true state.
    #[pyo3(signature = (seat, features = "encoding"))]
    fn features<'py>(
        &self,
        py: Python<'py>,
        seat: i64,
        features: &str,
    ) -> PyResult<Bound<'py, PyArray1<f32>>> {
        let seat = self.seat(seat)?;
        let set = feature_set(features)?;
        let mut out = vec![0.0f32; set.len(self.table.rules().encoding_len())];
        self.table.features(seat, set, &mut out);
        Ok(PyArray1::from_slice(py, &out))
    }

    /// The text form of `action`.
    fn action_to_string(&self, action: i64) -> PyResult<String> {
        action_text(self.table.rules().as_ref(), action)
    }

    /// The action written `text`.
    fn string_to_action(&self, text: &str) -> PyResult<u32> {
        parse_action(self.table.rules().as_ref(), text)
    }

    /// A state `seat` cannot tell from this one (the same observation and
    /// tensor for `seat`), everything hidden from it re-dealt from
    /// `rng_seed`: a determinization. It has no history, hence no record.
    fn sample_world(&self, seat: i64, rng_seed: u64) -> PyResult<PyState> {
        let seat = self.seat(seat)?;
        Ok(PyState {
            table: self.table.sample_world(seat, rng_seed),
        })
    }

    /// The game's record (one JSON line of docs/records.md, no newline):
    /// the deal, every action and the result, `"end": "unfinished"` before
    /// the end. `bots` names each seat's player (default `human` for every
    /// seat: a player outside the program, which `beachcomber replay`
    /// accepts). Raises `RecordError` for a state without a history (a
    /// sampled world, a position a run hands to a Python policy).
    #[pyo3(signature = (bots = None))]
    fn to_record(&self, bots: Option<Vec<String>>) -> PyResult<String> {
        let players = self.table.rules().players();
        let bots = bots.unwrap_or_else(|| vec!["human".to_string(); players]);
        self.table.record(&bots).map_err(record_error)
    }

    /// The actions played since the deal, by index. Raises `RecordError`
    /// for a sampled world or a position a run hands to a Python policy.
    fn history(&self) -> PyResult<Vec<u32>> {
        self.table
            .history()
            .ok_or_else(|| record_error(self.table.no_history()))
    }

    /// The deal's seed (`None` for a sampled world, a position a run hands
    /// to a Python policy, or a record that names no seed).
    #[getter]
    fn seed(&self) -> Option<u64> {
        self.table.seed()
    }

    /// The game this state is played by.
    fn get_game(&self) -> PyGame {
        PyGame {
            rules: self.table.rules(),
        }
    }

    /// A picture of the state as `seat` may see it (everything for `None`).
    #[pyo3(signature = (seat = None))]
    fn describe(&self, seat: Option<i64>) -> PyResult<String> {
        let seat = seat.map(|s| self.seat(s)).transpose()?;
        Ok(self.table.picture(seat))
    }

    fn __str__(&self) -> String {
        self.table.picture(None)
    }

    fn __repr__(&self) -> String {
        let rules = self.table.rules();
        format!(
            "<beachcomber.State of {} ({} players), seed {}, {} actions played>",
            rules.spec(),
            rules.players(),
            self.table
                .seed()
                .map_or_else(|| "none".to_string(), |s| s.to_string()),
            self.table.history().map_or(0, |h| h.len())
        )
    }

    fn __eq__(&self, other: &Bound<'_, PyAny>) -> bool {
        other
            .cast::<PyState>()
            .is_ok_and(|o| self.table.same_state(o.borrow().table.as_ref()))
    }
}
