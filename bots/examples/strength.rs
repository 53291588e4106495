//! Bot-strength measurements for `docs/bots.md` (not tests; the test
//! suite's checks are in `tests/strength.rs`). Fixed run seed 2026, seats
//! rotated, paired deals, 95% intervals (cluster-robust by deal since issue
//! 23; Wilson before).
//!
//! A match-up (every deal played once with BOT in each seat, copies of
//! OPPONENT in the others):
//!
//! ```sh
//! cargo run --release -p beachcomber-bots --features measure --example strength -- GAME PLAYERS BOT OPPONENT DEALS
//! ```
//!
//! A solo game (the mean score with its 95% interval, and the win rate;
//! Seaside: tokens; Shell Dash: turns, lower is better):
//!
//! ```sh
//! cargo run --release -p beachcomber-bots --features measure --example strength -- GAME BOT GAMES
//! ```

use beachcomber::bot::Bot;
use beachcomber::games::AnyGame;
use beachcomber::record::RecordFormat;
use beachcomber::tournament::{Count, RunSpec, play_all};
use beachcomber_bots::BotConfig;

/// The usage line, printed on bad arguments.
const USAGE: &str = "usage: strength GAME PLAYERS BOT OPPONENT DEALS | strength GAME BOT GAMES";

/// The run seed of every measurement in docs/bots.md.
const SEED: u64 = 2026;

/// A fresh bot from its (canonical) spec: the tournament engine's factory.
fn build<G: RecordFormat + beachcomber::game::Evaluate>(spec: &str) -> Box<dyn Bot<G>> {
    BotConfig::parse(spec).expect("a valid bot spec").build()
}

/// Exit with `message` and the usage line.
fn fail(message: &str) -> ! {
    eprintln!("error: {message}\n{USAGE}");
    std::process::exit(1)
}

/// A number argument.
fn number<T: std::str::FromStr>(text: &str, what: &str) -> T {
    text.parse()
        .unwrap_or_else(|_| fail(&format!("{what}: expected a number, got `{text}`")))
}

/// A bot spec in its canonical form.
fn canonical(spec: &str) -> String {
    match BotConfig::parse(spec) {
        Ok(bot) => bot.to_string(),
        Err(e) => fail(&e.to_string()),
    }
}

/// Play `deals` deals of `game` with the tournament engine: `bot` against
/// copies of `opponent`, the lineup rotated so that every deal is played
/// once with `bot` in each seat; print its win share.
fn match_up<G: RecordFormat + beachcomber::game::Evaluate>(
    game: &G,
    bot: &str,
    opponent: &str,
    deals: u64,
) {
    let players = game.players();
    let mut lineup = vec![canonical(opponent); players];
    lineup[0] = canonical(bot);
    let spec = RunSpec::new(
        game.name(),
        players,
        &lineup,
        Count::Deals(deals),
        SEED,
        true,
    )
    .unwrap_or_else(|e| fail(&e.to_string()));
    let totals = play_all(game, &spec, build::<G>);
    let tested = &totals.bots[0];
    let (_, low, high) = tested.win_share();
    println!(
        "{} {}p: {bot} vs {opponent}: {:.1}/{} = {:.1}% [{:.1}%, {:.1}%]",
        game.name(),
        players,
        tested.wins(),
        tested.games,
        100.0 * tested.wins() / tested.games as f64,
        100.0 * low,
        100.0 * high
    );
    if let Some(p) = &totals.paired {
        let (d, h) = p.difference();
        println!("  paired over {} deals: {:+.3} ± {:.3}", p.deals, d, h);
    }
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let start = std::time::Instant::now();
    match args.as_slice() {
        [game, players, bot, opponent, deals] => {
            let players: usize = number(players, "PLAYERS");
            let deals: u64 = number(deals, "DEALS");
            let game = AnyGame::from_spec(game, players).unwrap_or_else(|e| fail(&e.to_string()));
            beachcomber::with_game!(&game, |g| match_up(g, bot, opponent, deals));
            println!("{:.1} s", start.elapsed().as_secs_f64());
        }
        [name, bot, games] => {
            let games: u64 = number(games, "GAMES");
            let game = AnyGame::from_spec(name, 1).unwrap_or_else(|e| fail(&e.to_string()));
            let lineup = [canonical(bot)];
            let spec = RunSpec::new(
                &game.canonical_spec(),
                1,
                &lineup,
                Count::Games(games),
                SEED,
                true,
            )
            .unwrap_or_else(|e| fail(&e.to_string()));
            let totals = beachcomber::with_game!(&game, |g| play_all(g, &spec, build));
            let (mean, half) = totals.seats[0].score();
            let wins = totals.seats[0].won;
            println!(
                "{name} solo: {bot}: mean score {mean:.2} ± {half:.2}, won {wins}/{games} ({:.1} s)",
                start.elapsed().as_secs_f64()
            );
        }
        _ => fail("expected 5 arguments (a match-up) or 3 (solo)"),
    }
}
