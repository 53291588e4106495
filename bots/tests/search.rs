//! Behaviour of the bots on the toy game `Pebbles`: exact decisions in
//! hand-built positions, determinism, and the shape of the search tree.

use std::sync::atomic::AtomicBool;

use beachcomber::game::Game;
use beachcomber::record::io::Compression;
use beachcomber::record::{GameRecord, verify_record};
use beachcomber::rng::rng_from_seed;
use beachcomber::testing::toy::{Pebbles, PebblesState, Take};
use beachcomber::tournament::{
    Count, Flow, GameResult, PlayOptions, RunSpec, Shard, Sink, Totals, play_range,
};
use beachcomber_bots::{BotConfig, MctsBot, Mode, SearchParams};

/// 2 players, seat 0 to move, 4 pebbles left. Taking 1 leaves the opponent
/// 3, from which seat 0 always gets the last pebble (+2); taking 2 lets the
/// opponent take the last two.
fn race() -> PebblesState {
    PebblesState {
        cards: [5, 4, 0, 0, 0],
        taken: [2, 1, 0, 0, 0],
        pile: 4,
        to_move: 0,
        last: 1,
    }
}

fn decide(spec: &str, game: &Pebbles, state: &PebblesState, seed: u64) -> Take {
    let mut bot = BotConfig::parse(spec).unwrap().build::<Pebbles>();
    bot.choose(game, state, &mut rng_from_seed(seed))
}

#[test]
fn searchers_look_ahead_where_greedy_does_not() {
    let game = Pebbles { players: 2 };
    let state = race();
    for seed in 0..20 {
        for spec in [
            "ismcts(iterations=300)",
            "pimc(iterations=300,worlds=10)",
            "oracle(iterations=300)",
        ] {
            assert_eq!(
                decide(spec, &game, &state, seed),
                Take(1),
                "{spec} seed {seed}"
            );
        }
        // Greedy sees only the pebble count: two are worth more than one.
        assert_eq!(
            decide("greedy", &game, &state, seed),
            Take(2),
            "greedy seed {seed}"
        );
    }
    // Margin rewards and greedy rollouts agree.
    for spec in [
        "ismcts(iterations=300,reward=margin)",
        "ismcts(iterations=300,rollout=greedy)",
    ] {
        assert_eq!(decide(spec, &game, &state, 1), Take(1), "{spec}");
    }
}

#[test]
fn decisions_are_reproducible_and_bots_reusable() {
    let game = Pebbles { players: 3 };
    let states: Vec<PebblesState> = {
        let mut rng = rng_from_seed(9);
        let mut s = game.new_game(&mut rng);
        let mut out = vec![s];
        while game.to_move(&s).is_some() {
            let a = game.random_action(&s, &mut rng);
            game.play_unchecked(&mut s, a);
            if game.to_move(&s).is_some() {
                out.push(s);
            }
        }
        out
    };
    for mode in [Mode::Ismcts, Mode::Pimc { worlds: 7 }, Mode::Oracle] {
        let params = SearchParams {
            iterations: 200,
            ..SearchParams::default()
        };
        let mut reused = MctsBot::<Pebbles>::new(mode, params);
        for (i, state) in states.iter().enumerate() {
            let seed = 100 + i as u64;
            let a = reused.search(&game, state, &mut rng_from_seed(seed));
            let stats_a = reused.root_stats().to_vec();
            let mut fresh = MctsBot::<Pebbles>::new(mode, params);
            let b = fresh.search(&game, state, &mut rng_from_seed(seed));
            assert_eq!(a, b, "{mode} state {i}");
            assert_eq!(stats_a, fresh.root_stats(), "{mode} state {i}");
            // Every iteration passes through one root action.
            let total: u64 = stats_a.iter().map(|s| s.visits).sum();
            assert_eq!(total, 200, "{mode} state {i}");
            assert!(reused.tree_size() <= 201);
        }
    }
}

#[test]
fn one_node_per_iteration_until_the_tree_is_complete() {
    // From the opening, 2-player Pebbles has 21 non-root nodes in its full
    // game tree (sequences of 1s and 2s summing to at most 7, with a final
    // take of 2 only when 2 or more are left). The tree grows by exactly one
    // node per iteration until it is complete.
    let game = Pebbles { players: 2 };
    let state = game.new_game(&mut rng_from_seed(1));
    let mut bot = MctsBot::<Pebbles>::new(
        Mode::Oracle,
        SearchParams {
            iterations: 10,
            ..SearchParams::default()
        },
    );
    bot.search(&game, &state, &mut rng_from_seed(2));
    assert_eq!(bot.tree_size(), 11);
    let complete = {
        // Count action sequences: f(n) = nodes below a pile of n.
        fn below(n: u32) -> u32 {
            (1..=n.min(2)).map(|k| 1 + below(n - k)).sum()
        }
        below(7)
    };
    let mut bot = MctsBot::<Pebbles>::new(
        Mode::Oracle,
        SearchParams {
            iterations: 5000,
            ..SearchParams::default()
        },
    );
    bot.search(&game, &state, &mut rng_from_seed(2));
    assert_eq!(bot.tree_size() as u32, complete + 1);
}

/// Keeps every game the tournament engine hands over.
#[derive(Default)]
struct Keep(Vec<GameResult>);

impl Sink for Keep {
    fn game(&mut self, game: &GameResult, _totals: &Totals) -> Flow {
        self.0.push(game.clone());
        Flow::Continue
    }
}

/// The games of `run`, played by the tournament engine (with their records
/// when `records`).
fn play(game: &Pebbles, run: &RunSpec, records: bool) -> Vec<GameResult> {
    let never = AtomicBool::new(false);
    let options = PlayOptions {
        shard: Shard::WHOLE,
        range: 0..run.games(),
        want_rows: false,
        records: records.then_some(Compression::Plain),
        cancel: &never,
        on_done: &|| {},
    };
    let mut keep = Keep::default();
    let bot = |spec: &str| BotConfig::parse(spec).unwrap().build::<Pebbles>();
    play_range(game, run, bot, &options, Totals::new(run), &mut keep).unwrap();
    keep.0
}

#[test]
fn every_bot_finishes_games_in_every_player_count() {
    for players in 2..=5 {
        let game = Pebbles { players };
        for spec in [
            "random",
            "greedy",
            "pimc(iterations=50)",
            "ismcts(iterations=50)",
            "oracle(iterations=50)",
        ] {
            // One spec in every seat: one rotation, so game `i` is deal `i`.
            let run = RunSpec::new(
                "pebbles",
                players,
                &[spec.to_string()],
                Count::Games(4),
                5,
                true,
            )
            .unwrap();
            let games = play(&game, &run, true);
            assert_eq!(games.len(), 4);
            for g in &games {
                assert!((4..=7).contains(&g.plies), "{spec}: {} plies", g.plies);
                let line = g.record_line.as_deref().expect("a record");
                let record: GameRecord = serde_json::from_slice(line).unwrap();
                verify_record(&game, &record).unwrap();
            }
            // Same run seed, same games.
            let again = play(&game, &run, false);
            assert_eq!(again.len(), 4);
            for (a, b) in games.iter().zip(&again) {
                assert_eq!(a.outcome, b.outcome, "{spec}");
                assert_eq!(a.plies, b.plies, "{spec}");
            }
        }
    }
}

#[test]
fn each_seat_is_searched_for_its_own_reward() {
    // 3 players, seat 0 to move, 3 pebbles left; cards 7, 5, 0, taken 1, 2, 1.
    // - take 2: seat 1 must take the last one; seats 0 and 1 tie at 10
    //   (a shared win: seat 0's reward is exactly 1/2);
    // - take 1: seat 1 takes the last 2 and wins (11 to 9); only if seat 1
    //   played for seat 0's benefit (take 1, leaving seat 2 the last) would
    //   seat 0 win. A search that backs up seat 0's reward at seat 1's nodes
    //   takes 1; a correct one takes 2.
    let game = Pebbles { players: 3 };
    let state = PebblesState {
        cards: [7, 5, 0, 0, 0],
        taken: [1, 2, 1, 0, 0],
        pile: 3,
        to_move: 0,
        last: 2,
    };
    let mut bot = MctsBot::<Pebbles>::new(
        Mode::Oracle,
        SearchParams {
            iterations: 400,
            ..SearchParams::default()
        },
    );
    for seed in 0..10 {
        assert_eq!(
            bot.search(&game, &state, &mut rng_from_seed(seed)),
            Take(2),
            "seed {seed}"
        );
        let stats = bot.root_stats();
        assert_eq!(stats.len(), 2);
        let (take1, take2) = (stats[0], stats[1]);
        assert_eq!((take1.action, take2.action), (Take(1), Take(2)));
        assert_eq!(
            take2.reward,
            0.5 * take2.visits as f64,
            "take 2 always ends in a shared win"
        );
        assert!(take1.reward / (take1.visits as f64) < 0.25, "{take1:?}");
    }
}

#[test]
fn degenerate_budgets_are_clamped_not_fatal() {
    let game = Pebbles { players: 2 };
    let state = race();
    for mode in [
        Mode::Ismcts,
        Mode::Pimc { worlds: 0 },
        Mode::Pimc { worlds: 50 },
        Mode::Oracle,
    ] {
        let mut bot = MctsBot::<Pebbles>::new(
            mode,
            SearchParams {
                iterations: 0,
                ..SearchParams::default()
            },
        );
        assert_eq!(bot.params().iterations, 1);
        bot.search(&game, &state, &mut rng_from_seed(1));
        let total: u64 = bot.root_stats().iter().map(|s| s.visits).sum();
        assert_eq!(total, 1, "{mode}");
        assert_eq!(bot.tree_size(), 2, "{mode}");
    }
}
