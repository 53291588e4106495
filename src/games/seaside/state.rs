//! The state, the actions and the small types of Seaside.

use std::fmt;

use super::tokens::{Face, MAX_TOKENS};
use crate::game::{MAX_SEATS, Seat};

/// `info` bits: the drawer's seat.
pub(super) const DRAWER: u8 = 0b111;
/// `info` bit: face B is up (else face A).
pub(super) const SIDE_B: u8 = 1 << 3;
/// `info` bit: the token was flipped by a Wave (both faces are public).
pub(super) const FLIPPED: u8 = 1 << 4;
/// `info` bit: the token is drawn but its face is not chosen yet.
pub(super) const IN_HAND: u8 = 1 << 5;

/// The face a rule decision is waiting for, or the end.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[repr(u8)]
pub enum Phase {
    /// The player to move holds a drawn token and chooses its face.
    ChooseFace,
    /// A Sandpiper was played: how many Isopods to take.
    Isopods,
    /// A Beach was played: how many Shells to take.
    Shells,
    /// A Wave was played and the player has a Beach: which Beach to flip.
    Flip,
    /// A Crab Habitat was made: from whom to steal a Crab.
    Steal,
    /// The game is over.
    Over,
}

/// One player's seaside and piles, as counters.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct SeatArea {
    /// Beaches on the seaside.
    pub beaches: u8,
    /// Waves on the seaside.
    pub waves: u8,
    /// Rocks on the seaside.
    pub rocks: u8,
    /// Kept Sandpiper stacks (all of size `stack_size`).
    pub stacks: u8,
    /// Size of each kept stack (Sandpiper + Isopods); 0 when no stack.
    pub stack_size: u8,
    /// Shells taken from the Sea.
    pub shells: u8,
    /// Crabs taken (from the Sea or stolen).
    pub crabs: u8,
    /// Tokens won from the Sea at the end.
    pub won: u8,
    /// Solo only: a 7th Sandpiper that ended the game (it has no effect and
    /// forms no stack, but scores).
    pub loose_sandpipers: u8,
    /// The player's Beaches counted by their back face (index = face).
    pub beach_backs: [u8; 7],
}

impl SeatArea {
    /// Every token in front of the player (the score once the game is over).
    #[inline]
    pub fn tokens(&self) -> i32 {
        self.beaches as i32
            + self.waves as i32
            + self.rocks as i32
            + self.shells as i32
            + self.crabs as i32
            + self.stacks as i32 * self.stack_size as i32
            + self.loose_sandpipers as i32
            + self.won as i32
    }
}

/// A Seaside game state: fixed-size, `Copy`, no heap.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct SeasideState {
    /// Faces of each token by id: face A in the low nibble, B in the high
    /// one. In an observation, `0xFF` marks a token the viewer knows nothing
    /// of and `0xF0 | up` one whose back is hidden.
    pub faces: [u8; MAX_TOKENS],
    /// Token ids in draw order: `0..bag_end` the bag (the first `drawn` of
    /// them already drawn), `bag_end..n` the removed tokens.
    pub order: [u8; MAX_TOKENS],
    /// By token id, for drawn tokens (`order[..drawn]`): the drawer's seat
    /// (bits 0-2), face B up (bit 3), flipped (bit 4), still in hand (bit 5);
    /// 0 for the others.
    pub info: [u8; MAX_TOKENS],
    /// Each player's Beaches as a set of token ids (bit `id`).
    pub beach_ids: [u128; MAX_SEATS],
    /// Each player's seaside, by seat.
    pub seats: [SeatArea; MAX_SEATS],
    /// Tokens in the set.
    pub n: u8,
    /// End of the bag in `order` (`n - bag_end` tokens are removed).
    pub bag_end: u8,
    /// Tokens drawn so far (including one in hand).
    pub drawn: u8,
    /// What the player to move decides.
    pub phase: Phase,
    /// The seat to move (the last one to move once the game is over).
    pub to_move: u8,
    /// The Sea: Isopods, Shells, Crabs.
    pub sea: [u8; 3],
    /// Sandpipers discarded with their stacks.
    pub discarded_sandpipers: u8,
    /// Isopods discarded with their stacks.
    pub discarded_isopods: u8,
    /// Tokens won from the Sea at the end, by face (Isopod, Shell, Crab).
    pub won_faces: [u8; 3],
}

impl SeasideState {
    /// A state with `n` tokens of which the first `bag_end` places of
    /// `order` are the bag, before any token is placed: nothing drawn, empty
    /// Sea and seasides, seat 0 to choose. Setup fills `faces` and `order`.
    pub(super) fn before_setup(n: usize, bag_end: usize) -> SeasideState {
        SeasideState {
            faces: [0; MAX_TOKENS],
            order: [0; MAX_TOKENS],
            info: [0; MAX_TOKENS],
            beach_ids: [0; MAX_SEATS],
            seats: [SeatArea::default(); MAX_SEATS],
            n: n as u8,
            bag_end: bag_end as u8,
            drawn: 0,
            phase: Phase::ChooseFace,
            to_move: 0,
            sea: [0; 3],
            discarded_sandpipers: 0,
            discarded_isopods: 0,
            won_faces: [0; 3],
        }
    }

    /// Tokens in the Sea.
    #[inline]
    pub fn sea_total(&self) -> u8 {
        self.sea[0] + self.sea[1] + self.sea[2]
    }

    /// Tokens still in the bag (not drawn).
    #[inline]
    pub fn bag_len(&self) -> usize {
        (self.bag_end - self.drawn) as usize
    }

    /// Tokens set aside at setup.
    #[inline]
    pub fn removed(&self) -> usize {
        (self.n - self.bag_end) as usize
    }

    /// The faces `[A, B]` of token `id`.
    #[inline]
    pub fn token(&self, id: usize) -> [Face; 2] {
        let p = self.faces[id];
        [Face::from_index(p & 15), Face::from_index(p >> 4)]
    }

    /// The drawn token in hand (the player to move chooses its face).
    pub fn in_hand(&self) -> Option<usize> {
        (self.phase == Phase::ChooseFace).then(|| self.order[self.drawn as usize - 1] as usize)
    }

    /// The face up of the drawn token `id` (not in hand).
    #[inline]
    pub fn up_face(&self, id: usize) -> Face {
        let p = self.faces[id];
        Face::from_index(if self.info[id] & SIDE_B != 0 {
            p >> 4
        } else {
            p & 15
        })
    }

    /// The face down of the drawn token `id`.
    #[inline]
    pub fn back_face(&self, id: usize) -> Face {
        let p = self.faces[id];
        Face::from_index(if self.info[id] & SIDE_B != 0 {
            p & 15
        } else {
            p >> 4
        })
    }

    /// The seat that drew the token `id` (0 for a token not drawn).
    #[inline]
    pub fn drawer(&self, id: usize) -> Seat {
        (self.info[id] & DRAWER) as Seat
    }

    /// Whether the token `id` was flipped by a Wave.
    #[inline]
    pub fn flipped(&self, id: usize) -> bool {
        self.info[id] & FLIPPED != 0
    }

    /// Whether the token `id` is one of `seat`'s Beaches.
    #[inline]
    pub fn is_beach_of(&self, id: usize, seat: Seat) -> bool {
        id < MAX_TOKENS && seat < MAX_SEATS && self.beach_ids[seat] >> id & 1 != 0
    }
}

/// A decision, named by what the player sees.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Action {
    /// Play this face of the drawn token.
    Play(Face),
    /// Take this many Isopods from the Sea (after a Sandpiper).
    Isopods(u8),
    /// Take this many Shells from the Sea (after a Beach).
    Shells(u8),
    /// Flip one of the player's Beaches whose back is this face.
    Flip(Face),
    /// Steal a Crab from this seat (after an even Rock).
    Steal(u8),
    /// Steal nothing (after an even Rock, when no other player has a Crab).
    StealNone,
}

impl fmt::Display for Action {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Action::Play(face) => write!(f, "play:{face}"),
            Action::Isopods(k) => write!(f, "isopods:{k}"),
            Action::Shells(k) => write!(f, "shells:{k}"),
            Action::Flip(face) => write!(f, "flip:{face}"),
            Action::Steal(s) => write!(f, "steal:{s}"),
            Action::StealNone => write!(f, "steal:none"),
        }
    }
}

/// The capacity of a legal-action list: the widest decision is taking 0..=k
/// Isopods (or Shells) with k at most the set's size − 1, so at most
/// [`MAX_TOKENS`] choices; a face choice has 2, a flip 7, a steal 4.
pub const MAX_ACTIONS: usize = MAX_TOKENS;
