//! `--fit linear|log`: a fitted trend line per series of a line figure
//! (the library's weighted least squares, [`fit_trend`]), the reason a
//! series gets none, the slope's legend text and the points of the line.
//!
//! Each point weighs by its 95% band: its standard error is the band's
//! half-width / 1.959964. A series with a point without a band (or with a
//! band of width 0), or with fewer than 3 points, is drawn without a line.

use beachcomber::stats::Z95;
use beachcomber::stats::trend::{Fit, Trend, TrendError, fit_trend};

use super::figure::Point;

/// Why a series gets no trend line (its text follows the series' label in
/// the figure's note on standard error).
#[derive(Clone, Debug, PartialEq, thiserror::Error)]
pub(super) enum NoTrend {
    /// A point (at this x) has no 95% band.
    #[error("no 95% band at x = {0}")]
    NoBand(f64),
    /// Too few points (this many) for a fit.
    #[error("{0} points (a fit needs 3 or more, at 2 or more x values)")]
    TooFewPoints(usize),
    /// A point (at this x) has a band of width 0.
    #[error("a 95% band of width 0 at x = {0}")]
    ZeroBand(f64),
    /// A log fit's x (this one) is not positive.
    #[error("x = {0} is not positive")]
    NotPositive(f64),
}

/// The trend of a series' points (sorted by x), or why it has none.
pub(super) fn fit_series(points: &[Point], fit: Fit) -> Result<Trend, NoTrend> {
    let mut weighed = Vec::with_capacity(points.len());
    for p in points {
        let Some((lo, hi)) = p.band else {
            return Err(NoTrend::NoBand(p.x));
        };
        weighed.push((p.x, p.y, (hi - lo) / 2.0 / Z95));
    }
    fit_trend(&weighed, fit).map_err(|e| match e {
        TrendError::TooFewPoints(n) => NoTrend::TooFewPoints(n),
        TrendError::BadError(i) => NoTrend::ZeroBand(points[i].x),
        TrendError::NotPositive(i) => NoTrend::NotPositive(points[i].x),
    })
}

/// The legend text of a trend: `slope −0.050 [−0.061, −0.039] per ln x`,
/// with two significant digits of the interval's half-width (or of the
/// slope, when the interval has no width).
pub(super) fn slope_text(trend: &Trend, fit: Fit) -> String {
    let half = (trend.slope_high95 - trend.slope_low95) / 2.0;
    let scale = if half > 1e-12 * trend.slope.abs() && half > 0.0 {
        half
    } else {
        trend.slope.abs()
    };
    let decimals = if scale > 0.0 && scale.is_finite() {
        (1.0 - scale.log10().floor()).clamp(0.0, 8.0) as usize
    } else {
        2
    };
    let number = |v: f64| {
        let s = format!("{v:.decimals$}");
        // −0.000 is 0.000; the minus sign is U+2212.
        match s.strip_prefix('-') {
            Some(rest) if rest.chars().any(|c| c.is_ascii_digit() && c != '0') => {
                format!("\u{2212}{rest}")
            }
            Some(rest) => rest.to_string(),
            None => s,
        }
    };
    let per = match fit {
        Fit::Linear => "per x",
        Fit::Log => "per ln x",
    };
    format!(
        "slope {} [{}, {}] {per}",
        number(trend.slope),
        number(trend.slope_low95),
        number(trend.slope_high95)
    )
}

/// Points of the fitted line from `x0` to `x1` (a straight line: its
/// ends; a log line: 64 points along it).
pub(super) fn line_points(trend: &Trend, fit: Fit, x0: f64, x1: f64) -> Vec<(f64, f64)> {
    match fit {
        Fit::Linear => [x0, x1]
            .iter()
            .map(|&x| (x, trend.intercept + trend.slope * x))
            .collect(),
        Fit::Log => (0..64)
            .map(|i| {
                let x = x0 + (x1 - x0) * f64::from(i) / 63.0;
                (x, trend.intercept + trend.slope * x.ln())
            })
            .collect(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn point(x: f64, y: f64, half: f64) -> Point {
        Point {
            x,
            y,
            band: Some((y - half, y + half)),
        }
    }

    #[test]
    fn weights_come_from_the_band() {
        // y = 1 + 2x, half-width Z95 · 0.1: se 0.1 each, Σw(x − x̄)² = 200.
        let points: Vec<Point> = (0..3)
            .map(|i| point(i as f64, 1.0 + 2.0 * i as f64, Z95 * 0.1))
            .collect();
        let t = fit_series(&points, Fit::Linear).unwrap();
        assert!((t.slope - 2.0).abs() < 1e-12);
        let half = Z95 * (1.0f64 / 200.0).sqrt();
        assert!((t.slope_high95 - 2.0 - half).abs() < 1e-12);
        assert_eq!(slope_text(&t, Fit::Linear), "slope 2.00 [1.86, 2.14] per x");
        let mut unbanded = points.clone();
        unbanded[1].band = None;
        let why = fit_series(&unbanded, Fit::Linear).unwrap_err();
        assert_eq!(why, NoTrend::NoBand(1.0));
        assert_eq!(why.to_string(), "no 95% band at x = 1");
        let why = fit_series(&points[..2], Fit::Linear).unwrap_err();
        assert_eq!(why, NoTrend::TooFewPoints(2));
        assert_eq!(
            why.to_string(),
            "2 points (a fit needs 3 or more, at 2 or more x values)"
        );
        let mut flat = points.clone();
        flat[2].band = Some((flat[2].y, flat[2].y));
        let why = fit_series(&flat, Fit::Linear).unwrap_err();
        assert_eq!(why, NoTrend::ZeroBand(2.0));
        assert_eq!(why.to_string(), "a 95% band of width 0 at x = 2");
        let why = fit_series(&points, Fit::Log).unwrap_err();
        assert_eq!(why, NoTrend::NotPositive(0.0));
        assert_eq!(why.to_string(), "x = 0 is not positive");
    }

    #[test]
    fn slope_texts() {
        let t = Trend {
            intercept: 0.0,
            slope: -0.05,
            slope_low95: -0.061,
            slope_high95: -0.039,
            reduced_chi2: 1.0,
            points: 4,
        };
        assert_eq!(
            slope_text(&t, Fit::Log),
            "slope \u{2212}0.050 [\u{2212}0.061, \u{2212}0.039] per ln x"
        );
        let flat = Trend {
            slope: 0.0001,
            slope_low95: -0.0001,
            slope_high95: 0.0003,
            ..t
        };
        assert_eq!(
            slope_text(&flat, Fit::Linear),
            "slope 0.00010 [\u{2212}0.00010, 0.00030] per x"
        );
        assert_eq!(line_points(&t, Fit::Log, 1.0, 2.0).len(), 64);
    }
}
