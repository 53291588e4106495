//! The table of expected turns by turn-start state (rows, Shells held,
//! Flip-Flops held).

use super::super::{MAX_ROWS, START_ROWS, WINNING_SHELLS};

/// Expected turns to finish from the start of a turn, for every turn-start
/// state of the model: the board's rows (3 to 6), the Shells held (0 to 2)
/// and the Flip-Flops held (0 to the deck's Flip-Flops).
#[derive(Clone, Debug, PartialEq)]
pub struct Values {
    flipflops: u16,
    table: Vec<f64>,
}

impl Values {
    /// All zero, for a deck with `flipflops` Flip-Flops.
    pub fn zero(flipflops: u16) -> Values {
        let n = Values::states_for(flipflops);
        Values {
            flipflops,
            table: vec![0.0; n],
        }
    }

    /// The number of turn-start states for a deck with `flipflops`
    /// Flip-Flops.
    pub fn states_for(flipflops: u16) -> usize {
        (MAX_ROWS - START_ROWS + 1) as usize * WINNING_SHELLS as usize * (flipflops as usize + 1)
    }

    /// The number of turn-start states.
    pub fn len(&self) -> usize {
        self.table.len()
    }

    /// Whether the table is empty (never: every deck has states).
    pub fn is_empty(&self) -> bool {
        self.table.is_empty()
    }

    /// The largest expected number of turns of any state.
    pub fn max(&self) -> f64 {
        self.table.iter().copied().fold(0.0, f64::max)
    }

    /// The most Flip-Flops a state may hold.
    pub fn flipflops(&self) -> u16 {
        self.flipflops
    }

    /// The index of a state (`rows` 3..=6, `shells` 0..=2, `held` up to
    /// the deck's Flip-Flops; out-of-range arguments are clamped).
    fn index(&self, rows: u8, shells: u8, held: u16) -> usize {
        let r = rows.clamp(START_ROWS, MAX_ROWS) - START_ROWS;
        let s = shells.min(WINNING_SHELLS - 1);
        let h = held.min(self.flipflops);
        ((r as usize * WINNING_SHELLS as usize) + s as usize) * (self.flipflops as usize + 1)
            + h as usize
    }

    /// Expected turns from the start of a turn with `rows` rows, `shells`
    /// Shells and `held` Flip-Flops.
    pub fn get(&self, rows: u8, shells: u8, held: u16) -> f64 {
        self.table[self.index(rows, shells, held)]
    }

    /// Set the expected turns of a state.
    pub fn set(&mut self, rows: u8, shells: u8, held: u16, value: f64) {
        let i = self.index(rows, shells, held);
        self.table[i] = value;
    }

    /// Every state, in the order the solver updates them: most Shells
    /// first, then most rows, then fewest Flip-Flops (later turns' states
    /// before earlier ones, so that a sweep uses fresh values).
    pub fn states(&self) -> impl Iterator<Item = (u8, u8, u16)> + use<> {
        let flipflops = self.flipflops;
        (0..WINNING_SHELLS).rev().flat_map(move |shells| {
            (START_ROWS..=MAX_ROWS)
                .rev()
                .flat_map(move |rows| (0..=flipflops).map(move |held| (rows, shells, held)))
        })
    }
}
