//! Comebacks: the winners trailed at mid-game.

use super::super::definition::{IntervalKind, MetricDefinition, PerPly};
use super::super::per_ply::{Ply, PlyObserver};
use super::super::row::three;
use crate::game::SeatSet;
use crate::stats::equivalence::Direction;

/// The share of games won from behind: at mid-game (position `T / 2`,
/// rounded down, of a game of `T` decisions: the setup for a game of
/// one) no winner was among the leaders. A winner tied for the lead is
/// not behind; on a shared win every winner must have been behind; a game
/// nobody won, and a solo game, is no comeback.
pub const COMEBACK_RATE: MetricDefinition = MetricDefinition {
    name: "comeback_rate",
    words: "share of comeback",
    unit: "fraction of games",
    columns: &["comeback_rate", "comeback_low95", "comeback_high95"],
    interval: IntervalKind::Bounds,
    decimals: 4,
    direction: Direction::Neither,
    value: |r| r.observed_share("comeback_rate").map(three),
    summary: None,
    per_ply: Some(PerPly {
        game_column: "comeback",
        game_decimals: 0,
        observer: || Box::new(Comeback::default()),
    }),
};

/// [`COMEBACK_RATE`]'s observer of one game: the leaders of every
/// position (mid-game is known only at the end).
#[derive(Default)]
struct Comeback {
    leaders: Vec<SeatSet>,
}

impl PlyObserver for Comeback {
    fn start(&mut self, _scores: &[i32], leaders: SeatSet) {
        self.leaders.reserve(64);
        self.leaders.push(leaders);
    }

    fn ply(&mut self, ply: &Ply<'_>) {
        self.leaders.push(ply.leaders);
    }

    fn value(&self, winners: SeatSet) -> i64 {
        let plies = self.leaders.len().saturating_sub(1);
        let mid = self.leaders.get(plies / 2).copied().unwrap_or_default();
        i64::from(!winners.is_empty() && mid.0 & winners.0 == 0)
    }
}
