//! End-to-end tests of the `beachcomber` binary: reproducibility, records,
//! replay verification, bad input, output files and signals. They use the
//! real games with few games or fast bots. Every test works in its own
//! temporary folder, removed at the end.

use crate::common::*;

use std::os::unix::fs::FileTypeExt;
use std::path::Path;
use std::process::{Child, ExitStatus, Output, Stdio};
use std::time::{Duration, Instant};

/// The games of the product, with a player count and a small game count.
pub const GAMES: &[(&str, &str)] = &[
    ("seashells", "4"),
    ("seashells(mode=stroll,scoring=advanced)", "2"),
    ("seaside", "3"),
    ("seaside(removed=5)", "1"),
    ("shell-dash", "2"),
    ("shell-dash(max_turns=30)", "1"),
];

#[test]
fn tournament_output_is_identical_for_any_thread_count() {
    let dir = temp_dir();
    let dir = dir.path();
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
    let dir = temp_dir();
    let dir = dir.path();
    let a = dir.join("a.jsonl");
    let b = dir.join("b.jsonl");
    for (seed, path) in [("1", &a), ("2", &b)] {
        let o = run(&[
            "tournament",
            "--game",
            "shell-dash",
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
    let dir = temp_dir();
    let dir = dir.path();
    let rec = dir.join("r.jsonl");
    let o = run(&[
        "tournament",
        "--game",
        "shell-dash",
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
    // Each forged envelope is refused with its line named, on one line.
    let first: serde_json::Value = serde_json::from_str(text.lines().next().unwrap()).unwrap();
    let forged = |edit: &dyn Fn(&mut serde_json::Value), expected: &str| {
        let mut v = first.clone();
        edit(&mut v);
        std::fs::write(&rec, format!("{}\n{v}\n", text.lines().next().unwrap())).unwrap();
        let o = run(&["replay", s(&rec), "--verify-only"]);
        assert!(!o.status.success(), "{expected}: accepted");
        let err = stderr(&o);
        assert!(
            err.contains("line 2") && err.contains(expected),
            "{expected}: {err}"
        );
        assert_eq!(err.lines().count(), 1, "one-line error: {err}");
    };
    forged(
        &|v| v["bots"][0] = serde_json::json!("clever"),
        "unknown bot `clever`",
    );
    forged(
        &|v| v["bots"] = serde_json::json!(["random"]),
        "1 bot specs for 2 players",
    );
    forged(
        &|v| v["seed"] = serde_json::json!(v["seed"].as_u64().unwrap() ^ 1),
        "does not deal the recorded setup",
    );
    forged(
        &|v| v["referee"] = serde_json::json!("me"),
        "unknown field `referee`",
    );
    // Invalid UTF-8 names its line.
    std::fs::write(
        &rec,
        [
            &text.as_bytes()[..text.find('\n').unwrap() + 1],
            b"{\"game\xff\n",
        ]
        .concat(),
    )
    .unwrap();
    let o = run(&["replay", s(&rec)]);
    assert!(!o.status.success());
    assert!(
        stderr(&o).contains("line 2: not a game record"),
        "{}",
        stderr(&o)
    );
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
    let dir = temp_dir();
    let dir = dir.path();
    let out = dir.join("out.csv");
    let cases: &[(&[&str], &str)] = &[
        (
            &["--game", "chess", "--players", "2"],
            "unknown game `chess`",
        ),
        // The toy game of the library's tests is not part of the product.
        (
            &["--game", "pebbles", "--players", "2"],
            "unknown game `pebbles`",
        ),
        (&["--game", "seashells(x=1)", "--players", "2"], "x"),
        (
            &["--game", "seashells", "--players", "2", "--bots", "clever"],
            "unknown bot `clever`",
        ),
        (
            &[
                "--game",
                "seashells",
                "--players",
                "2",
                "--bots",
                "random,random,random",
            ],
            "3 specs for 2 players",
        ),
        (
            &["--game", "seashells(", "--players", "2"],
            "malformed spec",
        ),
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
        (
            &[
                "--game",
                "seashells",
                "--players",
                "2",
                "--bots",
                "random,greedy",
            ],
            "5 games is not a multiple of the 2 seat rotations",
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
    let o = run_line(&format!(
        "tournament --game seashells --players 2 --deals 0 --out '{}'",
        s(&out)
    ));
    assert_eq!(o.status.code(), Some(2));
    assert_eq!(
        stderr(&o).lines().next(),
        Some("error: invalid value '0' for '--deals <D>': 0 is not in 1..18446744073709551615")
    );
    assert!(!out.exists());
    let o = run_line("tournament --game seashells --players 2 --out /nonexistent-dir/x.csv");
    assert!(!o.status.success());
    assert!(stderr(&o).contains("cannot write"), "{}", stderr(&o));
    let o = run(&["replay", "/nonexistent-dir/x.jsonl"]);
    assert!(!o.status.success());
    assert!(stderr(&o).contains("cannot read"), "{}", stderr(&o));
    // No temporary files are left behind either.
    assert_eq!(names(dir), Vec::<String>::new());
}

/// A quick two-player Shell Dash tournament writing to `extra` outputs.
fn quick(extra: &[&str]) -> Output {
    let mut args = vec![
        "tournament",
        "--game",
        "shell-dash",
        "--players",
        "2",
        "--games",
        "10",
        "--quiet",
    ];
    args.extend_from_slice(extra);
    run(&args)
}

/// A tournament that would play for many minutes: it must be refused
/// before playing, or stopped by a signal.
const SLOW: &[&str] = &[
    "tournament",
    "--game",
    "seaside",
    "--players",
    "2",
    "--games",
    "1",
    "--threads",
    "1",
    "--quiet",
    "--bots",
];

/// Wait for `child` at most `limit` (a guard against hangs, not a timing
/// assertion); kill it and fail past that.
fn wait_at_most(child: &mut Child, limit: Duration) -> ExitStatus {
    let start = Instant::now();
    loop {
        if let Some(status) = child.try_wait().unwrap() {
            return status;
        }
        if start.elapsed() > limit {
            let _ = child.kill();
            let _ = child.wait();
            panic!("the command was still running after {limit:?}");
        }
        std::thread::sleep(Duration::from_millis(20));
    }
}

/// Wait until `pred` holds (polling), at most a minute.
fn wait_until(what: &str, mut pred: impl FnMut() -> bool) {
    let start = Instant::now();
    while !pred() {
        assert!(
            start.elapsed() < Duration::from_secs(60),
            "timed out waiting for {what}"
        );
        std::thread::sleep(Duration::from_millis(10));
    }
}

fn spawn(args: &[&str]) -> Child {
    bin()
        .args(args)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("binary starts")
}

fn stderr_of(child: Child) -> String {
    stderr(&child.wait_with_output().unwrap())
}

#[test]
fn output_to_devices_writes_through_and_keeps_the_device() {
    let dir = temp_dir();
    let rec = dir.path().join("r.jsonl");
    let o = quick(&[
        "--out",
        "/dev/null",
        "--summary",
        "/dev/null",
        "--record",
        s(&rec),
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    let meta = std::fs::metadata("/dev/null").unwrap();
    assert!(meta.file_type().is_char_device(), "/dev/null was replaced");
    assert_eq!(std::fs::read_to_string(&rec).unwrap().lines().count(), 10);
    // /dev/stdout: the CSV arrives on standard output.
    let o = quick(&["--out", "/dev/stdout"]);
    assert!(o.status.success(), "{}", stderr(&o));
    let text = String::from_utf8_lossy(&o.stdout);
    assert!(
        text.starts_with("game,deal,rotation,seed,seat,bot"),
        "{text}"
    );
    assert_eq!(text.lines().count(), 1 + 10 * 2);
    assert_eq!(names(dir.path()), ["r.jsonl", "r.jsonl.manifest.json"]);
}

#[test]
fn a_failed_output_leaves_none_of_the_outputs() {
    let dir = temp_dir();
    let out = dir.path().join("o.csv");
    let sum = dir.path().join("s.csv");
    // /dev/full refuses every write: the record fails, so the CSV files,
    // complete by then, must not appear either.
    let o = quick(&[
        "--out",
        s(&out),
        "--summary",
        s(&sum),
        "--record",
        "/dev/full",
    ]);
    assert!(!o.status.success());
    let err = stderr(&o);
    assert!(
        err.contains("--record") && err.contains("/dev/full"),
        "{err}"
    );
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(
        std::fs::metadata("/dev/full")
            .unwrap()
            .file_type()
            .is_char_device()
    );
    assert_eq!(names(dir.path()), Vec::<String>::new());
}

#[test]
fn output_through_a_symlink_writes_the_target_and_keeps_the_link() {
    let dir = temp_dir();
    let sub = dir.path().join("sub");
    std::fs::create_dir(&sub).unwrap();
    let target = sub.join("real.csv");
    std::fs::write(&target, "old\n").unwrap();
    let link = dir.path().join("link.csv");
    std::os::unix::fs::symlink("sub/real.csv", &link).unwrap();
    let o = quick(&["--out", s(&link)]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(
        std::fs::symlink_metadata(&link)
            .unwrap()
            .file_type()
            .is_symlink()
    );
    let text = std::fs::read_to_string(&target).unwrap();
    assert!(text.starts_with("game,deal,rotation,seed"), "{text}");
    // A dangling link: its target is created.
    let dangling = dir.path().join("dangling.csv");
    std::os::unix::fs::symlink("sub/new.csv", &dangling).unwrap();
    let o = quick(&["--out", s(&dangling)]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(
        std::fs::symlink_metadata(&dangling)
            .unwrap()
            .file_type()
            .is_symlink()
    );
    assert!(
        std::fs::read_to_string(sub.join("new.csv"))
            .unwrap()
            .starts_with("game,deal,rotation,seed")
    );
    assert_eq!(names(dir.path()), ["dangling.csv", "link.csv", "sub"]);
    assert_eq!(
        names(&sub),
        [
            "new.csv",
            "new.csv.manifest.json",
            "real.csv",
            "real.csv.manifest.json"
        ]
    );
}

#[test]
fn two_outputs_on_one_file_are_refused() {
    let dir = temp_dir();
    let a = dir.path().join("a.csv");
    let link = dir.path().join("link.csv");
    std::os::unix::fs::symlink("a.csv", &link).unwrap();
    for (first, second) in [("--out", "--record"), ("--summary", "--out")] {
        let o = quick(&[first, s(&a), second, s(&a)]);
        assert!(!o.status.success());
        assert!(stderr(&o).contains("same file"), "{}", stderr(&o));
    }
    // The same file through a symlink (to a missing file, then to an existing one).
    for _ in 0..2 {
        let o = quick(&["--out", s(&a), "--record", s(&link)]);
        assert!(!o.status.success());
        assert!(stderr(&o).contains("same file"), "{}", stderr(&o));
        std::fs::write(&a, "keep").unwrap();
    }
    assert_eq!(std::fs::read_to_string(&a).unwrap(), "keep");
    assert_eq!(names(dir.path()), ["a.csv", "link.csv"]);
}

#[test]
fn bad_output_paths_are_refused_before_playing() {
    let dir = temp_dir();
    let file = dir.path().join("file");
    std::fs::write(&file, "").unwrap();
    let missing = dir.path().join("missing").join("x.csv");
    let under_file = file.join("x.csv");
    let cases: [(&Path, &str); 3] = [
        (&missing, "does not exist"),
        (&under_file, "is not a folder"),
        (dir.path(), "is a directory"),
    ];
    for (path, expected) in cases {
        // The bots would take hours: only a refusal before playing ends it.
        let mut args = SLOW.to_vec();
        args.extend(["ismcts(iterations=3000000)", "--out", s(path)]);
        let mut child = spawn(&args);
        let status = wait_at_most(&mut child, Duration::from_secs(60));
        assert!(!status.success());
        assert_eq!(status.code(), Some(1));
        let err = stderr_of(child);
        assert!(err.to_lowercase().contains(expected), "{path:?}: {err}");
        assert_eq!(err.lines().count(), 1, "{err}");
    }
    assert_eq!(names(dir.path()), ["file"]);
}

#[test]
fn an_output_on_the_token_manifest_is_refused() {
    let dir = temp_dir();
    let manifest = dir.path().join("tokens.txt");
    let text = std::fs::read_to_string(
        Path::new(env!("CARGO_MANIFEST_DIR")).join("../src/games/seaside/default_tokens.txt"),
    )
    .unwrap();
    std::fs::write(&manifest, &text).unwrap();
    let link = dir.path().join("link.txt");
    std::os::unix::fs::symlink("tokens.txt", &link).unwrap();
    let game = format!("seaside(tokens={})", s(&manifest));
    for (option, path) in [("--out", &manifest), ("--record", &link)] {
        let o = run(&[
            "tournament",
            "--game",
            &game,
            "--players",
            "2",
            "--games",
            "3",
            "--quiet",
            option,
            s(path),
        ]);
        assert!(!o.status.success());
        let err = stderr(&o);
        assert!(err.contains("token manifest"), "{err}");
        assert_eq!(err.lines().count(), 1, "{err}");
        assert_eq!(std::fs::read_to_string(&manifest).unwrap(), text);
    }
    assert_eq!(names(dir.path()), ["link.txt", "tokens.txt"]);
}

#[test]
fn replay_refuses_an_endless_line() {
    // Through standard input: a device named as the file is refused
    // before reading (inputs.rs).
    let mut child = bin()
        .args(["replay", "-"])
        .stdin(std::fs::File::open("/dev/zero").unwrap())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let status = wait_at_most(&mut child, Duration::from_secs(60));
    assert_eq!(status.code(), Some(1));
    let err = stderr_of(child);
    assert!(err.contains("line 1") && err.contains("48 MiB"), "{err}");
    assert_eq!(err.lines().count(), 1, "{err}");
}

#[test]
fn replay_reports_an_index_out_of_range_after_verifying() {
    let dir = temp_dir();
    let rec = dir.path().join("r.jsonl");
    let o = quick(&["--record", s(&rec)]);
    assert!(o.status.success(), "{}", stderr(&o));
    let o = run(&["replay", s(&rec), "--index", "10"]);
    assert_eq!(o.status.code(), Some(1));
    assert!(stderr(&o).contains("--index 10 is out of range: the file holds 10 records"));
    let o = run(&["replay", s(&rec), "--index", "9", "--brief"]);
    assert!(o.status.success(), "{}", stderr(&o));
}

#[test]
fn ctrl_c_stops_a_tournament_within_a_decision_and_keeps_it_resumable() {
    let dir = temp_dir();
    let out = dir.path().join("o.csv");
    let rec = dir.path().join("r.jsonl");
    let mut args = SLOW.to_vec();
    // Each decision takes about a second; the game has about fifty.
    args.extend([
        "ismcts(iterations=300000)",
        "--out",
        s(&out),
        "--record",
        s(&rec),
    ]);
    let mut child = spawn(&args);
    // The partial files and the first checkpoint exist once the game is
    // about to start.
    let expected = ["o.csv.checkpoint.json", "o.csv.partial", "r.jsonl.partial"];
    wait_until("the partial files", || names(dir.path()) == expected);
    signal(&child, libc::SIGINT);
    let status = wait_at_most(&mut child, Duration::from_secs(60));
    assert_eq!(status.code(), Some(130));
    let err = stderr_of(child);
    assert!(
        err.starts_with("error: interrupted after 0 of 1 games") && err.contains("--resume"),
        "{err}"
    );
    assert_eq!(err.lines().count(), 1, "{err}");
    assert_eq!(names(dir.path()), expected);
    // The partial CSV holds the header only; nothing has a final name.
    assert_eq!(
        std::fs::read_to_string(dir.path().join("o.csv.partial")).unwrap(),
        "game,deal,rotation,seed,seat,bot,score,rank,win_share,won,plies,turns,end,removed,drawn,odd_tokens\n"
    );
    // Starting again without --resume is refused: it would lose the run.
    let o = run(&args);
    assert_eq!(o.status.code(), Some(1));
    assert!(stderr(&o).contains("--resume"), "{}", stderr(&o));
    // A resume with other arguments is refused, naming the difference.
    let mut other = args.clone();
    other.extend(["--seed", "2", "--resume"]);
    let o = run(&other);
    assert_eq!(o.status.code(), Some(1));
    let err = stderr(&o);
    assert!(
        err.contains("plan.parts[0].run.seed: 1 there, 2 here"),
        "{err}"
    );
    assert_eq!(err.lines().count(), 1, "{err}");
    assert_eq!(names(dir.path()), expected);
}

#[test]
fn a_second_signal_exits_at_once_and_removes_the_partial_files_of_a_run_that_cannot_resume() {
    let dir = temp_dir();
    let out = dir.path().join("o.csv");
    let mut args = SLOW.to_vec();
    // One decision takes many seconds. A device among the outputs: the run
    // cannot be resumed, so its partial files go.
    args.extend([
        "ismcts(iterations=3000000)",
        "--out",
        s(&out),
        "--summary",
        "/dev/null",
    ]);
    let mut child = spawn(&args);
    wait_until("the partial file", || names(dir.path()).len() == 1);
    // Let the first decision begin (it lasts many seconds), so that the
    // first signal does not stop the run before it starts.
    std::thread::sleep(Duration::from_millis(500));
    signal(&child, libc::SIGINT);
    std::thread::sleep(Duration::from_millis(200));
    signal(&child, libc::SIGTERM);
    let status = wait_at_most(&mut child, Duration::from_secs(60));
    assert_eq!(status.code(), Some(130));
    let err = stderr_of(child);
    assert!(err.contains("interrupted twice"), "{err}");
    assert_eq!(names(dir.path()), Vec::<String>::new());
}

#[test]
fn a_second_signal_keeps_a_resumable_run() {
    let dir = temp_dir();
    let out = dir.path().join("o.csv");
    let mut args = SLOW.to_vec();
    args.extend(["ismcts(iterations=3000000)", "--out", s(&out)]);
    let mut child = spawn(&args);
    let expected = ["o.csv.checkpoint.json", "o.csv.partial"];
    wait_until("the partial file", || names(dir.path()) == expected);
    std::thread::sleep(Duration::from_millis(500));
    signal(&child, libc::SIGINT);
    std::thread::sleep(Duration::from_millis(200));
    signal(&child, libc::SIGTERM);
    let status = wait_at_most(&mut child, Duration::from_secs(60));
    assert_eq!(status.code(), Some(130));
    let err = stderr_of(child);
    assert!(
        err.contains("interrupted twice") && err.contains("--resume"),
        "{err}"
    );
    assert_eq!(names(dir.path()), expected);
}

#[test]
fn ctrl_c_stops_bench() {
    let mut child = spawn(&[
        "bench",
        "--game",
        "seashells",
        "--players",
        "4",
        "--games",
        "1000000000000",
    ]);
    let pid = child.id();
    wait_until("the signal handler", || catches_sigint(pid));
    signal(&child, libc::SIGINT);
    let status = wait_at_most(&mut child, Duration::from_secs(60));
    assert_eq!(status.code(), Some(130));
    let err = stderr_of(child);
    assert!(err.starts_with("error: interrupted"), "{err}");
}

#[test]
fn ctrl_c_stops_replay() {
    let dir = temp_dir();
    let rec = dir.path().join("r.jsonl");
    let o = quick(&["--record", s(&rec)]);
    assert!(o.status.success(), "{}", stderr(&o));
    let lines = std::fs::read_to_string(&rec).unwrap();
    // Feed the records through a pipe (standard input: a named pipe is
    // refused): one, then the signal, then the rest.
    let mut child = bin()
        .args(["replay", "-", "--verify-only"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let pid = child.id();
    let mut pipe = child.stdin.take().unwrap();
    use std::io::Write;
    let mut it = lines.lines();
    writeln!(pipe, "{}", it.next().unwrap()).unwrap();
    wait_until("the signal handler", || catches_sigint(pid));
    signal(&child, libc::SIGINT);
    std::thread::sleep(Duration::from_millis(200));
    for line in it {
        // The replay may have stopped reading already.
        let _ = writeln!(pipe, "{line}");
    }
    drop(pipe);
    let status = wait_at_most(&mut child, Duration::from_secs(60));
    assert_eq!(status.code(), Some(130));
    assert!(stderr_of(child).starts_with("error: interrupted"));
}

#[test]
fn help_shows_examples_and_the_bots_with_their_defaults() {
    for command in ["tournament", "replay", "bench"] {
        let o = run(&[command, "--help"]);
        assert!(o.status.success());
        let text = String::from_utf8_lossy(&o.stdout);
        assert!(text.contains("Examples:"), "{command}: {text}");
        assert!(text.contains(&format!("beachcomber {command} ")), "{text}");
    }
    let o = run(&["tournament", "--help"]);
    let text = String::from_utf8_lossy(&o.stdout);
    for bot in [
        "random",
        "greedy(worlds=8)",
        "pimc(iterations=2000,worlds=20,c=0.7,rollout=random,reward=auto)",
        "ismcts(iterations=2000,c=0.7,rollout=random,reward=auto)",
        "oracle(iterations=2000,c=0.7,rollout=random,reward=auto)",
    ] {
        assert!(text.contains(bot), "{bot}: {text}");
    }
}

#[test]
fn solo_tables_say_what_the_score_means() {
    for (game, meaning) in [
        ("shell-dash", "fewer is better"),
        ("seaside", "higher is better"),
    ] {
        let o = run(&[
            "tournament",
            "--game",
            game,
            "--players",
            "1",
            "--games",
            "5",
        ]);
        assert!(o.status.success(), "{}", stderr(&o));
        let text = String::from_utf8_lossy(&o.stdout);
        assert!(
            text.contains("1 player") && !text.contains("1 players"),
            "{text}"
        );
        assert!(text.contains(meaning), "{game}: {text}");
    }
}

/// Two distinct bots: every deal is played with the seats swapped, the
/// per-bot table and the paired comparison are printed, and the summary
/// has a row per bot and per seat.
#[test]
fn two_bots_play_every_deal_in_both_seatings() {
    let dir = temp_dir();
    let (csv, sum) = (dir.path().join("g.csv"), dir.path().join("s.csv"));
    let rec = dir.path().join("r.jsonl");
    let o = run(&[
        "tournament",
        "--record",
        s(&rec),
        "--game",
        "seaside",
        "--players",
        "2",
        "--bots",
        "greedy(worlds=1),random",
        "--deals",
        "6",
        "--out",
        s(&csv),
        "--summary",
        s(&sum),
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    let text = String::from_utf8_lossy(&o.stdout);
    assert!(text.contains("12 games of seaside(removed=rulebook) with 2 players, seed 1, 6 deals x 2 seat rotations"), "{text}");
    assert!(
        text.contains("paired over 6 deals: greedy(worlds=1) minus random"),
        "{text}"
    );
    let games = std::fs::read_to_string(&csv).unwrap();
    let rows: Vec<Vec<&str>> = games
        .lines()
        .skip(1)
        .map(|l| l.split(',').collect())
        .collect();
    assert_eq!(rows.len(), 24);
    for game in rows.chunks(2) {
        // game,deal,rotation,seed,seat,bot: rotation 1 swaps the seats.
        let bots = [game[0][5], game[1][5]];
        let rotation = game[0][2];
        assert_eq!(
            bots,
            if rotation == "0" {
                ["greedy(worlds=1)", "random"]
            } else {
                ["random", "greedy(worlds=1)"]
            }
        );
    }
    // Seaside turns (draws) are fewer than decisions, and more than none.
    for row in &rows {
        let (plies, turns): (u32, u32) = (row[10].parse().unwrap(), row[11].parse().unwrap());
        assert!(0 < turns && turns < plies, "{row:?}");
    }
    // Both rotations of a deal have the deal's seed.
    assert_eq!(rows[0][3], rows[2][3]);
    assert_ne!(rows[0][3], rows[4][3]);
    let summary = std::fs::read_to_string(&sum).unwrap();
    let kinds: Vec<&str> = summary
        .lines()
        .skip(1)
        .map(|l| l.split(',').nth(5).unwrap())
        .collect();
    assert_eq!(kinds, ["bot", "bot", "seat", "seat"]);
    // Every record's seed deals its setup, whatever the rotation.
    let o = run(&["replay", s(&rec), "--brief"]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(String::from_utf8_lossy(&o.stdout).contains("12 record(s) verified"));
}

/// The exact bytes of one small tournament's outputs (a golden file, in the
/// manner of perft tables): any change to a rule, a random stream, a bot's
/// decisions or the CSV layout shows here. Update deliberately, saying why.
#[test]
fn a_small_tournament_gives_exactly_these_bytes() {
    let dir = temp_dir();
    let dir = dir.path();
    let (csv, sum) = (dir.join("g.csv"), dir.join("s.csv"));
    let o = run(&[
        "tournament",
        "--game",
        "seashells( scoring = advanced )",
        "--players",
        "3",
        "--bots",
        "greedy(worlds=2), random ,ismcts(iterations=50)",
        "--games",
        "3",
        "--seed",
        "2026",
        "--quiet",
        "--out",
        s(&csv),
        "--summary",
        s(&sum),
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    let games = std::fs::read_to_string(&csv).unwrap();
    let summary = std::fs::read_to_string(&sum).unwrap();
    assert_eq!(games, GOLDEN_GAMES_CSV, "games CSV:\n{games}");
    assert_eq!(summary, GOLDEN_SUMMARY_CSV, "summary CSV:\n{summary}");
}

const GOLDEN_GAMES_CSV: &str = "\
game,deal,rotation,seed,seat,bot,score,rank,win_share,won,plies,turns,end
0,0,0,7959393617856205470,0,greedy(worlds=2),20,3,0.0000,0,61,61,finished
0,0,0,7959393617856205470,1,random,23,1,1.0000,1,61,61,finished
0,0,0,7959393617856205470,2,\"ismcts(iterations=50,c=0.7,rollout=random,reward=auto)\",22,2,0.0000,0,61,61,finished
1,0,1,7959393617856205470,0,\"ismcts(iterations=50,c=0.7,rollout=random,reward=auto)\",23,2,0.0000,0,63,63,finished
1,0,1,7959393617856205470,1,greedy(worlds=2),26,1,1.0000,1,63,63,finished
1,0,1,7959393617856205470,2,random,20,3,0.0000,0,63,63,finished
2,0,2,7959393617856205470,0,random,20,2,0.0000,0,60,60,finished
2,0,2,7959393617856205470,1,\"ismcts(iterations=50,c=0.7,rollout=random,reward=auto)\",20,2,0.0000,0,60,60,finished
2,0,2,7959393617856205470,2,greedy(worlds=2),27,1,1.0000,1,60,60,finished
";
const GOLDEN_SUMMARY_CSV: &str = "\
game_spec,players,games,seed,rotations,kind,seat,bot,seat_games,wins,win_rate,win_low95,win_high95,mean_score,score_ci95,mean_rank,tie_rate,mean_plies,sd_plies,mean_turns,sd_turns,paired_diff,paired_ci95,paired_deals,wins60,won,score_sum,score_sq,rank_sum,ties,plies_sum,plies_sq,turns_sum,turns_sq,paired_sum,paired_sq,paired_unit,sprt,sprt_llr,sprt_lower,sprt_upper,sprt_decision,sprt_counts
\"seashells(mode=board,scoring=advanced,bottles=spend)\",3,3,2026,3,bot,,greedy(worlds=2),3,2.0000,0.6667,0.2077,0.9385,24.3333,4.2841,1.6667,0.0000,61.3333,1.5275,61.3333,1.5275,,,,120,2,73,1805,5,0,184,11290,184,11290,,,,,,,,,
\"seashells(mode=board,scoring=advanced,bottles=spend)\",3,3,2026,3,bot,,random,3,1.0000,0.3333,0.0615,0.7923,21.0000,1.9600,2.0000,0.0000,61.3333,1.5275,61.3333,1.5275,,,,60,1,63,1329,6,0,184,11290,184,11290,,,,,,,,,
\"seashells(mode=board,scoring=advanced,bottles=spend)\",3,3,2026,3,bot,,\"ismcts(iterations=50,c=0.7,rollout=random,reward=auto)\",3,0.0000,0.0000,0.0000,0.5615,21.6667,1.7285,2.0000,0.0000,61.3333,1.5275,61.3333,1.5275,,,,0,0,65,1413,6,0,184,11290,184,11290,,,,,,,,,
\"seashells(mode=board,scoring=advanced,bottles=spend)\",3,3,2026,3,seat,0,,3,0.0000,0.0000,0.0000,0.5615,21.0000,1.9600,2.3333,0.0000,61.3333,1.5275,61.3333,1.5275,,,,0,0,63,1329,7,0,184,11290,184,11290,,,,,,,,,
\"seashells(mode=board,scoring=advanced,bottles=spend)\",3,3,2026,3,seat,1,,3,2.0000,0.6667,0.2077,0.9385,23.0000,3.3948,1.3333,0.0000,61.3333,1.5275,61.3333,1.5275,,,,120,2,69,1605,4,0,184,11290,184,11290,,,,,,,,,
\"seashells(mode=board,scoring=advanced,bottles=spend)\",3,3,2026,3,seat,2,,3,1.0000,0.3333,0.0615,0.7923,23.0000,4.0800,2.0000,0.0000,61.3333,1.5275,61.3333,1.5275,,,,60,1,69,1613,6,0,184,11290,184,11290,,,,,,,,,
";

// ---- Compressed record files (`.jsonl.gz`, `.jsonl.zst`) ----

/// The decompressed bytes of a record file, through the library's reader.
fn decompressed(path: &Path) -> Vec<u8> {
    let file = std::fs::File::open(path).unwrap();
    let mut out = Vec::new();
    for (_, line) in beachcomber::record::io::RecordLines::new(file).unwrap() {
        out.extend(line.unwrap());
        out.push(b'\n');
    }
    out
}

/// A 4-player Seashells run of `games` random games recording to `rec`.
fn record_seashells(rec: &Path, games: &str) -> Output {
    run(&[
        "tournament",
        "--game",
        "seashells",
        "--players",
        "4",
        "--games",
        games,
        "--seed",
        "9",
        "--quiet",
        "--record",
        s(rec),
    ])
}

#[test]
fn compressed_records_round_trip_through_replay() {
    let dir = temp_dir();
    let dir = dir.path();
    let plain = dir.join("r.jsonl");
    let o = record_seashells(&plain, "20");
    assert!(o.status.success(), "{}", stderr(&o));
    let plain_bytes = std::fs::read(&plain).unwrap();
    let shown = run(&["replay", s(&plain), "--index", "7", "--brief"]);
    assert!(shown.status.success(), "{}", stderr(&shown));
    for (name, magic) in [
        ("r.jsonl.gz", &[0x1f, 0x8b][..]),
        ("r.jsonl.zst", &[0x28, 0xb5, 0x2f, 0xfd][..]),
        // Found by the first bytes, whatever the name.
        ("r.jsonl.GZ", &[0x1f, 0x8b][..]),
    ] {
        let rec = dir.join(name);
        let o = record_seashells(&rec, "20");
        assert!(o.status.success(), "{name}: {}", stderr(&o));
        let bytes = std::fs::read(&rec).unwrap();
        assert!(bytes.starts_with(magic), "{name} is not compressed");
        assert!(bytes.len() * 4 < plain_bytes.len(), "{name} barely shrank");
        // The same records, byte for byte.
        assert_eq!(decompressed(&rec), plain_bytes, "{name}");
        let o = run(&["replay", s(&rec), "--verify-only"]);
        assert!(o.status.success(), "{name}: {}", stderr(&o));
        assert_eq!(
            String::from_utf8_lossy(&o.stdout),
            "20 record(s) verified: every decision legal, every result as recorded\n"
        );
        let o = run(&["replay", s(&rec), "--index", "7", "--brief"]);
        assert_eq!(o.stdout, shown.stdout, "{name}");
    }
    // A compressed file read under a plain name is still recognised.
    let renamed = dir.join("renamed.txt");
    std::fs::rename(dir.join("r.jsonl.zst"), &renamed).unwrap();
    let o = run(&["replay", s(&renamed), "--verify-only"]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert_eq!(
        names(dir),
        [
            "r.jsonl",
            "r.jsonl.GZ",
            "r.jsonl.GZ.manifest.json",
            "r.jsonl.gz",
            "r.jsonl.gz.manifest.json",
            "r.jsonl.manifest.json",
            "r.jsonl.zst.manifest.json",
            "renamed.txt"
        ]
    );
}

#[test]
fn a_damaged_compressed_record_file_is_refused_naming_the_line() {
    let dir = temp_dir();
    let dir = dir.path();
    for ext in ["gz", "zst"] {
        let rec = dir.join(format!("r.jsonl.{ext}"));
        let o = record_seashells(&rec, "100");
        assert!(o.status.success(), "{}", stderr(&o));
        let bytes = std::fs::read(&rec).unwrap();
        let name = if ext == "gz" { "gzip" } else { "zstd" };
        // Truncated: the records before the cut are verified, the line
        // being read when the data ran out is named.
        std::fs::write(&rec, &bytes[..bytes.len() / 2]).unwrap();
        let o = run(&["replay", s(&rec), "--verify-only"]);
        assert_eq!(o.status.code(), Some(1));
        let err = stderr(&o);
        assert_eq!(err.lines().count(), 1, "{err}");
        let prefix = format!("error: {} line ", s(&rec));
        let rest = err.strip_prefix(&prefix).unwrap_or_else(|| panic!("{err}"));
        let (line, rest) = rest.split_once(':').unwrap();
        let line: usize = line.parse().unwrap();
        assert!((20..=80).contains(&line), "{err}");
        assert!(
            rest.starts_with(&format!(" cannot decompress the {name} data: "))
                && rest.ends_with("(the file is truncated or damaged)\n"),
            "{err}"
        );
        // Garbage after the header: line 1.
        let mut garbage = bytes[..4].to_vec();
        garbage.extend(b"\x00\x00\x00\x00\x00\x00 not compressed data at all \xff\xff\xff\xff");
        std::fs::write(&rec, &garbage).unwrap();
        let o = run(&["replay", s(&rec), "--verify-only"]);
        assert_eq!(o.status.code(), Some(1));
        let err = stderr(&o);
        assert!(
            err.starts_with(&format!(
                "error: {} line 1: cannot decompress the {name} data: ",
                s(&rec)
            )),
            "{err}"
        );
        assert_eq!(err.lines().count(), 1, "{err}");
        assert!(!err.contains("panicked"), "{err}");
    }
}

#[test]
fn an_unsupported_record_compression_is_refused_before_playing() {
    let dir = temp_dir();
    for (ext, name) in [("bz2", "bzip2"), ("xz", "xz"), ("LZ4", "lz4")] {
        let rec = dir.path().join(format!("x.jsonl.{ext}"));
        // The bots would take hours: only a refusal before playing ends it.
        let mut args = SLOW.to_vec();
        args.extend(["ismcts(iterations=3000000)", "--record", s(&rec)]);
        let mut child = spawn(&args);
        let status = wait_at_most(&mut child, Duration::from_secs(60));
        assert_eq!(status.code(), Some(1));
        let err = stderr_of(child);
        assert_eq!(
            err,
            format!(
                "error: --record: `.{}` ({name}) is not a supported compression: name the file `.jsonl.gz` (gzip), `.jsonl.zst` (zstd) or `.jsonl` (plain)\n",
                ext.to_lowercase()
            )
        );
    }
    assert_eq!(names(dir.path()), Vec::<String>::new());
}

/// What `replay` may hold in memory for any input, the worst valid record
/// included (issue 21).
const REPLAY_MEMORY: u64 = 300 << 20;

/// `lines` written as one zstd file at `path`.
fn write_zst(path: &Path, lines: &[&[u8]]) {
    use beachcomber::record::io::{Compression, RecordWriter};
    let file = std::fs::File::create(path).unwrap();
    let mut w = RecordWriter::new(file, Compression::Zstd).unwrap();
    for line in lines {
        std::io::Write::write_all(&mut w, line).unwrap();
        std::io::Write::write_all(&mut w, b"\n").unwrap();
    }
    w.finish().unwrap();
}

/// Small compressed files that claim millions of events are refused on one
/// line, in bounded memory: a 63 MiB line (over the line limit), and a line
/// within the limit whose `events` array of `[0]` is longer than the game's
/// options allow. Before, the second took GBs (every event a JSON value,
/// the replay's states preallocated by the claimed count).
#[test]
fn replay_refuses_a_record_bomb_in_bounded_memory() {
    let dir = temp_dir();
    // A real Shell Dash deal of `max_turns=10000` (at most 640,000 events)
    // whose events are replaced by millions of `[0]`.
    use beachcomber::Game;
    use beachcomber::games::shell_dash::ShellDash;
    let g = ShellDash::new(2, beachcomber::games::shell_dash::DEFAULT_DECK, 10_000).unwrap();
    let initial = g.new_game(&mut beachcomber::rng::rng_from_seed(3));
    let bots = ["random".to_string(), "random".to_string()];
    let mut empty = Vec::new();
    beachcomber::record::write_record_line(&g, Some(3), &bots, &initial, &[], &mut empty);
    let text = String::from_utf8(empty).unwrap();
    let (head, tail) = text.split_once("\"events\":[").unwrap();
    let bomb = |bytes: usize| {
        let mut line = format!("{head}\"events\":[").into_bytes();
        while line.len() < bytes {
            line.extend_from_slice(b"[0],");
        }
        line.extend_from_slice(b"[0]");
        line.extend_from_slice(tail.trim_end().as_bytes());
        line
    };
    let cases = [
        (
            "long.jsonl.zst",
            bomb(63 << 20),
            "long.jsonl.zst line 1: longer than 48 MiB, the limit for one record: not a file of game records?",
        ),
        (
            "events.jsonl.zst",
            bomb(40 << 20),
            "events.jsonl.zst line 1 (record 0): field `events`: more than 640000, the most a game of these options can have",
        ),
    ];
    for (name, line, want) in cases {
        let path = dir.path().join(name);
        write_zst(&path, &[&line]);
        assert!(std::fs::metadata(&path).unwrap().len() < 64 << 10, "{name}");
        let (code, err, rss) = run_measured(&["replay", s(&path), "--verify-only"]);
        assert!(rss < REPLAY_MEMORY, "{name}: peak memory {} MiB", rss >> 20);
        assert_eq!(code, Some(1), "{name}: {err}");
        assert_eq!(err.lines().count(), 1, "{name}: {err}");
        assert!(err.ends_with(&format!("{want}\n")), "{name}: {err}");
    }
}

/// The longest valid record measured (docs of `record::io::MAX_LINE_BYTES`):
/// a 2-player Shell Dash game of `max_turns=10000` whose deck is 250
/// Jellyfish (the longest card name), every turn ending with a reshuffle of
/// the whole deck (29 MB of card names), replays within the memory bound.
#[test]
fn replay_of_the_longest_valid_record_stays_in_bounded_memory() {
    use beachcomber::Game;
    use beachcomber::games::shell_dash::{ReshuffleRule, ShellDash, ShellDashAction};
    let g =
        ShellDash::with_reshuffle(2, [0, 0, 0, 250, 3, 3], 10_000, ReshuffleRule::Choice).unwrap();
    let mut rng = beachcomber::rng::rng_from_seed(1);
    let initial = g.new_game(&mut rng);
    let mut state = initial;
    let mut actions = Vec::new();
    while g.to_move(&state).is_some() {
        let yes = ShellDashAction::Shuffle(true);
        let a = if g.legal_actions(&state).contains(&yes) {
            yes
        } else {
            g.random_action(&state, &mut rng)
        };
        g.play_unchecked(&mut state, a);
        actions.push(a);
    }
    let mut line = Vec::new();
    let bots = ["random".to_string(), "random".to_string()];
    beachcomber::record::write_record_line(&g, Some(1), &bots, &initial, &actions, &mut line);
    assert!(line.len() > 29_000_000, "{} bytes", line.len());
    line.pop();
    let dir = temp_dir();
    let path = dir.path().join("long.jsonl.zst");
    write_zst(&path, &[&line]);
    let (code, err, rss) = run_measured(&["replay", s(&path), "--brief"]);
    assert_eq!(code, Some(0), "{err}");
    assert!(rss < REPLAY_MEMORY, "peak memory {} MiB", rss >> 20);
}

/// `extra` outputs of a run that would play for hours: refused at once
/// with a one-line error containing `want`, the folder `dir` left as it was.
fn refused_before_playing(dir: &Path, extra: &[&str], want: &str) {
    let before = names(dir);
    let mut args = SLOW.to_vec();
    args.push("ismcts(iterations=3000000)");
    args.extend_from_slice(extra);
    let mut child = spawn(&args);
    let status = wait_at_most(&mut child, Duration::from_secs(60));
    assert_eq!(status.code(), Some(1), "{extra:?}");
    let err = stderr_of(child);
    assert_eq!(err.lines().count(), 1, "{err}");
    assert_eq!(err, format!("error: {want}\n"), "{extra:?}");
    assert_eq!(names(dir), before, "{extra:?} wrote files");
}

#[test]
fn an_output_on_a_file_the_run_writes_itself_is_refused() {
    let dir = temp_dir();
    let d = dir.path();
    let x = d.join("x.csv");
    let path = |name: &str| d.join(name).to_str().unwrap().to_string();
    let canonical = |name: &str| {
        std::fs::canonicalize(d)
            .unwrap()
            .join(name)
            .to_str()
            .unwrap()
            .to_string()
    };
    // (option, file name, what it is to the run of `--out x.csv`)
    let cases = [
        ("--record", "x.csv.checkpoint.json", "--out's checkpoint"),
        (
            "--record",
            "x.csv.checkpoint.json.tmp",
            "--out's checkpoint (while it is replaced)",
        ),
        ("--summary", "x.csv.manifest.json", "--out's manifest"),
        (
            "--summary",
            "x.csv.manifest.json.tmp",
            "--out's manifest (while it is written)",
        ),
        ("--record", "x.csv.partial", "the partial file of --out"),
    ];
    for (option, name, what) in cases {
        refused_before_playing(
            d,
            &["--out", s(&x), option, &path(name)],
            &format!(
                "{option} `{}` is {what} (`{}`), which the run writes itself; choose another name",
                path(name),
                canonical(name)
            ),
        );
    }
    // The partial file of the record is the CSV; the primary output is
    // --out whichever option comes first on the command line.
    refused_before_playing(
        d,
        &["--record", s(&x), "--out", &path("x.csv.partial")],
        &format!(
            "--out `{}` is the partial file of --record (`{}`), which the run writes itself; \
             choose another name",
            path("x.csv.partial"),
            canonical("x.csv.partial")
        ),
    );
    refused_before_playing(
        d,
        &["--record", s(&x), "--summary", &path("x.csv.manifest.json")],
        &format!(
            "--summary `{}` is --record's manifest (`{}`), which the run writes itself; \
             choose another name",
            path("x.csv.manifest.json"),
            canonical("x.csv.manifest.json")
        ),
    );
    // Through a symlink (dangling: the checkpoint does not exist yet).
    let link = d.join("link.json");
    std::os::unix::fs::symlink("x.csv.checkpoint.json", &link).unwrap();
    refused_before_playing(
        d,
        &["--out", s(&x), "--record", s(&link)],
        &format!(
            "--record `{}` is --out's checkpoint (`{}`), which the run writes itself; \
             choose another name",
            s(&link),
            canonical("x.csv.checkpoint.json")
        ),
    );
    assert_eq!(names(d), ["link.json"]);

    // merge writes the manifest beside its first output.
    let shard = d.join("a.csv");
    let o = quick(&["--out", s(&shard)]);
    assert!(o.status.success(), "{}", stderr(&o));
    let manifest = d.join("a.csv.manifest.json");
    let b = d.join("b.csv");
    let o = run(&[
        "merge",
        s(&manifest),
        "--out",
        s(&b),
        "--summary",
        &path("b.csv.manifest.json"),
    ]);
    assert_eq!(o.status.code(), Some(1));
    assert_eq!(
        stderr(&o),
        format!(
            "error: --summary `{}` is --out's manifest (`{}`), which the run writes itself; \
             choose another name\n",
            path("b.csv.manifest.json"),
            canonical("b.csv.manifest.json")
        )
    );
    assert_eq!(names(d), ["a.csv", "a.csv.manifest.json", "link.json"]);
}

#[test]
fn an_output_name_ending_in_a_slash_is_a_folder() {
    let dir = temp_dir();
    let d = dir.path();
    let folder = format!("{}/results/", s(d));
    for option in ["--out", "--record", "--summary"] {
        refused_before_playing(
            d,
            &[option, &folder],
            &format!(
                "{option}: `{folder}` names a folder (it ends in `/`) but `{}/results` is not a \
                 folder; give a file name such as `{folder}results.csv` (create the folder first)",
                s(d)
            ),
        );
    }
    // Nothing is written either when the run would be quick.
    let o = quick(&["--out", &folder]);
    assert_eq!(o.status.code(), Some(1));
    assert_eq!(names(d), Vec::<String>::new());
    // An existing folder with a slash is refused as a folder, as without.
    std::fs::create_dir(d.join("results")).unwrap();
    let o = quick(&["--out", &folder]);
    assert_eq!(o.status.code(), Some(1));
    assert!(stderr(&o).contains("is a directory"), "{}", stderr(&o));
    assert_eq!(names(d), ["results"]);
    assert_eq!(names(&d.join("results")), Vec::<String>::new());
}

/// A sequential test needs the lineup rotated through the seats: without
/// rotation it would measure seat advantage (issue 23, item 2).
#[test]
fn sprt_without_rotation_is_refused() {
    let dir = temp_dir();
    let out = dir.path().join("t.csv");
    let out_text = out.to_string_lossy().to_string();
    refused(
        &[
            "tournament",
            "--game",
            "seashells",
            "--players",
            "2",
            "--bots",
            "greedy,random",
            "--games",
            "40",
            "--no-rotate",
            "--sprt",
            "elo0=0,elo1=10",
            "--out",
            &out_text,
        ],
        "--sprt with --no-rotate is refused: without rotating the lineup",
        dir.path(),
    );
}

#[test]
fn a_misspelt_game_bot_or_option_suggests_the_nearest_name() {
    let dir = temp_dir();
    let out = dir.path().join("out.csv");
    let err = |args: &[&str]| {
        let o = run(&[&["tournament", "--games", "2", "--out", s(&out)], args].concat());
        assert_eq!(o.status.code(), Some(1), "{args:?}");
        assert!(!out.exists(), "{args:?} wrote its output");
        stderr(&o)
    };
    assert_eq!(
        err(&["--game", "seashell", "--players", "2"]),
        "error: --game: unknown game `seashell` (known: seashells, seaside, shell-dash); did \
         you mean `seashells`?\n"
    );
    assert_eq!(
        err(&["--game", "seashells(mdoe=stroll)", "--players", "2"]),
        "error: --game: unknown option `mdoe` for `seashells` (allowed: mode, scoring, bottles, \
         compensation, start_bottles); did you mean `mode`?\n"
    );
    assert_eq!(
        err(&[
            "--game",
            "seashells",
            "--players",
            "2",
            "--bots",
            "ismcts(iteration=5)"
        ]),
        "error: --bots: unknown option `iteration` for `ismcts` (allowed: iterations, c, \
         rollout, reward); did you mean `iterations`?\n"
    );
    // Nothing absurd: a far name gets the list only.
    assert_eq!(
        err(&["--game", "chess", "--players", "2"]),
        "error: --game: unknown game `chess` (known: seashells, seaside, shell-dash)\n"
    );
}
