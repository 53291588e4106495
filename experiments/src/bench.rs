//! `beachcomber bench`: random-playout throughput of a game.

use std::time::Instant;

use beachcomber::Game;
use beachcomber::runner::Cancelled;
use beachcomber::runner::{random_games_cancellable, random_games_parallel_cancellable};
use beachcomber::with_game;
use clap::Args;

use crate::signals;

/// Examples shown after `beachcomber bench --help`.
pub const EXAMPLES: &str = "\
Examples:
  beachcomber bench --game seashells --players 4
  beachcomber bench --game 'seaside(removed=0)' --players 2 --games 2000000

Ctrl-C stops the measurement (exit status 130).";

/// Options of `beachcomber bench`.
#[derive(Args, Debug)]
pub struct BenchArgs {
    /// The game and the player count.
    #[command(flatten)]
    pub choice: crate::game_choice::GameChoice,
    /// Random games to play in each measurement.
    #[arg(long, value_name = "G", default_value_t = 1_000_000,
          value_parser = clap::value_parser!(u64).range(1..))]
    pub games: u64,
    /// Seed of the random games.
    #[arg(long, value_name = "S", default_value_t = 1)]
    pub seed: u64,
}

/// Run the command.
pub fn run(args: BenchArgs) -> Result<(), String> {
    let game = args.choice.build()?;
    with_game!(&game, |g| measure(g, &args))
        .map_err(|_| "interrupted: the measurement was stopped".to_string())
}

fn measure<G: Game>(game: &G, args: &BenchArgs) -> Result<(), Cancelled> {
    let cancel = &signals::CANCEL;
    let threads = rayon::current_num_threads();
    // Warm up caches and the thread pool.
    random_games_cancellable(game, (args.games / 20).max(1), args.seed ^ 1, cancel)?;
    let start = Instant::now();
    let plies = random_games_cancellable(game, args.games, args.seed, cancel)?;
    let one = start.elapsed().as_secs_f64();
    let start = Instant::now();
    let plies_all =
        random_games_parallel_cancellable(game, args.games, args.seed, threads as u64 * 8, cancel)?;
    let all = start.elapsed().as_secs_f64();
    out!(
        "{} with {}: {} random games, {:.1} decisions per game",
        args.choice.game,
        crate::players_text(args.choice.players),
        args.games,
        plies as f64 / args.games as f64
    );
    report("1 thread", args.games, plies, one);
    report(&format!("{threads} threads"), args.games, plies_all, all);
    Ok(())
}

fn report(label: &str, games: u64, plies: u64, secs: f64) {
    out!(
        "  {label:<10} {:>12.0} games/s  {:>9.1} ns/game  {:>7.1} ns/decision",
        games as f64 / secs,
        secs * 1e9 / games as f64,
        secs * 1e9 / plies as f64
    );
}
