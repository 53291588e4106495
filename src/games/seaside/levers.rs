//! The balancing levers' rules (docs/seaside.md, "Levers"; both are
//! variants, not the rules, and off by default).
//!
//! - `compensation`: points added to a seat's score, read by
//!   [`Seaside::scores`] (so by the outcome, the running scores, the
//!   record's result and [`Evaluate::final_margin`](crate::game::Evaluate::final_margin)) and by
//!   [`Evaluate::evaluate`](crate::game::Evaluate::evaluate). The tie-break
//!   is the rules' one, applied to the totals: the highest total wins and
//!   tied totals share the victory.
//! - `start_tokens`: tokens a seat finds on its seaside at setup, placed
//!   here. The procedure ([`Seaside::place_start_tokens`]):
//!   1. the tokens are shuffled and the removed ones set aside (the end of
//!      the draw order), as without the lever;
//!   2. in seat order, each start token of a seat is the first token of
//!      the bag with a seaside face (so a uniform pick among them), moved
//!      to the front of the draw order: the first `K` tokens of the draw
//!      order (`K` = the total given) are the start tokens, drawn by their
//!      seats;
//!   3. it shows its seaside face; between two seaside faces a coin
//!      (`below(rng, 2)`, 0 = face A of the set's listing) chooses;
//!   4. the rest of the bag is shuffled again, so that its order is
//!      uniform (step 2 leaves tokens with two sea faces at its top more
//!      often than chance).
//!
//!   The face is placed as the rules place a drawn token, with no effect:
//!   at setup the Sea is empty and nobody has a Crab, so a Sandpiper keeps
//!   a stack of one, a Beach takes no Shell and an even Rock takes no
//!   Crab, as the rules would; a Wave flips no Beach (the one difference
//!   from a turn: it would ask a decision before play). A start Rock counts
//!   for the Rock parity, a start Wave for the Wave majority, a start Beach
//!   for the Shells a later Beach may take and for a later Wave's flip.
//!   What the other seats see of a start token is what the rules say of any
//!   token on a seaside: its face up, not its back. A record names the
//!   faces up in `setup.start` (the bag's first `K` tokens are the start
//!   tokens), so a replay places them again; determinization deals a start
//!   token's hidden back with the coin's likelihood (a seaside back half
//!   as likely as a sea back, step 3).

use super::Seaside;
use super::state::{SIDE_B, SeasideState};
use super::tokens::{Face, has_seaside_face};
use crate::game::MAX_SEATS;
use crate::record::RecordError;
use crate::rng::{GameRng, below, shuffle};

impl Seaside {
    /// The start tokens in all (`K`): the first `K` tokens of the draw
    /// order.
    #[inline]
    pub fn start_total(&self) -> usize {
        self.start_tokens.iter().map(|&n| n as usize).sum()
    }

    /// The seat of each start token, in draw order (seat order, each seat's
    /// tokens together).
    fn start_seats(&self) -> impl Iterator<Item = u8> + '_ {
        (0..MAX_SEATS as u8)
            .flat_map(|seat| std::iter::repeat_n(seat, self.start_tokens[seat as usize] as usize))
    }

    /// Setup steps 2 to 4 (see the module docs) on a state whose draw order
    /// is shuffled and nothing drawn; draws nothing from `rng` without
    /// start tokens (the default game's deals do not move). The
    /// configuration guarantees enough tokens with a seaside face in the
    /// bag ([`Seaside::with_levers`]).
    pub(super) fn place_start_tokens(&self, s: &mut SeasideState, rng: &mut GameRng) {
        let total = self.start_total();
        if total == 0 {
            return;
        }
        let bag_end = s.bag_end as usize;
        for seat in self.start_seats() {
            let at = s.drawn as usize;
            let Some(found) =
                (at..bag_end).find(|&i| has_seaside_face(s.faces[s.order[i] as usize]))
            else {
                debug_assert!(false, "no token with a seaside face left in the bag");
                return;
            };
            s.order.swap(at, found);
            let id = s.order[at] as usize;
            let [a, b] = s.token(id);
            let face = match (a.is_sea(), b.is_sea()) {
                (false, false) if a != b && below(rng, 2) == 1 => b,
                (false, _) => a,
                _ => b,
            };
            self.place_start(s, seat, id, face);
        }
        shuffle(&mut s.order[total..bag_end], rng);
    }

    /// Place the start token `id` (the next of the draw order) on `seat`'s
    /// seaside with `face` (a seaside face of it) up, with no effect.
    fn place_start(&self, s: &mut SeasideState, seat: u8, id: usize, face: Face) {
        let [a, b] = s.token(id);
        let (b_up, back) = if face == a { (false, b) } else { (true, a) };
        s.info[id] = seat | if b_up { SIDE_B } else { 0 };
        s.drawn += 1;
        let area = &mut s.seats[seat as usize];
        match face {
            Face::Sandpiper => {
                area.stacks += 1;
                area.stack_size = 1;
            }
            Face::Beach => {
                area.beaches += 1;
                area.beach_backs[back as usize] += 1;
                s.beach_ids[seat as usize] |= 1u128 << id;
            }
            Face::Wave => area.waves += 1,
            Face::Rock => area.rocks += 1,
            Face::Isopod | Face::Shell | Face::Crab => {
                debug_assert!(false, "a start token shows a sea face")
            }
        }
    }

    /// Place the start tokens of a replayed setup: the first `faces.len()`
    /// tokens of `s`'s draw order (nothing drawn yet) with these faces up.
    /// Refused: not as many faces as the configuration's start tokens, no
    /// token left to draw after them, or a face that is not a seaside face
    /// of its token.
    pub(super) fn place_recorded_start(
        &self,
        s: &mut SeasideState,
        faces: &[Face],
    ) -> Result<(), RecordError> {
        let bad = |why: String| RecordError::field("setup.start", why);
        let total = self.start_total();
        if faces.len() != total {
            return Err(bad(format!(
                "{} faces, the options' start_tokens give {total}",
                faces.len()
            )));
        }
        if total >= s.bag_end as usize {
            return Err(bad(format!(
                "{total} start tokens leave no token in a bag of {}",
                s.bag_end
            )));
        }
        for (seat, &face) in self.start_seats().zip(faces) {
            let id = s.order[s.drawn as usize] as usize;
            if face.is_sea() || !s.token(id).contains(&face) {
                let [a, b] = s.token(id);
                return Err(bad(format!(
                    "token {id} ({a}/{b}) cannot start on a seaside with {face} up"
                )));
            }
            self.place_start(s, seat, id, face);
        }
        Ok(())
    }

    /// The faces up of the start tokens of `initial` (a state at setup), in
    /// draw order: what a record's `setup.start` holds.
    pub(super) fn start_faces(&self, initial: &SeasideState) -> Vec<Face> {
        (0..self.start_total().min(initial.drawn as usize))
            .map(|i| initial.up_face(initial.order[i] as usize))
            .collect()
    }

    /// The ids of the start tokens, as a set (bit `id`).
    pub(super) fn start_ids(&self, s: &SeasideState) -> u128 {
        s.order[..self.start_total().min(s.drawn as usize)]
            .iter()
            .fold(0, |mask, &id| mask | 1u128 << id)
    }
}
