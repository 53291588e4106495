//! Bot specs shortened for display: a label, a legend or a table cell
//! shows a bot without the options at their defaults.

/// `text` for display: each bot spec in it without the options at their
/// defaults (`ismcts(iterations=2000,c=0.7,rollout=random,reward=auto),random`
/// is shown `ismcts,random`, `ismcts(iterations=1000,...)` as
/// `ismcts(iterations=1000)`); other text as it is.
pub fn short_label(text: &str) -> String {
    let Ok(parts) = beachcomber::spec::split_top_level(text) else {
        return text.to_string();
    };
    let short: Vec<Option<String>> = parts.iter().map(|p| short_spec(p)).collect();
    if short.iter().all(Option::is_none) {
        return text.to_string();
    }
    short
        .iter()
        .zip(&parts)
        .map(|(s, p)| s.clone().unwrap_or_else(|| p.to_string()))
        .collect::<Vec<_>>()
        .join(",")
}

/// A bot spec without the options at their defaults; `None` when `spec` is
/// not a bot spec.
fn short_spec(spec: &str) -> Option<String> {
    use beachcomber::spec::Spec;
    let config = beachcomber_bots::BotConfig::parse(spec).ok()?;
    let full: Spec = config.to_string().parse().ok()?;
    let default: Spec = beachcomber_bots::BotConfig::parse(&full.name)
        .ok()?
        .to_string()
        .parse()
        .ok()?;
    let kept: Vec<String> = full
        .options
        .iter()
        .filter(|(k, v)| default.get(k) != Some(v.as_str()))
        .map(|(k, v)| format!("{k}={v}"))
        .collect();
    Some(if kept.is_empty() {
        full.name
    } else {
        format!("{}({})", full.name, kept.join(","))
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn labels_drop_the_options_at_their_defaults_only() {
        let full = beachcomber_bots::BotConfig::parse("ismcts")
            .unwrap()
            .to_string();
        assert_ne!(full, "ismcts");
        assert_eq!(short_label(&format!("{full},random")), "ismcts,random");
        assert_eq!(
            short_label("ismcts(iterations=1000)"),
            "ismcts(iterations=1000)"
        );
        assert_eq!(short_label("players=4"), "players=4");
        assert_eq!(short_label("advanced"), "advanced");
    }
}
