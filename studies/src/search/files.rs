//! A finished search's files: `candidates.csv` (every candidate, the
//! round it left and why, its quantities with the race's intervals),
//! `rounds.csv`, `front.csv`, `confirm.csv` and `summary.md`.

use std::fmt::Write as _;
use std::path::Path;

use beachcomber::search::{Aim, Exit, Interval, Race, Search, SearchPlan, Spending, elo_of_ratio};

use super::comparisons::{baseline_section, references_section};
use super::yes_no::{Reference, answer_line};
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
        candidates_csv(spec, search).as_bytes(),
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

/// The quantities' cells of candidate `c` of `race`: blank for one that
/// played no deal (it has no estimate, not one of 0).
fn quantity_cells(race: &Race, c: usize) -> Vec<String> {
    interval_cells(race, race.candidates[c].evidence.deals(), |q| {
        race.quantity_interval(c, q)
    })
}

/// The cells `Q,Q_low,Q_high` of every quantity's interval (`interval`
/// of its index), blank without `deals`.
fn interval_cells(race: &Race, deals: u64, interval: impl Fn(usize) -> Interval) -> Vec<String> {
    (0..race.goal.quantities().len())
        .flat_map(|q| {
            if deals == 0 {
                return [String::new(), String::new(), String::new()];
            }
            let i = interval(q);
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

/// candidates.csv: a row per candidate, then the baseline's (kind
/// `baseline`) when the search has one (docs/search.md).
fn candidates_csv(spec: &SearchSpec, search: &Search) -> String {
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
    if let Some(b) = &spec.baseline {
        out += &csv_line(&baseline_row(search, b));
    }
    out
}

/// candidates.csv's row of the baseline setting (kind `baseline`, no
/// index): the options it sets (blank: the base game's value), no round or
/// exit, its deals and its measured intervals (blank without deals).
fn baseline_row(search: &Search, b: &super::Baseline) -> Vec<String> {
    let race = &search.race;
    let mut row = vec!["baseline".to_string()];
    row.extend(search.space.dims.iter().map(|d| {
        b.options
            .iter()
            .find(|(k, _)| *k == d.key)
            .map(|(_, v)| v.clone())
            .unwrap_or_default()
    }));
    row.extend([String::new(), String::new(), String::new()]);
    row.push("baseline".to_string());
    row.push(race.baseline.deals().to_string());
    row.extend(interval_cells(race, race.baseline.deals(), |q| {
        race.baseline_interval(q)
    }));
    row
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
pub(super) fn label(search: &Search, race: &Race, c: usize) -> String {
    search
        .space
        .values(&race.candidates[c].point)
        .into_iter()
        .map(|(k, v)| format!("{k}={v}"))
        .collect::<Vec<_>>()
        .join(", ")
}

/// The variants (not the rules) the search's games played: the base
/// game's, every candidate's and the baseline's
/// ([`beachcomber::games::variants::variants_line`]).
fn variants_line(spec: &SearchSpec, search: &Search) -> Option<String> {
    let mut specs = vec![spec.game.clone()];
    let settings = search
        .race
        .candidates
        .iter()
        .map(|c| (search.space.values(&c.point), spec.players))
        .chain(spec.baseline.iter().map(|b| (b.options.clone(), b.players)));
    for (values, players) in settings {
        if let Ok(game) = spec.game_of(players, &values) {
            specs.push(game.canonical_spec());
        }
    }
    beachcomber::games::variants::variants_line(specs.iter().map(String::as_str))
}

/// summary.md.
fn summary(spec: &SearchSpec, outcome: &SearchOutcome) -> String {
    let mut md = String::new();
    let _ = writeln!(md, "# Search: {} at {} players\n", spec.game, spec.players);
    if !spec.preface.is_empty() {
        let _ = writeln!(md, "{}\n", spec.preface.trim_end());
    }
    if let Some(line) = variants_line(spec, &outcome.search) {
        let _ = writeln!(md, "{line}\n");
    }
    plain_words_opening(&mut md, spec, outcome);
    goal_section(&mut md, spec, &outcome.search, &outcome.plan);
    rounds_section(&mut md, outcome);
    unresolvable_note(&mut md, spec, &outcome.plan);
    answer_section(&mut md, spec, outcome);
    references_section(&mut md, outcome);
    baseline_section(&mut md, spec, outcome);
    front_section(&mut md, spec, &outcome.search);
    md
}

/// The rule's yes/no answer (docs/search.md, "The answer: yes, no or
/// inconclusive"), the reference named by its options or the baseline's.
fn the_answer(spec: &SearchSpec, outcome: &SearchOutcome) -> String {
    let search = &outcome.search;
    answer_line(spec, outcome, |r| match r {
        Reference::Included(r) => format!(
            "the included candidate {r}, {}",
            label(search, &search.race, r)
        ),
        Reference::Baseline => format!(
            "the baseline `{}`",
            spec.baseline
                .as_ref()
                .map_or(String::new(), |b| b.to_string())
        ),
    })
}

/// summary.md's opening, before the statistics: what was found, how sure
/// the race is of it, and what to do next, in a designer's words (the
/// sections after it give the numbers and their tests).
fn plain_words_opening(md: &mut String, spec: &SearchSpec, outcome: &SearchOutcome) {
    let search = &outcome.search;
    let race = &search.race;
    let alpha = search.settings.budget.alpha;
    let o = &race.goal.objectives[0];
    let evaluated = race.candidates.len();
    let _ = writeln!(md, "## In short\n");
    let _ = writeln!(md, "- Answer: {}", the_answer(spec, outcome));
    let Some(p) = race.pick() else {
        let _ = writeln!(
            md,
            "- Found: no design among the {evaluated} evaluated meets the constraints by its \
             estimates.\n- Next: loosen a constraint or widen the space, then search again.\n\n\
             The statistics follow.\n"
        );
        return;
    };
    let q = race.quantity_interval(p, race.goal.index_of(&o.quantity));
    let _ = writeln!(
        md,
        "- Found: **{}** is the best of the {evaluated} designs evaluated on `{o}` by the \
         estimates: `{}` measured {} (the range is where the true value lies, at the race's \
         confidence).",
        label(search, race, p),
        o.quantity,
        interval_text(q)
    );
    let shown = race
        .pick_gap()
        .is_some_and(|g| g.is_finite() && g <= o.margin);
    let feasible = race.goal.constraints.is_empty() || race.certified_feasible(p);
    let sure = match (shown, feasible) {
        (true, true) => format!(
            "shown with probability at least {:.3} to be within {} of the best design evaluated{}",
            1.0 - alpha,
            o.margin,
            if race.goal.constraints.is_empty() {
                ""
            } else {
                ", and to meet the constraints"
            }
        ),
        (true, false) => format!(
            "within {} of the best design evaluated, but its constraints are met by the \
             estimates only, not shown",
            o.margin
        ),
        (false, _) => format!(
            "**not** shown to be within {} of the best design evaluated: the games played \
             cannot tell it from the others still in the race (the best by the estimates is not \
             a proof)",
            o.margin
        ),
    };
    let _ = writeln!(md, "- How sure: {sure}.");
    if !search.enumerated {
        let _ = writeln!(
            md,
            "- Coverage: {evaluated} of the {} designs of the space were evaluated; a better one \
             may lie among the others.",
            search.space.size()
        );
    }
    if spec.baseline.is_some()
        && let Some(d) = race.baseline_difference_interval(p, race.goal.index_of(&o.quantity))
    {
        let _ = writeln!(
            md,
            "- Against the baseline: `{}` differs by {} (pick less baseline, same deals).",
            o.quantity,
            interval_text(d)
        );
    }
    let next = match &outcome.confirmation {
        None if shown && feasible => {
            "play the pick on fresh deals (a confirmation seed) before adopting it".to_string()
        }
        None => {
            "give the search more games (or a narrower space) and a confirmation seed".to_string()
        }
        Some(c) => format!(
            "read the confirmation on fresh deals (seed {}, under The answer) before adopting \
             the pick{}",
            c.seed,
            if shown && feasible {
                ""
            } else {
                "; more games would narrow the ranges"
            }
        ),
    };
    let _ = writeln!(md, "- Next: {next}.");
    let _ = writeln!(
        md,
        "\nThe statistics follow: the goal as declared, the race's guarantee, the answer with its \
         intervals, and the front.\n"
    );
}

/// summary.md's goal: the lineup, the space, the objectives, constraints,
/// baseline and duels, and the budget.
fn goal_section(md: &mut String, spec: &SearchSpec, search: &Search, plan: &SearchPlan) {
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
         {} deals per candidate in round 0, doubled each round; seed {}; race `{}` ({})",
        s.budget.alpha,
        s.budget.candidates,
        s.budget.rounds,
        s.max_games,
        s.first_deals,
        s.seed,
        s.budget.spending.name(),
        match s.budget.spending {
            Spending::Union => "the union bound over candidates, pairs, rounds and quantities",
            Spending::MaxT => {
                "each round's critical values calibrated on the joint law of its intervals, \
                 the error spent by the rounds' information"
            }
        }
    );
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
fn unresolvable_note(md: &mut String, spec: &SearchSpec, plan: &SearchPlan) {
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
         (simultaneous: they all hold together, not each alone; a candidate's spans z = {z1:.3} \
         standard errors either side of its estimate, a pair's per-deal difference z = \
         {z2:.3}{}): they all cover at once with probability at least {:.3}, and on that event \
         every elimination is right (docs/search.md). Deals are the unit: a deal's value is the mean over its \
         rotated games.",
        if s.budget.spending == Spending::MaxT {
            ", the last round's critical values"
        } else {
            ""
        },
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
fn answer_section(md: &mut String, spec: &SearchSpec, outcome: &SearchOutcome) {
    let search = &outcome.search;
    let race = &search.race;
    let s = &search.settings;
    let _ = writeln!(md, "\n## The answer\n");
    let _ = writeln!(md, "{}\n", the_answer(spec, outcome));
    if race.pick().is_some() {
        let _ = writeln!(
            md,
            "The race's and the confirmation's details follow (the answer above is the rule's)."
        );
    }
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
            let _ = writeln!(md, "\n{}", gap_line(race, p, s.budget.alpha));
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

/// The answer's line on how far the pick `p` can be from the best
/// candidate still in ([`Race::pick_gap`]), in words when no finite bound
/// exists: never an empty number.
fn gap_line(race: &Race, p: usize, alpha: f64) -> String {
    let o = &race.goal.objectives[0];
    let level = 1.0 - alpha;
    match race.pick_gap().filter(|g| g.is_finite()) {
        Some(gap) => format!(
            "- Its {} is at most {} worse than the best candidate's still in the race ({}), \
             with probability at least {level:.3}.",
            aim_word(o.aim),
            number(gap),
            if gap <= o.margin {
                format!("within the margin {}", o.margin)
            } else {
                format!("**not** shown within the margin {}", o.margin)
            }
        ),
        None => {
            let unbounded: Vec<usize> = race
                .alive()
                .into_iter()
                .filter(|&c| c != p && !race.loss_difference_upper(p, c, 0).is_finite())
                .collect();
            let unplayed = unbounded
                .iter()
                .filter(|&&c| race.candidates[c].evidence.deals() < 2)
                .count();
            let why = if unbounded.is_empty() {
                "the race's intervals give no finite bound".to_string()
            } else if unplayed == unbounded.len() {
                format!(
                    "{} candidate{} still in played fewer than two deals, so {} interval{} \
                     unbounded",
                    unplayed,
                    if unplayed == 1 { "" } else { "s" },
                    if unplayed == 1 { "its" } else { "their" },
                    if unplayed == 1 { " is" } else { "s are" }
                )
            } else {
                format!(
                    "the intervals of {} candidate{} still in do not bound the difference",
                    unbounded.len(),
                    if unbounded.len() == 1 { "" } else { "s" }
                )
            };
            format!(
                "- No bound on how much worse its {} is than the best candidate's still in the \
                 race is shown ({why}): it is **not** shown within the margin {}.",
                aim_word(o.aim),
                o.margin
            )
        }
    }
}

/// An estimate with its interval: `E [LOW, HIGH]`.
pub(super) fn interval_text(i: Interval) -> String {
    format!(
        "{} [{}, {}]",
        number(i.estimate),
        number(i.low),
        number(i.high)
    )
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

#[cfg(test)]
#[path = "files_tests.rs"]
mod tests;
