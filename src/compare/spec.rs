//! The baseline, margins and trends of a comparison ([`CompareSpec`]), and
//! the `key=value,...` lists they are written in.

use super::{CompareError, Metric, Seats, trend};
use crate::spec::SpecError;
use crate::stats::decision::Test;
use crate::stats::equivalence::Direction;
use crate::tournament::Plan;

/// The baseline and the margins of a comparison.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct CompareSpec {
    /// The baseline combination: value columns and their values (`players`,
    /// a varied key, `lineup`).
    pub baseline: Vec<(String, String)>,
    /// Margins per metric, in the order given. A margin for `seat_ratio`
    /// also holds for `max_seat_ratio` and `min_seat_ratio` unless they
    /// have their own.
    pub margins: Vec<(Metric, f64)>,
    /// The test declared per metric (`equivalent` when not declared); a
    /// test for `seat_ratio` also holds for `max_seat_ratio` and
    /// `min_seat_ratio` unless they have their own, as margins do.
    pub tests: Vec<(Metric, Test)>,
    /// The seats compared, as the criterion names them (`None`: every
    /// seat's row, and the best, worst and gap rows).
    pub seats: Option<Seats>,
    /// Declared trends (`trends.csv`), besides the automatic ones of every
    /// numeric varied key ([`trend::automatic`]).
    pub trends: Vec<trend::TrendSpec>,
}

impl CompareSpec {
    /// The margin of `metric`, if declared.
    pub fn margin(&self, metric: Metric) -> Option<f64> {
        let find = |m: Metric| self.margins.iter().find(|(k, _)| *k == m).map(|(_, v)| *v);
        find(metric).or(match metric {
            Metric::MaxSeatRatio | Metric::MinSeatRatio => find(Metric::SeatRatio),
            _ => None,
        })
    }

    /// The test declared for `metric` (`equivalent` when none is).
    pub fn test(&self, metric: Metric) -> Test {
        let find = |m: Metric| self.tests.iter().find(|(k, _)| *k == m).map(|(_, t)| *t);
        find(metric)
            .or(match metric {
                Metric::MaxSeatRatio | Metric::MinSeatRatio => find(Metric::SeatRatio),
                _ => None,
            })
            .unwrap_or_default()
    }

    /// Declare the test of `metric` (its name as given, for messages); a
    /// one-sided test needs a metric with a better side.
    pub fn add_test(&mut self, metric: &str, test: &str) -> Result<(), CompareError> {
        let m = Metric::from_name(metric.trim())
            .ok_or_else(|| CompareError::UnknownMetric(metric.trim().to_string()))?;
        let bad = || CompareError::BadTest {
            metric: metric.trim().to_string(),
            test: test.trim().to_string(),
        };
        let t = Test::from_name(test.trim()).ok_or_else(bad)?;
        if t.is_one_sided() && m.direction() == Direction::Neither {
            return Err(bad());
        }
        self.tests.retain(|(k, _)| *k != m);
        self.tests.push((m, t));
        Ok(())
    }

    /// The baseline as `key=value,...` (its canonical text, as in the
    /// manifest's settings).
    pub fn baseline_text(&self) -> String {
        pairs_text(&self.baseline)
    }

    /// The margins as `metric=value[:test],...` (a test written where one
    /// other than `equivalent` is declared for that metric).
    pub fn margins_text(&self) -> String {
        self.margins
            .iter()
            .map(|(m, v)| {
                let declared = self.tests.iter().find(|(k, _)| k == m).map(|(_, t)| *t);
                match declared {
                    Some(t) if t != Test::Equivalent => format!("{}={v}:{t}", m.name()),
                    _ => format!("{}={v}", m.name()),
                }
            })
            .collect::<Vec<_>>()
            .join(",")
    }

    /// Add a margin, written `VALUE` or `VALUE:TEST` (`0.05:non-inferior`;
    /// as given, for messages); a metric given twice keeps the last.
    pub fn add_margin(&mut self, metric: &str, value: &str) -> Result<(), CompareError> {
        let m = Metric::from_name(metric.trim())
            .ok_or_else(|| CompareError::UnknownMetric(metric.trim().to_string()))?;
        let value = match value.split_once(':') {
            Some((value, test)) => {
                self.add_test(metric, test)?;
                value
            }
            None => {
                self.tests.retain(|(k, _)| *k != m);
                value
            }
        };
        let v = value
            .trim()
            .parse::<f64>()
            .ok()
            .filter(|v| v.is_finite() && *v > 0.0)
            .ok_or_else(|| CompareError::BadMargin {
                metric: metric.trim().to_string(),
                value: value.trim().to_string(),
            })?;
        self.margins.retain(|(k, _)| *k != m);
        self.margins.push((m, v));
        Ok(())
    }

    /// The declared trends as `X:FIT[:KEY+KEY];...` (the manifest).
    pub fn trends_text(&self) -> String {
        self.trends
            .iter()
            .map(ToString::to_string)
            .collect::<Vec<_>>()
            .join(";")
    }

    /// Add the trends written `X:FIT[:KEY+KEY];...` (`--trend`, the
    /// manifest).
    pub fn add_trends(&mut self, text: &str) -> Result<(), CompareError> {
        for item in text.split(';').filter(|t| !t.trim().is_empty()) {
            let t = trend::TrendSpec::parse(item)?;
            if !self.trends.contains(&t) {
                self.trends.push(t);
            }
        }
        Ok(())
    }

    /// The trends of `plan`: the automatic ones, then the declared ones not
    /// among them.
    pub fn trends_of(&self, plan: &Plan) -> Vec<trend::TrendSpec> {
        let mut all = trend::automatic(plan);
        for t in &self.trends {
            if !all.contains(t) {
                all.push(t.clone());
            }
        }
        all
    }

    /// The seats as the manifest writes them, when declared.
    pub fn seats_text(&self) -> Option<String> {
        self.seats.as_ref().map(ToString::to_string)
    }

    /// Add margins written `METRIC=VALUE[:TEST],...` (`--margin`, the
    /// manifest).
    pub fn add_margins(&mut self, text: &str) -> Result<(), CompareError> {
        for (k, v) in parse_pairs(text)? {
            self.add_margin(&k, &v)?;
        }
        Ok(())
    }
}

/// `key=value,...` pairs (`--baseline 'players=4,removed=0'`), split by the
/// one splitter ([`crate::spec::split_top_level`]): a lineup's commas
/// inside parentheses or quotes stay in its value, and a value may be
/// quoted (`lineup="greedy,random"`).
pub fn parse_pairs(text: &str) -> Result<Vec<(String, String)>, CompareError> {
    let malformed = |why: &str| CompareError::Malformed {
        text: text.to_string(),
        why: why.to_string(),
    };
    let items = crate::spec::split_top_level(text).map_err(|e| match e {
        SpecError::Malformed { why, .. } => malformed(&why),
        other => malformed(&other.to_string()),
    })?;
    let mut out: Vec<(String, String)> = Vec::new();
    for item in items {
        let Some((k, v)) = item.split_once('=') else {
            // A bare lineup item after `lineup=...`: its next spec.
            if let Some(last) = out.last_mut().filter(|(k, _)| k == "lineup") {
                last.1.push(',');
                last.1.push_str(item.trim());
                continue;
            }
            return Err(malformed("write KEY=VALUE pairs separated by commas"));
        };
        let (k, v) = (k.trim(), v.trim().trim_matches('"'));
        if k.is_empty() || v.is_empty() {
            return Err(malformed("an empty key or value"));
        }
        if out.iter().any(|(o, _)| o == k) {
            return Err(malformed(&format!("`{k}` is given twice")));
        }
        out.push((k.to_string(), v.to_string()));
    }
    Ok(out)
}

/// `key=value,...`.
pub(super) fn pairs_text(pairs: &[(String, String)]) -> String {
    pairs
        .iter()
        .map(|(k, v)| format!("{k}={v}"))
        .collect::<Vec<_>>()
        .join(",")
}
