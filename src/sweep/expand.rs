//! A sweep expanded into its combinations: one checked game and run per
//! combination of player count, varied values and lineup.

use super::SweepError;
use super::set_option::{SetError, set_option};
use super::vary::Vary;
use crate::games::AnyGame;
use crate::spec::{Spec, SpecError};
use crate::tournament::{Count, Part, Plan, RunSpec};

/// The value columns every combination of a sweep ends with, after the
/// varied options: its player count and its lineup.
pub const LAST_COLUMNS: [&str; 2] = ["players", "lineup"];

/// Several sweeps' plans as one ([`Plan::concat`]): the union of their
/// varied options, then [`LAST_COLUMNS`].
pub fn concat_plans(plans: Vec<Plan>) -> Plan {
    Plan::concat(plans, &LAST_COLUMNS)
}

/// How many games each combination plays.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SweepCount {
    /// At least this many games: whole deals, rounded up.
    Games(u64),
    /// This many deals.
    Deals(u64),
}

/// A sweep: the base game, what varies, and how each combination plays.
#[derive(Clone, Debug)]
pub struct SweepSpec {
    /// The game spec the varied options are set in (`seaside`,
    /// `shell-dash(reshuffle=empty)`).
    pub game: String,
    /// The player counts.
    pub players: Vec<usize>,
    /// The varied options.
    pub varies: Vec<Vary>,
    /// The lineups, canonical bot specs each, in the sweep's notation
    /// (`lineup.rs`): one spec for every seat, one per seat, or two (the
    /// first in seat 0, the second in every other).
    pub lineups: Vec<Vec<String>>,
    /// Games per combination.
    pub count: SweepCount,
    /// The seed of every combination.
    pub seed: u64,
    /// Rotate mixed lineups through the seats.
    pub rotate: bool,
    /// Measure the game-quality metrics in every combination
    /// ([`RunSpec::quality`]).
    pub quality: bool,
}

/// One combination: its part of the plan and its game.
#[derive(Clone, Debug)]
pub struct Combination {
    /// The run and the values that label it.
    pub part: Part,
    /// Its game.
    pub game: AnyGame,
}

impl SweepSpec {
    /// The number of combinations.
    pub fn count(&self) -> u128 {
        let values: u128 = self.varies.iter().map(|v| v.values.len() as u128).product();
        values * self.players.len() as u128 * self.lineups.len() as u128
    }

    /// Every combination, checked (each game built for its player count),
    /// in order: player counts, then the varied options (the first
    /// slowest), then the lineups. Refuses more than `cap` combinations.
    pub fn combinations(&self, cap: usize) -> Result<Vec<Combination>, SweepError> {
        if self.players.is_empty() {
            return Err(SweepError::Empty("player count"));
        }
        if self.lineups.is_empty() {
            return Err(SweepError::Empty("lineup"));
        }
        for (i, v) in self.varies.iter().enumerate() {
            if self.varies[..i].iter().any(|w| w.key == v.key) {
                return Err(SweepError::Duplicate(v.key.clone()));
            }
        }
        let count = self.count();
        if count > cap as u128 {
            return Err(SweepError::TooMany { count, cap });
        }
        let base = self.base()?;
        let mut out = Vec::with_capacity(count as usize);
        let mut choice = vec![0usize; self.varies.len()];
        for &players in &self.players {
            // The base game's canonical spec at this player count, parsed
            // once (at the first combination, whose label a refusal names).
            let mut base_canonical: Option<Spec> = None;
            loop {
                let values: Vec<(String, String)> = self
                    .varies
                    .iter()
                    .zip(&choice)
                    .map(|(v, &i)| (v.key.clone(), v.values[i].clone()))
                    .collect();
                for lineup in &self.lineups {
                    out.push(self.combination(
                        &base,
                        &mut base_canonical,
                        players,
                        &values,
                        lineup,
                    )?);
                }
                // The next choice, the last option fastest.
                let mut k = self.varies.len();
                loop {
                    if k == 0 {
                        break;
                    }
                    k -= 1;
                    choice[k] += 1;
                    if choice[k] < self.varies[k].values.len() {
                        break;
                    }
                    choice[k] = 0;
                    if k == 0 {
                        k = usize::MAX;
                        break;
                    }
                }
                if k == usize::MAX || self.varies.is_empty() {
                    break;
                }
            }
        }
        Ok(out)
    }

    fn combination(
        &self,
        base: &Spec,
        base_canonical: &mut Option<Spec>,
        players: usize,
        values: &[(String, String)],
        lineup: &[String],
    ) -> Result<Combination, SweepError> {
        let mut label: Vec<String> = values.iter().map(|(k, v)| format!("{k}={v}")).collect();
        label.push(format!("players={players}"));
        if self.lineups.len() > 1 {
            label.push(format!("bots={}", lineup.join(",")));
        }
        let label = label.join(", ");
        let refuse = |why: String| SweepError::Combination {
            combination: label.clone(),
            why,
        };
        let game = game_of(base, base_canonical, players, values, &refuse)?;
        // The sweep's notation into one spec per seat, then the one seat
        // rule.
        let seats =
            crate::seating::fill_every_seat(&super::lineup::per_seat(lineup, players), players)
                .map_err(|_| SweepError::Lineup {
                    combination: label.clone(),
                    given: lineup.len(),
                })?;
        // The game's spec once as text, and the run built once: with one
        // deal to learn its games per deal, then given its deals.
        let game_spec = game.canonical_spec();
        let one_deal = RunSpec::new(
            &game_spec,
            players,
            &seats,
            Count::Deals(1),
            self.seed,
            self.rotate,
        )
        .map_err(|e| refuse(e.to_string()))?;
        let deals = match self.count {
            SweepCount::Deals(d) => d,
            SweepCount::Games(g) => g.div_ceil(one_deal.games_per_deal()),
        };
        let mut run = one_deal
            .with_count(Count::Deals(deals))
            .map_err(|e| refuse(e.to_string()))?;
        run.quality = self.quality;
        let mut values = values.to_vec();
        values.push((LAST_COLUMNS[0].to_string(), players.to_string()));
        values.push((LAST_COLUMNS[1].to_string(), lineup.join(",")));
        Ok(Combination {
            part: Part { values, run },
            game,
        })
    }

    /// The base game's spec, parsed.
    fn base(&self) -> Result<Spec, SweepError> {
        self.game
            .parse()
            .map_err(|e: SpecError| SweepError::Combination {
                combination: format!("game {}", self.game),
                why: e.to_string(),
            })
    }

    /// The game of one point of the sweep's options (`values`, each
    /// `(key, value)` as a [`Vary`] writes them) at `players` players, built
    /// as a combination's is: what a search checks of its points before
    /// its first round.
    pub fn game_of(
        &self,
        players: usize,
        values: &[(String, String)],
    ) -> Result<AnyGame, SweepError> {
        let base = self.base()?;
        let mut label: Vec<String> = values.iter().map(|(k, v)| format!("{k}={v}")).collect();
        label.push(format!("players={players}"));
        let label = label.join(", ");
        let refuse = |why: String| SweepError::Combination {
            combination: label.clone(),
            why,
        };
        game_of(&base, &mut None, players, values, &refuse)
    }
}

/// The game of `base` with `values` set at `players` players; the base's
/// canonical spec cached in `base_canonical` (parsed at the first call,
/// whose label a refusal names).
fn game_of(
    base: &Spec,
    base_canonical: &mut Option<Spec>,
    players: usize,
    values: &[(String, String)],
    refuse: &dyn Fn(String) -> SweepError,
) -> Result<AnyGame, SweepError> {
    // The base game's full options, so that a sub-key changes one count
    // of a list and keeps the others.
    let mut spec = match base_canonical {
        Some(spec) => spec.clone(),
        None => {
            let canonical = AnyGame::from_spec(&base.to_string(), players)
                .map_err(|e| refuse(e.to_string()))?
                .canonical_spec();
            let spec: Spec = canonical
                .parse()
                .map_err(|e: SpecError| refuse(e.to_string()))?;
            base_canonical.insert(spec).clone()
        }
    };
    let table = crate::games::game_info(&spec.name).map_or(&[][..], |g| g.options);
    for (key, value) in values {
        set_option(&mut spec, key, value, table).map_err(|e| match e {
            SetError::Unknown => SweepError::UnknownOption {
                key: key.clone(),
                game: spec.name.clone(),
                allowed: table.iter().map(|o| o.name.to_string()).collect(),
            },
            e => refuse(e.why(key)),
        })?;
    }
    AnyGame::from_spec(&spec.to_string(), players).map_err(|e| match e {
        SpecError::UnknownKey { key, name, allowed } => SweepError::UnknownOption {
            key,
            game: name,
            allowed,
        },
        e => refuse(e.to_string()),
    })
}
