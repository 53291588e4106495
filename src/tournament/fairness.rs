//! Seat fairness of a run's totals: each seat's ratio (players × win
//! share: 1 = fair) and the best and worst seat with simultaneous
//! intervals (the `seat_ratio`, `max_seat_ratio`, `min_seat_ratio` and
//! `seat_gap` of `metrics.csv` and the terminal summaries).

use super::Totals;
use crate::stats::cluster::z95_simultaneous;

/// A value with its 95% interval: `(value, low, high)`.
pub type Interval = (f64, f64, f64);

/// A combination's seat ratios, best and worst seat, and seat gap, each
/// with its 95% interval ([`Totals::seat_fairness`]).
#[derive(Clone, Debug, PartialEq)]
pub struct SeatFairness {
    /// Per seat: players × win share, with the 95% interval of the win
    /// share times the players.
    pub seats: Vec<Interval>,
    /// The best seat's ratio, with a simultaneous interval.
    pub max_ratio: Interval,
    /// The worst seat's ratio, with a simultaneous interval.
    pub min_ratio: Interval,
    /// Best minus worst seat's win share, with a simultaneous interval.
    pub gap: Interval,
}

impl Totals {
    /// The seat ratios (players × win share: 1 = fair), each with the 95%
    /// interval of its win share times the players, and the best and worst
    /// ratio and the gap (best minus worst win share) with intervals from
    /// simultaneous per-seat intervals (Bonferroni over the seats: with 95%
    /// probability every seat's interval holds its share, so the best share
    /// lies between the highest lower bound and the highest upper bound,
    /// the worst likewise, and the gap between the bounds' differences).
    /// `None` for a solo game or without games.
    pub fn seat_fairness(&self) -> Option<SeatFairness> {
        let players = self.seats.len();
        if players < 2 || self.games == 0 {
            return None;
        }
        let p = players as f64;
        let seats = self
            .seats
            .iter()
            .map(|s| {
                let (share, low, high) = s.win_share();
                (p * share, p * low, p * high)
            })
            .collect();
        let z = z95_simultaneous(players);
        let all: Vec<Interval> = self.seats.iter().map(|s| s.win_share_at(z)).collect();
        let fold = |pick: fn(f64, f64) -> f64, f: fn(&Interval) -> f64, start: f64| {
            all.iter().map(f).fold(start, pick)
        };
        let max = [
            fold(f64::max, |s| s.0, f64::NEG_INFINITY),
            fold(f64::max, |s| s.1, f64::NEG_INFINITY),
            fold(f64::max, |s| s.2, f64::NEG_INFINITY),
        ];
        let min = [
            fold(f64::min, |s| s.0, f64::INFINITY),
            fold(f64::min, |s| s.1, f64::INFINITY),
            fold(f64::min, |s| s.2, f64::INFINITY),
        ];
        Some(SeatFairness {
            seats,
            max_ratio: (p * max[0], p * max[1], p * max[2]),
            min_ratio: (p * min[0], p * min[1], p * min[2]),
            gap: (max[0] - min[0], (max[1] - min[2]).max(0.0), max[2] - min[1]),
        })
    }
}
