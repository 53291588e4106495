//! Shell Dash's balancing levers reach the web with no code of its own:
//! the play form's option help comes from the game's table, a game with a
//! lever starts with it, and a lever in a solo game is a 400 with the
//! game's one-line error.

use crate::common::*;
use axum::http::StatusCode;

#[tokio::test]
async fn the_levers_reach_the_play_form_and_its_games() {
    let dir = tempfile::tempdir().unwrap();
    let (_, r) = app_for(Vec::new(), None, dir.path().join("saved"));
    let (s, info) = get(&r, "/api/info").await;
    assert_eq!(s, StatusCode::OK);
    let dash = info["games"]
        .as_array()
        .unwrap()
        .iter()
        .find(|g| g["name"] == "shell-dash")
        .unwrap();
    let help = dash["options"].as_str().unwrap();
    assert!(
        help.contains("compensation=SEAT:N,... (0 to 2 per seat, e.g. 1:1; 2 players) [variant]"),
        "{help}"
    );
    assert!(help.contains("start_flipflops=SEAT:N,..."), "{help}");
    // Seat 1 starts with one Shell and two Flip-Flops.
    let (s, g) = post(
        &r,
        "/api/games",
        r#"{"game":"shell-dash(compensation=1:1,start_flipflops=1:2)","players":2,"bots":"random","seat":0,"seed":3}"#,
    )
    .await;
    assert_eq!(s, StatusCode::OK, "{g}");
    assert_eq!(g["frame"]["scores"], serde_json::json!([0, 1]), "{g}");
    let text = g["frame"]["text"].as_str().unwrap();
    assert!(
        text.contains("seat 1: 1 Shells (1 from the compensation), 2 Flip-Flops held"),
        "{text}"
    );
    // Solo refuses the levers: a 4xx JSON error, one line.
    let (s, v) = post(
        &r,
        "/api/games",
        r#"{"game":"shell-dash(compensation=0:1)","players":1}"#,
    )
    .await;
    assert_eq!(s, StatusCode::BAD_REQUEST, "{v}");
    assert_eq!(
        error_of(&v),
        "game: invalid `shell-dash`: `compensation` balances the seats of a 2-player game; \
         solo has one seat and a fixed goal of 3 Shells"
    );
}
