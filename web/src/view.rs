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

/// Who a view is for, as the API names it: `referee` or a seat number.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ViewerArg(pub Viewer);

impl ViewerArg {
    /// Parse `referee` (or nothing) or a seat number below `players`.
    pub fn parse(text: Option<&str>, players: usize) -> Result<ViewerArg, String> {
        match text {
            None | Some("referee") | Some("") => Ok(ViewerArg(Viewer::Referee)),
            Some(t) => match t.parse::<usize>() {
                Ok(s) if s < players => Ok(ViewerArg(Viewer::Seat(s))),
                _ => Err(format!(
                    "view `{}`: give `referee` or a seat from 0 to {}",
                    beachcomber::spec::one_line(t),
                    players.saturating_sub(1)
                )),
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

/// The moves of a replayed game, each with the seat that made it, its
/// text, its readable account and the chance events it caused as
/// `viewer` may see them.
pub fn moves<G: WebGame>(game: &G, replay: &Replay<G>, viewer: Viewer) -> Vec<Value> {
    replay
        .steps
        .iter()
        .enumerate()
        .map(|(ply, (before, action))| {
            let after = replay
                .steps
                .get(ply + 1)
                .map_or(&replay.final_state, |(s, _)| s);
            move_json(game, before, *action, after, viewer)
        })
        .collect()
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

/// The whole replay of a verified record for `viewer`: the header, the
/// moves and a frame for each position (the setup, then after each move).
pub fn replay_json<G: WebGame>(
    game: &G,
    record: &GameRecord,
    replay: &Replay<G>,
    viewer: Viewer,
) -> Value {
    let mut frames = Vec::with_capacity(replay.steps.len() + 1);
    for (state, _) in &replay.steps {
        frames.push(frame(game, state, viewer));
    }
    frames.push(frame(game, &replay.final_state, viewer));
    let mut out = header_json(game.canonical_spec(), record);
    out.insert("viewer".into(), viewer_json(viewer));
    out.insert("moves".into(), moves(game, replay, viewer).into());
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
