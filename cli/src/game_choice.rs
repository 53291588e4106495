//! The `--game` and `--players` options every command shares.

use std::path::PathBuf;

use beachcomber::games::AnyGame;
use beachcomber::spec::SpecError;
use beachcomber::spec_files::resolve_spec_files;
use clap::Args;

/// Which game, with how many players (flattened into each command).
#[derive(Args, Clone, Debug)]
pub struct GameChoice {
    /// Game spec: NAME or NAME(key=value,...); `--help` lists the games.
    #[arg(long, value_name = "SPEC", long_help = crate::help::game_help())]
    pub game: String,
    /// Number of players (seats at the table).
    #[arg(long, value_name = "N", long_help = crate::help::players_help())]
    pub players: usize,
}

impl GameChoice {
    /// The game configuration, or a one-line `--game: ...` error (the
    /// files the spec names read first, [`resolve`]).
    pub fn build(&self) -> Result<AnyGame, GameChoiceError> {
        AnyGame::from_spec(&self.resolved()?, self.players).map_err(|error| GameChoiceError {
            option: "--game".to_string(),
            error: Box::new(error),
        })
    }

    /// The game spec with the files it names read inline ([`resolve`]).
    pub fn resolved(&self) -> Result<String, GameChoiceError> {
        resolve("--game", &self.game)
    }

    /// The input files the game spec names ([`spec_inputs`]).
    pub fn inputs(&self) -> Vec<(String, PathBuf)> {
        spec_inputs(&self.game)
    }
}

/// A game spec from the user with the files it names read inline
/// ([`resolve_spec_files`]: a regular file, opened without blocking,
/// size-capped), or a one-line `OPTION: ...` error. Every game spec a user
/// gives goes through it before [`AnyGame::from_spec`], which does no IO.
pub fn resolve(option: &str, game: &str) -> Result<String, GameChoiceError> {
    resolve_spec_files(game).map_err(|error| GameChoiceError {
        option: option.to_string(),
        error: Box::new(error),
    })
}

/// A game spec that does not parse, names a file that cannot be read, or
/// does not build: `OPTION: ...`.
#[derive(Debug, thiserror::Error)]
#[error("{option}: {error}")]
pub struct GameChoiceError {
    /// The option that gave the spec (`--game`, or a key of an experiment
    /// file).
    pub option: String,
    /// What is wrong with it.
    pub error: Box<SpecError>,
}

pub use beachcomber_store::spec_inputs::spec_inputs;
