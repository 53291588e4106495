//! A sweep from its text: game, player counts, varied options, lineups,
//! count, seed, rotation and quality (`beachcomber sweep`'s flags,
//! `beachcomber.sweep`'s keywords), and its expansion into combinations.

use beachcomber::compare::CompareSpec;
use beachcomber::sweep::{SweepCount, SweepError, SweepSpec, Vary, parse_player_counts};
use beachcomber_bots::{Aliases, BotSet};

use super::{
    BuildError, Count, DEFAULT_BOTS, DEFAULT_GAMES, Key, Names, PlayText, Why, count, resolved_game,
};
use crate::compare_files::{CompareFilesError, check_flags};
use crate::lineups::parse_lineups;
use crate::planned::PlannedSweep;

/// A sweep's settings as given.
#[derive(Clone, Copy, Debug)]
pub struct SweepText<'a> {
    /// The game spec the varied options are set in.
    pub game: &'a str,
    /// Player counts: a list and/or ranges (`2,3`, `2..=5`).
    pub players: &'a str,
    /// The varied options, each `KEY=VALUES`.
    pub vary: &'a [String],
    /// The lineups (none: [`DEFAULT_BOTS`]).
    pub bots: &'a [String],
    /// Count (per combination), seed, rotation and quality.
    pub play: PlayText,
}

/// The sweep `text` describes (its bots' names resolved by `aliases`), and
/// its bots.
pub fn sweep(
    text: &SweepText<'_>,
    aliases: &dyn Aliases,
    names: Names,
) -> Result<(SweepSpec, BotSet), BuildError> {
    let players = parse_player_counts(text.players)
        .map_err(|e| BuildError::new(names, Key::Players, Why::Sweep(e)))?;
    let varies = text
        .vary
        .iter()
        .map(|v| v.parse::<Vary>())
        .collect::<Result<Vec<_>, _>>()
        .map_err(|e| BuildError::new(names, Key::Vary, Why::Sweep(e)))?;
    let default = [DEFAULT_BOTS.to_string()];
    let given = if text.bots.is_empty() {
        &default[..]
    } else {
        text.bots
    };
    let (lineups, bots) = parse_lineups(given, aliases)
        .map_err(|e| BuildError::new(names, Key::Bots, Why::Lineups(e)))?;
    let play = &text.play;
    let count = match count(play.games, play.deals, names)? {
        Some(Count::Deals(d)) => SweepCount::Deals(d),
        Some(Count::Games(g)) => SweepCount::Games(g),
        None => SweepCount::Games(DEFAULT_GAMES),
    };
    let spec = SweepSpec {
        game: resolved_game(text.game, names)?,
        players,
        varies,
        lineups,
        count,
        seed: play.seed,
        rotate: play.rotate,
        quality: play.quality,
    };
    Ok((spec, bots))
}

/// `spec` expanded (at most `cap` combinations) with its `bots`, and the
/// comparison `compare` checked against its plan.
pub fn planned(
    spec: &SweepSpec,
    bots: BotSet,
    cap: usize,
    compare: Option<&CompareSpec>,
    names: Names,
) -> Result<PlannedSweep, BuildError> {
    let sweep = PlannedSweep::expand(spec, bots, cap).map_err(|e| match e {
        SweepError::UnknownOption { .. } => BuildError::new(names, Key::Vary, Why::Sweep(e)),
        e => BuildError::unkeyed(names, Why::Sweep(e)),
    })?;
    if let Some(c) = compare {
        check_flags(&sweep.plan, c).map_err(|e| match e {
            CompareFilesError::Baseline(e) => {
                BuildError::new(names, Key::Baseline, Why::Compare(e))
            }
            CompareFilesError::Trend(e) => BuildError::new(names, Key::Trend, Why::Compare(e)),
            e => BuildError::unkeyed(names, Why::CompareFiles(e)),
        })?;
    }
    Ok(sweep)
}
