//! Spec strings: `name` or `name(key=value,...)`, for games and bots alike.
//!
//! A value may contain commas (`deck=Sand:16,Wave:10`): a comma-separated part
//! without `=` continues the previous option's value.
//!
//! ```
//! use beachcomber::spec::{Spec, split_top_level};
//! let spec: Spec = "ismcts(iterations=2000,c=0.7)".parse().unwrap();
//! assert_eq!(spec.name, "ismcts");
//! assert_eq!(spec.get("c"), Some("0.7"));
//! assert_eq!(split_top_level("ismcts(iterations=2000,c=0.7),greedy").unwrap(),
//!            vec!["ismcts(iterations=2000,c=0.7)", "greedy"]);
//! ```

use std::fmt;
use std::str::FromStr;

use crate::suggest::did_you_mean;

/// A parsed spec: a name and its `key=value` options in written order.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Spec {
    /// The name before the parenthesis.
    pub name: String,
    /// The options, in the order written (keys are unique).
    pub options: Vec<(String, String)>,
}

/// What is wrong with a spec string or one of its values.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SpecError {
    /// The text does not have the `name(key=value,...)` shape.
    Malformed {
        /// The spec as given.
        spec: String,
        /// What is wrong with its shape.
        why: String,
    },
    /// The name is not one we know.
    UnknownName {
        /// What kind of thing was named (`game`, `bot`).
        kind: &'static str,
        /// The unknown name.
        name: String,
        /// The names that exist.
        allowed: Vec<String>,
    },
    /// The key is not an option of this name.
    UnknownKey {
        /// The spec's name.
        name: String,
        /// The unknown key.
        key: String,
        /// The keys that exist.
        allowed: Vec<String>,
    },
    /// A key was given twice.
    DuplicateKey {
        /// The spec's name.
        name: String,
        /// The repeated key.
        key: String,
    },
    /// The value does not parse or is out of range.
    BadValue {
        /// The spec's name.
        name: String,
        /// The option.
        key: String,
        /// The value as given.
        value: String,
        /// What would have been accepted.
        expected: String,
    },
    /// The option takes a file path, which parsing does not read (it does
    /// no IO): the command line resolves such paths first
    /// ([`crate::spec_files::resolve_spec_files`]); a server does not.
    FilePath {
        /// The spec's name.
        name: String,
        /// The option.
        key: String,
        /// The value as given (the path).
        value: String,
        /// The inline form that can be given instead, with an example.
        inline: String,
    },
    /// The options do not fit together or with the player count.
    Invalid {
        /// The spec's name.
        name: String,
        /// Why the configuration is refused.
        why: String,
    },
}

impl fmt::Display for SpecError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SpecError::Malformed { spec, why } => write!(
                f,
                "malformed spec `{}`: {} (expected `name` or `name(key=value,...)`)",
                one_line(spec),
                one_line(why)
            ),
            SpecError::UnknownName {
                kind,
                name,
                allowed,
            } => {
                write!(
                    f,
                    "unknown {kind} `{}` (known: {}){}",
                    one_line(name),
                    allowed.join(", "),
                    did_you_mean(name, allowed.iter().map(String::as_str))
                )
            }
            SpecError::UnknownKey { name, key, allowed } => {
                f.write_str(&crate::suggest::unknown_key(
                    crate::suggest::KeyPlace::SpecOption(name),
                    key,
                    allowed,
                ))
            }
            SpecError::DuplicateKey { name, key } => {
                write!(f, "option `{key}` given twice for `{name}`")
            }
            SpecError::BadValue {
                name,
                key,
                value,
                expected,
            } => {
                write!(
                    f,
                    "bad value `{}` for `{name}` option `{key}`: expected {}",
                    one_line(value),
                    one_line(expected)
                )
            }
            SpecError::FilePath {
                name,
                key,
                value,
                inline,
            } => write!(
                f,
                "`{name}` option `{key}` names the file `{}`: a file path is read only by the \
                 command line, not here (a server does not resolve paths); give the value \
                 inline instead: {}",
                one_line(value),
                one_line(inline)
            ),
            SpecError::Invalid { name, why } => write!(f, "invalid `{name}`: {}", one_line(why)),
        }
    }
}

impl std::error::Error for SpecError {}

/// The index of the `)` that closes the `(` at `open`, if any.
fn matching_paren(s: &str, open: usize) -> Option<usize> {
    let mut depth = 0usize;
    for (i, c) in s[open..].char_indices() {
        match c {
            '(' => depth += 1,
            ')' => {
                depth -= 1;
                if depth == 0 {
                    return Some(open + i);
                }
            }
            _ => {}
        }
    }
    None
}

pub use crate::one_line::{ONE_LINE_MAX, one_line, one_line_max, one_line_path};

fn is_ident(s: &str) -> bool {
    !s.is_empty()
        && s.chars()
            .all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '-')
}

impl FromStr for Spec {
    type Err = SpecError;

    fn from_str(text: &str) -> Result<Spec, SpecError> {
        let malformed = |why: &str| SpecError::Malformed {
            spec: text.to_string(),
            why: why.to_string(),
        };
        let s = text.trim();
        let (name, body) = match s.find('(') {
            None => (s, None),
            Some(open) => {
                let close =
                    matching_paren(s, open).ok_or_else(|| malformed("missing closing `)`"))?;
                let rest = s[close + 1..].trim();
                if !rest.is_empty() {
                    let why = if rest.starts_with(',') {
                        format!(
                            "`{rest}` follows the closing `)`: one spec names one game or bot \
                             (separate seats' bots with commas only in --bots)"
                        )
                    } else {
                        format!("unexpected `{rest}` after the closing `)`")
                    };
                    return Err(malformed(&why));
                }
                (s[..open].trim(), Some(&s[open + 1..close]))
            }
        };
        if !is_ident(name) {
            return Err(malformed("the name must be letters, digits, `-` or `_`"));
        }
        let mut options: Vec<(String, String)> = Vec::new();
        if let Some(body) = body {
            for part in split_top_level(body)? {
                if part.is_empty() {
                    if body.trim().is_empty() {
                        break;
                    }
                    return Err(malformed("empty option"));
                }
                let Some((key, value)) = part.split_once('=') else {
                    // A part without `=` continues the previous option's
                    // value: `deck=Sand:16,Wave:10` is one option.
                    match options.last_mut() {
                        Some((_, value)) => {
                            value.push(',');
                            value.push_str(part);
                            continue;
                        }
                        None => return Err(malformed(&format!("option `{part}` has no `=`"))),
                    }
                };
                let (key, value) = (key.trim(), value.trim());
                if !is_ident(key) {
                    return Err(malformed(&format!("bad option name `{key}`")));
                }
                if value.is_empty() {
                    return Err(malformed(&format!("option `{key}` has no value")));
                }
                if options.iter().any(|(k, _)| k == key) {
                    return Err(SpecError::DuplicateKey {
                        name: name.to_string(),
                        key: key.to_string(),
                    });
                }
                options.push((key.to_string(), value.to_string()));
            }
        }
        Ok(Spec {
            name: name.to_string(),
            options,
        })
    }
}

impl fmt::Display for Spec {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.name)?;
        if !self.options.is_empty() {
            f.write_str("(")?;
            for (i, (k, v)) in self.options.iter().enumerate() {
                if i > 0 {
                    f.write_str(",")?;
                }
                write!(f, "{k}={v}")?;
            }
            f.write_str(")")?;
        }
        Ok(())
    }
}

/// Split on commas that are not inside parentheses or double quotes; parts
/// are trimmed. The one top-level comma splitter: bot and game specs'
/// options, lineups (`--bots`), `KEY=VALUE` lists ([`crate::compare::parse_pairs`])
/// and a search's baseline all split here. Unbalanced parentheses or an
/// unclosed quote are [`SpecError::Malformed`].
pub fn split_top_level(text: &str) -> Result<Vec<&str>, SpecError> {
    let malformed = |why: &str| SpecError::Malformed {
        spec: text.to_string(),
        why: why.into(),
    };
    let mut parts = Vec::new();
    let (mut depth, mut quoted, mut start) = (0i32, false, 0);
    for (i, c) in text.char_indices() {
        match c {
            '"' => quoted = !quoted,
            _ if quoted => {}
            '(' => depth += 1,
            ')' => {
                depth -= 1;
                if depth < 0 {
                    return Err(malformed("unbalanced `)`"));
                }
            }
            ',' if depth == 0 => {
                parts.push(text[start..i].trim());
                start = i + 1;
            }
            _ => {}
        }
    }
    if quoted {
        return Err(malformed("unclosed `\"`"));
    }
    if depth != 0 {
        return Err(malformed("unbalanced `(`"));
    }
    parts.push(text[start..].trim());
    Ok(parts)
}

impl Spec {
    /// The raw value of `key`, if given.
    pub fn get(&self, key: &str) -> Option<&str> {
        self.options
            .iter()
            .find(|(k, _)| k == key)
            .map(|(_, v)| v.as_str())
    }

    /// Fail if any option is not among `allowed` (the one check,
    /// [`crate::suggest::first_unknown`]).
    pub fn check_keys(&self, allowed: &[&str]) -> Result<(), SpecError> {
        match crate::suggest::first_unknown(self.options.iter().map(|(k, _)| k.as_str()), allowed) {
            Some(key) => Err(SpecError::UnknownKey {
                name: self.name.clone(),
                key: key.to_string(),
                allowed: allowed.iter().map(|s| s.to_string()).collect(),
            }),
            None => Ok(()),
        }
    }

    fn bad(&self, key: &str, value: &str, expected: String) -> SpecError {
        SpecError::BadValue {
            name: self.name.clone(),
            key: key.into(),
            value: value.into(),
            expected,
        }
    }

    /// An integer option in `min..=max`, or `default` when absent.
    pub fn u64_in(&self, key: &str, default: u64, min: u64, max: u64) -> Result<u64, SpecError> {
        match self.get(key) {
            None => Ok(default),
            Some(v) => match v.parse::<u64>() {
                Ok(n) if (min..=max).contains(&n) => Ok(n),
                _ => Err(self.bad(key, v, format!("an integer from {min} to {max}"))),
            },
        }
    }

    /// A real option in `min..=max` (finite), or `default` when absent.
    pub fn f64_in(&self, key: &str, default: f64, min: f64, max: f64) -> Result<f64, SpecError> {
        match self.get(key) {
            None => Ok(default),
            Some(v) => match v.parse::<f64>() {
                Ok(x) if x.is_finite() && x >= min && x <= max => Ok(x),
                _ => Err(self.bad(key, v, format!("a number from {min} to {max}"))),
            },
        }
    }

    /// One of a fixed set of words, or `default` when absent. Returns the
    /// index of the word in `choices`.
    pub fn choice(&self, key: &str, choices: &[&str], default: usize) -> Result<usize, SpecError> {
        match self.get(key) {
            None => Ok(default),
            Some(v) => choices
                .iter()
                .position(|c| *c == v)
                .ok_or_else(|| self.bad(key, v, format!("one of {}", choices.join("|")))),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_names_and_options() {
        let s: Spec = "seashells(mode=stroll, scoring=advanced)".parse().unwrap();
        assert_eq!(s.name, "seashells");
        assert_eq!(
            s.options,
            vec![
                ("mode".into(), "stroll".into()),
                ("scoring".into(), "advanced".into())
            ]
        );
        assert_eq!(s.to_string(), "seashells(mode=stroll,scoring=advanced)");
        let s: Spec = "random".parse().unwrap();
        assert!(s.options.is_empty());
        let s: Spec = "random()".parse().unwrap();
        assert!(s.options.is_empty());
        // A value may hold commas: parts without `=` continue it.
        let s: Spec = "shell-dash(deck=Sand:16,Wave:10,max_turns=50)"
            .parse()
            .unwrap();
        assert_eq!(s.get("deck"), Some("Sand:16,Wave:10"));
        assert_eq!(s.get("max_turns"), Some("50"));
    }

    #[test]
    fn rejects_malformed() {
        for bad in [
            "",
            "x(",
            "x(a)",
            "x(a=)",
            "x(=1)",
            "x(a=1,,b=2)",
            "x y",
            "x(a=1))",
            "x(a=1,a=2)",
        ] {
            assert!(bad.parse::<Spec>().is_err(), "{bad:?} accepted");
        }
    }

    #[test]
    fn errors_say_what_is_wrong_on_one_line() {
        let e = "seashells(mode=stroll,scoring=advanced),x"
            .parse::<Spec>()
            .unwrap_err()
            .to_string();
        assert!(e.contains("`,x` follows the closing `)`"), "{e}");
        let e = "x(a=1)y".parse::<Spec>().unwrap_err().to_string();
        assert!(e.contains("unexpected `y` after the closing `)`"), "{e}");
        let e = "x(a=1".parse::<Spec>().unwrap_err().to_string();
        assert!(e.contains("missing closing `)`"), "{e}");
        let e = "x(a=\n)".parse::<Spec>().unwrap_err().to_string();
        assert!(!e.contains('\n'), "{e}");
        let e = "bad\nname".parse::<Spec>().unwrap_err().to_string();
        assert_eq!(
            e,
            "malformed spec `bad\\nname`: the name must be letters, digits, `-` or `_` \
             (expected `name` or `name(key=value,...)`)"
        );
        // Nested parentheses inside a value are matched.
        let s: Spec = "a(b=c(d),e=f)".parse().unwrap();
        assert_eq!(s.get("b"), Some("c(d)"));
        // Whitespace and newlines between parts are normalized away.
        let s: Spec = " seashells (\n mode = stroll ,\tscoring=advanced ) "
            .parse()
            .unwrap();
        assert_eq!(s.to_string(), "seashells(mode=stroll,scoring=advanced)");
    }

    #[test]
    fn typed_values_check_ranges() {
        let s: Spec = "ismcts(iterations=0,c=-1,rollout=smart)".parse().unwrap();
        let e = s.u64_in("iterations", 100, 1, 1_000_000).unwrap_err();
        assert_eq!(
            e.to_string(),
            "bad value `0` for `ismcts` option `iterations`: expected an integer from 1 to 1000000"
        );
        assert!(s.f64_in("c", 0.7, 0.0, 100.0).is_err());
        assert!(s.choice("rollout", &["random", "greedy"], 0).is_err());
        assert_eq!(s.u64_in("worlds", 8, 1, 64).unwrap(), 8);
        let e = s.check_keys(&["iterations", "c"]).unwrap_err();
        assert_eq!(
            e.to_string(),
            "unknown option `rollout` for `ismcts` (allowed: iterations, c)"
        );
    }

    #[test]
    fn unknown_names_and_options_suggest_the_nearest() {
        let s: Spec = "ismcts(iteratons=5)".parse().unwrap();
        assert_eq!(
            s.check_keys(&["iterations", "c"]).unwrap_err().to_string(),
            "unknown option `iteratons` for `ismcts` (allowed: iterations, c); did you mean \
             `iterations`?"
        );
        let s: Spec = "ismcts(x=5)".parse().unwrap();
        assert_eq!(
            s.check_keys(&["iterations", "c"]).unwrap_err().to_string(),
            "unknown option `x` for `ismcts` (allowed: iterations, c)"
        );
        assert_eq!(
            crate::games::AnyGame::from_spec("seasid", 2)
                .unwrap_err()
                .to_string(),
            "unknown game `seasid` (known: seashells, seaside, shell-dash); did you mean \
             `seaside`?"
        );
        assert_eq!(
            crate::games::AnyGame::from_spec("chess", 2)
                .unwrap_err()
                .to_string(),
            "unknown game `chess` (known: seashells, seaside, shell-dash)"
        );
    }

    #[test]
    fn splits_top_level_commas_only() {
        assert_eq!(
            split_top_level("a(b=1,c=2), d ,e(f=3)").unwrap(),
            vec!["a(b=1,c=2)", "d", "e(f=3)"]
        );
        assert!(split_top_level("a(b=1").is_err());
        // Quotes hide commas and parentheses (the one splitter of specs and
        // `KEY=VALUE` lists alike); an unclosed quote is refused.
        assert_eq!(
            split_top_level(r#"a="b,(c", d"#).unwrap(),
            vec![r#"a="b,(c""#, "d"]
        );
        assert_eq!(
            split_top_level(r#"a="b,c"#).unwrap_err().to_string(),
            r#"malformed spec `a="b,c`: unclosed `"` (expected `name` or `name(key=value,...)`)"#
        );
        assert!(split_top_level("a)b(").is_err());
    }
}
