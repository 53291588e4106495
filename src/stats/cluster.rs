//! Cluster-robust intervals of a mean: the observations come in clusters
//! (the games or seat-games of one deal) that may be correlated, and the
//! clusters are independent. [`ClusterSums`] keeps, in exact integers,
//! what the interval needs of every whole cluster: how many there are, the
//! observations and their sum over all of them, and the sums of each
//! cluster's total squared, of its count times its total, and of its count
//! squared. Memory is flat in the number of observations, and the sums
//! merge by addition (shards, resumed runs). Formula: docs/statistics.md.

use serde::{Deserialize, Serialize};

use super::Z95;

/// z of the two-sided `1 - 0.05 / k` normal quantile, `k` = 1..=8: the
/// Bonferroni-adjusted 95% quantile for `k` simultaneous intervals
/// (Python's `statistics.NormalDist().inv_cdf(1 - 0.025 / k)`).
pub const Z95_BONFERRONI: [f64; 8] = [
    1.959_963_984_540_054,
    2.241_402_727_604_946_4,
    2.393_979_799_818_510_4,
    2.497_705_474_412_373_7,
    2.575_829_303_548_9,
    2.638_257_273_476_751,
    2.690_109_527_158_866,
    2.734_368_786_533_176,
];

/// The z giving `k` simultaneous 95% intervals by Bonferroni (`k` ≥ 1;
/// beyond 8, that of 8 — more than any game's seats).
pub fn z95_simultaneous(k: usize) -> f64 {
    Z95_BONFERRONI[k.clamp(1, Z95_BONFERRONI.len()) - 1]
}

/// Exact sums over whole clusters of one quantity (see the module docs):
/// cluster `g` holds `n_g` observations with total `S_g`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct ClusterSums {
    /// Clusters counted (`G`).
    pub clusters: u64,
    /// Observations in them (`N = Σ n_g`).
    pub n: u64,
    /// Their sum (`S = Σ S_g`).
    pub sum: i64,
    /// `Σ S_g²`.
    pub sum_sq: i128,
    /// `Σ n_g S_g`.
    pub cross: i128,
    /// `Σ n_g²`.
    pub n_sq: u128,
}

impl ClusterSums {
    /// The sums of one cluster of `n` observations with total `sum`.
    pub fn of(n: u64, sum: i64) -> ClusterSums {
        ClusterSums {
            clusters: 1,
            n,
            sum,
            sum_sq: i128::from(sum) * i128::from(sum),
            cross: i128::from(n) * i128::from(sum),
            n_sq: u128::from(n) * u128::from(n),
        }
    }

    /// Count one whole cluster of `n` observations with total `sum`.
    pub fn add(&mut self, n: u64, sum: i64) {
        self.clusters += 1;
        self.n += n;
        self.sum += sum;
        self.sum_sq += i128::from(sum) * i128::from(sum);
        self.cross += i128::from(n) * i128::from(sum);
        self.n_sq += u128::from(n) * u128::from(n);
    }

    /// Add the sums of other clusters; `None` (and `self` unchanged) when a
    /// sum overflows.
    pub fn checked_merge(&self, other: &ClusterSums) -> Option<ClusterSums> {
        Some(ClusterSums {
            clusters: self.clusters.checked_add(other.clusters)?,
            n: self.n.checked_add(other.n)?,
            sum: self.sum.checked_add(other.sum)?,
            sum_sq: self.sum_sq.checked_add(other.sum_sq)?,
            cross: self.cross.checked_add(other.cross)?,
            n_sq: self.n_sq.checked_add(other.n_sq)?,
        })
    }

    /// Whether the observations need, and allow, a cluster-robust
    /// interval: some cluster holds more than one observation (`Σ n_g² > N`
    /// exactly when one does) and there are two clusters or more (with one,
    /// the spread between clusters cannot be estimated, and callers fall
    /// back to the interval of independent observations).
    pub fn clustered(&self) -> bool {
        self.clusters >= 2 && self.n_sq > u128::from(self.n)
    }

    /// The mean over the whole clusters; 0 without observations.
    pub fn mean(&self) -> f64 {
        if self.n == 0 {
            0.0
        } else {
            self.sum as f64 / self.n as f64
        }
    }

    /// The cluster-robust (CR1) standard error of the mean,
    ///
    /// `se² = G / (G - 1) · Σ_g (S_g - n_g m)² / N²`, `m = S / N`,
    ///
    /// with `Σ_g (S_g - n_g m)² = Σ S_g² - 2 m Σ n_g S_g + m² Σ n_g²`
    /// evaluated exactly in integers (`N² ×` it) when that fits, else in
    /// floating point. With one observation per cluster it is the usual
    /// `s / √N` (sample variance `s²`). 0 with fewer than two clusters.
    pub fn standard_error(&self) -> f64 {
        if self.clusters < 2 || self.n == 0 {
            return 0.0;
        }
        let (n, s) = (i128::from(self.n), i128::from(self.sum));
        // N² Σ r_g² = N² Σ S_g² - 2 S N Σ n_g S_g + S² Σ n_g².
        let exact = (|| {
            let a = n.checked_mul(n)?.checked_mul(self.sum_sq)?;
            let b = s.checked_mul(n)?.checked_mul(2)?.checked_mul(self.cross)?;
            let c = s
                .checked_mul(s)?
                .checked_mul(i128::try_from(self.n_sq).ok()?)?;
            a.checked_sub(b)?.checked_add(c)
        })();
        let (nf, sf) = (self.n as f64, self.sum as f64);
        let scaled = match exact {
            Some(v) => v as f64,
            None => {
                nf * nf * self.sum_sq as f64 - 2.0 * sf * nf * self.cross as f64
                    + sf * sf * self.n_sq as f64
            }
        };
        let g = self.clusters as f64;
        (g / (g - 1.0) * scaled.max(0.0)).sqrt() / (nf * nf)
    }

    /// The mean and the half-width of its cluster-robust 95% interval.
    pub fn mean_ci95(&self) -> (f64, f64) {
        (self.mean(), Z95 * self.standard_error())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::stats::mean_ci95_from_sums;

    /// A direct computation on a small hand-made data set: three deals of
    /// 2, 3 and 1 observations.
    #[test]
    fn the_half_width_is_that_of_a_direct_computation() {
        let deals: [&[i64]; 3] = [&[1, 0], &[1, 1, 0], &[0]];
        let mut sums = ClusterSums::default();
        for d in deals {
            sums.add(d.len() as u64, d.iter().sum());
        }
        // m = 3/6 = 0.5; residuals S_g - n_g m: 1 - 1 = 0, 2 - 1.5 = 0.5,
        // 0 - 0.5 = -0.5; Σ r² = 0.5; se² = 3/2 · 0.5 / 36 = 1/48.
        assert_eq!(sums.mean(), 0.5);
        let se = (1.0f64 / 48.0).sqrt();
        assert!((sums.standard_error() - se).abs() < 1e-15);
        let (m, h) = sums.mean_ci95();
        assert_eq!(m, 0.5);
        assert!((h - Z95 * se).abs() < 1e-15, "{h}");
        assert!(sums.clustered());
    }

    #[test]
    fn one_observation_per_cluster_is_the_usual_interval() {
        let values = [3i64, -1, 4, 1, 5, 9, 2, 6];
        let mut sums = ClusterSums::default();
        for &v in &values {
            sums.add(1, v);
        }
        assert!(!sums.clustered());
        let sq: i128 = values.iter().map(|&v| i128::from(v * v)).sum();
        let (m1, h1) = mean_ci95_from_sums(8, values.iter().sum(), sq);
        let (m2, h2) = sums.mean_ci95();
        assert_eq!(m1, m2);
        assert!((h1 - h2).abs() < 1e-12, "{h1} {h2}");
    }

    #[test]
    fn sums_merge_and_degenerate_cases_are_zero() {
        let mut a = ClusterSums::default();
        a.add(2, 1);
        let mut b = ClusterSums::default();
        b.add(2, 2);
        let mut whole = a;
        whole.add(2, 2);
        assert_eq!(a.checked_merge(&b), Some(whole));
        assert_eq!(ClusterSums::default().standard_error(), 0.0);
        assert_eq!(a.standard_error(), 0.0);
        let huge = ClusterSums {
            sum: i64::MAX,
            ..ClusterSums::default()
        };
        assert_eq!(huge.checked_merge(&huge), None);
        assert_eq!(z95_simultaneous(1), Z95);
        assert_eq!(z95_simultaneous(0), Z95);
        assert_eq!(z95_simultaneous(20), Z95_BONFERRONI[7]);
    }
}
