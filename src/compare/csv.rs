//! `compare.csv`'s rows: each metric of each combination against its
//! baseline, computed from the sums read ([`Comparer`]) and formatted, and
//! the points `trends.csv` is fitted to.

use super::streaming::{FloatClusters, SEAT0, TIES, TURNS, close};
use super::{CompareFiles, Comparer, Metric, trend};
use crate::stats::equivalence::{self, normal_quantile};
use crate::tournament::rows::field;
use crate::tournament::{Plan, Totals};

/// The columns of `compare.csv` after the plan's value columns.
pub const COMPARE_COLUMNS: &str = "seat,bot,metric,value,baseline_value,diff,diff_low95,\
diff_high95,paired,margin,verdict";

/// One row after the value columns.
#[allow(clippy::too_many_arguments)]
fn row_text(
    seat: &str,
    bot: &str,
    metric: Metric,
    value: f64,
    baseline: f64,
    c: &equivalence::Comparison,
    paired: bool,
    margin: Option<f64>,
) -> String {
    let d = metric.decimals();
    let f = |x: f64| format!("{:.d$}", x + 0.0);
    format!(
        "{seat},{},{},{},{},{},{},{},{paired},{},{}",
        field(bot),
        metric.name(),
        f(value),
        f(baseline),
        f(c.diff),
        f(c.low95),
        f(c.high95),
        margin.map_or(String::new(), |m| m.to_string()),
        c.verdict
    )
}

impl Comparer {
    /// `compare.csv` (header included) and `trends.csv`, after both
    /// passes; `totals` (the parts' totals, for skill Elo) in the plan's
    /// order.
    pub fn finish_files(mut self, plan: &Plan, totals: &[Totals]) -> CompareFiles {
        self.finish_baseline();
        for part in 0..self.parts.len() {
            if let Some((n, deal)) = close(&mut self.parts[part].open) {
                self.fold(part, n, &deal);
            }
        }
        let mut out: Vec<String> = plan.value_columns().iter().map(|c| field(c)).collect();
        out.push(COMPARE_COLUMNS.to_string());
        let mut text = out.join(",") + "\n";
        for (p, part) in plan.parts.iter().enumerate() {
            let lead: String = part.values.iter().map(|(_, v)| field(v) + ",").collect();
            for row in self.part_rows(plan, totals, p) {
                text.push_str(&lead);
                text.push_str(&row);
                text.push('\n');
            }
        }
        let specs = self.spec.trends_of(plan);
        let trends = (!specs.is_empty()).then(|| {
            let points: Vec<Vec<trend::Point>> = (0..plan.parts.len())
                .map(|p| self.part_points(plan, totals, p))
                .collect();
            trend::trends_csv(plan, &specs, &points)
        });
        CompareFiles {
            compare: text,
            trends,
        }
    }

    /// The metrics of part `p` with their own standard errors (for
    /// trends): each seat's ratio, ties, length, and skill Elo per bot.
    fn part_points(&self, plan: &Plan, totals: &[Totals], p: usize) -> Vec<trend::Point> {
        let mine = &self.parts[p];
        let mut out = Vec::new();
        if mine.own.is_empty() {
            return out;
        }
        let run = &plan.parts[p].run;
        let players = self.players[p];
        let point = |seat: String, bot: String, metric: Metric, c: &FloatClusters, scale: f64| {
            trend::Point {
                seat,
                bot,
                metric,
                value: scale * c.mean(),
                se: scale * c.standard_error(),
            }
        };
        if players >= 2 {
            for seat in 0..players {
                let bot = if run.rotations() > 1 {
                    "(rotated)".to_string()
                } else {
                    run.lineup()[seat].clone()
                };
                out.push(point(
                    seat.to_string(),
                    bot,
                    Metric::SeatRatio,
                    &mine.own[SEAT0 + seat],
                    players as f64,
                ));
            }
        }
        let all = || "all".to_string();
        out.push(point(all(), all(), Metric::TieRate, &mine.own[TIES], 1.0));
        out.push(point(
            all(),
            all(),
            Metric::MeanTurns,
            &mine.own[TURNS],
            1.0,
        ));
        let bots = run.bots();
        if bots.len() == 2
            && let Some((e, lo, hi)) = totals[p]
                .paired
                .as_ref()
                .filter(|x| x.deals > 0)
                .and_then(|x| x.skill_elo())
        {
            let se = (hi - lo) / (2.0 * crate::stats::Z95);
            for (i, bot) in bots.iter().enumerate() {
                let value = if i == 0 { e } else { -e };
                out.push(trend::Point {
                    seat: all(),
                    bot: bot.clone(),
                    metric: Metric::SkillElo,
                    value,
                    se,
                });
            }
        }
        out
    }

    /// Whether `p`'s per-deal differences are paired with its baseline's.
    fn paired(&self, p: usize) -> bool {
        let base = self.baseline_of[p];
        let s = &self.parts[p];
        s.matched && s.deals > 0 && s.deals == self.parts[base].deals
    }

    /// The rows of part `p` (after its value columns).
    fn part_rows(&self, plan: &Plan, totals: &[Totals], p: usize) -> Vec<String> {
        let b = self.baseline_of[p];
        let (mine, base) = (&self.parts[p], &self.parts[b]);
        let mut rows = Vec::new();
        if mine.own.is_empty() || base.own.is_empty() {
            return rows;
        }
        let paired = self.paired(p);
        let (pp, pb) = (self.players[p], self.players[b]);
        let run = &plan.parts[p].run;
        // One per-deal quantity: value, baseline, standard error.
        let quantity = |q: usize, scale: f64| {
            let (c, r) = (&mine.own[q], &base.own[q]);
            let se = if paired {
                mine.differences[q].standard_error()
            } else {
                c.standard_error().hypot(r.standard_error())
            };
            (scale * c.mean(), scale * r.mean(), scale * se, paired)
        };
        let compared = |seat: &str, bot: &str, metric: Metric, v: (f64, f64, f64, bool)| {
            let margin = self.spec.margin(metric);
            let c = equivalence::compare(v.0, v.1, v.2, margin, metric.direction(), 1);
            row_text(seat, bot, metric, v.0, v.1, &c, v.3, margin)
        };
        if pp == pb && pp >= 2 {
            let rotated = run.rotations() > 1;
            for seat in 0..pp {
                let bot = if rotated {
                    "(rotated)".to_string()
                } else {
                    run.lineup()[seat].clone()
                };
                rows.push(compared(
                    &seat.to_string(),
                    &bot,
                    Metric::SeatRatio,
                    quantity(SEAT0 + seat, pp as f64),
                ));
            }
        }
        if pp >= 2 && pb >= 2 {
            for metric in [Metric::MaxSeatRatio, Metric::MinSeatRatio, Metric::SeatGap] {
                let (value, baseline, low95, high95, low90, high90) =
                    extreme_seats(metric, &mine.own[SEAT0..], &base.own[SEAT0..]);
                let margin = self.spec.margin(metric);
                let c = equivalence::Comparison {
                    diff: value - baseline,
                    low95,
                    high95,
                    verdict: equivalence::verdict(
                        low90,
                        high90,
                        value,
                        baseline,
                        margin,
                        metric.direction(),
                    ),
                };
                rows.push(row_text(
                    "all", "all", metric, value, baseline, &c, false, margin,
                ));
            }
        }
        rows.push(compared("all", "all", Metric::TieRate, quantity(TIES, 1.0)));
        rows.push(compared(
            "all",
            "all",
            Metric::MeanTurns,
            quantity(TURNS, 1.0),
        ));
        // Skill: a lineup of two distinct bots against the same two.
        let (bots, base_bots) = (run.bots(), plan.parts[b].run.bots());
        let same_pair =
            bots.len() == 2 && base_bots.len() == 2 && bots.iter().all(|x| base_bots.contains(x));
        let elo = |t: &Totals, first: &str, which: &str| {
            let (e, lo, hi) = t.paired.as_ref().filter(|x| x.deals > 0)?.skill_elo()?;
            Some(if which == first {
                (e, lo, hi)
            } else {
                (-e, -hi, -lo)
            })
        };
        if same_pair {
            for bot in &bots {
                let (Some(c), Some(r)) = (
                    elo(&totals[p], &bots[0], bot),
                    elo(&totals[b], &base_bots[0], bot),
                ) else {
                    continue;
                };
                // Standard errors from the 95% intervals' widths.
                let se = ((c.2 - c.1) / (2.0 * crate::stats::Z95))
                    .hypot((r.2 - r.1) / (2.0 * crate::stats::Z95));
                rows.push(compared(
                    "all",
                    bot,
                    Metric::SkillElo,
                    (c.0, r.0, se, false),
                ));
            }
        }
        rows
    }
}

/// The best seat's ratio, the worst's, or the gap between their win shares,
/// of a combination (`mine`, per seat) and of the baseline: value,
/// baseline value, and the difference's 95% and 90% intervals from
/// simultaneous per-seat intervals over the seats of both (Bonferroni):
/// each side's extreme lies between the extremes of its seats' bounds, and
/// the difference between the two sides' bounds' differences.
fn extreme_seats(
    metric: Metric,
    mine: &[FloatClusters],
    base: &[FloatClusters],
) -> (f64, f64, f64, f64, f64, f64) {
    let k = (mine.len() + base.len()) as f64;
    let z95 = normal_quantile(1.0 - 0.025 / k);
    let z90 = normal_quantile(1.0 - 0.05 / k);
    // (value, low, high) of one side at z.
    let side = |seats: &[FloatClusters], z: f64| -> (f64, f64, f64) {
        let p = seats.len() as f64;
        let bounds: Vec<(f64, f64, f64)> = seats
            .iter()
            .map(|s| {
                let (m, h) = (s.mean(), z * s.standard_error());
                (m, m - h, m + h)
            })
            .collect();
        let max = |f: fn(&(f64, f64, f64)) -> f64| bounds.iter().map(f).fold(f64::MIN, f64::max);
        let min = |f: fn(&(f64, f64, f64)) -> f64| bounds.iter().map(f).fold(f64::MAX, f64::min);
        match metric {
            Metric::MaxSeatRatio => (p * max(|b| b.0), p * max(|b| b.1), p * max(|b| b.2)),
            Metric::MinSeatRatio => (p * min(|b| b.0), p * min(|b| b.1), p * min(|b| b.2)),
            _ => (
                max(|b| b.0) - min(|b| b.0),
                (max(|b| b.1) - min(|b| b.2)).max(0.0),
                max(|b| b.2) - min(|b| b.1),
            ),
        }
    };
    let (c95, b95) = (side(mine, z95), side(base, z95));
    let (c90, b90) = (side(mine, z90), side(base, z90));
    (
        c95.0,
        b95.0,
        c95.1 - b95.2,
        c95.2 - b95.1,
        c90.1 - b90.2,
        c90.2 - b90.1,
    )
}
