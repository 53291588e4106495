//! Readable pictures of Seaside states, actions and results ([`Describe`]).
//!
//! A seat's picture shows what that seat may see (docs/rules.md, Seaside,
//! "What each player knows"): the counters, every face up, the Sea, and both
//! faces of the tokens the seat drew itself (its hand, its Beaches' backs);
//! never the bag's order or content, the removed tokens, another player's
//! hand or the backs of tokens others drew. The referee's picture also lists
//! every seat's tokens with both faces, the bag in draw order and the
//! removed tokens.

use super::state::{Action, Phase, SeasideState};
use super::{Seaside, solo_rating};
use crate::display::{Describe, Viewer};
use crate::game::{Game, Seat};

/// `A/B` for a list of tokens by id.
fn token_list(s: &SeasideState, ids: &[u8]) -> String {
    let names: Vec<String> = ids
        .iter()
        .map(|&id| {
            let [a, b] = s.token(id as usize);
            format!("{a}/{b}")
        })
        .collect();
    if names.is_empty() {
        "none".to_string()
    } else {
        names.join(", ")
    }
}

/// `"1 Shell"`, `"2 Shells"`.
fn count(k: u8, what: &str) -> String {
    if k == 1 {
        format!("1 {what}")
    } else {
        format!("{k} {what}s")
    }
}

impl Describe for Seaside {
    fn describe_state(&self, s: &SeasideState, viewer: Viewer) -> String {
        let mut out = String::new();
        let won: u8 = s.won_faces.iter().sum();
        out.push_str(&format!(
            "Sea: {} (Isopod {}, Shell {}, Crab {}) · bag {} · removed {} · discarded {} \
             (Sandpiper {}, Isopod {})",
            s.sea_total(),
            s.sea[0],
            s.sea[1],
            s.sea[2],
            s.bag_len(),
            s.removed(),
            s.discarded_sandpipers + s.discarded_isopods,
            s.discarded_sandpipers,
            s.discarded_isopods
        ));
        if won > 0 {
            out.push_str(&format!(" · won from the Sea {won}"));
        }
        out.push('\n');
        let scores = self.scores(s);
        let drawn = &s.order[..s.drawn as usize];
        for p in 0..self.players as usize {
            let a = &s.seats[p];
            let compensation = i32::from(self.compensation(p));
            let share = scores[p] - a.tokens() - compensation;
            let mut backs = Vec::new();
            if viewer.sees_secrets_of(p) {
                for f in super::Face::ALL {
                    for _ in 0..a.beach_backs[f as usize] {
                        backs.push(f.name());
                    }
                }
            }
            out.push_str(&format!(
                "seat {p}: {} points{} · Beach {}{} · Wave {} · Rock {} · Sandpiper {}",
                a.tokens(),
                if share > 0 {
                    format!(" (+{share} from the Sea if the game ended now)")
                } else {
                    String::new()
                },
                a.beaches,
                if backs.is_empty() {
                    String::new()
                } else {
                    format!(" (backs {})", backs.join(", "))
                },
                a.waves,
                a.rocks,
                if a.stacks == 0 {
                    "none".to_string()
                } else {
                    format!("{} stack(s) of {}", a.stacks, a.stack_size)
                },
            ));
            if a.loose_sandpipers > 0 {
                out.push_str(&format!(" + {} (the 7th)", a.loose_sandpipers));
            }
            out.push_str(&format!(" · Shell {} · Crab {}", a.shells, a.crabs));
            if a.won > 0 {
                out.push_str(&format!(" · won {}", a.won));
            }
            if compensation > 0 {
                out.push_str(&format!(" · compensation +{compensation}"));
            }
            out.push('\n');
            if viewer.sees_secrets_of(p) {
                // Both faces of the tokens this seat drew, face up first.
                let mine: Vec<String> = drawn
                    .iter()
                    .map(|&id| id as usize)
                    .filter(|&id| s.drawer(id) == p && s.in_hand() != Some(id))
                    .map(|id| {
                        let flipped = if s.flipped(id) { " (flipped)" } else { "" };
                        format!("{}/{}{flipped}", s.up_face(id), s.back_face(id))
                    })
                    .collect();
                if !mine.is_empty() {
                    out.push_str(&format!(
                        "  seat {p} drew (face up/back): {}\n",
                        mine.join(", ")
                    ));
                }
            }
        }
        if viewer == Viewer::Referee {
            let bag_end = s.bag_end as usize;
            out.push_str(&format!(
                "bag, next first: {}\nremoved: {}\n",
                token_list(s, &s.order[s.drawn as usize..bag_end]),
                token_list(s, &s.order[bag_end..s.n as usize])
            ));
        }
        let p = s.to_move as usize;
        let a = &s.seats[p];
        match s.phase {
            Phase::ChooseFace => {
                if viewer.sees_secrets_of(p) {
                    let [fa, fb] = s.token(s.order[s.drawn as usize - 1] as usize);
                    out.push_str(&format!("seat {p} drew {fa}/{fb}: choose the face to play"));
                } else {
                    out.push_str(&format!("seat {p} drew a token and chooses its face"));
                }
            }
            Phase::Isopods => out.push_str(&format!(
                "seat {p} played a Sandpiper: take {} Isopods from the Sea",
                up_to(s.sea[0])
            )),
            Phase::Shells => out.push_str(&format!(
                "seat {p} played a Beach: take {} Shells from the Sea",
                up_to(s.sea[1].min(a.beaches))
            )),
            Phase::Flip => out.push_str(&format!("seat {p} played a Wave: flip a Beach")),
            Phase::Steal => out.push_str(&format!("seat {p} made a Crab Habitat: steal a Crab")),
            Phase::Over => out.push_str("game over"),
        }
        out
    }

    /// Who does what, in words; it shows nothing hidden (never the back of
    /// a played token: a flip shows the face it turns up, public from then
    /// on).
    fn describe_action(&self, before: &SeasideState, action: Action) -> String {
        let p = before.to_move as usize;
        match action {
            Action::Play(face) if face.is_sea() => {
                format!(
                    "seat {p} plays the drawn token {face} up: it goes to the Sea, seat {p} draws again"
                )
            }
            Action::Play(face) => format!("seat {p} plays the drawn token {face} up"),
            Action::Isopods(k) => {
                let a = &before.seats[p];
                let size = k.saturating_add(1);
                let fate = if a.stacks == 0 || size == a.stack_size {
                    "kept".to_string()
                } else if size < a.stack_size {
                    format!(
                        "discarded at once (smaller than the kept stacks of {})",
                        a.stack_size
                    )
                } else {
                    format!(
                        "kept, and the {} smaller stack(s) of {} are discarded",
                        a.stacks, a.stack_size
                    )
                };
                format!(
                    "seat {p} takes {} from the Sea: a Sandpiper stack of {size}, {fate}",
                    count(k, "Isopod")
                )
            }
            Action::Shells(k) => format!("seat {p} takes {} from the Sea", count(k, "Shell")),
            Action::Flip(back) => match self.flip_target(before, p, back) {
                Some(id) => format!("seat {p} flips its Beach (token {id}): it now shows {back}"),
                None => format!("seat {p} flips a Beach to {back} (it has none with that back)"),
            },
            Action::Steal(q) => format!("seat {p} steals a Crab from seat {q}"),
            Action::StealNone => {
                format!("seat {p} steals no Crab (no other player has one)")
            }
        }
    }

    fn describe_reveal(&self, before: &SeasideState, action: Action, viewer: Seat) -> String {
        let mut after = *before;
        self.play_unchecked(&mut after, action);
        if after.phase == Phase::Over {
            "the end of the game, which showed the bag".to_string()
        } else if before.to_move as Seat != viewer && matches!(action, Action::Play(_)) {
            format!("a token you have seen seat {} play", before.to_move)
        } else if before.to_move as Seat != viewer && matches!(action, Action::Flip(_)) {
            format!("a Beach you have seen seat {} flip", before.to_move)
        } else {
            "a token you have seen drawn".to_string()
        }
    }

    fn describe_result(&self, s: &SeasideState) -> String {
        let o = self.outcome(s);
        let mut out = String::new();
        for p in 0..self.players as usize {
            let a = &s.seats[p];
            out.push_str(&format!(
                "seat {p}: {} points (Beach {}, Wave {}, Rock {}, in Sandpiper stacks {}, \
                 Shell {}, Crab {}, from the Sea {}){}\n",
                o.scores[p],
                a.beaches,
                a.waves,
                a.rocks,
                a.stacks as u32 * a.stack_size as u32 + a.loose_sandpipers as u32,
                a.shells,
                a.crabs,
                a.won,
                if o.winners.contains(p) {
                    "  winner"
                } else {
                    ""
                }
            ));
        }
        if s.sea_total() > 0 {
            out.push_str(&format!("left in the Sea: {}\n", s.sea_total()));
        }
        if self.players == 1 {
            out.push_str(&format!("solo rating band: {}\n", solo_rating(o.scores[0])));
        } else {
            let w: Vec<String> = o.winners.iter().map(|p| p.to_string()).collect();
            out.push_str(&format!("winner(s): seat {}\n", w.join(", seat ")));
        }
        out
    }
}

/// How many a player may take, in words: `0` (nothing to take), `0 or 1`,
/// `0 to 3`.
fn up_to(most: u8) -> String {
    match most {
        0 => "0".to_string(),
        1 => "0 or 1".to_string(),
        n => format!("0 to {n}"),
    }
}
