//! The configurations of the search bots (`pimc`, `ismcts`, `oracle`) for
//! the registry: their options, parsed and printed canonically.

use std::fmt;

use beachcomber::bot::Bot;
use beachcomber::game::Evaluate;
use beachcomber::spec::{Spec, SpecError};

use crate::kind::BotKind;
use crate::mcts::{MctsBot, Mode, Reward, Rollout, SearchParams};

/// The largest iteration budget accepted (the tree holds one node per
/// iteration, 32 bytes or so each).
pub const MAX_ITERATIONS: u64 = 10_000_000;

/// Default number of determinizations for `pimc`.
pub const DEFAULT_PIMC_WORLDS: u32 = 20;

/// The words of the `reward` option: `auto` (the default) is `win` with two
/// or more players and `margin` in solo games; then [`Reward::NAMES`].
const REWARD_WORDS: [&str; 3] = ["auto", Reward::NAMES[0], Reward::NAMES[1]];

/// The option names of the search bots besides `worlds`.
const SEARCH_KEYS: [&str; 4] = ["iterations", "c", "rollout", "reward"];

/// The search options every search bot takes.
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

/// `c=...,rollout=...,reward=...`: the canonical tail of a search spec
/// (without its closing parenthesis).
fn write_search(f: &mut fmt::Formatter<'_>, p: &SearchParams) -> fmt::Result {
    let reward = match p.reward {
        None => REWARD_WORDS[0],
        Some(r) => r.name(),
    };
    write!(f, "c={},rollout={},reward={reward}", p.c, p.rollout.name())
}

/// `pimc`: UCT in `worlds` determinizations.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct PimcConfig {
    /// Determinizations (the iterations are split between them).
    pub worlds: u32,
    /// Search settings.
    pub params: SearchParams,
}

impl BotKind for PimcConfig {
    const NAME: &'static str = "pimc";

    fn from_spec(spec: &Spec) -> Result<Self, SpecError> {
        let mut keys = SEARCH_KEYS.to_vec();
        keys.insert(1, "worlds");
        spec.check_keys(&keys)?;
        let params = search_params(spec)?;
        let worlds = spec.u64_in(
            "worlds",
            DEFAULT_PIMC_WORLDS.min(params.iterations) as u64,
            1,
            params.iterations as u64,
        )? as u32;
        Ok(PimcConfig { worlds, params })
    }

    fn write_spec(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "pimc(iterations={},worlds={},",
            self.params.iterations, self.worlds
        )?;
        write_search(f, &self.params)?;
        f.write_str(")")
    }

    fn work_per_decision(&self) -> Option<u64> {
        Some(crate::work::search_work(
            self.params.iterations,
            self.params.rollout,
        ))
    }

    fn build<G: Evaluate>(&self) -> Box<dyn Bot<G>> {
        Box::new(self.bot::<G>())
    }
}

impl PimcConfig {
    /// The bot itself (not boxed), for callers that read its root
    /// statistics ([`crate::seat_bot`]).
    pub fn bot<G: Evaluate>(&self) -> MctsBot<G> {
        MctsBot::new(
            Mode::Pimc {
                worlds: self.worlds,
            },
            self.params,
        )
    }
}

/// `ismcts`: single-observer information-set MCTS.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct IsmctsConfig(pub SearchParams);

impl BotKind for IsmctsConfig {
    const NAME: &'static str = "ismcts";

    fn from_spec(spec: &Spec) -> Result<Self, SpecError> {
        spec.check_keys(&SEARCH_KEYS)?;
        search_params(spec).map(IsmctsConfig)
    }

    fn write_spec(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "ismcts(iterations={},", self.0.iterations)?;
        write_search(f, &self.0)?;
        f.write_str(")")
    }

    fn work_per_decision(&self) -> Option<u64> {
        Some(crate::work::search_work(self.0.iterations, self.0.rollout))
    }

    fn build<G: Evaluate>(&self) -> Box<dyn Bot<G>> {
        Box::new(self.bot::<G>())
    }
}

impl IsmctsConfig {
    /// The bot itself (not boxed), for callers that read its root
    /// statistics ([`crate::seat_bot`]).
    pub fn bot<G: Evaluate>(&self) -> MctsBot<G> {
        MctsBot::new(Mode::Ismcts, self.0)
    }
}

beachcomber::named_enum! {
    /// What `oracle` sees (spec words `all`, `hands`).
    pub enum Sees {
        /// The true state: every seat's private information, and the bag's
        /// or deck's order and every future draw (UCT on the true state).
        All = "all",
        /// Every seat's private information (the others' hands, secret
        /// cards and hidden backs, the true ones) but not the future: each
        /// iteration re-deals what no seat has seen
        /// ([`beachcomber::game::Game::determinize_chance`]).
        Hands = "hands",
    }
}

/// `oracle`: it sees hidden information (cheats). `sees=all` (the default):
/// UCT on the true state; `sees=hands`: the other seats' private
/// information but not the future.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct OracleConfig {
    /// Search settings.
    pub params: SearchParams,
    /// What it sees.
    pub sees: Sees,
}

impl BotKind for OracleConfig {
    const NAME: &'static str = "oracle";
    const CHEATS: bool = true;

    fn from_spec(spec: &Spec) -> Result<Self, SpecError> {
        let mut keys = SEARCH_KEYS.to_vec();
        keys.push("sees");
        spec.check_keys(&keys)?;
        Ok(OracleConfig {
            params: search_params(spec)?,
            sees: Sees::ALL[spec.choice("sees", &Sees::NAMES, 0)?],
        })
    }

    fn write_spec(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "oracle(iterations={},", self.params.iterations)?;
        // `sees` is spelled out only when it is not its default, `all`
        // (like `expert`'s `trees`): the specs of earlier results keep
        // their text. It comes last, before the closing parenthesis.
        write_search(f, &self.params)?;
        if self.sees != Sees::All {
            write!(f, ",sees={}", self.sees.name())?;
        }
        f.write_str(")")
    }

    fn work_per_decision(&self) -> Option<u64> {
        // A world dealt per iteration (`sees=hands`) is no playout: the
        // same count as `ismcts`, whose worlds are dealt the same way.
        Some(crate::work::search_work(
            self.params.iterations,
            self.params.rollout,
        ))
    }

    fn build<G: Evaluate>(&self) -> Box<dyn Bot<G>> {
        Box::new(self.bot::<G>())
    }
}

impl OracleConfig {
    /// The fair bot the oracle is measured against: `ismcts` with the same
    /// search settings (budget, exploration, rollout, reward), one tree
    /// over worlds dealt from the seat's observation. The oracle's edge
    /// over it is what seeing the hidden things is worth (every hidden
    /// thing with `sees=all`, the other seats' private information with
    /// `sees=hands`).
    pub fn fair_counterpart(&self) -> IsmctsConfig {
        IsmctsConfig(self.params)
    }

    /// The bot itself (not boxed), for callers that read its root
    /// statistics ([`crate::seat_bot`]).
    pub fn bot<G: Evaluate>(&self) -> MctsBot<G> {
        let mode = match self.sees {
            Sees::All => Mode::Oracle,
            Sees::Hands => Mode::OracleHands,
        };
        MctsBot::new(mode, self.params)
    }
}
