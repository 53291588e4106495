//! CSV text of a games table in, Parquet out ([`CsvToParquet`]): the one
//! way this program writes Parquet, so that a run's file (converted from
//! its CSV partial file at its finish) and a merge's (from the rows it
//! joins) come from the same text through the same code.

use std::collections::BTreeMap;
use std::io::{self, Write};
use std::sync::Arc;

use parquet::basic::{Compression, LogicalType, Repetition, Type as PhysicalType, ZstdLevel};
use parquet::data_type::{BoolType, ByteArray, ByteArrayType, DoubleType, Int64Type};
use parquet::file::metadata::KeyValue;
use parquet::file::properties::{WriterProperties, WriterVersion};
use parquet::file::writer::SerializedFileWriter;
use parquet::schema::types::Type;

use super::{
    CREATED_BY, CellKind, Column, DECIMALS_KEY, GamesColumns, ROW_GROUP_ROWS, cell_error,
    parse_fixed, parse_signed, parse_unsigned,
};
use beachcomber::spec::one_line;

/// A Parquet games table written from its CSV text: write the CSV's bytes
/// (in pieces of any size: records are split as they arrive), then
/// [`CsvToParquet::finish`]. The first record is the header; every row
/// after it must hold a value of its column's kind written as this
/// program writes it, or the write fails (an `io::Error` whose message
/// names the line, the column and the cell).
pub struct CsvToParquet<W: Write + Send> {
    columns_of: GamesColumns,
    state: State<W>,
    csv: csv_core::Reader,
    /// The current record's fields (`outlen` bytes) and their ends.
    out: Vec<u8>,
    outlen: usize,
    ends: Vec<usize>,
    endlen: usize,
    /// Records read so far (the header is line 1).
    line: u64,
}

enum State<W: Write + Send> {
    /// Before the header: the sink.
    Header(Option<W>),
    /// Writing rows.
    Rows(Box<Table<W>>),
}

/// The file being written and the rows of the row group not yet written.
struct Table<W: Write + Send> {
    writer: SerializedFileWriter<W>,
    columns: Vec<Column>,
    buffers: Vec<Buffer>,
    rows: usize,
}

/// One column's values of the row group being filled.
enum Values {
    Text(Vec<ByteArray>),
    Int(Vec<i64>),
    Double(Vec<f64>),
    Bool(Vec<bool>),
}

struct Buffer {
    values: Values,
    /// Definition levels of an optional column (0: null).
    defs: Vec<i16>,
}

impl<W: Write + Send> CsvToParquet<W> {
    /// A table of the columns `columns_of` (the rest from its header)
    /// written to `sink`.
    pub fn new(columns_of: GamesColumns, sink: W) -> CsvToParquet<W> {
        CsvToParquet {
            columns_of,
            state: State::Header(Some(sink)),
            csv: csv_core::Reader::new(),
            out: vec![0; 1024],
            outlen: 0,
            ends: vec![0; 64],
            endlen: 0,
            line: 0,
        }
    }

    /// Split `input` into records, handing each whole one on.
    fn feed(&mut self, mut input: &[u8]) -> io::Result<()> {
        use csv_core::ReadRecordResult as R;
        loop {
            let (result, nin, nout, nend) = self.csv.read_record(
                input,
                &mut self.out[self.outlen..],
                &mut self.ends[self.endlen..],
            );
            input = &input[nin..];
            self.outlen += nout;
            self.endlen += nend;
            match result {
                R::InputEmpty | R::End => return Ok(()),
                R::OutputFull => {
                    let len = self.out.len();
                    self.out.resize(len * 2, 0);
                }
                R::OutputEndsFull => {
                    let len = self.ends.len();
                    self.ends.resize(len * 2, 0);
                }
                R::Record => {
                    self.line += 1;
                    self.record()?;
                    self.outlen = 0;
                    self.endlen = 0;
                }
            }
        }
    }

    /// The record just read: the header, or a row.
    fn record(&mut self) -> io::Result<()> {
        let fields = Fields {
            out: &self.out,
            ends: &self.ends[..self.endlen],
        };
        match &mut self.state {
            State::Header(sink) => {
                let header = (0..fields.len())
                    .map(|k| String::from_utf8_lossy(fields.get(k)).into_owned())
                    .collect::<Vec<_>>();
                let columns = self.columns_of.columns(&header).map_err(io::Error::other)?;
                let sink = sink.take().expect("the sink until the header");
                let table = Table::new(columns, sink).map_err(parquet_error)?;
                self.state = State::Rows(Box::new(table));
                Ok(())
            }
            State::Rows(table) => table.push(&fields, self.line),
        }
    }

    /// The end of the text: the last rows and the file's footer; gives
    /// back the sink.
    pub fn finish(mut self) -> io::Result<W> {
        // An empty input ends the last record if no line break did.
        self.feed(&[])?;
        match self.state {
            State::Header(_) => Err(io::Error::other(
                "no header: the games table is empty".to_string(),
            )),
            State::Rows(mut table) => {
                table.write_row_group().map_err(parquet_error)?;
                table.writer.into_inner().map_err(parquet_error)
            }
        }
    }
}

impl<W: Write + Send> Write for CsvToParquet<W> {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        self.feed(buf)?;
        Ok(buf.len())
    }

    fn flush(&mut self) -> io::Result<()> {
        Ok(())
    }
}

/// The fields of one record.
struct Fields<'a> {
    out: &'a [u8],
    ends: &'a [usize],
}

impl Fields<'_> {
    fn len(&self) -> usize {
        self.ends.len()
    }

    fn get(&self, k: usize) -> &[u8] {
        let start = if k == 0 { 0 } else { self.ends[k - 1] };
        &self.out[start..self.ends[k]]
    }
}

fn parquet_error(e: parquet::errors::ParquetError) -> io::Error {
    io::Error::other(one_line(&e.to_string()))
}

/// The file's writer settings: fixed, so that the bytes depend on the
/// rows alone.
fn properties(columns: &[Column]) -> WriterProperties {
    let decimals: BTreeMap<&str, u8> = columns
        .iter()
        .filter_map(|c| match c.kind {
            CellKind::Fixed(d) => Some((c.name.as_str(), d)),
            _ => None,
        })
        .collect();
    let decimals = serde_json::to_string(&decimals).expect("a map of names to numbers");
    WriterProperties::builder()
        .set_created_by(CREATED_BY.to_string())
        .set_writer_version(WriterVersion::PARQUET_1_0)
        .set_compression(Compression::ZSTD(ZstdLevel::default()))
        .set_dictionary_enabled(true)
        .set_max_row_group_row_count(Some(ROW_GROUP_ROWS))
        .set_key_value_metadata(Some(vec![KeyValue::new(
            DECIMALS_KEY.to_string(),
            decimals,
        )]))
        .build()
}

/// The Parquet schema of `columns`.
fn schema(columns: &[Column]) -> parquet::errors::Result<Type> {
    let fields = columns
        .iter()
        .map(|c| {
            let (physical, logical) = match c.kind {
                CellKind::Text => (PhysicalType::BYTE_ARRAY, Some(LogicalType::String)),
                CellKind::Unsigned => (PhysicalType::INT64, Some(LogicalType::integer(64, false))),
                CellKind::Signed => (PhysicalType::INT64, None),
                CellKind::Fixed(_) => (PhysicalType::DOUBLE, None),
                CellKind::Flag => (PhysicalType::BOOLEAN, None),
            };
            let repetition = if c.optional {
                Repetition::OPTIONAL
            } else {
                Repetition::REQUIRED
            };
            Type::primitive_type_builder(&c.name, physical)
                .with_logical_type(logical)
                .with_repetition(repetition)
                .build()
                .map(Arc::new)
        })
        .collect::<parquet::errors::Result<Vec<_>>>()?;
    Type::group_type_builder("schema")
        .with_fields(fields)
        .build()
}

impl<W: Write + Send> Table<W> {
    fn new(columns: Vec<Column>, sink: W) -> parquet::errors::Result<Table<W>> {
        let writer = SerializedFileWriter::new(
            sink,
            Arc::new(schema(&columns)?),
            Arc::new(properties(&columns)),
        )?;
        let buffers = columns
            .iter()
            .map(|c| Buffer {
                values: match c.kind {
                    CellKind::Text => Values::Text(Vec::new()),
                    CellKind::Unsigned | CellKind::Signed => Values::Int(Vec::new()),
                    CellKind::Fixed(_) => Values::Double(Vec::new()),
                    CellKind::Flag => Values::Bool(Vec::new()),
                },
                defs: Vec::new(),
            })
            .collect();
        Ok(Table {
            writer,
            columns,
            buffers,
            rows: 0,
        })
    }

    /// Add a row (on `line` of the CSV); a full row group is written.
    fn push(&mut self, fields: &Fields<'_>, line: u64) -> io::Result<()> {
        if fields.len() != self.columns.len() {
            return Err(io::Error::other(format!(
                "line {line} of the games table has {} cells, its header {}",
                fields.len(),
                self.columns.len()
            )));
        }
        for (k, (column, buffer)) in self.columns.iter().zip(&mut self.buffers).enumerate() {
            let cell = fields.get(k);
            let bad = || {
                io::Error::other(format!(
                    "line {line} of the games table: {}",
                    cell_error(column, cell)
                ))
            };
            if column.optional {
                if cell.is_empty() {
                    buffer.defs.push(0);
                    continue;
                }
                buffer.defs.push(1);
            }
            match (&mut buffer.values, column.kind) {
                (Values::Text(v), _) => {
                    std::str::from_utf8(cell).map_err(|_| bad())?;
                    v.push(ByteArray::from(cell.to_vec()));
                }
                (Values::Int(v), CellKind::Unsigned) => {
                    v.push(parse_unsigned(cell).ok_or_else(bad)? as i64);
                }
                (Values::Int(v), _) => v.push(parse_signed(cell).ok_or_else(bad)?),
                (Values::Double(v), CellKind::Fixed(d)) => {
                    v.push(parse_fixed(cell, d).ok_or_else(bad)?);
                }
                (Values::Double(_), _) => unreachable!("doubles are fixed-point cells"),
                (Values::Bool(v), _) => v.push(match cell {
                    b"1" => true,
                    b"0" => false,
                    _ => return Err(bad()),
                }),
            }
        }
        self.rows += 1;
        if self.rows == ROW_GROUP_ROWS {
            self.write_row_group().map_err(parquet_error)?;
        }
        Ok(())
    }

    /// Write the buffered rows as a row group (nothing when there are
    /// none): each column in one call, so that its pages are cut only by
    /// the values.
    fn write_row_group(&mut self) -> parquet::errors::Result<()> {
        if self.rows == 0 {
            return Ok(());
        }
        let mut group = self.writer.next_row_group()?;
        for (column, buffer) in self.columns.iter().zip(&mut self.buffers) {
            let mut writer = group
                .next_column()?
                .expect("a column writer for every column of the schema");
            let defs = column.optional.then_some(buffer.defs.as_slice());
            match &mut buffer.values {
                Values::Text(v) => {
                    writer.typed::<ByteArrayType>().write_batch(v, defs, None)?;
                    v.clear();
                }
                Values::Int(v) => {
                    writer.typed::<Int64Type>().write_batch(v, defs, None)?;
                    v.clear();
                }
                Values::Double(v) => {
                    writer.typed::<DoubleType>().write_batch(v, defs, None)?;
                    v.clear();
                }
                Values::Bool(v) => {
                    writer.typed::<BoolType>().write_batch(v, defs, None)?;
                    v.clear();
                }
            }
            buffer.defs.clear();
            writer.close()?;
        }
        group.close()?;
        self.rows = 0;
        Ok(())
    }
}
