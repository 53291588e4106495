//! Seashells (Bruno Faidutti), 2 to 5 players, as in RULES.md §1.
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
//! loop. The random-playout fast path ([`Game::random_action`]) builds no
//! list: it takes the Bucket's row as a byte of `occ`, gathers its column
//! into a byte with one multiplication, and picks the k-th item with
//! 256-entry popcount and select tables (no POPCNT or BMI2 needed, and the
//! same pick on every target). Stroll mode uses the same bitboard as a ring:
//! rotating `occ` so that the position after the Bucket is bit 0 turns "the
//! k-th item clockwise" into "the k-th set bit".
//!
//! # Actions
//! [`SeashellsAction::Take`] (board: the square taken, `0..=63`) and
//! [`SeashellsAction::Step`] (stroll: `1..=4` items clockwise), each with
//! the decision to spend a bottle at the end of the turn. Text form: `27`,
//! `27+b` (board), `s3`, `s3+b` (stroll).
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
//! # Determinization
//! The only hidden things are the opponents' secret cards. A world keeps
//! the viewer's cards and deals every opponent the same number of shape and
//! colour cards as they really hold, from the shape (colour) cards the viewer
//! has not seen: the six that are not the Sun's, minus the viewer's own.
//!
//! # Evaluation ([`Evaluate`])
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

mod fast;
mod record;

use std::fmt;

use arrayvec::ArrayVec;

use crate::game::{Evaluate, Game, MAX_SEATS, Outcome, Seat, SeatSet};
use crate::rng::{GameRng, below, shuffle, shuffle_pairs};
use crate::spec::{Spec, SpecError};

pub use record::ScoreBreakdown;

/// Shape names, in towel order (index = shape number).
pub const SHAPES: [&str; 7] = [
    "Scallop", "Conch", "Whelk", "Cowrie", "Oyster", "Starfish", "Nautilus",
];
/// Colour names, in towel order (index = colour number).
pub const COLOURS: [&str; 7] = [
    "Yellow", "Blue", "Green", "Orange", "Pink", "White", "Violet",
];

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

const ALL_SHELLS: u64 = (1 << 49) - 1;

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
/// Bottles collected (spent or not) counted in a `got` value.
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
const ALL_CARDS: u8 = 0x7F;

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

/// Board or stroll (boardless) play.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Mode {
    /// The 8x8 beach: take any item in the Bucket's row or column.
    Board,
    /// The ring: move the Bucket 1 to 4 items clockwise.
    Stroll,
}

/// Simple or advanced scoring of shapes and colours.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Scoring {
    /// Every player with the highest count earns 3.
    Simple,
    /// A single leader earns 3 and the tied seconds 1 each; tied leaders
    /// earn 1 each and nobody earns for second.
    Advanced,
}

impl Mode {
    /// The option's word (`board`, `stroll`).
    pub fn word(self) -> &'static str {
        match self {
            Mode::Board => "board",
            Mode::Stroll => "stroll",
        }
    }
}

impl Scoring {
    /// The option's word (`simple`, `advanced`).
    pub fn word(self) -> &'static str {
        match self {
            Scoring::Simple => "simple",
            Scoring::Advanced => "advanced",
        }
    }
}

/// The Seashells rules for a player count, a mode and a scoring.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Seashells {
    players: usize,
    mode: Mode,
    scoring: Scoring,
}

/// A full Seashells state (`Copy`, no heap). See the module docs for the
/// layout. Fields are public so that tests and tools can build positions;
/// [`Game::check_invariants`] says whether one is consistent.
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

/// Coins of one category (a shape or a colour) given every player's count,
/// added into `coins`. Zero counts never score.
#[inline]
fn score_category<T: Copy + PartialOrd + Default>(
    counts: &[T],
    scoring: Scoring,
    coins: &mut [i32],
) {
    let zero = T::default();
    let mut best = zero;
    let mut leaders = 0;
    for &c in counts {
        if c > best {
            best = c;
            leaders = 1;
        } else if c == best && c > zero {
            leaders += 1;
        }
    }
    if leaders == 0 {
        return;
    }
    match scoring {
        Scoring::Simple => {
            for (p, &c) in counts.iter().enumerate() {
                if c == best {
                    coins[p] += 3;
                }
            }
        }
        Scoring::Advanced if leaders > 1 => {
            for (p, &c) in counts.iter().enumerate() {
                if c == best {
                    coins[p] += 1;
                }
            }
        }
        Scoring::Advanced => {
            let mut second = zero;
            for &c in counts {
                if c < best && c > second {
                    second = c;
                }
            }
            for (p, &c) in counts.iter().enumerate() {
                if c == best {
                    coins[p] += 3;
                } else if c == second && c > zero {
                    coins[p] += 1;
                }
            }
        }
    }
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
        })
    }

    /// Build from a parsed spec (`seashells(mode=board|stroll,scoring=simple|advanced)`).
    pub fn from_spec(spec: &Spec, players: usize) -> Result<Seashells, SpecError> {
        spec.check_keys(&["mode", "scoring"])?;
        let mode = [Mode::Board, Mode::Stroll][spec.choice("mode", &["board", "stroll"], 0)?];
        let scoring = [Scoring::Simple, Scoring::Advanced]
            [spec.choice("scoring", &["simple", "advanced"], 0)?];
        Seashells::new(players, mode, scoring)
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

    /// A state from an explicit deal: `items[i]` the item on square / ring
    /// position `i` (`None` on exactly one place, the Bucket's), the Sun
    /// shell and each seat's cards (shape and colour masks). Checks that the
    /// deal is a legal Seashells setup.
    pub fn setup_state(
        &self,
        items: &[Option<Item>; SQUARES],
        sun: (u8, u8),
        cards: &[(u8, u8)],
    ) -> Result<SeashellsState, String> {
        let (sun_shape, sun_colour) = sun;
        if sun_shape > 6 || sun_colour > 6 {
            return Err("the Sun shell's shape and colour are 0..7".into());
        }
        let sun_id = sun_shape * 7 + sun_colour;
        let mut s = SeashellsState {
            items: [0; SQUARES],
            occ: 0,
            got: [0; MAX_SEATS],
            spent: [0; MAX_SEATS],
            shape_cards: [0; MAX_SEATS],
            colour_cards: [0; MAX_SEATS],
            sun: sun_id,
            start: 0,
            bucket: 0,
            shovels: SHOVELS,
            turn: 0,
            over: false,
        };
        let mut seen = [0u32; SQUARES];
        seen[sun_id as usize] = 1;
        let mut bucket = None;
        for (sq, item) in items.iter().enumerate() {
            let code = match *item {
                None => {
                    if bucket.replace(sq).is_some() {
                        return Err("more than one empty place".into());
                    }
                    s.items[sq] = sun_id;
                    continue;
                }
                Some(Item::Shell { shape, colour }) if shape >= 7 || colour >= 7 => {
                    return Err(format!("place {sq}: bad shell"));
                }
                Some(item) => item.code(),
            };
            seen[code as usize] += 1;
            if seen[code as usize] > copies(code) {
                let what = if code == sun_id {
                    " (the Sun shell)"
                } else {
                    ""
                };
                return Err(format!(
                    "place {sq}: one {}{what} too many",
                    Item::from_code(code).label()
                ));
            }
            s.items[sq] = code;
            s.occ |= 1 << sq;
        }
        let Some(bucket) = bucket else {
            return Err("no empty place for the Bucket".into());
        };
        s.start = bucket as u8;
        s.bucket = bucket as u8;
        if cards.len() != self.players {
            return Err(format!(
                "{} hands of cards for {} players",
                cards.len(),
                self.players
            ));
        }
        for (p, &(shapes, colours)) in cards.iter().enumerate() {
            s.shape_cards[p] = shapes;
            s.colour_cards[p] = colours;
        }
        self.check_invariants(&s)?;
        Ok(s)
    }

    #[inline(always)]
    fn can_spend(&self, s: &SeashellsState) -> bool {
        let p = s.turn as usize;
        bottles_of(s.got[p]) > s.spent[p] as u32
    }

    /// Bottles `seat` holds and may still spend.
    pub fn bottles_held(&self, s: &SeashellsState, seat: Seat) -> u32 {
        bottles_of(s.got[seat]) - s.spent[seat] as u32
    }

    /// Items left on the board / ring.
    pub fn items_left(&self, s: &SeashellsState) -> u32 {
        s.occ.count_ones()
    }

    /// The items the Bucket may take now (board mode): its row and column.
    #[inline(always)]
    pub fn reachable(&self, s: &SeashellsState) -> u64 {
        LINE[s.bucket as usize] & s.occ
    }

    /// Stroll mode: the ring distance from the Bucket to the `k`-th item
    /// clockwise (`1 <= k <= items left`).
    #[inline(always)]
    fn stroll_distance(s: &SeashellsState, k: u32) -> u32 {
        let from_next = s.occ.rotate_right((s.bucket as u32 + 1) & 63);
        kth_set_bit(from_next, k - 1) + 1
    }

    /// Stroll mode: whether moving `distance` places from the Bucket passes
    /// the shovel point (leaving it, on the first turn, is not a pass).
    #[inline(always)]
    fn passes_point(s: &SeashellsState, distance: u32) -> bool {
        s.bucket != s.start && ((s.start.wrapping_sub(s.bucket) & 63) as u32) < distance
    }

    /// Collect the item at `to` for the seat to move, then end the turn.
    #[inline(always)]
    fn collect_and_end(&self, s: &mut SeashellsState, to: u32, bottle: bool) {
        let p = s.turn as usize;
        s.got[p] += 1u64 << s.items[to as usize];
        s.occ &= !(1u64 << to);
        s.bucket = to as u8;
        // Branch-free: the bottle decision is a coin flip in random play.
        s.spent[p] += bottle as u8;
        let next = s.turn + 1;
        let next = if next as usize == self.players {
            0
        } else {
            next
        };
        s.turn = if bottle { s.turn } else { next };
    }

    /// Per-seat count of each shape (`0..7`) then each colour (`7..14`),
    /// secret cards included.
    pub fn counts(&self, s: &SeashellsState, seat: Seat) -> [u8; 14] {
        let lanes = fast::lanes(s.got[seat], s.shape_cards[seat], s.colour_cards[seat]);
        let mut c = [0u8; 14];
        c[..7].copy_from_slice(&lanes[..7]);
        c[7..].copy_from_slice(&lanes[8..15]);
        c
    }

    #[inline]
    fn all_lanes(&self, s: &SeashellsState) -> [fast::Lanes; MAX_SEATS] {
        let mut lanes = [[0u8; 16]; MAX_SEATS];
        for (p, l) in lanes.iter_mut().enumerate().take(self.players) {
            *l = fast::lanes(s.got[p], s.shape_cards[p], s.colour_cards[p]);
        }
        lanes
    }

    #[inline]
    fn coins_from(&self, s: &SeashellsState, lanes: &[fast::Lanes; MAX_SEATS]) -> [i32; MAX_SEATS] {
        let mut coins = fast::lane_coins(lanes, self.players, self.scoring);
        for (p, c) in coins.iter_mut().enumerate().take(self.players) {
            let got = s.got[p];
            *c += 3 * pairs_of(got) as i32 + sand_dollars_of(got) as i32;
        }
        coins
    }

    /// Coins of every seat if the game ended now (true cards).
    pub fn coins(&self, s: &SeashellsState) -> [i32; MAX_SEATS] {
        self.coins_from(s, &self.all_lanes(s))
    }

    /// The Sun tie-break value of `seat`: its count of the Sun shell's shape
    /// plus its count of the Sun shell's colour (secret cards included).
    pub fn sun_count(&self, s: &SeashellsState, seat: Seat) -> u32 {
        let (shape, colour) = ((s.sun / 7) as usize, (s.sun % 7) as usize);
        (s.got[seat] & SHAPE_MASK[shape]).count_ones()
            + (s.got[seat] & COLOUR_MASK[colour]).count_ones()
            + (s.shape_cards[seat] >> shape & 1) as u32
            + (s.colour_cards[seat] >> colour & 1) as u32
    }

    fn winners(
        &self,
        s: &SeashellsState,
        lanes: &[fast::Lanes; MAX_SEATS],
        coins: &[i32],
    ) -> SeatSet {
        let best = coins.iter().copied().max().unwrap_or(0);
        let (shape, colour) = ((s.sun / 7) as usize, (s.sun % 7) as usize);
        let mut top = 0;
        let mut winners = SeatSet::EMPTY;
        for (p, &c) in coins.iter().enumerate() {
            if c != best {
                continue;
            }
            let sun = lanes[p][shape] as u32 + lanes[p][8 + colour] as u32;
            if winners.is_empty() || sun > top {
                winners = SeatSet::single(p);
                top = sun;
            } else if sun == top {
                winners.insert(p);
            }
        }
        winners
    }

    /// Expected coins of every seat if the game ended now, as seen by
    /// `viewer`: the viewer's cards are known; each card the viewer has not
    /// seen lies with a given opponent with probability (cards that
    /// opponent holds) / (cards unseen), or with nobody. A category's coins
    /// depend only on where its own card lies, so the expectation is exact:
    /// the 14 categories are scored (in byte lanes) once with the unseen
    /// cards nowhere, then once per opponent with that opponent holding all
    /// of them, and each category's cases are weighted by their probability.
    pub fn expected_coins(&self, s: &SeashellsState, viewer: Seat) -> [f64; MAX_SEATS] {
        let n = self.players;
        let mut base = [[0u8; 16]; MAX_SEATS];
        for (p, l) in base.iter_mut().enumerate().take(n) {
            let (sh, co) = if p == viewer {
                (s.shape_cards[p], s.colour_cards[p])
            } else {
                (0, 0)
            };
            *l = fast::lanes(s.got[p], sh, co);
        }
        let unseen_shapes = ALL_CARDS & !(1 << (s.sun / 7)) & !s.shape_cards[viewer];
        let unseen_colours = ALL_CARDS & !(1 << (s.sun % 7)) & !s.colour_cards[viewer];
        let unseen = fast::card_lanes(unseen_shapes, unseen_colours);
        // Shapes and colours have as many unseen cards (6 - the viewer's).
        let p_each = self.cards_per_player() as f64 / unseen_shapes.count_ones().max(1) as f64;
        let p_none = 1.0 - p_each * (n - 1) as f64;
        let mut expected = [0.0f64; MAX_SEATS];
        let nowhere = fast::lane_coin_table(&base, n, self.scoring);
        for (e, t) in expected.iter_mut().zip(&nowhere).take(n) {
            let (mut seen, mut maybe) = (0u32, 0u32);
            for i in 0..16 {
                if unseen[i] != 0 {
                    maybe += t[i] as u32;
                } else {
                    seen += t[i] as u32;
                }
            }
            *e = seen as f64 + p_none * maybe as f64;
        }
        for q in (0..n).filter(|&q| q != viewer) {
            let mut with = base;
            for i in 0..16 {
                with[q][i] += unseen[i];
            }
            let table = fast::lane_coin_table(&with, n, self.scoring);
            for (e, t) in expected.iter_mut().zip(&table).take(n) {
                let mut maybe = 0u32;
                for i in 0..16 {
                    maybe += (t[i] * unseen[i]) as u32;
                }
                *e += p_each * maybe as f64;
            }
        }
        for (p, e) in expected.iter_mut().enumerate().take(n) {
            *e += (3 * pairs_of(s.got[p]) + sand_dollars_of(s.got[p])) as f64;
        }
        expected
    }

    /// Deal `cards` (a mask) to every seat but `viewer`, each getting as many
    /// as `held[seat]` has bits; writes the new hands into `held`.
    fn redeal(&self, held: &mut [u8; MAX_SEATS], unseen: u8, viewer: Seat, rng: &mut GameRng) {
        let mut pool: ArrayVec<u8, 7> = ArrayVec::new();
        let mut m = unseen;
        while m != 0 {
            pool.push(m.trailing_zeros() as u8);
            m &= m - 1;
        }
        shuffle(&mut pool, rng);
        let mut next = 0;
        for (p, hand) in held.iter_mut().enumerate().take(self.players) {
            if p == viewer {
                continue;
            }
            let n = hand.count_ones() as usize;
            let mut new = 0u8;
            for &card in &pool[next..next + n] {
                new |= 1 << card;
            }
            next += n;
            *hand = new;
        }
    }
}

impl Game for Seashells {
    type State = SeashellsState;
    type Action = SeashellsAction;
    /// Board mode: at most 7 squares in the Bucket's row and 7 in its column,
    /// each with and without a bottle: 28. Stroll mode needs 8.
    type Actions = ArrayVec<SeashellsAction, 28>;
    /// The state with every other seat's secret cards erased.
    type Observation = SeashellsState;

    fn name(&self) -> &'static str {
        "seashells"
    }

    fn players(&self) -> usize {
        self.players
    }

    fn new_game(&self, rng: &mut GameRng) -> SeashellsState {
        // Cards: partial Fisher-Yates over the 7 shapes and the 7 colours;
        // the first of each goes to the Sun, the next to the seats in order.
        let per = self.cards_per_player() as usize;
        let dealt = 1 + per * self.players;
        let mut shapes: [u8; 7] = [0, 1, 2, 3, 4, 5, 6];
        let mut colours: [u8; 7] = [0, 1, 2, 3, 4, 5, 6];
        fast::deal_two_decks(&mut shapes, &mut colours, dealt, rng);
        let sun = shapes[0] * 7 + colours[0];
        let mut shape_cards = [0u8; MAX_SEATS];
        let mut colour_cards = [0u8; MAX_SEATS];
        for p in 0..self.players {
            for c in 0..per {
                shape_cards[p] |= 1 << shapes[1 + p * per + c];
                colour_cards[p] |= 1 << colours[1 + p * per + c];
            }
        }
        // Items: the 63 that are not the Sun shell in a random order on
        // places 0..63, then the Bucket on a uniform place whose item moves
        // to place 63.
        let mut items = ALL_ITEMS;
        items.swap(sun as usize, 63);
        shuffle_pairs(&mut items[..63], rng);
        let bucket = below(rng, 64) as usize;
        items[63] = items[bucket];
        items[bucket] = sun;
        SeashellsState {
            items,
            occ: !(1u64 << bucket),
            got: [0; MAX_SEATS],
            spent: [0; MAX_SEATS],
            shape_cards,
            colour_cards,
            sun,
            start: bucket as u8,
            bucket: bucket as u8,
            shovels: SHOVELS,
            turn: 0,
            over: false,
        }
    }

    #[inline(always)]
    fn to_move(&self, s: &SeashellsState) -> Option<Seat> {
        if s.over { None } else { Some(s.turn as Seat) }
    }

    fn legal_actions(&self, s: &SeashellsState) -> Self::Actions {
        let mut list = ArrayVec::new();
        if s.over {
            return list;
        }
        let spend = self.can_spend(s);
        match self.mode {
            Mode::Board => {
                let mut m = self.reachable(s);
                while m != 0 {
                    let square = m.trailing_zeros() as u8;
                    list.push(SeashellsAction::Take {
                        square,
                        bottle: false,
                    });
                    if spend {
                        list.push(SeashellsAction::Take {
                            square,
                            bottle: true,
                        });
                    }
                    m &= m - 1;
                }
            }
            Mode::Stroll => {
                let left = s.occ.count_ones().min(4) as u8;
                for steps in 1..=left {
                    list.push(SeashellsAction::Step {
                        steps,
                        bottle: false,
                    });
                    let last_shovel = s.shovels == 1
                        && Self::passes_point(s, Self::stroll_distance(s, steps as u32));
                    if spend && !last_shovel {
                        list.push(SeashellsAction::Step {
                            steps,
                            bottle: true,
                        });
                    }
                }
            }
        }
        list
    }

    #[inline]
    fn play_unchecked(&self, s: &mut SeashellsState, action: SeashellsAction) {
        match action {
            SeashellsAction::Take { square, bottle } => {
                self.collect_and_end(s, square as u32 & 63, bottle);
                s.over = self.reachable(s) == 0;
            }
            SeashellsAction::Step { steps, bottle } => {
                let k = (steps as u32).clamp(1, s.occ.count_ones().max(1));
                if s.occ == 0 {
                    s.over = true;
                    return;
                }
                let distance = Self::stroll_distance(s, k);
                if Self::passes_point(s, distance) {
                    s.shovels = s.shovels.saturating_sub(1);
                }
                let to = (s.bucket as u32 + distance) & 63;
                self.collect_and_end(s, to, bottle && s.shovels > 0);
                s.over = s.shovels == 0 || s.occ == 0;
            }
        }
    }

    #[inline]
    fn random_action(&self, s: &SeashellsState, rng: &mut GameRng) -> SeashellsAction {
        match self.mode {
            Mode::Board => {
                let spend = self.can_spend(s) as u32;
                let (square, bottle) = fast::random_take(s.occ, s.bucket, spend, rng);
                SeashellsAction::Take { square, bottle }
            }
            Mode::Stroll => {
                let spend = self.can_spend(s) as u32;
                if spend == 1 && s.shovels == 1 {
                    // Some steps may lose their bottle variant: use the list.
                    let legal = self.legal_actions(s);
                    return legal[below(rng, legal.len() as u32) as usize];
                }
                let steps = s.occ.count_ones().min(4);
                let x = below(rng, steps << spend);
                SeashellsAction::Step {
                    steps: (x >> spend) as u8 + 1,
                    bottle: x & spend != 0,
                }
            }
        }
    }

    fn outcome(&self, s: &SeashellsState) -> Outcome {
        let lanes = self.all_lanes(s);
        let coins = self.coins_from(s, &lanes);
        let coins = &coins[..self.players];
        Outcome {
            scores: coins.iter().copied().collect(),
            winners: self.winners(s, &lanes, coins),
        }
    }

    fn determinize(&self, s: &SeashellsState, viewer: Seat, rng: &mut GameRng) -> SeashellsState {
        let mut world = *s;
        let unseen_shapes = ALL_CARDS & !(1 << (s.sun / 7)) & !s.shape_cards[viewer];
        let unseen_colours = ALL_CARDS & !(1 << (s.sun % 7)) & !s.colour_cards[viewer];
        self.redeal(&mut world.shape_cards, unseen_shapes, viewer, rng);
        self.redeal(&mut world.colour_cards, unseen_colours, viewer, rng);
        world
    }

    fn observation(&self, s: &SeashellsState, viewer: Seat) -> SeashellsState {
        let mut view = *s;
        for p in 0..MAX_SEATS {
            if p != viewer {
                view.shape_cards[p] = 0;
                view.colour_cards[p] = 0;
            }
        }
        view
    }

    fn all_actions(&self) -> Vec<SeashellsAction> {
        let mut all = Vec::new();
        for bottle in [false, true] {
            match self.mode {
                Mode::Board => {
                    all.extend((0..64).map(|square| SeashellsAction::Take { square, bottle }));
                }
                Mode::Stroll => {
                    all.extend((1..=4).map(|steps| SeashellsAction::Step { steps, bottle }));
                }
            }
        }
        all
    }

    fn parse_action(&self, text: &str) -> Option<SeashellsAction> {
        let text = text.trim();
        let (body, bottle) = match text.strip_suffix("+b") {
            Some(body) => (body, true),
            None => (text, false),
        };
        let digits = |t: &str| -> Option<u8> {
            if t.is_empty() || t.len() > 2 || !t.bytes().all(|b| b.is_ascii_digit()) {
                return None;
            }
            t.parse().ok()
        };
        match self.mode {
            Mode::Board => {
                let square = digits(body).filter(|&sq| sq < 64)?;
                Some(SeashellsAction::Take { square, bottle })
            }
            Mode::Stroll => {
                let steps = digits(body.strip_prefix('s')?).filter(|k| (1..=4).contains(k))?;
                Some(SeashellsAction::Step { steps, bottle })
            }
        }
    }

    fn check_invariants(&self, s: &SeashellsState) -> Result<(), String> {
        let n = self.players;
        // Items: the 64 items of the game, the Sun on the start.
        let mut dealt = [0u32; SQUARES];
        for &code in &s.items {
            if copies(code) == 0 {
                return Err(format!("item code {code} is no item"));
            }
            dealt[code as usize] += 1;
        }
        if (0..SQUARES).any(|c| dealt[c] != copies(c as u8)) {
            return Err("the dealt items are not the 64 items".into());
        }
        if s.sun > 48 || s.items[s.start as usize] != s.sun {
            return Err("the Sun shell is not the item of the Bucket's starting place".into());
        }
        if s.occ & (1 << s.bucket) != 0 || s.occ & (1 << s.start) != 0 {
            return Err("the Bucket's place (or its starting place) holds an item".into());
        }
        // Conservation: on the board + collected + the Sun = every item.
        let mut count = [0u32; SQUARES];
        count[s.sun as usize] += 1;
        let mut m = s.occ;
        while m != 0 {
            count[s.items[m.trailing_zeros() as usize] as usize] += 1;
            m &= m - 1;
        }
        for p in 0..MAX_SEATS {
            let got = s.got[p];
            if p >= n
                && (got | s.shape_cards[p] as u64 | s.colour_cards[p] as u64 | s.spent[p] as u64)
                    != 0
            {
                return Err(format!("seat {p} does not play but has items or cards"));
            }
            let mut shells = got & ALL_SHELLS;
            while shells != 0 {
                count[shells.trailing_zeros() as usize] += 1;
                shells &= shells - 1;
            }
            count[FOSSIL_HEAD as usize] += heads_of(got);
            count[FOSSIL_TAIL as usize] += tails_of(got);
            count[SAND_DOLLAR as usize] += sand_dollars_of(got);
            count[BOTTLE as usize] += bottles_of(got);
            if s.spent[p] as u32 > bottles_of(got) {
                return Err(format!("seat {p} spent more bottles than it collected"));
            }
        }
        if (0..SQUARES).any(|c| count[c] != copies(c as u8)) {
            return Err(format!("items are not conserved: {count:?}"));
        }
        // Cards: the right number, disjoint, never the Sun's.
        let per = self.cards_per_player();
        let (mut shapes, mut colours) = (1u8 << (s.sun / 7), 1u8 << (s.sun % 7));
        for p in 0..n {
            let (sh, co) = (s.shape_cards[p], s.colour_cards[p]);
            if sh & !ALL_CARDS != 0 || co & !ALL_CARDS != 0 {
                return Err(format!("seat {p} has a card out of range"));
            }
            if sh.count_ones() != per || co.count_ones() != per {
                return Err(format!(
                    "seat {p} must hold {per} shape and {per} colour card(s)"
                ));
            }
            if sh & shapes != 0 || co & colours != 0 {
                return Err(format!(
                    "seat {p} holds a card that is the Sun's or another seat's"
                ));
            }
            shapes |= sh;
            colours |= co;
        }
        if s.turn as usize >= n {
            return Err(format!("seat {} to move out of range", s.turn));
        }
        match self.mode {
            Mode::Board => {
                if s.shovels != SHOVELS {
                    return Err("board mode has no shovel discards".into());
                }
                if s.over != (self.reachable(s) == 0) {
                    return Err("the end flag disagrees with the Bucket's row and column".into());
                }
            }
            Mode::Stroll => {
                if s.shovels > SHOVELS {
                    return Err("more than three shovels".into());
                }
                if !s.over && (s.shovels == 0 || s.occ == 0) {
                    return Err("the stroll should be over".into());
                }
                if s.over && s.shovels != 0 && s.occ != 0 {
                    return Err("the stroll is over with shovels and items left".into());
                }
            }
        }
        Ok(())
    }
}

impl Evaluate for Seashells {
    fn evaluate(&self, s: &SeashellsState, seat: Seat) -> f64 {
        let coins = self.expected_coins(s, seat);
        let best_other = (0..self.players)
            .filter(|&p| p != seat)
            .map(|p| coins[p])
            .fold(f64::MIN, f64::max);
        coins[seat] - best_other
    }

    fn final_margin(&self, s: &SeashellsState, seat: Seat) -> f64 {
        let coins = self.coins(s);
        let best_other = (0..self.players)
            .filter(|&p| p != seat)
            .map(|p| coins[p])
            .max()
            .unwrap_or(0);
        ((coins[seat] - best_other) as f64 / 30.0).clamp(-1.0, 1.0)
    }
}

#[cfg(test)]
impl Seashells {
    /// The straightforward version of `expected_coins` (category by
    /// category, case by case), to check the lane version against.
    /// Expected coins of every seat if the game ended now, as seen by
    /// `viewer`: the viewer's cards are known; each card the viewer has not
    /// seen lies with a given opponent with probability (cards that
    /// opponent holds) / (cards unseen), or with nobody. A category's coins
    /// depend only on where its own card lies, so the expectation is exact:
    /// a weighted sum over at most `players` cases per category.
    fn expected_coins_reference(&self, s: &SeashellsState, viewer: Seat) -> [f64; MAX_SEATS] {
        let n = self.players;
        let mut expected = [0.0f64; MAX_SEATS];
        for (p, e) in expected.iter_mut().enumerate().take(n) {
            *e = (3 * pairs_of(s.got[p]) + sand_dollars_of(s.got[p])) as f64;
        }
        let per = self.cards_per_player();
        let kinds = [
            (&SHAPE_MASK, s.shape_cards[viewer], s.sun / 7),
            (&COLOUR_MASK, s.colour_cards[viewer], s.sun % 7),
        ];
        for (masks, own, sun_card) in kinds {
            let unseen = ALL_CARDS & !(1 << sun_card) & !own;
            let p_each = per as f64 / unseen.count_ones().max(1) as f64;
            for (k, &mask) in masks.iter().enumerate() {
                let mut counts = [0u8; MAX_SEATS];
                for (p, c) in counts.iter_mut().enumerate().take(n) {
                    *c = (s.got[p] & mask).count_ones() as u8;
                }
                counts[viewer] += own >> k & 1;
                let mut add = |counts: &[u8; MAX_SEATS], weight: f64| {
                    let mut coins = [0i32; MAX_SEATS];
                    score_category(&counts[..n], self.scoring, &mut coins[..n]);
                    for p in 0..n {
                        expected[p] += weight * coins[p] as f64;
                    }
                };
                if unseen >> k & 1 == 0 {
                    add(&counts, 1.0);
                    continue;
                }
                add(&counts, 1.0 - p_each * (n - 1) as f64);
                for q in (0..n).filter(|&q| q != viewer) {
                    let mut with = counts;
                    with[q] += 1;
                    add(&with, p_each);
                }
            }
        }
        expected
    }
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

    #[test]
    fn lane_expected_coins_match_the_reference() {
        use crate::rng::rng_from_seed;
        for players in 2..=5 {
            for scoring in [Scoring::Simple, Scoring::Advanced] {
                let g = Seashells::new(players, Mode::Board, scoring).unwrap();
                let mut rng = rng_from_seed(players as u64);
                for game in 0..100 {
                    let mut s = g.new_game(&mut rng);
                    for _ in 0..(game % 60) {
                        if s.over {
                            break;
                        }
                        let a = g.random_action(&s, &mut rng);
                        g.play_unchecked(&mut s, a);
                    }
                    for viewer in 0..players {
                        let fast = g.expected_coins(&s, viewer);
                        let slow = g.expected_coins_reference(&s, viewer);
                        for p in 0..players {
                            assert!((fast[p] - slow[p]).abs() < 1e-9, "{fast:?} {slow:?}");
                        }
                    }
                }
            }
        }
    }
}

impl crate::games::GameKind for Seashells {
    const NAME: &'static str = "seashells";
    const PLAYERS: std::ops::RangeInclusive<usize> = 2..=5;
    const OPTIONS: &'static str = "mode=board|stroll, scoring=simple|advanced";

    fn from_spec(spec: &Spec, players: usize) -> Result<Self, SpecError> {
        Seashells::from_spec(spec, players)
    }

    fn canonical_spec(&self) -> String {
        format!(
            "seashells(mode={},scoring={})",
            self.mode.word(),
            self.scoring.word()
        )
    }
}
