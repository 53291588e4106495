//! Reading and writing JSON Lines record files, plain or compressed.
//!
//! A record file is a JSON Lines file (one game record a line, see
//! [`crate::record`]), stored plain or compressed:
//!
//! | file name        | stored as                                   |
//! | ---------------- | ------------------------------------------- |
//! | `*.gz`           | gzip, level [`GZIP_LEVEL`]                  |
//! | `*.zst`, `*.zstd`| Zstandard, level [`ZSTD_LEVEL`]             |
//! | `*.bz2`, `*.xz`, `*.lz4`, ... | refused: a compression this crate does not write |
//! | anything else    | plain text (`.jsonl`, but also `.txt`, `/dev/stdout`) |
//!
//! Writing chooses by the file name ([`Compression::from_path`]), so a
//! wrong name is refused before anything is written. Reading ignores the
//! name and looks at the first bytes ([`Compression::sniff`]: gzip starts
//! with `1f 8b`, Zstandard with `28 b5 2f fd`), so a reader takes any of the
//! three whatever the file is called. Both directions stream: memory stays
//! flat however large the file ([`RecordLines`] holds one line at a time,
//! at most [`MAX_LINE_BYTES`]). Concatenated gzip members and Zstandard
//! frames are read as one file, so chunks compressed separately can be
//! appended to each other.

use std::fmt;
use std::io::{self, BufRead, BufReader, Read, Write};
use std::path::Path;

/// Longest record line read: 48 MiB. The longest valid record measured, a
/// 2-player Shell Dash game of `max_turns=10000` whose 250 Jellyfish are
/// reshuffled at the end of every turn, is 29 MB (every card name of every
/// reshuffle written out); the limit leaves a margin of half as much again.
/// A longer line (or a file with no line breaks, such as `/dev/zero`,
/// compressed or not) is refused with an error naming the line, instead of
/// being read into memory whole.
pub const MAX_LINE_BYTES: usize = 48 << 20;

/// The largest Zstandard window read, as a power of two: 2^25 = 32 MiB (a
/// frame asking for more is refused before its window is allocated). This
/// program writes windows of at most 512 KiB (level 1), and the `zstd` tool
/// at most 8 MiB up to level 19; only `--long` or `--ultra -21`/`-22` need
/// more.
pub const ZSTD_WINDOW_LOG_MAX: u32 = 25;

/// The gzip level written (0-9). Level 1 (the fastest) shrinks game records
/// almost as much as the default 6 at several times the speed: records are
/// repetitive JSON, which a fast match finder already compresses well.
pub const GZIP_LEVEL: u32 = 1;

/// The Zstandard level written (1-22). Level 1 compresses game records as
/// much as zstd's default 3 (within 0.1%) with about a fifth less CPU, and
/// is both faster and smaller than any gzip level on them.
pub const ZSTD_LEVEL: i32 = 1;

/// Magic bytes at the start of a gzip file.
const GZIP_MAGIC: [u8; 2] = [0x1f, 0x8b];
/// Magic bytes at the start of a Zstandard frame.
const ZSTD_MAGIC: [u8; 4] = [0x28, 0xb5, 0x2f, 0xfd];

/// Compressions that are recognised by their extension but not supported:
/// (extension, name).
const UNSUPPORTED: &[(&str, &str)] = &[
    ("bz2", "bzip2"),
    ("bzip2", "bzip2"),
    ("xz", "xz"),
    ("lzma", "lzma"),
    ("lz", "lzip"),
    ("lz4", "lz4"),
    ("br", "brotli"),
    ("z", "compress (.Z)"),
    ("zip", "zip"),
    ("7z", "7-Zip"),
    ("sz", "snappy"),
    ("lzo", "lzop"),
    ("tgz", "tar+gzip"),
];

/// How a record file is stored.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Compression {
    /// Plain JSON Lines text.
    Plain,
    /// gzip (RFC 1952), possibly several members one after the other.
    Gzip,
    /// Zstandard, possibly several frames one after the other.
    Zstd,
}

impl Compression {
    /// The compression a record file named `path` is written with: `.gz`
    /// is gzip, `.zst` (or `.zstd`) is Zstandard, any other name is plain
    /// text, except an extension of a compression that is not supported
    /// (`.bz2`, `.xz`, `.lz4`, ...), which is an error rather than a plain
    /// file with a misleading name. Letter case does not matter.
    pub fn from_path(path: &Path) -> Result<Compression, UnsupportedCompression> {
        let Some(ext) = path.extension().and_then(|e| e.to_str()) else {
            return Ok(Compression::Plain);
        };
        let ext = ext.to_ascii_lowercase();
        match ext.as_str() {
            "gz" | "gzip" => Ok(Compression::Gzip),
            "zst" | "zstd" => Ok(Compression::Zstd),
            _ => match UNSUPPORTED.iter().find(|(e, _)| *e == ext) {
                Some(&(_, name)) => Err(UnsupportedCompression {
                    extension: ext,
                    name,
                }),
                None => Ok(Compression::Plain),
            },
        }
    }

    /// The compression a file starting with `prefix` (its first bytes, at
    /// least 4 unless the file is shorter) is stored with, by its magic
    /// bytes; plain text otherwise.
    pub fn sniff(prefix: &[u8]) -> Compression {
        if prefix.starts_with(&ZSTD_MAGIC) {
            Compression::Zstd
        } else if prefix.starts_with(&GZIP_MAGIC) {
            Compression::Gzip
        } else {
            Compression::Plain
        }
    }

    /// Its name in messages: `plain`, `gzip` or `zstd`.
    pub fn name(self) -> &'static str {
        match self {
            Compression::Plain => "plain",
            Compression::Gzip => "gzip",
            Compression::Zstd => "zstd",
        }
    }
}

impl Compression {
    /// `data` as one standalone compressed unit (a gzip member at
    /// [`GZIP_LEVEL`], a Zstandard frame at [`ZSTD_LEVEL`]; plain: the bytes
    /// themselves). Units written one after the other form a valid file of
    /// this compression, and the bytes depend only on `data`: the tournament
    /// engine compresses records in frames of a fixed number of games so
    /// that a file is the same to the byte however the run was split,
    /// interrupted or resumed.
    pub fn compress_frame(self, data: &[u8]) -> io::Result<Vec<u8>> {
        match self {
            Compression::Plain => Ok(data.to_vec()),
            Compression::Gzip => {
                let mut encoder = flate2::write::GzEncoder::new(
                    Vec::with_capacity(data.len() / 4 + 64),
                    flate2::Compression::new(GZIP_LEVEL),
                );
                encoder.write_all(data)?;
                encoder.finish()
            }
            Compression::Zstd => zstd::bulk::compress(data, ZSTD_LEVEL),
        }
    }
}

impl fmt::Display for Compression {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A record file name whose extension is a compression that is not
/// supported (`.jsonl.bz2`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UnsupportedCompression {
    /// The extension, in lower case (`bz2`).
    pub extension: String,
    /// The compression it stands for (`bzip2`).
    pub name: &'static str,
}

impl fmt::Display for UnsupportedCompression {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "`.{}` ({}) is not a supported compression: name the file `.jsonl.gz` (gzip), `.jsonl.zst` (zstd) or `.jsonl` (plain)",
            self.extension, self.name
        )
    }
}

impl std::error::Error for UnsupportedCompression {}

/// A writer of a record file: plain, or compressing into `W`. Call
/// [`RecordWriter::finish`] (or [`RecordWriter::try_finish`]) at the end:
/// it writes the end of the compressed stream and reports any error, which
/// a drop would not.
pub enum RecordWriter<W: Write> {
    /// Written as it is.
    Plain(W),
    /// Compressed with gzip.
    Gzip(flate2::write::GzEncoder<W>),
    /// Compressed with Zstandard.
    Zstd(zstd::Encoder<'static, W>),
}

impl<W: Write> RecordWriter<W> {
    /// Write to `inner` with `compression` (at [`GZIP_LEVEL`] or
    /// [`ZSTD_LEVEL`]).
    pub fn new(inner: W, compression: Compression) -> io::Result<RecordWriter<W>> {
        Ok(match compression {
            Compression::Plain => RecordWriter::Plain(inner),
            Compression::Gzip => RecordWriter::Gzip(flate2::write::GzEncoder::new(
                inner,
                flate2::Compression::new(GZIP_LEVEL),
            )),
            Compression::Zstd => RecordWriter::Zstd(zstd::Encoder::new(inner, ZSTD_LEVEL)?),
        })
    }

    /// The compression written.
    pub fn compression(&self) -> Compression {
        match self {
            RecordWriter::Plain(_) => Compression::Plain,
            RecordWriter::Gzip(_) => Compression::Gzip,
            RecordWriter::Zstd(_) => Compression::Zstd,
        }
    }

    /// The writer underneath.
    pub fn get_ref(&self) -> &W {
        match self {
            RecordWriter::Plain(w) => w,
            RecordWriter::Gzip(w) => w.get_ref(),
            RecordWriter::Zstd(w) => w.get_ref(),
        }
    }

    /// Write the end of the compressed stream (its trailer) and flush it
    /// into the writer underneath, keeping this writer: nothing may be
    /// written after it. Calling it again does nothing.
    pub fn try_finish(&mut self) -> io::Result<()> {
        match self {
            RecordWriter::Plain(w) => w.flush(),
            RecordWriter::Gzip(w) => {
                w.try_finish()?;
                w.get_mut().flush()
            }
            RecordWriter::Zstd(w) => {
                w.do_finish()?;
                w.get_mut().flush()
            }
        }
    }

    /// Write the end of the compressed stream and give back the writer
    /// underneath.
    pub fn finish(mut self) -> io::Result<W> {
        self.try_finish()?;
        match self {
            RecordWriter::Plain(w) => Ok(w),
            RecordWriter::Gzip(w) => w.finish(),
            RecordWriter::Zstd(w) => w.finish(),
        }
    }
}

impl<W: Write> Write for RecordWriter<W> {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        match self {
            RecordWriter::Plain(w) => w.write(buf),
            RecordWriter::Gzip(w) => w.write(buf),
            RecordWriter::Zstd(w) => w.write(buf),
        }
    }

    fn write_all(&mut self, buf: &[u8]) -> io::Result<()> {
        match self {
            RecordWriter::Plain(w) => w.write_all(buf),
            RecordWriter::Gzip(w) => w.write_all(buf),
            RecordWriter::Zstd(w) => w.write_all(buf),
        }
    }

    fn flush(&mut self) -> io::Result<()> {
        match self {
            RecordWriter::Plain(w) => w.flush(),
            RecordWriter::Gzip(w) => w.flush(),
            RecordWriter::Zstd(w) => w.flush(),
        }
    }
}

/// Why a line of a record file could not be read.
#[derive(Debug)]
pub enum RecordReadError {
    /// Reading (or decompressing) failed while reading line `line`.
    Io {
        /// The line being read (1 = the first).
        line: usize,
        /// How the file is stored.
        compression: Compression,
        /// What failed.
        error: io::Error,
    },
    /// Line `line` is longer than the limit.
    TooLong {
        /// The line (1 = the first).
        line: usize,
        /// The limit, in bytes.
        max: usize,
    },
}

impl RecordReadError {
    /// The line at which reading failed (1 = the first).
    pub fn line(&self) -> usize {
        match self {
            RecordReadError::Io { line, .. } | RecordReadError::TooLong { line, .. } => *line,
        }
    }
}

impl fmt::Display for RecordReadError {
    /// `line N: ...`: the caller puts the file name before it.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RecordReadError::Io {
                line,
                compression: Compression::Plain,
                error,
            } => write!(f, "line {line}: cannot read: {error}"),
            RecordReadError::Io {
                line,
                compression: Compression::Zstd,
                error,
            } if error.to_string().contains("too much memory") => write!(
                f,
                "line {line}: cannot decompress the zstd data: its window is larger than {} MiB, the most read (written with `zstd --long` or `--ultra`? recompress with `zstd -19` or below)",
                (1u64 << ZSTD_WINDOW_LOG_MAX) >> 20
            ),
            RecordReadError::Io {
                line,
                compression,
                error,
            } => write!(
                f,
                "line {line}: cannot decompress the {compression} data: {} (the file is truncated or damaged)",
                crate::spec::one_line(&error.to_string())
            ),
            RecordReadError::TooLong { line, max } if max % (1 << 20) == 0 => write!(
                f,
                "line {line}: longer than {} MiB, the limit for one record: not a file of game records?",
                max >> 20
            ),
            RecordReadError::TooLong { line, max } => write!(
                f,
                "line {line}: longer than {max} bytes, the limit for one record: not a file of game records?"
            ),
        }
    }
}

impl std::error::Error for RecordReadError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            RecordReadError::Io { error, .. } => Some(error),
            RecordReadError::TooLong { .. } => None,
        }
    }
}

/// The lines of a record file, plain or compressed (found by the magic
/// bytes, whatever the file's name), read one at a time: an iterator of
/// `(line number, line)`, numbered from 1, without the line break (a final
/// line without one is returned too). Blank lines are returned as they are
/// (the caller decides to skip them). After the first error it ends.
pub struct RecordLines<R: Read> {
    reader: BufReader<Decoded<R>>,
    compression: Compression,
    max_line: usize,
    line_no: usize,
    done: bool,
}

/// The bytes of the file after decompression.
enum Decoded<R: Read> {
    Plain(Prefixed<R>),
    Gzip(flate2::read::MultiGzDecoder<Prefixed<R>>),
    Zstd(zstd::Decoder<'static, BufReader<Prefixed<R>>>),
}

impl<R: Read> Read for Decoded<R> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        match self {
            Decoded::Plain(r) => r.read(buf),
            Decoded::Gzip(r) => r.read(buf),
            Decoded::Zstd(r) => r.read(buf),
        }
    }
}

/// The first bytes of the file, read to find its compression, then the
/// rest of it.
type Prefixed<R> = io::Chain<io::Cursor<Vec<u8>>, R>;

/// Size of the read buffers.
const BUFFER_BYTES: usize = 64 << 10;

impl<R: Read> RecordLines<R> {
    /// Read the lines of `inner`, at most [`MAX_LINE_BYTES`] each. Reads
    /// its first bytes at once to find the compression: an error there is
    /// an error on line 1.
    pub fn new(inner: R) -> Result<RecordLines<R>, RecordReadError> {
        RecordLines::with_max_line(inner, MAX_LINE_BYTES)
    }

    /// Like [`RecordLines::new`] with lines of at most `max_line` bytes.
    pub fn with_max_line(mut inner: R, max_line: usize) -> Result<RecordLines<R>, RecordReadError> {
        let mut prefix = Vec::with_capacity(ZSTD_MAGIC.len());
        (&mut inner)
            .take(ZSTD_MAGIC.len() as u64)
            .read_to_end(&mut prefix)
            .map_err(|error| RecordReadError::Io {
                line: 1,
                compression: Compression::Plain,
                error,
            })?;
        let compression = Compression::sniff(&prefix);
        let prefixed = io::Cursor::new(prefix).chain(inner);
        let decoded = match compression {
            Compression::Plain => Decoded::Plain(prefixed),
            Compression::Gzip => Decoded::Gzip(flate2::read::MultiGzDecoder::new(prefixed)),
            Compression::Zstd => {
                let io_error = |error| RecordReadError::Io {
                    line: 1,
                    compression,
                    error,
                };
                let mut decoder =
                    zstd::Decoder::with_buffer(BufReader::with_capacity(BUFFER_BYTES, prefixed))
                        .map_err(io_error)?;
                decoder
                    .window_log_max(ZSTD_WINDOW_LOG_MAX)
                    .map_err(io_error)?;
                Decoded::Zstd(decoder)
            }
        };
        Ok(RecordLines {
            reader: BufReader::with_capacity(BUFFER_BYTES, decoded),
            compression,
            max_line,
            line_no: 0,
            done: false,
        })
    }

    /// How the file is stored (found from its first bytes).
    pub fn compression(&self) -> Compression {
        self.compression
    }

    /// Read the next line into `line` (cleared first, without its line
    /// break) and give its number; `None` at the end of the file.
    pub fn read_line(&mut self, line: &mut Vec<u8>) -> Option<Result<usize, RecordReadError>> {
        if self.done {
            return None;
        }
        line.clear();
        let line_no = self.line_no + 1;
        let result = (&mut self.reader)
            .take(self.max_line as u64 + 1)
            .read_until(b'\n', line);
        let result = match result {
            Ok(0) => {
                self.done = true;
                return None;
            }
            Ok(_) if line.last() == Some(&b'\n') => {
                line.pop();
                Ok(line_no)
            }
            Ok(_) if line.len() > self.max_line => Err(RecordReadError::TooLong {
                line: line_no,
                max: self.max_line,
            }),
            // The last line, without a line break.
            Ok(_) => Ok(line_no),
            Err(error) => Err(RecordReadError::Io {
                line: line_no,
                compression: self.compression,
                error,
            }),
        };
        self.line_no = line_no;
        self.done = result.is_err();
        Some(result)
    }
}

impl<R: Read> Iterator for RecordLines<R> {
    type Item = (usize, Result<Vec<u8>, RecordReadError>);

    fn next(&mut self) -> Option<Self::Item> {
        let mut line = Vec::new();
        match self.read_line(&mut line)? {
            Ok(n) => Some((n, Ok(line))),
            Err(e) => Some((e.line(), Err(e))),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn compress(data: &[u8], compression: Compression) -> Vec<u8> {
        let mut w = RecordWriter::new(Vec::new(), compression).unwrap();
        w.write_all(data).unwrap();
        w.finish().unwrap()
    }

    /// A line's error as its message (what a test compares).
    #[derive(Clone, Debug, PartialEq)]
    struct Why(String);

    /// The lines of `bytes`, at most 16 bytes each.
    fn lines(bytes: &[u8]) -> Vec<(usize, Result<Vec<u8>, Why>)> {
        lines_max(bytes, 16)
    }

    fn lines_max(bytes: &[u8], max: usize) -> Vec<(usize, Result<Vec<u8>, Why>)> {
        RecordLines::with_max_line(bytes, max)
            .unwrap()
            .map(|(n, r)| (n, r.map_err(|e| Why(e.to_string()))))
            .collect()
    }

    const ALL: [Compression; 3] = [Compression::Plain, Compression::Gzip, Compression::Zstd];

    #[test]
    fn extensions_choose_the_compression() {
        let c = |p: &str| Compression::from_path(Path::new(p));
        assert_eq!(c("a.jsonl"), Ok(Compression::Plain));
        assert_eq!(c("a.txt"), Ok(Compression::Plain));
        assert_eq!(c("records"), Ok(Compression::Plain));
        assert_eq!(c("/dev/stdout"), Ok(Compression::Plain));
        assert_eq!(c("a.jsonl.gz"), Ok(Compression::Gzip));
        assert_eq!(c("A.JSONL.GZ"), Ok(Compression::Gzip));
        assert_eq!(c("a.jsonl.zst"), Ok(Compression::Zstd));
        assert_eq!(c("a.zstd"), Ok(Compression::Zstd));
        let e = c("a.jsonl.bz2").unwrap_err();
        assert_eq!(
            e.to_string(),
            "`.bz2` (bzip2) is not a supported compression: name the file `.jsonl.gz` (gzip), `.jsonl.zst` (zstd) or `.jsonl` (plain)"
        );
        assert_eq!(c("a.jsonl.xz").unwrap_err().name, "xz");
    }

    #[test]
    fn the_compression_is_found_by_the_magic_bytes() {
        for c in ALL {
            let bytes = compress(b"{}\n", c);
            assert_eq!(Compression::sniff(&bytes), c);
            let r = RecordLines::new(&bytes[..]).unwrap();
            assert_eq!(r.compression(), c);
        }
        assert_eq!(Compression::sniff(b""), Compression::Plain);
        assert_eq!(Compression::sniff(b"\x1f"), Compression::Plain);
    }

    #[test]
    fn lines_are_numbered_and_round_trip_through_every_compression() {
        let text = b"{\"a\":1}\n\n  \n{\"b\":2}\nlast";
        for c in ALL {
            let got = lines(&compress(text, c));
            let want: Vec<(usize, Result<Vec<u8>, Why>)> = vec![
                (1, Ok(b"{\"a\":1}".to_vec())),
                (2, Ok(b"".to_vec())),
                (3, Ok(b"  ".to_vec())),
                (4, Ok(b"{\"b\":2}".to_vec())),
                (5, Ok(b"last".to_vec())),
            ];
            assert_eq!(got, want, "{c}");
        }
    }

    #[test]
    fn empty_files_have_no_lines() {
        for c in ALL {
            assert_eq!(lines(&compress(b"", c)), vec![], "{c}");
        }
    }

    #[test]
    fn concatenated_members_and_frames_read_as_one_file() {
        for c in [Compression::Gzip, Compression::Zstd] {
            let mut bytes = compress(b"one\ntwo\n", c);
            bytes.extend(compress(b"three\n", c));
            let got: Vec<usize> = lines(&bytes).into_iter().map(|(n, _)| n).collect();
            assert_eq!(got, [1, 2, 3], "{c}");
            assert_eq!(lines(&bytes)[2].1, Ok(b"three".to_vec()));
        }
    }

    #[test]
    fn a_line_at_the_limit_is_read_and_a_longer_one_refused() {
        for c in ALL {
            let mut text = vec![b'x'; 16];
            text.extend(b"\n");
            text.extend(vec![b'y'; 17]);
            text.extend(b"\nnever read\n");
            let got = lines(&compress(&text, c));
            assert_eq!(
                got,
                vec![
                    (1, Ok(vec![b'x'; 16])),
                    (
                        2,
                        Err(Why("line 2: longer than 16 bytes, the limit for one record: not a file of game records?".to_string()))
                    ),
                ],
                "{c}"
            );
        }
    }

    /// An endless stream without line breaks, compressed (like a
    /// compressed `/dev/zero`): refused at the limit, not read whole.
    #[test]
    fn an_endless_compressed_line_is_refused_at_the_default_limit() {
        /// Compressed zeros, made on the fly: never ends.
        struct EndlessZeros {
            out: RecordWriter<Vec<u8>>,
            pos: usize,
        }
        impl Read for EndlessZeros {
            fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
                let inner = match &mut self.out {
                    RecordWriter::Zstd(w) => w,
                    _ => unreachable!(),
                };
                while self.pos == inner.get_ref().len() {
                    inner.get_mut().clear();
                    self.pos = 0;
                    inner.write_all(&[0; 1 << 16])?;
                }
                let n = buf.len().min(inner.get_ref().len() - self.pos);
                buf[..n].copy_from_slice(&inner.get_ref()[self.pos..self.pos + n]);
                self.pos += n;
                Ok(n)
            }
        }
        let zeros = EndlessZeros {
            out: RecordWriter::new(Vec::new(), Compression::Zstd).unwrap(),
            pos: 0,
        };
        let mut r = RecordLines::new(zeros).unwrap();
        assert_eq!(r.compression(), Compression::Zstd);
        let (n, e) = r.next().unwrap();
        assert_eq!(n, 1);
        assert_eq!(
            e.unwrap_err().to_string(),
            "line 1: longer than 48 MiB, the limit for one record: not a file of game records?"
        );
        assert!(r.next().is_none());
    }

    /// A frame that asks for a window larger than the cap (a 64 MiB window
    /// for a few bytes) is refused before the window is allocated.
    #[test]
    fn a_zstd_window_above_the_cap_is_refused() {
        let frame = |window_log: u32| {
            let mut e = zstd::Encoder::new(Vec::new(), 1).unwrap();
            e.window_log(window_log).unwrap();
            e.write_all(b"{}\n").unwrap();
            e.finish().unwrap()
        };
        assert_eq!(
            lines(&frame(ZSTD_WINDOW_LOG_MAX)),
            vec![(1, Ok(b"{}".to_vec()))]
        );
        assert_eq!(
            lines(&frame(ZSTD_WINDOW_LOG_MAX + 1)),
            vec![(
                1,
                Err(Why("line 1: cannot decompress the zstd data: its window is larger than 32 MiB, the most read (written with `zstd --long` or `--ultra`? recompress with `zstd -19` or below)".to_string()))
            )]
        );
    }

    #[test]
    fn a_truncated_file_is_an_error_on_the_line_being_read() {
        for c in [Compression::Gzip, Compression::Zstd] {
            let text: Vec<u8> = (0..200)
                .flat_map(|i| format!("{{\"line\":{i},\"pad\":\"{}\"}}\n", i * 7919).into_bytes())
                .collect();
            let bytes = compress(&text, c);
            // Cut off the end (the trailer, and more).
            for cut in [1, 8, bytes.len() / 2] {
                let got = lines_max(&bytes[..bytes.len() - cut], 100);
                let (n, last) = got.last().unwrap().clone();
                let Why(err) = last.unwrap_err();
                assert!(
                    err.starts_with(&format!("line {n}: cannot decompress the {c} data: "))
                        && err.ends_with("(the file is truncated or damaged)"),
                    "{c} cut {cut}: {err}"
                );
                // Every line before it was read whole.
                assert!(got[..got.len() - 1].iter().all(|(_, l)| l.is_ok()));
                assert_eq!(got.len(), n);
            }
        }
    }

    #[test]
    fn garbage_after_the_header_is_an_error_on_line_1() {
        let mut gz = compress(b"{}\n", Compression::Gzip)[..10].to_vec();
        gz.extend(b"this is not deflate data at all, no no no");
        let mut zst = ZSTD_MAGIC.to_vec();
        zst.extend(b"this is not a zstd frame at all");
        for (c, bytes) in [(Compression::Gzip, gz), (Compression::Zstd, zst)] {
            let got = lines(&bytes);
            assert_eq!(got.len(), 1, "{c}");
            let Why(err) = got[0].1.clone().unwrap_err();
            assert!(
                err.starts_with(&format!("line 1: cannot decompress the {c} data: ")),
                "{err}"
            );
        }
    }

    #[test]
    fn a_write_error_is_reported_by_finish() {
        struct Full;
        impl Write for Full {
            fn write(&mut self, _: &[u8]) -> io::Result<usize> {
                Err(io::Error::other("disk full"))
            }
            fn flush(&mut self) -> io::Result<()> {
                Ok(())
            }
        }
        for c in ALL {
            let mut w = RecordWriter::new(Full, c).unwrap();
            // The compressors buffer: the error may come only at the end.
            let early = w.write_all(b"{}\n");
            let e = early.and_then(|()| w.finish().map(|_| ())).unwrap_err();
            assert_eq!(e.to_string(), "disk full", "{c}");
        }
    }
}
