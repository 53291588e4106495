//! The declared external bots of a run, with their process pools: what a
//! run needs to seat an engine (`engine(name=NAME)`). The processes and the
//! protocol are the bots crate's [`beachcomber_bots::external`]; the CLI's
//! `--engine` flags build an [`Engines`] with [`Engines::new`].

use std::path::PathBuf;
use std::sync::{Arc, OnceLock};

use beachcomber::bot::Bot;
use beachcomber::bot::BotError;
use beachcomber::games::GameKind;
use beachcomber::spec::{one_line, one_line_path};
use beachcomber_bots::external::{EngineError, EnginePool, EngineSettings, EngineSpec, open_log};
use beachcomber_bots::{Aliases, BotConfig, CompiledBots, EngineConfig};

/// Why the engines a run seats cannot be started.
#[derive(Debug, thiserror::Error)]
pub enum EnginesError {
    /// `--bots` seats an engine no `--engine` declares.
    #[error(
        "--bots: engine `{}` is not declared (give --engine {}=COMMAND)",
        one_line(.name),
        one_line(.name)
    )]
    NotDeclared {
        /// The engine's name.
        name: String,
    },
    /// The engines' log cannot be opened.
    #[error("--engine-log: {0}")]
    Log(EngineError),
    /// An engine's first process failed its handshake.
    #[error("engine `{}`: {error}{log_note}", one_line(.name))]
    Handshake {
        /// The engine's name.
        name: String,
        /// What failed.
        error: BotError,
        /// Where the engines' standard error is ([`Engines::log_note`]).
        log_note: String,
    },
}

/// The declared engines of a run, with their process pools. The pools
/// (and the log file) are made by [`Engines::check`], once `--bots` is
/// parsed and seats an engine: a run that fails on its options, or seats
/// no engine, writes no log. Dropping it ends every idle process.
#[derive(Debug, Default)]
pub struct Engines {
    specs: Vec<EngineSpec>,
    settings: Option<EngineSettings>,
    pools: OnceLock<Vec<Arc<EnginePool>>>,
    log: PathBuf,
}

impl Engines {
    /// The engines `specs` (distinct names), run with `settings`, their
    /// standard error appended to `log`; no file is opened and no process
    /// starts yet.
    pub fn new(specs: Vec<EngineSpec>, settings: EngineSettings, log: PathBuf) -> Engines {
        Engines {
            specs,
            settings: Some(settings),
            pools: OnceLock::new(),
            log,
        }
    }
}

impl Aliases for Engines {
    fn resolve(&self, spec: &str) -> Option<BotConfig> {
        self.specs.iter().find(|s| s.name == spec).map(|s| {
            BotConfig::Engine(EngineConfig {
                name: s.name.clone(),
            })
        })
    }

    fn names(&self) -> Vec<String> {
        self.specs.iter().map(|s| s.name.clone()).collect()
    }
}

impl Engines {
    /// The declared engines' bare names as bot aliases, for parsing
    /// `--bots` ([`beachcomber_bots::Lineup::parse_with`]): `py` stands
    /// for `engine(name=py)` once `--engine py=COMMAND` is declared, and an
    /// unknown bot's message lists (and suggests) the declared engines.
    pub fn aliases(&self) -> &dyn Aliases {
        self
    }

    /// Check that every engine `configs` seat is declared, open the log
    /// (the first time an engine is seated) and start one process of each
    /// (with its handshake), so that a wrong command or a refusal is a
    /// one-line error before any game is played. Call it before
    /// [`Engines::build`].
    pub fn check<'a>(
        &self,
        configs: impl IntoIterator<Item = &'a BotConfig>,
    ) -> Result<(), EnginesError> {
        let mut checked: Vec<&str> = Vec::new();
        for config in configs {
            let BotConfig::Engine(EngineConfig { name }) = config else {
                continue;
            };
            if checked.contains(&name.as_str()) {
                continue;
            }
            if !self.specs.iter().any(|s| &s.name == name) {
                return Err(EnginesError::NotDeclared { name: name.clone() });
            }
            let pool = self.open()?.iter().find(|p| &p.spec().name == name);
            let Some(pool) = pool else {
                continue;
            };
            pool.check().map_err(|error| EnginesError::Handshake {
                name: name.clone(),
                error,
                log_note: self.log_note(),
            })?;
            checked.push(name);
        }
        Ok(())
    }

    /// The pools, made with the log opened the first time.
    fn open(&self) -> Result<&[Arc<EnginePool>], EnginesError> {
        if let Some(pools) = self.pools.get() {
            return Ok(pools);
        }
        let Some(settings) = &self.settings else {
            return Ok(&[]);
        };
        let log = open_log(&self.log).map_err(EnginesError::Log)?;
        let pools = self
            .specs
            .iter()
            .map(|spec| EnginePool::new(spec.clone(), settings.clone(), log.clone()))
            .collect();
        Ok(self.pools.get_or_init(|| pools))
    }

    fn pool(&self, name: &str) -> Option<&Arc<EnginePool>> {
        self.pools.get()?.iter().find(|p| p.spec().name == name)
    }

    fn pools(&self) -> &[Arc<EnginePool>] {
        self.pools.get().map_or(&[], Vec::as_slice)
    }

    /// A fresh bot for `config`: an engine's from its pool, any other
    /// built by the bots crate, compiled there ([`CompiledBots`]).
    pub fn build<G: GameKind + CompiledBots>(&self, config: &BotConfig) -> Box<dyn Bot<G>> {
        if let BotConfig::Engine(EngineConfig { name }) = config
            && let Some(pool) = self.pool(name)
        {
            return pool.bot::<G>();
        }
        G::compiled_bot(config)
    }

    /// `; the engines' standard error is in `LOG``, when engines run.
    pub fn log_note(&self) -> String {
        if self.pools().is_empty() {
            String::new()
        } else {
            format!(
                " (the engines' standard error is in `{}`)",
                one_line_path(&self.log)
            )
        }
    }

    /// `note: engine `NAME` failed N time(s) ...` lines for the engines that
    /// failed (in forfeit mode the run goes on, so this says it did).
    pub fn failure_notes(&self) -> Vec<String> {
        self.pools()
            .iter()
            .filter(|p| p.failures() > 0)
            .map(|p| {
                format!(
                    "note: engine `{}` failed {} time(s); each game it failed in is a forfeit \
                     (`end` column, record `end`){}",
                    p.spec().name,
                    p.failures(),
                    self.log_note()
                )
            })
            .collect()
    }
}
