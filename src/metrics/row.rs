//! What a metric reads of one row of `metrics.csv` ([`MetricRow`]).

/// A value with its 95% interval: `(value, low, high)`.
pub type Interval = (f64, f64, f64);

/// An interval's three cells (value, low, high), in that order: the
/// values of a metric with [`super::definition::IntervalKind::Bounds`].
pub(super) fn three((v, low, high): Interval) -> Vec<f64> {
    vec![v, low, high]
}

/// The quantities of one row of `metrics.csv` (a seat of a combination,
/// or a bot over every seat it held) that metrics are defined on. Methods
/// without a value on this kind of row return `None`.
pub trait MetricRow {
    /// The row's seat-games.
    fn games(&self) -> u64;
    /// The row's win share with its interval.
    fn win_share(&self) -> Interval;
    /// The row's mean score and the half-width of its 95% interval.
    fn score(&self) -> (f64, f64);
    /// The combination's share of games with a shared win, with its interval.
    fn tie_interval(&self) -> Interval;
    /// The combination's share of games with a shared win (the point
    /// estimate: ties over games).
    fn tie_rate(&self) -> f64;
    /// The combination's mean length in decisions: mean, standard
    /// deviation, half-width of the mean's 95% interval.
    fn plies(&self) -> Interval;
    /// The combination's mean length in turns, as [`MetricRow::plies`].
    fn turns(&self) -> Interval;
    /// The combination's mean winning margin and its half-width.
    fn margin(&self) -> Option<(f64, f64)>;
    /// A bot row's win share minus the other bot's, paired per deal, and
    /// its half-width.
    fn paired_difference(&self) -> Option<(f64, f64)>;
    /// A seat row's players × win share (1 = fair).
    fn seat_ratio(&self) -> Option<Interval>;
    /// The combination's best seat's ratio.
    fn max_seat_ratio(&self) -> Option<Interval>;
    /// The combination's worst seat's ratio.
    fn min_seat_ratio(&self) -> Option<Interval>;
    /// The combination's best minus worst seat's win share.
    fn seat_gap(&self) -> Option<Interval>;
    /// A bot row's Bradley-Terry Elo against the other bot of its lineup.
    fn skill_elo(&self) -> Option<Interval>;
    /// The combination's mean per-game value of the per-ply metric `name`
    /// ([`crate::metrics::PlyObserver::value`], in its integer units) and
    /// the half-width of its 95% interval (cluster-robust by deal when a
    /// deal holds several games); `None` when the run did not measure it.
    fn observed(&self, name: &str) -> Option<(f64, f64)>;
    /// The combination's share of games whose 0/1 per-ply metric `name`
    /// is 1, with its 95% interval (Wilson's when every deal is one game,
    /// else cluster-robust by deal); `None` when the run did not measure
    /// it.
    fn observed_share(&self, name: &str) -> Option<Interval>;
}
