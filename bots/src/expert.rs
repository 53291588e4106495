//! `expert`: the strongest fair bot — information-set MCTS with the levers
//! that measured best (docs/bots.md, "expert").

use std::fmt;

use beachcomber::bot::Bot;
use beachcomber::game::Evaluate;
use beachcomber::spec::{Spec, SpecError};

use crate::kind::BotKind;
use crate::mcts::{Enhancements, MctsBot, Mode, Rollout, SearchParams};
use crate::search_config::MAX_ITERATIONS;

/// The configuration of `expert`.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct ExpertConfig {
    /// Iterations per decision.
    pub iterations: u32,
    /// The UCB exploration constant.
    pub c: f64,
    /// Rollout plies before the evaluation.
    pub cutoff: u32,
    /// The evaluation's logistic scale, in score units.
    pub scale: f64,
    /// Belief weighting strength (0: uniform worlds).
    pub belief: f64,
    /// Score cut-off worlds by their current scores, not the evaluation.
    pub leaf_score: bool,
}

impl ExpertConfig {
    /// Default iterations per decision.
    pub const DEFAULT_ITERATIONS: u32 = 2000;
    /// Default exploration constant.
    pub const DEFAULT_C: f64 = 0.7;
    /// Default rollout cut-off.
    pub const DEFAULT_CUTOFF: u32 = 10;
    /// Default logistic scale.
    pub const DEFAULT_SCALE: f64 = 4.0;
    /// Default belief weighting strength.
    pub const DEFAULT_BELIEF: f64 = 0.0;
}

impl BotKind for ExpertConfig {
    const NAME: &'static str = "expert";

    fn from_spec(spec: &Spec) -> Result<Self, SpecError> {
        spec.check_keys(&["iterations", "c", "cutoff", "scale", "belief", "leaf"])?;
        Ok(ExpertConfig {
            iterations: spec.u64_in(
                "iterations",
                Self::DEFAULT_ITERATIONS as u64,
                1,
                MAX_ITERATIONS,
            )? as u32,
            c: spec.f64_in("c", Self::DEFAULT_C, 0.0, 100.0)?,
            cutoff: spec.u64_in("cutoff", Self::DEFAULT_CUTOFF as u64, 0, 1000)? as u32,
            scale: spec.f64_in("scale", Self::DEFAULT_SCALE, 0.01, 1000.0)?,
            belief: spec.f64_in("belief", Self::DEFAULT_BELIEF, 0.0, 100.0)?,
            leaf_score: spec.choice("leaf", &["evaluate", "score"], 0)? == 1,
        })
    }

    fn write_spec(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "expert(iterations={},c={},cutoff={},scale={},belief={},leaf={})",
            self.iterations,
            self.c,
            self.cutoff,
            self.scale,
            self.belief,
            if self.leaf_score { "score" } else { "evaluate" }
        )
    }

    fn build<G: Evaluate>(&self) -> Box<dyn Bot<G>> {
        Box::new(self.bot::<G>())
    }
}

impl ExpertConfig {
    /// The bot itself (not boxed), for callers that read its root
    /// statistics (`play`'s explanations).
    pub fn bot<G: Evaluate>(&self) -> MctsBot<G> {
        let params = SearchParams {
            iterations: self.iterations,
            c: self.c,
            rollout: Rollout::Random,
            reward: None,
        };
        let extras = Enhancements {
            cutoff: Some(self.cutoff),
            scale: self.scale,
            belief: self.belief,
            score_leaf: self.leaf_score,
        };
        MctsBot::<G>::new(Mode::Ismcts, params).with_enhancements(extras)
    }
}
