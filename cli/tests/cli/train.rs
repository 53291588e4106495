//! `beachcomber train`: the same model bytes from the same flags at any
//! thread count, a file `Model::read` accepts, bad input refused in one
//! line with nothing written.

use beachcomber::learn::features::FeatureSet;
use beachcomber::learn::model::Model;

use crate::common::*;

#[test]
fn a_quick_training_writes_the_same_model_at_one_and_two_threads() {
    let dir = temp_dir();
    let mut bytes = Vec::new();
    for threads in ["1", "2"] {
        let out = dir.path().join(format!("model-{threads}.json"));
        let text = ok(&[
            "train",
            "--game",
            "seashells",
            "--players",
            "2",
            "--teacher",
            "greedy(worlds=2)",
            "--quick",
            "--threads",
            threads,
            "--quiet",
            "--out",
            s(&out),
        ]);
        assert!(text.contains("self-play: 12 games"), "{text}");
        assert!(text.contains("held out: 1 games"), "{text}");
        bytes.push(std::fs::read(&out).unwrap());
        let model = Model::read(&out).unwrap();
        assert!(model.game.starts_with("seashells("), "{}", model.game);
        assert_eq!(model.players, 2);
        assert_eq!(model.features, FeatureSet::EncodingEvaluate);
        assert_eq!(model.provenance["teacher"], "greedy(worlds=2)");
        assert_eq!(model.provenance["games"], 12);
        assert_eq!(model.provenance["steps"], 20);
        assert!(model.provenance["held_out_loss"].is_f64());
        assert!(
            text.contains(&format!("hash xxh3:{}", model.hash())),
            "{text}"
        );
    }
    assert_eq!(bytes[0], bytes[1]);
    // Only the model: no temporary file is left beside it.
    assert_eq!(names(dir.path()), ["model-1.json", "model-2.json"]);
}

#[test]
fn train_refuses_bad_input() {
    let dir = temp_dir();
    let empty = dir.path().join("empty");
    std::fs::create_dir(&empty).unwrap();
    let out = s(&empty.join("m.json")).to_string();
    let seaside = "--game seaside --players 2 --teacher greedy";
    for (args, want) in [
        (
            format!("{seaside} --games 0"),
            "--games 0 is not in 1..=1000000",
        ),
        (
            format!("{seaside} --games 1000001"),
            "--games 1000001 is not in 1..=1000000",
        ),
        (
            format!("{seaside} --holdout 0.7"),
            "--holdout 0.7 is not in 0..=0.5",
        ),
        (
            format!("{seaside} --holdout nan"),
            "--holdout NaN is not in 0..=0.5",
        ),
        (
            format!("{seaside} --steps 0"),
            "--steps 0 is not in 1..=100000",
        ),
        (
            format!("{seaside} --ridge -1"),
            "--ridge -1 is not in 0..=1000",
        ),
        (
            format!("{seaside} --features pixels"),
            "--features: unknown feature set `pixels`",
        ),
        (format!("{seaside} --threads 0"), "0 is not in 1..=1024"),
        (
            "--game seaside --players 2 --teacher nope".into(),
            "--teacher: ",
        ),
        (
            "--game seaside --players 2 --teacher engine(name=x)".into(),
            "an external engine cannot teach",
        ),
        (
            "--game nope --players 2 --teacher greedy".into(),
            "unknown game `nope`",
        ),
    ] {
        refused_any(&format!("train {args} --out {out}"), want, &empty);
    }
    // An output in a missing folder is refused before any game is played.
    let missing = dir.path().join("missing").join("m.json");
    let o = run_line(&format!("train {seaside} --out {}", s(&missing)));
    assert_eq!(o.status.code(), Some(1));
    let err = stderr(&o);
    assert!(
        err.starts_with("error: --out: cannot write") && err.contains("no folder"),
        "{err}"
    );
    assert_eq!(err.lines().count(), 1, "{err}");
}

/// [`refused`], allowing clap's exit status 2 for a value it parses.
fn refused_any(line: &str, want: &str, out: &std::path::Path) {
    let o = run_line(line);
    assert!(matches!(o.status.code(), Some(1 | 2)), "{line}");
    let err = stderr(&o);
    assert!(err.contains(want), "{line}: want `{want}` in: {err}");
    assert!(
        err.lines().filter(|l| l.starts_with("error")).count() == 1,
        "{err}"
    );
    assert!(
        names(out).is_empty(),
        "no output for {line}: {:?}",
        names(out)
    );
}
