//! `--vary KEY=VALUES`: one varied option and its values, with ranges.

use std::str::FromStr;

use super::SweepError;
use crate::spec::one_line;

/// One varied option and its values.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Vary {
    /// The option (`removed`), or one entry of a list (`deck.Shell`,
    /// `compensation.1`, `tokens.Beach-Wave`).
    pub key: String,
    /// Its values, in order.
    pub values: Vec<String>,
}

/// Most values one [`Vary`] may expand to (a range is refused beyond it).
pub const MAX_VALUES: u64 = 100_000;

impl FromStr for Vary {
    type Err = SweepError;

    /// `KEY=VALUES` (`--vary`).
    fn from_str(text: &str) -> Result<Vary, SweepError> {
        let (key, values) = text.split_once('=').ok_or_else(|| SweepError::Malformed {
            text: text.to_string(),
            why: "write KEY=VALUES, e.g. removed=0..=50:5 or scoring=simple,advanced".to_string(),
        })?;
        Vary::parse(key, values)
    }
}

impl Vary {
    /// `key` varied over `values`: values and ranges separated by commas
    /// (`0..=50:5`, `simple,advanced`), as `--vary` writes them after `=`.
    pub fn parse(key: &str, values: &str) -> Result<Vary, SweepError> {
        let items: Vec<&str> = values.split(',').collect();
        Vary::from_items(key, &items)
    }

    /// `key` varied over `items`, each one value or one range (a list in
    /// an experiment file; an item holds no comma).
    pub fn from_items<S: AsRef<str>>(key: &str, items: &[S]) -> Result<Vary, SweepError> {
        let malformed = |why: &str| SweepError::Malformed {
            text: format!(
                "{key}={}",
                items
                    .iter()
                    .map(|i| i.as_ref())
                    .collect::<Vec<_>>()
                    .join(",")
            ),
            why: why.to_string(),
        };
        let key = key.trim();
        let key_ok = |k: &str| {
            !k.is_empty()
                && k.chars()
                    .all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '-')
        };
        let parts: Vec<&str> = key.split('.').collect();
        if parts.len() > 2 || !parts.iter().all(|p| key_ok(p)) {
            return Err(malformed(
                "the key is an option name, or OPTION.ENTRY for one entry of a list (deck.Shell, \
                 compensation.1, tokens.Beach-Wave)",
            ));
        }
        let mut out = Vec::new();
        for item in items {
            let item = item.as_ref().trim();
            if item.is_empty() {
                return Err(malformed("an empty value (values are separated by commas)"));
            }
            if item.contains(',') {
                return Err(malformed(&format!(
                    "the value `{}` holds a comma (give each value as one item)",
                    one_line(item)
                )));
            }
            match parse_range(item)? {
                Some(range) => out.extend(range.map(|v| v.to_string())),
                None => out.push(item.to_string()),
            }
        }
        let mut seen = std::collections::HashSet::new();
        if let Some(dup) = out.iter().find(|v| !seen.insert(v.as_str())) {
            return Err(malformed(&format!("the value `{dup}` is given twice")));
        }
        Ok(Vary {
            key: key.to_string(),
            values: out,
        })
    }
}

/// Player counts: counts and ranges separated by commas (`2,3`, `2..=5`).
pub fn parse_player_counts(text: &str) -> Result<Vec<usize>, SweepError> {
    Vary::parse("players", text)?
        .values
        .iter()
        .map(|v| {
            v.parse::<usize>()
                .map_err(|_| SweepError::NotAPlayerCount(v.clone()))
        })
        .collect()
}

/// `LO..=HI[:STEP]` or `LO..HI[:STEP]` as its values; `None` when `item`
/// is not a range.
fn parse_range(item: &str) -> Result<Option<impl Iterator<Item = i64>>, SweepError> {
    let Some((lo, rest)) = item.split_once("..") else {
        return Ok(None);
    };
    let bad = |why: &str| SweepError::BadRange {
        range: item.to_string(),
        why: why.to_string(),
    };
    let (inclusive, rest) = match rest.strip_prefix('=') {
        Some(r) => (true, r),
        None => (false, rest),
    };
    let (hi, step) = match rest.split_once(':') {
        Some((hi, step)) => (hi, Some(step)),
        None => (rest, None),
    };
    let int = |s: &str, what: &str| {
        s.trim()
            .parse::<i64>()
            .map_err(|_| bad(&format!("the {what} `{}` is not an integer", s.trim())))
    };
    let (lo, hi) = (int(lo, "start")?, int(hi, "end")?);
    let step = match step {
        Some(s) => int(s, "step")?,
        None => 1,
    };
    if step <= 0 {
        return Err(bad("the step must be a positive integer"));
    }
    let last = if inclusive { hi } else { hi - 1 };
    if hi < lo {
        return Err(bad("the range is reversed (write LO..=HI with LO <= HI)"));
    }
    if last < lo {
        return Err(bad(
            "the range is empty (LO..HI excludes HI; write LO..=HI)",
        ));
    }
    if ((last - lo) / step) as u64 >= MAX_VALUES {
        return Err(bad(&format!("more than {MAX_VALUES} values")));
    }
    Ok(Some((lo..=last).step_by(step as usize)))
}
