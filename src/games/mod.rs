//! The games, and [`AnyGame`]: a game chosen at run time from a spec string
//! or a record. Each game lives in its own module and implements
//! [`crate::game::Game`], [`crate::game::Evaluate`] and
//! [`crate::record::RecordFormat`]; code generic over games is instantiated
//! for each through [`with_game!`](crate::with_game).

pub mod seaside;

use crate::record::{GameRecord, RecordError, RecordFormat};
use crate::spec::{Spec, SpecError};
use crate::testing::toy::Pebbles;

/// The games a user can name, in the order listed in help texts.
pub const GAME_NAMES: &[&str] = &[];

/// A game configuration chosen at run time.
#[derive(Clone, Debug)]
pub enum AnyGame {
    /// The toy game of [`crate::testing::toy`] (for tests; not listed).
    Pebbles(Pebbles),
}

impl AnyGame {
    /// Build a game from a spec string such as `seashells(mode=stroll)` and a
    /// player count.
    pub fn from_spec(text: &str, players: usize) -> Result<AnyGame, SpecError> {
        let spec: Spec = text.parse()?;
        match spec.name.as_str() {
            "pebbles" => {
                spec.check_keys(&[])?;
                if !(2..=5).contains(&players) {
                    return Err(SpecError::Invalid {
                        name: spec.name.clone(),
                        why: format!("pebbles takes 2 to 5 players, not {players}"),
                    });
                }
                Ok(AnyGame::Pebbles(Pebbles { players }))
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
        match record.game.as_str() {
            "pebbles" => Ok(AnyGame::Pebbles(Pebbles::from_record_options(
                record.players,
                &record.options,
            )?)),
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
            $crate::games::AnyGame::Pebbles($g) => $body,
        }
    };
}
