//! A small CSV read whole (`compare.csv`, `confirm.csv`), for the
//! confirmation and the picks.

use std::path::Path;

use super::error::ExperimentError;
use crate::csv_rows::Rows;

/// A CSV's header and rows (a small table read whole).
pub(super) fn read_all(path: &Path) -> Result<(Vec<String>, Vec<Vec<String>>), ExperimentError> {
    let rows = Rows::open(path)?;
    let header = rows.header.clone();
    drop(rows);
    let names: Vec<&str> = header.iter().map(String::as_str).collect();
    let rows = Rows::select(path, &names)?;
    Ok((header, rows))
}
