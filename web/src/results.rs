//! The studies of `--results`, browsable read-only: each study is a folder
//! holding a `README.md` or `summary.md`; its Markdown, CSV and SVG files
//! are served as text or images.
//!
//! Only files under the folder are served: a requested path must be
//! relative, made of plain names (no `..`, no `.`, no root, no backslash),
//! and once every symbolic link is resolved it must still lie inside the
//! folder (a link pointing out of it is refused), and be a regular file of
//! a served kind.

use std::path::{Component, Path, PathBuf};

use serde_json::{Value, json};

use crate::error::ApiError;

/// The largest file served (results files are small; a plot is < 1 MB).
pub const MAX_FILE: u64 = 16 << 20;

/// The studies' folder, resolved.
#[derive(Clone, Debug)]
pub struct Results {
    root: PathBuf,
}

/// The kinds of files served, by extension, with their content types.
const KINDS: &[(&str, &str)] = &[
    ("md", "text/markdown; charset=utf-8"),
    ("csv", "text/csv; charset=utf-8"),
    ("svg", "image/svg+xml"),
    ("png", "image/png"),
    ("txt", "text/plain; charset=utf-8"),
    ("toml", "text/plain; charset=utf-8"),
];

/// Why `beachcomber serve --results` cannot serve a folder.
#[derive(Debug, thiserror::Error)]
pub enum ResultsError {
    /// The path could not be resolved.
    #[error("cannot open `{shown}`: {source}")]
    Open {
        /// The path, on one line.
        shown: String,
        /// Why.
        source: std::io::Error,
    },
    /// The path is not a folder.
    #[error("`{shown}` is not a folder")]
    NotFolder {
        /// The resolved path, on one line.
        shown: String,
    },
}

impl Results {
    /// The folder `root` (must exist and be a folder).
    pub fn new(root: &Path) -> Result<Results, ResultsError> {
        let root = root.canonicalize().map_err(|source| ResultsError::Open {
            shown: beachcomber::spec::one_line_path(root),
            source,
        })?;
        if !root.is_dir() {
            return Err(ResultsError::NotFolder {
                shown: beachcomber::spec::one_line_path(&root),
            });
        }
        Ok(Results { root })
    }

    /// The studies: sub-folders with a `README.md` or `summary.md`, by name.
    pub fn studies(&self) -> Result<Value, ApiError> {
        let mut names = Vec::new();
        let entries = std::fs::read_dir(&self.root)
            .map_err(|e| ApiError::Internal(format!("cannot list the results: {e}")))?;
        for entry in entries.flatten() {
            let name = entry.file_name().to_string_lossy().into_owned();
            let Ok(dir) = self.resolve(&name) else {
                continue;
            };
            if dir.is_dir() && (dir.join("README.md").is_file() || dir.join("summary.md").is_file())
            {
                names.push(name);
            }
        }
        names.sort();
        Ok(json!({ "studies": names, "index": self.root.join("README.md").is_file() }))
    }

    /// The served files of study `name` (relative paths, sorted), its own
    /// folder and one level of sub-folders.
    pub fn files(&self, name: &str) -> Result<Value, ApiError> {
        let dir = self.resolve(name)?;
        if !dir.is_dir() {
            return Err(ApiError::NotFound(format!("no study `{}`", one_line(name))));
        }
        let mut files = Vec::new();
        collect(&self.root, &dir, 0, &mut files);
        files.sort();
        Ok(json!({ "study": name, "files": files }))
    }

    /// File `rel` (a path relative to the folder, `/`-separated), open, with
    /// its length and content type: opened without blocking (a FIFO cannot
    /// hang a worker) and sent from disk a chunk at a time
    /// ([`crate::bodies::FileBody`]), never read whole into memory.
    pub fn file(&self, rel: &str) -> Result<(std::fs::File, u64, &'static str), ApiError> {
        use std::os::unix::fs::OpenOptionsExt;
        let path = self.resolve(rel)?;
        let file = std::fs::OpenOptions::new()
            .read(true)
            .custom_flags(libc::O_NONBLOCK)
            .open(&path)
            .map_err(|_| ApiError::NotFound(format!("no file `{}`", one_line(rel))))?;
        let meta = file
            .metadata()
            .map_err(|_| ApiError::NotFound(format!("no file `{}`", one_line(rel))))?;
        if !meta.is_file() {
            return Err(ApiError::NotFound(format!(
                "`{}` is not a file",
                one_line(rel)
            )));
        }
        let kind = kind_of(&path).ok_or_else(|| {
            ApiError::BadRequest(format!(
                "`{}`: only .md, .csv, .svg, .png, .txt and .toml files are served",
                one_line(rel)
            ))
        })?;
        if meta.len() > MAX_FILE {
            return Err(ApiError::BadRequest(format!(
                "`{}` is larger than {} MiB",
                one_line(rel),
                MAX_FILE >> 20
            )));
        }
        Ok((file, meta.len(), kind))
    }

    /// `rel` resolved inside the folder, or refused: not relative, not
    /// plain names, missing, or outside the folder once links are resolved.
    pub fn resolve(&self, rel: &str) -> Result<PathBuf, ApiError> {
        let refuse = |why: &str| {
            Err(ApiError::BadRequest(format!(
                "path `{}`: {why}",
                one_line(rel)
            )))
        };
        if rel.is_empty() || rel.contains('\\') || rel.contains('\0') {
            return refuse("give a relative path of plain names separated by `/`");
        }
        let path = Path::new(rel);
        // Each `/`-separated piece itself: `components` would drop a `.`
        // or an empty piece in the middle (`x/./ok.md`, `x//ok.md`).
        let plain = rel
            .split('/')
            .all(|piece| !piece.is_empty() && piece != "." && piece != "..");
        if !plain || !path.components().all(|c| matches!(c, Component::Normal(_))) {
            return refuse(
                "only plain names are allowed (no `..`, `.`, empty names or absolute paths)",
            );
        }
        let full = self
            .root
            .join(path)
            .canonicalize()
            .map_err(|_| ApiError::NotFound(format!("no file `{}`", one_line(rel))))?;
        if !full.starts_with(&self.root) {
            return refuse("it leads out of the results folder (a symbolic link?)");
        }
        Ok(full)
    }
}

/// The content type of a served file, by its extension.
fn kind_of(path: &Path) -> Option<&'static str> {
    let ext = path.extension()?.to_str()?.to_ascii_lowercase();
    KINDS.iter().find(|(e, _)| *e == ext).map(|(_, k)| *k)
}

/// Served files under `dir` (down to one sub-folder level), as paths
/// relative to `root`; links out of `root` are left out.
fn collect(root: &Path, dir: &Path, depth: usize, out: &mut Vec<String>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    for entry in entries.flatten() {
        let Ok(path) = entry.path().canonicalize() else {
            continue;
        };
        if !path.starts_with(root) {
            continue;
        }
        if path.is_dir() {
            if depth == 0 {
                collect(root, &path, depth + 1, out);
            }
        } else if kind_of(&path).is_some()
            && let Ok(rel) = path.strip_prefix(root)
        {
            out.push(rel.to_string_lossy().replace('\\', "/"));
        }
        if out.len() >= 2000 {
            return;
        }
    }
}

fn one_line(text: &str) -> String {
    beachcomber::spec::one_line(text)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A missing path and a file are typed refusals with the text
    /// `serve --results` has always printed, the path on one line.
    #[test]
    fn a_missing_path_or_a_file_is_a_typed_refusal() {
        let dir = tempfile::tempdir().unwrap();
        let missing = dir.path().join("no\nsuch");
        let Err(e @ ResultsError::Open { .. }) = Results::new(&missing) else {
            panic!("a missing folder was accepted");
        };
        let shown = beachcomber::spec::one_line_path(&missing);
        assert!(
            e.to_string()
                .starts_with(&format!("cannot open `{shown}`: "))
        );
        assert!(!e.to_string().contains('\n'));
        let file = dir.path().join("file");
        std::fs::write(&file, b"x").unwrap();
        let Err(e @ ResultsError::NotFolder { .. }) = Results::new(&file) else {
            panic!("a file was accepted as a folder");
        };
        let shown = beachcomber::spec::one_line_path(&file.canonicalize().unwrap());
        assert_eq!(e.to_string(), format!("`{shown}` is not a folder"));
    }
}
