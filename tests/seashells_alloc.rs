//! Seashells is allocation-free: setup, move generation, play, random
//! playouts, determinization, scoring and evaluation, with and without the
//! balancing levers (a counting global allocator proves it).

use beachcomber::game::{Evaluate, Game, MAX_SEATS, random_playout};
use beachcomber::games::seashells::{Mode, Scoring, Seashells};
use beachcomber::rng::rng_from_seed;
use beachcomber::testing::alloc::count_allocations;

#[test]
fn no_heap_allocation_in_the_hot_paths() {
    let mut games_played = 0u32;
    for players in 2..=5 {
        for mode in [Mode::Board, Mode::Stroll] {
            for scoring in [Scoring::Simple, Scoring::Advanced] {
                // Half the configurations with both levers set (later seats
                // get coins and start bottles).
                let mut g = Seashells::new(players, mode, scoring).unwrap();
                if scoring == Scoring::Advanced {
                    let mut coins = [0u64; MAX_SEATS];
                    let mut bottles = [0u64; MAX_SEATS];
                    for p in 1..players {
                        coins[p] = 2 * p as u64;
                        bottles[p] = 1;
                    }
                    g = g.with_compensation(coins).unwrap();
                    g = g.with_start_bottles(bottles).unwrap();
                }
                let mut rng = rng_from_seed(players as u64 * 10 + mode as u64);
                let (checksum, allocations) = count_allocations(|| {
                    let mut checksum = 0i64;
                    for _ in 0..250 {
                        // Setup included.
                        let mut s = g.new_game(&mut rng);
                        while let Some(seat) = g.to_move(&s) {
                            let legal = g.legal_actions(&s);
                            checksum += legal.len() as i64;
                            let world = g.determinize(&s, seat, &mut rng);
                            checksum += g.evaluate(&world, seat) as i64;
                            let a = if legal.len() % 2 == 0 {
                                g.random_action(&s, &mut rng)
                            } else {
                                legal[0]
                            };
                            g.play_unchecked(&mut s, a);
                        }
                        let o = g.outcome(&s);
                        checksum +=
                            o.scores.iter().sum::<i32>() as i64 + g.final_margin(&s, 0) as i64;
                        let mut t = g.new_game(&mut rng);
                        checksum += random_playout(&g, &mut t, &mut rng) as i64;
                        games_played += 2;
                    }
                    checksum
                });
                assert!(checksum > 0);
                assert_eq!(allocations, 0, "{players} players {mode:?} {scoring:?}");
            }
        }
    }
    assert_eq!(games_played, 4 * 2 * 2 * 500);
    // The counter works: a Vec allocates.
    let (_, allocations) = count_allocations(|| std::hint::black_box(vec![1u8; 10]));
    assert_eq!(allocations, 1);
}
