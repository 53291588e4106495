//! Resume and merge without the binary: a run interrupted by its stop flag
//! and resumed, and a run played in two shards and merged, each write the
//! bytes of one uninterrupted run.

use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::time::Duration;

use beachcomber::games::AnyGame;
use beachcomber::progress::WorkTable;
use beachcomber::tournament::{Count, Plan, RunSpec, Shard};
use beachcomber_bots::{BotSet, Lineup, no_aliases};

use super::*;
use crate::engines::Engines;
use crate::files::paths::OutputPaths;
use crate::manifest::RunKind;

/// A small tournament: Seashells, two players, random against greedy,
/// 320 games (five record frames of 64).
pub(crate) struct Small {
    pub(crate) game: AnyGame,
    pub(crate) plan: Plan,
    pub(crate) bots: BotSet,
}

pub(crate) fn small() -> Small {
    let game = AnyGame::from_spec("seashells", 2).unwrap();
    let lineup = Lineup::parse_with("random,greedy(worlds=2)", 2, &no_aliases).unwrap();
    let run = RunSpec::new(
        &game.canonical_spec(),
        2,
        &lineup.specs(),
        Count::Deals(160),
        7,
        true,
    )
    .unwrap();
    Small {
        game,
        plan: Plan::single(run),
        bots: lineup.bots(),
    }
}

pub(crate) fn paths(dir: &Path, stem: &str) -> OutputPaths {
    OutputPaths {
        out: Some(dir.join(format!("{stem}.csv"))),
        summary: Some(dir.join(format!("{stem}-summary.csv"))),
        record: Some(dir.join(format!("{stem}.jsonl.zst"))),
        pairs: None,
    }
}

pub(crate) fn control(shard: Shard, resume: bool) -> Control {
    Control {
        threads: Some(crate::counts::Threads::new(2).unwrap()),
        quiet: true,
        resume,
        shard,
        checkpoint_every: Duration::ZERO,
    }
}

pub(crate) fn play(
    small: &Small,
    paths: OutputPaths,
    control: Control,
    reporter: &dyn Reporter,
    cancel: &AtomicBool,
) -> Result<RunResult, StoreError> {
    let engines = Engines::default();
    let request = RunRequest {
        kind: RunKind::Tournament { sprt: None },
        games: std::slice::from_ref(&small.game),
        plan: &small.plan,
        bots: &small.bots,
        paths,
        inputs: Vec::new(),
        control,
        sprt: None,
        engines: &engines,
        folder: None,
    };
    execute(&request, reporter, cancel)
}

/// The bytes of each output of `paths` (out, record, summary).
fn bytes(paths: &OutputPaths) -> Vec<Vec<u8>> {
    [&paths.out, &paths.record, &paths.summary]
        .into_iter()
        .map(|p| std::fs::read(p.as_ref().unwrap()).unwrap())
        .collect()
}

/// A reporter whose counter raises `stop` after `after` games.
struct StopAfter {
    stop: Arc<AtomicBool>,
    after: u64,
}

struct Counting {
    stop: Arc<AtomicBool>,
    after: u64,
    done: AtomicU64,
}

impl Reporter for StopAfter {
    fn note(&self, _note: &str) {}

    fn start(
        &self,
        _first: u64,
        _total: u64,
        _sprt: Option<SprtProgress>,
        _work: Arc<WorkTable>,
    ) -> Box<dyn GameCounter> {
        Box::new(Counting {
            stop: self.stop.clone(),
            after: self.after,
            done: AtomicU64::new(0),
        })
    }
}

impl GameCounter for Counting {
    fn game_done(&self) {
        if self.done.fetch_add(1, Ordering::SeqCst) + 1 >= self.after {
            self.stop.store(true, Ordering::SeqCst);
        }
    }

    fn finish(&self) {}
}

pub(crate) fn folder(name: &str) -> (tempfile::TempDir, PathBuf) {
    let dir = tempfile::Builder::new().prefix(name).tempdir().unwrap();
    let path = dir.path().to_path_buf();
    (dir, path)
}

#[test]
fn an_interrupted_run_resumed_writes_the_bytes_of_an_uninterrupted_one() {
    let small = small();
    let (_keep, dir) = folder("store-resume");
    let never = AtomicBool::new(false);
    let whole = paths(&dir, "whole");
    let result = play(
        &small,
        whole.clone(),
        control(Shard::WHOLE, false),
        &Silent,
        &never,
    );
    assert_eq!(result.unwrap().games, 320);

    let cut = paths(&dir, "cut");
    let stop = Arc::new(AtomicBool::new(false));
    let reporter = StopAfter {
        stop: stop.clone(),
        after: 140,
    };
    let e = play(
        &small,
        cut.clone(),
        control(Shard::WHOLE, false),
        &reporter,
        &stop,
    )
    .err()
    .expect("the stop flag interrupts the run");
    assert!(
        matches!(
            e,
            StoreError::Interrupted {
                after: crate::error::Interrupted::Kept { .. }
            }
        ),
        "{e}"
    );
    assert!(e.to_string().starts_with("interrupted after "), "{e}");
    assert!(
        !cut.out.as_ref().unwrap().exists(),
        "no final file before the end"
    );
    let resumed = play(
        &small,
        cut.clone(),
        control(Shard::WHOLE, true),
        &Silent,
        &never,
    )
    .unwrap();
    assert_eq!(resumed.games, 320);
    assert!(
        resumed.played_now < 320,
        "the resumed session replays only what was lost ({e})"
    );
    assert!(
        bytes(&cut) == bytes(&whole),
        "resumed files differ from the whole run's"
    );
}

#[test]
fn two_shards_merged_write_the_bytes_of_the_whole_run() {
    let small = small();
    let (_keep, dir) = folder("store-merge");
    let never = AtomicBool::new(false);
    let whole = paths(&dir, "whole");
    play(
        &small,
        whole.clone(),
        control(Shard::WHOLE, false),
        &Silent,
        &never,
    )
    .unwrap();
    let mut manifests = Vec::new();
    for index in 0..2 {
        let shard = Shard::new(index, 2).unwrap();
        let p = paths(&dir, &format!("shard-{index}"));
        manifests.push(PathBuf::from(format!(
            "{}.manifest.json",
            p.out.as_ref().unwrap().display()
        )));
        play(&small, p, control(shard, false), &Silent, &never).unwrap();
    }
    let merged = paths(&dir, "merged");
    let report = crate::merge::merge(&manifests, merged.clone(), &never).unwrap();
    assert_eq!(
        (report.shards, report.command, report.games),
        (2, "tournament", 320)
    );
    assert!(
        bytes(&merged) == bytes(&whole),
        "merged files differ from the whole run's"
    );
}

#[test]
fn a_merge_stopped_by_its_flag_writes_nothing() {
    let small = small();
    let (_keep, dir) = folder("store-merge-stop");
    let never = AtomicBool::new(false);
    let mut manifests = Vec::new();
    for index in 0..2 {
        let p = paths(&dir, &format!("shard-{index}"));
        manifests.push(PathBuf::from(format!(
            "{}.manifest.json",
            p.out.as_ref().unwrap().display()
        )));
        play(
            &small,
            p,
            control(Shard::new(index, 2).unwrap(), false),
            &Silent,
            &never,
        )
        .unwrap();
    }
    let merged = paths(&dir, "merged");
    let stopped = AtomicBool::new(true);
    let e = crate::merge::merge(&manifests, merged.clone(), &stopped).unwrap_err();
    assert!(matches!(e, crate::merge::MergeError::Interrupted), "{e}");
    assert_eq!(e.to_string(), "interrupted: stopped, no output written");
    assert!(!merged.out.as_ref().unwrap().exists());
}
