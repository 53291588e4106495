//! How the race spends its declared error over its intervals: the union
//! bound of the committed searches, or one critical value per round
//! calibrated on the joint law of every interval it has used (`max-t`).
//!
//! `max-t` is the simultaneous "max-|t|" method (Hothorn, Bretz and
//! Westfall 2008) made group-sequential by an error-spending function
//! (Lan and DeMets 1983). Every interval the race uses at round `s` (a
//! candidate's own, a pair's paired difference, the baseline's) is, in the
//! normal approximation the race already makes, `estimate ± c_s · se` with
//! a standardized statistic `T = (estimate − mean) / se`. The race's
//! eliminations are all right on the event that every such interval, at
//! every round, covers its mean: `|T| ≤ c_s` for all of them. At round `r`
//! the critical value `c_r` is chosen so that, under the law of the
//! statistics, the chance that any of them crossed its round's value at
//! some round `s ≤ r` is `alpha · t_r`, `t_r` the information fraction of
//! the declared rounds (`super::race::spent_fraction`): after the `R`
//! declared rounds at most `alpha`. The earlier values `c_0 … c_{r−1}` stay
//! as they were used. One family: the candidates' own intervals and the
//! pairs' share the maximum (the pairs, K(K−1)/2 of them, set it).
//!
//! The law is simulated ([`REPLICATES`] seeded draws, so a search gives the
//! same intervals on every machine): for each quantity, the candidates'
//! per-deal values are normal with the correlations measured on their shared
//! deals (a pair's correlation from the variances of the two and of their
//! difference); each round adds fresh deals (independent increments); a
//! candidate's statistic counts from its first round to the round it left,
//! a pair's on the rounds both played. The quantities are simulated as
//! independent blocks and the baseline as a block of its own: by the
//! Gaussian correlation inequality (Royen 2014) the chance that every
//! interval covers is at least the product over blocks, so treating blocks
//! as independent can only raise the critical value (conservative).

use crate::rng::{GameRng, Rng, derive, rng_from_seed};

/// Simulated draws of the statistics' law per calibration.
pub const REPLICATES: usize = 4000;

/// The seed of the calibration's draws when the caller gives none
/// (salted: no other stream of the tool uses it).
pub const CALIBRATION_SEED: u64 = 0x5EA5_0A1C_0000_0001;

/// How the race spends its declared error.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Spending {
    /// The union bound over K candidates, K(K−1)/2 pairs, R rounds and Q
    /// quantities (the searches committed before the `max-t` race).
    #[default]
    Union,
    /// One critical value per round from the joint law of the intervals
    /// used so far, spending `alpha · (r + 1) / R` by round `r`.
    MaxT,
}

impl Spending {
    /// The name in files and flags.
    pub fn name(self) -> &'static str {
        match self {
            Spending::Union => "union",
            Spending::MaxT => "max-t",
        }
    }

    /// The spending of `name`, if it is one.
    pub fn from_name(name: &str) -> Option<Spending> {
        [Spending::Union, Spending::MaxT]
            .into_iter()
            .find(|s| s.name() == name)
    }

    /// The spending of `name`, or an error listing the allowed words.
    pub fn parse(name: &str) -> Result<Spending, UnknownRace> {
        Spending::from_name(name).ok_or_else(|| UnknownRace(name.to_string()))
    }
}

/// A race's name that is none of [`Spending`]'s.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UnknownRace(pub String);

impl std::fmt::Display for UnknownRace {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "`{}` is not a race (allowed: max-t, union)",
            crate::one_line::one_line(&self.0)
        )
    }
}

impl std::error::Error for UnknownRace {}

/// One block of statistics (one quantity's candidates, or the baseline)
/// over the rounds so far.
#[derive(Clone, Debug, Default)]
pub struct Block {
    /// The participants' correlation matrix, row-major (`n × n`).
    pub correlation: Vec<f64>,
    /// Deals each participant played in each round: `deals[p][s]`.
    pub deals: Vec<Vec<u64>>,
    /// Whether participant `p`'s own interval is used at round `s`.
    pub single: Vec<Vec<bool>>,
    /// The pairs `(p, q)` whose paired interval is used, and the rounds
    /// it is used at.
    pub pairs: Vec<(usize, usize, Vec<bool>)>,
}

impl Block {
    /// Participants.
    fn len(&self) -> usize {
        self.deals.len()
    }
}

/// The lower-triangular factor `L` of `matrix = L Lᵀ` (row-major `n × n`),
/// the matrix first shrunk towards the identity as little as makes it
/// positive definite (correlations measured on different deals need not
/// make a valid matrix together; shrinking lowers them).
fn cholesky(matrix: &[f64], n: usize) -> Vec<f64> {
    let mut shrink = 0.0;
    loop {
        let at = |i: usize, j: usize| {
            if i == j {
                1.0
            } else {
                matrix[i * n + j] * (1.0 - shrink)
            }
        };
        let mut l = vec![0.0; n * n];
        let mut ok = true;
        'rows: for i in 0..n {
            for j in 0..=i {
                let mut sum = at(i, j);
                for k in 0..j {
                    sum -= l[i * n + k] * l[j * n + k];
                }
                if i == j {
                    if sum <= 1e-9 {
                        ok = false;
                        break 'rows;
                    }
                    l[i * n + i] = sum.sqrt();
                } else {
                    l[i * n + j] = sum / l[j * n + j];
                }
            }
        }
        if ok {
            return l;
        }
        shrink = if shrink == 0.0 { 1e-6 } else { shrink * 4.0 };
        if shrink >= 1.0 {
            // The identity: always positive definite.
            shrink = 1.0;
        }
    }
}

/// Standard normal draws into `out` (Box–Muller from pairs of uniforms in
/// (0, 1), both branches used).
fn normals(rng: &mut GameRng, out: &mut [f64]) {
    let uniform = |rng: &mut GameRng| ((rng.next_u64() >> 11) as f64 + 0.5) / (1u64 << 53) as f64;
    for pair in out.chunks_mut(2) {
        let (u, v) = (uniform(rng), uniform(rng));
        let (r, angle) = ((-2.0 * u.ln()).sqrt(), std::f64::consts::TAU * v);
        pair[0] = r * angle.cos();
        if let Some(second) = pair.get_mut(1) {
            *second = r * angle.sin();
        }
    }
}

/// One block's simulation: its factor, each statistic's weights per
/// round (computed once: the deals are known) and the scratch of one
/// simulated history.
struct BlockDraw {
    /// Participants.
    n: usize,
    factor: Vec<f64>,
    /// Per participant and round `s` (`p · rounds + s`): `√(deals)`, the
    /// weight of the round's draw in its sum.
    step: Vec<f64>,
    /// Per participant and round: `1 / √(deals so far)` when its own
    /// statistic is used at the round (two deals or more), else 0.
    norm: Vec<f64>,
    /// Per pair: its two participants.
    pair_of: Vec<(usize, usize)>,
    /// Per pair and round: `√(deals shared)`.
    pair_step: Vec<f64>,
    /// Per pair and round: `1 / √(shared deals so far · (2 − 2ρ))` when
    /// its statistic is used at the round, else 0.
    pair_norm: Vec<f64>,
    rounds: usize,
    z: Vec<f64>,
    x: Vec<f64>,
    sum: Vec<f64>,
    pair_sum: Vec<f64>,
}

impl BlockDraw {
    fn new(block: &Block, rounds: usize) -> BlockDraw {
        let n = block.len();
        let at = |v: &[u64], s: usize| v.get(s).copied().unwrap_or(0);
        let used = |v: &[bool], s: usize| v.get(s).copied().unwrap_or(false);
        let mut step = vec![0.0; n * rounds];
        let mut norm = vec![0.0; n * rounds];
        for p in 0..n {
            let mut count = 0u64;
            for s in 0..rounds {
                let d = at(&block.deals[p], s);
                count += d;
                step[p * rounds + s] = (d as f64).sqrt();
                if used(&block.single[p], s) && count >= 2 {
                    norm[p * rounds + s] = 1.0 / (count as f64).sqrt();
                }
            }
        }
        let factor = cholesky(&block.correlation, n);
        // The correlation the draws have: the factor's `L Lᵀ`, which is the
        // measured one shrunk towards the identity when that did not factor.
        // A pair's statistic is standardized by its difference's variance
        // under the draws' law; the measured correlation there would give a
        // variance below the draws' (near-identical candidates, shrunk)
        // and so a statistic far above 1 in spread, crossing every value.
        let simulated = |p: usize, q: usize| -> f64 {
            let (row_p, row_q) = (&factor[p * n..p * n + n], &factor[q * n..q * n + n]);
            let last = p.min(q);
            row_p[..=last]
                .iter()
                .zip(&row_q[..=last])
                .map(|(a, b)| a * b)
                .sum()
        };
        let pairs = block.pairs.len();
        let mut pair_step = vec![0.0; pairs * rounds];
        let mut pair_norm = vec![0.0; pairs * rounds];
        for (k, (p, q, use_at)) in block.pairs.iter().enumerate() {
            let rho = simulated(*p, *q).clamp(-1.0, 1.0);
            let variance = (2.0 - 2.0 * rho).max(0.0);
            let mut count = 0u64;
            for s in 0..rounds {
                let d = at(&block.deals[*p], s).min(at(&block.deals[*q], s));
                count += d;
                pair_step[k * rounds + s] = (d as f64).sqrt();
                if used(use_at, s) && count >= 2 && variance > 1e-12 {
                    pair_norm[k * rounds + s] = 1.0 / (count as f64 * variance).sqrt();
                }
            }
        }
        BlockDraw {
            n,
            factor,
            step,
            norm,
            pair_of: block.pairs.iter().map(|&(p, q, _)| (p, q)).collect(),
            pair_step,
            pair_norm,
            rounds,
            z: vec![0.0; n],
            x: vec![0.0; n],
            sum: vec![0.0; n],
            pair_sum: vec![0.0; pairs],
        }
    }

    /// One simulated history of the block over its rounds: each round's
    /// largest `|T|` folded into `largest` (their maximum with the other
    /// blocks').
    ///
    /// Round `s`'s draws come from `seed` and `s` alone, and a participant
    /// added later only appends draws (its row of the factor is the last):
    /// the calibration of a later round sees the same histories of the
    /// earlier rounds as theirs did, so each round spends its own share.
    fn draw(&mut self, seed: u64, largest: &mut [f64]) {
        let (n, rounds) = (self.n, self.rounds);
        self.sum.iter_mut().for_each(|v| *v = 0.0);
        self.pair_sum.iter_mut().for_each(|v| *v = 0.0);
        for (s, top) in largest.iter_mut().enumerate().take(rounds) {
            let mut rng = rng_from_seed(derive(seed, s as u64));
            normals(&mut rng, &mut self.z);
            for i in 0..n {
                let row = &self.factor[i * n..i * n + i + 1];
                self.x[i] = row.iter().zip(&self.z).map(|(l, z)| l * z).sum();
            }
            for p in 0..n {
                let at = p * rounds + s;
                self.sum[p] += self.step[at] * self.x[p];
                *top = top.max((self.sum[p] * self.norm[at]).abs());
            }
            for (k, &(p, q)) in self.pair_of.iter().enumerate() {
                let at = k * rounds + s;
                self.pair_sum[k] += self.pair_step[at] * (self.x[q] - self.x[p]);
                *top = top.max((self.pair_sum[k] * self.pair_norm[at]).abs());
            }
        }
    }
}

/// The quantile of Student's t with `df` degrees of freedom at the
/// probability of the standard normal's quantile `z` (the Cornish–Fisher
/// expansion, Abramowitz and Stegun 26.7.5; within 0.01 of the exact value
/// from 10 degrees of freedom at the race's quantiles). The race's
/// intervals use each candidate's sample variance: at a few dozen deals a
/// normal critical value would be too small in the far tail.
pub fn student_from_normal(z: f64, df: f64) -> f64 {
    if !z.is_finite() || df <= 0.0 {
        return z;
    }
    let (z2, n) = (z * z, df);
    let z3 = z2 * z;
    let z5 = z3 * z2;
    let z7 = z5 * z2;
    let z9 = z7 * z2;
    z + (z3 + z) / (4.0 * n)
        + (5.0 * z5 + 16.0 * z3 + 3.0 * z) / (96.0 * n * n)
        + (3.0 * z7 + 19.0 * z5 + 17.0 * z3 - 15.0 * z) / (384.0 * n.powi(3))
        + (79.0 * z9 + 776.0 * z7 + 1482.0 * z5 - 1920.0 * z3 - 945.0 * z) / (92160.0 * n.powi(4))
}

/// The error a round of the race may have spent: the schedule's share by
/// the round before, by this round, and the declared total (`alpha`).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Spent {
    /// `alpha · t_{r−1}` (0 at round 0).
    pub before: f64,
    /// `alpha · t_r`.
    pub by_now: f64,
    /// `alpha`, which no round's calibration exceeds.
    pub total: f64,
}

impl Spent {
    /// Round `round` of `rounds` declared at `alpha`, by
    /// [`super::race::spent_fraction`].
    pub fn at(alpha: f64, round: usize, rounds: usize) -> Spent {
        let fraction = super::race::spent_fraction;
        Spent {
            before: if round == 0 {
                0.0
            } else {
                alpha * fraction(round - 1, rounds)
            },
            by_now: alpha * fraction(round, rounds),
            total: alpha,
        }
    }
}

/// The critical value of round `boundaries.len()` (the rounds before it
/// used `boundaries`), from [`REPLICATES`] draws of the statistics' law as
/// measured now: the value at which the chance that one of the race's
/// statistics crossed its round's value by this round is `spent.by_now`.
///
/// The law is measured again at every round (new candidates, correlations
/// on more deals), so the earlier values may now be crossed more often than
/// the schedule planned. Then this round spends its own share,
/// `by_now − before`, as long as the chance of a crossing by this round
/// stays within `spent.total` (Lan and DeMets's increment), rather than
/// nothing: so a race never stops eliminating for the calibration's noise,
/// and under the law measured now its error is at most `alpha` at every
/// round. Infinite only when the earlier rounds already crossed more than
/// `alpha`.
pub fn critical_value(blocks: &[Block], boundaries: &[f64], spent: Spent) -> f64 {
    critical_value_from(blocks, boundaries, spent, REPLICATES, CALIBRATION_SEED)
}

/// [`critical_value`] from `replicates` draws seeded by `seed` (each
/// replicate's, block's and round's draws derived from it).
pub fn critical_value_from(
    blocks: &[Block],
    boundaries: &[f64],
    spent: Spent,
    replicates: usize,
    seed: u64,
) -> f64 {
    let round = boundaries.len();
    let rounds = round + 1;
    let mut draws: Vec<BlockDraw> = blocks.iter().map(|b| BlockDraw::new(b, rounds)).collect();
    let base = derive(seed, CALIBRATION_SEED);
    let mut crossed_before = 0usize;
    let mut last: Vec<f64> = Vec::with_capacity(replicates);
    let mut largest = vec![0.0; rounds];
    for i in 0..replicates {
        largest.iter_mut().for_each(|v| *v = 0.0);
        let replicate = derive(base, i as u64);
        for (b, draw) in draws.iter_mut().enumerate() {
            draw.draw(derive(replicate, b as u64), &mut largest);
        }
        if largest[..round].iter().zip(boundaries).any(|(t, c)| t > c) {
            crossed_before += 1;
        } else {
            last.push(largest[round]);
        }
    }
    let draws_of = |error: f64| (error * replicates as f64).floor() as usize;
    let (before, by_now, total) = (
        draws_of(spent.before),
        draws_of(spent.by_now),
        draws_of(spent.total),
    );
    // On schedule (or under it): spend up to the schedule. Over it: this
    // round's own share, never beyond the total.
    let share = by_now.saturating_sub(before);
    let wanted = by_now.saturating_sub(crossed_before).max(share);
    let Some(room) = total.checked_sub(crossed_before) else {
        return f64::INFINITY;
    };
    let left = wanted.min(room);
    if left == 0 {
        return last.iter().copied().fold(0.0, f64::max) + 1e-9;
    }
    // The value `left` of the draws not crossed before exceed.
    last.sort_by(|a, b| b.total_cmp(a));
    if left >= last.len() {
        return 0.0;
    }
    (last[left - 1] + last[left]) / 2.0
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::stats::equivalence::normal_quantile;

    /// The calibration's value at the default seed, for a round spending
    /// `spent` by now on a schedule that spent nothing before it and
    /// declares `spent` in all.
    fn value(blocks: &[Block], boundaries: &[f64], spent: f64, replicates: usize) -> f64 {
        let spent = Spent {
            before: 0.0,
            by_now: spent,
            total: spent,
        };
        critical_value_from(blocks, boundaries, spent, replicates, CALIBRATION_SEED)
    }

    fn one_round(n: usize, rho: f64, deals: u64) -> Block {
        let mut correlation = vec![rho; n * n];
        for i in 0..n {
            correlation[i * n + i] = 1.0;
        }
        Block {
            correlation,
            deals: vec![vec![deals]; n],
            single: vec![vec![true]; n],
            pairs: Vec::new(),
        }
    }

    #[test]
    fn one_statistic_at_one_round_gets_the_normal_quantile() {
        let c = critical_value_from(
            &[one_round(1, 0.0, 100)],
            &[],
            Spent::at(0.05, 0, 1),
            20_000,
            CALIBRATION_SEED,
        );
        assert!((c - normal_quantile(0.975)).abs() < 0.03, "{c}");
    }

    #[test]
    fn independent_statistics_get_sidaks_value_and_equal_ones_one_quantile() {
        // Ten independent: 1 - (1 - a)^(1/10) each.
        let c = critical_value_from(
            &[one_round(10, 0.0, 100)],
            &[],
            Spent::at(0.05, 0, 1),
            20_000,
            CALIBRATION_SEED,
        );
        let each = 1.0 - 0.95f64.powf(0.1);
        assert!((c - normal_quantile(1.0 - each / 2.0)).abs() < 0.04, "{c}");
        // Ten copies of one statistic: one quantile.
        let c = critical_value_from(
            &[one_round(10, 0.999_999, 100)],
            &[],
            Spent::at(0.05, 0, 1),
            20_000,
            CALIBRATION_SEED,
        );
        assert!((c - normal_quantile(0.975)).abs() < 0.05, "{c}");
    }

    #[test]
    fn a_pair_of_equicorrelated_candidates_is_one_normal_statistic() {
        let mut block = one_round(2, 0.7, 100);
        block.single = vec![vec![false]; 2];
        block.pairs = vec![(0, 1, vec![true])];
        let c = value(&[block], &[], 0.1, 20_000);
        assert!((c - normal_quantile(0.95)).abs() < 0.03, "{c}");
    }

    #[test]
    fn later_rounds_spend_what_is_left_and_a_round_already_spent_stops() {
        // Two rounds of one statistic, the second on twice the deals:
        // half the error at each.
        let block = Block {
            correlation: vec![1.0],
            deals: vec![vec![100, 100]],
            single: vec![vec![true, true]],
            pairs: Vec::new(),
        };
        let first = value(std::slice::from_ref(&block), &[], 0.025, 20_000);
        let second = value(std::slice::from_ref(&block), &[first], 0.05, 20_000);
        assert!(
            (first - normal_quantile(1.0 - 0.0125)).abs() < 0.05,
            "{first}"
        );
        // Correlated looks (sqrt(1/2)) cost less than a union: the second
        // value lies below the first's and above the single 5% one.
        assert!(
            second < first && second > normal_quantile(0.975),
            "{second}"
        );
        // A first round that spent everything leaves nothing.
        let none = value(std::slice::from_ref(&block), &[0.1], 0.05, 2_000);
        assert!(none.is_infinite());
    }

    /// When the law measured now says the earlier values were crossed more
    /// often than the schedule planned (here round 0's value 1.5, crossed
    /// by about 13% of draws, where the schedule spent 1%), the round spends
    /// its own share rather than stopping: the old calibration returned
    /// infinity here (no elimination again), while the total of 20% is
    /// not yet spent.
    #[test]
    fn a_round_over_its_schedule_spends_its_own_share_within_the_total() {
        let block = Block {
            correlation: vec![1.0],
            deals: vec![vec![100, 100]],
            single: vec![vec![true, true]],
            pairs: Vec::new(),
        };
        let blocks = std::slice::from_ref(&block);
        let spent = Spent {
            before: 0.01,
            by_now: 0.02,
            total: 0.2,
        };
        let c = critical_value_from(blocks, &[1.5], spent, 20_000, CALIBRATION_SEED);
        // About 1% of the draws not crossed at round 0 cross c at round 1:
        // a finite value above the 1% two-sided quantile of the increment's
        // law, which is a normal's at correlation sqrt(1/2) with round 0.
        assert!(c.is_finite() && c > 1.5 && c < 3.5, "{c}");
        // Over the total, nothing is left: infinite.
        let spent = Spent {
            before: 0.01,
            by_now: 0.02,
            total: 0.05,
        };
        let none = critical_value_from(blocks, &[1.5], spent, 20_000, CALIBRATION_SEED);
        assert!(none.is_infinite());
    }

    /// Correlations measured on different deals need not make a valid
    /// matrix together: here 0.99, 0.99 and 0.5 do not, and the factor
    /// shrinks them. The pairs' statistics are standardized by the
    /// variance of the draws they come from, so each still has spread 1
    /// and the value is that of six normal statistics at most (Šidák's
    /// 2.63 at 5%). Standardized by the measured correlation instead, the
    /// near-identical pairs' spread was several times 1 and the value
    /// above 10: the search's critical value went to infinity later.
    #[test]
    fn a_shrunk_correlation_standardizes_its_pairs_by_the_draws_variance() {
        let mut block = one_round(3, 0.0, 100);
        block.correlation = vec![1.0, 0.99, 0.99, 0.99, 1.0, 0.5, 0.99, 0.5, 1.0];
        block.pairs = vec![(0, 1, vec![true]), (0, 2, vec![true]), (1, 2, vec![true])];
        let c = value(std::slice::from_ref(&block), &[], 0.05, 20_000);
        assert!(c > 2.0 && c < 2.7, "{c}");
    }

    #[test]
    fn the_calibration_is_reproducible_and_its_names_round_trip() {
        let block = one_round(5, 0.3, 50);
        assert_eq!(
            value(std::slice::from_ref(&block), &[], 0.05, 1000),
            value(std::slice::from_ref(&block), &[], 0.05, 1000)
        );
        for s in [Spending::Union, Spending::MaxT] {
            assert_eq!(Spending::from_name(s.name()), Some(s));
        }
        assert_eq!(Spending::from_name("bonferroni"), None);
        assert_eq!(Spending::parse("max-t"), Ok(Spending::MaxT));
        assert_eq!(
            Spending::parse("max t\n").unwrap_err().to_string(),
            "`max t\\n` is not a race (allowed: max-t, union)"
        );
    }

    #[test]
    fn student_quantiles_from_normal_ones_match_the_tables() {
        // t(0.975; 10) = 2.2281, t(0.9995; 49) = 3.5004 (by quadrature),
        // t(0.975; 1000) = 1.9623.
        let at = |p: f64, df: f64| student_from_normal(normal_quantile(p), df);
        assert!(
            (at(0.975, 10.0) - 2.2281).abs() < 0.002,
            "{}",
            at(0.975, 10.0)
        );
        assert!(
            (at(0.9995, 49.0) - 3.5004).abs() < 0.003,
            "{}",
            at(0.9995, 49.0)
        );
        assert!((at(0.975, 1000.0) - 1.9623).abs() < 0.0005);
        assert!(student_from_normal(f64::INFINITY, 10.0).is_infinite());
    }

    #[test]
    fn an_invalid_correlation_matrix_is_shrunk_until_it_factors() {
        // Three pairwise correlations no normal vector can have together.
        let m = vec![1.0, 0.9, -0.9, 0.9, 1.0, 0.9, -0.9, 0.9, 1.0];
        let l = cholesky(&m, 3);
        assert!(l.iter().all(|v| v.is_finite()));
        assert!(l[0] > 0.0 && l[4] > 0.0 && l[8] > 0.0);
    }
}
