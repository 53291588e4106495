//! What the games say of each candidate: for each quantity of the goal,
//! the moments of its per-deal values (a deal's value: the mean over its
//! rotated games), merged over rounds.

use super::goal::Quantity;
use crate::compare::SeatRow;

/// Moments of one quantity's per-deal values.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Moments {
    /// Deals.
    pub deals: u64,
    /// Sum of the per-deal values.
    pub sum: f64,
    /// Sum of their squares.
    pub sum_sq: f64,
    /// Deals whose value is not 0 (for a paired difference: the deals
    /// where the two candidates differ).
    pub nonzero: u64,
}

impl Moments {
    /// Add one deal's value.
    pub fn add(&mut self, value: f64) {
        self.deals += 1;
        self.sum += value;
        self.sum_sq += value * value;
        if value != 0.0 {
            self.nonzero += 1;
        }
    }

    /// The mean per-deal value (0 without deals).
    pub fn mean(&self) -> f64 {
        if self.deals == 0 {
            0.0
        } else {
            self.sum / self.deals as f64
        }
    }

    /// The sample variance of the per-deal values (0 below two deals).
    pub fn variance(&self) -> f64 {
        if self.deals < 2 {
            return 0.0;
        }
        let n = self.deals as f64;
        ((self.sum_sq - self.sum * self.sum / n) / (n - 1.0)).max(0.0)
    }

    /// The standard error of the mean (infinite below two deals).
    pub fn standard_error(&self) -> f64 {
        if self.deals < 2 {
            return f64::INFINITY;
        }
        let n = self.deals as f64;
        let variance = ((self.sum_sq - self.sum * self.sum / n) / (n - 1.0)).max(0.0);
        (variance / n).sqrt()
    }
}

/// A candidate's evidence: the moments of each quantity of the goal (in
/// [`super::Goal::quantities`]' order).
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Evidence {
    /// One per quantity.
    pub moments: Vec<Moments>,
}

impl Evidence {
    /// No deals yet, for `count` quantities.
    pub fn new(count: usize) -> Evidence {
        Evidence {
            moments: vec![Moments::default(); count],
        }
    }

    /// Deals seen (those of the first quantity: every quantity sees every
    /// deal).
    pub fn deals(&self) -> u64 {
        self.moments.first().map_or(0, |m| m.deals)
    }

    /// Add one deal's values (in the quantities' order).
    pub fn add_deal(&mut self, values: &[f64]) {
        for (m, &v) in self.moments.iter_mut().zip(values) {
            m.add(v);
        }
    }
}

/// The per-deal values of `quantities` over one deal's rows (every seat
/// of every game of the deal, in file order) at `players` seats. A skill
/// quantity's value is that of the lineup's first bot (the duel's
/// stronger one when these are a duel's games; the caller reads each
/// skill quantity from its duel's games only).
pub fn deal_values(rows: &[SeatRow], players: usize, quantities: &[Quantity]) -> Vec<f64> {
    let mut games = 0u64;
    let mut ties = 0u64;
    let mut turns = 0.0;
    let mut quality = [0.0; crate::tournament::QUALITY_COUNT];
    let mut shares = vec![0.0; players];
    let mut current: Option<u64> = None;
    let mut winners = 0;
    // The win share of the lineup's first bot (a duel's stronger one).
    let mut first_bot = 0.0;
    for row in rows {
        if current != Some(row.game) {
            if current.is_some() && winners >= 2 {
                ties += 1;
            }
            current = Some(row.game);
            winners = 0;
            games += 1;
            turns += row.turns;
            for (q, v) in quality.iter_mut().zip(row.quality) {
                *q += v;
            }
        }
        if row.won {
            winners += 1;
        }
        if let Some(s) = shares.get_mut(row.seat) {
            *s += row.win_share;
        }
        if row.seat as u64 == row.rotation % players.max(1) as u64 {
            first_bot += row.win_share;
        }
    }
    if current.is_some() && winners >= 2 {
        ties += 1;
    }
    let g = games.max(1) as f64;
    quantities
        .iter()
        .map(|q| match *q {
            Quantity::SeatRatio(s) => players as f64 * shares.get(s).copied().unwrap_or(0.0) / g,
            Quantity::TieRate => ties as f64 / g,
            Quantity::Turns => turns / g,
            Quantity::Quality(i) => quality[i] / g,
            Quantity::Skill { .. } => players as f64 * first_bot / g,
        })
        .collect()
}
