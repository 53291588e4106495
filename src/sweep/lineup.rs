//! A sweep's lineup notation. A lineup of a sweep is written as one spec
//! for every seat, one spec per seat, or **one against the rest**: two
//! specs `A,B` at a player count other than two mean A in seat 0 and B in
//! every other seat (`A,B,B,B` at four players; at two players `A,B` is
//! one spec per seat anyway). The notation is expanded here into one spec
//! per seat, which is then seated by the one seat rule of
//! [`crate::seating`], as every command's lineups are. The lineup's text
//! (the `lineup` column) stays as written.

/// `lineup` written for `players` seats in the sweep's notation, as the
/// seat rule takes it: one against the rest expanded to one spec per seat
/// (`A` then `players - 1` copies of `B`: `A` alone in a solo game), any
/// other lineup as it is.
pub fn per_seat(lineup: &[String], players: usize) -> Vec<String> {
    match lineup {
        [one, rest] if players != 2 => std::iter::once(one.clone())
            .chain(std::iter::repeat_n(rest.clone(), players.saturating_sub(1)))
            .collect(),
        _ => lineup.to_vec(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::seating::fill_every_seat;

    fn specs(text: &str) -> Vec<String> {
        text.split(',').map(String::from).collect()
    }

    #[test]
    fn one_against_the_rest_is_one_spec_then_the_other_in_every_other_seat() {
        assert_eq!(per_seat(&specs("a,b"), 4), specs("a,b,b,b"));
        assert_eq!(per_seat(&specs("a,b"), 3), specs("a,b,b"));
        assert_eq!(per_seat(&specs("a,b"), 2), specs("a,b"));
        assert_eq!(per_seat(&specs("a,b"), 1), specs("a"));
    }

    #[test]
    fn other_lineups_are_left_to_the_seat_rule() {
        assert_eq!(per_seat(&specs("a"), 4), specs("a"));
        assert_eq!(per_seat(&specs("a,b,c"), 3), specs("a,b,c"));
        // Three specs at four players: neither form, refused by the rule.
        let refused = per_seat(&specs("a,b,c"), 4);
        assert_eq!(refused, specs("a,b,c"));
        assert_eq!(fill_every_seat(&refused, 4).unwrap_err().given, 3);
        assert_eq!(
            fill_every_seat(&per_seat(&specs("a"), 3), 3).unwrap(),
            specs("a,a,a")
        );
    }
}
