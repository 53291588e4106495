//! Shell Dash: conformance, hand-built positions for every ruling, card
//! conservation, records with reshuffles.

use beachcomber::games::shell_dash::ShellDash;
use beachcomber::spec::Spec;
use beachcomber::testing::conformance::{Conformance, check_game};

fn game(spec: &str, players: usize) -> ShellDash {
    ShellDash::from_spec(&spec.parse::<Spec>().unwrap(), players).unwrap()
}

#[test]
fn conforms_with_the_default_deck() {
    for players in 1..=2 {
        let g = game("shell-dash", players);
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
    }
}

#[test]
fn conforms_with_odd_decks() {
    let specs = [
        // No Shells at all: every game runs to the cap.
        "shell-dash(deck=Sand:10,Wave:3,Flip-Flop:2,Jellyfish:2,Sun:2,max_turns=15)",
        // Many Suns: the board grows to 6 rows.
        "shell-dash(deck=Sand:6,Sun:30,Shell:6,Wave:2)",
        // Tiny decks: places stay empty, rows are walked through.
        "shell-dash(deck=Sand:3,Shell:3,Sun:3,max_turns=40)",
        "shell-dash(deck=Flip-Flop:4,Jellyfish:3,Shell:2,max_turns=30)",
        "shell-dash(deck=Wave:9,Shell:1,max_turns=25)",
        "shell-dash(deck=Sun:6,Flip-Flop:3,Wave:1,max_turns=20)",
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
