//! Seaside: conformance, hand-built positions for every ruling, token
//! conservation and determinization consistency, options and records.

use beachcomber::display::{Describe, Viewer};
use beachcomber::game::{Evaluate, Game, InvalidState, SeatSet};
use beachcomber::games::seaside::tokens::{FACES, MAX_MANIFEST_BYTES, kind_of};
use beachcomber::games::seaside::{
    Action, Face, Phase, Seaside, SeasideState, TokenSet, TokenSetError, solo_rating,
};
use beachcomber::games::{AnyGame, GameKind};
use beachcomber::record::{RecordFormat, build_record, verify_record};
use beachcomber::rng::{below, rng_from_seed};
use beachcomber::spec::Spec;
use beachcomber::spec_files::resolve_spec_files;
use beachcomber::testing::conformance::{Conformance, check_game};

use Face::{Beach as B, Crab as C, Isopod as I, Rock as R, Sandpiper as P, Shell as S, Wave as W};

/// The configuration of `spec`, its files read as the command line reads
/// them ([`resolve_spec_files`]).
fn game(spec: &str, players: usize) -> Seaside {
    let spec: Spec = resolve_spec_files(spec).unwrap().parse().unwrap();
    Seaside::from_spec(&spec, players).unwrap()
}

/// A game on a set holding exactly `tokens`, drawn in that order (nothing
/// removed): a hand-built position is reached by playing actions.
fn stacked(players: usize, tokens: &[(Face, Face)]) -> (Seaside, SeasideState) {
    let list: Vec<[Face; 2]> = tokens.iter().map(|&(a, b)| [a, b]).collect();
    let set = TokenSet::from_tokens(&list).unwrap();
    let g = Seaside::new(players, Some(0), set).unwrap();
    let bag: Vec<u8> = (0..tokens.len() as u8).collect();
    let s = g.start_from(set.packed(), &bag, &[]).unwrap();
    (g, s)
}

/// Play actions given in text form, checked, with invariants after each.
fn run(g: &Seaside, s: &mut SeasideState, actions: &[&str]) {
    for text in actions {
        let a = g
            .parse_action(text)
            .unwrap_or_else(|| panic!("bad action text {text}"));
        *s = g
            .play(s, a)
            .unwrap_or_else(|e| panic!("{text}: {e}\n{}", g.describe_state(s, Viewer::Referee)));
        g.check_invariants(s)
            .unwrap_or_else(|e| panic!("after {text}: {e}"));
    }
}

fn legal(g: &Seaside, s: &SeasideState) -> Vec<String> {
    g.legal_actions(s).iter().map(|a| a.to_string()).collect()
}

fn scores(g: &Seaside, s: &SeasideState) -> Vec<i32> {
    g.outcome(s).scores.to_vec()
}

fn winners(seats: &[usize]) -> SeatSet {
    let mut w = SeatSet::EMPTY;
    for &p in seats {
        w.insert(p);
    }
    w
}

// ---------------------------------------------------------------- conformance

#[test]
fn conformance_all_player_counts() {
    for (players, spec, games) in [
        (1, "seaside", 60),
        (2, "seaside", 60),
        (2, "seaside(removed=0)", 30),
        (3, "seaside", 60),
        (3, "seaside(removed=18)", 30),
        (4, "seaside", 60),
        (4, "seaside(removed=69)", 30),
        (5, "seaside(removed=7)", 60),
    ] {
        let g = game(spec, players);
        let report = check_game(
            &g,
            Conformance {
                games,
                worlds_per_state: 2,
                ..Default::default()
            },
        );
        assert_eq!(report.games, games, "{spec} {players}p");
        assert!(report.plies >= games, "{spec} {players}p");
        if players > 1 {
            assert!(report.determinizations_differing > 0, "{spec} {players}p");
        }
        // The bag's order is chance: most worlds of `determinize_chance`
        // differ from the truth (every seat's observation kept, checked).
        assert!(
            report.chance_worlds_differing * 2 > report.plies,
            "{spec} {players}p: {report:?}"
        );
        // Draws and others' plays show faces, taking from the Sea nothing.
        assert!(
            report.revealing > 0 && report.quiet > 0,
            "{spec} {players}p: {report:?}"
        );
    }
}

#[test]
fn state_is_small_and_copy() {
    fn is_copy<T: Copy>() {}
    is_copy::<SeasideState>();
    // The configuration keeps its manifest path (for the canonical spec), so
    // it is Clone, not Copy; a clone shares the path (tests/seaside_alloc.rs).
    assert_eq!(std::mem::size_of::<SeasideState>(), 560);
    assert_eq!(std::mem::size_of::<Action>(), 2);
}

#[test]
fn conformance_custom_set_with_doubles() {
    let set = TokenSet::parse(
        "Isopod Isopod 3\nBeach Beach 4\nWave Beach 6\nRock Rock 5\nCrab Sandpiper 6\nShell Wave 6",
    )
    .unwrap();
    let g = Seaside::new(3, Some(2), set).unwrap();
    let report = check_game(
        &g,
        Conformance {
            games: 80,
            ..Default::default()
        },
    );
    assert_eq!(report.games, 80);
}

// ------------------------------------------------------------ the Sandpiper

#[test]
fn sandpiper_stacks_keep_discard_smaller_and_larger_discards_others() {
    let (g, mut s) = stacked(
        2,
        &[
            (I, S), // 0: seat 0, Isopod to the Sea, draws again
            (I, S), // 1: seat 0, Isopod
            (P, R), // 2: seat 0, Sandpiper, takes 1: a stack of 2
            (P, R), // 3: seat 1, Rock
            (P, B), // 4: seat 0, Sandpiper, takes 1: equal, kept
            (R, W), // 5: seat 1, Rock (2nd): habitat, nobody to steal from
            (P, B), // 6: seat 0, Sandpiper, takes 0: smaller, discarded
            (W, R), // 7: seat 1, Wave, no Beach
            (I, C), // 8: seat 0, Isopod
            (I, C), // 9: seat 0, Isopod
            (P, R), // 10: seat 0, Sandpiper, takes 2: larger, the others go
            (B, W), // 11: seat 1, Beach
        ],
    );
    run(
        &g,
        &mut s,
        &["play:Isopod", "play:Isopod", "play:Sandpiper"],
    );
    assert_eq!(legal(&g, &s), ["isopods:0", "isopods:1", "isopods:2"]);
    run(&g, &mut s, &["isopods:1", "play:Rock", "play:Sandpiper"]);
    assert_eq!(legal(&g, &s), ["isopods:0", "isopods:1"]);
    run(&g, &mut s, &["isopods:1"]);
    assert_eq!((s.seats[0].stacks, s.seats[0].stack_size), (2, 2));
    assert_eq!(s.sea, [0, 0, 0]);
    run(&g, &mut s, &["play:Rock"]);
    assert_eq!(legal(&g, &s), ["steal:none"]);
    run(&g, &mut s, &["steal:none", "play:Sandpiper"]);
    // An empty Sea: the decision is still asked, with one choice.
    assert_eq!(legal(&g, &s), ["isopods:0"]);
    run(&g, &mut s, &["isopods:0"]);
    assert_eq!((s.seats[0].stacks, s.seats[0].stack_size), (2, 2));
    assert_eq!((s.discarded_sandpipers, s.discarded_isopods), (1, 0));
    run(&g, &mut s, &["play:Wave"]);
    assert_eq!(g.to_move(&s), Some(0), "a Wave with no Beach ends the turn");
    run(
        &g,
        &mut s,
        &["play:Isopod", "play:Isopod", "play:Sandpiper", "isopods:2"],
    );
    assert_eq!((s.seats[0].stacks, s.seats[0].stack_size), (1, 3));
    assert_eq!((s.discarded_sandpipers, s.discarded_isopods), (3, 2));
    run(&g, &mut s, &["play:Beach", "shells:0"]);
    assert_eq!(g.to_move(&s), None);
    // Seat 1 leads the Waves but the Sea is empty.
    assert_eq!(scores(&g, &s), [3, 4]);
    assert_eq!(g.outcome(&s).winners, winners(&[1]));
}

// ---------------------------------------------------------------- the Beach

#[test]
fn beach_takes_fewer_shells_than_allowed() {
    let (g, mut s) = stacked(2, &[(S, I), (S, I), (S, C), (B, W), (R, W), (B, R), (R, I)]);
    run(
        &g,
        &mut s,
        &["play:Shell", "play:Shell", "play:Shell", "play:Beach"],
    );
    // One Beach: at most 1 of the 3 Shells.
    assert_eq!(legal(&g, &s), ["shells:0", "shells:1"]);
    run(&g, &mut s, &["shells:0", "play:Rock", "play:Beach"]);
    assert_eq!(legal(&g, &s), ["shells:0", "shells:1", "shells:2"]);
    run(&g, &mut s, &["shells:1"]);
    assert_eq!(s.seats[0].shells, 1);
    assert_eq!(s.sea, [0, 2, 0]);
    run(&g, &mut s, &["play:Isopod"]);
    assert_eq!(g.to_move(&s), None);
    // Seat 0: 2 Beaches + 1 Shell; seat 1: 1 Rock; no Wave, the Sea stays.
    assert_eq!(scores(&g, &s), [3, 1]);
    assert_eq!(s.sea_total(), 3);
}

// ----------------------------------------------------------------- the Wave

#[test]
fn wave_flips_a_wave_then_a_sea_face_and_draws_again() {
    let (g, mut s) = stacked(
        2,
        &[
            (B, W), // 0: seat 0 Beach (back Wave)
            (R, S), // 1: seat 1 Rock
            (B, I), // 2: seat 0 Beach (back Isopod)
            (R, S), // 3: seat 1 Rock
            (W, R), // 4: seat 0 Wave: flip
            (P, C), // 5: seat 0 draws again
            (R, C), // 6: seat 1
        ],
    );
    run(
        &g,
        &mut s,
        &[
            "play:Beach",
            "shells:0",
            "play:Rock",
            "play:Beach",
            "shells:0",
        ],
    );
    run(&g, &mut s, &["play:Rock", "steal:none", "play:Wave"]);
    assert_eq!(s.phase, Phase::Flip);
    assert_eq!(legal(&g, &s), ["flip:Isopod", "flip:Wave"]);
    let before = s;
    run(&g, &mut s, &["flip:Wave"]);
    // The Beach became a Wave: another Beach must be flipped.
    assert_eq!((s.seats[0].beaches, s.seats[0].waves), (1, 2));
    assert_eq!(legal(&g, &s), ["flip:Isopod"]);
    let mut events = Vec::new();
    g.action_events(&before, Action::Flip(W), &s, &mut events);
    assert_eq!(events[0], serde_json::json!({"seat": 0, "flip": 0}));
    run(&g, &mut s, &["flip:Isopod"]);
    // The Isopod went to the Sea and seat 0 draws again.
    assert_eq!(s.sea, [1, 0, 0]);
    assert_eq!(s.seats[0].beaches, 0);
    assert_eq!(
        (g.to_move(&s), s.phase, s.in_hand()),
        (Some(0), Phase::ChooseFace, Some(5))
    );
    run(&g, &mut s, &["play:Crab", "play:Rock"]);
    assert_eq!(g.to_move(&s), None);
    // Seat 0: 2 Waves + 1 Rock, and takes the Sea (Isopod + Crab); seat 1: 2 Rocks.
    assert_eq!(scores(&g, &s), [5, 2]);
}

#[test]
fn wave_flips_a_beach_into_a_second_rock_habitat_and_steal() {
    let (g, mut s) = stacked(
        2,
        &[
            (B, R), // 0: seat 0 Beach (back Rock)
            (C, S), // 1: seat 1 Crab to the Sea, draws again
            (R, S), // 2: seat 1 Rock
            (R, W), // 3: seat 0 Rock (1st)
            (R, S), // 4: seat 1 Rock (2nd): takes the Sea's Crab
            (C, I), // 5: seat 0 Crab to the Sea, draws again
            (W, S), // 6: seat 0 Wave: flips the Beach into a 2nd Rock
        ],
    );
    run(
        &g,
        &mut s,
        &[
            "play:Beach",
            "shells:0",
            "play:Crab",
            "play:Rock",
            "play:Rock",
            "play:Rock",
        ],
    );
    assert_eq!(legal(&g, &s), ["steal:none"], "seat 0 has no Crab");
    run(&g, &mut s, &["steal:none"]);
    assert_eq!((s.seats[1].crabs, s.sea[2]), (1, 0));
    run(&g, &mut s, &["play:Crab", "play:Wave"]);
    assert_eq!(legal(&g, &s), ["flip:Rock"]);
    run(&g, &mut s, &["flip:Rock"]);
    assert_eq!(s.seats[0].rocks, 2);
    assert_eq!(s.seats[0].crabs, 1, "the Sea's Crab");
    assert_eq!(legal(&g, &s), ["steal:1"]);
    run(&g, &mut s, &["steal:1"]);
    assert_eq!((s.seats[0].crabs, s.seats[1].crabs), (2, 0));
    assert_eq!(g.to_move(&s), None);
    // Seat 0: 2 Rocks + 2 Crabs + 1 Wave; seat 1: 2 Rocks.
    assert_eq!(scores(&g, &s), [5, 2]);
}

#[test]
fn steal_needs_a_crab_and_may_choose_the_victim() {
    let (g, mut s) = stacked(
        3,
        &[
            (C, S), // 0: seat 0 Crab to the Sea
            (R, S), // 1: seat 0 Rock
            (C, I), // 2: seat 1 Crab
            (R, I), // 3: seat 1 Rock
            (R, I), // 4: seat 2 Rock
            (R, I), // 5: seat 0 Rock (2nd): takes 2 Crabs, nobody else has one
            (R, I), // 6: seat 1 Rock (2nd): steals from seat 0
            (R, I), // 7: seat 2 Rock (2nd): may steal from seat 0 or 1
        ],
    );
    run(
        &g,
        &mut s,
        &[
            "play:Crab",
            "play:Rock",
            "play:Crab",
            "play:Rock",
            "play:Rock",
            "play:Rock",
        ],
    );
    assert_eq!(s.seats[0].crabs, 2);
    assert_eq!(legal(&g, &s), ["steal:none"]);
    run(&g, &mut s, &["steal:none", "play:Rock"]);
    assert_eq!(legal(&g, &s), ["steal:0"]);
    run(&g, &mut s, &["steal:0", "play:Rock"]);
    assert_eq!(legal(&g, &s), ["steal:0", "steal:1"]);
    run(&g, &mut s, &["steal:1"]);
    assert_eq!(
        [s.seats[0].crabs, s.seats[1].crabs, s.seats[2].crabs],
        [1, 0, 1]
    );
    assert_eq!(g.to_move(&s), None);
}

#[test]
fn wave_without_a_beach_has_no_effect() {
    let (g, mut s) = stacked(2, &[(W, R), (B, S), (I, S)]);
    let before = s;
    run(&g, &mut s, &["play:Wave"]);
    // No flip is asked: seat 1 draws.
    assert_eq!(
        (g.to_move(&s), s.phase, s.seats[0].waves),
        (Some(1), Phase::ChooseFace, 1)
    );
    let mut events = Vec::new();
    g.action_events(&before, Action::Play(W), &s, &mut events);
    assert_eq!(events, [serde_json::json!({"seat": 0, "play": "Wave"})]);
}

#[test]
fn bag_running_out_right_after_a_sea_face_ends_the_game() {
    let (g, mut s) = stacked(3, &[(R, W), (S, B)]);
    run(&g, &mut s, &["play:Rock", "play:Shell"]);
    // Seat 1 played a sea face and must draw again: the bag is empty.
    assert_eq!(g.to_move(&s), None);
    assert!(g.legal_actions(&s).is_empty());
    assert_eq!(s.sea, [0, 1, 0]);
    assert_eq!(scores(&g, &s), [1, 0, 0]);
    assert_eq!(g.outcome(&s).winners, winners(&[0]));
}

// ---------------------------------------------------------------- the Sea

fn sea_split(last: Face) -> (Seaside, SeasideState) {
    let (g, mut s) = stacked(
        3,
        &[
            (I, S),
            (S, C),
            (C, I),
            (I, S),
            (S, I),
            (W, R),
            (W, R),
            (R, W),
        ],
    );
    run(
        &g,
        &mut s,
        &[
            "play:Isopod",
            "play:Shell",
            "play:Crab",
            "play:Isopod",
            "play:Shell",
        ],
    );
    assert_eq!(s.sea_total(), 5);
    let last = format!("play:{last}");
    run(&g, &mut s, &["play:Wave", "play:Wave", &last]);
    assert_eq!(g.to_move(&s), None);
    (g, s)
}

#[test]
fn sea_split_between_two_wave_leaders_leaves_the_remainder() {
    let (g, s) = sea_split(R);
    assert_eq!([s.seats[0].won, s.seats[1].won, s.seats[2].won], [2, 2, 0]);
    assert_eq!(s.sea_total(), 1);
    assert_eq!(scores(&g, &s), [3, 3, 1]);
    assert_eq!(g.outcome(&s).winners, winners(&[0, 1]));
    assert_eq!(
        g.result_json(&s),
        serde_json::json!({"scores": [3, 3, 1], "winners": [0, 1]})
    );
}

#[test]
fn sea_split_between_three_wave_leaders() {
    let (g, s) = sea_split(W);
    assert_eq!([s.seats[0].won, s.seats[1].won, s.seats[2].won], [1, 1, 1]);
    assert_eq!(s.sea_total(), 2);
    assert_eq!(scores(&g, &s), [2, 2, 2]);
    assert_eq!(g.outcome(&s).winners, winners(&[0, 1, 2]));
}

#[test]
fn sea_goes_to_the_unique_wave_leader() {
    let (g, mut s) = stacked(2, &[(I, S), (W, R), (W, R), (R, W), (S, C)]);
    run(
        &g,
        &mut s,
        &[
            "play:Isopod",
            "play:Wave",
            "play:Wave",
            "play:Wave",
            "play:Shell",
        ],
    );
    // The bag ran out right after a sea face: the game ends at once.
    assert_eq!(g.to_move(&s), None);
    assert!(g.legal_actions(&s).is_empty());
    // Seat 0 has 2 Waves, seat 1 one: seat 0 takes the whole Sea.
    assert_eq!((s.seats[0].won, s.seats[1].won, s.sea_total()), (2, 0, 0));
    assert_eq!(scores(&g, &s), [4, 1]);
}

#[test]
fn sea_sea_token_offers_two_sea_faces_and_another_turn() {
    let (g, mut s) = stacked(2, &[(I, S), (C, S), (R, W)]);
    assert_eq!(legal(&g, &s), ["play:Isopod", "play:Shell"]);
    run(&g, &mut s, &["play:Shell"]);
    assert_eq!((g.to_move(&s), s.sea), (Some(0), [0, 1, 0]));
    assert_eq!(legal(&g, &s), ["play:Crab", "play:Shell"]);
    run(&g, &mut s, &["play:Crab"]);
    assert_eq!((g.to_move(&s), s.sea), (Some(0), [0, 1, 1]));
    run(&g, &mut s, &["play:Rock"]);
    assert_eq!(g.to_move(&s), None);
    assert_eq!(scores(&g, &s), [1, 0]);
}

// ------------------------------------------------------------------- solo

fn solo(tokens: &[(Face, Face)], actions: &[&str]) -> (Seaside, SeasideState) {
    let (g, mut s) = stacked(1, tokens);
    run(&g, &mut s, actions);
    (g, s)
}

#[test]
fn solo_seventh_beach_ends_without_shells() {
    let mut tokens = vec![(S, R); 3];
    tokens.extend([(B, R); 8]);
    let mut actions = vec!["play:Shell"; 3];
    for _ in 0..6 {
        actions.extend(["play:Beach", "shells:0"]);
    }
    actions.push("play:Beach");
    let (g, s) = solo(&tokens, &actions);
    assert_eq!(
        g.to_move(&s),
        None,
        "no Shells decision after the 7th Beach"
    );
    assert_eq!(s.seats[0].beaches, 7);
    assert_eq!(s.sea, [0, 3, 0]);
    assert_eq!(s.bag_len(), 1);
    assert_eq!(scores(&g, &s), [7]);
}

#[test]
fn solo_seventh_wave_ends_and_takes_the_sea() {
    let mut tokens = vec![(I, R), (C, R)];
    tokens.extend([(W, R); 8]);
    let mut actions = vec!["play:Isopod", "play:Crab"];
    actions.extend(["play:Wave"; 7]);
    let (g, s) = solo(&tokens, &actions);
    assert_eq!(g.to_move(&s), None);
    assert_eq!(s.seats[0].waves, 7);
    assert_eq!(s.seats[0].won, 2);
    assert_eq!(scores(&g, &s), [9]);
}

#[test]
fn solo_seventh_rock_ends_without_habitat() {
    let mut tokens = vec![(C, R)];
    tokens.extend([(R, W); 8]);
    let mut actions = vec!["play:Crab"];
    for k in 1..=7 {
        actions.push("play:Rock");
        if k % 2 == 0 {
            actions.push("steal:none");
        }
    }
    let (g, s) = solo(&tokens, &actions);
    assert_eq!(g.to_move(&s), None);
    assert_eq!(s.seats[0].rocks, 7);
    // The 2nd Rock took the Crab; the 7th had no effect.
    assert_eq!(s.seats[0].crabs, 1);
    assert_eq!(scores(&g, &s), [8]);
}

#[test]
fn solo_seventh_sandpiper_ends_without_isopods_and_scores() {
    let mut tokens = vec![(I, R)];
    tokens.extend([(P, R); 8]);
    let mut actions = vec!["play:Isopod"];
    for _ in 0..6 {
        actions.extend(["play:Sandpiper", "isopods:0"]);
    }
    actions.push("play:Sandpiper");
    let (g, s) = solo(&tokens, &actions);
    assert_eq!(g.to_move(&s), None);
    assert_eq!((s.seats[0].stacks, s.seats[0].loose_sandpipers), (6, 1));
    assert_eq!(s.sea, [1, 0, 0]);
    // 6 stacks of 1 and the 7th Sandpiper; no Wave, the Sea stays.
    assert_eq!(scores(&g, &s), [7]);
}

#[test]
fn solo_seventh_token_in_the_sea_ends_the_game() {
    let mut tokens = vec![(W, R)];
    tokens.extend([(I, S); 8]);
    let mut actions = vec!["play:Wave"];
    actions.extend(["play:Shell"; 6]);
    let (g, mut s) = solo(&tokens, &actions);
    assert_eq!(g.to_move(&s), Some(0));
    run(&g, &mut s, &["play:Isopod"]);
    assert_eq!(
        g.to_move(&s),
        None,
        "the 7th token in the Sea ends the game"
    );
    // With a Wave the player takes the 7 tokens of the Sea.
    assert_eq!(s.seats[0].won, 7);
    assert_eq!(scores(&g, &s), [8]);
    // Without a Wave, the Sea stays.
    let (g, s) = solo(&[(I, S); 8], &["play:Isopod"; 7]);
    assert_eq!(g.to_move(&s), None);
    assert_eq!((s.sea_total(), scores(&g, &s)[0]), (7, 0));
}

#[test]
fn solo_flip_into_a_seventh_sandpiper_ends_the_game() {
    let mut tokens = vec![(P, R); 6];
    tokens.extend([(B, P), (W, R), (R, W)]);
    let mut actions = Vec::new();
    for _ in 0..6 {
        actions.extend(["play:Sandpiper", "isopods:0"]);
    }
    actions.extend(["play:Beach", "shells:0", "play:Wave", "flip:Sandpiper"]);
    let (g, s) = solo(&tokens, &actions);
    assert_eq!(
        g.to_move(&s),
        None,
        "no Isopods decision after the 7th Sandpiper"
    );
    assert_eq!(s.seats[0].beaches, 0);
    // 6 stacks of 1 + the 7th Sandpiper + the Wave.
    assert_eq!(scores(&g, &s), [8]);
}

#[test]
fn solo_flipped_beach_no_longer_counts() {
    let mut tokens = vec![(B, I); 6];
    tokens.extend([(W, R), (B, R), (R, W)]);
    let mut actions = Vec::new();
    for _ in 0..6 {
        actions.extend(["play:Beach", "shells:0"]);
    }
    actions.extend(["play:Wave", "flip:Isopod", "play:Beach"]);
    let (g, mut s) = solo(&tokens, &actions);
    // 5 Beaches were left after the flip: this one is the 6th, not the 7th.
    assert_eq!(s.seats[0].beaches, 6);
    assert_eq!(legal(&g, &s), ["shells:0"]);
    run(&g, &mut s, &["shells:0", "play:Rock"]);
    assert_eq!(g.to_move(&s), None, "the bag is empty");
    // 6 Beaches + Wave + Rock, and the Sea's Isopod (the player has a Wave).
    assert_eq!(scores(&g, &s), [9]);
}

#[test]
fn solo_rating_bands() {
    let cases = [
        (0, "0-19"),
        (19, "0-19"),
        (20, "20-29"),
        (29, "20-29"),
        (30, "30-39"),
        (45, "40-49"),
        (59, "50-59"),
        (60, "60+"),
        (70, "60+"),
    ];
    for (score, band) in cases {
        assert_eq!(solo_rating(score), band, "{score}");
    }
    let mut actions = Vec::new();
    for _ in 0..6 {
        actions.extend(["play:Beach", "shells:0"]);
    }
    actions.push("play:Beach");
    let (g, s) = solo(&[(B, R); 7], &actions);
    assert!(
        g.describe_result(&s).contains("solo rating band: 0-19"),
        "{}",
        g.describe_result(&s)
    );
}

// ------------------------------------------------ conservation, determinization

/// Every token is in exactly one place: seasides (with stacks and piles),
/// the Sea, the bag, the removed pile, the discard, a hand or a pending
/// Sandpiper.
fn count_tokens(g: &Seaside, s: &SeasideState) -> usize {
    let mut count = s.bag_len() + s.removed() + s.sea_total() as usize;
    count += (s.discarded_sandpipers + s.discarded_isopods) as usize;
    count += usize::from(s.phase == Phase::ChooseFace) + usize::from(s.phase == Phase::Isopods);
    for a in &s.seats[..g.players()] {
        count += a.tokens() as usize;
    }
    count
}

fn face_totals(s: &SeasideState) -> [u32; FACES] {
    let mut t = [0u32; FACES];
    for id in 0..s.n as usize {
        let [a, b] = s.token(id);
        t[a as usize] += 1;
        t[b as usize] += 1;
    }
    t
}

#[test]
fn tokens_are_conserved_at_every_step() {
    let mut steps = 0;
    for players in 1..=5 {
        let g = game("seaside", players);
        let set_faces = g.token_set().face_counts().map(u32::from);
        for seed in 0..100 {
            let mut rng = rng_from_seed(seed * 7 + players as u64);
            let mut s = g.new_game(&mut rng);
            loop {
                assert_eq!(
                    count_tokens(&g, &s),
                    70,
                    "{players}p seed {seed}\n{}",
                    g.describe_state(&s, Viewer::Referee)
                );
                assert_eq!(face_totals(&s), set_faces);
                g.check_invariants(&s).unwrap();
                steps += 1;
                if g.to_move(&s).is_none() {
                    break;
                }
                let a = g.random_action(&s, &mut rng);
                g.play_unchecked(&mut s, a);
            }
        }
    }
    assert!(steps > 30_000, "{steps}");
}

#[test]
fn determinization_deals_exactly_the_token_set() {
    let mut worlds = 0;
    let mut backs_changed = 0;
    for players in [2, 3, 4, 5] {
        let g = game("seaside", players);
        let set_faces = g.token_set().face_counts().map(u32::from);
        for seed in 0..60 {
            let mut rng = rng_from_seed(1000 + seed);
            let mut s = g.new_game(&mut rng);
            let stop = below(&mut rng, s.bag_end as u32) as u8 + 1;
            while g.to_move(&s).is_some() && s.drawn < stop {
                let a = g.random_action(&s, &mut rng);
                g.play_unchecked(&mut s, a);
            }
            for viewer in 0..players {
                for _ in 0..5 {
                    let w = g.determinize(&s, viewer, &mut rng);
                    worlds += 1;
                    assert_eq!(face_totals(&w), set_faces, "face totals");
                    let mut kinds = [0u8; 28];
                    for id in 0..w.n as usize {
                        let [a, b] = w.token(id);
                        kinds[kind_of(a as u8, b as u8)] += 1;
                    }
                    assert_eq!(&kinds, g.token_set().kind_counts());
                    assert_eq!(g.observation(&w, viewer), g.observation(&s, viewer));
                    g.check_invariants(&w).unwrap();
                    // Public things and the viewer's own tokens are untouched.
                    assert_eq!(
                        (w.order, w.info.map(|i| i & 0b111), w.sea),
                        (s.order, s.info.map(|i| i & 0b111), s.sea)
                    );
                    for &id in &s.order[..s.drawn as usize] {
                        let id = id as usize;
                        if s.drawer(id) == viewer || s.flipped(id) {
                            assert_eq!((w.faces[id], w.info[id]), (s.faces[id], s.info[id]));
                        } else if s.in_hand() != Some(id) {
                            assert_eq!(w.up_face(id), s.up_face(id));
                            if w.back_face(id) != s.back_face(id) {
                                backs_changed += 1;
                            }
                        }
                    }
                    assert_eq!(g.evaluate(&w, viewer), g.evaluate(&s, viewer));
                }
            }
        }
    }
    assert_eq!(worlds, (2 + 3 + 4 + 5) * 60 * 5);
    assert!(backs_changed > 1000, "{backs_changed}");
}

#[test]
fn hidden_back_is_dealt_in_proportion_to_the_unseen_tokens() {
    let (g, mut s) = stacked(2, &[(R, S), (B, W), (I, C), (B, W), (B, W), (B, R), (S, C)]);
    run(&g, &mut s, &["play:Rock", "play:Beach", "shells:0"]);
    // Seat 0 holds Isopod/Crab and sees seat 1's Beach (token 1): unseen are
    // 3 Beach/Wave, 1 Beach/Rock and 1 Shell/Crab, so the Beach hides a Wave
    // with probability 3/4 and a Rock with 1/4.
    let mut rng = rng_from_seed(11);
    let mut waves = 0;
    for _ in 0..4000 {
        let w = g.determinize(&s, 0, &mut rng);
        match w.back_face(1) {
            W => waves += 1,
            R => {}
            other => panic!("a Beach cannot hide {other} in this set"),
        }
        assert_eq!(w.token(2), [I, C], "seat 0's own token");
    }
    // 3000 expected, standard deviation 27.
    assert!((2870..=3130).contains(&waves), "{waves}");
}

#[test]
fn determinization_never_deals_itself_into_a_dead_end() {
    let (g, mut s) = stacked(2, &[(W, S), (B, W), (W, S), (B, R), (W, S)]);
    run(
        &g,
        &mut s,
        &[
            "play:Wave",
            "play:Beach",
            "shells:0",
            "play:Wave",
            "play:Rock",
        ],
    );
    // Unseen by seat 0: one Beach/Wave and one Beach/Rock. Seat 1's Beach
    // (dealt first) could take either kind, but only Beach/Rock can show
    // seat 1's Rock: Hall's condition forces the Beach to hide a Wave.
    let mut rng = rng_from_seed(5);
    for _ in 0..200 {
        let w = g.determinize(&s, 0, &mut rng);
        assert_eq!((w.back_face(1), w.back_face(3)), (W, B));
        g.check_invariants(&w).unwrap();
    }
}

// ------------------------------------------------------------- options, records

#[test]
fn spec_options_are_validated() {
    let err = |spec: &str, players: usize| match resolve_spec_files(spec) {
        Err(e) => e.to_string(),
        Ok(spec) => {
            let spec: Spec = spec.parse().unwrap();
            Seaside::from_spec(&spec, players).unwrap_err().to_string()
        }
    };
    assert_eq!(
        err("seaside", 6),
        "invalid `seaside`: seaside takes 1 to 5 players, not 6"
    );
    assert_eq!(
        err("seaside", 0),
        "invalid `seaside`: seaside takes 1 to 5 players, not 0"
    );
    assert!(err("seaside(removed=70)", 3).contains("expected an integer from 0 to 69"));
    assert!(err("seaside(speed=3)", 3).contains("unknown option `speed`"));
    assert!(game("seaside(removed=69)", 2).removed_option() == Some(69));
    let dir = std::env::temp_dir().join(format!("seaside-test-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let bad = dir.join("bad.txt");
    std::fs::write(&bad, "# my set\nBeach Wave 3\nBeach Sand 2\n").unwrap();
    let e = err(&format!("seaside(tokens={})", bad.display()), 2);
    assert!(
        e.contains("line 3 `Beach Sand 2`: unknown face `Sand`"),
        "{e}"
    );
    let big = dir.join("big.txt");
    std::fs::write(&big, "Beach Wave 100\nRock Crab 40\n").unwrap();
    assert!(err(&format!("seaside(tokens={})", big.display()), 2).contains("140 tokens"));
    let small = dir.join("small.txt");
    std::fs::write(&small, "Beach Wave 5 # five\nIsopod Crab 5\n").unwrap();
    let spec = format!("seaside(tokens={},removed=9)", small.display());
    let g = game(&spec, 2);
    assert_eq!(g.token_set().len(), 10);
    assert!(
        err(
            &format!("seaside(tokens={},removed=10)", small.display()),
            2
        )
        .contains("leaves no token")
    );
    // Not given, `removed` is drawn from the rulebook's range, clamped to the set.
    let g = game(&format!("seaside(tokens={})", small.display()), 2);
    assert_eq!(g.removed_range(), (9, 9));
    assert!(
        err(
            &format!("seaside(tokens={})", dir.join("none.txt").display()),
            2
        )
        .contains("readable")
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn removed_is_drawn_per_game_and_recorded() {
    for (players, lo, hi) in [(1, 0, 0), (2, 30, 40), (3, 15, 20), (4, 0, 0), (5, 0, 0)] {
        let g = game("seaside", players);
        assert_eq!(g.options_json(), serde_json::json!({"removed": null}));
        let mut seen = std::collections::BTreeSet::new();
        for seed in 0..200 {
            let mut rng = rng_from_seed(seed);
            let s = g.new_game(&mut rng);
            assert!(
                (lo..=hi).contains(&s.removed()),
                "{players}p: {}",
                s.removed()
            );
            seen.insert(s.removed());
            assert_eq!(
                g.options_json_for(&s),
                serde_json::json!({"removed": s.removed()})
            );
        }
        assert_eq!(seen.len(), hi - lo + 1, "{players}p: every count drawn");
    }
    let g = game("seaside(removed=18)", 3);
    assert_eq!(g.options_json(), serde_json::json!({"removed": 18}));
}

#[test]
fn record_of_a_hand_built_game_names_tokens_and_replays() {
    let tokens = [(B, W), (R, S), (B, I), (R, S), (W, R), (P, C), (R, C)];
    let (g, initial) = stacked(2, &tokens);
    let texts = [
        "play:Beach",
        "shells:0",
        "play:Rock",
        "play:Beach",
        "shells:0",
        "play:Rock",
        "steal:none",
        "play:Wave",
        "flip:Wave",
        "flip:Isopod",
        "play:Sandpiper",
        "isopods:1",
        "play:Rock",
    ];
    let actions: Vec<Action> = texts.iter().map(|t| g.parse_action(t).unwrap()).collect();
    let record = build_record(
        &g,
        None,
        &["random".into(), "random".into()],
        &initial,
        &actions,
    );
    let events: Vec<String> = record.events.iter().map(|e| e.to_string()).collect();
    assert_eq!(events[6], r#"{"seat":1,"steal":null}"#);
    assert_eq!(events[8], r#"{"seat":0,"flip":0}"#);
    assert_eq!(events[9], r#"{"seat":0,"flip":2}"#);
    assert_eq!(events[11], r#"{"seat":0,"isopods":1}"#);
    assert_eq!(
        record.setup["bag"],
        serde_json::json!([0, 1, 2, 3, 4, 5, 6])
    );
    assert_eq!(
        record.setup["tokens"][0],
        serde_json::json!(["Beach", "Wave"])
    );
    // A custom set travels in the options.
    assert_eq!(
        record.options["tokens"][0],
        serde_json::json!(["Beach", "Wave", 1])
    );
    let again = Seaside::from_record_options(2, &record.options).unwrap();
    let replay = verify_record(&again, &record).unwrap();
    assert_eq!(replay.steps.len(), texts.len());
    assert_eq!(g.result_json(&replay.final_state), record.result);
    // A flip naming a token that is not one of the player's Beaches.
    let mut wrong = record.clone();
    wrong.events[8] = serde_json::json!({"seat": 0, "flip": 1});
    let e = verify_record(&again, &wrong).unwrap_err().to_string();
    assert_eq!(e, "event 8: token 1 is not one of seat 0's Beaches");
    // A corrupt setup or an illegal decision is an error, not a panic.
    let mut wrong = record.clone();
    wrong.setup["bag"] = serde_json::json!([0, 0, 2, 3, 4, 5, 6]);
    let e = verify_record(&again, &wrong).unwrap_err().to_string();
    assert_eq!(
        e,
        "field `setup`: token id 0 is out of range or listed twice"
    );
    let mut wrong = record.clone();
    wrong.events[11] = serde_json::json!({"seat": 0, "isopods": 2});
    let e = verify_record(&again, &wrong).unwrap_err().to_string();
    assert!(e.starts_with("event 11: illegal action `isopods:2`"), "{e}");
    let mut wrong = record.clone();
    wrong.events[0] = serde_json::json!({"seat": 0, "play": "Sand"});
    let e = verify_record(&again, &wrong).unwrap_err().to_string();
    assert_eq!(e, "event 0: unknown face `Sand`");
    // A record whose options disagree with its setup.
    let mut wrong = record.clone();
    wrong.options["removed"] = serde_json::json!(3);
    let other = Seaside::from_record_options(2, &wrong.options);
    assert!(other.is_err() || verify_record(&other.unwrap(), &wrong).is_err());
}

#[test]
fn describe_state_shows_each_seaside_and_the_sea() {
    let (g, mut s) = stacked(2, &[(I, S), (B, W), (R, S), (C, W)]);
    run(&g, &mut s, &["play:Isopod", "play:Beach", "shells:0"]);
    let text = g.describe_state(&s, Viewer::Referee);
    assert!(
        text.contains("Sea: 1 (Isopod 1, Shell 0, Crab 0)"),
        "{text}"
    );
    assert!(
        text.contains("seat 0: 1 points · Beach 1 (backs Wave)"),
        "{text}"
    );
    assert!(text.contains("seat 1 drew Rock/Shell"), "{text}");
}

#[test]
fn evaluation_counts_visible_tokens_and_the_expected_sea() {
    let (g, mut s) = stacked(2, &[(I, S), (S, C), (W, R), (B, R), (R, W)]);
    run(
        &g,
        &mut s,
        &[
            "play:Isopod",
            "play:Shell",
            "play:Wave",
            "play:Beach",
            "shells:1",
        ],
    );
    // Seat 0: Wave + the Sea's 1 token (sole Wave leader) = 2; seat 1: Beach + Shell = 2.
    assert_eq!(g.evaluate(&s, 0), 0.0);
    run(&g, &mut s, &["play:Rock"]);
    assert_eq!(g.to_move(&s), None);
    assert_eq!(scores(&g, &s), [3, 2]);
    assert_eq!(g.final_margin(&s, 0), 1.0 / 20.0);
    assert_eq!(g.final_margin(&s, 1), -1.0 / 20.0);
}

// ------------------------------------------------------- manifests, canonical spec

/// A fresh directory for test files, removed by the caller.
fn temp_dir(tag: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("seaside-{tag}-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// The error of `spec` read as the command line reads it (its files first).
fn spec_err(spec: &str, players: usize) -> String {
    match resolve_spec_files(spec) {
        Err(e) => e.to_string(),
        Ok(spec) => {
            let spec: Spec = spec.parse().unwrap();
            Seaside::from_spec(&spec, players).unwrap_err().to_string()
        }
    }
}

#[test]
fn endless_or_oversized_manifest_is_refused() {
    // `/dev/zero` never ends, but is not a regular file: it is not read.
    assert_eq!(
        spec_err("seaside(tokens=/dev/zero)", 2),
        "bad value `/dev/zero` for `seaside` option `tokens`: expected a readable file, but \
         it is a character device, not a regular file"
    );
    let dir = temp_dir("size");
    // Exactly the limit (a valid set padded with a comment) is read...
    let mut text = b"Beach Wave 3\nRock Crab 2\n#".to_vec();
    text.resize(MAX_MANIFEST_BYTES, b'x');
    let at = dir.join("at.txt");
    std::fs::write(&at, &text).unwrap();
    assert_eq!(
        TokenSet::read_manifest(&at).unwrap(),
        TokenSet::parse("Beach Wave 3\nRock Crab 2").unwrap()
    );
    // ...one byte more is not.
    text.push(b'x');
    let over = dir.join("over.txt");
    std::fs::write(&over, &text).unwrap();
    assert_eq!(
        TokenSet::read_manifest(&over).unwrap_err(),
        TokenSetError::TooLarge
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn non_utf8_manifest_names_the_line() {
    let dir = temp_dir("utf8");
    let path = dir.join("latin1.txt");
    std::fs::write(&path, b"Beach Wave 3\n\n# caf\xe9\nRock Crab 2\n").unwrap();
    assert_eq!(
        TokenSet::read_manifest(&path).unwrap_err(),
        TokenSetError::NotUtf8 { line: 3 }
    );
    assert_eq!(
        spec_err(&format!("seaside(tokens={})", path.display()), 2),
        format!(
            "bad value `{}` for `seaside` option `tokens`: expected a valid token-set \
             manifest: line 3 of the token-set manifest is not UTF-8 text",
            path.display()
        )
    );
    std::fs::write(&path, b"\xff").unwrap();
    assert_eq!(
        TokenSet::read_manifest(&path).unwrap_err(),
        TokenSetError::NotUtf8 { line: 1 }
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn canonical_spec_round_trips() {
    let dir = temp_dir("canonical");
    let manifest = dir.join("set.txt");
    std::fs::write(&manifest, "Beach Wave 20\nIsopod Crab 20\nRock Shell 10\n").unwrap();
    let path = manifest.display().to_string();
    let bytes = std::fs::read(&manifest).unwrap();
    let label = beachcomber::spec_label::label(&path, &bytes);
    let set = "[Beach/Wave:20;Isopod/Crab:20;Rock/Shell:10]";
    let cases: Vec<(String, usize, String)> = vec![
        ("seaside".into(), 2, "seaside(removed=rulebook)".into()),
        (" seaside ".into(), 1, "seaside(removed=rulebook)".into()),
        (
            " seaside ( removed = rulebook ) ".into(),
            3,
            "seaside(removed=rulebook)".into(),
        ),
        (
            " seaside ( removed = 18 ) ".into(),
            3,
            "seaside(removed=18)".into(),
        ),
        ("seaside(removed=0)".into(), 5, "seaside(removed=0)".into()),
        (
            format!("seaside(tokens={path})"),
            2,
            format!("seaside(removed=rulebook,tokens={set},tokens_file={label})"),
        ),
        (
            format!("seaside( tokens = {path} , removed=7)"),
            4,
            format!("seaside(removed=7,tokens={set},tokens_file={label})"),
        ),
        (
            format!("seaside(tokens= {set} ,removed=7)"),
            4,
            format!("seaside(removed=7,tokens={set})"),
        ),
        (
            "seaside(tokens=[ Wave/Beach:2 ; Rock/Rock:1 ])".into(),
            2,
            "seaside(removed=rulebook,tokens=[Wave/Beach:2;Rock/Rock:1])".into(),
        ),
    ];
    for (spec, players, canonical) in cases {
        let g = AnyGame::from_spec(&resolve_spec_files(&spec).unwrap(), players).unwrap();
        assert_eq!(g.canonical_spec(), canonical, "{spec}");
        let again = AnyGame::from_spec(&canonical, players).unwrap();
        assert_eq!(again.canonical_spec(), canonical);
        let (AnyGame::Seaside(a), AnyGame::Seaside(b)) = (&g, &again) else {
            panic!("not seaside");
        };
        assert_eq!(a.token_set(), b.token_set());
        for seed in 0..20 {
            let (s, t) = (
                a.new_game(&mut rng_from_seed(seed)),
                b.new_game(&mut rng_from_seed(seed)),
            );
            assert_eq!(s, t, "{spec} seed {seed}");
        }
    }
    // A custom set that did not come from a file is written inline, and
    // parses back to the same set.
    let (g, _) = stacked(2, &[(B, W), (R, S)]);
    assert_eq!(
        g.canonical_spec(),
        "seaside(removed=0,tokens=[Beach/Wave:1;Rock/Shell:1])"
    );
    let AnyGame::Seaside(again) = AnyGame::from_spec(&g.canonical_spec(), 2).unwrap() else {
        panic!("not seaside");
    };
    assert_eq!(again.token_set(), g.token_set());
    assert_eq!(
        spec_err("seaside(removed=Rulebook)", 2),
        "bad value `Rulebook` for `seaside` option `removed`: expected an integer from 0 to \
         69 or `rulebook`"
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_drawn_removed_count_is_dealt_by_one_of_the_dealing_configs() {
    let drawing = game("seaside", 2);
    for seed in [1u64, 7, 2026] {
        let initial = drawing.new_game(&mut rng_from_seed(seed));
        let record = build_record(
            &drawing,
            Some(seed),
            &["random".into(), "random".into()],
            &initial,
            &[],
        );
        let removed = record.options["removed"].as_u64().unwrap();
        assert!((30..=40).contains(&removed));
        let from_record = Seaside::from_record_options(2, &record.options).unwrap();
        assert_eq!(
            from_record.canonical_spec(),
            format!("seaside(removed={removed})")
        );
        let configs = from_record.dealing_configs();
        let specs: Vec<String> = configs.iter().map(|c| c.canonical_spec()).collect();
        assert_eq!(
            specs,
            [
                format!("seaside(removed={removed})"),
                "seaside(removed=rulebook)".to_string()
            ]
        );
        let dealt: Vec<bool> = configs
            .iter()
            .map(|c| c.setup_json(&c.new_game(&mut rng_from_seed(seed))) == record.setup)
            .collect();
        // The fixed count skips the draw, so only the drawing one re-deals it.
        assert_eq!(dealt, [false, true], "seed {seed}");
    }
    // A count outside the rulebook's range is only dealt by the fixed one.
    let fixed = game("seaside(removed=5)", 2);
    assert_eq!(fixed.dealing_configs().len(), 1);
    // 4 players: the rulebook's range is 0..=0; both deal the same game.
    let fixed = game("seaside(removed=0)", 4);
    let configs = fixed.dealing_configs();
    assert_eq!(configs.len(), 2);
    let deal = |c: &Seaside| c.setup_json(&c.new_game(&mut rng_from_seed(3)));
    assert_eq!(deal(&configs[0]), deal(&configs[1]));
    // A drawing configuration is its only dealer.
    assert_eq!(drawing.dealing_configs().len(), 1);
}

// ------------------------------------------------------------------- pictures

/// A 2-player position: seat 0 has a Beach (back Rock) and holds
/// Sandpiper/Shell; seat 1 played Wave (back Crab); the bag holds
/// Isopod/Crab; Shell/Sandpiper is removed.
fn picture_position() -> (Seaside, SeasideState) {
    let set = TokenSet::from_tokens(&[[B, R], [W, C], [P, S], [I, C], [S, P]]).unwrap();
    let g = Seaside::new(2, Some(1), set).unwrap();
    let mut s = g.start_from(set.packed(), &[0, 1, 2, 3], &[4]).unwrap();
    run(&g, &mut s, &["play:Beach", "shells:0", "play:Wave"]);
    (g, s)
}

#[test]
fn a_seat_sees_only_its_own_secrets() {
    let (g, s) = picture_position();
    let referee = g.describe_state(&s, Viewer::Referee);
    let seat0 = g.describe_state(&s, Viewer::Seat(0));
    let seat1 = g.describe_state(&s, Viewer::Seat(1));
    // The referee sees everything.
    for shown in [
        "bag, next first: Isopod/Crab",
        "removed: Shell/Sandpiper",
        "seat 0 drew Sandpiper/Shell: choose the face to play",
        "Beach 1 (backs Rock)",
        "seat 0 drew (face up/back): Beach/Rock",
        "seat 1 drew (face up/back): Wave/Crab",
    ] {
        assert!(referee.contains(shown), "{shown}:\n{referee}");
    }
    // Seat 0: its hand and its Beach's back, nothing of seat 1's back.
    for shown in [
        "seat 0 drew Sandpiper/Shell: choose the face to play",
        "Beach 1 (backs Rock)",
        "seat 0 drew (face up/back): Beach/Rock",
        "bag 1 · removed 1",
    ] {
        assert!(seat0.contains(shown), "{shown}:\n{seat0}");
    }
    for hidden in [
        "Wave/Crab",
        "Isopod/Crab",
        "Shell/Sandpiper",
        "bag, next",
        "removed:",
    ] {
        assert!(!seat0.contains(hidden), "{hidden}:\n{seat0}");
    }
    // Seat 1: its own Wave's back, not seat 0's hand, Beach back, bag or removed.
    assert!(
        seat1.contains("seat 1 drew (face up/back): Wave/Crab"),
        "{seat1}"
    );
    assert!(
        seat1.contains("seat 0 drew a token and chooses its face"),
        "{seat1}"
    );
    for hidden in [
        "Sandpiper/Shell",
        "Shell/Sandpiper",
        "/Rock",
        "Isopod/Crab",
        "backs",
        "bag, next",
    ] {
        assert!(!seat1.contains(hidden), "{hidden}:\n{seat1}");
    }
}

#[test]
fn a_seats_picture_depends_only_on_what_it_knows() {
    // Every world consistent with a seat's knowledge gives it the same picture.
    for players in 1..=5 {
        let g = game("seaside", players);
        let mut rng = rng_from_seed(90 + players as u64);
        for _ in 0..20 {
            let mut s = g.new_game(&mut rng);
            let stop = below(&mut rng, 60);
            for _ in 0..stop {
                if g.to_move(&s).is_none() {
                    break;
                }
                let a = g.random_action(&s, &mut rng);
                g.play_unchecked(&mut s, a);
            }
            for seat in 0..players {
                let picture = g.describe_state(&s, Viewer::Seat(seat));
                for _ in 0..3 {
                    let world = g.determinize(&s, seat, &mut rng);
                    assert_eq!(g.describe_state(&world, Viewer::Seat(seat)), picture);
                }
            }
        }
    }
}

#[test]
fn actions_are_told_in_words() {
    let (g, mut s) = stacked(
        2,
        &[
            (B, W),
            (R, S),
            (B, I),
            (R, S),
            (W, R),
            (P, C),
            (R, C),
            (P, I),
            (I, C),
        ],
    );
    let mut told = Vec::new();
    for text in [
        "play:Beach",
        "shells:0",
        "play:Rock",
        "play:Beach",
        "shells:0",
        "play:Rock",
        "steal:none",
        "play:Wave",
        "flip:Wave",
        "flip:Isopod",
        "play:Sandpiper",
        "isopods:1",
    ] {
        let a = g.parse_action(text).unwrap();
        told.push(g.describe_action(&s, a));
        run(&g, &mut s, &[text]);
    }
    assert_eq!(
        told,
        [
            "seat 0 plays the drawn token Beach up",
            "seat 0 takes 0 Shells from the Sea",
            "seat 1 plays the drawn token Rock up",
            "seat 0 plays the drawn token Beach up",
            "seat 0 takes 0 Shells from the Sea",
            "seat 1 plays the drawn token Rock up",
            "seat 1 steals no Crab (no other player has one)",
            "seat 0 plays the drawn token Wave up",
            "seat 0 flips its Beach (token 0): it now shows Wave",
            "seat 0 flips its Beach (token 2): it now shows Isopod",
            "seat 0 plays the drawn token Sandpiper up",
            "seat 0 takes 1 Isopod from the Sea: a Sandpiper stack of 2, kept",
        ]
    );
    let a = g.parse_action("play:Isopod").unwrap();
    assert_eq!(
        g.describe_action(&s, a),
        "seat 1 plays the drawn token Isopod up: it goes to the Sea, seat 1 draws again"
    );
}

// ------------------------------------------------------------- forged records

/// A finished 2-player record on the default set (removed drawn), and its
/// configuration.
fn default_record() -> (Seaside, beachcomber::record::GameRecord) {
    let g = game("seaside", 2);
    let mut rng = rng_from_seed(11);
    let initial = g.new_game(&mut rng);
    let mut s = initial;
    let mut actions = Vec::new();
    while g.to_move(&s).is_some() {
        let a = g.random_action(&s, &mut rng);
        actions.push(a);
        g.play_unchecked(&mut s, a);
    }
    let record = build_record(
        &g,
        None,
        &["random".into(), "random".into()],
        &initial,
        &actions,
    );
    let again = Seaside::from_record_options(2, &record.options).unwrap();
    verify_record(&again, &record).unwrap();
    (again, record)
}

fn options_err(options: serde_json::Value) -> String {
    Seaside::from_record_options(2, &options)
        .unwrap_err()
        .to_string()
}

#[test]
fn forged_options_are_refused() {
    use serde_json::json;
    assert_eq!(
        options_err(json!({"removed": 30, "speed": 1})),
        "field `options`: unknown key `speed` (allowed: removed, tokens, compensation, start_tokens)"
    );
    assert_eq!(
        options_err(json!({})),
        "field `options.removed`: missing; expected an integer from 0 to 69"
    );
    assert_eq!(
        options_err(json!({"removed": null})),
        "field `options.removed`: `null`: expected an integer from 0 to 69"
    );
    assert_eq!(
        options_err(json!({"removed": "30"})),
        "field `options.removed`: `\"30\"`: expected an integer from 0 to 69"
    );
    assert_eq!(
        options_err(json!({"removed": 70})),
        "field `options.removed`: bad value `70` for `seaside` option `removed`: expected an \
         integer from 0 to 69 or `rulebook`"
    );
    assert_eq!(
        options_err(json!([30])),
        "field `options`: expected an object"
    );
    // The token count is bounded before any token is made (by the spec
    // parser of `tokens=[...]`, which reads the record's lines).
    assert_eq!(
        options_err(json!({"removed": 0, "tokens": [["Beach", "Wave", 128], ["Rock", "Rock", 1]]})),
        "field `options.tokens`: bad value `[Beach/Wave:128;Rock/Rock:1]` for `seaside` option \
         `tokens`: expected a token set `[FACE_A/FACE_B:COUNT;...]`: the set holds 129 tokens; \
         an engine state holds at most 128"
    );
    assert!(
        options_err(json!({"removed": 0, "tokens": [["Beach", "Wave", 1u64 << 40]]}))
            .ends_with("the set holds 1099511627776 tokens; an engine state holds at most 128")
    );
    // A face is a known name before it is written into the spec's text.
    assert_eq!(
        options_err(json!({"removed": 0, "tokens": [["Beach/Wave:3;Rock", "Wave", 1]]})),
        "field `options.tokens`: unknown face `Beach/Wave:3;Rock`"
    );
    assert_eq!(
        options_err(json!({"removed": 0, "tokens": [["Beach", "Wave", -1]]})),
        "field `options.tokens`: the count in `[\"Beach\",\"Wave\",-1]` is not an integer ≥ 0"
    );
    let g = Seaside::from_record_options(
        2,
        &json!({"removed": 1, "tokens": [["Beach", "Wave", 128]]}),
    )
    .unwrap();
    assert_eq!(g.token_set().len(), 128);
}

fn replay_err(g: &Seaside, record: &beachcomber::record::GameRecord) -> String {
    verify_record(g, record).unwrap_err().to_string()
}

#[test]
fn forged_setups_are_refused() {
    use serde_json::json;
    let (g, record) = default_record();
    let mut wrong = record.clone();
    wrong.setup["shuffled"] = json!(true);
    assert_eq!(
        replay_err(&g, &wrong),
        "field `setup`: unknown key `shuffled` (allowed: tokens, bag, removed)"
    );
    let mut wrong = record.clone();
    wrong.setup = json!([1, 2]);
    assert_eq!(replay_err(&g, &wrong), "field `setup`: not an object");
    // Too many ids: refused before they are read.
    let mut wrong = record.clone();
    wrong.setup["bag"] = json!(vec![0; 129]);
    assert_eq!(
        replay_err(&g, &wrong),
        "field `setup.bag`: 129 ids, a set holds at most 128 tokens"
    );
    let mut wrong = record.clone();
    wrong.setup["bag"][0] = json!(256 + 3);
    assert_eq!(
        replay_err(&g, &wrong),
        "field `setup.bag`: `259` is not a token id"
    );
    // An id listed twice across bag and removed.
    let mut wrong = record.clone();
    let first_removed = wrong.setup["removed"][0].clone();
    wrong.setup["bag"][0] = first_removed.clone();
    assert_eq!(
        replay_err(&g, &wrong),
        format!("field `setup`: token id {first_removed} is out of range or listed twice")
    );
    // The removed pile must be as large as the options say.
    let mut wrong = record.clone();
    let moved = wrong.setup["removed"]
        .as_array_mut()
        .unwrap()
        .pop()
        .unwrap();
    wrong.setup["bag"].as_array_mut().unwrap().push(moved);
    let r = record.options["removed"].as_u64().unwrap();
    assert_eq!(
        replay_err(&g, &wrong),
        format!(
            "field `setup.removed`: {} tokens removed, the options say {r}",
            r - 1
        )
    );
    // The tokens must be the set (a Beach/Wave made a Beach/Beach).
    let mut wrong = record.clone();
    wrong.setup["tokens"][0] = json!(["Beach", "Beach"]);
    assert_eq!(
        replay_err(&g, &wrong),
        "field `setup.tokens`: not the token set of this configuration"
    );
}

#[test]
fn forged_events_are_refused() {
    use serde_json::json;
    let (g, record) = default_record();
    let forge = |index: usize, event: serde_json::Value| {
        let mut wrong = record.clone();
        wrong.events[index] = event;
        replay_err(&g, &wrong)
    };
    let first = record.events[0].clone();
    let mut extra = first.clone();
    extra["note"] = json!("x");
    assert_eq!(
        forge(0, extra),
        "event 0: unknown key `note` (allowed: seat, play, isopods, shells, flip, steal)"
    );
    let mut two = first.clone();
    two["steal"] = json!(null);
    assert!(
        forge(0, two).starts_with("event 0: two decisions in one event: "),
        "{}",
        forge(0, first.clone())
    );
    assert_eq!(
        forge(0, json!({"seat": 0})),
        "event 0: no decision in the event (one of play, isopods, shells, flip, steal)"
    );
    // Counts that do not fit a byte are refused, not truncated (256 would be 0).
    let isopods = record
        .events
        .iter()
        .position(|e| e.get("isopods").is_some())
        .expect("a Sandpiper in the game");
    let seat = record.events[isopods]["seat"].clone();
    assert_eq!(
        forge(isopods, json!({"seat": seat, "isopods": 256})),
        format!("event {isopods}: `isopods` 256 is not a count from 0 to 255")
    );
    assert_eq!(
        forge(isopods, json!({"seat": seat, "isopods": -1})),
        format!("event {isopods}: `isopods` -1 is not a count from 0 to 255")
    );
    let shells = record
        .events
        .iter()
        .position(|e| e.get("shells").is_some())
        .expect("a Beach in the game");
    let seat = record.events[shells]["seat"].clone();
    assert_eq!(
        forge(shells, json!({"seat": seat, "shells": 257})),
        format!("event {shells}: `shells` 257 is not a count from 0 to 255")
    );
    // A seat number that would wrap to a valid seat as a byte (256 + 1).
    let steal = record
        .events
        .iter()
        .position(|e| e.get("steal").is_some())
        .expect("a Crab Habitat in the game");
    let seat = record.events[steal]["seat"].clone();
    assert_eq!(
        forge(steal, json!({"seat": seat, "steal": 257})),
        format!("event {steal}: `steal` 257 is not a seat or null")
    );
    // A flip id beyond every bound.
    let flip = record
        .events
        .iter()
        .position(|e| e.get("flip").is_some())
        .expect("a flip in the game");
    let seat = record.events[flip]["seat"].clone();
    assert_eq!(
        forge(flip, json!({"seat": seat, "flip": 1u64 << 40})),
        format!("event {flip}: token 1099511627776 is not one of seat {seat}'s Beaches")
    );
}

/// A state broken in a part the invariants check (counters and order, the
/// hand and its phase, conservation of faces) is refused with an
/// [`InvalidState`] that says what is wrong.
#[test]
fn a_broken_state_is_refused_naming_what_is_wrong() {
    let g = game("seaside", 2);
    let dealt = g.new_game(&mut rng_from_seed(1));
    assert_eq!(g.check_invariants(&dealt), Ok(()));
    let broken = |change: &dyn Fn(&mut SeasideState)| {
        let mut s = dealt;
        change(&mut s);
        g.check_invariants(&s).map_err(|e| e.to_string())
    };
    assert_eq!(
        broken(&|s| s.to_move = 3),
        Err("seat 3 to move".to_string())
    );
    let undrawn = dealt.order[dealt.drawn as usize];
    assert_eq!(
        broken(&|s| s.info[undrawn as usize] = 0x21),
        Err(format!("undrawn token {undrawn} has info 0x21"))
    );
    assert_eq!(
        broken(&|s| s.discarded_isopods += 1),
        Err("Isopod: 0 played but 1 accounted for".to_string())
    );
    assert_eq!(
        g.check_invariants(&{
            let mut s = dealt;
            s.phase = Phase::Steal;
            s
        }),
        Err(InvalidState::from("phase Steal with 1 token(s) in hand"))
    );
    assert_eq!(
        broken(&|s| s.seats[1].loose_sandpipers = 1),
        Err("a loose Sandpiper outside solo mode".to_string())
    );
}
