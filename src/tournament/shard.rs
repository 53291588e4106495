//! A part of a run for one machine or job: [`Shard`].

use std::fmt;

use serde::{Deserialize, Serialize};

use super::RunSpec;

/// A part of a run for one machine or job: the deals whose number is
/// `index` modulo `count` (a deal's games stay together), with exactly the
/// seeds of the whole run. [`Shard::WHOLE`] is the whole run.
///
/// A shard's games are numbered locally `0..shard.games(spec)` in the order
/// of the whole run ([`Shard::global`] gives a game's number in the run).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Shard {
    /// Which part, `0..count`.
    pub index: u64,
    /// How many parts.
    pub count: u64,
}

/// Why a shard is invalid.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ShardError(pub String);

impl fmt::Display for ShardError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for ShardError {}

impl Shard {
    /// The whole run.
    pub const WHOLE: Shard = Shard { index: 0, count: 1 };

    /// Part `index` of `count` (`index < count`).
    pub fn new(index: u64, count: u64) -> Result<Shard, ShardError> {
        if count == 0 || index >= count {
            return Err(ShardError(format!(
                "shard {index}/{count}: the index must be below the count (0 <= I < N, N >= 1)"
            )));
        }
        Ok(Shard { index, count })
    }

    /// Parse `I/N`.
    pub fn parse(text: &str) -> Result<Shard, ShardError> {
        let bad = || {
            ShardError(format!(
                "`{}` is not a shard: write I/N with 0 <= I < N, e.g. 0/3",
                crate::spec::one_line(text)
            ))
        };
        let (i, n) = text.trim().split_once('/').ok_or_else(bad)?;
        let i: u64 = i.trim().parse().map_err(|_| bad())?;
        let n: u64 = n.trim().parse().map_err(|_| bad())?;
        Shard::new(i, n)
    }

    /// Whether this is the whole run.
    pub fn is_whole(&self) -> bool {
        self.count == 1
    }

    /// The deals of `spec` in this shard.
    pub fn deals(&self, spec: &RunSpec) -> u64 {
        if spec.deals > self.index {
            (spec.deals - self.index - 1) / self.count + 1
        } else {
            0
        }
    }

    /// The games of `spec` in this shard.
    pub fn games(&self, spec: &RunSpec) -> u64 {
        self.deals(spec) * spec.games_per_deal()
    }

    /// The number in the whole run of this shard's game `local`.
    pub fn global(&self, spec: &RunSpec, local: u64) -> u64 {
        let per_deal = spec.games_per_deal();
        (self.index + (local / per_deal) * self.count) * per_deal + local % per_deal
    }
}

impl fmt::Display for Shard {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}/{}", self.index, self.count)
    }
}
