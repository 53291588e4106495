//! The rule locked before the games (docs/experiments.md): a run of an
//! experiment's `[criterion]` is checked against the git history of the
//! file before anything is played, and recorded ([`CriterionRecord`]) in
//! the manifest and at the head of summary.md.
//!
//! - A criterion is identified by its hash ([`criterion_hash`]): xxh3-64
//!   of its TOML table written canonically (keys sorted at every level),
//!   so that reordering or reformatting the table keeps it.
//! - Its commit is the one that last changed it ([`last_change`]: the
//!   file's versions newest first, the oldest of the newest run with the
//!   working tree's hash).
//! - Refused, unless the run is exploratory (`--exploratory`, implied by
//!   `--quick`): a criterion that differs from the committed one; a seed
//!   (the run's, the confirmation's) that committed results of any file
//!   used (every version of every `results/**/manifest.json` in the
//!   history of `HEAD`, so that neither a renamed file nor a study that
//!   moved to another seed escapes; the refusal proposes unused seeds),
//!   unless the criterion says
//!   `same_games_as = "<commit>"` or the run is a reproduction (the seed
//!   of this file's own committed results, made with this criterion). A
//!   reproduction is labelled so even under `same_games_as`: only the
//!   first run of such a criterion is "same games as".
//! - An exploratory run writes nowhere under `results/` and its verdicts
//!   are labelled ([`label_verdicts`]).
//! - The code's commit (`HEAD`) and whether the tree was clean (no change
//!   outside the run's folder and ignored paths) are recorded
//!   ([`CodeState`]); a run under `results/` from a changed tree is
//!   refused, one elsewhere is labelled exploratory in summary.md.
//! - A file outside a git repository (or without `git`) has no
//!   provenance: nothing is refused, and the label says so.

use std::fmt;
use std::fmt::Write as _;
use std::path::{Component, Path, PathBuf};

use beachcomber::spec::{one_line, one_line_path};
use beachcomber::stats::equivalence::Verdict;
use serde::Deserialize;

use super::file::{Experiment, Step};
use super::git::{FileVersion, GitError, Repository};
use crate::csv_rows::Rows;
use crate::files::names::{MANIFEST_FILE, RESULTS_DIR};
use crate::manifest::{
    CodeState, CommitDate, CriterionRecord, Manifest, RuleLabel, SharedSeed, write_json_atomically,
};

/// The criterion table in canonical form: JSON with the keys of every
/// table sorted (whatever the order in the file), arrays in order, dates
/// as their TOML text, a float that JSON cannot hold (`nan`, `inf`) as
/// its TOML text.
fn canonical(value: &toml::Value) -> serde_json::Value {
    use serde_json::Value as Json;
    match value {
        toml::Value::String(s) => Json::String(s.clone()),
        toml::Value::Integer(i) => Json::from(*i),
        toml::Value::Float(f) => serde_json::Number::from_f64(*f)
            .map(Json::Number)
            .unwrap_or_else(|| Json::String(f.to_string())),
        toml::Value::Boolean(b) => Json::Bool(*b),
        toml::Value::Datetime(d) => Json::String(d.to_string()),
        toml::Value::Array(items) => Json::Array(items.iter().map(canonical).collect()),
        toml::Value::Table(table) => {
            let mut keys: Vec<&String> = table.keys().collect();
            keys.sort();
            let mut map = serde_json::Map::new();
            for key in keys {
                map.insert(key.clone(), canonical(&table[key]));
            }
            Json::Object(map)
        }
    }
}

/// The hash of a `[criterion]` table: xxh3-64 of its canonical form, 16
/// hex digits.
pub fn criterion_hash(criterion: &toml::Value) -> String {
    let text = canonical(criterion).to_string();
    format!("{:016x}", xxhash_rust::xxh3::xxh3_64(text.as_bytes()))
}

/// The hash of the `[criterion]` table of an experiment file's text;
/// `None` when the text is not TOML or has no criterion.
pub fn criterion_hash_in(text: &str) -> Option<String> {
    let table: toml::Table = toml::from_str(text).ok()?;
    table.get("criterion").map(criterion_hash)
}

/// One committed version of an experiment file: its commit and the hash
/// of its criterion (`None`: none, or not TOML).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Version {
    /// The commit and its date.
    pub commit: CommitDate,
    /// Its criterion's hash.
    pub hash: Option<String>,
}

/// The commit that last changed the criterion whose hash is `working`,
/// from the file's `versions` newest first: the oldest of the newest run
/// of versions with that hash; `None` when the newest version's criterion
/// is another (uncommitted edits) or there is no version.
pub fn last_change<'a>(versions: &'a [Version], working: &str) -> Option<&'a CommitDate> {
    versions
        .iter()
        .take_while(|v| v.hash.as_deref() == Some(working))
        .last()
        .map(|v| &v.commit)
}

/// Why a run of a criterion is refused before anything is played.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum LockError {
    /// The criterion is not the one committed last.
    Uncommitted {
        /// The file, as the message begins.
        at: String,
        /// The working tree's criterion hash.
        hash: String,
        /// The last commit's criterion hash (`None`: the file, or its
        /// criterion, is not committed).
        committed: Option<String>,
    },
    /// An exploratory run would write under `results/`.
    UnderResults {
        /// The folder it would write.
        dir: String,
        /// The results folder.
        results: String,
    },
    /// A seed that committed results used.
    SeedUsed {
        /// Where the seed is set, as the message begins.
        at: String,
        /// The seed.
        seed: u64,
        /// The committed manifest that used it.
        by: String,
        /// The commit that brought the version of `by` that used it.
        commit: String,
        /// Seeds after it that no version of any committed manifest used
        /// and the file does not set elsewhere ([`UNUSED_PROPOSED`] of them).
        unused: Vec<u64>,
    },
    /// A run that writes under `results/` from a tree with changes.
    ChangedTree {
        /// The file, as the message begins.
        at: String,
        /// The first changed path (from the top of the repository).
        path: String,
    },
    /// `same_games_as` names no commit of the repository.
    NotACommit {
        /// Where it is set, as the message begins.
        at: String,
        /// What it names.
        rev: String,
    },
    /// `--report-only` under another criterion than the one its results
    /// were played under (the manifest's record).
    NotRecorded {
        /// The file, as the message begins.
        at: String,
        /// The file's criterion hash (`None`: the file has none).
        hash: Option<String>,
        /// The hash the manifest records (`None`: it records no rule).
        recorded: Option<String>,
        /// The manifest.
        manifest: String,
    },
    /// git failed in the repository holding the file.
    Git {
        /// The file, as the message begins.
        at: String,
        /// The failure.
        error: GitError,
    },
}

impl fmt::Display for LockError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            LockError::Uncommitted {
                at,
                hash,
                committed,
            } => {
                let why = match committed {
                    Some(c) => format!("uncommitted edits; the committed criterion is xxh3 {c}"),
                    None => "it is not committed".to_string(),
                };
                write!(
                    f,
                    "{at}: the criterion (xxh3 {hash}) is not the committed one ({why}): \
                     commit the rule before its games are played, or run with --exploratory \
                     (verdicts labelled exploratory, nothing written under results/)"
                )
            }
            LockError::UnderResults { dir, results } => write!(
                f,
                "an exploratory run (--exploratory, --quick) writes nowhere under `{results}`, \
                 and `{dir}` is: give --out DIR elsewhere"
            ),
            LockError::SeedUsed {
                at,
                seed,
                by,
                commit,
                unused,
            } => {
                let unused: Vec<String> = unused.iter().map(u64::to_string).collect();
                write!(
                    f,
                    "{at}: the seed {seed} was used by the committed results `{by}` (commit {}): \
                     a locked rule is decided on games nobody has seen; choose a seed no \
                     committed results used (unused: {}), or state `same_games_as = \
                     \"<commit>\"` in [criterion]",
                    short_hash(commit),
                    unused.join(", ")
                )
            }
            LockError::ChangedTree { at, path } => write!(
                f,
                "{at}: the tree has changes (first: `{}`): results under results/ are made \
                 from committed code; commit the changes, or run with --exploratory --out DIR \
                 (labelled exploratory)",
                one_line(path)
            ),
            LockError::NotACommit { at, rev } => write!(
                f,
                "{at}: criterion.same_games_as: `{}` is not a commit of the repository",
                one_line(rev)
            ),
            LockError::NotRecorded {
                at,
                hash,
                recorded,
                manifest,
            } => {
                let hash = match hash {
                    Some(h) => format!("the criterion (xxh3 {h})"),
                    None => "the file's lack of a criterion".to_string(),
                };
                let recorded = match recorded {
                    Some(h) => format!("xxh3 {h}"),
                    None => "none".to_string(),
                };
                write!(
                    f,
                    "{at}: --report-only: {hash} is not the rule `{manifest}` records its games \
                     were played under ({recorded}): a report would print one rule over verdicts \
                     decided by the other; restore the criterion, or play its games (run it \
                     again, or with --exploratory --out DIR)"
                )
            }
            LockError::Git { at, error } => write!(f, "{at}: the criterion's provenance: {error}"),
        }
    }
}

impl std::error::Error for LockError {}

impl From<LockError> for String {
    fn from(e: LockError) -> String {
        e.to_string()
    }
}

/// What a run of an experiment file is, for its lock.
#[derive(Clone, Copy, Debug)]
pub struct LockRequest<'a> {
    /// The file, read.
    pub experiment: &'a Experiment,
    /// Its name (`results/NAME/`): its own committed results are there.
    pub name: &'a str,
    /// The folder the run writes.
    pub dir: &'a Path,
    /// `--exploratory` or `--quick`.
    pub exploratory: bool,
}

/// Check a run of `request.experiment`'s criterion against the committed
/// rule and results, before anything is played: the record for its
/// manifest and summary.md, or why it is refused. `Ok(None)` when the file
/// has no criterion.
pub fn lock(request: LockRequest) -> Result<Option<CriterionRecord>, LockError> {
    let experiment = request.experiment;
    let source = &experiment.source;
    let at = one_line_path(&source.path);
    let Some(hash) = criterion_hash_in(source.text()) else {
        return Ok(None);
    };
    let repository = Repository::holding(&source.path);
    if request.exploratory {
        let root = match &repository {
            Some((repository, _)) => repository.root.clone(),
            None => std::env::current_dir().unwrap_or_default(),
        };
        let results = root.join(RESULTS_DIR);
        if is_under(request.dir, &results) {
            return Err(LockError::UnderResults {
                dir: one_line_path(request.dir),
                results: one_line_path(&results),
            });
        }
    }
    let code =
        match &repository {
            Some((repository, _)) => Some(code_state(repository, &[request.dir]).map_err(
                |error| LockError::Git {
                    at: at.clone(),
                    error,
                },
            )?),
            None => None,
        };
    let record = |label, commit, results_before| CriterionRecord {
        hash: hash.clone(),
        label,
        commit,
        seed: experiment.seed,
        results_before,
        code: code.clone(),
        shared_seeds: Vec::new(),
    };
    let Some((repository, path)) = repository else {
        let label = if request.exploratory {
            RuleLabel::Exploratory
        } else {
            RuleLabel::NoProvenance
        };
        return Ok(Some(record(label, None, None)));
    };
    let git = |error| LockError::Git {
        at: at.clone(),
        error,
    };
    let versions: Vec<Version> = repository
        .log(&path, false)
        .map_err(git)?
        .into_iter()
        .map(|commit| Version {
            hash: repository
                .show(&commit.commit, &path)
                .as_deref()
                .and_then(criterion_hash_in),
            commit,
        })
        .collect();
    let commit = last_change(&versions, &hash).cloned();
    let own = format!("{RESULTS_DIR}/{}/", request.name);
    let results_before = match &commit {
        Some(c) => results_before(&repository, &own, c).map_err(git)?,
        None => None,
    };
    if request.exploratory {
        return Ok(Some(record(RuleLabel::Exploratory, commit, results_before)));
    }
    let Some(commit) = commit else {
        return Err(LockError::Uncommitted {
            at,
            hash,
            committed: versions.first().and_then(|v| v.hash.clone()),
        });
    };
    let criterion = experiment.criterion.as_ref();
    // A criterion stating the games it plays again: its seeds may be
    // anyone's; a run of its own committed results under it is still a
    // reproduction.
    let same_games = criterion.and_then(|c| c.same_games_as.as_ref());
    if let Some(rev) = same_games
        && repository.commit_of(rev).is_none()
    {
        return Err(LockError::NotACommit {
            at: source.at(&[Step::key("criterion"), Step::key("same_games_as")]),
            rev: rev.clone(),
        });
    }
    let seeds = file_seeds(experiment);
    // Every committed use of each seed: the run is a reproduction when one
    // of them is this file's own results made with this criterion,
    // refused when none is.
    let (uses, every_used) = seed_uses(&repository, &seeds, &own, &hash, &path).map_err(git)?;
    let mut reproduction = false;
    for ((seed, seed_at), found) in seeds.iter().zip(&uses) {
        if found.iter().any(|(_, _, same_rule)| *same_rule) {
            reproduction = true;
        } else if let Some((by, commit, _)) = found.first().filter(|_| same_games.is_none()) {
            let file_seeds: Vec<u64> = seeds.iter().map(|(s, _)| *s).collect();
            return Err(LockError::SeedUsed {
                at: seed_at.clone(),
                seed: *seed,
                by: by.clone(),
                commit: commit.clone(),
                unused: unused_after(*seed, &every_used, &file_seeds),
            });
        }
    }
    if !request.exploratory
        && let Some(code) = &code
        && let Some(changed) = &code.changed
        && is_under(request.dir, &repository.root.join(RESULTS_DIR))
    {
        return Err(LockError::ChangedTree {
            at,
            path: changed.clone(),
        });
    }
    let label = match same_games {
        _ if reproduction => RuleLabel::Reproduction,
        Some(rev) => RuleLabel::SameGamesAs(rev.clone()),
        None => RuleLabel::Locked,
    };
    Ok(Some(CriterionRecord {
        shared_seeds: shared_seeds(&seeds, &uses, &own),
        ..record(label, Some(commit), results_before)
    }))
}

/// The committed uses of the run's `seeds` by other files' results (not
/// under `own`, this file's `results/NAME/`), one per seed and manifest
/// (its first version found): what a reproduction or a `same_games_as` run
/// the lock lets through shares with other studies' published games.
fn shared_seeds(
    seeds: &[(u64, String)],
    uses: &[Vec<(String, String, bool)>],
    own: &str,
) -> Vec<SharedSeed> {
    let mut shared: Vec<SharedSeed> = Vec::new();
    for ((seed, _), found) in seeds.iter().zip(uses) {
        for (by, commit, _) in found.iter().filter(|(by, _, _)| !by.starts_with(own)) {
            if !shared.iter().any(|s| s.seed == *seed && &s.by == by) {
                shared.push(SharedSeed {
                    seed: *seed,
                    by: by.clone(),
                    commit: commit.clone(),
                });
            }
        }
    }
    shared
}

/// The `warning:` text of a seed the run shares with other committed
/// results (see [`CriterionRecord::shared_seeds`]).
pub fn shared_seed_warning(shared: &SharedSeed) -> String {
    format!(
        "the seed {} was also used by the committed results `{}` (commit {}), another file's: \
         games dealt from it were published before this run, so on the settings both play, \
         this run's deals are not fresh",
        shared.seed,
        one_line(&shared.by),
        short_hash(&shared.commit)
    )
}

/// The seeds a run of `experiment` deals from, each with where it is set:
/// the file's seed, a search's rounds' seeds (derived from it) and its
/// confirmation's, a pick's confirmation seed.
fn file_seeds(experiment: &Experiment) -> Vec<(u64, String)> {
    let source = &experiment.source;
    let criterion = experiment.criterion.as_ref();
    let mut seeds = vec![(experiment.seed, source.at(&[Step::key("seed")]))];
    // A search's rounds deal from seeds derived from its own, and its
    // survivors are confirmed on `confirm_seed`.
    seeds.extend(experiment.search_seeds());
    if let Some(c) = criterion.filter(|c| !c.confirm.is_empty()) {
        let confirm_at = match c.confirm_seed {
            Some(_) => source.at(&[Step::key("criterion"), Step::key("confirm_seed")]),
            None => format!(
                "{} (the confirmation's seed)",
                source.at(&[Step::key("seed")])
            ),
        };
        seeds.push((c.confirmation_seed(experiment.seed), confirm_at));
    }
    seeds
}

/// Per seed its committed uses (the manifest, its version's commit, and
/// whether it is this file's own results under this criterion), and every
/// seed any version used.
type SeedUses = (
    Vec<Vec<(String, String, bool)>>,
    std::collections::BTreeSet<u64>,
);

/// Every use of each of `seeds` in every version of every committed
/// manifest (a seed used by an older version of any study is used): per
/// seed the manifest's path, the version's commit and whether it is this
/// file's own results (`own`) made with the criterion `hash` (the file at
/// `path`); and every seed any version used.
fn seed_uses(
    repository: &Repository,
    seeds: &[(u64, String)],
    own: &str,
    hash: &str,
    path: &str,
) -> Result<SeedUses, GitError> {
    let mut uses: Vec<Vec<(String, String, bool)>> = vec![Vec::new(); seeds.len()];
    let mut every_used: std::collections::BTreeSet<u64> = std::collections::BTreeSet::new();
    for version in committed_manifests(repository)? {
        let Ok(used) = serde_json::from_str::<SeedsOnly>(&version.text) else {
            continue;
        };
        let used_seeds = used.seeds();
        every_used.extend(&used_seeds);
        for ((seed, _), found) in seeds.iter().zip(&mut uses) {
            if used_seeds.contains(seed) {
                let same_rule = version.path.starts_with(own)
                    && own_criterion_hash(repository, &version.commit, &used, path).as_deref()
                        == Some(hash);
                found.push((version.path.clone(), version.commit.clone(), same_rule));
            }
        }
    }
    Ok((uses, every_used))
}

/// Check a report drawn again (`--report-only`) from the finished results
/// whose manifest is `manifest`: the file's criterion must be the one the
/// manifest records (the same hash, or neither has one), so that the
/// margins and picks summary.md prints are the rule its verdicts were
/// decided by, under the label the run was given. A manifest that cannot
/// be read is left to the report's own error.
pub fn check_recorded(experiment: &Experiment, manifest: &Path) -> Result<(), LockError> {
    let Ok(read) = Manifest::read(manifest) else {
        return Ok(());
    };
    let source = &experiment.source;
    let hash = criterion_hash_in(source.text());
    let recorded = read.criterion.map(|r| r.hash);
    if hash == recorded {
        return Ok(());
    }
    Err(LockError::NotRecorded {
        at: one_line_path(&source.path),
        hash,
        recorded,
        manifest: one_line_path(manifest),
    })
}

/// What the lock reads of a committed manifest (of any format): the seeds
/// of its plan's parts and its locked rule's hash, if it has one.
#[derive(Deserialize)]
struct SeedsOnly {
    description: DescriptionSeeds,
    #[serde(default)]
    criterion: Option<HashOnly>,
}

/// A manifest description's plan, for its seeds.
#[derive(Deserialize)]
struct DescriptionSeeds {
    plan: PlanSeeds,
}

/// A plan's parts, for their seeds.
#[derive(Deserialize)]
struct PlanSeeds {
    parts: Vec<PartSeed>,
}

/// A plan part's run, for its seed.
#[derive(Deserialize)]
struct PartSeed {
    run: RunSeed,
}

/// A run's seed.
#[derive(Deserialize)]
struct RunSeed {
    seed: u64,
}

/// A locked rule's hash.
#[derive(Deserialize)]
struct HashOnly {
    hash: String,
}

impl SeedsOnly {
    /// The seeds of the plan's parts.
    fn seeds(&self) -> Vec<u64> {
        self.description
            .plan
            .parts
            .iter()
            .map(|p| p.run.seed)
            .collect()
    }
}

/// Every version of every committed manifest under `results/` in the
/// history of `HEAD` (of every study, its confirmation runs, shards if
/// committed, files since renamed or removed).
fn committed_manifests(repository: &Repository) -> Result<Vec<FileVersion>, GitError> {
    repository.versions_under(RESULTS_DIR, MANIFEST_FILE)
}

/// How many unused seeds a refusal of a used seed proposes.
pub const UNUSED_PROPOSED: usize = 3;

/// The first [`UNUSED_PROPOSED`] seeds after `seed` that are neither in
/// `used` (every seed of every committed manifest version) nor among the
/// file's own `seeds`.
fn unused_after(seed: u64, used: &std::collections::BTreeSet<u64>, seeds: &[u64]) -> Vec<u64> {
    let Some(next) = seed.checked_add(1) else {
        return Vec::new();
    };
    (next..=u64::MAX)
        .filter(|s| !used.contains(s) && !seeds.contains(s))
        .take(UNUSED_PROPOSED)
        .collect()
}

/// The code a run writing `owns` (its folder, its files) is made from:
/// `HEAD`, and the first change of the tree outside them (untracked files
/// included, ignored paths not).
pub(crate) fn code_state(repository: &Repository, owns: &[&Path]) -> Result<CodeState, GitError> {
    let owns: Vec<PathBuf> = owns.iter().map(|p| resolved(p)).collect();
    let changed = repository.changes()?.into_iter().find(|p| {
        let path = resolved(&repository.root.join(p));
        !owns.iter().any(|own| path.starts_with(own))
    });
    Ok(CodeState {
        commit: repository.head(),
        clean: changed.is_none(),
        changed,
    })
}

/// The criterion hash a version of this file's committed manifest was
/// made with: its record's, or for a manifest from before records, the
/// hash of the file's criterion (at `path`) in the commit that brought
/// that version (`commit`).
fn own_criterion_hash(
    repository: &Repository,
    commit: &str,
    used: &SeedsOnly,
    path: &str,
) -> Option<String> {
    if let Some(record) = &used.criterion {
        return Some(record.hash.clone());
    }
    repository
        .show(commit, path)
        .as_deref()
        .and_then(criterion_hash_in)
}

/// The first commit that added this file's results (`own` is
/// `results/NAME/`) and that `commit` contains: results known when the
/// rule was committed.
fn results_before(
    repository: &Repository,
    own: &str,
    commit: &CommitDate,
) -> Result<Option<CommitDate>, GitError> {
    let added = repository.log(&format!("{own}{MANIFEST_FILE}"), true)?;
    for a in added.into_iter().rev() {
        if repository.is_ancestor(&a.commit, &commit.commit)? {
            return Ok(Some(a));
        }
    }
    Ok(None)
}

/// `path` made absolute and without `.` or `..` (lexically), then its
/// longest existing beginning resolved (symbolic links followed).
fn resolved(path: &Path) -> PathBuf {
    let absolute = std::env::current_dir().unwrap_or_default().join(path);
    let mut plain = PathBuf::new();
    for part in absolute.components() {
        match part {
            Component::CurDir => {}
            Component::ParentDir => {
                plain.pop();
            }
            other => plain.push(other),
        }
    }
    let mut head = plain.clone();
    let mut tail = Vec::new();
    while !head.exists() {
        match head.file_name() {
            Some(name) => tail.push(name.to_os_string()),
            None => break,
        }
        head.pop();
    }
    let mut out = head.canonicalize().unwrap_or(head);
    out.extend(tail.iter().rev());
    out
}

/// Whether `dir` is `base` or inside it.
fn is_under(dir: &Path, base: &Path) -> bool {
    resolved(dir).starts_with(resolved(base))
}

/// Why the locked rule could not be recorded in a finished run's manifest.
#[derive(Debug, thiserror::Error)]
pub enum RecordError {
    /// The manifest could not be read back.
    #[error("cannot read `{}`: {error}", one_line_path(path))]
    Read {
        /// The manifest.
        path: PathBuf,
        /// Why.
        error: crate::manifest::ReadError,
    },
    /// The manifest could not be written again.
    #[error("cannot write `{}`: {error}", one_line_path(path))]
    Write {
        /// The manifest.
        path: PathBuf,
        /// Why.
        error: std::io::Error,
    },
}

/// Record `record` in the manifest of the finished run in `dir`.
pub fn record_in_manifest(dir: &Path, record: &CriterionRecord) -> Result<(), RecordError> {
    let path = dir.join(MANIFEST_FILE);
    let mut manifest = Manifest::read(&path).map_err(|error| RecordError::Read {
        path: path.clone(),
        error,
    })?;
    manifest.criterion = Some(record.clone());
    write_json_atomically(&path, &manifest).map_err(|error| RecordError::Write { path, error })
}

pub use super::pick::EXPLORATORY;

/// Label every verdict of the CSV at `path` (`compare.csv`,
/// `confirm.csv`) exploratory: `equivalent` becomes `exploratory:
/// equivalent` (once); cells without a verdict (empty, `none`: no margin)
/// stay. Nothing when the file is absent.
pub fn label_verdicts(path: &Path) -> Result<(), super::ExperimentError> {
    if !path.exists() {
        return Ok(());
    }
    let rows = Rows::open(path)?;
    let header = rows.header.clone();
    drop(rows);
    let Some(verdict) = header.iter().position(|h| h == "verdict") else {
        return Ok(());
    };
    let names: Vec<&str> = header.iter().map(String::as_str).collect();
    let field = beachcomber::tournament::rows::field;
    let line = |cells: &[String]| {
        let cells: Vec<String> = cells.iter().map(|c| field(c)).collect();
        cells.join(",") + "\n"
    };
    let mut text = line(&header);
    for mut row in Rows::select(path, &names)? {
        let no_verdict = Verdict::None.name();
        let cell = &row[verdict];
        if !cell.is_empty() && cell != no_verdict && !cell.starts_with(EXPLORATORY) {
            row[verdict] = format!("{EXPLORATORY}{}", row[verdict]);
        }
        text.push_str(&line(&row));
    }
    Ok(crate::files::output::write_whole(path, text.as_bytes())?)
}

/// The short form of a commit hash printed in summary.md.
fn short(commit: &str) -> &str {
    &commit[..commit.len().min(12)]
}

/// The short form of a commit hash in an error message (7 digits).
fn short_hash(commit: &str) -> &str {
    &commit[..commit.len().min(7)]
}

/// The locked rule at the head of summary.md (under `## Criterion`): the
/// label, the criterion's hash, its commit and date, the seed, whether
/// results of the file were already committed, and what the label means.
pub fn rule_lines(record: &CriterionRecord) -> String {
    let mut md = String::new();
    let _ = write!(md, "- Rule: **{}**", record.label);
    let _ = match &record.commit {
        Some(c) => write!(
            md,
            "; criterion xxh3 `{}`, last changed in commit `{}` ({})",
            record.hash,
            short(&c.commit),
            c.date
        ),
        None => write!(md, "; criterion xxh3 `{}`, in no commit", record.hash),
    };
    let _ = writeln!(md, "; seed {}", record.seed);
    if let Some(c) = &record.commit {
        let _ = match &record.results_before {
            Some(r) if r.commit == c.commit => writeln!(
                md,
                "- Results of this file were committed in the criterion's own commit: the rule \
                 was written with them known"
            ),
            Some(r) => writeln!(
                md,
                "- Results of this file were committed before the criterion, in `{}` ({}): \
                 the rule was written with them known",
                short(&r.commit),
                r.date
            ),
            None => writeln!(
                md,
                "- No results of this file were committed before the criterion"
            ),
        };
    }
    let meaning = match &record.label {
        RuleLabel::Locked => {
            "the committed criterion, decided on games no committed results used".to_string()
        }
        RuleLabel::Reproduction => "the committed criterion and the seed of this file's \
                                    committed results: the same games again"
            .to_string(),
        RuleLabel::Exploratory => "every verdict is exploratory (the criterion need not be \
                                   committed, the seed may repeat published games); not an answer"
            .to_string(),
        RuleLabel::SameGamesAs(commit) => format!(
            "the criterion states that it plays the games already published in `{commit}` \
             (`same_games_as`): they were known when it was written"
        ),
        RuleLabel::NoProvenance => "the file is in no git repository: nothing shows the \
                                    criterion was written before the games"
            .to_string(),
    };
    let _ = writeln!(md, "- {}: {meaning}", record.label);
    for shared in &record.shared_seeds {
        let _ = writeln!(md, "- Shared seed: {}", shared_seed_warning(shared));
    }
    if let Some(code) = &record.code {
        let commit = match &code.commit {
            Some(c) => format!("commit `{}`", short(c)),
            None => "no commit".to_string(),
        };
        let _ = match &code.changed {
            None => writeln!(md, "- Code: {commit}, clean tree"),
            Some(path) => writeln!(
                md,
                "- Code: {commit}, changed tree (first change `{}`): {}, not an answer",
                one_line(path),
                RuleLabel::Exploratory
            ),
        };
    }
    md
}

#[cfg(test)]
#[path = "lock_tests.rs"]
mod tests;
