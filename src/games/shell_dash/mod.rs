//! **Shell Dash** (Manzanita Game Co.), 1 or 2 players: the engine.
//!
//! The rules are those of `RULES.md` §3 (see `docs/rules.md`, section *Shell
//! Dash*, for the rules as this engine plays them, and `docs/shell_dash.md`
//! for the engine's design and measured speed).
//!
//! # Spec
//! `shell-dash(deck=Sand:16,Wave:10,Flip-Flop:6,Jellyfish:8,Sun:6,Shell:14,max_turns=200)`.
//! - `deck`: the make-up of the deck as `Name:count` pairs, comma separated,
//!   names spelled as in the rules (`Sand`, `Wave`, `Flip-Flop`, `Jellyfish`,
//!   `Sun`, `Shell`). A kind left out has **no card** in the deck (count 0);
//!   a kind given twice or an unknown name is an error. The deck must hold
//!   9 to [`DECK_CAP`] cards (9 to deal the first board).
//! - `max_turns`: the number of turns (of all players together) after which
//!   the game ends, 1 to [`MAX_TURNS`]; default 200.
//!
//! # State
//! [`ShellDashState`] is `Copy` and holds no heap: the 18 places of the board
//! (6 rows of 3; the rows past `rows` are unused) as card codes with two
//! bitboards (`down`: face-down cards, `up`: cards revealed this turn; a
//! place in neither is empty), the deck as a fixed array of [`DECK_CAP`] card
//! codes read from `top` to `len` (top first), the discard pile as counts per
//! kind (its order never matters: it is only ever shuffled), the walker's row
//! and the decision to take, and per seat the Shells collected and the
//! Flip-Flops held.
//!
//! # Chance during play
//! A reshuffle of the discard pile happens inside
//! [`Game::play_unchecked`], which takes no random number generator. The
//! state therefore carries a 64-bit `chance_seed`: reshuffle number `k` uses
//! a generator seeded with `derive(chance_seed, k)`, the discard pile laid
//! out in kind order and then shuffled. A new game takes its `chance_seed`
//! from a hash of the initial deck order (so a replayed record rebuilds the
//! same state), [`Game::determinize`] draws a fresh one from its generator
//! (the order of future reshuffles is hidden). A replay never uses it: the
//! record's reshuffle events give each new deck, checked to be a permutation
//! of the discard pile.
//!
//! # Actions
//! [`ShellDashAction::Flip`]`(column)`: flip the face-down card in that column
//! of the walker's current row (advancing, or after a Wave).
//! [`ShellDashAction::FlipFlop`]`(spend)`: at a Jellyfish while holding a
//! Flip-Flop, spend one and advance (`true`), or end the turn keeping it
//! (`false`). A state always presents a decision or is over: steps that need
//! no decision (rows walked through, the turn's end, refills, reshuffles,
//! turns with nothing to flip) are played inside the action that leads to
//! them.
//!
//! # Evaluation ([`Evaluate`])
//! Everything a seat can evaluate is public (face-down cards are hidden from
//! everybody), so the evaluation reads only public information. A seat's
//! *progress* is its Shells held, plus the Shells revealed in the walk in
//! progress (if it is the walker) times `1/2^k` where `k` is the number of
//! rows still to walk, the walker's row included, plus 1/4 per Flip-Flop
//! held.
//! - Two players: own progress minus the opponent's (in Shells).
//! - Solo: progress minus 1/100 per turn played.
//!
//! [`Evaluate::final_margin`]: two players, (own Shells - other Shells) / 3,
//! clamped to [-1, 1]; solo, `(max_turns - turns + 1) / max_turns` when won
//! (1 for a win in one turn, just above 0 for a win in the last turn), -1
//! when lost.

mod record;

use std::convert::Infallible;
use std::fmt;

use arrayvec::ArrayVec;

use crate::game::{Evaluate, Game, Outcome, Seat, SeatSet};
use crate::rng::{GameRng, Rng, below, derive, mix, rng_from_seed, shuffle_pairs};
use crate::spec::{Spec, SpecError};

/// The most cards a deck may hold (the state's fixed deck capacity).
pub const DECK_CAP: usize = 256;
/// The fewest cards a deck may hold: the 9 cards of the first board.
pub const MIN_DECK: usize = 9;
/// The largest `max_turns`.
pub const MAX_TURNS: u32 = 1_000_000;
/// The default `max_turns`.
pub const DEFAULT_MAX_TURNS: u32 = 200;
/// The default deck (RULES.md §3 ruling): counts by kind, in [`Card::ALL`] order.
pub const DEFAULT_DECK: [u16; KINDS] = [16, 10, 6, 8, 6, 14];
/// Number of card kinds.
pub const KINDS: usize = 6;
/// Places in a row.
pub const COLUMNS: usize = 3;
/// Rows at the start.
pub const START_ROWS: u8 = 3;
/// The most rows the board can have.
pub const MAX_ROWS: u8 = 6;
/// Places on a full board.
pub const PLACES: usize = COLUMNS * MAX_ROWS as usize;
/// Shells that win.
pub const WINNING_SHELLS: u8 = 3;
/// Board code of an empty place.
pub const EMPTY: u8 = 0xFF;
/// Board code (in an observation) of a face-down card.
pub const HIDDEN: u8 = 0xFE;

/// A card kind.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[repr(u8)]
pub enum Card {
    /// Advance.
    Sand = 0,
    /// Flip another card of the same row.
    Wave = 1,
    /// Kept in hand; spent to pass a Jellyfish.
    FlipFlop = 2,
    /// Ends the turn unless a Flip-Flop is spent.
    Jellyfish = 3,
    /// Adds a row (up to 6), then advance.
    Sun = 4,
    /// Collected when the walk completes.
    Shell = 5,
}

impl Card {
    /// Every kind, in code order.
    pub const ALL: [Card; KINDS] = [
        Card::Sand,
        Card::Wave,
        Card::FlipFlop,
        Card::Jellyfish,
        Card::Sun,
        Card::Shell,
    ];

    /// The name as in the rules and records (`"Flip-Flop"`...).
    pub const fn name(self) -> &'static str {
        match self {
            Card::Sand => "Sand",
            Card::Wave => "Wave",
            Card::FlipFlop => "Flip-Flop",
            Card::Jellyfish => "Jellyfish",
            Card::Sun => "Sun",
            Card::Shell => "Shell",
        }
    }

    /// The kind named `name` (exact spelling of [`Card::name`]).
    pub fn from_name(name: &str) -> Option<Card> {
        Card::ALL.into_iter().find(|c| c.name() == name)
    }

    /// The kind of a card code `0..6`.
    pub fn from_code(code: u8) -> Option<Card> {
        Card::ALL.get(code as usize).copied()
    }
}

impl fmt::Display for Card {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

const WAVE: u8 = Card::Wave as u8;
const FLIPFLOP: u8 = Card::FlipFlop as u8;
const JELLYFISH: u8 = Card::Jellyfish as u8;
const SUN: u8 = Card::Sun as u8;
const SHELL: u8 = Card::Shell as u8;

/// The places of row `row` as a bit mask.
#[inline]
const fn row_mask(row: u8) -> u32 {
    0b111 << (row as u32 * 3)
}

/// The decision a state waits for.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[repr(u8)]
pub enum Phase {
    /// Flip a face-down card of the walker's row.
    Flip = 0,
    /// At a Jellyfish while holding a Flip-Flop: spend one or end the turn.
    Jellyfish = 1,
    /// The game is over.
    Over = 2,
}

/// A decision.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum ShellDashAction {
    /// Flip the face-down card in this column (0..=2) of the walker's row.
    /// Text form `flip0`, `flip1`, `flip2`.
    Flip(u8),
    /// At a Jellyfish: spend a Flip-Flop and advance (`true`, text `spend`)
    /// or end the turn and keep it (`false`, text `keep`).
    FlipFlop(bool),
}

impl fmt::Display for ShellDashAction {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ShellDashAction::Flip(c) => write!(f, "flip{c}"),
            ShellDashAction::FlipFlop(true) => f.write_str("spend"),
            ShellDashAction::FlipFlop(false) => f.write_str("keep"),
        }
    }
}

/// A Shell Dash state (fixed size, `Copy`, no heap).
///
/// Card codes are `Card as u8`; the board holds [`EMPTY`] where no card
/// lies. Card conservation: the deck's `top..len`, the board, the discard
/// pile, the Flip-Flops held and spent and the Shells collected together
/// make up exactly the configured deck. `deck` outside `top..len` holds
/// cards already drawn (history, not part of the position).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ShellDashState {
    /// Card code by place (`row * 3 + column`), or [`EMPTY`].
    pub board: [u8; PLACES],
    /// Places holding a face-down card (bit = place).
    pub down: u32,
    /// Places holding a card revealed this turn.
    pub up: u32,
    /// Rows on the board, 3..=6.
    pub rows: u8,
    /// The walker's current row (meaningful while the game is not over).
    pub row: u8,
    /// The decision awaited.
    pub phase: Phase,
    /// The walker (seat to move).
    pub to_move: u8,
    /// Shells collected, by seat.
    pub shells: [u8; 2],
    /// Flip-Flops held, by seat.
    pub flipflops: [u16; 2],
    /// Flip-Flops spent this turn (discarded at its end).
    pub spent: u16,
    /// The turn being played, from 1 (when over: the turns played in all).
    pub turn: u32,
    /// The discard pile: cards by kind.
    pub discard: [u16; KINDS],
    /// Index of the deck's top card in `deck`.
    pub top: u16,
    /// End of the deck in `deck` (the deck is `deck[top..len]`).
    pub len: u16,
    /// Reshuffles so far.
    pub reshuffles: u32,
    /// The card flipped last, by anyone (`EMPTY` before the first flip).
    pub last: u8,
    /// Seed of future reshuffles (hidden; see the module docs).
    pub chance_seed: u64,
    /// Deck storage (card codes).
    pub deck: [u8; DECK_CAP],
}

impl ShellDashState {
    /// Cards left in the deck.
    #[inline]
    pub fn deck_size(&self) -> usize {
        (self.len - self.top) as usize
    }

    /// The card at `row`, `column`: `None` if the place is empty, else the
    /// card and whether it is face-down.
    pub fn place(&self, row: usize, column: usize) -> Option<(Card, bool)> {
        let i = row * COLUMNS + column;
        let card = Card::from_code(*self.board.get(i)?)?;
        Some((card, self.down & (1 << i) != 0))
    }
}

/// What one seat sees of a state: everything but the face-down cards'
/// identities (shown as [`HIDDEN`]), the deck's order and the reshuffle seed.
/// Both seats see the same.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ShellDashObservation {
    /// Board codes with face-down cards as [`HIDDEN`].
    pub board: [u8; PLACES],
    /// Rows on the board.
    pub rows: u8,
    /// The walker's row.
    pub row: u8,
    /// The decision awaited.
    pub phase: Phase,
    /// The walker.
    pub to_move: u8,
    /// Shells by seat.
    pub shells: [u8; 2],
    /// Flip-Flops held by seat.
    pub flipflops: [u16; 2],
    /// Flip-Flops spent this turn.
    pub spent: u16,
    /// The turn.
    pub turn: u32,
    /// The discard pile by kind.
    pub discard: [u16; KINDS],
    /// Cards in the deck.
    pub deck_size: u16,
    /// Reshuffles so far.
    pub reshuffles: u32,
    /// The card flipped last.
    pub last: u8,
}

/// A hand-built position for [`ShellDash::position`]: the walker at the start
/// of a turn (before row 0).
#[derive(Clone, Debug, Default)]
pub struct Position {
    /// Face-down cards by row (3 to 6 rows; `None` = empty place).
    pub rows: Vec<[Option<Card>; 3]>,
    /// The deck, top first.
    pub deck: Vec<Card>,
    /// The discard pile.
    pub discard: Vec<Card>,
    /// Shells collected by seat.
    pub shells: [u8; 2],
    /// Flip-Flops held by seat.
    pub flipflops: [u16; 2],
    /// The walker.
    pub to_move: usize,
    /// The turn number (from 1).
    pub turn: u32,
    /// Reshuffle seed.
    pub chance_seed: u64,
}

/// Shell Dash for 1 or 2 players with a given deck and turn cap.
#[derive(Clone, Debug)]
pub struct ShellDash {
    players: usize,
    counts: [u16; KINDS],
    total: u16,
    max_turns: u32,
    /// The deck in kind order (the starting point of every shuffle).
    sorted: [u8; DECK_CAP],
}

/// A reshuffle strategy: the random one for play, the record-driven one for
/// replays, a recording one for writing records.
pub(crate) trait Reshuffle {
    /// Why a reshuffle could not be made (replays only).
    type Error;
    /// Put `cards` (the discard pile in kind order) in the new deck's order,
    /// top first; `seed` is this reshuffle's seed.
    fn reshuffle(&mut self, cards: &mut [u8], seed: u64) -> Result<(), Self::Error>;
}

/// The play-time strategy: a shuffle seeded from the state's seed.
pub(crate) struct RandomReshuffle;

impl Reshuffle for RandomReshuffle {
    type Error = Infallible;
    #[inline]
    fn reshuffle(&mut self, cards: &mut [u8], seed: u64) -> Result<(), Infallible> {
        let mut rng = rng_from_seed(seed);
        shuffle_pairs(cards, &mut rng);
        Ok(())
    }
}

fn deck_seed(cards: &[u8]) -> u64 {
    let mut h = 0x5EE1_DA5A_u64 ^ cards.len() as u64;
    for chunk in cards.chunks(8) {
        let mut word = [0u8; 8];
        word[..chunk.len()].copy_from_slice(chunk);
        h = mix(h ^ u64::from_le_bytes(word));
    }
    h
}

impl ShellDash {
    /// Shell Dash for `players` (1 or 2) with a deck of `counts` cards by kind
    /// ([`Card::ALL`] order) and a cap of `max_turns` turns.
    pub fn new(players: usize, counts: [u16; KINDS], max_turns: u32) -> Result<ShellDash, String> {
        if !(1..=2).contains(&players) {
            return Err(format!("shell-dash takes 1 or 2 players, not {players}"));
        }
        let total: usize = counts.iter().map(|&c| c as usize).sum();
        if total < MIN_DECK {
            return Err(format!(
                "the deck holds {total} cards, fewer than the {MIN_DECK} needed to deal the board"
            ));
        }
        if total > DECK_CAP {
            return Err(format!(
                "the deck holds {total} cards, more than the {DECK_CAP} supported"
            ));
        }
        if !(1..=MAX_TURNS).contains(&max_turns) {
            return Err(format!(
                "max_turns must be 1 to {MAX_TURNS}, not {max_turns}"
            ));
        }
        let mut sorted = [0u8; DECK_CAP];
        let mut k = 0;
        for (code, &n) in counts.iter().enumerate() {
            for _ in 0..n {
                sorted[k] = code as u8;
                k += 1;
            }
        }
        Ok(ShellDash {
            players,
            counts,
            total: total as u16,
            max_turns,
            sorted,
        })
    }

    /// Build from a parsed spec (see the module docs for the options).
    pub fn from_spec(spec: &Spec, players: usize) -> Result<ShellDash, SpecError> {
        spec.check_keys(&["deck", "max_turns"])?;
        let counts = match spec.get("deck") {
            None => DEFAULT_DECK,
            Some(text) => parse_deck(text).map_err(|why| SpecError::BadValue {
                name: spec.name.clone(),
                key: "deck".into(),
                value: text.into(),
                expected: why,
            })?,
        };
        let max_turns =
            spec.u64_in("max_turns", DEFAULT_MAX_TURNS as u64, 1, MAX_TURNS as u64)? as u32;
        ShellDash::new(players, counts, max_turns).map_err(|why| SpecError::Invalid {
            name: spec.name.clone(),
            why,
        })
    }

    /// The deck's make-up: cards by kind, in [`Card::ALL`] order.
    pub fn deck_counts(&self) -> [u16; KINDS] {
        self.counts
    }

    /// The turn cap.
    pub fn max_turns(&self) -> u32 {
        self.max_turns
    }

    /// The first state of a game whose deck, top first, is `order` (it must
    /// be a permutation of the configured deck): 9 cards dealt to rows 0..2,
    /// seat 0 to walk.
    pub fn initial_state(&self, order: &[Card]) -> Result<ShellDashState, String> {
        let mut counts = [0u16; KINDS];
        for &c in order {
            counts[c as usize] += 1;
        }
        if counts != self.counts {
            return Err(format!(
                "the deck {} is not the configured deck {}",
                deck_text(&counts),
                deck_text(&self.counts)
            ));
        }
        let mut deck = [0u8; DECK_CAP];
        for (slot, &c) in deck.iter_mut().zip(order) {
            *slot = c as u8;
        }
        Ok(self.deal(deck))
    }

    /// A hand-built position at the start of a turn (for tests and
    /// analysis); checked against the configured deck.
    pub fn position(&self, p: &Position) -> Result<ShellDashState, String> {
        if !(START_ROWS as usize..=MAX_ROWS as usize).contains(&p.rows.len()) {
            return Err(format!("a board has 3 to 6 rows, not {}", p.rows.len()));
        }
        if p.to_move >= self.players || p.turn == 0 || p.turn > self.max_turns {
            return Err("walker or turn out of range".into());
        }
        if p.deck.len() > DECK_CAP {
            return Err("deck too large".into());
        }
        let mut s = ShellDashState {
            board: [EMPTY; PLACES],
            down: 0,
            up: 0,
            rows: p.rows.len() as u8,
            row: 0,
            phase: Phase::Flip,
            to_move: p.to_move as u8,
            shells: p.shells,
            flipflops: p.flipflops,
            spent: 0,
            turn: p.turn,
            discard: [0; KINDS],
            top: 0,
            len: p.deck.len() as u16,
            reshuffles: 0,
            last: EMPTY,
            chance_seed: p.chance_seed,
            deck: [0; DECK_CAP],
        };
        for (r, row) in p.rows.iter().enumerate() {
            for (c, card) in row.iter().enumerate() {
                if let Some(card) = card {
                    let i = r * COLUMNS + c;
                    s.board[i] = *card as u8;
                    s.down |= 1 << i;
                }
            }
        }
        for (slot, &c) in s.deck.iter_mut().zip(&p.deck) {
            *slot = c as u8;
        }
        for &c in &p.discard {
            s.discard[c as usize] += 1;
        }
        if self.players == 1 && (p.shells[1] != 0 || p.flipflops[1] != 0) {
            return Err("solo: seat 1 holds nothing".into());
        }
        if p.shells.iter().any(|&n| n >= WINNING_SHELLS) {
            return Err("a seat already holds 3 Shells".into());
        }
        let counts = self.card_counts(&s)?;
        if counts != self.counts {
            return Err(format!(
                "the position holds {} but the deck is {}",
                deck_text(&counts),
                deck_text(&self.counts)
            ));
        }
        if s.down == 0 {
            s.turn = self.max_turns;
            s.phase = Phase::Over;
        } else {
            ok(self.walk_from(&mut s, 0, &mut RandomReshuffle));
        }
        self.check_invariants(&s)?;
        Ok(s)
    }

    /// Deal the first board from a full deck array and start the first turn.
    fn deal(&self, deck: [u8; DECK_CAP]) -> ShellDashState {
        let n = self.total as usize;
        let mut s = ShellDashState {
            board: [EMPTY; PLACES],
            down: 0x1FF,
            up: 0,
            rows: START_ROWS,
            row: 0,
            phase: Phase::Flip,
            to_move: 0,
            shells: [0; 2],
            flipflops: [0; 2],
            spent: 0,
            turn: 1,
            discard: [0; KINDS],
            top: 9,
            len: n as u16,
            reshuffles: 0,
            last: EMPTY,
            chance_seed: deck_seed(&deck[..n]),
            deck,
        };
        s.board[..9].copy_from_slice(&deck[..9]);
        s
    }

    /// Play `action` with reshuffle strategy `r`.
    pub(crate) fn step<R: Reshuffle>(
        &self,
        s: &mut ShellDashState,
        action: ShellDashAction,
        r: &mut R,
    ) -> Result<(), R::Error> {
        match action {
            ShellDashAction::Flip(column) => self.reveal(s, column as usize, r),
            ShellDashAction::FlipFlop(true) => {
                let p = s.to_move as usize;
                s.flipflops[p] -= 1;
                s.spent += 1;
                self.walk_from(s, s.row + 1, r)
            }
            ShellDashAction::FlipFlop(false) => self.end_turn(s, r),
        }
    }

    #[inline]
    fn reveal<R: Reshuffle>(
        &self,
        s: &mut ShellDashState,
        column: usize,
        r: &mut R,
    ) -> Result<(), R::Error> {
        let i = s.row as usize * COLUMNS + column;
        let bit = 1u32 << i;
        s.down &= !bit;
        let card = s.board[i];
        s.last = card;
        match card {
            WAVE => {
                s.up |= bit;
                if s.down & row_mask(s.row) != 0 {
                    Ok(())
                } else {
                    self.end_turn(s, r)
                }
            }
            FLIPFLOP => {
                s.board[i] = EMPTY;
                s.flipflops[s.to_move as usize] += 1;
                self.walk_from(s, s.row + 1, r)
            }
            JELLYFISH => {
                s.up |= bit;
                if s.flipflops[s.to_move as usize] > 0 {
                    s.phase = Phase::Jellyfish;
                    Ok(())
                } else {
                    self.end_turn(s, r)
                }
            }
            SUN => {
                s.up |= bit;
                if s.rows < MAX_ROWS {
                    let base = s.rows as usize * COLUMNS;
                    s.rows += 1;
                    for k in base..base + COLUMNS {
                        match self.draw(s, r)? {
                            Some(c) => {
                                s.board[k] = c;
                                s.down |= 1 << k;
                            }
                            None => break,
                        }
                    }
                }
                self.walk_from(s, s.row + 1, r)
            }
            // Sand and Shell: advance (a Shell stays in place).
            _ => {
                s.up |= bit;
                self.walk_from(s, s.row + 1, r)
            }
        }
    }

    /// Advance to the first row from `row` on with a face-down card (rows
    /// without one are walked through); past the last row, the walk completes.
    #[inline]
    fn walk_from<R: Reshuffle>(
        &self,
        s: &mut ShellDashState,
        mut row: u8,
        r: &mut R,
    ) -> Result<(), R::Error> {
        while row < s.rows {
            if s.down & row_mask(row) != 0 {
                s.row = row;
                s.phase = Phase::Flip;
                return Ok(());
            }
            row += 1;
        }
        // The walk completes: collect the Shells revealed this turn.
        let p = s.to_move as usize;
        let mut up = s.up;
        while up != 0 {
            let i = up.trailing_zeros() as usize;
            up &= up - 1;
            if s.board[i] == SHELL {
                s.board[i] = EMPTY;
                s.up &= !(1 << i);
                s.shells[p] += 1;
            }
        }
        if s.shells[p] >= WINNING_SHELLS {
            s.phase = Phase::Over;
            return Ok(());
        }
        self.end_turn(s, r)
    }

    /// End the turn: the cap, else discard, refill, next walker.
    fn end_turn<R: Reshuffle>(&self, s: &mut ShellDashState, r: &mut R) -> Result<(), R::Error> {
        if s.turn >= self.max_turns {
            s.phase = Phase::Over;
            return Ok(());
        }
        let mut up = s.up;
        while up != 0 {
            let i = up.trailing_zeros() as usize;
            up &= up - 1;
            s.discard[s.board[i] as usize] += 1;
            s.board[i] = EMPTY;
        }
        s.up = 0;
        s.discard[FLIPFLOP as usize] += s.spent;
        s.spent = 0;
        let all = (1u32 << (s.rows as u32 * 3)) - 1;
        let mut empty = all & !s.down;
        while empty != 0 {
            let i = empty.trailing_zeros() as usize;
            empty &= empty - 1;
            match self.draw(s, r)? {
                Some(c) => {
                    s.board[i] = c;
                    s.down |= 1 << i;
                }
                None => break,
            }
        }
        s.turn += 1;
        if self.players == 2 {
            s.to_move ^= 1;
        }
        if s.down == 0 {
            // Deck and discard pile are empty and nothing is face-down: every
            // turn left would be the same empty walk. Jump to the cap.
            s.turn = self.max_turns;
            s.phase = Phase::Over;
            return Ok(());
        }
        // Some card is face-down: the new walk stops at the first row holding
        // one (rows before it are crossed), so it cannot complete here.
        let lowest_row = s.down.trailing_zeros() / 3;
        s.row = lowest_row as u8;
        s.phase = Phase::Flip;
        Ok(())
    }

    /// Draw the deck's top card, reshuffling the discard pile into a new deck
    /// if the deck is empty; `None` when both are empty.
    #[inline(always)]
    fn draw<R: Reshuffle>(
        &self,
        s: &mut ShellDashState,
        r: &mut R,
    ) -> Result<Option<u8>, R::Error> {
        if s.top == s.len && !self.reshuffle(s, r)? {
            return Ok(None);
        }
        let c = s.deck[s.top as usize];
        s.top += 1;
        Ok(Some(c))
    }

    /// The deck is empty: shuffle the discard pile into a new deck (false
    /// when the discard pile is empty too).
    #[cold]
    #[inline(never)]
    fn reshuffle<R: Reshuffle>(&self, s: &mut ShellDashState, r: &mut R) -> Result<bool, R::Error> {
        let n: u16 = s.discard.iter().sum();
        if n == 0 {
            return Ok(false);
        }
        let mut k = 0;
        for (code, count) in s.discard.iter_mut().enumerate() {
            for _ in 0..*count {
                s.deck[k] = code as u8;
                k += 1;
            }
            *count = 0;
        }
        let seed = derive(s.chance_seed, s.reshuffles as u64);
        r.reshuffle(&mut s.deck[..k], seed)?;
        s.reshuffles += 1;
        s.top = 0;
        s.len = n;
        Ok(true)
    }

    /// Cards by kind over the whole state (for conservation checks).
    pub fn card_counts(&self, s: &ShellDashState) -> Result<[u16; KINDS], String> {
        let mut counts = s.discard;
        if s.top > s.len || s.len as usize > DECK_CAP {
            return Err(format!("deck bounds top {} len {}", s.top, s.len));
        }
        for &c in &s.deck[s.top as usize..s.len as usize] {
            if c as usize >= KINDS {
                return Err(format!("bad card code {c} in the deck"));
            }
            counts[c as usize] += 1;
        }
        let mut cards = s.down | s.up;
        while cards != 0 {
            let i = cards.trailing_zeros() as usize;
            cards &= cards - 1;
            let c = s.board[i];
            if c as usize >= KINDS {
                return Err(format!("bad card code {c} at place {i}"));
            }
            counts[c as usize] += 1;
        }
        counts[FLIPFLOP as usize] += s.flipflops[0] + s.flipflops[1] + s.spent;
        counts[SHELL as usize] += (s.shells[0] + s.shells[1]) as u16;
        Ok(counts)
    }

    fn winners(&self, s: &ShellDashState) -> SeatSet {
        let mut winners = SeatSet::EMPTY;
        let best = s.shells[..self.players].iter().copied().max().unwrap_or(0);
        if self.players == 1 {
            if best >= WINNING_SHELLS {
                winners.insert(0);
            }
        } else if best >= 1 {
            for p in 0..2 {
                if s.shells[p] == best {
                    winners.insert(p);
                }
            }
        }
        winners
    }

    /// A seat's progress (see the module docs).
    fn progress(&self, s: &ShellDashState, seat: Seat) -> f64 {
        let mut v = s.shells[seat] as f64 + 0.25 * s.flipflops[seat] as f64;
        if s.phase != Phase::Over && s.to_move as usize == seat {
            let mut pending = 0;
            let mut up = s.up;
            while up != 0 {
                let i = up.trailing_zeros() as usize;
                up &= up - 1;
                if s.board[i] == SHELL {
                    pending += 1;
                }
            }
            let rows_left = s.rows.saturating_sub(s.row) as i32;
            v += pending as f64 * 0.5f64.powi(rows_left);
        }
        v
    }
}

/// Unwrap an infallible result.
#[inline]
fn ok(r: Result<(), Infallible>) {
    match r {
        Ok(()) => {}
        Err(e) => match e {},
    }
}

/// Parse `Sand:16,Wave:10,...` (kinds left out count 0).
pub fn parse_deck(text: &str) -> Result<[u16; KINDS], String> {
    let expected = || {
        format!(
            "`Name:count` pairs separated by commas, names among {} (a kind left out has no card)",
            Card::ALL.map(Card::name).join(", ")
        )
    };
    let mut counts = [0u16; KINDS];
    let mut given = [false; KINDS];
    for part in text.split(',') {
        let part = part.trim();
        let Some((name, count)) = part.split_once(':') else {
            return Err(format!("{} (`{part}` has no `:`)", expected()));
        };
        let Some(card) = Card::from_name(name.trim()) else {
            return Err(format!("{} (unknown card `{}`)", expected(), name.trim()));
        };
        if std::mem::replace(&mut given[card as usize], true) {
            return Err(format!("{} (`{}` given twice)", expected(), card.name()));
        }
        counts[card as usize] = match count.trim().parse::<u16>() {
            Ok(n) if n as usize <= DECK_CAP => n,
            _ => {
                return Err(format!(
                    "{} (`{}` is not a count 0 to {DECK_CAP})",
                    expected(),
                    count.trim()
                ));
            }
        };
    }
    Ok(counts)
}

/// `Sand:16,Wave:10,...` for counts by kind.
pub fn deck_text(counts: &[u16; KINDS]) -> String {
    Card::ALL
        .iter()
        .map(|c| format!("{}:{}", c.name(), counts[*c as usize]))
        .collect::<Vec<_>>()
        .join(",")
}

impl Game for ShellDash {
    type State = ShellDashState;
    type Action = ShellDashAction;
    /// At most 3 choices: a column of the row (3 places), or spend/keep (2).
    type Actions = ArrayVec<ShellDashAction, 3>;
    type Observation = ShellDashObservation;

    fn name(&self) -> &'static str {
        "shell-dash"
    }

    fn players(&self) -> usize {
        self.players
    }

    fn new_game(&self, rng: &mut GameRng) -> ShellDashState {
        let mut deck = self.sorted;
        shuffle_pairs(&mut deck[..self.total as usize], rng);
        self.deal(deck)
    }

    #[inline]
    fn to_move(&self, s: &ShellDashState) -> Option<Seat> {
        (s.phase != Phase::Over).then_some(s.to_move as Seat)
    }

    #[inline]
    fn legal_actions(&self, s: &ShellDashState) -> Self::Actions {
        let mut list = ArrayVec::new();
        match s.phase {
            Phase::Flip => {
                let mut m = (s.down >> (s.row as u32 * 3)) & 0b111;
                while m != 0 {
                    list.push(ShellDashAction::Flip(m.trailing_zeros() as u8));
                    m &= m - 1;
                }
            }
            Phase::Jellyfish => {
                list.push(ShellDashAction::FlipFlop(false));
                list.push(ShellDashAction::FlipFlop(true));
            }
            Phase::Over => {}
        }
        list
    }

    #[inline]
    fn play_unchecked(&self, s: &mut ShellDashState, action: ShellDashAction) {
        ok(self.step(s, action, &mut RandomReshuffle));
    }

    #[inline]
    fn random_action(&self, s: &ShellDashState, rng: &mut GameRng) -> ShellDashAction {
        match s.phase {
            Phase::Jellyfish => ShellDashAction::FlipFlop(below(rng, 2) == 1),
            _ => {
                let mut m = (s.down >> (s.row as u32 * 3)) & 0b111;
                let n = m.count_ones();
                if n > 1 {
                    for _ in 0..below(rng, n) {
                        m &= m - 1;
                    }
                }
                ShellDashAction::Flip(m.trailing_zeros() as u8)
            }
        }
    }

    fn outcome(&self, s: &ShellDashState) -> Outcome {
        let scores = if self.players == 1 {
            [s.turn as i32].into_iter().collect()
        } else {
            s.shells.iter().map(|&n| n as i32).collect()
        };
        Outcome {
            scores,
            winners: self.winners(s),
        }
    }

    fn determinize(&self, s: &ShellDashState, _viewer: Seat, rng: &mut GameRng) -> ShellDashState {
        let mut world = *s;
        let mut unseen = [0u8; DECK_CAP];
        let deck = s.top as usize..s.len as usize;
        let d = deck.len();
        unseen[..d].copy_from_slice(&s.deck[deck.clone()]);
        let mut n = d;
        let mut down = s.down;
        while down != 0 {
            let i = down.trailing_zeros() as usize;
            down &= down - 1;
            unseen[n] = s.board[i];
            n += 1;
        }
        // Put the pool in a canonical (sorted) order before shuffling, so the
        // world depends only on what the viewer sees and on the rng: two
        // states the viewer cannot tell apart give the same world for the
        // same rng (the bots' leak test relies on it).
        let mut counts = [0usize; KINDS];
        for &card in &unseen[..n] {
            counts[card as usize] += 1;
        }
        let mut k = 0;
        for (card, &m) in counts.iter().enumerate() {
            unseen[k..k + m].fill(card as u8);
            k += m;
        }
        shuffle_pairs(&mut unseen[..n], rng);
        world.deck[deck].copy_from_slice(&unseen[..d]);
        let mut n = d;
        let mut down = s.down;
        while down != 0 {
            let i = down.trailing_zeros() as usize;
            down &= down - 1;
            world.board[i] = unseen[n];
            n += 1;
        }
        world.chance_seed = rng.next_u64();
        world
    }

    fn observation(&self, s: &ShellDashState, _viewer: Seat) -> ShellDashObservation {
        let mut board = s.board;
        let mut down = s.down;
        while down != 0 {
            let i = down.trailing_zeros() as usize;
            down &= down - 1;
            board[i] = HIDDEN;
        }
        ShellDashObservation {
            board,
            rows: s.rows,
            row: s.row,
            phase: s.phase,
            to_move: s.to_move,
            shells: s.shells,
            flipflops: s.flipflops,
            spent: s.spent,
            turn: s.turn,
            discard: s.discard,
            deck_size: s.len - s.top,
            reshuffles: s.reshuffles,
            last: s.last,
        }
    }

    fn all_actions(&self) -> Vec<ShellDashAction> {
        vec![
            ShellDashAction::Flip(0),
            ShellDashAction::Flip(1),
            ShellDashAction::Flip(2),
            ShellDashAction::FlipFlop(false),
            ShellDashAction::FlipFlop(true),
        ]
    }

    fn parse_action(&self, text: &str) -> Option<ShellDashAction> {
        match text.trim() {
            "flip0" => Some(ShellDashAction::Flip(0)),
            "flip1" => Some(ShellDashAction::Flip(1)),
            "flip2" => Some(ShellDashAction::Flip(2)),
            "spend" => Some(ShellDashAction::FlipFlop(true)),
            "keep" => Some(ShellDashAction::FlipFlop(false)),
            _ => None,
        }
    }

    fn check_invariants(&self, s: &ShellDashState) -> Result<(), String> {
        let counts = self.card_counts(s)?;
        if counts != self.counts {
            return Err(format!(
                "card conservation: the state holds {} but the deck is {}",
                deck_text(&counts),
                deck_text(&self.counts)
            ));
        }
        if !(START_ROWS..=MAX_ROWS).contains(&s.rows) {
            return Err(format!("{} rows", s.rows));
        }
        let all = (1u32 << (s.rows as u32 * 3)) - 1;
        if s.down & s.up != 0 || (s.down | s.up) & !all != 0 {
            return Err(format!(
                "masks down {:#x} up {:#x} with {} rows",
                s.down, s.up, s.rows
            ));
        }
        for i in 0..PLACES {
            let occupied = (s.down | s.up) & (1 << i) != 0;
            if occupied != (s.board[i] != EMPTY) {
                return Err(format!(
                    "place {i} holds code {} but its mask bit says {occupied}",
                    s.board[i]
                ));
            }
        }
        if s.to_move as usize >= self.players {
            return Err(format!("walker {}", s.to_move));
        }
        if self.players == 1 && (s.shells[1] != 0 || s.flipflops[1] != 0) {
            return Err("solo: seat 1 holds cards".into());
        }
        if s.turn == 0 || s.turn > self.max_turns {
            return Err(format!("turn {} of {}", s.turn, self.max_turns));
        }
        let shells_max = s.shells.iter().copied().max().unwrap_or(0);
        match s.phase {
            Phase::Over => {
                if shells_max < WINNING_SHELLS && s.turn != self.max_turns {
                    return Err("over without 3 Shells before the cap".into());
                }
            }
            phase => {
                if shells_max >= WINNING_SHELLS {
                    return Err("a seat holds 3 Shells but the game goes on".into());
                }
                if s.row >= s.rows {
                    return Err(format!("the walker's row {} is off the board", s.row));
                }
                if phase == Phase::Flip && s.down & row_mask(s.row) == 0 {
                    return Err(format!("no face-down card in the walker's row {}", s.row));
                }
                if s.up & !(all & ((1u32 << ((s.row as u32 + 1) * 3)) - 1)) != 0 {
                    return Err("a card is revealed past the walker's row".into());
                }
                if phase == Phase::Jellyfish {
                    if s.flipflops[s.to_move as usize] == 0 {
                        return Err("a Jellyfish decision without a Flip-Flop".into());
                    }
                    let mut up = s.up & row_mask(s.row);
                    let mut jellyfish = false;
                    while up != 0 {
                        jellyfish |= s.board[up.trailing_zeros() as usize] == JELLYFISH;
                        up &= up - 1;
                    }
                    if !jellyfish {
                        return Err(
                            "a Jellyfish decision with no Jellyfish revealed in the row".into()
                        );
                    }
                }
            }
        }
        Ok(())
    }
}

impl Evaluate for ShellDash {
    fn evaluate(&self, s: &ShellDashState, seat: Seat) -> f64 {
        let own = self.progress(s, seat);
        if self.players == 1 {
            own - 0.01 * s.turn as f64
        } else {
            own - self.progress(s, 1 - seat)
        }
    }

    fn final_margin(&self, s: &ShellDashState, seat: Seat) -> f64 {
        if self.players == 1 {
            if s.shells[0] >= WINNING_SHELLS {
                (self.max_turns - s.turn + 1) as f64 / self.max_turns as f64
            } else {
                -1.0
            }
        } else {
            ((s.shells[seat] as f64 - s.shells[1 - seat] as f64) / 3.0).clamp(-1.0, 1.0)
        }
    }
}

impl crate::games::GameKind for ShellDash {
    const NAME: &'static str = "shell-dash";
    const PLAYERS: std::ops::RangeInclusive<usize> = 1..=2;
    const OPTIONS: &'static str = "deck=KIND:N,... (default Sand:16,Wave:10,Flip-Flop:6,Jellyfish:8,Sun:6,Shell:14), max_turns=N (default 200)";

    fn from_spec(spec: &Spec, players: usize) -> Result<Self, SpecError> {
        ShellDash::from_spec(spec, players)
    }

    fn canonical_spec(&self) -> String {
        format!(
            "shell-dash(deck={},max_turns={})",
            deck_text(&self.counts),
            self.max_turns
        )
    }
}
