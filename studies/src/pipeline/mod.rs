//! A study's run, whole: `beachcomber run experiments/NAME.toml` (and
//! Python's `run_experiment`) is one call of [`run_file`]. An experiment
//! file describes a tournament, league, sweep or search completely (game,
//! players, bots, games, seed, what to vary, plots); running it writes
//! everything under `results/NAME/`: the CSVs, `manifest.json`, the plots
//! and a generated `summary.md` (docs/experiments.md).
//!
//! A tournament is played as a sweep of one combination (the same games
//! and rows as `beachcomber tournament`, with `metrics.csv`); a league (or
//! several, `[[league]]`, as one plan) through the store's
//! [`execute_league`], then each bot's speed ([`bot_speed`], `speed.csv`);
//! a sweep through the store's [`execute_sweep`]; a search through
//! [`crate::search`] ([`search_file`]); a training through
//! [`beachcomber::learn`] ([`train_file`]). One engine plays them all.
//!
//! Here: the staging, the shards, `--resume`, `--merge`, the criterion's
//! lock and confirmation runs, the speed measurement and the report
//! ([`report`]). The front end lends the engines, its progress, its stop
//! flag, a figure drawer and where its lines go ([`Ports`]): this module
//! prints nothing itself and parses no flag (the request is a plain
//! [`RunFileRequest`]), so that the CLI and Python run the same code.

pub mod error;
mod pairs_summary;
pub mod ports;
pub mod report;
pub mod search_file;
pub mod train_file;

use crate::experiment::lock::{self, LockRequest};
use crate::experiment::skill::SkillRun;
use crate::experiment::{confirm, file};

pub use error::RunFileError;
use std::path::{Path, PathBuf};

use beachcomber::spec::one_line_path;
use beachcomber::tournament::Shard;

use beachcomber_store::execute::Control;
use beachcomber_store::files::names::{
    CHECKPOINT_FILE, COMPARE_FILE, CONFIRM_DIR, CONFIRM_FILE, GAMES_FILE, MANIFEST_FILE,
    PAIRS_FILE, RATINGS_FILE, RECORDS_FILE, SHARDS_DIR, SPEED_FILE,
};
use beachcomber_store::files::paths::OutputPaths;
use beachcomber_store::files::run_files::Manifest;
use beachcomber_store::files::staging::Staging;
use beachcomber_store::planned::PlannedLeagues;
use beachcomber_store::speed::{SPEED_HEADER, bot_speed, players_text, speed_row};
use beachcomber_store::study_runs::{SweepFiles, execute_league, execute_sweep};
use file::{Experiment, Kind};
pub use ports::{FigureError, Figures, Lines, Ports};

/// What to run: an experiment file and the options of `beachcomber run`
/// (the CLI's flags, Python's keywords), already typed.
#[derive(Debug)]
pub struct RunFileRequest {
    /// The experiment file (`experiments/NAME.toml`).
    pub file: PathBuf,
    /// A tiny version (the file's `[quick]` settings) into a scratch
    /// folder (or `out`).
    pub quick: bool,
    /// A criterion not committed yet, or on a used seed: every verdict
    /// labelled `exploratory` (implied by `quick`).
    pub exploratory: bool,
    /// The results folder instead of `results/NAME/`.
    pub out: Option<PathBuf>,
    /// Threads, quiet, resume and checkpoints (its shard is not read:
    /// `shard` is).
    pub control: Control,
    /// The shard to play, or why the front end could not resolve it (said
    /// only when a shard is played: a merge, one combination or a redrawn
    /// report plays none).
    pub shard: Result<Shard, Box<dyn std::error::Error + Send + Sync>>,
    /// Join this many finished shards in `DIR/shards/`.
    pub merge: Option<u64>,
    /// Play only combination (league, candidate) K into `out`.
    pub combination: Option<usize>,
    /// Play nothing: draw the plots and write summary.md again.
    pub report_only: bool,
}

impl RunFileRequest {
    /// The shard, or the front end's refusal of it.
    fn shard(&mut self) -> Result<Shard, RunFileError> {
        std::mem::replace(&mut self.shard, Ok(Shard::WHOLE)).map_err(RunFileError::Shard)
    }

    /// The options with the shard `shard`.
    fn with_shard(&self, shard: Shard) -> Control {
        Control {
            shard,
            ..self.control
        }
    }
}

/// The results folder of `file`: `results/NAME/`, `--out`, or for `--quick`
/// a fresh private folder (`$TMPDIR/beachcomber-quick-NAME-XXXXXX`, mode
/// 0700, created here, its path printed). NAME, the file's name without
/// `.toml`, must be a plain file name: not empty, not starting with `.`
/// (`...toml` would be `results/..`). `--quick` with `--resume` or
/// `--merge` needs `--out` (each `--quick` run has a new folder).
fn results_dir(
    args: &RunFileRequest,
    ports: &Ports<'_>,
) -> Result<(String, PathBuf), RunFileError> {
    let stem = args.file.file_stem().unwrap_or_default();
    let name = stem
        .to_str()
        .filter(|s| !s.is_empty() && !s.starts_with('.'))
        .ok_or_else(|| RunFileError::BadName {
            file: args.file.clone(),
            stem: stem.to_string_lossy().into_owned(),
        })?
        .to_string();
    let dir = match (&args.out, args.quick) {
        (Some(dir), _) => dir.clone(),
        (None, true) => {
            if args.control.resume || args.merge.is_some() {
                return Err(RunFileError::QuickNeedsOut {
                    resume: args.control.resume,
                });
            }
            let dir = tempfile::Builder::new()
                .prefix(&format!("beachcomber-quick-{name}-"))
                .permissions(std::os::unix::fs::PermissionsExt::from_mode(0o700))
                .tempdir()
                .map_err(|source| RunFileError::QuickFolder { source })?
                .keep();
            ports.say(&format!(
                "--quick: writing into {} (to continue if interrupted: --resume --out {})",
                one_line_path(&dir),
                one_line_path(&dir)
            ));
            dir
        }
        (None, false) => PathBuf::from("results").join(&name),
    };
    Ok((name, dir))
}

/// A fresh `--quick` folder, removed when the command ends if nothing was
/// written into it (an error before playing); one with files (finished
/// results, or an interrupted run's) is kept.
struct FreshFolder(Option<PathBuf>);

impl Drop for FreshFolder {
    fn drop(&mut self) {
        if let Some(dir) = &self.0 {
            // Fails, keeping the folder, unless it is empty.
            let _ = std::fs::remove_dir(dir);
        }
    }
}

/// The file's sweep (a tournament is a sweep of one combination) played
/// into `play_dir`: its comparison and confirmation picks checked first,
/// the planned power said when the rule is `locked`, one combination if
/// asked; with `--resume`, only what is left (the comparison again after a
/// finished sweep, nothing when stopped during the confirmation runs).
fn play_file_sweep(
    experiment: &Experiment,
    args: &RunFileRequest,
    locked: bool,
    control: &Control,
    play_dir: &Path,
    ports: &Ports<'_>,
) -> Result<(), RunFileError> {
    let sharded = control.shard.count > 1;
    let mut sweep = experiment.planned_sweep(args.quick)?;
    // A comparison needs the baseline: not with one combination.
    let compare = match args.combination {
        Some(_) => None,
        None => experiment.compare_spec(&sweep.plan, args.quick)?,
    };
    // The confirmation's picks checked before playing.
    if let Some(spec) = &compare {
        confirm::confirm_sweep(experiment, &sweep, spec, args.quick)?;
    }
    // A skill table's ratings and baseline checked before playing.
    if compare.is_some()
        && let Some(skill) = SkillRun::new(experiment, &sweep.plan, args.quick)?
    {
        skill.check_before_games(&sweep.plan)?;
    }
    // Power, when the rule is locked: a margin no outcome of the
    // planned games can resolve is said before they are played.
    if let Some(spec) = compare.as_ref().filter(|_| locked) {
        for power in experiment.planned_power(&sweep.plan, spec)? {
            if let Some(warning) = power.warning() {
                ports.warn(&warning.to_string());
            }
        }
    }
    if let Some(k) = args.combination {
        let count = sweep.plan.parts.len();
        if k >= count {
            return Err(RunFileError::NoSuchCombination {
                index: k,
                count,
                what: "combinations",
            });
        }
        sweep = sweep.only(k);
    }
    // Stopped during the confirmation runs: only those are
    // left to do (below).
    let confirming = control.resume
        && !sharded
        && args.combination.is_none()
        && !play_dir.join(CHECKPOINT_FILE).exists()
        && play_dir
            .join(beachcomber_store::files::names::CONFIRM_DIR)
            .join(CHECKPOINT_FILE)
            .exists();
    // The sweep finished (its manifest, of this plan, and no
    // checkpoint): `--resume` goes on with what is left, the
    // comparison (written again: the criterion's margins or
    // trends may be new) and the confirmation runs, e.g. after
    // `confirm` was added to the file.
    let finished = control.resume
        && !sharded
        && args.combination.is_none()
        && !confirming
        && sweep.finished_in(play_dir);
    if finished {
        if let Some(spec) = &compare {
            let manifest = Manifest::read(&play_dir.join(MANIFEST_FILE))
                .map_err(RunFileError::SweepManifest)?;
            beachcomber_store::final_files::write_comparison(
                &play_dir.join(GAMES_FILE),
                &sweep.plan,
                &manifest.totals,
                Some(spec),
            )?;
        }
        if !control.quiet {
            ports.say(&format!(
                "--resume: the sweep in {} is finished; going on with what is left",
                one_line_path(play_dir)
            ));
        }
    } else if !confirming {
        play_sweep(
            experiment,
            &sweep,
            play_dir,
            control,
            ports,
            compare.as_ref(),
        )?;
    }
    Ok(())
}

/// The rule locked before the games (`None` without a criterion, or for a
/// redrawn report): checked before anything is played. A redrawn report
/// plays nothing and keeps the manifest's record, so the file's criterion
/// must be the one recorded there.
fn locked_rule(
    experiment: &Experiment,
    args: &RunFileRequest,
    name: &str,
    dir: &Path,
) -> Result<Option<beachcomber_store::manifest::CriterionRecord>, RunFileError> {
    let exploratory = args.exploratory || args.quick;
    Ok(if args.report_only {
        let manifest = match experiment.kind {
            Kind::Search => dir
                .join(crate::search::ROUNDS_DIR)
                .join("0")
                .join(MANIFEST_FILE),
            _ => dir.join(MANIFEST_FILE),
        };
        lock::check_recorded(experiment, &manifest)?;
        None
    } else {
        lock::lock(LockRequest {
            experiment,
            name,
            dir,
            exploratory,
        })?
    })
}

/// Run the experiment file of `args` whole, as `beachcomber run` does
/// (docs/experiments.md): the lock, the games (or one shard of them, a
/// merge of the shards, one combination), the confirmation runs, the speed
/// measurement, the report, the staging folder swapped in; what it prints
/// goes to `ports`. Returns the results folder (`results/NAME/`, `out`,
/// or the fresh `--quick` folder).
pub fn run_file(mut args: RunFileRequest, ports: &Ports<'_>) -> Result<PathBuf, RunFileError> {
    let experiment = Experiment::read(&args.file)?;
    let (name, dir) = results_dir(&args, ports)?;
    let _fresh = FreshFolder((args.quick && args.out.is_none()).then(|| dir.clone()));
    let exploratory = args.exploratory || args.quick;
    if experiment.kind == Kind::Train {
        // No criterion to lock: the model's provenance names the code.
        if let Some(out) = &args.out {
            beachcomber_store::files::out_folder::check_out_parent("--out", out)
                .map_err(RunFileError::from)?;
        }
        train_file::run(&experiment, &args, &dir, ports)?;
        return Ok(dir);
    }
    let rule = locked_rule(&experiment, &args, &name, &dir)?;
    for shared in rule.iter().flat_map(|r| &r.shared_seeds) {
        ports.warn(&lock::shared_seed_warning(shared));
    }
    // The rule of every `--out` (after the lock's own refusals of the
    // folder): the folder may be created, never its parents.
    if let Some(out) = &args.out {
        beachcomber_store::files::out_folder::check_out_parent("--out", out)
            .map_err(RunFileError::from)?;
    }
    if experiment.kind == Kind::Search {
        search_file::run(&experiment, args, rule.as_ref(), &name, &dir, ports)?;
        return Ok(dir);
    }

    // The shard: `--shard`, else a Slurm array task's (as for the other
    // commands); a shard plays into `DIR/shards/I/` and draws nothing.
    // Merging, redrawing or replaying one combination plays no shard.
    let shard = if args.merge.is_some() || args.report_only || args.combination.is_some() {
        Shard::WHOLE
    } else {
        args.shard()?
    };
    let control = args.with_shard(shard);
    let sharded = shard.count > 1;
    // A study's folder changes whole or not at all: the run writes into a
    // staging folder beside it, swapped in once everything is written
    // (docs/experiments.md). Not a shard (its own folder, DIR/shards/I/),
    // one combination (into --out), a redrawn report (its figures and
    // summary.md each written whole), nor a fresh --quick folder.
    let staging = if args.report_only
        || args.combination.is_some()
        || sharded
        || (args.quick && args.out.is_none())
    {
        None
    } else {
        Some(Staging::begin(&dir, control.resume).map_err(RunFileError::from)?)
    };
    let work = staging
        .as_ref()
        .map_or_else(|| dir.clone(), |s| s.work().to_path_buf());
    let play_dir = if sharded {
        dir.join(SHARDS_DIR).join(shard.index.to_string())
    } else {
        work.clone()
    };
    if args.report_only {
        // Nothing to play: the results are there.
    } else if let Some(count) = args.merge {
        let inputs: Vec<PathBuf> = (0..count)
            .map(|i| dir.join(SHARDS_DIR).join(i.to_string()))
            .collect();
        let merged = beachcomber_store::study_runs::merge_dir(&inputs, &work, ports.cancel)?;
        if !control.quiet {
            ports.say(&beachcomber_store::study_runs::merged_line(&merged));
        }
    } else {
        match experiment.kind {
            Kind::Tournament | Kind::Sweep => play_file_sweep(
                &experiment,
                &args,
                rule.is_some(),
                &control,
                &play_dir,
                ports,
            )?,
            Kind::Search | Kind::Train => unreachable!("a search or training returned above"),
            Kind::League => {
                let leagues = experiment.planned_leagues(args.quick)?;
                let finished = control.resume
                    && !sharded
                    && args.combination.is_none()
                    && leagues.finished_in(&play_dir);
                if !finished {
                    // (Else stopped during the speed measurement: only
                    // that is left to do.)
                    run_leagues(
                        leagues,
                        args.combination,
                        &experiment,
                        &control,
                        &play_dir,
                        ports,
                    )?;
                }
            }
        }
        if args.combination.is_some() {
            if let Some(rule) = &rule {
                lock::record_in_manifest(&play_dir, rule)?;
            }
            return Ok(dir);
        }
        if sharded {
            if !control.quiet {
                ports.say(&format!(
                    "shard written to {}; when every shard is done: beachcomber run {} --merge N",
                    one_line_path(&play_dir),
                    one_line_path(&args.file)
                ));
            }
            return Ok(dir);
        }
    }
    if !args.report_only && experiment.kind == Kind::League {
        // After the leagues (played here or merged from shards).
        measure_speed(&experiment, args.quick, control.quiet, &work, ports)?;
    }
    if !args.report_only && experiment.kind == Kind::Sweep {
        // After the sweep (played here or merged from shards).
        // The file's picks, or the tool's by the rule (`[criterion.pick]`).
        let picked = crate::experiment::pick::with_picks(&experiment, &work)?;
        play_confirmation(&picked, args.quick, &control, &work, ports)?;
    }
    if let Some(rule) = &rule {
        if exploratory {
            for file in [
                work.join(COMPARE_FILE),
                work.join(CONFIRM_DIR).join(COMPARE_FILE),
                work.join(CONFIRM_FILE),
            ] {
                lock::label_verdicts(&file)?;
            }
        }
        lock::record_in_manifest(&work, rule)?;
    }
    let experiment = crate::experiment::pick::with_picks(&experiment, &work)?;
    let warnings = report::write(&experiment, &name, &args, &work, &dir, ports)?;
    if let Some(staging) = staging {
        let figures: Vec<String> = experiment.plots.iter().map(|p| p.file.clone()).collect();
        staging.commit(&figures).map_err(RunFileError::from)?;
    }
    if !control.quiet || args.quick {
        ports.say(&format!(
            "{} written to {}; its summary: {}",
            name,
            one_line_path(&dir),
            one_line_path(&dir.join(beachcomber_store::files::names::SUMMARY_MD))
        ));
    }
    plots_drawn(&args, &warnings, &dir, ports)?;
    Ok(dir)
}

/// A `--quick` run (how a file is tried before it is committed and run in
/// full) fails when a plot could not be drawn, once everything is written:
/// the file's `[[plot]]` tables must draw. Any other run goes on with the
/// warnings said.
fn plots_drawn(
    args: &RunFileRequest,
    warnings: &[report::PlotWarning],
    dir: &Path,
    ports: &Ports<'_>,
) -> Result<(), RunFileError> {
    if args.quick && !warnings.is_empty() && ports.figures.draws() {
        return Err(RunFileError::PlotWarnings {
            count: warnings.len(),
            dir: dir.to_path_buf(),
        });
    }
    Ok(())
}

/// Play the criterion's confirmation runs (`confirm`) into `DIR/confirm/`
/// and write `DIR/confirm.csv`; nothing when the file confirms nothing.
fn play_confirmation(
    experiment: &Experiment,
    quick: bool,
    control: &Control,
    dir: &Path,
    ports: &Ports<'_>,
) -> Result<(), RunFileError> {
    let sweep = experiment.planned_sweep(quick)?;
    // Without picks to confirm, a confirm.csv of an earlier run of other
    // settings would be read beside these results: remove it.
    let stale = || {
        beachcomber_store::files::output::remove_stale(
            &dir.join(beachcomber_store::files::names::CONFIRM_FILE),
        )
    };
    let Some(spec) = experiment.compare_spec(&sweep.plan, quick)? else {
        return Ok(stale()?);
    };
    let Some(confirm) = confirm::confirm_sweep(experiment, &sweep, &spec, quick)? else {
        return Ok(stale()?);
    };
    let confirm_dir = dir.join(beachcomber_store::files::names::CONFIRM_DIR);
    // `--resume` continues interrupted confirmation runs; after a resumed
    // sweep they start afresh.
    let control = Control {
        resume: control.resume && confirm_dir.join(CHECKPOINT_FILE).exists(),
        ..*control
    };
    play_sweep(
        experiment,
        &confirm,
        &confirm_dir,
        &control,
        ports,
        Some(&spec),
    )?;
    Ok(confirm::write_confirm_csv(experiment, dir)?)
}

/// Play `sweep` (the file's, or its confirmation runs) into `dir` with
/// the file's records and the games table as CSV, then its `compare`.
fn play_sweep(
    experiment: &Experiment,
    sweep: &beachcomber_store::planned::PlannedSweep,
    dir: &Path,
    control: &Control,
    ports: &Ports<'_>,
    compare: Option<&beachcomber::compare::CompareSpec>,
) -> Result<(), RunFileError> {
    let files = SweepFiles {
        records: experiment.records,
        ..Default::default()
    };
    let inputs =
        beachcomber_store::spec_inputs::spec_inputs(experiment.game.as_deref().unwrap_or(""));
    execute_sweep(sweep, dir, files, inputs, control, ports.run(), compare)?;
    Ok(())
}

/// Play `planned` (all the leagues, or league `combination` alone) into
/// `dir` as one plan.
fn run_leagues(
    mut planned: PlannedLeagues,
    combination: Option<usize>,
    experiment: &Experiment,
    control: &Control,
    dir: &Path,
    ports: &Ports<'_>,
) -> Result<(), RunFileError> {
    if let Some(k) = combination {
        let count = planned.leagues.len();
        if k >= count {
            return Err(RunFileError::NoSuchCombination {
                index: k,
                count,
                what: "league(s)",
            });
        }
        planned.leagues = vec![planned.leagues.swap_remove(k)];
    }
    std::fs::create_dir_all(dir).map_err(|source| RunFileError::CreateFolder {
        path: dir.to_path_buf(),
        source,
    })?;
    let paths = OutputPaths {
        out: Some(dir.join(GAMES_FILE)),
        summary: Some(dir.join(RATINGS_FILE)),
        record: experiment.records.then(|| dir.join(RECORDS_FILE)),
        pairs: Some(dir.join(PAIRS_FILE)),
    };
    let result = execute_league(
        &planned,
        paths,
        Some(dir.to_path_buf()),
        control,
        ports.run(),
    )?;
    if !control.quiet {
        let games: u64 = result.totals.iter().map(|t| t.games).sum();
        ports.say(&format!(
            "{} league(s): {games} games ({:.0} games/s)",
            planned.leagues.len(),
            result.played_now as f64 / result.elapsed.as_secs_f64().max(1e-9)
        ));
    }
    Ok(())
}

/// Measure each bot of each league on one thread (`speed_games` games of
/// the bot in every seat) into `dir/speed.csv`.
fn measure_speed(
    experiment: &Experiment,
    quick: bool,
    quiet: bool,
    dir: &Path,
    ports: &Ports<'_>,
) -> Result<(), RunFileError> {
    let games = experiment.speed_games(quick);
    if games == 0 {
        // No measurement: a speed.csv left by an earlier run of other
        // settings would be shown beside these ratings; remove it.
        return Ok(beachcomber_store::files::output::remove_stale(
            &dir.join(SPEED_FILE),
        )?);
    }
    let planned = experiment.planned_leagues(quick)?;
    let mut text = SPEED_HEADER.to_string();
    for league in &planned.leagues {
        for name in league.run.bots() {
            let Some(config) = planned.bots.get(&name) else {
                continue;
            };
            let speed = bot_speed(
                &league.game,
                config,
                games,
                experiment.seed,
                ports.engines,
                ports.cancel,
            )
            .map_err(|error| RunFileError::Speed {
                error,
                dir: dir.to_path_buf(),
            })?;
            if !quiet {
                ports.say(&format!(
                    "speed: {} with {}, {}: {:.1} decisions/s (1 thread)",
                    league.run.game,
                    players_text(league.run.players),
                    name,
                    speed.per_second()
                ));
            }
            text.push_str(&speed_row(
                &league.run.game,
                league.run.players,
                &name,
                &speed,
            ));
        }
    }
    beachcomber_store::files::output::write_whole(&dir.join(SPEED_FILE), text.as_bytes())?;
    Ok(())
}

#[cfg(test)]
mod tests;
