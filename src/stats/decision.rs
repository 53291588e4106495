//! The question decides the test: per metric, a criterion declares what it
//! accepts ([`Test`]), and [`decide`] gives that test's verdict from the
//! difference's 90% interval and the improvement's (the difference signed
//! so that positive is better; for a toward-one metric the change in
//! distance from 1, negated).
//!
//! - `equivalent` (the default): two one-sided tests (TOST,
//!   [`super::equivalence::tost`]): the 90% interval of the difference
//!   inside `(−margin, +margin)`;
//! - `non-inferior`: one-sided at 5%: the bad-side bound of the 90%
//!   interval of the improvement above `−margin` (`non-inferior`); its
//!   good-side bound at or below `−margin` is `inferior`;
//! - `superior`: one-sided at 5%: the bad-side bound at or above `+margin`
//!   (`better`: better by more than the margin); the good-side bound below
//!   `+margin` is `not-better`.
//!
//! Anything else is `inconclusive`; no margin, `none`.

use std::fmt;

use super::equivalence::{Verdict, tost};
use super::selection::Bounds;

/// What a criterion accepts for one metric.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Test {
    /// As good as the baseline either way (TOST).
    #[default]
    Equivalent,
    /// Not worse than the baseline by more than the margin.
    NonInferior,
    /// Better than the baseline by more than the margin.
    Superior,
}

impl Test {
    /// Every test.
    pub const ALL: [Test; 3] = [Test::Equivalent, Test::NonInferior, Test::Superior];

    /// Its name, as a criterion writes it.
    pub fn name(self) -> &'static str {
        match self {
            Test::Equivalent => "equivalent",
            Test::NonInferior => "non-inferior",
            Test::Superior => "superior",
        }
    }

    /// The test called `name`.
    pub fn from_name(name: &str) -> Option<Test> {
        Test::ALL.into_iter().find(|t| t.name() == name)
    }

    /// Whether it needs a better side (the one-sided tests do).
    pub fn is_one_sided(self) -> bool {
        self != Test::Equivalent
    }
}

impl fmt::Display for Test {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// The verdict of `test` for a difference whose 90% interval (simultaneous,
/// if several) is `difference90`, with `improvement90` the 90% interval of
/// the improvement (positive is better; `None` for a metric without a
/// better side, which a one-sided test cannot decide: `none`), and the
/// declared `margin` (`None`: no verdict).
pub fn decide(
    test: Test,
    difference90: Bounds,
    improvement90: Option<Bounds>,
    margin: Option<f64>,
) -> Verdict {
    let Some(m) = margin else {
        return Verdict::None;
    };
    match (test, improvement90) {
        (Test::Equivalent, _) => tost(difference90.0, difference90.1, improvement90, margin),
        (_, None) => Verdict::None,
        (Test::NonInferior, Some((low, high))) => {
            if low > -m {
                Verdict::NonInferior
            } else if high <= -m {
                Verdict::Inferior
            } else {
                Verdict::Inconclusive
            }
        }
        (Test::Superior, Some((low, high))) => {
            if low >= m {
                Verdict::Better
            } else if high < m {
                Verdict::NotBetter
            } else {
                Verdict::Inconclusive
            }
        }
    }
}

#[cfg(test)]
#[path = "decision_tests.rs"]
mod tests;
