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

use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;

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

/// The columns of the CSV text `data` (a header line, then rows), each as
/// `(name, kind, has_empty)`, `kind` one of `int`, `uint`, `float`,
/// `bool`, `str`.
#[pyfunction]
pub fn csv_columns(py: Python<'_>, data: &[u8]) -> PyResult<Vec<(String, &'static str, bool)>> {
    py.detach(|| {
        let mut reader = csv::ReaderBuilder::new().flexible(false).from_reader(data);
        let names: Vec<String> = reader
            .headers()
            .map_err(|e| e.to_string())?
            .iter()
            .map(str::to_string)
            .collect();
        let mut kinds = vec![Kinds::ALL; names.len()];
        let mut record = csv::ByteRecord::new();
        while reader
            .read_byte_record(&mut record)
            .map_err(|e| e.to_string())?
        {
            for (kind, cell) in kinds.iter_mut().zip(record.iter()) {
                kind.see(cell);
            }
        }
        Ok(names
            .into_iter()
            .zip(kinds)
            .map(|(name, k)| (name, k.name(), k.empty))
            .collect())
    })
    .map_err(|e: String| PyValueError::new_err(format!("not a table's CSV: {e}")))
}
