//! The bots of this library's games, compiled in this crate: a
//! [`CompiledBots`] game's [`CompiledBots::compiled_bot`] is an ordinary
//! (not generic) function of this crate, so every bot it builds (the
//! searches, their rollouts and belief pools) is machine code of this
//! crate, at this crate's optimization level, once. A caller that built
//! its bots with the generic [`BotConfig::build`] instead compiles them
//! again itself, at its own level: the run store and the binary are built
//! at opt-level 0 or 1 in the test suite's profile (Cargo.toml,
//! `[profile.ci]`), where a bot compiled there plays several times slower
//! than one compiled here. Same bots, same moves: only where the code is
//! compiled differs.

use beachcomber::bot::Bot;
use beachcomber::game::Evaluate;
use beachcomber::games::seashells::Seashells;
use beachcomber::games::seaside::Seaside;
use beachcomber::games::shell_dash::ShellDash;

use crate::BotConfig;

/// A game whose bots this crate compiles ([`CompiledBots::compiled_bot`]).
pub trait CompiledBots: Evaluate {
    /// A fresh bot of `config` for this game: `config.build::<Self>()`,
    /// compiled in this crate.
    fn compiled_bot(config: &BotConfig) -> Box<dyn Bot<Self>>;
}

impl CompiledBots for Seashells {
    fn compiled_bot(config: &BotConfig) -> Box<dyn Bot<Seashells>> {
        config.build::<Seashells>()
    }
}

impl CompiledBots for Seaside {
    fn compiled_bot(config: &BotConfig) -> Box<dyn Bot<Seaside>> {
        config.build::<Seaside>()
    }
}

impl CompiledBots for ShellDash {
    fn compiled_bot(config: &BotConfig) -> Box<dyn Bot<ShellDash>> {
        config.build::<ShellDash>()
    }
}
