//! Reading one record line of any game in bounded memory (docs/records.md, "Reading
//! records").
//!
//! It is in the games layer, not in [`crate::record`], because it knows the
//! registry of games ([`AnyGame`]): the record format itself uses no game.
//!
//! [`parse_line`] reads the top-level object of a line with its parts left
//! as borrowed JSON text: nothing is built per event. The small parts
//! (`options`, `setup`, `result`, `bots`, `end`) are each at most
//! [`MAX_PART_BYTES`] and parsed into values; `events` is split into the
//! text of each event, refusing more events than the game's options allow
//! ([`crate::record::RecordFormat::max_events`]) as soon as one too many is
//! seen, and each event is parsed only when it is replayed
//! ([`RawEvents`]). A line thus costs a small multiple of its size, whatever
//! it claims. Duplicate keys are refused at every level
//! ([`strict_value`](crate::record::strict::strict_value)).

use std::borrow::Cow;
use std::cell::Cell;
use std::fmt;

use serde::Deserialize;
use serde::de::{Deserializer, Error as _, SeqAccess, Visitor};
use serde_json::Value;
use serde_json::value::RawValue;

use crate::games::AnyGame;
use crate::record::strict::strict_value;
use crate::record::{EventList, GameEnd, GameRecord, RecordError, RecordFormat, too_many_events};
use crate::spec::one_line;

/// The most bytes of each part of a record but its events (`options`,
/// `setup`, `result`, `bots`, `end`): 1 MiB, hundreds of times what a valid
/// record needs (a Shell Dash setup of 256 cards is 3 KB).
pub const MAX_PART_BYTES: usize = 1 << 20;

/// The most bytes of one event: 64 KiB (the largest valid event, a Shell
/// Dash reshuffle of 256 cards, is 3 KB).
pub const MAX_EVENT_BYTES: usize = 64 << 10;

/// The top-level object of a line, its parts as borrowed JSON text.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawRecord<'a> {
    #[serde(default = "format_version")]
    format: u32,
    game: String,
    #[serde(borrow)]
    options: &'a RawValue,
    #[serde(deserialize_with = "Option::deserialize")]
    seed: Option<u64>,
    players: usize,
    #[serde(borrow)]
    bots: &'a RawValue,
    #[serde(borrow)]
    setup: &'a RawValue,
    #[serde(borrow)]
    events: &'a RawValue,
    #[serde(borrow)]
    result: &'a RawValue,
    #[serde(borrow, default)]
    end: Option<&'a RawValue>,
    #[serde(default)]
    undos: u64,
}

/// The version of a record without `format`: 1.
fn format_version() -> u32 {
    1
}

/// A record line read by [`parse_line`]: the game it names, its envelope
/// (a [`GameRecord`] whose `events` is empty) and its events as text.
pub struct RecordLine<'a> {
    /// The game configuration the record names.
    pub game: AnyGame,
    /// Everything but the events (`record.events` is empty).
    pub record: GameRecord,
    /// The events, each parsed when it is read.
    pub events: RawEvents<'a>,
}

/// A record's events as the JSON text of each, parsed one at a time (with
/// [`strict_value`](crate::record::strict::strict_value)) by
/// [`EventList::event`].
pub struct RawEvents<'a>(Vec<&'a RawValue>);

impl EventList for RawEvents<'_> {
    fn count(&self) -> usize {
        self.0.len()
    }
    fn event(&self, index: usize) -> Result<Cow<'_, Value>, RecordError> {
        let mut de = serde_json::Deserializer::from_str(self.0[index].get());
        strict_value(&mut de)
            .map(Cow::Owned)
            .map_err(|e| RecordError::event(index, one_line(&e.to_string())))
    }
}

/// Read a record line (without its line break) in bounded memory: the
/// envelope and the game it names, and the events as text, at most as many
/// as the game's options allow. See the module's documentation.
pub fn parse_line(line: &[u8]) -> Result<RecordLine<'_>, RecordError> {
    let json = |e: serde_json::Error| RecordError::Json(one_line(&e.to_string()));
    let raw: RawRecord<'_> = serde_json::from_slice(line).map_err(json)?;
    let part = |name: &str, text: &RawValue| -> Result<Value, RecordError> {
        if text.get().len() > MAX_PART_BYTES {
            return Err(RecordError::field(
                name,
                format!("longer than {} KiB", MAX_PART_BYTES >> 10),
            ));
        }
        let mut de = serde_json::Deserializer::from_str(text.get());
        strict_value(&mut de).map_err(|e| RecordError::field(name, one_line(&e.to_string())))
    };
    let options = part("options", raw.options)?;
    let bots = part("bots", raw.bots)?;
    let bots = serde_json::from_value::<Vec<String>>(bots)
        .map_err(|e| RecordError::field("bots", one_line(&e.to_string())))?;
    let setup = part("setup", raw.setup)?;
    let result = part("result", raw.result)?;
    let end = match raw.end {
        None => GameEnd::Finished,
        Some(text) => {
            let value = part("end", text)?;
            GameEnd::deserialize(value)
                .map_err(|e| RecordError::field("end", one_line(&e.to_string())))?
        }
    };
    let record = GameRecord {
        format: raw.format,
        game: raw.game,
        options,
        seed: raw.seed,
        players: raw.players,
        bots,
        setup,
        events: Vec::new(),
        result,
        end,
        undos: raw.undos,
    };
    let game = AnyGame::from_record(&record)?;
    let max = match &game {
        AnyGame::Seashells(g) => g.max_events(),
        AnyGame::Seaside(g) => g.max_events(),
        AnyGame::ShellDash(g) => g.max_events(),
    };
    let events = split_events(raw.events, max)?;
    Ok(RecordLine {
        game,
        record,
        events,
    })
}

/// The text of each event of the `events` array, refused at event `max`
/// (one too many) or at an event longer than [`MAX_EVENT_BYTES`], before
/// the rest is read.
fn split_events(text: &RawValue, max: usize) -> Result<RawEvents<'_>, RecordError> {
    /// Why the visitor stopped, besides a JSON error.
    #[derive(Clone, Copy)]
    enum Stop {
        TooMany,
        TooLong(usize),
    }
    struct Events<'s> {
        max: usize,
        stop: &'s Cell<Option<Stop>>,
    }
    impl<'de> Visitor<'de> for Events<'_> {
        type Value = Vec<&'de RawValue>;
        fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
            f.write_str("an array of events")
        }
        fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Self::Value, A::Error> {
            let mut events = Vec::new();
            while let Some(event) = seq.next_element::<&'de RawValue>()? {
                if events.len() == self.max {
                    self.stop.set(Some(Stop::TooMany));
                    return Err(A::Error::custom("stop"));
                }
                if event.get().len() > MAX_EVENT_BYTES {
                    self.stop.set(Some(Stop::TooLong(events.len())));
                    return Err(A::Error::custom("stop"));
                }
                events.push(event);
            }
            Ok(events)
        }
    }
    let stop = Cell::new(None);
    let mut de = serde_json::Deserializer::from_str(text.get());
    match de.deserialize_seq(Events { max, stop: &stop }) {
        Ok(events) => Ok(RawEvents(events)),
        Err(e) => Err(match stop.get() {
            Some(Stop::TooMany) => too_many_events(max),
            Some(Stop::TooLong(index)) => {
                RecordError::event(index, format!("longer than {} KiB", MAX_EVENT_BYTES >> 10))
            }
            None => RecordError::field("events", one_line(&e.to_string())),
        }),
    }
}
