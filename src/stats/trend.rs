//! A trend instead of an argmax: a weighted least-squares line of a metric
//! on a numeric setting (or on another metric, such as the game's length),
//! with the interval of its slope. Picking the best cell of a grid by its
//! point estimate chases noise; a trend says how the metric moves.
//!
//! Each point `(x, y)` has the standard error `se` of its `y` and weighs
//! `1 / se²`. The slope's standard error is that of known variances,
//! `sqrt(1 / Σ w (x − x̄)²)`, scaled up by the square root of the reduced
//! chi-square `χ² / (n − 2)` when that exceeds 1 (the points scatter more
//! about the line than their errors say: the line is not the whole story).
//! With [`Fit::Log`] the line is fitted on `ln x`.

use super::Z95;

/// The form of the line.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Fit {
    /// `y = a + b·x`.
    Linear,
    /// `y = a + b·ln x` (every `x` must be positive).
    Log,
}

/// A fitted line.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Trend {
    /// The intercept `a`.
    pub intercept: f64,
    /// The slope `b` (per unit of `x`, or of `ln x`).
    pub slope: f64,
    /// The 95% interval of the slope.
    pub slope_low95: f64,
    /// See `slope_low95`.
    pub slope_high95: f64,
    /// The reduced chi-square of the points about the line (1: they scatter
    /// as their errors say).
    pub reduced_chi2: f64,
    /// Points used.
    pub points: usize,
}

/// Why no line was fitted.
#[derive(Clone, Debug, PartialEq)]
pub enum TrendError {
    /// Fewer than three points, or fewer than two distinct `x`.
    TooFewPoints(usize),
    /// A standard error that is not positive and finite, at point `i`.
    BadError(usize),
    /// An `x` that is not positive with [`Fit::Log`], at point `i`.
    NotPositive(usize),
}

impl std::fmt::Display for TrendError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            TrendError::TooFewPoints(n) => write!(
                f,
                "a trend needs at least 3 points at 2 or more settings, got {n}"
            ),
            TrendError::BadError(i) => write!(
                f,
                "point {i} has no positive standard error (too few games, or a value that never varies there)"
            ),
            TrendError::NotPositive(i) => {
                write!(f, "point {i}: a log fit needs a positive setting")
            }
        }
    }
}

impl std::error::Error for TrendError {}

/// Fit the line of `fit` form through `points` `(x, y, se)`.
pub fn fit_trend(points: &[(f64, f64, f64)], fit: Fit) -> Result<Trend, TrendError> {
    let mut xs = Vec::with_capacity(points.len());
    for (i, &(x, _, se)) in points.iter().enumerate() {
        if !(se.is_finite() && se > 0.0) {
            return Err(TrendError::BadError(i));
        }
        xs.push(match fit {
            Fit::Linear => x,
            Fit::Log if x > 0.0 => x.ln(),
            Fit::Log => return Err(TrendError::NotPositive(i)),
        });
    }
    let n = points.len();
    let distinct = xs.iter().any(|&x| x != xs[0]);
    if n < 3 || !distinct {
        return Err(TrendError::TooFewPoints(n));
    }
    let w: Vec<f64> = points.iter().map(|&(_, _, se)| 1.0 / (se * se)).collect();
    let sw: f64 = w.iter().sum();
    let xbar = w.iter().zip(&xs).map(|(w, x)| w * x).sum::<f64>() / sw;
    let ybar = w.iter().zip(points).map(|(w, p)| w * p.1).sum::<f64>() / sw;
    let sxx: f64 = w.iter().zip(&xs).map(|(w, x)| w * (x - xbar).powi(2)).sum();
    let sxy: f64 = w
        .iter()
        .zip(&xs)
        .zip(points)
        .map(|((w, x), p)| w * (x - xbar) * (p.1 - ybar))
        .sum();
    let slope = sxy / sxx;
    let intercept = ybar - slope * xbar;
    let chi2: f64 = w
        .iter()
        .zip(&xs)
        .zip(points)
        .map(|((w, x), p)| w * (p.1 - intercept - slope * x).powi(2))
        .sum();
    let reduced_chi2 = chi2 / (n - 2) as f64;
    let se = (1.0 / sxx).sqrt() * reduced_chi2.max(1.0).sqrt();
    Ok(Trend {
        intercept,
        slope,
        slope_low95: slope - Z95 * se,
        slope_high95: slope + Z95 * se,
        reduced_chi2,
        points: n,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_line_through_exact_points() {
        // y = 2 + 0.5 x, equal errors, no scatter: slope 0.5, se sqrt(1/Σw(x-x̄)²).
        let points: Vec<(f64, f64, f64)> = (0..5)
            .map(|i| (i as f64, 2.0 + 0.5 * i as f64, 0.1))
            .collect();
        let t = fit_trend(&points, Fit::Linear).unwrap();
        assert!((t.slope - 0.5).abs() < 1e-12);
        assert!((t.intercept - 2.0).abs() < 1e-12);
        assert!(t.reduced_chi2 < 1e-20);
        // Σ w (x − x̄)² = 100 · 10 = 1000: se = 0.0316228.
        let half = Z95 * (1.0f64 / 1000.0).sqrt();
        assert!((t.slope_high95 - 0.5 - half).abs() < 1e-12);
    }

    #[test]
    fn scatter_widens_the_interval_and_weights_count() {
        // By hand: points (1, 1.0), (2, 2.5), (3, 2.9), (4, 4.2), se 0.1
        // each: x̄ 2.5, ȳ 2.65, Sxy 5, Sxx 5: slope 1, intercept 0.15;
        // residuals −0.15, 0.35, −0.25, 0.05: χ² = 100 · 0.21 = 21, over
        // 2 degrees of freedom 10.5; Σw(x − x̄)² = 500.
        let points = [
            (1.0, 1.0, 0.1),
            (2.0, 2.5, 0.1),
            (3.0, 2.9, 0.1),
            (4.0, 4.2, 0.1),
        ];
        let t = fit_trend(&points, Fit::Linear).unwrap();
        assert!((t.slope - 1.0).abs() < 1e-12, "{}", t.slope);
        assert!((t.intercept - 0.15).abs() < 1e-12, "{}", t.intercept);
        assert!((t.reduced_chi2 - 10.5).abs() < 1e-9, "{}", t.reduced_chi2);
        let se = (1.0f64 / 500.0).sqrt() * 10.5f64.sqrt();
        assert!((t.slope_low95 - (1.0 - Z95 * se)).abs() < 1e-12);
        // A precise point pulls the line: the fit moves towards it.
        let weighted = [
            (1.0, 1.0, 0.01),
            (2.0, 2.5, 0.1),
            (3.0, 2.9, 0.1),
            (4.0, 4.2, 0.1),
        ];
        let u = fit_trend(&weighted, Fit::Linear).unwrap();
        assert!((u.intercept + u.slope - 1.0).abs() < (t.intercept + t.slope - 1.0).abs());
    }

    #[test]
    fn log_fits_and_refusals() {
        // y = 0.651 − 0.050 ln x exactly.
        let points: Vec<(f64, f64, f64)> = [20.0, 30.0, 45.0, 60.0]
            .iter()
            .map(|&x: &f64| (x, 0.651 - 0.050 * x.ln(), 0.01))
            .collect();
        let t = fit_trend(&points, Fit::Log).unwrap();
        assert!((t.slope + 0.050).abs() < 1e-12);
        assert!((t.intercept - 0.651).abs() < 1e-12);
        assert_eq!(
            fit_trend(&points[..2], Fit::Linear),
            Err(TrendError::TooFewPoints(2))
        );
        assert_eq!(
            fit_trend(
                &[(0.0, 1.0, 0.1), (1.0, 1.0, 0.1), (2.0, 1.0, 0.1)],
                Fit::Log
            ),
            Err(TrendError::NotPositive(0))
        );
        assert_eq!(
            fit_trend(
                &[(1.0, 1.0, 0.1), (1.0, 1.0, 0.0), (2.0, 1.0, 0.1)],
                Fit::Linear
            ),
            Err(TrendError::BadError(1))
        );
        assert_eq!(
            fit_trend(
                &[(1.0, 1.0, 0.1), (1.0, 2.0, 0.1), (1.0, 3.0, 0.1)],
                Fit::Linear
            ),
            Err(TrendError::TooFewPoints(3))
        );
    }
}
