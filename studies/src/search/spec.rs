//! A search as typed settings (what `beachcomber search`'s flags and an
//! experiment file describe), checked into the library's space, goal and
//! settings before any game.

use beachcomber::search::{
    Budget, Constraint, Goal, GoalError, Objective, SearchPlan, Settings, Space, SpaceError,
    Spending,
};
use beachcomber::sweep::{SweepCount, SweepError, SweepSpec, Vary};
use beachcomber_bots::{BotSet, no_aliases};

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

/// Most points of a space (bounds aside) whose games are all built before
/// round 0 ([`SearchSpec::plan`]): a point the game refuses is then an
/// error before any game.
pub const CHECKED_POINTS: usize = 10_000;

/// Survivors confirmed at most when no number is given.
pub const DEFAULT_CONFIRM_MOST: usize = 10;

/// The baseline setting: the search's game with some options set (and
/// perhaps another player count), played beside the candidates every round
/// on the round's deals; the constraints written against `baseline` are
/// tested against it.
#[derive(Clone, Debug, PartialEq)]
pub struct Baseline {
    /// The options it sets (`KEY=VALUE` each; varied options it does not
    /// set take the base game's value).
    pub options: Vec<(String, String)>,
    /// Its player count.
    pub players: usize,
}

impl Baseline {
    /// Read `KEY=VALUE,...` (options of the game, and `players=N`) with
    /// the library's one `KEY=VALUE` list parser
    /// ([`beachcomber::compare::parse_pairs`]: a value may be quoted, and
    /// hold commas inside quotes or parentheses); the search's player
    /// count when `players` is not given.
    pub fn parse(text: &str, players: usize) -> Result<Baseline, SearchSpecError> {
        let bad = |why: String| SearchSpecError::Baseline(why);
        let mut options = Vec::new();
        let mut count = players;
        for (key, value) in
            beachcomber::compare::parse_pairs(text).map_err(|e| bad(e.to_string()))?
        {
            if key == "players" {
                count = value
                    .parse()
                    .ok()
                    .filter(|&n: &usize| n >= 1)
                    .ok_or_else(|| bad(format!("players={value} is not a player count")))?;
            } else {
                options.push((key, value));
            }
        }
        Ok(Baseline {
            options,
            players: count,
        })
    }
}

impl std::fmt::Display for Baseline {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        for (k, v) in &self.options {
            write!(f, "{k}={v},")?;
        }
        write!(f, "players={}", self.players)
    }
}

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
    /// The baseline setting the constraints written against `baseline`
    /// are tested against.
    pub baseline: Option<Baseline>,
    /// The family-wise error of the eliminations.
    pub alpha: f64,
    /// How the race spends it; `None`: not declared (an experiment file
    /// without `race`), which is the `union` race.
    pub race: Option<Spending>,
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
    /// Run even when the plan says the rule's yes/no question cannot be
    /// resolved at the budget (`allow_unresolvable = true` in
    /// `[criterion.search]`, `--allow-unresolvable`): it can then only
    /// answer inconclusive.
    pub allow_unresolvable: bool,
    /// Whether the confirmation plays at least the deals the yes/no test
    /// needs for 80% power (within its budget); off for `--quick`, which
    /// plays a few deals by design.
    pub power_sized_confirmation: bool,
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
    /// The baseline setting.
    #[error("the baseline: {0}")]
    Baseline(String),
    /// A skill quantity's bots.
    #[error("{quantity}: {error}")]
    Duel {
        /// The quantity.
        quantity: String,
        /// What is wrong with its bots (boxed: the error stays small).
        error: Box<crate::lineups::LineupsError>,
    },
    /// A feasible point of the space whose game the game refuses (a bag
    /// emptied by its removals, a count below the game's least), found
    /// before round 0.
    #[error(
        "the space holds a point the game refuses (narrow its values or bound it out with \
         `bounds`): {0}"
    )]
    RefusedPoint(Box<SweepError>),
    /// The confirmation seed is the search's.
    #[error(
        "the confirmation seed {0} is the search's own: give another (a pick is confirmed on \
         games it was not chosen on)"
    )]
    SameSeed(u64),
    /// The rule's yes/no question cannot be resolved at the declared
    /// confirmation budget.
    #[error(
        "the question cannot be resolved at this budget: the yes/no test of the pick at margin \
         {margin} needs about {needed} fresh deals for 80% power at the worst-case spread, the \
         confirmation budget pays for {planned}; raise `confirm_games` (`--confirm-games`) to \
         about {games} games (or widen the margin), or allow \
         an answer that can only be inconclusive with `allow_unresolvable = true` in \
         [criterion.search] (`--allow-unresolvable` for `beachcomber search`)"
    )]
    Unresolvable {
        /// The question's margin.
        margin: f64,
        /// Deals needed for 80% power.
        needed: u64,
        /// Deals the budget pays for.
        planned: u64,
        /// The confirmation's games the needed deals take (two settings'
        /// games a deal).
        games: u64,
    },
}

/// The power plan of a search (docs/search.md, "The plan"): its questions
/// at the most deals a candidate plays in the race (`first_deals ·
/// (2^R − 1)`, at most `max_games` over a deal's games) and, for the
/// yes/no test, the deals the confirmation's games pay for the pick and
/// its reference (`confirm_games`, a quarter of `max_games` when not
/// given, over two settings' games per deal).
pub fn power_plan(spec: &SearchSpec, goal: &Goal, settings: &Settings) -> SearchPlan {
    let per_deal = settings.games_per_deal.max(1);
    let doubled = 1u64
        .checked_shl(settings.budget.rounds.min(63) as u32)
        .map_or(u64::MAX, |d| d - 1);
    let race = settings
        .first_deals
        .saturating_mul(doubled)
        .min(settings.max_games / per_deal);
    let confirm_games = spec.confirm_games.unwrap_or(settings.max_games / 4);
    SearchPlan::new(goal, &settings.budget, race, confirm_games / (2 * per_deal))
}

impl SearchSpec {
    /// Refuse a search whose rule's yes/no question its budget cannot
    /// resolve, unless it allows it ([`SearchSpec::allow_unresolvable`]).
    /// `games_per_deal`: the games of one setting's deal.
    pub fn check_resolvable(
        &self,
        plan: &SearchPlan,
        games_per_deal: u64,
    ) -> Result<(), SearchSpecError> {
        match plan.yes_no() {
            // Without a confirmation seed there is no yes/no test to refuse.
            Some(line)
                if self.confirm_seed.is_some()
                    && plan.unresolvable()
                    && !self.allow_unresolvable =>
            {
                Err(SearchSpecError::Unresolvable {
                    margin: line.margin.unwrap_or(0.0),
                    needed: line.deals_needed.unwrap_or(0),
                    planned: plan.confirmation_deals,
                    games: line
                        .deals_needed
                        .unwrap_or(0)
                        .saturating_mul(2 * games_per_deal.max(1)),
                })
            }
            _ => Ok(()),
        }
    }
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
        self.check_points(&space)?;
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
            self.baseline.as_ref().map(|b| b.players),
        )?;
        let duels = duel_lineups(&goal, self.players)?;
        // A deal's games: the lineup's and every duel's, of one candidate.
        let first_values: Vec<Vary> = self
            .varies
            .iter()
            .map(|v| Vary {
                key: v.key.clone(),
                values: v.values.iter().take(1).cloned().collect(),
            })
            .collect();
        let per_deal = |sweep: PlannedSweep| -> u64 {
            sweep
                .plan
                .parts
                .iter()
                .map(|p| p.run.games_per_deal())
                .sum()
        };
        let quality = goal.needs_quality();
        let first = setting_sweep(
            self,
            first_values,
            self.players,
            &self.screen(),
            &duels,
            1,
            self.seed,
            quality,
        )?;
        let games_per_deal = per_deal(first);
        let baseline_games_per_deal = match &self.baseline {
            Some(b) => per_deal(setting_sweep(
                self,
                b.varies(),
                b.players,
                &self.screen(),
                &duel_lineups(&goal, b.players)?,
                1,
                self.seed,
                quality,
            )?),
            None => 0,
        };
        Ok(PlannedSearch {
            space,
            included,
            goal,
            settings: Settings {
                budget: Budget {
                    alpha: self.alpha,
                    candidates: self.max_candidates,
                    rounds: self.max_rounds,
                    spending: self.race.unwrap_or(Spending::Union),
                },
                first_deals: self.first_deals,
                max_games: self.max_games,
                games_per_deal,
                baseline_games_per_deal,
                initial: self.initial,
                proposals: self.proposals,
                exploration: self.exploration,
                seed: self.seed,
            },
        })
    }
}

impl SearchSpec {
    /// Every feasible point's game built, when the space has at most
    /// [`CHECKED_POINTS`] points (bounds aside), so that a point the game
    /// refuses stops the search before round 0 rather than at the round
    /// that draws it. A larger space's points are built as they are drawn.
    fn check_points(&self, space: &Space) -> Result<(), SearchSpecError> {
        let Some(points) = space.enumerate(CHECKED_POINTS) else {
            return Ok(());
        };
        for point in &points {
            self.game_of(self.players, &space.values(point))
                .map_err(|e| SearchSpecError::RefusedPoint(Box::new(e)))?;
        }
        Ok(())
    }

    /// The game of one setting of the varied options (`values`) at
    /// `players` players, built as the search's sweeps build it.
    pub fn game_of(
        &self,
        players: usize,
        values: &[(String, String)],
    ) -> Result<beachcomber::games::AnyGame, SweepError> {
        let sweep = SweepSpec {
            game: self.game.clone(),
            players: vec![players],
            varies: Vec::new(),
            lineups: Vec::new(),
            count: SweepCount::Deals(1),
            seed: self.seed,
            rotate: true,
            quality: false,
        };
        sweep.game_of(players, values)
    }
}

impl Baseline {
    /// The options it sets, as single-valued varies.
    pub fn varies(&self) -> Vec<Vary> {
        self.options
            .iter()
            .map(|(key, value)| Vary {
                key: key.clone(),
                values: vec![value.clone()],
            })
            .collect()
    }
}

/// The lineups of the goal's duels at `players` seats, in
/// [`Goal::duels`]' order: the stronger bot, then the weaker one in every
/// other seat (rotated through the seats like any mixed lineup).
pub fn duel_lineups(goal: &Goal, players: usize) -> Result<Vec<Lineup>, SearchSpecError> {
    goal.duels()
        .into_iter()
        .map(|(strong, weak)| {
            let text = std::iter::once(strong.as_str())
                .chain(std::iter::repeat_n(
                    weak.as_str(),
                    players.saturating_sub(1),
                ))
                .collect::<Vec<_>>()
                .join(",");
            let (mut specs, bots) =
                crate::lineups::parse_lineups(std::slice::from_ref(&text), &no_aliases).map_err(
                    |error| SearchSpecError::Duel {
                        quantity: format!("skill:{strong}>{weak}"),
                        error: Box::new(error),
                    },
                )?;
            Ok(Lineup {
                specs: specs.swap_remove(0),
                bots,
            })
        })
        .collect()
}

/// The sweep of one setting (`varies`, single-valued, at `players`): the
/// lineup's games, then each duel's, `deals` deals each on `seed`.
#[allow(clippy::too_many_arguments)]
pub(super) fn setting_sweep(
    spec: &SearchSpec,
    varies: Vec<Vary>,
    players: usize,
    lineup: &Lineup,
    duels: &[Lineup],
    deals: u64,
    seed: u64,
    quality: bool,
) -> Result<PlannedSweep, SweepError> {
    let mut bots = lineup.bots.clone();
    for d in duels {
        bots.extend(&d.bots);
    }
    let sweep = SweepSpec {
        game: spec.game.clone(),
        players: vec![players],
        varies,
        lineups: std::iter::once(lineup.specs.clone())
            .chain(duels.iter().map(|d| d.specs.clone()))
            .collect(),
        count: SweepCount::Deals(deals),
        seed,
        rotate: true,
        quality,
    };
    PlannedSweep::expand(&sweep, bots, 1 + duels.len())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_baseline_is_read_by_the_one_key_value_parser() {
        // A quoted value keeps its commas and loses its quotes (the
        // hand-written reader kept the quotes in the value).
        let b = Baseline::parse(r#"deck="Sand:16,Wave:10,Shell:14",players=1"#, 2).unwrap();
        assert_eq!(
            b.options,
            [("deck".to_string(), "Sand:16,Wave:10,Shell:14".to_string())]
        );
        assert_eq!(b.players, 1);
        assert_eq!(b.to_string(), "deck=Sand:16,Wave:10,Shell:14,players=1");
        let b = Baseline::parse("removed=0", 4).unwrap();
        assert_eq!(b.to_string(), "removed=0,players=4");
        let refused = |text: &str| Baseline::parse(text, 4).unwrap_err().to_string();
        assert_eq!(
            refused("removed=0,removed=1"),
            "the baseline: `removed=0,removed=1`: `removed` is given twice"
        );
        assert_eq!(
            refused("removed"),
            "the baseline: `removed`: write KEY=VALUE pairs separated by commas"
        );
        assert_eq!(
            refused("players=0"),
            "the baseline: players=0 is not a player count"
        );
    }
}
