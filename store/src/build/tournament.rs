//! A tournament from its text: lineup, count, seed, rotation, quality and
//! sequential test (`beachcomber tournament`'s flags, `beachcomber.tournament`'s
//! keywords).

use beachcomber::games::AnyGame;
use beachcomber::stats::sprt::Sprt;
use beachcomber::tournament::{Count as RunCount, RunSpec, RunSpecError};
use beachcomber_bots::{Aliases, BotSet, Lineup};

use super::{BuildError, Count, DEFAULT_GAMES, Key, Names, PlayText, Why, count};

/// A tournament's settings as given.
#[derive(Clone, Copy, Debug)]
pub struct TournamentText<'a> {
    /// The player count.
    pub players: usize,
    /// The lineup: a spec for every seat, or one per seat.
    pub bots: &'a str,
    /// Count, seed, rotation and quality.
    pub play: PlayText,
    /// The sequential test's bounds (`elo0=E0,elo1=E1[,...]`).
    pub sprt: Option<&'a str>,
}

/// A tournament built: its run, its bots and its sequential test.
pub struct BuiltTournament {
    /// The run.
    pub run: RunSpec,
    /// Each distinct bot of the lineup with its configuration.
    pub bots: BotSet,
    /// Stop early when this test decides.
    pub sprt: Option<Sprt>,
}

/// The tournament `text` describes at `game` (built first), its bots'
/// names resolved by `aliases`.
pub fn tournament(
    game: &AnyGame,
    text: &TournamentText<'_>,
    aliases: &dyn Aliases,
    names: Names,
) -> Result<BuiltTournament, BuildError> {
    let lineup = Lineup::parse_with(text.bots, text.players, aliases)
        .map_err(|e| BuildError::new(names, Key::Bots, Why::Lineup(e)))?;
    let specs = lineup.specs();
    let canonical = game.canonical_spec();
    let play = &text.play;
    let run_spec = |count| {
        RunSpec::new(
            &canonical,
            text.players,
            &specs,
            count,
            play.seed,
            play.rotate,
        )
    };
    let count = match count(play.games, play.deals, names)? {
        Some(Count::Deals(d)) => RunCount::Deals(d),
        Some(Count::Games(g)) => RunCount::Games(g),
        None => {
            // Whole deals: the default rounded up to the rotations.
            let probe = run_spec(RunCount::Deals(1))
                .map_err(|e| BuildError::new(names, Key::Bots, Why::Run(e)))?;
            RunCount::Deals(DEFAULT_GAMES.div_ceil(probe.rotations()))
        }
    };
    let mut run = run_spec(count).map_err(|e| {
        let key = match e {
            RunSpecError::Lineup { .. } => Key::Bots,
            RunSpecError::TooMany { .. } => Key::Deals,
            _ => Key::Games,
        };
        BuildError::new(names, key, Why::Run(e))
    })?;
    run.quality = play.quality;
    let sprt = text
        .sprt
        .map(|bounds| sprt(bounds, &run, names))
        .transpose()?;
    Ok(BuiltTournament {
        run,
        bots: lineup.bots(),
        sprt,
    })
}

/// The sequential test `bounds`, checked against `run`: two distinct bots,
/// rotated through the seats (so that the test measures strength, not seat
/// advantage).
pub fn sprt(bounds: &str, run: &RunSpec, names: Names) -> Result<Sprt, BuildError> {
    let refused = |why| BuildError::new(names, Key::Sprt, why);
    let test: Sprt = bounds.parse().map_err(|e| refused(Why::Sprt(e)))?;
    let distinct = run.bots().len();
    if distinct != 2 {
        return Err(refused(Why::SprtBots(distinct)));
    }
    if !run.rotate {
        return Err(refused(Why::SprtNoRotate));
    }
    Ok(test)
}
