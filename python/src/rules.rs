//! One game configuration behind a trait object ([`Rules`]): what the
//! Python `Game` needs of it, whatever the game, and the one
//! implementation, [`Engine`], generic over the game.

use std::sync::Arc;

use beachcomber::encode::{Encode, Field};
use beachcomber::games::GameKind;
use beachcomber::rng::rng_from_seed;

use crate::action_space::ActionSpace;
use crate::table::{Played, Table};

/// A game configuration (game, options, player count), type-erased.
pub trait Rules: Send + Sync {
    /// The game's name (`seashells`, `seaside`, `shell-dash`).
    fn name(&self) -> &'static str;
    /// The canonical spec (options spelled out).
    fn spec(&self) -> &str;
    /// The number of players.
    fn players(&self) -> usize;
    /// The size of the fixed action space.
    fn num_actions(&self) -> usize;
    /// The length of every observation tensor.
    fn encoding_len(&self) -> usize;
    /// The observation tensor's fields, in order.
    fn encoding_fields(&self) -> &[Field];
    /// The text form of the action at `index`, if in range.
    fn action_text(&self, index: u32) -> Option<String>;
    /// The index of the action written `text`, if it is one.
    fn parse_action(&self, text: &str) -> Option<u32>;
    /// A new game dealt from `seed` (the engines' deal: `new_game` with
    /// the generator `rng_from_seed(seed)`).
    fn deal(self: Arc<Self>, seed: u64) -> Box<dyn Table>;
}

/// The rules of a game `G` with its action space and encoding layout.
pub struct Engine<G: GameKind + Encode> {
    /// The game configuration.
    pub game: G,
    /// Its fixed action space.
    pub space: ActionSpace<G>,
    spec: String,
    fields: Vec<Field>,
    len: usize,
}

impl<G: GameKind + Encode> Engine<G> {
    /// The engine of `game`.
    pub fn new(game: G) -> Engine<G> {
        let fields = game.encoding_fields();
        Engine {
            space: ActionSpace::new(&game),
            spec: game.canonical_spec(),
            len: fields.iter().map(|f| f.len).sum(),
            fields,
            game,
        }
    }
}

impl<G: GameKind + Encode> Rules for Engine<G> {
    fn name(&self) -> &'static str {
        G::NAME
    }

    fn spec(&self) -> &str {
        &self.spec
    }

    fn players(&self) -> usize {
        self.game.players()
    }

    fn num_actions(&self) -> usize {
        self.space.len()
    }

    fn encoding_len(&self) -> usize {
        self.len
    }

    fn encoding_fields(&self) -> &[Field] {
        &self.fields
    }

    fn action_text(&self, index: u32) -> Option<String> {
        self.space.action(index).map(|a| a.to_string())
    }

    fn parse_action(&self, text: &str) -> Option<u32> {
        self.game
            .parse_action(text)
            .and_then(|a| self.space.find(a))
    }

    fn deal(self: Arc<Self>, seed: u64) -> Box<dyn Table> {
        let state = self.game.new_game(&mut rng_from_seed(seed));
        Box::new(Played::dealt(self, seed, state))
    }
}
