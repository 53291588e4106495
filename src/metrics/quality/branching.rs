//! The branching factor: legal moves per decision.

use super::super::definition::{IntervalKind, MetricDefinition, PerPly};
use super::super::per_ply::{Ply, PlyObserver};
use super::{fixed, scaled};
use crate::game::SeatSet;
use crate::stats::equivalence::Direction;

/// Decimals of a game's branching factor in `games.csv` (its unit
/// 1/10,000).
const DECIMALS: u8 = 4;

/// The mean branching factor: per game, the mean number of legal actions
/// over its decisions (forced decisions, with one, included, as records
/// write them), then the mean over games (as Ludii's `BranchingFactor`
/// averages). Winners, ties and mid-game play no part.
pub const BRANCHING: MetricDefinition = MetricDefinition {
    name: "mean_branching",
    words: "mean branching",
    unit: "",
    columns: &["mean_branching", "branching_ci95"],
    interval: IntervalKind::HalfWidth,
    decimals: 3,
    direction: Direction::Neither,
    value: |r| r.observed("mean_branching").map(|v| scaled(v, DECIMALS)),
    summary: None,
    per_ply: Some(PerPly {
        game_column: "branching",
        game_decimals: DECIMALS,
        observer: || Box::new(Branching::default()),
    }),
};

/// [`BRANCHING`]'s observer of one game.
#[derive(Default)]
struct Branching {
    /// Legal actions summed over the decisions so far.
    choices: i64,
    /// Decisions so far.
    plies: i64,
}

impl PlyObserver for Branching {
    fn ply(&mut self, ply: &Ply<'_>) {
        self.choices += i64::from(ply.choices);
        self.plies += 1;
    }

    fn value(&self, _winners: SeatSet) -> i64 {
        fixed(self.choices, self.plies, DECIMALS)
    }
}
