//! Balance by skill (`[criterion.skill]`, docs/balancing.md "Balance by
//! skill"): seat 0's ratio (2 × win share; 1 = fair) in each bot's mirror
//! games against the bot's strength (its Elo from a league's
//! `ratings.csv` of the same game and player count), into `skill.csv`, and
//! the answer to "does seat 0's edge grow with skill?" from the paired
//! per-deal difference of seat 0's ratio between the strongest bot's mirror
//! and the weakest's (`compare.csv`, the weakest's mirror the baseline).
//!
//! The answer: `yes` when that difference's 95% interval lies above 0 (seat
//! 0's ratio rises with skill) and it is not shown within the margin; `no`
//! when its 90% interval lies within ±margin (TOST, as
//! [`beachcomber::stats::within`]) or its 95% interval lies below 0 (the
//! edge shrinks); else `inconclusive`. The margin is `compare.csv`'s
//! `seat_ratio` margin; the margin the games resolve is
//! [`resolved_margin`] of the difference's standard error.

use std::fmt::Write as _;
use std::path::Path;

use serde::Deserialize;

use super::error::ExperimentError;
use super::file::{Experiment, Quick, Step};
use super::specs::quick_replace_text;
use super::table_csv::read_all;
use crate::files::names::{COMPARE_FILE, METRICS_FILE, SKILL_FILE};
use beachcomber::spec::one_line_path;
use beachcomber::stats::within::{WithinVerdict, resolved_margin, within_target};
use beachcomber::tournament::Plan;
use beachcomber_bots::{BotConfig, short_label};

/// `[criterion.skill]`: where the bots' ratings are.
#[derive(Clone, Debug, Default, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct SkillTable {
    /// A league's `ratings.csv` (relative to the experiment file's folder)
    /// that rates every mirror lineup's bot at the sweep's game and player
    /// count.
    pub ratings: String,
}

/// One bot's rating read from a league's `ratings.csv`.
#[derive(Clone, Debug, PartialEq)]
pub struct BotRating {
    /// The bot's canonical spec.
    pub bot: String,
    /// Its Elo (the league's anchor at 0).
    pub elo: f64,
    /// The lower end of its 95% interval.
    pub low95: f64,
    /// The upper end of its 95% interval.
    pub high95: f64,
}

/// Seat 0's ratio in one bot's mirror games (a row of `metrics.csv`).
#[derive(Clone, Debug, PartialEq)]
pub struct MirrorSeat0 {
    /// The lineup: one canonical bot spec in every seat.
    pub bot: String,
    /// Seat 0's ratio (players × its win share).
    pub ratio: f64,
    /// The lower end of its 95% interval.
    pub low95: f64,
    /// The upper end of its 95% interval.
    pub high95: f64,
    /// The games played.
    pub games: u64,
}

/// One row of `skill.csv`: a bot's Elo and seat 0's ratio in its mirror.
#[derive(Clone, Debug, PartialEq)]
pub struct SkillRow {
    /// Seat 0's ratio in the bot's mirror games.
    pub mirror: MirrorSeat0,
    /// The bot's rating.
    pub rating: BotRating,
}

/// The columns of `skill.csv`.
pub const SKILL_COLUMNS: &str =
    "bot,elo,elo_low95,elo_high95,seat0_ratio,seat0_ratio_low95,seat0_ratio_high95,games";

/// The rows of `skill.csv`, weakest first (by Elo): each mirror with the
/// rating whose key (`key(rating's bot)`: the bot itself, or under
/// `--quick` the bot `replace` puts in its place) is the mirror's bot. A
/// mirror without a rating is an error naming it.
pub fn skill_rows(
    mirrors: &[MirrorSeat0],
    ratings: &[BotRating],
    key: &dyn Fn(&str) -> String,
) -> Result<Vec<SkillRow>, String> {
    let mut rows = Vec::new();
    for mirror in mirrors {
        let rating = ratings
            .iter()
            .find(|r| key(&r.bot) == mirror.bot)
            .ok_or_else(|| format!("no rating of `{}` in the ratings file", mirror.bot))?;
        rows.push(SkillRow {
            mirror: mirror.clone(),
            rating: rating.clone(),
        });
    }
    rows.sort_by(|a, b| a.rating.elo.total_cmp(&b.rating.elo));
    if let [.., second, first] = rows.as_slice()
        && first.rating.elo == second.rating.elo
    {
        return Err(format!(
            "`{}` and `{}` are rated the same: no one bot is the strongest",
            short_label(&second.mirror.bot),
            short_label(&first.mirror.bot)
        ));
    }
    Ok(rows)
}

/// A row's cells after its bot: Elo and its interval (one decimal), seat
/// 0's ratio and its interval (four), the games: `skill.csv`'s and the
/// summary's.
fn number_cells(row: &SkillRow) -> [String; 7] {
    let (m, r) = (&row.mirror, &row.rating);
    [
        format!("{:.1}", r.elo),
        format!("{:.1}", r.low95),
        format!("{:.1}", r.high95),
        format!("{:.4}", m.ratio),
        format!("{:.4}", m.low95),
        format!("{:.4}", m.high95),
        m.games.to_string(),
    ]
}

/// `skill.csv`'s text: the header and one line per row.
pub fn skill_csv(rows: &[SkillRow]) -> String {
    let mut text = format!("{SKILL_COLUMNS}\n");
    for row in rows {
        let _ = writeln!(
            text,
            "{},{}",
            csv_field(&row.mirror.bot),
            number_cells(row).join(",")
        );
    }
    text
}

/// A CSV field, quoted when it holds a comma or a quote.
fn csv_field(text: &str) -> String {
    if text.contains([',', '"']) {
        format!("\"{}\"", text.replace('"', "\"\""))
    } else {
        text.to_string()
    }
}

/// The answer to "does seat 0's edge grow with skill?".
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SkillAnswer {
    /// Seat 0's ratio is higher between the strongest players.
    Yes,
    /// It is not: shown within the margin, or lower.
    No,
    /// Neither is shown.
    Inconclusive,
}

impl SkillAnswer {
    /// The answer's word.
    pub fn name(self) -> &'static str {
        match self {
            SkillAnswer::Yes => "yes",
            SkillAnswer::No => "no",
            SkillAnswer::Inconclusive => "inconclusive",
        }
    }
}

/// The answer from the paired strongest-minus-weakest difference of seat
/// 0's ratio (`diff` with its 95% interval) and the margin, with the
/// margin the games resolve (the standard error read off the 95%
/// interval's half-width over 1.96).
pub fn edge_grows(diff: f64, low95: f64, high95: f64, margin: f64) -> (SkillAnswer, f64) {
    let se = (high95 - low95) / 2.0 / beachcomber::stats::Z95;
    let within = within_target(diff, se, 0.0, margin).verdict == WithinVerdict::Within;
    let answer = if within || high95 < 0.0 {
        SkillAnswer::No
    } else if low95 > 0.0 {
        SkillAnswer::Yes
    } else {
        SkillAnswer::Inconclusive
    };
    (answer, resolved_margin(se, 1))
}

/// Why a skill table's sweep has too few mirrors.
const TOO_FEW_MIRRORS: &str = "name at least two mirror lineups (one bot in every seat)";

/// Why a mirror played at several settings is refused.
fn twice(bot: &str) -> String {
    format!(
        "the mirror `{}` is played at more than one setting; \
         a skill table compares the bots at one game and player count",
        short_label(bot)
    )
}

/// A small results CSV read whole, its errors naming it (`label`).
struct Table {
    label: String,
    header: Vec<String>,
    rows: Vec<Vec<String>>,
}

impl Table {
    fn read(path: &Path, label: String) -> Result<Table, String> {
        let (header, rows) = read_all(path).map_err(|e| e.to_string())?;
        Ok(Table {
            label,
            header,
            rows,
        })
    }

    /// The index of column `name`.
    fn col(&self, name: &str) -> Result<usize, String> {
        self.header
            .iter()
            .position(|h| h == name)
            .ok_or_else(|| format!("{} has no `{name}` column", self.label))
    }

    /// A cell as a number.
    fn number(&self, cell: &str) -> Result<f64, String> {
        cell.parse()
            .map_err(|_| format!("{}: `{cell}` is not a number", self.label))
    }
}

/// The mirrors' seat 0 rows of `metrics.csv` (a mirror: its seat's bot is
/// its lineup). More than one row of a lineup (varied options, player
/// counts) is an error: a skill table compares bots at one setting.
fn read_mirrors(path: &Path) -> Result<Vec<MirrorSeat0>, String> {
    let t = Table::read(path, "metrics.csv".to_string())?;
    let (lineup, seat, bot) = (t.col("lineup")?, t.col("seat")?, t.col("bot")?);
    let (ratio, low, high, games) = (
        t.col("seat_ratio")?,
        t.col("seat_ratio_low95")?,
        t.col("seat_ratio_high95")?,
        t.col("games")?,
    );
    let mut mirrors: Vec<MirrorSeat0> = Vec::new();
    for row in t
        .rows
        .iter()
        .filter(|r| r[seat] == "0" && r[bot] == r[lineup])
    {
        if mirrors.iter().any(|m| m.bot == row[lineup]) {
            return Err(twice(&row[lineup]));
        }
        mirrors.push(MirrorSeat0 {
            bot: row[lineup].clone(),
            ratio: t.number(&row[ratio])?,
            low95: t.number(&row[low])?,
            high95: t.number(&row[high])?,
            games: row[games]
                .parse()
                .map_err(|_| format!("metrics.csv: `{}` is not a count", row[games]))?,
        });
    }
    if mirrors.len() < 2 {
        return Err(TOO_FEW_MIRRORS.to_string());
    }
    Ok(mirrors)
}

/// The ratings of `game` at `players` in a league's `ratings.csv`.
fn read_ratings(path: &Path, game: &str, players: usize) -> Result<Vec<BotRating>, String> {
    let t = Table::read(path, one_line_path(path))?;
    let (g, p, bot) = (t.col("game_spec")?, t.col("players")?, t.col("bot")?);
    let (elo, low, high) = (t.col("rating")?, t.col("low95")?, t.col("high95")?);
    let mut ratings = Vec::new();
    for row in t
        .rows
        .iter()
        .filter(|r| r[g] == game && r[p] == players.to_string())
    {
        ratings.push(BotRating {
            bot: row[bot].clone(),
            elo: t.number(&row[elo])?,
            low95: t.number(&row[low])?,
            high95: t.number(&row[high])?,
        });
    }
    if ratings.is_empty() {
        return Err(format!(
            "{} rates no bot of `{game}` at {players} players",
            t.label
        ));
    }
    Ok(ratings)
}

/// The paired difference of seat 0's ratio, the strongest mirror's minus
/// the baseline's, from `compare.csv`: `(diff, low95, high95)`.
fn read_difference(path: &Path, strongest: &str) -> Result<(f64, f64, f64), String> {
    let t = Table::read(path, "compare.csv".to_string())?;
    let (lineup, seat, metric) = (t.col("lineup")?, t.col("seat")?, t.col("metric")?);
    let paired = t.col("paired")?;
    let (diff, low, high) = (t.col("diff")?, t.col("diff_low95")?, t.col("diff_high95")?);
    let row = t
        .rows
        .iter()
        .find(|r| r[lineup] == strongest && r[seat] == "0" && r[metric] == "seat_ratio")
        .ok_or_else(|| {
            format!(
                "compare.csv has no seat 0 `seat_ratio` row of `{}`",
                short_label(strongest)
            )
        })?;
    if row[paired] != "true" {
        return Err(
            "the difference is not paired by deal: play every mirror on the same deals".to_string(),
        );
    }
    Ok((
        t.number(&row[diff])?,
        t.number(&row[low])?,
        t.number(&row[high])?,
    ))
}

/// Under `--quick`, the key of a rated bot: the canonical spec of the bot
/// `replace` puts in its place (the mirrors' bot); else the bot itself.
fn rating_key(quick: Option<&Quick>, bot: &str) -> String {
    match quick {
        Some(q) => {
            let replaced = quick_replace_text(q, bot);
            BotConfig::parse(&replaced)
                .map(|c| c.to_string())
                .unwrap_or(replaced)
        }
        None => bot.to_string(),
    }
}

/// What a skill table needs from the run: the sweep's one game and player
/// count (`setting`), `--quick` or not, and the baseline's lineup
/// (canonical).
pub struct SkillRun<'a> {
    experiment: &'a Experiment,
    quick: bool,
    setting: (String, usize),
    baseline_lineup: Option<String>,
}

impl<'a> SkillRun<'a> {
    /// The skill table's run of `experiment` over `plan` (its first part's
    /// game, canonical, and player count; the comparison's baseline
    /// lineup), `None` without a `[criterion.skill]`.
    pub fn new(
        experiment: &'a Experiment,
        plan: &Plan,
        quick: bool,
    ) -> Result<Option<SkillRun<'a>>, ExperimentError> {
        let has_skill = experiment
            .criterion
            .as_ref()
            .is_some_and(|c| c.skill.is_some());
        let (Some(part), true) = (plan.parts.first(), has_skill) else {
            return Ok(None);
        };
        let run = &part.run;
        let game = beachcomber::games::AnyGame::from_spec(&run.game, run.players)
            .map(|g| g.canonical_spec())
            .unwrap_or_else(|_| run.game.clone());
        let spec = experiment.compare_spec(plan, quick)?;
        let baseline_lineup = spec.and_then(|s| {
            s.baseline
                .into_iter()
                .find(|(k, _)| k == "lineup")
                .map(|(_, v)| v)
        });
        Ok(Some(SkillRun {
            experiment,
            quick,
            setting: (game, run.players),
            baseline_lineup,
        }))
    }

    /// An error of the skill table: `FILE line N: criterion.skill: why`.
    fn fail(&self, why: String) -> ExperimentError {
        let at = self
            .experiment
            .source
            .at(&[Step::key("criterion"), Step::key("skill")]);
        ExperimentError::setting(format!("{at}: criterion.skill: "), why)
    }

    /// The mirrors joined with their ratings, weakest first, checked:
    /// every bot rated, one strongest, the baseline the weakest's mirror.
    fn rank(
        &self,
        table: &SkillTable,
        mirrors: &[MirrorSeat0],
    ) -> Result<Vec<SkillRow>, ExperimentError> {
        let folder = self
            .experiment
            .source
            .path
            .parent()
            .unwrap_or(Path::new(""));
        let (game, players) = (&self.setting.0, self.setting.1);
        let ratings =
            read_ratings(&folder.join(&table.ratings), game, players).map_err(|w| self.fail(w))?;
        let quick_table = self.quick.then_some(&self.experiment.quick);
        let rows = skill_rows(mirrors, &ratings, &|bot| rating_key(quick_table, bot))
            .map_err(|w| self.fail(w))?;
        let weakest = &rows[0].mirror.bot;
        if self.baseline_lineup.as_deref() != Some(weakest.as_str()) {
            return Err(self.fail(format!(
                "the baseline must be the weakest bot's mirror, `lineup = \"{}\"`",
                short_label(weakest)
            )));
        }
        Ok(rows)
    }

    /// The `seat_ratio` margin of the criterion.
    fn margin(&self) -> Result<f64, ExperimentError> {
        self.experiment
            .criterion
            .as_ref()
            .and_then(|c| c.margins.as_ref())
            .and_then(|m| m.get("seat_ratio"))
            .and_then(|v| v.as_float().or_else(|| v.as_integer().map(|i| i as f64)))
            .ok_or_else(|| self.fail("give `margins = { seat_ratio = M }`".to_string()))
    }

    /// Before any game: the skill table checked against the planned
    /// lineups (`plan`'s), so that a bot without a rating or a wrong
    /// baseline is refused before the games, not after them.
    pub fn check_before_games(&self, plan: &Plan) -> Result<(), ExperimentError> {
        let lineups: Vec<&Vec<String>> = plan.parts.iter().flat_map(|p| &p.run.lineups).collect();
        let Some(table) = self.table() else {
            return Ok(());
        };
        self.margin()?;
        let mut mirrors: Vec<MirrorSeat0> = Vec::new();
        for lineup in lineups {
            if lineup.len() > 1 && lineup.iter().any(|x| *x != lineup[0]) {
                continue;
            }
            let Some(bot) = lineup.first().filter(|b| lineup.iter().all(|x| x == *b)) else {
                continue;
            };
            if mirrors.iter().any(|m| &m.bot == bot) {
                return Err(self.fail(twice(bot)));
            }
            mirrors.push(MirrorSeat0 {
                bot: bot.clone(),
                ratio: 0.0,
                low95: 0.0,
                high95: 0.0,
                games: 0,
            });
        }
        if mirrors.len() < 2 {
            return Err(self.fail(TOO_FEW_MIRRORS.to_string()));
        }
        self.rank(table, &mirrors).map(|_| ())
    }

    fn table(&self) -> Option<&SkillTable> {
        self.experiment
            .criterion
            .as_ref()
            .and_then(|c| c.skill.as_ref())
    }

    /// Write `skill.csv` into `dir` (a finished sweep's folder) and the
    /// `## Balance by skill` section of summary.md into `md`, when the
    /// file's criterion has a `skill` table.
    pub fn write(&self, md: &mut String, dir: &Path) -> Result<(), ExperimentError> {
        let Some(table) = self.table() else {
            return Ok(());
        };
        let margin = self.margin()?;
        let mirrors = read_mirrors(&dir.join(METRICS_FILE)).map_err(|w| self.fail(w))?;
        let rows = self.rank(table, &mirrors)?;
        let (weakest, strongest) = (&rows[0].mirror.bot, &rows[rows.len() - 1].mirror.bot);
        let (diff, low, high) =
            read_difference(&dir.join(COMPARE_FILE), strongest).map_err(|w| self.fail(w))?;
        let (answer, resolves) = edge_grows(diff, low, high, margin);
        beachcomber_store::files::output::write_whole(
            &dir.join(SKILL_FILE),
            skill_csv(&rows).as_bytes(),
        )?;
        let _ = writeln!(md, "\n## Balance by skill\n");
        let _ = writeln!(
            md,
            "**Answer: seat 0's edge grows with skill: {}** (`{}` minus `{}`, paired by deal: \
             {diff:.4} [{low:.4}, {high:.4}]; margin {margin}; the games resolve {resolves:.4}).\n",
            answer.name(),
            short_label(strongest),
            short_label(weakest),
        );
        let _ = writeln!(
            md,
            "| bot | Elo | low95 | high95 | seat 0's ratio | low95 | high95 | games |\n\
             | --- | --- | --- | --- | --- | --- | --- | --- |"
        );
        for row in &rows {
            let _ = writeln!(
                md,
                "| {} | {} |",
                short_label(&row.mirror.bot),
                number_cells(row).join(" | ")
            );
        }
        let _ = writeln!(md, "\nEvery row is in `skill.csv`.");
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn mirror(bot: &str, ratio: f64) -> MirrorSeat0 {
        MirrorSeat0 {
            bot: bot.to_string(),
            ratio,
            low95: ratio - 0.02,
            high95: ratio + 0.02,
            games: 100,
        }
    }

    fn rating(bot: &str, elo: f64) -> BotRating {
        BotRating {
            bot: bot.to_string(),
            elo,
            low95: elo - 10.0,
            high95: elo + 10.0,
        }
    }

    #[test]
    fn rows_are_ordered_by_elo_and_written_exactly() {
        let mirrors = [mirror("expert", 1.3), mirror("random", 1.1)];
        let ratings = [
            rating("greedy", 800.0),
            rating("expert", 1400.0),
            rating("random", 0.0),
        ];
        let rows = skill_rows(&mirrors, &ratings, &|b| b.to_string()).unwrap();
        assert_eq!(
            skill_csv(&rows),
            format!(
                "{SKILL_COLUMNS}\nrandom,0.0,-10.0,10.0,1.1000,1.0800,1.1200,100\n\
                 expert,1400.0,1390.0,1410.0,1.3000,1.2800,1.3200,100\n"
            )
        );
    }

    #[test]
    fn a_spec_with_commas_is_quoted_and_a_missing_rating_is_named() {
        let mirrors = [mirror("ismcts(iterations=20,c=0.7)", 1.0)];
        let ratings = [rating("ismcts(iterations=2000,c=0.7)", 600.0)];
        // Under --quick the rated bot's key is its replacement.
        let key = |b: &str| b.replace("2000", "20");
        let rows = skill_rows(&mirrors, &ratings, &key).unwrap();
        assert!(
            skill_csv(&rows).ends_with(
                "\"ismcts(iterations=20,c=0.7)\",600.0,590.0,610.0,1.0000,0.9800,1.0200,100\n"
            ),
            "{}",
            skill_csv(&rows)
        );
        let error = skill_rows(&mirrors, &ratings, &|b| b.to_string()).unwrap_err();
        let tied = [mirror("a", 1.0), mirror("b", 1.1)];
        let same = [rating("a", 41.0), rating("b", 41.0)];
        assert_eq!(
            skill_rows(&tied, &same, &|b| b.to_string()).unwrap_err(),
            "`a` and `b` are rated the same: no one bot is the strongest"
        );
        assert_eq!(
            error,
            "no rating of `ismcts(iterations=20,c=0.7)` in the ratings file"
        );
    }

    #[test]
    fn each_answer_on_constructed_differences() {
        // se = 0.01: 0.05 ± 0.0196 lies above 0 and beyond 0.02: yes.
        let (answer, resolves) = edge_grows(0.05, 0.05 - 0.0196, 0.05 + 0.0196, 0.02);
        assert_eq!(answer, SkillAnswer::Yes);
        // (z(0.95) + z(0.9)) · se = (1.6449 + 1.2816) · 0.01.
        assert!((resolves - 0.029_264).abs() < 1e-5, "{resolves}");
        // 0.001 ± 1.645 · 0.005 lies within ±0.02: no.
        let (answer, _) = edge_grows(0.001, 0.001 - 0.0098, 0.001 + 0.0098, 0.02);
        assert_eq!(answer, SkillAnswer::No);
        // Lower with skill, beyond the margin: no (the edge shrinks).
        let (answer, _) = edge_grows(-0.05, -0.07, -0.03, 0.02);
        assert_eq!(answer, SkillAnswer::No);
        // Above 0 but reaching past the margin from inside it, and across 0: inconclusive.
        assert_eq!(
            edge_grows(0.01, -0.01, 0.03, 0.02).0,
            SkillAnswer::Inconclusive
        );
        // Above 0 and shown within the margin: no (smaller than what matters).
        assert_eq!(edge_grows(0.01, 0.008, 0.012, 0.02).0, SkillAnswer::No);
    }
}
