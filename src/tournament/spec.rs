//! The description of a run: [`RunSpec`] (game, lineups, deals, seed,
//! rotation) and how many games it plays ([`Count`]).

use std::fmt;

use serde::{Deserialize, Serialize};

use crate::rng::deal_seed;

/// How many games a run plays: a number of games (a multiple of the
/// rotations) or a number of deals.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Count {
    /// This many games.
    Games(u64),
    /// This many deals, each played once per rotation.
    Deals(u64),
}

/// Why a [`RunSpec`] cannot be built.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RunSpecError {
    /// The lineup has neither one spec nor one per seat.
    Lineup {
        /// Specs given.
        given: usize,
        /// Players.
        players: usize,
    },
    /// The game count is not a multiple of the rotations.
    GamesNotMultiple {
        /// Games asked for.
        games: u64,
        /// Rotations per deal.
        rotations: u64,
    },
    /// Zero games or zero deals.
    Empty,
    /// More games than a run can count: deals × games per deal overflows
    /// 64 bits.
    TooMany {
        /// Deals asked for.
        deals: u64,
        /// Games per deal.
        per_deal: u64,
    },
}

impl fmt::Display for RunSpecError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RunSpecError::Lineup { given, players } => write!(
                f,
                "{given} bot specs for {players} players (give one spec per seat, or one for every seat)"
            ),
            RunSpecError::GamesNotMultiple { games, rotations } => {
                let lower = games / rotations * rotations;
                let upper = lower + rotations;
                write!(
                    f,
                    "{games} games is not a multiple of the {rotations} seat rotations of each deal \
                     (use {} or {upper} games, --deals {}, or --no-rotate)",
                    if lower == 0 { *rotations } else { lower },
                    (games / rotations).max(1)
                )
            }
            RunSpecError::Empty => write!(f, "a run needs at least one game (and one deal)"),
            RunSpecError::TooMany { deals, per_deal } => write!(
                f,
                "{deals} deals x {per_deal} games per deal is more games than a run can count \
                 (at most {} deals)",
                u64::MAX / per_deal
            ),
        }
    }
}

impl std::error::Error for RunSpecError {}

/// A whole run, serializable: everything that decides its games.
///
/// A run has one lineup (a tournament) or several (a league: one per
/// pairing). Every deal is played by every lineup under each of its
/// rotations, lineup by lineup: game `g` is deal `g / G` where `G` is
/// [`RunSpec::games_per_deal`], and within a deal the games go through the
/// lineups in order, each under its rotations in order.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct RunSpec {
    /// The canonical game spec.
    pub game: String,
    /// Number of players.
    pub players: usize,
    /// The lineups: one canonical bot spec per seat each (position `i` is
    /// seat `i` in rotation 0).
    pub lineups: Vec<Vec<String>>,
    /// Number of deals.
    pub deals: u64,
    /// The run seed.
    pub seed: u64,
    /// Whether deals are played under every rotation of a lineup (only
    /// matters for a lineup of two or more distinct specs).
    pub rotate: bool,
    /// Keep the pairwise results of every deal ([`Totals::pairs`](super::Totals::pairs), what
    /// ratings are fitted from) although the run has one lineup: a league
    /// of two bots at two players. Runs of several lineups keep them
    /// anyway. Written only when set.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub pairwise: bool,
    /// Measure the game-quality metrics (lead changes, drama,
    /// decisiveness, comebacks, branching: [`crate::metrics::quality`]):
    /// every game is played through their per-ply observers, and their
    /// columns are added to `games.csv` and `metrics.csv`. Opt-in
    /// (`--quality`), so that runs without it write what they always
    /// wrote and pay nothing; written only when set.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub quality: bool,
}

impl RunSpec {
    /// A run of `count` games or deals; `lineup` holds one spec per seat or
    /// one for every seat (canonical specs, as the caller's bot factory
    /// knows them; seated by [`crate::seating`]'s rule).
    pub fn new(
        game: &str,
        players: usize,
        lineup: &[String],
        count: Count,
        seed: u64,
        rotate: bool,
    ) -> Result<RunSpec, RunSpecError> {
        let lineup =
            crate::seating::fill_every_seat(lineup, players).map_err(|e| RunSpecError::Lineup {
                given: e.given,
                players,
            })?;
        RunSpec::with_lineups(game, players, vec![lineup], count, seed, rotate)
    }

    /// A run of several lineups (each of `players` specs), every deal
    /// played by each of them; `count` counts games of the whole run.
    pub fn with_lineups(
        game: &str,
        players: usize,
        lineups: Vec<Vec<String>>,
        count: Count,
        seed: u64,
        rotate: bool,
    ) -> Result<RunSpec, RunSpecError> {
        if let Some(bad) = lineups.iter().find(|l| l.len() != players || l.is_empty()) {
            return Err(RunSpecError::Lineup {
                given: bad.len(),
                players,
            });
        }
        if lineups.is_empty() {
            return Err(RunSpecError::Empty);
        }
        RunSpec {
            game: game.to_string(),
            players,
            lineups,
            deals: 1,
            seed,
            rotate,
            pairwise: false,
            quality: false,
        }
        .with_count(count)
    }

    /// The same run with `count` games or deals (refused as
    /// [`RunSpec::new`] refuses it).
    pub fn with_count(mut self, count: Count) -> Result<RunSpec, RunSpecError> {
        let per_deal = self.games_per_deal();
        self.deals = match count {
            Count::Deals(0) | Count::Games(0) => return Err(RunSpecError::Empty),
            Count::Deals(d) if d.checked_mul(per_deal).is_none() => {
                return Err(RunSpecError::TooMany { deals: d, per_deal });
            }
            Count::Deals(d) => d,
            Count::Games(g) if g % per_deal == 0 => g / per_deal,
            Count::Games(games) => {
                return Err(RunSpecError::GamesNotMultiple {
                    games,
                    rotations: per_deal,
                });
            }
        };
        Ok(self)
    }

    /// The distinct specs of the lineups, in order of first appearance.
    pub fn bots(&self) -> Vec<String> {
        let mut bots: Vec<String> = Vec::new();
        for b in self.lineups.iter().flatten() {
            if !bots.contains(b) {
                bots.push(b.clone());
            }
        }
        bots
    }

    /// The first (for a tournament, the only) lineup.
    pub fn lineup(&self) -> &[String] {
        &self.lineups[0]
    }

    /// Rotations of lineup `l` per deal: the number of players when
    /// rotating a lineup of two or more distinct specs, else 1.
    pub fn lineup_rotations(&self, l: usize) -> u64 {
        let lineup = &self.lineups[l];
        if self.rotate && lineup.iter().any(|s| *s != lineup[0]) {
            self.players as u64
        } else {
            1
        }
    }

    /// Rotations per deal of a one-lineup run (the first lineup's).
    pub fn rotations(&self) -> u64 {
        self.lineup_rotations(0)
    }

    /// Games per deal: the rotations of every lineup.
    pub fn games_per_deal(&self) -> u64 {
        (0..self.lineups.len())
            .map(|l| self.lineup_rotations(l))
            .sum()
    }

    /// Games in the run: deals × games per deal.
    pub fn games(&self) -> u64 {
        self.deals * self.games_per_deal()
    }

    /// Game `index` as (deal, lineup, rotation).
    pub fn locate(&self, index: u64) -> (u64, usize, u64) {
        let per_deal = self.games_per_deal();
        let (deal, mut within) = (index / per_deal, index % per_deal);
        for l in 0..self.lineups.len() {
            let r = self.lineup_rotations(l);
            if within < r {
                return (deal, l, within);
            }
            within -= r;
        }
        unreachable!("within a deal")
    }

    /// The spec of lineup `l` playing `seat` in `rotation`.
    pub fn seat_spec(&self, l: usize, rotation: u64, seat: usize) -> &str {
        let n = self.players;
        &self.lineups[l][(seat + n - (rotation as usize % n)) % n]
    }

    /// The seed of game `index` (its deal's seed).
    pub fn game_seed(&self, index: u64) -> u64 {
        deal_seed(self.seed, index / self.games_per_deal())
    }
}
