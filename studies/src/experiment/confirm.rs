//! Confirmation runs of a criterion's picks (`[criterion]`'s `confirm`):
//! the combinations the experiment recommends are played again with a
//! fresh seed (`confirm_seed`, default the run seed + 1), together with the
//! baseline so that paired comparisons stay paired, into `DIR/confirm/` (a
//! sweep folder with its own `compare.csv`); `confirm.csv` then holds the
//! original and the confirmation rows of those combinations side by side,
//! and summary.md flags every verdict that changes.

use std::fmt::Write as _;
use std::path::Path;

use beachcomber::compare::CompareSpec;
use beachcomber::spec::one_line;

use super::error::ExperimentError;
use super::file::{Experiment, Step};
use super::pick::{PickRule, decides_on};
use super::table_csv::read_all;
use crate::files::names::{COMPARE_FILE, CONFIRM_DIR, CONFIRM_FILE};
use crate::lineups::parse_lineups;
use crate::planned::PlannedSweep;
use beachcomber_bots::short_label;

/// The confirmation sweep of `sweep` (the combinations `confirm` names and
/// their baselines, with the confirmation seed), and the values of the
/// confirmed combinations; `None` when the criterion confirms nothing.
/// With `[criterion.pick] strong`, only the combinations of the lineup
/// its `within` rows name are played, with the strong bot in every seat
/// and `strong_games` games (the sweep's under `quick`). Errors name the
/// file, the line and the key.
pub fn confirm_sweep(
    experiment: &Experiment,
    sweep: &PlannedSweep,
    spec: &CompareSpec,
    quick: bool,
) -> Result<Option<PlannedSweep>, ExperimentError> {
    let Some(criterion) = &experiment.criterion else {
        return Ok(None);
    };
    if criterion.confirm.is_empty() {
        return Ok(None);
    }
    let plan = &sweep.plan;
    let columns = plan.value_columns();
    let mut keep = vec![false; plan.parts.len()];
    for (i, pick) in criterion.confirm.iter().enumerate() {
        let at = |key: Option<&str>| {
            let mut steps = vec![Step::key("criterion"), Step::key("confirm"), Step::Item(i)];
            steps.extend(key.map(Step::key));
            format!(
                "{}: criterion.confirm item {}: ",
                experiment.source.at(&steps),
                i + 1
            )
        };
        for key in pick.keys() {
            if !columns.contains(&key.as_str()) {
                return Err(ExperimentError::setting(
                    at(Some(key)),
                    format!(
                        "`{}` is not a value column (the columns: {})",
                        one_line(key),
                        columns.join(", ")
                    ),
                ));
            }
        }
        let wanted = pick_pairs(pick)
            .map_err(|e| ExperimentError::setting(at(Some(&e.key)), e.to_string()))?;
        let mut found = false;
        for (p, part) in plan.parts.iter().enumerate() {
            let matches = wanted
                .iter()
                .all(|(k, v)| part.values.iter().any(|(pk, pv)| pk == k && pv == v));
            if matches {
                keep[p] = true;
                found = true;
            }
        }
        if !found {
            return Err(ExperimentError::setting(
                at(None),
                "matches no combination of the experiment",
            ));
        }
    }
    // The baselines of the confirmed combinations come along.
    let baselines =
        beachcomber::compare::baseline_parts(plan, &spec.baseline).map_err(|error| {
            ExperimentError::Compare {
                at: "baseline: ".to_string(),
                error: Box::new(error),
            }
        })?;
    let picked: Vec<usize> = (0..keep.len()).filter(|&p| keep[p]).collect();
    // A baseline that is not itself confirmed plays a strong
    // confirmation's `strong_baseline_games`.
    let mut only_baseline = vec![false; keep.len()];
    for p in picked {
        if !keep[baselines[p]] {
            only_baseline[baselines[p]] = true;
        }
        keep[baselines[p]] = true;
    }
    let seed = criterion.confirmation_seed(experiment.seed);
    let strong = criterion
        .pick
        .as_ref()
        .map(|rule| strong_players(rule, quick))
        .transpose()
        .map_err(|why| ExperimentError::setting(strong_at(experiment), why))?
        .flatten();
    let mut bots = sweep.bots.clone();
    if let Some(s) = &strong {
        bots.extend(&s.bots);
    }
    let mut parts = Vec::new();
    let mut games = Vec::new();
    for (((part, game), keep), baseline) in plan
        .parts
        .iter()
        .zip(&sweep.games)
        .zip(keep)
        .zip(only_baseline)
    {
        if keep {
            let mut part = part.clone();
            part.run.seed = seed;
            if let Some(s) = &strong {
                let played = s
                    .replace(&mut part, baseline)
                    .map_err(|why| ExperimentError::setting(strong_at(experiment), why))?;
                if !played {
                    continue;
                }
            }
            parts.push(part);
            games.push(game.clone());
        }
    }
    let confirm = PlannedSweep {
        plan: beachcomber::tournament::Plan { parts },
        games,
        bots,
    };
    Ok(Some(confirm))
}

/// Where a `strong` error points: the file, the line and the key.
fn strong_at(experiment: &Experiment) -> String {
    let steps = [
        Step::key("criterion"),
        Step::key("pick"),
        Step::key("strong"),
    ];
    format!("{}: criterion.pick.strong: ", experiment.source.at(&steps))
}

/// The players of a `strong` confirmation: the lineup they replace, the
/// strong bot's canonical spec and configuration, and the games.
struct StrongPlayers {
    /// The screening lineup (canonical) they replace.
    from: String,
    /// The strong bot's canonical spec.
    bot: String,
    /// Its configuration.
    bots: beachcomber_bots::BotSet,
    /// Games per combination; `None`: the sweep's.
    games: Option<u64>,
    /// Games of a baseline played only as the picks' reference; `None`:
    /// `games`. Fewer than the picks' make its comparisons unpaired
    /// (docs/statistics.md), which is valid, with wider intervals.
    baseline_games: Option<u64>,
}

impl StrongPlayers {
    /// Put the strong bot in every seat of `part` if it is of the lineup
    /// replaced (with the strong games, or the part's deals); `Ok(false)`
    /// for another lineup's part (not played by the confirmation).
    fn replace(
        &self,
        part: &mut beachcomber::tournament::Part,
        baseline: bool,
    ) -> Result<bool, String> {
        use beachcomber::tournament::{Count, RunSpec};
        let lineup = part.values.iter().find(|(k, _)| k == "lineup");
        if lineup.is_none_or(|(_, v)| *v != self.from) {
            return Ok(false);
        }
        let run = &part.run;
        let seats = vec![self.bot.clone(); run.players];
        let one = RunSpec::new(
            &run.game,
            run.players,
            &seats,
            Count::Deals(1),
            run.seed,
            run.rotate,
        )
        .map_err(|e| e.to_string())?;
        let games = match baseline {
            true => self.baseline_games.or(self.games),
            false => self.games,
        };
        let deals = games.map_or(run.deals, |g| g.div_ceil(one.games_per_deal()));
        let quality = run.quality;
        part.run = one
            .with_count(Count::Deals(deals))
            .map_err(|e| e.to_string())?;
        part.run.quality = quality;
        for (k, v) in &mut part.values {
            if k == "lineup" {
                *v = self.bot.clone();
            }
        }
        Ok(true)
    }
}

/// The strong players of `rule` (`None` without `strong`); under `quick`
/// the sweep's games. Errors: the bot does not parse.
fn strong_players(rule: &PickRule, quick: bool) -> Result<Option<StrongPlayers>, String> {
    let (Some(strong), Some(from)) = (&rule.strong, rule.screening_lineup()) else {
        return Ok(None);
    };
    let (lineups, bots) =
        parse_lineups(std::slice::from_ref(strong), &beachcomber_bots::no_aliases)
            .map_err(|e| e.to_string())?;
    let (from_lineups, _) =
        parse_lineups(&[from], &beachcomber_bots::no_aliases).map_err(|e| e.to_string())?;
    Ok(Some(StrongPlayers {
        from: from_lineups[0].join(","),
        bot: lineups[0].join(","),
        bots,
        games: rule.strong_games.filter(|_| !quick),
        baseline_games: rule.strong_baseline_games.filter(|_| !quick),
    }))
}

/// The combinations `confirm` names, as compare.csv's value cells (the
/// columns before `seat`): the rows of `confirm.csv`.
fn confirmed(experiment: &Experiment, header: &[String], row: &[String]) -> bool {
    let Some(criterion) = &experiment.criterion else {
        return false;
    };
    criterion.confirm.iter().any(|pick| {
        pick_pairs(pick).is_ok_and(|pairs| {
            pairs.iter().all(|(k, want)| {
                header
                    .iter()
                    .position(|h| h == k)
                    .is_some_and(|c| row[c] == *want)
            })
        })
    })
}

/// A pick's key whose value is not one number or word (an array, a
/// table, a date): the caller says where.
#[derive(Debug, thiserror::Error)]
#[error("give one value (a number or a word)")]
struct NotOneValue {
    /// The key.
    key: String,
}

/// A pick's `(key, value)` pairs as the value columns write them (a
/// `lineup` in canonical specs: `greedy` is `greedy(worlds=8)`); the key
/// whose value is not one number or word is the error.
fn pick_pairs<'a>(
    pick: impl IntoIterator<Item = (&'a String, &'a toml::Value)>,
) -> Result<Vec<(String, String)>, NotOneValue> {
    pick.into_iter()
        .map(|(key, value)| {
            let value = match value {
                toml::Value::String(s) => s.clone(),
                toml::Value::Integer(n) => n.to_string(),
                toml::Value::Float(f) => f.to_string(),
                toml::Value::Boolean(b) => b.to_string(),
                _ => return Err(NotOneValue { key: key.clone() }),
            };
            let value =
                match parse_lineups(std::slice::from_ref(&value), &beachcomber_bots::no_aliases) {
                    Ok((lineups, _)) if key == "lineup" => lineups[0].join(","),
                    _ => value,
                };
            Ok((key.clone(), value))
        })
        .collect()
}

/// Write `DIR/confirm.csv` from `DIR/compare.csv` and
/// `DIR/confirm/compare.csv`: `run` (`original` or `confirm`), then
/// compare.csv's columns, for the confirmed combinations.
pub fn write_confirm_csv(experiment: &Experiment, dir: &Path) -> Result<(), ExperimentError> {
    let original = read_all(&dir.join(COMPARE_FILE))?;
    let again = read_all(&dir.join(CONFIRM_DIR).join(COMPARE_FILE))?;
    let mut text = format!("run,{}\n", original.0.join(","));
    for (run, (header, rows)) in [("original", &original), ("confirm", &again)] {
        for row in rows {
            if confirmed(experiment, header, row) {
                let cells: Vec<String> = row
                    .iter()
                    .map(|c| beachcomber::tournament::rows::field(c))
                    .collect();
                let _ = writeln!(text, "{run},{}", cells.join(","));
            }
        }
    }
    crate::files::output::write_whole(&dir.join(CONFIRM_FILE), text.as_bytes())
        .map_err(ExperimentError::from)
}

/// The `## Confirmation` section of summary.md from `DIR/confirm.csv`:
/// per confirmed combination and value with a margin, the original and the
/// confirmation verdicts side by side, a changed verdict flagged. With the
/// criterion's pick `rule`, a changed verdict is counted as one the rule
/// decides on ([`decides_on`]: the pick is not confirmed) or as reported
/// (not decided on: the pick's status does not move).
pub fn confirm_section(
    md: &mut String,
    dir: &Path,
    rule: Option<&PickRule>,
) -> Result<(), ExperimentError> {
    let path = dir.join(CONFIRM_FILE);
    if !path.exists() {
        return Ok(());
    }
    let (header, rows) = read_all(&path)?;
    let col = |name: &str| header.iter().position(|h| h == name);
    let (
        Some(lineup),
        Some(seat),
        Some(bot),
        Some(metric),
        Some(margin),
        Some(verdict),
        Some(diff),
    ) = (
        col("lineup"),
        col("seat"),
        col("bot"),
        col("metric"),
        col("margin"),
        col("verdict"),
        col("diff"),
    )
    else {
        return Err(ExperimentError::LacksCompareColumns(path));
    };
    let (low, high) = (diff + 1, diff + 2);
    let key = |r: &Vec<String>| r[1..seat].to_vec();
    if let Some(strong) = rule.and_then(|r| r.strong.as_deref()) {
        // Other players than the sweep's: nothing to set side by side.
        let _ = writeln!(
            md,
            "## Confirmation\n\nThe picks played again with a fresh seed between `{}` \
             players, with the baseline between the same players (`confirm.csv`'s `confirm` \
             rows): each value against the baseline's, reported (the decision is the Picks \
             section's test).\n",
            short_label(strong)
        );
        let mut head: Vec<String> = header[1..seat].to_vec();
        head.extend(["value", "against the baseline"].map(String::from));
        let _ = writeln!(md, "| {} |", head.join(" | "));
        let _ = writeln!(md, "|{}", " --- |".repeat(head.len()));
        for r in rows
            .iter()
            .filter(|r| r[0] == "confirm" && !r[margin].is_empty())
        {
            let label = if r[seat] != "all" {
                format!("{} seat {}", r[metric], r[seat])
            } else {
                r[metric].clone()
            };
            let mut line: Vec<String> = key(r)
                .iter()
                .map(|v| short_label(v).replace('|', "\\|"))
                .collect();
            line.push(label);
            line.push(format!(
                "{} {} [{}, {}]",
                r[verdict], r[diff], r[low], r[high]
            ));
            let _ = writeln!(md, "| {} |", line.join(" | "));
        }
        let _ = writeln!(md);
        return Ok(());
    }
    let _ = writeln!(
        md,
        "## Confirmation\n\nThe recommended combinations played again with a fresh seed, \
         with the baseline (`confirm.csv`): each verdict of the original run beside the \
         confirmation's; **changed** marks a verdict that does not hold.\n"
    );
    let mut head: Vec<String> = header[1..seat].to_vec();
    head.extend(["value", "original", "confirmation", "verdict changed"].map(String::from));
    let _ = writeln!(md, "| {} |", head.join(" | "));
    let _ = writeln!(md, "|{}", " --- |".repeat(head.len()));
    let cell = |t: &str| t.replace('|', "\\|");
    let mut changed = 0;
    let mut deciding: Vec<String> = Vec::new();
    let mut reported: Vec<String> = Vec::new();
    for r in rows
        .iter()
        .filter(|r| r[0] == "original" && !r[margin].is_empty())
    {
        let label = if r[seat] != "all" {
            format!("{} seat {}", r[metric], r[seat])
        } else if r[bot] != "all" && !r[bot].is_empty() {
            format!("{} ({})", r[metric], short_label(&r[bot]))
        } else {
            r[metric].clone()
        };
        let again = rows.iter().find(|a| {
            a[0] == "confirm"
                && key(a) == key(r)
                && a[seat] == r[seat]
                && a[bot] == r[bot]
                && a[metric] == r[metric]
        });
        let show =
            |x: &Vec<String>| format!("{} {} [{}, {}]", x[verdict], x[diff], x[low], x[high]);
        let (other, flag) = match again {
            Some(a) if a[verdict] == r[verdict] => (show(a), String::new()),
            Some(a) => {
                changed += 1;
                let what = format!("{} ({})", label, short_label(&r[lineup]));
                match rule {
                    Some(rule) if !decides_on(rule, &r[metric], &r[lineup], &r[seat], &r[bot]) => {
                        reported.push(what)
                    }
                    _ => deciding.push(what),
                }
                (show(a), "**changed**".to_string())
            }
            None => ("—".to_string(), String::new()),
        };
        let mut line: Vec<String> = key(r).iter().map(|v| cell(&short_label(v))).collect();
        line.extend([cell(&label), show(r), other, flag]);
        let _ = writeln!(md, "| {} |", line.join(" | "));
    }
    let _ = writeln!(
        md,
        "\n{}\n",
        changed_text(changed, rule.is_some(), &deciding, &reported)
    );
    Ok(())
}

/// The sentence under the confirmation table: `changed` verdicts changed,
/// those the pick rule decides on (`deciding`) and those only reported
/// (`reported`), when the criterion has a rule (`ruled`). It never calls
/// the pick both confirmed and not confirmed.
fn changed_text(changed: usize, ruled: bool, deciding: &[String], reported: &[String]) -> String {
    if changed == 0 {
        return "Every verdict holds in the confirmation run.".to_string();
    }
    if !ruled {
        return format!("{changed} verdict(s) changed: the pick is not confirmed.");
    }
    let mut out = Vec::new();
    if !deciding.is_empty() {
        out.push(format!(
            "{} verdict(s) the rule decides on changed: {}; the pick is not confirmed.",
            deciding.len(),
            deciding.join("; ")
        ));
    }
    if !reported.is_empty() {
        out.push(format!(
            "{} reported verdict(s) changed (not one the rule decides on): {}{}",
            reported.len(),
            reported.join("; "),
            if deciding.is_empty() {
                "; every verdict the rule decides on holds."
            } else {
                "."
            }
        ));
    }
    out.join(" ")
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A confirm.csv whose pick keeps its deciding verdict (max_seat_ratio
    /// of greedy) while a reported one (seat_ratio seat 0 of
    /// greedy,random) changes.
    fn confirm_csv(dir: &Path, deciding_again: &str) {
        let head = "run,removed,players,lineup,seat,bot,metric,value,baseline_value,diff,\
                    diff_low95,diff_high95,paired,margin,verdict\n";
        let g = "greedy(worlds=8)";
        let gr = "\"greedy(worlds=8),random\"";
        let text = format!(
            "{head}original,35,2,{g},all,all,max_seat_ratio,1.07,1.1,-0.03,-0.05,-0.01,true,0.02,non-inferior\n\
             original,35,2,{gr},0,{g},seat_ratio,1.0,1.1,-0.05,-0.08,-0.02,true,0.02,better\n\
             confirm,35,2,{g},all,all,max_seat_ratio,1.07,1.1,-0.03,-0.05,-0.01,true,0.02,{deciding_again}\n\
             confirm,35,2,{gr},0,{g},seat_ratio,1.0,1.1,-0.03,-0.06,-0.004,true,0.02,inconclusive\n"
        );
        std::fs::write(dir.join(CONFIRM_FILE), text).unwrap();
    }

    /// The confirmation section of [`confirm_csv`] under a rule deciding
    /// on max_seat_ratio of greedy.
    fn section(deciding_again: &str) -> String {
        let rule: PickRule = toml::from_str(
            "by = \"removed\"\naccept = [{ metric = \"max_seat_ratio\", lineup = \"greedy\" }]\n",
        )
        .unwrap();
        let dir = tempfile::tempdir().unwrap();
        confirm_csv(dir.path(), deciding_again);
        let mut md = String::new();
        confirm_section(&mut md, dir.path(), Some(&rule)).unwrap();
        md
    }

    #[test]
    fn a_changed_reported_verdict_does_not_unconfirm_the_pick() {
        let md = section("non-inferior");
        assert!(!md.contains("not confirmed"), "{md}");
        assert!(
            md.contains(
                "1 reported verdict(s) changed (not one the rule decides on): seat_ratio seat 0 \
                 (greedy,random); every verdict the rule decides on holds."
            ),
            "{md}"
        );
    }

    #[test]
    fn a_changed_deciding_verdict_unconfirms_the_pick_and_says_which() {
        let md = section("inconclusive");
        assert!(
            md.contains(
                "1 verdict(s) the rule decides on changed: max_seat_ratio (greedy); the pick is \
                 not confirmed. 1 reported verdict(s) changed (not one the rule decides on): \
                 seat_ratio seat 0 (greedy,random)."
            ),
            "{md}"
        );
    }

    #[test]
    fn a_pick_of_more_than_one_value_names_its_key() {
        let pick: toml::Table = toml::from_str("c = 0.5\nlineup = [\"random\"]").unwrap();
        let e = pick_pairs(&pick).unwrap_err();
        assert_eq!(e.key, "lineup");
        assert_eq!(e.to_string(), "give one value (a number or a word)");
        let pick: toml::Table = toml::from_str("c = 0.5\nlineup = \"greedy\"").unwrap();
        assert_eq!(
            pick_pairs(&pick).unwrap(),
            [
                ("c".to_string(), "0.5".to_string()),
                ("lineup".to_string(), "greedy(worlds=8)".to_string())
            ]
        );
    }

    #[test]
    fn a_strong_confirmation_puts_the_strong_bot_in_every_seat_of_the_screened_lineup_only() {
        use beachcomber::tournament::{Count, Part, RunSpec};
        let rule: PickRule = toml::from_str(
            "by = \"c\"\nstrong = \"expert(iterations=10)\"\nstrong_games = 30\n\
             strong_baseline_games = 7\n\
             within = [{ metric = \"seat_ratio\", lineup = \"greedy\", margin = 0.02 }]\n",
        )
        .unwrap();
        let strong = strong_players(&rule, false).unwrap().unwrap();
        let part = |lineup: &[&str]| {
            let seats: Vec<String> = lineup.iter().map(|s| s.to_string()).collect();
            let run = RunSpec::new("seashells", 2, &seats, Count::Deals(100), 5, true).unwrap();
            Part {
                values: vec![
                    ("c".to_string(), "1".to_string()),
                    ("lineup".to_string(), lineup.join(",")),
                ],
                run,
            }
        };
        let mut greedy = part(&["greedy(worlds=8)", "greedy(worlds=8)"]);
        greedy.values[1].1 = "greedy(worlds=8)".to_string();
        assert!(strong.replace(&mut greedy, false).unwrap());
        let bot = "expert(iterations=10,c=0.7,cutoff=auto,scale=2,belief=auto,leaf=evaluate)";
        assert_eq!(greedy.run.lineups, vec![vec![bot.to_string(); 2]]);
        assert_eq!(greedy.values[1].1, bot);
        assert_eq!((greedy.run.deals, greedy.run.seed), (30, 5));
        // The baseline plays its own games; another lineup is not played.
        let mut baseline = part(&["greedy(worlds=8)", "greedy(worlds=8)"]);
        baseline.values[1].1 = "greedy(worlds=8)".to_string();
        assert!(strong.replace(&mut baseline, true).unwrap());
        assert_eq!(baseline.run.deals, 7);
        let mut duel = part(&["greedy(worlds=8)", "random"]);
        assert!(!strong.replace(&mut duel, false).unwrap());
        // Under --quick the sweep's games stay.
        let quick = strong_players(&rule, true).unwrap().unwrap();
        let mut again = part(&["greedy(worlds=8)", "greedy(worlds=8)"]);
        again.values[1].1 = "greedy(worlds=8)".to_string();
        assert!(quick.replace(&mut again, false).unwrap());
        assert_eq!(again.run.deals, 100);
    }
}
