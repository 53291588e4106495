//! Python callables seated in a run, in-process: each is named in the
//! lineup as an external bot, `engine(name=NAME)` (a bot the library does
//! not hold, as the command line's `--engine NAME=COMMAND` is; the tables
//! and records write that spec), and the run's bot factory builds a
//! [`PySeat`] for it: at each of its decisions it takes the GIL, hands the
//! callable a `State` of the position and reads back an action index. The
//! other seats' bots think in Rust with the GIL released.
//!
//! Reproducible: the callable is given the state (and, when `seeded`, a
//! seed drawn from the generator the runner seeded for this decision), and
//! nothing of the thread or the order of calls, so a callable whose answer
//! depends only on those plays the same games at any thread count.

use std::sync::{Arc, Mutex};

use beachcomber::bot::{Bot, BotError};
use beachcomber::encode::Encode;
use beachcomber::games::GameKind;
use beachcomber::rng::{GameRng, Rng};
use beachcomber::tournament::{PartGame, TypedPart};
use beachcomber_bots::{Aliases, BotConfig, BotSet, EngineConfig};
use pyo3::prelude::*;

use crate::errors::spec_error;
use crate::rules::Engine;
use crate::state::PyState;
use crate::table::Played;

/// A Python callable seated in a run.
pub struct Policy {
    /// Its name in the lineup (`engine(name=NAME)`).
    pub name: String,
    /// The callable: `policy(state)`, or `policy(state, seed)` when
    /// `seeded`.
    pub callable: Py<PyAny>,
    /// Whether it is given the decision's seed too.
    pub seeded: bool,
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
}

impl Policies {
    /// The callables `(name, callable, seeded)`, their names checked:
    /// each a valid `engine(name=NAME)`, none a registry bot's name, each
    /// once.
    pub fn new(given: Vec<(String, Py<PyAny>, bool)>) -> PyResult<Policies> {
        let mut policies: Vec<Arc<Policy>> = Vec::new();
        for (name, callable, seeded) in given {
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
            }));
        }
        Ok(Policies {
            policies,
            error: Mutex::new(None),
        })
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
}

impl<G: GameKind + Encode> PySeat<G> {
    /// The callable's answer for `state`, as an index of the action space
    /// (the GIL taken for the call only).
    fn ask(&self, state: &G::State, rng: &mut GameRng) -> Result<i64, BotError> {
        let decision = rng.clone();
        let seed = rng.next_u64();
        let policy = &self.policy;
        Python::attach(|py| {
            let position = PyState {
                table: Box::new(Played::position(
                    Arc::clone(&self.engine),
                    state.clone(),
                    decision,
                )),
            };
            let called = if policy.seeded {
                policy.callable.call1(py, (position, seed))
            } else {
                policy.callable.call1(py, (position,))
            };
            let answer = match called {
                Ok(answer) => answer,
                Err(error) => return Err(self.policies.fail(Failure::Raised(error))),
            };
            answer.extract::<i64>(py).map_err(|_| {
                let shown = answer
                    .bind(py)
                    .repr()
                    .map_or_else(|_| "?".to_string(), |r| r.to_string());
                self.policies.fail(Failure::Malformed(format!(
                    "the policy returned {}, not an action index",
                    beachcomber::spec::one_line(&shown)
                )))
            })
        })
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
        let index = self.ask(state, rng)?;
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
}
