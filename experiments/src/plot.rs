//! `beachcomber plot`: SVG figures from the CSV files of sweeps
//! (`metrics.csv`), tournaments (the per-game CSV) and leagues (the ratings
//! CSV). See docs/plots.md.
//!
//! A figure is made in two steps: the rows of the CSV are selected
//! (`--where`), grouped into series (`--by`) and checked (one row per point
//! of a series) into a [`Figure`]; then the figure is drawn with plotters
//! into an SVG string, which is written to a temporary file beside the
//! output and renamed, so that a failure never leaves a partial file.

use std::collections::{BTreeMap, HashMap};
use std::fmt;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::str::FromStr;

use clap::Args;
use plotters::coord::Shift;
use plotters::prelude::*;

/// Examples shown after `beachcomber plot --help`.
pub const EXAMPLES: &str = "\
Examples:
  beachcomber plot results/NAME/metrics.csv --x removed --y win_share --by players \\
      --where seat=0 --out fig.svg
  beachcomber plot metrics.csv --kind bars --x seat --y win_share --by players \\
      --where removed=0 --out seats.png
  beachcomber plot games.csv --kind hist --x turns --by players --out turns.svg
  beachcomber plot ratings.csv --kind ratings --out ratings.svg

Kinds: line (y against x, one line per --by value, 95% band), bars (one bar per
x category, grouped by --by, 95% error bars), hist (distribution of a column
of a per-game CSV, one value per game), ratings (a league's ratings with
their 95% intervals). The band of a column Y comes from STEM_low95 and
STEM_high95, or Y ± STEM_ci95, where STEM is Y without a leading `mean_` and
a trailing `_share` or `_rate`. With --y win_share the fair share 1/players
is drawn as a dashed line. See docs/plots.md.";

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
pub fn run(args: PlotArgs) -> Result<(), String> {
    let kind: PlotKind = args.kind.parse()?;
    let filters = args
        .filters
        .iter()
        .map(|f| match f.split_once('=') {
            Some((c, v)) if !c.is_empty() => Ok((c.to_string(), v.to_string())),
            _ => Err(format!("--where takes COL=VALUE, not `{f}`")),
        })
        .collect::<Result<Vec<_>, _>>()?;
    let request = PlotRequest {
        input: args.input,
        kind,
        x: args.x.unwrap_or_default(),
        y: args.y,
        by: args.by,
        filters,
        title: args.title,
        out: args.out,
    };
    draw_sized(&request, (args.width, args.height))
}

/// Draw the figure of `request` at the default size (800x500).
pub fn draw(request: &PlotRequest) -> Result<(), String> {
    draw_sized(request, DEFAULT_SIZE)
}

/// Draw the figure of `request` at `size` (width, height in pixels).
pub fn draw_sized(request: &PlotRequest, size: (u32, u32)) -> Result<(), String> {
    let format = check_extension(&request.out)?;
    let table = Table::read(&request.input)?;
    let figure = match request.kind {
        PlotKind::Line | PlotKind::Bars => xy_figure(request, &table)?,
        PlotKind::Hist => hist_figure(request, &table)?,
        PlotKind::Ratings => ratings_figure(request, &table)?,
    };
    let svg = render(&figure, size)?;
    match format {
        Format::Svg => write_atomically(&request.out, svg.as_bytes()),
        Format::Png => write_atomically(&request.out, &svg_to_png(&svg)?),
    }
}

/// The output formats.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Format {
    Svg,
    Png,
}

fn check_extension(out: &Path) -> Result<Format, String> {
    match out.extension().and_then(|e| e.to_str()) {
        Some(e) if e.eq_ignore_ascii_case("svg") => Ok(Format::Svg),
        Some(e) if e.eq_ignore_ascii_case("png") => Ok(Format::Png),
        Some(e) => Err(format!(
            "unsupported output extension `.{e}` in {} (supported: .svg, .png)",
            out.display()
        )),
        None => Err(format!(
            "the output {} has no extension (supported: .svg, .png)",
            out.display()
        )),
    }
}

/// The SVG rasterized (resvg), with the system's fonts: the sans-serif
/// family is the first of DejaVu Sans, Liberation Sans, Noto Sans, FreeSans
/// and Arial that is installed, else any font.
fn svg_to_png(svg: &str) -> Result<Vec<u8>, String> {
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
        return Err("cannot write text into a PNG: no fonts installed \
                    (e.g. apt-get install fonts-dejavu-core), or write .svg"
            .to_string());
    };
    fonts.set_sans_serif_family(family);
    let tree = usvg::Tree::from_str(svg, &options)
        .map_err(|e| format!("cannot rasterize the figure: {e}"))?;
    let size = tree.size().to_int_size();
    let mut pixmap = tiny_skia::Pixmap::new(size.width(), size.height())
        .ok_or_else(|| "cannot rasterize the figure: empty size".to_string())?;
    pixmap.fill(tiny_skia::Color::WHITE);
    resvg::render(&tree, tiny_skia::Transform::default(), &mut pixmap.as_mut());
    pixmap
        .encode_png()
        .map_err(|e| format!("cannot encode the PNG: {e}"))
}

/// Write `bytes` to `out` through a temporary file in its folder and a
/// rename (readable by all, as a plain new file): never a half-written file.
pub fn write_atomically(out: &Path, bytes: &[u8]) -> Result<(), String> {
    let cannot = |e: &dyn fmt::Display| format!("cannot write {}: {e}", out.display());
    let dir = match out.parent() {
        Some(p) if !p.as_os_str().is_empty() => p,
        _ => Path::new("."),
    };
    if !dir.is_dir() {
        return Err(cannot(&format!("no folder {}", dir.display())));
    }
    if out.is_dir() {
        return Err(cannot(&"it is a folder"));
    }
    let mut temp = tempfile::Builder::new()
        .prefix(".plot-")
        .suffix(".tmp")
        .tempfile_in(dir)
        .map_err(|e| cannot(&e))?;
    {
        use std::os::unix::fs::PermissionsExt;
        temp.as_file()
            .set_permissions(std::fs::Permissions::from_mode(0o644))
            .map_err(|e| cannot(&e))?;
    }
    temp.write_all(bytes).map_err(|e| cannot(&e))?;
    temp.persist(out).map_err(|e| cannot(&e.error))?;
    Ok(())
}

// ---------------------------------------------------------------- input

/// A CSV file: its header and its rows (with their line numbers).
struct Table {
    path: String,
    header: Vec<String>,
    rows: Vec<Vec<String>>,
    lines: Vec<u64>,
}

impl Table {
    fn read(path: &Path) -> Result<Table, String> {
        let shown = path.display().to_string();
        let file = std::fs::File::open(path).map_err(|e| format!("cannot read {shown}: {e}"))?;
        let mut reader = csv::ReaderBuilder::new().flexible(false).from_reader(file);
        let header: Vec<String> = reader
            .headers()
            .map_err(|e| format!("cannot read {shown}: {e}"))?
            .iter()
            .map(|h| h.trim().to_string())
            .collect();
        let mut rows = Vec::new();
        let mut lines = Vec::new();
        for record in reader.records() {
            let record = record.map_err(|e| format!("cannot read {shown}: {e}"))?;
            lines.push(record.position().map_or(0, |p| p.line()));
            rows.push(record.iter().map(|c| c.trim().to_string()).collect());
        }
        Ok(Table {
            path: shown,
            header,
            rows,
            lines,
        })
    }

    fn find(&self, name: &str) -> Option<usize> {
        self.header.iter().position(|h| h == name)
    }

    /// The index of column `name`, or an error naming `flag`.
    fn column(&self, flag: &str, name: &str) -> Result<usize, String> {
        self.find(name).ok_or_else(|| {
            format!(
                "{flag} column `{name}` is not in {} (its columns: {})",
                self.path,
                self.header.join(", ")
            )
        })
    }

    /// The rows that pass the filters (indices into `rows`).
    fn select(&self, filters: &[(String, String)]) -> Result<Vec<usize>, String> {
        let cols = filters
            .iter()
            .map(|(c, v)| Ok((self.column("--where", c)?, v.as_str())))
            .collect::<Result<Vec<_>, String>>()?;
        let kept: Vec<usize> = (0..self.rows.len())
            .filter(|&r| cols.iter().all(|&(c, v)| same_value(&self.rows[r][c], v)))
            .collect();
        if kept.is_empty() {
            return Err(if filters.is_empty() {
                format!("no rows in {}", self.path)
            } else {
                format!(
                    "no rows left after --where {} ({} rows in {})",
                    filter_text(filters),
                    self.rows.len(),
                    self.path
                )
            });
        }
        Ok(kept)
    }

    /// The number in `col` of `row`: `None` when empty (or not finite),
    /// an error when not a number.
    fn number(&self, row: usize, col: usize) -> Result<Option<f64>, String> {
        let cell = &self.rows[row][col];
        if cell.is_empty() {
            return Ok(None);
        }
        match cell.parse::<f64>() {
            Ok(v) if v.is_finite() => Ok(Some(v)),
            Ok(_) => Ok(None),
            Err(_) => Err(format!(
                "non-numeric {} value `{cell}` on line {} of {}",
                self.header[col], self.lines[row], self.path
            )),
        }
    }

    /// `players=2, bot=greedy` for the series columns `cols`.
    fn series_label(&self, row: usize, cols: &[usize]) -> String {
        cols.iter()
            .map(|&c| format!("{}={}", self.header[c], short_label(&self.rows[row][c])))
            .collect::<Vec<_>>()
            .join(", ")
    }

    /// The error for `rows` (several) at one point: names a column that
    /// tells them apart, when there is one.
    fn duplicate_error(&self, rows: &[usize], point: &str, series: &str, skip: &[usize]) -> String {
        let hint = (0..self.header.len())
            .filter(|c| !skip.contains(c))
            .find(|&c| {
                rows.iter()
                    .any(|&r| self.rows[r][c] != self.rows[rows[0]][c])
            })
            .map(|c| {
                format!(
                    " (e.g. --where {}={})",
                    self.header[c], self.rows[rows[0]][c]
                )
            })
            .unwrap_or_default();
        let series = if series.is_empty() {
            String::new()
        } else {
            format!(" in series {series}")
        };
        format!(
            "{} rows for {point}{series}: add --where or --by{hint}",
            rows.len()
        )
    }
}

/// A cell equals a filter value: as text, or as numbers.
fn same_value(cell: &str, value: &str) -> bool {
    cell == value || matches!((cell.parse::<f64>(), value.parse::<f64>()), (Ok(a), Ok(b)) if a == b)
}

fn filter_text(filters: &[(String, String)]) -> String {
    filters
        .iter()
        .map(|(c, v)| format!("{c}={v}"))
        .collect::<Vec<_>>()
        .join(", ")
}

/// The 95% interval of a y column, by the naming convention of the CSVs.
#[derive(Clone, Copy, Debug, PartialEq)]
enum Band {
    /// `STEM_low95` and `STEM_high95`.
    LowHigh(usize, usize),
    /// y ± `STEM_ci95`.
    HalfWidth(usize),
    None,
}

/// The stem of a y column: without a leading `mean_` and a trailing
/// `_share` or `_rate`.
fn stem(y: &str) -> &str {
    let s = y.strip_prefix("mean_").unwrap_or(y);
    s.strip_suffix("_share")
        .or_else(|| s.strip_suffix("_rate"))
        .unwrap_or(s)
}

fn band_columns(table: &Table, y: &str) -> Band {
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

/// The axis label of a column, with its unit where known.
fn axis_label(col: &str) -> String {
    let known = match col {
        "plies" => "decisions per game",
        "mean_plies" => "decisions per game (mean)",
        "sd_plies" => "decisions per game (standard deviation)",
        "turns" => "turns per game",
        "mean_turns" => "turns per game (mean)",
        "sd_turns" => "turns per game (standard deviation)",
        "win_share" => "win share (fraction of games)",
        "tie_rate" => "tie rate (fraction of games)",
        "score" => "score (points)",
        "mean_score" => "score (mean points)",
        "margin" => "winning margin (points)",
        "mean_margin" => "winning margin (mean points)",
        "rating" => "rating (Elo, anchor = first bot)",
        "seat" => "seat (0 moves first)",
        "games" => "games",
        _ => "",
    };
    if !known.is_empty() {
        return known.to_string();
    }
    if let Some(s) = col.strip_suffix("_share") {
        return format!("{} share (fraction of games)", s.replace('_', " "));
    }
    if let Some(s) = col.strip_suffix("_rate") {
        return format!("{} rate (fraction of games)", s.replace('_', " "));
    }
    col.to_string()
}

// ---------------------------------------------------------------- figures

/// One point of a series; `band` is its 95% interval.
#[derive(Clone, Debug)]
struct Point {
    x: f64,
    y: f64,
    band: Option<(f64, f64)>,
}

/// A series: its legend label and its points (sorted by x).
#[derive(Clone, Debug)]
struct Series {
    label: String,
    points: Vec<Point>,
}

/// A figure, ready to draw.
#[derive(Clone, Debug)]
struct Figure {
    kind: PlotKind,
    title: String,
    x_label: String,
    y_label: String,
    /// Category names of the x axis (at 0, 1, ...), if categorical.
    x_categories: Option<Vec<String>>,
    /// Category names of the y axis (ratings: the bots, at 0, 1, ...).
    y_categories: Option<Vec<String>>,
    series: Vec<Series>,
    /// Fair shares: (players, 1/players).
    fair: Vec<(u64, f64)>,
    /// The x axis is the player count: the fair share is one dashed line
    /// through (players, 1/players) instead of a level line per count.
    fair_along_x: bool,
    /// Histogram bin width.
    bin: f64,
}

fn default_title(main: String, by: &[String], filters: &[(String, String)]) -> String {
    let mut t = main;
    if !by.is_empty() {
        t.push_str(&format!(", per {}", by.join(", ")));
    }
    if !filters.is_empty() {
        t.push_str(&format!(" ({})", filter_text(filters)));
    }
    t
}

fn need_x(request: &PlotRequest, table: &Table) -> Result<usize, String> {
    if request.x.is_empty() {
        return Err(format!(
            "--kind {} needs --x COL (the columns of {}: {})",
            request.kind,
            table.path,
            table.header.join(", ")
        ));
    }
    table.column("--x", &request.x)
}

/// Groups rows into series by the `by` columns, in order of first
/// appearance: (label, rows).
fn group(table: &Table, rows: &[usize], by: &[usize]) -> Vec<(String, Vec<usize>)> {
    let mut groups: Vec<(String, Vec<usize>)> = Vec::new();
    let mut index: HashMap<String, usize> = HashMap::new();
    for &r in rows {
        let label = table.series_label(r, by);
        let i = *index.entry(label.clone()).or_insert_with(|| {
            groups.push((label, Vec::new()));
            groups.len() - 1
        });
        groups[i].1.push(r);
    }
    groups
}

fn xy_figure(request: &PlotRequest, table: &Table) -> Result<Figure, String> {
    let x = need_x(request, table)?;
    let y_name = request.y.as_deref().unwrap_or("");
    if y_name.is_empty() {
        return Err(format!(
            "--kind {} needs --y COL (the columns of {}: {})",
            request.kind,
            table.path,
            table.header.join(", ")
        ));
    }
    let y = table.column("--y", y_name)?;
    let by = request
        .by
        .iter()
        .map(|b| table.column("--by", b))
        .collect::<Result<Vec<_>, _>>()?;
    let rows = table.select(&request.filters)?;
    let rows: Vec<usize> = rows
        .into_iter()
        .filter(|&r| !table.rows[r][x].is_empty())
        .collect();
    let numeric_x = request.kind == PlotKind::Line
        && !rows.is_empty()
        && rows
            .iter()
            .all(|&r| table.rows[r][x].parse::<f64>().is_ok());
    let mut categories: Vec<String> = Vec::new();
    for &r in &rows {
        if !categories.contains(&table.rows[r][x]) {
            categories.push(table.rows[r][x].clone());
        }
    }
    let band = band_columns(table, y_name);
    let mut skip = vec![x, y];
    skip.extend(&by);
    if let Band::LowHigh(l, h) = band {
        skip.extend([l, h]);
    }
    if let Band::HalfWidth(c) = band {
        skip.push(c);
    }
    let mut series = Vec::new();
    let mut players_seen: Vec<u64> = Vec::new();
    let players_col = table.find("players");
    for (label, members) in group(table, &rows, &by) {
        // The rows of each point, in order of first appearance.
        let mut at: Vec<(String, Vec<usize>)> = Vec::new();
        for &r in &members {
            let key = &table.rows[r][x];
            match at.iter_mut().find(|(k, _)| k == key) {
                Some((_, v)) => v.push(r),
                None => at.push((key.clone(), vec![r])),
            }
        }
        if let Some((key, dup)) = at.iter().find(|(_, v)| v.len() > 1) {
            let point = format!("{}={key}", request.x);
            return Err(table.duplicate_error(dup, &point, &label, &skip));
        }
        let mut points = Vec::new();
        for (key, v) in &at {
            let r = v[0];
            let Some(value) = table.number(r, y)? else {
                continue;
            };
            let xv = if numeric_x {
                key.parse::<f64>().unwrap_or(0.0)
            } else {
                categories.iter().position(|c| c == key).unwrap_or(0) as f64
            };
            let interval = match band {
                Band::LowHigh(l, h) => match (table.number(r, l)?, table.number(r, h)?) {
                    (Some(lo), Some(hi)) => Some((lo, hi)),
                    _ => None,
                },
                Band::HalfWidth(c) => table.number(r, c)?.map(|w| (value - w, value + w)),
                Band::None => None,
            };
            if let Some(p) = players_col.and_then(|c| table.rows[r][c].parse::<u64>().ok())
                && !players_seen.contains(&p)
            {
                players_seen.push(p);
            }
            points.push(Point {
                x: xv,
                y: value,
                band: interval,
            });
        }
        points.sort_by(|a, b| a.x.total_cmp(&b.x));
        if !points.is_empty() {
            series.push(Series { label, points });
        }
    }
    if series.is_empty() {
        return Err(format!(
            "no data: {y_name} is empty in every row selected from {}",
            table.path
        ));
    }
    let mut fair = Vec::new();
    if y_name == "win_share" {
        players_seen.sort_unstable();
        fair = players_seen
            .into_iter()
            .filter(|&p| p >= 2)
            .map(|p| (p, 1.0 / p as f64))
            .collect();
    }
    if series.len() == 1 && series[0].label.is_empty() {
        series[0].label = y_name.to_string();
    }
    Ok(Figure {
        kind: request.kind,
        title: request.title.clone().unwrap_or_else(|| {
            default_title(
                format!("{y_name} by {}", request.x),
                &request.by,
                &request.filters,
            )
        }),
        x_label: axis_label(&request.x),
        y_label: axis_label(y_name),
        x_categories: (!numeric_x).then_some(categories),
        y_categories: None,
        series,
        fair,
        fair_along_x: numeric_x && request.x == "players",
        bin: 1.0,
    })
}

fn hist_figure(request: &PlotRequest, table: &Table) -> Result<Figure, String> {
    let x = need_x(request, table)?;
    let by = request
        .by
        .iter()
        .map(|b| table.column("--by", b))
        .collect::<Result<Vec<_>, _>>()?;
    let rows = table.select(&request.filters)?;
    // One row per game: the first row of each game (a game is its number
    // and the columns before it, e.g. the combination of a sweep).
    let rows: Vec<usize> = match table.find("game") {
        Some(g) => {
            let mut seen = std::collections::HashSet::new();
            rows.into_iter()
                .filter(|&r| seen.insert(table.rows[r][..=g].to_vec()))
                .collect()
        }
        None => rows,
    };
    let mut groups = Vec::new();
    for (label, members) in group(table, &rows, &by) {
        let mut values = Vec::new();
        for r in members {
            if let Some(v) = table.number(r, x)? {
                values.push(v);
            }
        }
        if !values.is_empty() {
            groups.push((label, values));
        }
    }
    let all = groups.iter().flat_map(|(_, v)| v.iter().copied());
    let (lo, hi) = all.fold((f64::INFINITY, f64::NEG_INFINITY), |(a, b), v| {
        (a.min(v), b.max(v))
    });
    if !lo.is_finite() {
        return Err(format!(
            "no data: {} is empty in every game selected from {}",
            request.x, table.path
        ));
    }
    let (lo, hi) = (lo.floor(), hi.floor());
    let bin = ((hi - lo + 1.0) / 40.0).ceil().max(1.0);
    let bins = ((hi - lo) / bin).floor() as usize + 1;
    let series: Vec<Series> = groups
        .into_iter()
        .map(|(label, values)| {
            let mut counts = vec![0u64; bins];
            for v in &values {
                counts[(((v.floor() - lo) / bin).floor() as usize).min(bins - 1)] += 1;
            }
            let label = if label.is_empty() {
                format!("{} games", values.len())
            } else {
                format!("{label} ({} games)", values.len())
            };
            Series {
                label,
                points: counts
                    .iter()
                    .enumerate()
                    .map(|(i, &c)| Point {
                        x: lo + i as f64 * bin,
                        y: c as f64,
                        band: None,
                    })
                    .collect(),
            }
        })
        .collect();
    let unit = if bin > 1.0 {
        format!("games (bins of {bin})")
    } else {
        "games".to_string()
    };
    Ok(Figure {
        kind: PlotKind::Hist,
        title: request.title.clone().unwrap_or_else(|| {
            default_title(
                format!("distribution of {}", request.x),
                &request.by,
                &request.filters,
            )
        }),
        x_label: axis_label(&request.x),
        y_label: unit,
        x_categories: None,
        y_categories: None,
        series,
        fair: Vec::new(),
        fair_along_x: false,
        bin,
    })
}

/// A bot's rating and its interval.
type RatingPoint = (String, f64, Option<(f64, f64)>);

fn ratings_figure(request: &PlotRequest, table: &Table) -> Result<Figure, String> {
    let bot = table.column("ratings", "bot")?;
    let rating = table.column("ratings", "rating")?;
    let low = table.column("ratings", "low95")?;
    let high = table.column("ratings", "high95")?;
    let by = request
        .by
        .iter()
        .map(|b| table.column("--by", b))
        .collect::<Result<Vec<_>, _>>()?;
    let rows = table.select(&request.filters)?;
    let groups = group(table, &rows, &by);
    let mut skip = vec![bot, rating, low, high];
    skip.extend(&by);
    // The bots, best first (by the rating in the first series that has it).
    let mut bots: Vec<(String, f64)> = Vec::new();
    let mut data: Vec<(String, Vec<RatingPoint>)> = Vec::new();
    for (label, members) in groups {
        let mut points = Vec::new();
        for &r in &members {
            let name = &table.rows[r][bot];
            let dup: Vec<usize> = members
                .iter()
                .copied()
                .filter(|&o| &table.rows[o][bot] == name)
                .collect();
            if dup.len() > 1 {
                return Err(table.duplicate_error(&dup, &format!("bot={name}"), &label, &skip));
            }
            let Some(v) = table.number(r, rating)? else {
                continue;
            };
            let interval = match (table.number(r, low)?, table.number(r, high)?) {
                (Some(a), Some(b)) => Some((a, b)),
                _ => None,
            };
            if !bots.iter().any(|(b, _)| b == name) {
                bots.push((name.clone(), v));
            }
            points.push((name.clone(), v, interval));
        }
        if !points.is_empty() {
            data.push((label, points));
        }
    }
    if data.is_empty() {
        return Err(format!(
            "no data: rating is empty in every row selected from {}",
            table.path
        ));
    }
    bots.sort_by(|a, b| b.1.total_cmp(&a.1));
    let n = bots.len();
    // The best bot at the top: row i of the sorted list is at y = n - 1 - i.
    let y_of = |name: &str| {
        let i = bots.iter().position(|(b, _)| b == name).unwrap_or(0);
        (n - 1 - i) as f64
    };
    let count = data.len();
    let series: Vec<Series> = data
        .into_iter()
        .enumerate()
        .map(|(s, (label, points))| {
            let offset = if count > 1 {
                0.6 * ((s as f64 + 0.5) / count as f64 - 0.5)
            } else {
                0.0
            };
            let mut points: Vec<Point> = points
                .into_iter()
                .map(|(name, v, band)| Point {
                    x: v,
                    y: y_of(&name) - offset,
                    band,
                })
                .collect();
            points.sort_by(|a, b| b.y.total_cmp(&a.y));
            Series {
                label: if label.is_empty() {
                    "rating".to_string()
                } else {
                    label
                },
                points,
            }
        })
        .collect();
    let unique = |name: &str| {
        let c = table.find(name)?;
        let first = &table.rows[rows[0]][c];
        rows.iter()
            .all(|&r| &table.rows[r][c] == first)
            .then(|| first.clone())
    };
    let mut main = "ratings".to_string();
    if let Some(g) = unique("game_spec") {
        main.push_str(&format!(": {g}"));
        if let Some(p) = unique("players") {
            main.push_str(&format!(
                ", {}",
                crate::players_text(p.parse().unwrap_or(0))
            ));
        }
    }
    let mut labels: Vec<String> = bots.into_iter().map(|(b, _)| b).collect();
    labels.reverse();
    Ok(Figure {
        kind: PlotKind::Ratings,
        title: request
            .title
            .clone()
            .unwrap_or_else(|| default_title(main, &request.by, &request.filters)),
        x_label: "rating (Elo, anchor = first bot)".to_string(),
        y_label: "bot".to_string(),
        x_categories: None,
        y_categories: Some(labels),
        series,
        fair: Vec::new(),
        fair_along_x: false,
        bin: 1.0,
    })
}

// ---------------------------------------------------------------- drawing

/// The series colours (Tableau 10); the SVG names them `#1F77B4`, ...
pub const COLORS: [(u8, u8, u8); 10] = [
    (31, 119, 180),
    (255, 127, 14),
    (44, 160, 44),
    (214, 39, 40),
    (148, 103, 189),
    (140, 86, 75),
    (227, 119, 194),
    (127, 127, 127),
    (188, 189, 34),
    (23, 190, 207),
];

/// The colour of the error bars of bar charts.
const WHISKER: RGBColor = RGBColor(30, 30, 30);

/// The colour of the fair-share lines.
const FAIR: RGBColor = RGBColor(40, 40, 40);

/// Font sizes as plotters takes them (the SVG gets size / 1.24 px).
const TITLE_FONT: f64 = 26.0;
const DESC_FONT: f64 = 21.0;
const LABEL_FONT: f64 = 18.0;

/// The colour of the fair line for `players`: that of the series with
/// `players=P` in its label (so the line goes with its series), or dark grey.
fn fair_color(figure: &Figure, players: u64) -> RGBColor {
    let tag = format!("players={players}");
    figure
        .series
        .iter()
        .position(|s| s.label.split(", ").any(|part| part == tag))
        .map_or(FAIR, |i| {
            // A darker shade: visible across a bar of the series' colour.
            let RGBColor(r, g, b) = color(i);
            let dark = |v: u8| (f64::from(v) * 0.6) as u8;
            RGBColor(dark(r), dark(g), dark(b))
        })
}

fn color(i: usize) -> RGBColor {
    let (r, g, b) = COLORS[i % COLORS.len()];
    RGBColor(r, g, b)
}

/// Estimated width in pixels of `text` at plotters font size `size`.
fn text_width(text: &str, size: f64) -> u32 {
    (text.chars().count() as f64 * size / 1.24 * 0.56).ceil() as u32
}

/// `20`, `0.25`, `1e-5`: short tick labels.
fn number_text(v: f64) -> String {
    if v == 0.0 {
        return "0".to_string();
    }
    if (v - v.round()).abs() < 1e-9 * v.abs().max(1.0) && v.abs() < 1e15 {
        return format!("{}", v.round() as i64);
    }
    let s = format!("{v:.4}");
    s.trim_end_matches('0').trim_end_matches('.').to_string()
}

/// The tick label at `v` of a categorical axis: the category at an
/// integer position, nothing elsewhere.
fn category_text(categories: &[String], v: f64) -> String {
    let i = v.round();
    if (v - i).abs() > 1e-6 || i < 0.0 {
        return String::new();
    }
    categories
        .get(i as usize)
        .map(|c| short_label(c))
        .unwrap_or_default()
}

/// `text` for display: each bot spec in it without the options at their
/// defaults (`ismcts(iterations=2000,c=0.7,rollout=random,reward=auto),random`
/// is shown `ismcts,random`, `ismcts(iterations=1000,...)` as
/// `ismcts(iterations=1000)`); other text as it is.
pub fn short_label(text: &str) -> String {
    let Ok(parts) = beachcomber::spec::split_top_level(text) else {
        return text.to_string();
    };
    let short: Vec<Option<String>> = parts.iter().map(|p| short_spec(p)).collect();
    if short.iter().all(Option::is_none) {
        return text.to_string();
    }
    short
        .iter()
        .zip(&parts)
        .map(|(s, p)| s.clone().unwrap_or_else(|| p.to_string()))
        .collect::<Vec<_>>()
        .join(",")
}

/// A bot spec without the options at their defaults; `None` when `spec` is
/// not a bot spec.
fn short_spec(spec: &str) -> Option<String> {
    use beachcomber::spec::Spec;
    let config = beachcomber_bots::BotConfig::parse(spec).ok()?;
    let full: Spec = config.to_string().parse().ok()?;
    let default: Spec = beachcomber_bots::BotConfig::parse(&full.name)
        .ok()?
        .to_string()
        .parse()
        .ok()?;
    let kept: Vec<String> = full
        .options
        .iter()
        .filter(|(k, v)| default.get(k) != Some(v.as_str()))
        .map(|(k, v)| format!("{k}={v}"))
        .collect();
    Some(if kept.is_empty() {
        full.name
    } else {
        format!("{}({})", full.name, kept.join(","))
    })
}

fn range_with(values: impl Iterator<Item = f64>, pad: f64) -> (f64, f64) {
    let (lo, hi) = values.fold((f64::INFINITY, f64::NEG_INFINITY), |(a, b), v| {
        (a.min(v), b.max(v))
    });
    if !lo.is_finite() {
        return (0.0, 1.0);
    }
    if hi - lo < 1e-12 {
        let d = if lo.abs() > 1e-12 {
            lo.abs() * 0.1
        } else {
            1.0
        };
        return (lo - d, hi + d);
    }
    let d = (hi - lo) * pad;
    (lo - d, hi + d)
}

/// One legend entry: its label and how its sample is drawn.
struct Entry {
    label: String,
    color: RGBColor,
    dashed: bool,
}

fn legend_entries(figure: &Figure) -> Vec<Entry> {
    let mut entries: Vec<Entry> = figure
        .series
        .iter()
        .enumerate()
        .map(|(i, s)| Entry {
            label: s.label.clone(),
            color: color(i),
            dashed: false,
        })
        .collect();
    if figure.fair_along_x {
        if !figure.fair.is_empty() {
            entries.push(Entry {
                label: "fair 1/players".to_string(),
                color: FAIR,
                dashed: true,
            });
        }
    } else {
        entries.extend(figure.fair.iter().map(|(p, _)| Entry {
            label: format!("fair 1/{p}"),
            color: fair_color(figure, *p),
            dashed: true,
        }));
    }
    entries
}

fn draw_error<E: std::error::Error>(e: E) -> String {
    format!("cannot draw the figure: {e}")
}

/// The figure as SVG text.
fn render(figure: &Figure, (width, height): (u32, u32)) -> Result<String, String> {
    let mut svg = String::new();
    {
        let root = SVGBackend::with_string(&mut svg, (width, height)).into_drawing_area();
        root.fill(&WHITE).map_err(draw_error)?;
        let entries = legend_entries(figure);
        // A long title gets a smaller font (not below the labels' size).
        let fit =
            f64::from(width.saturating_sub(24)) / f64::from(text_width(&figure.title, 1.0).max(1));
        let title_font = TITLE_FONT.min(fit).max(LABEL_FONT);
        let titled = root
            .titled(
                &figure.title,
                ("sans-serif", title_font).into_font().color(&BLACK),
            )
            .map_err(draw_error)?;
        let chart_area = if entries.len() > 1 {
            let widest = entries
                .iter()
                .map(|e| text_width(&e.label, LABEL_FONT))
                .max()
                .unwrap_or(0);
            let legend_width = (widest + 56).min(width * 2 / 5);
            let (chart, legend) = titled.split_horizontally(width - legend_width);
            draw_legend(&legend, &entries, legend_width)?;
            chart
        } else {
            titled
        };
        match figure.kind {
            PlotKind::Line | PlotKind::Bars => draw_xy(&chart_area, figure)?,
            PlotKind::Hist => draw_hist(&chart_area, figure)?,
            PlotKind::Ratings => draw_ratings(&chart_area, figure)?,
        }
        root.present().map_err(draw_error)?;
    }
    Ok(svg)
}

/// The legend, in its own column right of the chart (never over the data).
fn draw_legend(
    area: &DrawingArea<SVGBackend, Shift>,
    entries: &[Entry],
    width: u32,
) -> Result<(), String> {
    let font = ("sans-serif", LABEL_FONT).into_font();
    let row = 26;
    let top = 30;
    let max_chars = (f64::from(width.saturating_sub(48)) / (LABEL_FONT / 1.24 * 0.56)) as usize;
    for (i, e) in entries.iter().enumerate() {
        let y = top + i as i32 * row;
        let style = e.color.stroke_width(4);
        if e.dashed {
            area.draw(&PathElement::new(vec![(8, y), (18, y)], style))
                .map_err(draw_error)?;
            area.draw(&PathElement::new(vec![(24, y), (34, y)], style))
                .map_err(draw_error)?;
        } else {
            area.draw(&PathElement::new(vec![(8, y), (34, y)], style))
                .map_err(draw_error)?;
        }
        let label = if e.label.chars().count() > max_chars && max_chars > 1 {
            let mut s: String = e.label.chars().take(max_chars - 1).collect();
            s.push('…');
            s
        } else {
            e.label.clone()
        };
        area.draw(&Text::new(
            label,
            (42, y),
            font.clone()
                .color(&BLACK)
                .pos(plotters::style::text_anchor::Pos::new(
                    plotters::style::text_anchor::HPos::Left,
                    plotters::style::text_anchor::VPos::Center,
                )),
        ))
        .map_err(draw_error)?;
    }
    Ok(())
}

/// The x range and tick count of a figure's x axis.
fn x_range(figure: &Figure) -> (f64, f64) {
    match &figure.x_categories {
        Some(c) => (-0.5, c.len() as f64 - 0.5),
        None => range_with(
            figure
                .series
                .iter()
                .flat_map(|s| s.points.iter().map(|p| p.x)),
            0.05,
        ),
    }
}

fn draw_xy(area: &DrawingArea<SVGBackend, Shift>, figure: &Figure) -> Result<(), String> {
    let (x0, x1) = x_range(figure);
    let values = figure.series.iter().flat_map(|s| {
        s.points.iter().flat_map(|p| {
            let (lo, hi) = p.band.unwrap_or((p.y, p.y));
            [p.y, lo, hi]
        })
    });
    let fair = figure.fair.iter().map(|f| f.1);
    let bars = figure.kind == PlotKind::Bars;
    let zero = bars.then_some(0.0);
    let (mut y0, mut y1) = range_with(values.chain(fair).chain(zero), 0.08);
    if bars {
        // Bars grow from 0.
        y0 = y0.min(0.0);
        if y0 < 0.0
            && figure
                .series
                .iter()
                .all(|s| s.points.iter().all(|p| p.y >= 0.0))
        {
            y0 = 0.0;
        }
        y1 = y1.max(0.0);
    }
    let y_label_width = 20
        + [y0, y1, (y0 + y1) / 2.0]
            .iter()
            .map(|v| text_width(&number_text(*v), LABEL_FONT) + 10)
            .max()
            .unwrap_or(40)
            .max(40);
    let mut chart = ChartBuilder::on(area)
        .margin(12)
        .margin_right(24)
        .x_label_area_size(62)
        .y_label_area_size(y_label_width + 24)
        .build_cartesian_2d(x0..x1, y0..y1)
        .map_err(draw_error)?;
    let categories = figure.x_categories.clone().unwrap_or_default();
    // Whole numbers on x over a short span (player counts, small settings):
    // one tick per integer and no fractional labels.
    let integer_x = figure.x_categories.is_none()
        && x1 - x0 <= 16.0
        && figure
            .series
            .iter()
            .all(|s| s.points.iter().all(|p| p.x.fract() == 0.0));
    let x_format = |v: &f64| {
        if figure.x_categories.is_some() {
            category_text(&categories, *v)
        } else if integer_x && v.fract().abs() > 1e-9 {
            String::new()
        } else {
            number_text(*v)
        }
    };
    let y_format = |v: &f64| number_text(*v);
    let mut mesh = chart.configure_mesh();
    mesh.x_desc(figure.x_label.as_str())
        .y_desc(figure.y_label.as_str())
        .label_style(("sans-serif", LABEL_FONT))
        .axis_desc_style(("sans-serif", DESC_FONT))
        .x_label_formatter(&x_format)
        .y_label_formatter(&y_format)
        .light_line_style(WHITE.mix(0.0))
        .bold_line_style(BLACK.mix(0.12));
    if figure.x_categories.is_some() {
        mesh.x_labels(categories.len().max(1)).disable_x_mesh();
    } else if integer_x {
        mesh.x_labels((x1.floor() - x0.ceil()) as usize + 1);
    } else {
        mesh.x_labels(8);
    }
    mesh.y_labels(7).draw().map_err(draw_error)?;

    if bars {
        let count = figure.series.len() as f64;
        let group = 0.8;
        let each = group / count;
        for (i, s) in figure.series.iter().enumerate() {
            let c = color(i);
            let center = |x: f64| x - group / 2.0 + (i as f64 + 0.5) * each;
            chart
                .draw_series(s.points.iter().map(|p| {
                    let m = center(p.x);
                    Rectangle::new(
                        [(m - each * 0.42, 0.0), (m + each * 0.42, p.y)],
                        c.mix(0.8).filled(),
                    )
                }))
                .map_err(draw_error)?;
            for p in &s.points {
                if let Some((lo, hi)) = p.band {
                    let m = center(p.x);
                    let cap = each * 0.15;
                    let style = WHISKER.stroke_width(2);
                    chart
                        .draw_series([
                            PathElement::new(vec![(m, lo), (m, hi)], style),
                            PathElement::new(vec![(m - cap, lo), (m + cap, lo)], style),
                            PathElement::new(vec![(m - cap, hi), (m + cap, hi)], style),
                        ])
                        .map_err(draw_error)?;
                }
            }
        }
    } else {
        // Bands first (under every line), then lines, then points.
        for (i, s) in figure.series.iter().enumerate() {
            let c = color(i);
            for run in s.points.split(|p| p.band.is_none()) {
                match run {
                    [] => {}
                    [p] => {
                        let (lo, hi) = p.band.unwrap_or((p.y, p.y));
                        chart
                            .draw_series([PathElement::new(
                                vec![(p.x, lo), (p.x, hi)],
                                c.mix(0.35).stroke_width(6),
                            )])
                            .map_err(draw_error)?;
                    }
                    _ => {
                        let mut outline: Vec<(f64, f64)> = run
                            .iter()
                            .map(|p| (p.x, p.band.map_or(p.y, |b| b.1)))
                            .collect();
                        outline
                            .extend(run.iter().rev().map(|p| (p.x, p.band.map_or(p.y, |b| b.0))));
                        chart
                            .draw_series([Polygon::new(outline, c.mix(0.2).filled())])
                            .map_err(draw_error)?;
                    }
                }
            }
        }
        for (i, s) in figure.series.iter().enumerate() {
            let c = color(i);
            if s.points.len() > 1 {
                chart
                    .draw_series(LineSeries::new(
                        s.points.iter().map(|p| (p.x, p.y)),
                        c.stroke_width(3),
                    ))
                    .map_err(draw_error)?;
            }
            chart
                .draw_series(
                    s.points
                        .iter()
                        .map(|p| Circle::new((p.x, p.y), 4, c.filled())),
                )
                .map_err(draw_error)?;
        }
    }
    if figure.fair_along_x {
        let path: Vec<(f64, f64)> = figure.fair.iter().map(|(p, f)| (*p as f64, *f)).collect();
        chart
            .draw_series(DashedLineSeries::new(path, 10, 6, FAIR.stroke_width(2)))
            .map_err(draw_error)?;
    } else {
        for (p, f) in &figure.fair {
            chart
                .draw_series(DashedLineSeries::new(
                    vec![(x0, *f), (x1, *f)],
                    10,
                    6,
                    fair_color(figure, *p).stroke_width(2),
                ))
                .map_err(draw_error)?;
        }
    }
    Ok(())
}

fn draw_hist(area: &DrawingArea<SVGBackend, Shift>, figure: &Figure) -> Result<(), String> {
    let bin = figure.bin;
    let xs = figure
        .series
        .iter()
        .flat_map(|s| s.points.iter().map(|p| p.x));
    let (lo, hi) = xs.fold((f64::INFINITY, f64::NEG_INFINITY), |(a, b), v| {
        (a.min(v), b.max(v))
    });
    // A bin [a, a + bin) of integers is drawn from a - 0.5 to a + bin - 0.5,
    // so that an integer's bar is centred on its tick.
    let (lo, hi) = (lo - 0.5, hi - 0.5);
    let (x0, x1) = (lo - bin * 0.5, hi + bin * 1.5);
    let top = figure
        .series
        .iter()
        .flat_map(|s| s.points.iter().map(|p| p.y))
        .fold(1.0, f64::max);
    let y1 = top * 1.08;
    let y_label_width = text_width(&number_text(top), LABEL_FONT).max(30) + 30;
    let mut chart = ChartBuilder::on(area)
        .margin(12)
        .margin_right(24)
        .x_label_area_size(62)
        .y_label_area_size(y_label_width + 24)
        .build_cartesian_2d(x0..x1, 0.0..y1)
        .map_err(draw_error)?;
    let x_format = |v: &f64| number_text(*v);
    let y_format = |v: &f64| number_text(*v);
    chart
        .configure_mesh()
        .x_desc(figure.x_label.as_str())
        .y_desc(figure.y_label.as_str())
        .label_style(("sans-serif", LABEL_FONT))
        .axis_desc_style(("sans-serif", DESC_FONT))
        .x_label_formatter(&x_format)
        .y_label_formatter(&y_format)
        .x_labels(10)
        .y_labels(6)
        .light_line_style(WHITE.mix(0.0))
        .bold_line_style(BLACK.mix(0.12))
        .draw()
        .map_err(draw_error)?;
    if figure.series.len() == 1 {
        let c = color(0);
        chart
            .draw_series(
                figure.series[0]
                    .points
                    .iter()
                    .filter(|p| p.y > 0.0)
                    .map(|p| {
                        Rectangle::new(
                            [(p.x - 0.5 + bin * 0.04, 0.0), (p.x - 0.5 + bin * 0.96, p.y)],
                            c.mix(0.8).filled(),
                        )
                    }),
            )
            .map_err(draw_error)?;
    } else {
        for (i, s) in figure.series.iter().enumerate() {
            let c = color(i);
            let mut steps = vec![(lo, 0.0)];
            for p in &s.points {
                steps.push((p.x - 0.5, p.y));
                steps.push((p.x - 0.5 + bin, p.y));
            }
            steps.push((hi + bin, 0.0));
            chart
                .draw_series([Polygon::new(steps.clone(), c.mix(0.12).filled())])
                .map_err(draw_error)?;
            chart
                .draw_series(LineSeries::new(steps, c.stroke_width(3)))
                .map_err(draw_error)?;
        }
    }
    Ok(())
}

fn draw_ratings(area: &DrawingArea<SVGBackend, Shift>, figure: &Figure) -> Result<(), String> {
    let bots = figure.y_categories.clone().unwrap_or_default();
    let values = figure.series.iter().flat_map(|s| {
        s.points.iter().flat_map(|p| {
            let (lo, hi) = p.band.unwrap_or((p.x, p.x));
            [p.x, lo, hi]
        })
    });
    let (x0, x1) = range_with(values.chain([0.0]), 0.06);
    let y0 = -0.6;
    let y1 = bots.len() as f64 - 0.4;
    let widest = bots
        .iter()
        .map(|b| text_width(b, LABEL_FONT))
        .max()
        .unwrap_or(40);
    let mut chart = ChartBuilder::on(area)
        .margin(12)
        .margin_right(24)
        .x_label_area_size(62)
        .y_label_area_size(widest + 40)
        .build_cartesian_2d(x0..x1, y0..y1)
        .map_err(draw_error)?;
    let x_format = |v: &f64| number_text(*v);
    let y_format = |v: &f64| category_text(&bots, *v);
    chart
        .configure_mesh()
        .x_desc(figure.x_label.as_str())
        .y_desc(figure.y_label.as_str())
        .label_style(("sans-serif", LABEL_FONT))
        .axis_desc_style(("sans-serif", DESC_FONT))
        .x_label_formatter(&x_format)
        .y_label_formatter(&y_format)
        .x_labels(8)
        .y_labels(bots.len().max(1))
        .disable_y_mesh()
        .light_line_style(WHITE.mix(0.0))
        .bold_line_style(BLACK.mix(0.12))
        .draw()
        .map_err(draw_error)?;
    // The anchor (rating 0).
    chart
        .draw_series([PathElement::new(
            vec![(0.0, y0), (0.0, y1)],
            BLACK.mix(0.4).stroke_width(1),
        )])
        .map_err(draw_error)?;
    for (i, s) in figure.series.iter().enumerate() {
        let c = color(i);
        for p in &s.points {
            if let Some((lo, hi)) = p.band {
                let cap = 0.12;
                let style = c.stroke_width(2);
                chart
                    .draw_series([
                        PathElement::new(vec![(lo, p.y), (hi, p.y)], style),
                        PathElement::new(vec![(lo, p.y - cap), (lo, p.y + cap)], style),
                        PathElement::new(vec![(hi, p.y - cap), (hi, p.y + cap)], style),
                    ])
                    .map_err(draw_error)?;
            }
        }
        chart
            .draw_series(
                s.points
                    .iter()
                    .map(|p| Circle::new((p.x, p.y), 5, c.filled())),
            )
            .map_err(draw_error)?;
    }
    Ok(())
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
        assert!(serde_json::from_str::<PlotSpec>(r#"{"file": "f.svg", "colour": 1}"#).is_err());
    }
}
