//! The names of the files a run writes, in one place: the files of a
//! results folder (a sweep's, a league's, an experiment's), and where a run
//! keeps its manifest and checkpoint (in its folder, or beside its first
//! output).

use std::path::{Path, PathBuf};

use crate::path_suffix::with_suffix;

/// One row per seat per game (`--out` of a folder run).
pub const GAMES_FILE: &str = "games.csv";
/// The same table as Parquet (`sweep --format parquet`).
pub const GAMES_PARQUET_FILE: &str = "games.parquet";
/// A sweep's balance metrics, per combination and seat.
pub const METRICS_FILE: &str = "metrics.csv";
/// A sweep's comparisons with its baseline (with `--baseline` /
/// `baseline = {...}`).
pub const COMPARE_FILE: &str = "compare.csv";
/// A sweep's trend lines (written with `compare.csv` when the sweep has a
/// numeric varied key or a declared trend).
pub const TRENDS_FILE: &str = "trends.csv";
/// A balance-by-skill experiment's table: each bot's Elo and seat 0's
/// ratio in its mirror games (`[criterion.skill]`).
pub const SKILL_FILE: &str = "skill.csv";
/// An experiment's confirmation runs against the original (`[criterion]`'s
/// `confirm`).
pub const CONFIRM_FILE: &str = "confirm.csv";
/// The folder of an experiment's confirmation sweep (fresh seed).
pub const CONFIRM_DIR: &str = "confirm";
/// The game records of a folder run (with `--records` / `records = true`).
pub const RECORDS_FILE: &str = "records.jsonl.zst";
/// A league's ratings.
pub const RATINGS_FILE: &str = "ratings.csv";
/// A league's pairwise matrix, beside its ratings in a results folder.
pub const PAIRS_FILE: &str = "pairs.csv";
/// The label of the pairs CSV among a run's outputs (manifest, messages):
/// it has no option of its own, it goes beside `--summary`.
pub const PAIRS_LABEL: &str = "pairs";
/// Each league bot's decisions per second (an experiment's `speed_games`).
pub const SPEED_FILE: &str = "speed.csv";
/// An experiment's generated report.
pub const SUMMARY_MD: &str = "summary.md";
/// A finished run's manifest, in its folder.
pub const MANIFEST_FILE: &str = "manifest.json";
/// An unfinished run's checkpoint, in its folder.
pub const CHECKPOINT_FILE: &str = "checkpoint.json";
/// The folder of an experiment's shards (`DIR/shards/I/`).
pub const SHARDS_DIR: &str = "shards";
/// A search's every candidate evaluated.
pub const CANDIDATES_FILE: &str = "candidates.csv";
/// A search's rounds played.
pub const ROUNDS_FILE: &str = "rounds.csv";
/// A search's front at the end.
pub const FRONT_FILE: &str = "front.csv";
/// The folder of a search's rounds' games (`rounds/R/`).
pub const ROUNDS_DIR: &str = "rounds";

/// The folder, at the top of a repository, of committed results (`results/NAME/`).
pub const RESULTS_DIR: &str = "results";

/// Where a league's pairs CSV goes beside its ratings CSV `summary` (the
/// `--summary` of `league` or `merge`): `NAME.csv` gives `NAME.pairs.csv`,
/// any other name gets `.pairs.csv` appended. `None` for a device or a
/// system path (`/dev/stdout`): no pairs file then.
pub fn pairs_beside(summary: &Path) -> Option<PathBuf> {
    if summary.starts_with("/dev") || summary.starts_with("/proc") {
        return None;
    }
    if std::fs::metadata(summary).is_ok_and(|m| !m.is_file()) {
        return None;
    }
    let name = summary.file_name()?.to_string_lossy();
    let stem = name.strip_suffix(".csv").unwrap_or(&name);
    Some(summary.with_file_name(format!("{stem}.pairs.csv")))
}

/// Where a run keeps its manifest and checkpoint.
#[derive(Clone, Copy, Debug)]
pub enum RunHome<'a> {
    /// A run writing into a folder: `DIR/manifest.json`,
    /// `DIR/checkpoint.json`.
    Folder(&'a Path),
    /// Beside the run's first regular output `PRIMARY`:
    /// `PRIMARY.manifest.json`, `PRIMARY.checkpoint.json`.
    Beside(&'a Path),
}

impl RunHome<'_> {
    /// The manifest's path.
    pub fn manifest(self) -> PathBuf {
        match self {
            RunHome::Folder(dir) => dir.join(MANIFEST_FILE),
            RunHome::Beside(primary) => with_suffix(primary, &format!(".{MANIFEST_FILE}")),
        }
    }

    /// The checkpoint's path.
    pub fn checkpoint(self) -> PathBuf {
        match self {
            RunHome::Folder(dir) => dir.join(CHECKPOINT_FILE),
            RunHome::Beside(primary) => with_suffix(primary, &format!(".{CHECKPOINT_FILE}")),
        }
    }
}

/// The manifest a `merge` input stands for: a folder's, the manifest
/// itself (a name ending in `manifest.json`), or the one beside an output.
pub fn manifest_of_input(input: &Path) -> PathBuf {
    if input.is_dir() {
        RunHome::Folder(input).manifest()
    } else if input.to_string_lossy().ends_with(MANIFEST_FILE) {
        input.to_path_buf()
    } else {
        RunHome::Beside(input).manifest()
    }
}

/// The checkpoint of the same run as `manifest` (a path ending in
/// `manifest.json`, as [`manifest_of_input`] gives).
pub fn checkpoint_of_manifest(manifest: &Path) -> PathBuf {
    let text = manifest.to_string_lossy();
    let stem = text.strip_suffix(MANIFEST_FILE).unwrap_or(&text);
    PathBuf::from(format!("{stem}{CHECKPOINT_FILE}"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_beside_an_output_and_in_a_folder() {
        let out = Path::new("a/games.csv");
        assert_eq!(
            RunHome::Beside(out).manifest(),
            Path::new("a/games.csv.manifest.json")
        );
        assert_eq!(
            RunHome::Beside(out).checkpoint(),
            Path::new("a/games.csv.checkpoint.json")
        );
        assert_eq!(
            RunHome::Folder(Path::new("r")).manifest(),
            Path::new("r/manifest.json")
        );
        assert_eq!(
            checkpoint_of_manifest(Path::new("a/games.csv.manifest.json")),
            Path::new("a/games.csv.checkpoint.json")
        );
        assert_eq!(
            checkpoint_of_manifest(Path::new("r/manifest.json")),
            Path::new("r/checkpoint.json")
        );
        assert_eq!(
            manifest_of_input(Path::new("x/t.csv")),
            Path::new("x/t.csv.manifest.json")
        );
        assert_eq!(
            manifest_of_input(Path::new("x/t.csv.manifest.json")),
            Path::new("x/t.csv.manifest.json")
        );
        assert_eq!(
            pairs_beside(Path::new("x/ratings.csv")),
            Some(PathBuf::from("x/ratings.pairs.csv"))
        );
        assert_eq!(
            pairs_beside(Path::new("ratings")),
            Some(PathBuf::from("ratings.pairs.csv"))
        );
        assert_eq!(pairs_beside(Path::new("/dev/stdout")), None);
    }
}
