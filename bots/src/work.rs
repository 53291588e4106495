//! The work of one decision: an upper bound of the playouts a bot's
//! decision costs, so that a server can cap what a spec may ask for
//! ([`crate::BotConfig::work_per_decision`]).
//!
//! The unit is one random playout (a rollout of `rollout=random` or
//! `rollout=policy`, or one rating of every legal action). What multiplies
//! it:
//! - `iterations` (one rollout each; `pimc` splits them between its
//!   worlds, so its `worlds` add nothing);
//! - `rollout=greedy`: every ply rates every legal action, counted as
//!   [`GREEDY_ROLLOUT_COST`] playouts;
//! - `expert`'s `trees` (each tree spends the whole budget) and its belief
//!   pool ([`crate::belief::POOL`] worlds dealt and rated per decision,
//!   unless `belief=0`);
//! - `greedy`'s `worlds` (one rating of the legal actions each).

use crate::belief::POOL;
use crate::mcts::Rollout;

/// Playouts one `rollout=greedy` rollout is counted as: it rates every
/// legal action at every ply where a random rollout plays one, and the
/// games' largest action list is Seashells' board (64 squares, with or
/// without a bottle: 128).
pub const GREEDY_ROLLOUT_COST: u64 = 128;

/// Playouts one rollout of `rollout` is counted as.
pub fn rollout_cost(rollout: Rollout) -> u64 {
    match rollout {
        Rollout::Random | Rollout::Policy => 1,
        Rollout::Greedy => GREEDY_ROLLOUT_COST,
    }
}

/// The work of `iterations` rollouts of `rollout`.
pub fn search_work(iterations: u32, rollout: Rollout) -> u64 {
    u64::from(iterations).saturating_mul(rollout_cost(rollout))
}

/// The work of one decision of `expert`: per tree, its iterations' rollouts
/// (`None`, `auto`, never picks greedy ones) plus the belief pool when
/// belief weighting may be on (`auto` or above 0).
pub fn expert_work(
    iterations: u32,
    rollout: Option<Rollout>,
    belief: Option<f64>,
    trees: u32,
) -> u64 {
    let pool = if belief == Some(0.0) { 0 } else { POOL as u64 };
    let per_tree = search_work(iterations, rollout.unwrap_or(Rollout::Random)).saturating_add(pool);
    per_tree.saturating_mul(u64::from(trees))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::expert::tuned;

    /// `auto` rollouts are never greedy, so counting them as random is an
    /// upper bound in every game.
    #[test]
    fn auto_rollouts_are_never_greedy() {
        for game in ["seashells", "seaside", "shell-dash", "other"] {
            for players in 1..=5 {
                assert_ne!(
                    tuned(game, players).rollout,
                    Rollout::Greedy,
                    "{game} {players}"
                );
            }
        }
    }

    #[test]
    fn counts() {
        assert_eq!(search_work(2000, Rollout::Random), 2000);
        assert_eq!(search_work(2000, Rollout::Policy), 2000);
        assert_eq!(search_work(2000, Rollout::Greedy), 256_000);
        assert_eq!(
            search_work(u32::MAX, Rollout::Greedy),
            u64::from(u32::MAX) * 128
        );
        assert_eq!(expert_work(2000, None, None, 1), 2256);
        assert_eq!(expert_work(2000, None, Some(0.0), 1), 2000);
        assert_eq!(
            expert_work(2000, Some(Rollout::Greedy), Some(1.0), 4),
            4 * (256_000 + 256)
        );
    }
}
