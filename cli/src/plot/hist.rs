//! Histograms: the distribution of a column of a per-game CSV, one value
//! per game, counted while reading. A value counts in the bin of its
//! integer part; the bins (about 40 over the range of every series) are
//! known only at the end, so the first pass counts each distinct integer
//! part per series, and when there are too many of them to keep, a second
//! pass counts into the bins directly.

use super::PlotError;
use beachcomber_store::csv_rows::CsvError;
use std::collections::HashMap;

use beachcomber::spec::one_line;

use super::figure::{Figure, Point, Series, axis_label, default_title, need_x, words};
use super::rows::{self, Rows, SeriesKeys, push_key};
use super::{PlotKind, PlotRequest};

/// Most distinct integer parts counted in the first pass, over all series
/// (a few MB); past it the file is read a second time.
const MAX_DISTINCT: usize = 1 << 16;

/// A series as read.
#[derive(Default)]
struct Read {
    /// Games with a value.
    games: u64,
    /// The first bad value's error.
    error: Option<CsvError>,
    /// Games per integer part (its bits), until there are too many.
    counts: HashMap<u64, u64>,
}

/// Call `each` with the series and the value (or its error) of each game
/// of `table` that passes the filters: the first row of each game, where a
/// game is its number and the columns before it (e.g. the combination of
/// a sweep) and its rows are consecutive, as every per-game CSV writes
/// them. A CSV without a `game` column has one game per row.
fn scan(
    table: &mut Rows,
    x: usize,
    keys: &mut SeriesKeys,
    mut each: impl FnMut(usize, Result<Option<f64>, CsvError>),
) -> Result<(), PlotError> {
    let game = table.find("game");
    let (mut previous, mut current) = (None::<String>, String::new());
    while table.next_row()? {
        if let Some(g) = game {
            current.clear();
            for c in 0..=g {
                push_key(&mut current, table.cell(c));
            }
            if previous.as_ref() == Some(&current) {
                continue;
            }
            let last = previous.replace(std::mem::take(&mut current));
            current = last.unwrap_or_default();
        }
        let s = keys.of(table)?;
        each(s, table.number(x));
    }
    Ok(())
}

/// The bin of a value's integer part `floor`.
fn bin_of(floor: f64, lo: f64, bin: f64, bins: usize) -> usize {
    (((floor - lo) / bin).floor() as usize).min(bins - 1)
}

/// The figure of a histogram of `table`.
pub(super) fn hist_figure(request: &PlotRequest, mut table: Rows) -> Result<Figure, PlotError> {
    let x = need_x(request, &table)?;
    let by = request
        .by
        .iter()
        .map(|b| table.column(&request.source.option("by"), b))
        .collect::<Result<Vec<_>, _>>()?;
    rows::set_filters(&mut table, &request.filters, request.source)?;
    let mut keys = SeriesKeys::new(by, request.source);
    let mut read: Vec<Read> = Vec::new();
    let (mut lo, mut hi) = (f64::INFINITY, f64::NEG_INFINITY);
    let mut distinct = 0usize;
    let mut overflow = false;
    scan(&mut table, x, &mut keys, |s, value| {
        if s == read.len() {
            read.push(Read::default());
        }
        match value {
            Err(e) => {
                read[s].error.get_or_insert(e);
            }
            Ok(None) => {}
            Ok(Some(v)) => {
                read[s].games += 1;
                (lo, hi) = (lo.min(v), hi.max(v));
                if !overflow {
                    let n = read[s].counts.entry(v.floor().to_bits()).or_insert(0);
                    if *n == 0 {
                        distinct += 1;
                    }
                    *n += 1;
                    if distinct > MAX_DISTINCT {
                        overflow = true;
                        read.iter_mut().for_each(|r| r.counts = HashMap::new());
                    }
                }
            }
        }
    })?;
    rows::check_kept(&table, request.source)?;
    // The first bad value of the first series that has one.
    if let Some(e) = read.iter_mut().find_map(|r| r.error.take()) {
        return Err(e.into());
    }
    if !lo.is_finite() {
        return Err(format!(
            "no data: {} is empty in every game selected from {}",
            one_line(&request.x),
            table.path
        )
        .into());
    }
    let (lo, hi) = (lo.floor(), hi.floor());
    let bin = ((hi - lo + 1.0) / 40.0).ceil().max(1.0);
    let bins = ((hi - lo) / bin).floor() as usize + 1;
    let mut counts = vec![vec![0u64; bins]; read.len()];
    if overflow {
        let mut again = table.reopen()?;
        scan(&mut again, x, &mut keys, |s, value| {
            if let (Some(c), Ok(Some(v))) = (counts.get_mut(s), value) {
                c[bin_of(v.floor(), lo, bin, bins)] += 1;
            }
        })?;
    } else {
        for (r, c) in read.iter().zip(&mut counts) {
            for (&bits, &n) in &r.counts {
                c[bin_of(f64::from_bits(bits), lo, bin, bins)] += n;
            }
        }
    }
    let series: Vec<Series> = read
        .iter()
        .zip(counts)
        .enumerate()
        .filter(|(_, (r, _))| r.games > 0)
        .map(|(s, (r, counts))| {
            let label = keys.label(s);
            let label = if label.is_empty() {
                format!("{} games", r.games)
            } else {
                format!("{label} ({} games)", r.games)
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
                trend: None,
                reference: false,
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
                format!("distribution of {}", words(&request.x)),
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
        fit: None,
        unfitted: Vec::new(),
    })
}
