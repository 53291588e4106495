//! `greedy`: one-step lookahead with the game's evaluation.
//!
//! For each legal action the bot plays it and rates the resulting state
//! with [`Evaluate::evaluate`] from the acting seat's view; it plays the
//! best-rated action, ties broken uniformly at random.
//!
//! The lookahead is made in `worlds` determinizations from the acting
//! seat's view (the values summed over them), never in the true state: an
//! action can reveal hidden things (a token drawn after a sea face in
//! Seaside, the cards a Shell Dash walk flips), and rating the true
//! resulting state would peek at them. Where an action reveals nothing the
//! value is the same in every world, so the sum only scales it.

use beachcomber::bot::Bot;
use beachcomber::game::Evaluate;
use beachcomber::rng::{GameRng, below};

/// The greedy bot (see the module docs).
#[derive(Clone, Debug)]
pub struct GreedyBot {
    worlds: u32,
    /// Summed value per legal action (reused between decisions).
    values: Vec<f64>,
}

impl GreedyBot {
    /// Default number of determinizations per decision.
    pub const DEFAULT_WORLDS: u32 = 8;

    /// A greedy bot averaging over `worlds` determinizations (at least 1).
    pub fn new(worlds: u32) -> Self {
        GreedyBot {
            worlds: worlds.max(1),
            values: Vec::new(),
        }
    }
}

/// `greedy` in the registry: `worlds` (default
/// [`GreedyBot::DEFAULT_WORLDS`], 1 to 10000).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct GreedyConfig {
    /// Determinizations the lookahead is averaged over.
    pub worlds: u32,
}

impl crate::kind::BotKind for GreedyConfig {
    const NAME: &'static str = "greedy";

    fn from_spec(spec: &beachcomber::spec::Spec) -> Result<Self, beachcomber::spec::SpecError> {
        spec.check_keys(&["worlds"])?;
        let worlds = spec.u64_in("worlds", GreedyBot::DEFAULT_WORLDS as u64, 1, 10_000)?;
        Ok(GreedyConfig {
            worlds: worlds as u32,
        })
    }

    fn write_spec(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "greedy(worlds={})", self.worlds)
    }

    fn work_per_decision(&self) -> Option<u64> {
        // One rating of every legal action per world.
        Some(u64::from(self.worlds))
    }

    fn build<G: Evaluate>(&self) -> Box<dyn Bot<G>> {
        Box::new(GreedyBot::new(self.worlds))
    }
}

impl<G: Evaluate> Bot<G> for GreedyBot {
    fn choose(&mut self, game: &G, state: &G::State, rng: &mut GameRng) -> G::Action {
        if self.values.capacity() == 0 {
            // Sized once for the largest legal list (the action universe).
            self.values.reserve(game.all_actions().len());
        }
        lookahead(
            game,
            state,
            self.worlds,
            &mut self.values,
            rng,
            |next, seat| game.evaluate(next, seat),
        )
    }
}

/// The one-step lookahead of `greedy` and `learned`: each legal action
/// played in `worlds` determinizations from the mover's view, each
/// resulting world rated by `rate(world, mover)`, the ratings summed per
/// action into `values` (reused: sized for the action universe, so
/// nothing allocates); the best sum ([`best_index`]). A single legal
/// action is played without rating.
pub(crate) fn lookahead<G: Evaluate>(
    game: &G,
    state: &G::State,
    worlds: u32,
    values: &mut Vec<f64>,
    rng: &mut GameRng,
    mut rate: impl FnMut(&G::State, beachcomber::game::Seat) -> f64,
) -> G::Action {
    let legal = game.legal_actions(state);
    if legal.len() == 1 {
        return legal[0];
    }
    let seat = game.to_move(state).expect("choose on a finished game");
    values.clear();
    values.resize(legal.len(), 0.0);
    for _ in 0..worlds {
        // A determinization keeps the legal actions of the seat to move.
        let world = game.determinize(state, seat, rng);
        for (value, &action) in values.iter_mut().zip(legal.iter()) {
            let mut next = world.clone();
            game.play_unchecked(&mut next, action);
            *value += rate(&next, seat);
        }
    }
    legal[best_index(values, rng)]
}

/// The index of the largest of `values` (not empty), ties broken uniformly
/// at random (one draw from `rng` per tie met): the lookahead bots' pick.
pub(crate) fn best_index(values: &[f64], rng: &mut GameRng) -> usize {
    let mut best = 0;
    let mut ties = 0u32;
    for (i, &value) in values.iter().enumerate() {
        if i == 0 || value > values[best] {
            best = i;
            ties = 1;
        } else if value == values[best] {
            ties += 1;
            if below(rng, ties) == 0 {
                best = i;
            }
        }
    }
    best
}
