//! The output files a run (or a merge) may write, by option.

use std::path::{Path, PathBuf};

use beachcomber::record::io::{Compression, UnsupportedCompression};

use crate::files::names::PAIRS_LABEL;
use crate::files::output_error::OutputError;
use crate::parquet_table::is_parquet;

/// The output files a run may write.
#[derive(Clone, Debug, Default)]
pub struct OutputPaths {
    /// `--out`: the tidy per-seat-per-game CSV.
    pub out: Option<PathBuf>,
    /// `--summary`: written when the run is whole.
    pub summary: Option<PathBuf>,
    /// `--record`: game records, compressed by extension.
    pub record: Option<PathBuf>,
    /// A league's pairwise matrix, written with the summary (beside it:
    /// [`crate::files::names::pairs_beside`]; `pairs.csv` in a folder).
    pub pairs: Option<PathBuf>,
}

impl OutputPaths {
    /// The given outputs as `(option, path)`, in the order `--out`,
    /// `--record`, `--summary`, the pairs CSV ([`PAIRS_LABEL`]).
    pub fn given(&self) -> Vec<(&'static str, &Path)> {
        [
            ("--out", &self.out),
            ("--record", &self.record),
            ("--summary", &self.summary),
            (PAIRS_LABEL, &self.pairs),
        ]
        .into_iter()
        .filter_map(|(label, path)| path.as_deref().map(|p| (label, p)))
        .collect()
    }

    /// How `--record` is compressed (by its extension), if it is given.
    pub fn record_compression(&self) -> Result<Option<Compression>, RecordNameError> {
        self.record
            .as_deref()
            .map(Compression::from_path)
            .transpose()
            .map_err(RecordNameError)
    }
}

impl OutputPaths {
    /// Refuse a `--summary` or `--record` named `*.parquet`: only `--out`
    /// is written as Parquet (by its extension).
    pub fn check_parquet(&self) -> Result<(), OutputError> {
        for (label, path, what, format) in [
            ("--summary", &self.summary, "summary", "CSV"),
            ("--record", &self.record, "record file", "JSON lines"),
        ] {
            if let Some(path) = path.as_deref().filter(|p| is_parquet(p)) {
                return Err(OutputError::ParquetOnlyOut {
                    label: label.to_string(),
                    path: path.to_path_buf(),
                    what,
                    format,
                });
            }
        }
        Ok(())
    }

    /// Whether `--out` is a Parquet file (its name ends in `.parquet`).
    pub fn out_is_parquet(&self) -> bool {
        self.out.as_deref().is_some_and(is_parquet)
    }
}

/// `--record`'s name ends in an extension of no compression this program
/// writes.
#[derive(Debug, thiserror::Error)]
#[error("--record: {0}")]
pub struct RecordNameError(pub UnsupportedCompression);
