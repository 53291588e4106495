//! "Did you mean `greedy`?": the nearest known name to an unknown one, for
//! every message that reports an unknown name (a bot, a game, an option;
//! [`crate::spec::SpecError`], the sweeps' and comparisons' keys).
//!
//! Names are compared without case by their optimal string alignment
//! distance (an edit is one inserted, removed or replaced character, or two
//! neighbours swapped: `pmic` is one edit from `pimc`). A name is suggested
//! only when it is at most [`max_edits`] edits away: none for a name of one
//! or two characters, one for three to five, two from six on, so that `x`
//! never suggests `c` and `py` never suggests `pimc`.

/// The most edits an unknown name of `len` characters may be from a known
/// one to suggest it: a third of its length, at most two.
pub fn max_edits(len: usize) -> usize {
    (len / 3).min(2)
}

/// The known name nearest to `unknown` when it is close enough
/// ([`max_edits`]); the first of the nearest in `known`'s order. `None`
/// when nothing is close, or when `unknown` is itself known.
pub fn nearest<'a>(unknown: &str, known: impl IntoIterator<Item = &'a str>) -> Option<&'a str> {
    let lower = unknown.to_lowercase();
    let limit = max_edits(unknown.chars().count());
    let mut best: Option<(usize, &str)> = None;
    for name in known {
        if name == unknown {
            return None;
        }
        let edits = strsim::osa_distance(&lower, &name.to_lowercase());
        if edits <= limit && best.is_none_or(|(b, _)| edits < b) {
            best = Some((edits, name));
        }
    }
    best.map(|(_, name)| name)
}

/// `; did you mean `NAME`?` for the nearest known name ([`nearest`]), or
/// nothing: the end of an "unknown ..." message.
pub fn did_you_mean<'a>(unknown: &str, known: impl IntoIterator<Item = &'a str>) -> String {
    match nearest(unknown, known) {
        Some(name) => format!("; did you mean `{name}`?"),
        None => String::new(),
    }
}

/// Where a key outside a fixed set was given: the one place that words
/// the message of [`unknown_key`] (each wording is pinned by the outputs
/// and tests that show it).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum KeyPlace<'a> {
    /// A record's object or event: "unknown key `K` (allowed: a, b)".
    Record,
    /// An option of the spec named here: "unknown option `K` for `NAME`
    /// (allowed: a, b)", or "`NAME` takes no options, but `K` was given".
    SpecOption(&'a str),
    /// A varied option of the game named here: "`K` is not an option of
    /// GAME (its options: a, b)".
    SweepOption(&'a str),
    /// A comparison's column: "`K` is not a column of the sweep (its
    /// columns: a, b)".
    SweepColumn,
}

/// The one text of a key outside a fixed set, worded for `place`: the key
/// escaped to one line ([`crate::one_line::one_line`]), the allowed keys
/// in order and the nearest suggested ([`did_you_mean`]).
pub fn unknown_key<S: AsRef<str>>(place: KeyPlace<'_>, key: &str, allowed: &[S]) -> String {
    let shown = crate::one_line::one_line(key);
    let list = allowed
        .iter()
        .map(AsRef::as_ref)
        .collect::<Vec<_>>()
        .join(", ");
    let (head, label) = match place {
        KeyPlace::Record => (format!("unknown key `{shown}`"), "allowed"),
        KeyPlace::SpecOption(name) if allowed.is_empty() => {
            return format!("`{name}` takes no options, but `{shown}` was given");
        }
        KeyPlace::SpecOption(name) => (format!("unknown option `{shown}` for `{name}`"), "allowed"),
        KeyPlace::SweepOption(game) => (
            format!("`{shown}` is not an option of {game}"),
            "its options",
        ),
        KeyPlace::SweepColumn => (
            format!("`{shown}` is not a column of the sweep"),
            "its columns",
        ),
    };
    format!(
        "{head} ({label}: {list}){}",
        did_you_mean(key, allowed.iter().map(AsRef::as_ref))
    )
}

/// The first of `keys` outside `allowed`: the one "only these keys" check
/// (of specs, records, sweeps and comparisons); `None` when every key is
/// allowed.
pub fn first_unknown<'a, S: AsRef<str>>(
    keys: impl IntoIterator<Item = &'a str>,
    allowed: &[S],
) -> Option<&'a str> {
    keys.into_iter()
        .find(|k| !allowed.iter().any(|a| a.as_ref() == *k))
}

/// [`unknown_key`]'s record message for the first key of `keys` outside
/// `allowed` ([`first_unknown`]); `None` when every key is allowed.
pub fn check_keys<'a>(keys: impl IntoIterator<Item = &'a str>, allowed: &[&str]) -> Option<String> {
    first_unknown(keys, allowed).map(|key| unknown_key(KeyPlace::Record, key, allowed))
}

#[cfg(test)]
mod tests {
    use super::*;

    const BOTS: &[&str] = &[
        "random", "greedy", "pimc", "ismcts", "expert", "oracle", "mine",
    ];

    fn near(unknown: &str) -> Option<&'static str> {
        nearest(unknown, BOTS.iter().copied())
    }

    #[test]
    fn close_names_are_suggested() {
        assert_eq!(near("mnie"), Some("mine"));
        assert_eq!(near("pmic"), Some("pimc"));
        assert_eq!(near("gredy"), Some("greedy"));
        assert_eq!(near("Greedy"), Some("greedy"));
        assert_eq!(near("ismtcs"), Some("ismcts"));
        assert_eq!(near("exprt"), Some("expert"));
        assert_eq!(near("randomm"), Some("random"));
        // Two edits from six characters on.
        assert_eq!(near("oracel1"), Some("oracle"));
    }

    #[test]
    fn nothing_absurd_is_suggested() {
        for far in ["x", "py", "c", "nosuch", "clever", "mcts", "rnd", "", "orc"] {
            assert_eq!(near(far), None, "{far}");
        }
        // `x` is one edit from the option `c`, too far for one character.
        assert_eq!(nearest("x", ["iterations", "c"]), None);
        assert_eq!(
            nearest("iteration", ["iterations", "c"]),
            Some("iterations")
        );
        // A known name is not unknown.
        assert_eq!(near("mine"), None);
    }

    #[test]
    fn the_limit_grows_with_the_length_up_to_two_edits() {
        let limits: Vec<usize> = (0..9).map(max_edits).collect();
        assert_eq!(limits, [0, 0, 0, 1, 1, 1, 2, 2, 2]);
        assert_eq!(nearest("abcdefgh", ["abcdefxy"]), Some("abcdefxy"));
        assert_eq!(nearest("abcdefgh", ["abcdexyz"]), None);
    }

    #[test]
    fn the_first_of_the_nearest_wins_and_the_text_says_it() {
        assert_eq!(nearest("pear", ["bear", "peer", "pea"]), Some("bear"));
        assert_eq!(nearest("pear", ["bears", "pea"]), Some("pea"));
        assert_eq!(
            did_you_mean("mnie", BOTS.iter().copied()),
            "; did you mean `mine`?"
        );
        assert_eq!(did_you_mean("nosuch", BOTS.iter().copied()), "");
    }

    #[test]
    fn an_unknown_key_is_named_escaped_and_its_neighbour_suggested() {
        let allowed = ["mode", "scoring", "bottles"];
        assert_eq!(
            check_keys(["mode", "scorign"], &allowed),
            Some(
                "unknown key `scorign` (allowed: mode, scoring, bottles); did you mean `scoring`?"
                    .to_string()
            )
        );
        assert_eq!(
            check_keys(["a\nb"], &allowed),
            Some("unknown key `a\\nb` (allowed: mode, scoring, bottles)".to_string())
        );
        assert_eq!(check_keys(["bottles", "mode"], &allowed), None);
    }

    #[test]
    fn every_place_words_the_key_its_way_from_the_one_helper() {
        let allowed = ["removed", "tokens"];
        let text = |place| unknown_key(place, "remved\n", &allowed);
        assert_eq!(
            text(KeyPlace::SpecOption("seaside")),
            "unknown option `remved\\n` for `seaside` (allowed: removed, tokens); did you mean \
             `removed`?"
        );
        assert_eq!(
            text(KeyPlace::SweepOption("seaside")),
            "`remved\\n` is not an option of seaside (its options: removed, tokens); did you \
             mean `removed`?"
        );
        assert_eq!(
            text(KeyPlace::SweepColumn),
            "`remved\\n` is not a column of the sweep (its columns: removed, tokens); did you \
             mean `removed`?"
        );
        assert_eq!(
            unknown_key(KeyPlace::SpecOption("random"), "x\ty", &[] as &[&str]),
            "`random` takes no options, but `x\\ty` was given"
        );
        assert_eq!(first_unknown(["removed", "x", "y"], &allowed), Some("x"));
    }
}
