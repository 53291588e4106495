//! Operating characteristics of the SPRT by simulation, for
//! docs/statistics.md and the README (a measurement, not a test; about a
//! minute):
//!
//! ```sh
//! cargo run --release -p beachcomber --features measure --example sprt_operating_characteristics
//! ```
//!
//! Deal pairs are drawn from a pentanomial distribution (the even one
//! `base`, exponentially tilted to the true Elo's expected score); the test
//! is checked after every pair, with the generalized LLR and with its
//! approximation.

use beachcomber::rng::{below, derive, rng_from_seed};
use beachcomber::stats::sprt::{ScoreCounts, Sprt, expected_score};

fn main() {
    let x = [0.0, 0.25, 0.5, 0.75, 1.0];
    let tilted = |base: &[f64; 5], elo: f64| -> [f64; 5] {
        let target = expected_score(elo);
        let dist = |l: f64| {
            let w: Vec<f64> = (0..5).map(|k| base[k] * (l * x[k]).exp()).collect();
            let z: f64 = w.iter().sum();
            let mut q = [0.0; 5];
            for k in 0..5 {
                q[k] = w[k] / z;
            }
            q
        };
        let (mut lo, mut hi) = (-50.0, 50.0);
        for _ in 0..200 {
            let mid = 0.5 * (lo + hi);
            let mean: f64 = (0..5).map(|k| dist(mid)[k] * x[k]).sum();
            if mean < target { lo = mid } else { hi = mid }
        }
        dist(0.5 * (lo + hi))
    };
    let s = Sprt::new(0.0, 10.0, 0.05, 0.05).expect("valid bounds");
    let runs = 1000u64;
    for (name, base) in [
        ("chess-like", [0.05, 0.2, 0.5, 0.2, 0.05]),
        (
            "seat-biased (most pairs split)",
            [0.02, 0.03, 0.9, 0.03, 0.02],
        ),
        ("streaky (few splits)", [0.3, 0.1, 0.2, 0.1, 0.3]),
    ] {
        for true_elo in [0.0, 10.0] {
            let q = tilted(&base, true_elo);
            let mut h1 = [0u64; 2];
            let mut pairs = [0u64; 2];
            for run in 0..runs {
                for (which, exact) in [(0, true), (1, false)] {
                    let mut rng = rng_from_seed(derive(7, run));
                    let mut counts = ScoreCounts::pentanomial();
                    let (lower, upper) = s.bounds();
                    for n in 1..=200_000u64 {
                        let u = below(&mut rng, 1 << 30) as f64 / (1u64 << 30) as f64;
                        let mut acc = 0.0;
                        let mut level = 4;
                        for (k, &qk) in q.iter().enumerate() {
                            acc += qk;
                            if u < acc {
                                level = k;
                                break;
                            }
                        }
                        counts.add(level);
                        let llr = if exact {
                            s.llr(&counts)
                        } else {
                            s.llr_approx(&counts)
                        };
                        if llr >= upper || llr <= lower {
                            if llr >= upper {
                                h1[which] += 1;
                            }
                            pairs[which] += n;
                            break;
                        }
                    }
                }
            }
            println!(
                "{name}, true Elo {true_elo}: H1 accepted {:.1}% (generalized) / {:.1}% (approximation); mean pairs {} / {}",
                100.0 * h1[0] as f64 / runs as f64,
                100.0 * h1[1] as f64 / runs as f64,
                pairs[0] / runs,
                pairs[1] / runs
            );
        }
    }
}
