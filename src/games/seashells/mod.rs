//! Seashells (Bruno Faidutti), 2 to 5 players, as in `docs/rules.md`
//! ("Seashells"); the engine's own notes are in `docs/seashells.md`.
//!
//! # Files
//! `mod.rs` (this: the configuration [`Seashells`], its options [`Mode`] and
//! [`Scoring`], spec parsing, the registry's `GameKind`), `state.rs` (the
//! state, actions, items and constants), `rules.rs` (setup, move generation,
//! play: the [`Game`](crate::game::Game) impl), `fast.rs` (the bit tricks of
//! the random-playout hot paths and the byte-lane counts), `scoring.rs`
//! (coins, the Sun tie-break, winners), `evaluate.rs` (the
//! [`Evaluate`](crate::game::Evaluate) impl), `determinize.rs` (observation
//! and determinization), `record.rs` (the record format) and `display.rs`
//! (the [`Describe`](crate::display::Describe) impl).
//!
//! # State layout
//! The whole game is one `Copy` value, [`SeashellsState`] (136 bytes):
//! - every item has a code: `0..=48` the shells (`shape * 7 + colour`),
//!   [`FOSSIL_HEAD`] (49), [`FOSSIL_TAIL`] (52), [`SAND_DOLLAR`] (55) and
//!   [`BOTTLE`] (60); identical items share a code, so a deal has one
//!   canonical form. `items[square]` is the code lying on a square (board
//!   mode) or ring position (stroll mode);
//! - `occ` is the occupancy bitboard: bit `i` set = square / ring position
//!   `i` still holds its item. The Bucket's square is never occupied;
//! - `got[seat]` packs what a seat has collected into one `u64`: bits
//!   `0..49` are the shells it holds, and the bit fields at 49 (heads), 52
//!   (tails), 55 (sand dollars) and 60 (bottles) are counters; collecting
//!   item `code` is `got += 1 << code` (a shell's bit is clear before, a
//!   counter never overflows its field), and every count the scoring needs
//!   is one `popcount` with a constant mask or one shift;
//! - secret cards are 7-bit masks (`shape_cards`, `colour_cards`).
//!
//! Board mode move generation is a table lookup (`LINE[bucket]`, the
//! Bucket's row and column) masked with `occ`, then a `trailing_zeros`
//! loop. The random-playout fast path
//! ([`Game::random_action`](crate::game::Game::random_action)) builds no
//! list: it takes the Bucket's row as a byte of `occ`, gathers its column
//! into a byte with one multiplication, and picks the k-th item with
//! 256-entry popcount and select tables (no POPCNT or BMI2 needed, and the
//! same pick on every target). A whole random playout
//! ([`Game::random_playout`](crate::game::Game::random_playout), used by
//! the `bench` command and MCTS rollouts) is compiled a second time for
//! processors with BMI2 and chosen at run time: the same pick from the same
//! draw, found with one `pdep` (`tests/playout.rs` runs both paths and
//! compares them). Stroll mode uses the same bitboard as a ring:
//! rotating `occ` so that the position after the Bucket is bit 0 turns "the
//! k-th item clockwise" into "the k-th set bit".
//!
//! # Actions
//! [`SeashellsAction::Take`] (board: the square taken, `0..=63`) and
//! [`SeashellsAction::Step`] (stroll: `1..=4` items clockwise), each with
//! the decision to spend a bottle at the end of the turn. Text form: `27`,
//! `27+b` (board), `s3`, `s3+b` (stroll). The readable account
//! ([`Describe::describe_action`](crate::display::Describe::describe_action))
//! names the square as a column letter and a row number counted from the
//! top ([`square_name`]: square 27 is `d4`) and the item taken: `take d4
//! (square 27): Scallop/Yellow, then spends a bottle for an extra turn`,
//! `step 2 to place 11: Bottle, passing the shovel point (2 shovel(s) left)`.
//!
//! # Bottles
//! The spend decision is part of the move, so the legality test is made
//! when the turn begins: a move may spend a bottle if and only if the seat
//! holds an unspent bottle **before** the move's take, which is exactly "a
//! bottle held when this turn began". A bottle collected by the move itself
//! can therefore never pay for that move's extra turn, but can pay for the
//! extra turn's own extra turn (a chain). In board mode a spend is allowed
//! even when the extra turn will find the Bucket's row and column empty (the
//! game then ends as that extra turn begins); in stroll mode a step that
//! discards the last shovel ends the game at once and cannot spend a bottle.
//! A step that collects the last item of the ring may spend one (the extra
//! turn then begins with nothing left and the game ends), as in board mode.
//!
//! The option `bottles=plain` (not in the rulebook: an ablation for the
//! `seashells-balance` study) makes bottles plain items: they are collected
//! as before, earn nothing, and can never be spent, so no move spends one.
//! Everything else, the deal included, is unchanged, so a deal plays the
//! same setup with either setting.
//!
//! # Levers (variants, not the rules; docs/seashells.md, "Levers")
//! Two balancing levers, per seat, off by default (the canonical spec and
//! the record's `options` name them only when set, so a game of the rules
//! is unchanged):
//! - `compensation=SEAT:N,...` (`N` 0 to [`MAX_COMPENSATION`]): `N` coins
//!   added to that seat's total at the final scoring (and to every "coins
//!   if the game ended now": running scores, `expected_coins`,
//!   `final_margin`). Most coins, compensation included, wins; the Sun
//!   tie-break then separates the players tied on that total (the
//!   compensation never enters the Sun count); still tied, they share.
//! - `start_bottles=SEAT:N,...` (`N` 0 to [`MAX_START_BOTTLES`]): that
//!   seat holds `N` bottles at setup, added from outside the 64 items (the
//!   deal, and so every item on the beach, is the one the rules deal from
//!   the same seed). They sit in the seat's bottle counter of `got` from
//!   the start, so they are "held when the turn began" on its very first
//!   turn and can pay for an extra turn then; unspent, they earn nothing,
//!   like any bottle. `bottles=plain` refuses the lever (a plain bottle
//!   does nothing).
//!
//! # Determinization
//! The only hidden things are the opponents' secret cards. A world keeps
//! the viewer's cards and deals every opponent the same number of shape and
//! colour cards as they really hold, from the shape (colour) cards the viewer
//! has not seen: the six that are not the Sun's, minus the viewer's own.
//!
//! # Evaluation ([`Evaluate`](crate::game::Evaluate))
//! `evaluate(state, seat)` is built on "the coins each player would score if
//! the game ended now", in expectation over the secret cards the seat cannot
//! see ([`Seashells::expected_coins`]): each card the seat has not seen lies
//! with a given opponent with probability (cards that opponent holds) /
//! (cards unseen), or with nobody; a category's coins depend only on where
//! its own card lies, so this expectation is exact and cheap (`players`
//! scorings of all 14 categories at once, in byte lanes). The value is the seat's expected coins
//! minus the highest expected coins of an opponent. It ignores the items
//! still to be taken. `final_margin` is (coins − best other coins) / 30, clamped
//! to `[-1, 1]`.

mod determinize;
mod display;
mod encode;
mod evaluate;
mod fast;
mod observe;
mod record;
mod rules;
mod scoring;
mod state;

use crate::game::MAX_SEATS;
use crate::games::options::seat_list_text;
use crate::games::{GameOption, OptionKind, SpecOptions};
use crate::spec::{Spec, SpecError};

pub use scoring::ScoreBreakdown;
pub use state::{
    ALL_ITEMS, BOTTLE, COLOUR_MASK, COLOURS, Colour, FOSSIL_HEAD, FOSSIL_TAIL, Item, LINE,
    SAND_DOLLAR, SHAPE_MASK, SHAPES, SHOVELS, SQUARES, SeashellsAction, SeashellsState, Shape,
    bottles_of, copies, heads_of, kth_set_bit, pairs_of, sand_dollars_of, square_name, tails_of,
};

crate::named_enum! {
    /// Board or stroll (boardless) play (spec and record option `mode`).
    pub enum Mode {
        /// The 8x8 beach: take any item in the Bucket's row or column.
        Board = "board",
        /// The ring: move the Bucket 1 to 4 items clockwise.
        Stroll = "stroll",
    }
}

crate::named_enum! {
    /// Simple or advanced scoring of shapes and colours (spec and record
    /// option `scoring`).
    pub enum Scoring {
        /// Every player with the highest count earns 3.
        Simple = "simple",
        /// A single leader earns 3 and the tied seconds 1 each; tied leaders
        /// earn 1 each and nobody earns for second.
        Advanced = "advanced",
    }
}

crate::named_enum! {
    /// What a bottle does (spec option `bottles`).
    pub enum Bottles {
        /// The rules: spend a bottle held when the turn began for an extra
        /// turn.
        Spend = "spend",
        /// Not in the rulebook (an ablation): bottles are plain items that
        /// earn nothing and are never spent.
        Plain = "plain",
    }
}

/// Option `mode`: board or stroll.
pub const MODE: GameOption = GameOption {
    name: "mode",
    kind: OptionKind::Choice {
        words: &Mode::NAMES,
        default: 0,
    },
    about: "`board`: the 8x8 beach, take an item in the Bucket's row or column; `stroll`: \
            the ring, move the Bucket 1 to 4 items clockwise",
    help_note: None,
    variant: false,
};

/// Option `scoring`: simple or advanced scoring of shapes and colours.
pub const SCORING: GameOption = GameOption {
    name: "scoring",
    kind: OptionKind::Choice {
        words: &Scoring::NAMES,
        default: 0,
    },
    about: "`simple`: every leader of a shape or colour earns 3; `advanced`: a single \
            leader earns 3 and the tied seconds 1 each, tied leaders 1 each",
    help_note: None,
    variant: false,
};

/// Option `bottles`: the rules, or the `plain` ablation.
pub const BOTTLES: GameOption = GameOption {
    name: "bottles",
    kind: OptionKind::Choice {
        words: &Bottles::NAMES,
        default: 0,
    },
    about: "`spend`: the rules, a bottle held when the turn began pays for an extra turn; \
            `plain` (not the rules, an ablation): bottles earn nothing and are never spent",
    help_note: Some("plain: not the rules"),
    variant: true,
};

/// The most coins [`COMPENSATION`] gives a seat: more than three
/// categories' leads (3 coins each), above any value a balancing search
/// would try (issue 56 searches `0..=6`), and a finite range for `--vary`.
pub const MAX_COMPENSATION: u64 = 10;

/// The most bottles [`START_BOTTLES`] gives a seat: as many as the beach
/// holds (4), so a seat's bottle counter (4 bits of `got`) holds at most
/// 8 and never overflows.
pub const MAX_START_BOTTLES: u64 = 4;

/// Option `compensation` (a balancing lever, not the rules): coins added to
/// a seat's total at the final scoring.
pub const COMPENSATION: GameOption = GameOption {
    name: "compensation",
    kind: OptionKind::SeatList {
        min: 0,
        max: MAX_COMPENSATION,
    },
    about: "coins added to that seat's total at the final scoring (`1:2`: seat 1 gets 2); \
            most coins, compensation included, wins, then the Sun tie-break among the tied",
    help_note: Some("coins, N 0 to 10"),
    variant: true,
};

/// Option `start_bottles` (a balancing lever, not the rules): bottles a seat
/// holds at setup, added from outside the 64 items.
pub const START_BOTTLES: GameOption = GameOption {
    name: "start_bottles",
    kind: OptionKind::SeatList {
        min: 0,
        max: MAX_START_BOTTLES,
    },
    about: "bottles that seat holds at setup (`1:1`), added from outside the beach's 64 items \
            (the deal is unchanged); spendable from its first turn, unspent they earn nothing; \
            needs `bottles=spend`",
    help_note: Some("N 0 to 4, needs bottles=spend"),
    variant: true,
};

/// Seashells' options, in canonical order.
pub const OPTIONS: [GameOption; 5] = [MODE, SCORING, BOTTLES, COMPENSATION, START_BOTTLES];

/// The Seashells rules for a player count, a mode and a scoring.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Seashells {
    players: usize,
    mode: Mode,
    scoring: Scoring,
    bottles: Bottles,
    /// Coins added to each seat's total at the final scoring (the
    /// `compensation` lever; 0 for every seat in the rules).
    compensation: [i32; MAX_SEATS],
    /// What each seat holds at setup, as a `got` value: its start bottles
    /// in the bottle counter (the `start_bottles` lever; 0 in the rules).
    start_got: [u64; MAX_SEATS],
}

impl Seashells {
    /// The rules for `players` (2..=5) players.
    pub fn new(players: usize, mode: Mode, scoring: Scoring) -> Result<Seashells, SpecError> {
        if !(2..=5).contains(&players) {
            return Err(SpecError::Invalid {
                name: "seashells".into(),
                why: format!("seashells takes 2 to 5 players, not {players}"),
            });
        }
        Ok(Seashells {
            players,
            mode,
            scoring,
            bottles: Bottles::Spend,
            compensation: [0; MAX_SEATS],
            start_got: [0; MAX_SEATS],
        })
    }

    /// The same rules with bottles doing `bottles` (the rules: `Spend`).
    /// `Plain` is refused when start bottles are set (as
    /// [`Self::with_start_bottles`] refuses them with `Plain`), so every
    /// configuration is one a spec names.
    pub fn with_bottles(self, bottles: Bottles) -> Result<Seashells, SpecError> {
        let plain = Seashells { bottles, ..self };
        plain.check_start_bottles()?;
        Ok(plain)
    }

    /// Start bottles need bottles that can be spent.
    fn check_start_bottles(&self) -> Result<(), SpecError> {
        if self.bottles == Bottles::Plain && self.start_got.iter().any(|&g| g != 0) {
            return Err(SpecError::Invalid {
                name: "seashells".into(),
                why: "`start_bottles` needs `bottles=spend`: a plain bottle is never spent and \
                      earns nothing, so a bottle held at setup would do nothing"
                    .into(),
            });
        }
        Ok(())
    }

    /// The same rules with `coins[seat]` added to each seat's total at the
    /// final scoring (the `compensation` lever, not the rules). Refused
    /// when a value is above [`MAX_COMPENSATION`] or a seat that does not
    /// play gets one.
    pub fn with_compensation(self, coins: [u64; MAX_SEATS]) -> Result<Seashells, SpecError> {
        let compensation = self.seat_values(&COMPENSATION, &coins, MAX_COMPENSATION)?;
        Ok(Seashells {
            compensation: compensation.map(|c| c as i32),
            ..self
        })
    }

    /// The same rules with seat `seat` holding `bottles[seat]` bottles at
    /// setup, added from outside the 64 items (the `start_bottles` lever,
    /// not the rules). Refused when a value is above
    /// [`MAX_START_BOTTLES`], a seat that does not play gets one, or
    /// bottles are plain (a plain bottle does nothing, so the lever would
    /// mean nothing).
    pub fn with_start_bottles(self, bottles: [u64; MAX_SEATS]) -> Result<Seashells, SpecError> {
        let bottles = self.seat_values(&START_BOTTLES, &bottles, MAX_START_BOTTLES)?;
        let with = Seashells {
            start_got: bottles.map(|b| b << BOTTLE),
            ..self
        };
        with.check_start_bottles()?;
        Ok(with)
    }

    /// `values` checked for a seat-list lever: each at most `max`, and 0
    /// for every seat that does not play.
    fn seat_values(
        &self,
        option: &GameOption,
        values: &[u64; MAX_SEATS],
        max: u64,
    ) -> Result<[u64; MAX_SEATS], SpecError> {
        let bad = values
            .iter()
            .enumerate()
            .find(|&(seat, &v)| v > max || (seat >= self.players && v > 0));
        match bad {
            None => Ok(*values),
            Some((seat, &v)) => Err(SpecError::Invalid {
                name: "seashells".into(),
                why: format!(
                    "`{}`: seat {seat} cannot get {v} (seats 0 to {}, each 0 to {max})",
                    option.name,
                    self.players - 1
                ),
            }),
        }
    }

    /// Build from a parsed spec (the options of [`OPTIONS`]).
    pub fn from_spec(spec: &Spec, players: usize) -> Result<Seashells, SpecError> {
        let options = SpecOptions::read(spec, &OPTIONS)?;
        let mode = Mode::ALL[options.choice(&MODE)?];
        let scoring = Scoring::ALL[options.choice(&SCORING)?];
        let bottles = Bottles::ALL[options.choice(&BOTTLES)?];
        let compensation = options.seat_list::<MAX_SEATS>(&COMPENSATION, players)?;
        let start_bottles = options.seat_list::<MAX_SEATS>(&START_BOTTLES, players)?;
        Seashells::new(players, mode, scoring)?
            .with_bottles(bottles)?
            .with_compensation(compensation)?
            .with_start_bottles(start_bottles)
    }

    /// Coins each seat gets at the final scoring beside what it earned
    /// (the `compensation` lever; 0 for every seat in the rules).
    pub fn compensation(&self) -> [i32; MAX_SEATS] {
        self.compensation
    }

    /// Bottles each seat holds at setup (the `start_bottles` lever; 0 for
    /// every seat in the rules).
    pub fn start_bottles(&self) -> [u32; MAX_SEATS] {
        self.start_got.map(bottles_of)
    }

    /// What each seat holds when the game begins, as `got` values (its
    /// start bottles).
    pub(crate) fn start_got(&self) -> [u64; MAX_SEATS] {
        self.start_got
    }

    /// What bottles do: the rules (`Spend`) or the `Plain` ablation.
    pub fn bottles(&self) -> Bottles {
        self.bottles
    }

    /// Board or stroll.
    pub fn mode(&self) -> Mode {
        self.mode
    }

    /// Simple or advanced scoring.
    pub fn scoring(&self) -> Scoring {
        self.scoring
    }

    /// Shape (and colour) cards each player holds: 2 at 2 players, else 1.
    pub fn cards_per_player(&self) -> u32 {
        if self.players == 2 { 2 } else { 1 }
    }
}

impl crate::games::GameKind for Seashells {
    const NAME: &'static str = "seashells";
    const PLAYERS: std::ops::RangeInclusive<usize> = 2..=5;
    const OPTIONS: &'static [GameOption] = &OPTIONS;

    fn from_spec(spec: &Spec, players: usize) -> Result<Self, SpecError> {
        Seashells::from_spec(spec, players)
    }

    fn option_values(&self) -> Vec<Option<String>> {
        vec![
            Some(self.mode.to_string()),
            Some(self.scoring.to_string()),
            Some(self.bottles.to_string()),
            seat_list_text(&self.compensation.map(|c| c as u64)[..self.players]),
            seat_list_text(&self.start_bottles().map(u64::from)[..self.players]),
        ]
    }
}
