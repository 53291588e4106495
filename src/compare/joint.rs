//! The joint spread of several per-deal means ([`DealMoments`]): from it
//! the variance of any linear contrast of them, so that the intervals of
//! selections (the best seat, the gap, a distance from 1) combine errors
//! in quadrature when two settings are independent and pairwise per deal
//! when they share deals.

/// Sums over deals of a vector of per-deal means `x_d` (the seats' mean
/// win shares of one deal, and the baseline's on the same deal when
/// paired): how many, `Σ x_d` and `Σ x_d x_dᵀ`.
#[derive(Clone, Debug, Default, PartialEq)]
pub(super) struct DealMoments {
    deals: f64,
    sum: Vec<f64>,
    cross: Vec<f64>,
}

impl DealMoments {
    /// Count one deal's means.
    pub(super) fn add(&mut self, x: &[f64]) {
        let k = x.len();
        if self.sum.is_empty() {
            self.sum = vec![0.0; k];
            self.cross = vec![0.0; k * k];
        }
        if self.sum.len() != k {
            return;
        }
        self.deals += 1.0;
        for i in 0..k {
            self.sum[i] += x[i];
            for j in 0..k {
                self.cross[i * k + j] += x[i] * x[j];
            }
        }
    }

    /// The number of means per deal (0 before any deal).
    pub(super) fn width(&self) -> usize {
        self.sum.len()
    }

    /// The variance of `a · x̄`, the contrast `a` of the means over deals:
    /// `aᵀ S a / D` with `S` the sample covariance of the `x_d` (0 with
    /// fewer than two deals). With equal deals this is the cluster-robust
    /// (by deal) variance of the pooled means.
    pub(super) fn variance_of(&self, a: &[f64]) -> f64 {
        let k = self.sum.len();
        if self.deals < 2.0 || a.len() != k {
            return 0.0;
        }
        let mut squares = 0.0;
        let mut total = 0.0;
        for i in 0..k {
            total += a[i] * self.sum[i];
            for j in 0..k {
                squares += a[i] * a[j] * self.cross[i * k + j];
            }
        }
        let spread = (squares - total * total / self.deals).max(0.0);
        spread / (self.deals - 1.0) / self.deals
    }
}
