//! The replay loop every game shares ([`replay_events`]) and how it reads
//! a record's events ([`DecodeEvents`]; [`replay_decisions`] for games
//! without chance events during play).

use serde_json::Value;

use super::{EventList, RecordError, Replay};
use crate::game::Game;
use crate::spec::one_line;

/// How [`replay_events`] reads a record's events: each decision's
/// action, and how a decision is played together with the chance events it
/// causes ([`replay_decisions`] makes one of a closure, for games without
/// chance events during play).
pub trait DecodeEvents<G: Game> {
    /// The action of the decision `event` in `state`.
    fn decision(&mut self, state: &G::State, event: &Value) -> Result<G::Action, String>;

    /// Play the legal `action` (the decision event number `index`) in
    /// `state`; the events after `index` in `events` follow it. A game whose
    /// decisions cause chance events takes them from `index + 1` on;
    /// returns the new state and the number of events taken. The default
    /// plays [`Game::play`] and takes none.
    fn play<E: EventList + ?Sized>(
        &mut self,
        game: &G,
        state: &G::State,
        action: G::Action,
        index: usize,
        events: &E,
    ) -> Result<(G::State, usize), RecordError> {
        let _ = events;
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
pub fn replay_decisions<G: Game, E: EventList + ?Sized>(
    game: &G,
    initial: G::State,
    events: &E,
    decode: impl FnMut(&G::State, &Value) -> Result<G::Action, String>,
) -> Result<Replay<G>, RecordError> {
    replay_events(game, initial, events, Decisions(decode))
}

/// The replay loop every game shares: each decision event (with `"seat"`,
/// the seat to move) is decoded, checked legal and played by `decode`
/// (which also takes the chance events the decision causes, see
/// [`DecodeEvents`]); a chance event where a decision is due, an event after
/// the end or a wrong seat is an error. Nothing is allocated by the number
/// of events claimed: the steps grow with the decisions played.
pub fn replay_events<G: Game, E: EventList + ?Sized>(
    game: &G,
    initial: G::State,
    events: &E,
    mut decode: impl DecodeEvents<G>,
) -> Result<Replay<G>, RecordError> {
    let mut state = initial.clone();
    let mut steps = Vec::new();
    let mut index = 0;
    while index < events.count() {
        let event = events.event(index)?;
        let event = &*event;
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
        match event.get("seat") {
            Some(v) if v.as_u64() == Some(seat as u64) => {}
            Some(v) => {
                return Err(RecordError::event(
                    index,
                    format!(
                        "seat {seat} is to move, the event says seat {}",
                        one_line(&v.to_string())
                    ),
                ));
            }
            None => {
                return Err(RecordError::event(
                    index,
                    format!("seat {seat} is to move, the event has no `seat`"),
                ));
            }
        }
        let action = decode
            .decision(&state, event)
            .map_err(|why| RecordError::event(index, why))?;
        crate::game::check_legal(game, &state, action)
            .map_err(|e| RecordError::event(index, e.to_string()))?;
        let (next, taken) = decode.play(game, &state, action, index, events)?;
        if let Some(seed) = events.dealt_by() {
            let mut dealt = state.clone();
            game.play_unchecked(&mut dealt, action);
            if dealt != next {
                return Err(RecordError::event(
                    index + 1,
                    format!("a chance event that seed {seed} does not deal"),
                ));
            }
        }
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
