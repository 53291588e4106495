//! A game's fixed action space: the indices `0..n` of
//! [`Game::all_actions`], in that order, and back.

use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};

use beachcomber::Game;

/// A multiply-rotate hasher for the few bytes of an action (the FxHash of
/// rustc): an index lookup is on every legal action of every step.
#[derive(Default)]
pub struct ActionHasher(u64);

impl Hasher for ActionHasher {
    #[inline]
    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.write_u64(u64::from(b));
        }
    }

    #[inline]
    fn write_u8(&mut self, i: u8) {
        self.write_u64(u64::from(i));
    }

    #[inline]
    fn write_u64(&mut self, i: u64) {
        self.0 = (self.0.rotate_left(5) ^ i).wrapping_mul(0x51_7c_c1_b7_27_22_0a_95);
    }

    #[inline]
    fn write_usize(&mut self, i: usize) {
        self.write_u64(i as u64);
    }

    #[inline]
    fn finish(&self) -> u64 {
        self.0
    }
}

/// The actions of one game configuration, by index, and the index of each.
pub struct ActionSpace<G: Game> {
    /// `Game::all_actions`, in order: index `i` is action `all[i]`.
    all: Vec<G::Action>,
    /// The index of each action.
    index: HashMap<G::Action, u32, BuildHasherDefault<ActionHasher>>,
}

impl<G: Game> ActionSpace<G> {
    /// The action space of `game`.
    pub fn new(game: &G) -> ActionSpace<G> {
        let all = game.all_actions();
        let index = all
            .iter()
            .enumerate()
            .map(|(i, &a)| (a, i as u32))
            .collect();
        ActionSpace { all, index }
    }

    /// The number of actions.
    pub fn len(&self) -> usize {
        self.all.len()
    }

    /// The action at `index`, if in range.
    #[inline]
    pub fn action(&self, index: u32) -> Option<G::Action> {
        self.all.get(index as usize).copied()
    }

    /// The index of `action`, if it is in the action space.
    #[inline]
    pub fn find(&self, action: G::Action) -> Option<u32> {
        self.index.get(&action).copied()
    }

    /// The index of a legal action: every action a game generates is in
    /// its action space (the library's conformance suite checks it).
    #[inline]
    pub fn index(&self, action: G::Action) -> u32 {
        self.find(action)
            .unwrap_or_else(|| unreachable!("{action} is not in the game's action space"))
    }
}
