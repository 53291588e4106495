//! Fixed rules for comparison with the solved policy: always (or never)
//! spend a Flip-Flop at a Jellyfish, always (or never) reshuffle.

use super::super::{COLUMNS, Phase, ShellDash, ShellDashAction, ShellDashObservation};
use super::Policy;

/// A policy that takes the same decision every time: spend a Flip-Flop at
/// every Jellyfish or never, reshuffle at every turn's end or never, and
/// flip the leftmost face-down card.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct FixedPolicy {
    /// Spend a Flip-Flop at a Jellyfish.
    pub spend: bool,
    /// Reshuffle when offered.
    pub shuffle: bool,
}

impl Policy for FixedPolicy {
    fn choose(&self, _game: &ShellDash, obs: &ShellDashObservation) -> ShellDashAction {
        match obs.phase {
            Phase::Jellyfish => ShellDashAction::FlipFlop(self.spend),
            Phase::Shuffle => ShellDashAction::Shuffle(self.shuffle),
            _ => {
                let row = (obs.down >> (obs.row as u32 * COLUMNS as u32)) & 0b111;
                ShellDashAction::Flip(row.trailing_zeros() as u8)
            }
        }
    }
}
