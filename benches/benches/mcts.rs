//! criterion benchmarks of the MCTS bots: iterations per second per thread
//! for each game, from the opening position (one search of `ITERATIONS`
//! iterations per measured call; the throughput criterion prints is
//! iterations per second).
//!
//! Run: `cargo bench -p beachcomber-benches --bench mcts`.

use std::hint::black_box;

use beachcomber::game::Evaluate;
use beachcomber::games::{seashells::Seashells, seaside::Seaside, shell_dash::ShellDash};
use beachcomber::rng::rng_from_seed;
use beachcomber::spec::Spec;
use beachcomber::testing::toy::Pebbles;
use beachcomber_bots::{MctsBot, Mode, SearchParams};
use criterion::{Criterion, Throughput, criterion_group, criterion_main};

/// Iterations per measured search.
const ITERATIONS: u32 = 20_000;

fn bench_game<G: Evaluate>(c: &mut Criterion, label: &str, game: &G, modes: &[Mode]) {
    let mut group = c.benchmark_group(format!("mcts/{label}"));
    group.throughput(Throughput::Elements(ITERATIONS as u64));
    group.sample_size(20);
    let opening = game.new_game(&mut rng_from_seed(1));
    for &mode in modes {
        let params = SearchParams {
            iterations: ITERATIONS,
            ..SearchParams::default()
        };
        let mut bot = MctsBot::<G>::new(mode, params);
        let mut seed = 0u64;
        group.bench_function(mode.to_string(), |b| {
            b.iter(|| {
                seed += 1;
                let action = bot.search(game, &opening, &mut rng_from_seed(seed));
                // Every iteration went through one root action.
                let total: u64 = bot.root_stats().iter().map(|s| s.visits).sum();
                assert_eq!(total, ITERATIONS as u64);
                black_box(action)
            })
        });
    }
    group.finish();
}

const ALL: [Mode; 3] = [Mode::Ismcts, Mode::Pimc { worlds: 20 }, Mode::Oracle];

fn spec(text: &str) -> Spec {
    text.parse().expect("a valid spec")
}

fn benches(c: &mut Criterion) {
    // The target case first: ismcts, 2-player Seashells, random rollouts.
    let seashells = Seashells::from_spec(&spec("seashells"), 2).unwrap();
    bench_game(c, "seashells-2p", &seashells, &ALL);
    let seashells = Seashells::from_spec(&spec("seashells"), 4).unwrap();
    bench_game(c, "seashells-4p", &seashells, &[Mode::Ismcts]);
    let stroll = Seashells::from_spec(&spec("seashells(mode=stroll)"), 2).unwrap();
    bench_game(c, "seashells-stroll-2p", &stroll, &[Mode::Ismcts]);
    // `removed` fixed so every measured search starts from the same bag size.
    let seaside = Seaside::from_spec(&spec("seaside(removed=35)"), 2).unwrap();
    bench_game(c, "seaside-2p", &seaside, &ALL);
    let seaside = Seaside::from_spec(&spec("seaside"), 4).unwrap();
    bench_game(c, "seaside-4p", &seaside, &[Mode::Ismcts]);
    let solo = Seaside::from_spec(&spec("seaside"), 1).unwrap();
    bench_game(c, "seaside-solo", &solo, &[Mode::Ismcts]);
    let dash = ShellDash::from_spec(&spec("shell-dash"), 2).unwrap();
    bench_game(c, "shell-dash-2p", &dash, &ALL);
    let dash = ShellDash::from_spec(&spec("shell-dash"), 1).unwrap();
    bench_game(c, "shell-dash-solo", &dash, &[Mode::Ismcts]);
    bench_game(c, "pebbles-2p", &Pebbles { players: 2 }, &ALL);
}

criterion_group!(mcts, benches);
criterion_main!(mcts);
