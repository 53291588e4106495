//! An experiment file: its schema (docs/experiments.md) and reading it,
//! every error naming the file, the line and the key ([`Source`]).

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use beachcomber::regular_file::{MAX_SPEC_BYTES, read_regular_text};
use beachcomber::spec::{one_line, one_line_path};
use beachcomber::spec_files::resolve_spec_files;
use beachcomber::sweep::{SweepError, Vary, parse_player_counts};
use beachcomber_store::counts::{Deals, Games, Resamples};
use serde::Deserialize;

use super::error::ExperimentError;
use crate::plot_spec::{PlotKind, PlotSpec};

/// What an experiment runs.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Kind {
    /// One lineup at one player count.
    Tournament,
    /// A round robin between bots, rated.
    League,
    /// Every combination of varied options, player counts and lineups.
    Sweep,
    /// A design-space search in rounds (docs/search.md): its space, goal
    /// and budget in `[criterion.search]`.
    Search,
    /// A model trained on a teacher's self-play (docs/learning.md): its
    /// settings at the top level, the model written to `models/NAME.json`.
    Train,
}

/// `players = 2`, `players = [2, 3]` or `players = "2..=5"`.
#[derive(Clone, Debug, Deserialize)]
#[serde(untagged)]
pub enum Players {
    /// One count.
    One(u64),
    /// Several counts.
    Many(Vec<u64>),
    /// A list or range in `--players` syntax.
    Text(String),
}

impl Players {
    /// The player counts, in order.
    pub fn counts(&self) -> Result<Vec<usize>, SweepError> {
        let count =
            |n: u64| usize::try_from(n).map_err(|_| SweepError::NotAPlayerCount(n.to_string()));
        match self {
            Players::One(n) => Ok(vec![count(*n)?]),
            Players::Many(list) => {
                let mut counts = Vec::new();
                for &n in list {
                    let n = count(n)?;
                    if counts.contains(&n) {
                        return Err(SweepError::Malformed {
                            text: format!("{list:?}"),
                            why: format!("the player count {n} is given twice"),
                        });
                    }
                    counts.push(n);
                }
                Ok(counts)
            }
            Players::Text(text) => parse_player_counts(text),
        }
    }
}

/// `bots = "greedy"` or `bots = ["random", "greedy,random"]`.
#[derive(Clone, Debug, Deserialize)]
#[serde(untagged)]
pub enum Bots {
    /// One lineup (or, for a league, the bots separated by commas).
    One(String),
    /// Several lineups (a league: several bots).
    Many(Vec<String>),
}

impl Bots {
    /// The lineups (a league: the bots), as written.
    pub fn list(&self) -> Vec<String> {
        match self {
            Bots::One(s) => vec![s.clone()],
            Bots::Many(v) => v.clone(),
        }
    }
}

/// The values of a varied option: `"0..=50:5"`, `[0, 5, 10]`, `["simple",
/// "advanced"]`, or one value.
#[derive(Clone, Debug, Deserialize)]
#[serde(untagged)]
pub enum Values {
    /// One integer.
    Int(i64),
    /// In `--vary` syntax: values and ranges separated by commas.
    Text(String),
    /// A list of values.
    List(Vec<Value>),
}

/// One value of a list.
#[derive(Clone, Debug, Deserialize)]
#[serde(untagged)]
pub enum Value {
    /// An integer.
    Int(i64),
    /// A word.
    Text(String),
}

/// The option `key` varied over the TOML `value` of an experiment file
/// (`at`: where it is, as an error begins).
pub fn vary_value(key: &str, value: &toml::Value, at: String) -> Result<Vary, ExperimentError> {
    Values::deserialize(value.clone())
        .map_err(|_| {
            ExperimentError::setting(
                at.clone(),
                "write a list, a range (\"0..=50:5\") or one value",
            )
        })?
        .vary(key)
        .map_err(|error| ExperimentError::Sweep {
            at,
            error: Box::new(error),
        })
}

impl Values {
    /// The option `key` varied over these values.
    pub fn vary(&self, key: &str) -> Result<Vary, SweepError> {
        match self {
            Values::Int(i) => Vary::from_items(key, &[i.to_string()]),
            Values::Text(text) => Vary::parse(key, text),
            Values::List(list) => {
                let items: Vec<String> = list
                    .iter()
                    .map(|x| match x {
                        Value::Int(i) => i.to_string(),
                        Value::Text(t) => t.clone(),
                    })
                    .collect();
                Vary::from_items(key, &items)
            }
        }
    }
}

/// The tiny version `--quick` runs: what it changes.
#[derive(Clone, Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Quick {
    /// Games per combination (default 4).
    pub games: Option<Games>,
    /// Games per pairing of a league.
    pub games_per_pairing: Option<u64>,
    /// Other lineups (e.g. cheaper bots).
    pub bots: Option<Bots>,
    /// Bots replaced in every lineup and plot filter, matched by their
    /// canonical specs (`"ismcts(iterations=2000)" =
    /// "ismcts(iterations=20)"`): the same lineups with cheaper bots.
    #[serde(default)]
    pub replace: BTreeMap<String, String>,
    /// Other player counts.
    pub players: Option<Players>,
    /// Other values for some varied options.
    #[serde(default)]
    pub vary: toml::Table,
    /// The fit's steps of a training (`kind = "train"`).
    pub steps: Option<u32>,
    /// Games per bot of the speed measurement (default: 2 when the file
    /// measures speed).
    pub speed_games: Option<u64>,
}

/// One of several leagues of an experiment (`[[league]]`): what it sets
/// replaces the file's top-level value; the leagues are played in order in
/// one plan.
#[derive(Clone, Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SubLeague {
    /// The game spec.
    pub game: Option<String>,
    /// The player count (one).
    pub players: Option<Players>,
    /// The bots to rate.
    pub bots: Option<Bots>,
    /// Games per pairing.
    pub games_per_pairing: Option<u64>,
    /// The bot rated 0 (one of `bots`; default: the first).
    pub anchor: Option<String>,
}

/// One of several sweeps of an experiment (`[[sweep]]`): what it sets
/// replaces the file's top-level value; its combinations follow those of
/// the sweeps before it in one plan.
#[derive(Clone, Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SubSweep {
    /// The player counts.
    pub players: Option<Players>,
    /// The lineups.
    pub bots: Option<Bots>,
    /// Games per combination.
    pub games: Option<Games>,
    /// Deals per combination.
    pub deals: Option<Deals>,
    /// Rotate mixed lineups.
    pub rotate: Option<bool>,
    /// The varied options (replacing the top-level `[vary]` entirely).
    pub vary: Option<toml::Table>,
}

/// The decision rule of a sweep experiment (`[criterion]`), written before
/// any result exists: the rule in words, the baseline every combination of
/// every `[[sweep]]` table is compared with, the equivalence margins, and
/// the metrics that decide, most important first.
#[derive(Clone, Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Criterion {
    /// The rule in words (printed at the top of summary.md).
    pub text: Option<String>,
    /// The combination every other is compared with: value columns and
    /// their values.
    pub baseline: Option<toml::Table>,
    /// Equivalence margins of `compare.csv`'s metrics.
    pub margins: Option<toml::Table>,
    /// The test per metric (`equivalent`, `non-inferior`, `superior`;
    /// default `equivalent`), each with a margin ([`beachcomber::compare`]).
    pub tests: Option<toml::Table>,
    /// The seats compared: `"first"`, a list of seats, `"each"` or
    /// `"best-worst"` ([`beachcomber::compare::Seats`]).
    pub seats: Option<toml::Value>,
    /// The metrics that decide, most important first (each with a
    /// margin): the answer tables show them first, in this order.
    #[serde(default)]
    pub prefer: Vec<String>,
    /// The combinations the experiment recommends, replayed with a fresh
    /// seed together with the baseline (`confirm.csv`): each a table of
    /// value columns and their values (`{ removed = 35 }`).
    #[serde(default)]
    pub confirm: Vec<toml::Table>,
    /// The seed of the confirmation runs (default: the run seed + 1).
    pub confirm_seed: Option<u64>,
    /// The tool's picks (`[criterion.pick]`): the settings passing the
    /// named tests, then the rule's preference; confirmed on
    /// `confirm_seed` when `confirm` is empty ([`super::pick`]).
    pub pick: Option<super::pick::PickRule>,
    /// The commit whose published games this criterion plays again (its
    /// seed is one committed results used): the run is allowed and
    /// labelled `same games as <commit>` (docs/experiments.md).
    pub same_games_as: Option<String>,
    /// A search's space, goal and budget (`[criterion.search]`, kind =
    /// "search").
    pub search: Option<super::search_table::SearchTable>,
    /// Declared trend lines of `trends.csv` (besides the automatic ones of
    /// numeric varied keys): `{ x = "mean_turns", fit = "log", over =
    /// ["deck.Shell"] }`.
    #[serde(default)]
    pub trends: Vec<TrendTable>,
    /// Balance by skill (`[criterion.skill]`): the league's ratings of the
    /// mirror lineups' bots, for `skill.csv` and its answer
    /// ([`super::skill`]).
    pub skill: Option<super::skill::SkillTable>,
}

impl Criterion {
    /// The seed of the confirmation runs of an experiment run on
    /// `run_seed`: `confirm_seed`, or the run seed + 1 (wrapping).
    pub fn confirmation_seed(&self, run_seed: u64) -> u64 {
        self.confirm_seed.unwrap_or(run_seed.wrapping_add(1))
    }
}

/// One declared trend of `[criterion]`'s `trends`.
#[derive(Clone, Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TrendTable {
    /// A numeric varied key, or `mean_turns` / `tie_rate`.
    pub x: String,
    /// `linear` (the default) or `log`.
    pub fit: Option<String>,
    /// The varied keys pooled into one series (required for a metric x).
    #[serde(default)]
    pub over: Vec<String>,
}

/// An experiment file (docs/experiments.md).
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Experiment {
    /// `tournament`, `league`, `sweep`, `search` or `train`.
    pub kind: Kind,
    /// A title for summary.md.
    pub title: Option<String>,
    /// The question the experiment answers, for summary.md.
    pub question: Option<String>,
    /// The game spec (a league may give it in each `[[league]]` instead).
    pub game: Option<String>,
    /// The player counts (one for a tournament or league).
    pub players: Option<Players>,
    /// The lineups (a league: the bots to rate).
    pub bots: Option<Bots>,
    /// Games per combination (at least: whole deals).
    pub games: Option<Games>,
    /// Deals per combination.
    pub deals: Option<Deals>,
    /// Games per pairing (a league).
    pub games_per_pairing: Option<u64>,
    /// Bootstrap resamples of a league's intervals.
    pub resamples: Option<Resamples>,
    /// A league's bot rated 0 (one of `bots`; default: the first).
    pub anchor: Option<String>,
    /// The run seed.
    #[serde(default = "default_seed")]
    pub seed: u64,
    /// Rotate mixed lineups through the seats.
    #[serde(default = "default_true")]
    pub rotate: bool,
    /// Keep every game's record.
    #[serde(default)]
    pub records: bool,
    /// Measure the game-quality metrics (a tournament or a sweep: every
    /// combination; docs/statistics.md): their columns in games.csv and
    /// metrics.csv.
    #[serde(default)]
    pub quality: bool,
    /// The varied options, in order (a sweep).
    #[serde(default)]
    pub vary: toml::Table,
    /// The tiny version.
    #[serde(default)]
    pub quick: Quick,
    /// The combination every other is compared with (a sweep's
    /// `compare.csv`): value columns and their values.
    pub baseline: Option<toml::Table>,
    /// Equivalence margins of `compare.csv`'s metrics.
    pub margins: Option<toml::Table>,
    /// The decision rule (`[criterion]`: text, baseline, margins,
    /// preference), for every `[[sweep]]` table; replaces the top-level
    /// `baseline` and `margins`.
    pub criterion: Option<Criterion>,
    /// Several sweeps in one plan (`[[sweep]]`), each overriding the
    /// top-level players, bots, games, deals, rotate and vary.
    #[serde(default, rename = "sweep")]
    pub sweeps: Vec<SubSweep>,
    /// Several leagues in one plan (`[[league]]`), each overriding the
    /// top-level game, players, bots and games per pairing.
    #[serde(default, rename = "league")]
    pub leagues: Vec<SubLeague>,
    /// Games per bot of a league's speed measurement (0: none).
    #[serde(default)]
    pub speed_games: u64,
    /// The file, to say where a setting is (for errors).
    #[serde(skip)]
    pub source: Source,
    /// The figures to draw.
    #[serde(default, rename = "plot")]
    pub plots: Vec<PlotSpec>,
    /// A training's teacher bot (`kind = "train"`).
    pub teacher: Option<String>,
    /// A training's held-out share of the games.
    pub holdout: Option<f64>,
    /// A training's gradient steps.
    pub steps: Option<u32>,
    /// A training's ridge.
    pub ridge: Option<f64>,
    /// A training's feature set (`encoding`, `encoding+evaluate`).
    pub features: Option<String>,
    /// A training's model name: the file `models/NAME.json`.
    pub model: Option<String>,
}

fn default_seed() -> u64 {
    beachcomber::rng::DEFAULT_SEED
}

fn default_true() -> bool {
    true
}

impl Experiment {
    /// Read and check an experiment file: errors name the file, the line
    /// and the key.
    pub fn read(path: &Path) -> Result<Experiment, ExperimentError> {
        let text =
            read_regular_text(path, MAX_SPEC_BYTES).map_err(|error| ExperimentError::Read {
                path: path.to_path_buf(),
                error,
            })?;
        let mut experiment: Experiment = toml::from_str(&text).map_err(|e| {
            let line = e
                .span()
                .map(|s| format!(" line {}", text[..s.start].matches('\n').count() + 1))
                .unwrap_or_default();
            ExperimentError::Toml {
                at: format!("{}{line}", one_line_path(path)),
                message: one_line(&e.message().trim().replace('\n', " ")),
            }
        })?;
        experiment.source = Source {
            path: path.to_path_buf(),
            text: text.clone(),
        };
        experiment.check()?;
        experiment.resolve_files()?;
        Ok(experiment)
    }

    /// Where the keys `steps` are in the file (`file line N`).
    pub(crate) fn at_keys(&self, steps: &[&str]) -> String {
        let steps: Vec<Step> = steps.iter().map(|k| Step::key(k)).collect();
        self.source.at(&steps)
    }

    /// Every check of a file read, in order: the first failing is the error.
    fn check(&self) -> Result<(), ExperimentError> {
        self.check_vary_values()?;
        self.check_tables()?;
        self.check_criterion()?;
        self.check_kind()?;
        self.check_train_keys()?;
        self.check_plots()
    }

    /// Each `vary` value (and `quick.vary`'s) is a list, a range or one value.
    fn check_vary_values(&self) -> Result<(), ExperimentError> {
        for (table, vary) in [
            (&["vary"][..], &self.vary),
            (&["quick", "vary"][..], &self.quick.vary),
        ] {
            for (key, value) in vary {
                if Values::deserialize(value.clone()).is_err() {
                    let mut steps = table.to_vec();
                    steps.push(key);
                    return Err(ExperimentError::setting(
                        format!("{}: vary.{}: ", self.at_keys(&steps), one_line(key)),
                        "write a list (`[0, 5]`, `[\"a\", \"b\"]`), a range (`\"0..=50:5\"`) \
                         or one value",
                    ));
                }
            }
        }
        Ok(())
    }

    /// `players` is given, and each table belongs to the file's kind.
    fn check_tables(&self) -> Result<(), ExperimentError> {
        // A table's place in the file (`at(&["league"])`: the file's key names,
        // which the store's kind test allows to spell a command's name).
        let at = |keys: &[&str]| self.at_keys(keys);
        if self.players.is_none() && self.sweeps.iter().any(|s| s.players.is_none()) {
            return Err(ExperimentError::setting(
                format!("{}: ", one_line_path(&self.source.path)),
                "`players` is missing",
            ));
        }
        if !self.sweeps.is_empty() && self.kind != Kind::Sweep {
            return Err(ExperimentError::setting(
                format!("{}: ", at(&["sweep"])),
                "`[[sweep]]` tables belong to kind = \"sweep\"",
            ));
        }
        if !self.leagues.is_empty() && self.kind != Kind::League {
            return Err(ExperimentError::setting(
                format!("{}: ", at(&["league"])),
                "`[[league]]` tables belong to kind = \"league\"",
            ));
        }
        if self.kind != Kind::League && (self.speed_games > 0 || self.quick.speed_games.is_some()) {
            let key: &[&str] = if self.speed_games > 0 {
                &["speed_games"]
            } else {
                &["quick", "speed_games"]
            };
            return Err(ExperimentError::setting(
                format!("{}: ", self.at_keys(key)),
                "`speed_games` belongs to kind = \"league\" (a bot's decisions per second)",
            ));
        }
        if self.kind == Kind::Search {
            for key in ["vary", "baseline", "margins", "games", "deals"] {
                if self.source.line(&[Step::key(key)]).is_some() {
                    return Err(ExperimentError::setting(
                        format!("{}: ", self.at_keys(&[key])),
                        format!(
                            "`{key}` does not belong to kind = \"search\" (its space, goal and \
                             budget are in [criterion.search])"
                        ),
                    ));
                }
            }
        } else if let Some(c) = &self.criterion
            && c.search.is_some()
        {
            return Err(ExperimentError::setting(
                format!("{}: ", self.at_keys(&["criterion"])),
                "`[criterion.search]` belongs to kind = \"search\"",
            ));
        }
        if self.kind != Kind::Sweep && self.kind != Kind::Search {
            for key in ["baseline", "margins", "criterion"] {
                if self.source.line(&[Step::key(key)]).is_some() {
                    return Err(ExperimentError::setting(
                        format!("{}: ", self.at_keys(&[key])),
                        format!(
                            "`{key}` belongs to kind = \"sweep\" (a comparison of combinations)"
                        ),
                    ));
                }
            }
        }
        Ok(())
    }

    /// The criterion holds the baseline and margins, and its `prefer` names compared metrics once.
    fn check_criterion(&self) -> Result<(), ExperimentError> {
        if let Some(criterion) = &self.criterion {
            for key in ["baseline", "margins"] {
                if self.source.line(&[Step::key(key)]).is_some() {
                    return Err(ExperimentError::setting(
                        format!("{}: ", self.at_keys(&[key])),
                        format!(
                            "`{key}` and `[criterion]`: move `{key}` into `[criterion]` (the \
                             criterion holds the baseline and the margins)"
                        ),
                    ));
                }
            }
            if criterion.baseline.is_none() && self.kind == Kind::Sweep {
                return Err(ExperimentError::setting(
                    format!("{}: criterion: ", self.at_keys(&["criterion"])),
                    "`baseline` is missing (the combination every other is compared with)",
                ));
            }
            let mut seen: Vec<&str> = Vec::new();
            for (i, name) in criterion.prefer.iter().enumerate() {
                let here = self
                    .source
                    .at(&[Step::key("criterion"), Step::key("prefer")]);
                if beachcomber::compare::Metric::from_name(name).is_none() {
                    return Err(ExperimentError::setting(
                        format!("{here}: criterion.prefer: "),
                        format!(
                            "`{}` (item {}) is not a compared metric (seat_ratio, \
                             max_seat_ratio, min_seat_ratio, seat_gap, tie_rate, mean_turns, \
                             skill_elo)",
                            one_line(name),
                            i + 1
                        ),
                    ));
                }
                if seen.contains(&name.as_str()) {
                    return Err(ExperimentError::setting(
                        format!("{here}: criterion.prefer: "),
                        format!("`{}` is given twice", one_line(name)),
                    ));
                }
                seen.push(name);
            }
        }
        if self.margins.is_some() && self.baseline.is_none() {
            return Err(ExperimentError::setting(
                format!("{}: ", self.at_keys(&["margins"])),
                "`margins` needs a `baseline` (the combination to compare with)",
            ));
        }
        Ok(())
    }

    /// The settings the file's kind allows (a league's, the game of the others).
    fn check_kind(&self) -> Result<(), ExperimentError> {
        if self.kind == Kind::League {
            self.check_leagues()?;
        } else if self.game.is_none() {
            return Err(ExperimentError::setting(
                format!("{}: ", one_line_path(&self.source.path)),
                "`game` is missing",
            ));
        }
        match self.kind {
            Kind::League if !self.vary.is_empty() => {
                return Err(ExperimentError::setting(
                    format!("{}: ", self.at_keys(&["vary"])),
                    "a league varies nothing (use kind = \"sweep\")",
                ));
            }
            Kind::League if self.quality => {
                return Err(ExperimentError::setting(
                    format!("{}: ", self.at_keys(&["quality"])),
                    "a league measures no game-quality metrics (use kind = \"tournament\" or \
                     \"sweep\")",
                ));
            }
            Kind::Tournament if !self.vary.is_empty() => {
                return Err(ExperimentError::setting(
                    format!("{}: ", self.at_keys(&["vary"])),
                    "a tournament varies nothing (use kind = \"sweep\")",
                ));
            }
            Kind::Tournament if self.bots.as_ref().is_some_and(|b| b.list().len() > 1) => {
                return Err(ExperimentError::setting(
                    format!("{}: ", self.at_keys(&["bots"])),
                    "a tournament has one lineup (use kind = \"sweep\" to compare lineups)",
                ));
            }
            _ => {}
        }
        Ok(())
    }

    /// Each plot is a file name in the results folder, with a fit or reference on line figures only.
    fn check_plots(&self) -> Result<(), ExperimentError> {
        for (i, plot) in self.plots.iter().enumerate() {
            let file = Path::new(&plot.file);
            if file.is_absolute() || file.components().count() != 1 {
                return Err(ExperimentError::setting(
                    format!(
                        "{}: plot file `{}`: ",
                        self.source
                            .at(&[Step::key("plot"), Step::Item(i), Step::key("file")]),
                        one_line(&plot.file)
                    ),
                    "give a file name (it is written in the results folder)",
                ));
            }
            if plot.fit.is_some() && plot.kind != PlotKind::Line {
                return Err(ExperimentError::setting(
                    format!(
                        "{}: ",
                        self.source
                            .at(&[Step::key("plot"), Step::Item(i), Step::key("fit")])
                    ),
                    format!(
                        "a fitted trend is drawn on line figures, not on kind = \"{}\"",
                        plot.kind
                    ),
                ));
            }
            if !plot.reference.is_empty() && plot.kind != PlotKind::Line {
                return Err(ExperimentError::setting(
                    format!(
                        "{}: ",
                        self.source
                            .at(&[Step::key("plot"), Step::Item(i), Step::key("reference")])
                    ),
                    format!(
                        "a reference is drawn as a level line on line figures, not on kind = \"{}\"",
                        plot.kind
                    ),
                ));
            }
        }
        Ok(())
    }

    /// Read the files the game specs name inline
    /// ([`beachcomber::spec_files::resolve_spec_files`]: a regular file,
    /// opened without blocking, size-capped), so the specs are what
    /// [`beachcomber::games::AnyGame::from_spec`] (no IO) accepts.
    fn resolve_files(&mut self) -> Result<(), ExperimentError> {
        let resolve = |at: &str, game: &str| {
            resolve_spec_files(game).map_err(|error| ExperimentError::Spec {
                at: format!("{at}: "),
                error: Box::new(error),
            })
        };
        if let Some(game) = &self.game {
            let at = self.source.at(&[Step::key("game")]);
            self.game = Some(resolve(&at, game)?);
        }
        for i in 0..self.leagues.len() {
            if let Some(game) = &self.leagues[i].game {
                let at = self.league_at(i);
                self.leagues[i].game = Some(resolve(at.trim_end_matches([':', ' ']), game)?);
            }
        }
        Ok(())
    }
}

impl Experiment {
    /// The `[[league]]` tables, or the top level as the one league.
    pub fn league_tables(&self) -> Vec<SubLeague> {
        if self.leagues.is_empty() {
            vec![SubLeague::default()]
        } else {
            self.leagues.clone()
        }
    }

    /// Where league `i` (from 0) is, to begin an error: `FILE line L:
    /// league K: ` with `[[league]]` tables (the table's line), `FILE: `
    /// without.
    pub fn league_at(&self, i: usize) -> String {
        if self.leagues.is_empty() {
            return format!("{}: ", one_line_path(&self.source.path));
        }
        format!(
            "{}: league {}: ",
            self.source.at(&[Step::key("league"), Step::Item(i)]),
            i + 1
        )
    }

    /// Every league has its game, players and bots (from its table or the
    /// top level).
    fn check_leagues(&self) -> Result<(), ExperimentError> {
        for (i, sub) in self.league_tables().iter().enumerate() {
            let at = self.league_at(i);
            if sub.game.is_none() && self.game.is_none() {
                return Err(ExperimentError::setting(at, "`game` is missing"));
            }
            if sub.players.is_none() && self.players.is_none() {
                return Err(ExperimentError::setting(at, "`players` is missing"));
            }
            if sub.bots.is_none() && self.bots.is_none() {
                return Err(ExperimentError::setting(
                    at,
                    "`bots` is missing (the bots to rate)",
                ));
            }
        }
        Ok(())
    }

    /// Games per bot of the speed measurement: `speed_games`, or with
    /// `--quick` the quick value (default 2 when the file measures speed).
    pub fn speed_games(&self, quick: bool) -> u64 {
        match (quick, self.quick.speed_games) {
            (true, Some(n)) => n,
            (true, None) => self.speed_games.min(2),
            (false, _) => self.speed_games,
        }
    }
}

/// One step of the way to a setting in an experiment file: a key, or the
/// item of an array (`[[sweep]]` table K).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Step {
    /// A key of a table.
    Key(String),
    /// An item of an array, counted from 0.
    Item(usize),
}

impl Step {
    /// A key.
    pub fn key(key: &str) -> Step {
        Step::Key(key.to_string())
    }
}

/// An experiment file's path and text: where a setting is, for errors.
#[derive(Clone, Debug, Default)]
pub struct Source {
    /// The file as given.
    pub path: PathBuf,
    /// Its text.
    text: String,
}

impl Source {
    /// The file's text.
    pub fn text(&self) -> &str {
        &self.text
    }

    /// The line (from 1) of the setting at `steps` (a key's line, an array
    /// item's first line), if the file holds it.
    pub fn line(&self, steps: &[Step]) -> Option<usize> {
        use toml::de::{DeTable, DeValue};
        let root = DeTable::parse(&self.text).ok()?;
        let mut table: &DeTable = root.get_ref();
        let mut value: Option<&toml::Spanned<DeValue>> = None;
        let mut start = None;
        for step in steps {
            if let Some(v) = value {
                match v.get_ref() {
                    DeValue::Table(t) => table = t,
                    DeValue::Array(items) => {
                        let Step::Item(i) = step else { return None };
                        let item = items.get(*i)?;
                        start = Some(item.span().start);
                        value = Some(item);
                        continue;
                    }
                    _ => return None,
                }
            }
            let Step::Key(key) = step else { return None };
            let (k, v) = table
                .iter()
                .find(|(k, _)| k.get_ref().as_ref() == key.as_str())?;
            start = Some(k.span().start);
            value = Some(v);
        }
        start.map(|s| self.text[..s.min(self.text.len())].matches('\n').count() + 1)
    }

    /// `FILE line L` for the setting at `steps` (`FILE` when the file does
    /// not hold it).
    pub fn at(&self, steps: &[Step]) -> String {
        match self.line(steps) {
            Some(line) => format!("{} line {line}", one_line_path(&self.path)),
            None => one_line_path(&self.path),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_source_finds_the_line_of_a_key_a_table_and_an_item() {
        let source = Source {
            path: PathBuf::from("x.toml"),
            text: "kind = \"sweep\"\n\n[vary]\nremoved = [0, 5]\n\n[[sweep]]\nplayers = 2\n\n\
                   [[sweep]]\nvary = { deck = \"1..3\" }\n"
                .to_string(),
        };
        let key = Step::key;
        assert_eq!(source.line(&[key("kind")]), Some(1));
        assert_eq!(source.line(&[key("vary")]), Some(3));
        assert_eq!(source.line(&[key("vary"), key("removed")]), Some(4));
        assert_eq!(source.line(&[key("sweep"), Step::Item(1)]), Some(9));
        assert_eq!(
            source.line(&[key("sweep"), Step::Item(1), key("vary"), key("deck")]),
            Some(10)
        );
        assert_eq!(source.line(&[key("sweep"), Step::Item(2)]), None);
        assert_eq!(source.line(&[key("games")]), None);
        assert_eq!(source.at(&[key("games")]), "x.toml");
        assert_eq!(source.at(&[key("vary")]), "x.toml line 3");
    }

    #[test]
    fn the_confirmation_seed_is_the_criterions_or_the_run_seed_plus_one() {
        let mut criterion = Criterion::default();
        assert_eq!(criterion.confirmation_seed(7), 8);
        assert_eq!(criterion.confirmation_seed(u64::MAX), 0);
        criterion.confirm_seed = Some(42);
        assert_eq!(criterion.confirmation_seed(7), 42);
        assert_eq!(default_seed(), beachcomber::rng::DEFAULT_SEED);
    }
}
