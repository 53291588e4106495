//! A sweep's `compare.csv`: every combination against a baseline
//! combination ([`beachcomber::compare`]). The baseline and margins come
//! from `sweep --baseline/--margin` or an experiment file's `baseline` and
//! `margins`; they are kept in the run's manifest settings (only when
//! given, so a run without them keeps its manifest), so that `merge` and
//! `run --merge` write the same file. The file is written after the games,
//! from `games.csv`, read twice (the baseline's deals, then every
//! combination's).

use std::collections::HashMap;
use std::path::Path;

use beachcomber::compare::{CompareError, CompareSpec, Comparer, SeatRow};
use beachcomber::spec::one_line;
use beachcomber::tournament::{Plan, Totals};

use crate::csv_rows::{CsvError, Rows};
use crate::files::names::{COMPARE_FILE, GAMES_FILE, TRENDS_FILE};
use crate::files::output::{self, OutputError};

/// Why a sweep's comparison cannot be checked or written.
#[derive(Debug, thiserror::Error)]
pub enum CompareFilesError {
    /// `--baseline` matches no combination, or several.
    #[error("--baseline: {0}")]
    Baseline(CompareError),
    /// A `--trend` does not fit the plan.
    #[error("--trend: {0}")]
    Trend(CompareError),
    /// The comparison cannot start from the baseline.
    #[error("baseline: {0}")]
    Comparer(CompareError),
    /// `games.csv` cannot be read.
    #[error(transparent)]
    Csv(#[from] CsvError),
    /// `compare.csv` or `trends.csv` cannot be written.
    #[error(transparent)]
    Output(#[from] OutputError),
    /// A cell of `games.csv` that should hold a number.
    #[error("{path} line {line}: the {column} `{}` is not a number", one_line(.cell))]
    NotANumber {
        /// The file, escaped.
        path: String,
        /// The line.
        line: u64,
        /// The column.
        column: String,
        /// The cell.
        cell: String,
    },
    /// A row of `games.csv` whose values are no combination's.
    #[error("{path} line {line}: a row of no combination of the run")]
    NoCombination {
        /// The file, escaped.
        path: String,
        /// The line.
        line: u64,
    },
}

/// Check that the baseline of `sweep --baseline` matches exactly one
/// combination of `plan` (columns it leaves out held at each combination's own), and that each
/// `--trend` fits the plan, before anything is played.
pub fn check_flags(plan: &Plan, spec: &CompareSpec) -> Result<(), CompareFilesError> {
    beachcomber::compare::baseline_parts(plan, &spec.baseline)
        .map_err(CompareFilesError::Baseline)?;
    for t in &spec.trends {
        t.check(plan).map_err(CompareFilesError::Trend)?;
    }
    Ok(())
}

/// Write `DIR/compare.csv` (and `DIR/trends.csv` when the sweep has a
/// trend; else a stale one is removed) from `DIR/games.csv`.
pub fn write(
    dir: &Path,
    plan: &Plan,
    totals: &[Totals],
    spec: &CompareSpec,
) -> Result<(), CompareFilesError> {
    let games = dir.join(GAMES_FILE);
    let mut comparer = Comparer::new(plan, spec).map_err(CompareFilesError::Comparer)?;
    read_rows(&games, plan, |row| comparer.add_baseline(row))?;
    read_rows(&games, plan, |row| comparer.add(row))?;
    let files = comparer.finish_files(plan, totals);
    output::write_whole(&dir.join(COMPARE_FILE), files.compare.as_bytes())?;
    match files.trends {
        Some(text) => output::write_whole(&dir.join(TRENDS_FILE), text.as_bytes())?,
        None => output::remove_stale(&dir.join(TRENDS_FILE))?,
    }
    Ok(())
}

/// Remove a `compare.csv` and `trends.csv` left in `dir` by an earlier run
/// with a baseline (they would be read beside these results).
pub fn remove_stale(dir: &Path) -> Result<(), OutputError> {
    output::remove_stale(&dir.join(COMPARE_FILE))?;
    output::remove_stale(&dir.join(TRENDS_FILE))
}

/// Every seat row of `games.csv`, with its combination's part.
fn read_rows(
    path: &Path,
    plan: &Plan,
    mut each: impl FnMut(&SeatRow),
) -> Result<(), CompareFilesError> {
    let mut rows = Rows::open(path)?;
    let what = "compare.csv's";
    let keys: Vec<usize> = plan
        .value_columns()
        .iter()
        .map(|c| rows.column(what, c))
        .collect::<Result<_, _>>()?;
    let [game, deal, seed, seat, share, won, turns] =
        ["game", "deal", "seed", "seat", "win_share", "won", "turns"].map(|c| rows.column(what, c));
    let (game, deal, seed, seat, share, won, turns) =
        (game?, deal?, seed?, seat?, share?, won?, turns?);
    let parts: HashMap<Vec<String>, usize> = plan
        .parts
        .iter()
        .enumerate()
        .map(|(i, p)| (p.values.iter().map(|(_, v)| v.clone()).collect(), i))
        .collect();
    // The rows of a combination come together: its part is looked up
    // when the value columns change.
    let mut last: Option<(Vec<String>, usize)> = None;
    while rows.next_row()? {
        let bad = |name: &str| CompareFilesError::NotANumber {
            path: rows.path.clone(),
            line: rows.line(),
            column: name.to_string(),
            cell: rows
                .cell(match name {
                    "game" => game,
                    "deal" => deal,
                    "seed" => seed,
                    "seat" => seat,
                    "win_share" => share,
                    _ => turns,
                })
                .to_string(),
        };
        let same = last
            .as_ref()
            .is_some_and(|(v, _)| keys.iter().zip(v).all(|(&k, v)| rows.cell(k) == v));
        if !same {
            let values: Vec<String> = keys.iter().map(|&k| rows.cell(k).to_string()).collect();
            let Some(&part) = parts.get(&values) else {
                return Err(CompareFilesError::NoCombination {
                    path: rows.path.clone(),
                    line: rows.line(),
                });
            };
            last = Some((values, part));
        }
        let part = last.as_ref().map_or(0, |(_, p)| *p);
        let int = |c: usize, name: &str| rows.cell(c).parse::<u64>().map_err(|_| bad(name));
        let num = |c: usize, name: &str| rows.cell(c).parse::<f64>().map_err(|_| bad(name));
        each(&SeatRow {
            part,
            game: int(game, "game")?,
            deal: int(deal, "deal")?,
            seed: int(seed, "seed")?,
            seat: int(seat, "seat")? as usize,
            win_share: num(share, "win_share")?,
            won: rows.cell(won) == "1",
            turns: num(turns, "turns")?,
        });
    }
    Ok(())
}
