//! `random`: uniform over the legal actions.

use beachcomber::bot::Bot;
use beachcomber::{Game, GameRng};

/// Plays a uniformly random legal action.
#[derive(Clone, Copy, Debug, Default)]
pub struct RandomBot;

impl<G: Game> Bot<G> for RandomBot {
    fn choose(&mut self, game: &G, state: &G::State, rng: &mut GameRng) -> G::Action {
        game.random_action(state, rng)
    }
}

/// `random` in the registry: no options.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct RandomConfig;

impl crate::kind::BotKind for RandomConfig {
    const NAME: &'static str = "random";

    fn from_spec(spec: &beachcomber::spec::Spec) -> Result<Self, beachcomber::spec::SpecError> {
        spec.check_keys(&[])?;
        Ok(RandomConfig)
    }

    fn write_spec(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(Self::NAME)
    }

    fn work_per_decision(&self) -> Option<u64> {
        Some(1)
    }

    fn build<G: beachcomber::game::Evaluate>(&self) -> Box<dyn Bot<G>> {
        Box::new(RandomBot)
    }
}
