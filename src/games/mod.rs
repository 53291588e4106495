//! The games, and [`AnyGame`]: a game chosen at run time from a spec string
//! or a record. Each game lives in its own module and implements
//! [`crate::game::Game`], [`crate::game::Evaluate`] and
//! [`crate::record::RecordFormat`]; code generic over games is instantiated
//! for each through [`with_game!`](crate::with_game).

pub mod seashells;
pub mod seaside;
pub mod shell_dash;

use crate::record::{GameRecord, RecordError, RecordFormat};
use crate::spec::{Spec, SpecError};

/// The games a user can name, in the order listed in help texts.
pub const GAME_NAMES: &[&str] = &["seashells", "seaside", "shell-dash"];

/// A game configuration chosen at run time.
#[derive(Clone, Debug)]
pub enum AnyGame {
    /// Seashells (2-5 players).
    Seashells(seashells::Seashells),
    /// Seaside (1-5 players).
    Seaside(seaside::Seaside),
    /// Shell Dash (1-2 players).
    ShellDash(shell_dash::ShellDash),
}

impl AnyGame {
    /// Build a game from a spec string such as `seashells(mode=stroll)` and a
    /// player count.
    pub fn from_spec(text: &str, players: usize) -> Result<AnyGame, SpecError> {
        let spec: Spec = text.parse()?;
        match spec.name.as_str() {
            "seashells" => seashells::Seashells::from_spec(&spec, players).map(AnyGame::Seashells),
            "seaside" => seaside::Seaside::from_spec(&spec, players).map(AnyGame::Seaside),
            "shell-dash" => {
                shell_dash::ShellDash::from_spec(&spec, players).map(AnyGame::ShellDash)
            }
            _ => Err(SpecError::UnknownName {
                kind: "game",
                name: spec.name.clone(),
                allowed: GAME_NAMES.iter().map(|s| s.to_string()).collect(),
            }),
        }
    }

    /// The game configuration a record was played with.
    pub fn from_record(record: &GameRecord) -> Result<AnyGame, RecordError> {
        let (players, options) = (record.players, &record.options);
        match record.game.as_str() {
            "seashells" => {
                seashells::Seashells::from_record_options(players, options).map(AnyGame::Seashells)
            }
            "seaside" => {
                seaside::Seaside::from_record_options(players, options).map(AnyGame::Seaside)
            }
            "shell-dash" => {
                shell_dash::ShellDash::from_record_options(players, options).map(AnyGame::ShellDash)
            }
            other => Err(RecordError::field(
                "game",
                format!("unknown game `{other}` (known: {})", GAME_NAMES.join(", ")),
            )),
        }
    }
}

/// Run `$body` with `$g` bound to the concrete game inside an [`AnyGame`],
/// so that generic code is instantiated for every game.
#[macro_export]
macro_rules! with_game {
    ($any:expr, |$g:ident| $body:expr) => {
        match $any {
            $crate::games::AnyGame::Seashells($g) => $body,
            $crate::games::AnyGame::Seaside($g) => $body,
            $crate::games::AnyGame::ShellDash($g) => $body,
        }
    };
}
