//! Shell Dash's balancing levers (issue 56; variants, not the rules):
//! `compensation` (Shells held at the start) and `start_flipflops`
//! (Flip-Flops held at the start), both from outside the deck. Specs and
//! their errors, the exact effect of each in hand-built positions (the win,
//! the cap's tie-break, a Flip-Flop spent and discarded), the deal they
//! leave alone, records and replays, the conformance suite with them set,
//! what the bots' evaluation and the encoding see, and the solver's refusal.

use Card::{FlipFlop, Sand, Shell};
use beachcomber::encode::{Encode, field_range};
use beachcomber::game::{Evaluate, Game, SeatSet};
use beachcomber::games::options::{help_list, variants_of};
use beachcomber::games::shell_dash::solve::{SolveError, solve};
use beachcomber::games::shell_dash::{
    Card, OPTIONS, Phase, Position, ReshuffleRule, ShellDash, ShellDashAction, ShellDashState,
};
use beachcomber::games::{AnyGame, GameKind};
use beachcomber::record::{RecordFormat, verify_record, write_record_line};
use beachcomber::rng::{deal_seed, rng_from_seed};
use beachcomber::spec::Spec;
use beachcomber::testing::conformance::{Conformance, check_game};
use serde_json::json;

fn game(spec: &str, players: usize) -> ShellDash {
    ShellDash::from_spec(&spec.parse::<Spec>().unwrap(), players).unwrap()
}

fn refusal(spec: &str, players: usize) -> String {
    ShellDash::from_spec(&spec.parse::<Spec>().unwrap(), players)
        .unwrap_err()
        .to_string()
}

const SA: Option<Card> = Some(Card::Sand);
const JE: Option<Card> = Some(Card::Jellyfish);
const SH: Option<Card> = Some(Card::Shell);

const FLIP0: ShellDashAction = ShellDashAction::Flip(0);
const SPEND: ShellDashAction = ShellDashAction::FlipFlop(true);
const KEEP: ShellDashAction = ShellDashAction::FlipFlop(false);

/// A 2-player game (`reshuffle=empty`) with the levers `compensation` and
/// `start_flipflops`, whose deck is exactly the cards of `p` that came from
/// it (the Shells held minus the compensation, the Flip-Flops held minus
/// the starting ones; at least 3 Shells: missing ones go to the bottom of
/// the position's deck), and the position.
fn build(
    max_turns: u32,
    compensation: [u8; 2],
    start_flipflops: [u16; 2],
    p: &Position,
) -> (ShellDash, ShellDashState) {
    let mut p = p.clone();
    let mut counts = [0u16; 6];
    for c in p.rows.iter().flatten().flatten() {
        counts[*c as usize] += 1;
    }
    for c in p.deck.iter().chain(&p.discard) {
        counts[*c as usize] += 1;
    }
    for seat in 0..2 {
        counts[FlipFlop as usize] += p.flipflops[seat] - start_flipflops[seat];
        counts[Shell as usize] += u16::from(p.shells[seat] - compensation[seat]);
    }
    while counts[Shell as usize] < 3 {
        p.deck.push(Shell);
        counts[Shell as usize] += 1;
    }
    let g = ShellDash::with_reshuffle(2, counts, max_turns, ReshuffleRule::Empty)
        .unwrap()
        .with_levers(compensation, start_flipflops)
        .unwrap();
    let s = g.position(&p).unwrap();
    (g, s)
}

fn play(g: &ShellDash, s: &ShellDashState, actions: &[ShellDashAction]) -> ShellDashState {
    let mut s = *s;
    for &a in actions {
        s = g.play(&s, a).unwrap_or_else(|e| panic!("{a}: {e}"));
        g.check_invariants(&s).unwrap();
    }
    s
}

// ---------------------------------------------------------------------------
// Specs.

#[test]
fn the_levers_are_read_written_only_when_set_and_named_as_variants() {
    let default = "shell-dash(deck=Sand:16,Wave:10,Flip-Flop:6,Jellyfish:8,Sun:6,Shell:14,\
                   max_turns=200,reshuffle=choice)";
    assert_eq!(game("shell-dash", 2).canonical_spec(), default);
    // All zeros is the default: left out of the canonical spec.
    assert_eq!(
        game("shell-dash(compensation=0:0,1:0,start_flipflops=1:0)", 2).canonical_spec(),
        default
    );
    let g = game("shell-dash(start_flipflops=1:2,compensation=1:1)", 2);
    assert_eq!((g.compensation(), g.start_flipflops()), ([0, 1], [0, 2]));
    assert_eq!(
        g.canonical_spec(),
        "shell-dash(deck=Sand:16,Wave:10,Flip-Flop:6,Jellyfish:8,Sun:6,Shell:14,max_turns=200,\
         reshuffle=choice,compensation=1:1,start_flipflops=1:2)"
    );
    // The canonical spec builds the same game.
    let again = game(&g.canonical_spec(), 2);
    assert_eq!(
        (again.compensation(), again.start_flipflops()),
        ([0, 1], [0, 2])
    );
    let both = game("shell-dash(compensation=1:2,0:1)", 2);
    assert_eq!(both.compensation(), [1, 2]);
    assert!(both.canonical_spec().ends_with(",compensation=0:1,1:2)"));
    // Summaries name them as variants, not the rules.
    let spec: Spec = "shell-dash(compensation=1:1,start_flipflops=1:0,max_turns=50)"
        .parse()
        .unwrap();
    assert_eq!(variants_of(&spec, &OPTIONS), ["compensation=1:1"]);
    let help = help_list(&OPTIONS);
    assert!(
        help.contains("compensation=SEAT:N,... (0 to 2 per seat, e.g. 1:1; 2 players) [variant]"),
        "{help}"
    );
    assert!(
        help.contains(
            "start_flipflops=SEAT:N,... (0 to 6 per seat, e.g. 1:1; 2 players) [variant]"
        ),
        "{help}"
    );
}

#[test]
fn bad_lever_values_are_one_line_errors() {
    let cases = [
        (
            "shell-dash(compensation=1:3)",
            2,
            "bad value `1:3` for `shell-dash` option `compensation`: expected SEAT:N,... with each \
             SEAT from 0 to 1 once and each N from 0 to 2 (e.g. `compensation=1:2`)",
        ),
        (
            "shell-dash(compensation=2:1)",
            2,
            "bad value `2:1` for `shell-dash` option `compensation`: expected SEAT:N,... with each \
             SEAT from 0 to 1 once and each N from 0 to 2 (e.g. `compensation=1:2`)",
        ),
        (
            "shell-dash(start_flipflops=1:7)",
            2,
            "bad value `1:7` for `shell-dash` option `start_flipflops`: expected SEAT:N,... with \
             each SEAT from 0 to 1 once and each N from 0 to 6 (e.g. `start_flipflops=1:2`)",
        ),
        (
            "shell-dash(compensation=1:1,1:2)",
            2,
            "bad value `1:1,1:2` for `shell-dash` option `compensation`: expected SEAT:N,... with \
             each SEAT from 0 to 1 once and each N from 0 to 2 (e.g. `compensation=1:2`)",
        ),
        (
            "shell-dash(compensation=0:1)",
            1,
            "invalid `shell-dash`: `compensation` balances the seats of a 2-player game; solo has \
             one seat and a fixed goal of 3 Shells",
        ),
        (
            "shell-dash(compensation=1:1)",
            1,
            "invalid `shell-dash`: `compensation` balances the seats of a 2-player game; solo has \
             one seat and a fixed goal of 3 Shells",
        ),
        (
            "shell-dash(start_flipflops=0:1)",
            1,
            "invalid `shell-dash`: `start_flipflops` balances the seats of a 2-player game; solo \
             has one seat and a fixed goal of 3 Shells",
        ),
        (
            "shell-dash(deck=Sand:250,Shell:6,start_flipflops=1:1)",
            2,
            "invalid `shell-dash`: the deck and the starting Flip-Flops make 257 cards, more than \
             the 256 supported",
        ),
    ];
    for (spec, players, message) in cases {
        let got = refusal(spec, players);
        assert_eq!(got, message, "{spec}");
        assert!(!got.contains('\n'));
    }
    // Through the registry too (what `--game` builds).
    let err = AnyGame::from_spec("shell-dash(compensation=0:1)", 1)
        .err()
        .unwrap()
        .to_string();
    assert!(err.contains("solo has one seat"), "{err}");
    // The builder checks its numbers as the spec parser does.
    let g = ShellDash::new(2, [16, 10, 6, 8, 6, 14], 200).unwrap();
    assert_eq!(
        g.clone()
            .with_levers([0, 3], [0, 0])
            .unwrap_err()
            .to_string(),
        "seat 1 cannot start with 3 Shells: 0 to 2 (3 would win before a turn)"
    );
    assert_eq!(
        g.with_levers([0, 0], [7, 0]).unwrap_err().to_string(),
        "seat 0 cannot start with 7 Flip-Flops: 0 to 6"
    );
}

// ---------------------------------------------------------------------------
// Hand-built positions: the exact effect of each lever.

/// Seat 1 holds 2 compensation Shells and walks Sand, Sand, Shell: the
/// walk completes with 1 Shell, 3 in all, and seat 1 wins at once; the same
/// walk without the compensation leaves it 1 Shell and the game goes on.
#[test]
fn compensation_shells_count_toward_the_three_that_win() {
    let rows = vec![[SA, SA, SA], [SA, SA, SA], [SH, SA, SA]];
    let p = Position {
        rows: rows.clone(),
        deck: vec![Sand, Sand, Sand, Sand],
        shells: [0, 2],
        to_move: 1,
        turn: 2,
        ..Position::default()
    };
    let (g, s) = build(200, [0, 2], [0, 0], &p);
    assert_eq!(g.card_counts(&s).unwrap(), g.cards_in_play());
    let end = play(&g, &s, &[FLIP0, FLIP0, FLIP0]);
    assert_eq!(end.phase, Phase::Over);
    assert_eq!(end.shells, [0, 3]);
    let o = g.outcome(&end);
    assert_eq!(o.winners, SeatSet::single(1));
    assert_eq!(o.scores.as_slice(), &[0, 3]);
    assert_eq!(g.final_margin(&end, 1), 1.0);
    assert_eq!(g.final_margin(&end, 0), -1.0);
    assert_eq!(g.card_counts(&end).unwrap(), g.cards_in_play());
    let result = g.result_json(&end);
    assert_eq!(
        result,
        json!({"shells": [0, 3], "turns": 2, "winners": [1]})
    );
    // The same walk, no compensation: 1 Shell, the turn passes to seat 0.
    let p0 = Position {
        shells: [0, 0],
        ..p.clone()
    };
    let (g0, s0) = build(200, [0, 0], [0, 0], &p0);
    let end0 = play(&g0, &s0, &[FLIP0, FLIP0, FLIP0]);
    assert_eq!(end0.shells, [0, 1]);
    assert_eq!(g0.to_move(&end0), Some(0));
    // A position whose seat holds fewer Shells than its compensation is
    // not one of this game.
    let short = Position {
        shells: [0, 1],
        ..p
    };
    let err = g.position(&short).unwrap_err().to_string();
    assert_eq!(err, "seat 1 holds 1 Shells, fewer than its compensation 2");
}

/// At the cap the most Shells held win, compensation included (at least
/// one), ties shared: seat 1 with only its compensation Shell ties seat 0's
/// collected one, and wins alone when seat 0 has none.
#[test]
fn at_the_cap_compensation_shells_count_and_ties_are_shared() {
    let rows = vec![[JE, JE, JE], [SA, SA, SA], [SA, SA, SA]];
    let last_turn = |shells: [u8; 2]| Position {
        rows: rows.clone(),
        deck: vec![Sand, Sand],
        shells,
        to_move: 0,
        turn: 5,
        ..Position::default()
    };
    // Seat 0 collected 1, seat 1 holds its compensation 1: shared.
    let (g, s) = build(5, [0, 1], [0, 0], &last_turn([1, 1]));
    let end = play(&g, &s, &[FLIP0]);
    assert_eq!((end.phase, end.turn), (Phase::Over, 5));
    let o = g.outcome(&end);
    assert_eq!(o.winners, SeatSet(0b11));
    assert_eq!(o.scores.as_slice(), &[1, 1]);
    assert_eq!(g.final_margin(&end, 0), 0.0);
    // Seat 0 has none: seat 1 wins with its compensation alone.
    let (g, s) = build(5, [0, 1], [0, 0], &last_turn([0, 1]));
    let end = play(&g, &s, &[FLIP0]);
    let o = g.outcome(&end);
    assert_eq!(o.winners, SeatSet::single(1));
    assert_eq!(o.scores.as_slice(), &[0, 1]);
    let mut capped = Vec::new();
    g.extra_values(&s, &end, &mut capped);
    assert_eq!(capped, [1], "a game ended by the cap is counted as capped");
    // Seat 0 has 2 collected against seat 1's compensation 2: shared.
    let (g, s) = build(5, [0, 2], [0, 0], &last_turn([2, 2]));
    let end = play(&g, &s, &[FLIP0]);
    assert_eq!(g.outcome(&end).winners, SeatSet(0b11));
}

/// Seat 1 starts with a Flip-Flop from outside a deck that has none: at a
/// Jellyfish it may spend it as any Flip-Flop, then the Flip-Flop is
/// discarded with the turn's cards (a card in play from then on); seat 0,
/// without one, is stopped by the next Jellyfish with no decision.
#[test]
fn a_starting_flipflop_is_spent_as_any_and_then_discarded() {
    let p = Position {
        rows: vec![[JE, JE, JE], [SH, SH, SH], [SA, SA, SA]],
        deck: vec![Sand, Sand, Sand, Sand],
        flipflops: [0, 1],
        to_move: 1,
        turn: 2,
        ..Position::default()
    };
    let (g, s) = build(200, [0, 0], [0, 1], &p);
    assert_eq!(g.deck_counts()[FlipFlop as usize], 0);
    assert_eq!(g.cards_in_play()[FlipFlop as usize], 1);
    let at = play(&g, &s, &[FLIP0]);
    assert_eq!(at.phase, Phase::Jellyfish);
    assert_eq!(g.legal_actions(&at).to_vec(), [KEEP, SPEND]);
    let after = play(&g, &at, &[SPEND, FLIP0, FLIP0]);
    assert_eq!(after.shells, [0, 1]);
    assert_eq!(after.flipflops, [0, 0]);
    // Discarded: the Jellyfish passed, the Flip-Flop spent, the Sand.
    assert_eq!(after.discard, [1, 0, 1, 1, 0, 0]);
    assert_eq!(g.to_move(&after), Some(0));
    assert_eq!(g.card_counts(&after).unwrap(), g.cards_in_play());
    // Seat 0 holds none: its Jellyfish ends the turn at once.
    let next = play(&g, &after, &[ShellDashAction::Flip(1)]);
    assert_eq!(g.to_move(&next), Some(1));
    assert_eq!(next.shells, [0, 1]);
    // Kept instead, it stays in hand for a later turn.
    let kept = play(&g, &at, &[KEEP]);
    assert_eq!(kept.flipflops, [0, 1]);
    assert_eq!(kept.discard, [0, 0, 0, 1, 0, 0]);
}

// ---------------------------------------------------------------------------
// New games: the state the levers start, the deal they leave alone.

#[test]
fn the_levers_start_the_game_and_leave_the_deal_as_it_is() {
    for deal in ["plain", "coupled"] {
        let plain = game(&format!("shell-dash(deal={deal})"), 2);
        let levered = game(
            &format!("shell-dash(deal={deal},compensation=1:1,start_flipflops=0:1,1:2)"),
            2,
        );
        for index in 0..20 {
            let seed = deal_seed(7, index);
            let a = plain.new_game(&mut rng_from_seed(seed));
            let b = levered.new_game(&mut rng_from_seed(seed));
            assert_eq!((b.shells, b.flipflops), ([0, 1], [1, 2]), "{deal}");
            // Same deck order, board and reshuffle seed: the levers come
            // from outside the deck.
            assert_eq!(a.deck, b.deck, "{deal}");
            assert_eq!(a.board, b.board, "{deal}");
            assert_eq!(a.chance_seed, b.chance_seed, "{deal}");
            assert_eq!(
                ShellDashState {
                    shells: a.shells,
                    flipflops: a.flipflops,
                    ..b
                },
                a
            );
            levered.check_invariants(&b).unwrap();
        }
    }
}

#[test]
fn starting_flipflops_circulate_and_every_card_is_conserved() {
    // No Flip-Flop in the deck: any Flip-Flop reshuffled into it is a
    // starting one, spent and discarded.
    let g = game(
        "shell-dash(deck=Sand:12,Wave:3,Jellyfish:8,Sun:2,Shell:5,max_turns=80,\
         compensation=1:1,start_flipflops=0:1,1:3)",
        2,
    );
    let mut in_deck = 0u64;
    for index in 0..200 {
        let mut rng = rng_from_seed(deal_seed(12, index));
        let mut s = g.new_game(&mut rng);
        while g.to_move(&s).is_some() {
            assert_eq!(g.card_counts(&s).unwrap(), g.cards_in_play());
            g.check_invariants(&s).unwrap();
            assert!(s.shells[1] >= 1);
            let a = g.random_action(&s, &mut rng);
            g.play_unchecked(&mut s, a);
            in_deck += s.deck[s.top as usize..s.len as usize]
                .iter()
                .filter(|&&c| c == FlipFlop as u8)
                .count() as u64;
        }
        assert_eq!(g.card_counts(&s).unwrap(), g.cards_in_play());
    }
    assert!(in_deck > 0, "no starting Flip-Flop was reshuffled");
}

// ---------------------------------------------------------------------------
// Records and replays.

/// A record of `g` with a reshuffle (tests/shell_dash.rs), checked to be
/// the bytes the direct writer writes.
fn record_of(g: &ShellDash) -> beachcomber::record::GameRecord {
    let record = crate::shell_dash::game_with_reshuffle(g);
    let replay = verify_record(g, &record).unwrap();
    let actions: Vec<ShellDashAction> = replay.steps.iter().map(|(_, a)| *a).collect();
    let mut line = Vec::new();
    write_record_line(
        g,
        record.seed,
        &record.bots,
        &replay.initial,
        &actions,
        &mut line,
    );
    let mut expected = serde_json::to_vec(&record).unwrap();
    expected.push(b'\n');
    assert_eq!(String::from_utf8(line), String::from_utf8(expected));
    record
}

#[test]
fn records_name_the_levers_and_replay_them_exactly() {
    for deal in ["plain", "coupled"] {
        let spec = format!(
            "shell-dash(deck=Sand:8,Wave:2,Flip-Flop:1,Jellyfish:3,Shell:3,max_turns=100,\
             deal={deal},compensation=1:1,start_flipflops=1:2)"
        );
        let g = game(&spec, 2);
        let record = record_of(&g);
        let mut options = json!({
            "deck": {"Sand": 8, "Wave": 2, "Flip-Flop": 1, "Jellyfish": 3, "Sun": 0, "Shell": 3},
            "max_turns": 100,
            "reshuffle": "choice",
        });
        if deal == "coupled" {
            options["deal"] = json!("coupled");
        }
        options["compensation"] = json!("1:1");
        options["start_flipflops"] = json!("1:2");
        assert_eq!(record.options, options, "{deal}");
        // The setup is the configured deck: the levers are not in it.
        assert_eq!(record.setup["deck"].as_array().unwrap().len(), 17);
        // Read back from the record alone, the game is the same and the
        // record replays to the same end.
        let again = ShellDash::from_record_options(2, &record.options).unwrap();
        assert_eq!(again.canonical_spec(), g.canonical_spec());
        let any = AnyGame::from_record(&record).unwrap();
        assert_eq!(any.canonical_spec(), g.canonical_spec());
        let replay = verify_record(&again, &record).unwrap();
        assert_eq!(g.result_json(&replay.final_state), record.result);
        assert!(record.result["shells"][1].as_u64().unwrap() >= 1);
        // Replayed by the game without the levers, it is refused.
        let plain = game(
            &format!(
                "shell-dash(deck=Sand:8,Wave:2,Flip-Flop:1,Jellyfish:3,Shell:3,max_turns=100,deal={deal})"
            ),
            2,
        );
        assert!(verify_record(&plain, &record).is_err());
    }
    // A record of the default game names no lever.
    let record = record_of(&game("shell-dash(max_turns=100)", 2));
    let keys: Vec<&String> = record.options.as_object().unwrap().keys().collect();
    assert_eq!(keys, ["deck", "max_turns", "reshuffle"]);
}

#[test]
fn forged_lever_options_are_refused() {
    let g = game("shell-dash(compensation=1:1)", 2);
    let record = record_of(&g);
    let refuse = |key: &str, value: serde_json::Value, players: usize| {
        let mut options = record.options.clone();
        options[key] = value;
        ShellDash::from_record_options(players, &options)
            .err()
            .map(|e| e.to_string())
    };
    assert_eq!(
        refuse("compensation", json!("1:3"), 2).unwrap(),
        "field `options.compensation`: bad value `1:3` for `shell-dash` option `compensation`: \
         expected SEAT:N,... with each SEAT from 0 to 1 once and each N from 0 to 2 (e.g. \
         `compensation=1:2`)"
    );
    assert_eq!(
        refuse("compensation", json!(1), 2).unwrap(),
        "field `options.compensation`: `1`: expected a string `SEAT:N,...`"
    );
    let mut solo = record.options.clone();
    solo.as_object_mut().unwrap().shift_remove("compensation");
    solo["start_flipflops"] = json!("0:1");
    assert_eq!(
        ShellDash::from_record_options(1, &solo)
            .err()
            .unwrap()
            .to_string(),
        "field `options`: invalid `shell-dash`: `start_flipflops` balances the seats of a \
         2-player game; solo has one seat and a fixed goal of 3 Shells"
    );
    // An all-zero lever reads as the default but is not what this program
    // writes: the record is not canonical.
    let mut forged = record.clone();
    forged.options["start_flipflops"] = json!("1:0");
    let again = ShellDash::from_record_options(2, &forged.options).unwrap();
    assert_eq!(again.start_flipflops(), [0, 0]);
    let err = verify_record(&again, &forged).unwrap_err().to_string();
    assert!(err.contains("options"), "{err}");
    // A result whose Shells leave out the compensation is refused.
    let mut forged = record.clone();
    let shells = forged.result["shells"][1].as_u64().unwrap();
    forged.result["shells"][1] = json!(shells - 1);
    assert!(verify_record(&g, &forged).is_err());
}

// ---------------------------------------------------------------------------
// The conformance suite with every lever set.

#[test]
fn conforms_with_every_lever_set() {
    for spec in [
        "shell-dash(compensation=1:1,start_flipflops=1:1)",
        "shell-dash(compensation=0:2,1:1,start_flipflops=0:6,1:3)",
        "shell-dash(deal=coupled,compensation=1:2,start_flipflops=1:1)",
        "shell-dash(deal=coupled,reshuffle=empty,compensation=1:1,start_flipflops=0:1)",
        // No Flip-Flop in the deck, few Shells: the cap and the tie-break.
        "shell-dash(deck=Sand:30,Jellyfish:6,Shell:3,max_turns=20,compensation=1:1,\
         start_flipflops=1:2)",
    ] {
        let g = game(spec, 2);
        let report = check_game(
            &g,
            Conformance {
                games: 150,
                seed: 31,
                ..Default::default()
            },
        );
        assert_eq!(report.games, 150, "{spec}");
        assert!(
            report.revealing > 0 && report.quiet > 0,
            "{spec}: {report:?}"
        );
    }
}

// ---------------------------------------------------------------------------
// What the bots and the learners see.

#[test]
fn the_evaluation_and_the_encoding_see_the_levers() {
    let g = game("shell-dash(compensation=1:1,start_flipflops=1:2)", 2);
    let s = g.new_game(&mut rng_from_seed(5));
    // Seat 1's progress: 1 Shell + 2 Flip-Flops x 1/4; seat 0's: 0.
    assert_eq!(g.evaluate(&s, 1), 1.5);
    assert_eq!(g.evaluate(&s, 0), -1.5);
    let plain = game("shell-dash", 2);
    let s0 = plain.new_game(&mut rng_from_seed(5));
    assert_eq!(plain.evaluate(&s0, 1), 0.0);
    // The encoding: Shells over 3, Flip-Flops over the Flip-Flops in play
    // (6 in the deck + 2 starting ones), seat 0's view (own seat first).
    let fields = g.encoding_fields();
    let mut out = vec![0.0; g.encoding_len()];
    g.encode(&s, 0, &mut out);
    assert_eq!(
        &out[field_range(&fields, "shells").unwrap()],
        &[0.0, 1.0 / 3.0]
    );
    assert_eq!(
        &out[field_range(&fields, "flipflops").unwrap()],
        &[0.0, 0.25]
    );
    assert_eq!(g.encoding_len(), plain.encoding_len());
    // The readable account names the compensation.
    use beachcomber::display::{Describe, Viewer};
    let text = g.describe_state(&s, Viewer::Seat(0));
    assert!(
        text.contains("seat 1: 1 Shells (1 from the compensation), 2 Flip-Flops held"),
        "{text}"
    );
}

#[test]
fn the_solver_is_for_solo_games_which_take_no_lever() {
    // Solo refuses the levers (above), so no solved game has one; a
    // 2-player game with them is refused by the solver as any 2-player game.
    let g = game("shell-dash(compensation=1:1,start_flipflops=1:1)", 2);
    assert_eq!(
        solve(&g, 1e-9).err(),
        Some(SolveError::NotSolo { players: 2 })
    );
    let solo = ShellDash::new(1, [16, 10, 6, 8, 6, 14], 200).unwrap();
    assert!(solo.clone().with_levers([1, 0], [0, 0]).is_err());
    assert!(solo.with_levers([0, 0], [1, 0]).is_err());
}

#[test]
fn the_levers_leave_the_default_game_as_it_was() {
    let g = game("shell-dash", 2);
    assert_eq!((g.compensation(), g.start_flipflops()), ([0, 0], [0, 0]));
    assert_eq!(g.cards_in_play(), g.deck_counts());
    let s = g.new_game(&mut rng_from_seed(1));
    assert_eq!((s.shells, s.flipflops), ([0, 0], [0, 0]));
}
