//! Sweeps: every combination of game options, player counts and lineups,
//! played as one [`Plan`], and the balance metrics of each combination.
//!
//! # Varying an option
//!
//! [`Vary`] parses `KEY=VALUES`. `KEY` is any option of the game's spec
//! (`removed`, `scoring`, `max_turns`), or `OPTION.KIND` for one count of a
//! `KIND:N,...` list option (`deck.Shell` sets the Shells of Shell Dash's
//! deck, the other kinds keep their counts). `VALUES` are separated by
//! commas; each is a value (`simple`), or an integer range `LO..=HI` or
//! `LO..HI` with an optional step `:STEP` (`0..=50:5` is 0, 5, ..., 50).
//!
//! # Lineups
//!
//! A lineup is one spec for every seat, one per seat, or one against the
//! rest (`A,B` at three or more players: A in seat 0, B in every other);
//! lineup.rs expands the notation into one spec per seat for the one seat
//! rule of [`crate::seating`].
//!
//! # Seeds and common random numbers
//!
//! Every combination is a run with the sweep's seed: deal `d` of every
//! combination is dealt from the same seed. Combinations that differ only
//! in something that does not change the setup shuffle (Seashells' `mode`
//! and `scoring`, Shell Dash's `max_turns` and `reshuffle`, the lineup) play
//! exactly the same deals, so the differences between them are measured
//! with less noise (common random numbers). Options that change the setup
//! (`removed`, the deck, the player count) give other deals.

mod error;
mod expand;
mod lineup;
mod metrics_csv;
mod set_option;
mod vary;

pub use error::SweepError;
pub use expand::{Combination, LAST_COLUMNS, SweepCount, SweepSpec, concat_plans};
pub use metrics_csv::{metrics_header, metrics_rows, quality_values, summary_cells};
pub use vary::{MAX_VALUES, Vary, parse_player_counts};

/// Most combinations a sweep plays unless told otherwise (`--force`).
pub const DEFAULT_MAX_COMBINATIONS: usize = 10_000;

#[cfg(test)]
mod tests;
