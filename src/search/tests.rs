//! Tests of the search module (written with the race).
//!
//! The statistical tests simulate races on tables of true values with
//! normal noise (Box-Muller from the crate's generator, fixed seeds), and
//! count exactly what went wrong against the truth; the others check the
//! race's arithmetic, the rounds, the space and the goal on hand-built data
//! with known answers.

use super::*;
use crate::compare::Metric;
use crate::rng::{GameRng, Rng, below, derive, rng_from_seed};
use crate::stats::equivalence::normal_quantile;
use crate::sweep::Vary;

// ---------------------------------------------------------------------------
// Helpers
// ---------------------------------------------------------------------------

/// A standard normal draw (Box-Muller, the cosine branch) from two 53-bit
/// uniforms, the first in (0, 1] so that its logarithm is finite.
pub(super) fn normal(rng: &mut GameRng) -> f64 {
    const SCALE: f64 = 1.0 / (1u64 << 53) as f64;
    let u1 = ((rng.next_u64() >> 11) as f64 + 1.0) * SCALE;
    let u2 = (rng.next_u64() >> 11) as f64 * SCALE;
    (-2.0 * u1.ln()).sqrt() * (std::f64::consts::TAU * u2).cos()
}

/// `n` values of mean exactly `mean` (up to rounding): normal draws of
/// standard deviation `sd`, recentred.
fn centered(seed: u64, n: usize, mean: f64, sd: f64) -> Vec<f64> {
    let mut rng = rng_from_seed(seed);
    let draws: Vec<f64> = (0..n).map(|_| sd * normal(&mut rng)).collect();
    let m = draws.iter().sum::<f64>() / n as f64;
    draws.iter().map(|x| x - m + mean).collect()
}

/// A goal from texts (every objective with `margin`), at `players` seats.
pub(super) fn goal(objectives: &[&str], margin: f64, constraints: &[&str], players: usize) -> Goal {
    Goal::new(
        objectives
            .iter()
            .map(|t| Objective::parse(t, margin).expect("an objective"))
            .collect(),
        constraints
            .iter()
            .map(|t| Constraint::parse(t, players).expect("a constraint"))
            .collect(),
        players,
        None,
    )
    .expect("a goal")
}

/// A race of one candidate per row of `columns`: candidate `c` plays the
/// per-deal rows `columns[c]` (one value per quantity) in one round.
fn race_of(goal: Goal, budget: Budget, columns: &[Vec<Vec<f64>>]) -> Race {
    let mut race = Race::new(goal, budget);
    for c in 0..columns.len() {
        assert_eq!(race.add(Point(vec![c as u16]), 0), Some(c));
    }
    let round: Vec<(usize, RoundValues)> = columns.iter().cloned().enumerate().collect();
    race.record_round(&round);
    race
}

/// Rows of one value per deal from per-quantity columns of equal length.
fn rows(columns: &[Vec<f64>]) -> Vec<Vec<f64>> {
    (0..columns[0].len())
        .map(|i| columns.iter().map(|col| col[i]).collect())
        .collect()
}

/// The mean, and the standard error of the mean, by the two-pass formula.
fn mean_and_se(values: &[f64]) -> (f64, f64) {
    let n = values.len() as f64;
    let mean = values.iter().sum::<f64>() / n;
    let var = values.iter().map(|x| (x - mean).powi(2)).sum::<f64>() / (n - 1.0);
    (mean, (var / n).sqrt())
}

fn close(a: f64, b: f64, tolerance: f64) -> bool {
    (a - b).abs() <= tolerance * (1.0 + a.abs().max(b.abs()))
}

/// The noise of a simulated race: per quantity, the sd of a component
/// common to every candidate on the same deal and of an individual one.
pub(super) struct Noise<'a> {
    pub(super) shared: &'a [f64],
    pub(super) own: &'a [f64],
}

/// A race of the candidates of `truth` (per candidate, the true mean of
/// each quantity), played in rounds of `deals` deals on shared deals: each
/// round every candidate still in gets the same deals (deal `i`'s shared
/// noise is common to all), then the race decides. `before_decide` sees
/// the race after each round's games, before its eliminations.
pub(super) fn simulate(
    goal: Goal,
    budget: Budget,
    truth: &[Vec<f64>],
    noise: &Noise,
    deals: &[usize],
    seed: u64,
    mut before_decide: impl FnMut(&Race, usize),
) -> Race {
    let mut race = Race::new(goal, budget);
    for c in 0..truth.len() {
        assert_eq!(race.add(Point(vec![c as u16]), 0), Some(c));
    }
    for (round, &n) in deals.iter().enumerate() {
        let alive = race.alive();
        if alive.is_empty() {
            break;
        }
        let mut rng = rng_from_seed(derive(seed, round as u64));
        let mut values: Vec<(usize, RoundValues)> =
            alive.iter().map(|&c| (c, Vec::with_capacity(n))).collect();
        for _ in 0..n {
            let shared: Vec<f64> = noise.shared.iter().map(|s| s * normal(&mut rng)).collect();
            for (c, v) in values.iter_mut() {
                let deal: Vec<f64> = truth[*c]
                    .iter()
                    .zip(&shared)
                    .zip(noise.own)
                    .map(|((t, s), o)| t + s + o * normal(&mut rng))
                    .collect();
                v.push(deal);
            }
        }
        race.record_round(&values);
        before_decide(&race, round);
        race.decide(round);
    }
    race
}

/// Whether a constraint with a number for its bound is met by a true
/// value.
fn truly_meets(k: &Constraint, value: f64) -> bool {
    let Bound::Value(bound) = k.bound else {
        panic!("a constraint against the baseline has no number for its bound")
    };
    k.met_by(k.value(value), bound)
}

/// Whether `d` truly dominates `c`: `d` truly meets every constraint, is
/// not worse on any objective and better on one, by the true values.
fn truly_dominates(goal: &Goal, truth: &[Vec<f64>], d: usize, c: usize) -> bool {
    let feasible = goal
        .constraints
        .iter()
        .all(|k| truly_meets(k, truth[d][goal.index_of(&k.quantity)]));
    let mut better = false;
    for o in &goal.objectives {
        let q = goal.index_of(&o.quantity);
        let (ld, lc) = (o.loss(truth[d][q]), o.loss(truth[c][q]));
        if ld > lc {
            return false;
        }
        better |= ld < lc;
    }
    feasible && better
}

/// The wrong eliminations of a race against the truth: `(candidate, exit)`
/// for each candidate eliminated by a constraint it truly meets, or as
/// dominated by a candidate that does not truly dominate it.
pub(super) fn wrong_exits(race: &Race, truth: &[Vec<f64>]) -> Vec<(usize, Exit)> {
    let goal = &race.goal;
    race.candidates
        .iter()
        .enumerate()
        .filter_map(|(c, cand)| {
            let (_, exit) = cand.exit?;
            let wrong = match exit {
                Exit::Constraint(k) => {
                    let constraint = &goal.constraints[k];
                    truly_meets(constraint, truth[c][goal.index_of(&constraint.quantity)])
                }
                Exit::Dominated(d) => !truly_dominates(goal, truth, d, c),
            };
            wrong.then_some((c, exit))
        })
        .collect()
}

/// The doubling rounds of the statistical tests.
const DEALS: [usize; 4] = [50, 100, 200, 400];

/// Seeds of the family-wise error tests.
const SEEDS: u64 = 400;

/// The most seeds with a wrong elimination tolerated at alpha = 0.1 over
/// 400 seeds: alpha · 400 plus three binomial standard deviations.
fn allowance(alpha: f64) -> f64 {
    let n = SEEDS as f64;
    alpha * n + 3.0 * (n * alpha * (1.0 - alpha)).sqrt()
}

// ---------------------------------------------------------------------------
// The helpers themselves
// ---------------------------------------------------------------------------

#[test]
fn box_muller_draws_standard_normals() {
    let mut rng = rng_from_seed(1);
    let n = 200_000;
    let draws: Vec<f64> = (0..n).map(|_| normal(&mut rng)).collect();
    let mean = draws.iter().sum::<f64>() / n as f64;
    let var = draws.iter().map(|x| (x - mean).powi(2)).sum::<f64>() / (n - 1) as f64;
    let beyond = draws.iter().filter(|x| x.abs() > 1.959_964).count() as f64 / n as f64;
    assert!(mean.abs() < 0.01, "mean {mean}");
    assert!((var - 1.0).abs() < 0.015, "variance {var}");
    assert!((beyond - 0.05).abs() < 0.003, "two-sided 5% tail {beyond}");
    assert!(draws.iter().all(|x| x.is_finite()));
}

// ---------------------------------------------------------------------------
// 1. Family-wise error of a Min objective, and what pairing buys
// ---------------------------------------------------------------------------

/// True means of the Min test: two best, then near ties, then the clearly
/// worse (index 7 on: worse than the best by at least 0.3).
const MIN_TRUTH: [f64; 12] = [0.0, 0.0, 0.05, 0.05, 0.1, 0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.8];

#[test]
fn min_objective_family_wise_error_within_alpha_and_power() {
    let alpha = 0.1;
    let budget = Budget {
        alpha,
        candidates: 12,
        rounds: 4,
        spending: Default::default(),
    };
    let truth: Vec<Vec<f64>> = MIN_TRUTH.iter().map(|&m| vec![m]).collect();
    // Total per-deal sd sqrt(2): half shared with every candidate on the
    // deal, half individual.
    let noise = Noise {
        shared: &[1.0],
        own: &[1.0],
    };
    let mut wrong_seeds = 0;
    let mut wrong_total = 0;
    let mut eliminated = [0u32; 12];
    let mut best_eliminated = 0;
    for seed in 0..SEEDS {
        let g = goal(&["mean_turns min"], 0.01, &[], 2);
        let race = simulate(g, budget, &truth, &noise, &DEALS, seed, |_, _| {});
        // Every candidate played every round it was in for, and nothing else.
        for (c, cand) in race.candidates.iter().enumerate() {
            let rounds_in = cand.exit.map_or(4, |(r, _)| r + 1);
            let deals: usize = DEALS[..rounds_in].iter().sum();
            assert_eq!(cand.evidence.deals(), deals as u64, "candidate {c}");
        }
        let wrong = wrong_exits(&race, &truth);
        if !wrong.is_empty() {
            wrong_seeds += 1;
            wrong_total += wrong.len();
        }
        for (c, cand) in race.candidates.iter().enumerate() {
            if cand.exit.is_some() {
                eliminated[c] += 1;
            }
        }
        if race.candidates[0].exit.is_some() && race.candidates[1].exit.is_some() {
            best_eliminated += 1;
        }
    }
    let rates: Vec<f64> = eliminated
        .iter()
        .map(|&e| f64::from(e) / SEEDS as f64)
        .collect();
    eprintln!(
        "min objective: {wrong_seeds}/{SEEDS} seeds with a wrong elimination \
         ({wrong_total} wrong in all), elimination rates {rates:.3?}, both best out in \
         {best_eliminated} seeds"
    );
    assert!(
        f64::from(wrong_seeds) <= allowance(alpha),
        "{wrong_seeds} seeds with a wrong elimination, allowance {}",
        allowance(alpha)
    );
    assert_eq!(best_eliminated, 0, "both truly best candidates eliminated");
    for (c, &m) in MIN_TRUTH.iter().enumerate() {
        if m >= 0.3 {
            assert!(
                rates[c] >= 0.9,
                "candidate {c} (true {m}) eliminated in only {:.3} of the seeds",
                rates[c]
            );
        }
    }
}

#[test]
fn pairing_eliminates_what_single_intervals_cannot() {
    // A large shared component (sd 3) and a small individual one (sd 0.5):
    // each candidate's own interval is wide, the paired differences narrow.
    let budget = Budget {
        alpha: 0.1,
        candidates: 12,
        rounds: 4,
        spending: Default::default(),
    };
    let truth: Vec<Vec<f64>> = MIN_TRUTH.iter().map(|&m| vec![m]).collect();
    let noise = Noise {
        shared: &[3.0],
        own: &[0.5],
    };
    let seeds = 20;
    let mut by_race = 0;
    let mut by_single = 0;
    let mut wrong = 0;
    let mut worst_out_at_round_0 = 0;
    for seed in 0..seeds {
        let g = goal(&["mean_turns min"], 0.01, &[], 2);
        let mut single_round = Vec::new();
        let race = simulate(g, budget, &truth, &noise, &DEALS, 1000 + seed, |race, _| {
            // What the single intervals alone would eliminate this round:
            // the candidates whose loss interval lies wholly above another's.
            let alive = race.alive();
            let single = alive
                .iter()
                .filter(|&&c| {
                    alive.iter().any(|&d| {
                        d != c && race.loss_interval(d, 0).high < race.loss_interval(c, 0).low
                    })
                })
                .count();
            single_round.push(single);
        });
        by_single += single_round.iter().sum::<usize>();
        by_race += race.candidates.iter().filter(|c| c.exit.is_some()).count();
        wrong += wrong_exits(&race, &truth).len();
        if race.candidates[11].exit.map(|(r, _)| r) == Some(0) {
            worst_out_at_round_0 += 1;
        }
    }
    eprintln!(
        "pairing: {by_race} eliminations by the race, {by_single} candidate-rounds the single \
         intervals alone would eliminate, {wrong} wrong, the worst out at round 0 in \
         {worst_out_at_round_0}/{seeds}"
    );
    // Every candidate worse than the best by >= 0.2 (5 of them, plus the
    // 0.2) should go: at the last round a paired half-width is about 0.1.
    assert!(by_race >= 6 * seeds as usize, "{by_race} eliminations");
    assert!(
        by_single * 10 <= by_race,
        "single intervals alone: {by_single}, race: {by_race}"
    );
    assert_eq!(wrong, 0);
    assert!(worst_out_at_round_0 >= seeds * 9 / 10);
}

// ---------------------------------------------------------------------------
// 2. A Near objective and a constraint straddled by the true values
// ---------------------------------------------------------------------------

/// `(seat ratio, mean turns)` true values: the objective is `seat_ratio:0
/// near 1`, the constraint `mean_turns <= 45`. Candidates 3, 4 and 5 are
/// the best on the objective but infeasible (3 barely, 4 and 5 far beyond
/// the bound), so only the constraint may remove them; 2 and 11 sit on the
/// bound (they meet it).
const NEAR_TRUTH: [(f64, f64); 12] = [
    (1.00, 40.0),
    (1.02, 44.9),
    (0.97, 45.0),
    (1.00, 45.1),
    (1.00, 50.0),
    (1.01, 52.0),
    (1.05, 44.5),
    (0.90, 42.0),
    (1.20, 43.0),
    (0.60, 41.0),
    (1.50, 44.0),
    (1.45, 45.0),
];

#[test]
fn near_objective_and_constraint_family_wise_error_within_alpha() {
    let alpha = 0.1;
    let budget = Budget {
        alpha,
        candidates: 12,
        rounds: 4,
        spending: Default::default(),
    };
    let truth: Vec<Vec<f64>> = NEAR_TRUTH.iter().map(|&(s, t)| vec![s, t]).collect();
    let noise = Noise {
        shared: &[0.3, 2.0],
        own: &[0.5, 3.0],
    };
    let mut constraint_wrong_seeds = 0;
    let mut any_wrong_seeds = 0;
    let mut eliminated = [0u32; 12];
    let mut by_constraint = [0u32; 12];
    for seed in 0..SEEDS {
        let g = goal(&["seat_ratio:0 near 1"], 0.02, &["mean_turns <= 45"], 2);
        assert_eq!(g.quantities(), [Quantity::SeatRatio(0), Quantity::Turns]);
        let race = simulate(g, budget, &truth, &noise, &DEALS, 50_000 + seed, |_, _| {});
        let wrong = wrong_exits(&race, &truth);
        if !wrong.is_empty() {
            any_wrong_seeds += 1;
        }
        if wrong.iter().any(|(_, e)| matches!(e, Exit::Constraint(_))) {
            constraint_wrong_seeds += 1;
        }
        for (c, cand) in race.candidates.iter().enumerate() {
            if let Some((_, exit)) = cand.exit {
                eliminated[c] += 1;
                if exit == Exit::Constraint(0) {
                    by_constraint[c] += 1;
                }
            }
        }
    }
    eprintln!(
        "near objective: {constraint_wrong_seeds}/{SEEDS} seeds with a feasible candidate out \
         by the constraint, {any_wrong_seeds} with any wrong elimination; eliminated \
         {eliminated:?}, by the constraint {by_constraint:?}"
    );
    assert!(f64::from(constraint_wrong_seeds) <= allowance(alpha));
    assert!(f64::from(any_wrong_seeds) <= allowance(alpha));
    let n = SEEDS as u32;
    // Far beyond the bound, best on the objective: out by the constraint,
    // every seed.
    assert_eq!(by_constraint[4], n);
    assert_eq!(by_constraint[5], n);
    // The certified-feasible best (0) is never out.
    assert_eq!(eliminated[0], 0);
    // Worse than the best feasible by >= 0.3 on the objective: out.
    for c in [9, 10, 11] {
        assert!(
            eliminated[c] * 10 >= 9 * n,
            "candidate {c}: {}",
            eliminated[c]
        );
    }
    // Candidates truly meeting the bound are (almost) never out by it.
    for (c, &(_, turns)) in NEAR_TRUTH.iter().enumerate() {
        if turns <= 45.0 {
            assert!(
                f64::from(by_constraint[c]) <= alpha * f64::from(n),
                "candidate {c}: {}",
                by_constraint[c]
            );
        }
    }
}

// ---------------------------------------------------------------------------
// 3. Dominance with significance, two objectives, hand-built data
// ---------------------------------------------------------------------------

/// `(turns, drama, tie rate)` means and sds of the dominance test's
/// candidates, 200 deals each.
fn dominance_race(tie_of_3: (f64, f64)) -> Race {
    let g = goal(
        &["mean_turns min", "mean_drama max"],
        0.01,
        &["tie_rate <= 0.2"],
        2,
    );
    assert_eq!(
        g.quantities(),
        [Quantity::Turns, Quantity::Quality(1), Quantity::TieRate]
    );
    let spec: [(f64, f64, (f64, f64)); 6] = [
        (30.0, 0.5, (0.1, 0.05)), // 0: feasible
        (25.0, 0.3, (0.1, 0.05)), // 1: shorter, less drama than 0
        (40.0, 0.2, (0.1, 0.05)), // 2: worse than 0 and 1 on both
        (20.0, 0.8, tie_of_3),    // 3: best on both
        (35.0, 0.4, (0.5, 0.05)), // 4: infeasible
        (30.0, 0.5, (0.1, 0.05)), // 5: as 0
    ];
    let columns: Vec<Vec<Vec<f64>>> = spec
        .iter()
        .enumerate()
        .map(|(c, &(turns, drama, (tie, tie_sd)))| {
            let s = 100 * c as u64;
            rows(&[
                centered(s, 200, turns, 2.0),
                centered(s + 1, 200, drama, 0.1),
                centered(s + 2, 200, tie, tie_sd),
            ])
        })
        .collect();
    let budget = Budget {
        alpha: 0.1,
        candidates: 6,
        rounds: 1,
        spending: Default::default(),
    };
    race_of(g, budget, &columns)
}

#[test]
fn dominance_needs_every_objective_and_a_certified_dominator() {
    // 3's tie rate straddles the bound: its interval holds 0.2.
    let mut race = dominance_race((0.19, 0.3));
    let tie = race.quantity_interval(3, 2);
    assert!(tie.low < 0.2 && tie.high > 0.2, "{tie:?}");
    assert!(!race.certified_feasible(3));
    assert_eq!(race.failed_constraint(3), None);
    assert_eq!(race.failed_constraint(4), Some(0));
    for c in [0, 1, 2, 5] {
        assert!(race.certified_feasible(c), "{c}");
        assert_eq!(race.failed_constraint(c), None);
    }
    // Trade-offs are never dominated.
    assert!(!race.dominates(0, 1));
    assert!(!race.dominates(1, 0));
    // Equal means: neither.
    assert!(!race.dominates(0, 5));
    assert!(!race.dominates(5, 0));
    // Worse on both by a wide margin.
    assert!(race.dominates(0, 2));
    assert!(race.dominates(1, 2));
    assert!(race.dominates(5, 2));
    // 3 is better than everyone on both, but not certified feasible.
    for c in 0..6 {
        assert!(!race.dominates(3, c), "3 dominates {c}");
        assert!(!race.dominates(c, 3), "{c} dominates 3");
        assert!(!race.dominates(c, c));
    }
    // 4 fails the constraint: it dominates no one either.
    for c in 0..6 {
        assert!(!race.dominates(4, c));
    }
    let left = race.decide(0);
    assert_eq!(left, [2, 4]);
    // 2 goes to the best of its dominators by the order (1: 25 turns).
    assert_eq!(race.candidates[2].exit, Some((0, Exit::Dominated(1))));
    assert_eq!(race.candidates[4].exit, Some((0, Exit::Constraint(0))));
    assert_eq!(race.alive(), [0, 1, 3, 5]);
    // 3's estimates meet the bound (0.19) and dominate every other's.
    assert_eq!(race.front(), [3]);
    assert_eq!(race.pick(), Some(3));
    assert_eq!(race.verdict(3), Verdict::Front);
    assert_eq!(race.verdict(0), Verdict::Survivor);
    assert_eq!(race.verdict(2), Verdict::Eliminated);
    assert!(!race.decided());
    // Decided again: nothing more leaves.
    assert!(race.decide(1).is_empty());
}

#[test]
fn a_certified_best_dominates_everyone() {
    // The same race with 3 certified feasible: it now dominates all.
    let mut race = dominance_race((0.1, 0.05));
    assert!(race.certified_feasible(3));
    for c in [0, 1, 2, 4, 5] {
        assert!(race.dominates(3, c), "3 does not dominate {c}");
    }
    let left = race.decide(0);
    assert_eq!(left, [0, 1, 2, 4, 5]);
    assert_eq!(race.candidates[2].exit, Some((0, Exit::Dominated(3))));
    assert_eq!(race.candidates[4].exit, Some((0, Exit::Constraint(0))));
    assert_eq!(race.alive(), [3]);
    assert!(race.decided());
    assert_eq!(race.pick(), Some(3));
}

#[test]
fn exits_and_verdicts_read() {
    assert_eq!(Exit::Constraint(0).to_string(), "constraint 1");
    assert_eq!(Exit::Dominated(3).to_string(), "dominated by candidate 3");
    assert_eq!(Verdict::Eliminated.name(), "eliminated");
    assert_eq!(Verdict::Front.name(), "front");
    assert_eq!(Verdict::Survivor.name(), "survivor");
}

// ---------------------------------------------------------------------------
// 4. The paired interval against a direct computation
// ---------------------------------------------------------------------------

#[test]
fn difference_interval_is_the_paired_mean_and_its_standard_error() {
    let budget = Budget {
        alpha: 0.1,
        candidates: 12,
        rounds: 4,
        spending: Default::default(),
    };
    let a = [1.0, 2.0, 3.0, 4.0, 5.0];
    let b = [2.0, 2.0, 5.0, 3.0, 7.0];
    let mut race = Race::new(goal(&["mean_turns min"], 0.01, &[], 2), budget);
    for c in 0..3 {
        race.add(Point(vec![c]), 0);
    }
    assert_eq!(race.difference_interval(1, 0, 0), None, "no deals yet");
    // The round lists the later candidate first: pairs are by index.
    let column = |v: &[f64]| v.iter().map(|&x| vec![x]).collect::<RoundValues>();
    race.record_round(&[(1, column(&b)), (0, column(&a))]);
    let z = race.quantiles().1;
    assert!(close(z, 3.732_758_799_146_364, 1e-8), "paired z {z}");
    assert!(close(race.quantiles().0, 3.279_024_297_718_021_5, 1e-8));
    // b − a = [1, 0, 2, −1, 2]: mean 0.8, variance 1.7, se sqrt(0.34).
    let diff: Vec<f64> = b.iter().zip(&a).map(|(y, x)| y - x).collect();
    let (mean, se) = mean_and_se(&diff);
    assert!(close(mean, 0.8, 1e-15) && close(se, 0.34f64.sqrt(), 1e-15));
    let i = race.difference_interval(1, 0, 0).expect("an interval");
    assert!(close(i.estimate, mean, 1e-12), "{i:?}");
    assert!(close(i.low, mean - z * se, 1e-12), "{i:?}");
    assert!(close(i.high, mean + z * se, 1e-12), "{i:?}");
    // Swapped: a − b.
    let j = race.difference_interval(0, 1, 0).expect("an interval");
    assert!(close(j.estimate, -mean, 1e-12));
    assert!(close(j.low, -mean - z * se, 1e-12));
    assert!(close(j.high, -mean + z * se, 1e-12));
    // Never played together: none.
    assert_eq!(race.difference_interval(2, 0, 0), None);
    // The single interval of b: its own mean and standard error.
    let (mb, seb) = mean_and_se(&b);
    let ib = race.quantity_interval(1, 0);
    let zs = race.quantiles().0;
    assert!(close(ib.estimate, mb, 1e-12));
    assert!(close(ib.high - ib.low, 2.0 * zs * seb, 1e-12));

    // A second round of 3 deals merges with the first; candidate 2 joins
    // it with 2 deals only and pairs on those.
    let a2 = [0.5, 1.5, -1.0];
    let b2 = [1.0, 1.0, 0.0];
    let c2 = [4.0, 3.0];
    race.record_round(&[(0, column(&a2)), (2, column(&c2)), (1, column(&b2))]);
    let mut diff_all = diff.clone();
    diff_all.extend(b2.iter().zip(&a2).map(|(y, x)| y - x));
    let (mean, se) = mean_and_se(&diff_all);
    let i = race.difference_interval(1, 0, 0).expect("an interval");
    assert!(close(i.estimate, mean, 1e-12), "{i:?} vs {mean}");
    assert!(close(i.high - i.estimate, z * se, 1e-12));
    // c − b on the first two deals of round 1: [3, 2].
    let (mean, se) = mean_and_se(&[3.0, 2.0]);
    let i = race.difference_interval(2, 1, 0).expect("an interval");
    assert!(close(i.estimate, mean, 1e-12) && close(i.high - i.estimate, z * se, 1e-12));
    let i = race.difference_interval(1, 2, 0).expect("an interval");
    assert!(close(i.estimate, -mean, 1e-12) && close(i.estimate - i.low, z * se, 1e-12));
    assert_eq!(race.candidates[2].evidence.deals(), 2);
    assert_eq!(race.candidates[0].evidence.deals(), 8);
}

#[test]
fn a_pair_needs_two_deals_together() {
    let budget = Budget {
        alpha: 0.1,
        candidates: 3,
        rounds: 2,
        spending: Default::default(),
    };
    let mut race = Race::new(goal(&["mean_turns min"], 0.01, &[], 2), budget);
    race.add(Point(vec![0]), 0);
    race.add(Point(vec![1]), 0);
    race.record_round(&[(0, vec![vec![1.0]]), (1, vec![vec![3.0]])]);
    assert_eq!(race.difference_interval(1, 0, 0), None);
    let i = race.quantity_interval(0, 0);
    assert_eq!(i.estimate, 1.0);
    assert!(i.low == f64::NEG_INFINITY && i.high == f64::INFINITY);
    assert!(!race.dominates(0, 1));
    assert_eq!(race.loss_difference_upper(0, 1, 0), f64::INFINITY);
    race.record_round(&[(0, vec![vec![2.0]]), (1, vec![vec![5.0]])]);
    let i = race.difference_interval(1, 0, 0).expect("two deals");
    assert!(close(i.estimate, 2.5, 1e-15));
}

#[test]
fn loss_difference_upper_takes_the_paired_bound_only_where_the_loss_is_linear() {
    let budget = Budget {
        alpha: 0.1,
        candidates: 2,
        rounds: 1,
        spending: Default::default(),
    };
    // Two candidates sharing a large per-deal component (sd 1) with small
    // individual ones: single intervals wide, the paired one narrow (on
    // unbounded quantities: a bounded one's intervals are Wilson's).
    let shared = centered(7, 100, 0.0, 1.0);
    let column = |mean: f64, seed: u64| -> Vec<Vec<f64>> {
        let own = centered(seed, 100, 0.0, 0.05);
        shared
            .iter()
            .zip(&own)
            .map(|(s, o)| vec![mean + s + o])
            .collect()
    };
    let upper_of = |objective: &str, ma: f64, mb: f64| {
        let race = race_of(
            goal(&[objective], 0.01, &[], 2),
            budget,
            &[column(ma, 1), column(mb, 2)],
        );
        let single = race.loss_interval(1, 0).high - race.loss_interval(0, 0).low;
        let paired = race.difference_interval(1, 0, 0).expect("paired");
        (race.loss_difference_upper(1, 0, 0), single, paired, race)
    };
    // Near 1, both intervals above it: the loss is the value less 1, the
    // paired interval's upper end bounds 1's loss less 0's.
    let (upper, single, paired, race) = upper_of("mean_turns near 1", 2.0, 1.8);
    assert!(race.quantity_interval(0, 0).low > 1.0 && race.quantity_interval(1, 0).low > 1.0);
    assert!(
        paired.high < single && paired.high < 0.0,
        "{paired:?} {single}"
    );
    assert_eq!(upper, paired.high);
    assert!(race.dominates(1, 0));
    // Both below it: the loss is 1 less the value, the bound −low.
    let (upper, _, paired, race) = upper_of("mean_turns near 1", 0.0, 0.2);
    assert!(race.quantity_interval(1, 0).high < 1.0);
    assert_eq!(upper, -paired.low);
    assert!(upper < 0.0 && race.dominates(1, 0));
    // One interval holds the target: the single intervals only.
    let (upper, single, _, race) = upper_of("mean_turns near 1", 1.0, 1.1);
    assert!(race.quantity_interval(0, 0).low < 1.0);
    assert_eq!(upper, single);
    assert!(!race.dominates(1, 0) && !race.dominates(0, 1));
    // Max: the loss is −value, the bound −low.
    let (upper, single, paired, race) = upper_of("mean_drama max", 0.0, 0.2);
    assert_eq!(upper, single.min(-paired.low));
    assert_eq!(upper, -paired.low);
    assert!(race.dominates(1, 0) && !race.dominates(0, 1));
    // Min: the bound is the paired high.
    let (upper, _, paired, race) = upper_of("mean_turns min", 0.2, 0.0);
    assert_eq!(upper, paired.high);
    assert!(race.dominates(1, 0) && !race.dominates(0, 1));
}

#[test]
fn front_pick_gap_and_resolution_on_hand_data() {
    let budget = Budget {
        alpha: 0.1,
        candidates: 3,
        rounds: 2,
        spending: Default::default(),
    };
    let shared = centered(3, 200, 0.0, 1.0);
    let column = |mean: f64, seed: u64| -> Vec<Vec<f64>> {
        let own = centered(seed, 200, 0.0, 0.1);
        shared
            .iter()
            .zip(&own)
            .map(|(s, o)| vec![mean + s + o])
            .collect()
    };
    let g = goal(&["mean_turns min"], 0.05, &[], 2);
    let race = race_of(
        g,
        budget,
        &[column(0.0, 1), column(0.01, 2), column(0.03, 3)],
    );
    // No eliminations possible at these gaps; front and pick by estimates.
    assert_eq!(race.front(), [0]);
    assert_eq!(race.pick(), Some(0));
    // The gap: the largest of the pick's loss-difference upper bounds,
    // each the smaller of the single and the paired bound.
    let expected = [1, 2]
        .iter()
        .map(|&c| {
            let single = race.loss_interval(0, 0).high - race.loss_interval(c, 0).low;
            let paired = race.difference_interval(0, c, 0).unwrap().high;
            single.min(paired)
        })
        .fold(0.0, f64::max);
    let gap = race.pick_gap().expect("a gap");
    assert_eq!(gap, expected);
    // Paired half-width: z · 0.1·sqrt(2)/sqrt(200) ≈ 0.037 < margin 0.05.
    assert!(gap > 0.0 && gap <= 0.05, "gap {gap}");
    assert!(race.decided());
    let resolution = race.resolution().expect("a resolution");
    let half = |c: usize| {
        let i = race.difference_interval(c, 0, 0).unwrap();
        (i.high - i.low) / 2.0
    };
    assert_eq!(resolution, half(1).min(half(2)));
    // With a margin below the gap: not decided.
    let g = goal(&["mean_turns min"], 0.01, &[], 2);
    let race = race_of(
        g,
        budget,
        &[column(0.0, 1), column(0.01, 2), column(0.03, 3)],
    );
    assert!(!race.decided());
}

#[test]
fn add_refuses_duplicates_and_candidates_beyond_the_budget() {
    let budget = Budget {
        alpha: 0.1,
        candidates: 2,
        rounds: 1,
        spending: Default::default(),
    };
    let mut race = Race::new(goal(&["mean_turns min"], 0.01, &[], 2), budget);
    assert_eq!(race.add(Point(vec![4]), 0), Some(0));
    assert_eq!(race.add(Point(vec![4]), 1), None);
    assert_eq!(race.add(Point(vec![5]), 1), Some(1));
    assert_eq!(race.add(Point(vec![6]), 1), None);
    assert_eq!(race.candidates.len(), 2);
    assert_eq!(race.candidates[1].entered, 1);
    assert_eq!(race.alive(), [0, 1]);
}

// ---------------------------------------------------------------------------
// 5. The budget's errors
// ---------------------------------------------------------------------------

#[test]
fn budget_errors_are_alpha_spent_over_the_declared_budget() {
    let b = Budget {
        alpha: 0.05,
        candidates: 24,
        rounds: 5,
        spending: Default::default(),
    };
    // 0.05 / 2 / (24 · 5 · 1) and 0.05 / 2 / (276 · 5 · 1).
    assert!(close(b.single_error(1), 0.025 / 120.0, 1e-15));
    assert!(close(b.single_error(1), 2.083_333_333_333_333_5e-4, 1e-14));
    assert!(close(b.paired_error(1), 0.025 / 1380.0, 1e-15));
    assert!(close(b.paired_error(1), 1.811_594_202_898_550_7e-5, 1e-14));
    // Two quantities halve them.
    assert!(close(b.single_error(2), 0.025 / 240.0, 1e-15));
    assert!(close(b.paired_error(2), 0.025 / 2760.0, 1e-15));
    // The race's quantiles: two-sided at those errors.
    let race = Race::new(goal(&["mean_turns min"], 0.01, &[], 2), b);
    let (zs, zp) = race.quantiles();
    assert!(close(
        zs,
        normal_quantile(1.0 - b.single_error(1) / 2.0),
        1e-15
    ));
    assert!(close(
        zp,
        normal_quantile(1.0 - b.paired_error(1) / 2.0),
        1e-15
    ));
    assert!(close(zs, 3.708_691_177_908_668_6, 1e-8), "{zs}");
    assert!(close(zp, 4.286_929_911_256_565, 1e-8), "{zp}");
    // One candidate: one pair at least.
    let one = Budget {
        alpha: 0.1,
        candidates: 1,
        rounds: 1,
        spending: Default::default(),
    };
    assert!(close(one.paired_error(1), 0.05, 1e-15));
    assert!(close(one.single_error(0), 0.05, 1e-15));
}

// ---------------------------------------------------------------------------
// 6. Deals per round
// ---------------------------------------------------------------------------

#[test]
fn round_deals_doubles_and_is_capped_by_the_games_left() {
    let plenty = 1_000_000_000;
    assert_eq!(round_deals(50, 0, 12, plenty), 50);
    assert_eq!(round_deals(50, 1, 12, plenty), 100);
    assert_eq!(round_deals(50, 3, 24, plenty), 400);
    assert_eq!(round_deals(3, 10, 2, plenty), 3072);
    // The cap: 1000 games for 12 candidates at 2 games a deal (24 games a
    // deal of the round): 41 deals.
    assert_eq!(round_deals(50, 3, 24, 1000), 41);
    assert_eq!(round_deals(50, 0, 24, 1200), 50);
    assert_eq!(round_deals(50, 0, 24, 1199), 49);
    // Two deals each is the least; fewer ends the race.
    assert_eq!(round_deals(50, 0, 24, 48), 2);
    assert_eq!(round_deals(50, 0, 24, 47), 0);
    assert_eq!(round_deals(50, 0, 24, 0), 0);
    assert_eq!(round_deals(1, 0, 1, plenty), 0);
    assert_eq!(round_deals(1, 1, 1, plenty), 2);
    // No candidate, zero games a deal, a huge round: no panic.
    assert_eq!(round_deals(5, 0, 0, 7), 5);
    assert_eq!(round_deals(5, 200, 1, u64::MAX), 5 << 40);
    assert_eq!(round_deals(u64::MAX, 3, 1, u64::MAX), u64::MAX);
}

// ---------------------------------------------------------------------------
// 7. The rounds
// ---------------------------------------------------------------------------

fn line(key: &str, values: impl IntoIterator<Item = i64>) -> Vary {
    Vary {
        key: key.to_string(),
        values: values.into_iter().map(|v| v.to_string()).collect(),
    }
}

fn settings(budget: Budget, max_games: u64, seed: u64) -> Settings {
    Settings {
        budget,
        first_deals: 10,
        max_games,
        games_per_deal: 2,
        baseline_games_per_deal: 0,
        initial: 5,
        proposals: 3,
        exploration: 0.5,
        seed,
    }
}

/// Per-deal values of candidate `k` (of an enumerated line of 10): `mean`
/// ± 1 alternating, with `k`'s parity shifting the phase (neighbours'
/// differences vary, every mean is exact on an even count).
fn alternating(k: usize, deals: u64, mean: f64) -> RoundValues {
    (0..deals as usize)
        .map(|i| vec![mean + if (i + k).is_multiple_of(2) { 1.0 } else { -1.0 }])
        .collect()
}

#[test]
fn an_enumerated_search_eliminates_and_decides() {
    let space = Space::new(vec![line("x", 0..10)], &[]).expect("a space");
    let budget = Budget {
        alpha: 0.1,
        candidates: 12,
        rounds: 4,
        spending: Default::default(),
    };
    let mut search = Search::new(
        space,
        goal(&["mean_turns min"], 0.01, &[], 2),
        settings(budget, 1_000_000, 7),
    )
    .expect("a search");
    assert!(search.enumerated);
    assert_eq!(search.race.candidates.len(), 10);
    for (k, c) in search.race.candidates.iter().enumerate() {
        assert_eq!(c.point, Point(vec![k as u16]));
        assert_eq!(c.entered, 0);
        assert_eq!(c.exit, None);
    }
    assert_eq!(search.stopped(), None);
    let plan = search.next_round().expect("round 0");
    assert_eq!(
        plan,
        RoundPlan {
            round: 0,
            candidates: (0..10).collect(),
            deals: 10,
            seed: derive(7, 1),
        }
    );
    // Round 0: 0..5 at 0, 5..10 at 10: the latter go.
    let values = plan
        .candidates
        .iter()
        .map(|&k| {
            (
                k,
                alternating(k, plan.deals, if k < 5 { 0.0 } else { 10.0 }),
            )
        })
        .collect();
    search.finish_round(&plan, values);
    assert_eq!(search.rounds, 1);
    assert_eq!(search.games, 10 * 10 * 2);
    assert_eq!(search.race.alive(), [0, 1, 2, 3, 4]);
    assert_eq!(search.history.len(), 1);
    assert_eq!(
        search.history[0],
        RoundRecord {
            plan: plan.clone(),
            games: 200,
            left: vec![5, 6, 7, 8, 9],
            proposed: vec![],
        }
    );
    for k in 5..10 {
        assert!(matches!(
            search.race.candidates[k].exit,
            Some((0, Exit::Dominated(d))) if d < 5
        ));
    }
    assert_eq!(search.stopped(), None);
    // Round 1: 20 deals, 0 stays at 0, 1..5 move to 5: they go, 0 is left.
    let plan = search.next_round().expect("round 1");
    assert_eq!(plan.round, 1);
    assert_eq!(plan.candidates, [0, 1, 2, 3, 4]);
    assert_eq!(plan.deals, 20);
    assert_eq!(plan.seed, derive(7, 2));
    let values = plan
        .candidates
        .iter()
        .map(|&k| {
            (
                k,
                alternating(k, plan.deals, if k == 0 { 0.0 } else { 5.0 }),
            )
        })
        .collect();
    search.finish_round(&plan, values);
    assert_eq!(search.history[1].left, [1, 2, 3, 4]);
    assert_eq!(search.history[1].games, 5 * 20 * 2);
    assert_eq!(search.games, 400);
    assert_eq!(search.race.alive(), [0]);
    assert_eq!(search.stopped(), Some(Stop::Decided));
    assert_eq!(search.next_round(), None);
    assert_eq!(search.race.pick(), Some(0));
    assert_eq!(Stop::Decided.to_string(), "decided");
}

#[test]
fn a_search_stops_when_its_games_are_spent() {
    let space = Space::new(vec![line("x", 0..10)], &[]).expect("a space");
    let budget = Budget {
        alpha: 0.1,
        candidates: 12,
        rounds: 4,
        spending: Default::default(),
    };
    let g = goal(&["mean_turns min"], 0.01, &[], 2);
    // 10 candidates at 2 games a deal: 39 games do not pay for 2 deals.
    let search = Search::new(space.clone(), g.clone(), settings(budget, 39, 7)).unwrap();
    assert_eq!(search.stopped(), Some(Stop::Games));
    assert_eq!(search.next_round(), None);
    // 40 games pay for exactly 2 deals each.
    let search = Search::new(space.clone(), g.clone(), settings(budget, 40, 7)).unwrap();
    assert_eq!(search.next_round().map(|p| p.deals), Some(2));
    // Enough for round 0 and 39 games more (not 2 deals for 10 at 2 games
    // a deal): after round 0, stopped.
    let mut search = Search::new(space, g, settings(budget, 200 + 39, 7)).unwrap();
    let plan = search.next_round().unwrap();
    assert_eq!(plan.deals, 10);
    let values = plan
        .candidates
        .iter()
        .map(|&k| (k, alternating(k, plan.deals, 0.0)))
        .collect();
    search.finish_round(&plan, values);
    assert!(search.history[0].left.is_empty());
    assert_eq!(search.stopped(), Some(Stop::Games));
    assert_eq!(search.next_round(), None);
    assert_eq!(Stop::Games.to_string(), "the game budget spent");
}

#[test]
fn a_search_stops_after_its_declared_rounds() {
    let space = Space::new(vec![line("x", 0..10)], &[]).expect("a space");
    let budget = Budget {
        alpha: 0.1,
        candidates: 12,
        rounds: 2,
        spending: Default::default(),
    };
    let g = goal(&["mean_turns min"], 0.01, &[], 2);
    let mut search = Search::new(space, g, settings(budget, 1_000_000, 3)).unwrap();
    let mut plans = Vec::new();
    while let Some(plan) = search.next_round() {
        let values = plan
            .candidates
            .iter()
            .map(|&k| (k, alternating(k, plan.deals, 0.0)))
            .collect();
        search.finish_round(&plan, values);
        plans.push(plan);
    }
    assert_eq!(plans.len(), 2);
    assert_eq!(plans[1].deals, 20);
    assert_eq!(plans[1].seed, derive(3, 2));
    assert_eq!(search.stopped(), Some(Stop::Rounds));
    assert_eq!(search.race.alive().len(), 10);
    assert_eq!(search.games, 2 * (10 * 10 + 10 * 20));
    assert!(search.history.iter().all(|r| r.proposed.is_empty()));
    assert_eq!(Stop::Rounds.to_string(), "every declared round played");
}

#[test]
fn a_search_refuses_bad_settings_and_empty_spaces() {
    let budget = Budget {
        alpha: 0.1,
        candidates: 12,
        rounds: 2,
        spending: Default::default(),
    };
    let g = goal(&["mean_turns min"], 0.01, &[], 2);
    let space = Space::new(vec![line("a", 0..5), line("b", 0..5)], &[]).unwrap();
    let new = |s: Settings| Search::new(space.clone(), g.clone(), s).err();
    let ok = settings(budget, 1000, 1);
    assert_eq!(new(ok), None);
    let bad = |name: &'static str, why: &'static str| Some(SearchError::Setting { name, why });
    let with_budget = |alpha, candidates, rounds| Settings {
        budget: Budget {
            alpha,
            candidates,
            rounds,
            spending: Default::default(),
        },
        ..ok
    };
    assert_eq!(
        new(with_budget(0.0, 12, 2)),
        bad("alpha", "between 0 and 1")
    );
    assert_eq!(
        new(with_budget(1.0, 12, 2)),
        bad("alpha", "between 0 and 1")
    );
    assert_eq!(new(with_budget(0.1, 1, 2)), bad("candidates", "at least 2"));
    assert_eq!(new(with_budget(0.1, 12, 0)), bad("rounds", "at least 1"));
    assert_eq!(
        new(Settings {
            first_deals: 1,
            ..ok
        }),
        bad("first deals", "at least 2")
    );
    assert_eq!(
        new(Settings {
            games_per_deal: 0,
            ..ok
        }),
        bad("games per deal", "at least 1")
    );
    assert_eq!(
        new(Settings {
            exploration: f64::NAN,
            ..ok
        }),
        bad("exploration", "a number at least 0")
    );
    // 25 points > 12 candidates: drawn, so `initial` counts.
    assert_eq!(
        new(Settings { initial: 1, ..ok }),
        bad("initial", "at least 2")
    );
    assert_eq!(
        bad("initial", "at least 2").unwrap().to_string(),
        "initial: at least 2"
    );
    // No feasible point, enumerated or drawn.
    let sums = ["a+b in 100..=200".to_string()];
    let empty = Space::new(vec![line("a", 0..3), line("b", 0..3)], &sums).unwrap();
    let err = Search::new(empty, g.clone(), ok).unwrap_err();
    assert_eq!(err, SearchError::NoFeasiblePoint);
    assert_eq!(
        err.to_string(),
        "no point of the space meets its bounds: widen them"
    );
    let empty = Space::new(vec![line("a", 0..30), line("b", 0..30)], &sums).unwrap();
    assert_eq!(
        Search::new(empty, g, ok).unwrap_err(),
        SearchError::NoFeasiblePoint
    );
}

/// The bowl of the large-space test: its bottom at (30, 60), about 4 at
/// the far corner.
fn bowl(point: &Point) -> f64 {
    let x = f64::from(point.0[0]);
    let y = f64::from(point.0[1]);
    ((x - 30.0).powi(2) + (y - 60.0).powi(2)) / 2000.0
}

/// A round's values for the large-space test: the bowl plus a shared and
/// an individual noise, each a function of the round's seed, the deal and
/// the point only.
fn bowl_values(search: &Search, plan: &RoundPlan) -> Vec<(usize, RoundValues)> {
    plan.candidates
        .iter()
        .map(|&c| {
            let point = &search.race.candidates[c].point;
            let key = u64::from(point.0[0]) * 1000 + u64::from(point.0[1]);
            let values = (0..plan.deals)
                .map(|deal| {
                    let mut shared = rng_from_seed(derive(plan.seed, deal));
                    let mut own = rng_from_seed(derive(derive(plan.seed, deal), key + 1));
                    vec![bowl(point) + 0.5 * normal(&mut shared) + 0.5 * normal(&mut own)]
                })
                .collect();
            (c, values)
        })
        .collect()
}

fn large_search(seed: u64) -> Search {
    let space = Space::new(vec![line("x", 0..100), line("y", 0..100)], &[]).unwrap();
    let budget = Budget {
        alpha: 0.1,
        candidates: 20,
        rounds: 8,
        spending: Default::default(),
    };
    let settings = Settings {
        budget,
        first_deals: 4,
        max_games: 1_000_000,
        games_per_deal: 1,
        baseline_games_per_deal: 0,
        initial: 5,
        proposals: 3,
        exploration: 0.5,
        seed,
    };
    Search::new(space, goal(&["mean_turns min"], 0.01, &[], 2), settings).unwrap()
}

/// Play `search` to its end, checking each round's proposals.
fn play(search: &mut Search) {
    while let Some(plan) = search.next_round() {
        // Every candidate still in plays, newcomers included.
        assert_eq!(plan.candidates, search.race.alive());
        let before = search.race.candidates.len();
        let values = bowl_values(search, &plan);
        search.finish_round(&plan, values);
        let record = search.history.last().unwrap();
        assert_eq!(record.plan, plan);
        assert_eq!(
            record.proposed,
            (before..search.race.candidates.len()).collect::<Vec<_>>()
        );
        let expected = if search.stopped().is_some() {
            0
        } else {
            3.min(20 - before)
        };
        assert_eq!(record.proposed.len(), expected, "round {}", plan.round);
        for &c in &record.proposed {
            let cand = &search.race.candidates[c];
            assert_eq!(cand.entered, plan.round + 1);
            assert_eq!(cand.evidence.deals(), 0);
            assert_eq!(cand.exit, None);
        }
        assert!(search.race.candidates.len() <= 20);
    }
}

#[test]
fn a_large_space_is_drawn_then_proposed_deterministically() {
    let mut search = large_search(11);
    assert!(!search.enumerated);
    let initial: Vec<Point> = search
        .race
        .candidates
        .iter()
        .map(|c| c.point.clone())
        .collect();
    assert_eq!(initial.len(), 5);
    let mut distinct = initial.clone();
    distinct.sort();
    distinct.dedup();
    assert_eq!(distinct.len(), 5);
    assert!(
        initial
            .iter()
            .all(|p| search.space.feasible(p) && p.0.len() == 2)
    );
    assert!(search.race.candidates.iter().all(|c| c.entered == 0));
    play(&mut search);
    let points: Vec<Point> = search
        .race
        .candidates
        .iter()
        .map(|c| c.point.clone())
        .collect();
    let mut distinct = points.clone();
    distinct.sort();
    distinct.dedup();
    assert_eq!(distinct.len(), points.len(), "a point raced twice");
    let proposed: usize = search.history.iter().map(|r| r.proposed.len()).sum();
    eprintln!(
        "large space: {} rounds, {} candidates ({proposed} proposed), stop {:?}, pick {:?}",
        search.rounds,
        points.len(),
        search.stopped(),
        search.race.pick().map(|p| &search.race.candidates[p].point)
    );
    assert_eq!(points.len(), 5 + proposed);
    assert!(proposed >= 3, "no proposals");
    // The same settings and values: the same candidates and history.
    let mut again = large_search(11);
    play(&mut again);
    assert_eq!(again.race.candidates, search.race.candidates);
    assert_eq!(again.history, search.history);
    assert_eq!(again.games, search.games);
    // Another seed: other initial points.
    let other = large_search(12);
    let other_initial: Vec<Point> = other
        .race
        .candidates
        .iter()
        .map(|c| c.point.clone())
        .collect();
    assert_eq!(other_initial.len(), 5);
    assert_ne!(other_initial, initial);
}

#[test]
fn a_large_space_reaches_its_candidate_budget_and_no_further() {
    // Values equal for every candidate: nothing is eliminated, so the
    // proposals fill the budget of 20 (5 + 3 + 3 + 3 + 3 + 3) and stop.
    let mut search = large_search(5);
    while let Some(plan) = search.next_round() {
        let values = plan
            .candidates
            .iter()
            .map(|&k| (k, alternating(k, plan.deals, 1.0)))
            .collect();
        search.finish_round(&plan, values);
        assert!(search.race.candidates.len() <= 20);
    }
    let sizes: Vec<usize> = search.history.iter().map(|r| r.proposed.len()).collect();
    assert_eq!(sizes, [3, 3, 3, 3, 3, 0, 0, 0]);
    assert_eq!(search.race.candidates.len(), 20);
    assert_eq!(search.stopped(), Some(Stop::Rounds));
}

// ---------------------------------------------------------------------------
// 8. The space
// ---------------------------------------------------------------------------

#[test]
fn a_sum_bound_keeps_exactly_the_points_meeting_it() {
    // a in 0..=4 (index = value), b in 1..=3 (index = value − 1): the bound
    // sums values, not indices.
    let dims = vec![line("a", 0..5), line("b", 1..4)];
    let space = Space::new(dims, &["a+b in 3..=5".to_string()]).expect("a space");
    assert_eq!(space.size(), 15);
    assert_eq!(space.sums.len(), 1);
    assert_eq!(space.sums[0].dims, [0, 1]);
    assert_eq!((space.sums[0].low, space.sums[0].high), (3, 5));
    assert_eq!(space.sums[0].text, "a+b in 3..=5");
    let points = space.enumerate(15).expect("small enough");
    // By hand: a=0: b=3; a=1: b=2,3; a=2: b=1,2,3; a=3: b=1,2; a=4: b=1.
    let expected: Vec<Point> = [
        (0, 2),
        (1, 1),
        (1, 2),
        (2, 0),
        (2, 1),
        (2, 2),
        (3, 0),
        (3, 1),
        (4, 0),
    ]
    .iter()
    .map(|&(a, b)| Point(vec![a, b]))
    .collect();
    assert_eq!(points, expected);
    assert_eq!(space.enumerate(14), None);
    assert_eq!(
        space.values(&Point(vec![2, 0])),
        [
            ("a".to_string(), "2".to_string()),
            ("b".to_string(), "1".to_string())
        ]
    );
    assert_eq!(
        space.point_of(&["3".to_string(), "2".to_string()]),
        Some(Point(vec![3, 1]))
    );
    assert_eq!(space.point_of(&["3".to_string(), "0".to_string()]), None);
    // Samples are feasible.
    let mut rng = rng_from_seed(9);
    for _ in 0..200 {
        let p = space.sample(&mut rng).expect("a point");
        assert!(expected.contains(&p), "{p:?}");
    }
    // Spaces of a few shapes: the count of every point meeting the bound.
    let dims = vec![line("a", 0..4), line("b", 0..4), line("c", 2..5)];
    let space = Space::new(dims, &["a + b + c in 4..=5".to_string()]).unwrap();
    let count = space.enumerate(100).unwrap().len();
    let mut by_hand = 0;
    for a in 0..4 {
        for b in 0..4 {
            for c in 2..5 {
                if (4..=5).contains(&(a + b + c)) {
                    by_hand += 1;
                }
            }
        }
    }
    assert_eq!(count, by_hand);
    // c = 2: a+b in 2..=3 (3 + 4); c = 3: in 1..=2 (2 + 3); c = 4: in 0..=1 (1 + 2).
    assert_eq!(count, 15);
}

#[test]
fn malformed_bounds_say_why() {
    let dims = || {
        vec![line("a", 0..5), line("b", 1..4), {
            Vary {
                key: "kind".to_string(),
                values: vec!["x".to_string(), "y".to_string()],
            }
        }]
    };
    let error = |text: &str| Space::new(dims(), &[text.to_string()]).unwrap_err();
    let tail = " (write e.g. `deck.Shell+deck.Crab in 30..=60`)";
    let cases = [
        ("a+c in 3..=5", "`c` is not a varied option"),
        ("a+b in 5..=3", "LO is above HI"),
        ("a+b 3..=5", "no ` in `"),
        ("a+b in 3..5", "the range is not LO..=HI"),
        ("a+b in x..=5", "LO is not an integer"),
        ("a+b in 3..=y", "HI is not an integer"),
        ("a+a in 3..=5", "`a` is summed twice"),
        ("a+kind in 3..=5", "`kind` has values that are not integers"),
    ];
    for (text, why) in cases {
        let e = error(text);
        assert_eq!(
            e,
            SpaceError::MalformedSum {
                text: text.to_string(),
                why: why.to_string()
            }
        );
        assert_eq!(e.to_string(), format!("the bound `{text}`: {why}{tail}"));
    }
    assert_eq!(
        error("a+c in 3..=5").to_string(),
        "the bound `a+c in 3..=5`: `c` is not a varied option \
         (write e.g. `deck.Shell+deck.Crab in 30..=60`)"
    );
    assert_eq!(
        error("a+b in 5..=3").to_string(),
        "the bound `a+b in 5..=3`: LO is above HI (write e.g. `deck.Shell+deck.Crab in 30..=60`)"
    );
    assert_eq!(Space::new(vec![], &[]).unwrap_err(), SpaceError::Empty);
    assert_eq!(
        SpaceError::Empty.to_string(),
        "the space varies no option (give `vary`)"
    );
    let huge = Vary {
        key: "n".to_string(),
        values: (0..70_000).map(|v| v.to_string()).collect(),
    };
    let e = Space::new(vec![huge], &[]).unwrap_err();
    assert_eq!(e, SpaceError::TooManyValues("n".to_string()));
    assert_eq!(
        e.to_string(),
        "`n` has more than 65,535 values: give a step"
    );
}

// ---------------------------------------------------------------------------
// 9. The goal
// ---------------------------------------------------------------------------

#[test]
fn objectives_and_constraints_read() {
    let o = Objective::parse("seat_ratio:0 near 1", 0.02).unwrap();
    assert_eq!(
        o,
        Objective {
            quantity: Quantity::SeatRatio(0),
            aim: Aim::Near(1.0),
            margin: 0.02,
        }
    );
    assert_eq!(o.to_string(), "seat_ratio:0 near 1");
    assert_eq!(o.loss(1.25), 0.25);
    assert_eq!(o.loss(0.75), 0.25);
    assert_eq!(o.loss_interval(0.9, 1.2), (0.0, 0.19999999999999996));
    assert_eq!(
        o.loss_interval(1.1, 1.3),
        (0.10000000000000009, 0.30000000000000004)
    );
    assert_eq!(o.loss_interval(0.5, 0.8), (0.19999999999999996, 0.5));
    let o = Objective::parse("mean_drama max", 0.1).unwrap();
    assert_eq!((&o.quantity, o.aim), (&Quantity::Quality(1), Aim::Max));
    assert_eq!(o.loss(0.3), -0.3);
    assert_eq!(o.loss_interval(0.2, 0.4), (-0.4, -0.2));
    let o = Objective::parse("  tie_rate   min ", 0.1).unwrap();
    assert_eq!((&o.quantity, o.aim), (&Quantity::TieRate, Aim::Min));
    assert_eq!(o.to_string(), "tie_rate min");

    let k = Constraint::parse("mean_turns <= 45", 2).unwrap();
    assert_eq!(
        k,
        Constraint {
            quantity: Quantity::Turns,
            near: None,
            at_most: true,
            bound: Bound::Value(45.0),
            elo: None,
        }
    );
    assert!(truly_meets(&k, 45.0) && truly_meets(&k, 44.0) && !truly_meets(&k, 45.000001));
    assert_eq!(k.to_string(), "mean_turns <= 45");
    let k = Constraint::parse("comeback_rate>=0.25", 2).unwrap();
    assert_eq!(
        (&k.quantity, k.at_most, k.bound),
        (&Quantity::Quality(3), false, Bound::Value(0.25))
    );
    assert!(truly_meets(&k, 0.25) && !truly_meets(&k, 0.2));

    let unknown = Objective::parse("fun max", 0.1).unwrap_err();
    assert_eq!(unknown, GoalError::UnknownQuantity("fun".to_string()));
    assert_eq!(
        unknown.to_string(),
        "`fun` is no quantity a search measures (seat_ratio:S, tie_rate, mean_turns, \
         mean_lead_changes, mean_drama, mean_decisiveness, comeback_rate, mean_branching)"
    );
    // Every quantity the message names reads.
    for name in [
        "tie_rate",
        "mean_turns",
        "mean_lead_changes",
        "mean_drama",
        "mean_decisiveness",
        "comeback_rate",
        "mean_branching",
        "seat_ratio:3",
    ] {
        let q = Quantity::parse(name).unwrap();
        assert_eq!(q.to_string(), name);
    }
    assert_eq!(
        Quantity::parse("seat_ratio:x"),
        Err(GoalError::UnknownQuantity("seat_ratio:x".to_string()))
    );
    assert_eq!(
        Constraint::parse("seat_ratio <= 2", 2),
        Err(GoalError::UnknownQuantity("seat_ratio".to_string()))
    );

    // Every metric's name is its definition's and reads back as the metric;
    // the search's quantities are named by the same definitions.
    for m in Metric::ALL {
        assert_eq!(m.name(), m.definition().name);
        assert_eq!(Metric::from_name(m.definition().name), Some(m));
    }
    for (q, m) in [
        (Quantity::TieRate, Metric::TieRate),
        (Quantity::Turns, Metric::MeanTurns),
        (Quantity::Quality(0), Metric::LeadChanges),
        (Quantity::Quality(4), Metric::Branching),
    ] {
        assert_eq!(q.to_string(), m.definition().name);
        assert_eq!(Quantity::parse(m.definition().name), Ok(q));
    }
    assert_eq!(
        Quantity::parse(&format!("{}:1", Metric::SeatRatio.definition().name)),
        Ok(Quantity::SeatRatio(1))
    );

    let malformed = Objective::parse("seat_ratio:0 toward 1", 0.02).unwrap_err();
    assert_eq!(
        malformed.to_string(),
        "`seat_ratio:0 toward 1` does not read: write QUANTITY min, QUANTITY max or \
         QUANTITY near X, e.g. `seat_ratio:0 near 1`"
    );
    for text in [
        "seat_ratio:0 near",
        "seat_ratio:0 near x",
        "seat_ratio:0 near inf",
        "",
    ] {
        assert!(
            matches!(
                Objective::parse(text, 0.1),
                Err(GoalError::Malformed { .. })
            ),
            "{text}"
        );
    }
    let malformed = Constraint::parse("mean_turns < 45", 2).unwrap_err();
    assert_eq!(
        malformed.to_string(),
        "`mean_turns < 45` does not read: write QUANTITY <= X or QUANTITY >= X (the left side \
         may be `QUANTITY near T`, the right `baseline + M`, a skill's `X elo`), e.g. \
         `mean_turns <= 45`"
    );
    assert!(matches!(
        Constraint::parse("mean_turns <= NaN", 2),
        Err(GoalError::Malformed { .. })
    ));
}

#[test]
fn goals_are_checked() {
    let near = Objective::parse("seat_ratio:0 near 1", 0.02).unwrap();
    let turns = Constraint::parse("mean_turns <= 45", 2).unwrap();
    let g = Goal::new(vec![near.clone()], vec![turns.clone()], 2, None).unwrap();
    assert_eq!(g.quantities(), [Quantity::SeatRatio(0), Quantity::Turns]);
    assert_eq!(g.index_of(&Quantity::Turns), 1);
    assert!(!g.needs_quality());
    // A seat the game does not have, in an objective or a constraint.
    let far = Objective::parse("seat_ratio:2 near 1", 0.02).unwrap();
    let e = Goal::new(vec![far], vec![], 2, None).unwrap_err();
    assert_eq!(
        e,
        GoalError::NoSuchSeat {
            seat: 2,
            players: 2
        }
    );
    assert_eq!(e.to_string(), "seat_ratio:2: the game has seats 0 to 1");
    let seat3 = Constraint::parse("seat_ratio:3 >= 0.5", 2).unwrap();
    assert_eq!(
        Goal::new(vec![near.clone()], vec![seat3.clone()], 3, None).unwrap_err(),
        GoalError::NoSuchSeat {
            seat: 3,
            players: 3
        }
    );
    assert!(Goal::new(vec![near.clone()], vec![seat3.clone()], 4, None).is_ok());
    // Margins must be positive numbers.
    let zero = Objective {
        margin: 0.0,
        ..near.clone()
    };
    let e = Goal::new(vec![zero], vec![], 2, None).unwrap_err();
    assert_eq!(e, GoalError::BadMargin(0.0));
    assert_eq!(e.to_string(), "the margin 0 is not a positive number");
    for m in [-0.1, f64::NAN, f64::INFINITY] {
        let bad = Objective {
            margin: m,
            ..near.clone()
        };
        assert!(matches!(
            Goal::new(vec![near.clone(), bad], vec![], 2, None),
            Err(GoalError::BadMargin(_))
        ));
    }
    let e = Goal::new(vec![], vec![turns.clone()], 2, None).unwrap_err();
    assert_eq!(e, GoalError::NoObjective);
    assert_eq!(e.to_string(), "a search needs at least one objective");
    // A quantity shared by an objective and a constraint is measured once.
    let drama = Objective::parse("mean_drama max", 0.1).unwrap();
    let drama_floor = Constraint::parse("mean_drama >= 0.2", 2).unwrap();
    let g = Goal::new(vec![drama, near], vec![drama_floor, turns], 2, None).unwrap();
    assert_eq!(
        g.quantities(),
        [
            Quantity::Quality(1),
            Quantity::SeatRatio(0),
            Quantity::Turns
        ]
    );
    assert!(g.needs_quality());
}

// ---------------------------------------------------------------------------
// Bugs the first version of these tests found (fixed): unplayed proposals,
// a bounded space not raced whole, a rare 0/1 quantity's zero variance
// ---------------------------------------------------------------------------

#[test]
fn proposals_are_never_left_unplayed() {
    // Round 0: 5 candidates x 4 deals = 20 games; 15 are left: enough for
    // 3 deals of the 5, so the search goes on and proposes 3 newcomers,
    // but 15 games do not pay for 2 deals of 8: it stops on the games.
    let space = Space::new(vec![line("x", 0..100), line("y", 0..100)], &[]).unwrap();
    let settings = Settings {
        budget: Budget {
            alpha: 0.1,
            candidates: 20,
            rounds: 8,
            spending: Default::default(),
        },
        first_deals: 4,
        max_games: 35,
        games_per_deal: 1,
        baseline_games_per_deal: 0,
        initial: 5,
        proposals: 3,
        exploration: 0.5,
        seed: 1,
    };
    let mut search = Search::new(space, goal(&["mean_turns min"], 0.01, &[], 2), settings).unwrap();
    while let Some(plan) = search.next_round() {
        let values = plan
            .candidates
            .iter()
            .map(|&k| (k, alternating(k, plan.deals, 40.0)))
            .collect();
        search.finish_round(&plan, values);
    }
    assert_eq!(search.stopped(), Some(Stop::Games));
    let deals = |c: usize| search.race.candidates[c].evidence.deals();
    // The pick stands on games (played at 40 turns, an unplayed candidate's
    // estimate is 0: the best)...
    let pick = search.race.pick().expect("a pick");
    assert!(
        deals(pick) >= 2,
        "the pick {pick} was never played; front {:?}",
        search.race.front()
    );
    // ...and every candidate still in has been played.
    let unplayed: Vec<usize> = search
        .race
        .alive()
        .into_iter()
        .filter(|&c| deals(c) < 2)
        .collect();
    assert!(unplayed.is_empty(), "unplayed: {unplayed:?}");
}

#[test]
fn a_bounded_space_of_few_feasible_points_is_raced_whole() {
    // 100 points, of which 10 meet a+b <= 3, for a budget of 20.
    let dims = vec![line("a", 0..10), line("b", 0..10)];
    let space = Space::new(dims, &["a+b in 0..=3".to_string()]).unwrap();
    let budget = Budget {
        alpha: 0.1,
        candidates: 20,
        rounds: 4,
        spending: Default::default(),
    };
    let search = Search::new(
        space,
        goal(&["mean_turns min"], 0.01, &[], 2),
        settings(budget, 1_000_000, 1),
    )
    .unwrap();
    assert!(search.enumerated);
    assert_eq!(search.race.candidates.len(), 10);
}

#[test]
fn a_rare_rate_meeting_its_constraint_is_not_eliminated_beyond_alpha() {
    // Every candidate truly meets `tie_rate >= 0.05` (its rate is 0.06),
    // and all are equal on the objective: every elimination is wrong.
    let alpha = 0.1;
    let budget = Budget {
        alpha,
        candidates: 12,
        rounds: 4,
        spending: Default::default(),
    };
    let mut wrong_seeds = 0;
    for seed in 0..SEEDS {
        let g = goal(&["mean_turns min"], 0.01, &["tie_rate >= 0.05"], 2);
        let mut race = Race::new(g, budget);
        for c in 0..12 {
            race.add(Point(vec![c]), 0);
        }
        for (round, &n) in DEALS.iter().enumerate() {
            let mut rng = rng_from_seed(derive(70_000 + seed, round as u64));
            let values: Vec<(usize, RoundValues)> = race
                .alive()
                .into_iter()
                .map(|c| {
                    let deals = (0..n)
                        .map(|_| {
                            let tie = if below(&mut rng, 100) < 6 { 1.0 } else { 0.0 };
                            vec![40.0 + normal(&mut rng), tie]
                        })
                        .collect();
                    (c, deals)
                })
                .collect();
            race.record_round(&values);
            race.decide(round);
        }
        if race.candidates.iter().any(|c| c.exit.is_some()) {
            wrong_seeds += 1;
        }
    }
    eprintln!("rare rate: {wrong_seeds}/{SEEDS} seeds with a wrong elimination");
    assert!(
        f64::from(wrong_seeds) <= allowance(alpha),
        "{wrong_seeds} of {SEEDS} seeds eliminate a candidate that meets the constraint"
    );
}
