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
