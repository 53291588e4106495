//! `expert`: the strongest fair bot — information-set MCTS with three
//! levers that measured best (docs/bots.md, "expert"):
//! - **belief-weighted worlds** ([`crate::belief`]): determinizations
//!   weighted by how well they explain the opponents' holdings;
//! - **evaluated cut-offs**: rollouts stop after a few plies and the world is
//!   scored by the game's evaluation through a logistic;
//! - **the game's rollout policy** ([`Evaluate::rollout_action`]).
//!
//! All are game-agnostic (they use only [`Evaluate`]); how much of each
//! pays was measured per game and player count, and `auto` (the default of
//! `cutoff`, `belief` and `rollout`) picks the measured best for the game
//! at hand at the bot's first decision ([`tuned`]).

use std::fmt;

use beachcomber::bot::Bot;
use beachcomber::game::Evaluate;
use beachcomber::learn::loaded::LoadedModel;
use beachcomber::spec::{Spec, SpecError};

use crate::kind::BotKind;
use crate::mcts::{Enhancements, MctsBot, Mode, Rollout, SearchParams};
use crate::root_parallel::RootParallel;
use crate::search_config::MAX_ITERATIONS;

/// The most search trees accepted (`trees`).
const MAX_TREES: u64 = 64;

/// The words of `rollout`: `auto`, then [`Rollout::NAMES`] in order.
const ROLLOUT_WORDS: [&str; 4] = ["auto", "random", "greedy", "policy"];

/// The words of `leaf`.
const LEAF_WORDS: [&str; 3] = ["evaluate", "score", "learned"];

/// The largest cut-off accepted, in plies.
const MAX_CUTOFF: u64 = 1000;

/// The configuration of `expert`. `None` in `cutoff` or `belief` means
/// `auto`: the tuned value for the game ([`tuned`]).
#[derive(Clone, Debug, PartialEq)]
pub struct ExpertConfig {
    /// Iterations per decision.
    pub iterations: u32,
    /// The UCB exploration constant.
    pub c: f64,
    /// Rollout plies before the evaluation: `Some(None)` plays rollouts to
    /// the end (`cutoff=end`); `None` is `auto`.
    pub cutoff: Option<Option<u32>>,
    /// The evaluation's logistic scale, in score units.
    pub scale: f64,
    /// Belief weighting strength per score unit (0: uniform worlds);
    /// `None` is `auto`.
    pub belief: Option<f64>,
    /// Score cut-off worlds by their current scores (`leaf=score`), not by
    /// each seat's evaluation (`leaf=evaluate`).
    pub leaf_score: bool,
    /// Independent search trees per decision, merged at the root
    /// ([`RootParallel`]; 1: a single tree).
    pub trees: u32,
    /// How rollouts pick actions (`rollout=auto|random|greedy|policy`);
    /// `None` is `auto`.
    pub rollout: Option<Rollout>,
    /// The model valuing cut-off worlds (`leaf=learned,model=...`), in
    /// place of the evaluation; with it, `cutoff=auto` is 0 (the model's
    /// value at the new node, no rollout).
    pub learned: Option<LoadedModel>,
}

impl ExpertConfig {
    /// Default iterations per decision.
    pub const DEFAULT_ITERATIONS: u32 = 2000;
    /// Default exploration constant.
    pub const DEFAULT_C: f64 = 0.7;
    /// Default logistic scale.
    pub const DEFAULT_SCALE: f64 = 2.0;

    /// The bot itself (not boxed), for callers that read its root
    /// statistics ([`crate::seat_bot`]).
    pub fn bot<G: Evaluate>(&self) -> MctsBot<G> {
        let params = SearchParams {
            iterations: self.iterations,
            c: self.c,
            rollout: self.rollout.unwrap_or(Rollout::Random),
            reward: None,
        };
        // A learned leaf is valued where the search leaves the tree unless
        // a cut-off is given.
        let cutoff = match (&self.learned, self.cutoff) {
            (Some(_), None) => Some(Some(0)),
            (_, cutoff) => cutoff,
        };
        let extras = Enhancements {
            cutoff: cutoff.flatten(),
            scale: self.scale,
            score_leaf: self.leaf_score,
            belief: self.belief.unwrap_or(0.0),
        };
        let mut bot = MctsBot::<G>::new(Mode::Ismcts, params).with_enhancements(extras);
        if let Some(model) = &self.learned {
            bot = bot.with_learned_leaf(model.shared());
        }
        if cutoff.is_some() && self.belief.is_some() && self.rollout.is_some() {
            return bot;
        }
        // Only what is `auto` is tuned; given values are kept.
        let (belief, rollout) = (self.belief, self.rollout);
        bot.with_tuning(Box::new(move |game, players, params, extras| {
            let tuned = tuned(game, players);
            if cutoff.is_none() {
                extras.cutoff = tuned.cutoff;
            }
            if belief.is_none() {
                extras.belief = tuned.belief;
            }
            if rollout.is_none() {
                params.rollout = tuned.rollout;
            }
        }))
    }
}

/// The `auto` settings of `expert` for one game and player count.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Tuned {
    /// Rollout plies before the evaluation (`None`: to the end).
    pub cutoff: Option<u32>,
    /// Belief weighting strength per score unit (0: uniform worlds).
    pub belief: f64,
    /// How rollouts pick actions.
    pub rollout: Rollout,
}

/// The tuned settings for a game and player count (the `auto` values;
/// docs/bots.md has the measurements behind them):
/// - Seashells: belief 1 at every player count (opponents collect their
///   cards' shapes and colours); a 6-ply cut-off at 2 players, rollouts to
///   the end at 3-5 (a cut-off lost there: 4-player win share 16-23%
///   against three `ismcts`); random rollouts;
/// - Seaside: the game's rollout policy (`rollout=policy`: a seaside face
///   rather than a Sea face, every Shell, the best Isopods), which beat
///   random rollouts (results/expert-seaside-policy); no cut-off (it
///   lost) and no belief weighting (the evaluation reads only public
///   things, so weighting changes nothing);
/// - Shell Dash: none of them (its rollout policy is random play): plain
///   ISMCTS.
pub fn tuned(game: &str, players: usize) -> Tuned {
    let (cutoff, belief, rollout) = match (game, players) {
        ("seashells", 2) => (Some(6), 1.0, Rollout::Random),
        ("seashells", _) => (None, 1.0, Rollout::Random),
        ("seaside", _) => (None, 0.0, Rollout::Policy),
        _ => (None, 0.0, Rollout::Random),
    };
    Tuned {
        cutoff,
        belief,
        rollout,
    }
}

impl BotKind for ExpertConfig {
    const NAME: &'static str = "expert";

    fn from_spec(spec: &Spec) -> Result<Self, SpecError> {
        spec.check_keys(&[
            "iterations",
            "c",
            "cutoff",
            "scale",
            "belief",
            "leaf",
            "trees",
            "rollout",
            "model",
        ])?;
        let iterations = spec.u64_in(
            "iterations",
            Self::DEFAULT_ITERATIONS as u64,
            1,
            MAX_ITERATIONS,
        )? as u32;
        let cutoff = match spec.get("cutoff") {
            None | Some("auto") => None,
            Some("end") => Some(None),
            Some(v) => match v.parse::<u64>() {
                Ok(n) if n <= MAX_CUTOFF => Some(Some(n as u32)),
                _ => {
                    return Err(SpecError::BadValue {
                        name: Self::NAME.into(),
                        key: "cutoff".into(),
                        value: v.into(),
                        expected: format!("auto, end or an integer from 0 to {MAX_CUTOFF}"),
                    });
                }
            },
        };
        let belief = match spec.get("belief") {
            None | Some("auto") => None,
            Some(_) => Some(
                spec.f64_in("belief", 0.0, 0.0, 100.0)
                    .map_err(|e| match e {
                        SpecError::BadValue {
                            name, key, value, ..
                        } => SpecError::BadValue {
                            name,
                            key,
                            value,
                            expected: "auto or a number from 0 to 100".into(),
                        },
                        e => e,
                    })?,
            ),
        };
        let leaf = spec.choice("leaf", &LEAF_WORDS, 0)?;
        let learned = crate::learned::spec_model(spec)?;
        if (leaf == 2) != learned.is_some() {
            return Err(SpecError::Invalid {
                name: Self::NAME.into(),
                why: "`leaf=learned` and `model` go together: leaf=learned,model=PATH (or \
                      model=NAME) values the cut-off worlds by a learned model"
                    .into(),
            });
        }
        Ok(ExpertConfig {
            iterations,
            c: spec.f64_in("c", Self::DEFAULT_C, 0.0, 100.0)?,
            cutoff,
            scale: spec.f64_in("scale", Self::DEFAULT_SCALE, 0.01, 1000.0)?,
            belief,
            leaf_score: leaf == 1,
            trees: spec.u64_in("trees", 1, 1, MAX_TREES)? as u32,
            rollout: match spec.choice("rollout", &ROLLOUT_WORDS, 0)? {
                0 => None,
                i => Some(Rollout::ALL[i - 1]),
            },
            learned,
        })
    }

    fn write_spec(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "expert(iterations={},c={},", self.iterations, self.c)?;
        match self.cutoff {
            None => f.write_str("cutoff=auto,")?,
            Some(None) => f.write_str("cutoff=end,")?,
            Some(Some(n)) => write!(f, "cutoff={n},")?,
        }
        write!(f, "scale={},", self.scale)?;
        match self.belief {
            None => f.write_str("belief=auto,")?,
            Some(b) => write!(f, "belief={b},")?,
        }
        match &self.learned {
            Some(model) => write!(f, "leaf=learned,model={}", model.label())?,
            None => {
                let leaf = if self.leaf_score { "score" } else { "evaluate" };
                write!(f, "leaf={leaf}")?;
            }
        }
        // Like `reward` of the other searchers, `trees` is spelled out only
        // when it is not its default, 1.
        if self.trees > 1 {
            write!(f, ",trees={}", self.trees)?;
        }
        // So is `rollout`, when it is not `auto` (the default since
        // `auto` took the place of `random`, so that the specs of earlier
        // results keep their meaning wherever `auto` is `random`).
        if let Some(rollout) = self.rollout {
            write!(f, ",rollout={}", rollout.name())?;
        }
        f.write_str(")")
    }

    fn work_per_decision(&self) -> Option<u64> {
        Some(crate::work::expert_work(
            self.iterations,
            self.rollout,
            self.belief,
            self.trees,
        ))
    }

    fn model(&self) -> Option<&LoadedModel> {
        self.learned.as_ref()
    }

    fn build<G: Evaluate>(&self) -> Box<dyn Bot<G>> {
        if self.trees > 1 {
            Box::new(RootParallel::new(self.trees as usize, || self.bot::<G>()))
        } else {
            Box::new(self.bot::<G>())
        }
    }
}

#[cfg(test)]
mod tests {
    use super::{ROLLOUT_WORDS, Rollout};

    #[test]
    fn the_rollout_words_are_auto_then_the_rollouts() {
        assert_eq!(ROLLOUT_WORDS[0], "auto");
        assert_eq!(ROLLOUT_WORDS[1..], Rollout::NAMES);
    }
}
