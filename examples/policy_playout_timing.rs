//! Timing of Seaside's fused policy playout, for docs/performance.md (a
//! measurement, not a test):
//!
//! ```sh
//! cargo run --release -p beachcomber --features measure --example policy_playout_timing
//! ```
//!
//! From the same dealt states, the rollout policy played to the end by the
//! step loop (`game::play_to_end` with `rollout_action`, the MCTS bots'
//! loop before `Evaluate::policy_playout`), by Seaside's fused
//! `policy_playout`, and the fused random playout for comparison; the
//! three alternate, 7 rounds; printed: each one's median nanoseconds per
//! playout, the fused loop's speed-up over the step loop, and the
//! decisions a playout makes.

use std::hint::black_box;
use std::time::Instant;

use beachcomber::Game;
use beachcomber::game::{Evaluate, play_to_end};
use beachcomber::games::seaside::Seaside;
use beachcomber::games::seaside::tokens::TokenSet;
use beachcomber::rng::{self, rng_from_seed};

fn main() {
    const GAMES: u64 = 100_000;
    for players in [2, 4] {
        let game = Seaside::new(players, None, TokenSet::standard()).expect("a valid setting");
        let starts: Vec<_> = (0..GAMES)
            .map(|i| {
                let mut r = rng_from_seed(rng::deal_seed(3, i));
                (game.new_game(&mut r), r)
            })
            .collect();
        let run = |kind: usize| {
            let start = Instant::now();
            let mut plies = 0u64;
            for (s, r) in &starts {
                let (mut s, mut r) = (*s, r.clone());
                plies += u64::from(match kind {
                    0 => play_to_end(&game, &mut s, &mut r, Seaside::rollout_action),
                    1 => game.policy_playout(&mut s, &mut r),
                    _ => game.random_playout(&mut s, &mut r),
                });
                black_box(&s);
            }
            let ns = start.elapsed().as_nanos() as f64 / GAMES as f64;
            (ns, plies as f64 / GAMES as f64)
        };
        let mut times = [vec![], vec![], vec![]];
        let mut plies = [0.0; 3];
        for _ in 0..7 {
            for (kind, t) in times.iter_mut().enumerate() {
                let (ns, p) = run(kind);
                t.push(ns);
                plies[kind] = p;
            }
        }
        let median = |v: &mut Vec<f64>| {
            v.sort_by(f64::total_cmp);
            v[v.len() / 2]
        };
        let [step, fused, random] = times.each_mut().map(median);
        println!(
            "seaside {players}p: policy step loop {step:.0} ns, fused policy_playout {fused:.0} ns \
             ({:.2}x; {:.1} decisions), fused random playout {random:.0} ns ({:.1} decisions)",
            step / fused,
            plies[1],
            plies[2]
        );
    }
}
