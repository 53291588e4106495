//! `beachcomber train`: self-play by a teacher bot, a logistic fit of the
//! seats' results, a model file (docs/learning.md). Glue over the one
//! training path, [`play_and_fit`] (which training files run too).

use std::path::PathBuf;

use beachcomber::atomic_file::{AtomicError, check_writable, write_atomically};
use beachcomber::learn::features::FeatureSet;
use beachcomber::learn::train::{SettingError, TrainSettings};
use beachcomber_bots::BotConfig;
use beachcomber_store::counts::Threads;
use beachcomber_studies::pipeline::train_file::{PlayFitError, play_and_fit};
use clap::Args;

use crate::error::CliError;
use crate::flag_error::FlagError;
use crate::signals;

/// Examples shown after `beachcomber train --help`.
pub const EXAMPLES: &str = "\
Examples:
  beachcomber train --game seaside --players 2 --teacher greedy --games 2000 --out seaside-2.json
  beachcomber train --game seashells --players 2 --teacher expert --games 200 --features encoding --out m.json
  beachcomber train --game seaside --players 2 --teacher greedy --quick --out quick.json

The teacher plays every seat; after every action each seat's features and its
final result share are one position. The last --holdout of the games are held
out: their log loss is printed next to the constant model's. The same flags
give the same file at any --threads (docs/learning.md).";

/// The games of `--quick`.
const QUICK_GAMES: u64 = 12;

/// The steps of `--quick`.
const QUICK_STEPS: u32 = 20;

/// Options of `beachcomber train`.
#[derive(Args, Debug)]
#[command(mut_arg("seed", |a| a.help("Seed of the self-play games")))]
pub struct TrainArgs {
    /// The game and the player count.
    #[command(flatten)]
    pub choice: crate::game_choice::GameChoice,
    /// The bot that plays every seat of the self-play games (any bot spec
    /// but an external engine).
    #[arg(long, value_name = "BOT")]
    pub teacher: String,
    /// Self-play games (1 to 1000000).
    #[arg(
        long,
        value_name = "G",
        default_value_t = 1000,
        conflicts_with = "quick"
    )]
    pub games: u64,
    /// The share of the games held out for validation (the last ones),
    /// 0 to 0.5.
    #[arg(
        long,
        value_name = "FRACTION",
        default_value_t = 0.1,
        allow_negative_numbers = true
    )]
    pub holdout: f64,
    /// Gradient steps of the fit (1 to 100000).
    #[arg(
        long,
        value_name = "N",
        default_value_t = 300,
        conflicts_with = "quick"
    )]
    pub steps: u32,
    /// L2 penalty on the standardized weights (0 to 1000).
    #[arg(
        long,
        value_name = "X",
        default_value_t = 0.1,
        allow_negative_numbers = true
    )]
    pub ridge: f64,
    /// The features the model reads: `encoding` (the seat's observation
    /// tensor) or `encoding+evaluate` (then the game's evaluation).
    #[arg(long, value_name = "SET", default_value = "encoding+evaluate")]
    pub features: String,
    /// The seed (its help is the command's own, above).
    #[command(flatten)]
    pub seed: crate::flags::SeedArg,
    /// Worker threads (default: all cores). The model does not depend on it.
    #[arg(long, value_name = "T")]
    pub threads: Option<Threads>,
    /// Tiny sizes for tests and CI: 12 games, 20 steps.
    #[arg(long)]
    pub quick: bool,
    /// No progress report.
    #[arg(long)]
    pub quiet: bool,
    /// The model file to write (JSON, written whole or not at all).
    #[arg(long, value_name = "FILE.json")]
    pub out: PathBuf,
}

/// Why `train` refused its options or did not write a model.
#[derive(Debug, thiserror::Error)]
pub enum TrainError {
    /// `--features` names no feature set.
    #[error("--features: unknown feature set `{}` (known: {})", beachcomber::spec::one_line(.0), FeatureSet::NAMES.join(", "))]
    Features(String),
    /// An external engine as the teacher.
    #[error("--teacher: an external engine cannot teach (give a built-in bot)")]
    Engine,
    /// A count or share outside its range.
    #[error("--{0}")]
    Setting(SettingError),
    /// The output cannot be written.
    #[error("--out: {0}")]
    Out(AtomicError),
    /// The self-play or the fit stopped (the pool, Ctrl-C, the positions).
    #[error(transparent)]
    Play(PlayFitError),
}

crate::error::command_error!(TrainError);

/// Run the command.
pub fn run(args: TrainArgs) -> Result<(), CliError> {
    let game = args.choice.build()?;
    let features = FeatureSet::from_name(&args.features)
        .ok_or_else(|| TrainError::Features(args.features.clone()))?;
    let teacher = BotConfig::parse(&args.teacher).map_err(FlagError::of("--teacher"))?;
    if teacher.name() == "engine" {
        return Err(TrainError::Engine.into());
    }
    let (games, steps) = if args.quick {
        (QUICK_GAMES, QUICK_STEPS)
    } else {
        (args.games, args.steps)
    };
    let settings = TrainSettings {
        game: game.canonical_spec(),
        players: args.choice.players,
        teacher: teacher.to_string(),
        games,
        holdout: args.holdout,
        steps,
        ridge: args.ridge,
        features,
        seed: args.seed.get(),
    };
    settings.check().map_err(TrainError::Setting)?;
    check_writable(&args.out).map_err(TrainError::Out)?;
    if !args.quiet {
        eprintln!(
            "{} with {}: {} games of {} (seed {})",
            settings.game,
            crate::help::players_text(settings.players),
            games,
            settings.teacher,
            settings.seed,
        );
    }
    let trained = play_and_fit(
        &settings,
        &teacher,
        args.threads,
        &crate::runs::terminal(args.quiet),
        &signals::CANCEL,
    )
    .map_err(TrainError::Play)?;
    for line in trained.lines(&settings) {
        out!("{line}");
    }
    let model = trained.model;
    write_atomically(&args.out, model.to_json().as_bytes()).map_err(TrainError::Out)?;
    out!(
        "wrote {} (hash xxh3:{})",
        beachcomber::spec::one_line_path(&args.out),
        model.hash()
    );
    Ok(())
}
