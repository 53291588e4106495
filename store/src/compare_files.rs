//! A sweep's `compare.csv`: every combination against a baseline
//! combination ([`beachcomber::compare`]). The baseline and margins come
//! from `sweep --baseline/--margin` or an experiment file's `baseline` and
//! `margins`; they are kept in the run's manifest settings (only when
//! given, so a run without them keeps its manifest), so that `merge` and
//! `run --merge` write the same file. The file is written after the games,
//! from `games.csv`, read twice (the baseline's deals, then every
//! combination's) by the library's typed reader of the rows its writer
//! writes ([`beachcomber::tournament::GameRowReader`]).

use std::path::Path;

use beachcomber::compare::{CompareError, CompareSpec, Comparer, SeatRow};
use beachcomber::tournament::{GameRowError, GameRowReader, Plan, Totals};

use crate::csv_rows::{CsvError, Rows};
use crate::files::names::{COMPARE_FILE, TRENDS_FILE};
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
    /// `games.csv`'s header lacks what the rows need.
    #[error(transparent)]
    Header(GameRowError),
    /// A row of `games.csv` that is no row of the run.
    #[error("{path} line {line}: {error}")]
    Row {
        /// The file, escaped.
        path: String,
        /// The line.
        line: u64,
        /// What is wrong with it.
        error: GameRowError,
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

/// Write `compare.csv` (and `trends.csv` when the sweep has a trend; else
/// a stale one is removed) beside the sweep's games table `games`
/// (`DIR/games.csv`, or `DIR/games.parquet`, read alike).
pub(crate) fn write(
    games: &Path,
    plan: &Plan,
    totals: &[Totals],
    spec: &CompareSpec,
) -> Result<(), CompareFilesError> {
    let dir = games.parent().unwrap_or(Path::new(""));
    let mut comparer = Comparer::new(plan, spec).map_err(CompareFilesError::Comparer)?;
    read_rows(games, plan, |row| comparer.add_baseline(row))?;
    read_rows(games, plan, |row| comparer.add(row))?;
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
pub(crate) fn remove_stale(dir: &Path) -> Result<(), OutputError> {
    output::remove_stale(&dir.join(COMPARE_FILE))?;
    output::remove_stale(&dir.join(TRENDS_FILE))
}

/// Every seat row of `games.csv`, with its combination's part, read by the
/// library's typed reader of the rows its writer writes.
fn read_rows(
    path: &Path,
    plan: &Plan,
    mut each: impl FnMut(&SeatRow),
) -> Result<(), CompareFilesError> {
    let mut rows = Rows::open(path)?;
    let mut reader = GameRowReader::new(plan, &rows.header).map_err(|e| match e {
        GameRowError::MissingColumn(name) => rows.missing("compare.csv's", &name).into(),
        e => CompareFilesError::Header(e),
    })?;
    while rows.next_row()? {
        let row = reader
            .read(|c| rows.cell(c))
            .map_err(|error| CompareFilesError::Row {
                path: rows.path.clone(),
                line: rows.line(),
                error,
            })?;
        each(&SeatRow::from(&row));
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use beachcomber::compare::parse_pairs;
    use beachcomber::sweep::{SweepCount, SweepSpec};

    use super::*;
    use crate::files::names::GAMES_FILE;

    /// Shell Dash's turn cap at 20 and 30, two random players, one deal
    /// each, compared with 20.
    fn plan() -> (Plan, Vec<Totals>, CompareSpec) {
        let spec = SweepSpec {
            game: "shell-dash".to_string(),
            players: vec![2],
            varies: vec!["max_turns=20,30".parse().unwrap()],
            lineups: vec![vec!["random".to_string()]],
            count: SweepCount::Deals(1),
            seed: 1,
            rotate: true,
            quality: false,
        };
        let parts: Vec<_> = spec
            .combinations(10)
            .unwrap()
            .into_iter()
            .map(|c| c.part)
            .collect();
        let totals = parts.iter().map(|p| Totals::new(&p.run)).collect();
        let compare = CompareSpec {
            baseline: parse_pairs("max_turns=20").unwrap(),
            ..CompareSpec::default()
        };
        (Plan { parts }, totals, compare)
    }

    const HEADER: &str = "max_turns,players,lineup,game,deal,rotation,seed,seat,bot,score,rank,\
                          win_share,won,plies,turns,end,capped\n";

    /// `write`'s error for a `games.csv` of `text`, and that it wrote
    /// no comparison.
    fn refusal(text: &str) -> (CompareFilesError, String) {
        let (plan, totals, compare) = plan();
        let dir = tempfile::tempdir().unwrap();
        let games = dir.path().join(GAMES_FILE);
        std::fs::write(&games, text).unwrap();
        let e = write(&games, &plan, &totals, &compare).unwrap_err();
        assert!(!dir.path().join(COMPARE_FILE).exists());
        (e, games.display().to_string())
    }

    #[test]
    fn a_games_file_without_a_column_is_refused_naming_it() {
        let header = HEADER.replace(",turns", "");
        let (e, path) = refusal(&header);
        assert!(
            matches!(&e, CompareFilesError::Csv(CsvError::NoColumn { name, .. }) if name == "turns")
        );
        assert_eq!(
            e.to_string(),
            format!(
                "compare.csv's column `turns` is not in {path} (its columns: max_turns, players, \
                 lineup, game, deal, rotation, seed, seat, bot, score, rank, win_share, won, \
                 plies, end, capped)"
            )
        );
    }

    #[test]
    fn a_games_parquet_that_does_not_read_is_refused_in_one_line() {
        let (plan, totals, compare) = plan();
        let dir = tempfile::tempdir().unwrap();
        let games = dir.path().join("games.parquet");
        std::fs::write(&games, HEADER).unwrap();
        let e = write(&games, &plan, &totals, &compare).unwrap_err();
        assert!(
            matches!(&e, CompareFilesError::Csv(CsvError::Parquet { .. })),
            "{e}"
        );
        let text = e.to_string();
        assert!(
            text.starts_with(&format!(
                "cannot read {}: not a Parquet file",
                games.display()
            )),
            "{text}"
        );
        assert!(!text.contains('\n'));
        assert!(!dir.path().join(COMPARE_FILE).exists());
    }

    #[test]
    fn a_row_that_does_not_read_is_refused_naming_its_line_and_cell() {
        let rows = "20,2,random,0,0,0,99,0,random,3,1,1.0000,1,12,6,finished,0\n\
                    20,2,random,0,0,0,99,1,random,1,2,0.0000,0,12,six,finished,0\n";
        let (e, path) = refusal(&format!("{HEADER}{rows}"));
        assert!(matches!(e, CompareFilesError::Row { line: 3, .. }));
        assert_eq!(
            e.to_string(),
            format!("{path} line 3: the turns `six` is not a number")
        );
        let rows = "25,2,random,0,0,0,99,0,random,3,1,1.0000,1,12,6,finished,0\n";
        let (e, path) = refusal(&format!("{HEADER}{rows}"));
        assert!(matches!(
            e,
            CompareFilesError::Row {
                line: 2,
                error: GameRowError::NoPart,
                ..
            }
        ));
        assert_eq!(
            e.to_string(),
            format!("{path} line 2: a row of no combination of the run")
        );
    }
}
