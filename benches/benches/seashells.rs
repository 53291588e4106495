//! criterion benchmarks for the Seashells engine: move generation and full
//! uniformly random games (setup + play + scoring).
//!
//! Run: `cargo bench -p beachcomber-benches --bench seashells`.

use std::hint::black_box;

use beachcomber::game::{Evaluate, Game, random_playout};
use beachcomber::games::seashells::{Mode, Scoring, Seashells, SeashellsState};
use beachcomber::rng::{GameRng, rng_from_seed};
use criterion::{Criterion, Throughput, criterion_group, criterion_main};

/// Positions from random games, 10 plies in (the Bucket's row and column
/// are still fairly full).
fn positions(g: &Seashells, count: usize) -> Vec<SeashellsState> {
    let mut rng = rng_from_seed(7);
    (0..count)
        .map(|_| {
            let mut s = g.new_game(&mut rng);
            for _ in 0..10 {
                let a = g.random_action(&s, &mut rng);
                g.play_unchecked(&mut s, a);
            }
            s
        })
        .collect()
}

/// One random game: setup, random playout, scoring. Returns the plies.
#[inline]
fn one_game(g: &Seashells, rng: &mut GameRng) -> u32 {
    let mut s = g.new_game(rng);
    let plies = random_playout(g, &mut s, rng);
    black_box(g.outcome(&s));
    plies
}

fn move_generation(c: &mut Criterion) {
    let mut group = c.benchmark_group("seashells/movegen");
    for mode in [Mode::Board, Mode::Stroll] {
        let g = Seashells::new(4, mode, Scoring::Simple).unwrap();
        let states = positions(&g, 1024);
        let total: usize = states.iter().map(|s| g.legal_actions(s).len()).sum();
        assert!(total > 1024 * 2, "{mode:?}: only {total} actions");
        group.throughput(Throughput::Elements(states.len() as u64));
        group.bench_function(format!("legal_actions/{}", mode.name()), |b| {
            b.iter(|| {
                let mut n = 0;
                for s in &states {
                    n += g.legal_actions(black_box(s)).len();
                }
                assert_eq!(n, total);
                n
            })
        });
        let mut rng = rng_from_seed(3);
        group.bench_function(format!("random_action/{}", mode.name()), |b| {
            b.iter(|| {
                let mut sum = 0u32;
                for s in &states {
                    let a = g.random_action(black_box(s), &mut rng);
                    sum += a.bottle() as u32;
                }
                sum
            })
        });
    }
    group.finish();
}

fn hidden_information(c: &mut Criterion) {
    let mut group = c.benchmark_group("seashells/view");
    let g = Seashells::new(4, Mode::Board, Scoring::Advanced).unwrap();
    let states = positions(&g, 1024);
    group.throughput(Throughput::Elements(states.len() as u64));
    group.bench_function("evaluate_4p", |b| {
        b.iter(|| {
            let mut sum = 0.0;
            for s in &states {
                sum += g.evaluate(black_box(s), 1);
            }
            sum
        })
    });
    let mut rng = rng_from_seed(5);
    group.bench_function("determinize_4p", |b| {
        b.iter(|| {
            let mut sum = 0u32;
            for s in &states {
                let w = g.determinize(black_box(s), 1, &mut rng);
                assert_eq!(w.shape_cards[1], s.shape_cards[1]);
                sum += w.shape_cards[0] as u32;
            }
            sum
        })
    });
    group.finish();
}

fn random_games(c: &mut Criterion) {
    let mut group = c.benchmark_group("seashells/game");
    group.throughput(Throughput::Elements(1));
    for (players, mode) in [
        (4, Mode::Board),
        (2, Mode::Board),
        (5, Mode::Board),
        (4, Mode::Stroll),
    ] {
        let g = Seashells::new(players, mode, Scoring::Simple).unwrap();
        // Random 4-player board games take 56.7 plies on average.
        let mut rng = rng_from_seed(11);
        let plies: u32 = (0..1000).map(|_| one_game(&g, &mut rng)).sum();
        assert!(
            plies > 1000 * 20,
            "{players}p {mode:?}: {plies} plies in 1000 games"
        );
        let mut rng = rng_from_seed(1);
        group.bench_function(format!("random_{players}p_{}", mode.name()), |b| {
            b.iter(|| one_game(&g, &mut rng))
        });
    }
    group.finish();
}

/// The random playout alone from fresh deals, through its two paths: the
/// portable byte tables and the one [`Game::random_playout`] takes on this
/// processor (BMI2 `pdep` where the processor has it). Same games.
fn playout_paths(c: &mut Criterion) {
    let mut group = c.benchmark_group("seashells/playout");
    group.throughput(Throughput::Elements(1));
    let g = Seashells::new(4, Mode::Board, Scoring::Simple).unwrap();
    let mut rng = rng_from_seed(3);
    let deals: Vec<SeashellsState> = (0..1024).map(|_| g.new_game(&mut rng)).collect();
    let mut i = 0;
    group.bench_function("4p_portable", |b| {
        b.iter(|| {
            let mut s = deals[i & 1023];
            i += 1;
            g.random_playout_portable(&mut s, &mut rng)
        })
    });
    group.bench_function("4p_this_processor", |b| {
        b.iter(|| {
            let mut s = deals[i & 1023];
            i += 1;
            g.random_playout(&mut s, &mut rng)
        })
    });
    group.finish();
}

criterion_group!(
    benches,
    move_generation,
    hidden_information,
    random_games,
    playout_paths
);
criterion_main!(benches);
