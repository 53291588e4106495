//! The web API accepts no path-valued game option: a spec naming a file is
//! refused by the (pure) spec parser with a one-line 4xx JSON error naming
//! the option, without opening the file; inline token sets are accepted.

use std::time::Duration;

use crate::common::*;
use axum::http::StatusCode;
use serde_json::Value;

/// POST a new game of `game` to a fresh app, on a thread of its own so
/// that a request that blocks (a FIFO opened for reading) fails the test
/// after a generous timeout instead of hanging it.
fn new_game(game: &str) -> (StatusCode, Value) {
    let body =
        serde_json::json!({"game": game, "players": 2, "bots": "random", "seat": 0}).to_string();
    let (tx, rx) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        let dir = tempfile::tempdir().unwrap();
        let (_, r) = app_for(Vec::new(), None, dir.path().to_path_buf());
        let runtime = tokio::runtime::Builder::new_current_thread()
            .enable_all()
            .build()
            .unwrap();
        let answer = runtime.block_on(post(&r, "/api/games", &body));
        let _ = tx.send(answer);
    });
    rx.recv_timeout(Duration::from_secs(30))
        .expect("POST /api/games did not answer within 30 s")
}

#[test]
fn a_file_path_in_a_game_spec_is_refused_without_reading_it() {
    let dir = tempfile::tempdir().unwrap();
    let secret = dir.path().join("secret.txt");
    std::fs::write(&secret, "SECRET-FIRST-LINE\nBeach Wave 3\n").unwrap();
    for path in ["/etc/passwd".to_string(), secret.display().to_string()] {
        let (status, v) = new_game(&format!("seaside(tokens={path})"));
        assert_eq!(status, StatusCode::BAD_REQUEST, "{v}");
        let e = error_of(&v);
        assert_eq!(
            e,
            format!(
                "game: `seaside` option `tokens` names the file `{path}`: a file path is read \
                 only by the command line, not here (a server does not resolve paths); give \
                 the value inline instead: tokens=[Beach/Wave:20;Isopod/Crab:20;Rock/Shell:10]"
            )
        );
        assert!(!e.contains("SECRET") && !e.contains("root:"), "{e}");
    }
}

#[test]
fn a_fifo_path_is_answered_at_once() {
    let dir = tempfile::tempdir().unwrap();
    let fifo = dir.path().join("f");
    assert!(
        std::process::Command::new("mkfifo")
            .arg(&fifo)
            .status()
            .unwrap()
            .success()
    );
    // Twice: on the old code the first blocked a worker for good.
    for _ in 0..2 {
        let (status, v) = new_game(&format!("seaside(tokens={})", fifo.display()));
        assert_eq!(status, StatusCode::BAD_REQUEST, "{v}");
        assert!(
            error_of(&v).contains("option `tokens` names the file"),
            "{v}"
        );
    }
}

#[test]
fn an_inline_token_set_starts_a_game() {
    let (status, v) = new_game("seaside(tokens=[Beach/Wave:20;Isopod/Crab:20;Rock/Shell:10])");
    assert_eq!(status, StatusCode::OK, "{v}");
    let text = v.to_string();
    assert!(
        text.contains("tokens=[Beach/Wave:20;Isopod/Crab:20;Rock/Shell:10]"),
        "the game's spec names its set: {text}"
    );
    let (status, v) = new_game("seaside(tokens=[Beach/Wave:20;Beech/Crab:2])");
    assert_eq!(status, StatusCode::BAD_REQUEST, "{v}");
    assert_eq!(
        error_of(&v),
        "game: bad value `[Beach/Wave:20;Beech/Crab:2]` for `seaside` option `tokens`: expected \
         a token set `[FACE_A/FACE_B:COUNT;...]`: item 2 `Beech/Crab:2`: unknown face `Beech` \
         (faces: Isopod, Shell, Crab, Sandpiper, Beach, Wave, Rock)"
    );
}
