//! Evaluation for bots ([`Evaluate`]): expected coins over the cards a seat
//! cannot see.

use super::state::ALL_CARDS;
use super::{MAX_SEATS, Seashells, SeashellsState, fast, pairs_of, sand_dollars_of};
use crate::game::{Evaluate, Seat};

impl Seashells {
    /// Expected coins of every seat if the game ended now, as seen by
    /// `viewer`: the viewer's cards are known; each card the viewer has not
    /// seen lies with a given opponent with probability (cards that
    /// opponent holds) / (cards unseen), or with nobody. A category's coins
    /// depend only on where its own card lies, so the expectation is exact:
    /// the 14 categories are scored (in byte lanes) once with the unseen
    /// cards nowhere, then once per opponent with that opponent holding all
    /// of them, and each category's cases are weighted by their probability.
    pub fn expected_coins(&self, s: &SeashellsState, viewer: Seat) -> [f64; MAX_SEATS] {
        let n = self.players;
        let mut base = [[0u8; 16]; MAX_SEATS];
        for (p, l) in base.iter_mut().enumerate().take(n) {
            let (sh, co) = if p == viewer {
                (s.shape_cards[p], s.colour_cards[p])
            } else {
                (0, 0)
            };
            *l = fast::lanes(s.got[p], sh, co);
        }
        let unseen_shapes = ALL_CARDS & !(1 << (s.sun / 7)) & !s.shape_cards[viewer];
        let unseen_colours = ALL_CARDS & !(1 << (s.sun % 7)) & !s.colour_cards[viewer];
        let unseen = fast::card_lanes(unseen_shapes, unseen_colours);
        // Shapes and colours have as many unseen cards (6 - the viewer's).
        let p_each = self.cards_per_player() as f64 / unseen_shapes.count_ones().max(1) as f64;
        let p_none = 1.0 - p_each * (n - 1) as f64;
        let mut expected = [0.0f64; MAX_SEATS];
        let nowhere = fast::lane_coin_table(&base, n, self.scoring);
        for (e, t) in expected.iter_mut().zip(&nowhere).take(n) {
            let (mut seen, mut maybe) = (0u32, 0u32);
            for i in 0..16 {
                if unseen[i] != 0 {
                    maybe += t[i] as u32;
                } else {
                    seen += t[i] as u32;
                }
            }
            *e = seen as f64 + p_none * maybe as f64;
        }
        for q in (0..n).filter(|&q| q != viewer) {
            let mut with = base;
            for i in 0..16 {
                with[q][i] += unseen[i];
            }
            let table = fast::lane_coin_table(&with, n, self.scoring);
            for (e, t) in expected.iter_mut().zip(&table).take(n) {
                let mut maybe = 0u32;
                for i in 0..16 {
                    maybe += (t[i] * unseen[i]) as u32;
                }
                *e += p_each * maybe as f64;
            }
        }
        for (p, e) in expected.iter_mut().enumerate().take(n) {
            *e += (3 * pairs_of(s.got[p]) + sand_dollars_of(s.got[p])) as f64
                + f64::from(self.compensation[p]);
        }
        expected
    }
}

impl Evaluate for Seashells {
    fn evaluate(&self, s: &SeashellsState, seat: Seat) -> f64 {
        let coins = self.expected_coins(s, seat);
        let best_other = (0..self.players)
            .filter(|&p| p != seat)
            .map(|p| coins[p])
            .fold(f64::MIN, f64::max);
        coins[seat] - best_other
    }

    fn final_margin(&self, s: &SeashellsState, seat: Seat) -> f64 {
        let coins = self.coins(s);
        let best_other = (0..self.players)
            .filter(|&p| p != seat)
            .map(|p| coins[p])
            .max()
            .unwrap_or(0);
        ((coins[seat] - best_other) as f64 / 30.0).clamp(-1.0, 1.0)
    }
}

#[cfg(test)]
mod tests {
    use super::super::scoring::score_category;
    use super::super::{COLOUR_MASK, Mode, SHAPE_MASK, Scoring};
    use super::*;
    use crate::game::Game;

    impl Seashells {
        /// The straightforward version of `expected_coins` (category by
        /// category, case by case), to check the lane version against.
        /// Expected coins of every seat if the game ended now, as seen by
        /// `viewer`: the viewer's cards are known; each card the viewer has not
        /// seen lies with a given opponent with probability (cards that
        /// opponent holds) / (cards unseen), or with nobody. A category's coins
        /// depend only on where its own card lies, so the expectation is exact:
        /// a weighted sum over at most `players` cases per category.
        fn expected_coins_reference(&self, s: &SeashellsState, viewer: Seat) -> [f64; MAX_SEATS] {
            let n = self.players;
            let mut expected = [0.0f64; MAX_SEATS];
            for (p, e) in expected.iter_mut().enumerate().take(n) {
                *e = (3 * pairs_of(s.got[p]) + sand_dollars_of(s.got[p])) as f64
                    + f64::from(self.compensation[p]);
            }
            let per = self.cards_per_player();
            let kinds = [
                (&SHAPE_MASK, s.shape_cards[viewer], s.sun / 7),
                (&COLOUR_MASK, s.colour_cards[viewer], s.sun % 7),
            ];
            for (masks, own, sun_card) in kinds {
                let unseen = ALL_CARDS & !(1 << sun_card) & !own;
                let p_each = per as f64 / unseen.count_ones().max(1) as f64;
                for (k, &mask) in masks.iter().enumerate() {
                    let mut counts = [0u8; MAX_SEATS];
                    for (p, c) in counts.iter_mut().enumerate().take(n) {
                        *c = (s.got[p] & mask).count_ones() as u8;
                    }
                    counts[viewer] += own >> k & 1;
                    let mut add = |counts: &[u8; MAX_SEATS], weight: f64| {
                        let mut coins = [0i32; MAX_SEATS];
                        score_category(&counts[..n], self.scoring, &mut coins[..n]);
                        for p in 0..n {
                            expected[p] += weight * coins[p] as f64;
                        }
                    };
                    if unseen >> k & 1 == 0 {
                        add(&counts, 1.0);
                        continue;
                    }
                    add(&counts, 1.0 - p_each * (n - 1) as f64);
                    for q in (0..n).filter(|&q| q != viewer) {
                        let mut with = counts;
                        with[q] += 1;
                        add(&with, p_each);
                    }
                }
            }
            expected
        }
    }

    #[test]
    fn lane_expected_coins_match_the_reference() {
        use crate::rng::rng_from_seed;
        for players in 2..=5 {
            for scoring in [Scoring::Simple, Scoring::Advanced] {
                let g = Seashells::new(players, Mode::Board, scoring).unwrap();
                let mut rng = rng_from_seed(players as u64);
                for game in 0..100 {
                    let mut s = g.new_game(&mut rng);
                    for _ in 0..(game % 60) {
                        if s.over {
                            break;
                        }
                        let a = g.random_action(&s, &mut rng);
                        g.play_unchecked(&mut s, a);
                    }
                    for viewer in 0..players {
                        let fast = g.expected_coins(&s, viewer);
                        let slow = g.expected_coins_reference(&s, viewer);
                        for p in 0..players {
                            assert!((fast[p] - slow[p]).abs() < 1e-9, "{fast:?} {slow:?}");
                        }
                    }
                }
            }
        }
    }
}
