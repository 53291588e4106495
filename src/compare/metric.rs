//! The metrics a comparison reports, with their names, directions and decimals.

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

    /// Its name (a column of `metrics.csv`, and a margin's key).
    pub fn name(self) -> &'static str {
        match self {
            Metric::SeatRatio => "seat_ratio",
            Metric::MaxSeatRatio => "max_seat_ratio",
            Metric::MinSeatRatio => "min_seat_ratio",
            Metric::SeatGap => "seat_gap",
            Metric::SkillElo => "skill_elo",
            Metric::MeanTurns => "mean_turns",
            Metric::TieRate => "tie_rate",
        }
    }

    /// The metric called `name`.
    pub fn from_name(name: &str) -> Option<Metric> {
        Metric::ALL.into_iter().find(|m| m.name() == name)
    }

    /// Which way it is better: seat ratios toward 1, skill higher, the gap
    /// lower, length and ties neither.
    pub fn direction(self) -> Direction {
        match self {
            Metric::SeatRatio | Metric::MaxSeatRatio | Metric::MinSeatRatio => Direction::TowardOne,
            Metric::SeatGap => Direction::Lower,
            Metric::SkillElo => Direction::Higher,
            Metric::MeanTurns | Metric::TieRate => Direction::Neither,
        }
    }

    /// Decimals written (as in `metrics.csv`).
    pub(super) fn decimals(self) -> usize {
        match self {
            Metric::SkillElo => 1,
            Metric::MeanTurns => 3,
            _ => 4,
        }
    }
}
