//! A search's experiment file (`kind = "search"`, docs/search.md): the
//! game, players and lineup at the top level, and everything that decides
//! the answer (the space, the goal, the budget, the confirmation's seed)
//! in `[criterion]`, so that the rule locked before the games covers it.

use beachcomber::search::{Constraint, Objective};

use super::ExperimentError;
use super::file::{Experiment, Players, Step};
use crate::lineups::parse_lineups;
use crate::search::Baseline;
use crate::search::{
    DEFAULT_ALPHA, DEFAULT_CANDIDATES, DEFAULT_CONFIRM_MOST, DEFAULT_EXPLORATION,
    DEFAULT_FIRST_DEALS, DEFAULT_GAMES, DEFAULT_INITIAL, DEFAULT_PROPOSALS, DEFAULT_RECHECK,
    DEFAULT_ROUNDS, Lineup, SearchSpec,
};
use beachcomber_bots::no_aliases;

/// Deals per candidate in round 0 of `--quick`.
const QUICK_FIRST_DEALS: u64 = 2;
/// The most rounds of `--quick`.
const QUICK_ROUNDS: usize = 2;

pub use super::search_table::SearchTable;

impl Experiment {
    /// `FILE line L: criterion.search.KEY: ` for an error about `key`.
    fn search_at(&self, key: &str) -> String {
        format!(
            "{}: criterion.search.{key}: ",
            self.source
                .at(&[Step::key("criterion"), Step::key("search"), Step::key(key)])
        )
    }

    /// The `include` points of `[criterion.search]`: each option's value as
    /// text (a number or a word).
    fn include_points(
        &self,
        table: &super::search_table::SearchTable,
    ) -> Result<Vec<Vec<(String, String)>>, ExperimentError> {
        let mut include = Vec::with_capacity(table.include.len());
        for point in &table.include {
            let mut values = Vec::with_capacity(point.len());
            for (key, value) in point {
                let text = match value {
                    toml::Value::String(s) => s.clone(),
                    toml::Value::Integer(i) => i.to_string(),
                    _ => {
                        return Err(ExperimentError::setting(
                            self.search_at("include"),
                            format!(
                                "`{}`: write a number or a word",
                                beachcomber::spec::one_line(key)
                            ),
                        ));
                    }
                };
                values.push((key.clone(), text));
            }
            include.push(values);
        }
        Ok(include)
    }

    /// The search this file describes (`quick`: two deals per candidate in
    /// round 0 and two rounds), checked: errors name the file, the line and
    /// the key.
    pub fn search_spec(&self, quick: bool) -> Result<SearchSpec, ExperimentError> {
        let criterion = self.criterion.as_ref();
        let table = criterion.and_then(|c| c.search.as_ref()).ok_or_else(|| {
            ExperimentError::setting(
                format!("{}: ", self.source.at(&[Step::key("criterion")])),
                "a search states its space, goal and budget in `[criterion.search]` (locked \
                 with the rule before the games)",
            )
        })?;
        let confirm_seed = criterion.and_then(|c| c.confirm_seed).ok_or_else(|| {
            ExperimentError::setting(
                format!("{}: ", self.source.at(&[Step::key("criterion")])),
                "`confirm_seed` is missing: a search's survivors are confirmed on a fresh seed",
            )
        })?;
        let game = self.game.clone().ok_or_else(|| {
            ExperimentError::setting(
                format!("{}: ", beachcomber::spec::one_line_path(&self.source.path)),
                "`game` is missing",
            )
        })?;
        let players = match &self.players {
            Some(Players::One(n)) => *n as usize,
            _ => {
                return Err(ExperimentError::setting(
                    format!("{}: players: ", self.source.at(&[Step::key("players")])),
                    "a search is at one player count (`players = 2`)",
                ));
            }
        };
        let lists = match &self.bots {
            Some(b) => b.list(),
            None => vec!["random".to_string()],
        };
        if lists.len() != 1 {
            return Err(ExperimentError::setting(
                format!("{}: bots: ", self.source.at(&[Step::key("bots")])),
                "a search plays one lineup (`bots = \"greedy\"`)",
            ));
        }
        let (mut lineups, bots) =
            parse_lineups(&lists, &no_aliases).map_err(|error| ExperimentError::Lineups {
                at: format!("{}: bots: ", self.source.at(&[Step::key("bots")])),
                error: Box::new(error),
            })?;
        let mut varies = Vec::new();
        for (key, value) in &table.vary {
            let at = self.search_at(&format!("vary.{}", beachcomber::spec::one_line(key)));
            varies.push(super::file::vary_value(key, value, at)?);
        }
        let objectives = table
            .objectives
            .iter()
            .map(|t| {
                Objective::parse_declared(t).map_err(|e| {
                    ExperimentError::setting(self.search_at("objectives"), e.to_string())
                })
            })
            .collect::<Result<Vec<_>, _>>()?;
        let mut constraints = Vec::new();
        for t in &table.constraints {
            constraints.extend(Constraint::parse_all(t, players).map_err(|e| {
                ExperimentError::setting(self.search_at("constraints"), e.to_string())
            })?);
        }
        let baseline = table
            .baseline
            .as_deref()
            .map(|t| {
                Baseline::parse(t, players).map_err(|e| {
                    ExperimentError::setting(self.search_at("baseline"), e.to_string())
                })
            })
            .transpose()?;
        let strong = match &table.strong {
            None => None,
            Some(text) => {
                let (mut specs, bots) = parse_lineups(std::slice::from_ref(text), &no_aliases)
                    .map_err(|error| ExperimentError::Lineups {
                        at: self.search_at("strong"),
                        error: Box::new(error),
                    })?;
                Some(Lineup {
                    specs: specs.remove(0),
                    bots,
                })
            }
        };
        let race = table
            .race
            .as_deref()
            .map(|name| {
                beachcomber::search::Spending::parse(name)
                    .map_err(|e| ExperimentError::setting(self.search_at("race"), e.to_string()))
            })
            .transpose()?;
        let include = self.include_points(table)?;
        Ok(SearchSpec {
            game,
            players,
            lineup: lineups.remove(0),
            bots,
            varies,
            bounds: table.bounds.clone(),
            include,
            objectives,
            constraints,
            baseline,
            alpha: table.alpha.unwrap_or(DEFAULT_ALPHA),
            race,
            max_candidates: table.candidates.unwrap_or(DEFAULT_CANDIDATES),
            max_rounds: if quick {
                QUICK_ROUNDS
            } else {
                table.rounds.unwrap_or(DEFAULT_ROUNDS)
            },
            first_deals: if quick {
                QUICK_FIRST_DEALS
            } else {
                table.first_deals.unwrap_or(DEFAULT_FIRST_DEALS)
            },
            max_games: table.games.unwrap_or(DEFAULT_GAMES),
            initial: table.initial.unwrap_or(DEFAULT_INITIAL),
            proposals: table.proposals.unwrap_or(DEFAULT_PROPOSALS),
            exploration: table.exploration.unwrap_or(DEFAULT_EXPLORATION),
            seed: self.seed,
            confirm_seed: Some(confirm_seed),
            confirm_games: if quick { None } else { table.confirm_games },
            strong,
            confirm_most: table.confirm_most.unwrap_or(DEFAULT_CONFIRM_MOST),
            recheck: table.recheck.unwrap_or(DEFAULT_RECHECK),
            preface: String::new(),
            allow_unresolvable: table.allow_unresolvable.unwrap_or(false),
            power_sized_confirmation: !quick,
        })
    }

    /// The seeds a search's games use besides the file's `seed`, for the
    /// lock: each declared round's deals (derived from the seed) and the
    /// confirmation's, each with where it is set.
    pub fn search_seeds(&self) -> Vec<(u64, String)> {
        let Some(c) = self.criterion.as_ref() else {
            return Vec::new();
        };
        let Some(table) = c.search.as_ref() else {
            return Vec::new();
        };
        let seed_at = self.source.at(&[Step::key("seed")]);
        let mut seeds: Vec<(u64, String)> = (0..table.rounds.unwrap_or(DEFAULT_ROUNDS) as u64)
            .map(|r| {
                (
                    beachcomber::rng::derive(self.seed, 1 + r),
                    format!("{seed_at} (round {r}'s deals)"),
                )
            })
            .collect();
        if let Some(s) = c.confirm_seed {
            seeds.push((
                s,
                self.source
                    .at(&[Step::key("criterion"), Step::key("confirm_seed")]),
            ));
        }
        seeds
    }
}
