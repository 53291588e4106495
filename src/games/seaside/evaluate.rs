//! The [`Evaluate`] impl: current scores with the expected share of the Sea.

use super::Seaside;
use super::state::{Phase, SeasideState};
use crate::game::{Evaluate, Seat};

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
}
