//! External bots: a bot that is a separate process speaking the engine
//! protocol (JSON Lines over its standard input and output,
//! docs/protocol.md), so that bots can be written in any language.
//!
//! An [`EnginePool`] holds one declared engine (a name and a command) and
//! its idle processes: a game's [`ExternalBot`] takes a process from the
//! pool at its first decision (starting one, with the handshake, when none
//! is idle) and gives it back when the game is done, so a run needs about
//! one process per worker thread and seat, each reused across games (the
//! `new_game` message resets it). Every failure (the process cannot start,
//! refuses the handshake, crashes, hangs past the time limit, answers
//! something that is not the expected JSON or an illegal action) is a
//! [`BotError`], never a panic; the process is then killed and not reused.
//! Each process runs in its own process group, killed whole when it ends
//! (process.rs). The processes' standard error goes to a capped log file,
//! each line prefixed with the engine's name and the process id (log.rs).

use std::fmt;
use std::path::PathBuf;
use std::sync::atomic::AtomicBool;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use beachcomber::bot::{Bot, BotError, OnFailure};
use beachcomber::game::Outcome;
use beachcomber::games::GameKind;
use beachcomber::rng::{GameRng, Rng};
use beachcomber::spec::one_line;
use serde_json::{Value, json};

mod log;
mod process;

pub use log::{EngineLog, LOG_HEAD, LOG_TAIL, Log, MAX_STDERR_LINE, open_log};
pub use process::MAX_LINE;
use process::Process;

/// The protocol version this program speaks (the `protocol` field of
/// `hello`; docs/protocol.md).
pub const PROTOCOL_VERSION: u64 = 1;

/// The default time a process has for each answer, in milliseconds.
pub const DEFAULT_TIMEOUT_MS: u64 = 60_000;

/// The least time a process has for its handshake (starting an
/// interpreter can take a while on a loaded machine): the program's
/// [`EngineSettings::min_handshake`].
pub const MIN_HANDSHAKE: Duration = Duration::from_secs(10);

/// Why an engine declaration is refused.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum EngineError {
    /// Not `NAME=COMMAND`.
    Syntax(String),
    /// The name is not a plain lowercase word, or is a built-in bot's name.
    BadName(String),
    /// The same name is declared twice.
    Duplicate(String),
    /// The log file cannot be opened.
    Log {
        /// The log's path.
        path: PathBuf,
        /// Why.
        why: String,
    },
}

impl fmt::Display for EngineError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            EngineError::Syntax(text) => write!(
                f,
                "`{}` is not NAME=COMMAND (e.g. `mybot=python3 my_bot.py`)",
                one_line(text)
            ),
            EngineError::BadName(name) => write!(
                f,
                "`{}` cannot name an engine: use lowercase letters, digits, `-` and `_`, \
                 starting with a letter, and not a built-in bot's name ({}) or `engine`/`human`",
                one_line(name),
                crate::BOT_NAMES.join(", ")
            ),
            EngineError::Duplicate(name) => {
                write!(f, "engine `{}` is declared twice", one_line(name))
            }
            EngineError::Log { path, why } => {
                write!(
                    f,
                    "cannot open the engine log `{}`: {why}",
                    beachcomber::spec::one_line_path(path)
                )
            }
        }
    }
}

impl std::error::Error for EngineError {}

/// One declared engine: `NAME=COMMAND`, parsed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EngineSpec {
    /// The name `--bots` seats it by.
    pub name: String,
    /// The program and its arguments (the command split at whitespace; no
    /// shell is involved).
    pub command: Vec<String>,
}

impl EngineSpec {
    /// Parse `NAME=COMMAND`.
    pub fn parse(text: &str) -> Result<EngineSpec, EngineError> {
        let Some((name, command)) = text.split_once('=') else {
            return Err(EngineError::Syntax(text.to_string()));
        };
        let name = name.trim();
        let command: Vec<String> = command.split_whitespace().map(str::to_string).collect();
        if name.is_empty() || command.is_empty() {
            return Err(EngineError::Syntax(text.to_string()));
        }
        let plain = name.starts_with(|c: char| c.is_ascii_lowercase())
            && name
                .chars()
                .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-' || c == '_');
        if !plain || crate::BOT_NAMES.contains(&name) || name == "engine" || name == "human" {
            return Err(EngineError::BadName(name.to_string()));
        }
        Ok(EngineSpec {
            name: name.to_string(),
            command,
        })
    }

    /// The canonical bot spec of this engine in outputs:
    /// `engine(name=NAME)`.
    pub fn bot_spec(&self) -> String {
        format!("engine(name={})", self.name)
    }
}

/// How external processes are run.
#[derive(Clone, Debug)]
pub struct EngineSettings {
    /// Time for each answer (the handshake's too, but at least
    /// `min_handshake`).
    pub timeout: Duration,
    /// The least time a process has for its handshake: [`MIN_HANDSHAKE`]
    /// in the program (tests of the handshake's limit give a short one).
    pub min_handshake: Duration,
    /// Stop the run, or forfeit the game, when a process fails.
    pub on_failure: OnFailure,
    /// Where the processes' standard error goes.
    pub log: PathBuf,
    /// Set when the run is interrupted: a wait for an engine ends at once
    /// ([`BotError::Interrupted`]).
    pub cancel: Option<&'static AtomicBool>,
    /// Shared by every engine of a run (clones of these settings share
    /// it): set at the first failure when `on_failure` is
    /// [`OnFailure::Stop`], so that every other wait on an engine ends at
    /// once ([`BotError::Interrupted`]) instead of at its time limit, and
    /// no engine is asked again.
    pub halt: Arc<AtomicBool>,
}

impl EngineSettings {
    /// Whether a failure has stopped the run ([`EngineSettings::halt`]).
    pub fn halted(&self) -> bool {
        self.halt.load(std::sync::atomic::Ordering::Relaxed)
    }
}

/// One declared engine and its idle processes (see the module docs).
pub struct EnginePool {
    spec: EngineSpec,
    settings: EngineSettings,
    log: Log,
    idle: Mutex<Vec<Process>>,
    /// The name and version the first process declared in its handshake.
    declared: Mutex<Option<String>>,
    /// Failed decisions so far (each one stopped the run or forfeited a
    /// game).
    failures: std::sync::atomic::AtomicU64,
}

impl fmt::Debug for EnginePool {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("EnginePool")
            .field("spec", &self.spec)
            .field("settings", &self.settings)
            .finish_non_exhaustive()
    }
}

impl EnginePool {
    /// A pool for `spec`, logging to `log` (from [`open_log`]); no process
    /// is started yet (see [`EnginePool::check`]).
    pub fn new(spec: EngineSpec, settings: EngineSettings, log: Log) -> Arc<EnginePool> {
        Arc::new(EnginePool {
            spec,
            settings,
            log,
            idle: Mutex::new(Vec::new()),
            declared: Mutex::new(None),
            failures: std::sync::atomic::AtomicU64::new(0),
        })
    }

    /// The engine's declaration.
    pub fn spec(&self) -> &EngineSpec {
        &self.spec
    }

    /// The settings it runs with.
    pub fn settings(&self) -> &EngineSettings {
        &self.settings
    }

    /// `NAME VERSION` as the engine declared itself in its handshake, once
    /// a process has started.
    pub fn declared(&self) -> Option<String> {
        self.declared.lock().ok().and_then(|d| d.clone())
    }

    /// How many decisions failed so far (each stopped the run or
    /// forfeited a game).
    pub fn failures(&self) -> u64 {
        self.failures.load(std::sync::atomic::Ordering::Relaxed)
    }

    /// Start one process and shake hands (then keep it for the first game),
    /// so that a wrong command or a refusal is reported before any game.
    pub fn check(&self) -> Result<(), BotError> {
        let process = self.start()?;
        self.give_back(process);
        Ok(())
    }

    /// A fresh bot for one game (its process is taken at its first
    /// decision).
    pub fn bot<G: GameKind>(self: &Arc<Self>) -> Box<dyn Bot<G>> {
        Box::new(ExternalBot::<G> {
            pool: self.clone(),
            process: None,
            seat: None,
            decisions: 0,
            _game: std::marker::PhantomData,
        })
    }

    /// Say goodbye to every idle process: close its input, give it a
    /// moment to exit, then kill its process group; then write the log's
    /// kept tail.
    pub fn shutdown(&self) {
        let idle = match self.idle.lock() {
            Ok(mut idle) => std::mem::take(&mut *idle),
            Err(_) => Vec::new(),
        };
        for mut process in idle {
            process.quit();
        }
        if let Ok(mut log) = self.log.lock() {
            log.finish();
        }
    }

    /// Write a line (given without its newline) to the log.
    fn note(&self, mut line: String) {
        line.push('\n');
        if let Ok(mut log) = self.log.lock() {
            log.write(line.as_bytes());
        }
    }

    /// Count a failed decision; when failures stop the run, every other
    /// game waiting on an engine gives up now ([`EngineSettings::halt`]).
    fn failed(&self) {
        self.failures
            .fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        if self.settings.on_failure == OnFailure::Stop {
            self.settings
                .halt
                .store(true, std::sync::atomic::Ordering::Relaxed);
        }
    }

    fn take(&self) -> Result<Process, BotError> {
        let idle = self.idle.lock().ok().and_then(|mut idle| idle.pop());
        match idle {
            Some(process) => Ok(process),
            None => self.start(),
        }
    }

    fn give_back(&self, process: Process) {
        if let Ok(mut idle) = self.idle.lock() {
            idle.push(process);
        }
    }

    /// Spawn a process and shake hands with it (a failure is also noted in
    /// the log).
    fn start(&self) -> Result<Process, BotError> {
        self.handshake().inspect_err(|e| {
            self.note(format!("[{}] cannot start a process: {e}", self.spec.name));
        })
    }

    fn handshake(&self) -> Result<Process, BotError> {
        let mut process = Process::spawn(
            &self.spec,
            &self.log,
            self.settings.timeout,
            self.settings.cancel,
            Some(self.settings.halt.clone()),
        )?;
        process.timeout = self.settings.timeout.max(self.settings.min_handshake);
        let answer = process
            .send(&json!({
                "type": "hello",
                "protocol": PROTOCOL_VERSION,
                "engine": "beachcomber",
                "engine_version": env!("CARGO_PKG_VERSION"),
            }))
            .and_then(|()| process.receive());
        process.timeout = self.settings.timeout;
        let answer = answer?;
        match answer.get("type").and_then(Value::as_str) {
            Some("hello") => {
                let name = answer.get("name").and_then(Value::as_str);
                let version = answer.get("version").and_then(Value::as_str);
                let (Some(name), Some(version)) = (name, version) else {
                    process.kill();
                    return Err(BotError::Malformed(format!(
                        "a hello needs string fields `name` and `version`: {}",
                        clip(&answer.to_string())
                    )));
                };
                if let Some(p) = answer.get("protocol")
                    && p.as_u64() != Some(PROTOCOL_VERSION)
                {
                    process.kill();
                    return Err(BotError::Refused(format!(
                        "it speaks protocol {p}, this program {PROTOCOL_VERSION}"
                    )));
                }
                let (name, version) = (one_line(name), one_line(version));
                self.note(format!(
                    "[{} pid {}] handshake: {name} {version}",
                    self.spec.name,
                    process.id()
                ));
                if let Ok(mut declared) = self.declared.lock()
                    && declared.is_none()
                {
                    *declared = Some(format!("{name} {version}"));
                }
                Ok(process)
            }
            Some("refuse") => {
                let reason = answer
                    .get("reason")
                    .and_then(Value::as_str)
                    .unwrap_or("no reason given")
                    .to_string();
                process.kill();
                Err(BotError::Refused(reason))
            }
            _ => {
                process.kill();
                Err(BotError::Malformed(format!(
                    "expected a hello or a refuse, got {}",
                    clip(&answer.to_string())
                )))
            }
        }
    }
}

impl Drop for EnginePool {
    fn drop(&mut self) {
        self.shutdown();
    }
}

/// At most 200 characters of `text`, for messages.
fn clip(text: &str) -> String {
    let mut out: String = text.chars().take(200).collect();
    if out.len() < text.len() {
        out.push_str("...");
    }
    out
}

/// A seat played by an engine process (built by [`EnginePool::bot`]).
pub struct ExternalBot<G> {
    pool: Arc<EnginePool>,
    /// Taken from the pool at the first decision.
    process: Option<Process>,
    /// The seat, once the game's first decision told it (`new_game` sent).
    seat: Option<usize>,
    decisions: u32,
    _game: std::marker::PhantomData<fn() -> G>,
}

impl<G: GameKind> ExternalBot<G> {
    fn decide(
        &mut self,
        game: &G,
        state: &G::State,
        rng: &mut GameRng,
    ) -> Result<G::Action, BotError> {
        let seat = game
            .to_move(state)
            .ok_or_else(|| BotError::Io("asked to decide in a finished game".to_string()))?;
        if self.pool.settings.halted() {
            // Another engine failed and the run stops: ask nothing more.
            if let Some(mut process) = self.process.take() {
                process.kill();
            }
            return Err(BotError::Interrupted);
        }
        let mut process = match self.process.take() {
            Some(p) => p,
            None => self.pool.take().inspect_err(|e| {
                if *e != BotError::Interrupted {
                    self.pool.failed();
                }
            })?,
        };
        let result = (|| {
            process.expect_silence()?;
            if self.seat.is_none() {
                process.send(&json!({
                    "type": "new_game",
                    "game": game.name(),
                    "spec": game.canonical_spec(),
                    "options": game.options_json(),
                    "players": game.players(),
                    "seat": seat,
                }))?;
                self.seat = Some(seat);
            }
            let legal = game.legal_actions(state);
            let texts: Vec<String> = legal.iter().map(|a| a.to_string()).collect();
            process.send(&json!({
                "type": "decide",
                "decision": self.decisions,
                "seed": rng.next_u64(),
                "observation": game.observation_json(state, seat),
                "legal": texts,
            }))?;
            let answer = process.receive()?;
            let action = match (
                answer.get("type").and_then(Value::as_str),
                answer.get("action").and_then(Value::as_str),
            ) {
                (Some("action"), Some(action)) => action,
                _ => {
                    return Err(BotError::Malformed(format!(
                        "expected {{\"type\": \"action\", \"action\": TEXT}}, got {}",
                        clip(&answer.to_string())
                    )));
                }
            };
            match texts.iter().position(|t| t == action) {
                Some(i) => Ok(legal[i]),
                None => Err(BotError::Illegal {
                    action: clip(action),
                }),
            }
        })();
        match result {
            Ok(action) => {
                self.decisions += 1;
                self.process = Some(process);
                Ok(action)
            }
            Err(e) => {
                // A failed (or interrupted) process is not reused; its last
                // standard error lines reach the log before the failure is
                // noted there.
                let pid = process.id();
                process.kill();
                if e != BotError::Interrupted {
                    self.pool.failed();
                }
                let what = if e != BotError::Interrupted {
                    "failed"
                } else if self.pool.settings.halted() {
                    "stopped (another engine failed, and the run stops)"
                } else {
                    "stopped (the run was interrupted)"
                };
                self.pool.note(format!(
                    "[{} pid {pid}] {what} at its decision {} of a game: {e}",
                    self.pool.spec.name, self.decisions
                ));
                Err(e)
            }
        }
    }
}

impl<G: GameKind> Bot<G> for ExternalBot<G> {
    /// The infallible path (callers other than the runner): on a failure
    /// the first legal action. The runner uses [`Bot::try_choose`].
    fn choose(&mut self, game: &G, state: &G::State, rng: &mut GameRng) -> G::Action {
        match self.decide(game, state, rng) {
            Ok(action) => action,
            Err(_) => game.legal_actions(state)[0],
        }
    }

    fn try_choose(
        &mut self,
        game: &G,
        state: &G::State,
        rng: &mut GameRng,
    ) -> Result<G::Action, BotError> {
        self.decide(game, state, rng)
    }

    fn on_failure(&self) -> OnFailure {
        self.pool.settings.on_failure
    }

    fn game_over(&mut self, game: &G, state: &G::State, outcome: &Outcome) {
        let (Some(process), Some(seat)) = (self.process.as_mut(), self.seat) else {
            return;
        };
        let winners: Vec<usize> = outcome.winners.iter().collect();
        let message = json!({
            "type": "game_over",
            "scores": &outcome.scores[..],
            "winners": winners,
            "observation": game.observation_json(state, seat),
        });
        if process.send(&message).is_err()
            && let Some(mut process) = self.process.take()
        {
            process.kill();
        }
    }
}

impl<G> Drop for ExternalBot<G> {
    fn drop(&mut self) {
        if let Some(process) = self.process.take() {
            self.pool.give_back(process);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn engine_declarations_parse_or_say_why_not() {
        let spec = EngineSpec::parse("py=python3  bot.py --fast").unwrap();
        assert_eq!(spec.name, "py");
        assert_eq!(spec.command, ["python3", "bot.py", "--fast"]);
        assert_eq!(spec.bot_spec(), "engine(name=py)");
        for bad in ["py", "=x", "py=", "py=  "] {
            assert!(
                matches!(EngineSpec::parse(bad), Err(EngineError::Syntax(_))),
                "{bad}"
            );
        }
        for bad in ["greedy=x", "Py=x", "1a=x", "a b=x", "engine=x", "human=x"] {
            assert!(
                matches!(EngineSpec::parse(bad), Err(EngineError::BadName(_))),
                "{bad}"
            );
        }
    }
}
