//! The bots of this library's games, compiled in this crate: a
//! [`CompiledBots`] game's [`CompiledBots::compiled_bot`] is an ordinary
//! (not generic) function of this crate, so every bot it builds (the
//! searches, their rollouts and belief pools) is machine code of this
//! crate, at this crate's optimization level, once. A caller that built
//! its bots with the generic [`BotConfig::build`] instead compiles them
//! again itself, at its own level: the run store, the binary and the web
//! server are built at opt-level 0 in the test suite's profile
//! (Cargo.toml, `[profile.ci]`), where a bot compiled there would play
//! several times slower than one compiled here. Same bots, same moves: only where the code is
//! compiled differs.

use beachcomber::bot::Bot;
use beachcomber::game::Evaluate;
use beachcomber::games::seashells::Seashells;
use beachcomber::games::seaside::Seaside;
use beachcomber::games::shell_dash::ShellDash;

use crate::BotConfig;
use crate::seat_bot::{SeatBot, seat_bot};

/// A game whose bots this crate compiles ([`CompiledBots::compiled_bot`]).
pub trait CompiledBots: Evaluate {
    /// A fresh bot of `config` for this game: `config.build::<Self>()`,
    /// compiled in this crate.
    fn compiled_bot(config: &BotConfig) -> Box<dyn Bot<Self>>;

    /// The bot of a seat in a game people play, the terminal's and the
    /// web's one factory ([`crate::seat_bot`]): a search kept as one, any
    /// other bot from `boxed` (the web passes [`CompiledBots::compiled_bot`],
    /// the terminal its engines' builder), compiled in this crate.
    fn seat_bot(
        config: &BotConfig,
        players: usize,
        boxed: &dyn Fn(&BotConfig) -> Box<dyn Bot<Self>>,
    ) -> SeatBot<Self>;
}

/// The impls of [`CompiledBots`]: ordinary (not generic) functions of this
/// crate, one per game.
macro_rules! compiled_bots {
    ($($game:ty),+) => {$(
        impl CompiledBots for $game {
            fn compiled_bot(config: &BotConfig) -> Box<dyn Bot<$game>> {
                config.build::<$game>()
            }

            fn seat_bot(
                config: &BotConfig,
                players: usize,
                boxed: &dyn Fn(&BotConfig) -> Box<dyn Bot<$game>>,
            ) -> SeatBot<$game> {
                seat_bot::<$game>(config, players, boxed)
            }
        }
    )+};
}

compiled_bots!(Seashells, Seaside, ShellDash);

#[cfg(test)]
mod tests {
    use beachcomber::bot::Bot;
    use beachcomber::games::{AnyGame, GameKind};
    use beachcomber::runner::play_game;
    use beachcomber::with_game;

    use super::CompiledBots;
    use crate::BotConfig;

    /// The game `compiled_bot` plays is the one `build` plays, record for
    /// record, for every kind of bot.
    fn same_games<G: GameKind + CompiledBots>(game: &G, players: usize) -> usize {
        let mut compared = 0;
        for spec in [
            "random",
            "greedy(worlds=2)",
            "pimc(iterations=40,worlds=2)",
            "ismcts(iterations=40)",
            "expert(iterations=40)",
        ] {
            let config = BotConfig::parse(spec).unwrap();
            let specs = vec![config.to_string(); players];
            let play = |make: &dyn Fn() -> Box<dyn Bot<G>>| {
                let mut bots: Vec<_> = (0..players).map(|_| make()).collect();
                play_game(game, &mut bots, &specs, 0, 7, true).record
            };
            let compiled = play(&|| G::compiled_bot(&config));
            let generic = play(&|| config.build::<G>());
            assert!(compiled.is_some(), "{spec}: a record was asked for");
            assert_eq!(compiled, generic, "{spec}");
            compared += 1;
        }
        compared
    }

    #[test]
    fn compiled_bots_play_the_games_the_generic_build_plays() {
        let mut compared = 0;
        for spec in ["seashells", "seaside", "shell-dash"] {
            let game = AnyGame::from_spec(spec, 2).unwrap();
            compared += with_game!(&game, |g| same_games(g, 2));
        }
        assert_eq!(compared, 15);
    }
}
