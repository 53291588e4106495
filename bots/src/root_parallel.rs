//! Root-parallel search: several independent search trees for one decision,
//! run on the threads available, their root statistics merged.
//!
//! Reproducible by construction: the number of trees is an option of the
//! bot (never the thread count); tree `t` searches with its own generator
//! seeded from [`derive`]`(seed, t)`, where `seed` is drawn once from the
//! decision's `rng`; the trees' root visits and rewards are summed in tree
//! order and the most visited action wins (ties: the higher total reward,
//! then the first in action order), so a decision is the same whatever the
//! number of threads that ran the trees. Each tree spends the bot's whole
//! iteration budget: `trees=4` is four times the search of one, for
//! analysis and `play` on a machine with cores to spare.
//!
//! Each tree is an [`MctsBot`] with its own arena, so the trees' iterations
//! allocate nothing; handing them to rayon's threads may allocate a little
//! (1-2 allocations over a game of 57-59 decisions, measured by the
//! allocation test's counter), so unlike the single-tree bots this one is
//! not checked to allocate nothing per decision.

use beachcomber::bot::Bot;
use beachcomber::game::Evaluate;
use beachcomber::rng::{GameRng, below, derive, rng_from_seed};
use rayon::prelude::*;

use crate::mcts::{MctsBot, RootStat, best_root_action};

/// A root-parallel search over copies of one MCTS bot.
pub struct RootParallel<G: Evaluate> {
    trees: Vec<MctsBot<G>>,
    /// The merged root statistics of the last decision, in action order.
    root: Vec<RootStat<G::Action>>,
}

impl<G: Evaluate> RootParallel<G> {
    /// `trees` independent copies of `make()`'s bot (at least one).
    pub fn new(trees: usize, make: impl Fn() -> MctsBot<G>) -> Self {
        RootParallel {
            trees: (0..trees.max(1)).map(|_| make()).collect(),
            root: Vec::new(),
        }
    }

    /// The merged root statistics of the last search (empty when the last
    /// decision was forced).
    pub fn root_stats(&self) -> &[RootStat<G::Action>] {
        &self.root
    }

    /// Search with every tree and return the most visited action of the
    /// merged statistics. `state` must not be finished.
    pub fn search(&mut self, game: &G, state: &G::State, rng: &mut GameRng) -> G::Action {
        let seed = u64::from(below(rng, u32::MAX)) << 32 | u64::from(below(rng, u32::MAX));
        self.trees.par_iter_mut().enumerate().for_each(|(t, bot)| {
            let mut tree_rng = rng_from_seed(derive(seed, t as u64));
            bot.search(game, state, &mut tree_rng);
        });
        self.root.clear();
        self.root.extend_from_slice(self.trees[0].root_stats());
        for bot in &self.trees[1..] {
            for (merged, stat) in self.root.iter_mut().zip(bot.root_stats()) {
                debug_assert!(merged.action == stat.action);
                merged.visits += stat.visits;
                merged.reward += stat.reward;
            }
        }
        best_root_action(&self.root).unwrap_or_else(|| game.legal_actions(state)[0])
    }
}

impl<G: Evaluate> Bot<G> for RootParallel<G> {
    fn choose(&mut self, game: &G, state: &G::State, rng: &mut GameRng) -> G::Action {
        let legal = game.legal_actions(state);
        if legal.len() == 1 {
            self.root.clear();
            return legal[0];
        }
        if self.root.capacity() == 0 {
            self.root.reserve(game.all_actions().len());
        }
        self.search(game, state, rng)
    }
}
