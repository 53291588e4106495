//! Random play and the fused playout loop: the uniformly random decision
//! of [`random_action`](crate::Game::random_action), and Seaside's own
//! playout loop, shared by the random playout and the rollout policy's
//! (see [`Picks`]).

use super::Seaside;
use super::state::{Action, Phase, SIDE_B, SeasideState};
use super::tokens::{Face, MAX_TOKENS};
use crate::rng::{Ahead, GameRng, Rng, below};

/// The index of the `k`-th (from 0) set bit of `mask`, which has at most 7
/// set bits and more than `k`: a fixed number of steps, no branch (the pick
/// is random in random play).
#[inline(always)]
fn kth_bit(mut mask: u32, k: u32) -> u32 {
    for i in 0..6 {
        let clear = mask & mask.wrapping_sub(1);
        mask = if i < k { clear } else { mask };
    }
    mask.trailing_zeros()
}

/// A uniform integer in `0..=max` (a random number even when `max` is 0:
/// cheaper than a mispredicted branch).
#[inline]
fn pick_upto<R: Rng + ?Sized>(rng: &mut R, max: u8) -> u8 {
    below(rng, max as u32 + 1) as u8
}

/// The next 32 random bits of `rng`, taken from it only if `take` (else
/// `rng` is left as it was, and the bits are not to be used): a draw that
/// depends on a random fact without a jump on it.
#[inline(always)]
pub(super) fn draw_if<R: Rng + Clone>(rng: &mut R, take: bool) -> u32 {
    let mut after = rng.clone();
    let x = after.next_u32();
    if take {
        *rng = after;
    }
    x
}

/// The choices of a way to play Seaside, for [`Seaside::action_from`] and
/// the fused loop of [`Seaside::playout`]: the face of a drawn token, and
/// how many Isopods or Shells to take. A Flip or a Steal is random for
/// every way. The two ways are uniformly random play ([`Random`]) and the
/// rollout policy ([`Policy`](super::evaluate::Policy)); each must draw
/// from `rng` exactly what its plain decision would.
pub(super) trait Picks {
    /// The face (its index) played from the drawn token whose faces are
    /// `a` and `b` (indices; side A is `a`).
    fn face<R: Rng + Clone>(a: u8, b: u8, rng: &mut R) -> u8;
    /// How many Isopods the player to move, `p`, takes after a Sandpiper.
    fn isopods<R: Rng + Clone>(s: &SeasideState, p: usize, rng: &mut R) -> u8;
    /// How many Shells the player to move, `p`, takes after a Beach.
    fn shells<R: Rng + Clone>(s: &SeasideState, p: usize, rng: &mut R) -> u8;
}

/// Uniformly random play: the choices of
/// [`random_action`](crate::Game::random_action).
pub(super) struct Random;

impl Picks for Random {
    #[inline(always)]
    fn face<R: Rng + Clone>(a: u8, b: u8, rng: &mut R) -> u8 {
        // Branch-free: for a double token both picks are the same.
        if rng.next_u32() & 1 == 0 { a } else { b }
    }

    #[inline(always)]
    fn isopods<R: Rng + Clone>(s: &SeasideState, _p: usize, rng: &mut R) -> u8 {
        pick_upto(rng, s.sea[0])
    }

    #[inline(always)]
    fn shells<R: Rng + Clone>(s: &SeasideState, p: usize, rng: &mut R) -> u8 {
        pick_upto(rng, s.sea[1].min(s.seats[p].beaches))
    }
}

impl Seaside {
    /// The decision of `P` (a uniformly random legal one for [`Random`],
    /// that of [`random_action`](crate::Game::random_action); the rollout
    /// policy's for [`Policy`](super::evaluate::Policy)), from any
    /// generator.
    #[inline(always)]
    pub(super) fn action_from<P: Picks, R: Rng + Clone>(
        &self,
        s: &SeasideState,
        rng: &mut R,
    ) -> Action {
        let p = s.to_move as usize;
        match s.phase {
            Phase::ChooseFace => {
                let packed = s.faces[s.order[s.drawn as usize - 1] as usize];
                let pick = P::face(packed & 15, packed >> 4, rng);
                Action::Play(Face::from_index(pick))
            }
            Phase::Isopods => Action::Isopods(P::isopods(s, p, rng)),
            Phase::Shells => Action::Shells(P::shells(s, p, rng)),
            Phase::Flip => {
                let backs = &s.seats[p].beach_backs;
                let mut mask = 0u32;
                for (f, &c) in backs.iter().enumerate() {
                    mask |= u32::from(c > 0) << f;
                }
                let k = below(rng, mask.count_ones());
                Action::Flip(Face::from_index(kth_bit(mask, k) as u8))
            }
            Phase::Steal => {
                // The seats with a Crab other than the mover's, as a mask:
                // the pick is the k-th of them in seat order.
                let mut victims = 0u32;
                for q in 0..self.players as usize {
                    victims |= u32::from(q != p && s.seats[q].crabs > 0) << q;
                }
                if victims == 0 {
                    Action::StealNone
                } else {
                    let k = below(rng, victims.count_ones());
                    Action::Steal(kth_bit(victims, k) as u8)
                }
            }
            Phase::Over => Action::StealNone,
        }
    }

    /// The playout of `P` to the end: with [`Random`], the random playout
    /// of [`random_playout`](crate::Game::random_playout); with
    /// [`Policy`](super::evaluate::Policy), the rollout policy's of
    /// [`policy_playout`](crate::game::Evaluate::policy_playout). Either
    /// makes the default loop's decisions and draws. With two players or
    /// more, the drawn tokens are played by [`Seaside::play_tokens`]; every
    /// other decision (and solo play) goes through [`Seaside::action_from`]
    /// and [`Seaside::play_action`]. Numbers are drawn one ahead (see
    /// [`Ahead`]).
    #[inline]
    pub(super) fn playout<P: Picks>(&self, s: &mut SeasideState, rng: &mut GameRng) -> u32 {
        let mut ahead = Ahead::new(rng);
        let mut plies = 0;
        let fused = self.players > 1;
        loop {
            match s.phase {
                Phase::Over => break,
                Phase::ChooseFace if fused => plies += self.play_tokens::<P>(s, &mut ahead),
                _ => {
                    let action = self.action_from::<P, _>(s, &mut ahead);
                    self.play_action(s, action);
                    plies += 1;
                }
            }
        }
        *rng = ahead.finish();
        plies
    }

    /// Play the token in hand and those drawn after it (two players or
    /// more), each with the face `P` picks, as [`Seaside::action_from`]
    /// then `play_action` would, and after a Sandpiper or a Beach `P`'s
    /// decision (how many Isopods or Shells) straight away; until a
    /// decision of another kind or the end. Returns the decisions made.
    ///
    /// A jump on the face played is mispredicted most of the time (the face
    /// is a coin flip, or the policy's pick from a random token), so there
    /// are fewer of them: the faces that need no decision go without one
    /// (see below), and what the next token's jump needs is fetched before
    /// this one's: the next token's faces, and the coin (drawn one ahead),
    /// so that after the restart its face is known at once instead of after
    /// a chain of loads (`drawn`, `order`, `faces`).
    #[inline(always)]
    fn play_tokens<P: Picks>(&self, s: &mut SeasideState, r: &mut Ahead) -> u32 {
        let mut plies = 0;
        let mut id = s.order[s.drawn as usize - 1];
        let mut packed = s.faces[id as usize];
        loop {
            // The token drawn next, if any (a place past the bag holds a
            // removed token or nothing; it is read, never used).
            let next_id = s.order[s.drawn as usize % MAX_TOKENS];
            let next_packed = s.faces[next_id as usize % MAX_TOKENS];
            let p = s.to_move;
            let pu = p as usize;
            let (side_a, side_b) = (packed & 15, packed >> 4);
            let face = P::face(side_a, side_b, r);
            let b_up = face != side_a;
            let back = if b_up { side_a } else { side_b };
            s.info[id as usize] = p | if b_up { SIDE_B } else { 0 };
            plies += 1;
            // The faces that need no decision (a Sea face, a Wave without
            // a Beach to flip, an odd Rock) are played without a jump on the
            // face, every counter adding its 0 or 1: one jump fewer than a
            // jump on all seven for nearly half of the tokens.
            let is_sea = face < Face::Sandpiper as u8;
            let is_wave = face == Face::Wave as u8;
            let is_rock = face == Face::Rock as u8;
            s.sea[(face as usize).min(2)] += u8::from(is_sea);
            let a = &mut s.seats[pu];
            a.waves += u8::from(is_wave);
            a.rocks += u8::from(is_rock);
            let decide = (face == Face::Sandpiper as u8)
                | (face == Face::Beach as u8)
                | (is_wave & (a.beaches > 0))
                | (is_rock & a.rocks.is_multiple_of(2));
            if !decide {
                let next = if p + 1 == self.players { 0 } else { p + 1 };
                self.start_turn(s, if is_sea { p } else { next });
            } else {
                match Face::from_index(face) {
                    Face::Sandpiper => {
                        let k = P::isopods(s, pu, r);
                        self.play_action(s, Action::Isopods(k));
                        plies += 1;
                    }
                    Face::Beach => {
                        a.beaches += 1;
                        a.beach_backs[back as usize] += 1;
                        s.beach_ids[pu] |= 1u128 << id;
                        let k = P::shells(s, pu, r);
                        self.play_action(s, Action::Shells(k));
                        plies += 1;
                    }
                    Face::Wave => {
                        s.phase = Phase::Flip;
                        return plies;
                    }
                    _ => {
                        // An even Rock.
                        a.crabs += s.sea[2];
                        s.sea[2] = 0;
                        s.phase = Phase::Steal;
                        return plies;
                    }
                }
            }
            if s.phase != Phase::ChooseFace {
                return plies;
            }
            (id, packed) = (next_id, next_packed);
        }
    }
}
