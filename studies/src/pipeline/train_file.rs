//! A training, whole: `beachcomber run` of a training file (`kind =
//! "train"`, docs/learning.md). The teacher's self-play and the fit are
//! [`beachcomber::learn`]'s ([`play_and_fit`], which `beachcomber train`
//! calls too); here the code state is checked (a committed model says
//! which commit made it: a full run needs a clean tree), the model is
//! written atomically to `models/NAME.json` (`--quick` or `--out`: into
//! the results folder), then `summary.md` beside the run's other results.

use std::fmt::Write as _;
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::sync::atomic::AtomicBool;
use std::time::{Duration, Instant};

use beachcomber::atomic_file::{AtomicError, check_writable, write_atomically};
use beachcomber::learn::fit::FitError;
use beachcomber::learn::model::Model;
use beachcomber::learn::positions::{self, PositionsError};
use beachcomber::learn::train::{self, TrainReport, TrainSettings};
use beachcomber::progress::WorkTable;
use beachcomber::spec::one_line_path;
use beachcomber::with_game;
use beachcomber_bots::BotConfig;
use beachcomber_store::counts::Threads;
use beachcomber_store::execute::Reporter;
use beachcomber_store::files::names::SUMMARY_MD;
use beachcomber_store::files::output::write_whole;
use serde_json::Value;

use super::error::RunFileError;
use super::{Ports, RunFileRequest};
use crate::experiment::Experiment;
use crate::experiment::git::{GitError, Repository};
use crate::experiment::lock::code_state;
use crate::experiment::train::TrainPlan;

/// The folder of the committed models, from where `beachcomber run` runs
/// (as `results/`).
pub const MODELS_DIR: &str = "models";

/// Why a training file's run stopped.
#[derive(Debug, thiserror::Error)]
pub enum TrainFileError {
    /// A flag of `run` that a training does not take.
    #[error(
        "{0}: a training (kind = \"train\") is one run: no shards, combinations, merge or \
         report to redraw"
    )]
    Flag(&'static str),
    /// The tree has changes outside the run's outputs.
    #[error(
        "{file}: the tree has a change outside the run's outputs (`{path}`): commit it first \
         (a committed model names the commit that made it), or run with --exploratory"
    )]
    ChangedTree {
        /// The experiment file.
        file: String,
        /// The first changed path.
        path: String,
    },
    /// git failed.
    #[error("{file}: {error}")]
    Git {
        /// The experiment file.
        file: String,
        /// Why.
        error: GitError,
    },
    /// The model file cannot be written.
    #[error("{}: {error}", one_line_path(.path))]
    Write {
        /// The model file.
        path: PathBuf,
        /// Why.
        error: AtomicError,
    },
    /// The results folder cannot be made.
    #[error("{}: {source}", one_line_path(.path))]
    Folder {
        /// The folder.
        path: PathBuf,
        /// Why.
        source: std::io::Error,
    },
    /// `summary.md` cannot be written.
    #[error(transparent)]
    Output(#[from] beachcomber_store::files::output::OutputError),
    /// The file's settings (read before).
    #[error(transparent)]
    Experiment(#[from] crate::experiment::ExperimentError),
    /// The self-play or the fit stopped.
    #[error(transparent)]
    Play(#[from] PlayFitError),
}

/// Why [`play_and_fit`] stopped.
#[derive(Debug, thiserror::Error)]
pub enum PlayFitError {
    /// The thread pool.
    #[error("--threads: {0}")]
    Threads(rayon::ThreadPoolBuildError),
    /// Self-play stopped.
    #[error(transparent)]
    Positions(PositionsError),
    /// The fit refused the positions.
    #[error(transparent)]
    Fit(FitError),
}

/// A model trained, with what it measured and took.
pub struct Trained {
    /// The model (its provenance: the settings and the losses).
    pub model: Model,
    /// The losses and positions.
    pub report: TrainReport,
    /// Positions played, and the features of each.
    pub positions: (usize, usize),
    /// The self-play's time and the fit's.
    pub seconds: (Duration, Duration),
    /// The threads used.
    pub threads: usize,
}

impl Trained {
    /// The lines `beachcomber train` and a training file's run print:
    /// the self-play, the fit and the held-out losses.
    pub fn lines(&self, settings: &TrainSettings) -> Vec<String> {
        let (rows, inputs) = self.positions;
        let (play, fit) = (self.seconds.0.as_secs_f64(), self.seconds.1.as_secs_f64());
        let report = &self.report;
        let held = match (report.held_out_loss, report.constant_held_out_loss) {
            (Some(model_loss), Some(constant)) => format!(
                "held out: {} games, {} positions: log loss {model_loss:.5}, constant model \
                 {constant:.5} ({:+.5})",
                settings.held_out_games(),
                report.held_out_positions,
                model_loss - constant
            ),
            _ => format!("held out: none (holdout {})", settings.holdout),
        };
        vec![
            format!(
                "self-play: {} games, {rows} positions of {inputs} features in {play:.2} s \
                 ({:.0} positions/s)",
                settings.games,
                rows as f64 / play.max(1e-9)
            ),
            format!(
                "fit: {} steps, ridge {} in {fit:.2} s; training log loss {:.5} ({} positions)",
                settings.steps, settings.ridge, report.training_loss, report.training_positions
            ),
            held,
        ]
    }
}

/// The teacher's self-play of `settings` on `threads` (progress to
/// `reporter`, stopped by `cancel`), then the fit ([`train::train`]): the
/// one training path of `beachcomber train` and of training files. The
/// settings were checked; the teacher is no external engine.
pub fn play_and_fit(
    settings: &TrainSettings,
    teacher: &BotConfig,
    threads: Option<Threads>,
    reporter: &dyn Reporter,
    cancel: &AtomicBool,
) -> Result<Trained, PlayFitError> {
    let game = beachcomber::games::AnyGame::from_spec(&settings.game, settings.players)
        .expect("a canonical spec of a checked game");
    // The pool of `--threads` (as the store's runs build theirs): the
    // model does not depend on it.
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(threads.map_or(0, Threads::get) as usize)
        .build()
        .map_err(PlayFitError::Threads)?;
    let started = Instant::now();
    let progress = reporter.start(
        0,
        settings.games,
        None,
        Arc::new(WorkTable::from_parts(vec![(settings.games, 1.0)])),
    );
    let played = pool.install(|| {
        with_game!(&game, |g| positions::self_play(
            g,
            settings.features,
            || teacher.build(),
            settings.games,
            settings.seed,
            cancel,
            &|| progress.game_done(),
        ))
    });
    progress.finish();
    let positions = played.map_err(PlayFitError::Positions)?;
    let play = started.elapsed();
    let started = Instant::now();
    let (model, report) = pool
        .install(|| train::train(settings, &positions))
        .map_err(PlayFitError::Fit)?;
    Ok(Trained {
        model,
        report,
        positions: (positions.targets.len(), positions.inputs),
        seconds: (play, started.elapsed()),
        threads: pool.current_num_threads(),
    })
}

/// Run the training file `experiment` (its results folder `dir`).
pub fn run(
    experiment: &Experiment,
    args: &RunFileRequest,
    dir: &Path,
    ports: &Ports<'_>,
) -> Result<(), RunFileError> {
    Ok(run_training(experiment, args, dir, ports)?)
}

fn run_training(
    experiment: &Experiment,
    args: &RunFileRequest,
    dir: &Path,
    ports: &Ports<'_>,
) -> Result<(), TrainFileError> {
    for (flag, given) in [
        ("--merge", args.merge.is_some()),
        ("--combination", args.combination.is_some()),
        ("--report-only", args.report_only),
        ("--shard", !args.shard.as_ref().is_ok_and(|s| s.count == 1)),
    ] {
        if given {
            return Err(TrainFileError::Flag(flag));
        }
    }
    let TrainPlan { settings, model } = experiment.train_plan(args.quick)?;
    let file_text = one_line_path(&args.file);
    // The model: `models/NAME.json`, or in the results folder for a
    // `--quick` run or `--out`.
    let in_results = args.quick || args.out.is_some();
    let model_path = if in_results {
        dir.join(format!("{model}.json"))
    } else {
        Path::new(MODELS_DIR).join(format!("{model}.json"))
    };
    // The code that makes the model: a full run's from a clean tree (but
    // for its own outputs).
    let repository = Repository::holding(&args.file);
    let exploratory = args.exploratory || args.quick;
    let code = match &repository {
        Some((repository, _)) if !args.quick => {
            let state = code_state(repository, &[dir, &model_path]).map_err(|error| {
                TrainFileError::Git {
                    file: file_text.clone(),
                    error,
                }
            })?;
            if let Some(path) = state.changed.clone().filter(|_| !exploratory) {
                return Err(TrainFileError::ChangedTree {
                    file: file_text,
                    path,
                });
            }
            Some(state)
        }
        _ => None,
    };
    std::fs::create_dir_all(dir).map_err(|source| TrainFileError::Folder {
        path: dir.to_path_buf(),
        source,
    })?;
    let write_error = |path: &Path| {
        let path = path.to_path_buf();
        move |error| TrainFileError::Write { path, error }
    };
    check_writable(&model_path).map_err(write_error(&model_path))?;
    let teacher = BotConfig::parse(&settings.teacher).expect("a canonical teacher spec");
    let trained = play_and_fit(
        &settings,
        &teacher,
        args.control.threads,
        ports.reporter,
        ports.cancel,
    )?;
    if !args.control.quiet {
        for line in trained.lines(&settings) {
            ports.say(&line);
        }
    }
    let report = trained.report;
    let mut made = trained.model;
    let experiment_path = match &repository {
        Some((_, path)) => path.clone(),
        None => args
            .file
            .file_name()
            .map(|n| n.to_string_lossy().into_owned())
            .unwrap_or_default(),
    };
    made.provenance
        .insert("trainer".into(), Value::from("beachcomber run"));
    made.provenance
        .insert("experiment".into(), Value::from(experiment_path.clone()));
    if let Some(code) = &code {
        made.provenance.insert(
            "code".into(),
            serde_json::to_value(code).expect("a code state serializes"),
        );
    }
    write_atomically(&model_path, made.to_json().as_bytes()).map_err(write_error(&model_path))?;
    let shown = if in_results {
        format!("{model}.json")
    } else {
        format!("{MODELS_DIR}/{model}.json")
    };
    let play_as = (!in_results).then_some(model.as_str());
    let summary = summary_md(experiment, args, &settings, &report, &made, &shown, play_as);
    let summary_path = dir.join(SUMMARY_MD);
    write_whole(&summary_path, summary.as_bytes())?;
    if !args.control.quiet || args.quick {
        ports.say(&format!(
            "wrote {} (hash xxh3:{}); its summary: {}",
            one_line_path(&model_path),
            made.hash(),
            one_line_path(&summary_path)
        ));
    }
    Ok(())
}

/// `summary.md` of a training: the settings, the positions and losses,
/// the model and the code that made it (`shown`: the model's path as
/// written there; `play_as`: its name, for a committed model). Nothing in
/// it depends on the machine or the time.
fn summary_md(
    experiment: &Experiment,
    args: &RunFileRequest,
    settings: &TrainSettings,
    report: &TrainReport,
    model: &Model,
    shown: &str,
    play_as: Option<&str>,
) -> String {
    let mut md = String::new();
    if let Some(title) = &experiment.title {
        let _ = write!(md, "**{}**\n\n", title.trim());
    }
    if let Some(question) = &experiment.question {
        let _ = write!(md, "{}\n\n", question.trim());
    }
    let _ = write!(
        md,
        "Generated by `beachcomber run {}{}` (beachcomber {}).\n\n",
        one_line_path(&args.file),
        super::report::run_flag(args),
        env!("CARGO_PKG_VERSION")
    );
    md.push_str("## Training\n\n| setting | value |\n|---|---|\n");
    let rows = [
        ("game", format!("`{}`", settings.game)),
        ("players", settings.players.to_string()),
        ("teacher", format!("`{}`", settings.teacher)),
        (
            "games",
            format!(
                "{} ({} held out)",
                settings.games,
                settings.held_out_games()
            ),
        ),
        ("steps", settings.steps.to_string()),
        ("ridge", settings.ridge.to_string()),
        ("features", settings.features.name().to_string()),
        ("seed", settings.seed.to_string()),
    ];
    for (key, value) in rows {
        let _ = writeln!(md, "| {key} | {value} |");
    }
    md.push_str("\n## Losses\n\nMean cross-entropy of the seats' predicted result shares.\n\n");
    md.push_str("| positions | count | model | constant model |\n|---|---|---|---|\n");
    let loss = |x: Option<f64>| x.map_or_else(|| "-".to_string(), |x| format!("{x:.5}"));
    let _ = writeln!(
        md,
        "| training | {} | {:.5} | - |",
        report.training_positions, report.training_loss
    );
    let _ = writeln!(
        md,
        "| held out | {} | {} | {} |",
        report.held_out_positions,
        loss(report.held_out_loss),
        loss(report.constant_held_out_loss)
    );
    let _ = write!(md, "\n## Model\n\n`{shown}`, hash `xxh3:{}`.", model.hash());
    if let Some(name) = play_as {
        let _ = write!(md, " Play it as `learned(model={name})`.");
    }
    md.push('\n');
    match model.provenance.get("code") {
        Some(code) => {
            let commit = code.get("commit").and_then(Value::as_str).unwrap_or("none");
            let clean = code.get("clean").and_then(Value::as_bool) == Some(true);
            let _ = writeln!(
                md,
                "Made by the code of commit `{commit}`{}.",
                if clean {
                    ""
                } else {
                    " with uncommitted changes (exploratory)"
                }
            );
        }
        None => md.push_str("No code commit recorded (a --quick run, or outside git).\n"),
    }
    md
}
