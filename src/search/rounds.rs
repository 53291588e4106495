//! A search in rounds, with no IO: which candidates play each round, on
//! how many deals and which seed, and what follows from a round's games
//! (the race's eliminations, then the model's proposals). Everything is a
//! function of the settings and the games' values, so a search replays
//! exactly from its rounds' files (resume, any thread count, shards).

use std::fmt;

use super::goal::Goal;
use super::propose::{NTupleModel, propose};
use super::race::{Budget, Exit, Race, RoundValues, round_deals};
use super::space::{Point, Space};
use crate::rng::{derive, rng_from_seed};

/// Most points of a space (bounds aside) listed to count its feasible
/// ones: a larger space is taken to have more feasible points than any
/// budget's candidates.
const ENUMERATED: usize = 1_000_000;

/// Salt of the seeds of the proposals (apart from the rounds' deal seeds).
const PROPOSAL_SALT: u64 = 0x5EA2_C4E5_0000_0000;

/// How a search plays, declared before its games.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Settings {
    /// The error and the candidates and rounds it is spent over.
    pub budget: Budget,
    /// Deals per candidate in the first round (doubled every round).
    pub first_deals: u64,
    /// Most games in all (the rounds; the confirmation is apart).
    pub max_games: u64,
    /// Games per deal of every candidate (the lineup's rotations, and
    /// the duels' of the skill quantities).
    pub games_per_deal: u64,
    /// Games per deal of the baseline setting, played every round beside
    /// the candidates (0: no baseline).
    pub baseline_games_per_deal: u64,
    /// Candidates drawn at random at the start when the space has more
    /// feasible points than the budget's candidates.
    pub initial: usize,
    /// New candidates the model proposes after each round (for a space
    /// that is not played whole).
    pub proposals: usize,
    /// The model's exploration constant (NTBEA's `c`).
    pub exploration: f64,
    /// The search's seed: each round's deals and each round's proposals
    /// are derived from it.
    pub seed: u64,
}

/// Why a search cannot start.
#[derive(Clone, Debug, PartialEq)]
pub enum SearchError {
    /// No feasible point was found.
    NoFeasiblePoint,
    /// An included point (its index) does not meet the space's bounds.
    IncludedInfeasible(usize),
    /// A setting out of range.
    Setting {
        /// The setting.
        name: &'static str,
        /// What it must be.
        why: &'static str,
    },
}

impl fmt::Display for SearchError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SearchError::NoFeasiblePoint => {
                write!(f, "no point of the space meets its bounds: widen them")
            }
            SearchError::Setting { name, why } => write!(f, "{name}: {why}"),
            SearchError::IncludedInfeasible(i) => write!(
                f,
                "included point {} does not meet the space's bounds",
                i + 1
            ),
        }
    }
}

impl std::error::Error for SearchError {}

/// One round to play: its candidates, deals each and seed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RoundPlan {
    /// The round (0 first).
    pub round: usize,
    /// The candidates that play it (indices into the race's candidates).
    pub candidates: Vec<usize>,
    /// Deals per candidate.
    pub deals: u64,
    /// The seed of every candidate's deals in the round.
    pub seed: u64,
}

/// A round played: its plan, its games and the candidates it eliminated.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RoundRecord {
    /// The plan.
    pub plan: RoundPlan,
    /// Games played in the round.
    pub games: u64,
    /// The candidates that left after it.
    pub left: Vec<usize>,
    /// The candidates proposed after it (entering the next round).
    pub proposed: Vec<usize>,
}

/// Why the search stopped.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Stop {
    /// The race is decided (one candidate left, or the pick within the
    /// margin of the best).
    Decided,
    /// The declared rounds are played.
    Rounds,
    /// The games left do not pay for another round.
    Games,
}

impl fmt::Display for Stop {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Stop::Decided => "decided",
            Stop::Rounds => "every declared round played",
            Stop::Games => "the game budget spent",
        })
    }
}

/// A search: the space, the race and where it stands.
#[derive(Clone, Debug)]
pub struct Search {
    /// The space.
    pub space: Space,
    /// The settings.
    pub settings: Settings,
    /// The race of the candidates so far.
    pub race: Race,
    /// Rounds played.
    pub rounds: usize,
    /// Games played.
    pub games: u64,
    /// Whether the whole space is raced (no proposals).
    pub enumerated: bool,
    /// The rounds played, in order.
    pub history: Vec<RoundRecord>,
    /// The baseline's games of the round being finished.
    baseline_games: u64,
}

impl Search {
    /// A search of `space` for `goal`: every feasible point when there are
    /// at most the budget's candidates (counted in a space of at most a
    /// million points, bounds aside), else `initial` drawn at random.
    pub fn new(space: Space, goal: Goal, settings: Settings) -> Result<Search, SearchError> {
        Search::including(space, goal, settings, &[])
    }

    /// [`Search::new`] with the points `included` among the candidates of
    /// round 0 (references such as a grid's best: they count among the
    /// `initial` ones of a space not raced whole).
    pub fn including(
        space: Space,
        goal: Goal,
        settings: Settings,
        included: &[Point],
    ) -> Result<Search, SearchError> {
        if let Some(i) = included.iter().position(|p| !space.feasible(p)) {
            return Err(SearchError::IncludedInfeasible(i));
        }
        let check = |ok: bool, name, why| {
            if ok {
                Ok(())
            } else {
                Err(SearchError::Setting { name, why })
            }
        };
        let b = settings.budget;
        check(b.alpha > 0.0 && b.alpha < 1.0, "alpha", "between 0 and 1")?;
        check(b.candidates >= 2, "candidates", "at least 2")?;
        check(b.rounds >= 1, "rounds", "at least 1")?;
        check(settings.first_deals >= 2, "first deals", "at least 2")?;
        check(settings.games_per_deal >= 1, "games per deal", "at least 1")?;
        check(
            settings.exploration.is_finite() && settings.exploration >= 0.0,
            "exploration",
            "a number at least 0",
        )?;
        let mut race = Race::new(goal, b);
        // The max-t calibration's draws, seeded by the search's seed.
        race.calibrate_with(settings.seed, super::spending::REPLICATES);
        let enumerated = match space.enumerate(ENUMERATED) {
            Some(points) if points.is_empty() => return Err(SearchError::NoFeasiblePoint),
            Some(points) if points.len() <= b.candidates => {
                for p in points {
                    race.add(p, 0);
                }
                true
            }
            _ => {
                check(settings.initial >= 2, "initial", "at least 2")?;
                for p in included {
                    race.add(p.clone(), 0);
                }
                let mut rng = rng_from_seed(derive(settings.seed ^ PROPOSAL_SALT, 0));
                let mut draws = 0;
                while race.candidates.len() < settings.initial.min(b.candidates)
                    && draws < 100 * settings.initial
                {
                    draws += 1;
                    match space.sample(&mut rng) {
                        Some(p) => {
                            race.add(p, 0);
                        }
                        None => break,
                    }
                }
                if race.candidates.is_empty() {
                    return Err(SearchError::NoFeasiblePoint);
                }
                false
            }
        };
        Ok(Search {
            space,
            settings,
            race,
            rounds: 0,
            games: 0,
            enumerated,
            history: Vec::new(),
            baseline_games: 0,
        })
    }

    /// Why the search is over, or `None` while it goes on.
    pub fn stopped(&self) -> Option<Stop> {
        if self.rounds > 0 && self.race.decided() {
            Some(Stop::Decided)
        } else if self.rounds >= self.settings.budget.rounds {
            Some(Stop::Rounds)
        } else if self.deals_now() == 0 {
            Some(Stop::Games)
        } else {
            None
        }
    }

    /// Deals per candidate of the next round.
    fn deals_now(&self) -> u64 {
        round_deals(
            self.settings.first_deals,
            self.rounds,
            self.per_deal(self.race.alive().len()),
            self.settings.max_games.saturating_sub(self.games),
        )
    }

    /// The games one deal of a round costs with `alive` candidates (and
    /// the baseline).
    fn per_deal(&self, alive: usize) -> u64 {
        alive as u64 * self.settings.games_per_deal + self.settings.baseline_games_per_deal
    }

    /// The next round to play, or `None` when the search is over.
    pub fn next_round(&self) -> Option<RoundPlan> {
        if self.stopped().is_some() {
            return None;
        }
        Some(RoundPlan {
            round: self.rounds,
            candidates: self.race.alive(),
            deals: self.deals_now(),
            seed: derive(self.settings.seed, 1 + self.rounds as u64),
        })
    }

    /// The baseline's games of a round are in (its per-deal values, on
    /// the round's deals): call before [`Search::finish_round`] in a search
    /// with a baseline.
    pub fn add_baseline(&mut self, values: &RoundValues) {
        self.baseline_games = values.len() as u64 * self.settings.baseline_games_per_deal;
        self.race.record_baseline(values);
    }

    /// The games of `plan` are in (`values`: each candidate's per-deal
    /// values): the race decides, then the model proposes the next round's
    /// newcomers.
    pub fn finish_round(&mut self, plan: &RoundPlan, values: Vec<(usize, RoundValues)>) {
        let played: u64 = values.iter().map(|(_, v)| v.len() as u64).sum();
        let games =
            played * self.settings.games_per_deal + std::mem::take(&mut self.baseline_games);
        self.games += games;
        self.race.record_round(&values);
        let left = self.race.decide(plan.round);
        self.rounds += 1;
        let before = self.race.candidates.len();
        if !self.enumerated && self.stopped().is_none() {
            self.propose(plan.round);
        }
        self.history.push(RoundRecord {
            plan: plan.clone(),
            games,
            left,
            proposed: (before..self.race.candidates.len()).collect(),
        });
    }

    /// The model fitted on every candidate's first objective, scaled to
    /// [0, 1] over the candidates played (one that failed a constraint
    /// counts 1 more), and its proposals from the survivors, best first.
    fn propose(&mut self, round: usize) {
        let room = self
            .settings
            .budget
            .candidates
            .saturating_sub(self.race.candidates.len());
        // No more newcomers than the games left pay for: the next round
        // must give every candidate in it two deals at least.
        let alive = self.race.alive().len();
        let left = self.settings.max_games.saturating_sub(self.games);
        let mut count = self.settings.proposals.min(room);
        while count > 0
            && round_deals(
                self.settings.first_deals,
                self.rounds,
                self.per_deal(alive + count),
                left,
            ) == 0
        {
            count -= 1;
        }
        if count == 0 {
            return;
        }
        let race = &self.race;
        let played: Vec<usize> = (0..race.candidates.len())
            .filter(|&c| race.candidates[c].evidence.deals() >= 2)
            .collect();
        let losses: Vec<f64> = played
            .iter()
            .map(|&c| race.loss_interval(c, 0).estimate)
            .collect();
        // Losses scaled to [0, 1] over the candidates played, so that the
        // exploration constant means the same in every search.
        let low = losses.iter().copied().fold(f64::INFINITY, f64::min);
        let high = losses.iter().copied().fold(f64::NEG_INFINITY, f64::max);
        let spread = if high > low { high - low } else { 1.0 };
        let mut model = NTupleModel::new(self.space.dims.len());
        for (&c, &loss) in played.iter().zip(&losses) {
            let failed = matches!(race.candidates[c].exit, Some((_, Exit::Constraint(_))));
            let penalty = if failed { 1.0 } else { 0.0 };
            model.add(&race.candidates[c].point, (loss - low) / spread + penalty);
        }
        let mut parents = race.alive();
        parents.sort_by(|&a, &b| {
            race.loss_interval(a, 0)
                .estimate
                .total_cmp(&race.loss_interval(b, 0).estimate)
                .then(a.cmp(&b))
        });
        let parents: Vec<Point> = parents
            .iter()
            .map(|&c| race.candidates[c].point.clone())
            .collect();
        let evaluated: Vec<Point> = race.candidates.iter().map(|c| c.point.clone()).collect();
        let mut rng = rng_from_seed(derive(self.settings.seed ^ PROPOSAL_SALT, 1 + round as u64));
        let points = propose(
            &self.space,
            &model,
            &evaluated,
            &parents,
            count,
            self.settings.exploration,
            &mut rng,
        );
        for p in points {
            self.race.add(p, round + 1);
        }
    }
}
