//! `beachcomber`: the command line. Tournaments between bots, replays of
//! game records, and random-playout benchmarks.

/// `println!` that ends the program quietly when standard output is closed
/// (`beachcomber replay ... | head`) instead of panicking.
macro_rules! out {
    ($($arg:tt)*) => { $crate::help::write_line(format_args!($($arg)*)) };
}

mod bench;
mod compare;
mod engines;
mod error;
mod experiment;
mod flag_error;
mod flags;
mod game_choice;
mod help;
mod league;
mod merge;
mod play;
mod plot;
mod replay;
mod runs;
mod search;
mod serve;
mod signals;
mod solve;
mod sweep;
mod tournament;
mod train;

use std::process::ExitCode;

use clap::{Parser, Subcommand};

/// The most bytes of an error message (after `error: `): each quoted value
/// is cut at [`beachcomber::spec::ONE_LINE_MAX`] bytes, and the whole line
/// here, so a message quoting a few values whole still fits.
const ERROR_MAX: usize = 1000;

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
    #[command(after_help = tournament::EXAMPLES)]
    Tournament(tournament::TournamentArgs),
    /// Rate bots in a round robin (Bradley-Terry, Elo scale, 95% intervals).
    #[command(after_help = league::EXAMPLES)]
    League(league::LeagueArgs),
    /// Run an experiment file (experiments/NAME.toml): a tournament, league or sweep with its plots, into results/NAME/.
    #[command(after_help = experiment::EXAMPLES)]
    Run(experiment::RunFileArgs),
    /// Play every combination of game options, player counts and lineups; write per-game rows and balance metrics with 95% intervals.
    #[command(after_help = sweep::EXAMPLES)]
    Sweep(sweep::SweepArgs),
    /// Search a space of game options for the designs that meet a goal: candidates raced in rounds with a guaranteed error, a Pareto front, confirmed.
    #[command(after_help = search::EXAMPLES)]
    Search(search::SearchArgs),
    /// Join the shards of one run (--shard, Slurm array tasks) into the files one machine would write.
    #[command(after_help = merge::EXAMPLES)]
    Merge(merge::MergeArgs),
    /// Re-play game records through the engine, verify them, and show a game.
    #[command(after_help = replay::EXAMPLES)]
    Replay(replay::ReplayArgs),
    /// Measure random-playout throughput (one core and all cores).
    #[command(after_help = bench::EXAMPLES)]
    Bench(bench::BenchArgs),
    /// Play a game against bots in the terminal, with hints and undo.
    #[command(after_help = play::EXAMPLES)]
    Play(play::PlayArgs),
    /// Draw a figure (SVG or PNG) from a sweep's metrics, a per-game CSV or a league's ratings.
    #[command(after_help = plot::EXAMPLES)]
    Plot(plot::PlotArgs),
    /// Serve the web app: replays drawn step by step, play against bots, the studies' results.
    #[command(after_help = serve::EXAMPLES)]
    Serve(serve::ServeArgs),
    /// Solve solo Shell Dash by value iteration (expected turns of optimal play), with Monte Carlo checks.
    #[command(after_help = solve::EXAMPLES)]
    Solve(solve::SolveArgs),
    /// Train a learned evaluation: self-play by a teacher bot, a deterministic logistic fit, a model file.
    #[command(after_help = train::EXAMPLES)]
    Train(train::TrainArgs),
}

fn main() -> ExitCode {
    // First, so that a signal never finds the default action (which would
    // end the program without cleaning up).
    signals::install();
    let cli = Cli::parse();
    // Bot specs may name model files (`learned(model=PATH)`): read by the
    // command line, never by the web server, which takes only named
    // committed models (docs/bots.md, "Models").
    use beachcomber::learn::loaded::{ModelFiles, allow_model_files};
    allow_model_files(match cli.command {
        Command::Serve(_) => ModelFiles::Named,
        _ => ModelFiles::Paths,
    });
    let result = match cli.command {
        Command::Tournament(args) => tournament::run(args),
        Command::League(args) => league::run(args),
        Command::Run(args) => experiment::run(args),
        Command::Sweep(args) => sweep::run(args),
        Command::Search(args) => search::run(args),
        Command::Merge(args) => merge::run(args),
        Command::Replay(args) => replay::run(args),
        Command::Bench(args) => bench::run(args),
        Command::Play(args) => play::run(args),
        Command::Plot(args) => plot::run(args),
        Command::Serve(args) => serve::run(args),
        Command::Solve(args) => solve::run(args),
        Command::Train(args) => train::run(args),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            // Every message escapes what it quotes (each value cut at
            // `ONE_LINE_MAX` bytes); this keeps the promise of one line (no
            // raw newline or escape sequence from an argument or a file) and
            // of a bounded length for any message that would not.
            let message = e.to_string();
            eprintln!(
                "error: {}",
                beachcomber::spec::one_line_max(&message, ERROR_MAX)
            );
            if signals::cancelled() {
                ExitCode::from(signals::EXIT_INTERRUPTED)
            } else {
                ExitCode::FAILURE
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::Cli;
    use beachcomber::rng::DEFAULT_SEED;
    use clap::CommandFactory;

    /// Every command's `--seed` default is the library's one seed, and these
    /// are the commands that have one.
    #[test]
    fn every_seed_flag_defaults_to_the_one_default_seed() {
        let cli = Cli::command();
        let mut seeded = Vec::new();
        for command in cli.get_subcommands() {
            for arg in command.get_arguments() {
                // `play --seed` has no default (a fresh deal each time).
                if arg.get_id() == "seed" && !arg.get_default_values().is_empty() {
                    let defaults: Vec<_> = arg.get_default_values().iter().collect();
                    assert_eq!(
                        defaults,
                        [&std::ffi::OsString::from(DEFAULT_SEED.to_string())],
                        "{}",
                        command.get_name()
                    );
                    seeded.push(command.get_name().to_string());
                }
            }
        }
        seeded.sort();
        assert_eq!(
            seeded,
            [
                "bench",
                "league",
                "search",
                "solve",
                "sweep",
                "tournament",
                "train"
            ]
        );
    }
}
