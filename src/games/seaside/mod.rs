//! Seaside (Bryan Burgoyne): 2 to 5 players and solo, exactly as in
//! RULES.md §2.
//!
//! Spec: `seaside`, `seaside(removed=N)`, `seaside(tokens=PATH)`.
//! - `removed` (0..=69, at most the set's size − 1): tokens set aside unseen
//!   at setup. When it is not given, each game draws it uniformly from the
//!   rulebook's range for the player count (3 players 15..=20, 2 players
//!   30..=40, otherwise 0), clamped to the set's size − 1. The number used by
//!   a game is part of its state, and its record's `options` say
//!   `{"removed": N}` with that number (see
//!   [`RecordFormat::options_json_for`](crate::record::RecordFormat::options_json_for)).
//! - `tokens`: a token-set manifest file (format in [`tokens`]) replacing
//!   the default 70-token set.
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
//! [`Game::determinize`] keeps token ids, the draw order and every counter,
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
//! [`Evaluate::evaluate`] is the seat's current score minus the best other
//! current score, where a score counts every token in front of the player
//! plus the player's *expected share of the Sea* if the game ended now (the
//! Sea divided equally, not floored, among the current Wave leaders with at
//! least one Wave). Everything it reads is public, so two states with equal
//! observations for a seat get equal values. In solo games: the score, the
//! Sea included if the player has a Wave. [`Evaluate::final_margin`]:
//! (score − best other score) / 20, clamped to [−1, 1]; solo: score / 60
//! clamped to [0, 1].

mod determinize;
mod record;
pub mod tokens;

use std::fmt;

use arrayvec::ArrayVec;

use crate::game::{Evaluate, Game, MAX_SEATS, Outcome, Seat, SeatSet};
use crate::record::RecordError;
use crate::rng::{GameRng, Rng, below, in_range, shuffle};
use crate::spec::{Spec, SpecError};

pub use tokens::{Face, MAX_TOKENS, TokenSet, TokenSetError};

/// `info` bits: the drawer's seat.
const DRAWER: u8 = 0b111;
/// `info` bit: face B is up (else face A).
const SIDE_B: u8 = 1 << 3;
/// `info` bit: the token was flipped by a Wave (both faces are public).
const FLIPPED: u8 = 1 << 4;
/// `info` bit: the token is drawn but its face is not chosen yet.
const IN_HAND: u8 = 1 << 5;

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
    fn before_setup(n: usize, bag_end: usize) -> SeasideState {
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

/// Seaside's rules configuration: player count, removals and token set.
#[derive(Clone, Copy, Debug)]
pub struct Seaside {
    players: u8,
    removed: Option<u8>,
    set: TokenSet,
    custom: bool,
}

/// The rating band of a solo score (RULES.md §2): `"0-19"`, `"20-29"`,
/// `"30-39"`, `"40-49"`, `"50-59"` or `"60+"`.
pub fn solo_rating(score: i32) -> &'static str {
    match score {
        i32::MIN..=19 => "0-19",
        20..=29 => "20-29",
        30..=39 => "30-39",
        40..=49 => "40-49",
        50..=59 => "50-59",
        _ => "60+",
    }
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
            if r > 69 {
                return Err(invalid(format!("removed={r} is more than 69")));
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
        })
    }

    /// Build from a parsed spec (`removed=N`, `tokens=PATH`) and a player
    /// count.
    pub fn from_spec(spec: &Spec, players: usize) -> Result<Seaside, SpecError> {
        spec.check_keys(&["removed", "tokens"])?;
        let removed = spec.opt_u64_in("removed", 0, 69)?.map(|r| r as usize);
        let set = match spec.get("tokens") {
            None => TokenSet::standard(),
            Some(path) => {
                let bad = |why: String| SpecError::BadValue {
                    name: spec.name.clone(),
                    key: "tokens".into(),
                    value: path.into(),
                    expected: why,
                };
                let text = std::fs::read_to_string(path)
                    .map_err(|e| bad(format!("a readable token-set manifest ({e})")))?;
                TokenSet::parse(&text)
                    .map_err(|e| bad(format!("a valid token-set manifest: {e}")))?
            }
        };
        Seaside::new(players, removed, set)
    }

    /// The token set in play.
    pub fn token_set(&self) -> &TokenSet {
        &self.set
    }

    /// The fixed number of removed tokens, if the configuration fixes it.
    pub fn removed_option(&self) -> Option<usize> {
        self.removed.map(usize::from)
    }

    /// Whether the token set is not the default one.
    pub fn custom_tokens(&self) -> bool {
        self.custom
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

    /// A state at the start of a game whose draw order is `bag` (token ids,
    /// first drawn first) with the tokens `removed` set aside; token ids and
    /// faces are those of `tokens` (packed, see [`tokens::pack`]). Every id
    /// `0..tokens.len()` must appear exactly once in `bag` + `removed`, and
    /// `bag` must not be empty.
    pub fn start_from(
        &self,
        tokens: &[u8],
        bag: &[u8],
        removed: &[u8],
    ) -> Result<SeasideState, RecordError> {
        let bad = |why: String| RecordError::field("setup", why);
        let n = tokens.len();
        if n == 0 || n > MAX_TOKENS {
            return Err(bad(format!(
                "a set holds 1 to {MAX_TOKENS} tokens, not {n}"
            )));
        }
        if bag.len() + removed.len() != n {
            return Err(bad(format!(
                "bag ({}) and removed ({}) must hold the {n} tokens",
                bag.len(),
                removed.len()
            )));
        }
        if bag.is_empty() {
            return Err(bad("the bag is empty".into()));
        }
        let mut s = SeasideState::before_setup(n, bag.len());
        let mut seen = [false; MAX_TOKENS];
        for (i, &id) in bag.iter().chain(removed).enumerate() {
            if id as usize >= n || std::mem::replace(&mut seen[id as usize], true) {
                return Err(bad(format!(
                    "token id {id} is out of range or listed twice"
                )));
            }
            s.order[i] = id;
        }
        let mut kinds = [0u8; tokens::KINDS];
        for (id, &p) in tokens.iter().enumerate() {
            if p & 15 > 6 || p >> 4 > 6 {
                return Err(bad(format!("token {id} has a bad face")));
            }
            kinds[tokens::kind_of(p & 15, p >> 4)] += 1;
            s.faces[id] = p;
        }
        if &kinds != self.set.kind_counts() {
            return Err(bad(
                "the tokens are not this configuration's token set".into()
            ));
        }
        self.start_turn(&mut s, 0);
        Ok(s)
    }

    /// The id of the token that [`Action::Flip`]`(back)` flips for `seat`:
    /// the lowest id among that seat's Beaches whose back is `back`.
    #[inline]
    pub fn flip_target(&self, s: &SeasideState, seat: Seat, back: Face) -> Option<usize> {
        let mut mask = s.beach_ids[seat];
        while mask != 0 {
            let id = mask.trailing_zeros() as usize;
            if s.back_face(id) == back {
                return Some(id);
            }
            mask &= mask - 1;
        }
        None
    }

    /// Draw for `p`, or end the game if the bag is empty.
    #[inline(always)]
    fn start_turn(&self, s: &mut SeasideState, p: u8) {
        s.to_move = p;
        if s.drawn == s.bag_end {
            self.finish(s);
            return;
        }
        s.info[s.order[s.drawn as usize] as usize] = p | IN_HAND;
        s.drawn += 1;
        s.phase = Phase::ChooseFace;
    }

    #[inline(always)]
    fn end_turn(&self, s: &mut SeasideState, p: u8) {
        let next = if p + 1 == self.players { 0 } else { p + 1 };
        self.start_turn(s, next);
    }

    /// Resolve `face` of token `id` played by `p` (freshly drawn or flipped);
    /// `back` is the token's other face.
    #[inline(always)]
    fn resolve(&self, s: &mut SeasideState, p: u8, id: u8, face: Face, back: Face) {
        let solo = self.players == 1;
        let a = &mut s.seats[p as usize];
        match face {
            Face::Isopod | Face::Shell | Face::Crab => {
                let ends = solo && s.sea[0] + s.sea[1] + s.sea[2] == 6;
                s.sea[face as usize] += 1;
                if ends {
                    self.finish(s);
                } else {
                    self.start_turn(s, p);
                }
            }
            Face::Sandpiper => {
                if solo && a.stacks + a.loose_sandpipers == 6 {
                    a.loose_sandpipers += 1;
                    self.finish(s);
                } else {
                    s.phase = Phase::Isopods;
                }
            }
            Face::Beach => {
                a.beaches += 1;
                a.beach_backs[back as usize] += 1;
                s.beach_ids[p as usize] |= 1u128 << id;
                if solo && a.beaches == 7 {
                    self.finish(s);
                } else {
                    s.phase = Phase::Shells;
                }
            }
            Face::Wave => {
                a.waves += 1;
                if solo && a.waves == 7 {
                    self.finish(s);
                } else if a.beaches > 0 {
                    s.phase = Phase::Flip;
                } else {
                    self.end_turn(s, p);
                }
            }
            Face::Rock => {
                a.rocks += 1;
                if solo && a.rocks == 7 {
                    self.finish(s);
                } else if a.rocks.is_multiple_of(2) {
                    a.crabs += s.sea[2];
                    s.sea[2] = 0;
                    s.phase = Phase::Steal;
                } else {
                    self.end_turn(s, p);
                }
            }
        }
    }

    /// The end: the Sea goes to the Wave leaders; the game is over.
    #[cold]
    #[inline(never)]
    fn finish(&self, s: &mut SeasideState) {
        s.phase = Phase::Over;
        let players = self.players as usize;
        let Some((most, leaders)) = self.wave_leaders(s) else {
            return;
        };
        let share = s.sea_total() / leaders as u8;
        for p in 0..players {
            if s.seats[p].waves != most {
                continue;
            }
            // Which tokens a share holds does not matter to the score; take
            // Isopods, then Shells, then Crabs.
            let mut left = share;
            for f in 0..3 {
                let k = left.min(s.sea[f]);
                s.sea[f] -= k;
                s.won_faces[f] += k;
                left -= k;
            }
            s.seats[p].won += share;
        }
    }

    /// Scores: every token in front of each player; before the end, plus
    /// the Sea's split as if the game ended now.
    pub fn scores(&self, s: &SeasideState) -> ArrayVec<i32, MAX_SEATS> {
        let players = self.players as usize;
        let mut scores: ArrayVec<i32, MAX_SEATS> =
            s.seats[..players].iter().map(SeatArea::tokens).collect();
        if s.phase != Phase::Over
            && let Some((most, leaders)) = self.wave_leaders(s)
        {
            let share = s.sea_total() as i32 / leaders as i32;
            for (p, score) in scores.iter_mut().enumerate() {
                if s.seats[p].waves == most {
                    *score += share;
                }
            }
        }
        scores
    }

    /// The most Waves any player has and how many players have that many;
    /// `None` when nobody has a Wave (then the Sea stays).
    fn wave_leaders(&self, s: &SeasideState) -> Option<(u8, usize)> {
        let seats = &s.seats[..self.players as usize];
        let most = seats.iter().map(|a| a.waves).max().unwrap_or(0);
        (most > 0).then(|| (most, seats.iter().filter(|a| a.waves == most).count()))
    }
}

/// A uniform integer in `0..=max` (a random number even when `max` is 0:
/// cheaper than a mispredicted branch).
#[inline]
fn pick_upto(rng: &mut GameRng, max: u8) -> u8 {
    below(rng, max as u32 + 1) as u8
}

impl Game for Seaside {
    type State = SeasideState;
    type Action = Action;
    /// See [`MAX_ACTIONS`].
    type Actions = ArrayVec<Action, MAX_ACTIONS>;
    /// The state with what the viewer does not know masked (see
    /// [`SeasideState::faces`]).
    type Observation = SeasideState;

    fn name(&self) -> &'static str {
        "seaside"
    }

    fn players(&self) -> usize {
        self.players as usize
    }

    fn new_game(&self, rng: &mut GameRng) -> SeasideState {
        let n = self.set.len();
        let removed = match self.removed {
            Some(r) => r,
            None => {
                let (lo, hi) = self.removed_range();
                if lo == hi {
                    lo
                } else {
                    in_range(rng, lo as u32, hi as u32) as u8
                }
            }
        };
        let mut s = SeasideState::before_setup(n, n - removed as usize);
        s.faces[..n].copy_from_slice(self.set.packed());
        for (i, o) in s.order[..n].iter_mut().enumerate() {
            *o = i as u8;
        }
        shuffle(&mut s.order[..n], rng);
        self.start_turn(&mut s, 0);
        s
    }

    #[inline]
    fn to_move(&self, s: &SeasideState) -> Option<Seat> {
        (s.phase != Phase::Over).then_some(s.to_move as Seat)
    }

    fn legal_actions(&self, s: &SeasideState) -> Self::Actions {
        let mut list = ArrayVec::new();
        let p = s.to_move as usize;
        match s.phase {
            Phase::ChooseFace => {
                let [a, b] = s.token(s.order[s.drawn as usize - 1] as usize);
                list.push(Action::Play(a));
                if b != a {
                    list.push(Action::Play(b));
                }
            }
            Phase::Isopods => {
                for k in 0..=s.sea[0] {
                    list.push(Action::Isopods(k));
                }
            }
            Phase::Shells => {
                for k in 0..=s.sea[1].min(s.seats[p].beaches) {
                    list.push(Action::Shells(k));
                }
            }
            Phase::Flip => {
                for f in Face::ALL {
                    if s.seats[p].beach_backs[f as usize] > 0 {
                        list.push(Action::Flip(f));
                    }
                }
            }
            Phase::Steal => {
                for q in 0..self.players as usize {
                    if q != p && s.seats[q].crabs > 0 {
                        list.push(Action::Steal(q as u8));
                    }
                }
                if list.is_empty() {
                    list.push(Action::StealNone);
                }
            }
            Phase::Over => {}
        }
        list
    }

    #[inline(always)]
    fn random_action(&self, s: &SeasideState, rng: &mut GameRng) -> Action {
        let p = s.to_move as usize;
        match s.phase {
            Phase::ChooseFace => {
                let packed = s.faces[s.order[s.drawn as usize - 1] as usize];
                let (a, b) = (packed & 15, packed >> 4);
                // Branch-free: for a double token both picks are the same.
                let pick = if rng.next_u32() & 1 == 0 { a } else { b };
                Action::Play(Face::from_index(pick))
            }
            Phase::Isopods => Action::Isopods(pick_upto(rng, s.sea[0])),
            Phase::Shells => Action::Shells(pick_upto(rng, s.sea[1].min(s.seats[p].beaches))),
            Phase::Flip => {
                let backs = &s.seats[p].beach_backs;
                let mut mask = 0u32;
                for (f, &c) in backs.iter().enumerate() {
                    mask |= u32::from(c > 0) << f;
                }
                for _ in 0..below(rng, mask.count_ones()) {
                    mask &= mask - 1;
                }
                Action::Flip(Face::from_index(mask.trailing_zeros() as u8))
            }
            Phase::Steal => {
                let mut victims: ArrayVec<u8, MAX_SEATS> = ArrayVec::new();
                for q in 0..self.players as usize {
                    if q != p && s.seats[q].crabs > 0 {
                        victims.push(q as u8);
                    }
                }
                if victims.is_empty() {
                    Action::StealNone
                } else {
                    Action::Steal(victims[below(rng, victims.len() as u32) as usize])
                }
            }
            Phase::Over => Action::StealNone,
        }
    }

    // Always inlined: the random-playout loop is the hot path, and the
    // optimizer does not inline it across crates on its own (-12%).
    #[inline(always)]
    fn play_unchecked(&self, s: &mut SeasideState, action: Action) {
        let p = s.to_move;
        let pu = p as usize;
        match action {
            Action::Play(face) => {
                let id = s.order[s.drawn as usize - 1];
                let packed = s.faces[id as usize];
                let b_up = face as u8 != packed & 15;
                let back = Face::from_index(if b_up { packed & 15 } else { packed >> 4 });
                s.info[id as usize] = p | if b_up { SIDE_B } else { 0 };
                self.resolve(s, p, id, face, back);
            }
            Action::Isopods(k) => {
                let k = k.min(s.sea[0]);
                s.sea[0] -= k;
                let a = &mut s.seats[pu];
                // Branch-free (random sizes mispredict): with no stack yet the
                // size is 0, so the new stack is "larger".
                let size = k + 1;
                let larger = u8::from(size > a.stack_size);
                let equal = u8::from(size == a.stack_size);
                let smaller = 1 - larger - equal;
                s.discarded_sandpipers += larger * a.stacks + smaller;
                s.discarded_isopods +=
                    larger * a.stacks * a.stack_size.saturating_sub(1) + smaller * k;
                a.stacks = larger + equal * (a.stacks + 1) + smaller * a.stacks;
                a.stack_size = a.stack_size.max(size);
                self.end_turn(s, p);
            }
            Action::Shells(k) => {
                let k = k.min(s.sea[1]);
                s.sea[1] -= k;
                s.seats[pu].shells += k;
                self.end_turn(s, p);
            }
            Action::Flip(back) => {
                let Some(id) = self.flip_target(s, pu, back) else {
                    return;
                };
                s.info[id] ^= SIDE_B;
                s.info[id] |= FLIPPED;
                s.beach_ids[pu] &= !(1u128 << id);
                let a = &mut s.seats[pu];
                a.beaches -= 1;
                a.beach_backs[back as usize] -= 1;
                self.resolve(s, p, id as u8, back, Face::Beach);
            }
            Action::Steal(q) => {
                let q = q as usize;
                if q < MAX_SEATS && s.seats[q].crabs > 0 {
                    s.seats[q].crabs -= 1;
                    s.seats[pu].crabs += 1;
                }
                self.end_turn(s, p);
            }
            Action::StealNone => self.end_turn(s, p),
        }
    }

    fn outcome(&self, s: &SeasideState) -> Outcome {
        let scores = self.scores(s);
        let best = scores.iter().copied().max().unwrap_or(0);
        let mut winners = SeatSet::EMPTY;
        for (p, &score) in scores.iter().enumerate() {
            if score == best {
                winners.insert(p);
            }
        }
        Outcome { scores, winners }
    }

    fn determinize(&self, s: &SeasideState, viewer: Seat, rng: &mut GameRng) -> SeasideState {
        self.determinize_state(s, viewer, rng)
    }

    fn observation(&self, s: &SeasideState, viewer: Seat) -> SeasideState {
        let mut o = *s;
        let drawn = s.drawn as usize;
        for &id in &s.order[..drawn] {
            let id = id as usize;
            let info = s.info[id];
            if (info & DRAWER) as Seat == viewer || info & FLIPPED != 0 {
                continue;
            }
            if info & IN_HAND != 0 {
                o.faces[id] = 0xFF;
            } else {
                o.faces[id] = 0xF0 | s.up_face(id) as u8;
                o.info[id] &= !SIDE_B;
            }
        }
        for &id in &s.order[drawn..s.n as usize] {
            o.faces[id as usize] = 0xFF;
        }
        // Others' Beaches' backs are hidden (the known ones are in `faces`).
        for (p, a) in o.seats.iter_mut().enumerate() {
            if p != viewer {
                a.beach_backs = [0; 7];
            }
        }
        o
    }

    fn all_actions(&self) -> Vec<Action> {
        let mut all: Vec<Action> = Face::ALL.iter().map(|&f| Action::Play(f)).collect();
        let isopods = self.set.face_count(Face::Isopod).min(MAX_TOKENS as u32 - 1) as u8;
        let shells = self.set.face_count(Face::Shell).min(MAX_TOKENS as u32 - 1) as u8;
        all.extend((0..=isopods).map(Action::Isopods));
        all.extend((0..=shells).map(Action::Shells));
        all.extend(Face::ALL.iter().map(|&f| Action::Flip(f)));
        all.extend((0..self.players).map(Action::Steal));
        all.push(Action::StealNone);
        all
    }

    fn parse_action(&self, text: &str) -> Option<Action> {
        let (kind, value) = text.trim().split_once(':')?;
        match kind {
            "play" => Face::from_name(value).map(Action::Play),
            "flip" => Face::from_name(value).map(Action::Flip),
            "isopods" => value.parse().ok().map(Action::Isopods),
            "shells" => value.parse().ok().map(Action::Shells),
            "steal" if value == "none" => Some(Action::StealNone),
            "steal" => value
                .parse::<u8>()
                .ok()
                .filter(|&q| (q as usize) < self.players as usize)
                .map(Action::Steal),
            _ => None,
        }
    }

    fn check_invariants(&self, s: &SeasideState) -> Result<(), String> {
        self.check_state(s)
    }
}

impl Seaside {
    fn check_state(&self, s: &SeasideState) -> Result<(), String> {
        let n = s.n as usize;
        let players = self.players as usize;
        if n != self.set.len() {
            return Err(format!("{n} tokens, the set holds {}", self.set.len()));
        }
        if s.bag_end as usize > n || s.drawn > s.bag_end || s.bag_end == 0 {
            return Err(format!(
                "bad counters: n {n} bag_end {} drawn {}",
                s.bag_end, s.drawn
            ));
        }
        // Every token exactly once in bag + removed, and the kinds are the set's.
        let mut seen = [false; MAX_TOKENS];
        for &id in &s.order[..n] {
            if id as usize >= n || std::mem::replace(&mut seen[id as usize], true) {
                return Err(format!("token {id} out of range or twice in the order"));
            }
        }
        let mut kinds = [0u8; tokens::KINDS];
        for &p in &s.faces[..n] {
            if p & 15 > 6 || p >> 4 > 6 {
                return Err(format!("bad packed faces {p:#x}"));
            }
            kinds[tokens::kind_of(p & 15, p >> 4)] += 1;
        }
        if &kinds != self.set.kind_counts() {
            return Err("the tokens are not the token set".into());
        }
        if s.to_move as usize >= players {
            return Err(format!("seat {} to move", s.to_move));
        }
        // Phase and hand.
        let drawn = s.drawn as usize;
        let mut in_hand = 0;
        for (i, &id) in s.order[..n].iter().enumerate() {
            let id = id as usize;
            let info = s.info[id];
            if i >= drawn {
                if info != 0 {
                    return Err(format!("undrawn token {id} has info {info:#x}"));
                }
                continue;
            }
            if info & IN_HAND != 0 {
                in_hand += 1;
                if i + 1 != drawn || s.drawer(id) != s.to_move as usize {
                    return Err(format!("token {id} wrongly in hand"));
                }
            }
            if s.drawer(id) >= players || info & 0b1100_0000 != 0 {
                return Err(format!("bad info {info:#x} of token {id}"));
            }
            if info & FLIPPED != 0 && s.back_face(id) != Face::Beach {
                return Err(format!("flipped token {id} was not a Beach"));
            }
        }
        if (s.phase == Phase::ChooseFace) != (in_hand == 1) {
            return Err(format!(
                "phase {:?} with {in_hand} token(s) in hand",
                s.phase
            ));
        }
        // Conservation of faces.
        let mut up = [[0u8; 7]; MAX_SEATS];
        let mut backs = [[0u8; 7]; MAX_SEATS];
        let mut beach_ids = [0u128; MAX_SEATS];
        for &id in &s.order[..drawn] {
            let id = id as usize;
            if s.info[id] & IN_HAND != 0 {
                continue;
            }
            let d = s.drawer(id);
            up[d][s.up_face(id) as usize] += 1;
            if s.up_face(id) == Face::Beach {
                backs[d][s.back_face(id) as usize] += 1;
                beach_ids[d] |= 1 << id;
            }
        }
        if beach_ids != s.beach_ids {
            return Err("the Beaches' ids differ from the tokens".into());
        }
        let total = |f: Face| -> u32 { (0..players).map(|p| up[p][f as usize] as u32).sum() };
        let mut sum = [0u32; 7];
        for (p, a) in s.seats[..players].iter().enumerate() {
            if a.beaches != up[p][Face::Beach as usize]
                || a.waves != up[p][Face::Wave as usize]
                || a.rocks != up[p][Face::Rock as usize]
                || a.beach_backs != backs[p]
            {
                return Err(format!("seat {p}'s seaside {a:?} differs from its tokens"));
            }
            if (a.stacks == 0) != (a.stack_size == 0) {
                return Err(format!(
                    "seat {p}: {} stacks of size {}",
                    a.stacks, a.stack_size
                ));
            }
            if players > 1 && a.loose_sandpipers > 0 {
                return Err("a loose Sandpiper outside solo mode".into());
            }
            sum[0] += a.stacks as u32 * a.stack_size.saturating_sub(1) as u32;
            sum[1] += a.shells as u32;
            sum[2] += a.crabs as u32;
            sum[3] += a.stacks as u32 + a.loose_sandpipers as u32;
        }
        for a in &s.seats[players..] {
            if *a != SeatArea::default() {
                return Err("a seat beyond the player count is not empty".into());
            }
        }
        sum[0] += s.discarded_isopods as u32;
        sum[3] += s.discarded_sandpipers as u32;
        if s.phase == Phase::Isopods {
            // The Sandpiper just played waits for its Isopods.
            sum[3] += 1;
        }
        for (f, total) in sum.iter_mut().take(3).enumerate() {
            *total += s.sea[f] as u32 + s.won_faces[f] as u32;
        }
        for f in [Face::Isopod, Face::Shell, Face::Crab, Face::Sandpiper] {
            if total(f) != sum[f as usize] {
                return Err(format!(
                    "{f}: {} played but {} accounted for",
                    total(f),
                    sum[f as usize]
                ));
            }
        }
        let won: u32 = s.seats[..players].iter().map(|a| a.won as u32).sum();
        if won != s.won_faces.iter().map(|&w| w as u32).sum::<u32>() {
            return Err("tokens won differ from the Sea's losses".into());
        }
        if s.phase != Phase::Over && won > 0 {
            return Err("the Sea was split before the end".into());
        }
        if players == 1 {
            let a = &s.seats[0];
            let over = s.phase == Phase::Over;
            let limit = |c: u8| c < 7 || (c == 7 && over);
            if !limit(s.sea_total() + s.won_faces.iter().sum::<u8>())
                || !limit(a.beaches)
                || !limit(a.waves)
                || !limit(a.rocks)
                || !limit(a.stacks + a.loose_sandpipers)
            {
                return Err(format!("solo: a 7th of a kind did not end the game: {a:?}"));
            }
        }
        if s.phase != Phase::Over && s.phase != Phase::ChooseFace {
            let a = &s.seats[s.to_move as usize];
            let ok = match s.phase {
                Phase::Flip => a.beaches > 0,
                Phase::Steal => a.rocks.is_multiple_of(2) && a.rocks > 0 && s.sea[2] == 0,
                _ => true,
            };
            if !ok {
                return Err(format!("phase {:?} does not fit {a:?}", s.phase));
            }
        }
        if s.phase != Phase::Over && s.phase == Phase::ChooseFace && drawn == 0 {
            return Err("no token drawn".into());
        }
        Ok(())
    }
}

impl Evaluate for Seaside {
    fn evaluate(&self, s: &SeasideState, seat: Seat) -> f64 {
        let players = self.players as usize;
        let (most, leaders) = self.wave_leaders(s).unwrap_or((0, 1));
        let sea = if s.phase == Phase::Over {
            0.0
        } else {
            s.sea_total() as f64
        };
        let value = |p: usize| {
            let a = &s.seats[p];
            let share = if a.waves == most && most > 0 {
                sea / leaders as f64
            } else {
                0.0
            };
            a.tokens() as f64 + share
        };
        if players == 1 {
            return value(0);
        }
        let best_other = (0..players)
            .filter(|&p| p != seat)
            .map(value)
            .fold(f64::MIN, f64::max);
        value(seat) - best_other
    }

    fn final_margin(&self, s: &SeasideState, seat: Seat) -> f64 {
        let scores = self.scores(s);
        if self.players == 1 {
            return (scores[0] as f64 / 60.0).clamp(0.0, 1.0);
        }
        let best_other = (0..scores.len())
            .filter(|&p| p != seat)
            .map(|p| scores[p])
            .max()
            .unwrap_or(0);
        ((scores[seat] - best_other) as f64 / 20.0).clamp(-1.0, 1.0)
    }
}

impl crate::games::GameKind for Seaside {
    const NAME: &'static str = "seaside";
    const PLAYERS: std::ops::RangeInclusive<usize> = 1..=5;
    const OPTIONS: &'static str =
        "removed=0..=69 (default: drawn from the rulebook's range), tokens=PATH";

    fn from_spec(spec: &Spec, players: usize) -> Result<Self, SpecError> {
        Seaside::from_spec(spec, players)
    }

    fn canonical_spec(&self) -> String {
        match self.removed {
            Some(r) => format!("seaside(removed={r})"),
            None => "seaside".to_string(),
        }
    }
}
