//! A finished game's win shares and ranks per seat: win shares are kept in
//! units of 1/60 ([`SHARE_UNIT`]; 60 is divisible by every tie size 1..=5)
//! so that the totals' sums stay exact integers.

use arrayvec::ArrayVec;

use super::GameResult;
use crate::game::MAX_SEATS;

/// Win-share units per whole win.
pub const SHARE_UNIT: u64 = 60;

/// The rank of every seat in `result` (1 = best, standard competition
/// ranking): a seat is beaten by every seat that shares the win when it
/// does not, and, among seats alike in that, by every higher score.
pub fn ranks(result: &GameResult) -> ArrayVec<u64, MAX_SEATS> {
    let o = &result.outcome;
    let n = o.scores.len();
    let beats = |t: usize, s: usize| {
        let (wt, ws) = (o.winners.contains(t), o.winners.contains(s));
        (wt && !ws) || (wt == ws && o.scores[t] > o.scores[s])
    };
    (0..n)
        .map(|s| 1 + (0..n).filter(|&t| beats(t, s)).count() as u64)
        .collect()
}

/// The win share of `seat` in `result`, in units of 1 / [`SHARE_UNIT`]
/// (a win shared by `k` seats gives each `SHARE_UNIT / k`).
pub(super) fn share60(result: &GameResult, seat: usize) -> u64 {
    let w = &result.outcome.winners;
    if w.contains(seat) {
        SHARE_UNIT / w.len() as u64
    } else {
        0
    }
}
