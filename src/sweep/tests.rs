//! Tests of sweeps: varied values and ranges, combinations and their
//! refusals, and metrics.csv's seat ratios, gap and skill.

use super::set_option::set_option;
use super::*;
use crate::spec::Spec;
use crate::stats::cluster::ClusterSums;
use crate::tournament::totals::tests::three_player_spec;
use crate::tournament::{Part, Plan, Totals};

/// Hand-built totals of 100 deals of bot `a` against two copies of `b`
/// at 3 players, rotated: seat win shares 0.4, 0.35 and 0.25, each with
/// a standard error of exactly 1/60 (deal totals of variance 900 in
/// 1/60 units); the pairwise score of `a` by deal at levels 8, 6 and 4
/// (of 12) 50, 30 and 20 times.
fn hand_built_totals() -> (Plan, Totals) {
    let spec = three_player_spec(100);
    let mut t = Totals::new(&spec);
    t.games = 300;
    for (seat, per_deal) in [72i64, 63, 45].into_iter().enumerate() {
        let s = &mut t.seats[seat];
        s.games = 300;
        s.wins60 = 100 * per_deal as u64;
        s.wins_by_deal = ClusterSums {
            clusters: 100,
            n: 300,
            sum: 100 * per_deal,
            sum_sq: i128::from(100 * per_deal * per_deal + 99 * 900),
            cross: i128::from(300 * per_deal),
            n_sq: 900,
        };
    }
    t.bots[0].games = 300;
    t.bots[1].games = 600;
    let p = t.paired.as_mut().unwrap();
    p.deals = 100;
    p.levels[8] = 50;
    p.levels[6] = 30;
    p.levels[4] = 20;
    let mut values = vec![("players".to_string(), "3".to_string())];
    values.push(("lineup".to_string(), "a-b".to_string()));
    let plan = Plan {
        parts: vec![Part { values, run: spec }],
    };
    (plan, t)
}

#[test]
fn seat_ratios_gap_and_skill_have_exact_values() {
    let (plan, t) = hand_built_totals();
    let header = metrics_header(&plan, &[]);
    let rows = metrics_rows(&plan, std::slice::from_ref(&t), &[]);
    let names: Vec<&str> = header.trim_end().split(',').collect();
    let rows: Vec<Vec<&str>> = rows.lines().map(|r| r.split(',').collect()).collect();
    assert_eq!(rows.len(), 3 + 2);
    let get = |row: usize, stem: &str| -> String {
        let i = names.iter().position(|n| *n == stem).expect(stem);
        rows[row][i..i + 3].join(",")
    };
    assert_eq!(get(0, "seat_ratio"), "1.2000,1.1020,1.2980");
    assert_eq!(get(1, "seat_ratio"), "1.0500,0.9520,1.1480");
    assert_eq!(get(2, "seat_ratio"), "0.7500,0.6520,0.8480");
    // Bonferroni over three seats: z = 2.394.
    for row in 0..5 {
        assert_eq!(get(row, "max_seat_ratio"), "1.2000,1.0803,1.3197");
        assert_eq!(get(row, "min_seat_ratio"), "0.7500,0.6303,0.8697");
        assert_eq!(get(row, "seat_gap"), "0.1500,0.0702,0.2298");
    }
    // 330 pairwise points of 600, one virtual draw: 400 log10(330.5 /
    // 270.5); the second bot's row negated.
    assert_eq!(get(3, "skill_elo"), "34.8,16.8,52.8");
    assert_eq!(get(4, "skill_elo"), "-34.8,-52.8,-16.8");
    for row in 0..3 {
        assert_eq!(get(row, "skill_elo"), ",,");
    }
    assert_eq!(get(3, "seat_ratio"), ",,");
    assert!(rows.iter().all(|r| r.len() == names.len()));
}

#[test]
fn varying_a_file_option_drops_the_base_files_label() {
    let mut spec: Spec = "seaside(removed=3,tokens=[Beach/Wave:9],\
                          tokens_file=set.txt@xxh3:0123456789abcdef)"
        .parse()
        .unwrap();
    assert!(set_option(&mut spec, "removed", "4", &crate::games::seaside::OPTIONS).is_ok());
    assert_eq!(
        spec.get("tokens_file"),
        Some("set.txt@xxh3:0123456789abcdef")
    );
    assert!(
        set_option(
            &mut spec,
            "tokens",
            "[Rock/Crab:9]",
            &crate::games::seaside::OPTIONS
        )
        .is_ok()
    );
    assert_eq!(spec.to_string(), "seaside(removed=4,tokens=[Rock/Crab:9])");
    // Inline sets are varied as a list (`;` inside a set, `,` between).
    assert_eq!(
        vary("tokens=[Beach/Wave:9;Rock/Crab:1],[Rock/Crab:10]").unwrap(),
        ["[Beach/Wave:9;Rock/Crab:1]", "[Rock/Crab:10]"]
    );
}

fn vary(text: &str) -> Result<Vec<String>, String> {
    text.parse::<Vary>()
        .map(|v| v.values)
        .map_err(|e| e.to_string())
}

#[test]
fn values_lists_and_ranges() {
    assert_eq!(
        vary("removed=0..=20:5").unwrap(),
        ["0", "5", "10", "15", "20"]
    );
    assert_eq!(
        vary("removed=0..=22:5").unwrap(),
        ["0", "5", "10", "15", "20"]
    );
    assert_eq!(vary("removed=3..6").unwrap(), ["3", "4", "5"]);
    assert_eq!(vary("removed=7..=7").unwrap(), ["7"]);
    assert_eq!(
        vary("scoring=simple, advanced").unwrap(),
        ["simple", "advanced"]
    );
    assert_eq!(
        vary("removed=0,10..=12,rulebook").unwrap(),
        ["0", "10", "11", "12", "rulebook"]
    );
    let d: Vary = "deck.Shell=8..=20:4".parse().unwrap();
    assert_eq!(d.key, "deck.Shell");
    assert_eq!(d.values, ["8", "12", "16", "20"]);
}

#[test]
fn bad_values_say_what_is_wrong() {
    assert_eq!(
        vary("removed=5..=1").unwrap_err(),
        "range `5..=1`: the range is reversed (write LO..=HI with LO <= HI)"
    );
    assert_eq!(
        vary("removed=5..5").unwrap_err(),
        "range `5..5`: the range is empty (LO..HI excludes HI; write LO..=HI)"
    );
    assert_eq!(
        vary("removed=0..=10:0").unwrap_err(),
        "range `0..=10:0`: the step must be a positive integer"
    );
    assert_eq!(
        vary("removed=0..=x").unwrap_err(),
        "range `0..=x`: the end `x` is not an integer"
    );
    assert_eq!(
        vary("removed").unwrap_err(),
        "`removed`: write KEY=VALUES, e.g. removed=0..=50:5 or scoring=simple,advanced"
    );
    assert_eq!(
        vary("removed=1,,2").unwrap_err(),
        "`removed=1,,2`: an empty value (values are separated by commas)"
    );
    assert_eq!(
        vary("removed=1,1").unwrap_err(),
        "`removed=1,1`: the value `1` is given twice"
    );
}

fn sweep(game: &str, players: &[usize], varies: &[&str], lineups: &[&[&str]]) -> SweepSpec {
    SweepSpec {
        game: game.to_string(),
        players: players.to_vec(),
        varies: varies.iter().map(|v| v.parse().unwrap()).collect(),
        lineups: lineups
            .iter()
            .map(|l| l.iter().map(|s| s.to_string()).collect())
            .collect(),
        count: SweepCount::Games(10),
        seed: 3,
        rotate: true,
        quality: false,
    }
}

#[test]
fn combinations_in_order_with_their_games() {
    let s = sweep(
        "seashells",
        &[2, 3],
        &["scoring=simple,advanced", "mode=board,stroll"],
        &[&["random"], &["greedy", "random"]],
    );
    let c = s.combinations(100).unwrap();
    assert_eq!(c.len(), 2 * 2 * 2 * 2);
    let labels: Vec<String> = c
        .iter()
        .map(|c| {
            c.part
                .values
                .iter()
                .map(|(k, v)| format!("{k}={v}"))
                .collect::<Vec<_>>()
                .join(" ")
        })
        .collect();
    assert_eq!(
        labels[0],
        "scoring=simple mode=board players=2 lineup=random"
    );
    assert_eq!(
        labels[1],
        "scoring=simple mode=board players=2 lineup=greedy,random"
    );
    assert_eq!(
        labels[2],
        "scoring=simple mode=stroll players=2 lineup=random"
    );
    assert_eq!(
        labels[15],
        "scoring=advanced mode=stroll players=3 lineup=greedy,random"
    );
    assert_eq!(
        c[15].part.run.game,
        "seashells(mode=stroll,scoring=advanced,bottles=spend)"
    );
    // Two specs at 3 players: the first against the second twice.
    assert_eq!(c[15].part.run.lineup(), ["greedy", "random", "random"]);
    // At least 10 games: whole deals of 3 rotations.
    assert_eq!(c[15].part.run.games(), 12);
    assert_eq!(c[0].part.run.games(), 10);
    assert!(c.iter().all(|c| c.part.run.seed == 3));
}

#[test]
fn a_sub_key_sets_one_count_of_a_list() {
    let s = sweep("shell-dash", &[2], &["deck.Shell=8,20"], &[&["random"]]);
    let c = s.combinations(100).unwrap();
    assert_eq!(
        c[1].part.run.game,
        "shell-dash(deck=Sand:16,Wave:10,Flip-Flop:6,Jellyfish:8,Sun:6,Shell:20,max_turns=200,reshuffle=choice)"
    );
}

#[test]
fn refusals_name_the_combination() {
    let err = |s: SweepSpec| s.combinations(100).unwrap_err().to_string();
    assert_eq!(
        err(sweep("seaside", &[2], &["colour=1,2"], &[&["random"]])),
        "`colour` is not an option of seaside (its options: removed, tokens, tokens_file, compensation, start_tokens)"
    );
    assert!(
        err(sweep(
            "seaside",
            &[2, 3],
            &["removed=60,70"],
            &[&["random"]]
        ))
        .starts_with("combination removed=70, players=2: "),
    );
    assert!(
        err(sweep(
            "shell-dash",
            &[2, 3],
            &["max_turns=10"],
            &[&["random"]]
        ))
        .starts_with("combination max_turns=10, players=3: "),
    );
    assert_eq!(
        err(sweep(
            "seaside",
            &[2],
            &["removed=1,2", "removed=3"],
            &[&["random"]]
        )),
        "`removed` is varied twice (give all its values in one --vary)"
    );
    let many = sweep("seaside", &[2, 3], &["removed=0..=69"], &[&["random"]]);
    assert_eq!(
        many.combinations(100).unwrap_err().to_string(),
        "140 combinations, more than the cap of 100 (vary fewer values, or give --force to play them all)"
    );
    assert!(
        err(sweep(
            "seashells",
            &[4],
            &[],
            &[&["random", "greedy", "random"]]
        ))
        .starts_with("combination players=4: a lineup of 3 specs does not fit")
    );
}

#[test]
fn each_metric_has_its_value_on_hand_built_game_results() {
    // Six games of `a` against two `b` at 3 players (two deals of three
    // rotations): lengths 10, 13, 8, 9, 12, 11 decisions (half as many
    // turns, rounded down), two shared wins, seat 0 scoring 5, 4, 6, 1, 2,
    // 3 and winning 1 + 1/2 + 1 + 0 + 0 + 1/3 games, margins 2, 0, 4, 2,
    // 5, 0.
    let totals = crate::tournament::totals::tests::hand_made_totals();
    let plan = Plan {
        parts: vec![Part {
            values: vec![],
            run: three_player_spec(2),
        }],
    };
    let header = metrics_header(&plan, &[]);
    let names: Vec<&str> = header.trim_end().split(',').collect();
    let rows = metrics_rows(&plan, std::slice::from_ref(&totals), &[]);
    let rows: Vec<Vec<&str>> = rows.lines().map(|r| r.split(',').collect()).collect();
    // Three seats (rotated), then the two bots.
    assert_eq!(rows.len(), 5);
    let get =
        |row: usize, column: &str| rows[row][names.iter().position(|n| *n == column).unwrap()];
    assert_eq!(get(0, "games"), "6");
    assert_eq!(get(0, "win_share"), "0.4722");
    assert_eq!(get(0, "mean_score"), "3.500");
    assert_eq!(get(0, "tie_rate"), "0.3333");
    assert_eq!(get(0, "mean_plies"), "10.500");
    assert_eq!(get(0, "mean_turns"), "5.000");
    assert_eq!(get(0, "mean_margin"), "2.167");
    assert_eq!(get(0, "seat_ratio"), "1.4167");
    assert_eq!(get(0, "paired_diff"), "");
    assert_eq!(get(0, "skill_elo"), "");
    // The bots: `a` 6 seat-games, `b` 12.
    assert_eq!(get(3, "games"), "6");
    assert_eq!(get(4, "games"), "12");
    assert_eq!(get(3, "seat_ratio"), "");
    assert!(!get(3, "paired_diff").is_empty());
    let first: f64 = get(3, "paired_diff").parse().unwrap();
    let second: f64 = get(4, "paired_diff").parse().unwrap();
    assert_eq!(first, -second);
    assert_eq!(get(0, "max_seat_ratio"), get(4, "max_seat_ratio"));
    assert!(rows.iter().all(|r| r.len() == names.len()));
}
