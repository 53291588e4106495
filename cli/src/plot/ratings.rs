//! Ratings figures: a league's ratings with their 95% intervals, one row
//! per bot and series, read in one pass that keeps each bot's first row.

use super::PlotError;
use std::collections::HashMap;

use beachcomber_store::clip::clipped;

use super::PlotKind;
use super::PlotRequest;
use super::figure::{Figure, Point, Series, default_title};
use super::rows::{self, MAX_POINTS, Rows, SeriesKeys};

/// A bot's rating and its interval.
type RatingPoint = (String, f64, Option<(f64, f64)>);

/// A series' label and its rated bots.
type Rated = (String, Vec<RatingPoint>);

/// The bots rated (each with its first rating, in the order first seen)
/// and the series with their rated bots.
struct Ratings {
    bots: Vec<(String, f64)>,
    data: Vec<Rated>,
}

/// A bot of a series as read: its rows and its first row's cells.
struct Cells {
    bot: String,
    rows: u64,
    line: u64,
    rating: String,
    low: String,
    high: String,
}

/// A series as read: its bots in order of first appearance.
#[derive(Default)]
struct Read {
    bots: Vec<Cells>,
    index: HashMap<String, usize>,
}

/// Whether every row has the same value in a column: the value.
#[derive(Default)]
struct Unique {
    first: Option<String>,
    differs: bool,
}

impl Unique {
    fn see(&mut self, cell: Option<&str>) {
        let Some(cell) = cell else {
            return;
        };
        match &self.first {
            None => self.first = Some(cell.to_string()),
            Some(f) => self.differs |= f != cell,
        }
    }

    fn value(self) -> Option<String> {
        self.first.filter(|_| !self.differs)
    }
}

/// The figure of a ratings plot of `table`.
pub(super) fn ratings_figure(request: &PlotRequest, mut table: Rows) -> Result<Figure, PlotError> {
    let columns = RatingColumns {
        bot: table.column("ratings", "bot")?,
        rating: table.column("ratings", "rating")?,
        low: table.column("ratings", "low95")?,
        high: table.column("ratings", "high95")?,
        by: request
            .by
            .iter()
            .map(|b| table.column(&request.source.option("by"), b))
            .collect::<Result<Vec<_>, _>>()?,
    };
    rows::set_filters(&mut table, &request.filters, request.source)?;
    let mut read = read_ratings(request, &mut table, &columns)?;
    rows::check_kept(&table, request.source)?;
    let Ratings { mut bots, data } = rated_series(request, &table, &columns, &mut read)?;
    bots.sort_by(|a, b| b.1.total_cmp(&a.1));
    let x_label = anchor_label(&data);
    let series = placed_series(&bots, data);
    let main = ratings_title(read.spec, read.players);
    let mut labels: Vec<String> = bots.into_iter().map(|(b, _)| b).collect();
    labels.reverse();
    Ok(Figure {
        kind: PlotKind::Ratings,
        title: request
            .title
            .clone()
            .unwrap_or_else(|| default_title(main, &request.by, &request.filters)),
        x_label,
        y_label: "bot".to_string(),
        x_categories: None,
        y_categories: Some(labels),
        series,
        fair: Vec::new(),
        fair_along_x: false,
        bin: 1.0,
        fit: None,
        unfitted: Vec::new(),
    })
}

/// The columns of a ratings table that the figure reads.
struct RatingColumns {
    bot: usize,
    rating: usize,
    low: usize,
    high: usize,
    by: Vec<usize>,
}

/// The rows of a ratings table as read: its series, their keys, and its
/// game and player count when every row has the same.
struct ReadRatings {
    series: Vec<Read>,
    keys: SeriesKeys,
    spec: Unique,
    players: Unique,
}

/// The selected rows of `table` read into series of bots (the cells of
/// each bot's first row, and its number of rows); an error past
/// [`MAX_POINTS`] bots.
fn read_ratings(
    request: &PlotRequest,
    table: &mut Rows,
    columns: &RatingColumns,
) -> Result<ReadRatings, PlotError> {
    let (spec_col, players_col) = (table.find("game_spec"), table.find("players"));
    let mut read = ReadRatings {
        series: Vec::new(),
        keys: SeriesKeys::new(columns.by.clone(), request.source),
        spec: Unique::default(),
        players: Unique::default(),
    };
    let mut count = 0usize;
    while table.next_row()? {
        read.spec.see(spec_col.map(|c| table.cell(c)));
        read.players.see(players_col.map(|c| table.cell(c)));
        let s = read.keys.of(table)?;
        if s == read.series.len() {
            read.series.push(Read::default());
        }
        let series = &mut read.series[s];
        let name = table.cell(columns.bot);
        if let Some(&i) = series.index.get(name) {
            series.bots[i].rows += 1;
            continue;
        }
        count += 1;
        if count > MAX_POINTS {
            return Err(format!(
                "more than {MAX_POINTS} bots in {}: {}",
                table.path,
                request.source.advice(&["where"])
            )
            .into());
        }
        series.index.insert(name.to_string(), series.bots.len());
        series.bots.push(Cells {
            bot: name.to_string(),
            rows: 1,
            line: table.line(),
            rating: table.cell(columns.rating).to_string(),
            low: table.cell(columns.low).to_string(),
            high: table.cell(columns.high).to_string(),
        });
    }
    Ok(read)
}

/// The bots rated and the series; an error for a bot of several rows in a
/// series, a cell that is not a number, or no rating at all.
fn rated_series(
    request: &PlotRequest,
    table: &Rows,
    columns: &RatingColumns,
    read: &mut ReadRatings,
) -> Result<Ratings, PlotError> {
    let (bot, rating, low, high) = (columns.bot, columns.rating, columns.low, columns.high);
    let mut skip = vec![bot, rating, low, high];
    skip.extend(&columns.by);
    let number = |cell: &str, col: usize, line: u64| {
        rows::number(cell, &table.header[col], line, &table.path)
    };
    // The bots, best first (by the rating in the first series that has it).
    let mut bots: Vec<(String, f64)> = Vec::new();
    let mut seen: std::collections::HashSet<String> = std::collections::HashSet::new();
    let mut data: Vec<Rated> = Vec::new();
    for (s, members) in read.series.iter().enumerate() {
        let label = read.keys.label(s).to_string();
        let mut points = Vec::new();
        for b in &members.bots {
            if b.rows > 1 {
                let point = format!("bot={}", clipped(&b.bot));
                return Err(rows::duplicate_error(
                    table,
                    b.rows,
                    &point,
                    &label,
                    &skip,
                    request.source,
                    |row| Ok(row.cell(bot) == b.bot && read.keys.of(row)? == s),
                ));
            }
            let Some(v) = number(&b.rating, rating, b.line)? else {
                continue;
            };
            let interval = match (number(&b.low, low, b.line)?, number(&b.high, high, b.line)?) {
                (Some(a), Some(b)) => Some((a, b)),
                _ => None,
            };
            if seen.insert(b.bot.clone()) {
                bots.push((b.bot.clone(), v));
            }
            points.push((b.bot.clone(), v, interval));
        }
        if !points.is_empty() {
            data.push((label, points));
        }
    }
    if data.is_empty() {
        return Err(format!(
            "no data: rating is empty in every row selected from {}",
            table.path
        )
        .into());
    }
    Ok(Ratings { bots, data })
}

/// The x axis' label: it names the anchor, the bot rated exactly 0 with a
/// zero-width interval in every series (`--anchor`, or a league's first
/// bot), when there is one.
fn anchor_label(data: &[Rated]) -> String {
    let mut anchors: Vec<&str> = data
        .iter()
        .flat_map(|(_, points)| points.iter())
        .filter(|(_, v, band)| *v == 0.0 && *band == Some((0.0, 0.0)))
        .map(|(name, _, _)| name.as_str())
        .collect();
    anchors.sort_unstable();
    anchors.dedup();
    match anchors.as_slice() {
        [one] => format!("rating (Elo, {} = 0)", super::figure::short_label(one)),
        _ => "rating (Elo, each series' anchor = 0)".to_string(),
    }
}

/// The series of the figure: each bot on its row (`bots` sorted best
/// first; the best at the top), the series side by side within a row.
fn placed_series(bots: &[(String, f64)], data: Vec<Rated>) -> Vec<Series> {
    let n = bots.len();
    let rank: HashMap<&str, usize> = bots
        .iter()
        .enumerate()
        .map(|(i, (b, _))| (b.as_str(), i))
        .collect();
    // The best bot at the top: row i of the sorted list is at y = n - 1 - i.
    let y_of = |name: &str| (n - 1 - rank.get(name).copied().unwrap_or(0)) as f64;
    let count = data.len();
    data.into_iter()
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
                trend: None,
                reference: false,
            }
        })
        .collect()
}

/// The default title's main part: `ratings`, with the game and player
/// count when every row has the same.
fn ratings_title(spec: Unique, players: Unique) -> String {
    let mut main = "ratings".to_string();
    if let Some(g) = spec.value() {
        main.push_str(&format!(": {g}"));
        if let Some(p) = players.value() {
            main.push_str(&format!(
                ", {}",
                crate::help::players_text(p.parse().unwrap_or(0))
            ));
        }
    }
    main
}
