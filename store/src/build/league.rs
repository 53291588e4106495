//! A league from its text: game, players, bots, games per pairing, seed,
//! anchor and resamples (`beachcomber league`'s flags, `beachcomber.league`'s
//! keywords).

use beachcomber::league::{League, LeagueSpec};
use beachcomber_bots::{Aliases, BotConfig, BotSet, parse_list_with};

use super::{BuildError, Key, Names, Why, resolved_game};
use crate::counts::Resamples;
use crate::lineups::named_bot;

/// A league's settings as given.
#[derive(Clone, Copy, Debug)]
pub struct LeagueText<'a> {
    /// The game spec.
    pub game: &'a str,
    /// The player count.
    pub players: usize,
    /// The bots to rate, separated by top-level commas.
    pub bots: &'a str,
    /// Games of each pairing (at least one).
    pub games_per_pairing: u64,
    /// The run seed.
    pub seed: u64,
    /// The bot rated 0 (default: the first).
    pub anchor: Option<&'a str>,
    /// Bootstrap resamples (checked when built: [`Resamples`]).
    pub resamples: Resamples,
}

/// The league `text` describes (its bots' names resolved by `aliases`),
/// not yet checked ([`check`]), and its bots.
pub fn league(
    text: &LeagueText<'_>,
    aliases: &dyn Aliases,
    names: Names,
) -> Result<(LeagueSpec, BotSet), BuildError> {
    if text.games_per_pairing == 0 {
        return Err(BuildError::new(
            names,
            Key::GamesPerPairing,
            Why::NoLeagueGame,
        ));
    }
    let game = resolved_game(text.game, names)?;
    let configs = parse_list_with(text.bots, aliases)
        .map_err(|e| BuildError::new(names, Key::Bots, Why::Lineup(e)))?;
    let anchor = text.anchor.map(|name| named_bot(name, aliases));
    let bots = configs.iter().map(BotConfig::to_string).collect();
    let mut set = BotSet::default();
    for config in configs {
        set.insert(config);
    }
    let spec = LeagueSpec {
        game,
        players: text.players,
        bots,
        games_per_pairing: text.games_per_pairing,
        seed: text.seed,
        anchor,
    };
    Ok((spec, set))
}

/// `spec` checked ([`LeagueSpec::check`]), refused with the setting the
/// league's error names.
pub fn check(spec: &LeagueSpec, names: Names) -> Result<League, BuildError> {
    spec.check()
        .map_err(|e| BuildError::unkeyed(names, Why::League(e)))
}
