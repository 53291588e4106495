//! The search's answer to its rule's yes/no question (docs/search.md,
//! "The answer: yes, no or inconclusive"), end to end on Seaside, whose
//! length at two players is exactly 70 − removed turns: every per-deal
//! gain is exact, so each word is known before the games.

use crate::common::*;

/// summary.md of a Seaside search at two players with `extra` arguments.
fn summary_of(extra: &str) -> String {
    let dir = temp_dir();
    let out = dir.path().join("s");
    let o = run_line(&format!(
        "search --game seaside --players 2 --seed 9 --confirm-seed 10 \
         --race union --quiet {extra} --out {}",
        s(&out)
    ));
    assert!(o.status.success(), "{}", stderr(&o));
    std::fs::read_to_string(out.join("summary.md")).unwrap()
}

/// The answer section's first line, and the opening's answer bullet.
fn answer_lines(summary: &str) -> (String, String) {
    let section = summary
        .split("## The answer\n\n")
        .nth(1)
        .unwrap_or_else(|| panic!("{summary}"));
    let first = section.lines().next().unwrap().to_string();
    let bullet = summary
        .lines()
        .find(|l| l.starts_with("- Answer: "))
        .unwrap_or_else(|| panic!("{summary}"))
        .to_string();
    (first, bullet)
}

/// The answer lines of the summary of a search with `extra` arguments.
fn answer_with(extra: &str) -> (String, String) {
    answer_lines(&summary_of(extra))
}

#[test]
fn a_pick_shorter_than_its_included_reference_on_every_deal_is_a_yes() {
    // The pick removed=50 (20 turns) against the included removed=0 (70
    // turns): a gain of exactly 50 turns on every fresh deal.
    let summary = summary_of(
        "--vary removed=0,30,50 --objective 'mean_turns min margin 1' --include removed=0 --first-deals 4",
    );
    let (first, bullet) = answer_lines(&summary);
    assert_eq!(
        first,
        "**yes**: the pick is shown better than the included candidate 0, removed=0 on the \
         confirmation's fresh deals (gain in `mean_turns min`'s loss 50.0000 per deal, one-sided \
         95% lower bound 50.0000, over 4 fresh deals; the gain these deals resolve with 80% \
         power: 0.0000 (margin 1))."
    );
    assert_eq!(bullet, format!("- Answer: {first}"));
    // The opening states the word first.
    assert!(
        summary.starts_with(&format!(
            "# Search: seaside at 2 players\n\n## In short\n\n{bullet}\n"
        )),
        "{summary}"
    );
}

#[test]
fn a_pick_shorter_than_the_baseline_under_max_with_a_resolved_margin_is_a_no() {
    // Longest wins: the pick removed=20 (50 turns) is 10 turns shorter
    // than the baseline removed=10 (60 turns) on every deal, a loss; the
    // exact spread (0) resolves any margin, so the answer is no, not
    // inconclusive.
    let (first, _) = answer_with(
        "--vary removed=20,30 --objective 'mean_turns max margin 5' --baseline removed=10 \
         --first-deals 4",
    );
    assert_eq!(
        first,
        "**no**: the pick was not shown better than the baseline `removed=10,players=2` on the \
         confirmation's fresh deals, where a gain of the margin would have been shown with at \
         least 80% power (gain in `mean_turns max`'s loss -10.0000 per deal, \
         one-sided 95% lower bound -10.0000, over 4 fresh deals; the gain these deals resolve \
         with 80% power: 0.0000 (margin 5))."
    );
}

#[test]
fn a_pick_and_reference_on_opposite_sides_of_the_target_is_inconclusive() {
    // Near 45: the pick removed=30 (40 turns) lies below, the included
    // removed=0 (70 turns) above; the distance is not linear in the
    // paired difference, so the test is not made.
    let (first, _) = answer_with(
        "--vary removed=0,30 --objective 'mean_turns near 45 margin 1' --include removed=0 --first-deals 4",
    );
    assert_eq!(
        first,
        "**inconclusive**: the games cannot tell whether the pick is better than the included \
         candidate 0, removed=0 on the confirmation's fresh deals (no gain computed (margin 1)). \
         Inconclusive whatever the numbers: the two intervals do not lie on one side of the \
         target, so the gain in distance is not linear in the paired difference."
    );
}

#[test]
fn a_search_without_a_reference_asks_no_yes_no_question() {
    let (first, _) =
        answer_with("--vary removed=0,30 --objective 'mean_turns min margin 1' --first-deals 4");
    assert_eq!(
        first,
        "No yes/no question is answered: the search names no reference (an `include`d point or \
         a baseline) to test the pick against."
    );
}

#[test]
fn too_few_fresh_deals_under_allow_unresolvable_is_inconclusive_never_no() {
    // The seat ratio at a margin of 0.01 needs about 247303 fresh deals;
    // 400 games pay for 50. The pick's bound is below 0, but the deals
    // resolve only a gain of 0.4133: inconclusive, not no.
    let (first, bullet) = answer_with(
        "--vary removed=0,30 --objective 'seat_ratio:0 max margin 0.01' --include removed=0 \
         --first-deals 4 --max-games 400 --allow-unresolvable",
    );
    assert_eq!(
        first,
        "**inconclusive**: the games cannot tell whether the pick is better than the included \
         candidate 0, removed=0 on the confirmation's fresh deals (gain in `seat_ratio:0 max`'s \
         loss 0.0800 per deal, one-sided 95% lower bound -0.1934, over 50 fresh deals; the gain \
         these deals resolve with 80% power: 0.4133 (margin 0.01)). Inconclusive whatever the \
         numbers: the plan said the question is not resolvable at this budget \
         (`allow_unresolvable`)."
    );
    assert_eq!(bullet, format!("- Answer: {first}"));
}

#[test]
fn the_confirmation_plays_the_deals_the_yes_no_test_needs_not_the_race_s() {
    // One round of 8 deals: the confirmation used to play 8 again; now
    // the race's paired spread of the pick against removed=30 at the
    // margin 0.2 asks for 254 (within the 4000 games' budget), and those
    // resolve a gain of 0.1696 <= 0.2: a no, not an inconclusive.
    let summary = summary_of(
        "--vary removed=0,30,50 --objective 'seat_ratio:0 max margin 0.2' --include removed=30 \
         --first-deals 8 --max-rounds 1 --confirm-games 4000",
    );
    assert!(
        summary.contains(
            "- Confirmation on seed 10 with `random` (254 deals each, confirm.csv): the 3 best \
             survivors.\n"
        ),
        "{summary}"
    );
    let (first, _) = answer_lines(&summary);
    assert_eq!(
        first,
        "**no**: the pick was not shown better than the included candidate 1, removed=30 on the \
         confirmation's fresh deals, where a gain of the margin would have been shown with at \
         least 80% power (gain in `seat_ratio:0 max`'s loss -0.0118 per deal, \
         one-sided 95% lower bound -0.1240, over 254 fresh deals; the gain these deals resolve \
         with 80% power: 0.1696 (margin 0.2))."
    );
}
