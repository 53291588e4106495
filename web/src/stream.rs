//! A connection's socket as hyper sees it ([`WatchedStream`]): it tells the
//! serve loop when an answer is written out (so the connection waits for
//! its next request again), closes a reader that takes nothing for
//! [`crate::Limits::write_timeout`] (issue 53 item 5), and turns hyper's
//! own answers to requests it cannot parse (a bad request line, HTTP/0.9,
//! a NUL or folded header, a duplicate or negative `Content-Length`, raw
//! spaces in the URI: 400; headers over [`MAX_HEAD`]: 431; 414), which
//! have empty bodies, into JSON errors like every other 4xx (item 7).
//!
//! hyper writes to the socket only to answer a request handed to the
//! service, or to answer one it could not parse (then it closes the
//! connection); so bytes written while no request is being answered are
//! hyper's own error answer: its status line is read, its bytes dropped,
//! and a JSON answer with that status is written in their place.

use std::io;
use std::pin::Pin;
use std::sync::Arc;
use std::sync::atomic::Ordering;
use std::task::{Context, Poll};
use std::time::Duration;

use serde_json::json;
use tokio::io::{AsyncRead, AsyncWrite, ReadBuf};
use tokio::net::TcpStream;
use tokio::time::Sleep;

use crate::conn::Conn;

/// The most bytes of a request's head (request line and headers) read
/// before hyper answers 431 (hyper's read buffer; at least 8 KiB).
pub const MAX_HEAD: usize = 64 * 1024;
/// The most headers a request may have (hyper's default; more: 431).
pub const MAX_HEADERS: usize = 100;

/// The connection's socket, watched.
pub(crate) struct WatchedStream {
    io: TcpStream,
    conn: Arc<Conn>,
    write_timeout: Duration,
    /// Since when a write has been waiting for the reader (no byte taken).
    stall: Option<Pin<Box<Sleep>>>,
    /// hyper's own error answer as far as it was written (its status line
    /// is all that is read of it).
    own: Vec<u8>,
    /// The JSON answer written in its place, and how much of it is sent.
    out: Vec<u8>,
    sent: usize,
}

impl WatchedStream {
    /// Watch `io` for `conn`; a write that waits `write_timeout` for the
    /// reader fails the connection.
    pub(crate) fn new(io: TcpStream, conn: Arc<Conn>, write_timeout: Duration) -> WatchedStream {
        WatchedStream {
            io,
            conn,
            write_timeout,
            stall: None,
            own: Vec::new(),
            out: Vec::new(),
            sent: 0,
        }
    }

    /// A write that made no progress: pending until the write timeout,
    /// then an error (hyper closes the connection).
    fn stalled<T>(&mut self, cx: &mut Context<'_>) -> Poll<io::Result<T>> {
        let timeout = self.write_timeout;
        let stall = self
            .stall
            .get_or_insert_with(|| Box::pin(tokio::time::sleep(timeout)));
        match stall.as_mut().poll(cx) {
            Poll::Ready(()) => Poll::Ready(Err(io::Error::new(
                io::ErrorKind::TimedOut,
                "the reader took nothing within the write timeout",
            ))),
            Poll::Pending => Poll::Pending,
        }
    }

    /// `polled` (a write of the socket) with the write timeout applied.
    fn timed<T>(
        &mut self,
        cx: &mut Context<'_>,
        polled: Poll<io::Result<T>>,
    ) -> Poll<io::Result<T>> {
        match polled {
            Poll::Pending => self.stalled(cx),
            ready => {
                self.stall = None;
                ready
            }
        }
    }

    /// Whether bytes written now are hyper's own error answer.
    fn own_answer(&self) -> bool {
        !self.conn.answering.load(Ordering::SeqCst)
    }

    /// Take `len` bytes of hyper's own answer: once its status line is in,
    /// the JSON answer to write instead is made.
    fn swallow(&mut self, bytes: &[u8]) {
        if self.out.is_empty() && self.own.len() < 64 {
            self.own.extend_from_slice(&bytes[..bytes.len().min(64)]);
            if let Some(status) = status_of(&self.own) {
                self.out = json_answer(status);
            }
        }
    }

    /// Write what is left of the JSON answer.
    fn poll_out(&mut self, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        while self.sent < self.out.len() {
            let polled = Pin::new(&mut self.io).poll_write(cx, &self.out[self.sent..]);
            match self.timed(cx, polled) {
                Poll::Ready(Ok(0)) => return Poll::Ready(Err(io::ErrorKind::WriteZero.into())),
                Poll::Ready(Ok(n)) => self.sent += n,
                Poll::Ready(Err(e)) => return Poll::Ready(Err(e)),
                Poll::Pending => return Poll::Pending,
            }
        }
        Poll::Ready(Ok(()))
    }
}

/// The status of an answer's head `HTTP/1.1 NNN ...`, once in.
fn status_of(head: &[u8]) -> Option<u16> {
    let code = head.get(9..12)?;
    std::str::from_utf8(code).ok()?.parse().ok()
}

/// Why hyper refused a request, by its status.
pub fn refusal_text(status: u16) -> String {
    match status {
        400 => "bad request: the request line or a header is malformed (send one \
                `METHOD /path HTTP/1.1` line and `Name: value` headers: no NUL byte, no \
                folded line, no space in the path, at most one Content-Length)"
            .to_string(),
        431 => {
            format!("request headers too large: at most {MAX_HEAD} bytes and {MAX_HEADERS} headers")
        }
        414 => format!(
            "the URI is too long (at most {} bytes)",
            crate::guard::MAX_URI
        ),
        _ => "the request could not be read".to_string(),
    }
}

/// A whole HTTP answer with `status` and a JSON error, closing the
/// connection.
fn json_answer(status: u16) -> Vec<u8> {
    let reason = axum::http::StatusCode::from_u16(status)
        .ok()
        .and_then(|s| s.canonical_reason())
        .unwrap_or("Error");
    let body = json!({ "error": refusal_text(status) }).to_string();
    format!(
        "HTTP/1.1 {status} {reason}\r\ncontent-type: application/json\r\ncontent-length: {}\r\n\
         connection: close\r\n\r\n{body}",
        body.len()
    )
    .into_bytes()
}

impl AsyncRead for WatchedStream {
    fn poll_read(
        self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &mut ReadBuf<'_>,
    ) -> Poll<io::Result<()>> {
        Pin::new(&mut self.get_mut().io).poll_read(cx, buf)
    }
}

impl AsyncWrite for WatchedStream {
    fn poll_write(
        self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &[u8],
    ) -> Poll<io::Result<usize>> {
        let this = self.get_mut();
        if this.own_answer() {
            this.swallow(buf);
            return Poll::Ready(Ok(buf.len()));
        }
        let polled = Pin::new(&mut this.io).poll_write(cx, buf);
        this.timed(cx, polled)
    }

    fn poll_write_vectored(
        self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        bufs: &[io::IoSlice<'_>],
    ) -> Poll<io::Result<usize>> {
        let this = self.get_mut();
        if this.own_answer() {
            let mut len = 0;
            for b in bufs {
                this.swallow(b);
                len += b.len();
            }
            return Poll::Ready(Ok(len));
        }
        let polled = Pin::new(&mut this.io).poll_write_vectored(cx, bufs);
        this.timed(cx, polled)
    }

    fn is_write_vectored(&self) -> bool {
        self.io.is_write_vectored()
    }

    fn poll_flush(self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        let this = self.get_mut();
        match this.poll_out(cx) {
            Poll::Ready(Ok(())) => {}
            other => return other,
        }
        let flushed = Pin::new(&mut this.io).poll_flush(cx);
        if matches!(flushed, Poll::Ready(Ok(())))
            && this.conn.body_sent.swap(false, Ordering::SeqCst)
        {
            this.conn.answering.store(false, Ordering::SeqCst);
            this.conn.waiting.store(true, Ordering::SeqCst);
        }
        flushed
    }

    fn poll_shutdown(self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        let this = self.get_mut();
        match this.poll_out(cx) {
            Poll::Ready(Ok(())) => Pin::new(&mut this.io).poll_shutdown(cx),
            other => other,
        }
    }
}
