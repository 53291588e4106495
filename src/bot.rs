//! The one trait every bot implements.
//!
//! A bot is handed the true state of the game, the way a referee would hold
//! it; a fair bot must act only on what its seat can see (through
//! [`Game::observation`]-preserving [`Game::determinize`]), and the bots
//! crate's leak tests check that. A cheating bot must say so in its name.
//!
//! Built-in bots cannot fail. A bot that runs elsewhere (an external
//! process, see docs/protocol.md) can: it answers through
//! [`Bot::try_choose`] with a [`BotError`], and the runner then stops the
//! run or scores the game as a forfeit, as the bot's [`Bot::on_failure`]
//! says.

use std::fmt;

use crate::game::{Game, Outcome, Seat};
use crate::rng::GameRng;
use crate::spec::one_line;

/// A strategy that picks an action for the seat to move.
pub trait Bot<G: Game>: Send {
    /// The action to play in `state` for the seat to move.
    ///
    /// `rng` is seeded by the runner from (game seed, ply), so a decision is
    /// reproducible whatever ran before it or on which thread.
    fn choose(&mut self, game: &G, state: &G::State, rng: &mut GameRng) -> G::Action;

    /// [`Bot::choose`] for a bot that can fail (an external process that
    /// crashes, hangs or answers nonsense): the action, or why there is
    /// none. The runner calls this; the default calls [`Bot::choose`]. A
    /// returned action must be legal.
    fn try_choose(
        &mut self,
        game: &G,
        state: &G::State,
        rng: &mut GameRng,
    ) -> Result<G::Action, BotError> {
        Ok(self.choose(game, state, rng))
    }

    /// What the runner does when [`Bot::try_choose`] fails: stop the run
    /// (the default) or score the game as lost by this bot.
    fn on_failure(&self) -> OnFailure {
        OnFailure::Stop
    }

    /// Told once the game is over (also when another bot forfeited it),
    /// with the final state and the outcome the game is scored with. The
    /// default does nothing.
    fn game_over(&mut self, game: &G, state: &G::State, outcome: &Outcome) {
        let _ = (game, state, outcome);
    }
}

/// What the runner does when a bot fails to decide.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum OnFailure {
    /// Stop the whole run with a [`BotFailure`].
    #[default]
    Stop,
    /// End the game there, lost by the failing bot (record `end`:
    /// `{"forfeit": SEAT}`), and go on with the run.
    Forfeit,
}

/// Why a bot gave no action.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum BotError {
    /// The bot could not be started (its command was not found...).
    Start(String),
    /// The bot refused the protocol handshake, with its reason.
    Refused(String),
    /// The bot's process ended or closed its output.
    Crashed(String),
    /// No answer within the per-decision time limit.
    Timeout {
        /// The limit, in milliseconds.
        ms: u64,
    },
    /// The answer was not the expected JSON message.
    Malformed(String),
    /// The answer named an action that is not legal.
    Illegal {
        /// The action as the bot wrote it.
        action: String,
    },
    /// Reading from or writing to the bot failed.
    Io(String),
    /// The run was interrupted (Ctrl-C), or is stopping at another bot's
    /// failure, while the bot was deciding: not a failure of this bot.
    Interrupted,
}

impl fmt::Display for BotError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            BotError::Start(why) => write!(f, "cannot start it: {}", one_line(why)),
            BotError::Refused(why) => write!(f, "it refused the handshake: {}", one_line(why)),
            BotError::Crashed(why) => write!(f, "it crashed: {}", one_line(why)),
            BotError::Timeout { ms } => write!(f, "no answer within {ms} ms (timed out)"),
            BotError::Malformed(why) => write!(f, "malformed answer: {}", one_line(why)),
            BotError::Illegal { action } => write!(f, "illegal action `{}`", one_line(action)),
            BotError::Io(why) => write!(f, "cannot talk to it: {}", one_line(why)),
            BotError::Interrupted => f.write_str("interrupted"),
        }
    }
}

impl std::error::Error for BotError {}

/// A bot's failure in a game: who, where, and why.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BotFailure {
    /// The bot's spec.
    pub bot: String,
    /// Its seat.
    pub seat: Seat,
    /// The game's number in its run.
    pub game: u64,
    /// The decision (ply, from 0) it failed at.
    pub ply: u32,
    /// Why.
    pub error: BotError,
}

impl fmt::Display for BotFailure {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "bot `{}` (seat {}) failed in game {} at decision {}: {}",
            self.bot, self.seat, self.game, self.ply, self.error
        )
    }
}

impl std::error::Error for BotFailure {}
