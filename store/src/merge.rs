//! Join the shards of one run (`--shard I/N`, or the
//! tasks of a Slurm job array) into exactly the files the whole run would
//! have written on one machine.
//!
//! The inputs are the shards' manifests (or their primary outputs, whose
//! `NAME.manifest.json` is read). They must be all `N` shards of one run:
//! the same command, version, games, seed and settings, each shard once,
//! none missing; each manifest valid, and each shard file the merge reads
//! of the length and hash its manifest records (format 3; format 2
//! manifests record none). Rows and records are taken deal by deal in game order
//! (deal `d` is in shard `d mod N`), records are compressed again in the
//! frames of 64 games the whole run uses, and the summary is recomputed
//! from the exact totals of the manifests: the merged files are the same
//! to the byte as an unsharded run's.

use std::fs::File;
use std::io::{BufRead, BufReader, Write};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, Ordering};

use beachcomber::record::io::{Compression, RecordLines};
use beachcomber::regular_file::{MAX_DATA_BYTES, open_regular_file};
use beachcomber::tournament::{FRAME_GAMES, Plan, Shard, Totals};

use crate::files::names::{
    GAMES_FILE, MANIFEST_FILE, METRICS_FILE, PAIRS_FILE, PAIRS_LABEL, RunHome,
    checkpoint_of_manifest, manifest_of_input, pairs_beside,
};
use crate::files::out_folder::OutFolderError;
use crate::files::output::{AtomicFile, check_run_names, commit_all, resolve_outputs};
use crate::files::paths::OutputPaths;
use crate::files::run_files::{
    FileCheck, MANIFEST_FORMAT, Manifest, RunDescription, Timing, check_file, hash_file,
    write_json_atomically,
};
use crate::final_files::{final_files, write_comparison};
use crate::manifest::ReadError;
use crate::merge_check::ShardCheck;
pub use crate::merge_error::MergeError;
use crate::parquet_table::read::{ParquetRows, csv_line, header_line};
use crate::parquet_table::write::CsvToParquet;
use crate::parquet_table::{GamesColumns, is_parquet};

/// What a finished merge did, for the caller to report.
#[derive(Clone, Debug, PartialEq)]
pub struct Merged {
    /// The number of shards joined.
    pub shards: u64,
    /// The merged run's command ([`crate::manifest::RunKind::command`]).
    pub command: &'static str,
    /// Games in all.
    pub games: u64,
    /// The game of a one-part run, or `None` for a plan of several parts.
    pub game: Option<String>,
    /// The number of parts of the plan.
    pub parts: usize,
    /// The run's seed (its first part's).
    pub seed: u64,
}

/// A shard's manifest, read.
struct ShardInput {
    path: PathBuf,
    manifest: Manifest,
}

fn read_manifest(input: &Path) -> Result<ShardInput, MergeError> {
    let path = manifest_of_input(input);
    let checkpoint = checkpoint_of_manifest(&path);
    if !path.exists() && checkpoint.exists() {
        let stem = path.to_string_lossy();
        let stem = stem
            .trim_end_matches(MANIFEST_FILE)
            .trim_end_matches(['.', '/']);
        return Err(MergeError::Unfinished {
            stem: stem.to_string(),
            checkpoint,
        });
    }
    let manifest = Manifest::read(&path).map_err(|error| {
        let manifest = path.clone();
        match error {
            ReadError::Io(source) => MergeError::ReadManifest { manifest, source },
            ReadError::Format { .. } => MergeError::ManifestFormat { manifest, error },
            ReadError::Parse(_) => MergeError::NotAManifest { manifest, error },
            ReadError::Damaged(_) => MergeError::DamagedManifest { manifest, error },
        }
    })?;
    Ok(ShardInput { path, manifest })
}

/// The description with what differs between shards blanked out.
fn common_part(d: &RunDescription) -> RunDescription {
    RunDescription {
        shard: Shard::WHOLE,
        outputs: Vec::new(),
        ..d.clone()
    }
}

/// Check that `shards` are all the shards of one run, each once; return
/// them ordered by shard index.
fn check_shards(mut shards: Vec<ShardInput>) -> Result<Vec<ShardInput>, MergeError> {
    let first = common_part(&shards[0].manifest.description);
    let count = shards[0].manifest.description.shard.count;
    for s in &shards[1..] {
        let d = &s.manifest.description;
        if common_part(d) != first {
            let a = serde_json::to_value(&first).unwrap_or_default();
            let b = serde_json::to_value(common_part(d)).unwrap_or_default();
            let difference = crate::files::run_files::first_difference(&a, &b, "")
                .unwrap_or_else(|| "the run".to_string());
            return Err(MergeError::OtherRun {
                first: shards[0].path.clone(),
                other: s.path.clone(),
                difference,
            });
        }
        if d.shard.count != count {
            return Err(MergeError::OtherCount {
                first: shards[0].path.clone(),
                first_shard: shards[0].manifest.description.shard,
                other: s.path.clone(),
                other_shard: d.shard,
            });
        }
    }
    shards.sort_by_key(|s| s.manifest.description.shard.index);
    for pair in shards.windows(2) {
        if pair[0].manifest.description.shard.index == pair[1].manifest.description.shard.index {
            return Err(MergeError::Twice {
                shard: pair[0].manifest.description.shard,
                first: pair[0].path.clone(),
                second: pair[1].path.clone(),
            });
        }
    }
    if shards.len() as u64 != count {
        // Distinct indices below `count`: fewer than `count` shards.
        let missing: Vec<String> = (0..count)
            .filter(|i| {
                !shards
                    .iter()
                    .any(|s| s.manifest.description.shard.index == *i)
            })
            .take(5)
            .map(|i| format!("{i}/{count}"))
            .collect();
        let more = count - (shards.len() as u64) > missing.len() as u64;
        return Err(MergeError::Missing {
            missing,
            more,
            count,
        });
    }
    if let Some(s) = shards.iter().find(|s| s.manifest.stopped.is_some()) {
        return Err(MergeError::StoppedEarly {
            manifest: s.path.clone(),
        });
    }
    Ok(shards)
}

/// The file a shard wrote for `label`.
fn shard_file(s: &ShardInput, label: &str) -> Result<PathBuf, MergeError> {
    s.manifest
        .description
        .outputs
        .iter()
        .find(|(l, _)| l == label)
        .map(|(_, p)| PathBuf::from(p))
        .ok_or_else(|| MergeError::NoShardFile {
            label: label.to_string(),
            shard: s.manifest.description.shard,
            manifest: s.path.clone(),
        })
}

/// Check that the files of `label` the merge reads are those the shards'
/// manifests record (length and hash; manifests of format 2 record none,
/// and their files are checked only as they are read).
fn check_shard_files(
    shards: &[ShardInput],
    label: &str,
    cancel: &AtomicBool,
) -> Result<(), MergeError> {
    for s in shards {
        if s.manifest.manifest < 3 {
            continue;
        }
        let path = shard_file(s, label)?;
        let check = s
            .manifest
            .files
            .iter()
            .find(|f| f.output == label)
            .ok_or_else(|| MergeError::NoFileCheck {
                shard: s.manifest.description.shard,
                manifest: s.path.clone(),
                label: label.to_string(),
            })?;
        let what = check_file(&path, check).map_err(|source| MergeError::ReadShardFile {
            path: path.clone(),
            source,
        })?;
        if let Some(difference) = what {
            return Err(MergeError::ChangedShardFile {
                label: label.to_string(),
                path,
                shard: s.manifest.description.shard,
                manifest: s.path.clone(),
                difference,
            });
        }
        if cancel.load(Ordering::SeqCst) {
            return Err(MergeError::Interrupted);
        }
    }
    Ok(())
}

/// Join the shards `inputs` (their manifests, output files or folders)
/// into `outputs` (a folder as `out` when the shards wrote into folders):
/// the files one machine would have written, and their manifest. `cancel`
/// set (by a signal) stops it, writing no output.
pub fn merge(
    inputs: &[PathBuf],
    outputs: OutputPaths,
    cancel: &AtomicBool,
) -> Result<Merged, MergeError> {
    if outputs.out.is_none() && outputs.summary.is_none() && outputs.record.is_none() {
        return Err(MergeError::NothingToWrite);
    }
    let shards = inputs
        .iter()
        .map(|p| read_manifest(p))
        .collect::<Result<Vec<_>, _>>()?;
    let shards = check_shards(shards)?;
    let description = &shards[0].manifest.description;
    let plan = &description.plan;
    let count = description.shard.count;
    let totals = merged_totals(&shards, plan)?;
    // A sweep, or shards that wrote into folders (an experiment's
    // `run --shard`, a study's folder): the merge writes into the folder
    // `--out DIR`, unless `--out FILE.parquet` is all it is asked for:
    // then the games table alone, as Parquet (a study's games table read
    // by polars), and no manifest.
    let folders = description.kind.writes_a_folder() || inputs.iter().all(|p| p.is_dir());
    let table_only = folders
        && outputs.summary.is_none()
        && outputs.record.is_none()
        && outputs.out_is_parquet();
    let sweep = folders && !table_only;
    let paths = merged_paths(outputs, &shards, sweep)?;
    let outputs_description = write_merged(&shards, &paths, &totals, sweep, cancel)?;
    // A sweep's comparison with its baseline, from the merged games.
    if sweep
        && let Some(spec) = description.kind.compare()
        && let Some(games) = paths.out.as_deref()
    {
        write_comparison(games, plan, &totals, Some(spec))?;
    }
    if let Some(name) = merged_manifest_name(&paths, sweep).filter(|_| !table_only) {
        write_merged_manifest(&name, &shards, &paths, &totals, outputs_description)?;
    }
    Ok(Merged {
        shards: count,
        command: description.kind.command(),
        games: totals.iter().map(|t| t.games).sum::<u64>(),
        game: (plan.parts.len() == 1).then(|| plan.first().game.clone()),
        parts: plan.parts.len(),
        seed: plan.first().seed,
    })
}

/// The totals of `plan` (one per part) summed over the shards; an error
/// for a shard with another number of parts or totals that do not add.
fn merged_totals(shards: &[ShardInput], plan: &Plan) -> Result<Vec<Totals>, MergeError> {
    let mut totals: Vec<Totals> = plan.parts.iter().map(|p| Totals::new(&p.run)).collect();
    for s in shards {
        if s.manifest.totals.len() != totals.len() {
            return Err(MergeError::TotalsPerPart {
                manifest: s.path.clone(),
                totals: s.manifest.totals.len(),
                parts: totals.len(),
            });
        }
        for (t, part) in totals.iter_mut().zip(&s.manifest.totals) {
            t.try_merge(part).map_err(|error| MergeError::Totals {
                manifest: s.path.clone(),
                error,
            })?;
        }
    }
    Ok(totals)
}

/// The files the merge writes: `outputs`, or in a folder those of a sweep
/// (`sweep`), with a league's pairs CSV beside its ratings.
fn merged_paths(
    outputs: OutputPaths,
    shards: &[ShardInput],
    sweep: bool,
) -> Result<OutputPaths, MergeError> {
    let mut paths = if sweep {
        sweep_paths(outputs, shards)?
    } else {
        outputs
    };
    // A league's pairs CSV goes with its ratings: `pairs.csv` in a folder,
    // else beside `--summary`.
    if shards[0].manifest.description.kind.writes_pairs() {
        paths.pairs = match (sweep, paths.summary.as_deref()) {
            (true, Some(summary)) => summary.parent().map(|dir| {
                shard_named(shards, PAIRS_LABEL, dir).unwrap_or_else(|| dir.join(PAIRS_FILE))
            }),
            (false, Some(summary)) => pairs_beside(summary),
            (_, None) => None,
        };
    }
    Ok(paths)
}

/// Every input file of the merge (each shard's manifest and files), so
/// that no output overwrites one.
fn merge_inputs(shards: &[ShardInput]) -> Vec<(String, PathBuf)> {
    let mut inputs: Vec<(String, PathBuf)> = Vec::new();
    for s in shards {
        inputs.push(("shard manifest".to_string(), s.path.clone()));
        for (label, p) in &s.manifest.description.outputs {
            inputs.push((format!("shard's {label} file"), PathBuf::from(p)));
        }
    }
    inputs
}

/// The merged files of `paths` (games, records, summary, pairs) written
/// and committed together, or none if the cancel flag was set. Returns
/// the outputs as a manifest describes them.
fn write_merged(
    shards: &[ShardInput],
    paths: &OutputPaths,
    totals: &[Totals],
    sweep: bool,
    cancel: &AtomicBool,
) -> Result<Vec<(String, String)>, MergeError> {
    let description = &shards[0].manifest.description;
    let (plan, count) = (&description.plan, description.shard.count);
    let inputs = merge_inputs(shards);
    paths.check_parquet()?;
    let record_compression = paths.record_compression()?;
    let out_files: Vec<Vec<PathBuf>> = [("--out", &paths.out), ("--record", &paths.record)]
        .iter()
        .map(|(label, wanted)| match wanted {
            Some(_) => shards.iter().map(|s| shard_file(s, label)).collect(),
            None => Ok(Vec::new()),
        })
        .collect::<Result<_, _>>()?;
    let given = paths.given();
    let input_refs: Vec<(&str, &Path)> = inputs
        .iter()
        .map(|(w, p)| (w.as_str(), p.as_path()))
        .collect();
    let resolved = resolve_outputs(&given, &input_refs)?;
    if !sweep {
        check_run_names(&resolved, None, false)?;
    }
    let outputs_description = crate::files::run_files::describe_outputs(&resolved);
    let mut files = resolved
        .into_iter()
        .map(AtomicFile::create)
        .collect::<Result<Vec<_>, _>>()?;
    // In the order of `paths.given()`: --out, --record, --summary, pairs.
    let mut pairs = paths.pairs.as_ref().and_then(|_| files.pop());
    let mut summary = paths.summary.as_ref().and_then(|_| files.pop());
    let mut record = paths.record.as_ref().and_then(|_| files.pop());
    let mut out = paths.out.as_ref().and_then(|_| files.pop());
    if let Some(file) = out.as_mut() {
        check_shard_files(shards, "--out", cancel)?;
        let parquet = paths.out_is_parquet();
        merge_rows(plan, count, &out_files[0], file, parquet, cancel)?;
    }
    if let (Some(file), Some(compression)) = (record.as_mut(), record_compression) {
        check_shard_files(shards, "--record", cancel)?;
        merge_records(plan, count, &out_files[1], compression, file, cancel)?;
    }
    if summary.is_some() || pairs.is_some() {
        let at_end = final_files(&description.kind, plan, totals, None)?;
        for (label, file, text) in [
            ("--summary", summary.as_mut(), Some(at_end.summary)),
            (PAIRS_LABEL, pairs.as_mut(), at_end.pairs),
        ] {
            if let (Some(file), Some(text)) = (file, text) {
                file.writer().write_all(text.as_bytes()).map_err(|source| {
                    MergeError::WriteMerged {
                        label: label.to_string(),
                        source,
                    }
                })?;
            }
        }
    }
    if cancel.load(Ordering::SeqCst) {
        return Err(MergeError::Interrupted);
    }
    commit_all(
        [out, summary, record, pairs]
            .into_iter()
            .flatten()
            .collect(),
    )?;
    Ok(outputs_description)
}

/// Where the merged run's manifest goes: in the sweep's folder, or beside
/// its first file written (games, records, summary); none without one.
fn merged_manifest_name(paths: &OutputPaths, sweep: bool) -> Option<PathBuf> {
    let primary = [&paths.out, &paths.record, &paths.summary]
        .into_iter()
        .flatten()
        .next()
        .filter(|p| std::fs::metadata(p).is_ok_and(|m| m.is_file()));
    primary.map(|primary| match (sweep, primary.parent()) {
        (true, Some(dir)) => RunHome::Folder(dir).manifest(),
        _ => RunHome::Beside(primary).manifest(),
    })
}

/// The merged run's manifest written to `name`, as one machine would have
/// written it: the whole shard, the summed totals and timing, the merged
/// files' checks.
fn write_merged_manifest(
    name: &Path,
    shards: &[ShardInput],
    paths: &OutputPaths,
    totals: &[Totals],
    outputs: Vec<(String, String)>,
) -> Result<(), MergeError> {
    let timing = Timing {
        seconds: shards.iter().map(|s| s.manifest.timing.seconds).sum(),
        sessions: shards
            .iter()
            .fold(0u32, |a, s| a.saturating_add(s.manifest.timing.sessions)),
        threads: shards
            .iter()
            .map(|s| s.manifest.timing.threads)
            .max()
            .unwrap_or(1),
    };
    let manifest = Manifest {
        manifest: MANIFEST_FORMAT,
        description: RunDescription {
            shard: Shard::WHOLE,
            outputs,
            ..shards[0].manifest.description.clone()
        },
        games: totals.iter().map(|t| t.games).sum(),
        stopped: None,
        totals: totals.to_vec(),
        timing,
        files: merged_files(paths)?,
        criterion: None,
        plan: None,
    };
    write_json_atomically(name, &manifest).map_err(MergeError::WriteManifest)
}

/// The length and hash of each merged file, as a run writes them into its
/// manifest (regular files only).
fn merged_files(paths: &OutputPaths) -> Result<Vec<FileCheck>, MergeError> {
    let mut files = Vec::new();
    for (label, path) in [
        ("--out", &paths.out),
        ("--record", &paths.record),
        ("--summary", &paths.summary),
        (PAIRS_LABEL, &paths.pairs),
    ] {
        let Some(path) = path.as_deref() else {
            continue;
        };
        if !std::fs::metadata(path).is_ok_and(|m| m.is_file()) {
            continue;
        }
        let (bytes, hasher) = hash_file(path, None).map_err(|source| MergeError::ReadBack {
            label: label.to_string(),
            path: path.to_path_buf(),
            source,
        })?;
        files.push(FileCheck {
            output: label.to_string(),
            bytes,
            xxh3: format!("{:016x}", hasher.digest()),
        });
    }
    Ok(files)
}

/// The games of `plan` in order, as `(shard, game number, players)`: part
/// by part, deal by deal (deal `d` of a part is in shard `d % count`).
fn game_order(plan: &Plan, count: u64) -> impl Iterator<Item = (usize, u64, usize)> + '_ {
    plan.parts.iter().enumerate().flat_map(move |(p, part)| {
        let offset = plan.offset(p);
        let per_deal = part.run.games_per_deal();
        let players = part.run.players;
        (0..part.run.deals).flat_map(move |deal| {
            (0..per_deal).map(move |g| {
                (
                    (deal % count) as usize,
                    offset + deal * per_deal + g,
                    players,
                )
            })
        })
    })
}

/// A shard's `--out` read as lines of CSV text: a CSV file's lines as
/// they are, a Parquet file's rows as the CSV of the same table has them.
enum ShardRows {
    Csv(BufReader<File>),
    Parquet {
        rows: Box<ParquetRows>,
        record: csv::StringRecord,
    },
}

impl ShardRows {
    fn open(path: &Path) -> Result<ShardRows, MergeError> {
        if is_parquet(path) {
            let rows = ParquetRows::open(path).map_err(|e| MergeError::Read {
                path: path.to_path_buf(),
                source: std::io::Error::other(e.to_string()),
            })?;
            return Ok(ShardRows::Parquet {
                rows: Box::new(rows),
                record: csv::StringRecord::new(),
            });
        }
        open_regular_file(path, MAX_DATA_BYTES)
            .map(|f| ShardRows::Csv(BufReader::with_capacity(64 << 10, f)))
            .map_err(|source| MergeError::ReadShardFile {
                path: path.to_path_buf(),
                source,
            })
    }

    /// The header line (the first line of a CSV file).
    fn header(&mut self) -> std::io::Result<String> {
        match self {
            ShardRows::Csv(r) => {
                let mut line = String::new();
                r.read_line(&mut line)?;
                Ok(line)
            }
            ShardRows::Parquet { rows, .. } => Ok(header_line(&rows.header)),
        }
    }

    /// The next line into `line`: its length, 0 at the end.
    fn next_line(&mut self, line: &mut String) -> std::io::Result<usize> {
        line.clear();
        match self {
            ShardRows::Csv(r) => r.read_line(line),
            ShardRows::Parquet { rows, record } => {
                if rows
                    .next_row(record)
                    .map_err(|e| std::io::Error::other(e.to_string()))?
                {
                    csv_line(record, line);
                }
                Ok(line.len())
            }
        }
    }
}

/// Rows of every shard's `--out`, deal by deal in game order, written as
/// CSV, or as Parquet when `parquet` (each shard's file may be either).
fn merge_rows(
    plan: &Plan,
    count: u64,
    inputs: &[PathBuf],
    out: &mut AtomicFile,
    parquet: bool,
    cancel: &AtomicBool,
) -> Result<(), MergeError> {
    if parquet {
        let mut writer = CsvToParquet::new(GamesColumns::of(plan), out.writer());
        join_rows(plan, count, inputs, &mut writer, cancel)?;
        writer.finish().map_err(|source| MergeError::Write {
            label: "--out",
            source,
        })?;
        Ok(())
    } else {
        join_rows(plan, count, inputs, out.writer(), cancel)
    }
}

/// [`merge_rows`] into `w`, as CSV text.
fn join_rows(
    plan: &Plan,
    count: u64,
    inputs: &[PathBuf],
    w: &mut impl Write,
    cancel: &AtomicBool,
) -> Result<(), MergeError> {
    let mut readers = inputs
        .iter()
        .map(|p| ShardRows::open(p))
        .collect::<Result<Vec<_>, _>>()?;
    let read = |i: usize| {
        let path = inputs[i].clone();
        move |source| MergeError::Read { path, source }
    };
    let mut header = String::new();
    for (i, r) in readers.iter_mut().enumerate() {
        let h = r.header().map_err(read(i))?;
        if i == 0 {
            header = h;
        } else if h != header {
            return Err(MergeError::OtherHeader {
                path: inputs[i].clone(),
                first: inputs[0].clone(),
            });
        }
    }
    // Every shard's header, column types and rows are checked as this
    // program writes them (a manifest rewritten to match a damaged file
    // does not make its rows a run's).
    let mut check =
        ShardCheck::new(plan, header.trim_end_matches(['\n', '\r'])).map_err(|why| {
            MergeError::BadTable {
                path: inputs[0].clone(),
                why,
            }
        })?;
    for (i, r) in readers.iter().enumerate() {
        if let ShardRows::Parquet { rows, .. } = r {
            check
                .schema(&rows.cell_kinds())
                .map_err(|why| MergeError::BadTable {
                    path: inputs[i].clone(),
                    why,
                })?;
        }
    }
    let mut lines = vec![1u64; readers.len()];
    // The `game` column: after a sweep's value columns.
    let column = plan.value_columns().len();
    let err = |source| MergeError::Write {
        label: "--out",
        source,
    };
    w.write_all(header.as_bytes()).map_err(err)?;
    let mut line = String::new();
    for (s, game, players) in game_order(plan, count) {
        if game % CANCEL_EVERY == 0 && cancel.load(Ordering::SeqCst) {
            return Err(MergeError::Interrupted);
        }
        for _ in 0..players {
            let n = readers[s].next_line(&mut line).map_err(read(s))?;
            if n > 0 {
                lines[s] += 1;
                check.row(&line).map_err(|why| MergeError::BadRow {
                    path: inputs[s].clone(),
                    line: lines[s],
                    why,
                })?;
            }
            let number = game_number(&line, column);
            if n == 0 || number != Some(game) {
                return Err(MergeError::MissingGame {
                    path: inputs[s].clone(),
                    game,
                });
            }
            w.write_all(line.as_bytes()).map_err(err)?;
        }
    }
    for (i, r) in readers.iter_mut().enumerate() {
        let n = r.next_line(&mut line).map_err(read(i))?;
        if n > 0 {
            return Err(MergeError::ExtraGames {
                path: inputs[i].clone(),
                what: "rows",
            });
        }
    }
    Ok(())
}

/// Games merged between two looks at the signals.
const CANCEL_EVERY: u64 = 1024;

/// The number in field `column` of a CSV row (fields before it may be
/// quoted).
fn game_number(line: &str, column: usize) -> Option<u64> {
    if column == 0 {
        return line.split(',').next()?.parse().ok();
    }
    let mut reader = csv::ReaderBuilder::new()
        .has_headers(false)
        .from_reader(line.as_bytes());
    let record = reader.records().next()?.ok()?;
    record.get(column)?.parse().ok()
}

/// Records of every shard, deal by deal, compressed again in the whole
/// run's frames.
fn merge_records(
    plan: &Plan,
    count: u64,
    inputs: &[PathBuf],
    compression: Compression,
    out: &mut AtomicFile,
    cancel: &AtomicBool,
) -> Result<(), MergeError> {
    let mut readers = inputs
        .iter()
        .map(|p| {
            let f = open_regular_file(p, MAX_DATA_BYTES).map_err(|source| {
                MergeError::ReadShardFile {
                    path: p.clone(),
                    source,
                }
            })?;
            RecordLines::new(f).map_err(|source| MergeError::Records {
                path: p.clone(),
                source,
            })
        })
        .collect::<Result<Vec<_>, _>>()?;
    let mut frame = Vec::new();
    let mut line = Vec::new();
    let err = |source| MergeError::Write {
        label: "--record",
        source,
    };
    for (s, game, _) in game_order(plan, count) {
        if game % CANCEL_EVERY == 0 && cancel.load(Ordering::SeqCst) {
            return Err(MergeError::Interrupted);
        }
        line.clear();
        match readers[s].read_line(&mut line) {
            Some(Ok(_)) => {}
            Some(Err(source)) => {
                return Err(MergeError::Records {
                    path: inputs[s].clone(),
                    source,
                });
            }
            None => {
                return Err(MergeError::RecordsEnd {
                    path: inputs[s].clone(),
                    game,
                });
            }
        }
        frame.extend_from_slice(&line);
        frame.push(b'\n');
        if (game + 1).is_multiple_of(FRAME_GAMES) {
            let bytes = compression.compress_frame(&frame).map_err(err)?;
            out.writer().write_all(&bytes).map_err(err)?;
            frame.clear();
        }
    }
    if !frame.is_empty() {
        let bytes = compression.compress_frame(&frame).map_err(err)?;
        out.writer().write_all(&bytes).map_err(err)?;
    }
    for (r, path) in readers.iter_mut().zip(inputs) {
        line.clear();
        if r.read_line(&mut line).is_some() {
            return Err(MergeError::ExtraGames {
                path: path.clone(),
                what: "records",
            });
        }
    }
    Ok(())
}

/// A sweep's merge (or a merge of shards written into folders, e.g. an
/// experiment's league) writes into the folder `--out DIR`: the per-game
/// CSV, the summary (`metrics.csv`, `ratings.csv`), the records when the
/// shards kept them, each under the name the shards gave it, and
/// `manifest.json`.
fn sweep_paths(paths: OutputPaths, shards: &[ShardInput]) -> Result<OutputPaths, MergeError> {
    let command = shards[0].manifest.description.kind.command();
    let Some(dir) = paths.out.clone() else {
        return Err(MergeError::NeedsFolder { command });
    };
    if paths.summary.is_some() || paths.record.is_some() {
        return Err(MergeError::OnlyFolder { command });
    }
    crate::files::out_folder::create_out_folder("--out", &dir).map_err(|e| match e {
        OutFolderError::NotAFolder { .. } => MergeError::NotAFolder(dir.clone()),
        e => MergeError::OutFolder(Box::new(e)),
    })?;
    let named = |label: &str| shard_named(shards, label, &dir);
    Ok(OutputPaths {
        out: named("--out").or_else(|| Some(dir.join(GAMES_FILE))),
        summary: named("--summary").or_else(|| Some(dir.join(METRICS_FILE))),
        record: named("--record"),
        pairs: None,
    })
}

/// The file `label` of the first shard, by its name, in `dir`.
fn shard_named(shards: &[ShardInput], label: &str, dir: &Path) -> Option<PathBuf> {
    shards[0]
        .manifest
        .description
        .outputs
        .iter()
        .find(|(l, _)| l == label)
        .and_then(|(_, p)| Path::new(p).file_name().map(|n| dir.join(n)))
}
