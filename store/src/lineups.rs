//! Lineups and bots named in text (a sweep's `--bots`/`bots =`, a
//! baseline's or a pick's `lineup`, a league's anchor), as the run's
//! columns write them: canonical specs, with the front end's aliases (its
//! declared engines) resolved.

use std::fmt;

use beachcomber::compare::CompareSpec;
use beachcomber::league::NamedBot;
use beachcomber::spec::one_line;
use beachcomber_bots::{Aliases, BotSet, LineupError, no_aliases, parse_bot_with, parse_list_with};

/// Lineups refused: a bot spec that does not parse, or a lineup given
/// twice. The message names no option (the caller says where the lineups
/// came from).
#[derive(Clone, Debug, PartialEq)]
pub enum LineupsError {
    /// A lineup's bot specs do not parse.
    Lineup(LineupError),
    /// The same lineup (as canonical specs) is given twice: the text of
    /// the second.
    Twice(String),
}

impl fmt::Display for LineupsError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            LineupsError::Lineup(e) => write!(f, "{e}"),
            LineupsError::Twice(text) => {
                write!(f, "the lineup `{}` is given twice", one_line(text))
            }
        }
    }
}

impl std::error::Error for LineupsError {}

impl From<LineupError> for LineupsError {
    fn from(e: LineupError) -> Self {
        LineupsError::Lineup(e)
    }
}

/// Lineups, each bot specs separated by top-level commas (`aliases`
/// resolved): each as canonical specs, and their bots.
pub fn parse_lineups(
    texts: &[String],
    aliases: &dyn Aliases,
) -> Result<(Vec<Vec<String>>, BotSet), LineupsError> {
    let mut lineups = Vec::new();
    let mut bots = BotSet::default();
    for text in texts {
        let mut lineup = Vec::new();
        for config in parse_list_with(text, aliases)? {
            lineup.push(bots.insert(config));
        }
        if lineups.contains(&lineup) {
            return Err(LineupsError::Twice(text.clone()));
        }
        lineups.push(lineup);
    }
    Ok((lineups, bots))
}

/// A bot named by a setting (the anchor): `text` and its canonical spec
/// (`aliases` resolved; `text` trimmed when it is no bot spec, for the
/// league to refuse).
pub fn named_bot(text: &str, aliases: &dyn Aliases) -> NamedBot {
    NamedBot {
        text: text.to_string(),
        canonical: parse_bot_with(text, aliases)
            .map(|c| c.to_string())
            .unwrap_or_else(|_| text.trim().to_string()),
    }
}

/// The baseline's lineup, if it names one, as the sweep's columns write it
/// (canonical specs: `greedy` is `greedy(worlds=8)`; a declared engine is
/// written `engine(name=NAME)` there); left as given when
/// it does not parse (it then matches nothing, and the error says so).
pub fn canonical_lineup(spec: &mut CompareSpec) {
    for (k, v) in &mut spec.baseline {
        if k == "lineup"
            && let Ok((lineups, _)) = parse_lineups(std::slice::from_ref(v), &no_aliases)
        {
            *v = lineups[0].join(",");
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lineups_are_canonical_and_each_given_once() {
        let texts = ["greedy,random".to_string(), "random".to_string()];
        let (lineups, bots) = parse_lineups(&texts, &no_aliases).unwrap();
        let greedy = beachcomber_bots::BotConfig::parse("greedy")
            .unwrap()
            .to_string();
        assert_eq!(
            lineups,
            [
                vec![greedy.clone(), "random".to_string()],
                vec!["random".to_string()]
            ]
        );
        assert_eq!(bots.configs().count(), 2);
        let twice = [format!("{greedy},random"), "greedy,random".to_string()];
        assert_eq!(
            parse_lineups(&twice, &no_aliases).unwrap_err().to_string(),
            "the lineup `greedy,random` is given twice"
        );
        assert!(matches!(
            parse_lineups(&["nobot".to_string()], &no_aliases),
            Err(LineupsError::Lineup(_))
        ));
    }

    #[test]
    fn a_baseline_lineup_and_an_anchor_are_written_canonically() {
        let mut spec = CompareSpec {
            baseline: vec![
                ("lineup".to_string(), "greedy".to_string()),
                ("removed".to_string(), "0".to_string()),
            ],
            ..CompareSpec::default()
        };
        canonical_lineup(&mut spec);
        let greedy = beachcomber_bots::BotConfig::parse("greedy")
            .unwrap()
            .to_string();
        assert_eq!(spec.baseline[0].1, greedy);
        assert_eq!(spec.baseline[1].1, "0");
        let anchor = named_bot(" greedy", &no_aliases);
        assert_eq!(
            (anchor.text.as_str(), anchor.canonical),
            (" greedy", greedy)
        );
        assert_eq!(named_bot(" nobot ", &no_aliases).canonical, "nobot");
    }
}
