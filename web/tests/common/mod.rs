//! Helpers of the web app's tests: record files, the app on a temporary
//! folder, requests through the router (no socket).

#![allow(dead_code)]

use std::path::{Path, PathBuf};
use std::sync::Arc;

use axum::Router;
use axum::body::Body;
use axum::http::{Request, StatusCode};
use beachcomber::games::AnyGame;
use beachcomber::runner::play_game;
use beachcomber::with_game;
use beachcomber_bots::BotConfig;
use beachcomber_web::{App, ServeConfig, router};
use http_body_util::BodyExt;
use serde_json::Value;
use tower::ServiceExt;

/// `n` record lines of random games of `spec` with `players` players.
pub fn record_lines(spec: &str, players: usize, n: u64, seed: u64) -> Vec<String> {
    let game = AnyGame::from_spec(spec, players).unwrap();
    let specs: Vec<String> = (0..players).map(|_| "random".to_string()).collect();
    with_game!(&game, |g| {
        (0..n)
            .map(|i| {
                let mut bots: Vec<_> = (0..players)
                    .map(|_| BotConfig::parse("random").unwrap().build())
                    .collect();
                let report = play_game(g, &mut bots, &specs, i, seed + i, true);
                serde_json::to_string(&report.record.unwrap()).unwrap()
            })
            .collect::<Vec<_>>()
    })
}

/// Write `lines` as a record file.
pub fn write_file(path: &Path, lines: &[String]) {
    let mut text = lines.join("\n");
    text.push('\n');
    std::fs::write(path, text).unwrap();
}

/// The app serving `records` and `results`, saving under `save`.
pub fn app_for(
    records: Vec<PathBuf>,
    results: Option<PathBuf>,
    save: PathBuf,
) -> (Arc<App>, Router) {
    let config = ServeConfig {
        addr: "127.0.0.1:0".parse().unwrap(),
        records,
        results,
        save,
        limits: Default::default(),
    };
    let app = beachcomber_web::build_app(&config).unwrap();
    (app.clone(), router(app))
}

/// A request: `body` is sent as it is (POST when given).
pub async fn call(
    router: &Router,
    method: &str,
    uri: &str,
    body: Option<&str>,
) -> (StatusCode, Value) {
    let req = Request::builder()
        .method(method)
        .uri(uri)
        .header("host", "127.0.0.1:8080")
        .header("content-type", "application/json")
        .body(body.map_or_else(Body::empty, |b| Body::from(b.to_string())))
        .unwrap();
    let res = router.clone().oneshot(req).await.unwrap();
    let status = res.status();
    let bytes = res.into_body().collect().await.unwrap().to_bytes();
    let value = serde_json::from_slice(&bytes)
        .unwrap_or_else(|_| Value::String(String::from_utf8_lossy(&bytes).into_owned()));
    (status, value)
}

/// GET `uri`.
pub async fn get(router: &Router, uri: &str) -> (StatusCode, Value) {
    call(router, "GET", uri, None).await
}

/// POST `body` to `uri`.
pub async fn post(router: &Router, uri: &str, body: &str) -> (StatusCode, Value) {
    call(router, "POST", uri, Some(body)).await
}

/// The error message of a JSON error answer (panics if it is not one).
pub fn error_of(v: &Value) -> &str {
    v["error"]
        .as_str()
        .unwrap_or_else(|| panic!("not a JSON error: {v}"))
}
