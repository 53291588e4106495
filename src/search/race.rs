//! The race: candidates played in rounds on shared deals, each round's
//! intervals at an error spent over the declared budget, eliminations that
//! are all right together with probability at least 1 − alpha, the front
//! and the pick.
//!
//! The guarantee (docs/search.md): the race computes two-sided intervals,
//! each at round `r` from every deal played up to `r`: one per candidate
//! and quantity (its mean per-deal value), and one per pair of candidates
//! and quantity (the mean of their per-deal *differences*, over the rounds
//! both played: every candidate of a round plays the same deals, so the
//! difference is paired per deal). K candidates, R rounds and Q quantities
//! are the budget declared before the games. How wide they are is the
//! budget's [`Spending`]:
//! - `max-t`: every interval from its sample variance at one critical
//!   value per round, calibrated on the simulated joint law of every
//!   interval used so far, spending `alpha · t_r` by round `r`
//!   ([`super::spending`], [`spent_fraction`]);
//! - `union`: normal intervals (Wilson's for a bounded quantity) at error
//!   `alpha / 2 / (K · R · Q)` for a candidate's and
//!   `alpha / 2 / (K(K−1)/2 · R · Q)` for a pair's, by the union bound.
//!
//! Either way all of them cover their true means at once with
//! probability at least 1 − alpha (`max-t`: in the normal approximation of
//! its simulated law), and on that event no
//! elimination is wrong: a candidate leaves for a constraint only when its
//! interval lies wholly outside the bound, and as dominated only when
//! another candidate, certified feasible (every constraint's interval
//! wholly inside), is not worse on any objective and better on one, each
//! shown by an interval of the loss difference wholly on its side of 0.
//! Candidates proposed later play on later rounds' deals, which do not
//! depend on the data that chose them.

use std::collections::BTreeMap;
use std::fmt;

use super::evidence::{Evidence, Moments};
use super::goal::{Aim, Bound, Goal};
use super::interval::Interval;
use super::space::Point;
use super::spending::{
    Block, CALIBRATION_SEED, REPLICATES, Spending, Spent, critical_value_from, student_from_normal,
};
use crate::stats::equivalence::normal_quantile;

/// The budget the criterion declares before the games: the error of the
/// eliminations together, and the most candidates and rounds it is spent
/// over.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Budget {
    /// The family-wise error of every elimination together.
    pub alpha: f64,
    /// The most candidates evaluated in all (K).
    pub candidates: usize,
    /// The most rounds (R).
    pub rounds: usize,
    /// How the error is spent over the intervals.
    pub spending: Spending,
}

impl Budget {
    /// The error of each candidate's interval of one quantity at one
    /// round: `alpha / 2 / (K · R · Q)` for `quantities` quantities (Q).
    pub fn single_error(&self, quantities: usize) -> f64 {
        self.alpha / 2.0 / (self.candidates.max(1) * self.rounds.max(1) * quantities.max(1)) as f64
    }

    /// The error of each pair's interval of one quantity's difference at
    /// one round: `alpha / 2 / (K(K−1)/2 · R · Q)`.
    pub fn paired_error(&self, quantities: usize) -> f64 {
        let k = self.candidates.max(2);
        let pairs = k * (k - 1) / 2;
        self.alpha / 2.0 / (pairs * self.rounds.max(1) * quantities.max(1)) as f64
    }

    /// The normal quantiles of the two families' two-sided intervals.
    fn quantiles(&self, quantities: usize) -> (f64, f64) {
        (
            normal_quantile(1.0 - self.single_error(quantities) / 2.0),
            normal_quantile(1.0 - self.paired_error(quantities) / 2.0),
        )
    }
}

/// Why a candidate left the race.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Exit {
    /// Its interval lies wholly outside this constraint (an index into
    /// the goal's constraints).
    Constraint(usize),
    /// This candidate (an index) is not worse on any objective and better
    /// on one, with significance, and is certified feasible.
    Dominated(usize),
}

impl fmt::Display for Exit {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Exit::Constraint(i) => write!(f, "constraint {}", i + 1),
            Exit::Dominated(c) => write!(f, "dominated by candidate {c}"),
        }
    }
}

/// A candidate: its point, when it entered, what the games say of it and
/// whether it left.
#[derive(Clone, Debug, PartialEq)]
pub struct Candidate {
    /// The point of the space.
    pub point: Point,
    /// The round it was first played in.
    pub entered: usize,
    /// Its per-deal moments, one per quantity of the goal.
    pub evidence: Evidence,
    /// The round it left in and why.
    pub exit: Option<(usize, Exit)>,
}

/// What the race says of a candidate at the end.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// Left the race (see its exit).
    Eliminated,
    /// Still in, not dominated by the estimates of another: on the front.
    Front,
    /// Still in, dominated by another's estimates without significance.
    Survivor,
}

impl Verdict {
    /// The verdict's word in candidates.csv.
    pub fn name(self) -> &'static str {
        match self {
            Verdict::Eliminated => "eliminated",
            Verdict::Front => "front",
            Verdict::Survivor => "survivor",
        }
    }
}

/// One round's values of one candidate: for each deal (in the round's deal
/// order, the same for every candidate of the round), the value of each
/// quantity of the goal.
pub type RoundValues = Vec<Vec<f64>>;

/// A race of candidates under a goal and a budget.
#[derive(Clone, Debug)]
pub struct Race {
    /// The goal.
    pub goal: Goal,
    /// The budget.
    pub budget: Budget,
    /// Every candidate evaluated, in the order they entered.
    pub candidates: Vec<Candidate>,
    /// The pairs' per-deal differences (later candidate less earlier), by
    /// `(earlier, later)`.
    pairs: BTreeMap<(usize, usize), Evidence>,
    /// The quantity index of each objective.
    objective_quantity: Vec<usize>,
    /// The quantity index of each constraint.
    constraint_quantity: Vec<usize>,
    /// Each quantity's range, when bounded ([`super::Quantity::range`]).
    ranges: Vec<Option<f64>>,
    /// The baseline setting's per-deal moments (empty without a baseline):
    /// the bound of the constraints against `baseline`.
    pub baseline: Evidence,
    /// Each quantity's range at the baseline's player count.
    baseline_ranges: Vec<Option<f64>>,
    /// Each candidate's per-deal differences from the baseline (candidate
    /// less baseline), over the deals both played.
    baseline_pairs: BTreeMap<usize, Evidence>,
    /// The baseline's values of the round being recorded (given by
    /// [`Race::record_baseline`] before the round's candidates'), paired
    /// deal by deal with each candidate's by [`Race::record_round`].
    round_baseline: RoundValues,
    z_single: f64,
    z_paired: f64,
    /// Deals each candidate played in each round recorded.
    played: Vec<Vec<u64>>,
    /// Deals the baseline played in each round.
    baseline_played: Vec<u64>,
    /// The round each candidate left in (counted as recorded).
    left_at: Vec<Option<usize>>,
    /// Rounds recorded.
    recorded: usize,
    /// The critical value of each round decided (`max-t`), every
    /// interval's.
    boundaries: Vec<f64>,
    /// The seed of the calibration's draws (each round's derived from it).
    calibration_seed: u64,
    /// Draws per calibration.
    replicates: usize,
}

impl Race {
    /// A race with no candidates yet.
    pub fn new(goal: Goal, budget: Budget) -> Race {
        let quantities = goal.quantities().len();
        let (_, z_paired) = budget.quantiles(quantities);
        // The baseline's intervals are of the single family too: one more
        // setting to spend the error over.
        let (z_single, _) = Budget {
            candidates: budget.candidates + usize::from(goal.baseline_players.is_some()),
            ..budget
        }
        .quantiles(quantities);
        let objective_quantity = goal
            .objectives
            .iter()
            .map(|o| goal.index_of(&o.quantity))
            .collect();
        let constraint_quantity = goal
            .constraints
            .iter()
            .map(|k| goal.index_of(&k.quantity))
            .collect();
        let ranges = goal
            .quantities()
            .iter()
            .map(|q| q.range(goal.players))
            .collect();
        let baseline_ranges = goal
            .quantities()
            .iter()
            .map(|q| q.range(goal.baseline_players.unwrap_or(goal.players)))
            .collect();
        Race {
            ranges,
            baseline: Evidence::new(quantities),
            baseline_ranges,
            baseline_pairs: BTreeMap::new(),
            round_baseline: Vec::new(),
            goal,
            budget,
            candidates: Vec::new(),
            pairs: BTreeMap::new(),
            objective_quantity,
            constraint_quantity,
            z_single,
            z_paired,
            played: Vec::new(),
            baseline_played: Vec::new(),
            left_at: Vec::new(),
            recorded: 0,
            boundaries: Vec::new(),
            calibration_seed: CALIBRATION_SEED,
            replicates: REPLICATES,
        }
    }

    /// Seed the `max-t` calibration's draws by `seed` (the search's seed:
    /// each round's draws are derived from it and the round) and take
    /// `replicates` draws per round (tests take fewer).
    pub fn calibrate_with(&mut self, seed: u64, replicates: usize) {
        self.calibration_seed = seed;
        self.replicates = replicates.max(1);
    }

    /// The normal quantiles of a candidate's and a pair's intervals.
    pub fn quantiles(&self) -> (f64, f64) {
        (self.z_single, self.z_paired)
    }

    /// Add a candidate entering in `round`: its index, or `None` when the
    /// budget's candidates are all taken or the point is in already.
    pub fn add(&mut self, point: Point, round: usize) -> Option<usize> {
        if self.candidates.len() >= self.budget.candidates
            || self.candidates.iter().any(|c| c.point == point)
        {
            return None;
        }
        self.candidates.push(Candidate {
            point,
            entered: round,
            evidence: Evidence::new(self.goal.quantities().len()),
            exit: None,
        });
        self.played.push(Vec::new());
        self.left_at.push(None);
        Some(self.candidates.len() - 1)
    }

    /// The candidates still in, in order.
    pub fn alive(&self) -> Vec<usize> {
        (0..self.candidates.len())
            .filter(|&c| self.candidates[c].exit.is_none())
            .collect()
    }

    /// Add one round's games: each `(candidate, values)` of the candidates
    /// that played it, all on the same deals (pairs are formed deal by deal;
    /// a candidate with fewer deals pairs on the first ones only).
    pub fn record_round(&mut self, round: &[(usize, RoundValues)]) {
        let count = self.goal.quantities().len();
        let now = self.recorded;
        let baseline = std::mem::take(&mut self.round_baseline);
        for (c, values) in round {
            for deal in values {
                self.candidates[*c].evidence.add_deal(deal);
            }
            let played = &mut self.played[*c];
            played.resize(now + 1, 0);
            played[now] += values.len() as u64;
            if !baseline.is_empty() {
                let pair = self
                    .baseline_pairs
                    .entry(*c)
                    .or_insert_with(|| Evidence::new(count));
                for (x, b) in values.iter().zip(&baseline) {
                    for ((m, x), b) in pair.moments.iter_mut().zip(x).zip(b) {
                        m.add(x - b);
                    }
                }
            }
        }
        self.recorded += 1;
        for (i, (a, va)) in round.iter().enumerate() {
            for (b, vb) in &round[i + 1..] {
                let (first, second, v_first, v_second) = if a < b {
                    (*a, *b, va, vb)
                } else {
                    (*b, *a, vb, va)
                };
                let pair = self
                    .pairs
                    .entry((first, second))
                    .or_insert_with(|| Evidence::new(count));
                for (x, y) in v_first.iter().zip(v_second) {
                    for ((m, y), x) in pair.moments.iter_mut().zip(y).zip(x) {
                        m.add(y - x);
                    }
                }
            }
        }
    }

    /// Add one round's games of the baseline setting (played on the
    /// round's deals beside the candidates), before the round's
    /// candidates' ([`Race::record_round`] pairs them per deal).
    pub fn record_baseline(&mut self, values: &RoundValues) {
        for deal in values {
            self.baseline.add_deal(deal);
        }
        self.baseline_played.resize(self.recorded + 1, 0);
        self.baseline_played[self.recorded] += values.len() as u64;
        self.round_baseline = values.clone();
    }

    /// The paired interval of quantity `q`'s mean difference of candidate
    /// `c` less the baseline, over the deals both played (at the pairs'
    /// quantile), if they played at least two deals together.
    pub fn baseline_difference_interval(&self, c: usize, q: usize) -> Option<Interval> {
        let pair = self.baseline_pairs.get(&c)?;
        if pair.deals() < 2 {
            return None;
        }
        // A difference of a value within [0, a] and one within [0, b]
        // lies within [-b, a]: the wider range bounds its variance.
        let range = match (self.ranges[q], self.baseline_ranges[q]) {
            (Some(a), Some(b)) => Some(a.max(b)),
            _ => None,
        };
        Some(match self.budget.spending {
            Spending::Union => Interval::of_difference(&pair.moments[q], self.z_paired, range),
            Spending::MaxT => Interval::of_sample(&pair.moments[q], self.z_paired, range),
        })
    }

    /// The moments of quantity `q`'s per-deal difference of candidate `c`
    /// less the baseline, over the deals both played (`None` without
    /// them): the yes/no test's data against the baseline.
    pub fn baseline_pair_moments(&self, c: usize, q: usize) -> Option<Moments> {
        self.baseline_pairs.get(&c).map(|pair| pair.moments[q])
    }

    /// The moments of quantity `q`'s per-deal difference `d − c`, over the
    /// deals the two played together (`None` if they played none): the
    /// yes/no test's data against an included reference.
    pub fn pair_moments(&self, d: usize, c: usize, q: usize) -> Option<Moments> {
        let (key, flip) = if c < d {
            ((c, d), false)
        } else {
            ((d, c), true)
        };
        let m = self.pairs.get(&key)?.moments[q];
        Some(if flip {
            Moments { sum: -m.sum, ..m }
        } else {
            m
        })
    }

    /// The deals candidate `c` and the baseline played together.
    pub fn baseline_shared_deals(&self, c: usize) -> u64 {
        self.baseline_pairs.get(&c).map_or(0, Evidence::deals)
    }

    /// The baseline's interval of quantity `q`.
    pub fn baseline_interval(&self, q: usize) -> Interval {
        self.own_interval(&self.baseline.moments[q], self.baseline_ranges[q])
    }

    /// Constraint `k`'s bound as an interval: a number, or the baseline's
    /// interval of the constrained value plus the offset.
    pub fn bound_interval(&self, k: usize) -> Interval {
        let constraint = &self.goal.constraints[k];
        match constraint.bound {
            Bound::Value(x) => Interval {
                estimate: x,
                low: x,
                high: x,
            },
            Bound::Baseline(offset) => {
                let i = self.baseline_interval(self.constraint_quantity[k]);
                let (low, high) = if i.low.is_finite() && i.high.is_finite() {
                    constraint.value_interval(i.low, i.high)
                } else {
                    (f64::NEG_INFINITY, f64::INFINITY)
                };
                Interval {
                    estimate: constraint.value(i.estimate) + offset,
                    low: low + offset,
                    high: high + offset,
                }
            }
        }
    }

    /// Candidate `c`'s interval of constraint `k`'s value (its quantity,
    /// or its distance from the constraint's target).
    pub fn constrained_interval(&self, c: usize, k: usize) -> Interval {
        let constraint = &self.goal.constraints[k];
        let i = self.quantity_interval(c, self.constraint_quantity[k]);
        let (low, high) = if i.low.is_finite() && i.high.is_finite() {
            constraint.value_interval(i.low, i.high)
        } else {
            (f64::NEG_INFINITY, f64::INFINITY)
        };
        Interval {
            estimate: constraint.value(i.estimate),
            low,
            high,
        }
    }

    /// A candidate's (or the baseline's) own interval of one quantity:
    /// Wilson's for a bounded quantity in the union race, the sample
    /// variance's in the `max-t` race.
    fn own_interval(&self, moments: &Moments, range: Option<f64>) -> Interval {
        match self.budget.spending {
            Spending::Union => Interval::of(moments, self.z_single, range),
            Spending::MaxT => Interval::of_sample(moments, self.z_single, range),
        }
    }

    /// Candidate `c`'s interval of quantity `q` (an index into the goal's
    /// quantities).
    pub fn quantity_interval(&self, c: usize, q: usize) -> Interval {
        self.own_interval(&self.candidates[c].evidence.moments[q], self.ranges[q])
    }

    /// The paired interval of quantity `q`'s mean difference `d − c`, if
    /// the two played at least two deals together.
    pub fn difference_interval(&self, d: usize, c: usize, q: usize) -> Option<Interval> {
        let (key, flip) = if c < d {
            ((c, d), false)
        } else {
            ((d, c), true)
        };
        let pair = self.pairs.get(&key)?;
        if pair.deals() < 2 {
            return None;
        }
        let i = match self.budget.spending {
            Spending::Union => {
                Interval::of_difference(&pair.moments[q], self.z_paired, self.ranges[q])
            }
            Spending::MaxT => Interval::of_sample(&pair.moments[q], self.z_paired, self.ranges[q]),
        };
        Some(if flip {
            Interval {
                estimate: -i.estimate,
                low: -i.high,
                high: -i.low,
            }
        } else {
            i
        })
    }

    /// Candidate `c`'s interval of objective `o`'s loss (smaller is
    /// better).
    pub fn loss_interval(&self, c: usize, o: usize) -> Interval {
        self.loss_of(o, self.quantity_interval(c, self.objective_quantity[o]))
    }

    /// Objective `o`'s loss interval of an interval `i` of its quantity.
    fn loss_of(&self, o: usize, i: Interval) -> Interval {
        let objective = &self.goal.objectives[o];
        let (low, high) = if i.low.is_finite() && i.high.is_finite() {
            objective.loss_interval(i.low, i.high)
        } else {
            (f64::NEG_INFINITY, f64::INFINITY)
        };
        Interval {
            estimate: objective.loss(i.estimate),
            low,
            high,
        }
    }

    /// An upper bound of objective `o`'s loss of `d` less that of `c`,
    /// valid on the event that every interval covers: the smaller of the
    /// two candidates' own intervals' bound and, when the loss is linear in
    /// the quantity over both intervals (a minimum or maximum, or a target
    /// both intervals lie on one side of), the paired interval's.
    pub fn loss_difference_upper(&self, d: usize, c: usize, o: usize) -> f64 {
        let q = self.objective_quantity[o];
        self.loss_upper(
            o,
            self.quantity_interval(d, q),
            self.quantity_interval(c, q),
            || self.difference_interval(d, c, q),
        )
    }

    /// The same bound for candidate `c` less the baseline: its own and the
    /// baseline's intervals, and their paired one
    /// ([`Race::baseline_difference_interval`]).
    pub fn baseline_loss_difference_upper(&self, c: usize, o: usize) -> f64 {
        let q = self.objective_quantity[o];
        self.loss_upper(
            o,
            self.quantity_interval(c, q),
            self.baseline_interval(q),
            || self.baseline_difference_interval(c, q),
        )
    }

    /// [`Race::loss_difference_upper`] of intervals `a` and `b` of
    /// objective `o`'s quantity and their paired difference `a − b`.
    fn loss_upper(
        &self,
        o: usize,
        a: Interval,
        b: Interval,
        paired: impl FnOnce() -> Option<Interval>,
    ) -> f64 {
        let single = self.loss_of(o, a).high - self.loss_of(o, b).low;
        let sign = match self.goal.objectives[o].aim {
            Aim::Min => Some(1.0),
            Aim::Max => Some(-1.0),
            Aim::Near(target) => {
                if a.low >= target && b.low >= target {
                    Some(1.0)
                } else if a.high <= target && b.high <= target {
                    Some(-1.0)
                } else {
                    None
                }
            }
        };
        let paired = sign
            .and_then(|s| paired().map(|i| if s > 0.0 { i.high } else { -i.low }))
            .unwrap_or(f64::INFINITY);
        if single.is_nan() {
            paired
        } else {
            single.min(paired)
        }
    }

    /// Whether every constraint's interval of `c` lies wholly inside its
    /// bound (for a bound of the baseline: wholly on its side of the
    /// baseline's interval).
    pub fn certified_feasible(&self, c: usize) -> bool {
        (0..self.goal.constraints.len()).all(|k| {
            let constraint = &self.goal.constraints[k];
            let (value, bound) = (self.constrained_interval(c, k), self.bound_interval(k));
            if constraint.at_most {
                constraint.met_by(value.high, bound.low)
            } else {
                constraint.met_by(value.low, bound.high)
            }
        })
    }

    /// The constraint `c` fails with significance (its interval wholly
    /// outside the bound's), if any.
    pub fn failed_constraint(&self, c: usize) -> Option<usize> {
        (0..self.goal.constraints.len()).position(|k| {
            let constraint = &self.goal.constraints[k];
            let (value, bound) = (self.constrained_interval(c, k), self.bound_interval(k));
            if constraint.at_most {
                !constraint.met_by(value.low, bound.high)
            } else {
                !constraint.met_by(value.high, bound.low)
            }
        })
    }

    /// Whether `d` dominates `c` with significance: certified feasible, not
    /// worse on any objective, better on one.
    pub fn dominates(&self, d: usize, c: usize) -> bool {
        if d == c || !self.certified_feasible(d) {
            return false;
        }
        let mut better = false;
        for o in 0..self.goal.objectives.len() {
            let upper = self.loss_difference_upper(d, c, o);
            if upper.is_nan() || upper > 0.0 {
                return false;
            }
            better |= upper < 0.0;
        }
        better
    }

    /// The round's eliminations, applied: constraints first, then
    /// dominance among the candidates in (each decided on this round's
    /// intervals, before any leaves). The candidates that left.
    pub fn decide(&mut self, round: usize) -> Vec<usize> {
        if self.budget.spending == Spending::MaxT && self.boundaries.len() < self.recorded {
            self.calibrate();
        }
        let alive = self.alive();
        let mut exits: Vec<(usize, Exit)> = Vec::new();
        for &c in &alive {
            if let Some(k) = self.failed_constraint(c) {
                exits.push((c, Exit::Constraint(k)));
                continue;
            }
            // Of the candidates that dominate it, the best by the order.
            let by = alive
                .iter()
                .copied()
                .filter(|&d| self.dominates(d, c))
                .min_by(|&a, &b| self.order(a, b));
            if let Some(d) = by {
                exits.push((c, Exit::Dominated(d)));
            }
        }
        for &(c, exit) in &exits {
            self.candidates[c].exit = Some((round, exit));
            self.left_at[c] = Some(self.recorded.saturating_sub(1));
        }
        exits.into_iter().map(|(c, _)| c).collect()
    }

    /// The round just recorded's critical value (`max-t`,
    /// [`super::spending`]): one for every interval of the round, spending
    /// `alpha · t_r` by round `r` ([`spent_fraction`]), used by every
    /// interval from now on.
    fn calibrate(&mut self) {
        let round = self.recorded - 1;
        let spent = Spent::at(self.budget.alpha, round, self.budget.rounds);
        let c = critical_value_from(
            &self.blocks(),
            &self.boundaries,
            spent,
            self.replicates,
            self.calibration_seed,
        );
        self.boundaries.push(c);
        // Every interval uses its sample variance: the critical value of
        // the fewest deals' degrees of freedom among the candidates still
        // in (and the baseline), a pair's deals being at most its newer
        // candidate's.
        let fewest = self
            .alive()
            .iter()
            .map(|&k| self.candidates[k].evidence.deals())
            .chain((self.baseline.deals() > 0).then(|| self.baseline.deals()))
            .filter(|&d| d >= 2)
            .min()
            .unwrap_or(2);
        let df = (fewest - 1) as f64;
        self.z_single = student_from_normal(c, df);
        self.z_paired = self.z_single;
    }

    /// The statistics the race has used at each round recorded, as blocks
    /// of the calibration: one per quantity (every candidate that played,
    /// its own interval while it was in, each pair's while both were in and
    /// shared deals), and the baseline's own per quantity.
    fn blocks(&self) -> Vec<Block> {
        let rounds = self.recorded;
        let players: Vec<usize> = (0..self.candidates.len())
            .filter(|&c| self.played[c].iter().any(|&d| d > 0))
            .collect();
        let n = players.len();
        let used = |c: usize| -> Vec<bool> {
            let first = self.played[c].iter().position(|&d| d > 0).unwrap_or(rounds);
            let last = self.left_at[c].unwrap_or(rounds);
            (0..rounds).map(|s| s >= first && s <= last).collect()
        };
        let deals: Vec<Vec<u64>> = players
            .iter()
            .map(|&c| {
                let mut d = self.played[c].clone();
                d.resize(rounds, 0);
                d
            })
            .collect();
        let single: Vec<Vec<bool>> = players.iter().map(|&c| used(c)).collect();
        let mut blocks = Vec::new();
        for q in 0..self.goal.quantities().len() {
            let variance = |c: usize| self.candidates[c].evidence.moments[q].variance();
            let mut correlation = vec![0.0; n * n];
            let mut pairs = Vec::new();
            for (i, &a) in players.iter().enumerate() {
                correlation[i * n + i] = 1.0;
                for (j, &b) in players.iter().enumerate().skip(i + 1) {
                    let Some(pair) = self.pairs.get(&(a, b)) else {
                        continue;
                    };
                    let (va, vb, vd) = (variance(a), variance(b), pair.moments[q].variance());
                    let rho = if va > 0.0 && vb > 0.0 {
                        ((va + vb - vd) / (2.0 * (va * vb).sqrt())).clamp(-1.0, 1.0)
                    } else {
                        0.0
                    };
                    correlation[i * n + j] = rho;
                    correlation[j * n + i] = rho;
                    let both: Vec<bool> = single[i]
                        .iter()
                        .zip(&single[j])
                        .map(|(x, y)| *x && *y)
                        .collect();
                    pairs.push((i, j, both));
                }
            }
            blocks.push(Block {
                correlation,
                deals: deals.clone(),
                single: single.clone(),
                pairs,
            });
            if self.baseline.deals() > 0 {
                let mut d = self.baseline_played.clone();
                d.resize(rounds, 0);
                blocks.push(Block {
                    correlation: vec![1.0],
                    single: vec![d.iter().map(|&x| x > 0).collect()],
                    deals: vec![d],
                    pairs: Vec::new(),
                });
            }
        }
        blocks
    }

    /// The order of the pick: the objectives' estimated losses in turn,
    /// then the index.
    fn order(&self, a: usize, b: usize) -> std::cmp::Ordering {
        (0..self.goal.objectives.len())
            .map(|o| {
                self.loss_interval(a, o)
                    .estimate
                    .total_cmp(&self.loss_interval(b, o).estimate)
            })
            .find(|o| o.is_ne())
            .unwrap_or(std::cmp::Ordering::Equal)
            .then(a.cmp(&b))
    }

    /// Whether `d`'s estimates dominate `c`'s (no significance): not worse
    /// on any objective, better on one.
    fn dominates_by_estimates(&self, d: usize, c: usize) -> bool {
        let mut better = false;
        for o in 0..self.goal.objectives.len() {
            let (a, b) = (
                self.loss_interval(d, o).estimate,
                self.loss_interval(c, o).estimate,
            );
            if a > b {
                return false;
            }
            better |= a < b;
        }
        better
    }

    /// Whether `c` has played (two deals or more) and its estimates meet
    /// every constraint.
    pub fn feasible_by_estimates(&self, c: usize) -> bool {
        self.candidates[c].evidence.deals() >= 2
            && (0..self.goal.constraints.len()).all(|k| {
                self.goal.constraints[k].met_by(
                    self.constrained_interval(c, k).estimate,
                    self.bound_interval(k).estimate,
                )
            })
    }

    /// The front: the candidates still in whose estimates meet every
    /// constraint and that no other such candidate dominates by its
    /// estimates; in the pick's order.
    pub fn front(&self) -> Vec<usize> {
        let alive: Vec<usize> = self
            .alive()
            .into_iter()
            .filter(|&c| self.feasible_by_estimates(c))
            .collect();
        let mut front: Vec<usize> = alive
            .iter()
            .copied()
            .filter(|&c| !alive.iter().any(|&d| self.dominates_by_estimates(d, c)))
            .collect();
        front.sort_by(|&a, &b| self.order(a, b));
        front
    }

    /// Each candidate's verdict.
    pub fn verdict(&self, c: usize) -> Verdict {
        if self.candidates[c].exit.is_some() {
            Verdict::Eliminated
        } else if self.front().contains(&c) {
            Verdict::Front
        } else {
            Verdict::Survivor
        }
    }

    /// The pick: the front's first in the pick's order.
    pub fn pick(&self) -> Option<usize> {
        self.front().first().copied()
    }

    /// How much worse than the best candidate still in the pick can be on
    /// the first objective, on the event that every interval covers
    /// (probability at least 1 − alpha): the largest upper bound of its
    /// loss less another's. On that event the best feasible candidate
    /// evaluated is still in, so this bounds the pick's shortfall from it.
    pub fn pick_gap(&self) -> Option<f64> {
        let pick = self.pick()?;
        let gap = self
            .alive()
            .into_iter()
            .filter(|&c| c != pick)
            .map(|c| self.loss_difference_upper(pick, c, 0))
            .fold(0.0, f64::max);
        Some(gap)
    }

    /// Whether the race is decided: at most one candidate left, or a
    /// single objective whose pick is certified feasible and guaranteed
    /// within its margin of the best.
    pub fn decided(&self) -> bool {
        if self.alive().len() <= 1 {
            return true;
        }
        self.goal.objectives.len() == 1
            && self.pick().is_some_and(|p| self.certified_feasible(p))
            && self
                .pick_gap()
                .is_some_and(|g| g <= self.goal.objectives[0].margin)
    }

    /// The smallest difference of the first objective's quantity between
    /// the pick and another candidate still in that the games played
    /// resolve: the smallest half-width of a paired interval of the pick
    /// against one (its own interval's half-width when they never shared
    /// deals, or when it is alone). What a "no such design" answer could
    /// have found.
    pub fn resolution(&self) -> Option<f64> {
        let pick = self.pick()?;
        let q = self.objective_quantity[0];
        let own = {
            let i = self.quantity_interval(pick, q);
            (i.high - i.low) / 2.0
        };
        let paired = self
            .alive()
            .into_iter()
            .filter(|&c| c != pick)
            .map(|c| {
                self.difference_interval(c, pick, q)
                    .map_or(own, |i| (i.high - i.low) / 2.0)
            })
            .min_by(f64::total_cmp);
        Some(paired.unwrap_or(own))
    }
}

/// The share of the error the `max-t` race has spent by round `round` of
/// `rounds` declared: the Lan–DeMets (1983) spending function `α · t` at
/// the information fraction `t` of the declared schedule, whose rounds
/// double (`first · 2^s` deals each), so `t = (2^(r+1) − 1) / (2^R − 1)`;
/// all of it from the last declared round on. Fixed before the games (a
/// round the games' budget cut short spends its planned share).
pub fn spent_fraction(round: usize, rounds: usize) -> f64 {
    let rounds = rounds.clamp(1, 60);
    if round + 1 >= rounds {
        return 1.0;
    }
    ((1u64 << (round + 1)) - 1) as f64 / ((1u64 << rounds) - 1) as f64
}

/// Deals per candidate in round `round`: `first · 2^round`, fewer when the
/// games left (`games_left`) do not pay for them at `per_deal` games a deal
/// (every candidate's games of a deal, and the baseline's); 0 when they do
/// not pay for two deals each (the race ends).
pub fn round_deals(first: u64, round: usize, per_deal: u64, games_left: u64) -> u64 {
    let wanted = first.saturating_mul(1u64 << round.min(40));
    let affordable = games_left / per_deal.max(1);
    let deals = wanted.min(affordable);
    if deals < 2 { 0 } else { deals }
}
