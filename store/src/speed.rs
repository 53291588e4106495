//! A bot's speed: decisions per second on one thread ([`bot_speed`]), what
//! `bench --bots` prints and an experiment's league writes as `speed.csv`
//! ([`SPEED_HEADER`], [`speed_row`]).

use std::sync::atomic::AtomicBool;
use std::time::Instant;

use beachcomber::Game;
use beachcomber::bot::{Bot, BotFailure};
use beachcomber::games::{AnyGame, GameKind};
use beachcomber::runner::{GameStop, WantRecord, play_game_checked};
use beachcomber::tournament::{Count, RunSpec, RunSpecError, rows};
use beachcomber::with_game;
use beachcomber_bots::{BotConfig, CompiledBots};

use crate::engines::Engines;

/// A bot's measured speed.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Speed {
    /// Games played.
    pub games: u64,
    /// Decisions made in them (every seat's).
    pub decisions: u64,
    /// Seconds they took on the one measuring thread (wall clock).
    pub seconds: f64,
}

impl Speed {
    /// Decisions per second.
    pub fn per_second(&self) -> f64 {
        self.decisions as f64 / self.seconds.max(1e-9)
    }
}

/// The header of `speed.csv` (with its newline).
pub const SPEED_HEADER: &str =
    "game_spec,players,bot,games,decisions,seconds,decisions_per_second\n";

/// A row of `speed.csv` (with its newline).
pub fn speed_row(game_spec: &str, players: usize, bot: &str, speed: &Speed) -> String {
    format!(
        "{},{players},{},{},{},{:.9},{:.1}\n",
        rows::field(game_spec),
        rows::field(bot),
        speed.games,
        speed.decisions,
        speed.seconds,
        speed.per_second()
    )
}

/// The speed of `bot` at `game`: `games` games with the bot in every seat
/// (fresh bots per game; game `i` has the seed of game `i` of the
/// tournament of that lineup with `seed`), played one after the other on
/// the calling thread, counting every decision and timing the whole. It
/// stops before the next decision when `cancel` is set (Ctrl-C).
pub fn bot_speed(
    game: &AnyGame,
    bot: &BotConfig,
    games: u64,
    seed: u64,
    engines: &Engines,
    cancel: &AtomicBool,
) -> Result<Speed, BenchError> {
    let name = bot.to_string();
    let spec = RunSpec::new(
        &game.canonical_spec(),
        with_game!(game, |g| g.players()),
        std::slice::from_ref(&name),
        Count::Games(games),
        seed,
        true,
    )
    .map_err(|error| BenchError::Run {
        name: name.clone(),
        error,
    })?;
    with_game!(game, |g| time_games(g, bot, &spec, engines, cancel)).map_err(|e| match e {
        GameStop::Cancelled => BenchError::Interrupted { name },
        GameStop::Bot(failure) => BenchError::Bot {
            name,
            failure: Box::new(failure),
        },
    })
}

/// Why a bot's speed could not be measured.
#[derive(Debug, thiserror::Error)]
pub enum BenchError {
    /// The bot's run is not a valid one.
    #[error("{name}: {error}")]
    Run {
        /// The bot's spec.
        name: String,
        /// Why.
        error: RunSpecError,
    },
    /// A signal stopped it.
    #[error("interrupted: the speed measurement of `{name}` was stopped")]
    Interrupted {
        /// The bot's spec.
        name: String,
    },
    /// The bot failed.
    #[error("the speed measurement of `{name}`: {failure}")]
    Bot {
        /// The bot's spec.
        name: String,
        /// What failed.
        failure: Box<BotFailure>,
    },
}

fn time_games<G: GameKind + CompiledBots>(
    game: &G,
    bot: &BotConfig,
    spec: &RunSpec,
    engines: &Engines,
    cancel: &AtomicBool,
) -> Result<Speed, GameStop> {
    let specs = vec![spec.lineup()[0].clone(); spec.players];
    let mut decisions = 0u64;
    let start = Instant::now();
    for i in 0..spec.games() {
        let mut bots: Vec<Box<dyn Bot<G>>> =
            (0..spec.players).map(|_| engines.build(bot)).collect();
        let report = play_game_checked(
            game,
            &mut bots,
            &specs,
            i,
            spec.game_seed(i),
            WantRecord::No,
            cancel,
        )?;
        decisions += u64::from(report.plies);
    }
    Ok(Speed {
        games: spec.games(),
        decisions,
        seconds: start.elapsed().as_secs_f64(),
    })
}

/// A player count as the lines say it: `1 player (solo)`, `N players`.
pub fn players_text(players: usize) -> String {
    if players == 1 {
        "1 player (solo)".to_string()
    } else {
        format!("{players} players")
    }
}
