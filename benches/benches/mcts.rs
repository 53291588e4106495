//! criterion benchmarks of the MCTS bots: iterations per second per thread
//! for each game, from the opening position (one search of `ITERATIONS`
//! iterations per measured call; the throughput criterion prints is
//! iterations per second).
//!
//! Run: `cargo bench -p beachcomber-benches --bench mcts`.
//!
//! On a loaded machine wall-clock throughput understates the engine; with
//! `MCTS_CPU=1` the bench instead runs each case for a fixed number of
//! searches and prints iterations per second of this thread's CPU time
//! (user + system, from `/proc/thread-self/stat`, Linux only, 10 ms
//! ticks; every case runs at least a few CPU seconds):
//! `MCTS_CPU=1 cargo bench -p beachcomber-benches --bench mcts`
//! (`MCTS_CPU=seashells-2p` runs only the cases whose label contains it).

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

/// This thread's CPU time in seconds (user + system), from
/// `/proc/thread-self/stat` (fields 14 and 15, in clock ticks of 1/100 s,
/// the value of `_SC_CLK_TCK` on Linux).
fn thread_cpu_seconds() -> Option<f64> {
    let stat = std::fs::read_to_string("/proc/thread-self/stat").ok()?;
    // The command name (field 2) is parenthesized and may hold spaces.
    let rest = &stat[stat.rfind(')')? + 2..];
    let fields: Vec<&str> = rest.split_whitespace().collect();
    // `rest` starts at field 3, so fields 14 and 15 are at 11 and 12.
    let utime: u64 = fields.get(11)?.parse().ok()?;
    let stime: u64 = fields.get(12)?.parse().ok()?;
    Some((utime + stime) as f64 / 100.0)
}

/// Iterations per CPU second of `mode` on `game` from the opening.
fn cpu_rate<G: Evaluate>(label: &str, game: &G, mode: Mode) {
    let opening = game.new_game(&mut rng_from_seed(1));
    let params = SearchParams {
        iterations: ITERATIONS,
        ..SearchParams::default()
    };
    let mut bot = MctsBot::<G>::new(mode, params);
    // Warm-up, and a calibration of the number of searches (~3 CPU s).
    let start = thread_cpu_seconds().expect("/proc/thread-self/stat");
    let mut searches = 0u64;
    while thread_cpu_seconds().unwrap() - start < 0.5 {
        black_box(bot.search(game, &opening, &mut rng_from_seed(searches)));
        searches += 1;
    }
    let runs = searches * 6;
    let start = thread_cpu_seconds().unwrap();
    for seed in 0..runs {
        black_box(bot.search(game, &opening, &mut rng_from_seed(1000 + seed)));
    }
    let cpu = thread_cpu_seconds().unwrap() - start;
    let rate = (runs * ITERATIONS as u64) as f64 / cpu;
    println!(
        "mcts/{label}/{mode}: {:.0}k iterations per CPU second ({runs} searches, {cpu:.2} CPU s)",
        rate / 1e3
    );
}

const ALL: [Mode; 3] = [Mode::Ismcts, Mode::Pimc { worlds: 20 }, Mode::Oracle];

fn spec(text: &str) -> Spec {
    text.parse().expect("a valid spec")
}

/// Every benchmarked case: a label, and a closure running one of the two
/// measurements on it.
fn cases(run: &mut dyn FnMut(&str, &dyn Case)) {
    // The target case first: ismcts, 2-player Seashells, random rollouts.
    run(
        "seashells-2p",
        &(
            Seashells::from_spec(&spec("seashells"), 2).unwrap(),
            &ALL[..],
        ),
    );
    run(
        "seashells-4p",
        &(
            Seashells::from_spec(&spec("seashells"), 4).unwrap(),
            &ALL[..1],
        ),
    );
    let stroll = Seashells::from_spec(&spec("seashells(mode=stroll)"), 2).unwrap();
    run("seashells-stroll-2p", &(stroll, &ALL[..1]));
    // `removed` fixed so every measured search starts from the same bag size.
    let seaside = Seaside::from_spec(&spec("seaside(removed=35)"), 2).unwrap();
    run("seaside-2p", &(seaside, &ALL[..]));
    run(
        "seaside-4p",
        &(Seaside::from_spec(&spec("seaside"), 4).unwrap(), &ALL[..1]),
    );
    run(
        "seaside-solo",
        &(Seaside::from_spec(&spec("seaside"), 1).unwrap(), &ALL[..1]),
    );
    run(
        "shell-dash-2p",
        &(
            ShellDash::from_spec(&spec("shell-dash"), 2).unwrap(),
            &ALL[..],
        ),
    );
    let solo = ShellDash::from_spec(&spec("shell-dash"), 1).unwrap();
    run("shell-dash-solo", &(solo, &ALL[..1]));
    run("pebbles-2p", &(Pebbles { players: 2 }, &ALL[..]));
}

/// A game with the modes to measure on it (object-safe, so that
/// [`cases`] can list different game types).
trait Case {
    fn criterion(&self, c: &mut Criterion, label: &str);
    fn cpu(&self, label: &str);
}

impl<G: Evaluate> Case for (G, &[Mode]) {
    fn criterion(&self, c: &mut Criterion, label: &str) {
        bench_game(c, label, &self.0, self.1);
    }
    fn cpu(&self, label: &str) {
        for &mode in self.1 {
            cpu_rate(label, &self.0, mode);
        }
    }
}

fn benches(c: &mut Criterion) {
    if let Ok(filter) = std::env::var("MCTS_CPU") {
        // `MCTS_CPU=1`: every case; any other value: the cases whose label
        // contains it.
        cases(&mut |label, case| {
            if filter == "1" || label.contains(filter.as_str()) {
                case.cpu(label)
            }
        });
    } else {
        cases(&mut |label, case| case.criterion(c, label));
    }
}

criterion_group!(mcts, benches);
criterion_main!(mcts);
