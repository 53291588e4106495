use super::*;
use crate::search::comparisons::baseline_line;
use beachcomber::search::{Budget, Goal, Objective, Point};

/// A race of seat 0's ratio near 1 (margin 0.02) at 2 players, with a
/// baseline at 2 players when `baseline`, and three candidates.
fn race(baseline: bool) -> Race {
    let goal = Goal::new(
        vec![Objective::parse("seat_ratio:0 near 1", 0.02).unwrap()],
        Vec::new(),
        2,
        baseline.then_some(2),
    )
    .unwrap();
    let budget = Budget {
        alpha: 0.05,
        candidates: 3,
        rounds: 1,
        spending: Spending::Union,
    };
    let mut race = Race::new(goal, budget);
    for c in 0..3u16 {
        race.add(Point(vec![c]), 0);
    }
    race
}

#[test]
fn an_unbounded_gap_is_said_in_words_not_printed_as_an_empty_number() {
    // Candidate 0 plays four deals, candidate 1 a single one (its
    // interval is unbounded), candidate 2 none: the pick's gap from
    // the others is infinite.
    let mut race = race(false);
    race.record_round(&[
        (0, vec![vec![1.0], vec![1.0], vec![0.8], vec![1.2]]),
        (1, vec![vec![2.0]]),
    ]);
    assert_eq!(race.pick(), Some(0));
    assert_eq!(race.pick_gap(), Some(f64::INFINITY));
    assert_eq!(
        gap_line(&race, 0, 0.05),
        "- No bound on how much worse its distance from the target is than the best \
         candidate's still in the race is shown (2 candidates still in played fewer than \
         two deals, so their intervals are unbounded): it is **not** shown within the \
         margin 0.02."
    );
}

#[test]
fn a_candidate_never_played_has_blank_cells_not_zeros() {
    let mut race = race(false);
    race.record_round(&[(0, vec![vec![1.0], vec![1.0]])]);
    assert_eq!(quantity_cells(&race, 2), vec![""; 3]);
    assert_eq!(
        quantity_cells(&race, 0)[0],
        "1.0000",
        "a candidate played keeps its estimate"
    );
}

#[test]
fn the_pick_against_the_baseline_is_paired_per_deal_over_the_shared_deals() {
    // The baseline's deals are recorded before the round's
    // candidates'; candidate 0 is 0.1 above it on every deal but
    // one, so the paired difference has a small spread while the
    // unpaired intervals are wide.
    let mut race = race(true);
    let baseline = vec![vec![0.5], vec![1.5], vec![0.9], vec![1.1], vec![1.0]];
    race.record_baseline(&baseline);
    let pick: Vec<Vec<f64>> = vec![vec![0.6], vec![1.6], vec![1.0], vec![1.2], vec![1.0]];
    race.record_round(&[(0, pick)]);
    let d = race.baseline_difference_interval(0, 0).unwrap();
    assert!((d.estimate - 0.08).abs() < 1e-12, "{d:?}");
    assert_eq!(race.baseline_shared_deals(0), 5);
    // The paired standard error: the differences 0.1 x4, 0 x1 have a
    // sample variance of 0.002, so sqrt(0.002 / 5) = 0.02; with the
    // bounded range's floor 2 * sqrt(p / 5) at the share p that
    // differs (its Wilson upper bound at the pairs' z).
    let (_, z) = race.quantiles();
    let (_, differ) = beachcomber::stats::wilson(4.0, 5.0, z);
    let se = (0.002f64 / 5.0).sqrt().max(2.0 * (differ / 5.0).sqrt());
    assert!((d.high - d.estimate - z * se).abs() < 1e-9, "{d:?}");
    let line = baseline_line(&race, 0);
    assert!(
        line.starts_with("over the 5 deals both played, 0.0800 ["),
        "{line}"
    );
    assert!(line.ends_with("; better by the margin: no"), "{line}");
}
