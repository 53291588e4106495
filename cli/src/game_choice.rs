//! The `--game` and `--players` options every command shares.

use std::path::PathBuf;

use beachcomber::games::AnyGame;
use beachcomber::spec::Spec;
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
    /// The game configuration, or a one-line `--game: ...` error.
    pub fn build(&self) -> Result<AnyGame, String> {
        AnyGame::from_spec(&self.game, self.players).map_err(|e| format!("--game: {e}"))
    }

    /// The input files the game spec names ([`spec_inputs`]).
    pub fn inputs(&self) -> Vec<(String, PathBuf)> {
        spec_inputs(&self.game)
    }
}

/// The input files a game spec names (a Seaside `tokens=` manifest), which
/// no output may overwrite.
pub fn spec_inputs(game: &str) -> Vec<(String, PathBuf)> {
    let Ok(spec) = game.parse::<Spec>() else {
        return Vec::new();
    };
    spec.get("tokens")
        .map(|path| {
            (
                format!("token manifest given to --game ({}(tokens=...))", spec.name),
                PathBuf::from(path),
            )
        })
        .into_iter()
        .collect()
}
