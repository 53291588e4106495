//! Learned models made in code, for the tests of the bots that read them
//! (`learned`, `expert(leaf=learned)`): fixed weights, no training.

use crate::encode::Encode;
use crate::learn::features::FeatureSet;
use crate::learn::loaded::{LoadedModel, load};
use crate::learn::model::Model;

/// A model of `game` (whose canonical spec is `spec`) reading `features`,
/// with fixed small weights: weight `i` is `((i * 37) % 11 - 5) / 10`,
/// the bias 0.
pub fn fixed_model<G: Encode>(game: &G, spec: &str, features: FeatureSet) -> Model {
    let inputs = features.len(game.encoding_len());
    Model {
        game: spec.into(),
        players: game.players(),
        features,
        weights: (0..inputs)
            .map(|i| ((i * 37) % 11) as f32 / 10.0 - 0.5)
            .collect(),
        bias: 0.0,
        provenance: serde_json::Map::new(),
    }
}

/// [`fixed_model`] loaded into the process's registry under the name
/// `fixed` (its label `fixed@xxh3:HASH` is a valid `model=` value).
pub fn loaded_fixed_model<G: Encode>(game: &G, spec: &str, features: FeatureSet) -> LoadedModel {
    load("fixed", fixed_model(game, spec, features))
}
