//! Statistics for tournament results: intervals ([`wilson`],
//! [`mean_ci95`], cluster-robust by deal in [`cluster`]), the sequential probability ratio test for early stopping
//! ([`sprt`]), Bradley-Terry ratings with bootstrap intervals
//! ([`bradley_terry`]) and the pairwise decomposition of multi-player
//! rankings ([`pairwise`]); verdicts against margins: the declared test
//! ([`decision`]: equivalence by TOST in [`equivalence`], non-inferiority,
//! superiority), intervals of selections from the data ([`selection`]:
//! best and worst seats, distances from 1), Holm's correction for
//! multiplicity ([`multiplicity`]) and the power of a plan
//! ([`power`]). Formulas, choices and references:
//! `docs/statistics.md`.

pub mod bradley_terry;
pub mod cluster;
pub mod decision;
pub mod equivalence;
pub mod multiplicity;
mod normal;
pub mod pairwise;
pub mod power;
pub mod selection;
pub mod sprt;
pub mod trend;
pub mod within;

/// z for a two-sided 95% interval.
pub const Z95: f64 = 1.959_963_984_540_054;

/// Wilson score interval for a proportion: `successes` out of `trials`
/// (successes may be fractional, e.g. shared wins counted as 1/k), at
/// normal quantile `z`. Returns `(low, high)`; `(0, 1)` when `trials` is 0.
pub fn wilson(successes: f64, trials: f64, z: f64) -> (f64, f64) {
    if trials <= 0.0 {
        return (0.0, 1.0);
    }
    let p = successes / trials;
    let z2 = z * z;
    let denom = 1.0 + z2 / trials;
    let centre = (p + z2 / (2.0 * trials)) / denom;
    let half = z * ((p * (1.0 - p) + z2 / (4.0 * trials)) / trials).sqrt() / denom;
    ((centre - half).max(0.0), (centre + half).min(1.0))
}

/// Mean and the half-width of a normal 95% interval of `values`.
pub fn mean_ci95(values: &[f64]) -> (f64, f64) {
    let n = values.len() as f64;
    if values.is_empty() {
        return (0.0, 0.0);
    }
    let mean = values.iter().sum::<f64>() / n;
    if values.len() < 2 {
        return (mean, 0.0);
    }
    let var = values.iter().map(|v| (v - mean) * (v - mean)).sum::<f64>() / (n - 1.0);
    (mean, Z95 * (var / n).sqrt())
}

/// [`mean_ci95`] from exact integer totals: `n` values, their sum and the
/// sum of their squares (so a tally can be kept without storing the values,
/// and the result does not depend on the order they were added in).
pub fn mean_ci95_from_sums(n: u64, sum: i64, sum_of_squares: i128) -> (f64, f64) {
    if n == 0 {
        return (0.0, 0.0);
    }
    let mean = sum as f64 / n as f64;
    if n < 2 {
        return (mean, 0.0);
    }
    // n * sum_sq - sum^2 is exact in i128 for any realistic tally (sums
    // read from a damaged file may overflow it: then in floating point).
    let spread = (n as i128)
        .checked_mul(sum_of_squares)
        .and_then(|a| a.checked_sub((sum as i128) * (sum as i128)))
        .map_or_else(
            || n as f64 * sum_of_squares as f64 - (sum as f64) * (sum as f64),
            |s| s as f64,
        );
    let var = spread / (n as f64 * (n - 1) as f64);
    (mean, Z95 * (var / n as f64).sqrt())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn wilson_matches_reference_values() {
        // 50/100 at 95%: (0.4038, 0.5962).
        let (lo, hi) = wilson(50.0, 100.0, Z95);
        assert!(
            (lo - 0.4038).abs() < 1e-4 && (hi - 0.5962).abs() < 1e-4,
            "{lo} {hi}"
        );
        // 0/10: (0, 0.2775).
        let (lo, hi) = wilson(0.0, 10.0, Z95);
        assert_eq!(lo, 0.0);
        assert!((hi - 0.2775).abs() < 1e-4, "{hi}");
        assert_eq!(wilson(0.0, 0.0, Z95), (0.0, 1.0));
    }

    #[test]
    fn mean_interval_from_sums_matches() {
        let values = [3i64, -1, 4, 1, 5, 9, 2, 6];
        let (m1, h1) = mean_ci95(&values.iter().map(|&v| v as f64).collect::<Vec<_>>());
        let sum: i64 = values.iter().sum();
        let squares: i128 = values.iter().map(|&v| (v * v) as i128).sum();
        let (m2, h2) = mean_ci95_from_sums(values.len() as u64, sum, squares);
        assert_eq!(m1, m2);
        assert!((h1 - h2).abs() < 1e-12, "{h1} {h2}");
        assert_eq!(mean_ci95_from_sums(0, 0, 0), (0.0, 0.0));
        assert_eq!(mean_ci95_from_sums(1, 7, 49), (7.0, 0.0));
    }

    #[test]
    fn mean_interval() {
        let (m, h) = mean_ci95(&[1.0, 2.0, 3.0, 4.0]);
        assert_eq!(m, 2.5);
        assert!((h - Z95 * (1.666_666_666_7f64 / 4.0).sqrt()).abs() < 1e-9);
    }
}
