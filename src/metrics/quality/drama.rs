//! Drama: how far behind the eventual winner was.

use super::super::definition::{IntervalKind, MetricDefinition, PerPly};
use super::super::per_ply::{Ply, PlyObserver};
use super::{PerWinnerSet, fixed, scaled};
use crate::game::SeatSet;
use crate::stats::equivalence::Direction;

/// Decimals of a game's drama in `games.csv` (its unit 1/10,000).
const DECIMALS: u8 = 4;

/// The mean drama per game. A game's drama: the largest deficit of the
/// winners over its positions (the setup and after every decision), as a
/// share of the final best score. The deficit at a position is the best
/// running score minus the winners' running score (their mean on a shared
/// win, as Ludii's `Drama` averages its winners), 0 where a winner leads;
/// so 0.25 says the winners were once a quarter of the final winning
/// score behind. 0 when nobody won or the final best score is not
/// positive, and in solo games.
pub const DRAMA: MetricDefinition = MetricDefinition {
    name: "mean_drama",
    words: "mean drama",
    unit: "",
    columns: &["mean_drama", "drama_ci95"],
    interval: IntervalKind::HalfWidth,
    decimals: 4,
    direction: Direction::Neither,
    value: |r| r.observed("mean_drama").map(|v| scaled(v, DECIMALS)),
    summary: None,
    per_ply: Some(PerPly {
        game_column: "drama",
        game_decimals: DECIMALS,
        observer: || Box::new(Drama::new()),
    }),
};

/// [`DRAMA`]'s observer of one game: for every set of seats that may turn
/// out to be the winners, its largest deficit so far, times its size
/// (an integer: `size × best − the set's scores`).
struct Drama {
    deficits: PerWinnerSet<i64>,
    /// The best running score of the last position.
    best: i32,
}

impl Drama {
    fn new() -> Drama {
        Drama {
            deficits: PerWinnerSet::new(0),
            best: 0,
        }
    }

    fn see(&mut self, scores: &[i32]) {
        self.deficits.players = scores.len();
        let best = scores.iter().copied().max().unwrap_or(0);
        self.best = best;
        // Each mask's scores, from the mask without its lowest seat.
        let mut sums = [0i64; 1 << crate::game::MAX_SEATS];
        for mask in self.deficits.masks().skip(1) {
            let low = mask.trailing_zeros() as usize;
            sums[mask] = sums[mask & (mask - 1)] + i64::from(scores[low]);
            let deficit = i64::from(mask.count_ones()) * i64::from(best) - sums[mask];
            let kept = &mut self.deficits.values[mask];
            *kept = (*kept).max(deficit);
        }
    }
}

impl PlyObserver for Drama {
    fn start(&mut self, scores: &[i32], _leaders: SeatSet) {
        self.see(scores);
    }

    fn ply(&mut self, ply: &Ply<'_>) {
        self.see(ply.scores);
    }

    fn value(&self, winners: SeatSet) -> i64 {
        if winners.is_empty() || self.best <= 0 {
            return 0;
        }
        let size = winners.len() as i64;
        fixed(
            self.deficits.values[winners.0 as usize],
            size * i64::from(self.best),
            DECIMALS,
        )
    }
}
