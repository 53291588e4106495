//! Decisiveness: how much of the game was played before the winners
//! took the lead for good.

use super::super::definition::{IntervalKind, MetricDefinition, PerPly};
use super::super::per_ply::{Ply, PlyObserver};
use super::{PerWinnerSet, fixed, scaled};
use crate::game::SeatSet;
use crate::stats::equivalence::Direction;

/// Decimals of a game's decisiveness in `games.csv` (its unit 1/10,000).
const DECIMALS: u8 = 4;

/// The mean decisiveness per game: the share of the game (in decisions)
/// after which the final winners always held the lead (every leader a
/// winner), as Ludii's `DecisivenessMoves` measures the moves before the
/// winner is decided. A game of `T` decisions whose winners hold the
/// lead from position `d` to the end has `d / T`: 0 when they led from
/// the setup on, 1 when they took the lead only with the last decision.
/// A game whose last position the winners do not hold alone (a win on
/// the Sun tie-break, a forfeit, nobody winning) has 1: it was decided
/// only at the end. Lower is decided earlier.
pub const DECISIVENESS: MetricDefinition = MetricDefinition {
    name: "mean_decisiveness",
    words: "mean decisiveness",
    unit: "",
    columns: &["mean_decisiveness", "decisiveness_ci95"],
    interval: IntervalKind::HalfWidth,
    decimals: 4,
    direction: Direction::Neither,
    value: |r| r.observed("mean_decisiveness").map(|v| scaled(v, DECIMALS)),
    summary: None,
    per_ply: Some(PerPly {
        game_column: "decisiveness",
        game_decimals: DECIMALS,
        observer: || Box::new(Decisiveness::new()),
    }),
};

/// [`DECISIVENESS`]' observer of one game: for every set of seats that
/// may turn out to be the winners, the last position it did not hold the
/// lead (-1 for none).
struct Decisiveness {
    last_lost: PerWinnerSet<i64>,
    /// Decisions so far.
    plies: i64,
}

impl Decisiveness {
    fn new() -> Decisiveness {
        Decisiveness {
            last_lost: PerWinnerSet::new(-1),
            plies: 0,
        }
    }

    fn see(&mut self, players: usize, leaders: SeatSet, position: i64) {
        self.last_lost.players = players;
        for mask in self.last_lost.masks() {
            if leaders.0 as usize & !mask != 0 {
                self.last_lost.values[mask] = position;
            }
        }
    }
}

impl PlyObserver for Decisiveness {
    fn start(&mut self, scores: &[i32], leaders: SeatSet) {
        self.see(scores.len(), leaders, 0);
    }

    fn ply(&mut self, ply: &Ply<'_>) {
        self.plies = i64::from(ply.number);
        self.see(ply.scores.len(), ply.leaders, self.plies);
    }

    fn value(&self, winners: SeatSet) -> i64 {
        let from = (self.last_lost.values[winners.0 as usize] + 1).min(self.plies);
        fixed(from, self.plies, DECIMALS)
    }
}
