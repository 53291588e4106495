//! Requests no page of this app sends, from a hostile page or a loopback
//! attacker (issue 34, items 5 and 7): a foreign `Host` or `Origin`, a POST
//! that is not JSON, methods a route does not take, over-long URIs, `.`
//! in results paths. Each gets a 4xx JSON error; the server stays alive.

use crate::common::*;
use axum::body::Body;
use axum::http::{Request, StatusCode};
use http_body_util::BodyExt;
use serde_json::Value;
use tower::ServiceExt;

/// A request with exactly `headers` (no default `Host` or content type).
async fn raw(
    r: &axum::Router,
    method: &str,
    uri: &str,
    headers: &[(&str, &str)],
    body: &str,
) -> (StatusCode, Value) {
    let mut req = Request::builder().method(method).uri(uri);
    for (k, v) in headers {
        req = req.header(*k, *v);
    }
    let req = req.body(Body::from(body.to_string())).unwrap();
    let res = r.clone().oneshot(req).await.unwrap();
    let status = res.status();
    let bytes = res.into_body().collect().await.unwrap().to_bytes();
    let value = serde_json::from_slice(&bytes)
        .unwrap_or_else(|_| Value::String(String::from_utf8_lossy(&bytes).into_owned()));
    (status, value)
}

const HOST: (&str, &str) = ("host", "127.0.0.1:8080");
const JSON: (&str, &str) = ("content-type", "application/json");
const NEW_GAME: &str = r#"{"game":"shell-dash","players":1,"seed":1}"#;

fn saved_count(dir: &std::path::Path) -> usize {
    std::fs::read_dir(dir).map_or(0, |d| d.count())
}

#[tokio::test]
async fn only_loopback_hosts_are_answered() {
    let dir = tempfile::tempdir().unwrap();
    let (_, r) = app_for(vec![], None, dir.path().join("saved"));
    for host in ["127.0.0.1:8080", "localhost", "localhost:3", "[::1]:8080"] {
        let (s, v) = raw(&r, "GET", "/api/info", &[("host", host)], "").await;
        assert_eq!(s, StatusCode::OK, "{host}: {v}");
    }
    for host in [
        "evil.example",
        "evil.example:8080",
        "localhost.evil.example",
        "10.1.2.3",
    ] {
        let (s, v) = raw(&r, "GET", "/api/info", &[("host", host)], "").await;
        assert_eq!(s, StatusCode::MISDIRECTED_REQUEST, "{host}: {v}");
        assert!(error_of(&v).starts_with(&format!("Host `{host}`: ")), "{v}");
        let (s, _) = raw(&r, "POST", "/api/games", &[("host", host), JSON], NEW_GAME).await;
        assert_eq!(s, StatusCode::MISDIRECTED_REQUEST, "{host}");
    }
    let (s, v) = raw(&r, "GET", "/", &[], "").await;
    assert_eq!(s, StatusCode::MISDIRECTED_REQUEST, "{v}");
    assert_eq!(saved_count(&dir.path().join("saved")), 0);
}

/// With `--bind` another address, that address is a good `Host` too.
#[tokio::test]
async fn the_bind_address_is_a_good_host() {
    let dir = tempfile::tempdir().unwrap();
    let config = beachcomber_web::ServeConfig {
        addr: "192.168.7.9:8080".parse().unwrap(),
        records: vec![],
        results: None,
        save: dir.path().join("saved"),
        limits: Default::default(),
    };
    let r = beachcomber_web::router(beachcomber_web::build_app(&config).unwrap());
    let (s, _) = raw(&r, "GET", "/api/info", &[("host", "192.168.7.9:8080")], "").await;
    assert_eq!(s, StatusCode::OK);
    let (s, _) = raw(&r, "GET", "/api/info", &[("host", "192.168.7.10:8080")], "").await;
    assert_eq!(s, StatusCode::MISDIRECTED_REQUEST);
}

#[tokio::test]
async fn cross_origin_requests_are_refused() {
    let dir = tempfile::tempdir().unwrap();
    let (_, r) = app_for(vec![], None, dir.path().join("saved"));
    for origin in [
        "http://evil.example",
        "null",
        "http://127.0.0.1:9999",
        "https://127.0.0.1:8080",
    ] {
        let (s, v) = raw(
            &r,
            "POST",
            "/api/games",
            &[HOST, JSON, ("origin", origin)],
            NEW_GAME,
        )
        .await;
        assert_eq!(s, StatusCode::FORBIDDEN, "{origin}: {v}");
        assert!(
            error_of(&v).starts_with(&format!("Origin `{origin}`: ")),
            "{v}"
        );
        let (s, _) = raw(&r, "GET", "/api/saved", &[HOST, ("origin", origin)], "").await;
        assert_eq!(s, StatusCode::FORBIDDEN, "{origin}");
    }
    assert_eq!(saved_count(&dir.path().join("saved")), 0);
    // The page's own origin.
    let same = ("origin", "http://127.0.0.1:8080");
    let (s, v) = raw(&r, "POST", "/api/games", &[HOST, JSON, same], NEW_GAME).await;
    assert_eq!(s, StatusCode::OK, "{v}");
}

#[tokio::test]
async fn posts_must_be_json() {
    let dir = tempfile::tempdir().unwrap();
    let (_, r) = app_for(vec![], None, dir.path().join("saved"));
    for kind in [
        Some("text/plain"),
        Some("application/x-www-form-urlencoded"),
        Some("multipart/form-data; boundary=x"),
        Some("application/jsonx"),
        None,
    ] {
        let mut headers = vec![HOST];
        if let Some(k) = kind {
            headers.push(("content-type", k));
        }
        let (s, v) = raw(&r, "POST", "/api/games", &headers, NEW_GAME).await;
        assert_eq!(s, StatusCode::UNSUPPORTED_MEDIA_TYPE, "{kind:?}: {v}");
        assert!(error_of(&v).starts_with("Content-Type `"), "{v}");
        assert!(
            error_of(&v).ends_with("a POST must send `application/json`"),
            "{v}"
        );
    }
    assert_eq!(saved_count(&dir.path().join("saved")), 0);
    let (s, v) = raw(
        &r,
        "POST",
        "/api/games",
        &[HOST, ("content-type", "application/json; charset=utf-8")],
        NEW_GAME,
    )
    .await;
    assert_eq!(s, StatusCode::OK, "{v}");
}

/// A results folder with one study.
fn results_fixture(dir: &std::path::Path) -> axum::Router {
    let results = dir.join("results");
    std::fs::create_dir_all(results.join("x")).unwrap();
    std::fs::write(results.join("x/README.md"), "# x\n").unwrap();
    std::fs::write(results.join("x/ok.md"), "ok\n").unwrap();
    let records = dir.join("r.jsonl");
    write_file(&records, &record_lines("shell-dash", 2, 2, 3));
    app_for(vec![records], Some(results), dir.join("saved")).1
}

#[tokio::test]
async fn every_hostile_request_gets_a_json_error() {
    let dir = tempfile::tempdir().unwrap();
    let r = results_fixture(dir.path());
    let (s, _) = get(&r, "/results/x/ok.md").await;
    assert_eq!(s, StatusCode::OK);
    let long = format!("/api/info?{}", "a".repeat(8 * 1024));
    for (method, uri, status) in [
        ("DELETE", "/api/info", StatusCode::METHOD_NOT_ALLOWED),
        ("PUT", "/api/games", StatusCode::METHOD_NOT_ALLOWED),
        ("GET", "/api/games", StatusCode::METHOD_NOT_ALLOWED),
        ("PATCH", "/api/games/1/move", StatusCode::METHOD_NOT_ALLOWED),
        ("POST", "/api/saved", StatusCode::METHOD_NOT_ALLOWED),
        ("GET", &long, StatusCode::URI_TOO_LONG),
        ("GET", "/results/x/./ok.md", StatusCode::BAD_REQUEST),
        ("GET", "/results/./x/ok.md", StatusCode::BAD_REQUEST),
        ("GET", "/results/x//ok.md", StatusCode::BAD_REQUEST),
        ("GET", "/results/x/ok.md/", StatusCode::BAD_REQUEST),
        ("GET", "/results/x/../x/ok.md", StatusCode::BAD_REQUEST),
        ("GET", "/api/results/.", StatusCode::BAD_REQUEST),
        ("GET", "/api/results/..", StatusCode::BAD_REQUEST),
        (
            "GET",
            "/api/files/0/records/99999999999999999999999",
            StatusCode::BAD_REQUEST,
        ),
        (
            "GET",
            "/api/files/99999999999999999999999/records",
            StatusCode::NOT_FOUND,
        ),
        ("GET", "/api/files/0/records/5", StatusCode::NOT_FOUND),
        (
            "GET",
            "/api/files/0/records/0?view=9",
            StatusCode::BAD_REQUEST,
        ),
        ("GET", "/api/games/%FF", StatusCode::BAD_REQUEST),
        (
            "GET",
            "/api/saved/%2e%2e%2fr.jsonl",
            StatusCode::BAD_REQUEST,
        ),
    ] {
        let (s, v) = call(
            &r,
            method,
            uri,
            if method == "GET" { None } else { Some("{}") },
        )
        .await;
        let shown = &uri[..uri.len().min(60)];
        assert_eq!(s, status, "{method} {shown}: {v}");
        assert!(!error_of(&v).is_empty(), "{method} {shown}");
    }
    // Offsets and limits at the edges of their type: a page, clamped.
    let (s, v) = get(
        &r,
        &format!(
            "/api/files/0/records?offset={}&limit={}",
            usize::MAX,
            usize::MAX
        ),
    )
    .await;
    assert_eq!(
        (s, v["records"].as_array().map(Vec::len)),
        (StatusCode::OK, Some(0)),
        "{v}"
    );
    let (s, v) = get(
        &r,
        &format!("/api/files/0/records?offset=1&limit={}", usize::MAX),
    )
    .await;
    assert_eq!(
        (s, v["records"].as_array().map(Vec::len)),
        (StatusCode::OK, Some(1)),
        "{v}"
    );
    // Still alive.
    let (s, _) = get(&r, "/api/info").await;
    assert_eq!(s, StatusCode::OK);
}
