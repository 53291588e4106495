//! The search's plan, made before round 0 (docs/search.md, "The plan"):
//! for every objective, constraint and the rule's yes/no comparison, the
//! smallest difference the declared budget can show and the deals needed
//! to show the question's margin with 80% power; and the yes/no test of
//! the pick on fresh deals after the race ([`YesNo`]), sized and judged by
//! the same formulas (`crate::stats::power`).
//!
//! No data exist before the games, so the plan takes the worst case of a
//! bounded quantity's spread: a single value within a range of width `r`
//! has a standard deviation of at most `r / 2` (the binomial worst case),
//! and a paired difference of two such values at most `r` (the race's own
//! floor when every deal differs). An unbounded quantity (length, counts)
//! has no worst case: its line says the spread is unknown before the games.
//! The race's intervals are taken at the error split [`Budget`] exposes
//! (the union over candidates, pairs, rounds and quantities), which is
//! conservative for a race that spends its error better (`max-t`).

use std::fmt;

use serde::{Deserialize, Serialize};

use super::evidence::Moments;
use super::goal::{Bound, Goal};
use super::race::Budget;
use crate::stats::equivalence::normal_quantile;
use crate::stats::power::{detectable_difference, units_for_power};

/// The power the plan asks of every question.
pub const PLANNED_POWER: f64 = 0.8;

/// One question of the plan (serialized as a search's manifest records it,
/// its `plan.lines`).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PlanLine {
    /// What is compared (`objective seat_ratio:0 near 1`, ...).
    pub what: String,
    /// The margin the question must show (`None`: no margin declared).
    pub margin: Option<f64>,
    /// The worst-case standard deviation per deal (`None`: unknown before
    /// the games, an unbounded quantity).
    pub sd: Option<f64>,
    /// The smallest difference the planned deals can show (the interval's
    /// half-width at the worst-case spread); `None` when the spread is
    /// unknown; infinite at no deals (written `"inf"` in JSON, which has
    /// no infinity).
    #[serde(with = "infinite_as_text")]
    pub resolvable: Option<f64>,
    /// The deals needed to show the margin with [`PLANNED_POWER`].
    pub deals_needed: Option<u64>,
}

impl PlanLine {
    /// Whether the planned deals cannot show the margin with the planned
    /// power (known spread and margin only).
    pub fn unresolvable(&self, deals: u64) -> bool {
        matches!(self.deals_needed, Some(n) if n > deals)
    }

    fn new(what: String, margin: Option<f64>, sd: Option<f64>, z: f64, deals: u64) -> PlanLine {
        let se = |sd: f64| {
            if deals == 0 {
                f64::INFINITY
            } else {
                sd / (deals as f64).sqrt()
            }
        };
        PlanLine {
            what,
            margin,
            sd,
            resolvable: sd.map(|sd| z * se(sd)),
            deals_needed: match (sd, margin) {
                (Some(sd), Some(m)) => units_for_power(z, PLANNED_POWER, sd, m),
                _ => None,
            },
        }
    }
}

/// The plan of a search: its questions at the deals a candidate plays.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SearchPlan {
    /// The most deals a candidate plays in the race.
    pub deals: u64,
    /// The deals of the yes/no test after the race.
    pub confirmation_deals: u64,
    /// The objectives', then the constraints', then the yes/no line.
    pub lines: Vec<PlanLine>,
}

impl SearchPlan {
    /// The plan of `goal` under `budget`, with `deals` per candidate in
    /// the race and `confirmation_deals` for the yes/no test of the pick
    /// against its reference on the first objective (one-sided at the
    /// budget's alpha).
    pub fn new(goal: &Goal, budget: &Budget, deals: u64, confirmation_deals: u64) -> SearchPlan {
        let q = goal.quantities().len();
        let z_single = normal_quantile(1.0 - budget.single_error(q) / 2.0);
        let z_paired = normal_quantile(1.0 - budget.paired_error(q) / 2.0);
        let players = goal.players;
        let mut lines = Vec::new();
        for o in &goal.objectives {
            let sd = o.quantity.range(players);
            lines.push(PlanLine::new(
                format!("objective {o} (paired, race)"),
                Some(o.margin),
                sd,
                z_paired,
                deals,
            ));
        }
        for c in &goal.constraints {
            let sd = c.quantity.range(players).map(|r| r / 2.0);
            let margin = match c.bound {
                Bound::Baseline(offset) if offset != 0.0 => Some(offset.abs()),
                _ => None,
            };
            lines.push(PlanLine::new(
                format!("constraint {} (race)", c.quantity),
                margin,
                sd,
                z_single,
                deals,
            ));
        }
        if let Some(o) = goal.objectives.first() {
            lines.push(PlanLine::new(
                format!("yes/no: the pick against its reference on {o} (one-sided, fresh deals)"),
                Some(o.margin),
                o.quantity.range(players),
                normal_quantile(1.0 - budget.alpha),
                confirmation_deals,
            ));
        }
        SearchPlan {
            deals,
            confirmation_deals,
            lines,
        }
    }

    /// The yes/no line (the last), if the goal has an objective.
    pub fn yes_no(&self) -> Option<&PlanLine> {
        self.lines.last().filter(|l| l.what.starts_with("yes/no"))
    }

    /// Whether the rule's yes/no question cannot be resolved at the
    /// declared confirmation deals.
    pub fn unresolvable(&self) -> bool {
        self.yes_no()
            .is_some_and(|l| l.unresolvable(self.confirmation_deals))
    }

    /// The `warning:` texts of the questions the plan cannot resolve.
    pub fn warnings(&self) -> Vec<String> {
        let mut out = Vec::new();
        for (i, l) in self.lines.iter().enumerate() {
            let deals = if i + 1 == self.lines.len() && self.yes_no().is_some() {
                self.confirmation_deals
            } else {
                self.deals
            };
            if let (true, Some(n), Some(m), Some(r)) = (
                l.unresolvable(deals),
                l.deals_needed,
                l.margin,
                l.resolvable,
            ) {
                out.push(format!(
                    "{}: the margin {m} needs about {n} deals for 80% power at the worst-case \
                     spread (no data yet), {deals} planned resolve {r:.4}",
                    l.what
                ));
            }
        }
        out
    }
}

/// A number that may be infinite, in JSON: a finite one as a number, an
/// infinite one as the text `"inf"` (serde_json writes a non-finite number
/// as `null`, which reads back as no number).
mod infinite_as_text {
    use serde::{Deserialize, Deserializer, Serialize, Serializer};

    /// The text of positive infinity.
    const INF: &str = "inf";

    #[derive(Serialize, Deserialize)]
    #[serde(untagged)]
    enum Written {
        Number(f64),
        Text(String),
    }

    pub fn serialize<S: Serializer>(x: &Option<f64>, s: S) -> Result<S::Ok, S::Error> {
        match x {
            Some(x) if *x == f64::INFINITY => Some(Written::Text(INF.into())).serialize(s),
            Some(x) if !x.is_finite() => Err(serde::ser::Error::custom(format!(
                "{x} is not a difference the plan can show"
            ))),
            Some(x) => Some(Written::Number(*x)).serialize(s),
            None => None::<Written>.serialize(s),
        }
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Option<f64>, D::Error> {
        match Option::<Written>::deserialize(d)? {
            None => Ok(None),
            Some(Written::Number(x)) => Ok(Some(x)),
            Some(Written::Text(t)) if t == INF => Ok(Some(f64::INFINITY)),
            Some(Written::Text(t)) => Err(serde::de::Error::custom(format!(
                "`{}` is not a number (a number, or \"{INF}\")",
                crate::spec::one_line(&t)
            ))),
        }
    }
}

impl fmt::Display for PlanLine {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let num =
            |x: Option<f64>| x.map_or("unknown before the games".into(), |x| format!("{x:.4}"));
        write!(
            f,
            "{}: margin {}, smallest difference shown {}, deals for 80% power {}",
            self.what,
            self.margin.map_or("none".into(), |m| m.to_string()),
            num(self.resolvable),
            self.deals_needed
                .map_or("unknown".into(), |n| n.to_string())
        )
    }
}

/// The rule's answer: the pick shown better than its reference, not
/// better by the margin with planned power, or neither.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Answer {
    /// H0 (gain <= 0) rejected at alpha: the pick is shown better.
    Yes,
    /// Not rejected, while the test had at least 80% power at a gain of
    /// the margin.
    No,
    /// Not rejected, and the test could not have shown a gain of the
    /// margin with 80% power.
    Inconclusive,
}

impl Answer {
    /// Its word in summaries.
    pub fn word(self) -> &'static str {
        match self {
            Answer::Yes => "yes",
            Answer::No => "no",
            Answer::Inconclusive => "inconclusive",
        }
    }
}

/// The yes/no test of stage 2: one one-sided paired test of the gain
/// (the reference's loss minus the pick's, per fresh deal) at alpha.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct YesNo {
    /// The mean gain per deal.
    pub estimate: f64,
    /// Its one-sided lower bound at alpha.
    pub low: f64,
    /// The gain the test detects with 80% power at the deals played.
    pub resolvable: f64,
    /// Deals played.
    pub deals: u64,
    /// The answer.
    pub answer: Answer,
}

impl YesNo {
    /// Judge the per-deal gains `gains` (their moments) at `alpha` for a
    /// question of `margin`: yes when the lower bound is above 0; no when
    /// not and the resolvable gain is at most the margin; inconclusive
    /// otherwise.
    pub fn judge(gains: &Moments, alpha: f64, margin: f64) -> YesNo {
        let z = normal_quantile(1.0 - alpha);
        let se = gains.standard_error();
        let estimate = gains.mean();
        let low = estimate - z * se;
        let resolvable = detectable_difference(z, PLANNED_POWER, se);
        let answer = if low > 0.0 {
            Answer::Yes
        } else if resolvable <= margin {
            Answer::No
        } else {
            Answer::Inconclusive
        };
        YesNo {
            estimate,
            low,
            resolvable,
            deals: gains.deals,
            answer,
        }
    }

    /// The fresh deals the test needs for 80% power at `margin`, with the
    /// paired standard deviation `sd` measured in the race (an internal
    /// pilot), capped by the declared confirmation budget `cap`.
    pub fn deals_for(sd: f64, alpha: f64, margin: f64, cap: u64) -> u64 {
        let z = normal_quantile(1.0 - alpha);
        units_for_power(z, PLANNED_POWER, sd, margin).map_or(cap, |n| n.min(cap))
    }
}

#[cfg(test)]
#[path = "plan_tests.rs"]
mod tests;
