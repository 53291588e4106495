//! Tests of one varied value set in a spec: per-seat lists folded from
//! "every seat 0", Seaside's per-kind token counts folded into the inline
//! set, and the refusals of entries that name nothing.

use super::*;
use crate::games::seaside;
use crate::sweep::{SweepCount, SweepError, SweepSpec};

/// A game's table with a per-seat lever its canonical spec leaves out
/// (as a `compensation` option is, at its default).
const TABLE: [GameOption; 2] = [
    GameOption {
        name: "mode",
        kind: OptionKind::Choice {
            words: &["a", "b"],
            default: 0,
        },
        about: "which",
        help_note: None,
        variant: false,
    },
    GameOption {
        name: "compensation",
        kind: OptionKind::SeatList { min: 0, max: 6 },
        about: "points per seat",
        help_note: None,
        variant: true,
    },
];

/// `spec` with `key=value` set, as text, or the refusal's words.
fn set(spec: &str, key: &str, value: &str, table: &[GameOption]) -> Result<String, String> {
    let mut spec: Spec = spec.parse().unwrap();
    set_option(&mut spec, key, value, table)
        .map(|()| spec.to_string())
        .map_err(|e| e.why(key))
}

#[test]
fn a_seat_folds_into_the_list_from_every_seat_zero() {
    let t = &TABLE;
    for (base, setting, want) in [
        (
            "g(mode=a)",
            "compensation.1=2",
            "g(mode=a,compensation=1:2)",
        ),
        // Every seat 0 is the default: the option is left out.
        ("g(mode=a)", "compensation.1=0", "g(mode=a)"),
        ("g(compensation=1:2)", "compensation.1=0", "g"),
        // Seats in order, the others kept.
        (
            "g(compensation=2:1)",
            "compensation.0=3",
            "g(compensation=0:3,2:1)",
        ),
    ] {
        let (key, value) = setting.split_once('=').unwrap();
        assert_eq!(
            set(base, key, value, t).as_deref(),
            Ok(want),
            "{base} {setting}"
        );
    }
    // Two seats varied one after the other: a per-seat vector.
    let mut spec: Spec = "g".parse().unwrap();
    set_option(&mut spec, "compensation.0", "4", t).unwrap();
    set_option(&mut spec, "compensation.1", "2", t).unwrap();
    assert_eq!(spec.to_string(), "g(compensation=0:4,1:2)");
    // What the game reads back: seat 0 gets 4, seat 1 gets 2.
    let options = crate::games::SpecOptions::read(&spec, t).unwrap();
    assert_eq!(options.seat_list::<5>(&TABLE[1], 2), Ok([4, 2, 0, 0, 0]));
    // Past the players or the range: the game's own refusal names it.
    let past = set("g", "compensation.3", "7", t).unwrap();
    assert_eq!(past, "g(compensation=3:7)");
    assert!(options_refused(&past.parse().unwrap(), 2));
}

fn options_refused(spec: &Spec, players: usize) -> bool {
    crate::games::SpecOptions::read(spec, &TABLE)
        .and_then(|o| o.seat_list::<5>(&TABLE[1], players))
        .is_err()
}

#[test]
fn a_seat_that_is_not_a_number_is_refused() {
    let t = &TABLE;
    assert_eq!(
        set("g", "compensation.one", "2", t).unwrap_err(),
        "`compensation.one`: the seat `one` is not an integer ≥ 0 (write OPTION.SEAT=N, seats \
         from 0)"
    );
    assert_eq!(
        set("g", "compensation.1", "x", t).unwrap_err(),
        "`compensation.1`: the value `x` is not an integer ≥ 0 (write OPTION.SEAT=N, seats \
         from 0)"
    );
    assert_eq!(
        set("g", "compensation.9", "1", t).unwrap_err(),
        "`compensation.9`: the seat is past the largest seat count of any game (5)"
    );
    // An option of neither kind, absent from the spec: unknown.
    assert_eq!(
        set("g", "mode.1", "1", t),
        Err("`mode.1` is not an option".to_string())
    );
    assert_eq!(
        set("g", "cmpensation.1", "1", t),
        Err("`cmpensation.1` is not an option".to_string())
    );
}

#[test]
fn an_unknown_list_suggests_the_option_with_its_entry() {
    let e = SweepError::UnknownOption {
        key: "compensaton.1".to_string(),
        game: "g".to_string(),
        allowed: vec!["mode".to_string(), "compensation".to_string()],
    };
    assert_eq!(
        e.to_string(),
        "`compensaton.1` is not an option of g (its options: mode, compensation); did you mean \
         `compensation.1`?"
    );
}

#[test]
fn a_token_kind_folds_into_the_default_set_in_place() {
    let t = &seaside::OPTIONS;
    let default = TokenSet::standard().inline();
    let eight = set("seaside(removed=3)", "tokens.Beach-Wave", "8", t).unwrap();
    assert_eq!(
        eight,
        format!(
            "seaside(removed=3,tokens={})",
            default.replacen("Beach/Wave:6", "Beach/Wave:8", 1)
        )
    );
    assert!(eight.contains("tokens=[Beach/Wave:8;Beach/Rock:4;"));
    // A kind the set lacks is appended; the others keep their places.
    let doubles = set(
        "seaside(tokens=[Beach/Wave:9;Rock/Crab:1])",
        "tokens.Isopod-Isopod",
        "2",
        t,
    );
    assert_eq!(
        doubles.unwrap(),
        "seaside(tokens=[Beach/Wave:9;Rock/Crab:1;Isopod/Isopod:2])"
    );
    // The base's file label no longer describes the set.
    assert_eq!(
        set(
            "seaside(tokens=[Beach/Wave:9;Rock/Crab:1],tokens_file=s.txt@xxh3:0123456789abcdef)",
            "tokens.Rock-Crab",
            "0",
            t
        )
        .unwrap(),
        "seaside(tokens=[Beach/Wave:9;Rock/Crab:0])"
    );
}

#[test]
fn a_token_kind_that_names_no_kind_is_refused() {
    let t = &seaside::OPTIONS;
    assert_eq!(
        set("seaside", "tokens.Wave-Beach", "8", t).unwrap_err(),
        "`tokens.Wave-Beach`: the set writes this kind `Beach/Wave`: write tokens.Beach-Wave"
    );
    assert_eq!(
        set("seaside", "tokens.Beach", "8", t).unwrap_err(),
        "`tokens.Beach`: write tokens.FACE_A-FACE_B for one kind's count (e.g. \
         tokens.Beach-Wave; faces: Isopod, Shell, Crab, Sandpiper, Beach, Wave, Rock)"
    );
    assert!(set("seaside", "tokens.Beach-Sea", "8", t).is_err());
    assert_eq!(
        set("seaside", "tokens.Beach-Wave", "-1", t).unwrap_err(),
        "`tokens.Beach-Wave`: the count `-1` is not an integer ≥ 0"
    );
    assert_eq!(
        set(
            "seaside(tokens=[Beach/Wave:1;Wave/Beach:2])",
            "tokens.Beach-Wave",
            "3",
            t
        )
        .unwrap_err(),
        "`tokens.Beach-Wave`: the set holds the kind Beach/Wave in 2 items: give it in one \
         item to vary its count"
    );
    // Other games have no per-kind token set.
    assert_eq!(
        set(
            "shell-dash",
            "tokens.Beach-Wave",
            "3",
            &crate::games::shell_dash::OPTIONS
        ),
        Err("`tokens.Beach-Wave` is not an option".to_string())
    );
}

fn sweep(varies: &[&str]) -> SweepSpec {
    SweepSpec {
        game: "seaside".to_string(),
        players: vec![2],
        varies: varies.iter().map(|v| v.parse().unwrap()).collect(),
        lineups: vec![vec!["random".to_string()]],
        count: SweepCount::Deals(1),
        seed: 3,
        rotate: true,
        quality: false,
    }
}

#[test]
fn a_sweep_varies_a_token_count_and_the_game_keeps_the_bag_legal() {
    let c = sweep(&["tokens.Beach-Wave=0,6,8"])
        .combinations(10)
        .unwrap();
    // 6 is the default set's count: the default game.
    assert_eq!(c[1].part.run.game, "seaside(removed=rulebook)");
    assert!(
        c[0].part
            .run
            .game
            .starts_with("seaside(removed=rulebook,tokens=[Beach/Rock:4;")
    );
    assert!(
        c[2].part
            .run
            .game
            .contains("tokens=[Beach/Wave:8;Beach/Rock:4;")
    );
    assert_eq!(
        c[2].part.values[0],
        ("tokens.Beach-Wave".to_string(), "8".to_string())
    );
    // 64 tokens left, 69 set aside: the game refuses the combination.
    let err = sweep(&["removed=69", "tokens.Beach-Wave=0"])
        .combinations(10)
        .unwrap_err();
    assert_eq!(
        err.to_string(),
        "combination removed=69, tokens.Beach-Wave=0, players=2: invalid `seaside`: removed=69 leaves no \
         token in the bag: the set holds 64 tokens"
    );
}
