//! Views of a game as JSON, for the referee or for one seat: one frame per
//! position (the board as the viewer may see it, the text picture, the
//! scores the viewer may see) and the moves between them.
//!
//! A seat's frame holds only what that seat may see: the seat's
//! observation ([`Observe::observation_json`], built from the masked
//! observation), the picture for [`Viewer::Seat`] and public scores; the
//! moves are described with
//! [`describe_action`](beachcomber::display::Describe::describe_action),
//! what every seat
//! sees. Two states the seat cannot tell apart give byte-identical JSON
//! (tested in `web/tests/hidden.rs`).

use beachcomber::display::Viewer;
use beachcomber::game::Seat;
use beachcomber::record::{GameEnd, GameRecord, Replay};
use serde_json::{Value, json};

use crate::games::WebGame;

/// Why a view or a window of a replay was refused (shown to the user as is).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ViewError {
    /// `view=` is neither `referee` nor a seat of the game (the text is
    /// already made one line).
    #[error("view `{text}`: give `referee` or a seat from 0 to {last}")]
    Viewer {
        /// What was given, on one line.
        text: String,
        /// The last seat.
        last: usize,
    },
    /// `offset=` is past the game's end.
    #[error("offset {offset}: the game has {moves} move(s) (give 0 to {moves})")]
    Offset {
        /// What was given.
        offset: usize,
        /// The game's moves.
        moves: usize,
    },
}

/// Who a view is for, as the API names it: `referee` or a seat number.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ViewerArg(pub Viewer);

impl ViewerArg {
    /// Parse `referee` (or nothing) or a seat number below `players`.
    pub fn parse(text: Option<&str>, players: usize) -> Result<ViewerArg, ViewError> {
        match text {
            None | Some("referee") | Some("") => Ok(ViewerArg(Viewer::Referee)),
            Some(t) => match t.parse::<usize>() {
                Ok(s) if s < players => Ok(ViewerArg(Viewer::Seat(s))),
                _ => Err(ViewError::Viewer {
                    text: beachcomber::spec::one_line(t),
                    last: players.saturating_sub(1),
                }),
            },
        }
    }
}

/// One position as `viewer` may see it.
pub fn frame<G: WebGame>(game: &G, state: &G::State, viewer: Viewer) -> Value {
    let over = game.to_move(state).is_none();
    let (obs, seats, revealed) = match viewer {
        Viewer::Seat(s) => (game.observation_json(state, s), Value::Null, Value::Null),
        Viewer::Referee => {
            let all: Vec<Value> = (0..game.players())
                .map(|s| game.observation_json(state, s))
                .collect();
            (all[0].clone(), Value::Array(all), game.revealed(state))
        }
    };
    let mut frame = json!({
        "viewer": viewer_json(viewer),
        "to_move": game.to_move(state),
        "over": over,
        "obs": obs,
        "text": game.describe_state(state, viewer),
        "scores": WebGame::running_scores(game, state, viewer),
    });
    if viewer == Viewer::Referee {
        frame["seats"] = seats;
        frame["revealed"] = revealed;
    }
    if over {
        let outcome = game.outcome(state);
        frame["winners"] = outcome.winners.iter().collect::<Vec<Seat>>().into();
        frame["result_text"] = game.describe_result(state).into();
    }
    frame
}

/// `null` for the referee, the seat number for a seat.
pub fn viewer_json(viewer: Viewer) -> Value {
    match viewer {
        Viewer::Referee => Value::Null,
        Viewer::Seat(s) => s.into(),
    }
}

/// One move played in `before`, giving `after`.
pub fn move_json<G: WebGame>(
    game: &G,
    before: &G::State,
    action: G::Action,
    after: &G::State,
    viewer: Viewer,
) -> Value {
    json!({
        "seat": game.to_move(before),
        "action": action.to_string(),
        "text": game.describe_action(before, action),
        "chance": game.chance_note(before, after, viewer),
        "place": game.action_place(before, action),
    })
}

/// The part of a replay one answer holds: the moves `offset..offset +
/// limit` (clamped to the game) and the positions before and after each.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Window {
    /// The first position (0: the setup; `k`: after move `k`).
    pub offset: usize,
    /// The most moves (at most [`crate::limits::MAX_REPLAY_MOVES`]).
    pub limit: usize,
}

impl Default for Window {
    /// From the setup, as many moves as one answer holds.
    fn default() -> Window {
        Window {
            offset: 0,
            limit: crate::limits::MAX_REPLAY_MOVES,
        }
    }
}

impl Window {
    /// The window `offset`, `limit` (each optional) of a game of `moves`
    /// moves: an offset past the end is refused; the limit is clamped to 1
    /// ..= [`crate::limits::MAX_REPLAY_MOVES`].
    pub fn parse(
        offset: Option<usize>,
        limit: Option<usize>,
        moves: usize,
    ) -> Result<Window, ViewError> {
        let offset = offset.unwrap_or(0);
        if offset > moves {
            return Err(ViewError::Offset { offset, moves });
        }
        let limit = limit
            .unwrap_or(crate::limits::MAX_REPLAY_MOVES)
            .clamp(1, crate::limits::MAX_REPLAY_MOVES);
        Ok(Window { offset, limit })
    }
}

/// A window of the replay of a verified record for `viewer`: the header,
/// `total_moves`, `offset` (the window's first position), `previous` (the
/// move before it, or `null`), the window's moves and a frame for each of
/// its positions (one more than its moves: from the position at `offset`
/// to the one after its last move). A game of at most
/// [`crate::limits::MAX_REPLAY_MOVES`] moves fits one window whole.
pub fn replay_json<G: WebGame>(
    game: &G,
    record: &GameRecord,
    replay: &Replay<G>,
    viewer: Viewer,
    window: Window,
) -> Value {
    let total = replay.steps.len();
    let from = window.offset.min(total);
    let to = from.saturating_add(window.limit).min(total);
    // The state before move `k` (0-based), or the final state at the end.
    let state = |k: usize| replay.steps.get(k).map_or(&replay.final_state, |(s, _)| s);
    let move_at = |k: usize| {
        let (before, action) = &replay.steps[k];
        move_json(game, before, *action, state(k + 1), viewer)
    };
    let frames: Vec<Value> = (from..=to).map(|k| frame(game, state(k), viewer)).collect();
    let moves: Vec<Value> = (from..to).map(move_at).collect();
    let mut out = header_json(game.canonical_spec(), record);
    out.insert("viewer".into(), viewer_json(viewer));
    out.insert("total_moves".into(), total.into());
    out.insert("offset".into(), from.into());
    out.insert(
        "previous".into(),
        from.checked_sub(1).map_or(Value::Null, move_at),
    );
    out.insert("moves".into(), moves.into());
    out.insert("frames".into(), frames.into());
    Value::Object(out)
}

/// The fields of a record that the record lists and the replays both show:
/// game, canonical spec, players, bots, seed, end and result.
pub fn header_json(spec: String, record: &GameRecord) -> serde_json::Map<String, Value> {
    let mut out = serde_json::Map::new();
    out.insert("game".into(), json!(record.game));
    out.insert("spec".into(), json!(spec));
    out.insert("players".into(), json!(record.players));
    out.insert("bots".into(), json!(record.bots));
    out.insert("bots_short".into(), json!(short_specs(&record.bots)));
    out.insert("seed".into(), json!(record.seed_text()));
    out.insert("end".into(), json!(end_text(record.end)));
    out.insert("result".into(), json!(record.result));
    out
}

/// Each bot's short spec (its options at their defaults left out), for the
/// pages; `bots` keeps the canonical specs.
pub fn short_specs(bots: &[String]) -> Vec<String> {
    bots.iter()
        .map(|b| beachcomber_bots::short_spec(b))
        .collect()
}

/// `finished`, `unfinished` or `forfeit by seat S`.
pub fn end_text(end: GameEnd) -> String {
    match end {
        GameEnd::Finished => "finished".into(),
        GameEnd::Unfinished => "unfinished".into(),
        GameEnd::Forfeit(s) => format!("forfeit by seat {s}"),
    }
}

/// Legal actions of `state` for the seat to move, as that seat may see
/// them ([`describe_choice`](beachcomber::display::Describe::describe_choice)
/// never names what an action would
/// reveal): `[{"index", "action", "label", "place"}]` (`place`: the board
/// place it acts on, [`WebGame::action_place`], or `null`).
pub fn choices<G: WebGame>(game: &G, state: &G::State) -> Vec<Value> {
    game.legal_actions(state)
        .iter()
        .enumerate()
        .map(|(i, &a)| {
            json!({
                "index": i,
                "action": a.to_string(),
                "label": game.describe_choice(state, a),
                "place": game.action_place(state, a),
            })
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The refusals are typed, with the text the API has always sent.
    #[test]
    fn refusals_are_typed_with_the_api_text() {
        let e = ViewerArg::parse(Some("9\nx"), 2).unwrap_err();
        assert_eq!(
            e,
            ViewError::Viewer {
                text: beachcomber::spec::one_line("9\nx"),
                last: 1
            }
        );
        assert_eq!(
            e.to_string(),
            format!(
                "view `{}`: give `referee` or a seat from 0 to 1",
                beachcomber::spec::one_line("9\nx")
            )
        );
        let e = Window::parse(Some(8), None, 7).unwrap_err();
        assert_eq!(
            e,
            ViewError::Offset {
                offset: 8,
                moves: 7
            }
        );
        assert_eq!(
            e.to_string(),
            "offset 8: the game has 7 move(s) (give 0 to 7)"
        );
    }
}
