//! Sweeps: every combination of game options, player counts and lineups,
//! played as one [`Plan`], and the balance metrics of each combination.
//!
//! # Varying an option
//!
//! [`Vary`] parses `KEY=VALUES`. `KEY` is any option of the game's spec
//! (`removed`, `scoring`, `max_turns`), or `OPTION.KIND` for one count of a
//! `KIND:N,...` list option (`deck.Shell` sets the Shells of Shell Dash's
//! deck, the other kinds keep their counts). `VALUES` are separated by
//! commas; each is a value (`simple`), or an integer range `LO..=HI` or
//! `LO..HI` with an optional step `:STEP` (`0..=50:5` is 0, 5, ..., 50).
//!
//! # Seeds and common random numbers
//!
//! Every combination is a run with the sweep's seed: deal `d` of every
//! combination is dealt from the same seed. Combinations that differ only
//! in something that does not change the setup shuffle (Seashells' `mode`
//! and `scoring`, Shell Dash's `max_turns` and `reshuffle`, the lineup) play
//! exactly the same deals, so the differences between them are measured
//! with less noise (common random numbers). Options that change the setup
//! (`removed`, the deck, the player count) give other deals.

use std::fmt;
use std::str::FromStr;

use crate::game::{ExtraMetric, MetricKind};
use crate::games::AnyGame;
use crate::spec::{Spec, SpecError, one_line};
use crate::tournament::rows::field;
use crate::tournament::{Count, Part, Plan, RunSpec, Totals};

/// Most combinations a sweep plays unless told otherwise (`--force`).
pub const DEFAULT_MAX_COMBINATIONS: usize = 10_000;

/// One varied option and its values.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Vary {
    /// The option (`removed`, or `deck.Shell` for one count of a list).
    pub key: String,
    /// Its values, in order.
    pub values: Vec<String>,
}

/// Most values one [`Vary`] may expand to (a range is refused beyond it).
pub const MAX_VALUES: u64 = 100_000;

/// What is wrong with a sweep.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SweepError {
    /// A `--vary` text without the `KEY=VALUES` shape.
    Malformed {
        /// The text as given.
        text: String,
        /// What is wrong.
        why: String,
    },
    /// A range with no values, reversed, or with a zero step.
    BadRange {
        /// The range as given.
        range: String,
        /// What is wrong.
        why: String,
    },
    /// The same option varied twice.
    Duplicate(String),
    /// The option is not one of the game's.
    UnknownOption {
        /// The option.
        key: String,
        /// The game.
        game: String,
        /// Its options.
        allowed: Vec<String>,
    },
    /// A combination the game refuses (a value out of range, a player
    /// count it does not allow).
    Combination {
        /// The combination, as `key=value, ...`.
        combination: String,
        /// The game's reason.
        why: String,
    },
    /// A lineup that does not fit a player count.
    Lineup {
        /// The combination.
        combination: String,
        /// Specs in the lineup.
        given: usize,
    },
    /// More combinations than allowed.
    TooMany {
        /// Combinations asked for.
        count: u128,
        /// The cap.
        cap: usize,
    },
    /// No player count, or no lineup.
    Empty(&'static str),
    /// A player count that is not a number.
    NotAPlayerCount(String),
}

impl fmt::Display for SweepError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SweepError::Malformed { text, why } => {
                write!(f, "`{}`: {}", one_line(text), one_line(why))
            }
            SweepError::BadRange { range, why } => {
                write!(f, "range `{}`: {}", one_line(range), one_line(why))
            }
            SweepError::Duplicate(key) => {
                write!(
                    f,
                    "`{}` is varied twice (give all its values in one --vary)",
                    one_line(key)
                )
            }
            SweepError::UnknownOption { key, game, allowed } => write!(
                f,
                "`{}` is not an option of {game} (its options: {}){}",
                one_line(key),
                allowed.join(", "),
                crate::suggest::did_you_mean(key, allowed.iter().map(String::as_str))
            ),
            SweepError::Combination { combination, why } => {
                write!(
                    f,
                    "combination {}: {}",
                    one_line(combination),
                    one_line(why)
                )
            }
            SweepError::Lineup { combination, given } => write!(
                f,
                "combination {}: a lineup of {given} specs does not fit (give one spec \
                 for every seat, one per seat, or two: the first against the second in every \
                 other seat)",
                one_line(combination)
            ),
            SweepError::TooMany { count, cap } => write!(
                f,
                "{count} combinations, more than the cap of {cap} (vary fewer values, or give \
                 --force to play them all)"
            ),
            SweepError::Empty(what) => write!(f, "no {what} to sweep"),
            SweepError::NotAPlayerCount(v) => {
                write!(f, "`{}` is not a player count", one_line(v))
            }
        }
    }
}

impl std::error::Error for SweepError {}

impl FromStr for Vary {
    type Err = SweepError;

    /// `KEY=VALUES` (`--vary`).
    fn from_str(text: &str) -> Result<Vary, SweepError> {
        let (key, values) = text.split_once('=').ok_or_else(|| SweepError::Malformed {
            text: text.to_string(),
            why: "write KEY=VALUES, e.g. removed=0..=50:5 or scoring=simple,advanced".to_string(),
        })?;
        Vary::parse(key, values)
    }
}

impl Vary {
    /// `key` varied over `values`: values and ranges separated by commas
    /// (`0..=50:5`, `simple,advanced`), as `--vary` writes them after `=`.
    pub fn parse(key: &str, values: &str) -> Result<Vary, SweepError> {
        let items: Vec<&str> = values.split(',').collect();
        Vary::from_items(key, &items)
    }

    /// `key` varied over `items`, each one value or one range (a list in
    /// an experiment file; an item holds no comma).
    pub fn from_items<S: AsRef<str>>(key: &str, items: &[S]) -> Result<Vary, SweepError> {
        let malformed = |why: &str| SweepError::Malformed {
            text: format!(
                "{key}={}",
                items
                    .iter()
                    .map(|i| i.as_ref())
                    .collect::<Vec<_>>()
                    .join(",")
            ),
            why: why.to_string(),
        };
        let key = key.trim();
        let key_ok = |k: &str| {
            !k.is_empty()
                && k.chars()
                    .all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '-')
        };
        let parts: Vec<&str> = key.split('.').collect();
        if parts.len() > 2 || !parts.iter().all(|p| key_ok(p)) {
            return Err(malformed(
                "the key is an option name, or OPTION.KIND for one count of a list (deck.Shell)",
            ));
        }
        let mut out = Vec::new();
        for item in items {
            let item = item.as_ref().trim();
            if item.is_empty() {
                return Err(malformed("an empty value (values are separated by commas)"));
            }
            if item.contains(',') {
                return Err(malformed(&format!(
                    "the value `{}` holds a comma (give each value as one item)",
                    one_line(item)
                )));
            }
            match parse_range(item)? {
                Some(range) => out.extend(range.map(|v| v.to_string())),
                None => out.push(item.to_string()),
            }
        }
        let mut seen = std::collections::HashSet::new();
        if let Some(dup) = out.iter().find(|v| !seen.insert(v.as_str())) {
            return Err(malformed(&format!("the value `{dup}` is given twice")));
        }
        Ok(Vary {
            key: key.to_string(),
            values: out,
        })
    }
}

/// Player counts: counts and ranges separated by commas (`2,3`, `2..=5`).
pub fn parse_player_counts(text: &str) -> Result<Vec<usize>, SweepError> {
    Vary::parse("players", text)?
        .values
        .iter()
        .map(|v| {
            v.parse::<usize>()
                .map_err(|_| SweepError::NotAPlayerCount(v.clone()))
        })
        .collect()
}

/// The value columns every combination of a sweep ends with, after the
/// varied options: its player count and its lineup.
pub const LAST_COLUMNS: [&str; 2] = ["players", "lineup"];

/// Several sweeps' plans as one ([`Plan::concat`]): the union of their
/// varied options, then [`LAST_COLUMNS`].
pub fn concat_plans(plans: Vec<Plan>) -> Plan {
    Plan::concat(plans, &LAST_COLUMNS)
}

/// `LO..=HI[:STEP]` or `LO..HI[:STEP]` as its values; `None` when `item`
/// is not a range.
fn parse_range(item: &str) -> Result<Option<impl Iterator<Item = i64>>, SweepError> {
    let Some((lo, rest)) = item.split_once("..") else {
        return Ok(None);
    };
    let bad = |why: &str| SweepError::BadRange {
        range: item.to_string(),
        why: why.to_string(),
    };
    let (inclusive, rest) = match rest.strip_prefix('=') {
        Some(r) => (true, r),
        None => (false, rest),
    };
    let (hi, step) = match rest.split_once(':') {
        Some((hi, step)) => (hi, Some(step)),
        None => (rest, None),
    };
    let int = |s: &str, what: &str| {
        s.trim()
            .parse::<i64>()
            .map_err(|_| bad(&format!("the {what} `{}` is not an integer", s.trim())))
    };
    let (lo, hi) = (int(lo, "start")?, int(hi, "end")?);
    let step = match step {
        Some(s) => int(s, "step")?,
        None => 1,
    };
    if step <= 0 {
        return Err(bad("the step must be a positive integer"));
    }
    let last = if inclusive { hi } else { hi - 1 };
    if hi < lo {
        return Err(bad("the range is reversed (write LO..=HI with LO <= HI)"));
    }
    if last < lo {
        return Err(bad(
            "the range is empty (LO..HI excludes HI; write LO..=HI)",
        ));
    }
    if ((last - lo) / step) as u64 >= MAX_VALUES {
        return Err(bad(&format!("more than {MAX_VALUES} values")));
    }
    Ok(Some((lo..=last).step_by(step as usize)))
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
    /// The lineups, canonical bot specs each: one spec for every seat, one
    /// per seat, or two (the first in one seat, the second in every other).
    pub lineups: Vec<Vec<String>>,
    /// Games per combination.
    pub count: SweepCount,
    /// The seed of every combination.
    pub seed: u64,
    /// Rotate mixed lineups through the seats.
    pub rotate: bool,
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
        let base: Spec = self
            .game
            .parse()
            .map_err(|e: SpecError| SweepError::Combination {
                combination: format!("game {}", self.game),
                why: e.to_string(),
            })?;
        let mut out = Vec::with_capacity(count as usize);
        let mut choice = vec![0usize; self.varies.len()];
        for &players in &self.players {
            loop {
                let values: Vec<(String, String)> = self
                    .varies
                    .iter()
                    .zip(&choice)
                    .map(|(v, &i)| (v.key.clone(), v.values[i].clone()))
                    .collect();
                for lineup in &self.lineups {
                    out.push(self.combination(&base, players, &values, lineup)?);
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
        // The base game's full options, so that a sub-key changes one count
        // of a list and keeps the others.
        let canonical = AnyGame::from_spec(&base.to_string(), players)
            .map_err(|e| refuse(e.to_string()))?
            .canonical_spec();
        let mut spec: Spec = canonical
            .parse()
            .map_err(|e: SpecError| refuse(e.to_string()))?;
        for (key, value) in values {
            set_option(&mut spec, key, value).map_err(|e| match e {
                SetError::Unknown => SweepError::UnknownOption {
                    key: key.clone(),
                    game: spec.name.clone(),
                    allowed: spec.options.iter().map(|(k, _)| k.clone()).collect(),
                },
                SetError::NotAList(option) => refuse(format!(
                    "`{key}` sets one count of a list, but `{option}` is not a KIND:N list"
                )),
            })?;
        }
        let game = AnyGame::from_spec(&spec.to_string(), players).map_err(|e| match e {
            SpecError::UnknownKey { key, name, allowed } => SweepError::UnknownOption {
                key,
                game: name,
                allowed,
            },
            e => refuse(e.to_string()),
        })?;
        let seats: Vec<String> = match lineup.len() {
            1 => vec![lineup[0].clone(); players],
            n if n == players => lineup.to_vec(),
            2 => std::iter::once(lineup[0].clone())
                .chain(std::iter::repeat_n(lineup[1].clone(), players - 1))
                .collect(),
            given => {
                return Err(SweepError::Lineup {
                    combination: label,
                    given,
                });
            }
        };
        let probe = RunSpec::new(
            &game.canonical_spec(),
            players,
            &seats,
            Count::Deals(1),
            self.seed,
            self.rotate,
        )
        .map_err(|e| refuse(e.to_string()))?;
        let deals = match self.count {
            SweepCount::Deals(d) => d,
            SweepCount::Games(g) => g.div_ceil(probe.games_per_deal()),
        };
        let run = RunSpec::new(
            &game.canonical_spec(),
            players,
            &seats,
            Count::Deals(deals),
            self.seed,
            self.rotate,
        )
        .map_err(|e| refuse(e.to_string()))?;
        let mut values = values.to_vec();
        values.push((LAST_COLUMNS[0].to_string(), players.to_string()));
        values.push((LAST_COLUMNS[1].to_string(), lineup.join(",")));
        Ok(Combination {
            part: Part { values, run },
            game,
        })
    }
}

enum SetError {
    Unknown,
    NotAList(String),
}

/// Set `key` (or one count of a list, `OPTION.KIND`) to `value` in `spec`.
fn set_option(spec: &mut Spec, key: &str, value: &str) -> Result<(), SetError> {
    match key.split_once('.') {
        None => {
            match spec.options.iter_mut().find(|(k, _)| k == key) {
                Some((_, v)) => *v = value.to_string(),
                // Options a canonical spec leaves out (e.g. `tokens`):
                // added, and the game says whether it knows them.
                None => spec.options.push((key.to_string(), value.to_string())),
            }
            // A varied value replaces a file's content: the base's label
            // of that file (`tokens_file`) no longer describes it.
            for file in crate::spec_files::FILE_OPTIONS {
                if file.game == spec.name && file.key == key {
                    spec.options.retain(|(k, _)| k != file.label);
                }
            }
            Ok(())
        }
        Some((option, kind)) => {
            let Some((_, list)) = spec.options.iter_mut().find(|(k, _)| k == option) else {
                return Err(SetError::Unknown);
            };
            let mut items: Vec<(String, String)> = Vec::new();
            for item in list.split(',') {
                let (k, n) = item
                    .split_once(':')
                    .ok_or_else(|| SetError::NotAList(option.to_string()))?;
                items.push((k.to_string(), n.to_string()));
            }
            match items.iter_mut().find(|(k, _)| k == kind) {
                Some((_, n)) => *n = value.to_string(),
                None => items.push((kind.to_string(), value.to_string())),
            }
            *list = items
                .iter()
                .map(|(k, n)| format!("{k}:{n}"))
                .collect::<Vec<_>>()
                .join(",");
            Ok(())
        }
    }
}

/// The columns of `metrics.csv` after the value columns, before the
/// game's own metrics.
pub const METRICS_COLUMNS: &str = "seat,bot,games,win_share,win_low95,win_high95,\
mean_score,score_ci95,tie_rate,tie_low95,tie_high95,mean_plies,sd_plies,plies_ci95,\
mean_turns,sd_turns,turns_ci95,mean_margin,margin_ci95,paired_diff,paired_ci95,\
seat_ratio,seat_ratio_low95,seat_ratio_high95,max_seat_ratio,max_seat_ratio_low95,\
max_seat_ratio_high95,min_seat_ratio,min_seat_ratio_low95,min_seat_ratio_high95,seat_gap,\
seat_gap_low95,seat_gap_high95,skill_elo,skill_elo_low95,skill_elo_high95";

/// The header of `metrics.csv` for `plan` and the game's own metrics.
pub fn metrics_header(plan: &Plan, extra: &[ExtraMetric]) -> String {
    let mut header: Vec<String> = plan.value_columns().iter().map(|c| field(c)).collect();
    header.push(METRICS_COLUMNS.to_string());
    for m in extra {
        header.push(m.name.to_string());
        match m.kind {
            MetricKind::Mean | MetricKind::PerPlayer => {
                header.push(format!("{}_ci95", m.name.trim_start_matches("mean_")))
            }
            MetricKind::Share => {
                let stem = m.name.trim_end_matches("_share");
                header.push(format!("{stem}_low95"));
                header.push(format!("{stem}_high95"));
            }
        }
    }
    header.join(",") + "\n"
}

/// The rows of `metrics.csv` (after [`metrics_header`]): per combination,
/// one row per seat (its bot, or `(rotated)` when the lineup rotates),
/// then, when the lineup mixes bots, one row per bot over every seat it
/// held (`seat` = `all`). The combination's game-level metrics (ties,
/// length, margin, the best and worst seat, the game's own) are on each of
/// its rows; a seat's `seat_ratio` on its row. On the bot rows of a lineup
/// of two distinct bots, `paired_diff` is the bot's win share minus the
/// other's, paired per deal (the rotations of a deal together), with the
/// half-width of its 95% interval, and `skill_elo` the bot's Bradley-Terry
/// Elo against the other from their pairwise results. Intervals:
/// docs/statistics.md.
pub fn metrics_rows(plan: &Plan, totals: &[Totals], extra: &[ExtraMetric]) -> String {
    let mut out = String::new();
    for (part, t) in plan.parts.iter().zip(totals) {
        let lead: String = part.values.iter().map(|(_, v)| field(v) + ",").collect();
        let (level, own) = game_level_metrics(t, part.run.players, extra);
        let fairness = seat_fairness(t);
        let rotated = part.run.rotations() > 1;
        for (seat, s) in t.seats.iter().enumerate() {
            let bot = if rotated {
                "(rotated)".to_string()
            } else {
                part.run.lineup()[seat].clone()
            };
            let ratio = match &fairness {
                Some(f) => f.seats[seat].clone(),
                None => ",,".to_string(),
            };
            let best = fairness.as_ref().map_or(",,,,,,,,", |f| &f.combination);
            out.push_str(&format!(
                "{lead}{seat},{},{}{level},,,{ratio},{best},,,{own}\n",
                field(&bot),
                tally_metrics(s)
            ));
        }
        let bots = part.run.bots();
        if bots.len() > 1 {
            let paired = t.paired.as_ref().filter(|p| p.deals > 0);
            let difference = paired.map(|p| p.difference());
            let skill = paired.and_then(|p| p.skill_elo());
            for (i, (bot, b)) in bots.iter().zip(&t.bots).enumerate() {
                // The first bot's difference and Elo; the second's are their
                // negations.
                let sign = if i == 0 { 1.0 } else { -1.0 };
                let pair = match difference {
                    Some((d, h)) => format!("{:.4},{h:.4}", sign * d + 0.0),
                    None => ",".to_string(),
                };
                let elo = match skill {
                    Some((e, low, high)) if i == 0 => format!("{e:.1},{low:.1},{high:.1}"),
                    Some((e, low, high)) => {
                        format!("{:.1},{:.1},{:.1}", -e + 0.0, -high + 0.0, -low + 0.0)
                    }
                    None => ",,".to_string(),
                };
                let best = fairness.as_ref().map_or(",,,,,,,,", |f| &f.combination);
                out.push_str(&format!(
                    "{lead}all,{},{}{level},{pair},,,,{best},{elo}{own}\n",
                    field(bot),
                    tally_metrics(b)
                ));
            }
        }
    }
    out
}

/// The seat-fairness columns of a combination, formatted.
struct SeatFairness {
    /// Per seat: `seat_ratio,low,high`.
    seats: Vec<String>,
    /// `max_seat_ratio,low,high,min_seat_ratio,low,high,seat_gap,low,high`.
    combination: String,
}

/// A combination's seat-fairness columns ([`Totals::seat_fairness`]);
/// `None` for a solo game or without games.
fn seat_fairness(t: &Totals) -> Option<SeatFairness> {
    let f = t.seat_fairness()?;
    let three = |(v, low, high): crate::tournament::Interval| format!("{v:.4},{low:.4},{high:.4}");
    Some(SeatFairness {
        seats: f.seats.iter().map(|&s| three(s)).collect(),
        combination: format!(
            "{},{},{}",
            three(f.max_ratio),
            three(f.min_ratio),
            three(f.gap)
        ),
    })
}

fn tally_metrics(t: &crate::tournament::Tally) -> String {
    let (share, low, high) = t.win_share();
    let (score, score_half) = t.score();
    format!(
        "{},{share:.4},{low:.4},{high:.4},{score:.3},{score_half:.3}",
        t.games
    )
}

/// The game-level columns through the margin, and the game's own metrics
/// (each with its leading comma).
fn game_level_metrics(t: &Totals, players: usize, extra: &[ExtraMetric]) -> (String, String) {
    let (tie, tie_low, tie_high) = t.tie_interval();
    let (plies, plies_sd) = t.plies();
    let (turns, turns_sd) = t.turns();
    let margin = match t.margin() {
        Some((m, h)) => format!("{m:.3},{h:.3}"),
        None => ",".to_string(),
    };
    let level = format!(
        ",{tie:.4},{tie_low:.4},{tie_high:.4},{plies:.3},{plies_sd:.3},{:.3},{turns:.3},{turns_sd:.3},{:.3},{margin}",
        t.plies_ci95(),
        t.turns_ci95()
    );
    let mut text = String::new();
    for m in extra {
        match m.kind {
            MetricKind::Mean => match t.extra(m.column) {
                Some((mean, h)) => text.push_str(&format!(",{mean:.3},{h:.3}")),
                None => text.push_str(",,"),
            },
            MetricKind::PerPlayer => match t.extra(m.column) {
                Some((mean, h)) => {
                    let p = players as f64;
                    text.push_str(&format!(",{:.3},{:.3}", mean / p, h / p));
                }
                None => text.push_str(",,"),
            },
            MetricKind::Share => match t.extra_share(m.column) {
                Some((share, low, high)) => {
                    text.push_str(&format!(",{share:.4},{low:.4},{high:.4}"))
                }
                None => text.push_str(",,,"),
            },
        }
    }
    (level, text)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::stats::cluster::ClusterSums;
    use crate::tournament::totals::tests::three_player_spec;

    /// Hand-built totals of 100 deals of bot `a` against two copies of `b`
    /// at 3 players, rotated: seat win shares 0.4, 0.35 and 0.25, each with
    /// a standard error of exactly 1/60 (deal totals of variance 900 in
    /// 1/60 units); the pairwise score of `a` by deal at levels 8, 6 and 4
    /// (of 12) 50, 30 and 20 times.
    fn hand_built_totals() -> (Plan, Totals) {
        let spec = three_player_spec(100);
        let mut t = Totals::new(&spec);
        t.games = 300;
        for (seat, per_deal) in [72i64, 63, 45].into_iter().enumerate() {
            let s = &mut t.seats[seat];
            s.games = 300;
            s.wins60 = 100 * per_deal as u64;
            s.wins_by_deal = ClusterSums {
                clusters: 100,
                n: 300,
                sum: 100 * per_deal,
                sum_sq: i128::from(100 * per_deal * per_deal + 99 * 900),
                cross: i128::from(300 * per_deal),
                n_sq: 900,
            };
        }
        t.bots[0].games = 300;
        t.bots[1].games = 600;
        let p = t.paired.as_mut().unwrap();
        p.deals = 100;
        p.levels[8] = 50;
        p.levels[6] = 30;
        p.levels[4] = 20;
        let mut values = vec![("players".to_string(), "3".to_string())];
        values.push(("lineup".to_string(), "a-b".to_string()));
        let plan = Plan {
            parts: vec![Part { values, run: spec }],
        };
        (plan, t)
    }

    #[test]
    fn seat_ratios_gap_and_skill_have_exact_values() {
        let (plan, t) = hand_built_totals();
        let header = metrics_header(&plan, &[]);
        let rows = metrics_rows(&plan, std::slice::from_ref(&t), &[]);
        let names: Vec<&str> = header.trim_end().split(',').collect();
        let rows: Vec<Vec<&str>> = rows.lines().map(|r| r.split(',').collect()).collect();
        assert_eq!(rows.len(), 3 + 2);
        let get = |row: usize, stem: &str| -> String {
            let i = names.iter().position(|n| *n == stem).expect(stem);
            rows[row][i..i + 3].join(",")
        };
        assert_eq!(get(0, "seat_ratio"), "1.2000,1.1020,1.2980");
        assert_eq!(get(1, "seat_ratio"), "1.0500,0.9520,1.1480");
        assert_eq!(get(2, "seat_ratio"), "0.7500,0.6520,0.8480");
        // Bonferroni over three seats: z = 2.394.
        for row in 0..5 {
            assert_eq!(get(row, "max_seat_ratio"), "1.2000,1.0803,1.3197");
            assert_eq!(get(row, "min_seat_ratio"), "0.7500,0.6303,0.8697");
            assert_eq!(get(row, "seat_gap"), "0.1500,0.0702,0.2298");
        }
        // 330 pairwise points of 600, one virtual draw: 400 log10(330.5 /
        // 270.5); the second bot's row negated.
        assert_eq!(get(3, "skill_elo"), "34.8,16.8,52.8");
        assert_eq!(get(4, "skill_elo"), "-34.8,-52.8,-16.8");
        for row in 0..3 {
            assert_eq!(get(row, "skill_elo"), ",,");
        }
        assert_eq!(get(3, "seat_ratio"), ",,");
        assert!(rows.iter().all(|r| r.len() == names.len()));
    }

    #[test]
    fn varying_a_file_option_drops_the_base_files_label() {
        let mut spec: Spec = "seaside(removed=3,tokens=[Beach/Wave:9],\
                              tokens_file=set.txt@xxh3:0123456789abcdef)"
            .parse()
            .unwrap();
        assert!(set_option(&mut spec, "removed", "4").is_ok());
        assert_eq!(
            spec.get("tokens_file"),
            Some("set.txt@xxh3:0123456789abcdef")
        );
        assert!(set_option(&mut spec, "tokens", "[Rock/Crab:9]").is_ok());
        assert_eq!(spec.to_string(), "seaside(removed=4,tokens=[Rock/Crab:9])");
        // Inline sets are varied as a list (`;` inside a set, `,` between).
        assert_eq!(
            vary("tokens=[Beach/Wave:9;Rock/Crab:1],[Rock/Crab:10]").unwrap(),
            ["[Beach/Wave:9;Rock/Crab:1]", "[Rock/Crab:10]"]
        );
    }

    fn vary(text: &str) -> Result<Vec<String>, String> {
        text.parse::<Vary>()
            .map(|v| v.values)
            .map_err(|e| e.to_string())
    }

    #[test]
    fn values_lists_and_ranges() {
        assert_eq!(
            vary("removed=0..=20:5").unwrap(),
            ["0", "5", "10", "15", "20"]
        );
        assert_eq!(
            vary("removed=0..=22:5").unwrap(),
            ["0", "5", "10", "15", "20"]
        );
        assert_eq!(vary("removed=3..6").unwrap(), ["3", "4", "5"]);
        assert_eq!(vary("removed=7..=7").unwrap(), ["7"]);
        assert_eq!(
            vary("scoring=simple, advanced").unwrap(),
            ["simple", "advanced"]
        );
        assert_eq!(
            vary("removed=0,10..=12,rulebook").unwrap(),
            ["0", "10", "11", "12", "rulebook"]
        );
        let d: Vary = "deck.Shell=8..=20:4".parse().unwrap();
        assert_eq!(d.key, "deck.Shell");
        assert_eq!(d.values, ["8", "12", "16", "20"]);
    }

    #[test]
    fn bad_values_say_what_is_wrong() {
        assert_eq!(
            vary("removed=5..=1").unwrap_err(),
            "range `5..=1`: the range is reversed (write LO..=HI with LO <= HI)"
        );
        assert_eq!(
            vary("removed=5..5").unwrap_err(),
            "range `5..5`: the range is empty (LO..HI excludes HI; write LO..=HI)"
        );
        assert_eq!(
            vary("removed=0..=10:0").unwrap_err(),
            "range `0..=10:0`: the step must be a positive integer"
        );
        assert_eq!(
            vary("removed=0..=x").unwrap_err(),
            "range `0..=x`: the end `x` is not an integer"
        );
        assert_eq!(
            vary("removed").unwrap_err(),
            "`removed`: write KEY=VALUES, e.g. removed=0..=50:5 or scoring=simple,advanced"
        );
        assert_eq!(
            vary("removed=1,,2").unwrap_err(),
            "`removed=1,,2`: an empty value (values are separated by commas)"
        );
        assert_eq!(
            vary("removed=1,1").unwrap_err(),
            "`removed=1,1`: the value `1` is given twice"
        );
    }

    fn sweep(game: &str, players: &[usize], varies: &[&str], lineups: &[&[&str]]) -> SweepSpec {
        SweepSpec {
            game: game.to_string(),
            players: players.to_vec(),
            varies: varies.iter().map(|v| v.parse().unwrap()).collect(),
            lineups: lineups
                .iter()
                .map(|l| l.iter().map(|s| s.to_string()).collect())
                .collect(),
            count: SweepCount::Games(10),
            seed: 3,
            rotate: true,
        }
    }

    #[test]
    fn combinations_in_order_with_their_games() {
        let s = sweep(
            "seashells",
            &[2, 3],
            &["scoring=simple,advanced", "mode=board,stroll"],
            &[&["random"], &["greedy", "random"]],
        );
        let c = s.combinations(100).unwrap();
        assert_eq!(c.len(), 2 * 2 * 2 * 2);
        let labels: Vec<String> = c
            .iter()
            .map(|c| {
                c.part
                    .values
                    .iter()
                    .map(|(k, v)| format!("{k}={v}"))
                    .collect::<Vec<_>>()
                    .join(" ")
            })
            .collect();
        assert_eq!(
            labels[0],
            "scoring=simple mode=board players=2 lineup=random"
        );
        assert_eq!(
            labels[1],
            "scoring=simple mode=board players=2 lineup=greedy,random"
        );
        assert_eq!(
            labels[2],
            "scoring=simple mode=stroll players=2 lineup=random"
        );
        assert_eq!(
            labels[15],
            "scoring=advanced mode=stroll players=3 lineup=greedy,random"
        );
        assert_eq!(
            c[15].part.run.game,
            "seashells(mode=stroll,scoring=advanced,bottles=spend)"
        );
        // Two specs at 3 players: the first against the second twice.
        assert_eq!(c[15].part.run.lineup(), ["greedy", "random", "random"]);
        // At least 10 games: whole deals of 3 rotations.
        assert_eq!(c[15].part.run.games(), 12);
        assert_eq!(c[0].part.run.games(), 10);
        assert!(c.iter().all(|c| c.part.run.seed == 3));
    }

    #[test]
    fn a_sub_key_sets_one_count_of_a_list() {
        let s = sweep("shell-dash", &[2], &["deck.Shell=8,20"], &[&["random"]]);
        let c = s.combinations(100).unwrap();
        assert_eq!(
            c[1].part.run.game,
            "shell-dash(deck=Sand:16,Wave:10,Flip-Flop:6,Jellyfish:8,Sun:6,Shell:20,max_turns=200,reshuffle=choice)"
        );
    }

    #[test]
    fn refusals_name_the_combination() {
        let err = |s: SweepSpec| s.combinations(100).unwrap_err().to_string();
        assert_eq!(
            err(sweep("seaside", &[2], &["colour=1,2"], &[&["random"]])),
            "`colour` is not an option of seaside (its options: removed, tokens, tokens_file)"
        );
        assert!(
            err(sweep(
                "seaside",
                &[2, 3],
                &["removed=60,70"],
                &[&["random"]]
            ))
            .starts_with("combination removed=70, players=2: "),
        );
        assert!(
            err(sweep(
                "shell-dash",
                &[2, 3],
                &["max_turns=10"],
                &[&["random"]]
            ))
            .starts_with("combination max_turns=10, players=3: "),
        );
        assert_eq!(
            err(sweep(
                "seaside",
                &[2],
                &["removed=1,2", "removed=3"],
                &[&["random"]]
            )),
            "`removed` is varied twice (give all its values in one --vary)"
        );
        let many = sweep("seaside", &[2, 3], &["removed=0..=69"], &[&["random"]]);
        assert_eq!(
            many.combinations(100).unwrap_err().to_string(),
            "140 combinations, more than the cap of 100 (vary fewer values, or give --force to play them all)"
        );
        assert!(
            err(sweep(
                "seashells",
                &[4],
                &[],
                &[&["random", "greedy", "random"]]
            ))
            .starts_with("combination players=4: a lineup of 3 specs does not fit")
        );
    }
}
