//! End-to-end tests of `trends.csv` (written with `compare.csv`): a trend
//! on a numeric key checked against a fit of the values computed directly
//! from the sweep's own games.csv (clustered by deal), the same file after
//! merging shards, declared trends from flags and from an experiment file,
//! and bad trends refused with one line.

use std::collections::BTreeMap;
use std::path::Path;

use beachcomber::stats::trend::{Fit, fit_trend};

use crate::common::{csv_table, file_refused, names, refused, run, s, stderr, temp_dir};

fn ok(args: &[String]) {
    let a: Vec<&str> = args.iter().map(String::as_str).collect();
    let o = run(&a);
    assert!(o.status.success(), "{args:?}: {}", stderr(&o));
}

/// A rotated Shell Dash sweep over three Shell counts, compared with 14.
fn sweep(out: &Path, extra: &[&str]) -> Vec<String> {
    let mut args: Vec<String> = [
        "sweep",
        "--game",
        "shell-dash",
        "--players",
        "2",
        "--vary",
        "deck.Shell=10,14,18",
        "--bots",
        "random",
        "--deals",
        "150",
        "--seed",
        "5",
        "--quiet",
        "--baseline",
        "deck.Shell=14",
        "--out",
        s(out),
    ]
    .iter()
    .map(|a| a.to_string())
    .collect();
    args.extend(extra.iter().map(|a| a.to_string()));
    args
}

/// Per Shell count: seat 0's ratio (2 × its mean win share over the
/// games) with its cluster-robust (by deal) standard error, and the mean
/// length, computed from games.csv.
fn direct(games: &[BTreeMap<String, String>]) -> BTreeMap<u32, (f64, f64, f64)> {
    // shells -> deal -> (seat 0's ratio sum, games, turns sum)
    let mut deals: BTreeMap<u32, BTreeMap<u64, (f64, f64, f64)>> = BTreeMap::new();
    for r in games.iter().filter(|r| r["seat"] == "0") {
        let shells: u32 = r["deck.Shell"].parse().unwrap();
        let deal: u64 = r["deal"].parse().unwrap();
        let share: f64 = r["win_share"].parse().unwrap();
        let turns: f64 = r["turns"].parse().unwrap();
        let e = deals.entry(shells).or_default().entry(deal).or_default();
        e.0 += 2.0 * share;
        e.1 += 1.0;
        e.2 += turns;
    }
    deals
        .into_iter()
        .map(|(shells, d)| {
            let n: f64 = d.values().map(|v| v.1).sum();
            let m = d.values().map(|v| v.0).sum::<f64>() / n;
            let g = d.len() as f64;
            let ss: f64 = d.values().map(|v| (v.0 - v.1 * m).powi(2)).sum();
            let se = (g / (g - 1.0) * ss).sqrt() / n;
            let turns = d.values().map(|v| v.2).sum::<f64>() / n;
            (shells, (m, se, turns))
        })
        .collect()
}

#[test]
fn a_trend_on_a_numeric_key_and_on_the_length_fit_the_games_own_values() {
    let dir = temp_dir();
    let out = dir.path().join("deck");
    ok(&sweep(&out, &["--trend", "mean_turns:log:deck.Shell"]));
    let games = csv_table(&out.join("games.csv"));
    let values = direct(&games);
    let trends = csv_table(&out.join("trends.csv"));
    let find = |x: &str, seat: &str, metric: &str| {
        trends
            .iter()
            .find(|r| r["x"] == x && r["seat"] == seat && r["metric"] == metric)
            .unwrap_or_else(|| panic!("no trend {x} {seat} {metric}"))
            .clone()
    };
    let check = |row: &BTreeMap<String, String>, points: &[(f64, f64, f64)], fit: Fit| {
        let want = fit_trend(points, fit).unwrap();
        let got = |c: &str| row[c].parse::<f64>().unwrap();
        // games.csv rounds win shares to 4 decimals (exact at 2 players).
        for (c, w) in [
            ("slope", want.slope),
            ("slope_low95", want.slope_low95),
            ("slope_high95", want.slope_high95),
            ("intercept", want.intercept),
        ] {
            assert!((got(c) - w).abs() < 2e-6, "{c}: {} against {w}", row[c]);
        }
        assert_eq!(row["points"], "3");
    };
    let on_key: Vec<(f64, f64, f64)> = values
        .iter()
        .map(|(&k, &(m, se, _))| (f64::from(k), m, se))
        .collect();
    let row = find("deck.Shell", "0", "seat_ratio");
    assert_eq!(row["deck.Shell"], "*");
    assert_eq!(row["fit"], "linear");
    check(&row, &on_key, Fit::Linear);
    let on_length: Vec<(f64, f64, f64)> = values
        .values()
        .map(|&(m, se, turns)| (turns, m, se))
        .collect();
    let row = find("mean_turns", "0", "seat_ratio");
    assert_eq!(row["fit"], "log");
    check(&row, &on_length, Fit::Log);
    // The declared trend is kept for merge.
    let manifest = std::fs::read_to_string(out.join("manifest.json")).unwrap();
    assert!(manifest.contains("mean_turns:log:deck.Shell"), "{manifest}");
}

#[test]
fn merged_shards_write_the_same_trends_csv() {
    let dir = temp_dir();
    let whole = dir.path().join("whole");
    let trend = ["--trend", "tie_rate:linear:deck.Shell"];
    ok(&sweep(&whole, &trend));
    let pattern = dir.path().join("part-{shard}");
    for i in 0..2 {
        let shard = format!("{i}/2");
        let mut extra = trend.to_vec();
        extra.extend(["--shard", &shard]);
        ok(&sweep(&pattern, &extra));
        assert!(!dir.path().join(format!("part-{i}/trends.csv")).exists());
    }
    let merged = dir.path().join("merged");
    let part = |i: usize| s(&dir.path().join(format!("part-{i}"))).to_string();
    ok(&[
        "merge".to_string(),
        part(0),
        part(1),
        "--out".to_string(),
        s(&merged).to_string(),
        "--quiet".to_string(),
    ]);
    let read = |p: &Path| std::fs::read_to_string(p.join("trends.csv")).unwrap();
    assert_eq!(read(&whole), read(&merged));
    assert!(read(&whole).contains(",tie_rate,linear,"));
}

#[test]
fn bad_trends_are_refused_and_a_run_without_a_baseline_removes_a_stale_one() {
    let dir = temp_dir();
    let out = dir.path().join("out");
    let strs = |v: &[String]| {
        v.iter()
            .map(String::as_str)
            .map(str::to_string)
            .collect::<Vec<_>>()
    };
    for (extra, want) in [
        (
            vec!["--trend", "mean_turns"],
            "--trend: `mean_turns`: a metric x needs the varied keys",
        ),
        (
            vec!["--trend", "colour"],
            "`colour` is not a varied key of the sweep (its varied keys: deck.Shell)",
        ),
        (
            vec!["--trend", "deck.Shell:cubic"],
            "the fit `cubic` is neither `linear` nor `log`",
        ),
    ] {
        let args = strs(&sweep(&out, &extra));
        let a: Vec<&str> = args.iter().map(String::as_str).collect();
        refused(&a, want, &out);
    }
    // Without --baseline.
    let args: Vec<String> = sweep(&out, &["--trend", "deck.Shell"])
        .into_iter()
        .filter(|a| a != "--baseline" && a != "deck.Shell=14")
        .collect();
    let a: Vec<&str> = args.iter().map(String::as_str).collect();
    refused(&a, "--trend needs --baseline", &out);
    // A stale trends.csv goes with compare.csv.
    let s1 = dir.path().join("s");
    ok(&sweep(&s1, &[]));
    assert!(s1.join("trends.csv").exists());
    let plain: Vec<String> = sweep(&s1, &[])
        .into_iter()
        .filter(|a| a != "--baseline" && a != "deck.Shell=14")
        .collect();
    ok(&plain);
    assert_eq!(names(&s1), ["games.csv", "manifest.json", "metrics.csv"]);
}

/// `[criterion]`'s `trends`: written into trends.csv; a bad one names the
/// file, the line and the item.
#[test]
fn an_experiment_files_trends_are_written_and_bad_ones_name_the_line() {
    let dir = temp_dir();
    let file = dir.path().join("t.toml");
    let head = "kind = \"sweep\"\ngame = \"shell-dash\"\nplayers = 2\nbots = \"random\"\n\
                games = 8\nvary = { \"deck.Shell\" = [10, 14], \"deck.Jellyfish\" = [6, 8] }\n\
                [criterion]\nbaseline = { \"deck.Shell\" = 14, \"deck.Jellyfish\" = 8 }\n";
    std::fs::write(
        &file,
        format!("{head}trends = [{{ x = \"mean_turns\", fit = \"log\", over = [\"deck.Shell\", \"deck.Jellyfish\"] }}]\n"),
    )
    .unwrap();
    let out = dir.path().join("out");
    let o = run(&["run", s(&file), "--out", s(&out), "--quiet"]);
    assert!(o.status.success(), "{}", stderr(&o));
    let trends = csv_table(&out.join("trends.csv"));
    // One series per seat and for ties, all four decks pooled.
    let row = trends.iter().find(|r| r["seat"] == "0").unwrap();
    assert_eq!(
        (row["deck.Shell"].as_str(), row["deck.Jellyfish"].as_str()),
        ("*", "*")
    );
    assert_eq!(
        (
            row["x"].as_str(),
            row["fit"].as_str(),
            row["points"].as_str()
        ),
        ("mean_turns", "log", "4")
    );
    for (tail, want) in [
        (
            "trends = [{ x = \"mean_turns\", fit = \"cubic\", over = [\"deck.Shell\"] }]\n",
            "criterion.trends (item 1): fit `cubic`",
        ),
        (
            "trends = [{ x = \"mean_turns\", over = [\"colour\"] }]\n",
            "criterion.trends (item 1): `mean_turns:linear:colour`: `colour` is not a varied key",
        ),
        (
            "trends = [{ x = \"deck.Shell\" }, { x = \"seat_ratio\", over = [\"deck.Shell\"] }]\n",
            "criterion.trends (item 2): the metric `seat_ratio` has no one value",
        ),
    ] {
        std::fs::write(&file, format!("{head}{tail}")).unwrap();
        file_refused(&file, &dir.path().join("bad"), 9, want);
    }
}
