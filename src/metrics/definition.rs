//! One metric's definition ([`MetricDefinition`]).

use super::per_ply::PlyObserver;
use super::row::MetricRow;
use crate::stats::equivalence::Direction;

/// What a metric's interval columns hold.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum IntervalKind {
    /// No interval (a count).
    None,
    /// The half-width of the 95% interval (`NAME_ci95`).
    HalfWidth,
    /// The standard deviation, then the half-width of the mean's 95%
    /// interval.
    SdAndHalfWidth,
    /// The 95% interval's bounds (`NAME_low95`, `NAME_high95`).
    Bounds,
}

/// One column of a sweep's printed summary.
#[derive(Clone, Copy, Debug)]
pub struct SummaryColumn {
    /// The header.
    pub header: &'static str,
    /// The header's width (right-aligned).
    pub width: usize,
    /// The cell of a combination, given its seat-0 row (padded).
    pub cell: fn(&dyn MetricRow) -> String,
}

/// One metric: everything every output needs to know of it.
#[derive(Clone, Copy, Debug)]
pub struct MetricDefinition {
    /// Its name: its first column of `metrics.csv`, its name in
    /// `compare.csv` and a margin's key.
    pub name: &'static str,
    /// What it means in words, for plots' titles, axes and legends
    /// (`share of wins`).
    pub words: &'static str,
    /// Its unit in words (`fraction of games`), empty when it has none.
    pub unit: &'static str,
    /// Its columns of `metrics.csv`, the name first.
    pub columns: &'static [&'static str],
    /// What its columns after the first hold.
    pub interval: IntervalKind,
    /// Decimals written (in `metrics.csv` and `compare.csv`).
    pub decimals: usize,
    /// Which way it is better, for verdicts.
    pub direction: Direction,
    /// Its values on a row, one per column; `None` when the row has none
    /// (the columns are left empty).
    pub value: fn(&dyn MetricRow) -> Option<Vec<f64>>,
    /// Its column of a sweep's printed summary, if it has one.
    pub summary: Option<SummaryColumn>,
    /// For a metric of every ply (the game-quality metrics,
    /// [`super::quality`]): its observer and its column of `games.csv`.
    pub per_ply: Option<PerPly>,
}

/// What a metric of every ply adds: an observer of each game, and the
/// game's value in `games.csv`.
#[derive(Clone, Copy, Debug)]
pub struct PerPly {
    /// Its column of `games.csv` (on every row of the game).
    pub game_column: &'static str,
    /// The game's value is an integer in units of `10^-game_decimals`
    /// (rounded once per game, so that sums are exact), written with that
    /// many decimals in `games.csv`.
    pub game_decimals: u8,
    /// A fresh observer of one game; its values per game are what
    /// [`MetricRow::observed`] summarises.
    pub observer: fn() -> Box<dyn PlyObserver>,
}

impl MetricDefinition {
    /// Its cells of one row, each with its leading comma.
    pub fn cells(&self, row: &dyn MetricRow) -> String {
        match (self.value)(row) {
            Some(values) => {
                debug_assert_eq!(values.len(), self.columns.len(), "{}", self.name);
                let d = self.decimals;
                values.iter().map(|v| format!(",{v:.d$}")).collect()
            }
            None => ",".repeat(self.columns.len()),
        }
    }
}
