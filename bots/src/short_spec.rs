//! A bot's short spec, for people: the canonical spec (every option spelled
//! out, as records hold it) minus the options equal to their defaults. The
//! one algorithm of it, with two front doors: [`short_spec`] for one bot
//! (the web app's replays) and [`short_label`] for a text that may list
//! several (plot labels, legends, summary tables).

use beachcomber::spec::{Spec, split_top_level};

use crate::registry::BotConfig;

/// What [`shorten`] makes of one spec.
enum Shortened {
    /// Not a bot spec (`human`, `players=4`, a record's unknown bot).
    NotABot,
    /// A bot with no defaults to drop (`engine`, which needs a name): its
    /// canonical spec.
    Canonical(String),
    /// The canonical spec without the options at their defaults.
    Short(String),
}

/// `text`'s short spec: its canonical spec minus the options whose value is
/// the default (`ismcts(iterations=4000,c=0.7,...)` with only `iterations`
/// changed gives `ismcts(iterations=4000)`; all defaults give `ismcts`).
/// The short spec always parses back to the same bot; when dropping an
/// option would change the bot (one option's default depends on another),
/// that option is kept. A text that is no bot spec (`human`, a record's
/// unknown bot) is returned as it is; a bot without defaults (`engine`) as
/// its canonical spec.
pub fn short_spec(text: &str) -> String {
    match shorten(text) {
        Shortened::NotABot => text.to_string(),
        Shortened::Canonical(spec) | Shortened::Short(spec) => spec,
    }
}

/// `text` for display: each top-level comma-separated part that is a bot
/// spec with defaults shortened as [`short_spec`] does
/// (`ismcts(iterations=2000,c=0.7,rollout=random,reward=auto),random` is
/// shown `ismcts,random`), the parts joined by `,` (no space). Unlike
/// [`short_spec`], a part that is no bot spec or has no defaults to drop
/// (`engine(name = x)`) stays as given (trimmed), and a text none of whose
/// parts shortens (`players=4`, `advanced`) is returned as it is, spaces
/// included: labels show what the user wrote unless there is something to
/// shorten.
pub fn short_label(text: &str) -> String {
    let Ok(parts) = split_top_level(text) else {
        return text.to_string();
    };
    let short: Vec<Option<String>> = parts
        .iter()
        .map(|p| match shorten(p) {
            Shortened::Short(s) => Some(s),
            Shortened::NotABot | Shortened::Canonical(_) => None,
        })
        .collect();
    if short.iter().all(Option::is_none) {
        return text.to_string();
    }
    short
        .into_iter()
        .zip(&parts)
        .map(|(s, p)| s.unwrap_or_else(|| p.to_string()))
        .collect::<Vec<_>>()
        .join(",")
}

/// One spec shortened: drop default options one at a time, keeping those
/// the bot needs (the result parses back to the same bot).
fn shorten(text: &str) -> Shortened {
    let Ok(config) = BotConfig::parse(text) else {
        return Shortened::NotABot;
    };
    let canonical = config.to_string();
    let Ok(spec) = canonical.parse::<Spec>() else {
        return Shortened::Canonical(canonical);
    };
    // The bot with every option at its default (none for `engine`, which
    // needs a name).
    let Some(defaults) = BotConfig::parse(config.name())
        .ok()
        .and_then(|d| d.to_string().parse::<Spec>().ok())
    else {
        return Shortened::Canonical(canonical);
    };
    let is_default = |k: &str, v: &str| defaults.options.iter().any(|(dk, dv)| dk == k && dv == v);
    let mut kept = spec.options.clone();
    for (k, v) in &spec.options {
        if !is_default(k, v) {
            continue;
        }
        let without: Vec<(String, String)> =
            kept.iter().filter(|(kk, _)| kk != k).cloned().collect();
        let candidate = Spec {
            name: spec.name.clone(),
            options: without.clone(),
        };
        if BotConfig::parse(&candidate.to_string()).as_ref() == Ok(&config) {
            kept = without;
        }
    }
    Shortened::Short(
        Spec {
            name: spec.name,
            options: kept,
        }
        .to_string(),
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::registry::BOT_NAMES;

    #[test]
    fn defaults_are_dropped_and_the_short_spec_is_the_same_bot() {
        assert_eq!(short_spec("random"), "random");
        assert_eq!(short_spec("ismcts"), "ismcts");
        assert_eq!(
            short_spec("ismcts(iterations=3000)"),
            "ismcts(iterations=3000)"
        );
        let long = BotConfig::parse("ismcts(iterations=3000)")
            .unwrap()
            .to_string();
        assert!(long.len() > "ismcts(iterations=3000)".len(), "{long}");
        assert_eq!(short_spec(&long), "ismcts(iterations=3000)");
        assert_eq!(short_spec("pimc(worlds=3)"), "pimc(worlds=3)");
        assert_eq!(short_spec("human"), "human");
        assert_eq!(short_spec("engine(name=mine)"), "engine(name=mine)");
        // Every registry entry: all defaults give the bare name, and the
        // short spec of any canonical spec parses back to the same bot.
        for name in BOT_NAMES {
            // `learned` has no spec of defaults alone: it needs a model.
            let Ok(config) = BotConfig::parse(name) else {
                assert_eq!(*name, "learned");
                continue;
            };
            assert_eq!(short_spec(&config.to_string()), *name);
            for spec in [
                format!("{name}(iterations=123)"),
                format!("{name}(iterations=123,worlds=5)"),
                format!("{name}(trees=2)"),
            ] {
                let Ok(c) = BotConfig::parse(&spec) else {
                    continue;
                };
                let short = short_spec(&c.to_string());
                assert_eq!(BotConfig::parse(&short).unwrap(), c, "{spec}: {short}");
                assert!(short.len() < c.to_string().len(), "{spec}: {short}");
            }
        }
    }

    #[test]
    fn labels_drop_the_options_at_their_defaults_only() {
        let full = BotConfig::parse("ismcts").unwrap().to_string();
        assert_ne!(full, "ismcts");
        assert_eq!(short_label(&format!("{full},random")), "ismcts,random");
        assert_eq!(
            short_label("ismcts(iterations=1000)"),
            "ismcts(iterations=1000)"
        );
        assert_eq!(short_label("players=4"), "players=4");
        assert_eq!(short_label("advanced"), "advanced");
    }

    /// The inputs on which the two front doors differ, each keeping the
    /// output it gave when they were two algorithms (the store's
    /// `short_label` and this crate's `short_spec`).
    #[test]
    fn a_spec_and_a_label_differ_on_lists_and_on_bots_without_defaults() {
        // A bot without defaults: the spec is canonical, the label as given.
        assert_eq!(short_spec("engine( name = x )"), "engine(name=x)");
        assert_eq!(short_label("engine( name = x )"), "engine( name = x )");
        // A list: the label shortens each part and joins them without
        // spaces; the spec of a list is no bot spec, returned as it is.
        let full = BotConfig::parse("ismcts(iterations=5)")
            .unwrap()
            .to_string();
        let list = format!("{full}, random");
        assert_eq!(short_label(&list), "ismcts(iterations=5),random");
        assert_eq!(short_spec(&list), list);
        assert_eq!(
            short_label("ismcts(iterations=5), x"),
            "ismcts(iterations=5),x"
        );
        assert_eq!(
            short_label("players=4, engine(name=x)"),
            "players=4, engine(name=x)"
        );
        // One bot with spaces around it: both give its short spec.
        assert_eq!(short_spec(" ismcts "), "ismcts");
        assert_eq!(short_label(" ismcts "), "ismcts");
        assert_eq!(short_label(&format!(" {full} ")), "ismcts(iterations=5)");
    }
}
