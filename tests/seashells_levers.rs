//! Seashells' balancing levers (variants, not the rules; docs/seashells.md,
//! "Levers"): `compensation` and `start_bottles`, each refereed like the
//! rules: specs and their errors, a hand-built position per lever with its
//! exact effect, records that replay, the conformance suite with every
//! lever set.

use beachcomber::display::Describe;
use beachcomber::game::{Evaluate, Game, MAX_SEATS, SeatSet};
use beachcomber::games::options::variants_of;
use beachcomber::games::seashells::{
    Bottles, Item, Mode, OPTIONS, Scoring, Seashells, SeashellsState,
};
use beachcomber::games::{AnyGame, GameKind};
use beachcomber::record::{RecordFormat, build_record};
use beachcomber::rng::rng_from_seed;
use beachcomber::spec::Spec;
use serde_json::{Value, json};

use crate::seashells::{
    SUN, conformance, deal, legal_text, read, record_of, refused, scored, shell, step, take,
};

/// The game a spec names for `players` players.
fn spec_game(text: &str, players: usize) -> Seashells {
    Seashells::from_spec(&text.parse().unwrap(), players).unwrap()
}

/// The error a spec gets, as the user reads it.
fn spec_error(text: &str, players: usize) -> String {
    Seashells::from_spec(&text.parse().unwrap(), players)
        .unwrap_err()
        .to_string()
}

/// A seat list of `MAX_SEATS` values.
fn seats(values: &[u64]) -> [u64; MAX_SEATS] {
    let mut out = [0; MAX_SEATS];
    out[..values.len()].copy_from_slice(values);
    out
}

fn rules(players: usize, mode: Mode) -> Seashells {
    Seashells::new(players, mode, Scoring::Simple).unwrap()
}

#[test]
fn levers_specs_canonical_forms_and_errors() {
    let g = spec_game("seashells(start_bottles=1:1, compensation=1:2)", 2);
    assert_eq!(g.compensation(), [0, 2, 0, 0, 0]);
    assert_eq!(g.start_bottles(), [0, 1, 0, 0, 0]);
    let canonical = g.canonical_spec();
    assert_eq!(
        canonical,
        "seashells(mode=board,scoring=simple,bottles=spend,compensation=1:2,start_bottles=1:1)"
    );
    assert_eq!(spec_game(&canonical, 2), g);
    let spec: Spec = canonical.parse().unwrap();
    assert_eq!(
        variants_of(&spec, &OPTIONS),
        ["compensation=1:2", "start_bottles=1:1"]
    );
    // A lever at 0 for every seat is the rules: left out of the canonical spec.
    let zero = spec_game("seashells(compensation=1:0,start_bottles=0:0)", 3);
    assert_eq!(zero, rules(3, Mode::Board));
    assert_eq!(
        zero.canonical_spec(),
        "seashells(mode=board,scoring=simple,bottles=spend)"
    );
    // Several seats, in seat order whatever the order given.
    let g = spec_game("seashells(compensation=3:10,0:1)", 4);
    assert_eq!(g.compensation(), [1, 0, 0, 10, 0]);
    assert!(g.canonical_spec().contains("compensation=0:1,3:10"));
    let expected = |value: &str, key: &str, last_seat: u8, max: u8| {
        format!(
            "bad value `{value}` for `seashells` option `{key}`: expected SEAT:N,... with each \
             SEAT from 0 to {last_seat} once and each N from 0 to {max} (e.g. `{key}=1:2`)"
        )
    };
    for (spec, players, error) in [
        (
            "seashells(compensation=2:1)",
            2,
            expected("2:1", "compensation", 1, 10),
        ),
        (
            "seashells(compensation=1:11)",
            2,
            expected("1:11", "compensation", 1, 10),
        ),
        (
            "seashells(compensation=0:1,0:2)",
            2,
            expected("0:1,0:2", "compensation", 1, 10),
        ),
        (
            "seashells(start_bottles=1:5)",
            3,
            expected("1:5", "start_bottles", 2, 4),
        ),
        (
            "seashells(bottles=plain,start_bottles=1:1)",
            2,
            "invalid `seashells`: `start_bottles` needs `bottles=spend`: a plain bottle is never \
             spent and earns nothing, so a bottle held at setup would do nothing"
                .to_string(),
        ),
    ] {
        assert_eq!(spec_error(spec, players), error, "{spec}");
    }
    // The builders refuse the combination in either order.
    let bottled = rules(2, Mode::Board)
        .with_start_bottles(seats(&[0, 1]))
        .unwrap();
    assert_eq!(
        bottled
            .with_bottles(Bottles::Plain)
            .unwrap_err()
            .to_string(),
        spec_error("seashells(bottles=plain,start_bottles=1:1)", 2)
    );
    assert!(bottled.with_bottles(Bottles::Spend).is_ok());
    let plain = rules(2, Mode::Board).with_bottles(Bottles::Plain).unwrap();
    assert!(plain.with_start_bottles(seats(&[0, 1])).is_err());
    assert!(plain.with_start_bottles(seats(&[0, 0])).is_ok());
    // With plain bottles, a compensation is allowed (it is not a bottle).
    let plain = spec_game("seashells(bottles=plain,compensation=0:1)", 2);
    assert_eq!(plain.compensation()[0], 1);
    // The library's builders check the same bounds.
    assert_eq!(
        rules(2, Mode::Board)
            .with_compensation(seats(&[0, 0, 3]))
            .unwrap_err()
            .to_string(),
        "invalid `seashells`: `compensation`: seat 2 cannot get 3 (seats 0 to 1, each 0 to 10)"
    );
    assert_eq!(
        rules(5, Mode::Board)
            .with_start_bottles(seats(&[0, 0, 0, 0, 9]))
            .unwrap_err()
            .to_string(),
        "invalid `seashells`: `start_bottles`: seat 4 cannot get 9 (seats 0 to 4, each 0 to 4)"
    );
    // The registry takes the levers too.
    assert!(AnyGame::from_spec("seashells(compensation=1:2)", 2).is_ok());
}

/// Two players with cards Scallop+Conch/Yellow+Blue and Whelk+Cowrie/
/// Green+Orange, the Sun Nautilus Violet: each leads its own 4 categories
/// (12 coins each) before the gifts.
const CARDS2: [(u8, u8); 2] = [(0b11, 0b11), (0b1100, 0b1100)];

#[test]
fn compensation_is_added_to_the_totals_before_the_sun_tie_break() {
    let plain_rules = rules(2, Mode::Board);
    let with = |coins: &[u64]| plain_rules.with_compensation(seats(coins)).unwrap();
    // Seat 0 a Nautilus Pink and a Nautilus Yellow (Sun count 2), seat 1 an
    // Oyster Violet (Sun count 1): 18 coins each; the rules give seat 0
    // the victory on the Sun.
    let gifts = [(0, shell(6, 4)), (1, shell(4, 6)), (0, shell(6, 0))];
    let s = scored(&plain_rules, &CARDS2, SUN, &gifts);
    let o = plain_rules.outcome(&s);
    assert_eq!(
        (o.scores.as_slice(), o.winners),
        (&[18, 18][..], SeatSet::single(0))
    );
    // One coin to seat 1: 18 against 19, the totals decide before the Sun.
    let g = with(&[0, 1]);
    let o = g.outcome(&s);
    assert_eq!(
        (o.scores.as_slice(), o.winners),
        (&[18, 19][..], SeatSet::single(1))
    );
    assert_eq!(g.running_scores(&s).as_slice(), &[18, 19]);
    // One coin each: tied on 19, the Sun tie-break decides (seat 0).
    let g = with(&[1, 1]);
    let o = g.outcome(&s);
    assert_eq!(
        (o.scores.as_slice(), o.winners),
        (&[19, 19][..], SeatSet::single(0))
    );
    assert!(g.describe_result(&s).contains("the Sun tie-break decides"));

    // Seat 1 leads Starfish too: 18 against 24. Six coins to seat 0 tie
    // the totals, the Sun counts tie (1 each): a shared victory.
    let gifts = [(0, shell(6, 4)), (1, shell(4, 6)), (1, shell(5, 5))];
    let s = scored(&plain_rules, &CARDS2, SUN, &gifts);
    let g = with(&[6]);
    let o = g.outcome(&s);
    assert_eq!(
        (o.scores.as_slice(), o.winners),
        (&[24, 24][..], SeatSet(0b11))
    );
    assert_eq!((g.sun_count(&s, 0), g.sun_count(&s, 1)), (1, 1));
    let b = g.breakdown(&s);
    assert_eq!((b.compensation, b.coins), (vec![6, 0], vec![24, 24]));
    let account = g.describe_result(&s);
    assert!(
        account.contains("compens.   |          6 |          0"),
        "{account}"
    );
    assert!(account.contains("shared victory"), "{account}");
    // The rules' account has no compensation row.
    assert!(!plain_rules.describe_result(&s).contains("compens."));
    // The bots see it: the final margin and the evaluation (expected coins
    // if the game ended now) move by exactly the compensation.
    assert_eq!(plain_rules.final_margin(&s, 0), -6.0 / 30.0);
    assert_eq!(g.final_margin(&s, 0), 0.0);
    for seat in 0..2 {
        let shift = if seat == 0 { 6.0 } else { -6.0 };
        let (lever, base) = (g.evaluate(&s, seat), plain_rules.evaluate(&s, seat));
        assert!((lever - base - shift).abs() < 1e-9, "{lever} {base}");
        let (e, r) = (
            g.expected_coins(&s, seat),
            plain_rules.expected_coins(&s, seat),
        );
        assert!((e[0] - r[0] - 6.0).abs() < 1e-9 && (e[1] - r[1]).abs() < 1e-9);
    }
}

#[test]
fn a_start_bottle_is_held_when_the_first_turn_begins() {
    let plain_rules = rules(2, Mode::Board);
    let g = plain_rules.with_start_bottles(seats(&[0, 1])).unwrap();
    // Bucket on square 0; seat 0 takes square 1, seat 1 square 9 (in the
    // Bucket's new column).
    let placed = [(1, shell(0, 1)), (9, shell(0, 2))];
    let initial = deal(&g, &placed, 0, SUN, &CARDS2);
    assert_eq!(
        (g.bottles_held(&initial, 0), g.bottles_held(&initial, 1)),
        (0, 1)
    );
    // The beach is the rules' beach: the start bottle comes from outside.
    let rules_initial = deal(&plain_rules, &placed, 0, SUN, &CARDS2);
    assert_eq!(
        (initial.items, initial.occ),
        (rules_initial.items, rules_initial.occ)
    );
    assert!(legal_text(&g, &initial).iter().all(|a| !a.ends_with("+b")));
    let s = g.play(&initial, take(1, false)).unwrap();
    // Seat 1's first turn: it may spend the bottle it held at setup.
    let legal = legal_text(&g, &s);
    let rules_s = plain_rules.play(&rules_initial, take(1, false)).unwrap();
    let rules_legal = legal_text(&plain_rules, &rules_s);
    assert_eq!((legal.len(), rules_legal.len()), (26, 13));
    assert!(legal.contains(&"9+b".to_string()));
    assert!(plain_rules.play(&rules_s, take(9, true)).is_err());
    let s = g.play(&s, take(9, true)).unwrap();
    assert_eq!((s.turn, s.spent[1], g.bottles_held(&s, 1)), (1, 1, 0));
    assert!(legal_text(&g, &s).iter().all(|a| !a.ends_with("+b")));
    g.check_invariants(&s).unwrap();
    // Stroll: seat 0 holding 2 may spend one on the very first step.
    let ring = rules(3, Mode::Stroll)
        .with_start_bottles(seats(&[2]))
        .unwrap();
    let first = ring.new_game(&mut rng_from_seed(7));
    assert_eq!(
        legal_text(&ring, &first),
        ["s1", "s1+b", "s2", "s2+b", "s3", "s3+b", "s4", "s4+b"]
    );
    let s = ring.play(&first, step(2, true)).unwrap();
    assert_eq!((s.turn, ring.bottles_held(&s, 0)), (0, 1));
    // Every deal is the rules' deal from the same seed, bottles aside.
    for mode in [Mode::Board, Mode::Stroll] {
        let r = rules(4, mode);
        let lever = r.with_start_bottles(seats(&[0, 1, 2, 4])).unwrap();
        for seed in 0..5 {
            let (a, b) = (
                r.new_game(&mut rng_from_seed(seed)),
                lever.new_game(&mut rng_from_seed(seed)),
            );
            let mut bottled = a;
            for (p, n) in [(1, 1u64), (2, 2), (3, 4)] {
                bottled.got[p] += n << beachcomber::games::seashells::BOTTLE;
            }
            assert_eq!(bottled, b);
            // The beach still holds its 4 bottles.
            let bottles = (0..64)
                .filter(|&sq| b.occ >> sq & 1 == 1 && b.items[sq] == Item::Bottle.code())
                .count();
            assert_eq!(bottles, 4);
        }
    }
}

#[test]
fn start_bottles_earn_nothing_and_are_conserved() {
    let plain_rules = rules(2, Mode::Board);
    let g = plain_rules.with_start_bottles(seats(&[3, 1])).unwrap();
    let gifts = [(0, shell(6, 4)), (1, shell(4, 6)), (1, Item::Bottle)];
    let s = scored(&g, &CARDS2, SUN, &gifts);
    assert_eq!((g.bottles_held(&s, 0), g.bottles_held(&s, 1)), (3, 2));
    // The same position without the start bottles scores the same coins.
    let mut bare = s;
    bare.got[0] -= 3 << beachcomber::games::seashells::BOTTLE;
    bare.got[1] -= 1 << beachcomber::games::seashells::BOTTLE;
    plain_rules.check_invariants(&bare).unwrap();
    assert_eq!(g.outcome(&s), plain_rules.outcome(&bare));
    assert_eq!(g.outcome(&s).scores.as_slice(), &[18, 18]);
    // A state that lost a start bottle, or a rules state holding one, is
    // refused.
    let err = |game: &Seashells, state: &SeashellsState| {
        game.check_invariants(state).unwrap_err().to_string()
    };
    assert_eq!(
        err(&g, &bare),
        "seat 0 holds fewer bottles than it started with"
    );
    assert!(err(&plain_rules, &s).starts_with("items are not conserved"));
}

#[test]
fn the_tensor_counts_start_bottles_against_the_most_a_seat_can_hold() {
    use beachcomber::encode::{Encode, field_range};
    let g = rules(2, Mode::Board)
        .with_start_bottles(seats(&[4, 1]))
        .unwrap();
    let mut s = g.new_game(&mut rng_from_seed(2));
    // Seat 0 also collects the beach's 4 bottles and spends 2: it has had
    // 8 bottles (4 + its 4 start bottles), 6 still held.
    for _ in 0..4 {
        let square = (0..64)
            .find(|&sq| s.occ >> sq & 1 == 1 && s.items[sq] == Item::Bottle.code())
            .unwrap();
        crate::seashells::give(&mut s, 0, square);
    }
    s.spent[0] = 2;
    g.check_invariants(&s).unwrap();
    let mut out = vec![0.0f32; g.encoding_len()];
    g.encode(&s, 0, &mut out);
    let seats = field_range(&g.encoding_fields(), "seats").unwrap();
    // Per seat: 49 shells, heads, tails, sand dollars, bottles, spent; the
    // viewer first. Bottles over 4 + start bottles (8 and 5).
    let seat0 = &out[seats.start..seats.start + 54];
    let seat1 = &out[seats.start + 54..seats.end];
    assert_eq!((seat0[52], seat0[53]), (1.0, 0.25));
    assert_eq!((seat1[52], seat1[53]), (0.2, 0.0));
}

/// A finished game of `g` from `seed` in which every seat that can spends
/// a bottle on its first turn, then plays at random.
fn first_turn_spends(
    g: &Seashells,
    seed: u64,
) -> (
    SeashellsState,
    Vec<beachcomber::games::seashells::SeashellsAction>,
) {
    let mut rng = rng_from_seed(seed);
    let initial = g.new_game(&mut rng);
    let (mut s, mut actions) = (initial, Vec::new());
    while g.to_move(&s).is_some() {
        let legal = g.legal_actions(&s);
        let a = match legal.iter().find(|a| a.bottle()) {
            Some(&a) if actions.len() < g.players() => a,
            _ => g.random_action(&s, &mut rng),
        };
        g.play_unchecked(&mut s, a);
        actions.push(a);
    }
    (initial, actions)
}

#[test]
fn records_name_the_levers_and_replay_them_exactly() {
    // The rules' record keeps exactly the contract's options.
    assert_eq!(
        record_of(&rules(2, Mode::Board), 3).options,
        json!({"mode": "board", "scoring": "simple"})
    );
    for (mode, text, coins, bottles) in [
        (
            Mode::Board,
            "seashells(compensation=1:2,start_bottles=1:1)",
            "1:2",
            "1:1",
        ),
        (
            Mode::Stroll,
            "seashells(mode=stroll,start_bottles=1:2,compensation=0:1,1:3)",
            "0:1,1:3",
            "1:2",
        ),
    ] {
        let g = spec_game(text, 2);
        assert_eq!(g.mode(), mode);
        let (initial, actions) = first_turn_spends(&g, 5);
        // Seat 1 spends its start bottle on its first turn (the second move).
        assert!(actions[1].bottle(), "{actions:?}");
        let bots = vec!["random".to_string(); 2];
        let record = build_record(&g, Some(5), &bots, &initial, &actions);
        let options = record.options.clone();
        let mode_name = if mode == Mode::Board {
            "board"
        } else {
            "stroll"
        };
        assert_eq!(
            options,
            json!({"mode": mode_name, "scoring": "simple", "compensation": coins,
                   "start_bottles": bottles})
        );
        assert_eq!(Seashells::from_record_options(2, &options).unwrap(), g);
        read(&record).unwrap();
        // The result is the compensated coins.
        let mut end = initial;
        for &a in &actions {
            g.play_unchecked(&mut end, a);
        }
        assert_eq!(
            record.result["coins"],
            json!(g.outcome(&end).scores.as_slice())
        );
        // The text writer agrees with the JSON value.
        let mut written = Vec::new();
        g.write_options(&initial, &mut written);
        assert_eq!(serde_json::from_slice::<Value>(&written).unwrap(), options);
        // Without the start bottles the first spend is illegal; without the
        // compensation the result is not the game's; a bad value is named.
        let mut bad = record.clone();
        bad.options.as_object_mut().unwrap().remove("start_bottles");
        assert!(read(&bad).is_err());
        let mut bad = record.clone();
        bad.options.as_object_mut().unwrap().remove("compensation");
        assert!(
            read(&bad).unwrap_err().contains("result"),
            "{:?}",
            read(&bad)
        );
        let mut bad = record.clone();
        bad.options["compensation"] = json!("1:99");
        refused(
            &bad,
            "field `options.compensation`: bad value `1:99` for `seashells` option \
             `compensation`: expected SEAT:N,... with each SEAT from 0 to 1 once",
        );
        let mut bad = record.clone();
        bad.options["start_bottles"] = json!(1);
        refused(
            &bad,
            "field `options.start_bottles`: `1`: expected a string `SEAT:N,...`",
        );
    }
}

#[test]
fn conformance_with_every_lever_set() {
    for players in 2..=5 {
        for mode in [Mode::Board, Mode::Stroll] {
            // Later seats get more: seat p gets 2p coins and p bottles (at
            // most 4).
            let coins: Vec<u64> = (0..players as u64).map(|p| 2 * p).collect();
            let bottles: Vec<u64> = (0..players as u64).map(|p| p.min(4)).collect();
            let g = Seashells::new(players, mode, Scoring::Advanced)
                .unwrap()
                .with_compensation(seats(&coins))
                .unwrap()
                .with_start_bottles(seats(&bottles))
                .unwrap();
            let report = conformance(&g, 20, 70 + players as u64);
            assert_eq!(report.games, 20);
            assert_eq!(report.revealing, 20 * players as u64, "{report:?}");
        }
    }
}
