//! `--resume`: a run's outputs taken over from the checkpoint of an
//! interrupted run (see [`super`]): the checkpoint read and checked
//! against this run, each partial file checked against the length and hash
//! the checkpoint recorded and cut to them, or an ended run's files
//! finished.

use super::*;

use crate::manifest::Checkpoint;

impl RunFiles {
    /// Resume the run from its checkpoint: `all` its outputs (each with
    /// whether it is written at the end only), `totals` the totals of a run
    /// started afresh (when the checkpoint was never written but partial
    /// files were).
    pub(super) fn resume(
        &mut self,
        all: Vec<(Resolved, bool)>,
        totals: Vec<Totals>,
    ) -> Result<Start, RunFilesError> {
        let Some(path) = self.checkpoint.clone() else {
            return Err(RunFilesError::NotResumable);
        };
        let Some(checkpoint) = read_checkpoint(&path)? else {
            // Killed before its first checkpoint: partial files that
            // saved nothing (unless a live run holds them).
            let left = all.iter().any(|(r, at_end)| {
                !at_end
                    && r.target()
                        .is_some_and(|t| with_suffix(t, ".partial").exists())
            });
            if left {
                let notes = self.create(all, Fresh::Resume)?;
                return Ok(Start {
                    next: 0,
                    totals,
                    finished: None,
                    notes,
                });
            }
            return Err(RunFilesError::NothingToResume { checkpoint: path });
        };
        self.check_same_run(&checkpoint, &path)?;
        self.check_counts(&checkpoint)
            .map_err(|what| RunFilesError::Damaged {
                checkpoint: path.clone(),
                what,
            })?;
        self.timing = checkpoint.timing.clone();
        if let Some(finishing) = &checkpoint.finishing {
            let outputs = all
                .into_iter()
                .map(|(r, at_end)| self.new_output(&r, at_end))
                .collect();
            self.outputs = outputs;
            for o in &mut self.outputs {
                let Some(partial) = &o.partial else { continue };
                if let Ok(file) = open_regular_for_writing(partial) {
                    o.lock = lock_to_resume(&o.label, partial, &file)?;
                }
            }
            self.complete_finish(&checkpoint, finishing, true)?;
            return Ok(Start {
                next: checkpoint.next,
                totals: checkpoint.totals,
                finished: Some(Finished {
                    stopped: finishing.stopped.is_some(),
                }),
                notes: vec![format!(
                    "--resume: the run had ended after {} games; its files are now finished",
                    checkpoint.next
                )],
            });
        }
        for (r, at_end) in all {
            let mut output = self.new_output(&r, at_end);
            if !at_end {
                reopen_partial(&mut output, &checkpoint, &path)?;
            }
            self.outputs.push(output);
        }
        interrupt::set_resumable();
        let total = Layout::new(&self.description.plan, self.description.shard).games();
        Ok(Start {
            next: checkpoint.next,
            totals: checkpoint.totals,
            finished: None,
            notes: vec![format!(
                "--resume: {} of {total} games were already done; playing the other {}",
                checkpoint.next,
                total - checkpoint.next
            )],
        })
    }

    /// The checkpoint at `path` is of this run: an error naming a game
    /// spec's file edited since, or the first field of the description
    /// that differs.
    fn check_same_run(&self, checkpoint: &Checkpoint, path: &Path) -> Result<(), RunFilesError> {
        if checkpoint.description == self.description {
            return Ok(());
        }
        // A file a game spec names (its hash is in the canonical spec)
        // was edited since the run started: say so.
        let (before, now) = (&checkpoint.description.plan, &self.description.plan);
        if let Some(change) = before
            .parts
            .iter()
            .zip(&now.parts)
            .find_map(|(b, n)| beachcomber::spec_files::changed_file(&b.run.game, &n.run.game))
        {
            return Err(RunFilesError::EditedFile { change });
        }
        let there = serde_json::to_value(&checkpoint.description).unwrap_or(Value::Null);
        let here = serde_json::to_value(&self.description).unwrap_or(Value::Null);
        let difference = first_difference(&there, &here, "")
            .unwrap_or_else(|| "the run description".to_string());
        Err(RunFilesError::Differs {
            difference,
            checkpoint: path.to_path_buf(),
        })
    }
}

/// The checkpoint at `path`, or `None` when there is none; an error for
/// one that cannot be read or is not a checkpoint.
fn read_checkpoint(path: &Path) -> Result<Option<Checkpoint>, RunFilesError> {
    match Checkpoint::read(path) {
        Ok(c) => Ok(Some(c)),
        Err(ReadError::Io(e)) if e.kind() == io::ErrorKind::NotFound => Ok(None),
        Err(ReadError::Io(source)) => Err(RunFilesError::ReadCheckpoint {
            checkpoint: path.to_path_buf(),
            source,
        }),
        Err(error @ ReadError::Format { .. }) => Err(RunFilesError::CheckpointFormat {
            checkpoint: path.to_path_buf(),
            error,
        }),
        Err(error) => Err(RunFilesError::NotACheckpoint {
            checkpoint: path.to_path_buf(),
            error,
        }),
    }
}

/// Take over `output`'s partial file (streamed, of a resumable run) under
/// its lock: it must hold at least the length the checkpoint (at `path`)
/// recorded, with the recorded hash up to it; it is cut there and written
/// on from its end.
fn reopen_partial(
    output: &mut Output,
    checkpoint: &Checkpoint,
    path: &Path,
) -> Result<(), RunFilesError> {
    let partial = output
        .partial
        .clone()
        .expect("a resumable run has regular outputs");
    let find = |label: &str| {
        let want = checkpoint.bytes.iter().find(|(l, _)| l == label);
        let hash = checkpoint.hashes.iter().find(|(l, _)| l == label);
        want.zip(hash).map(|((_, b), (_, h))| (*b, h.clone()))
    };
    let (want, hash) = find(&output.label).ok_or_else(|| RunFilesError::Damaged {
        checkpoint: path.to_path_buf(),
        what: Inconsistent::NoLength {
            label: output.label.clone(),
        },
    })?;
    let mut file =
        open_regular_for_writing(&partial).map_err(|source| RunFilesError::OpenPartial {
            partial: partial.clone(),
            source,
        })?;
    output.lock = lock_to_resume(&output.label, &partial, &file)?;
    let have = file.metadata().map_err(|e| output.cannot(e))?.len();
    let changed = || RunFilesError::PartialLength {
        partial: partial.clone(),
        have,
        want,
    };
    if have < want {
        return Err(changed());
    }
    let (length, hasher) = hash_file(&partial, Some(want)).map_err(|e| output.cannot(e))?;
    if length != want {
        return Err(changed());
    }
    if hex(hasher.digest()) != hash {
        return Err(RunFilesError::PartialHash { partial, want });
    }
    file.set_len(want).map_err(|e| output.cannot(e))?;
    file.seek(SeekFrom::End(0)).map_err(|e| output.cannot(e))?;
    output.bytes = want;
    output.hasher = hasher;
    output.writer = Some(BufWriter::with_capacity(64 << 10, file));
    Ok(())
}
