//! criterion benchmarks: Seaside random 4-player games and determinization.

use beachcomber::Game;
use beachcomber::game::random_playout;
use beachcomber::games::seaside::Seaside;
use beachcomber::rng::rng_from_seed;
use beachcomber::spec::Spec;
use criterion::{Criterion, criterion_group, criterion_main};
use std::hint::black_box;

fn game(players: usize) -> Seaside {
    let spec: Spec = "seaside".parse().unwrap();
    Seaside::from_spec(&spec, players).unwrap()
}

fn random_games(c: &mut Criterion) {
    let g = game(4);
    let mut rng = rng_from_seed(1);
    // Counts: a 4-player game draws all 70 tokens.
    let mut s = g.new_game(&mut rng);
    let plies = random_playout(&g, &mut s, &mut rng);
    assert!(plies >= 70, "{plies}");
    assert_eq!(s.drawn, 70);
    c.bench_function("seaside 4p random game", |b| {
        b.iter(|| {
            let mut s = g.new_game(&mut rng);
            black_box(random_playout(&g, &mut s, &mut rng))
        })
    });
}

fn determinization(c: &mut Criterion) {
    let g = game(4);
    let mut rng = rng_from_seed(2);
    // A mid-game position: play until half the tokens are drawn.
    let mut s = g.new_game(&mut rng);
    while s.drawn < 35 {
        let a = g.random_action(&s, &mut rng);
        g.play_unchecked(&mut s, a);
    }
    let seat = g.to_move(&s).unwrap();
    c.bench_function("seaside 4p determinize (35 drawn)", |b| {
        b.iter(|| black_box(g.determinize(black_box(&s), seat, &mut rng)))
    });
}

criterion_group!(benches, random_games, determinization);
criterion_main!(benches);
