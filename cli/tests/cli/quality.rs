//! End-to-end tests of the game-quality metrics (`--quality`, `quality =
//! true`): they add their columns to games.csv and metrics.csv and change
//! nothing else, at any thread count and through shards and a merge; a
//! tournament prints them; an experiment file asks for them.

use std::path::Path;

use crate::common::{ok, read, run, s, stderr, temp_dir};

/// The game-quality metrics' columns of games.csv and of metrics.csv.
const GAME_COLUMNS: &str = "lead_changes,drama,decisiveness,comeback,branching";
const METRICS_COLUMNS: &str = "mean_lead_changes,lead_changes_ci95,mean_drama,drama_ci95,\
mean_decisiveness,decisiveness_ci95,comeback_rate,comeback_low95,comeback_high95,\
mean_branching,branching_ci95";

const SWEEP: &[&str] = &[
    "sweep",
    "--game",
    "seaside",
    "--players",
    "2,3",
    "--vary",
    "removed=20,30",
    "--bots",
    "greedy,random",
    "--deals",
    "8",
    "--seed",
    "3",
    "--quiet",
];

fn sweep(out: &Path, extra: &[&str]) {
    let mut args = SWEEP.to_vec();
    args.extend(["--out", s(out)]);
    args.extend(extra);
    ok(&args);
}

/// Each line of `with` is that of `without` and then `tail(line)`.
fn each_line_extends(with: &str, without: &str, columns: usize) {
    assert_eq!(with.lines().count(), without.lines().count());
    for (a, b) in with.lines().zip(without.lines()) {
        let tail = a
            .strip_prefix(b)
            .unwrap_or_else(|| panic!("{a} extends {b}"));
        assert_eq!(tail.split(',').count(), columns + 1, "{tail}");
    }
}

#[test]
fn quality_columns_come_last_and_change_no_other_byte() {
    let dir = temp_dir();
    let (plain, one, two) = (
        dir.path().join("plain"),
        dir.path().join("one"),
        dir.path().join("two"),
    );
    sweep(&plain, &[]);
    sweep(&one, &["--quality", "--threads", "1"]);
    sweep(&two, &["--quality", "--threads", "2"]);
    for f in ["games.csv", "metrics.csv"] {
        assert_eq!(read(&one.join(f)), read(&two.join(f)), "{f}");
    }
    let (games, plain_games) = (read(&one.join("games.csv")), read(&plain.join("games.csv")));
    let header = games.lines().next().unwrap();
    assert!(
        header.ends_with(&format!("odd_tokens,{GAME_COLUMNS}")),
        "{header}"
    );
    each_line_extends(&games, &plain_games, 5);
    let metrics = read(&one.join("metrics.csv"));
    let plain_metrics = read(&plain.join("metrics.csv"));
    assert!(!plain_metrics.contains("lead_changes"));
    each_line_extends(&metrics, &plain_metrics, 11);
    assert!(metrics.lines().next().unwrap().ends_with(METRICS_COLUMNS));
    // The manifest says so; a plain run's has no such key.
    assert!(read(&one.join("manifest.json")).contains("\"quality\": true"));
    assert!(!read(&plain.join("manifest.json")).contains("quality"));
    // Two shards merged: the same files.
    let shards: Vec<_> = (0..2).map(|i| dir.path().join(format!("s{i}"))).collect();
    for (i, shard) in shards.iter().enumerate() {
        sweep(shard, &["--quality", "--shard", &format!("{i}/2")]);
    }
    let merged = dir.path().join("merged");
    ok(&[
        "merge",
        s(&shards[0]),
        s(&shards[1]),
        "--out",
        s(&merged),
        "--quiet",
    ]);
    for f in ["games.csv", "metrics.csv"] {
        assert_eq!(read(&one.join(f)), read(&merged.join(f)), "{f} merged");
    }
}

#[test]
fn a_tournament_prints_them_and_an_experiment_file_asks_for_them() {
    let dir = temp_dir();
    let out = dir.path().join("games.csv");
    let printed = ok(&[
        "tournament",
        "--game",
        "shell-dash",
        "--players",
        "2",
        "--bots",
        "greedy,random",
        "--games",
        "20",
        "--quality",
        "--out",
        s(&out),
    ]);
    assert!(
        printed
            .lines()
            .any(|l| l.starts_with("game quality (95%): mean_lead_changes ")),
        "{printed}"
    );
    assert!(
        read(&out)
            .lines()
            .next()
            .unwrap()
            .ends_with(&format!("capped,{GAME_COLUMNS}"))
    );
    let plain = ok(&[
        "tournament",
        "--game",
        "shell-dash",
        "--players",
        "2",
        "--bots",
        "greedy,random",
        "--games",
        "20",
    ]);
    assert!(!plain.contains("game quality"));
    // An experiment file: `quality = true`.
    let file = dir.path().join("q.toml");
    std::fs::write(
        &file,
        "kind = \"sweep\"\ngame = \"shell-dash\"\nplayers = 2\nbots = [\"greedy\"]\n\
         games = 20\nquality = true\n[vary]\n\"deck.Shell\" = [10, 14]\n",
    )
    .unwrap();
    let results = dir.path().join("results");
    ok(&["run", s(&file), "--out", s(&results)]);
    let metrics = read(&results.join("metrics.csv"));
    assert!(metrics.lines().next().unwrap().ends_with(METRICS_COLUMNS));
    // A league measures none: refused, naming the key.
    std::fs::write(
        &file,
        "kind = \"league\"\ngame = \"shell-dash\"\nplayers = 2\nbots = [\"greedy\", \"random\"]\n\
         games_per_pairing = 4\nquality = true\n",
    )
    .unwrap();
    let o = run(&["run", s(&file), "--out", s(&dir.path().join("league"))]);
    assert!(!o.status.success());
    assert!(stderr(&o).contains("game-quality"), "{}", stderr(&o));
}
