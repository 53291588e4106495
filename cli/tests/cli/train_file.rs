//! Training files (`kind = "train"`, docs/learning.md) run end to end: in
//! a git repository the test builds, a full run needs a clean tree and
//! writes `models/NAME.json` naming the commit that made it, the same
//! file again from the same commit; and the committed models of
//! `models/` each load, match their experiment file and play.

use std::path::Path;

use beachcomber::games::AnyGame;
use beachcomber::learn::model::Model;

use crate::common::*;
use crate::locked_rule::{commit, refused_in, repository, run_in};

/// A tiny training of Seaside at 2 players, into `models/tiny.json`.
const TINY: &str = "kind = \"train\"\ntitle = \"Tiny\"\ngame = \"seaside\"\nplayers = 2\n\
                    teacher = \"random\"\ngames = 6\nsteps = 5\nholdout = 0.5\nseed = 3\n\
                    model = \"tiny\"\n";

#[test]
fn a_training_file_writes_its_model_naming_the_commit_and_refuses_a_changed_tree() {
    let repo = repository();
    let dir = repo.path();
    std::fs::create_dir(dir.join("models")).unwrap();
    std::fs::write(dir.join("experiments/train-tiny.toml"), TINY).unwrap();
    std::fs::write(dir.join("models/README.md"), "models\n").unwrap();
    let (head, _) = commit(dir, "the training file");
    let file = "experiments/train-tiny.toml";
    let o = run_in(dir, &["run", file, "--quiet"]);
    assert!(o.status.success(), "{}", stderr(&o));
    let model = Model::read(&dir.join("models/tiny.json")).unwrap();
    let bytes = std::fs::read(dir.join("models/tiny.json")).unwrap();
    assert_eq!(
        model.game,
        AnyGame::from_spec("seaside", 2).unwrap().canonical_spec()
    );
    assert_eq!(model.provenance["trainer"], "beachcomber run");
    assert_eq!(model.provenance["experiment"], file);
    assert_eq!(model.provenance["games"], 6);
    assert_eq!(model.provenance["held_out_games"], 3);
    assert_eq!(
        model.provenance["code"],
        serde_json::json!({ "commit": head, "clean": true })
    );
    let summary = read(&dir.join("results/train-tiny/summary.md"));
    assert!(summary.starts_with("**Tiny**\n"), "{summary}");
    assert!(summary.contains("| games | 6 (3 held out) |"), "{summary}");
    assert!(
        summary.contains(&format!("Made by the code of commit `{head}`.")),
        "{summary}"
    );
    assert!(
        summary.contains(&format!(
            "`models/tiny.json`, hash `xxh3:{}`. Play it as `learned(model=tiny)`.",
            model.hash()
        )),
        "{summary}"
    );
    // Its outputs do not make the tree unclean: the same run again gives
    // the same bytes.
    let o = run_in(dir, &["run", file, "--quiet"]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert_eq!(std::fs::read(dir.join("models/tiny.json")).unwrap(), bytes);
    // Any other change is refused before anything is played or written.
    commit(dir, "the model");
    std::fs::write(dir.join("notes.txt"), "x").unwrap();
    refused_in(
        dir,
        &["run", file, "--quiet"],
        "experiments/train-tiny.toml: the tree has a change outside the run's outputs \
         (`notes.txt`): commit it first (a committed model names the commit that made it), \
         or run with --exploratory",
    );
    // --exploratory runs, saying the tree was not clean.
    let o = run_in(dir, &["run", file, "--quiet", "--exploratory"]);
    assert!(o.status.success(), "{}", stderr(&o));
    let model = Model::read(&dir.join("models/tiny.json")).unwrap();
    assert_eq!(model.provenance["code"]["clean"], false);
    assert_eq!(model.provenance["code"]["changed"], "notes.txt");
    // A training is one run: no shard, merge or combination.
    refused_in(
        dir,
        &["run", file, "--combination", "0", "--out", "x"],
        "--combination: a training (kind = \"train\") is one run: no shards, combinations, \
         merge or report to redraw",
    );
}

/// Every committed model: one per training file (`models/NAME.json` of
/// `experiments/train-*.toml`), under 1 MB, loaded by [`Model::read`],
/// of the file's game, players, teacher and seed, made by a committed
/// clean tree, and played as `learned(model=NAME)` by a short tournament.
#[test]
fn every_committed_model_loads_matches_its_file_and_plays() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).parent().unwrap();
    let mut trained = Vec::new();
    let dir = temp_dir();
    for entry in std::fs::read_dir(root.join("experiments")).unwrap() {
        let path = entry.unwrap().path();
        let name = path.file_name().unwrap().to_string_lossy().to_string();
        if !name.starts_with("train-") || !name.ends_with(".toml") {
            continue;
        }
        let table: toml::Table = read(&path).parse().unwrap();
        assert_eq!(table["kind"].as_str(), Some("train"), "{name}");
        let model_name = table["model"].as_str().unwrap().to_string();
        let file = root.join("models").join(format!("{model_name}.json"));
        if !file.exists() {
            // Not trained yet: its --quick run is checked by the other tests.
            continue;
        }
        assert!(std::fs::metadata(&file).unwrap().len() < 1 << 20, "{name}");
        let model = Model::read(&file).unwrap();
        let game = table["game"].as_str().unwrap();
        let players = table["players"].as_integer().unwrap() as usize;
        assert_eq!(
            model.game,
            AnyGame::from_spec(game, players).unwrap().canonical_spec(),
            "{name}"
        );
        assert_eq!(model.players, players, "{name}");
        let p = &model.provenance;
        assert_eq!(p["experiment"], format!("experiments/{name}"), "{name}");
        assert_eq!(p["seed"].as_i64(), table["seed"].as_integer(), "{name}");
        assert_eq!(p["games"].as_i64(), table["games"].as_integer(), "{name}");
        assert_eq!(p["code"]["clean"], true, "{name}");
        assert_eq!(p["code"]["commit"].as_str().unwrap().len(), 40, "{name}");
        let games = dir.path().join(format!("{model_name}.csv"));
        ok(&[
            "tournament",
            "--game",
            game,
            "--players",
            "2",
            "--bots",
            &format!("learned(model={model_name}),random"),
            "--games",
            "2",
            "--seed",
            "1",
            "--quiet",
            "--out",
            s(&games),
        ]);
        let rows = read(&games);
        assert!(
            rows.contains(&format!(
                "learned(model={model_name}@xxh3:{},worlds=8)",
                model.hash()
            )),
            "{name}: {rows}"
        );
        // Two games, a line per seat.
        assert_eq!(rows.lines().count(), 1 + 4, "{name}: {rows}");
        trained.push(model_name);
    }
    trained.sort();
    // Every committed model has its training file.
    let mut committed: Vec<String> = std::fs::read_dir(root.join("models"))
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|x| x == "json"))
        .map(|p| p.file_stem().unwrap().to_string_lossy().to_string())
        .collect();
    committed.sort();
    assert_eq!(committed, trained);
}

/// Each training file's `--quick` run gives fixed bytes: its model and
/// summary.md equal those committed in `cli/tests/equivalence/train-quick/`
/// (the workspace's path as `{root}`), as the equivalence harness compares
/// (after a deliberate change: `BEACHCOMBER_BLESS=1` rewrites them). A
/// full training is not run here.
#[test]
fn every_training_file_s_quick_run_gives_the_committed_bytes() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).parent().unwrap();
    let expected = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/equivalence/train-quick");
    let bless = std::env::var_os("BEACHCOMBER_BLESS").is_some();
    let dir = temp_dir();
    let mut files: Vec<_> = std::fs::read_dir(root.join("experiments"))
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| {
            let name = p.file_name().unwrap().to_string_lossy();
            name.starts_with("train-") && name.ends_with(".toml")
        })
        .collect();
    files.sort();
    assert!(files.len() >= 3, "{files:?}");
    let mut checked = Vec::new();
    for file in &files {
        let name = file.file_stem().unwrap().to_string_lossy().to_string();
        let table: toml::Table = read(file).parse().unwrap();
        let model = format!("{}.json", table["model"].as_str().unwrap());
        let out = dir.path().join(&name);
        let said = ok(&["run", s(file), "--quick", "--quiet", "--out", s(&out)]);
        assert!(
            said.starts_with(&format!("wrote {}", s(&out.join(&model)))),
            "{said}"
        );
        for written in [model.as_str(), "summary.md"] {
            let got = read(&out.join(written)).replace(s(root), "{root}");
            let want = expected.join(&name).join(written);
            if bless {
                std::fs::create_dir_all(want.parent().unwrap()).unwrap();
                std::fs::write(&want, &got).unwrap();
            }
            assert_eq!(read(&want), got, "{name}/{written}");
        }
        checked.push(name);
    }
    let mut committed: Vec<String> = std::fs::read_dir(&expected)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().to_string())
        .collect();
    committed.sort();
    assert_eq!(committed, checked, "an expected folder per training file");
}
