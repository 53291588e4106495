//! The serve loop of `beachcomber serve`, below the router: it accepts
//! connections on the listener, at most [`Limits::max_connections`] open at
//! once (a permit per accepted connection; at the cap a new connection
//! takes the slot of the oldest one still waiting for a request (its
//! headers, or the rest of its body), or waits for one to close when all
//! are answering: a connection counts as answering until its whole answer
//! is flushed to the socket, so a slow reader of a large file is never cut
//! short), and serves each with hyper's HTTP/1 with a header read timeout
//! ([`Limits::header_read_timeout`]), a body read timeout
//! ([`Limits::body_read_timeout`], [`crate::bodies::DeadlineBody`]) and a
//! write timeout ([`Limits::write_timeout`], [`crate::stream`]), so
//! connections that never finish a request, sit idle between requests or
//! never read their answer are closed and cannot exhaust the server's file
//! descriptors or memory (issues 34, 53). The request timeout
//! ([`Limits::request_timeout`]) is a layer above the router
//! ([`crate::router`]).

use std::collections::BTreeMap;
use std::future::Future;
use std::pin::Pin;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::task::{Context, Poll};
use std::time::Duration;

use axum::Router;
use axum::response::IntoResponse;
use hyper::body::Body as _;
use hyper::server::conn::http1;
use hyper_util::rt::{TokioIo, TokioTimer};
use hyper_util::server::graceful::GracefulShutdown;
use tokio::net::TcpListener;
use tokio::sync::Semaphore;
use tower::ServiceExt;

use crate::bodies::DeadlineBody;
use crate::conn::Conn;
use crate::error::ApiError;
use crate::stream::{MAX_HEAD, MAX_HEADERS, WatchedStream};

/// The server's limits on connections and requests (docs/web.md).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Limits {
    /// Connections open at once; at the cap, a new one takes the slot of
    /// the oldest connection waiting for its headers (closed), or waits
    /// until one closes.
    pub max_connections: usize,
    /// How long a connection may take to send a request's headers (also
    /// how long it may sit idle between requests) before it is closed.
    pub header_read_timeout: Duration,
    /// How long a request may take to be answered (503 with a JSON error
    /// after that). Above a bot's longest move: work already started (a
    /// bot's move) still finishes and is saved.
    pub request_timeout: Duration,
    /// How long a request's body may take to arrive in full, from the end
    /// of its headers (408 with a JSON error after that; the connection is
    /// closed).
    pub body_read_timeout: Duration,
    /// How long a write may wait for the reader to take any byte before
    /// the connection is closed (a reader that stopped reading).
    pub write_timeout: Duration,
}

/// Connections open at once by default.
pub const MAX_CONNECTIONS: usize = 512;
/// The default header read timeout.
pub const HEADER_READ_TIMEOUT: Duration = Duration::from_secs(10);
/// The default request timeout: well above a bot's longest move, whose
/// work is capped per decision (a cut answer loses nothing: the move is
/// still made and saved).
pub const REQUEST_TIMEOUT: Duration = Duration::from_secs(300);
/// The default body read timeout (as for headers).
pub const BODY_READ_TIMEOUT: Duration = Duration::from_secs(10);
/// The default write timeout.
pub const WRITE_TIMEOUT: Duration = Duration::from_secs(30);

impl Default for Limits {
    fn default() -> Self {
        Limits {
            max_connections: MAX_CONNECTIONS,
            header_read_timeout: HEADER_READ_TIMEOUT,
            request_timeout: REQUEST_TIMEOUT,
            body_read_timeout: BODY_READ_TIMEOUT,
            write_timeout: WRITE_TIMEOUT,
        }
    }
}

/// A response body that tells its connection when hyper is done with it
/// (on drop: after its last frame, or when the connection ends).
struct TrackedBody {
    inner: axum::body::Body,
    conn: Arc<Conn>,
}

impl hyper::body::Body for TrackedBody {
    type Data = hyper::body::Bytes;
    type Error = axum::Error;

    fn poll_frame(
        self: Pin<&mut Self>,
        cx: &mut Context<'_>,
    ) -> Poll<Option<Result<hyper::body::Frame<Self::Data>, Self::Error>>> {
        Pin::new(&mut self.get_mut().inner).poll_frame(cx)
    }

    fn is_end_stream(&self) -> bool {
        self.inner.is_end_stream()
    }

    fn size_hint(&self) -> hyper::body::SizeHint {
        self.inner.size_hint()
    }
}

impl Drop for TrackedBody {
    fn drop(&mut self) {
        self.conn.body_sent.store(true, Ordering::SeqCst);
    }
}

/// The open connections in accept order (by id).
type Open = Arc<Mutex<BTreeMap<u64, Arc<Conn>>>>;

/// Close the oldest connection that waits for its headers; whether there
/// was one.
fn evict_oldest_waiting(open: &Open) -> bool {
    let mut open = open.lock().unwrap_or_else(|e| e.into_inner());
    let oldest = open
        .iter()
        .find(|(_, c)| c.waiting.load(Ordering::SeqCst))
        .map(|(&id, _)| id);
    match oldest.and_then(|id| open.remove(&id)) {
        Some(conn) => {
            conn.evict.notify_one();
            true
        }
        None => false,
    }
}

/// Serve `router` on `listener` within `limits` until `stop` completes;
/// then stop accepting and give connections in flight `grace` to finish.
///
/// At the cap, a newly accepted connection takes the slot of the oldest
/// connection still waiting for its request's headers (that one is
/// closed), so held connections cannot lock fresh requests out; when every
/// slot is answering a request, the new connection waits for one to end.
pub async fn run(
    listener: TcpListener,
    router: Router,
    limits: Limits,
    stop: impl Future<Output = ()>,
    grace: Duration,
) {
    let permits = Arc::new(Semaphore::new(limits.max_connections.max(1)));
    let open: Open = Arc::default();
    let graceful = GracefulShutdown::new();
    let mut http = http1::Builder::new();
    http.timer(TokioTimer::new())
        .header_read_timeout(limits.header_read_timeout)
        // The read buffer bounds a request's head (431 past it) and the
        // write buffer an answer's bytes queued for a slow reader.
        .max_buf_size(MAX_HEAD)
        .max_headers(MAX_HEADERS);
    tokio::pin!(stop);
    for id in 0u64.. {
        let stream = tokio::select! {
            accepted = listener.accept() => match accepted {
                Ok((stream, _)) => stream,
                // Out of file descriptors or an aborted connection: wait a
                // little (as `axum::serve` does) and go on.
                Err(_) => {
                    tokio::time::sleep(Duration::from_millis(50)).await;
                    continue;
                }
            },
            () = &mut stop => break,
        };
        // A permit per connection: at the cap, the oldest connection
        // waiting for its headers gives its slot up (its task ends and
        // releases its permit), else the new one waits for a slot.
        let permit = match permits.clone().try_acquire_owned() {
            Ok(p) => p,
            Err(_) => {
                evict_oldest_waiting(&open);
                tokio::select! {
                    permit = permits.clone().acquire_owned() => match permit {
                        Ok(p) => p,
                        Err(_) => break,
                    },
                    () = &mut stop => break,
                }
            }
        };
        let conn = Arc::new(Conn::new());
        open.lock()
            .unwrap_or_else(|e| e.into_inner())
            .insert(id, conn.clone());
        let service = {
            let (router, conn) = (router.clone(), conn.clone());
            hyper::service::service_fn(move |req: hyper::Request<hyper::body::Incoming>| {
                let (router, conn) = (router.clone(), conn.clone());
                async move {
                    conn.answering.store(true, Ordering::SeqCst);
                    // Its headers are in: a request without a body is being
                    // answered; one with a body still waits for it (and
                    // must have it all within the body read timeout).
                    if req.body().is_end_stream() {
                        conn.waiting.store(false, Ordering::SeqCst);
                    }
                    let expired = Arc::new(AtomicBool::new(false));
                    let deadline = tokio::time::Instant::now() + limits.body_read_timeout;
                    let req = req.map(|body| {
                        DeadlineBody::new(body, conn.clone(), deadline, expired.clone())
                    });
                    let res = router.oneshot(req).await;
                    conn.waiting.store(false, Ordering::SeqCst);
                    let res = if expired.load(Ordering::SeqCst) {
                        let mut r = ApiError::BodyTimeout(limits.body_read_timeout).into_response();
                        r.headers_mut().insert(
                            axum::http::header::CONNECTION,
                            axum::http::HeaderValue::from_static("close"),
                        );
                        Ok(r)
                    } else {
                        res
                    };
                    res.map(|r| r.map(|inner| TrackedBody { inner, conn }))
                }
            })
        };
        let stream = WatchedStream::new(stream, conn.clone(), limits.write_timeout);
        let served = graceful.watch(http.serve_connection(TokioIo::new(stream), service));
        let open = open.clone();
        tokio::spawn(async move {
            // The permit is released once the connection is closed.
            let _permit = permit;
            // A connection's error (a timeout, a reset) ends it alone;
            // evicted, it is dropped (closed) unanswered.
            tokio::select! {
                _ = served => {}
                () = conn.evict.notified() => {}
            }
            open.lock().unwrap_or_else(|e| e.into_inner()).remove(&id);
        });
    }
    drop(listener);
    let _ = tokio::time::timeout(grace, graceful.shutdown()).await;
}
