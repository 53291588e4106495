//! `engine(name=NAME)` in the bot registry: a declared external engine,
//! named in a spec. The caller builds the bot from its
//! [`EnginePool`](crate::external::EnginePool); built alone it fails at its
//! first decision. It is its own module, below both the registry and
//! `external/` (which checks engine names against the registry's).

use std::fmt;

use beachcomber::bot::{Bot, BotError};
use beachcomber::game::Evaluate;
use beachcomber::spec::{Spec, SpecError};

use crate::kind::BotKind;

/// `engine(name=NAME)`: the engine declared as `--engine NAME=COMMAND`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EngineConfig {
    /// The declared engine's name.
    pub name: String,
}

impl BotKind for EngineConfig {
    const NAME: &'static str = "engine";

    fn from_spec(spec: &Spec) -> Result<Self, SpecError> {
        spec.check_keys(&["name"])?;
        match spec.get("name") {
            Some(name) if !name.is_empty() => Ok(EngineConfig {
                name: name.to_string(),
            }),
            _ => Err(SpecError::Invalid {
                name: "engine".into(),
                why: "`engine` needs `name=NAME`, the name given to --engine NAME=COMMAND".into(),
            }),
        }
    }

    fn write_spec(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "engine(name={})", self.name)
    }

    fn work_per_decision(&self) -> Option<u64> {
        // The engine's own search: not the library's to bound.
        None
    }

    fn build<G: Evaluate>(&self) -> Box<dyn Bot<G>> {
        Box::new(Undeclared(self.name.clone()))
    }
}

/// The bot [`EngineConfig::build`] makes for an engine it cannot reach: it
/// fails at its first decision with a clear error.
struct Undeclared(String);

impl<G: beachcomber::Game> Bot<G> for Undeclared {
    fn choose(&mut self, game: &G, state: &G::State, _rng: &mut beachcomber::GameRng) -> G::Action {
        game.legal_actions(state)[0]
    }

    fn try_choose(
        &mut self,
        _game: &G,
        _state: &G::State,
        _rng: &mut beachcomber::GameRng,
    ) -> Result<G::Action, BotError> {
        Err(BotError::Start(format!(
            "engine `{}` is not declared (--engine {}=COMMAND)",
            self.0, self.0
        )))
    }
}
