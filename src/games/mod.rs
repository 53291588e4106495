//! The games, and [`AnyGame`]: a game chosen at run time from a spec string
//! or a record.
//!
//! Each game lives in its own module and implements [`GameKind`] (its name,
//! player counts, spec options and canonical spec) on top of
//! [`crate::game::Game`], [`crate::game::Evaluate`],
//! [`crate::record::RecordFormat`], [`crate::display::Describe`] and
//! [`crate::observe::Observe`]. The one
//! list of games is the `registry!` call below: it generates [`AnyGame`],
//! [`GAMES`] (names, player counts and options for help texts),
//! [`AnyGame::from_spec`], [`AnyGame::from_record`] and
//! [`with_game!`](crate::with_game), so adding a game touches one line there.

pub mod options;
pub mod record_line;
pub mod record_options;
pub mod seashells;
pub mod seaside;
pub mod shell_dash;
pub mod variants;

use std::fmt;
use std::ops::RangeInclusive;

use crate::display::Describe;
use crate::game::Evaluate;
use crate::observe::Observe;
use crate::record::{GameRecord, RecordError, RecordFormat};
use crate::spec::{Spec, SpecError};

pub use options::{GameOption, OptionKind, SpecOptions};

/// What the registry needs of a game configuration type.
pub trait GameKind: RecordFormat + Evaluate + Describe + Observe {
    /// The game's name in specs and records (`"seashells"`...).
    const NAME: &'static str;
    /// The player counts the game takes.
    const PLAYERS: RangeInclusive<usize>;
    /// The spec's options, in canonical order: the one table from which
    /// the key check, the canonical spec, help texts and the docs' table
    /// come ([`options`]).
    const OPTIONS: &'static [GameOption];
    /// What a solo game's score means (`None` when the game has no solo
    /// mode), for tables and reports.
    const SOLO_SCORE: Option<&'static str> = None;

    /// The configuration a parsed spec names, for `players` players (the
    /// spec's name is already known to be [`Self::NAME`]); its keys are
    /// checked against [`Self::OPTIONS`] by [`SpecOptions::read`].
    fn from_spec(spec: &Spec, players: usize) -> Result<Self, SpecError>;

    /// This configuration's value of each option of [`Self::OPTIONS`], in
    /// table order, as the canonical spec writes it (`None`: left out).
    fn option_values(&self) -> Vec<Option<String>>;

    /// The canonical spec of this configuration: its options written out
    /// with their values (defaults filled in), in table order, no spaces.
    /// It parses back to an equal configuration, so a spec copied from an
    /// output reproduces the run exactly.
    fn canonical_spec(&self) -> String {
        options::canonical_spec(Self::NAME, Self::OPTIONS, self.option_values())
    }
}

/// One game of the registry, for help texts and checks.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct GameInfo {
    /// The name in specs and records.
    pub name: &'static str,
    /// The player counts it takes.
    pub players: (usize, usize),
    /// Its spec options (see [`GameKind::OPTIONS`]).
    pub options: &'static [GameOption],
}

impl GameInfo {
    /// The one-line list of its options for help texts
    /// ([`options::help_list`]).
    pub fn options_help(&self) -> String {
        options::help_list(self.options)
    }
}

impl fmt::Display for GameInfo {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (lo, hi) = self.players;
        write!(
            f,
            "{} ({lo}-{hi} players; options: {})",
            self.name,
            self.options_help()
        )
    }
}

/// The game of [`GAMES`] named `name` (its spec name), if any.
pub fn game_info(name: &str) -> Option<&'static GameInfo> {
    GAMES.iter().find(|g| g.name == name)
}

/// The names of [`GAMES`], in order.
pub fn game_names() -> Vec<&'static str> {
    GAMES.iter().map(|g| g.name).collect()
}

/// A one-line list of the games with their player counts, for help texts
/// and errors: `seashells (2-5 players), ...`.
pub fn games_help() -> String {
    GAMES
        .iter()
        .map(|g| format!("{} ({}-{} players)", g.name, g.players.0, g.players.1))
        .collect::<Vec<_>>()
        .join(", ")
}

/// The player-count check every game's constructor shares: `Ok` when
/// `players` is in `G::PLAYERS`, else an error naming the allowed range.
pub fn check_players<G: GameKind>(players: usize) -> Result<(), SpecError> {
    if G::PLAYERS.contains(&players) {
        return Ok(());
    }
    let (lo, hi) = (*G::PLAYERS.start(), *G::PLAYERS.end());
    Err(SpecError::Invalid {
        name: G::NAME.to_string(),
        why: format!("{} takes {lo} to {hi} players, not {players}", G::NAME),
    })
}

/// Generates [`AnyGame`], [`GAMES`], the dispatch of [`AnyGame::from_spec`]
/// and [`AnyGame::from_record`], and `with_game!` from one list of
/// `Variant(Type)`. (`$d` is a literal `$`, for the nested macro.)
macro_rules! registry {
    ($d:tt; $( $(#[$doc:meta])* $Variant:ident($Type:ty) ),+ $(,)?) => {
        /// A game configuration chosen at run time.
        #[derive(Clone, Debug)]
        pub enum AnyGame {
            $( $(#[$doc])* $Variant($Type), )+
        }

        /// Every game, in the order listed in help texts.
        pub const GAMES: &[GameInfo] = &[
            $( GameInfo {
                name: <$Type as GameKind>::NAME,
                players: (
                    *<$Type as GameKind>::PLAYERS.start(),
                    *<$Type as GameKind>::PLAYERS.end(),
                ),
                options: <$Type as GameKind>::OPTIONS,
            }, )+
        ];

        impl AnyGame {
            /// Build a game from a spec string such as `seashells(mode=stroll)`
            /// and a player count.
            pub fn from_spec(text: &str, players: usize) -> Result<AnyGame, SpecError> {
                let spec: Spec = text.parse()?;
                $( if spec.name == <$Type as GameKind>::NAME {
                    check_players::<$Type>(players)?;
                    return <$Type as GameKind>::from_spec(&spec, players).map(AnyGame::$Variant);
                } )+
                Err(SpecError::UnknownName {
                    kind: "game",
                    name: spec.name.clone(),
                    allowed: game_names().iter().map(|s| s.to_string()).collect(),
                })
            }

            /// The game configuration a record was played with.
            pub fn from_record(record: &GameRecord) -> Result<AnyGame, RecordError> {
                let (players, options) = (record.players, &record.options);
                $( if record.game == <$Type as GameKind>::NAME {
                    check_players::<$Type>(players)
                        .map_err(|e| RecordError::field("players", e.to_string()))?;
                    return <$Type as RecordFormat>::from_record_options(players, options)
                        .map(AnyGame::$Variant);
                } )+
                Err(RecordError::field(
                    "game",
                    format!(
                        "unknown game `{}` (known: {}){}",
                        crate::spec::one_line(&record.game),
                        game_names().join(", "),
                        crate::suggest::did_you_mean(&record.game, game_names().iter().copied())
                    ),
                ))
            }

            /// What a solo game's score means (see [`GameKind::SOLO_SCORE`]).
            pub fn solo_score(&self) -> Option<&'static str> {
                match self {
                    $( AnyGame::$Variant(_) => <$Type as GameKind>::SOLO_SCORE, )+
                }
            }

            /// The concrete game inside, if it is a `T` (to gather the
            /// configurations of one game, e.g. a sweep's, into a `Vec<T>`).
            pub fn downcast<T: 'static>(&self) -> Option<&T> {
                match self {
                    $( AnyGame::$Variant(g) => (g as &dyn std::any::Any).downcast_ref::<T>(), )+
                }
            }

            /// The game's own CSV columns ([`crate::game::Game::extra_columns`]).
            pub fn extra_columns(&self) -> &'static [&'static str] {
                match self {
                    $( AnyGame::$Variant(g) => crate::game::Game::extra_columns(g), )+
                }
            }

            /// The game's own balance metrics ([`crate::game::Game::extra_metrics`]).
            pub fn extra_metrics(&self) -> &'static [crate::game::ExtraMetric] {
                match self {
                    $( AnyGame::$Variant(g) => crate::game::Game::extra_metrics(g), )+
                }
            }

            /// The game's name (`seashells`, ...).
            pub fn name(&self) -> &'static str {
                match self {
                    $( AnyGame::$Variant(_) => <$Type as GameKind>::NAME, )+
                }
            }

            /// The canonical spec (see [`GameKind::canonical_spec`]).
            pub fn canonical_spec(&self) -> String {
                match self {
                    $( AnyGame::$Variant(g) => g.canonical_spec(), )+
                }
            }
        }

        /// Run `$body` with `$g` bound to the concrete game inside an
        /// [`AnyGame`](crate::games::AnyGame), so that generic code is
        /// instantiated for every game.
        #[macro_export]
        macro_rules! with_game {
            ($d any:expr, |$d g:ident| $d body:expr) => {
                match $d any {
                    $( $d crate::games::AnyGame::$Variant($d g) => $d body, )+
                }
            };
        }
    };
}

registry! {$;
    /// Seashells (grid drafting, hidden scoring cards).
    Seashells(seashells::Seashells),
    /// Seaside (bag drawing, double-sided tokens).
    Seaside(seaside::Seaside),
    /// Shell Dash (a card-flipping walk).
    ShellDash(shell_dash::ShellDash),
}
