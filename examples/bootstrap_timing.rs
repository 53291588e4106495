//! Timing of the rating fit's bootstrap, for the README and
//! docs/statistics.md (a measurement, not a test):
//!
//! ```sh
//! cargo run --release -p beachcomber --features measure --example bootstrap_timing
//! ```
//!
//! Synthetic leagues of known strengths (`beachcomber::testing::league`),
//! rated with 1000 resamples: the time, whether the fit converged, the worst
//! error, how many 95% intervals cover the truth and their mean width.

use beachcomber::stats::bradley_terry::{FitConfig, rate};
use beachcomber::testing::league::synthetic_league;

fn main() {
    for (bots, deals, players) in [(8, 2000, 2), (16, 1000, 2), (4, 2000, 4)] {
        let (data, truth) = synthetic_league(bots, deals, players, 1);
        let start = std::time::Instant::now();
        let (ratings, converged) =
            rate(bots, &data, &FitConfig::default(), 1000, 42).expect("a valid league");
        let elapsed = start.elapsed();
        let worst = ratings
            .iter()
            .zip(&truth)
            .map(|(r, t)| (r.rating - t).abs())
            .fold(0.0, f64::max);
        let covered = ratings
            .iter()
            .zip(&truth)
            .filter(|(r, t)| r.low95 <= **t && **t <= r.high95)
            .count();
        let width = ratings.iter().map(|r| r.high95 - r.low95).sum::<f64>() / (bots - 1) as f64;
        println!(
            "{bots} bots, {deals} deals of {players}-player games, 1000 resamples: \
             {elapsed:.2?}; converged {converged}; worst error {worst:.1} Elo; \
             {covered}/{bots} intervals cover the truth; mean width {width:.1} Elo"
        );
    }
}
