//! A Parquet table read one row at a time, its cells as text
//! ([`ParquetRows`]): for a games table this program wrote, exactly the
//! text of its CSV (the DOUBLE columns with the decimals its metadata
//! records, booleans as `0`/`1`, nulls empty); for any other flat table,
//! numbers as Rust writes them. Memory is bounded by a batch of rows, not
//! by the file or its row groups, and by the caps every page header is
//! checked against before a page is decompressed ([`super::limits`]).

use std::cell::Cell;
use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::fs::File;
use std::panic::AssertUnwindSafe;
use std::path::Path;
use std::sync::Once;

use beachcomber::regular_file::{MAX_DATA_BYTES, open_regular_file};

use parquet::basic::{ConvertedType, LogicalType, Repetition, Type as PhysicalType};
use parquet::column::reader::ColumnReader;
use parquet::data_type::ByteArray;
use parquet::file::reader::FileReader;
use parquet::file::serialized_reader::SerializedFileReader;

use super::limits::{self, Caps, MAX_CELL_BYTES};
use super::{CellKind, DECIMALS_KEY};
use crate::clip::{clipped, clipped_to};
use beachcomber::tournament::rows::field;

/// Rows read from each column at a time.
const BATCH_ROWS: usize = 4096;

/// Why a Parquet file cannot be read as a table (one line; the caller
/// names the file).
#[derive(Debug, thiserror::Error)]
#[error("{0}")]
pub struct ParquetReadError(String);

impl From<parquet::errors::ParquetError> for ParquetReadError {
    fn from(e: parquet::errors::ParquetError) -> ParquetReadError {
        ParquetReadError(format!(
            "not a Parquet file this program can read ({})",
            clipped_to(&e.to_string(), 200)
        ))
    }
}

thread_local! {
    /// Set while this thread is inside the `parquet` crate's reader: a
    /// panic there is a damaged file, reported as an error, not printed.
    static READING: Cell<bool> = const { Cell::new(false) };
}

/// Run `f`, a call into the `parquet` crate's reader, turning a panic in
/// it into an error: the crate panics on some damaged files (an index out
/// of range in a page it decodes), and a damaged file must be a one-line
/// error. The panic hook in place stays for every other panic.
fn guarded<T>(f: impl FnOnce() -> Result<T, ParquetReadError>) -> Result<T, ParquetReadError> {
    static QUIET_HOOK: Once = Once::new();
    QUIET_HOOK.call_once(|| {
        let previous = std::panic::take_hook();
        std::panic::set_hook(Box::new(move |info| {
            if !READING.with(Cell::get) {
                previous(info);
            }
        }));
    });
    READING.with(|r| r.set(true));
    let result = std::panic::catch_unwind(AssertUnwindSafe(f));
    READING.with(|r| r.set(false));
    result.unwrap_or_else(|payload| {
        let why = payload
            .downcast_ref::<String>()
            .map(String::as_str)
            .or_else(|| payload.downcast_ref::<&str>().copied())
            .unwrap_or("a panic");
        Err(ParquetReadError(format!(
            "not a Parquet file this program can read (its data is damaged: {})",
            clipped(why)
        )))
    })
}

/// How a column's values are written as text.
#[derive(Clone, Copy, Debug)]
enum Format {
    Bool,
    Int32 {
        unsigned: bool,
    },
    Int64 {
        unsigned: bool,
    },
    Float,
    /// With these decimals (a games table's), else as Rust writes it.
    Double(Option<u8>),
    Text,
}

/// One column's reader and the values of the current batch.
struct Cursor {
    format: Format,
    /// The column may hold nulls (its definition levels are read).
    optional: bool,
    reader: Option<ColumnReader>,
    values: Values,
    defs: Vec<i16>,
    /// The next value of `values` (nulls have none).
    next: usize,
}

enum Values {
    Bool(Vec<bool>),
    Int32(Vec<i32>),
    Int64(Vec<i64>),
    Float(Vec<f32>),
    Double(Vec<f64>),
    Bytes(Vec<ByteArray>),
}

/// A Parquet file read row by row.
pub struct ParquetRows {
    file: SerializedFileReader<File>,
    /// The column names.
    pub header: Vec<String>,
    cursors: Vec<Cursor>,
    /// The next row group to open.
    group: usize,
    /// Rows of the current row group not yet read into a batch.
    left_in_group: u64,
    /// The current batch: its rows and the next one.
    batch: usize,
    row: usize,
    /// Scratch for a number's text.
    scratch: String,
    /// The error that stopped the reading (after a panic in the crate's
    /// reader the readers are not used again).
    broken: Option<String>,
}

impl ParquetRows {
    /// Open `path` and read its schema: a flat table of boolean, integer,
    /// floating-point and text columns.
    pub fn open(path: &Path) -> Result<ParquetRows, ParquetReadError> {
        ParquetRows::open_with(path, &Caps::DEFAULT)
    }

    /// [`ParquetRows::open`] with other caps than the defaults (tests).
    pub(crate) fn open_with(path: &Path, caps: &Caps) -> Result<ParquetRows, ParquetReadError> {
        guarded(|| ParquetRows::open_unguarded(path, caps))
    }

    fn open_unguarded(path: &Path, caps: &Caps) -> Result<ParquetRows, ParquetReadError> {
        let handle: File =
            open_regular_file(path, MAX_DATA_BYTES).map_err(|e| ParquetReadError(e.to_string()))?;
        let pages = handle
            .try_clone()
            .map_err(|e| ParquetReadError(e.to_string()))?;
        let file = SerializedFileReader::new(handle)?;
        limits::check_pages(&pages, file.metadata(), caps)
            .map_err(|e| ParquetReadError(e.to_string()))?;
        let metadata = file.metadata().file_metadata();
        let decimals: BTreeMap<String, u8> = metadata
            .key_value_metadata()
            .and_then(|kv| kv.iter().find(|k| k.key == DECIMALS_KEY))
            .and_then(|k| k.value.as_deref())
            .map(|text| {
                serde_json::from_str(text).map_err(|e| {
                    ParquetReadError(format!("its {DECIMALS_KEY} metadata does not read: {e}"))
                })
            })
            .transpose()?
            .unwrap_or_default();
        let schema = metadata.schema_descr();
        if schema.root_schema().get_fields().len() != schema.num_columns() {
            return Err(ParquetReadError(
                "not a flat table (it has nested columns)".to_string(),
            ));
        }
        let mut header = Vec::with_capacity(schema.num_columns());
        let mut cursors = Vec::with_capacity(schema.num_columns());
        for column in schema.columns() {
            let name = column.name().to_string();
            let logical = column.logical_type_ref();
            let unsigned = matches!(logical, Some(LogicalType::Integer(t)) if !t.is_signed)
                || matches!(
                    column.converted_type(),
                    ConvertedType::UINT_8
                        | ConvertedType::UINT_16
                        | ConvertedType::UINT_32
                        | ConvertedType::UINT_64
                );
            let plain = logical.is_none() || matches!(logical, Some(LogicalType::Integer(_)));
            let text = logical.is_none()
                || matches!(
                    logical,
                    Some(LogicalType::String | LogicalType::Enum | LogicalType::Json)
                );
            let format = match column.physical_type() {
                PhysicalType::BOOLEAN if logical.is_none() => Format::Bool,
                PhysicalType::INT32 if plain => Format::Int32 { unsigned },
                PhysicalType::INT64 if plain => Format::Int64 { unsigned },
                PhysicalType::FLOAT if logical.is_none() => Format::Float,
                PhysicalType::DOUBLE if logical.is_none() => {
                    Format::Double(decimals.get(&name).copied())
                }
                PhysicalType::BYTE_ARRAY if text => Format::Text,
                physical => {
                    return Err(ParquetReadError(format!(
                        "its column `{}` is {physical}{}, which this program does not read \
                         (it reads booleans, integers, floating-point numbers and text)",
                        clipped(&name),
                        logical.map(|l| format!(" ({l:?})")).unwrap_or_default()
                    )));
                }
            };
            let repetition = column.self_type().get_basic_info().repetition();
            if repetition == Repetition::REPEATED || column.max_rep_level() > 0 {
                return Err(ParquetReadError(format!(
                    "its column `{}` is a list: not a flat table",
                    clipped(&name)
                )));
            }
            cursors.push(Cursor {
                format,
                optional: column.max_def_level() > 0,
                reader: None,
                values: match format {
                    Format::Bool => Values::Bool(Vec::new()),
                    Format::Int32 { .. } => Values::Int32(Vec::new()),
                    Format::Int64 { .. } => Values::Int64(Vec::new()),
                    Format::Float => Values::Float(Vec::new()),
                    Format::Double(_) => Values::Double(Vec::new()),
                    Format::Text => Values::Bytes(Vec::new()),
                },
                defs: Vec::new(),
                next: 0,
            });
            header.push(name);
        }
        Ok(ParquetRows {
            file,
            header,
            cursors,
            group: 0,
            left_in_group: 0,
            batch: 0,
            row: 0,
            scratch: String::new(),
            broken: None,
        })
    }

    /// How each column is stored, as the kind of cell this program writes
    /// it as (`None` for a type it never writes), and whether it may hold
    /// nulls: a games table this program wrote has its columns' kinds
    /// ([`super::GamesColumns::columns`]).
    pub fn cell_kinds(&self) -> Vec<(Option<CellKind>, bool)> {
        self.cursors
            .iter()
            .map(|c| {
                let kind = match c.format {
                    Format::Bool => Some(CellKind::Flag),
                    Format::Int64 { unsigned: true } => Some(CellKind::Unsigned),
                    Format::Int64 { unsigned: false } => Some(CellKind::Signed),
                    Format::Double(Some(d)) => Some(CellKind::Fixed(d)),
                    Format::Text => Some(CellKind::Text),
                    Format::Int32 { .. } | Format::Float | Format::Double(None) => None,
                };
                (kind, c.optional)
            })
            .collect()
    }

    /// The rows of the file in all.
    pub fn rows(&self) -> u64 {
        u64::try_from(self.file.metadata().file_metadata().num_rows()).unwrap_or(0)
    }

    /// Read the next batch of rows into the cursors; `false` at the end.
    fn next_batch(&mut self) -> Result<bool, ParquetReadError> {
        while self.left_in_group == 0 {
            if self.group == self.file.num_row_groups() {
                return Ok(false);
            }
            let group = self.file.get_row_group(self.group)?;
            self.left_in_group = u64::try_from(group.metadata().num_rows()).map_err(|_| {
                ParquetReadError(format!("row group {} has a negative row count", self.group))
            })?;
            for (k, c) in self.cursors.iter_mut().enumerate() {
                c.reader = Some(group.get_column_reader(k)?);
            }
            self.group += 1;
        }
        let want = BATCH_ROWS.min(usize::try_from(self.left_in_group).unwrap_or(BATCH_ROWS));
        for (k, c) in self.cursors.iter_mut().enumerate() {
            c.defs.clear();
            c.next = 0;
            let mut read = 0;
            while read < want {
                let reader = c.reader.as_mut().expect("a reader in every row group");
                let defs = c.optional.then_some(&mut c.defs);
                let (records, _, _) = match (reader, &mut c.values) {
                    (ColumnReader::BoolColumnReader(r), Values::Bool(v)) => {
                        if read == 0 {
                            v.clear();
                        }
                        r.read_records(want - read, defs, None, v)?
                    }
                    (ColumnReader::Int32ColumnReader(r), Values::Int32(v)) => {
                        if read == 0 {
                            v.clear();
                        }
                        r.read_records(want - read, defs, None, v)?
                    }
                    (ColumnReader::Int64ColumnReader(r), Values::Int64(v)) => {
                        if read == 0 {
                            v.clear();
                        }
                        r.read_records(want - read, defs, None, v)?
                    }
                    (ColumnReader::FloatColumnReader(r), Values::Float(v)) => {
                        if read == 0 {
                            v.clear();
                        }
                        r.read_records(want - read, defs, None, v)?
                    }
                    (ColumnReader::DoubleColumnReader(r), Values::Double(v)) => {
                        if read == 0 {
                            v.clear();
                        }
                        r.read_records(want - read, defs, None, v)?
                    }
                    (ColumnReader::ByteArrayColumnReader(r), Values::Bytes(v)) => {
                        if read == 0 {
                            v.clear();
                        }
                        r.read_records(want - read, defs, None, v)?
                    }
                    _ => {
                        return Err(ParquetReadError(format!(
                            "its column `{}` has pages of another type than its schema's",
                            clipped(&self.header[k])
                        )));
                    }
                };
                if records == 0 {
                    return Err(ParquetReadError(format!(
                        "its column `{}` ends before row group {} does",
                        clipped(&self.header[k]),
                        self.group - 1
                    )));
                }
                read += records;
            }
            let values = match &c.values {
                Values::Bool(v) => v.len(),
                Values::Int32(v) => v.len(),
                Values::Int64(v) => v.len(),
                Values::Float(v) => v.len(),
                Values::Double(v) => v.len(),
                Values::Bytes(v) => v.len(),
            };
            let present = if c.optional {
                c.defs.iter().filter(|&&d| d > 0).count()
            } else {
                want
            };
            if values != present || (c.optional && c.defs.len() != want) {
                return Err(ParquetReadError(format!(
                    "its column `{}` has {values} values for {present} cells",
                    clipped(&self.header[k])
                )));
            }
        }
        self.left_in_group -= want as u64;
        self.batch = want;
        self.row = 0;
        Ok(true)
    }

    /// Move to the next row and put its cells, as text, in `record`;
    /// `false` at the end of the file.
    pub fn next_row(&mut self, record: &mut csv::StringRecord) -> Result<bool, ParquetReadError> {
        if let Some(why) = &self.broken {
            return Err(ParquetReadError(why.clone()));
        }
        if self.row == self.batch {
            match guarded(|| self.next_batch()) {
                Ok(true) => {}
                Ok(false) => return Ok(false),
                Err(e) => {
                    self.broken = Some(e.0.clone());
                    return Err(e);
                }
            }
        }
        let row = self.row;
        self.row += 1;
        record.clear();
        for (k, c) in self.cursors.iter_mut().enumerate() {
            if c.optional && c.defs[row] == 0 {
                record.push_field("");
                continue;
            }
            let i = c.next;
            c.next += 1;
            let text = &mut self.scratch;
            text.clear();
            let _ = match (&c.values, c.format) {
                (Values::Bool(v), _) => text.write_str(if v[i] { "1" } else { "0" }),
                (Values::Int32(v), Format::Int32 { unsigned: true }) => {
                    write!(text, "{}", v[i] as u32)
                }
                (Values::Int32(v), _) => write!(text, "{}", v[i]),
                (Values::Int64(v), Format::Int64 { unsigned: true }) => {
                    write!(text, "{}", v[i] as u64)
                }
                (Values::Int64(v), _) => write!(text, "{}", v[i]),
                (Values::Float(v), _) => write!(text, "{}", v[i]),
                (Values::Double(v), Format::Double(Some(d))) => {
                    write!(text, "{:.*}", usize::from(d), v[i])
                }
                (Values::Double(v), _) => write!(text, "{}", v[i]),
                (Values::Bytes(v), _) => {
                    let data = v[i].data();
                    if data.len() > MAX_CELL_BYTES {
                        let why = format!(
                            "its column `{}` holds a text of {} bytes, more than the {} a \
                             cell may",
                            clipped(&self.header[k]),
                            data.len(),
                            limits::bytes_text(MAX_CELL_BYTES as u64)
                        );
                        self.broken = Some(why.clone());
                        return Err(ParquetReadError(why));
                    }
                    text.push_str(&String::from_utf8_lossy(data));
                    Ok(())
                }
            };
            record.push_field(text);
        }
        Ok(true)
    }
}

/// `cells` as a line of CSV text, as this program writes its CSV files
/// (a field quoted only when it holds a comma, a quote or a line break),
/// with its line break.
pub fn csv_line(cells: &csv::StringRecord, line: &mut String) {
    line.clear();
    for (k, cell) in cells.iter().enumerate() {
        if k > 0 {
            line.push(',');
        }
        line.push_str(&field(cell));
    }
    line.push('\n');
}

/// [`csv_line`] of the header.
pub fn header_line(header: &[String]) -> String {
    let mut line = String::new();
    csv_line(&header.iter().collect(), &mut line);
    line
}
