//! The checks of a record line that need the bots (the library verifies
//! everything else, [`beachcomber::record::verify_record_events`]), and the
//! one-line message of a refused record, shared by `beachcomber replay` and
//! the web app's replay viewer so both say the same thing.

use std::fmt;

use beachcomber::spec::{SpecError, one_line};

use crate::registry::BotConfig;

/// The name of a seat played by a person in records (`beachcomber play`,
/// the web app).
pub const HUMAN: &str = "human";

/// Why a record's `bots` field is refused ([`check_record_bots`]); it
/// reads as the field's message (`field `bots`: seat 1: ...`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RecordBotsError {
    /// A seat's spec is no bot spec of the registry.
    Spec {
        /// The seat (from 0).
        seat: usize,
        /// Why the spec is refused.
        error: SpecError,
    },
    /// A seat's spec names a bot but is not written as records hold it.
    NotCanonical {
        /// The seat (from 0).
        seat: usize,
        /// The spec as the record has it.
        given: String,
        /// The spec as records hold it.
        canonical: String,
    },
}

impl fmt::Display for RecordBotsError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RecordBotsError::Spec { seat, error } => {
                write!(f, "field `bots`: seat {seat}: {error}")
            }
            RecordBotsError::NotCanonical {
                seat,
                given,
                canonical,
            } => write!(
                f,
                "field `bots`: seat {seat}: `{}` is not written canonically (records hold `{}`)",
                one_line(given),
                one_line(canonical)
            ),
        }
    }
}

impl std::error::Error for RecordBotsError {}

/// Every seat of `bots` is `human`, or the canonical spec of a known bot,
/// as this program writes it (`engine(name=...)` included).
pub fn check_record_bots(bots: &[String]) -> Result<(), RecordBotsError> {
    for (seat, bot) in bots.iter().enumerate() {
        if bot == HUMAN {
            continue;
        }
        let config =
            BotConfig::parse(bot).map_err(|error| RecordBotsError::Spec { seat, error })?;
        let canonical = config.to_string();
        if canonical != *bot {
            return Err(RecordBotsError::NotCanonical {
                seat,
                given: bot.clone(),
                canonical,
            });
        }
    }
    Ok(())
}

/// Why a record line is refused: the message, and what the one-line error
/// puts before it ([`LineError::message`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum LineError {
    /// Not a record's JSON shape.
    Json(String),
    /// A record of no game configuration.
    Game(String),
    /// A record that does not replay (its seed as text, the message).
    Replay(String, String),
}

impl LineError {
    /// The one-line error naming the file, the line and the record:
    /// `games.jsonl line 3 (record 2, seed 7): ...`.
    pub fn message(&self, file: &str, line: usize, record: usize) -> String {
        match self {
            LineError::Json(e) => format!("{file} line {line}: {e}"),
            LineError::Game(e) => format!("{file} line {line} (record {record}): {e}"),
            LineError::Replay(seed, e) => {
                format!("{file} line {line} (record {record}, seed {seed}): {e}")
            }
        }
    }

    /// The message alone.
    pub fn text(&self) -> &str {
        match self {
            LineError::Json(e) | LineError::Game(e) | LineError::Replay(_, e) => e,
        }
    }
}

impl fmt::Display for LineError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.text())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_record_of_a_bot_not_written_canonically_is_refused_in_one_line() {
        let bots = |b: &[&str]| b.iter().map(|s| s.to_string()).collect::<Vec<_>>();
        let canonical = BotConfig::parse("greedy").unwrap().to_string();
        assert_eq!(check_record_bots(&bots(&[HUMAN, &canonical])), Ok(()));
        let e = check_record_bots(&bots(&["random", "greedy"])).unwrap_err();
        assert_eq!(
            e.to_string(),
            format!(
                "field `bots`: seat 1: `greedy` is not written canonically (records hold \
                 `{canonical}`)"
            )
        );
        let e = check_record_bots(&bots(&["nobot"])).unwrap_err();
        assert!(matches!(e, RecordBotsError::Spec { seat: 0, .. }), "{e}");
        assert!(
            e.to_string()
                .starts_with("field `bots`: seat 0: unknown bot `nobot`"),
            "{e}"
        );
    }
}
