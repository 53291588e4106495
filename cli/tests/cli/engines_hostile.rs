//! End-to-end tests of hostile engines (docs/protocol.md, "Processes" and
//! "Failures"): engines that hang, crash or answer garbage behind a wrapper
//! script or with a helper process holding their pipes, that flood their
//! output or standard error, or that write control characters. Each run
//! ends within its deadline (max(timeout, the handshake's 10 s) + 2 s)
//! with its one-line error, leaves no process of the engine running, and
//! stays under 64 MiB of memory. The faulty engine is
//! tests/engines/faulty.py (needs `python3`); every test works in its own
//! temporary folder. A handshake that hangs (which the binary waits out for
//! 10 s) is tested through the library with a short minimum, in
//! bots/tests/handshake.rs.

use crate::common::*;

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

/// `bad=python3 tests/engines/faulty.py MODE AT`.
fn faulty(mode: &str, at: u32) -> String {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/engines/faulty.py");
    format!("bad=python3 {} {mode} {at}", path.display())
}

/// The faulty engine's command through tests/engines/wrapper.sh, a shell
/// script that starts it as its child.
fn wrapped(mode: &str, at: u32) -> String {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/engines/wrapper.sh");
    format!("bad=sh {} {mode} {at}", path.display())
}

/// The process ids the faulty engines wrote to their pid file (set with
/// `FAULTY_PIDFILE`); any still running is killed when this is dropped, so
/// that a failing test leaves nothing behind.
struct Pids(PathBuf);

impl Pids {
    fn read(&self) -> Vec<i32> {
        std::fs::read_to_string(&self.0)
            .unwrap_or_default()
            .lines()
            .filter_map(|l| l.trim().parse().ok())
            .collect()
    }
}

impl Drop for Pids {
    fn drop(&mut self) {
        for pid in self.read() {
            let ours = std::fs::read_to_string(format!("/proc/{pid}/cmdline"))
                .is_ok_and(|c| c.contains("faulty.py") || c.contains("sleep"));
            if running(pid) && ours {
                // SAFETY: kill(2) of a process this test started (its
                // command line says so).
                unsafe { libc::kill(pid, libc::SIGKILL) };
            }
        }
    }
}

/// Whether `pid` is a process that has not ended (absent or a zombie is
/// ended).
fn running(pid: i32) -> bool {
    match std::fs::read_to_string(format!("/proc/{pid}/stat")) {
        // The state follows the command's closing parenthesis.
        Ok(stat) => stat
            .rsplit_once(')')
            .is_some_and(|(_, rest)| !rest.trim_start().starts_with(['Z', 'X'])),
        Err(_) => false,
    }
}

/// Assert that none of `pids` runs any more (the signal may take a moment
/// to land).
fn assert_all_ended(pids: &[i32], what: &str) {
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(2);
    while pids.iter().any(|&p| running(p)) && std::time::Instant::now() < deadline {
        std::thread::sleep(std::time::Duration::from_millis(20));
    }
    let left: Vec<i32> = pids.iter().copied().filter(|&p| running(p)).collect();
    assert!(left.is_empty(), "{what}: processes left running: {left:?}");
}

/// What [`watch`] saw of a run.
struct Watched {
    output: Output,
    /// Whether the deadline passed (the run was then killed).
    late: bool,
    /// The most resident memory seen (VmHWM), KiB.
    peak_kib: u64,
}

/// Run `cmd` to its end, sampling its peak resident memory, killing it
/// (and failing) at `deadline` or when its memory passes `max_kib`;
/// `input` is `(NOW, LATER, THINK)`: NOW is written to its standard input
/// at once, LATER after THINK (then it is closed).
fn watch(
    mut cmd: Command,
    deadline: std::time::Duration,
    max_kib: u64,
    input: Option<(&str, &str, std::time::Duration)>,
) -> Watched {
    use std::io::{Read, Write};
    use std::process::Stdio;
    let start = std::time::Instant::now();
    let mut child = cmd
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take();
    let mut out = child.stdout.take().unwrap();
    let mut err = child.stderr.take().unwrap();
    let out = std::thread::spawn(move || {
        let mut v = Vec::new();
        let _ = out.read_to_end(&mut v);
        v
    });
    let err = std::thread::spawn(move || {
        let mut v = Vec::new();
        let _ = err.read_to_end(&mut v);
        v
    });
    match (input, &mut stdin) {
        (Some((now, _, _)), Some(pipe)) => pipe.write_all(now.as_bytes()).unwrap(),
        _ => stdin = None,
    }
    let (mut late, mut peak_kib) = (false, 0);
    let status = loop {
        if let Some(status) = child.try_wait().unwrap() {
            break status;
        }
        if let Some(kib) = std::fs::read_to_string(format!("/proc/{}/status", child.id()))
            .ok()
            .and_then(|s| {
                s.lines()
                    .find_map(|l| l.strip_prefix("VmHWM:"))
                    .and_then(|v| v.trim().trim_end_matches("kB").trim().parse().ok())
            })
        {
            peak_kib = peak_kib.max(kib);
        }
        if let Some((_, text, think)) = input
            && start.elapsed() >= think
            && let Some(mut pipe) = stdin.take()
        {
            let _ = pipe.write_all(text.as_bytes());
        }
        if start.elapsed() > deadline || peak_kib > max_kib {
            late = start.elapsed() > deadline;
            let _ = child.kill();
            break child.wait().unwrap();
        }
        std::thread::sleep(std::time::Duration::from_millis(10));
    };
    drop(stdin);
    let output = Output {
        status,
        stdout: out.join().unwrap(),
        stderr: err.join().unwrap(),
    };
    Watched {
        output,
        late,
        peak_kib,
    }
}

/// The deadline of a run whose engine fails: max(timeout, the handshake's
/// 10 s) + 2 s.
const DEADLINE: std::time::Duration = std::time::Duration::from_secs(12);

/// No run of a hostile engine may take more memory than this: beachcomber
/// itself needs a few MiB, an engine's unread answer lines at most 2 MiB,
/// its standard error line 64 KiB, the log's kept tail 8 MiB.
const MAX_KIB: u64 = 64 * 1024;

/// A tournament (seashells, 2 players, the engine `bad` in seat 0 against
/// random, one thread, no output file) with the faulty engines writing their
/// pids to `dir/pids`.
fn hostile(dir: &Path, engine: &str, games: &str, extra: &[&str], helper: bool) -> Command {
    let mut cmd = bin();
    cmd.args([
        "tournament",
        "--game",
        "seashells",
        "--players",
        "2",
        "--engine",
        engine,
        "--engine-log",
        s(&dir.join("engines.log")),
        "--bots",
        "bad,random",
        "--games",
        games,
        "--threads",
        "1",
        "--seed",
        "1",
        "--no-rotate",
        "--quiet",
    ])
    .args(extra)
    .env("FAULTY_PIDFILE", dir.join("pids"))
    .env("FAULTY_HELPER", if helper { "1" } else { "0" });
    cmd
}

#[test]
fn a_failing_engine_is_killed_with_its_whole_process_group() {
    // Each engine fails after its handshake: a wrapper script whose child
    // hangs, an engine with a helper (holding its pipes) that hangs,
    // crashes or answers garbage.
    // Those that hang get 500 ms; the others fail at once, but get 5 s
    // (a loaded machine must not turn them into timeouts).
    let cases = [
        (
            wrapped("hang", 0),
            false,
            "500",
            "no answer within 500 ms (timed out)",
        ),
        (
            faulty("hang", 0),
            true,
            "500",
            "no answer within 500 ms (timed out)",
        ),
        (
            wrapped("hang", 0),
            true,
            "500",
            "no answer within 500 ms (timed out)",
        ),
        (
            faulty("crash", 0),
            true,
            "5000",
            "it crashed: it exited (exit status: 3); its last stderr line: `faulty: crashing on purpose`",
        ),
        (
            faulty("garbage", 0),
            true,
            "5000",
            "malformed answer: not JSON (expected ident at line 1 column 2): `this is not json`",
        ),
    ];
    for (engine, helper, timeout, reason) in cases {
        let dir = temp_dir();
        let dir = dir.path();
        let pids = Pids(dir.join("pids"));
        let cmd = hostile(dir, &engine, "1", &["--engine-timeout", timeout], helper);
        let w = watch(cmd, DEADLINE, u64::MAX, None);
        assert!(!w.late, "{engine}: still running after {DEADLINE:?}");
        let err = stderr(&w.output);
        assert_eq!(w.output.status.code(), Some(1), "{engine}: {err}");
        assert_eq!(err.lines().count(), 1, "{err}");
        assert!(
            err.starts_with(&format!(
                "error: bot `engine(name=bad)` (seat 0) failed in game 0 at decision 0: {reason} \
                 (the engines' standard error is in `"
            )),
            "{engine}: {err}"
        );
        let all = pids.read();
        assert_eq!(all.len(), if helper { 2 } else { 1 }, "{engine}");
        assert_all_ended(&all, &engine);
    }
}

#[test]
fn every_engine_process_ends_with_the_run_or_its_forfeits() {
    let dir = temp_dir();
    let dir = dir.path();
    // A run that succeeds: at its end the engine exits, its helper is
    // killed with its group.
    let pids = Pids(dir.join("pids"));
    let w = watch(
        hostile(dir, &wrapped("fine", 0), "2", &[], true),
        DEADLINE,
        u64::MAX,
        None,
    );
    assert!(!w.late, "still running after {DEADLINE:?}");
    assert!(w.output.status.success(), "{}", stderr(&w.output));
    let all = pids.read();
    assert_eq!(all.len(), 2);
    assert_all_ended(&all, "fine");
    drop(pids);
    std::fs::remove_file(dir.join("pids")).unwrap();
    // Forfeits: each game's process fails at its decision 1 and is killed
    // with its helper; the next game starts another.
    let pids = Pids(dir.join("pids"));
    let w = watch(
        hostile(
            dir,
            &faulty("crash", 1),
            "3",
            &["--on-engine-error", "forfeit"],
            true,
        ),
        DEADLINE,
        u64::MAX,
        None,
    );
    assert!(!w.late, "still running after {DEADLINE:?}");
    let err = stderr(&w.output);
    assert!(w.output.status.success(), "{err}");
    assert!(err.contains("note: engine `bad` failed 3 time(s)"), "{err}");
    let all = pids.read();
    assert_eq!(all.len(), 6, "3 engines and their helpers");
    assert_all_ended(&all, "forfeit");
}

/// Start `cmd` (its engine writes 2 pids), write `input` to it, and send
/// it SIGINT once the engine is waited for; its output, after asserting
/// that it ended within 3 s of the signal.
fn interrupt_a_wait(mut cmd: Command, pids: &Pids, input: &str) -> Output {
    use std::io::Write;
    use std::process::Stdio;
    let start = std::time::Instant::now();
    let mut child = cmd
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    // Kept open: a closed input would end `play`.
    let mut stdin = child.stdin.take().unwrap();
    stdin.write_all(input.as_bytes()).unwrap();
    // The engine and its helper started; then it is asked to decide.
    while pids.read().len() < 2 && start.elapsed() < DEADLINE {
        std::thread::sleep(std::time::Duration::from_millis(20));
    }
    std::thread::sleep(std::time::Duration::from_millis(500));
    while !catches_sigint(child.id()) {
        std::thread::sleep(std::time::Duration::from_millis(10));
    }
    signal(&child, libc::SIGINT);
    let interrupted = std::time::Instant::now();
    let pid = child.id() as i32;
    let waiter = std::thread::spawn(move || child.wait_with_output().unwrap());
    while !waiter.is_finished() && interrupted.elapsed() < std::time::Duration::from_secs(3) {
        std::thread::sleep(std::time::Duration::from_millis(20));
    }
    if !waiter.is_finished() {
        // SAFETY: kill(2) of the binary this test started, not reaped yet.
        unsafe { libc::kill(pid, libc::SIGKILL) };
        drop(stdin);
        let _ = waiter.join();
        panic!("Ctrl-C did not stop the run within 3 s");
    }
    drop(stdin);
    waiter.join().unwrap()
}

#[test]
fn ctrl_c_stops_a_run_waiting_for_a_hung_engine() {
    let dir = temp_dir();
    let dir = dir.path();
    let pids = Pids(dir.join("pids"));
    let cmd = hostile(
        dir,
        &faulty("hang", 0),
        "2",
        &["--engine-timeout", "60000"],
        true,
    );
    let o = interrupt_a_wait(cmd, &pids, "");
    let err = stderr(&o);
    assert_eq!(o.status.code(), Some(130), "{err}");
    assert_eq!(
        err.trim_end(),
        "error: interrupted: stopped, no output written"
    );
    assert_all_ended(&pids.read(), "hang");
}

#[test]
fn ctrl_c_stops_play_waiting_for_a_hung_engine() {
    let dir = temp_dir();
    let dir = dir.path();
    let pids = Pids(dir.join("pids"));
    let mut cmd = bin();
    cmd.args([
        "play",
        "--game",
        "seashells",
        "--players",
        "2",
        "--seed",
        "3",
        "--engine",
        &faulty("hang", 0),
        "--engine-log",
        s(&dir.join("engines.log")),
        "--bots",
        "bad",
    ])
    .env("FAULTY_PIDFILE", dir.join("pids"))
    .env("FAULTY_HELPER", "1");
    // The person moves; the engine (seat 1) never answers.
    let o = interrupt_a_wait(cmd, &pids, "#1\n");
    let err = stderr(&o);
    assert_eq!(o.status.code(), Some(130), "{err}");
    assert_eq!(
        err.trim_end(),
        "error: interrupted: game stopped; no record written (give --record FILE.jsonl to keep one)"
    );
    assert_all_ended(&pids.read(), "hang");
}

#[test]
fn flooding_standard_error_keeps_memory_and_the_log_bounded() {
    for mode in ["stderr-nolf", "stderr-flood"] {
        let dir = temp_dir();
        let dir = dir.path();
        let _pids = Pids(dir.join("pids"));
        let w = watch(
            hostile(dir, &faulty(mode, 0), "1", &[], false),
            DEADLINE,
            MAX_KIB,
            None,
        );
        assert!(
            w.peak_kib <= MAX_KIB,
            "{mode}: {} KiB resident (killed)",
            w.peak_kib
        );
        assert!(!w.late, "{mode}: still running after {DEADLINE:?}");
        assert!(w.output.status.success(), "{mode}: {}", stderr(&w.output));
        let log = std::fs::read(dir.join("engines.log")).unwrap();
        assert!(
            log.len() <= 16 * 1024 * 1024 + 4096,
            "{mode}: a log of {} bytes",
            log.len()
        );
        let text = String::from_utf8_lossy(&log);
        if mode == "stderr-nolf" {
            // One line, cut at 64 KiB.
            let line = text
                .lines()
                .find(|l| l.contains("xxx"))
                .expect("the line is logged");
            assert!(
                line.ends_with(" [beachcomber: line cut at 65536 bytes, the rest left out]"),
                "{}",
                &line[line.len() - 100..]
            );
            assert_eq!(line.matches('x').count(), 65536, "{mode}");
        } else {
            let cut = text
                .lines()
                .find(|l| l.starts_with("[beachcomber: the log is cut here:"))
                .expect("the cut is noted");
            assert!(
                cut.ends_with(
                    " bytes left out (a run keeps the first and the last 8 MiB it writes)]"
                ),
                "{cut}"
            );
            // The lines around the cut are whole.
            for line in text.lines().filter(|l| l.contains("yyy")) {
                assert!(line.ends_with(&"y".repeat(99)), "{line}");
            }
            // The last lines are kept.
            assert!(text.ends_with(&format!("{}\n", "y".repeat(99))), "{mode}");
        }
    }
}

#[test]
fn play_fails_an_engine_that_writes_lines_it_was_not_asked_for() {
    let dir = temp_dir();
    let dir = dir.path();
    let _pids = Pids(dir.join("pids"));
    let log = dir.join("engines.log");
    let mut cmd = bin();
    cmd.args([
        "play",
        "--game",
        "seashells",
        "--players",
        "2",
        "--seed",
        "3",
        "--engine",
        &faulty("chatty", 0),
        "--engine-log",
        s(&log),
        "--bots",
        "bad",
    ])
    .env("FAULTY_PIDFILE", dir.join("pids"));
    // The person moves, the engine answers and then floods its output
    // while the person thinks for 2.5 s.
    let chatter = format!(
        "{{\"type\": \"chatter\", \"text\": \"{}\"}}",
        "z".repeat(1000)
    );
    let later = "#1\n".repeat(10);
    let w = watch(
        cmd,
        DEADLINE,
        MAX_KIB,
        Some(("#1\n", &later, std::time::Duration::from_millis(2500))),
    );
    assert!(
        w.peak_kib <= MAX_KIB,
        "{} KiB resident (killed)",
        w.peak_kib
    );
    assert!(!w.late, "still running after {DEADLINE:?}");
    let err = stderr(&w.output);
    assert_eq!(w.output.status.code(), Some(1), "{err}");
    assert_eq!(
        err.trim_end(),
        format!(
            "error: bot `engine(name=bad)` (seat 1) failed at decision 3: malformed answer: \
             a line it was not asked for: `{}...`; no record written \
             (give --record FILE.jsonl to keep one) (the engines' standard error is in `{}`)",
            &chatter[..200],
            log.display()
        )
    );
}

#[test]
fn texts_from_engines_are_escaped_on_one_line() {
    let cases = [
        (
            "refuse-ctl",
            "error: engine `bad`: it refused the handshake: I only\\nplay chess\\r\\u{1b}[2J \
             (the engines' standard error is in `",
        ),
        (
            "illegal-ctl",
            "error: bot `engine(name=bad)` (seat 0) failed in game 0 at decision 0: illegal \
             action `not\\na\\u{7}move\\u{1b}[31m` (the engines' standard error is in `",
        ),
        (
            "garbage-ctl",
            "error: bot `engine(name=bad)` (seat 0) failed in game 0 at decision 0: malformed \
             answer: not JSON (expected ident at line 1 column 2): \
             `this is\\u{0}not json\\u{1b}[2J\\u{7}` (the engines' standard error is in `",
        ),
    ];
    for (mode, expected) in cases {
        let dir = temp_dir();
        let dir = dir.path();
        let _pids = Pids(dir.join("pids"));
        let w = watch(
            hostile(dir, &faulty(mode, 0), "1", &[], false),
            DEADLINE,
            u64::MAX,
            None,
        );
        let err = stderr(&w.output);
        assert_eq!(w.output.status.code(), Some(1), "{mode}: {err}");
        assert_eq!(err.lines().count(), 1, "{mode}: {err}");
        assert!(err.starts_with(expected), "{mode}: {err}");
        // The log's notes are one line each too.
        let log = std::fs::read_to_string(dir.join("engines.log")).unwrap();
        assert!(!log.contains('\u{1b}'), "{mode}: {log}");
        assert!(log.lines().all(|l| l.starts_with('[')), "{mode}: {log}");
    }
}
