//! The line every summary writes when a run used variants, not the rules
//! ([`GameOption::variant`](super::GameOption::variant) options at another
//! value than their default): "Variants (not the rules): bottles=plain".
//! Nothing when every game of the run plays the rules.

use super::options::variants_of;
use crate::spec::Spec;

/// The start of [`variants_line`].
pub const VARIANTS_HEAD: &str = "Variants (not the rules)";

/// Values of one variant option named before the rest are counted.
const LISTED_VALUES: usize = 4;

/// The variants (`key=value`) the game specs `specs` use, each once, in
/// the order they first appear: [`variants_of`] of each spec with its
/// game's table (from [`GAMES`](super::GAMES)). A spec that does not parse, or names no
/// game, has none.
pub fn variants_in<'a>(specs: impl IntoIterator<Item = &'a str>) -> Vec<String> {
    let mut out: Vec<String> = Vec::new();
    for text in specs {
        let Ok(spec) = text.parse::<Spec>() else {
            continue;
        };
        let Some(game) = super::game_info(&spec.name) else {
            continue;
        };
        for variant in variants_of(&spec, game.options) {
            if !out.contains(&variant) {
                out.push(variant);
            }
        }
    }
    out
}

/// "Variants (not the rules): KEY=VALUE, ..." for the variants of the game
/// specs `specs` ([`variants_in`]), `None` when they play the rules. An
/// option with several values (a sweep or search over a lever) is written
/// once, `key=v1|v2|...`, its first four values named and the others
/// counted.
pub fn variants_line<'a>(specs: impl IntoIterator<Item = &'a str>) -> Option<String> {
    variants_text(&variants_in(specs))
}

/// [`variants_line`]'s text of the variants `variants` (`key=value` each,
/// in order), `None` for none.
pub fn variants_text(variants: &[String]) -> Option<String> {
    let mut keys: Vec<(&str, Vec<&str>)> = Vec::new();
    for variant in variants {
        let (key, value) = variant.split_once('=').unwrap_or((variant.as_str(), ""));
        match keys.iter_mut().find(|(k, _)| *k == key) {
            Some((_, values)) => values.push(value),
            None => keys.push((key, vec![value])),
        }
    }
    let items: Vec<String> = keys
        .iter()
        .map(|(key, values)| {
            let named = values[..values.len().min(LISTED_VALUES)].join("|");
            match values.len().checked_sub(LISTED_VALUES) {
                Some(more) if more > 0 => format!("{key}={named}|... ({} values)", values.len()),
                _ => format!("{key}={named}"),
            }
        })
        .collect();
    (!items.is_empty()).then(|| format!("{VARIANTS_HEAD}: {}", items.join(", ")))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_rules_name_no_variant() {
        assert_eq!(
            variants_line(["seashells(mode=board,bottles=spend)", "seaside"]),
            None
        );
        assert_eq!(
            variants_line(["not a spec ((", "chess(bottles=plain)"]),
            None
        );
    }

    #[test]
    fn variants_are_named_once_in_order_and_grouped_by_option() {
        let specs = [
            "seashells(mode=board,bottles=spend)",
            "seashells(mode=stroll,bottles=plain)",
            "seashells(mode=board,bottles=plain)",
        ];
        assert_eq!(variants_in(specs), ["bottles=plain"]);
        assert_eq!(
            variants_line(specs).as_deref(),
            Some("Variants (not the rules): bottles=plain")
        );
        // A lever searched over: one option, its values grouped.
        let mut levers: Vec<String> = (1..=6).map(|n| format!("compensation=1:{n}")).collect();
        levers.insert(2, "bottles=plain".to_string());
        assert_eq!(
            variants_text(&levers).as_deref(),
            Some(
                "Variants (not the rules): compensation=1:1|1:2|1:3|1:4|... (6 values), \
                 bottles=plain"
            )
        );
        assert_eq!(
            variants_text(&levers[..2]).as_deref(),
            Some("Variants (not the rules): compensation=1:1|1:2")
        );
        assert_eq!(variants_text(&[]), None);
    }
}
