//! The [`Evaluate`] impl: current scores with the expected share of the
//! Sea, and a cheap rollout policy.

use super::Seaside;
use super::state::{Action, Phase, SeasideState};
use crate::game::{Evaluate, Game, Seat};
use crate::rng::{GameRng, below};

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
            a.tokens() as f64 + share
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
    /// Steal.
    fn rollout_action(&self, s: &SeasideState, rng: &mut GameRng) -> Action {
        let p = s.to_move as usize;
        match s.phase {
            Phase::ChooseFace => {
                let [a, b] = s.token(s.order[s.drawn as usize - 1] as usize);
                let face = match (a.is_sea(), b.is_sea()) {
                    (true, false) => b,
                    (false, true) => a,
                    _ if below(rng, 2) == 0 => a,
                    _ => b,
                };
                Action::Play(face)
            }
            Phase::Shells => Action::Shells(s.sea[1].min(s.seats[p].beaches)),
            Phase::Isopods => Action::Isopods(best_isopods(
                s.sea[0],
                s.seats[p].stacks,
                s.seats[p].stack_size,
            )),
            _ => self.random_action(s, rng),
        }
    }
}

/// The number of Isopods (0 to `sea`) whose new stack adds most to a
/// player's kept stacks (`stacks` of size `size`), the fewest among equals.
fn best_isopods(sea: u8, stacks: u8, size: u8) -> u8 {
    let kept = i32::from(stacks) * i32::from(size);
    let size = i32::from(size);
    let gain = |k: u8| {
        let new = i32::from(k) + 1;
        if stacks == 0 || new == size {
            new // a first stack, or one more of the kept size
        } else if new > size {
            new - kept // the kept stacks are discarded
        } else {
            0 // the new stack is discarded
        }
    };
    (0..=sea).fold(0, |best, k| if gain(k) > gain(best) { k } else { best })
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
}
