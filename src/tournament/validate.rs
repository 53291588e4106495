//! Checks of runs, plans, shards and totals read back from files (a
//! manifest, a checkpoint): everything the engine, the merge and the
//! summaries index or multiply is in range, so that a damaged or forged
//! file ends in an [`Invalid`] error, never in a panic, an overflow or an
//! allocation of its claimed size.

use std::fmt;

use super::paired::PairedTotals;
use super::totals::PairTotals;
use super::{Plan, RunSpec, Shard, Totals};
use crate::game::MAX_SEATS;
use crate::stats::bradley_terry::PairResult;

/// Most game-specific values a total may carry.
const MAX_EXTRAS: usize = 64;

/// Why a run, plan, shard or totals read from a file cannot be used.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Invalid(pub String);

impl fmt::Display for Invalid {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for Invalid {}

fn invalid<T>(text: impl Into<String>) -> Result<T, Invalid> {
    Err(Invalid(text.into()))
}

impl RunSpec {
    /// Check a run read from a file: 1 to [`MAX_SEATS`] players, at least
    /// one lineup of one spec per seat, at least one deal, and a number of
    /// games that fits in 64 bits.
    pub fn validate(&self) -> Result<(), Invalid> {
        if self.players == 0 || self.players > MAX_SEATS {
            return invalid(format!(
                "{} players (a game has 1 to {MAX_SEATS})",
                self.players
            ));
        }
        if self.lineups.is_empty() {
            return invalid("no lineup");
        }
        if let Some(l) = self.lineups.iter().find(|l| l.len() != self.players) {
            return invalid(format!(
                "a lineup of {} specs for {} players",
                l.len(),
                self.players
            ));
        }
        if self.deals == 0 {
            return invalid("0 deals");
        }
        self.checked_games().map(|_| ())
    }

    /// Deals × games per deal, or an error when it overflows.
    pub fn checked_games(&self) -> Result<u64, Invalid> {
        let per_deal = (0..self.lineups.len())
            .try_fold(0u64, |sum, l| sum.checked_add(self.lineup_rotations(l)));
        per_deal
            .and_then(|p| self.deals.checked_mul(p))
            .ok_or_else(|| {
                Invalid(format!(
                    "{} deals of {} lineups: more games than a run can count (2^64)",
                    self.deals,
                    self.lineups.len()
                ))
            })
    }
}

impl Plan {
    /// Check a plan read from a file: at least one part, every part's run
    /// valid ([`RunSpec::validate`]) with the first part's value columns,
    /// and the games of all parts countable in 64 bits.
    pub fn validate(&self) -> Result<(), Invalid> {
        let Some(first) = self.parts.first() else {
            return invalid("a plan of no part");
        };
        let mut games = 0u64;
        for (i, p) in self.parts.iter().enumerate() {
            p.run
                .validate()
                .map_err(|e| Invalid(format!("part {i}: {e}")))?;
            let same = p.values.len() == first.values.len()
                && p.values.iter().zip(&first.values).all(|(a, b)| a.0 == b.0);
            if !same {
                return invalid(format!("part {i} has other value columns than part 0"));
            }
            games = games
                .checked_add(p.run.games())
                .ok_or_else(|| Invalid("more games than a plan can count (2^64)".to_string()))?;
        }
        Ok(())
    }
}

impl Shard {
    /// Check a shard read from a file: `index < count`.
    pub fn validate(&self) -> Result<(), Invalid> {
        Shard::new(self.index, self.count)
            .map(|_| ())
            .map_err(|e| Invalid(e.0))
    }
}

impl Totals {
    /// Check totals read from a file against the run they count and the
    /// number of its games they claim to hold: one tally per seat and per
    /// bot, the paired comparison and pairwise results of the shape
    /// [`Totals::new`] gives, counts within what `games` games allow, and
    /// every index in range.
    pub fn validate(&self, spec: &RunSpec, games: u64) -> Result<(), Invalid> {
        let fresh = Totals::new(spec);
        if self.games != games {
            return invalid(format!("totals of {} games for {games}", self.games));
        }
        if self.seats.len() != fresh.seats.len() || self.bots.len() != fresh.bots.len() {
            return invalid(format!(
                "totals of {} seats and {} bots for {} and {}",
                self.seats.len(),
                self.bots.len(),
                fresh.seats.len(),
                fresh.bots.len()
            ));
        }
        let within = |what: &str, n: u64, per_game: u64| match games.checked_mul(per_game) {
            Some(most) if n > most => invalid(format!("{what} {n} in {games} games")),
            _ => Ok(()),
        };
        within("ties", self.ties, 1)?;
        within("games with a margin", self.margin_games, 1)?;
        within("decisions", self.plies_sum, u64::from(u32::MAX))?;
        within("turns", self.turns_sum, u64::from(u32::MAX))?;
        if let Some(s) = self.seats.iter().find(|s| s.games != games) {
            return invalid(format!("a seat of {} games in {games}", s.games));
        }
        let seat_games = self
            .bots
            .iter()
            .try_fold(0u64, |a, b| a.checked_add(b.games));
        if seat_games != games.checked_mul(spec.players as u64) {
            return invalid("the bots' games are not the seats' games");
        }
        for t in self.seats.iter().chain(&self.bots) {
            let within = |what: &str, n: u64, per_game: u64| match t.games.checked_mul(per_game) {
                Some(most) if n > most => invalid(format!("{what} {n} in {} seat-games", t.games)),
                _ => Ok(()),
            };
            within("seat wins", t.won, 1)?;
            within("win shares", t.wins60, super::shares::SHARE_UNIT)?;
            within("ranks", t.rank_sum, MAX_SEATS as u64)?;
        }
        if self.extras_sum.len() != self.extras_sq.len() || self.extras_sum.len() > MAX_EXTRAS {
            return invalid("game-specific sums of another shape");
        }
        let d = &self.by_deal;
        if d.games_per_deal != spec.games_per_deal() || d.extras.len() > MAX_EXTRAS {
            return invalid("sums per deal of another shape");
        }
        let sums = [&d.ties, &d.plies, &d.turns, &d.margin]
            .into_iter()
            .chain(&d.extras)
            .chain(
                self.seats
                    .iter()
                    .chain(&self.bots)
                    .flat_map(|t| [&t.wins_by_deal, &t.score_by_deal]),
            );
        for s in sums {
            if s.clusters > games || s.n > games.saturating_mul(MAX_SEATS as u64) {
                return invalid(format!("sums of {} deals in {games} games", s.clusters));
            }
        }
        let bad_part = d.open.values().any(|o| {
            o.games == 0
                || o.games >= d.games_per_deal
                || o.seats.len() != self.seats.len()
                || o.bots.len() != self.bots.len()
                || o.extras.len() > MAX_EXTRAS
        });
        if bad_part || d.open.len() as u64 > games {
            return invalid("an open deal of the sums per deal out of range");
        }
        match (&self.paired, &fresh.paired) {
            (None, None) => {}
            (Some(p), Some(f)) => {
                if (p.seats_a, p.seats_b, p.rotations, p.levels.len())
                    != (f.seats_a, f.seats_b, f.rotations, f.levels.len())
                {
                    return invalid("a paired comparison of another shape");
                }
                if p.deals > games
                    || p.levels.iter().try_fold(0u64, |a, &b| a.checked_add(b)) != Some(p.deals)
                {
                    return invalid("paired deal counts that do not add up");
                }
                let most = p.comparisons().saturating_mul(2);
                let bad = p.open.values().any(|o| {
                    o.seen == 0
                        || o.seen >= p.rotations
                        || o.half_points > most.saturating_mul(o.seen)
                });
                if bad || p.open.len() as u64 > games {
                    return invalid("an open deal of the paired comparison out of range");
                }
            }
            _ => {
                return invalid(
                    "a paired comparison where the run has none, or none where it has one",
                );
            }
        }
        match (&self.pairs, &fresh.pairs) {
            (None, None) => Ok(()),
            (Some(p), Some(_)) => check_pairs(p, self.bots.len(), games),
            _ => invalid("pairwise results where the run has none, or none where it has them"),
        }
    }

    /// Add the totals of another part of the same run, as
    /// [`Totals::merge`], for totals read from files: an error instead of
    /// a panic when they are not of one shape or a sum overflows (`self`
    /// is then unchanged).
    pub fn try_merge(&mut self, other: &Totals) -> Result<(), Invalid> {
        let overflow = || Invalid("the totals overflow when added".to_string());
        if self.seats.len() != other.seats.len()
            || self.bots.len() != other.bots.len()
            || self.paired.is_some() != other.paired.is_some()
            || self.pairs.is_some() != other.pairs.is_some()
            || other.extras_sum.len() != other.extras_sq.len()
            || self.extras_sum.len() != self.extras_sq.len()
        {
            return invalid("totals of another shape");
        }
        let mut sum = self.clone();
        macro_rules! add {
            ($a:expr, $b:expr) => {
                $a = $a.checked_add($b).ok_or_else(overflow)?
            };
        }
        add!(sum.games, other.games);
        add!(sum.ties, other.ties);
        add!(sum.plies_sum, other.plies_sum);
        add!(sum.plies_sq, other.plies_sq);
        add!(sum.turns_sum, other.turns_sum);
        add!(sum.turns_sq, other.turns_sq);
        add!(sum.margin_games, other.margin_games);
        add!(sum.margin_sum, other.margin_sum);
        add!(sum.margin_sq, other.margin_sq);
        if sum.extras_sum.len() < other.extras_sum.len() {
            sum.extras_sum.resize(other.extras_sum.len(), 0);
            sum.extras_sq.resize(other.extras_sq.len(), 0);
        }
        for (i, (&v, &q)) in other.extras_sum.iter().zip(&other.extras_sq).enumerate() {
            add!(sum.extras_sum[i], v);
            add!(sum.extras_sq[i], q);
        }
        for (a, b) in sum
            .seats
            .iter_mut()
            .zip(&other.seats)
            .chain(sum.bots.iter_mut().zip(&other.bots))
        {
            add!(a.games, b.games);
            add!(a.wins60, b.wins60);
            add!(a.won, b.won);
            add!(a.score_sum, b.score_sum);
            add!(a.score_sq, b.score_sq);
            add!(a.rank_sum, b.rank_sum);
            a.wins_by_deal = a
                .wins_by_deal
                .checked_merge(&b.wins_by_deal)
                .ok_or_else(overflow)?;
            a.score_by_deal = a
                .score_by_deal
                .checked_merge(&b.score_by_deal)
                .ok_or_else(overflow)?;
        }
        sum.merge_deal_sums(&other.by_deal)
            .ok_or_else(|| Invalid("sums per deal that overflow or do not fit".to_string()))?;
        if let (Some(p), Some(q)) = (sum.paired.as_mut(), other.paired.as_ref()) {
            let seats = MAX_SEATS as u64;
            let levels = PairedTotals::level_count(
                p.seats_a.min(seats),
                p.seats_b.min(seats),
                p.rotations.min(seats),
            );
            if p.levels.len() != q.levels.len()
                || (p.seats_a, p.seats_b, p.rotations) != (q.seats_a, q.seats_b, q.rotations)
                || p.levels.len() != levels
            {
                return invalid("paired comparisons of another shape");
            }
            add!(p.deals, q.deals);
            add!(p.sum, q.sum);
            add!(p.sq, q.sq);
            for (a, &b) in p.levels.iter_mut().zip(&q.levels) {
                add!(*a, b);
            }
            for (&deal, &part) in &q.open {
                let seen = p.open.get(&deal).map_or(0, |o| o.seen);
                let half = p.open.get(&deal).map_or(0, |o| o.half_points);
                let (seen, half) = (
                    seen.checked_add(part.seen).ok_or_else(overflow)?,
                    half.checked_add(part.half_points).ok_or_else(overflow)?,
                );
                if seen > p.rotations || half > p.comparisons().saturating_mul(2 * seen) {
                    return invalid(format!("deal {deal} counted twice"));
                }
                let w = p
                    .open
                    .get(&deal)
                    .map_or(0, |o| o.sum)
                    .checked_add(part.sum)
                    .ok_or_else(overflow)?;
                if seen == p.rotations {
                    // What `add_part` adds when the deal becomes whole.
                    p.deals.checked_add(1).ok_or_else(overflow)?;
                    p.sum.checked_add(w).ok_or_else(overflow)?;
                    p.sq.checked_add(i128::from(w) * i128::from(w))
                        .ok_or_else(overflow)?;
                }
                p.add_part(deal, part);
            }
        }
        if let (Some(p), Some(q)) = (sum.pairs.as_mut(), other.pairs.as_ref()) {
            for (&deal, results) in &q.deals {
                let list = p.deals.entry(deal).or_default();
                for r in results {
                    if let Some(x) = list.iter().find(|x| (x.a, x.b) == (r.a, r.b)) {
                        x.a_wins.checked_add(r.a_wins).ok_or_else(overflow)?;
                        x.ties.checked_add(r.ties).ok_or_else(overflow)?;
                        x.b_wins.checked_add(r.b_wins).ok_or_else(overflow)?;
                    }
                }
                p.add(deal, results);
            }
        }
        *self = sum;
        Ok(())
    }
}

/// Pairwise results: indices `a < b` of bots of the run, at most `games`
/// deals.
fn check_pairs(p: &PairTotals, bots: usize, games: u64) -> Result<(), Invalid> {
    if p.deals.len() as u64 > games {
        return invalid("pairwise results of more deals than games");
    }
    let bad = |r: &PairResult| r.a >= r.b || r.b >= bots;
    if p.deals.values().flatten().any(bad) {
        return invalid("a pairwise result of bots outside the run");
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use crate::tournament::{Count, RunSpec, RunSpecError, Shard, Totals};

    fn run(deals: u64) -> RunSpec {
        let lineup = ["a".to_string(), "b".to_string()];
        RunSpec::new("pebbles", 2, &lineup, Count::Deals(deals), 1, true).unwrap()
    }

    #[test]
    fn deals_whose_games_overflow_are_refused() {
        let lineup = ["a".to_string(), "b".to_string()];
        let e = RunSpec::new("pebbles", 2, &lineup, Count::Deals(1 << 63), 1, true).unwrap_err();
        assert_eq!(
            e,
            RunSpecError::TooMany {
                deals: 1 << 63,
                per_deal: 2
            }
        );
        let mut spec = run(3);
        spec.deals = u64::MAX;
        assert!(
            spec.validate()
                .unwrap_err()
                .0
                .contains("more games than a run can count")
        );
        spec.deals = 3;
        spec.players = usize::MAX;
        assert_eq!(
            spec.validate().unwrap_err().0,
            format!("{} players (a game has 1 to 5)", usize::MAX)
        );
        assert!(Shard { index: 3, count: 3 }.validate().is_err());
        assert!(Shard { index: 0, count: 0 }.validate().is_err());
    }

    #[test]
    fn totals_of_another_shape_or_count_are_refused_and_overflow_is_an_error() {
        let spec = run(3);
        let fresh = Totals::new(&spec);
        assert_eq!(fresh.validate(&spec, 0), Ok(()));
        assert_eq!(
            fresh.validate(&spec, 1).unwrap_err().0,
            "totals of 0 games for 1"
        );
        let mut short = fresh.clone();
        short.seats.pop();
        assert_eq!(
            short.validate(&spec, 0).unwrap_err().0,
            "totals of 1 seats and 2 bots for 2 and 2"
        );
        let mut big = fresh.clone();
        big.ties = u64::MAX;
        let mut sum = big.clone();
        assert_eq!(
            sum.try_merge(&big).unwrap_err().0,
            "the totals overflow when added"
        );
        assert_eq!(sum, big, "unchanged after an error");
        let mut other = fresh.clone();
        other.bots.pop();
        assert_eq!(
            sum.try_merge(&other).unwrap_err().0,
            "totals of another shape"
        );
    }
}
