//! What one seat may see of a state, as JSON: the observation an external
//! bot receives through the engine protocol (docs/protocol.md).
//!
//! Each game builds its observation from its own masked
//! [`Game::observation`] (the state with everything the seat may not see
//! erased), never from the full state, so two states the seat cannot tell
//! apart serialize to the same JSON by construction. The JSON names things
//! the way a player does (cards, faces, squares) and never carries internal
//! ids that could hint at something hidden (Seaside's token ids, a deck's
//! storage order). Each game's fields are documented in docs/protocol.md.

use serde_json::Value;

use crate::game::{Game, Seat};

/// A game's observation for one seat, as a JSON object.
pub trait Observe: Game {
    /// Exactly what `seat` may see of `state` (the rules' hidden
    /// information is left out), as a JSON object. Equal for any two states
    /// with equal [`Game::observation`] for `seat`.
    fn observation_json(&self, state: &Self::State, seat: Seat) -> Value;
}

/// Tests every game's observation shares: over random games, each seat's
/// JSON is unchanged by a determinization for that seat (the seat cannot
/// tell the two states apart), and every decision changes the JSON of the
/// seat that made it (it sees its own move).
#[cfg(test)]
pub(crate) fn check_observation_json<G: Observe>(game: &G, games: u64, seed: u64) {
    use crate::rng::rng_from_seed;
    let mut rng = rng_from_seed(seed);
    for _ in 0..games {
        let mut state = game.new_game(&mut rng);
        loop {
            for seat in 0..game.players() {
                let json = game.observation_json(&state, seat);
                assert!(json.is_object(), "{json}");
                for _ in 0..2 {
                    let world = game.determinize(&state, seat, &mut rng);
                    assert_eq!(
                        game.observation_json(&world, seat),
                        json,
                        "a determinization for seat {seat} changed its observation"
                    );
                }
            }
            let Some(mover) = game.to_move(&state) else {
                break;
            };
            let before = game.observation_json(&state, mover);
            let action = game.random_action(&state, &mut rng);
            game.play_unchecked(&mut state, action);
            assert_ne!(
                game.observation_json(&state, mover),
                before,
                "seat {mover} does not see its own move {action}"
            );
        }
    }
}
