//! A person's game in progress, against bots: the one session under both
//! front ends (the terminal's `beachcomber play` and the web app's games),
//! which only draw it.
//!
//! Seeding is a tournament's: the game is dealt from `deal_seed(run seed,
//! 0)` (the deal of game 0 of a tournament with that seed) and the decision
//! at ply `p` gets an RNG seeded `decision_seed(game seed, p)`, so after an
//! undo the bots decide as before and the record equals a tournament's for
//! the same moves. A hint has a stream of its own: asking for one changes
//! no bot's decision.
//!
//! **The input rule** is [`beachcomber::move_input`]'s: an action's listed
//! text, another name of it, or its list number `#N`. **A forced move** is a
//! decision of the person with one legal action ([`GameSession::forced_move`]):
//! the terminal plays it at once; either way it is a decision of the record.
//! **The undo rule**: [`GameSession::undo`] goes back to the person's last
//! real decision (one with a choice), taking back every move after it, the
//! bots' and the forced ones, only when none of those moves showed the
//! person something hidden ([`Game::reveals`](beachcomber::game::Game::reveals):
//! a card turned, a token drawn); otherwise, and once the game is over
//! (its end shows the deal), it is refused ([`UndoError`]), so undo never
//! lets a person look and then choose again. [`GameSession::can_undo`]
//! says whether it would succeed. The record counts the undos taken
//! (`undos`).

use std::fmt;

use beachcomber::GameRng;
use beachcomber::bot::{Bot, BotError};
use beachcomber::display::Describe;
use beachcomber::game::{Evaluate, Seat};
use beachcomber::move_input::{InputError, MoveChoices};
use beachcomber::record::{GameRecord, RecordFormat, build_record};
use beachcomber::rng::{deal_seed, decision_seed, derive, rng_from_seed};

use crate::hint::{Hint, hint};
use crate::lineup::PersonLineup;

/// What the hint's random stream is derived with (from the decision seed).
const HINT_STREAM: u64 = 0x4849_4e54;

/// Why the person's move was refused.
#[derive(Clone, Debug, PartialEq)]
pub enum PlayError {
    /// The game has ended.
    Over,
    /// Another seat is to move.
    NotYourTurn,
    /// The input names no legal action ([`beachcomber::move_input`]).
    Input(InputError),
    /// An action that is not legal now (given as an action, not as text).
    NotLegal(String),
}

impl fmt::Display for PlayError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PlayError::Over => write!(f, "the game is over"),
            PlayError::NotYourTurn => write!(f, "it is not your turn"),
            PlayError::Input(e) => e.fmt(f),
            PlayError::NotLegal(action) => write!(f, "`{action}` is not legal now"),
        }
    }
}

impl std::error::Error for PlayError {}

/// Why an undo was refused (the undo rule of the module docs).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum UndoError {
    /// The game is over: its end showed the deal.
    Over,
    /// Nothing to take back: the person has made no real decision yet.
    Nothing,
    /// A move the undo would take back showed the person something hidden.
    WouldReveal {
        /// The ply of that move.
        ply: usize,
        /// What it showed, in the person's words
        /// ([`Describe::describe_reveal`]: "a card you have seen turned").
        what: String,
    },
}

impl fmt::Display for UndoError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            UndoError::Over => write!(
                f,
                "the game is over: undo would replay a deal you have seen"
            ),
            UndoError::Nothing => write!(f, "nothing to undo: this is your first decision"),
            UndoError::WouldReveal { what, .. } => write!(f, "undo would take back {what}"),
        }
    }
}

impl std::error::Error for UndoError {}

/// A hint asked for when it is not the person's turn.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct NotYourTurnForHint;

impl fmt::Display for NotYourTurnForHint {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "a hint is for your turn")
    }
}

impl std::error::Error for NotYourTurnForHint {}

/// A bot that failed to decide (an external engine).
#[derive(Clone, Debug, PartialEq)]
pub struct BotTurnError {
    /// Its seat.
    pub seat: Seat,
    /// The decision (ply) it failed at.
    pub ply: usize,
    /// Why.
    pub error: BotError,
}

impl fmt::Display for BotTurnError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "bot of seat {} failed at decision {}: {}",
            self.seat, self.ply, self.error
        )
    }
}

impl std::error::Error for BotTurnError {}

/// What an undo took back.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Undone {
    /// Moves taken back (the person's, the bots' and the forced ones).
    pub moves: usize,
    /// The ply of the decision the person is back at (move `ply + 1`).
    pub ply: usize,
}

/// How the game ended for the person.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// The person alone won.
    Won,
    /// The person shares the win.
    SharedWin,
    /// Nobody won.
    NobodyWon,
    /// Others won (these seats).
    Lost(Vec<Seat>),
}

/// One move of the game so far.
#[derive(Debug)]
pub struct PastMove<'s, G: Describe> {
    /// The state it was played in.
    pub before: &'s G::State,
    /// The move.
    pub action: G::Action,
    /// The state after it.
    pub after: &'s G::State,
}

/// A person's game in progress: the deal, the moves so far and whose turn
/// it is. The bots are the caller's ([`GameSession::bot_turn`] seeds and
/// plays their decisions), so a front end may keep a bot between decisions
/// or build one afresh for each.
#[derive(Clone, Debug)]
pub struct GameSession<G: Describe> {
    game: G,
    lineup: PersonLineup,
    specs: Vec<String>,
    run_seed: u64,
    seed: u64,
    initial: G::State,
    /// `states[i]` is the state before `actions[i]`.
    states: Vec<G::State>,
    actions: Vec<G::Action>,
    state: G::State,
    /// Undos taken (the record's `undos`).
    undos: u64,
}

impl<G: Describe + Evaluate + RecordFormat> GameSession<G> {
    /// A new game of `game` dealt from `run_seed` (as a tournament's game 0
    /// with that seed), the person and the bots seated by `lineup`.
    pub fn new(game: G, lineup: PersonLineup, run_seed: u64) -> GameSession<G> {
        let seed = deal_seed(run_seed, 0);
        let initial = game.new_game(&mut rng_from_seed(seed));
        GameSession {
            specs: lineup.specs(),
            game,
            lineup,
            run_seed,
            seed,
            state: initial.clone(),
            initial,
            states: Vec::new(),
            actions: Vec::new(),
            undos: 0,
        }
    }

    /// The game.
    pub fn game(&self) -> &G {
        &self.game
    }

    /// The seats: the person's and each bot's configuration.
    pub fn lineup(&self) -> &PersonLineup {
        &self.lineup
    }

    /// The person's seat.
    pub fn person(&self) -> Seat {
        self.lineup.person()
    }

    /// Each seat's spec as the record names it (`human` for the person).
    pub fn specs(&self) -> &[String] {
        &self.specs
    }

    /// The run seed the game was dealt from.
    pub fn run_seed(&self) -> u64 {
        self.run_seed
    }

    /// The game's seed (`deal_seed(run seed, 0)`), the record's `seed`.
    pub fn seed(&self) -> u64 {
        self.seed
    }

    /// The current state.
    pub fn state(&self) -> &G::State {
        &self.state
    }

    /// Moves played so far.
    pub fn ply(&self) -> usize {
        self.actions.len()
    }

    /// The moves so far, in order.
    pub fn moves(&self) -> impl Iterator<Item = PastMove<'_, G>> {
        self.actions
            .iter()
            .enumerate()
            .map(|(i, &action)| PastMove {
                before: &self.states[i],
                action,
                after: self.states.get(i + 1).unwrap_or(&self.state),
            })
    }

    /// The state the last move was played in (`None` before any move).
    pub fn before_last(&self) -> Option<&G::State> {
        self.states.last()
    }

    /// The seat to move, `None` once the game is over.
    pub fn to_move(&self) -> Option<Seat> {
        self.game.to_move(&self.state)
    }

    /// Whether the game is over.
    pub fn over(&self) -> bool {
        self.to_move().is_none()
    }

    /// Whether the person is to move.
    pub fn persons_turn(&self) -> bool {
        self.to_move() == Some(self.person())
    }

    /// The bot seat to move, if a bot is.
    pub fn bot_to_move(&self) -> Option<Seat> {
        self.to_move().filter(|&s| s != self.person())
    }

    /// What the seat to move may type now (the input rule's choices).
    pub fn choices(&self) -> MoveChoices {
        MoveChoices::new(&self.game, &self.state)
    }

    /// The person's only legal action, when it is their turn and they have
    /// no choice.
    pub fn forced_move(&self) -> Option<G::Action> {
        if !self.persons_turn() {
            return None;
        }
        match self.game.legal_actions(&self.state)[..] {
            [only] => Some(only),
            _ => None,
        }
    }

    /// The person's action that `text` names by the input rule.
    pub fn read_move(&self, text: &str) -> Result<G::Action, PlayError> {
        self.check_turn()?;
        let legal = self.game.legal_actions(&self.state);
        self.choices()
            .parse(text)
            .map(|i| legal[i])
            .map_err(PlayError::Input)
    }

    /// Play the person's action that `text` names; returns it.
    pub fn play(&mut self, text: &str) -> Result<G::Action, PlayError> {
        let action = self.read_move(text)?;
        self.push(action);
        Ok(action)
    }

    /// Play the person's `action` (a forced move, a click on a listed
    /// action).
    pub fn play_action(&mut self, action: G::Action) -> Result<(), PlayError> {
        self.check_turn()?;
        if !self.game.legal_actions(&self.state).contains(&action) {
            return Err(PlayError::NotLegal(action.to_string()));
        }
        self.push(action);
        Ok(())
    }

    /// The decision RNG of the current ply: `decision_seed(game seed, ply)`.
    pub fn decision_rng(&self) -> GameRng {
        rng_from_seed(decision_seed(self.seed, self.ply() as u64))
    }

    /// Let `bot` decide for the bot seat to move (with the decision RNG of
    /// the ply) and play its action. Returns it; `None` when no bot is to
    /// move.
    pub fn bot_turn(&mut self, bot: &mut dyn Bot<G>) -> Result<Option<G::Action>, BotTurnError> {
        let Some(seat) = self.bot_to_move() else {
            return Ok(None);
        };
        let mut rng = self.decision_rng();
        let action = bot
            .try_choose(&self.game, &self.state, &mut rng)
            .map_err(|error| BotTurnError {
                seat,
                ply: self.ply(),
                error,
            })?;
        self.push(action);
        Ok(Some(action))
    }

    /// The ply of the person's last real decision (one with a choice).
    fn last_decision(&self) -> Option<usize> {
        let person = self.person();
        (0..self.actions.len()).rev().find(|&i| {
            self.game.to_move(&self.states[i]) == Some(person)
                && self.game.legal_actions(&self.states[i]).len() > 1
        })
    }

    /// The ply [`GameSession::undo`] would go back to, or why it is
    /// refused: the game is over, there is no real decision, or a move
    /// after it showed the person something hidden (the first such move).
    fn undo_point(&self) -> Result<usize, UndoError> {
        if self.over() {
            return Err(UndoError::Over);
        }
        let ply = self.last_decision().ok_or(UndoError::Nothing)?;
        let person = self.person();
        match (ply..self.actions.len())
            .find(|&i| self.game.reveals(&self.states[i], self.actions[i], person))
        {
            Some(i) => Err(UndoError::WouldReveal {
                ply: i,
                what: self
                    .game
                    .describe_reveal(&self.states[i], self.actions[i], person),
            }),
            None => Ok(ply),
        }
    }

    /// Whether [`GameSession::undo`] would succeed now.
    pub fn can_undo(&self) -> bool {
        self.undo_point().is_ok()
    }

    /// Back to the person's last real decision, taking back every move
    /// after it (the bots' and the forced ones: a forced move is played
    /// again at once, so stopping before it would undo nothing), unless
    /// the undo rule refuses it ([`UndoError`]; nothing changes then).
    pub fn undo(&mut self) -> Result<Undone, UndoError> {
        let ply = self.undo_point()?;
        let moves = self.actions.len() - ply;
        self.state = self.states[ply].clone();
        self.states.truncate(ply);
        self.actions.truncate(ply);
        self.undos += 1;
        Ok(Undone { moves, ply })
    }

    /// Undos taken so far (the record's `undos`).
    pub fn undos(&self) -> u64 {
        self.undos
    }

    /// The `top` actions of an `ismcts` search of `iterations` from what
    /// the person sees ([`crate::hint`]), on a stream of its own.
    pub fn hint(&self, iterations: u32, top: usize) -> Result<Hint<G::Action>, NotYourTurnForHint> {
        if !self.persons_turn() {
            return Err(NotYourTurnForHint);
        }
        let seed = derive(decision_seed(self.seed, self.ply() as u64), HINT_STREAM);
        Ok(hint(
            &self.game,
            &self.state,
            iterations,
            top,
            &mut rng_from_seed(seed),
        ))
    }

    /// The record of the game so far (marked unfinished before the end),
    /// with the undos taken ([`GameRecord::with_undos`]: none, and the
    /// record is a tournament's for the same moves).
    pub fn record(&self) -> GameRecord {
        build_record(
            &self.game,
            Some(self.seed),
            &self.specs,
            &self.initial,
            &self.actions,
        )
        .with_undos(self.undos)
    }

    /// [`GameSession::record`] as one JSON line (without its newline).
    pub fn record_line(&self) -> String {
        serde_json::to_string(&self.record()).expect("a record serializes")
    }

    /// How the game ended for the person; `None` before the end.
    pub fn verdict(&self) -> Option<Verdict> {
        if !self.over() {
            return None;
        }
        let outcome = self.game.outcome(&self.state);
        let me = self.person();
        Some(if outcome.winners.contains(me) {
            if outcome.winners.len() > 1 {
                Verdict::SharedWin
            } else {
                Verdict::Won
            }
        } else if outcome.winners.is_empty() {
            Verdict::NobodyWon
        } else {
            Verdict::Lost(outcome.winners.iter().collect())
        })
    }

    fn check_turn(&self) -> Result<(), PlayError> {
        if self.over() {
            return Err(PlayError::Over);
        }
        if !self.persons_turn() {
            return Err(PlayError::NotYourTurn);
        }
        Ok(())
    }

    fn push(&mut self, action: G::Action) {
        self.states.push(self.state.clone());
        self.game.play_unchecked(&mut self.state, action);
        self.actions.push(action);
    }
}

#[cfg(test)]
#[path = "session_tests.rs"]
mod tests;
