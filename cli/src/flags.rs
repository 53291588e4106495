//! Flags several commands share, flattened into each with
//! `#[command(flatten)]`: the seed ([`SeedArg`]) and a run's count
//! ([`CountArgs`]: `--games` or `--deals`). Each is defined once, with one
//! name, default and range; a command words its own help for them with
//! `#[command(mut_arg("seed", |a| a.help("...")))]`. The threads are
//! [`crate::runs::RunControl`]'s.

use beachcomber::rng::DEFAULT_SEED;
use beachcomber_store::build::PlayText;
use beachcomber_store::counts::{Deals, Games};
use clap::Args;

/// `--seed S`, [`DEFAULT_SEED`] unless given.
#[derive(Args, Debug, Clone, Copy)]
pub struct SeedArg {
    /// Run seed.
    #[arg(long, value_name = "S", default_value_t = DEFAULT_SEED)]
    seed: u64,
}

impl SeedArg {
    /// The seed.
    pub fn get(self) -> u64 {
        self.seed
    }
}

/// `--games G` or `--deals D` (at most one), each at least 1
/// ([`Games::RANGE`], [`Deals::RANGE`]).
#[derive(Args, Debug, Clone, Copy)]
pub struct CountArgs {
    /// Number of games.
    #[arg(long, value_name = "G", conflicts_with = "deals")]
    pub games: Option<Games>,
    /// Number of deals.
    #[arg(long, value_name = "D")]
    pub deals: Option<Deals>,
}

impl CountArgs {
    /// The store builder's play settings of a command that takes these
    /// counts and `seed`, rotated unless `no_rotate`, measuring quality if
    /// `quality`.
    pub fn play_text(self, seed: SeedArg, no_rotate: bool, quality: bool) -> PlayText {
        PlayText::new(
            self.games.map(Games::get),
            self.deals.map(Deals::get),
            seed.get(),
            !no_rotate,
            quality,
        )
    }
}
