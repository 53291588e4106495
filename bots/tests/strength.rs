//! Strength, measured (release mode, fixed seeds, seats rotated, paired
//! deals): every game seed is played once with the tested bot in each seat,
//! against copies of the opponent in the other seats. The test asserts the
//! lower bound of the Wilson 95% interval of the tested bot's win share.
//!
//! The full-size numbers (2000 iterations, more games, 3-4 players, oracle)
//! are in `docs/bots.md`; run `cargo test -p beachcomber-bots --release
//! --test strength -- --ignored --nocapture` for the measurement runs.

use beachcomber::bot::Bot;
use beachcomber::record::RecordFormat;
use beachcomber::runner::play_games;
use beachcomber::stats::{Z95, wilson};
use beachcomber::testing::toy::Pebbles;
use beachcomber_bots::BotConfig;

/// The result of one match-up.
#[derive(Clone, Copy, Debug)]
struct Score {
    /// Games played (deals x seats).
    games: u64,
    /// The tested bot's wins (a k-way shared win counts 1/k).
    wins: f64,
    /// Wilson 95% interval of the win share.
    low: f64,
    high: f64,
}

/// Play `deals` deals of `game` from run seed `seed`, each once per seat
/// with `bot` in that seat and `opponent` in every other.
fn match_up<G: RecordFormat + beachcomber::game::Evaluate>(
    game: &G,
    bot: &str,
    opponent: &str,
    deals: u64,
    seed: u64,
) -> Score {
    let players = game.players();
    let tested = BotConfig::parse(bot).unwrap();
    let other = BotConfig::parse(opponent).unwrap();
    let mut wins60 = 0u64;
    for seat in 0..players {
        let specs: Vec<String> = (0..players)
            .map(|s| {
                if s == seat {
                    bot.to_string()
                } else {
                    opponent.to_string()
                }
            })
            .collect();
        let make = || -> Vec<Box<dyn Bot<G>>> {
            (0..players)
                .map(|s| {
                    if s == seat {
                        tested.build()
                    } else {
                        other.build()
                    }
                })
                .collect()
        };
        let reports = play_games(game, 0..deals, seed, &specs, make, false, &|| {});
        // Integer sum (60 is divisible by every tie size), so the total
        // does not depend on the order of summation.
        wins60 += reports
            .iter()
            .map(|r| (r.outcome.win_share(seat) * 60.0).round() as u64)
            .sum::<u64>();
    }
    let games = deals * players as u64;
    let wins = wins60 as f64 / 60.0;
    let (low, high) = wilson(wins, games as f64, Z95);
    let score = Score {
        games,
        wins,
        low,
        high,
    };
    eprintln!(
        "{} {}p: {bot} vs {opponent}: {:.1}/{} = {:.1}% [{:.1}%, {:.1}%]",
        game.name(),
        players,
        score.wins,
        score.games,
        100.0 * score.wins / score.games as f64,
        100.0 * score.low,
        100.0 * score.high
    );
    score
}

#[test]
fn pebbles_search_beats_random() {
    let game = Pebbles { players: 2 };
    let s = match_up(&game, "ismcts(iterations=200)", "random", 200, 3);
    assert_eq!(s.games, 400);
    assert!(s.low > 0.5, "{s:?}");
}

fn spec(text: &str) -> beachcomber::spec::Spec {
    text.parse().expect("a valid spec")
}

/// The required ordering in a 2-player game: greedy beats random; the
/// searchers at their default settings (2000 iterations, c = 0.7, random
/// rollouts, win reward; pimc with 20 worlds) beat greedy. Deals are few
/// because the margins are wide (the full numbers are in docs/bots.md).
fn check_ladder<G: RecordFormat + beachcomber::game::Evaluate>(game: &G, seed: u64) {
    let s = match_up(game, "greedy", "random", 100, seed);
    assert_eq!(s.games, 200);
    assert!(s.low > 0.5, "{}: greedy vs random {s:?}", game.name());
    for bot in ["ismcts", "pimc"] {
        let s = match_up(game, bot, "greedy", 20, seed + 1);
        assert_eq!(s.games, 40);
        assert!(s.low > 0.5, "{}: {bot} vs greedy {s:?}", game.name());
    }
}

#[test]
fn seashells_ladder() {
    use beachcomber::games::seashells::Seashells;
    check_ladder(&Seashells::from_spec(&spec("seashells"), 2).unwrap(), 10);
}

#[test]
fn seaside_ladder() {
    use beachcomber::games::seaside::Seaside;
    check_ladder(&Seaside::from_spec(&spec("seaside"), 2).unwrap(), 20);
}

/// A measurement run for `docs/bots.md` (not part of the test suite): set
/// `M="game spec;players;bot;opponent;deals"`, e.g.
/// `M="seashells;3;ismcts;greedy;100" cargo test -p beachcomber-bots
/// --release --test strength measure -- --ignored --nocapture`.
#[test]
#[ignore]
fn measure() {
    use beachcomber::games::AnyGame;
    let m = std::env::var("M").expect("M=\"game;players;bot;opponent;deals\"");
    let args: Vec<&str> = m.split(';').collect();
    assert_eq!(args.len(), 5, "M=\"game;players;bot;opponent;deals\"");
    let players: usize = args[1].parse().unwrap();
    let deals: u64 = args[4].parse().unwrap();
    let game = AnyGame::from_spec(args[0], players).unwrap();
    let start = std::time::Instant::now();
    beachcomber::with_game!(&game, |g| {
        match_up(g, args[2], args[3], deals, 2026);
    });
    eprintln!("{:.1} s", start.elapsed().as_secs_f64());
}

/// A solo measurement for `docs/bots.md` (not part of the test suite): set
/// `M="game spec;bot;games"`; prints the mean score (Seaside: tokens; Shell
/// Dash: turns, lower is better) with its 95% interval, and the win rate.
#[test]
#[ignore]
fn measure_solo() {
    use beachcomber::games::AnyGame;
    use beachcomber::stats::mean_ci95;
    let m = std::env::var("M").expect("M=\"game;bot;games\"");
    let args: Vec<&str> = m.split(';').collect();
    assert_eq!(args.len(), 3, "M=\"game;bot;games\"");
    let games: u64 = args[2].parse().unwrap();
    let game = AnyGame::from_spec(args[0], 1).unwrap();
    let config = BotConfig::parse(args[1]).unwrap();
    let specs = [args[1].to_string()];
    let start = std::time::Instant::now();
    let reports = beachcomber::with_game!(&game, |g| {
        play_games(
            g,
            0..games,
            2026,
            &specs,
            || vec![config.build()],
            false,
            &|| {},
        )
    });
    let scores: Vec<f64> = reports.iter().map(|r| r.outcome.scores[0] as f64).collect();
    let wins = reports
        .iter()
        .filter(|r| r.outcome.winners.contains(0))
        .count();
    let (mean, half) = mean_ci95(&scores);
    eprintln!(
        "{} solo: {}: mean score {mean:.2} ± {half:.2}, won {wins}/{games} ({:.1} s)",
        args[0],
        args[1],
        start.elapsed().as_secs_f64()
    );
}
