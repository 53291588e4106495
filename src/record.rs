//! JSON Lines game records (RULES.md §4).
//!
//! A record holds everything random as data: the setup's shuffles are in
//! `setup`, later shuffles are chance events, so a replay needs no random
//! number generator. Each game implements [`RecordFormat`] for its part of the
//! format; this module holds the common envelope and the generic replay check.

use std::fmt;

use serde::{Deserialize, Serialize};
use serde_json::Value;

use crate::game::Game;

/// One game as one JSON object (one line of a `.jsonl` file).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct GameRecord {
    /// `"seashells"`, `"seaside"` or `"shell-dash"`.
    pub game: String,
    /// The game options used.
    pub options: Value,
    /// The game's own seed (derived from the run seed and the game index).
    pub seed: u64,
    /// Number of players.
    pub players: usize,
    /// Bot spec by seat.
    pub bots: Vec<String>,
    /// The initial deal.
    pub setup: Value,
    /// Decisions and chance events, in order.
    pub events: Vec<Value>,
    /// Scores and winners.
    pub result: Value,
}

/// Why a record cannot be read or does not replay.
#[derive(Clone, Debug, PartialEq)]
pub enum RecordError {
    /// Not valid JSON, or not the record's shape.
    Json(String),
    /// A field is missing or has a wrong value.
    Field { field: String, why: String },
    /// Event number `index` is not legal in the replayed game.
    Event { index: usize, why: String },
    /// The events ran out before the game ended, or went on after it.
    Length(String),
    /// The recorded result differs from the replayed one.
    ResultMismatch { recorded: String, replayed: String },
}

impl fmt::Display for RecordError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RecordError::Json(e) => write!(f, "not a game record: {e}"),
            RecordError::Field { field, why } => write!(f, "field `{field}`: {why}"),
            RecordError::Event { index, why } => write!(f, "event {index}: {why}"),
            RecordError::Length(why) => write!(f, "{why}"),
            RecordError::ResultMismatch { recorded, replayed } => {
                write!(
                    f,
                    "recorded result {recorded} but the replay gives {replayed}"
                )
            }
        }
    }
}

impl std::error::Error for RecordError {}

impl RecordError {
    /// A field error.
    pub fn field(field: impl Into<String>, why: impl Into<String>) -> RecordError {
        RecordError::Field {
            field: field.into(),
            why: why.into(),
        }
    }
    /// An event error.
    pub fn event(index: usize, why: impl Into<String>) -> RecordError {
        RecordError::Event {
            index,
            why: why.into(),
        }
    }
}

/// A replayed game: every decision with the state it was taken in.
#[derive(Clone, Debug)]
pub struct Replay<G: Game> {
    /// The state after setup.
    pub initial: G::State,
    /// Each decision: the state before it and the action.
    pub steps: Vec<(G::State, G::Action)>,
    /// The state after the last event.
    pub final_state: G::State,
}

/// A game's part of the record format, and its readable account.
pub trait RecordFormat: Game + Sized {
    /// The `options` object.
    fn options_json(&self) -> Value;
    /// The `options` object of the game that starts with `initial`: for a
    /// game whose options are settled at setup (Seaside draws its `removed`
    /// count per game when it is not given), the values that game used.
    /// Records are written with this; the default is [`Self::options_json`].
    fn options_json_for(&self, initial: &Self::State) -> Value {
        let _ = initial;
        self.options_json()
    }
    /// The game configuration a record describes. Every key must be
    /// present with the right type (a missing, extra or mistyped key is an
    /// error, never a silent default), except where docs/records.md says a
    /// key may be absent for older records.
    fn from_record_options(players: usize, options: &Value) -> Result<Self, RecordError>;
    /// The configurations whose [`Game::new_game`] may have dealt a record
    /// written by this configuration: `self`, and for a game whose options
    /// are settled at setup (Seaside draws its `removed` count when it is
    /// not given) also the configuration that leaves them open. A record
    /// with a numeric `seed` must be dealt by one of them from that seed.
    fn dealing_configs(&self) -> Vec<Self> {
        vec![self.clone()]
    }
    /// The `setup` object of a fresh state.
    fn setup_json(&self, initial: &Self::State) -> Value;
    /// The events that playing `action` in `before` (giving `after`)
    /// produces: the decision itself, then any chance events it caused.
    fn action_events(
        &self,
        before: &Self::State,
        action: Self::Action,
        after: &Self::State,
        out: &mut Vec<Value>,
    );
    /// The `result` object of a finished game.
    fn result_json(&self, terminal: &Self::State) -> Value;
    /// Rebuild the game from `setup` and `events`, checking every decision
    /// with [`Game::play`] (no random number generator is used).
    fn replay(&self, setup: &Value, events: &[Value]) -> Result<Replay<Self>, RecordError>;
}

/// Build the record of a game played from `initial` through `actions`.
pub fn build_record<G: RecordFormat>(
    game: &G,
    seed: u64,
    bots: &[String],
    initial: &G::State,
    actions: &[G::Action],
) -> GameRecord {
    let mut events = Vec::with_capacity(actions.len() + 4);
    let mut state = initial.clone();
    for &action in actions {
        let before = state.clone();
        game.play_unchecked(&mut state, action);
        game.action_events(&before, action, &state, &mut events);
    }
    GameRecord {
        game: game.name().to_string(),
        options: game.options_json_for(initial),
        seed,
        players: game.players(),
        bots: bots.to_vec(),
        setup: game.setup_json(initial),
        events,
        result: game.result_json(&state),
    }
}

/// Replay a record with a known game configuration and check that it ends
/// with the recorded result.
pub fn verify_record<G: RecordFormat>(
    game: &G,
    record: &GameRecord,
) -> Result<Replay<G>, RecordError> {
    if record.game != game.name() {
        return Err(RecordError::field(
            "game",
            format!("expected `{}`, found `{}`", game.name(), record.game),
        ));
    }
    let replay = game.replay(&record.setup, &record.events)?;
    if game.to_move(&replay.final_state).is_some() {
        return Err(RecordError::Length(
            "the events end before the game does".into(),
        ));
    }
    let replayed = game.result_json(&replay.final_state);
    if replayed != record.result {
        return Err(RecordError::ResultMismatch {
            recorded: record.result.to_string(),
            replayed: replayed.to_string(),
        });
    }
    Ok(replay)
}

/// How [`replay_events`] reads a record's events: each decision's
/// action, and how a decision is played together with the chance events it
/// causes ([`replay_decisions`] makes one of a closure, for games without
/// chance events during play).
pub trait DecodeEvents<G: Game> {
    /// The action of the decision `event` in `state`.
    fn decision(&mut self, state: &G::State, event: &Value) -> Result<G::Action, String>;

    /// Play the legal `action` (the decision event number `index`) in
    /// `state`; `after` holds the events that follow it. A game whose
    /// decisions cause chance events takes them from the start of `after`;
    /// returns the new state and the number of events taken. The default
    /// plays [`Game::play`] and takes none.
    fn play(
        &mut self,
        game: &G,
        state: &G::State,
        action: G::Action,
        index: usize,
        after: &[Value],
    ) -> Result<(G::State, usize), RecordError> {
        let _ = after;
        game.play(state, action)
            .map(|next| (next, 0))
            .map_err(|e| RecordError::event(index, e.to_string()))
    }
}

/// A decision decoder as a [`DecodeEvents`] without chance events.
struct Decisions<F>(F);

impl<G: Game, F: FnMut(&G::State, &Value) -> Result<G::Action, String>> DecodeEvents<G>
    for Decisions<F>
{
    fn decision(&mut self, state: &G::State, event: &Value) -> Result<G::Action, String> {
        (self.0)(state, event)
    }
}

/// Replay helper for games whose events map one-to-one to decisions (no
/// chance events): `decode` turns an event into an action in `state`. See
/// [`replay_events`].
pub fn replay_decisions<G: Game>(
    game: &G,
    initial: G::State,
    events: &[Value],
    decode: impl FnMut(&G::State, &Value) -> Result<G::Action, String>,
) -> Result<Replay<G>, RecordError> {
    replay_events(game, initial, events, Decisions(decode))
}

/// The replay loop every game shares: each decision event (with `"seat"`,
/// the seat to move) is decoded, checked legal and played by `decode`
/// (which also takes the chance events the decision causes, see
/// [`DecodeEvents`]); a chance event where a decision is due, an event after
/// the end or a wrong seat is an error.
pub fn replay_events<G: Game>(
    game: &G,
    initial: G::State,
    events: &[Value],
    mut decode: impl DecodeEvents<G>,
) -> Result<Replay<G>, RecordError> {
    let mut state = initial.clone();
    let mut steps = Vec::with_capacity(events.len());
    let mut index = 0;
    while let Some(event) = events.get(index) {
        let Some(seat) = game.to_move(&state) else {
            return Err(RecordError::Length(format!(
                "event {index} comes after the end of the game"
            )));
        };
        if event.get("chance").is_some() {
            return Err(RecordError::event(
                index,
                "a chance event where a decision is due",
            ));
        }
        let recorded_seat = event.get("seat").and_then(Value::as_u64);
        if recorded_seat != Some(seat as u64) {
            return Err(RecordError::event(
                index,
                format!("seat {seat} is to move, the event says {:?}", recorded_seat),
            ));
        }
        let action = decode
            .decision(&state, event)
            .map_err(|why| RecordError::event(index, why))?;
        crate::game::check_legal(game, &state, action)
            .map_err(|e| RecordError::event(index, e.to_string()))?;
        let (next, taken) = decode.play(game, &state, action, index, &events[index + 1..])?;
        steps.push((state, action));
        state = next;
        index += 1 + taken;
    }
    Ok(Replay {
        initial,
        steps,
        final_state: state,
    })
}

/// Read `seat`-free helpers: a required unsigned integer field of an object.
pub fn get_u64(v: &Value, field: &str) -> Result<u64, String> {
    v.get(field)
        .and_then(Value::as_u64)
        .ok_or_else(|| format!("missing or non-integer `{field}`"))
}

/// A required boolean field of an object.
pub fn get_bool(v: &Value, field: &str) -> Result<bool, String> {
    v.get(field)
        .and_then(Value::as_bool)
        .ok_or_else(|| format!("missing or non-boolean `{field}`"))
}

/// A required string field of an object.
pub fn get_str<'a>(v: &'a Value, field: &str) -> Result<&'a str, String> {
    v.get(field)
        .and_then(Value::as_str)
        .ok_or_else(|| format!("missing or non-string `{field}`"))
}
