//! Intervals of quantities that select from the data: the best or the
//! worst of several means, the gap between them, a distance from 1. Each
//! is a *max of mins* of linear contrasts of means (`max_i μ_i − max_j ν_j
//! = max_i min_j (μ_i − ν_j)`, `|a| = max(a, −a)`), and a max of mins is
//! nondecreasing in every contrast: simultaneous intervals of the
//! contrasts (Bonferroni over them) bound it by the max of mins of their
//! lower bounds and of their upper bounds, with the coverage of the
//! simultaneous intervals, whichever contrast the data make the largest
//! (the selection is corrected for, not assumed). Each contrast's standard
//! error combines the settings' errors in quadrature when independent, or
//! from per-deal pairs when they share deals: never by adding bounds.
//! docs/statistics.md ("Selections from the data").

use super::normal::normal_quantile;

/// The lower and upper bound of an interval.
pub type Bounds = (f64, f64);

/// The interval of `max over groups of (min over the group's members)`
/// from simultaneous intervals of the members: the max of mins of their
/// lower bounds, and of their upper bounds. `(−∞, ∞)` when no group has a
/// member.
pub fn max_of_mins(groups: &[Vec<Bounds>]) -> Bounds {
    let mut out = (f64::NEG_INFINITY, f64::NEG_INFINITY);
    for group in groups.iter().filter(|g| !g.is_empty()) {
        let low = group.iter().map(|b| b.0).fold(f64::INFINITY, f64::min);
        let high = group.iter().map(|b| b.1).fold(f64::INFINITY, f64::min);
        out = (out.0.max(low), out.1.max(high));
    }
    if out.0 == f64::NEG_INFINITY {
        (f64::NEG_INFINITY, f64::INFINITY)
    } else {
        out
    }
}

/// The change in distance from 1 and its interval.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct DistanceChange {
    /// `|value − 1| − |baseline − 1|` (negative: nearer 1).
    pub estimate: f64,
    /// The interval's lower bound.
    pub low: f64,
    /// Its upper bound.
    pub high: f64,
}

/// The change in distance from 1 of a ratio, `|v − 1| − |b − 1|`, from the
/// estimates `value` and `baseline`, their variances and their covariance
/// (0 when independent), at a one-sided tail probability `tail` for the
/// whole interval (0.025 for a 95% interval, 0.05 for the 90% one a verdict
/// uses; divided by the simultaneous tests beforehand).
///
/// `|v−1| − |b−1| = max(min(u₁, u₂), min(−u₂, −u₁))` with `u₁ = v − b` and
/// `u₂ = v + b − 2`: the two contrasts' intervals at Bonferroni over two
/// (`tail / 2` each side) bound it, valid where either ratio's interval
/// crosses 1 (where the delta method on `|·|` fails: `|·|` has no
/// derivative at 1, and the plug-in `|v̂ − 1|` is biased away from 0).
pub fn distance_change(
    value: f64,
    baseline: f64,
    var_value: f64,
    var_baseline: f64,
    covariance: f64,
    tail: f64,
) -> DistanceChange {
    let z = normal_quantile(1.0 - tail / 2.0);
    let u1 = value - baseline;
    let u2 = value + baseline - 2.0;
    let h1 = z
        * (var_value + var_baseline - 2.0 * covariance)
            .max(0.0)
            .sqrt();
    let h2 = z
        * (var_value + var_baseline + 2.0 * covariance)
            .max(0.0)
            .sqrt();
    let (b1, b2) = ((u1 - h1, u1 + h1), (u2 - h2, u2 + h2));
    let (low, high) = max_of_mins(&[vec![b1, b2], vec![(-b2.1, -b2.0), (-b1.1, -b1.0)]]);
    DistanceChange {
        estimate: (value - 1.0).abs() - (baseline - 1.0).abs(),
        low,
        high,
    }
}

#[cfg(test)]
#[path = "selection_tests.rs"]
mod tests;
