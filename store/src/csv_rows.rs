//! A CSV file read one row at a time, with `--where COL=VALUE` filters:
//! the one reader of the CSVs this program wrote (a figure's input, the
//! tables of an experiment's summary.md, the games a sweep's comparison
//! types by [`beachcomber::tournament::GameRowReader`]). A figure keeps only what it
//! draws, never the rows, so that a plot of any CSV stays in bounded
//! memory; [`Rows::select`] reads a small table whole.
//!
//! A file whose name ends in `.parquet` is read as Parquet
//! ([`crate::parquet_table::read`]), its cells as the text the CSV of the
//! same table has, and its rows numbered as the CSV's lines would be
//! (the first row is line 2): whoever reads rows reads both formats alike.
//!
//! Cells and column names are trimmed. Text from the file that is echoed in
//! an error is escaped with [`one_line`] and cut short ([`clipped`]).

use std::fs::File;
use std::path::{Path, PathBuf};

use beachcomber::regular_file::{MAX_DATA_BYTES, open_regular_file};
use beachcomber::spec::{one_line, one_line_path};

use crate::clip::{clipped, clipped_to};
use crate::parquet_table::is_parquet;
use crate::parquet_table::read::{ParquetReadError, ParquetRows};

/// Why a CSV file cannot be read as a table of the columns asked for.
#[derive(Debug, thiserror::Error)]
pub enum CsvError {
    /// The file cannot be opened.
    #[error("cannot read {path}: {source}")]
    Open {
        /// The file, escaped for a message.
        path: String,
        /// What failed.
        source: std::io::Error,
    },
    /// The file is not CSV (or cannot be read further).
    #[error("cannot read {path}: {source}")]
    Read {
        /// The file, escaped for a message.
        path: String,
        /// What failed.
        source: csv::Error,
    },
    /// A Parquet file that cannot be read as a table.
    #[error("cannot read {path}: {source}")]
    Parquet {
        /// The file, escaped for a message.
        path: String,
        /// What failed (one line).
        source: ParquetReadError,
    },
    /// A column an option names is not in the file.
    #[error("{flag} column `{}` is not in {path} (its columns: {columns})", clipped(.name))]
    NoColumn {
        /// The option (`--x`, `--where`).
        flag: String,
        /// The column asked for.
        name: String,
        /// The file, escaped.
        path: String,
        /// Its columns, escaped.
        columns: String,
    },
    /// A column a table needs is not in the file.
    #[error("{path} has no column `{name}` (its columns: {columns})")]
    MissingColumn {
        /// The file, escaped.
        path: String,
        /// The column.
        name: String,
        /// Its columns, escaped.
        columns: String,
    },
    /// A cell that should hold a number.
    #[error(
        "non-numeric {} value `{}` on line {line} of {path}",
        clipped(.column),
        clipped(.cell)
    )]
    NotANumber {
        /// Its column.
        column: String,
        /// The cell.
        cell: String,
        /// Its line.
        line: u64,
        /// The file, escaped.
        path: String,
    },
    /// The file has no rows.
    #[error("no rows in {path}")]
    NoRows {
        /// The file, escaped.
        path: String,
    },
    /// The filters kept no row.
    #[error("no rows left after --where {} ({read} rows in {path})", one_line(.filters))]
    NoRowsLeft {
        /// The filters, as `COL=VALUE, ...`.
        filters: String,
        /// The rows read.
        read: u64,
        /// The file, escaped.
        path: String,
    },
}

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

/// Where the rows come from.
enum Source {
    Csv(csv::Reader<File>),
    Parquet(Box<ParquetRows>),
}

/// A CSV file being read: its header, the filters, and the current row.
pub struct Rows {
    /// The path, for messages.
    pub path: String,
    file: PathBuf,
    /// The column names (trimmed).
    pub header: Vec<String>,
    source: Source,
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
    pub fn open(path: &Path) -> Result<Rows, CsvError> {
        let shown = one_line_path(path);
        if is_parquet(path) {
            let parquet = ParquetRows::open(path).map_err(|source| CsvError::Parquet {
                path: shown.clone(),
                source,
            })?;
            let header = parquet
                .header
                .iter()
                .map(|h| h.trim().to_string())
                .collect();
            return Ok(Rows::new(
                path,
                shown,
                header,
                Source::Parquet(Box::new(parquet)),
            ));
        }
        let file = open_regular_file(path, MAX_DATA_BYTES).map_err(|source| CsvError::Open {
            path: shown.clone(),
            source,
        })?;
        let mut reader = csv::ReaderBuilder::new().flexible(false).from_reader(file);
        let header: Vec<String> = reader
            .headers()
            .map_err(|source| CsvError::Read {
                path: shown.clone(),
                source,
            })?
            .iter()
            .map(|h| h.trim().to_string())
            .collect();
        Ok(Rows::new(path, shown, header, Source::Csv(reader)))
    }

    fn new(path: &Path, shown: String, header: Vec<String>, source: Source) -> Rows {
        Rows {
            path: shown,
            file: path.to_path_buf(),
            header,
            source,
            record: csv::StringRecord::new(),
            filters: Vec::new(),
            filter_text: String::new(),
            read: 0,
            kept: 0,
        }
    }

    /// The same file from its first row again, with the same filters.
    pub fn reopen(&self) -> Result<Rows, CsvError> {
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
        clipped_to(&self.header.join(", "), 320)
    }

    /// The index of column `name`, or an error naming `flag`.
    pub fn column(&self, flag: &str, name: &str) -> Result<usize, CsvError> {
        self.find(name).ok_or_else(|| self.missing(flag, name))
    }

    /// The error of a column `name` (wanted by `flag`) not in the file.
    pub fn missing(&self, flag: &str, name: &str) -> CsvError {
        CsvError::NoColumn {
            flag: flag.to_string(),
            name: name.to_string(),
            path: self.path.clone(),
            columns: self.columns_text(),
        }
    }

    /// The condition "column `col` equals `value`", or an error naming
    /// `flag` when the column is not in the file.
    pub fn condition(&self, flag: &str, col: &str, value: &str) -> Result<Filter, CsvError> {
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
    pub fn set_filters(&mut self, filters: &[(String, String)]) -> Result<(), CsvError> {
        self.filters = filters
            .iter()
            .map(|(c, v)| self.condition("--where", c, v))
            .collect::<Result<_, CsvError>>()?;
        self.filter_text = filter_text(filters);
        Ok(())
    }

    /// Move to the next row that passes the filters; `false` at the end.
    pub fn next_row(&mut self) -> Result<bool, CsvError> {
        loop {
            let more = match &mut self.source {
                Source::Csv(reader) => {
                    reader
                        .read_record(&mut self.record)
                        .map_err(|source| CsvError::Read {
                            path: self.path.clone(),
                            source,
                        })?
                }
                Source::Parquet(rows) => {
                    rows.next_row(&mut self.record)
                        .map_err(|source| CsvError::Parquet {
                            path: self.path.clone(),
                            source,
                        })?
                }
            };
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

    /// The line of the current row in the file (in a Parquet file, the
    /// line the row has in the CSV of the same table).
    pub fn line(&self) -> u64 {
        match &self.source {
            Source::Csv(_) => self.record.position().map_or(0, |p| p.line()),
            Source::Parquet(_) => self.read + 1,
        }
    }

    /// The number in column `c` of the current row: `None` when empty (or
    /// not finite), an error when not a number.
    pub fn number(&self, c: usize) -> Result<Option<f64>, CsvError> {
        number(self.cell(c), &self.header[c], self.line(), &self.path)
    }

    /// Once every row is read: the error when none passed the filters.
    pub fn check_kept(&self) -> Result<(), CsvError> {
        if self.kept > 0 {
            return Ok(());
        }
        Err(if self.filters.is_empty() {
            CsvError::NoRows {
                path: self.path.clone(),
            }
        } else {
            CsvError::NoRowsLeft {
                filters: self.filter_text.clone(),
                read: self.read,
                path: self.path.clone(),
            }
        })
    }
}

/// `cell` (of `column`, on `line` of `path`) as a number: `None` when
/// empty (or not finite), an error when not a number.
pub fn number(cell: &str, column: &str, line: u64, path: &str) -> Result<Option<f64>, CsvError> {
    if cell.is_empty() {
        return Ok(None);
    }
    match cell.parse::<f64>() {
        Ok(v) if v.is_finite() => Ok(Some(v)),
        Ok(_) => Ok(None),
        Err(_) => Err(CsvError::NotANumber {
            column: column.to_string(),
            cell: cell.to_string(),
            line,
            path: path.to_string(),
        }),
    }
}

impl Rows {
    /// Every row of the CSV at `path`, the cells of the columns `want` in
    /// that order (for a small table such as `ratings.csv`); an error
    /// names a missing column.
    pub fn select(path: &Path, want: &[&str]) -> Result<Vec<Vec<String>>, CsvError> {
        let mut rows = Rows::open(path)?;
        let columns = want
            .iter()
            .map(|w| {
                rows.find(w).ok_or_else(|| CsvError::MissingColumn {
                    path: rows.path.clone(),
                    name: w.to_string(),
                    columns: rows.columns_text(),
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
