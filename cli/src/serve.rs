//! `beachcomber serve`: the web app (replays, play against bots, the
//! studies' results) on a local web server. The server is the
//! `beachcomber-web` crate; this only reads the flags.

use std::net::{IpAddr, SocketAddr};
use std::path::PathBuf;
use std::time::Duration;

use clap::Args;

use crate::signals;

/// Examples shown after `beachcomber serve --help`.
pub const EXAMPLES: &str = "\
Examples:
  beachcomber serve                                  # http://127.0.0.1:8080/
  beachcomber serve --records games.jsonl --results results
  beachcomber serve --port 0 --save my-games         # a free port, printed

Open the printed address in a browser: replay records step by step (as the
referee or as one seat sees them), play against bots (each move saved at once
under --save as a record `replay` reads), browse the studies' answers and
plots. Only the files named by --records and the files under --results are
served. Ctrl-C stops the server (games in play are already saved, unfinished).";

/// Options of `beachcomber serve`.
#[derive(Args, Debug)]
pub struct ServeArgs {
    /// The port to listen on (0: a free port, printed).
    #[arg(long, value_name = "PORT", default_value_t = 8080)]
    pub port: u16,
    /// The address to listen on; anything but a loopback address makes the
    /// app reachable from other machines (a warning is printed).
    #[arg(long, value_name = "ADDR", default_value = "127.0.0.1")]
    pub bind: IpAddr,
    /// Record files (JSON Lines, plain or compressed) for the replay viewer.
    #[arg(long, value_name = "FILE", num_args = 1..)]
    pub records: Vec<PathBuf>,
    /// The studies' folder (results/) to browse.
    #[arg(long, value_name = "DIR")]
    pub results: Option<PathBuf>,
    /// Where games played in the browser are saved, one record file each.
    #[arg(long, value_name = "DIR", default_value = "games")]
    pub save: PathBuf,
}

/// How often the server looks at the Ctrl-C flag.
const POLL: Duration = Duration::from_millis(100);

/// Run the command until Ctrl-C.
pub fn run(args: ServeArgs) -> Result<(), crate::error::CliError> {
    if !args.bind.is_loopback() {
        eprintln!(
            "warning: --bind {}: the app is reachable from other machines (it has no login)",
            args.bind
        );
    }
    let config = beachcomber_web::ServeConfig {
        addr: SocketAddr::new(args.bind, args.port),
        records: args.records,
        results: args.results,
        save: args.save,
        limits: Default::default(),
    };
    let shutdown = async {
        while !signals::cancelled() {
            tokio_sleep(POLL).await;
        }
    };
    beachcomber_web::serve(
        config,
        |url| {
            out!("beachcomber serve: listening on {url} (Ctrl-C stops)");
        },
        shutdown,
    )?;
    out!("server stopped");
    Ok(())
}

/// Sleep on the server's runtime.
async fn tokio_sleep(d: Duration) {
    beachcomber_web::sleep(d).await
}

crate::error::command_error!(beachcomber_web::ServeError);
