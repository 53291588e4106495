//! The state, the actions and the small types of Shell Dash.

use std::fmt;

use super::{COLUMNS, DECK_CAP, KINDS, PLACES};

crate::named_enum! {
    /// A card kind; its code (`Card as u8`) is its place in [`Card::ALL`].
    pub enum Card {
        /// Advance.
        Sand = "Sand",
        /// Flip another card of the same row.
        Wave = "Wave",
        /// Kept in hand; spent to pass a Jellyfish.
        FlipFlop = "Flip-Flop",
        /// Ends the turn unless a Flip-Flop is spent.
        Jellyfish = "Jellyfish",
        /// Adds a row (up to 6), then advance.
        Sun = "Sun",
        /// Collected when the walk completes.
        Shell = "Shell",
    }
}

crate::named_enum! {
    /// When the discard pile goes back into the deck (option `reshuffle`).
    pub enum ReshuffleRule {
        /// The player whose turn ends may reshuffle (docs/rules.md, the
        /// default), and an empty deck is reshuffled.
        Choice = "choice",
        /// Only an empty deck is reshuffled.
        Empty = "empty",
    }
}

crate::named_enum! {
    /// How the deck's orders are drawn (option `deal`): no rule and no
    /// distribution changes, only which deals different decks share.
    pub enum DealRule {
        /// The plain shuffle (the default): each deck's own Fisher-Yates.
        Plain = "plain",
        /// The coupled shuffle: card `(kind, copy)` sorted by a key drawn
        /// from `(seed, kind, copy)`, so decks that differ by a few cards
        /// share the order of all the others.
        Coupled = "coupled",
    }
}

pub(crate) const WAVE: u8 = Card::Wave as u8;
pub(crate) const FLIPFLOP: u8 = Card::FlipFlop as u8;
pub(crate) const JELLYFISH: u8 = Card::Jellyfish as u8;
pub(crate) const SUN: u8 = Card::Sun as u8;
pub(crate) const SHELL: u8 = Card::Shell as u8;

/// The places of row `row` as a bit mask.
#[inline]
pub(crate) const fn row_mask(row: u8) -> u32 {
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
    /// The turn has ended (its cards discarded, before the refill) and both
    /// the discard pile and the deck hold cards: the player whose turn ends
    /// decides whether to reshuffle them together (`reshuffle=choice`).
    Shuffle = 3,
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
    /// At the end of a turn: shuffle the discard pile and the deck together
    /// into a new deck (`true`, text `shuffle`) or not (`false`, text
    /// `noshuffle`).
    Shuffle(bool),
}

impl ShellDashAction {
    /// Every action, in [`Ord`] order.
    pub const ALL: [ShellDashAction; 7] = [
        ShellDashAction::Flip(0),
        ShellDashAction::Flip(1),
        ShellDashAction::Flip(2),
        ShellDashAction::FlipFlop(false),
        ShellDashAction::FlipFlop(true),
        ShellDashAction::Shuffle(false),
        ShellDashAction::Shuffle(true),
    ];
}

impl fmt::Display for ShellDashAction {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ShellDashAction::Flip(c) => write!(f, "flip{c}"),
            ShellDashAction::FlipFlop(true) => f.write_str("spend"),
            ShellDashAction::FlipFlop(false) => f.write_str("keep"),
            ShellDashAction::Shuffle(true) => f.write_str("shuffle"),
            ShellDashAction::Shuffle(false) => f.write_str("noshuffle"),
        }
    }
}

/// A Shell Dash state (fixed size, `Copy`, no heap).
///
/// Card codes are `Card as u8`; the board holds [`EMPTY`](super::EMPTY)
/// where no card lies. Card conservation: the deck's `top..len`, the board,
/// the discard pile, the Flip-Flops held and spent and the Shells collected
/// (held minus the compensation) together make up exactly the cards in
/// play ([`ShellDash::cards_in_play`](super::ShellDash::cards_in_play): the
/// configured deck plus the starting Flip-Flops). `deck` outside `top..len`
/// holds cards already drawn (history, not part of the position).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ShellDashState {
    /// Card code by place (`row * 3 + column`), or [`EMPTY`](super::EMPTY)
    /// (in an observation, face-down cards are [`HIDDEN`](super::HIDDEN)).
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
    /// The walker (seat to move; in [`Phase::Shuffle`], the player whose
    /// turn ends).
    pub to_move: u8,
    /// Shells held, by seat (collected, plus the seat's compensation).
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
    /// Reshuffles so far (forced and voluntary).
    pub reshuffles: u32,
    /// The card flipped last, by anyone (`EMPTY` before the first flip).
    pub last: u8,
    /// Seed of future reshuffles (hidden; see the module docs; 0 in an
    /// observation).
    pub chance_seed: u64,
    /// Deck storage (card codes; all 0 in an observation).
    pub deck: [u8; DECK_CAP],
}

/// What a seat sees of a state: the state itself with its hidden parts
/// masked (face-down cards as [`HIDDEN`](super::HIDDEN), the deck storage
/// and the reshuffle seed zeroed), so no field can be forgotten. Both seats
/// see the same.
pub type ShellDashObservation = ShellDashState;

impl ShellDashState {
    /// Cards left in the deck.
    #[inline]
    pub fn deck_size(&self) -> usize {
        (self.len - self.top) as usize
    }

    /// Cards in the discard pile.
    #[inline]
    pub fn discard_size(&self) -> usize {
        self.discard.iter().map(|&n| n as usize).sum()
    }

    /// The card at `row`, `column`: `None` if the place is empty (or, in an
    /// observation, face-down and so unknown), else the card and whether it
    /// is face-down.
    pub fn place(&self, row: usize, column: usize) -> Option<(Card, bool)> {
        if column >= COLUMNS {
            return None;
        }
        let i = row * COLUMNS + column;
        let card = Card::from_code(*self.board.get(i)?)?;
        Some((card, self.down & (1 << i) != 0))
    }
}

/// A hand-built position for [`ShellDash::position`](super::ShellDash::position):
/// the walker at the start of a turn (before row 0).
#[derive(Clone, Debug, Default)]
pub struct Position {
    /// Face-down cards by row (3 to 6 rows; `None` = empty place).
    pub rows: Vec<[Option<Card>; 3]>,
    /// The deck, top first.
    pub deck: Vec<Card>,
    /// The discard pile.
    pub discard: Vec<Card>,
    /// Shells held by seat (with option `compensation`, the seat's
    /// compensation included: at least it).
    pub shells: [u8; 2],
    /// Flip-Flops held by seat (the cards in play, deck plus option
    /// `start_flipflops`, must all be in the position).
    pub flipflops: [u16; 2],
    /// The walker.
    pub to_move: usize,
    /// The turn number (from 1).
    pub turn: u32,
    /// Reshuffle seed.
    pub chance_seed: u64,
}
