//! `compare.csv`'s rows: each metric of each combination against its
//! baseline, computed from the sums read ([`Comparer`]) and formatted, and
//! the points `trends.csv` is fitted to.

use super::extremes::SeatSpread;
use super::streaming::{FloatClusters, QUALITY0, SEAT0, TIES, TURNS, close};
use super::{CompareFiles, Comparer, Metric, Seats, trend};
use crate::stats::decision::{Test, decide};
use crate::stats::equivalence::{self, normal_quantile, tost};
use crate::stats::selection::distance_change;
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
        let spread = SeatSpread {
            mine: (0..pp).map(|s| mine.own[SEAT0 + s].mean()).collect(),
            base: (0..pb).map(|s| base.own[SEAT0 + s].mean()).collect(),
            own: &mine.seat_moments,
            base_own: &base.seat_moments,
            joint: paired.then_some(&mine.joint_moments),
            itself: b == p,
        };
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
            let test = self.spec.test(metric);
            let c = judged(v.0 - v.1, v.2, 1, margin, test, metric.direction());
            row_text(seat, bot, metric, v.0, v.1, &c, v.3, margin)
        };
        let rotated = run.rotations() > 1;
        let seat_bot = |seat: usize| {
            if rotated {
                "(rotated)".to_string()
            } else {
                run.lineup()[seat].clone()
            }
        };
        // A seat's row: `se` the standard error of its ratios' difference
        // (`None`: from the seats' joint spread), `tests` its family.
        let seat_row = |seat: usize, se: Option<f64>, tests: usize| {
            let margin = self.spec.margin(Metric::SeatRatio);
            let c = seat_comparison(
                &spread,
                seat,
                se,
                tests,
                margin,
                self.spec.test(Metric::SeatRatio),
            );
            let (v, r) = (pp as f64 * spread.mine[seat], pb as f64 * spread.base[seat]);
            row_text(
                &seat.to_string(),
                &seat_bot(seat),
                Metric::SeatRatio,
                v,
                r,
                &c,
                paired,
                margin,
            )
        };
        let extremes = pp >= 2 && pb >= 2;
        match &self.spec.seats {
            None => {
                if pp == pb && pp >= 2 {
                    for seat in 0..pp {
                        rows.push(seat_row(seat, Some(quantity(SEAT0 + seat, pp as f64).2), 1));
                    }
                }
                if extremes {
                    rows.extend(self.extreme_rows(&spread, paired));
                }
            }
            Some(Seats::BestWorst) => {
                if extremes {
                    rows.extend(self.extreme_rows(&spread, paired));
                }
            }
            Some(named) => {
                let (seats, tests) = named.compared(pp.min(pb));
                if pp >= 2 && pb >= 2 {
                    for seat in seats {
                        rows.push(seat_row(seat, None, tests));
                    }
                }
            }
        }
        rows.push(compared("all", "all", Metric::TieRate, quantity(TIES, 1.0)));
        rows.push(compared(
            "all",
            "all",
            Metric::MeanTurns,
            quantity(TURNS, 1.0),
        ));
        if run.quality && plan.parts[b].run.quality {
            for (k, metric) in Metric::QUALITY.into_iter().enumerate() {
                rows.push(compared("all", "all", metric, quantity(QUALITY0 + k, 1.0)));
            }
        }
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

    /// The best seat's, the worst seat's and the gap's rows: selections
    /// from the data, their intervals from every contrast they could have
    /// selected ([`SeatSpread::difference`]).
    fn extreme_rows(&self, spread: &SeatSpread<'_>, paired: bool) -> Vec<String> {
        let (pp, pb) = (spread.mine.len(), spread.base.len());
        let joint = paired && spread.joint.is_some_and(|j| j.width() == pp + pb);
        let top = |x: &[f64]| x.iter().copied().fold(f64::MIN, f64::max);
        let bottom = |x: &[f64]| x.iter().copied().fold(f64::MAX, f64::min);
        let mut rows = Vec::new();
        for metric in [Metric::MaxSeatRatio, Metric::MinSeatRatio, Metric::SeatGap] {
            let (value, baseline) = match metric {
                Metric::MaxSeatRatio => {
                    (pp as f64 * top(&spread.mine), pb as f64 * top(&spread.base))
                }
                Metric::MinSeatRatio => (
                    pp as f64 * bottom(&spread.mine),
                    pb as f64 * bottom(&spread.base),
                ),
                _ => (
                    top(&spread.mine) - bottom(&spread.mine),
                    top(&spread.base) - bottom(&spread.base),
                ),
            };
            let interval = spread.difference(metric);
            let ((low95, high95), (low90, high90)) = (interval(0.025), interval(0.05));
            // The improvement: the best ratio and the gap fall, the worst
            // ratio rises (each is on its own side of 1).
            let improvement = match metric {
                Metric::MinSeatRatio => (low90, high90),
                _ => (-high90, -low90),
            };
            let margin = self.spec.margin(metric);
            let test = self.spec.test(metric);
            let diff = value - baseline;
            // Under a one-sided test a toward-one metric's diff is its change
            // in distance from 1: the worst ratio's is the negated difference.
            let (diff, low95, high95) = if test.is_one_sided() && metric == Metric::MinSeatRatio {
                (-diff, -high95, -low95)
            } else {
                (diff, low95, high95)
            };
            let c = equivalence::Comparison {
                diff,
                low95,
                high95,
                verdict: decide(test, (low90, high90), Some(improvement), margin),
            };
            rows.push(row_text(
                "all", "all", metric, value, baseline, &c, joint, margin,
            ));
        }
        rows
    }
}

/// A difference `diff` with standard error `se` judged by `test` against
/// `margin` over `tests` simultaneous comparisons, for a metric with
/// `direction` (not toward one: [`seat_comparison`]).
fn judged(
    diff: f64,
    se: f64,
    tests: usize,
    margin: Option<f64>,
    test: Test,
    direction: equivalence::Direction,
) -> equivalence::Comparison {
    let t = tests.max(1) as f64;
    let (z95, z90) = (
        normal_quantile(1.0 - 0.025 / t),
        normal_quantile(1.0 - 0.05 / t),
    );
    let (low90, high90) = (diff - z90 * se, diff + z90 * se);
    equivalence::Comparison {
        diff,
        low95: diff - z95 * se,
        high95: diff + z95 * se,
        verdict: decide(
            test,
            (low90, high90),
            equivalence::signed_improvement(low90, high90, direction),
            margin,
        ),
    }
}

/// Seat `seat`'s ratio against the baseline's same seat, judged by `test`
/// over `tests` seats: `equivalent` on the difference of the ratios (with
/// standard error `se`, or from the seats' joint spread), its side, and the
/// one-sided tests, on the change in distance from 1
/// ([`crate::stats::selection::distance_change`]), whose estimate and 95%
/// interval the row then reports.
fn seat_comparison(
    spread: &SeatSpread<'_>,
    seat: usize,
    se: Option<f64>,
    tests: usize,
    margin: Option<f64>,
    test: Test,
) -> equivalence::Comparison {
    let (pp, pb) = (spread.mine.len(), spread.base.len());
    let unit = |n: usize, scale: f64| {
        let mut v = vec![0.0; n];
        v[seat] = scale;
        v
    };
    let (v, r) = (pp as f64 * spread.mine[seat], pb as f64 * spread.base[seat]);
    let var_v = spread.variance(&unit(pp, pp as f64), &unit(pb, 0.0));
    let var_r = spread.variance(&unit(pp, 0.0), &unit(pb, pb as f64));
    let var_sum = spread.variance(&unit(pp, pp as f64), &unit(pb, pb as f64));
    let covariance = (var_sum - var_v - var_r) / 2.0;
    let t = tests.max(1) as f64;
    let distance = |tail: f64| distance_change(v, r, var_v, var_r, covariance, tail / t);
    let d90 = distance(0.05);
    let improvement = Some((-d90.high, -d90.low));
    if test.is_one_sided() {
        let d95 = distance(0.025);
        return equivalence::Comparison {
            diff: d95.estimate,
            low95: d95.low,
            high95: d95.high,
            verdict: decide(test, (d90.low, d90.high), improvement, margin),
        };
    }
    let se = se.unwrap_or_else(|| (var_v + var_r - 2.0 * covariance).max(0.0).sqrt());
    let (z95, z90) = (
        normal_quantile(1.0 - 0.025 / t),
        normal_quantile(1.0 - 0.05 / t),
    );
    let diff = v - r;
    equivalence::Comparison {
        diff,
        low95: diff - z95 * se,
        high95: diff + z95 * se,
        verdict: tost(diff - z90 * se, diff + z90 * se, improvement, margin),
    }
}
