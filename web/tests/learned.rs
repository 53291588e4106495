//! Learned bots on the web: a model is named (`model=NAME`, a committed
//! file) or given by a label of a model already loaded, never by a path
//! (a 400), and a model of another game is a 400 too.

use crate::common::*;
use axum::http::StatusCode;
use beachcomber::encode::Encode;
use beachcomber::games::AnyGame;
use beachcomber::learn::features::FeatureSet;
use beachcomber::learn::loaded::{LoadedModel, load};
use beachcomber::learn::model::Model;

/// A model of `game` at `players` (zero weights) loaded in this process:
/// its label resolves without any file.
pub fn loaded_model(game: &str, players: usize) -> LoadedModel {
    let game = AnyGame::from_spec(game, players).unwrap();
    let inputs = beachcomber::with_game!(&game, |g| g.encoding_len());
    load(
        "web-test",
        Model {
            game: game.canonical_spec(),
            players,
            features: FeatureSet::Encoding,
            weights: vec![0.0; inputs],
            bias: 0.0,
            provenance: serde_json::Map::new(),
        },
    )
}

#[tokio::test]
async fn a_model_path_is_refused_and_a_loaded_model_plays() {
    let dir = tempfile::tempdir().unwrap();
    let model_file = dir.path().join("m.json");
    std::fs::write(&model_file, "not read").unwrap();
    let (_, r) = app_for(vec![], None, dir.path().join("s"));
    let path = model_file.display().to_string();
    let body = format!(r#"{{"game":"shell-dash","players":2,"bots":"learned(model={path})"}}"#);
    let (s, v) = post(&r, "/api/games", &body).await;
    assert_eq!(s, StatusCode::BAD_REQUEST, "{v}");
    assert_eq!(
        error_of(&v),
        format!(
            "bots: invalid `learned`: model `{path}`: the model path `{path}` is read only by \
             the command line, not here: name a committed model instead (model=NAME, the file \
             models/NAME.json)"
        )
    );
    let (s, v) = post(
        &r,
        "/api/games",
        r#"{"game":"shell-dash","players":2,"bots":"expert(leaf=learned,model=nosuch)"}"#,
    )
    .await;
    assert_eq!(s, StatusCode::BAD_REQUEST, "{v}");
    assert_eq!(
        error_of(&v),
        "bots: invalid `expert`: model `nosuch`: no committed model is named `nosuch` (the \
         file models/nosuch.json)"
    );
    let fits = loaded_model("shell-dash", 2);
    for bots in [
        format!("learned(model={})", fits.label()),
        format!("expert(iterations=500,leaf=learned,model={})", fits.label()),
    ] {
        let body = format!(r#"{{"game":"shell-dash","players":2,"bots":"{bots}","seed":1}}"#);
        let (s, v) = post(&r, "/api/games", &body).await;
        assert_eq!(s, StatusCode::OK, "{bots}: {v}");
    }
    // A model of another game.
    let other = loaded_model("seaside", 2);
    let body = format!(
        r#"{{"game":"shell-dash","players":2,"bots":"learned(model={})"}}"#,
        other.label()
    );
    let (s, v) = post(&r, "/api/games", &body).await;
    assert_eq!(s, StatusCode::BAD_REQUEST, "{v}");
    assert!(
        error_of(&v).contains("the model was trained for seaside("),
        "{v}"
    );
}
