//! The checks of a record line that need the bots (the library verifies
//! everything else, [`beachcomber::record::verify_record_events`]), and the
//! one-line message of a refused record, shared by `beachcomber replay` and
//! the web app's replay viewer so both say the same thing.

use std::fmt;

use beachcomber::spec::one_line;

use crate::registry::BotConfig;

/// The name of a seat played by a person in records (`beachcomber play`,
/// the web app).
pub const HUMAN: &str = "human";

/// Every seat of `bots` is `human`, or the canonical spec of a known bot,
/// as this program writes it (`engine(name=...)` included). The error is
/// the field's message (`field `bots`: seat 1: ...`).
pub fn check_record_bots(bots: &[String]) -> Result<(), String> {
    for (seat, bot) in bots.iter().enumerate() {
        if bot == HUMAN {
            continue;
        }
        let config =
            BotConfig::parse(bot).map_err(|e| format!("field `bots`: seat {seat}: {e}"))?;
        let canonical = config.to_string();
        if canonical != *bot {
            return Err(format!(
                "field `bots`: seat {seat}: `{}` is not written canonically (records hold `{}`)",
                one_line(bot),
                one_line(&canonical)
            ));
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
