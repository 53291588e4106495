//! One varied value set in a game spec: a whole option (`removed=4`), or
//! one entry of a list folded into the option's text, so that a sweep or a
//! search varies a list entry by entry:
//!
//! - `OPTION.KIND` in a `KIND:N,...` list present in the spec
//!   (`deck.Shell=20`: the other kinds keep their counts);
//! - `OPTION.SEAT` in a per-seat list ([`OptionKind::SeatList`],
//!   `compensation.1=2`), from "every seat 0" when the spec leaves the
//!   option out, written canonically (seats in order, zeros left out, the
//!   option left out when every seat is 0: `compensation.1=0` is the
//!   default game);
//! - `tokens.FACE_A-FACE_B` in Seaside's inline token set
//!   (`tokens.Beach-Wave=8`), from the default 70-token set when the spec
//!   leaves `tokens` out: the item of that kind keeps its place (token ids
//!   follow the items), a kind the set lacks is appended.

use crate::games::options::seat_list_text;
use crate::games::seaside::Face;
use crate::games::seaside::TokenSet;
use crate::games::{GameOption, OptionKind};
use crate::spec::{Spec, one_line};

/// Why [`set_option`] refused a key.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) enum SetError {
    /// `OPTION.ENTRY` where `OPTION` is neither in the spec nor a list the
    /// game's table folds into.
    Unknown,
    /// `OPTION.KIND` where the spec's `OPTION` is not a `KIND:N` list.
    NotAList(String),
    /// An entry of a list that names no entry of it, and why.
    BadEntry(String),
}

impl SetError {
    /// The refusal's words for `key`.
    pub(super) fn why(&self, key: &str) -> String {
        match self {
            SetError::Unknown => format!("`{}` is not an option", one_line(key)),
            SetError::NotAList(option) => format!(
                "`{}` sets one count of a list, but `{}` is not a KIND:N list",
                one_line(key),
                one_line(option)
            ),
            SetError::BadEntry(why) => format!("`{}`: {why}", one_line(key)),
        }
    }
}

/// The Seaside option whose per-kind counts fold into its inline set.
const TOKENS: (&str, &str) = ("seaside", "tokens");

/// Set `key` (or one entry of a list, `OPTION.ENTRY`, see the module docs)
/// to `value` in `spec`, whose game's option table is `table`.
pub(super) fn set_option(
    spec: &mut Spec,
    key: &str,
    value: &str,
    table: &[GameOption],
) -> Result<(), SetError> {
    let Some((option, entry)) = key.split_once('.') else {
        match spec.options.iter_mut().find(|(k, _)| k == key) {
            Some((_, v)) => *v = value.to_string(),
            // Options a canonical spec leaves out (e.g. `tokens`):
            // added, and the game says whether it knows them.
            None => spec.options.push((key.to_string(), value.to_string())),
        }
        drop_file_label(spec, key);
        return Ok(());
    };
    if let Some(row) = table.iter().find(|o| o.name == option)
        && matches!(row.kind, OptionKind::SeatList { .. })
    {
        let text = fold_seat(spec.get(option).unwrap_or(""), entry, value)?;
        put(spec, option, text);
        return Ok(());
    }
    if (spec.name.as_str(), option) == TOKENS && table.iter().any(|o| o.name == option) {
        let base = match spec.get(option) {
            Some(text) => text.to_string(),
            None => TokenSet::standard().inline(),
        };
        let text = fold_token_kind(&base, entry, value)?;
        put(spec, option, Some(text));
        drop_file_label(spec, option);
        return Ok(());
    }
    let Some((_, list)) = spec.options.iter_mut().find(|(k, _)| k == option) else {
        return Err(SetError::Unknown);
    };
    let mut items: Vec<(String, String)> = Vec::new();
    for item in list.split(',') {
        let (k, n) = item
            .split_once(':')
            .ok_or_else(|| SetError::NotAList(option.to_string()))?;
        items.push((k.to_string(), n.to_string()));
    }
    match items.iter_mut().find(|(k, _)| k == entry) {
        Some((_, n)) => *n = value.to_string(),
        None => items.push((entry.to_string(), value.to_string())),
    }
    *list = items
        .iter()
        .map(|(k, n)| format!("{k}:{n}"))
        .collect::<Vec<_>>()
        .join(",");
    Ok(())
}

/// `option=text` in `spec` (in place, or appended), or `option` removed
/// when `text` is `None`.
fn put(spec: &mut Spec, option: &str, text: Option<String>) {
    match (spec.options.iter().position(|(k, _)| k == option), text) {
        (Some(i), Some(text)) => spec.options[i].1 = text,
        (Some(i), None) => {
            spec.options.remove(i);
        }
        (None, Some(text)) => spec.options.push((option.to_string(), text)),
        (None, None) => {}
    }
}

/// A varied value replaces a file's content: the base's label of that
/// file (`tokens_file`) no longer describes it.
fn drop_file_label(spec: &mut Spec, key: &str) {
    for file in crate::spec_files::FILE_OPTIONS {
        if file.game == spec.name && file.key == key {
            spec.options.retain(|(k, _)| k != file.label);
        }
    }
}

/// The seat list `text` (`SEAT:N,...`) with seat `seat` given `value`,
/// written canonically ([`seat_list_text`]): `None` when every seat is 0.
/// Seats past the player count and values outside the option's range are
/// left to the game, which names its range.
fn fold_seat(text: &str, seat: &str, value: &str) -> Result<Option<String>, SetError> {
    let number = |what: &str, text: &str| {
        text.trim().parse::<u64>().map_err(|_| {
            SetError::BadEntry(format!(
                "{what} `{}` is not an integer ≥ 0 (write OPTION.SEAT=N, seats from 0)",
                one_line(text.trim())
            ))
        })
    };
    let seat = usize::try_from(number("the seat", seat)?)
        .ok()
        .filter(|&s| s < crate::MAX_SEATS)
        .ok_or_else(|| {
            SetError::BadEntry(format!(
                "the seat is past the largest seat count of any game ({})",
                crate::MAX_SEATS
            ))
        })?;
    let value = number("the value", value)?;
    let mut values = vec![0u64; crate::MAX_SEATS];
    if !text.trim().is_empty() {
        for item in text.split(',') {
            let (s, n) = item.split_once(':').ok_or_else(|| {
                SetError::BadEntry(format!(
                    "the base's list `{}` is not SEAT:N,...",
                    one_line(text)
                ))
            })?;
            let s = usize::try_from(number("the seat", s)?)
                .ok()
                .filter(|&s| s < values.len())
                .ok_or_else(|| {
                    SetError::BadEntry(format!(
                        "the base's list `{}` names a seat past the last",
                        one_line(text)
                    ))
                })?;
            values[s] = number("the value", n)?;
        }
    }
    values[seat] = value;
    Ok(seat_list_text(&values))
}

/// The inline token set `text` with the kind `FACE_A-FACE_B` (`entry`)
/// counted `value`: its item keeps its place, or a new item is appended.
fn fold_token_kind(text: &str, entry: &str, value: &str) -> Result<String, SetError> {
    let bad = |why: String| SetError::BadEntry(why);
    let faces = Face::ALL.map(Face::name).join(", ");
    let (a, b) = entry
        .split_once('-')
        .and_then(|(a, b)| Some((Face::from_name(a)?, Face::from_name(b)?)))
        .ok_or_else(|| {
            bad(format!(
                "write tokens.FACE_A-FACE_B for one kind's count (e.g. tokens.Beach-Wave; \
                 faces: {faces})"
            ))
        })?;
    let count: u64 = value.trim().parse().map_err(|_| {
        bad(format!(
            "the count `{}` is not an integer ≥ 0",
            one_line(value.trim())
        ))
    })?;
    let body = text
        .trim()
        .strip_prefix('[')
        .and_then(|t| t.strip_suffix(']'))
        .ok_or_else(|| bad("the base's `tokens` is not an inline set `[...]`".to_string()))?;
    let mut items: Vec<(Face, Face, String)> = Vec::new();
    for item in body.split(';').map(str::trim).filter(|i| !i.is_empty()) {
        let parsed = item.split_once(':').and_then(|(faces, n)| {
            let (x, y) = faces.split_once('/')?;
            Some((
                Face::from_name(x.trim())?,
                Face::from_name(y.trim())?,
                n.trim().to_string(),
            ))
        });
        let item = parsed.ok_or_else(|| {
            bad(format!(
                "the base's item `{}` is not FACE_A/FACE_B:COUNT",
                one_line(item)
            ))
        })?;
        items.push(item);
    }
    let same = |x: Face, y: Face| (x, y) == (a, b) || (x, y) == (b, a);
    let of_kind: Vec<usize> = (0..items.len())
        .filter(|&i| same(items[i].0, items[i].1))
        .collect();
    match of_kind.as_slice() {
        [] => items.push((a, b, count.to_string())),
        [i] if (items[*i].0, items[*i].1) == (a, b) => items[*i].2 = count.to_string(),
        [i] => {
            return Err(bad(format!(
                "the set writes this kind `{}/{}`: write tokens.{}-{}",
                items[*i].0.name(),
                items[*i].1.name(),
                items[*i].0.name(),
                items[*i].1.name()
            )));
        }
        _ => {
            return Err(bad(format!(
                "the set holds the kind {}/{} in {} items: give it in one item to vary its count",
                a.name(),
                b.name(),
                of_kind.len()
            )));
        }
    }
    let items: Vec<String> = items
        .iter()
        .map(|(x, y, n)| format!("{}/{}:{n}", x.name(), y.name()))
        .collect();
    Ok(format!("[{}]", items.join(";")))
}

#[cfg(test)]
#[path = "set_option_tests.rs"]
mod tests;
