//! JSON Lines game records (the format of docs/records.md).
//!
//! A record holds everything random as data: the setup's shuffles are in
//! `setup`, later shuffles are chance events, so a replay needs no random
//! number generator. Each game implements [`RecordFormat`] for its part of the
//! format; this module holds the common envelope and the generic replay check.
//!
//! # Files
//! `mod.rs` (this: the envelope, [`RecordFormat`], writing, verifying and
//! replaying), `json.rs` (the writers' JSON helpers), `strict.rs` (JSON
//! values that refuse duplicate keys) and `io.rs` (record files, plain or
//! compressed).
//!
//! Dependencies go one way: `games` uses this module, which uses no game.
//! Reading one line of any game (which needs the registry of games) is
//! therefore in the games layer: [`crate::games::record_line`].

mod fields;
pub mod io;
mod replay;
pub mod strict;

pub use fields::{FieldError, get_bool, get_u64};
pub use replay::{DecodeEvents, replay_decisions, replay_events};

use std::borrow::Cow;
use std::fmt;

use serde::{Deserialize, Serialize};
use serde_json::Value;

use crate::game::Game;
use crate::record::strict::{strict_value, strict_values};
use crate::spec::one_line;

/// The newest record format version this program reads and writes (the
/// `format` field). Version 1 is the format of docs/records.md; version 2
/// adds `undos` ([`FORMAT_UNDOS`]). A record is written with the oldest
/// version that holds it ([`format_for`]), so a record without undos is
/// version 1, byte for byte as before; a record without `format` is read as
/// version 1.
pub const FORMAT_VERSION: u32 = 2;

/// The first format version with the `undos` field.
pub const FORMAT_UNDOS: u32 = 2;

/// The format version a record with `undos` undos is written with: 1
/// without undos, [`FORMAT_UNDOS`] with some.
pub const fn format_for(undos: u64) -> u32 {
    if undos == 0 { 1 } else { FORMAT_UNDOS }
}

/// One game as one JSON object (one line of a `.jsonl` file). Unknown
/// fields are refused.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct GameRecord {
    /// The record format version (1 to [`FORMAT_VERSION`]; absent means 1).
    #[serde(default = "format_version")]
    pub format: u32,
    /// `"seashells"`, `"seaside"` or `"shell-dash"`.
    pub game: String,
    /// The game options used.
    #[serde(deserialize_with = "strict_value")]
    pub options: Value,
    /// The seed that dealt the game (derived from the run seed and the game
    /// index), or `None` (`null`) for a game this program did not deal. The
    /// field itself is required.
    #[serde(deserialize_with = "Option::deserialize")]
    pub seed: Option<u64>,
    /// Number of players.
    pub players: usize,
    /// Bot spec by seat (canonical specs when this program wrote them).
    pub bots: Vec<String>,
    /// The initial deal.
    #[serde(deserialize_with = "strict_value")]
    pub setup: Value,
    /// Decisions and chance events, in order.
    #[serde(deserialize_with = "strict_values")]
    pub events: Vec<Value>,
    /// Scores and winners; `null` for a game that did not finish.
    #[serde(deserialize_with = "strict_value")]
    pub result: Value,
    /// How the game ended, when it did not simply finish.
    #[serde(default, skip_serializing_if = "GameEnd::is_finished")]
    pub end: GameEnd,
    /// The undos a person took in the game (`beachcomber play`, the web
    /// app): written only when there were some, which needs format
    /// [`FORMAT_UNDOS`] ([`GameRecord::with_undos`]).
    #[serde(default, skip_serializing_if = "no_undos")]
    pub undos: u64,
}

fn no_undos(undos: &u64) -> bool {
    *undos == 0
}

impl GameRecord {
    /// The seed for messages: the number, or `none` for a game this program
    /// did not deal.
    pub fn seed_text(&self) -> String {
        self.seed
            .map_or_else(|| "none".to_string(), |s| s.to_string())
    }

    /// The record of a game in which the person took `undos` undos: the
    /// count in `undos` and the format that holds it ([`format_for`]).
    pub fn with_undos(mut self, undos: u64) -> GameRecord {
        self.undos = undos;
        self.format = format_for(undos);
        self
    }
}

/// The version of a record without `format`: 1.
fn format_version() -> u32 {
    1
}

/// How a recorded game ended (the `end` field).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum GameEnd {
    /// Played to its end (no `end` field, or `"finished"`).
    #[default]
    Finished,
    /// Stopped before its end (a person quit): `"unfinished"`.
    Unfinished,
    /// A bot forfeited (crashed, timed out, answered illegally):
    /// `{"forfeit": SEAT}`.
    Forfeit(usize),
}

impl GameEnd {
    /// Whether the game was played to its end.
    pub fn is_finished(&self) -> bool {
        *self == GameEnd::Finished
    }
}

impl Serialize for GameEnd {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        match self {
            GameEnd::Finished => serializer.serialize_str("finished"),
            GameEnd::Unfinished => serializer.serialize_str("unfinished"),
            GameEnd::Forfeit(seat) => serde_json::json!({ "forfeit": seat }).serialize(serializer),
        }
    }
}

impl<'de> Deserialize<'de> for GameEnd {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        use serde::de::Error;
        let value = strict_value(deserializer)?;
        match &value {
            Value::String(s) if s == "finished" => Ok(GameEnd::Finished),
            Value::String(s) if s == "unfinished" => Ok(GameEnd::Unfinished),
            Value::Object(map) if map.len() == 1 => {
                match map.get("forfeit").and_then(Value::as_u64) {
                    Some(seat) if seat < crate::game::MAX_SEATS as u64 => {
                        Ok(GameEnd::Forfeit(seat as usize))
                    }
                    _ => Err(D::Error::custom(format!(
                        "bad `end` {value}: expected {{\"forfeit\": SEAT}}"
                    ))),
                }
            }
            _ => Err(D::Error::custom(format!(
                "bad `end` {value}: expected \"finished\", \"unfinished\" or {{\"forfeit\": SEAT}}"
            ))),
        }
    }
}

/// Why a record cannot be read or does not replay.
#[derive(Clone, Debug, PartialEq)]
pub enum RecordError {
    /// Not valid JSON, or not the record's shape.
    Json(String),
    /// A field is missing or has a wrong value.
    Field {
        /// The field's name (`setup.deck`...).
        field: String,
        /// What is wrong with it.
        why: String,
    },
    /// Event number `index` is not legal in the replayed game.
    Event {
        /// The event's index in `events`.
        index: usize,
        /// Why it is refused.
        why: String,
    },
    /// The events ran out before the game ended, or went on after it.
    Length(String),
    /// The recorded result differs from the replayed one.
    ResultMismatch {
        /// The record's `result`, as JSON text.
        recorded: String,
        /// The replay's result, as JSON text.
        replayed: String,
    },
}

impl fmt::Display for RecordError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        // Every text here may quote a record: one line, escaped as
        // everywhere ([`one_line`]).
        match self {
            RecordError::Json(e) => write!(f, "not a game record: {}", one_line(e)),
            RecordError::Field { field, why } => {
                write!(f, "field `{}`: {}", one_line(field), one_line(why))
            }
            RecordError::Event { index, why } => write!(f, "event {index}: {}", one_line(why)),
            RecordError::Length(why) => write!(f, "{}", one_line(why)),
            RecordError::ResultMismatch { recorded, replayed } => {
                write!(
                    f,
                    "recorded result {} but the replay gives {}",
                    one_line(recorded),
                    one_line(replayed)
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
    /// The most events a record of this configuration can hold (decisions
    /// and chance events of the longest possible game): reading a record
    /// refuses more before building anything per event.
    fn max_events(&self) -> usize;
    /// Whether `options` is exactly the `options` object this program
    /// writes for the game that starts with `initial` (records are
    /// canonical, docs/records.md); the default compares with
    /// [`Self::options_json_for`].
    fn options_are_canonical(&self, initial: &Self::State, options: &Value) -> bool {
        self.options_json_for(initial) == *options
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
    /// Append the `options` object of the game that starts with `initial`
    /// as JSON text: the bytes `serde_json` writes for
    /// [`Self::options_json_for`] (which the default serializes).
    fn write_options(&self, initial: &Self::State, out: &mut Vec<u8>) {
        json::value(out, &self.options_json_for(initial));
    }
    /// Append the `setup` object of a fresh state as JSON text: the bytes
    /// `serde_json` writes for [`Self::setup_json`] (which the default
    /// serializes).
    fn write_setup(&self, initial: &Self::State, out: &mut Vec<u8>) {
        json::value(out, &self.setup_json(initial));
    }
    /// Append the events of playing `action` in `before` (giving `after`)
    /// to `events`, one [`EventWriter::start`] per event: the same events,
    /// as the same bytes, as [`Self::action_events`] (which the default
    /// serializes).
    fn write_action_events(
        &self,
        before: &Self::State,
        action: Self::Action,
        after: &Self::State,
        events: &mut EventWriter<'_>,
    ) {
        let mut values = Vec::new();
        self.action_events(before, action, after, &mut values);
        for v in &values {
            json::value(events.start(), v);
        }
    }
    /// Append the `result` object of a finished game as JSON text: the
    /// bytes `serde_json` writes for [`Self::result_json`] (which the
    /// default serializes).
    fn write_result(&self, terminal: &Self::State, out: &mut Vec<u8>) {
        json::value(out, &self.result_json(terminal));
    }
    /// Rebuild the game from `setup` and `events`, checking every decision
    /// with [`Game::play`] (no random number generator is used).
    fn replay<E: EventList + ?Sized>(
        &self,
        setup: &Value,
        events: &E,
    ) -> Result<Replay<Self>, RecordError>;
}

/// Build the record of a game played from `initial` through `actions`,
/// dealt from `seed` (`None` for a deal this program did not make), with
/// `bots` (their canonical specs) by seat. A game whose last state is not
/// over is recorded as [`GameEnd::Unfinished`] with a `null` result.
pub fn build_record<G: RecordFormat>(
    game: &G,
    seed: Option<u64>,
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
    let over = game.to_move(&state).is_none();
    GameRecord {
        format: format_for(0),
        game: game.name().to_string(),
        options: game.options_json_for(initial),
        seed,
        players: game.players(),
        bots: bots.to_vec(),
        setup: game.setup_json(initial),
        events,
        result: if over {
            game.result_json(&state)
        } else {
            Value::Null
        },
        end: if over {
            GameEnd::Finished
        } else {
            GameEnd::Unfinished
        },
        undos: 0,
    }
}

/// Append one record line (the JSON object and a `\n`) to `out`: exactly
/// the bytes of `serde_json::to_vec(&build_record(game, seed, bots,
/// initial, actions))` followed by `\n`, written directly (no [`Value`] or
/// [`GameRecord`] is built) with the game's `write_*` methods of
/// [`RecordFormat`].
pub fn write_record_line<G: RecordFormat>(
    game: &G,
    seed: Option<u64>,
    bots: &[String],
    initial: &G::State,
    actions: &[G::Action],
    out: &mut Vec<u8>,
) {
    out.extend_from_slice(b"{\"format\":");
    json::uint(out, u64::from(format_for(0)));
    out.extend_from_slice(b",\"game\":");
    json::string(out, game.name());
    out.extend_from_slice(b",\"options\":");
    game.write_options(initial, out);
    out.extend_from_slice(b",\"seed\":");
    match seed {
        Some(seed) => json::uint(out, seed),
        None => out.extend_from_slice(b"null"),
    }
    out.extend_from_slice(b",\"players\":");
    json::uint(out, game.players() as u64);
    out.extend_from_slice(b",\"bots\":[");
    for (i, bot) in bots.iter().enumerate() {
        if i > 0 {
            out.push(b',');
        }
        json::string(out, bot);
    }
    out.extend_from_slice(b"],\"setup\":");
    game.write_setup(initial, out);
    out.extend_from_slice(b",\"events\":[");
    let mut state = initial.clone();
    let mut next = initial.clone();
    {
        let mut events = EventWriter::new(out);
        for &action in actions {
            next.clone_from(&state);
            game.play_unchecked(&mut next, action);
            game.write_action_events(&state, action, &next, &mut events);
            std::mem::swap(&mut state, &mut next);
        }
    }
    out.extend_from_slice(b"],\"result\":");
    if game.to_move(&state).is_none() {
        game.write_result(&state, out);
        out.extend_from_slice(b"}\n");
    } else {
        out.extend_from_slice(b"null,\"end\":\"unfinished\"}\n");
    }
}

/// The `events` array being written by [`write_record_line`]: each event
/// starts with [`EventWriter::start`], which puts the separating comma
/// before every event but the first and hands back the buffer for exactly
/// one JSON value.
pub struct EventWriter<'a> {
    out: &'a mut Vec<u8>,
    written: usize,
}

impl<'a> EventWriter<'a> {
    /// Events appended to `out`, which already holds the array's `[`.
    pub fn new(out: &'a mut Vec<u8>) -> EventWriter<'a> {
        EventWriter { out, written: 0 }
    }

    /// Start the next event: write exactly one JSON value into the buffer
    /// returned.
    pub fn start(&mut self) -> &mut Vec<u8> {
        if self.written > 0 {
            self.out.push(b',');
        }
        self.written += 1;
        self.out
    }

    /// The number of events started so far.
    pub fn count(&self) -> usize {
        self.written
    }
}

/// Compact JSON text appended to a `Vec<u8>`, byte for byte as `serde_json`
/// writes it (`to_vec`): for the direct record writers of
/// [`RecordFormat`]'s `write_*` methods.
pub mod json;

/// Check a record's envelope against the game configuration it names and
/// replay it: the format version, the bot list (one spec per seat, each in
/// the canonical syntax of [`crate::spec::Spec`]; whether each names a known
/// bot with its options spelled out is the caller's check, since the library
/// knows no bots), the options (exactly the canonical ones), the seed (a
/// numeric seed must deal exactly the recorded setup and every chance event),
/// every event, and the end: a finished game must be over with the recorded
/// result; an unfinished or forfeited one must not be over and has a `null`
/// result, and a forfeit is by the seat to move.
pub fn verify_record<G: RecordFormat>(
    game: &G,
    record: &GameRecord,
) -> Result<Replay<G>, RecordError> {
    verify_record_events(game, record, &record.events[..])
}

/// [`verify_record`] with the events read from `events` instead of
/// `record.events` (which is ignored): for a record line parsed one event at
/// a time ([`crate::games::record_line`]).
pub fn verify_record_events<G: RecordFormat, E: EventList + ?Sized>(
    game: &G,
    record: &GameRecord,
    events: &E,
) -> Result<Replay<G>, RecordError> {
    check_envelope(game, record)?;
    if events.count() > game.max_events() {
        return Err(too_many_events(game.max_events()));
    }
    let (replay, dealt) = replay_dealt(game, record, events)?;
    check_options_and_seed(game, record, &replay, dealt)?;
    check_end(game, record, &replay)?;
    Ok(replay)
}

/// The envelope against the configuration: the format version (and the
/// undos it allows), the game, the player count, one canonical bot spec
/// per seat and a forfeiting seat that is one.
fn check_envelope<G: RecordFormat>(game: &G, record: &GameRecord) -> Result<(), RecordError> {
    if record.format == 0 || record.format > FORMAT_VERSION {
        return Err(RecordError::field(
            "format",
            format!(
                "version {} is not one this program reads (1 to {FORMAT_VERSION})",
                record.format
            ),
        ));
    }
    if record.undos > 0 && record.format < FORMAT_UNDOS {
        return Err(RecordError::field(
            "undos",
            format!(
                "needs format {FORMAT_UNDOS} or later (the record says format {})",
                record.format
            ),
        ));
    }
    if record.game != game.name() {
        return Err(RecordError::field(
            "game",
            format!(
                "expected `{}`, found `{}`",
                game.name(),
                one_line(&record.game)
            ),
        ));
    }
    if record.players != game.players() {
        return Err(RecordError::field(
            "players",
            format!("expected {}, found {}", game.players(), record.players),
        ));
    }
    if record.bots.len() != record.players {
        return Err(RecordError::field(
            "bots",
            format!(
                "{} bot specs for {} players (one per seat)",
                record.bots.len(),
                record.players
            ),
        ));
    }
    for (seat, bot) in record.bots.iter().enumerate() {
        let spec = bot
            .parse::<crate::spec::Spec>()
            .map_err(|e| RecordError::field("bots", format!("seat {seat}: {e}")))?;
        let canonical = spec.to_string();
        if canonical != *bot {
            return Err(RecordError::field(
                "bots",
                format!(
                    "seat {seat}: `{}` is not written canonically (records hold `{}`)",
                    one_line(bot),
                    one_line(&canonical)
                ),
            ));
        }
    }
    if let GameEnd::Forfeit(seat) = record.end
        && seat >= record.players
    {
        return Err(RecordError::field(
            "end",
            format!(
                "forfeit by seat {seat}, but there are {} players",
                record.players
            ),
        ));
    }
    Ok(())
}

/// The replay of the events from the setup, and the record's seed when it
/// deals the setup (then every chance event must be the seed's).
fn replay_dealt<G: RecordFormat, E: EventList + ?Sized>(
    game: &G,
    record: &GameRecord,
    events: &E,
) -> Result<(Replay<G>, Option<u64>), RecordError> {
    // A numeric seed must deal the setup and every chance event: the replay
    // checks the chance events against the game's own dealing when the
    // seed deals the setup. Otherwise replay first (it reads the setup and
    // events exactly, so a malformed one gets its own error), then refuse
    // the seed.
    let dealt = record.seed.filter(|&seed| {
        game.dealing_configs().iter().any(|config| {
            let initial = config.new_game(&mut crate::rng::rng_from_seed(seed));
            config.setup_json(&initial) == record.setup
        })
    });
    let replay = match dealt {
        Some(seed) => game.replay(&record.setup, &Seeded { events, seed })?,
        None => game.replay(&record.setup, events)?,
    };
    Ok((replay, dealt))
}

/// The options written canonically, and a numeric seed that deals the
/// setup (`dealt`, from [`replay_dealt`]).
fn check_options_and_seed<G: RecordFormat>(
    game: &G,
    record: &GameRecord,
    replay: &Replay<G>,
    dealt: Option<u64>,
) -> Result<(), RecordError> {
    if !game.options_are_canonical(&replay.initial, &record.options) {
        return Err(RecordError::field(
            "options",
            format!(
                "not written canonically: a record of this game holds {}",
                one_line(&game.options_json_for(&replay.initial).to_string())
            ),
        ));
    }
    if let (Some(seed), None) = (record.seed, dealt) {
        return Err(RecordError::field(
            "seed",
            format!(
                "seed {seed} does not deal the recorded setup (a record of a game \
                 this program did not deal has \"seed\": null)"
            ),
        ));
    }
    Ok(())
}

/// The end as the replay reaches it: a finished game over with the
/// recorded result; an unfinished or forfeited one not over, forfeited by
/// the seat to move, with a `null` result.
fn check_end<G: RecordFormat>(
    game: &G,
    record: &GameRecord,
    replay: &Replay<G>,
) -> Result<(), RecordError> {
    let over = game.to_move(&replay.final_state).is_none();
    match record.end {
        GameEnd::Finished => {
            if !over {
                return Err(RecordError::Length(
                    "the events end before the game does (an unfinished game says \
                     \"end\": \"unfinished\")"
                        .into(),
                ));
            }
            let replayed = game.result_json(&replay.final_state);
            if replayed != record.result {
                return Err(RecordError::ResultMismatch {
                    recorded: one_line(&record.result.to_string()),
                    replayed: replayed.to_string(),
                });
            }
        }
        GameEnd::Unfinished | GameEnd::Forfeit(_) => {
            if over {
                return Err(RecordError::field(
                    "end",
                    "the game is over after its events, so it is not unfinished or forfeited",
                ));
            }
            if let GameEnd::Forfeit(seat) = record.end
                && game.to_move(&replay.final_state) != Some(seat)
            {
                return Err(RecordError::field(
                    "end",
                    format!(
                        "forfeit by seat {seat}, but seat {} is to move (only the seat to move \
                         can forfeit)",
                        game.to_move(&replay.final_state)
                            .map_or("-".to_string(), |s| s.to_string())
                    ),
                ));
            }
            if !record.result.is_null() {
                return Err(RecordError::field(
                    "result",
                    "must be null for a game that did not finish",
                ));
            }
        }
    }
    Ok(())
}

/// The error for a record with more than `max` events.
pub(crate) fn too_many_events(max: usize) -> RecordError {
    RecordError::field(
        "events",
        format!("more than {max}, the most a game of these options can have"),
    )
}

/// The events of a record whose seed deals its setup: the replay checks
/// that each decision's chance events are those the seed deals
/// ([`EventList::dealt_by`]).
struct Seeded<'a, E: ?Sized> {
    events: &'a E,
    seed: u64,
}

impl<E: EventList + ?Sized> EventList for Seeded<'_, E> {
    fn count(&self) -> usize {
        self.events.count()
    }
    fn event(&self, index: usize) -> Result<Cow<'_, Value>, RecordError> {
        self.events.event(index)
    }
    fn dealt_by(&self) -> Option<u64> {
        Some(self.seed)
    }
}

/// A record's events, read one at a time: the values of a [`GameRecord`],
/// or the JSON text of a record line, each event parsed only when it is
/// replayed ([`crate::games::record_line`]), so that a replay never holds every
/// event of a record as a [`Value`].
pub trait EventList {
    /// The number of events.
    fn count(&self) -> usize;
    /// Event number `index` (below [`EventList::count`]).
    fn event(&self, index: usize) -> Result<Cow<'_, Value>, RecordError>;
    /// The seed that dealt the record's setup, when the chance events must
    /// be those it deals: [`replay_events`] then checks each decision's
    /// chance events against [`Game::play_unchecked`] (the game's own
    /// dealing, from the state the seed dealt). `None` (the default): any
    /// chance events the rules allow.
    fn dealt_by(&self) -> Option<u64> {
        None
    }
}

impl EventList for [Value] {
    fn count(&self) -> usize {
        self.len()
    }
    fn event(&self, index: usize) -> Result<Cow<'_, Value>, RecordError> {
        Ok(Cow::Borrowed(&self[index]))
    }
}

impl<const N: usize> EventList for [Value; N] {
    fn count(&self) -> usize {
        N
    }
    fn event(&self, index: usize) -> Result<Cow<'_, Value>, RecordError> {
        Ok(Cow::Borrowed(&self[index]))
    }
}

impl EventList for Vec<Value> {
    fn count(&self) -> usize {
        self.len()
    }
    fn event(&self, index: usize) -> Result<Cow<'_, Value>, RecordError> {
        Ok(Cow::Borrowed(&self[index]))
    }
}
