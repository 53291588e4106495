//! A game in progress behind a trait object ([`Table`]): what the Python
//! `State` and the PettingZoo core need of it, whatever the game, and the
//! one implementation, [`Played`], generic over the game.

use std::any::Any;
use std::sync::Arc;

use beachcomber::display::Viewer;
use beachcomber::encode::Encode;
use beachcomber::game::check_legal;
use beachcomber::games::GameKind;
use beachcomber::record::{Replay, write_record_line};
use beachcomber::rng::{GameRng, decision_seed, rng_from_seed};
use beachcomber::{Game, Seat};
use beachcomber_bots::BotConfig;
use serde_json::Value;

use crate::rules::{Engine, Rules};

/// Why an action was refused, or a record cannot be written.
pub type Refusal = String;

/// A state of some game with its history, type-erased.
pub trait Table: Send + Sync {
    /// The rules it is played by.
    fn rules(&self) -> Arc<dyn Rules>;
    /// A copy (history included).
    fn clone_box(&self) -> Box<dyn Table>;
    /// The state, for comparisons.
    fn as_any(&self) -> &dyn Any;
    /// Whether `other` holds an equal state of the same rules.
    fn same_state(&self, other: &dyn Table) -> bool;
    /// The seat to move, `None` once the game is over.
    fn to_move(&self) -> Option<Seat>;
    /// The legal actions' indices, in the game's order, into `out`.
    fn legal(&self, out: &mut Vec<u32>);
    /// `out[i]` = 1 for each legal action `i`, else 0 (`out` is the
    /// action space's length).
    fn mask(&self, out: &mut [i8]);
    /// Play the action at `index`, checked: refused (with the library's
    /// message) when out of the action space, illegal or after the end.
    fn apply(&mut self, index: u32) -> Result<(), Refusal>;
    /// Each seat's win share (1/k for each of k winners, else 0) once the
    /// game is over; zeros before.
    fn win_shares(&self) -> Vec<f64>;
    /// Each seat's score in the game's unit (the running score before the
    /// end).
    fn scores(&self) -> Vec<i32>;
    /// What `seat` sees, as the library's JSON observation.
    fn observation_json(&self, seat: Seat) -> Value;
    /// What `seat` sees, encoded into `out` (the encoding's length).
    fn encode(&self, seat: Seat, out: &mut [f32]);
    /// A world `seat` cannot tell from this one, its hidden things re-dealt
    /// from `seed` (no history: it was not played from a deal).
    fn sample_world(&self, seat: Seat, seed: u64) -> Box<dyn Table>;
    /// The game's record line (no newline) with `bots` by seat.
    fn record(&self, bots: &[String]) -> Result<String, Refusal>;
    /// The actions played since the deal, by index (`None` for a sampled
    /// world).
    fn history(&self) -> Option<Vec<u32>>;
    /// The deal's seed (`None` for a sampled world or a record that names
    /// none).
    fn seed(&self) -> Option<u64>;
    /// Why the state has no history (when [`Table::history`] is `None`).
    fn no_history(&self) -> &'static str;
    /// The action (its index) the bot `config` chooses for the seat to
    /// move, thinking with the generator seeded `seed`; without a seed, the
    /// engine's own for this decision (a position handed to a policy: the
    /// decision's generator; a dealt state: `decision_seed(deal seed,
    /// actions played)`, as the runner seeds it).
    fn bot_action(&self, config: &BotConfig, seed: Option<u64>) -> Result<u32, Refusal>;
    /// A picture of the state for `seat` (everything for `None`).
    fn picture(&self, seat: Option<Seat>) -> String;
}

/// Where a state came from: its deal and the actions played since.
#[derive(Clone)]
struct History<G: Game> {
    seed: Option<u64>,
    initial: G::State,
    actions: Vec<G::Action>,
}

/// A state of the game `G`, with its history when it has one.
pub struct Played<G: GameKind + Encode> {
    engine: Arc<Engine<G>>,
    /// The current state.
    pub state: G::State,
    history: Option<History<G>>,
    /// For a position a run hands to a Python policy: the generator the
    /// runner seeded for this decision (a bot's `act` thinks with it).
    decision: Option<GameRng>,
}

impl<G: GameKind + Encode> Clone for Played<G> {
    fn clone(&self) -> Self {
        Played {
            engine: Arc::clone(&self.engine),
            state: self.state.clone(),
            history: self.history.clone(),
            decision: self.decision.clone(),
        }
    }
}

impl<G: GameKind + Encode> Played<G> {
    /// `state`, reached from the deal `initial` (dealt from `seed`) by
    /// `actions`.
    pub fn with_history(
        engine: Arc<Engine<G>>,
        seed: Option<u64>,
        initial: G::State,
        actions: Vec<G::Action>,
        state: G::State,
    ) -> Played<G> {
        Played {
            engine,
            history: Some(History {
                seed,
                initial,
                actions,
            }),
            state,
            decision: None,
        }
    }

    /// The position `state` of a game in a run, handed to a Python policy
    /// at a decision whose generator the runner seeded `decision` (it has
    /// no history: a bot sees the state only).
    pub fn position(engine: Arc<Engine<G>>, state: G::State, decision: GameRng) -> Played<G> {
        Played {
            engine,
            state,
            history: None,
            decision: Some(decision),
        }
    }

    /// A fresh deal `state` from `seed`.
    pub fn dealt(engine: Arc<Engine<G>>, seed: u64, state: G::State) -> Played<G> {
        Played::with_history(engine, Some(seed), state.clone(), Vec::new(), state)
    }

    /// The last state of a replayed record dealt from `seed`.
    pub fn replayed(engine: Arc<Engine<G>>, seed: Option<u64>, replay: Replay<G>) -> Played<G> {
        let actions = replay.steps.into_iter().map(|(_, a)| a).collect();
        Played::with_history(engine, seed, replay.initial, actions, replay.final_state)
    }
}

impl<G: GameKind + Encode> Table for Played<G> {
    fn rules(&self) -> Arc<dyn Rules> {
        self.engine.clone()
    }

    fn clone_box(&self) -> Box<dyn Table> {
        Box::new(self.clone())
    }

    fn as_any(&self) -> &dyn Any {
        self
    }

    fn same_state(&self, other: &dyn Table) -> bool {
        other
            .as_any()
            .downcast_ref::<Played<G>>()
            .is_some_and(|o| self.engine.spec() == o.engine.spec() && self.state == o.state)
    }

    #[inline]
    fn to_move(&self) -> Option<Seat> {
        self.engine.game.to_move(&self.state)
    }

    fn legal(&self, out: &mut Vec<u32>) {
        out.clear();
        let space = &self.engine.space;
        out.extend(
            self.engine
                .game
                .legal_actions(&self.state)
                .iter()
                .map(|&a| space.index(a)),
        );
    }

    #[inline]
    fn mask(&self, out: &mut [i8]) {
        out.fill(0);
        let space = &self.engine.space;
        for &a in self.engine.game.legal_actions(&self.state).iter() {
            out[space.index(a) as usize] = 1;
        }
    }

    fn apply(&mut self, index: u32) -> Result<(), Refusal> {
        let engine = &self.engine;
        let Some(action) = engine.space.action(index) else {
            return Err(format!(
                "action {index} is not in the action space (0 to {})",
                engine.space.len() - 1
            ));
        };
        check_legal(&engine.game, &self.state, action).map_err(|e| e.to_string())?;
        engine.game.play_unchecked(&mut self.state, action);
        if let Some(history) = &mut self.history {
            history.actions.push(action);
        }
        Ok(())
    }

    fn win_shares(&self) -> Vec<f64> {
        let game = &self.engine.game;
        if game.to_move(&self.state).is_some() {
            return vec![0.0; game.players()];
        }
        let outcome = game.outcome(&self.state);
        (0..game.players()).map(|s| outcome.win_share(s)).collect()
    }

    fn scores(&self) -> Vec<i32> {
        let game = &self.engine.game;
        if game.to_move(&self.state).is_some() {
            game.running_scores(&self.state).to_vec()
        } else {
            game.outcome(&self.state).scores.to_vec()
        }
    }

    fn observation_json(&self, seat: Seat) -> Value {
        self.engine.game.observation_json(&self.state, seat)
    }

    #[inline]
    fn encode(&self, seat: Seat, out: &mut [f32]) {
        self.engine.game.encode(&self.state, seat, out);
    }

    fn sample_world(&self, seat: Seat, seed: u64) -> Box<dyn Table> {
        let world = self
            .engine
            .game
            .determinize(&self.state, seat, &mut rng_from_seed(seed));
        Box::new(Played {
            engine: Arc::clone(&self.engine),
            state: world,
            history: None,
            decision: None,
        })
    }

    fn record(&self, bots: &[String]) -> Result<String, Refusal> {
        let Some(history) = &self.history else {
            return Err(if self.decision.is_some() {
                "a position handed to a policy has no record: the policy sees the state only"
            } else {
                "a sampled world has no record: it was not dealt and played"
            }
            .into());
        };
        let game = &self.engine.game;
        if bots.len() != game.players() {
            return Err(format!(
                "{} bot specs for {} players (one per seat)",
                bots.len(),
                game.players()
            ));
        }
        let mut line = Vec::new();
        write_record_line(
            game,
            history.seed,
            bots,
            &history.initial,
            &history.actions,
            &mut line,
        );
        line.pop();
        // Checked as `beachcomber replay` checks it (the bots too), with
        // replay's message: every record written here replays.
        crate::game::replay_line(&line)?;
        String::from_utf8(line).map_err(|e| e.to_string())
    }

    fn history(&self) -> Option<Vec<u32>> {
        let space = &self.engine.space;
        self.history
            .as_ref()
            .map(|h| h.actions.iter().map(|&a| space.index(a)).collect())
    }

    fn seed(&self) -> Option<u64> {
        self.history.as_ref().and_then(|h| h.seed)
    }

    fn no_history(&self) -> &'static str {
        if self.decision.is_some() {
            "a position handed to a policy has no history"
        } else {
            "a sampled world has no history"
        }
    }

    fn bot_action(&self, config: &BotConfig, seed: Option<u64>) -> Result<u32, Refusal> {
        let game = &self.engine.game;
        if game.to_move(&self.state).is_none() {
            return Err("the game is over".into());
        }
        let mut rng = match (seed, &self.decision, &self.history) {
            (Some(seed), _, _) => rng_from_seed(seed),
            (None, Some(decision), _) => decision.clone(),
            (
                None,
                None,
                Some(History {
                    seed: Some(seed),
                    actions,
                    ..
                }),
            ) => rng_from_seed(decision_seed(*seed, actions.len() as u64)),
            _ => {
                return Err(format!(
                    "give a seed: {} and no deal seed to seed the decision from",
                    self.no_history()
                ));
            }
        };
        let action = config.build::<G>().choose(game, &self.state, &mut rng);
        Ok(self.engine.space.index(action))
    }

    fn picture(&self, seat: Option<Seat>) -> String {
        let viewer = seat.map_or(Viewer::Referee, Viewer::Seat);
        self.engine.game.describe_state(&self.state, viewer)
    }
}
