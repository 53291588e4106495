//! An estimate with its interval, and the race's interval forms: the
//! union race's (Wilson for bounded quantities) and the `max-t` race's
//! (the sample variance with a floor), docs/search.md "What is
//! guaranteed".

use super::evidence::Moments;
use crate::stats::wilson;

/// An estimate with its interval.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Interval {
    /// The point estimate.
    pub estimate: f64,
    /// The lower end.
    pub low: f64,
    /// The upper end.
    pub high: f64,
}

impl Interval {
    /// The interval of `moments`' mean at quantile `z` (unbounded below two
    /// deals). For a quantity bounded within a range of width `range`
    /// (values from 0), the Wilson score interval of the mean scaled to
    /// [0, 1]: a [0, 1] value's variance is at most m(1 − m) for its mean
    /// m, so the interval holds however rare the non-zero values are (a
    /// run of deals without a tie has a sample variance of 0).
    pub(super) fn of(moments: &Moments, z: f64, range: Option<f64>) -> Interval {
        let estimate = moments.mean();
        if moments.deals < 2 {
            return Interval {
                estimate,
                low: f64::NEG_INFINITY,
                high: f64::INFINITY,
            };
        }
        if let Some(r) = range {
            let n = moments.deals as f64;
            let (low, high) = wilson((estimate / r).clamp(0.0, 1.0) * n, n, z);
            return Interval {
                estimate,
                low: low * r,
                high: high * r,
            };
        }
        let half = z * moments.standard_error();
        Interval {
            estimate,
            low: estimate - half,
            high: estimate + half,
        }
    }

    /// The interval of `moments`' mean at quantile `z` from its sample
    /// variance (the `max-t` race's form, bounded quantities included;
    /// unbounded below two deals). For a quantity bounded within a range
    /// of width `range`, the standard error is at least `range · z / n`
    /// (the floor [`variance_floor`] explains); a paired difference of
    /// such a quantity lies within `[−range, range]` and gets the same
    /// floor.
    pub(super) fn of_sample(moments: &Moments, z: f64, range: Option<f64>) -> Interval {
        let estimate = moments.mean();
        let mut se = moments.standard_error();
        if let Some(r) = range
            && moments.deals >= 2
        {
            se = se.max(variance_floor(r, z, moments.deals));
        }
        let half = z * se;
        Interval {
            estimate,
            low: estimate - half,
            high: estimate + half,
        }
    }

    /// The interval of a paired difference's mean at quantile `z`. For a
    /// quantity bounded within a range of width `range`, the standard error
    /// is at least `range · sqrt(p / n)`, with p the Wilson upper bound of
    /// the share of deals on which the two differ: a difference within
    /// [−range, range] has a variance of at most range² times that share.
    pub(super) fn of_difference(moments: &Moments, z: f64, range: Option<f64>) -> Interval {
        let estimate = moments.mean();
        let mut se = moments.standard_error();
        if let Some(r) = range
            && moments.deals >= 2
        {
            let n = moments.deals as f64;
            let (_, differ) = wilson(moments.nonzero as f64, n, z);
            se = se.max(r * (differ / n).sqrt());
        }
        let half = z * se;
        Interval {
            estimate,
            low: estimate - half,
            high: estimate + half,
        }
    }
}

/// The least standard error of a bounded quantity's mean in the `max-t`
/// race: `range · z / n` at `n` deals, so the half-width is at least
/// `range · z² / n`. Its reason is the degenerate sample: every value at
/// one end of the range (no tie seen yet; two candidates that never
/// differed), a sample variance of 0. A value `X` within `[0, range]` of
/// mean `m` is not 0 with probability at least `m / range` (Markov), so `n`
/// deals all at 0 have probability at most `(1 − m / range)^n ≤
/// exp(−n m / range)`; the interval `[0, range · z² / n]` misses `m` only
/// when `m > range · z² / n`, with probability at most `exp(−z²)`, below
/// the two-sided normal tail `2(1 − Φ(z))` at every `z ≥ 1.25`. Large samples
/// do not feel it: at 1,000 deals and `z = 3.5`, `0.0035 · range` against
/// a seat ratio's standard error of about `0.022`.
pub fn variance_floor(range: f64, z: f64, deals: u64) -> f64 {
    range * z / deals.max(1) as f64
}
