//! The web app reads a typed move by the terminal's rule
//! (`beachcomber::move_input`, docs/play.md): a Seashells square by its
//! listed text or its board name, a list number only as `#N` (from 1).

use crate::common::*;
use axum::http::StatusCode;
use serde_json::Value;

/// A new Seashells game (2 players, run seed 5, random bot), played with
/// `input` as the person's first move: the status and the move's text.
async fn first_move(input: &str) -> (StatusCode, String) {
    let dir = tempfile::tempdir().unwrap();
    let (_, r) = app_for(Vec::new(), None, dir.path().join("games"));
    let (s, g) = call(
        &r,
        "POST",
        "/api/games",
        Some(r#"{"game":"seashells","players":2,"bots":"random","seed":5}"#),
    )
    .await;
    assert_eq!(s, StatusCode::OK, "{g}");
    let id = g["id"].as_u64().unwrap();
    let body = serde_json::json!({ "action": input }).to_string();
    let (s, v) = call(&r, "POST", &format!("/api/games/{id}/move"), Some(&body)).await;
    if s != StatusCode::OK {
        return (s, v["error"].as_str().unwrap_or_default().to_string());
    }
    let first: &Value = &v["moves"][0];
    assert_eq!(first["seat"], 0, "{v}");
    (s, first["text"].as_str().unwrap().to_string())
}

#[tokio::test]
async fn a_move_is_read_as_the_terminal_reads_it() {
    let ok = StatusCode::OK;
    for (input, want) in [
        // Square 7 (h1), listed first; not list item 7 (b6) nor 8 (from 0).
        ("7", "take h1 (square 7): Conch/Green"),
        ("15", "take h2 (square 15): Conch/Yellow"),
        ("h2", "take h2 (square 15): Conch/Yellow"),
        ("h5", "take h5 (square 39): Fossil head"),
        ("#7", "take b6 (square 41): Oyster/Pink"),
        ("#1", "take h1 (square 7): Conch/Green"),
    ] {
        assert_eq!(first_move(input).await, (ok, want.to_string()), "{input}");
    }
    let suggest = "type one of the 14 listed actions as written (e.g. `7` or `h1`) or its \
                   list number (`#1` to `#14`)";
    for (input, want) in [
        ("0", format!("`0` is not legal now: {suggest}")),
        ("a1", format!("`a1` is not legal now: {suggest}")),
        ("#0", format!("no list number #0: {suggest}")),
        ("#15", format!("no list number #15: {suggest}")),
    ] {
        assert_eq!(
            first_move(input).await,
            (StatusCode::BAD_REQUEST, want),
            "{input}"
        );
    }
}
