//! Hidden information: observations and determinizations. The only hidden
//! things are the opponents' secret cards.

use arrayvec::ArrayVec;

use super::state::ALL_CARDS;
use super::{MAX_SEATS, Seashells, SeashellsAction, SeashellsState};
use crate::game::{Game, Seat};
use crate::rng::{GameRng, shuffle};

impl Seashells {
    /// A world consistent with what `viewer` sees: every opponent is dealt,
    /// in seat order, as many shape (colour) cards as they really hold,
    /// from the shape (colour) cards the viewer has not seen (the six that
    /// are not the Sun's, minus the viewer's own).
    pub(super) fn deal_world(
        &self,
        s: &SeashellsState,
        viewer: Seat,
        rng: &mut GameRng,
    ) -> SeashellsState {
        let mut world = *s;
        let unseen_shapes = ALL_CARDS & !(1 << (s.sun / 7)) & !s.shape_cards[viewer];
        let unseen_colours = ALL_CARDS & !(1 << (s.sun % 7)) & !s.colour_cards[viewer];
        self.redeal(&mut world.shape_cards, unseen_shapes, viewer, rng);
        self.redeal(&mut world.colour_cards, unseen_colours, viewer, rng);
        world
    }

    /// [`Game::reveals`]: the secret cards show only at the end (its
    /// scores count them), so only a move that ends the game shows
    /// anything; some card is always unseen (2 to 5 players, 6 cards).
    pub(super) fn reveals_to(&self, before: &SeashellsState, action: SeashellsAction) -> bool {
        let mut after = *before;
        self.play_unchecked(&mut after, action);
        self.to_move(&after).is_none()
    }

    /// The state with every other seat's secret cards erased.
    pub(super) fn observe(&self, s: &SeashellsState, viewer: Seat) -> SeashellsState {
        let mut view = *s;
        for p in 0..MAX_SEATS {
            if p != viewer {
                view.shape_cards[p] = 0;
                view.colour_cards[p] = 0;
            }
        }
        view
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
