use super::*;
use crate::search::{Goal, Objective};

fn goal() -> Goal {
    let o = Objective::parse_declared("seat_ratio:0 near 1 margin 0.02").unwrap();
    Goal::new(vec![o], vec![], 2, None).unwrap()
}

/// K = 2 candidates, R = 1 round at alpha 0.05, the union bound.
fn budget() -> Budget {
    Budget {
        alpha: 0.05,
        candidates: 2,
        rounds: 1,
        spending: crate::search::Spending::Union,
    }
}

#[test]
fn a_hand_built_budget_plans_exact_numbers() {
    // K = 2, R = 1, Q = 1 at alpha 0.05: the pair's two-sided error
    // 0.05 / 2 / 1 = 0.025, z = 2.241403; a 2-player seat ratio's paired
    // worst-case sd 2; 400 deals: se 0.1, smallest difference 0.224140;
    // deals for 80% power at 0.02: ((2.241403 + 0.841621) · 2 / 0.02)² =
    // 95050.37 -> 95051. The yes/no test, one-sided at 0.05 (z = 1.644854)
    // on 10,000 deals: 1.644854 · 2 / 100 = 0.032897; deals: 61825.57 ->
    // 61826.
    let budget = budget();
    let plan = SearchPlan::new(&goal(), &budget, 400, 10_000);
    assert_eq!(plan.lines.len(), 2);
    let race = &plan.lines[0];
    assert_eq!(race.sd, Some(2.0));
    assert!((race.resolvable.unwrap() - 0.224_140_272_760_494_6).abs() < 1e-9);
    assert_eq!(race.deals_needed, Some(95_051));
    let yes_no = plan.yes_no().unwrap();
    assert!((yes_no.resolvable.unwrap() - 0.032_897_072_539_029_4).abs() < 1e-9);
    assert_eq!(yes_no.deals_needed, Some(61_826));
    assert!(plan.unresolvable());
    let warnings = plan.warnings();
    assert_eq!(warnings.len(), 2);
    assert_eq!(
        warnings[1],
        "yes/no: the pick against its reference on seat_ratio:0 near 1 (one-sided, fresh \
         deals): the margin 0.02 needs about 61826 deals for 80% power at the worst-case spread \
         (no data yet), 10000 planned resolve 0.0329"
    );
    // At the deals it needs, the question is resolvable.
    assert!(!SearchPlan::new(&goal(), &budget, 95_051, 61_826).unresolvable());
}

fn alternating(a: f64, b: f64, n: u64) -> Moments {
    let mut m = Moments::default();
    for i in 0..n {
        m.add(if i % 2 == 0 { a } else { b });
    }
    m
}

#[test]
fn yes_when_the_lower_bound_is_above_zero() {
    // Gains 0.1, 0.3 alternating on 100 deals: mean 0.2, se 0.01005.
    let t = YesNo::judge(&alternating(0.1, 0.3, 100), 0.05, 0.02);
    assert_eq!(t.answer, Answer::Yes);
    assert!((t.estimate - 0.2).abs() < 1e-12);
    assert!(t.low > 0.18 && t.low < 0.19, "{}", t.low);
}

#[test]
fn no_when_the_margin_was_resolvable_and_not_reached() {
    // Gains ±0.01 on 10,000 deals: mean 0, se 0.0001, resolvable 0.000249
    // <= 0.02.
    let t = YesNo::judge(&alternating(-0.01, 0.01, 10_000), 0.05, 0.02);
    assert_eq!(t.answer, Answer::No);
    assert!(t.resolvable < 0.0003);
}

#[test]
fn inconclusive_when_the_test_had_too_little_power() {
    // Gains ±1 on 10 deals: se sqrt(10/9)/sqrt(10) = 0.3333, resolvable
    // (1.644854 + 0.841621) · 0.3333 = 0.828825 > 0.02.
    let t = YesNo::judge(&alternating(-1.0, 1.0, 10), 0.05, 0.02);
    assert_eq!(t.answer, Answer::Inconclusive);
    assert!((t.resolvable - 0.828_824_953_508_128_6).abs() < 1e-9);
    assert_eq!(t.answer.word(), "inconclusive");
}

#[test]
fn the_fresh_deals_are_sized_by_the_race_sd_and_capped() {
    // sd 0.5 at margin 0.02: ((1.644854 + 0.841621) · 25)² = 3864.1 -> 3865.
    assert_eq!(YesNo::deals_for(0.5, 0.05, 0.02, 100_000), 3865);
    assert_eq!(YesNo::deals_for(0.5, 0.05, 0.02, 1000), 1000);
}

#[test]
fn a_plan_reads_back_from_json_exactly_even_at_no_deals() {
    let budget = budget();
    // No confirmation deals: the yes/no line shows nothing (infinite).
    let plan = SearchPlan::new(&goal(), &budget, 400, 0);
    assert_eq!(plan.yes_no().unwrap().resolvable, Some(f64::INFINITY));
    let text = serde_json::to_string(&plan).unwrap();
    assert!(text.contains(r#""resolvable":"inf""#), "{text}");
    assert!(
        text.contains(r#""resolvable":0.22414027264652867"#),
        "{text}"
    );
    let back: SearchPlan = serde_json::from_str(&text).unwrap();
    assert_eq!(back, plan);
    // An unknown spread reads back as unknown, and a stray text is refused.
    let unknown = text.replacen(r#""resolvable":"inf""#, r#""resolvable":null"#, 1);
    let back: SearchPlan = serde_json::from_str(&unknown).unwrap();
    assert_eq!(back.yes_no().unwrap().resolvable, None);
    let bad = text.replacen(r#""resolvable":"inf""#, r#""resolvable":"lots""#, 1);
    let err = serde_json::from_str::<SearchPlan>(&bad).unwrap_err();
    assert!(err.to_string().contains("`lots` is not a number"), "{err}");
}
