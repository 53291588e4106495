//! The search's answer to its rule's yes/no question (docs/search.md,
//! "The answer: yes, no or inconclusive"): the pick against its reference
//! (the first included point, else the baseline) on the confirmation's
//! fresh deals, judged by [`YesNo::judge`] on the per-deal gain in the
//! first objective's loss.

use beachcomber::search::{Aim, Answer, Interval, Moments, Objective, Race, YesNo};

use super::{SearchOutcome, SearchSpec};

/// The reference the pick is tested against.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Reference {
    /// An included point (its index in the search's race).
    Included(usize),
    /// The baseline setting.
    Baseline,
}

/// The answer of a search with a yes/no question.
#[derive(Clone, Debug, PartialEq)]
pub struct TheAnswer {
    /// What the pick was tested against.
    pub reference: Reference,
    /// The test's numbers (`None`: the gain could not be linearized).
    pub test: Option<YesNo>,
    /// The word: the test's, or inconclusive when the plan said the
    /// question was unresolvable (`allow_unresolvable`) or the test could
    /// not be made.
    pub answer: Answer,
    /// Why the word is inconclusive whatever the numbers, if it is.
    pub why: Option<&'static str>,
}

/// The search's reference: the first included point, else the baseline.
pub fn reference_of(included: &[usize], baseline: bool) -> Option<Reference> {
    included
        .first()
        .map(|&r| Reference::Included(r))
        .or(baseline.then_some(Reference::Baseline))
}

/// The sign turning the paired difference (pick less reference) of the
/// objective's quantity into the gain in its loss: `-1` for `min`, `+1`
/// for `max`; for `near T` the distance's, when both intervals lie on one
/// side of T (above: `-1`, below: `+1`); `None` when they lie on opposite
/// sides or either crosses T, where the distance is not linear in the
/// difference (the answer is then inconclusive).
pub fn gain_sign(objective: &Objective, pick: Interval, reference: Interval) -> Option<f64> {
    match objective.aim {
        Aim::Min => Some(-1.0),
        Aim::Max => Some(1.0),
        Aim::Near(t) => {
            if pick.low > t && reference.low > t {
                Some(-1.0)
            } else if pick.high < t && reference.high < t {
                Some(1.0)
            } else {
                None
            }
        }
    }
}

/// The paired moments of the pick `p` less the reference in `race`, on
/// quantity `q` (`r`: the reference's index in `race`, for an included
/// one), with both intervals of the quantity.
pub fn paired(
    race: &Race,
    p: usize,
    reference: Option<usize>,
    q: usize,
) -> Option<(Moments, Interval, Interval)> {
    match reference {
        Some(r) => Some((
            race.pair_moments(p, r, q)?,
            race.quantity_interval(p, q),
            race.quantity_interval(r, q),
        )),
        None => Some((
            race.baseline_pair_moments(p, q)?,
            race.quantity_interval(p, q),
            race.baseline_interval(q),
        )),
    }
}

/// The fresh deals the yes/no test needs ([`YesNo::deals_for`] at the
/// first objective's margin and the paired standard deviation `race`
/// measured of its pick against `reference`), capped by `cap`; 0 when
/// there is no question or fewer than two shared deals to measure.
pub fn deals_needed(race: &Race, reference: Option<Reference>, alpha: f64, cap: u64) -> u64 {
    let o = &race.goal.objectives[0];
    let q = race.goal.index_of(&o.quantity);
    race.pick()
        .zip(reference)
        .and_then(|(p, r)| match r {
            Reference::Included(r) if r == p => None,
            Reference::Included(r) => race.pair_moments(p, r, q),
            Reference::Baseline => race.baseline_pair_moments(p, q),
        })
        .filter(|m| m.deals >= 2)
        .map_or(0, |m| {
            YesNo::deals_for(m.variance().sqrt(), alpha, o.margin, cap)
        })
}

/// The gains' moments: the paired moments scaled by the gain's sign.
pub fn gains(m: Moments, sign: f64) -> Moments {
    Moments {
        sum: sign * m.sum,
        ..m
    }
}

/// The answer's word of a test (`None`: the gain could not be
/// linearized), with why it is inconclusive whatever the numbers: an
/// unresolvable question (`allow_unresolvable`) can only say
/// inconclusive, even when its bound is above 0.
pub fn word(test: Option<YesNo>, unresolvable: bool) -> (Answer, Option<&'static str>) {
    match test {
        None => (
            Answer::Inconclusive,
            Some(
                "the two intervals do not lie on one side of the target, so the gain in \
                 distance is not linear in the paired difference",
            ),
        ),
        Some(_) if unresolvable => (
            Answer::Inconclusive,
            Some(
                "the plan said the question is not resolvable at this budget \
                 (`allow_unresolvable`)",
            ),
        ),
        Some(t) => (t.answer, None),
    }
}

/// The answer of `outcome`: `None` without a pick, a confirmation or a
/// reference (the rule then asks no yes/no question), or when the pick is
/// its own reference. `unresolvable`: the plan said the question could
/// not be resolved at the budget (the answer is then inconclusive).
pub fn answer_of(outcome: &SearchOutcome, baseline: bool, unresolvable: bool) -> Option<TheAnswer> {
    let race = &outcome.search.race;
    let c = outcome.confirmation.as_ref()?;
    let pick = race.pick()?;
    let reference = reference_of(&outcome.included, baseline)?;
    let at = c.of.iter().position(|&x| x == pick)?;
    let r = match reference {
        Reference::Included(r) if r == pick => return None,
        Reference::Included(r) => Some(c.of.iter().position(|&x| x == r)?),
        Reference::Baseline => None,
    };
    let o = &race.goal.objectives[0];
    let q = race.goal.index_of(&o.quantity);
    let (m, pi, ri) = paired(&c.race, at, r, q)?;
    let alpha = outcome.search.settings.budget.alpha;
    let test = gain_sign(o, pi, ri).map(|sign| YesNo::judge(&gains(m, sign), alpha, o.margin));
    let (answer, why) = word(test, unresolvable);
    Some(TheAnswer {
        reference,
        test,
        answer,
        why,
    })
}

/// The answer's opening line of summary.md's answer section (and its word
/// for the opening in plain words): `reference_name` names the reference.
pub fn answer_line(
    spec: &SearchSpec,
    outcome: &SearchOutcome,
    reference_name: impl Fn(Reference) -> String,
) -> String {
    let race = &outcome.search.race;
    let o = &race.goal.objectives[0];
    let unresolvable = outcome.plan.unresolvable();
    let Some(a) = answer_of(outcome, spec.baseline.is_some(), unresolvable) else {
        let why = if race.pick().is_none() {
            "there is no pick"
        } else if outcome.confirmation.is_none() {
            "the search names no confirmation seed (the test is played on fresh deals)"
        } else if reference_of(&outcome.included, spec.baseline.is_some()).is_none() {
            "the search names no reference (an `include`d point or a baseline) to test the pick \
             against"
        } else {
            "the pick is its own reference"
        };
        return format!("No yes/no question is answered: {why}.");
    };
    let alpha = outcome.search.settings.budget.alpha;
    let against = reference_name(a.reference);
    let numbers = match a.test {
        Some(t) => format!(
            "gain in `{o}`'s loss {:.4} per deal, one-sided {:.0}% lower bound {:.4}, over {} \
             fresh deals; the gain these deals resolve with 80% power: {:.4} (margin {})",
            t.estimate,
            100.0 * (1.0 - alpha),
            t.low,
            t.deals,
            t.resolvable,
            o.margin
        ),
        None => format!("no gain computed (margin {})", o.margin),
    };
    let (said, power) = match a.answer {
        Answer::Yes => ("the pick is shown better than", ""),
        // Not a claim that no gain exists: the gain of the margin would
        // have been shown with at least 80% power, and it was not.
        Answer::No => (
            "the pick was not shown better than",
            ", where a gain of the margin would have been shown with at least 80% power",
        ),
        Answer::Inconclusive => ("the games cannot tell whether the pick is better than", ""),
    };
    let mut line = format!(
        "**{}**: {said} {against} on the confirmation's fresh deals{power} ({numbers}).",
        a.answer.word()
    );
    if let Some(why) = a.why {
        line += &format!(" Inconclusive whatever the numbers: {why}.");
    }
    line
}

#[cfg(test)]
mod tests {
    use super::*;
    use beachcomber::search::{Budget, Goal, Point, Spending};

    fn interval(low: f64, high: f64) -> Interval {
        Interval {
            estimate: (low + high) / 2.0,
            low,
            high,
        }
    }

    #[test]
    fn the_gain_s_sign_follows_the_aim_and_refuses_a_target_between_the_two() {
        let near = Objective::parse("mean_turns near 45", 1.0).unwrap();
        let min = Objective::parse("mean_turns min", 1.0).unwrap();
        let max = Objective::parse("mean_turns max", 1.0).unwrap();
        let (above, above2) = (interval(50.0, 60.0), interval(46.0, 70.0));
        let below = interval(30.0, 40.0);
        assert_eq!(gain_sign(&min, below, above), Some(-1.0));
        assert_eq!(gain_sign(&max, below, above), Some(1.0));
        assert_eq!(gain_sign(&near, above, above2), Some(-1.0));
        assert_eq!(gain_sign(&near, below, interval(20.0, 44.0)), Some(1.0));
        assert_eq!(gain_sign(&near, below, above), None);
        assert_eq!(gain_sign(&near, interval(40.0, 50.0), above), None);
    }

    #[test]
    fn the_deals_needed_come_from_the_race_s_paired_spread_capped_by_the_budget() {
        let goal = Goal::new(
            vec![Objective::parse("mean_turns min", 1.0).unwrap()],
            Vec::new(),
            2,
            None,
        )
        .unwrap();
        let mut race = Race::new(
            goal,
            Budget {
                alpha: 0.05,
                candidates: 2,
                rounds: 1,
                spending: Spending::Union,
            },
        );
        race.add(Point(vec![0]), 0);
        race.add(Point(vec![1]), 0);
        // Candidate 1 less candidate 0: 0, -2, 0, -2 (sd sqrt(4/3)); the
        // pick is 1 (mean 10 against 11).
        race.record_round(&[
            (0, vec![vec![10.0], vec![12.0], vec![10.0], vec![12.0]]),
            (1, vec![vec![10.0]; 4]),
        ]);
        assert_eq!(race.pick(), Some(1));
        // ceil(((1.6449 + 0.8416) * 1.1547 / 1)^2) = ceil(8.244) = 9.
        let reference = Some(Reference::Included(0));
        assert_eq!(deals_needed(&race, reference, 0.05, 1000), 9);
        assert_eq!(deals_needed(&race, reference, 0.05, 5), 5);
        // The pick as its own reference, or no reference: no question.
        assert_eq!(
            deals_needed(&race, Some(Reference::Included(1)), 0.05, 1000),
            0
        );
        assert_eq!(deals_needed(&race, None, 0.05, 1000), 0);
        // The gains of the pick: 0, 2, 0, 2 (the reference less the pick).
        let m = race.pair_moments(1, 0, 0).unwrap();
        let g = gains(m, -1.0);
        assert_eq!((g.deals, g.sum, g.sum_sq), (4, 4.0, 8.0));
    }

    #[test]
    fn an_unresolvable_question_is_inconclusive_even_when_its_bound_is_above_zero() {
        let m = Moments {
            deals: 4,
            sum: 4.0,
            sum_sq: 4.0,
            nonzero: 4,
        };
        let yes = YesNo::judge(&m, 0.05, 1.0);
        assert_eq!(yes.answer, Answer::Yes);
        assert_eq!(word(Some(yes), false), (Answer::Yes, None));
        let (answer, why) = word(Some(yes), true);
        assert_eq!(answer, Answer::Inconclusive);
        assert!(why.unwrap().contains("allow_unresolvable"));
        assert_eq!(word(None, false).0, Answer::Inconclusive);
    }
}
