//! The browser's undo follows the terminal's rule (docs/play.md, "Seeds,
//! undo and records"): back to the person's last real decision (one with a
//! choice), taking back the bots' moves and the person's forced moves
//! (decisions with one legal move) after it.

use crate::common::*;
use axum::http::StatusCode;
use serde_json::Value;

/// Play Seaside (2 players, random bot) from `seed` with the first listed
/// move until the person has made a real choice and then a forced move
/// that does not end the game; undo there. Returns (the ply of that real
/// choice, the ply before the undo, the undo's answer), or `None` when the
/// game has no such forced move.
async fn undo_after_a_forced_move(seed: u64) -> Option<(u64, u64, Value)> {
    let dir = tempfile::tempdir().unwrap();
    let (_, r) = app_for(Vec::new(), None, dir.path().join("games"));
    let body = format!(r#"{{"game":"seaside","players":2,"bots":"random","seed":{seed}}}"#);
    let (s, mut view) = post(&r, "/api/games", &body).await;
    assert_eq!(s, StatusCode::OK, "{view}");
    let id = view["id"].as_u64().unwrap();
    let mut last_choice = None;
    while view["over"] == false {
        let ply = view["ply"].as_u64().unwrap();
        let forced = view["legal"].as_array().unwrap().len() == 1;
        assert_eq!(view["can_undo"], last_choice.is_some(), "{view}");
        let (s, v) = post(&r, &format!("/api/games/{id}/move"), r##"{"action":"#1"}"##).await;
        assert_eq!(s, StatusCode::OK, "{v}");
        view = v;
        if !forced {
            last_choice = Some(ply);
        } else if let Some(choice) = last_choice
            && view["over"] == false
        {
            let before = view["ply"].as_u64().unwrap();
            let (s, v) = post(&r, &format!("/api/games/{id}/undo"), "{}").await;
            assert_eq!(s, StatusCode::OK, "{v}");
            return Some((choice, before, v));
        }
    }
    None
}

#[tokio::test]
async fn undo_takes_back_the_forced_moves_after_the_last_choice() {
    let mut found = 0;
    for seed in 1..=12 {
        let Some((choice, before, view)) = undo_after_a_forced_move(seed).await else {
            continue;
        };
        // Back at the real choice, not at the forced decision after it.
        assert_eq!(view["ply"].as_u64(), Some(choice), "seed {seed}: {view}");
        assert_eq!(
            view["undone"].as_u64(),
            Some(before - choice),
            "seed {seed}"
        );
        assert_eq!(view["your_turn"], true);
        assert!(
            view["legal"].as_array().unwrap().len() > 1,
            "a choice: {view}"
        );
        found += 1;
    }
    assert!(found > 0, "no forced move of the person in 12 games");
}
