//! `beachcomber`: the command line. Tournaments between bots, replays of
//! game records, and random-playout benchmarks.

mod bench;
mod output;
mod replay;
mod tournament;

use std::process::ExitCode;
use std::sync::atomic::{AtomicBool, Ordering};

use clap::{Parser, Subcommand};

/// Game AI and Monte Carlo simulation for Seashells, Seaside and Shell Dash.
#[derive(Parser, Debug)]
#[command(name = "beachcomber", version, about, long_about = None)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand, Debug)]
enum Command {
    /// Play many games between bots; write per-seat results (CSV) and game records (JSON Lines).
    Tournament(tournament::TournamentArgs),
    /// Re-play game records through the engine, verify them, and show a game.
    Replay(replay::ReplayArgs),
    /// Measure random-playout throughput (one core and all cores).
    Bench(bench::BenchArgs),
}

/// Set by Ctrl-C: long commands stop early and write nothing partial.
pub static INTERRUPTED: AtomicBool = AtomicBool::new(false);

fn main() -> ExitCode {
    let cli = Cli::parse();
    // A second Ctrl-C is not caught again, so the user can always force an exit.
    let _ = ctrlc::set_handler(|| INTERRUPTED.store(true, Ordering::Relaxed));
    let result = match cli.command {
        Command::Tournament(args) => tournament::run(args),
        Command::Replay(args) => replay::run(args),
        Command::Bench(args) => bench::run(args),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("error: {e}");
            ExitCode::FAILURE
        }
    }
}
