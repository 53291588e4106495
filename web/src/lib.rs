#![deny(missing_docs)]
//! The beachcomber web app (`beachcomber serve`): a local web server that
//! draws the three games' boards in a browser.
//!
//! - **Replays** ([`records`], [`view`]): the records of the files named on
//!   the command line (and the games saved under `--save`), listed in pages
//!   from a bounded index of line offsets, each verified through the engine
//!   before it is drawn, step by step, for the referee or one seat.
//! - **Play** ([`play`]): a person against bots; each move is saved at once
//!   as a record; bots think on tokio's blocking pool.
//! - **Results** ([`results`]): the studies of `--results`, read-only and
//!   confined to that folder.
//!
//! The page itself is plain ES modules and CSS embedded in the binary
//! ([`assets`]); the JSON API is described in docs/web.md. The CLI parses
//! `serve`'s flags into a [`ServeConfig`] and calls [`serve`].

pub mod assets;
pub mod bodies;
mod conn;
pub mod error;
pub mod games;
pub mod guard;
pub mod limits;
pub mod play;
pub mod records;
pub mod results;
pub mod routes;
pub mod saved;
pub mod server;
pub mod stream;
pub mod view;

use std::future::Future;
use std::net::SocketAddr;
use std::path::PathBuf;
use std::sync::Arc;

pub use error::ApiError;
pub use routes::{App, router};
pub use server::Limits;

/// What `beachcomber serve` was asked to serve.
#[derive(Clone, Debug)]
pub struct ServeConfig {
    /// The address to listen on (port 0: a free port).
    pub addr: SocketAddr,
    /// Record files to list in the replay viewer (only these are read).
    pub records: Vec<PathBuf>,
    /// The studies' folder (`results/`), if any: only files under it are
    /// served.
    pub results: Option<PathBuf>,
    /// Where played games are saved (one record file each).
    pub save: PathBuf,
    /// The limits on connections and requests ([`Limits::default`] for
    /// `beachcomber serve`).
    pub limits: Limits,
}

/// Why the server could not start or stopped with an error.
#[derive(Debug)]
pub enum ServeError {
    /// A record file could not be indexed.
    Records(records::IndexError),
    /// `--results` is not a readable folder.
    Results(results::ResultsError),
    /// `--save` could not be created.
    Save(String),
    /// The address could not be bound.
    Bind(SocketAddr, std::io::Error),
    /// The tokio runtime could not start.
    Runtime(std::io::Error),
}

impl std::fmt::Display for ServeError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            ServeError::Records(e) => write!(f, "--records: {e}"),
            ServeError::Results(e) => write!(f, "--results: {e}"),
            ServeError::Save(e) => write!(f, "--save: {e}"),
            ServeError::Bind(addr, e) => write!(f, "cannot listen on {addr}: {e}"),
            ServeError::Runtime(e) => write!(f, "cannot start the server's runtime: {e}"),
        }
    }
}

impl std::error::Error for ServeError {}

/// Build the app's shared state from `config`: index the record files,
/// check the results folder, create the save folder.
///
/// From here on, bot specs of this process may name only committed
/// models (`model=NAME`, the file `models/NAME.json`); a path is refused
/// ([`beachcomber::learn::loaded::ModelFiles::Named`]).
pub fn build_app(config: &ServeConfig) -> Result<Arc<App>, ServeError> {
    beachcomber::learn::loaded::allow_model_files(beachcomber::learn::loaded::ModelFiles::Named);
    App::new(config)
}

/// Serve `config` until `shutdown` completes: bind, call `on_listening`
/// with the URL (so the caller prints it; with port 0 it holds the port
/// picked), then answer requests on a multi-threaded tokio runtime within
/// `config.limits` ([`server`]). Once `shutdown` completes, no connection is
/// accepted and requests in flight get [`GRACE`] to finish. Games
/// in play are saved after every move, so stopping loses nothing.
pub fn serve(
    config: ServeConfig,
    on_listening: impl FnOnce(&str),
    shutdown: impl Future<Output = ()> + Send + 'static,
) -> Result<(), ServeError> {
    let app = build_app(&config)?;
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .map_err(ServeError::Runtime)?;
    let result = runtime.block_on(async move {
        let listener = tokio::net::TcpListener::bind(config.addr)
            .await
            .map_err(|e| ServeError::Bind(config.addr, e))?;
        let addr = listener
            .local_addr()
            .map_err(|e| ServeError::Bind(config.addr, e))?;
        on_listening(&format!("http://{addr}/"));
        server::run(listener, router(app), config.limits, shutdown, GRACE).await;
        Ok(())
    });
    // A bot still thinking is not waited for: every game is saved already.
    runtime.shutdown_timeout(std::time::Duration::from_millis(200));
    result
}

/// How long requests in flight may take to finish once the server is asked
/// to stop.
pub const GRACE: std::time::Duration = std::time::Duration::from_secs(3);

/// Sleep on the server's runtime (for a caller's shutdown future that polls
/// a flag).
pub async fn sleep(duration: std::time::Duration) {
    tokio::time::sleep(duration).await
}
