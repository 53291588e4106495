//! A run's Parquet `--out`: while the run plays, its partial file
//! `NAME.parquet.partial` holds the CSV text of the table (so that
//! `--resume` cuts it back to a checkpoint like any partial file); when
//! the run is whole, the text is converted into a temporary file beside
//! the output (`.NAME.parquet.XXXXXX.partial`, as every whole-or-nothing
//! output is written), which is synced and renamed onto `NAME.parquet`,
//! and the CSV partial file is removed ([`crate::files::run_files`]). The
//! Parquet bytes depend only on the CSV text ([`crate::parquet_table`]), so
//! a resumed finish converts it again to the same bytes.

use std::fs::{self, File, Permissions};
use std::io::{self, BufWriter, Write};
use std::os::unix::fs::PermissionsExt;
use std::path::{Path, PathBuf};

use tempfile::NamedTempFile;
use xxhash_rust::xxh3::Xxh3;

use crate::files::output_error::OutputError;
use crate::interrupt;
use crate::parquet_table::GamesColumns;
use crate::parquet_table::write::CsvToParquet;

/// A Parquet file converted from a CSV partial file, not yet in place.
pub(crate) struct Converted {
    /// Present until renamed into place.
    temp: Option<NamedTempFile>,
    /// Its length.
    pub(crate) bytes: u64,
    /// The hash of its bytes.
    pub(crate) hasher: Xxh3,
}

/// A writer that counts and hashes what passes through it.
struct Hashing<W: Write> {
    inner: W,
    hasher: Xxh3,
    bytes: u64,
}

impl<W: Write> Write for Hashing<W> {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        let n = self.inner.write(buf)?;
        self.hasher.update(&buf[..n]);
        self.bytes += n as u64;
        Ok(n)
    }

    fn flush(&mut self) -> io::Result<()> {
        self.inner.flush()
    }
}

/// Convert the CSV partial file `partial` of the output `label` (`given`,
/// whose file is `target`) into a synced temporary Parquet file beside
/// `target`, with the permissions of the partial file.
pub(crate) fn convert(
    label: &str,
    given: &Path,
    partial: &Path,
    target: &Path,
    columns: &GamesColumns,
) -> Result<Converted, OutputError> {
    let cannot = |source: io::Error| OutputError::Write {
        label: label.to_string(),
        path: given.to_path_buf(),
        source,
    };
    let mut input = File::open(partial).map_err(cannot)?;
    let mode = input.metadata().map_err(cannot)?.permissions().mode() & 0o7777;
    let dir = target
        .parent()
        .map_or_else(|| PathBuf::from("."), Path::to_path_buf);
    let name = target
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default();
    let temp = {
        let mut registry = interrupt::temp_files();
        let temp = tempfile::Builder::new()
            .prefix(&format!(".{name}."))
            .suffix(".partial")
            .permissions(Permissions::from_mode(mode))
            .tempfile_in(&dir)
            .map_err(|source| OutputError::CreateInFolder {
                label: label.to_string(),
                path: given.to_path_buf(),
                source,
            })?;
        registry.push(temp.path().to_path_buf());
        temp
    };
    let mut converted = Converted {
        temp: Some(temp),
        bytes: 0,
        hasher: Xxh3::new(),
    };
    let file = converted
        .temp
        .as_ref()
        .expect("just created")
        .as_file()
        .try_clone()
        .map_err(cannot)?;
    let sink = Hashing {
        inner: BufWriter::with_capacity(1 << 20, file),
        hasher: Xxh3::new(),
        bytes: 0,
    };
    let mut writer = CsvToParquet::new(columns.clone(), sink);
    io::copy(&mut input, &mut writer).map_err(cannot)?;
    let mut sink = writer.finish().map_err(cannot)?;
    sink.flush().map_err(cannot)?;
    let file = sink
        .inner
        .into_inner()
        .map_err(|e| cannot(e.into_error()))?;
    file.sync_all().map_err(cannot)?;
    converted.bytes = sink.bytes;
    converted.hasher = sink.hasher;
    Ok(converted)
}

impl Converted {
    /// Rename the file onto `target`.
    pub(crate) fn persist(mut self, target: &Path) -> io::Result<()> {
        let temp = self.temp.take().expect("present until renamed");
        let mut registry = interrupt::temp_files();
        let path = temp.path().to_path_buf();
        let result = temp.persist(target).map(drop).map_err(|e| e.error);
        // Renamed, or removed with the temporary file on an error.
        interrupt::forget(&mut registry, &path);
        result
    }
}

impl Drop for Converted {
    fn drop(&mut self) {
        if let Some(temp) = self.temp.take() {
            let path = temp.path().to_path_buf();
            drop(temp);
            interrupt::forget(&mut interrupt::temp_files(), &path);
        }
    }
}

/// Remove the CSV partial file of a Parquet output once the Parquet file
/// is in place (a missing one is already gone).
pub(crate) fn remove_csv_partial(partial: &Path) -> io::Result<()> {
    match fs::remove_file(partial) {
        Err(e) if e.kind() != io::ErrorKind::NotFound => Err(e),
        _ => Ok(()),
    }
}
