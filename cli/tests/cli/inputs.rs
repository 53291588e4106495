//! Inputs the user names that are not regular files (a FIFO, a symbolic
//! link to `/dev/zero`), one SIGTERM during a long decision, and the rule
//! of every `--out` (its parent folder must exist): issue 53 items 10 and
//! 13.

use crate::common::*;

use std::path::Path;
use std::process::{Child, ExitStatus, Stdio};
use std::time::{Duration, Instant};

/// Wait for `child` at most `limit` (a guard against hangs, not a timing
/// assertion); kill it and fail past that.
fn wait_at_most(child: &mut Child, limit: Duration, what: &str) -> ExitStatus {
    let start = Instant::now();
    loop {
        if let Some(status) = child.try_wait().unwrap() {
            return status;
        }
        if start.elapsed() > limit {
            let _ = child.kill();
            let _ = child.wait();
            panic!("{what}: still running after {limit:?}");
        }
        std::thread::sleep(Duration::from_millis(20));
    }
}

/// Run `args` (standard input closed) expecting it to exit within a minute
/// with status 1 and a one-line error containing `want`.
fn refused_at_once(args: &[&str], want: &str) {
    let mut child = bin()
        .args(args)
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let status = wait_at_most(&mut child, Duration::from_secs(60), &format!("{args:?}"));
    let err = stderr(&child.wait_with_output().unwrap());
    assert_eq!(status.code(), Some(1), "{args:?}: {err}");
    assert_eq!(err.lines().count(), 1, "{args:?}: one line: {err}");
    assert!(err.starts_with("error: "), "{args:?}: {err}");
    assert!(err.contains(want), "{args:?}: want `{want}` in: {err}");
}

fn mkfifo(path: &Path) {
    assert!(
        std::process::Command::new("mkfifo")
            .arg(path)
            .status()
            .unwrap()
            .success()
    );
}

#[test]
fn a_fifo_or_a_link_to_dev_zero_named_as_an_input_is_refused_at_once() {
    let dir = temp_dir();
    let d = dir.path();
    let out = d.join("out");
    std::fs::create_dir(&out).unwrap();
    let svg = out.join("f.svg");
    let run_out = d.join("run-out");
    // A regular table beside the hostile manifest, for merge.
    std::fs::write(d.join("g.csv"), "a,b\n1,2\n").unwrap();
    for (name, what) in [
        ("fifo", "it is a FIFO"),
        ("zero", "it is a character device"),
    ] {
        let at = |ext: &str| d.join(format!("{name}.{ext}"));
        for ext in ["toml", "csv", "parquet", "jsonl", "csv.manifest.json"] {
            if name == "fifo" {
                mkfifo(&at(ext));
            } else {
                std::os::unix::fs::symlink("/dev/zero", at(ext)).unwrap();
            }
        }
        let at = |ext: &str| s(&d.join(format!("{name}.{ext}"))).to_string();
        let (toml, csv, parquet, jsonl, manifest) = (
            at("toml"),
            at("csv"),
            at("parquet"),
            at("jsonl"),
            at("csv.manifest.json"),
        );
        let (run_to, svg_to, merged) = (s(&run_out), s(&svg), out.join("m.csv"));
        let cases: Vec<Vec<&str>> = vec![
            vec!["run", &toml, "--out", run_to, "--quiet"],
            vec!["plot", &csv, "--x", "a", "--y", "b", "--out", svg_to],
            vec!["plot", &parquet, "--x", "a", "--y", "b", "--out", svg_to],
            vec!["replay", &jsonl],
            vec!["merge", &manifest, "--out", s(&merged)],
            vec!["serve", "--port", "0", "--records", &jsonl],
        ];
        for args in &cases {
            refused_at_once(args, &format!("{what}, not a regular file"));
        }
        assert_eq!(names(&out), Vec::<String>::new(), "{name}");
        assert!(!run_out.exists());
    }
    // The experiment file's message names the file.
    refused_at_once(
        &["run", s(&d.join("fifo.toml")), "--out", s(&run_out)],
        &format!(
            "cannot read the experiment file `{}`: it is a FIFO, not a regular file",
            s(&d.join("fifo.toml"))
        ),
    );
}

#[test]
fn an_experiment_file_over_its_cap_is_refused() {
    let dir = temp_dir();
    let big = dir.path().join("big.toml");
    // 4 MiB and one byte of comment.
    let mut text = String::from("# ");
    text.push_str(&"x".repeat((4 << 20) - 2));
    text.push('\n');
    std::fs::write(&big, &text).unwrap();
    refused_at_once(
        &["run", s(&big), "--out", s(&dir.path().join("o"))],
        "it is larger than 4194304 bytes",
    );
}

#[test]
fn replay_reads_records_from_standard_input() {
    let dir = temp_dir();
    let rec = dir.path().join("r.jsonl");
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
    let by_name = run(&["replay", s(&rec), "--index", "2"]);
    assert!(by_name.status.success(), "{}", stderr(&by_name));
    let piped = bin()
        .args(["replay", "-", "--index", "2"])
        .stdin(std::fs::File::open(&rec).unwrap())
        .output()
        .unwrap();
    assert!(piped.status.success(), "{}", stderr(&piped));
    assert_eq!(piped.stdout, by_name.stdout);
}

/// A tournament whose decisions take minutes (ISMCTS with 10 million
/// iterations), writing `--out` in `dir`.
fn endless(dir: &Path, extra: &[&str]) -> Child {
    let mut args = vec![
        "tournament",
        "--game",
        "seaside",
        "--players",
        "2",
        "--games",
        "2",
        "--threads",
        "1",
        "--quiet",
        "--bots",
        "ismcts(iterations=10000000)",
    ];
    let out = dir.join("o.csv");
    args.extend(["--out", s(&out)]);
    args.extend(extra);
    bin()
        .args(&args)
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap()
}

/// Wait (at most a minute) until `pred` holds.
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

#[test]
fn one_sigterm_ends_a_run_stuck_in_a_long_decision_and_keeps_its_checkpoint() {
    let dir = temp_dir();
    let d = dir.path();
    let expected = ["o.csv.checkpoint.json", "o.csv.partial"];
    for resume in [false, true] {
        let mut child = endless(d, if resume { &["--resume"] } else { &[] });
        let pid = child.id();
        wait_until("the partial file", || names(d) == expected);
        wait_until("the signal thread", || catches_sigint(pid));
        // The first decision has begun; it would last many minutes.
        std::thread::sleep(Duration::from_millis(500));
        signal(&child, libc::SIGTERM);
        let status = wait_at_most(&mut child, Duration::from_secs(60), "one SIGTERM");
        let err = stderr(&child.wait_with_output().unwrap());
        assert_eq!(status.code(), Some(130), "{err}");
        let stopped = "error: terminated: the command did not stop within 5 s of the signal; \
                       stopped at once; the games of the last checkpoint are kept (run the same \
                       command with --resume to continue)";
        // The second round resumes from the checkpoint (a broken one would
        // be refused at once with status 1).
        let want = if resume {
            format!("--resume: 0 of 2 games were already done; playing the other 2\n{stopped}\n")
        } else {
            format!("{stopped}\n")
        };
        assert_eq!(err, want);
        // The checkpoint is whole.
        assert_eq!(names(d), expected, "resume: {resume}");
        let checkpoint: serde_json::Value =
            serde_json::from_slice(&std::fs::read(d.join(expected[0])).unwrap()).unwrap();
        assert!(checkpoint.is_object());
    }
}

#[test]
fn every_out_needs_its_parent_folder_and_only_a_folder_output_is_created() {
    let dir = temp_dir();
    let d = dir.path();
    let missing = d.join("no/x/y");
    let parent = d.join("no/x");
    let want = format!(
        "--out: cannot write `{}`: the folder `{}` does not exist (create it first)",
        s(&missing),
        s(&parent)
    );
    let quick_tournament = "tournament --game shell-dash --players 2 --games 2 --quiet";
    // A finished tournament and a sweep shard to merge.
    let g = d.join("g.csv");
    let o = run_line(&format!("{quick_tournament} --out {}", s(&g)));
    assert!(o.status.success(), "{}", stderr(&o));
    let sweep = "sweep --game shell-dash --players 2 --vary max_turns=5,6 --bots random --games 2 \
                 --quiet";
    for i in 0..2 {
        let o = run_line(&format!(
            "{sweep} --out {} --shard {i}/2",
            s(&d.join("shard-{shard}"))
        ));
        assert!(o.status.success(), "{}", stderr(&o));
    }
    let lines = [
        format!("{quick_tournament} --out {}", s(&missing)),
        format!(
            "league --game shell-dash --players 2 --bots random,greedy --games-per-pairing 2 --quiet --out {}",
            s(&missing)
        ),
        format!("{sweep} --out {}", s(&missing)),
        format!(
            "search --game shell-dash --players 2 --vary deck.Shell=6..=12:2 \
             --vary deck.Jellyfish=4,8 --bots random --strong-bots greedy \
             --objective 'seat_ratio:0 near 1 margin 0.02' --constraint 'mean_turns <= 12' \
             --first-deals 20 --max-rounds 3 --max-games 2000 --seed 3 --confirm-seed 4 --allow-unresolvable \
             --quiet --checkpoint-every 0 --out {}",
            s(&missing)
        ),
        format!(
            "merge {} --out {}",
            s(&g.with_extension("csv.manifest.json")),
            s(&missing)
        ),
        format!(
            "merge {} {} --out {}",
            s(&d.join("shard-0")),
            s(&d.join("shard-1")),
            s(&missing)
        ),
        format!("plot {} --x seat --y won --out {}.svg", s(&g), s(&missing)),
        format!(
            "run {}/../experiments/shell-dash-league.toml --quick --quiet --out {}",
            env!("CARGO_MANIFEST_DIR"),
            s(&missing)
        ),
    ];
    for line in &lines {
        let o = run_line(line);
        let err = stderr(&o);
        assert_eq!(o.status.code(), Some(1), "{line}: {err}");
        assert_eq!(err.lines().count(), 1, "{line}: {err}");
        let want = if line.starts_with("plot") {
            want.replace("x/y`", "x/y.svg`")
        } else {
            want.clone()
        };
        assert!(err.contains(&want), "{line}: want `{want}` in {err}");
        assert!(!d.join("no").exists(), "{line} created the path");
    }
    // A folder output whose parent exists is created (one level).
    let made = d.join("made");
    let o = run_line(&format!("{sweep} --out {}", s(&made)));
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(made.join("metrics.csv").is_file());
}

#[test]
fn a_fifo_planted_as_a_partial_file_is_refused_at_once() {
    let dir = temp_dir();
    let d = dir.path();
    let out = d.join("o.csv");
    let partial = d.join("o.csv.partial");
    let args = [
        "tournament",
        "--game",
        "shell-dash",
        "--players",
        "2",
        "--games",
        "2000000",
        "--threads",
        "1",
        "--quiet",
        "--out",
        s(&out),
    ];
    // A new run (which first looks for a live run holding the partial).
    mkfifo(&partial);
    refused_at_once(
        &args,
        &format!(
            "--out: cannot open `{}`: it is a FIFO, not a regular file",
            s(&partial)
        ),
    );
    std::fs::remove_file(&partial).unwrap();
    // A run interrupted with a checkpoint, then its partial file replaced
    // by a FIFO: --resume is refused at once too.
    let mut child = bin()
        .args(args)
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let checkpoint = d.join("o.csv.checkpoint.json");
    wait_until("a checkpoint", || {
        std::fs::read(&checkpoint)
            .ok()
            .and_then(|b| serde_json::from_slice::<serde_json::Value>(&b).ok())
            .is_some_and(|v| v["next"].as_u64().is_some_and(|n| n > 0))
    });
    signal(&child, libc::SIGINT);
    let status = wait_at_most(&mut child, Duration::from_secs(60), "Ctrl-C");
    assert_eq!(status.code(), Some(130));
    std::fs::remove_file(&partial).unwrap();
    mkfifo(&partial);
    let mut resume = args.to_vec();
    resume.push("--resume");
    refused_at_once(
        &resume,
        &format!(
            "--resume: cannot open `{}`: it is a FIFO, not a regular file (the interrupted run's \
             partial output)",
            s(&partial)
        ),
    );
}
