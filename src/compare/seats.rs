//! The seats a criterion names ([`Seats`]): which seat ratios are compared
//! and how their family is corrected.

use std::fmt;

use super::CompareError;

/// The seats a comparison reports, as a criterion names them (`seats =`).
/// Without one, `compare.csv` has every seat's row, each on its own, and
/// the best, worst and gap rows.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Seats {
    /// Seat 0 alone (`"first"`): one test, no correction.
    First,
    /// The seats listed (`[0, 2]`): Bonferroni over them.
    List(Vec<usize>),
    /// Every seat the combination and its baseline both have (`"each"`):
    /// Bonferroni over them.
    Each,
    /// The best and worst seat and their gap (`"best-worst"`): seats
    /// selected by the data, corrected for the selection
    /// ([`crate::stats::selection`]).
    BestWorst,
}

impl Seats {
    /// Read `first`, `each`, `best-worst` or a list of seat numbers
    /// separated by commas (`0,2`).
    pub fn parse(text: &str) -> Result<Seats, CompareError> {
        let bad = || CompareError::BadSeats(text.to_string());
        match text.trim() {
            "first" => Ok(Seats::First),
            "each" => Ok(Seats::Each),
            "best-worst" => Ok(Seats::BestWorst),
            list => {
                let mut seats = Vec::new();
                for item in list.split(',') {
                    let seat = item.trim().parse::<usize>().map_err(|_| bad())?;
                    if seats.contains(&seat) {
                        return Err(bad());
                    }
                    seats.push(seat);
                }
                Ok(Seats::List(seats))
            }
        }
    }

    /// The seats compared at `players` (the fewer of the combination's and
    /// the baseline's), with the size of the family each verdict is
    /// corrected over; none for `best-worst`.
    pub fn compared(&self, players: usize) -> (Vec<usize>, usize) {
        match self {
            Seats::First => ((0..players.min(1)).collect(), 1),
            Seats::List(list) => (
                list.iter().copied().filter(|&s| s < players).collect(),
                list.len(),
            ),
            Seats::Each => ((0..players).collect(), players),
            Seats::BestWorst => (Vec::new(), 1),
        }
    }
}

impl fmt::Display for Seats {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Seats::First => f.write_str("first"),
            Seats::Each => f.write_str("each"),
            Seats::BestWorst => f.write_str("best-worst"),
            Seats::List(list) => {
                let items: Vec<String> = list.iter().map(ToString::to_string).collect();
                f.write_str(&items.join(","))
            }
        }
    }
}
