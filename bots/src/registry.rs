//! The bot registry: every bot the spec strings can name, declared once.
//!
//! Each bot has a configuration type implementing [`BotKind`] (its spec
//! name, how its options are parsed and printed canonically, and how the
//! bot is built), kept in the bot's own module. The `registry!` call at the
//! bottom of this file lists them; it generates [`BotConfig`] (one variant
//! per bot), [`BotConfig::parse`], its canonical `Display`,
//! [`BotConfig::build`], [`BotConfig::is_cheating`] and [`BOT_NAMES`].
//! Adding a bot is its module plus one line there.

use std::fmt;

use beachcomber::bot::Bot;
use beachcomber::game::Evaluate;
use beachcomber::games::AnyGame;
use beachcomber::learn::loaded::{LoadedModel, check_game};
use beachcomber::learn::model::ModelError;
use beachcomber::spec::{Spec, SpecError};

use crate::engine_config::EngineConfig;
use crate::expert::ExpertConfig;
use crate::greedy::GreedyConfig;
pub use crate::kind::BotKind;
use crate::learned::LearnedConfig;
use crate::random::RandomConfig;
use crate::search_config::{IsmctsConfig, OracleConfig, PimcConfig};

/// Generates [`BotConfig`] and its dispatch from the list of bots: the
/// listed bots (in help texts and "known:" lists, in this order), then the
/// unlisted ones (named only by their own syntax, like `engine(name=...)`).
macro_rules! registry {
    (
        listed: $( $(#[$doc:meta])* $variant:ident($config:ty) ),+ $(,)? ;
        unlisted: $( $(#[$udoc:meta])* $uvariant:ident($uconfig:ty) ),* $(,)?
    ) => {
        /// A validated bot spec: everything needed to build the bot for
        /// any game. One variant per bot of the registry
        /// (`bots/src/registry.rs`).
        #[derive(Clone, Debug, PartialEq)]
        pub enum BotConfig {
            $( $(#[$doc])* $variant($config), )+
            $( $(#[$udoc])* $uvariant($uconfig), )*
        }

        /// Every listed bot name, for help texts and error messages.
        pub const BOT_NAMES: &[&str] = &[$( <$config as BotKind>::NAME ),+];

        impl BotConfig {
            /// Parse and validate a bot spec string.
            pub fn parse(text: &str) -> Result<BotConfig, SpecError> {
                let spec: Spec = text.parse()?;
                $(
                    if spec.name == <$config as BotKind>::NAME {
                        return <$config as BotKind>::from_spec(&spec).map(BotConfig::$variant);
                    }
                )+
                $(
                    if spec.name == <$uconfig as BotKind>::NAME {
                        return <$uconfig as BotKind>::from_spec(&spec).map(BotConfig::$uvariant);
                    }
                )*
                Err(SpecError::UnknownName {
                    kind: "bot",
                    name: spec.name.clone(),
                    allowed: BOT_NAMES.iter().map(|s| s.to_string()).collect(),
                })
            }

            /// Whether `name` is the name of a bot of the registry, listed
            /// or not (`random`, `engine`): a spec of that name is always
            /// that bot.
            pub fn is_registered(name: &str) -> bool {
                false $( || name == <$config as BotKind>::NAME )+
                    $( || name == <$uconfig as BotKind>::NAME )*
            }

            /// The bot's name in specs (`ismcts`).
            pub fn name(&self) -> &'static str {
                match self {
                    $( BotConfig::$variant(_) => <$config as BotKind>::NAME, )+
                    $( BotConfig::$uvariant(_) => <$uconfig as BotKind>::NAME, )*
                }
            }

            /// Whether the bot sees hidden information (never a fair
            /// opponent).
            pub fn is_cheating(&self) -> bool {
                match self {
                    $( BotConfig::$variant(_) => <$config as BotKind>::CHEATS, )+
                    $( BotConfig::$uvariant(_) => <$uconfig as BotKind>::CHEATS, )*
                }
            }

            /// An upper bound of the playouts one decision costs, worlds,
            /// trees, rollouts and belief pools included
            /// ([`crate::work`]); `None` for an external engine.
            pub fn work_per_decision(&self) -> Option<u64> {
                match self {
                    $( BotConfig::$variant(c) => c.work_per_decision(), )+
                    $( BotConfig::$uvariant(c) => c.work_per_decision(), )*
                }
            }

            /// The learned model the bot plays with (`learned`,
            /// `expert(leaf=learned)`), if any.
            pub fn model(&self) -> Option<&LoadedModel> {
                match self {
                    $( BotConfig::$variant(c) => c.model(), )+
                    $( BotConfig::$uvariant(c) => c.model(), )*
                }
            }

            /// Refuse a bot whose learned model was trained for another
            /// game, options or player count than `game`: callers check
            /// every bot of a lineup before playing, so a mismatch is a
            /// one-line error, not a failure mid-game.
            pub fn check_game(&self, game: &AnyGame) -> Result<(), ModelError> {
                match self.model() {
                    Some(m) => check_game(m.model(), game),
                    None => Ok(()),
                }
            }

            /// A fresh bot for game `G`.
            pub fn build<G: Evaluate>(&self) -> Box<dyn Bot<G>> {
                match self {
                    $( BotConfig::$variant(c) => c.build::<G>(), )+
                    $( BotConfig::$uvariant(c) => c.build::<G>(), )*
                }
            }
        }

        /// The canonical spec: every option spelled out (so a record says
        /// exactly what played), and `parse(config.to_string())` gives the
        /// config back.
        impl fmt::Display for BotConfig {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                match self {
                    $( BotConfig::$variant(c) => c.write_spec(f), )+
                    $( BotConfig::$uvariant(c) => c.write_spec(f), )*
                }
            }
        }
    };
}

registry! {
    listed:
    /// `random`: uniform over legal actions.
    Random(RandomConfig),
    /// `greedy`: one-step lookahead with the game's evaluation.
    Greedy(GreedyConfig),
    /// `pimc`: perfect-information Monte Carlo, UCT in determinizations.
    Pimc(PimcConfig),
    /// `ismcts`: single-observer information-set MCTS.
    Ismcts(IsmctsConfig),
    /// `expert`: the strongest fair bot (ISMCTS with evaluated cut-offs).
    Expert(ExpertConfig),
    /// `learned`: one-step lookahead with a learned evaluation.
    Learned(LearnedConfig),
    /// `oracle`: UCT on the true state, or (`sees=hands`) on worlds that
    /// keep every seat's private information and re-deal only chance
    /// (cheats).
    Oracle(OracleConfig);
    unlisted:
    /// `engine(name=NAME)`: an external process speaking the engine
    /// protocol (docs/protocol.md), declared with `--engine NAME=COMMAND`;
    /// the caller builds it from its [`crate::external::EnginePool`]
    /// ([`BotConfig::build`] alone gives a bot that fails at its first
    /// decision: the engine is not declared there).
    Engine(EngineConfig),
}

impl BotConfig {
    /// The fair bot a cheating bot is measured against
    /// ([`OracleConfig::fair_counterpart`]: `ismcts` with the oracle's
    /// search settings); `None` for a fair bot. The one definition of the
    /// pairing a league's "hidden information" value reads.
    pub fn fair_counterpart(&self) -> Option<BotConfig> {
        match self {
            BotConfig::Oracle(oracle) => Some(BotConfig::Ismcts(oracle.fair_counterpart())),
            _ => None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::{BOT_NAMES, BotConfig};

    /// Each oracle's fair counterpart is `ismcts` with the same search
    /// settings, whatever it sees; a fair bot has none.
    #[test]
    fn an_oracle_is_measured_against_ismcts_with_its_settings() {
        let counterpart = |spec: &str| {
            BotConfig::parse(spec)
                .unwrap()
                .fair_counterpart()
                .map(|c| c.to_string())
        };
        let ismcts_2000 = "ismcts(iterations=2000,c=0.7,rollout=random,reward=auto)";
        assert_eq!(
            counterpart("oracle(iterations=2000)").as_deref(),
            Some(ismcts_2000)
        );
        assert_eq!(
            counterpart("oracle(iterations=2000,sees=hands)").as_deref(),
            Some(ismcts_2000)
        );
        assert_eq!(
            counterpart("oracle(iterations=30,c=1.5,rollout=greedy,reward=margin,sees=hands)")
                .as_deref(),
            Some("ismcts(iterations=30,c=1.5,rollout=greedy,reward=margin)")
        );
        for fair in ["random", "greedy", "pimc", "ismcts", "expert"] {
            assert_eq!(counterpart(fair), None, "{fair}");
        }
    }

    /// Hand-chosen specs of every bot and the work of one decision
    /// ([`crate::work`]): the default first.
    const WORK: &[(&str, &[(&str, u64)])] = &[
        ("random", &[("random", 1)]),
        ("greedy", &[("greedy", 8), ("greedy(worlds=10000)", 10_000)]),
        (
            "pimc",
            &[
                ("pimc", 2000),
                ("pimc(iterations=900,worlds=30)", 900),
                ("pimc(iterations=500,rollout=greedy)", 64_000),
            ],
        ),
        (
            "ismcts",
            &[
                ("ismcts", 2000),
                ("ismcts(iterations=200000)", 200_000),
                ("ismcts(iterations=500,rollout=greedy)", 64_000),
                ("ismcts(iterations=700,rollout=policy)", 700),
            ],
        ),
        (
            "expert",
            &[
                ("expert", 2256),
                ("expert(belief=0)", 2000),
                ("expert(iterations=200000,trees=64)", 12_816_384),
                ("expert(iterations=1000,belief=0,trees=3)", 3000),
                ("expert(iterations=100,belief=1,rollout=greedy)", 13_056),
                ("expert(iterations=300,leaf=learned,model=M)", 556),
            ],
        ),
        (
            "learned",
            &[
                ("learned(model=M)", 8),
                ("learned(model=M,worlds=100)", 100),
            ],
        ),
        (
            "oracle",
            &[
                ("oracle", 2000),
                ("oracle(iterations=10,rollout=greedy)", 1280),
                ("oracle(iterations=3000,sees=hands)", 3000),
                ("oracle(iterations=10,rollout=greedy,sees=hands)", 1280),
            ],
        ),
    ];

    /// Every listed bot has a defined work, checked on its default spec and
    /// hand-chosen ones: a new bot fails here until it is added to `WORK`
    /// (`model=M` stands for a loaded model).
    #[test]
    fn every_bot_has_its_work_per_decision() {
        let model = beachcomber::testing::models::loaded_fixed_model(
            &beachcomber::testing::toy::Pebbles { players: 2 },
            "pebbles",
            beachcomber::learn::features::FeatureSet::Encoding,
        );
        let with_model = |spec: &str| spec.replace("model=M", &format!("model={}", model.label()));
        for name in BOT_NAMES {
            let (_, cases) = WORK
                .iter()
                .find(|(n, _)| n == name)
                .unwrap_or_else(|| panic!("no expected work for `{name}`"));
            let first = cases[0].0.split('(').next().unwrap();
            assert_eq!(first, *name, "the first case is the default spec");
            for (spec, work) in cases.iter() {
                let config = BotConfig::parse(&with_model(spec)).unwrap();
                assert_eq!(config.name(), *name, "{spec}");
                assert_eq!(config.work_per_decision(), Some(*work), "{spec}");
            }
        }
        assert_eq!(WORK.len(), BOT_NAMES.len());
        let engine = BotConfig::parse("engine(name=x)").unwrap();
        assert_eq!(engine.work_per_decision(), None);
    }
}
