//! A run's games table as Parquet (`Tables.write_parquet`): the bytes the
//! command line's `--out NAME.parquet` (and a sweep's `--format parquet`)
//! writes for the same run, made by the same code from the same CSV text
//! ([`beachcomber_store::parquet_table::write::CsvToParquet`]), so the two
//! cannot differ.

use std::io::Write;

use beachcomber::tournament::Plan;
use beachcomber_store::parquet_table::GamesColumns;
use beachcomber_store::parquet_table::write::CsvToParquet;
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::PyBytes;

/// How a run's games table is typed in Parquet (from its plan: which
/// value columns hold integers, whether the quality columns end the rows).
/// Made by a run, handed back with its tables; opaque to Python.
#[pyclass(frozen, module = "beachcomber._native", name = "GamesLayout")]
pub struct GamesLayout(GamesColumns);

impl GamesLayout {
    /// The layout of `plan`'s games table, as the command line types it.
    pub fn of(plan: &Plan) -> GamesLayout {
        GamesLayout(GamesColumns::of(plan))
    }

    /// The games table's schema (the Parquet writer's column types).
    pub fn columns(&self) -> &GamesColumns {
        &self.0
    }
}

/// The Parquet bytes of the games table whose CSV bytes are `csv`, typed
/// by `layout` (the GIL released while it converts).
#[pyfunction]
pub fn games_parquet<'py>(
    py: Python<'py>,
    layout: &GamesLayout,
    csv: &[u8],
) -> PyResult<Bound<'py, PyBytes>> {
    let columns = layout.0.clone();
    let bytes = py
        .detach(|| {
            let mut writer = CsvToParquet::new(columns, Vec::new());
            writer.write_all(csv)?;
            writer.finish()
        })
        .map_err(|e| PyValueError::new_err(format!("the games table as Parquet: {e}")))?;
    Ok(PyBytes::new(py, &bytes))
}
