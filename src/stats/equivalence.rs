//! Comparisons that decide: a difference from a baseline, its interval,
//! and an equivalence verdict against a margin declared in advance.
//!
//! The verdict is two one-sided tests (TOST) at level α = 5% each, i.e. the
//! 90% interval of the difference (with `tests` simultaneous comparisons,
//! Bonferroni: the 1 − 2·0.05/`tests` interval):
//! - `equivalent`: the interval lies inside (−margin, +margin);
//! - `better` / `worse`: it lies entirely beyond the margin on one side,
//!   and the interval of the *improvement* (the difference signed so that
//!   positive is better, by the metric's [`Direction`]; for a toward-one
//!   metric the change in distance from 1, [`super::selection`]) lies on
//!   one side of 0: which side is better is read from an interval, never
//!   from point estimates;
//! - `differs`: beyond the margin for a metric without a direction, or
//!   with the improvement's interval straddling 0 (a seat ratio from 1.058
//!   to 0.938 moved, but not resolved toward or away from fair);
//! - `inconclusive`: anything else (the interval straddles a margin);
//! - `none`: no margin was declared for the metric: no verdict.
//!
//! "Not significantly different" (an interval containing 0) is never
//! evidence of equivalence; only an interval inside the margins is. The
//! reported interval is the 95% one (Bonferroni-adjusted the same way).
//!
//! The one-sided tests a criterion may declare instead (`non-inferior`,
//! `superior`) are [`super::decision`]'s; their verdict words are here.

use std::fmt;

pub use super::normal::{normal_cdf, normal_quantile};

/// Which way a metric is better, for the verdict's side.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Direction {
    /// Larger is better (a bot's skill Elo).
    Higher,
    /// Smaller is better (a seat gap).
    Lower,
    /// Closer to 1 is better (a seat ratio: 1 is fair).
    TowardOne,
    /// No better side (a game's length): beyond the margin is `differs`.
    Neither,
}

/// The outcome of a comparison with a baseline.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// Inside ±margin: as good as the baseline for this metric.
    Equivalent,
    /// Beyond the margin, on the better side.
    Better,
    /// Beyond the margin, on the worse side.
    Worse,
    /// Beyond the margin, for a metric without a better side.
    Differs,
    /// Not worse than the baseline by the margin (a `non-inferior` test:
    /// the bad-side bound of the 90% interval within the margin).
    NonInferior,
    /// Worse than the baseline by more than the margin (a `non-inferior`
    /// test: the whole 90% interval beyond the margin on the bad side).
    Inferior,
    /// Not better by the margin (a `superior` test: the whole 90% interval
    /// short of the margin on the good side).
    NotBetter,
    /// The data do not decide (the interval straddles a margin).
    Inconclusive,
    /// No margin declared: no verdict.
    None,
}

impl Verdict {
    /// Every verdict, in the order summary.md explains them (`None` last).
    pub const ALL: [Verdict; 9] = [
        Verdict::Equivalent,
        Verdict::NonInferior,
        Verdict::Inferior,
        Verdict::Better,
        Verdict::NotBetter,
        Verdict::Worse,
        Verdict::Differs,
        Verdict::Inconclusive,
        Verdict::None,
    ];

    /// The word written in `compare.csv`.
    pub fn name(self) -> &'static str {
        match self {
            Verdict::Equivalent => "equivalent",
            Verdict::Better => "better",
            Verdict::Worse => "worse",
            Verdict::Differs => "differs",
            Verdict::NonInferior => "non-inferior",
            Verdict::Inferior => "inferior",
            Verdict::NotBetter => "not-better",
            Verdict::Inconclusive => "inconclusive",
            Verdict::None => "none",
        }
    }

    /// The verdict in one plain sentence, for summaries.
    pub fn explanation(self) -> &'static str {
        match self {
            Verdict::Equivalent => {
                "As good as the baseline: the difference is, with 90% confidence, smaller than \
                 the margin either way."
            }
            Verdict::Better => "Better than the baseline by more than the margin.",
            Verdict::Worse => "Worse than the baseline by more than the margin.",
            Verdict::Differs => {
                "Different from the baseline by more than the margin, with neither side \
                 shown to be the better one."
            }
            Verdict::NonInferior => {
                "Not worse than the baseline in a way that matters: at worst it is worse by \
                 less than the margin (one-sided, 95% confidence)."
            }
            Verdict::Inferior => "Worse than the baseline by more than the margin.",
            Verdict::NotBetter => {
                "Not better than the baseline by the margin: any improvement is smaller \
                 than the margin."
            }
            Verdict::Inconclusive => {
                "Undecided: the interval reaches past the margin; more games would decide."
            }
            Verdict::None => "No margin was declared for this metric: no verdict.",
        }
    }
}

impl fmt::Display for Verdict {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A metric of one setting compared with the same metric of the baseline.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Comparison {
    /// value − baseline.
    pub diff: f64,
    /// The 95% interval of `diff` (simultaneous over `tests`).
    pub low95: f64,
    /// See `low95`.
    pub high95: f64,
    /// The TOST verdict (see the module docs).
    pub verdict: Verdict,
}

/// The 90% interval of the improvement over the baseline (positive is
/// better) when it is the difference itself, signed by `direction`
/// (larger or smaller is better); `None` for a toward-one metric (its
/// improvement is the change in distance from 1, [`super::selection`]) or
/// one without a better side.
pub fn signed_improvement(low: f64, high: f64, direction: Direction) -> Option<(f64, f64)> {
    match direction {
        Direction::Higher => Some((low, high)),
        Direction::Lower => Some((-high, -low)),
        Direction::TowardOne | Direction::Neither => None,
    }
}

/// Compare `value` with `baseline` given the standard error of their
/// difference (`se`, from paired per-deal differences or an unpaired
/// cluster-robust combination), a `margin` (if declared), the metric's
/// `direction`, and the number of simultaneous `tests` (≥ 1) the verdict
/// must hold over (Bonferroni). A toward-one metric's side is that of the
/// change in distance from 1 ([`super::selection::distance_change`]) with
/// the two estimates taken as independent and of equal standard errors
/// (`se / √2` each); a caller that knows their variances and covariance
/// calls [`tost`] with that interval itself, as `compare.csv` does.
pub fn compare(
    value: f64,
    baseline: f64,
    se: f64,
    margin: Option<f64>,
    direction: Direction,
    tests: usize,
) -> Comparison {
    let tests = tests.max(1) as f64;
    let diff = value - baseline;
    let z95 = normal_quantile(1.0 - 0.025 / tests);
    let z90 = normal_quantile(1.0 - 0.05 / tests);
    let (low90, high90) = (diff - z90 * se, diff + z90 * se);
    let improvement = match direction {
        // Two estimates of equal standard errors, independent.
        Direction::TowardOne => {
            let var = se * se / 2.0;
            let c = super::selection::distance_change(value, baseline, var, var, 0.0, 0.05 / tests);
            Some((-c.high, -c.low))
        }
        _ => signed_improvement(low90, high90, direction),
    };
    let verdict = tost(low90, high90, improvement, margin);
    Comparison {
        diff,
        low95: diff - z95 * se,
        high95: diff + z95 * se,
        verdict,
    }
}

/// The TOST verdict of a difference whose 90% interval (simultaneous, if
/// several) is `low90..high90`, for a `margin` (if declared); beyond the
/// margin, the side is that of `improvement90`, the 90% interval of the
/// improvement (positive is better; `None` for a metric without a better
/// side): `better` when it lies above 0, `worse` below, else `differs`.
pub fn tost(
    low90: f64,
    high90: f64,
    improvement90: Option<(f64, f64)>,
    margin: Option<f64>,
) -> Verdict {
    match margin {
        None => Verdict::None,
        Some(m) if low90 > -m && high90 < m => Verdict::Equivalent,
        Some(m) if low90 >= m || high90 <= -m => match improvement90 {
            Some((low, _)) if low > 0.0 => Verdict::Better,
            Some((_, high)) if high < 0.0 => Verdict::Worse,
            _ => Verdict::Differs,
        },
        Some(_) => Verdict::Inconclusive,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_verdict_on_constructed_data() {
        let z90 = 1.644_853_626_951_472_2;
        // Inside the margin: 0.01 ± 1.645·0.01 ⊂ (−0.05, 0.05).
        let c = compare(1.01, 1.0, 0.01, Some(0.05), Direction::TowardOne, 1);
        assert_eq!(c.verdict, Verdict::Equivalent);
        assert!((c.diff - 0.01).abs() < 1e-12);
        assert!((c.high95 - (0.01 + 1.959_963_984_540_054 * 0.01)).abs() < 1e-6);
        // Straddling the margin.
        let c = compare(1.04, 1.0, 0.01, Some(0.05), Direction::TowardOne, 1);
        assert_eq!(c.verdict, Verdict::Inconclusive);
        // Entirely above +margin: the ratio moved away from 1: worse.
        let c = compare(1.20, 1.05, 0.01, Some(0.05), Direction::TowardOne, 1);
        assert_eq!(c.verdict, Verdict::Worse);
        // Entirely below −margin, towards 1: better.
        let c = compare(1.02, 1.20, 0.01, Some(0.05), Direction::TowardOne, 1);
        assert_eq!(c.verdict, Verdict::Better);
        // Skill: higher is better; lower is worse.
        assert_eq!(
            compare(150.0, 0.0, 20.0, Some(50.0), Direction::Higher, 1).verdict,
            Verdict::Better
        );
        assert_eq!(
            compare(-150.0, 0.0, 20.0, Some(50.0), Direction::Higher, 1).verdict,
            Verdict::Worse
        );
        assert_eq!(
            compare(0.0, 0.2, 0.01, Some(0.05), Direction::Lower, 1).verdict,
            Verdict::Better
        );
        // No direction: differs.
        assert_eq!(
            compare(40.0, 30.0, 1.0, Some(3.0), Direction::Neither, 1).verdict,
            Verdict::Differs
        );
        // No margin: no verdict, but the interval is there.
        let c = compare(40.0, 30.0, 1.0, None, Direction::Neither, 1);
        assert_eq!(c.verdict, Verdict::None);
        assert_eq!(c.verdict.to_string(), "none");
        // The edge: the 90% interval just inside the margin, just past it.
        assert_eq!(
            compare(1.01, 1.0, 0.0399 / z90, Some(0.05), Direction::TowardOne, 1).verdict,
            Verdict::Equivalent
        );
        assert_eq!(
            compare(1.01, 1.0, 0.0401 / z90, Some(0.05), Direction::TowardOne, 1).verdict,
            Verdict::Inconclusive
        );
        // Bonferroni over 4 seats widens the interval: equivalent alone,
        // inconclusive over 4 simultaneous tests.
        let se = 0.035 / z90;
        assert_eq!(
            compare(1.0, 1.0, se, Some(0.04), Direction::TowardOne, 1).verdict,
            Verdict::Equivalent
        );
        assert_eq!(
            compare(1.0, 1.0, se, Some(0.04), Direction::TowardOne, 4).verdict,
            Verdict::Inconclusive
        );
    }
}
