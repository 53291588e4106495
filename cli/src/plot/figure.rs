//! A figure ready to draw (its series of points, titles and axes), and
//! what the kinds of figure share: titles, axis labels, short labels of
//! bot specs, the band columns of a y column and the `--x` column.

use super::error::PlotError;
use beachcomber::metrics::registry;
use beachcomber::stats::trend::{Fit, Trend};

pub(super) use beachcomber_bots::short_label;
use beachcomber_store::csv_rows::Rows;
use beachcomber_studies::plot_spec::{PlotKind, PlotRequest};

/// The 95% interval of a y column, by the naming convention of the CSVs.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(super) enum Band {
    /// `STEM_low95` and `STEM_high95`.
    LowHigh(usize, usize),
    /// y ± `STEM_ci95`.
    HalfWidth(usize),
    None,
}

/// The stem of a y column: without a leading `mean_` and a trailing
/// `_share` or `_rate`.
pub(super) fn stem(y: &str) -> &str {
    let s = y.strip_prefix("mean_").unwrap_or(y);
    s.strip_suffix("_share")
        .or_else(|| s.strip_suffix("_rate"))
        .unwrap_or(s)
}

/// The band columns of the y column `y` in `rows`' header.
pub(super) fn band_columns(table: &Rows, y: &str) -> Band {
    let stem = stem(y);
    match (
        table.find(&format!("{stem}_low95")),
        table.find(&format!("{stem}_high95")),
        table.find(&format!("{stem}_ci95")),
    ) {
        (Some(l), Some(h), _) => Band::LowHigh(l, h),
        (_, _, Some(c)) => Band::HalfWidth(c),
        _ => Band::None,
    }
}

/// What a column that is no metric's name means in words, and its unit: one
/// table for titles, axis labels and legends (`mean_removed` is "tokens
/// removed", "mean"); a metric's words and unit are its definition's
/// ([`beachcomber::metrics::MetricDefinition::words`]). A column in neither
/// is read as words with `_` as spaces.
const COLUMN_WORDS: &[(&str, &str, &str)] = &[
    ("players", "number of players", ""),
    ("removed", "tokens removed", ""),
    ("mean_removed", "tokens removed", "mean"),
    ("seat", "seat", "0 moves first"),
    ("lineup", "lineup", ""),
    ("bot", "bot", ""),
    ("plies", "decisions per game", ""),
    ("sd_plies", "decisions per game", "standard deviation"),
    ("turns", "turns per game", ""),
    ("sd_turns", "turns per game", "standard deviation"),
    ("score", "score", "points"),
    ("margin", "winning margin", "points"),
    ("rating", "rating", "Elo"),
    ("tokens_per_player", "tokens per player", ""),
    (
        "odd_tokens_share",
        "share of games with odd tokens",
        "fraction of games",
    ),
    ("capped_share", "share of capped games", "fraction of games"),
];

/// The words and unit of column `col` when they are known: a metric's
/// from its definition, else from [`COLUMN_WORDS`].
fn known_words(col: &str) -> Option<(&'static str, &'static str)> {
    match registry::find(col) {
        Some(metric) => Some((metric.words, metric.unit)),
        None => COLUMN_WORDS
            .iter()
            .find(|(c, _, _)| *c == col)
            .map(|&(_, words, unit)| (words, unit)),
    }
}

/// What column `col` means in words: its known words ([`known_words`]),
/// else a `STEM_share` or `STEM_rate` as "share of STEM", else the name
/// with spaces for `_`.
pub(super) fn words(col: &str) -> String {
    if let Some((w, _)) = known_words(col) {
        return w.to_string();
    }
    let spaced = |s: &str| s.replace('_', " ");
    match col
        .strip_suffix("_share")
        .or_else(|| col.strip_suffix("_rate"))
    {
        Some(s) => format!("share of {}", spaced(s)),
        None => spaced(col),
    }
}

/// The axis label of a column: its words and, where known, its unit
/// (`share of wins (fraction of games)`).
pub(super) fn axis_label(col: &str) -> String {
    let unit = match known_words(col) {
        Some((_, unit)) => unit,
        None if col.ends_with("_share") || col.ends_with("_rate") => "fraction of games",
        None => "",
    };
    if unit.is_empty() {
        words(col)
    } else {
        format!("{} ({unit})", words(col))
    }
}

/// `text` with its first letter upper-case (titles).
pub(super) fn capitalized(text: &str) -> String {
    let mut chars = text.chars();
    match chars.next() {
        Some(first) => first.to_uppercase().chain(chars).collect(),
        None => String::new(),
    }
}

/// One point of a series; `band` is its 95% interval.
#[derive(Clone, Debug)]
pub(super) struct Point {
    pub x: f64,
    pub y: f64,
    pub band: Option<(f64, f64)>,
}

/// A series: its legend label, its points (sorted by x) and, with
/// `--fit`, its fitted trend; a `reference` (`--reference`) has one point,
/// drawn as a level line across the plot.
#[derive(Clone, Debug)]
pub(super) struct Series {
    pub label: String,
    pub points: Vec<Point>,
    pub trend: Option<Trend>,
    pub reference: bool,
}

/// A figure, ready to draw.
#[derive(Clone, Debug)]
pub(super) struct Figure {
    pub kind: PlotKind,
    pub title: String,
    pub x_label: String,
    pub y_label: String,
    /// Category names of the x axis (at 0, 1, ...), if categorical.
    pub x_categories: Option<Vec<String>>,
    /// Category names of the y axis (ratings: the bots, at 0, 1, ...).
    pub y_categories: Option<Vec<String>>,
    pub series: Vec<Series>,
    /// Fair shares: (players, 1/players).
    pub fair: Vec<(u64, f64)>,
    /// The x axis is the player count: the fair share is one dashed line
    /// through (players, 1/players) instead of a level line per count.
    pub fair_along_x: bool,
    /// Histogram bin width.
    pub bin: f64,
    /// The form of the series' trend lines (`--fit`).
    pub fit: Option<Fit>,
    /// With `--fit`: each series without a trend, and why
    /// (`players=3: 2 points (...)`).
    pub unfitted: Vec<String>,
}

/// The title when none is given, in words: `main`, the series and the
/// filters ("Share of wins by tokens removed, per number of players (seat
/// = 0)").
pub(super) fn default_title(main: String, by: &[String], filters: &[(String, String)]) -> String {
    let mut t = capitalized(&main);
    if !by.is_empty() {
        let by: Vec<String> = by.iter().map(|b| words(b)).collect();
        t.push_str(&format!(", per {}", by.join(", ")));
    }
    if !filters.is_empty() {
        let filters: Vec<String> = filters
            .iter()
            .map(|(c, v)| format!("{} = {}", words(c), short_label(v)))
            .collect();
        t.push_str(&format!(" ({})", filters.join(", ")));
    }
    t
}

/// The `--x` column, which every kind but `ratings` needs.
pub(super) fn need_x(request: &PlotRequest, table: &Rows) -> Result<usize, PlotError> {
    if request.x.is_empty() {
        return Err(format!(
            "--kind {} needs --x COL (the columns of {}: {})",
            request.kind,
            table.path,
            table.columns_text()
        )
        .into());
    }
    Ok(table.column(&request.source.option("x"), &request.x)?)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn stems() {
        assert_eq!(stem("win_share"), "win");
        assert_eq!(stem("tie_rate"), "tie");
        assert_eq!(stem("mean_plies"), "plies");
        assert_eq!(stem("mean_score"), "score");
        assert_eq!(stem("capped_share"), "capped");
        assert_eq!(stem("tokens_per_player"), "tokens_per_player");
    }

    #[test]
    fn a_metrics_words_are_its_definitions() {
        for metric in registry::METRICS
            .iter()
            .chain(beachcomber::metrics::quality::QUALITY_METRICS)
        {
            assert_eq!(words(metric.name), metric.words, "{}", metric.name);
        }
        assert_eq!(words("win_share"), "share of wins");
        assert_eq!(axis_label("win_share"), "share of wins (fraction of games)");
        assert_eq!(
            axis_label("seat_ratio"),
            "seat's ratio (players x share of wins; 1 = fair)"
        );
        assert_eq!(axis_label("skill_elo"), "skill (Elo against the other bot)");
        assert_eq!(axis_label("mean_drama"), "mean drama");
        assert_eq!(
            axis_label("comeback_rate"),
            "share of comeback (fraction of games)"
        );
        assert_eq!(axis_label("mean_turns"), "turns per game (mean)");
        assert_eq!(
            axis_label("sd_turns"),
            "turns per game (standard deviation)"
        );
    }
}
