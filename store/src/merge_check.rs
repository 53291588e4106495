//! Every row of a shard's games table checked before it is merged
//! ([`ShardCheck`]): a shard whose manifest records its bytes and hash can
//! still hold rows this program never wrote (the manifest rewritten to
//! match), and a merge must not join them into a run's results. The header
//! must be the plan's ([`GamesColumns::columns`]), a Parquet shard's
//! columns stored as this program stores them, and each row's cells
//! written as this program writes them ([`check_cell`]), typed by the
//! library's reader of the rows its writer writes ([`GameRowReader`], as
//! a sweep's comparison reads them), with its seats, ranks and forfeits
//! those of a game of its part's player count.

use beachcomber::tournament::{GameRowError, GameRowReader, Plan};

use crate::clip::clipped;
use crate::parquet_table::{BadCell, CellKind, Column, GamesColumns, HeaderError, check_cell};

/// Why a shard's games table is not one this program wrote for the run
/// (one line, naming the column; the caller names the file and the line).
#[derive(Debug, thiserror::Error)]
pub enum ShardError {
    /// A CSV row that spans lines.
    #[error("a row of more than one line")]
    MultiLine,
    /// A row that is not UTF-8.
    #[error("a row that is not UTF-8")]
    NotUtf8,
    /// The header is not a games table's of the run.
    #[error("{0}")]
    Header(HeaderError),
    /// A column or cell the library's row reader refuses.
    #[error("{0}")]
    Row(GameRowError),
    /// A Parquet column stored otherwise than this program stores it.
    #[error(
        "its column `{column}` is not stored as this program stores it ({}{stored})",
        if *.optional { "optional " } else { "" }
    )]
    Stored {
        /// The column's name, cut short.
        column: String,
        /// Whether the column is optional.
        optional: bool,
        /// How this program stores it ([`CellKind::stored`]).
        stored: String,
    },
    /// A row of another number of cells than the header.
    #[error("it has {cells} cells, the header {header}")]
    CellCount {
        /// The row's cells.
        cells: usize,
        /// The header's.
        header: usize,
    },
    /// A cell not written as this program writes it.
    #[error("{0}")]
    Cell(BadCell),
    /// A seat (or forfeiting seat) past the part's player count.
    #[error("the {what} `{seat}` is not a seat of a {players}-player game")]
    NotASeat {
        /// `seat` or `forfeiting seat`.
        what: &'static str,
        /// The seat.
        seat: usize,
        /// The part's players.
        players: usize,
    },
    /// A rank past the part's player count (or 0).
    #[error("the rank `{rank}` is not a rank of a {players}-player game (1 to {players})")]
    Rank {
        /// The rank.
        rank: u64,
        /// The part's players.
        players: usize,
    },
    /// A win share outside 0 to 1, or not matching `won`.
    #[error("the win_share `{0}` is not a share of the win (0 to 1, above 0 when won is 1)")]
    WinShare(f64),
}

/// The checks of one run's shards (they share a header).
pub(crate) struct ShardCheck {
    columns: Vec<Column>,
    reader: GameRowReader,
    /// The player count of each part of the plan.
    players: Vec<usize>,
    split: Split,
}

impl ShardCheck {
    /// The checks of `plan`'s rows under `header` (a CSV line): the error
    /// when the header is not the plan's.
    pub(crate) fn new(plan: &Plan, header: &str) -> Result<ShardCheck, ShardError> {
        let mut split = Split::new();
        let names: Vec<String> = split
            .fields(header)?
            .iter()
            .map(|n| n.to_string())
            .collect();
        let columns = GamesColumns::of(plan)
            .columns(&names)
            .map_err(ShardError::Header)?;
        let reader = GameRowReader::new(plan, &names).map_err(ShardError::Row)?;
        Ok(ShardCheck {
            columns,
            reader,
            players: plan.parts.iter().map(|p| p.run.players).collect(),
            split,
        })
    }

    /// Check a Parquet shard's column types (`kinds`, from
    /// [`crate::parquet_table::read::ParquetRows::cell_kinds`]).
    pub(crate) fn schema(&self, kinds: &[(Option<CellKind>, bool)]) -> Result<(), ShardError> {
        for (column, &(kind, optional)) in self.columns.iter().zip(kinds) {
            if kind != Some(column.kind) || optional != column.optional {
                return Err(ShardError::Stored {
                    column: clipped(&column.name),
                    optional: column.optional,
                    stored: column.kind.stored(),
                });
            }
        }
        Ok(())
    }

    /// Check one row, `line` of CSV text.
    pub(crate) fn row(&mut self, line: &str) -> Result<(), ShardError> {
        let cells = self.split.fields(line)?;
        if cells.len() != self.columns.len() {
            return Err(ShardError::CellCount {
                cells: cells.len(),
                header: self.columns.len(),
            });
        }
        for (column, cell) in self.columns.iter().zip(&cells) {
            check_cell(column, cell.as_bytes()).map_err(ShardError::Cell)?;
        }
        let row = self
            .reader
            .read(|c| cells.get(c).copied().unwrap_or(""))
            .map_err(|e| match e {
                GameRowError::BadCell { column, cell } => GameRowError::BadCell {
                    column,
                    cell: clipped(&cell),
                },
                GameRowError::BadQuality(cell) => GameRowError::BadQuality(clipped(&cell)),
                e => e,
            })
            .map_err(ShardError::Row)?;
        let players = self.players[row.part];
        let seat = |what: &'static str, seat: usize| ShardError::NotASeat {
            what,
            seat,
            players,
        };
        if row.seat >= players {
            return Err(seat("seat", row.seat));
        }
        if let Some(f) = row.forfeit.filter(|&f| f >= players) {
            return Err(seat("forfeiting seat", f));
        }
        if row.rank == 0 || row.rank > players as u64 {
            return Err(ShardError::Rank {
                rank: row.rank,
                players,
            });
        }
        if !(0.0..=1.0).contains(&row.win_share) || row.won != (row.win_share > 0.0) {
            return Err(ShardError::WinShare(row.win_share));
        }
        Ok(())
    }
}

/// Splits a line of CSV text into its cells (a reused parser and
/// buffers).
struct Split {
    csv: csv_core::Reader,
    out: Vec<u8>,
    ends: Vec<usize>,
    text: String,
}

impl Split {
    fn new() -> Split {
        Split {
            csv: csv_core::Reader::new(),
            out: vec![0; 256],
            ends: vec![0; 32],
            text: String::new(),
        }
    }

    /// The cells of `line` (one record, its line break included or not).
    fn fields(&mut self, line: &str) -> Result<Vec<&str>, ShardError> {
        use csv_core::ReadRecordResult as R;
        self.csv.reset();
        let mut input = line.as_bytes();
        let (mut outlen, mut endlen) = (0, 0);
        loop {
            let (result, nin, nout, nend) =
                self.csv
                    .read_record(input, &mut self.out[outlen..], &mut self.ends[endlen..]);
            input = &input[nin..];
            outlen += nout;
            endlen += nend;
            match result {
                R::OutputFull => {
                    let len = self.out.len();
                    self.out.resize(len * 2, 0);
                }
                R::OutputEndsFull => {
                    let len = self.ends.len();
                    self.ends.resize(len * 2, 0);
                }
                R::Record if input.is_empty() => break,
                R::Record => return Err(ShardError::MultiLine),
                // The line's end without a line break: end the record.
                R::InputEmpty => {}
                R::End => break,
            }
        }
        // The cells are valid UTF-8: the line is, and is cut at ASCII
        // commas and quotes only.
        self.text.clear();
        self.text
            .push_str(std::str::from_utf8(&self.out[..outlen]).map_err(|_| ShardError::NotUtf8)?);
        let mut cells = Vec::with_capacity(endlen);
        let mut start = 0;
        for &end in &self.ends[..endlen] {
            cells.push(self.text.get(start..end).ok_or(ShardError::NotUtf8)?);
            start = end;
        }
        Ok(cells)
    }
}

#[cfg(test)]
#[path = "merge_check_tests.rs"]
mod tests;
