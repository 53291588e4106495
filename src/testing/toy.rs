//! `pebbles`: a tiny game with hidden information, for testing the
//! game-agnostic machinery (conformance suite, runner, bots) without a
//! full engine. Not a product game; not listed in the CLI.
//!
//! Rules: 2-5 players; each is dealt one secret card (0..=9) from a deck of
//! ten; a public pile holds 7 pebbles. In turn, a player takes 1 or 2
//! pebbles (1 when only one is left). Taking the last pebble is worth 2
//! extra. When the pile is empty, score = pebbles + card (+2); the highest
//! score wins, ties share.

use std::fmt;

use arrayvec::ArrayVec;
use serde_json::{Value, json};

use crate::display::{Describe, Viewer};
use crate::encode::{Encode, Field, Writer, relative_seat};
use crate::game::{Evaluate, Game, InvalidState, MAX_SEATS, Outcome, Seat, SeatSet};
use crate::record::{EventList, RecordError, RecordFormat, Replay, get_u64, replay_decisions};
use crate::rng::{GameRng, below, shuffle};

/// The pebbles game for `players` players.
#[derive(Clone, Copy, Debug)]
pub struct Pebbles {
    /// Number of players, 2..=5.
    pub players: usize,
}

/// Pile size at the start.
pub const PILE: u8 = 7;

/// A pebbles state.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PebblesState {
    /// Secret card by seat.
    pub cards: [u8; MAX_SEATS],
    /// Pebbles taken by seat.
    pub taken: [u8; MAX_SEATS],
    /// Pebbles left.
    pub pile: u8,
    /// Seat to move.
    pub to_move: u8,
    /// Seat that took the last pebble (valid when the pile is empty).
    pub last: u8,
}

/// Take 1 or 2 pebbles.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Take(pub u8);

impl fmt::Display for Take {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "take{}", self.0)
    }
}

impl Pebbles {
    fn scores(&self, s: &PebblesState) -> ArrayVec<i32, MAX_SEATS> {
        (0..self.players)
            .map(|p| {
                let bonus = if s.pile == 0 && s.last as usize == p {
                    2
                } else {
                    0
                };
                (s.taken[p] + s.cards[p]) as i32 + bonus
            })
            .collect()
    }
}

impl Game for Pebbles {
    type State = PebblesState;
    type Action = Take;
    /// At most two choices.
    type Actions = ArrayVec<Take, 2>;
    /// (pile, taken, to move, own card).
    type Observation = (u8, [u8; MAX_SEATS], u8, u8);

    fn name(&self) -> &'static str {
        "pebbles"
    }
    fn players(&self) -> usize {
        self.players
    }
    fn new_game(&self, rng: &mut GameRng) -> PebblesState {
        let mut deck: [u8; 10] = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9];
        shuffle(&mut deck, rng);
        let mut cards = [0; MAX_SEATS];
        cards[..self.players].copy_from_slice(&deck[..self.players]);
        PebblesState {
            cards,
            taken: [0; MAX_SEATS],
            pile: PILE,
            to_move: 0,
            last: 0,
        }
    }
    fn to_move(&self, s: &PebblesState) -> Option<Seat> {
        (s.pile > 0).then_some(s.to_move as Seat)
    }
    fn legal_actions(&self, s: &PebblesState) -> ArrayVec<Take, 2> {
        let mut list = ArrayVec::new();
        for k in 1..=s.pile.min(2) {
            list.push(Take(k));
        }
        list
    }
    fn play_unchecked(&self, s: &mut PebblesState, a: Take) {
        let k = a.0.min(s.pile);
        s.taken[s.to_move as usize] += k;
        s.pile -= k;
        s.last = s.to_move;
        s.to_move = ((s.to_move as usize + 1) % self.players) as u8;
    }
    fn outcome(&self, s: &PebblesState) -> Outcome {
        let scores = self.scores(s);
        let best = scores.iter().copied().max().unwrap_or(0);
        let mut winners = SeatSet::EMPTY;
        for (p, &sc) in scores.iter().enumerate() {
            if sc == best {
                winners.insert(p);
            }
        }
        Outcome { scores, winners }
    }
    fn determinize(&self, s: &PebblesState, viewer: Seat, rng: &mut GameRng) -> PebblesState {
        let mut unseen: ArrayVec<u8, 10> = (0..10).filter(|&c| c != s.cards[viewer]).collect();
        let mut world = *s;
        for p in 0..self.players {
            if p != viewer {
                let i = below(rng, unseen.len() as u32) as usize;
                world.cards[p] = unseen.swap_remove(i);
            }
        }
        world
    }
    /// The true state: the cards are private, the undealt ones count for
    /// nothing and nothing is drawn after the setup.
    fn determinize_chance(&self, s: &PebblesState, _rng: &mut GameRng) -> PebblesState {
        *s
    }
    fn observation(&self, s: &PebblesState, viewer: Seat) -> Self::Observation {
        (s.pile, s.taken, s.to_move, s.cards[viewer])
    }
    /// The others' cards show only at the end (in the scores): the move
    /// that takes the last pebble.
    fn reveals(&self, before: &PebblesState, action: Take, _viewer: Seat) -> bool {
        action.0 >= before.pile
    }
    fn all_actions(&self) -> Vec<Take> {
        vec![Take(1), Take(2)]
    }
    fn parse_action(&self, text: &str) -> Option<Take> {
        match text {
            "take1" => Some(Take(1)),
            "take2" => Some(Take(2)),
            _ => None,
        }
    }
    fn check_invariants(&self, s: &PebblesState) -> Result<(), InvalidState> {
        let taken: u8 = s.taken.iter().sum();
        if taken + s.pile != PILE {
            return Err(format!("pebbles: {taken} taken + {} left != {PILE}", s.pile).into());
        }
        let mut seen = [false; 10];
        for &c in &s.cards[..self.players] {
            if c > 9 || std::mem::replace(&mut seen[c as usize], true) {
                return Err(format!("cards {:?} are not distinct 0..=9", s.cards).into());
            }
        }
        Ok(())
    }
}

impl Evaluate for Pebbles {
    fn evaluate(&self, s: &PebblesState, seat: Seat) -> f64 {
        // Others' cards are unknown: count each at the mean of the unseen cards.
        let unseen_mean = (45.0 - s.cards[seat] as f64) / 9.0;
        let mine = (s.taken[seat] + s.cards[seat]) as f64;
        let best_other = (0..self.players)
            .filter(|&p| p != seat)
            .map(|p| s.taken[p] as f64 + unseen_mean)
            .fold(f64::MIN, f64::max);
        mine - best_other
    }
    fn final_margin(&self, s: &PebblesState, seat: Seat) -> f64 {
        let scores = self.scores(s);
        let best_other = (0..self.players)
            .filter(|&p| p != seat)
            .map(|p| scores[p])
            .max()
            .unwrap_or(0);
        ((scores[seat] - best_other) as f64 / 18.0).clamp(-1.0, 1.0)
    }
}

/// What a seat sees of a pebbles game, as numbers (for the learned bots'
/// tests): `pile` (pebbles left over 7), `taken` (each seat's pebbles
/// over 7, the viewer first), `card` (the viewer's card, one-hot of 10),
/// `to_move` (one-hot, relative to the viewer).
impl Encode for Pebbles {
    fn encoding_fields(&self) -> Vec<Field> {
        let field = |name, len| Field { name, len };
        vec![
            field("pile", 1),
            field("taken", self.players),
            field("card", 10),
            field("to_move", self.players),
        ]
    }

    fn encode_observation(&self, o: &Self::Observation, seat: Seat, out: &mut [f32]) {
        let (pile, taken, to_move, card) = *o;
        let n = self.players;
        let mut w = Writer::new(out);
        w.ratio(f64::from(pile), f64::from(PILE));
        for k in 0..n {
            w.ratio(f64::from(taken[(seat + k) % n]), f64::from(PILE));
        }
        w.one_hot(Some(card as usize), 10);
        w.one_hot(Some(relative_seat(to_move as usize, seat, n)), n);
        w.finish();
    }
}

impl RecordFormat for Pebbles {
    fn options_json(&self) -> Value {
        json!({})
    }
    fn from_record_options(players: usize, _options: &Value) -> Result<Self, RecordError> {
        Ok(Pebbles { players })
    }
    fn setup_json(&self, s: &PebblesState) -> Value {
        json!({ "cards": &s.cards[..self.players] })
    }
    fn action_events(
        &self,
        before: &PebblesState,
        a: Take,
        _after: &PebblesState,
        out: &mut Vec<Value>,
    ) {
        out.push(json!({ "seat": before.to_move, "take": a.0 }));
    }
    fn result_json(&self, s: &PebblesState) -> Value {
        let o = self.outcome(s);
        json!({ "scores": o.scores.as_slice(), "winners": o.winners.iter().collect::<Vec<_>>() })
    }
    fn max_events(&self) -> usize {
        PILE as usize
    }
    fn replay<E: EventList + ?Sized>(
        &self,
        setup: &Value,
        events: &E,
    ) -> Result<Replay<Self>, RecordError> {
        let cards = setup
            .get("cards")
            .and_then(Value::as_array)
            .ok_or_else(|| RecordError::field("setup.cards", "missing"))?;
        if cards.len() != self.players {
            return Err(RecordError::field(
                "setup.cards",
                "one card per player expected",
            ));
        }
        let mut initial = PebblesState {
            cards: [0; MAX_SEATS],
            taken: [0; MAX_SEATS],
            pile: PILE,
            to_move: 0,
            last: 0,
        };
        for (p, c) in cards.iter().enumerate() {
            initial.cards[p] = c
                .as_u64()
                .filter(|&c| c <= 9)
                .ok_or_else(|| RecordError::field("setup.cards", "a card is 0..=9"))?
                as u8;
        }
        self.check_invariants(&initial)
            .map_err(|e| RecordError::field("setup", e))?;
        replay_decisions(self, initial, events, |_, e| {
            Ok(Take(get_u64(e, "take")?.min(9) as u8))
        })
    }
}

impl Describe for Pebbles {
    fn describe_state(&self, s: &PebblesState, viewer: Viewer) -> String {
        let _ = viewer;
        format!(
            "pile {} taken {:?} cards {:?}",
            s.pile,
            &s.taken[..self.players],
            &s.cards[..self.players]
        )
    }
    fn describe_result(&self, s: &PebblesState) -> String {
        format!("{:?}", self.outcome(s))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testing::conformance::{Conformance, check_game};

    #[test]
    fn pebbles_conforms() {
        for players in 2..=5 {
            let report = check_game(
                &Pebbles { players },
                Conformance {
                    games: 50,
                    ..Default::default()
                },
            );
            assert_eq!(report.games, 50);
            assert!(report.determinizations_differing > 0);
            // The cards are private and nothing is drawn.
            assert_eq!(report.chance_worlds_differing, 0);
            // The last take of each game shows the cards to every seat.
            assert_eq!(report.revealing, 50 * players as u64);
            assert!(report.quiet > 0);
        }
    }

    #[test]
    fn pebbles_encodes_what_the_seat_sees() {
        for players in 2..=5 {
            crate::encode::check_encoding(&Pebbles { players }, 10, 70 + players as u64);
        }
        // Hand-checked: 2 players, seat 1 sees pile 5, its 2 pebbles, the
        // other's 0, its card 7, and that the seat after it moves.
        let g = Pebbles { players: 2 };
        let s = PebblesState {
            cards: [3, 7, 0, 0, 0],
            taken: [0, 2, 0, 0, 0],
            pile: 5,
            to_move: 0,
            last: 0,
        };
        let mut out = vec![f32::NAN; g.encoding_len()];
        g.encode(&s, 1, &mut out);
        let mut want = vec![0.0; 15];
        want[0] = 5.0 / 7.0;
        want[1] = 2.0 / 7.0;
        want[3 + 7] = 1.0;
        want[13 + 1] = 1.0;
        assert_eq!(out, want);
    }

    #[test]
    fn last_pebble_bonus() {
        let g = Pebbles { players: 2 };
        let mut s = PebblesState {
            cards: [3, 5, 0, 0, 0],
            taken: [3, 3, 0, 0, 0],
            pile: 1,
            to_move: 0,
            last: 1,
        };
        g.play_unchecked(&mut s, Take(1));
        assert_eq!(g.to_move(&s), None);
        let o = g.outcome(&s);
        assert_eq!(o.scores.as_slice(), &[3 + 4 + 2, 8]);
        assert_eq!(o.winners, SeatSet::single(0));
    }
}
