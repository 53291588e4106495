//! The cap on a bot's work per decision (`play::MAX_WORK`): iterations
//! times trees and greedy rollouts' cost, not iterations alone.

use crate::common::*;
use axum::http::StatusCode;

/// A spec under the iterations cap whose trees multiply its work past the
/// cap is refused with a one-line 400 naming the spec's work and the cap.
#[tokio::test]
async fn many_trees_are_refused_naming_the_cap() {
    let dir = tempfile::tempdir().unwrap();
    let (_, r) = app_for(vec![], None, dir.path().join("s"));
    let (s, v) = post(
        &r,
        "/api/games",
        r#"{"game":"seashells","players":2,"bots":"expert(iterations=200000,trees=64)"}"#,
    )
    .await;
    assert_eq!(s, StatusCode::BAD_REQUEST, "{v}");
    assert_eq!(
        error_of(&v),
        "bots: `expert(iterations=200000,c=0.7,cutoff=auto,scale=2,belief=auto,leaf=evaluate,\
         trees=64)` does 12816384 playouts a decision; this server allows at most 200000 \
         (iterations x trees, a greedy rollout counts 128)"
    );
    assert!(
        !dir.path().join("s").exists()
            || std::fs::read_dir(dir.path().join("s")).unwrap().count() == 0
    );
}

/// Greedy rollouts count their cost: 2000 of them are 256,000 playouts.
#[tokio::test]
async fn greedy_rollouts_count_their_cost() {
    let dir = tempfile::tempdir().unwrap();
    let (_, r) = app_for(vec![], None, dir.path().join("s"));
    let (s, v) = post(
        &r,
        "/api/games",
        r#"{"game":"seashells","players":3,"bots":"random,ismcts(rollout=greedy)"}"#,
    )
    .await;
    assert_eq!(s, StatusCode::BAD_REQUEST, "{v}");
    assert!(
        error_of(&v).starts_with(
            "bots: `ismcts(iterations=2000,c=0.7,rollout=greedy,reward=auto)` does 256000 \
             playouts a decision; this server allows at most 200000"
        ),
        "{v}"
    );
}

/// Every bot at its defaults, and searches at the cap, still start (the
/// person moves first, so no bot thinks here).
#[tokio::test]
async fn default_bots_and_searches_at_the_cap_are_allowed() {
    let dir = tempfile::tempdir().unwrap();
    let (_, r) = app_for(vec![], None, dir.path().join("s"));
    // `learned` needs a model: one loaded in this process, by its label.
    let model = crate::learned::loaded_model("seashells", 2);
    let mut specs: Vec<String> = beachcomber_bots::BOT_NAMES
        .iter()
        .map(|s| match *s {
            "learned" => format!("learned(model={})", model.label()),
            s => s.to_string(),
        })
        .collect();
    specs.extend(
        [
            "ismcts(iterations=200000)",
            "pimc(iterations=200000,worlds=200)",
            "expert(iterations=199744)",
            "expert(iterations=50000,belief=0,trees=4)",
            "ismcts(iterations=1562,rollout=greedy)",
            "greedy(worlds=10000)",
            &format!("learned(model={},worlds=10000)", model.label()),
            "oracle(iterations=200000,sees=hands)",
        ]
        .map(String::from),
    );
    for bots in specs {
        let body = format!(r#"{{"game":"seashells","players":2,"bots":"{bots}","seed":1}}"#);
        let (s, v) = post(&r, "/api/games", &body).await;
        assert_eq!(s, StatusCode::OK, "{bots}: {v}");
    }
    let (s, v) = get(&r, "/api/info").await;
    assert_eq!(s, StatusCode::OK);
    assert_eq!(v["max_work"], 200_000);
    assert_eq!(v["max_thinking"], 4);
}

/// `oracle(sees=hands)` is capped as every search: one playout an
/// iteration (its worlds are dealt, not played), refused one past the cap.
#[tokio::test]
async fn the_fair_oracle_is_capped_as_every_search() {
    let dir = tempfile::tempdir().unwrap();
    let (_, r) = app_for(vec![], None, dir.path().join("s"));
    let (s, v) = post(
        &r,
        "/api/games",
        r#"{"game":"seaside","players":2,"bots":"oracle(iterations=200001,sees=hands)"}"#,
    )
    .await;
    assert_eq!(s, StatusCode::BAD_REQUEST, "{v}");
    assert_eq!(
        error_of(&v),
        "bots: `oracle(iterations=200001,c=0.7,rollout=random,reward=auto,sees=hands)` does \
         200001 playouts a decision; this server allows at most 200000 (iterations x trees, a \
         greedy rollout counts 128)"
    );
    let (s, v) = post(
        &r,
        "/api/games",
        r#"{"game":"seaside","players":2,"bots":"oracle(sees=future)"}"#,
    )
    .await;
    assert_eq!(s, StatusCode::BAD_REQUEST, "{v}");
    assert_eq!(
        error_of(&v),
        "bots: bad value `future` for `oracle` option `sees`: expected one of all|hands"
    );
}
