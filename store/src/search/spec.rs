//! A search as typed settings (what `beachcomber search`'s flags and an
//! experiment file describe), checked into the library's space, goal and
//! settings before any game.

use beachcomber::search::{
    Budget, Constraint, Goal, GoalError, Objective, Settings, Space, SpaceError,
};
use beachcomber::sweep::{SweepCount, SweepError, SweepSpec, Vary};
use beachcomber_bots::BotSet;

use super::PlannedSearch;
use crate::planned::PlannedSweep;

/// The family-wise error of the eliminations when none is given.
pub const DEFAULT_ALPHA: f64 = 0.05;
/// The most candidates when none is given.
pub const DEFAULT_CANDIDATES: usize = 50;
/// The most rounds when none is given.
pub const DEFAULT_ROUNDS: usize = 6;
/// Deals per candidate in round 0 when none is given.
pub const DEFAULT_FIRST_DEALS: u64 = 100;
/// The most games of the rounds when none is given.
pub const DEFAULT_GAMES: u64 = 100_000;
/// Random candidates at the start of a large space when none is given.
pub const DEFAULT_INITIAL: usize = 16;
/// Candidates proposed after each round when none is given.
pub const DEFAULT_PROPOSALS: usize = 8;
/// The proposal model's exploration constant when none is given.
pub const DEFAULT_EXPLORATION: f64 = 0.5;

/// Candidates eliminated as dominated played again in the confirmation
/// when none is given.
pub const DEFAULT_RECHECK: usize = 3;

/// Survivors confirmed at most when no number is given.
pub const DEFAULT_CONFIRM_MOST: usize = 10;

/// A lineup with its bots.
#[derive(Clone, Debug)]
pub struct Lineup {
    /// The lineup, in the sweep's notation (canonical specs).
    pub specs: Vec<String>,
    /// Its bots.
    pub bots: BotSet,
}

/// A search: the game and lineup, the space, the goal and the budget.
#[derive(Clone, Debug)]
pub struct SearchSpec {
    /// The base game spec (options not varied hold for every candidate).
    pub game: String,
    /// The player count.
    pub players: usize,
    /// The lineup, in the sweep's notation (canonical specs).
    pub lineup: Vec<String>,
    /// The lineup's bots.
    pub bots: BotSet,
    /// The options varied and their values.
    pub varies: Vec<Vary>,
    /// Bounds on sums of varied options (`deck.Shell+deck.Crab in 30..=60`).
    pub bounds: Vec<String>,
    /// Points raced from round 0 whatever the space's size (references
    /// such as an earlier grid's best): each varied key with its value.
    pub include: Vec<Vec<(String, String)>>,
    /// The objectives, most important first.
    pub objectives: Vec<Objective>,
    /// The constraints.
    pub constraints: Vec<Constraint>,
    /// The family-wise error of the eliminations.
    pub alpha: f64,
    /// Most candidates evaluated.
    pub max_candidates: usize,
    /// Most rounds.
    pub max_rounds: usize,
    /// Deals per candidate in the first round.
    pub first_deals: u64,
    /// Most games of the rounds.
    pub max_games: u64,
    /// Candidates drawn at the start of a space not played whole.
    pub initial: usize,
    /// Candidates proposed after each round.
    pub proposals: usize,
    /// The proposal model's exploration constant.
    pub exploration: f64,
    /// The search's seed.
    pub seed: u64,
    /// The confirmation's seed (`None`: no confirmation).
    pub confirm_seed: Option<u64>,
    /// Most games of the confirmation (`None`: a quarter of `max_games`):
    /// each survivor plays as many deals as the most any had in the
    /// search, fewer when these games do not pay for them.
    pub confirm_games: Option<u64>,
    /// The lineup that plays the confirmation (multi-fidelity: the
    /// rounds screen with `lineup`, the survivors are judged by this one);
    /// `None`: `lineup`.
    pub strong: Option<Lineup>,
    /// The most survivors confirmed (the front first, then the others by
    /// the first objective's estimate); the included references are
    /// confirmed as well.
    pub confirm_most: usize,
    /// How many of the best candidates the race eliminated as dominated
    /// are played again in the confirmation beside the survivors, to
    /// measure what the screen may have dropped wrongly.
    pub recheck: usize,
    /// Markdown printed in summary.md under its title (an experiment
    /// file's question and locked rule); empty for none.
    pub preface: String,
}

/// Why a search's settings are refused.
#[derive(Debug, thiserror::Error)]
pub enum SearchSpecError {
    /// The space.
    #[error("the space: {0}")]
    Space(#[from] SpaceError),
    /// The goal.
    #[error("the goal: {0}")]
    Goal(#[from] GoalError),
    /// The game or lineup of the first candidate.
    #[error(transparent)]
    Sweep(#[from] SweepError),
    /// An included point that is not one of the space's.
    #[error("included point {index}: {why}")]
    Include {
        /// Its number, from 1.
        index: usize,
        /// What is wrong.
        why: String,
    },
    /// The confirmation seed is the search's.
    #[error(
        "the confirmation seed {0} is the search's own: give another (a pick is confirmed on \
         games it was not chosen on)"
    )]
    SameSeed(u64),
}

impl SearchSpec {
    /// The lineup of the rounds (the screen).
    pub fn screen(&self) -> Lineup {
        Lineup {
            specs: self.lineup.clone(),
            bots: self.bots.clone(),
        }
    }

    /// The space, goal and settings, checked (the first candidate's game
    /// built, which gives the games of a deal).
    pub fn plan(&self) -> Result<PlannedSearch, SearchSpecError> {
        if self.confirm_seed == Some(self.seed) {
            return Err(SearchSpecError::SameSeed(self.seed));
        }
        let space = Space::new(self.varies.clone(), &self.bounds)?;
        let mut included = Vec::with_capacity(self.include.len());
        for (i, values) in self.include.iter().enumerate() {
            let bad = |why: String| SearchSpecError::Include { index: i + 1, why };
            if let Some((key, _)) = values
                .iter()
                .find(|(k, _)| !space.dims.iter().any(|d| &d.key == k))
            {
                return Err(bad(format!("`{key}` is not a varied option")));
            }
            let mut texts = Vec::with_capacity(space.dims.len());
            for d in &space.dims {
                let Some((_, v)) = values.iter().find(|(k, _)| k == &d.key) else {
                    return Err(bad(format!(
                        "`{}` is missing (give every varied option)",
                        d.key
                    )));
                };
                if !d.values.contains(v) {
                    return Err(bad(format!(
                        "`{}={v}` is not one of its varied values",
                        d.key
                    )));
                }
                texts.push(v.clone());
            }
            let point = space
                .point_of(&texts)
                .ok_or_else(|| bad("not a point of the space".to_string()))?;
            included.push(point);
        }
        let goal = Goal::new(
            self.objectives.clone(),
            self.constraints.clone(),
            self.players,
        )?;
        let first = SweepSpec {
            game: self.game.clone(),
            players: vec![self.players],
            varies: self
                .varies
                .iter()
                .map(|v| Vary {
                    key: v.key.clone(),
                    values: v.values.iter().take(1).cloned().collect(),
                })
                .collect(),
            lineups: vec![self.lineup.clone()],
            count: SweepCount::Deals(1),
            seed: self.seed,
            rotate: true,
            quality: goal.needs_quality(),
        };
        let sweep = PlannedSweep::expand(&first, self.bots.clone(), 1)?;
        let games_per_deal = sweep.plan.parts[0].run.games_per_deal();
        Ok(PlannedSearch {
            space,
            included,
            goal,
            settings: Settings {
                budget: Budget {
                    alpha: self.alpha,
                    candidates: self.max_candidates,
                    rounds: self.max_rounds,
                },
                first_deals: self.first_deals,
                max_games: self.max_games,
                games_per_deal,
                initial: self.initial,
                proposals: self.proposals,
                exploration: self.exploration,
                seed: self.seed,
            },
        })
    }
}
