//! The runs a study plays into a folder, each one call: a sweep
//! ([`execute_sweep`], its `compare.csv` after it) and a plan of leagues
//! ([`execute_league`]). The `sweep`, `league` and `run` commands and the
//! studies crate call them; the caller passes its [`Reporter`] and its stop
//! flag in (the front end owns the terminal and the signals).

use std::path::{Path, PathBuf};
use std::sync::atomic::AtomicBool;

use beachcomber::compare::CompareSpec;
use beachcomber::spec::one_line_path;

use crate::compare_files::CompareFilesError;
use crate::engines::{Engines, EnginesError};
use crate::error::StoreError;
use crate::execute::{Control, Reporter, RunRequest, RunResult};
use crate::files::names::{GAMES_FILE, GAMES_PARQUET_FILE, METRICS_FILE, RECORDS_FILE};
use crate::files::paths::OutputPaths;
use crate::manifest::RunKind;
use crate::planned::{PlannedLeagues, PlannedSweep};
use crate::spec_inputs::spec_inputs;

/// What a sweep writes into its folder besides metrics.csv.
#[derive(Clone, Copy, Debug, Default)]
pub struct SweepFiles {
    /// Also the records (`records.jsonl.zst`).
    pub records: bool,
    /// The games table as `games.parquet` (else `games.csv`).
    pub parquet: bool,
}

impl SweepFiles {
    /// The games table's name in the sweep's folder.
    pub fn games_file(self) -> &'static str {
        if self.parquet {
            GAMES_PARQUET_FILE
        } else {
            GAMES_FILE
        }
    }
}

/// The files of a sweep in `dir`.
pub fn paths(dir: &Path, files: SweepFiles) -> OutputPaths {
    OutputPaths {
        out: Some(dir.join(files.games_file())),
        summary: Some(dir.join(METRICS_FILE)),
        record: files.records.then(|| dir.join(RECORDS_FILE)),
        pairs: None,
    }
}

/// Why a study's run could not be played into its folder.
#[derive(Debug, thiserror::Error)]
pub enum StudyRunError {
    /// A bot's engine cannot be started.
    #[error(transparent)]
    Engines(Box<EnginesError>),
    /// The sweep's folder is a file.
    #[error(
        "--out `{}` is not a folder (a sweep writes several files into a folder)",
        one_line_path(.0)
    )]
    NotAFolder(PathBuf),
    /// The folder cannot be made.
    #[error("--out: cannot create the folder `{}`: {source}", one_line_path(.path))]
    CreateFolder {
        /// The folder.
        path: PathBuf,
        /// What failed.
        source: std::io::Error,
    },
    /// The run could not be played into its files.
    #[error(transparent)]
    Store(Box<StoreError>),
    /// The comparison could not be written.
    #[error(transparent)]
    Compare(Box<CompareFilesError>),
}

impl From<EnginesError> for StudyRunError {
    fn from(e: EnginesError) -> StudyRunError {
        StudyRunError::Engines(Box::new(e))
    }
}

impl From<StoreError> for StudyRunError {
    fn from(e: StoreError) -> StudyRunError {
        StudyRunError::Store(Box::new(e))
    }
}

impl From<CompareFilesError> for StudyRunError {
    fn from(e: CompareFilesError) -> StudyRunError {
        StudyRunError::Compare(Box::new(e))
    }
}

/// What a run plays with besides its plan: the engines, the caller's
/// progress and notes, and its stop flag.
#[derive(Clone, Copy)]
pub struct RunPorts<'a> {
    /// The declared engines.
    pub engines: &'a Engines,
    /// The progress and notes (the terminal's, or nothing).
    pub reporter: &'a dyn Reporter,
    /// Set to stop between games (Ctrl-C).
    pub cancel: &'a AtomicBool,
}

/// Play `sweep` into the folder `dir` (its games table and records as
/// `files` says);
/// `inputs`: the files no output may overwrite (the game spec's); with
/// `compare`, then write `compare.csv` (unless this is one shard of
/// several: merging writes it).
pub fn execute_sweep(
    sweep: &PlannedSweep,
    dir: &Path,
    files: SweepFiles,
    inputs: Vec<(String, PathBuf)>,
    control: &Control,
    ports: RunPorts<'_>,
    compare: Option<&CompareSpec>,
) -> Result<RunResult, StudyRunError> {
    ports.engines.check(sweep.bots.configs())?;
    if dir.exists() && !dir.is_dir() {
        return Err(StudyRunError::NotAFolder(dir.to_path_buf()));
    }
    std::fs::create_dir_all(dir).map_err(|source| StudyRunError::CreateFolder {
        path: dir.to_path_buf(),
        source,
    })?;
    let request = RunRequest {
        kind: RunKind::Sweep {
            records: files.records,
            compare: compare.cloned(),
        },
        games: &sweep.games,
        plan: &sweep.plan,
        bots: &sweep.bots,
        paths: paths(dir, files),
        inputs,
        control: *control,
        sprt: None,
        engines: ports.engines,
        folder: Some(dir.to_path_buf()),
    };
    let result = crate::execute::execute(&request, ports.reporter, ports.cancel)?;
    if control.shard.count <= 1 {
        crate::final_files::write_comparison(
            &dir.join(files.games_file()),
            &sweep.plan,
            &result.totals,
            compare,
        )?;
    }
    Ok(result)
}

/// Play `planned` (at least one league) as one plan
/// ([`beachcomber::league::plan`]) into `paths` (`folder`: where the
/// manifest and checkpoint go, `None`: beside the first output): one pool,
/// one manifest; the summary is the ratings CSV, one block of rows per
/// league, each fitted from its own part's totals, and `paths.pairs` (if
/// given) the pairs CSV of the same fits.
pub fn execute_league(
    planned: &PlannedLeagues,
    paths: OutputPaths,
    folder: Option<PathBuf>,
    control: &Control,
    ports: RunPorts<'_>,
) -> Result<RunResult, StudyRunError> {
    let leagues = &planned.leagues;
    let plan = beachcomber::league::plan(leagues, planned.labelled);
    ports.engines.check(planned.bots.configs())?;
    let games: Vec<_> = leagues.iter().map(|l| l.game.clone()).collect();
    let mut inputs = Vec::new();
    for l in leagues {
        for input in spec_inputs(&l.game_spec) {
            if !inputs.contains(&input) {
                inputs.push(input);
            }
        }
    }
    let request = RunRequest {
        kind: RunKind::League {
            games_per_pairing: match (leagues.as_slice(), planned.labelled) {
                ([one], false) => Some(one.games_per_pairing),
                _ => None,
            },
            resamples: planned.resamples,
            anchors: leagues.iter().map(|l| l.anchor).collect(),
        },
        games: &games,
        plan: &plan,
        bots: &planned.bots,
        paths,
        inputs,
        control: *control,
        sprt: None,
        engines: ports.engines,
        folder,
    };
    Ok(crate::execute::execute(
        &request,
        ports.reporter,
        ports.cancel,
    )?)
}

/// Join the shards written into the folders `inputs` (an experiment's
/// `run --shard`) into the folder `dir` ([`crate::merge::merge`]).
pub fn merge_dir(
    inputs: &[PathBuf],
    dir: &Path,
    cancel: &AtomicBool,
) -> Result<crate::merge::Merged, crate::merge::MergeError> {
    let outputs = OutputPaths {
        out: Some(dir.to_path_buf()),
        summary: None,
        record: None,
        pairs: None,
    };
    crate::merge::merge(inputs, outputs, cancel)
}

/// The line a merge prints: `merged N shard(s) of a CMD: G games of GAME,
/// seed S` (`in P parts` for a plan of several).
pub fn merged_line(merged: &crate::merge::Merged) -> String {
    let what = match &merged.game {
        Some(game) if merged.parts == 1 => format!("of {game}"),
        _ => format!("in {} parts", merged.parts),
    };
    format!(
        "merged {} shard(s) of a {}: {} games {what}, seed {}",
        merged.shards, merged.command, merged.games, merged.seed
    )
}
