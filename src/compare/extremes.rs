//! The best and worst seat and the seat gap of a combination against its
//! baseline: selections from the data, so their intervals are those of a
//! max of mins of the seats' contrasts ([`crate::stats::selection`]),
//! simultaneous over every contrast the selection could have picked, each
//! contrast's error from the joint spread of the seats' per-deal means
//! ([`SeatSpread`]): in quadrature when independent, per deal when paired.

use super::Metric;
use super::joint::DealMoments;
use crate::stats::equivalence::normal_quantile;
use crate::stats::selection::{Bounds, max_of_mins};

/// The seats' mean win shares of a combination and its baseline, and the
/// spread of their per-deal means.
pub(super) struct SeatSpread<'a> {
    /// The combination's seats' mean win shares.
    pub(super) mine: Vec<f64>,
    /// The baseline's.
    pub(super) base: Vec<f64>,
    /// The combination's per-deal seat means.
    pub(super) own: &'a DealMoments,
    /// The baseline's.
    pub(super) base_own: &'a DealMoments,
    /// Both on the same deals, when paired.
    pub(super) joint: Option<&'a DealMoments>,
    /// The combination is its own baseline: every difference is exactly 0
    /// (the selection over contrasts alone would give a valid but one-sided
    /// interval, as it cannot know that seat i on a deal equals itself).
    pub(super) itself: bool,
}

impl SeatSpread<'_> {
    /// The variance of `a · mine + c · base` (coefficients per seat).
    pub(super) fn variance(&self, a: &[f64], c: &[f64]) -> f64 {
        match self.joint {
            Some(j) if j.width() == a.len() + c.len() => {
                let both: Vec<f64> = a.iter().chain(c).copied().collect();
                j.variance_of(&both)
            }
            _ => self.own.variance_of(a) + self.base_own.variance_of(c),
        }
    }

    /// `a · mine + c · base` with its interval at `z`.
    fn contrast(&self, a: &[f64], c: &[f64], z: f64) -> Bounds {
        let dot = |x: &[f64], y: &[f64]| x.iter().zip(y).map(|(p, q)| p * q).sum::<f64>();
        let estimate = dot(a, &self.mine) + dot(c, &self.base);
        let h = z * self.variance(a, c).sqrt();
        (estimate - h, estimate + h)
    }

    /// The interval of the difference of `metric` (the best seat's ratio,
    /// the worst's, or the gap between the best and worst win shares)
    /// between the combination and the baseline, at a one-sided tail
    /// probability `tail` (0.025 for 95%, 0.05 for the verdict's 90%)
    /// spread over every contrast (Bonferroni).
    pub(super) fn difference(&self, metric: Metric) -> impl Fn(f64) -> Bounds + '_ {
        let (pc, pb) = (self.mine.len(), self.base.len());
        let unit = |n: usize, i: usize, scale: f64| {
            let mut v = vec![0.0; n];
            v[i] = scale;
            v
        };
        move |tail: f64| match metric {
            _ if self.itself => (0.0, 0.0),
            // max_i r_i − max_j q_j = max_i min_j (r_i − q_j).
            Metric::MaxSeatRatio | Metric::MinSeatRatio => {
                let z = normal_quantile(1.0 - tail / (pc * pb) as f64);
                // The worst: min_i r_i − min_j q_j = −max_i min_j (q_j − r_i).
                let sign = if metric == Metric::MaxSeatRatio {
                    1.0
                } else {
                    -1.0
                };
                let groups: Vec<Vec<Bounds>> = (0..pc)
                    .map(|i| {
                        (0..pb)
                            .map(|j| {
                                self.contrast(
                                    &unit(pc, i, sign * pc as f64),
                                    &unit(pb, j, -sign * pb as f64),
                                    z,
                                )
                            })
                            .collect()
                    })
                    .collect();
                let (low, high) = max_of_mins(&groups);
                if sign > 0.0 {
                    (low, high)
                } else {
                    (-high, -low)
                }
            }
            // gap − gap' = max_{i≠i'} min_{j≠j'} ((s_i − s_i') − (t_j − t_j')).
            _ => {
                let ordered = |n: usize| -> Vec<(usize, usize)> {
                    (0..n)
                        .flat_map(|i| (0..n).filter(move |&k| k != i).map(move |k| (i, k)))
                        .collect()
                };
                let (mine, base) = (ordered(pc), ordered(pb));
                // Each contrast and its negation are one two-sided interval.
                let family = (mine.len() * base.len() / 2).max(1);
                let z = normal_quantile(1.0 - tail / family as f64);
                let groups: Vec<Vec<Bounds>> = mine
                    .iter()
                    .map(|&(i, k)| {
                        let mut a = unit(pc, i, 1.0);
                        a[k] = -1.0;
                        base.iter()
                            .map(|&(j, l)| {
                                let mut c = unit(pb, j, -1.0);
                                c[l] = 1.0;
                                self.contrast(&a, &c, z)
                            })
                            .collect()
                    })
                    .collect();
                max_of_mins(&groups)
            }
        }
    }
}
