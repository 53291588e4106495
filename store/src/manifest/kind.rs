//! What kind of run a manifest describes, as data: a tournament with its
//! optional sequential test, a league with its resamples and anchors, a
//! sweep with its records and comparison.
//!
//! The manifest is an output, so a [`RunKind`] is written as the manifest
//! has always written it (format 4): a `"command"` name and `"settings"`,
//! a list of `[KEY, VALUE]` pairs of canonical text. [`RunKind::to_raw`]
//! and [`RunKind::from_raw`] are that mapping, the only place where the
//! command names are spelled; reading accepts exactly what writing gives
//! back, byte for byte.

use std::fmt;

use beachcomber::compare::CompareSpec;
use beachcomber::stats::sprt::Sprt;
use beachcomber::tournament::Plan;

use crate::counts::Resamples;

/// The kind of a run, with the settings that change its output beyond
/// its plan.
///
/// A run that plays in rounds (the design-space search of issue 37, which
/// plays candidates, drops some and plays again) is the next variant:
/// matches on a `RunKind` outside this crate need a wildcard arm.
#[derive(Clone, Debug, PartialEq)]
#[non_exhaustive]
pub enum RunKind {
    /// Bots play one game (`beachcomber tournament`).
    Tournament {
        /// Stop when this sequential test decides (a run of two bots).
        sprt: Option<Sprt>,
    },
    /// Bots rated in round robins (`beachcomber league`), one part per
    /// league.
    League {
        /// Games per pairing, kept for a single unlabelled league only.
        games_per_pairing: Option<u64>,
        /// Bootstrap resamples of the rating intervals.
        resamples: Resamples,
        /// Each league's anchor: an index into its part's bots (0: the
        /// first bot).
        anchors: Vec<usize>,
    },
    /// Every combination of options, player counts and lineups
    /// (`beachcomber sweep`), one part per combination.
    Sweep {
        /// Whether every game's record is kept.
        records: bool,
        /// The comparison with a baseline combination, if any.
        compare: Option<CompareSpec>,
    },
}

/// A manifest's `command` and `settings` that are no run kind of this
/// program (or not in the canonical form it writes).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum KindError {
    /// The command is none this program writes.
    UnknownCommand(String),
    /// A setting's value does not parse.
    BadSetting {
        /// The setting's key.
        key: String,
        /// Why.
        reason: String,
    },
    /// The settings are not those this program writes for the kind.
    NotCanonical(String),
}

impl fmt::Display for KindError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            KindError::UnknownCommand(c) => write!(f, "`{c}` is no kind of run"),
            KindError::BadSetting { key, reason } => write!(f, "the setting `{key}`: {reason}"),
            KindError::NotCanonical(c) => {
                write!(f, "the settings of a `{c}` run are not in canonical form")
            }
        }
    }
}

impl std::error::Error for KindError {}

/// The manifest setting holding the baseline (`key=value,...`).
const BASELINE_SETTING: &str = "baseline";
/// The manifest setting holding the margins (`metric=value,...`).
const MARGINS_SETTING: &str = "margins";
/// The manifest setting holding the seats a criterion names (`first`,
/// `each`, `best-worst`, `0,2`), only when named.
const SEATS_SETTING: &str = "seats";
/// The manifest setting holding the declared trends (`X:FIT[:KEYS];...`).
const TRENDS_SETTING: &str = "trends";

impl RunKind {
    /// The command's name, as the manifest's `"command"` writes it.
    pub fn command(&self) -> &'static str {
        match self {
            RunKind::Tournament { .. } => "tournament",
            RunKind::League { .. } => "league",
            RunKind::Sweep { .. } => "sweep",
        }
    }

    /// Whether the run writes into a folder (a sweep).
    pub fn writes_a_folder(&self) -> bool {
        matches!(self, RunKind::Sweep { .. })
    }

    /// Whether the run writes a league's pairs CSV beside its summary.
    pub fn writes_pairs(&self) -> bool {
        matches!(self, RunKind::League { .. })
    }

    /// The sweep's comparison, if it has one.
    pub fn compare(&self) -> Option<&CompareSpec> {
        match self {
            RunKind::Sweep { compare, .. } => compare.as_ref(),
            _ => None,
        }
    }

    /// The manifest's `"command"` and `"settings"` of this kind for `plan`
    /// (a league's anchors are written by bot name, keyed `anchor` for a
    /// single unlabelled league, `anchor.P` for part `P` of a plan of
    /// leagues, and only where not the first bot).
    pub fn to_raw(&self, plan: &Plan) -> (&'static str, Vec<(String, String)>) {
        let settings = match self {
            RunKind::Tournament { sprt } => sprt
                .as_ref()
                .map(|t| vec![("sprt".to_string(), t.to_string())])
                .unwrap_or_default(),
            RunKind::League {
                games_per_pairing,
                resamples,
                anchors,
            } => {
                let mut settings = Vec::new();
                if let Some(n) = games_per_pairing {
                    settings.push(("games_per_pairing".to_string(), n.to_string()));
                }
                settings.push(("resamples".to_string(), resamples.to_string()));
                let labelled = labelled(plan);
                for (p, (&anchor, part)) in anchors.iter().zip(&plan.parts).enumerate() {
                    if anchor != 0
                        && let Some(bot) = part.run.bots().get(anchor)
                    {
                        settings.push((anchor_key(p, labelled), bot.clone()));
                    }
                }
                settings
            }
            RunKind::Sweep { records, compare } => {
                let mut settings = vec![("records".to_string(), records.to_string())];
                if let Some(spec) = compare {
                    settings.push((BASELINE_SETTING.to_string(), spec.baseline_text()));
                    if !spec.margins.is_empty() {
                        settings.push((MARGINS_SETTING.to_string(), spec.margins_text()));
                    }
                    if !spec.trends.is_empty() {
                        settings.push((TRENDS_SETTING.to_string(), spec.trends_text()));
                    }
                    if let Some(seats) = spec.seats_text() {
                        settings.push((SEATS_SETTING.to_string(), seats));
                    }
                }
                settings
            }
        };
        (self.command(), settings)
    }

    /// The kind a manifest's `command` and `settings` describe for `plan`:
    /// exactly what [`RunKind::to_raw`] writes, else an error.
    pub fn from_raw(
        command: &str,
        settings: &[(String, String)],
        plan: &Plan,
    ) -> Result<RunKind, KindError> {
        let get = |key: &str| settings.iter().find(|(k, _)| k == key).map(|(_, v)| v);
        let bad = |key: &str, reason: String| KindError::BadSetting {
            key: key.to_string(),
            reason,
        };
        let kind = match command {
            "tournament" => RunKind::Tournament {
                sprt: get("sprt")
                    .map(|v| v.parse::<Sprt>().map_err(|e| bad("sprt", e.to_string())))
                    .transpose()?,
            },
            "league" => {
                let labelled = labelled(plan);
                let anchors = plan
                    .parts
                    .iter()
                    .enumerate()
                    .map(|(p, part)| {
                        get(&anchor_key(p, labelled))
                            .and_then(|bot| part.run.bots().iter().position(|b| b == bot))
                            .unwrap_or(0)
                    })
                    .collect();
                RunKind::League {
                    games_per_pairing: get("games_per_pairing")
                        .map(|v| v.parse().map_err(|_| bad("games_per_pairing", number(v))))
                        .transpose()?,
                    resamples: get("resamples")
                        .ok_or_else(|| bad("resamples", "missing".to_string()))?
                        .parse()
                        .map_err(|_| bad("resamples", number(get("resamples").unwrap())))
                        .and_then(|n| {
                            Resamples::new(n).map_err(|e| bad("resamples", e.to_string()))
                        })?,
                    anchors,
                }
            }
            "sweep" => {
                let records = match get("records").map(String::as_str) {
                    Some("true") => true,
                    Some("false") | None => false,
                    Some(other) => return Err(bad("records", format!("`{other}` is no bool"))),
                };
                let compare = match get(BASELINE_SETTING) {
                    None => None,
                    Some(baseline) => {
                        let mut spec = CompareSpec {
                            baseline: beachcomber::compare::parse_pairs(baseline)
                                .map_err(|e| bad(BASELINE_SETTING, e.to_string()))?,
                            ..CompareSpec::default()
                        };
                        if let Some(m) = get(MARGINS_SETTING) {
                            spec.add_margins(m)
                                .map_err(|e| bad(MARGINS_SETTING, e.to_string()))?;
                        }
                        if let Some(t) = get(TRENDS_SETTING) {
                            spec.add_trends(t)
                                .map_err(|e| bad(TRENDS_SETTING, e.to_string()))?;
                        }
                        if let Some(s) = get(SEATS_SETTING) {
                            spec.seats = Some(
                                beachcomber::compare::Seats::parse(s)
                                    .map_err(|e| bad(SEATS_SETTING, e.to_string()))?,
                            );
                        }
                        Some(spec)
                    }
                };
                RunKind::Sweep { records, compare }
            }
            other => return Err(KindError::UnknownCommand(other.to_string())),
        };
        if kind.to_raw(plan).1 != settings {
            return Err(KindError::NotCanonical(command.to_string()));
        }
        Ok(kind)
    }
}

/// `` `V` is not a number ``.
fn number(v: &str) -> String {
    format!("`{v}` is not a number")
}

/// Whether `plan` is of labelled leagues (its parts carry values).
fn labelled(plan: &Plan) -> bool {
    plan.parts.first().is_some_and(|p| !p.values.is_empty())
}

/// The settings key naming part `part`'s anchor.
fn anchor_key(part: usize, labelled: bool) -> String {
    if labelled {
        format!("anchor.{part}")
    } else {
        "anchor".to_string()
    }
}

#[cfg(test)]
#[path = "kind_tests.rs"]
mod tests;
