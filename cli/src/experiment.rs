//! `beachcomber run experiments/NAME.toml`: an experiment file describes a
//! tournament, league or sweep completely (game, players, bots, games,
//! seed, what to vary, plots); running it writes everything under
//! `results/NAME/`: the CSVs, `manifest.json`, the plots and a generated
//! `summary.md`. The file format is in docs/experiments.md.
//!
//! A tournament is played as a sweep of one combination (the same games
//! and rows as `beachcomber tournament`, with `metrics.csv`); a league (or
//! several, `[[league]]`, as one plan) through [`crate::league`], then each
//! bot's speed ([`crate::bench::bot_speed`], `speed.csv`); a sweep through
//! [`crate::sweep`]. One engine plays them all.

use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::path::{Path, PathBuf};

use beachcomber::spec::one_line;
use beachcomber::tournament::Totals;
use clap::Args;
use serde::Deserialize;

use crate::plot::{PlotInput, PlotSpec};
use crate::sweep::{METRICS_FILE, SweepArgs};

/// Examples shown after `beachcomber run --help`.
pub const EXAMPLES: &str = "\
Examples:
  beachcomber run experiments/seaside-removals.toml
  beachcomber run experiments/seaside-removals.toml --quick     # a tiny version, in a scratch folder
  beachcomber run experiments/seaside-removals.toml --resume    # continue an interrupted run
  beachcomber run experiments/seaside-removals.toml --shard 0/4 # one part (then --merge 4)

An experiment file names its kind (tournament, league, sweep), the game,
players, bots, games, seed, what to vary and the plots to draw ([[sweep]] or
[[league]] tables: several in one plan; speed_games: each league bot's
decisions per second); see docs/experiments.md. Everything is written under results/NAME/ (NAME: the
file's name without .toml): the CSVs, manifest.json, the plots and summary.md.";

/// Options of `beachcomber run`.
#[derive(Args, Debug)]
pub struct RunFileArgs {
    /// The experiment file (`experiments/NAME.toml`).
    #[arg(value_name = "FILE.toml")]
    pub file: PathBuf,
    /// Run a tiny version (the file's `[quick]` settings, else 4 games per
    /// combination) into a scratch folder, to try a file.
    #[arg(long)]
    pub quick: bool,
    /// Write here instead of `results/NAME/` (or the scratch folder).
    #[arg(long, value_name = "DIR")]
    pub out: Option<PathBuf>,
    /// Threads, progress, resume, shard and checkpoints.
    #[command(flatten)]
    pub control: crate::runs::RunControl,
    /// Join the N finished shards in `DIR/shards/` into `DIR`, then write
    /// the plots and summary.md.
    #[arg(long, value_name = "N", conflicts_with = "shard",
          value_parser = clap::value_parser!(u64).range(1..))]
    pub merge: Option<u64>,
    /// Play only combination K (counted from 0, in the order of
    /// metrics.csv; in a league file, league K), complete, into `--out`:
    /// to check committed results against the code, or to look at one
    /// setting again.
    #[arg(long, value_name = "K", requires = "out", conflicts_with_all = ["shard", "merge"])]
    pub combination: Option<usize>,
    /// Play nothing: draw the plots and write summary.md again from the
    /// finished results (after changing a `[[plot]]`).
    #[arg(long, conflicts_with_all = ["shard", "merge", "combination", "resume", "quick"])]
    pub report_only: bool,
}

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
    fn text(&self) -> String {
        match self {
            Players::One(n) => n.to_string(),
            Players::Many(v) => v.iter().map(u64::to_string).collect::<Vec<_>>().join(","),
            Players::Text(t) => t.clone(),
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
    fn list(&self) -> Vec<String> {
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

impl Values {
    fn text(&self) -> String {
        match self {
            Values::Int(i) => i.to_string(),
            Values::Text(t) => t.clone(),
            Values::List(v) => v
                .iter()
                .map(|x| match x {
                    Value::Int(i) => i.to_string(),
                    Value::Text(t) => t.clone(),
                })
                .collect::<Vec<_>>()
                .join(","),
        }
    }
}

/// The tiny version `--quick` runs: what it changes.
#[derive(Clone, Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Quick {
    /// Games per combination (default 4).
    pub games: Option<u64>,
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
    pub games: Option<u64>,
    /// Deals per combination.
    pub deals: Option<u64>,
    /// Rotate mixed lineups.
    pub rotate: Option<bool>,
    /// The varied options (replacing the top-level `[vary]` entirely).
    pub vary: Option<toml::Table>,
}

/// An experiment file (docs/experiments.md).
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Experiment {
    /// `tournament`, `league` or `sweep`.
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
    pub games: Option<u64>,
    /// Deals per combination.
    pub deals: Option<u64>,
    /// Games per pairing (a league).
    pub games_per_pairing: Option<u64>,
    /// Bootstrap resamples of a league's intervals.
    pub resamples: Option<u32>,
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
    /// The varied options, in order (a sweep).
    #[serde(default)]
    pub vary: toml::Table,
    /// The tiny version.
    #[serde(default)]
    pub quick: Quick,
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
    /// The line of each `[[league]]` table in the file (for errors).
    #[serde(skip)]
    pub league_lines: Vec<usize>,
    /// The figures to draw.
    #[serde(default, rename = "plot")]
    pub plots: Vec<PlotSpec>,
}

fn default_seed() -> u64 {
    1
}

fn default_true() -> bool {
    true
}

/// Games per combination of `--quick` when the file does not say.
const QUICK_GAMES: u64 = 4;

impl Experiment {
    /// Read and check an experiment file: errors name the file, the line
    /// and the key.
    pub fn read(path: &Path) -> Result<Experiment, String> {
        let text = std::fs::read_to_string(path)
            .map_err(|e| format!("cannot read the experiment file `{}`: {e}", path.display()))?;
        let experiment: Experiment = toml::from_str(&text).map_err(|e| {
            let line = e
                .span()
                .map(|s| format!(" line {}", text[..s.start].matches('\n').count() + 1))
                .unwrap_or_default();
            format!(
                "{}{line}: {}",
                path.display(),
                one_line(&e.message().trim().replace('\n', " "))
            )
        })?;
        let at = |key: &str| -> String {
            let line = text
                .lines()
                .position(|l| {
                    let l = l.trim_start();
                    l.starts_with(key) || l.trim_start_matches('[').starts_with(key)
                })
                .map(|i| format!(" line {}", i + 1))
                .unwrap_or_default();
            format!("{}{line}", path.display())
        };
        for (key, value) in experiment.vary.iter().chain(experiment.quick.vary.iter()) {
            if Values::deserialize(value.clone()).is_err() {
                return Err(format!(
                    "{}: vary.{}: write a list (`[0, 5]`, `[\"a\", \"b\"]`), a range \
                     (`\"0..=50:5\"`) or one value",
                    at(key),
                    one_line(key)
                ));
            }
        }
        let mut experiment = experiment;
        experiment.league_lines = text
            .lines()
            .enumerate()
            .filter(|(_, l)| {
                l.trim_start()
                    .strip_prefix("[[")
                    .is_some_and(|l| l.trim_start().starts_with("league"))
            })
            .map(|(i, _)| i + 1)
            .collect();
        if experiment.players.is_none() && experiment.sweeps.iter().any(|s| s.players.is_none()) {
            return Err(format!("{}: `players` is missing", path.display()));
        }
        if !experiment.sweeps.is_empty() && experiment.kind != Kind::Sweep {
            return Err(format!(
                "{}: `[[sweep]]` tables belong to kind = \"sweep\"",
                at("[[sweep]]")
            ));
        }
        if !experiment.leagues.is_empty() && experiment.kind != Kind::League {
            return Err(format!(
                "{}: `[[league]]` tables belong to kind = \"league\"",
                at("[[league]]")
            ));
        }
        if experiment.kind != Kind::League
            && (experiment.speed_games > 0 || experiment.quick.speed_games.is_some())
        {
            return Err(format!(
                "{}: `speed_games` belongs to kind = \"league\" (a bot's decisions per second)",
                at("speed_games")
            ));
        }
        if experiment.kind == Kind::League {
            experiment.check_leagues(path)?;
        } else if experiment.game.is_none() {
            return Err(format!("{}: `game` is missing", path.display()));
        }
        match experiment.kind {
            Kind::League if !experiment.vary.is_empty() => {
                return Err(format!(
                    "{}: a league varies nothing (use kind = \"sweep\")",
                    at("vary")
                ));
            }
            Kind::Tournament if !experiment.vary.is_empty() => {
                return Err(format!(
                    "{}: a tournament varies nothing (use kind = \"sweep\")",
                    at("vary")
                ));
            }
            Kind::Tournament if experiment.bots.as_ref().is_some_and(|b| b.list().len() > 1) => {
                return Err(format!(
                    "{}: a tournament has one lineup (use kind = \"sweep\" to compare lineups)",
                    at("bots")
                ));
            }
            _ => {}
        }
        for plot in &experiment.plots {
            let file = Path::new(&plot.file);
            if file.is_absolute() || file.components().count() != 1 {
                return Err(format!(
                    "{}: plot file `{}`: give a file name (it is written in the results folder)",
                    at("file"),
                    one_line(&plot.file)
                ));
            }
        }
        Ok(experiment)
    }

    /// The sweeps this experiment plays (a tournament: a sweep of one
    /// combination; several with `[[sweep]]`), for `quick` or the full
    /// version.
    fn sweep_args(
        &self,
        quick: bool,
        common: &RunFileArgs,
        dir: &Path,
    ) -> Result<Vec<SweepArgs>, String> {
        let q = &self.quick;
        let whole = [SubSweep::default()];
        let subs: &[SubSweep] = if self.sweeps.is_empty() {
            &whole
        } else {
            &self.sweeps
        };
        let mut out = Vec::new();
        for (i, sub) in subs.iter().enumerate() {
            let which = if self.sweeps.is_empty() {
                String::new()
            } else {
                format!("sweep {}: ", i + 1)
            };
            let bots = match (quick, &q.bots) {
                (true, Some(b)) => b.list(),
                _ => sub
                    .bots
                    .as_ref()
                    .or(self.bots.as_ref())
                    .map(Bots::list)
                    .unwrap_or_default(),
            };
            let bots = if quick {
                bots.into_iter().map(|l| quick_replace(q, &l)).collect()
            } else {
                bots
            };
            let players = match (quick, &q.players) {
                (true, Some(p)) => p.text(),
                _ => sub
                    .players
                    .as_ref()
                    .or(self.players.as_ref())
                    .map(Players::text)
                    .ok_or_else(|| {
                        format!("{}: {which}`players` is missing", common.file.display())
                    })?,
            };
            let vary = sub
                .vary
                .as_ref()
                .unwrap_or(&self.vary)
                .iter()
                .map(|(k, v)| {
                    // `[quick]`'s values replace only a key this sweep
                    // varies over more than one value (a reference sweep
                    // at one value keeps it).
                    let v = match (quick, q.vary.get(k)) {
                        (true, Some(quick)) if value_count(k, v) > 1 => quick,
                        _ => v,
                    };
                    let values = Values::deserialize(v.clone())
                        .map(|v| v.text())
                        .map_err(|_| {
                            format!(
                                "{}: {which}vary.{}: write a list, a range (\"0..=50:5\") or one value",
                                common.file.display(),
                                one_line(k)
                            )
                        })?;
                    Ok(format!("{k}={values}"))
                })
                .collect::<Result<Vec<_>, String>>()?;
            let (games, deals) = if quick {
                (Some(q.games.unwrap_or(QUICK_GAMES)), None)
            } else if sub.games.is_some() || sub.deals.is_some() {
                (sub.games, sub.deals)
            } else {
                (self.games, self.deals)
            };
            out.push(SweepArgs {
                game: self.game.clone().unwrap_or_default(),
                players,
                vary,
                bots,
                games,
                deals,
                no_rotate: !sub.rotate.unwrap_or(self.rotate),
                seed: self.seed,
                out: dir.to_path_buf(),
                records: self.records,
                max_combinations: beachcomber::sweep::DEFAULT_MAX_COMBINATIONS,
                force: false,
                control: common.control.clone(),
                engines: Default::default(),
            });
        }
        Ok(out)
    }
}

impl Experiment {
    /// The `[[league]]` tables, or the top level as the one league.
    fn league_tables(&self) -> Vec<SubLeague> {
        if self.leagues.is_empty() {
            vec![SubLeague::default()]
        } else {
            self.leagues.clone()
        }
    }

    /// Where league `i` (from 0) is, to begin an error: `FILE line L:
    /// league K: ` with `[[league]]` tables, `FILE: ` without.
    fn league_at(&self, file: &Path, i: usize) -> String {
        if self.leagues.is_empty() {
            return format!("{}: ", file.display());
        }
        let line = self
            .league_lines
            .get(i)
            .map(|l| format!(" line {l}"))
            .unwrap_or_default();
        format!("{}{line}: league {}: ", file.display(), i + 1)
    }

    /// Every league has its game, players and bots (from its table or the
    /// top level).
    fn check_leagues(&self, file: &Path) -> Result<(), String> {
        for (i, sub) in self.league_tables().iter().enumerate() {
            let at = self.league_at(file, i);
            if sub.game.is_none() && self.game.is_none() {
                return Err(format!("{at}`game` is missing"));
            }
            if sub.players.is_none() && self.players.is_none() {
                return Err(format!("{at}`players` is missing"));
            }
            if sub.bots.is_none() && self.bots.is_none() {
                return Err(format!("{at}`bots` is missing (the bots to rate)"));
            }
        }
        Ok(())
    }

    /// Games per bot of the speed measurement: `speed_games`, or with
    /// `--quick` the quick value (default 2 when the file measures speed).
    fn speed_games(&self, quick: bool) -> u64 {
        match (quick, self.quick.speed_games) {
            (true, Some(n)) => n,
            (true, None) => self.speed_games.min(2),
            (false, _) => self.speed_games,
        }
    }

    /// The leagues this experiment plays, checked and expanded, for
    /// `--quick` or the full version. With `--quick`, `[quick]`'s
    /// `games_per_pairing` (rounded up to whole deals of each league),
    /// `bots`, `players` and `replace` apply to every league; a bot that `replace` makes the same as another of its
    /// league is kept once (at the first one's place), and a league that
    /// `players` makes the same as an earlier one is dropped.
    fn prepared_leagues(&self, args: &RunFileArgs) -> Result<Vec<crate::league::Prepared>, String> {
        let (q, quick) = (&self.quick, args.quick);
        let file = args.file.as_path();
        let mut out: Vec<crate::league::Prepared> = Vec::new();
        for (i, sub) in self.league_tables().iter().enumerate() {
            let at = self.league_at(file, i);
            let game = sub
                .game
                .as_ref()
                .or(self.game.as_ref())
                .ok_or_else(|| format!("{at}`game` is missing"))?;
            let players = match (quick, &q.players) {
                (true, Some(p)) => p.text(),
                _ => sub
                    .players
                    .as_ref()
                    .or(self.players.as_ref())
                    .map(Players::text)
                    .ok_or_else(|| format!("{at}`players` is missing"))?,
            };
            let players = crate::sweep::parse_players(&players).map_err(|e| format!("{at}{e}"))?;
            let [players] = players[..] else {
                return Err(format!(
                    "{at}a league is played at one player count (give one `[[league]]` table \
                     per count)"
                ));
            };
            let bots = match (quick, &q.bots) {
                (true, Some(b)) => b.list(),
                _ => sub
                    .bots
                    .as_ref()
                    .or(self.bots.as_ref())
                    .map(Bots::list)
                    .ok_or_else(|| format!("{at}`bots` is missing (the bots to rate)"))?,
            };
            let bots = if quick {
                quick_league_bots(q, &bots)
            } else {
                bots.join(",")
            };
            let per_pairing = if quick {
                // Whole deals of this league: the games of a pairing's
                // rotations (2, or 2 x players), rounded up.
                // (0 players: refused below with the league's own message.)
                let deal = if players == 2 { 2 } else { 2 * players as u64 }.max(1);
                q.games_per_pairing
                    .unwrap_or(deal)
                    .div_ceil(deal)
                    .checked_mul(deal)
                    .ok_or_else(|| {
                        format!(
                            "{at}[quick] games_per_pairing {}: more games than a run can count",
                            q.games_per_pairing.unwrap_or(deal)
                        )
                    })?
            } else {
                sub.games_per_pairing
                    .or(self.games_per_pairing)
                    .unwrap_or(100)
            };
            let choice = crate::game_choice::GameChoice {
                game: game.clone(),
                players,
            };
            let anchor = sub.anchor.as_ref().or(self.anchor.as_ref());
            // The quick version's anchor is the cheaper bot `replace` puts in
            // its place, or the first bot if `[quick]`'s bots leave it out.
            let anchor = match (quick, anchor) {
                (true, Some(a)) => {
                    let a = quick_replace(q, a);
                    let canonical = |s: &str| {
                        beachcomber_bots::BotConfig::parse(s)
                            .map(|c| c.to_string())
                            .ok()
                    };
                    beachcomber::spec::split_top_level(&bots)
                        .unwrap_or_default()
                        .iter()
                        .any(|b| canonical(b).is_some() && canonical(b) == canonical(&a))
                        .then_some(a)
                }
                (_, a) => a.cloned(),
            };
            let league =
                crate::league::prepare(&choice, &bots, per_pairing, self.seed, anchor.as_deref())
                    .map_err(|e| {
                    // The file's keys rather than the command's options.
                    let e = e
                        .replace("--anchor", "anchor")
                        .replace("--games-per-pairing", "games_per_pairing")
                        .replace("--players", "players")
                        .replace("--bots:", "bots:")
                        .replace("--game:", "game:");
                    format!("{at}{e}")
                })?;
            if let Some(j) = out
                .iter()
                .position(|l| l.spec.game == league.spec.game && l.spec.players == players)
            {
                if quick {
                    continue;
                }
                return Err(format!(
                    "{at}the same game and player count as league {} (`{}`, {players} players): \
                     rate those bots in one league",
                    j + 1,
                    league.spec.game
                ));
            }
            out.push(league);
        }
        Ok(out)
    }
}

/// How many values `values` (a varied option `key`'s, as the file writes
/// them) stands for; 0 when they are malformed (reported where they are
/// read).
fn value_count(key: &str, values: &toml::Value) -> usize {
    match Values::deserialize(values.clone()) {
        Ok(Values::Int(_)) => 1,
        Ok(Values::List(list)) => list.len(),
        Ok(Values::Text(text)) => format!("{key}={text}")
            .parse::<beachcomber::sweep::Vary>()
            .map_or(0, |v| v.values.len()),
        Err(_) => 0,
    }
}

/// The bots of a league for `--quick` (`lists`: the bots as written, each
/// one spec or several separated by commas): with `replace` applied, each
/// canonical spec once, in order.
fn quick_league_bots(quick: &Quick, lists: &[String]) -> String {
    let mut seen: Vec<String> = Vec::new();
    let mut kept: Vec<String> = Vec::new();
    for text in lists {
        let replaced = quick_replace(quick, text);
        let Ok(specs) = beachcomber::spec::split_top_level(&replaced) else {
            // Left for the league's own check to report.
            kept.push(replaced.clone());
            continue;
        };
        for spec in specs {
            let canonical = beachcomber_bots::BotConfig::parse(spec)
                .map(|c| c.to_string())
                .unwrap_or_else(|_| spec.to_string());
            if !seen.contains(&canonical) {
                seen.push(canonical);
                kept.push(spec.to_string());
            }
        }
    }
    kept.join(",")
}

/// `text` (a lineup, or a plot filter's value) with the quick version's
/// replacements: each bot spec in it whose canonical form is that of a
/// `replace` key becomes the canonical form of its value
/// (`ismcts(iterations=1000)` also matches
/// `ismcts(iterations=1000,c=0.7,...)`). Text that holds no such spec is
/// returned as it is.
fn quick_replace(quick: &Quick, text: &str) -> String {
    let canonical = |spec: &str| {
        beachcomber_bots::BotConfig::parse(spec)
            .ok()
            .map(|c| c.to_string())
    };
    let Ok(specs) = beachcomber::spec::split_top_level(text) else {
        return text.to_string();
    };
    let mut changed = false;
    let specs: Vec<String> = specs
        .iter()
        .map(|spec| {
            let c = canonical(spec);
            for (from, to) in &quick.replace {
                if c.is_some() && c == canonical(from) {
                    changed = true;
                    return canonical(to).unwrap_or_else(|| to.clone());
                }
            }
            spec.to_string()
        })
        .collect();
    if changed {
        specs.join(",")
    } else {
        text.to_string()
    }
}

/// The combinations of several sweeps as one plan: their parts in order,
/// with the union of their value columns (a part without one of them has
/// it empty).
fn combine(prepared: Vec<crate::sweep::Prepared>) -> crate::sweep::Prepared {
    let mut columns: Vec<String> = Vec::new();
    for p in &prepared {
        for k in p.plan.value_columns() {
            if !columns.iter().any(|c| c == k) {
                columns.push(k.to_string());
            }
        }
    }
    // `players` and `lineup` last, as in one sweep.
    columns.retain(|c| c != "players" && c != "lineup");
    columns.extend(["players".to_string(), "lineup".to_string()]);
    let mut all = crate::sweep::Prepared {
        plan: beachcomber::tournament::Plan { parts: Vec::new() },
        games: Vec::new(),
        bots: Vec::new(),
    };
    for p in prepared {
        for mut part in p.plan.parts {
            part.values = columns
                .iter()
                .map(|c| {
                    let v = part
                        .values
                        .iter()
                        .find(|(k, _)| k == c)
                        .map(|(_, v)| v.clone())
                        .unwrap_or_default();
                    (c.clone(), v)
                })
                .collect();
            all.plan.parts.push(part);
        }
        all.games.extend(p.games);
        for (name, config) in p.bots {
            if !all.bots.iter().any(|(n, _)| *n == name) {
                all.bots.push((name, config));
            }
        }
    }
    all
}

/// The results folder of `file`: `results/NAME/`, `--out`, or for `--quick`
/// a fresh private folder (`$TMPDIR/beachcomber-quick-NAME-XXXXXX`, mode
/// 0700, created here, its path printed). NAME, the file's name without
/// `.toml`, must be a plain file name: not empty, not starting with `.`
/// (`...toml` would be `results/..`). `--quick` with `--resume` or
/// `--merge` needs `--out` (each `--quick` run has a new folder).
fn results_dir(args: &RunFileArgs) -> Result<(String, PathBuf), String> {
    let stem = args.file.file_stem().unwrap_or_default();
    let name = stem
        .to_str()
        .filter(|s| !s.is_empty() && !s.starts_with('.'))
        .ok_or_else(|| {
            format!(
                "`{}`: the experiment's name `{}` (the file name without .toml) is not a plain \
                 file name (it names the folder results/NAME/); rename the file, e.g. to `study.toml`",
                one_line(&args.file.to_string_lossy()),
                one_line(&stem.to_string_lossy())
            )
        })?
        .to_string();
    let dir = match (&args.out, args.quick) {
        (Some(dir), _) => dir.clone(),
        (None, true) => {
            if args.control.resume || args.merge.is_some() {
                return Err(format!(
                    "--quick {} needs --out DIR: each --quick run writes into a new folder \
                     (give the folder the interrupted run printed)",
                    if args.control.resume {
                        "--resume"
                    } else {
                        "--merge"
                    }
                ));
            }
            let dir = tempfile::Builder::new()
                .prefix(&format!("beachcomber-quick-{name}-"))
                .permissions(std::os::unix::fs::PermissionsExt::from_mode(0o700))
                .tempdir()
                .map_err(|e| {
                    format!(
                        "--quick: cannot create a folder in `{}`: {e}",
                        std::env::temp_dir().display()
                    )
                })?
                .keep();
            out!(
                "--quick: writing into {} (to continue if interrupted: --resume --out {})",
                dir.display(),
                dir.display()
            );
            dir
        }
        (None, false) => PathBuf::from("results").join(&name),
    };
    Ok((name, dir))
}

/// A fresh `--quick` folder, removed when the command ends if nothing was
/// written into it (an error before playing); one with files (finished
/// results, or an interrupted run's) is kept.
struct FreshFolder(Option<PathBuf>);

impl Drop for FreshFolder {
    fn drop(&mut self) {
        if let Some(dir) = &self.0 {
            // Fails, keeping the folder, unless it is empty.
            let _ = std::fs::remove_dir(dir);
        }
    }
}

/// Run the command.
pub fn run(mut args: RunFileArgs) -> Result<(), String> {
    let experiment = Experiment::read(&args.file)?;
    let (name, dir) = results_dir(&args)?;
    let _fresh = FreshFolder((args.quick && args.out.is_none()).then(|| dir.clone()));
    // The shard: `--shard`, else a Slurm array task's (as for the other
    // commands); a shard plays into `DIR/shards/I/` and draws nothing.
    // Merging, redrawing or replaying one combination plays no shard.
    let shard = if args.merge.is_some() || args.report_only || args.combination.is_some() {
        beachcomber::tournament::Shard::WHOLE
    } else {
        args.control.shard()?
    };
    args.control.shard = (shard.count > 1).then(|| format!("{}/{}", shard.index, shard.count));
    let play_dir = match args.control.shard {
        Some(_) => dir.join("shards").join(shard.index.to_string()),
        None => dir.clone(),
    };
    if args.report_only {
        // Nothing to play: the results are there.
    } else if let Some(count) = args.merge {
        let inputs: Vec<PathBuf> = (0..count)
            .map(|i| dir.join("shards").join(i.to_string()))
            .collect();
        crate::merge::run(crate::merge::MergeArgs {
            inputs,
            out: Some(dir.clone()),
            summary: None,
            record: None,
            quiet: args.control.quiet,
        })?;
    } else {
        match experiment.kind {
            Kind::Tournament | Kind::Sweep => {
                let sweeps = experiment.sweep_args(args.quick, &args, &play_dir)?;
                let engines = crate::engines::Engines::default();
                let prepared = sweeps
                    .iter()
                    .enumerate()
                    .map(|(i, sweep)| {
                        crate::sweep::prepare(sweep, &engines).map_err(|e| {
                            if sweeps.len() > 1 {
                                format!("sweep {}: {e}", i + 1)
                            } else {
                                e
                            }
                        })
                    })
                    .collect::<Result<Vec<_>, _>>()?;
                let mut prepared = combine(prepared);
                if prepared.plan.parts.len() > beachcomber::sweep::DEFAULT_MAX_COMBINATIONS {
                    return Err(format!(
                        "{}: {} combinations, more than the cap of {}",
                        args.file.display(),
                        prepared.plan.parts.len(),
                        beachcomber::sweep::DEFAULT_MAX_COMBINATIONS
                    ));
                }
                if let Some(k) = args.combination {
                    let count = prepared.plan.parts.len();
                    if k >= count {
                        return Err(format!(
                            "--combination {k}: the experiment has {count} combinations (0 to {})",
                            count - 1
                        ));
                    }
                    prepared.plan.parts = vec![prepared.plan.parts.swap_remove(k)];
                    prepared.games = vec![prepared.games.swap_remove(k)];
                }
                crate::sweep::execute(&sweeps[0], prepared, &engines, &play_dir)?;
                if args.combination.is_some() {
                    return Ok(());
                }
            }
            Kind::League => {
                if args.control.resume && leagues_complete(&experiment, &args, &play_dir)? {
                    // Stopped during the speed measurement: only that is
                    // left to do.
                } else {
                    run_league(&experiment, &args, &play_dir)?;
                }
                if args.combination.is_some() {
                    return Ok(());
                }
            }
        }
        if args.control.shard.is_some() {
            if !args.control.quiet {
                out!(
                    "shard written to {}; when every shard is done: beachcomber run {} --merge N",
                    play_dir.display(),
                    args.file.display()
                );
            }
            return Ok(());
        }
    }
    if !args.report_only && experiment.kind == Kind::League {
        // After the leagues (played here or merged from shards).
        measure_speed(&experiment, &args, &dir)?;
    }
    report(&experiment, &name, &args, &dir)?;
    if !args.control.quiet {
        out!("{} written to {}", name, dir.display());
    }
    Ok(())
}

/// Play the leagues of `experiment` (all, or `--combination K` alone)
/// into `dir` as one plan.
fn run_league(experiment: &Experiment, args: &RunFileArgs, dir: &Path) -> Result<(), String> {
    let mut leagues = experiment.prepared_leagues(args)?;
    let labelled = leagues.len() > 1;
    if let Some(k) = args.combination {
        let count = leagues.len();
        if k >= count {
            return Err(format!(
                "--combination {k}: the experiment has {count} league(s) (0 to {})",
                count - 1
            ));
        }
        leagues = vec![leagues.swap_remove(k)];
    }
    std::fs::create_dir_all(dir)
        .map_err(|e| format!("cannot create the folder `{}`: {e}", dir.display()))?;
    let run = crate::runs::RunArgs {
        out: Some(dir.join(crate::sweep::GAMES_FILE)),
        summary: Some(dir.join(RATINGS_FILE)),
        record: experiment
            .records
            .then(|| dir.join(crate::sweep::RECORDS_FILE)),
        control: args.control.clone(),
        folder: Some(dir.to_path_buf()),
    };
    let engines = crate::engines::Engines::default();
    let result = crate::league::execute(
        &leagues,
        labelled,
        experiment.resamples.unwrap_or(1000),
        &run,
        &engines,
    )?;
    if !args.control.quiet {
        let games: u64 = result.totals.iter().map(|t| t.games).sum();
        out!(
            "{} league(s): {games} games ({:.0} games/s)",
            leagues.len(),
            result.played_now as f64 / result.elapsed.as_secs_f64().max(1e-9)
        );
    }
    Ok(())
}

/// Whether `dir` holds the finished leagues of `experiment` (its manifest,
/// of this plan, and no checkpoint): what `--resume` after an interrupted
/// speed measurement finds.
fn leagues_complete(
    experiment: &Experiment,
    args: &RunFileArgs,
    dir: &Path,
) -> Result<bool, String> {
    if args.control.shard.is_some()
        || args.combination.is_some()
        || dir.join("checkpoint.json").exists()
    {
        return Ok(false);
    }
    let Ok(text) = std::fs::read(dir.join("manifest.json")) else {
        return Ok(false);
    };
    let Ok(manifest) = serde_json::from_slice::<crate::run_files::Manifest>(&text) else {
        return Ok(false);
    };
    let leagues = experiment.prepared_leagues(args)?;
    let plan = crate::league::plan_of(&leagues, leagues.len() > 1);
    let d = &manifest.description;
    Ok(d.command == "league"
        && d.shard.is_whole()
        && d.plan == plan
        && d.settings.iter().any(|(k, v)| {
            k == "resamples" && *v == experiment.resamples.unwrap_or(1000).to_string()
        }))
}

/// A bot's speed file in a league's results folder.
pub const SPEED_FILE: &str = "speed.csv";

/// Measure each bot of each league on one thread (`speed_games` games of
/// the bot in every seat) into `dir/speed.csv`.
fn measure_speed(experiment: &Experiment, args: &RunFileArgs, dir: &Path) -> Result<(), String> {
    let games = experiment.speed_games(args.quick);
    if games == 0 {
        // No measurement: a speed.csv left by an earlier run of other
        // settings would be shown beside these ratings; remove it.
        let stale = dir.join(SPEED_FILE);
        if stale.exists() {
            std::fs::remove_file(&stale)
                .map_err(|e| format!("cannot remove the stale `{}`: {e}", stale.display()))?;
        }
        return Ok(());
    }
    let leagues = experiment.prepared_leagues(args)?;
    let engines = crate::engines::Engines::default();
    let mut text = crate::bench::SPEED_HEADER.to_string();
    for league in &leagues {
        for (name, config) in &league.bots {
            let speed = crate::bench::bot_speed(
                &league.game,
                config,
                games,
                experiment.seed,
                &engines,
                &crate::signals::CANCEL,
            )
            .map_err(|e| {
                format!(
                    "{e}; the leagues are complete in {} (`--resume` measures the speeds again \
                     and writes the report)",
                    dir.display()
                )
            })?;
            if !args.control.quiet {
                out!(
                    "speed: {} with {}, {}: {:.1} decisions/s (1 thread)",
                    league.spec.game,
                    crate::players_text(league.spec.players),
                    name,
                    speed.per_second()
                );
            }
            text.push_str(&crate::bench::speed_row(
                &league.spec.game,
                league.spec.players,
                name,
                &speed,
            ));
        }
    }
    crate::plot::write_atomically(&dir.join(SPEED_FILE), text.as_bytes())
}

/// A league's ratings in its results folder.
pub const RATINGS_FILE: &str = "ratings.csv";

/// A `game_spec` filter of a plot as the canonical spec the CSVs hold
/// (`seaside` is `seaside(removed=rulebook)`), so that a file may name a
/// game as it names it elsewhere. A value that is not a game spec stays.
fn canonical_game_filters(filters: &mut [(String, String)]) {
    let players: Option<usize> = filters
        .iter()
        .find(|(k, _)| k == "players")
        .and_then(|(_, v)| v.parse().ok());
    for (key, value) in filters.iter_mut() {
        if key != "game_spec" {
            continue;
        }
        let canonical = players
            .into_iter()
            .chain(1..=beachcomber::MAX_SEATS)
            .find_map(|n| beachcomber::games::AnyGame::from_spec(value, n).ok())
            .map(|g| g.canonical_spec());
        if let Some(c) = canonical {
            *value = c;
        }
    }
}

/// Draw the plots and write summary.md from the finished results in `dir`.
fn report(
    experiment: &Experiment,
    name: &str,
    args: &RunFileArgs,
    dir: &Path,
) -> Result<(), String> {
    for plot in &experiment.plots {
        let input = match plot.input {
            PlotInput::Metrics => dir.join(METRICS_FILE),
            PlotInput::Games => dir.join(crate::sweep::GAMES_FILE),
            PlotInput::Ratings => dir.join(RATINGS_FILE),
        };
        let mut request = plot.request(input, dir);
        canonical_game_filters(&mut request.filters);
        if args.quick {
            // The quick version's cheaper bots, in the filters too.
            for (_, value) in &mut request.filters {
                *value = quick_replace(&experiment.quick, value);
            }
        }
        crate::plot::draw(&request).map_err(|e| format!("plot `{}`: {e}", one_line(&plot.file)))?;
    }
    let manifest: crate::run_files::Manifest = {
        let path = dir.join("manifest.json");
        let text =
            std::fs::read(&path).map_err(|e| format!("cannot read `{}`: {e}", path.display()))?;
        serde_json::from_slice(&text)
            .map_err(|e| format!("`{}` is not a manifest: {e}", path.display()))?
    };
    let text = summary_md(experiment, name, args, &manifest, dir)?;
    crate::plot::write_atomically(&dir.join("summary.md"), text.as_bytes())
}

/// The generated summary.md: the question, the command, the key table
/// with 95% intervals, and the figures.
fn summary_md(
    experiment: &Experiment,
    name: &str,
    args: &RunFileArgs,
    manifest: &crate::run_files::Manifest,
    dir: &Path,
) -> Result<String, String> {
    let mut md = String::new();
    let title = experiment.title.clone().unwrap_or_else(|| name.to_string());
    let _ = writeln!(md, "# {title}\n");
    if let Some(q) = &experiment.question {
        let _ = writeln!(md, "{}\n", q.trim());
    }
    let games: u64 = manifest.totals.iter().map(|t| t.games).sum();
    let _ = writeln!(
        md,
        "Generated by `beachcomber run {}{}` (beachcomber {}): {} games in {} \
         {}, seed {}, {:.0} s of play with {} thread(s).\n",
        args.file.display(),
        if args.quick { " --quick" } else { "" },
        manifest.description.version,
        games,
        manifest.description.plan.parts.len(),
        if experiment.kind == Kind::League {
            "league(s)"
        } else {
            "combination(s)"
        },
        experiment.seed,
        manifest.timing.seconds,
        manifest.timing.threads
    );
    match experiment.kind {
        Kind::League => league_table(&mut md, dir)?,
        Kind::Tournament | Kind::Sweep => sweep_table(&mut md, manifest),
    }
    if !experiment.plots.is_empty() {
        let _ = writeln!(md, "\n## Figures\n");
        for plot in &experiment.plots {
            let _ = writeln!(md, "![{}]({})\n", plot.file, plot.file);
        }
    }
    if experiment.kind == Kind::League {
        let plan = &manifest.description.plan;
        let anchors = crate::league::anchors_from_settings(plan, &manifest.description.settings);
        let named: Vec<String> = anchors
            .iter()
            .enumerate()
            .filter(|&(_, &a)| a != 0)
            .map(|(p, &a)| format!("`{}` in league {}", plan.parts[p].run.bots()[a], p + 1))
            .collect();
        let anchored = if named.is_empty() {
            "the first bot of each league anchored".to_string()
        } else {
            format!(
                "each league's anchor ({}; elsewhere the first bot)",
                named.join(", ")
            )
        };
        let _ = writeln!(
            md,
            "Ratings: Bradley-Terry on the Elo scale, {anchored} at 0, \
             with bootstrap 95% intervals over deals; win shares with 95% intervals are in \
             `ratings.csv`; docs/tournaments.md explains the columns."
        );
    } else {
        let _ = writeln!(
            md,
            "Intervals are 95%, cluster-robust by deal (Wilson for shares of independent games; \
             docs/statistics.md). The full metrics (every \
             seat, every bot) are in `metrics.csv`; docs/sweeps.md explains the columns."
        );
    }
    Ok(md)
}

/// Per combination: seat 0's win share, ties, length, margin; and each
/// bot's win share when the lineup mixes bots.
fn sweep_table(md: &mut String, manifest: &crate::run_files::Manifest) {
    let plan = &manifest.description.plan;
    let columns = plan.value_columns();
    let mixed = plan.parts.iter().any(|p| p.run.bots().len() > 1);
    let mut header: Vec<String> = columns.iter().map(|c| c.to_string()).collect();
    header.extend(
        [
            "games",
            "seat 0 win share",
            "fair",
            "ties",
            "turns (mean ± 95%)",
            "winning margin",
        ]
        .map(String::from),
    );
    if mixed {
        header.push("win share of each bot".to_string());
    }
    let _ = writeln!(md, "| {} |", header.join(" | "));
    let _ = writeln!(md, "|{}", " --- |".repeat(header.len()));
    for (part, t) in plan.parts.iter().zip(&manifest.totals) {
        let mut row: Vec<String> = part
            .values
            .iter()
            .map(|(_, v)| crate::plot::short_label(v).replace('|', "\\|"))
            .collect();
        let (share, low, high) = t.seats[0].win_share();
        let (tie, tie_low, tie_high) = t.tie_interval();
        let (turns, turns_sd) = t.turns();
        let half = if t.games > 1 {
            1.96 * turns_sd / (t.games as f64).sqrt()
        } else {
            0.0
        };
        row.push(t.games.to_string());
        row.push(format!(
            "{:.1}% [{:.1}, {:.1}]",
            100.0 * share,
            100.0 * low,
            100.0 * high
        ));
        row.push(format!("{:.1}%", 100.0 / part.run.players as f64));
        row.push(format!(
            "{:.1}% [{:.1}, {:.1}]",
            100.0 * tie,
            100.0 * tie_low,
            100.0 * tie_high
        ));
        row.push(format!("{turns:.1} ± {half:.1}"));
        row.push(match t.margin() {
            Some((m, h)) => format!("{m:.2} ± {h:.2}"),
            None => "—".to_string(),
        });
        if mixed {
            row.push(bot_shares(&part.run.bots(), t));
        }
        let _ = writeln!(md, "| {} |", row.join(" | "));
    }
}

fn bot_shares(bots: &[String], t: &Totals) -> String {
    if bots.len() < 2 {
        return "—".to_string();
    }
    bots.iter()
        .zip(&t.bots)
        .map(|(b, tally)| {
            let (share, low, high) = tally.win_share();
            format!(
                "{}: {:.1}% [{:.1}, {:.1}]",
                crate::plot::short_label(b).replace('|', "\\|"),
                100.0 * share,
                100.0 * low,
                100.0 * high
            )
        })
        .collect::<Vec<_>>()
        .join("; ")
}

/// A CSV file's rows as maps from column to value (for summary.md).
fn read_table(path: &Path, want: &[&str]) -> Result<Vec<Vec<String>>, String> {
    let mut reader = csv::Reader::from_path(path)
        .map_err(|e| format!("cannot read `{}`: {e}", path.display()))?;
    let headers = reader
        .headers()
        .map_err(|e| format!("`{}`: {e}", path.display()))?
        .clone();
    let columns = want
        .iter()
        .map(|w| {
            headers
                .iter()
                .position(|h| h == *w)
                .ok_or_else(|| format!("`{}` has no column `{w}`", path.display()))
        })
        .collect::<Result<Vec<_>, _>>()?;
    let mut rows = Vec::new();
    for record in reader.records() {
        let r = record.map_err(|e| format!("`{}`: {e}", path.display()))?;
        rows.push(
            columns
                .iter()
                .map(|&c| r.get(c).unwrap_or_default().to_string())
                .collect(),
        );
    }
    Ok(rows)
}

/// The ratings of each league, from the ratings CSV: one table per league
/// (a heading naming its game and players when there are several), the
/// best bot first; with `speed.csv`, each bot's decisions per second.
fn league_table(md: &mut String, dir: &Path) -> Result<(), String> {
    let rows = read_table(
        &dir.join(RATINGS_FILE),
        &[
            "game_spec",
            "players",
            "bot",
            "rating",
            "low95",
            "high95",
            "win_share",
        ],
    )?;
    let speed_path = dir.join(SPEED_FILE);
    let speeds = if speed_path.exists() {
        Some(read_table(
            &speed_path,
            &["game_spec", "players", "bot", "decisions_per_second"],
        )?)
    } else {
        None
    };
    // The leagues in file order, each with its rows.
    let mut leagues: Vec<(&str, &str, Vec<&Vec<String>>)> = Vec::new();
    for r in &rows {
        match leagues
            .iter_mut()
            .find(|(g, p, _)| *g == r[0] && *p == r[1])
        {
            Some((_, _, v)) => v.push(r),
            None => leagues.push((&r[0], &r[1], vec![r])),
        }
    }
    let several = leagues.len() > 1;
    let cell = |text: &str| text.replace('|', "\\|");
    for (i, (game, players, mut rows)) in leagues.into_iter().enumerate() {
        if i > 0 {
            let _ = writeln!(md);
        }
        if several {
            let _ = writeln!(md, "## {}, {players} players\n", cell(game));
        }
        let rating = |r: &Vec<String>| r[3].parse::<f64>().unwrap_or(f64::NEG_INFINITY);
        rows.sort_by(|a, b| rating(b).total_cmp(&rating(a)));
        let speed_of = |bot: &str| {
            speeds.as_ref().map(|speeds| {
                speeds
                    .iter()
                    .find(|s| s[0] == game && s[1] == players && s[2] == bot)
                    .and_then(|s| s[3].parse::<f64>().ok())
                    .map(|v| format!("{v:.0}"))
                    .unwrap_or_else(|| "—".to_string())
            })
        };
        let (extra_head, extra_rule) = if speeds.is_some() {
            (" decisions/s (1 thread) |", " --- |")
        } else {
            ("", "")
        };
        let _ = writeln!(
            md,
            "| bot | rating (Elo) | 95% interval | win share |{extra_head}"
        );
        let _ = writeln!(md, "| --- | --- | --- | --- |{extra_rule}");
        for r in rows {
            let speed = speed_of(&r[2])
                .map(|s| format!(" {s} |"))
                .unwrap_or_default();
            let _ = writeln!(
                md,
                "| {} | {} | [{}, {}] | {} |{speed}",
                cell(&crate::plot::short_label(&r[2])),
                r[3],
                r[4],
                r[5],
                r[6]
            );
        }
    }
    if speeds.is_some() {
        let _ = writeln!(
            md,
            "\nDecisions per second (`speed.csv`): each bot alone in every seat, on one thread of \
             the machine that ran this; they depend on that machine and on what else it ran."
        );
    }
    Ok(())
}
