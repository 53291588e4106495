//! Exact integer totals of a run: they never depend on the order games were
//! added in, and [`Totals::merge`] combines the totals of any split of a run
//! (shards, a resumed run) into exactly the totals of the whole.
//!
//! Win shares are kept in units of 1/60 (60 is divisible by every tie size
//! 1..=5), scores, ranks and lengths as sums and sums of squares.

use std::collections::BTreeMap;

use arrayvec::ArrayVec;
use serde::{Deserialize, Serialize};

use super::{GameResult, RunSpec};
use crate::game::MAX_SEATS;
use crate::stats::bradley_terry::PairResult;
use crate::stats::pairwise::pairwise_from_ranks;
use crate::stats::{Z95, mean_ci95_from_sums, wilson};

/// Win-share units per whole win.
pub const SHARE_UNIT: u64 = 60;

/// Totals of one seat, or of one bot over every seat it held.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Tally {
    /// Seat-games played.
    pub games: u64,
    /// Win shares, in 1/60 (a k-way shared win counts 60/k).
    pub wins60: u64,
    /// Seat-games with a share of the win.
    pub won: u64,
    /// Sum of scores.
    pub score_sum: i64,
    /// Sum of squared scores.
    pub score_sq: i128,
    /// Sum of ranks (1 = best; see [`ranks`]).
    pub rank_sum: u64,
}

/// Totals per seat.
pub type SeatTotals = Tally;
/// Totals per bot (aggregated over the seats it held).
pub type BotTotals = Tally;

impl Tally {
    fn add(&mut self, share60: u64, score: i32, rank: u64) {
        self.games += 1;
        self.wins60 += share60;
        self.won += u64::from(share60 > 0);
        self.score_sum += i64::from(score);
        self.score_sq += i128::from(score) * i128::from(score);
        self.rank_sum += rank;
    }

    fn merge(&mut self, other: &Tally) {
        self.games += other.games;
        self.wins60 += other.wins60;
        self.won += other.won;
        self.score_sum += other.score_sum;
        self.score_sq += other.score_sq;
        self.rank_sum += other.rank_sum;
    }

    /// Wins, shared victories counted as 1/k.
    pub fn wins(&self) -> f64 {
        self.wins60 as f64 / SHARE_UNIT as f64
    }

    /// Win share and its Wilson 95% interval: `(share, low, high)`.
    pub fn win_share(&self) -> (f64, f64, f64) {
        let (low, high) = wilson(self.wins(), self.games as f64, Z95);
        let share = if self.games == 0 {
            0.0
        } else {
            self.wins() / self.games as f64
        };
        (share, low, high)
    }

    /// Mean score and the half-width of its 95% interval.
    pub fn score(&self) -> (f64, f64) {
        mean_ci95_from_sums(self.games, self.score_sum, self.score_sq)
    }

    /// Mean rank (1 = best).
    pub fn mean_rank(&self) -> f64 {
        if self.games == 0 {
            0.0
        } else {
            self.rank_sum as f64 / self.games as f64
        }
    }
}

/// The paired per-deal comparison of exactly two distinct bots `A` and `B`
/// (the first two of [`RunSpec::bots`]). Per game, `A`'s win share (the
/// mean over its seats) minus `B`'s; per deal, the mean of that over the
/// deal's rotations. Kept in integer units of `1 / unit` (`unit` = 60 ×
/// seats of A × seats of B × rotations), so that sums are exact.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PairedTotals {
    /// Seats held by A in the lineup.
    pub seats_a: u64,
    /// Seats held by B in the lineup.
    pub seats_b: u64,
    /// Rotations per deal.
    pub rotations: u64,
    /// Whole deals counted.
    pub deals: u64,
    /// Sum over whole deals of the deal's difference, in `1/unit`.
    pub sum: i64,
    /// Sum of squares of the same.
    pub sq: i128,
    /// Whole deals by A's total against B in half points (`2 × rotations + 1`
    /// levels): per game A scores 2 when its win share beats B's, 1
    /// when they are equal, 0 when B's is higher. The counts the sequential
    /// test reads (pentanomial for two players and two rotations,
    /// trinomial without rotation).
    pub levels: Vec<u64>,
    /// Deals with only some of their rotations seen so far. Empty after a
    /// whole run.
    pub open: BTreeMap<u64, OpenDeal>,
}

/// The part of a deal seen so far (see [`PairedTotals::open`]).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct OpenDeal {
    /// Partial sum of the difference, in `1/unit`.
    pub sum: i64,
    /// Rotations seen.
    pub seen: u64,
    /// A's half points so far.
    pub half_points: u64,
}

impl PairedTotals {
    /// The unit of [`PairedTotals::sum`]: a difference of 1 (a whole win
    /// share) per deal.
    pub fn unit(&self) -> u64 {
        SHARE_UNIT * self.seats_a * self.seats_b * self.rotations
    }

    pub(super) fn add_part(&mut self, deal: u64, part: OpenDeal) {
        let entry = self.open.entry(deal).or_default();
        entry.sum += part.sum;
        entry.seen += part.seen;
        entry.half_points += part.half_points;
        if entry.seen == self.rotations {
            let whole = self.open.remove(&deal).expect("just inserted");
            self.deals += 1;
            self.sum += whole.sum;
            self.sq += i128::from(whole.sum) * i128::from(whole.sum);
            self.levels[whole.half_points as usize] += 1;
        }
    }

    /// The sequential test's counts: whole deals by A's total in half
    /// points.
    pub fn score_counts(&self) -> crate::stats::sprt::ScoreCounts {
        crate::stats::sprt::ScoreCounts::from_counts(self.levels.clone())
    }

    /// Mean per-deal difference of win share (A − B) and the half-width of
    /// its 95% interval, over whole deals.
    pub fn difference(&self) -> (f64, f64) {
        let (mean, half) = mean_ci95_from_sums(self.deals, self.sum, self.sq);
        let unit = self.unit() as f64;
        (mean / unit, half / unit)
    }
}

/// Exact totals of (part of) a run.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Totals {
    /// Games counted.
    pub games: u64,
    /// Games whose win was shared by two or more seats.
    pub ties: u64,
    /// Sum of game lengths in decisions.
    pub plies_sum: u64,
    /// Sum of squared game lengths in decisions.
    pub plies_sq: u128,
    /// Sum of game lengths in turns.
    pub turns_sum: u64,
    /// Sum of squared game lengths in turns.
    pub turns_sq: u128,
    /// Per seat.
    pub seats: Vec<SeatTotals>,
    /// Per bot, in the order of [`RunSpec::bots`].
    pub bots: Vec<BotTotals>,
    /// The paired comparison, with exactly two distinct bots in one
    /// lineup.
    pub paired: Option<PairedTotals>,
    /// Pairwise results per deal, for a run of several lineups or with
    /// [`RunSpec::pairwise`] (a league).
    pub pairs: Option<PairTotals>,
    /// Games with two or more seats (those with a winning margin).
    #[serde(default)]
    pub margin_games: u64,
    /// Sum of winning margins: the best score minus the second best (0
    /// when they are equal).
    #[serde(default)]
    pub margin_sum: i64,
    /// Sum of squared winning margins.
    #[serde(default)]
    pub margin_sq: i128,
    /// Sum of each game-specific value ([`crate::game::Game::extra_values`]).
    #[serde(default)]
    pub extras_sum: Vec<i64>,
    /// Sum of squares of each game-specific value.
    #[serde(default)]
    pub extras_sq: Vec<i128>,
}

/// Pairwise results of a run of several lineups, per deal: every game
/// decomposed into one result per pair of seats held by distinct bots
/// (their ranks decide it; [`crate::stats::pairwise::pairwise_from_ranks`]).
/// Kept per deal so that ratings can be bootstrapped over deals; merges
/// exactly.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct PairTotals {
    /// Deal number → its results, one per pair of bots `(a < b)`, sorted.
    pub deals: BTreeMap<u64, Vec<PairResult>>,
}

impl PairTotals {
    pub(super) fn add(&mut self, deal: u64, results: &[PairResult]) {
        let list = self.deals.entry(deal).or_default();
        for r in results {
            match list.binary_search_by_key(&(r.a, r.b), |x| (x.a, x.b)) {
                Ok(i) => {
                    list[i].a_wins += r.a_wins;
                    list[i].ties += r.ties;
                    list[i].b_wins += r.b_wins;
                }
                Err(i) => list.insert(i, *r),
            }
        }
    }

    /// The results of every deal, in deal order (what
    /// [`crate::stats::bradley_terry::rate`] takes).
    pub fn per_deal(&self) -> Vec<Vec<PairResult>> {
        self.deals.values().cloned().collect()
    }
}

/// The rank of every seat in `result` (1 = best, standard competition
/// ranking): a seat is beaten by every seat that shares the win when it
/// does not, and, among seats alike in that, by every higher score.
pub fn ranks(result: &GameResult) -> ArrayVec<u64, MAX_SEATS> {
    let o = &result.outcome;
    let n = o.scores.len();
    let beats = |t: usize, s: usize| {
        let (wt, ws) = (o.winners.contains(t), o.winners.contains(s));
        (wt && !ws) || (wt == ws && o.scores[t] > o.scores[s])
    };
    (0..n)
        .map(|s| 1 + (0..n).filter(|&t| beats(t, s)).count() as u64)
        .collect()
}

fn share60(result: &GameResult, seat: usize) -> u64 {
    let w = &result.outcome.winners;
    if w.contains(seat) {
        SHARE_UNIT / w.len() as u64
    } else {
        0
    }
}

impl Totals {
    /// Empty totals for `spec`.
    pub fn new(spec: &RunSpec) -> Totals {
        let bots = spec.bots();
        let one_lineup = spec.lineups.len() == 1;
        let paired = (bots.len() == 2 && one_lineup).then(|| {
            let count = |b: &String| spec.lineup().iter().filter(|s| *s == b).count() as u64;
            PairedTotals {
                seats_a: count(&bots[0]),
                seats_b: count(&bots[1]),
                rotations: spec.rotations(),
                deals: 0,
                sum: 0,
                sq: 0,
                levels: vec![0; 2 * spec.rotations() as usize + 1],
                open: BTreeMap::new(),
            }
        });
        let pairs = (!one_lineup || spec.pairwise).then(PairTotals::default);
        Totals {
            games: 0,
            ties: 0,
            plies_sum: 0,
            plies_sq: 0,
            turns_sum: 0,
            turns_sq: 0,
            seats: vec![Tally::default(); spec.players],
            bots: vec![Tally::default(); bots.len()],
            paired,
            pairs,
            margin_games: 0,
            margin_sum: 0,
            margin_sq: 0,
            extras_sum: Vec::new(),
            extras_sq: Vec::new(),
        }
    }

    /// Count one finished game.
    pub fn add(&mut self, result: &GameResult) {
        self.games += 1;
        self.ties += u64::from(result.outcome.winners.len() >= 2);
        self.plies_sum += u64::from(result.plies);
        self.plies_sq += u128::from(result.plies) * u128::from(result.plies);
        self.turns_sum += u64::from(result.turns);
        self.turns_sq += u128::from(result.turns) * u128::from(result.turns);
        if let Some(margin) = winning_margin(&result.outcome.scores) {
            self.margin_games += 1;
            self.margin_sum += margin;
            self.margin_sq += i128::from(margin) * i128::from(margin);
        }
        if self.extras_sum.len() < result.extras.len() {
            self.extras_sum.resize(result.extras.len(), 0);
            self.extras_sq.resize(result.extras.len(), 0);
        }
        for (i, &v) in result.extras.iter().enumerate() {
            self.extras_sum[i] += v;
            self.extras_sq[i] += i128::from(v) * i128::from(v);
        }
        let ranks = ranks(result);
        let (mut a, mut b) = (0i64, 0i64);
        for (seat, &rank) in ranks.iter().enumerate() {
            let share = share60(result, seat);
            let score = result.outcome.scores[seat];
            let bot = result.seat_bots[seat];
            self.seats[seat].add(share, score, rank);
            self.bots[bot].add(share, score, rank);
            match bot {
                0 => a += share as i64,
                _ => b += share as i64,
            }
        }
        if let Some(p) = self.paired.as_mut() {
            let part = a * p.seats_b as i64 - b * p.seats_a as i64;
            let half_points = 1 + part.signum();
            p.add_part(
                result.deal,
                OpenDeal {
                    sum: part,
                    seen: 1,
                    half_points: half_points as u64,
                },
            );
        }
        if let Some(p) = self.pairs.as_mut() {
            let ranks: Vec<u32> = ranks.iter().map(|&r| r as u32).collect();
            let results =
                pairwise_from_ranks(&result.seat_bots, &ranks).expect("one rank per seat");
            p.add(result.deal, &results);
        }
    }

    /// Add the totals of another part of the same run (any split, even
    /// inside a deal): the result is exactly that of the whole.
    pub fn merge(&mut self, other: &Totals) {
        assert_eq!(self.seats.len(), other.seats.len(), "totals of one run");
        assert_eq!(self.bots.len(), other.bots.len(), "totals of one run");
        self.games += other.games;
        self.ties += other.ties;
        self.plies_sum += other.plies_sum;
        self.plies_sq += other.plies_sq;
        self.turns_sum += other.turns_sum;
        self.turns_sq += other.turns_sq;
        self.margin_games += other.margin_games;
        self.margin_sum += other.margin_sum;
        self.margin_sq += other.margin_sq;
        if self.extras_sum.len() < other.extras_sum.len() {
            self.extras_sum.resize(other.extras_sum.len(), 0);
            self.extras_sq.resize(other.extras_sq.len(), 0);
        }
        for (i, (&v, &q)) in other.extras_sum.iter().zip(&other.extras_sq).enumerate() {
            self.extras_sum[i] += v;
            self.extras_sq[i] += q;
        }
        for (a, b) in self.seats.iter_mut().zip(&other.seats) {
            a.merge(b);
        }
        for (a, b) in self.bots.iter_mut().zip(&other.bots) {
            a.merge(b);
        }
        if let (Some(p), Some(q)) = (self.paired.as_mut(), other.paired.as_ref()) {
            p.deals += q.deals;
            p.sum += q.sum;
            p.sq += q.sq;
            for (a, b) in p.levels.iter_mut().zip(&q.levels) {
                *a += b;
            }
            for (&deal, &part) in &q.open {
                p.add_part(deal, part);
            }
        }
        if let (Some(p), Some(q)) = (self.pairs.as_mut(), other.pairs.as_ref()) {
            for (&deal, results) in &q.deals {
                p.add(deal, results);
            }
        }
    }

    /// Share of games whose win was shared.
    pub fn tie_rate(&self) -> f64 {
        ratio(self.ties, self.games)
    }

    /// Mean and standard deviation of the game length in decisions.
    pub fn plies(&self) -> (f64, f64) {
        mean_sd(self.games, self.plies_sum, self.plies_sq)
    }

    /// Mean and standard deviation of the game length in turns.
    pub fn turns(&self) -> (f64, f64) {
        mean_sd(self.games, self.turns_sum, self.turns_sq)
    }

    /// Share of games whose win was shared, with its Wilson 95% interval:
    /// `(rate, low, high)`.
    pub fn tie_interval(&self) -> (f64, f64, f64) {
        let (low, high) = wilson(self.ties as f64, self.games as f64, Z95);
        (self.tie_rate(), low, high)
    }

    /// Mean winning margin (best score minus second best) and the
    /// half-width of its 95% interval; `None` without games of two or more
    /// seats.
    pub fn margin(&self) -> Option<(f64, f64)> {
        (self.margin_games > 0)
            .then(|| mean_ci95_from_sums(self.margin_games, self.margin_sum, self.margin_sq))
    }

    /// Mean of game-specific value `i` and the half-width of its 95%
    /// interval; `None` when the game has no such value or no game was
    /// counted.
    pub fn extra(&self, i: usize) -> Option<(f64, f64)> {
        (self.games > 0 && i < self.extras_sum.len())
            .then(|| mean_ci95_from_sums(self.games, self.extras_sum[i], self.extras_sq[i]))
    }
}

/// The best score minus the second best, with two or more seats.
fn winning_margin(scores: &[i32]) -> Option<i64> {
    if scores.len() < 2 {
        return None;
    }
    let (mut best, mut second) = (i64::MIN, i64::MIN);
    for &s in scores {
        let s = i64::from(s);
        if s > best {
            second = best;
            best = s;
        } else if s > second {
            second = s;
        }
    }
    Some(best - second)
}

fn ratio(a: u64, b: u64) -> f64 {
    if b == 0 { 0.0 } else { a as f64 / b as f64 }
}

/// Mean and sample standard deviation from exact sums.
fn mean_sd(n: u64, sum: u64, sq: u128) -> (f64, f64) {
    if n == 0 {
        return (0.0, 0.0);
    }
    let mean = sum as f64 / n as f64;
    if n < 2 {
        return (mean, 0.0);
    }
    // Exact; in floating point for sums (read from a damaged file) that
    // overflow.
    let spread = (n as u128)
        .checked_mul(sq)
        .and_then(|a| a.checked_sub(sum as u128 * sum as u128))
        .map_or_else(
            || (n as f64 * sq as f64 - (sum as f64) * (sum as f64)).max(0.0),
            |s| s as f64,
        );
    (mean, (spread / (n as f64 * (n - 1) as f64)).sqrt())
}
