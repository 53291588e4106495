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

/// A record of a random 2-player game of `spec` (seed `seed`).
pub fn one_record(spec: &str, seed: u64) -> String {
    let game = AnyGame::from_spec(spec, 2).unwrap();
    let specs = vec!["random".to_string(), "random".to_string()];
    with_game!(&game, |g| {
        let mut bots: Vec<_> = (0..2)
            .map(|_| BotConfig::parse("random").unwrap().build())
            .collect();
        let report = play_game(g, &mut bots, &specs, 0, seed, true);
        serde_json::to_string(&report.record.unwrap()).unwrap()
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

/// A server on a free loopback port (a real socket) with `limits`,
/// stopped when dropped; its folder (`dir`) holds its `--save` folder,
/// `saved/`.
pub struct Server {
    /// Where it listens.
    pub addr: std::net::SocketAddr,
    stop: Option<tokio::sync::oneshot::Sender<()>>,
    thread: Option<std::thread::JoinHandle<()>>,
    /// The test's folder.
    pub dir: tempfile::TempDir,
}

impl Server {
    /// A server with `limits`, no records, no results.
    pub fn start(limits: beachcomber_web::Limits) -> Server {
        Server::start_with(limits, |_| None)
    }

    /// A server whose `--results` folder is what `results` makes in the
    /// test's folder (`None`: no results folder).
    pub fn start_with(
        limits: beachcomber_web::Limits,
        results: impl FnOnce(&Path) -> Option<PathBuf>,
    ) -> Server {
        Server::start_config(limits, |dir, config| config.results = results(dir))
    }

    /// A server whose configuration `setup` completes (given the test's
    /// folder, before the server starts).
    pub fn start_config(
        limits: beachcomber_web::Limits,
        setup: impl FnOnce(&Path, &mut ServeConfig),
    ) -> Server {
        let dir = tempfile::tempdir().unwrap();
        let mut config = ServeConfig {
            addr: "127.0.0.1:0".parse().unwrap(),
            records: vec![],
            results: None,
            save: dir.path().join("saved"),
            limits,
        };
        setup(dir.path(), &mut config);
        let (url_tx, url_rx) = std::sync::mpsc::channel();
        let (stop, stopped) = tokio::sync::oneshot::channel::<()>();
        let thread = std::thread::spawn(move || {
            beachcomber_web::serve(
                config,
                |url| url_tx.send(url.to_string()).unwrap(),
                async move {
                    let _ = stopped.await;
                },
            )
            .unwrap();
        });
        let url = url_rx
            .recv_timeout(std::time::Duration::from_secs(60))
            .unwrap();
        let addr = url
            .trim_start_matches("http://")
            .trim_end_matches('/')
            .parse()
            .unwrap();
        Server {
            addr,
            stop: Some(stop),
            thread: Some(thread),
            dir,
        }
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.stop.take().unwrap().send(());
        let _ = self.thread.take().unwrap().join();
    }
}

/// An answer read off a socket.
#[derive(Debug)]
pub struct Answer {
    /// Its status code (0 when the bytes are no HTTP answer).
    pub status: u16,
    /// Its status line and headers, lowercased.
    pub head: String,
    /// Its body as sent.
    pub body: Vec<u8>,
}

impl Answer {
    /// The bytes of one answer (or none: status 0).
    pub fn parse(bytes: &[u8]) -> Answer {
        let end = bytes.windows(4).position(|w| w == b"\r\n\r\n");
        let Some(end) = end else {
            return Answer {
                status: 0,
                head: String::from_utf8_lossy(bytes).to_ascii_lowercase(),
                body: Vec::new(),
            };
        };
        let head = String::from_utf8_lossy(&bytes[..end]).to_ascii_lowercase();
        let status = head.get(9..12).and_then(|c| c.parse().ok()).unwrap_or(0);
        Answer {
            status,
            head,
            body: bytes[end + 4..].to_vec(),
        }
    }

    /// The body as JSON (a string of its text when it is not JSON).
    pub fn json(&self) -> Value {
        serde_json::from_slice(&self.body)
            .unwrap_or_else(|_| Value::String(String::from_utf8_lossy(&self.body).into_owned()))
    }
}

/// Send `request` as it is on a fresh connection to `addr` and read until
/// the server closes it (at most `wait`: a server that never answers
/// fails the test).
pub fn exchange(addr: std::net::SocketAddr, request: &[u8], wait: std::time::Duration) -> Answer {
    use std::io::{Read, Write};
    let mut s = std::net::TcpStream::connect(addr).unwrap();
    s.set_read_timeout(Some(wait)).unwrap();
    s.write_all(request).unwrap();
    let mut answer = Vec::new();
    if let Err(e) = s.read_to_end(&mut answer) {
        assert!(
            !matches!(
                e.kind(),
                std::io::ErrorKind::WouldBlock | std::io::ErrorKind::TimedOut
            ),
            "no end of the answer within {wait:?} (got {} bytes)",
            answer.len()
        );
    }
    Answer::parse(&answer)
}

/// `GET uri` on a fresh connection (closed after the answer).
pub fn get_over_socket(addr: std::net::SocketAddr, uri: &str) -> Answer {
    exchange(
        addr,
        format!("GET {uri} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n").as_bytes(),
        std::time::Duration::from_secs(60),
    )
}
