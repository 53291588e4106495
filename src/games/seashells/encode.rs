//! The Seashells observation tensor ([`Encode`], docs/python.md): the board
//! or ring, the Bucket, the Sun, everything each seat collected, and the
//! viewer's own secret cards; never another seat's cards (the encoder reads
//! only the masked observation, where they are erased).

use super::state::ALL_SHELLS;
use super::{
    BOTTLE, FOSSIL_HEAD, FOSSIL_TAIL, SAND_DOLLAR, SQUARES, Seashells, SeashellsState, bottles_of,
    heads_of, sand_dollars_of, tails_of,
};
use crate::encode::{Encode, Field, Writer, relative_seat};
use crate::game::{Game, Seat};

/// Entries per place: the shell's shape (7) and colour (7), then fossil
/// head, fossil tail, sand dollar, bottle.
pub const PLACE_FEATURES: usize = 18;

/// Entries per seat: the 49 shells collected, then fossil heads / 3, fossil
/// tails / 3, sand dollars / 5, bottles held or spent / 4, bottles spent / 4
/// (with the `start_bottles` lever, both / (4 + the seat's start bottles)).
pub const SEAT_FEATURES: usize = 54;

/// The entries of a place holding the item of each code: a shell's shape
/// and `7 +` colour; the other items' one entry, twice (so the board is
/// written without a branch per place).
const ITEM_ENTRIES: [[u8; 2]; 64] = {
    let mut t = [[0u8; 2]; 64];
    let mut code = 0;
    while code < 64 {
        t[code] = match code as u8 {
            0..=48 => [code as u8 / 7, 7 + code as u8 % 7],
            FOSSIL_HEAD => [14, 14],
            FOSSIL_TAIL => [15, 15],
            SAND_DOLLAR => [16, 16],
            BOTTLE => [17, 17],
            _ => [0, 0],
        };
        code += 1;
    }
    t
};

impl Encode for Seashells {
    fn encoding_fields(&self) -> Vec<Field> {
        let p = self.players();
        vec![
            Field {
                name: "board",
                len: SQUARES * PLACE_FEATURES,
            },
            Field {
                name: "bucket",
                len: SQUARES,
            },
            Field {
                name: "start",
                len: SQUARES,
            },
            Field {
                name: "shovels",
                len: 1,
            },
            Field {
                name: "sun",
                len: 14,
            },
            Field {
                name: "my_cards",
                len: 14,
            },
            Field {
                name: "seats",
                len: p * SEAT_FEATURES,
            },
            Field {
                name: "to_move",
                len: p,
            },
            Field {
                name: "my_seat",
                len: p,
            },
        ]
    }

    fn encode_observation(&self, o: &SeashellsState, seat: Seat, out: &mut [f32]) {
        let players = self.players();
        let mut w = Writer::new(out);
        // The items on the board: one or two entries per occupied place.
        let mut occupied = o.occ;
        while occupied != 0 {
            let place = occupied.trailing_zeros() as usize;
            occupied &= occupied - 1;
            let [a, b] = ITEM_ENTRIES[o.items[place] as usize];
            w.hot(place * PLACE_FEATURES + a as usize);
            w.hot(place * PLACE_FEATURES + b as usize);
        }
        w.skip(SQUARES * PLACE_FEATURES);
        w.one_hot(Some(o.bucket as usize), SQUARES);
        w.one_hot(Some(o.start as usize), SQUARES);
        w.ratio(f64::from(o.shovels), f64::from(super::SHOVELS));
        w.one_hot(Some(o.sun as usize / 7), 7);
        w.one_hot(Some(o.sun as usize % 7), 7);
        w.bits(u64::from(o.shape_cards[seat]), 7);
        w.bits(u64::from(o.colour_cards[seat]), 7);
        let start_bottles = self.start_bottles();
        for r in 0..players {
            let p = (seat + r) % players;
            let got = o.got[p];
            // The most bottles a seat can hold: the beach's 4 and its start
            // bottles (the `start_bottles` lever; 4 in the rules).
            let bottles = f64::from(4 + start_bottles[p]);
            w.bits(got & ALL_SHELLS, 49);
            w.ratio(f64::from(heads_of(got)), 3.0);
            w.ratio(f64::from(tails_of(got)), 3.0);
            w.ratio(f64::from(sand_dollars_of(got)), 5.0);
            w.ratio(f64::from(bottles_of(got)), bottles);
            w.ratio(f64::from(o.spent[p]), bottles);
        }
        let to_move = (!o.over).then(|| relative_seat(o.turn as usize, seat, players));
        w.one_hot(to_move, players);
        w.one_hot(Some(seat), players);
        w.finish();
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::encode::field_range;
    use crate::games::seashells::{Item, Mode, Scoring};

    #[test]
    fn determinizations_encode_the_same_and_moves_are_seen() {
        for players in [2, 3, 5] {
            for mode in [Mode::Board, Mode::Stroll] {
                let game = Seashells::new(players, mode, Scoring::Simple).unwrap();
                crate::encode::check_encoding(&game, 4, 40 + players as u64);
            }
        }
    }

    #[test]
    fn the_length_is_fixed_by_the_player_count() {
        for (players, len) in [(2, 1421), (3, 1477), (4, 1533), (5, 1589)] {
            let game = Seashells::new(players, Mode::Stroll, Scoring::Advanced).unwrap();
            assert_eq!(game.encoding_len(), len);
        }
    }

    /// A hand-made deal: square 0 empty (the Bucket), square 1 Conch/Blue
    /// (code 8), square 2 a fossil head, then the rest in code order; the
    /// Sun is Whelk/Green (code 16). Seat 0 holds Scallop and Conch cards
    /// and Yellow and Blue, seat 1 the others' first two.
    #[test]
    fn a_hand_built_position_encodes_to_known_entries() {
        let game = Seashells::new(2, Mode::Board, Scoring::Simple).unwrap();
        let mut codes: Vec<u8> = super::super::ALL_ITEMS
            .into_iter()
            .filter(|&c| c != 16 && c != 8)
            .collect();
        let head = codes.iter().position(|&c| c == FOSSIL_HEAD).unwrap();
        codes.remove(head);
        let mut items = vec![None, Some(Item::from_code(8)), Some(Item::FossilHead)];
        items.extend(codes.into_iter().map(|c| Some(Item::from_code(c))));
        let items: [Option<Item>; 64] = items.try_into().unwrap();
        let cards = [(0b0000011, 0b0000011), (0b0011000, 0b0011000)];
        let mut state = game.setup_state(&items, (2, 2), &cards).unwrap();
        // Seat 0 takes Conch/Blue on square 1 (in the Bucket's row).
        game.play_unchecked(
            &mut state,
            super::super::SeashellsAction::Take {
                square: 1,
                bottle: false,
            },
        );
        let fields = game.encoding_fields();
        let mut out = vec![0.0; game.encoding_len()];
        game.encode(&state, 1, &mut out);
        let board = field_range(&fields, "board").unwrap();
        let place = |sq: usize| &out[board.start + sq * 18..board.start + (sq + 1) * 18];
        // Square 1 was taken, square 0 was never occupied: empty.
        assert!(place(0).iter().chain(place(1)).all(|&v| v == 0.0));
        // Square 2: a fossil head (entry 14 of the place).
        let mut head = [0.0; 18];
        head[14] = 1.0;
        assert_eq!(place(2), head);
        // The Bucket moved to square 1; the start is square 0.
        assert_eq!(out[field_range(&fields, "bucket").unwrap()][1], 1.0);
        assert_eq!(out[field_range(&fields, "start").unwrap()][0], 1.0);
        // The Sun: shape 2, colour 2.
        let sun = &out[field_range(&fields, "sun").unwrap()];
        assert_eq!(sun.iter().filter(|&&v| v == 1.0).count(), 2);
        assert_eq!((sun[2], sun[9]), (1.0, 1.0));
        // Seat 1 sees its own cards (Cowrie, Oyster; Orange, Pink) only.
        let mine = &out[field_range(&fields, "my_cards").unwrap()];
        let mut expected = [0.0; 14];
        for i in [3, 4, 10, 11] {
            expected[i] = 1.0;
        }
        assert_eq!(mine, expected);
        // Seats from seat 1's view: itself first (nothing), then seat 0
        // holding shell code 8.
        let seats = &out[field_range(&fields, "seats").unwrap()];
        assert!(seats[..54].iter().all(|&v| v == 0.0));
        assert_eq!(seats[54 + 8], 1.0);
        assert_eq!(seats[54..54 + 49].iter().sum::<f32>(), 1.0);
        // Seat 1 is to move: relative seat 0; its own seat is 1.
        assert_eq!(out[field_range(&fields, "to_move").unwrap()], [1.0, 0.0]);
        assert_eq!(out[field_range(&fields, "my_seat").unwrap()], [0.0, 1.0]);
        // Seat 0's view of the same state differs in the cards and seats.
        let mut other = vec![0.0; game.encoding_len()];
        game.encode(&state, 0, &mut other);
        let mine = &other[field_range(&fields, "my_cards").unwrap()];
        assert_eq!(mine.iter().sum::<f32>(), 4.0);
        assert_eq!((mine[0], mine[1], mine[7], mine[8]), (1.0, 1.0, 1.0, 1.0));
        assert_eq!(other[field_range(&fields, "to_move").unwrap()], [0.0, 1.0]);
    }
}
