//! The formats of a run's checkpoint and manifest (see
//! [`crate::run_files`]), and the lengths and hashes that tie them to the
//! run's files: what `--resume` and `merge` verify.

use std::fs::{self, File};
use std::io::{self, Read, Write};
use std::path::{Path, PathBuf};

use beachcomber::tournament::{Plan, Shard, Totals};
use serde::{Deserialize, Serialize};
use serde_json::Value;
use xxhash_rust::xxh3::Xxh3;

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
    let file = File::open(path)?;
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
/// of finishing a run: `finish-checkpoint` (the finishing checkpoint is
/// written), `after-rename-K` (the K-th output is renamed into place),
/// `manifest-write` (half of the manifest's temporary file is written),
/// `after-manifest` (the manifest is in place, the checkpoint not yet
/// removed). Read once; internal, for the tests of `--resume`.
pub(crate) fn failpoint(name: &str) {
    static POINT: std::sync::OnceLock<Option<String>> = std::sync::OnceLock::new();
    let point = POINT.get_or_init(|| std::env::var("BEACHCOMBER_FAILPOINT").ok());
    if point.as_deref() == Some(name) {
        std::process::exit(86);
    }
}

/// Everything that decides a run's output bytes, in canonical form: what a
/// resumed command must repeat exactly, and what a merge checks.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RunDescription {
    /// The command (`tournament`, `league`, `sweep`).
    pub command: String,
    /// The program's version.
    pub version: String,
    /// The games: one part per run (one for a tournament or league, one
    /// per combination for a sweep), each with its game, players, lineups,
    /// deals, seed and seating.
    pub plan: Plan,
    /// The part of the run these files hold.
    pub shard: Shard,
    /// The command's other settings that change its output (canonical
    /// text by option name, e.g. `sprt`), in a fixed order.
    pub settings: Vec<(String, String)>,
    /// Each output: option name → the file (canonical path).
    pub outputs: Vec<(String, String)>,
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
    let mut file = File::create(&tmp)?;
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
    fs::write(&tmp, &text)?;
    fs::rename(&tmp, path)
}

fn with_suffix(path: &Path, suffix: &str) -> PathBuf {
    let mut name = path.as_os_str().to_owned();
    name.push(suffix);
    PathBuf::from(name)
}
