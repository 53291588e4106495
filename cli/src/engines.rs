//! External bots on the command line: `--engine NAME=COMMAND` (repeatable),
//! `--engine-timeout MS`, `--on-engine-error stop|forfeit` and
//! `--engine-log FILE`, flattened into `tournament`, `league`, `sweep` and
//! `play`. A declared engine is seated with `--bots NAME` (or its canonical spec
//! `engine(name=NAME)`, as outputs write it): [`Engines::aliases`] resolves
//! the bare names while `--bots` is parsed. The processes and the
//! protocol are the bots crate's [`beachcomber_bots::external`];
//! docs/protocol.md describes both.

use beachcomber::spec::one_line;
use std::path::PathBuf;
use std::sync::Arc;
use std::time::Duration;

use beachcomber::bot::OnFailure;
use beachcomber_bots::external::{
    DEFAULT_TIMEOUT_MS, EngineError, EngineSettings, EngineSpec, MIN_HANDSHAKE,
};
pub use beachcomber_store::engines::Engines;
use clap::{Args, ValueEnum};

/// The log file of the engines' standard error when `--engine-log` is not
/// given (in the current directory).
pub const DEFAULT_LOG: &str = "beachcomber-engines.log";

/// What a failing engine does to the run.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, ValueEnum)]
pub enum OnEngineError {
    /// Stop with a one-line error. A tournament, league or sweep keeps its
    /// finished games in its `.partial` files with a checkpoint (fix the
    /// engine, then the same command plus `--resume`); `play` writes the
    /// game so far with `--record`.
    #[default]
    Stop,
    /// Score the game as lost by the failing engine and go on.
    Forfeit,
}

/// The engine options.
#[derive(Args, Debug, Default, Clone)]
pub struct EngineArgs {
    /// Declare an external bot (a process speaking docs/protocol.md), seated
    /// with `--bots NAME`. COMMAND is split at spaces (no shell). Repeatable.
    #[arg(long = "engine", value_name = "NAME=COMMAND")]
    pub engine: Vec<String>,
    /// Time an engine has for each answer, in milliseconds.
    #[arg(long, value_name = "MS", default_value_t = DEFAULT_TIMEOUT_MS,
          value_parser = clap::value_parser!(u64).range(1..=86_400_000))]
    pub engine_timeout: u64,
    /// When an engine crashes, hangs, answers malformed JSON or an illegal
    /// action: stop the run, or forfeit that game (a loss for the engine).
    #[arg(long, value_enum, value_name = "WHAT", default_value_t = OnEngineError::Stop)]
    pub on_engine_error: OnEngineError,
    /// Append the engines' standard error here [default: beachcomber-engines.log].
    #[arg(long, value_name = "FILE")]
    pub engine_log: Option<PathBuf>,
}

/// Why the `--engine` declarations are refused.
#[derive(Debug, thiserror::Error)]
pub enum EngineFlagError {
    /// A declaration that does not parse.
    #[error("--engine: {0}")]
    Declaration(EngineError),
    /// One name declared twice.
    #[error("--engine: engine `{}` is declared twice", one_line(.0))]
    Twice(String),
}

impl EngineArgs {
    /// Parse the declarations; no file is opened and no process starts yet.
    pub fn start(&self) -> Result<Engines, EngineFlagError> {
        if self.engine.is_empty() {
            return Ok(Engines::default());
        }
        let mut specs: Vec<EngineSpec> = Vec::new();
        for text in &self.engine {
            let spec = EngineSpec::parse(text).map_err(EngineFlagError::Declaration)?;
            if specs.iter().any(|s| s.name == spec.name) {
                return Err(EngineFlagError::Twice(spec.name));
            }
            specs.push(spec);
        }
        let log_path = self
            .engine_log
            .clone()
            .unwrap_or_else(|| PathBuf::from(DEFAULT_LOG));
        let settings = EngineSettings {
            timeout: Duration::from_millis(self.engine_timeout),
            min_handshake: MIN_HANDSHAKE,
            on_failure: match self.on_engine_error {
                OnEngineError::Stop => OnFailure::Stop,
                OnEngineError::Forfeit => OnFailure::Forfeit,
            },
            log: log_path.clone(),
            cancel: Some(&crate::signals::CANCEL),
            // One flag for every engine of the run (the clones share it).
            halt: Arc::default(),
        };
        Ok(Engines::new(specs, settings, log_path))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use beachcomber_bots::{BotConfig, EngineConfig};
    use beachcomber_store::engines::EnginesError;

    fn args(engines: &[&str]) -> EngineArgs {
        EngineArgs {
            engine: engines.iter().map(|s| s.to_string()).collect(),
            engine_timeout: 1000,
            on_engine_error: OnEngineError::Stop,
            engine_log: Some(std::env::temp_dir().join("beachcomber-engines-unit-test.log")),
        }
    }

    #[test]
    fn bare_names_are_engines_when_declared() {
        use beachcomber_bots::{Lineup, parse_list_with};
        let engines = args(&["py=python3 x.py"]).start().unwrap();
        let lineup = Lineup::parse_with(" py , greedy(worlds=2)", 2, engines.aliases()).unwrap();
        assert_eq!(lineup.specs(), ["engine(name=py)", "greedy(worlds=2)"]);
        // The canonical spec and the bare name are the same bot.
        assert_eq!(
            parse_list_with("py,engine(name=py)", engines.aliases()).unwrap(),
            vec![lineup.seats()[0].clone(); 2]
        );
        // An undeclared name is no bot; an undeclared engine is refused by
        // `check`, which says how to declare it.
        let none = EngineArgs::default().start().unwrap();
        let e = Lineup::parse_with("py", 2, none.aliases()).unwrap_err();
        assert_eq!(
            e.to_string(),
            "unknown bot `py` (known: random, greedy, pimc, ismcts, expert, learned, oracle)"
        );
        // An unknown name lists the declared engines after the registry's
        // bots, and suggests the nearest.
        let e = parse_list_with("other", engines.aliases()).unwrap_err();
        assert_eq!(
            e.to_string(),
            "unknown bot `other` (known: random, greedy, pimc, ismcts, expert, learned, oracle, py)"
        );
        let engines = args(&["mine=python3 x.py", "py=x"]).start().unwrap();
        let e = parse_list_with("random,mnie", engines.aliases()).unwrap_err();
        assert_eq!(
            e.to_string(),
            "unknown bot `mnie` (known: random, greedy, pimc, ismcts, expert, learned, oracle, mine, \
             py); did you mean `mine`?"
        );
    }

    /// The binary gives a handshake at least 10 s, whatever
    /// `--engine-timeout` (docs/protocol.md), and says so in its error: the
    /// wait itself and the process group it ends are tested with a short
    /// minimum in bots/tests/handshake.rs.
    #[test]
    fn the_handshake_gets_at_least_ten_seconds() {
        assert_eq!(MIN_HANDSHAKE, Duration::from_secs(10));
        let timed_out = beachcomber::bot::BotError::Timeout {
            ms: Duration::from_millis(500).max(MIN_HANDSHAKE).as_millis() as u64,
        };
        assert_eq!(
            timed_out.to_string(),
            "no answer within 10000 ms (timed out)"
        );
    }

    #[test]
    fn bad_declarations_are_one_line_errors() {
        let e = args(&["py"]).start().unwrap_err().to_string();
        assert!(e.starts_with("--engine: `py` is not NAME=COMMAND"), "{e}");
        let e = args(&["py=a", "py=b"]).start().unwrap_err();
        assert!(
            matches!(&e, EngineFlagError::Twice(name) if name == "py"),
            "{e}"
        );
        assert_eq!(e.to_string(), "--engine: engine `py` is declared twice");
        let e = args(&["random=x"]).start().unwrap_err().to_string();
        assert!(e.contains("cannot name an engine"), "{e}");
        let engines = args(&["py=x"]).start().unwrap();
        let e = engines
            .check(&[BotConfig::Engine(EngineConfig {
                name: "other".into(),
            })])
            .unwrap_err();
        assert!(
            matches!(&e, EnginesError::NotDeclared { name } if name == "other"),
            "{e}"
        );
        assert_eq!(
            e.to_string(),
            "--bots: engine `other` is not declared (give --engine other=COMMAND)"
        );
    }
}
