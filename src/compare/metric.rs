//! The metrics a comparison reports, with their names, directions and decimals.

use crate::metrics::MetricDefinition;
use crate::metrics::{quality, registry};
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
    /// Game quality: the mean number of lead changes per game.
    LeadChanges,
    /// Game quality: the mean drama (how far behind the winner was).
    Drama,
    /// Game quality: the mean decisiveness (the share of the game after
    /// which the winner always led).
    Decisiveness,
    /// Game quality: the share of games whose winner trailed at mid-game.
    ComebackRate,
    /// Game quality: the mean legal moves per decision.
    Branching,
}

impl Metric {
    /// Every metric, in the order of `compare.csv`'s rows.
    pub const ALL: [Metric; 12] = [
        Metric::SeatRatio,
        Metric::MaxSeatRatio,
        Metric::MinSeatRatio,
        Metric::SeatGap,
        Metric::TieRate,
        Metric::MeanTurns,
        Metric::SkillElo,
        Metric::LeadChanges,
        Metric::Drama,
        Metric::Decisiveness,
        Metric::ComebackRate,
        Metric::Branching,
    ];

    /// The game-quality metrics, in the order of their columns of
    /// `games.csv` ([`crate::metrics::quality::QUALITY_METRICS`]): compared
    /// when the runs measured them (`--quality`).
    pub const QUALITY: [Metric; 5] = [
        Metric::LeadChanges,
        Metric::Drama,
        Metric::Decisiveness,
        Metric::ComebackRate,
        Metric::Branching,
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
            Metric::LeadChanges => &quality::LEAD_CHANGES,
            Metric::Drama => &quality::DRAMA,
            Metric::Decisiveness => &quality::DECISIVENESS,
            Metric::ComebackRate => &quality::COMEBACK_RATE,
            Metric::Branching => &quality::BRANCHING,
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
