//! Output files that appear whole or not at all.
//!
//! [`AtomicFile`] writes to a hidden temporary file beside the target and
//! renames it into place on [`AtomicFile::commit`]; dropped without a commit
//! (an error, a panic) it removes the temporary file, so a failed or
//! interrupted run never leaves a half-written result under the real name.

use std::fs::{self, File};
use std::io::{self, BufWriter, Write};
use std::path::{Path, PathBuf};

/// A file being written under a temporary name.
pub struct AtomicFile {
    target: PathBuf,
    temp: PathBuf,
    writer: Option<BufWriter<File>>,
}

impl AtomicFile {
    /// Start writing `target` (checks at once that its folder is writable).
    pub fn create(target: &Path) -> Result<AtomicFile, String> {
        let name = target
            .file_name()
            .ok_or_else(|| format!("`{}` is not a file name", target.display()))?
            .to_string_lossy()
            .into_owned();
        if target.is_dir() {
            return Err(format!(
                "`{}` is a directory; give a file name",
                target.display()
            ));
        }
        let dir = match target.parent() {
            Some(d) if !d.as_os_str().is_empty() => d.to_path_buf(),
            _ => PathBuf::from("."),
        };
        let temp = dir.join(format!(".{name}.partial-{}", std::process::id()));
        let file = File::create(&temp).map_err(|e| {
            format!(
                "cannot write `{}`: {e} (check that the folder exists and is writable)",
                target.display()
            )
        })?;
        Ok(AtomicFile {
            target: target.to_path_buf(),
            temp,
            writer: Some(BufWriter::new(file)),
        })
    }

    /// The writer for the content.
    pub fn writer(&mut self) -> &mut BufWriter<File> {
        self.writer.as_mut().expect("writer present until commit")
    }

    /// Flush, sync and move the file into place.
    pub fn commit(mut self) -> Result<(), String> {
        let err = |e: io::Error| format!("cannot write `{}`: {e}", self.target.display());
        let writer = self.writer.take().expect("commit once");
        let file = writer.into_inner().map_err(|e| err(e.into_error()))?;
        file.sync_all().map_err(err)?;
        drop(file);
        fs::rename(&self.temp, &self.target).map_err(err)?;
        Ok(())
    }
}

impl Drop for AtomicFile {
    fn drop(&mut self) {
        if self.writer.take().is_some() {
            let _ = fs::remove_file(&self.temp);
        }
    }
}

/// Write `bytes` as the whole content of `target`, atomically.
#[allow(dead_code)]
pub fn write_atomic(target: &Path, bytes: &[u8]) -> Result<(), String> {
    let mut file = AtomicFile::create(target)?;
    file.writer()
        .write_all(bytes)
        .map_err(|e| format!("cannot write `{}`: {e}", target.display()))?;
    file.commit()
}
