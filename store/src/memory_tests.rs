//! A run into memory makes the bytes a run into files writes: a
//! tournament stopped by its sequential test (games, summary, records), a
//! league (games, ratings, pairs) and a sweep with a comparison (games,
//! metrics, compare, trends), each played into files by
//! [`crate::execute::execute`] on two threads and into memory on one.

use std::path::Path;
use std::sync::atomic::AtomicBool;
use std::time::Duration;

use beachcomber::compare::{CompareSpec, parse_pairs};
use beachcomber::games::GameKind;
use beachcomber::league::LeagueSpec;
use beachcomber::sweep::{SweepCount, SweepSpec};
use beachcomber::tournament::{Count, RunSpec, TypedPart};
use beachcomber::with_game;
use beachcomber_bots::{Lineup, no_aliases};

use super::*;
use crate::engines::Engines;
use crate::execute::{Control, RunRequest, Silent, execute};
use crate::files::names::{COMPARE_FILE, GAMES_FILE, METRICS_FILE, TRENDS_FILE};
use crate::files::paths::OutputPaths;
use crate::planned::PlannedSweep;

/// Each part's game with the registry's bots.
fn parts<'a>(games: &'a [AnyGame], bots: &'a BotSet) -> Vec<Box<dyn PartGame + 'a>> {
    games
        .iter()
        .map(|game| with_game!(game, |g| part(g, bots)))
        .collect()
}

fn part<'a, G: GameKind>(game: &'a G, bots: &'a BotSet) -> Box<dyn PartGame + 'a> {
    Box::new(TypedPart {
        game,
        bot: move |spec: &str| bots.get(spec).unwrap().build::<G>(),
    })
}

/// `request`'s run into memory on one thread.
fn in_memory(request: &RunRequest<'_>, rows: bool, records: bool) -> MemoryRun {
    let parts = parts(request.games, request.bots);
    let parts: Vec<&dyn PartGame> = parts.iter().map(|p| p.as_ref()).collect();
    let memory = MemoryRequest {
        kind: request.kind.clone(),
        games: request.games,
        plan: request.plan,
        bots: request.bots,
        threads: Some(crate::counts::Threads::new(1).unwrap()),
        sprt: request.sprt,
        rows,
        records,
    };
    execute_in_memory(&memory, &parts, &Silent, &AtomicBool::new(false)).unwrap()
}

fn control() -> Control {
    Control {
        threads: Some(crate::counts::Threads::new(2).unwrap()),
        quiet: true,
        resume: false,
        shard: Shard::WHOLE,
        checkpoint_every: Duration::from_secs(2),
    }
}

fn read(path: &Path) -> Vec<u8> {
    std::fs::read(path).unwrap()
}

/// The tables of `run`, by name, as text (for readable failures).
fn texts(run: &MemoryRun) -> Vec<(Table, String)> {
    run.tables
        .iter()
        .map(|(t, b)| (*t, String::from_utf8(b.clone()).unwrap()))
        .collect()
}

#[test]
fn a_tournament_stopped_by_its_test_makes_the_files_bytes() {
    let game = AnyGame::from_spec("shell-dash", 2).unwrap();
    let lineup = Lineup::parse_with("greedy(worlds=2),random", 2, &no_aliases).unwrap();
    let run = RunSpec::new(
        &game.canonical_spec(),
        2,
        &lineup.specs(),
        Count::Deals(400),
        3,
        true,
    )
    .unwrap();
    let plan = Plan::single(run);
    let sprt: Sprt = "elo0=0,elo1=100".parse().unwrap();
    let dir = tempfile::tempdir().unwrap();
    let paths = OutputPaths {
        out: Some(dir.path().join("t.csv")),
        summary: Some(dir.path().join("s.csv")),
        record: Some(dir.path().join("r.jsonl")),
        pairs: None,
    };
    let engines = Engines::default();
    let bots = lineup.bots();
    let request = RunRequest {
        kind: RunKind::Tournament { sprt: Some(sprt) },
        games: std::slice::from_ref(&game),
        plan: &plan,
        bots: &bots,
        paths: paths.clone(),
        inputs: Vec::new(),
        control: control(),
        sprt: Some(sprt),
        engines: &engines,
        folder: None,
    };
    let files = execute(&request, &Silent, &AtomicBool::new(false)).unwrap();
    assert!(files.stopped && files.games < 800, "the test stops it");
    let memory = in_memory(&request, true, true);
    assert_eq!(
        (memory.result.games, memory.result.stopped),
        (files.games, true)
    );
    let want = vec![
        (
            Table::Games,
            String::from_utf8(read(&dir.path().join("t.csv"))).unwrap(),
        ),
        (
            Table::Summary,
            String::from_utf8(read(&dir.path().join("s.csv"))).unwrap(),
        ),
    ];
    assert_eq!(texts(&memory), want);
    assert_eq!(memory.records.unwrap(), read(&dir.path().join("r.jsonl")));
    // Without rows the summary is the same, and no games table is made.
    let summary_only = in_memory(&request, false, false);
    assert_eq!(texts(&summary_only), want[1..]);
    assert!(summary_only.records.is_none());
}

#[test]
fn a_league_makes_the_files_bytes() {
    let league = LeagueSpec {
        game: "seaside(removed=35)".to_string(),
        players: 2,
        bots: vec!["random".to_string(), "greedy(worlds=2)".to_string()],
        games_per_pairing: 40,
        seed: 9,
        anchor: None,
    }
    .check()
    .unwrap();
    let mut bots = BotSet::default();
    for b in league.run.bots() {
        bots.insert(beachcomber_bots::BotConfig::parse(&b).unwrap());
    }
    let plan = beachcomber::league::plan(std::slice::from_ref(&league), false);
    let dir = tempfile::tempdir().unwrap();
    let paths = OutputPaths {
        out: Some(dir.path().join("g.csv")),
        summary: Some(dir.path().join("r.csv")),
        record: None,
        pairs: Some(dir.path().join("r.pairs.csv")),
    };
    let engines = Engines::default();
    let request = RunRequest {
        kind: RunKind::League {
            games_per_pairing: Some(40),
            resamples: crate::counts::Resamples::new(200).unwrap(),
            anchors: vec![league.anchor],
        },
        games: std::slice::from_ref(&league.game),
        plan: &plan,
        bots: &bots,
        paths,
        inputs: Vec::new(),
        control: control(),
        sprt: None,
        engines: &engines,
        folder: None,
    };
    execute(&request, &Silent, &AtomicBool::new(false)).unwrap();
    let want: Vec<(Table, String)> = [
        (Table::Games, "g.csv"),
        (Table::Summary, "r.csv"),
        (Table::Pairs, "r.pairs.csv"),
    ]
    .into_iter()
    .map(|(t, name)| (t, String::from_utf8(read(&dir.path().join(name))).unwrap()))
    .collect();
    assert_eq!(texts(&in_memory(&request, true, false)), want);
}

#[test]
fn a_sweep_with_a_comparison_makes_the_files_bytes() {
    let spec = SweepSpec {
        game: "shell-dash".to_string(),
        players: vec![2],
        varies: vec!["max_turns=20,30,40".parse().unwrap()],
        lineups: vec![vec!["random".to_string()]],
        count: SweepCount::Deals(30),
        seed: 4,
        rotate: true,
        quality: true,
    };
    let mut bots = BotSet::default();
    bots.insert(beachcomber_bots::BotConfig::parse("random").unwrap());
    let sweep = PlannedSweep::expand(&spec, bots, 10).unwrap();
    let compare = CompareSpec {
        baseline: parse_pairs("max_turns=20").unwrap(),
        ..CompareSpec::default()
    };
    let dir = tempfile::tempdir().unwrap();
    let engines = Engines::default();
    let request = RunRequest {
        kind: RunKind::Sweep {
            records: false,
            compare: Some(compare.clone()),
        },
        games: &sweep.games,
        plan: &sweep.plan,
        bots: &sweep.bots,
        paths: OutputPaths {
            out: Some(dir.path().join(GAMES_FILE)),
            summary: Some(dir.path().join(METRICS_FILE)),
            record: None,
            pairs: None,
        },
        inputs: Vec::new(),
        control: control(),
        sprt: None,
        engines: &engines,
        folder: Some(dir.path().to_path_buf()),
    };
    let files = execute(&request, &Silent, &AtomicBool::new(false)).unwrap();
    crate::final_files::write_comparison(
        &dir.path().join(GAMES_FILE),
        &sweep.plan,
        &files.totals,
        Some(&compare),
    )
    .unwrap();
    let want: Vec<(Table, String)> = [
        (Table::Games, GAMES_FILE),
        (Table::Summary, METRICS_FILE),
        (Table::Compare, COMPARE_FILE),
        (Table::Trends, TRENDS_FILE),
    ]
    .into_iter()
    .map(|(t, name)| (t, String::from_utf8(read(&dir.path().join(name))).unwrap()))
    .collect();
    // The comparison is read from the games table, kept even when not
    // asked for.
    assert_eq!(texts(&in_memory(&request, false, false)), want);
}

#[test]
fn a_cancelled_run_keeps_nothing() {
    let game = AnyGame::from_spec("seashells", 2).unwrap();
    let lineup = Lineup::parse_with("random", 2, &no_aliases).unwrap();
    let run = RunSpec::new(
        &game.canonical_spec(),
        2,
        &lineup.specs(),
        Count::Games(64),
        1,
        true,
    )
    .unwrap();
    let plan = Plan::single(run);
    let bots = lineup.bots();
    let games = [game];
    let parts = parts(&games, &bots);
    let parts: Vec<&dyn PartGame> = parts.iter().map(|p| p.as_ref()).collect();
    let request = MemoryRequest {
        kind: RunKind::Tournament { sprt: None },
        games: &games,
        plan: &plan,
        bots: &bots,
        threads: Some(crate::counts::Threads::new(1).unwrap()),
        sprt: None,
        rows: true,
        records: false,
    };
    let e = execute_in_memory(&request, &parts, &Silent, &AtomicBool::new(true))
        .err()
        .unwrap();
    assert_eq!(e.to_string(), "interrupted: stopped, no output written");
}
