//! Every metric, defined once ([`METRICS`]): `metrics.csv`'s columns in
//! this order, compare's metrics ([`crate::compare::Metric`]) and the
//! printed summary's columns. A new metric is one more definition here;
//! a metric of every ply (with its [`super::PlyObserver`]) is one more of
//! [`super::quality::QUALITY_METRICS`], measured when a run asks for it.

use super::definition::{IntervalKind, MetricDefinition, SummaryColumn};
use super::row::{Interval, MetricRow, three};
use crate::stats::equivalence::Direction;

/// The row's seat-games.
pub const GAMES: MetricDefinition = MetricDefinition {
    name: "games",
    words: "games",
    unit: "",
    columns: &["games"],
    interval: IntervalKind::None,
    decimals: 0,
    direction: Direction::Neither,
    value: |r| Some(vec![r.games() as f64]),
    summary: Some(SummaryColumn {
        header: "games",
        width: 7,
        cell: |r| format!("{:>7}", r.games()),
    }),
    per_ply: None,
};

/// The row's win share.
pub const WIN_SHARE: MetricDefinition = MetricDefinition {
    name: "win_share",
    words: "share of wins",
    unit: "fraction of games",
    columns: &["win_share", "win_low95", "win_high95"],
    interval: IntervalKind::Bounds,
    decimals: 4,
    direction: Direction::Higher,
    value: |r| Some(three(r.win_share())),
    summary: Some(SummaryColumn {
        header: "seat 0 win share (95%)",
        width: 24,
        cell: |r| {
            let (share, low, high) = r.win_share();
            format!(
                "{:>7.1}% [{:>5.1}, {:>5.1}]",
                100.0 * share,
                100.0 * low,
                100.0 * high
            )
        },
    }),
    per_ply: None,
};

/// The row's mean score.
pub const MEAN_SCORE: MetricDefinition = MetricDefinition {
    name: "mean_score",
    words: "score",
    unit: "mean points",
    columns: &["mean_score", "score_ci95"],
    interval: IntervalKind::HalfWidth,
    decimals: 3,
    direction: Direction::Higher,
    value: |r| Some(two(r.score())),
    summary: None,
    per_ply: None,
};

/// The share of games with a shared win.
pub const TIE_RATE: MetricDefinition = MetricDefinition {
    name: "tie_rate",
    words: "share of ties",
    unit: "fraction of games",
    columns: &["tie_rate", "tie_low95", "tie_high95"],
    interval: IntervalKind::Bounds,
    decimals: 4,
    direction: Direction::Neither,
    value: |r| Some(three(r.tie_interval())),
    summary: Some(SummaryColumn {
        header: "ties",
        width: 8,
        cell: |r| format!("{:>7.2}%", 100.0 * r.tie_rate()),
    }),
    per_ply: None,
};

/// The mean length in decisions.
pub const MEAN_PLIES: MetricDefinition = MetricDefinition {
    name: "mean_plies",
    words: "decisions per game",
    unit: "mean",
    columns: &["mean_plies", "sd_plies", "plies_ci95"],
    interval: IntervalKind::SdAndHalfWidth,
    decimals: 3,
    direction: Direction::Neither,
    value: |r| Some(three(r.plies())),
    summary: None,
    per_ply: None,
};

/// The mean length in turns.
pub const MEAN_TURNS: MetricDefinition = MetricDefinition {
    name: "mean_turns",
    words: "turns per game",
    unit: "mean",
    columns: &["mean_turns", "sd_turns", "turns_ci95"],
    interval: IntervalKind::SdAndHalfWidth,
    decimals: 3,
    direction: Direction::Neither,
    value: |r| Some(three(r.turns())),
    summary: Some(SummaryColumn {
        header: "turns (sd)",
        width: 14,
        cell: |r| {
            let (turns, sd, _) = r.turns();
            format!("{turns:>7.1} ({sd:.1})")
        },
    }),
    per_ply: None,
};

/// The mean winning margin (best score minus second best).
pub const MEAN_MARGIN: MetricDefinition = MetricDefinition {
    name: "mean_margin",
    words: "winning margin",
    unit: "mean points",
    columns: &["mean_margin", "margin_ci95"],
    interval: IntervalKind::HalfWidth,
    decimals: 3,
    direction: Direction::Neither,
    value: |r| r.margin().map(two),
    summary: None,
    per_ply: None,
};

/// A bot's win share minus the other's, paired per deal.
pub const PAIRED_DIFF: MetricDefinition = MetricDefinition {
    name: "paired_diff",
    words: "paired difference from the baseline",
    unit: "",
    columns: &["paired_diff", "paired_ci95"],
    interval: IntervalKind::HalfWidth,
    decimals: 4,
    direction: Direction::Higher,
    value: |r| r.paired_difference().map(two),
    summary: None,
    per_ply: None,
};

/// A seat's players × win share (1 = fair).
pub const SEAT_RATIO: MetricDefinition = MetricDefinition {
    name: "seat_ratio",
    words: "seat's ratio",
    unit: "players x share of wins; 1 = fair",
    columns: &["seat_ratio", "seat_ratio_low95", "seat_ratio_high95"],
    interval: IntervalKind::Bounds,
    decimals: 4,
    direction: Direction::TowardOne,
    value: |r| r.seat_ratio().map(three),
    summary: None,
    per_ply: None,
};

/// The best seat's ratio.
pub const MAX_SEAT_RATIO: MetricDefinition = MetricDefinition {
    name: "max_seat_ratio",
    words: "best seat's ratio",
    unit: "players x share of wins; 1 = fair",
    columns: &[
        "max_seat_ratio",
        "max_seat_ratio_low95",
        "max_seat_ratio_high95",
    ],
    interval: IntervalKind::Bounds,
    decimals: 4,
    direction: Direction::TowardOne,
    value: |r| r.max_seat_ratio().map(three),
    summary: Some(SummaryColumn {
        header: "best seat ratio (95%)",
        width: 22,
        cell: |r| format!("{:>22}", ratio_cell(r.max_seat_ratio())),
    }),
    per_ply: None,
};

/// The worst seat's ratio.
pub const MIN_SEAT_RATIO: MetricDefinition = MetricDefinition {
    name: "min_seat_ratio",
    words: "worst seat's ratio",
    unit: "players x share of wins; 1 = fair",
    columns: &[
        "min_seat_ratio",
        "min_seat_ratio_low95",
        "min_seat_ratio_high95",
    ],
    interval: IntervalKind::Bounds,
    decimals: 4,
    direction: Direction::TowardOne,
    value: |r| r.min_seat_ratio().map(three),
    summary: Some(SummaryColumn {
        header: "worst seat ratio (95%)",
        width: 22,
        cell: |r| format!("{:>22}", ratio_cell(r.min_seat_ratio())),
    }),
    per_ply: None,
};

/// Best minus worst seat's win share.
pub const SEAT_GAP: MetricDefinition = MetricDefinition {
    name: "seat_gap",
    words: "best minus worst seat's share of wins",
    unit: "fraction of games",
    columns: &["seat_gap", "seat_gap_low95", "seat_gap_high95"],
    interval: IntervalKind::Bounds,
    decimals: 4,
    direction: Direction::Lower,
    value: |r| r.seat_gap().map(three),
    summary: None,
    per_ply: None,
};

/// A bot's Bradley-Terry Elo against the other bot of its lineup.
pub const SKILL_ELO: MetricDefinition = MetricDefinition {
    name: "skill_elo",
    words: "skill",
    unit: "Elo against the other bot",
    columns: &["skill_elo", "skill_elo_low95", "skill_elo_high95"],
    interval: IntervalKind::Bounds,
    decimals: 1,
    direction: Direction::Higher,
    value: |r| r.skill_elo().map(three),
    summary: None,
    per_ply: None,
};

/// Every metric, in the order of `metrics.csv`'s columns (after `seat`
/// and `bot`, before the game's own metrics) and of the summary's.
pub const METRICS: &[MetricDefinition] = &[
    GAMES,
    WIN_SHARE,
    MEAN_SCORE,
    TIE_RATE,
    MEAN_PLIES,
    MEAN_TURNS,
    MEAN_MARGIN,
    PAIRED_DIFF,
    SEAT_RATIO,
    MAX_SEAT_RATIO,
    MIN_SEAT_RATIO,
    SEAT_GAP,
    SKILL_ELO,
];

/// The metric called `name` (of [`METRICS`] or of
/// [`super::quality::QUALITY_METRICS`]).
pub fn find(name: &str) -> Option<&'static MetricDefinition> {
    METRICS
        .iter()
        .chain(super::quality::QUALITY_METRICS)
        .find(|m| m.name == name)
}

/// `metrics.csv`'s columns after the value columns, before the game's own
/// metrics: `seat`, `bot`, then every metric's.
pub fn metrics_columns() -> Vec<&'static str> {
    let mut columns = vec!["seat", "bot"];
    columns.extend(METRICS.iter().flat_map(|m| m.columns.iter().copied()));
    columns
}

/// The summary's header after the combination column (each column with
/// its leading space).
pub fn summary_header() -> String {
    METRICS
        .iter()
        .filter_map(|m| m.summary)
        .map(|s| format!(" {:>w$}", s.header, w = s.width))
        .collect()
}

/// The summary's cells of a combination, given its seat-0 row (each with
/// its leading space).
pub fn summary_cells(row: &dyn MetricRow) -> String {
    METRICS
        .iter()
        .filter_map(|m| m.summary)
        .map(|s| format!(" {}", (s.cell)(row)))
        .collect()
}

fn two((v, half): (f64, f64)) -> Vec<f64> {
    vec![v, half]
}

/// A seat ratio in the summary: `1.000 [0.950, 1.050]`, or `—`.
fn ratio_cell(ratio: Option<Interval>) -> String {
    match ratio {
        Some((v, low, high)) => format!("{v:.3} [{low:.3}, {high:.3}]"),
        None => "—".to_string(),
    }
}
