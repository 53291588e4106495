//! Power before the games ([`planned_power`]): for each metric a
//! comparison declares a margin for, the smallest difference the planned
//! games can resolve ([`crate::stats::power::resolvable_difference`]) in
//! the combination where it is largest, and the warning when the margin is
//! below it. Before any game there is no spread to estimate, so each
//! metric's per-game spread is one the games cannot exceed much:
//!
//! - a seat's ratio `p × share` at fair seats (each wins `1/p`, no ties):
//!   standard deviation `√(p − 1)`;
//! - the best and worst seat: the contrasts of two seats' ratios, over the
//!   `p · p'` contrasts the selection may pick (as `compare.csv` corrects);
//! - the gap: the differences of two seats' shares, `√(2/p)` per game at
//!   fair seats, over half of the ordered pairs of pairs;
//! - the tie rate: the binomial worst case, `1/2`.
//!
//! The two settings are taken as independent (their errors in quadrature):
//! pairing by deal only narrows the interval of settings whose games agree.
//! Length, skill Elo and the game-quality metrics have no spread known
//! before their games and are not reported. docs/statistics.md ("Power").

use super::{CompareError, CompareSpec, Metric, Seats, baseline_parts};
use crate::stats::decision::Test;
use crate::stats::power::{Cell, Spread, margin_warning, resolvable_difference};
use crate::tournament::Plan;

/// One declared margin's power: the smallest difference the planned games
/// resolve where they resolve least.
#[derive(Clone, Debug, PartialEq)]
pub struct PlannedPower {
    /// The metric.
    pub metric: Metric,
    /// Its declared test.
    pub test: Test,
    /// Its margin.
    pub margin: f64,
    /// The games planned in that combination (its baseline's may differ).
    pub games: u64,
    /// The smallest resolvable difference there.
    pub resolvable: f64,
}

impl PlannedPower {
    /// The warning when the margin is at or below the resolvable difference
    /// (`None` for `superior`, whose margin is a bar, not a width).
    pub fn warning(&self) -> Option<String> {
        margin_warning(
            self.metric.name(),
            self.test,
            self.margin,
            self.resolvable,
            self.games,
        )
    }
}

/// The per-game standard deviation and the family size of `metric`'s row
/// between a combination of `pc` players and a baseline of `pb`, or `None`
/// where `compare.csv` has no such row or no spread is known in advance.
fn per_game(
    metric: Metric,
    seats: Option<&Seats>,
    pc: usize,
    pb: usize,
) -> Option<(f64, f64, usize)> {
    let ratio_sd = |p: usize| ((p as f64) - 1.0).max(0.0).sqrt();
    let extremes =
        pc >= 2 && pb >= 2 && !matches!(seats, Some(Seats::First | Seats::Each | Seats::List(_)));
    match metric {
        Metric::SeatRatio => {
            let tests = match seats {
                None if pc == pb && pc >= 2 => 1,
                None | Some(Seats::BestWorst) => return None,
                Some(named) => named.compared(pc.min(pb)).1,
            };
            (pc >= 2 && pb >= 2).then(|| (ratio_sd(pc), ratio_sd(pb), tests))
        }
        Metric::MaxSeatRatio | Metric::MinSeatRatio => {
            extremes.then(|| (ratio_sd(pc), ratio_sd(pb), pc * pb))
        }
        Metric::SeatGap => extremes.then(|| {
            let gap_sd = |p: usize| (2.0 / p as f64).sqrt();
            let pairs = |p: usize| p * (p - 1);
            (gap_sd(pc), gap_sd(pb), (pairs(pc) * pairs(pb) / 2).max(1))
        }),
        Metric::TieRate => Some((0.5, 0.5, 1)),
        _ => None,
    }
}

/// The power of every margin `spec` declares, over the combinations of
/// `plan` compared with a baseline other than themselves, at the player
/// counts `decided` (every count when empty: those a rule decides on), in
/// the order of the margins; metrics without a spread known in advance
/// left out.
pub fn planned_power(
    plan: &Plan,
    decided: &[usize],
    spec: &CompareSpec,
) -> Result<Vec<PlannedPower>, CompareError> {
    let baseline_of = baseline_parts(plan, &spec.baseline)?;
    let mut out = Vec::new();
    for metric in Metric::ALL {
        let Some(margin) = spec.margin(metric) else {
            continue;
        };
        let test = spec.test(metric);
        let mut worst: Option<PlannedPower> = None;
        for (p, &b) in baseline_of.iter().enumerate() {
            let (mine, base) = (&plan.parts[p].run, &plan.parts[b].run);
            if p == b || !(decided.is_empty() || decided.contains(&mine.players)) {
                continue;
            }
            let Some((sd, sd_base, tests)) =
                per_game(metric, spec.seats.as_ref(), mine.players, base.players)
            else {
                continue;
            };
            let spread = Spread::Independent {
                combination: Cell {
                    games: mine.games(),
                    sd,
                },
                baseline: Cell {
                    games: base.games(),
                    sd: sd_base,
                },
            };
            let resolvable = resolvable_difference(test, spread, tests);
            if worst.as_ref().is_none_or(|w| resolvable > w.resolvable) {
                worst = Some(PlannedPower {
                    metric,
                    test,
                    margin,
                    games: mine.games(),
                    resolvable,
                });
            }
        }
        out.extend(worst);
    }
    Ok(out)
}

#[cfg(test)]
#[path = "power_tests.rs"]
mod tests;
