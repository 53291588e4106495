//! `beachcomber`: the command line. Tournaments between bots, replays of
//! game records, and random-playout benchmarks.

/// `println!` that ends the program quietly when standard output is closed
/// (`beachcomber replay ... | head`) instead of panicking.
macro_rules! out {
    ($($arg:tt)*) => { $crate::write_line(format_args!($($arg)*)) };
}

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

/// Write one line to standard output; a closed pipe ends the program with
/// success, any other write error with a one-line error.
pub fn write_line(args: std::fmt::Arguments) {
    use std::io::Write;
    let mut stdout = std::io::stdout().lock();
    if let Err(e) = stdout
        .write_fmt(args)
        .and_then(|()| stdout.write_all(b"\n"))
    {
        if e.kind() == std::io::ErrorKind::BrokenPipe {
            std::process::exit(0);
        }
        eprintln!("error: cannot write to standard output: {e}");
        std::process::exit(1);
    }
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
