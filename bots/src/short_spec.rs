//! A bot's short spec, for people: the canonical spec (every option spelled
//! out, as records hold it) minus the options equal to their defaults.

use beachcomber::spec::Spec;

use crate::registry::BotConfig;

/// `text`'s short spec: its canonical spec minus the options whose value is
/// the default (`ismcts(iterations=4000,c=0.7,...)` with only `iterations`
/// changed gives `ismcts(iterations=4000)`; all defaults give `ismcts`).
/// The short spec always parses back to the same bot; when dropping an
/// option would change the bot (one option's default depends on another),
/// that option is kept. A text that is no bot spec (`human`, a record's
/// unknown bot) is returned as it is.
pub fn short_spec(text: &str) -> String {
    let Ok(config) = BotConfig::parse(text) else {
        return text.to_string();
    };
    let canonical = config.to_string();
    let Ok(spec) = canonical.parse::<Spec>() else {
        return canonical;
    };
    // The bot with every option at its default (none for `engine`, which
    // needs a name).
    let Some(defaults) = BotConfig::parse(config.name())
        .ok()
        .and_then(|d| d.to_string().parse::<Spec>().ok())
    else {
        return canonical;
    };
    let is_default = |k: &str, v: &str| defaults.options.iter().any(|(dk, dv)| dk == k && dv == v);
    // Drop default options one at a time, keeping those the bot needs.
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
    Spec {
        name: spec.name,
        options: kept,
    }
    .to_string()
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
            let config = BotConfig::parse(name).unwrap();
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
}
