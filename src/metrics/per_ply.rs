//! The per-ply hook of metrics: a [`PlyObserver`] sees the setup and every
//! ply of a game and gives one value per game.
//!
//! [`crate::runner::play_game_observed`] calls the observers before the
//! first decision and after every one; the tournament's game loop plays
//! through it only for a run that asks for a metric of every ply (the
//! game-quality metrics, [`crate::tournament::RunSpec::quality`]), so other
//! runs pay nothing (see [`crate::runner`]).

use crate::game::{Seat, SeatSet};

/// What an observer sees of one ply: the position just after it.
#[derive(Clone, Copy, Debug)]
pub struct Ply<'a> {
    /// Plies played so far, this one included (1 for the first).
    pub number: u32,
    /// The seat that made the decision.
    pub seat: Seat,
    /// The legal actions the seat chose among (1 for a forced decision).
    pub choices: u32,
    /// Each seat's running score were the game to end now
    /// ([`crate::game::Game::running_scores`]).
    pub scores: &'a [i32],
    /// The seats with the best running score (several on a tie for the
    /// lead): [`leaders_of`] the scores.
    pub leaders: SeatSet,
}

/// A metric's view of one game, ply by ply.
pub trait PlyObserver: Send {
    /// Before the first decision: the setup's running scores and their
    /// leaders (position 0). Nothing by default.
    fn start(&mut self, scores: &[i32], leaders: SeatSet) {
        let _ = (scores, leaders);
    }
    /// After each ply, in order.
    fn ply(&mut self, ply: &Ply<'_>);
    /// The game's value, after its last ply, given the game's final
    /// winners ([`crate::game::Outcome::winners`], tie-breaks and forfeits
    /// included; empty when nobody won).
    fn value(&self, winners: SeatSet) -> i64;
}

/// The seats whose score is the best of `scores` (every seat on a tie).
pub fn leaders_of(scores: &[i32]) -> SeatSet {
    let best = scores.iter().copied().max().unwrap_or(0);
    let mut leaders = SeatSet::EMPTY;
    for (seat, &score) in scores.iter().enumerate() {
        if score == best {
            leaders.insert(seat);
        }
    }
    leaders
}
