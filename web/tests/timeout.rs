//! The request timeout above the router (issue 34): a request not answered
//! in time gets 503 with a JSON error, and the server goes on answering.

use std::time::Duration;

use crate::common::{error_of, get, post};
use axum::http::StatusCode;
use beachcomber_web::{Limits, ServeConfig, router};

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_request_past_the_request_timeout_gets_a_json_503() {
    let dir = tempfile::tempdir().unwrap();
    let config = ServeConfig {
        addr: "127.0.0.1:0".parse().unwrap(),
        records: vec![],
        results: None,
        save: dir.path().join("saved"),
        // Far below the 200,000-iteration hint below (at least 0.2 s at
        // ISMCTS's fastest measured rate, about 1M iterations/s), and
        // above creating a game, which is retried when a loaded machine
        // makes it late.
        limits: Limits {
            request_timeout: Duration::from_millis(100),
            ..Limits::default()
        },
    };
    let r = router(beachcomber_web::build_app(&config).unwrap());
    let mut created = None;
    for _ in 0..20 {
        let (s, g) = post(
            &r,
            "/api/games",
            r#"{"game":"seaside","players":2,"bots":"random","seat":0,"seed":7}"#,
        )
        .await;
        if s != StatusCode::SERVICE_UNAVAILABLE {
            created = Some((s, g));
            break;
        }
    }
    let (s, g) = created.expect("a game created within 100 ms in 20 tries");
    assert_eq!(s, StatusCode::OK, "{g}");
    let id = g["id"].as_u64().unwrap();
    // A hint of 200,000 iterations (the most allowed) takes far longer.
    let (s, v) = post(
        &r,
        &format!("/api/games/{id}/hint"),
        r#"{"iterations":200000}"#,
    )
    .await;
    assert_eq!(s, StatusCode::SERVICE_UNAVAILABLE, "{v}");
    assert_eq!(
        error_of(&v),
        "no answer within the request timeout (0.1 s); a move already started is still \
         made and saved: reload the game"
    );
    let (s, _) = get(&r, "/api/info").await;
    assert_eq!(s, StatusCode::OK);
}
