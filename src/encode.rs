//! What one seat may see of a state, as a flat vector of numbers: the
//! observation tensor of learning code (the Python package's
//! `observation_tensor`, its PettingZoo environments' `observation`).
//!
//! Each game encodes its own masked [`Game::observation`] (the state with
//! everything the seat may not see erased), never the full state: the
//! encoder is handed only the observation ([`Encode::encode_observation`]),
//! so two states the seat cannot tell apart encode to the same numbers by
//! construction, as with the JSON observation of [`crate::observe`]. The
//! length is fixed by the game, its options and the player count (never by
//! the position), every entry lies in `[0, 1]` (one-hot and 0/1 entries,
//! counts divided by a documented bound), and seats are written relative
//! to the viewer: the viewer first, then the seats after it in turn order.
//! Each game's fields are documented in docs/python.md.

use std::ops::Range;

use crate::game::{Game, Seat};

/// One named part of an encoding, in order ([`Encode::encoding_fields`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Field {
    /// The field's name (`board`, `to_move`...), as in docs/python.md.
    pub name: &'static str,
    /// Its number of entries.
    pub len: usize,
}

/// A game's observation for one seat as a fixed-length vector of `f32`.
pub trait Encode: Game {
    /// The encoding's fields in order: their lengths add up to
    /// [`Encode::encoding_len`]. They depend on the configuration and the
    /// player count only.
    fn encoding_fields(&self) -> Vec<Field>;

    /// The number of entries of every encoding of this configuration.
    fn encoding_len(&self) -> usize {
        self.encoding_fields().iter().map(|f| f.len).sum()
    }

    /// Write the encoding of `observation`, what `seat` sees
    /// ([`Game::observation`] for that seat), into `out` (exactly
    /// [`Encode::encoding_len`] entries, each written).
    fn encode_observation(&self, observation: &Self::Observation, seat: Seat, out: &mut [f32]);

    /// Write the encoding of what `seat` sees of `state` into `out`: the
    /// encoding of its masked observation, so nothing hidden from the seat
    /// can reach it.
    fn encode(&self, state: &Self::State, seat: Seat, out: &mut [f32]) {
        self.encode_observation(&self.observation(state, seat), seat, out);
    }
}

/// The entries a field named `name` occupies in an encoding with `fields`,
/// or `None` for an unknown name.
pub fn field_range(fields: &[Field], name: &str) -> Option<Range<usize>> {
    let mut at = 0;
    for field in fields {
        if field.name == name {
            return Some(at..at + field.len);
        }
        at += field.len;
    }
    None
}

/// The place of `seat` counted from `viewer` in turn order (the viewer is
/// 0, the seat after it 1...), among `players` seats.
#[inline]
pub fn relative_seat(seat: Seat, viewer: Seat, players: usize) -> usize {
    (seat + players - viewer % players) % players
}

/// A cursor that writes an encoding field after field: the buffer is
/// zeroed first, so a field writes only its non-zero entries, and
/// [`Writer::finish`] checks that exactly the buffer was filled.
pub struct Writer<'a> {
    out: &'a mut [f32],
    at: usize,
}

impl<'a> Writer<'a> {
    /// A writer over `out`, zeroed.
    pub fn new(out: &'a mut [f32]) -> Writer<'a> {
        out.fill(0.0);
        Writer { out, at: 0 }
    }

    /// A one-hot field of `n` entries: entry `index` is 1 (none for
    /// `None`).
    #[inline]
    pub fn one_hot(&mut self, index: Option<usize>, n: usize) {
        if let Some(i) = index {
            debug_assert!(i < n, "one-hot index {i} of {n}");
            self.out[self.at + i] = 1.0;
        }
        self.at += n;
    }

    /// A field of `n` entries, entry `i` being bit `i` of `bits`.
    #[inline]
    pub fn bits(&mut self, bits: u64, n: usize) {
        let mut m = bits & if n >= 64 { u64::MAX } else { (1 << n) - 1 };
        while m != 0 {
            self.out[self.at + m.trailing_zeros() as usize] = 1.0;
            m &= m - 1;
        }
        self.at += n;
    }

    /// One entry: `count / bound`, clamped to `[0, 1]` (0 for a zero bound).
    #[inline]
    pub fn ratio(&mut self, count: f64, bound: f64) {
        let v = if bound > 0.0 { count / bound } else { 0.0 };
        self.out[self.at] = v.clamp(0.0, 1.0) as f32;
        self.at += 1;
    }

    /// One 0/1 entry.
    #[inline]
    pub fn flag(&mut self, on: bool) {
        self.out[self.at] = f32::from(u8::from(on));
        self.at += 1;
    }

    /// Set entry `offset` from the current position to 1, without moving
    /// (for a sparse field written in any order, then passed with
    /// [`Writer::skip`]).
    #[inline]
    pub fn hot(&mut self, offset: usize) {
        self.out[self.at + offset] = 1.0;
    }

    /// Leave `n` entries at 0.
    #[inline]
    pub fn skip(&mut self, n: usize) {
        self.at += n;
    }

    /// Where the next entry goes.
    pub fn position(&self) -> usize {
        self.at
    }

    /// Check that every entry of the buffer was reached.
    pub fn finish(self) {
        assert_eq!(
            self.at,
            self.out.len(),
            "an encoding wrote {} entries into a buffer of {}",
            self.at,
            self.out.len()
        );
    }
}

/// Tests every game's encoding: over random games, at every ply and for
/// every seat, the length is the configuration's, every entry is in
/// `[0, 1]`, a determinization for the seat leaves its encoding unchanged
/// (the seat cannot tell the two states apart), and every decision changes
/// the encoding of the seat that made it.
#[cfg(test)]
pub(crate) fn check_encoding<G: Encode>(game: &G, games: u64, seed: u64) {
    use crate::rng::rng_from_seed;
    let len = game.encoding_len();
    assert_eq!(
        game.encoding_fields().iter().map(|f| f.len).sum::<usize>(),
        len
    );
    let encode = |state: &G::State, seat: Seat| {
        let mut out = vec![f32::NAN; len];
        game.encode(state, seat, &mut out);
        out
    };
    let mut rng = rng_from_seed(seed);
    for _ in 0..games {
        let mut state = game.new_game(&mut rng);
        loop {
            for seat in 0..game.players() {
                let seen = encode(&state, seat);
                assert_eq!(seen.len(), len);
                assert!(
                    seen.iter().all(|v| (0.0..=1.0).contains(v)),
                    "an entry outside [0, 1]: {seen:?}"
                );
                for _ in 0..2 {
                    let world = game.determinize(&state, seat, &mut rng);
                    assert_eq!(
                        encode(&world, seat),
                        seen,
                        "a determinization for seat {seat} changed its encoding"
                    );
                }
            }
            let Some(mover) = game.to_move(&state) else {
                break;
            };
            let before = encode(&state, mover);
            let action = game.random_action(&state, &mut rng);
            game.play_unchecked(&mut state, action);
            assert_ne!(
                encode(&state, mover),
                before,
                "seat {mover} does not see its own move {action}"
            );
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_writer_fills_fields_in_order_and_clamps() {
        let mut out = [7.0f32; 13];
        let mut w = Writer::new(&mut out);
        w.one_hot(Some(2), 3);
        w.one_hot(None, 2);
        w.bits(0b1011, 3);
        w.ratio(3.0, 4.0);
        w.ratio(9.0, 4.0);
        w.ratio(1.0, 0.0);
        w.flag(true);
        w.hot(0);
        w.skip(1);
        w.finish();
        assert_eq!(out, [0., 0., 1., 0., 0., 1., 1., 0., 0.75, 1., 0., 1., 1.]);
    }

    #[test]
    #[should_panic(expected = "wrote 2 entries into a buffer of 3")]
    fn a_short_encoding_is_refused() {
        let mut out = [0.0f32; 3];
        let mut w = Writer::new(&mut out);
        w.skip(2);
        w.finish();
    }

    #[test]
    fn fields_give_ranges_and_seats_count_from_the_viewer() {
        let fields = [Field { name: "a", len: 3 }, Field { name: "b", len: 5 }];
        assert_eq!(field_range(&fields, "b"), Some(3..8));
        assert_eq!(field_range(&fields, "c"), None);
        assert_eq!(relative_seat(0, 2, 3), 1);
        assert_eq!(relative_seat(2, 2, 3), 0);
        assert_eq!(relative_seat(1, 2, 3), 2);
    }
}
