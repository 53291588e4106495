//! Final scoring: the outcome and the winners of Shell Dash.

use super::{ShellDash, ShellDashState, WINNING_SHELLS};
use arrayvec::ArrayVec;

use crate::game::{MAX_SEATS, Outcome, SeatSet};

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

    /// The scores were the game to end now (the running score of
    /// [`crate::game::Game::running_scores`]): the Shells held by seat (two
    /// players: Shells revealed on a walk not yet complete are not held),
    /// or the turns played so far (solo).
    pub(crate) fn scores_now(&self, s: &ShellDashState) -> ArrayVec<i32, MAX_SEATS> {
        if self.players == 1 {
            [s.turn as i32].into_iter().collect()
        } else {
            s.shells.iter().map(|&n| i32::from(n)).collect()
        }
    }

    /// The outcome: scores are the Shells by seat (two players) or the
    /// turns played (solo, fewer is better).
    pub(crate) fn final_outcome(&self, s: &ShellDashState) -> Outcome {
        Outcome {
            scores: self.scores_now(s),
            winners: self.winners(s),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::state::SHELL;
    use super::super::{DEFAULT_DECK, Phase};
    use super::*;
    use crate::game::Game;
    use crate::rng::rng_from_seed;

    #[test]
    fn the_running_score_is_the_shells_held_not_those_on_the_walk() {
        let game = ShellDash::new(2, DEFAULT_DECK, 200).unwrap();
        let mut s = game.new_game(&mut rng_from_seed(3));
        s.shells = [1, 2];
        // A Shell revealed on seat 0's walk is not held yet.
        s.board[0] = SHELL;
        s.up |= 1;
        s.phase = Phase::Flip;
        assert_eq!(game.running_scores(&s).as_slice(), &[1, 2]);
        assert_eq!(game.running_scores(&s), game.outcome(&s).scores);
        // Solo: the turns so far.
        let solo = ShellDash::new(1, DEFAULT_DECK, 200).unwrap();
        let mut s = solo.new_game(&mut rng_from_seed(3));
        s.turn = 7;
        assert_eq!(solo.running_scores(&s).as_slice(), &[7]);
    }
}
