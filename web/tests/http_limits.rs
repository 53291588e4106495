//! The serve loop's limits on request bodies and its answers to requests
//! hyper cannot parse, on a real socket (issue 53, items 4 and 7): a body
//! that trickles gets 408 after the body read timeout, and its connection
//! counts as waiting (the first closed at the cap) until the body is in;
//! a `Content-Length` over the body cap is 413 at once, with no
//! `100 Continue`; a malformed request line or header, HTTP/0.9 and
//! headers over the cap get a JSON error like every other 4xx.

use std::io::{Read, Write};
use std::net::TcpStream;
use std::time::Duration;

use beachcomber_web::Limits;
use beachcomber_web::stream::{MAX_HEAD, MAX_HEADERS, refusal_text};

use crate::common::{Answer, Server, error_of, exchange, get_over_socket};

/// Headers of a `POST /api/games` with `length` and `extra` headers, then
/// `body`.
fn post_head(length: &str, extra: &str, body: &str) -> Vec<u8> {
    format!(
        "POST /api/games HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n\
         Content-Length: {length}\r\n{extra}\r\n{body}"
    )
    .into_bytes()
}

/// A connection that sent a POST's headers (16,000 bytes of body
/// announced) and one byte of its body, and holds.
fn trickling(addr: std::net::SocketAddr) -> TcpStream {
    let mut s = TcpStream::connect(addr).unwrap();
    s.write_all(&post_head("16000", "", "{")).unwrap();
    s
}

/// The answer is a JSON error with `status` and exactly `message`.
fn assert_json_error(answer: &Answer, status: u16, message: &str) {
    assert_eq!(answer.status, status, "{answer:?}");
    assert!(
        answer.head.contains("content-type: application/json"),
        "{}",
        answer.head
    );
    assert_eq!(error_of(&answer.json()), message, "{answer:?}");
}

#[test]
fn a_body_that_trickles_gets_408_after_the_body_read_timeout() {
    let server = Server::start(Limits {
        body_read_timeout: Duration::from_millis(300),
        ..Limits::default()
    });
    // Before: answered only at the request timeout (300 s).
    let answer = exchange(
        server.addr,
        &post_head("16000", "", "{"),
        Duration::from_secs(30),
    );
    assert_json_error(
        &answer,
        408,
        "the request body did not arrive within the body read timeout (0.3 s)",
    );
    assert!(answer.head.contains("connection: close"), "{}", answer.head);
    // No game was started.
    assert_eq!(
        std::fs::read_dir(server.dir.path().join("saved"))
            .unwrap()
            .count(),
        0
    );
    assert_eq!(get_over_socket(server.addr, "/api/info").status, 200);
}

/// At the cap, connections trickling their bodies are waiting, not being
/// answered: a fresh request takes the slot of the oldest (before: the new
/// connection waited for the request timeout, 300 s).
#[test]
fn connections_trickling_bodies_give_their_slots_up_at_the_cap() {
    let server = Server::start(Limits {
        max_connections: 4,
        header_read_timeout: Duration::from_secs(600),
        body_read_timeout: Duration::from_secs(600),
        ..Limits::default()
    });
    let mut held: Vec<TcpStream> = (0..4).map(|_| trickling(server.addr)).collect();
    std::thread::sleep(Duration::from_millis(200));
    assert_eq!(get_over_socket(server.addr, "/api/info").status, 200);
    // The oldest was closed for it, unanswered.
    held[0]
        .set_read_timeout(Some(Duration::from_secs(30)))
        .unwrap();
    let mut rest = Vec::new();
    let _ = held[0].read_to_end(&mut rest);
    assert!(rest.is_empty(), "{}", String::from_utf8_lossy(&rest));
}

#[test]
fn a_content_length_over_the_cap_is_413_at_once_without_100_continue() {
    let server = Server::start(Limits::default());
    for (length, extra) in [
        ("1000000000", "Expect: 100-continue\r\n"),
        ("16385", "Expect: 100-continue\r\n"),
        ("1000000000", ""),
    ] {
        // Before: `HTTP/1.1 100 Continue`, then a wait for the body.
        let answer = exchange(
            server.addr,
            &post_head(length, extra, ""),
            Duration::from_secs(30),
        );
        assert_json_error(
            &answer,
            413,
            &format!("request body too large: Content-Length {length} (at most 16384 bytes)"),
        );
    }
    // A body at the cap is read (and refused as JSON for what it says).
    let body = format!("{{\"game\":\"{}\"}}", "x".repeat(16384 - 11));
    assert_eq!(body.len(), 16384);
    let answer = exchange(
        server.addr,
        &post_head("16384", "Connection: close\r\n", &body),
        Duration::from_secs(30),
    );
    assert_eq!(answer.status, 400, "{answer:?}");
}

#[test]
fn requests_hyper_cannot_parse_get_json_errors() {
    let server = Server::start(Limits::default());
    let big = format!(
        "GET /api/info HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Big: {}\r\n\r\n",
        "a".repeat(2 * MAX_HEAD)
    );
    let many = format!(
        "GET /api/info HTTP/1.1\r\nHost: 127.0.0.1\r\n{}\r\n",
        (0..=MAX_HEADERS)
            .map(|i| format!("X-{i}: {i}\r\n"))
            .collect::<String>()
    );
    let cases: Vec<(&str, Vec<u8>, u16)> = vec![
        ("a bad request line", b"GARBAGE\r\n\r\n".to_vec(), 400),
        ("HTTP/0.9", b"GET /\r\n\r\n".to_vec(), 400),
        (
            "HTTP/0.9 with a version",
            b"GET / HTTP/0.9\r\n\r\n".to_vec(),
            400,
        ),
        (
            "a NUL in a header",
            b"GET /api/info HTTP/1.1\r\nHost: 127.0.0.1\r\nX-A: a\0b\r\n\r\n".to_vec(),
            400,
        ),
        (
            "a folded header",
            b"GET /api/info HTTP/1.1\r\nHost: 127.0.0.1\r\nX-A: a\r\n b\r\n\r\n".to_vec(),
            400,
        ),
        (
            "two Content-Lengths",
            post_head("2", "Content-Length: 3\r\n", "{}"),
            400,
        ),
        ("a negative Content-Length", post_head("-1", "", ""), 400),
        (
            "raw spaces in the URI",
            b"GET /api/in fo HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n".to_vec(),
            400,
        ),
        ("headers over the cap", big.into_bytes(), 431),
        ("too many headers", many.into_bytes(), 431),
    ];
    for (what, request, status) in cases {
        // Before: the status with an empty body.
        let answer = exchange(server.addr, &request, Duration::from_secs(30));
        assert_eq!(answer.status, status, "{what}: {answer:?}");
        assert!(
            answer.head.contains("content-type: application/json"),
            "{what}: {}",
            answer.head
        );
        let message = error_of(&answer.json()).to_string();
        assert_eq!(message, refusal_text(status), "{what}");
        assert!(!message.contains('\n') && message.len() < 300, "{what}");
    }
    // The server answers on.
    assert_eq!(get_over_socket(server.addr, "/api/info").status, 200);
}

/// A request after an answer on a kept-alive connection is still parsed
/// by hyper; a malformed one there gets the JSON error too, the good
/// answer before it untouched.
#[test]
fn a_malformed_request_after_a_good_one_gets_a_json_error() {
    let server = Server::start(Limits::default());
    let answer = exchange(
        server.addr,
        b"GET /api/info HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\nGARBAGE\r\n\r\n",
        Duration::from_secs(30),
    );
    assert_eq!(answer.status, 200, "{answer:?}");
    let text = String::from_utf8_lossy(&answer.body).into_owned();
    let second = text.find("HTTP/1.1 400").expect("a second answer");
    let rest = Answer::parse(&text.as_bytes()[second..]);
    assert_eq!(error_of(&rest.json()), refusal_text(400));
}
