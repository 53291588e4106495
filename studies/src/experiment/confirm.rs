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
/// Errors name the file, the line and the key.
pub fn confirm_sweep(
    experiment: &Experiment,
    sweep: &PlannedSweep,
    spec: &CompareSpec,
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
    for p in picked {
        keep[baselines[p]] = true;
    }
    let seed = criterion.confirmation_seed(experiment.seed);
    let mut parts = Vec::new();
    let mut games = Vec::new();
    for ((part, game), keep) in plan.parts.iter().zip(&sweep.games).zip(keep) {
        if keep {
            let mut part = part.clone();
            part.run.seed = seed;
            parts.push(part);
            games.push(game.clone());
        }
    }
    let confirm = PlannedSweep {
        plan: beachcomber::tournament::Plan { parts },
        games,
        bots: sweep.bots.clone(),
    };
    Ok(Some(confirm))
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
}
