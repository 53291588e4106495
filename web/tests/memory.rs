//! Memory stays flat over 1,000 games played through the API: games in
//! memory are capped, and nothing else grows per game.

use crate::common::*;
use axum::http::StatusCode;

/// Resident memory of this process, in bytes (Linux).
fn rss() -> u64 {
    let statm = std::fs::read_to_string("/proc/self/statm").unwrap_or_default();
    let pages: u64 = statm
        .split_whitespace()
        .nth(1)
        .and_then(|p| p.parse().ok())
        .unwrap_or(0);
    pages * 4096
}

async fn play_one(r: &axum::Router, k: u64) {
    let (s, mut g) = post(
        r,
        "/api/games",
        &format!(r#"{{"game":"shell-dash(max_turns=4)","players":2,"bots":"random","seed":{k}}}"#),
    )
    .await;
    assert_eq!(s, StatusCode::OK, "{g}");
    let id = g["id"].as_u64().unwrap();
    while g["over"] == false {
        let action = g["legal"][0]["action"].as_str().unwrap().to_string();
        let (s, v) = post(
            r,
            &format!("/api/games/{id}/move"),
            &format!(r#"{{"action":"{action}"}}"#),
        )
        .await;
        assert_eq!(s, StatusCode::OK, "{v}");
        g = v;
    }
}

/// A scratch folder in memory (tmpfs, `/dev/shm`) where the machine has
/// one: every move saves its game through a synced write, about 10,000 of
/// them here, which on a busy disk take far longer than the play. The
/// memory measured is this process's, wherever the files are.
fn in_memory_dir() -> tempfile::TempDir {
    let shm = std::path::Path::new("/dev/shm");
    if shm.is_dir()
        && let Ok(dir) = tempfile::tempdir_in(shm)
    {
        return dir;
    }
    tempfile::tempdir().unwrap()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
// The guard is held across the awaits on purpose, for the whole test: no
// other test of tests/rss.rs runs meanwhile (no task of this runtime takes
// the lock, so it cannot deadlock).
#[allow(clippy::await_holding_lock)]
async fn memory_is_flat_over_a_thousand_games() {
    let _alone = crate::alone();
    let dir = in_memory_dir();
    let (app, r) = app_for(vec![], None, dir.path().join("saved"));
    for k in 0..200 {
        play_one(&r, k).await;
    }
    let warm = rss();
    for k in 200..1000 {
        play_one(&r, k).await;
    }
    let end = rss();
    assert!(app.games_in_memory() <= beachcomber_web::limits::MAX_GAMES);
    assert_eq!(
        std::fs::read_dir(dir.path().join("saved")).unwrap().count(),
        1000
    );
    let growth = end.saturating_sub(warm);
    assert!(
        growth < 8 << 20,
        "memory grew by {growth} bytes over 800 games (from {warm})"
    );
}
