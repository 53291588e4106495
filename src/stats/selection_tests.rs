use super::*;

/// The two-sided `1 − tail` quantile, computed here from its definition's
/// table values (scipy.stats.norm.ppf).
const Z_0_9875: f64 = 2.241_402_727_604_947;
const Z_0_975: f64 = 1.959_963_984_540_054;

fn close(a: f64, b: f64) -> bool {
    (a - b).abs() < 1e-6
}

#[test]
fn a_max_of_mins_takes_the_bounds_through_the_same_max_and_min() {
    // max(min(a, b), min(c)) with a ∈ [1, 3], b ∈ [2, 5], c ∈ [0, 2.5].
    let got = max_of_mins(&[vec![(1.0, 3.0), (2.0, 5.0)], vec![(0.0, 2.5)]]);
    assert_eq!(got, (1.0, 3.0));
    // A group wins on the upper side and another on the lower.
    let got = max_of_mins(&[vec![(1.0, 2.0)], vec![(0.5, 4.0)]]);
    assert_eq!(got, (1.0, 4.0));
    let nothing: Vec<Vec<Bounds>> = vec![vec![]];
    assert_eq!(max_of_mins(&nothing), (f64::NEG_INFINITY, f64::INFINITY));
}

#[test]
fn away_from_1_the_distance_change_is_the_difference_at_bonferroni_over_two() {
    // Both above 1: |v−1| − |b−1| = v − b, interval v − b ± z(0.9875)·√(2·0.0001).
    let c = distance_change(1.2, 1.1, 0.0001, 0.0001, 0.0, 0.025);
    let h = Z_0_9875 * 0.0002f64.sqrt();
    assert!(close(c.estimate, 0.1), "{c:?}");
    assert!(close(c.low, 0.1 - h) && close(c.high, 0.1 + h), "{c:?}");
    // Both below 1: the distance grows as the ratio falls.
    let c = distance_change(0.8, 0.9, 0.0001, 0.0001, 0.0, 0.025);
    assert!(close(c.estimate, 0.1), "{c:?}");
    assert!(close(c.low, 0.1 - h) && close(c.high, 0.1 + h), "{c:?}");
    // A positive covariance (paired deals) narrows u₁ = v − b.
    let c = distance_change(1.2, 1.1, 0.0001, 0.0001, 0.00005, 0.025);
    let h = Z_0_9875 * 0.0001f64.sqrt();
    assert!(close(c.low, 0.1 - h) && close(c.high, 0.1 + h), "{c:?}");
}

#[test]
fn across_1_the_sign_of_the_point_estimates_does_not_decide() {
    // The seat ratio: 1.058 -> 0.938, distance 0.058 -> 0.062.
    // The ratio moved by −0.12 (far beyond a 0.05 margin), but the
    // distance changed by 0.004 with an interval on both sides of 0.
    let (v, b, var) = (0.938, 1.058, 0.02f64 * 0.02);
    let c = distance_change(v, b, var, var, 0.0, 0.05);
    assert!(close(c.estimate, 0.004), "{c:?}");
    assert!(c.low < 0.0 && c.high > 0.0, "{c:?}");
    // Direct: u₁ = −0.12, u₂ = −0.004, each ± z(0.975)·√(2·0.0004).
    let h = Z_0_975 * 0.0008f64.sqrt();
    let (u1, u2) = (v - b, v + b - 2.0);
    let low = (u1 - h).min(u2 - h).max((-u2 - h).min(-u1 - h));
    let high = (u1 + h).min(u2 + h).max((-u2 + h).min(-u1 + h));
    assert!(
        close(c.low, low) && close(c.high, high),
        "{c:?} {low} {high}"
    );
    // At fair on both sides the interval holds 0 and is at most as wide as
    // the distance can be: [−(h₁), h₂]-like, never the plug-in's bias.
    let c = distance_change(1.0, 1.0, var, var, 0.0, 0.05);
    assert_eq!(c.estimate, 0.0);
    assert!(close(c.low, -h) && close(c.high, h), "{c:?}");
}

/// Standard normal draws (Box-Muller) from a seeded generator.
fn normals(seed: u64, n: usize) -> Vec<f64> {
    use crate::rng::Rng;
    let mut rng = crate::rng::rng_from_seed(seed);
    let mut uniform = || -> f64 { ((rng.next_u64() >> 11) as f64 + 0.5) / (1u64 << 53) as f64 };
    (0..n)
        .map(|_| {
            let (a, b) = (uniform(), uniform());
            (-2.0 * a.ln()).sqrt() * (std::f64::consts::TAU * b).cos()
        })
        .collect()
}

#[test]
fn the_distance_interval_covers_where_the_ratios_cross_1() {
    // 4000 simulated pairs of estimates (se 0.02 each, correlation 0.5 as
    // paired deals give) at true ratios on and around 1: the 95% interval
    // holds the true change in distance at least 94% of the time (its
    // nominal 95% minus three simulation standard errors), also at the kink.
    let se = 0.02;
    let (rho, n) = (0.5, 4000);
    let z1 = normals(1, n);
    let z2 = normals(2, n);
    for (v, b) in [
        (1.0, 1.0),
        (1.01, 0.99),
        (1.0, 1.03),
        (0.95, 1.05),
        (1.2, 1.1),
    ] {
        let truth = (v - 1.0f64).abs() - (b - 1.0f64).abs();
        let mut covered = 0;
        for i in 0..n {
            let e1 = se * z1[i];
            let e2 = se * (rho * z1[i] + (1.0 - rho * rho).sqrt() * z2[i]);
            let c = distance_change(v + e1, b + e2, se * se, se * se, rho * se * se, 0.025);
            covered += usize::from(c.low <= truth && truth <= c.high);
        }
        let coverage = covered as f64 / n as f64;
        assert!(coverage >= 0.94, "v {v} b {b}: coverage {coverage}");
    }
}
