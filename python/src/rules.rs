//! The one implementation of each type-erased trait of erased.rs,
//! generic over the game: [`Engine`] (the [`Rules`] of a game
//! configuration) and [`Played`] (a [`Table`]: a state with its history),
//! and [`replay_line`], the record line replayed as `beachcomber replay`
//! checks it (how a state is read from a record, and how a record written
//! is checked).

use std::any::Any;
use std::sync::Arc;

use beachcomber::display::Viewer;
use beachcomber::encode::{Encode, Field};
use beachcomber::game::check_legal;
use beachcomber::games::GameKind;
use beachcomber::games::record_line::parse_line;
use beachcomber::learn::features::FeatureSet;
use beachcomber::record::{RecordError, Replay, verify_record_events, write_record_line};
use beachcomber::rng::{GameRng, decision_seed, rng_from_seed};
use beachcomber::with_game;
use beachcomber::{Game, Seat};
use beachcomber_bots::{BotConfig, check_record_bots};
use serde_json::Value;

use crate::action_space::ActionSpace;
use crate::erased::{Refusal, Rules, Table};

/// The rules of a game `G` with its action space and encoding layout.
pub struct Engine<G: GameKind + Encode> {
    /// The game configuration.
    pub game: G,
    /// Its fixed action space.
    pub space: ActionSpace<G>,
    spec: String,
    fields: Vec<Field>,
    len: usize,
}

impl<G: GameKind + Encode> Engine<G> {
    /// The engine of `game`.
    pub fn new(game: G) -> Engine<G> {
        let fields = game.encoding_fields();
        Engine {
            space: ActionSpace::new(&game),
            spec: game.canonical_spec(),
            len: fields.iter().map(|f| f.len).sum(),
            fields,
            game,
        }
    }
}

impl<G: GameKind + Encode> Rules for Engine<G> {
    fn name(&self) -> &'static str {
        G::NAME
    }

    fn spec(&self) -> &str {
        &self.spec
    }

    fn players(&self) -> usize {
        self.game.players()
    }

    fn num_actions(&self) -> usize {
        self.space.len()
    }

    fn encoding_len(&self) -> usize {
        self.len
    }

    fn encoding_fields(&self) -> &[Field] {
        &self.fields
    }

    fn action_text(&self, index: u32) -> Option<String> {
        self.space.action(index).map(|a| a.to_string())
    }

    fn parse_action(&self, text: &str) -> Option<u32> {
        self.game
            .parse_action(text)
            .and_then(|a| self.space.find(a))
    }

    fn deal(self: Arc<Self>, seed: u64) -> Box<dyn Table> {
        let state = self.game.new_game(&mut rng_from_seed(seed));
        Box::new(Played::dealt(self, seed, state))
    }
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

    fn features(&self, seat: Seat, set: FeatureSet, out: &mut [f32]) {
        set.write(&self.engine.game, &self.state, seat, out);
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
        replay_line(&line).map_err(|e| e.to_string())?;
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
        if let Some(loaded) = config.model() {
            let model = loaded.model();
            let inputs = model.features.len(self.engine.len);
            model
                .check_game(&self.engine.spec, game.players(), inputs)
                .map_err(|e| format!("bot `{config}`: {e}"))?;
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

/// Why a record line does not replay: `beachcomber replay`'s message.
#[derive(Debug, thiserror::Error)]
pub enum ReplayRefusal {
    /// The line does not parse, or its events do not replay (the library's
    /// verification).
    #[error("{0}")]
    Record(#[from] RecordError),
    /// A bot spec of the record that replay refuses.
    #[error("{0}")]
    Bots(String),
}

/// The record line `text` replayed and checked exactly as `beachcomber
/// replay` checks it (the library's verification, then the bots':
/// [`check_record_bots`]), as its last state; else replay's message.
/// `from_record` reads with it and `to_record` checks what it writes, so
/// neither takes or makes a record that replay refuses.
pub fn replay_line(text: &[u8]) -> Result<Box<dyn Table>, ReplayRefusal> {
    let line = parse_line(text)?;
    let seed = line.record.seed;
    let table: Box<dyn Table> = with_game!(line.game, |g| {
        let replay = verify_record_events(&g, &line.record, &line.events)?;
        check_record_bots(&line.record.bots).map_err(|e| ReplayRefusal::Bots(e.to_string()))?;
        Box::new(Played::replayed(Arc::new(Engine::new(g)), seed, replay))
    });
    Ok(table)
}
