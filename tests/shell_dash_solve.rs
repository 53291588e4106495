//! The solo Shell Dash solver (`games::shell_dash::solve`): an exact value
//! computed by hand, the model's games through the engine agreeing with
//! the solved value, and the errors.

use beachcomber::games::shell_dash::solve::{
    PoolView, SolveError, SolvedPolicy, model_games, observable_states_lower_bound, solo_games,
    solve,
};
use beachcomber::games::shell_dash::{ReshuffleRule, ShellDash};

fn deck(text: &str, players: usize) -> ShellDash {
    let counts = beachcomber::games::shell_dash::parse_deck(text).expect("deck");
    ShellDash::new(players, counts, 200).expect("game")
}

/// Sand:17, Shell:3: every walk flips one card in each of the 3 rows and
/// completes, collecting the Shells among them; the model draws the 3
/// cards from the 20 - s cards not held (s Shells held). By hand:
/// V(2) = 1 / P(the 1 Shell among 3 of 18) = 6;
/// V(1) = (1 + P(1 of 2 Shells) V(2)) / (1 - P(none)) = (969 + 272 * 6) / 289 = 9;
/// V(0) = (1 + P(1) V(1) + P(2) V(2)) / (1 - P(0)) with C(20,3) = 1140,
/// P(0) = 680/1140, P(1) = 408/1140, P(2) = 51/1140: (1140 + 3672 + 306) / 460
/// = 2559/230.
#[test]
fn sand_and_three_shells_by_hand() {
    let solution = solve(&deck("Sand:17,Shell:3", 1), 1e-12).expect("solves");
    let v = &solution.values;
    assert!((v.get(3, 2, 0) - 6.0).abs() < 1e-9, "{}", v.get(3, 2, 0));
    assert!((v.get(3, 1, 0) - 9.0).abs() < 1e-9, "{}", v.get(3, 1, 0));
    let expected = 2559.0 / 230.0;
    assert!(
        (solution.expected_turns() - expected).abs() < 1e-9,
        "{} against {expected}",
        solution.expected_turns()
    );
    assert_eq!(solution.turn_start_states(), 12);
}

/// One Flip-Flop and one Jellyfish among Sand, 3 Shells: spending the
/// Flip-Flop at a Jellyfish is never worse than ending the turn, and the
/// solver finds the same value whatever the tolerance's size below 1e-9.
#[test]
fn tolerance_only_refines() {
    let game = deck("Sand:20,Jellyfish:2,Flip-Flop:1,Wave:2,Sun:1,Shell:3", 1);
    let coarse = solve(&game, 1e-6).expect("solves").expected_turns();
    let fine = solve(&game, 1e-12).expect("solves").expected_turns();
    assert!((coarse - fine).abs() < 1e-5, "{coarse} {fine}");
}

/// The model's games, played by the engine's rules from a position dealt
/// afresh each turn, agree with the solved value (20,000 games each: within
/// 3 standard errors): the default deck, and a deck heavy in Waves,
/// Jellyfish, Flip-Flops and Suns (every branch of the walk, 6-row boards).
#[test]
fn model_games_agree_with_the_solution() {
    for text in [
        "Sand:16,Wave:10,Flip-Flop:6,Jellyfish:8,Sun:6,Shell:14",
        "Sand:6,Wave:6,Flip-Flop:6,Jellyfish:6,Sun:6,Shell:6",
    ] {
        let game = deck(text, 1);
        let solution = solve(&game, 1e-9).expect("solves");
        let policy = SolvedPolicy::new(&solution, PoolView::Model);
        let games = model_games(&game, &policy, 20_000, 7);
        let z = (games.mean - solution.expected_turns()) / (games.half_width / 1.96);
        assert!(
            z.abs() < 3.0,
            "{text}: model games {} ± {} against the solution {} (z = {z})",
            games.mean,
            games.half_width,
            solution.expected_turns()
        );
        assert_eq!(games.capped, 0);
    }
}

/// The solved policy plays real games to the end, with both reshuffle
/// rules, identically for the same seed.
#[test]
fn real_games_are_reproducible() {
    for rule in [ReshuffleRule::Choice, ReshuffleRule::Empty] {
        let game =
            ShellDash::with_reshuffle(1, beachcomber::games::shell_dash::DEFAULT_DECK, 200, rule)
                .expect("game");
        let solution = solve(&game, 1e-9).expect("solves");
        let policy = SolvedPolicy::new(&solution, PoolView::Observed);
        let a = solo_games(&game, &policy, 500, 3);
        let b = solo_games(&game, &policy, 500, 3);
        assert_eq!(a, b);
        assert_eq!(a.capped, 0);
    }
}

#[test]
fn errors() {
    assert_eq!(
        solve(&deck("Sand:16,Shell:14", 2), 1e-9).unwrap_err(),
        SolveError::NotSolo { players: 2 }
    );
    let game = deck("Sand:16,Shell:14", 1);
    for bad in [0.0, -1.0, f64::NAN, f64::INFINITY] {
        assert!(matches!(
            solve(&game, bad),
            Err(SolveError::BadTolerance(_))
        ));
    }
    let small = deck("Sand:6,Shell:3", 1);
    let e = solve(&small, 1e-9).unwrap_err();
    assert_eq!(e, SolveError::DeckTooSmall { free: 7 });
    assert!(!e.to_string().contains('\n'));
}

/// The lower bound on the real game's observable states: for Sand:17,
/// Shell:3, 4 row counts x (Sand 18 x Shell (4 + 3 + 2)) = 648.
#[test]
fn observable_states_count() {
    let counts = beachcomber::games::shell_dash::parse_deck("Sand:17,Shell:3").expect("deck");
    assert_eq!(observable_states_lower_bound(&counts), 4 * 18 * (4 + 3 + 2));
}
