//! The Seaside observation as JSON (docs/protocol.md): the counters, the
//! Sea and every face up are public; a seat sees both faces of the tokens
//! it drew and of flipped tokens, never the bag, the removed tokens,
//! another player's hand or the backs others keep. No token id appears
//! (ids follow the token set's listing, so they could hint at a face).

use serde_json::{Value, json};

use super::state::{DRAWER, FLIPPED, IN_HAND, Phase, SIDE_B, SeasideState};
use super::{Face, Seaside};
use crate::game::{Game, Seat};
use crate::observe::Observe;

/// The phase's name in the protocol.
fn phase_name(phase: Phase) -> &'static str {
    match phase {
        Phase::ChooseFace => "choose_face",
        Phase::Isopods => "isopods",
        Phase::Shells => "shells",
        Phase::Flip => "flip",
        Phase::Steal => "steal",
        Phase::Over => "over",
    }
}

impl Observe for Seaside {
    fn observation_json(&self, state: &SeasideState, seat: Seat) -> Value {
        // Built from the masked observation only: unknown faces are 0xF
        // nibbles there, others' Beach backs are zeroed.
        let o = self.observation(state, seat);
        let known = |nibble: u8| (nibble < 7).then(|| Face::from_index(nibble).name());
        // Drawn tokens in draw order (public history), each with what this
        // seat knows of it.
        let drawn: Vec<Value> = o.order[..o.drawn as usize]
            .iter()
            .map(|&id| {
                let id = id as usize;
                let info = o.info[id];
                let packed = o.faces[id];
                let (a, b) = (packed & 15, packed >> 4);
                let (up, back) = if info & SIDE_B != 0 { (b, a) } else { (a, b) };
                if info & IN_HAND != 0 {
                    json!({
                        "seat": info & DRAWER,
                        "in_hand": true,
                        "faces": known(a).zip(known(b)).map(|(a, b)| [a, b]),
                    })
                } else {
                    json!({
                        "seat": info & DRAWER,
                        "up": known(up),
                        "back": known(back),
                        "flipped": info & FLIPPED != 0,
                    })
                }
            })
            .collect();
        let seats: Vec<Value> = (0..self.players())
            .map(|p| {
                let a = &o.seats[p];
                let mut area = json!({
                    "beaches": a.beaches,
                    "waves": a.waves,
                    "rocks": a.rocks,
                    "stacks": a.stacks,
                    "stack_size": a.stack_size,
                    "shells": a.shells,
                    "crabs": a.crabs,
                    "won": a.won,
                    "loose_sandpipers": a.loose_sandpipers,
                    "tokens": a.tokens(),
                });
                // A lever (public), only when set: default observations keep
                // their keys.
                if self.compensation(p) > 0 {
                    area["compensation"] = Value::from(self.compensation(p));
                }
                if p == seat {
                    let backs: serde_json::Map<String, Value> = Face::ALL
                        .iter()
                        .filter(|&&f| a.beach_backs[f as usize] > 0)
                        .map(|&f| (f.name().to_string(), Value::from(a.beach_backs[f as usize])))
                        .collect();
                    area["beach_backs"] = Value::Object(backs);
                }
                area
            })
            .collect();
        json!({
            "seat": seat,
            "to_move": if o.phase == Phase::Over { Value::Null } else { Value::from(o.to_move) },
            "phase": phase_name(o.phase),
            "sea": {"Isopod": o.sea[0], "Shell": o.sea[1], "Crab": o.sea[2]},
            "bag": o.bag_len(),
            "removed": o.removed(),
            "discarded_sandpipers": o.discarded_sandpipers,
            "discarded_isopods": o.discarded_isopods,
            "won_from_sea": {"Isopod": o.won_faces[0], "Shell": o.won_faces[1], "Crab": o.won_faces[2]},
            "seats": seats,
            "drawn": drawn,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::seaside::TokenSet;
    use crate::rng::rng_from_seed;

    #[test]
    fn determinizations_look_the_same_and_moves_are_seen() {
        for (players, removed) in [(1, Some(0)), (2, None), (3, Some(18)), (5, Some(0))] {
            let game = Seaside::new(players, removed, TokenSet::standard()).unwrap();
            crate::observe::check_observation_json(&game, 2, players as u64);
        }
    }

    #[test]
    fn the_bag_and_others_backs_are_unknown_and_own_ones_known() {
        let game = Seaside::new(2, Some(10), TokenSet::standard()).unwrap();
        let mut rng = rng_from_seed(3);
        let mut state = game.new_game(&mut rng);
        // Play until seat 1 has drawn and placed a few tokens.
        for _ in 0..12 {
            let a = game.random_action(&state, &mut rng);
            game.play_unchecked(&mut state, a);
        }
        // Swapping two bag tokens of different kinds is invisible to all.
        let bag = &state.order[state.drawn as usize..state.bag_end as usize];
        let (x, y) = bag
            .iter()
            .flat_map(|&x| bag.iter().map(move |&y| (x, y)))
            .find(|&(x, y)| state.faces[x as usize] != state.faces[y as usize])
            .unwrap();
        let mut swapped = state;
        swapped.faces.swap(x as usize, y as usize);
        for seat in 0..2 {
            assert_eq!(
                game.observation_json(&swapped, seat),
                game.observation_json(&state, seat)
            );
        }
        // A placed token of seat 0 with a hidden back: changing its back is
        // seen by seat 0 only.
        let drawn = &state.order[..state.drawn as usize];
        let id = *drawn
            .iter()
            .find(|&&id| {
                let info = state.info[id as usize];
                info & DRAWER == 0 && info & (IN_HAND | FLIPPED) == 0
            })
            .unwrap() as usize;
        let mut changed = state;
        let up = state.up_face(id) as u8;
        let other = (0..7).find(|&f| f != state.back_face(id) as u8).unwrap();
        changed.faces[id] = up | other << 4;
        changed.info[id] &= !SIDE_B;
        assert_eq!(
            game.observation_json(&changed, 1),
            game.observation_json(&state, 1)
        );
        assert_ne!(
            game.observation_json(&changed, 0),
            game.observation_json(&state, 0)
        );
        let text = game.observation_json(&state, 1).to_string();
        assert!(
            !text.contains("order") && !text.contains("\"id\""),
            "{text}"
        );
    }
}
