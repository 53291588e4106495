//! A run's `.partial` files are locked while it writes them: a run killed
//! before its first checkpoint (partial files, no checkpoint) is replaced
//! by the plain command and started afresh by `--resume`, byte-identical
//! to an uninterrupted run; a live run's files are refused because their
//! lock is held; `--resume` says how many games were already done.

use crate::common::*;

use std::fs::{File, OpenOptions};
use std::path::Path;
use std::process::Stdio;
use std::time::{Duration, Instant};

use beachcomber_store::files::file_lock;

/// A short tournament writing `g.csv`, `s.csv` and `r.jsonl` into `dir`.
fn short_run(dir: &Path, extra: &[&str]) -> Vec<String> {
    let mut args: Vec<String> = [
        "tournament",
        "--game",
        "seashells",
        "--players",
        "2",
        "--bots",
        "greedy(worlds=2),random",
        "--games",
        "40",
        "--seed",
        "5",
        "--quiet",
        "--out",
        s(&dir.join("g.csv")),
        "--summary",
        s(&dir.join("s.csv")),
        "--record",
        s(&dir.join("r.jsonl")),
    ]
    .iter()
    .map(|x| x.to_string())
    .collect();
    args.extend(extra.iter().map(|x| x.to_string()));
    args
}

fn strs(v: &[String]) -> Vec<&str> {
    v.iter().map(String::as_str).collect()
}

fn read(p: &Path) -> Vec<u8> {
    std::fs::read(p).unwrap_or_else(|e| panic!("{}: {e}", p.display()))
}

/// The state `kill -9` leaves during a run's first checkpoint: partial
/// files with a torn first chunk, the checkpoint's temporary file, and
/// no checkpoint.
fn killed_in_first_checkpoint(dir: &Path, partials: &[&str], checkpoint: &str) {
    for p in partials {
        std::fs::write(dir.join(p), b"game,deal,torn row without its end").unwrap();
    }
    std::fs::write(dir.join(checkpoint), b"{\"checkpoint\": 1, \"descr").unwrap();
}

#[test]
fn a_run_killed_in_its_first_checkpoint_is_replaced_or_started_afresh() {
    let whole = temp_dir();
    let o = run(&strs(&short_run(whole.path(), &[])));
    assert!(o.status.success(), "{}", stderr(&o));
    for resume in [false, true] {
        let dir = temp_dir();
        killed_in_first_checkpoint(
            dir.path(),
            &["g.csv.partial", "r.jsonl.partial"],
            "g.csv.checkpoint.json.tmp",
        );
        let extra: &[&str] = if resume { &["--resume"] } else { &[] };
        let o = run(&strs(&short_run(dir.path(), extra)));
        assert!(o.status.success(), "resume {resume}: {}", stderr(&o));
        let err = stderr(&o);
        let lines: Vec<&str> = err.lines().collect();
        assert_eq!(lines.len(), 2, "one note per partial file: {err}");
        for (line, file) in lines.iter().zip(["g.csv.partial", "r.jsonl.partial"]) {
            assert!(line.contains(file), "{line}");
            if resume {
                assert!(line.contains("starting afresh"), "{line}");
            } else {
                assert!(line.contains("replacing"), "{line}");
            }
        }
        assert_eq!(
            names(dir.path()),
            ["g.csv", "g.csv.manifest.json", "r.jsonl", "s.csv"],
            "resume {resume}"
        );
        for f in ["g.csv", "s.csv", "r.jsonl"] {
            assert!(
                read(&whole.path().join(f)) == read(&dir.path().join(f)),
                "{f} differs (resume {resume})"
            );
        }
    }
}

#[test]
fn a_sweep_killed_in_its_first_checkpoint_is_replaced_or_started_afresh() {
    let base = [
        "sweep",
        "--game",
        "seashells",
        "--players",
        "2",
        "--vary",
        "scoring=simple,advanced",
        "--games",
        "20",
        "--seed",
        "3",
        "--quiet",
    ];
    let whole = temp_dir();
    let out = whole.path().join("sweep");
    let mut args: Vec<&str> = base.to_vec();
    args.extend(["--out", s(&out)]);
    let o = run(&args);
    assert!(o.status.success(), "{}", stderr(&o));
    for resume in [false, true] {
        let dir = temp_dir();
        let folder = dir.path().join("sweep");
        std::fs::create_dir(&folder).unwrap();
        killed_in_first_checkpoint(&folder, &["games.csv.partial"], "checkpoint.json.tmp");
        let mut args: Vec<&str> = base.to_vec();
        args.extend(["--out", s(&folder)]);
        if resume {
            args.push("--resume");
        }
        let o = run(&args);
        assert!(o.status.success(), "resume {resume}: {}", stderr(&o));
        let want = if resume {
            "starting afresh"
        } else {
            "replacing"
        };
        assert!(stderr(&o).contains(want), "{}", stderr(&o));
        assert_eq!(names(&folder), names(&out), "resume {resume}");
        for f in ["games.csv", "metrics.csv"] {
            assert!(
                read(&out.join(f)) == read(&folder.join(f)),
                "{f} differs (resume {resume})"
            );
        }
    }
}

/// Open `path` (creating it) and hold its lock, as a live run does.
fn hold_lock(path: &Path) -> File {
    let file = OpenOptions::new()
        .write(true)
        .create(true)
        .truncate(false)
        .open(path)
        .unwrap();
    file_lock::try_lock(&file).unwrap();
    file
}

#[test]
fn a_partial_file_whose_lock_another_process_holds_is_refused() {
    let dir = temp_dir();
    let partial = dir.path().join("g.csv.partial");
    let held = hold_lock(&partial);
    std::fs::write(&partial, b"a live run's rows").unwrap();
    for extra in [&[][..], &["--resume"][..]] {
        let o = run(&strs(&short_run(dir.path(), extra)));
        assert_eq!(o.status.code(), Some(1), "{extra:?}: {}", stderr(&o));
        let err = stderr(&o);
        assert_eq!(err.lines().count(), 1, "{err}");
        assert!(
            err.contains("g.csv.partial") && err.contains("another beachcomber process"),
            "{err}"
        );
        // Untouched, and nothing else written.
        assert_eq!(read(&partial), b"a live run's rows");
        assert_eq!(names(dir.path()), ["g.csv.partial"]);
    }
    // Released (the live run ended without a checkpoint): replaced.
    drop(held);
    let o = run(&strs(&short_run(dir.path(), &[])));
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(stderr(&o).contains("replacing"), "{}", stderr(&o));
}

/// The games done by a run, from its checkpoint (replaced whole by a
/// rename: never seen half-written).
fn checkpointed_games(checkpoint: &Path) -> u64 {
    let text = std::fs::read_to_string(checkpoint).unwrap();
    let v: serde_json::Value = serde_json::from_str(&text).unwrap();
    v["next"].as_u64().unwrap()
}

#[test]
fn a_live_run_is_refused_and_resume_says_how_many_games_were_done() {
    let dir = temp_dir();
    let args: Vec<String> = [
        "tournament",
        "--game",
        "seashells",
        "--players",
        "2",
        "--bots",
        "greedy(worlds=8),random",
        "--games",
        "3000",
        "--seed",
        "11",
        "--threads",
        "1",
        "--checkpoint-every",
        "0",
        "--out",
        s(&dir.path().join("g.csv")),
    ]
    .iter()
    .map(|x| x.to_string())
    .collect();
    let mut quiet = args.clone();
    quiet.push("--quiet".into());
    // Paused at its first checkpoint holding games (a failpoint), the live
    // run holds its files for as long as the checks take, whatever the
    // machine's speed.
    let mut live = bin()
        .args(strs(&quiet))
        .env("BEACHCOMBER_FAILPOINT", "pause-at-mid-run-checkpoint")
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let checkpoint = dir.path().join("g.csv.checkpoint.json");
    let start = Instant::now();
    while !(checkpoint.exists() && checkpointed_games(&checkpoint) > 0)
        && start.elapsed() < Duration::from_secs(60)
    {
        assert!(live.try_wait().unwrap().is_none(), "the run ended early");
        std::thread::sleep(Duration::from_millis(10));
    }
    assert!(checkpoint.exists(), "no checkpoint after a minute");
    let mut resume = quiet.clone();
    resume.push("--resume".into());
    for second in [&quiet, &resume] {
        let o = run(&strs(second));
        let err = stderr(&o);
        assert_eq!(o.status.code(), Some(1), "{err}");
        assert_eq!(err.lines().count(), 1, "{err}");
        assert!(err.contains("another beachcomber process"), "{err}");
    }
    let still_running = live.try_wait().unwrap().is_none();
    // Killed: no process holds the files, and the checkpoint covers them.
    let _ = live.kill();
    let _ = live.wait();
    assert!(still_running, "the live run ended before the checks");
    let done = checkpointed_games(&checkpoint);
    assert!(done > 0 && done < 3000, "paused mid-run: {done} games");
    let o = run(&strs(&resume));
    assert!(o.status.success(), "{}", stderr(&o));
    let want = format!(
        "--resume: {done} of 3000 games were already done; playing the other {}",
        3000 - done
    );
    assert!(stderr(&o).contains(&want), "{}", stderr(&o));
    assert_eq!(names(dir.path()), ["g.csv", "g.csv.manifest.json"]);
}
