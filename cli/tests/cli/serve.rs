//! `beachcomber serve` through the binary: the URL printed (`--port 0`), the
//! same one-line error as `replay` for a record that fails verification, a
//! game saved after every move and kept as an unfinished record when Ctrl-C
//! stops the server, the warning for a non-loopback address, bad flags.

use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::process::{Child, Stdio};
use std::time::{Duration, Instant};

use crate::common::*;

/// Start the server with `args` (after `serve --port 0`); its URL's
/// `host:port`.
fn start(args: &[&str]) -> (Child, String) {
    let mut child = bin()
        .args(["serve", "--port", "0"])
        .args(args)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut line = String::new();
    BufReader::new(child.stdout.as_mut().unwrap())
        .read_line(&mut line)
        .unwrap();
    let at = line
        .find("http://")
        .unwrap_or_else(|| panic!("no URL in {line:?}"));
    let addr = line[at + 7..].split('/').next().unwrap().to_string();
    (child, addr)
}

/// One HTTP/1.1 request; the status and the body.
fn http(addr: &str, method: &str, path: &str, body: &str) -> (u16, String) {
    let mut s = TcpStream::connect(addr).unwrap();
    s.set_read_timeout(Some(Duration::from_secs(60))).unwrap();
    write!(
        s,
        "{method} {path} HTTP/1.1\r\nHost: {addr}\r\nContent-Type: application/json\r\n\
         Content-Length: {}\r\nConnection: close\r\n\r\n{body}",
        body.len()
    )
    .unwrap();
    let mut text = String::new();
    s.read_to_string(&mut text).unwrap();
    let status = text[9..12].parse().unwrap();
    let body = text.split_once("\r\n\r\n").map_or("", |(_, b)| b);
    // Bodies are small: one chunk when chunked.
    let body = match body.split_once("\r\n") {
        Some((size, rest)) if text.contains("chunked") && u64::from_str_radix(size, 16).is_ok() => {
            rest.split("\r\n").next().unwrap_or("").to_string()
        }
        _ => body.to_string(),
    };
    (status, body)
}

/// Wait for the child to exit, at most `limit`.
fn wait_exit(child: &mut Child, limit: Duration) -> std::process::ExitStatus {
    let start = Instant::now();
    loop {
        if let Some(status) = child.try_wait().unwrap() {
            return status;
        }
        if start.elapsed() > limit {
            let _ = child.kill();
            panic!("the server did not stop within {limit:?}");
        }
        std::thread::sleep(Duration::from_millis(20));
    }
}

#[test]
fn serve_replays_plays_saves_and_stops_on_ctrl_c() {
    let dir = temp_dir();
    let good = dir.path().join("good.jsonl");
    let o = run(&[
        "tournament",
        "--game",
        "seashells",
        "--players",
        "2",
        "--bots",
        "random",
        "--games",
        "3",
        "--seed",
        "4",
        "--record",
        s(&good),
        "--quiet",
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    // A copy with the second record's result changed.
    let text = std::fs::read_to_string(&good).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    let bad_line = lines[1].replacen("\"coins\":[", "\"coins\":[1", 1);
    let bad = dir.path().join("bad.jsonl");
    std::fs::write(&bad, format!("{}\n{bad_line}\n", lines[0])).unwrap();
    let replay = run(&["replay", s(&bad), "--verify-only"]);
    assert_eq!(replay.status.code(), Some(1));
    let want = stderr(&replay)
        .trim_end()
        .strip_prefix("error: ")
        .unwrap()
        .to_string();

    let save = dir.path().join("saved");
    let (mut child, addr) = start(&["--records", s(&good), s(&bad), "--save", s(&save)]);
    let (status, body) = http(&addr, "GET", "/api/files/1/records/1", "");
    assert_eq!(status, 422, "{body}");
    let error: serde_json::Value = serde_json::from_str(&body).unwrap();
    assert_eq!(error["error"], want.as_str(), "the same error as replay");
    let (status, body) = http(&addr, "GET", "/api/files/0/records/2?view=0", "");
    assert_eq!(status, 200, "{body}");
    let (status, page) = http(&addr, "GET", "/", "");
    assert_eq!(status, 200);
    assert!(
        page.contains("<script type=\"module\" src=\"/app.js\">"),
        "{page}"
    );

    // A game: one move, then Ctrl-C.
    let (status, body) = http(
        &addr,
        "POST",
        "/api/games",
        r#"{"game":"shell-dash","players":2,"bots":"random","seed":3}"#,
    );
    assert_eq!(status, 200, "{body}");
    let g: serde_json::Value = serde_json::from_str(&body).unwrap();
    let id = g["id"].as_u64().unwrap();
    let action = g["legal"][0]["action"].as_str().unwrap();
    let (status, body) = http(
        &addr,
        "POST",
        &format!("/api/games/{id}/move"),
        &format!(r#"{{"action":"{action}"}}"#),
    );
    assert_eq!(status, 200, "{body}");
    signal(&child, libc::SIGINT);
    let status = wait_exit(&mut child, Duration::from_secs(10));
    assert!(status.success(), "{status:?}");
    let mut out = String::new();
    child
        .stdout
        .take()
        .unwrap()
        .read_to_string(&mut out)
        .unwrap();
    assert!(out.contains("server stopped"), "{out}");
    let saved = names(&save);
    assert_eq!(saved.len(), 1, "{saved:?}");
    let o = run(&["replay", s(&save.join(&saved[0]))]);
    assert!(o.status.success(), "{}", stderr(&o));
    let text = String::from_utf8_lossy(&o.stdout);
    assert!(
        text.contains("stopped before its end (unfinished)"),
        "{text}"
    );
    assert!(text.contains("seat 0: human"), "{text}");
}

#[test]
fn serve_warns_off_loopback_and_refuses_bad_flags() {
    let dir = temp_dir();
    let (mut child, _) = start(&["--bind", "0.0.0.0", "--save", s(&dir.path().join("g"))]);
    signal(&child, libc::SIGTERM);
    assert!(wait_exit(&mut child, Duration::from_secs(10)).success());
    let mut err = String::new();
    child
        .stderr
        .take()
        .unwrap()
        .read_to_string(&mut err)
        .unwrap();
    assert!(
        err.starts_with("warning: --bind 0.0.0.0: the app is reachable from other machines"),
        "{err}"
    );
    let missing = dir.path().join("missing.jsonl");
    let o = run(&["serve", "--port", "0", "--records", s(&missing)]);
    assert_eq!(o.status.code(), Some(1));
    let e = stderr(&o);
    assert_eq!(e.lines().count(), 1, "{e}");
    assert!(e.starts_with("error: --records: cannot read `"), "{e}");
    let o = run(&["serve", "--port", "0", "--results", s(&missing)]);
    assert_eq!(o.status.code(), Some(1));
    assert!(
        stderr(&o).starts_with("error: --results: cannot open `"),
        "{}",
        stderr(&o)
    );
    let o = run(&["serve", "--bind", "localhost"]);
    assert_eq!(
        o.status.code(),
        Some(2),
        "clap refuses a name: {}",
        stderr(&o)
    );
    // A port in use.
    let listener = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    let port = listener.local_addr().unwrap().port().to_string();
    let o = run(&["serve", "--port", &port, "--save", s(&dir.path().join("g"))]);
    assert_eq!(o.status.code(), Some(1));
    assert!(
        stderr(&o).starts_with("error: cannot listen on 127.0.0.1:"),
        "{}",
        stderr(&o)
    );
}
