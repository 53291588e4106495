//! The `max-t` race on synthetic data with known means: on null data
//! (every candidate equal) its rate of runs with a false elimination lies
//! between a quarter of alpha and alpha, at two alphas and at K = 8 and
//! K = 48 (the union bound's lies far below); on a space with truly worse
//! candidates it eliminates at least as many of them as the union bound at
//! the same games. Seeded: the counts are exact.

use super::tests::{Noise, goal, simulate, wrong_exits};
use super::*;

/// Runs of each null test and their rounds' deals (doubling).
fn null_runs(k: usize, alpha: f64, spending: Spending, seeds: u64, deals: &[usize]) -> u64 {
    let budget = Budget {
        alpha,
        candidates: k,
        rounds: deals.len(),
        spending,
    };
    let truth = vec![vec![0.0]; k];
    let noise = Noise {
        shared: &[1.0],
        own: &[1.0],
    };
    (0..seeds)
        .filter(|&seed| {
            let g = goal(&["mean_turns min"], 0.01, &[], 2);
            let race = simulate(g, budget, &truth, &noise, deals, 7_000 + seed, |_, _| {});
            !wrong_exits(&race, &truth).is_empty()
        })
        .count() as u64
}

fn check_band(k: usize, alpha: f64, seeds: u64, deals: &[usize], expected: (u64, u64)) {
    let max_t = null_runs(k, alpha, Spending::MaxT, seeds, deals);
    let union = null_runs(k, alpha, Spending::Union, seeds, deals);
    eprintln!(
        "null, K = {k}, alpha = {alpha}: runs with a false elimination: max-t {max_t}, \
         union {union} of {seeds}"
    );
    let rate = max_t as f64 / seeds as f64;
    if std::env::var("SPENDING_PRINT").is_ok() {
        return;
    }
    assert!(
        rate <= alpha && rate >= alpha / 4.0,
        "max-t's false-elimination rate {rate} outside [alpha/4, alpha] = [{}, {alpha}]",
        alpha / 4.0
    );
    assert!(union <= max_t, "union {union}, max-t {max_t}");
    assert_eq!((max_t, union), expected);
}

#[test]
fn on_null_data_max_t_errs_between_a_quarter_of_alpha_and_alpha_at_k_8() {
    let deals = [500, 1000, 2000, 4000];
    check_band(8, 0.05, 400, &deals, (0, 0));
    check_band(8, 0.2, 400, &deals, (0, 0));
}

#[test]
fn on_null_data_max_t_errs_between_a_quarter_of_alpha_and_alpha_at_k_48() {
    let deals = [500, 1000, 2000, 4000];
    check_band(48, 0.1, 100, &deals, (0, 0));
    check_band(48, 0.3, 100, &deals, (0, 0));
}
