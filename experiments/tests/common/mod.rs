//! Helpers shared by the end-to-end tests of the `beachcomber` binary.

#![allow(dead_code)]

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
