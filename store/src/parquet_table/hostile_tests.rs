//! Parquet files from elsewhere (other codecs) and hostile ones (bombs,
//! thousands of columns, huge cells), each built here with the `parquet`
//! crate's writer and read through the reader `plot` uses.

use std::path::{Path, PathBuf};
use std::sync::Arc;

use parquet::basic::{Compression, GzipLevel, LogicalType, Repetition, Type as PhysicalType};
use parquet::data_type::{BoolType, ByteArray, ByteArrayType, DoubleType, Int64Type};
use parquet::file::properties::{
    EnabledStatistics, WriterProperties, WriterPropertiesBuilder, WriterVersion,
};
use parquet::file::writer::SerializedFileWriter;
use parquet::schema::types::Type;

use super::limits::{Caps, MAX_CELL_BYTES, MAX_COLUMNS, MAX_PAGE_BYTES};
use super::read::ParquetRows;
use crate::csv_rows::Rows;

/// A column of a hand-built file.
pub(crate) enum Cells {
    /// INT64.
    Int(Vec<i64>),
    /// UINT64 (INT64 with the unsigned integer type).
    UInt(Vec<i64>),
    /// DOUBLE.
    Double(Vec<f64>),
    /// BOOLEAN.
    Bool(Vec<bool>),
    /// UTF8.
    Text(Vec<ByteArray>),
}

/// Write `columns` (name, cells) as one row group per `groups` copy into
/// `dir/name`, compressed with `compression`, each column of a row group
/// in one page, without dictionaries.
fn write_file(
    dir: &Path,
    name: &str,
    columns: &[(&str, Cells)],
    groups: usize,
    compression: Compression,
) -> PathBuf {
    let path = dir.join(name);
    write_table(&path, columns, groups, one_page(compression).build());
    path
}

/// The settings of [`write_file`]: `compression`, each column of a row
/// group in one page, no dictionaries, no statistics.
pub(crate) fn one_page(compression: Compression) -> WriterPropertiesBuilder {
    WriterProperties::builder()
        .set_compression(compression)
        .set_dictionary_enabled(false)
        .set_statistics_enabled(EnabledStatistics::None)
        .set_data_page_size_limit(usize::MAX >> 1)
        .set_write_batch_size(usize::MAX >> 1)
}

/// Write `columns` (name, cells) as one row group per `groups` copy into
/// `path`, with the writer settings `props`.
pub(crate) fn write_table(
    path: &Path,
    columns: &[(&str, Cells)],
    groups: usize,
    props: WriterProperties,
) {
    let fields = columns
        .iter()
        .map(|(n, c)| {
            let (physical, logical) = match c {
                Cells::Int(_) => (PhysicalType::INT64, None),
                Cells::UInt(_) => (PhysicalType::INT64, Some(LogicalType::integer(64, false))),
                Cells::Double(_) => (PhysicalType::DOUBLE, None),
                Cells::Bool(_) => (PhysicalType::BOOLEAN, None),
                Cells::Text(_) => (PhysicalType::BYTE_ARRAY, Some(LogicalType::String)),
            };
            Arc::new(
                Type::primitive_type_builder(n, physical)
                    .with_logical_type(logical)
                    .with_repetition(Repetition::REQUIRED)
                    .build()
                    .unwrap(),
            )
        })
        .collect();
    let schema = Type::group_type_builder("schema")
        .with_fields(fields)
        .build()
        .unwrap();
    let file = std::fs::File::create(path).unwrap();
    let mut writer = SerializedFileWriter::new(file, Arc::new(schema), Arc::new(props)).unwrap();
    for _ in 0..groups {
        let mut group = writer.next_row_group().unwrap();
        for (_, cells) in columns {
            let mut column = group.next_column().unwrap().unwrap();
            match cells {
                Cells::Int(v) | Cells::UInt(v) => {
                    column
                        .typed::<Int64Type>()
                        .write_batch(v, None, None)
                        .unwrap();
                }
                Cells::Bool(v) => {
                    column
                        .typed::<BoolType>()
                        .write_batch(v, None, None)
                        .unwrap();
                }
                Cells::Double(v) => {
                    column
                        .typed::<DoubleType>()
                        .write_batch(v, None, None)
                        .unwrap();
                }
                Cells::Text(v) => {
                    column
                        .typed::<ByteArrayType>()
                        .write_batch(v, None, None)
                        .unwrap();
                }
            }
            column.close().unwrap();
        }
        group.close().unwrap();
    }
    writer.close().unwrap();
}

/// Every row of `path` through `plot`'s reader, as text.
fn plot_rows(path: &Path) -> Result<Vec<Vec<String>>, String> {
    let mut rows = Rows::open(path).map_err(|e| e.to_string())?;
    let mut all = Vec::new();
    while rows.next_row().map_err(|e| e.to_string())? {
        all.push(
            (0..rows.header.len())
                .map(|c| rows.cell(c).to_string())
                .collect(),
        );
    }
    Ok(all)
}

/// Every row of `path` read with `caps`: the error, if any.
fn read_with(path: &Path, caps: &Caps) -> Result<u64, String> {
    let mut rows = ParquetRows::open_with(path, caps).map_err(|e| e.to_string())?;
    let mut record = csv::StringRecord::new();
    let mut n = 0;
    while rows.next_row(&mut record).map_err(|e| e.to_string())? {
        n += 1;
    }
    Ok(n)
}

fn text(s: &str) -> ByteArray {
    ByteArray::from(s)
}

#[test]
fn files_compressed_with_snappy_lz4_or_gzip_are_read() {
    let dir = tempfile::tempdir().unwrap();
    for (name, codec) in [
        ("snappy.parquet", Compression::SNAPPY),
        ("lz4.parquet", Compression::LZ4_RAW),
        ("gzip.parquet", Compression::GZIP(GzipLevel::default())),
    ] {
        let path = write_file(
            dir.path(),
            name,
            &[
                ("x", Cells::Int(vec![1, 2, -3])),
                ("y", Cells::Double(vec![0.5, 2.25, -1.0])),
                ("name", Cells::Text(vec![text("a"), text("b,c"), text("é")])),
            ],
            2,
            codec,
        );
        let rows = plot_rows(&path).unwrap_or_else(|e| panic!("{name}: {e}"));
        let row = |a: &str, b: &str, c: &str| vec![a.to_string(), b.to_string(), c.to_string()];
        let three = [
            row("1", "0.5", "a"),
            row("2", "2.25", "b,c"),
            row("-3", "-1", "é"),
        ];
        assert_eq!(rows, [three.clone(), three].concat(), "{name}");
    }
}

/// The error's text is one line of at most a few hundred bytes.
fn assert_short(e: &str) {
    assert!(
        !e.contains('\n') && e.len() < 600,
        "{} bytes: {}",
        e.len(),
        &e[..e.len().min(600)]
    );
}

#[test]
fn a_page_that_decodes_past_its_cap_is_refused_before_it_is_decompressed() {
    // The bomb, at the cap: one zstd string of 64 MiB + 1 byte
    // (a file of a few kilobytes).
    let dir = tempfile::tempdir().unwrap();
    let value = ByteArray::from(vec![b'a'; MAX_PAGE_BYTES as usize + 1]);
    let path = write_file(
        dir.path(),
        "bomb.parquet",
        &[("x", Cells::Text(vec![value]))],
        1,
        Compression::ZSTD(Default::default()),
    );
    assert!(std::fs::metadata(&path).unwrap().len() < 20_000);
    let e = plot_rows(&path).unwrap_err();
    assert_short(&e);
    // 4 bytes of length, then the value.
    let decoded = MAX_PAGE_BYTES + 5;
    assert!(
        e.ends_with(&format!(
            "row group 0, column 0: a page decodes to {decoded} bytes, more than the 64 MiB \
             a page may (a Parquet bomb?)"
        )),
        "{e}"
    );
}

#[test]
fn each_cap_refuses_the_file_that_passes_it() {
    let dir = tempfile::tempdir().unwrap();
    let zstd = Compression::ZSTD(Default::default());
    // 4 columns of one 10,000-byte page each, in 5 row groups.
    let wide = (0..4)
        .map(|_| Cells::Text(vec![ByteArray::from(vec![b'z'; 9_996])]))
        .collect::<Vec<_>>();
    let names = ["a", "b", "c", "d"];
    let columns: Vec<(&str, Cells)> = names.iter().copied().zip(wide).collect();
    let path = write_file(dir.path(), "many.parquet", &columns, 5, zstd);
    let size = std::fs::metadata(&path).unwrap().len();
    let roomy = Caps {
        columns: 4,
        page: 10_000,
        held: 40_000,
        decoded: 200_000,
        ratio: 1,
        values: 20,
        values_ratio: 0,
    };
    assert_eq!(read_with(&path, &roomy), Ok(5));
    let refused = |caps: Caps| {
        let e = read_with(&path, &caps).unwrap_err();
        assert_short(&e);
        e
    };
    assert_eq!(
        refused(Caps {
            columns: 3,
            ..roomy
        }),
        "it has 4 columns, more than the 3 this program reads"
    );
    assert_eq!(
        refused(Caps {
            page: 9_999,
            ..roomy
        }),
        "row group 0, column 0: a page decodes to 10000 bytes, more than the 9999 bytes a \
         page may (a Parquet bomb?)"
    );
    assert_eq!(
        refused(Caps {
            held: 39_999,
            ..roomy
        }),
        "row group 0: the pages its columns hold at once decode to 40000 bytes, more than \
         the 39999 bytes this program holds"
    );
    assert_eq!(
        refused(Caps {
            decoded: 199_999,
            ..roomy
        }),
        "its pages decode to more than 199999 bytes, more than 199999 bytes and 1 times its \
         size (a Parquet bomb?)"
    );
    assert_eq!(
        refused(Caps {
            values: 19,
            ..roomy
        }),
        "its pages hold more than 19 values, more than 19 and 0 per byte of its size (a \
         Parquet bomb?)"
    );
    // The file's size times a ratio allows more than the floor.
    let values_ratio = 20 / size + 1;
    let by_size = Caps {
        values: 0,
        values_ratio,
        ..roomy
    };
    assert_eq!(read_with(&path, &by_size), Ok(5));
    let ratio = 200_000 / size + 1;
    assert_eq!(
        read_with(
            &path,
            &Caps {
                decoded: 0,
                ratio,
                ..roomy
            }
        ),
        Ok(5)
    );
}

#[test]
fn more_columns_than_the_cap_are_refused() {
    let dir = tempfile::tempdir().unwrap();
    let names: Vec<String> = (0..=MAX_COLUMNS).map(|k| format!("c{k}")).collect();
    let columns: Vec<(&str, Cells)> = names
        .iter()
        .map(|n| (n.as_str(), Cells::Int(vec![1])))
        .collect();
    let path = write_file(
        dir.path(),
        "wide.parquet",
        &columns,
        1,
        Compression::UNCOMPRESSED,
    );
    let e = plot_rows(&path).unwrap_err();
    assert_short(&e);
    assert!(
        e.ends_with("it has 4097 columns, more than the 4096 this program reads"),
        "{e}"
    );
}

#[test]
fn a_cell_past_its_cap_is_refused_and_long_text_is_cut_in_errors() {
    let dir = tempfile::tempdir().unwrap();
    let long_name = "n".repeat(100_000);
    let path = write_file(
        dir.path(),
        "cell.parquet",
        &[
            ("x", Cells::Int(vec![1, 2])),
            (
                &long_name,
                Cells::Text(vec![
                    text("ok"),
                    ByteArray::from(vec![b'q'; MAX_CELL_BYTES + 1]),
                ]),
            ),
        ],
        1,
        Compression::ZSTD(Default::default()),
    );
    let e = plot_rows(&path).unwrap_err();
    assert_short(&e);
    assert!(
        e.ends_with(&format!(
            "its column `{}…[99920 more bytes]` holds a text of 1048577 bytes, more than the \
             1 MiB a cell may",
            "n".repeat(80)
        )),
        "{e}"
    );
    // A cell under the cap, quoted as a non-number, and the columns listed
    // for a missing one: cut short.
    let path = write_file(
        dir.path(),
        "text.parquet",
        &[(
            &long_name,
            Cells::Text(vec![ByteArray::from(vec![b'q'; MAX_CELL_BYTES])]),
        )],
        1,
        Compression::ZSTD(Default::default()),
    );
    let mut rows = Rows::open(&path).unwrap();
    assert!(rows.next_row().unwrap());
    let e = rows.number(0).unwrap_err().to_string();
    assert_short(&e);
    let e = rows.missing("--x", &"m".repeat(5000)).to_string();
    assert_short(&e);
}

#[test]
fn pages_with_dictionaries_statistics_and_v2_headers_are_walked_as_the_crate_reads_them() {
    // Many small pages, each header with its statistics (binary min and
    // max), dictionary pages, data pages v2: every value is counted.
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("v2.parquet");
    let rows = 3000;
    let names: Vec<ByteArray> = (0..rows).map(|k| text(&format!("bot{}", k % 7))).collect();
    let props = one_page(Compression::SNAPPY)
        .set_writer_version(WriterVersion::PARQUET_2_0)
        .set_dictionary_enabled(true)
        .set_statistics_enabled(EnabledStatistics::Page)
        .set_data_page_size_limit(256)
        .set_write_batch_size(64)
        .build();
    write_table(
        &path,
        &[
            ("k", Cells::Int((0..rows as i64).collect())),
            ("bot", Cells::Text(names)),
        ],
        2,
        props,
    );
    let exact = Caps {
        values: 2 * 2 * rows as u64,
        values_ratio: 0,
        ..Caps::DEFAULT
    };
    assert_eq!(read_with(&path, &exact), Ok(2 * rows as u64));
    let fewer = Caps {
        values: exact.values - 1,
        ..exact
    };
    assert!(
        read_with(&path, &fewer)
            .unwrap_err()
            .starts_with("its pages hold more than")
    );
    let rows_read = plot_rows(&path).unwrap();
    assert_eq!(rows_read[2999], ["2999", "bot3"]);
}
