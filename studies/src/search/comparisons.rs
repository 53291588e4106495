//! summary.md's paired comparisons of a search's pick: against the
//! `--include` references and against the baseline, per deal, in the race
//! and in the confirmation (docs/search.md, "Files").

use std::fmt::Write as _;

use beachcomber::search::{Interval, Race};

use super::files::{interval_text, label};
use super::{SearchOutcome, SearchSpec};

/// What the race's paired intervals are, in words: each is one of many
/// that all cover their true values together with probability at least
/// `1 − alpha` (so each alone is wider than a lone interval at that level).
fn paired_level_words(alpha: f64) -> String {
    format!(
        "paired per deal, at the race's simultaneous level: this interval and every other \
         interval of the race cover their true values all at once with probability at least \
         {:.3}, so each is wider than a lone {:.0}% interval",
        1.0 - alpha,
        100.0 * (1.0 - alpha)
    )
}

/// One paired comparison's words (the references' and the baseline's
/// line): the difference `d` of the pick less the other with its interval
/// (`None`: fewer than two shared deals), and whether the pick's loss is
/// at least `margin` below the other's on the event that every interval
/// covers (`upper`: the bound of the loss difference).
fn paired_line(d: Option<Interval>, upper: f64, margin: f64) -> String {
    let d = d.map_or_else(|| "no shared deals".to_string(), interval_text);
    format!(
        "{d}; better by the margin: {}",
        if upper < -margin { "**yes**" } else { "no" }
    )
}

/// The pick `p` of `race` against the baseline on the first objective's
/// quantity: the paired difference over the deals both played, and
/// whether the pick is better by the margin.
pub(super) fn baseline_line(race: &Race, p: usize) -> String {
    let o = &race.goal.objectives[0];
    let q = race.goal.index_of(&o.quantity);
    format!(
        "over the {} deals both played, {}",
        race.baseline_shared_deals(p),
        paired_line(
            race.baseline_difference_interval(p, q),
            race.baseline_loss_difference_upper(p, 0),
            o.margin
        )
    )
}

/// summary.md's pick against the baseline (a search with one, and a
/// pick): on the first objective, paired per deal, in the race and in the
/// confirmation.
pub(super) fn baseline_section(md: &mut String, spec: &SearchSpec, outcome: &SearchOutcome) {
    let search = &outcome.search;
    let race = &search.race;
    let (Some(b), Some(pick)) = (&spec.baseline, race.pick()) else {
        return;
    };
    let o = &race.goal.objectives[0];
    let _ = writeln!(md, "\n## The pick against the baseline\n");
    let (_, z) = race.quantiles();
    let _ = writeln!(
        md,
        "The pick less the baseline `{b}` on `{}` (paired per deal, at the race's pairs' \
         z = {z:.3} standard errors: this interval alone misses its true value with probability \
         at most {:.2e}; no elimination rests on it, so it is outside the race's guarantee), and \
         whether the pick is better by the margin {}: its loss is at least the margin below the \
         baseline's when these intervals and the pick's cover.\n",
        o.quantity,
        // The two-sided error of one interval at z (the union's pair error
        // under `union`, the calibrated z's under `max-t`).
        beachcomber::league::pairs::two_sided_p(z),
        o.margin
    );
    let _ = writeln!(md, "- In the race: {}.", baseline_line(race, pick));
    if let Some(c) = &outcome.confirmation
        && let Some(p) = c.of.iter().position(|&x| x == pick)
    {
        let _ = writeln!(
            md,
            "- In the confirmation (`{}`): {}.",
            c.lineup,
            baseline_line(&c.race, p)
        );
    }
}

/// The pick against each included reference: the paired difference of the
/// first objective's quantity, in the race and in the confirmation, and
/// whether the pick is better by the margin with significance.
pub(super) fn references_section(md: &mut String, outcome: &SearchOutcome) {
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
         {}), and whether the pick is better by the margin {}: its loss is at least the margin \
         below the reference's on the event that every interval covers.\n",
        o.quantity,
        paired_level_words(search.settings.budget.alpha),
        o.margin
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
            paired_line(
                race.difference_interval(p, r, q),
                race.loss_difference_upper(p, r, 0),
                o.margin,
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
