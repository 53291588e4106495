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
use crate::parquet_table::{CellKind, Column, GamesColumns, check_cell};

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
    pub(crate) fn new(plan: &Plan, header: &str) -> Result<ShardCheck, String> {
        let mut split = Split::new();
        let names: Vec<String> = split
            .fields(header)?
            .iter()
            .map(|n| n.to_string())
            .collect();
        let columns = GamesColumns::of(plan)
            .columns(&names)
            .map_err(|e| e.to_string())?;
        let reader = GameRowReader::new(plan, &names).map_err(|e| e.to_string())?;
        Ok(ShardCheck {
            columns,
            reader,
            players: plan.parts.iter().map(|p| p.run.players).collect(),
            split,
        })
    }

    /// Check a Parquet shard's column types (`kinds`, from
    /// [`crate::parquet_table::read::ParquetRows::cell_kinds`]).
    pub(crate) fn schema(&self, kinds: &[(Option<CellKind>, bool)]) -> Result<(), String> {
        for (column, &(kind, optional)) in self.columns.iter().zip(kinds) {
            if kind != Some(column.kind) || optional != column.optional {
                return Err(format!(
                    "its column `{}` is not stored as this program stores it ({}{})",
                    clipped(&column.name),
                    if column.optional { "optional " } else { "" },
                    column.kind.stored()
                ));
            }
        }
        Ok(())
    }

    /// Check one row, `line` of CSV text.
    pub(crate) fn row(&mut self, line: &str) -> Result<(), String> {
        let cells = self.split.fields(line)?;
        if cells.len() != self.columns.len() {
            return Err(format!(
                "it has {} cells, the header {}",
                cells.len(),
                self.columns.len()
            ));
        }
        for (column, cell) in self.columns.iter().zip(&cells) {
            check_cell(column, cell.as_bytes())?;
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
            .map_err(|e| e.to_string())?;
        let players = self.players[row.part];
        let seat = |what: &str, s: usize| {
            format!("the {what} `{s}` is not a seat of a {players}-player game")
        };
        if row.seat >= players {
            return Err(seat("seat", row.seat));
        }
        if let Some(f) = row.forfeit.filter(|&f| f >= players) {
            return Err(seat("forfeiting seat", f));
        }
        if row.rank == 0 || row.rank > players as u64 {
            return Err(format!(
                "the rank `{}` is not a rank of a {players}-player game (1 to {players})",
                row.rank
            ));
        }
        if !(0.0..=1.0).contains(&row.win_share) || row.won != (row.win_share > 0.0) {
            return Err(format!(
                "the win_share `{}` is not a share of the win (0 to 1, above 0 when won is 1)",
                row.win_share
            ));
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
    fn fields(&mut self, line: &str) -> Result<Vec<&str>, String> {
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
                R::Record => return Err("a row of more than one line".to_string()),
                // The line's end without a line break: end the record.
                R::InputEmpty => {}
                R::End => break,
            }
        }
        // The cells are valid UTF-8: the line is, and is cut at ASCII
        // commas and quotes only.
        self.text.clear();
        self.text.push_str(
            std::str::from_utf8(&self.out[..outlen]).map_err(|_| "a row that is not UTF-8")?,
        );
        let mut cells = Vec::with_capacity(endlen);
        let mut start = 0;
        for &end in &self.ends[..endlen] {
            cells.push(self.text.get(start..end).ok_or("a row that is not UTF-8")?);
            start = end;
        }
        Ok(cells)
    }
}

#[cfg(test)]
#[path = "merge_check_tests.rs"]
mod tests;
