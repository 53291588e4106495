//! The Seashells state, its actions and the small types and constants they
//! are built from (item codes, masks, the Bucket's lines). See the module
//! docs of [`super`] for the layout.

use std::fmt;

use crate::game::MAX_SEATS;

crate::named_enum! {
    /// A shell's shape, in towel order (code = shape number).
    pub enum Shape {
        /// Scallop (0).
        Scallop = "Scallop",
        /// Conch (1).
        Conch = "Conch",
        /// Whelk (2).
        Whelk = "Whelk",
        /// Cowrie (3).
        Cowrie = "Cowrie",
        /// Oyster (4).
        Oyster = "Oyster",
        /// Starfish (5).
        Starfish = "Starfish",
        /// Nautilus (6; the rulebook's seventh shape, see docs/rules.md).
        Nautilus = "Nautilus",
    }
}

crate::named_enum! {
    /// A shell's colour, in towel order (code = colour number).
    pub enum Colour {
        /// Yellow (0).
        Yellow = "Yellow",
        /// Blue (1).
        Blue = "Blue",
        /// Green (2).
        Green = "Green",
        /// Orange (3).
        Orange = "Orange",
        /// Pink (4).
        Pink = "Pink",
        /// White (5).
        White = "White",
        /// Violet (6).
        Violet = "Violet",
    }
}

/// Shape names, in towel order (index = shape number).
pub const SHAPES: [&str; 7] = Shape::NAMES;
/// Colour names, in towel order (index = colour number).
pub const COLOURS: [&str; 7] = Colour::NAMES;

/// Number of squares (board) or ring positions (stroll).
pub const SQUARES: usize = 64;
/// First fossil head id.
pub const FOSSIL_HEAD: u8 = 49;
/// First fossil tail id.
pub const FOSSIL_TAIL: u8 = 52;
/// First sand dollar id.
pub const SAND_DOLLAR: u8 = 55;
/// First bottle id.
pub const BOTTLE: u8 = 60;
/// Shovels at the start of a stroll.
pub const SHOVELS: u8 = 3;

pub(super) const ALL_SHELLS: u64 = (1 << 49) - 1;

/// Fossil heads counted in a `got` value.
#[inline(always)]
pub const fn heads_of(got: u64) -> u32 {
    ((got >> FOSSIL_HEAD) & 7) as u32
}
/// Fossil tails counted in a `got` value.
#[inline(always)]
pub const fn tails_of(got: u64) -> u32 {
    ((got >> FOSSIL_TAIL) & 7) as u32
}
/// Sand dollars counted in a `got` value.
#[inline(always)]
pub const fn sand_dollars_of(got: u64) -> u32 {
    ((got >> SAND_DOLLAR) & 31) as u32
}
/// Bottles counted in a `got` value: collected ones and those held at
/// setup (the `start_bottles` lever), spent or not.
#[inline(always)]
pub const fn bottles_of(got: u64) -> u32 {
    (got >> BOTTLE) as u32
}
/// Fossil pairs in a `got` value.
#[inline(always)]
pub const fn pairs_of(got: u64) -> u32 {
    let (h, t) = (heads_of(got), tails_of(got));
    if h < t { h } else { t }
}
/// How many items of each code the game holds.
pub const fn copies(code: u8) -> u32 {
    match code {
        0..=48 => 1,
        FOSSIL_HEAD | FOSSIL_TAIL => 3,
        SAND_DOLLAR => 5,
        BOTTLE => 4,
        _ => 0,
    }
}
/// The 64 item codes of the game (shells first).
pub const ALL_ITEMS: [u8; SQUARES] = {
    let mut items = [0u8; SQUARES];
    let mut i = 0;
    while i < 49 {
        items[i] = i as u8;
        i += 1;
    }
    while i < 52 {
        items[i] = FOSSIL_HEAD;
        i += 1;
    }
    while i < 55 {
        items[i] = FOSSIL_TAIL;
        i += 1;
    }
    while i < 60 {
        items[i] = SAND_DOLLAR;
        i += 1;
    }
    while i < 64 {
        items[i] = BOTTLE;
        i += 1;
    }
    items
};
pub(super) const ALL_CARDS: u8 = 0x7F;

/// Item-id mask of the shells of each shape.
pub const SHAPE_MASK: [u64; 7] = {
    let mut m = [0u64; 7];
    let mut k = 0;
    while k < 7 {
        m[k] = 0x7F << (7 * k);
        k += 1;
    }
    m
};

/// Item-id mask of the shells of each colour.
pub const COLOUR_MASK: [u64; 7] = {
    let mut m = [0u64; 7];
    let mut c = 0;
    while c < 7 {
        let mut k = 0;
        while k < 7 {
            m[c] |= 1 << (7 * k + c);
            k += 1;
        }
        c += 1;
    }
    m
};

/// The Bucket's row and column (the square itself included) by square.
pub const LINE: [u64; 64] = {
    let mut m = [0u64; 64];
    let mut sq = 0;
    while sq < 64 {
        let (row, col) = (sq / 8, sq % 8);
        m[sq] = (0xFFu64 << (8 * row)) | (0x0101_0101_0101_0101u64 << col);
        sq += 1;
    }
    m
};

/// One of the 64 items, as written in records.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Item {
    /// A shell of a shape (`0..7`, see [`SHAPES`]) and a colour (`0..7`, see
    /// [`COLOURS`]).
    Shell {
        /// Shape number.
        shape: u8,
        /// Colour number.
        colour: u8,
    },
    /// A fossil head (3 in the game).
    FossilHead,
    /// A fossil tail (3 in the game).
    FossilTail,
    /// A sand dollar (5 in the game).
    SandDollar,
    /// A bottle (4 in the game).
    Bottle,
}

impl Item {
    /// The item with code `code` (see the module docs).
    pub fn from_code(code: u8) -> Item {
        match code {
            0..=48 => Item::Shell {
                shape: code / 7,
                colour: code % 7,
            },
            49..=51 => Item::FossilHead,
            52..=54 => Item::FossilTail,
            55..=59 => Item::SandDollar,
            _ => Item::Bottle,
        }
    }

    /// The item's code (see the module docs).
    pub fn code(self) -> u8 {
        match self {
            Item::Shell { shape, colour } => shape * 7 + colour,
            Item::FossilHead => FOSSIL_HEAD,
            Item::FossilTail => FOSSIL_TAIL,
            Item::SandDollar => SAND_DOLLAR,
            Item::Bottle => BOTTLE,
        }
    }

    /// A short label for boards: `ScY` (Scallop Yellow), `FH`, `FT`, `$`, `Bo`.
    pub fn label(self) -> String {
        const SHAPE_CODES: [&str; 7] = ["Sc", "Co", "Wh", "Cw", "Oy", "St", "Na"];
        match self {
            Item::Shell { shape, colour } => {
                format!(
                    "{}{}",
                    SHAPE_CODES[shape as usize],
                    &COLOURS[colour as usize][..1]
                )
            }
            Item::FossilHead => "FH".into(),
            Item::FossilTail => "FT".into(),
            Item::SandDollar => "$".into(),
            Item::Bottle => "Bo".into(),
        }
    }
}

/// The item's readable name: `Scallop/Yellow`, `Fossil head`, `Fossil tail`,
/// `Sand dollar`, `Bottle`.
impl fmt::Display for Item {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Item::Shell { shape, colour } => write!(
                f,
                "{}/{}",
                SHAPES[shape as usize % 7],
                COLOURS[colour as usize % 7]
            ),
            Item::FossilHead => f.write_str("Fossil head"),
            Item::FossilTail => f.write_str("Fossil tail"),
            Item::SandDollar => f.write_str("Sand dollar"),
            Item::Bottle => f.write_str("Bottle"),
        }
    }
}

/// A board square in readable form: the column's letter `a`..`h` (column 0
/// to 7, left to right) then the row's number `1`..`8` (row 0, the top, is
/// 1). Square 27 (row 3, column 3) is `d4`; square 0 is `a1`, square 63 `h8`.
pub fn square_name(square: u8) -> String {
    let (row, col) = (square / 8 % 8, square % 8);
    format!("{}{}", (b'a' + col) as char, row + 1)
}

/// A full Seashells state (`Copy`, no heap). See the module docs for the
/// layout. Fields are public so that tests and tools can build positions;
/// [`Game::check_invariants`](crate::game::Game::check_invariants) says
/// whether one is consistent.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct SeashellsState {
    /// Item code on each square / ring position as dealt (meaningful where
    /// `occ` has the bit; the Bucket's starting square holds the Sun's code).
    pub items: [u8; SQUARES],
    /// Squares / positions that still hold their item.
    pub occ: u64,
    /// What each seat has collected: shell bits and item counters (see the
    /// module docs).
    pub got: [u64; MAX_SEATS],
    /// Bottles each seat has spent.
    pub spent: [u8; MAX_SEATS],
    /// Secret shape cards of each seat (bit = shape number).
    pub shape_cards: [u8; MAX_SEATS],
    /// Secret colour cards of each seat (bit = colour number).
    pub colour_cards: [u8; MAX_SEATS],
    /// The Sun shell's code (`shape * 7 + colour`).
    pub sun: u8,
    /// The Bucket's starting square (stroll: the shovel point).
    pub start: u8,
    /// The Bucket's square / position.
    pub bucket: u8,
    /// Shovels left (stroll mode; stays 3 in board mode).
    pub shovels: u8,
    /// Seat to move (or that moved last, once over).
    pub turn: u8,
    /// Whether the game has ended.
    pub over: bool,
}

/// A Seashells decision: what to collect, and whether to spend a bottle
/// (one held when the turn began) for an extra turn.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum SeashellsAction {
    /// Board mode: take the item on `square` (in the Bucket's row or column).
    Take {
        /// The square, `row * 8 + col`.
        square: u8,
        /// Spend a bottle at the end of the turn.
        bottle: bool,
    },
    /// Stroll mode: move the Bucket `steps` items clockwise (`1..=4`).
    Step {
        /// Items to move past, the last one collected.
        steps: u8,
        /// Spend a bottle at the end of the turn.
        bottle: bool,
    },
}

impl SeashellsAction {
    /// Whether the action spends a bottle.
    #[inline]
    pub fn bottle(self) -> bool {
        match self {
            SeashellsAction::Take { bottle, .. } | SeashellsAction::Step { bottle, .. } => bottle,
        }
    }
}

impl fmt::Display for SeashellsAction {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let b = if self.bottle() { "+b" } else { "" };
        match *self {
            SeashellsAction::Take { square, .. } => write!(f, "{square}{b}"),
            SeashellsAction::Step { steps, .. } => write!(f, "s{steps}{b}"),
        }
    }
}

/// The index of the `k`-th (from 0) set bit of `m`, for `k < 4` (64 when
/// `m` has `k` set bits or fewer). Branch-free: the stroll's step is random.
#[inline(always)]
pub fn kth_set_bit(m: u64, k: u32) -> u32 {
    let m1 = m & m.wrapping_sub(1);
    let m2 = m1 & m1.wrapping_sub(1);
    let m3 = m2 & m2.wrapping_sub(1);
    [m, m1, m2, m3][k as usize & 3].trailing_zeros()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn masks_partition_the_shells() {
        let shapes = SHAPE_MASK.iter().fold(0, |a, m| a | m);
        let colours = COLOUR_MASK.iter().fold(0, |a, m| a | m);
        assert_eq!(shapes, ALL_SHELLS);
        assert_eq!(colours, ALL_SHELLS);
        assert_eq!((0..64).map(copies).sum::<u32>(), 64);
        let mut got = 0u64;
        for code in ALL_ITEMS {
            got += 1 << code;
        }
        assert_eq!(got & ALL_SHELLS, ALL_SHELLS);
        assert_eq!(
            (
                heads_of(got),
                tails_of(got),
                sand_dollars_of(got),
                bottles_of(got)
            ),
            (3, 3, 5, 4)
        );
        assert_eq!(LINE[27].count_ones(), 15);
        assert_eq!(kth_set_bit(0b1011_0000, 2), 7);
        assert_eq!(kth_set_bit(0b1011_0000, 0), 4);
        assert_eq!(kth_set_bit(u64::MAX << 60, 3), 63);
        assert_eq!(kth_set_bit(0b11, 2), 64);
        // The state stays small and `Copy`.
        fn is_copy<T: Copy>() {}
        is_copy::<SeashellsState>();
        assert_eq!(std::mem::size_of::<SeashellsState>(), 136);
    }
}
