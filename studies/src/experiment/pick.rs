//! The picks a criterion's rule makes (`[criterion.pick]`), by the tool,
//! from `compare.csv`: per player count, the settings whose named rows all
//! pass their declared test (`accept`), then the one the rule prefers
//! (`by`: the nearest to a target of a value column, or the best value of
//! a metric). A setting is a combination's values other than `lineup`: its
//! lineups' rows are judged together. The baseline's own setting is never
//! picked. The same rule judges the confirmation run's `compare.csv`: a
//! pick is confirmed when it passes there again every test the rule decides
//! on (its `accept` rows); the other rows are reported, not decided on.
//!
//! The trade-off table ([`table_section`]) prints, per player count, every
//! setting's columns of `metrics.csv` that `[criterion.pick]`'s `table`
//! names, with their 95% intervals, beside each acceptance test's verdict.

use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::path::Path;

use serde::Deserialize;

use super::error::ExperimentError;
use super::pick_within::{Metrics, WithinFilter, WithinResult};
use beachcomber::stats::within::WithinVerdict;
use beachcomber_bots::short_label;

/// `[criterion.pick]`: how the tool picks a setting per player count.
#[derive(Clone, Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PickRule {
    /// The rows of `compare.csv` that must pass their declared test
    /// (none: the `within` rows decide alone).
    #[serde(default)]
    pub accept: Vec<RowFilter>,
    /// What orders the accepted settings: a value column (`removed`,
    /// nearest to `target`) or a metric of `compare.csv` (of `lineup`).
    pub by: String,
    /// The lineup whose row of the metric `by` orders.
    pub lineup: Option<String>,
    /// Per player count, the value of `by` to be nearest to (`{ 2 = 35, 3 =
    /// 17.5 }`); without it a metric's best side (toward 1 for a seat
    /// ratio, lower or higher where the metric has a better side), or
    /// `best`.
    pub target: Option<toml::Table>,
    /// `lowest` or `highest`, for a `by` without a target or a better side.
    pub best: Option<String>,
    /// The player counts picked for (default: every count with a setting
    /// other than the baseline's).
    #[serde(default)]
    pub players: Vec<u32>,
    /// The trade-off table's columns (`metrics.csv`).
    #[serde(default)]
    pub table: Vec<TableColumn>,
    /// The correction of the passes for multiplicity the pick is made
    /// from; a rule without the key means `none` (the rules committed
    /// before it), so that they keep their picks.
    #[serde(default)]
    pub correction: Correction,
    /// Rows of `metrics.csv` whose own value must be shown within a margin
    /// of a target (`within = [{ metric = "seat_ratio", lineup = "greedy",
    /// margin = 0.02 }]`, [`super::pick_within`]); a setting passes when
    /// these and the `accept` rows all pass.
    #[serde(default)]
    pub within: Vec<WithinFilter>,
    /// The bot the confirmation plays in every seat in place of the
    /// `within` rows' lineup (strong play: `strong = "expert"`); without
    /// it the confirmation plays the sweep's lineups.
    pub strong: Option<String>,
    /// Games per combination of a `strong` confirmation (default: the
    /// sweep's).
    pub strong_games: Option<u64>,
    /// Games of the baseline in a `strong` confirmation, where it is only
    /// the picks' reference (default: `strong_games`).
    pub strong_baseline_games: Option<u64>,
}

/// `[criterion.pick] correction`: which passes the pick is made from.
#[derive(Clone, Copy, Debug, Default, Deserialize, PartialEq, Eq)]
#[serde(rename_all = "lowercase")]
pub enum Correction {
    /// The settings' uncorrected passes (the meaning of a rule without
    /// the key).
    #[default]
    None,
    /// The passes left by Holm's step-down correction over the settings
    /// of a player count ([`HOLM_ALPHA`]).
    Holm,
}

/// Rows of `compare.csv`: a metric, and optionally a lineup, seat or bot.
#[derive(Clone, Debug, Default, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct RowFilter {
    /// The metric.
    pub metric: String,
    /// The lineup (any spelling of its bots), else every lineup's row.
    pub lineup: Option<String>,
    /// The seat (`0`), else every seat's row.
    pub seat: Option<toml::Value>,
    /// The bot (skill Elo's rows), else every bot's row.
    pub bot: Option<String>,
}

/// One column of the trade-off table: a metric of `metrics.csv`, of one
/// lineup and seat (default seat 0's row, which holds the combination's
/// metrics too).
#[derive(Clone, Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TableColumn {
    /// The metric (a column of `metrics.csv`).
    pub metric: String,
    /// The lineup.
    pub lineup: Option<String>,
    /// The seat (`0`, or `"all"`); default: seat 0's row, else the first
    /// `all` row with a value (skill Elo's, per bot).
    pub seat: Option<toml::Value>,
    /// The bot of an `all` row (skill Elo's), any spelling.
    pub bot: Option<String>,
    /// The header (default: the metric, lineup and seat).
    pub label: Option<String>,
}

/// The one-sided level of each pass (a verdict's 90% interval clears the
/// margin) and of Holm's correction over the settings of a player count.
pub const HOLM_ALPHA: f64 = 0.05;

/// The one-sided p-value of a passing `verdict` of a row of `compare.csv`
/// (its `diff`, 95% interval and `margin`; the standard error is the
/// interval's half-width over 1.96): `better`, beyond the margin on the
/// side of `diff`; `equivalent`, the larger of the two tests inside the
/// margin; `non-inferior`, the test the interval clears (the smaller).
/// A verdict that does not pass, or a row without numbers, is 1: it can
/// only make the correction stricter.
fn pass_p(verdict: &str, diff: &str, low: &str, high: &str, margin: &str) -> f64 {
    use beachcomber::stats::equivalence::normal_cdf;
    let num = |x: &str| x.parse::<f64>().ok();
    let (Some(d), Some(lo), Some(hi), Some(m)) = (num(diff), num(low), num(high), num(margin))
    else {
        return 1.0;
    };
    let se = (hi - lo) / (2.0 * beachcomber::stats::Z95);
    if se <= 0.0 || !PASSING.contains(&plain(verdict)) {
        return if PASSING.contains(&plain(verdict)) {
            0.0
        } else {
            1.0
        };
    }
    let above_low = normal_cdf(-(d + m) / se);
    let below_high = normal_cdf((d - m) / se);
    match plain(verdict) {
        "better" if d < 0.0 => normal_cdf((d + m) / se),
        "better" => normal_cdf(-(d - m) / se),
        "equivalent" => above_low.max(below_high),
        _ => above_low.min(below_high),
    }
}

/// What an exploratory verdict begins with.
pub const EXPLORATORY: &str = "exploratory: ";

/// The verdicts that pass a declared test: `equivalent`, `non-inferior`,
/// `better` (each test writes only its own words).
pub const PASSING: [&str; 3] = ["equivalent", "non-inferior", "better"];

/// A verdict without the `exploratory` label of an exploratory run.
fn plain(verdict: &str) -> &str {
    verdict.strip_prefix(EXPLORATORY).unwrap_or(verdict)
}

/// One setting: its value cells (players included) by column.
pub type Setting = Vec<(String, String)>;

/// The rule's result at one player count.
#[derive(Clone, Debug, PartialEq)]
pub struct PlayerPick {
    /// The player count.
    pub players: String,
    /// Every setting judged, in the file's order, each with its verdict
    /// per `accept` filter (`None`: no such row) and whether it passed.
    pub settings: Vec<(Setting, Vec<Option<String>>, bool)>,
    /// Per setting (the order of `settings`), whether it still passes
    /// after Holm's step-down correction over the count's settings (see
    /// [`HOLM_ALPHA`]).
    pub corrected: Vec<bool>,
    /// Per setting (the order of `settings`), its result under each
    /// `within` filter (`None`: no row).
    pub within: Vec<Vec<Option<WithinResult>>>,
    /// The pick, if any setting passed after the correction.
    pub pick: Option<Setting>,
    /// The baseline's setting (the trade-off table's reference row).
    pub baseline: Option<Setting>,
    /// The baseline's results under the `within` filters (reported: the
    /// baseline is never picked).
    pub baseline_within: Vec<Option<WithinResult>>,
}

/// A lineup as `compare.csv` writes it (canonical specs).
pub(super) fn canonical(lineup: &str) -> String {
    match crate::lineups::parse_lineups(&[lineup.to_string()], &beachcomber_bots::no_aliases) {
        Ok((lineups, _)) => lineups[0].join(","),
        Err(_) => lineup.to_string(),
    }
}

/// A TOML value as a CSV cell.
fn cell_text(v: &toml::Value) -> String {
    match v {
        toml::Value::String(s) => s.clone(),
        toml::Value::Integer(i) => i.to_string(),
        toml::Value::Float(f) => f.to_string(),
        v => v.to_string(),
    }
}

/// `compare.csv` (or a confirmation's) read whole, by column name.
struct Table {
    header: Vec<String>,
    rows: Vec<Vec<String>>,
}

impl Table {
    fn read(path: &Path) -> Result<Table, ExperimentError> {
        let (header, rows) = super::table_csv::read_all(path)?;
        Ok(Table { header, rows })
    }

    fn col(&self, name: &str) -> Option<usize> {
        self.header.iter().position(|h| h == name)
    }
}

/// The value columns of a setting (before `seat`, without `lineup`).
fn setting_columns(t: &Table) -> Vec<usize> {
    let seat = t.col("seat").unwrap_or(t.header.len());
    (0..seat).filter(|&c| t.header[c] != "lineup").collect()
}

/// The columns of `compare.csv` a pick reads, by index.
struct CompareColumns {
    players: usize,
    lineup: usize,
    seat: usize,
    bot: usize,
    metric: usize,
    value: usize,
    verdict: usize,
}

impl CompareColumns {
    /// The columns of `t` (read from `path`), or the error naming the file
    /// when one is missing.
    fn of(t: &Table, path: &Path) -> Result<Self, ExperimentError> {
        let need = |name: &str| {
            t.col(name)
                .ok_or_else(|| ExperimentError::LacksCompareColumns(path.to_path_buf()))
        };
        Ok(Self {
            players: need("players")?,
            lineup: need("lineup")?,
            seat: need("seat")?,
            bot: need("bot")?,
            metric: need("metric")?,
            value: need("value")?,
            verdict: need("verdict")?,
        })
    }
}

/// `compare.csv` read for a pick: its table, the columns it reads and the
/// setting columns naming a combination.
struct Judging<'a> {
    t: &'a Table,
    c: CompareColumns,
    columns: Vec<usize>,
    rule: &'a PickRule,
    baseline: &'a toml::Table,
    /// `metrics.csv` beside `compare.csv`, for the `within` rows.
    metrics: Option<Metrics>,
}

impl Judging<'_> {
    /// The setting (value columns and values) of row `r`.
    fn setting_of(&self, r: &[String]) -> Setting {
        self.columns
            .iter()
            .map(|&c| (self.t.header[c].clone(), r[c].clone()))
            .collect()
    }

    /// Whether setting `s` is the baseline's (numbers compared as numbers).
    fn is_baseline(&self, s: &Setting) -> bool {
        self.baseline
            .iter()
            .filter(|(k, _)| *k != "lineup")
            .all(|(k, v)| {
                let want = cell_text(v);
                s.iter().any(|(sk, sv)| {
                    sk == k
                        && (*sv == want
                            || sv
                                .parse::<f64>()
                                .ok()
                                .is_some_and(|a| want.parse::<f64>() == Ok(a)))
                })
            })
    }

    /// Whether row `r` is one filter `f` (with its canonical lineup) names.
    fn matches(&self, r: &[String], f: &RowFilter, lineup_text: &Option<String>) -> bool {
        let c = &self.c;
        r[c.metric] == f.metric
            && lineup_text.as_ref().is_none_or(|l| r[c.lineup] == *l)
            && f.seat.as_ref().is_none_or(|s| r[c.seat] == cell_text(s))
            && f.bot.as_ref().is_none_or(|b| r[c.bot] == canonical(b))
    }

    /// The player counts and the settings, in the file's order.
    fn counts_and_settings(&self) -> (Vec<String>, Vec<Setting>) {
        let mut counts: Vec<String> = Vec::new();
        let mut settings: Vec<Setting> = Vec::new();
        for r in &self.t.rows {
            let s = self.setting_of(r);
            if !counts.contains(&r[self.c.players]) {
                counts.push(r[self.c.players].clone());
            }
            if !settings.contains(&s) {
                settings.push(s);
            }
        }
        (counts, settings)
    }

    /// The one-sided p-value of setting `s` passing every filter: the
    /// largest of its rows' ([`pass_p`]; 1 without a row) and of its
    /// `within` results (`within`, [`Judging::within`]).
    fn pass_p(&self, s: &Setting, within: &[Option<WithinResult>]) -> f64 {
        let col = |n: &str| self.t.col(n);
        let (Some(d), Some(lo), Some(hi), Some(m)) = (
            col("diff"),
            col("diff_low95"),
            col("diff_high95"),
            col("margin"),
        ) else {
            return 1.0;
        };
        let mut worst = 0.0f64;
        for f in &self.rule.accept {
            let l = f.lineup.as_deref().map(canonical);
            let rows: Vec<&Vec<String>> = self
                .t
                .rows
                .iter()
                .filter(|r| self.setting_of(r) == *s && self.matches(r, f, &l))
                .collect();
            if rows.is_empty() {
                return 1.0;
            }
            for r in rows {
                worst = worst.max(pass_p(&r[self.c.verdict], &r[d], &r[lo], &r[hi], &r[m]));
            }
        }
        for w in within {
            worst = worst.max(w.as_ref().map_or(1.0, |w| w.test.p));
        }
        worst
    }

    /// Setting `s`'s result under each `within` filter (`None`: no row).
    fn within(&self, s: &Setting) -> Vec<Option<WithinResult>> {
        self.rule
            .within
            .iter()
            .map(|f| {
                let lineup = f.lineup.as_deref().map(canonical);
                self.metrics
                    .as_ref()
                    .and_then(|m| m.judge(s, f, lineup.as_deref()))
            })
            .collect()
    }

    /// The verdict of setting `s` under each filter (`None`: no row), its
    /// `within` results' cells after them, and whether every filter's rows
    /// pass.
    fn verdicts(
        &self,
        s: &Setting,
        within: &[Option<WithinResult>],
    ) -> (Vec<Option<String>>, bool) {
        let verdict = self.c.verdict;
        let rows: Vec<&Vec<String>> = self
            .t
            .rows
            .iter()
            .filter(|r| self.setting_of(r) == *s)
            .collect();
        let filters = self
            .rule
            .accept
            .iter()
            .map(|f| (f, f.lineup.as_deref().map(canonical)));
        let mut verdicts = Vec::new();
        let mut pass = true;
        for (f, l) in filters {
            let found: Vec<&&Vec<String>> =
                rows.iter().filter(|r| self.matches(r, f, &l)).collect();
            let all_pass =
                !found.is_empty() && found.iter().all(|r| PASSING.contains(&plain(&r[verdict])));
            pass &= all_pass;
            verdicts.push(match found.as_slice() {
                [] => None,
                [one] => Some(one[verdict].clone()),
                many => Some(if all_pass {
                    many[0][verdict].clone()
                } else {
                    many.iter()
                        .map(|r| r[verdict].as_str())
                        .find(|v| !PASSING.contains(&plain(v)))
                        .unwrap_or("")
                        .to_string()
                }),
            });
        }
        for w in within {
            pass &= w
                .as_ref()
                .is_some_and(|w| w.verdict == WithinVerdict::Within);
            verdicts.push(w.as_ref().map(WithinResult::cell));
        }
        (verdicts, pass)
    }

    /// The order among the accepted settings at `count` players:
    /// (distance, value) ascending; `None` when `s` has no value to rank.
    fn rank(&self, count: &str, s: &Setting) -> Option<(f64, f64)> {
        let rule = self.rule;
        let target = rule
            .target
            .as_ref()
            .and_then(|t| t.get(count))
            .and_then(|v| v.as_float().or(v.as_integer().map(|i| i as f64)));
        let by_lineup = rule.lineup.as_deref().map(canonical);
        let by_column = self.t.col(&rule.by).filter(|c| self.columns.contains(c));
        let x = match by_column {
            Some(c) => s
                .iter()
                .find(|(k, _)| *k == self.t.header[c])
                .and_then(|(_, v)| v.parse::<f64>().ok())?,
            None => self
                .t
                .rows
                .iter()
                .find(|r| {
                    self.setting_of(r) == *s
                        && r[self.c.metric] == rule.by
                        && by_lineup.as_ref().is_none_or(|l| r[self.c.lineup] == *l)
                })
                .and_then(|r| r[self.c.value].parse::<f64>().ok())?,
        };
        let direction = beachcomber::compare::Metric::from_name(&rule.by).map(|m| m.direction());
        use beachcomber::stats::equivalence::Direction;
        let distance = match (target, rule.best.as_deref(), direction) {
            (Some(goal), _, _) => (x - goal).abs(),
            (None, Some("highest"), _) | (None, None, Some(Direction::Higher)) => -x,
            (None, None, Some(Direction::TowardOne)) => (x - 1.0).abs(),
            _ => x,
        };
        Some((distance, x))
    }
}

/// Judge every setting of `compare.csv` at `path` by `rule`, the baseline
/// (`baseline`: its value columns and values) left out.
pub fn judge(
    rule: &PickRule,
    baseline: &toml::Table,
    path: &Path,
) -> Result<Vec<PlayerPick>, ExperimentError> {
    let t = Table::read(path)?;
    let metrics_path = path.with_file_name(crate::files::names::METRICS_FILE);
    let metrics = if rule.within.is_empty() {
        None
    } else {
        Some(Metrics::read(&metrics_path)?)
    };
    let judging = Judging {
        c: CompareColumns::of(&t, path)?,
        columns: setting_columns(&t),
        t: &t,
        rule,
        baseline,
        metrics,
    };
    let (counts, settings) = judging.counts_and_settings();
    let mut out = Vec::new();
    for count in counts {
        if !rule.players.is_empty() && !rule.players.iter().any(|p| p.to_string() == count) {
            continue;
        }
        let of_count: Vec<&Setting> = settings
            .iter()
            .filter(|s| {
                s.iter().any(|(k, v)| k == "players" && *v == count) && !judging.is_baseline(s)
            })
            .collect();
        // Each setting's `within` results, once: its verdicts, its p-value
        // and the answer's power read them.
        let within: Vec<Vec<Option<WithinResult>>> =
            of_count.iter().map(|s| judging.within(s)).collect();
        let judged: Vec<(Setting, Vec<Option<String>>, bool)> = of_count
            .iter()
            .zip(&within)
            .map(|(s, w)| {
                let (verdicts, pass) = judging.verdicts(s, w);
                ((*s).clone(), verdicts, pass)
            })
            .collect();
        let p: Vec<f64> = of_count
            .iter()
            .zip(&within)
            .map(|(s, w)| judging.pass_p(s, w))
            .collect();
        let corrected: Vec<bool> = beachcomber::stats::multiplicity::holm_passes(&p, HOLM_ALPHA)
            .into_iter()
            .zip(&judged)
            .map(|(h, (_, _, pass))| h && *pass)
            .collect();
        let holm = rule.correction == Correction::Holm;
        let pick = judged
            .iter()
            .zip(&corrected)
            .filter(|((_, _, pass), held)| if holm { **held } else { *pass })
            .filter_map(|((s, _, _), _)| judging.rank(&count, s).map(|k| (k, s)))
            .min_by(|a, b| a.0.partial_cmp(&b.0).unwrap_or(std::cmp::Ordering::Equal))
            .map(|(_, s)| s.clone());
        if judged.is_empty() {
            continue;
        }
        // The count's own baseline (a baseline without `players` is held at
        // each count), else the one baseline.
        let of_count = |s: &&&Setting| s.iter().any(|(k, v)| k == "players" && *v == count);
        let baselines: Vec<&Setting> = settings.iter().filter(|s| judging.is_baseline(s)).collect();
        let baseline_setting = baselines
            .iter()
            .find(of_count)
            .or(baselines.first())
            .map(|s| (*s).clone());
        let baseline_within = baseline_setting
            .as_ref()
            .map(|b| judging.within(b))
            .unwrap_or_default();
        out.push(PlayerPick {
            players: count,
            settings: judged,
            corrected,
            within,
            pick,
            baseline: baseline_setting,
            baseline_within,
        });
    }
    Ok(out)
}

/// A setting in words: `removed = 35` (players left out).
pub fn setting_text(s: &Setting) -> String {
    let parts: Vec<String> = s
        .iter()
        .filter(|(k, _)| k != "players")
        .map(|(k, v)| format!("{k} = {}", short_label(v)))
        .collect();
    if parts.is_empty() {
        "the one setting".to_string()
    } else {
        parts.join(", ")
    }
}

/// A filter in words: `max_seat_ratio (greedy)`, `skill_elo of greedy
/// (greedy,random)`.
fn filter_text(f: &RowFilter) -> String {
    let mut s = f.metric.clone();
    if let Some(seat) = &f.seat {
        let _ = write!(s, " seat {}", cell_text(seat));
    }
    if let Some(bot) = &f.bot {
        let _ = write!(s, " of {}", short_label(bot));
    }
    if let Some(lineup) = &f.lineup {
        let _ = write!(s, " ({})", short_label(lineup));
    }
    s
}

/// The tests the rule decides on, in words: its `accept` filters (the
/// tie-break `by` orders the passing settings; it is not a test).
fn deciding_text(rule: &PickRule) -> String {
    tests_text(rule).join(", ")
}

/// Every test of the rule in words: its `accept` rows, then its `within`
/// rows.
fn tests_text(rule: &PickRule) -> Vec<String> {
    rule.accept
        .iter()
        .map(filter_text)
        .chain(rule.within.iter().map(WithinFilter::text))
        .collect()
}

/// Whether a row of `compare.csv` (its metric, lineup, seat and bot cells)
/// is one the rule decides on: a row an `accept` filter names (the pick's
/// confirmed status is judged on these alone; `by` orders, it is not a
/// test). The others are reported, not decided on.
pub fn decides_on(rule: &PickRule, metric: &str, lineup: &str, seat: &str, bot: &str) -> bool {
    let named = |f: &RowFilter| {
        f.metric == metric
            && f.lineup.as_deref().is_none_or(|l| canonical(l) == lineup)
            && f.seat.as_ref().is_none_or(|s| cell_text(s) == seat)
            && f.bot.as_deref().is_none_or(|b| canonical(b) == bot)
    };
    rule.accept.iter().any(named)
}

/// The picks as confirmation tables (`{ players = 2, removed = 35 }`).
pub fn confirm_tables(picks: &[PlayerPick]) -> Vec<toml::Table> {
    picks
        .iter()
        .filter_map(|p| p.pick.as_ref())
        .map(|s| {
            s.iter()
                .map(|(k, v)| {
                    let value = v
                        .parse::<i64>()
                        .map(toml::Value::Integer)
                        .unwrap_or_else(|_| toml::Value::String(v.clone()));
                    (k.clone(), value)
                })
                .collect()
        })
        .collect()
}

/// The rule in words, one sentence.
fn rule_text(rule: &PickRule) -> String {
    let tests = tests_text(rule);
    let order = match (&rule.target, rule.best.as_deref()) {
        (Some(_), _) => format!("the one whose `{}` is nearest the target", rule.by),
        (None, Some(best)) => format!("the one with the {best} `{}`", rule.by),
        (None, None) => format!("the one with the best `{}`", rule.by),
    };
    format!(
        "a setting passes when each of {} passes its declared test; among those that pass, \
         {order} (ties: the lower value)",
        tests.join(", ")
    )
}

/// The `## Picks` section: per player count the pick (or "no pick") with
/// the rule that made it, whether the confirmation run (its `compare.csv`
/// at `confirm_path`, when there) passes it again, then the trade-off
/// table of `metrics_path`.
pub fn picks_section(
    md: &mut String,
    rule: &PickRule,
    picks: &[PlayerPick],
    confirmed: Option<&[PlayerPick]>,
    metrics_path: &Path,
) -> Result<(), ExperimentError> {
    let _ = writeln!(
        md,
        "\n## Picks\n\nMade by the tool from the committed rule: {}.\n",
        rule_text(rule)
    );
    let metrics = if metrics_path.exists() && !rule.table.is_empty() {
        Some(Table::read(metrics_path)?)
    } else {
        None
    };
    for p in picks {
        let _ = writeln!(md, "### {} players\n", p.players);
        let passed = p.settings.iter().filter(|s| s.2).count();
        let held = p.corrected.iter().filter(|c| **c).count();
        let from = match rule.correction {
            Correction::Holm => "the pick is from the corrected passes".to_string(),
            Correction::None => format!(
                "the rule names no `correction`, so the pick is from the uncorrected passes (at \
                 {HOLM_ALPHA} each, about {:.2} of them would pass by chance alone if no setting \
                 truly met its tests)",
                HOLM_ALPHA * p.settings.len() as f64
            ),
        };
        let correction = format!(
            "{passed} of {} settings pass uncorrected, {held} after Holm's step-down correction \
             over the {} settings' one-sided tests at {HOLM_ALPHA} (valid under any dependence, \
             such as shared deals); {from}",
            p.settings.len(),
            p.settings.len()
        );
        match &p.pick {
            Some(s) => {
                let again = confirmed.and_then(|c| c.iter().find(|c| c.players == p.players));
                let confirmation = match again.and_then(|c| c.settings.iter().find(|x| x.0 == *s)) {
                    Some((_, _, true)) => format!(
                        "; **confirmed**: on the confirmation's fresh seed it passes again every \
                         test the rule decides on ({})",
                        deciding_text(&rule.confirmation_rule())
                    ),
                    Some((_, _, false)) => format!(
                        "; **not confirmed**: on the confirmation's fresh seed it fails a test the \
                         rule decides on ({}; below), so it is not recommended",
                        deciding_text(&rule.confirmation_rule())
                    ),
                    None => "; not yet confirmed (no confirmation run)".to_string(),
                };
                let _ = writeln!(
                    md,
                    "**Pick: {}** ({correction}){confirmation}.\n",
                    setting_text(s),
                );
            }
            None => {
                let _ = if passed == 0 {
                    writeln!(
                        md,
                        "**No pick**: none of the {} settings passes every test.\n",
                        p.settings.len()
                    )
                } else {
                    writeln!(md, "**No pick**: {correction}.\n")
                };
            }
        }
        if !rule.within.is_empty() {
            let again = confirmed.and_then(|c| c.iter().find(|c| c.players == p.players));
            let results = p.pick.as_ref().and_then(|s| {
                let again = again?;
                let at = again.settings.iter().position(|x| x.0 == *s)?;
                again.within.get(at).map(Vec::as_slice)
            });
            let resolves: Vec<f64> = p
                .within
                .iter()
                .map(|w| w.iter().flatten().map(|r| r.resolves).fold(0.0, f64::max))
                .collect();
            let _ = writeln!(
                md,
                "{}\n",
                super::pick_within::answer_line(rule, p.pick.as_ref(), &resolves, results)
            );
        }
        tradeoff_table(md, rule, p, &metrics);
        if let Some(again) = confirmed.and_then(|c| c.iter().find(|c| c.players == p.players)) {
            for (s, verdicts, pass) in &again.settings {
                if p.pick.as_ref() != Some(s) {
                    continue;
                }
                let words: Vec<String> = tests_text(&rule.confirmation_rule())
                    .into_iter()
                    .zip(verdicts)
                    .map(|(f, v)| format!("{f} {}", v.as_deref().unwrap_or("—")))
                    .collect();
                let _ = writeln!(
                    md,
                    "Confirmation of {}: {} ({}).\n",
                    setting_text(s),
                    words.join("; "),
                    if *pass { "passes" } else { "fails" }
                );
            }
        }
    }
    Ok(())
}

/// The trade-off table of one player count's pick `p`: the baseline as a
/// reference row, then every setting with its `table` columns (from
/// `metrics`), its verdicts, and whether it passes uncorrected and after
/// Holm's correction, the pick marked in the column it was made from.
fn tradeoff_table(md: &mut String, rule: &PickRule, p: &PlayerPick, metrics: &Option<Table>) {
    let mut head: Vec<String> = vec!["setting".to_string()];
    head.extend(rule.table.iter().map(|c| {
        c.label.clone().unwrap_or_else(|| {
            let mut s = c.metric.clone();
            if let Some(l) = &c.lineup {
                let _ = write!(s, " ({})", short_label(l));
            }
            s
        })
    }));
    head.extend(tests_text(rule));
    head.push("passes".to_string());
    head.push("after Holm".to_string());
    let bar = |cells: &[String]| {
        let cells: Vec<String> = cells.iter().map(|c| c.replace('|', "\\|")).collect();
        format!("| {} |", cells.join(" | "))
    };
    let _ = writeln!(md, "{}", bar(&head));
    let _ = writeln!(md, "|{}", " --- |".repeat(head.len()));
    if let Some(b) = &p.baseline {
        let players = b.iter().find(|(k, _)| k == "players");
        let mut line = vec![format!(
            "baseline: {} players, {}",
            players.map_or("", |(_, v)| v.as_str()),
            setting_text(b)
        )];
        for c in &rule.table {
            line.push(match &metrics {
                Some(m) => metric_cell(m, b, c),
                None => "—".to_string(),
            });
        }
        line.extend(rule.accept.iter().map(|_| "—".to_string()));
        line.extend(rule.within.iter().enumerate().map(|(i, _)| {
            p.baseline_within
                .get(i)
                .and_then(|w| w.as_ref())
                .map_or("—".to_string(), WithinResult::cell)
        }));
        line.push("(reference)".to_string());
        line.push("—".to_string());
        let _ = writeln!(md, "{}", bar(&line));
    }
    for ((s, verdicts, pass), held) in p.settings.iter().zip(&p.corrected) {
        let mut line = vec![setting_text(s)];
        for c in &rule.table {
            line.push(match &metrics {
                Some(m) => metric_cell(m, s, c),
                None => "—".to_string(),
            });
        }
        line.extend(
            verdicts
                .iter()
                .map(|v| v.clone().unwrap_or_else(|| "—".to_string())),
        );
        // The pick is marked in the column it was made from.
        let picked = p.pick.as_ref() == Some(s);
        let holm = rule.correction == Correction::Holm;
        let mark = |passes: bool, from: bool| match (picked && from, passes) {
            (true, _) => "**pick**",
            (false, true) => "yes",
            (false, false) => "no",
        };
        line.push(mark(*pass, !holm).to_string());
        line.push(mark(*held, holm).to_string());
        let _ = writeln!(md, "{}", bar(&line));
    }
    let _ = writeln!(md);
}

/// One cell of the trade-off table: the metric's value of setting `s`'s
/// lineup and seat in `metrics.csv`, with its 95% interval (the columns
/// after it: `_low95`/`_high95` bounds, or a `_ci95` half-width, after a
/// standard deviation or not).
fn metric_cell(m: &Table, s: &Setting, c: &TableColumn) -> String {
    let Some(at) = m.col(&c.metric) else {
        return "—".to_string();
    };
    let lineup = c.lineup.as_deref().map(canonical);
    let bot = c.bot.as_deref().map(canonical);
    let seat = c.seat.as_ref().map(cell_text);
    let (Some(lc), Some(sc), Some(bc)) = (m.col("lineup"), m.col("seat"), m.col("bot")) else {
        return "—".to_string();
    };
    let row = m.rows.iter().find(|r| {
        s.iter().all(|(k, v)| m.col(k).is_some_and(|i| r[i] == *v))
            && lineup.as_ref().is_none_or(|l| r[lc] == *l)
            && bot.as_ref().is_none_or(|b| r[bc] == *b)
            && match &seat {
                Some(want) => r[sc] == *want,
                None => (r[sc] == "0" || r[sc] == "all") && !r[at].is_empty(),
            }
    });
    let Some(r) = row else {
        return "—".to_string();
    };
    let name = |i: usize| m.header.get(i).map_or("", String::as_str);
    let v = &r[at];
    if v.is_empty() {
        return "—".to_string();
    }
    if name(at + 1).ends_with("_low95") && name(at + 2).ends_with("_high95") {
        format!("{v} [{}, {}]", r[at + 1], r[at + 2])
    } else if name(at + 1).ends_with("_ci95") {
        format!("{v} ± {}", r[at + 1])
    } else if name(at + 1).starts_with("sd_") && name(at + 2).ends_with("_ci95") {
        format!("{v} ± {}", r[at + 2])
    } else {
        v.clone()
    }
}

/// The picks of a run (its `compare.csv`) and of its confirmation
/// (`confirm/compare.csv`), when it has one.
pub type Judged = (Vec<PlayerPick>, Option<Vec<PlayerPick>>);

/// [`judge`] on the run folder `dir` and its confirmation; `None` when
/// `dir` has no `compare.csv`.
pub fn judge_dir(
    rule: &PickRule,
    baseline: &toml::Table,
    dir: &Path,
) -> Result<Option<Judged>, ExperimentError> {
    let compare = dir.join(crate::files::names::COMPARE_FILE);
    if !compare.exists() {
        return Ok(None);
    }
    let picks = judge(rule, baseline, &compare)?;
    let again = dir
        .join(crate::files::names::CONFIRM_DIR)
        .join(crate::files::names::COMPARE_FILE);
    let confirmed = if again.exists() {
        Some(judge(&rule.confirmation_rule(), baseline, &again)?)
    } else {
        None
    };
    Ok(Some((picks, confirmed)))
}

/// `experiment` with the tool's picks of the run in `dir` as its
/// `confirm` list, when its criterion has a pick rule and names no
/// confirmation itself (and `dir` has a `compare.csv`); else a copy.
pub fn with_picks(
    experiment: &super::Experiment,
    dir: &Path,
) -> Result<super::Experiment, ExperimentError> {
    let mut out = experiment.clone();
    let Some(criterion) = out.criterion.as_mut() else {
        return Ok(out);
    };
    let (Some(rule), Some(baseline)) = (&criterion.pick, &criterion.baseline) else {
        return Ok(out);
    };
    if !criterion.confirm.is_empty() {
        return Ok(out);
    }
    let compare = dir.join(crate::files::names::COMPARE_FILE);
    if compare.exists() {
        criterion.confirm = confirm_tables(&judge(rule, baseline, &compare)?);
    }
    Ok(out)
}

/// Each player count's pick in words ([`setting_text`]), `None` for no pick.
pub fn by_players(picks: &[PlayerPick]) -> BTreeMap<String, Option<String>> {
    picks
        .iter()
        .map(|p| (p.players.clone(), p.pick.as_ref().map(setting_text)))
        .collect()
}

#[cfg(test)]
#[path = "pick_tests.rs"]
mod tests;
