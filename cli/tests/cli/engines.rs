//! End-to-end tests of external bots (docs/protocol.md): the shipped Python
//! random bot against `greedy` in every game (records replay, outputs the
//! same at 1 and 2 threads), and faulty engines (tests/engines/faulty.py)
//! that crash, hang, print garbage, play an illegal action or refuse the
//! handshake: each is a one-line error naming the bot, the game and the
//! decision, with exit status 1, no panic and no output file; with
//! `--on-engine-error forfeit` the games are scored as forfeits. Needs
//! `python3`. Every test works in its own temporary folder.

use crate::common::*;

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("..")
}

/// `NAME=python3 SCRIPT ARGS`, the script from the shipped examples.
fn python_bot(name: &str, script: &str) -> String {
    let path = root().join("bots/external/python").join(script);
    format!("{name}=python3 {}", path.display())
}

/// `bad=python3 tests/engines/faulty.py MODE AT`.
fn faulty(mode: &str, at: u32) -> String {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/engines/faulty.py");
    format!("bad=python3 {} {mode} {at}", path.display())
}

#[test]
fn the_python_random_bot_plays_greedy_in_every_game_reproducibly() {
    let dir = temp_dir();
    let dir = dir.path();
    let log = dir.join("engines.log");
    let engine = python_bot("pyrandom", "random_bot.py");
    for (game, players, games) in [
        ("seashells", "2", "4"),
        ("seashells(mode=stroll)", "3", "3"),
        ("seaside", "3", "3"),
        ("shell-dash", "2", "4"),
        ("shell-dash", "1", "2"),
    ] {
        let mut outputs = Vec::new();
        for threads in ["1", "2"] {
            let csv = dir.join(format!("out-{threads}.csv"));
            let rec = dir.join(format!("rec-{threads}.jsonl"));
            let bots = match players {
                "1" => "pyrandom",
                "2" => "pyrandom,greedy",
                _ => "pyrandom,greedy,greedy",
            };
            let o = run(&[
                "tournament",
                "--game",
                game,
                "--players",
                players,
                "--engine",
                &engine,
                "--engine-log",
                s(&log),
                "--bots",
                bots,
                "--games",
                games,
                "--seed",
                "5",
                "--threads",
                threads,
                "--quiet",
                "--out",
                s(&csv),
                "--record",
                s(&rec),
            ]);
            assert!(o.status.success(), "{game}: {}", stderr(&o));
            let v = run(&["replay", s(&rec), "--verify-only"]);
            assert!(v.status.success(), "{game}: {}", stderr(&v));
            let csv_text = std::fs::read_to_string(&csv).unwrap();
            let rec_text = std::fs::read_to_string(&rec).unwrap();
            assert!(csv_text.contains(",engine(name=pyrandom),"), "{csv_text}");
            assert!(rec_text.contains("\"engine(name=pyrandom)\""), "{rec_text}");
            assert_eq!(
                csv_text.lines().count() as u64,
                1 + games.parse::<u64>().unwrap() * players.parse::<u64>().unwrap()
            );
            outputs.push((csv_text, rec_text));
        }
        assert_eq!(outputs[0], outputs[1], "{game}: 1 and 2 threads differ");
    }
    let log_text = std::fs::read_to_string(&log).unwrap();
    assert!(
        log_text.contains("handshake: python-random 1.0"),
        "{log_text}"
    );
}

#[test]
fn the_python_greedy_bot_plays_too() {
    let dir = temp_dir();
    let dir = dir.path();
    let o = run(&[
        "tournament",
        "--game",
        "seaside",
        "--players",
        "2",
        "--engine",
        &python_bot("pygreedy", "greedy_bot.py"),
        "--engine-log",
        s(&dir.join("engines.log")),
        "--bots",
        "pygreedy,random",
        "--games",
        "4",
        "--quiet",
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
}

/// Run a 2-player Seashells tournament (one thread, so which game fails
/// is known) with the faulty engine against `random`, writing every output.
fn faulty_run(dir: &Path, engine: &str, extra: &[&str]) -> Output {
    let (log, out) = (dir.join("engines.log"), dir.join("out.csv"));
    let (summary, rec) = (dir.join("summary.csv"), dir.join("rec.jsonl"));
    let mut args = vec![
        "tournament",
        "--game",
        "seashells",
        "--players",
        "2",
        "--engine",
        engine,
        "--engine-log",
        s(&log),
        "--bots",
        "bad,random",
        "--games",
        "4",
        "--threads",
        "1",
        "--quiet",
        "--out",
        s(&out),
        "--summary",
        s(&summary),
        "--record",
        s(&rec),
    ];
    args.extend_from_slice(extra);
    run(&args)
}

/// One line of standard error, exit status 1, no panic, no output file.
fn assert_failed_cleanly(o: &Output, dir: &Path, expected: &str) {
    let err = stderr(o);
    assert_eq!(o.status.code(), Some(1), "{err}");
    assert!(!err.contains("panicked"), "{err}");
    assert_eq!(err.lines().count(), 1, "{err}");
    assert_eq!(err.trim_end(), expected);
    assert_eq!(names(dir), ["engines.log"], "no output file is left");
}

#[test]
fn a_failing_engine_stops_the_run_with_a_one_line_error() {
    // The engine plays seat 0 of game 0 (plies 0, 2, 4...): its decision 2
    // is ply 4.
    let cases = [
        (
            "crash",
            "it crashed: it exited (exit status: 3); its last stderr line: `faulty: crashing on purpose`".to_string(),
            vec![],
        ),
        (
            "hang",
            "no answer within 1000 ms (timed out)".to_string(),
            vec!["--engine-timeout", "1000"],
        ),
        (
            "garbage",
            "malformed answer: not JSON (expected ident at line 1 column 2): `this is not json`"
                .to_string(),
            vec![],
        ),
        ("illegal", "illegal action `not-a-move`".to_string(), vec![]),
        (
            "duplicate",
            "malformed answer: refused JSON (duplicate key `action` at line 1 column 42): \
             `{\"type\": \"action\", \"action\": \"0\", \"action\": \"56+b\"}`"
                .to_string(),
            vec![],
        ),
    ];
    for (mode, reason, extra) in cases {
        let dir = temp_dir();
        let dir = dir.path();
        let o = faulty_run(dir, &faulty(mode, 2), &extra);
        let log = dir.join("engines.log");
        // The run stops; what finished (nothing: game 0 failed) is kept in
        // resumable partial files.
        let err = stderr(&o);
        assert_eq!(o.status.code(), Some(1), "{err}");
        assert!(!err.contains("panicked"), "{err}");
        assert_eq!(err.lines().count(), 1, "{err}");
        let expected = format!(
            "error: bot `engine(name=bad)` (seat 0) failed in game 0 at decision 4: {reason} \
             (the engines' standard error is in `{}`); finished games are kept in",
            log.display()
        );
        assert!(err.starts_with(&expected), "{err}");
        assert!(
            err.trim_end()
                .ends_with("run the same command with --resume to continue"),
            "{err}"
        );
        assert_eq!(
            names(dir),
            [
                "engines.log",
                "out.csv.checkpoint.json",
                "out.csv.partial",
                "rec.jsonl.partial"
            ],
        );
        let log_text = std::fs::read_to_string(&log).unwrap();
        assert!(
            log_text.contains("failed at its decision 2 of a game"),
            "{mode}: {log_text}"
        );
        if mode == "crash" {
            // The bot's own last words reach the log.
            assert!(
                log_text.contains("faulty: crashing on purpose"),
                "{log_text}"
            );
        }
    }
}

#[test]
fn an_engine_that_cannot_start_or_refuses_is_reported_before_playing() {
    let dir = temp_dir();
    let dir = dir.path();
    let log = dir.join("engines.log");
    let o = faulty_run(dir, &faulty("refuse", 0), &[]);
    assert_failed_cleanly(
        &o,
        dir,
        &format!(
            "error: engine `bad`: it refused the handshake: I only play chess \
             (the engines' standard error is in `{}`)",
            log.display()
        ),
    );
    let o = faulty_run(dir, "bad=beachcomber-no-such-command --x", &[]);
    assert_failed_cleanly(
        &o,
        dir,
        &format!(
            "error: engine `bad`: cannot start it: `beachcomber-no-such-command --x`: \
             No such file or directory (os error 2) (the engines' standard error is in `{}`)",
            log.display()
        ),
    );
    // A process that exits at once.
    let o = faulty_run(dir, "bad=true", &[]);
    assert_failed_cleanly(
        &o,
        dir,
        &format!(
            "error: engine `bad`: it crashed: it exited (exit status: 0) \
             (the engines' standard error is in `{}`)",
            log.display()
        ),
    );
}

#[test]
fn an_unknown_bot_lists_the_declared_engines_and_suggests_the_nearest() {
    let dir = temp_dir();
    let out = dir.path().join("out.csv");
    let o = run(&[
        "tournament",
        "--game",
        "seashells",
        "--players",
        "2",
        "--games",
        "2",
        "--engine",
        "mine=sh -c true",
        "--bots",
        "mnie,random",
        "--out",
        s(&out),
        "--engine-log",
        s(&dir.path().join("engines.log")),
    ]);
    assert_eq!(o.status.code(), Some(1));
    assert_eq!(
        stderr(&o),
        "error: --bots: unknown bot `mnie` (known: random, greedy, pimc, ismcts, expert, \
         learned, oracle, mine); did you mean `mine`?\n"
    );
    assert!(!out.exists());
}

#[test]
fn an_engine_that_dies_is_reported_with_its_last_stderr_line() {
    let dir = temp_dir();
    let dir = dir.path();
    let scripts = temp_dir();
    let script = scripts.path().join("dies.sh");
    std::fs::write(
        &script,
        "#!/bin/sh\necho 'loading weights' >&2\nprintf 'no weights in \\033[2J/x\\n\\n' >&2\nexit 2\n",
    )
    .unwrap();
    let engine = format!("bad=sh {}", script.display());
    let o = faulty_run(dir, &engine, &[]);
    assert_failed_cleanly(
        &o,
        dir,
        &format!(
            "error: engine `bad`: it crashed: it exited (exit status: 2); its last stderr \
             line: `no weights in \\u{{1b}}[2J/x` (the engines' standard error is in `{}`)",
            dir.join("engines.log").display()
        ),
    );
}

#[test]
fn bad_engine_options_are_one_line_errors() {
    let dir = temp_dir();
    let dir = dir.path();
    let py = python_bot("py", "random_bot.py");
    let cases: [(&[&str], &str); 4] = [
        (
            &["--engine", "py", "--bots", "py"],
            "error: --engine: `py` is not NAME=COMMAND (e.g. `mybot=python3 my_bot.py`)",
        ),
        (
            &["--engine", &py, "--engine", &py, "--bots", "py"],
            "error: --engine: engine `py` is declared twice",
        ),
        (
            &["--bots", "engine(name=zz),random"],
            "error: --bots: engine `zz` is not declared (give --engine zz=COMMAND)",
        ),
        (
            &["--engine", "greedy=python3 x.py", "--bots", "greedy"],
            "error: --engine: `greedy` cannot name an engine: use lowercase letters, digits, \
             `-` and `_`, starting with a letter, and not a built-in bot's name \
             (random, greedy, pimc, ismcts, expert, learned, oracle) or `engine`/`human`",
        ),
    ];
    for (extra, expected) in cases {
        let out = dir.join("out.csv");
        let mut args = vec![
            "tournament",
            "--game",
            "seashells",
            "--players",
            "2",
            "--games",
            "2",
            "--quiet",
            "--out",
            s(&out),
        ];
        args.extend_from_slice(extra);
        let o = run(&args);
        let err = stderr(&o);
        assert_eq!(o.status.code(), Some(1), "{err}");
        assert_eq!(err.trim_end(), expected);
        assert!(names(dir).is_empty(), "{:?}", names(dir));
    }
}

#[test]
fn forfeit_mode_scores_the_game_as_lost_and_replay_says_so() {
    let dir = temp_dir();
    let dir = dir.path();
    // Each process fails at its decision 1; a new one starts for the next
    // game, so every game is forfeited by the engine.
    let o = faulty_run(dir, &faulty("crash", 1), &["--on-engine-error", "forfeit"]);
    let err = stderr(&o);
    assert!(o.status.success(), "{err}");
    assert!(err.contains("note: engine `bad` failed 4 time(s)"), "{err}");
    let csv = std::fs::read_to_string(dir.join("out.csv")).unwrap();
    let lines: Vec<&str> = csv.lines().collect();
    assert!(lines[0].ends_with(",end"));
    for line in &lines[1..] {
        let fields: Vec<&str> = line.split(',').collect();
        let (seat, bot, won, end) = (fields[4], fields[5], fields[9], fields[12]);
        let bad_seat = if fields[2] == "0" { "0" } else { "1" };
        assert_eq!(end, format!("forfeit:{bad_seat}"), "{line}");
        assert_eq!(won == "1", seat != bad_seat, "{line}");
        assert_eq!(bot == "engine(name=bad)", seat == bad_seat, "{line}");
    }
    let rec = std::fs::read_to_string(dir.join("rec.jsonl")).unwrap();
    assert_eq!(rec.matches("\"end\":{\"forfeit\":").count(), 4, "{rec}");
    let v = run(&[
        "replay",
        s(&dir.join("rec.jsonl")),
        "--index",
        "1",
        "--brief",
    ]);
    assert!(v.status.success(), "{}", stderr(&v));
    let shown = String::from_utf8_lossy(&v.stdout);
    assert!(
        shown.contains("Seat 1 forfeited the game: no result."),
        "{shown}"
    );
    assert!(shown.contains("4 record(s) verified"), "{shown}");
}

#[test]
fn play_seats_an_engine_and_stops_cleanly_when_it_fails() {
    use std::io::Write;
    use std::process::Stdio;
    let dir = temp_dir();
    let dir = dir.path();
    let log = dir.join("engines.log");
    let rec = dir.join("game.jsonl");
    // The engine (seat 1) answers its first decision, then an illegal action.
    let mut child = Command::new(env!("CARGO_BIN_EXE_beachcomber"))
        .args([
            "play",
            "--game",
            "seashells",
            "--players",
            "2",
            "--seed",
            "3",
            "--engine",
            &faulty("illegal", 1),
            "--engine-log",
            s(&log),
            "--bots",
            "bad",
            "--record",
            s(&rec),
        ])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    child
        .stdin
        .take()
        .unwrap()
        .write_all("#1\n".repeat(10).as_bytes())
        .unwrap();
    let o = child.wait_with_output().unwrap();
    assert_eq!(o.status.code(), Some(1));
    assert_eq!(
        stderr(&o).trim_end(),
        format!(
            "error: bot `engine(name=bad)` (seat 1) failed at decision 3: illegal action \
             `not-a-move`; record written to {} (unfinished) (the engines' standard error is in `{}`)",
            rec.display(),
            log.display()
        )
    );
    let v = run(&["replay", s(&rec), "--verify-only"]);
    assert!(v.status.success(), "{}", stderr(&v));
}

/// `--on-engine-error stop` stops every game in flight at the first
/// failure (issue 34, item 9): with an engine that hangs in every game and
/// two threads, the first timeout halts the other game's wait, and no
/// further game starts. Each wait is one engine process (a timed-out engine
/// is killed, never reused), so the engines started count the waits: 2, not
/// one per game (6). The error is the timeout, not the halted game.
#[test]
fn stop_halts_every_game_in_flight_at_the_first_failure() {
    let dir = temp_dir();
    let dir = dir.path();
    let pids = dir.join("pids");
    let out = dir.join("out.csv");
    let o = bin()
        .args([
            "tournament",
            "--game",
            "seashells",
            "--players",
            "2",
            "--engine",
            &faulty("hang", 0),
            "--engine-log",
            s(&dir.join("engines.log")),
            "--engine-timeout",
            "1500",
            "--bots",
            "bad,random",
            "--games",
            "6",
            "--threads",
            "2",
            "--quiet",
            "--out",
            s(&out),
        ])
        .env("FAULTY_PIDFILE", &pids)
        .output()
        .unwrap();
    let err = stderr(&o);
    assert_eq!(o.status.code(), Some(1), "{err}");
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(
        err.contains("no answer within 1500 ms (timed out)"),
        "{err}"
    );
    let started = std::fs::read_to_string(&pids).unwrap().lines().count();
    assert!(started <= 2, "{started} engines waited: {err}");
    // The halted games are not finished: the partial files hold none of
    // them, and --resume would replay them.
    let partial = std::fs::read_to_string(dir.join("out.csv.partial")).unwrap_or_default();
    assert!(partial.lines().count() <= 1, "{partial}");
}

/// A run that fails on its options writes no engine log: the log is opened
/// when an engine is seated, after `--bots` is checked (it used to be
/// created as soon as `--engine` was declared).
#[test]
fn a_bad_bot_next_to_a_declared_engine_leaves_no_log() {
    let commands: [&[&str]; 4] = [
        &[
            "tournament",
            "--game",
            "seashells",
            "--players",
            "2",
            "--games",
            "2",
            "--out",
            "o.csv",
        ],
        &[
            "league",
            "--game",
            "seashells",
            "--players",
            "2",
            "--games-per-pairing",
            "2",
            "--out",
            "l.csv",
        ],
        &[
            "sweep",
            "--game",
            "seaside",
            "--players",
            "2",
            "--vary",
            "removed=0",
            "--games",
            "2",
            "--out",
            "sw",
        ],
        &["play", "--game", "seashells", "--players", "2"],
    ];
    for command in commands {
        let dir = temp_dir();
        let mut args = command.to_vec();
        args.extend(["--engine", "mine=sh -c true", "--bots", "nosuchbot,random"]);
        let o = bin().args(&args).current_dir(dir.path()).output().unwrap();
        assert_eq!(o.status.code(), Some(1), "{args:?}: {}", stderr(&o));
        let e = stderr(&o);
        assert!(
            e.starts_with("error: ") && e.contains("unknown bot `nosuchbot`"),
            "{args:?}: {e}"
        );
        assert_eq!(e.lines().count(), 1, "{args:?}: {e}");
        assert_eq!(names(dir.path()), Vec::<String>::new(), "{args:?}");
    }
    // Declared but not seated: no log either.
    let dir = temp_dir();
    let o = bin()
        .args([
            "tournament",
            "--game",
            "seashells",
            "--players",
            "2",
            "--games",
            "2",
        ])
        .args([
            "--bots",
            "random",
            "--engine",
            "mine=sh -c true",
            "--out",
            "o.csv",
            "--quiet",
        ])
        .current_dir(dir.path())
        .output()
        .unwrap();
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(!dir.path().join("beachcomber-engines.log").exists());
    assert!(dir.path().join("o.csv").exists());
}
