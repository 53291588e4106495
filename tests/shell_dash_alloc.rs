//! Shell Dash's hot paths make no heap allocation: new game, move
//! generation, play (reshuffles included), random playouts, determinization,
//! observation and evaluation, with and without the balancing levers.

use beachcomber::game::{Evaluate, Game, random_playout};
use beachcomber::games::shell_dash::ShellDash;
use beachcomber::rng::{deal_seed, rng_from_seed};
use beachcomber::spec::Spec;
use beachcomber::testing::alloc::count_allocations;

#[test]
fn hot_paths_do_not_allocate() {
    // The counter works: a Vec allocates.
    let (_, n) = count_allocations(|| vec![1u8; 10]);
    assert_eq!(n, 1);
    for (spec, players) in [
        ("shell-dash", 2),
        ("shell-dash", 1),
        ("shell-dash(deck=Sand:5,Shell:3,Sun:4)", 2),
        ("shell-dash(deal=coupled)", 2),
        // The balancing levers (variants): Shells and Flip-Flops held from
        // the start, the Flip-Flops reshuffled into the deck once spent.
        ("shell-dash(compensation=1:1,start_flipflops=0:1,1:2)", 2),
        (
            "shell-dash(deal=coupled,compensation=1:2,start_flipflops=1:1)",
            2,
        ),
    ] {
        let g = ShellDash::from_spec(&spec.parse::<Spec>().unwrap(), players).unwrap();
        let ((plies, reshuffles, worlds), allocations) = count_allocations(|| {
            let (mut plies, mut reshuffles, mut worlds) = (0u64, 0u64, 0u64);
            for index in 0..300 {
                let mut rng = rng_from_seed(deal_seed(4, index));
                let mut s = g.new_game(&mut rng);
                while let Some(seat) = g.to_move(&s) {
                    let legal = g.legal_actions(&s);
                    let a = legal[(plies % legal.len() as u64) as usize];
                    let w = g.determinize(&s, seat, &mut rng);
                    worlds += (g.observation(&w, seat) == g.observation(&s, seat)) as u64;
                    std::hint::black_box(g.evaluate(&s, seat));
                    let mut copy = w;
                    random_playout(&g, &mut copy, &mut rng);
                    std::hint::black_box(g.final_margin(&copy, seat));
                    g.play_unchecked(&mut s, a);
                    plies += 1;
                }
                reshuffles += s.reshuffles as u64;
            }
            (plies, reshuffles, worlds)
        });
        assert_eq!(
            allocations, 0,
            "{spec}: {allocations} allocations in {plies} plies"
        );
        assert_eq!(worlds, plies);
        assert!(plies > 3000, "{spec}: {plies}");
        assert!(reshuffles > 0, "{spec}: no reshuffle exercised");
    }
}
