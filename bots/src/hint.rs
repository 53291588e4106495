//! Hints for a person at play: an `ismcts` search from the seat to move,
//! which sees only what that seat may see (every iteration plays in a
//! determinization from its view), and its top actions with their share of
//! the search and estimated value. Shared by the terminal `play` and the
//! web app.

use beachcomber::GameRng;
use beachcomber::game::Evaluate;

use crate::mcts::{MctsBot, Mode, Reward, SearchParams};

/// One action of a hint, best first.
#[derive(Clone, Debug, PartialEq)]
pub struct HintLine<A> {
    /// The action.
    pub action: A,
    /// Its number in the legal actions' list, from 1.
    pub number: usize,
    /// The share of the search's iterations that chose it (0 to 1).
    pub share: f64,
    /// The mean reward of those iterations (`None` if none chose it): a win
    /// chance with [`Reward::Win`], a value from 0 (worst) to 1 (best) with
    /// [`Reward::Margin`].
    pub value: Option<f64>,
}

/// A hint: the search's settings and its top actions.
#[derive(Clone, Debug, PartialEq)]
pub struct Hint<A> {
    /// Iterations searched.
    pub iterations: u32,
    /// What [`HintLine::value`] means.
    pub reward: Reward,
    /// The top actions, most searched first.
    pub lines: Vec<HintLine<A>>,
}

/// Search `state` (not over) with `iterations` ismcts iterations from the
/// seat to move and give its `top` actions, most searched first (ties: the
/// higher total reward, then the lower action). `rng` should be a stream of
/// its own, so that asking for a hint changes no bot's decision.
pub fn hint<G: Evaluate>(
    game: &G,
    state: &G::State,
    iterations: u32,
    top: usize,
    rng: &mut GameRng,
) -> Hint<G::Action> {
    let params = SearchParams {
        iterations,
        ..SearchParams::default()
    };
    let reward = params.reward_for(game.players());
    let mut bot = MctsBot::<G>::new(Mode::Ismcts, params);
    bot.search(game, state, rng);
    let legal = game.legal_actions(state);
    let mut stats = bot.root_stats().to_vec();
    let total = stats.iter().map(|s| s.visits).sum::<u64>().max(1);
    stats.sort_by(|a, b| {
        b.visits
            .cmp(&a.visits)
            .then(b.reward.total_cmp(&a.reward))
            .then(a.action.cmp(&b.action))
    });
    let lines = stats
        .iter()
        .take(top)
        .map(|s| HintLine {
            action: s.action,
            number: legal
                .iter()
                .position(|&a| a == s.action)
                .map_or(0, |i| i + 1),
            share: s.visits as f64 / total as f64,
            value: (s.visits > 0).then(|| s.reward / s.visits as f64),
        })
        .collect();
    Hint {
        iterations,
        reward,
        lines,
    }
}

/// An average reward in words: `estimated win chance 55%`, or for a margin
/// reward `estimated value 0.62 (0 worst, 1 best)`.
pub fn estimate_text(mean: f64, reward: Reward) -> String {
    match reward {
        Reward::Win => format!("estimated win chance {:.0}%", 100.0 * mean),
        Reward::Margin => format!("estimated value {:.2} (0 worst, 1 best)", mean),
    }
}
