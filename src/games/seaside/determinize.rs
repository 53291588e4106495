//! Determinization: a full state consistent with one seat's knowledge.
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
//!    slack of all 127 face sets is kept up to date, so a choice is checked
//!    in 32 steps and the deal never dead-ends.
//! 3. The rest of the pool is shuffled onto the fully unknown tokens (bag,
//!    removed, another player's hand).
//!
//! So the tokens of the whole world are exactly the token set, and the
//! viewer's observation is unchanged. No heap allocation.

use arrayvec::ArrayVec;

use super::tokens::{FACES, Face, KIND_TABLE, KINDS, MAX_TOKENS, kind_of};
use super::{DRAWER, FLIPPED, IN_HAND, SIDE_B, Seaside, SeasideState};
use crate::game::Seat;
use crate::rng::{GameRng, below, shuffle};

/// All face sets (bit `f` = face `f`).
const MASKS: usize = 1 << FACES;

/// Subset sums: `v[m]` becomes the sum of the original `v` over subsets of `m`.
#[inline]
fn zeta(v: &mut [i16; MASKS]) {
    for bit in 0..FACES {
        for m in 0..MASKS {
            if m & (1 << bit) != 0 {
                v[m] += v[m ^ (1 << bit)];
            }
        }
    }
}

impl Seaside {
    pub(super) fn determinize_state(
        &self,
        s: &SeasideState,
        viewer: Seat,
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
        let mut demand = [0i16; MASKS];
        for &id in &s.order[..drawn] {
            let info = s.info[id as usize];
            if (info & DRAWER) as Seat == viewer || info & FLIPPED != 0 {
                let p = s.faces[id as usize];
                pool[kind_of(p & 15, p >> 4)] -= 1;
            } else if info & IN_HAND != 0 {
                unknown.push(id);
            } else {
                partial.push(id);
                demand[1 << s.up_face(id as usize) as usize] += 1;
            }
        }
        unknown.extend(s.order[drawn..n].iter().copied());

        if !partial.is_empty() {
            // slack[F] = pool tokens with a face in F - hidden backs showing a face in F.
            let mut inside = [0i16; MASKS];
            let mut total = 0i16;
            for (k, &c) in pool.iter().enumerate() {
                let (a, b) = KIND_TABLE[k];
                inside[(1 << a) | (1 << b)] += c;
                total += c;
            }
            zeta(&mut inside);
            zeta(&mut demand);
            let mut slack = [0i16; MASKS];
            for (m, sl) in slack.iter_mut().enumerate() {
                *sl = total - inside[(MASKS - 1) ^ m] - demand[m];
            }
            for &id in &partial {
                let id = id as usize;
                let f = s.up_face(id) as usize;
                let mut weights = [0u32; FACES];
                for (x, wt) in weights.iter_mut().enumerate() {
                    *wt = pool[kind_of(f as u8, x as u8)].max(0) as u32;
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
                    // Taking {f, x} lowers the slack of every F holding x but not f.
                    let rest = (MASKS - 1) & !(1 << x) & !(1 << f);
                    let mut ok = true;
                    if x != f {
                        let mut sub = rest;
                        loop {
                            if slack[sub | 1 << x] < 1 {
                                ok = false;
                                break;
                            }
                            if sub == 0 {
                                break;
                            }
                            sub = (sub - 1) & rest;
                        }
                    }
                    if ok {
                        if x != f {
                            let mut sub = rest;
                            loop {
                                slack[sub | 1 << x] -= 1;
                                if sub == 0 {
                                    break;
                                }
                                sub = (sub - 1) & rest;
                            }
                        }
                        break x;
                    }
                    weights[x] = 0;
                };
                pool[kind_of(f as u8, x as u8)] -= 1;
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
}
