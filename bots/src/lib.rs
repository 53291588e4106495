#![deny(missing_docs)]
//! Bot strategies for beachcomber games. Every bot uses only the public
//! game API ([`beachcomber::Game`], [`beachcomber::game::Evaluate`]); none
//! contains game rules.
//!
//! Bots are named by spec strings (`random`, `ismcts(iterations=2000,c=0.7)`);
//! [`BotConfig::parse`] validates one, independently of the game, and
//! [`BotConfig::build`] makes a fresh bot for a game (the runner builds one
//! per seat per game, so no state is shared between games or threads).
//!
//! | bot | options (defaults) |
//! | --- | --- |
//! | `random` | none |
//! | `greedy` | `worlds=8` |
//! | `learned` | `model` (required: `PATH`, `NAME` or either `@xxh3:HASH`), `worlds=8` |
//! | `pimc` | `iterations=2000`, `worlds=20`, `c=0.7`, `rollout=random`, `reward=auto` |
//! | `ismcts` | `iterations=2000`, `c=0.7`, `rollout=random`, `reward=auto` |
//! | `oracle` (cheats) | `iterations=2000`, `c=0.7`, `rollout=random`, `reward=auto`, `sees=all` (or `hands`: the others' private information, not the future) |
//! | `engine` | `name` (required): an external process declared with `--engine NAME=COMMAND` ([`external`], docs/protocol.md) |
//!
//! (`reward=auto` is `win` with two or more players, `margin` in solo
//! games.) The canonical spec ([`BotConfig`]'s `Display`) spells out every
//! option; records and CSV files carry it. See `docs/bots.md`.
//!
//! # Adding a bot
//! A bot is any type implementing [`Bot`](beachcomber::bot::Bot); it gets the true state, so a fair
//! bot must only use what the seat to move can see, e.g. through
//! [`Game::determinize`](beachcomber::Game::determinize). This one plays
//! the first legal action:
//!
//! ```
//! use beachcomber::bot::Bot;
//! use beachcomber::runner::play_game;
//! use beachcomber::testing::toy::Pebbles;
//! use beachcomber::{Game, GameRng};
//! use beachcomber_bots::BotConfig;
//!
//! /// Always the first legal action.
//! struct FirstBot;
//!
//! impl<G: Game> Bot<G> for FirstBot {
//!     fn choose(&mut self, game: &G, state: &G::State, _rng: &mut GameRng) -> G::Action {
//!         game.legal_actions(state)[0]
//!     }
//! }
//!
//! let game = Pebbles { players: 2 };
//! let mut bots: Vec<Box<dyn Bot<Pebbles>>> =
//!     vec![Box::new(FirstBot), BotConfig::parse("greedy").unwrap().build()];
//! let specs = ["first".to_string(), "greedy".to_string()];
//! let report = play_game(&game, &mut bots, &specs, 0, 42, false);
//! // Pebbles has 7 pebbles; FirstBot always takes one, greedy takes one or two.
//! assert!((4..=7).contains(&report.plies));
//! ```
//!
//! To make it selectable by name, give it a configuration type implementing
//! [`BotKind`] in its module (its name; its options parsed with
//! `Spec::check_keys` and the typed getters, so bad input is a clear
//! `SpecError`; its canonical spec; how it is built) and add one line to
//! the `registry!` call in `registry.rs`: [`BotConfig`], [`BOT_NAMES`] and
//! the help texts follow from it.

pub mod belief;
pub mod compiled;
pub mod engine_config;
pub mod expert;
pub mod external;
pub mod greedy;
pub mod hint;
pub mod kind;
pub mod learned;
pub mod lineup;
pub mod mcts;
pub mod random;
pub mod record_check;
pub mod registry;
pub mod root_parallel;
pub mod search_config;
pub mod seat_bot;
pub mod session;
pub mod short_spec;
pub mod work;

pub use compiled::CompiledBots;
pub use engine_config::EngineConfig;
pub use expert::ExpertConfig;
pub use greedy::{GreedyBot, GreedyConfig};
pub use learned::{LearnedBot, LearnedConfig, ModelMismatch, check_models};
pub use lineup::{
    Aliases, BotSet, Lineup, LineupError, PersonLineup, no_aliases, parse_bot_with, parse_list,
    parse_list_with,
};
pub use mcts::{Enhancements, MctsBot, Mode, Reward, Rollout, SearchParams};
pub use random::{RandomBot, RandomConfig};
pub use record_check::{HUMAN, LineError, RecordBotsError, check_record_bots};
pub use registry::{BOT_NAMES, BotConfig, BotKind};
pub use search_config::{
    DEFAULT_PIMC_WORLDS, IsmctsConfig, MAX_ITERATIONS, OracleConfig, PimcConfig, Sees,
};
pub use seat_bot::{SearchBot, SeatBot};
pub use session::GameSession;
pub use short_spec::{short_label, short_spec};

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_and_rejects() {
        assert_eq!(
            BotConfig::parse("random").unwrap(),
            BotConfig::Random(RandomConfig)
        );
        assert_eq!(
            BotConfig::parse("clever").unwrap_err().to_string(),
            format!("unknown bot `clever` (known: {})", BOT_NAMES.join(", "))
        );
        assert!(BotConfig::parse("random(x=1)").is_err());
    }

    #[test]
    fn defaults() {
        assert_eq!(
            BotConfig::parse("greedy").unwrap(),
            BotConfig::Greedy(GreedyConfig { worlds: 8 })
        );
        let p = SearchParams::default();
        assert_eq!(p.iterations, 2000);
        assert_eq!(
            BotConfig::parse("ismcts").unwrap(),
            BotConfig::Ismcts(IsmctsConfig(p))
        );
        assert_eq!(
            BotConfig::parse("oracle()").unwrap(),
            BotConfig::Oracle(OracleConfig {
                params: p,
                sees: Sees::All
            })
        );
        assert_eq!(
            BotConfig::parse("pimc").unwrap(),
            BotConfig::Pimc(PimcConfig {
                worlds: 20,
                params: p
            })
        );
        // A small budget caps the default number of worlds.
        assert_eq!(
            BotConfig::parse("pimc(iterations=5)").unwrap(),
            BotConfig::Pimc(PimcConfig {
                worlds: 5,
                params: SearchParams { iterations: 5, ..p }
            })
        );
        assert_eq!(p.reward_for(2), Reward::Win);
        assert_eq!(p.reward_for(1), Reward::Margin);
    }

    #[test]
    fn parses_every_option() {
        let config =
            BotConfig::parse("pimc(iterations=500,worlds=10,c=1.5,rollout=greedy,reward=margin)")
                .unwrap();
        let params = SearchParams {
            iterations: 500,
            c: 1.5,
            rollout: Rollout::Greedy,
            reward: Some(Reward::Margin),
        };
        assert_eq!(config, BotConfig::Pimc(PimcConfig { worlds: 10, params }));
        assert_eq!(
            config.to_string(),
            "pimc(iterations=500,worlds=10,c=1.5,rollout=greedy,reward=margin)"
        );
        // Defaults are filled in, whitespace and newlines normalized away.
        assert_eq!(
            BotConfig::parse(" ismcts (\n c = 0.5 ) ")
                .unwrap()
                .to_string(),
            "ismcts(iterations=2000,c=0.5,rollout=random,reward=auto)"
        );
        assert_eq!(
            BotConfig::parse("greedy").unwrap().to_string(),
            "greedy(worlds=8)"
        );
        for text in [
            "random",
            "greedy(worlds=3)",
            "ismcts(iterations=7,c=0,rollout=random,reward=win)",
            "oracle(iterations=2000,c=0.7,rollout=random,reward=auto)",
            "oracle(iterations=2000,c=0.7,rollout=random,reward=auto,sees=hands)",
        ] {
            let config = BotConfig::parse(text).unwrap();
            assert_eq!(config.to_string(), text);
            assert_eq!(BotConfig::parse(&config.to_string()).unwrap(), config);
        }
        assert!(BotConfig::parse("oracle").unwrap().is_cheating());
        assert!(
            BotConfig::parse("oracle(sees=hands)")
                .unwrap()
                .is_cheating()
        );
        // `sees=all` is the default, left out of the canonical spec (so
        // the specs of earlier results keep their text).
        assert_eq!(
            BotConfig::parse("oracle(sees=all)").unwrap(),
            BotConfig::parse("oracle").unwrap()
        );
        assert_eq!(
            BotConfig::parse("oracle(sees=all)").unwrap().to_string(),
            "oracle(iterations=2000,c=0.7,rollout=random,reward=auto)"
        );
        for fair in ["random", "greedy", "pimc", "ismcts"] {
            assert!(!BotConfig::parse(fair).unwrap().is_cheating(), "{fair}");
        }
    }

    #[test]
    fn errors_say_what_is_allowed() {
        let err = |text: &str| BotConfig::parse(text).unwrap_err().to_string();
        assert_eq!(
            err("ismcts(iterations=0)"),
            "bad value `0` for `ismcts` option `iterations`: expected an integer from 1 to 10000000"
        );
        assert_eq!(
            err("ismcts(c=-1)"),
            "bad value `-1` for `ismcts` option `c`: expected a number from 0 to 100"
        );
        assert_eq!(
            err("ismcts(worlds=3)"),
            "unknown option `worlds` for `ismcts` (allowed: iterations, c, rollout, reward)"
        );
        assert_eq!(
            err("pimc(depth=3)"),
            "unknown option `depth` for `pimc` (allowed: iterations, worlds, c, rollout, reward)"
        );
        assert_eq!(
            err("oracle(rollout=smart)"),
            "bad value `smart` for `oracle` option `rollout`: expected one of random|greedy|policy"
        );
        assert_eq!(
            err("oracle(sees=future)"),
            "bad value `future` for `oracle` option `sees`: expected one of all|hands"
        );
        assert_eq!(
            err("oracle(worlds=3)"),
            "unknown option `worlds` for `oracle` (allowed: iterations, c, rollout, reward, sees)"
        );
        assert_eq!(
            err("pimc(reward=score)"),
            "bad value `score` for `pimc` option `reward`: expected one of auto|win|margin"
        );
        assert_eq!(
            err("pimc(iterations=10,worlds=11)"),
            "bad value `11` for `pimc` option `worlds`: expected an integer from 1 to 10"
        );
        assert_eq!(
            err("greedy(worlds=0)"),
            "bad value `0` for `greedy` option `worlds`: expected an integer from 1 to 10000"
        );
        assert_eq!(
            err("greedy(c=1)"),
            "unknown option `c` for `greedy` (allowed: worlds)"
        );
        assert_eq!(
            err("random(x=1)"),
            "`random` takes no options, but `x` was given"
        );
        assert!(err("ismcts(iterations=2.5)").contains("expected an integer"));
        assert!(err("ismcts(c=nan)").contains("expected a number"));
    }
}
