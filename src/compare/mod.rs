//! Comparisons of a sweep's combinations with a baseline combination
//! (`compare.csv`): each metric's value, the baseline's, their difference
//! with its 95% interval, whether it was paired by deal, the margin and the
//! verdict of the metric's declared test ([`crate::stats::decision`]:
//! `equivalent` by TOST, `non-inferior`, `superior`).
//!
//! # What is compared
//!
//! - `seat_ratio`, seat by seat (players × the seat's win share), only
//!   against a baseline of the same player count, or the seats a criterion
//!   names ([`Seats`]) at any player count; its better side is that of the
//!   change in distance from 1 ([`crate::stats::selection`]);
//! - `max_seat_ratio`, `min_seat_ratio` (the best and the worst seat) and
//!   `seat_gap` (best minus worst win share): at any player count, as
//!   selections from the data: max-of-mins intervals over every seat
//!   contrast they could select (`extremes.rs`);
//! - `tie_rate` and `mean_turns`: at any player count;
//! - `skill_elo`, per bot, for a lineup of two distinct bots against a
//!   baseline with the same two bots (from the two combinations' totals,
//!   standard errors from their intervals' widths).
//!
//! # Paired and unpaired differences
//!
//! Deal `d` of every combination of a sweep is dealt from the same seed
//! (common random numbers). When every deal of a combination has a deal of
//! the baseline with the same number and seed (and the two have as many
//! deals), the difference of a per-deal metric (a seat's win share, ties,
//! length) is *paired*: the mean of the per-deal differences of the two
//! combinations' deal means, with the standard error of that mean
//! (`s / √D`). Otherwise it is unpaired: the two estimates' cluster-robust
//! (by deal) standard errors combined, `√(se₁² + se₂²)`. The best and worst
//! seat and the seat gap combine their contrasts' errors the same way, from
//! the seats' per-deal means (`joint.rs`); skill Elo is always unpaired.
//!
//! The games are read in one pass for the baseline's deals and a second for
//! every combination ([`Comparer`]), one row at a time: memory grows with
//! the baseline's deals, not with the games. Formulas and a worked example:
//! docs/statistics.md.

mod csv;
mod error;
mod extremes;
mod joint;
mod matching;
mod metric;
mod power;
mod seats;
mod spec;
mod streaming;
pub mod trend;

pub use csv::COMPARE_COLUMNS;
pub use error::CompareError;
pub use matching::baseline_parts;
pub use metric::Metric;
pub use power::{PlannedPower, planned_power};
pub use seats::Seats;
pub use spec::{CompareSpec, parse_pairs};
pub use streaming::{CompareFiles, Comparer, SeatRow};

#[cfg(test)]
mod tests;
