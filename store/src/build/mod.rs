//! Text to typed specs, one builder per run kind: the command line's flags
//! and Python's keywords give the same text (game spec, lineups, vary
//! strings, counts, comparison settings) and get the same spec, or the same
//! refusal naming the setting ([`Key`]) in each front end's own words
//! ([`Names`]: `--deals: ...` on the command line, `deals: ...` in Python).
//!
//! - [`tournament`]: a tournament's run, bots and sequential test;
//! - [`league`]: a league's spec and bots, and its check;
//! - [`sweep`]: a sweep's spec and bots, and its expansion;
//! - [`compare`]: a sweep's comparison (baseline, margins, trends, seats).
//!
//! The defaults are the constants the front ends show: [`DEFAULT_GAMES`],
//! [`DEFAULT_BOTS`], [`beachcomber::rng::DEFAULT_SEED`],
//! [`beachcomber::league::DEFAULT_GAMES_PER_PAIRING`],
//! [`beachcomber::league::DEFAULT_RESAMPLES`] and
//! [`beachcomber::sweep::DEFAULT_MAX_COMBINATIONS`].

pub mod compare;
mod error;
pub mod league;
pub mod sweep;
pub mod tournament;

pub use crate::planned::DEFAULT_GAMES;
pub use error::{BuildError, Why};

use beachcomber::games::AnyGame;
use beachcomber::spec_files::resolve_spec_files;

/// The lineup a tournament seats, and a sweep plays, when none is given.
pub const DEFAULT_BOTS: &str = "random";

/// Which front end's words a refusal uses.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Names {
    /// The command line's: `--deals`, `--games-per-pairing`.
    Flags,
    /// Python's keywords: `deals`, `games_per_pairing`.
    Keywords,
}

/// A setting a refusal names.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Key {
    /// The game spec.
    Game,
    /// The player count(s).
    Players,
    /// The lineup(s) or bots.
    Bots,
    /// The game count.
    Games,
    /// The deal count.
    Deals,
    /// A varied option (`KEY=VALUES`).
    Vary,
    /// The sequential test's bounds.
    Sprt,
    /// A league's games per pairing.
    GamesPerPairing,
    /// A league's bootstrap resamples.
    Resamples,
    /// The comparison's baseline.
    Baseline,
    /// A comparison's margin.
    Margin,
    /// A trend line.
    Trend,
    /// The seats compared.
    Seats,
}

impl Key {
    /// The setting's keyword (Python's), e.g. `games_per_pairing`.
    pub fn keyword(self) -> &'static str {
        match self {
            Key::Game => "game",
            Key::Players => "players",
            Key::Bots => "bots",
            Key::Games => "games",
            Key::Deals => "deals",
            Key::Vary => "vary",
            Key::Sprt => "sprt",
            Key::GamesPerPairing => "games_per_pairing",
            Key::Resamples => "resamples",
            Key::Baseline => "baseline",
            Key::Margin => "margin",
            Key::Trend => "trend",
            Key::Seats => "seats",
        }
    }

    /// The setting's flag (the command line's), e.g. `--games-per-pairing`.
    pub fn flag(self) -> &'static str {
        match self {
            Key::Game => "--game",
            Key::Players => "--players",
            Key::Bots => "--bots",
            Key::Games => "--games",
            Key::Deals => "--deals",
            Key::Vary => "--vary",
            Key::Sprt => "--sprt",
            Key::GamesPerPairing => "--games-per-pairing",
            Key::Resamples => "--resamples",
            Key::Baseline => "--baseline",
            Key::Margin => "--margin",
            Key::Trend => "--trend",
            Key::Seats => "--seats",
        }
    }

    /// The setting's name in `names`' words.
    pub fn name(self, names: Names) -> &'static str {
        match names {
            Names::Flags => self.flag(),
            Names::Keywords => self.keyword(),
        }
    }
}

/// The game spec `spec` (the files it names read inline, as every game
/// spec a user gives) for `players`: the resolved spec and the game.
pub fn game(spec: &str, players: usize, names: Names) -> Result<(String, AnyGame), BuildError> {
    let resolved = resolved_game(spec, names)?;
    let game = AnyGame::from_spec(&resolved, players)
        .map_err(|e| BuildError::new(names, Key::Game, Why::Game(e)))?;
    Ok((resolved, game))
}

/// The game spec `spec` with the files it names read inline.
pub fn resolved_game(spec: &str, names: Names) -> Result<String, BuildError> {
    resolve_spec_files(spec).map_err(|e| BuildError::new(names, Key::Game, Why::Game(e)))
}

/// How a tournament or a sweep plays its games, as given.
#[derive(Clone, Copy, Debug)]
pub struct PlayText {
    /// Games (per combination of a sweep; at most one of games and deals;
    /// neither: [`DEFAULT_GAMES`], a tournament's rounded up to whole deals).
    pub games: Option<u64>,
    /// Deals, each played once per rotation of the lineup.
    pub deals: Option<u64>,
    /// The run seed.
    pub seed: u64,
    /// Rotate lineups through the seats.
    pub rotate: bool,
    /// Measure the game-quality metrics.
    pub quality: bool,
}

impl PlayText {
    /// The settings in the order the flags and keywords give them.
    pub fn new(
        games: Option<u64>,
        deals: Option<u64>,
        seed: u64,
        rotate: bool,
        quality: bool,
    ) -> PlayText {
        PlayText {
            games,
            deals,
            seed,
            rotate,
            quality,
        }
    }
}

/// A run's count: games or deals (at most one, neither zero), `None` when
/// neither is given (the run's default).
pub(crate) fn count(
    games: Option<u64>,
    deals: Option<u64>,
    names: Names,
) -> Result<Option<Count>, BuildError> {
    match (games, deals) {
        (Some(_), Some(_)) => Err(BuildError::unkeyed(names, Why::GamesAndDeals)),
        (_, Some(0)) => Err(BuildError::new(names, Key::Deals, Why::NoDeal)),
        (Some(0), _) => Err(BuildError::new(names, Key::Games, Why::NoGame)),
        (_, Some(d)) => Ok(Some(Count::Deals(d))),
        (Some(g), None) => Ok(Some(Count::Games(g))),
        (None, None) => Ok(None),
    }
}

/// Games or deals, as given.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Count {
    /// So many games.
    Games(u64),
    /// So many deals.
    Deals(u64),
}

#[cfg(test)]
mod tests;
