//! Seaside (Bryan Burgoyne): 2 to 5 players and solo, exactly as in
//! docs/rules.md (Seaside).
//!
//! Spec: `seaside`, `seaside(removed=N)`, `seaside(removed=rulebook)`,
//! `seaside(tokens=[Beach/Wave:20;Rock/Crab:10;...])`.
//! - `removed` (0..=69, at most the set's size − 1): tokens set aside unseen
//!   at setup. `removed=rulebook` (the default) draws it per game uniformly
//!   from the rulebook's range for the player count (3 players 15..=20,
//!   2 players 30..=40, otherwise 0), clamped to the set's size − 1. The
//!   number used by a game is part of its state, and its record's `options`
//!   say `{"removed": N}` with that number (see
//!   [`RecordFormat::options_json_for`](crate::record::RecordFormat::options_json_for));
//!   [`RecordFormat::dealing_configs`](crate::record::RecordFormat::dealing_configs)
//!   then names both the fixed-N and the drawing configuration.
//! - `tokens`: a token set replacing the default 70-token set, inline
//!   (`[FACE_A/FACE_B:COUNT;...]`, see [`tokens`]). Parsing does no IO: a
//!   path (`tokens=PATH`, a manifest file) is refused with
//!   [`SpecError::FilePath`]; the command line reads the file first
//!   ([`crate::spec_files::resolve_spec_files`]) and passes the set inline
//!   with `tokens_file`.
//! - `tokens_file=PATH@xxh3:HASH`: where an inline set was read from (the
//!   manifest path as written and the xxh3-64 hash of the file's bytes, 16
//!   hex digits). Only a label, never opened; it makes a run of an edited
//!   file differ from the run of the file before (`--resume` refuses it).
//!
//! - `compensation=SEAT:N,...` (0..=[`MAX_COMPENSATION`] a seat) and
//!   `start_tokens=SEAT:N,...` (0..=[`MAX_START_TOKENS`] a seat): the
//!   balancing levers, variants and not the rules (docs/seaside.md,
//!   "Levers"; their setup in `levers.rs`), refused in solo.
//!
//! Canonical spec ([`GameKind::canonical_spec`](crate::games::GameKind::canonical_spec)):
//! `seaside(removed=rulebook)` or `seaside(removed=N)`, followed by
//! `,tokens=[...]` (the set inline, in id order) for a set other than the
//! default one or one read from a file, then `,tokens_file=PATH@xxh3:HASH`
//! for a set read from a file, then `,compensation=...` and
//! `,start_tokens=...` when a seat has a value other than 0. The default set
//! writes no `tokens`.
//!
//! # Files
//! `state.rs` (state, actions, small types), `rules.rs` (setup, move
//! generation, play: the [`Game`](crate::game::Game) impl), `scoring.rs` (the end, scores,
//! winners, solo bands), `evaluate.rs` ([`Evaluate`](crate::game::Evaluate)), `determinize.rs`
//! (determinization and observation), `record.rs` (the record format),
//! `display.rs` (the [`Describe`](crate::display::Describe) impl), `tokens.rs`
//! (faces, token sets, manifests), `levers.rs` (the levers' setup).
//!
//! # State
//! [`SeasideState`] is `Copy` and heap-free (560 bytes): the faces of every
//! token by id, the draw order (the bag first, then the removed tokens), one
//! byte per token id (who drew it, which side is up, whether it was flipped,
//! whether it is still in hand), each player's Beaches as a 128-bit set of
//! token ids, the Sea's three counts, and each player's seaside as counters
//! ([`SeatArea`]). Tokens taken from the Sea and discarded tokens are
//! counted, not named: tokens showing one face are interchangeable there.
//! Capacity: [`MAX_TOKENS`] = 128 tokens (a larger set is refused).
//!
//! # Turn flow and actions
//! Drawing is not a decision: the token on top of the bag is drawn when a
//! turn begins, and the drawer (only) sees both faces. Then the decisions
//! ([`Action`]), named by what the player sees so that an action means the
//! same thing in every determinization:
//! - [`Action::Play`]`(face)`: play that face of the drawn token;
//! - [`Action::Isopods`]`(k)` after a Sandpiper (0..=Isopods in the Sea,
//!   always asked, even when the Sea holds none);
//! - [`Action::Shells`]`(k)` after a Beach (0..=min(Beaches, Shells in the Sea));
//! - [`Action::Flip`]`(back)` after a Wave when the player has a Beach: flip
//!   one of their Beaches whose back is `back`. **Which token:** the lowest
//!   token id among that player's Beaches with that back (all such tokens
//!   are alike; the id only matters to records);
//! - [`Action::Steal`]`(seat)` / [`Action::StealNone`] after an even Rock
//!   (StealNone is the only choice, and is asked, when no other player has
//!   a Crab).
//!
//! # Determinization
//! A seat knows both faces of the tokens it drew (the one in its hand too)
//! and of flipped tokens, only the face up of the other tokens others drew,
//! and nothing of the bag, the removed tokens or another player's hand.
//! [`Game::determinize`](crate::game::Game::determinize) keeps token ids, the draw order and every counter,
//! and re-deals only faces: the pool is the set's token kinds (unordered
//! face pairs) minus the kinds the seat knows; each hidden back is dealt a
//! kind `{up, x}` from the pool in proportion to the pool's counts, among
//! the kinds that keep a complete deal possible (Hall's condition over the
//! 127 sets of faces, kept up to date incrementally, so it never dead-ends);
//! the rest of the pool is shuffled onto the bag, the removed tokens and
//! another player's hand. The world's tokens are exactly the token set and
//! the seat's observation is unchanged. (The flip rule "lowest id" means a
//! record reveals that a player's lower-id Beaches had other backs than the
//! flipped one; ids are an engine artifact, and determinization ignores
//! this.)
//!
//! # Evaluation
//! [`Evaluate::evaluate`](crate::game::Evaluate::evaluate) is the seat's current score minus the best other
//! current score, where a score counts every token in front of the player
//! plus the player's *expected share of the Sea* if the game ended now (the
//! Sea divided equally, not floored, among the current Wave leaders with at
//! least one Wave), plus its `compensation`. Everything it reads is
//! public, so two states with equal observations for a seat get equal
//! values. In solo games: the score, the
//! Sea included if the player has a Wave. [`Evaluate::final_margin`](crate::game::Evaluate::final_margin):
//! (score − best other score) / 20, clamped to [−1, 1]; solo: score / 60
//! clamped to [0, 1].

mod determinize;
mod display;
mod encode;
mod evaluate;
mod levers;
mod observe;
mod playout;
mod record;
mod rules;
mod scoring;
mod state;
pub mod tokens;

use std::sync::Arc;

use crate::game::MAX_SEATS;
use crate::games::{GameOption, OptionKind, SpecOptions};
use crate::spec::{Spec, SpecError};

pub use scoring::solo_rating;
pub use state::{Action, MAX_ACTIONS, Phase, SeasideState, SeatArea};
pub use tokens::{Face, MAX_TOKENS, TokenSet, TokenSetError};

/// The word for "removed drawn per game from the rulebook's range" in specs
/// (`seaside(removed=rulebook)`, the default).
pub const REMOVED_RULEBOOK: &str = "rulebook";

/// The option that labels an inline set with the file it was read from
/// (`tokens_file=PATH@xxh3:HASH`).
pub const TOKENS_FILE: &str = "tokens_file";

/// An example of the inline form, for error messages.
pub const INLINE_EXAMPLE: &str = "tokens=[Beach/Wave:20;Isopod/Crab:20;Rock/Shell:10]";

/// The most tokens `removed` sets aside (the default set's size − 1): the
/// one bound, which the option's table row, [`Seaside::new`] and records
/// ([`crate::games::record_options`]) read.
pub const MAX_REMOVED: usize = 69;

/// Option `removed`: the tokens set aside unseen at setup.
pub const REMOVED: GameOption = GameOption {
    name: "removed",
    kind: OptionKind::IntegerOrWord {
        min: 0,
        max: MAX_REMOVED as u64,
        word: REMOVED_RULEBOOK,
    },
    about: "tokens set aside unseen at setup (below the set's size); `rulebook`: drawn per \
            game from the rulebook's range (2 players 30 to 40, 3 players 15 to 20, else 0)",
    help_note: Some("default: rulebook, drawn per game from the rulebook's range"),
    variant: false,
};

/// Option `tokens`: the token set, inline (or a path the command line
/// reads).
pub const TOKENS: GameOption = GameOption {
    name: "tokens",
    kind: OptionKind::Text {
        syntax: "[FACE_A/FACE_B:COUNT;...]|PATH",
        default: "the 70-token set",
    },
    about: "the token set, inline (`;` between items) or a manifest file that only the \
            command line reads",
    help_note: Some("default: the 70-token set; a PATH is read by the command line only"),
    variant: false,
};

/// Option `tokens_file`: the file an inline `tokens` set was read from.
pub const TOKENS_FILE_OPTION: GameOption = GameOption {
    name: TOKENS_FILE,
    kind: OptionKind::Label {
        syntax: "PATH@xxh3:HASH",
    },
    about: "written by the command line beside a set read from a file: the path and the \
            xxh3-64 hash of its bytes (only a label, never opened)",
    help_note: None,
    variant: false,
};

/// The most points [`COMPENSATION`] adds to a seat: about one seat's whole
/// score in a 2-player game at the rulebook's removals (30 to 40 tokens in
/// play, 15 to 20 a seat), far above any fair value.
pub const MAX_COMPENSATION: u64 = 20;

/// Option `compensation` (a balancing lever, a variant): points added to a
/// seat's score, the tie-break unchanged (see [`Seaside::compensation`]).
pub const COMPENSATION: GameOption = lever(
    "compensation",
    MAX_COMPENSATION,
    "points added to a seat's score (`1:2`: seat 1 gets 2), counted with its tokens from the \
     start; the highest total wins, tied totals share the victory; not in solo",
);

/// The most tokens [`START_TOKENS`] gives a seat: about a quarter of a
/// seat's tokens in a 2-player game at the rulebook's removals, and two
/// seats' worth (10) still leaves the bag at the rulebook's most removals
/// (40) at least 20 tokens with a seaside face.
pub const MAX_START_TOKENS: u64 = 5;

/// Option `start_tokens` (a balancing lever, a variant): tokens a seat
/// finds on its seaside at the start (see [`Seaside::start_tokens`] and
/// the setup procedure in `levers.rs`).
pub const START_TOKENS: GameOption = lever(
    "start_tokens",
    MAX_START_TOKENS,
    "tokens a seat starts with on its seaside (`1:1`): after the removals, in seat order, each \
     a random token of the bag with a seaside face, that face up (a coin between two), placed \
     with no effect; not in solo",
);

/// A balancing lever's row: a per-seat integer from 0 to `max`, a variant.
const fn lever(name: &'static str, max: u64, about: &'static str) -> GameOption {
    GameOption {
        name,
        kind: OptionKind::SeatList { min: 0, max },
        about,
        help_note: None,
        variant: true,
    }
}

/// Seaside's options, in canonical order.
pub const OPTIONS: [GameOption; 5] = [
    REMOVED,
    TOKENS,
    TOKENS_FILE_OPTION,
    COMPENSATION,
    START_TOKENS,
];

/// Seaside's rules configuration: player count, removals and token set.
#[derive(Clone, Debug)]
pub struct Seaside {
    players: u8,
    /// `None`: drawn per game from [`Seaside::removed_range`].
    removed: Option<u8>,
    set: TokenSet,
    /// The set is not the default one.
    custom: bool,
    /// The file the set was read from, `PATH@xxh3:HASH` (the
    /// `tokens_file` label), kept for the canonical spec; shared, so a
    /// clone does not allocate.
    manifest: Option<Arc<str>>,
    /// Points added to each seat's score (`compensation`), by seat.
    compensation: [u8; MAX_SEATS],
    /// Tokens each seat starts with on its seaside (`start_tokens`).
    start_tokens: [u8; MAX_SEATS],
}

impl Seaside {
    /// A configuration: `players` 1..=5, `removed` (None = drawn per game
    /// from the rulebook's range), token `set`.
    pub fn new(
        players: usize,
        removed: Option<usize>,
        set: TokenSet,
    ) -> Result<Seaside, SpecError> {
        let invalid = |why: String| SpecError::Invalid {
            name: "seaside".into(),
            why,
        };
        if !(1..=MAX_SEATS).contains(&players) {
            return Err(invalid(format!(
                "seaside takes 1 to 5 players, not {players}"
            )));
        }
        if let Some(r) = removed {
            if r > MAX_REMOVED {
                return Err(invalid(format!("removed={r} is more than {MAX_REMOVED}")));
            }
            if r >= set.len() {
                return Err(invalid(format!(
                    "removed={r} leaves no token in the bag: the set holds {} tokens",
                    set.len()
                )));
            }
        }
        Ok(Seaside {
            players: players as u8,
            removed: removed.map(|r| r as u8),
            custom: set != TokenSet::standard(),
            set,
            manifest: None,
            compensation: [0; MAX_SEATS],
            start_tokens: [0; MAX_SEATS],
        })
    }

    /// This configuration with the levers `compensation` (points added to
    /// each seat's score, 0 to [`MAX_COMPENSATION`]) and `start_tokens`
    /// (tokens each seat starts with on its seaside, 0 to
    /// [`MAX_START_TOKENS`]), by seat. Refused: a lever in solo (one seat
    /// has no one to be balanced against), a value out of range or for a
    /// seat beyond the player count, and start tokens that the bag could
    /// not hold at the most removals this configuration allows (the tokens
    /// with a seaside face that are left after the removals must cover
    /// them, and a token must be left to draw).
    pub fn with_levers(
        mut self,
        compensation: [u64; MAX_SEATS],
        start_tokens: [u64; MAX_SEATS],
    ) -> Result<Seaside, SpecError> {
        let invalid = |why: String| SpecError::Invalid {
            name: "seaside".into(),
            why,
        };
        let players = self.players as usize;
        for (option, values, max) in [
            (&COMPENSATION, &compensation, MAX_COMPENSATION),
            (&START_TOKENS, &start_tokens, MAX_START_TOKENS),
        ] {
            if let Some((seat, n)) = values
                .iter()
                .enumerate()
                .find(|&(seat, &n)| n > max || (n > 0 && seat >= players))
            {
                return Err(invalid(format!(
                    "{}={seat}:{n}: a seat from 0 to {} and a value from 0 to {max}",
                    option.name,
                    players - 1
                )));
            }
            if players == 1 && values.iter().any(|&n| n > 0) {
                return Err(invalid(format!(
                    "`{}` balances seats against each other: solo has one seat",
                    option.name
                )));
            }
        }
        let total: u64 = start_tokens.iter().sum();
        if total > 0 {
            let n = self.set.len() as u64;
            let most_removed = u64::from(match self.removed {
                Some(r) => r,
                None => self.removed_range().1,
            });
            let seaside = self.set.seaside_tokens() as u64;
            let left = seaside.saturating_sub(most_removed);
            if left < total || n - most_removed <= total {
                return Err(invalid(format!(
                    "start_tokens gives {total} tokens, but with {most_removed} removed the bag \
                     may hold only {} tokens ({left} with a seaside face): each start token \
                     needs a seaside face and one token must be left to draw",
                    n - most_removed
                )));
            }
        }
        self.compensation = compensation.map(|n| n as u8);
        self.start_tokens = start_tokens.map(|n| n as u8);
        Ok(self)
    }

    /// The points `compensation` adds to `seat`'s score.
    #[inline]
    pub fn compensation(&self, seat: usize) -> u8 {
        self.compensation.get(seat).copied().unwrap_or(0)
    }

    /// The tokens `start_tokens` places on `seat`'s seaside at setup.
    pub fn start_tokens(&self, seat: usize) -> u8 {
        self.start_tokens.get(seat).copied().unwrap_or(0)
    }

    /// Build from a parsed spec (`removed=N` or `removed=rulebook`,
    /// `tokens=[...]` inline, `tokens_file=PATH@xxh3:HASH`) and a player
    /// count. Does no IO: `tokens=PATH` is [`SpecError::FilePath`].
    pub fn from_spec(spec: &Spec, players: usize) -> Result<Seaside, SpecError> {
        let options = SpecOptions::read(spec, &OPTIONS)?;
        let removed = options.integer_or_word(&REMOVED)?.map(|r| r as usize);
        let set = match options.text(&TOKENS) {
            None => TokenSet::standard(),
            Some(value) if !crate::spec_label::is_inline(value) => {
                return Err(SpecError::FilePath {
                    name: spec.name.clone(),
                    key: TOKENS.name.into(),
                    value: value.into(),
                    inline: INLINE_EXAMPLE.into(),
                });
            }
            Some(value) => TokenSet::parse_inline(value).map_err(|e| {
                options.bad_value(
                    &TOKENS,
                    value,
                    format!("a token set `[FACE_A/FACE_B:COUNT;...]`: {e}"),
                )
            })?,
        };
        let manifest = match options.text(&TOKENS_FILE_OPTION) {
            None => None,
            Some(label) => {
                if options.text(&TOKENS).is_none() {
                    return Err(SpecError::Invalid {
                        name: spec.name.clone(),
                        why: format!(
                            "`{TOKENS_FILE}` labels an inline `tokens=[...]` set with its file, \
                             but no `tokens` is given"
                        ),
                    });
                }
                if crate::spec_label::parse_label(label).is_none() {
                    return Err(options.bad_value(
                        &TOKENS_FILE_OPTION,
                        label,
                        "`PATH@xxh3:HASH` (16 hex digits), as the command line writes it".into(),
                    ));
                }
                Some(Arc::from(label))
            }
        };
        let compensation = options.seat_list::<MAX_SEATS>(&COMPENSATION, players)?;
        let start_tokens = options.seat_list::<MAX_SEATS>(&START_TOKENS, players)?;
        let mut game =
            Seaside::new(players, removed, set)?.with_levers(compensation, start_tokens)?;
        game.manifest = manifest;
        Ok(game)
    }

    /// The token set in play.
    pub fn token_set(&self) -> &TokenSet {
        &self.set
    }

    /// The fixed number of removed tokens, if the configuration fixes it.
    pub fn removed_option(&self) -> Option<usize> {
        self.removed.map(usize::from)
    }

    /// The manifest path the set was read from (`tokens_file`), as
    /// written in the spec.
    pub fn manifest_path(&self) -> Option<&str> {
        self.manifest
            .as_deref()
            .and_then(crate::spec_label::parse_label)
            .map(|(path, _)| path)
    }

    /// The `tokens_file` label, `PATH@xxh3:HASH`, of a set read from a file.
    pub fn tokens_file(&self) -> Option<&str> {
        self.manifest.as_deref()
    }

    /// The range `removed` is drawn from when not given: the rulebook's
    /// range for the player count, clamped to the set's size − 1.
    pub fn removed_range(&self) -> (u8, u8) {
        let (lo, hi) = match self.players {
            3 => (15, 20),
            2 => (30, 40),
            _ => (0, 0),
        };
        let cap = self.set.len() as u8 - 1;
        (lo.min(cap), hi.min(cap))
    }
}

impl crate::games::GameKind for Seaside {
    const NAME: &'static str = "seaside";
    const PLAYERS: std::ops::RangeInclusive<usize> = 1..=5;
    const SOLO_SCORE: Option<&'static str> =
        Some("solo: score = points of the tokens kept, higher is better");
    const OPTIONS: &'static [GameOption] = &OPTIONS;

    fn from_spec(spec: &Spec, players: usize) -> Result<Self, SpecError> {
        Seaside::from_spec(spec, players)
    }

    /// `removed=N` or `removed=rulebook`, then `tokens=[...]` (inline) for
    /// a custom set or one read from a file, then
    /// `tokens_file=PATH@xxh3:HASH` for one read from a file; the default
    /// set writes no `tokens`.
    fn option_values(&self) -> Vec<Option<String>> {
        let removed = match self.removed {
            Some(r) => r.to_string(),
            None => REMOVED_RULEBOOK.to_string(),
        };
        let tokens = (self.custom || self.manifest.is_some()).then(|| self.set.inline());
        let label = self.manifest.as_deref().map(str::to_string);
        let seats = |values: &[u8; MAX_SEATS]| {
            crate::games::options::seat_list_text(&values.map(u64::from))
        };
        vec![
            Some(removed),
            tokens,
            label,
            seats(&self.compensation),
            seats(&self.start_tokens),
        ]
    }
}
