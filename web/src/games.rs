//! What the web app needs of each game beyond the library's traits: the
//! scores a viewer may see while the game goes on, and what only the
//! referee sees (face-down cards, the bag, the deck's order).
//!
//! A seat's view is built from [`beachcomber::observe::Observe`] (blind to
//! what the seat may not see, by construction) and
//! [`beachcomber::display::Describe`] with [`Viewer::Seat`]; nothing here
//! is ever added to a seat's view except scores every seat sees.

use beachcomber::Game;
use beachcomber::display::Viewer;
use beachcomber::games::GameKind;
use beachcomber::games::seashells::Seashells;
use beachcomber::games::seaside::Seaside;
use beachcomber::games::shell_dash::{COLUMNS, Card, ShellDash};
use beachcomber_bots::CompiledBots;
use serde_json::{Value, json};

/// A game as the web app draws it.
pub trait WebGame: GameKind + CompiledBots {
    /// The scores `viewer` may see in `state`: the final scores once the
    /// game is over, else [`WebGame::scores_in_play`].
    fn running_scores(&self, state: &Self::State, viewer: Viewer) -> Option<Vec<i32>> {
        if self.to_move(state).is_none() {
            return Some(self.outcome(state).scores.to_vec());
        }
        self.scores_in_play(state, viewer)
    }
    /// The scores `viewer` may see in an unfinished `state`: what the
    /// public counters give, or `None` when the score depends on what
    /// `viewer` may not see (Seashells' coins depend on the secret cards:
    /// only the referee sees them early).
    fn scores_in_play(&self, state: &Self::State, viewer: Viewer) -> Option<Vec<i32>>;
    /// What the referee sees beyond every seat's observation, as JSON
    /// (`null` when nothing): never put into a seat's view.
    fn revealed(&self, state: &Self::State) -> Value;
    /// The chance events between `before` and `after` (one move and what
    /// followed it) as `viewer` may see them: a Seaside draw from the bag,
    /// a Shell Dash reshuffle. `None` when nothing was left to chance.
    fn chance_note(
        &self,
        before: &Self::State,
        after: &Self::State,
        viewer: Viewer,
    ) -> Option<String>;
    /// The board place a legal `action` of `state` acts on, for a click on
    /// the board: Seashells' square or ring position taken (where the
    /// Bucket goes, public). `None` for games whose page finds the place
    /// from the action's text, or actions without a place.
    fn action_place(&self, state: &Self::State, action: Self::Action) -> Option<usize> {
        let _ = (state, action);
        None
    }
}

impl WebGame for Seashells {
    fn scores_in_play(
        &self,
        state: &<Self as beachcomber::Game>::State,
        viewer: Viewer,
    ) -> Option<Vec<i32>> {
        match viewer {
            Viewer::Referee => Some(self.breakdown(state).coins),
            Viewer::Seat(_) => None,
        }
    }

    fn revealed(&self, _state: &<Self as beachcomber::Game>::State) -> Value {
        // Every secret card is some seat's own: the referee's view holds
        // every seat's observation.
        Value::Null
    }

    fn chance_note(
        &self,
        _before: &<Self as beachcomber::Game>::State,
        _after: &<Self as beachcomber::Game>::State,
        _viewer: Viewer,
    ) -> Option<String> {
        // Everything random was dealt at setup.
        None
    }

    fn action_place(
        &self,
        state: &<Self as beachcomber::Game>::State,
        action: <Self as beachcomber::Game>::Action,
    ) -> Option<usize> {
        use beachcomber::Game;
        // The Bucket moves onto the place it takes.
        let mut after = *state;
        self.play_unchecked(&mut after, action);
        Some(after.bucket as usize)
    }
}

impl WebGame for Seaside {
    fn scores_in_play(
        &self,
        state: &<Self as beachcomber::Game>::State,
        _viewer: Viewer,
    ) -> Option<Vec<i32>> {
        // Every token in front of a player, and the Sea's split: public.
        Some(self.scores(state).to_vec())
    }

    fn revealed(&self, state: &<Self as beachcomber::Game>::State) -> Value {
        let drawn = state.drawn as usize;
        let bag_end = state.bag_end as usize;
        let names = |ids: &[u8]| -> Vec<Value> {
            ids.iter()
                .map(|&id| {
                    let [a, b] = state.token(id as usize);
                    json!([a.name(), b.name()])
                })
                .collect()
        };
        json!({
            "bag": names(&state.order[drawn..bag_end]),
            "removed": names(&state.order[bag_end..state.n as usize]),
        })
    }

    fn chance_note(
        &self,
        before: &<Self as beachcomber::Game>::State,
        after: &<Self as beachcomber::Game>::State,
        viewer: Viewer,
    ) -> Option<String> {
        if after.drawn <= before.drawn {
            return None;
        }
        let drawn: Vec<String> = after.order[before.drawn as usize..after.drawn as usize]
            .iter()
            .map(|&id| {
                let id = id as usize;
                let seat = after.drawer(id);
                if viewer.sees_secrets_of(seat) {
                    let [a, b] = after.token(id);
                    format!("seat {seat} draws a token ({a}/{b})")
                } else {
                    format!("seat {seat} draws a token")
                }
            })
            .collect();
        Some(format!(
            "{} from the bag ({} left)",
            drawn.join(", "),
            after.bag_len()
        ))
    }
}

impl WebGame for ShellDash {
    fn scores_in_play(
        &self,
        state: &<Self as beachcomber::Game>::State,
        _viewer: Viewer,
    ) -> Option<Vec<i32>> {
        Some(
            state.shells[..self.players()]
                .iter()
                .map(|&s| i32::from(s))
                .collect(),
        )
    }

    fn revealed(&self, state: &<Self as beachcomber::Game>::State) -> Value {
        let rows: Vec<Value> = (0..state.rows as usize)
            .map(|r| {
                (0..COLUMNS)
                    .map(|c| match state.place(r, c) {
                        Some((card, true)) => Value::from(card.name()),
                        _ => Value::Null,
                    })
                    .collect()
            })
            .collect();
        let deck: Vec<&str> = state.deck[state.top as usize..state.len as usize]
            .iter()
            .filter_map(|&code| Card::from_code(code).map(|c| c.name()))
            .collect();
        json!({ "face_down": rows, "deck": deck })
    }

    fn chance_note(
        &self,
        before: &<Self as beachcomber::Game>::State,
        after: &<Self as beachcomber::Game>::State,
        viewer: Viewer,
    ) -> Option<String> {
        if after.reshuffles <= before.reshuffles {
            return None;
        }
        let size = after.deck_size();
        Some(match viewer {
            Viewer::Referee => {
                let deck: Vec<&str> = after.deck[after.top as usize..after.len as usize]
                    .iter()
                    .filter_map(|&code| Card::from_code(code).map(|c| c.name()))
                    .collect();
                format!("reshuffle: the new deck, top first: {}", deck.join(", "))
            }
            Viewer::Seat(_) => format!("reshuffle: the deck now holds {size} cards"),
        })
    }
}
