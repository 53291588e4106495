//! Strength, measured (release mode, fixed seeds, seats rotated, paired
//! deals): every game seed is played once with the tested bot in each seat,
//! against copies of the opponent in the other seats. The test asserts the
//! lower bound of the 95% interval of the tested bot's win share
//! (cluster-robust by deal: docs/statistics.md).
//!
//! The full-size numbers (2000 iterations, more games, 3-4 players, oracle)
//! are in `docs/bots.md`, measured with `examples/strength.rs` (`cargo run
//! --release -p beachcomber-bots --example strength -- ...`).

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
    /// 95% interval of the win share (cluster-robust by deal).
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
