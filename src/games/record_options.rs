//! A record's `options` object read and written through the game's options
//! table ([`GameKind::OPTIONS`](super::GameKind::OPTIONS)), so that the
//! table is the one source of a record's option keys, their ranges and the
//! parsing of their values (docs/records.md, each game's section).
//!
//! Reading: the object's keys are checked against the table (labels such
//! as `tokens_file` are never in a record) by the one key check
//! ([`crate::suggest::check_keys`]); each value is turned into its spec
//! text (an integer's digits, a word as it is, or the game's own form for
//! a value that is not a scalar, [`RecordValue`]), and the spec so made is
//! parsed by the game's spec parser, the one `--game` uses: the same
//! ranges, the same canonical values. Writing: the options the game's
//! record code does not write itself ([`RecordOptions::written`]) are
//! written from the canonical spec's values when not at their default
//! ([`extra_options`]). An option added to a table is therefore read and
//! written by records with no edit in the game's `record.rs`.

use serde_json::Value;

use super::{GameOption, OptionKind};
use crate::record::RecordError;
use crate::record::json as text;
use crate::spec::{Spec, SpecError};

/// How a game's records hold the options of its table, beyond what the
/// table says.
#[derive(Clone, Copy, Debug)]
pub struct RecordOptions {
    /// The options every record holds (those the rules contract lists);
    /// any other option may be absent, and then has its default.
    pub required: &'static [&'static str],
    /// Options that records written before them lack, with the spec value
    /// their absence means (Shell Dash's `reshuffle`: `empty`).
    pub absent: &'static [(&'static str, &'static str)],
    /// The options the game's record code writes itself; every other
    /// option of the table but labels is written by [`extra_options`].
    pub written: &'static [&'static str],
}

/// A game's own record form of an option whose record value is not its
/// spec text (Shell Dash's `deck` object, Seaside's `tokens` lines): the
/// spec text of `value`, or `None` for an option read by its kind (an
/// integer as a JSON number, a word or a text as a JSON string).
pub type RecordValue = fn(&GameOption, &Value) -> Option<Result<String, RecordError>>;

/// The keys a record's `options` may hold: the table's options but
/// labels, in table order.
pub fn record_keys(table: &[GameOption]) -> Vec<&'static str> {
    table
        .iter()
        .filter(|o| !matches!(o.kind, OptionKind::Label { .. }))
        .map(|o| o.name)
        .collect()
}

/// The error of a record's `options.KEY` field.
fn field(option: &GameOption, why: impl Into<String>) -> RecordError {
    RecordError::field(format!("options.{}", option.name), why)
}

/// What a record value of `option` read by its kind must be.
fn expected(option: &GameOption) -> String {
    match option.kind {
        OptionKind::Choice { words, .. } => format!("one of {}", words.join("|")),
        OptionKind::Integer { min, max, .. } | OptionKind::IntegerOrWord { min, max, .. } => {
            format!("an integer from {min} to {max}")
        }
        OptionKind::Text { .. } | OptionKind::Label { .. } => "a string".to_string(),
        OptionKind::SeatList { .. } => format!("a string `{}`", super::options::SEAT_LIST_SYNTAX),
    }
}

/// The spec text of a record value read by `option`'s kind: a word or a
/// text from a JSON string, an integer from a JSON number (a record states
/// the number, never an integer option's word).
fn scalar_text(option: &GameOption, value: &Value) -> Result<String, RecordError> {
    let text = match option.kind {
        OptionKind::Integer { .. } | OptionKind::IntegerOrWord { .. } => {
            value.as_u64().map(|n| n.to_string())
        }
        _ => value.as_str().map(str::to_string),
    };
    text.ok_or_else(|| {
        field(
            option,
            format!(
                "`{}`: expected {}",
                crate::spec::one_line(&value.to_string()),
                expected(option)
            ),
        )
    })
}

/// The spec `name(key=value,...)` that a record's `options` object
/// describes: its keys among the table's ([`record_keys`]), every
/// [`RecordOptions::required`] one present, each value as its spec text
/// (by `own`, else by the option's kind), in table order.
pub fn record_spec(
    name: &str,
    table: &[GameOption],
    form: &RecordOptions,
    options: &Value,
    own: RecordValue,
) -> Result<Spec, RecordError> {
    let object = options
        .as_object()
        .ok_or_else(|| RecordError::field("options", "expected an object"))?;
    if let Some(why) =
        crate::suggest::check_keys(object.keys().map(String::as_str), &record_keys(table))
    {
        return Err(RecordError::field("options", why));
    }
    let mut spec = Spec {
        name: name.to_string(),
        options: Vec::new(),
    };
    for option in table {
        let text = match object.get(option.name) {
            Some(value) => match own(option, value) {
                Some(text) => text?,
                None => scalar_text(option, value)?,
            },
            None if form.required.contains(&option.name) => {
                let why = match option.kind {
                    // A text's record form is the game's own (the deck).
                    OptionKind::Text { .. } | OptionKind::Label { .. } => "missing".to_string(),
                    _ => format!("missing; expected {}", expected(option)),
                };
                return Err(field(option, why));
            }
            None => match form.absent.iter().find(|(k, _)| *k == option.name) {
                Some((_, meaning)) => meaning.to_string(),
                None => continue,
            },
        };
        spec.options.push((option.name.to_string(), text));
    }
    Ok(spec)
}

/// A spec error of the spec a record's options make, as a record error:
/// a value's error names its field (`options.KEY`), any other the
/// `options`.
pub fn record_error(error: SpecError) -> RecordError {
    match &error {
        SpecError::BadValue { key, .. } | SpecError::FilePath { key, .. } => {
            RecordError::field(format!("options.{key}"), error.to_string())
        }
        _ => RecordError::field("options", error.to_string()),
    }
}

/// The game configuration a record's `options` describe: [`record_spec`]
/// parsed by `parse` (the game's spec parser, with the record's player
/// count), its errors as [`record_error`]s.
pub fn read<G>(
    name: &str,
    table: &[GameOption],
    form: &RecordOptions,
    options: &Value,
    own: RecordValue,
    parse: impl FnOnce(&Spec) -> Result<G, SpecError>,
) -> Result<G, RecordError> {
    let spec = record_spec(name, table, form, options, own)?;
    parse(&spec).map_err(record_error)
}

/// [`read`] for a game of the registry: its name, its table and its spec
/// parser ([`GameKind`](super::GameKind)), with the record's player count.
pub fn read_game<G: super::GameKind>(
    players: usize,
    options: &Value,
    form: &RecordOptions,
    own: RecordValue,
) -> Result<G, RecordError> {
    read(G::NAME, G::OPTIONS, form, options, own, |spec| {
        G::from_spec(spec, players)
    })
}

/// The options of `table` that the game's record code does not write
/// ([`RecordOptions::written`]; labels aside) and whose canonical value
/// (`values()`, called only when there are such options; one per row as [`GameKind::option_values`](super::GameKind::option_values)
/// gives them) is not the option's default, as record values in table
/// order: an integer as a JSON number, any other value as a string (a
/// text has no default value and is written whenever given).
pub fn extra_options(
    table: &[GameOption],
    form: &RecordOptions,
    values: impl FnOnce() -> Vec<Option<String>>,
) -> Vec<(&'static str, Value)> {
    let extra = |o: &GameOption| {
        !form.written.contains(&o.name) && !matches!(o.kind, OptionKind::Label { .. })
    };
    // No option left to the table: nothing to compute per record.
    if !table.iter().any(extra) {
        return Vec::new();
    }
    table
        .iter()
        .zip(values())
        .filter(|(o, _)| extra(o))
        .filter_map(|(option, value)| {
            let value = value?;
            let record = match option.kind {
                OptionKind::Choice { words, default } if words[default] == value => return None,
                OptionKind::Integer { default, .. } if default.to_string() == value => {
                    return None;
                }
                OptionKind::IntegerOrWord { word, .. } if word == value => return None,
                OptionKind::Integer { .. } | OptionKind::IntegerOrWord { .. } => {
                    match value.parse::<u64>() {
                        Ok(n) => Value::from(n),
                        Err(_) => Value::String(value),
                    }
                }
                _ => Value::String(value),
            };
            Some((option.name, record))
        })
        .collect()
}

/// Append [`extra_options`] to an `options` object being built as a
/// [`Value`].
pub fn add_extras(options: &mut Value, extras: Vec<(&'static str, Value)>) {
    if let Some(object) = options.as_object_mut() {
        for (key, value) in extras {
            object.insert(key.to_string(), value);
        }
    }
}

/// Append [`extra_options`] as JSON text (`,"KEY":VALUE` each) to an
/// `options` object being written, before its closing `}`: the bytes
/// [`add_extras`]'s object serializes to.
pub fn write_extras(out: &mut Vec<u8>, extras: Vec<(&'static str, Value)>) {
    for (key, value) in extras {
        out.push(b',');
        text::string(out, key);
        out.push(b':');
        text::value(out, &value);
    }
}

#[cfg(test)]
#[path = "record_options_tests.rs"]
mod tests;
