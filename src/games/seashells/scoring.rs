//! Final scoring: category counts and coins (simple and advanced), fossil
//! pairs and sand dollars, the Sun tie-break and the winners.

use super::{
    COLOUR_MASK, MAX_SEATS, SHAPE_MASK, Scoring, Seashells, SeashellsState, fast, pairs_of,
    sand_dollars_of,
};
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
    /// Total coins by seat.
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
            *c += 3 * pairs_of(got) as i32 + sand_dollars_of(got) as i32;
        }
        coins
    }

    /// Coins of every seat if the game ended now (true cards).
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
            coins: all[..n].to_vec(),
            sun_counts: (0..n).map(|p| self.sun_count(s, p)).collect(),
        }
    }
}
