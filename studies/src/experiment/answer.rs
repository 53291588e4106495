//! The criterion of a sweep experiment in `summary.md`: the rule as the
//! file states it (printed before the results, so that it is versioned
//! before they exist), and the "answer" tables, one per player count: each
//! combination's verdicts against the baseline, read from `compare.csv`.

use std::fmt::Write as _;
use std::path::Path;

use super::error::ExperimentError;
use super::file::{Criterion, Experiment};
use crate::csv_rows::Rows;
use crate::files::names::COMPARE_FILE;
use crate::manifest::CriterionRecord;
use beachcomber::compare::PlannedPower;
use beachcomber_bots::short_label;

/// The values of a baseline or margins table, `key = value, ...`.
fn table_text(table: &toml::Table) -> String {
    table
        .iter()
        .map(|(k, v)| match v {
            toml::Value::String(s) => format!("{k} = {s}"),
            v => format!("{k} = {v}"),
        })
        .collect::<Vec<_>>()
        .join(", ")
}

/// The `## Criterion` section: the rule in words, the baseline, the
/// margins and the preference, then the locked rule the manifest records
/// (the label, hash, commit, seed: [`super::lock::rule_lines`]), if any.
pub fn criterion_section(
    md: &mut String,
    criterion: &Criterion,
    rule: Option<&CriterionRecord>,
    power: &[PlannedPower],
) {
    let _ = writeln!(md, "## Criterion\n");
    if let Some(text) = &criterion.text {
        let _ = writeln!(md, "{}\n", text.trim());
    }
    if let Some(baseline) = &criterion.baseline {
        let _ = writeln!(md, "- Baseline: `{}`", table_text(baseline));
    }
    match &criterion.margins {
        Some(margins) if !margins.is_empty() => {
            // With declared tests the margins are not all equivalence margins.
            let label = match &criterion.tests {
                Some(t) if !t.is_empty() => "Margins",
                _ => "Equivalence margins",
            };
            let _ = writeln!(md, "- {label}: `{}`", table_text(margins));
        }
        _ => {
            let _ = writeln!(md, "- Equivalence margins: none (no verdicts)");
        }
    }
    if let Some(tests) = criterion.tests.as_ref().filter(|t| !t.is_empty()) {
        let _ = writeln!(md, "- Tests: `{}`", table_text(tests));
    }
    if let Some(seats) = &criterion.seats {
        match seats.as_str() {
            Some(word) => writeln!(md, "- Seats: `{word}`"),
            None => writeln!(md, "- Seats: `{seats}`"),
        }
        .ok();
    }
    if !criterion.prefer.is_empty() {
        let _ = writeln!(
            md,
            "- Deciding metrics, most important first: {}",
            criterion
                .prefer
                .iter()
                .map(|m| format!("`{m}`"))
                .collect::<Vec<_>>()
                .join(", ")
        );
    }
    if let Some(rule) = rule {
        md.push_str(&super::lock::rule_lines(rule));
    }
    if !power.is_empty() {
        let _ = writeln!(
            md,
            "- Power of the planned games (before them, at fair seats; docs/statistics.md \
             \"Power\"): the smallest difference each margin's test can resolve, in the \
             combination where it is largest:"
        );
        for p in power {
            let verdict = match (p.warning(), p.test) {
                (None, _) => "resolvable".to_string(),
                (Some(_), beachcomber::stats::decision::Test::NonInferior) => format!(
                    "**below it: only a setting measured better than the baseline by more \
                     than {:.4} can pass this test**",
                    p.resolvable - p.margin
                ),
                (Some(_), _) => {
                    "**below it: no outcome of these games can pass this test**".to_string()
                }
            };
            let _ = writeln!(
                md,
                "  - `{}` ({}, margin {}): {:.4} at {} games; {verdict}",
                p.metric.name(),
                p.test,
                p.margin,
                p.resolvable,
                p.games
            );
        }
    }
    if criterion.tests.as_ref().is_some_and(|t| !t.is_empty()) {
        use beachcomber::stats::equivalence::Verdict;
        let _ = writeln!(md, "\nThe verdicts:\n");
        for v in Verdict::ALL.into_iter().filter(|v| *v != Verdict::None) {
            let _ = writeln!(md, "- `{v}`: {}", v.explanation());
        }
    }
    let _ = writeln!(md);
}

/// The `## Answer` section from `DIR/compare.csv`, when the experiment
/// compares with a baseline and the file is there: per player count, one
/// row per combination (its values other than `players`), one column per
/// compared value with a margin (a metric; a seat's ratio; a bot's Elo),
/// the criterion's preferred metrics first; a cell is the verdict and the
/// difference with its 95% interval.
pub fn answer_section(
    md: &mut String,
    experiment: &Experiment,
    dir: &Path,
) -> Result<(), ExperimentError> {
    let compares = experiment.criterion.is_some() || experiment.baseline.is_some();
    let path = dir.join(COMPARE_FILE);
    if !compares || !path.exists() {
        return Ok(());
    }
    let rows = Rows::open(&path)?;
    let header = rows.header.clone();
    let seat_column = rows.column("summary.md's", "seat")?;
    let players_column = rows.column("summary.md's", "players")?;
    let value_columns: Vec<usize> = (0..seat_column).filter(|&c| c != players_column).collect();
    drop(rows);
    let want = [
        "players",
        "seat",
        "bot",
        "metric",
        "diff",
        "diff_low95",
        "diff_high95",
        "margin",
        "verdict",
    ];
    let cells = Rows::select(&path, &want)?;
    let values = {
        let names: Vec<&str> = value_columns.iter().map(|&c| header[c].as_str()).collect();
        Rows::select(&path, &names)?
    };
    let prefer: &[String] = experiment
        .criterion
        .as_ref()
        .map_or(&[], |c| c.prefer.as_slice());
    let _ = writeln!(
        md,
        "\n## Answer\n\nEach combination against the baseline (`compare.csv`): the verdict, \
         then the difference with its 95% interval, for each value with a margin \
         (docs/statistics.md explains the verdicts)."
    );
    // The player counts in the file's order.
    let mut counts: Vec<&str> = Vec::new();
    for r in &cells {
        if !counts.contains(&r[0].as_str()) {
            counts.push(&r[0]);
        }
    }
    for players in counts {
        // The columns: (label, metric), in compare.csv's order, then the
        // preferred metrics moved first (stable).
        let mut columns: Vec<(String, String)> = Vec::new();
        let mut combos: Vec<&Vec<String>> = Vec::new();
        for (r, v) in cells.iter().zip(&values) {
            if r[0] != players {
                continue;
            }
            if !combos.contains(&v) {
                combos.push(v);
            }
            if r[7].is_empty() {
                continue;
            }
            let label = column_label(&r[1], &r[2], &r[3]);
            if !columns.iter().any(|(l, _)| *l == label) {
                columns.push((label, r[3].clone()));
            }
        }
        let rank = |metric: &str| {
            prefer
                .iter()
                .position(|p| p == metric)
                .unwrap_or(prefer.len())
        };
        columns.sort_by_key(|(_, metric)| rank(metric));
        let _ = writeln!(md, "\n### {players} players\n");
        if columns.is_empty() {
            let _ = writeln!(md, "No metric has a margin: no verdicts.");
            continue;
        }
        let cell = |text: &str| text.replace('|', "\\|");
        let mut head: Vec<String> = value_columns.iter().map(|&c| cell(&header[c])).collect();
        head.extend(columns.iter().map(|(l, _)| cell(l)));
        let _ = writeln!(md, "| {} |", head.join(" | "));
        let _ = writeln!(md, "|{}", " --- |".repeat(head.len()));
        for combo in combos {
            let mut row: Vec<String> = combo.iter().map(|v| cell(&short_label(v))).collect();
            for (label, _) in &columns {
                let found = cells.iter().zip(&values).find(|(r, v)| {
                    r[0] == players && *v == combo && column_label(&r[1], &r[2], &r[3]) == *label
                });
                row.push(match found {
                    Some((r, _)) => format!("{} {} [{}, {}]", r[8], r[4], r[5], r[6]),
                    None => "—".to_string(),
                });
            }
            let _ = writeln!(md, "| {} |", row.join(" | "));
        }
    }
    let _ = writeln!(md);
    Ok(())
}

/// The answer column of a compare.csv row: the metric, with its seat
/// (`seat_ratio seat 1`) or, on a bot's row, the bot (`skill_elo (greedy)`).
fn column_label(seat: &str, bot: &str, metric: &str) -> String {
    if seat != "all" {
        format!("{metric} seat {seat}")
    } else if bot != "all" && !bot.is_empty() {
        format!("{metric} ({})", short_label(bot))
    } else {
        metric.to_string()
    }
}
