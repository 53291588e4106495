//! The locked rule of a run of an experiment's `[criterion]`, as the
//! manifest records it (docs/experiments.md, "The rule locked before the
//! games"): the criterion's hash, the commit that last changed it and its
//! date, the seed, whether results of the file were already committed, and
//! how the run stands to the committed rule ([`RuleLabel`]). A run without
//! a criterion records nothing (its manifest keeps its bytes).

use std::fmt;

use serde::{Deserialize, Serialize};

/// How a run of a criterion stands to the committed rule.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RuleLabel {
    /// The committed criterion, on a seed no committed results used.
    Locked,
    /// The committed criterion and the seed of this file's own committed
    /// results made with it: the same games again.
    Reproduction,
    /// `--exploratory` (or `--quick`): the criterion may be uncommitted,
    /// every verdict is labelled, nothing is written under `results/`.
    Exploratory,
    /// The committed criterion says `same_games_as = "<commit>"`: games
    /// already published are played again, and the header says so.
    SameGamesAs(String),
    /// The file is not in a git repository (or git is missing): nothing
    /// locks the criterion.
    NoProvenance,
}

/// The text of [`RuleLabel::SameGamesAs`] before the commit.
const SAME_GAMES_AS: &str = "same games as ";

impl fmt::Display for RuleLabel {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RuleLabel::Locked => f.write_str("locked"),
            RuleLabel::Reproduction => f.write_str("reproduction"),
            RuleLabel::Exploratory => f.write_str("exploratory"),
            RuleLabel::SameGamesAs(commit) => write!(f, "{SAME_GAMES_AS}{commit}"),
            RuleLabel::NoProvenance => f.write_str("no git provenance"),
        }
    }
}

/// A label the manifest holds that is none of [`RuleLabel`]'s.
#[derive(Debug, PartialEq, Eq)]
pub struct UnknownLabel(pub String);

impl fmt::Display for UnknownLabel {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "`{}` is not a rule label (locked, reproduction, exploratory, same games as \
             COMMIT, no git provenance)",
            beachcomber::spec::one_line(&self.0)
        )
    }
}

impl TryFrom<String> for RuleLabel {
    type Error = UnknownLabel;

    fn try_from(text: String) -> Result<RuleLabel, UnknownLabel> {
        Ok(match text.as_str() {
            "locked" => RuleLabel::Locked,
            "reproduction" => RuleLabel::Reproduction,
            "exploratory" => RuleLabel::Exploratory,
            "no git provenance" => RuleLabel::NoProvenance,
            _ => match text.strip_prefix(SAME_GAMES_AS) {
                Some(commit) if !commit.is_empty() => RuleLabel::SameGamesAs(commit.to_string()),
                _ => return Err(UnknownLabel(text)),
            },
        })
    }
}

impl From<RuleLabel> for String {
    fn from(label: RuleLabel) -> String {
        label.to_string()
    }
}

impl Serialize for RuleLabel {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_str(self)
    }
}

impl<'de> Deserialize<'de> for RuleLabel {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<RuleLabel, D::Error> {
        RuleLabel::try_from(String::deserialize(deserializer)?).map_err(serde::de::Error::custom)
    }
}

/// A commit and its committer date (ISO 8601, as `git log --format=%cI`
/// gives it).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CommitDate {
    /// The full commit hash.
    pub commit: String,
    /// Its committer date.
    pub date: String,
}

/// What the manifest of a run of a criterion records (its `criterion`
/// field).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CriterionRecord {
    /// The criterion's hash: xxh3-64 of its table in canonical form, 16
    /// hex digits.
    pub hash: String,
    /// How the run stands to the committed rule.
    pub label: RuleLabel,
    /// The commit that last changed the criterion, with its date; `None`
    /// without git provenance, or for an exploratory run of an uncommitted
    /// criterion.
    pub commit: Option<CommitDate>,
    /// The run seed.
    pub seed: u64,
    /// The first commit of this file's results (`results/NAME/manifest.json`)
    /// that the criterion's commit already contained: results known when
    /// the rule was committed; `None` when there were none.
    pub results_before: Option<CommitDate>,
    /// The code the run was made from: the repository's `HEAD` and whether
    /// its tree was clean; `None` without git provenance (and in manifests
    /// from before it was recorded).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub code: Option<CodeState>,
    /// The committed results of other files (not this file's own) that
    /// used one of the run's seeds, for a run the lock let through on it
    /// (a reproduction, `same_games_as`): their games were dealt from the
    /// same seed and published before. Empty (and not written) otherwise,
    /// and in manifests from before it was recorded.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub shared_seeds: Vec<SharedSeed>,
}

/// One committed use of a run's seed by another file's results (a
/// [`CriterionRecord::shared_seeds`] entry).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SharedSeed {
    /// The seed.
    pub seed: u64,
    /// The committed manifest that used it (`results/NAME/.../manifest.json`).
    pub by: String,
    /// The commit that brought the version of `by` that used it.
    pub commit: String,
}

/// The code a run was made from (its manifest's `criterion.code`).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CodeState {
    /// The full hash of `HEAD` of the repository holding the experiment
    /// file; `None` when it has no commit.
    pub commit: Option<String>,
    /// Whether the tree was clean: no tracked or untracked change outside
    /// the run's own output folder and ignored paths.
    pub clean: bool,
    /// The first changed path (from the top) when it was not clean.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub changed: Option<String>,
}
