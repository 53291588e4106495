//! Seashells game records (`docs/records.md`, "Seashells"): writing the
//! options, setup, events and result, and reading them back.
//!
//! The reader refuses anything that is not exactly a record of this format:
//! unknown or missing keys, wrong types, out-of-range numbers (checked as
//! `u64` before any narrowing), a wrong number of items, hands or cards, a
//! card or shell named twice. Every error is one line naming the field.

use std::sync::OnceLock;

use serde_json::{Map, Value, json};

use super::{
    COLOURS, Colour, Item, Mode, OPTIONS, SHAPES, SQUARES, Seashells, SeashellsAction,
    SeashellsState, Shape,
};
use crate::game::Game;
use crate::games::GameKind;
use crate::games::record_options::{self, RecordOptions};
use crate::record::{
    EventList, EventWriter, RecordError, RecordFormat, Replay, get_bool, get_u64, json as text,
    replay_decisions,
};

fn item_json(code: u8) -> Value {
    match Item::from_code(code) {
        Item::Shell { shape, colour } => {
            json!({ "shell": [SHAPES[shape as usize], COLOURS[colour as usize]] })
        }
        Item::FossilHead => json!("FossilHead"),
        Item::FossilTail => json!("FossilTail"),
        Item::SandDollar => json!("SandDollar"),
        Item::Bottle => json!("Bottle"),
    }
}

/// `v` as an object whose keys are all among `allowed` (a missing key is
/// reported by the reader of that key).
fn object<'a>(
    v: &'a Value,
    field: &str,
    allowed: &[&str],
) -> Result<&'a Map<String, Value>, RecordError> {
    let map = v
        .as_object()
        .ok_or_else(|| RecordError::field(field, "expected an object"))?;
    match crate::suggest::check_keys(map.keys().map(String::as_str), allowed) {
        Some(why) => Err(RecordError::field(field, why)),
        None => Ok(map),
    }
}

/// Why an event's keys are refused.
#[derive(Clone, Debug, PartialEq, Eq)]
enum EventKeyError {
    /// The event is not a JSON object.
    NotAnObject,
    /// A key outside the event's ([`crate::suggest::check_keys`]'s text).
    Unknown(String),
}

impl std::fmt::Display for EventKeyError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            EventKeyError::NotAnObject => f.write_str("an event must be an object"),
            EventKeyError::Unknown(why) => f.write_str(why),
        }
    }
}

impl std::error::Error for EventKeyError {}

/// The message, as `replay_decisions`' decoder gives it.
impl From<EventKeyError> for String {
    fn from(e: EventKeyError) -> String {
        e.to_string()
    }
}

/// An event's keys, all among `allowed`.
fn event_keys(e: &Value, allowed: &[&str]) -> Result<(), EventKeyError> {
    let map = e.as_object().ok_or(EventKeyError::NotAnObject)?;
    match crate::suggest::check_keys(map.keys().map(String::as_str), allowed) {
        Some(why) => Err(EventKeyError::Unknown(why)),
        None => Ok(()),
    }
}

fn shape(v: &Value, field: &str) -> Result<u8, RecordError> {
    let name = v
        .as_str()
        .ok_or_else(|| RecordError::field(field, "expected a shape name"))?;
    Shape::from_name(name).map(|s| s as u8).ok_or_else(|| {
        RecordError::field(
            field,
            format!("unknown shape `{name}` (known: {})", SHAPES.join(", ")),
        )
    })
}

fn colour(v: &Value, field: &str) -> Result<u8, RecordError> {
    let name = v
        .as_str()
        .ok_or_else(|| RecordError::field(field, "expected a colour name"))?;
    Colour::from_name(name).map(|c| c as u8).ok_or_else(|| {
        RecordError::field(
            field,
            format!("unknown colour `{name}` (known: {})", COLOURS.join(", ")),
        )
    })
}

fn shell_json(v: &Value, field: &str) -> Result<(u8, u8), RecordError> {
    let pair = v
        .as_array()
        .filter(|a| a.len() == 2)
        .ok_or_else(|| RecordError::field(field, "expected [SHAPE, COLOUR]"))?;
    Ok((shape(&pair[0], field)?, colour(&pair[1], field)?))
}

fn parse_item(v: &Value, field: &str) -> Result<Option<Item>, RecordError> {
    match v {
        Value::Null => Ok(None),
        Value::String(s) => match s.as_str() {
            "FossilHead" => Ok(Some(Item::FossilHead)),
            "FossilTail" => Ok(Some(Item::FossilTail)),
            "SandDollar" => Ok(Some(Item::SandDollar)),
            "Bottle" => Ok(Some(Item::Bottle)),
            other => Err(RecordError::field(field, format!("unknown item `{other}`"))),
        },
        Value::Object(_) => {
            let o = object(v, field, &["shell"])?;
            let shell = o.get("shell").ok_or_else(|| {
                RecordError::field(field, "expected {\"shell\": [SHAPE, COLOUR]}")
            })?;
            let (shape, colour) = shell_json(shell, field)?;
            Ok(Some(Item::Shell { shape, colour }))
        }
        _ => Err(RecordError::field(field, "expected an item or null")),
    }
}

/// A hand's cards of one kind: exactly `per` names, each named once.
fn card_mask(
    v: Option<&Value>,
    per: u32,
    field: &str,
    read: fn(&Value, &str) -> Result<u8, RecordError>,
) -> Result<u8, RecordError> {
    let list = v
        .and_then(Value::as_array)
        .ok_or_else(|| RecordError::field(field, "expected an array of names"))?;
    if list.len() != per as usize {
        return Err(RecordError::field(
            field,
            format!("expected {per} card(s), found {}", list.len()),
        ));
    }
    let mut mask = 0u8;
    for name in list {
        let i = read(name, field)?;
        if mask & (1 << i) != 0 {
            return Err(RecordError::field(field, "a card is listed twice"));
        }
        mask |= 1 << i;
    }
    Ok(mask)
}

/// The names of the cards in `mask`.
pub(super) fn names_of(mask: u8, names: &'static [&'static str; 7]) -> Vec<&'static str> {
    (0..7)
        .filter(|&i| mask >> i & 1 != 0)
        .map(|i| names[i])
        .collect()
}

/// Pieces of Seashells records as JSON text, made once with `serde_json`
/// from the `Value`s the record is built of (so the direct writer writes
/// the same bytes by construction).
struct Texts {
    /// `items[code]`: an item of the setup ([`item_json`]).
    items: Vec<Vec<u8>>,
    /// `shells[code]`: `[SHAPE, COLOUR]` of shell `code` (the sun).
    shells: Vec<Vec<u8>>,
    /// `shapes[mask]`: the array of the shape cards in `mask` ([`names_of`]).
    shapes: Vec<Vec<u8>>,
    /// `colours[mask]`: the array of the colour cards in `mask`.
    colours: Vec<Vec<u8>>,
}

fn texts() -> &'static Texts {
    static TEXTS: OnceLock<Texts> = OnceLock::new();
    TEXTS.get_or_init(|| {
        let text = |v: Value| serde_json::to_vec(&v).expect("JSON in memory");
        Texts {
            items: (0..=u8::MAX).map(|code| text(item_json(code))).collect(),
            shells: (0..49u8)
                .map(|c| text(json!([SHAPES[(c / 7) as usize], COLOURS[(c % 7) as usize]])))
                .collect(),
            shapes: (0..128u8)
                .map(|mask| text(json!(names_of(mask, &SHAPES))))
                .collect(),
            colours: (0..128u8)
                .map(|mask| text(json!(names_of(mask, &COLOURS))))
                .collect(),
        }
    })
}

/// How records hold Seashells' options: `mode` and `scoring` always (the
/// rules' options, written by this file), any other option of the table
/// only when not at its default ([`record_options`]).
const RECORD: RecordOptions = RecordOptions {
    required: &["mode", "scoring"],
    absent: &[],
    written: &["mode", "scoring"],
};

impl Seashells {
    /// The options a record writes beside `mode` and `scoring`.
    fn extra_options(&self) -> Vec<(&'static str, Value)> {
        record_options::extra_options(&OPTIONS, &RECORD, || self.option_values())
    }
}

impl RecordFormat for Seashells {
    fn options_json(&self) -> Value {
        // `bottles` (and any option but the rules' two) only when not at
        // its default: a record of the rules' game keeps exactly the
        // options RULES.md lists.
        let mut options = json!({ "mode": self.mode.name(), "scoring": self.scoring.name() });
        record_options::add_extras(&mut options, self.extra_options());
        options
    }

    fn from_record_options(players: usize, options: &Value) -> Result<Self, RecordError> {
        record_options::read_game(players, options, &RECORD, |_, _| None)
    }

    fn setup_json(&self, s: &SeashellsState) -> Value {
        let items: Vec<Value> = (0..SQUARES)
            .map(|sq| {
                if sq == s.start as usize {
                    Value::Null
                } else {
                    item_json(s.items[sq])
                }
            })
            .collect();
        let cards: Vec<Value> = (0..self.players)
            .map(|p| {
                json!({
                    "shapes": names_of(s.shape_cards[p], &SHAPES),
                    "colours": names_of(s.colour_cards[p], &COLOURS),
                })
            })
            .collect();
        json!({
            "items": items,
            "sun": [SHAPES[(s.sun / 7) as usize], COLOURS[(s.sun % 7) as usize]],
            "bucket": s.start,
            "cards": cards,
        })
    }

    fn action_events(
        &self,
        before: &SeashellsState,
        action: SeashellsAction,
        _after: &SeashellsState,
        out: &mut Vec<Value>,
    ) {
        out.push(match action {
            SeashellsAction::Take { square, bottle } => {
                json!({ "seat": before.turn, "take": square, "bottle": bottle })
            }
            SeashellsAction::Step { steps, bottle } => {
                json!({ "seat": before.turn, "step": steps, "bottle": bottle })
            }
        });
    }

    fn result_json(&self, s: &SeashellsState) -> Value {
        let o = self.outcome(s);
        json!({ "coins": o.scores.as_slice(), "winners": o.winners.iter().collect::<Vec<_>>() })
    }

    fn write_options(&self, _initial: &SeashellsState, out: &mut Vec<u8>) {
        out.extend_from_slice(b"{\"mode\":");
        text::string(out, self.mode.name());
        out.extend_from_slice(b",\"scoring\":");
        text::string(out, self.scoring.name());
        record_options::write_extras(out, self.extra_options());
        out.push(b'}');
    }

    fn write_setup(&self, s: &SeashellsState, out: &mut Vec<u8>) {
        let texts = texts();
        out.extend_from_slice(b"{\"items\":[");
        for (sq, &code) in s.items.iter().enumerate() {
            if sq > 0 {
                out.push(b',');
            }
            if sq == s.start as usize {
                text::null(out);
            } else {
                out.extend_from_slice(&texts.items[code as usize]);
            }
        }
        out.extend_from_slice(b"],\"sun\":");
        out.extend_from_slice(&texts.shells[s.sun as usize]);
        out.extend_from_slice(b",\"bucket\":");
        text::uint(out, u64::from(s.start));
        out.extend_from_slice(b",\"cards\":[");
        for p in 0..self.players {
            if p > 0 {
                out.push(b',');
            }
            out.extend_from_slice(b"{\"shapes\":");
            out.extend_from_slice(&texts.shapes[(s.shape_cards[p] & 127) as usize]);
            out.extend_from_slice(b",\"colours\":");
            out.extend_from_slice(&texts.colours[(s.colour_cards[p] & 127) as usize]);
            out.push(b'}');
        }
        out.extend_from_slice(b"]}");
    }

    fn write_action_events(
        &self,
        before: &SeashellsState,
        action: SeashellsAction,
        _after: &SeashellsState,
        events: &mut EventWriter<'_>,
    ) {
        let out = events.start();
        out.extend_from_slice(b"{\"seat\":");
        text::uint(out, u64::from(before.turn));
        let bottle = match action {
            SeashellsAction::Take { square, bottle } => {
                out.extend_from_slice(b",\"take\":");
                text::uint(out, u64::from(square));
                bottle
            }
            SeashellsAction::Step { steps, bottle } => {
                out.extend_from_slice(b",\"step\":");
                text::uint(out, u64::from(steps));
                bottle
            }
        };
        out.extend_from_slice(b",\"bottle\":");
        text::bool(out, bottle);
        out.push(b'}');
    }

    fn write_result(&self, s: &SeashellsState, out: &mut Vec<u8>) {
        let o = self.outcome(s);
        out.extend_from_slice(b"{\"coins\":");
        text::int_array(out, o.scores.iter().map(|&c| i64::from(c)));
        out.extend_from_slice(b",\"winners\":");
        text::int_array(out, o.winners.iter().map(|w| w as i64));
        out.push(b'}');
    }

    /// Every decision takes one of the 64 places' items, and the game
    /// ends when none is left to take.
    fn max_events(&self) -> usize {
        SQUARES
    }

    fn replay<E: EventList + ?Sized>(
        &self,
        setup: &Value,
        events: &E,
    ) -> Result<Replay<Self>, RecordError> {
        let map = object(setup, "setup", &["items", "sun", "bucket", "cards"])?;
        let list = map
            .get("items")
            .and_then(Value::as_array)
            .ok_or_else(|| RecordError::field("setup.items", "expected an array of 64 entries"))?;
        if list.len() != SQUARES {
            return Err(RecordError::field(
                "setup.items",
                format!("expected 64 entries, found {}", list.len()),
            ));
        }
        let mut items = [None; SQUARES];
        for (sq, v) in list.iter().enumerate() {
            items[sq] = parse_item(v, &format!("setup.items[{sq}]"))?;
        }
        let sun = shell_json(map.get("sun").unwrap_or(&Value::Null), "setup.sun")?;
        let bucket = get_u64(setup, "bucket").map_err(|e| RecordError::field("setup.bucket", e))?;
        if bucket >= SQUARES as u64 || items[bucket as usize].is_some() {
            return Err(RecordError::field(
                "setup.bucket",
                "must be the index of the null entry of `items`",
            ));
        }
        let hands = map
            .get("cards")
            .and_then(Value::as_array)
            .ok_or_else(|| RecordError::field("setup.cards", "expected an array of hands"))?;
        if hands.len() != self.players {
            return Err(RecordError::field(
                "setup.cards",
                format!(
                    "{} hand(s) of cards for {} players",
                    hands.len(),
                    self.players
                ),
            ));
        }
        let per = self.cards_per_player();
        let mut cards = Vec::with_capacity(hands.len());
        for (p, hand) in hands.iter().enumerate() {
            let field = format!("setup.cards[{p}]");
            let hand = object(hand, &field, &["shapes", "colours"])?;
            cards.push((
                card_mask(hand.get("shapes"), per, &format!("{field}.shapes"), shape)?,
                card_mask(
                    hand.get("colours"),
                    per,
                    &format!("{field}.colours"),
                    colour,
                )?,
            ));
        }
        let initial = self
            .setup_state(&items, sun, &cards)
            .map_err(|e| RecordError::field("setup", e))?;
        let mode = self.mode;
        replay_decisions(self, initial, events, |_, e| match mode {
            Mode::Board => {
                event_keys(e, &["seat", "take", "bottle"])?;
                let bottle = get_bool(e, "bottle")?;
                let square = get_u64(e, "take")?;
                let square = u8::try_from(square)
                    .ok()
                    .filter(|&sq| (sq as usize) < SQUARES)
                    .ok_or_else(|| format!("square {square} is off the board (0..64)"))?;
                Ok(SeashellsAction::Take { square, bottle })
            }
            Mode::Stroll => {
                event_keys(e, &["seat", "step", "bottle"])?;
                let bottle = get_bool(e, "bottle")?;
                let steps = get_u64(e, "step")?;
                let steps = u8::try_from(steps)
                    .ok()
                    .filter(|k| (1..=4).contains(k))
                    .ok_or_else(|| format!("a step is 1 to 4 items, not {steps}"))?;
                Ok(SeashellsAction::Step { steps, bottle })
            }
        })
    }
}
