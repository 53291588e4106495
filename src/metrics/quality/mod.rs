//! The game-quality metrics, one definition each (after Browne's thesis
//! and Ludii's metrics; docs/statistics.md "Game-quality metrics"):
//! [`LEAD_CHANGES`], [`DRAMA`], [`DECISIVENESS`], [`COMEBACK_RATE`] and
//! [`BRANCHING`]. Each is a metric of every ply: its observer sees each
//! game's running scores ([`crate::game::Game::running_scores`]) at the
//! setup and after every decision, and gives the game's value, written in
//! `games.csv`; `metrics.csv` gives each combination's mean (or share)
//! with its deal-clustered interval.
//!
//! Common terms. Position `t` is the game after `t` of its `T` decisions
//! (position 0 the setup). The *leaders* of a position are the seats with
//! the best running score (several on a tie for the lead). The *winners*
//! are the game's final winners ([`crate::game::Outcome::winners`]: a
//! tie-break or a forfeit decides them, several on a shared win, none
//! when nobody won). The winners *hold the lead* at a position when every
//! leader is a winner.
//!
//! They are opt-in ([`crate::tournament::RunSpec::quality`]): a run
//! without them plays no observer and writes none of their columns.

mod branching;
mod comeback;
mod decisiveness;
mod drama;
mod lead_changes;

pub use branching::BRANCHING;
pub use comeback::COMEBACK_RATE;
pub use decisiveness::DECISIVENESS;
pub use drama::DRAMA;
pub use lead_changes::LEAD_CHANGES;

use super::definition::MetricDefinition;
use super::per_ply::PlyObserver;

/// The game-quality metrics, in the order of their columns (after the
/// game's own, in `games.csv` and `metrics.csv`).
pub const QUALITY_METRICS: &[MetricDefinition] =
    &[LEAD_CHANGES, DRAMA, DECISIVENESS, COMEBACK_RATE, BRANCHING];

/// A fresh observer of one game for each metric of [`QUALITY_METRICS`],
/// in order.
pub fn observers() -> Vec<Box<dyn PlyObserver>> {
    QUALITY_METRICS
        .iter()
        .filter_map(|m| m.per_ply.map(|p| (p.observer)()))
        .collect()
}

/// Their columns of `games.csv`, in order.
pub fn game_columns() -> Vec<&'static str> {
    QUALITY_METRICS
        .iter()
        .filter_map(|m| m.per_ply.map(|p| p.game_column))
        .collect()
}

/// The decimals of each of [`game_columns`] (its unit is `10^-decimals`).
pub fn game_decimals() -> Vec<u8> {
    QUALITY_METRICS
        .iter()
        .filter_map(|m| m.per_ply.map(|p| p.game_decimals))
        .collect()
}

/// Their columns of `metrics.csv`, in order.
pub fn metrics_columns() -> Vec<&'static str> {
    QUALITY_METRICS
        .iter()
        .flat_map(|m| m.columns.iter().copied())
        .collect()
}

/// The place of metric `name` among [`QUALITY_METRICS`] (its value's
/// place among a game's observed values).
pub fn position(name: &str) -> Option<usize> {
    QUALITY_METRICS.iter().position(|m| m.name == name)
}

/// `numerator / denominator` in units of `10^-decimals`, rounded half
/// up (both non-negative; 0 when `denominator` is 0): a game's fractional
/// value as an exact integer.
pub(crate) fn fixed(numerator: i64, denominator: i64, decimals: u8) -> i64 {
    if denominator <= 0 {
        return 0;
    }
    let unit = 10i128.pow(u32::from(decimals));
    let (n, d) = (i128::from(numerator), i128::from(denominator));
    ((2 * n * unit + d) / (2 * d)) as i64
}

/// A game's values in units of `10^-decimals` as a metric's `(mean,
/// half-width)`.
fn scaled((mean, half): (f64, f64), decimals: u8) -> Vec<f64> {
    let unit = 10f64.powi(i32::from(decimals));
    vec![mean / unit, half / unit]
}

/// Sums over every set of seats (a bit mask, `0..1 << players`), updated
/// ply by ply: what [`drama`] and [`decisiveness`] keep for each possible
/// set of final winners, known only at the end.
#[derive(Clone, Debug)]
struct PerWinnerSet<T> {
    /// Seats in the game.
    players: usize,
    /// By mask.
    values: [T; 1 << crate::game::MAX_SEATS],
}

impl<T: Copy> PerWinnerSet<T> {
    fn new(initial: T) -> PerWinnerSet<T> {
        PerWinnerSet {
            players: 0,
            values: [initial; 1 << crate::game::MAX_SEATS],
        }
    }

    /// The masks of the game's seats.
    fn masks(&self) -> std::ops::Range<usize> {
        0..1 << self.players
    }
}

#[cfg(test)]
mod tests;
