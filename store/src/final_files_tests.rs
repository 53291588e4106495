//! The final files of each [`RunKind`] against golden texts
//! (`store/tests/golden/`), without the binary and without playing a game:
//! each test builds a small run's plan (a few deals, a fixed seed) and its
//! games by hand ([`made_up_games`]), counts them into totals and compares
//! every file written at the end, byte for byte, so that a changed summary
//! line, column or number fails here. After an intended change to the
//! files, `BEACHCOMBER_BLESS=1 cargo test -p beachcomber-store` writes the
//! new texts (to be read before committing).

use std::path::Path;

use beachcomber::compare::{CompareSpec, parse_pairs};
use beachcomber::games::AnyGame;
use beachcomber::league::{self, LeagueSpec, NamedBot};
use beachcomber::stats::sprt::Sprt;
use beachcomber::sweep::{SweepCount, SweepSpec};
use beachcomber::tournament::{Count, GameResult, Plan, RunSpec, Totals, rows};
use beachcomber::{Outcome, SeatSet};

use super::*;
use crate::files::names::{COMPARE_FILE, GAMES_FILE, TRENDS_FILE};

/// `text` is the golden file `name`'s (or, with `BEACHCOMBER_BLESS` set,
/// becomes it).
fn assert_golden(name: &str, text: &str) {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/golden")
        .join(name);
    if std::env::var_os("BEACHCOMBER_BLESS").is_some() {
        std::fs::write(&path, text).unwrap();
    }
    let want = std::fs::read_to_string(&path)
        .unwrap_or_else(|e| panic!("{}: {e} (BEACHCOMBER_BLESS=1 writes it)", path.display()));
    assert!(
        text == want,
        "{name} differs from its golden text.\n--- golden\n{want}\n--- written\n{text}"
    );
}

/// Every game of every part of `plan`, made up by a fixed rule instead of
/// played: seat `s` of plan game `g` in part `p` scores
/// `((5g + s + 2p) % 7) / 2` (the best scores win, ties shared: some
/// games are ties), the game lasts `10 + 3 (g % 4)`
/// plies and `5 + g % 3` turns, and each of the game's own `extras`
/// columns holds `1` in every fifth game. Deals, rotations, seeds and
/// seated bots are the run's own ([`RunSpec::locate`]).
fn made_up_games(plan: &Plan, extras: usize) -> Vec<Vec<GameResult>> {
    plan.parts
        .iter()
        .enumerate()
        .map(|(p, part)| {
            let run = &part.run;
            let bots = run.bots();
            (0..run.games())
                .map(|i| {
                    let g = plan.offset(p) + i;
                    let (deal, lineup, rotation) = run.locate(i);
                    let scores: Vec<i32> = (0..run.players)
                        .map(|s| ((5 * g + s as u64 + 2 * p as u64) % 7 / 2) as i32)
                        .collect();
                    let best = *scores.iter().max().unwrap();
                    let mut winners = SeatSet::EMPTY;
                    for (s, &score) in scores.iter().enumerate() {
                        if score == best {
                            winners.insert(s);
                        }
                    }
                    GameResult {
                        index: g,
                        part: p,
                        deal,
                        lineup,
                        rotation,
                        seed: run.game_seed(i),
                        seat_bots: (0..run.players)
                            .map(|s| {
                                let spec = run.seat_spec(lineup, rotation, s);
                                bots.iter().position(|b| b == spec).unwrap()
                            })
                            .collect(),
                        outcome: Outcome {
                            scores: scores.into_iter().collect(),
                            winners,
                        },
                        plies: 10 + 3 * (g % 4) as u32,
                        turns: 5 + (g % 3) as u32,
                        extras: vec![i64::from(g.is_multiple_of(5)); extras],
                        record_line: None,
                        forfeit: None,
                    }
                })
                .collect()
        })
        .collect()
}

/// Each part's totals of `games`.
fn totals(plan: &Plan, games: &[Vec<GameResult>]) -> Vec<Totals> {
    plan.parts
        .iter()
        .zip(games)
        .map(|(part, games)| {
            let mut totals = Totals::new(&part.run);
            for game in games {
                totals.add(game);
            }
            totals
        })
        .collect()
}

/// A tournament of Seashells at two players, random against greedy: four
/// deals of two rotations.
fn tournament() -> (Plan, Vec<Totals>) {
    let lineup = ["random".to_string(), "greedy(worlds=2)".to_string()];
    let run = RunSpec::new("seashells", 2, &lineup, Count::Deals(4), 7, true).unwrap();
    let plan = Plan::single(run);
    let totals = totals(&plan, &made_up_games(&plan, 0));
    (plan, totals)
}

#[test]
fn a_tournaments_summary_is_its_golden_text() {
    let (plan, totals) = tournament();
    let files = final_files(&RunKind::Tournament { sprt: None }, &plan, &totals, None).unwrap();
    assert_eq!(files.pairs, None);
    assert_golden("tournament-summary.csv", &files.summary);
}

#[test]
fn a_tournament_with_a_sequential_test_fills_its_columns_as_golden() {
    let (plan, totals) = tournament();
    let sprt: Sprt = "elo0=0,elo1=30,alpha=0.05,beta=0.05".parse().unwrap();
    let kind = RunKind::Tournament { sprt: Some(sprt) };
    let files = final_files(&kind, &plan, &totals, None).unwrap();
    assert_eq!(files.pairs, None);
    assert_golden("tournament-sprt-summary.csv", &files.summary);
}

/// A league of three bots: two deals per pairing, at `players`, anchored
/// at bot `anchor`.
fn league(players: usize, anchor: usize) -> (RunKind, Plan, Vec<Totals>) {
    let bots: Vec<String> = ["random", "greedy(worlds=2)", "expert"]
        .map(String::from)
        .to_vec();
    let per_deal = league::games_per_deal(players);
    let spec = LeagueSpec {
        game: "seashells".to_string(),
        players,
        bots: bots.clone(),
        games_per_pairing: 2 * per_deal,
        seed: 3,
        anchor: (anchor != 0).then(|| NamedBot {
            text: bots[anchor].clone(),
            canonical: bots[anchor].clone(),
        }),
    };
    let league = spec.check().unwrap();
    assert_eq!(league.anchor, anchor);
    let plan = league::plan(&[league], false);
    let totals = totals(&plan, &made_up_games(&plan, 0));
    let kind = RunKind::League {
        games_per_pairing: Some(2 * per_deal),
        resamples: crate::counts::Resamples::new(100).unwrap(),
        anchors: vec![anchor],
    };
    (kind, plan, totals)
}

#[test]
fn a_leagues_ratings_and_pairs_are_their_golden_texts() {
    let (kind, plan, totals) = league(2, 0);
    let files = final_files(&kind, &plan, &totals, None).unwrap();
    assert_golden("league-ratings.csv", &files.summary);
    assert_golden("league-pairs.csv", files.pairs.as_deref().unwrap());
}

#[test]
fn an_anchored_leagues_ratings_and_pairs_are_their_golden_texts() {
    let (kind, plan, totals) = league(3, 1);
    let files = final_files(&kind, &plan, &totals, None).unwrap();
    assert_golden("league-anchored-ratings.csv", &files.summary);
    assert_golden("league-anchored-pairs.csv", files.pairs.as_deref().unwrap());
}

/// The plan of a sweep (its combinations' parts) and the first
/// combination's game.
fn sweep_plan(spec: &SweepSpec) -> (Plan, AnyGame) {
    let combinations = spec.combinations(100).unwrap();
    let game = combinations[0].game.clone();
    let parts = combinations.into_iter().map(|c| c.part).collect();
    (Plan { parts }, game)
}

#[test]
fn a_sweeps_metrics_with_records_are_their_golden_text() {
    // Seashells' two scorings at two and three players, greedy against
    // random (one against the rest at three players).
    let spec = SweepSpec {
        game: "seashells".to_string(),
        players: vec![2, 3],
        varies: vec!["scoring=simple,advanced".parse().unwrap()],
        lineups: vec![vec!["greedy".to_string(), "random".to_string()]],
        count: SweepCount::Games(6),
        seed: 5,
        rotate: true,
        quality: false,
    };
    let (plan, game) = sweep_plan(&spec);
    assert_eq!(plan.parts[3].run.lineup(), ["greedy", "random", "random"]);
    let totals = totals(&plan, &made_up_games(&plan, 0));
    let kind = RunKind::Sweep {
        records: true,
        compare: None,
    };
    let files = final_files(&kind, &plan, &totals, Some(&game)).unwrap();
    assert_eq!(files.pairs, None);
    assert_golden("sweep-records-metrics.csv", &files.summary);
    // A merge builds the game from the plan: the same text.
    assert_eq!(final_files(&kind, &plan, &totals, None).unwrap(), files);
}

#[test]
fn a_sweeps_metrics_comparison_and_trends_are_their_golden_texts() {
    // Shell Dash's turn cap at three values (a numeric key: its trend),
    // compared with the lowest, with margins.
    let spec = SweepSpec {
        game: "shell-dash".to_string(),
        players: vec![2],
        varies: vec!["max_turns=20,30,40".parse().unwrap()],
        lineups: vec![vec!["random".to_string()]],
        count: SweepCount::Deals(6),
        seed: 11,
        rotate: true,
        quality: false,
    };
    let (plan, game) = sweep_plan(&spec);
    let mut compare = CompareSpec {
        baseline: parse_pairs("max_turns=20").unwrap(),
        ..CompareSpec::default()
    };
    compare.add_margins("seat_ratio=0.05,mean_turns=3").unwrap();
    let games = made_up_games(&plan, game.extra_columns().len());
    let totals = totals(&plan, &games);
    // games.csv as the run's workers write it: each part's value cells,
    // then the game's rows.
    let dir = tempfile::tempdir().unwrap();
    let mut csv = rows::plan_header(&plan.value_columns(), game.extra_columns()).into_bytes();
    for (part, games) in plan.parts.iter().zip(&games) {
        let lead: String = part
            .values
            .iter()
            .map(|(_, v)| rows::field(v) + ",")
            .collect();
        let bots: Vec<String> = part.run.bots().iter().map(|b| rows::field(b)).collect();
        for game in games {
            rows::write_game_rows_after(lead.as_bytes(), game, &bots, &mut csv);
        }
    }
    std::fs::write(dir.path().join(GAMES_FILE), csv).unwrap();
    let kind = RunKind::Sweep {
        records: false,
        compare: Some(compare.clone()),
    };
    let files = final_files(&kind, &plan, &totals, Some(&game)).unwrap();
    assert_golden("sweep-compare-metrics.csv", &files.summary);
    super::write_comparison(&dir.path().join(GAMES_FILE), &plan, &totals, Some(&compare)).unwrap();
    let read = |name: &str| std::fs::read_to_string(dir.path().join(name)).unwrap();
    assert_golden("sweep-compare.csv", &read(COMPARE_FILE));
    assert_golden("sweep-trends.csv", &read(TRENDS_FILE));
}

#[test]
fn a_sweep_without_a_baseline_removes_an_earlier_comparison_and_keeps_its_games() {
    let dir = tempfile::tempdir().unwrap();
    // Without a baseline the plan is not read: any plan will do.
    let (plan, _) = tournament();
    let games = dir.path().join(GAMES_FILE);
    std::fs::write(&games, "kept\n").unwrap();
    std::fs::write(dir.path().join(COMPARE_FILE), "old\n").unwrap();
    std::fs::write(dir.path().join(TRENDS_FILE), "old\n").unwrap();
    write_comparison(&games, &plan, &[], None).unwrap();
    assert!(!dir.path().join(COMPARE_FILE).exists());
    assert!(!dir.path().join(TRENDS_FILE).exists());
    assert_eq!(std::fs::read_to_string(&games).unwrap(), "kept\n");
}
