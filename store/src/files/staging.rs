//! A study's folder changes whole or not at all (docs/experiments.md): a
//! run of an experiment file writes into a staging folder beside its
//! results folder (`results/.NAME.staging/` for `results/NAME/`), and only
//! once everything is written (the CSVs, the manifest, the figures,
//! summary.md) is the staging folder exchanged with the old one in one
//! rename (`renameat2` with `RENAME_EXCHANGE`). An interrupted or failed
//! run leaves the old folder as it was, and its own files (the checkpoint
//! included) in the staging folder, where `--resume` continues.
//!
//! What the old folder holds besides a run's own files (a README.md, a
//! script) is kept: hard-linked into the staging folder before the
//! exchange (a folder is moved after it). A run's own files (the names of
//! [`crate::files::names`], a search's, the figures of the file's plots)
//! are not carried: a file the new run did not write (a `confirm.csv`
//! without `confirm` now) would mislead beside its results.

use std::ffi::OsString;
use std::fs;
use std::io;
use std::os::unix::fs::{DirBuilderExt, PermissionsExt};
use std::path::{Path, PathBuf};

use beachcomber::spec::one_line_path;

use crate::files::names;
use crate::manifest::{Manifest, failpoint, write_json_atomically};

/// What the staging folder's name adds to the results folder's
/// (`.NAME.staging`).
pub const STAGING_SUFFIX: &str = ".staging";

/// The files and folders a run writes in a results folder, besides the
/// figures its file names: never carried from the old folder into the new.
pub const RUN_FILES: &[&str] = &[
    names::GAMES_FILE,
    names::GAMES_PARQUET_FILE,
    names::METRICS_FILE,
    names::COMPARE_FILE,
    names::TRENDS_FILE,
    names::SKILL_FILE,
    names::CONFIRM_FILE,
    names::CONFIRM_DIR,
    names::RECORDS_FILE,
    names::RATINGS_FILE,
    names::PAIRS_FILE,
    names::SPEED_FILE,
    names::SUMMARY_MD,
    names::MANIFEST_FILE,
    names::CHECKPOINT_FILE,
    names::CANDIDATES_FILE,
    names::ROUNDS_FILE,
    names::FRONT_FILE,
    names::ROUNDS_DIR,
    "front.svg",
    "rounds.svg",
];

/// Why a results folder cannot be staged or swapped.
#[derive(Debug, thiserror::Error)]
pub enum StagingError {
    /// The results folder names no folder to stage beside.
    #[error(
        "`{}` names no folder a staging folder can be made beside: give --out DIR",
        one_line_path(.0)
    )]
    NoName(PathBuf),
    /// The results folder (or the staging folder) is there and is not a
    /// folder.
    #[error("`{}` is not a folder", one_line_path(.0))]
    NotAFolder(PathBuf),
    /// A manifest of the staging folder cannot be read back.
    #[error("cannot read `{}`: {error}", one_line_path(.path))]
    Manifest {
        /// The manifest.
        path: PathBuf,
        /// Why.
        error: crate::manifest::ReadError,
    },
    /// A file system call failed.
    #[error("cannot {what} `{}`: {source}", one_line_path(.path))]
    Io {
        /// What was being done (`create the staging folder`).
        what: &'static str,
        /// The path it was done to.
        path: PathBuf,
        /// What failed.
        source: io::Error,
    },
}

/// A run's results folder and where the run writes.
#[derive(Debug)]
pub struct Staging {
    /// The results folder (symbolic links resolved).
    target: PathBuf,
    /// Where the run writes: the staging folder, or the results folder
    /// itself (`--resume` of a run that has no staging folder).
    work: PathBuf,
}

/// The results folder `dir` names (its link followed, when it is a
/// symbolic link, or a name such as `.`) and its staging folder beside it.
pub fn staging_folder(dir: &Path) -> Result<(PathBuf, PathBuf), StagingError> {
    let is_link = dir
        .symlink_metadata()
        .is_ok_and(|m| m.file_type().is_symlink());
    let named = matches!(
        dir.components().next_back(),
        Some(std::path::Component::Normal(_))
    );
    let target = if is_link || !named {
        dir.canonicalize().map_err(|source| StagingError::Io {
            what: "resolve",
            path: dir.to_path_buf(),
            source,
        })?
    } else {
        dir.to_path_buf()
    };
    let Some(name) = target.file_name() else {
        return Err(StagingError::NoName(dir.to_path_buf()));
    };
    let mut staged = OsString::from(".");
    staged.push(name);
    staged.push(STAGING_SUFFIX);
    let staging = target.with_file_name(staged);
    Ok((target, staging))
}

impl Staging {
    /// Begin a run whose results go to `dir`: it writes into the staging
    /// folder (made now, private as the results folder is when it exists:
    /// the same mode), except a `resume` without a staging folder, which
    /// continues in `dir` itself (a run finished before it, given more to
    /// do, or one interrupted by a beachcomber without staging). A staging
    /// folder an interrupted run left is used again: a fresh run refuses
    /// its checkpoint as it would in the folder itself.
    pub fn begin(dir: &Path, resume: bool) -> Result<Staging, StagingError> {
        let (target, staging) = staging_folder(dir)?;
        let target_meta = fs::metadata(&target).ok();
        if target_meta.as_ref().is_some_and(|m| !m.is_dir()) {
            return Err(StagingError::NotAFolder(target));
        }
        match staging.symlink_metadata() {
            Ok(m) if m.is_dir() => {}
            Ok(_) => return Err(StagingError::NotAFolder(staging)),
            Err(_) if resume => {
                return Ok(Staging {
                    work: target.clone(),
                    target,
                });
            }
            Err(_) => {
                let parent = staging.parent().unwrap_or(Path::new("."));
                if !parent.as_os_str().is_empty() {
                    fs::create_dir_all(parent).map_err(|source| StagingError::Io {
                        what: "create the folder",
                        path: parent.to_path_buf(),
                        source,
                    })?;
                }
                let mode = target_meta.map_or(0o777, |m| m.permissions().mode() & 0o7777);
                fs::DirBuilder::new()
                    .mode(mode)
                    .create(&staging)
                    .map_err(|source| StagingError::Io {
                        what: "create the staging folder",
                        path: staging.clone(),
                        source,
                    })?;
            }
        }
        Ok(Staging {
            target,
            work: staging,
        })
    }

    /// Where the run writes its files.
    pub fn work(&self) -> &Path {
        &self.work
    }

    /// Whether the run writes into a staging folder (else into the results
    /// folder itself).
    pub fn is_staged(&self) -> bool {
        self.work != self.target
    }

    /// Put the finished run in place: the old folder's other files carried
    /// into the staging folder (`own`: the run's figures, by their first
    /// path component, not carried, nor [`RUN_FILES`]), then the two folders exchanged in one rename, and
    /// the old one removed. Nothing when the run wrote in place.
    pub fn commit(self, own: &[String]) -> Result<(), StagingError> {
        if !self.is_staged() {
            return Ok(());
        }
        failpoint("before-swap");
        let io = |what, path: &Path| {
            let path = path.to_path_buf();
            move |source| StagingError::Io { what, path, source }
        };
        repoint(&self.work, &self.target)?;
        let mut later = Vec::new();
        let exists = self.target.symlink_metadata().is_ok();
        if exists {
            for entry in fs::read_dir(&self.target).map_err(io("read", &self.target))? {
                let entry = entry.map_err(io("read", &self.target))?;
                let name = entry.file_name();
                let text = name.to_string_lossy();
                let owned = RUN_FILES.contains(&text.as_ref())
                    || own
                        .iter()
                        .any(|f| Path::new(f).iter().next() == Some(name.as_os_str()))
                    || text.ends_with(".partial");
                let new = self.work.join(&name);
                if owned || new.symlink_metadata().is_ok() {
                    continue;
                }
                let is_dir = entry.file_type().is_ok_and(|t| t.is_dir());
                if is_dir || fs::hard_link(entry.path(), &new).is_err() {
                    later.push(name);
                }
            }
            exchange(&self.work, &self.target)?;
        } else {
            fs::rename(&self.work, &self.target).map_err(io("rename", &self.work))?;
        }
        failpoint("after-swap");
        // `work` now holds the old folder.
        for name in later {
            let from = self.work.join(&name);
            fs::rename(&from, self.target.join(&name)).map_err(io("move", &from))?;
        }
        if exists {
            fs::remove_dir_all(&self.work).map_err(io("remove the old folder", &self.work))?;
        }
        Ok(())
    }
}

/// The manifests in the staging folder `work` (its own, its
/// confirmation's, a search's rounds') name their outputs by their paths
/// there: repointed to the results folder `target`, where they will be.
fn repoint(work: &Path, target: &Path) -> Result<(), StagingError> {
    let io = |what, path: &Path| {
        let path = path.to_path_buf();
        move |source| StagingError::Io { what, path, source }
    };
    let from = work.canonicalize().map_err(io("resolve", work))?;
    let to = match target.canonicalize() {
        Ok(to) => to,
        Err(_) => {
            let parent = target.parent().filter(|p| !p.as_os_str().is_empty());
            let parent = parent.unwrap_or(Path::new("."));
            let name = target.file_name().unwrap_or_default();
            parent
                .canonicalize()
                .map_err(io("resolve", parent))?
                .join(name)
        }
    };
    let mut manifests = vec![
        work.join(names::MANIFEST_FILE),
        work.join(names::CONFIRM_DIR).join(names::MANIFEST_FILE),
    ];
    if let Ok(rounds) = fs::read_dir(work.join(names::ROUNDS_DIR)) {
        for round in rounds.flatten() {
            manifests.push(round.path().join(names::MANIFEST_FILE));
        }
    }
    for path in manifests.iter().filter(|p| p.is_file()) {
        let mut manifest = Manifest::read(path).map_err(|error| StagingError::Manifest {
            path: path.clone(),
            error,
        })?;
        let mut changed = false;
        for (_, output) in &mut manifest.description.outputs {
            if let Ok(rest) = Path::new(output.as_str()).strip_prefix(&from) {
                *output = to.join(rest).display().to_string();
                changed = true;
            }
        }
        if changed {
            write_json_atomically(path, &manifest).map_err(io("write", path))?;
        }
    }
    Ok(())
}

/// Exchange the folders `a` and `b` in one rename; where the file system
/// cannot (`EINVAL`: no `RENAME_EXCHANGE`), `b` is moved aside, `a` into
/// its place, and the old `b` to `a`.
fn exchange(a: &Path, b: &Path) -> Result<(), StagingError> {
    use rustix::fs::{CWD, RenameFlags, renameat_with};
    match renameat_with(CWD, a, CWD, b, RenameFlags::EXCHANGE) {
        Ok(()) => return Ok(()),
        Err(e) if e != rustix::io::Errno::INVAL && e != rustix::io::Errno::NOSYS => {
            return Err(StagingError::Io {
                what: "exchange the staging folder with",
                path: b.to_path_buf(),
                source: e.into(),
            });
        }
        Err(_) => {}
    }
    let mut aside = OsString::from(a.as_os_str());
    aside.push(".old");
    let aside = PathBuf::from(aside);
    let io = |what, path: &Path| {
        let path = path.to_path_buf();
        move |source| StagingError::Io { what, path, source }
    };
    fs::rename(b, &aside).map_err(io("move aside", b))?;
    fs::rename(a, b).map_err(io("rename", a))?;
    fs::rename(&aside, a).map_err(io("rename", &aside))
}

#[cfg(test)]
#[path = "staging_tests.rs"]
mod tests;
