//! Determinization (a full state consistent with one seat's knowledge) and
//! observation (what one seat sees).
//!
//! A seat knows both faces of every token it drew (and of the token in its
//! hand), both faces of every flipped token (it saw the Beach, then the
//! other face), and only the face up of the other tokens that others drew.
//! It knows nothing of the bag's tokens, the removed tokens, or a token in
//! another player's hand. Token ids, the draw order and every counter stay
//! as they are; only the faces of unknown tokens are re-dealt:
//!
//! 1. The pool = the set's token kinds (unordered face pairs) minus the
//!    kinds of the tokens the seat knows fully.
//! 2. Each token whose back is hidden (face up `f`) gets a kind `{f, x}`
//!    from the pool, drawn with probability proportional to the pool's
//!    count of that kind among those that still leave a complete deal
//!    possible. Feasibility is Hall's condition for the remaining hidden
//!    backs: for every set `F` of faces, the hidden tokens showing a face in
//!    `F` must not outnumber the pool's tokens having a face in `F`. The
//!    slack of all face sets is kept up to date (a lower bound on the
//!    smallest slack skips the check while it is ≥ 1), so the deal never
//!    dead-ends.
//!    A start token (`start_tokens`, levers.rs) shows a seaside face that a
//!    coin chose between two, so its kinds are weighted by that face's
//!    likelihood too: a kind with a seaside back other than the face up
//!    counts once, any other twice.
//! 3. The rest of the pool is shuffled onto the fully unknown tokens (bag,
//!    removed, another player's hand).
//!
//! So the tokens of the whole world are exactly the token set, and the
//! viewer's observation is unchanged. No heap allocation.
//!
//! [`Game::determinize_chance`] (the worlds of `oracle(sees=hands)`) is the
//! same deal for a viewer that knows what every seat knows: both faces of
//! every drawn token (the hands and the hidden backs are the true ones), so
//! no back is hidden and only the bag and the removed tokens, which no seat
//! has seen, are re-dealt (step 3 alone).

use arrayvec::ArrayVec;

use super::Seaside;
use super::state::{Action, DRAWER, FLIPPED, IN_HAND, Phase, SIDE_B, SeasideState};
use super::tokens::{FACES, Face, KIND_OF_PACKED, KIND_TABLE, KINDS, MAX_TOKENS};
use crate::game::{Game, Seat};
use crate::rng::{GameRng, below, shuffle};

/// All face sets (bit `f` = face `f`).
const MASKS: usize = 1 << FACES;

/// `HAS[f][m]` = 1 if the face set `m` holds face `f`, else 0 (as `i16`
/// lanes, so that the loops over all sets vectorize).
const HAS: [[i16; MASKS]; FACES] = {
    let mut t = [[0i16; MASKS]; FACES];
    let mut f = 0;
    while f < FACES {
        let mut m = 0;
        while m < MASKS {
            t[f][m] = ((m >> f) & 1) as i16;
            m += 1;
        }
        f += 1;
    }
    t
};

impl Seaside {
    /// A world consistent with what `viewer` knows of `s` (see the module
    /// docs).
    pub(super) fn determinize_state(
        &self,
        s: &SeasideState,
        viewer: Seat,
        rng: &mut GameRng,
    ) -> SeasideState {
        self.deal_unknown(s, Some(viewer), rng)
    }

    /// A world consistent with what every seat knows of `s`: every drawn
    /// token as it is, the bag's and the removed tokens' faces re-dealt
    /// ([`Game::determinize_chance`]).
    pub(super) fn deal_chance(&self, s: &SeasideState, rng: &mut GameRng) -> SeasideState {
        self.deal_unknown(s, None, rng)
    }

    /// The deal of the module docs for `viewer`, or (`None`) for a viewer
    /// that knows both faces of every drawn token.
    #[inline]
    fn deal_unknown(
        &self,
        s: &SeasideState,
        viewer: Option<Seat>,
        rng: &mut GameRng,
    ) -> SeasideState {
        let mut w = *s;
        let n = s.n as usize;
        let drawn = s.drawn as usize;
        let mut pool = [0i16; KINDS];
        for (p, &c) in pool.iter_mut().zip(self.set.kind_counts()) {
            *p = c as i16;
        }
        // Draw positions whose back is hidden, and ids wholly unknown.
        let mut partial: ArrayVec<u8, MAX_TOKENS> = ArrayVec::new();
        let mut unknown: ArrayVec<u8, MAX_TOKENS> = ArrayVec::new();
        let mut demand = [0i16; FACES];
        for &id in &s.order[..drawn] {
            let info = s.info[id as usize];
            if viewer.is_none_or(|v| (info & DRAWER) as Seat == v) || info & FLIPPED != 0 {
                let p = s.faces[id as usize];
                pool[KIND_OF_PACKED[p as usize] as usize] -= 1;
            } else if info & IN_HAND != 0 {
                unknown.push(id);
            } else {
                partial.push(id);
                demand[s.up_face(id as usize) as usize] += 1;
            }
        }
        unknown.extend(s.order[drawn..n].iter().copied());

        if !partial.is_empty() {
            // slack[F] = pool tokens with a face in F - hidden backs showing a
            // face in F (loops over all 128 sets, which vectorize).
            let mut slack = [0i16; MASKS];
            for (k, &c) in pool.iter().enumerate() {
                if c != 0 {
                    let (a, b) = KIND_TABLE[k];
                    let (ha, hb) = (&HAS[a as usize], &HAS[b as usize]);
                    for m in 0..MASKS {
                        slack[m] += c * (ha[m] | hb[m]);
                    }
                }
            }
            for (f, &d) in demand.iter().enumerate() {
                if d != 0 {
                    for (sl, &h) in slack.iter_mut().zip(&HAS[f]) {
                        *sl -= d * h;
                    }
                }
            }
            // A lower bound on the slack of every set a deal can lower (all
            // but the empty and the full set): while it is ≥ 1 no check is needed.
            let exact_min =
                |slack: &[i16; MASKS]| slack[1..MASKS - 1].iter().copied().fold(i16::MAX, i16::min);
            let mut lower = exact_min(&slack);
            // `start_tokens` (levers.rs): a start token shows a seaside face,
            // a coin choosing between two, so a seaside back other than the
            // face up is half as likely as a sea back or the same face.
            let start = self.start_ids(s);
            for &id in &partial {
                let id = id as usize;
                let f = s.up_face(id) as usize;
                let coin = start >> id & 1 != 0;
                let mut weights = [0u32; FACES];
                for (x, wt) in weights.iter_mut().enumerate() {
                    let count = pool[KIND_OF_PACKED[f | x << 4] as usize].max(0) as u32;
                    let halved = coin && x != f && !Face::from_index(x as u8).is_sea();
                    *wt = if coin && !halved { 2 * count } else { count };
                }
                let x = loop {
                    let sum: u32 = weights.iter().sum();
                    debug_assert!(sum > 0, "determinization dead end");
                    if sum == 0 {
                        break f;
                    }
                    let mut r = below(rng, sum);
                    let mut x = 0;
                    while r >= weights[x] {
                        r -= weights[x];
                        x += 1;
                    }
                    if x == f {
                        // A double {f, f} lowers no slack.
                        break x;
                    }
                    // Taking {f, x} lowers the slack of every F holding x but not f.
                    let (hx, hf) = (&HAS[x], &HAS[f]);
                    if lower < 1 {
                        lower = exact_min(&slack);
                        if lower < 1 {
                            // The smallest slack among the sets this deal lowers.
                            let mut least = i16::MAX;
                            for m in 0..MASKS {
                                let v = if hx[m] & !hf[m] != 0 {
                                    slack[m]
                                } else {
                                    i16::MAX
                                };
                                least = least.min(v);
                            }
                            if least < 1 {
                                weights[x] = 0;
                                continue;
                            }
                        }
                    }
                    for m in 0..MASKS {
                        slack[m] -= hx[m] & !hf[m];
                    }
                    lower -= 1;
                    break x;
                };
                pool[KIND_OF_PACKED[f | x << 4] as usize] -= 1;
                if f == Face::Beach as usize {
                    let backs = &mut w.seats[s.drawer(id)].beach_backs;
                    backs[s.back_face(id) as usize] -= 1;
                    backs[x] += 1;
                }
                w.faces[id] = f as u8 | (x as u8) << 4;
                w.info[id] &= !SIDE_B;
            }
        }

        let mut deal: ArrayVec<u8, MAX_TOKENS> = ArrayVec::new();
        for (k, &c) in pool.iter().enumerate() {
            let (a, b) = KIND_TABLE[k];
            for _ in 0..c.max(0) {
                if deal.is_full() {
                    break;
                }
                deal.push(a | b << 4);
            }
        }
        debug_assert_eq!(deal.len(), unknown.len(), "determinization pool mismatch");
        shuffle(&mut deal, rng);
        for (&id, &p) in unknown.iter().zip(deal.iter()) {
            w.faces[id as usize] = p;
        }
        w
    }

    /// [`Game::reveals`]: `viewer` sees a hidden face when it draws a token
    /// (both faces, the move that ends the turn before its draw), when
    /// another seat plays the face of a token `viewer` never saw
    /// ([`Action::Play`]) or flips a Beach whose back `viewer` never saw
    /// ([`Action::Flip`]), and at the end (the bag and the removed tokens
    /// show). Nothing else: taking Isopods or Shells, a steal (Crabs are
    /// counted, not named) and a Sandpiper's stack show no hidden face, and
    /// a token another seat draws stays unseen until it is played.
    pub(super) fn reveals_to(&self, before: &SeasideState, action: Action, viewer: Seat) -> bool {
        if before.to_move as Seat != viewer && matches!(action, Action::Play(_) | Action::Flip(_)) {
            return true;
        }
        let mut after = *before;
        self.play_unchecked(&mut after, action);
        if after.phase == Phase::Over {
            return true;
        }
        // A move draws at most one token: the next turn's.
        after.drawn > before.drawn && {
            let id = after.order[after.drawn as usize - 1] as usize;
            after.drawer(id) == viewer
        }
    }

    /// What `viewer` sees of `s`: the state with the faces it does not
    /// know masked (`0xFF` for a token it knows nothing of, `0xF0 | up` for
    /// one whose back is hidden) and the other seats' Beach backs zeroed.
    pub(super) fn observe(&self, s: &SeasideState, viewer: Seat) -> SeasideState {
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
}
