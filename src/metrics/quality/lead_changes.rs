//! Lead changes: how often the sole leader changes in a game.

use super::super::definition::{IntervalKind, MetricDefinition, PerPly};
use super::super::per_ply::{Ply, PlyObserver};
use super::scaled;
use crate::game::{Seat, SeatSet};
use crate::stats::equivalence::Direction;

/// The mean number of lead changes per game. A game's count: the
/// positions after a decision whose leader is one seat (it leads alone)
/// other than the last seat to lead alone before it (the setup
/// included). A tie for the lead changes nothing and forgets nothing: a
/// lead passed from seat 0 to seat 1 through a tie is one change, a lead
/// that seat 0 regains after a tie none. Shared wins and the final winners
/// play no part; a solo game has none.
pub const LEAD_CHANGES: MetricDefinition = MetricDefinition {
    name: "mean_lead_changes",
    words: "mean lead changes",
    unit: "",
    columns: &["mean_lead_changes", "lead_changes_ci95"],
    interval: IntervalKind::HalfWidth,
    decimals: 3,
    direction: Direction::Neither,
    value: |r| r.observed("mean_lead_changes").map(|v| scaled(v, 0)),
    summary: None,
    per_ply: Some(PerPly {
        game_column: "lead_changes",
        game_decimals: 0,
        observer: || Box::new(LeadChanges::default()),
    }),
};

/// [`LEAD_CHANGES`]' observer of one game.
#[derive(Default)]
struct LeadChanges {
    /// The last seat to lead alone.
    leader: Option<Seat>,
    /// Changes of that seat so far.
    changes: i64,
}

impl LeadChanges {
    fn see(&mut self, leaders: SeatSet) {
        if leaders.len() != 1 {
            return;
        }
        let leader = leaders.iter().next();
        if self.leader.is_some() && self.leader != leader {
            self.changes += 1;
        }
        self.leader = leader;
    }
}

impl PlyObserver for LeadChanges {
    fn start(&mut self, _scores: &[i32], leaders: SeatSet) {
        self.see(leaders);
    }

    fn ply(&mut self, ply: &Ply<'_>) {
        self.see(ply.leaders);
    }

    fn value(&self, _winners: SeatSet) -> i64 {
        self.changes
    }
}
