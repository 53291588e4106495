//! A design-space search into its folder (docs/search.md): each round of
//! the library's [`Search`] played as a sweep of its candidates into
//! `DIR/rounds/R/` by the store's [`execute`], read back per deal, and the
//! race decided; then the survivors confirmed on a fresh seed in
//! `DIR/confirm/`, and `candidates.csv`, `rounds.csv`, `front.csv`,
//! `confirm.csv` and `summary.md` written.
//!
//! Everything the search decides is a function of its settings and the
//! games' values, so a search resumes after a kill at any point (finished
//! rounds are read again, an interrupted round goes on from its
//! checkpoint) and gives the same bytes on any thread count.

mod comparisons;
mod files;
mod recorded_plan;
mod spec;
mod yes_no;

use std::path::{Path, PathBuf};
use std::sync::atomic::AtomicBool;

use beachcomber::compare::SeatRow;
use beachcomber::search::{
    Budget, Exit, Goal, Point, Race, RoundPlan, RoundValues, Search, SearchError, SearchPlan,
    Settings, Space, deal_values,
};
use beachcomber::spec::one_line_path;
use beachcomber::sweep::{SweepError, Vary};
use beachcomber::tournament::{GameRowError, GameRowReader};

use crate::csv_rows::{CsvError, Rows};
use crate::engines::Engines;
use crate::error::StoreError;
use crate::execute::{Control, Reporter, RunRequest, execute};
use crate::files::names::{
    CHECKPOINT_FILE, CONFIRM_DIR, GAMES_FILE, MANIFEST_FILE, METRICS_FILE, SHARDS_DIR,
};
use crate::files::output::OutputError;
use crate::files::paths::OutputPaths;
use crate::manifest::{RunKind, failpoint, failpoint_stage};
use crate::planned::PlannedSweep;

pub use files::{CANDIDATES_FILE, FRONT_FILE, ROUNDS_DIR, ROUNDS_FILE};
pub use spec::{Baseline, duel_lineups, power_plan};
pub use spec::{
    DEFAULT_ALPHA, DEFAULT_CANDIDATES, DEFAULT_CONFIRM_MOST, DEFAULT_EXPLORATION,
    DEFAULT_FIRST_DEALS, DEFAULT_GAMES, DEFAULT_INITIAL, DEFAULT_PROPOSALS, DEFAULT_RECHECK,
    DEFAULT_ROUNDS, Lineup, SearchSpec, SearchSpecError,
};

/// Why a search stopped without its files.
#[derive(Debug, thiserror::Error)]
pub enum SearchRunError {
    /// The search's settings or space.
    #[error(transparent)]
    Spec(#[from] SearchSpecError),
    /// The search cannot start.
    #[error(transparent)]
    Search(#[from] SearchError),
    /// A candidate does not make a game.
    #[error(transparent)]
    Sweep(#[from] SweepError),
    /// Playing a round.
    #[error(transparent)]
    Store(#[from] StoreError),
    /// Reading a round's games.
    #[error(transparent)]
    Csv(#[from] CsvError),
    /// A row of a round's games.
    #[error("{path} line {line}: {error}")]
    Row {
        /// The file.
        path: String,
        /// The line.
        line: u64,
        /// What is wrong.
        error: GameRowError,
    },
    /// A round's games lack a column.
    #[error("{path}: {error}")]
    Header {
        /// The file.
        path: String,
        /// What is wrong.
        error: GameRowError,
    },
    /// Writing a file.
    #[error(transparent)]
    Output(#[from] OutputError),
    /// A step of a sharded search stopped; what to do next.
    #[error("{0}")]
    Waiting(String),
    /// Joining a stage's shards.
    #[error(transparent)]
    Merge(#[from] crate::merge_error::MergeError),
    /// `--report-only` where a round or the confirmation is not finished.
    #[error(
        "--report-only: `{}` holds no finished games of this search: run the search (or \
         --resume it) first",
        one_line_path(.0)
    )]
    NotFinished(PathBuf),
    /// Recording the plan in round 0's manifest, or reading it back.
    #[error(transparent)]
    Plan(crate::experiment::lock::RecordError),
    /// The folder cannot be made.
    #[error("cannot create the folder `{}`: {source}", one_line_path(.path))]
    CreateFolder {
        /// The folder.
        path: PathBuf,
        /// What failed.
        source: std::io::Error,
    },
}

/// What a finished search holds: the search (its race) and the
/// confirmation's race of the survivors, if any were confirmed.
pub struct SearchOutcome {
    /// The search at its end.
    pub search: Search,
    /// The candidates included as references (indices into the race).
    pub included: Vec<usize>,
    /// The confirmation: the survivors played on the confirmation seed.
    pub confirmation: Option<Confirmation>,
    /// The power plan made before round 0 (as round 0's manifest records
    /// it when the report is redrawn: docs/search.md, "The plan").
    pub plan: SearchPlan,
}

/// The survivors played again on a fresh seed.
pub struct Confirmation {
    /// The race of the survivors on the confirmation seed (one round).
    pub race: Race,
    /// Each confirmation candidate's index in the search's race: the
    /// survivors, then the eliminated ones played again.
    pub of: Vec<usize>,
    /// How many of `of`, at its end, the race had eliminated.
    pub rechecked: usize,
    /// The lineup that played it.
    pub lineup: String,
    /// The seed.
    pub seed: u64,
    /// Deals per survivor.
    pub deals: u64,
    /// Games played.
    pub games: u64,
}

/// Run `spec` into `dir` (rounds, confirmation, the search's files) on
/// this machine.
pub fn run(
    spec: &SearchSpec,
    dir: &Path,
    control: &Control,
    reporter: &dyn Reporter,
    cancel: &AtomicBool,
) -> Result<SearchOutcome, SearchRunError> {
    match run_or_read(spec, dir, control, reporter, cancel, Mode::Play)? {
        Ran::Finished(outcome) => Ok(*outcome),
        Ran::Waiting(why) => Err(SearchRunError::Waiting(why)),
    }
}

/// The finished search `spec` in `dir` read again, playing nothing, and
/// its files written again (`run --report-only`): an error when a round
/// or the confirmation is not finished there.
pub fn read_finished(
    spec: &SearchSpec,
    dir: &Path,
    reporter: &dyn Reporter,
) -> Result<SearchOutcome, SearchRunError> {
    let control = Control {
        threads: Some(beachcomber_store::counts::Threads::ONE),
        quiet: true,
        resume: true,
        shard: beachcomber::tournament::Shard::WHOLE,
        checkpoint_every: std::time::Duration::from_secs(2),
    };
    match run_or_read(
        spec,
        dir,
        &control,
        reporter,
        &AtomicBool::new(false),
        Mode::ReadOnly,
    )? {
        Ran::Finished(outcome) => Ok(*outcome),
        Ran::Waiting(why) => Err(SearchRunError::Waiting(why)),
    }
}

/// How far a sharded step of a search went.
pub enum Ran {
    /// The search is over: its files are written.
    Finished(Box<SearchOutcome>),
    /// It waits for shards or a merge; what to do next, in words.
    Waiting(String),
}

/// One step of a search spread over machines (a Slurm recipe,
/// docs/search.md): with `control.shard` of several, play that shard of
/// the first stage (a round, or the confirmation) that is not finished
/// into `STAGE/shards/I/`; with `merge` of `N`, join that stage's `N`
/// shards into it and go on with what needs no games (the next round's
/// plan, or the files when the search is over). Finished stages are read
/// again; each stage is byte-identical to one machine's.
pub fn run_step(
    spec: &SearchSpec,
    dir: &Path,
    control: &Control,
    merge: Option<u64>,
    reporter: &dyn Reporter,
    cancel: &AtomicBool,
) -> Result<Ran, SearchRunError> {
    let mode = match merge {
        Some(count) => Mode::Merge(count),
        None => Mode::Shard(control.shard),
    };
    let control = Control {
        resume: true,
        ..*control
    };
    run_or_read(spec, dir, &control, reporter, cancel, mode)
}

/// What a pass over a search's stages does with a stage not finished.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Mode {
    /// Play it here.
    Play,
    /// Refuse: everything must be finished.
    ReadOnly,
    /// Play this shard of it, then stop.
    Shard(beachcomber::tournament::Shard),
    /// Join its shards, then stop at the next stage not finished.
    Merge(u64),
}

/// A stage's state after [`play`].
enum Stage {
    /// Its games are in its folder.
    Done,
    /// The pass stops here; why, in words.
    Stop(String),
}

fn run_or_read(
    spec: &SearchSpec,
    dir: &Path,
    control: &Control,
    reporter: &dyn Reporter,
    cancel: &AtomicBool,
    mut mode: Mode,
) -> Result<Ran, SearchRunError> {
    let planned = spec.plan()?;
    let planned_included = planned.included.clone();
    let mut search = Search::including(
        planned.space,
        planned.goal,
        planned.settings,
        &planned.included,
    )?;
    create_dir(dir)?;
    if spec.race.is_none() {
        reporter.note(
            "note: [criterion.search] has no `race` key: the race is `union`, the union bound \
             of the searches committed before `max-t`; write race = \"max-t\" for the \
             calibrated race (docs/search.md)",
        );
    }
    // With --quiet, the rounds' notes are not shown either.
    let quiet = NoNotes(reporter);
    let reporter: &dyn Reporter = if control.quiet { &quiet } else { reporter };
    while let Some(round) = search.next_round() {
        let sweep = round_sweep(spec, &search, &round)?;
        let round_dir = dir.join(ROUNDS_DIR).join(round.round.to_string());
        reporter.note(&format!(
            "round {}: {} candidates x {} deals ({} games; {} of at most {} played so far)",
            round.round,
            round.candidates.len(),
            round.deals,
            sweep.sweep.plan.games(),
            search.games,
            search.settings.max_games
        ));
        failpoint_stage(&format!("round-{}", round.round));
        match play(
            &sweep.sweep,
            &round_dir,
            control,
            reporter,
            cancel,
            &mut mode,
        )? {
            Stage::Done => {}
            Stage::Stop(why) => return Ok(Ran::Waiting(format!("round {}: {why}", round.round))),
        }
        failpoint(&format!("search-after-round-{}", round.round));
        let parts = read_values(&round_dir, &sweep, &search.race.goal)?;
        let (values, baseline) = sweep.values(&search.race.goal, parts);
        if let Some(baseline) = baseline {
            search.add_baseline(&baseline);
        }
        search.finish_round(&round, values);
        if let Some(done) = search.history.last() {
            reporter.note(&format!(
                "round {}: {} eliminated, {} proposed; {} in the race",
                round.round,
                done.left.len(),
                done.proposed.len(),
                search.race.alive().len()
            ));
        }
    }
    failpoint_stage("confirm");
    let included: Vec<usize> = planned_included
        .iter()
        .filter_map(|p| search.race.candidates.iter().position(|c| &c.point == p))
        .collect();
    let confirmation = match spec.confirm_seed {
        Some(seed) => match confirm(
            spec,
            &search,
            &included,
            seed,
            Where {
                dir,
                control,
                reporter,
                cancel,
            },
            &mut mode,
        )? {
            Confirmed::Done(c) => c.map(|c| *c),
            Confirmed::Stopped(why) => {
                return Ok(Ran::Waiting(format!("the confirmation: {why}")));
            }
        },
        None => None,
    };
    let record = recorded_plan::record_of(spec, &search);
    let plan = if mode == Mode::ReadOnly {
        recorded_plan::read_back(dir, record.plan(), reporter)?
    } else {
        recorded_plan::record(dir, &record)?;
        record.plan()
    };
    let outcome = SearchOutcome {
        included,
        search,
        confirmation,
        plan,
    };
    failpoint("search-before-files");
    files::write_all(spec, &outcome, dir)?;
    Ok(Ran::Finished(Box::new(outcome)))
}

/// Play candidate `k` of round 0 alone, with round 0's deals and seed,
/// into `dir` (a sweep of one combination): the cheapest check of a
/// committed search against the code (its rows of
/// `rounds/0/metrics.csv`). The number of candidates of round 0 when `k`
/// is past them.
pub fn play_round_zero_candidate(
    spec: &SearchSpec,
    k: usize,
    dir: &Path,
    control: &Control,
    reporter: &dyn Reporter,
    cancel: &AtomicBool,
) -> Result<Result<(), usize>, SearchRunError> {
    let planned = spec.plan()?;
    let search = Search::including(
        planned.space,
        planned.goal,
        planned.settings,
        &planned.included,
    )?;
    let Some(round) = search.next_round() else {
        return Ok(Err(0));
    };
    let Some(&candidate) = round.candidates.get(k) else {
        return Ok(Err(round.candidates.len()));
    };
    let alone = RoundPlan {
        candidates: vec![candidate],
        ..round
    };
    // The candidate's own games (the lineup's and the duels'), without the
    // baseline's: a window of round 0's rows.
    let sweep = sweep_of(
        spec,
        &search,
        &alone.candidates,
        alone.deals,
        alone.seed,
        &spec.screen(),
        false,
    )?;
    play(
        &sweep.sweep,
        dir,
        control,
        reporter,
        cancel,
        &mut Mode::Play,
    )?;
    Ok(Ok(()))
}

/// A reporter that shows no notes (a quiet search's), only what the
/// reporter it wraps shows of the games.
struct NoNotes<'a>(&'a dyn Reporter);

impl Reporter for NoNotes<'_> {
    fn note(&self, _note: &str) {}

    fn start(
        &self,
        first: u64,
        total: u64,
        sprt: Option<crate::execute::SprtProgress>,
        work: std::sync::Arc<beachcomber::progress::WorkTable>,
    ) -> Box<dyn crate::execute::GameCounter> {
        self.0.start(first, total, sprt, work)
    }
}

fn create_dir(dir: &Path) -> Result<(), SearchRunError> {
    std::fs::create_dir_all(dir).map_err(|source| SearchRunError::CreateFolder {
        path: dir.to_path_buf(),
        source,
    })
}

/// What a stage plays: the sweep of its candidates (each by the lineup,
/// then by each duel of the goal's skill quantities) and, when the search
/// has one, the baseline setting's games, last, on the same deals.
struct StageSweep {
    /// The games.
    sweep: PlannedSweep,
    /// The candidates, in the sweep's order.
    candidates: Vec<usize>,
    /// Parts per setting: the lineup's and each duel's.
    parts_per_setting: usize,
    /// Whether the baseline's parts come last.
    baseline: bool,
    /// The player count of each part.
    players: Vec<usize>,
}

/// The sweep of `candidates` (indices into the race) on `deals` deals
/// each, seeded `seed`, by `lineup` (and the goal's duels), with the
/// baseline setting last when the search has one: one single-valued sweep
/// per setting, as one plan.
fn sweep_of(
    spec: &SearchSpec,
    search: &Search,
    candidates: &[usize],
    deals: u64,
    seed: u64,
    lineup: &Lineup,
    with_baseline: bool,
) -> Result<StageSweep, SearchRunError> {
    let goal = &search.race.goal;
    let baseline = spec.baseline.as_ref().filter(|_| with_baseline);
    let quality = goal.needs_quality();
    let duels = spec::duel_lineups(goal, spec.players)?;
    let mut sweeps = Vec::with_capacity(candidates.len() + 1);
    let mut players = Vec::new();
    for &c in candidates {
        let point = &search.race.candidates[c].point;
        let varies = search
            .space
            .values(point)
            .into_iter()
            .map(|(key, value)| Vary {
                key,
                values: vec![value],
            })
            .collect();
        sweeps.push(spec::setting_sweep(
            spec,
            varies,
            spec.players,
            lineup,
            &duels,
            deals,
            seed,
            quality,
        )?);
        players.extend(std::iter::repeat_n(spec.players, 1 + duels.len()));
    }
    if let Some(b) = baseline {
        let duels = spec::duel_lineups(goal, b.players)?;
        sweeps.push(spec::setting_sweep(
            spec,
            b.varies(),
            b.players,
            lineup,
            &duels,
            deals,
            seed,
            quality,
        )?);
        players.extend(std::iter::repeat_n(b.players, 1 + duels.len()));
    }
    Ok(StageSweep {
        sweep: PlannedSweep::concat(sweeps),
        candidates: candidates.to_vec(),
        parts_per_setting: 1 + duels.len(),
        baseline: baseline.is_some(),
        players,
    })
}

impl StageSweep {
    /// Each candidate's per-deal values (in `candidates`' order) and the
    /// baseline's, from each part's: a skill quantity's value from its
    /// duel's games, every other quantity's from the lineup's.
    fn values(
        &self,
        goal: &Goal,
        parts: Vec<RoundValues>,
    ) -> (Vec<(usize, RoundValues)>, Option<RoundValues>) {
        let quantities = goal.quantities();
        let duels = goal.duels();
        // The part (within a setting) each quantity is read from.
        let source: Vec<usize> = quantities
            .iter()
            .map(|q| match q.duel() {
                Some((s, w)) => {
                    1 + duels
                        .iter()
                        .position(|(ds, dw)| ds == s && dw == w)
                        .unwrap_or(0)
                }
                None => 0,
            })
            .collect();
        let mut settings: Vec<RoundValues> = parts
            .chunks(self.parts_per_setting)
            .map(|setting| {
                let deals = setting[0].len();
                (0..deals)
                    .map(|d| {
                        source
                            .iter()
                            .enumerate()
                            .map(|(q, &part)| {
                                setting[part].get(d).map_or(f64::NAN, |values| values[q])
                            })
                            .collect()
                    })
                    .collect()
            })
            .collect();
        let baseline = if self.baseline { settings.pop() } else { None };
        (
            self.candidates.iter().copied().zip(settings).collect(),
            baseline,
        )
    }
}

/// The sweep of a round's candidates by the screen's lineup.
fn round_sweep(
    spec: &SearchSpec,
    search: &Search,
    round: &RoundPlan,
) -> Result<StageSweep, SearchRunError> {
    sweep_of(
        spec,
        search,
        &round.candidates,
        round.deals,
        round.seed,
        &spec.screen(),
        true,
    )
}

/// Play `sweep` into `dir`, or read it there: a finished sweep of this
/// plan is kept under `--resume`, an interrupted one goes on.
fn play(
    sweep: &PlannedSweep,
    dir: &Path,
    control: &Control,
    reporter: &dyn Reporter,
    cancel: &AtomicBool,
    mode: &mut Mode,
) -> Result<Stage, SearchRunError> {
    let finished = sweep.finished_in(dir);
    if finished && (control.resume || *mode != Mode::Play) {
        if *mode == Mode::Play {
            reporter.note(&format!(
                "--resume: {} is finished; read again",
                one_line_path(dir)
            ));
        }
        return Ok(Stage::Done);
    }
    let mut control = *control;
    match *mode {
        Mode::Play => {}
        Mode::ReadOnly => return Err(SearchRunError::NotFinished(dir.to_path_buf())),
        Mode::Merge(count) => {
            let shards: Vec<PathBuf> = (0..count)
                .map(|i| dir.join(SHARDS_DIR).join(i.to_string()))
                .collect();
            if let Some(missing) = shards.iter().find(|s| !s.join(MANIFEST_FILE).exists()) {
                return Ok(Stage::Stop(format!(
                    "its shard `{}` is not finished: play every shard (--shard I/{count}) \
                     before --merge {count}",
                    one_line_path(missing)
                )));
            }
            let outputs = OutputPaths {
                out: Some(dir.to_path_buf()),
                summary: None,
                record: None,
                pairs: None,
            };
            crate::merge::merge(&shards, outputs, cancel)?;
            reporter.note(&format!(
                "merged {count} shards into {}",
                one_line_path(dir)
            ));
            // The next stage not finished waits for its own shards.
            *mode = Mode::Shard(beachcomber::tournament::Shard::WHOLE);
            return Ok(Stage::Done);
        }
        Mode::Shard(shard) if shard.count <= 1 => {
            return Ok(Stage::Stop(format!(
                "not played yet: play its shards (--shard I/N), then --merge N ({})",
                one_line_path(dir)
            )));
        }
        Mode::Shard(shard) => {
            let shard_dir = dir.join(SHARDS_DIR).join(shard.index.to_string());
            control.shard = shard;
            control.resume = control.resume && shard_dir.join(CHECKPOINT_FILE).exists();
            create_dir(&shard_dir)?;
            execute(&sweep_request(sweep, &shard_dir, control), reporter, cancel)?;
            return Ok(Stage::Stop(format!(
                "shard {}/{} written to {}; when every shard is done: --merge {}",
                shard.index,
                shard.count,
                one_line_path(&shard_dir),
                shard.count
            )));
        }
    }
    create_dir(dir)?;
    control.resume = control.resume && dir.join(CHECKPOINT_FILE).exists();
    execute(&sweep_request(sweep, dir, control), reporter, cancel)?;
    Ok(Stage::Done)
}

/// The run request of `sweep` into the folder `dir`.
fn sweep_request<'a>(sweep: &'a PlannedSweep, dir: &Path, control: Control) -> RunRequest<'a> {
    RunRequest {
        kind: RunKind::Sweep {
            records: false,
            compare: None,
        },
        games: &sweep.games,
        plan: &sweep.plan,
        bots: &sweep.bots,
        paths: OutputPaths {
            out: Some(dir.join(GAMES_FILE)),
            summary: Some(dir.join(METRICS_FILE)),
            record: None,
            pairs: None,
        },
        inputs: Vec::new(),
        control,
        sprt: None,
        engines: &NO_ENGINES,
        folder: Some(dir.to_path_buf()),
    }
}

/// A search seats no external engines.
static NO_ENGINES: std::sync::LazyLock<Engines> = std::sync::LazyLock::new(Engines::default);

/// Each part's per-deal values of the goal's quantities (at the part's
/// player count), read from
/// `dir/games.csv` (a deal's rows come together, in game order).
fn read_values(
    dir: &Path,
    stage: &StageSweep,
    goal: &Goal,
) -> Result<Vec<RoundValues>, SearchRunError> {
    let plan = &stage.sweep.plan;
    let quantities = goal.quantities();
    let path = dir.join(GAMES_FILE);
    let mut rows = Rows::open(&path)?;
    let mut reader =
        GameRowReader::new(plan, &rows.header).map_err(|error| SearchRunError::Header {
            path: rows.path.clone(),
            error,
        })?;
    let mut values: Vec<RoundValues> = vec![Vec::new(); plan.parts.len()];
    let mut deal: Vec<SeatRow> = Vec::new();
    let flush = |deal: &mut Vec<SeatRow>, values: &mut Vec<RoundValues>| {
        if let Some(first) = deal.first() {
            values[first.part].push(deal_values(deal, stage.players[first.part], &quantities));
        }
        deal.clear();
    };
    while rows.next_row()? {
        let row = reader
            .read(|c| rows.cell(c))
            .map_err(|error| SearchRunError::Row {
                path: rows.path.clone(),
                line: rows.line(),
                error,
            })?;
        let row = SeatRow::from(&row);
        if deal
            .first()
            .is_some_and(|f| f.part != row.part || f.deal != row.deal)
        {
            flush(&mut deal, &mut values);
        }
        deal.push(row);
    }
    flush(&mut deal, &mut values);
    Ok(values)
}

/// How far [`confirm`] went.
enum Confirmed {
    /// Played and raced (`None`: every candidate failed a constraint,
    /// nothing to confirm).
    Done(Option<Box<Confirmation>>),
    /// Its pass stops before the race ([`Stage::Stop`]): why, in words.
    Stopped(String),
}

/// The survivors played again on `seed` (as many deals each as the most
/// any of them had in the search, fewer when the confirmation's games do
/// not pay for them; two at least) into `dir/confirm/`, and raced once.
fn confirm(
    spec: &SearchSpec,
    search: &Search,
    included: &[usize],
    seed: u64,
    at: Where<'_>,
    mode: &mut Mode,
) -> Result<Confirmed, SearchRunError> {
    let race = &search.race;
    // The front first, then the other survivors by the first objective,
    // at most `confirm_most`; then the references not among them.
    let front = race.front();
    let mut rest: Vec<usize> = race
        .alive()
        .into_iter()
        .filter(|c| !front.contains(c))
        .collect();
    rest.sort_by(|&a, &b| {
        race.loss_interval(a, 0)
            .estimate
            .total_cmp(&race.loss_interval(b, 0).estimate)
            .then(a.cmp(&b))
    });
    let mut survivors: Vec<usize> = front.into_iter().chain(rest).collect();
    survivors.truncate(spec.confirm_most.max(1));
    for &r in included {
        if !survivors.contains(&r) {
            survivors.push(r);
        }
    }
    // The best of the candidates eliminated as dominated, by their
    // first objective's estimate: what the screen may have dropped.
    let mut dropped: Vec<usize> = (0..race.candidates.len())
        .filter(|&c| matches!(race.candidates[c].exit, Some((_, Exit::Dominated(_)))))
        .filter(|c| !survivors.contains(c))
        .collect();
    dropped.sort_by(|&a, &b| {
        race.loss_interval(a, 0)
            .estimate
            .total_cmp(&race.loss_interval(b, 0).estimate)
            .then(a.cmp(&b))
    });
    dropped.truncate(spec.recheck);
    let of: Vec<usize> = survivors.iter().chain(&dropped).copied().collect();
    if of.is_empty() {
        // Every candidate failed a constraint: nothing to confirm.
        at.reporter
            .note("confirmation: nothing to confirm (every candidate failed a constraint)");
        return Ok(Confirmed::Done(None));
    }
    let lineup = spec.strong.clone().unwrap_or_else(|| spec.screen());
    // The games of a deal of one candidate (and of the baseline's, once).
    let one = sweep_of(spec, search, &of[..1], 1, seed, &lineup, true)?;
    let per_setting: u64 = one.sweep.plan.parts[..one.parts_per_setting]
        .iter()
        .map(|p| p.run.games_per_deal())
        .sum();
    let baseline_per_deal = one.sweep.plan.games() - per_setting;
    let most = survivors
        .iter()
        .map(|&c| race.candidates[c].evidence.deals())
        .max()
        .unwrap_or(0);
    let games = spec.confirm_games.unwrap_or(search.settings.max_games / 4);
    let affordable = games / (of.len() as u64 * per_setting + baseline_per_deal).max(1);
    let deals = most.min(affordable).max(2);
    // At least the deals the yes/no test needs for 80% power at the
    // margin, at the paired spread the race measured of the pick against
    // its reference, within the confirmation's budget.
    let needed = yes_no::deals_needed(
        race,
        yes_no::reference_of(included, spec.baseline.is_some()),
        search.settings.budget.alpha,
        affordable,
    );
    let deals = if spec.power_sized_confirmation {
        deals.max(needed)
    } else {
        deals
    };
    let sweep = sweep_of(spec, search, &of, deals, seed, &lineup, true)?;
    at.reporter.note(&format!(
        "confirmation: {} candidates (survivors and references) and {} eliminated ones x \
         {deals} deals on seed {seed}, lineup {} ({} games)",
        survivors.len(),
        dropped.len(),
        lineup.specs.join(","),
        sweep.sweep.plan.games()
    ));
    let confirm_dir = at.dir.join(CONFIRM_DIR);
    if let Stage::Stop(why) = play(
        &sweep.sweep,
        &confirm_dir,
        at.control,
        at.reporter,
        at.cancel,
        mode,
    )? {
        return Ok(Confirmed::Stopped(why));
    }
    let parts = read_values(&confirm_dir, &sweep, &race.goal)?;
    let (values, baseline) = sweep.values(&race.goal, parts);
    let budget = Budget {
        alpha: search.settings.budget.alpha,
        candidates: of.len().max(2),
        rounds: 1,
        spending: search.settings.budget.spending,
    };
    let mut confirmation = Race::new(race.goal.clone(), budget);
    confirmation.calibrate_with(seed, beachcomber::search::REPLICATES);
    for &c in &of {
        confirmation.add(race.candidates[c].point.clone(), 0);
    }
    if let Some(baseline) = baseline {
        confirmation.record_baseline(&baseline);
    }
    confirmation.record_round(
        &values
            .into_iter()
            .enumerate()
            .map(|(i, (_, v))| (i, v))
            .collect::<Vec<_>>(),
    );
    confirmation.decide(0);
    Ok(Confirmed::Done(Some(Box::new(Confirmation {
        race: confirmation,
        rechecked: dropped.len(),
        of,
        seed,
        deals,
        games: sweep.sweep.plan.games(),
        lineup: lineup.specs.join(","),
    }))))
}

/// Where and how the confirmation plays: the search's folder, the run's
/// control, its reporter and stop flag.
#[derive(Clone, Copy)]
struct Where<'a> {
    dir: &'a Path,
    control: &'a Control,
    reporter: &'a dyn Reporter,
    cancel: &'a AtomicBool,
}

/// The settings, space and goal of a search spec (see [`SearchSpec::plan`]).
pub struct PlannedSearch {
    /// The space.
    pub space: Space,
    /// The points raced from round 0 whatever the space's size.
    pub included: Vec<Point>,
    /// The goal.
    pub goal: Goal,
    /// The settings.
    pub settings: Settings,
}
