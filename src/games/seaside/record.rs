//! Seaside's part of the game records (docs/records.md, Seaside).
//!
//! - `options`: `{"removed": N}` with the number of tokens set aside *in that
//!   game* (drawn per game when the configuration does not fix it, so the
//!   record states it through
//!   [`RecordFormat::options_json_for`]). With a custom token set, also
//!   `"tokens": [[FACE_A, FACE_B, COUNT], ...]` (the manifest's lines), so
//!   that the record is replayable without the manifest file; the record's
//!   `setup.tokens` then give each token its id and must hold exactly that
//!   set. No other key but the levers below; `removed` is a required integer.
//! - `setup`: exactly `"tokens"` (`[FACE_A, FACE_B]` by id), `"bag"` (ids,
//!   first drawn first), `"removed"` (ids); every id once. With the
//!   `start_tokens` lever (and only then) also `"start"`: the faces up of the
//!   start tokens, which are the bag's first tokens (levers.rs).
//! - `options`: the levers `compensation` and `start_tokens`, when set, as
//!   their spec text (`"compensation": "1:2"`), written and read through the
//!   option table ([`record_options`]).
//! - events: `seat` and exactly one of `play`, `isopods`, `shells`, `flip`
//!   (a token id), `steal` (a seat or null). A `flip` names the lowest id
//!   among the player's Beaches with the chosen back (the engine's rule); a
//!   replay refuses an id that is not one of the player's Beaches, or not
//!   the one the engine flips.
//!
//! Every count and id read from JSON is checked against its bound before
//! use (at most [`MAX_TOKENS`] tokens, counts that fit a byte), so any input
//! gives a one-line error, never a panic or a large allocation.

use serde_json::{Value, json};

use super::tokens::{Face, MAX_TOKENS, kind_of, pack};
use super::{Action, OPTIONS, Seaside, SeasideState, TOKENS};
use crate::game::Game;
use crate::games::record_options::{self, RecordOptions};
use crate::games::{GameKind, GameOption};
use crate::record::{
    EventList, EventWriter, RecordError, RecordFormat, Replay, json as text, replay_decisions,
};

fn face_json(f: Face) -> Value {
    Value::String(f.name().to_string())
}

/// Why a face or an event of a Seaside record is refused (the messages
/// quote the record's JSON; [`RecordError`]'s text escapes them).
#[derive(Clone, Debug, PartialEq)]
enum EventError {
    /// Not a string.
    NotAFaceName(Value),
    /// A string that names no face.
    UnknownFace(String),
    /// A count that does not fit a byte.
    Count(&'static str, Value),
    /// The event is not an object.
    NotAnObject(Value),
    /// A key outside the event's ([`crate::suggest::check_keys`]'s text).
    UnknownKey(String),
    /// Two decision keys.
    TwoDecisions(String, String),
    /// No decision key.
    NoDecision,
    /// `flip` is not an integer.
    NotATokenId(Value),
    /// `flip` names no Beach of the seat.
    NotABeach(Value, usize),
    /// `flip` names a Beach the engine does not flip.
    NotTheLowest {
        /// The token named.
        id: usize,
        /// The seat.
        seat: usize,
        /// Its back.
        back: Face,
        /// The token the engine flips.
        target: Option<usize>,
    },
    /// `steal` is neither a seat nor null.
    NotASeat(Value),
}

impl std::fmt::Display for EventError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            EventError::NotAFaceName(v) => write!(f, "`{v}` is not a face name"),
            EventError::UnknownFace(name) => write!(f, "unknown face `{name}`"),
            EventError::Count(key, v) => write!(f, "`{key}` {v} is not a count from 0 to 255"),
            EventError::NotAnObject(e) => write!(f, "`{e}` is not an object"),
            EventError::UnknownKey(why) => f.write_str(why),
            EventError::TwoDecisions(first, key) => {
                write!(f, "two decisions in one event: `{first}` and `{key}`")
            }
            EventError::NoDecision => write!(
                f,
                "no decision in the event (one of {})",
                DECISIONS.join(", ")
            ),
            EventError::NotATokenId(v) => write!(f, "`flip` {v} is not a token id"),
            EventError::NotABeach(v, seat) => {
                write!(f, "token {v} is not one of seat {seat}'s Beaches")
            }
            EventError::NotTheLowest {
                id,
                seat,
                back,
                target,
            } => write!(
                f,
                "token {id} is a Beach of seat {seat} with back {back}, but the engine flips \
                 the lowest such id ({})",
                target.map_or("none".to_string(), |t| t.to_string())
            ),
            EventError::NotASeat(v) => write!(f, "`steal` {v} is not a seat or null"),
        }
    }
}

impl std::error::Error for EventError {}

/// The message, as `replay_decisions`' decoder gives it.
impl From<EventError> for String {
    fn from(e: EventError) -> String {
        e.to_string()
    }
}

fn parse_face(v: &Value) -> Result<Face, EventError> {
    let name = v
        .as_str()
        .ok_or_else(|| EventError::NotAFaceName(v.clone()))?;
    Face::from_name(name).ok_or_else(|| EventError::UnknownFace(name.to_string()))
}

/// The array `setup.FIELD`, of at most [`MAX_TOKENS`] entries (`what`
/// names them in the error), each read by `read` (its error as a message).
fn setup_list<T>(
    setup: &Value,
    field: &str,
    what: &str,
    read: impl Fn(&Value) -> Result<T, String>,
) -> Result<Vec<T>, RecordError> {
    let bad = |why: String| RecordError::field(format!("setup.{field}"), why);
    let Some(arr) = setup.get(field).and_then(Value::as_array) else {
        return Err(bad("missing or not an array".into()));
    };
    if arr.len() > MAX_TOKENS {
        let n = arr.len();
        return Err(bad(format!(
            "{n} {what}, a set holds at most {MAX_TOKENS} tokens"
        )));
    }
    arr.iter().map(|v| read(v).map_err(bad)).collect()
}

/// The token ids of `setup.FIELD`: at most [`MAX_TOKENS`] ids, each below
/// `MAX_TOKENS` (that each id is below the set's size and listed once is
/// checked by [`Seaside::start_from`]).
fn id_list(setup: &Value, field: &str) -> Result<Vec<u8>, RecordError> {
    setup_list(setup, field, "ids", |v| {
        v.as_u64()
            .and_then(|id| u8::try_from(id).ok())
            .filter(|&id| (id as usize) < MAX_TOKENS)
            .ok_or_else(|| format!("`{v}` is not a token id"))
    })
}

/// The faces of `setup.start` (`start_tokens`): at most [`MAX_TOKENS`]
/// face names (that they fit the bag's first tokens is checked by
/// [`Seaside::start_from_placed`]).
fn start_faces(setup: &Value) -> Result<Vec<Face>, RecordError> {
    setup_list(setup, "start", "faces", |v| {
        parse_face(v).map_err(|e| e.to_string())
    })
}

/// Refuse a key of `object` (named `what`) that is not in `allowed` (the
/// one key check, [`crate::suggest::check_keys`]).
fn check_fields(
    object: &serde_json::Map<String, Value>,
    what: &str,
    allowed: &[&str],
) -> Result<(), RecordError> {
    match crate::suggest::check_keys(object.keys().map(String::as_str), allowed) {
        Some(why) => Err(RecordError::field(what, why)),
        None => Ok(()),
    }
}

/// How records hold Seaside's options: `removed` always, as the number
/// of that game; `tokens` for a set other than the default one, as the
/// manifest's lines (written by this file); any other option of the table
/// (but the `tokens_file` label) only when not at its default
/// ([`record_options`]).
const RECORD: RecordOptions = RecordOptions {
    required: &["removed"],
    absent: &[],
    written: &["removed", "tokens"],
};

/// The record form of `tokens`, `[[FACE_A, FACE_B, COUNT], ...]`, as its
/// inline spec text `[FACE_A/FACE_B:COUNT;...]` (each face a known name,
/// each count an integer; the spec parser bounds the total); every other
/// option is read by its kind.
fn record_value(option: &GameOption, value: &Value) -> Option<Result<String, RecordError>> {
    (option.name == TOKENS.name).then(|| {
        let bad = |why: String| RecordError::field("options.tokens", why);
        let lines = value.as_array().ok_or_else(|| bad("not an array".into()))?;
        let mut items = Vec::with_capacity(lines.len().min(MAX_TOKENS));
        for line in lines {
            let parts = line
                .as_array()
                .filter(|p| p.len() == 3)
                .ok_or_else(|| bad(format!("`{line}` is not [FACE_A, FACE_B, COUNT]")))?;
            let a = parse_face(&parts[0]).map_err(|e| bad(e.to_string()))?;
            let b = parse_face(&parts[1]).map_err(|e| bad(e.to_string()))?;
            let count = parts[2]
                .as_u64()
                .ok_or_else(|| bad(format!("the count in `{line}` is not an integer ≥ 0")))?;
            items.push(format!("{}/{}:{count}", a.name(), b.name()));
        }
        Ok(format!("[{}]", items.join(";")))
    })
}

/// A count of an event (`isopods`, `shells`): an integer that fits a byte
/// (whether it is legal is [`Game::play`]'s check).
fn event_count(v: &Value, key: &'static str) -> Result<u8, EventError> {
    v.as_u64()
        .and_then(|k| u8::try_from(k).ok())
        .ok_or_else(|| EventError::Count(key, v.clone()))
}

/// The decision keys of an event.
const DECISIONS: [&str; 5] = ["play", "isopods", "shells", "flip", "steal"];

/// Every key of an event: `seat` and the decisions.
const EVENT_KEYS: [&str; 6] = ["seat", "play", "isopods", "shells", "flip", "steal"];

impl Seaside {
    fn options_with(&self, removed: Value) -> Value {
        let mut options = json!({ "removed": removed });
        if self.custom {
            let lines: Vec<Value> = self
                .set
                .lines()
                .into_iter()
                .map(|(a, b, c)| json!([a.name(), b.name(), c]))
                .collect();
            options["tokens"] = Value::Array(lines);
        }
        record_options::add_extras(&mut options, self.extra_options());
        options
    }

    /// The options a record writes beside `removed` and `tokens`.
    fn extra_options(&self) -> Vec<(&'static str, Value)> {
        record_options::extra_options(&OPTIONS, &RECORD, || self.option_values())
    }

    fn decode_event(&self, s: &SeasideState, e: &Value) -> Result<Action, EventError> {
        let seat = s.to_move as usize;
        let object = e
            .as_object()
            .ok_or_else(|| EventError::NotAnObject(e.clone()))?;
        if let Some(why) =
            crate::suggest::check_keys(object.keys().map(String::as_str), &EVENT_KEYS)
        {
            return Err(EventError::UnknownKey(why));
        }
        let mut decision: Option<&'static str> = None;
        for key in object.keys().filter(|k| *k != "seat") {
            let Some(&kind) = DECISIONS.iter().find(|d| **d == key.as_str()) else {
                continue;
            };
            if let Some(first) = decision.replace(kind) {
                return Err(EventError::TwoDecisions(first.into(), key.clone()));
            }
        }
        let Some(kind) = decision else {
            return Err(EventError::NoDecision);
        };
        let v = &object[kind];
        match kind {
            "play" => parse_face(v).map(Action::Play),
            "isopods" => event_count(v, kind).map(Action::Isopods),
            "shells" => event_count(v, kind).map(Action::Shells),
            "flip" => {
                let id = v
                    .as_u64()
                    .ok_or_else(|| EventError::NotATokenId(v.clone()))?;
                let id = usize::try_from(id).unwrap_or(usize::MAX);
                if !s.is_beach_of(id, seat) {
                    return Err(EventError::NotABeach(v.clone(), seat));
                }
                let back = s.back_face(id);
                let target = self.flip_target(s, seat, back);
                if target != Some(id) {
                    return Err(EventError::NotTheLowest {
                        id,
                        seat,
                        back,
                        target,
                    });
                }
                Ok(Action::Flip(back))
            }
            _ => {
                if v.is_null() {
                    return Ok(Action::StealNone);
                }
                v.as_u64()
                    .filter(|&q| q < u64::from(self.players))
                    .and_then(|q| u8::try_from(q).ok())
                    .map(Action::Steal)
                    .ok_or_else(|| EventError::NotASeat(v.clone()))
            }
        }
    }
}

impl RecordFormat for Seaside {
    /// `{"removed": N}` when the configuration fixes it, else
    /// `{"removed": null}` (each game's record states its own number).
    fn options_json(&self) -> Value {
        self.options_with(self.removed.map_or(Value::Null, |r| json!(r)))
    }

    fn options_json_for(&self, initial: &SeasideState) -> Value {
        self.options_with(json!(initial.removed()))
    }

    fn from_record_options(players: usize, options: &Value) -> Result<Self, RecordError> {
        record_options::read_game(players, options, &RECORD, record_value)
    }

    /// The configuration itself and, when it fixes `removed` at a number
    /// the rulebook's range can draw, the configuration that draws it
    /// (`removed=rulebook`): a record says `"removed": N` either way. (With
    /// `start_tokens`, only if the drawing configuration is valid: its bag
    /// must hold the start tokens at the range's top too.)
    fn dealing_configs(&self) -> Vec<Self> {
        let mut configs = vec![self.clone()];
        if let Some(r) = self.removed {
            let drawing = Seaside::new(self.players as usize, None, self.set).and_then(|g| {
                g.with_levers(
                    self.compensation.map(u64::from),
                    self.start_tokens.map(u64::from),
                )
            });
            if let Ok(drawing) = drawing {
                let (lo, hi) = drawing.removed_range();
                if (lo..=hi).contains(&r) {
                    configs.push(Seaside {
                        manifest: self.manifest.clone(),
                        custom: self.custom,
                        ..drawing
                    });
                }
            }
        }
        configs
    }

    fn setup_json(&self, s: &SeasideState) -> Value {
        let n = s.n as usize;
        let tokens: Vec<Value> = (0..n)
            .map(|id| {
                let [a, b] = s.token(id);
                json!([a.name(), b.name()])
            })
            .collect();
        let mut setup = json!({
            "tokens": tokens,
            "bag": &s.order[..s.bag_end as usize],
            "removed": &s.order[s.bag_end as usize..n],
        });
        if self.start_total() > 0 {
            let faces: Vec<Value> = self.start_faces(s).into_iter().map(face_json).collect();
            setup["start"] = Value::Array(faces);
        }
        setup
    }

    fn action_events(
        &self,
        before: &SeasideState,
        action: Action,
        _after: &SeasideState,
        out: &mut Vec<Value>,
    ) {
        let seat = before.to_move;
        out.push(match action {
            Action::Play(f) => json!({ "seat": seat, "play": face_json(f) }),
            Action::Isopods(k) => json!({ "seat": seat, "isopods": k }),
            Action::Shells(k) => json!({ "seat": seat, "shells": k }),
            Action::Flip(back) => {
                json!({ "seat": seat, "flip": self.flip_target(before, seat as usize, back) })
            }
            Action::Steal(q) => json!({ "seat": seat, "steal": q }),
            Action::StealNone => json!({ "seat": seat, "steal": null }),
        });
    }

    fn result_json(&self, s: &SeasideState) -> Value {
        let o = self.outcome(s);
        json!({
            "scores": o.scores.as_slice(),
            "winners": o.winners.iter().collect::<Vec<_>>(),
        })
    }

    fn write_options(&self, initial: &SeasideState, out: &mut Vec<u8>) {
        if self.custom {
            // The token lines: rare, and written once per game.
            text::value(out, &self.options_json_for(initial));
        } else {
            out.extend_from_slice(b"{\"removed\":");
            text::uint(out, initial.removed() as u64);
            record_options::write_extras(out, self.extra_options());
            out.push(b'}');
        }
    }

    fn write_setup(&self, s: &SeasideState, out: &mut Vec<u8>) {
        let n = s.n as usize;
        out.extend_from_slice(b"{\"tokens\":[");
        for id in 0..n {
            if id > 0 {
                out.push(b',');
            }
            let [a, b] = s.token(id);
            out.push(b'[');
            text::string(out, a.name());
            out.push(b',');
            text::string(out, b.name());
            out.push(b']');
        }
        out.extend_from_slice(b"],\"bag\":");
        text::int_array(
            out,
            s.order[..s.bag_end as usize]
                .iter()
                .map(|&id| i64::from(id)),
        );
        out.extend_from_slice(b",\"removed\":");
        text::int_array(
            out,
            s.order[s.bag_end as usize..n]
                .iter()
                .map(|&id| i64::from(id)),
        );
        if self.start_total() > 0 {
            out.extend_from_slice(b",\"start\":[");
            for (i, face) in self.start_faces(s).into_iter().enumerate() {
                if i > 0 {
                    out.push(b',');
                }
                text::string(out, face.name());
            }
            out.push(b']');
        }
        out.push(b'}');
    }

    fn write_action_events(
        &self,
        before: &SeasideState,
        action: Action,
        _after: &SeasideState,
        events: &mut EventWriter<'_>,
    ) {
        let seat = before.to_move;
        let out = events.start();
        out.extend_from_slice(b"{\"seat\":");
        text::uint(out, u64::from(seat));
        match action {
            Action::Play(f) => {
                out.extend_from_slice(b",\"play\":");
                text::string(out, f.name());
            }
            Action::Isopods(k) => {
                out.extend_from_slice(b",\"isopods\":");
                text::uint(out, u64::from(k));
            }
            Action::Shells(k) => {
                out.extend_from_slice(b",\"shells\":");
                text::uint(out, u64::from(k));
            }
            Action::Flip(back) => {
                out.extend_from_slice(b",\"flip\":");
                match self.flip_target(before, seat as usize, back) {
                    Some(id) => text::uint(out, id as u64),
                    None => text::null(out),
                }
            }
            Action::Steal(q) => {
                out.extend_from_slice(b",\"steal\":");
                text::uint(out, u64::from(q));
            }
            Action::StealNone => out.extend_from_slice(b",\"steal\":null"),
        }
        out.push(b'}');
    }

    fn write_result(&self, s: &SeasideState, out: &mut Vec<u8>) {
        let o = self.outcome(s);
        out.extend_from_slice(b"{\"scores\":");
        text::int_array(out, o.scores.iter().map(|&c| i64::from(c)));
        out.extend_from_slice(b",\"winners\":");
        text::int_array(out, o.winners.iter().map(|w| w as i64));
        out.push(b'}');
    }

    /// Every token is played once and flipped at most once (a flip turns
    /// a Beach over for good), and each face resolved is followed by at
    /// most one decision (Sandpiper, Beach, Wave or Rock): at most 3 events
    /// a token of the set, counted as 4.
    fn max_events(&self) -> usize {
        4 * self.set.len()
    }

    fn replay<E: EventList + ?Sized>(
        &self,
        setup: &Value,
        events: &E,
    ) -> Result<Replay<Self>, RecordError> {
        let object = setup
            .as_object()
            .ok_or_else(|| RecordError::field("setup", "not an object"))?;
        let with_start = self.start_total() > 0;
        let keys: &[&str] = if with_start {
            &["tokens", "bag", "removed", "start"]
        } else {
            &["tokens", "bag", "removed"]
        };
        check_fields(object, "setup", keys)?;
        let list = setup
            .get("tokens")
            .and_then(Value::as_array)
            .ok_or_else(|| RecordError::field("setup.tokens", "missing or not an array"))?;
        if list.len() != self.set.len() {
            return Err(RecordError::field(
                "setup.tokens",
                format!("{} tokens, the set holds {}", list.len(), self.set.len()),
            ));
        }
        let mut packed = Vec::with_capacity(list.len());
        let mut kinds = [0u8; super::tokens::KINDS];
        for (id, t) in list.iter().enumerate() {
            let pair = t.as_array().filter(|p| p.len() == 2).ok_or_else(|| {
                RecordError::field("setup.tokens", format!("token {id}: not [FACE_A, FACE_B]"))
            })?;
            let a = parse_face(&pair[0])
                .map_err(|e| RecordError::field("setup.tokens", e.to_string()))?;
            let b = parse_face(&pair[1])
                .map_err(|e| RecordError::field("setup.tokens", e.to_string()))?;
            kinds[kind_of(a as u8, b as u8)] += 1;
            packed.push(pack(a, b));
        }
        if &kinds != self.set.kind_counts() {
            return Err(RecordError::field(
                "setup.tokens",
                "not the token set of this configuration",
            ));
        }
        let bag = id_list(setup, "bag")?;
        let removed = id_list(setup, "removed")?;
        let (lo, hi) = match self.removed {
            Some(r) => (r, r),
            None => self.removed_range(),
        };
        if !(lo as usize..=hi as usize).contains(&removed.len()) {
            return Err(RecordError::field(
                "setup.removed",
                format!(
                    "{} tokens removed, the options say {}",
                    removed.len(),
                    if lo == hi {
                        lo.to_string()
                    } else {
                        format!("{lo} to {hi}")
                    }
                ),
            ));
        }
        let start = if with_start {
            start_faces(setup)?
        } else {
            Vec::new()
        };
        let initial = self.start_from_placed(&packed, &bag, &removed, &start)?;
        replay_decisions(self, initial, events, |s, e| {
            self.decode_event(s, e).map_err(String::from)
        })
    }
}
