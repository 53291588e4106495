//! A training file (`kind = "train"`, docs/experiments.md): the train
//! settings of `beachcomber train` as top-level keys and the model's name
//! (`model = "NAME"`, written to `models/NAME.json`), `[quick]` changing
//! the games and the steps. Read into the one [`TrainSettings`] the
//! command uses ([`Experiment::train_plan`]).

use beachcomber::learn::features::FeatureSet;
use beachcomber::learn::loaded::is_model_name;
use beachcomber::learn::train::TrainSettings;
use beachcomber::spec::one_line;
use beachcomber_bots::BotConfig;

use super::error::ExperimentError;
use super::file::{Experiment, Kind, Step};

/// The games of a training's `--quick` run when `[quick]` gives none (as
/// `beachcomber train --quick`).
pub const QUICK_GAMES: u64 = 12;

/// The steps of a training's `--quick` run when `[quick]` gives none.
pub const QUICK_STEPS: u32 = 20;

/// The default held-out share, steps, ridge and features: those of
/// `beachcomber train`.
const DEFAULT_HOLDOUT: f64 = 0.1;
const DEFAULT_STEPS: u32 = 300;
const DEFAULT_RIDGE: f64 = 0.1;
const DEFAULT_FEATURES: FeatureSet = FeatureSet::EncodingEvaluate;

/// The top-level keys of a training file only.
const TRAIN_KEYS: [&str; 6] = ["teacher", "holdout", "steps", "ridge", "features", "model"];

/// The top-level keys a training file does not take (its settings are
/// [`TRAIN_KEYS`], `game`, `players`, `games` and `seed`).
const NOT_TRAIN_KEYS: [&str; 11] = [
    "bots",
    "deals",
    "games_per_pairing",
    "resamples",
    "anchor",
    "rotate",
    "records",
    "quality",
    "vary",
    "plot",
    "speed_games",
];

/// The `[quick]` keys a training file does not take (only `games` and
/// `steps`).
const NOT_TRAIN_QUICK_KEYS: [&str; 5] = ["games_per_pairing", "bots", "replace", "players", "vary"];

/// A training file, read: the settings and the model's name.
#[derive(Clone, Debug, PartialEq)]
pub struct TrainPlan {
    /// The settings (`--quick`'s games and steps when asked).
    pub settings: TrainSettings,
    /// The model's name (`models/NAME.json`).
    pub model: String,
}

impl Experiment {
    /// Each key belongs to the file's kind: a training's keys only in a
    /// training file, and none of the others' there.
    pub(crate) fn check_train_keys(&self) -> Result<(), ExperimentError> {
        let given = |steps: &[&str]| {
            let steps: Vec<Step> = steps.iter().map(|k| Step::key(k)).collect();
            self.source.line(&steps).is_some()
        };
        let refuse = |steps: &[&str], why: String| {
            Err(ExperimentError::setting(
                format!("{}: ", self.at_keys(steps)),
                why,
            ))
        };
        if self.kind != Kind::Train {
            for key in TRAIN_KEYS {
                if given(&[key]) {
                    return refuse(&[key], format!("`{key}` belongs to kind = \"train\""));
                }
            }
            if given(&["quick", "steps"]) {
                return refuse(
                    &["quick", "steps"],
                    "`steps` belongs to kind = \"train\"".into(),
                );
            }
            return Ok(());
        }
        for key in NOT_TRAIN_KEYS {
            if given(&[key]) {
                return refuse(
                    &[key],
                    format!("`{key}` does not belong to kind = \"train\""),
                );
            }
        }
        for key in NOT_TRAIN_QUICK_KEYS {
            if given(&["quick", key]) {
                return refuse(
                    &["quick", key],
                    format!(
                        "`{key}` does not belong to a training's [quick] (only games and steps)"
                    ),
                );
            }
        }
        for key in ["teacher", "model"] {
            if !given(&[key]) {
                return refuse(&[], format!("`{key}` is missing (kind = \"train\")"));
            }
        }
        Ok(())
    }

    /// The training a `kind = "train"` file describes (`quick`: its
    /// `[quick]` games and steps, else [`QUICK_GAMES`] and
    /// [`QUICK_STEPS`]), every setting checked against its range.
    pub fn train_plan(&self, quick: bool) -> Result<TrainPlan, ExperimentError> {
        let at = |key: &str| format!("{}: ", self.at_keys(&[key]));
        let game_spec = self.game.clone().unwrap_or_default();
        let counts = self
            .players
            .as_ref()
            .map(|p| p.counts())
            .transpose()
            .map_err(|error| ExperimentError::Sweep {
                at: format!("{}: ", self.at_keys(&["players"])),
                error: Box::new(error),
            })?
            .unwrap_or_default();
        let [players] = counts[..] else {
            return Err(ExperimentError::setting(
                at("players"),
                "a training has one player count",
            ));
        };
        let game = beachcomber::games::AnyGame::from_spec(&game_spec, players)
            .map_err(|e| ExperimentError::setting(at("game"), e.to_string()))?;
        let teacher_text = self.teacher.clone().unwrap_or_default();
        let teacher = BotConfig::parse(&teacher_text)
            .map_err(|e| ExperimentError::setting(at("teacher"), e.to_string()))?;
        if teacher.name() == "engine" {
            return Err(ExperimentError::setting(
                at("teacher"),
                "an external engine cannot teach (give a built-in bot)",
            ));
        }
        let features = match &self.features {
            None => DEFAULT_FEATURES,
            Some(name) => FeatureSet::from_name(name).ok_or_else(|| {
                ExperimentError::setting(
                    at("features"),
                    format!(
                        "unknown feature set `{}` (known: {})",
                        one_line(name),
                        FeatureSet::NAMES.join(", ")
                    ),
                )
            })?,
        };
        let model = self.model.clone().unwrap_or_default();
        if !is_model_name(&model) {
            return Err(ExperimentError::setting(
                at("model"),
                format!(
                    "`{}` is not a model name (letters, digits, `-` and `_`: the file \
                     models/NAME.json)",
                    one_line(&model)
                ),
            ));
        }
        let games = self.games.map_or(1000, |g| g.get());
        let steps = self.steps.unwrap_or(DEFAULT_STEPS);
        let (games, steps) = if quick {
            (
                self.quick.games.map_or(QUICK_GAMES, |g| g.get()),
                self.quick.steps.unwrap_or(QUICK_STEPS),
            )
        } else {
            (games, steps)
        };
        let settings = TrainSettings {
            game: game.canonical_spec(),
            players,
            teacher: teacher.to_string(),
            games,
            holdout: self.holdout.unwrap_or(DEFAULT_HOLDOUT),
            steps,
            ridge: self.ridge.unwrap_or(DEFAULT_RIDGE),
            features,
            seed: self.seed,
        };
        settings.check().map_err(|e| {
            let key = if quick && matches!(e.key, "games" | "steps") {
                format!("{}: ", self.at_keys(&["quick", e.key]))
            } else {
                at(e.key)
            };
            ExperimentError::setting(key, e.to_string())
        })?;
        Ok(TrainPlan { settings, model })
    }
}

#[cfg(test)]
mod tests {
    use std::path::Path;

    use super::*;

    /// The file of `text`, read (in a fresh folder), or its error's text.
    fn read(text: &str) -> Result<Experiment, String> {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("train-x.toml");
        std::fs::write(&path, text).unwrap();
        Experiment::read(Path::new(&path))
            .map_err(|e| e.to_string().replace(&path.display().to_string(), "FILE"))
    }

    const FILE: &str = "kind = \"train\"\ngame = \"seaside\"\nplayers = 2\nteacher = \"greedy\"\n\
                        games = 40\nsteps = 7\nridge = 0.5\nholdout = 0.25\nseed = 9\n\
                        model = \"seaside-x\"\n\n[quick]\ngames = 3\n";

    #[test]
    fn a_training_file_gives_the_settings_of_the_command() {
        let file = read(FILE).unwrap();
        let plan = file.train_plan(false).unwrap();
        assert_eq!(plan.model, "seaside-x");
        let want = TrainSettings {
            game: beachcomber::games::AnyGame::from_spec("seaside", 2)
                .unwrap()
                .canonical_spec(),
            players: 2,
            teacher: "greedy(worlds=8)".into(),
            games: 40,
            holdout: 0.25,
            steps: 7,
            ridge: 0.5,
            features: FeatureSet::EncodingEvaluate,
            seed: 9,
        };
        assert_eq!(plan.settings, want);
        // `--quick`: its games, the default quick steps.
        let quick = file.train_plan(true).unwrap();
        assert_eq!(
            (quick.settings.games, quick.settings.steps),
            (3, QUICK_STEPS)
        );
        // The defaults are the command's.
        let bare = read(
            "kind = \"train\"\ngame = \"seaside\"\nplayers = 2\nteacher = \"random\"\n\
             model = \"m\"\nfeatures = \"encoding\"\n",
        )
        .unwrap()
        .train_plan(false)
        .unwrap()
        .settings;
        assert_eq!(
            (
                bare.games,
                bare.steps,
                bare.ridge,
                bare.holdout,
                bare.features
            ),
            (1000, 300, 0.1, 0.1, FeatureSet::Encoding)
        );
    }

    #[test]
    fn a_training_file_refuses_what_does_not_belong_or_is_out_of_range() {
        let cases = [
            (FILE.replace("teacher = \"greedy\"\n", ""), "FILE: `teacher` is missing (kind = \"train\")"),
            (format!("bots = \"greedy\"\n{FILE}"), "FILE line 1: `bots` does not belong to kind = \"train\""),
            (FILE.replace("games = 3", "players = 3"), "FILE line 13: `players` does not belong to a training's [quick] (only games and steps)"),
            ("kind = \"tournament\"\ngame = \"seaside\"\nplayers = 2\nbots = \"greedy\"\nteacher = \"greedy\"\n".to_string(), "FILE line 5: `teacher` belongs to kind = \"train\""),
        ];
        for (text, want) in cases {
            assert_eq!(read(&text).unwrap_err(), want, "{text}");
        }
        let plan_error = |text: String, quick: bool| {
            read(&text)
                .unwrap()
                .train_plan(quick)
                .unwrap_err()
                .to_string()
        };
        assert!(
            plan_error(FILE.replace("model = \"seaside-x\"", "model = \"../x\""), false)
                .ends_with("line 10: `../x` is not a model name (letters, digits, `-` and `_`: the file models/NAME.json)"),
        );
        assert!(
            plan_error(FILE.replace("steps = 7", "steps = 0"), false)
                .ends_with("line 6: steps 0 is not in 1..=100000")
        );
        assert!(
            plan_error(FILE.replace("players = 2", "players = [2, 3]"), false)
                .ends_with("line 3: a training has one player count")
        );
        assert!(
            plan_error(FILE.replace("\"greedy\"", "\"engine(name=x)\""), false)
                .contains("line 4: ")
        );
        assert!(
            plan_error(FILE.replace("seed = 9", "features = \"pixels\""), false)
                .contains("unknown feature set `pixels`")
        );
    }
}
