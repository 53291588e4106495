//! The serve loop of `beachcomber serve`, below the router: it accepts
//! connections on the listener, at most [`Limits::max_connections`] open at
//! once (a permit per accepted connection; at the cap the loop stops
//! accepting until one closes, and the kernel's listen backlog holds the
//! rest), and serves each with hyper's HTTP/1 with a header read timeout
//! ([`Limits::header_read_timeout`]), so connections that never finish a
//! request (or sit idle between requests) are closed and cannot exhaust the
//! server's file descriptors (issue 34). The request timeout
//! ([`Limits::request_timeout`]) is a layer above the router
//! ([`crate::router`]).

use std::future::Future;
use std::sync::Arc;
use std::time::Duration;

use axum::Router;
use hyper::server::conn::http1;
use hyper_util::rt::{TokioIo, TokioTimer};
use hyper_util::server::graceful::GracefulShutdown;
use hyper_util::service::TowerToHyperService;
use tokio::net::TcpListener;
use tokio::sync::Semaphore;

/// The server's limits on connections and requests (docs/web.md).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Limits {
    /// Connections open at once; at the cap, new ones wait in the listen
    /// backlog until one closes.
    pub max_connections: usize,
    /// How long a connection may take to send a request's headers (also
    /// how long it may sit idle between requests) before it is closed.
    pub header_read_timeout: Duration,
    /// How long a request may take to be answered (503 with a JSON error
    /// after that). Above a bot's longest move: work already started (a
    /// bot's move) still finishes and is saved.
    pub request_timeout: Duration,
}

/// Connections open at once by default.
pub const MAX_CONNECTIONS: usize = 512;
/// The default header read timeout.
pub const HEADER_READ_TIMEOUT: Duration = Duration::from_secs(10);
/// The default request timeout: well above a bot's longest move, whose
/// work is capped per decision (a cut answer loses nothing: the move is
/// still made and saved).
pub const REQUEST_TIMEOUT: Duration = Duration::from_secs(300);

impl Default for Limits {
    fn default() -> Self {
        Limits {
            max_connections: MAX_CONNECTIONS,
            header_read_timeout: HEADER_READ_TIMEOUT,
            request_timeout: REQUEST_TIMEOUT,
        }
    }
}

/// Serve `router` on `listener` within `limits` until `stop` completes;
/// then stop accepting and give connections in flight `grace` to finish.
pub async fn run(
    listener: TcpListener,
    router: Router,
    limits: Limits,
    stop: impl Future<Output = ()>,
    grace: Duration,
) {
    let permits = Arc::new(Semaphore::new(limits.max_connections.max(1)));
    let graceful = GracefulShutdown::new();
    let mut http = http1::Builder::new();
    http.timer(TokioTimer::new())
        .header_read_timeout(limits.header_read_timeout);
    tokio::pin!(stop);
    loop {
        // A permit first: at the cap, nothing more is accepted.
        let permit = tokio::select! {
            permit = permits.clone().acquire_owned() => match permit {
                Ok(p) => p,
                Err(_) => break,
            },
            () = &mut stop => break,
        };
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
        let conn = http.serve_connection(
            TokioIo::new(stream),
            TowerToHyperService::new(router.clone()),
        );
        let conn = graceful.watch(conn);
        tokio::spawn(async move {
            // The permit is released once the connection is closed.
            let _permit = permit;
            // A connection's error (a timeout, a reset) ends it alone.
            let _ = conn.await;
        });
    }
    drop(listener);
    let _ = tokio::time::timeout(grace, graceful.shutdown()).await;
}
