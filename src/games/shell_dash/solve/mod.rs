//! Solo Shell Dash solved in the *well-mixed model*: value iteration over
//! the turn-start states, with the exact expectimax of every walk.
//!
//! # The model
//! Every card a walk flips is drawn uniformly from the cards nobody has
//! seen, and at the start of every turn the unseen cards are all the
//! cards the walker does not hold (the discard pile is mixed back in): a
//! turn starts from (rows, Shells held, Flip-Flops held) alone, so the
//! model has 4 x 3 x (Flip-Flops + 1) turn-start states (84 for the default
//! deck). Within a turn the model is exact: the cards come from the deck
//! without replacement, Waves, Jellyfish, Flip-Flops (found and spent in
//! the same walk), Suns (a new row up to 6) and Shells follow the rules of
//! [`ShellDash`], and the one decision that matters, spending a
//! Flip-Flop at a Jellyfish, is taken optimally against the values of the
//! next turn's states. The flip choices do not matter in the model (the
//! face-down cards of a row are alike), and the reshuffle decision does not
//! exist in it (the discard pile is always mixed back).
//!
//! The model is not the game: in the game the discard pile stays out of the
//! deck until it is reshuffled, so the unseen cards differ from the model's
//! by the discard pile, and after a reshuffle the face-down places dealt
//! before it are not alike the deck. An exact solution tracks those
//! ([`observable_states_lower_bound`] counts the turn-start states
//! with the discard pile's make-up alone: 5.5 x 10^7 for the default
//! deck, each with a walk of some 3,000 states). The model's optimal
//! policy, played in real games by [`SolvedPolicy`] with the game's true
//! unseen cards, gives the measured number; `docs/bots.md` ("Shell Dash:
//! the skill ceiling") compares both.
//!
//! # The turn cap
//! The model has no cap (`max_turns`): it minimises the expected number of
//! turns to collect 3 Shells. From every state the expected remaining
//! turns are at most `m` = [`Values::max`], so (Markov's inequality, turn
//! blocks of `e m`) a game passes `k` turns with a probability below
//! `exp(-floor(k / (e m)))`; for the default deck and cap this is tiny
//! (`docs/bots.md` gives the number), and the real games measured never
//! reached the cap.
//!
//! # Layout
//! `values.rs` (the table of turn-start values), `walk.rs` (one turn's
//! expectimax), `policy.rs` (the solved policy playing from an
//! observation), `fixed.rs` (fixed rules to compare with), `simulate.rs`
//! (Monte Carlo checks through the engine).

mod fixed;
mod policy;
mod simulate;
mod values;
mod walk;

use std::fmt;

pub use fixed::FixedPolicy;
pub use policy::{PoolView, SolvedPolicy};
pub use simulate::{
    CALIBRATION_MIN_VISITS, DuelSummary, TurnsSummary, calibrate, duel_vs_random, model_games,
    solo_games,
};
pub use values::Values;
pub use walk::Pool;

use super::state::{FLIPFLOP, SHELL};
use super::{COLUMNS, Card, KINDS, MAX_ROWS, START_ROWS, ShellDash, WINNING_SHELLS};
use crate::game::Game;
use walk::{Memo, Walk};

/// A way of taking Shell Dash's decisions from a seat's observation.
pub trait Policy: Sync {
    /// The decision for the seat to move in `obs` (a state awaiting a
    /// decision of `game`).
    fn choose(&self, game: &ShellDash, obs: &super::ShellDashObservation)
    -> super::ShellDashAction;
}

/// The sweeps value iteration may take before it gives up.
pub const MAX_SWEEPS: u32 = 100_000;

/// Why a game could not be solved.
#[derive(Clone, Debug, PartialEq)]
pub enum SolveError {
    /// The solver is for solo games.
    NotSolo {
        /// The players asked for.
        players: usize,
    },
    /// The tolerance is not a positive finite number.
    BadTolerance(f64),
    /// The deck cannot always fill a full board of 6 rows in the model.
    DeckTooSmall {
        /// Cards the walker can never hold (the deck minus 2 Shells and
        /// every Flip-Flop).
        free: usize,
    },
    /// Value iteration did not reach the tolerance.
    NoConvergence {
        /// Sweeps done.
        sweeps: u32,
        /// The largest change of a value in the last sweep.
        change: f64,
    },
}

impl fmt::Display for SolveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SolveError::NotSolo { players } => write!(
                f,
                "the solver plays solo Shell Dash (1 player), not {players} players"
            ),
            SolveError::BadTolerance(t) => {
                write!(f, "the tolerance must be a positive number, not {t}")
            }
            SolveError::DeckTooSmall { free } => write!(
                f,
                "the solver needs a deck whose cards other than 2 Shells and the Flip-Flops \
                 fill a board of 6 rows ({} cards); this deck has {free}",
                MAX_ROWS as usize * COLUMNS
            ),
            SolveError::NoConvergence { sweeps, change } => write!(
                f,
                "value iteration did not converge: the last of {sweeps} sweeps changed a value by {change:e}"
            ),
        }
    }
}

impl std::error::Error for SolveError {}

/// The solved model: the expected turns of every turn-start state.
#[derive(Clone, Debug)]
pub struct Solution {
    /// Expected turns to finish from every turn-start state.
    pub values: Values,
    /// The deck: cards by kind.
    pub counts: [u16; KINDS],
    /// Value-iteration sweeps done (each updates every turn-start state).
    pub sweeps: u32,
    /// The largest change of a value in the last sweep.
    pub change: f64,
    /// Within-turn states evaluated in the last sweep (over all turn-start
    /// states).
    pub walk_states: usize,
}

impl Solution {
    /// The optimal expected number of turns of a new game.
    pub fn expected_turns(&self) -> f64 {
        self.values.get(START_ROWS, 0, 0)
    }

    /// The number of turn-start states.
    pub fn turn_start_states(&self) -> usize {
        self.values.len()
    }
}

/// The unseen cards at the start of a turn in the model: the deck minus
/// the Shells and Flip-Flops held.
pub fn model_pool(counts: &[u16; KINDS], shells: u8, held: u16) -> Pool {
    let mut pool = *counts;
    pool[SHELL as usize] -= shells as u16;
    pool[FLIPFLOP as usize] -= held;
    pool
}

/// Solve solo `game` in the well-mixed model by value iteration (in place,
/// later turns' states first), until no value changes by `tolerance` or
/// more in a sweep.
pub fn solve(game: &ShellDash, tolerance: f64) -> Result<Solution, SolveError> {
    if game.players() != 1 {
        return Err(SolveError::NotSolo {
            players: game.players(),
        });
    }
    if !(tolerance.is_finite() && tolerance > 0.0) {
        return Err(SolveError::BadTolerance(tolerance));
    }
    let counts = game.deck_counts();
    let flipflops = counts[FLIPFLOP as usize];
    let total: usize = counts.iter().map(|&c| c as usize).sum();
    let free = total - (WINNING_SHELLS as usize - 1) - flipflops as usize;
    if free < MAX_ROWS as usize * COLUMNS {
        return Err(SolveError::DeckTooSmall { free });
    }
    let mut values = Values::zero(flipflops);
    let mut memo = Memo::default();
    let states: Vec<(u8, u8, u16)> = values.states().collect();
    let mut sweeps = 0;
    loop {
        sweeps += 1;
        let mut change = 0.0f64;
        let mut walk_states = 0;
        for &(rows, shells, held) in &states {
            memo.clear();
            let pool = model_pool(&counts, shells, held);
            let v = 1.0
                + Walk {
                    shells,
                    values: &values,
                    memo: &mut memo,
                }
                .advance(&pool, 0, rows, held, 0);
            walk_states += memo.len();
            change = change.max((v - values.get(rows, shells, held)).abs());
            values.set(rows, shells, held, v);
        }
        if change < tolerance {
            return Ok(Solution {
                values,
                counts,
                sweeps,
                change,
                walk_states,
            });
        }
        if sweeps >= MAX_SWEEPS {
            return Err(SolveError::NoConvergence { sweeps, change });
        }
    }
}

/// A lower bound on the number of observable turn-start states of the
/// real solo game: rows, Shells held, Flip-Flops held and the discard
/// pile's make-up (the unseen cards are the rest). The true number is
/// larger: after a reshuffle, which face-down places were dealt before it
/// is observable too.
pub fn observable_states_lower_bound(counts: &[u16; KINDS]) -> u128 {
    let rows = (MAX_ROWS - START_ROWS + 1) as u128;
    let mut sum = 0u128;
    for shells in 0..WINNING_SHELLS as u16 {
        for held in 0..=counts[Card::FlipFlop as usize] {
            let mut product = 1u128;
            for (kind, &n) in counts.iter().enumerate() {
                let cap = match kind as u8 {
                    SHELL => n - shells,
                    FLIPFLOP => n - held,
                    _ => n,
                };
                product *= cap as u128 + 1;
            }
            sum += rows * product;
        }
    }
    sum
}
