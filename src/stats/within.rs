//! A value's own test against a fixed target: is it within `target ±
//! margin`? Two one-sided tests (TOST) at level α = 5% each on the value's
//! 90% interval, as [`super::equivalence`]'s comparisons with a baseline,
//! but against a number with no error of its own (a seat ratio of 1, a
//! fair seat). The balancing levers' studies ask it: "is seat 0 within 0.02
//! of fair with this compensation?" (docs/statistics.md, "Within a margin
//! of a target").
//!
//! - `within`: the 90% interval lies inside `(target − margin, target +
//!   margin)`: shown within the margin;
//! - `beyond`: the 90% interval lies entirely outside it (at or past one
//!   end): shown beyond the margin;
//! - `inconclusive`: anything else.
//!
//! Its power: a value exactly at the target is shown `within` with 80%
//! probability when the margin is at least `(z₀.₉₅ + z₀.₉₀) · se`
//! ([`super::power::margin_for_power`]'s equivalence case), the `resolves`
//! of [`Within`]. A `no` built on this test (nothing shown within) is a no
//! only where the margin was resolvable: below it, inconclusive.

use std::fmt;

use super::normal::{normal_cdf, normal_quantile};

/// The verdict of [`within_target`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum WithinVerdict {
    /// The 90% interval lies inside the margin around the target.
    Within,
    /// The 90% interval lies entirely outside it.
    Beyond,
    /// Neither: the interval reaches across an end of the margin.
    Inconclusive,
}

impl WithinVerdict {
    /// The word written in tables: `within`, `beyond`, `inconclusive`.
    pub fn name(self) -> &'static str {
        match self {
            WithinVerdict::Within => "within",
            WithinVerdict::Beyond => "beyond",
            WithinVerdict::Inconclusive => "inconclusive",
        }
    }

    /// The verdict read back from its word.
    pub fn from_name(word: &str) -> Option<WithinVerdict> {
        [
            WithinVerdict::Within,
            WithinVerdict::Beyond,
            WithinVerdict::Inconclusive,
        ]
        .into_iter()
        .find(|v| v.name() == word)
    }
}

impl fmt::Display for WithinVerdict {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A value tested against `target ± margin`.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Within {
    /// The verdict.
    pub verdict: WithinVerdict,
    /// The 90% interval's lower end (`value − z₀.₉₅ · se`).
    pub low90: f64,
    /// Its upper end.
    pub high90: f64,
    /// The one-sided p-value of `within`: the larger of the two one-sided
    /// tests' (below `target + margin`, above `target − margin`); below
    /// 0.05 exactly when the verdict is `within`. For Holm's correction
    /// over several settings.
    pub p: f64,
    /// The margin these games resolve: a value exactly at the target is
    /// shown `within` a margin this large with 80% probability.
    pub resolves: f64,
}

/// Test `value` (standard error `se`, e.g. cluster-robust by deal) against
/// `target ± margin` (module docs). A standard error of 0 gives the exact
/// answer (p 0 or 1).
pub fn within_target(value: f64, se: f64, target: f64, margin: f64) -> Within {
    let z90 = normal_quantile(0.95);
    let (low90, high90) = (value - z90 * se, value + z90 * se);
    let (low_end, high_end) = (target - margin, target + margin);
    let verdict = if low90 > low_end && high90 < high_end {
        WithinVerdict::Within
    } else if low90 >= high_end || high90 <= low_end {
        WithinVerdict::Beyond
    } else {
        WithinVerdict::Inconclusive
    };
    let p = if se > 0.0 {
        let above_low = normal_cdf(-(value - low_end) / se);
        let below_high = normal_cdf(-(high_end - value) / se);
        above_low.max(below_high)
    } else if value > low_end && value < high_end {
        0.0
    } else {
        1.0
    };
    Within {
        verdict,
        low90,
        high90,
        p,
        resolves: resolved_margin(se, 1),
    }
}

/// The margin a value of standard error `se` resolves when it is one of
/// `tests` settings whose passes are corrected for multiplicity (Holm's
/// first step, Bonferroni's level `0.05 / tests`; 1: uncorrected): a value
/// exactly at the target passes with 80% probability when the margin is at
/// least `(z_{1 − 0.05/tests} + z₀.₉₀) · se`. With Holm's correction the
/// first pass needs this level, so a "no" over several settings is a no
/// only at this margin.
pub fn resolved_margin(se: f64, tests: usize) -> f64 {
    (normal_quantile(1.0 - 0.05 / tests.max(1) as f64) + normal_quantile(0.9)) * se
}

#[cfg(test)]
mod tests {
    use super::*;

    const Z90: f64 = 1.644_853_626_951_472_2;

    #[test]
    fn each_verdict_and_its_edges_on_constructed_values() {
        // 1.004 ± 1.645·0.005 = [0.9958, 1.0122] ⊂ (0.98, 1.02): within.
        let w = within_target(1.004, 0.005, 1.0, 0.02);
        assert_eq!(w.verdict, WithinVerdict::Within);
        assert!((w.low90 - (1.004 - Z90 * 0.005)).abs() < 1e-8);
        assert!(w.p < 0.05, "{}", w.p);
        // 1.016 ± 0.0115 reaches past 1.02: inconclusive, p above 0.05.
        let w = within_target(1.016, 0.007, 1.0, 0.02);
        assert_eq!(w.verdict, WithinVerdict::Inconclusive);
        assert!(w.p > 0.05);
        // Wholly above 1.02, or wholly below 0.98: beyond.
        assert_eq!(
            within_target(1.2, 0.01, 1.0, 0.02).verdict,
            WithinVerdict::Beyond
        );
        assert_eq!(
            within_target(0.79, 0.01, 1.0, 0.02).verdict,
            WithinVerdict::Beyond
        );
        // The edge: the upper end just inside, just at the margin.
        let se = 0.0199 / Z90;
        assert_eq!(
            within_target(1.0, se, 1.0, 0.02).verdict,
            WithinVerdict::Within
        );
        let se = 0.0201 / Z90;
        assert_eq!(
            within_target(1.0, se, 1.0, 0.02).verdict,
            WithinVerdict::Inconclusive
        );
        // p is the larger one-sided test: at the value 1.01 with se
        // 0.01, the test below 1.02 has z = 1 (p = Φ(−1) = 0.1587).
        let w = within_target(1.01, 0.01, 1.0, 0.02);
        assert!((w.p - 0.158_655_253_931_457_05).abs() < 1e-7, "{}", w.p);
        // No error: the exact answer.
        assert_eq!(within_target(1.01, 0.0, 1.0, 0.02).p, 0.0);
        assert_eq!(within_target(1.03, 0.0, 1.0, 0.02).p, 1.0);
    }

    #[test]
    fn the_resolved_margin_is_the_equivalence_power_formula() {
        // (1.6449 + 1.2816) · 0.00684 = 0.0200.
        let w = within_target(1.0, 0.006_835, 1.0, 0.02);
        assert!((w.resolves - 0.020_003).abs() < 1e-5, "{}", w.resolves);
        // The same number as the equivalence test's planned margin.
        let m = super::super::power::margin_for_power(
            super::super::decision::Test::Equivalent,
            super::super::power::Spread::Paired {
                deals: 100,
                sd_of_differences: 0.068_35,
            },
            1,
            0.8,
        );
        assert!((w.resolves - m).abs() < 1e-9, "{} {m}", w.resolves);
        assert_eq!(
            WithinVerdict::from_name("beyond"),
            Some(WithinVerdict::Beyond)
        );
        assert_eq!(WithinVerdict::from_name("fair"), None);
        // Over 14 settings (Holm's first step at 0.05/14): z 2.690, so the
        // same games resolve (2.690 + 1.282) / 2.926 times as much.
        let m14 = resolved_margin(0.005_77, 14);
        assert!((m14 - 0.022_92).abs() < 1e-4, "{m14}");
        assert_eq!(resolved_margin(0.01, 1), resolved_margin(0.01, 0));
    }
}
