//! Comparisons of a sweep's combinations with a baseline combination
//! (`compare.csv`): each metric's value, the baseline's, their difference
//! with its 95% interval, whether it was paired by deal, the margin and the
//! equivalence verdict ([`crate::stats::equivalence`]).
//!
//! # What is compared
//!
//! - `seat_ratio`, seat by seat (players × the seat's win share), only
//!   against a baseline of the same player count;
//! - `max_seat_ratio`, `min_seat_ratio` (the best and the worst seat) and
//!   `seat_gap` (best minus worst win share): at any player count, from
//!   simultaneous per-seat intervals (Bonferroni over the seats of both);
//! - `tie_rate` and `mean_turns`: at any player count;
//! - `skill_elo`, per bot, for a lineup of two distinct bots against a
//!   baseline with the same two bots (from the two combinations' totals,
//!   standard errors from their intervals' widths).
//!
//! # Paired and unpaired differences
//!
//! Deal `d` of every combination of a sweep is dealt from the same seed
//! (common random numbers). When every deal of a combination has a deal of
//! the baseline with the same number and seed (and the two have as many
//! deals), the difference of a per-deal metric (a seat's win share, ties,
//! length) is *paired*: the mean of the per-deal differences of the two
//! combinations' deal means, with the standard error of that mean
//! (`s / √D`). Otherwise it is unpaired: the two estimates' cluster-robust
//! (by deal) standard errors combined, `√(se₁² + se₂²)`. The best and worst
//! seat, the seat gap and skill Elo are always unpaired.
//!
//! The games are read in one pass for the baseline's deals and a second for
//! every combination ([`Comparer`]), one row at a time: memory grows with
//! the baseline's deals, not with the games. Formulas and a worked example:
//! docs/statistics.md.

pub mod trend;

use std::collections::HashMap;
use std::fmt;

use crate::spec::one_line;
use crate::stats::equivalence::{self, Direction, normal_quantile};
use crate::tournament::rows::field;
use crate::tournament::{Plan, Totals};

/// The columns of `compare.csv` after the plan's value columns.
pub const COMPARE_COLUMNS: &str = "seat,bot,metric,value,baseline_value,diff,diff_low95,\
diff_high95,paired,margin,verdict";

/// A metric compared with the baseline.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Metric {
    /// A seat's players × win share (1 = fair).
    SeatRatio,
    /// The best seat's ratio.
    MaxSeatRatio,
    /// The worst seat's ratio.
    MinSeatRatio,
    /// Best minus worst seat's win share.
    SeatGap,
    /// A bot's Bradley-Terry Elo against the other bot of its lineup.
    SkillElo,
    /// The mean length in turns.
    MeanTurns,
    /// The share of games with a shared win.
    TieRate,
}

impl Metric {
    /// Every metric, in the order of `compare.csv`'s rows.
    pub const ALL: [Metric; 7] = [
        Metric::SeatRatio,
        Metric::MaxSeatRatio,
        Metric::MinSeatRatio,
        Metric::SeatGap,
        Metric::TieRate,
        Metric::MeanTurns,
        Metric::SkillElo,
    ];

    /// Its name (a column of `metrics.csv`, and a margin's key).
    pub fn name(self) -> &'static str {
        match self {
            Metric::SeatRatio => "seat_ratio",
            Metric::MaxSeatRatio => "max_seat_ratio",
            Metric::MinSeatRatio => "min_seat_ratio",
            Metric::SeatGap => "seat_gap",
            Metric::SkillElo => "skill_elo",
            Metric::MeanTurns => "mean_turns",
            Metric::TieRate => "tie_rate",
        }
    }

    /// The metric called `name`.
    pub fn from_name(name: &str) -> Option<Metric> {
        Metric::ALL.into_iter().find(|m| m.name() == name)
    }

    /// Which way it is better: seat ratios toward 1, skill higher, the gap
    /// lower, length and ties neither.
    pub fn direction(self) -> Direction {
        match self {
            Metric::SeatRatio | Metric::MaxSeatRatio | Metric::MinSeatRatio => Direction::TowardOne,
            Metric::SeatGap => Direction::Lower,
            Metric::SkillElo => Direction::Higher,
            Metric::MeanTurns | Metric::TieRate => Direction::Neither,
        }
    }

    /// Decimals written (as in `metrics.csv`).
    fn decimals(self) -> usize {
        match self {
            Metric::SkillElo => 1,
            Metric::MeanTurns => 3,
            _ => 4,
        }
    }
}

/// What is wrong with a baseline or a margin.
#[derive(Clone, Debug, PartialEq)]
pub enum CompareError {
    /// A `KEY=VALUE` list without that shape.
    Malformed {
        /// The text as given.
        text: String,
        /// What is wrong.
        why: String,
    },
    /// A baseline key that is not a value column of the sweep.
    UnknownKey {
        /// The key.
        key: String,
        /// The sweep's value columns.
        allowed: Vec<String>,
    },
    /// A margin for a metric that is not compared.
    UnknownMetric(String),
    /// A margin that is not a positive number.
    BadMargin {
        /// The metric.
        metric: String,
        /// The value as given.
        value: String,
    },
    /// No combination matches the baseline (with the values of the
    /// columns it leaves out held at a combination's own).
    NoMatch {
        /// The baseline as `key=value,...`.
        baseline: String,
        /// The held values it was matched with (`lineup=...`), if the
        /// baseline leaves columns out.
        held: Option<String>,
    },
    /// Several combinations match the baseline.
    Several {
        /// The baseline.
        baseline: String,
        /// How many match.
        count: usize,
    },
}

impl fmt::Display for CompareError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            CompareError::Malformed { text, why } => {
                write!(f, "`{}`: {}", one_line(text), one_line(why))
            }
            CompareError::UnknownKey { key, allowed } => write!(
                f,
                "`{}` is not a column of the sweep (its columns: {}){}",
                one_line(key),
                allowed.join(", "),
                crate::suggest::did_you_mean(key, allowed.iter().map(String::as_str))
            ),
            CompareError::UnknownMetric(m) => write!(
                f,
                "`{}` is not a compared metric (metrics: {}){}",
                one_line(m),
                Metric::ALL.map(Metric::name).join(", "),
                crate::suggest::did_you_mean(m, Metric::ALL.map(Metric::name))
            ),
            CompareError::BadMargin { metric, value } => write!(
                f,
                "the margin of {} `{}` is not a positive number",
                one_line(metric),
                one_line(value)
            ),
            CompareError::NoMatch { baseline, held } => match held {
                Some(l) => write!(
                    f,
                    "the baseline {} matches no combination with {} (the columns a baseline \
                     leaves out are held at each combination's own values: name them to \
                     compare every combination with one)",
                    one_line(baseline),
                    one_line(l)
                ),
                None => write!(
                    f,
                    "the baseline {} matches no combination",
                    one_line(baseline)
                ),
            },
            CompareError::Several { baseline, count } => write!(
                f,
                "the baseline {} matches {count} combinations, not one (the sweep plays the \
                 same combination twice)",
                one_line(baseline)
            ),
        }
    }
}

impl std::error::Error for CompareError {}

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

    /// The baseline as `key=value,...` (its canonical text, as in the
    /// manifest's settings).
    pub fn baseline_text(&self) -> String {
        pairs_text(&self.baseline)
    }

    /// The margins as `metric=value,...`.
    pub fn margins_text(&self) -> String {
        self.margins
            .iter()
            .map(|(m, v)| format!("{}={v}", m.name()))
            .collect::<Vec<_>>()
            .join(",")
    }

    /// Add a margin (`value` as given, for messages); a metric given twice
    /// keeps the last.
    pub fn add_margin(&mut self, metric: &str, value: &str) -> Result<(), CompareError> {
        let m = Metric::from_name(metric.trim())
            .ok_or_else(|| CompareError::UnknownMetric(metric.trim().to_string()))?;
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

    /// Add margins written `METRIC=VALUE,...` (`--margin`, the manifest).
    pub fn add_margins(&mut self, text: &str) -> Result<(), CompareError> {
        for (k, v) in parse_pairs(text)? {
            self.add_margin(&k, &v)?;
        }
        Ok(())
    }
}

/// `key=value,...` pairs (`--baseline 'players=4,removed=0'`); a lineup's
/// commas inside parentheses or quotes stay in its value, and a value may
/// be quoted (`lineup="greedy,random"`).
pub fn parse_pairs(text: &str) -> Result<Vec<(String, String)>, CompareError> {
    let malformed = |why: &str| CompareError::Malformed {
        text: text.to_string(),
        why: why.to_string(),
    };
    let mut items = Vec::new();
    let (mut depth, mut quoted, mut start) = (0i32, false, 0);
    for (i, c) in text.char_indices() {
        match c {
            '"' => quoted = !quoted,
            '(' if !quoted => depth += 1,
            ')' if !quoted => depth -= 1,
            ',' if !quoted && depth == 0 => {
                items.push(&text[start..i]);
                start = i + 1;
            }
            _ => {}
        }
    }
    items.push(&text[start..]);
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
fn pairs_text(pairs: &[(String, String)]) -> String {
    pairs
        .iter()
        .map(|(k, v)| format!("{k}={v}"))
        .collect::<Vec<_>>()
        .join(",")
}

/// Each part's baseline part: the one part whose values match the
/// baseline's and, on every value column the baseline leaves out (often
/// `lineup`; `players` to compare each player count with its own), the
/// part's own values. Refuses unknown keys, and baselines matching no part
/// or several.
pub fn baseline_parts(
    plan: &Plan,
    baseline: &[(String, String)],
) -> Result<Vec<usize>, CompareError> {
    let columns = plan.value_columns();
    let text = pairs_text(baseline);
    for (k, _) in baseline {
        if !columns.contains(&k.as_str()) {
            return Err(CompareError::UnknownKey {
                key: k.clone(),
                allowed: columns.iter().map(|c| c.to_string()).collect(),
            });
        }
    }
    let value = |p: usize, key: &str| {
        plan.parts[p]
            .values
            .iter()
            .find(|(k, _)| k == key)
            .map(|(_, v)| v.as_str())
    };
    let matches = |p: usize| {
        baseline.iter().all(|(k, v)| {
            value(p, k).is_some_and(|have| {
                have == v || (have.parse::<f64>().ok()).is_some_and(|a| v.parse::<f64>() == Ok(a))
            })
        })
    };
    // The value columns the baseline leaves out: held at each part's own.
    let held: Vec<&str> = columns
        .iter()
        .copied()
        .filter(|c| !baseline.iter().any(|(k, _)| k == c))
        .collect();
    let held_values =
        |p: usize| -> Vec<Option<&str>> { held.iter().map(|c| value(p, c)).collect() };
    let mut by_held: HashMap<Vec<Option<&str>>, usize> = HashMap::new();
    let mut out = Vec::with_capacity(plan.parts.len());
    for p in 0..plan.parts.len() {
        let own = held_values(p);
        if let Some(&b) = by_held.get(&own) {
            out.push(b);
            continue;
        }
        let found: Vec<usize> = (0..plan.parts.len())
            .filter(|&q| matches(q) && held_values(q) == own)
            .collect();
        match found.len() {
            1 => {
                by_held.insert(own, found[0]);
                out.push(found[0]);
            }
            0 => {
                let with: Vec<String> = held
                    .iter()
                    .zip(&own)
                    .map(|(c, v)| format!("{c}={}", v.unwrap_or("")))
                    .collect();
                return Err(CompareError::NoMatch {
                    baseline: text,
                    held: (!with.is_empty()).then(|| with.join(",")),
                });
            }
            count => {
                return Err(CompareError::Several {
                    baseline: text,
                    count,
                });
            }
        }
    }
    Ok(out)
}

/// One seat of one game, as `games.csv` holds it.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct SeatRow {
    /// The part (combination) the game belongs to.
    pub part: usize,
    /// The game's number.
    pub game: u64,
    /// Its deal's number in the part.
    pub deal: u64,
    /// The deal's seed.
    pub seed: u64,
    /// The seat.
    pub seat: usize,
    /// The seat's win share.
    pub win_share: f64,
    /// Whether the seat won (alone or shared).
    pub won: bool,
    /// The game's length in turns.
    pub turns: f64,
}

/// The per-deal quantities of one deal: sums over its games of ties,
/// turns and each seat's win share (in that order).
#[derive(Clone, Debug, PartialEq)]
struct Deal {
    seed: u64,
    games: u64,
    sums: Vec<f64>,
}

/// Quantities before the seats': ties, turns.
const TIES: usize = 0;
const TURNS: usize = 1;
const SEAT0: usize = 2;

/// A deal being read, and its current game.
#[derive(Clone, Debug)]
struct OpenDeal {
    number: u64,
    deal: Deal,
    game: Option<u64>,
    winners: u32,
}

impl OpenDeal {
    fn close_game(&mut self) {
        if self.game.is_some() && self.winners >= 2 {
            self.deal.sums[TIES] += 1.0;
        }
    }
}

/// Cluster-robust sums of one quantity over deals (floating point): deal
/// `g` has `n_g` games and total `S_g`.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
struct FloatClusters {
    clusters: f64,
    n: f64,
    sum: f64,
    sum_sq: f64,
    cross: f64,
    n_sq: f64,
}

impl FloatClusters {
    fn add(&mut self, n: f64, s: f64) {
        self.clusters += 1.0;
        self.n += n;
        self.sum += s;
        self.sum_sq += s * s;
        self.cross += n * s;
        self.n_sq += n * n;
    }

    fn mean(&self) -> f64 {
        if self.n == 0.0 {
            0.0
        } else {
            self.sum / self.n
        }
    }

    /// CR1: `G/(G−1) · Σ (S_g − n_g m)² / N²`.
    fn standard_error(&self) -> f64 {
        if self.clusters < 2.0 {
            return 0.0;
        }
        let m = self.mean();
        let ss = (self.sum_sq - 2.0 * m * self.cross + m * m * self.n_sq).max(0.0);
        (self.clusters / (self.clusters - 1.0) * ss).sqrt() / self.n
    }
}

/// Sums of per-deal differences of one quantity.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
struct Differences {
    deals: f64,
    sum: f64,
    sum_sq: f64,
}

impl Differences {
    /// The standard error of the mean difference, `s / √D`.
    fn standard_error(&self) -> f64 {
        if self.deals < 2.0 {
            return 0.0;
        }
        let mean = self.sum / self.deals;
        let var = ((self.sum_sq - self.deals * mean * mean) / (self.deals - 1.0)).max(0.0);
        (var / self.deals).sqrt()
    }
}

/// What is known of one part after reading its games.
#[derive(Clone, Debug, Default)]
struct PartSums {
    open: Option<OpenDeal>,
    own: Vec<FloatClusters>,
    differences: Vec<Differences>,
    /// Every deal so far had a baseline deal of the same number and seed.
    matched: bool,
    deals: u64,
}

/// The files a comparison writes.
#[derive(Clone, Debug, PartialEq)]
pub struct CompareFiles {
    /// `compare.csv`.
    pub compare: String,
    /// `trends.csv`, when the sweep has a trend (a numeric varied key with
    /// three or more values, or a declared trend).
    pub trends: Option<String>,
}

/// Reads a sweep's games (twice: [`Comparer::add_baseline`] on every row,
/// then [`Comparer::add`] on every row) and writes `compare.csv`.
pub struct Comparer {
    spec: CompareSpec,
    baseline_of: Vec<usize>,
    players: Vec<usize>,
    /// The baseline parts' deals, by part and deal number.
    baseline_deals: HashMap<usize, HashMap<u64, Deal>>,
    /// The baseline pass's open deals.
    baseline_open: HashMap<usize, OpenDeal>,
    parts: Vec<PartSums>,
}

/// Lowest common multiple of 1..=n: win shares (1/k for k winners) are
/// multiples of its inverse, so the 4-decimal shares of `games.csv` round
/// back to exact values.
fn share_unit(players: usize) -> f64 {
    fn gcd(a: u64, b: u64) -> u64 {
        if b == 0 { a } else { gcd(b, a % b) }
    }
    (1..=players.max(1) as u64).fold(1u64, |l, k| l / gcd(l, k) * k) as f64
}

/// Add `row` to the deals of one part (closing the open deal when a new
/// one starts); the closed deal, if any.
fn push_row(open: &mut Option<OpenDeal>, row: &SeatRow, players: usize) -> Option<(u64, Deal)> {
    let mut closed = None;
    if open.as_ref().is_some_and(|o| o.number != row.deal) {
        closed = close(open);
    }
    let o = open.get_or_insert_with(|| OpenDeal {
        number: row.deal,
        deal: Deal {
            seed: row.seed,
            games: 0,
            sums: vec![0.0; SEAT0 + players],
        },
        game: None,
        winners: 0,
    });
    if o.game != Some(row.game) {
        o.close_game();
        o.game = Some(row.game);
        o.winners = 0;
        o.deal.games += 1;
        o.deal.sums[TURNS] += row.turns;
    }
    o.winners += u32::from(row.won);
    if let Some(s) = o.deal.sums.get_mut(SEAT0 + row.seat) {
        let unit = share_unit(players);
        *s += (row.win_share * unit).round() / unit;
    }
    closed
}

/// Close the open deal.
fn close(open: &mut Option<OpenDeal>) -> Option<(u64, Deal)> {
    let mut o = open.take()?;
    o.close_game();
    Some((o.number, o.deal))
}

impl Comparer {
    /// A comparison of every part of `plan` with the baseline of `spec`
    /// (refused when the baseline matches no part or several).
    pub fn new(plan: &Plan, spec: &CompareSpec) -> Result<Comparer, CompareError> {
        let baseline_of = baseline_parts(plan, &spec.baseline)?;
        for t in &spec.trends {
            t.check(plan)?;
        }
        let parts = plan
            .parts
            .iter()
            .map(|_| PartSums {
                matched: true,
                ..PartSums::default()
            })
            .collect();
        Ok(Comparer {
            spec: spec.clone(),
            baseline_of,
            players: plan.parts.iter().map(|p| p.run.players).collect(),
            baseline_deals: HashMap::new(),
            baseline_open: HashMap::new(),
            parts,
        })
    }

    /// First pass: keep the deals of the baseline parts.
    pub fn add_baseline(&mut self, row: &SeatRow) {
        if !self.baseline_of.contains(&row.part) {
            return;
        }
        let players = self.players[row.part];
        let mut open = self.baseline_open.remove(&row.part);
        if let Some((n, deal)) = push_row(&mut open, row, players) {
            self.baseline_deals
                .entry(row.part)
                .or_default()
                .insert(n, deal);
        }
        if let Some(o) = open {
            self.baseline_open.insert(row.part, o);
        }
    }

    /// Second pass: accumulate every part's deals and their differences
    /// from the baseline's.
    pub fn add(&mut self, row: &SeatRow) {
        self.finish_baseline();
        let players = self.players[row.part];
        let closed = push_row(&mut self.parts[row.part].open, row, players);
        if let Some((n, deal)) = closed {
            self.fold(row.part, n, &deal);
        }
    }

    /// Close the baseline pass's open deals.
    fn finish_baseline(&mut self) {
        for (part, o) in std::mem::take(&mut self.baseline_open) {
            let mut open = Some(o);
            if let Some((n, deal)) = close(&mut open) {
                self.baseline_deals.entry(part).or_default().insert(n, deal);
            }
        }
    }

    /// Count a closed deal of `part`.
    fn fold(&mut self, part: usize, number: u64, deal: &Deal) {
        let base = self.baseline_of[part];
        let same_players = self.players[base] == self.players[part];
        let sums = &mut self.parts[part];
        sums.deals += 1;
        if sums.own.is_empty() {
            sums.own = vec![FloatClusters::default(); deal.sums.len()];
            sums.differences = vec![Differences::default(); deal.sums.len()];
        }
        let n = deal.games as f64;
        for (q, s) in deal.sums.iter().enumerate() {
            sums.own[q].add(n, *s);
        }
        let partner = self
            .baseline_deals
            .get(&base)
            .and_then(|d| d.get(&number))
            .filter(|b| b.seed == deal.seed && b.games > 0 && deal.games > 0);
        match partner {
            Some(b) => {
                let count = if same_players { deal.sums.len() } else { SEAT0 };
                for q in 0..count {
                    let d = deal.sums[q] / n - b.sums[q] / b.games as f64;
                    let diff = &mut sums.differences[q];
                    diff.deals += 1.0;
                    diff.sum += d;
                    diff.sum_sq += d * d;
                }
            }
            None => sums.matched = false,
        }
    }

    /// `compare.csv` (header included), after both passes; `totals` (the
    /// parts' totals, for skill Elo) in the plan's order.
    pub fn finish(self, plan: &Plan, totals: &[Totals]) -> String {
        self.finish_files(plan, totals).compare
    }

    /// `compare.csv` and `trends.csv` (see [`Comparer::finish`]).
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

#[cfg(test)]
mod tests;
