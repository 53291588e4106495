//! `metrics.csv`: the balance metrics of every combination of a plan, one
//! column group per metric of [`crate::metrics::registry::METRICS`], then
//! the game's own metrics ([`crate::game::Game::extra_metrics`]), then,
//! for a plan that measures them ([`Plan::quality`]), the game-quality
//! metrics ([`crate::metrics::quality::QUALITY_METRICS`]).

use crate::game::{ExtraMetric, MetricKind};
use crate::metrics::quality::{self, QUALITY_METRICS};
use crate::metrics::registry::{self, METRICS};
use crate::metrics::{Interval, MetricRow};
use crate::tournament::rows::field;
use crate::tournament::{Plan, SeatFairness, Tally, Totals};

/// The header of `metrics.csv` for `plan` and the game's own metrics.
pub fn metrics_header(plan: &Plan, extra: &[ExtraMetric]) -> String {
    let mut header: Vec<String> = plan.value_columns().iter().map(|c| field(c)).collect();
    header.extend(registry::metrics_columns().iter().map(|c| c.to_string()));
    for m in extra {
        header.push(m.name.to_string());
        match m.kind {
            MetricKind::Mean | MetricKind::PerPlayer => {
                header.push(format!("{}_ci95", m.name.trim_start_matches("mean_")))
            }
            MetricKind::Share => {
                let stem = m.name.trim_end_matches("_share");
                header.push(format!("{stem}_low95"));
                header.push(format!("{stem}_high95"));
            }
        }
    }
    if plan.quality() {
        header.extend(quality::metrics_columns().iter().map(|c| c.to_string()));
    }
    header.join(",") + "\n"
}

/// The rows of `metrics.csv` (after [`metrics_header`]): per combination,
/// one row per seat (its bot, or `(rotated)` when the lineup rotates),
/// then, when the lineup mixes bots, one row per bot over every seat it
/// held (`seat` = `all`). The combination's game-level metrics (ties,
/// length, margin, the best and worst seat, the game's own) are on each of
/// its rows; a seat's `seat_ratio` on its row. On the bot rows of a lineup
/// of two distinct bots, `paired_diff` is the bot's win share minus the
/// other's, paired per deal (the rotations of a deal together), with the
/// half-width of its 95% interval, and `skill_elo` the bot's Bradley-Terry
/// Elo against the other from their pairwise results. Intervals:
/// docs/statistics.md.
pub fn metrics_rows(plan: &Plan, totals: &[Totals], extra: &[ExtraMetric]) -> String {
    let mut out = String::new();
    for (part, t) in plan.parts.iter().zip(totals) {
        let lead: String = part.values.iter().map(|(_, v)| field(v) + ",").collect();
        let own = game_own_metrics(t, part.run.players, extra);
        let fairness = t.seat_fairness();
        let rotated = part.run.rotations() > 1;
        let bots = part.run.bots();
        let quality_metrics = if part.run.quality {
            QUALITY_METRICS
        } else {
            &[]
        };
        let mut push = |seat: &str, bot: &str, row: &CombinationRow<'_>| {
            out.push_str(&lead);
            out.push_str(seat);
            out.push(',');
            out.push_str(&field(bot));
            for m in METRICS {
                out.push_str(&m.cells(row));
            }
            out.push_str(&own);
            for m in quality_metrics {
                out.push_str(&m.cells(row));
            }
            out.push('\n');
        };
        for seat in 0..t.seats.len() {
            let bot = if rotated {
                "(rotated)".to_string()
            } else {
                part.run.lineup()[seat].clone()
            };
            let row = CombinationRow::new(t, fairness.as_ref(), RowOf::Seat(seat), bots.len())
                .measuring_quality(part.run.quality);
            push(&seat.to_string(), &bot, &row);
        }
        if bots.len() > 1 {
            for (i, bot) in bots.iter().enumerate() {
                let row = CombinationRow::new(t, fairness.as_ref(), RowOf::Bot(i), bots.len())
                    .measuring_quality(part.run.quality);
                push("all", bot, &row);
            }
        }
    }
    out
}

/// Which row of a combination.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum RowOf {
    /// A seat.
    Seat(usize),
    /// A bot (its index in the run's bots) over every seat it held.
    Bot(usize),
}

/// One row of a combination of `metrics.csv`, as its metrics read it.
struct CombinationRow<'a> {
    totals: &'a Totals,
    tally: &'a Tally,
    fairness: Option<&'a SeatFairness>,
    row: RowOf,
    bots: usize,
    /// Whether the run measured the quality metrics.
    quality: bool,
}

impl<'a> CombinationRow<'a> {
    /// Row `row` of the combination of totals `totals` (its seat fairness
    /// `fairness`, [`Totals::seat_fairness`]) with `bots` distinct bots.
    fn new(
        totals: &'a Totals,
        fairness: Option<&'a SeatFairness>,
        row: RowOf,
        bots: usize,
    ) -> CombinationRow<'a> {
        let tally = match row {
            RowOf::Seat(s) => &totals.seats[s],
            RowOf::Bot(b) => &totals.bots[b],
        };
        CombinationRow {
            totals,
            tally,
            fairness,
            row,
            bots,
            quality: false,
        }
    }

    /// The same row, of a run that measured the quality metrics or not.
    fn measuring_quality(self, quality: bool) -> CombinationRow<'a> {
        CombinationRow { quality, ..self }
    }

    /// Where quality metric `name`'s values are among the totals'
    /// game-specific values: after the game's own, when the run measured
    /// them.
    fn observed_index(&self, name: &str) -> Option<usize> {
        if !self.quality {
            return None;
        }
        let k = quality::position(name)?;
        Some(
            self.totals
                .extras_sum
                .len()
                .checked_sub(QUALITY_METRICS.len())?
                + k,
        )
    }

    /// A bot row's index, for a lineup of several bots.
    fn bot(&self) -> Option<usize> {
        match self.row {
            RowOf::Bot(b) if self.bots > 1 => Some(b),
            _ => None,
        }
    }
}

impl MetricRow for CombinationRow<'_> {
    fn games(&self) -> u64 {
        self.tally.games
    }

    fn win_share(&self) -> Interval {
        self.tally.win_share()
    }

    fn score(&self) -> (f64, f64) {
        self.tally.score()
    }

    fn tie_interval(&self) -> Interval {
        self.totals.tie_interval()
    }

    fn tie_rate(&self) -> f64 {
        self.totals.tie_rate()
    }

    fn plies(&self) -> Interval {
        let (mean, sd) = self.totals.plies();
        (mean, sd, self.totals.plies_ci95())
    }

    fn turns(&self) -> Interval {
        let (mean, sd) = self.totals.turns();
        (mean, sd, self.totals.turns_ci95())
    }

    fn margin(&self) -> Option<(f64, f64)> {
        self.totals.margin()
    }

    fn paired_difference(&self) -> Option<(f64, f64)> {
        let i = self.bot()?;
        let (d, h) = self
            .totals
            .paired
            .as_ref()
            .filter(|p| p.deals > 0)?
            .difference();
        // The first bot's difference; the second's its negation.
        let sign = if i == 0 { 1.0 } else { -1.0 };
        Some((sign * d + 0.0, h))
    }

    fn seat_ratio(&self) -> Option<Interval> {
        match self.row {
            RowOf::Seat(s) => self.fairness.map(|f| f.seats[s]),
            RowOf::Bot(_) => None,
        }
    }

    fn max_seat_ratio(&self) -> Option<Interval> {
        self.fairness.map(|f| f.max_ratio)
    }

    fn min_seat_ratio(&self) -> Option<Interval> {
        self.fairness.map(|f| f.min_ratio)
    }

    fn seat_gap(&self) -> Option<Interval> {
        self.fairness.map(|f| f.gap)
    }

    fn skill_elo(&self) -> Option<Interval> {
        let i = self.bot()?;
        let paired = self.totals.paired.as_ref().filter(|p| p.deals > 0)?;
        let (e, low, high) = paired.skill_elo()?;
        // The second bot's Elo is the first's negation.
        Some(if i == 0 {
            (e, low, high)
        } else {
            (-e + 0.0, -high + 0.0, -low + 0.0)
        })
    }

    fn observed(&self, name: &str) -> Option<(f64, f64)> {
        self.totals.extra(self.observed_index(name)?)
    }

    fn observed_share(&self, name: &str) -> Option<Interval> {
        self.totals.extra_share(self.observed_index(name)?)
    }
}

/// The summary of a combination for the terminal (each cell with its
/// leading space): [`registry::summary_cells`] of its seat-0 row.
pub fn summary_cells(totals: &Totals) -> String {
    let fairness = totals.seat_fairness();
    let row = CombinationRow::new(totals, fairness.as_ref(), RowOf::Seat(0), 1);
    registry::summary_cells(&row)
}

/// The game-quality metrics of a run that measured them
/// ([`crate::tournament::RunSpec::quality`]), from its totals: each
/// metric of [`QUALITY_METRICS`] with its values (as in `metrics.csv`:
/// the mean and its half-width, or the share and its bounds).
pub fn quality_values(totals: &Totals) -> Vec<(&'static str, Option<Vec<f64>>)> {
    let row = CombinationRow::new(totals, None, RowOf::Seat(0), 1).measuring_quality(true);
    QUALITY_METRICS
        .iter()
        .map(|m| (m.name, (m.value)(&row)))
        .collect()
}

/// The game's own metrics of a combination (each with its leading comma).
fn game_own_metrics(t: &Totals, players: usize, extra: &[ExtraMetric]) -> String {
    let mut text = String::new();
    for m in extra {
        match m.kind {
            MetricKind::Mean => match t.extra(m.column) {
                Some((mean, h)) => text.push_str(&format!(",{mean:.3},{h:.3}")),
                None => text.push_str(",,"),
            },
            MetricKind::PerPlayer => match t.extra(m.column) {
                Some((mean, h)) => {
                    let p = players as f64;
                    text.push_str(&format!(",{:.3},{:.3}", mean / p, h / p));
                }
                None => text.push_str(",,"),
            },
            MetricKind::Share => match t.extra_share(m.column) {
                Some((share, low, high)) => {
                    text.push_str(&format!(",{share:.4},{low:.4},{high:.4}"))
                }
                None => text.push_str(",,,"),
            },
        }
    }
    text
}
