//! Synthetic leagues of known strengths, for the rating fit's tests and
//! the bootstrap timing example (`examples/bootstrap_timing.rs`).

use crate::rng::{below, rng_from_seed};
use crate::stats::bradley_terry::PairResult;
use crate::stats::pairwise::pairwise_from_ranks;

/// A synthetic league from known strengths `2^(i/2)` (60.2 Elo apart):
/// on each deal every two bots meet in `players`-seat games, one seat
/// for the first and the others for copies of the second, once per
/// seat rotation; finishing orders are Plackett-Luce draws (a Gumbel
/// race), whose pairwise marginals are Bradley-Terry. Returns the deals
/// (decomposed pairwise) and the true ratings.
pub fn synthetic_league(
    bots: usize,
    deals: usize,
    players: usize,
    seed: u64,
) -> (Vec<Vec<PairResult>>, Vec<f64>) {
    let mut rng = rng_from_seed(seed);
    let log_strength = |i: usize| i as f64 / 2.0 * 2f64.ln();
    let mut out = Vec::with_capacity(deals);
    for _ in 0..deals {
        let mut deal = Vec::new();
        for a in 0..bots {
            for b in a + 1..bots {
                for rotation in 0..players {
                    let seats: Vec<usize> = (0..players)
                        .map(|s| if s == rotation { a } else { b })
                        .collect();
                    let keys: Vec<f64> = seats
                        .iter()
                        .map(|&bot| {
                            let u = (below(&mut rng, 1 << 24) as f64 + 0.5) / (1u64 << 24) as f64;
                            log_strength(bot) - (-u.ln()).ln()
                        })
                        .collect();
                    let ranks: Vec<u32> = keys
                        .iter()
                        .map(|k| 1 + keys.iter().filter(|&&o| o > *k).count() as u32)
                        .collect();
                    deal.extend(pairwise_from_ranks(&seats, &ranks).unwrap());
                }
            }
        }
        out.push(deal);
    }
    let truth = (0..bots).map(|i| i as f64 * 200.0 * 2f64.log10()).collect();
    (out, truth)
}
