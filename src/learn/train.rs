//! Training a model from self-play positions ([`super::positions`]): the
//! settings and their limits, the split into training and held-out games,
//! the fit ([`super::fit`]), the losses, and the model file's provenance.
//! `beachcomber train` is glue over it.

use std::fmt;
use std::ops::RangeInclusive;

use serde_json::{Map, Value, json};

use crate::learn::features::FeatureSet;
use crate::learn::fit::{FitError, FitSettings, Rows, constant_log_loss, fit, log_loss};
use crate::learn::model::Model;
use crate::learn::positions::Positions;

/// The games of a training run.
pub const GAMES: RangeInclusive<u64> = 1..=1_000_000;

/// The gradient steps of a fit.
pub const STEPS: RangeInclusive<u32> = 1..=100_000;

/// The ridge (L2 penalty on the standardized weights).
pub const RIDGE: RangeInclusive<f64> = 0.0..=1_000.0;

/// The share of the games held out for validation.
pub const HOLDOUT: RangeInclusive<f64> = 0.0..=0.5;

/// How a model is trained: everything that decides its bytes.
#[derive(Clone, Debug, PartialEq)]
pub struct TrainSettings {
    /// The game's canonical spec.
    pub game: String,
    /// The player count.
    pub players: usize,
    /// The teacher's canonical bot spec.
    pub teacher: String,
    /// Self-play games (training and held out).
    pub games: u64,
    /// The share of the games held out (the last ones).
    pub holdout: f64,
    /// The fit's steps.
    pub steps: u32,
    /// The fit's ridge.
    pub ridge: f64,
    /// The features the model reads.
    pub features: FeatureSet,
    /// The run seed.
    pub seed: u64,
}

/// A training setting outside its range.
#[derive(Clone, Debug, PartialEq)]
pub struct SettingError {
    /// The setting (`games`, `holdout`, `steps`, `ridge`).
    pub key: &'static str,
    /// The value given, as text.
    pub value: String,
    /// The range allowed, as text.
    pub range: String,
}

impl fmt::Display for SettingError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} {} is not in {}", self.key, self.value, self.range)
    }
}

impl std::error::Error for SettingError {}

/// `value` for `key` if `range` holds it (and it is a number).
fn in_range<T: PartialOrd + fmt::Display>(
    key: &'static str,
    value: T,
    range: &RangeInclusive<T>,
) -> Result<(), SettingError> {
    if range.contains(&value) {
        Ok(())
    } else {
        Err(SettingError {
            key,
            value: value.to_string(),
            range: format!("{}..={}", range.start(), range.end()),
        })
    }
}

impl TrainSettings {
    /// Check every setting against its range ([`GAMES`], [`HOLDOUT`],
    /// [`STEPS`], [`RIDGE`]).
    pub fn check(&self) -> Result<(), SettingError> {
        in_range("games", self.games, &GAMES)?;
        in_range("holdout", self.holdout, &HOLDOUT)?;
        in_range("steps", self.steps, &STEPS)?;
        in_range("ridge", self.ridge, &RIDGE)
    }

    /// The games held out: the last `floor(holdout * games)`.
    pub fn held_out_games(&self) -> u64 {
        (self.holdout * self.games as f64).floor() as u64
    }
}

/// What a training run measured.
#[derive(Clone, Debug, PartialEq)]
pub struct TrainReport {
    /// Positions (rows) of the training games.
    pub training_positions: usize,
    /// Positions of the held-out games.
    pub held_out_positions: usize,
    /// The model's mean cross-entropy on the training positions.
    pub training_loss: f64,
    /// The model's on the held-out positions (none held out: `None`).
    pub held_out_loss: Option<f64>,
    /// The constant model's (the mean training target) on them.
    pub constant_held_out_loss: Option<f64>,
}

/// Fit the model of `settings` to `positions` (its games in order, the
/// last [`TrainSettings::held_out_games`] held out) and write its
/// provenance: the settings, the code's version and the losses. Nothing
/// in it depends on the thread count or the time.
pub fn train(
    settings: &TrainSettings,
    positions: &Positions,
) -> Result<(Model, TrainReport), FitError> {
    let games = positions.games();
    let held = (settings.held_out_games() as usize).min(games);
    let training = positions.rows(0..games - held);
    let held_out = positions.rows(games - held..games);
    let fitted = fit(
        training,
        &FitSettings {
            steps: settings.steps,
            ridge: settings.ridge,
        },
    )?;
    let mean = training.mean_target();
    let held_loss = |loss: &dyn Fn(Rows<'_>) -> f64| (!held_out.is_empty()).then(|| loss(held_out));
    let report = TrainReport {
        training_positions: training.len(),
        held_out_positions: held_out.len(),
        training_loss: log_loss(&fitted.weights, fitted.bias, training),
        held_out_loss: held_loss(&|rows| log_loss(&fitted.weights, fitted.bias, rows)),
        constant_held_out_loss: held_loss(&|rows| constant_log_loss(mean, rows)),
    };
    let model = Model {
        game: settings.game.clone(),
        players: settings.players,
        features: settings.features,
        weights: fitted.weights,
        bias: fitted.bias,
        provenance: provenance(settings, &report),
    };
    Ok((model, report))
}

/// The provenance keys, in the order docs/learning.md lists them.
fn provenance(settings: &TrainSettings, report: &TrainReport) -> Map<String, Value> {
    let value = json!({
        "trainer": "beachcomber train",
        "version": env!("CARGO_PKG_VERSION"),
        "game": settings.game,
        "players": settings.players,
        "teacher": settings.teacher,
        "games": settings.games,
        "holdout": settings.holdout,
        "held_out_games": settings.held_out_games(),
        "features": settings.features.name(),
        "steps": settings.steps,
        "ridge": settings.ridge,
        "seed": settings.seed,
        "training_positions": report.training_positions,
        "held_out_positions": report.held_out_positions,
        "training_loss": report.training_loss,
        "held_out_loss": report.held_out_loss,
        "constant_held_out_loss": report.constant_held_out_loss,
    });
    match value {
        Value::Object(map) => map,
        _ => unreachable!("an object"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn settings() -> TrainSettings {
        TrainSettings {
            game: "pebbles".into(),
            players: 2,
            teacher: "greedy(worlds=8)".into(),
            games: 4,
            holdout: 0.25,
            steps: 50,
            ridge: 0.01,
            features: FeatureSet::Encoding,
            seed: 3,
        }
    }

    /// Four games of one feature: the first seat's rows say 1 and win.
    fn positions() -> Positions {
        let mut p = Positions {
            inputs: 1,
            ..Positions::default()
        };
        for game in 0..4 {
            for ply in 0..5 {
                let won = (game + ply) % 3 != 0;
                p.features.push(if won { 1.0 } else { 0.0 });
                p.targets.push(if won { 1.0 } else { 0.0 });
                p.features.push(0.5);
                p.targets.push(0.5);
            }
            p.game_ends.push(p.targets.len());
        }
        p
    }

    #[test]
    fn the_last_games_are_held_out_and_the_losses_reported() {
        let (model, report) = train(&settings(), &positions()).unwrap();
        assert_eq!(report.training_positions, 30);
        assert_eq!(report.held_out_positions, 10);
        let (held, constant) = (
            report.held_out_loss.unwrap(),
            report.constant_held_out_loss.unwrap(),
        );
        // The feature predicts the target: far better than the constant.
        assert!(held < constant - 0.1, "{held} {constant}");
        assert!(model.weights[0] > 1.0, "{model:?}");
        let keys: Vec<&str> = model.provenance.keys().map(String::as_str).collect();
        assert_eq!(keys[..4], ["trainer", "version", "game", "players"]);
        assert_eq!(model.provenance["held_out_games"], 1);
        assert_eq!(model.provenance["held_out_loss"], held);
        // Nothing held out: no held-out losses.
        let none = TrainSettings {
            holdout: 0.0,
            ..settings()
        };
        let (model, report) = train(&none, &positions()).unwrap();
        assert_eq!(report.held_out_loss, None);
        assert_eq!(model.provenance["held_out_loss"], Value::Null);
    }

    #[test]
    fn settings_outside_their_ranges_are_refused() {
        assert_eq!(settings().check(), Ok(()));
        let cases = [
            (
                TrainSettings {
                    games: 0,
                    ..settings()
                },
                "games 0 is not in 1..=1000000",
            ),
            (
                TrainSettings {
                    holdout: 0.6,
                    ..settings()
                },
                "holdout 0.6 is not in 0..=0.5",
            ),
            (
                TrainSettings {
                    steps: 0,
                    ..settings()
                },
                "steps 0 is not in 1..=100000",
            ),
            (
                TrainSettings {
                    ridge: f64::NAN,
                    ..settings()
                },
                "ridge NaN is not in 0..=1000",
            ),
        ];
        for (s, says) in cases {
            assert_eq!(s.check().unwrap_err().to_string(), says);
        }
    }
}
