//! Shell Dash: conformance, hand-built positions for every ruling, card
//! conservation, records with reshuffles.

use Card::{Jellyfish, Sand, Shell, Sun, Wave};
use beachcomber::display::{Describe, Viewer};
use beachcomber::game::{Evaluate, Game, SeatSet};
use beachcomber::games::shell_dash::{
    Card, Phase, Position, ReshuffleRule, ShellDashAction, ShellDashState,
};
use beachcomber::games::shell_dash::{DEFAULT_DECK, ShellDash, ShellDashConfigError};
use beachcomber::record::{RecordFormat, build_record, verify_record};
use beachcomber::rng::{deal_seed, rng_from_seed};
use beachcomber::spec::Spec;
use beachcomber::testing::conformance::{Conformance, check_game};
use serde_json::{Value, json};

fn game(spec: &str, players: usize) -> ShellDash {
    ShellDash::from_spec(&spec.parse::<Spec>().unwrap(), players).unwrap()
}

#[test]
fn conforms_with_the_default_deck() {
    // Also dealt by the coupled shuffle (tests/shell_dash_coupled.rs).
    for (spec, players) in [
        ("shell-dash", 1),
        ("shell-dash", 2),
        ("shell-dash(deal=coupled)", 1),
        ("shell-dash(deal=coupled)", 2),
    ] {
        let g = game(spec, players);
        let report = check_game(
            &g,
            Conformance {
                games: 300,
                seed: 11,
                ..Default::default()
            },
        );
        assert_eq!(report.games, 300);
        assert!(
            report.determinizations_differing > report.plies / 2,
            "{report:?}"
        );
        // Nothing is private: chance's worlds are the viewer's worlds
        // (the same function, checked in bots/tests/fair_oracle.rs).
        assert!(
            report.chance_worlds_differing > report.plies / 2,
            "{report:?}"
        );
        // Flips show a card, the other moves nothing: both are checked.
        assert!(report.revealing > 0 && report.quiet > 0, "{report:?}");
    }
}

#[test]
fn conforms_with_odd_decks() {
    let specs = [
        // Shells deep in a big deck: many games run to the cap.
        "shell-dash(deck=Sand:40,Wave:3,Flip-Flop:2,Jellyfish:2,Sun:2,Shell:3,max_turns=15)",
        "shell-dash(deck=Sand:40,Wave:3,Flip-Flop:2,Jellyfish:2,Sun:2,Shell:3,max_turns=15,reshuffle=empty)",
        // Many Suns: the board grows to 6 rows.
        "shell-dash(deck=Sand:6,Sun:30,Shell:6,Wave:2)",
        // Tiny decks: places stay empty, rows are walked through.
        "shell-dash(deck=Sand:3,Shell:3,Sun:3,max_turns=40)",
        "shell-dash(deck=Sand:3,Shell:3,Sun:3,max_turns=40,reshuffle=empty)",
        "shell-dash(deck=Flip-Flop:4,Jellyfish:3,Shell:3,max_turns=30)",
        "shell-dash(deck=Wave:9,Shell:3,max_turns=25)",
        "shell-dash(deck=Sun:6,Flip-Flop:3,Wave:1,Shell:3,max_turns=20)",
    ];
    for spec in specs {
        for players in 1..=2 {
            let g = game(spec, players);
            let report = check_game(
                &g,
                Conformance {
                    games: 60,
                    seed: 5,
                    ..Default::default()
                },
            );
            assert_eq!(report.games, 60, "{spec}");
        }
    }
}

// ---------------------------------------------------------------------------
// Hand-built positions.

const SA: Option<Card> = Some(Card::Sand);
const WA: Option<Card> = Some(Card::Wave);
const FF: Option<Card> = Some(Card::FlipFlop);
const JE: Option<Card> = Some(Card::Jellyfish);
const SU: Option<Card> = Some(Card::Sun);
const SH: Option<Card> = Some(Card::Shell);
const NO: Option<Card> = None;

const FLIP0: ShellDashAction = ShellDashAction::Flip(0);
const FLIP1: ShellDashAction = ShellDashAction::Flip(1);
const FLIP2: ShellDashAction = ShellDashAction::Flip(2);
const SPEND: ShellDashAction = ShellDashAction::FlipFlop(true);
const KEEP: ShellDashAction = ShellDashAction::FlipFlop(false);

/// A game (`reshuffle=empty`) whose deck is exactly the cards of `p`, and
/// the position. A deck must hold at least 3 Shells: the missing ones are
/// put at the bottom of the position's deck.
fn build(players: usize, max_turns: u32, p: &Position) -> (ShellDash, ShellDashState) {
    build_with(ReshuffleRule::Empty, players, max_turns, p)
}

/// [`build`] with the reshuffle rule `rule`.
fn build_with(
    rule: ReshuffleRule,
    players: usize,
    max_turns: u32,
    p: &Position,
) -> (ShellDash, ShellDashState) {
    let mut p = p.clone();
    let mut counts = [0u16; 6];
    for row in &p.rows {
        for c in row.iter().flatten() {
            counts[*c as usize] += 1;
        }
    }
    for c in p.deck.iter().chain(&p.discard) {
        counts[*c as usize] += 1;
    }
    counts[Card::FlipFlop as usize] += p.flipflops[0] + p.flipflops[1];
    counts[Card::Shell as usize] += (p.shells[0] + p.shells[1]) as u16;
    while counts[Card::Shell as usize] < 3 {
        p.deck.push(Shell);
        counts[Card::Shell as usize] += 1;
    }
    let g = ShellDash::with_reshuffle(players, counts, max_turns, rule).unwrap();
    let s = g.position(&p).unwrap();
    (g, s)
}

fn pos(rows: &[[Option<Card>; 3]], deck: &[Card]) -> Position {
    Position {
        rows: rows.to_vec(),
        deck: deck.to_vec(),
        turn: 1,
        ..Default::default()
    }
}

fn play(g: &ShellDash, s: &ShellDashState, actions: &[ShellDashAction]) -> ShellDashState {
    let mut s = *s;
    for &a in actions {
        s = g
            .play(&s, a)
            .unwrap_or_else(|e| panic!("{a}: {e}\n{}", g.describe_state(&s, Viewer::Referee)));
        g.check_invariants(&s).unwrap();
    }
    s
}

fn legal(g: &ShellDash, s: &ShellDashState) -> Vec<ShellDashAction> {
    g.legal_actions(s).to_vec()
}

#[test]
fn three_waves_end_the_turn_with_nothing() {
    let p = Position {
        rows: vec![[WA, WA, WA], [SH, SA, SA], [SA, SA, SA]],
        deck: vec![Shell, Sun, Sand, Wave],
        turn: 1,
        ..Default::default()
    };
    let (g, s) = build(2, 200, &p);
    assert_eq!(legal(&g, &s), vec![FLIP0, FLIP1, FLIP2]);
    let s1 = play(&g, &s, &[FLIP1]);
    // A Wave: flip another card of the same row.
    assert_eq!((s1.row, s1.phase, s1.to_move), (0, Phase::Flip, 0));
    assert_eq!(legal(&g, &s1), vec![FLIP0, FLIP2]);
    let s2 = play(&g, &s1, &[FLIP0]);
    assert_eq!(legal(&g, &s2), vec![FLIP2]);
    let s3 = play(&g, &s2, &[FLIP2]);
    // All Waves: the turn ends, nothing collected, the Waves discarded and
    // row 0 refilled from the deck's top, left to right.
    assert_eq!(s3.to_move, 1);
    assert_eq!(s3.turn, 2);
    assert_eq!(s3.shells, [0, 0]);
    assert_eq!(s3.discard, [0, 3, 0, 0, 0, 0]);
    assert_eq!(s3.place(0, 0), Some((Shell, true)));
    assert_eq!(s3.place(0, 1), Some((Sun, true)));
    assert_eq!(s3.place(0, 2), Some((Sand, true)));
    assert_eq!(s3.deck_size(), 2);
    assert_eq!((s3.row, s3.phase), (0, Phase::Flip));
}

#[test]
fn a_wave_then_a_shell() {
    let mut p = pos(
        &[[WA, SH, SA], [SA, SU, SU], [SA, SU, SU]],
        &[Wave, Wave, Sand],
    );
    p.shells = [0, 2];
    let (g, s) = build(2, 200, &p);
    let s1 = play(&g, &s, &[FLIP0]);
    assert_eq!(legal(&g, &s1), vec![FLIP1, FLIP2]);
    let s2 = play(&g, &s1, &[FLIP1]);
    // The Shell stays in place and the walker advances to row 1.
    assert_eq!((s2.row, s2.phase), (1, Phase::Flip));
    assert_eq!(s2.place(0, 1), Some((Shell, false)));
    let s3 = play(&g, &s2, &[FLIP0, FLIP0]);
    // The walk completes: one Shell collected; Wave and the two Sands
    // discarded; the unflipped Sand of row 0 stays face-down.
    assert_eq!(s3.shells, [1, 2]);
    assert_eq!(s3.to_move, 1);
    assert_eq!(s3.place(0, 2), Some((Sand, true)));
    // Refill in row order: (0,0), (0,1), (1,0), then (2,0) is left empty.
    assert_eq!(s3.place(0, 0), Some((Wave, true)));
    assert_eq!(s3.place(0, 1), Some((Wave, true)));
    assert_eq!(s3.place(1, 0), Some((Sand, true)));
    // The deck ran out; the discard pile (Wave, Sand, Sand) was reshuffled
    // for the last place.
    assert_eq!(s3.reshuffles, 1);
    assert_eq!(s3.place(2, 0).map(|(_, down)| down), Some(true));
    assert_eq!(s3.deck_size(), 2);
    assert_eq!(s3.discard, [0; 6]);
}

#[test]
fn sun_adds_a_sixth_row_then_acts_as_sand_at_six() {
    let five = [
        [SU, SU, SU],
        [SA, SA, SA],
        [SA, SA, SA],
        [SA, SA, SA],
        [SA, SA, SA],
    ];
    let p = pos(&five, &[Shell, Wave, Jellyfish, Sand]);
    let (g, s) = build(1, 200, &p);
    assert_eq!(s.rows, 5);
    let s1 = play(&g, &s, &[FLIP1]);
    // The 6th row is dealt face-down from the deck's top; walker in row 1.
    assert_eq!(s1.rows, 6);
    assert_eq!((s1.row, s1.phase), (1, Phase::Flip));
    assert_eq!(s1.place(5, 0), Some((Shell, true)));
    assert_eq!(s1.place(5, 1), Some((Wave, true)));
    assert_eq!(s1.place(5, 2), Some((Jellyfish, true)));
    // Sand and two Shells (3 Shells are the fewest a deck may hold).
    assert_eq!(s1.deck_size(), 3);

    let mut six = five.to_vec();
    six.push([SA, SA, SA]);
    let p = pos(&six, &[Shell, Wave, Jellyfish, Sand]);
    let (g, s) = build(1, 200, &p);
    let s1 = play(&g, &s, &[FLIP1]);
    // At 6 rows the Sun counts as Sand: no new row, no card drawn.
    assert_eq!(s1.rows, 6);
    assert_eq!((s1.row, s1.phase), (1, Phase::Flip));
    assert_eq!(s1.deck_size(), 6);
    // It is discarded at the end of the walk like any revealed card.
    let s2 = play(&g, &s1, &[FLIP0, FLIP0, FLIP0, FLIP0, FLIP0]);
    // (the deck's 6 cards refill the 6 places: no reshuffle).
    assert_eq!(s2.turn, 2);
    assert_eq!(s2.discard, [5, 0, 0, 0, 1, 0]);
    assert_eq!(s2.rows, 6);
}

#[test]
fn sun_rows_are_walked_and_the_board_never_shrinks() {
    // A Sun in the last of 3 rows: the new row 3 must be walked too.
    let p = pos(
        &[[SA, SA, SA], [SA, SA, SA], [SU, SA, SA]],
        &[Shell, Shell, Shell, Sand],
    );
    let (g, s) = build(1, 200, &p);
    let s1 = play(&g, &s, &[FLIP0, FLIP0, FLIP0]);
    assert_eq!((s1.rows, s1.row, s1.phase), (4, 3, Phase::Flip));
    let s2 = play(&g, &s1, &[FLIP2]);
    assert_eq!(s2.shells, [1, 0]);
    assert_eq!(s2.rows, 4);
    assert_eq!(s2.turn, 2);
}

#[test]
fn jellyfish_without_a_flipflop_ends_the_turn_and_loses_the_shells() {
    let p = pos(&[[SH, SA, SA], [JE, JE, JE], [SA, SA, SA]], &[Sand, Sand]);
    let (g, s) = build(2, 200, &p);
    let s1 = play(&g, &s, &[FLIP0, FLIP1]);
    assert_eq!(s1.to_move, 1);
    assert_eq!(s1.shells, [0, 0]);
    // The Shell revealed in the failed walk is discarded, not collected.
    assert_eq!(s1.discard, [0, 0, 0, 1, 0, 1]);
    assert_eq!(s1.place(0, 0), Some((Sand, true)));
    assert_eq!(s1.place(1, 1), Some((Sand, true)));
}

#[test]
fn jellyfish_with_a_flipflop_spend_or_keep() {
    let mut p = pos(
        &[[SH, SA, SA], [JE, JE, JE], [SA, SA, SA]],
        &[Sand, Sand, Wave],
    );
    p.flipflops = [1, 0];
    let (g, s) = build(2, 200, &p);
    let at_jelly = play(&g, &s, &[FLIP0, FLIP2]);
    assert_eq!(
        (at_jelly.phase, at_jelly.row, at_jelly.to_move),
        (Phase::Jellyfish, 1, 0)
    );
    assert_eq!(legal(&g, &at_jelly), vec![KEEP, SPEND]);
    assert!(g.play(&at_jelly, FLIP0).is_err());

    // Spend: advance; at the end of the walk the Flip-Flop and the Jellyfish
    // are discarded with the others and the Shell collected.
    let spent = play(&g, &at_jelly, &[SPEND]);
    assert_eq!((spent.phase, spent.row), (Phase::Flip, 2));
    assert_eq!((spent.flipflops, spent.spent), ([0, 0], 1));
    assert_eq!(spent.discard, [0; 6]);
    let done = play(&g, &spent, &[FLIP1]);
    assert_eq!(done.shells, [1, 0]);
    assert_eq!(done.discard, [1, 0, 1, 1, 0, 0]);
    assert_eq!(done.spent, 0);
    assert_eq!(done.to_move, 1);

    // Keep: the turn ends with nothing collected; the Flip-Flop stays in hand.
    let kept = play(&g, &at_jelly, &[KEEP]);
    assert_eq!(kept.flipflops, [1, 0]);
    assert_eq!(kept.shells, [0, 0]);
    assert_eq!(kept.discard, [0, 0, 0, 1, 0, 1]);
    assert_eq!(kept.to_move, 1);
}

#[test]
fn a_flipflop_found_in_the_walk_can_be_spent_later_in_it() {
    let p = pos(
        &[[FF, SA, SA], [SH, SA, SA], [JE, SA, SA]],
        &[Sand, Sand, Sand],
    );
    let (g, s) = build(1, 200, &p);
    let s1 = play(&g, &s, &[FLIP0]);
    // The Flip-Flop leaves the board for the hand.
    assert_eq!(s1.flipflops, [1, 0]);
    assert_eq!(s1.place(0, 0), None);
    let s2 = play(&g, &s1, &[FLIP0, FLIP0]);
    assert_eq!(s2.phase, Phase::Jellyfish);
    let s3 = play(&g, &s2, &[SPEND]);
    assert_eq!(s3.shells, [1, 0]);
    assert_eq!(s3.flipflops, [0, 0]);
    assert_eq!(s3.turn, 2);
    // Refill: (0,0) then (1,0) then (2,0) from the deck's three Sands.
    assert_eq!(s3.place(0, 0), Some((Sand, true)));
    assert_eq!(s3.place(1, 0), Some((Sand, true)));
    assert_eq!(s3.place(2, 0), Some((Sand, true)));
    assert_eq!(s3.discard, [0, 0, 1, 1, 0, 0]);
}

#[test]
fn a_flipflop_in_hand_without_a_jellyfish_is_kept_across_turns() {
    let mut p = pos(
        &[[FF, SA, SA], [SA, SA, SA], [SA, SA, SA]],
        &[Sand, Sand, Sand],
    );
    p.flipflops = [0, 2];
    let (g, s) = build(2, 200, &p);
    let s1 = play(&g, &s, &[FLIP0, FLIP0, FLIP0]);
    assert_eq!(s1.flipflops, [1, 2]);
    assert_eq!(s1.to_move, 1);
}

#[test]
fn two_shells_in_one_walk() {
    let p = pos(&[[SH, SA, SA], [WA, SH, SA], [SA, SA, SA]], &[Sand; 4]);
    let (g, s) = build(1, 200, &p);
    let s1 = play(&g, &s, &[FLIP0, FLIP0, FLIP1, FLIP2]);
    assert_eq!(s1.shells, [2, 0]);
    assert_eq!(s1.turn, 2);
    // Wave and Sand went to the discard pile and the deck's 4 Sands refilled
    // the 4 empty places (2 Shells, the Wave, the Sand); the deck's third
    // Shell is left.
    assert_eq!(s1.discard, [1, 1, 0, 0, 0, 0]);
    assert_eq!(s1.place(1, 1), Some((Sand, true)));
    assert_eq!(s1.deck_size(), 1);
}

#[test]
fn the_third_shell_ends_the_game_at_once_mid_round() {
    let mut p = pos(&[[SH, SA, SA], [SA, SA, SA], [SA, SA, SA]], &[Shell, Shell]);
    p.shells = [2, 2];
    p.to_move = 1;
    p.turn = 8;
    let (g, s) = build(2, 200, &p);
    let s1 = play(&g, &s, &[FLIP0, FLIP2, FLIP1]);
    assert_eq!(g.to_move(&s1), None);
    assert_eq!(s1.phase, Phase::Over);
    assert_eq!(s1.shells, [2, 3]);
    let o = g.outcome(&s1);
    assert_eq!(o.winners, SeatSet::single(1));
    assert_eq!(o.scores.as_slice(), &[2, 3]);
    // No discard or refill after a winning walk.
    assert_eq!(s1.discard, [0; 6]);
    assert_eq!(s1.deck_size(), 2);
    assert_eq!(s1.place(1, 2), Some((Sand, false)));
    assert_eq!(s1.turn, 8);
    assert_eq!(g.final_margin(&s1, 1), 1.0 / 3.0);
    assert_eq!(g.final_margin(&s1, 0), -1.0 / 3.0);
    assert_eq!(
        g.result_json(&s1),
        json!({"shells": [2, 3], "turns": 8, "winners": [1]})
    );
    assert!(g.play(&s1, FLIP0).is_err());
}

#[test]
fn reshuffle_only_when_the_deck_is_empty() {
    // Deck holds 2 cards, discard pile 5: the 3 revealed cards need 3; the
    // third place forces a reshuffle of all 5 + 3 discarded cards... minus
    // none: the discard pile then holds the 5 old and 3 new cards.
    let mut p = pos(&[[SA, SA, SA], [SA, SA, SA], [SA, SA, SA]], &[Wave, Wave]);
    p.discard = vec![Jellyfish, Jellyfish, Sun, Sun, Sun];
    p.shells = [1, 2];
    let (g, s) = build(2, 200, &p);
    let s1 = play(&g, &s, &[FLIP0, FLIP0, FLIP0]);
    assert_eq!(s1.reshuffles, 1);
    assert_eq!(s1.place(0, 0), Some((Wave, true)));
    assert_eq!(s1.place(1, 0), Some((Wave, true)));
    // The reshuffled deck held 8 cards, one of which was drawn.
    assert_eq!(s1.deck_size(), 7);
    assert_eq!(s1.discard, [0; 6]);
    let record_events = {
        let mut out = Vec::new();
        let mut st = s;
        for a in [FLIP0, FLIP0, FLIP0] {
            let before = st;
            g.play_unchecked(&mut st, a);
            g.action_events(&before, a, &st, &mut out);
        }
        out
    };
    // The reshuffle event follows the decision that caused it and gives
    // the new deck top first, as it was before the refill drew from it.
    assert_eq!(record_events.len(), 4);
    assert_eq!(record_events[2], json!({"seat": 0, "flip": 0}));
    let deck = record_events[3]["deck"].as_array().unwrap();
    assert_eq!(record_events[3]["chance"], "reshuffle");
    assert_eq!(deck.len(), 8);
    assert_eq!(deck[0].as_str().unwrap(), s1.place(2, 0).unwrap().0.name());
    let mut names: Vec<&str> = deck.iter().map(|v| v.as_str().unwrap()).collect();
    names.sort();
    assert_eq!(
        names,
        [
            "Jellyfish",
            "Jellyfish",
            "Sand",
            "Sand",
            "Sand",
            "Sun",
            "Sun",
            "Sun"
        ]
    );

    // With cards left in the deck, a big discard pile is not reshuffled.
    let mut p = pos(
        &[[SA, SA, SA], [SA, SA, SA], [SA, SA, SA]],
        &[Wave, Wave, Wave, Wave],
    );
    p.discard = vec![Jellyfish, Jellyfish, Sun, Sun, Sun];
    p.shells = [1, 2];
    let (g, s) = build(2, 200, &p);
    let s1 = play(&g, &s, &[FLIP0, FLIP0, FLIP0]);
    assert_eq!(s1.reshuffles, 0);
    assert_eq!(s1.deck_size(), 1);
    assert_eq!(s1.discard, [3, 0, 0, 2, 3, 0]);
}

#[test]
fn empty_places_stay_empty_and_empty_rows_are_walked_through() {
    // 9 cards, none in the deck or discard pile.
    let p = pos(&[[SH, SA, SA], [SA, SA, SH], [SA, SA, SH]], &[]);
    let (g, s) = build(1, 200, &p);
    let s1 = play(&g, &s, &[FLIP0, FLIP0, FLIP0]);
    // 3 places emptied (the Shell collected, 2 Sands discarded) and 2 Sands
    // reshuffled back: the last place in row order stays empty.
    assert_eq!(s1.shells, [1, 0]);
    assert_eq!(s1.place(0, 0), Some((Sand, true)));
    assert_eq!(s1.place(1, 0), Some((Sand, true)));
    assert_eq!(s1.place(2, 0), None);
    assert!(g.play(&s1, FLIP0).is_ok());

    // Row 1 without a face-down card is walked through like Sand.
    let p = pos(
        &[[SA, SA, SA], [NO, NO, NO], [SH, SA, SA], [SA, NO, NO]],
        &[Sand, Sand],
    );
    let (g, s) = build(1, 200, &p);
    let s1 = play(&g, &s, &[FLIP0]);
    assert_eq!((s1.row, s1.phase), (2, Phase::Flip));
    let s2 = play(&g, &s1, &[FLIP0]);
    assert_eq!((s2.row, s2.phase), (3, Phase::Flip));
    assert_eq!(legal(&g, &s2), vec![FLIP0]);
    // A walk whose last rows are empty completes without a decision.
    let p = pos(&[[SH, SA, SA], [NO, NO, NO], [NO, NO, NO]], &[Sand; 4]);
    let (g, s) = build(1, 200, &p);
    let s1 = play(&g, &s, &[FLIP0]);
    assert_eq!(s1.shells, [1, 0]);
    assert_eq!(s1.turn, 2);
    // 7 empty places, 6 cards (4 Sands, then the 2 other Shells): refilled
    // in row order, the last stays empty.
    assert_eq!(s1.place(0, 0), Some((Sand, true)));
    assert_eq!(s1.place(1, 2), Some((Sand, true)));
    assert_eq!(s1.place(2, 0), Some((Shell, true)));
    assert_eq!(s1.place(2, 1), Some((Shell, true)));
    assert_eq!(s1.place(2, 2), None);
    assert_eq!(s1.reshuffles, 0);
}

#[test]
fn a_board_with_nothing_to_flip_ends_at_the_cap() {
    // The last card on the board is a Flip-Flop; every other card is held.
    let mut p = pos(&[[NO, FF, NO], [NO, NO, NO], [NO, NO, NO]], &[]);
    p.flipflops = [4, 4];
    p.shells = [1, 2];
    let (g, s) = build(2, 50, &p);
    assert_eq!(legal(&g, &s), vec![FLIP1]);
    let s1 = play(&g, &s, &[FLIP1]);
    // The walk completed through two empty rows; nothing can refill the
    // board: every turn to come is an empty walk, so the game ends at the
    // cap with no further decision.
    assert_eq!(s1.flipflops, [5, 4]);
    assert_eq!(g.to_move(&s1), None);
    assert_eq!(s1.turn, 50);
    assert_eq!(g.outcome(&s1).winners, SeatSet::single(1));
    assert_eq!(
        g.result_json(&s1),
        json!({"shells": [1, 2], "turns": 50, "winners": [1]})
    );
}

#[test]
fn solo_turn_count_and_cap() {
    // Solo: 3 Shells in turn 4 scores 4.
    let mut p = pos(&[[SH, SA, SA], [SA, SA, SA], [SA, SA, SA]], &[Sand, Sand]);
    p.shells = [2, 0];
    p.turn = 4;
    let (g, s) = build(1, 10, &p);
    let s1 = play(&g, &s, &[FLIP0, FLIP0, FLIP0]);
    assert_eq!(g.to_move(&s1), None);
    let o = g.outcome(&s1);
    assert_eq!(o.scores.as_slice(), &[4]);
    assert_eq!(o.winners, SeatSet::single(0));
    assert_eq!(g.final_margin(&s1, 0), 0.7);
    assert_eq!(
        g.result_json(&s1),
        json!({"shells": [3], "turns": 4, "winners": []}).tap_winners(&[0])
    );

    // The cap: the last turn ends the game before its discard and refill;
    // solo is then lost.
    let mut p = pos(&[[JE, JE, JE], [SA, SA, SA], [SA, SA, SA]], &[Sand, Sand]);
    p.shells = [2, 0];
    p.turn = 9;
    let (g, s) = build(1, 10, &p);
    let s1 = play(&g, &s, &[FLIP0]);
    assert_eq!((s1.turn, s1.phase), (10, Phase::Flip));
    assert_eq!(s1.discard, [0, 0, 0, 1, 0, 0]);
    assert_eq!(s1.place(0, 0), Some((Sand, true)));
    let s2 = play(&g, &s1, &[FLIP1]);
    assert_eq!(g.to_move(&s2), None);
    assert_eq!(s2.turn, 10);
    assert_eq!(s2.discard, [0, 0, 0, 1, 0, 0]);
    assert_eq!(s2.place(0, 1), Some((Jellyfish, false)));
    assert_eq!(s2.deck_size(), 2);
    let o = g.outcome(&s2);
    assert_eq!(o.winners, SeatSet::EMPTY);
    assert_eq!(o.scores.as_slice(), &[10]);
    assert_eq!(g.final_margin(&s2, 0), -1.0);
}

#[test]
fn two_player_cap_most_shells_win_shared() {
    let mut p = pos(&[[JE, JE, JE], [SA, SA, SA], [SA, SA, SA]], &[Sand, Sand]);
    p.shells = [1, 1];
    p.turn = 3;
    let (g, s) = build(2, 3, &p);
    let s1 = play(&g, &s, &[FLIP1]);
    assert_eq!(g.to_move(&s1), None);
    assert_eq!(g.outcome(&s1).winners, SeatSet(0b11));
    let mut p = pos(&[[JE, JE, JE], [SA, SA, SA], [SA, SA, SA]], &[Sand, Sand]);
    p.shells = [1, 2];
    p.turn = 3;
    let (g, s) = build(2, 3, &p);
    let s1 = play(&g, &s, &[FLIP1]);
    assert_eq!(g.outcome(&s1).winners, SeatSet::single(1));
    assert_eq!(g.outcome(&s1).scores.as_slice(), &[1, 2]);
}

trait TapWinners {
    fn tap_winners(self, w: &[usize]) -> Value;
}
impl TapWinners for Value {
    fn tap_winners(mut self, w: &[usize]) -> Value {
        self["winners"] = json!(w);
        self
    }
}

// ---------------------------------------------------------------------------
// Random games: conservation, records, determinization, specs.

#[test]
fn cards_are_conserved_at_every_step_of_random_games() {
    let specs = [
        "shell-dash",
        "shell-dash(deck=Sand:3,Shell:3,Sun:3,Flip-Flop:2,max_turns=60)",
    ];
    let mut steps = 0u64;
    for spec in specs {
        for players in 1..=2 {
            let g = game(spec, players);
            let total: u16 = g.deck_counts().iter().sum();
            for index in 0..200 {
                let mut rng = rng_from_seed(deal_seed(99, index));
                let mut s = g.new_game(&mut rng);
                while g.to_move(&s).is_some() {
                    assert_eq!(g.card_counts(&s).unwrap(), g.deck_counts());
                    assert_eq!(g.card_counts(&s).unwrap().iter().sum::<u16>(), total);
                    g.check_invariants(&s).unwrap();
                    let a = g.random_action(&s, &mut rng);
                    g.play_unchecked(&mut s, a);
                    steps += 1;
                }
                assert_eq!(g.card_counts(&s).unwrap(), g.deck_counts());
                let o = g.outcome(&s);
                if players == 2 {
                    assert!(s.shells.iter().any(|&n| n >= 3) || s.turn == g.max_turns());
                } else {
                    assert_eq!(o.winners.is_empty(), s.shells[0] < 3);
                }
            }
        }
    }
    assert!(steps > 10_000, "{steps}");
}

/// Random games until one whose record has a reshuffle event (also
/// tests/shell_dash_coupled.rs).
pub(crate) fn game_with_reshuffle(g: &ShellDash) -> beachcomber::record::GameRecord {
    for index in 0..1000 {
        let seed = deal_seed(3, index);
        let mut rng = rng_from_seed(seed);
        let initial = g.new_game(&mut rng);
        let mut s = initial;
        let mut actions = Vec::new();
        while g.to_move(&s).is_some() {
            let a = g.random_action(&s, &mut rng);
            g.play_unchecked(&mut s, a);
            actions.push(a);
        }
        if s.reshuffles > 0 {
            let record = build_record(
                g,
                Some(seed),
                &["random".into(), "random".into()],
                &initial,
                &actions,
            );
            let chance = record
                .events
                .iter()
                .filter(|e| e.get("chance").is_some())
                .count();
            assert_eq!(chance as u32, s.reshuffles);
            return record;
        }
    }
    panic!("no game with a reshuffle");
}

#[test]
fn records_hold_reshuffles_and_replay_them() {
    let g = game(
        "shell-dash(deck=Sand:8,Wave:2,Shell:3,Jellyfish:2,max_turns=100)",
        2,
    );
    let record = game_with_reshuffle(&g);
    assert_eq!(
        record.options,
        json!({
            "deck": {"Sand": 8, "Wave": 2, "Flip-Flop": 0, "Jellyfish": 2, "Sun": 0, "Shell": 3},
            "max_turns": 100,
            "reshuffle": "choice"
        })
    );
    assert_eq!(record.setup["deck"].as_array().unwrap().len(), 15);
    verify_record(&g, &record).unwrap();
    // Each chance event follows a decision.
    let first = record
        .events
        .iter()
        .position(|e| e.get("chance").is_some())
        .unwrap();
    assert!(first > 0 && record.events[first - 1].get("seat").is_some());
    assert_eq!(record.events[first]["chance"], "reshuffle");

    // A deck that is not the discard pile reshuffled is refused.
    let mut bad = record.clone();
    let deck = bad.events[first]["deck"].as_array_mut().unwrap();
    let other = if deck[0] == "Sand" { "Shell" } else { "Sand" };
    deck[0] = json!(other);
    let err = verify_record(&g, &bad).unwrap_err().to_string();
    assert!(err.contains(&format!("event {first}")), "{err}");
    // A missing reshuffle event is refused.
    let mut bad = record.clone();
    bad.events.remove(first);
    assert!(verify_record(&g, &bad).is_err());
    // A reshuffle where a decision is due is refused.
    let mut bad = record.clone();
    let ev = bad.events[first].clone();
    bad.events.insert(0, ev);
    assert!(verify_record(&g, &bad).is_err());

    // The replay follows the recorded deck, not a random number generator:
    // reversing a recorded deck changes the cards drawn from it.
    let mut reversed = record.clone();
    reversed.events[first]["deck"]
        .as_array_mut()
        .unwrap()
        .reverse();
    let replay = g
        .replay(&reversed.setup, &reversed.events[..first + 1])
        .unwrap();
    let original = g
        .replay(&record.setup, &record.events[..first + 1])
        .unwrap();
    let (a, b) = (replay.final_state, original.final_state);
    let n = a.len as usize;
    let mut rev: Vec<u8> = b.deck[..n].to_vec();
    rev.reverse();
    assert_eq!(&a.deck[..n], &rev[..]);
}

#[test]
fn bad_setups_are_refused() {
    let g = game("shell-dash", 2);
    let mut rng = rng_from_seed(1);
    let initial = g.new_game(&mut rng);
    let setup = g.setup_json(&initial);
    let mut short = setup.clone();
    short["deck"].as_array_mut().unwrap().pop();
    assert!(g.replay(&short, &[]).is_err());
    let mut wrong = setup.clone();
    wrong["deck"][0] = json!("Starfish");
    assert!(g.replay(&wrong, &[]).is_err());
    let replay = g.replay(&setup, &[]).unwrap();
    assert_eq!(replay.final_state, initial);
    let err = g
        .replay(&setup, &[json!({"seat": 1, "flip": 0})])
        .unwrap_err()
        .to_string();
    assert!(err.contains("seat 0 is to move"), "{err}");
    assert!(g.replay(&setup, &[json!({"seat": 0, "flip": 3})]).is_err());
    assert!(
        g.replay(&setup, &[json!({"seat": 0, "flipflop": true})])
            .is_err()
    );
}

#[test]
fn determinization_redeals_only_the_unseen_cards() {
    let g = game("shell-dash", 2);
    let mut rng = rng_from_seed(8);
    let mut s = g.new_game(&mut rng);
    for _ in 0..25 {
        if g.to_move(&s).is_none() {
            break;
        }
        let a = g.random_action(&s, &mut rng);
        g.play_unchecked(&mut s, a);
    }
    let unseen = |st: &ShellDashState| {
        let mut v: Vec<u8> = st.deck[st.top as usize..st.len as usize].to_vec();
        for i in 0..18 {
            if st.down & (1 << i) != 0 {
                v.push(st.board[i]);
            }
        }
        v.sort();
        v
    };
    let mut differing = 0;
    for _ in 0..20 {
        let w = g.determinize(&s, 0, &mut rng);
        assert_eq!(g.observation(&w, 0), g.observation(&s, 0));
        assert_eq!(g.observation(&w, 1), g.observation(&s, 1));
        assert_eq!(unseen(&w), unseen(&s));
        assert_eq!(
            (w.discard, w.shells, w.flipflops, w.up, w.down),
            (s.discard, s.shells, s.flipflops, s.up, s.down)
        );
        assert_ne!(w.chance_seed, s.chance_seed);
        if w.board != s.board || w.deck != s.deck {
            differing += 1;
        }
        // Evaluation reads public information only.
        assert_eq!(g.evaluate(&w, 0), g.evaluate(&s, 0));
        assert_eq!(g.evaluate(&w, 1), g.evaluate(&s, 1));
    }
    assert!(differing >= 19, "{differing}");
}

#[test]
fn evaluation_counts_shells_flipflops_and_the_walk() {
    let mut p = pos(&[[SH, SA, SA], [SH, SA, SA], [SA, SA, SA]], &[Sand]);
    p.shells = [1, 2];
    p.flipflops = [2, 0];
    let (g, s) = build(2, 200, &p);
    assert_eq!(g.evaluate(&s, 0), 1.0 + 0.5 - 2.0);
    assert_eq!(g.evaluate(&s, 1), 0.5);
    // One Shell revealed in row 0, rows 1 and 2 still to walk: 1/4.
    let s1 = play(&g, &s, &[FLIP0]);
    assert_eq!(g.evaluate(&s1, 0), 1.0 + 0.5 + 0.25 - 2.0);
    assert_eq!(g.evaluate(&s1, 1), -g.evaluate(&s1, 0));
    // Two Shells revealed, row 2 still to walk: 2 x 1/2.
    let s2 = play(&g, &s1, &[FLIP0]);
    assert_eq!(g.evaluate(&s2, 0), 1.0 + 0.5 + 2.0 * 0.5 - 2.0);
}

#[test]
fn specs_are_checked() {
    let ok = game(
        "shell-dash(deck=Sand:16,Wave:10,Flip-Flop:6,Jellyfish:8,Sun:6,Shell:14)",
        1,
    );
    assert_eq!(ok.deck_counts(), [16, 10, 6, 8, 6, 14]);
    assert_eq!(ok.max_turns(), 200);
    assert_eq!(game("shell-dash", 2).deck_counts(), [16, 10, 6, 8, 6, 14]);
    let g = game("shell-dash(max_turns=7,deck=Shell:9)", 2);
    assert_eq!((g.deck_counts(), g.max_turns()), ([0, 0, 0, 0, 0, 9], 7));
    let err = |spec: &str, players: usize| {
        ShellDash::from_spec(&spec.parse::<Spec>().unwrap(), players)
            .unwrap_err()
            .to_string()
    };
    assert!(err("shell-dash", 3).contains("1 or 2 players"));
    assert!(err("shell-dash", 0).contains("1 or 2 players"));
    assert!(err("shell-dash(deck=Sand:5,Shell:3)", 1).contains("fewer than the 9"));
    assert!(err("shell-dash(deck=Sand:200,Shell:100)", 1).contains("more than the 256"));
    assert!(err("shell-dash(deck=Sand:16,Crab:3)", 1).contains("unknown card `Crab`"));
    assert!(err("shell-dash(deck=Sand:16,Sand:3)", 1).contains("given twice"));
    assert!(err("shell-dash(deck=Sand:x)", 1).contains("not a count"));
    assert!(err("shell-dash(deck=Sand)", 1).contains("has no `:`"));
    assert!(err("shell-dash(max_turns=0)", 1).contains("max_turns"));
    assert!(err("shell-dash(turns=5)", 1).contains("unknown option"));
    assert_eq!(g.parse_action("spend"), Some(SPEND));
    assert_eq!(g.parse_action("flip3"), None);
}

#[test]
fn readable_accounts() {
    let mut p = pos(&[[SH, SA, SA], [JE, SA, SA], [SA, SA, SA]], &[Shell, Sand]);
    p.shells = [2, 2];
    let (g, s) = build(2, 200, &p);
    let s1 = play(&g, &s, &[FLIP0, FLIP0]);
    let text = g.describe_state(&s1, Viewer::Referee);
    assert!(
        text.contains("seat 1 walks, flipping a card of row 0"),
        "{text}"
    );
    assert!(text.contains("last card flipped: Jellyfish"), "{text}");
    assert!(
        text.contains("discard pile: Jellyfish 1, Shell 1"),
        "{text}"
    );
    assert!(
        text.contains("seat 0: 2 Shells, 0 Flip-Flops held"),
        "{text}"
    );
    let s2 = play(&g, &s1, &[FLIP0, FLIP1, FLIP1]);
    assert_eq!(g.to_move(&s2), None);
    let result = g.describe_result(&s2);
    assert!(result.contains("seat 1: 3 Shells (winner)"), "{result}");
    assert!(
        result.contains("after 2 turns: a walk reached 3 Shells"),
        "{result}"
    );
}

#[test]
fn a_sun_with_an_empty_deck_reshuffles_mid_walk() {
    let mut p = pos(&[[SU, SA, SA], [SA, SA, SA], [SA, SA, SA]], &[Shell]);
    p.discard = vec![Wave, Jellyfish, Shell, Shell];
    let (g, s) = build(1, 200, &p);
    let mut events = Vec::new();
    let mut s1 = s;
    g.play_unchecked(&mut s1, FLIP0);
    g.action_events(&s, FLIP0, &s1, &mut events);
    // The new row takes the Shell from the deck, then the discard pile
    // (Wave, Jellyfish, Shell, Shell) is reshuffled for its two other places.
    assert_eq!(s1.rows, 4);
    assert_eq!(s1.reshuffles, 1);
    assert_eq!(s1.place(3, 0), Some((Shell, true)));
    assert!(s1.place(3, 1).is_some() && s1.place(3, 2).is_some());
    assert_eq!((s1.deck_size(), s1.discard), (2, [0; 6]));
    assert_eq!(events.len(), 2);
    assert_eq!(events[0], json!({"seat": 0, "flip": 0}));
    assert_eq!(events[1]["chance"], "reshuffle");
    let deck: Vec<&str> = events[1]["deck"]
        .as_array()
        .unwrap()
        .iter()
        .map(|v| v.as_str().unwrap())
        .collect();
    assert_eq!(deck.len(), 4);
    assert_eq!(deck[0], s1.place(3, 1).unwrap().0.name());
    assert_eq!(deck[1], s1.place(3, 2).unwrap().0.name());
    // The walk goes on into the new row.
    let s2 = play(&g, &s1, &[FLIP0, FLIP0]);
    assert_eq!((s2.row, s2.phase), (3, Phase::Flip));
    let s3 = play(&g, &s2, &[FLIP0]);
    assert_eq!(s3.shells, [1, 0]);
    // The deck's 2 cards cannot refill the 4 emptied places: the 3 discarded
    // cards are reshuffled again.
    assert_eq!(s3.reshuffles, 2);
}

// ---------------------------------------------------------------------------
// The voluntary reshuffle (`reshuffle=choice`, docs/rules.md).

const NOSHUFFLE: ShellDashAction = ShellDashAction::Shuffle(false);
const SHUFFLE: ShellDashAction = ShellDashAction::Shuffle(true);

/// Sorted card names of a list.
fn sorted_names(cards: impl IntoIterator<Item = Card>) -> Vec<&'static str> {
    let mut v: Vec<&str> = cards.into_iter().map(Card::name).collect();
    v.sort();
    v
}

#[test]
fn the_reshuffle_is_offered_when_both_piles_hold_cards() {
    // Row 0 is all Waves: the turn ends with 3 Waves discarded, 4 cards in
    // the deck and 1 in the discard pile.
    let mut p = pos(
        &[[WA, WA, WA], [SH, SA, SA], [SA, SA, SA]],
        &[Sand, Sun, Shell, Shell],
    );
    p.discard = vec![Jellyfish];
    let (g, s) = build_with(ReshuffleRule::Choice, 2, 200, &p);
    let s1 = play(&g, &s, &[FLIP0, FLIP1, FLIP2]);
    // The decision belongs to the player whose turn ends, after the discard
    // and before the refill.
    assert_eq!((s1.phase, s1.to_move, s1.turn), (Phase::Shuffle, 0, 1));
    assert_eq!(legal(&g, &s1), vec![NOSHUFFLE, SHUFFLE]);
    assert_eq!(s1.discard, [0, 3, 0, 1, 0, 0]);
    assert_eq!((s1.deck_size(), s1.up, s1.place(0, 0)), (4, 0, None));
    assert!(g.play(&s1, FLIP0).is_err());

    // No: the refill takes the old deck's top cards, in order.
    let no = play(&g, &s1, &[NOSHUFFLE]);
    assert_eq!((no.phase, no.to_move, no.turn), (Phase::Flip, 1, 2));
    assert_eq!(no.place(0, 0), Some((Sand, true)));
    assert_eq!(no.place(0, 1), Some((Sun, true)));
    assert_eq!(no.place(0, 2), Some((Shell, true)));
    assert_eq!((no.deck_size(), no.reshuffles), (1, 0));
    assert_eq!(no.discard, [0, 3, 0, 1, 0, 0]);

    // Yes: the discard pile and the deck are shuffled together (8 cards),
    // then the refill draws 3 of them.
    let yes = play(&g, &s1, &[SHUFFLE]);
    assert_eq!((yes.phase, yes.to_move, yes.turn), (Phase::Flip, 1, 2));
    assert_eq!(
        (yes.deck_size(), yes.reshuffles, yes.discard),
        (5, 1, [0; 6])
    );
    let mut new_deck: Vec<Card> = (0..3).map(|c| yes.place(0, c).unwrap().0).collect();
    new_deck.extend(
        yes.deck[yes.top as usize..yes.len as usize]
            .iter()
            .map(|&c| Card::from_code(c).unwrap()),
    );
    assert_eq!(
        sorted_names(new_deck.iter().copied()),
        sorted_names([Wave, Wave, Wave, Jellyfish, Sand, Sun, Shell, Shell])
    );

    // The record holds the decision, then the new deck (top first).
    let mut events = Vec::new();
    g.action_events(&s1, SHUFFLE, &yes, &mut events);
    assert_eq!(events.len(), 2);
    assert_eq!(events[0], json!({"seat": 0, "shuffle": true}));
    assert_eq!(events[1]["chance"], "reshuffle");
    let recorded: Vec<&str> = events[1]["deck"]
        .as_array()
        .unwrap()
        .iter()
        .map(|v| v.as_str().unwrap())
        .collect();
    assert_eq!(
        recorded,
        new_deck.iter().map(|c| c.name()).collect::<Vec<_>>()
    );
    let mut events = Vec::new();
    g.action_events(&s1, NOSHUFFLE, &no, &mut events);
    assert_eq!(events, vec![json!({"seat": 0, "shuffle": false})]);

    // With `reshuffle=empty` the same turn refills at once.
    let (g, s) = build(2, 200, &p);
    let s1 = play(&g, &s, &[FLIP0, FLIP1, FLIP2]);
    assert_eq!((s1.phase, s1.to_move, s1.turn), (Phase::Flip, 1, 2));
    assert_eq!(s1.place(0, 0), Some((Sand, true)));
    assert!(!g.all_actions().contains(&SHUFFLE));
    assert!(g.play(&s, SHUFFLE).is_err());
}

#[test]
fn the_reshuffle_is_not_offered_with_an_empty_pile() {
    // An empty discard pile: the walk collects both Shells and takes the
    // Flip-Flop, so nothing is discarded.
    let p = pos(
        &[[SH, SA, SA], [SH, SA, SA], [FF, SA, SA]],
        &[Sand, Sand, Sand, Shell],
    );
    let (g, s) = build_with(ReshuffleRule::Choice, 2, 200, &p);
    let s1 = play(&g, &s, &[FLIP0, FLIP0, FLIP0]);
    assert_eq!((s1.shells, s1.flipflops), ([2, 0], [1, 0]));
    assert_eq!((s1.phase, s1.to_move, s1.turn), (Phase::Flip, 1, 2));
    assert_eq!((s1.discard, s1.deck_size()), ([0; 6], 1));

    // An empty deck: the refill reshuffles the discard pile (forced), with
    // both options alike.
    let p = pos(&[[WA, WA, WA], [SH, SA, SA], [SH, SA, SH]], &[]);
    for rule in [ReshuffleRule::Choice, ReshuffleRule::Empty] {
        let (g, s) = build_with(rule, 2, 200, &p);
        let s1 = play(&g, &s, &[FLIP0, FLIP1, FLIP2]);
        assert_eq!(
            (s1.phase, s1.to_move, s1.turn),
            (Phase::Flip, 1, 2),
            "{rule}"
        );
        assert_eq!((s1.reshuffles, s1.deck_size()), (1, 0), "{rule}");
        assert_eq!(s1.place(0, 0), Some((Wave, true)), "{rule}");
    }
}

#[test]
fn the_reshuffle_is_not_offered_when_the_game_ends() {
    // The cap: the last turn ends the game before its discard.
    let mut p = pos(&[[WA, WA, WA], [SH, SA, SA], [SH, SA, SH]], &[Sand, Sand]);
    p.discard = vec![Sun];
    p.turn = 5;
    let (g, s) = build_with(ReshuffleRule::Choice, 2, 5, &p);
    let s1 = play(&g, &s, &[FLIP0, FLIP1, FLIP2]);
    assert_eq!(
        (g.to_move(&s1), s1.turn, s1.discard),
        (None, 5, [0, 0, 0, 0, 1, 0])
    );
    // The third Shell: the game ends at once, no discard, no decision.
    let mut p = pos(&[[SH, SA, SA], [SA, SA, SA], [SA, SA, SA]], &[Sand, Sand]);
    p.discard = vec![Sun];
    p.shells = [2, 0];
    let (g, s) = build_with(ReshuffleRule::Choice, 2, 200, &p);
    let s1 = play(&g, &s, &[FLIP0, FLIP0, FLIP0]);
    assert_eq!((g.to_move(&s1), s1.shells), (None, [3, 0]));
    // One turn before the cap, the decision is still offered.
    let mut p = pos(&[[WA, WA, WA], [SH, SA, SA], [SH, SA, SH]], &[Sand, Sand]);
    p.discard = vec![Sun];
    p.turn = 4;
    let (g, s) = build_with(ReshuffleRule::Choice, 2, 5, &p);
    let s1 = play(&g, &s, &[FLIP0, FLIP1, FLIP2]);
    assert_eq!(s1.phase, Phase::Shuffle);
    let s2 = play(&g, &s1, &[SHUFFLE]);
    assert_eq!((s2.turn, s2.to_move, s2.reshuffles), (5, 1, 1));
}

#[test]
fn solo_reshuffle_decision_keeps_the_walker() {
    let mut p = pos(
        &[[WA, WA, WA], [SH, SA, SA], [SH, SA, SH]],
        &[Sand, Sand, Sand],
    );
    p.discard = vec![Sun];
    let (g, s) = build_with(ReshuffleRule::Choice, 1, 200, &p);
    let s1 = play(&g, &s, &[FLIP0, FLIP1, FLIP2]);
    assert_eq!((s1.phase, s1.to_move), (Phase::Shuffle, 0));
    let s2 = play(&g, &s1, &[NOSHUFFLE]);
    assert_eq!((s2.phase, s2.to_move, s2.turn), (Phase::Flip, 0, 2));
}

#[test]
fn random_games_with_the_choice_replay_and_count_decisions() {
    // Every reshuffle decision is recorded; every `shuffle: true` is followed
    // by a reshuffle event whose deck is a permutation of the piles.
    let g = game("shell-dash", 2);
    let mut decisions = 0;
    let mut yes = 0;
    for index in 0..50 {
        let seed = deal_seed(12, index);
        let mut rng = rng_from_seed(seed);
        let initial = g.new_game(&mut rng);
        let mut s = initial;
        let mut actions = Vec::new();
        while g.to_move(&s).is_some() {
            let a = g.random_action(&s, &mut rng);
            if s.phase == Phase::Shuffle {
                decisions += 1;
                assert!(s.deck_size() > 0 && s.discard_size() > 0);
            }
            g.play_unchecked(&mut s, a);
            actions.push(a);
        }
        let record = build_record(
            &g,
            Some(seed),
            &["random".into(), "random".into()],
            &initial,
            &actions,
        );
        for (i, e) in record.events.iter().enumerate() {
            if e.get("shuffle") == Some(&json!(true)) {
                yes += 1;
                assert_eq!(record.events[i + 1]["chance"], "reshuffle");
            }
        }
        assert_eq!(verify_record(&g, &record).unwrap().final_state, s);
    }
    assert!(decisions > 100 && yes > 50, "{decisions} {yes}");
}

// ---------------------------------------------------------------------------
// Unwinnable decks, bounds, canonical specs.

#[test]
fn unwinnable_decks_and_runaway_games_are_refused() {
    let err = |spec: &str| {
        ShellDash::from_spec(&spec.parse::<Spec>().unwrap(), 2)
            .unwrap_err()
            .to_string()
    };
    let e = err("shell-dash(deck=Shell:2)");
    assert!(
        e.contains("the deck holds 2 Shells, fewer than the 3 needed to win"),
        "{e}"
    );
    let e = err("shell-dash(deck=Sand:16,Shell:2)");
    assert!(e.contains("no game could be won"), "{e}");
    let e = err("shell-dash(reshuffle=sometimes)");
    assert!(e.contains("choice|empty"), "{e}");
    let e = err("shell-dash(max_turns=10001)");
    assert!(e.contains("1 to 10000"), "{e}");
    let g = game("shell-dash(max_turns=10000,reshuffle=empty)", 1);
    assert_eq!(
        (g.max_turns(), g.reshuffle_rule()),
        (10_000, ReshuffleRule::Empty)
    );
    assert_eq!(
        game("shell-dash", 1).reshuffle_rule(),
        ReshuffleRule::Choice
    );
    assert_eq!(
        game("shell-dash(deck=Shell:9)", 1).deck_counts(),
        [0, 0, 0, 0, 0, 9]
    );
}

#[test]
fn canonical_specs_give_the_same_games() {
    use beachcomber::games::{AnyGame, GameKind};
    for (spec, players) in [
        ("shell-dash", 2),
        ("  shell-dash ( reshuffle = empty , max_turns = 50 ) ", 1),
        (
            "shell-dash(deck=Sand:6,Sun:30,Shell:6,Wave:2,max_turns=50)",
            2,
        ),
        ("shell-dash(deck = Shell:3 , Sand:9, reshuffle=choice)", 1),
    ] {
        let g = ShellDash::from_spec(&spec.parse::<Spec>().unwrap(), players).unwrap();
        let canonical = g.canonical_spec();
        let again = AnyGame::from_spec(&canonical, players).unwrap();
        let AnyGame::ShellDash(again) = again else {
            panic!("{canonical} is not Shell Dash");
        };
        assert_eq!(again.canonical_spec(), canonical, "{spec}");
        assert_eq!(
            (
                again.deck_counts(),
                again.max_turns(),
                again.reshuffle_rule()
            ),
            (g.deck_counts(), g.max_turns(), g.reshuffle_rule()),
            "{spec}"
        );
        for seed in 0..20 {
            let (mut r1, mut r2) = (rng_from_seed(seed), rng_from_seed(seed));
            let (mut a, mut b) = (g.new_game(&mut r1), again.new_game(&mut r2));
            assert_eq!(a, b);
            while g.to_move(&a).is_some() {
                let x = g.random_action(&a, &mut r1);
                let y = again.random_action(&b, &mut r2);
                assert_eq!(x, y);
                g.play_unchecked(&mut a, x);
                again.play_unchecked(&mut b, y);
                assert_eq!(a, b);
            }
        }
    }
    let g = game("shell-dash", 2);
    assert_eq!(
        g.canonical_spec(),
        "shell-dash(deck=Sand:16,Wave:10,Flip-Flop:6,Jellyfish:8,Sun:6,Shell:14,max_turns=200,reshuffle=choice)"
    );
}

// ---------------------------------------------------------------------------
// Hidden information: observation and pictures.

#[test]
fn the_observation_masks_exactly_the_hidden_parts() {
    let mut p = pos(
        &[[JE, SA, SA], [SA, SA, SA], [SH, SA, SA]],
        &[Shell, Sun, Wave],
    );
    p.discard = vec![Sun];
    p.chance_seed = 77;
    let (g, s) = build_with(ReshuffleRule::Choice, 2, 200, &p);
    let s1 = play(&g, &s, &[FLIP1]);
    let o = g.observation(&s1, 0);
    assert_eq!(o, g.observation(&s1, 1));
    assert_eq!(o.board[0], beachcomber::games::shell_dash::HIDDEN);
    assert_eq!(o.board[1], Card::Sand as u8);
    assert_eq!((o.deck, o.chance_seed), ([0; 256], 0));
    // (the deck's 3 cards and a third Shell at its bottom)
    assert_eq!(
        (o.deck_size(), o.discard, o.turn, o.row),
        (4, s1.discard, 1, 1)
    );
    // Another hidden order, another seed: the same observation.
    let mut q = p.clone();
    q.rows[0] = [SH, SA, SA];
    q.rows[2] = [JE, SA, SA];
    q.deck = vec![Wave, Shell, Sun];
    q.chance_seed = 78;
    let (_, t) = build_with(ReshuffleRule::Choice, 2, 200, &q);
    let t1 = play(&g, &t, &[FLIP1]);
    assert_ne!(t1, s1);
    assert_eq!(g.observation(&t1, 0), o);
}

#[test]
fn a_seat_never_sees_face_down_cards_or_the_deck_order() {
    // The only Jellyfish and Sun are face-down or in the deck.
    let p = pos(
        &[[SA, SA, SA], [SA, JE, SA], [SH, SA, SA]],
        &[Sun, Shell, Shell],
    );
    let (g, s) = build(2, 200, &p);
    let s1 = play(&g, &s, &[FLIP0]);
    for seat in 0..2 {
        let text = g.describe_state(&s1, Viewer::Seat(seat));
        for hidden in ["Jellyfish", "Sun", "[Shell]"] {
            assert!(!text.contains(hidden), "seat {seat} sees {hidden}:\n{text}");
        }
        assert!(text.contains("[face-down]"), "{text}");
        assert!(text.contains("deck: 3 cards;"), "{text}");
    }
    let text = g.describe_state(&s1, Viewer::Referee);
    assert!(text.contains("[Jellyfish]"), "{text}");
    assert!(text.contains("[Shell]"), "{text}");
    assert!(
        text.contains("deck: 3 cards (top first: Sun, Shell, Shell)"),
        "{text}"
    );
    assert!(!text.contains("[face-down]"), "{text}");
}

#[test]
fn actions_are_described_readably() {
    let mut p = pos(&[[WA, WA, WA], [SH, SA, SA], [SH, SA, SH]], &[Sand, Sand]);
    p.discard = vec![Sun];
    let (g, s) = build_with(ReshuffleRule::Choice, 2, 200, &p);
    assert_eq!(
        g.describe_action(&s, FLIP2),
        "seat 0 flips row 0, column 2: Wave"
    );
    let s1 = play(&g, &s, &[FLIP0, FLIP1, FLIP2]);
    assert_eq!(
        g.describe_action(&s1, SHUFFLE),
        "seat 0 reshuffles the discard pile (4 cards) and the deck (2 cards) together"
    );
    assert_eq!(
        g.describe_action(&s1, NOSHUFFLE),
        "seat 0 does not reshuffle"
    );
    let text = g.describe_state(&s1, Viewer::Seat(1));
    assert!(
        text.contains("seat 0's turn ends: shuffle the discard pile into the deck or not"),
        "{text}"
    );
}

// ---------------------------------------------------------------------------
// Forged records: each is refused with a one-line error.

/// A finished 2-player record of the default game with a voluntary
/// reshuffle.
fn choice_record() -> (ShellDash, beachcomber::record::GameRecord) {
    let g = game("shell-dash", 2);
    for index in 0..100 {
        let seed = deal_seed(21, index);
        let mut rng = rng_from_seed(seed);
        let initial = g.new_game(&mut rng);
        let mut s = initial;
        let mut actions = Vec::new();
        while g.to_move(&s).is_some() {
            let a = g.random_action(&s, &mut rng);
            g.play_unchecked(&mut s, a);
            actions.push(a);
        }
        if actions.contains(&SHUFFLE) {
            let r = build_record(
                &g,
                Some(seed),
                &["random".into(), "random".into()],
                &initial,
                &actions,
            );
            return (g, r);
        }
    }
    panic!("no game with a voluntary reshuffle");
}

/// The error of replaying `record` with options read from the record.
fn refusal(record: &beachcomber::record::GameRecord) -> String {
    let e = match ShellDash::from_record_options(record.players, &record.options) {
        Err(e) => e,
        Ok(g) => verify_record(&g, record).map(|_| ()).unwrap_err(),
    };
    let text = e.to_string();
    assert!(!text.contains('\n'), "{text}");
    text
}

#[test]
fn forged_records_are_refused() {
    let (g, record) = choice_record();
    let again = ShellDash::from_record_options(2, &record.options).unwrap();
    verify_record(&again, &record).unwrap();

    // 65,536 extra Shells on top of the deck (a 16-bit count would wrap).
    let mut r = record.clone();
    let deck = r.setup["deck"].as_array_mut().unwrap();
    deck.extend(std::iter::repeat_n(json!("Shell"), 65_536));
    let e = refusal(&r);
    assert!(e.contains("65596 cards, the configured deck has 60"), "{e}");
    // Unknown fields.
    let mut r = record.clone();
    r.setup["dealer"] = json!(0);
    assert!(refusal(&r).contains("unknown key `dealer`"));
    let mut r = record.clone();
    r.options["speed"] = json!(1);
    assert!(refusal(&r).contains("unknown key `speed`"));
    let mut r = record.clone();
    r.options["deck"]["Crab"] = json!(1);
    assert!(refusal(&r).contains("unknown key `Crab`"));
    let mut r = record.clone();
    r.events[0]["note"] = json!("hi");
    let e = refusal(&r);
    assert!(e.contains("event 0: unknown key `note`"), "{e}");
    let first_chance = record
        .events
        .iter()
        .position(|e| e.get("chance").is_some())
        .unwrap();
    let mut r = record.clone();
    r.events[first_chance]["seed"] = json!(5);
    let e = refusal(&r);
    assert!(
        e.contains(&format!("event {first_chance}: unknown key `seed`")),
        "{e}"
    );
    // Two decisions in one event.
    let mut r = record.clone();
    r.events[0]["flipflop"] = json!(true);
    assert!(refusal(&r).contains("unknown key `flipflop`"));
    // Missing keys and wrong types.
    let mut r = record.clone();
    r.options.as_object_mut().unwrap().remove("max_turns");
    assert!(refusal(&r).contains("options.max_turns"));
    let mut r = record.clone();
    r.options["deck"].as_object_mut().unwrap().remove("Sun");
    assert!(refusal(&r).contains("no count for `Sun`"));
    let mut r = record.clone();
    r.options["max_turns"] = json!("200");
    assert!(refusal(&r).contains("options.max_turns"));
    let mut r = record.clone();
    r.options["max_turns"] = json!(10_001);
    assert!(refusal(&r).contains("options.max_turns"));
    let mut r = record.clone();
    r.options["reshuffle"] = json!("sometimes");
    assert!(refusal(&r).contains(
        "field `options.reshuffle`: bad value `sometimes` for `shell-dash` option `reshuffle`: \
         expected one of choice|empty"
    ));
    let mut r = record.clone();
    r.options["reshuffle"] = json!(true);
    assert!(refusal(&r).contains("options.reshuffle"));
    let mut r = record.clone();
    r.options["deck"]["Sand"] = json!(65_552);
    assert!(refusal(&r).contains("is not a count 0 to 256"));
    let mut r = record.clone();
    r.options["deck"]["Sand"] = json!(-1);
    assert!(refusal(&r).contains("is not a count 0 to 256"));
    let mut r = record.clone();
    r.options["deck"]["Shell"] = json!(2);
    assert!(refusal(&r).contains("no game could be won"));
    let mut r = record.clone();
    r.options = json!([1, 2]);
    assert!(refusal(&r).contains("expected an object"));
    // A record without `reshuffle` is an `empty` game: its shuffle
    // decisions are illegal there.
    let mut r = record.clone();
    r.options.as_object_mut().unwrap().remove("reshuffle");
    let old = ShellDash::from_record_options(2, &r.options).unwrap();
    assert_eq!(old.reshuffle_rule(), ReshuffleRule::Empty);
    let e = refusal(&r);
    assert!(e.starts_with("event "), "{e}");
    // A voluntary reshuffle's deck must hold the deck's cards too.
    let yes = record
        .events
        .iter()
        .position(|e| e.get("shuffle") == Some(&json!(true)))
        .unwrap();
    let mut r = record.clone();
    r.events[yes + 1]["deck"].as_array_mut().unwrap().pop();
    let e = refusal(&r);
    assert!(
        e.contains(&format!("event {}: the new deck has", yes + 1)),
        "{e}"
    );
    // A reshuffle event after `shuffle: false`.
    let mut r = record.clone();
    r.events[yes]["shuffle"] = json!(false);
    let e = refusal(&r);
    assert!(
        e.contains(&format!(
            "event {}: a chance event where a decision is due",
            yes + 1
        )),
        "{e}"
    );
    // Huge or odd events never panic.
    for bad in [
        json!(null),
        json!([]),
        json!({"seat": 0, "flip": 1e300}),
        json!({"seat": 0, "flip": u64::MAX}),
    ] {
        let mut r = record.clone();
        r.events[0] = bad;
        refusal(&r);
    }
    let _ = g;
}

/// With a numeric seed, every reshuffle must be the one the seed deals: a
/// recorded deck with two different cards swapped (still a permutation of
/// the cards reshuffled) is refused, naming the event, while the same
/// record with `"seed": null` (a deal this program did not make) is
/// accepted. Before, only the setup was checked against the seed.
#[test]
fn a_reshuffle_the_seed_does_not_deal_is_refused() {
    let g = game(
        "shell-dash(deck=Sand:8,Wave:2,Shell:3,Jellyfish:2,max_turns=100)",
        2,
    );
    let record = game_with_reshuffle(&g);
    let seed = record.seed.unwrap();
    let first = record
        .events
        .iter()
        .position(|e| e.get("chance").is_some())
        .unwrap();
    // The game stopped right after its first reshuffle, whose first two
    // different cards are swapped.
    let mut swapped = record.clone();
    swapped.events.truncate(first + 1);
    swapped.end = beachcomber::record::GameEnd::Unfinished;
    swapped.result = serde_json::Value::Null;
    verify_record(&g, &swapped).unwrap();
    let deck = swapped.events[first]["deck"].as_array_mut().unwrap();
    let other = (1..deck.len()).find(|&i| deck[i] != deck[0]).unwrap();
    deck.swap(0, other);
    let err = verify_record(&g, &swapped).unwrap_err().to_string();
    assert_eq!(
        err,
        format!("event {first}: a chance event that seed {seed} does not deal")
    );
    swapped.seed = None;
    verify_record(&g, &swapped).unwrap();
    // In the whole game, the reshuffle is refused before the decisions
    // that its different deck makes illegal.
    let mut whole = record.clone();
    whole.events[first] = swapped.events[first].clone();
    let err = verify_record(&g, &whole).unwrap_err().to_string();
    assert_eq!(
        err,
        format!("event {first}: a chance event that seed {seed} does not deal")
    );
}

/// A configuration that cannot be played is refused with a
/// [`ShellDashConfigError`] naming the number at fault.
#[test]
fn a_configuration_that_cannot_be_played_is_refused() {
    assert_eq!(
        ShellDash::new(3, DEFAULT_DECK, 200).unwrap_err(),
        ShellDashConfigError::Players(3)
    );
    let mut two_shells = DEFAULT_DECK;
    two_shells[Card::Shell as usize] = 2;
    assert_eq!(
        ShellDash::new(2, two_shells, 200).unwrap_err().to_string(),
        "the deck holds 2 Shells, fewer than the 3 needed to win: no game could be won"
    );
    assert_eq!(
        String::from(ShellDash::new(1, DEFAULT_DECK, 0).unwrap_err()),
        "max_turns must be 1 to 10000, not 0"
    );
}
