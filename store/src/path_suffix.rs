//! [`with_suffix`]: the path of a file beside another (its temporary,
//! partial, manifest or checkpoint file). Its own module, below both the
//! manifest and the run's files, which both name such paths.

use std::path::{Path, PathBuf};

/// `path` with `suffix` appended to its file name (`games.csv` and
/// `.partial` give `games.csv.partial`).
pub fn with_suffix(path: &Path, suffix: &str) -> PathBuf {
    let mut name = path.as_os_str().to_owned();
    name.push(suffix);
    PathBuf::from(name)
}
