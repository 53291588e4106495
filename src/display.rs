//! Readable pictures of states, actions and results, for people: the
//! `replay` account and (later) interactive play.
//!
//! A picture is drawn for a [`Viewer`]: the referee sees everything; a seat
//! sees only what it may see (its own secret cards, never the opponents',
//! the bag's order or face-down cards), so a picture for a seat can be shown
//! to the person in that seat.

use crate::game::{Game, Seat};

/// Who looks at a picture.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Viewer {
    /// Everything is shown (replays of finished games, debugging).
    Referee,
    /// Only what this seat may see is shown.
    Seat(Seat),
}

impl Viewer {
    /// Whether this viewer may see what `seat` keeps secret.
    pub fn sees_secrets_of(self, seat: Seat) -> bool {
        match self {
            Viewer::Referee => true,
            Viewer::Seat(s) => s == seat,
        }
    }
}

/// A game's readable account of itself.
pub trait Describe: Game {
    /// A picture of `state` (board, hands, piles) as `viewer` may see it.
    fn describe_state(&self, state: &Self::State, viewer: Viewer) -> String;
    /// A readable account of `action` played in `before` (for example the
    /// square and the item a Seashells move takes), visible to every seat.
    fn describe_action(&self, before: &Self::State, action: Self::Action) -> String {
        let _ = before;
        action.to_string()
    }
    /// A label for `action` offered as a choice in `state` to the seat to
    /// move, before it is played: like [`Describe::describe_action`] but
    /// never naming what playing it would reveal (a face-down card), so it
    /// can be shown to that seat. Default: `describe_action`.
    fn describe_choice(&self, state: &Self::State, action: Self::Action) -> String {
        self.describe_action(state, action)
    }
    /// A picture of `state` for the person who is to move in it, `viewer`:
    /// [`Describe::describe_state`] with the places that person's legal
    /// actions reach marked where the game has such places (Seashells marks
    /// the squares, or ring positions, that can be taken). Default: the
    /// plain picture.
    fn describe_with_choices(&self, state: &Self::State, viewer: Viewer) -> String {
        self.describe_state(state, viewer)
    }
    /// Notes for a person at play, shown under the picture: a legend of the
    /// picture's abbreviations and, where the scoring depends on who leads
    /// what, a tally of it from what `viewer` may see. Default: none.
    fn describe_notes(&self, state: &Self::State, viewer: Viewer) -> String {
        let _ = (state, viewer);
        String::new()
    }
    /// Other names a person may type for `action`, besides its text (its
    /// `Display`): Seashells' board name of a square (`h2` for `15`, `h2+b`
    /// for `15+b`). See [`crate::move_input`]. Default: none.
    fn action_names(&self, action: Self::Action) -> Vec<String> {
        let _ = action;
        Vec::new()
    }
    /// What `action` played in `before` showed `viewer`, in a person's
    /// words, for a move that [`Game::reveals`](crate::game::Game::reveals)
    /// something to it: the refusal of an undo says "undo would take back
    /// {this}" (Shell Dash: "a card you have seen turned"). Default: "a move
    /// that showed you something hidden".
    fn describe_reveal(&self, before: &Self::State, action: Self::Action, viewer: Seat) -> String {
        let _ = (before, action, viewer);
        "a move that showed you something hidden".to_string()
    }
    /// A readable account of the final scoring.
    fn describe_result(&self, terminal: &Self::State) -> String;
}
