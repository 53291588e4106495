//! What is wrong with a sweep.

use std::fmt;

use crate::spec::one_line;

/// What is wrong with a sweep.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SweepError {
    /// A `--vary` text without the `KEY=VALUES` shape.
    Malformed {
        /// The text as given.
        text: String,
        /// What is wrong.
        why: String,
    },
    /// A range with no values, reversed, or with a zero step.
    BadRange {
        /// The range as given.
        range: String,
        /// What is wrong.
        why: String,
    },
    /// The same option varied twice.
    Duplicate(String),
    /// The option is not one of the game's.
    UnknownOption {
        /// The option.
        key: String,
        /// The game.
        game: String,
        /// Its options.
        allowed: Vec<String>,
    },
    /// A combination the game refuses (a value out of range, a player
    /// count it does not allow).
    Combination {
        /// The combination, as `key=value, ...`.
        combination: String,
        /// The game's reason.
        why: String,
    },
    /// A lineup that does not fit a player count.
    Lineup {
        /// The combination.
        combination: String,
        /// Specs in the lineup.
        given: usize,
    },
    /// More combinations than allowed.
    TooMany {
        /// Combinations asked for.
        count: u128,
        /// The cap.
        cap: usize,
    },
    /// No player count, or no lineup.
    Empty(&'static str),
    /// A player count that is not a number.
    NotAPlayerCount(String),
}

impl fmt::Display for SweepError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SweepError::Malformed { text, why } => {
                write!(f, "`{}`: {}", one_line(text), one_line(why))
            }
            SweepError::BadRange { range, why } => {
                write!(f, "range `{}`: {}", one_line(range), one_line(why))
            }
            SweepError::Duplicate(key) => {
                write!(
                    f,
                    "`{}` is varied twice (give all its values in one --vary)",
                    one_line(key)
                )
            }
            SweepError::UnknownOption { key, game, allowed } => {
                use crate::suggest::{KeyPlace, nearest, unknown_key};
                let names = || allowed.iter().map(String::as_str);
                f.write_str(&unknown_key(KeyPlace::SweepOption(game), key, allowed))?;
                // `compensaton.1`: the option's name suggested, with its entry.
                match key.split_once('.') {
                    Some((option, entry)) if nearest(key, names()).is_none() => {
                        match nearest(option, names()) {
                            Some(name) => write!(f, "; did you mean `{name}.{}`?", one_line(entry)),
                            None => Ok(()),
                        }
                    }
                    _ => Ok(()),
                }
            }
            SweepError::Combination { combination, why } => {
                write!(
                    f,
                    "combination {}: {}",
                    one_line(combination),
                    one_line(why)
                )
            }
            SweepError::Lineup { combination, given } => write!(
                f,
                "combination {}: a lineup of {given} specs does not fit (give one spec \
                 for every seat, one per seat, or two: the first against the second in every \
                 other seat)",
                one_line(combination)
            ),
            SweepError::TooMany { count, cap } => write!(
                f,
                "{count} combinations, more than the cap of {cap} (vary fewer values, or give \
                 --force to play them all)"
            ),
            SweepError::Empty(what) => write!(f, "no {what} to sweep"),
            SweepError::NotAPlayerCount(v) => {
                write!(f, "`{}` is not a player count", one_line(v))
            }
        }
    }
}

impl std::error::Error for SweepError {}
