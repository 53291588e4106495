//! The handshake's time limit, through the library with short durations:
//! the program gives a handshake at least 10 s ([`MIN_HANDSHAKE`]), which a
//! test through the binary would have to wait out; here the same logic
//! runs with a floor of at most 2 s
//! ([`EngineSettings::min_handshake`]). The faulty engine is the CLI's
//! (`cli/tests/engines/faulty.py` behind `wrapper.sh`; needs `python3`).

use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::Duration;

use beachcomber::bot::{BotError, OnFailure};
use beachcomber_bots::external::{EnginePool, EngineSettings, EngineSpec, open_log};

/// A fresh folder of its own for one test, removed when dropped.
struct Scratch(PathBuf);

impl Scratch {
    fn new(name: &str) -> Scratch {
        let dir = std::env::temp_dir().join(format!(
            "beachcomber-handshake-{name}-{}",
            std::process::id()
        ));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        Scratch(dir)
    }
}

impl Drop for Scratch {
    fn drop(&mut self) {
        for pid in pids(&self.0) {
            if running(pid) {
                // Only the faulty engine and its `sleep` helper write their
                // ids there; a failed assertion must not leave them running.
                let _ = std::process::Command::new("kill")
                    .args(["-9", &pid.to_string()])
                    .status();
            }
        }
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

/// A pool of the faulty engine in `mode` (behind the wrapper script, with
/// its helper process), its process ids written to `dir/pids`.
fn pool(dir: &Path, mode: &str, timeout: Duration, min_handshake: Duration) -> Arc<EnginePool> {
    let engines = Path::new(env!("CARGO_MANIFEST_DIR")).join("../cli/tests/engines");
    let spec = EngineSpec::parse(&format!(
        "bad=env FAULTY_HELPER=1 FAULTY_PIDFILE={} sh {} {mode} 0",
        dir.join("pids").display(),
        engines.join("wrapper.sh").display()
    ))
    .unwrap();
    let log_path = dir.join("engines.log");
    let settings = EngineSettings {
        timeout,
        min_handshake,
        on_failure: OnFailure::Stop,
        log: log_path.clone(),
        cancel: None,
        halt: Arc::default(),
    };
    EnginePool::new(spec, settings, open_log(&log_path).unwrap())
}

/// The process ids the engine and its helper wrote.
fn pids(dir: &Path) -> Vec<i32> {
    std::fs::read_to_string(dir.join("pids"))
        .unwrap_or_default()
        .lines()
        .map(|l| l.parse().unwrap())
        .collect()
}

/// Whether `pid` has not ended (absent or a zombie has ended).
fn running(pid: i32) -> bool {
    match std::fs::read_to_string(format!("/proc/{pid}/stat")) {
        Ok(stat) => stat
            .rsplit_once(')')
            .is_some_and(|(_, rest)| !rest.trim_start().starts_with(['Z', 'X'])),
        Err(_) => false,
    }
}

/// Wait (a bounded while) for the kill of a process group to be seen.
fn assert_all_ended(pids: &[i32]) {
    for _ in 0..100 {
        if !pids.iter().any(|&p| running(p)) {
            return;
        }
        std::thread::sleep(Duration::from_millis(20));
    }
    let left: Vec<i32> = pids.iter().copied().filter(|&p| running(p)).collect();
    panic!("processes left running: {left:?}");
}

/// A handshake that never answers gets the minimum, not the shorter
/// per-answer timeout, and its process ends with its whole group (the
/// wrapper, the engine and its helper).
#[test]
fn a_hung_handshake_waits_the_minimum_and_ends_with_its_helper() {
    let dir = Scratch::new("hung");
    let pool = pool(
        &dir.0,
        "hang-hello",
        Duration::from_millis(50),
        // Long enough for a loaded machine to start the interpreter and
        // its helper before the limit, a fifth of the program's 10 s.
        Duration::from_millis(2000),
    );
    let err = pool.check().unwrap_err();
    assert_eq!(err, BotError::Timeout { ms: 2000 });
    assert_eq!(err.to_string(), "no answer within 2000 ms (timed out)");
    let all = pids(&dir.0);
    assert_eq!(all.len(), 2, "the engine and its helper: {all:?}");
    assert_all_ended(&all);
    let log = std::fs::read_to_string(dir.0.join("engines.log")).unwrap();
    assert!(
        log.contains("[bad] cannot start a process: no answer within 2000 ms (timed out)"),
        "{log}"
    );
}

/// A per-answer timeout longer than the minimum is the handshake's too.
#[test]
fn a_timeout_above_the_minimum_is_the_handshakes() {
    let dir = Scratch::new("longer");
    let pool = pool(
        &dir.0,
        "hang-hello",
        Duration::from_millis(300),
        Duration::from_millis(100),
    );
    assert_eq!(pool.check().unwrap_err(), BotError::Timeout { ms: 300 });
    assert_all_ended(&pids(&dir.0));
}

/// An engine that answers its hello in time is kept for the first game,
/// with the name and version it declared.
#[test]
fn an_answered_handshake_declares_the_engine() {
    let dir = Scratch::new("fine");
    let pool = pool(
        &dir.0,
        "fine",
        Duration::from_millis(50),
        Duration::from_secs(20),
    );
    pool.check().unwrap();
    assert_eq!(pool.declared().as_deref(), Some("faulty-fine 0"));
    pool.shutdown();
    assert_all_ended(&pids(&dir.0));
}
