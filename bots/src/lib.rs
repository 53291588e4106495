//! Bot strategies for beachcomber games. Every bot uses only the public
//! game API ([`beachcomber::Game`], [`beachcomber::game::Evaluate`]); none
//! contains game rules.
//!
//! Bots are named by spec strings (`random`, `ismcts(iterations=2000,c=0.7)`);
//! [`BotConfig::parse`] validates one, independently of the game, and
//! [`BotConfig::build`] makes a fresh bot for a game (the runner builds one
//! per seat per game, so no state is shared between games or threads).

pub mod random;

use beachcomber::bot::Bot;
use beachcomber::game::Evaluate;
use beachcomber::spec::{Spec, SpecError};

pub use random::RandomBot;

/// Every bot name, for help texts and error messages.
pub const BOT_NAMES: &[&str] = &["random"];

/// A validated bot spec: everything needed to build the bot for any game.
#[derive(Clone, Debug, PartialEq)]
pub enum BotConfig {
    /// Uniform over legal actions.
    Random,
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
            _ => Err(SpecError::UnknownName {
                kind: "bot",
                name: spec.name.clone(),
                allowed: BOT_NAMES.iter().map(|s| s.to_string()).collect(),
            }),
        }
    }

    /// Whether the bot sees hidden information (never a fair opponent).
    pub fn is_cheating(&self) -> bool {
        false
    }

    /// A fresh bot for game `G`.
    pub fn build<G: Evaluate>(&self) -> Box<dyn Bot<G>> {
        match self {
            BotConfig::Random => Box::new(RandomBot),
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
}
