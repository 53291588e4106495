//! A pick rule's tests of a value against a fixed target
//! (`[criterion.pick] within`): rows of `metrics.csv` whose own value must
//! be shown within a margin of the target ([`beachcomber::stats::within`]:
//! TOST on the value's 90% interval, the standard error read off its 95%
//! interval as the half-width over 1.96, cluster-robust by deal as
//! `metrics.csv` computes it). "Is every seat within 0.02 of fair with this
//! compensation?" A filter without a seat names every seat's row: the
//! setting passes when each is within (an intersection-union test: no
//! correction over the seats), and its p-value is the largest of theirs.
//!
//! With `strong`, the confirmation plays the picks again with that bot in
//! every seat in place of the `within` rows' lineup
//! ([`super::confirm::confirm_sweep`]), and is judged on the same rows of
//! the strong lineup ([`PickRule::confirmation_rule`]).

use std::fmt::Write as _;
use std::path::Path;

use serde::Deserialize;

use super::error::ExperimentError;
use super::pick::{PickRule, Setting};
use beachcomber::stats::within::{Within, WithinVerdict, resolved_margin, within_target};
use beachcomber_bots::short_label;

/// The ratio metrics a `within` row may test (their target is 1, fair).
pub const WITHIN_METRICS: [&str; 3] = ["seat_ratio", "max_seat_ratio", "min_seat_ratio"];

/// One `within` row: a metric of `metrics.csv` of one lineup (and seat),
/// within `margin` of `target`.
#[derive(Clone, Debug, Default, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct WithinFilter {
    /// The metric (one of [`WITHIN_METRICS`]).
    pub metric: String,
    /// The lineup (any spelling of its bots), else every lineup's row.
    pub lineup: Option<String>,
    /// The seat (`0`), else every seat's row.
    pub seat: Option<u32>,
    /// The margin around the target.
    pub margin: f64,
    /// The target (default 1: a fair seat).
    pub target: Option<f64>,
}

impl WithinFilter {
    /// The target, 1 unless given.
    pub fn target(&self) -> f64 {
        self.target.unwrap_or(1.0)
    }

    /// The filter in words: `seat_ratio (greedy) within 0.02 of 1`.
    pub fn text(&self) -> String {
        let mut s = self.metric.clone();
        if let Some(seat) = self.seat {
            let _ = write!(s, " seat {seat}");
        }
        if let Some(lineup) = &self.lineup {
            let _ = write!(s, " ({})", short_label(lineup));
        }
        let _ = write!(s, " within {} of {}", self.margin, self.target());
        s
    }
}

/// One setting's result under one `within` filter: the row with the
/// largest p-value (the one deciding), its seat, and the largest margin
/// any of its rows resolves.
#[derive(Clone, Debug, PartialEq)]
pub struct WithinResult {
    /// The verdict over the filter's rows: `within` when every row is,
    /// `beyond` when any row is, else `inconclusive`.
    pub verdict: WithinVerdict,
    /// The deciding row's value.
    pub value: f64,
    /// The deciding row's seat cell.
    pub seat: String,
    /// The deciding row's test.
    pub test: Within,
    /// The largest margin the filter's rows resolve (80% power at the
    /// target).
    pub resolves: f64,
}

impl WithinResult {
    /// The cell of the trade-off table: `within 1.004 [0.996, 1.012]
    /// (seat 0; resolves 0.019)`, the interval the 90% one the test uses.
    pub fn cell(&self) -> String {
        format!(
            "{} {:.4} [{:.4}, {:.4}] (seat {}; resolves {:.4})",
            self.verdict.name(),
            self.value,
            self.test.low90,
            self.test.high90,
            self.seat,
            self.resolves
        )
    }
}

/// `metrics.csv` read whole, by column name.
pub struct Metrics {
    header: Vec<String>,
    rows: Vec<Vec<String>>,
}

impl Metrics {
    /// Read `path` (a run's `metrics.csv`).
    pub fn read(path: &Path) -> Result<Metrics, ExperimentError> {
        let (header, rows) = super::table_csv::read_all(path)?;
        Ok(Metrics { header, rows })
    }

    fn col(&self, name: &str) -> Option<usize> {
        self.header.iter().position(|h| h == name)
    }

    /// Setting `s`'s result under filter `f` (its lineup written
    /// canonically as `lineup`), `None` without a row with a value.
    pub fn judge(
        &self,
        s: &Setting,
        f: &WithinFilter,
        lineup: Option<&str>,
    ) -> Option<WithinResult> {
        let at = self.col(&f.metric)?;
        let (low, high) = (
            self.col(&format!("{}_low95", f.metric))?,
            self.col(&format!("{}_high95", f.metric))?,
        );
        let (lc, sc) = (self.col("lineup")?, self.col("seat")?);
        let mut rows: Vec<(String, f64, Within)> = Vec::new();
        for r in &self.rows {
            let same = s
                .iter()
                .all(|(k, v)| self.col(k).is_some_and(|i| r[i] == *v));
            let seat_ok = match f.seat {
                Some(seat) => r[sc] == seat.to_string(),
                None => r[sc].parse::<u32>().is_ok(),
            };
            if !same || !seat_ok || lineup.is_some_and(|l| r[lc] != l) {
                continue;
            }
            let num = |i: usize| r[i].parse::<f64>().ok();
            let (Some(v), Some(lo), Some(hi)) = (num(at), num(low), num(high)) else {
                continue;
            };
            let se = (hi - lo) / (2.0 * beachcomber::stats::Z95);
            rows.push((r[sc].clone(), v, within_target(v, se, f.target(), f.margin)));
        }
        let resolves = rows.iter().map(|r| r.2.resolves).fold(0.0, f64::max);
        let verdict = if rows.is_empty() {
            return None;
        } else if rows.iter().all(|r| r.2.verdict == WithinVerdict::Within) {
            WithinVerdict::Within
        } else if rows.iter().any(|r| r.2.verdict == WithinVerdict::Beyond) {
            WithinVerdict::Beyond
        } else {
            WithinVerdict::Inconclusive
        };
        let (seat, value, test) = rows.into_iter().max_by(|a, b| {
            a.2.p
                .partial_cmp(&b.2.p)
                .unwrap_or(std::cmp::Ordering::Equal)
        })?;
        Some(WithinResult {
            verdict,
            value,
            seat,
            test,
            resolves,
        })
    }
}

impl PickRule {
    /// The rule the confirmation is judged by: with `strong`, every
    /// filter naming the `within` rows' lineup names the strong bot's
    /// (the confirmation's players) instead; otherwise the rule itself.
    pub fn confirmation_rule(&self) -> PickRule {
        let mut rule = self.clone();
        let (Some(strong), Some(from)) = (&self.strong, self.screening_lineup()) else {
            return rule;
        };
        let from = super::pick::canonical(&from);
        let map = |l: &mut Option<String>| {
            if l.as_deref().map(super::pick::canonical).as_deref() == Some(from.as_str()) {
                *l = Some(strong.clone());
            }
        };
        for f in &mut rule.accept {
            map(&mut f.lineup);
        }
        for f in &mut rule.within {
            map(&mut f.lineup);
        }
        rule.strong = None;
        rule
    }

    /// The lineup the `within` rows name (the one `strong` replaces), the
    /// first that names one.
    pub fn screening_lineup(&self) -> Option<String> {
        self.within.iter().find_map(|f| f.lineup.clone())
    }
}

/// The `within` rows and `strong` of a pick rule checked before any game:
/// a ratio metric, a positive finite margin, a `strong` that is one bot
/// (it replaces a lineup the `within` rows name), and `strong_games` at
/// least 1. Errors name the key (`at`).
pub fn check_within(
    pick: &PickRule,
    at: &dyn Fn(&[&str]) -> String,
) -> Result<(), ExperimentError> {
    use beachcomber::spec::one_line;
    for f in &pick.within {
        if !WITHIN_METRICS.contains(&f.metric.as_str()) {
            return Err(ExperimentError::setting(
                at(&["within"]),
                format!(
                    "`{}` is not a ratio with a target ({})",
                    one_line(&f.metric),
                    WITHIN_METRICS.join(", ")
                ),
            ));
        }
        if !(f.margin.is_finite() && f.margin > 0.0) {
            return Err(ExperimentError::setting(
                at(&["within"]),
                format!("margin {} is not a positive number", f.margin),
            ));
        }
        if f.target.is_some_and(|t| !t.is_finite()) {
            return Err(ExperimentError::setting(
                at(&["within"]),
                "the target is not a number",
            ));
        }
    }
    if let Some(strong) = &pick.strong {
        if pick.screening_lineup().is_none() {
            return Err(ExperimentError::setting(
                at(&["strong"]),
                "name the lineup it replaces in a `within` row ({ metric = \"seat_ratio\", lineup = \"greedy\", margin = 0.02 })",
            ));
        }
        match crate::lineups::parse_lineups(
            std::slice::from_ref(strong),
            &beachcomber_bots::no_aliases,
        ) {
            Ok((lineups, _)) if lineups.len() == 1 && lineups[0].len() == 1 => {}
            Ok(_) => {
                return Err(ExperimentError::setting(
                    at(&["strong"]),
                    format!(
                        "`{}` is not one bot (it plays every seat)",
                        one_line(strong)
                    ),
                ));
            }
            Err(e) => return Err(ExperimentError::setting(at(&["strong"]), e.to_string())),
        }
    }
    for (key, games) in [
        ("strong_games", pick.strong_games),
        ("strong_baseline_games", pick.strong_baseline_games),
    ] {
        if games == Some(0) {
            return Err(ExperimentError::setting(at(&[key]), "give at least 1 game"));
        }
        if games.is_some() && pick.strong.is_none() {
            return Err(ExperimentError::setting(at(&[key]), "needs `strong`"));
        }
    }
    Ok(())
}

/// The answer of a `within` rule at one player count, in words: **yes**
/// (a pick, passing again on the confirmation), **no** (nothing shown
/// within where the margin was resolvable, or the pick shown beyond on
/// the confirmation) or **inconclusive**. `resolves`: per setting, the
/// largest margin its `within` rows resolve; `confirmation`: the pick's
/// `within` results on the confirmation (when it ran).
pub fn answer_line(
    rule: &PickRule,
    pick: Option<&Setting>,
    resolves: &[f64],
    confirmation: Option<&[Option<WithinResult>]>,
) -> String {
    let margin = rule
        .within
        .iter()
        .map(|f| f.margin)
        .fold(f64::INFINITY, f64::min);
    let players = match &rule.strong {
        Some(s) => format!(" between `{}` players", short_label(s)),
        None => String::new(),
    };
    // With Holm's correction, an exactly fair setting passes only at the
    // first step's level: the settings' margins resolved at that level.
    let tests = match rule.correction {
        super::pick::Correction::Holm => resolves.len().max(1),
        super::pick::Correction::None => 1,
    };
    let scale = resolved_margin(1.0, tests) / resolved_margin(1.0, 1);
    let worst = resolves.iter().copied().fold(0.0, f64::max) * scale;
    let over = if tests > 1 {
        format!(", after Holm's correction over the {tests} settings")
    } else {
        String::new()
    };
    match (pick, confirmation) {
        (Some(s), Some(results)) => {
            let all_within = results.iter().all(|r| {
                r.as_ref()
                    .is_some_and(|r| r.verdict == WithinVerdict::Within)
            });
            let beyond = results.iter().any(|r| {
                r.as_ref()
                    .is_some_and(|r| r.verdict == WithinVerdict::Beyond)
            });
            let missing = results.iter().any(Option::is_none);
            let res = results
                .iter()
                .flatten()
                .map(|r| r.resolves)
                .fold(0.0, f64::max);
            let (word, said) = if all_within {
                ("yes", "is shown within the margin")
            } else if beyond {
                ("no", "is shown beyond the margin")
            } else if missing {
                (
                    "inconclusive",
                    "has no row the rule tests (nothing to judge)",
                )
            } else if res <= margin {
                (
                    "no",
                    "is not shown within the margin, where an exactly fair setting would have been \
                     shown within it with 80% power",
                )
            } else {
                (
                    "inconclusive",
                    "is not shown within the margin, and these games cannot tell",
                )
            };
            format!(
                "**Answer: {word}**: on the confirmation's fresh seed{players}, {} {said} (its \
                 games resolve {res:.4}; margin {margin}).",
                super::pick::setting_text(s)
            )
        }
        (Some(s), None) => format!(
            "**Answer: not yet**: {} passes, not yet confirmed (no confirmation run).",
            super::pick::setting_text(s)
        ),
        (None, _) if worst <= margin => format!(
            "**Answer: no**: no setting is shown within the margin, where an exactly fair setting \
             would have been shown within it with 80% power (the settings' games resolve at \
             worst {worst:.4}{over}; margin {margin})."
        ),
        (None, _) => format!(
            "**Answer: inconclusive**: no setting is shown within the margin, and some settings' \
             games cannot tell (they resolve at worst {worst:.4}{over}; margin {margin})."
        ),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn metrics(dir: &Path) -> Metrics {
        // compensation.1 0 and 1 at 2 players: seat 0 at 1.20 ± 0.014 and
        // 1.004 ± 0.008 (95%), seat 1 the mirror.
        let text = "compensation.1,players,lineup,seat,bot,seat_ratio,seat_ratio_low95,seat_ratio_high95\n\
            0,2,greedy(worlds=8),0,greedy(worlds=8),1.2000,1.1860,1.2140\n\
            0,2,greedy(worlds=8),1,greedy(worlds=8),0.8000,0.7860,0.8140\n\
            0,2,greedy(worlds=8),all,all,,,\n\
            1,2,greedy(worlds=8),0,greedy(worlds=8),1.0040,0.9960,1.0120\n\
            1,2,greedy(worlds=8),1,greedy(worlds=8),0.9960,0.9880,1.0040\n\
            1,2,expert,0,expert,1.0150,1.0010,1.0290\n";
        let path = dir.join("metrics.csv");
        std::fs::write(&path, text).unwrap();
        Metrics::read(&path).unwrap()
    }

    fn setting(c: &str) -> Setting {
        vec![
            ("compensation.1".to_string(), c.to_string()),
            ("players".to_string(), "2".to_string()),
        ]
    }

    fn filter(seat: Option<u32>) -> WithinFilter {
        WithinFilter {
            metric: "seat_ratio".to_string(),
            lineup: Some("greedy".to_string()),
            seat,
            margin: 0.02,
            target: None,
        }
    }

    #[test]
    fn every_seat_must_be_within_and_the_deciding_row_is_the_largest_p() {
        let dir = tempfile::tempdir().unwrap();
        let m = metrics(dir.path());
        let l = Some("greedy(worlds=8)");
        let r = m.judge(&setting("1"), &filter(None), l).unwrap();
        assert_eq!(r.verdict, WithinVerdict::Within);
        // se 0.008/1.96 = 0.00408; the two seats mirror: equal p; the
        // first (seat 0) is kept on a tie.
        assert!(
            (r.resolves - 2.926_37 * 0.008 / 1.959_964).abs() < 1e-4,
            "{}",
            r.resolves
        );
        let r = m.judge(&setting("0"), &filter(None), l).unwrap();
        assert_eq!(r.verdict, WithinVerdict::Beyond);
        assert_eq!(r.cell().split(' ').next(), Some("beyond"));
        // A lineup with no row, or a setting with none: no result.
        assert_eq!(m.judge(&setting("2"), &filter(None), l), None);
        // The expert row of setting 1: 1.015 ± 0.014 reaches past 1.02.
        let r = m
            .judge(&setting("1"), &filter(Some(0)), Some("expert"))
            .unwrap();
        assert_eq!(r.verdict, WithinVerdict::Inconclusive);
        assert_eq!(r.seat, "0");
    }

    #[test]
    fn the_answer_says_yes_no_or_inconclusive_by_the_confirmation_and_the_power() {
        let rule: PickRule = toml::from_str(
            "by = \"compensation.1\"\nbest = \"lowest\"\nstrong = \"expert\"\n\
             within = [{ metric = \"seat_ratio\", lineup = \"greedy\", margin = 0.02 }]\n",
        )
        .unwrap();
        let dir = tempfile::tempdir().unwrap();
        let m = metrics(dir.path());
        let yes = m.judge(&setting("1"), &filter(None), Some("greedy(worlds=8)"));
        let line = answer_line(&rule, Some(&setting("1")), &[0.01], Some(&[yes]));
        assert!(
            line.contains("players, compensation.1 = 1 is shown within"),
            "{line}"
        );
        assert!(line.starts_with("**Answer: yes**"), "{line}");
        assert!(line.contains("between `expert` players"), "{line}");
        let unsure = m.judge(&setting("1"), &filter(Some(0)), Some("expert"));
        let line = answer_line(&rule, Some(&setting("1")), &[0.01], Some(&[unsure]));
        // Resolves 2.93 · 0.00714 = 0.0209 > 0.02: inconclusive.
        assert!(line.starts_with("**Answer: inconclusive**"), "{line}");
        let beyond = m.judge(&setting("0"), &filter(None), Some("greedy(worlds=8)"));
        let line = answer_line(&rule, Some(&setting("0")), &[0.01], Some(&[beyond]));
        assert!(line.starts_with("**Answer: no**"), "{line}");
        assert!(
            line.contains("compensation.1 = 0 is shown beyond"),
            "{line}"
        );
        let line = answer_line(&rule, Some(&setting("0")), &[0.01], Some(&[None]));
        assert!(line.starts_with("**Answer: inconclusive**"), "{line}");
        assert!(answer_line(&rule, None, &[0.01, 0.019], None).starts_with("**Answer: no**"));
        assert!(
            answer_line(&rule, None, &[0.01, 0.021], None).starts_with("**Answer: inconclusive**")
        );
        // With Holm's correction over 14 settings, 0.0169 resolved at 0.05
        // is 0.0229 at the first step's level: inconclusive.
        let mut holm = rule.clone();
        holm.correction = super::super::pick::Correction::Holm;
        let line = answer_line(&holm, None, &[0.0169; 14], None);
        assert!(line.starts_with("**Answer: inconclusive**"), "{line}");
        assert!(
            line.contains("0.0229, after Holm's correction over the 14 settings"),
            "{line}"
        );
        assert!(answer_line(&rule, None, &[0.0169; 14], None).starts_with("**Answer: no**"));
        // The confirmation rule names the strong bot where the screen's
        // lineup was.
        let again = rule.confirmation_rule();
        assert_eq!(again.within[0].lineup.as_deref(), Some("expert"));
        assert_eq!(again.strong, None);
    }
}
