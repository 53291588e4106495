//! The paired per-deal comparison of the first two bots of a run
//! ([`PairedTotals`]): exact integer sums per whole deal, and the deals still
//! open. Filled by [`Totals`](super::Totals) as games arrive.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use super::shares::SHARE_UNIT;
use crate::stats::mean_ci95_from_sums;

/// The paired per-deal comparison of exactly two distinct bots `A` and `B`
/// (the first two of [`RunSpec::bots`](super::RunSpec::bots)). Per game, `A`'s win share (the
/// mean over its seats) minus `B`'s; per deal, the mean of that over the
/// deal's rotations. Kept in integer units of `1 / unit` (`unit` = 60 ×
/// seats of A × seats of B × rotations), so that sums are exact.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PairedTotals {
    /// Seats held by A in the lineup.
    pub seats_a: u64,
    /// Seats held by B in the lineup.
    pub seats_b: u64,
    /// Rotations per deal.
    pub rotations: u64,
    /// Whole deals counted.
    pub deals: u64,
    /// Sum over whole deals of the deal's difference, in `1/unit`.
    pub sum: i64,
    /// Sum of squares of the same.
    pub sq: i128,
    /// Whole deals by A's pairwise score against B in half points
    /// (`2 × seats_a × seats_b × rotations + 1` levels): per game, every
    /// seat of A against every seat of B scores 2 when A's seat ranks
    /// better, 1 when they rank equal, 0 when B's does ([`ranks`](super::ranks)). The
    /// counts the sequential test reads (pentanomial for two players and
    /// two rotations, trinomial without rotation).
    pub levels: Vec<u64>,
    /// Deals with only some of their rotations seen so far. Empty after a
    /// whole run.
    pub open: BTreeMap<u64, OpenDeal>,
}

/// The part of a deal seen so far (see [`PairedTotals::open`]).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct OpenDeal {
    /// Partial sum of the difference, in `1/unit`.
    pub sum: i64,
    /// Rotations seen.
    pub seen: u64,
    /// A's pairwise half points so far.
    pub half_points: u64,
}

impl PairedTotals {
    /// The unit of [`PairedTotals::sum`]: a difference of 1 (a whole win
    /// share) per deal.
    pub fn unit(&self) -> u64 {
        SHARE_UNIT * self.seats_a * self.seats_b * self.rotations
    }

    /// Pairwise comparisons of A with B per game: seats of A × seats of B.
    pub fn comparisons(&self) -> u64 {
        self.seats_a.saturating_mul(self.seats_b)
    }

    /// The number of score levels of a whole deal:
    /// `2 × comparisons × rotations + 1`.
    pub fn level_count(seats_a: u64, seats_b: u64, rotations: u64) -> usize {
        (2 * seats_a * seats_b * rotations + 1) as usize
    }

    /// A's mean pairwise score against B over whole deals (win 1, tie ½,
    /// loss 0 per comparison of a seat of A with a seat of B) and the
    /// half-width of its 95% interval, from the per-deal scores (deals are
    /// independent); `None` without a whole deal.
    pub fn pairwise_score(&self) -> Option<(f64, f64)> {
        let (deals, sum, sq) = self.level_sums();
        if deals == 0 {
            return None;
        }
        let top = (self.levels.len() - 1) as f64;
        let (mean, half) = match (i64::try_from(sum), i128::try_from(sq)) {
            (Ok(sum), Ok(sq)) => mean_ci95_from_sums(deals, sum, sq),
            _ => (f64::NAN, f64::NAN),
        };
        Some((mean / top, half / top))
    }

    /// The Bradley-Terry Elo of A against B from the pairwise results of
    /// whole deals, as [`crate::stats::bradley_terry::fit`] gives it with
    /// one virtual draw (`400 log10((W + ½) / (L + ½))`, `W` and `L` A's
    /// pairwise points and B's), with a 95% interval by the delta method on
    /// the logit scale from the per-deal standard error of the pairwise
    /// score: `(elo, low, high)`; `None` without a whole deal.
    pub fn skill_elo(&self) -> Option<(f64, f64, f64)> {
        let (deals, sum, _) = self.level_sums();
        let (_, half) = self.pairwise_score()?;
        // Half points of A, and of every comparison.
        let total = 2.0 * deals as f64 * (self.comparisons() * self.rotations) as f64;
        let won = sum as f64;
        // Points with one virtual draw: (W + 1/2) / (C + 1) in whole points.
        let p = (won / 2.0 + 0.5) / (total / 2.0 + 1.0);
        let elo = 400.0 * (p / (1.0 - p)).log10();
        let spread = 400.0 / std::f64::consts::LN_10 * half / (p * (1.0 - p));
        Some((elo, elo - spread, elo + spread))
    }

    /// Whole deals, and the sum and sum of squares of their levels (A's
    /// half points per deal).
    fn level_sums(&self) -> (u64, u128, u128) {
        let (mut deals, mut sum, mut sq) = (0u64, 0u128, 0u128);
        for (k, &c) in self.levels.iter().enumerate() {
            let (k, c) = (k as u128, u128::from(c));
            deals = deals.saturating_add(c as u64);
            sum = sum.saturating_add(k.saturating_mul(c));
            sq = sq.saturating_add(k.saturating_mul(k).saturating_mul(c));
        }
        (deals, sum, sq)
    }

    pub(super) fn add_part(&mut self, deal: u64, part: OpenDeal) {
        let entry = self.open.entry(deal).or_default();
        entry.sum += part.sum;
        entry.seen += part.seen;
        entry.half_points += part.half_points;
        if entry.seen == self.rotations {
            let whole = self.open.remove(&deal).expect("just inserted");
            self.deals += 1;
            self.sum += whole.sum;
            self.sq += i128::from(whole.sum) * i128::from(whole.sum);
            self.levels[whole.half_points as usize] += 1;
        }
    }

    /// The sequential test's counts: whole deals by A's total in half
    /// points.
    pub fn score_counts(&self) -> crate::stats::sprt::ScoreCounts {
        crate::stats::sprt::ScoreCounts::from_counts(self.levels.clone())
    }

    /// Mean per-deal difference of win share (A − B) and the half-width of
    /// its 95% interval, over whole deals.
    pub fn difference(&self) -> (f64, f64) {
        let (mean, half) = mean_ci95_from_sums(self.deals, self.sum, self.sq);
        let unit = self.unit() as f64;
        (mean / unit, half / unit)
    }
}
