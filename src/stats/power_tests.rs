use super::*;

#[test]
fn the_ismcts_check_could_never_resolve_its_margin() {
    // seaside-removals-searcher: 2,000 games at 2 players against the
    // 4-player baseline's 2,000, seat ratio margin 0.05; the binomial worst
    // case: per-game ratio sd 2/2 = 1 and 4/2 = 2, se = √(1/2000 + 4/2000)
    // = 0.05, half-width 1.6449 × 0.05 = 0.0822.
    let spread = Spread::Independent {
        combination: Cell::binomial_worst_case(2000, 2.0),
        baseline: Cell::binomial_worst_case(2000, 4.0),
    };
    assert!((spread.standard_error() - 0.05).abs() < 1e-12);
    let r = resolvable_difference(Test::Equivalent, spread, 1);
    assert!((r - 1.644_853_626_951_472 * 0.05).abs() < 1e-9, "{r}");
    let warning = margin_warning("seat_ratio", Test::NonInferior, 0.05, r, 2000).unwrap();
    assert_eq!(
        warning,
        "seat_ratio: the margin 0.05 is below the smallest difference 2000 games per cell can \
         resolve (0.082): only a setting measured better than the baseline by more than 0.032 \
         can be `non-inferior`; plan about 3 times the games, or a margin above 0.082"
    );
    // Even against a 2-player baseline of as many games: 1.6449 × √(2/2000).
    let spread = Spread::Independent {
        combination: Cell::binomial_worst_case(2000, 2.0),
        baseline: Cell::binomial_worst_case(2000, 2.0),
    };
    let r = resolvable_difference(Test::Equivalent, spread, 1);
    assert!((r - 0.052_015).abs() < 1e-5, "{r}");
    assert!(margin_warning("seat_ratio", Test::Equivalent, 0.05, r, 2000).is_some());
    // The greedy study's 20,000 games resolve it: 1.6449 × √(5/20000) = 0.026.
    let spread = Spread::Independent {
        combination: Cell::binomial_worst_case(20000, 2.0),
        baseline: Cell::binomial_worst_case(20000, 4.0),
    };
    let r = resolvable_difference(Test::Equivalent, spread, 1);
    assert!((r - 0.026_007).abs() < 1e-5, "{r}");
    assert_eq!(
        margin_warning("seat_ratio", Test::Equivalent, 0.05, r, 20000),
        None
    );
    // Superiority's margin is a bar to clear, not a width: no warning.
    assert_eq!(
        margin_warning("seat_ratio", Test::Superior, 0.01, 0.08, 2000),
        None
    );
}

#[test]
fn paired_plans_and_simultaneous_tests_and_power() {
    // 400 deals whose per-deal differences have sd 0.9: se 0.045.
    let spread = Spread::Paired {
        deals: 400,
        sd_of_differences: 0.9,
    };
    assert!((spread.standard_error() - 0.045).abs() < 1e-12);
    // Bonferroni over 4 seats: z(1 − 0.0125) = 2.2414.
    let r = resolvable_difference(Test::NonInferior, spread, 4);
    assert!((r - 2.241_402_727_604_947 * 0.045).abs() < 1e-9, "{r}");
    // 80% power at a true difference of 0: (1.6449 + 0.8416) se for
    // non-inferiority, (1.6449 + 1.2816) se for equivalence.
    let n = margin_for_power(Test::NonInferior, spread, 1, 0.8);
    assert!(
        (n - (1.644_853_627 + 0.841_621_234) * 0.045).abs() < 1e-8,
        "{n}"
    );
    let e = margin_for_power(Test::Equivalent, spread, 1, 0.8);
    assert!(
        (e - (1.644_853_627 + 1.281_551_566) * 0.045).abs() < 1e-8,
        "{e}"
    );
    // No games: nothing can be resolved.
    let none = Spread::Independent {
        combination: Cell::binomial_worst_case(0, 2.0),
        baseline: Cell::binomial_worst_case(10, 2.0),
    };
    assert_eq!(
        resolvable_difference(Test::Equivalent, none, 1),
        f64::INFINITY
    );
}
