//! `beachcomber bench`: random-playout throughput of a game, or the speed
//! of bots (decisions per second on one thread, [`bot_speed`], which an
//! experiment file's `speed_games` measures too).

use crate::error::CliError;
use crate::flag_error::FlagError;
use std::time::Instant;

use beachcomber::Game;
use beachcomber::games::AnyGame;
use beachcomber::runner::Cancelled;
use beachcomber::runner::{random_games_cancellable, random_games_parallel_cancellable};
use beachcomber::with_game;
use beachcomber_store::counts::Games;
use clap::Args;

use crate::engines::Engines;
use crate::signals;

/// Examples shown after `beachcomber bench --help`.
pub const EXAMPLES: &str = "\
Examples:
  beachcomber bench --game seashells --players 4
  beachcomber bench --game 'seaside(removed=0)' --players 2 --games 2000000
  beachcomber bench --game seashells --players 2 --bots 'random,greedy,ismcts(iterations=500)' --games 10

Without --bots: uniformly random playouts, on one thread and on all cores.
With --bots: each bot's decisions per second on one thread, from --games games
of the bot in every seat (the games of `tournament --bots SPEC --seed S`).
Ctrl-C stops the measurement (exit status 130).";

/// Options of `beachcomber bench`.
#[derive(Args, Debug)]
#[command(mut_arg("seed", |a| a.help("Seed of the games")))]
pub struct BenchArgs {
    /// The game and the player count.
    #[command(flatten)]
    pub choice: crate::game_choice::GameChoice,
    /// Games to play in each measurement [default: 1000000 random games;
    /// with --bots, 20 games per bot].
    #[arg(long, value_name = "G")]
    pub games: Option<Games>,
    /// The seed (its help is the command's own, above).
    #[command(flatten)]
    pub seed: crate::flags::SeedArg,
    /// Measure these bots instead of random playouts (specs separated by
    /// commas): each one's decisions per second on one thread, playing
    /// every seat.
    #[arg(long, value_name = "SPECS", long_help = crate::help::bots_help())]
    pub bots: Option<String>,
}

/// Games per bot of `bench --bots` when `--games` is not given.
const BOT_GAMES: u64 = 20;

/// Random games of `bench` when `--games` is not given.
const RANDOM_GAMES: u64 = 1_000_000;

/// Run the command.
pub fn run(args: BenchArgs) -> Result<(), CliError> {
    let game = args.choice.build()?;
    if let Some(bots) = &args.bots {
        return bench_bots(&game, bots, &args);
    }
    let games = args.games.map_or(RANDOM_GAMES, Games::get);
    with_game!(&game, |g| measure(g, &args, games)).map_err(|_| CliError::BenchInterrupted)
}

/// `bench --bots`: each bot's speed, one line per bot.
fn bench_bots(game: &AnyGame, bots: &str, args: &BenchArgs) -> Result<(), CliError> {
    let mut configs = beachcomber_bots::BotSet::default();
    for config in beachcomber_bots::parse_list(bots).map_err(FlagError::of("--bots"))? {
        configs.insert(config);
    }
    beachcomber_bots::check_models(configs.configs(), game).map_err(FlagError::of("--bots"))?;
    let engines = Engines::default();
    engines.check(configs.configs())?;
    let games = args.games.map_or(BOT_GAMES, Games::get);
    out!(
        "{} with {}: {} games per bot, every seat the bot, seed {}, one thread",
        game.canonical_spec(),
        crate::help::players_text(args.choice.players),
        games,
        args.seed.get()
    );
    let width = configs.iter().map(|(n, _)| n.len()).max().unwrap_or(0);
    for (name, config) in configs.iter() {
        let speed = bot_speed(
            game,
            config,
            games,
            args.seed.get(),
            &engines,
            &signals::CANCEL,
        )?;
        let took = if speed.seconds >= 1.0 {
            format!("{:.2} s", speed.seconds)
        } else {
            format!("{:.2} ms", speed.seconds * 1e3)
        };
        out!(
            "  {name:<width$} {:>12.1} decisions/s  {:>9} decisions in {took}  ({:.1} per game)",
            speed.per_second(),
            speed.decisions,
            speed.decisions as f64 / speed.games as f64
        );
    }
    out!("Decisions per second depend on the machine (and on what else it runs).");
    Ok(())
}

use beachcomber_store::speed::{BenchError, bot_speed};

fn measure<G: Game>(game: &G, args: &BenchArgs, games: u64) -> Result<(), Cancelled> {
    let cancel = &signals::CANCEL;
    let threads = rayon::current_num_threads();
    // Warm up caches and the thread pool.
    random_games_cancellable(game, (games / 20).max(1), args.seed.get() ^ 1, cancel)?;
    let start = Instant::now();
    let plies = random_games_cancellable(game, games, args.seed.get(), cancel)?;
    let one = start.elapsed().as_secs_f64();
    let start = Instant::now();
    let plies_all = random_games_parallel_cancellable(
        game,
        games,
        args.seed.get(),
        threads as u64 * 8,
        cancel,
    )?;
    let all = start.elapsed().as_secs_f64();
    out!(
        "{} with {}: {} random games, {:.1} decisions per game",
        args.choice.game,
        crate::help::players_text(args.choice.players),
        games,
        plies as f64 / games as f64
    );
    report("1 thread", games, plies, one);
    report(&format!("{threads} threads"), games, plies_all, all);
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

crate::error::command_error!(BenchError);
