//! Output files that appear whole or not at all.
//!
//! Each output path is checked and resolved before anything is played
//! ([`resolve_outputs`]):
//! - a path whose folder is missing or is not a folder, or that is itself a
//!   directory, is refused;
//! - two outputs that are the same file (also through symlinks or hard
//!   links), or an output that is one of the command's input files, are
//!   refused (a device such as `/dev/null` may be given twice);
//! - a symlink is followed: its target is written (the link stays);
//! - a special file (a device such as `/dev/null`, a FIFO, a socket) and any
//!   path under `/dev/` or `/proc/` (`/dev/stdout`) is written directly: no
//!   temporary file, no rename.
//!
//! A regular file is written to a temporary file created exclusively, with
//! an unpredictable name (`.NAME.XXXXXX.partial`), in the target's folder
//! (the resolved one, so that the rename stays in one file system); a
//! replaced file keeps its permissions. A record output may be compressed
//! ([`AtomicFile::compressed`]). [`commit_all`] first finishes every
//! write (flush, end of the compressed stream, sync) of every output, and
//! only then renames the temporary
//! files into place one after the other, so an error while writing leaves
//! none of the outputs. Remaining window: if a rename itself fails (rare: it
//! stays in one folder), the outputs renamed before it stay in place; the
//! error names them. Dropped without a commit (an error, Ctrl-C) an
//! [`AtomicFile`] removes its temporary file; a forced exit (a second
//! Ctrl-C) removes the registered ones (see [`crate::interrupt`]).
//! Special files are written as the run goes and cannot be taken back.
//!
//! A run that plays into files ([`check_run_names`]) also refuses an output
//! that is one of the files it writes itself beside its outputs: an
//! output's `NAME.partial`, the checkpoint `PRIMARY.checkpoint.json`, the
//! manifest `PRIMARY.manifest.json` and their `.tmp` files (see
//! [`crate::files::run_files`]). A name ending in `/` names a folder: when that
//! folder does not exist it is refused, never written as a file.

use std::fs::{self, File, Metadata, OpenOptions};
use std::io::{self, BufWriter, Write};
use std::os::unix::fs::{MetadataExt, PermissionsExt};
use std::path::{Path, PathBuf};

use beachcomber::atomic_file::TempBeside;
use beachcomber::record::io::{Compression, RecordWriter};

use crate::files::names::RunHome;
use crate::files::out_folder::{ParentError, output_parent};
pub use crate::files::output_error::OutputError;
use crate::interrupt;
use crate::path_suffix::with_suffix;

/// Most symlinks followed when resolving one output path.
const MAX_SYMLINK_HOPS: usize = 40;

/// Where an output goes, checked and resolved.
#[derive(Debug)]
pub struct Resolved {
    /// The option that named it (`--out`).
    label: String,
    /// The path as given (for messages).
    given: PathBuf,
    /// How it is written.
    kind: Kind,
}

#[derive(Debug)]
enum Kind {
    /// Written directly through the given path.
    Special { meta: Metadata },
    /// Written to a temporary file in `dir` renamed onto `target`.
    Regular {
        /// The file's canonical path (symlinks resolved).
        target: PathBuf,
        /// Its (canonical) folder.
        dir: PathBuf,
        /// The file's metadata if it exists already.
        existing: Option<Metadata>,
    },
}

impl Resolved {
    /// The option that named it (`--out`).
    pub fn label(&self) -> &str {
        &self.label
    }

    /// The path as given.
    pub fn given(&self) -> &Path {
        &self.given
    }

    /// The regular file it resolves to (symlinks followed); `None` for a
    /// special file written directly.
    pub fn target(&self) -> Option<&Path> {
        match &self.kind {
            Kind::Regular { target, .. } => Some(target),
            Kind::Special { .. } => None,
        }
    }

    /// The permissions a new file for it gets: those of the file it
    /// replaces, else the default.
    pub fn mode(&self) -> u32 {
        match &self.kind {
            Kind::Regular {
                existing: Some(m), ..
            } => m.permissions().mode() & 0o7777,
            _ => 0o666,
        }
    }

    fn same_file_as(&self, other_path: &Path, other_meta: Option<&Metadata>) -> bool {
        match &self.kind {
            Kind::Special { meta } => other_meta.is_some_and(|m| same_inode(meta, m)),
            Kind::Regular {
                target, existing, ..
            } => {
                target == other_path
                    || matches!((existing, other_meta), (Some(a), Some(b)) if same_inode(a, b))
            }
        }
    }

    fn path_and_meta(&self) -> (PathBuf, Option<&Metadata>) {
        match &self.kind {
            Kind::Special { meta } => (self.given.clone(), Some(meta)),
            Kind::Regular {
                target, existing, ..
            } => (target.clone(), existing.as_ref()),
        }
    }
}

fn same_inode(a: &Metadata, b: &Metadata) -> bool {
    a.dev() == b.dev() && a.ino() == b.ino()
}

fn is_char_device(meta: &Metadata) -> bool {
    use std::os::unix::fs::FileTypeExt;
    meta.file_type().is_char_device()
}

/// Check and resolve the outputs `(option, path)` of a command whose input
/// files are `inputs` `(what, path)`. Every problem is found here, before
/// anything is played.
pub fn resolve_outputs(
    outputs: &[(&str, &Path)],
    inputs: &[(&str, &Path)],
) -> Result<Vec<Resolved>, OutputError> {
    let mut resolved: Vec<Resolved> = Vec::new();
    for &(label, path) in outputs {
        let r = resolve(label, path)?;
        let (p, meta) = r.path_and_meta();
        for earlier in &resolved {
            let both_devices = meta.is_some_and(is_char_device)
                && matches!(&earlier.kind, Kind::Special { meta } if is_char_device(meta));
            if earlier.same_file_as(&p, meta) && !both_devices {
                return Err(OutputError::SameFile {
                    label: label.to_string(),
                    earlier: earlier.label.clone(),
                    path: path.to_path_buf(),
                });
            }
        }
        for &(what, input) in inputs {
            let input_meta = fs::metadata(input).ok();
            let input_path = fs::canonicalize(input).unwrap_or_else(|_| input.to_path_buf());
            if r.same_file_as(&input_path, input_meta.as_ref())
                && !input_meta.as_ref().is_some_and(is_char_device)
            {
                return Err(OutputError::IsInput {
                    label: label.to_string(),
                    path: path.to_path_buf(),
                    what: what.to_string(),
                    input: input.to_path_buf(),
                });
            }
        }
        resolved.push(r);
    }
    Ok(resolved)
}

fn resolve(label: &str, given: &Path) -> Result<Resolved, OutputError> {
    let cannot = |source: io::Error| OutputError::Write {
        label: label.to_string(),
        path: given.to_path_buf(),
        source,
    };
    if given.as_os_str().is_empty() {
        return Err(OutputError::EmptyName {
            label: label.to_string(),
        });
    }
    if given.as_os_str().as_encoded_bytes().ends_with(b"/") && !given.is_dir() {
        // `results/`: the user means a folder; without this check `results`
        // would be written as a file.
        return Err(OutputError::MissingFolder {
            label: label.to_string(),
            path: given.to_path_buf(),
        });
    }
    let kind = match fs::metadata(given) {
        Ok(meta) if meta.is_dir() => {
            return Err(OutputError::IsDirectory {
                label: label.to_string(),
                path: given.to_path_buf(),
            });
        }
        Ok(meta) if !meta.is_file() || is_system_path(given) => Kind::Special { meta },
        Ok(meta) => {
            let target = fs::canonicalize(given).map_err(cannot)?;
            let dir = target
                .parent()
                .map_or_else(|| PathBuf::from("/"), Path::to_path_buf);
            Kind::Regular {
                target,
                dir,
                existing: Some(meta),
            }
        }
        // Missing, or under a file (`file/x`: the parent check names it).
        Err(e)
            if matches!(
                e.kind(),
                io::ErrorKind::NotFound | io::ErrorKind::NotADirectory
            ) =>
        {
            let path = follow_dangling(given).map_err(cannot)?;
            let name = path.file_name().ok_or_else(|| OutputError::NoFileName {
                label: label.to_string(),
                path: given.to_path_buf(),
            })?;
            let parent = match output_parent(&path) {
                Ok(parent) => parent,
                Err(ParentError::NotFolder(parent)) => {
                    return Err(OutputError::ParentNotFolder {
                        label: label.to_string(),
                        path: given.to_path_buf(),
                        parent,
                    });
                }
                Err(ParentError::Missing(parent)) => {
                    return Err(OutputError::ParentMissing {
                        label: label.to_string(),
                        path: given.to_path_buf(),
                        parent,
                    });
                }
                Err(ParentError::Inspect(e)) => return Err(cannot(e)),
            };
            let dir = fs::canonicalize(&parent).map_err(cannot)?;
            Kind::Regular {
                target: dir.join(name),
                dir,
                existing: None,
            }
        }
        Err(source) => {
            return Err(OutputError::Inspect {
                label: label.to_string(),
                path: given.to_path_buf(),
                source,
            });
        }
    };
    Ok(Resolved {
        label: label.to_string(),
        given: given.to_path_buf(),
        kind,
    })
}

/// The files a run writes itself beside its outputs (see
/// [`crate::files::run_files::RunFiles::open`]), each with what it is: every
/// regular output's `NAME.partial`; `PRIMARY.checkpoint.json` (when every
/// output is a regular file) and `PRIMARY.manifest.json`, with their `.tmp`
/// files, where `PRIMARY` is the first regular output among `--out`,
/// `--record`, `--summary`, or `folder/checkpoint.json` and
/// `folder/manifest.json` for a run that writes into a folder. Not
/// `streamed` (`merge`): the manifest alone.
fn run_files(
    resolved: &[Resolved],
    folder: Option<&Path>,
    streamed: bool,
) -> Vec<(PathBuf, String)> {
    let mut names = Vec::new();
    for r in resolved.iter().filter(|_| streamed) {
        if let Some(target) = r.target() {
            names.push((
                with_suffix(target, ".partial"),
                format!("the partial file of {}", r.label()),
            ));
        }
    }
    let primary = ["--out", "--record", "--summary"].iter().find_map(|label| {
        resolved.iter().find(|r| r.label() == *label).and_then(|r| {
            r.target().map(|t| {
                // `merge` names its manifest after the output as given
                // (beside a symlink, not its target).
                let base = if streamed {
                    t.to_path_buf()
                } else {
                    beside(r.given())
                };
                (r.label(), base)
            })
        })
    });
    let resumable = streamed && primary.is_some() && resolved.iter().all(|r| r.target().is_some());
    let (checkpoint, manifest, of) = match (folder, primary) {
        (Some(dir), _) => {
            let dir = fs::canonicalize(dir).unwrap_or_else(|_| dir.to_path_buf());
            let home = RunHome::Folder(&dir);
            (home.checkpoint(), home.manifest(), "the run's".to_string())
        }
        (None, Some((label, p))) => {
            let home = RunHome::Beside(&p);
            (home.checkpoint(), home.manifest(), format!("{label}'s"))
        }
        (None, None) => return names,
    };
    if resumable {
        names.push((
            with_suffix(&checkpoint, ".tmp"),
            format!("{of} checkpoint (while it is replaced)"),
        ));
        names.push((checkpoint, format!("{of} checkpoint")));
    }
    names.push((
        with_suffix(&manifest, ".tmp"),
        format!("{of} manifest (while it is written)"),
    ));
    names.push((manifest, format!("{of} manifest")));
    names
}

/// Refuse an output of a run that is one of the files the run writes
/// itself ([`run_files`]: a partial file, the checkpoint, the manifest or
/// their temporary files), also through a symlink or a hard link: writing
/// one would destroy the other. Checked before anything is played. A run
/// that is not `streamed` (`merge`) writes only the manifest beside its
/// outputs.
pub fn check_run_names(
    resolved: &[Resolved],
    folder: Option<&Path>,
    streamed: bool,
) -> Result<(), OutputError> {
    let own = run_files(resolved, folder, streamed);
    for r in resolved {
        let (path, meta) = r.path_and_meta();
        for (name, what) in &own {
            let name_meta = fs::metadata(name).ok();
            let same = name == &path
                || matches!((meta, &name_meta), (Some(a), Some(b)) if same_inode(a, b) && !is_char_device(a));
            if same {
                return Err(OutputError::RunWritesIt {
                    label: r.label().to_string(),
                    path: r.given().to_path_buf(),
                    what: what.clone(),
                    name: name.clone(),
                });
            }
        }
    }
    Ok(())
}

/// `given` in its canonical folder (itself not resolved, even if a symlink).
fn beside(given: &Path) -> PathBuf {
    let parent = match given.parent() {
        Some(p) if !p.as_os_str().is_empty() => p,
        _ => Path::new("."),
    };
    let dir = fs::canonicalize(parent).unwrap_or_else(|_| parent.to_path_buf());
    given
        .file_name()
        .map_or_else(|| given.to_path_buf(), |name| dir.join(name))
}

/// Paths such as `/dev/stdout` or `/proc/self/fd/1` stand for an open file
/// of this process: write through them, never replace what they point to.
fn is_system_path(path: &Path) -> bool {
    path.starts_with("/dev") || path.starts_with("/proc")
}

/// The path a chain of symlinks ending in a missing file leads to (the path
/// itself when it is not a symlink).
fn follow_dangling(given: &Path) -> io::Result<PathBuf> {
    let mut path = given.to_path_buf();
    for _ in 0..MAX_SYMLINK_HOPS {
        match fs::symlink_metadata(&path) {
            Ok(m) if m.file_type().is_symlink() => {
                let target = fs::read_link(&path)?;
                path = match path.parent() {
                    Some(parent) if target.is_relative() => parent.join(target),
                    _ => target,
                };
            }
            _ => return Ok(path),
        }
    }
    Err(io::Error::other("too many levels of symbolic links"))
}

/// The file an output is written to, through its compressor if it has one
/// ([`AtomicFile::compressed`]).
pub struct OutputStream(RecordWriter<Target>);

/// The file itself.
pub enum Target {
    /// A temporary file beside its target (the library's one kind,
    /// [`TempBeside`]), renamed into place on commit.
    Temp(TempBeside),
    /// A special file written directly.
    Direct(File),
}

impl Write for Target {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        match self {
            Target::Temp(f) => f.write(buf),
            Target::Direct(f) => f.write(buf),
        }
    }

    fn flush(&mut self) -> io::Result<()> {
        match self {
            Target::Temp(f) => f.flush(),
            Target::Direct(f) => f.flush(),
        }
    }
}

impl Target {
    /// The temporary file's path (registered for removal on a forced exit).
    fn temp_path(&self) -> Option<&Path> {
        match self {
            Target::Temp(t) => Some(t.temp_path()),
            Target::Direct(_) => None,
        }
    }
}

impl Write for OutputStream {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        self.0.write(buf)
    }

    fn write_all(&mut self, buf: &[u8]) -> io::Result<()> {
        self.0.write_all(buf)
    }

    fn flush(&mut self) -> io::Result<()> {
        self.0.flush()
    }
}

/// An output being written (under a temporary name for a regular file, a
/// [`TempBeside`]), through a compressor if asked, committed with the
/// run's other outputs ([`commit_all`]).
pub struct AtomicFile {
    label: String,
    given: PathBuf,
    /// Present until the commit.
    writer: Option<BufWriter<OutputStream>>,
}

impl AtomicFile {
    /// Start writing a resolved output: create its temporary file (checks at
    /// once that the folder is writable) or open the special file.
    pub fn create(resolved: Resolved) -> Result<AtomicFile, OutputError> {
        let cannot = |source: io::Error| OutputError::CreateInFolder {
            label: resolved.label.clone(),
            path: resolved.given.clone(),
            source,
        };
        let sink = match &resolved.kind {
            Kind::Special { .. } => {
                let file = OpenOptions::new()
                    .write(true)
                    .truncate(false)
                    .open(&resolved.given)
                    .map_err(cannot)?;
                Target::Direct(file)
            }
            Kind::Regular {
                target,
                dir,
                existing,
            } => {
                let name = target
                    .file_name()
                    .map(|n| n.to_string_lossy().into_owned())
                    .unwrap_or_default();
                let prefix = format!(".{name}.");
                let mode = existing
                    .as_ref()
                    .map_or(0o666, |m| m.permissions().mode() & 0o7777);
                let mut registry = interrupt::temp_files();
                let temp = TempBeside::create_in(dir, target, &prefix, ".partial", mode)
                    .map_err(cannot)?;
                registry.push(temp.temp_path().to_path_buf());
                Target::Temp(temp)
            }
        };
        Ok(AtomicFile {
            label: resolved.label,
            given: resolved.given,
            writer: Some(BufWriter::new(OutputStream(RecordWriter::Plain(sink)))),
        })
    }

    /// Write this output compressed (before anything is written to it);
    /// [`commit_all`] finishes the compressed stream.
    pub fn compressed(mut self, compression: Compression) -> Result<AtomicFile, OutputError> {
        if compression == Compression::Plain {
            return Ok(self);
        }
        let writer = self.writer.take().expect("writer present until commit");
        let (OutputStream(RecordWriter::Plain(target)), Ok(buffered)) = writer.into_parts() else {
            unreachable!("an output is compressed once, before it is written")
        };
        debug_assert!(buffered.is_empty(), "compressed before it is written");
        let temp_path = target.temp_path().map(Path::to_path_buf);
        match RecordWriter::new(target, compression) {
            Ok(w) => {
                self.writer = Some(BufWriter::new(OutputStream(w)));
                Ok(self)
            }
            Err(source) => {
                // The temporary file was dropped (removed) with the writer.
                if let Some(p) = temp_path {
                    interrupt::forget(&mut interrupt::temp_files(), &p);
                }
                Err(OutputError::Compressor {
                    label: self.label.clone(),
                    path: self.given.clone(),
                    compression,
                    source,
                })
            }
        }
    }

    /// The writer for the content.
    pub fn writer(&mut self) -> &mut BufWriter<OutputStream> {
        self.writer.as_mut().expect("writer present until commit")
    }
}

impl Drop for AtomicFile {
    fn drop(&mut self) {
        if let Some(path) = self
            .writer
            .as_ref()
            .and_then(|w| w.get_ref().0.get_ref().temp_path())
        {
            // The temporary file itself is removed by NamedTempFile's drop.
            interrupt::forget(&mut interrupt::temp_files(), path);
        }
    }
}

/// Remove `path`, a file an earlier run of other settings left in a
/// results folder (a `compare.csv` without `--baseline` now, a
/// `speed.csv` without `speed_games`): shown beside the new results it
/// would mislead. Nothing when it is not there.
pub fn remove_stale(path: &Path) -> Result<(), OutputError> {
    match fs::remove_file(path) {
        Ok(()) => Ok(()),
        Err(e) if e.kind() == io::ErrorKind::NotFound => Ok(()),
        Err(source) => Err(OutputError::RemoveStale {
            path: path.to_path_buf(),
            source,
        }),
    }
}

/// Write `bytes` to `out` through a temporary file in its folder and a
/// rename (readable by all, as a plain new file): never a half-written file
/// ([`beachcomber::atomic_file::write_atomically`]).
pub fn write_whole(out: &Path, bytes: &[u8]) -> Result<(), OutputError> {
    Ok(beachcomber::atomic_file::write_atomically(out, bytes)?)
}

/// Finish every output, then move the temporary files into place: every
/// write, flush and sync of every output happens before the first rename,
/// so an error in any of them leaves none of the outputs.
pub fn commit_all(files: Vec<AtomicFile>) -> Result<(), OutputError> {
    // (option, path as given, temporary file and target)
    let mut finished = Vec::new();
    for mut file in files {
        let (label, given) = (file.label.clone(), file.given.clone());
        let err = |source: io::Error| OutputError::Write {
            label: label.clone(),
            path: given.clone(),
            source,
        };
        // Every fallible step while `file` still owns its writer: on an
        // error its drop removes the temporary file and forgets it.
        file.writer().flush().map_err(err)?;
        // The end of the compressed stream, if any.
        file.writer().get_mut().0.try_finish().map_err(err)?;
        let sink = file.writer().get_ref().0.get_ref();
        if let Target::Temp(temp) = sink {
            temp.sync().map_err(err)?;
        }
        let temp_path = sink.temp_path().map(Path::to_path_buf);
        let writer = file.writer.take().expect("writer present until commit");
        let (OutputStream(sink), _) = writer.into_parts();
        // Finished already: gives the file back without writing.
        let sink = sink.finish().map_err(|e| {
            if let Some(p) = &temp_path {
                interrupt::forget(&mut interrupt::temp_files(), p);
            }
            err(e)
        })?;
        let temp = match sink {
            Target::Temp(temp) => Some(temp),
            Target::Direct(_) => None,
        };
        finished.push((label, given, temp));
    }
    // Hold the registry so that a forced exit waits for the renames.
    let mut registry = interrupt::temp_files();
    let mut done: Vec<String> = Vec::new();
    let mut error = None;
    for (label, given, temp) in finished {
        let Some(temp) = temp else {
            done.push(label);
            continue;
        };
        let temp_path = temp.temp_path().to_path_buf();
        if error.is_some() {
            // An earlier rename failed: this one is dropped (removed).
            drop(temp);
        } else if let Err(source) = temp.persist() {
            error = Some(OutputError::Rename {
                label,
                path: given,
                source,
                written: done.clone(),
            });
        } else {
            done.push(label);
        }
        interrupt::forget(&mut registry, &temp_path);
    }
    error.map_or(Ok(()), Err)
}
