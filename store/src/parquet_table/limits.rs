//! What a Parquet file may ask of the reader before a page of it is
//! decompressed ([`check_pages`]): every page header of every column chunk
//! is read first (they carry the decoded size of their page), and a file
//! whose pages would decode past the caps below is refused, in one line,
//! before any row is read. A Parquet file is compressed page by page, so a
//! file of a few kilobytes can hold pages of gigabytes (a "Parquet bomb");
//! the `parquet` crate allocates each page whole as its header says.
//!
//! The caps (docs/reliability.md, "Outputs and plots"): [`MAX_COLUMNS`]
//! columns, [`MAX_PAGE_BYTES`] per decoded page, [`MAX_HELD_BYTES`] for the
//! pages a row group holds at once (each column's dictionary and largest
//! data page), and for the whole file [`MAX_DECODED_BYTES`] or
//! [`MAX_DECODED_RATIO`] times its size, whichever is larger, and
//! [`MAX_VALUES`] values or [`MAX_VALUES_RATIO`] per byte of the file (a
//! run-length encoded page of a few bytes can hold two billion values, each
//! a cell to read). A text cell is at most [`MAX_CELL_BYTES`] (checked as
//! it is read).

use std::fs::File;
use std::io::{self, BufReader, Read, Seek, SeekFrom};

use parquet::file::metadata::ParquetMetaData;

/// The most columns a table may have: the widest games table has a few
/// dozen, and each column's reader costs about 25 kB, 20,000 of them
/// half a gigabyte.
pub const MAX_COLUMNS: usize = 4096;

/// The most bytes one page may decode to: 64 MiB (writers cut pages at
/// about 1 MiB: pyarrow, polars and this program).
pub const MAX_PAGE_BYTES: u64 = 64 << 20;

/// The most bytes the pages of a row group held at once may decode to
/// (each column's dictionary page and its largest data page): 256 MiB.
pub const MAX_HELD_BYTES: u64 = 256 << 20;

/// The decoded bytes of a whole file that are always allowed: 1 GiB.
pub const MAX_DECODED_BYTES: u64 = 1 << 30;

/// A file larger than [`MAX_DECODED_BYTES`] / this may decode to this many
/// times its size (this program's games tables decode to 1.7 times
/// theirs).
pub const MAX_DECODED_RATIO: u64 = 64;

/// The values (cells) of a whole file that are always allowed: 2^28
/// (268,435,456; a table of 4 million rows of 64 columns).
pub const MAX_VALUES: u64 = 1 << 28;

/// A larger file may hold this many values per byte (this program's games
/// tables hold about 1.5).
pub const MAX_VALUES_RATIO: u64 = 64;

/// The most bytes of one text cell: 1 MiB.
pub const MAX_CELL_BYTES: usize = 1 << 20;

/// Thrift's nesting, at most (the `parquet` crate's own limit).
const MAX_DEPTH: u32 = 64;

const INDEX_PAGE: i32 = 1;
const DICTIONARY_PAGE: i32 = 2;

/// `n` bytes as the caps are written (`64 MiB`), or as a count.
pub fn bytes_text(n: u64) -> String {
    if n >= 1 << 20 && n.is_multiple_of(1 << 20) {
        format!("{} MiB", n >> 20)
    } else {
        format!("{n} bytes")
    }
}

/// Why [`check_pages`] refused a file (one line, without the file's name).
#[derive(Debug, thiserror::Error)]
pub enum PagesError {
    /// More columns than [`Caps::columns`].
    #[error("it has {columns} columns, more than the {cap} this program reads")]
    TooManyColumns {
        /// The file's columns.
        columns: usize,
        /// The cap.
        cap: usize,
    },
    /// The file's size could not be read.
    #[error("cannot read its size: {0}")]
    Size(io::Error),
    /// A column chunk with a negative offset or length.
    #[error("a column chunk has a negative offset or length")]
    NegativeChunk,
    /// A column chunk whose pages end past the file's end.
    #[error("row group {group}, column {column}: its pages lie past the file's end")]
    PastEnd {
        /// The row group.
        group: usize,
        /// The column.
        column: usize,
    },
    /// A page header that does not read.
    #[error("row group {group}, column {column}: {why}")]
    Header {
        /// The row group.
        group: usize,
        /// The column.
        column: usize,
        /// What is wrong with the header.
        why: PageHeaderError,
    },
    /// A page that decodes past [`Caps::page`].
    #[error(
        "row group {group}, column {column}: a page decodes to {decoded} bytes, more than the \
         {} a page may (a Parquet bomb?)",
        bytes_text(*.cap)
    )]
    PageTooLarge {
        /// The row group.
        group: usize,
        /// The column.
        column: usize,
        /// The page's decoded bytes.
        decoded: u64,
        /// The cap.
        cap: u64,
    },
    /// More values than the file may hold.
    #[error(
        "its pages hold more than {allowed} values, more than {cap} and {ratio} \
         per byte of its size (a Parquet bomb?)"
    )]
    TooManyValues {
        /// The values allowed for this file.
        allowed: u64,
        /// [`Caps::values`].
        cap: u64,
        /// [`Caps::values_ratio`].
        ratio: u64,
    },
    /// More decoded bytes than the file may hold.
    #[error(
        "its pages decode to more than {allowed} bytes, more than {} and {ratio} \
         times its size (a Parquet bomb?)",
        bytes_text(*.cap)
    )]
    TooManyBytes {
        /// The bytes allowed for this file.
        allowed: u64,
        /// [`Caps::decoded`].
        cap: u64,
        /// [`Caps::ratio`].
        ratio: u64,
    },
    /// A row group whose pages held at once decode past [`Caps::held`].
    #[error(
        "row group {group}: the pages its columns hold at once decode to {held} bytes, \
         more than the {} this program holds",
        bytes_text(*.cap)
    )]
    HeldTooMuch {
        /// The row group.
        group: usize,
        /// The bytes held.
        held: u64,
        /// The cap.
        cap: u64,
    },
}

/// What is wrong with one page header.
#[derive(Debug, thiserror::Error)]
pub enum PageHeaderError {
    /// Reading it failed.
    #[error("cannot read a page header: {0}")]
    Read(io::Error),
    /// The header runs past its column chunk.
    #[error("a page header runs past its column chunk")]
    PastChunk,
    /// A number that is no compact-protocol number.
    #[error("a page header holds a malformed number")]
    MalformedNumber,
    /// A field id that does not fit.
    #[error("a malformed page header")]
    Malformed,
    /// Nested deeper than Thrift allows.
    #[error("a page header nested too deeply")]
    TooDeep,
    /// A field of an unknown type.
    #[error("a page header holds an unknown type")]
    UnknownType,
    /// No page type or sizes.
    #[error("a page header without its type or sizes")]
    Incomplete,
    /// A negative page size.
    #[error("a page header with a negative size")]
    NegativeSize,
    /// The page (after its header) runs past its column chunk.
    #[error("a page runs past its column chunk")]
    PagePastChunk,
}

/// The caps a file is checked against: [`Caps::DEFAULT`] (the constants
/// above); tests check smaller ones on small files.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Caps {
    /// [`MAX_COLUMNS`].
    pub columns: usize,
    /// [`MAX_PAGE_BYTES`].
    pub page: u64,
    /// [`MAX_HELD_BYTES`].
    pub held: u64,
    /// [`MAX_DECODED_BYTES`].
    pub decoded: u64,
    /// [`MAX_DECODED_RATIO`].
    pub ratio: u64,
    /// [`MAX_VALUES`].
    pub values: u64,
    /// [`MAX_VALUES_RATIO`].
    pub values_ratio: u64,
}

impl Caps {
    /// The caps every file is read with.
    pub const DEFAULT: Caps = Caps {
        columns: MAX_COLUMNS,
        page: MAX_PAGE_BYTES,
        held: MAX_HELD_BYTES,
        decoded: MAX_DECODED_BYTES,
        ratio: MAX_DECODED_RATIO,
        values: MAX_VALUES,
        values_ratio: MAX_VALUES_RATIO,
    };
}

/// Read every page header of `file` (described by `metadata`) as the
/// `parquet` crate will, and check `caps`; the error is one line (without
/// the file's name).
pub fn check_pages(file: &File, metadata: &ParquetMetaData, caps: &Caps) -> Result<(), PagesError> {
    let columns = metadata.file_metadata().schema_descr().num_columns();
    if columns > caps.columns {
        return Err(PagesError::TooManyColumns {
            columns,
            cap: caps.columns,
        });
    }
    let size = file.metadata().map_err(PagesError::Size)?.len();
    let allowed = caps.decoded.max(size.saturating_mul(caps.ratio));
    let allowed_values = caps.values.max(size.saturating_mul(caps.values_ratio));
    let mut values: u64 = 0;
    let mut input = BufReader::with_capacity(4096, file);
    let mut pos = None;
    let mut total: u64 = 0;
    for (g, group) in metadata.row_groups().iter().enumerate() {
        let mut held: u64 = 0;
        for (k, chunk) in group.columns().iter().enumerate() {
            let (start, len) = chunk_range(chunk)?;
            let end =
                start
                    .checked_add(len)
                    .filter(|&end| end <= size)
                    .ok_or(PagesError::PastEnd {
                        group: g,
                        column: k,
                    })?;
            let (mut dictionary, mut data) = (0, 0);
            let mut offset = start;
            while offset < end {
                let page = read_header(&mut input, &mut pos, offset, end).map_err(|why| {
                    PagesError::Header {
                        group: g,
                        column: k,
                        why,
                    }
                })?;
                offset = page.end;
                if page.kind == INDEX_PAGE {
                    continue;
                }
                if page.decoded > caps.page {
                    return Err(PagesError::PageTooLarge {
                        group: g,
                        column: k,
                        decoded: page.decoded,
                        cap: caps.page,
                    });
                }
                if page.kind == DICTIONARY_PAGE {
                    dictionary = dictionary.max(page.decoded);
                } else {
                    data = data.max(page.decoded);
                }
                total += page.decoded;
                values += page.values;
                if values > allowed_values {
                    return Err(PagesError::TooManyValues {
                        allowed: allowed_values,
                        cap: caps.values,
                        ratio: caps.values_ratio,
                    });
                }
                if total > allowed {
                    return Err(PagesError::TooManyBytes {
                        allowed,
                        cap: caps.decoded,
                        ratio: caps.ratio,
                    });
                }
            }
            held += dictionary + data;
        }
        if held > caps.held {
            return Err(PagesError::HeldTooMuch {
                group: g,
                held,
                cap: caps.held,
            });
        }
    }
    Ok(())
}

/// Where a column chunk's pages are (the crate's `byte_range`, which
/// panics on negative values).
fn chunk_range(
    chunk: &parquet::file::metadata::ColumnChunkMetaData,
) -> Result<(u64, u64), PagesError> {
    let start = chunk
        .dictionary_page_offset()
        .unwrap_or(chunk.data_page_offset());
    match (u64::try_from(start), u64::try_from(chunk.compressed_size())) {
        (Ok(start), Ok(len)) => Ok((start, len)),
        _ => Err(PagesError::NegativeChunk),
    }
}

/// A page header, as far as the caps need it.
struct Page {
    /// Its page type (0 data, 1 index, 2 dictionary, 3 data v2).
    kind: i32,
    /// The bytes it decodes to (the larger of its two sizes: an
    /// uncompressed page is held as it is stored).
    decoded: u64,
    /// The values of a data page (0 for a dictionary page).
    values: u64,
    /// Where the next page header starts.
    end: u64,
}

/// The page header at `offset`, whose page must end by `end`.
/// `pos` is where `input` is (`None`: unknown), so that a header close
/// after the last one is read from the buffer already filled.
fn read_header(
    input: &mut BufReader<&File>,
    pos: &mut Option<u64>,
    offset: u64,
    end: u64,
) -> Result<Page, PageHeaderError> {
    let cannot = PageHeaderError::Read;
    match pos
        .take()
        .and_then(|p| i64::try_from(offset.checked_sub(p)?).ok())
    {
        Some(ahead) => input.seek_relative(ahead).map_err(cannot)?,
        None => input
            .seek(SeekFrom::Start(offset))
            .map(drop)
            .map_err(cannot)?,
    }
    let mut thrift = Thrift {
        input,
        at: offset,
        end,
    };
    let (mut kind, mut uncompressed, mut compressed) = (None, None, None);
    let mut values = 0;
    let mut last = 0i16;
    while let Some((id, kind_of_field)) = thrift.field(&mut last)? {
        match (id, kind_of_field) {
            (1, I32) => kind = Some(thrift.i32()?),
            (2, I32) => uncompressed = Some(thrift.i32()?),
            (3, I32) => compressed = Some(thrift.i32()?),
            // The data page header (v1 or v2): its field 1 is the number
            // of values.
            (5 | 8, STRUCT) => {
                let mut last = 0i16;
                while let Some((id, t)) = thrift.field(&mut last)? {
                    match (id, t) {
                        (1, I32) => values = u64::try_from(thrift.i32()?).unwrap_or(0),
                        (_, t) => thrift.skip(t, MAX_DEPTH - 1)?,
                    }
                }
            }
            (_, t) => thrift.skip(t, MAX_DEPTH)?,
        }
    }
    let (Some(kind), Some(uncompressed), Some(compressed)) = (kind, uncompressed, compressed)
    else {
        return Err(PageHeaderError::Incomplete);
    };
    let (Ok(uncompressed), Ok(compressed)) =
        (u64::try_from(uncompressed), u64::try_from(compressed))
    else {
        return Err(PageHeaderError::NegativeSize);
    };
    *pos = Some(thrift.at);
    let page_end = thrift.at + compressed;
    if page_end > end {
        return Err(PageHeaderError::PagePastChunk);
    }
    Ok(Page {
        kind,
        decoded: uncompressed.max(compressed),
        values,
        end: page_end,
    })
}

const BOOL_TRUE: u8 = 1;
const BOOL_FALSE: u8 = 2;
const I8: u8 = 3;
const I16: u8 = 4;
const I32: u8 = 5;
const I64: u8 = 6;
const DOUBLE: u8 = 7;
const BINARY: u8 = 8;
const LIST: u8 = 9;
const SET: u8 = 10;
const MAP: u8 = 11;
const STRUCT: u8 = 12;
const UUID: u8 = 13;

/// Thrift's compact protocol, read from `at` and never past `end`.
struct Thrift<'r, 'f> {
    input: &'r mut BufReader<&'f File>,
    at: u64,
    end: u64,
}

impl Thrift<'_, '_> {
    fn byte(&mut self) -> Result<u8, PageHeaderError> {
        if self.at >= self.end {
            return Err(PageHeaderError::PastChunk);
        }
        let mut b = [0u8; 1];
        self.input
            .read_exact(&mut b)
            .map_err(PageHeaderError::Read)?;
        self.at += 1;
        Ok(b[0])
    }

    fn skip_bytes(&mut self, n: u64) -> Result<(), PageHeaderError> {
        let to = self.at.checked_add(n).filter(|&to| to <= self.end);
        let to = to.ok_or(PageHeaderError::PastChunk)?;
        let n = i64::try_from(n).map_err(|_| PageHeaderError::PastChunk)?;
        self.input.seek_relative(n).map_err(PageHeaderError::Read)?;
        self.at = to;
        Ok(())
    }

    fn varint(&mut self) -> Result<u64, PageHeaderError> {
        let mut value = 0u64;
        for shift in (0..70).step_by(7) {
            let b = self.byte()?;
            value |= u64::from(b & 0x7f) << shift.min(63);
            if b & 0x80 == 0 {
                return Ok(value);
            }
        }
        Err(PageHeaderError::MalformedNumber)
    }

    fn zigzag(&mut self) -> Result<i64, PageHeaderError> {
        let v = self.varint()?;
        Ok((v >> 1) as i64 ^ -((v & 1) as i64))
    }

    fn i32(&mut self) -> Result<i32, PageHeaderError> {
        i32::try_from(self.zigzag()?).map_err(|_| PageHeaderError::MalformedNumber)
    }

    /// The next field's id and type, `None` at the struct's end.
    fn field(&mut self, last: &mut i16) -> Result<Option<(i16, u8)>, PageHeaderError> {
        let b = self.byte()?;
        if b == 0 {
            return Ok(None);
        }
        let (delta, kind) = (b >> 4, b & 0x0f);
        let id = if delta == 0 {
            i16::try_from(self.zigzag()?).map_err(|_| PageHeaderError::Malformed)?
        } else {
            last.checked_add(i16::from(delta))
                .ok_or(PageHeaderError::Malformed)?
        };
        *last = id;
        Ok(Some((id, kind)))
    }

    /// Skip a value of type `kind` (a struct field's: booleans carry no
    /// byte).
    fn skip(&mut self, kind: u8, depth: u32) -> Result<(), PageHeaderError> {
        if depth == 0 {
            return Err(PageHeaderError::TooDeep);
        }
        match kind {
            BOOL_TRUE | BOOL_FALSE => Ok(()),
            I8 => self.byte().map(drop),
            I16 | I32 | I64 => self.varint().map(drop),
            DOUBLE => self.skip_bytes(8),
            BINARY => {
                let len = self.varint()?;
                self.skip_bytes(len)
            }
            UUID => self.skip_bytes(16),
            STRUCT => {
                let mut last = 0;
                while let Some((_, t)) = self.field(&mut last)? {
                    self.skip(t, depth - 1)?;
                }
                Ok(())
            }
            LIST | SET => {
                let h = self.byte()?;
                let size = match h >> 4 {
                    15 => self.varint()?,
                    n => u64::from(n),
                };
                self.skip_elements(h & 0x0f, size, depth)
            }
            MAP => {
                let size = self.varint()?;
                if size > 0 {
                    let kv = self.byte()?;
                    for _ in 0..size {
                        self.skip_elements(kv >> 4, 1, depth)?;
                        self.skip_elements(kv & 0x0f, 1, depth)?;
                    }
                }
                Ok(())
            }
            _ => Err(PageHeaderError::UnknownType),
        }
    }

    /// Skip `size` elements of a list (booleans are a byte each there).
    fn skip_elements(&mut self, kind: u8, size: u64, depth: u32) -> Result<(), PageHeaderError> {
        for _ in 0..size {
            if kind == BOOL_TRUE || kind == BOOL_FALSE {
                self.byte()?;
            } else {
                self.skip(kind, depth - 1)?;
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_refusals_read_as_they_did() {
        let e = PagesError::Header {
            group: 0,
            column: 3,
            why: PageHeaderError::TooDeep,
        };
        assert_eq!(
            e.to_string(),
            "row group 0, column 3: a page header nested too deeply"
        );
        let e = PagesError::TooManyBytes {
            allowed: 5,
            cap: MAX_DECODED_BYTES,
            ratio: 64,
        };
        assert_eq!(
            e.to_string(),
            "its pages decode to more than 5 bytes, more than 1024 MiB and 64 times its size \
             (a Parquet bomb?)"
        );
    }
}
