//! The type-erased game the Python classes hold: the traits [`Rules`] (a
//! game configuration) and [`Table`] (a game in progress), whatever the
//! game, and the State class's value, [`PyState`] (its methods are in
//! state.rs), which the Game class deals and the State class plays. The
//! one implementation of each trait, generic over the game, is in
//! rules.rs.

use std::any::Any;
use std::sync::Arc;

use beachcomber::Seat;
use beachcomber::encode::Field;
use beachcomber::learn::features::FeatureSet;
use beachcomber_bots::BotConfig;
use pyo3::prelude::*;
use serde_json::Value;

/// A game configuration (game, options, player count), type-erased.
pub trait Rules: Send + Sync {
    /// The game's name (`seashells`, `seaside`, `shell-dash`).
    fn name(&self) -> &'static str;
    /// The canonical spec (options spelled out).
    fn spec(&self) -> &str;
    /// The number of players.
    fn players(&self) -> usize;
    /// The size of the fixed action space.
    fn num_actions(&self) -> usize;
    /// The length of every observation tensor.
    fn encoding_len(&self) -> usize;
    /// The observation tensor's fields, in order.
    fn encoding_fields(&self) -> &[Field];
    /// The text form of the action at `index`, if in range.
    fn action_text(&self, index: u32) -> Option<String>;
    /// The index of the action written `text`, if it is one.
    fn parse_action(&self, text: &str) -> Option<u32>;
    /// A new game dealt from `seed` (the engines' deal: `new_game` with
    /// the generator `rng_from_seed(seed)`).
    fn deal(self: Arc<Self>, seed: u64) -> Box<dyn Table>;
}

/// Why an action was refused, or a record cannot be written.
pub type Refusal = String;

/// A state of some game with its history, type-erased.
pub trait Table: Send + Sync {
    /// The rules it is played by.
    fn rules(&self) -> Arc<dyn Rules>;
    /// A copy (history included).
    fn clone_box(&self) -> Box<dyn Table>;
    /// The state, for comparisons.
    fn as_any(&self) -> &dyn Any;
    /// Whether `other` holds an equal state of the same rules.
    fn same_state(&self, other: &dyn Table) -> bool;
    /// The seat to move, `None` once the game is over.
    fn to_move(&self) -> Option<Seat>;
    /// The legal actions' indices, in the game's order, into `out`.
    fn legal(&self, out: &mut Vec<u32>);
    /// `out[i]` = 1 for each legal action `i`, else 0 (`out` is the
    /// action space's length).
    fn mask(&self, out: &mut [i8]);
    /// Play the action at `index`, checked: refused (with the library's
    /// message) when out of the action space, illegal or after the end.
    fn apply(&mut self, index: u32) -> Result<(), Refusal>;
    /// Each seat's win share (1/k for each of k winners, else 0) once the
    /// game is over; zeros before.
    fn win_shares(&self) -> Vec<f64>;
    /// Each seat's score in the game's unit (the running score before the
    /// end).
    fn scores(&self) -> Vec<i32>;
    /// What `seat` sees, as the library's JSON observation.
    fn observation_json(&self, seat: Seat) -> Value;
    /// What `seat` sees, encoded into `out` (the encoding's length).
    fn encode(&self, seat: Seat, out: &mut [f32]);
    /// The learned evaluations' features `set` of this state for `seat`
    /// into `out` (`set.len(encoding_len)` entries: `FeatureSet::write`).
    fn features(&self, seat: Seat, set: FeatureSet, out: &mut [f32]);
    /// A world `seat` cannot tell from this one, its hidden things re-dealt
    /// from `seed` (no history: it was not played from a deal).
    fn sample_world(&self, seat: Seat, seed: u64) -> Box<dyn Table>;
    /// The game's record line (no newline) with `bots` by seat.
    fn record(&self, bots: &[String]) -> Result<String, Refusal>;
    /// The actions played since the deal, by index (`None` for a sampled
    /// world).
    fn history(&self) -> Option<Vec<u32>>;
    /// The deal's seed (`None` for a sampled world or a record that names
    /// none).
    fn seed(&self) -> Option<u64>;
    /// Why the state has no history (when [`Table::history`] is `None`).
    fn no_history(&self) -> &'static str;
    /// The action (its index) the bot `config` chooses for the seat to
    /// move, thinking with the generator seeded `seed`; without a seed, the
    /// engine's own for this decision (a position handed to a policy: the
    /// decision's generator; a dealt state: `decision_seed(deal seed,
    /// actions played)`, as the runner seeds it).
    fn bot_action(&self, config: &BotConfig, seed: Option<u64>) -> Result<u32, Refusal>;
    /// A picture of the state for `seat` (everything for `None`).
    fn picture(&self, seat: Option<Seat>) -> String;
}

/// A game in progress: the state, the deal's seed and the actions played.
#[pyclass(module = "beachcomber", name = "State")]
pub struct PyState {
    /// The state and its history.
    pub table: Box<dyn Table>,
}
