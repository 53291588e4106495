//! Hidden information of a game in play never reaches the person (issue
//! 34, item 4): no seed in the game's view until it ends, a saved game in
//! play shows only the person's seat and no seed, the saved list shows no
//! seed of a game in play, and server-chosen seeds are 64 bits of OS
//! entropy, not the clock.

use crate::common::*;
use axum::http::StatusCode;
use serde_json::Value;

/// Play the person's first legal action until the game is over.
async fn play_out(r: &axum::Router, id: u64, mut view: Value) -> Value {
    while view["over"] == false {
        let action = view["legal"][0]["action"].as_str().unwrap().to_string();
        let (s, v) = post(
            r,
            &format!("/api/games/{id}/move"),
            &format!(r#"{{"action":"{action}"}}"#),
        )
        .await;
        assert_eq!(s, StatusCode::OK, "{v}");
        view = v;
    }
    view
}

#[tokio::test]
async fn no_seed_and_no_other_view_until_the_game_ends() {
    let dir = tempfile::tempdir().unwrap();
    let (_, r) = app_for(vec![], None, dir.path().join("saved"));
    let (s, g) = post(
        &r,
        "/api/games",
        r#"{"game":"seaside","players":2,"bots":"random","seat":1,"seed":7}"#,
    )
    .await;
    assert_eq!(s, StatusCode::OK, "{g}");
    assert_eq!(g["over"], false);
    assert!(g.get("seed").is_none(), "the seed is shown in play: {g}");
    let id = g["id"].as_u64().unwrap();
    let name = g["file"].as_str().unwrap().to_string();
    let (s, v) = get(&r, &format!("/api/games/{id}")).await;
    assert_eq!(s, StatusCode::OK);
    assert!(v.get("seed").is_none(), "{v}");

    // The saved list and the saved record of the game in play: no seed,
    // only the person's seat (the default view then).
    let (s, list) = get(&r, "/api/saved").await;
    assert_eq!(s, StatusCode::OK);
    let row = &list["games"][0];
    assert_eq!(
        (row["name"].as_str(), row["end"].as_str()),
        (Some(&*name), Some("unfinished"))
    );
    assert!(row.get("seed").is_none(), "{row}");
    for query in ["", "?view=1"] {
        let (s, v) = get(&r, &format!("/api/saved/{name}{query}")).await;
        assert_eq!(s, StatusCode::OK, "{query}: {v}");
        assert_eq!(v["viewer"], 1, "{query}");
        assert!(v.get("seed").is_none(), "{query}: {v}");
        for frame in v["frames"].as_array().unwrap() {
            assert!(frame.get("seats").is_none() && frame.get("revealed").is_none());
        }
    }
    for query in ["?view=referee", "?view=0", "?view="] {
        let (s, v) = get(&r, &format!("/api/saved/{name}{query}")).await;
        assert_eq!(
            (s, error_of(&v)),
            (
                StatusCode::FORBIDDEN,
                "this game is still in play: until it ends only your seat's view (view=1) is shown"
            ),
            "{query}"
        );
    }

    // Once over: the seed and every view.
    let end = play_out(&r, id, g).await;
    assert_eq!(end["seed"], "7", "{end}");
    let (s, list) = get(&r, "/api/saved").await;
    assert_eq!(s, StatusCode::OK);
    assert_eq!(list["games"][0]["end"], "finished");
    assert!(list["games"][0]["seed"].is_string(), "{list}");
    for query in ["", "?view=referee", "?view=0"] {
        let (s, v) = get(&r, &format!("/api/saved/{name}{query}")).await;
        assert_eq!(s, StatusCode::OK, "{query}: {v}");
        assert!(v["seed"].is_string());
    }
}

/// A record file of `--records` is not a game in play: every view of an
/// unfinished record is shown there.
#[tokio::test]
async fn record_files_show_every_view() {
    let dir = tempfile::tempdir().unwrap();
    let (_, r) = app_for(vec![], None, dir.path().join("saved"));
    let (s, g) = post(
        &r,
        "/api/games",
        r#"{"game":"seaside","players":2,"bots":"random","seat":1,"seed":7}"#,
    )
    .await;
    assert_eq!(s, StatusCode::OK, "{g}");
    let saved = dir.path().join("saved").join(g["file"].as_str().unwrap());
    let (_, r) = app_for(vec![saved], None, dir.path().join("other"));
    let (s, v) = get(&r, "/api/files/0/records/0?view=referee").await;
    assert_eq!(s, StatusCode::OK, "{v}");
    assert_eq!(v["end"], "unfinished");
}

/// Seeds the server chooses come from OS entropy: of eight, not all are
/// below the clock seed's old range (10^6 values), and no two are equal.
#[tokio::test]
async fn server_seeds_are_os_entropy() {
    let dir = tempfile::tempdir().unwrap();
    let (_, r) = app_for(vec![], None, dir.path().join("saved"));
    let mut seeds = Vec::new();
    for _ in 0..8 {
        let (s, g) = post(
            &r,
            "/api/games",
            r#"{"game":"shell-dash(max_turns=4)","players":1}"#,
        )
        .await;
        assert_eq!(s, StatusCode::OK, "{g}");
        let id = g["id"].as_u64().unwrap();
        let end = play_out(&r, id, g).await;
        let seed: u64 = end["seed"].as_str().unwrap().parse().unwrap();
        seeds.push(seed);
    }
    assert!(seeds.iter().any(|&s| s >= 1_000_000), "{seeds:?}");
    let mut distinct = seeds.clone();
    distinct.sort_unstable();
    distinct.dedup();
    assert_eq!(distinct.len(), seeds.len(), "{seeds:?}");
}
