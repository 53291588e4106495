//! A row of `--out` (`games.csv`, one per seat per game) as typed values,
//! with its columns named once: [`GameColumn`] is the list the writer's
//! header is made of ([`super::rows::plan_header`]; the rows themselves
//! are written field by field in that order, [`super::rows`]) and the list
//! [`GameRowReader`] looks up and types when a file is read back (a
//! sweep's comparison reads its games so). A test writes rows with
//! [`super::rows`] and reads them back here.
//!
//! The reader takes the cells of a row, not its text: splitting a CSV
//! line is the caller's (the run store's CSV reader).

use std::collections::HashMap;
use std::fmt;

use super::Plan;
use crate::spec::one_line;

crate::named_enum! {
    /// A column every row of `--out` has, in the file's order: after a
    /// plan's value columns, before the game's own columns
    /// ([`crate::game::Game::extra_columns`]).
    pub enum GameColumn {
        /// The game's number (in a plan: its number in the plan).
        Game = "game",
        /// Its deal's number in its part's run.
        Deal = "deal",
        /// Its rotation of the lineup.
        Rotation = "rotation",
        /// The deal's seed.
        Seed = "seed",
        /// The seat of the row.
        Seat = "seat",
        /// The seat's bot (canonical spec).
        Bot = "bot",
        /// The seat's score.
        Score = "score",
        /// The seat's rank (1 = best; tied seats share a rank).
        Rank = "rank",
        /// The seat's share of the win (`1/k` of `k` winners, 4 decimals).
        WinShare = "win_share",
        /// `1` when the seat won (alone or shared), else `0`.
        Won = "won",
        /// Decisions made in the game.
        Plies = "plies",
        /// Turns played.
        Turns = "turns",
        /// How the game ended: `finished`, or `forfeit:S` (seat `S`'s bot
        /// forfeited).
        End = "end",
    }
}

/// The `end` cell of a game played to its end.
pub const END_FINISHED: &str = "finished";
/// The start of the `end` cell of a forfeited game (then the seat).
pub const END_FORFEIT: &str = "forfeit:";

/// One seat of one game, as a row of `--out` holds it (the game's own
/// columns aside), with the plan part its value cells name.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct GameRow<'a> {
    /// The part of the plan the row belongs to (0 in a plain run).
    pub part: usize,
    /// [`GameColumn::Game`].
    pub game: u64,
    /// [`GameColumn::Deal`].
    pub deal: u64,
    /// [`GameColumn::Rotation`].
    pub rotation: u64,
    /// [`GameColumn::Seed`].
    pub seed: u64,
    /// [`GameColumn::Seat`].
    pub seat: usize,
    /// [`GameColumn::Bot`].
    pub bot: &'a str,
    /// [`GameColumn::Score`].
    pub score: i64,
    /// [`GameColumn::Rank`].
    pub rank: u64,
    /// [`GameColumn::WinShare`].
    pub win_share: f64,
    /// [`GameColumn::Won`].
    pub won: bool,
    /// [`GameColumn::Plies`].
    pub plies: u64,
    /// [`GameColumn::Turns`].
    pub turns: u64,
    /// [`GameColumn::End`]: the seat whose bot forfeited, if one did.
    pub forfeit: Option<usize>,
    /// The game-quality metrics' values, in the order of
    /// [`crate::metrics::quality::QUALITY_METRICS`], when the file has
    /// their columns (a run with `--quality`).
    pub quality: Option<[f64; QUALITY_COUNT]>,
}

/// How many game-quality columns a row of a run with `--quality` has.
pub const QUALITY_COUNT: usize = crate::metrics::quality::QUALITY_METRICS.len();

/// Why a header or a row of `--out` does not read. The messages name
/// neither the file nor the line: the caller says where the row was.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum GameRowError {
    /// A column (a value column of the plan or a [`GameColumn`]) is not in
    /// the header.
    MissingColumn(String),
    /// A cell does not hold a value of its column.
    BadCell {
        /// The column.
        column: GameColumn,
        /// The cell as read.
        cell: String,
    },
    /// The row's value cells are those of no part of the plan.
    NoPart,
    /// A game-quality cell does not hold a number.
    BadQuality(String),
}

impl fmt::Display for GameRowError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            GameRowError::MissingColumn(name) => {
                write!(f, "the column `{}` is missing", one_line(name))
            }
            GameRowError::BadCell { column, cell } => {
                let expected = match column {
                    GameColumn::Won => "0 or 1",
                    GameColumn::End => "`finished` or `forfeit:SEAT`",
                    _ => "a number",
                };
                write!(f, "the {column} `{}` is not {expected}", one_line(cell))
            }
            GameRowError::NoPart => write!(f, "a row of no combination of the run"),
            GameRowError::BadQuality(cell) => {
                write!(
                    f,
                    "the game-quality value `{}` is not a number",
                    one_line(cell)
                )
            }
        }
    }
}

impl std::error::Error for GameRowError {}

/// Reads the rows of a plan's `--out`: where each column is in the
/// header, and each row's cells typed and its part found by its value
/// cells.
#[derive(Clone, Debug)]
pub struct GameRowReader {
    /// The positions of the plan's value columns.
    values: Vec<usize>,
    /// The position of each [`GameColumn`], in [`GameColumn::ALL`] order.
    columns: [usize; GameColumn::COUNT],
    /// The positions of the game-quality columns, when the header has
    /// every one of them.
    quality: Option<[usize; QUALITY_COUNT]>,
    /// Each part by its value cells.
    parts: HashMap<Vec<String>, usize>,
    /// The last row's value cells and part: the rows of a part come
    /// together, so its part is looked up only when they change.
    last: Option<(Vec<String>, usize)>,
}

impl GameRowReader {
    /// A reader of the rows of `plan` under `header` (the column names,
    /// trimmed). Each column is found by its name (the first column of
    /// that name); the first one missing, the value columns first, is the
    /// error.
    pub fn new<S: AsRef<str>>(plan: &Plan, header: &[S]) -> Result<GameRowReader, GameRowError> {
        let find = |name: &str| {
            header
                .iter()
                .position(|h| h.as_ref() == name)
                .ok_or_else(|| GameRowError::MissingColumn(name.to_string()))
        };
        let values = plan
            .value_columns()
            .into_iter()
            .map(find)
            .collect::<Result<_, _>>()?;
        let mut columns = [0; GameColumn::COUNT];
        for (at, column) in columns.iter_mut().zip(GameColumn::ALL) {
            *at = find(column.name())?;
        }
        let quality_columns = crate::metrics::quality::game_columns();
        let mut quality = [0; QUALITY_COUNT];
        let quality = quality_columns
            .iter()
            .zip(quality.iter_mut())
            .all(|(name, at)| find(name).map(|k| *at = k).is_ok())
            .then_some(quality);
        let parts = plan
            .parts
            .iter()
            .enumerate()
            .map(|(i, p)| (p.values.iter().map(|(_, v)| v.clone()).collect(), i))
            .collect();
        Ok(GameRowReader {
            values,
            columns,
            quality,
            parts,
            last: None,
        })
    }

    /// The row whose cells `cell` gives by position (a missing cell is
    /// empty), typed column by column in the file's order: the first cell
    /// that does not read is the error, after the row's part.
    pub fn read<'r>(
        &mut self,
        cell: impl Fn(usize) -> &'r str,
    ) -> Result<GameRow<'r>, GameRowError> {
        let same = self
            .last
            .as_ref()
            .is_some_and(|(v, _)| self.values.iter().zip(v).all(|(&k, v)| cell(k) == v));
        if !same {
            let values: Vec<String> = self.values.iter().map(|&k| cell(k).to_string()).collect();
            let part = *self.parts.get(&values).ok_or(GameRowError::NoPart)?;
            self.last = Some((values, part));
        }
        let part = self.last.as_ref().map_or(0, |(_, p)| *p);
        let text = |column: GameColumn| cell(self.columns[column as usize]);
        let bad = |column: GameColumn| GameRowError::BadCell {
            column,
            cell: text(column).to_string(),
        };
        let number = |column: GameColumn| text(column).parse::<u64>().map_err(|_| bad(column));
        Ok(GameRow {
            part,
            game: number(GameColumn::Game)?,
            deal: number(GameColumn::Deal)?,
            rotation: number(GameColumn::Rotation)?,
            seed: number(GameColumn::Seed)?,
            seat: text(GameColumn::Seat)
                .parse()
                .map_err(|_| bad(GameColumn::Seat))?,
            bot: text(GameColumn::Bot),
            score: text(GameColumn::Score)
                .parse()
                .map_err(|_| bad(GameColumn::Score))?,
            rank: number(GameColumn::Rank)?,
            win_share: text(GameColumn::WinShare)
                .parse()
                .map_err(|_| bad(GameColumn::WinShare))?,
            won: match text(GameColumn::Won) {
                "1" => true,
                "0" => false,
                _ => return Err(bad(GameColumn::Won)),
            },
            plies: number(GameColumn::Plies)?,
            turns: number(GameColumn::Turns)?,
            forfeit: match text(GameColumn::End) {
                END_FINISHED => None,
                end => Some(
                    end.strip_prefix(END_FORFEIT)
                        .and_then(|seat| seat.parse().ok())
                        .ok_or_else(|| bad(GameColumn::End))?,
                ),
            },
            quality: match self.quality {
                None => None,
                Some(at) => {
                    let mut values = [0.0; QUALITY_COUNT];
                    for (v, &k) in values.iter_mut().zip(&at) {
                        *v = cell(k)
                            .parse()
                            .map_err(|_| GameRowError::BadQuality(cell(k).to_string()))?;
                    }
                    Some(values)
                }
            },
        })
    }
}

#[cfg(test)]
#[path = "game_row_tests.rs"]
mod tests;
