//! Seaside: conformance, hand-built positions for every ruling, token
//! conservation and determinization consistency.

use beachcomber::games::seaside::Seaside;
use beachcomber::spec::Spec;
use beachcomber::testing::conformance::{Conformance, check_game};

fn game(spec: &str, players: usize) -> Seaside {
    let spec: Spec = spec.parse().unwrap();
    Seaside::from_spec(&spec, players).unwrap()
}

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
        if players > 1 {
            assert!(report.determinizations_differing > 0, "{spec} {players}p");
        }
    }
}
