//! Runs checked and expanded, ready to play: a sweep's combinations
//! ([`PlannedSweep`], one part of a plan each, with its game) and leagues
//! played as one plan ([`PlannedLeagues`]), each with the bots they seat.

use beachcomber::games::AnyGame;
use beachcomber::league::League;
use beachcomber::sweep::{Combination, SweepError, SweepSpec};
use beachcomber::tournament::Plan;
use beachcomber_bots::BotSet;

use crate::counts::Resamples;

/// Games a tournament plays, and a sweep plays per combination, when neither
/// games nor deals are given (a rotating tournament rounds up to whole deals).
/// The CLI's flags and Python's keywords read this one value.
pub const DEFAULT_GAMES: u64 = 1000;

/// A sweep checked and expanded, ready to play: one part per combination,
/// each combination's game, and the bots.
pub struct PlannedSweep {
    /// The plan: one part per combination.
    pub plan: Plan,
    /// Each combination's game.
    pub games: Vec<AnyGame>,
    /// Each distinct bot spec with its configuration.
    pub bots: BotSet,
}

impl PlannedSweep {
    /// Expand `spec` (at most `cap` combinations) with its `bots`.
    pub fn expand(spec: &SweepSpec, bots: BotSet, cap: usize) -> Result<PlannedSweep, SweepError> {
        let (parts, games): (Vec<_>, Vec<_>) = spec
            .combinations(cap)?
            .into_iter()
            .map(|Combination { part, game }| (part, game))
            .unzip();
        Ok(PlannedSweep {
            plan: Plan { parts },
            games,
            bots,
        })
    }

    /// Several sweeps as one ([`beachcomber::sweep::concat_plans`]).
    pub fn concat(sweeps: Vec<PlannedSweep>) -> PlannedSweep {
        let mut games = Vec::new();
        let mut bots = BotSet::default();
        let mut plans = Vec::new();
        for sweep in sweeps {
            plans.push(sweep.plan);
            games.extend(sweep.games);
            bots.extend(&sweep.bots);
        }
        PlannedSweep {
            plan: beachcomber::sweep::concat_plans(plans),
            games,
            bots,
        }
    }

    /// Whether `dir` holds this sweep finished (its manifest, of this
    /// plan, every game played, its games.csv, and no checkpoint): what
    /// `--resume` keeps.
    pub fn finished_in(&self, dir: &std::path::Path) -> bool {
        use crate::files::names::{CHECKPOINT_FILE, GAMES_FILE, MANIFEST_FILE};
        use crate::manifest::{Manifest, RunKind};
        if dir.join(CHECKPOINT_FILE).exists() || !dir.join(GAMES_FILE).exists() {
            return false;
        }
        let Ok(manifest) = Manifest::read(&dir.join(MANIFEST_FILE)) else {
            return false;
        };
        let d = &manifest.description;
        matches!(d.kind, RunKind::Sweep { .. })
            && d.shard.is_whole()
            && d.plan == self.plan
            && manifest.stopped.is_none()
            && manifest.games == self.plan.games()
    }

    /// Only combination `k` (an index checked by the caller).
    pub fn only(mut self, k: usize) -> PlannedSweep {
        self.plan.parts = vec![self.plan.parts.swap_remove(k)];
        self.games = vec![self.games.swap_remove(k)];
        self
    }
}

/// Leagues checked and expanded, to play as one plan: each league's run
/// and the bots of them all.
#[derive(Clone, Debug)]
pub struct PlannedLeagues {
    /// The leagues, in order.
    pub leagues: Vec<League>,
    /// Every bot of the leagues with its configuration.
    pub bots: BotSet,
    /// Whether each league's rows begin with its game and player count
    /// (a file of several leagues); a single league of `beachcomber
    /// league` is unlabelled.
    pub labelled: bool,
    /// Bootstrap resamples of the rating intervals.
    pub resamples: Resamples,
}

impl PlannedLeagues {
    /// Whether `dir` holds these leagues finished (its manifest, of this
    /// plan and these resamples, whole, and no checkpoint): what `--resume`
    /// of an experiment stopped after its games (during the speed
    /// measurement) finds.
    pub fn finished_in(&self, dir: &std::path::Path) -> bool {
        use crate::files::names::{CHECKPOINT_FILE, MANIFEST_FILE};
        use crate::manifest::{Manifest, RunKind};
        if dir.join(CHECKPOINT_FILE).exists() {
            return false;
        }
        let Ok(manifest) = Manifest::read(&dir.join(MANIFEST_FILE)) else {
            return false;
        };
        let plan = beachcomber::league::plan(&self.leagues, self.labelled);
        let d = &manifest.description;
        matches!(d.kind, RunKind::League { resamples, .. } if resamples == self.resamples)
            && d.shard.is_whole()
            && d.plan == plan
    }
}

#[cfg(test)]
#[path = "planned_tests.rs"]
mod tests;
