//! What the figures share when they read their CSV (the reader itself is
//! [`beachcomber_store::csv_rows`]): the bounds on series and points, the series of
//! the rows by the `--by` columns, and the error for several rows at one
//! point.

use super::error::PlotError;
use std::collections::HashMap;

use beachcomber::spec::one_line;
use beachcomber_store::clip::clipped;

pub(super) use beachcomber_store::csv_rows::{Rows, number};

use beachcomber_store::csv_rows::CsvError;

/// Keep only the rows of `table` that meet `filters`, an error naming the
/// filters as `source` writes them (`--where`, or a table's `where`).
pub(super) fn set_filters(
    table: &mut Rows,
    filters: &[(String, String)],
    source: PlotSource,
) -> Result<(), PlotError> {
    table.set_filters(filters).map_err(|e| match e {
        CsvError::NoColumn {
            name,
            path,
            columns,
            ..
        } => CsvError::NoColumn {
            flag: source.option("where"),
            name,
            path,
            columns,
        }
        .into(),
        e => e.into(),
    })
}

/// Once every row of `table` is read: the error when none passed the
/// filters, naming them as `source` writes them.
pub(super) fn check_kept(table: &Rows, source: PlotSource) -> Result<(), PlotError> {
    match table.check_kept() {
        Err(CsvError::NoRowsLeft {
            filters,
            read,
            path,
        }) if source == PlotSource::Table => Err(PlotError::Figure(format!(
            "no rows left after {} {} ({read} rows in {path})",
            source.option("where"),
            one_line(&filters)
        ))),
        r => Ok(r?),
    }
}

use beachcomber_bots::short_label;
use beachcomber_studies::plot_spec::PlotSource;

/// Most series in one figure (one per distinct value of the `--by`
/// columns): more could not be told apart.
pub(super) const MAX_SERIES: usize = 1_000;

/// Most points (or bots) in one figure, over all series.
pub(super) const MAX_POINTS: usize = 100_000;

/// Append `cell` to `key` so that different lists of cells make different
/// keys (its length first).
pub(super) fn push_key(key: &mut String, cell: &str) {
    use std::fmt::Write;
    let _ = write!(key, "{}:", cell.len());
    key.push_str(cell);
}

/// The series of the rows: one per distinct label made from the `--by`
/// columns (`players=2, bot=greedy`), numbered in order of first
/// appearance.
pub(super) struct SeriesKeys {
    by: Vec<usize>,
    /// How the errors name the options.
    source: PlotSource,
    /// The cells of the `--by` columns (as [`push_key`] joins them) → series.
    cells: HashMap<String, usize>,
    /// Label → series.
    index: HashMap<String, usize>,
    labels: Vec<String>,
    scratch: String,
}

impl SeriesKeys {
    /// The series made by the columns `by` (of a figure from `source`).
    pub fn new(by: Vec<usize>, source: PlotSource) -> SeriesKeys {
        SeriesKeys {
            by,
            source,
            cells: HashMap::new(),
            index: HashMap::new(),
            labels: Vec::new(),
            scratch: String::new(),
        }
    }

    /// The series of the current row of `rows` (a new one is numbered
    /// next); an error past [`MAX_SERIES`].
    pub fn of(&mut self, rows: &Rows) -> Result<usize, PlotError> {
        self.scratch.clear();
        for &c in &self.by {
            push_key(&mut self.scratch, rows.cell(c));
        }
        if let Some(&s) = self.cells.get(self.scratch.as_str()) {
            return Ok(s);
        }
        let label = self
            .by
            .iter()
            .map(|&c| format!("{}={}", rows.header[c], short_label(rows.cell(c))))
            .collect::<Vec<_>>()
            .join(", ");
        let next = self.labels.len();
        let s = *self.index.entry(label.clone()).or_insert(next);
        if s == next {
            self.labels.push(label);
        }
        if self.labels.len() > MAX_SERIES || self.cells.len() >= 8 * MAX_SERIES {
            let by: Vec<&str> = self.by.iter().map(|&c| rows.header[c].as_str()).collect();
            return Err(format!(
                "more than {MAX_SERIES} series (one per value of {} {}) in {}: \
                 {} or use fewer {} columns",
                self.source.option("by"),
                one_line(&by.join(",")),
                rows.path,
                self.source.advice(&["where"]),
                self.source.option("by"),
            )
            .into());
        }
        self.cells.insert(self.scratch.clone(), s);
        Ok(s)
    }

    /// The label of series `s`.
    pub fn label(&self, s: usize) -> &str {
        &self.labels[s]
    }
}

/// The error for `count` rows (several) at one point (`point`, already
/// escaped) of series `series`: names a column outside `skip` that tells
/// them apart, when there is one, as the figure's `source` writes a
/// condition (`--where COL=VALUE`, or a `[[plot]]` table's `where`). The rows of the point are found by
/// reading `rows`' file again (`is_member`: whether the current row is
/// one); without a second reading, there is no hint.
pub(super) fn duplicate_error(
    rows: &Rows,
    count: u64,
    point: &str,
    series: &str,
    skip: &[usize],
    source: PlotSource,
    mut is_member: impl FnMut(&Rows) -> Result<bool, PlotError>,
) -> PlotError {
    let hint = find_hint(rows, skip, &mut is_member)
        .ok()
        .flatten()
        .map(|(column, value)| {
            format!(
                " (e.g. {})",
                source.condition(&clipped(&column), &clipped(&value))
            )
        })
        .unwrap_or_default();
    let series = if series.is_empty() {
        String::new()
    } else {
        format!(" in series {}", clipped(series))
    };
    PlotError::Figure(format!(
        "{count} rows for {point}{series}: {}{hint}",
        source.advice(&["where", "by"])
    ))
}

/// The first column outside `skip` in which a member row differs from the
/// first member row, with the first row's value there.
fn find_hint(
    rows: &Rows,
    skip: &[usize],
    is_member: &mut dyn FnMut(&Rows) -> Result<bool, PlotError>,
) -> Result<Option<(String, String)>, PlotError> {
    let mut again = rows.reopen()?;
    let mut first: Option<Vec<String>> = None;
    // Columns before `limit` are the candidates left.
    let mut limit = again.header.len();
    while again.next_row()? {
        if !is_member(&again)? {
            continue;
        }
        match &first {
            None => {
                first = Some(
                    (0..again.header.len())
                        .map(|c| again.cell(c).to_string())
                        .collect(),
                );
            }
            Some(cells) => {
                if let Some(c) =
                    (0..limit).find(|&c| !skip.contains(&c) && again.cell(c) != cells[c])
                {
                    limit = c;
                }
            }
        }
    }
    Ok(first.and_then(|cells| {
        (limit < again.header.len()).then(|| (again.header[limit].clone(), cells[limit].clone()))
    }))
}
