//! The files written when a run is whole, from its kind and its exact
//! totals: a tournament's summary, a league's ratings and pairs, a sweep's
//! metrics. One function, [`final_files`], called both by a run as it
//! finishes and by a merge of its shards, so that the two write the same
//! bytes; and one, [`write_comparison`], the only writer of a sweep's
//! comparison with its baseline (`compare.csv`, `trends.csv`), called by a
//! sweep, an experiment's resumed sweep and a merge.

use std::path::Path;

use beachcomber::compare::CompareSpec;
use beachcomber::games::AnyGame;
use beachcomber::spec::SpecError;
use beachcomber::tournament::{Plan, Totals, rows};

use crate::compare_files::{self, CompareFilesError};
use crate::files::names::PAIRS_LABEL;
use crate::manifest::RunKind;

/// The contents of the files a whole run writes at its end.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FinalFiles {
    /// `--summary`: the tournament's summary, the league's ratings or the
    /// sweep's `metrics.csv` (headers included).
    pub summary: String,
    /// A league's pairwise matrix (`pairs.csv`); `None` for other kinds.
    pub pairs: Option<String>,
}

impl FinalFiles {
    /// The files by output label (`--summary`, [`PAIRS_LABEL`]), as a run
    /// writes them at its end.
    pub fn by_label(self) -> Vec<(&'static str, Vec<u8>)> {
        let mut files = vec![("--summary", self.summary.into_bytes())];
        if let Some(pairs) = self.pairs {
            files.push((PAIRS_LABEL, pairs.into_bytes()));
        }
        files
    }
}

/// Why the final files of a run cannot be made.
#[derive(Debug, thiserror::Error)]
pub enum FinalFilesError {
    /// A merged sweep's game spec does not build.
    #[error("the sweep manifest's game: {0}")]
    SweepGame(SpecError),
}

/// The final files of a run of `kind` playing `plan`, from its `totals`
/// (one per part). A sweep's metrics columns depend on its game: `game` is
/// the run's first game when the caller has it built (a run); without it
/// (a merge) it is built from the plan's canonical spec.
pub fn final_files(
    kind: &RunKind,
    plan: &Plan,
    totals: &[Totals],
    game: Option<&AnyGame>,
) -> Result<FinalFiles, FinalFilesError> {
    let run = plan.first();
    match kind {
        RunKind::Tournament { sprt } => {
            let mut text = rows::SUMMARY_HEADER.to_string();
            text.push_str(&rows::summary_rows(run, &totals[0], sprt.as_ref()));
            Ok(FinalFiles {
                summary: text,
                pairs: None,
            })
        }
        RunKind::League {
            resamples, anchors, ..
        } => {
            let csvs = beachcomber::league::plan_csvs(plan, totals, resamples.get(), anchors);
            Ok(FinalFiles {
                summary: csvs.ratings,
                pairs: Some(csvs.pairs),
            })
        }
        RunKind::Sweep { .. } => {
            let built;
            let game = match game {
                Some(game) => game,
                None => {
                    built = AnyGame::from_spec(&run.game, run.players)
                        .map_err(FinalFilesError::SweepGame)?;
                    &built
                }
            };
            let extra = game.extra_metrics();
            Ok(FinalFiles {
                summary: beachcomber::sweep::metrics_header(plan, extra)
                    + &beachcomber::sweep::metrics_rows(plan, totals, extra),
                pairs: None,
            })
        }
    }
}

/// Write a sweep's comparison files beside its `games` file from its
/// `totals`: with a baseline `compare`, `compare.csv` (and `trends.csv` when
/// the criterion asks for trends); without one, a `compare.csv` and
/// `trends.csv` of an earlier run in that folder are removed, so that none is
/// read beside these results.
pub fn write_comparison(
    games: &Path,
    plan: &Plan,
    totals: &[Totals],
    compare: Option<&CompareSpec>,
) -> Result<(), CompareFilesError> {
    match compare {
        Some(spec) => compare_files::write(games, plan, totals, spec),
        None => Ok(compare_files::remove_stale(
            games.parent().unwrap_or(Path::new("")),
        )?),
    }
}

#[cfg(test)]
#[path = "final_files_tests.rs"]
mod tests;
