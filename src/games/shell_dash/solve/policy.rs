//! The solved policy, playing real games from a seat's observation.

use super::super::state::{FLIPFLOP, SHELL};
use super::super::{COLUMNS, KINDS, Phase, ShellDash, ShellDashAction, ShellDashObservation};
use super::walk::{Memo, Pool, Walk};
use super::{Policy, Solution, Values};
use crate::game::Game;

/// Which cards the policy counts as unseen when it looks ahead.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PoolView {
    /// The cards the seat has not seen: the deck and the face-down cards
    /// (the discard pile is known to be out of them until a reshuffle).
    /// The reshuffle decision compares the next turn with and without the
    /// discard pile mixed in.
    Observed,
    /// The model's view: the discard pile counts as unseen (as if always
    /// mixed back), so the policy is exactly the model's; it never
    /// reshuffles.
    Model,
}

/// The solved model's policy for a seat: at a Jellyfish, spend the
/// Flip-Flop when the rest of the walk (its exact expectimax over the
/// unseen cards) is worth more than ending the turn; at a reshuffle
/// decision, reshuffle when the next turn's expected value is better with
/// the discard pile mixed in (with 2 players the next turn is the
/// opponent's: reshuffle when that is worse for the opponent, by the
/// opponent's holdings); flip the leftmost face-down card (in the model the
/// cards of a row are alike). The walker's own Shells and Flip-Flops index
/// the solved values (in a 2-player game, the solo-optimal decision from
/// its own holdings).
#[derive(Clone, Debug)]
pub struct SolvedPolicy {
    values: Values,
    counts: [u16; KINDS],
    view: PoolView,
}

impl SolvedPolicy {
    /// The policy of a solution, looking ahead with `view`.
    pub fn new(solution: &Solution, view: PoolView) -> SolvedPolicy {
        SolvedPolicy {
            values: solution.values.clone(),
            counts: solution.counts,
            view,
        }
    }

    /// The same policy looking ahead with other turn-start values (see
    /// [`calibrate`](super::calibrate)).
    pub fn with_values(&self, values: Values) -> SolvedPolicy {
        SolvedPolicy {
            values,
            counts: self.counts,
            view: self.view,
        }
    }

    /// The turn-start values the policy looks ahead with.
    pub fn values(&self) -> &Values {
        &self.values
    }

    /// The unseen cards of an observation as the policy counts them.
    pub fn pool(&self, obs: &ShellDashObservation) -> Pool {
        let mut pool = self.counts;
        let mut take = |kind: usize, n: u16| pool[kind] = pool[kind].saturating_sub(n);
        let mut up = obs.up;
        while up != 0 {
            let i = up.trailing_zeros() as usize;
            up &= up - 1;
            take(obs.board[i] as usize, 1);
        }
        take(
            FLIPFLOP as usize,
            obs.flipflops[0] + obs.flipflops[1] + obs.spent,
        );
        take(SHELL as usize, (obs.shells[0] + obs.shells[1]) as u16);
        if self.view == PoolView::Observed {
            for (kind, &n) in obs.discard.iter().enumerate() {
                take(kind, n);
            }
        }
        pool
    }
}

impl Policy for SolvedPolicy {
    /// The decision for the seat to move in `obs` (which must await a
    /// decision of a game configured like the solved one).
    fn choose(&self, game: &ShellDash, obs: &ShellDashObservation) -> ShellDashAction {
        let walker = obs.to_move as usize;
        let shells = obs.shells[walker];
        let held = obs.flipflops[walker];
        let mut memo = Memo::default();
        let mut walk = Walk {
            shells,
            values: &self.values,
            memo: &mut memo,
        };
        match obs.phase {
            Phase::Jellyfish => {
                let pool = self.pool(obs);
                let found = shells_up(obs);
                ShellDashAction::FlipFlop(
                    walk.spend_is_better(&pool, obs.row, obs.rows, held, found),
                )
            }
            Phase::Shuffle => {
                if self.view == PoolView::Model {
                    return ShellDashAction::Shuffle(false);
                }
                let keep = self.pool(obs);
                let mut mixed = keep;
                for (kind, &n) in obs.discard.iter().enumerate() {
                    mixed[kind] += n;
                }
                // The next turn is the next walker's: the policy's own in
                // solo, the opponent's with 2 players (then the worse one
                // for the opponent is chosen).
                let next = (walker + 1) % game.players();
                walk.shells = obs.shells[next];
                let held = obs.flipflops[next];
                let no = walk.advance(&keep, 0, obs.rows, held, 0);
                walk.memo.clear();
                let yes = walk.advance(&mixed, 0, obs.rows, held, 0);
                ShellDashAction::Shuffle(if next == walker { yes < no } else { yes > no })
            }
            _ => {
                let row = (obs.down >> (obs.row as u32 * COLUMNS as u32)) & 0b111;
                ShellDashAction::Flip(row.trailing_zeros() as u8)
            }
        }
    }
}

/// Shells revealed in the walk in progress.
fn shells_up(obs: &ShellDashObservation) -> u8 {
    let mut n = 0;
    let mut up = obs.up;
    while up != 0 {
        let i = up.trailing_zeros() as usize;
        up &= up - 1;
        n += u8::from(obs.board[i] == SHELL);
    }
    n
}
