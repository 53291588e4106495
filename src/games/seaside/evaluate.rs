//! The [`Evaluate`] impl: current scores with the expected share of the
//! Sea, and a cheap rollout policy.

use super::Seaside;
use super::playout::{Picks, draw_if};
use super::state::{Action, Phase, SeasideState};
use super::tokens::Face;
use crate::game::{Evaluate, Seat};
use crate::rng::{GameRng, Rng, below_from};

impl Evaluate for Seaside {
    fn evaluate(&self, s: &SeasideState, seat: Seat) -> f64 {
        let players = self.players as usize;
        let (most, leaders) = self.wave_leaders(s).unwrap_or((0, 1));
        let sea = if s.phase == Phase::Over {
            0.0
        } else {
            s.sea_total() as f64
        };
        let value = |p: usize| {
            let a = &s.seats[p];
            let share = if a.waves == most && most > 0 {
                sea / leaders as f64
            } else {
                0.0
            };
            f64::from(a.tokens() + i32::from(self.compensation(p))) + share
        };
        if players == 1 {
            return value(0);
        }
        let best_other = (0..players)
            .filter(|&p| p != seat)
            .map(value)
            .fold(f64::MIN, f64::max);
        value(seat) - best_other
    }

    fn final_margin(&self, s: &SeasideState, seat: Seat) -> f64 {
        let scores = self.scores(s);
        if self.players == 1 {
            return (scores[0] as f64 / 60.0).clamp(0.0, 1.0);
        }
        let best_other = (0..scores.len())
            .filter(|&p| p != seat)
            .map(|p| scores[p])
            .max()
            .unwrap_or(0);
        ((scores[seat] - best_other) as f64 / 20.0).clamp(-1.0, 1.0)
    }

    /// What a greedy player takes at once, at the cost of a random move:
    /// a seaside face rather than a Sea face (random between two of a
    /// kind), every Shell a Beach allows, the Isopods that add most to the
    /// player's kept stacks (the fewest among equals); a random Flip or
    /// Steal. (See `Policy`.)
    fn rollout_action(&self, s: &SeasideState, rng: &mut GameRng) -> Action {
        self.action_from::<Policy, _>(s, rng)
    }

    /// The same games as the default loop (`tests/playout.rs`), faster:
    /// the fused loop of the random playout, `Seaside::playout`, with the
    /// rollout policy's choices.
    #[inline]
    fn policy_playout(&self, s: &mut SeasideState, rng: &mut GameRng) -> u32 {
        self.playout::<Policy>(s, rng)
    }
}

/// The rollout policy's choices ([`Evaluate::rollout_action`]): a seaside
/// face rather than a Sea face, and between two faces of the same kind
/// (both Sea or neither) the pick of `below(rng, 2)`; every Shell allowed;
/// [`best_isopods`]. No draw but the face's.
pub(super) struct Policy;

impl Picks for Policy {
    #[inline(always)]
    fn face<R: Rng + Clone>(a: u8, b: u8, rng: &mut R) -> u8 {
        let (sea_a, sea_b) = (Face::from_index(a).is_sea(), Face::from_index(b).is_sea());
        let same = sea_a == sea_b;
        // The draw of `below(rng, 2)`, taken only between two faces of a
        // kind, without a jump on the token's kinds (a random fact). For 2,
        // `below_from` never rejects, so it draws nothing more when unused.
        let x = draw_if(rng, same);
        let coin_b = below_from(x, 2, rng) == 1;
        let pick_b = if same { coin_b } else { sea_a };
        if pick_b { b } else { a }
    }

    #[inline(always)]
    fn isopods<R: Rng + Clone>(s: &SeasideState, p: usize, _rng: &mut R) -> u8 {
        let a = &s.seats[p];
        best_isopods(s.sea[0], a.stacks, a.stack_size)
    }

    #[inline(always)]
    fn shells<R: Rng + Clone>(s: &SeasideState, p: usize, _rng: &mut R) -> u8 {
        s.sea[1].min(s.seats[p].beaches)
    }
}

/// The number of Isopods (0 to `sea`) whose new stack adds most to a
/// player's kept stacks (`stacks` of size `size`), the fewest among equals.
/// The gain of a stack is flat below the kept size, then that size, then
/// rising; so the answer is 0, `size - 1` or `sea`, found without a loop
/// over every count (a loop of random length mispredicts its end).
#[inline]
fn best_isopods(sea: u8, stacks: u8, size: u8) -> u8 {
    if stacks == 0 || size == 0 {
        return sea; // a first stack: the larger the better
    }
    let kept = i32::from(stacks) * i32::from(size);
    let size = i32::from(size);
    let gain = |k: i32| {
        let new = k + 1;
        if new == size {
            new // one more of the kept size
        } else if new > size {
            new - kept // the kept stacks are discarded
        } else {
            0 // the new stack is discarded
        }
    };
    let sea = i32::from(sea);
    let mut best = 0;
    for k in [size - 1, sea] {
        if k <= sea && gain(k) > gain(best) {
            best = k;
        }
    }
    best as u8
}

#[cfg(test)]
mod tests {
    use super::best_isopods;

    #[test]
    fn the_rollout_policy_takes_the_isopods_that_add_most() {
        // No stack yet: all of them.
        assert_eq!(best_isopods(4, 0, 0), 4);
        // Two stacks of 2 (4 tokens): a stack of 2 adds 2; a stack of 5
        // (4 Isopods) replaces them and adds 1; so 1 Isopod.
        assert_eq!(best_isopods(4, 2, 2), 1);
        // One stack of 2: a stack of 5 adds 3, more than another of 2.
        assert_eq!(best_isopods(4, 1, 2), 4);
        // One stack of 3, 1 Isopod in the Sea: nothing adds anything.
        assert_eq!(best_isopods(1, 1, 3), 0);
        // An empty Sea.
        assert_eq!(best_isopods(0, 3, 1), 0);
    }

    #[test]
    fn best_isopods_is_the_first_best_of_every_count() {
        // The definition: every count's gain, the fewest among the best.
        let by_every_count = |sea: u8, stacks: u8, size: u8| {
            let kept = i32::from(stacks) * i32::from(size);
            let gain = |k: u8| {
                let new = i32::from(k) + 1;
                if stacks == 0 || new == i32::from(size) {
                    new
                } else if new > i32::from(size) {
                    new - kept
                } else {
                    0
                }
            };
            (0..=sea).fold(0, |best, k| if gain(k) > gain(best) { k } else { best })
        };
        for sea in 0..=70 {
            for stacks in 0..=20 {
                for size in 0..=30 {
                    assert_eq!(
                        best_isopods(sea, stacks, size),
                        by_every_count(sea, stacks, size),
                        "sea {sea}, {stacks} stacks of {size}"
                    );
                }
            }
        }
    }
}
