//! The Seaside observation tensor ([`Encode`], docs/python.md): the phase,
//! the Sea, the piles' sizes, every seat's seaside as counters, the
//! viewer's own Beaches by back, and the tokens drawn so far in draw order
//! with what the viewer knows of each (the JSON observation's `drawn`
//! list). Never the bag, the removed tokens, another player's hand or the
//! backs others keep: the encoder reads only the masked observation, where
//! they are erased. Counts are divided by the set's size `n`.

use super::state::{DRAWER, FLIPPED, IN_HAND, SIDE_B, SeasideState};
use super::{Face, Seaside};
use crate::encode::{Encode, Field, Writer, relative_seat};
use crate::game::{Game, Seat};

/// Counters per seat: Beaches, Waves, Rocks, kept stacks, stack size,
/// Shells, Crabs, tokens won from the Sea, loose Sandpipers, the score
/// (all tokens plus the seat's `compensation`, public).
pub const SEAT_FEATURES: usize = 10;

/// Phases, in order: choose a face, Isopods, Shells, flip, steal, over.
pub const PHASES: usize = 6;

impl Seaside {
    /// Entries per drawn token: drawn, drawer (relative seat, one-hot),
    /// first face, second face (one-hot each), flipped, in hand.
    fn token_features(&self) -> usize {
        1 + self.players() + 2 * Face::COUNT + 2
    }
}

impl Encode for Seaside {
    fn encoding_fields(&self) -> Vec<Field> {
        let p = self.players();
        let n = self.token_set().len();
        vec![
            Field {
                name: "phase",
                len: PHASES,
            },
            Field {
                name: "to_move",
                len: p,
            },
            Field {
                name: "my_seat",
                len: p,
            },
            Field {
                name: "sea",
                len: 3,
            },
            Field {
                name: "piles",
                len: 7,
            },
            Field {
                name: "seats",
                len: p * SEAT_FEATURES,
            },
            Field {
                name: "my_beach_backs",
                len: Face::COUNT,
            },
            Field {
                name: "drawn",
                len: n * self.token_features(),
            },
        ]
    }

    fn encode_observation(&self, o: &SeasideState, seat: Seat, out: &mut [f32]) {
        let players = self.players();
        let n = f64::from(o.n);
        let mut w = Writer::new(out);
        w.one_hot(Some(o.phase as usize), PHASES);
        let over = o.phase == super::Phase::Over;
        let to_move = (!over).then(|| relative_seat(o.to_move as usize, seat, players));
        w.one_hot(to_move, players);
        w.one_hot(Some(seat), players);
        for count in o.sea {
            w.ratio(f64::from(count), n);
        }
        for count in [
            o.bag_len() as u8,
            o.removed() as u8,
            o.discarded_sandpipers,
            o.discarded_isopods,
            o.won_faces[0],
            o.won_faces[1],
            o.won_faces[2],
        ] {
            w.ratio(f64::from(count), n);
        }
        for r in 0..players {
            let a = &o.seats[(seat + r) % players];
            for count in [
                a.beaches,
                a.waves,
                a.rocks,
                a.stacks,
                a.stack_size,
                a.shells,
                a.crabs,
                a.won,
                a.loose_sandpipers,
            ] {
                w.ratio(f64::from(count), n);
            }
            // The score: the tokens and the (public) compensation.
            let compensation = self.compensation((seat + r) % players);
            w.ratio(f64::from(a.tokens() + i32::from(compensation)), n);
        }
        for count in o.seats[seat].beach_backs {
            w.ratio(f64::from(count), n);
        }
        let known = |nibble: u8| (nibble < 7).then_some(nibble as usize);
        for k in 0..o.n as usize {
            if k >= o.drawn as usize {
                w.skip(self.token_features());
                continue;
            }
            let id = o.order[k] as usize;
            let info = o.info[id];
            let packed = o.faces[id];
            let (a, b) = (packed & 15, packed >> 4);
            // A placed token: its face up, then its back when known; a
            // token in hand: its two faces when known.
            let (first, second) = if info & IN_HAND == 0 && info & SIDE_B != 0 {
                (b, a)
            } else {
                (a, b)
            };
            w.flag(true);
            w.one_hot(
                Some(relative_seat((info & DRAWER) as usize, seat, players)),
                players,
            );
            w.one_hot(known(first), Face::COUNT);
            w.one_hot(known(second), Face::COUNT);
            w.flag(info & FLIPPED != 0);
            w.flag(info & IN_HAND != 0);
        }
        w.finish();
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::encode::field_range;
    use crate::games::seaside::{Action, TokenSet};

    #[test]
    fn determinizations_encode_the_same_and_moves_are_seen() {
        for (players, removed) in [(1, Some(0)), (2, None), (3, Some(18)), (5, Some(0))] {
            let game = Seaside::new(players, removed, TokenSet::standard()).unwrap();
            crate::encode::check_encoding(&game, 3, 50 + players as u64);
        }
        let small = TokenSet::parse_inline("[Beach/Wave:6;Isopod/Crab:4;Rock/Shell:4]").unwrap();
        let game = Seaside::new(2, Some(3), small).unwrap();
        crate::encode::check_encoding(&game, 20, 7);
    }

    #[test]
    fn the_length_follows_the_set_and_the_players() {
        let game = Seaside::new(2, None, TokenSet::standard()).unwrap();
        assert_eq!(game.encoding_len(), 23 + 24 + 70 * 19);
        let game = Seaside::new(4, Some(0), TokenSet::standard()).unwrap();
        assert_eq!(game.encoding_len(), 23 + 48 + 70 * 21);
    }

    /// Three tokens drawn in id order: Beach/Wave, Isopod/Crab, Rock/Shell.
    /// Seat 0 plays the Beach and takes no Shell; seat 1 draws Isopod/Crab.
    #[test]
    fn a_hand_built_position_encodes_to_known_entries() {
        let set = TokenSet::parse_inline("[Beach/Wave:1;Isopod/Crab:1;Rock/Shell:1]").unwrap();
        let game = Seaside::new(2, Some(0), set).unwrap();
        let mut state = game.start_from(set.packed(), &[0, 1, 2], &[]).unwrap();
        for action in [Action::Play(Face::Beach), Action::Shells(0)] {
            state = game.play(&state, action).unwrap();
        }
        let fields = game.encoding_fields();
        let encode = |seat| {
            let mut out = vec![0.0; game.encoding_len()];
            game.encode(&state, seat, &mut out);
            out
        };
        let (mine, theirs) = (encode(1), encode(0));
        let part = |out: &[f32], name| out[field_range(&fields, name).unwrap()].to_vec();
        let third = 1.0 / 3.0;
        assert_eq!(part(&mine, "phase"), [1., 0., 0., 0., 0., 0.]);
        assert_eq!(part(&mine, "to_move"), [1., 0.]);
        assert_eq!(part(&theirs, "to_move"), [0., 1.]);
        assert_eq!(part(&mine, "my_seat"), [0., 1.]);
        // One token left in the bag, none removed.
        assert_eq!(part(&mine, "piles"), [third, 0., 0., 0., 0., 0., 0.]);
        // Seat 1's view: itself (nothing yet), then seat 0 with a Beach.
        let seats = part(&mine, "seats");
        assert!(seats[..10].iter().all(|&v| v == 0.0));
        assert_eq!(seats[10..], [third, 0., 0., 0., 0., 0., 0., 0., 0., third]);
        // Seat 0 knows its Beach's back is a Wave; seat 1 knows no back.
        let mut wave = [0.0; 7];
        wave[Face::Wave as usize] = third;
        assert_eq!(part(&theirs, "my_beach_backs"), wave);
        assert_eq!(part(&mine, "my_beach_backs"), [0.0; 7]);
        let one_hot = |i: usize, n: usize| (0..n).map(|k| f32::from(k == i)).collect::<Vec<_>>();
        let token = |drawer: usize, first: Option<Face>, second: Option<Face>, hand: bool| {
            let mut t = vec![1.0];
            t.extend(one_hot(drawer, 2));
            for face in [first, second] {
                t.extend(one_hot(face.map_or(7, |f| f as usize), 7));
            }
            t.extend([0.0, f32::from(hand)]);
            t
        };
        let drawn = part(&mine, "drawn");
        assert_eq!(drawn.len(), 3 * 19);
        // The Beach, drawn by seat 0 (relative 1 to seat 1), back unknown.
        assert_eq!(drawn[..19], token(1, Some(Face::Beach), None, false));
        // Seat 1's own token in hand: both faces.
        assert_eq!(
            drawn[19..38],
            token(0, Some(Face::Isopod), Some(Face::Crab), true)
        );
        assert!(drawn[38..].iter().all(|&v| v == 0.0));
        let drawn = part(&theirs, "drawn");
        assert_eq!(
            drawn[..19],
            token(0, Some(Face::Beach), Some(Face::Wave), false)
        );
        // Seat 0 sees seat 1's token in hand, not its faces.
        assert_eq!(drawn[19..38], token(1, None, None, true));
    }
}
