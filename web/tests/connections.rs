//! The serve loop's limits on a real socket (issue 34): connections that
//! never finish their request headers are closed after the header read
//! timeout, and at the connection cap a new connection takes the slot of
//! the oldest one still waiting for its headers, so a fresh request is
//! answered at bounded memory.

use std::io::{ErrorKind, Read, Write};
use std::net::{SocketAddr, TcpStream};
use std::time::Duration;

use beachcomber_web::Limits;

use crate::common::Server;

/// A connection that sent half a request header and holds.
fn half_header(addr: SocketAddr) -> TcpStream {
    let mut s = TcpStream::connect(addr).unwrap();
    s.write_all(b"GET /api/info HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Half: ")
        .unwrap();
    s
}

/// `GET /api/info` on a fresh connection: the answer's status line (a
/// generous read timeout detects a server that never answers).
fn info(addr: SocketAddr) -> String {
    let mut s = TcpStream::connect(addr).unwrap();
    s.set_read_timeout(Some(Duration::from_secs(60))).unwrap();
    s.write_all(b"GET /api/info HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n")
        .unwrap();
    let mut answer = Vec::new();
    s.read_to_end(&mut answer)
        .expect("no answer to GET /api/info");
    let text = String::from_utf8_lossy(&answer);
    text.lines().next().unwrap_or("").to_string()
}

/// Whether the server closed `s` (end of file or a reset) before a
/// generous timeout.
fn closed_by_server(s: &mut TcpStream) -> bool {
    s.set_read_timeout(Some(Duration::from_secs(30))).unwrap();
    let mut sink = Vec::new();
    match s.read_to_end(&mut sink) {
        Ok(_) => true,
        Err(e) => !matches!(e.kind(), ErrorKind::WouldBlock | ErrorKind::TimedOut),
    }
}

/// The test process's resident memory in kB (the server runs in it).
fn rss_kb() -> u64 {
    let status = std::fs::read_to_string("/proc/self/status").unwrap();
    let line = status.lines().find(|l| l.starts_with("VmRSS:")).unwrap();
    line.split_whitespace().nth(1).unwrap().parse().unwrap()
}

/// Whether the server has closed `s` already (end of file or a reset
/// within a short read timeout; a connection still held times out).
fn closed_already(s: &mut TcpStream) -> bool {
    s.set_read_timeout(Some(Duration::from_millis(300)))
        .unwrap();
    let mut byte = [0u8; 1];
    match s.read(&mut byte) {
        Ok(0) => true,
        Ok(_) => false,
        Err(e) => !matches!(e.kind(), ErrorKind::WouldBlock | ErrorKind::TimedOut),
    }
}

#[test]
fn at_the_cap_plus_100_half_headers_a_fresh_request_is_answered() {
    let _alone = crate::alone();
    let cap = 16;
    // A header read timeout far longer than the test: the slots are freed
    // by the cap's rule, not by the timeout.
    let server = Server::start(Limits {
        max_connections: cap,
        header_read_timeout: Duration::from_secs(600),
        ..Limits::default()
    });
    assert_eq!(info(server.addr), "HTTP/1.1 200 OK");
    let before = rss_kb();
    let mut held: Vec<TcpStream> = (0..cap + 100).map(|_| half_header(server.addr)).collect();
    // Answered (`info` waits at most 60 s: before the fix it waited for
    // the header read timeout, here 600 s, and failed).
    assert_eq!(info(server.addr), "HTTP/1.1 200 OK");
    let grown_kb = rss_kb().saturating_sub(before);
    assert!(grown_kb < 64 * 1024, "RSS grew by {grown_kb} kB");
    // The 100 extra connections and the fresh one each took the slot of
    // the oldest connection waiting for its headers: the 101 oldest are
    // closed, the 15 newest still held.
    // Checked at once, one thread each: every connection still held waits
    // out the read timeout, so one after another would wait 15 times.
    let closed: Vec<bool> = std::thread::scope(|scope| {
        let checks: Vec<_> = held
            .iter_mut()
            .map(|s| scope.spawn(move || closed_already(s)))
            .collect();
        checks.into_iter().map(|c| c.join().unwrap()).collect()
    });
    let expected: Vec<bool> = (0..cap + 100).map(|i| i < 101).collect();
    assert_eq!(closed, expected);
}

#[test]
fn connections_holding_half_a_header_are_closed_after_the_header_read_timeout() {
    let _alone = crate::alone();
    let server = Server::start(Limits {
        header_read_timeout: Duration::from_secs(1),
        ..Limits::default()
    });
    let mut held: Vec<TcpStream> = (0..5).map(|_| half_header(server.addr)).collect();
    let closed = held.iter_mut().map(closed_by_server).filter(|&c| c).count();
    assert_eq!(closed, 5);
    assert_eq!(info(server.addr), "HTTP/1.1 200 OK");
}

#[test]
fn an_idle_connection_between_requests_is_closed_too() {
    let _alone = crate::alone();
    let server = Server::start(Limits {
        header_read_timeout: Duration::from_secs(1),
        ..Limits::default()
    });
    let mut s = TcpStream::connect(server.addr).unwrap();
    s.write_all(b"GET /api/info HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
        .unwrap();
    assert!(closed_by_server(&mut s));
}

/// At the cap, a connection still sending a large answer to a slow reader
/// is not "waiting" and keeps its slot: before the fix it counted as
/// waiting as soon as the handler returned, was taken for the oldest idle
/// connection and closed mid-body (the reader got ~10 MiB of 16).
#[test]
fn at_the_cap_a_large_answer_to_a_slow_reader_is_not_cut_short() {
    let _alone = crate::alone();
    const SIZE: usize = 16 << 20;
    let server = Server::start_with(
        Limits {
            max_connections: 4,
            header_read_timeout: Duration::from_secs(600),
            ..Limits::default()
        },
        |dir| {
            let results = dir.join("results");
            std::fs::create_dir_all(results.join("big")).unwrap();
            // Larger than loopback's socket buffers, so most of it is
            // still to send when the reader pauses.
            let row = b"0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcde\n";
            let body: Vec<u8> = row.iter().copied().cycle().take(SIZE).collect();
            std::fs::write(results.join("big/data.csv"), body).unwrap();
            Some(results)
        },
    );
    let mut big = TcpStream::connect(server.addr).unwrap();
    big.set_read_timeout(Some(Duration::from_secs(60))).unwrap();
    big.write_all(
        b"GET /results/big/data.csv HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n",
    )
    .unwrap();
    let mut first = [0u8; 1];
    big.read_exact(&mut first).unwrap();
    // Let the server fill the socket's buffers and wait on the reader.
    std::thread::sleep(Duration::from_millis(500));
    // The 3 other slots, then 10 more connections: each takes the slot of
    // the oldest connection waiting for its headers.
    let _held: Vec<TcpStream> = (0..13).map(|_| half_header(server.addr)).collect();
    std::thread::sleep(Duration::from_millis(500));
    let mut answer = first.to_vec();
    big.read_to_end(&mut answer).unwrap();
    let text = String::from_utf8_lossy(&answer[..answer.len().min(512)]).to_string();
    assert!(text.starts_with("HTTP/1.1 200 OK"), "{text}");
    let head_end = answer.windows(4).position(|w| w == b"\r\n\r\n").unwrap() + 4;
    assert!(
        text.to_ascii_lowercase()
            .contains(&format!("content-length: {SIZE}")),
        "{text}"
    );
    assert_eq!(answer.len() - head_end, SIZE, "the body was cut short");
}

/// Once its answer is written out, a kept-alive connection waits for its
/// next request again, and is the first closed at the cap.
#[test]
fn a_kept_alive_connection_waits_again_once_its_answer_is_written() {
    let _alone = crate::alone();
    let server = Server::start(Limits {
        max_connections: 2,
        header_read_timeout: Duration::from_secs(600),
        ..Limits::default()
    });
    let mut kept = TcpStream::connect(server.addr).unwrap();
    kept.set_read_timeout(Some(Duration::from_secs(60)))
        .unwrap();
    kept.write_all(b"GET /api/info HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
        .unwrap();
    // Read the whole answer (its headers, then Content-Length bytes).
    let mut answer = Vec::new();
    let mut byte = [0u8; 1];
    while !answer.ends_with(b"\r\n\r\n") {
        kept.read_exact(&mut byte).unwrap();
        answer.push(byte[0]);
    }
    let head = String::from_utf8_lossy(&answer).to_ascii_lowercase();
    assert!(head.starts_with("http/1.1 200 ok"), "{head}");
    let length: usize = head
        .lines()
        .find_map(|l| l.strip_prefix("content-length: "))
        .unwrap()
        .trim()
        .parse()
        .unwrap();
    let mut body = vec![0u8; length];
    kept.read_exact(&mut body).unwrap();
    std::thread::sleep(Duration::from_millis(200));
    // One slot left, then one more: the kept-alive connection, the oldest
    // waiting, gives its slot up.
    let mut held: Vec<TcpStream> = (0..2).map(|_| half_header(server.addr)).collect();
    assert!(closed_by_server(&mut kept));
    assert!(!closed_already(&mut held[0]));
    assert!(!closed_already(&mut held[1]));
}
