//! Final scoring: category counts and coins (simple and advanced), fossil
//! pairs and sand dollars, the Sun tie-break and the winners.

use super::{
    COLOUR_MASK, MAX_SEATS, SHAPE_MASK, Scoring, Seashells, SeashellsState, fast, pairs_of,
    sand_dollars_of,
};
use arrayvec::ArrayVec;

use crate::game::{Outcome, Seat, SeatSet};

/// How each seat's coins were earned (for accounts and tests).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ScoreBreakdown {
    /// Count of each shape (`0..7`) then colour (`7..14`), cards included, by seat.
    pub counts: Vec<[u8; 14]>,
    /// Coins from each shape then colour, by seat.
    pub category_coins: Vec<[i32; 14]>,
    /// Complete fossil pairs by seat.
    pub fossil_pairs: Vec<u32>,
    /// Sand dollars by seat.
    pub sand_dollars: Vec<u32>,
    /// Coins of the `compensation` lever by seat (0 in the rules).
    pub compensation: Vec<i32>,
    /// Total coins by seat, the compensation included.
    pub coins: Vec<i32>,
    /// Sun tie-break values by seat.
    pub sun_counts: Vec<u32>,
}

/// Coins of one category (a shape or a colour) given every player's count,
/// added into `coins`. Zero counts never score.
#[inline]
pub(super) fn score_category<T: Copy + PartialOrd + Default>(
    counts: &[T],
    scoring: Scoring,
    coins: &mut [i32],
) {
    let zero = T::default();
    let mut best = zero;
    let mut leaders = 0;
    for &c in counts {
        if c > best {
            best = c;
            leaders = 1;
        } else if c == best && c > zero {
            leaders += 1;
        }
    }
    if leaders == 0 {
        return;
    }
    match scoring {
        Scoring::Simple => {
            for (p, &c) in counts.iter().enumerate() {
                if c == best {
                    coins[p] += 3;
                }
            }
        }
        Scoring::Advanced if leaders > 1 => {
            for (p, &c) in counts.iter().enumerate() {
                if c == best {
                    coins[p] += 1;
                }
            }
        }
        Scoring::Advanced => {
            let mut second = zero;
            for &c in counts {
                if c < best && c > second {
                    second = c;
                }
            }
            for (p, &c) in counts.iter().enumerate() {
                if c == best {
                    coins[p] += 3;
                } else if c == second && c > zero {
                    coins[p] += 1;
                }
            }
        }
    }
}

impl Seashells {
    /// Per-seat count of each shape (`0..7`) then each colour (`7..14`),
    /// secret cards included.
    pub fn counts(&self, s: &SeashellsState, seat: Seat) -> [u8; 14] {
        let lanes = fast::lanes(s.got[seat], s.shape_cards[seat], s.colour_cards[seat]);
        let mut c = [0u8; 14];
        c[..7].copy_from_slice(&lanes[..7]);
        c[7..].copy_from_slice(&lanes[8..15]);
        c
    }

    #[inline]
    pub(super) fn all_lanes(&self, s: &SeashellsState) -> [fast::Lanes; MAX_SEATS] {
        let mut lanes = [[0u8; 16]; MAX_SEATS];
        for (p, l) in lanes.iter_mut().enumerate().take(self.players) {
            *l = fast::lanes(s.got[p], s.shape_cards[p], s.colour_cards[p]);
        }
        lanes
    }

    #[inline]
    pub(super) fn coins_from(
        &self,
        s: &SeashellsState,
        lanes: &[fast::Lanes; MAX_SEATS],
    ) -> [i32; MAX_SEATS] {
        let mut coins = fast::lane_coins(lanes, self.players, self.scoring);
        for (p, c) in coins.iter_mut().enumerate().take(self.players) {
            let got = s.got[p];
            *c += 3 * pairs_of(got) as i32 + sand_dollars_of(got) as i32 + self.compensation[p];
        }
        coins
    }

    /// Coins of every seat if the game ended now (true cards), the
    /// `compensation` lever's coins included.
    pub fn coins(&self, s: &SeashellsState) -> [i32; MAX_SEATS] {
        self.coins_from(s, &self.all_lanes(s))
    }

    /// The Sun tie-break value of `seat`: its count of the Sun shell's shape
    /// plus its count of the Sun shell's colour (secret cards included).
    pub fn sun_count(&self, s: &SeashellsState, seat: Seat) -> u32 {
        let (shape, colour) = ((s.sun / 7) as usize, (s.sun % 7) as usize);
        (s.got[seat] & SHAPE_MASK[shape]).count_ones()
            + (s.got[seat] & COLOUR_MASK[colour]).count_ones()
            + (s.shape_cards[seat] >> shape & 1) as u32
            + (s.colour_cards[seat] >> colour & 1) as u32
    }

    pub(super) fn winners(
        &self,
        s: &SeashellsState,
        lanes: &[fast::Lanes; MAX_SEATS],
        coins: &[i32],
    ) -> SeatSet {
        let best = coins.iter().copied().max().unwrap_or(0);
        let (shape, colour) = ((s.sun / 7) as usize, (s.sun % 7) as usize);
        let mut top = 0;
        let mut winners = SeatSet::EMPTY;
        for (p, &c) in coins.iter().enumerate() {
            if c != best {
                continue;
            }
            let sun = lanes[p][shape] as u32 + lanes[p][8 + colour] as u32;
            if winners.is_empty() || sun > top {
                winners = SeatSet::single(p);
                top = sun;
            } else if sun == top {
                winners.insert(p);
            }
        }
        winners
    }

    /// Every seat's coins were the game to end now ([`Seashells::coins`]
    /// with the true cards, one per seat):
    /// the running score of [`crate::game::Game::running_scores`]. The Sun
    /// tie-break decides winners, not scores, so it plays no part.
    pub(super) fn running_coins(&self, s: &SeashellsState) -> ArrayVec<i32, MAX_SEATS> {
        self.coins(s)[..self.players].iter().copied().collect()
    }

    /// The outcome of a finished game: coins and winners.
    #[inline]
    pub(super) fn final_outcome(&self, s: &SeashellsState) -> Outcome {
        let lanes = self.all_lanes(s);
        let coins = self.coins_from(s, &lanes);
        let coins = &coins[..self.players];
        Outcome {
            scores: coins.iter().copied().collect(),
            winners: self.winners(s, &lanes, coins),
        }
    }

    /// Every seat's scoring, category by category.
    pub fn breakdown(&self, s: &SeashellsState) -> ScoreBreakdown {
        let n = self.players;
        let counts: Vec<[u8; 14]> = (0..n).map(|p| self.counts(s, p)).collect();
        let mut category_coins = vec![[0i32; 14]; n];
        for cat in 0..14 {
            let column: Vec<u8> = counts.iter().map(|c| c[cat]).collect();
            let mut coins = vec![0i32; n];
            score_category(&column, self.scoring, &mut coins);
            for p in 0..n {
                category_coins[p][cat] = coins[p];
            }
        }
        let fossil_pairs: Vec<u32> = (0..n).map(|p| pairs_of(s.got[p])).collect();
        let sand_dollars: Vec<u32> = (0..n).map(|p| sand_dollars_of(s.got[p])).collect();
        let all = self.coins(s);
        ScoreBreakdown {
            counts,
            category_coins,
            fossil_pairs,
            sand_dollars,
            compensation: self.compensation[..n].to_vec(),
            coins: all[..n].to_vec(),
            sun_counts: (0..n).map(|p| self.sun_count(s, p)).collect(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::{Mode, SAND_DOLLAR, Scoring};
    use super::*;
    use crate::game::Game;
    use crate::rng::rng_from_seed;

    /// The shell bit of a shape and a colour.
    fn shell(shape: u64, colour: u64) -> u64 {
        1 << (shape * 7 + colour)
    }

    #[test]
    fn the_running_score_is_the_coins_of_a_hand_built_position() {
        let game = Seashells::new(3, Mode::Board, Scoring::Simple).unwrap();
        let mut s = game.new_game(&mut rng_from_seed(1));
        // Cards: seat 0 holds Scallop (shape 0) and Yellow (colour 0);
        // the others hold shapes 1, 2 and colours 1, 2.
        s.shape_cards[..3].copy_from_slice(&[1 << 0, 1 << 1, 1 << 2]);
        s.colour_cards[..3].copy_from_slice(&[1 << 0, 1 << 1, 1 << 2]);
        // Seat 0: two Scallops (Blue, Green) and 2 sand dollars; seat 1:
        // a Conch (Blue) and a fossil pair; seat 2: nothing.
        s.got[0] = shell(0, 1) | shell(0, 2) | 2 << SAND_DOLLAR;
        s.got[1] = shell(1, 1) | 1 << FOSSIL_HEAD_BIT | 1 << FOSSIL_TAIL_BIT;
        s.got[2] = 0;
        // Seat 0 leads Scallop (3 = 2 shells + card) and Yellow (card);
        // Blue: seat 0 and seat 1 have 1 shell, seat 1 also its card (2):
        // seat 1 leads Blue. Green: seat 0's shell and seat 2's card tie
        // (1 each, simple scoring: both earn 3). Conch: seat 1 (2).
        // Whelk: seat 2's card. Seat 0: Scallop 3 + Yellow 3 + Green 3 +
        // 2 sand dollars = 11; seat 1: Blue 3 + Conch 3 + pair 3 = 9; seat
        // 2: Green 3 + Whelk 3 = 6.
        assert_eq!(game.running_scores(&s).as_slice(), &[11, 9, 6]);
        assert_eq!(game.running_scores(&s), game.outcome(&s).scores);
    }

    const FOSSIL_HEAD_BIT: u32 = super::super::FOSSIL_HEAD as u32;
    const FOSSIL_TAIL_BIT: u32 = super::super::FOSSIL_TAIL as u32;
}
