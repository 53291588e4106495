//! A finished search's files: `candidates.csv` (every candidate, the
//! round it left and why, its quantities with the race's intervals),
//! `rounds.csv`, `front.csv`, `confirm.csv` and `summary.md`.

use std::fmt::Write as _;
use std::path::Path;

use beachcomber::search::{Aim, Exit, Race, Search, elo_of_ratio};

use super::{SearchOutcome, SearchRunError, SearchSpec};
use crate::files::names::{CONFIRM_FILE, SUMMARY_MD};
use crate::files::output::{remove_stale, write_whole};

/// A search's file names: the run store's (its results folder's staging
/// knows them).
pub use crate::files::names::{CANDIDATES_FILE, FRONT_FILE, ROUNDS_DIR, ROUNDS_FILE};

/// Write every file of a finished search into `dir`.
pub fn write_all(
    spec: &SearchSpec,
    outcome: &SearchOutcome,
    dir: &Path,
) -> Result<(), SearchRunError> {
    let search = &outcome.search;
    write_whole(
        &dir.join(CANDIDATES_FILE),
        candidates_csv(search).as_bytes(),
    )?;
    write_whole(&dir.join(ROUNDS_FILE), rounds_csv(search).as_bytes())?;
    write_whole(&dir.join(FRONT_FILE), front_csv(search).as_bytes())?;
    match &outcome.confirmation {
        Some(c) => write_whole(
            &dir.join(CONFIRM_FILE),
            table_csv(search, &c.race, &c.of, None).as_bytes(),
        )?,
        None => remove_stale(&dir.join(CONFIRM_FILE))?,
    }
    write_whole(&dir.join(SUMMARY_MD), summary(spec, outcome).as_bytes())?;
    Ok(())
}

/// The header cells of the candidates' option values.
fn keys(search: &Search) -> Vec<String> {
    search.space.dims.iter().map(|d| d.key.clone()).collect()
}

/// `Q,Q_low,Q_high` for every quantity of the goal.
fn quantity_header(race: &Race) -> Vec<String> {
    race.goal
        .quantities()
        .iter()
        .flat_map(|q| [q.to_string(), format!("{q}_low"), format!("{q}_high")])
        .collect()
}

fn number(x: f64) -> String {
    if x.is_finite() {
        format!("{x:.4}")
    } else {
        String::new()
    }
}

/// The quantities' cells of candidate `c` of `race`.
fn quantity_cells(race: &Race, c: usize) -> Vec<String> {
    (0..race.goal.quantities().len())
        .flat_map(|q| {
            let i = race.quantity_interval(c, q);
            [number(i.estimate), number(i.low), number(i.high)]
        })
        .collect()
}

/// What an exit says in a file: `constraint: TEXT` or `dominated by N`.
fn exit_text(race: &Race, exit: Exit) -> String {
    match exit {
        Exit::Constraint(k) => format!("constraint {}", race.goal.constraints[k]),
        Exit::Dominated(d) => format!("dominated by {d}"),
    }
}

/// candidates.csv.
fn candidates_csv(search: &Search) -> String {
    let race = &search.race;
    let mut header = vec!["candidate".to_string()];
    header.extend(keys(search));
    header.extend(
        ["entered", "left", "exit", "verdict", "deals"]
            .iter()
            .map(|s| s.to_string()),
    );
    header.extend(quantity_header(race));
    let mut out = header.join(",") + "\n";
    for (c, candidate) in race.candidates.iter().enumerate() {
        let mut row = vec![c.to_string()];
        row.extend(
            search
                .space
                .values(&candidate.point)
                .into_iter()
                .map(|(_, v)| v),
        );
        let (left, exit) = match candidate.exit {
            Some((round, exit)) => (round.to_string(), exit_text(race, exit)),
            None => (String::new(), String::new()),
        };
        row.push(candidate.entered.to_string());
        row.push(left);
        row.push(exit);
        row.push(race.verdict(c).name().to_string());
        row.push(candidate.evidence.deals().to_string());
        row.extend(quantity_cells(race, c));
        out += &csv_line(&row);
    }
    out
}

/// One CSV line, cells quoted where they hold a comma or a quote.
fn csv_line(cells: &[String]) -> String {
    let quoted: Vec<String> = cells
        .iter()
        .map(|c| {
            if c.contains([',', '"', '\n']) {
                format!("\"{}\"", c.replace('"', "\"\""))
            } else {
                c.clone()
            }
        })
        .collect();
    quoted.join(",") + "\n"
}

/// rounds.csv.
fn rounds_csv(search: &Search) -> String {
    let mut out = "round,seed,candidates,deals,games,eliminated,proposed\n".to_string();
    for r in &search.history {
        let _ = writeln!(
            out,
            "{},{},{},{},{},{},{}",
            r.plan.round,
            r.plan.seed,
            r.plan.candidates.len(),
            r.plan.deals,
            r.games,
            r.left.len(),
            r.proposed.len()
        );
    }
    out
}

/// front.csv: the front, best first.
fn front_csv(search: &Search) -> String {
    let front = search.race.front();
    table_csv(search, &search.race, &front, Some(()))
}

/// A table of `rows` of `race` (indices into it), each labelled by the
/// search's candidate (`of[i]`, or the index itself for the search's own
/// race: `own` is `Some`).
fn table_csv(search: &Search, race: &Race, rows: &[usize], own: Option<()>) -> String {
    let mut header = vec!["rank".to_string(), "candidate".to_string()];
    header.extend(keys(search));
    header.push("deals".to_string());
    header.extend(quantity_header(race));
    if own.is_none() {
        header.push("verdict".to_string());
        header.push("exit".to_string());
        header.push("in_search".to_string());
    }
    let mut out = header.join(",") + "\n";
    let order: Vec<usize> = if own.is_some() {
        rows.to_vec()
    } else {
        let mut all: Vec<usize> = (0..race.candidates.len()).collect();
        let front = race.front();
        all.sort_by_key(|c| front.iter().position(|f| f == c).unwrap_or(usize::MAX));
        all
    };
    for (rank, &c) in order.iter().enumerate() {
        let label = if own.is_some() { c } else { rows[c] };
        let mut row = vec![(rank + 1).to_string(), label.to_string()];
        row.extend(
            search
                .space
                .values(&race.candidates[c].point)
                .into_iter()
                .map(|(_, v)| v),
        );
        row.push(race.candidates[c].evidence.deals().to_string());
        row.extend(quantity_cells(race, c));
        if own.is_none() {
            row.push(race.verdict(c).name().to_string());
            row.push(
                race.candidates[c]
                    .exit
                    .map(|(_, e)| match e {
                        Exit::Dominated(d) => format!("dominated by {}", rows[d]),
                        e => exit_text(race, e),
                    })
                    .unwrap_or_default(),
            );
            row.push(match search.race.candidates[label].exit {
                Some((round, _)) => format!("eliminated in round {round}"),
                None => "survivor".to_string(),
            });
        }
        out += &csv_line(&row);
    }
    out
}

/// A candidate's options as `key=value, ...`.
fn label(search: &Search, race: &Race, c: usize) -> String {
    search
        .space
        .values(&race.candidates[c].point)
        .into_iter()
        .map(|(k, v)| format!("{k}={v}"))
        .collect::<Vec<_>>()
        .join(", ")
}

/// summary.md.
fn summary(spec: &SearchSpec, outcome: &SearchOutcome) -> String {
    let mut md = String::new();
    let _ = writeln!(md, "# Search: {} at {} players\n", spec.game, spec.players);
    if !spec.preface.is_empty() {
        let _ = writeln!(md, "{}\n", spec.preface.trim_end());
    }
    goal_section(&mut md, spec, &outcome.search);
    rounds_section(&mut md, outcome);
    unresolvable_note(&mut md, spec, &outcome.search);
    answer_section(&mut md, outcome);
    references_section(&mut md, outcome);
    front_section(&mut md, spec, &outcome.search);
    md
}

/// summary.md's goal: the lineup, the space, the objectives, constraints,
/// baseline and duels, and the budget.
fn goal_section(md: &mut String, spec: &SearchSpec, search: &Search) {
    let race = &search.race;
    let s = &search.settings;
    let _ = writeln!(md, "## The goal (declared before the games)\n");
    let _ = writeln!(md, "- lineup: `{}`", spec.lineup.join(","));
    for d in &search.space.dims {
        let _ = writeln!(md, "- option `{}`: {} values", d.key, d.values.len());
    }
    for b in &search.space.sums {
        let _ = writeln!(md, "- bound: `{}`", b.text);
    }
    for (i, o) in race.goal.objectives.iter().enumerate() {
        let _ = writeln!(md, "- objective {}: `{o}` (margin {})", i + 1, o.margin);
    }
    for (i, k) in race.goal.constraints.iter().enumerate() {
        let _ = writeln!(md, "- constraint {}: `{k}`", i + 1);
    }
    if let Some(b) = &spec.baseline {
        let _ = writeln!(
            md,
            "- baseline: `{b}`, played by the lineup on every round's deals (its intervals are \
             of the same family as a candidate's)"
        );
    }
    for (strong, weak) in race.goal.duels() {
        let _ = writeln!(
            md,
            "- skill:{strong}>{weak}: played by `{strong}` against `{weak}` in every other seat, \
             rotated (a ratio; its Elo gap by the Bradley-Terry-Luce model in brackets)"
        );
    }
    let _ = writeln!(
        md,
        "- budget: alpha {} over at most {} candidates and {} rounds; at most {} games; \
         {} deals per candidate in round 0, doubled each round; seed {}",
        s.budget.alpha, s.budget.candidates, s.budget.rounds, s.max_games, s.first_deals, s.seed
    );
    let plan = super::power_plan(spec, &race.goal, s);
    let _ = writeln!(
        md,
        "- plan, before the games (the worst-case spread of a bounded quantity, no data yet; the \
         race's intervals at the union split, conservative for `max-t`): at most {} deals per \
         candidate in the race, {} fresh deals for the yes/no test",
        plan.deals, plan.confirmation_deals
    );
    for line in &plan.lines {
        let _ = writeln!(md, "  - {line}");
    }
}

/// Above the answer, when the plan said the rule's yes/no question could
/// not be resolved at the budget (the search allowed it, or re-ran
/// committed results): the answer can only be inconclusive.
fn unresolvable_note(md: &mut String, spec: &SearchSpec, search: &Search) {
    let plan = super::power_plan(spec, &search.race.goal, &search.settings);
    if let (true, Some(line)) = (
        plan.unresolvable() && spec.confirm_seed.is_some(),
        plan.yes_no(),
    ) {
        let _ = writeln!(
            md,
            "\n**Not resolvable at this budget**: the yes/no test of the pick at margin {} needed \
             about {} fresh deals for 80% power and the budget paid for {} \
             (`allow_unresolvable`, or a re-run of committed results): the question's answer is \
             inconclusive at this budget, whatever the picks below.\n",
            line.margin.unwrap_or(0.0),
            line.deals_needed.unwrap_or(0),
            plan.confirmation_deals
        );
    }
}

/// summary.md's guarantee, its table of rounds and the games played.
fn rounds_section(md: &mut String, outcome: &SearchOutcome) {
    let search = &outcome.search;
    let race = &search.race;
    let s = &search.settings;
    let (z1, z2) = race.quantiles();
    let _ = writeln!(
        md,
        "\n## The guarantee\n\nEvery interval below is one of the race's simultaneous intervals \
         (a candidate's at z = {z1:.3}, a pair's per-deal difference at z = {z2:.3}): they all \
         cover at once with probability at least {:.3}, and on that event every elimination \
         is right (docs/search.md). Deals are the unit: a deal's value is the mean over its \
         rotated games.",
        1.0 - s.budget.alpha
    );
    let _ = writeln!(md, "\n## Rounds\n");
    let _ = writeln!(
        md,
        "| round | candidates | deals each | games | eliminated | proposed |\n|---|---|---|---|---|---|"
    );
    for r in &search.history {
        let _ = writeln!(
            md,
            "| {} | {} | {} | {} | {} | {} |",
            r.plan.round,
            r.plan.candidates.len(),
            r.plan.deals,
            r.games,
            r.left.len(),
            r.proposed.len()
        );
    }
    let stop = search
        .stopped()
        .map_or("stopped".to_string(), |s| s.to_string());
    let confirmed = outcome.confirmation.as_ref().map_or(0, |c| c.games);
    let _ = writeln!(
        md,
        "\n{} candidates evaluated; {} games in the rounds and {confirmed} in the confirmation, \
         {} in all; the search ended: {stop}.",
        race.candidates.len(),
        search.games,
        search.games + confirmed
    );
}

/// summary.md's answer: the pick with its interval and what is shown of
/// it, or that no candidate meets the constraints.
fn answer_section(md: &mut String, outcome: &SearchOutcome) {
    let search = &outcome.search;
    let race = &search.race;
    let s = &search.settings;
    let _ = writeln!(md, "\n## The answer\n");
    match race.pick() {
        None => {
            let _ = writeln!(
                md,
                "No candidate still in meets the constraints by its estimates: no such design \
                 among the {} evaluated.",
                race.candidates.len()
            );
        }
        Some(p) => {
            let o = &race.goal.objectives[0];
            let l = race.loss_interval(p, 0);
            let q = race.quantity_interval(p, race.goal.index_of(&o.quantity));
            let _ = writeln!(
                md,
                "Pick: candidate {p}, **{}**: `{}` {} [{}, {}] (loss {}).",
                label(search, race, p),
                o.quantity,
                number(q.estimate),
                number(q.low),
                number(q.high),
                number(l.estimate)
            );
            let gap = race.pick_gap().unwrap_or(f64::INFINITY);
            let within = gap <= o.margin;
            let _ = writeln!(
                md,
                "\n- Its {} is at most {} worse than the best candidate's still in the race \
                 ({}), with probability at least {:.3}.",
                aim_word(o.aim),
                number(gap),
                if within {
                    format!("within the margin {}", o.margin)
                } else {
                    format!("**not** shown within the margin {}", o.margin)
                },
                1.0 - s.budget.alpha
            );
            if !race.goal.constraints.is_empty() {
                let _ = writeln!(
                    md,
                    "- Its constraints: {}.",
                    if race.certified_feasible(p) {
                        "met with significance"
                    } else {
                        "met by the estimates only, **not** with significance"
                    }
                );
            }
            if let Some(r) = race.resolution() {
                let _ = writeln!(
                    md,
                    "- The games played resolve differences of `{}` of about {} between the \
                     pick and the other survivors (the half-width of their paired interval): a \
                     smaller improvement could not have been found.",
                    o.quantity,
                    number(r)
                );
            }
            if !search.enumerated {
                let _ = writeln!(
                    md,
                    "- The guarantee covers the {} candidates evaluated, not the {} points of \
                     the space: the proposals are a model's guesses (docs/search.md).",
                    race.candidates.len(),
                    search.space.size()
                );
            }
            confirmation_lines(md, outcome, p);
        }
    }
}

/// summary.md's front: the candidates still in that no other beats on
/// every objective, and the baseline, with their intervals.
fn front_section(md: &mut String, spec: &SearchSpec, search: &Search) {
    let race = &search.race;
    let _ = writeln!(md, "\n## The front\n");
    let _ = writeln!(
        md,
        "The candidates still in that no other still in beats on every objective by the \
         estimates (front.csv; every candidate in candidates.csv).\n"
    );
    let qs = race.goal.quantities();
    let _ = writeln!(
        md,
        "| candidate | options | deals | {} |\n|---|---|---|{}",
        qs.iter()
            .map(|q| q.to_string())
            .collect::<Vec<_>>()
            .join(" | "),
        "---|".repeat(qs.len())
    );
    let cell = |q: usize, i: beachcomber::search::Interval, players: usize| {
        let mut text = format!(
            "{} [{}, {}]",
            number(i.estimate),
            number(i.low),
            number(i.high)
        );
        if qs[q].duel().is_some() {
            let elo = |r: f64| format!("{:+.0}", elo_of_ratio(r, players));
            text += &format!(
                " ({} Elo [{}, {}])",
                elo(i.estimate),
                elo(i.low),
                elo(i.high)
            );
        }
        text
    };
    for c in race.front() {
        let cells: Vec<String> = (0..qs.len())
            .map(|q| cell(q, race.quantity_interval(c, q), spec.players))
            .collect();
        let _ = writeln!(
            md,
            "| {c} | {} | {} | {} |",
            label(search, race, c),
            race.candidates[c].evidence.deals(),
            cells.join(" | ")
        );
    }
    if let Some(b) = &spec.baseline {
        let cells: Vec<String> = (0..qs.len())
            .map(|q| cell(q, race.baseline_interval(q), b.players))
            .collect();
        let _ = writeln!(
            md,
            "| baseline | {b} | {} | {} |",
            race.baseline.deals(),
            cells.join(" | ")
        );
    }
}

fn aim_word(aim: Aim) -> &'static str {
    match aim {
        Aim::Near(_) => "distance from the target",
        Aim::Min | Aim::Max => "value",
    }
}

/// The confirmation's lines for the pick `p` (an index into the search).
fn confirmation_lines(md: &mut String, outcome: &SearchOutcome, p: usize) {
    let search = &outcome.search;
    let Some(c) = &outcome.confirmation else {
        let _ = writeln!(
            md,
            "- Not confirmed: the search names no confirmation seed."
        );
        return;
    };
    let Some(at) = c.of.iter().position(|&x| x == p) else {
        return;
    };
    let race = &c.race;
    let survivors = c.of.len() - c.rechecked;
    let dominated = race.candidates[at].exit.is_some();
    let feasible = race.certified_feasible(at);
    let confirmed = !dominated && (race.goal.constraints.is_empty() || feasible);
    // A search that eliminated nothing showed no candidate worse than
    // another: "confirmed" would say more than was shown.
    let nothing_eliminated = search.race.candidates.iter().all(|k| k.exit.is_none());
    let confirmed_survivors = c.of[..survivors]
        .iter()
        .filter(|&&x| search.race.candidates[x].exit.is_none())
        .count();
    let references = survivors - confirmed_survivors;
    let survivors_text = match references {
        0 => format!("the {confirmed_survivors} best survivors"),
        n => format!(
            "the {confirmed_survivors} best survivors, {n} eliminated reference{}",
            if n == 1 { "" } else { "s" }
        ),
    };
    let rechecked = match c.rechecked {
        0 => String::new(),
        1 => " and the best candidate the race eliminated as dominated".to_string(),
        n => format!(" and the {n} best candidates the race eliminated as dominated"),
    };
    let _ = writeln!(
        md,
        "- Confirmation on seed {} with `{}` ({} deals each, confirm.csv): {survivors_text}\
         {rechecked}.",
        c.seed, c.lineup, c.deals
    );
    let _ = writeln!(
        md,
        "  - The pick: {}.",
        if confirmed && nothing_eliminated {
            "not beaten with significance there, and no more: the race eliminated nothing, so \
             no candidate was shown worse than another and this does not confirm the pick is \
             the best"
        } else if confirmed {
            "**confirmed** (no candidate beats it with significance there, and its constraints \
             hold with significance)"
        } else if dominated {
            "**not confirmed** (another candidate beats it with significance there)"
        } else {
            "**not confirmed** (its constraints do not hold with significance there)"
        }
    );
    if let Some(best) = race.pick() {
        let _ = writeln!(
            md,
            "  - The best there by the estimates: candidate {}{}.",
            c.of[best],
            if best == at {
                " (the pick)".to_string()
            } else {
                format!(", {}", label(search, race, best))
            }
        );
    }
    if c.rechecked > 0 {
        let pick_loss = race.loss_interval(at, 0).estimate;
        let better: Vec<usize> = (survivors..c.of.len())
            .filter(|&x| race.loss_interval(x, 0).estimate < pick_loss)
            .collect();
        let significant = better.iter().filter(|&&x| race.dominates(x, at)).count();
        let names: Vec<String> = better.iter().map(|&x| c.of[x].to_string()).collect();
        let _ = writeln!(
            md,
            "  - What the screen may have dropped: of the {} eliminated candidates played again, \
             {} {} better than the pick there by the estimates{}, {significant} with significance.",
            c.rechecked,
            better.len(),
            if better.len() == 1 { "is" } else { "are" },
            if names.is_empty() {
                String::new()
            } else {
                format!(" (candidates {})", names.join(", "))
            }
        );
    }
}

/// The pick against each included reference: the paired difference of the
/// first objective's quantity, in the race and in the confirmation, and
/// whether the pick is better by the margin with significance.
fn references_section(md: &mut String, outcome: &SearchOutcome) {
    let search = &outcome.search;
    let race = &search.race;
    let Some(pick) = race.pick() else {
        return;
    };
    if outcome.included.is_empty() {
        return;
    }
    let o = &race.goal.objectives[0];
    let q = race.goal.index_of(&o.quantity);
    let _ = writeln!(md, "\n## The references\n");
    let _ = writeln!(
        md,
        "The pick against each point included from round 0, on `{}` (pick less reference, \
         paired per deal, at the race's simultaneous level), and whether the pick is better by \
         the margin {}: its loss is at least the margin below the reference's on the event that \
         every interval covers.\n",
        o.quantity, o.margin
    );
    for &r in &outcome.included {
        if r == pick {
            let _ = writeln!(
                md,
                "- Candidate {r}, {}: the pick itself.",
                label(search, race, r)
            );
            continue;
        }
        let line = |race: &Race, p: usize, r: usize| -> String {
            let d = race
                .difference_interval(p, r, q)
                .map(|i| {
                    format!(
                        "{} [{}, {}]",
                        number(i.estimate),
                        number(i.low),
                        number(i.high)
                    )
                })
                .unwrap_or_else(|| "no shared deals".to_string());
            let upper = race.loss_difference_upper(p, r, 0);
            format!(
                "{d}; better by the margin: {}",
                if upper < -o.margin { "**yes**" } else { "no" }
            )
        };
        let _ = writeln!(
            md,
            "- Candidate {r}, {}: in the race {}.",
            label(search, race, r),
            line(race, pick, r)
        );
        if let Some(c) = &outcome.confirmation
            && let (Some(p), Some(x)) = (
                c.of.iter().position(|&x| x == pick),
                c.of.iter().position(|&x| x == r),
            )
        {
            let _ = writeln!(
                md,
                "  - In the confirmation (`{}`): {}.",
                c.lineup,
                line(&c.race, p, x)
            );
        }
    }
}
