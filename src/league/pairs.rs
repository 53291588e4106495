//! The pairwise matrix of a league (`pairs.csv`): for every two bots, the
//! score of one against the other in their own games, the share the fitted
//! ratings predict, the difference of their ratings with its own bootstrap
//! interval, and whether the observed score departs from the prediction
//! (docs/statistics.md, "Pairwise matrix").
//!
//! Everything comes from what the ratings use: the pairwise results per
//! deal ([`crate::tournament::PairTotals`]) and the bootstrap resamples of
//! the fit ([`Rated`]); memory is the pairings times the deals at most.
//!
//! - `score_a`: A's points against B (win 1, tie 1/2, loss 0) over their
//!   pairwise comparisons, with a 95% interval cluster-robust by deal
//!   ([`ClusterSums`], CR1).
//! - `predicted_a = 1 / (1 + 10^(-(R_a - R_b) / 400))` from the fitted
//!   ratings.
//! - `elo_diff = R_a - R_b`, its interval the 2.5% and 97.5% points of the
//!   difference across the same resamples as the ratings' intervals.
//! - `z = (score_a - predicted_a) / se`, a two-sided normal p-value,
//!   Holm-corrected over the league's pairings (those with a standard
//!   error: a pairing whose results never vary between deals is not
//!   tested), and `misfit` when the corrected p-value is below 0.05.

use crate::stats::Z95;
use crate::stats::bradley_terry::{PairResult, Rated};
use crate::stats::cluster::ClusterSums;

/// The header of the pairs CSV (with its newline).
pub const PAIRS_HEADER: &str = "game_spec,players,bot_a,bot_b,games,comparisons,deals,\
score_a,score_a_low95,score_a_high95,predicted_a,elo_diff,elo_diff_low95,elo_diff_high95,\
z,p_holm,misfit\n";

/// The level below which a Holm-corrected p-value flags a misfit.
pub const MISFIT_LEVEL: f64 = 0.05;

/// One pairing of a league: bot `a` (listed first) against bot `b`.
#[derive(Clone, Debug, PartialEq)]
pub struct Pairing {
    /// The first bot's index (listed first in the league).
    pub a: usize,
    /// The second bot's index.
    pub b: usize,
    /// Pairwise comparisons between them (a game of more players counts
    /// one per pair of seats of `a` and `b`).
    pub comparisons: u64,
    /// Deals with at least one comparison (the clusters).
    pub deals: u64,
    /// `a`'s score (win 1, tie 1/2); `None` without comparisons.
    pub score: Option<f64>,
    /// Its cluster-robust standard error (0 with fewer than two deals or
    /// results that never vary between deals).
    pub se: f64,
    /// The 95% interval of the score (clamped to 0..1).
    pub score95: (f64, f64),
    /// The share the fitted ratings predict for `a`.
    pub predicted: f64,
    /// `R_a - R_b` and its bootstrap 95% interval.
    pub diff: (f64, f64, f64),
    /// `(score - predicted) / se`; `None` when untested (no standard
    /// error or no comparisons).
    pub z: Option<f64>,
    /// The two-sided p-value of `z`.
    pub p: Option<f64>,
    /// `p` Holm-corrected over the league's tested pairings.
    pub p_holm: Option<f64>,
    /// Whether `p_holm` is below [`MISFIT_LEVEL`].
    pub misfit: bool,
}

/// The share of games `a` is expected to score against `b` at a rating
/// difference `R_a - R_b` of `diff` (Elo scale).
pub fn predicted_share(diff: f64) -> f64 {
    1.0 / (1.0 + 10f64.powf(-diff / 400.0))
}

/// The complementary error function, `erfc(x) = 1 - erf(x)`: the
/// Chebyshev fit of Numerical Recipes (`erfcc`), fractional error below
/// 1.2e-7 everywhere, plenty for a p-value.
pub fn erfc(x: f64) -> f64 {
    let z = x.abs();
    let t = 1.0 / (1.0 + 0.5 * z);
    let poly = -z * z - 1.265_512_23
        + t * (1.000_023_68
            + t * (0.374_091_96
                + t * (0.096_784_18
                    + t * (-0.186_288_06
                        + t * (0.278_868_07
                            + t * (-1.135_203_98
                                + t * (1.488_515_87 + t * (-0.822_152_23 + t * 0.170_872_77))))))));
    let r = t * poly.exp();
    if x >= 0.0 { r } else { 2.0 - r }
}

/// The two-sided p-value of a standard normal `z`: `P(|Z| >= |z|)`.
pub fn two_sided_p(z: f64) -> f64 {
    erfc(z.abs() / std::f64::consts::SQRT_2).min(1.0)
}

pub use crate::stats::multiplicity::holm;

/// The pairings of a league of `bots` bots from its pairwise results per
/// deal (`deals`, as the ratings take them) and its fit with resamples
/// (`rated`): one per two bots `a < b`, in the order `(0,1), (0,2), ...,
/// (1,2), ...`.
pub fn pairings<D: AsRef<[PairResult]>>(bots: usize, deals: &[D], rated: &Rated) -> Vec<Pairing> {
    let index = |a: usize, b: usize| a * bots + b;
    let mut sums = vec![ClusterSums::default(); bots * bots];
    for deal in deals {
        for p in deal.as_ref() {
            if p.a >= bots || p.b >= bots || p.a == p.b {
                continue;
            }
            let n = u64::from(p.a_wins) + u64::from(p.ties) + u64::from(p.b_wins);
            if n == 0 {
                continue;
            }
            // In half points, for the lower index.
            let (lo, hi, half) = if p.a < p.b {
                (p.a, p.b, 2 * i64::from(p.a_wins) + i64::from(p.ties))
            } else {
                (p.b, p.a, 2 * i64::from(p.b_wins) + i64::from(p.ties))
            };
            // A deal's results of one pair come as one entry (PairTotals
            // sums them), so each entry is one whole cluster.
            sums[index(lo, hi)].add(n, half);
        }
    }
    let mut out = Vec::new();
    for a in 0..bots {
        for b in a + 1..bots {
            let s = &sums[index(a, b)];
            let diff = rated.difference(a, b);
            let predicted = predicted_share(diff.0);
            let (score, se) = if s.n == 0 {
                (None, 0.0)
            } else {
                (Some(s.mean() / 2.0), s.standard_error() / 2.0)
            };
            let score95 = score.map_or((0.0, 1.0), |m| {
                ((m - Z95 * se).max(0.0), (m + Z95 * se).min(1.0))
            });
            let z = score.filter(|_| se > 0.0).map(|m| (m - predicted) / se);
            out.push(Pairing {
                a,
                b,
                comparisons: s.n,
                deals: s.clusters,
                score,
                se,
                score95,
                predicted,
                diff,
                z,
                p: z.map(two_sided_p),
                p_holm: None,
                misfit: false,
            });
        }
    }
    let tested: Vec<usize> = (0..out.len()).filter(|&i| out[i].p.is_some()).collect();
    let p: Vec<f64> = tested.iter().filter_map(|&i| out[i].p).collect();
    for (&i, adjusted) in tested.iter().zip(holm(&p)) {
        out[i].p_holm = Some(adjusted);
        out[i].misfit = adjusted < MISFIT_LEVEL;
    }
    out
}

/// A p-value as written: 4 decimals, or 3 significant digits below 1e-4.
pub fn format_p(p: f64) -> String {
    if p >= 1e-4 || p == 0.0 {
        format!("{p:.4}")
    } else {
        format!("{p:.2e}")
    }
}

/// The CSV fields of `p` after `game_spec,players,bot_a,bot_b,games,`:
/// `comparisons` to `misfit` (empty where undefined), with its newline.
pub fn fields(p: &Pairing) -> String {
    let opt = |v: Option<f64>, f: &dyn Fn(f64) -> String| v.map(f).unwrap_or_default();
    let (score, low, high) = match p.score {
        Some(s) => (
            format!("{s:.4}"),
            format!("{:.4}", p.score95.0),
            format!("{:.4}", p.score95.1),
        ),
        None => Default::default(),
    };
    format!(
        "{},{},{score},{low},{high},{:.4},{:.1},{:.1},{:.1},{},{},{}\n",
        p.comparisons,
        p.deals,
        p.predicted,
        p.diff.0,
        p.diff.1,
        p.diff.2,
        opt(p.z, &|z| format!("{z:.3}")),
        opt(p.p_holm, &|q| format_p(q)),
        u8::from(p.misfit)
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::stats::bradley_terry::{FitConfig, rate_with_samples};

    fn pair(a: usize, b: usize, a_wins: u32, ties: u32, b_wins: u32) -> PairResult {
        PairResult::new(a, b, a_wins, ties, b_wins)
    }

    const EPS: f64 = 1e-12;

    #[test]
    fn scores_predictions_and_intervals_of_a_small_league() {
        // Two bots, three deals: 0 scores 3.5 of 4, 1 of 2, 2 of 4.
        let deals = [
            vec![pair(0, 1, 3, 1, 0)],
            vec![pair(1, 0, 1, 0, 1)],
            vec![pair(0, 1, 1, 2, 1)],
        ];
        let rated = rate_with_samples(2, &deals, &FitConfig::default(), 200, 3).unwrap();
        let p = pairings(2, &deals, &rated);
        assert_eq!(p.len(), 1);
        let p = &p[0];
        assert_eq!((p.a, p.b, p.comparisons, p.deals), (0, 1, 10, 3));
        // 6.5 points of 10.
        assert!((p.score.unwrap() - 0.65).abs() < EPS, "{p:?}");
        // The residuals by deal: 3.5 - 4(0.65) = 0.9, 1 - 1.3 = -0.3,
        // 2 - 2.6 = -0.6; se² = 3/2 (0.81 + 0.09 + 0.36) / 100.
        let se = (1.5f64 * 1.26 / 100.0).sqrt();
        assert!((p.se - se).abs() < EPS, "{} {se}", p.se);
        assert!((p.score95.0 - (0.65 - Z95 * se)).abs() < EPS);
        // The fit with one virtual draw: 7 to 4 out of 11, so the predicted
        // share is 7/11 exactly, and the difference is 400 log10(7/4).
        assert!((p.predicted - 7.0 / 11.0).abs() < 1e-9, "{}", p.predicted);
        assert!((p.diff.0 + 400.0 * (4.0f64 / 7.0).log10()).abs() < 1e-6);
        assert!(p.diff.1 <= p.diff.0 && p.diff.0 <= p.diff.2, "{:?}", p.diff);
        // The difference's interval is the one of the ratings' resamples:
        // with bot 0 the anchor it is minus bot 1's interval.
        let r1 = rated.ratings[1];
        assert!((p.diff.1 + r1.high95).abs() < 1e-9 && (p.diff.2 + r1.low95).abs() < 1e-9);
        let z = (0.65 - 7.0 / 11.0) / se;
        assert!((p.z.unwrap() - z).abs() < 1e-9);
        assert_eq!(p.p_holm, p.p);
        assert!(!p.misfit);
    }

    #[test]
    fn p_values_of_the_normal() {
        for (z, p) in [
            (0.0, 1.0),
            (1.959_963_984_540_054, 0.05),
            (-2.575_829_303_548_9, 0.01),
            (3.290_526_731_491_926, 0.001),
        ] {
            assert!(
                (two_sided_p(z) - p).abs() < 2e-7 * p.max(1e-3),
                "{z}: {}",
                two_sided_p(z)
            );
        }
        assert!((erfc(-1.0) - 1.842_700_792_949_715).abs() < 1e-6);
        assert!((predicted_share(0.0) - 0.5).abs() < EPS);
        assert!((predicted_share(400.0) - 10.0 / 11.0).abs() < EPS);
    }

    #[test]
    fn a_non_transitive_triangle_is_a_misfit() {
        // 0 beats 1, 1 beats 2, 2 beats 0, each about 80% of the time in
        // every deal (a little noise between deals): the ratings are all
        // equal and predict 1/2 everywhere; every pairing is a misfit.
        let deals: Vec<Vec<PairResult>> = (0..40)
            .map(|d| {
                let (w, l) = if d % 2 == 0 { (9, 1) } else { (7, 3) };
                vec![
                    pair(0, 1, w, 0, l),
                    pair(1, 2, w, 0, l),
                    pair(0, 2, l, 0, w),
                ]
            })
            .collect();
        let rated = rate_with_samples(3, &deals, &FitConfig::default(), 200, 1).unwrap();
        let p = pairings(3, &deals, &rated);
        let order: Vec<(usize, usize)> = p.iter().map(|q| (q.a, q.b)).collect();
        assert_eq!(order, vec![(0, 1), (0, 2), (1, 2)]);
        for q in &p {
            assert!((q.predicted - 0.5).abs() < 1e-6, "{q:?}");
            assert!(q.misfit, "{q:?}");
            assert!(q.p_holm.unwrap() < 1e-6, "{q:?}");
        }
        assert!((p[0].score.unwrap() - 0.8).abs() < EPS);
        assert!((p[1].score.unwrap() - 0.2).abs() < EPS);
        // A transitive record that the model fits: strengths 1, 2, 4 as in
        // the fit's own tests, no misfit.
        let fits: Vec<Vec<PairResult>> = (0..40)
            .map(|d| {
                // One more or one fewer win than expected, in turn.
                let (up, down) = if d % 2 == 0 { (1, 0) } else { (0, 1) };
                vec![
                    pair(0, 1, 10 + up - down, 0, 20 - up + down),
                    pair(1, 2, 10 - up + down, 0, 20 + up - down),
                    pair(0, 2, 6 + up - down, 0, 24 - up + down),
                ]
            })
            .collect();
        let rated = rate_with_samples(3, &fits, &FitConfig::default(), 200, 1).unwrap();
        assert!(pairings(3, &fits, &rated).iter().all(|q| !q.misfit));
    }

    #[test]
    fn untested_pairings_are_left_out_of_the_correction() {
        // One deal: no spread between deals, nothing tested.
        let deals = [vec![pair(0, 1, 5, 0, 0)]];
        let rated = rate_with_samples(2, &deals, &FitConfig::default(), 10, 1).unwrap();
        let p = &pairings(2, &deals, &rated)[0];
        assert_eq!((p.z, p.p_holm, p.misfit), (None, None, false));
        assert_eq!(p.score, Some(1.0));
        assert!(fields(p).ends_with(",,,0\n"), "{}", fields(p));
    }
}
