//! `learned(model=PATH)` and `expert(leaf=learned,model=PATH)` on the
//! command line: the file is read, checked against the game, named with
//! its hash in the canonical spec, and a missing, mismatched or changed
//! model is a one-line error before anything is written.

use crate::common::*;

use std::path::Path;

use beachcomber::encode::Encode;
use beachcomber::games::AnyGame;
use beachcomber::learn::features::FeatureSet;
use beachcomber::learn::model::Model;

/// A model of `players`-player Shell Dash (fixed weights),
/// written to `path`; returns it.
fn write_model(path: &Path, players: usize) -> Model {
    let game = AnyGame::from_spec("shell-dash", players).unwrap();
    let spec = game.canonical_spec();
    let AnyGame::ShellDash(g) = &game else {
        panic!("not shell dash")
    };
    let features = FeatureSet::EncodingEvaluate;
    let model = Model {
        game: spec,
        players,
        features,
        // Small fixed weights; the evaluation (the last input) counts most.
        weights: (0..features.len(g.encoding_len()))
            .map(|i| ((i * 37) % 11) as f32 / 100.0 - 0.05)
            .chain(std::iter::once(0.5))
            .take(features.len(g.encoding_len()))
            .collect(),
        bias: 0.0,
        provenance: serde_json::Map::new(),
    };
    std::fs::write(path, model.to_json()).unwrap();
    model
}

fn tournament_args(bots: &str, out: &Path) -> Vec<String> {
    [
        "tournament",
        "--game",
        "shell-dash",
        "--players",
        "2",
        "--bots",
        bots,
        "--deals",
        "4",
        "--seed",
        "5",
        "--quiet",
        "--out",
        s(out),
    ]
    .iter()
    .map(|a| a.to_string())
    .collect()
}

fn strs(v: &[String]) -> Vec<&str> {
    v.iter().map(String::as_str).collect()
}

#[test]
fn a_tournament_plays_learned_bots_named_by_their_hash() {
    let dir = temp_dir();
    let path = dir.path().join("m.json");
    let model = write_model(&path, 2);
    let out = dir.path().join("g.csv");
    let bots = format!(
        "learned(model={p}),expert(iterations=30,leaf=learned,model={p})",
        p = s(&path)
    );
    let o = run(&strs(&tournament_args(&bots, &out)));
    assert!(o.status.success(), "{}", stderr(&o));
    let rows = read(&out);
    let label = format!("{}@xxh3:{}", s(&path), model.hash());
    assert!(
        rows.contains(&format!("learned(model={label},worlds=8)")),
        "{rows}"
    );
    assert!(
        rows.contains(&format!("leaf=learned,model={label})")),
        "{rows}"
    );
    // Eight games (4 deals, both seatings), a line per seat.
    assert_eq!(rows.lines().count(), 1 + 16, "{rows}");
    // The canonical spec plays the same games again.
    let again = dir.path().join("again.csv");
    let canonical = format!(
        "learned(model={label},worlds=8),expert(iterations=30,c=0.7,cutoff=auto,scale=2,\
         belief=auto,leaf=learned,model={label})"
    );
    let o = run(&strs(&tournament_args(&canonical, &again)));
    assert!(o.status.success(), "{}", stderr(&o));
    assert_eq!(read(&again), rows);
}

#[test]
fn a_missing_mismatched_or_changed_model_is_refused() {
    let dir = temp_dir();
    let out = dir.path().join("g.csv");
    let missing = dir.path().join("none.json");
    let o = run(&strs(&tournament_args(
        &format!("learned(model={}),greedy", s(&missing)),
        &out,
    )));
    assert_eq!(o.status.code(), Some(1));
    let err = stderr(&o);
    assert!(
        err.starts_with(&format!(
            "error: --bots: invalid `learned`: model `{m}`: cannot read the model: {m}: ",
            m = s(&missing)
        )),
        "{err}"
    );
    assert_eq!(err.lines().count(), 1, "{err}");
    // A model of solo Shell Dash, asked to play 2 players.
    let three = dir.path().join("solo.json");
    write_model(&three, 1);
    let o = run(&strs(&tournament_args(
        &format!("greedy,learned(model={})", s(&three)),
        &out,
    )));
    assert_eq!(o.status.code(), Some(1));
    let err = stderr(&o);
    assert!(
        err.contains("the model was trained for shell-dash(")
            && err.contains("at 1 player (")
            && err.contains("at 2 players"),
        "{err}"
    );
    assert_eq!(err.lines().count(), 1, "{err}");
    // A file that is no model.
    let bad = dir.path().join("bad.json");
    std::fs::write(&bad, "[1, 2]\n").unwrap();
    let o = run(&strs(&tournament_args(
        &format!("learned(model={})", s(&bad)),
        &out,
    )));
    assert_eq!(o.status.code(), Some(1));
    assert!(stderr(&o).contains("not a model file: "), "{}", stderr(&o));
    // A label whose hash the file's weights no longer have.
    let path = dir.path().join("m.json");
    let model = write_model(&path, 2);
    let mut changed = model.clone();
    changed.bias = 0.5;
    std::fs::write(&path, changed.to_json()).unwrap();
    let o = run(&strs(&tournament_args(
        &format!("learned(model={}@xxh3:{})", s(&path), model.hash()),
        &out,
    )));
    assert_eq!(o.status.code(), Some(1));
    let err = stderr(&o);
    assert!(
        err.contains(&format!(
            "the model's weights hash to {}, not {} (the file changed",
            changed.hash(),
            model.hash()
        )),
        "{err}"
    );
    assert!(!out.exists(), "nothing written");
}

#[test]
fn resume_after_the_model_changed_is_refused() {
    let dir = temp_dir();
    let path = dir.path().join("m.json");
    let model = write_model(&path, 2);
    let out = dir.path().join("g.csv");
    let mut args = tournament_args(&format!("learned(model={}),random", s(&path)), &out);
    let o = bin()
        .args(strs(&args))
        .env("BEACHCOMBER_FAILPOINT", "finish-checkpoint")
        .output()
        .unwrap();
    assert_eq!(o.status.code(), Some(86), "{}", stderr(&o));
    args.push("--resume".into());
    let mut changed = model.clone();
    changed.weights[0] += 1.0;
    std::fs::write(&path, changed.to_json()).unwrap();
    let o = run(&strs(&args));
    assert_eq!(o.status.code(), Some(1));
    let err = stderr(&o);
    assert!(err.starts_with("error: --resume: "), "{err}");
    assert_eq!(err.lines().count(), 1, "{err}");
    // Restored, it resumes and finishes.
    std::fs::write(&path, model.to_json()).unwrap();
    let o = run(&strs(&args));
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(out.exists());
}

#[test]
fn bench_measures_a_learned_bot() {
    let dir = temp_dir();
    let path = dir.path().join("m.json");
    write_model(&path, 2);
    let o = run(&[
        "bench",
        "--game",
        "shell-dash",
        "--players",
        "2",
        "--bots",
        &format!("learned(model={}),greedy", s(&path)),
        "--games",
        "2",
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    let text = String::from_utf8_lossy(&o.stdout).into_owned();
    assert!(text.contains("learned(model="), "{text}");
}
