//! The description of a figure, as data: the kind, the columns, the
//! filters, the fitted trend and the reference series of a plot, read from
//! an experiment file's `[[plot]]` table ([`PlotSpec`]) or built from the
//! command line's flags, into a [`PlotRequest`] (which CSV, which output).
//! Drawing it is the front end's (`beachcomber plot`); nothing here reads
//! a CSV or writes a figure.

use std::collections::BTreeMap;
use std::fmt;
use std::path::{Path, PathBuf};
use std::str::FromStr;

use beachcomber::spec::one_line;
use beachcomber::stats::trend::Fit;

/// The kind of figure.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum PlotKind {
    /// y against x, one line per series, with a 95% band and points.
    #[default]
    Line,
    /// One bar per x category and series, with 95% error bars.
    Bars,
    /// The distribution of a column of a per-game CSV (one value per game).
    Hist,
    /// A league's ratings with their 95% intervals, one row per bot.
    Ratings,
}

impl PlotKind {
    /// Every kind, in the order of the help text.
    pub const ALL: [PlotKind; 4] = [
        PlotKind::Line,
        PlotKind::Bars,
        PlotKind::Hist,
        PlotKind::Ratings,
    ];

    /// The name of the kind, as `--kind` takes it.
    pub fn name(self) -> &'static str {
        match self {
            PlotKind::Line => "line",
            PlotKind::Bars => "bars",
            PlotKind::Hist => "hist",
            PlotKind::Ratings => "ratings",
        }
    }
}

/// A `--kind` (or `kind =`) that names no kind of figure.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UnknownPlotKind(pub String);

impl fmt::Display for UnknownPlotKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "unknown --kind `{}` (the kinds: line, bars, hist, ratings)",
            self.0
        )
    }
}

impl std::error::Error for UnknownPlotKind {}

impl FromStr for PlotKind {
    type Err = UnknownPlotKind;

    /// `line`, `bars`, `hist` or `ratings`.
    fn from_str(s: &str) -> Result<Self, UnknownPlotKind> {
        PlotKind::ALL
            .into_iter()
            .find(|k| k.name() == s)
            .ok_or_else(|| UnknownPlotKind(s.to_string()))
    }
}

impl fmt::Display for PlotKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl<'de> serde::Deserialize<'de> for PlotKind {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let s = String::deserialize(d)?;
        s.parse().map_err(serde::de::Error::custom)
    }
}

/// Where a figure's description came from, for the words its errors use:
/// `beachcomber plot`'s flags (`--where`), or an experiment file's
/// `[[plot]]` table (its keys: `where`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum PlotSource {
    /// The command line's flags.
    #[default]
    Flags,
    /// A `[[plot]]` table of an experiment file.
    Table,
}

impl PlotSource {
    /// The option `key` (`where`, `by`, `x`) as an error names it:
    /// `--where`, or `` `where` `` (a key of the table).
    pub fn option(self, key: &str) -> String {
        match self {
            PlotSource::Flags => format!("--{key}"),
            PlotSource::Table => format!("`{key}`"),
        }
    }

    /// "add --where or --by" in an error's advice: the options `keys`
    /// joined by "or", and for a table, where they go.
    pub fn advice(self, keys: &[&str]) -> String {
        let named: Vec<String> = keys.iter().map(|k| self.option(k)).collect();
        match self {
            PlotSource::Flags => format!("add {}", named.join(" or ")),
            PlotSource::Table => format!("add {} to the [[plot]] table", named.join(" or ")),
        }
    }

    /// The condition `column` = `value` as it is written here: `--where
    /// COL=VALUE`, or `where = { COL = "VALUE" }` (each escaped to one
    /// line).
    pub fn condition(self, column: &str, value: &str) -> String {
        match self {
            PlotSource::Flags => format!("--where {}={}", one_line(column), one_line(value)),
            PlotSource::Table => format!(
                "where = {{ {} = \"{}\" }}",
                one_line(column),
                one_line(value).replace('"', "\\\"")
            ),
        }
    }
}

/// One figure to draw: what `beachcomber plot` takes on its command line,
/// and what the experiment files' `[[plot]]` tables become.
#[derive(Clone, Debug)]
pub struct PlotRequest {
    /// The CSV file to read.
    pub input: PathBuf,
    /// The kind of figure.
    pub kind: PlotKind,
    /// The x column (line, bars, hist); ignored by `ratings`.
    pub x: String,
    /// The y column (line, bars); ignored by `hist` and `ratings`.
    pub y: Option<String>,
    /// The columns whose values make the series (one line, bar group or
    /// histogram per distinct combination).
    pub by: Vec<String>,
    /// Keep only the rows whose column equals the value (numbers compare
    /// as numbers: `20` matches `20.0`).
    pub filters: Vec<(String, String)>,
    /// The title; by default one made from the columns and filters.
    pub title: Option<String>,
    /// A fitted trend line per series (line figures only).
    pub fit: Option<Fit>,
    /// Line figures: the series whose rows meet one of these `COL=VALUE`
    /// conditions are references (a baseline of one point, such as the
    /// 4-player game without removals), drawn as a level dashed line with
    /// its band across the plot instead of a dot.
    pub references: Vec<(String, String)>,
    /// The output file (`.svg`, or `.png`: the SVG rasterized).
    pub out: PathBuf,
    /// Flags or a `[[plot]]` table: how errors name the options.
    pub source: PlotSource,
}

/// Which CSV of a run a `[[plot]]` table reads.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, serde::Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum PlotInput {
    /// The sweep's `metrics.csv` (the default).
    #[default]
    Metrics,
    /// The per-game CSV.
    Games,
    /// A league's ratings CSV.
    Ratings,
    /// A balance-by-skill experiment's `skill.csv` (`[criterion.skill]`):
    /// `x = "elo"`, `y = "seat0_ratio"` draws seat 0's ratio against Elo.
    Skill,
}

/// A value of a `where` table: TOML strings, numbers and booleans.
#[derive(Clone, Debug, PartialEq, serde::Deserialize)]
#[serde(untagged)]
pub enum FilterValue {
    /// A boolean (`capped = true`).
    Bool(bool),
    /// An integer (`seat = 0`).
    Int(i64),
    /// A number (`c = 0.7`).
    Float(f64),
    /// A string (`scoring = "advanced"`).
    Text(String),
}

impl fmt::Display for FilterValue {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            FilterValue::Bool(b) => write!(f, "{b}"),
            FilterValue::Int(i) => write!(f, "{i}"),
            FilterValue::Float(x) => write!(f, "{x}"),
            FilterValue::Text(s) => f.write_str(s),
        }
    }
}

/// `by = "players"` or `by = ["players", "bot"]`.
#[derive(Clone, Debug, PartialEq, serde::Deserialize)]
#[serde(untagged)]
pub enum Columns {
    /// One column.
    One(String),
    /// Several columns.
    Many(Vec<String>),
}

impl Default for Columns {
    fn default() -> Self {
        Columns::Many(Vec::new())
    }
}

impl Columns {
    /// The column names.
    pub fn to_vec(&self) -> Vec<String> {
        match self {
            Columns::One(c) => vec![c.clone()],
            Columns::Many(v) => v.clone(),
        }
    }
}

/// A `[[plot]]` table of an experiment file:
///
/// ```toml
/// [[plot]]
/// kind = "line"            # line (default), bars, hist, ratings
/// x = "removed"
/// y = "win_share"
/// by = "players"           # or ["players", "bot"]
/// where = { seat = 0 }
/// title = "Win share of the first player"
/// file = "win_share.svg"   # relative to the results folder
/// input = "metrics"        # metrics (default), games, ratings, skill
/// fit = "linear"           # a trend line per series (line only): linear, log
/// reference = ["players=4"] # one-point series drawn as level lines (line only)
/// ```
#[derive(Clone, Debug, serde::Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PlotSpec {
    /// The kind of figure (default line).
    #[serde(default)]
    pub kind: PlotKind,
    /// The x column (not needed for ratings).
    #[serde(default)]
    pub x: Option<String>,
    /// The y column (line and bars).
    #[serde(default)]
    pub y: Option<String>,
    /// The series columns.
    #[serde(default)]
    pub by: Columns,
    /// Column = value filters.
    #[serde(default, rename = "where")]
    pub filters: BTreeMap<String, FilterValue>,
    /// The title (default: generated).
    #[serde(default)]
    pub title: Option<String>,
    /// The output file name, relative to the results folder.
    pub file: String,
    /// Which CSV to read (default metrics).
    #[serde(default)]
    pub input: PlotInput,
    /// A fitted trend line per series (line figures only).
    #[serde(default, deserialize_with = "deserialize_fit")]
    pub fit: Option<Fit>,
    /// `COL=VALUE` conditions of the reference series (line figures only).
    #[serde(default, deserialize_with = "deserialize_references")]
    pub reference: Vec<(String, String)>,
}

/// `reference = ["players=4", "players=5"]`: each a `COL=VALUE`.
fn deserialize_references<'de, D: serde::Deserializer<'de>>(
    d: D,
) -> Result<Vec<(String, String)>, D::Error> {
    let given = <Vec<String> as serde::Deserialize>::deserialize(d)?;
    parse_conditions("reference", &given).map_err(serde::de::Error::custom)
}

/// A condition that is not `COL=VALUE`, with the option (or key) that
/// took it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NotACondition {
    /// The option or key (`--where`, `reference`).
    pub option: String,
    /// The text given.
    pub given: String,
}

impl fmt::Display for NotACondition {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{} takes COL=VALUE, not `{}`",
            self.option,
            one_line(&self.given)
        )
    }
}

impl std::error::Error for NotACondition {}

/// `COL=VALUE` conditions, or an error naming `option` and the one that
/// is not of that form.
pub fn parse_conditions(
    option: &str,
    given: &[String],
) -> Result<Vec<(String, String)>, NotACondition> {
    given
        .iter()
        .map(|f| match f.split_once('=') {
            Some((c, v)) if !c.is_empty() => Ok((c.to_string(), v.to_string())),
            _ => Err(NotACondition {
                option: option.to_string(),
                given: f.clone(),
            }),
        })
        .collect()
}

/// A `--fit` that is neither `linear` nor `log`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UnknownFit(pub String);

impl fmt::Display for UnknownFit {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "unknown --fit `{}` (linear or log)", one_line(&self.0))
    }
}

impl std::error::Error for UnknownFit {}

/// `linear` or `log`, as `--fit` takes it.
pub fn parse_fit(text: &str) -> Result<Fit, UnknownFit> {
    match text {
        "linear" => Ok(Fit::Linear),
        "log" => Ok(Fit::Log),
        _ => Err(UnknownFit(text.to_string())),
    }
}

/// `fit = "linear"` or `fit = "log"` of a `[[plot]]` table.
fn deserialize_fit<'de, D: serde::Deserializer<'de>>(d: D) -> Result<Option<Fit>, D::Error> {
    let text = <String as serde::Deserialize>::deserialize(d)?;
    match text.as_str() {
        "linear" => Ok(Some(Fit::Linear)),
        "log" => Ok(Some(Fit::Log)),
        _ => Err(serde::de::Error::custom(format!(
            "unknown fit `{}` (linear or log)",
            one_line(&text)
        ))),
    }
}

impl PlotSpec {
    /// The request that draws this figure from `input` (the CSV that
    /// [`PlotSpec::input`] names) into `results_dir`/[`PlotSpec::file`].
    pub fn request(&self, input: PathBuf, results_dir: &Path) -> PlotRequest {
        PlotRequest {
            input,
            kind: self.kind,
            x: self.x.clone().unwrap_or_default(),
            y: self.y.clone(),
            by: self.by.to_vec(),
            filters: self
                .filters
                .iter()
                .map(|(k, v)| (k.clone(), v.to_string()))
                .collect(),
            title: self.title.clone(),
            fit: self.fit,
            references: self.reference.clone(),
            out: results_dir.join(&self.file),
            source: PlotSource::Table,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn kinds_round_trip() {
        for k in PlotKind::ALL {
            assert_eq!(k.to_string().parse::<PlotKind>(), Ok(k));
        }
        assert_eq!(
            "pie".parse::<PlotKind>().unwrap_err().to_string(),
            "unknown --kind `pie` (the kinds: line, bars, hist, ratings)"
        );
    }

    #[test]
    fn fits_and_conditions_parse_or_say_why_not() {
        assert_eq!(parse_fit("log"), Ok(Fit::Log));
        assert_eq!(parse_fit("linear"), Ok(Fit::Linear));
        assert_eq!(
            parse_fit("quadratic").unwrap_err().to_string(),
            "unknown --fit `quadratic` (linear or log)"
        );
        assert_eq!(
            parse_conditions("--where", &["seat=0".to_string(), "a==b".to_string()]),
            Ok(vec![
                ("seat".to_string(), "0".to_string()),
                ("a".to_string(), "=b".to_string())
            ])
        );
        assert_eq!(
            parse_conditions("--where", &["=0".to_string()])
                .unwrap_err()
                .to_string(),
            "--where takes COL=VALUE, not `=0`"
        );
    }

    #[test]
    fn a_table_names_its_keys_and_flags_their_options() {
        assert_eq!(
            PlotSource::Flags.advice(&["where", "by"]),
            "add --where or --by"
        );
        assert_eq!(
            PlotSource::Table.advice(&["where", "by"]),
            "add `where` or `by` to the [[plot]] table"
        );
        assert_eq!(
            PlotSource::Flags.condition("deck", "a b"),
            "--where deck=a b"
        );
        assert_eq!(
            PlotSource::Table.condition("deck", "say \"hi\""),
            r#"where = { deck = "say \"hi\"" }"#
        );
        assert_eq!(PlotSource::Table.option("by"), "`by`");
    }

    #[test]
    fn plot_spec_reads_a_plot_table() {
        let spec: PlotSpec = serde_json::from_str(
            r#"{"kind": "bars", "x": "seat", "y": "win_share", "by": ["players", "bot"],
                "where": {"removed": 20, "scoring": "advanced", "c": 0.5},
                "file": "seats.svg"}"#,
        )
        .unwrap();
        let r = spec.request(PathBuf::from("m.csv"), Path::new("results/a"));
        assert_eq!(r.kind, PlotKind::Bars);
        assert_eq!(r.by, ["players", "bot"]);
        assert_eq!(
            r.filters,
            [
                ("c".to_string(), "0.5".to_string()),
                ("removed".to_string(), "20".to_string()),
                ("scoring".to_string(), "advanced".to_string()),
            ]
        );
        assert_eq!(r.out, Path::new("results/a/seats.svg"));
        assert_eq!(r.source, PlotSource::Table);
        assert_eq!(spec.input, PlotInput::Metrics);
        let one: PlotSpec = serde_json::from_str(
            r#"{"x": "removed", "by": "players", "file": "f.svg", "input": "games"}"#,
        )
        .unwrap();
        assert_eq!(one.by.to_vec(), ["players"]);
        assert_eq!(one.kind, PlotKind::Line);
        assert_eq!(one.input, PlotInput::Games);
        assert_eq!(one.fit, None);
        let fitted: PlotSpec =
            serde_json::from_str(r#"{"x": "length", "fit": "log", "file": "f.svg"}"#).unwrap();
        assert_eq!(
            fitted.request(PathBuf::from("m.csv"), Path::new("r")).fit,
            Some(Fit::Log)
        );
        assert!(serde_json::from_str::<PlotSpec>(r#"{"fit": "cubic", "file": "f.svg"}"#).is_err());
        assert!(serde_json::from_str::<PlotSpec>(r#"{"file": "f.svg", "colour": 1}"#).is_err());
    }
}
