//! The type of each column of a table's CSV bytes, read from the cells
//! themselves, for `beachcomber/_runs.py` to hand `pandas.read_csv` and
//! `polars.read_csv` explicit dtypes (never their guesses: a seed above
//! 2^63 read as a float, `NA` read as missing, a column of empty cells
//! read as floats).
//!
//! A column is `int` when every non-empty cell is an integer that fits
//! `i64`, else `uint` when every one fits `u64` (the seeds), else `float`
//! when every one is a number (the library writes its floats with fixed
//! decimals, and `nan`/`inf` where a value has none), else `bool` when
//! every one is `true` or `false`, else `str`; a column of only empty
//! cells is `float` (missing numbers: an interval a run has none of, a
//! test it did not run). Whether the column has an empty cell is said beside: an
//! empty cell of a numeric or boolean column is a missing value, of a
//! text column the empty text.
//!
//! One column is declared instead of read ([`DECLARED`]): `seat`, whose
//! cells are a seat's index, `all` (a row over every seat: a sweep's
//! `metrics` and `compare`) or empty (a bot's row of a `summary`). Read
//! from its cells it was an integer in a run whose rows are all seats (a
//! mirror lineup) and text in any other, so `m[m.seat == 0]` found no row;
//! declared, it is a nullable integer in every table of every run, `all`
//! and the empty cell its missing values (the games table's `seat` is a
//! count in the command line's Parquet, UINT64, never empty). A `seat`
//! column holding another cell is read from its cells as any other.
//!
//! The games table has a schema, its plan's ([`GamesLayout`]: the column
//! types the Parquet writer uses, [`GamesColumns::columns`]): given it, a
//! column's kind is the schema's, never read from its cells, so a varied
//! setting written as text (`removed=08,09`) stays `str` whatever its
//! cells look like; the cells only say whether a column has an empty one
//! and whether an unsigned count needs `uint` (a seed above 2^63). The
//! schema's kinds: text `str`, a signed integer `int`, a count `int` or
//! `uint`, a fixed-decimal number `float`, a 0/1 flag `int` (as the CSV
//! writes it).

use beachcomber_store::parquet_table::{CellKind, GamesColumns, HeaderError};
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;

use crate::parquet::GamesLayout;

/// What the cells of a column seen so far allow it to be.
#[derive(Clone, Copy)]
struct Kinds {
    int: bool,
    uint: bool,
    float: bool,
    bool: bool,
    any: bool,
    empty: bool,
}

impl Kinds {
    const ALL: Kinds = Kinds {
        int: true,
        uint: true,
        float: true,
        bool: true,
        any: false,
        empty: false,
    };

    fn see(&mut self, cell: &[u8]) {
        if cell.is_empty() {
            self.empty = true;
            return;
        }
        self.any = true;
        if !(self.int || self.uint || self.float || self.bool) {
            return;
        }
        // The common cells without parsing: digits (an integer of 18
        // digits or fewer fits both i64 and u64), a minus and digits, and
        // digits with one point (the library's fixed decimals).
        let digits = |b: &[u8]| !b.is_empty() && b.iter().all(u8::is_ascii_digit);
        if cell.len() <= 18 && digits(cell) {
            self.bool = false;
            return;
        }
        if cell.len() <= 19 && cell[0] == b'-' && digits(&cell[1..]) {
            self.uint = false;
            self.bool = false;
            return;
        }
        if let Some(point) = cell.iter().position(|&b| b == b'.')
            && digits(&cell[..point])
            && digits(&cell[point + 1..])
        {
            self.int = false;
            self.uint = false;
            self.bool = false;
            return;
        }
        let Ok(cell) = std::str::from_utf8(cell) else {
            (self.int, self.uint, self.float, self.bool) = (false, false, false, false);
            return;
        };
        if self.int && cell.parse::<i64>().is_err() {
            self.int = false;
        }
        if self.uint && cell.parse::<u64>().is_err() {
            self.uint = false;
        }
        if self.float && !is_number(cell) {
            self.float = false;
        }
        if self.bool && cell != "true" && cell != "false" {
            self.bool = false;
        }
    }

    fn name(self) -> &'static str {
        match self {
            // Only empty cells: missing numbers (an unused interval, a
            // test not run).
            Kinds { any: false, .. } => "float",
            Kinds { int: true, .. } => "int",
            Kinds { uint: true, .. } => "uint",
            Kinds { float: true, .. } => "float",
            Kinds { bool: true, .. } => "bool",
            _ => "str",
        }
    }
}

/// A column whose type is declared, not read from its cells: its name,
/// its kind, and the texts besides the empty cell that are its missing
/// values.
struct Declared {
    name: &'static str,
    kind: &'static str,
    missing: &'static str,
}

/// The declared columns: `seat`, a nullable integer (`all` missing).
const DECLARED: &[Declared] = &[Declared {
    name: "seat",
    kind: "int",
    missing: "all",
}];

/// A decimal number as both pandas and polars read one (digits, sign,
/// point, exponent), or `nan`, `inf`, `-inf`.
fn is_number(cell: &str) -> bool {
    matches!(cell, "nan" | "inf" | "-inf" | "NaN")
        || (cell.bytes().any(|b| b.is_ascii_digit())
            && cell
                .bytes()
                .all(|b| b.is_ascii_digit() || matches!(b, b'-' | b'+' | b'.' | b'e' | b'E'))
            && cell.parse::<f64>().is_ok())
}

/// One column's type for the readers: `(name, kind, nullable, missing)`,
/// `kind` one of `int`, `uint`, `float`, `bool`, `str`; `nullable` when it
/// may hold a missing value (an empty cell, or any cell of a declared
/// column); `missing` the text besides the empty cell read as missing.
type ColumnType = (String, &'static str, bool, Option<&'static str>);

/// The columns of the CSV text `data` (a header line, then rows), each as
/// `(name, kind, nullable, missing)`: a declared column's when every cell
/// is one of its values, else the kind `layout`'s schema gives it (the
/// games table's), else the kind its cells have.
#[pyfunction]
#[pyo3(signature = (data, layout=None))]
pub fn csv_columns(
    py: Python<'_>,
    data: &[u8],
    layout: Option<&GamesLayout>,
) -> PyResult<Vec<ColumnType>> {
    let schema = layout.map(GamesLayout::columns);
    py.detach(|| read_columns(data, schema))
        .map_err(|e| PyValueError::new_err(format!("not a table's CSV: {e}")))
}

/// Why a table's CSV could not be typed (its message follows "not a
/// table's CSV: ").
#[derive(Debug, thiserror::Error)]
enum ColumnsError {
    /// The CSV text itself.
    #[error("{0}")]
    Csv(#[from] csv::Error),
    /// Its header against the games table's schema.
    #[error("{0}")]
    Schema(#[from] HeaderError),
}

/// [`csv_columns`]'s reading of `data`, typed by `schema` if given.
fn read_columns(
    data: &[u8],
    schema: Option<&GamesColumns>,
) -> Result<Vec<ColumnType>, ColumnsError> {
    let mut reader = csv::ReaderBuilder::new().flexible(false).from_reader(data);
    let names: Vec<String> = reader.headers()?.iter().map(str::to_string).collect();
    let schema = schema.map(|s| s.columns(&names)).transpose()?;
    let mut kinds = vec![Kinds::ALL; names.len()];
    // Each column's declaration, while every cell so far fits it.
    let mut declared: Vec<Option<&Declared>> = names
        .iter()
        .map(|n| DECLARED.iter().find(|d| d.name == n))
        .collect();
    let mut record = csv::ByteRecord::new();
    while reader.read_byte_record(&mut record)? {
        for ((kind, declared), cell) in kinds.iter_mut().zip(&mut declared).zip(record.iter()) {
            kind.see(cell);
            if let Some(d) = declared
                && !(cell.is_empty()
                    || cell == d.missing.as_bytes()
                    || (cell.len() <= 18 && cell.iter().all(u8::is_ascii_digit)))
            {
                *declared = None;
            }
        }
    }
    Ok(names
        .into_iter()
        .zip(kinds)
        .zip(declared)
        .enumerate()
        .map(|(i, ((name, k), d))| match d {
            Some(d) => (name, d.kind, true, Some(d.missing)),
            None => {
                let kind = match schema.as_ref().map(|columns| columns[i].kind) {
                    None => k.name(),
                    Some(CellKind::Text) => "str",
                    Some(CellKind::Signed | CellKind::Flag) => "int",
                    Some(CellKind::Fixed(_)) => "float",
                    // A count: `uint` only when a cell does not fit i64.
                    Some(CellKind::Unsigned) if k.int || !k.any => "int",
                    Some(CellKind::Unsigned) => "uint",
                };
                (name, kind, k.empty, None)
            }
        })
        .collect())
}
