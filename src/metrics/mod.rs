//! Balance metrics, one definition each ([`MetricDefinition`]; TAG's
//! metric listeners are the model): a metric's columns of `metrics.csv`,
//! its value on a row, its interval, its direction for `compare.csv`'s
//! verdicts, how it prints in a sweep's summary and, for a metric of every
//! ply, its per-ply observer ([`PlyObserver`]). The game-quality metrics
//! ([`quality`]: lead changes, drama, decisiveness, comebacks, branching)
//! are metrics of every ply, measured only when a run asks for them. `metrics.csv`'s columns and
//! rows ([`crate::sweep::metrics_rows`]), compare's metrics
//! ([`crate::compare::Metric`]) and the printed summaries all come from
//! [`registry::METRICS`].
//!
//! Layering: this module knows no totals. A row's quantities come through
//! [`MetricRow`], which the writers of `metrics.csv` implement on a run's
//! totals, and the tournament's game loop asks [`quality`] for its
//! observers; so `tournament` depends on `metrics`, never the other way.

mod definition;
pub mod per_ply;
pub mod registry;
mod row;

pub mod quality;

pub use definition::{IntervalKind, MetricDefinition, PerPly, SummaryColumn};
pub use per_ply::{Ply, PlyObserver, leaders_of};
pub use row::{Interval, MetricRow};

#[cfg(test)]
#[path = "registry_tests.rs"]
mod tests;
