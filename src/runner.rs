//! Playing games: one game between bots, and many games in parallel.
//!
//! Reproducibility: game `i` of a run seeded `s` is seeded
//! [`rng::game_seed`]`(s, i)`; every decision at ply `p` gets an RNG seeded
//! [`rng::decision_seed`]`(game seed, p)`. Nothing depends on the thread that
//! plays a game, and results come back in game order, so the output of a run
//! is the same to the byte whatever the thread count.

use rayon::prelude::*;

use crate::bot::Bot;
use crate::game::{Game, Outcome};
use crate::record::{GameRecord, RecordFormat, build_record};
use crate::rng::{self, decision_seed, game_seed, rng_from_seed};

/// What one game produced.
#[derive(Clone, Debug)]
pub struct GameReport {
    /// The game's number in its run.
    pub index: u64,
    /// The game's seed.
    pub seed: u64,
    /// Scores and winners.
    pub outcome: Outcome,
    /// Decisions made.
    pub plies: u32,
    /// The game record, when asked for.
    pub record: Option<GameRecord>,
}

/// Play one game from its seed. `bots[s]` plays seat `s`; `bot_specs` are
/// written into the record.
pub fn play_game<G: RecordFormat>(
    game: &G,
    bots: &mut [Box<dyn Bot<G>>],
    bot_specs: &[String],
    index: u64,
    seed: u64,
    want_record: bool,
) -> GameReport {
    assert_eq!(bots.len(), game.players(), "one bot per seat");
    let mut setup_rng = rng_from_seed(seed);
    let initial = game.new_game(&mut setup_rng);
    let mut state = initial.clone();
    let mut actions = Vec::new();
    let mut plies = 0u32;
    while let Some(seat) = game.to_move(&state) {
        let mut decision_rng = rng_from_seed(decision_seed(seed, plies as u64));
        let action = bots[seat].choose(game, &state, &mut decision_rng);
        debug_assert!(
            game.play(&state, action).is_ok(),
            "bot for seat {seat} chose an illegal action {action}"
        );
        game.play_unchecked(&mut state, action);
        if want_record {
            actions.push(action);
        }
        plies += 1;
    }
    let record = want_record.then(|| build_record(game, Some(seed), bot_specs, &initial, &actions));
    GameReport {
        index,
        seed,
        outcome: game.outcome(&state),
        plies,
        record,
    }
}

/// Play games `range` of a run seeded `run_seed` in parallel (rayon's
/// global pool), making fresh bots for each game with `make_bots`; results
/// come back in game order. `on_done` is called once per finished game (for
/// progress bars) from whichever thread finished it.
pub fn play_games<G, F>(
    game: &G,
    range: std::ops::Range<u64>,
    run_seed: u64,
    bot_specs: &[String],
    make_bots: F,
    want_records: bool,
    on_done: &(dyn Fn() + Sync),
) -> Vec<GameReport>
where
    G: RecordFormat,
    F: Fn() -> Vec<Box<dyn Bot<G>>> + Sync,
{
    let never = std::sync::atomic::AtomicBool::new(false);
    play_games_cancellable(
        game,
        range,
        run_seed,
        bot_specs,
        make_bots,
        want_records,
        on_done,
        &never,
    )
    .expect("a run that is never cancelled plays every game")
}

/// [`play_games`] that stops early when `cancel` becomes true (e.g. on
/// Ctrl-C): returns `None` if any game was skipped, so a caller never
/// mistakes a partial run for a whole one.
#[allow(clippy::too_many_arguments)]
pub fn play_games_cancellable<G, F>(
    game: &G,
    range: std::ops::Range<u64>,
    run_seed: u64,
    bot_specs: &[String],
    make_bots: F,
    want_records: bool,
    on_done: &(dyn Fn() + Sync),
    cancel: &std::sync::atomic::AtomicBool,
) -> Option<Vec<GameReport>>
where
    G: RecordFormat,
    F: Fn() -> Vec<Box<dyn Bot<G>>> + Sync,
{
    use std::sync::atomic::Ordering;
    range
        .into_par_iter()
        .map(|index| {
            if cancel.load(Ordering::Relaxed) {
                return None;
            }
            let mut bots = make_bots();
            let report = play_game(
                game,
                &mut bots,
                bot_specs,
                index,
                game_seed(run_seed, index),
                want_records,
            );
            on_done();
            Some(report)
        })
        .collect()
}

/// Play `games` uniformly random games single-threaded from `seed`; returns
/// the total number of decisions (used by benchmarks).
pub fn random_games<G: Game>(game: &G, games: u64, seed: u64) -> u64 {
    let mut rng = rng_from_seed(seed);
    let mut plies = 0u64;
    for _ in 0..games {
        let mut state = game.new_game(&mut rng);
        plies += crate::game::random_playout(game, &mut state, &mut rng) as u64;
    }
    plies
}

/// [`random_games`] split over rayon's pool in `chunks` independent chunks;
/// returns the total number of decisions.
pub fn random_games_parallel<G: Game>(game: &G, games: u64, seed: u64, chunks: u64) -> u64 {
    let chunks = chunks.max(1);
    (0..chunks)
        .into_par_iter()
        .map(|c| {
            let n = games / chunks + u64::from(c < games % chunks);
            random_games(game, n, rng::derive(seed, c))
        })
        .sum()
}
