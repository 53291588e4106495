//! Line and bar figures: y against x, one row per point of each series,
//! read in one pass that keeps the cells of each point's first row and
//! how many rows it has (more than one is an error).

use super::PlotError;
use std::collections::HashMap;

use beachcomber::spec::one_line;
use beachcomber_store::clip::{clipped, clipped_to};
use beachcomber_store::csv_rows::Filter;

use beachcomber::stats::trend::Fit;

use super::figure::{
    Band, Figure, Point, Series, axis_label, band_columns, default_title, need_x, words,
};
use super::fit::fit_series;
use super::rows::{self, MAX_POINTS, Rows, SeriesKeys};
use super::{PlotKind, PlotRequest};

/// A point as read: its x cell, its rows, and the cells of its first row
/// that the figure needs.
struct Cells {
    x: String,
    rows: u64,
    line: u64,
    y: String,
    /// The band columns' cells (low and high, or the half width).
    band: [String; 2],
    players: Option<String>,
}

/// A series as read: its points in order of first appearance, and
/// whether it is a `--reference`.
#[derive(Default)]
struct Read {
    points: Vec<Cells>,
    index: HashMap<String, usize>,
    reference: bool,
}

/// The figure of a line or bar plot of `table`.
pub(super) fn xy_figure(request: &PlotRequest, mut table: Rows) -> Result<Figure, PlotError> {
    let columns = xy_columns(request, &mut table)?;
    let mut read = read_series(request, &mut table, &columns)?;
    let numeric_x = check_read(request, &table, &read)?;
    let drawn = drawn_series(request, &table, &columns, &mut read, numeric_x)?;
    let y_name = columns.y_name;
    let mut series = drawn.series;
    if series.is_empty() {
        return Err(format!(
            "no data: {} is empty in every row selected from {}",
            one_line(y_name),
            table.path
        )
        .into());
    }
    let mut fair = Vec::new();
    if y_name == "win_share" {
        let mut players_seen = drawn.players_seen;
        players_seen.sort_unstable();
        fair = players_seen
            .into_iter()
            .filter(|&p| p >= 2)
            .map(|p| (p, 1.0 / p as f64))
            .collect();
    }
    if series.len() == 1 && series[0].label.is_empty() {
        series[0].label = words(y_name);
    }
    Ok(Figure {
        kind: request.kind,
        title: request.title.clone().unwrap_or_else(|| {
            default_title(
                format!("{} by {}", words(y_name), words(&request.x)),
                &request.by,
                &request.filters,
            )
        }),
        x_label: axis_label(&request.x),
        y_label: axis_label(y_name),
        x_categories: (!numeric_x).then_some(read.categories),
        y_categories: None,
        series,
        fair,
        fair_along_x: numeric_x && request.x == "players",
        bin: 1.0,
        fit: request.fit,
        unfitted: drawn.unfitted,
    })
}

/// The columns of a line or bar figure, found in the header of its table.
struct XyColumns<'r> {
    x: usize,
    y: usize,
    /// The `--y` column's name.
    y_name: &'r str,
    by: Vec<usize>,
    /// The `--reference` conditions, in their order.
    references: Vec<Filter>,
    band: Band,
    players: Option<usize>,
}

/// The columns `request` names in `table`, whose filters (`--where`) it
/// sets; an error for a missing `--y`, an unknown column or a reference
/// on a column that is not a `--by` one.
fn xy_columns<'r>(request: &'r PlotRequest, table: &mut Rows) -> Result<XyColumns<'r>, PlotError> {
    let x = need_x(request, table)?;
    let y_name = request.y.as_deref().unwrap_or("");
    if y_name.is_empty() {
        return Err(format!(
            "--kind {} needs --y COL (the columns of {}: {})",
            request.kind,
            table.path,
            table.columns_text()
        )
        .into());
    }
    let y = table.column(&request.source.option("y"), y_name)?;
    let by = request
        .by
        .iter()
        .map(|b| table.column(&request.source.option("by"), b))
        .collect::<Result<Vec<_>, _>>()?;
    rows::set_filters(table, &request.filters, request.source)?;
    let references = request
        .references
        .iter()
        .map(|(c, v)| {
            if !request.by.contains(c) {
                return Err(format!(
                    "{} {}={}: a reference is a whole series, so its column must be \
                     one of {} ({})",
                    request.source.option("reference"),
                    one_line(c),
                    one_line(v),
                    request.source.option("by"),
                    if request.by.is_empty() {
                        "none given".to_string()
                    } else {
                        one_line(&request.by.join(","))
                    }
                )
                .into());
            }
            Ok(table.condition(&request.source.option("reference"), c, v)?)
        })
        .collect::<Result<Vec<_>, PlotError>>()?;
    Ok(XyColumns {
        x,
        y,
        y_name,
        by,
        references,
        band: band_columns(table, y_name),
        players: table.find("players"),
    })
}

/// The rows of a figure as read: its series, their keys, the x values in
/// order of first appearance.
struct ReadXy {
    series: Vec<Read>,
    keys: SeriesKeys,
    categories: Vec<String>,
    category_index: HashMap<String, usize>,
    /// Whether every x read is a number.
    all_numeric: bool,
    /// Whether any row has an x.
    any: bool,
    /// Per `--reference`, whether a series met it.
    referenced: Vec<bool>,
}

/// The selected rows of `table` read into series of points (the cells of
/// each point's first row, and its number of rows); an error past
/// [`MAX_POINTS`] points.
fn read_series(
    request: &PlotRequest,
    table: &mut Rows,
    columns: &XyColumns<'_>,
) -> Result<ReadXy, PlotError> {
    let mut read = ReadXy {
        series: Vec::new(),
        keys: SeriesKeys::new(columns.by.clone(), request.source),
        categories: Vec::new(),
        category_index: HashMap::new(),
        all_numeric: true,
        any: false,
        referenced: vec![false; columns.references.len()],
    };
    let mut points = 0usize;
    while table.next_row()? {
        let key = table.cell(columns.x);
        if key.is_empty() {
            continue;
        }
        read.any = true;
        if read.all_numeric && key.parse::<f64>().is_err() {
            read.all_numeric = false;
        }
        if !read.category_index.contains_key(key) {
            read.category_index
                .insert(key.to_string(), read.categories.len());
            read.categories.push(key.to_string());
        }
        let s = read.keys.of(table)?;
        if s == read.series.len() {
            let mut reference = false;
            for (r, seen) in columns.references.iter().zip(&mut read.referenced) {
                if table.meets(r) {
                    (reference, *seen) = (true, true);
                }
            }
            read.series.push(Read {
                reference,
                ..Read::default()
            });
        }
        let series = &mut read.series[s];
        if let Some(&i) = series.index.get(key) {
            series.points[i].rows += 1;
            continue;
        }
        points += 1;
        if points > MAX_POINTS {
            return Err(format!(
                "more than {MAX_POINTS} points (a value of {} {} in a series) in {}: \
                 a {} plot draws one row per point; {} or choose another {}",
                request.source.option("x"),
                one_line(&request.x),
                table.path,
                request.kind,
                request.source.advice(&["where"]),
                request.source.option("x"),
            )
            .into());
        }
        series.index.insert(key.to_string(), series.points.len());
        series.points.push(cells_of(table, columns));
    }
    Ok(read)
}

/// The cells of the current row of `table` that its point needs.
fn cells_of(table: &Rows, columns: &XyColumns<'_>) -> Cells {
    let cell = |c: Option<usize>| c.map_or(String::new(), |c| table.cell(c).to_string());
    let band = match columns.band {
        Band::LowHigh(l, h) => [cell(Some(l)), cell(Some(h))],
        Band::HalfWidth(c) => [cell(Some(c)), String::new()],
        Band::None => [String::new(), String::new()],
    };
    Cells {
        x: table.cell(columns.x).to_string(),
        rows: 1,
        line: table.line(),
        y: table.cell(columns.y).to_string(),
        band,
        players: columns.players.map(|c| table.cell(c).to_string()),
    }
}

/// The checks of the rows read: some kept, every `--reference` met, not
/// every series a reference, numbers in x for `--fit`. Returns whether x
/// is drawn as numbers (a line figure of numbers) rather than categories.
fn check_read(request: &PlotRequest, table: &Rows, read: &ReadXy) -> Result<bool, PlotError> {
    rows::check_kept(table, request.source)?;
    if let Some(i) = read.referenced.iter().position(|seen| !seen) {
        let (c, v) = &request.references[i];
        let all: Vec<&str> = (0..read.series.len()).map(|s| read.keys.label(s)).collect();
        return Err(format!(
            "{} {}={} matches no series (the series: {})",
            request.source.option("reference"),
            one_line(c),
            one_line(v),
            clipped_to(&all.join("; "), 240)
        )
        .into());
    }
    if !read.series.is_empty() && read.series.iter().all(|r| r.reference) {
        return Err(format!(
            "every series is a {}: leave at least one series to draw against them",
            request.source.option("reference")
        )
        .into());
    }
    let numeric_x = request.kind == PlotKind::Line && read.any && read.all_numeric;
    if request.fit.is_some() && read.any && !numeric_x {
        return Err(format!(
            "--fit needs numbers in the --x column, and {} has text values in {}",
            one_line(&request.x),
            table.path
        )
        .into());
    }
    Ok(numeric_x)
}

/// The series to draw, the player counts seen and the series without a
/// trend line (and why).
struct Drawn {
    series: Vec<Series>,
    players_seen: Vec<u64>,
    unfitted: Vec<String>,
}

/// The series of `read` as drawn: their points as numbers (sorted by x),
/// labels and trends; an error for a point of several rows or a reference
/// of several points. A series without a number in y is left out.
fn drawn_series(
    request: &PlotRequest,
    table: &Rows,
    columns: &XyColumns<'_>,
    read: &mut ReadXy,
    numeric_x: bool,
) -> Result<Drawn, PlotError> {
    let (x, y) = (columns.x, columns.y);
    let mut skip = vec![x, y];
    skip.extend(&columns.by);
    if let Band::LowHigh(l, h) = columns.band {
        skip.extend([l, h]);
    }
    if let Band::HalfWidth(c) = columns.band {
        skip.push(c);
    }
    let mut drawn = Drawn {
        series: Vec::new(),
        players_seen: Vec::new(),
        unfitted: Vec::new(),
    };
    for (s, members) in read.series.iter().enumerate() {
        let label = read.keys.label(s).to_string();
        if let Some(dup) = members.points.iter().find(|p| p.rows > 1) {
            let point = format!("{}={}", one_line(&request.x), clipped(&dup.x));
            return Err(rows::duplicate_error(
                table,
                dup.rows,
                &point,
                &label,
                &skip,
                request.source,
                |row| Ok(row.cell(x) == dup.x && read.keys.of(row)? == s),
            ));
        }
        if members.reference && members.points.len() != 1 {
            return Err(format!(
                "the {} series {} has {} points: a reference is one point (a \
                 baseline, drawn as a level line), so narrow it with {}",
                request.source.option("reference"),
                clipped(&label),
                members.points.len(),
                request.source.option("where"),
            )
            .into());
        }
        let categories = (!numeric_x).then_some(&read.category_index);
        let points = points_of(request, table, columns, categories, members, &mut drawn)?;
        if points.is_empty() {
            continue;
        }
        let label = if members.reference {
            let at = &members.points[0].x;
            format!("{label} ({} = {})", words(&request.x), clipped(at))
        } else {
            label
        };
        let trend = match request.fit {
            Some(_) if members.reference => None,
            Some(fit) => match fit_series(&points, fit) {
                Ok(t) => Some(t),
                Err(why) => {
                    let name = if label.is_empty() {
                        columns.y_name
                    } else {
                        &label
                    };
                    drawn.unfitted.push(format!("{}: {why}", one_line(name)));
                    None
                }
            },
            None => None,
        };
        drawn.series.push(Series {
            label,
            points,
            trend,
            reference: members.reference,
        });
    }
    Ok(drawn)
}

/// The points of one series (`members`) with a number in y, sorted by x
/// (a number, or with `categories` the index of its category); their
/// player counts are added to `drawn`'s. An error for a cell that is not
/// a number or, with `--fit log`, an x that is not positive.
fn points_of(
    request: &PlotRequest,
    table: &Rows,
    columns: &XyColumns<'_>,
    categories: Option<&HashMap<String, usize>>,
    members: &Read,
    drawn: &mut Drawn,
) -> Result<Vec<Point>, PlotError> {
    let number = |cell: &str, col: usize, line: u64| {
        rows::number(cell, &table.header[col], line, &table.path)
    };
    let mut points = Vec::new();
    for p in &members.points {
        let Some(value) = number(&p.y, columns.y, p.line)? else {
            continue;
        };
        let xv = match categories {
            None => p.x.parse::<f64>().unwrap_or(0.0),
            Some(index) => index.get(&p.x).copied().unwrap_or(0) as f64,
        };
        if request.fit == Some(Fit::Log) && xv <= 0.0 {
            return Err(format!(
                "--fit log needs x > 0, but --x {} is {} on line {} of {}",
                one_line(&request.x),
                clipped(&p.x),
                p.line,
                table.path
            )
            .into());
        }
        let interval = match columns.band {
            Band::LowHigh(l, h) => match (
                number(&p.band[0], l, p.line)?,
                number(&p.band[1], h, p.line)?,
            ) {
                (Some(lo), Some(hi)) => Some((lo, hi)),
                _ => None,
            },
            Band::HalfWidth(c) => number(&p.band[0], c, p.line)?.map(|w| (value - w, value + w)),
            Band::None => None,
        };
        if let Some(players) = p.players.as_ref().and_then(|c| c.parse::<u64>().ok())
            && !drawn.players_seen.contains(&players)
        {
            drawn.players_seen.push(players);
        }
        points.push(Point {
            x: xv,
            y: value,
            band: interval,
        });
    }
    points.sort_by(|a, b| a.x.total_cmp(&b.x));
    Ok(points)
}
