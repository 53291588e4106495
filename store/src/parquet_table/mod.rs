//! The per-game table (`--out`, a sweep's games file) as Parquet: the same
//! columns as the CSV, typed, in a file whose bytes depend only on the
//! CSV's (docs/tournaments.md, "`--out games.parquet`").
//!
//! - [`write::CsvToParquet`] turns the CSV text of a games table (its
//!   header, then its rows) into a Parquet file as the text arrives. A run
//!   writes its CSV partial file as always (so `--resume` cuts it back to a
//!   checkpoint as it does any partial file) and converts it at its finish
//!   ([`crate::files::run_files`]); `merge` converts the rows it joins.
//! - [`read::ParquetRows`] reads any flat Parquet file one row at a time,
//!   its cells as text, and a games table this program wrote exactly as
//!   its CSV has them: `plot`, `merge` and a sweep's comparison read the
//!   two formats alike ([`crate::csv_rows::Rows`]).
//! - [`limits`] reads every page header of a file before any page is
//!   decompressed and refuses a file past its caps (a Parquet bomb).
//!
//! The types ([`CellKind`]): the counts and numbers of `game`, `deal`,
//! `rotation`, `seed`, `seat`, `rank`, `plies` and `turns` are UINT64;
//! `score` and the game's own columns INT64; `win_share` and the
//! game-quality metrics with decimals DOUBLE (their decimals are kept in
//! the file's key-value metadata under [`DECIMALS_KEY`], so that they are
//! read back as the CSV writes them); `won` BOOLEAN; `bot`, `end` UTF8;
//! a sweep's value columns INT64 when every combination's value is an
//! integer written as such (`players`, `removed`), else UTF8 (`lineup`,
//! `scoring`). The game's own and the quality columns are optional (a
//! plan of several games leaves a column empty for a game without it).
//!
//! Reproducible bytes: row groups of [`ROW_GROUP_ROWS`] rows, each column
//! of a row group written in one call, fixed writer settings (zstd level 1,
//! dictionary encoding, page statistics; `created_by` is [`CREATED_BY`],
//! without a version; no time is written anywhere), so the same CSV text
//! always gives the same Parquet bytes, whatever the thread count of the
//! run that wrote it, after any resume, and after a merge of shards.
//! Every cell is checked to be written canonically (`7`, never `07` or
//! `+7`), so that the file read back gives the CSV's text exactly.

pub mod limits;
pub mod read;
pub mod write;

#[cfg(test)]
pub(crate) mod hostile_tests;
#[cfg(test)]
mod tests;

use std::path::Path;

use beachcomber::metrics::quality;
use beachcomber::tournament::{GameColumn, Plan};

/// Rows per row group (the last may have fewer): 2^17, about 10 MB of
/// column buffers while they are written, and 31 row groups for a
/// million 4-player games.
pub const ROW_GROUP_ROWS: usize = 1 << 17;

/// The writer named in the file's metadata: a constant, so that no
/// release of this program or of the `parquet` crate changes the bytes.
pub const CREATED_BY: &str = "beachcomber";

/// The key-value metadata entry holding the decimals of each DOUBLE column
/// (a JSON object, `{"win_share":4}`): how the CSV writes its values.
pub const DECIMALS_KEY: &str = "beachcomber.decimals";

/// Whether `path` names a Parquet file (its name ends in `.parquet`, in
/// any case): `--out` and `merge --out` write Parquet by the extension.
pub fn is_parquet(path: &Path) -> bool {
    path.extension()
        .and_then(|e| e.to_str())
        .is_some_and(|e| e.eq_ignore_ascii_case("parquet"))
}

/// What a column of the games table holds, and so its Parquet type.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CellKind {
    /// Text: UTF8 (BYTE_ARRAY).
    Text,
    /// A count or an index: UINT64 (INT64 with the unsigned integer type).
    Unsigned,
    /// A signed integer: INT64.
    Signed,
    /// A number written with this many decimals: DOUBLE.
    Fixed(u8),
    /// `0` or `1`: BOOLEAN.
    Flag,
}

/// The kind of each common column of the games table.
pub fn game_column_kind(column: GameColumn) -> CellKind {
    match column {
        GameColumn::Game
        | GameColumn::Deal
        | GameColumn::Rotation
        | GameColumn::Seed
        | GameColumn::Seat
        | GameColumn::Rank
        | GameColumn::Plies
        | GameColumn::Turns => CellKind::Unsigned,
        GameColumn::Bot | GameColumn::End => CellKind::Text,
        GameColumn::Score => CellKind::Signed,
        // `1/k` of k winners, 4 decimals (tournament::rows).
        GameColumn::WinShare => CellKind::Fixed(4),
        GameColumn::Won => CellKind::Flag,
    }
}

/// A column of the table: its name, kind, and whether a cell may be empty
/// (null).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Column {
    /// The name (the CSV header's cell).
    pub name: String,
    /// What it holds.
    pub kind: CellKind,
    /// Empty cells are nulls (the game's own and the quality columns).
    pub optional: bool,
}

/// What the columns of a plan's games table are, before its header is
/// read: the kinds of the plan's value columns and whether the quality
/// columns end the rows. The header then names the game's own columns.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GamesColumns {
    /// The kind of each value column (a sweep's varied settings).
    values: Vec<CellKind>,
    /// The rows end with the game-quality columns (`--quality`).
    quality: bool,
}

impl GamesColumns {
    /// The columns of `plan`'s games table: a value column is
    /// [`CellKind::Signed`] when every part's value is an integer written
    /// canonically, else [`CellKind::Text`].
    pub fn of(plan: &Plan) -> GamesColumns {
        let count = plan.value_columns().len();
        let values = (0..count)
            .map(|k| {
                let integers = plan.parts.iter().all(|p| {
                    p.values
                        .get(k)
                        .is_some_and(|(_, v)| parse_signed(v.as_bytes()).is_some())
                });
                if integers {
                    CellKind::Signed
                } else {
                    CellKind::Text
                }
            })
            .collect();
        GamesColumns {
            values,
            quality: plan.quality(),
        }
    }

    /// The columns of a table with the CSV header `header`: the value
    /// columns, the common columns (which must be there, in their order),
    /// the game's own columns, the quality columns.
    pub fn columns<S: AsRef<str>>(&self, header: &[S]) -> Result<Vec<Column>, HeaderError> {
        let quality_names = quality::game_columns();
        let quality_decimals = quality::game_decimals();
        let tail = if self.quality { quality_names.len() } else { 0 };
        let common = self.values.len();
        let extras = common + GameColumn::COUNT;
        if header.len() < extras + tail {
            return Err(HeaderError::TooFew {
                least: extras + tail,
                given: header.len(),
            });
        }
        let mut columns = Vec::with_capacity(header.len());
        for (k, name) in header.iter().enumerate() {
            let name = name.as_ref();
            let (kind, optional) = if k < common {
                (self.values[k], false)
            } else if k < extras {
                let column = GameColumn::ALL[k - common];
                if name != column.name() {
                    return Err(HeaderError::Misnamed {
                        number: k + 1,
                        name: crate::clip::clipped(name),
                        want: column.name(),
                    });
                }
                (game_column_kind(column), false)
            } else if k >= header.len() - tail {
                let q = k - (header.len() - tail);
                let kind = match quality_decimals[q] {
                    0 => CellKind::Signed,
                    d => CellKind::Fixed(d),
                };
                (kind, true)
            } else {
                (CellKind::Signed, true)
            };
            columns.push(Column {
                name: name.to_string(),
                kind,
                optional,
            });
        }
        Ok(columns)
    }
}

/// Why a CSV header is not a games table's of the run ([`GamesColumns::columns`]).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum HeaderError {
    /// Fewer columns than the run's tables have.
    #[error("a games table of this run has at least {least} columns, this header {given}")]
    TooFew {
        /// The columns a table of the run has at least.
        least: usize,
        /// The header's.
        given: usize,
    },
    /// A common column is not where the run's tables have it.
    #[error("column {number} of the games table is `{name}`, not `{want}`")]
    Misnamed {
        /// The column's number (from 1).
        number: usize,
        /// Its name in the header, cut short.
        name: String,
        /// The name it should have.
        want: &'static str,
    },
}

impl CellKind {
    /// What a cell of this kind holds, for messages.
    pub fn expected(self) -> String {
        match self {
            CellKind::Text => "UTF-8 text".to_string(),
            CellKind::Unsigned => "a count written as this program writes it".into(),
            CellKind::Signed => "an integer written as this program writes it".into(),
            CellKind::Fixed(d) => format!("a number with {d} decimals"),
            CellKind::Flag => "0 or 1".into(),
        }
    }

    /// How a column of this kind is stored, for messages.
    pub fn stored(self) -> String {
        match self {
            CellKind::Text => "UTF8".to_string(),
            CellKind::Unsigned => "UINT64".into(),
            CellKind::Signed => "INT64".into(),
            CellKind::Fixed(d) => format!("DOUBLE with {d} decimals"),
            CellKind::Flag => "BOOLEAN".into(),
        }
    }
}

/// Whether `cell` holds a value of `column` written as this program
/// writes it (an optional column's cell may be empty); else the error,
/// naming the column and quoting the cell (cut short).
pub fn check_cell(column: &Column, cell: &[u8]) -> Result<(), BadCell> {
    if column.optional && cell.is_empty() {
        return Ok(());
    }
    let reads = match column.kind {
        CellKind::Text => std::str::from_utf8(cell).is_ok(),
        CellKind::Unsigned => parse_unsigned(cell).is_some(),
        CellKind::Signed => parse_signed(cell).is_some(),
        CellKind::Fixed(d) => parse_fixed(cell, d).is_some(),
        CellKind::Flag => matches!(cell, b"0" | b"1"),
    };
    if reads {
        Ok(())
    } else {
        Err(cell_error(column, cell))
    }
}

/// A cell that does not read as its column's kind: "the COLUMN `CELL` is
/// not ..." (the column's name and the cell cut short).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("the {column} `{cell}` is not {expected}")]
pub struct BadCell {
    /// The column's name, cut short.
    column: String,
    /// The cell, cut short.
    cell: String,
    /// What a cell of the column holds ([`CellKind::expected`]).
    expected: String,
}

/// The [`BadCell`] of `cell` in `column`.
pub(crate) fn cell_error(column: &Column, cell: &[u8]) -> BadCell {
    BadCell {
        column: crate::clip::clipped(&column.name),
        cell: crate::clip::clipped(&String::from_utf8_lossy(cell)),
        expected: column.kind.expected(),
    }
}

/// A count written canonically (`0`, `17`; never `07`, `+7` or empty).
pub(crate) fn parse_unsigned(text: &[u8]) -> Option<u64> {
    let canonical = match text {
        [] => false,
        [b'0'] => true,
        [b'0', ..] => false,
        _ => text.iter().all(u8::is_ascii_digit),
    };
    if !canonical {
        return None;
    }
    std::str::from_utf8(text).ok()?.parse().ok()
}

/// A signed integer written canonically (`-3`, `0`, `12`; never `-0`).
pub(crate) fn parse_signed(text: &[u8]) -> Option<i64> {
    match text {
        [b'-', b'0'] => None,
        [b'-', digits @ ..] => {
            parse_unsigned(digits)?;
            std::str::from_utf8(text).ok()?.parse().ok()
        }
        _ => i64::try_from(parse_unsigned(text)?).ok(),
    }
}

/// A number written with exactly `decimals` decimals (`0.5000`,
/// `-1.2500`; never `-0.0000`), as the nearest double: formatted again
/// with `decimals` decimals it gives the same text (its units are below
/// 2^53, so the double is far closer to the text's value than half a unit
/// of the last decimal).
pub(crate) fn parse_fixed(text: &[u8], decimals: u8) -> Option<f64> {
    let (negative, rest) = match text {
        [b'-', rest @ ..] => (true, rest),
        _ => (false, text),
    };
    let d = usize::from(decimals);
    if d == 0 || rest.len() < d + 2 || rest[rest.len() - d - 1] != b'.' {
        return None;
    }
    let (whole, fraction) = (&rest[..rest.len() - d - 1], &rest[rest.len() - d..]);
    if !fraction.iter().all(u8::is_ascii_digit) {
        return None;
    }
    let unit = 10u64.checked_pow(u32::from(decimals))?;
    let fraction: u64 = std::str::from_utf8(fraction).ok()?.parse().ok()?;
    let units = parse_unsigned(whole)?
        .checked_mul(unit)?
        .checked_add(fraction)?;
    if units >= 1 << 53 || (negative && units == 0) {
        return None;
    }
    let value = units as f64 / unit as f64;
    Some(if negative { -value } else { value })
}
