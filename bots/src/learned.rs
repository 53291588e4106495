//! `learned`: one-step lookahead with a learned evaluation.
//!
//! Like [`crate::greedy`], for each legal action the bot plays it in
//! `worlds` determinizations from the acting seat's view (never the true
//! state, which an action could reveal) and rates the resulting worlds;
//! here the rating is the model's value for the acting seat (its expected
//! result share, [`Model::value`] of the features
//! [`FeatureSet::write`](beachcomber::learn::features::FeatureSet::write)
//! gives), summed over the worlds. The best-rated action is played, ties
//! broken uniformly at random. The features hold only what the seat sees
//! (its masked observation, and the evaluation of a world dealt from its
//! view), so the bot is fair.
//!
//! The model is named by the spec (`model=`, see
//! [`beachcomber::learn::loaded`]) and resolved when the spec is parsed,
//! so building the bot for each game does no IO.

use std::sync::Arc;

use beachcomber::bot::Bot;
use beachcomber::encode::Encode;
use beachcomber::game::Evaluate;
use beachcomber::learn::loaded::{LoadedModel, resolve};
use beachcomber::learn::model::Model;
use beachcomber::rng::GameRng;
use beachcomber::spec::{Spec, SpecError};

use crate::greedy::{GreedyBot, lookahead};

/// The model a spec's `model=` names, resolved ([`resolve`]): its error as
/// the spec's.
pub(crate) fn spec_model(spec: &Spec) -> Result<Option<LoadedModel>, SpecError> {
    let Some(value) = spec.get("model") else {
        return Ok(None);
    };
    resolve(value).map(Some).map_err(|e| SpecError::Invalid {
        name: spec.name.clone(),
        why: format!("model `{}`: {e}", beachcomber::spec::one_line(value)),
    })
}

/// The length of the features `model` reads in `game`, or a message when
/// they do not fit the game's encoding (a model for another game, which
/// the caller should have refused: [`crate::check_models`]).
pub(crate) fn feature_len<G: Encode>(game: &G, model: &Model) -> usize {
    let len = model.features.len(game.encoding_len());
    assert!(
        len == model.weights.len() && model.players == game.players(),
        "the model was trained for {} at {} players ({} inputs), not {} at {} players \
         ({len} inputs): check the lineup with check_models before playing",
        model.game,
        model.players,
        model.weights.len(),
        game.name(),
        game.players()
    );
    len
}

/// A bot whose learned model does not fit the game it is to play: the
/// bot's canonical spec and why.
#[derive(Clone, Debug, PartialEq)]
pub struct ModelMismatch {
    /// The bot's canonical spec.
    pub bot: String,
    /// Why its model does not fit.
    pub error: beachcomber::learn::model::ModelError,
}

impl std::fmt::Display for ModelMismatch {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "bot `{}`: {}", self.bot, self.error)
    }
}

impl std::error::Error for ModelMismatch {}

/// Refuse the first of `bots` whose learned model was trained for another
/// game, options or player count than `game`
/// ([`crate::BotConfig::check_game`]): callers check every lineup before
/// playing it, so a mismatch is a one-line error before any game.
pub fn check_models<'a>(
    bots: impl IntoIterator<Item = &'a crate::BotConfig>,
    game: &beachcomber::games::AnyGame,
) -> Result<(), ModelMismatch> {
    for bot in bots {
        bot.check_game(game).map_err(|error| ModelMismatch {
            bot: bot.to_string(),
            error,
        })?;
    }
    Ok(())
}

/// The learned bot (see the module docs).
#[derive(Clone, Debug)]
pub struct LearnedBot {
    model: Arc<Model>,
    worlds: u32,
    /// Summed value per legal action (reused between decisions).
    values: Vec<f64>,
    /// The features of one world (reused between decisions).
    features: Vec<f32>,
}

impl LearnedBot {
    /// A learned bot rating with `model`, averaging over `worlds`
    /// determinizations (at least 1).
    pub fn new(model: Arc<Model>, worlds: u32) -> Self {
        LearnedBot {
            model,
            worlds: worlds.max(1),
            values: Vec::new(),
            features: Vec::new(),
        }
    }
}

/// `learned` in the registry: `model` (required: a path, a committed
/// model's name, or either labelled with its hash) and `worlds` (default
/// [`GreedyBot::DEFAULT_WORLDS`], 1 to 10000).
#[derive(Clone, Debug, PartialEq)]
pub struct LearnedConfig {
    /// The model it rates with.
    pub model: LoadedModel,
    /// Determinizations the lookahead is averaged over.
    pub worlds: u32,
}

impl crate::kind::BotKind for LearnedConfig {
    const NAME: &'static str = "learned";

    fn from_spec(spec: &Spec) -> Result<Self, SpecError> {
        spec.check_keys(&["model", "worlds"])?;
        let worlds = spec.u64_in("worlds", GreedyBot::DEFAULT_WORLDS as u64, 1, 10_000)?;
        let Some(model) = spec_model(spec)? else {
            return Err(SpecError::Invalid {
                name: Self::NAME.into(),
                why: "`model` is required: model=PATH (a model file) or model=NAME \
                      (models/NAME.json)"
                    .into(),
            });
        };
        Ok(LearnedConfig {
            model,
            worlds: worlds as u32,
        })
    }

    fn write_spec(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "learned(model={},worlds={})",
            self.model.label(),
            self.worlds
        )
    }

    fn work_per_decision(&self) -> Option<u64> {
        // One rating of every legal action per world, as `greedy`.
        Some(u64::from(self.worlds))
    }

    fn model(&self) -> Option<&LoadedModel> {
        Some(&self.model)
    }

    fn build<G: Evaluate>(&self) -> Box<dyn Bot<G>> {
        Box::new(LearnedBot::new(self.model.shared(), self.worlds))
    }
}

impl<G: Evaluate> Bot<G> for LearnedBot {
    fn choose(&mut self, game: &G, state: &G::State, rng: &mut GameRng) -> G::Action {
        if self.values.capacity() == 0 {
            // Sized once for the largest legal list (the action universe)
            // and the model's features.
            self.values.reserve(game.all_actions().len());
            self.features
                .resize(feature_len(game, &self.model), f32::NAN);
        }
        let (model, buffer) = (&self.model, &mut self.features);
        lookahead(
            game,
            state,
            self.worlds,
            &mut self.values,
            rng,
            |next, seat| {
                model.features.write(game, next, seat, buffer);
                model.value(buffer)
            },
        )
    }
}
