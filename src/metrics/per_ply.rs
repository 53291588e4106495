//! The per-ply hook of metrics: a [`PlyObserver`] sees every ply of a game
//! and gives one value per game.
//!
//! [`crate::runner::play_game_observed`] calls the observers after every
//! decision; the tournament's game loop plays through it only when some
//! metric of the registry has an observer
//! ([`super::registry::OBSERVES_PLIES`], a constant), so runs whose
//! metrics need no ply pay nothing (see [`crate::runner`]).

use crate::game::{Seat, SeatSet};

/// What an observer sees of one ply: the position just after it.
#[derive(Clone, Copy, Debug)]
pub struct Ply<'a> {
    /// Plies played so far, this one included (1 for the first).
    pub number: u32,
    /// The seat that made the decision.
    pub seat: Seat,
    /// Each seat's score were the game to end now
    /// ([`crate::game::Game::outcome`]).
    pub scores: &'a [i32],
    /// The seats that would win were the game to end now.
    pub leaders: SeatSet,
}

/// A metric's view of one game, ply by ply.
pub trait PlyObserver: Send {
    /// After each ply, in order.
    fn ply(&mut self, ply: &Ply<'_>);
    /// The game's value, after its last ply.
    fn value(&self) -> i64;
}
