//! A CSV file read one row at a time, with `--where COL=VALUE` filters:
//! the one reader of the CSVs this program wrote (a figure's input, the
//! tables of an experiment's summary.md, the games a sweep's comparison
//! types by [`beachcomber::tournament::GameRowReader`]). A figure keeps only what it
//! draws, never the rows, so that a plot of any CSV stays in bounded
//! memory; [`Rows::select`] reads a small table whole.
//!
//! Cells and column names are trimmed. Text from the file that is echoed in
//! an error is escaped with [`one_line`].

use std::fs::File;
use std::path::{Path, PathBuf};

use beachcomber::spec::{one_line, one_line_path};

/// `COL=VALUE, ...`: filters as text.
pub fn filter_text(filters: &[(String, String)]) -> String {
    filters
        .iter()
        .map(|(c, v)| format!("{c}={v}"))
        .collect::<Vec<_>>()
        .join(", ")
}

/// A `COL=VALUE` condition on a row (`--where`, `--reference`).
pub struct Filter {
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
pub struct Rows {
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
        let shown = one_line_path(path);
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
        self.find(name).ok_or_else(|| self.missing(flag, name))
    }

    /// The error of a column `name` (wanted by `flag`) not in the file.
    pub fn missing(&self, flag: &str, name: &str) -> String {
        format!(
            "{flag} column `{}` is not in {} (its columns: {})",
            one_line(name),
            self.path,
            self.columns_text()
        )
    }

    /// The condition "column `col` equals `value`", or an error naming
    /// `flag` when the column is not in the file.
    pub fn condition(&self, flag: &str, col: &str, value: &str) -> Result<Filter, String> {
        Ok(Filter {
            column: self.column(flag, col)?,
            value: value.to_string(),
            number: value.parse::<f64>().ok(),
        })
    }

    /// The current row meets `condition`.
    pub fn meets(&self, condition: &Filter) -> bool {
        condition.keeps(self.cell(condition.column))
    }

    /// Keep only the rows where each column equals its value.
    pub fn set_filters(&mut self, filters: &[(String, String)]) -> Result<(), String> {
        self.filters = filters
            .iter()
            .map(|(c, v)| self.condition("--where", c, v))
            .collect::<Result<_, String>>()?;
        self.filter_text = filter_text(filters);
        Ok(())
    }

    /// Move to the next row that passes the filters; `false` at the end.
    pub fn next_row(&mut self) -> Result<bool, String> {
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
pub fn number(cell: &str, column: &str, line: u64, path: &str) -> Result<Option<f64>, String> {
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

impl Rows {
    /// Every row of the CSV at `path`, the cells of the columns `want` in
    /// that order (for a small table such as `ratings.csv`); an error
    /// names a missing column.
    pub fn select(path: &Path, want: &[&str]) -> Result<Vec<Vec<String>>, String> {
        let mut rows = Rows::open(path)?;
        let columns = want
            .iter()
            .map(|w| {
                rows.find(w).ok_or_else(|| {
                    format!(
                        "{} has no column `{w}` (its columns: {})",
                        rows.path,
                        rows.columns_text()
                    )
                })
            })
            .collect::<Result<Vec<_>, _>>()?;
        let mut table = Vec::new();
        while rows.next_row()? {
            table.push(columns.iter().map(|&c| rows.cell(c).to_string()).collect());
        }
        Ok(table)
    }
}
