//! One table of options per game (OpenSpiel's `parameter_specification`):
//! each option's name, kind (allowed words or range), default and a
//! one-line description, stated once in the game's module as
//! [`GameKind::OPTIONS`](super::GameKind::OPTIONS).
//!
//! From the table come the check of a spec's keys and the typed reading of
//! its values ([`SpecOptions`]), the canonical spec
//! ([`canonical_spec`]: the options in table order), the `--help` list
//! ([`help_list`]) and the options table of each game's page in `docs/`
//! ([`markdown_table`]; a test compares it with the docs).

use crate::spec::{Spec, SpecError};

/// One option of a game's spec.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct GameOption {
    /// The key in specs (`mode`).
    pub name: &'static str,
    /// Its values and default.
    pub kind: OptionKind,
    /// What it sets, on one line (the docs' table).
    pub about: &'static str,
    /// What `--help` adds in parentheses after the values, if anything.
    pub help_note: Option<&'static str>,
    /// Whether a value other than the default is a variant, not the rules
    /// (an ablation such as `bottles=plain`, a balancing lever): `--help`
    /// marks it `[variant]`, the docs' table says so, and summaries name
    /// the variants a run used ([`variants_of`]).
    pub variant: bool,
}

/// The values an option takes, and its default.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum OptionKind {
    /// One word of a fixed list.
    Choice {
        /// The words, in the order help texts list them.
        words: &'static [&'static str],
        /// The index of the default word.
        default: usize,
    },
    /// An integer in `min..=max` (`--help` writes it `N`).
    Integer {
        /// The smallest value.
        min: u64,
        /// The largest value.
        max: u64,
        /// The value when the option is absent.
        default: u64,
    },
    /// An integer in `min..=max`, or a word (the default).
    IntegerOrWord {
        /// The smallest integer.
        min: u64,
        /// The largest integer.
        max: u64,
        /// The word, and the meaning of an absent option.
        word: &'static str,
    },
    /// A value in the game's own syntax, read by the game
    /// ([`SpecOptions::text`]).
    Text {
        /// How the value is written (`KIND:N,...`).
        syntax: &'static str,
        /// What an absent option means.
        default: &'static str,
    },
    /// An integer per seat, written `SEAT:N,...` (seats from 0; a seat left
    /// out gets 0, so the default is 0 for every seat), read by
    /// [`SpecOptions::seat_list`] and written by [`seat_list_text`].
    SeatList {
        /// The smallest value of a seat.
        min: u64,
        /// The largest value of a seat.
        max: u64,
    },
    /// A label the command line writes beside another option (never typed
    /// by a user, so not in `--help`), read by the game.
    Label {
        /// How the label is written (`PATH@xxh3:HASH`).
        syntax: &'static str,
    },
}

impl GameOption {
    /// How `--help` writes the values: the words joined by `|`, `N`, the
    /// word then the range, or the syntax.
    pub fn values_syntax(&self) -> String {
        match self.kind {
            OptionKind::Choice { words, .. } => words.join("|"),
            OptionKind::Integer { .. } => "N".to_string(),
            OptionKind::IntegerOrWord { min, max, word } => format!("{word}|{min}..={max}"),
            OptionKind::Text { syntax, .. } | OptionKind::Label { syntax } => syntax.to_string(),
            OptionKind::SeatList { .. } => SEAT_LIST_SYNTAX.to_string(),
        }
    }
}

/// How a [`OptionKind::SeatList`] is written.
pub const SEAT_LIST_SYNTAX: &str = "SEAT:N,...";

/// The marker `--help` writes after a [`GameOption::variant`] option.
pub const VARIANT_MARK: &str = "[variant]";

/// The variant options (see [`GameOption::variant`]) that `spec` sets to a
/// value other than the default, as `key=value` in the spec's order: what a
/// summary names as "not the rules". A canonical spec leaves defaults out
/// or writes them; both read as the rules.
pub fn variants_of(spec: &Spec, table: &[GameOption]) -> Vec<String> {
    spec.options
        .iter()
        .filter_map(|(key, value)| {
            let option = table.iter().find(|o| o.name == key && o.variant)?;
            let default = match option.kind {
                OptionKind::Choice { words, default } => value == words[default],
                OptionKind::Integer { default, .. } => value.parse() == Ok(default),
                OptionKind::IntegerOrWord { word, .. } => value == word,
                OptionKind::SeatList { .. } => value.split(',').all(|item| {
                    item.split_once(':')
                        .is_some_and(|(_, n)| n.trim().parse() == Ok(0u64))
                }),
                OptionKind::Text { .. } | OptionKind::Label { .. } => false,
            };
            (!default).then(|| format!("{key}={value}"))
        })
        .collect()
}

/// The canonical text of a seat list (seats in order, zeros left out),
/// `None` when every seat has 0 (the option is then left out of the
/// canonical spec).
pub fn seat_list_text(values: &[u64]) -> Option<String> {
    let items: Vec<String> = values
        .iter()
        .enumerate()
        .filter(|(_, n)| **n != 0)
        .map(|(seat, n)| format!("{seat}:{n}"))
        .collect();
    (!items.is_empty()).then(|| items.join(","))
}

/// The `--help` list of a game's options:
/// `mode=board|stroll, scoring=simple|advanced, ...` (labels left out).
pub fn help_list(table: &[GameOption]) -> String {
    table
        .iter()
        .filter(|o| !matches!(o.kind, OptionKind::Label { .. }))
        .map(|o| {
            let entry = match o.help_note {
                Some(note) => format!("{}={} ({note})", o.name, o.values_syntax()),
                None => format!("{}={}", o.name, o.values_syntax()),
            };
            if o.variant {
                format!("{entry} {VARIANT_MARK}")
            } else {
                entry
            }
        })
        .collect::<Vec<_>>()
        .join(", ")
}

/// The header of the docs' options tables, by which the docs test finds
/// them.
pub const MARKDOWN_HEADER: &str = "| option | values | default | meaning |";

/// A game's options as the markdown table of its page in `docs/`.
pub fn markdown_table(table: &[GameOption]) -> String {
    let code = |text: &str| format!("`{}`", text.replace('|', "\\|"));
    let mut out = format!("{MARKDOWN_HEADER}\n| --- | --- | --- | --- |\n");
    for option in table {
        let (values, default) = match option.kind {
            OptionKind::Choice { words, default } => (
                words
                    .iter()
                    .map(|w| code(w))
                    .collect::<Vec<_>>()
                    .join(" \\| "),
                code(words[default]),
            ),
            OptionKind::Integer { min, max, default } => {
                (format!("{min} to {max}"), default.to_string())
            }
            OptionKind::IntegerOrWord { min, max, word } => {
                (format!("{min} to {max}, or {}", code(word)), code(word))
            }
            OptionKind::Text { syntax, default } => (code(syntax), default.to_string()),
            OptionKind::Label { syntax } => (code(syntax), "none".to_string()),
            OptionKind::SeatList { min, max } => (
                format!("{}, each N from {min} to {max}", code(SEAT_LIST_SYNTAX)),
                "0 for every seat".to_string(),
            ),
        };
        let variant = if option.variant {
            format!("{VARIANT_MARK} ")
        } else {
            String::new()
        };
        out.push_str(&format!(
            "| `{}` | {values} | {default} | {variant}{} |\n",
            option.name, option.about
        ));
    }
    out
}

/// The canonical spec `name(key=value,...)`: the options in table order,
/// each with its value in `values` (one per row of `table`; `None` leaves
/// the option out).
pub fn canonical_spec(name: &str, table: &[GameOption], values: Vec<Option<String>>) -> String {
    debug_assert_eq!(table.len(), values.len(), "one value per option of {name}");
    Spec {
        name: name.to_string(),
        options: table
            .iter()
            .zip(values)
            .filter_map(|(option, value)| value.map(|v| (option.name.to_string(), v)))
            .collect(),
    }
    .to_string()
}

/// A spec whose keys are all options of a game's table, read one typed
/// value at a time (each checked against its row when read, so the errors
/// come in the order the game reads them).
#[derive(Clone, Copy, Debug)]
pub struct SpecOptions<'a> {
    spec: &'a Spec,
}

impl<'a> SpecOptions<'a> {
    /// Check that every key of `spec` is an option of `table`
    /// ([`SpecError::UnknownKey`] lists the table's names in order).
    pub fn read(spec: &'a Spec, table: &[GameOption]) -> Result<SpecOptions<'a>, SpecError> {
        let names: Vec<&str> = table.iter().map(|o| o.name).collect();
        spec.check_keys(&names)?;
        Ok(SpecOptions { spec })
    }

    /// The index of a [`OptionKind::Choice`] option's word (its default
    /// when absent).
    ///
    /// # Panics
    /// When `option` is of another kind (a mistake in the game's code,
    /// which its tests of the defaults catch).
    pub fn choice(&self, option: &GameOption) -> Result<usize, SpecError> {
        match option.kind {
            OptionKind::Choice { words, default } => self.spec.choice(option.name, words, default),
            _ => panic!("`{}` is not a choice", option.name),
        }
    }

    /// An [`OptionKind::Integer`] option's value (its default when absent).
    ///
    /// # Panics
    /// When `option` is of another kind.
    pub fn integer(&self, option: &GameOption) -> Result<u64, SpecError> {
        match option.kind {
            OptionKind::Integer { min, max, default } => {
                self.spec.u64_in(option.name, default, min, max)
            }
            _ => panic!("`{}` is not an integer", option.name),
        }
    }

    /// An [`OptionKind::IntegerOrWord`] option's integer, `None` for the
    /// word or when absent.
    ///
    /// # Panics
    /// When `option` is of another kind.
    pub fn integer_or_word(&self, option: &GameOption) -> Result<Option<u64>, SpecError> {
        let OptionKind::IntegerOrWord { min, max, word } = option.kind else {
            panic!("`{}` is not an integer or word", option.name);
        };
        match self.spec.get(option.name) {
            None => Ok(None),
            Some(v) if v == word => Ok(None),
            Some(v) => match v.parse::<u64>() {
                Ok(n) if (min..=max).contains(&n) => Ok(Some(n)),
                _ => Err(self.bad_value(
                    option,
                    v,
                    format!("an integer from {min} to {max} or `{word}`"),
                )),
            },
        }
    }

    /// An [`OptionKind::SeatList`] option's value per seat of a
    /// `players`-player game (0 for a seat left out, every seat 0 when
    /// absent). A malformed item, a seat given twice or not below
    /// `players` (or above `N`), or a value outside the row's range is a
    /// [`SpecError::BadValue`] that says what was expected.
    ///
    /// # Panics
    /// When `option` is of another kind.
    pub fn seat_list<const N: usize>(
        &self,
        option: &GameOption,
        players: usize,
    ) -> Result<[u64; N], SpecError> {
        let OptionKind::SeatList { min, max } = option.kind else {
            panic!("`{}` is not a seat list", option.name);
        };
        let mut values = [0u64; N];
        let Some(text) = self.spec.get(option.name) else {
            return Ok(values);
        };
        let seats = players.min(N);
        let expected = || {
            format!(
                "{SEAT_LIST_SYNTAX} with each SEAT from 0 to {} once and each N from {min} to {max} \
                 (e.g. `{}=1:2`)",
                seats.saturating_sub(1),
                option.name
            )
        };
        let mut given = [false; N];
        for item in text.split(',') {
            let parsed = item.split_once(':').and_then(|(seat, n)| {
                Some((
                    seat.trim().parse::<usize>().ok()?,
                    n.trim().parse::<u64>().ok()?,
                ))
            });
            match parsed {
                Some((seat, n)) if seat < seats && !given[seat] && (min..=max).contains(&n) => {
                    given[seat] = true;
                    values[seat] = n;
                }
                _ => return Err(self.bad_value(option, text, expected())),
            }
        }
        Ok(values)
    }

    /// The raw value of an [`OptionKind::Text`] or [`OptionKind::Label`]
    /// option, if given (the game reads it).
    pub fn text(&self, option: &GameOption) -> Option<&'a str> {
        self.spec.get(option.name)
    }

    /// The error of a value of `option` the game refuses, `expected` saying
    /// what would have been accepted.
    pub fn bad_value(&self, option: &GameOption, value: &str, expected: String) -> SpecError {
        SpecError::BadValue {
            name: self.spec.name.clone(),
            key: option.name.to_string(),
            value: value.to_string(),
            expected,
        }
    }
}

#[cfg(test)]
#[path = "options_tests.rs"]
mod tests;
