//! Pairwise decomposition of a multi-player game's final ranking, for
//! [`super::bradley_terry`].
//!
//! A game of `P` players is read as the `P (P - 1) / 2` two-player results
//! it contains: for every two seats held by **different** bots, the one
//! ranked better won, equal ranks tied. Seats held by copies of one bot
//! say nothing about the ratings and are skipped. Fitting Bradley-Terry to
//! these pairs maximizes a pairwise (composite) likelihood: the estimate is
//! consistent, but the pairs of one game are not independent, so intervals
//! that treat them as independent games would be too narrow. Resample whole
//! deals ([`super::bradley_terry::bootstrap`]) instead.
//!
//! ```
//! use beachcomber::stats::pairwise::{pairwise_from_ranks, ranks_from_scores};
//! // Seats held by bots 0, 1, 0, 2 scoring 5, 9, 5, 1.
//! let ranks = ranks_from_scores(&[5, 9, 5, 1]);
//! assert_eq!(ranks, vec![2, 1, 2, 4]);
//! let pairs = pairwise_from_ranks(&[0, 1, 0, 2], &ranks).unwrap();
//! assert_eq!(pairs.len(), 3); // (0,1), (0,2), (1,2)
//! assert_eq!((pairs[0].a_wins, pairs[0].b_wins), (0, 2)); // bot 1 beat both 0s
//! ```

use std::fmt;

use super::bradley_terry::PairResult;

/// The seats' bots and ranks do not fit together.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LengthMismatch {
    /// Number of seats' bots given.
    pub bots: usize,
    /// Number of ranks given.
    pub ranks: usize,
}

impl fmt::Display for LengthMismatch {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "one rank per seat is needed: {} seats' bots but {} ranks",
            self.bots, self.ranks
        )
    }
}

impl std::error::Error for LengthMismatch {}

/// Standard competition ranks ("1224") from per-seat scores, higher score
/// better: a seat's rank is 1 + the number of seats that scored strictly
/// more. Equal scores share a rank. (For a game decided by a winners set
/// rather than scores, rank the winners 1 and everyone else 2.)
pub fn ranks_from_scores(scores: &[i32]) -> Vec<u32> {
    scores
        .iter()
        .map(|&s| 1 + scores.iter().filter(|&&t| t > s).count() as u32)
        .collect()
}

/// The pairwise results of one game: `bots[seat]` is the bot (an index into
/// the caller's list) in each seat, `ranks[seat]` its final rank (lower is
/// better, equal ranks tie). Returns one [`PairResult`] per pair of distinct
/// bots present, with `a < b`, sorted by `(a, b)`, counting one result per
/// pair of seats (so a bot with two copies in the game meets each other bot
/// twice).
pub fn pairwise_from_ranks(
    bots: &[usize],
    ranks: &[u32],
) -> Result<Vec<PairResult>, LengthMismatch> {
    if bots.len() != ranks.len() {
        return Err(LengthMismatch {
            bots: bots.len(),
            ranks: ranks.len(),
        });
    }
    let mut out: Vec<PairResult> = Vec::new();
    for s in 0..bots.len() {
        for t in s + 1..bots.len() {
            if bots[s] == bots[t] {
                continue;
            }
            // Orient the pair as (lower bot index, higher).
            let (a, b, rank_a, rank_b) = if bots[s] < bots[t] {
                (bots[s], bots[t], ranks[s], ranks[t])
            } else {
                (bots[t], bots[s], ranks[t], ranks[s])
            };
            let entry = match out.iter_mut().find(|p| p.a == a && p.b == b) {
                Some(entry) => entry,
                None => {
                    out.push(PairResult {
                        a,
                        b,
                        ..PairResult::default()
                    });
                    out.last_mut().expect("just pushed")
                }
            };
            match rank_a.cmp(&rank_b) {
                std::cmp::Ordering::Less => entry.a_wins += 1,
                std::cmp::Ordering::Equal => entry.ties += 1,
                std::cmp::Ordering::Greater => entry.b_wins += 1,
            }
        }
    }
    out.sort_by_key(|p| (p.a, p.b));
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pair(a: usize, b: usize, a_wins: u32, ties: u32, b_wins: u32) -> PairResult {
        PairResult::new(a, b, a_wins, ties, b_wins)
    }

    #[test]
    fn ranks_from_scores_are_competition_ranks() {
        assert_eq!(ranks_from_scores(&[3, 7, 7, 1]), vec![3, 1, 1, 4]);
        assert_eq!(ranks_from_scores(&[2, 2]), vec![1, 1]);
        assert_eq!(ranks_from_scores(&[-1, 0, 5]), vec![3, 2, 1]);
        assert_eq!(ranks_from_scores(&[]), Vec::<u32>::new());
    }

    #[test]
    fn four_distinct_bots_give_six_pairs() {
        // Bots 3, 1, 0, 2 in seats 0..4 finish 2nd, 1st, 4th, 2nd.
        let pairs = pairwise_from_ranks(&[3, 1, 0, 2], &[2, 1, 4, 2]).unwrap();
        assert_eq!(
            pairs,
            vec![
                pair(0, 1, 0, 0, 1),
                pair(0, 2, 0, 0, 1),
                pair(0, 3, 0, 0, 1),
                pair(1, 2, 1, 0, 0),
                pair(1, 3, 1, 0, 0),
                pair(2, 3, 0, 1, 0),
            ]
        );
    }

    #[test]
    fn copies_of_a_bot_are_not_compared_with_each_other() {
        // Bot 5 against three copies of bot 2: three results for (2, 5).
        let pairs = pairwise_from_ranks(&[2, 5, 2, 2], &[1, 2, 3, 2]).unwrap();
        assert_eq!(pairs, vec![pair(2, 5, 1, 1, 1)]);
        // One bot everywhere: nothing.
        assert!(
            pairwise_from_ranks(&[4, 4, 4], &[1, 2, 3])
                .unwrap()
                .is_empty()
        );
        // Two players: one pair; the orientation follows the bot indices.
        assert_eq!(
            pairwise_from_ranks(&[1, 0], &[1, 2]).unwrap(),
            vec![pair(0, 1, 0, 0, 1)]
        );
    }

    #[test]
    fn mismatched_lengths_are_refused() {
        let err = pairwise_from_ranks(&[0, 1, 2], &[1, 2]).unwrap_err();
        assert_eq!(
            err.to_string(),
            "one rank per seat is needed: 3 seats' bots but 2 ranks"
        );
    }

    #[test]
    fn decomposed_games_feed_bradley_terry() {
        use crate::stats::bradley_terry::{FitConfig, fit};
        // Three-player games between bots 0, 1, 2 (rotated through the
        // seats): 2 always first, 1 second, 0 last; with the prior the
        // order of the ratings follows.
        let mut deals = Vec::new();
        for rotation in 0..3 {
            let seats: Vec<usize> = (0..3).map(|s| (s + rotation) % 3).collect();
            let ranks: Vec<u32> = seats.iter().map(|&b| 3 - b as u32).collect();
            deals.push(pairwise_from_ranks(&seats, &ranks).unwrap());
        }
        for deal in &deals {
            assert_eq!(
                deal,
                &vec![
                    pair(0, 1, 0, 0, 1),
                    pair(0, 2, 0, 0, 1),
                    pair(1, 2, 0, 0, 1)
                ]
            );
        }
        let f = fit(3, &deals, &FitConfig::default()).unwrap();
        assert!(f.converged);
        assert!(f.ratings[2] > f.ratings[1] && f.ratings[1] > 0.0, "{f:?}");
    }
}
