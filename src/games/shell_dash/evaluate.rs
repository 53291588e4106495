//! The [`Evaluate`] impl of Shell Dash (see the module docs).

use super::state::SHELL;
use super::{Phase, ShellDash, ShellDashState, WINNING_SHELLS};
use crate::game::{Evaluate, Seat};

impl ShellDash {
    /// A seat's progress (see the module docs).
    fn progress(&self, s: &ShellDashState, seat: Seat) -> f64 {
        let mut v = s.shells[seat] as f64 + 0.25 * s.flipflops[seat] as f64;
        if s.phase != Phase::Over && s.to_move as usize == seat {
            let mut pending = 0;
            let mut up = s.up;
            while up != 0 {
                let i = up.trailing_zeros() as usize;
                up &= up - 1;
                if s.board[i] == SHELL {
                    pending += 1;
                }
            }
            let rows_left = s.rows.saturating_sub(s.row) as i32;
            v += pending as f64 * 0.5f64.powi(rows_left);
        }
        v
    }
}

impl Evaluate for ShellDash {
    fn evaluate(&self, s: &ShellDashState, seat: Seat) -> f64 {
        let own = self.progress(s, seat);
        if self.players == 1 {
            own - 0.01 * s.turn as f64
        } else {
            own - self.progress(s, 1 - seat)
        }
    }

    fn final_margin(&self, s: &ShellDashState, seat: Seat) -> f64 {
        if self.players == 1 {
            if s.shells[0] >= WINNING_SHELLS {
                (self.max_turns - s.turn + 1) as f64 / self.max_turns as f64
            } else {
                -1.0
            }
        } else {
            ((s.shells[seat] as f64 - s.shells[1 - seat] as f64) / 3.0).clamp(-1.0, 1.0)
        }
    }
}
