//! Shell Dash records (docs/records.md, docs/rules.md §4): options, setup,
//! decision and reshuffle events.

use serde_json::{Map, Value, json};

use super::rules::{RandomShuffle, Shuffler, ok};
use super::{
    COLUMNS, Card, DECK, DECK_CAP, DealRule, KINDS, OPTIONS, ReshuffleRule, ShellDash,
    ShellDashAction, ShellDashState,
};
use crate::game::Game;
use crate::games::record_options::{self, RecordOptions};
use crate::games::{GameKind, GameOption};
use crate::record::{
    DecodeEvents, EventList, EventWriter, RecordError, RecordFormat, Replay, get_bool, get_u64,
    json as text, replay_events,
};
use crate::spec::one_line;

/// Card names of a list of codes.
fn names(codes: &[u8]) -> Vec<&'static str> {
    codes
        .iter()
        .map(|&c| Card::from_code(c).map_or("?", Card::name))
        .collect()
}

/// Why an object or an event of a Shell Dash record is refused (the
/// messages quote the record's JSON; [`RecordError`]'s text escapes them).
#[derive(Clone, Debug, PartialEq)]
enum EventError {
    /// Not an object.
    NotAnObject(Value),
    /// A key outside the object's ([`crate::suggest::check_keys`]'s text).
    UnknownKey(String),
    /// A field missing or of another type (`get_u64`, `get_bool`).
    Field(String),
    /// A column outside the row.
    Column(u64),
    /// No decision key.
    NoDecision,
}

impl std::fmt::Display for EventError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            EventError::NotAnObject(v) => write!(f, "expected an object, found `{v}`"),
            EventError::UnknownKey(why) | EventError::Field(why) => f.write_str(why),
            EventError::Column(c) => write!(f, "column {c} is not 0..=2"),
            EventError::NoDecision => {
                f.write_str("expected a `flip`, `flipflop` or `shuffle` decision")
            }
        }
    }
}

impl std::error::Error for EventError {}

/// The message, as the replay loop's decoder gives it.
impl From<EventError> for String {
    fn from(e: EventError) -> String {
        e.to_string()
    }
}

/// A required field of an event, its error as an [`EventError`].
fn field<T, E: std::fmt::Display>(read: Result<T, E>) -> Result<T, EventError> {
    read.map_err(|e| EventError::Field(e.to_string()))
}

/// Fail if `value` is not an object or has a key outside `allowed`.
fn only_keys<'a>(value: &'a Value, allowed: &[&str]) -> Result<&'a Map<String, Value>, EventError> {
    let object = value
        .as_object()
        .ok_or_else(|| EventError::NotAnObject(value.clone()))?;
    match crate::suggest::check_keys(object.keys().map(String::as_str), allowed) {
        Some(why) => Err(EventError::UnknownKey(why)),
        None => Ok(object),
    }
}

/// The setup's key of a coupled game's reshuffle seed (`deal=coupled`: the
/// seed comes from the deal, not from the deck's cards, so the setup holds
/// it).
const CHANCE_SEED: &str = "chance_seed";

/// Writing records: the play-time shuffle, each new deck written as a
/// reshuffle event.
struct RecordingShuffle<'a> {
    out: &'a mut Vec<Value>,
    /// The game's shuffle (option `deal`).
    deal: DealRule,
}

impl Shuffler for RecordingShuffle<'_> {
    type Error = std::convert::Infallible;
    fn shuffle(&mut self, cards: &mut [u8], seed: u64) -> Result<(), Self::Error> {
        RandomShuffle(self.deal).shuffle(cards, seed)?;
        self.out
            .push(json!({ "chance": "reshuffle", "deck": names(cards) }));
        Ok(())
    }
}

/// Writing record lines: each new deck written as a reshuffle event's JSON
/// text (the bytes of [`RecordingShuffle`]'s event).
struct TextShuffle<'a, 'b> {
    events: &'a mut EventWriter<'b>,
    /// The game's shuffle (option `deal`).
    deal: DealRule,
}

impl Shuffler for TextShuffle<'_, '_> {
    type Error = std::convert::Infallible;
    fn shuffle(&mut self, cards: &mut [u8], seed: u64) -> Result<(), Self::Error> {
        RandomShuffle(self.deal).shuffle(cards, seed)?;
        let out = self.events.start();
        out.extend_from_slice(b"{\"chance\":\"reshuffle\",\"deck\":");
        write_names(out, cards);
        out.push(b'}');
        Ok(())
    }
}

/// Card names of a list of codes as a JSON array (see [`names`]).
fn write_names(out: &mut Vec<u8>, codes: &[u8]) {
    text::str_array(
        out,
        codes
            .iter()
            .map(|&c| Card::from_code(c).map_or("?", Card::name)),
    );
}

/// Replaying records: each reshuffle takes the next event of `events`
/// (event number `next`), which must be a reshuffle whose deck is a
/// permutation of the cards reshuffled.
struct RecordedShuffle<'a, E: ?Sized> {
    events: &'a E,
    next: usize,
}

impl<E: EventList + ?Sized> Shuffler for RecordedShuffle<'_, E> {
    type Error = RecordError;
    fn shuffle(&mut self, cards: &mut [u8], _seed: u64) -> Result<(), RecordError> {
        let index = self.next;
        if index >= self.events.count() {
            return Err(RecordError::Length(format!(
                "a reshuffle is due as event {index} but the events end"
            )));
        }
        let event = self.events.event(index)?;
        let event = &*event;
        if event.get("chance").and_then(Value::as_str) != Some("reshuffle") {
            return Err(RecordError::event(index, "a reshuffle event is due here"));
        }
        only_keys(event, &["chance", "deck"])
            .map_err(|why| RecordError::event(index, why.to_string()))?;
        let deck = event
            .get("deck")
            .and_then(Value::as_array)
            .ok_or_else(|| RecordError::event(index, "a reshuffle needs a `deck` array"))?;
        if deck.len() != cards.len() {
            return Err(RecordError::event(
                index,
                format!(
                    "the new deck has {} cards, the cards reshuffled {}",
                    deck.len(),
                    cards.len()
                ),
            ));
        }
        let mut order = [0u8; DECK_CAP];
        let mut counts = [0i32; KINDS];
        for (slot, v) in order.iter_mut().zip(deck) {
            let card = v.as_str().and_then(Card::from_name).ok_or_else(|| {
                RecordError::event(
                    index,
                    format!("`{}` is not a card name", one_line(&v.to_string())),
                )
            })?;
            *slot = card as u8;
            counts[card as usize] += 1;
        }
        for &c in cards.iter() {
            counts[c as usize] -= 1;
        }
        if counts.iter().any(|&n| n != 0) {
            return Err(RecordError::event(
                index,
                "the new deck is not a permutation of the cards reshuffled",
            ));
        }
        cards.copy_from_slice(&order[..cards.len()]);
        self.next += 1;
        Ok(())
    }
}

/// How records hold Shell Dash's options: `deck` (by kind, every kind
/// named), `max_turns` and `reshuffle` always (written by this file; a
/// record without `reshuffle` predates the option: `empty`), any other
/// option of the table only when not at its default ([`record_options`]).
const RECORD: RecordOptions = RecordOptions {
    required: &["deck", "max_turns"],
    absent: &[("reshuffle", "empty")],
    written: &["deck", "max_turns", "reshuffle"],
};

/// The record form of `deck`, `{"Sand": 16, ...}` with every kind named,
/// as its spec text `Sand:16,...` (the spec parser bounds each count);
/// every other option is read by its kind.
fn record_value(option: &GameOption, value: &Value) -> Option<Result<String, RecordError>> {
    (option.name == DECK.name).then(|| {
        let deck = only_keys(value, &Card::NAMES)
            .map_err(|why| RecordError::field("options.deck", why.to_string()))?;
        let mut counts = Vec::with_capacity(KINDS);
        for card in Card::ALL {
            let count = deck.get(card.name()).ok_or_else(|| {
                RecordError::field("options.deck", format!("no count for `{card}`"))
            })?;
            let n = count.as_u64().ok_or_else(|| {
                RecordError::field(
                    "options.deck",
                    format!("`{card}`: `{count}` is not a count 0 to {DECK_CAP}"),
                )
            })?;
            counts.push(format!("{}:{n}", card.name()));
        }
        Ok(counts.join(","))
    })
}

impl ShellDash {
    /// The options a record writes beside `deck`, `max_turns` and
    /// `reshuffle`.
    fn extra_options(&self) -> Vec<(&'static str, Value)> {
        record_options::extra_options(&OPTIONS, &RECORD, || self.option_values())
    }
}

fn decision_json(seat: u8, action: ShellDashAction) -> Value {
    match action {
        ShellDashAction::Flip(c) => json!({ "seat": seat, "flip": c }),
        ShellDashAction::FlipFlop(spend) => json!({ "seat": seat, "flipflop": spend }),
        ShellDashAction::Shuffle(yes) => json!({ "seat": seat, "shuffle": yes }),
    }
}

fn decode(event: &Value) -> Result<ShellDashAction, EventError> {
    if event.get("flip").is_some() {
        only_keys(event, &["seat", "flip"])?;
        let c = field(get_u64(event, "flip"))?;
        if c >= COLUMNS as u64 {
            return Err(EventError::Column(c));
        }
        Ok(ShellDashAction::Flip(c as u8))
    } else if event.get("flipflop").is_some() {
        only_keys(event, &["seat", "flipflop"])?;
        Ok(ShellDashAction::FlipFlop(field(get_bool(
            event, "flipflop",
        ))?))
    } else if event.get("shuffle").is_some() {
        only_keys(event, &["seat", "shuffle"])?;
        Ok(ShellDashAction::Shuffle(field(get_bool(event, "shuffle"))?))
    } else {
        Err(EventError::NoDecision)
    }
}

/// The decoder of Shell Dash events for the shared replay loop: a decision
/// is played with the reshuffle events that follow it.
struct Events;

impl DecodeEvents<ShellDash> for Events {
    fn decision(
        &mut self,
        _state: &ShellDashState,
        event: &Value,
    ) -> Result<ShellDashAction, String> {
        decode(event).map_err(String::from)
    }

    fn play<E: EventList + ?Sized>(
        &mut self,
        game: &ShellDash,
        state: &ShellDashState,
        action: ShellDashAction,
        index: usize,
        events: &E,
    ) -> Result<(ShellDashState, usize), RecordError> {
        let mut next = *state;
        let mut recorded = RecordedShuffle {
            events,
            next: index + 1,
        };
        game.step(&mut next, action, &mut recorded)?;
        Ok((next, recorded.next - index - 1))
    }
}

impl RecordFormat for ShellDash {
    fn options_json(&self) -> Value {
        let mut deck = Map::new();
        for card in Card::ALL {
            deck.insert(card.name().into(), json!(self.counts[card as usize]));
        }
        let mut options = json!({
            "deck": deck,
            "max_turns": self.max_turns,
            "reshuffle": self.reshuffle.name(),
        });
        record_options::add_extras(&mut options, self.extra_options());
        options
    }

    fn from_record_options(players: usize, options: &Value) -> Result<Self, RecordError> {
        record_options::read_game(players, options, &RECORD, record_value)
    }

    /// Per turn at most 18 flips (one per place of the 6 rows of 3), 6
    /// Flip-Flop decisions (one per row), 1 reshuffle decision and 28
    /// reshuffles (one per card drawn: 9 for the rows a Sun adds, 18 for the
    /// refill, and the chosen one): 53, counted as 64 a turn.
    fn max_events(&self) -> usize {
        self.max_turns as usize * 64
    }

    /// The canonical options, or (a record written before the option
    /// existed) the same without `reshuffle` when it is `empty`.
    fn options_are_canonical(&self, initial: &ShellDashState, options: &Value) -> bool {
        let mut canonical = self.options_json_for(initial);
        if canonical == *options {
            return true;
        }
        self.reshuffle == ReshuffleRule::Empty
            && canonical
                .as_object_mut()
                .is_some_and(|o| o.shift_remove("reshuffle").is_some())
            && canonical == *options
    }

    fn setup_json(&self, initial: &ShellDashState) -> Value {
        let deck = names(&initial.deck[..self.total as usize]);
        match self.deal_rule() {
            DealRule::Plain => json!({ "deck": deck }),
            DealRule::Coupled => json!({ "deck": deck, CHANCE_SEED: initial.chance_seed }),
        }
    }

    fn action_events(
        &self,
        before: &ShellDashState,
        action: ShellDashAction,
        after: &ShellDashState,
        out: &mut Vec<Value>,
    ) {
        out.push(decision_json(before.to_move, action));
        // Play again from `before`, writing each reshuffle as it happens (the
        // same seeds give the same decks as the play that produced `after`).
        let mut replayed = *before;
        let mut recorder = RecordingShuffle {
            out,
            deal: self.deal_rule(),
        };
        ok(self.step(&mut replayed, action, &mut recorder));
        debug_assert_eq!(
            &replayed, after,
            "action_events: `after` is not `before` + `action`"
        );
    }

    fn result_json(&self, terminal: &ShellDashState) -> Value {
        let o = self.outcome(terminal);
        json!({
            "shells": &terminal.shells[..self.players],
            "turns": terminal.turn,
            "winners": o.winners.iter().collect::<Vec<_>>(),
        })
    }

    fn write_options(&self, _initial: &ShellDashState, out: &mut Vec<u8>) {
        out.extend_from_slice(b"{\"deck\":{");
        for (i, card) in Card::ALL.into_iter().enumerate() {
            if i > 0 {
                out.push(b',');
            }
            text::string(out, card.name());
            out.push(b':');
            text::uint(out, u64::from(self.counts[card as usize]));
        }
        out.extend_from_slice(b"},\"max_turns\":");
        text::uint(out, u64::from(self.max_turns));
        out.extend_from_slice(b",\"reshuffle\":");
        text::string(out, self.reshuffle.name());
        record_options::write_extras(out, self.extra_options());
        out.push(b'}');
    }

    fn write_setup(&self, initial: &ShellDashState, out: &mut Vec<u8>) {
        out.extend_from_slice(b"{\"deck\":");
        write_names(out, &initial.deck[..self.total as usize]);
        if self.deal_rule() == DealRule::Coupled {
            use std::io::Write as _;
            // Writing to a Vec cannot fail.
            let _ = write!(out, ",\"{CHANCE_SEED}\":{}", initial.chance_seed);
        }
        out.push(b'}');
    }

    fn write_action_events(
        &self,
        before: &ShellDashState,
        action: ShellDashAction,
        after: &ShellDashState,
        events: &mut EventWriter<'_>,
    ) {
        let out = events.start();
        out.extend_from_slice(b"{\"seat\":");
        text::uint(out, u64::from(before.to_move));
        match action {
            ShellDashAction::Flip(c) => {
                out.extend_from_slice(b",\"flip\":");
                text::uint(out, u64::from(c));
            }
            ShellDashAction::FlipFlop(spend) => {
                out.extend_from_slice(b",\"flipflop\":");
                text::bool(out, spend);
            }
            ShellDashAction::Shuffle(yes) => {
                out.extend_from_slice(b",\"shuffle\":");
                text::bool(out, yes);
            }
        }
        out.push(b'}');
        // As in `action_events`: play again, writing each reshuffle.
        let mut replayed = *before;
        ok(self.step(
            &mut replayed,
            action,
            &mut TextShuffle {
                events,
                deal: self.deal_rule(),
            },
        ));
        debug_assert_eq!(
            &replayed, after,
            "write_action_events: `after` is not `before` + `action`"
        );
    }

    fn write_result(&self, terminal: &ShellDashState, out: &mut Vec<u8>) {
        let o = self.outcome(terminal);
        out.extend_from_slice(b"{\"shells\":");
        text::int_array(
            out,
            terminal.shells[..self.players]
                .iter()
                .map(|&n| i64::from(n)),
        );
        out.extend_from_slice(b",\"turns\":");
        text::uint(out, u64::from(terminal.turn));
        out.extend_from_slice(b",\"winners\":");
        text::int_array(out, o.winners.iter().map(|w| w as i64));
        out.push(b'}');
    }

    fn replay<E: EventList + ?Sized>(
        &self,
        setup: &Value,
        events: &E,
    ) -> Result<Replay<Self>, RecordError> {
        let keys: &[&str] = match self.deal_rule() {
            DealRule::Plain => &["deck"],
            DealRule::Coupled => &["deck", CHANCE_SEED],
        };
        only_keys(setup, keys).map_err(|why| RecordError::field("setup", why.to_string()))?;
        let deck = setup
            .get("deck")
            .and_then(Value::as_array)
            .ok_or_else(|| RecordError::field("setup.deck", "missing or not an array"))?;
        if deck.len() != self.total as usize {
            return Err(RecordError::field(
                "setup.deck",
                format!(
                    "{} cards, the configured deck has {}",
                    deck.len(),
                    self.total
                ),
            ));
        }
        let mut order = Vec::with_capacity(deck.len());
        for v in deck {
            order.push(v.as_str().and_then(Card::from_name).ok_or_else(|| {
                RecordError::field(
                    "setup.deck",
                    format!("`{}` is not a card name", one_line(&v.to_string())),
                )
            })?);
        }
        let mut initial = self
            .initial_state(&order)
            .map_err(|why| RecordError::field("setup.deck", why))?;
        if self.deal_rule() == DealRule::Coupled {
            initial.chance_seed =
                setup
                    .get(CHANCE_SEED)
                    .and_then(Value::as_u64)
                    .ok_or_else(|| {
                        RecordError::field(
                            "setup.chance_seed",
                            "missing or not an integer 0 to 2^64-1 (deal=coupled)",
                        )
                    })?;
        }
        replay_events(self, initial, events, Events)
    }
}
