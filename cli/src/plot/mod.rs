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
pub mod search;
mod xy;

use beachcomber::spec::one_line_path;
use std::path::{Path, PathBuf};

use clap::Args;

use beachcomber_store::files::output::write_whole;
pub use error::PlotError;

pub use beachcomber_bots::short_label;
pub use beachcomber_studies::plot_spec::{PlotInput, PlotKind, PlotRequest, PlotSource};
use beachcomber_studies::plot_spec::{parse_conditions, parse_fit};
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

/// Options of `beachcomber plot`.
#[derive(Args, Debug)]
pub struct PlotArgs {
    /// The CSV to plot: a sweep's metrics.csv, a per-game CSV (--kind hist)
    /// or a league's ratings CSV (--kind ratings); a name ending in
    /// `.parquet` is read as Parquet (games.parquet: the same figure as its
    /// CSV's).
    #[arg(value_name = "FILE.csv|FILE.parquet")]
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
    let kind: PlotKind = args.kind.parse().map_err(PlotError::from)?;
    let filters = parse_conditions("--where", &args.filters).map_err(PlotError::from)?;
    let references = parse_conditions("--reference", &args.references).map_err(PlotError::from)?;
    let fit = args
        .fit
        .as_deref()
        .map(parse_fit)
        .transpose()
        .map_err(PlotError::from)?;
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
        source: PlotSource::Flags,
    };
    // Its folder must exist (as for every --out); checked before the input
    // is read.
    beachcomber_store::files::out_folder::check_out_parent("--out", &request.out)?;
    Ok(draw_sized(&request, (args.width, args.height))?)
}

/// Draw the figure of `request` at the default size (800x500): the series
/// drawn without a fitted line (`--fit`), for the caller's note (an
/// experiment's figure is named where it will be, not in its staging
/// folder).
pub fn draw(request: &PlotRequest) -> Result<Vec<String>, PlotError> {
    draw_figure(request, DEFAULT_SIZE)
}

/// Draw the figure of `request` at `size` (width, height in pixels), with
/// a note on stderr naming the series drawn without a fitted line.
pub fn draw_sized(request: &PlotRequest, size: (u32, u32)) -> Result<(), PlotError> {
    let unfitted = draw_figure(request, size)?;
    if !unfitted.is_empty() {
        eprintln!(
            "note: {}: no fitted line for {}",
            one_line_path(&request.out),
            unfitted.join("; ")
        );
    }
    Ok(())
}

/// Draw the figure of `request` at `size`: the series without a fitted
/// line.
fn draw_figure(request: &PlotRequest, size: (u32, u32)) -> Result<Vec<String>, PlotError> {
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
    Ok(figure.unfitted)
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
