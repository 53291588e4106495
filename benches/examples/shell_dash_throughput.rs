//! Random Shell Dash games on several threads (plain, no criterion):
//! `cargo run --release -p beachcomber-benches --features measure --example shell_dash_throughput -- GAMES THREADS SPEC PLAYERS`
//! plays GAMES games of SPEC with PLAYERS players on each of THREADS threads
//! (defaults 1,000,000, 1, `shell-dash` and 2) and prints the wall-clock
//! throughput. Run it under `/usr/bin/time` to see
//! the CPU time as well on a busy machine.

use beachcomber::game::{Game, random_playout};
use beachcomber::games::shell_dash::ShellDash;
use beachcomber::rng::{deal_seed, rng_from_seed};
use beachcomber::spec::Spec;

fn main() {
    let mut args = std::env::args().skip(1);
    let games: u64 = args
        .next()
        .and_then(|v| v.parse().ok())
        .unwrap_or(1_000_000);
    let threads: u64 = args.next().and_then(|v| v.parse().ok()).unwrap_or(1);
    let spec: Spec = args
        .next()
        .unwrap_or_else(|| "shell-dash".into())
        .parse()
        .expect("spec");
    let players: usize = args.next().and_then(|v| v.parse().ok()).unwrap_or(2);
    let game = ShellDash::from_spec(&spec, players).expect("game");
    let start = std::time::Instant::now();
    let plies: u64 = std::thread::scope(|scope| {
        let handles: Vec<_> = (0..threads)
            .map(|t| {
                let game = &game;
                scope.spawn(move || {
                    let mut rng = rng_from_seed(deal_seed(1, t));
                    let mut plies = 0u64;
                    for _ in 0..games {
                        let mut state = game.new_game(&mut rng);
                        plies += random_playout(game, &mut state, &mut rng) as u64;
                    }
                    plies
                })
            })
            .collect();
        handles.into_iter().map(|h| h.join().expect("thread")).sum()
    });
    let secs = start.elapsed().as_secs_f64();
    let total = games * threads;
    println!(
        "{total} games on {threads} thread(s) in {secs:.3} s: {:.0} ns/game/thread, {:.2} M games/s, {:.2} decisions/game",
        secs * 1e9 / games as f64,
        total as f64 / secs / 1e6,
        plies as f64 / total as f64
    );
}
