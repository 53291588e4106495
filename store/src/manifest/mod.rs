//! The formats of a run's checkpoint and manifest (see
//! [`crate::files::run_files`]), and the lengths and hashes that tie them to the
//! run's files: what `--resume` and `merge` verify.

use std::fmt;
use std::fs::{self, File};
use std::io::{self, Read, Write};
use std::path::Path;

use beachcomber::regular_file::{
    MAX_DATA_BYTES, MAX_RUN_JSON_BYTES, open_regular_file, read_regular_bytes,
};
use beachcomber::spec::one_line;
use beachcomber::tournament::{Plan, Shard, Totals};
use serde::{Deserialize, Serialize};
use serde_json::Value;
use xxhash_rust::xxh3::Xxh3;

use crate::path_suffix::with_suffix;

mod criterion;
mod inconsistent;
mod kind;
mod plan;
pub use criterion::{CodeState, CommitDate, CriterionRecord, RuleLabel, SharedSeed, UnknownLabel};
pub use inconsistent::Inconsistent;
pub use kind::{KindError, RunKind};
pub use plan::PlanRecord;

/// The version of the manifest and checkpoint formats (4: totals with the
/// sums per deal of the cluster-robust intervals and the pairwise score
/// levels of the sequential test; 3 added the length and hash of each file).
pub const MANIFEST_FORMAT: u32 = 4;

/// The oldest manifest format this program reads (older totals lack the
/// sums per deal, so formats 2 and 3 are refused).
pub const OLDEST_MANIFEST_FORMAT: u32 = 4;

/// The length and hash of one output file of a run.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct FileCheck {
    /// The option that names it (`--out`, `--record`, `--summary`).
    pub output: String,
    /// Its length in bytes.
    pub bytes: u64,
    /// The xxh3-64 hash of its bytes, 16 hex digits.
    pub xxh3: String,
}

/// The xxh3-64 hash of `bytes` as written in checkpoints and manifests.
pub(crate) fn hex(hash: u64) -> String {
    format!("{hash:016x}")
}

/// The length and xxh3-64 hash of the first `limit` bytes of `path` (all of
/// it when `None`), read in 1 MiB blocks, with the hasher in that state.
pub fn hash_file(path: &Path, limit: Option<u64>) -> io::Result<(u64, Xxh3)> {
    let file = open_regular_file(path, MAX_DATA_BYTES)?;
    let mut reader = file.take(limit.unwrap_or(u64::MAX));
    let mut hasher = Xxh3::new();
    let mut buffer = vec![0u8; 1 << 20];
    let mut length = 0u64;
    loop {
        let n = match reader.read(&mut buffer) {
            Ok(0) => break,
            Ok(n) => n,
            Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
            Err(e) => return Err(e),
        };
        hasher.update(&buffer[..n]);
        length += n as u64;
    }
    Ok((length, hasher))
}

/// Whether `path` holds exactly the file `check` describes: `Ok(None)`
/// when it does, else what differs.
pub fn check_file(path: &Path, check: &FileCheck) -> io::Result<Option<String>> {
    let (length, hasher) = hash_file(path, Some(check.bytes.saturating_add(1)))?;
    Ok(if length != check.bytes {
        let have = if length > check.bytes {
            "more".to_string()
        } else {
            length.to_string()
        };
        Some(format!(
            "it holds {have} bytes, its manifest {}",
            check.bytes
        ))
    } else if hex(hasher.digest()) != check.xxh3 {
        Some("its content is not what its manifest records (xxh3 differs)".to_string())
    } else {
        None
    })
}

/// A test hook: `BEACHCOMBER_FAILPOINT=NAME` makes the program exit at once
/// (status 86, no clean-up, as if killed) when it reaches the point `NAME`
/// of a run: `mid-run-checkpoint` (a checkpoint holding at least one game
/// is written: a kill at a known point of a run of any length),
/// `finish-checkpoint` (the finishing checkpoint is
/// written), `after-rename-K` (the K-th output is renamed into place),
/// `manifest-write` (half of the manifest's temporary file is written),
/// `after-manifest` (the manifest is in place, the checkpoint not yet
/// removed). `pause-at-NAME` instead makes the program wait there until it
/// is killed (a live run at a known point, holding its files). Read once;
/// internal, for the tests of `--resume`.
///
/// A run of several steps (a search's rounds) names its current step with
/// [`failpoint_stage`]; the point `STAGE/NAME` is then reached only there
/// (`round-1/mid-run-checkpoint`: a kill in the middle of round 1).
pub fn failpoint(name: &str) {
    static POINT: std::sync::OnceLock<Option<String>> = std::sync::OnceLock::new();
    let point = POINT.get_or_init(|| std::env::var("BEACHCOMBER_FAILPOINT").ok());
    let Some(point) = point.as_deref() else {
        return;
    };
    let staged = STAGE
        .lock()
        .ok()
        .and_then(|stage| stage.as_ref().map(|s| format!("{s}/{name}")));
    let here = |p: &str| p == name || staged.as_deref() == Some(p);
    if here(point) {
        std::process::exit(86);
    }
    if point.strip_prefix("pause-at-").is_some_and(here) {
        loop {
            std::thread::sleep(std::time::Duration::from_secs(3600));
        }
    }
}

/// The step of a run of several steps the failpoints are in (see
/// [`failpoint`]).
static STAGE: std::sync::Mutex<Option<String>> = std::sync::Mutex::new(None);

/// Name the current step of a run of several steps for the failpoints.
pub fn failpoint_stage(stage: &str) {
    if let Ok(mut s) = STAGE.lock() {
        *s = Some(stage.to_string());
    }
}

/// Everything that decides a run's output bytes, in canonical form: what a
/// resumed command must repeat exactly, and what a merge checks. Written
/// as format 4 has always written it: the kind is the `"command"` and
/// `"settings"` fields ([`RunKind::to_raw`]).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(try_from = "RawDescription", into = "RawDescription")]
pub struct RunDescription {
    /// The kind of run, with the settings that change its output.
    pub kind: RunKind,
    /// The program's version.
    pub version: String,
    /// The games: one part per run (one for a tournament or league, one
    /// per combination for a sweep), each with its game, players, lineups,
    /// deals, seed and seating.
    pub plan: Plan,
    /// The part of the run these files hold.
    pub shard: Shard,
    /// Each output: option name → the file (canonical path).
    pub outputs: Vec<(String, String)>,
}

/// A [`RunDescription`] as the manifest writes it, field by field.
#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct RawDescription {
    /// The command (the kind's name).
    command: String,
    version: String,
    plan: Plan,
    shard: Shard,
    /// The kind's settings (canonical text by option name, e.g. `sprt`),
    /// in a fixed order.
    settings: Vec<(String, String)>,
    outputs: Vec<(String, String)>,
}

impl TryFrom<RawDescription> for RunDescription {
    type Error = KindError;

    fn try_from(raw: RawDescription) -> Result<RunDescription, KindError> {
        Ok(RunDescription {
            kind: RunKind::from_raw(&raw.command, &raw.settings, &raw.plan)?,
            version: raw.version,
            plan: raw.plan,
            shard: raw.shard,
            outputs: raw.outputs,
        })
    }
}

impl From<RunDescription> for RawDescription {
    fn from(d: RunDescription) -> RawDescription {
        let (command, settings) = d.kind.to_raw(&d.plan);
        RawDescription {
            command: command.to_string(),
            version: d.version,
            plan: d.plan,
            shard: d.shard,
            settings,
            outputs: d.outputs,
        }
    }
}

/// Timings of a run (the only machine-dependent facts kept).
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Timing {
    /// Seconds spent playing, over every session.
    pub seconds: f64,
    /// Sessions (1 + the number of resumes).
    pub sessions: u32,
    /// Worker threads of the last session.
    pub threads: usize,
}

/// The checkpoint of an unfinished run.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Checkpoint {
    /// [`MANIFEST_FORMAT`].
    pub checkpoint: u32,
    /// The run.
    pub description: RunDescription,
    /// The games `0..next` are complete in the partial files.
    pub next: u64,
    /// The length of each streamed partial file holding exactly them, by
    /// option name.
    pub bytes: Vec<(String, u64)>,
    /// The xxh3-64 hash of each streamed partial file's first `bytes`
    /// bytes, by option name.
    pub hashes: Vec<(String, String)>,
    /// The totals of games `0..next`, one per part of the plan.
    pub totals: Vec<Totals>,
    /// Timings so far.
    pub timing: Timing,
    /// Set once every game is played and every partial file is whole and
    /// synced: the run is being finished (its files renamed, its manifest
    /// written), and `--resume` completes that. Written only when set.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub finishing: Option<Finishing>,
}

/// What a finishing run's manifest will say (see
/// [`Checkpoint::finishing`]); `next`, `totals` and `timing` of the
/// checkpoint are final.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Finishing {
    /// Why the run ended before its last game, if it did.
    pub stopped: Option<String>,
    /// Every regular output, whole.
    pub files: Vec<FileCheck>,
}

/// The manifest of a finished run.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Manifest {
    /// [`MANIFEST_FORMAT`].
    pub manifest: u32,
    /// The run.
    pub description: RunDescription,
    /// Games played (fewer than the run's when a sequential test stopped
    /// it).
    pub games: u64,
    /// Why the run ended before its last game, if it did (`sprt`).
    pub stopped: Option<String>,
    /// The exact totals (what a merge adds up), one per part of the plan.
    pub totals: Vec<Totals>,
    /// Timings.
    pub timing: Timing,
    /// The length and hash of each regular output (format 3; empty in
    /// older manifests).
    #[serde(default)]
    pub files: Vec<FileCheck>,
    /// The locked rule of an experiment's `[criterion]` (written only for
    /// a run of a criterion: other manifests keep their bytes).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub criterion: Option<CriterionRecord>,
    /// A search's power plan, made before round 0 (written only in a
    /// search's `rounds/0/manifest.json`: other manifests keep their
    /// bytes, and one from before it was recorded reads as without).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub plan: Option<PlanRecord>,
}

/// Why a manifest or checkpoint could not be read.
#[derive(Debug)]
pub enum ReadError {
    /// The file cannot be read.
    Io(io::Error),
    /// Its format number is not one this program reads.
    Format {
        /// The file's format.
        found: u32,
        /// The formats this program reads, as text (`2 to 3`, `3`).
        readable: String,
    },
    /// It is not a manifest (checkpoint) of this program.
    Parse(serde_json::Error),
    /// It parses, but what it claims does not hold together.
    Damaged(Inconsistent),
}

impl fmt::Display for ReadError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ReadError::Io(e) => write!(f, "{e}"),
            ReadError::Format { found, readable } => {
                write!(f, "format {found}, this program reads {readable}")
            }
            ReadError::Parse(e) => f.write_str(&one_line(&e.to_string())),
            ReadError::Damaged(e) => f.write_str(&one_line(&e.to_string())),
        }
    }
}

impl std::error::Error for ReadError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            ReadError::Io(e) => Some(e),
            ReadError::Parse(e) => Some(e),
            ReadError::Damaged(e) => Some(e),
            ReadError::Format { .. } => None,
        }
    }
}

impl Manifest {
    /// Read the manifest at `path`: its format checked (from
    /// [`OLDEST_MANIFEST_FORMAT`] to [`MANIFEST_FORMAT`]) before the rest,
    /// then [`Manifest::validate`]d. Every reader of a manifest (`merge`,
    /// `run`'s report and resume) reads it here.
    pub fn read(path: &Path) -> Result<Manifest, ReadError> {
        let manifest: Manifest = read_format_checked(
            path,
            |f| f.manifest,
            OLDEST_MANIFEST_FORMAT..=MANIFEST_FORMAT,
        )?;
        manifest.validate().map_err(ReadError::Damaged)?;
        Ok(manifest)
    }

    /// Check what a manifest claims: its plan, shard and totals are valid
    /// and agree (each part's totals count its games in the shard, all of
    /// them unless a sequential test stopped the run), and its files are
    /// outputs of the run.
    pub fn validate(&self) -> Result<(), Inconsistent> {
        let d = &self.description;
        d.plan.validate().map_err(Inconsistent::Run)?;
        d.shard.validate().map_err(Inconsistent::Run)?;
        if self.totals.len() != d.plan.parts.len() {
            return Err(Inconsistent::TotalsPerPart {
                totals: self.totals.len(),
                parts: d.plan.parts.len(),
            });
        }
        let mut games = 0u64;
        for (i, (part, totals)) in d.plan.parts.iter().zip(&self.totals).enumerate() {
            let expected = d.shard.games(&part.run);
            let counted = if self.stopped.is_some() {
                totals.games.min(expected)
            } else {
                expected
            };
            totals
                .validate(&part.run, counted)
                .map_err(|error| Inconsistent::Part { index: i, error })?;
            games += counted;
        }
        if self.games != games {
            return Err(Inconsistent::Games {
                games: self.games,
                counted: games,
            });
        }
        if let Some(f) = self
            .files
            .iter()
            .find(|f| !d.outputs.iter().any(|(l, _)| *l == f.output))
        {
            return Err(Inconsistent::FileCheck {
                output: f.output.clone(),
            });
        }
        Ok(())
    }
}

impl Checkpoint {
    /// Read the checkpoint at `path`, its format checked (exactly
    /// [`MANIFEST_FORMAT`]: a run is finished by the program that started
    /// it) before the rest.
    pub fn read(path: &Path) -> Result<Checkpoint, ReadError> {
        read_format_checked(path, |f| f.checkpoint, MANIFEST_FORMAT..=MANIFEST_FORMAT)
    }
}

/// Read the JSON file at `path` as a `T`, after checking that its format
/// number (`format`, read first) is in `readable` (a file without one is
/// left to the parse to refuse).
fn read_format_checked<T: serde::de::DeserializeOwned>(
    path: &Path,
    format: fn(&FormatOnly) -> Option<u32>,
    readable: std::ops::RangeInclusive<u32>,
) -> Result<T, ReadError> {
    let text = read_regular_bytes(path, MAX_RUN_JSON_BYTES).map_err(ReadError::Io)?;
    let found = serde_json::from_slice::<FormatOnly>(&text)
        .ok()
        .and_then(|f| format(&f));
    if let Some(found) = found.filter(|f| !readable.contains(f)) {
        let (lo, hi) = (readable.start(), readable.end());
        return Err(ReadError::Format {
            found,
            readable: if lo == hi {
                lo.to_string()
            } else {
                format!("{lo} to {hi}")
            },
        });
    }
    serde_json::from_slice(&text).map_err(ReadError::Parse)
}

/// The format number of a checkpoint or manifest, read before the rest.
#[derive(Deserialize)]
pub struct FormatOnly {
    /// A checkpoint's format.
    pub checkpoint: Option<u32>,
    /// A manifest's format.
    pub manifest: Option<u32>,
}

/// The first place where two descriptions differ, as `path: A there, B
/// here`.
pub fn first_difference(there: &Value, here: &Value, path: &str) -> Option<String> {
    match (there, here) {
        (Value::Object(a), Value::Object(b)) => {
            for (k, va) in a {
                let p = if path.is_empty() {
                    k.clone()
                } else {
                    format!("{path}.{k}")
                };
                match b.get(k) {
                    Some(vb) => {
                        if let Some(d) = first_difference(va, vb, &p) {
                            return Some(d);
                        }
                    }
                    None => return Some(format!("{p}: {va} there, missing here")),
                }
            }
            b.keys()
                .find(|k| !a.contains_key(*k))
                .map(|k| format!("{path}.{k}: missing there, {} here", b[k]))
        }
        (Value::Array(a), Value::Array(b)) if a.len() == b.len() => a
            .iter()
            .zip(b)
            .enumerate()
            .find_map(|(i, (x, y))| first_difference(x, y, &format!("{path}[{i}]"))),
        _ if there == here => None,
        _ => Some(format!("{path}: {there} there, {here} here")),
    }
}

/// Write a manifest as [`write_json_atomically`] does (with the failpoint
/// `manifest-write` half-way through its temporary file).
pub(crate) fn write_manifest(path: &Path, manifest: &Manifest) -> io::Result<()> {
    let tmp = with_suffix(path, ".tmp");
    let mut text = serde_json::to_vec_pretty(manifest).map_err(io::Error::other)?;
    text.push(b'\n');
    let mut file = create_fresh(&tmp)?;
    file.write_all(&text[..text.len() / 2])?;
    failpoint("manifest-write");
    file.write_all(&text[text.len() / 2..])?;
    drop(file);
    fs::rename(&tmp, path)
}

/// Write `value` as pretty JSON to `path` through `path.tmp` and a rename.
pub fn write_json_atomically<T: Serialize>(path: &Path, value: &T) -> io::Result<()> {
    let tmp = with_suffix(path, ".tmp");
    let mut text = serde_json::to_vec_pretty(value).map_err(io::Error::other)?;
    text.push(b'\n');
    create_fresh(&tmp)?.write_all(&text)?;
    fs::rename(&tmp, path)
}

/// Create the temporary file `tmp` afresh: whatever is there (a stale
/// temporary file, or a symbolic link or FIFO planted in its place) is
/// removed, and the new file is created exclusively (`O_EXCL`, which
/// follows no link), so a link never makes the write land elsewhere and a
/// FIFO never blocks it.
fn create_fresh(tmp: &Path) -> io::Result<File> {
    match fs::remove_file(tmp) {
        Ok(()) => {}
        Err(e) if e.kind() == io::ErrorKind::NotFound => {}
        Err(e) => return Err(e),
    }
    fs::OpenOptions::new()
        .write(true)
        .create_new(true)
        .open(tmp)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_link_or_a_fifo_planted_as_the_temporary_file_is_replaced_not_used() {
        let dir = tempfile::tempdir().unwrap();
        let d = dir.path();
        let victim = d.join("victim");
        fs::write(&victim, "precious").unwrap();
        let path = d.join("c.json");
        let tmp = d.join("c.json.tmp");
        std::os::unix::fs::symlink(&victim, &tmp).unwrap();
        write_json_atomically(&path, &serde_json::json!({"a": 1})).unwrap();
        assert_eq!(fs::read_to_string(&victim).unwrap(), "precious");
        assert_eq!(fs::read_to_string(&path).unwrap(), "{\n  \"a\": 1\n}\n");
        // A FIFO with no reader: opening it for writing used to wait forever.
        assert!(
            std::process::Command::new("mkfifo")
                .arg(&tmp)
                .status()
                .unwrap()
                .success()
        );
        write_json_atomically(&path, &serde_json::json!({"b": 2})).unwrap();
        assert_eq!(fs::read_to_string(&path).unwrap(), "{\n  \"b\": 2\n}\n");
        assert!(!tmp.exists());
    }
}
