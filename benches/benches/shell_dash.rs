//! criterion benchmarks for Shell Dash: a whole random game (setup shuffle,
//! every decision, reshuffles) for 2 players and solo, one determinization,
//! and a single decision's move generation + play.
//!
//! `cargo bench -p beachcomber-benches --bench shell_dash`

use std::hint::black_box;

use beachcomber::game::{Game, random_playout};
use beachcomber::games::shell_dash::ShellDash;
use beachcomber::rng::{deal_seed, rng_from_seed};
use beachcomber::spec::Spec;
use criterion::{Criterion, criterion_group, criterion_main};

fn game(players: usize) -> ShellDash {
    ShellDash::from_spec(&"shell-dash".parse::<Spec>().expect("spec"), players).expect("game")
}

fn game_empty(players: usize) -> ShellDash {
    let spec = "shell-dash(reshuffle=empty)".parse::<Spec>().expect("spec");
    ShellDash::from_spec(&spec, players).expect("game")
}

fn random_games(c: &mut Criterion) {
    for players in [2, 1] {
        let g = game(players);
        // Sanity: games end and take a plausible number of decisions.
        let mut rng = rng_from_seed(1);
        let mut plies = 0;
        for _ in 0..1000 {
            let mut s = g.new_game(&mut rng);
            plies += random_playout(&g, &mut s, &mut rng);
            assert!(g.to_move(&s).is_none());
        }
        assert!(
            (5_000..200_000).contains(&plies),
            "{plies} plies in 1000 games"
        );
        let mut rng = rng_from_seed(2);
        if players == 2 {
            c.bench_function("shell_dash/new_game", |b| {
                b.iter(|| black_box(g.new_game(&mut rng).chance_seed))
            });
        }
        c.bench_function(&format!("shell_dash/random_game_{players}p"), |b| {
            b.iter(|| {
                let mut s = g.new_game(&mut rng);
                black_box(random_playout(&g, &mut s, &mut rng))
            })
        });
        // The game without the voluntary reshuffle decision.
        let e = game_empty(players);
        c.bench_function(&format!("shell_dash/random_game_{players}p_empty"), |b| {
            b.iter(|| {
                let mut s = e.new_game(&mut rng);
                black_box(random_playout(&e, &mut s, &mut rng))
            })
        });
    }
}

fn determinize(c: &mut Criterion) {
    let g = game(2);
    let mut rng = rng_from_seed(deal_seed(3, 0));
    let mut s = g.new_game(&mut rng);
    for _ in 0..6 {
        let a = g.random_action(&s, &mut rng);
        g.play_unchecked(&mut s, a);
    }
    assert!(g.to_move(&s).is_some());
    c.bench_function("shell_dash/determinize", |b| {
        b.iter(|| black_box(g.determinize(&s, 0, &mut rng)))
    });
    c.bench_function("shell_dash/legal_actions_and_play", |b| {
        b.iter(|| {
            let legal = g.legal_actions(black_box(&s));
            let mut next = s;
            g.play_unchecked(&mut next, legal[0]);
            black_box(next.row)
        })
    });
}

criterion_group!(benches, random_games, determinize);
criterion_main!(benches);
