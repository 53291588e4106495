//! The files of a run that survives interruption: partial outputs, a
//! checkpoint, and the manifest of a finished run.
//!
//! While a run plays, each regular output `NAME` is written to
//! `NAME.partial` in complete chunks in game order, and after a chunk (at
//! most every [`CHECKPOINT_EVERY`], and always when the run is interrupted)
//! `PRIMARY.checkpoint.json` records how many games are complete, how many
//! bytes of each partial file hold them and the xxh3-64 hash of those
//! bytes (kept running as they are appended), and the exact totals so far
//! (`PRIMARY` is the first regular output among `--out`, `--record`,
//! `--summary`). The checkpoint is replaced atomically (written to
//! `PRIMARY.checkpoint.json.tmp`, then renamed) after the partial files are
//! flushed, so it never counts bytes that are not there.
//!
//! `--resume` reads the checkpoint, refuses a command that differs from the
//! interrupted one (naming the first difference) and counts or totals that
//! do not fit the run, checks the hash of each partial file's checkpointed
//! bytes, cuts each partial file back to its checkpointed length (a torn chunk after a `kill -9` is
//! dropped and played again) and plays on. Record frames and rows depend
//! only on the game numbers, so the finished files are the same to the
//! byte as those of an uninterrupted run.
//!
//! While a partial file grows, it is synced in the background every
//! [`crate::files::partial`]'s writeback size, so that the final sync waits only for the tail.
//! When the run is whole, the partial files are synced, a *finishing*
//! checkpoint records each file's final length and hash, the partial files
//! are renamed to their final names, `PRIMARY.manifest.json` is written
//! (the run in canonical form, the version, the exact totals, each file's
//! length and hash, and the timings, which appear nowhere else), and the
//! checkpoint is removed: a finished run leaves no partial or temporary
//! file. Interrupted anywhere after the finishing checkpoint, `--resume`
//! completes these steps (see [`RunFiles::finish`]).
//!
//! A sweep writes into a folder: its checkpoint and manifest are
//! `DIR/checkpoint.json` and `DIR/manifest.json`.
//!
//! A run with an output that is a device (`/dev/null`, `/dev/stdout`)
//! cannot be resumed: it keeps no checkpoint, and an interrupted run
//! removes its partial files.

use std::fs::{self, OpenOptions};
use std::io::{self, BufWriter, Seek, SeekFrom, Write};
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use beachcomber::regular_file::open_regular_for_writing;
use beachcomber::spec::one_line_path;
use beachcomber::tournament::{Layout, Totals};
use serde_json::Value;

use crate::files::names::RunHome;
pub use crate::files::run_files_error::{KeptFiles, RunFilesError};
pub use crate::manifest::{
    Checkpoint, FileCheck, Finishing, MANIFEST_FORMAT, Manifest, RunDescription, Timing,
    check_file, first_difference, hash_file, write_json_atomically,
};
use crate::manifest::{Inconsistent, ReadError};
use crate::manifest::{failpoint, hex, write_manifest};
use crate::path_suffix::with_suffix;

use crate::files::output::Resolved;
use crate::files::output_error::OutputError;
use crate::files::parquet_out::{self, remove_csv_partial};
use crate::files::partial::{Claimed, Output, claim, lock_to_resume, refuse_if_live};
use crate::interrupt;
use crate::parquet_table::GamesColumns;

mod resume;

/// Most time between two checkpoints while games finish, by default
/// (`--checkpoint-every`).
pub const CHECKPOINT_EVERY: Duration = Duration::from_secs(2);

/// The open files of a run.
pub struct RunFiles {
    outputs: Vec<Output>,
    /// `PRIMARY.checkpoint.json`, when the run can be resumed.
    checkpoint: Option<PathBuf>,
    /// `PRIMARY.manifest.json`, when there is a regular output.
    manifest: Option<PathBuf>,
    description: RunDescription,
    last_checkpoint: Instant,
    /// Most time between two checkpoints.
    every: Duration,
    /// Timing of the sessions before this one.
    timing: Timing,
    started: Instant,
    /// `--out` is a Parquet file of these columns (its partial file holds
    /// CSV text, converted at the finish).
    parquet_out: Option<GamesColumns>,
}

/// Where an unfinished run starts.
pub struct Start {
    /// The first game to play.
    pub next: u64,
    /// The totals of the games before it, one per part.
    pub totals: Vec<Totals>,
    /// The run was whole already: an interrupted finish was completed,
    /// nothing is left to play. Then `next` is the games played.
    pub finished: Option<Finished>,
    /// One-line notes for the user: a partial file of an interrupted run
    /// that saved nothing, replaced; the games `--resume` found done.
    pub notes: Vec<String>,
}

/// A run whose interrupted finish `--resume` completed.
pub struct Finished {
    /// Whether a sequential test had stopped it.
    pub stopped: bool,
}

/// Which fresh start [`RunFiles::create`] makes (for its notes).
#[derive(Clone, Copy)]
enum Fresh {
    /// The plain command.
    Plain,
    /// `--resume` that found no checkpoint, only partial files that saved
    /// nothing.
    Resume,
}

/// The finishing checkpoint's record of output `label`.
fn finishing_check<'a>(
    finishing: &'a Finishing,
    label: &str,
) -> Result<&'a FileCheck, RunFilesError> {
    finishing
        .files
        .iter()
        .find(|c| c.output == label)
        .ok_or_else(|| RunFilesError::NoFinishingCheck {
            label: label.to_string(),
        })
}

/// Whether the file at `path` is output `label` as the finishing
/// checkpoint recorded it (`check`).
fn verify_finishing(label: &str, check: &FileCheck, path: &Path) -> Result<(), RunFilesError> {
    let read = check_file(path, check).map_err(|source| RunFilesError::ReadFinishing {
        label: label.to_string(),
        path: path.to_path_buf(),
        source,
    })?;
    match read {
        None => Ok(()),
        Some(difference) => Err(RunFilesError::NotFinishingFile {
            label: label.to_string(),
            path: path.to_path_buf(),
            difference,
        }),
    }
}

fn canonical_name(r: &Resolved) -> String {
    r.target()
        .unwrap_or_else(|| r.given())
        .display()
        .to_string()
}

/// The outputs part of a [`RunDescription`]: `(option, canonical path)`.
pub fn describe_outputs(resolved: &[Resolved]) -> Vec<(String, String)> {
    resolved
        .iter()
        .map(|r| (r.label().to_string(), canonical_name(r)))
        .collect()
}

impl RunFiles {
    /// Open the outputs of a run described by `description`: `streamed`
    /// outputs get the chunks in order, `at_end` ones are written by
    /// [`RunFiles::finish`]. Fresh (`resume` false): every partial file is
    /// created new (an existing one is an error: it may be an interrupted
    /// run's). Resumed: the checkpoint must exist and describe the same
    /// run; the partial files are cut back to it. With `parquet_out`,
    /// `--out` is written as Parquet of those columns: its partial file
    /// holds the CSV text as for a CSV output, converted when the run is
    /// whole ([`crate::files::parquet_out`]).
    pub fn open(
        description: RunDescription,
        streamed: Vec<Resolved>,
        at_end: Vec<Resolved>,
        resume: bool,
        totals: Vec<Totals>,
        folder: Option<&Path>,
        parquet_out: Option<GamesColumns>,
    ) -> Result<(RunFiles, Start), RunFilesError> {
        let all: Vec<(Resolved, bool)> = streamed
            .into_iter()
            .map(|r| (r, false))
            .chain(at_end.into_iter().map(|r| (r, true)))
            .collect();
        let primary = ["--out", "--record", "--summary"]
            .iter()
            .find_map(|label| {
                all.iter()
                    .find(|(r, _)| r.label() == *label)
                    .and_then(|(r, _)| r.target())
            })
            .map(Path::to_path_buf);
        let resumable = primary.is_some() && all.iter().all(|(r, _)| r.target().is_some());
        let home = match (folder, primary.as_deref()) {
            (Some(dir), _) => Some(RunHome::Folder(dir)),
            (None, Some(p)) => Some(RunHome::Beside(p)),
            (None, None) => None,
        };
        let checkpoint = home.filter(|_| resumable).map(RunHome::checkpoint);
        let manifest = home.map(RunHome::manifest);
        let mut files = RunFiles {
            outputs: Vec::new(),
            checkpoint,
            manifest,
            description,
            last_checkpoint: Instant::now(),
            every: CHECKPOINT_EVERY,
            timing: Timing::default(),
            started: Instant::now(),
            parquet_out,
        };
        let start = if resume {
            files.resume(all, totals)?
        } else {
            let notes = files.create(all, Fresh::Plain)?;
            Start {
                next: 0,
                totals,
                finished: None,
                notes,
            }
        };
        Ok((files, start))
    }

    /// The output `r` (written at the end when `at_end`), nothing written.
    fn new_output(&self, r: &Resolved, at_end: bool) -> Output {
        let target = r.target().map(Path::to_path_buf);
        let partial = target.as_deref().map(|t| with_suffix(t, ".partial"));
        let mut output = Output::new(
            r.label().to_string(),
            r.given().to_path_buf(),
            target,
            partial,
            at_end,
        );
        if r.label() == "--out" && !at_end {
            output.parquet = self.parquet_out.clone();
        }
        output
    }

    fn create(
        &mut self,
        all: Vec<(Resolved, bool)>,
        fresh: Fresh,
    ) -> Result<Vec<String>, RunFilesError> {
        if let Some(c) = &self.checkpoint
            && c.exists()
        {
            // A live run's checkpoint: say so, not "resume it".
            for (r, at_end) in &all {
                if let (false, Some(target)) = (at_end, r.target()) {
                    refuse_if_live(r.label(), &with_suffix(target, ".partial"))?;
                }
            }
            return Err(RunFilesError::CheckpointExists {
                checkpoint: c.clone(),
            });
        }
        let mut notes = Vec::new();
        let mut created: Vec<PathBuf> = Vec::new();
        let result = self.create_outputs(all, fresh, &mut notes, &mut created);
        if result.is_err() {
            // Remove the partial files this run created before the error.
            for path in created {
                let _ = fs::remove_file(&path);
            }
            self.outputs.clear();
        }
        result.map(|()| notes)
    }

    fn create_outputs(
        &mut self,
        all: Vec<(Resolved, bool)>,
        fresh: Fresh,
        notes: &mut Vec<String>,
        created: &mut Vec<PathBuf>,
    ) -> Result<(), RunFilesError> {
        for (r, at_end) in all {
            let mut output = self.new_output(&r, at_end);
            if at_end {
                self.outputs.push(output);
                continue;
            }
            let file = match &output.partial {
                Some(partial) => {
                    let (file, claimed, locked) = claim(&output, partial, r.mode())?;
                    match claimed {
                        Claimed::New => created.push(partial.clone()),
                        Claimed::Stale => notes.push(match fresh {
                            Fresh::Plain => format!(
                                "{}: replacing `{}`: an interrupted run left it with no \
                                 checkpoint (it had saved no game)",
                                output.label,
                                one_line_path(partial)
                            ),
                            Fresh::Resume => format!(
                                "--resume: no checkpoint covers `{}` (the interrupted run had \
                                 saved no game): starting afresh",
                                one_line_path(partial)
                            ),
                        }),
                    }
                    if locked {
                        output.lock = Some(file.try_clone().map_err(|e| output.cannot(e))?);
                    }
                    if self.checkpoint.is_none() {
                        // Not resumable: a forced exit removes it.
                        interrupt::temp_files().push(partial.clone());
                    } else {
                        interrupt::set_resumable();
                    }
                    file
                }
                None => OpenOptions::new()
                    .write(true)
                    .open(&output.given)
                    .map_err(|e| output.cannot(e))?,
            };
            output.writer = Some(BufWriter::with_capacity(64 << 10, file));
            self.outputs.push(output);
        }
        Ok(())
    }

    /// Check a checkpoint's counts against the run (its description is
    /// this run's): `next` within the shard's games, one total per part,
    /// each counting exactly its part's games among `0..next`.
    fn check_counts(&self, checkpoint: &Checkpoint) -> Result<(), Inconsistent> {
        let d = &self.description;
        let total = Layout::new(&d.plan, d.shard).games();
        if checkpoint.next > total {
            return Err(Inconsistent::TooManyGames {
                next: checkpoint.next,
                total,
            });
        }
        if checkpoint.totals.len() != d.plan.parts.len() {
            return Err(Inconsistent::TotalsPerPart {
                totals: checkpoint.totals.len(),
                parts: d.plan.parts.len(),
            });
        }
        let mut start = 0u64;
        for (i, (part, totals)) in d.plan.parts.iter().zip(&checkpoint.totals).enumerate() {
            let games = d.shard.games(&part.run);
            let done = checkpoint.next.saturating_sub(start).min(games);
            totals
                .validate(&part.run, done)
                .map_err(|error| Inconsistent::Part { index: i, error })?;
            start += games;
        }
        if let Some(f) = &checkpoint.finishing
            && f.stopped.is_none()
            && checkpoint.next != total
        {
            return Err(Inconsistent::EarlyFinish {
                next: checkpoint.next,
                total,
            });
        }
        Ok(())
    }

    /// Checkpoint at most every `every` (zero: after every chunk).
    pub fn set_checkpoint_every(&mut self, every: Duration) {
        self.every = every;
    }

    /// Append `bytes` to the streamed output `label`, if it is open.
    pub fn append(&mut self, label: &str, bytes: &[u8]) -> Result<(), RunFilesError> {
        if bytes.is_empty() {
            return Ok(());
        }
        if let Some(o) = self.outputs.iter_mut().find(|o| o.label == label)
            && let Some(w) = o.writer.as_mut()
        {
            w.write_all(bytes).map_err(|source| OutputError::Write {
                label: o.label.clone(),
                path: o.given.clone(),
                source,
            })?;
            o.hasher.update(bytes);
            o.bytes += bytes.len() as u64;
            o.unsynced += bytes.len() as u64;
            o.maybe_start_writeback()?;
        }
        Ok(())
    }

    /// Whether the streamed output `label` is open.
    pub fn has(&self, label: &str) -> bool {
        self.outputs
            .iter()
            .any(|o| o.label == label && o.writer.is_some())
    }

    /// Whether this is a fresh output (nothing written to it yet).
    pub fn is_empty(&self, label: &str) -> bool {
        self.outputs
            .iter()
            .find(|o| o.label == label)
            .is_none_or(|o| o.bytes == 0)
    }

    fn flush(&mut self) -> Result<(), OutputError> {
        for o in &mut self.outputs {
            if let Some(w) = o.writer.as_mut() {
                w.flush().map_err(|source| OutputError::Write {
                    label: o.label.clone(),
                    path: o.given.clone(),
                    source,
                })?;
            }
        }
        Ok(())
    }

    fn timing_now(&self, threads: usize) -> Timing {
        Timing {
            seconds: self.timing.seconds + self.started.elapsed().as_secs_f64(),
            sessions: self.timing.sessions.saturating_add(1),
            threads,
        }
    }

    /// Record that games `0..next` (with `totals`) are complete in the
    /// files: flush them and replace the checkpoint. Unless `force`, at
    /// most every [`CHECKPOINT_EVERY`].
    pub fn checkpoint(
        &mut self,
        next: u64,
        totals: &[Totals],
        threads: usize,
        force: bool,
    ) -> Result<(), RunFilesError> {
        let Some(path) = self.checkpoint.clone() else {
            return Ok(());
        };
        if !force && self.last_checkpoint.elapsed() < self.every {
            return Ok(());
        }
        self.flush()?;
        let checkpoint = Checkpoint {
            checkpoint: MANIFEST_FORMAT,
            description: self.description.clone(),
            next,
            bytes: self
                .outputs
                .iter()
                .filter(|o| !o.at_end)
                .map(|o| (o.label.clone(), o.bytes))
                .collect(),
            hashes: self
                .outputs
                .iter()
                .filter(|o| !o.at_end)
                .map(|o| (o.label.clone(), hex(o.hasher.digest())))
                .collect(),
            totals: totals.to_vec(),
            timing: self.timing_now(threads),
            finishing: None,
        };
        write_json_atomically(&path, &checkpoint).map_err(|source| {
            RunFilesError::WriteCheckpoint {
                path: path.clone(),
                source,
            }
        })?;
        self.last_checkpoint = Instant::now();
        if next > 0 {
            failpoint("mid-run-checkpoint");
        }
        Ok(())
    }

    /// The run is whole: write the `at_end` outputs (`contents` by option
    /// name), sync every partial file, record in the checkpoint that the
    /// run is finishing (with each file's length and hash), rename the
    /// partial files to their final names, write the manifest and remove
    /// the checkpoint. Interrupted after the finishing checkpoint is
    /// written, `--resume` completes these steps ([`RunFiles::open`]).
    /// On an error before it the files stay as they were (see
    /// [`RunFiles::abandon`]).
    pub fn finish(
        &mut self,
        contents: &[(&str, Vec<u8>)],
        games: u64,
        stopped: Option<String>,
        totals: &[Totals],
        threads: usize,
    ) -> Result<(), RunFilesError> {
        self.flush()?;
        for o in &mut self.outputs {
            if !o.at_end {
                continue;
            }
            let bytes = contents
                .iter()
                .find(|(l, _)| *l == o.label)
                .map(|(_, b)| b.as_slice())
                .unwrap_or_default();
            let path = o.partial.clone().unwrap_or_else(|| o.given.clone());
            let mut file = OpenOptions::new()
                .write(true)
                .create(true)
                .truncate(o.partial.is_some())
                .open(&path)
                .map_err(|e| o.cannot(e))?;
            file.write_all(bytes).map_err(|e| o.cannot(e))?;
            o.hasher.update(bytes);
            o.bytes += bytes.len() as u64;
            o.writer = Some(BufWriter::new(file));
        }
        for o in &mut self.outputs {
            o.join_writeback()?;
            if let Some(w) = o.writer.take() {
                let file = w.into_inner().map_err(|e| o.cannot(e.into_error()))?;
                if o.partial.is_some() {
                    file.sync_all().map_err(|e| o.cannot(e))?;
                }
            }
        }
        // A Parquet output: its CSV text converted; the length and hash the
        // finishing checkpoint and the manifest record are the Parquet
        // file's.
        for o in &mut self.outputs {
            if let (Some(columns), Some(partial), Some(target)) =
                (&o.parquet, &o.partial, &o.target)
            {
                let converted = parquet_out::convert(&o.label, &o.given, partial, target, columns)?;
                o.bytes = converted.bytes;
                o.hasher = converted.hasher.clone();
                o.converted = Some(converted);
            }
        }
        let files: Vec<FileCheck> = self
            .outputs
            .iter()
            .filter(|o| o.target.is_some())
            .map(|o| FileCheck {
                output: o.label.clone(),
                bytes: o.bytes,
                xxh3: hex(o.hasher.digest()),
            })
            .collect();
        let checkpoint = Checkpoint {
            checkpoint: MANIFEST_FORMAT,
            description: self.description.clone(),
            next: games,
            bytes: Vec::new(),
            hashes: Vec::new(),
            totals: totals.to_vec(),
            timing: self.timing_now(threads),
            finishing: Some(Finishing { stopped, files }),
        };
        if let Some(path) = &self.checkpoint {
            write_json_atomically(path, &checkpoint).map_err(|source| {
                RunFilesError::WriteCheckpoint {
                    path: path.clone(),
                    source,
                }
            })?;
            failpoint("finish-checkpoint");
        }
        let finishing = checkpoint.finishing.as_ref().expect("just set");
        self.complete_finish(&checkpoint, finishing, false)
    }

    /// The steps of finishing after the finishing checkpoint: rename each
    /// partial file not yet renamed (one already renamed must be whole:
    /// the length and hash recorded for it), write the manifest and
    /// remove the checkpoint. Doing them again after an interruption
    /// gives the same files.
    fn complete_finish(
        &mut self,
        checkpoint: &Checkpoint,
        finishing: &Finishing,
        resuming: bool,
    ) -> Result<(), RunFilesError> {
        self.finish_parquet(finishing, resuming)?;
        let mut registry = interrupt::temp_files();
        for (k, o) in self.outputs.iter().enumerate() {
            let (Some(partial), Some(target)) = (&o.partial, &o.target) else {
                continue;
            };
            if o.parquet.is_some() {
                continue;
            }
            let check = finishing_check(finishing, &o.label)?;
            let verify = |path: &Path| verify_finishing(&o.label, check, path);
            if partial.exists() {
                if resuming {
                    // The partial file must be as it was synced.
                    verify(partial)?;
                }
                fs::rename(partial, target).map_err(|e| o.cannot(e))?;
                interrupt::forget(&mut registry, partial);
                failpoint(&format!("after-rename-{}", k + 1));
            } else {
                // Renamed before the interruption.
                verify(target)?;
            }
        }
        drop(registry);
        if let Some(path) = &self.manifest {
            let manifest = Manifest {
                manifest: MANIFEST_FORMAT,
                description: self.description.clone(),
                games: checkpoint.next,
                stopped: finishing.stopped.clone(),
                totals: checkpoint.totals.clone(),
                timing: checkpoint.timing.clone(),
                files: finishing.files.clone(),
                criterion: None,
                plan: None,
            };
            write_manifest(path, &manifest).map_err(|source| RunFilesError::WriteManifest {
                path: path.clone(),
                source,
            })?;
            failpoint("after-manifest");
        }
        if let Some(path) = &self.checkpoint {
            let _ = fs::remove_file(path);
            let _ = fs::remove_file(with_suffix(path, ".tmp"));
        }
        Ok(())
    }

    /// The Parquet outputs' step of [`RunFiles::complete_finish`]: while
    /// the CSV partial file exists, its Parquet file (converted by
    /// [`RunFiles::finish`], or again when `resuming`: the same bytes, which
    /// must be those the finishing checkpoint records) is renamed into
    /// place, then the partial file removed; once it is gone, the file in
    /// place must be the one recorded.
    fn finish_parquet(
        &mut self,
        finishing: &Finishing,
        resuming: bool,
    ) -> Result<(), RunFilesError> {
        for (k, o) in self.outputs.iter_mut().enumerate() {
            let (Some(columns), Some(partial), Some(target)) = (&o.parquet, &o.partial, &o.target)
            else {
                continue;
            };
            let check = finishing_check(finishing, &o.label)?;
            let verify = |path: &Path| verify_finishing(&o.label, check, path);
            if !partial.exists() {
                // Renamed, and the CSV removed, before the interruption.
                verify(target)?;
                continue;
            }
            let converted = match o.converted.take() {
                Some(c) => c,
                None => parquet_out::convert(&o.label, &o.given, partial, target, columns)?,
            };
            if resuming
                && (converted.bytes != check.bytes || hex(converted.hasher.digest()) != check.xxh3)
            {
                return Err(RunFilesError::NotFinishingFile {
                    label: o.label.clone(),
                    path: partial.clone(),
                    difference: format!(
                        "its Parquet file would be {} bytes of hash {}, the finishing run's {} \
                         bytes of hash {}",
                        converted.bytes,
                        hex(converted.hasher.digest()),
                        check.bytes,
                        check.xxh3
                    ),
                });
            }
            converted.persist(target).map_err(|e| o.cannot(e))?;
            failpoint(&format!("after-rename-{}", k + 1));
            remove_csv_partial(partial).map_err(|e| o.cannot(e))?;
            interrupt::forget(&mut interrupt::temp_files(), partial);
        }
        Ok(())
    }

    /// The run stopped unfinished (interrupted, or an error while
    /// playing). A resumable run keeps its partial files and checkpoint
    /// and returns how to continue; otherwise the partial files are removed.
    pub fn abandon(&mut self) -> Option<KeptFiles> {
        let _ = self.flush();
        for o in &mut self.outputs {
            let _ = o.join_writeback();
        }
        if let Some(path) = &self.checkpoint {
            let partials = self
                .outputs
                .iter()
                .filter_map(|o| o.partial.as_ref())
                .filter(|p| p.exists())
                .cloned()
                .collect();
            return Some(KeptFiles {
                partials,
                checkpoint: path.clone(),
            });
        }
        let mut registry = interrupt::temp_files();
        for o in &mut self.outputs {
            o.writer = None;
            if let Some(p) = &o.partial {
                let _ = fs::remove_file(p);
                interrupt::forget(&mut registry, p);
            }
        }
        None
    }
}
