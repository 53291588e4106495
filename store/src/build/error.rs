//! A builder's refusal: the setting it names and why, shown in one front
//! end's words.

use std::fmt;

use beachcomber::compare::CompareError;
use beachcomber::league::LeagueError;
use beachcomber::spec::{SpecError, one_line};
use beachcomber::sweep::SweepError;
use beachcomber::tournament::RunSpecError;
use beachcomber_bots::LineupError;

use super::{Key, Names};
use crate::compare_files::CompareFilesError;
use crate::lineups::LineupsError;

/// A setting's text refused: `KEY: why` (`--deals: ...` in
/// [`Names::Flags`], `deals: ...` in [`Names::Keywords`]).
#[derive(Debug)]
pub struct BuildError {
    /// Whose words the message uses.
    pub names: Names,
    /// The setting refused (none: a refusal of several, or one whose
    /// message names its own setting).
    pub key: Option<Key>,
    /// Why (boxed: a refusal keeps the library's error whole, and the
    /// builders' results stay small).
    pub why: Box<Why>,
}

/// Why a setting's text is refused.
#[derive(Debug)]
pub enum Why {
    /// The game spec does not parse, names a file that cannot be read, or
    /// does not build.
    Game(SpecError),
    /// A player list, a vary string, or the expansion of a sweep.
    Sweep(SweepError),
    /// A sweep's lineups.
    Lineups(LineupsError),
    /// A lineup or a list of bots.
    Lineup(LineupError),
    /// The run does not fit its count or lineup.
    Run(RunSpecError),
    /// The sequential test's bounds do not parse.
    Sprt(SpecError),
    /// A sequential test with other than two distinct bots (their count).
    SprtBots(usize),
    /// A sequential test of a lineup that does not rotate.
    SprtNoRotate,
    /// Both games and deals given.
    GamesAndDeals,
    /// Zero deals.
    NoDeal,
    /// Zero games.
    NoGame,
    /// A league of zero games per pairing.
    NoLeagueGame,
    /// The league's check (the setting is the error's own).
    League(LeagueError),
    /// A comparison setting without a baseline.
    NeedsBaseline,
    /// Several trends in one item.
    SeveralTrends(String),
    /// A margin that is not `METRIC=VALUE`.
    MarginSyntax(String),
    /// The library refused a comparison setting.
    Compare(CompareError),
    /// The comparison does not fit the sweep (its message names the setting).
    CompareFiles(CompareFilesError),
}

impl BuildError {
    /// `why`, refusing `key`.
    pub fn new(names: Names, key: Key, why: Why) -> BuildError {
        BuildError {
            names,
            key: Some(key),
            why: Box::new(why),
        }
    }

    /// `why`, which names no one setting.
    pub fn unkeyed(names: Names, why: Why) -> BuildError {
        BuildError {
            names,
            key: None,
            why: Box::new(why),
        }
    }
}

impl fmt::Display for BuildError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let flags = self.names == Names::Flags;
        let key = self.key.map_or("", |k| k.name(self.names));
        match self.why.as_ref() {
            Why::GamesAndDeals if flags => f.write_str("give --games or --deals, not both"),
            Why::GamesAndDeals => f.write_str("give games or deals, not both"),
            Why::NoDeal if flags => write!(f, "{key} 0: a run needs at least one deal"),
            Why::NoDeal => write!(f, "{key}: a run needs at least one deal"),
            Why::NoGame if flags => write!(f, "{key} 0: a run needs at least one game"),
            Why::NoGame => write!(f, "{key}: a run needs at least one game"),
            Why::NoLeagueGame => write!(f, "{key}: a league needs at least one game"),
            Why::SprtBots(n) if flags => write!(
                f,
                "--sprt compares exactly two distinct bots; the lineup has {n} \
                 (give two specs with --bots, e.g. --bots 'ismcts,greedy')"
            ),
            Why::SprtBots(n) => write!(
                f,
                "sprt: compares exactly two distinct bots; the lineup has {n} \
                 (give two specs in bots, e.g. bots=\"ismcts,greedy\")"
            ),
            Why::SprtNoRotate if flags => f.write_str(
                "--sprt with --no-rotate is refused: without rotating the lineup through \
                 the seats the test measures seat advantage as much as strength; drop \
                 --no-rotate",
            ),
            Why::SprtNoRotate => f.write_str(
                "sprt: with rotate=False is refused: without rotating the lineup through the \
                 seats the test measures seat advantage as much as strength",
            ),
            Why::NeedsBaseline if flags => write!(
                f,
                "{key} needs --baseline ({})",
                match self.key {
                    Some(Key::Trend) => "trends.csv is written with compare.csv",
                    Some(Key::Seats) => "the seats compared with it",
                    _ => "the combination to compare with",
                }
            ),
            Why::NeedsBaseline => write!(
                f,
                "{key}: needs a baseline (the combination to compare with)"
            ),
            Why::SeveralTrends(t) => write!(
                f,
                "{key}: `{}`: give one trend per {}",
                one_line(t),
                if flags { key } else { "item" }
            ),
            Why::MarginSyntax(m) => write!(f, "{key}: `{}`: write METRIC=VALUE", one_line(m)),
            Why::League(e) if flags => {
                write!(f, "--{}{}", e.setting().key().replace('_', "-"), e.detail())
            }
            Why::League(e) => write!(f, "{}{}", e.setting().key(), e.detail()),
            Why::CompareFiles(e) => write!(f, "{e}"),
            Why::Sweep(e) if self.key.is_none() => write!(f, "{e}"),
            Why::Game(e) | Why::Sprt(e) => write!(f, "{key}: {e}"),
            Why::Sweep(e) => write!(f, "{key}: {e}"),
            Why::Lineups(e) => write!(f, "{key}: {e}"),
            Why::Lineup(e) => write!(f, "{key}: {e}"),
            Why::Run(e) => write!(f, "{key}: {e}"),
            Why::Compare(e) => write!(f, "{key}: {e}"),
        }
    }
}

impl std::error::Error for BuildError {}
