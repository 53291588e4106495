//! The metrics a comparison reports, with their names, directions and decimals.

use crate::metrics::MetricDefinition;
use crate::metrics::registry;
use crate::stats::equivalence::Direction;

/// A metric compared with the baseline.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Metric {
    /// A seat's players × win share (1 = fair).
    SeatRatio,
    /// The best seat's ratio.
    MaxSeatRatio,
    /// The worst seat's ratio.
    MinSeatRatio,
    /// Best minus worst seat's win share.
    SeatGap,
    /// A bot's Bradley-Terry Elo against the other bot of its lineup.
    SkillElo,
    /// The mean length in turns.
    MeanTurns,
    /// The share of games with a shared win.
    TieRate,
}

impl Metric {
    /// Every metric, in the order of `compare.csv`'s rows.
    pub const ALL: [Metric; 7] = [
        Metric::SeatRatio,
        Metric::MaxSeatRatio,
        Metric::MinSeatRatio,
        Metric::SeatGap,
        Metric::TieRate,
        Metric::MeanTurns,
        Metric::SkillElo,
    ];

    /// Its one definition ([`crate::metrics::registry`]).
    pub fn definition(self) -> &'static MetricDefinition {
        match self {
            Metric::SeatRatio => &registry::SEAT_RATIO,
            Metric::MaxSeatRatio => &registry::MAX_SEAT_RATIO,
            Metric::MinSeatRatio => &registry::MIN_SEAT_RATIO,
            Metric::SeatGap => &registry::SEAT_GAP,
            Metric::SkillElo => &registry::SKILL_ELO,
            Metric::MeanTurns => &registry::MEAN_TURNS,
            Metric::TieRate => &registry::TIE_RATE,
        }
    }

    /// Its name (a column of `metrics.csv`, and a margin's key).
    pub fn name(self) -> &'static str {
        self.definition().name
    }

    /// The metric called `name`.
    pub fn from_name(name: &str) -> Option<Metric> {
        Metric::ALL.into_iter().find(|m| m.name() == name)
    }

    /// Which way it is better: seat ratios toward 1, skill higher, the gap
    /// lower, length and ties neither.
    pub fn direction(self) -> Direction {
        self.definition().direction
    }

    /// Decimals written (as in `metrics.csv`).
    pub(super) fn decimals(self) -> usize {
        self.definition().decimals
    }
}
