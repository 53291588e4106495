//! Determinization and observation: every face-down card, the deck's order
//! and future reshuffles are hidden from both seats (docs/rules.md, *Hidden
//! information*).

use super::{
    DECK_CAP, HIDDEN, KINDS, Phase, ShellDash, ShellDashAction, ShellDashObservation,
    ShellDashState,
};
use crate::game::{Game, Seat};
use crate::rng::{GameRng, Rng, shuffle_pairs};

impl ShellDash {
    /// A world consistent with what `viewer` sees of `s`: the unseen cards
    /// (the deck and the face-down cards) re-dealt, the deck's history
    /// cleared and a fresh reshuffle seed drawn.
    pub(crate) fn determinize_state(
        &self,
        s: &ShellDashState,
        _viewer: Seat,
        rng: &mut GameRng,
    ) -> ShellDashState {
        let mut world = *s;
        let deck = s.top as usize..s.len as usize;
        let d = deck.len();
        // Put the pool in a canonical (sorted) order before shuffling, so the
        // world depends only on what the viewer sees and on the rng: two
        // states the viewer cannot tell apart give the same world for the
        // same rng (the bots' leak test relies on it).
        let mut counts = [0usize; KINDS];
        for &card in &s.deck[deck.clone()] {
            counts[card as usize] += 1;
        }
        let mut down = s.down;
        while down != 0 {
            let i = down.trailing_zeros() as usize;
            down &= down - 1;
            counts[s.board[i] as usize] += 1;
        }
        let mut unseen = [0u8; DECK_CAP];
        let mut n = 0;
        for (card, &m) in counts.iter().enumerate() {
            unseen[n..n + m].fill(card as u8);
            n += m;
        }
        shuffle_pairs(&mut unseen[..n], rng);
        // The cards already drawn (outside the deck) may lie face-down on
        // the board: the world keeps no trace of them.
        world.deck = [0; DECK_CAP];
        world.deck[deck].copy_from_slice(&unseen[..d]);
        let mut k = d;
        let mut down = s.down;
        while down != 0 {
            let i = down.trailing_zeros() as usize;
            down &= down - 1;
            world.board[i] = unseen[k];
            k += 1;
        }
        world.chance_seed = rng.next_u64();
        world
    }

    /// The state with its hidden parts masked: face-down cards as
    /// [`HIDDEN`], the deck storage and the reshuffle seed zeroed (the
    /// deck's size stays visible through `top` and `len`).
    pub(crate) fn observe(&self, s: &ShellDashState, _viewer: Seat) -> ShellDashObservation {
        let mut seen = *s;
        let mut down = s.down;
        while down != 0 {
            let i = down.trailing_zeros() as usize;
            down &= down - 1;
            seen.board[i] = HIDDEN;
        }
        seen.deck = [0; DECK_CAP];
        seen.chance_seed = 0;
        seen
    }

    /// Whether `s` hides anything from the seats: unseen cards (the deck
    /// and the face-down ones) of two kinds or more. With one kind or none,
    /// every world is the true one (the order of like cards is no secret).
    fn hides_something(&self, s: &ShellDashState) -> bool {
        let mut kinds = 0u8;
        for &card in &s.deck[s.top as usize..s.len as usize] {
            kinds |= 1 << card;
        }
        let mut down = s.down;
        while down != 0 {
            let i = down.trailing_zeros() as usize;
            down &= down - 1;
            kinds |= 1 << s.board[i];
        }
        kinds.count_ones() > 1
    }

    /// [`Game::reveals`]: a flip turns a face-down card, and the end shows
    /// the deal; nothing else shows a hidden card (a row walked into is not
    /// flipped until the walker picks a card, refills are dealt face-down
    /// and a reshuffle's new order stays hidden). Both only when something
    /// is hidden at all; the same for both seats.
    pub(crate) fn reveals_to(&self, before: &ShellDashState, action: ShellDashAction) -> bool {
        if !self.hides_something(before) {
            return false;
        }
        if matches!(action, ShellDashAction::Flip(_)) {
            return true;
        }
        let mut after = *before;
        self.play_unchecked(&mut after, action);
        after.phase == Phase::Over
    }
}
