//! Seaside's part of the game records (RULES.md §4) and its readable account.
//!
//! - `options`: `{"removed": N}` with the number of tokens set aside *in that
//!   game* (drawn per game when the configuration does not fix it, so the
//!   record states it through
//!   [`RecordFormat::options_json_for`]). With a custom token set, also
//!   `"tokens": [[FACE_A, FACE_B, COUNT], ...]` (the manifest's lines), so
//!   that the record is replayable without the manifest file.
//! - `setup`: `"tokens"` (`[FACE_A, FACE_B]` by id), `"bag"` (ids, first
//!   drawn first), `"removed"` (ids).
//! - events: `play`, `isopods`, `shells`, `flip` (a token id), `steal` (a
//!   seat or null). A `flip` names the lowest id among the player's Beaches
//!   with the chosen back (the engine's rule); a replay refuses an id that is
//!   not one of the player's Beaches, or not the one the engine flips.

use serde_json::{Value, json};

use super::tokens::{Face, MAX_TOKENS, TokenSet, kind_of, pack};
use super::{Action, Seaside, SeasideState};
use crate::game::Game;
use crate::record::{RecordError, RecordFormat, Replay, replay_decisions};

fn face_json(f: Face) -> Value {
    Value::String(f.name().to_string())
}

fn parse_face(v: &Value) -> Result<Face, String> {
    let name = v
        .as_str()
        .ok_or_else(|| format!("`{v}` is not a face name"))?;
    Face::from_name(name).ok_or_else(|| format!("unknown face `{name}`"))
}

fn id_list(setup: &Value, field: &str) -> Result<Vec<u8>, RecordError> {
    let arr = setup
        .get(field)
        .and_then(Value::as_array)
        .ok_or_else(|| RecordError::field(format!("setup.{field}"), "missing or not an array"))?;
    arr.iter()
        .map(|v| {
            v.as_u64()
                .filter(|&id| id < MAX_TOKENS as u64)
                .map(|id| id as u8)
                .ok_or_else(|| {
                    RecordError::field(format!("setup.{field}"), format!("`{v}` is not a token id"))
                })
        })
        .collect()
}

impl Seaside {
    fn options_with(&self, removed: Value) -> Value {
        let mut options = json!({ "removed": removed });
        if self.custom {
            let lines: Vec<Value> = self
                .set
                .lines()
                .into_iter()
                .map(|(a, b, c)| json!([a.name(), b.name(), c]))
                .collect();
            options["tokens"] = Value::Array(lines);
        }
        options
    }

    fn decode_event(&self, s: &SeasideState, e: &Value) -> Result<Action, String> {
        let seat = s.to_move as usize;
        if let Some(v) = e.get("play") {
            return parse_face(v).map(Action::Play);
        }
        if let Some(v) = e.get("isopods") {
            let k = v.as_u64().filter(|&k| k < 256).ok_or("bad `isopods`")?;
            return Ok(Action::Isopods(k as u8));
        }
        if let Some(v) = e.get("shells") {
            let k = v.as_u64().filter(|&k| k < 256).ok_or("bad `shells`")?;
            return Ok(Action::Shells(k as u8));
        }
        if let Some(v) = e.get("flip") {
            let id = v.as_u64().ok_or("`flip` is not a token id")?;
            if id >= MAX_TOKENS as u64 || !s.is_beach_of(id as usize, seat) {
                return Err(format!("token {id} is not one of seat {seat}'s Beaches"));
            }
            let back = s.back_face(id as usize);
            let target = self.flip_target(s, seat, back);
            if target != Some(id as usize) {
                return Err(format!(
                    "token {id} is a Beach of seat {seat} with back {back}, but the engine \
                     flips the lowest such id ({})",
                    target.map_or("none".to_string(), |t| t.to_string())
                ));
            }
            return Ok(Action::Flip(back));
        }
        if let Some(v) = e.get("steal") {
            if v.is_null() {
                return Ok(Action::StealNone);
            }
            let q = v
                .as_u64()
                .filter(|&q| q < self.players as u64)
                .ok_or_else(|| format!("`steal` {v} is not a seat or null"))?;
            return Ok(Action::Steal(q as u8));
        }
        Err(format!("unknown event {e}"))
    }
}

impl RecordFormat for Seaside {
    /// `{"removed": N}` when the configuration fixes it, else
    /// `{"removed": null}` (each game's record states its own number).
    fn options_json(&self) -> Value {
        self.options_with(self.removed.map_or(Value::Null, |r| json!(r)))
    }

    fn options_json_for(&self, initial: &SeasideState) -> Value {
        self.options_with(json!(initial.removed()))
    }

    fn from_record_options(players: usize, options: &Value) -> Result<Self, RecordError> {
        let removed = match options.get("removed") {
            None | Some(Value::Null) => None,
            Some(v) => Some(v.as_u64().filter(|&r| r <= 69).ok_or_else(|| {
                RecordError::field("options.removed", format!("`{v}` is not 0..=69"))
            })? as usize),
        };
        let set = match options.get("tokens") {
            None => TokenSet::standard(),
            Some(lines) => {
                let bad = |why: String| RecordError::field("options.tokens", why);
                let lines = lines.as_array().ok_or_else(|| bad("not an array".into()))?;
                let mut tokens = Vec::new();
                for line in lines {
                    let parts = line
                        .as_array()
                        .filter(|p| p.len() == 3)
                        .ok_or_else(|| bad(format!("`{line}` is not [FACE_A, FACE_B, COUNT]")))?;
                    let a = parse_face(&parts[0]).map_err(bad)?;
                    let b = parse_face(&parts[1]).map_err(bad)?;
                    let c = parts[2]
                        .as_u64()
                        .filter(|&c| c <= MAX_TOKENS as u64)
                        .ok_or_else(|| bad(format!("bad count in `{line}`")))?;
                    tokens.extend(std::iter::repeat_n([a, b], c as usize));
                }
                TokenSet::from_tokens(&tokens).map_err(|e| bad(e.to_string()))?
            }
        };
        Seaside::new(players, removed, set)
            .map_err(|e| RecordError::field("options", e.to_string()))
    }

    fn setup_json(&self, s: &SeasideState) -> Value {
        let n = s.n as usize;
        let tokens: Vec<Value> = (0..n)
            .map(|id| {
                let [a, b] = s.token(id);
                json!([a.name(), b.name()])
            })
            .collect();
        json!({
            "tokens": tokens,
            "bag": &s.order[..s.bag_end as usize],
            "removed": &s.order[s.bag_end as usize..n],
        })
    }

    fn action_events(
        &self,
        before: &SeasideState,
        action: Action,
        _after: &SeasideState,
        out: &mut Vec<Value>,
    ) {
        let seat = before.to_move;
        out.push(match action {
            Action::Play(f) => json!({ "seat": seat, "play": face_json(f) }),
            Action::Isopods(k) => json!({ "seat": seat, "isopods": k }),
            Action::Shells(k) => json!({ "seat": seat, "shells": k }),
            Action::Flip(back) => {
                json!({ "seat": seat, "flip": self.flip_target(before, seat as usize, back) })
            }
            Action::Steal(q) => json!({ "seat": seat, "steal": q }),
            Action::StealNone => json!({ "seat": seat, "steal": null }),
        });
    }

    fn result_json(&self, s: &SeasideState) -> Value {
        let o = self.outcome(s);
        json!({
            "scores": o.scores.as_slice(),
            "winners": o.winners.iter().collect::<Vec<_>>(),
        })
    }

    fn replay(&self, setup: &Value, events: &[Value]) -> Result<Replay<Self>, RecordError> {
        let list = setup
            .get("tokens")
            .and_then(Value::as_array)
            .ok_or_else(|| RecordError::field("setup.tokens", "missing or not an array"))?;
        if list.len() != self.set.len() {
            return Err(RecordError::field(
                "setup.tokens",
                format!("{} tokens, the set holds {}", list.len(), self.set.len()),
            ));
        }
        let mut packed = Vec::with_capacity(list.len());
        let mut kinds = [0u8; super::tokens::KINDS];
        for (id, t) in list.iter().enumerate() {
            let pair = t.as_array().filter(|p| p.len() == 2).ok_or_else(|| {
                RecordError::field("setup.tokens", format!("token {id}: not [FACE_A, FACE_B]"))
            })?;
            let a = parse_face(&pair[0]).map_err(|e| RecordError::field("setup.tokens", e))?;
            let b = parse_face(&pair[1]).map_err(|e| RecordError::field("setup.tokens", e))?;
            kinds[kind_of(a as u8, b as u8)] += 1;
            packed.push(pack(a, b));
        }
        if &kinds != self.set.kind_counts() {
            return Err(RecordError::field(
                "setup.tokens",
                "not the token set of this configuration",
            ));
        }
        let bag = id_list(setup, "bag")?;
        let removed = id_list(setup, "removed")?;
        if let Some(r) = self.removed
            && removed.len() != r as usize
        {
            return Err(RecordError::field(
                "setup.removed",
                format!("{} tokens removed, the options say {r}", removed.len()),
            ));
        }
        let initial = self.start_from(&packed, &bag, &removed)?;
        replay_decisions(self, initial, events, |s, e| self.decode_event(s, e))
    }
}
