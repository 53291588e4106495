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
use beachcomber::testing::toy::Pebbles;
use beachcomber::tournament::{Count, RunSpec, play_all};
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

/// A fresh bot from its (canonical) spec: the tournament engine's factory.
fn build<G: RecordFormat + beachcomber::game::Evaluate>(spec: &str) -> Box<dyn Bot<G>> {
    BotConfig::parse(spec).expect("a valid bot spec").build()
}

/// Play `deals` deals of `game` from run seed `seed` with the tournament
/// engine: `bot` against copies of `opponent`, the lineup rotated so that
/// every deal is played once with `bot` in each seat.
fn match_up<G: RecordFormat + beachcomber::game::Evaluate>(
    game: &G,
    bot: &str,
    opponent: &str,
    deals: u64,
    seed: u64,
) -> Score {
    let players = game.players();
    let canonical = |s: &str| BotConfig::parse(s).unwrap().to_string();
    let mut lineup = vec![canonical(opponent); players];
    lineup[0] = canonical(bot);
    let spec = RunSpec::new(
        game.name(),
        players,
        &lineup,
        Count::Deals(deals),
        seed,
        true,
    )
    .expect("a valid run");
    let totals = play_all(game, &spec, build::<G>);
    let tested = &totals.bots[0];
    let (_, low, high) = tested.win_share();
    let score = Score {
        games: tested.games,
        wins: tested.wins(),
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
    if let Some(p) = &totals.paired {
        let (d, h) = p.difference();
        eprintln!("  paired over {} deals: {:+.3} ± {:.3}", p.deals, d, h);
    }
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
    let m = std::env::var("M").expect("M=\"game;bot;games\"");
    let args: Vec<&str> = m.split(';').collect();
    assert_eq!(args.len(), 3, "M=\"game;bot;games\"");
    let games: u64 = args[2].parse().unwrap();
    let game = AnyGame::from_spec(args[0], 1).unwrap();
    let lineup = [BotConfig::parse(args[1]).unwrap().to_string()];
    let spec = RunSpec::new(
        &game.canonical_spec(),
        1,
        &lineup,
        Count::Games(games),
        2026,
        true,
    )
    .unwrap();
    let start = std::time::Instant::now();
    let totals = beachcomber::with_game!(&game, |g| play_all(g, &spec, build));
    let (mean, half) = totals.seats[0].score();
    let wins = totals.seats[0].won;
    eprintln!(
        "{} solo: {}: mean score {mean:.2} ± {half:.2}, won {wins}/{games} ({:.1} s)",
        args[0],
        args[1],
        start.elapsed().as_secs_f64()
    );
}
