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

/// The one wording for a key outside a fixed set (a record's object, an
/// event): "unknown key `KEY` (allowed: a, b); did you mean `a`?", the key
/// escaped to one line ([`crate::one_line::one_line`]).
pub fn unknown_key(key: &str, allowed: &[&str]) -> String {
    format!(
        "unknown key `{}` (allowed: {}){}",
        crate::one_line::one_line(key),
        allowed.join(", "),
        did_you_mean(key, allowed.iter().copied())
    )
}

/// [`unknown_key`]'s message for the first key of `keys` outside
/// `allowed`; `None` when every key is allowed.
pub fn check_keys<'a>(keys: impl IntoIterator<Item = &'a str>, allowed: &[&str]) -> Option<String> {
    keys.into_iter()
        .find(|k| !allowed.contains(k))
        .map(|key| unknown_key(key, allowed))
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
}
