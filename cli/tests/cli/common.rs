//! Helpers shared by the end-to-end tests of the `beachcomber` binary.

#![allow(dead_code)]

use std::collections::BTreeMap;
use std::path::Path;
use std::process::{Child, Command, Output};

use tempfile::TempDir;

/// The binary under test.
pub fn bin() -> Command {
    Command::new(env!("CARGO_BIN_EXE_beachcomber"))
}

/// Run the binary to its end.
pub fn run(args: &[&str]) -> Output {
    bin().args(args).output().expect("binary runs")
}

/// An argument line split into its arguments, as a shell would split it for
/// the plain lines the tests write: at white space, with `'...'` quoting
/// (kept together, quotes removed), and nothing else interpreted.
pub fn words(line: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut word: Option<String> = None;
    let mut quoted = false;
    for c in line.chars() {
        match c {
            '\'' => {
                quoted = !quoted;
                word.get_or_insert_with(String::new);
            }
            c if c.is_whitespace() && !quoted => out.extend(word.take()),
            c => word.get_or_insert_with(String::new).push(c),
        }
    }
    assert!(!quoted, "unbalanced quote in {line:?}");
    out.extend(word);
    out
}

/// Run the binary to its end with the arguments of `line` (see [`words`]),
/// e.g. `run_line("tournament --game seashells --players 2 --games 4")`.
pub fn run_line(line: &str) -> Output {
    bin().args(words(line)).output().expect("binary runs")
}

/// A fresh temporary folder (removed when dropped).
pub fn temp_dir() -> TempDir {
    tempfile::Builder::new()
        .prefix("beachcomber-test-")
        .tempdir()
        .unwrap()
}

/// The names in `dir`, sorted.
pub fn names(dir: &Path) -> Vec<String> {
    let mut v: Vec<String> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    v.sort();
    v
}

/// A path as `&str`.
pub fn s(p: &Path) -> &str {
    p.to_str().unwrap()
}

/// Standard error as text.
pub fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

/// Send `sig` to a child.
pub fn signal(child: &Child, sig: i32) {
    // SAFETY: kill(2) with the pid of a child we have not reaped yet.
    let rc = unsafe { libc::kill(child.id() as libc::pid_t, sig) };
    assert_eq!(rc, 0, "kill failed");
}

/// Run `args` expecting a one-line error containing `want`, and no output.
pub fn refused(args: &[&str], want: &str, out: &Path) {
    let o = run(args);
    assert_eq!(o.status.code(), Some(1), "{args:?}");
    let err = stderr(&o);
    assert_eq!(err.lines().count(), 1, "one line: {err}");
    assert!(err.starts_with("error: "), "{err}");
    assert!(err.contains(want), "{args:?}: want `{want}` in: {err}");
    assert!(
        !out.exists() || names(out).is_empty(),
        "no output for {args:?}: {:?}",
        names(out)
    );
}

/// Whether process `pid` takes SIGINT (blocked for its signal thread's
/// `sigwait`, or caught by a handler).
pub fn catches_sigint(pid: u32) -> bool {
    let Ok(status) = std::fs::read_to_string(format!("/proc/{pid}/status")) else {
        return false;
    };
    status
        .lines()
        .filter_map(|l| {
            l.strip_prefix("SigBlk:")
                .or_else(|| l.strip_prefix("SigCgt:"))
        })
        .filter_map(|mask| u64::from_str_radix(mask.trim(), 16).ok())
        .any(|mask| mask & (1 << (libc::SIGINT - 1)) != 0)
}

/// Run `beachcomber ARGS` to its end: its exit code (`None` if killed by
/// a signal), standard error and peak resident memory in bytes.
///
/// The binary is started by a small launcher (python3) that reports its
/// child's `ru_maxrss`: a child forked straight from this test process
/// would inherit the test process's own peak (Linux keeps the peak of the
/// memory it had before `exec` in `ru_maxrss`), which in one test binary
/// of many tests is unrelated to the program measured.
pub fn run_measured(args: &[&str]) -> (Option<i32>, String, u64) {
    const LAUNCHER: &str = "import resource, subprocess, sys\n\
        r = subprocess.run(sys.argv[1:], stdout=subprocess.DEVNULL)\n\
        print(r.returncode, resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss)\n";
    let o = Command::new("python3")
        .args(["-c", LAUNCHER, env!("CARGO_BIN_EXE_beachcomber")])
        .args(args)
        .output()
        .expect("python3 runs (the memory measurements need it)");
    assert!(o.status.success(), "the launcher failed: {}", stderr(&o));
    let report = String::from_utf8_lossy(&o.stdout);
    let (code, kib) = report
        .trim()
        .split_once(' ')
        .unwrap_or_else(|| panic!("launcher output: {report:?}"));
    let code: i32 = code.parse().unwrap();
    // Linux reports ru_maxrss in KiB.
    let bytes = kib.parse::<u64>().unwrap() * 1024;
    ((code >= 0).then_some(code), stderr(&o), bytes)
}

#[test]
fn words_splits_an_argument_line() {
    assert_eq!(
        words("  tournament --bots 'ismcts(iterations=50), greedy' --out ''  x\ty "),
        [
            "tournament",
            "--bots",
            "ismcts(iterations=50), greedy",
            "--out",
            "",
            "x",
            "y"
        ]
    );
    assert_eq!(words(" "), Vec::<String>::new());
}

/// The rows of a CSV file, each a map from column name to cell.
pub fn csv_table(path: &Path) -> Vec<BTreeMap<String, String>> {
    let mut reader = csv::Reader::from_path(path).unwrap();
    let header: Vec<String> = reader.headers().unwrap().iter().map(String::from).collect();
    reader
        .records()
        .map(|r| {
            header
                .iter()
                .cloned()
                .zip(r.unwrap().iter().map(String::from))
                .collect()
        })
        .collect()
}

/// `run FILE --out DIR --quiet` is refused with one line naming the file
/// and `line`, containing `want`, and leaves no output in `out`.
pub fn file_refused(file: &Path, out: &Path, line: usize, want: &str) {
    let o = run(&["run", s(file), "--out", s(out), "--quiet"]);
    assert_eq!(o.status.code(), Some(1), "{want}");
    let err = stderr(&o);
    assert_eq!(err.lines().count(), 1, "{err}");
    let at = format!("error: {} line {line}", file.display());
    assert!(err.starts_with(&at), "want `{at}` in: {err}");
    assert!(err.contains(want), "want `{want}` in: {err}");
    assert!(!out.exists() || names(out).is_empty());
}

/// The text of the file at `p`, or a panic naming it.
pub fn read(p: &Path) -> String {
    std::fs::read_to_string(p).unwrap_or_else(|e| panic!("{}: {e}", p.display()))
}

/// The standard output of a command that must succeed (its stderr in the
/// panic otherwise).
pub fn ok(args: &[&str]) -> String {
    let o = run(args);
    assert!(o.status.success(), "{args:?}: {}", stderr(&o));
    String::from_utf8(o.stdout).unwrap()
}
