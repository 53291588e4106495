//! The CSV a figure is drawn from, read one row at a time: a figure keeps
//! only what it draws (a count per bin and series, the cells of one row per
//! point), never the rows, so that a plot of any CSV stays in bounded
//! memory. The figures that need it read the file a second time (a
//! histogram whose values are too many to count exactly in one pass, and
//! the hint of an error).
//!
//! Cells and column names are trimmed. Text from the file that is echoed in
//! an error is escaped with [`one_line`].

use std::collections::HashMap;
use std::fs::File;
use std::path::{Path, PathBuf};

use beachcomber::spec::one_line;

use super::figure::short_label;

/// Most series in one figure (one per distinct value of the `--by`
/// columns): more could not be told apart.
pub(super) const MAX_SERIES: usize = 1_000;

/// Most points (or bots) in one figure, over all series.
pub(super) const MAX_POINTS: usize = 100_000;

/// A `--where COL=VALUE` filter.
struct Filter {
    column: usize,
    value: String,
    /// The value as a number, if it is one.
    number: Option<f64>,
}

impl Filter {
    /// A cell equals the value: as text, or as numbers (`20` and `20.0`).
    fn keeps(&self, cell: &str) -> bool {
        cell == self.value
            || self
                .number
                .is_some_and(|b| cell.parse::<f64>().is_ok_and(|a| a == b))
    }
}

/// A CSV file being read: its header, the filters, and the current row.
pub(super) struct Rows {
    /// The path, for messages.
    pub path: String,
    file: PathBuf,
    /// The column names (trimmed).
    pub header: Vec<String>,
    reader: csv::Reader<File>,
    record: csv::StringRecord,
    filters: Vec<Filter>,
    /// The filters as given, for messages.
    filter_text: String,
    /// Rows read so far.
    read: u64,
    /// Rows that passed the filters so far.
    kept: u64,
}

impl Rows {
    /// Open `path` and read its header.
    pub fn open(path: &Path) -> Result<Rows, String> {
        let shown = path.display().to_string();
        let file = File::open(path).map_err(|e| format!("cannot read {shown}: {e}"))?;
        let mut reader = csv::ReaderBuilder::new().flexible(false).from_reader(file);
        let header: Vec<String> = reader
            .headers()
            .map_err(|e| format!("cannot read {shown}: {e}"))?
            .iter()
            .map(|h| h.trim().to_string())
            .collect();
        Ok(Rows {
            path: shown,
            file: path.to_path_buf(),
            header,
            reader,
            record: csv::StringRecord::new(),
            filters: Vec::new(),
            filter_text: String::new(),
            read: 0,
            kept: 0,
        })
    }

    /// The same file from its first row again, with the same filters.
    pub fn reopen(&self) -> Result<Rows, String> {
        let mut again = Rows::open(&self.file)?;
        again.filters = self
            .filters
            .iter()
            .map(|f| Filter {
                column: f.column,
                value: f.value.clone(),
                number: f.number,
            })
            .collect();
        again.filter_text = self.filter_text.clone();
        Ok(again)
    }

    /// The index of column `name`.
    pub fn find(&self, name: &str) -> Option<usize> {
        self.header.iter().position(|h| h == name)
    }

    /// The column names, for messages.
    pub fn columns_text(&self) -> String {
        one_line(&self.header.join(", "))
    }

    /// The index of column `name`, or an error naming `flag`.
    pub fn column(&self, flag: &str, name: &str) -> Result<usize, String> {
        self.find(name).ok_or_else(|| {
            format!(
                "{flag} column `{}` is not in {} (its columns: {})",
                one_line(name),
                self.path,
                self.columns_text()
            )
        })
    }

    /// Keep only the rows where each column equals its value.
    pub fn set_filters(&mut self, filters: &[(String, String)]) -> Result<(), String> {
        self.filters = filters
            .iter()
            .map(|(c, v)| {
                Ok(Filter {
                    column: self.column("--where", c)?,
                    value: v.clone(),
                    number: v.parse::<f64>().ok(),
                })
            })
            .collect::<Result<_, String>>()?;
        self.filter_text = super::figure::filter_text(filters);
        Ok(())
    }

    /// Move to the next row that passes the filters; `false` at the end.
    pub fn next(&mut self) -> Result<bool, String> {
        loop {
            let more = self
                .reader
                .read_record(&mut self.record)
                .map_err(|e| format!("cannot read {}: {e}", self.path))?;
            if !more {
                return Ok(false);
            }
            self.read += 1;
            if self.filters.iter().all(|f| f.keeps(self.cell(f.column))) {
                self.kept += 1;
                return Ok(true);
            }
        }
    }

    /// The cell of the current row in column `c` (trimmed).
    pub fn cell(&self, c: usize) -> &str {
        self.record.get(c).unwrap_or("").trim()
    }

    /// The line of the current row in the file.
    pub fn line(&self) -> u64 {
        self.record.position().map_or(0, |p| p.line())
    }

    /// The number in column `c` of the current row: `None` when empty (or
    /// not finite), an error when not a number.
    pub fn number(&self, c: usize) -> Result<Option<f64>, String> {
        number(self.cell(c), &self.header[c], self.line(), &self.path)
    }

    /// Once every row is read: the error when none passed the filters.
    pub fn check_kept(&self) -> Result<(), String> {
        if self.kept > 0 {
            return Ok(());
        }
        Err(if self.filters.is_empty() {
            format!("no rows in {}", self.path)
        } else {
            format!(
                "no rows left after --where {} ({} rows in {})",
                one_line(&self.filter_text),
                self.read,
                self.path
            )
        })
    }
}

/// `cell` (of `column`, on `line` of `path`) as a number: `None` when
/// empty (or not finite), an error when not a number.
pub(super) fn number(
    cell: &str,
    column: &str,
    line: u64,
    path: &str,
) -> Result<Option<f64>, String> {
    if cell.is_empty() {
        return Ok(None);
    }
    match cell.parse::<f64>() {
        Ok(v) if v.is_finite() => Ok(Some(v)),
        Ok(_) => Ok(None),
        Err(_) => Err(format!(
            "non-numeric {} value `{}` on line {line} of {path}",
            one_line(column),
            one_line(cell)
        )),
    }
}

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
    /// The cells of the `--by` columns (as [`push_key`] joins them) → series.
    cells: HashMap<String, usize>,
    /// Label → series.
    index: HashMap<String, usize>,
    labels: Vec<String>,
    scratch: String,
}

impl SeriesKeys {
    /// The series made by the columns `by`.
    pub fn new(by: Vec<usize>) -> SeriesKeys {
        SeriesKeys {
            by,
            cells: HashMap::new(),
            index: HashMap::new(),
            labels: Vec::new(),
            scratch: String::new(),
        }
    }

    /// The series of the current row of `rows` (a new one is numbered
    /// next); an error past [`MAX_SERIES`].
    pub fn of(&mut self, rows: &Rows) -> Result<usize, String> {
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
                "more than {MAX_SERIES} series (one per value of --by {}) in {}: \
                 add --where or use fewer --by columns",
                one_line(&by.join(",")),
                rows.path
            ));
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
/// them apart, when there is one. The rows of the point are found by
/// reading `rows`' file again (`is_member`: whether the current row is
/// one); without a second reading, there is no hint.
pub(super) fn duplicate_error(
    rows: &Rows,
    count: u64,
    point: &str,
    series: &str,
    skip: &[usize],
    mut is_member: impl FnMut(&Rows) -> Result<bool, String>,
) -> String {
    let hint = find_hint(rows, skip, &mut is_member)
        .ok()
        .flatten()
        .map(|(column, value)| {
            format!(" (e.g. --where {}={})", one_line(&column), one_line(&value))
        })
        .unwrap_or_default();
    let series = if series.is_empty() {
        String::new()
    } else {
        format!(" in series {}", one_line(series))
    };
    format!("{count} rows for {point}{series}: add --where or --by{hint}")
}

/// The first column outside `skip` in which a member row differs from the
/// first member row, with the first row's value there.
fn find_hint(
    rows: &Rows,
    skip: &[usize],
    is_member: &mut dyn FnMut(&Rows) -> Result<bool, String>,
) -> Result<Option<(String, String)>, String> {
    let mut again = rows.reopen()?;
    let mut first: Option<Vec<String>> = None;
    // Columns before `limit` are the candidates left.
    let mut limit = again.header.len();
    while again.next()? {
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
