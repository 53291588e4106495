//! Belief-weighted determinization: worlds weighted by how well they explain
//! the opponents' play so far.
//!
//! Plain ISMCTS samples every world uniformly among those consistent with
//! what the searcher sees. But opponents act on their hidden information:
//! in Seashells a player collects the shapes and colours of their secret
//! cards, so after a few turns some deals of the unseen cards are much more
//! likely than others. The game's history is not part of the state, so the
//! likelihood of a world is approximated from the state itself: a world is
//! weighted by `exp(beta * sum over opponents of Evaluate::evaluate(world,
//! opponent))` — worlds where the opponents' holdings are worth more *to
//! them* (with their hidden information as dealt in that world) are the
//! worlds where their past choices made more sense. This is a cheap policy
//! model (opponents that play towards their own evaluation) in place of
//! replaying their decisions.
//!
//! At each decision a pool of [`POOL`] worlds is dealt and weighted; every
//! iteration then plays in a world drawn from the pool by weight. When every
//! world has the same weight (nothing the opponents did depends on the
//! hidden information, as in Seaside, where each seat's evaluation reads
//! only public things), the pool is not used and every iteration deals a
//! fresh world, exactly as plain ISMCTS does, so that hidden chance still to
//! come (a bag's order) is re-dealt every iteration.
//!
//! Fairness: the pool is dealt with [`Game::determinize`] from the
//! searcher's view and weighted by evaluations of those dealt worlds, so it
//! depends only on what the searcher sees and the rng (the leak test checks
//! it).

use beachcomber::game::{Evaluate, Seat};
use beachcomber::rng::{GameRng, below};

/// Worlds dealt and weighted per decision.
pub const POOL: usize = 256;

/// The pool of weighted worlds (its vectors are sized once and reused, so a
/// decision allocates nothing).
#[derive(Debug)]
pub struct Belief<S> {
    worlds: Vec<S>,
    /// Cumulative weights of `worlds`.
    cumulative: Vec<f64>,
}

impl<S: Clone> Belief<S> {
    /// An empty pool with room for [`POOL`] worlds.
    pub fn new() -> Self {
        Belief {
            worlds: Vec::with_capacity(POOL),
            cumulative: Vec::with_capacity(POOL),
        }
    }

    /// Deal and weight a fresh pool for `seat`'s decision in `state` with
    /// strength `beta` (per score unit of the opponents' evaluations).
    /// Returns whether the weights differ (else the pool adds nothing to
    /// fresh worlds, and the caller should deal those).
    pub fn refill<G>(
        &mut self,
        game: &G,
        state: &G::State,
        seat: Seat,
        beta: f64,
        rng: &mut GameRng,
    ) -> bool
    where
        G: Evaluate<State = S>,
    {
        self.worlds.clear();
        self.cumulative.clear();
        let (mut low, mut high) = (f64::INFINITY, f64::NEG_INFINITY);
        for _ in 0..POOL {
            let world = game.determinize(state, seat, rng);
            let log_weight: f64 = (0..game.players())
                .filter(|&p| p != seat)
                .map(|p| beta * game.evaluate(&world, p))
                .sum();
            low = low.min(log_weight);
            high = high.max(log_weight);
            self.worlds.push(world);
            self.cumulative.push(log_weight);
        }
        let mut total = 0.0;
        for w in self.cumulative.iter_mut() {
            total += (*w - high).exp();
            *w = total;
        }
        high - low >= 1e-9
    }

    /// A world of the pool drawn by weight.
    pub fn sample(&self, rng: &mut GameRng) -> &S {
        let total = *self.cumulative.last().expect("a filled pool");
        let u = (below(rng, 1 << 24) as f64 + 0.5) / (1u32 << 24) as f64 * total;
        let i = self.cumulative.partition_point(|&c| c < u);
        &self.worlds[i.min(self.worlds.len() - 1)]
    }
}

impl<S: Clone> Default for Belief<S> {
    fn default() -> Self {
        Self::new()
    }
}
