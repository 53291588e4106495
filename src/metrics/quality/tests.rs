//! Each game-quality metric on hand-built games: running scores at the
//! setup and after every decision, the choices of each decision and the
//! winners, with the values worked out by hand.

use super::*;
use crate::game::SeatSet;
use crate::metrics::per_ply::{Ply, leaders_of};

/// A hand-built game: the setup's scores, then each decision's choices
/// and the scores after it.
struct Game {
    start: &'static [i32],
    plies: &'static [(u32, &'static [i32])],
}

impl Game {
    /// The value metric `name` gives this game when `winners` won.
    fn value(&self, name: &str, winners: SeatSet) -> i64 {
        let definition = QUALITY_METRICS.iter().find(|m| m.name == name).unwrap();
        let mut observer = (definition.per_ply.unwrap().observer)();
        observer.start(self.start, leaders_of(self.start));
        for (i, &(choices, scores)) in self.plies.iter().enumerate() {
            observer.ply(&Ply {
                number: i as u32 + 1,
                seat: i % self.start.len(),
                choices,
                scores,
                leaders: leaders_of(scores),
            });
        }
        observer.value(winners)
    }

    /// Every metric's value, in the order of [`QUALITY_METRICS`].
    fn values(&self, winners: SeatSet) -> Vec<i64> {
        QUALITY_METRICS
            .iter()
            .map(|m| self.value(m.name, winners))
            .collect()
    }
}

/// Two players, a tied lead in the middle: seat 0 leads, seat 1 takes
/// the lead, they tie, seat 1 leads again (no change: it led last), seat
/// 0 takes it back and wins.
const TIED_LEAD: Game = Game {
    start: &[0, 0],
    plies: &[
        (3, &[2, 0]),
        (3, &[2, 3]),
        (2, &[4, 4]),
        (2, &[4, 6]),
        (1, &[7, 6]),
        (1, &[9, 6]),
    ],
};

#[test]
fn a_tied_lead_is_no_change_and_the_winner_holds_the_lead_from_the_fifth_decision() {
    // Changes: seat 0 -> 1 (2nd decision), 1 -> 0 (5th): the tie (3rd)
    // and seat 1 leading again after it (4th) change nothing.
    // Drama: seat 0's largest deficit is 2 (6 - 4, after the 4th), of a
    // final best of 9: 2/9 = 0.2222.
    // Decisiveness: seat 0 did not hold the lead alone at the setup (a
    // tie), after the 2nd, 3rd (a tie) and 4th decisions: it held it from
    // position 5 of 6: 5/6 = 0.8333.
    // Comeback: at mid-game (position 3) seat 0 is tied for the lead: not
    // behind.
    // Branching: 12 choices over 6 decisions = 2.
    assert_eq!(
        TIED_LEAD.values(SeatSet::single(0)),
        vec![2, 2222, 8333, 0, 20000]
    );
}

/// Three players, seats 0 and 1 share the win (6 each): seat 2 leads
/// early, seat 1, then 0, then 1 take the lead, and 0 ties 1 at the end.
const SHARED_WIN: Game = Game {
    start: &[0, 0, 0],
    plies: &[
        (5, &[0, 0, 3]),
        (4, &[2, 0, 3]),
        (4, &[2, 4, 3]),
        (3, &[5, 4, 3]),
        (3, &[5, 6, 4]),
        (2, &[6, 6, 4]),
    ],
};

#[test]
fn a_shared_win_measures_the_winners_together() {
    let winners = SeatSet(0b011);
    // Changes: 2 -> 1 (3rd), 1 -> 0 (4th), 0 -> 1 (5th); the final tie
    // changes nothing.
    // Drama: the winners' mean deficit is largest after the 1st decision:
    // 3 - (0 + 0) / 2 = 3, of a final best of 6: 0.5.
    // Decisiveness: seat 2 leads (or ties) at positions 0-2; from
    // position 3 every leader is a winner: 3/6 = 0.5.
    // Comeback: at position 3 seat 1, a winner, leads: no comeback.
    // Branching: 21 choices over 6 decisions = 3.5.
    assert_eq!(SHARED_WIN.values(winners), vec![3, 5000, 5000, 0, 35000]);
    // One winner of the two: seat 1 alone (had a tie-break decided it)
    // never holds the lead alone at the end, so its game is decided only
    // there; it was behind by 3 at most; it led at mid-game.
    assert_eq!(
        SHARED_WIN.values(SeatSet::single(1)),
        vec![3, 5000, 10000, 0, 35000]
    );
}

/// Two players: seat 1 leads at mid-game, seat 0 comes back and wins.
const COMEBACK: Game = Game {
    start: &[0, 0],
    plies: &[
        (2, &[0, 2]),
        (2, &[1, 2]),
        (2, &[1, 4]),
        (2, &[5, 4]),
        (2, &[6, 4]),
    ],
};

#[test]
fn a_comeback_is_a_winner_behind_at_mid_game() {
    // Changes: seat 1 leads first (no change: nobody led alone before),
    // then seat 0 (the 4th): one.
    // Drama: largest deficit 3 (4 - 1, after the 3rd) of 6: 0.5.
    // Decisiveness: seat 0 holds the lead from position 4 of 5: 0.8.
    // Comeback: mid-game is position 5 / 2 = 2, where seat 1 leads 2 to
    // 1: a comeback.
    // Branching: 2.
    assert_eq!(
        COMEBACK.values(SeatSet::single(0)),
        vec![1, 5000, 8000, 1, 20000]
    );
    // Had seat 1 won (a forfeit, say): it led at mid-game, never held the
    // lead at the end (decided there: 1), and trailed by 2 (6 - 4) of 6.
    assert_eq!(
        COMEBACK.values(SeatSet::single(1)),
        vec![1, 3333, 10000, 0, 20000]
    );
}

#[test]
fn a_game_nobody_won_and_a_game_led_from_the_setup() {
    // Nobody won: no drama, decided only at the end, no comeback.
    assert_eq!(COMEBACK.values(SeatSet::EMPTY), vec![1, 0, 10000, 0, 20000]);
    // Seat 0 leads at the setup and always: decided at position 0.
    const LED: Game = Game {
        start: &[3, 0],
        plies: &[(4, &[3, 1]), (4, &[5, 1]), (1, &[5, 2])],
    };
    assert_eq!(LED.values(SeatSet::single(0)), vec![0, 0, 0, 0, 30000]);
    // A solo game: one seat always leads.
    const SOLO: Game = Game {
        start: &[0],
        plies: &[(2, &[1]), (3, &[2])],
    };
    assert_eq!(SOLO.values(SeatSet::single(0)), vec![0, 0, 0, 0, 25000]);
}

#[test]
fn fixed_point_values_round_half_up() {
    assert_eq!(fixed(2, 9, 4), 2222);
    assert_eq!(fixed(5, 6, 4), 8333);
    assert_eq!(fixed(1, 3, 4), 3333);
    assert_eq!(fixed(2, 3, 4), 6667);
    assert_eq!(fixed(1, 8, 3), 125);
    assert_eq!(fixed(1, 16, 3), 63);
    assert_eq!(fixed(7, 0, 4), 0);
}

#[test]
fn the_quality_columns_come_from_their_definitions() {
    assert_eq!(
        game_columns(),
        [
            "lead_changes",
            "drama",
            "decisiveness",
            "comeback",
            "branching"
        ]
    );
    assert_eq!(game_decimals(), [0, 4, 4, 0, 4]);
    assert_eq!(
        metrics_columns().join(","),
        "mean_lead_changes,lead_changes_ci95,mean_drama,drama_ci95,mean_decisiveness,\
         decisiveness_ci95,comeback_rate,comeback_low95,comeback_high95,mean_branching,\
         branching_ci95"
    );
    assert_eq!(observers().len(), QUALITY_METRICS.len());
    assert_eq!(position("comeback_rate"), Some(3));
    for m in QUALITY_METRICS {
        assert_eq!(m.columns[0], m.name);
        // None of the balance metrics observes plies: a run without
        // quality metrics plays no observer.
        assert!(
            crate::metrics::registry::METRICS
                .iter()
                .all(|b| b.name != m.name)
        );
    }
    assert!(
        crate::metrics::registry::METRICS
            .iter()
            .all(|m| m.per_ply.is_none())
    );
}
