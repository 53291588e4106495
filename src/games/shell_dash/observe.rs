//! The Shell Dash observation as JSON (docs/protocol.md): both seats see
//! the same thing, the board with its face-down cards unknown, the piles'
//! sizes and contents that are public, never the deck's order.

use serde_json::{Value, json};

use super::{COLUMNS, Card, HIDDEN, Phase, ShellDash, ShellDashState};
use crate::game::{Game, Seat};
use crate::observe::Observe;

/// The phase's name in the protocol.
fn phase_name(phase: Phase) -> &'static str {
    match phase {
        Phase::Flip => "flip",
        Phase::Jellyfish => "jellyfish",
        Phase::Shuffle => "shuffle",
        Phase::Over => "over",
    }
}

impl Observe for ShellDash {
    fn observation_json(&self, state: &ShellDashState, seat: Seat) -> Value {
        // Built from the masked observation only (face-down cards hidden,
        // deck and reshuffle seed erased).
        let o = self.observation(state, seat);
        let rows: Vec<Value> = (0..o.rows as usize)
            .map(|r| {
                let places: Vec<Value> = (0..COLUMNS)
                    .map(|c| {
                        let i = r * COLUMNS + c;
                        let code = o.board[i];
                        if code == HIDDEN {
                            Value::String("down".into())
                        } else {
                            match Card::from_code(code) {
                                Some(card) => json!({
                                    "card": card.name(),
                                    "this_turn": o.up >> i & 1 != 0,
                                }),
                                None => Value::Null,
                            }
                        }
                    })
                    .collect();
                Value::Array(places)
            })
            .collect();
        let discard: serde_json::Map<String, Value> = Card::ALL
            .iter()
            .map(|&k| (k.name().to_string(), Value::from(o.discard[k as usize])))
            .collect();
        let players = self.players();
        json!({
            "seat": seat,
            "to_move": if o.phase == Phase::Over { Value::Null } else { Value::from(o.to_move) },
            "phase": phase_name(o.phase),
            "rows": rows,
            "walker_row": o.row,
            "shells": &o.shells[..players],
            "flipflops": &o.flipflops[..players],
            "flipflops_spent_this_turn": o.spent,
            "turn": o.turn,
            "deck_size": o.deck_size(),
            "discard": discard,
            "reshuffles": o.reshuffles,
            "last_flipped": Card::from_code(o.last).map(|c| c.name()),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rng::rng_from_seed;

    #[test]
    fn determinizations_look_the_same_and_moves_are_seen() {
        for players in [1, 2] {
            let game = ShellDash::new(players, super::super::DEFAULT_DECK, 200).unwrap();
            crate::observe::check_observation_json(&game, 5, players as u64);
        }
    }

    #[test]
    fn face_down_cards_and_the_deck_order_are_unknown() {
        let game = ShellDash::new(2, super::super::DEFAULT_DECK, 200).unwrap();
        let state = game.new_game(&mut rng_from_seed(4));
        // Swap two face-down cards of different kinds, and the deck's top
        // two cards: nobody can tell.
        let mut swapped = state;
        let down: Vec<usize> = (0..18).filter(|&i| state.down >> i & 1 != 0).collect();
        let (a, b) = down
            .iter()
            .flat_map(|&a| down.iter().map(move |&b| (a, b)))
            .find(|&(a, b)| state.board[a] != state.board[b])
            .unwrap();
        swapped.board.swap(a, b);
        let top = state.top as usize;
        swapped.deck.swap(top, top + 1);
        swapped.chance_seed ^= 1;
        assert_ne!(swapped, state);
        for seat in 0..2 {
            assert_eq!(
                game.observation_json(&swapped, seat),
                game.observation_json(&state, seat)
            );
        }
        // A visible change: a Shell more for seat 1.
        let mut more = state;
        more.shells[1] += 1;
        assert_ne!(
            game.observation_json(&more, 0),
            game.observation_json(&state, 0)
        );
    }
}
