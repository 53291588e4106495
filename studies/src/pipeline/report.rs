//! An experiment's report, from its finished results: the plots of its
//! `[[plot]]` tables and the generated `summary.md` (the question, the
//! command, the key table with 95% intervals, and the figures).

use std::fmt::Write as _;
use std::path::Path;

use beachcomber::spec::one_line_path;
use beachcomber::tournament::Totals;

use super::{Ports, RunFileError, RunFileRequest, pairs_summary};
use crate::experiment::file::{Experiment, Kind};
use crate::experiment::specs::quick_replace_text;
use crate::experiment::{answer, confirm, pick, skill};
use crate::plot_spec::PlotInput;
use beachcomber_bots::short_label;
use beachcomber_store::csv_rows::CsvError;
use beachcomber_store::files::names::{
    GAMES_FILE, MANIFEST_FILE, METRICS_FILE, PAIRS_FILE, RATINGS_FILE, SKILL_FILE, SPEED_FILE,
    SUMMARY_MD,
};
use beachcomber_store::files::run_files::Manifest;
use beachcomber_store::manifest::RunKind;

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

/// A figure of the file's `[[plot]]` tables that could not be drawn: a
/// `warning:` on stderr and a line of summary.md, never the loss of the
/// run's answer.
#[derive(Debug)]
pub struct PlotWarning {
    /// The figure's file name.
    pub file: String,
    /// Why (one line: `plot `f.svg`: ...`).
    pub message: String,
}

/// Draw the plots and write summary.md from the finished results in `dir`
/// (the results folder `shown`, or its staging folder):
/// the plots that could not be drawn (each said as a warning and in
/// summary.md; but for `--report-only`, no figure of that name is left in
/// `dir`). The figures are drawn by `ports`' drawer.
pub fn write(
    experiment: &Experiment,
    name: &str,
    args: &RunFileRequest,
    dir: &Path,
    shown: &Path,
    ports: &Ports<'_>,
) -> Result<Vec<PlotWarning>, RunFileError> {
    let manifest = {
        let path = dir.join(MANIFEST_FILE);
        Manifest::read(&path).map_err(|e| match e {
            beachcomber_store::manifest::ReadError::Io(source) => {
                RunFileError::ReadManifest { path, source }
            }
            error @ beachcomber_store::manifest::ReadError::Format { .. } => {
                RunFileError::OldManifest { path, error }
            }
            error => RunFileError::NotAManifest { path, error },
        })?
    };
    // skill.csv before the figures that read it.
    let skill_md = skill_part(experiment, args, &manifest, dir)?;
    let mut warnings = Vec::new();
    for plot in &experiment.plots {
        let input = match plot.input {
            PlotInput::Metrics => dir.join(METRICS_FILE),
            PlotInput::Games => dir.join(GAMES_FILE),
            PlotInput::Ratings => dir.join(RATINGS_FILE),
            PlotInput::Skill => dir.join(SKILL_FILE),
        };
        let mut request = plot.request(input, dir);
        canonical_game_filters(&mut request.filters);
        if args.quick {
            // The quick version's cheaper bots, in the filters too.
            for (_, value) in &mut request.filters {
                *value = quick_replace_text(&experiment.quick, value);
            }
        }
        let drawn = ports.figures.draw(&request);
        if let Ok(unfitted) = drawn.as_ref()
            && !unfitted.is_empty()
        {
            ports.reporter.note(&format!(
                "note: {}: no fitted line for {}",
                one_line_path(&shown.join(&plot.file)),
                unfitted.join("; ")
            ));
        }
        if let Err(error) = drawn {
            // A figure of this name from an earlier run would show other
            // results beside these (a run's staging folder is new, but a
            // --resume may work in place). A redrawn report keeps it: its
            // results are the same, and the figure may be a committed one
            // whose input is not there (games.csv is not in git).
            if !args.report_only {
                beachcomber_store::files::output::remove_stale(&request.out)?;
            }
            // The CSV it read named where it will be.
            let message = RunFileError::Plot {
                file: plot.file.clone(),
                error,
            }
            .to_string()
            .replace(&one_line_path(dir), &one_line_path(shown));
            ports.warn(&message);
            warnings.push(PlotWarning {
                file: plot.file.clone(),
                message,
            });
        }
    }
    let text = summary_md(experiment, name, args, &manifest, dir, &warnings, &skill_md)?;
    beachcomber_store::files::output::write_whole(&dir.join(SUMMARY_MD), text.as_bytes())?;
    Ok(warnings)
}

/// A sweep's balance by skill (`[criterion.skill]`): `skill.csv` written
/// into `dir` and its summary.md section returned (empty without the
/// table, or for one combination: `--combination K` compares nothing).
fn skill_part(
    experiment: &Experiment,
    args: &RunFileRequest,
    manifest: &Manifest,
    dir: &Path,
) -> Result<String, RunFileError> {
    let mut md = String::new();
    if args.combination.is_some() {
        return Ok(md);
    }
    if let Some(run) = skill::SkillRun::new(experiment, &manifest.description.plan, args.quick)? {
        run.write(&mut md, dir)?;
    }
    Ok(md)
}

/// The generated summary.md: the question, the command, the key table
/// with 95% intervals, and the figures.
fn summary_md(
    experiment: &Experiment,
    name: &str,
    args: &RunFileRequest,
    manifest: &Manifest,
    dir: &Path,
    warnings: &[PlotWarning],
    skill_md: &str,
) -> Result<String, RunFileError> {
    let mut md = String::new();
    let title = experiment.title.clone().unwrap_or_else(|| name.to_string());
    let _ = writeln!(md, "# {title}\n");
    if let Some(q) = &experiment.question {
        let _ = writeln!(md, "{}\n", q.trim());
    }
    if let Some(criterion) = &experiment.criterion {
        let plan = &manifest.description.plan;
        let power = match experiment.compare_spec(plan, args.quick)? {
            Some(spec) if manifest.criterion.is_some() => experiment.planned_power(plan, &spec)?,
            _ => Vec::new(),
        };
        answer::criterion_section(&mut md, criterion, manifest.criterion.as_ref(), &power);
    }
    let games: u64 = manifest.totals.iter().map(|t| t.games).sum();
    let _ = writeln!(
        md,
        "Generated by `beachcomber run {}{}` (beachcomber {}): {} games in {} \
         {}, seed {}, {:.0} s of play with {} thread(s).\n",
        one_line_path(&args.file),
        run_flag(args),
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
    let specs = manifest
        .description
        .plan
        .parts
        .iter()
        .map(|p| p.run.game.as_str());
    if let Some(line) = beachcomber::games::variants::variants_line(specs) {
        let _ = writeln!(md, "{line}\n");
    }
    match experiment.kind {
        Kind::League => league_table(&mut md, dir)?,
        // A search writes its own summary.md (the studies crate's search module).
        Kind::Search | Kind::Train => {}
        Kind::Tournament | Kind::Sweep => {
            sweep_table(&mut md, manifest);
            if let Some(criterion) = &experiment.criterion
                && let (Some(rule), Some(baseline)) = (&criterion.pick, &criterion.baseline)
                && let Some((picks, confirmed)) = pick::judge_dir(rule, baseline, dir)?
            {
                pick::picks_section(
                    &mut md,
                    rule,
                    &picks,
                    confirmed.as_deref(),
                    &dir.join(beachcomber_store::files::names::METRICS_FILE),
                )?;
            }
            answer::answer_section(&mut md, experiment, dir)?;
            md.push_str(skill_md);
            if experiment
                .criterion
                .as_ref()
                .is_some_and(|c| !c.confirm.is_empty())
            {
                let rule = experiment.criterion.as_ref().and_then(|c| c.pick.as_ref());
                confirm::confirm_section(&mut md, dir, rule)?;
            }
        }
    }
    if !experiment.plots.is_empty() {
        let _ = writeln!(md, "\n## Figures\n");
        for plot in &experiment.plots {
            match warnings.iter().find(|w| w.file == plot.file) {
                Some(w) => {
                    let _ = writeln!(md, "**Not drawn**: {}\n", w.message);
                }
                None => {
                    let _ = writeln!(md, "![{}]({})\n", plot.file, plot.file);
                }
            }
        }
    }
    if experiment.kind == Kind::League {
        let plan = &manifest.description.plan;
        let anchors = match &manifest.description.kind {
            RunKind::League { anchors, .. } => anchors.clone(),
            _ => vec![0; plan.parts.len()],
        };
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
             `ratings.csv`. Pairwise: a bot's score against another (95% interval clustered by \
             deal), the share the ratings predict, and their Elo difference with its interval \
             from the same bootstrap resamples; a misfit (Holm-corrected p < 0.05 over a \
             league's pairings) is a score the ratings do not explain. Every pairing is in \
             `pairs.csv`; docs/tournaments.md explains the columns."
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

/// Fewest deals whose 95% intervals the summary prints: below it (a
/// `--quick` run) a share of 4 games' `100.0% [100.0, 100.0]` would look
/// certain, so the point estimate is marked [`TOO_FEW`] instead.
pub const MIN_DEALS: u64 = 30;

/// What replaces an interval from fewer than [`MIN_DEALS`] deals.
pub const TOO_FEW: &str = "(too few games)";

/// `62.5% [48.0, 75.1]`, or `62.5% (too few games)` from fewer than
/// [`MIN_DEALS`] deals.
fn share_cell(deals: u64, (share, low, high): (f64, f64, f64)) -> String {
    if deals < MIN_DEALS {
        format!("{:.1}% {TOO_FEW}", 100.0 * share)
    } else {
        format!(
            "{:.1}% [{:.1}, {:.1}]",
            100.0 * share,
            100.0 * low,
            100.0 * high
        )
    }
}

/// `mean ± half` with `digits` decimals, or `mean (too few games)`.
fn mean_cell(deals: u64, mean: f64, half: f64, digits: usize) -> String {
    if deals < MIN_DEALS {
        format!("{mean:.digits$} {TOO_FEW}")
    } else {
        format!("{mean:.digits$} ± {half:.digits$}")
    }
}

/// Per combination: seat 0's win share, ties, length, margin; and each
/// bot's win share when the lineup mixes bots. Intervals from fewer than
/// [`MIN_DEALS`] deals are marked [`TOO_FEW`].
fn sweep_table(md: &mut String, manifest: &Manifest) {
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
            .map(|(_, v)| short_label(v).replace('|', "\\|"))
            .collect();
        let deals = t.games / part.run.games_per_deal().max(1);
        let (turns, turns_sd) = t.turns();
        let half = if t.games > 1 {
            1.96 * turns_sd / (t.games as f64).sqrt()
        } else {
            0.0
        };
        row.push(t.games.to_string());
        row.push(share_cell(deals, t.seats[0].win_share()));
        row.push(format!("{:.1}%", 100.0 / part.run.players as f64));
        row.push(share_cell(deals, t.tie_interval()));
        row.push(mean_cell(deals, turns, half, 1));
        row.push(match t.margin() {
            Some((m, h)) => mean_cell(deals, m, h, 2),
            None => "—".to_string(),
        });
        if mixed {
            row.push(bot_shares(&part.run.bots(), t, deals));
        }
        let _ = writeln!(md, "| {} |", row.join(" | "));
    }
}

/// Each bot's win share with its interval (see [`share_cell`]).
fn bot_shares(bots: &[String], t: &Totals, deals: u64) -> String {
    if bots.len() < 2 {
        return "—".to_string();
    }
    bots.iter()
        .zip(&t.bots)
        .map(|(b, tally)| {
            format!(
                "{}: {}",
                short_label(b).replace('|', "\\|"),
                share_cell(deals, tally.win_share())
            )
        })
        .collect::<Vec<_>>()
        .join("; ")
}

/// The ratings of each league, from the ratings CSV: one table per league
/// (a heading naming its game and players when there are several), the
/// best bot first; with `speed.csv`, each bot's decisions per second.
fn league_table(md: &mut String, dir: &Path) -> Result<(), CsvError> {
    let rows = beachcomber_store::csv_rows::Rows::select(
        &dir.join(RATINGS_FILE),
        &[
            "game_spec",
            "players",
            "bot",
            "rating",
            "low95",
            "high95",
            "win_share",
            "deals",
        ],
    )?;
    let speed_path = dir.join(SPEED_FILE);
    let speeds = if speed_path.exists() {
        Some(beachcomber_store::csv_rows::Rows::select(
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
    let pairs_path = dir.join(PAIRS_FILE);
    let pairs = if pairs_path.exists() {
        Some(beachcomber_store::csv_rows::Rows::select(
            &pairs_path,
            pairs_summary::PAIRS_COLUMNS,
        )?)
    } else {
        None
    };
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
        for r in &rows {
            let speed = speed_of(&r[2])
                .map(|s| format!(" {s} |"))
                .unwrap_or_default();
            let deals = r[7].parse::<u64>().unwrap_or(0);
            let interval = if deals < MIN_DEALS {
                TOO_FEW.to_string()
            } else {
                format!("[{}, {}]", r[4], r[5])
            };
            let _ = writeln!(
                md,
                "| {} | {} | {interval} | {} |{speed}",
                cell(&short_label(&r[2])),
                r[3],
                r[6]
            );
        }
        if let Some(pairs) = &pairs {
            let order: Vec<&str> = rows.iter().map(|r| r[2].as_str()).collect();
            pairs_summary::pairs_table(md, pairs, game, players, &order);
            pairs_summary::hidden_information_table(md, pairs, game, players, &order);
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

/// The flag that labels a run's summary: ` --quick`, ` --exploratory` or
/// nothing.
pub fn run_flag(args: &RunFileRequest) -> &'static str {
    if args.quick {
        " --quick"
    } else if args.exploratory {
        " --exploratory"
    } else {
        ""
    }
}
