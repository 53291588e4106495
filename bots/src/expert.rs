//! `expert`: the strongest fair bot — information-set MCTS with two levers
//! that measured best (docs/bots.md, "expert"):
//! - **belief-weighted worlds** ([`crate::belief`]): determinizations
//!   weighted by how well they explain the opponents' holdings;
//! - **evaluated cut-offs**: rollouts stop after a few plies and the world is
//!   scored by the game's evaluation through a logistic.
//!
//! Both are game-agnostic (they use only [`Evaluate`]); how much of each
//! pays was measured per game and player count, and `auto` (the default of
//! `cutoff` and `belief`) picks the measured best for the game at hand at
//! the bot's first decision ([`tuned`]).

use std::fmt;

use beachcomber::bot::Bot;
use beachcomber::game::Evaluate;
use beachcomber::spec::{Spec, SpecError};

use crate::kind::BotKind;
use crate::mcts::{Enhancements, MctsBot, Mode, Rollout, SearchParams};
use crate::root_parallel::RootParallel;
use crate::search_config::MAX_ITERATIONS;

/// The most search trees accepted (`trees`).
const MAX_TREES: u64 = 64;

/// The largest cut-off accepted, in plies.
const MAX_CUTOFF: u64 = 1000;

/// The configuration of `expert`. `None` in `cutoff` or `belief` means
/// `auto`: the tuned value for the game ([`tuned`]).
#[derive(Clone, Copy, Debug, PartialEq)]
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
    /// How rollouts pick actions (`rollout=random|greedy|policy`, default
    /// random).
    pub rollout: Rollout,
}

impl ExpertConfig {
    /// Default iterations per decision.
    pub const DEFAULT_ITERATIONS: u32 = 2000;
    /// Default exploration constant.
    pub const DEFAULT_C: f64 = 0.7;
    /// Default logistic scale.
    pub const DEFAULT_SCALE: f64 = 2.0;

    /// The bot itself (not boxed), for callers that read its root
    /// statistics (`play`'s explanations).
    pub fn bot<G: Evaluate>(&self) -> MctsBot<G> {
        let params = SearchParams {
            iterations: self.iterations,
            c: self.c,
            rollout: self.rollout,
            reward: None,
        };
        let extras = Enhancements {
            cutoff: self.cutoff.flatten(),
            scale: self.scale,
            score_leaf: self.leaf_score,
            belief: self.belief.unwrap_or(0.0),
        };
        let bot = MctsBot::<G>::new(Mode::Ismcts, params).with_enhancements(extras);
        match (self.cutoff, self.belief) {
            (Some(_), Some(_)) => bot,
            (None, Some(_)) => bot.with_tuning(tune_cutoff),
            (Some(_), None) => bot.with_tuning(tune_belief),
            (None, None) => bot.with_tuning(tune_both),
        }
    }
}

/// The tuned `(cutoff, belief)` for a game and player count (the `auto`
/// values; docs/bots.md has the measurements behind them):
/// - Seashells: belief 1 at every player count (opponents collect their
///   cards' shapes and colours); a 6-ply cut-off at 2 players, rollouts to
///   the end at 3-5 (a cut-off lost there: 4-player win share 16-23%
///   against three `ismcts`);
/// - Seaside and Shell Dash: neither (a cut-off lost in Seaside; there the
///   evaluation reads only public things, so belief weighting changes
///   nothing): plain ISMCTS.
pub fn tuned(game: &str, players: usize) -> (Option<u32>, f64) {
    match (game, players) {
        ("seashells", 2) => (Some(6), 1.0),
        ("seashells", _) => (None, 1.0),
        _ => (None, 0.0),
    }
}

/// [`crate::mcts::Tuning`] for `cutoff=auto`.
fn tune_cutoff(game: &str, players: usize, extras: &mut Enhancements) {
    extras.cutoff = tuned(game, players).0;
}

/// [`crate::mcts::Tuning`] for `belief=auto`.
fn tune_belief(game: &str, players: usize, extras: &mut Enhancements) {
    extras.belief = tuned(game, players).1;
}

/// [`crate::mcts::Tuning`] for `cutoff=auto` and `belief=auto`.
fn tune_both(game: &str, players: usize, extras: &mut Enhancements) {
    tune_cutoff(game, players, extras);
    tune_belief(game, players, extras);
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
        Ok(ExpertConfig {
            iterations,
            c: spec.f64_in("c", Self::DEFAULT_C, 0.0, 100.0)?,
            cutoff,
            scale: spec.f64_in("scale", Self::DEFAULT_SCALE, 0.01, 1000.0)?,
            belief,
            leaf_score: spec.choice("leaf", &["evaluate", "score"], 0)? == 1,
            trees: spec.u64_in("trees", 1, 1, MAX_TREES)? as u32,
            rollout: Rollout::ALL[spec.choice("rollout", &Rollout::NAMES, 0)?],
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
        let leaf = if self.leaf_score { "score" } else { "evaluate" };
        write!(f, "leaf={leaf}")?;
        // Like `reward` of the other searchers, `trees` is spelled out only
        // when it is not its default, 1.
        if self.trees > 1 {
            write!(f, ",trees={}", self.trees)?;
        }
        // So is `rollout`, when it is not `random`.
        if self.rollout != Rollout::Random {
            write!(f, ",rollout={}", self.rollout.name())?;
        }
        f.write_str(")")
    }

    fn build<G: Evaluate>(&self) -> Box<dyn Bot<G>> {
        if self.trees > 1 {
            Box::new(RootParallel::new(self.trees as usize, || self.bot::<G>()))
        } else {
            Box::new(self.bot::<G>())
        }
    }
}
