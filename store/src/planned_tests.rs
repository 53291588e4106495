//! A league's folder is finished only as this plan, these resamples, whole
//! and without a checkpoint.

use std::sync::atomic::AtomicBool;
use std::time::Duration;

use beachcomber::league::LeagueSpec;
use beachcomber::tournament::Shard;
use beachcomber_bots::{BotConfig, BotSet};

use super::PlannedLeagues;
use crate::engines::Engines;
use crate::execute::{Control, RunRequest, Silent, execute};
use crate::files::names::{CHECKPOINT_FILE, GAMES_FILE, MANIFEST_FILE, PAIRS_FILE, RATINGS_FILE};
use crate::files::paths::OutputPaths;
use crate::manifest::RunKind;

fn planned(resamples: u32, games_per_pairing: u64) -> PlannedLeagues {
    let league = LeagueSpec {
        game: "seashells".to_string(),
        players: 2,
        bots: vec!["random".to_string(), "greedy(worlds=2)".to_string()],
        games_per_pairing,
        seed: 3,
        anchor: None,
    }
    .check()
    .unwrap();
    let mut bots = BotSet::default();
    for b in league.run.bots() {
        bots.insert(BotConfig::parse(&b).unwrap());
    }
    PlannedLeagues {
        leagues: vec![league],
        bots,
        labelled: false,
        resamples: crate::counts::Resamples::new(resamples.into()).unwrap(),
    }
}

/// Play `planned` into `dir` as an experiment's leagues (the folder's
/// manifest), whole or as shard `shard`.
fn play(planned: &PlannedLeagues, dir: &std::path::Path, shard: Shard) {
    let plan = beachcomber::league::plan(&planned.leagues, planned.labelled);
    let games: Vec<_> = planned.leagues.iter().map(|l| l.game.clone()).collect();
    let engines = Engines::default();
    let request = RunRequest {
        kind: RunKind::League {
            games_per_pairing: Some(planned.leagues[0].games_per_pairing),
            resamples: planned.resamples,
            anchors: vec![planned.leagues[0].anchor],
        },
        games: &games,
        plan: &plan,
        bots: &planned.bots,
        paths: OutputPaths {
            out: Some(dir.join(GAMES_FILE)),
            summary: Some(dir.join(RATINGS_FILE)),
            record: None,
            pairs: Some(dir.join(PAIRS_FILE)),
        },
        inputs: Vec::new(),
        control: Control {
            threads: Some(crate::counts::Threads::new(2).unwrap()),
            quiet: true,
            resume: false,
            shard,
            checkpoint_every: Duration::from_secs(60),
        },
        sprt: None,
        engines: &engines,
        folder: Some(dir.to_path_buf()),
    };
    execute(&request, &Silent, &AtomicBool::new(false)).unwrap();
}

#[test]
fn leagues_are_finished_in_a_folder_only_as_planned_whole_and_without_a_checkpoint() {
    let leagues = planned(200, 8);
    let empty = tempfile::tempdir().unwrap();
    assert!(!leagues.finished_in(empty.path()), "no manifest");

    let dir = tempfile::tempdir().unwrap();
    play(&leagues, dir.path(), Shard::WHOLE);
    assert!(leagues.finished_in(dir.path()));
    assert!(!planned(100, 8).finished_in(dir.path()), "other resamples");
    assert!(!planned(200, 10).finished_in(dir.path()), "another plan");
    std::fs::write(dir.path().join(CHECKPOINT_FILE), "{}").unwrap();
    assert!(!leagues.finished_in(dir.path()), "a checkpoint beside it");

    let shard = tempfile::tempdir().unwrap();
    play(&leagues, shard.path(), Shard { index: 0, count: 2 });
    assert!(shard.path().join(MANIFEST_FILE).exists());
    assert!(!leagues.finished_in(shard.path()), "one shard of two");
}
