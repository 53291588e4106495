//! The record files of `--records`: each indexed once at start by
//! streaming it (plain, gzip or zstd, [`RecordLines`]), keeping for each
//! record only its line number and, for a plain file, its byte offset
//! (16 bytes a record, whatever the records' size: a 100,000-game file
//! costs 1.6 MB). Pages of the list and single records are read from the
//! file when asked for: a plain file by seeking to the offset, a
//! compressed one by decompressing from its start up to the line (a
//! compressed stream cannot be entered in the middle; for very large
//! compressed files, decompress them once with `zstd -d`/`gunzip`).
//!
//! A record is verified through the engine before it is shown
//! ([`verify_line`]), with the same one-line error as `beachcomber replay`.

use std::io::{Seek, SeekFrom};
use std::path::{Path, PathBuf};

use beachcomber::display::Viewer;
use beachcomber::games::record_line::{RecordLine, parse_line};
use beachcomber::record::io::{Compression, RecordLines, RecordReadError};
use beachcomber::record::{GameEnd, RecordError, verify_record_events};
use beachcomber::regular_file::{MAX_DATA_BYTES, open_regular_file};
use beachcomber::with_game;
use beachcomber_bots::{HUMAN, LineError, check_record_bots};
use serde_json::{Value, json};

use crate::error::ApiError;
use crate::view::{Window, header_json, replay_json};

/// The most records one page of a list holds.
pub const MAX_PAGE: usize = 200;

/// Where one record is in its file.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Entry {
    /// Its line number (from 1).
    line: u64,
    /// Its byte offset (plain files only; 0 in compressed files).
    offset: u64,
}

/// One record file of `--records`, indexed.
#[derive(Debug)]
pub struct RecordFile {
    path: PathBuf,
    name: String,
    compression: Compression,
    entries: Vec<Entry>,
    /// Why indexing stopped early (a damaged or truncated file): the records
    /// before it are listed.
    error: Option<String>,
}

/// Why a record file could not be indexed (`beachcomber serve --records`).
#[derive(Debug, thiserror::Error)]
pub enum IndexError {
    /// The file could not be opened (or is not a regular file, or too large).
    #[error("cannot read `{shown}`: {source}")]
    Open {
        /// The path, on one line.
        shown: String,
        /// Why.
        source: std::io::Error,
    },
    /// Its first bytes could not be read.
    #[error("{shown} {source}")]
    Start {
        /// The path, on one line.
        shown: String,
        /// Why.
        source: RecordReadError,
    },
}

impl RecordFile {
    /// Index `path`: one pass over the file. A file that cannot be opened is
    /// an error; one damaged part-way is indexed up to the damage, which is
    /// then reported with the list.
    pub fn index(path: &Path) -> Result<RecordFile, IndexError> {
        let name = path.display().to_string();
        let shown = beachcomber::spec::one_line(&name);
        let file = open_regular_file(path, MAX_DATA_BYTES).map_err(|source| IndexError::Open {
            shown: shown.clone(),
            source,
        })?;
        let mut lines = RecordLines::new(file).map_err(|source| IndexError::Start {
            shown: shown.clone(),
            source,
        })?;
        let compression = lines.compression();
        let mut entries = Vec::new();
        let mut line = Vec::new();
        let mut offset = 0u64;
        let mut error = None;
        while let Some(read) = lines.read_line(&mut line) {
            match read {
                Ok(line_no) => {
                    if !line.iter().all(u8::is_ascii_whitespace) {
                        entries.push(Entry {
                            line: line_no as u64,
                            offset: if compression == Compression::Plain {
                                offset
                            } else {
                                0
                            },
                        });
                    }
                    offset += line.len() as u64 + 1;
                }
                Err(e) => {
                    error = Some(format!("{name} {e}"));
                    break;
                }
            }
        }
        entries.shrink_to_fit();
        Ok(RecordFile {
            path: path.to_path_buf(),
            name,
            compression,
            entries,
            error,
        })
    }

    /// The file's name as given.
    pub fn name(&self) -> &str {
        &self.name
    }

    /// Records in the file.
    pub fn len(&self) -> usize {
        self.entries.len()
    }

    /// Whether the file holds no record.
    pub fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }

    /// The file for the list of files.
    pub fn summary_json(&self, id: usize) -> Value {
        json!({
            "id": id,
            "name": self.name,
            "records": self.entries.len(),
            "compression": self.compression.name(),
            "error": self.error,
        })
    }

    /// Read records `from..from+count` (clamped to the file), calling `f`
    /// with each index, line number and line.
    fn read_range(
        &self,
        from: usize,
        count: usize,
        mut f: impl FnMut(usize, u64, &[u8]),
    ) -> Result<(), ApiError> {
        let end = from.saturating_add(count).min(self.entries.len());
        if from >= end {
            return Ok(());
        }
        let io =
            |e: std::io::Error| ApiError::Internal(format!("cannot read `{}`: {e}", self.name));
        let mut file = open_regular_file(&self.path, MAX_DATA_BYTES).map_err(io)?;
        let first = self.entries[from];
        let skip_lines = if self.compression == Compression::Plain {
            file.seek(SeekFrom::Start(first.offset)).map_err(io)?;
            first.line - 1
        } else {
            0
        };
        let mut lines =
            RecordLines::new(file).map_err(|e| ApiError::Internal(format!("{} {e}", self.name)))?;
        let mut buf = Vec::new();
        let mut k = from;
        while k < end {
            let Some(read) = lines.read_line(&mut buf) else {
                return Err(ApiError::Internal(format!(
                    "{}: the file changed since it was indexed (restart the server)",
                    self.name
                )));
            };
            let line_no = read.map_err(|e| ApiError::Internal(format!("{} {e}", self.name)))?
                as u64
                + skip_lines;
            if line_no == self.entries[k].line {
                f(k, line_no, &buf);
                k += 1;
            }
        }
        Ok(())
    }

    /// A page of the list: each record's game, players, bots, seed, end and
    /// result as written (not verified: a record is verified when opened).
    pub fn page(&self, offset: usize, limit: usize) -> Result<Value, ApiError> {
        let limit = limit.clamp(1, MAX_PAGE);
        let mut rows = Vec::new();
        self.read_range(offset, limit, |index, line, text| {
            rows.push(summary(index, line, text, Guard::Open));
        })?;
        Ok(json!({
            "file": self.name,
            "total": self.entries.len(),
            "offset": offset,
            "records": rows,
        }))
    }

    /// Record `index`, verified, as the replay for `view` (`referee` or a
    /// seat number), the moves of `window` ([`WindowArg`]). With `guard` (a
    /// game saved under `--save`), a game still in play shows only the
    /// person's seat and no seed ([`replay_line`]).
    pub fn replay(
        &self,
        index: usize,
        view: Option<&str>,
        window: WindowArg,
        guard: Guard,
    ) -> Result<Value, ApiError> {
        if index >= self.entries.len() {
            return Err(ApiError::NotFound(format!(
                "record {index}: `{}` holds {} record(s)",
                self.name,
                self.entries.len()
            )));
        }
        let mut out = None;
        self.read_range(index, 1, |_, line, text| {
            out = Some(replay_text(
                &self.name, line, index, text, view, window, guard,
            ));
        })?;
        out.unwrap_or_else(|| Err(ApiError::NotFound(format!("record {index}"))))
    }
}

/// The window of a replay a request asks for: its `offset` and `limit`
/// query parameters, checked once the game's moves are known
/// ([`Window::parse`]).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct WindowArg {
    /// The first position asked for (0 when not given).
    pub offset: Option<usize>,
    /// The most moves asked for ([`crate::limits::MAX_REPLAY_MOVES`] when
    /// not given).
    pub limit: Option<usize>,
}

/// [`replay_line`] of record `index`, line `line` of the file `file`, with
/// its errors as the API's: a record that fails verification is 422 with
/// `beachcomber replay`'s one-line error naming `file`.
pub fn replay_text(
    file: &str,
    line: u64,
    index: usize,
    text: &[u8],
    view: Option<&str>,
    window: WindowArg,
    guard: Guard,
) -> Result<Value, ApiError> {
    replay_line(text, view, window, guard).map_err(|e| match e {
        Refused::Line(e) => ApiError::BadRecord(e.message(file, line as usize, index)),
        Refused::View(e) => ApiError::BadRequest(e),
        Refused::InPlay(e) => ApiError::Forbidden(e),
    })
}

/// One record's line in a list (not verified). With [`Guard::InPlay`],
/// an unfinished game's seed is left out.
pub fn summary(index: usize, line: u64, text: &[u8], guard: Guard) -> Value {
    match parse_line(text) {
        Ok(RecordLine { game, record, .. }) => {
            let mut out = header_json(game.canonical_spec(), &record);
            if guard == Guard::InPlay && record.end == GameEnd::Unfinished {
                out.remove("seed");
            }
            out.insert("index".into(), json!(index));
            out.insert("line".into(), json!(line));
            Value::Object(out)
        }
        Err(e) => json!({ "index": index, "line": line, "error": e.to_string() }),
    }
}

/// Whether a record may be a game still in play (a game saved under
/// `--save`, written after every move) whose hidden information the person
/// must not see yet.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Guard {
    /// A record file of `--records`: every view of every record.
    Open,
    /// A saved game: while it is unfinished, only the person's seat's view
    /// and no seed.
    InPlay,
}

/// Why a record is not shown.
pub enum Refused {
    /// It fails verification.
    Line(LineError),
    /// The view (or the window of moves) asked for does not exist.
    View(String),
    /// The game is still in play and the view asked for is not the
    /// person's.
    InPlay(String),
}

/// Read and verify a record line exactly as `beachcomber replay` does
/// (parse in bounded memory, verify through the engine, check the bots),
/// then build the `window` of its replay for `view` ([`replay_json`]). With
/// [`Guard::InPlay`], an unfinished game is shown only from the seat of the
/// person ([`HUMAN`]; the default view then) and without its seed: any
/// other view is refused.
pub fn replay_line(
    text: &[u8],
    view: Option<&str>,
    window: WindowArg,
    guard: Guard,
) -> Result<Value, Refused> {
    let RecordLine {
        game,
        record,
        events,
    } = parse_line(text).map_err(|e| {
        Refused::Line(match e {
            RecordError::Json(_) => LineError::Json(e.to_string()),
            e => LineError::Game(e.to_string()),
        })
    })?;
    let in_play = guard == Guard::InPlay && record.end == GameEnd::Unfinished;
    let person = record.bots.iter().position(|b| b == HUMAN);
    let viewer = match (in_play, person, view) {
        (true, Some(seat), None) => Viewer::Seat(seat),
        _ => {
            crate::view::ViewerArg::parse(view, record.players)
                .map_err(|e| Refused::View(e.to_string()))?
                .0
        }
    };
    if in_play && person.map(Viewer::Seat) != Some(viewer) {
        return Err(Refused::InPlay(match person {
            Some(seat) => format!(
                "this game is still in play: until it ends only your seat's view \
                 (view={seat}) is shown"
            ),
            None => "this game is still in play: nothing is shown until it ends".into(),
        }));
    }
    with_game!(&game, |g| {
        let replay = verify_record_events(g, &record, &events)
            .map_err(|e| e.to_string())
            .and_then(|r| {
                check_record_bots(&record.bots)
                    .map(|()| r)
                    .map_err(|e| e.to_string())
            })
            .map_err(|e| Refused::Line(LineError::Replay(record.seed_text(), e)))?;
        let window = Window::parse(window.offset, window.limit, replay.steps.len())
            .map_err(|e| Refused::View(e.to_string()))?;
        let mut out = replay_json(g, &record, &replay, viewer, window);
        if in_play && let Some(map) = out.as_object_mut() {
            map.remove("seed");
        }
        Ok(out)
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A folder given as a record file is a typed refusal, the text
    /// `serve --records` has always printed with the name shown.
    #[test]
    fn a_folder_as_a_record_file_is_a_typed_refusal() {
        let folder = tempfile::tempdir().unwrap();
        match RecordFile::index(folder.path()) {
            Err(IndexError::Open { shown, source }) => {
                assert_eq!(shown, beachcomber::spec::one_line_path(folder.path()));
                assert_eq!(
                    IndexError::Open {
                        shown: shown.clone(),
                        source
                    }
                    .to_string()
                    .split(": ")
                    .next(),
                    Some(format!("cannot read `{shown}`").as_str())
                );
            }
            Err(e) => panic!("not an open error: {e}"),
            Ok(_) => panic!("a folder was indexed"),
        }
    }
}
