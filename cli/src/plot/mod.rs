//! `beachcomber plot`: SVG figures from the CSV files of sweeps
//! (`metrics.csv`), tournaments (the per-game CSV) and leagues (the ratings
//! CSV). See docs/plots.md.
//!
//! A figure is made in two steps: the rows of the CSV are read one at a
//! time ([`rows`]), selected (`--where`), grouped into series (`--by`) and
//! aggregated as they are read (one row per point of a line or bar plot,
//! a count per bin for a histogram: [`xy`], [`hist`], [`ratings`]) into a
//! [`figure::Figure`], so that memory does not grow with the file; then the
//! figure is drawn with plotters into an SVG string ([`draw`]), which is
//! written to a temporary file beside the output and renamed, so that a
//! failure never leaves a partial file.

mod draw;
mod error;
mod figure;
mod fit;
mod hist;
mod ratings;
mod rows;
mod xy;

use beachcomber::spec::{one_line, one_line_path};
use std::collections::BTreeMap;
use std::fmt;
use std::path::{Path, PathBuf};
use std::str::FromStr;

use clap::Args;

use beachcomber::stats::trend::Fit;

use beachcomber_store::files::output::write_whole;
pub use error::PlotError;

pub use figure::short_label;
use fit::parse_fit;
use rows::Rows;

/// Examples shown after `beachcomber plot --help`.
pub const EXAMPLES: &str = "\
Examples:
  beachcomber plot results/NAME/metrics.csv --x removed --y win_share --by players \\
      --where seat=0 --where lineup=random --out fig.svg
  beachcomber plot results/NAME/metrics.csv --kind bars --x seat --y win_share --by players \\
      --where removed=0 --where lineup=random --out seats.png
  beachcomber plot games.csv --kind hist --x turns --by players --out turns.svg
  beachcomber plot ratings.csv --kind ratings --out ratings.svg
  beachcomber plot results/NAME/metrics.csv --x removed --y win_share --by players \\
      --where seat=0 --where lineup=random --fit linear --out trend.svg
  beachcomber plot results/seaside-removals/metrics.csv --x removed --y max_seat_ratio \\
      --by players --where seat=0 --where lineup=random --reference players=4 \\
      --reference players=5 --out best-seat.svg

Kinds: line (y against x, one line per --by value, 95% band), bars (one bar per
x category, grouped by --by, 95% error bars), hist (distribution of a column
of a per-game CSV, one value per game), ratings (a league's ratings with
their 95% intervals). The band of a column Y comes from STEM_low95 and
STEM_high95, or Y ± STEM_ci95, where STEM is Y without a leading `mean_` and
a trailing `_share` or `_rate`. With --y win_share the fair share 1/players
is drawn as a dashed line. --fit linear|log (line figures): a weighted
least-squares line per series (y on x, or on ln x), dashed in the series'
colour, its slope with a 95% interval in the legend. --reference COL=VALUE
(line figures): that one-point series (a baseline) drawn as a level dashed line
with its band across the plot. See docs/plots.md.";

/// The default figure size in pixels (width, height).
pub const DEFAULT_SIZE: (u32, u32) = (800, 500);

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

impl FromStr for PlotKind {
    type Err = String;

    /// `line`, `bars`, `hist` or `ratings`.
    fn from_str(s: &str) -> Result<Self, String> {
        PlotKind::ALL
            .into_iter()
            .find(|k| k.name() == s)
            .ok_or_else(|| format!("unknown --kind `{s}` (the kinds: line, bars, hist, ratings)"))
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
/// input = "metrics"        # metrics (default), games, ratings
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
    #[serde(default, deserialize_with = "fit::deserialize_fit")]
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

/// `COL=VALUE` conditions, or an error naming `option` and the one that
/// is not of that form.
pub fn parse_conditions(option: &str, given: &[String]) -> Result<Vec<(String, String)>, String> {
    given
        .iter()
        .map(|f| match f.split_once('=') {
            Some((c, v)) if !c.is_empty() => Ok((c.to_string(), v.to_string())),
            _ => Err(format!("{option} takes COL=VALUE, not `{}`", one_line(f))),
        })
        .collect()
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
        }
    }
}

/// Options of `beachcomber plot`.
#[derive(Args, Debug)]
pub struct PlotArgs {
    /// The CSV to plot: a sweep's metrics.csv, a per-game CSV (--kind hist)
    /// or a league's ratings CSV (--kind ratings).
    #[arg(value_name = "FILE.csv")]
    pub input: PathBuf,
    /// line, bars, hist or ratings.
    #[arg(long, value_name = "KIND", default_value = "line")]
    pub kind: String,
    /// The x column (line, bars: the categories; hist: the column counted).
    #[arg(long, value_name = "COL")]
    pub x: Option<String>,
    /// The y column (line, bars).
    #[arg(long, value_name = "COL")]
    pub y: Option<String>,
    /// Series: one per distinct value of these columns.
    #[arg(long, value_name = "COL[,COL...]", value_delimiter = ',')]
    pub by: Vec<String>,
    /// Keep only the rows where COL equals VALUE (repeatable).
    #[arg(long = "where", value_name = "COL=VALUE")]
    pub filters: Vec<String>,
    /// The title (default: generated from the columns and filters).
    #[arg(long, value_name = "TEXT")]
    pub title: Option<String>,
    /// line: a weighted least-squares trend line per series, of y on x
    /// (linear) or on ln x (log), with its slope in the legend.
    #[arg(long, value_name = "linear|log")]
    pub fit: Option<String>,
    /// line: the series whose rows have COL=VALUE is a reference (one point,
    /// such as a baseline without removals), drawn as a level dashed line
    /// with its 95% band across the plot (repeatable).
    #[arg(long = "reference", value_name = "COL=VALUE")]
    pub references: Vec<String>,
    /// The figure to write: .svg, or .png (the SVG rasterized with the system's fonts).
    #[arg(long, value_name = "FIG.svg|FIG.png")]
    pub out: PathBuf,
    /// Width in pixels.
    #[arg(long, value_name = "PX", default_value_t = DEFAULT_SIZE.0,
          value_parser = clap::value_parser!(u32).range(300..=10_000))]
    pub width: u32,
    /// Height in pixels.
    #[arg(long, value_name = "PX", default_value_t = DEFAULT_SIZE.1,
          value_parser = clap::value_parser!(u32).range(200..=10_000))]
    pub height: u32,
}

/// `beachcomber plot`.
pub fn run(args: PlotArgs) -> Result<(), crate::error::CliError> {
    let kind: PlotKind = args.kind.parse()?;
    let filters = parse_conditions("--where", &args.filters)?;
    let references = parse_conditions("--reference", &args.references)?;
    let fit = args.fit.as_deref().map(parse_fit).transpose()?;
    let request = PlotRequest {
        input: args.input,
        kind,
        x: args.x.unwrap_or_default(),
        y: args.y,
        by: args.by,
        filters,
        title: args.title,
        fit,
        references,
        out: args.out,
    };
    Ok(draw_sized(&request, (args.width, args.height))?)
}

/// Draw the figure of `request` at the default size (800x500).
pub fn draw(request: &PlotRequest) -> Result<(), PlotError> {
    draw_sized(request, DEFAULT_SIZE)
}

/// Draw the figure of `request` at `size` (width, height in pixels).
pub fn draw_sized(request: &PlotRequest, size: (u32, u32)) -> Result<(), PlotError> {
    let format = check_extension(&request.out)?;
    if request.fit.is_some() && request.kind != PlotKind::Line {
        return Err(PlotError::FitNotOnLine(request.kind));
    }
    if !request.references.is_empty() && request.kind != PlotKind::Line {
        return Err(PlotError::ReferenceNotOnLine(request.kind));
    }
    let table = Rows::open(&request.input)?;
    let figure = match request.kind {
        PlotKind::Line | PlotKind::Bars => xy::xy_figure(request, table)?,
        PlotKind::Hist => hist::hist_figure(request, table)?,
        PlotKind::Ratings => ratings::ratings_figure(request, table)?,
    };
    let svg = draw::render(&figure, size)?;
    match format {
        Format::Svg => write_whole(&request.out, svg.as_bytes())?,
        Format::Png => write_whole(&request.out, &svg_to_png(&svg)?)?,
    }
    if !figure.unfitted.is_empty() {
        eprintln!(
            "note: {}: no fitted line for {}",
            one_line_path(&request.out),
            figure.unfitted.join("; ")
        );
    }
    Ok(())
}

/// The output formats.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Format {
    Svg,
    Png,
}

fn check_extension(out: &Path) -> Result<Format, PlotError> {
    match out.extension().and_then(|e| e.to_str()) {
        Some(e) if e.eq_ignore_ascii_case("svg") => Ok(Format::Svg),
        Some(e) if e.eq_ignore_ascii_case("png") => Ok(Format::Png),
        Some(e) => Err(PlotError::Extension {
            extension: e.to_string(),
            out: out.to_path_buf(),
        }),
        None => Err(PlotError::NoExtension(out.to_path_buf())),
    }
}

/// The SVG rasterized (resvg), with the system's fonts: the sans-serif
/// family is the first of DejaVu Sans, Liberation Sans, Noto Sans, FreeSans
/// and Arial that is installed, else any font.
fn svg_to_png(svg: &str) -> Result<Vec<u8>, PlotError> {
    use resvg::{tiny_skia, usvg};
    let mut options = usvg::Options::default();
    let fonts = options.fontdb_mut();
    fonts.load_system_fonts();
    let families: Vec<String> = fonts
        .faces()
        .flat_map(|f| f.families.iter().map(|(name, _)| name.clone()))
        .collect();
    let Some(family) = [
        "DejaVu Sans",
        "Liberation Sans",
        "Noto Sans",
        "FreeSans",
        "Arial",
    ]
    .iter()
    .find(|f| families.iter().any(|n| n == *f))
    .map(|f| f.to_string())
    .or_else(|| families.first().cloned()) else {
        return Err(PlotError::NoFonts);
    };
    fonts.set_sans_serif_family(family);
    let tree = usvg::Tree::from_str(svg, &options).map_err(PlotError::Rasterize)?;
    let size = tree.size().to_int_size();
    let mut pixmap =
        tiny_skia::Pixmap::new(size.width(), size.height()).ok_or(PlotError::EmptySize)?;
    pixmap.fill(tiny_skia::Color::WHITE);
    resvg::render(&tree, tiny_skia::Transform::default(), &mut pixmap.as_mut());
    pixmap
        .encode_png()
        .map_err(|e| PlotError::EncodePng(Box::new(e)))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn kinds_round_trip() {
        for k in PlotKind::ALL {
            assert_eq!(k.to_string().parse::<PlotKind>(), Ok(k));
        }
        assert!("pie".parse::<PlotKind>().is_err());
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
