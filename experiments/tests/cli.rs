//! End-to-end tests of the `beachcomber` binary: reproducibility, records,
//! replay verification and bad input. They use the toy game `pebbles` (fast)
//! and every real game.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

fn bin() -> Command {
    Command::new(env!("CARGO_BIN_EXE_beachcomber"))
}

fn run(args: &[&str]) -> Output {
    bin().args(args).output().expect("binary runs")
}

fn temp_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("beachcomber-cli-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn s(p: &Path) -> &str {
    p.to_str().unwrap()
}

fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

/// The games of the product, with a player count and a small game count.
pub const GAMES: &[(&str, &str)] = &[
    ("pebbles", "3"),
    ("seashells", "4"),
    ("seashells(mode=stroll,scoring=advanced)", "2"),
    ("seaside", "3"),
    ("seaside(removed=5)", "1"),
    ("shell-dash", "2"),
    ("shell-dash(max_turns=30)", "1"),
];

#[test]
fn tournament_output_is_identical_for_any_thread_count() {
    let dir = temp_dir("threads");
    for (game, players) in GAMES {
        let mut outputs = Vec::new();
        for threads in ["1", "2", "3"] {
            let tag: String = game.chars().filter(|c| c.is_ascii_alphanumeric()).collect();
            let csv = dir.join(format!("{tag}-{threads}.csv"));
            let rec = dir.join(format!("{tag}-{threads}.jsonl"));
            let sum = dir.join(format!("{tag}-{threads}-summary.csv"));
            let o = run(&[
                "tournament",
                "--game",
                game,
                "--players",
                players,
                "--games",
                "60",
                "--seed",
                "9",
                "--threads",
                threads,
                "--quiet",
                "--out",
                s(&csv),
                "--record",
                s(&rec),
                "--summary",
                s(&sum),
            ]);
            assert!(o.status.success(), "{game}: {}", stderr(&o));
            outputs.push((
                std::fs::read(&csv).unwrap(),
                std::fs::read(&rec).unwrap(),
                std::fs::read(&sum).unwrap(),
            ));
        }
        assert_eq!(outputs[0], outputs[1], "{game}: 1 vs 2 threads");
        assert_eq!(outputs[0], outputs[2], "{game}: 1 vs 3 threads");
        let csv = String::from_utf8(outputs[0].0.clone()).unwrap();
        let players: usize = players.parse().unwrap();
        assert_eq!(
            csv.lines().count(),
            1 + 60 * players,
            "{game}: one row per seat per game"
        );
        let records = String::from_utf8(outputs[0].1.clone()).unwrap();
        assert_eq!(records.lines().count(), 60);
        // The records replay.
        let tag: String = game.chars().filter(|c| c.is_ascii_alphanumeric()).collect();
        let rec = dir.join(format!("{tag}-1.jsonl"));
        let o = run(&["replay", s(&rec), "--index", "59", "--brief"]);
        assert!(o.status.success(), "{game}: {}", stderr(&o));
        assert!(String::from_utf8_lossy(&o.stdout).contains("60 record(s) verified"));
    }
}

#[test]
fn different_seeds_give_different_games() {
    let dir = temp_dir("seeds");
    let a = dir.join("a.jsonl");
    let b = dir.join("b.jsonl");
    for (seed, path) in [("1", &a), ("2", &b)] {
        let o = run(&[
            "tournament",
            "--game",
            "pebbles",
            "--players",
            "2",
            "--games",
            "20",
            "--seed",
            seed,
            "--quiet",
            "--record",
            s(path),
        ]);
        assert!(o.status.success(), "{}", stderr(&o));
    }
    assert_ne!(std::fs::read(&a).unwrap(), std::fs::read(&b).unwrap());
}

#[test]
fn replay_rejects_a_tampered_record_and_names_it() {
    let dir = temp_dir("tamper");
    let rec = dir.join("r.jsonl");
    let o = run(&[
        "tournament",
        "--game",
        "pebbles",
        "--players",
        "2",
        "--games",
        "3",
        "--quiet",
        "--record",
        s(&rec),
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    let text = std::fs::read_to_string(&rec).unwrap();
    let mut lines: Vec<String> = text.lines().map(String::from).collect();
    // Change the recorded winner of the second game.
    let mut v: serde_json::Value = serde_json::from_str(&lines[1]).unwrap();
    let winners = v["result"]["winners"].as_array().unwrap().clone();
    v["result"]["winners"] = serde_json::json!(if winners == vec![serde_json::json!(0)] {
        [1]
    } else {
        [0]
    });
    lines[1] = v.to_string();
    std::fs::write(&rec, lines.join("\n")).unwrap();
    let o = run(&["replay", s(&rec), "--verify-only"]);
    assert!(!o.status.success());
    let err = stderr(&o);
    assert!(err.contains("line 2 (record 1"), "{err}");
    assert_eq!(err.lines().count(), 1, "one-line error: {err}");
    // Not JSON at all.
    std::fs::write(&rec, "{not json\n").unwrap();
    let o = run(&["replay", s(&rec)]);
    assert!(!o.status.success());
    assert!(
        stderr(&o).contains("line 1: not a game record"),
        "{}",
        stderr(&o)
    );
}

#[test]
fn bad_input_is_a_one_line_error_and_leaves_no_file() {
    let dir = temp_dir("bad");
    let out = dir.join("out.csv");
    let cases: &[(&[&str], &str)] = &[
        (
            &["--game", "chess", "--players", "2"],
            "unknown game `chess`",
        ),
        (
            &["--game", "pebbles(x=1)", "--players", "2"],
            "takes no options",
        ),
        (&["--game", "pebbles", "--players", "9"], "2 to 5 players"),
        (
            &["--game", "pebbles", "--players", "2", "--bots", "clever"],
            "unknown bot `clever`",
        ),
        (
            &[
                "--game",
                "pebbles",
                "--players",
                "2",
                "--bots",
                "random,random,random",
            ],
            "3 specs for 2 players",
        ),
        (&["--game", "pebbles(", "--players", "2"], "malformed spec"),
        (&["--game", "seashells", "--players", "6"], "players"),
        (
            &["--game", "seashells(mode=hex)", "--players", "2"],
            "board|stroll",
        ),
        (
            &["--game", "seaside(removed=70)", "--players", "3"],
            "removed",
        ),
        (&["--game", "shell-dash", "--players", "3"], "players"),
        (
            &["--game", "shell-dash(deck=Sand:3)", "--players", "2"],
            "deck",
        ),
    ];
    for (args, expected) in cases {
        let mut all = vec!["tournament", "--games", "5", "--quiet", "--out", s(&out)];
        all.extend_from_slice(args);
        let o = run(&all);
        assert!(!o.status.success(), "{args:?} succeeded");
        let err = stderr(&o);
        assert!(err.contains(expected), "{args:?}: {err}");
        assert_eq!(err.lines().count(), 1, "{args:?}: {err}");
        assert!(!err.contains("panicked"), "{err}");
        assert!(!out.exists(), "{args:?} left an output file");
    }
    let o = run(&[
        "tournament",
        "--game",
        "pebbles",
        "--players",
        "2",
        "--out",
        "/nonexistent-dir/x.csv",
    ]);
    assert!(!o.status.success());
    assert!(stderr(&o).contains("cannot write"), "{}", stderr(&o));
    let o = run(&["replay", "/nonexistent-dir/x.jsonl"]);
    assert!(!o.status.success());
    assert!(stderr(&o).contains("cannot read"), "{}", stderr(&o));
    // No temporary files are left behind either.
    assert_eq!(std::fs::read_dir(&dir).unwrap().count(), 0);
}
