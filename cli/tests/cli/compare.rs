//! End-to-end tests of `compare.csv` (`sweep --baseline`, an experiment's
//! `baseline`): paired differences checked against a direct per-deal
//! computation on the sweep's own games.csv, the same file after merging
//! shards, and baselines refused with one line (file, line and key in an
//! experiment file).

use std::collections::BTreeMap;
use std::path::Path;

use crate::common::{csv_table, file_refused, names, refused, run, s, stderr, temp_dir};

fn ok(args: &[&str]) {
    let o = run(args);
    assert!(o.status.success(), "{args:?}: {}", stderr(&o));
}

fn sweep(out: &Path, extra: &[&str]) -> Vec<String> {
    let mut args: Vec<String> = [
        "sweep",
        "--game",
        "seaside",
        "--players",
        "2,3",
        "--vary",
        "removed=0,20",
        "--bots",
        "random",
        "--bots",
        "greedy,random",
        "--games",
        "40",
        "--seed",
        "3",
        "--quiet",
        "--out",
        s(out),
    ]
    .iter()
    .map(|a| a.to_string())
    .collect();
    args.extend(extra.iter().map(|a| a.to_string()));
    args
}

const BASELINE: &[&str] = &[
    "--baseline",
    "players=2,removed=0",
    "--margin",
    "seat_ratio=0.3",
    "--margin",
    "mean_turns=5",
];

/// Per deal, the mean of `value` over the rows of one combination (and
/// one seat, if given): deal → (sum, count).
fn per_deal(
    games: &[BTreeMap<String, String>],
    removed: &str,
    players: &str,
    lineup: &str,
    seat: Option<&str>,
    value: impl Fn(&BTreeMap<String, String>) -> f64,
) -> BTreeMap<u64, f64> {
    let mut sums: BTreeMap<u64, (f64, f64)> = BTreeMap::new();
    for r in games {
        if r["removed"] == removed
            && r["players"] == players
            && r["lineup"] == lineup
            && seat.is_none_or(|s| r["seat"] == s)
        {
            let e = sums.entry(r["deal"].parse().unwrap()).or_default();
            e.0 += value(r);
            e.1 += 1.0;
        }
    }
    sums.into_iter().map(|(d, (s, n))| (d, s / n)).collect()
}

/// Mean and 95% half-width of per-deal differences.
fn paired(a: &BTreeMap<u64, f64>, b: &BTreeMap<u64, f64>) -> (f64, f64) {
    assert_eq!(a.keys().collect::<Vec<_>>(), b.keys().collect::<Vec<_>>());
    let d: Vec<f64> = a.iter().map(|(k, v)| v - b[k]).collect();
    let n = d.len() as f64;
    let m = d.iter().sum::<f64>() / n;
    let var = d.iter().map(|x| (x - m).powi(2)).sum::<f64>() / (n - 1.0);
    (m, 1.959_963_984_540_054 * (var / n).sqrt())
}

fn close(cell: &str, want: f64, decimals: i32) {
    let got: f64 = cell.parse().unwrap();
    assert!(
        (got - want).abs() <= 0.51 * 10f64.powi(-decimals),
        "{got} vs {want}"
    );
}

#[test]
fn paired_differences_are_those_of_a_direct_per_deal_computation() {
    let dir = temp_dir();
    let out = dir.path().join("s");
    ok(&strs(&sweep(&out, BASELINE)));
    assert_eq!(
        names(&out),
        ["compare.csv", "games.csv", "manifest.json", "metrics.csv"]
    );
    let games = csv_table(&out.join("games.csv"));
    let compare = csv_table(&out.join("compare.csv"));
    let header = std::fs::read_to_string(out.join("compare.csv")).unwrap();
    assert_eq!(
        header.lines().next().unwrap(),
        "removed,players,lineup,seat,bot,metric,value,baseline_value,diff,diff_low95,\
         diff_high95,paired,margin,verdict"
    );
    let get = |removed: &str, players: &str, lineup: &str, seat: &str, metric: &str| {
        compare
            .iter()
            .find(|r| {
                r["removed"] == removed
                    && r["players"] == players
                    && r["lineup"] == lineup
                    && r["seat"] == seat
                    && r["metric"] == metric
            })
            .unwrap_or_else(|| panic!("no row {removed} {players} {lineup} {seat} {metric}"))
            .clone()
    };
    let share = |r: &BTreeMap<String, String>| r["win_share"].parse::<f64>().unwrap();
    let turns = |r: &BTreeMap<String, String>| r["turns"].parse::<f64>().unwrap();
    let mixed = "greedy(worlds=8),random";
    let mut checked = 0;
    for lineup in ["random", mixed] {
        for seat in ["0", "1"] {
            let base = per_deal(&games, "0", "2", lineup, Some(seat), share);
            let other = per_deal(&games, "20", "2", lineup, Some(seat), share);
            let (m, h) = paired(&other, &base);
            let row = get("20", "2", lineup, seat, "seat_ratio");
            assert_eq!(row["paired"], "true");
            assert_eq!(row["margin"], "0.3");
            close(&row["diff"], 2.0 * m, 4);
            close(&row["diff_low95"], 2.0 * (m - h), 4);
            close(&row["diff_high95"], 2.0 * (m + h), 4);
            checked += 1;
        }
        // Whole-game length against the 2-player baseline, at 3 players
        // too: deal d has the same seed at every player count.
        for players in ["2", "3"] {
            let base = per_deal(&games, "0", "2", lineup, Some("0"), turns);
            let other = per_deal(&games, "20", players, lineup, Some("0"), turns);
            let row = get("20", players, lineup, "all", "mean_turns");
            if other.len() == base.len() {
                let (m, h) = paired(&other, &base);
                assert_eq!(row["paired"], "true", "{players} {lineup}");
                close(&row["diff"], m, 3);
                close(&row["diff_low95"], m - h, 3);
                checked += 1;
            } else {
                // 40 games are 20 deals at 2 players, 14 at 3 (rotated).
                assert_eq!(row["paired"], "false", "{players} {lineup}");
            }
        }
    }
    assert_eq!(checked, 4 + 3);
    // Against another player count: no seat-by-seat rows.
    assert!(
        !compare
            .iter()
            .any(|r| r["players"] == "3" && r["metric"] == "seat_ratio")
    );
    assert!(
        compare
            .iter()
            .any(|r| r["players"] == "3" && r["metric"] == "max_seat_ratio")
    );
    // Verdicts only where a margin is given.
    for r in &compare {
        assert_eq!(r["verdict"] == "none", r["margin"].is_empty(), "{r:?}");
    }
}

fn strs(v: &[String]) -> Vec<&str> {
    v.iter().map(String::as_str).collect()
}

#[test]
fn merged_shards_write_the_same_compare_csv() {
    let dir = temp_dir();
    let whole = dir.path().join("whole");
    ok(&strs(&sweep(&whole, BASELINE)));
    let pattern = dir.path().join("part-{shard}");
    for i in 0..2 {
        let shard = format!("{i}/2");
        let mut extra = BASELINE.to_vec();
        extra.extend(["--shard", &shard]);
        ok(&strs(&sweep(&pattern, &extra)));
        assert!(!dir.path().join(format!("part-{i}/compare.csv")).exists());
    }
    let merged = dir.path().join("merged");
    let parts: Vec<String> = (0..2)
        .map(|i| s(&dir.path().join(format!("part-{i}"))).to_string())
        .collect();
    ok(&[
        "merge",
        &parts[0],
        &parts[1],
        "--out",
        s(&merged),
        "--quiet",
    ]);
    let read = |p: &Path| std::fs::read_to_string(p.join("compare.csv")).unwrap();
    assert_eq!(read(&whole), read(&merged));
}

#[test]
fn baselines_that_match_nothing_or_several_combinations_are_refused() {
    let dir = temp_dir();
    let out = dir.path().join("out");
    for (extra, want) in [
        (
            vec!["--baseline", "players=4,removed=0"],
            "--baseline: the baseline players=4,removed=0 matches no combination",
        ),
        (
            vec!["--baseline", "players=2,removed=0,lineup=greedy"],
            "matches no combination",
        ),
        (vec!["--baseline", "colour=red"], "`colour` is not a column"),
        (
            vec!["--margin", "seat_ratio=0.1"],
            "--margin needs --baseline",
        ),
        (
            vec!["--baseline", "players=2,removed=0", "--margin", "length=3"],
            "--margin: `length` is not a compared metric",
        ),
    ] {
        refused(&strs(&sweep(&out, &extra)), want, &out);
    }
}

/// A baseline that leaves `players` out compares each player count with
/// its own: the 3-player rows have seat rows and 3-player baseline values.
#[test]
fn a_baseline_without_players_compares_each_player_count_with_its_own() {
    let dir = temp_dir();
    let out = dir.path().join("own");
    ok(&strs(&sweep(&out, &["--baseline", "removed=0"])));
    let compare = csv_table(&out.join("compare.csv"));
    let metrics = csv_table(&out.join("metrics.csv"));
    for players in ["2", "3"] {
        let base = metrics
            .iter()
            .find(|r| {
                r["removed"] == "0"
                    && r["players"] == players
                    && r["lineup"] == "random"
                    && r["seat"] == "0"
            })
            .unwrap();
        let row = compare
            .iter()
            .find(|r| {
                r["removed"] == "20"
                    && r["players"] == players
                    && r["lineup"] == "random"
                    && r["seat"] == "0"
                    && r["metric"] == "seat_ratio"
            })
            .unwrap_or_else(|| panic!("no seat row at {players} players"));
        assert_eq!(row["baseline_value"], base["seat_ratio"]);
        assert_eq!(row["paired"], "true");
    }
}

/// An experiment file's baseline and margins: compare.csv is written, and
/// a bad baseline or margin is refused naming the file, the line and the
/// key.
#[test]
fn an_experiment_files_baseline_writes_compare_csv_and_bad_ones_name_the_line() {
    let dir = temp_dir();
    let file = dir.path().join("cmp.toml");
    let head = "kind = \"sweep\"\ngame = \"seaside\"\nplayers = [2, 3]\nbots = \"random\"\n\
                games = 8\nvary = { removed = [0, 20] }\n";
    std::fs::write(
        &file,
        format!("{head}baseline = {{ players = 3, removed = 0 }}\nmargins = {{ seat_ratio = 0.1, mean_turns = 3 }}\n"),
    )
    .unwrap();
    let out = dir.path().join("out");
    ok(&["run", s(&file), "--out", s(&out), "--quiet"]);
    let compare = csv_table(&out.join("compare.csv"));
    // 3 players: 3 seats and 5 whole-game rows; 2 players: the 5 alone.
    assert_eq!(compare.len(), 2 * (3 + 5) + 2 * 5);
    let row = compare
        .iter()
        .find(|r| r["removed"] == "20" && r["players"] == "3" && r["metric"] == "mean_turns")
        .unwrap();
    assert_eq!(row["margin"], "3");
    let manifest = std::fs::read_to_string(out.join("manifest.json")).unwrap();
    assert!(manifest.contains("players=3,removed=0"), "{manifest}");
    for (tail, line, want) in [
        (
            "baseline = { players = 4, removed = 0 }\n",
            7,
            "baseline: the baseline players=4,removed=0 matches no combination",
        ),
        (
            "baseline = { players = 2, removed = 0 }\nmargins = { length = 3 }\n",
            8,
            "margins.length: `length` is not a compared metric",
        ),
        (
            "baseline = { players = 2, removed = 0 }\nmargins = { seat_ratio = \"x\" }\n",
            8,
            "margins.seat_ratio: the margin of seat_ratio",
        ),
        (
            "margins = { seat_ratio = 0.1 }\n",
            7,
            "`margins` needs a `baseline`",
        ),
    ] {
        std::fs::write(&file, format!("{head}{tail}")).unwrap();
        file_refused(&file, &dir.path().join("bad"), line, want);
    }
}

/// A sweep run again into its folder without `--baseline` removes the
/// compare.csv of the earlier run (its verdicts would be read beside the
/// new results).
#[test]
fn a_run_without_a_baseline_removes_a_stale_compare_csv() {
    let dir = temp_dir();
    let out = dir.path().join("s");
    ok(&strs(&sweep(&out, &["--baseline", "players=2,removed=0"])));
    assert!(out.join("compare.csv").exists());
    ok(&strs(&sweep(&out, &[])));
    assert_eq!(names(&out), ["games.csv", "manifest.json", "metrics.csv"]);
}

/// `--seats` names the seat rows of compare.csv as a criterion's `seats`
/// does (each seat choice), and is refused without a baseline or when
/// malformed.
#[test]
fn seats_flag_names_the_rows_and_is_refused_alone_or_malformed() {
    let dir = temp_dir();
    let rows_of = |extra: &[&str]| {
        let out = dir.path().join(extra.join("_").replace(',', "+"));
        let mut args = sweep(&out, BASELINE);
        args.extend(extra.iter().map(|a| a.to_string()));
        let args: Vec<&str> = args.iter().map(String::as_str).collect();
        ok(&args);
        csv_table(&out.join("compare.csv"))
            .into_iter()
            .filter(|r| r["removed"] == "20" && r["players"] == "2" && r["lineup"] == "random")
            .map(|r| format!("{}:{}", r["metric"], r["seat"]))
            .filter(|m| m.contains("seat"))
            .collect::<Vec<_>>()
    };
    assert_eq!(
        rows_of(&[]),
        [
            "seat_ratio:0",
            "seat_ratio:1",
            "max_seat_ratio:all",
            "min_seat_ratio:all",
            "seat_gap:all"
        ]
    );
    assert_eq!(rows_of(&["--seats", "first"]), ["seat_ratio:0"]);
    assert_eq!(rows_of(&["--seats", "1"]), ["seat_ratio:1"]);
    assert_eq!(
        rows_of(&["--seats", "best-worst"]),
        ["max_seat_ratio:all", "min_seat_ratio:all", "seat_gap:all"]
    );
    let out = dir.path().join("refused");
    let alone = sweep(&out, &["--seats", "first"]);
    let alone: Vec<&str> = alone.iter().map(String::as_str).collect();
    refused(
        &alone,
        "--seats needs --baseline (the seats compared with it)",
        &out,
    );
    let mut bad = sweep(&out, BASELINE);
    bad.extend(["--seats".to_string(), "0,0".to_string()]);
    let bad: Vec<&str> = bad.iter().map(String::as_str).collect();
    refused(
        &bad,
        "--seats: seats `0,0` are none of `first`, `each`, `best-worst` or a list of distinct seat numbers",
        &out,
    );
}
