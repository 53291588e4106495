//! One turn of solo Shell Dash in the well-mixed model: the exact
//! expectimax of a walk, card by card, given the values of the next turn's
//! starting states.

use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};

use super::super::state::{FLIPFLOP, JELLYFISH, SHELL, SUN, WAVE};
use super::super::{COLUMNS, KINDS, MAX_ROWS, WINNING_SHELLS};
use super::values::Values;

/// A multiply-xorshift hasher for the packed memo keys (the keys are
/// already well mixed by the packing; SipHash would dominate the cost).
#[derive(Default)]
pub(crate) struct KeyHasher(u64);

impl Hasher for KeyHasher {
    fn finish(&self) -> u64 {
        self.0
    }
    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 = (self.0 ^ b as u64).wrapping_mul(0x100_0000_01B3);
        }
    }
    fn write_u128(&mut self, n: u128) {
        let x = (n as u64) ^ ((n >> 64) as u64).rotate_left(29);
        let x = x.wrapping_mul(0x9E37_79B9_7F4A_7C15);
        self.0 = x ^ (x >> 31);
    }
}

/// The memo of a walk: packed within-turn state to expected turns after
/// this one.
pub(crate) type Memo = HashMap<u128, f64, BuildHasherDefault<KeyHasher>>;

/// Cards by kind that are still unseen (face-down or in the deck), as the
/// model draws them: every unseen card equally likely at every flip.
pub type Pool = [u16; KINDS];

/// The walk of one turn: the walker's Shells before it, the values of the
/// next turn's starting states, and the memo of the within-turn states.
pub(crate) struct Walk<'a> {
    /// Shells held at the start of the turn.
    pub shells: u8,
    /// Expected turns from each turn-start state.
    pub values: &'a Values,
    /// Within-turn states already evaluated.
    pub memo: &'a mut Memo,
}

impl Walk<'_> {
    /// Expected turns after this one when about to flip a card of row `row`
    /// (`left` face-down cards there, every later row full), with `held`
    /// Flip-Flops in hand and `found` Shells revealed in this walk.
    pub fn flip(&mut self, pool: &Pool, row: u8, left: u8, rows: u8, held: u16, found: u8) -> f64 {
        let key = pack(pool, row, left, rows, held, found);
        if let Some(&v) = self.memo.get(&key) {
            return v;
        }
        let n: u32 = pool.iter().map(|&c| c as u32).sum();
        if n == 0 {
            // Nothing left to draw (cannot happen for the decks the solver
            // accepts): walk on as if the row were empty.
            return self.advance(pool, row + 1, rows, held, found);
        }
        let mut total = 0.0;
        for kind in 0..KINDS {
            let count = pool[kind];
            if count == 0 {
                continue;
            }
            let p = count as f64 / n as f64;
            let mut next = *pool;
            next[kind] -= 1;
            let v = match kind as u8 {
                WAVE => {
                    if left > 1 {
                        self.flip(&next, row, left - 1, rows, held, found)
                    } else {
                        self.fail(rows, held)
                    }
                }
                JELLYFISH => {
                    let keep = self.fail(rows, held);
                    if held > 0 {
                        let spend = self.advance(&next, row + 1, rows, held - 1, found);
                        spend.min(keep)
                    } else {
                        keep
                    }
                }
                FLIPFLOP => self.advance(&next, row + 1, rows, held + 1, found),
                SUN => self.advance(&next, row + 1, (rows + 1).min(MAX_ROWS), held, found),
                SHELL => self.advance(&next, row + 1, rows, held, found + 1),
                // Sand.
                _ => self.advance(&next, row + 1, rows, held, found),
            };
            total += p * v;
        }
        self.memo.insert(key, total);
        total
    }

    /// Expected turns after this one when the walker advances to row `row`
    /// (past the last row: the walk completes).
    pub fn advance(&mut self, pool: &Pool, row: u8, rows: u8, held: u16, found: u8) -> f64 {
        if row < rows {
            return self.flip(pool, row, COLUMNS as u8, rows, held, found);
        }
        let shells = self.shells as u32 + found as u32;
        if shells >= WINNING_SHELLS as u32 {
            0.0
        } else {
            self.values.get(rows, shells as u8, held)
        }
    }

    /// Expected turns after a walk that ends early.
    pub fn fail(&self, rows: u8, held: u16) -> f64 {
        self.values.get(rows, self.shells, held)
    }

    /// At a Jellyfish with a Flip-Flop in hand (the Jellyfish already out of
    /// `pool`): whether spending it (advancing from row `row`) is strictly
    /// better than ending the turn.
    pub fn spend_is_better(
        &mut self,
        pool: &Pool,
        row: u8,
        rows: u8,
        held: u16,
        found: u8,
    ) -> bool {
        let spend = self.advance(pool, row + 1, rows, held - 1, found);
        spend < self.fail(rows, held)
    }
}

/// The within-turn state in 128 bits: 6 counts of 9 bits, then row, left,
/// rows (3 bits each), held (9 bits) and found (5 bits).
fn pack(pool: &Pool, row: u8, left: u8, rows: u8, held: u16, found: u8) -> u128 {
    let mut k = 0u128;
    for &c in pool {
        k = (k << 9) | c as u128;
    }
    k = (k << 3) | row as u128;
    k = (k << 3) | left as u128;
    k = (k << 3) | rows as u128;
    k = (k << 9) | held as u128;
    (k << 5) | found as u128
}
