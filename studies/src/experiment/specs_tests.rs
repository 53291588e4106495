use std::path::PathBuf;

use beachcomber::spec::one_line_path;

use crate::experiment::{Experiment, ExperimentError, Kind};

/// `text` written to a fresh `NAME.toml`, read; the folder is kept alive
/// with the result.
fn read(
    name: &str,
    text: &str,
) -> (
    tempfile::TempDir,
    PathBuf,
    Result<Experiment, ExperimentError>,
) {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join(format!("{name}.toml"));
    std::fs::write(&path, text).unwrap();
    let experiment = Experiment::read(&path);
    (dir, path, experiment)
}

#[test]
fn a_sweep_file_becomes_one_plan_of_its_combinations_full_and_quick() {
    let (_dir, _path, experiment) = read(
        "study",
        "kind = \"sweep\"\ngame = \"seaside\"\nplayers = [2, 3]\nbots = \"random\"\n\
         games = 10\nseed = 7\n\n[vary]\nremoved = [0, 10, 20]\n\n\
         [quick]\ngames = 2\nvary = { removed = [0, 20] }\n",
    );
    let experiment = experiment.unwrap();
    assert_eq!(experiment.kind, Kind::Sweep);
    let full = experiment.planned_sweep(false).unwrap();
    assert_eq!(full.plan.parts.len(), 6);
    assert_eq!(full.games.len(), 6);
    assert!(full.plan.parts.iter().all(|p| p.run.seed == 7));
    let values: Vec<Vec<(String, String)>> =
        full.plan.parts.iter().map(|p| p.values.clone()).collect();
    assert!(values.iter().all(|v| v.iter().any(|(k, _)| k == "removed")));
    let quick = experiment.planned_sweep(true).unwrap();
    assert_eq!(quick.plan.parts.len(), 4);
    assert!(
        quick
            .plan
            .parts
            .iter()
            .all(|p| p.values.iter().any(|(k, v)| k == "removed" && v != "10"))
    );
    // No baseline: nothing to compare.
    assert!(
        experiment
            .compare_spec(&full.plan, false)
            .unwrap()
            .is_none()
    );
}

#[test]
fn a_league_file_with_quick_replacements_rounds_to_whole_deals() {
    let (_dir, _path, experiment) = read(
        "ladder",
        "kind = \"league\"\ngame = \"seashells\"\nplayers = 2\n\
         bots = [\"random\", \"ismcts(iterations=2000)\"]\ngames_per_pairing = 40\n\
         anchor = \"ismcts(iterations=2000)\"\n\n\
         [quick]\ngames_per_pairing = 3\nreplace = { \"ismcts(iterations=2000)\" = \"ismcts(iterations=20)\" }\n",
    );
    let experiment = experiment.unwrap();
    let full = experiment.planned_leagues(false).unwrap();
    assert_eq!(full.leagues.len(), 1);
    assert!(!full.labelled);
    assert_eq!(full.leagues[0].games_per_pairing, 40);
    let quick = experiment.planned_leagues(true).unwrap();
    let league = &quick.leagues[0];
    assert_eq!(league.games_per_pairing, 4);
    let cheap = beachcomber_bots::BotConfig::parse("ismcts(iterations=20)")
        .unwrap()
        .to_string();
    assert_eq!(league.run.bots()[1], cheap);
    // The anchor follows its replacement.
    assert_eq!(league.anchor, 1);
}

#[test]
fn refusals_name_the_file_the_line_and_the_key() {
    let (_dir, path, experiment) = read(
        "bad",
        "kind = \"league\"\ngame = \"seashells\"\nplayers = [2, 3]\nbots = \"random,greedy\"\n",
    );
    let error = experiment.unwrap().planned_leagues(false).unwrap_err();
    assert!(matches!(error, ExperimentError::Setting { .. }));
    assert_eq!(
        error.to_string(),
        format!(
            "{} line 3: a league is played at one player count (give one `[[league]]` table per \
             count)",
            one_line_path(&path)
        )
    );
    let (_dir, path, experiment) = read(
        "bad",
        "kind = \"sweep\"\ngame = \"seaside\"\nplayers = 2\n\n[margins]\nseat_ratio = 0.05\n",
    );
    assert_eq!(
        experiment.unwrap_err().to_string(),
        format!(
            "{} line 5: `margins` needs a `baseline` (the combination to compare with)",
            one_line_path(&path)
        )
    );
    let (_dir, path, experiment) = read("bad", "kind = \"sweep\"\ncolour = 1\n");
    let error = experiment.unwrap_err();
    assert!(matches!(error, ExperimentError::Toml { .. }));
    assert!(
        error.to_string().starts_with(&format!(
            "{} line 2: unknown field `colour`",
            one_line_path(&path)
        )),
        "{error}"
    );
    let missing = PathBuf::from("/nonexistent/x.toml");
    assert!(
        Experiment::read(&missing)
            .unwrap_err()
            .to_string()
            .starts_with("cannot read the experiment file `/nonexistent/x.toml`: ")
    );
}

#[test]
fn a_quality_margin_needs_the_games_to_measure_quality() {
    let text = |quality: &str| {
        format!(
            "kind = \"sweep\"\ngame = \"seaside\"\nplayers = 2\nbots = \"random\"\n\
             games = 10\nseed = 7\n{quality}\n[vary]\nremoved = [0, 10]\n\n\
             [criterion]\nbaseline = {{ removed = 0 }}\nmargins = {{ mean_drama = 0.05 }}\n"
        )
    };
    let (_dir, path, experiment) = read("q", &text(""));
    let experiment = experiment.unwrap();
    let plan = experiment.planned_sweep(false).unwrap().plan;
    let error = experiment
        .compare_spec(&plan, false)
        .unwrap_err()
        .to_string();
    assert_eq!(
        error,
        format!(
            "{} line 13: criterion.margins.mean_drama: a game-quality metric is compared only \
             when the games measure it: add `quality = true` to the file",
            one_line_path(&path)
        )
    );
    let (_dir, _path, experiment) = read("q", &text("quality = true\n"));
    let experiment = experiment.unwrap();
    let plan = experiment.planned_sweep(false).unwrap().plan;
    let spec = experiment.compare_spec(&plan, false).unwrap().unwrap();
    assert_eq!(spec.margins_text(), "mean_drama=0.05");
}

#[test]
fn a_pick_rule_names_tests_with_margins_and_a_column_or_metric() {
    let text = |pick: &str| {
        format!(
            "kind = \"sweep\"\ngame = \"seaside\"\nplayers = 2\nbots = \"random\"\n\
             games = 10\nseed = 7\n\n[vary]\nremoved = [0, 10]\n\n\
             [criterion]\nbaseline = {{ removed = 0 }}\nmargins = {{ tie_rate = 0.05 }}\n\n\
             [criterion.pick]\n{pick}\n"
        )
    };
    let refused = |pick: &str| {
        let (_dir, path, experiment) = read("p", &text(pick));
        let experiment = experiment.unwrap();
        let plan = experiment.planned_sweep(false).unwrap().plan;
        let e = experiment
            .compare_spec(&plan, false)
            .unwrap_err()
            .to_string();
        e.replace(&one_line_path(&path), "FILE")
    };
    assert_eq!(
        refused("accept = [{ metric = \"seat_ratio\" }]\nby = \"removed\""),
        "FILE line 16: criterion.pick.accept: `seat_ratio` has no margin in criterion.margins (no \
         test to pass)"
    );
    assert_eq!(
        refused("accept = [{ metric = \"tie_rate\" }]\nby = \"removd\""),
        "FILE line 17: criterion.pick.by: `removd` is neither a value column (removed, players, \
         lineup) nor a metric of compare.csv"
    );
    assert_eq!(
        refused("accept = [{ metric = \"tie_rate\" }]\nby = \"tie_rate\"\nbest = \"least\""),
        "FILE line 18: criterion.pick.best: `least` is not `lowest` or `highest`"
    );
    let (_dir, _path, experiment) = read(
        "p",
        &text("accept = [{ metric = \"tie_rate\" }]\nby = \"mean_turns\"\nbest = \"lowest\""),
    );
    let experiment = experiment.unwrap();
    let plan = experiment.planned_sweep(false).unwrap().plan;
    assert!(experiment.compare_spec(&plan, false).unwrap().is_some());
}
