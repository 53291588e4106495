//! The typed specs an experiment file describes, built directly from its
//! settings (never through the command line's strings): its sweeps (a
//! tournament is a sweep of one combination) as one planned sweep, or its
//! leagues as one plan; for `--quick` or the full version. Every error
//! names the file, the line and the key.

use beachcomber::compare::{CompareSpec, PlannedPower};
use beachcomber::league::{DEFAULT_GAMES_PER_PAIRING, LeagueSpec, NamedBot, games_per_deal};
use beachcomber::spec::{SpecError, one_line, one_line_path};
use beachcomber::sweep::{DEFAULT_MAX_COMBINATIONS, SweepCount, SweepError, SweepSpec};
use beachcomber::tournament::Plan;
use beachcomber_bots::{BotConfig, BotSet, LineupError, no_aliases, parse_list};
use serde::Deserialize;

use super::error::ExperimentError;
use super::file::{Experiment, Quick, Step, SubLeague, SubSweep, Values};
use crate::lineups::{LineupsError, canonical_lineup, named_bot, parse_lineups};
use crate::planned::{DEFAULT_GAMES, PlannedLeagues, PlannedSweep};
use beachcomber_store::counts::{Games, Resamples};

/// Games per combination of `--quick` when the file does not say.
const QUICK_GAMES: u64 = 4;

/// Where one sweep's settings come from: the keys (as steps into the
/// file) of its players, bots and each varied option, to name them in
/// errors.
struct SweepOrigin {
    /// `sweep K: ` with `[[sweep]]` tables, else empty.
    which: String,
    players: Vec<Step>,
    bots: Vec<Step>,
    /// The table of the varied options.
    vary: Vec<Step>,
    /// Each varied option, by key.
    varies: Vec<(String, Vec<Step>)>,
}

/// The steps to `key`: in `[quick]` when the quick version's value is
/// used, else in `[[sweep]]` table `table` when it sets the key, else at
/// the top level.
fn origin(quick: bool, table: Option<usize>, group: &str, key: &str) -> Vec<Step> {
    match (quick, table) {
        (true, _) => vec![Step::key("quick"), Step::key(key)],
        (false, Some(i)) => vec![Step::key(group), Step::Item(i), Step::key(key)],
        (false, None) => vec![Step::key(key)],
    }
}

impl Experiment {
    /// `FILE line L: WHICHKEY: ` before an error about the setting at
    /// `steps` (`key` as the file names it).
    fn at(&self, steps: &[Step], which: &str, key: &str) -> String {
        format!("{}: {which}{key}: ", self.source.at(steps))
    }

    /// The sweeps this experiment plays (a tournament: a sweep of one
    /// combination; several with `[[sweep]]`), checked and expanded as one
    /// planned sweep, for `quick` or the full version.
    pub fn planned_sweep(&self, quick: bool) -> Result<PlannedSweep, ExperimentError> {
        let file = one_line_path(&self.source.path);
        let mut planned = Vec::new();
        for (spec, bots, origin) in self.sweep_specs(quick)? {
            let sweep =
                PlannedSweep::expand(&spec, bots, DEFAULT_MAX_COMBINATIONS).map_err(|error| {
                    let which = &origin.which;
                    let at = match &error {
                        SweepError::UnknownOption { key, .. } => {
                            let steps = origin
                                .varies
                                .iter()
                                .find(|(k, _)| k == key)
                                .map_or(&origin.vary, |(_, s)| s);
                            self.at(steps, which, &format!("vary.{key}"))
                        }
                        SweepError::Duplicate(key) => {
                            self.at(&origin.vary, which, &format!("vary.{key}"))
                        }
                        SweepError::Lineup { .. } | SweepError::Empty("lineup") => {
                            self.at(&origin.bots, which, "bots")
                        }
                        SweepError::Empty(_) => self.at(&origin.players, which, "players"),
                        SweepError::TooMany { count, cap } => {
                            return ExperimentError::setting(
                                format!("{file}: {which}"),
                                format!("{count} combinations, more than the cap of {cap}"),
                            );
                        }
                        _ if spec.varies.is_empty() => self.at(&[Step::key("game")], which, "game"),
                        _ => self.at(&origin.vary, which, "vary"),
                    };
                    ExperimentError::Sweep {
                        at,
                        error: Box::new(error),
                    }
                })?;
            planned.push(sweep);
        }
        let planned = PlannedSweep::concat(planned);
        if planned.plan.parts.len() > DEFAULT_MAX_COMBINATIONS {
            return Err(ExperimentError::setting(
                format!("{file}: "),
                format!(
                    "{} combinations, more than the cap of {DEFAULT_MAX_COMBINATIONS}",
                    planned.plan.parts.len(),
                ),
            ));
        }
        Ok(planned)
    }

    /// The comparison of a sweep file (`[criterion]`'s `baseline` and
    /// `margins`, or the top-level ones), checked against `plan`: errors
    /// name the file, the line and the key. For `--quick` (`quick`), a
    /// baseline lineup names the bots `[quick]`'s `replace` puts in place,
    /// as the quick plan's lineups do.
    pub fn compare_spec(
        &self,
        plan: &Plan,
        quick: bool,
    ) -> Result<Option<CompareSpec>, ExperimentError> {
        let (table, baseline, margins) = match &self.criterion {
            Some(c) => (Some("criterion"), c.baseline.as_ref(), c.margins.as_ref()),
            None => (None, self.baseline.as_ref(), self.margins.as_ref()),
        };
        let Some(baseline) = baseline else {
            return Ok(None);
        };
        let at = |steps: &[&str]| self.compare_at(table, steps);
        let mut spec = CompareSpec {
            baseline: self.file_baseline(baseline, quick, &at)?,
            ..CompareSpec::default()
        };
        canonical_lineup(&mut spec);
        add_file_margins(&mut spec, margins, plan, &at)?;
        if let Some(criterion) = &self.criterion {
            self.add_criterion(&mut spec, criterion, plan, &at)?;
        }
        beachcomber::compare::baseline_parts(plan, &spec.baseline).map_err(|error| {
            ExperimentError::Compare {
                at: at(&["baseline"]),
                error: Box::new(error),
            }
        })?;
        Ok(Some(spec))
    }

    /// `FILE line L: [criterion.]KEY[.SUB]: ` for the comparison's setting
    /// `steps` (in the table `table`, if any).
    fn compare_at(&self, table: Option<&str>, steps: &[&str]) -> String {
        let all: Vec<Step> = table.iter().chain(steps).map(|k| Step::key(k)).collect();
        let name: Vec<String> = table.iter().chain(steps).map(|k| one_line(k)).collect();
        format!("{}: {}: ", self.source.at(&all), name.join("."))
    }

    /// The baseline's columns and values (each one value; for `quick`, a
    /// lineup names the bots `[quick]`'s `replace` puts in place).
    fn file_baseline(
        &self,
        baseline: &toml::Table,
        quick: bool,
        at: &dyn Fn(&[&str]) -> String,
    ) -> Result<Vec<(String, String)>, ExperimentError> {
        let text = |v: &toml::Value| match v {
            toml::Value::String(s) => Some(s.clone()),
            toml::Value::Integer(i) => Some(i.to_string()),
            toml::Value::Float(f) => Some(f.to_string()),
            toml::Value::Boolean(b) => Some(b.to_string()),
            _ => None,
        };
        let mut pairs = Vec::new();
        for (key, value) in baseline {
            let value = text(value).ok_or_else(|| {
                ExperimentError::setting(
                    at(&["baseline", key]),
                    "give one value (a number or a word)",
                )
            })?;
            let value = if quick && key == "lineup" {
                quick_replace_text(&self.quick, &value)
            } else {
                value
            };
            pairs.push((key.clone(), value));
        }
        Ok(pairs)
    }

    /// `[criterion]`'s tests, seats, trends, pick rule and preferences
    /// added to `spec` and checked against `plan`.
    fn add_criterion(
        &self,
        spec: &mut CompareSpec,
        criterion: &super::file::Criterion,
        plan: &Plan,
        at: &dyn Fn(&[&str]) -> String,
    ) -> Result<(), ExperimentError> {
        add_file_tests(spec, criterion, at)?;
        if let Some(seats) = &criterion.seats {
            spec.seats = Some(file_seats(seats, at)?);
        }
        self.add_file_trends(spec, criterion, plan)?;
        if let Some(pick) = &criterion.pick {
            check_pick(pick, spec, plan, &|steps: &[&str]| {
                let mut all = vec!["pick"];
                all.extend(steps);
                at(&all)
            })?;
        }
        check_prefer(spec, criterion, at)
    }

    /// `[criterion]`'s declared trend lines added to `spec`, each checked
    /// against `plan`.
    fn add_file_trends(
        &self,
        spec: &mut CompareSpec,
        criterion: &super::file::Criterion,
        plan: &Plan,
    ) -> Result<(), ExperimentError> {
        for (i, t) in criterion.trends.iter().enumerate() {
            let here = format!(
                "{}: criterion.trends (item {}): ",
                self.source
                    .at(&[Step::key("criterion"), Step::key("trends")]),
                i + 1
            );
            let fit = match t.fit.as_deref() {
                None | Some("linear") => beachcomber::stats::trend::Fit::Linear,
                Some("log") => beachcomber::stats::trend::Fit::Log,
                Some(other) => {
                    return Err(ExperimentError::setting(
                        here,
                        format!("fit `{}` is neither `linear` nor `log`", one_line(other)),
                    ));
                }
            };
            let trend = beachcomber::compare::trend::TrendSpec::new(&t.x, fit, t.over.clone())
                .map_err(|error| ExperimentError::Compare {
                    at: here.clone(),
                    error: Box::new(error),
                })?;
            trend
                .check(plan)
                .map_err(|error| ExperimentError::Compare {
                    at: here.clone(),
                    error: Box::new(error),
                })?;
            if !spec.trends.contains(&trend) {
                spec.trends.push(trend);
            }
        }
        Ok(())
    }

    /// The power of the comparison `spec` of `plan` before its games
    /// ([`beachcomber::compare::planned_power`]), at the player counts the
    /// criterion's pick rule names (else every count).
    pub fn planned_power(
        &self,
        plan: &Plan,
        spec: &CompareSpec,
    ) -> Result<Vec<PlannedPower>, ExperimentError> {
        // The player counts the rule picks for, when it names them.
        let decided: Vec<usize> = self
            .criterion
            .as_ref()
            .and_then(|c| c.pick.as_ref())
            .map(|p| p.players.iter().map(|&n| n as usize).collect())
            .unwrap_or_default();
        beachcomber::compare::planned_power(plan, &decided, spec).map_err(|error| {
            ExperimentError::Compare {
                at: format!("{}: ", one_line_path(&self.source.path)),
                error: Box::new(error),
            }
        })
    }

    /// Each sweep's spec, bots and the origin of its settings.
    fn sweep_specs(
        &self,
        quick: bool,
    ) -> Result<Vec<(SweepSpec, BotSet, SweepOrigin)>, ExperimentError> {
        let q = &self.quick;
        let whole = [SubSweep::default()];
        let tables = !self.sweeps.is_empty();
        let subs: &[SubSweep] = if tables { &self.sweeps } else { &whole };
        let mut out = Vec::new();
        for (i, sub) in subs.iter().enumerate() {
            let table = tables.then_some(i);
            let which = if tables {
                format!("sweep {}: ", i + 1)
            } else {
                String::new()
            };
            // Players.
            let (players, players_at) = match (quick, &q.players) {
                (true, Some(p)) => (p, origin(true, None, "sweep", "players")),
                _ => match (&sub.players, &self.players) {
                    (Some(p), _) => (p, origin(false, table, "sweep", "players")),
                    (None, Some(p)) => (p, origin(false, None, "sweep", "players")),
                    (None, None) => {
                        return Err(ExperimentError::setting(
                            format!("{}: {which}", one_line_path(&self.source.path)),
                            "`players` is missing",
                        ));
                    }
                },
            };
            let players = players.counts().map_err(|error| ExperimentError::Sweep {
                at: self.at(&players_at, &which, "players"),
                error: Box::new(error),
            })?;
            // Lineups, with `[quick]`'s bots or replacements.
            let (lists, bots_at) = match (quick, &q.bots) {
                (true, Some(b)) => (b.list(), origin(true, None, "sweep", "bots")),
                _ => match (&sub.bots, &self.bots) {
                    (Some(b), _) => (b.list(), origin(false, table, "sweep", "bots")),
                    (None, b) => (
                        b.as_ref().map(|b| b.list()).unwrap_or_default(),
                        origin(false, None, "sweep", "bots"),
                    ),
                },
            };
            let lists = if lists.is_empty() {
                vec![beachcomber_store::build::DEFAULT_BOTS.to_string()]
            } else {
                lists
            };
            let bots_at_text = self.at(&bots_at, &which, "bots");
            let (lineups, bots) = if quick {
                quick_lineups(q, &lists, &bots_at_text)?
            } else {
                parse_lineups(&lists, &no_aliases).map_err(|error| ExperimentError::Lineups {
                    at: bots_at_text,
                    error: Box::new(error),
                })?
            };
            // The varied options: `[quick]`'s values replace only a key
            // this sweep varies over more than one value (a reference
            // sweep at one value keeps it).
            let (vary, vary_at) = match &sub.vary {
                Some(v) => (v, origin(false, table, "sweep", "vary")),
                None => (&self.vary, vec![Step::key("vary")]),
            };
            let mut varies = Vec::new();
            let mut vary_origins = Vec::new();
            for (key, value) in vary {
                let mut steps = vary_at.clone();
                steps.push(Step::Key(key.clone()));
                let value = match (quick, q.vary.get(key)) {
                    (true, Some(v)) if value_count(key, value) > 1 => {
                        steps = vec![Step::key("quick"), Step::key("vary"), Step::key(key)];
                        v
                    }
                    _ => value,
                };
                let key_text = format!("vary.{}", beachcomber::spec::one_line(key));
                let at = self.at(&steps, &which, &key_text);
                let vary = super::file::vary_value(key, value, at)?;
                vary_origins.push((vary.key.clone(), steps));
                varies.push(vary);
            }
            let count = if quick {
                SweepCount::Games(q.games.map_or(QUICK_GAMES, Games::get))
            } else {
                let (games, deals) = if sub.games.is_some() || sub.deals.is_some() {
                    (sub.games, sub.deals)
                } else {
                    (self.games, self.deals)
                };
                match (games, deals) {
                    (_, Some(d)) => SweepCount::Deals(d.get()),
                    (Some(g), None) => SweepCount::Games(g.get()),
                    (None, None) => SweepCount::Games(DEFAULT_GAMES),
                }
            };
            let spec = SweepSpec {
                game: self.game.clone().unwrap_or_default(),
                players,
                varies,
                lineups,
                count,
                seed: self.seed,
                rotate: sub.rotate.unwrap_or(self.rotate),
                quality: self.quality,
            };
            let origin = SweepOrigin {
                which,
                players: players_at,
                bots: bots_at,
                vary: vary_at,
                varies: vary_origins,
            };
            out.push((spec, bots, origin));
        }
        Ok(out)
    }

    /// `FILE line L: league K: ` before an error about league `i`'s
    /// setting `key`: the `[[league]]` table's line with tables, else the
    /// key's line.
    fn league_error_at(&self, i: usize, key: &str) -> String {
        if self.leagues.is_empty() {
            format!("{}: ", self.source.at(&[Step::key(key)]))
        } else {
            self.league_at(i)
        }
    }

    /// The leagues this experiment plays, checked and expanded as one
    /// plan, for `quick` or the full version. With `--quick`, `[quick]`'s
    /// `games_per_pairing` (rounded up to whole deals of each league),
    /// `bots`, `players` and `replace` apply to every league; a bot that
    /// `replace` makes the same as another of its league is kept once (at
    /// the first one's place), and a league that `players` makes the same
    /// as an earlier one is dropped.
    pub fn planned_leagues(&self, quick: bool) -> Result<PlannedLeagues, ExperimentError> {
        let mut leagues: Vec<beachcomber::league::League> = Vec::new();
        let mut all_bots = BotSet::default();
        for (i, sub) in self.league_tables().iter().enumerate() {
            let at = |key: &str| self.league_error_at(i, key);
            let (league, bots) = self.file_league(i, sub, quick)?;
            let players = league.run.players;
            if let Some(j) = leagues
                .iter()
                .position(|l| l.run.game == league.run.game && l.run.players == players)
            {
                if quick {
                    continue;
                }
                return Err(ExperimentError::setting(
                    at("game"),
                    format!(
                        "the same game and player count as league {} (`{}`, {players} players): \
                         rate those bots in one league",
                        j + 1,
                        league.run.game
                    ),
                ));
            }
            for (_, config) in bots {
                all_bots.insert(config);
            }
            leagues.push(league);
        }
        Ok(PlannedLeagues {
            labelled: leagues.len() > 1,
            leagues,
            bots: all_bots,
            resamples: self.resamples.unwrap_or(Resamples::DEFAULT),
        })
    }

    /// League `i` (its table `sub`), checked, with its bots by name.
    fn file_league(
        &self,
        i: usize,
        sub: &SubLeague,
        quick: bool,
    ) -> Result<(beachcomber::league::League, Vec<(String, BotConfig)>), ExperimentError> {
        let at = |key: &str| self.league_error_at(i, key);
        let game = sub
            .game
            .as_ref()
            .or(self.game.as_ref())
            .ok_or_else(|| ExperimentError::setting(at("game"), "`game` is missing"))?;
        let players = self.league_players(i, sub, quick)?;
        let bots = self.league_bots(i, sub, quick)?;
        let games_per_pairing = self.league_games_per_pairing(i, sub, quick, players)?;
        let names: Vec<String> = bots.iter().map(|(n, _)| n.clone()).collect();
        let anchor = self.league_anchor(sub, quick, &names);
        let spec = LeagueSpec {
            game: game.clone(),
            players,
            bots: names,
            games_per_pairing,
            seed: self.seed,
            anchor,
        };
        let league = spec.check().map_err(|error| ExperimentError::League {
            at: at(error.setting().key()),
            error: Box::new(error),
        })?;
        Ok((league, bots))
    }

    /// League `i`'s one player count (`[quick]`'s with `quick`).
    fn league_players(
        &self,
        i: usize,
        sub: &SubLeague,
        quick: bool,
    ) -> Result<usize, ExperimentError> {
        let at = |key: &str| self.league_error_at(i, key);
        let players = match (quick, &self.quick.players) {
            (true, Some(p)) => p,
            _ => sub
                .players
                .as_ref()
                .or(self.players.as_ref())
                .ok_or_else(|| ExperimentError::setting(at("players"), "`players` is missing"))?,
        };
        let players = players.counts().map_err(|error| ExperimentError::Sweep {
            at: format!("{}players: ", at("players")),
            error: Box::new(error),
        })?;
        let [players] = players[..] else {
            return Err(ExperimentError::setting(
                at("players"),
                "a league is played at one player count (give one `[[league]]` table per \
                 count)",
            ));
        };
        Ok(players)
    }

    /// League `i`'s bots by name (with `quick`, `[quick]`'s, replaced as
    /// `replace` says, each once where it first appears).
    fn league_bots(
        &self,
        i: usize,
        sub: &SubLeague,
        quick: bool,
    ) -> Result<Vec<(String, BotConfig)>, ExperimentError> {
        let q = &self.quick;
        let at = |key: &str| self.league_error_at(i, key);
        let lists = match (quick, &q.bots) {
            (true, Some(b)) => b.list(),
            _ => sub
                .bots
                .as_ref()
                .or(self.bots.as_ref())
                .map(|b| b.list())
                .ok_or_else(|| {
                    ExperimentError::setting(at("bots"), "`bots` is missing (the bots to rate)")
                })?,
        };
        let mut bots: Vec<(String, BotConfig)> = Vec::new();
        for text in &lists {
            let parsed = parse_named(text).map_err(|e| ExperimentError::Lineups {
                at: format!("{}bots: ", at("bots")),
                error: Box::new(e.into()),
            })?;
            bots.extend(parsed);
        }
        if quick {
            bots = quick_replace_bots(q, bots).map_err(|error| ExperimentError::Spec {
                at: format!("{}quick.replace: ", at("bots")),
                error: Box::new(error),
            })?;
            // Each bot once, where it first appears.
            let mut kept: Vec<(String, BotConfig)> = Vec::new();
            for (name, config) in bots {
                if !kept.iter().any(|(n, _)| *n == name) {
                    kept.push((name, config));
                }
            }
            bots = kept;
        }
        Ok(bots)
    }

    /// League `i`'s games per pairing (with `quick`, `[quick]`'s rounded up
    /// to whole deals of `players`).
    fn league_games_per_pairing(
        &self,
        i: usize,
        sub: &SubLeague,
        quick: bool,
        players: usize,
    ) -> Result<u64, ExperimentError> {
        let q = &self.quick;
        if !quick {
            return Ok(sub
                .games_per_pairing
                .or(self.games_per_pairing)
                .unwrap_or(DEFAULT_GAMES_PER_PAIRING));
        }
        // Whole deals of this league: the games of a pairing's rotations
        // (2, or 2 x players), rounded up. (0 players: refused later with
        // the league's own message.)
        let deal = games_per_deal(players).max(1);
        q.games_per_pairing
            .unwrap_or(deal)
            .div_ceil(deal)
            .checked_mul(deal)
            .ok_or_else(|| {
                ExperimentError::setting(
                    self.league_error_at(i, "games_per_pairing"),
                    format!(
                        "[quick] games_per_pairing {}: more games than a run can count",
                        q.games_per_pairing.unwrap_or(deal)
                    ),
                )
            })
    }

    /// The league's anchor among `names` (with `quick`, the cheaper bot
    /// `replace` puts in its place, or none, the first bot, if `[quick]`'s
    /// bots leave it out).
    fn league_anchor(&self, sub: &SubLeague, quick: bool, names: &[String]) -> Option<NamedBot> {
        let text = sub.anchor.as_ref().or(self.anchor.as_ref())?;
        let canonical = named_bot(text, &no_aliases).canonical;
        if quick {
            let canonical = quick_replaced(&self.quick, &canonical).unwrap_or(canonical);
            names.contains(&canonical).then(|| NamedBot {
                text: canonical.clone(),
                canonical,
            })
        } else {
            Some(NamedBot {
                text: text.clone(),
                canonical,
            })
        }
    }
}

/// The file's margins added to `spec` (a game-quality metric only when
/// `plan` measures it).
fn add_file_margins(
    spec: &mut CompareSpec,
    margins: Option<&toml::Table>,
    plan: &Plan,
    at: &dyn Fn(&[&str]) -> String,
) -> Result<(), ExperimentError> {
    for (key, value) in margins.into_iter().flatten() {
        let value = match value {
            toml::Value::Integer(i) => i.to_string(),
            toml::Value::Float(f) => f.to_string(),
            _ => String::new(),
        };
        spec.add_margin(key, &value)
            .map_err(|error| ExperimentError::Compare {
                at: at(&["margins", key]),
                error: Box::new(error),
            })?;
        let quality = beachcomber::compare::Metric::QUALITY
            .iter()
            .any(|m| m.name() == key.as_str());
        if quality && !plan.quality() {
            return Err(ExperimentError::setting(
                at(&["margins", key]),
                "a game-quality metric is compared only when the games measure it: add \
                 `quality = true` to the file",
            ));
        }
    }
    Ok(())
}

/// `[criterion]`'s tests added to `spec`, each metric with a margin.
fn add_file_tests(
    spec: &mut CompareSpec,
    criterion: &super::file::Criterion,
    at: &dyn Fn(&[&str]) -> String,
) -> Result<(), ExperimentError> {
    for (key, value) in criterion.tests.iter().flatten() {
        let here = at(&["tests", key]);
        let test = value
            .as_str()
            .ok_or_else(|| ExperimentError::setting(&here, "give the test's name"))?;
        spec.add_test(key, test)
            .map_err(|e| ExperimentError::setting(&here, e.to_string()))?;
        let metric = beachcomber::compare::Metric::from_name(key);
        if metric.is_some_and(|m| !spec.margins.iter().any(|(k, _)| *k == m)) {
            return Err(ExperimentError::setting(
                &here,
                format!(
                    "`{}` has no margin in criterion.margins (a test needs one)",
                    one_line(key)
                ),
            ));
        }
    }
    Ok(())
}

/// `[criterion]`'s seats: a word or a list of seats
/// ([`beachcomber::compare::Seats::parse`], as `--seats`).
fn file_seats(
    seats: &toml::Value,
    at: &dyn Fn(&[&str]) -> String,
) -> Result<beachcomber::compare::Seats, ExperimentError> {
    let text = match seats {
        toml::Value::String(s) => Some(s.clone()),
        toml::Value::Array(items) => items
            .iter()
            .map(|i| i.as_integer().map(|n| n.to_string()))
            .collect::<Option<Vec<_>>>()
            .map(|v| v.join(",")),
        _ => None,
    };
    text.ok_or_else(|| ExperimentError::setting(at(&["seats"]), "give a word or a list of seats"))
        .and_then(|t| {
            beachcomber::compare::Seats::parse(&t)
                .map_err(|e| ExperimentError::setting(at(&["seats"]), e.to_string()))
        })
}

/// Each metric `[criterion]`'s `prefer` names has a margin (a verdict to
/// prefer).
fn check_prefer(
    spec: &CompareSpec,
    criterion: &super::file::Criterion,
    at: &dyn Fn(&[&str]) -> String,
) -> Result<(), ExperimentError> {
    for name in &criterion.prefer {
        let metric = beachcomber::compare::Metric::from_name(name);
        if metric.is_none_or(|m| spec.margin(m).is_none()) {
            return Err(ExperimentError::setting(
                at(&["prefer"]),
                format!(
                    "`{}` has no margin in criterion.margins (no verdict to prefer)",
                    one_line(name)
                ),
            ));
        }
    }
    Ok(())
}

/// The bots of `text` (specs separated by top-level commas), each with
/// its canonical spec, in order.
fn parse_named(text: &str) -> Result<Vec<(String, BotConfig)>, LineupError> {
    Ok(parse_list(text)?
        .into_iter()
        .map(|c| (c.to_string(), c))
        .collect())
}

/// How many values `values` (a varied option `key`'s, as the file writes
/// them) stands for; 0 when they are malformed (reported where they are
/// read).
fn value_count(key: &str, values: &toml::Value) -> usize {
    Values::deserialize(values.clone())
        .ok()
        .and_then(|v| v.vary(key).ok())
        .map_or(0, |v| v.values.len())
}

/// The lineups of `lists` for `--quick`: each bot that `replace` names
/// replaced by its cheaper bot, and their bots; errors begin with `at`
/// (where the lineups are).
fn quick_lineups(
    quick: &Quick,
    lists: &[String],
    at: &str,
) -> Result<(Vec<Vec<String>>, BotSet), ExperimentError> {
    let lineups_error = |error: LineupsError| ExperimentError::Lineups {
        at: at.to_string(),
        error: Box::new(error),
    };
    let mut lineups = Vec::new();
    let mut bots = BotSet::default();
    for text in lists {
        let named = parse_named(text).map_err(|e| lineups_error(e.into()))?;
        let lineup = quick_replace_bots(quick, named).map_err(|error| ExperimentError::Spec {
            at: format!("{at}quick.replace: "),
            error: Box::new(error),
        })?;
        let names: Vec<String> = lineup.iter().map(|(n, _)| n.clone()).collect();
        if lineups.contains(&names) {
            return Err(lineups_error(LineupsError::Twice(text.clone())));
        }
        for (_, config) in lineup {
            bots.insert(config);
        }
        lineups.push(names);
    }
    Ok((lineups, bots))
}

/// `bots` with the quick version's replacements ([`quick_replaced`]); the
/// error is a replacement's that is no bot spec.
fn quick_replace_bots(
    quick: &Quick,
    bots: Vec<(String, BotConfig)>,
) -> Result<Vec<(String, BotConfig)>, SpecError> {
    bots.into_iter()
        .map(|(name, config)| match quick_replaced(quick, &name) {
            None => Ok((name, config)),
            Some(to) => {
                let config = BotConfig::parse(&to)?;
                Ok((config.to_string(), config))
            }
        })
        .collect()
}

/// The bot `replace` puts in the place of the bot `canonical` (matched by
/// canonical specs: `ismcts(iterations=1000)` also matches
/// `ismcts(iterations=1000,c=0.7,...)`), canonical when it is a bot spec;
/// `None` when `replace` does not name it.
fn quick_replaced(quick: &Quick, canonical: &str) -> Option<String> {
    quick
        .replace
        .iter()
        .find(|(from, _)| BotConfig::parse(from).is_ok_and(|c| c.to_string() == canonical))
        .map(|(_, to)| named_bot(to, &no_aliases).canonical)
}

/// `text` (a plot filter's value) with the quick version's replacements:
/// each bot spec in it that `replace` names becomes its cheaper bot's
/// canonical spec. Text that holds no such spec is returned as it is.
pub fn quick_replace_text(quick: &Quick, text: &str) -> String {
    let Ok(specs) = beachcomber::spec::split_top_level(text) else {
        return text.to_string();
    };
    let mut changed = false;
    let specs: Vec<String> = specs
        .iter()
        .map(|spec| {
            let replaced = BotConfig::parse(spec)
                .ok()
                .and_then(|c| quick_replaced(quick, &c.to_string()));
            match replaced {
                Some(to) => {
                    changed = true;
                    to
                }
                None => spec.to_string(),
            }
        })
        .collect();
    if changed {
        specs.join(",")
    } else {
        text.to_string()
    }
}

#[cfg(test)]
#[path = "specs_tests.rs"]
mod tests;

/// A `[criterion.pick]` checked against the comparison and the plan: every
/// `accept` metric has a margin (a test to pass), `by` is a value column
/// or a compared metric, and `best` is `lowest` or `highest`.
fn check_pick(
    pick: &crate::experiment::pick::PickRule,
    spec: &CompareSpec,
    plan: &Plan,
    at: &dyn Fn(&[&str]) -> String,
) -> Result<(), ExperimentError> {
    use beachcomber::compare::Metric;
    if pick.accept.is_empty() && pick.within.is_empty() {
        return Err(ExperimentError::setting(
            at(&["accept"]),
            "name at least one row that must pass ({ metric = \"max_seat_ratio\", lineup = \"greedy\" }), in `accept` or `within`",
        ));
    }
    crate::experiment::pick_within::check_within(pick, at)?;
    for f in &pick.accept {
        if Metric::from_name(&f.metric).is_none_or(|m| spec.margin(m).is_none()) {
            return Err(ExperimentError::setting(
                at(&["accept"]),
                format!(
                    "`{}` has no margin in criterion.margins (no test to pass)",
                    one_line(&f.metric)
                ),
            ));
        }
    }
    let columns = plan.value_columns();
    let column = columns.iter().any(|c| *c == pick.by && *c != "lineup");
    if !column && Metric::from_name(&pick.by).is_none() {
        return Err(ExperimentError::setting(
            at(&["by"]),
            format!(
                "`{}` is neither a value column ({}) nor a metric of compare.csv",
                one_line(&pick.by),
                columns.join(", ")
            ),
        ));
    }
    if let Some(best) = pick
        .best
        .as_deref()
        .filter(|b| !["lowest", "highest"].contains(b))
    {
        return Err(ExperimentError::setting(
            at(&["best"]),
            format!("`{}` is not `lowest` or `highest`", one_line(best)),
        ));
    }
    Ok(())
}
