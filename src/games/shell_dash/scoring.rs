//! Final scoring: the outcome and the winners of Shell Dash.

use super::{ShellDash, ShellDashState, WINNING_SHELLS};
use crate::game::{Outcome, SeatSet};

impl ShellDash {
    /// The winners of a finished game: two players, the holder of 3 Shells,
    /// or at the cap the seats with the most Shells (at least one); solo,
    /// seat 0 if it holds 3 Shells.
    pub(crate) fn winners(&self, s: &ShellDashState) -> SeatSet {
        let mut winners = SeatSet::EMPTY;
        let best = s.shells[..self.players].iter().copied().max().unwrap_or(0);
        if self.players == 1 {
            if best >= WINNING_SHELLS {
                winners.insert(0);
            }
        } else if best >= 1 {
            for p in 0..2 {
                if s.shells[p] == best {
                    winners.insert(p);
                }
            }
        }
        winners
    }

    /// The outcome: scores are the Shells by seat (two players) or the
    /// turns played (solo, fewer is better).
    pub(crate) fn final_outcome(&self, s: &ShellDashState) -> Outcome {
        let scores = if self.players == 1 {
            [s.turn as i32].into_iter().collect()
        } else {
            s.shells.iter().map(|&n| n as i32).collect()
        };
        Outcome {
            scores,
            winners: self.winners(s),
        }
    }
}
