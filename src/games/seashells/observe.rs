//! The Seashells observation as JSON (docs/protocol.md): the whole board
//! and everything collected are public; of the secret cards a seat sees
//! only its own.

use serde_json::{Value, json};

use super::state::{Item, SQUARES, square_name};
use super::{
    COLOURS, Mode, SHAPES, Seashells, SeashellsState, bottles_of, heads_of, sand_dollars_of,
    tails_of,
};
use crate::game::{Game, Seat};
use crate::observe::Observe;

/// The names of the set bits of a 7-bit card mask.
fn card_names(mask: u8, names: &[&'static str; 7]) -> Vec<&'static str> {
    (0..7)
        .filter(|&i| mask >> i & 1 != 0)
        .map(|i| names[i])
        .collect()
}

impl Observe for Seashells {
    fn observation_json(&self, state: &SeashellsState, seat: Seat) -> Value {
        // Built from the masked observation only (others' cards erased).
        let o = self.observation(state, seat);
        let board: Vec<Value> = (0..SQUARES)
            .map(|sq| {
                if o.occ >> sq & 1 != 0 {
                    Value::String(Item::from_code(o.items[sq]).to_string())
                } else {
                    Value::Null
                }
            })
            .collect();
        let seats: Vec<Value> = (0..self.players())
            .map(|p| {
                let got = o.got[p];
                let shells: Vec<String> = (0..49u8)
                    .filter(|&c| got >> c & 1 != 0)
                    .map(|c| Item::from_code(c).to_string())
                    .collect();
                json!({
                    "shells": shells,
                    "fossil_heads": heads_of(got),
                    "fossil_tails": tails_of(got),
                    "sand_dollars": sand_dollars_of(got),
                    "bottles": bottles_of(got),
                    "bottles_spent": o.spent[p],
                })
            })
            .collect();
        let place = |sq: u8| match self.mode() {
            Mode::Board => Value::String(square_name(sq)),
            Mode::Stroll => Value::from(sq),
        };
        json!({
            "seat": seat,
            "to_move": if o.over { Value::Null } else { Value::from(o.turn) },
            "mode": self.mode().name(),
            "board": board,
            "bucket": o.bucket,
            "bucket_name": place(o.bucket),
            "start": o.start,
            "shovels": o.shovels,
            "sun": Item::from_code(o.sun).to_string(),
            "seats": seats,
            "my_cards": {
                "shapes": card_names(o.shape_cards[seat], &SHAPES),
                "colours": card_names(o.colour_cards[seat], &COLOURS),
            },
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::seashells::Scoring;
    use crate::rng::rng_from_seed;

    #[test]
    fn determinizations_look_the_same_and_moves_are_seen() {
        for players in [2, 3, 5] {
            for mode in [Mode::Board, Mode::Stroll] {
                let game = Seashells::new(players, mode, Scoring::Simple).unwrap();
                crate::observe::check_observation_json(&game, 3, players as u64);
            }
        }
    }

    #[test]
    fn own_cards_are_shown_and_others_are_not() {
        let game = Seashells::new(3, Mode::Board, Scoring::Simple).unwrap();
        let state = game.new_game(&mut rng_from_seed(9));
        let mut swapped = state;
        // Swap seat 1's and seat 2's secret cards: seat 0 cannot tell.
        swapped.shape_cards.swap(1, 2);
        swapped.colour_cards.swap(1, 2);
        assert_ne!(swapped, state);
        assert_eq!(
            game.observation_json(&swapped, 0),
            game.observation_json(&state, 0)
        );
        // Seat 1 sees its own cards change.
        assert_ne!(
            game.observation_json(&swapped, 1),
            game.observation_json(&state, 1)
        );
        let json = game.observation_json(&state, 1);
        let shapes = json["my_cards"]["shapes"].as_array().unwrap();
        assert_eq!(shapes.len(), 1);
        assert_eq!(
            shapes[0],
            SHAPES[state.shape_cards[1].trailing_zeros() as usize]
        );
        assert!(!json.to_string().contains("shape_cards"));
        assert_eq!(json["board"].as_array().unwrap().len(), 64);
    }
}
