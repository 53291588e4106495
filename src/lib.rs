#![deny(missing_docs)]
//! # beachcomber
//!
//! Fast, allocation-free engines for three beach-themed tabletop games
//! (*Seashells*, *Seaside*, *Shell Dash*), one game-agnostic API ([`game::Game`])
//! that bots and the tournament runner use, spec-string parsing, seeded
//! randomness, JSON Lines game records and tournament statistics.
//!
//! The library knows nothing of any particular bot: bots implement
//! [`bot::Bot`] in the `beachcomber-bots` crate.

pub mod atomic_file;
pub mod bot;
pub mod compare;
pub mod display;
pub mod encode;
pub mod game;
pub mod games;
pub mod league;
pub mod learn;
pub mod metrics;
pub mod move_input;
pub mod names;
pub mod observe;
pub mod one_line;
pub mod progress;
pub mod record;
pub mod regular_file;
pub mod rng;
pub mod runner;
pub mod search;
pub mod seating;
pub mod spec;
pub mod spec_files;
pub mod spec_label;
pub mod stats;
pub mod suggest;
pub mod sweep;
#[cfg(feature = "testing")]
pub mod testing;
pub mod tournament;

pub use game::{Game, MAX_SEATS, Outcome, PlayError, Seat, SeatSet};
pub use rng::GameRng;
