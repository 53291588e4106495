//! Drawing a figure with plotters into SVG text: the legend in a column of
//! its own, the axes, and each kind's marks.

use plotters::coord::Shift;
use plotters::coord::types::RangedCoordf64;
use plotters::prelude::*;

use super::figure::{Figure, Series, short_label};
use super::fit::{line_points, slope_text};
use super::{PlotError, PlotKind};

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

/// How a legend entry's sample is drawn.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Sample {
    /// A series' line.
    Line,
    /// A dashed line: a fair share, or a reference series.
    Dashed,
    /// A faint swatch: the 95% band of line figures.
    Band,
    /// A whisker with caps: the 95% error bars of bar charts.
    ErrorBar,
}

/// One legend entry: its label and how its sample is drawn; with a
/// fitted trend, the slope text on a row of its own below, with a sample
/// of the trend line.
struct Entry {
    label: String,
    color: RGBColor,
    sample: Sample,
    slope: Option<String>,
}

/// The legend label of the 95% bands and error bars.
pub const BAND_LABEL: &str = "95% interval";

/// The colour of the band's legend swatch (the bands take their series'
/// colour; the swatch stands for all of them).
const BAND_SWATCH: RGBColor = RGBColor(120, 120, 120);

/// The dash and gap lengths of a trend line (the fair lines: 10 and 6).
const TREND_DASH: (u32, u32) = (6, 4);

/// The fitted line of series `s`, if it has one: points from its first to
/// its last x.
fn trend_line(figure: &Figure, s: &Series) -> Option<Vec<(f64, f64)>> {
    let (trend, fit) = (s.trend.as_ref()?, figure.fit?);
    let (first, last) = (s.points.first()?, s.points.last()?);
    Some(line_points(trend, fit, first.x, last.x))
}

fn legend_entries(figure: &Figure) -> Vec<Entry> {
    let mut entries: Vec<Entry> = figure
        .series
        .iter()
        .enumerate()
        .map(|(i, s)| Entry {
            label: s.label.clone(),
            color: color(i),
            sample: if s.reference {
                Sample::Dashed
            } else {
                Sample::Line
            },
            slope: s
                .trend
                .as_ref()
                .zip(figure.fit)
                .map(|(t, fit)| slope_text(t, fit)),
        })
        .collect();
    let banded = figure
        .series
        .iter()
        .any(|s| s.points.iter().any(|p| p.band.is_some()));
    let band_sample = match figure.kind {
        PlotKind::Line => Some(Sample::Band),
        PlotKind::Bars => Some(Sample::ErrorBar),
        PlotKind::Hist | PlotKind::Ratings => None,
    };
    if let (true, Some(sample)) = (banded, band_sample) {
        entries.push(Entry {
            label: BAND_LABEL.to_string(),
            color: if sample == Sample::Band {
                BAND_SWATCH
            } else {
                WHISKER
            },
            sample,
            slope: None,
        });
    }
    if figure.fair_along_x {
        if !figure.fair.is_empty() {
            entries.push(Entry {
                label: "fair 1/players".to_string(),
                color: FAIR,
                sample: Sample::Dashed,
                slope: None,
            });
        }
    } else {
        entries.extend(figure.fair.iter().map(|(p, _)| Entry {
            label: format!("fair 1/{p}"),
            color: fair_color(figure, *p),
            sample: Sample::Dashed,
            slope: None,
        }));
    }
    entries
}

pub(super) fn draw_error<E: std::error::Error + Send + Sync + 'static>(e: E) -> PlotError {
    PlotError::Draw(Box::new(e))
}

/// The figure as SVG text.
pub(super) fn render(figure: &Figure, (width, height): (u32, u32)) -> Result<String, PlotError> {
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
        let slopes = entries.iter().any(|e| e.slope.is_some());
        let chart_area = if entries.len() > 1 || slopes {
            let widest = entries
                .iter()
                .flat_map(|e| std::iter::once(&e.label).chain(&e.slope))
                .map(|text| text_width(text, LABEL_FONT))
                .max()
                .unwrap_or(0);
            // Slope texts are long: the legend may take half the width then.
            let most = if slopes { width / 2 } else { width * 2 / 5 };
            let legend_width = (widest + 56).min(most);
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
) -> Result<(), PlotError> {
    let font = ("sans-serif", LABEL_FONT).into_font();
    let row = 26;
    let top = 30;
    let max_chars = (f64::from(width.saturating_sub(48)) / (LABEL_FONT / 1.24 * 0.56)) as usize;
    let text = |text: &str, y: i32| {
        let shown = if text.chars().count() > max_chars && max_chars > 1 {
            let mut s: String = text.chars().take(max_chars - 1).collect();
            s.push('…');
            s
        } else {
            text.to_string()
        };
        area.draw(&Text::new(
            shown,
            (42, y),
            font.clone()
                .color(&BLACK)
                .pos(plotters::style::text_anchor::Pos::new(
                    plotters::style::text_anchor::HPos::Left,
                    plotters::style::text_anchor::VPos::Center,
                )),
        ))
        .map_err(draw_error)
    };
    let mut y = top;
    for e in entries {
        let style = e.color.stroke_width(4);
        match e.sample {
            Sample::Dashed => {
                area.draw(&PathElement::new(vec![(8, y), (18, y)], style))
                    .map_err(draw_error)?;
                area.draw(&PathElement::new(vec![(24, y), (34, y)], style))
                    .map_err(draw_error)?;
            }
            Sample::Line => {
                area.draw(&PathElement::new(vec![(8, y), (34, y)], style))
                    .map_err(draw_error)?;
            }
            Sample::Band => {
                area.draw(&Rectangle::new(
                    [(8, y - 8), (34, y + 8)],
                    e.color.mix(0.3).filled(),
                ))
                .map_err(draw_error)?;
            }
            Sample::ErrorBar => {
                let thin = e.color.stroke_width(2);
                for path in [
                    vec![(21, y - 9), (21, y + 9)],
                    vec![(16, y - 9), (26, y - 9)],
                    vec![(16, y + 9), (26, y + 9)],
                ] {
                    area.draw(&PathElement::new(path, thin))
                        .map_err(draw_error)?;
                }
            }
        }
        text(&e.label, y)?;
        y += row;
        if let Some(slope) = &e.slope {
            // A sample of the trend line (2 px, short dashes), then the slope.
            let thin = e.color.stroke_width(2);
            for x in [8, 17, 26] {
                area.draw(&PathElement::new(vec![(x, y), (x + 6, y)], thin))
                    .map_err(draw_error)?;
            }
            text(slope, y)?;
            y += row;
        }
    }
    Ok(())
}

/// The x range and tick count of a figure's x axis.
fn x_range(figure: &Figure) -> (f64, f64) {
    match &figure.x_categories {
        Some(c) => (-0.5, c.len() as f64 - 0.5),
        // A reference is a level line across the plot: its x does not
        // widen the axis.
        None => range_with(
            figure
                .series
                .iter()
                .filter(|s| !s.reference)
                .flat_map(|s| s.points.iter().map(|p| p.x)),
            0.05,
        ),
    }
}

/// The chart of a line or bar figure: f64 on both axes.
type XyChart<'a, 'b> =
    ChartContext<'a, SVGBackend<'b>, Cartesian2d<RangedCoordf64, RangedCoordf64>>;

fn draw_xy(area: &DrawingArea<SVGBackend, Shift>, figure: &Figure) -> Result<(), PlotError> {
    let (x0, x1) = x_range(figure);
    let (y0, y1) = y_range(figure);
    let mut chart = ChartBuilder::on(area)
        .margin(12)
        .margin_right(24)
        .x_label_area_size(62)
        .y_label_area_size(y_label_width(y0, y1) + 24)
        .build_cartesian_2d(x0..x1, y0..y1)
        .map_err(draw_error)?;
    draw_xy_mesh(&mut chart, figure, (x0, x1))?;
    if figure.kind == PlotKind::Bars {
        draw_bars(&mut chart, figure)?;
    } else {
        // References first (a faint band strip and a level dashed line
        // across the plot), then bands (under every line), lines, points.
        draw_references(&mut chart, figure, (x0, x1))?;
        draw_bands(&mut chart, figure)?;
        draw_lines(&mut chart, figure)?;
        draw_trends(&mut chart, figure)?;
    }
    draw_fair(&mut chart, figure, (x0, x1))
}

/// The y range of a line or bar figure: its values and bands, its fair
/// shares and trend lines; bars grow from 0.
fn y_range(figure: &Figure) -> (f64, f64) {
    let values = figure.series.iter().flat_map(|s| {
        s.points.iter().flat_map(|p| {
            let (lo, hi) = p.band.unwrap_or((p.y, p.y));
            [p.y, lo, hi]
        })
    });
    let fair = figure.fair.iter().map(|f| f.1);
    // The trend lines stay inside the chart.
    let trends: Vec<f64> = figure
        .series
        .iter()
        .filter_map(|s| trend_line(figure, s))
        .flatten()
        .map(|(_, y)| y)
        .collect();
    let fair = fair.chain(trends);
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
    (y0, y1)
}

/// The width of the y axis' labels of a chart from `y0` to `y1`.
fn y_label_width(y0: f64, y1: f64) -> u32 {
    20 + [y0, y1, (y0 + y1) / 2.0]
        .iter()
        .map(|v| text_width(&number_text(*v), LABEL_FONT) + 10)
        .max()
        .unwrap_or(40)
        .max(40)
}

/// The axes, their labels and the grid of a line or bar figure whose x
/// axis runs from `x0` to `x1`.
fn draw_xy_mesh(
    chart: &mut XyChart<'_, '_>,
    figure: &Figure,
    (x0, x1): (f64, f64),
) -> Result<(), PlotError> {
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
    mesh.y_labels(7).draw().map_err(draw_error)
}

/// The bars of a bar figure, grouped by category, with their error bars.
fn draw_bars(chart: &mut XyChart<'_, '_>, figure: &Figure) -> Result<(), PlotError> {
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
    Ok(())
}

/// The references of a line figure: each a faint band strip and a level
/// dashed line from `x0` to `x1`.
fn draw_references(
    chart: &mut XyChart<'_, '_>,
    figure: &Figure,
    (x0, x1): (f64, f64),
) -> Result<(), PlotError> {
    for (i, s) in figure.series.iter().enumerate() {
        let Some(p) = s.points.first().filter(|_| s.reference) else {
            continue;
        };
        let c = color(i);
        if let Some((lo, hi)) = p.band {
            chart
                .draw_series([Rectangle::new([(x0, lo), (x1, hi)], c.mix(0.12).filled())])
                .map_err(draw_error)?;
        }
        chart
            .draw_series(DashedLineSeries::new(
                vec![(x0, p.y), (x1, p.y)],
                10,
                6,
                c.stroke_width(2),
            ))
            .map_err(draw_error)?;
    }
    Ok(())
}

/// The series of a line figure that are not references, with their colour
/// index.
fn drawn_series(figure: &Figure) -> impl Iterator<Item = (usize, &Series)> {
    figure
        .series
        .iter()
        .enumerate()
        .filter(|(_, s)| !s.reference)
}

/// The 95% bands of a line figure's series: a polygon per run of points
/// with a band, a thick stroke for a lone one.
fn draw_bands(chart: &mut XyChart<'_, '_>, figure: &Figure) -> Result<(), PlotError> {
    for (i, s) in drawn_series(figure) {
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
                    outline.extend(run.iter().rev().map(|p| (p.x, p.band.map_or(p.y, |b| b.0))));
                    chart
                        .draw_series([Polygon::new(outline, c.mix(0.2).filled())])
                        .map_err(draw_error)?;
                }
            }
        }
    }
    Ok(())
}

/// The lines and points of a line figure's series.
fn draw_lines(chart: &mut XyChart<'_, '_>, figure: &Figure) -> Result<(), PlotError> {
    for (i, s) in drawn_series(figure) {
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
    Ok(())
}

/// The fitted trends, dashed, over the lines.
fn draw_trends(chart: &mut XyChart<'_, '_>, figure: &Figure) -> Result<(), PlotError> {
    for (i, s) in figure.series.iter().enumerate() {
        if let Some(path) = trend_line(figure, s) {
            chart
                .draw_series(DashedLineSeries::new(
                    path,
                    TREND_DASH.0,
                    TREND_DASH.1,
                    color(i).stroke_width(2),
                ))
                .map_err(draw_error)?;
        }
    }
    Ok(())
}

/// The fair shares, dashed: a line along x when x is the player count,
/// else a level line from `x0` to `x1` per share.
fn draw_fair(
    chart: &mut XyChart<'_, '_>,
    figure: &Figure,
    (x0, x1): (f64, f64),
) -> Result<(), PlotError> {
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

fn draw_hist(area: &DrawingArea<SVGBackend, Shift>, figure: &Figure) -> Result<(), PlotError> {
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

/// The ratings figure: one row per bot (best at the top), its name on the
/// y axis, the rating as a point with its interval as whiskers and, with
/// one series and room between the rows, the values written beside it.
/// The label area is as wide as the longest shown name and the plot takes
/// the rest of the width; the x axis gets as many ticks as fit.
fn draw_ratings(area: &DrawingArea<SVGBackend, Shift>, figure: &Figure) -> Result<(), PlotError> {
    let bots = figure.y_categories.clone().unwrap_or_default();
    let values = figure.series.iter().flat_map(|s| {
        s.points.iter().flat_map(|p| {
            let (lo, hi) = p.band.unwrap_or((p.x, p.x));
            [p.x, lo, hi]
        })
    });
    let (x0, x1) = range_with(values.chain([0.0]), 0.04);
    let y0 = -0.6;
    let y1 = bots.len() as f64 - 0.4;
    let widest = bots
        .iter()
        .map(|b| text_width(&short_label(b), LABEL_FONT))
        .max()
        .unwrap_or(40);
    let (width, height) = area.dim_in_pixel();
    // The y description, the tick marks and a gap beside the names.
    let label_area = (widest + 16).min(width / 2);
    let (margin, margin_right, x_area) = (12, 24, 62);
    let plot_width = width.saturating_sub(label_area + margin + margin_right + 30);
    let plot_height = height.saturating_sub(x_area + 2 * margin + 40);
    let tick_width = [x0, x1]
        .iter()
        .map(|v| text_width(&number_text(v.round()), LABEL_FONT))
        .max()
        .unwrap_or(40);
    let x_ticks = (plot_width / (tick_width + 28)).clamp(2, 10) as usize;
    let mut chart = ChartBuilder::on(area)
        .margin(margin)
        .margin_right(margin_right)
        .x_label_area_size(x_area)
        .y_label_area_size(label_area + 30)
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
        .x_labels(x_ticks)
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
    // Values beside the points: one series, rows at least two lines apart.
    let row_height = f64::from(plot_height) / (y1 - y0).max(1.0);
    let write_values = figure.series.len() == 1 && row_height >= 2.0 * LABEL_FONT;
    let middle = (x0 + x1) / 2.0;
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
            if write_values {
                use plotters::style::text_anchor::{HPos, Pos, VPos};
                let (lo, hi) = p.band.unwrap_or((p.x, p.x));
                let text = match p.band {
                    Some(_) => format!("{:.0} [{:.0}, {:.0}]", p.x, lo, hi),
                    None => format!("{:.0}", p.x),
                };
                // On the side with more room: right of the whiskers in the
                // left half, left of them in the right half.
                let gap = (x1 - x0) * 0.012;
                let (x, h) = if p.x <= middle {
                    (hi + gap, HPos::Left)
                } else {
                    (lo - gap, HPos::Right)
                };
                let font = ("sans-serif", LABEL_FONT)
                    .into_font()
                    .color(&BLACK.mix(0.75))
                    .pos(Pos::new(h, VPos::Center));
                chart
                    .draw_series([Text::new(text, (x, p.y), font)])
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
