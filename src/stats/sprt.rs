//! Sequential probability ratio test (SPRT) for two-bot comparisons, as
//! chess engine testing (fishtest, cutechess-cli) does it.
//!
//! H0: the Elo difference of the tested bot over its opponent is `elo0`;
//! H1: it is `elo1` (`elo1 > elo0`), Elo being logistic: a difference `e`
//! means an expected score `s(e) = 1 / (1 + 10^(-e/400))`. After every
//! batch of samples compute the generalized log-likelihood ratio and stop
//! at `LLR <= ln(beta / (1 - alpha))` (accept H0) or
//! `LLR >= ln((1 - beta) / alpha)` (accept H1).
//!
//! [`Sprt::llr`] (what [`Sprt::decide`] uses) is fishtest's generalized
//! LLR: the samples' score distribution is fitted by maximum likelihood
//! under each hypothesis (mean `s0`, resp. `s1`) and the LLR is the ratio
//! of the two likelihoods. [`Sprt::llr_approx`] is its normal
//! approximation
//!
//! ```text
//! LLR = N (s1 - s0) (2m - s0 - s1) / (2v)
//! ```
//!
//! from the `N` samples' mean score `m` and variance `v` (per-game units).
//! The two agree to about 0.01 once a record has some spread; on a short
//! record without spread (two deal pairs won twice) the approximation's
//! variance is near 0 and it would accept H1 after four games, which the
//! generalized LLR does not.
//!
//! A sample is either one game (**trinomial**: loss, draw, win) or, better,
//! the pair of games played on one deal with the seats swapped
//! (**pentanomial**: the pair's total 0, ½, 1, 1½ or 2). The two games of a
//! deal are correlated (a deal that favours a seat favours whichever bot
//! sits there), so they are not two independent samples: the trinomial
//! variance is wrong by the correlation, the pentanomial one (the variance
//! of the independent unit, the deal) is right. See `docs/statistics.md`.
//!
//! Samples are kept as integer counts per score level ([`ScoreCounts`]), so
//! the result does not depend on the order they were added in.
//!
//! ```
//! use beachcomber::stats::sprt::{Decision, ScoreCounts, Sprt};
//! let sprt: Sprt = "elo0=0,elo1=10".parse().unwrap();
//! let mut pairs = ScoreCounts::pentanomial();
//! pairs.add_many(4, 300); // 300 deal pairs won twice
//! pairs.add_many(2, 200); // 200 split
//! assert_eq!(sprt.decide(&pairs).decision, Decision::H1);
//! ```

use std::fmt;
use std::str::FromStr;

use crate::spec::{Spec, SpecError};

/// Expected score (in [0, 1]) of a player `elo` Elo points stronger than
/// its opponent: `1 / (1 + 10^(-elo/400))`.
pub fn expected_score(elo: f64) -> f64 {
    1.0 / (1.0 + 10f64.powf(-elo / 400.0))
}

/// The Elo difference whose expected score is `score`: `-400 log10(1/score - 1)`
/// (infinite at 0 and 1).
pub fn elo_from_score(score: f64) -> f64 {
    -400.0 * (1.0 / score - 1.0).log10()
}

/// What the test concluded.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Decision {
    /// The LLR reached the lower bound: accept H0 (difference `elo0`).
    H0,
    /// The LLR reached the upper bound: accept H1 (difference `elo1`).
    H1,
    /// Between the bounds: more samples are needed.
    Inconclusive,
}

impl fmt::Display for Decision {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Decision::H0 => "H0",
            Decision::H1 => "H1",
            Decision::Inconclusive => "inconclusive",
        })
    }
}

/// The SPRT configuration: `elo0=E0,elo1=E1[,alpha=0.05,beta=0.05]`.
///
/// Parse it with [`str::parse`] from `elo0=0,elo1=5` or
/// `sprt(elo0=0,elo1=5,alpha=0.05,beta=0.05)`; its `Display` is the
/// canonical form with every key (`elo0=0,elo1=5,alpha=0.05,beta=0.05`).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Sprt {
    /// Elo difference under H0.
    pub elo0: f64,
    /// Elo difference under H1 (greater than `elo0`).
    pub elo1: f64,
    /// Probability of accepting H1 when H0 holds (type I error), in (0, 1).
    pub alpha: f64,
    /// Probability of accepting H0 when H1 holds (type II error), in (0, 1).
    pub beta: f64,
}

/// The allowed keys of an SPRT spec, in canonical order.
const KEYS: [&str; 4] = ["elo0", "elo1", "alpha", "beta"];
/// Elo bounds beyond this are refused (the expected scores would round to
/// 0 or 1 and the test could never decide).
const MAX_ELO: f64 = 1000.0;
/// The default error rates.
const DEFAULT_ERROR: f64 = 0.05;

fn invalid(why: String) -> SpecError {
    SpecError::Invalid {
        name: "sprt".into(),
        why,
    }
}

impl Sprt {
    /// A validated configuration: finite Elo bounds in ±1000 with
    /// `elo0 < elo1`, `alpha` and `beta` in (0, 1) with `alpha + beta < 1`.
    pub fn new(elo0: f64, elo1: f64, alpha: f64, beta: f64) -> Result<Sprt, SpecError> {
        for (key, elo) in [("elo0", elo0), ("elo1", elo1)] {
            if !(elo.is_finite() && elo.abs() <= MAX_ELO) {
                return Err(SpecError::BadValue {
                    name: "sprt".into(),
                    key: key.into(),
                    value: elo.to_string(),
                    expected: format!("an Elo difference from -{MAX_ELO} to {MAX_ELO}"),
                });
            }
        }
        if elo1 <= elo0 {
            return Err(invalid(format!(
                "elo1 ({elo1}) must be greater than elo0 ({elo0})"
            )));
        }
        for (key, p) in [("alpha", alpha), ("beta", beta)] {
            if !(p > 0.0 && p < 1.0) {
                return Err(SpecError::BadValue {
                    name: "sprt".into(),
                    key: key.into(),
                    value: p.to_string(),
                    expected: "a probability strictly between 0 and 1, e.g. 0.05".into(),
                });
            }
        }
        if alpha + beta >= 1.0 {
            return Err(invalid(format!(
                "alpha + beta ({}) must be below 1",
                alpha + beta
            )));
        }
        Ok(Sprt {
            elo0,
            elo1,
            alpha,
            beta,
        })
    }

    /// The `(lower, upper)` LLR bounds: `ln(beta / (1 - alpha))` and
    /// `ln((1 - beta) / alpha)`.
    pub fn bounds(&self) -> (f64, f64) {
        (
            (self.beta / (1.0 - self.alpha)).ln(),
            ((1.0 - self.beta) / self.alpha).ln(),
        )
    }

    /// The generalized log-likelihood ratio of the samples in `counts`, as
    /// fishtest computes it: under each hypothesis, the score distribution
    /// over the levels that is most likely given the samples and has mean
    /// `s0` (resp. `s1`), and `LLR = sum_k n_k ln(p1_k / p0_k)`. 0 with no
    /// samples; empty levels count as [`REGULARIZATION`] samples.
    ///
    /// It agrees with [`Sprt::llr_approx`] once the record has some spread
    /// (within 0.01 on realistic records) and stays small on short
    /// degenerate records (two deal pairs won twice), where the
    /// approximation's variance estimate is near 0 and its LLR explodes.
    /// [`Sprt::decide`] uses this one.
    pub fn llr(&self, counts: &ScoreCounts) -> f64 {
        let Some((n, weights)) = counts.regularized() else {
            return 0.0;
        };
        let top = (counts.levels() - 1) as f64;
        let x: Vec<f64> = (0..counts.levels()).map(|k| k as f64 / top).collect();
        let p: Vec<f64> = weights.iter().map(|w| w / n).collect();
        let s0 = expected_score(self.elo0);
        let s1 = expected_score(self.elo1);
        let t0 = mle_tilt(&x, &p, s0);
        let t1 = mle_tilt(&x, &p, s1);
        n * x
            .iter()
            .zip(&p)
            .map(|(&x, &p)| p * ((1.0 + t0 * (x - s0)).ln() - (1.0 + t1 * (x - s1)).ln()))
            .sum::<f64>()
    }

    /// The normal approximation of the generalized LLR (the module
    /// documentation's formula) `N (s1 - s0) (2m - s0 - s1) / (2v)`, from
    /// [`ScoreCounts::mean_and_variance`]. 0 with no samples.
    pub fn llr_approx(&self, counts: &ScoreCounts) -> f64 {
        let Some((n, m, v)) = counts.mean_and_variance() else {
            return 0.0;
        };
        let s0 = expected_score(self.elo0);
        let s1 = expected_score(self.elo1);
        n * (s1 - s0) * (2.0 * m - s0 - s1) / (2.0 * v)
    }

    /// The test's state after the samples in `counts`: LLR, bounds and the
    /// decision.
    pub fn decide(&self, counts: &ScoreCounts) -> SprtOutcome {
        let llr = self.llr(counts);
        let (lower, upper) = self.bounds();
        let decision = if llr >= upper {
            Decision::H1
        } else if llr <= lower {
            Decision::H0
        } else {
            Decision::Inconclusive
        };
        SprtOutcome {
            llr,
            lower,
            upper,
            decision,
            samples: counts.samples(),
        }
    }
}

impl fmt::Display for Sprt {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "elo0={},elo1={},alpha={},beta={}",
            self.elo0, self.elo1, self.alpha, self.beta
        )
    }
}

impl FromStr for Sprt {
    type Err = SpecError;

    /// Parse `elo0=E0,elo1=E1[,alpha=A,beta=B]`, optionally wrapped as
    /// `sprt(...)`.
    fn from_str(text: &str) -> Result<Sprt, SpecError> {
        let trimmed = text.trim();
        let spec: Spec = if trimmed.contains('(') {
            trimmed.parse()?
        } else {
            format!("sprt({trimmed})").parse().map_err(|e| match e {
                // Quote the user's text, not our wrapping.
                SpecError::Malformed { why, .. } => SpecError::Malformed {
                    spec: text.to_string(),
                    why,
                },
                other => other,
            })?
        };
        if spec.name != "sprt" {
            return Err(SpecError::UnknownName {
                kind: "test",
                name: spec.name,
                allowed: vec!["sprt".into()],
            });
        }
        spec.check_keys(&KEYS)?;
        let real = |key: &str| -> Result<Option<f64>, SpecError> {
            match spec.get(key) {
                None => Ok(None),
                Some(v) => match v.parse::<f64>() {
                    Ok(x) if x.is_finite() => Ok(Some(x)),
                    _ => Err(SpecError::BadValue {
                        name: "sprt".into(),
                        key: key.into(),
                        value: v.into(),
                        expected: "a number".into(),
                    }),
                },
            }
        };
        let required = |key: &str| -> Result<f64, SpecError> {
            real(key)?.ok_or_else(|| {
                invalid(format!(
                    "missing `{key}` (expected elo0=E0,elo1=E1[,alpha=0.05,beta=0.05])"
                ))
            })
        };
        let elo0 = required("elo0")?;
        let elo1 = required("elo1")?;
        let alpha = real("alpha")?.unwrap_or(DEFAULT_ERROR);
        let beta = real("beta")?.unwrap_or(DEFAULT_ERROR);
        Sprt::new(elo0, elo1, alpha, beta)
    }
}

/// The maximum-likelihood distribution over score levels `x` (which span
/// 0 to 1) with mean `s`, given observed frequencies `p` (all positive), is
/// `p_k / (1 + t (x_k - s))`, where `t` solves
/// `sum_k p_k (x_k - s) / (1 + t (x_k - s)) = 0` on `(-1/(1-s), 1/s)`; the
/// left side falls from +inf to -inf there, so bisection finds `t`
/// (deterministically, to the last bit).
fn mle_tilt(x: &[f64], p: &[f64], s: f64) -> f64 {
    let f = |t: f64| -> f64 {
        x.iter()
            .zip(p)
            .map(|(&x, &p)| p * (x - s) / (1.0 + t * (x - s)))
            .sum()
    };
    let (mut lo, mut hi) = (-1.0 / (1.0 - s), 1.0 / s);
    for _ in 0..200 {
        let mid = 0.5 * (lo + hi);
        if mid <= lo || mid >= hi {
            break;
        }
        if f(mid) > 0.0 {
            lo = mid;
        } else {
            hi = mid;
        }
    }
    0.5 * (lo + hi)
}

/// The state of the test after some samples (what the summary prints).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct SprtOutcome {
    /// The log-likelihood ratio.
    pub llr: f64,
    /// The lower bound `ln(beta / (1 - alpha))`.
    pub lower: f64,
    /// The upper bound `ln((1 - beta) / alpha)`.
    pub upper: f64,
    /// H0, H1 or inconclusive.
    pub decision: Decision,
    /// How many samples (games or deal pairs) were counted.
    pub samples: u64,
}

/// Integer counts of samples per score level: level `k` of `L` levels is a
/// sample whose mean score per game is `k / (L - 1)`.
///
/// A sample of `g` games scored in half points (win 2, draw 1, loss 0) has
/// `2g + 1` levels and is added at its total in half points: one game is
/// trinomial (`g = 1`: levels loss, draw, win), a deal pair pentanomial
/// (`g = 2`: totals 0, ½, 1, 1½, 2 as levels 0..=4). Counts merge by
/// addition (shards, resumed runs) and the statistics depend only on them.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ScoreCounts {
    counts: Vec<u64>,
}

/// Empty levels count as this many samples when estimating the variance
/// (fishtest's `regularize`), so that a record with no spread yet (one pair,
/// or only wins) has a finite LLR.
pub const REGULARIZATION: f64 = 1e-3;

impl ScoreCounts {
    /// Empty counts for samples of `games` games each, scored in half
    /// points: `2 * games + 1` levels. `games` must be at least 1.
    ///
    /// # Panics
    /// If `games` is 0.
    pub fn for_games(games: usize) -> ScoreCounts {
        assert!(games > 0, "a sample holds at least one game");
        ScoreCounts {
            counts: vec![0; 2 * games + 1],
        }
    }

    /// Trinomial counts: one game per sample (level 0 loss, 1 draw, 2 win).
    pub fn trinomial() -> ScoreCounts {
        ScoreCounts::for_games(1)
    }

    /// Pentanomial counts: one deal pair (two games, seats swapped) per
    /// sample, added at the pair's total in half points (0..=4).
    pub fn pentanomial() -> ScoreCounts {
        ScoreCounts::for_games(2)
    }

    /// Trinomial counts from losses, draws and wins.
    pub fn from_trinomial(losses: u64, draws: u64, wins: u64) -> ScoreCounts {
        ScoreCounts {
            counts: vec![losses, draws, wins],
        }
    }

    /// Counts from the number of samples at each level (an odd number of
    /// levels, at least 3: samples of `(levels - 1) / 2` games).
    ///
    /// # Panics
    /// If the number of levels is even or below 3.
    pub fn from_counts(counts: Vec<u64>) -> ScoreCounts {
        assert!(
            counts.len() >= 3 && counts.len() % 2 == 1,
            "samples of whole games in half points have an odd number of levels"
        );
        ScoreCounts { counts }
    }

    /// Pentanomial counts from the number of deal pairs with each total
    /// (index `k` = total `k/2` points: 0, ½, 1, 1½, 2).
    pub fn from_pentanomial(counts: [u64; 5]) -> ScoreCounts {
        ScoreCounts {
            counts: counts.to_vec(),
        }
    }

    /// Add one sample at `level` (its total in half points).
    ///
    /// # Panics
    /// If `level` is not below [`ScoreCounts::levels`].
    pub fn add(&mut self, level: usize) {
        self.add_many(level, 1);
    }

    /// Add `count` samples at `level`.
    ///
    /// # Panics
    /// If `level` is not below [`ScoreCounts::levels`].
    pub fn add_many(&mut self, level: usize, count: u64) {
        let levels = self.levels();
        let Some(c) = self.counts.get_mut(level) else {
            panic!("score level {level} out of range: these counts have {levels} levels");
        };
        *c += count;
    }

    /// Add another tally's counts (same number of levels).
    ///
    /// # Panics
    /// If the numbers of levels differ.
    pub fn merge(&mut self, other: &ScoreCounts) {
        assert_eq!(
            self.levels(),
            other.levels(),
            "merging score counts with different levels"
        );
        for (a, b) in self.counts.iter_mut().zip(&other.counts) {
            *a += b;
        }
    }

    /// The number of score levels.
    pub fn levels(&self) -> usize {
        self.counts.len()
    }

    /// The count per level.
    pub fn counts(&self) -> &[u64] {
        &self.counts
    }

    /// The number of samples.
    pub fn samples(&self) -> u64 {
        self.counts.iter().sum()
    }

    /// The mean score per game of the samples, `None` with no samples.
    pub fn mean(&self) -> Option<f64> {
        let n = self.samples();
        if n == 0 {
            return None;
        }
        let top = (self.levels() - 1) as f64;
        let total: u128 = self
            .counts
            .iter()
            .enumerate()
            .map(|(k, &c)| k as u128 * c as u128)
            .sum();
        Some(total as f64 / (n as f64 * top))
    }

    /// The Elo difference the samples' mean score per game corresponds to,
    /// with a normal 95% interval from the samples' own variance (per deal
    /// pair when pentanomial, which is what makes it right for paired
    /// games): `(elo, low, high)` = [`elo_from_score`] of `m`, `m - h` and
    /// `m + h`, `h = Z95 sqrt(v / N)`, computed exactly from the integer
    /// counts without regularization. Infinite where a score reaches 0 or 1;
    /// `None` with no samples.
    pub fn elo_ci95(&self) -> Option<(f64, f64, f64)> {
        let n = self.samples();
        if n == 0 {
            return None;
        }
        let top = (self.levels() - 1) as u128;
        let (mut s1, mut s2) = (0u128, 0u128);
        for (k, &c) in self.counts.iter().enumerate() {
            s1 += k as u128 * c as u128;
            s2 += (k * k) as u128 * c as u128;
        }
        let n128 = n as u128;
        let (nf, topf) = (n as f64, top as f64);
        let m = s1 as f64 / (nf * topf);
        // N * S2 - S1^2 >= 0 exactly (Cauchy-Schwarz), in integers.
        let v = (n128 * s2 - s1 * s1) as f64 / (nf * nf * topf * topf);
        let h = super::Z95 * (v / nf).sqrt();
        let elo = |score: f64| {
            if score <= 0.0 {
                f64::NEG_INFINITY
            } else if score >= 1.0 {
                f64::INFINITY
            } else {
                elo_from_score(score)
            }
        };
        Some((elo(m), elo(m - h), elo(m + h)))
    }

    /// `(N, m, v)`: the number of samples, their mean score per game and
    /// the variance of a sample's score (population variance, in per-game
    /// units), with every empty level counted as [`REGULARIZATION`] samples
    /// as fishtest does. `None` with no samples.
    pub fn mean_and_variance(&self) -> Option<(f64, f64, f64)> {
        let (n, weights) = self.regularized()?;
        let top = (self.levels() - 1) as f64;
        let m = weights
            .iter()
            .enumerate()
            .map(|(k, w)| w * k as f64 / top)
            .sum::<f64>()
            / n;
        let v = weights
            .iter()
            .enumerate()
            .map(|(k, w)| {
                let d = k as f64 / top - m;
                w * d * d
            })
            .sum::<f64>()
            / n;
        Some((n, m, v))
    }

    /// The counts with every empty level counted as [`REGULARIZATION`]
    /// samples, and their total; `None` with no samples.
    fn regularized(&self) -> Option<(f64, Vec<f64>)> {
        if self.samples() == 0 {
            return None;
        }
        let weights: Vec<f64> = self
            .counts
            .iter()
            .map(|&c| if c == 0 { REGULARIZATION } else { c as f64 })
            .collect();
        Some((weights.iter().sum(), weights))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sprt(elo0: f64, elo1: f64) -> Sprt {
        Sprt::new(elo0, elo1, 0.05, 0.05).unwrap()
    }

    /// 400 log10(3): the Elo difference of an expected score of 3/4.
    fn elo_three_to_one() -> f64 {
        400.0 * 3f64.log10()
    }

    #[test]
    fn expected_score_values() {
        assert_eq!(expected_score(0.0), 0.5);
        assert!((expected_score(elo_three_to_one()) - 0.75).abs() < 1e-15);
        assert!((expected_score(-400.0) - 1.0 / 11.0).abs() < 1e-15);
        assert!((elo_from_score(0.75) - elo_three_to_one()).abs() < 1e-12);
        assert_eq!(elo_from_score(0.5), 0.0);
    }

    #[test]
    fn bounds_are_the_wald_bounds() {
        let (lo, hi) = sprt(0.0, 5.0).bounds();
        // ln(0.05/0.95) = -ln 19.
        assert!((lo + 19f64.ln()).abs() < 1e-15, "{lo}");
        assert!((hi - 19f64.ln()).abs() < 1e-15, "{hi}");
        let (lo, hi) = Sprt::new(0.0, 5.0, 0.1, 0.2).unwrap().bounds();
        assert!((lo - (0.2f64 / 0.9).ln()).abs() < 1e-15);
        assert!((hi - 8f64.ln()).abs() < 1e-15);
    }

    #[test]
    fn trinomial_llr_exact() {
        // 60 wins, 20 draws, 20 losses: m = 0.7, E[x^2] = 0.65, v = 0.16.
        // s0 = 0.5, s1 = 0.75: LLR = 100 * 0.25 * (1.4 - 1.25) / 0.32.
        let counts = ScoreCounts::from_trinomial(20, 20, 60);
        let (n, m, v) = counts.mean_and_variance().unwrap();
        assert_eq!(n, 100.0);
        assert!((m - 0.7).abs() < 1e-15);
        assert!((v - 0.16).abs() < 1e-15);
        let llr = sprt(0.0, elo_three_to_one()).llr_approx(&counts);
        assert!((llr - 11.718_75).abs() < 1e-12, "{llr}");
    }

    #[test]
    fn pentanomial_llr_exact() {
        // Pair totals 0, ½, 1, 1½, 2 (per-game 0, .25, .5, .75, 1) seen
        // 5, 10, 20, 40, 25 times: m = 0.675, E[x^2] = 0.53125,
        // v = 0.075625; LLR = 100 * 0.25 * 0.1 / 0.15125.
        let counts = ScoreCounts::from_pentanomial([5, 10, 20, 40, 25]);
        let (n, m, v) = counts.mean_and_variance().unwrap();
        assert_eq!(n, 100.0);
        assert!((m - 0.675).abs() < 1e-15);
        assert!((v - 0.075_625).abs() < 1e-15);
        assert_eq!(counts.mean(), Some(0.675));
        let llr = sprt(0.0, elo_three_to_one()).llr_approx(&counts);
        assert!((llr - 2.5 / 0.151_25).abs() < 1e-12, "{llr}");
    }

    #[test]
    fn pentanomial_sees_the_pairing() {
        // Every deal favours its first seat: each pair is one win and one
        // loss (total 1), and the stronger bot converts a few more.
        // Pentanomial: 90 pairs at 1, 10 at 2. Trinomial over the same 200
        // games: 110 wins, 90 losses, no draws.
        let penta = ScoreCounts::from_pentanomial([0, 0, 90, 0, 10]);
        let tri = ScoreCounts::from_trinomial(90, 0, 110);
        assert_eq!(penta.mean(), tri.mean());
        let s = sprt(0.0, 10.0);
        // The pairs agree closely (small variance): the pentanomial LLR is
        // several times larger than the trinomial one, which treats the
        // two games of a deal as independent.
        let (lp, lt) = (s.llr(&penta), s.llr(&tri));
        assert!(lp > 3.0 * lt, "{lp} {lt}");
    }

    #[test]
    fn regularization_keeps_degenerate_records_finite() {
        let s = sprt(0.0, 5.0);
        let mut counts = ScoreCounts::pentanomial();
        assert_eq!(s.llr(&counts), 0.0);
        assert_eq!(s.llr_approx(&counts), 0.0);
        assert_eq!(s.decide(&counts).decision, Decision::Inconclusive);
        counts.add(4);
        let approx = s.llr_approx(&counts);
        assert!(approx.is_finite() && approx > 0.0, "{approx}");
        // Hand value: four empty levels count 1e-3 each.
        let e = REGULARIZATION;
        let n = 1.0 + 4.0 * e;
        let m = (e * (0.0 + 0.25 + 0.5 + 0.75) + 1.0) / n;
        let v = (e
            * ((0.0 - m).powi(2) + (0.25 - m).powi(2) + (0.5 - m).powi(2) + (0.75 - m).powi(2))
            + (1.0 - m).powi(2))
            / n;
        let (s0, s1) = (0.5, expected_score(5.0));
        let want = n * (s1 - s0) * (2.0 * m - s0 - s1) / (2.0 * v);
        assert!((approx - want).abs() < 1e-9 * want, "{approx} {want}");
        // A second pair won twice: the approximation (variance near 0)
        // would accept H1 after four games; the generalized LLR does not.
        counts.add(4);
        let approx = s.llr_approx(&counts);
        assert!((approx - 7.6435).abs() < 1e-4, "{approx}");
        assert!(approx > s.bounds().1);
        let llr = s.llr(&counts);
        assert!((llr - 0.0286).abs() < 1e-4, "{llr}");
        assert_eq!(s.decide(&counts).decision, Decision::Inconclusive);
    }

    #[test]
    fn generalized_llr_fits_each_hypothesis_exactly() {
        // The tilted distributions are distributions with the hypothesized
        // means, and the LLR is the log-likelihood ratio of the record
        // under them.
        let counts = ScoreCounts::from_pentanomial([7, 30, 61, 35, 9]);
        let s = sprt(-10.0, 15.0);
        let (n, weights) = counts.regularized().unwrap();
        let x = [0.0, 0.25, 0.5, 0.75, 1.0];
        let p: Vec<f64> = weights.iter().map(|w| w / n).collect();
        let mut log_likelihood = [0.0; 2];
        for (h, elo) in [s.elo0, s.elo1].into_iter().enumerate() {
            let target = expected_score(elo);
            let t = mle_tilt(&x, &p, target);
            let q: Vec<f64> = (0..5).map(|k| p[k] / (1.0 + t * (x[k] - target))).collect();
            assert!((q.iter().sum::<f64>() - 1.0).abs() < 1e-12, "{q:?}");
            let mean: f64 = (0..5).map(|k| q[k] * x[k]).sum();
            assert!((mean - target).abs() < 1e-12, "{mean} {target}");
            log_likelihood[h] = (0..5).map(|k| weights[k] * q[k].ln()).sum();
        }
        let llr = s.llr(&counts);
        assert!((llr - (log_likelihood[1] - log_likelihood[0])).abs() < 1e-9);
        // ... and on records with spread whose mean is near the hypotheses
        // (where a test stops), the normal approximation agrees.
        let approx = s.llr_approx(&counts);
        assert!((llr - approx).abs() < 0.01, "{llr} {approx}");
        for counts in [
            ScoreCounts::from_pentanomial([290, 600, 1200, 600, 310]),
            ScoreCounts::from_pentanomial([300, 600, 1200, 600, 300]),
            ScoreCounts::from_trinomial(490, 100, 510),
        ] {
            let s = sprt(0.0, 10.0);
            let (llr, approx) = (s.llr(&counts), s.llr_approx(&counts));
            assert!((llr - approx).abs() < 0.01, "{counts:?}: {llr} {approx}");
        }
        // Far from them they part (the approximation is a local expansion)
        // but agree on the decision.
        let strong = ScoreCounts::from_pentanomial([50, 150, 400, 250, 150]);
        let s = sprt(0.0, 10.0);
        let (llr, approx) = (s.llr(&strong), s.llr_approx(&strong));
        assert!(llr > 13.0 && approx > 14.0, "{llr} {approx}");
    }

    #[test]
    fn stronger_record_accepts_h1_even_record_accepts_h0() {
        let s = sprt(0.0, 10.0);
        // A clearly stronger bot: 57.5% per game over 1000 pairs.
        let strong = ScoreCounts::from_pentanomial([50, 150, 400, 250, 150]);
        assert_eq!(strong.mean(), Some(0.575));
        let out = s.decide(&strong);
        assert_eq!(out.decision, Decision::H1, "{out:?}");
        assert!(out.llr >= out.upper);
        assert_eq!(out.samples, 1000);
        // An even record: symmetric pair totals.
        let even = ScoreCounts::from_pentanomial([300, 600, 1200, 600, 300]);
        let out = s.decide(&even);
        assert_eq!(out.decision, Decision::H0, "{out:?}");
        assert!(out.llr <= out.lower);
        // A short even record is not enough yet.
        let short = ScoreCounts::from_pentanomial([1, 2, 4, 2, 1]);
        assert_eq!(s.decide(&short).decision, Decision::Inconclusive);
        // Trinomial: 600 wins, 400 losses of 1000 games accepts H1;
        // 4000/4000 accepts H0.
        assert_eq!(
            s.decide(&ScoreCounts::from_trinomial(400, 0, 600)).decision,
            Decision::H1
        );
        assert_eq!(
            s.decide(&ScoreCounts::from_trinomial(4000, 0, 4000))
                .decision,
            Decision::H0
        );
    }

    #[test]
    fn elo_estimate_with_interval() {
        // m = 0.675, v = 0.075625 over 100 pairs: h = Z95 * 0.0275.
        let counts = ScoreCounts::from_pentanomial([5, 10, 20, 40, 25]);
        let (elo, lo, hi) = counts.elo_ci95().unwrap();
        let h = crate::stats::Z95 * 0.0275;
        let at = |m: f64| 400.0 * (m / (1.0 - m)).log10();
        assert!((elo - at(0.675)).abs() < 1e-9, "{elo}");
        assert!((lo - at(0.675 - h)).abs() < 1e-9, "{lo}");
        assert!((hi - at(0.675 + h)).abs() < 1e-9, "{hi}");
        // An even record is centred on 0; all wins is +inf.
        let (elo, lo, hi) = ScoreCounts::from_trinomial(30, 40, 30).elo_ci95().unwrap();
        assert!(elo.abs() < 1e-12 && (lo + hi).abs() < 1e-9 && hi > 0.0);
        let (elo, _, hi) = ScoreCounts::from_trinomial(0, 0, 5).elo_ci95().unwrap();
        assert_eq!((elo, hi), (f64::INFINITY, f64::INFINITY));
        assert_eq!(ScoreCounts::pentanomial().elo_ci95(), None);
    }

    #[test]
    fn counts_add_and_merge_in_any_order() {
        let mut a = ScoreCounts::pentanomial();
        for level in [4, 2, 2, 0, 3, 1, 4] {
            a.add(level);
        }
        let mut b = ScoreCounts::pentanomial();
        for level in [4, 1, 3, 0, 2, 2, 4] {
            b.add(level);
        }
        assert_eq!(a, b);
        assert_eq!(a.counts(), &[1, 1, 2, 1, 2]);
        let mut c = ScoreCounts::pentanomial();
        c.add_many(4, 2);
        c.merge(&ScoreCounts::from_pentanomial([1, 1, 2, 1, 0]));
        assert_eq!(a, c);
        assert_eq!(ScoreCounts::for_games(3).levels(), 7);
        assert_eq!(ScoreCounts::trinomial().levels(), 3);
    }

    #[test]
    #[should_panic(expected = "out of range")]
    fn adding_past_the_last_level_panics() {
        ScoreCounts::trinomial().add(3);
    }

    #[test]
    fn parses_and_prints_canonically() {
        let s: Sprt = "elo0=0,elo1=5".parse().unwrap();
        assert_eq!(s, sprt(0.0, 5.0));
        assert_eq!(s.to_string(), "elo0=0,elo1=5,alpha=0.05,beta=0.05");
        assert_eq!(s.to_string().parse::<Sprt>().unwrap(), s);
        let s: Sprt = " sprt(elo0=-1.5, elo1=3.5, alpha=0.1, beta=0.01) "
            .parse()
            .unwrap();
        assert_eq!(s, Sprt::new(-1.5, 3.5, 0.1, 0.01).unwrap());
        assert_eq!(s.to_string(), "elo0=-1.5,elo1=3.5,alpha=0.1,beta=0.01");
        let s: Sprt = "elo1=5,beta=0.2,elo0=0".parse().unwrap();
        assert_eq!(s, Sprt::new(0.0, 5.0, 0.05, 0.2).unwrap());
    }

    #[test]
    fn malformed_input_gives_one_line_errors() {
        let cases = [
            ("elo0=5,elo1=5", "elo1 (5) must be greater than elo0 (5)"),
            ("elo0=5,elo1=0", "must be greater than elo0"),
            ("elo0=0,elo1=5,alpha=0", "`alpha`: expected a probability"),
            ("elo0=0,elo1=5,alpha=1", "`alpha`: expected a probability"),
            ("elo0=0,elo1=5,beta=-0.1", "`beta`: expected a probability"),
            ("elo0=0,elo1=5,alpha=0.6,beta=0.5", "alpha + beta"),
            ("elo0=0,elo1=5,gamma=1", "unknown option `gamma` for `sprt`"),
            ("elo0=0", "missing `elo1`"),
            ("elo1=5", "missing `elo0`"),
            ("", "missing `elo0`"),
            ("elo0=x,elo1=5", "bad value `x` for `sprt` option `elo0`"),
            ("elo0=0,elo1=inf", "option `elo1`"),
            ("elo0=0,elo1=NaN", "option `elo1`"),
            ("elo0=0,elo1=5000", "from -1000 to 1000"),
            ("elo0=0,elo0=1,elo1=5", "given twice"),
            ("elo0=0,elo1=5,", "empty option"),
            ("elo0=0\nelo1=5", "\\n"),
            ("test(elo0=0,elo1=5)", "unknown test `test`"),
            ("sprt(elo0=0,elo1=5", "missing closing"),
            ("5", "has no `=`"),
        ];
        for (text, want) in cases {
            let err = text.parse::<Sprt>().unwrap_err().to_string();
            assert!(err.contains(want), "{text:?}: {err}");
            assert!(!err.contains('\n'), "{text:?}: {err}");
        }
    }
}
