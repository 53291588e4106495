//! The Shell Dash observation tensor ([`Encode`], docs/python.md): the board
//! with its face-up cards, the walker, the phase, each seat's Shells and
//! Flip-Flops, the turn, the piles' sizes and the discard pile by kind.
//! Never a face-down card, the deck's order or the reshuffle seed: the
//! encoder reads only the masked observation, where they are erased.

use super::{COLUMNS, Card, HIDDEN, MAX_ROWS, PLACES, START_ROWS, ShellDash, ShellDashState};
use crate::encode::{Encode, Field, Writer, relative_seat};
use crate::game::{Game, Seat};

/// Entries per place: face-down, the face-up card (one-hot over the six
/// kinds), revealed this turn.
pub const PLACE_FEATURES: usize = 2 + Card::COUNT;

/// Phases, in order: flip, Jellyfish, over, shuffle.
pub const PHASES: usize = 4;

impl Encode for ShellDash {
    fn encoding_fields(&self) -> Vec<Field> {
        let p = self.players();
        let field = |name, len| Field { name, len };
        vec![
            field("board", PLACES * PLACE_FEATURES),
            field("rows", (MAX_ROWS - START_ROWS + 1) as usize),
            field("walker_row", MAX_ROWS as usize),
            field("phase", PHASES),
            field("to_move", p),
            field("my_seat", p),
            field("shells", p),
            field("flipflops", p),
            field("flipflops_spent", 1),
            field("turn", 1),
            field("deck_size", 1),
            field("discard", Card::COUNT),
            field("reshuffles", 1),
            field("last_flipped", Card::COUNT + 1),
        ]
    }

    fn encode_observation(&self, o: &ShellDashState, seat: Seat, out: &mut [f32]) {
        let players = self.players();
        // The cards in play: the deck plus any starting Flip-Flops (option
        // `start_flipflops`), so every ratio stays within 0 to 1.
        let counts = self.cards_in_play();
        let total: f64 = counts.iter().map(|&c| f64::from(c)).sum();
        let flipflops = f64::from(counts[Card::FlipFlop as usize]);
        let max_turns = f64::from(self.max_turns());
        let mut w = Writer::new(out);
        for place in 0..PLACES {
            let code = o.board[place];
            w.flag(code == HIDDEN);
            let card = (code != HIDDEN).then(|| Card::from_code(code)).flatten();
            w.one_hot(card.map(|c| c as usize), Card::COUNT);
            w.flag(card.is_some() && o.up >> place & 1 != 0);
        }
        debug_assert_eq!(PLACES, MAX_ROWS as usize * COLUMNS);
        w.one_hot(
            Some((o.rows - START_ROWS) as usize),
            (MAX_ROWS - START_ROWS + 1) as usize,
        );
        let over = o.phase == super::Phase::Over;
        w.one_hot((!over).then_some(o.row as usize), MAX_ROWS as usize);
        w.one_hot(Some(o.phase as usize), PHASES);
        w.one_hot(
            (!over).then(|| relative_seat(o.to_move as usize, seat, players)),
            players,
        );
        w.one_hot(Some(seat), players);
        for r in 0..players {
            w.ratio(f64::from(o.shells[(seat + r) % players]), 3.0);
        }
        for r in 0..players {
            w.ratio(f64::from(o.flipflops[(seat + r) % players]), flipflops);
        }
        w.ratio(f64::from(o.spent), flipflops);
        w.ratio(f64::from(o.turn), max_turns);
        w.ratio(o.deck_size() as f64, total);
        for count in o.discard {
            w.ratio(f64::from(count), total);
        }
        w.ratio(f64::from(o.reshuffles), max_turns);
        let last = Card::from_code(o.last).map_or(Card::COUNT, |c| c as usize);
        w.one_hot(Some(last), Card::COUNT + 1);
        w.finish();
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::encode::field_range;
    use crate::games::shell_dash::{DEFAULT_DECK, Position, ReshuffleRule, ShellDashAction};

    #[test]
    fn determinizations_encode_the_same_and_moves_are_seen() {
        for players in [1, 2] {
            for rule in [ReshuffleRule::Choice, ReshuffleRule::Empty] {
                let game = ShellDash::with_reshuffle(players, DEFAULT_DECK, 200, rule).unwrap();
                crate::encode::check_encoding(&game, 6, 60 + players as u64);
            }
        }
    }

    #[test]
    fn the_length_is_fixed_by_the_player_count() {
        let solo = ShellDash::new(1, DEFAULT_DECK, 200).unwrap();
        let two = ShellDash::new(2, [9, 1, 2, 3, 4, 5], 30).unwrap();
        assert_eq!((solo.encoding_len(), two.encoding_len()), (179, 183));
    }

    /// Rows Sand Sand Sand / Sand Jellyfish Sand / Shell Shell Shell, a
    /// Flip-Flop in the deck and a Sand discarded; seat 1 walks on turn 4
    /// and flips the middle Sand of row 0, so it advances to row 1.
    #[test]
    fn a_hand_built_position_encodes_to_known_entries() {
        use Card::*;
        let game = ShellDash::new(2, [6, 0, 1, 1, 0, 3], 50).unwrap();
        let position = Position {
            rows: vec![
                [Some(Sand), Some(Sand), Some(Sand)],
                [Some(Sand), Some(Jellyfish), Some(Sand)],
                [Some(Shell), Some(Shell), Some(Shell)],
            ],
            deck: vec![FlipFlop],
            discard: vec![Sand],
            to_move: 1,
            turn: 4,
            ..Position::default()
        };
        let state = game.position(&position).unwrap();
        let state = game.play(&state, ShellDashAction::Flip(1)).unwrap();
        let fields = game.encoding_fields();
        let mut out = vec![0.0; game.encoding_len()];
        game.encode(&state, 0, &mut out);
        let part = |name| out[field_range(&fields, name).unwrap()].to_vec();
        let board = part("board");
        let place = |i: usize| board[i * 8..(i + 1) * 8].to_vec();
        let down = [1., 0., 0., 0., 0., 0., 0., 0.];
        assert_eq!(place(0), down);
        assert_eq!(place(1), [0., 1., 0., 0., 0., 0., 0., 1.]);
        assert_eq!(place(5), down);
        assert_eq!(place(8), down);
        assert!(board[9 * 8..].iter().all(|&v| v == 0.0));
        assert_eq!(part("rows"), [1., 0., 0., 0.]);
        assert_eq!(part("walker_row"), [0., 1., 0., 0., 0., 0.]);
        assert_eq!(part("phase"), [1., 0., 0., 0.]);
        assert_eq!(part("to_move"), [0., 1.]);
        assert_eq!(part("my_seat"), [1., 0.]);
        assert_eq!(part("shells"), [0., 0.]);
        assert_eq!(part("turn"), [4.0 / 50.0]);
        assert_eq!(part("deck_size"), [1.0 / 11.0]);
        assert_eq!(part("discard"), [1.0 / 11.0, 0., 0., 0., 0., 0.]);
        assert_eq!(part("last_flipped"), [1., 0., 0., 0., 0., 0., 0.]);
        // Both seats see the same board: only the seat fields differ.
        let mut walker = vec![0.0; game.encoding_len()];
        game.encode(&state, 1, &mut walker);
        let differ: Vec<usize> = (0..out.len()).filter(|&i| out[i] != walker[i]).collect();
        let to_move = field_range(&fields, "to_move").unwrap();
        let my_seat = field_range(&fields, "my_seat").unwrap();
        assert_eq!(
            differ,
            [
                to_move.start,
                to_move.start + 1,
                my_seat.start,
                my_seat.start + 1
            ]
        );
    }
}
