//! Final scoring: the Sea to the Wave leaders, scores, winners, and the
//! solo rating bands.

use arrayvec::ArrayVec;

use super::Seaside;
use super::state::{Phase, SeasideState};
use crate::game::{MAX_SEATS, Outcome, SeatSet};

/// The rating band of a solo score (docs/rules.md, Seaside, "Solo"): `"0-19"`, `"20-29"`,
/// `"30-39"`, `"40-49"`, `"50-59"` or `"60+"`.
pub fn solo_rating(score: i32) -> &'static str {
    match score {
        i32::MIN..=19 => "0-19",
        20..=29 => "20-29",
        30..=39 => "30-39",
        40..=49 => "40-49",
        50..=59 => "50-59",
        _ => "60+",
    }
}

impl Seaside {
    /// The end: the Sea goes to the Wave leaders; the game is over.
    #[cold]
    #[inline(never)]
    pub(super) fn finish(&self, s: &mut SeasideState) {
        s.phase = Phase::Over;
        let players = self.players as usize;
        let Some((most, leaders)) = self.wave_leaders(s) else {
            return;
        };
        let share = s.sea_total() / leaders as u8;
        for p in 0..players {
            if s.seats[p].waves != most {
                continue;
            }
            // Which tokens a share holds does not matter to the score; take
            // Isopods, then Shells, then Crabs.
            let mut left = share;
            for f in 0..3 {
                let k = left.min(s.sea[f]);
                s.sea[f] -= k;
                s.won_faces[f] += k;
                left -= k;
            }
            s.seats[p].won += share;
        }
    }

    /// Scores: every token in front of each player plus the seat's
    /// `compensation`; before the end, plus the Sea's split as if the game
    /// ended now.
    pub fn scores(&self, s: &SeasideState) -> ArrayVec<i32, MAX_SEATS> {
        let players = self.players as usize;
        let mut scores: ArrayVec<i32, MAX_SEATS> = s.seats[..players]
            .iter()
            .zip(self.compensation)
            .map(|(a, c)| a.tokens() + i32::from(c))
            .collect();
        if s.phase != Phase::Over
            && let Some((most, leaders)) = self.wave_leaders(s)
        {
            let share = s.sea_total() as i32 / leaders as i32;
            for (p, score) in scores.iter_mut().enumerate() {
                if s.seats[p].waves == most {
                    *score += share;
                }
            }
        }
        scores
    }

    /// The most Waves any player has and how many players have that many;
    /// `None` when nobody has a Wave (then the Sea stays).
    pub(super) fn wave_leaders(&self, s: &SeasideState) -> Option<(u8, usize)> {
        let seats = &s.seats[..self.players as usize];
        let most = seats.iter().map(|a| a.waves).max().unwrap_or(0);
        (most > 0).then(|| (most, seats.iter().filter(|a| a.waves == most).count()))
    }

    /// The outcome: every seat's score (see [`Seaside::scores`], the
    /// compensation included) and the seats with the best one (tied players
    /// share the victory).
    pub(super) fn outcome_of(&self, s: &SeasideState) -> Outcome {
        let scores = self.scores(s);
        let best = scores.iter().copied().max().unwrap_or(0);
        let mut winners = SeatSet::EMPTY;
        for (p, &score) in scores.iter().enumerate() {
            if score == best {
                winners.insert(p);
            }
        }
        Outcome { scores, winners }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::Game;
    use crate::games::seaside::SeatArea;
    use crate::rng::rng_from_seed;

    #[test]
    fn the_running_score_counts_the_sea_for_the_wave_leaders() {
        let game = Seaside::new(3, Some(0), super::super::TokenSet::standard()).unwrap();
        let mut s = game.new_game(&mut rng_from_seed(2));
        // Seat 0: 2 Beaches, a Wave, 3 Shells; seat 1: a Wave, a stack of
        // 3 and a Rock; seat 2: 4 Rocks and a Crab. The Sea holds 5
        // tokens: seats 0 and 1 lead the Waves (1 each) and would take 2
        // each (the fifth stays).
        s.seats[0] = SeatArea {
            beaches: 2,
            waves: 1,
            shells: 3,
            ..SeatArea::default()
        };
        s.seats[1] = SeatArea {
            waves: 1,
            stacks: 1,
            stack_size: 3,
            rocks: 1,
            ..SeatArea::default()
        };
        s.seats[2] = SeatArea {
            rocks: 4,
            crabs: 1,
            ..SeatArea::default()
        };
        s.sea = [2, 2, 1];
        assert_eq!(game.running_scores(&s).as_slice(), &[6 + 2, 5 + 2, 5]);
        assert_eq!(game.running_scores(&s), game.outcome(&s).scores);
        // Nobody with a Wave: the Sea stays.
        s.seats[0].waves = 0;
        s.seats[1].waves = 0;
        assert_eq!(game.running_scores(&s).as_slice(), &[5, 4, 5]);
    }
}
