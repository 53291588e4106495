//! A search's figures (docs/search.md): `front.svg`, the candidates still
//! in on two of the goal's quantities with the race's simultaneous
//! intervals on both (the front in colour, the other survivors grey, the
//! eliminated as small grey crosses at their estimates), and `rounds.svg`,
//! the candidates played and eliminated in each round.

use std::path::Path;

use plotters::prelude::*;

use beachcomber_store::files::output::write_whole;
use beachcomber_studies::search::SearchOutcome;

use super::PlotError;
use super::draw::{COLORS, draw_error};

/// The front's figure.
pub const FRONT_FIGURE: &str = "front.svg";
/// The rounds' figure.
pub const ROUNDS_FIGURE: &str = "rounds.svg";

/// The figures' size in pixels.
const SIZE: (u32, u32) = (900, 600);

fn rgb(i: usize) -> RGBColor {
    let (r, g, b) = COLORS[i % COLORS.len()];
    RGBColor(r, g, b)
}

/// Draw both figures of `outcome` into `dir`; the front's only when the
/// goal has two quantities or more (the first two: the first objective's,
/// then the next). Each figure that could not be drawn or written, with
/// why: the others are drawn still.
pub fn draw_search(dir: &Path, outcome: &SearchOutcome) -> Vec<(&'static str, PlotError)> {
    let race = &outcome.search.race;
    let quantities = race.goal.quantities();
    let mut failed = Vec::new();
    let mut draw = |file: &'static str, svg: Result<String, PlotError>| {
        let written = svg.and_then(|svg| Ok(write_whole(&dir.join(file), svg.as_bytes())?));
        if let Err(error) = written {
            failed.push((file, error));
        }
    };
    if quantities.len() >= 2 {
        draw(FRONT_FIGURE, front_svg(outcome));
    }
    draw(ROUNDS_FIGURE, rounds_svg(outcome));
    failed
}

/// The lower and upper ends of `values`, widened a little (a single value
/// gets a unit range).
fn span(values: impl Iterator<Item = f64>) -> (f64, f64) {
    let (mut low, mut high) = (f64::INFINITY, f64::NEG_INFINITY);
    for v in values.filter(|v| v.is_finite()) {
        low = low.min(v);
        high = high.max(v);
    }
    if !low.is_finite() {
        return (0.0, 1.0);
    }
    let pad = ((high - low) * 0.05).max(1e-9);
    if high - low < 1e-12 {
        (low - 0.5, high + 0.5)
    } else {
        (low - pad, high + pad)
    }
}

fn front_svg(outcome: &SearchOutcome) -> Result<String, PlotError> {
    let race = &outcome.search.race;
    let quantities = race.goal.quantities();
    let (qx, qy) = (0, 1);
    let alive = race.alive();
    let front = race.front();
    let all: Vec<usize> = (0..race.candidates.len())
        .filter(|&c| race.candidates[c].evidence.deals() >= 2)
        .collect();
    let intervals = |q: usize| {
        alive
            .iter()
            .flat_map(move |&c| {
                let i = race.quantity_interval(c, q);
                [i.low, i.high]
            })
            .chain(
                all.iter()
                    .map(move |&c| race.quantity_interval(c, q).estimate),
            )
    };
    let (x0, x1) = span(intervals(qx));
    let (y0, y1) = span(intervals(qy));
    let mut svg = String::new();
    {
        let root = SVGBackend::with_string(&mut svg, SIZE).into_drawing_area();
        root.fill(&WHITE).map_err(draw_error)?;
        let mut chart = ChartBuilder::on(&root)
            .caption(
                "The race at its end: simultaneous intervals (front in colour)",
                ("sans-serif", 22),
            )
            .margin(16)
            .x_label_area_size(48)
            .y_label_area_size(72)
            .build_cartesian_2d(x0..x1, y0..y1)
            .map_err(draw_error)?;
        chart
            .configure_mesh()
            .x_desc(quantities[qx].to_string())
            .y_desc(quantities[qy].to_string())
            .label_style(("sans-serif", 15))
            .draw()
            .map_err(draw_error)?;
        let grey = RGBColor(150, 150, 150);
        // The eliminated: small crosses at their estimates.
        for &c in all.iter().filter(|c| !alive.contains(c)) {
            let (x, y) = (
                race.quantity_interval(c, qx).estimate,
                race.quantity_interval(c, qy).estimate,
            );
            chart
                .draw_series(std::iter::once(Cross::new((x, y), 3, grey.stroke_width(1))))
                .map_err(draw_error)?;
        }
        for &c in &alive {
            let on_front = front.contains(&c);
            let colour = if on_front { rgb(0) } else { grey };
            let ix = race.quantity_interval(c, qx);
            let iy = race.quantity_interval(c, qy);
            let clamp = |v: f64, lo: f64, hi: f64| v.clamp(lo, hi);
            let bars = [
                vec![
                    (clamp(ix.low, x0, x1), iy.estimate),
                    (clamp(ix.high, x0, x1), iy.estimate),
                ],
                vec![
                    (ix.estimate, clamp(iy.low, y0, y1)),
                    (ix.estimate, clamp(iy.high, y0, y1)),
                ],
            ];
            chart
                .draw_series(
                    bars.into_iter()
                        .map(|b| PathElement::new(b, colour.stroke_width(1))),
                )
                .map_err(draw_error)?;
            chart
                .draw_series(std::iter::once(Circle::new(
                    (ix.estimate, iy.estimate),
                    if on_front { 5 } else { 3 },
                    colour.filled(),
                )))
                .map_err(draw_error)?;
            if on_front {
                chart
                    .draw_series(std::iter::once(Text::new(
                        format!("{c}"),
                        (ix.estimate, iy.estimate),
                        ("sans-serif", 14).into_font().color(&rgb(0)),
                    )))
                    .map_err(draw_error)?;
            }
        }
        root.present().map_err(draw_error)?;
    }
    Ok(svg)
}

fn rounds_svg(outcome: &SearchOutcome) -> Result<String, PlotError> {
    let history = &outcome.search.history;
    let played: Vec<(f64, f64)> = history
        .iter()
        .map(|r| (r.plan.round as f64, r.plan.candidates.len() as f64))
        .collect();
    let left: Vec<(f64, f64)> = history
        .iter()
        .map(|r| (r.plan.round as f64, r.left.len() as f64))
        .collect();
    let most = played.iter().map(|p| p.1).fold(1.0, f64::max);
    let last = history.len().max(1) as f64 - 1.0;
    let mut svg = String::new();
    {
        let root = SVGBackend::with_string(&mut svg, SIZE).into_drawing_area();
        root.fill(&WHITE).map_err(draw_error)?;
        let mut chart = ChartBuilder::on(&root)
            .caption("Candidates per round", ("sans-serif", 22))
            .margin(16)
            .x_label_area_size(48)
            .y_label_area_size(60)
            .build_cartesian_2d(-0.2..(last + 0.2).max(0.8), 0.0..most * 1.1)
            .map_err(draw_error)?;
        chart
            .configure_mesh()
            .x_desc("round")
            .y_desc("candidates")
            .x_labels(history.len().max(2))
            .x_label_formatter(&|v| {
                if (v - v.round()).abs() < 1e-6 {
                    format!("{}", v.round() as i64)
                } else {
                    String::new()
                }
            })
            .label_style(("sans-serif", 15))
            .draw()
            .map_err(draw_error)?;
        for (i, (name, points)) in [("played", played), ("eliminated after", left)]
            .into_iter()
            .enumerate()
        {
            let colour = rgb(i);
            chart
                .draw_series(LineSeries::new(points.clone(), colour.stroke_width(2)))
                .map_err(draw_error)?
                .label(name)
                .legend(move |(x, y)| {
                    PathElement::new(vec![(x, y), (x + 20, y)], colour.stroke_width(2))
                });
            chart
                .draw_series(
                    points
                        .into_iter()
                        .map(|p| Circle::new(p, 4, colour.filled())),
                )
                .map_err(draw_error)?;
        }
        chart
            .configure_series_labels()
            .background_style(WHITE.mix(0.9))
            .border_style(BLACK)
            .label_font(("sans-serif", 15))
            .draw()
            .map_err(draw_error)?;
        root.present().map_err(draw_error)?;
    }
    Ok(svg)
}
