//! Seat assignment: which of a lineup's specs plays each seat. Every
//! command seats its bots by this one rule (the bots' own parser,
//! `beachcomber_bots::lineup`, splits and parses the text; this module,
//! below the bots, knows only counts, so that [`RunSpec`] can use it on
//! canonical specs):
//!
//! **A lineup of `n` specs fills the `k` seats of its [`Table`] when `n` is 1
//! (that spec in every seat) or `n` is `k` (the specs in seat order); any
//! other count is refused** ([`SeatCountError`]). A table is every seat of
//! the game (`tournament`, `league`, `sweep`, [`RunSpec`]: `k` = players) or
//! every seat but a person's (`play`, `serve`: `k` = players - 1, the
//! person's seat skipped, the specs taking the other seats in order). A
//! solo game with a person has no seat to fill: one spec (checked, unused)
//! is the only lineup that fits it.
//!
//! [`RunSpec`]: crate::tournament::RunSpec

use std::fmt;

use crate::game::Seat;

/// The seats a lineup fills: every seat of a game, or every seat but the
/// one a person plays.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Table {
    players: usize,
    person: Option<Seat>,
}

/// A person's seat that the game does not have.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct NoSuchSeat {
    /// The seat asked for.
    pub seat: Seat,
    /// The game's players (its seats are `0..players`).
    pub players: usize,
}

impl fmt::Display for NoSuchSeat {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "seat {}: a game of {} player(s) has seats 0 to {}",
            self.seat,
            self.players,
            self.players.saturating_sub(1)
        )
    }
}

impl std::error::Error for NoSuchSeat {}

/// A lineup whose count of specs fits neither rule of its [`Table`]. The
/// message names no command-line option: the caller says where the specs
/// came from (`--bots: ...`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SeatCountError {
    /// Specs given.
    pub given: usize,
    /// The table they were given for.
    pub table: Table,
}

impl fmt::Display for SeatCountError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let given = self.given;
        match self.table.person {
            None => write!(
                f,
                "{given} specs for {} players (give one spec per seat, or one for every seat)",
                self.table.players
            ),
            Some(_) => write!(
                f,
                "{given} specs for {} bot seat(s) (give one spec per bot seat in seat order, \
                 or one for every bot)",
                self.table.bot_seats()
            ),
        }
    }
}

impl std::error::Error for SeatCountError {}

impl Table {
    /// Every seat of a game of `players` takes a spec.
    pub fn every_seat(players: usize) -> Table {
        Table {
            players,
            person: None,
        }
    }

    /// A person plays `person`; every other seat of a game of `players`
    /// takes a spec.
    pub fn with_person(players: usize, person: Seat) -> Result<Table, NoSuchSeat> {
        if person >= players {
            return Err(NoSuchSeat {
                seat: person,
                players,
            });
        }
        Ok(Table {
            players,
            person: Some(person),
        })
    }

    /// The game's players.
    pub fn players(&self) -> usize {
        self.players
    }

    /// The person's seat, if a person plays.
    pub fn person(&self) -> Option<Seat> {
        self.person
    }

    /// The seats the specs fill (every seat but the person's).
    pub fn bot_seats(&self) -> usize {
        self.players - usize::from(self.person.is_some())
    }

    /// Each seat's spec by the rule of this module (`None` in the person's
    /// seat), or why `specs` does not fit. The count is all that is
    /// looked at, so a caller may seat its specs' text before parsing it.
    pub fn seat<T: Clone>(&self, specs: &[T]) -> Result<Vec<Option<T>>, SeatCountError> {
        let fill = self.bot_seats();
        let specs: Vec<T> = match specs {
            [one] => vec![one.clone(); fill],
            _ if specs.len() == fill && fill > 0 => specs.to_vec(),
            _ => {
                return Err(SeatCountError {
                    given: specs.len(),
                    table: *self,
                });
            }
        };
        let mut specs = specs.into_iter();
        Ok((0..self.players)
            .map(|seat| {
                if Some(seat) == self.person {
                    None
                } else {
                    specs.next()
                }
            })
            .collect())
    }
}

/// The spec of every seat of a game of `players` ([`Table::every_seat`]):
/// one spec for every seat, or one per seat in seat order.
pub fn fill_every_seat<T: Clone>(specs: &[T], players: usize) -> Result<Vec<T>, SeatCountError> {
    Ok(Table::every_seat(players)
        .seat(specs)?
        .into_iter()
        .flatten()
        .collect())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn one_spec_fills_every_seat_and_a_full_lineup_keeps_its_order() {
        assert_eq!(fill_every_seat(&["a"], 3).unwrap(), ["a", "a", "a"]);
        assert_eq!(
            fill_every_seat(&["a", "b", "c"], 3).unwrap(),
            ["a", "b", "c"]
        );
        assert_eq!(fill_every_seat(&["a"], 1).unwrap(), ["a"]);
    }

    #[test]
    fn any_other_count_is_refused_with_its_numbers() {
        // Two specs at three players: not "one against the rest".
        let e = fill_every_seat(&["a", "b"], 3).unwrap_err();
        assert_eq!(e.given, 2);
        assert_eq!(
            e.to_string(),
            "2 specs for 3 players (give one spec per seat, or one for every seat)"
        );
        let none: [&str; 0] = [];
        assert_eq!(fill_every_seat(&none, 2).unwrap_err().given, 0);
        assert_eq!(fill_every_seat(&["a", "b", "c"], 2).unwrap_err().given, 3);
    }

    #[test]
    fn a_persons_seat_is_skipped_and_the_others_take_the_specs_in_order() {
        let table = Table::with_person(4, 1).unwrap();
        assert_eq!(table.bot_seats(), 3);
        assert_eq!(
            table.seat(&["a", "b", "c"]).unwrap(),
            [Some("a"), None, Some("b"), Some("c")]
        );
        assert_eq!(
            table.seat(&["x"]).unwrap(),
            [Some("x"), None, Some("x"), Some("x")]
        );
        assert_eq!(
            table.seat(&["a", "b"]).unwrap_err().to_string(),
            "2 specs for 3 bot seat(s) (give one spec per bot seat in seat order, or one for \
             every bot)"
        );
        // All four seats' specs for three bot seats.
        assert_eq!(table.seat(&["a", "b", "c", "d"]).unwrap_err().given, 4);
    }

    #[test]
    fn a_solo_person_takes_one_unused_spec_and_a_missing_seat_is_refused() {
        let solo = Table::with_person(1, 0).unwrap();
        assert_eq!(solo.seat(&["a"]).unwrap(), [None]);
        assert_eq!(
            solo.seat(&["a", "b"]).unwrap_err().to_string(),
            "2 specs for 0 bot seat(s) (give one spec per bot seat in seat order, or one for \
             every bot)"
        );
        let e = Table::with_person(2, 2).unwrap_err();
        assert_eq!(
            e,
            NoSuchSeat {
                seat: 2,
                players: 2
            }
        );
        assert_eq!(
            e.to_string(),
            "seat 2: a game of 2 player(s) has seats 0 to 1"
        );
    }
}
