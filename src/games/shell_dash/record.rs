//! Shell Dash records (RULES.md §4) and readable accounts.

use std::fmt::Write as _;

use serde_json::{Map, Value, json};

use super::{
    COLUMNS, Card, DECK_CAP, KINDS, MAX_TURNS, Phase, Reshuffle, ShellDash, ShellDashAction,
    ShellDashState,
};
use crate::display::{Describe, Viewer};
use crate::game::{Game, check_legal};
use crate::record::{RecordError, RecordFormat, Replay, get_bool, get_u64};

/// Card names of a list of codes.
fn names(codes: &[u8]) -> Vec<&'static str> {
    codes
        .iter()
        .map(|&c| Card::from_code(c).map_or("?", Card::name))
        .collect()
}

/// Writing records: the play-time shuffle, each new deck written as a
/// reshuffle event.
struct RecordingReshuffle<'a> {
    out: &'a mut Vec<Value>,
}

impl Reshuffle for RecordingReshuffle<'_> {
    type Error = std::convert::Infallible;
    fn reshuffle(&mut self, cards: &mut [u8], seed: u64) -> Result<(), Self::Error> {
        super::RandomReshuffle.reshuffle(cards, seed)?;
        self.out
            .push(json!({ "chance": "reshuffle", "deck": names(cards) }));
        Ok(())
    }
}

/// Replaying records: each reshuffle takes the next event, which must be a
/// reshuffle whose deck is a permutation of the discard pile.
struct RecordedReshuffle<'a> {
    events: &'a [Value],
    next: usize,
}

impl Reshuffle for RecordedReshuffle<'_> {
    type Error = RecordError;
    fn reshuffle(&mut self, cards: &mut [u8], _seed: u64) -> Result<(), RecordError> {
        let index = self.next;
        let Some(event) = self.events.get(index) else {
            return Err(RecordError::Length(format!(
                "a reshuffle is due after event {} but the events end",
                index.saturating_sub(1)
            )));
        };
        if event.get("chance").and_then(Value::as_str) != Some("reshuffle") {
            return Err(RecordError::event(index, "a reshuffle event is due here"));
        }
        let deck = event
            .get("deck")
            .and_then(Value::as_array)
            .ok_or_else(|| RecordError::event(index, "a reshuffle needs a `deck` array"))?;
        let mut order = [0u8; DECK_CAP];
        if deck.len() != cards.len() {
            return Err(RecordError::event(
                index,
                format!(
                    "the new deck has {} cards, the discard pile {}",
                    deck.len(),
                    cards.len()
                ),
            ));
        }
        let mut counts = [0i32; KINDS];
        for (slot, v) in order.iter_mut().zip(deck) {
            let card = v
                .as_str()
                .and_then(Card::from_name)
                .ok_or_else(|| RecordError::event(index, format!("`{v}` is not a card name")))?;
            *slot = card as u8;
            counts[card as usize] += 1;
        }
        for &c in cards.iter() {
            counts[c as usize] -= 1;
        }
        if counts.iter().any(|&n| n != 0) {
            return Err(RecordError::event(
                index,
                "the new deck is not the discard pile reshuffled",
            ));
        }
        cards.copy_from_slice(&order[..cards.len()]);
        self.next += 1;
        Ok(())
    }
}

fn decision_json(seat: u8, action: ShellDashAction) -> Value {
    match action {
        ShellDashAction::Flip(c) => json!({ "seat": seat, "flip": c }),
        ShellDashAction::FlipFlop(spend) => json!({ "seat": seat, "flipflop": spend }),
    }
}

fn decode(event: &Value) -> Result<ShellDashAction, String> {
    if event.get("flip").is_some() {
        let c = get_u64(event, "flip")?;
        if c >= COLUMNS as u64 {
            return Err(format!("column {c} is not 0..=2"));
        }
        Ok(ShellDashAction::Flip(c as u8))
    } else if event.get("flipflop").is_some() {
        Ok(ShellDashAction::FlipFlop(get_bool(event, "flipflop")?))
    } else {
        Err("expected a `flip` or `flipflop` decision".into())
    }
}

impl RecordFormat for ShellDash {
    fn options_json(&self) -> Value {
        let mut deck = Map::new();
        for card in Card::ALL {
            deck.insert(card.name().into(), json!(self.counts[card as usize]));
        }
        json!({ "deck": deck, "max_turns": self.max_turns })
    }

    fn from_record_options(players: usize, options: &Value) -> Result<Self, RecordError> {
        let deck = options
            .get("deck")
            .and_then(Value::as_object)
            .ok_or_else(|| RecordError::field("options.deck", "missing or not an object"))?;
        let mut counts = [0u16; KINDS];
        for (name, count) in deck {
            let card = Card::from_name(name).ok_or_else(|| {
                RecordError::field("options.deck", format!("unknown card `{name}`"))
            })?;
            counts[card as usize] = count
                .as_u64()
                .filter(|&n| n <= DECK_CAP as u64)
                .ok_or_else(|| {
                    RecordError::field("options.deck", format!("bad count for `{name}`"))
                })? as u16;
        }
        let max_turns = options
            .get("max_turns")
            .and_then(Value::as_u64)
            .filter(|&n| (1..=MAX_TURNS as u64).contains(&n))
            .ok_or_else(|| {
                RecordError::field("options.max_turns", format!("expected 1 to {MAX_TURNS}"))
            })?;
        ShellDash::new(players, counts, max_turns as u32)
            .map_err(|why| RecordError::field("options", why))
    }

    fn setup_json(&self, initial: &ShellDashState) -> Value {
        json!({ "deck": names(&initial.deck[..self.total as usize]) })
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
        let mut recorder = RecordingReshuffle { out };
        super::ok(self.step(&mut replayed, action, &mut recorder));
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

    fn replay(&self, setup: &Value, events: &[Value]) -> Result<Replay<Self>, RecordError> {
        let deck = setup
            .get("deck")
            .and_then(Value::as_array)
            .ok_or_else(|| RecordError::field("setup.deck", "missing or not an array"))?;
        let mut order = Vec::with_capacity(deck.len());
        for v in deck {
            order.push(v.as_str().and_then(Card::from_name).ok_or_else(|| {
                RecordError::field("setup.deck", format!("`{v}` is not a card name"))
            })?);
        }
        let initial = self
            .initial_state(&order)
            .map_err(|why| RecordError::field("setup.deck", why))?;
        let mut state = initial;
        let mut steps = Vec::with_capacity(events.len());
        let mut index = 0;
        while index < events.len() {
            let event = &events[index];
            let Some(seat) = self.to_move(&state) else {
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
            let recorded = event.get("seat").and_then(Value::as_u64);
            if recorded != Some(seat as u64) {
                return Err(RecordError::event(
                    index,
                    format!("seat {seat} is to move, the event says {recorded:?}"),
                ));
            }
            let action = decode(event).map_err(|why| RecordError::event(index, why))?;
            check_legal(self, &state, action)
                .map_err(|e| RecordError::event(index, e.to_string()))?;
            let mut next = state;
            let mut recorded = RecordedReshuffle {
                events,
                next: index + 1,
            };
            self.step(&mut next, action, &mut recorded)?;
            steps.push((state, action));
            state = next;
            index = recorded.next;
        }
        Ok(Replay {
            initial,
            steps,
            final_state: state,
        })
    }
}

impl Describe for ShellDash {
    fn describe_state(&self, s: &ShellDashState, viewer: Viewer) -> String {
        let _ = viewer;
        let mut text = String::new();
        let _ = write!(text, "turn {} of at most {}; ", s.turn, self.max_turns);
        match s.phase {
            Phase::Over => text.push_str("the game is over\n"),
            Phase::Flip => {
                let _ = writeln!(
                    text,
                    "seat {} walks, flipping a card of row {}",
                    s.to_move, s.row
                );
            }
            Phase::Jellyfish => {
                let _ = writeln!(
                    text,
                    "seat {} meets a Jellyfish in row {}: spend a Flip-Flop or keep it",
                    s.to_move, s.row
                );
            }
        }
        for r in 0..s.rows as usize {
            let marker = if s.phase != Phase::Over && r == s.row as usize {
                '>'
            } else {
                ' '
            };
            let _ = write!(text, "{marker} row {r}:");
            for c in 0..COLUMNS {
                let cell = match s.place(r, c) {
                    None => "(empty)".to_string(),
                    Some((_, true)) => "[face-down]".to_string(),
                    Some((card, false)) => card.name().to_string(),
                };
                let _ = write!(text, " {cell:<11}");
            }
            text.truncate(text.trim_end().len());
            text.push('\n');
        }
        if let Some(card) = Card::from_code(s.last) {
            let _ = writeln!(text, "last card flipped: {}", card.name());
        }
        let _ = write!(text, "deck: {} cards; discard pile:", s.deck_size());
        let discarded: u16 = s.discard.iter().sum();
        if discarded == 0 {
            text.push_str(" empty");
        }
        for card in Card::ALL {
            let n = s.discard[card as usize];
            if n > 0 {
                let _ = write!(text, " {} {n},", card.name());
            }
        }
        if text.ends_with(',') {
            text.pop();
        }
        let _ = writeln!(text, "; reshuffles: {}", s.reshuffles);
        for p in 0..self.players {
            let _ = writeln!(
                text,
                "seat {p}: {} Shells, {} Flip-Flops held",
                s.shells[p], s.flipflops[p]
            );
        }
        if s.spent > 0 {
            let _ = writeln!(text, "Flip-Flops spent this turn: {}", s.spent);
        }
        text
    }

    fn describe_result(&self, s: &ShellDashState) -> String {
        let winners = self.winners(s);
        let mut text = String::new();
        if self.players == 1 {
            if winners.is_empty() {
                let _ = write!(
                    text,
                    "solo: lost, {} Shells after the cap of {} turns",
                    s.shells[0], self.max_turns
                );
            } else {
                let _ = write!(
                    text,
                    "solo: 3 Shells in {} turns (score {}, fewer is better)",
                    s.turn, s.turn
                );
            }
            return text;
        }
        for p in 0..self.players {
            let _ = writeln!(
                text,
                "seat {p}: {} Shells{}",
                s.shells[p],
                if winners.contains(p) { " (winner)" } else { "" }
            );
        }
        let how = if s.shells.iter().any(|&n| n >= super::WINNING_SHELLS) {
            "a walk reached 3 Shells"
        } else if winners.is_empty() {
            "the turn cap, nobody holding a Shell"
        } else {
            "the turn cap, the most Shells win"
        };
        let _ = write!(text, "after {} turns: {how}", s.turn);
        text
    }
}
