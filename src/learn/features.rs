//! What a learned evaluation reads of a position: one seat's observation
//! tensor ([`Encode`], which holds only what the seat may see), optionally
//! followed by the game's hand-written evaluation of the position
//! ([`Evaluate::evaluate`]) for that seat.
//!
//! The evaluation reads the state it is given, so callers hand it a world
//! determinized from the seat's view (as `greedy` does), never the true
//! state, where it could read hidden things.

use std::fmt;

use crate::encode::Encode;
use crate::game::{Evaluate, Seat};

/// Which features a model reads, in order.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum FeatureSet {
    /// The seat's observation tensor only (`encoding`).
    Encoding,
    /// The observation tensor, then the game's evaluation for the seat
    /// (`encoding+evaluate`): one more entry.
    EncodingEvaluate,
}

impl FeatureSet {
    /// Every feature set, in the order of [`FeatureSet::NAMES`].
    pub const ALL: [FeatureSet; 2] = [FeatureSet::Encoding, FeatureSet::EncodingEvaluate];
    /// The names model files use.
    pub const NAMES: [&'static str; 2] = ["encoding", "encoding+evaluate"];

    /// The set's name in model files.
    pub fn name(self) -> &'static str {
        Self::NAMES[self as usize]
    }

    /// The set named `name`, or `None`.
    pub fn from_name(name: &str) -> Option<FeatureSet> {
        Self::NAMES
            .iter()
            .position(|n| *n == name)
            .map(|i| Self::ALL[i])
    }

    /// The number of features for a game whose encoding has
    /// `encoding_len` entries.
    pub fn len(self, encoding_len: usize) -> usize {
        match self {
            FeatureSet::Encoding => encoding_len,
            FeatureSet::EncodingEvaluate => encoding_len + 1,
        }
    }

    /// Write the features of `world` for `seat` into `out` (exactly
    /// [`FeatureSet::len`] entries): `world` is the true state or a world
    /// determinized from `seat`'s view (the evaluation, unlike the
    /// encoding, reads the state it is given). Allocation-free.
    pub fn write<G: Evaluate + Encode>(
        self,
        game: &G,
        world: &G::State,
        seat: Seat,
        out: &mut [f32],
    ) {
        match self {
            FeatureSet::Encoding => game.encode(world, seat, out),
            FeatureSet::EncodingEvaluate => {
                let (encoding, rest) = out.split_at_mut(out.len() - 1);
                game.encode(world, seat, encoding);
                rest[0] = game.evaluate(world, seat) as f32;
            }
        }
    }
}

impl fmt::Display for FeatureSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}
