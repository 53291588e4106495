//! Exact integer totals of a run: they never depend on the order games were
//! added in, and [`Totals::merge`] combines the totals of any split of a run
//! (shards, a resumed run) into exactly the totals of the whole.
//!
//! Win shares are kept in units of 1/60 (60 is divisible by every tie size
//! 1..=5), scores, ranks and lengths as sums and sums of squares.

use std::collections::BTreeMap;

use arrayvec::ArrayVec;
use serde::{Deserialize, Serialize};

use super::paired::{OpenDeal, PairedTotals};
use super::shares::{SHARE_UNIT, ranks, share60};
use super::{GameResult, RunSpec};
use crate::game::MAX_SEATS;
use crate::stats::bradley_terry::PairResult;
use crate::stats::cluster::ClusterSums;
use crate::stats::pairwise::pairwise_from_ranks;
use crate::stats::{Z95, mean_ci95_from_sums, wilson};

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
    /// Win shares (in 1/60) per whole deal, for the cluster-robust
    /// interval of the win share.
    pub wins_by_deal: ClusterSums,
    /// Scores per whole deal, for the cluster-robust interval of the mean
    /// score.
    pub score_by_deal: ClusterSums,
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
        self.wins_by_deal = sums_merged(&self.wins_by_deal, &other.wins_by_deal);
        self.score_by_deal = sums_merged(&self.score_by_deal, &other.score_by_deal);
    }

    /// Wins, shared victories counted as 1/k.
    pub fn wins(&self) -> f64 {
        self.wins60 as f64 / SHARE_UNIT as f64
    }

    /// Win share and its 95% interval: `(share, low, high)`; see
    /// [`Tally::win_share_at`].
    pub fn win_share(&self) -> (f64, f64, f64) {
        self.win_share_at(Z95)
    }

    /// Win share and its interval at normal quantile `z`: Wilson's when
    /// the seat-games are independent (one per deal), else the normal
    /// interval with the cluster-robust (by deal) standard error, within
    /// [0, 1].
    pub fn win_share_at(&self, z: f64) -> (f64, f64, f64) {
        share_interval(
            self.wins(),
            self.games,
            &self.wins_by_deal,
            SHARE_UNIT as f64,
            z,
        )
    }

    /// Mean score and the half-width of its 95% interval (cluster-robust
    /// by deal when a deal holds several of the seat-games).
    pub fn score(&self) -> (f64, f64) {
        mean_interval(
            self.games,
            self.score_sum,
            self.score_sq,
            &self.score_by_deal,
        )
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
    /// The game-level sums per whole deal and the deals not yet whole,
    /// for cluster-robust intervals.
    pub by_deal: DealSums,
}

/// Sums over whole deals of the game-level values (ties, lengths, margins,
/// the game's own values), for their cluster-robust intervals, and the
/// deals seen only in part (the seats' and bots' sums per deal are in
/// their [`Tally`]). Merges exactly, also inside a deal.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct DealSums {
    /// Games of a whole deal ([`RunSpec::games_per_deal`]).
    pub games_per_deal: u64,
    /// Shared wins (0/1 per game).
    pub ties: ClusterSums,
    /// Lengths in decisions.
    pub plies: ClusterSums,
    /// Lengths in turns.
    pub turns: ClusterSums,
    /// Winning margins (games of two or more seats).
    pub margin: ClusterSums,
    /// Each game-specific value.
    pub extras: Vec<ClusterSums>,
    /// Deals with only some of their games seen so far. Empty after a
    /// whole run.
    pub open: BTreeMap<u64, DealPart>,
}

/// The sums of the games of one deal seen so far (see [`DealSums::open`]).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct DealPart {
    /// Games seen.
    pub games: u64,
    /// Per seat: win shares (1/60) and scores.
    pub seats: Vec<[i64; 2]>,
    /// Per bot: seat-games, win shares (1/60) and scores.
    pub bots: Vec<[i64; 3]>,
    /// Games with a shared win.
    pub ties: i64,
    /// Decisions.
    pub plies: i64,
    /// Turns.
    pub turns: i64,
    /// Games with a winning margin.
    pub margin_games: i64,
    /// Winning margins.
    pub margin: i64,
    /// Each game-specific value.
    pub extras: Vec<i64>,
}

impl DealPart {
    /// Add another part of the same deal; `None` when a sum overflows or
    /// the shapes differ.
    fn checked_add(&mut self, other: &DealPart) -> Option<()> {
        if self.seats.len() != other.seats.len() || self.bots.len() != other.bots.len() {
            return None;
        }
        let add = |a: &mut i64, b: i64| -> Option<()> {
            *a = a.checked_add(b)?;
            Some(())
        };
        self.games = self.games.checked_add(other.games)?;
        for (a, b) in self.seats.iter_mut().zip(&other.seats) {
            for i in 0..2 {
                add(&mut a[i], b[i])?;
            }
        }
        for (a, b) in self.bots.iter_mut().zip(&other.bots) {
            for i in 0..3 {
                add(&mut a[i], b[i])?;
            }
        }
        add(&mut self.ties, other.ties)?;
        add(&mut self.plies, other.plies)?;
        add(&mut self.turns, other.turns)?;
        add(&mut self.margin_games, other.margin_games)?;
        add(&mut self.margin, other.margin)?;
        if self.extras.len() < other.extras.len() {
            self.extras.resize(other.extras.len(), 0);
        }
        for (a, &b) in self.extras.iter_mut().zip(&other.extras) {
            add(a, b)?;
        }
        Some(())
    }
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
                levels: vec![
                    0;
                    PairedTotals::level_count(
                        count(&bots[0]),
                        count(&bots[1]),
                        spec.rotations()
                    )
                ],
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
            by_deal: DealSums {
                games_per_deal: spec.games_per_deal(),
                ..DealSums::default()
            },
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
        // This game's values per seat and per seated bot, on the stack.
        let mut seat_values: ArrayVec<[i64; 2], MAX_SEATS> = ArrayVec::new();
        let mut bot_values: ArrayVec<(usize, [i64; 3]), MAX_SEATS> = ArrayVec::new();
        let (mut a, mut b) = (0i64, 0i64);
        for (seat, &rank) in ranks.iter().enumerate() {
            let share = share60(result, seat);
            let score = result.outcome.scores[seat];
            let bot = result.seat_bots[seat];
            self.seats[seat].add(share, score, rank);
            self.bots[bot].add(share, score, rank);
            seat_values.push([share as i64, i64::from(score)]);
            match bot_values.iter_mut().find(|(b, _)| *b == bot) {
                Some((_, v)) => {
                    v[0] += 1;
                    v[1] += share as i64;
                    v[2] += i64::from(score);
                }
                None => bot_values.push((bot, [1, share as i64, i64::from(score)])),
            }
            match bot {
                0 => a += share as i64,
                _ => b += share as i64,
            }
        }
        let game = [
            i64::from(result.outcome.winners.len() >= 2),
            i64::from(result.plies),
            i64::from(result.turns),
        ];
        let margin = winning_margin(&result.outcome.scores).map(|m| (1, m));
        if self.by_deal.games_per_deal == 1 {
            // A deal of one game is whole at once: no open deal to keep.
            // (Sums past u64/i64 only come from forged files, refused there.)
            let _ = self.close_deal_values(
                1,
                seat_values.iter().copied(),
                bot_values.iter().copied(),
                game,
                margin,
                &result.extras,
            );
        } else {
            let (seats, bots, extras) = (self.seats.len(), self.bots.len(), result.extras.len());
            let deal = self
                .by_deal
                .open
                .entry(result.deal)
                .or_insert_with(|| DealPart {
                    seats: vec![[0; 2]; seats],
                    bots: vec![[0; 3]; bots],
                    extras: vec![0; extras],
                    ..DealPart::default()
                });
            deal.games += 1;
            deal.ties += game[0];
            deal.plies += game[1];
            deal.turns += game[2];
            if let Some((_, m)) = margin {
                deal.margin_games += 1;
                deal.margin += m;
            }
            if deal.extras.len() < extras {
                deal.extras.resize(extras, 0);
            }
            for (d, &v) in deal.extras.iter_mut().zip(&result.extras) {
                *d += v;
            }
            for (d, v) in deal.seats.iter_mut().zip(&seat_values) {
                d[0] += v[0];
                d[1] += v[1];
            }
            for &(bot, v) in &bot_values {
                let d = &mut deal.bots[bot];
                d[0] += v[0];
                d[1] += v[1];
                d[2] += v[2];
            }
            if deal.games == self.by_deal.games_per_deal {
                let whole = self
                    .by_deal
                    .open
                    .remove(&result.deal)
                    .expect("just inserted");
                self.close_deal(&whole);
            }
        }
        if let Some(p) = self.paired.as_mut() {
            let part = a * p.seats_b as i64 - b * p.seats_a as i64;
            // A's pairwise half points: each seat of A against each of B.
            let mut half_points = 0;
            for (i, &ri) in ranks.iter().enumerate() {
                if result.seat_bots[i] != 0 {
                    continue;
                }
                for (j, &rj) in ranks.iter().enumerate() {
                    if result.seat_bots[j] == 1 {
                        half_points += 1 + u64::from(ri < rj) - u64::from(ri > rj);
                    }
                }
            }
            p.add_part(
                result.deal,
                OpenDeal {
                    sum: part,
                    seen: 1,
                    half_points,
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
        self.merge_deal_sums(&other.by_deal)
            .expect("deal sums of one run that fit");
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

    /// Count one whole deal into the sums per deal; `None` when a sum
    /// overflows or the shapes differ (only totals read from a file).
    fn close_deal(&mut self, d: &DealPart) -> Option<()> {
        if d.seats.len() != self.seats.len() || d.bots.len() != self.bots.len() {
            return None;
        }
        let bots = d.bots.iter().copied().enumerate().filter(|(_, b)| b[0] > 0);
        let margin = (d.margin_games > 0).then_some((d.margin_games, d.margin));
        let game = [d.ties, d.plies, d.turns];
        self.close_deal_values(
            d.games,
            d.seats.iter().copied(),
            bots,
            game,
            margin,
            &d.extras,
        )
    }

    /// Count one whole deal of `games` games into the sums per deal: each
    /// seat's `[win shares, scores]`, each seated bot's `(bot, [seat-games,
    /// win shares, scores])`, the deal's `[ties, plies, turns]`, its
    /// `(games with a margin, margins)` and each game-specific value.
    fn close_deal_values(
        &mut self,
        games: u64,
        seats: impl Iterator<Item = [i64; 2]>,
        bots: impl Iterator<Item = (usize, [i64; 3])>,
        [ties, plies, turns]: [i64; 3],
        margin: Option<(i64, i64)>,
        extras: &[i64],
    ) -> Option<()> {
        let add = |sums: &mut ClusterSums, n: i64, total: i64| -> Option<()> {
            *sums = sums.checked_merge(&ClusterSums::of(u64::try_from(n).ok()?, total))?;
            Some(())
        };
        let games = i64::try_from(games).ok()?;
        for (t, [wins, score]) in self.seats.iter_mut().zip(seats) {
            add(&mut t.wins_by_deal, games, wins)?;
            add(&mut t.score_by_deal, games, score)?;
        }
        for (bot, [n, wins, score]) in bots {
            let t = self.bots.get_mut(bot)?;
            add(&mut t.wins_by_deal, n, wins)?;
            add(&mut t.score_by_deal, n, score)?;
        }
        let s = &mut self.by_deal;
        add(&mut s.ties, games, ties)?;
        add(&mut s.plies, games, plies)?;
        add(&mut s.turns, games, turns)?;
        if let Some((n, total)) = margin {
            add(&mut s.margin, n, total)?;
        }
        if s.extras.len() < extras.len() {
            s.extras.resize(extras.len(), ClusterSums::default());
        }
        for (sums, &v) in s.extras.iter_mut().zip(extras) {
            add(sums, games, v)?;
        }
        Some(())
    }

    /// Add the sums per deal of another part of the run (closing the deals
    /// the two parts complete together); `None` when a sum overflows, a
    /// deal would hold more games than a whole one, or the shapes differ
    /// (only totals read from a file).
    pub(super) fn merge_deal_sums(&mut self, other: &DealSums) -> Option<()> {
        if self.by_deal.games_per_deal != other.games_per_deal {
            return None;
        }
        let s = &mut self.by_deal;
        s.ties = s.ties.checked_merge(&other.ties)?;
        s.plies = s.plies.checked_merge(&other.plies)?;
        s.turns = s.turns.checked_merge(&other.turns)?;
        s.margin = s.margin.checked_merge(&other.margin)?;
        if s.extras.len() < other.extras.len() {
            s.extras.resize(other.extras.len(), ClusterSums::default());
        }
        for (a, b) in s.extras.iter_mut().zip(&other.extras) {
            *a = a.checked_merge(b)?;
        }
        for (&deal, part) in &other.open {
            let mut whole = match self.by_deal.open.remove(&deal) {
                Some(mine) => mine,
                None => DealPart {
                    seats: vec![[0; 2]; self.seats.len()],
                    bots: vec![[0; 3]; self.bots.len()],
                    ..DealPart::default()
                },
            };
            whole.checked_add(part)?;
            match whole.games.cmp(&self.by_deal.games_per_deal) {
                std::cmp::Ordering::Less => {
                    self.by_deal.open.insert(deal, whole);
                }
                std::cmp::Ordering::Equal => self.close_deal(&whole)?,
                std::cmp::Ordering::Greater => return None,
            }
        }
        Some(())
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

    /// Share of games whose win was shared, with its 95% interval:
    /// `(rate, low, high)`: Wilson's when games are independent (one per
    /// deal), else cluster-robust by deal.
    pub fn tie_interval(&self) -> (f64, f64, f64) {
        share_interval(self.ties as f64, self.games, &self.by_deal.ties, 1.0, Z95)
    }

    /// The half-width of the 95% interval of the mean game length in
    /// decisions (cluster-robust by deal when a deal holds several games).
    pub fn plies_ci95(&self) -> f64 {
        length_half_width(self.games, self.plies().1, &self.by_deal.plies)
    }

    /// The half-width of the 95% interval of the mean game length in turns
    /// (cluster-robust by deal when a deal holds several games).
    pub fn turns_ci95(&self) -> f64 {
        length_half_width(self.games, self.turns().1, &self.by_deal.turns)
    }

    /// Mean winning margin (best score minus second best) and the
    /// half-width of its 95% interval (cluster-robust by deal when a deal
    /// holds several games); `None` without games of two or more seats.
    pub fn margin(&self) -> Option<(f64, f64)> {
        (self.margin_games > 0).then(|| {
            mean_interval(
                self.margin_games,
                self.margin_sum,
                self.margin_sq,
                &self.by_deal.margin,
            )
        })
    }

    /// Mean of game-specific value `i` and the half-width of its 95%
    /// interval (cluster-robust by deal when a deal holds several games);
    /// `None` when the game has no such value or no game was counted.
    pub fn extra(&self, i: usize) -> Option<(f64, f64)> {
        (self.games > 0 && i < self.extras_sum.len()).then(|| {
            mean_interval(
                self.games,
                self.extras_sum[i],
                self.extras_sq[i],
                &self.extra_sums(i),
            )
        })
    }

    /// Share of games where the 0/1 game-specific value `i` is 1, with its
    /// 95% interval (Wilson's when games are independent, else
    /// cluster-robust by deal): `(share, low, high)`; `None` when the game
    /// has no such value or no game was counted.
    pub fn extra_share(&self, i: usize) -> Option<(f64, f64, f64)> {
        (self.games > 0 && i < self.extras_sum.len()).then(|| {
            share_interval(
                self.extras_sum[i] as f64,
                self.games,
                &self.extra_sums(i),
                1.0,
                Z95,
            )
        })
    }

    fn extra_sums(&self, i: usize) -> ClusterSums {
        self.by_deal.extras.get(i).copied().unwrap_or_default()
    }
}

/// `a` and `b` added (sums of one run, which fit).
fn sums_merged(a: &ClusterSums, b: &ClusterSums) -> ClusterSums {
    a.checked_merge(b).expect("sums of one run that fit")
}

/// The mean of `n` values from their exact sums and the half-width of its
/// 95% interval: cluster-robust from `by_deal` when a deal holds several of
/// the values, else the usual one ([`mean_ci95_from_sums`]).
fn mean_interval(n: u64, sum: i64, sq: i128, by_deal: &ClusterSums) -> (f64, f64) {
    if by_deal.clustered() {
        let mean = if n == 0 { 0.0 } else { sum as f64 / n as f64 };
        (mean, Z95 * by_deal.standard_error())
    } else {
        mean_ci95_from_sums(n, sum, sq)
    }
}

/// A share of `successes` in `trials` (`by_deal` in units of `1 / unit`)
/// with its interval at quantile `z`: Wilson's when trials are
/// independent (one per deal), else the normal interval with the
/// cluster-robust standard error, within [0, 1].
fn share_interval(
    successes: f64,
    trials: u64,
    by_deal: &ClusterSums,
    unit: f64,
    z: f64,
) -> (f64, f64, f64) {
    let share = if trials == 0 {
        0.0
    } else {
        successes / trials as f64
    };
    if by_deal.clustered() {
        let half = z * by_deal.standard_error() / unit;
        (share, (share - half).max(0.0), (share + half).min(1.0))
    } else {
        let (low, high) = wilson(successes, trials as f64, z);
        (share, low, high)
    }
}

/// The half-width of the 95% interval of a mean game length: cluster-robust
/// when a deal holds several games, else `Z95 sd / √n`.
fn length_half_width(games: u64, sd: f64, by_deal: &ClusterSums) -> f64 {
    if by_deal.clustered() {
        Z95 * by_deal.standard_error()
    } else if games > 1 {
        Z95 * sd / (games as f64).sqrt()
    } else {
        0.0
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

#[cfg(test)]
#[path = "totals_tests.rs"]
pub(crate) mod tests;
