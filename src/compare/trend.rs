//! `trends.csv`: a trend line through a sweep's combinations instead of the
//! best cell of a grid ([`crate::stats::trend`]).
//!
//! A trend is declared by its `x` and the keys it pools ([`TrendSpec`]):
//!
//! - `x` a numeric varied key (`removed`): the combinations that differ
//!   only in that key form one series per metric, fitted against the key's
//!   value. Every numeric varied key with three or more values gets a
//!   linear trend of this kind automatically whenever `compare.csv` is
//!   written.
//! - `x` a combination-level metric (`mean_turns`, `tie_rate`) and the
//!   varied keys it pools (`over`): the combinations that differ only in
//!   those keys form one series per metric, fitted against the
//!   combination's value of the `x` metric (e.g. the first player's seat
//!   ratio against the length over every deck of a deck sweep, with
//!   `fit = log`).
//!
//! Every metric of `compare.csv` that has a standard error of its own is
//! fitted: `seat_ratio` per seat, `tie_rate`, `mean_turns` (unless it is
//! the `x`) and `skill_elo` per bot (for lineups of two distinct bots).
//! Each point weighs `1 / se²` with `se` the combination's cluster-robust
//! (by deal) standard error (skill Elo: from its delta-method interval);
//! an `x` metric's own error is ignored. The slope's interval treats the
//! combinations as independent; combinations of a sweep share their deals
//! (common random numbers), which correlates their errors positively, so
//! the interval is if anything too wide, never too narrow, for a common
//! shift (docs/statistics.md).

use std::collections::HashMap;
use std::fmt;

pub use super::error::TrendSpecError;
use super::{CompareError, Metric};
use crate::spec::one_line;
use crate::stats::trend::{Fit, fit_trend};
use crate::tournament::Plan;
use crate::tournament::rows::field;

/// The columns of `trends.csv` after the plan's value columns (a pooled
/// key's value is written `*`).
pub const TREND_COLUMNS: &str = "seat,bot,metric,x,fit,points,intercept,slope,slope_low95,\
slope_high95,reduced_chi2,note";

/// What a trend is fitted against.
#[derive(Clone, Debug, PartialEq)]
pub enum TrendX {
    /// A numeric varied key.
    Key(String),
    /// A combination-level metric (`mean_turns`, `tie_rate`).
    Metric(Metric),
}

/// One declared trend.
#[derive(Clone, Debug, PartialEq)]
pub struct TrendSpec {
    /// The horizontal axis.
    pub x: TrendX,
    /// Linear, or linear in `ln x`.
    pub fit: Fit,
    /// The varied keys pooled into one series besides a key `x` (required
    /// for a metric `x`).
    pub over: Vec<String>,
}

/// The metrics that can be a trend's `x` (one value per combination).
const X_METRICS: [Metric; 2] = [Metric::MeanTurns, Metric::TieRate];

fn fit_name(fit: Fit) -> &'static str {
    match fit {
        Fit::Linear => "linear",
        Fit::Log => "log",
    }
}

impl TrendSpec {
    /// Parse `X[:FIT[:KEY+KEY...]]` (`removed`, `removed:log`,
    /// `mean_turns:log:deck.Shell+deck.Jellyfish`).
    pub fn parse(text: &str) -> Result<TrendSpec, CompareError> {
        let bad = |error: TrendSpecError| CompareError::MalformedTrend {
            text: text.to_string(),
            error,
        };
        let mut items = text.trim().split(':');
        let x = items.next().unwrap_or("").trim();
        if x.is_empty() {
            return Err(bad(TrendSpecError::NoX));
        }
        let fit = match items.next().map(str::trim) {
            None | Some("linear") => Fit::Linear,
            Some("log") => Fit::Log,
            Some(other) => return Err(bad(TrendSpecError::UnknownFit(other.to_string()))),
        };
        let over: Vec<String> = match items.next() {
            None => Vec::new(),
            Some(keys) => keys.split('+').map(|k| k.trim().to_string()).collect(),
        };
        if items.next().is_some() {
            return Err(bad(TrendSpecError::TooManyParts));
        }
        TrendSpec::new(x, fit, over).map_err(|e| match e {
            CompareError::Trend(error) => bad(error),
            other => other,
        })
    }

    /// A trend of `x` (a metric's name or a key) pooling `over`.
    pub fn new(x: &str, fit: Fit, over: Vec<String>) -> Result<TrendSpec, CompareError> {
        if over.iter().any(|k| k.is_empty()) {
            return Err(CompareError::Trend(TrendSpecError::EmptyPooledKey));
        }
        let x = match Metric::from_name(x) {
            Some(m) if X_METRICS.contains(&m) => TrendX::Metric(m),
            Some(_) => {
                return Err(CompareError::Trend(TrendSpecError::NotOneValue(
                    x.to_string(),
                )));
            }
            None => TrendX::Key(x.to_string()),
        };
        if matches!(x, TrendX::Metric(_)) && over.is_empty() {
            return Err(CompareError::Trend(TrendSpecError::NothingPooled));
        }
        Ok(TrendSpec { x, fit, over })
    }

    /// The name of its `x`.
    pub fn x_name(&self) -> &str {
        match &self.x {
            TrendX::Key(k) => k,
            TrendX::Metric(m) => m.name(),
        }
    }

    /// The keys pooled into one series (a key `x` first).
    pub fn pooled(&self) -> Vec<&str> {
        let mut keys: Vec<&str> = match &self.x {
            TrendX::Key(k) => vec![k.as_str()],
            TrendX::Metric(_) => Vec::new(),
        };
        for k in &self.over {
            if !keys.contains(&k.as_str()) {
                keys.push(k);
            }
        }
        keys
    }

    /// Check it against `plan`: pooled keys are varied keys (not `players`
    /// or `lineup`) and a key `x` is numeric in every combination.
    pub fn check(&self, plan: &Plan) -> Result<(), CompareError> {
        let columns = plan.value_columns();
        let bad = |why: String| CompareError::Malformed {
            text: self.to_string(),
            why,
        };
        for key in self.pooled() {
            if key == "players" || key == "lineup" || !columns.contains(&key) {
                let varied: Vec<&str> = columns
                    .iter()
                    .copied()
                    .filter(|c| *c != "players" && *c != "lineup")
                    .collect();
                return Err(bad(format!(
                    "`{}` is not a varied key of the sweep (its varied keys: {})",
                    one_line(key),
                    if varied.is_empty() {
                        "none".to_string()
                    } else {
                        varied.join(", ")
                    }
                )));
            }
        }
        if let TrendX::Key(k) = &self.x
            && let Some(part) = plan.parts.iter().find(|p| key_value(p, k).is_none())
        {
            let v = part
                .values
                .iter()
                .find(|(c, _)| c == k)
                .map_or("", |(_, v)| v);
            return Err(bad(format!(
                "`{}` has the value `{}`, not a number (a trend's x key must be numeric)",
                one_line(k),
                one_line(v)
            )));
        }
        Ok(())
    }
}

impl fmt::Display for TrendSpec {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}:{}", self.x_name(), fit_name(self.fit))?;
        if !self.over.is_empty() {
            write!(f, ":{}", self.over.join("+"))?;
        }
        Ok(())
    }
}

/// The numeric value of `key` in `part`.
fn key_value(part: &crate::tournament::Part, key: &str) -> Option<f64> {
    part.values
        .iter()
        .find(|(c, _)| c == key)
        .and_then(|(_, v)| v.parse::<f64>().ok())
        .filter(|v| v.is_finite())
}

/// The automatic trends of `plan`: a linear trend on every varied key
/// (neither `players` nor `lineup`) that is numeric in every combination
/// and takes three or more values.
pub fn automatic(plan: &Plan) -> Vec<TrendSpec> {
    let mut out = Vec::new();
    for key in plan.value_columns() {
        if key == "players" || key == "lineup" {
            continue;
        }
        let values: Option<Vec<f64>> = plan.parts.iter().map(|p| key_value(p, key)).collect();
        let Some(mut values) = values else { continue };
        values.sort_by(f64::total_cmp);
        values.dedup();
        if values.len() >= 3 {
            out.push(TrendSpec {
                x: TrendX::Key(key.to_string()),
                fit: Fit::Linear,
                over: Vec::new(),
            });
        }
    }
    out
}

/// One metric of one combination, with its standard error.
#[derive(Clone, Debug, PartialEq)]
pub struct Point {
    /// The seat (`all` for a combination-level or per-bot metric).
    pub seat: String,
    /// The bot (`(rotated)` for a seat of a rotated lineup, `all` for a
    /// combination-level metric).
    pub bot: String,
    /// The metric.
    pub metric: Metric,
    /// Its value.
    pub value: f64,
    /// Its standard error.
    pub se: f64,
}

/// `trends.csv` (header included) of `specs` over `plan`, from each
/// part's points (in the plan's order). Series keep the order in which
/// their first point appears; a series of one combination (nothing
/// pooled) is left out, one of two gets a row with a note.
pub fn trends_csv(plan: &Plan, specs: &[TrendSpec], points: &[Vec<Point>]) -> String {
    let columns = plan.value_columns();
    let mut header: Vec<String> = columns.iter().map(|c| field(c)).collect();
    header.push(TREND_COLUMNS.to_string());
    let mut text = header.join(",") + "\n";
    for spec in specs {
        let pooled = spec.pooled();
        // Series: (group values, seat, bot, metric) -> points (x, y, se).
        type Key = (Vec<String>, String, String, Metric);
        let mut order: Vec<Key> = Vec::new();
        let mut series: HashMap<Key, Vec<(f64, f64, f64)>> = HashMap::new();
        for (part, pts) in plan.parts.iter().zip(points) {
            let x = match &spec.x {
                TrendX::Key(k) => key_value(part, k),
                TrendX::Metric(m) => pts
                    .iter()
                    .find(|p| p.metric == *m && p.seat == "all")
                    .map(|p| p.value),
            };
            let Some(x) = x else { continue };
            let group: Vec<String> = part
                .values
                .iter()
                .map(|(c, v)| {
                    if pooled.contains(&c.as_str()) {
                        "*".to_string()
                    } else {
                        v.clone()
                    }
                })
                .collect();
            for p in pts {
                if matches!(spec.x, TrendX::Metric(m) if m == p.metric) {
                    continue;
                }
                let key = (group.clone(), p.seat.clone(), p.bot.clone(), p.metric);
                let entry = series.entry(key.clone()).or_insert_with(|| {
                    order.push(key);
                    Vec::new()
                });
                entry.push((x, p.value, p.se));
            }
        }
        for key in order {
            let pts = &series[&key];
            // One combination alone is no series (nothing was pooled).
            if pts.len() < 2 {
                continue;
            }
            let metric = key.3;
            let lead: String = key.0.iter().map(|v| field(v) + ",").collect();
            let d = metric.decimals() + 2;
            let f = |x: f64| format!("{:.d$}", x + 0.0);
            let fitted = match fit_trend(pts, spec.fit) {
                Ok(t) => format!(
                    "{},{},{},{},{:.3},",
                    f(t.intercept),
                    f(t.slope),
                    f(t.slope_low95),
                    f(t.slope_high95),
                    t.reduced_chi2
                ),
                Err(e) => format!(",,,,,{}", field(&e.to_string())),
            };
            text.push_str(&format!(
                "{lead}{},{},{},{},{},{},{fitted}\n",
                key.1,
                field(&key.2),
                metric.name(),
                field(spec.x_name()),
                fit_name(spec.fit),
                pts.len()
            ));
        }
    }
    text
}
