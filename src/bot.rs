//! The one trait every bot implements.
//!
//! A bot is handed the true state of the game, the way a referee would hold
//! it; a fair bot must act only on what its seat can see (through
//! [`Game::observation`]-preserving [`Game::determinize`]), and the bots
//! crate's leak tests check that. A cheating bot must say so in its name.

use crate::game::Game;
use crate::rng::GameRng;

/// A strategy that picks an action for the seat to move.
pub trait Bot<G: Game>: Send {
    /// The action to play in `state` for the seat to move.
    ///
    /// `rng` is seeded by the runner from (game seed, ply), so a decision is
    /// reproducible whatever ran before it or on which thread.
    fn choose(&mut self, game: &G, state: &G::State, rng: &mut GameRng) -> G::Action;
}
