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
//! | `pimc` | `iterations=2000`, `worlds=20`, `c=0.7`, `rollout=random`, `reward=auto` |
//! | `ismcts` | `iterations=2000`, `c=0.7`, `rollout=random`, `reward=auto` |
//! | `oracle` (cheats) | `iterations=2000`, `c=0.7`, `rollout=random`, `reward=auto` |
//! | `engine` | `name` (required): an external process declared with `--engine NAME=COMMAND` ([`external`], docs/protocol.md) |
//!
//! (`reward=auto` is `win` with two or more players, `margin` in solo
//! games.) The canonical spec ([`BotConfig`]'s `Display`) spells out every
//! option; records and CSV files carry it. See `docs/bots.md`.
//!
//! # Adding a bot
//! A bot is any type implementing [`Bot`]; it gets the true state, so a fair
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
//! To make it selectable by name, add a [`BotConfig`] variant, parse its
//! options in [`BotConfig::parse`] (with [`Spec::check_keys`] and the typed
//! getters, so bad input is a clear [`SpecError`]), print it in
//! [`BotConfig`]'s `Display`, build it in [`BotConfig::build`], and list its
//! name in [`BOT_NAMES`].

pub mod external;
pub mod greedy;
pub mod mcts;
pub mod random;

use std::fmt;

use beachcomber::bot::Bot;
use beachcomber::game::Evaluate;
use beachcomber::spec::{Spec, SpecError};

pub use greedy::GreedyBot;
pub use mcts::{MctsBot, Mode, Reward, Rollout, SearchParams};
pub use random::RandomBot;

/// Every bot name, for help texts and error messages.
pub const BOT_NAMES: &[&str] = &["random", "greedy", "pimc", "ismcts", "oracle"];

/// The largest iteration budget accepted (the tree holds one node per
/// iteration, 32 bytes or so each).
pub const MAX_ITERATIONS: u64 = 10_000_000;

/// Default number of determinizations for `pimc`.
pub const DEFAULT_PIMC_WORLDS: u32 = 20;

/// A validated bot spec: everything needed to build the bot for any game.
#[derive(Clone, Debug, PartialEq)]
pub enum BotConfig {
    /// Uniform over legal actions.
    Random,
    /// One-step lookahead with the game's evaluation.
    Greedy {
        /// Determinizations the lookahead is averaged over.
        worlds: u32,
    },
    /// Perfect-information Monte Carlo: UCT in `worlds` determinizations.
    Pimc {
        /// Determinizations (the iterations are split between them).
        worlds: u32,
        /// Search settings.
        params: SearchParams,
    },
    /// Single-observer information-set MCTS.
    Ismcts(SearchParams),
    /// UCT on the true state: cheats.
    Oracle(SearchParams),
    /// An external process speaking the engine protocol
    /// (docs/protocol.md), declared by name with `--engine NAME=COMMAND`:
    /// the caller builds it from its [`external::EnginePool`];
    /// [`BotConfig::build`] alone gives a bot that fails at its first
    /// decision (the engine is not declared there).
    Engine {
        /// The declared engine's name.
        name: String,
    },
}

/// The words of the `reward` option: `auto` (the default) is `win` with two
/// or more players and `margin` in solo games; then [`Reward::NAMES`].
const REWARD_WORDS: [&str; 3] = ["auto", Reward::NAMES[0], Reward::NAMES[1]];

/// The option names of the MCTS bots besides `worlds`.
const SEARCH_KEYS: [&str; 4] = ["iterations", "c", "rollout", "reward"];

fn search_params(spec: &Spec) -> Result<SearchParams, SpecError> {
    let iterations = spec.u64_in(
        "iterations",
        SearchParams::DEFAULT_ITERATIONS as u64,
        1,
        MAX_ITERATIONS,
    )? as u32;
    let c = spec.f64_in("c", SearchParams::DEFAULT_C, 0.0, 100.0)?;
    let rollout = Rollout::ALL[spec.choice("rollout", &Rollout::NAMES, 0)?];
    // `auto` (the default): `win` with two or more players, `margin` solo.
    let reward = match spec.choice("reward", &REWARD_WORDS, 0)? {
        0 => None,
        i => Some(Reward::ALL[i - 1]),
    };
    Ok(SearchParams {
        iterations,
        c,
        rollout,
        reward,
    })
}

impl BotConfig {
    /// Parse and validate a bot spec string.
    pub fn parse(text: &str) -> Result<BotConfig, SpecError> {
        let spec: Spec = text.parse()?;
        match spec.name.as_str() {
            "random" => {
                spec.check_keys(&[])?;
                Ok(BotConfig::Random)
            }
            "greedy" => {
                spec.check_keys(&["worlds"])?;
                let worlds = spec.u64_in("worlds", GreedyBot::DEFAULT_WORLDS as u64, 1, 10_000)?;
                Ok(BotConfig::Greedy {
                    worlds: worlds as u32,
                })
            }
            "pimc" => {
                let mut keys = SEARCH_KEYS.to_vec();
                keys.insert(1, "worlds");
                spec.check_keys(&keys)?;
                let params = search_params(&spec)?;
                let worlds = spec.u64_in(
                    "worlds",
                    DEFAULT_PIMC_WORLDS.min(params.iterations) as u64,
                    1,
                    params.iterations as u64,
                )? as u32;
                Ok(BotConfig::Pimc { worlds, params })
            }
            "ismcts" => {
                spec.check_keys(&SEARCH_KEYS)?;
                Ok(BotConfig::Ismcts(search_params(&spec)?))
            }
            "oracle" => {
                spec.check_keys(&SEARCH_KEYS)?;
                Ok(BotConfig::Oracle(search_params(&spec)?))
            }
            "engine" => {
                spec.check_keys(&["name"])?;
                match spec.get("name") {
                    Some(name) if !name.is_empty() => Ok(BotConfig::Engine {
                        name: name.to_string(),
                    }),
                    _ => Err(SpecError::Invalid {
                        name: "engine".into(),
                        why: "`engine` needs `name=NAME`, the name given to --engine NAME=COMMAND"
                            .into(),
                    }),
                }
            }
            _ => Err(SpecError::UnknownName {
                kind: "bot",
                name: spec.name.clone(),
                allowed: BOT_NAMES.iter().map(|s| s.to_string()).collect(),
            }),
        }
    }

    /// Whether the bot sees hidden information (never a fair opponent).
    pub fn is_cheating(&self) -> bool {
        matches!(self, BotConfig::Oracle(_))
    }

    /// A fresh bot for game `G`.
    pub fn build<G: Evaluate>(&self) -> Box<dyn Bot<G>> {
        match *self {
            BotConfig::Engine { ref name } => Box::new(Undeclared(name.clone())),
            BotConfig::Random => Box::new(RandomBot),
            BotConfig::Greedy { worlds } => Box::new(GreedyBot::new(worlds)),
            BotConfig::Pimc { worlds, params } => {
                Box::new(MctsBot::<G>::new(Mode::Pimc { worlds }, params))
            }
            BotConfig::Ismcts(params) => Box::new(MctsBot::<G>::new(Mode::Ismcts, params)),
            BotConfig::Oracle(params) => Box::new(MctsBot::<G>::new(Mode::Oracle, params)),
        }
    }
}

/// The bot [`BotConfig::build`] makes for an engine it cannot reach: it
/// fails at its first decision with a clear error.
struct Undeclared(String);

impl<G: beachcomber::Game> Bot<G> for Undeclared {
    fn choose(&mut self, game: &G, state: &G::State, _rng: &mut beachcomber::GameRng) -> G::Action {
        game.legal_actions(state)[0]
    }

    fn try_choose(
        &mut self,
        _game: &G,
        _state: &G::State,
        _rng: &mut beachcomber::GameRng,
    ) -> Result<G::Action, beachcomber::bot::BotError> {
        Err(beachcomber::bot::BotError::Start(format!(
            "engine `{}` is not declared (--engine {}=COMMAND)",
            self.0, self.0
        )))
    }
}

/// The canonical spec: every option spelled out (so a record says exactly
/// what played), and `parse(config.to_string())` gives the config back.
impl fmt::Display for BotConfig {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let search = |f: &mut fmt::Formatter<'_>, p: &SearchParams| -> fmt::Result {
            let reward = match p.reward {
                None => REWARD_WORDS[0],
                Some(r) => r.name(),
            };
            write!(f, "c={},rollout={},reward={reward})", p.c, p.rollout.name())
        };
        match self {
            BotConfig::Random => f.write_str("random"),
            BotConfig::Greedy { worlds } => write!(f, "greedy(worlds={worlds})"),
            BotConfig::Pimc { worlds, params } => {
                write!(f, "pimc(iterations={},worlds={worlds},", params.iterations)?;
                search(f, params)
            }
            BotConfig::Ismcts(params) => {
                write!(f, "ismcts(iterations={},", params.iterations)?;
                search(f, params)
            }
            BotConfig::Oracle(params) => {
                write!(f, "oracle(iterations={},", params.iterations)?;
                search(f, params)
            }
            BotConfig::Engine { name } => write!(f, "engine(name={name})"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_and_rejects() {
        assert_eq!(BotConfig::parse("random").unwrap(), BotConfig::Random);
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
            BotConfig::Greedy { worlds: 8 }
        );
        let p = SearchParams::default();
        assert_eq!(p.iterations, 2000);
        assert_eq!(BotConfig::parse("ismcts").unwrap(), BotConfig::Ismcts(p));
        assert_eq!(BotConfig::parse("oracle()").unwrap(), BotConfig::Oracle(p));
        assert_eq!(
            BotConfig::parse("pimc").unwrap(),
            BotConfig::Pimc {
                worlds: 20,
                params: p
            }
        );
        // A small budget caps the default number of worlds.
        assert_eq!(
            BotConfig::parse("pimc(iterations=5)").unwrap(),
            BotConfig::Pimc {
                worlds: 5,
                params: SearchParams { iterations: 5, ..p }
            }
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
        assert_eq!(config, BotConfig::Pimc { worlds: 10, params });
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
        ] {
            let config = BotConfig::parse(text).unwrap();
            assert_eq!(config.to_string(), text);
            assert_eq!(BotConfig::parse(&config.to_string()).unwrap(), config);
        }
        assert!(BotConfig::parse("oracle").unwrap().is_cheating());
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
            "bad value `smart` for `oracle` option `rollout`: expected one of random|greedy"
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
