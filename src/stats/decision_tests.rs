use super::*;

#[test]
fn tests_are_named_and_read_back() {
    for t in Test::ALL {
        assert_eq!(Test::from_name(t.name()), Some(t));
    }
    assert_eq!(Test::from_name("noninferior"), None);
    assert_eq!(Test::default(), Test::Equivalent);
    assert_eq!(Test::NonInferior.to_string(), "non-inferior");
}

#[test]
fn one_data_set_inconclusive_by_tost_is_non_inferior() {
    // Improvement (higher is better) 0.03 with a 90% interval ±0.04:
    // [−0.01, 0.07] straddles +0.05 (TOST cannot call it equivalent) but its
    // bad-side bound −0.01 is within the margin: non-inferior.
    let (low, high) = (0.03 - 0.04, 0.03 + 0.04);
    let m = Some(0.05);
    assert_eq!(
        decide(Test::Equivalent, (low, high), Some((low, high)), m),
        Verdict::Inconclusive
    );
    assert_eq!(
        decide(Test::NonInferior, (low, high), Some((low, high)), m),
        Verdict::NonInferior
    );
    assert_eq!(
        decide(Test::Superior, (low, high), Some((low, high)), m),
        Verdict::Inconclusive
    );
}

#[test]
fn each_one_sided_verdict_on_constructed_intervals() {
    let m = Some(0.05);
    let d = |t: Test, i: (f64, f64)| decide(t, i, Some(i), m);
    assert_eq!(d(Test::NonInferior, (-0.049, 0.2)), Verdict::NonInferior);
    assert_eq!(d(Test::NonInferior, (-0.051, 0.2)), Verdict::Inconclusive);
    assert_eq!(d(Test::NonInferior, (-0.3, -0.05)), Verdict::Inferior);
    assert_eq!(d(Test::Superior, (0.05, 0.2)), Verdict::Better);
    assert_eq!(d(Test::Superior, (0.049, 0.2)), Verdict::Inconclusive);
    assert_eq!(d(Test::Superior, (-0.3, 0.049)), Verdict::NotBetter);
    // A lower-is-better difference is negated into an improvement.
    let improvement = crate::stats::equivalence::signed_improvement(
        0.02,
        0.1,
        crate::stats::equivalence::Direction::Lower,
    );
    assert_eq!(improvement, Some((-0.1, -0.02)));
    assert_eq!(
        decide(Test::NonInferior, (0.02, 0.1), improvement, m),
        Verdict::Inconclusive
    );
    // No margin, or no better side: no verdict.
    assert_eq!(
        decide(Test::NonInferior, (0.0, 0.1), Some((0.0, 0.1)), None),
        Verdict::None
    );
    assert_eq!(
        decide(Test::NonInferior, (0.0, 0.1), None, m),
        Verdict::None
    );
    // TOST beyond the margin with the improvement straddling 0: differs.
    assert_eq!(
        decide(Test::Equivalent, (-0.2, -0.06), Some((-0.01, 0.01)), m),
        Verdict::Differs
    );
}

#[test]
fn every_verdict_has_a_sentence() {
    let all = Verdict::ALL;
    let sentences: std::collections::HashSet<&str> = all.iter().map(|v| v.explanation()).collect();
    // Worse and Inferior say the same thing; every other differs.
    assert_eq!(sentences.len(), all.len() - 1);
    assert_eq!(
        Verdict::NonInferior.explanation(),
        "Not worse than the baseline in a way that matters: at worst it is worse by less than \
         the margin (one-sided, 95% confidence)."
    );
    for v in all {
        assert!(v.explanation().ends_with('.'), "{v}");
    }
}
