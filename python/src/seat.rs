//! Python callables seated in a run, in-process: each is named in the
//! lineup as an external bot, `engine(name=NAME)` (a bot the library does
//! not hold, as the command line's `--engine NAME=COMMAND` is; the tables
//! and records write that spec), and the run's bot factory builds a
//! [`PySeat`] for it: at each of its decisions it hands the call to the
//! calling thread ([`crate::calls`]), which gives the callable a `State` of
//! the position and reads back an action index. The other seats' bots
//! think in Rust with the GIL released.
//!
//! Reproducible: the callable is given the state (and, when `seeded`, a
//! seed drawn from the generator the runner seeded for this decision), and
//! nothing of the thread or the order of calls, so a callable whose answer
//! depends only on those plays the same games at any thread count.

use std::sync::{Arc, Mutex};
use std::time::Duration;

use beachcomber::bot::{Bot, BotError, OnFailure};
use beachcomber::encode::Encode;
use beachcomber::games::GameKind;
use beachcomber::rng::{GameRng, Rng};
use beachcomber::tournament::{PartGame, TypedPart};
use beachcomber_bots::{Aliases, BotConfig, BotSet, EngineConfig};
use pyo3::prelude::*;

use crate::calls::{Answer, Hub};
use crate::errors::spec_error;
use crate::rules::{Engine, Played};
use crate::state::PyState;

/// A Python callable seated in a run.
pub struct Policy {
    /// Its name in the lineup (`engine(name=NAME)`).
    pub name: String,
    /// The callable: `policy(state)`, or `policy(state, seed)` when
    /// `seeded`.
    pub callable: Py<PyAny>,
    /// Whether it is given the decision's seed too.
    pub seeded: bool,
    /// Its time for each decision: past it the game is forfeited.
    pub time_limit: Option<Duration>,
}

/// The least and most time limit of a Python policy, in seconds: those of
/// the command line's `--engine-timeout` (1 ms to one day).
pub const TIME_LIMIT: (f64, f64) = (0.001, 86_400.0);

/// `seconds` if it is a policy's time limit ([`TIME_LIMIT`]), else
/// `SpecError` (`time_limit: ...`): `beachcomber.policy` checks it so.
#[pyfunction]
pub fn check_time_limit(seconds: f64) -> PyResult<f64> {
    time_limit(seconds).map(|_| seconds)
}

/// `seconds` as a policy's time limit, or `SpecError` (`time_limit: ...`).
pub fn time_limit(seconds: f64) -> PyResult<Duration> {
    let (least, most) = TIME_LIMIT;
    if !(least..=most).contains(&seconds) {
        return Err(spec_error(format!(
            "time_limit: {seconds} is not from {least} to {most} seconds (None: no limit)"
        )));
    }
    Ok(Duration::from_secs_f64(seconds))
}

/// Why a Python seat gave no action (the first of a run, which stops it).
pub enum Failure {
    /// The callable raised: its exception, raised again to the caller.
    Raised(PyErr),
    /// It answered an action that is not legal there (`illegal action 99
    /// (...)`).
    Illegal(String),
    /// It answered something that is no action index.
    Malformed(String),
}

/// The Python callables of a run by name, and the first failure of one of
/// them.
pub struct Policies {
    policies: Vec<Arc<Policy>>,
    error: Mutex<Option<Failure>>,
    /// Their calls, made by the calling thread.
    pub hub: Hub,
}

impl Policies {
    /// The callables `(name, callable, seeded, time_limit)`, their names
    /// checked: each a valid `engine(name=NAME)`, none a registry bot's
    /// name, each once; and their time limits ([`time_limit`]).
    pub fn new(given: Vec<(String, Py<PyAny>, bool, Option<f64>)>) -> PyResult<Policies> {
        let mut policies: Vec<Arc<Policy>> = Vec::new();
        for (name, callable, seeded, limit) in given {
            check_name(&name)?;
            if policies.iter().any(|p| p.name == name) {
                return Err(spec_error(format!(
                    "bots: two Python policies are named `{name}`: name each once \
                     (beachcomber.policy(fn, name=...))"
                )));
            }
            policies.push(Arc::new(Policy {
                name,
                callable,
                seeded,
                time_limit: limit.map(time_limit).transpose()?,
            }));
        }
        Ok(Policies {
            policies,
            error: Mutex::new(None),
            hub: Hub::default(),
        })
    }

    /// Whether one of them has a time limit.
    pub fn timed(&self) -> bool {
        self.policies.iter().any(|p| p.time_limit.is_some())
    }

    fn get(&self, name: &str) -> Option<&Arc<Policy>> {
        self.policies.iter().find(|p| p.name == name)
    }

    /// Check that every engine `bots` seats is one of these callables (an
    /// external engine, `engine(name=NAME)` of the command line's
    /// `--engine`, has no process here).
    pub fn check(&self, bots: &BotSet) -> PyResult<()> {
        for config in bots.configs() {
            if let BotConfig::Engine(EngineConfig { name }) = config
                && self.get(name).is_none()
            {
                return Err(spec_error(format!(
                    "bots: `engine(name={name})` is no Python callable of this run: seat the \
                     callable itself (external engines run from the command line's --engine)"
                )));
            }
        }
        Ok(())
    }

    /// Why a Python seat failed, if one did (taken: once).
    pub fn take_error(&self) -> Option<Failure> {
        self.error.lock().ok().and_then(|mut e| e.take())
    }

    /// Keep `error` (unless a failure is kept already) and give the
    /// runner's error for it.
    fn fail(&self, error: Failure) -> BotError {
        let bot_error = match &error {
            Failure::Raised(_) => BotError::Crashed("the Python policy raised".into()),
            Failure::Illegal(why) => BotError::Malformed(why.clone()),
            Failure::Malformed(why) => BotError::Malformed(why.clone()),
        };
        self.keep_error(error);
        bot_error
    }

    fn keep_error(&self, error: Failure) {
        if let Ok(mut slot) = self.error.lock()
            && slot.is_none()
        {
            *slot = Some(error);
        }
    }
}

/// `name` as a policy's name: the spec `engine(name=NAME)` reads back as
/// itself, and no registry bot has it (a lineup's `random` is always the
/// library's).
fn check_name(name: &str) -> PyResult<()> {
    let spec = format!("engine(name={name})");
    let reads_back = BotConfig::parse(&spec).is_ok_and(|c| c.to_string() == spec);
    let plain = name
        .chars()
        .all(|c| c.is_ascii_alphanumeric() || matches!(c, '_' | '-' | '.'));
    if !reads_back || !plain || name.is_empty() {
        return Err(spec_error(format!(
            "bots: `{}` cannot name a Python policy (letters, digits, `_`, `-` and `.`: \
             name it with beachcomber.policy(fn, name=...))",
            beachcomber::spec::one_line(name)
        )));
    }
    if BotConfig::is_registered(name) {
        return Err(spec_error(format!(
            "bots: a Python policy cannot be named `{name}`, a bot of the library's name \
             (name it with beachcomber.policy(fn, name=...))"
        )));
    }
    Ok(())
}

impl Aliases for Policies {
    fn resolve(&self, spec: &str) -> Option<BotConfig> {
        self.get(spec).map(|p| {
            BotConfig::Engine(EngineConfig {
                name: p.name.clone(),
            })
        })
    }

    fn names(&self) -> Vec<String> {
        self.policies.iter().map(|p| p.name.clone()).collect()
    }
}

/// A part's game with its bots: a Python seat for each policy's name, the
/// registry's bot for every other spec.
pub fn part_with_policies<'a, G: GameKind + Encode>(
    game: &'a G,
    bots: &'a BotSet,
    policies: &'a Arc<Policies>,
) -> Box<dyn PartGame + 'a> {
    let engine = Arc::new(Engine::new(game.clone()));
    Box::new(TypedPart {
        game,
        bot: move |spec: &str| -> Box<dyn Bot<G>> {
            let config = bots
                .get(spec)
                .expect("every lineup spec has a configuration");
            if let BotConfig::Engine(EngineConfig { name }) = config
                && let Some(policy) = policies.get(name)
            {
                return Box::new(PySeat {
                    engine: Arc::clone(&engine),
                    policy: Arc::clone(policy),
                    policies: Arc::clone(policies),
                    timed_out: false,
                });
            }
            config.build::<G>()
        },
    })
}

/// A seat played by a Python callable.
struct PySeat<G: GameKind + Encode> {
    engine: Arc<Engine<G>>,
    policy: Arc<Policy>,
    policies: Arc<Policies>,
    /// Whether its last decision failed by its time limit (a forfeit).
    timed_out: bool,
}

impl<G: GameKind + Encode> PySeat<G> {
    /// The callable's answer for `state`, as an index of the action space,
    /// from the calling thread ([`Hub::ask`]).
    fn ask(&self, state: &G::State, rng: &mut GameRng) -> Result<i64, BotError> {
        let decision = rng.clone();
        let seed = rng.next_u64();
        let (engine, policy, state) = (
            Arc::clone(&self.engine),
            Arc::clone(&self.policy),
            state.clone(),
        );
        let job = Box::new(move |py: Python<'_>| {
            let position = PyState {
                table: Box::new(Played::position(engine, state, decision)),
            };
            let called = if policy.seeded {
                policy.callable.call1(py, (position, seed))
            } else {
                policy.callable.call1(py, (position,))
            };
            match called {
                Err(error) => Answer::Raised(error),
                Ok(answer) => answer.extract::<i64>(py).map_or_else(
                    |_| {
                        let shown = answer
                            .bind(py)
                            .repr()
                            .map_or_else(|_| "?".to_string(), |r| r.to_string());
                        Answer::Malformed(beachcomber::spec::one_line(&shown))
                    },
                    Answer::Index,
                ),
            }
        });
        match self.policies.hub.ask(job, self.policy.time_limit)? {
            Answer::Index(index) => Ok(index),
            Answer::Raised(error) => Err(self.policies.fail(Failure::Raised(error))),
            Answer::Malformed(shown) => Err(self.policies.fail(Failure::Malformed(format!(
                "the policy returned {shown}, not an action index"
            )))),
            Answer::Stopped => Err(BotError::Interrupted),
        }
    }
}

impl<G: GameKind + Encode> Bot<G> for PySeat<G> {
    fn choose(&mut self, game: &G, state: &G::State, rng: &mut GameRng) -> G::Action {
        match self.try_choose(game, state, rng) {
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
        let asked = self.ask(state, rng);
        self.timed_out = matches!(asked, Err(BotError::Timeout { .. }));
        let index = asked?;
        let space = &self.engine.space;
        let Some(action) = u32::try_from(index).ok().and_then(|i| space.action(i)) else {
            return Err(self.policies.fail(Failure::Illegal(format!(
                "action {index} is not in the action space (0 to {})",
                space.len() - 1
            ))));
        };
        let legal = game.legal_actions(state);
        if !legal.contains(&action) {
            let legal: Vec<String> = legal.iter().map(|&a| space.index(a).to_string()).collect();
            return Err(self.policies.fail(Failure::Illegal(format!(
                "illegal action {index} (`{action}`; legal: {})",
                legal.join(" ")
            ))));
        }
        Ok(action)
    }

    /// A decision past the time limit forfeits the game (as an engine's
    /// `--engine-timeout` with `--on-engine-error forfeit`); any other
    /// failure stops the run.
    fn on_failure(&self) -> OnFailure {
        if self.timed_out {
            OnFailure::Forfeit
        } else {
            OnFailure::Stop
        }
    }
}
