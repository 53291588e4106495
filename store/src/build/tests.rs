//! Each builder refuses a bad value of each setting, naming it in each
//! front end's words.

use beachcomber::games::AnyGame;
use beachcomber::rng::DEFAULT_SEED;
use beachcomber_bots::no_aliases;

use super::compare::{CompareText, compare};
use super::league::{LeagueText, check, league};
use super::sweep::{SweepText, planned, sweep};
use super::tournament::{TournamentText, tournament};
use super::{BuildError, DEFAULT_GAMES, Names, PlayText, game};

const BOTH: [Names; 2] = [Names::Flags, Names::Keywords];

fn seaside() -> AnyGame {
    AnyGame::from_spec("seaside", 2).unwrap()
}

fn tournament_text() -> TournamentText<'static> {
    TournamentText {
        players: 2,
        bots: "random",
        play: PlayText::new(None, None, DEFAULT_SEED, true, false),
        sprt: None,
    }
}

fn tournament_error(text: TournamentText<'_>, names: Names) -> String {
    match tournament(&seaside(), &text, &no_aliases, names) {
        Ok(_) => panic!("built"),
        Err(e) => e.to_string(),
    }
}

fn message<T>(result: Result<T, BuildError>) -> String {
    match result {
        Ok(_) => panic!("built"),
        Err(e) => e.to_string(),
    }
}

#[test]
fn a_tournament_without_a_count_plays_the_default_in_whole_deals() {
    let t = TournamentText {
        bots: "greedy,random",
        ..tournament_text()
    };
    let built = tournament(&seaside(), &t, &no_aliases, Names::Keywords).unwrap();
    assert_eq!(built.run.deals * 2, DEFAULT_GAMES);
    assert_eq!(built.bots.configs().count(), 2);
}

#[test]
fn a_tournament_names_each_refused_setting() {
    let t = tournament_text();
    let cases: [(TournamentText<'_>, [&str; 2]); 6] = [
        (
            TournamentText { bots: "nobot", ..t },
            [
                "--bots: unknown bot `nobot` (known: random, greedy, pimc, ismcts, expert, learned, oracle)",
                "bots: unknown bot `nobot` (known: random, greedy, pimc, ismcts, expert, learned, oracle)",
            ],
        ),
        (
            TournamentText {
                play: PlayText::new(None, Some(0), DEFAULT_SEED, true, false),
                ..t
            },
            [
                "--deals 0: a run needs at least one deal",
                "deals: a run needs at least one deal",
            ],
        ),
        (
            TournamentText {
                play: PlayText::new(Some(0), None, DEFAULT_SEED, true, false),
                ..t
            },
            [
                "--games 0: a run needs at least one game",
                "games: a run needs at least one game",
            ],
        ),
        (
            TournamentText {
                play: PlayText::new(Some(2), Some(1), DEFAULT_SEED, true, false),
                ..t
            },
            [
                "give --games or --deals, not both",
                "give games or deals, not both",
            ],
        ),
        (
            TournamentText {
                bots: "greedy,random",
                play: PlayText::new(Some(3), None, DEFAULT_SEED, true, false),
                ..t
            },
            [
                "--games: 3 games is not a multiple of the 2 seat rotations of each deal \
                 (use 2 or 4 games, --deals 1, or --no-rotate)",
                "games: 3 games is not a multiple of the 2 seat rotations of each deal \
                 (use 2 or 4 games, --deals 1, or --no-rotate)",
            ],
        ),
        (
            TournamentText {
                sprt: Some("elo0=0,elo1=5"),
                ..t
            },
            [
                "--sprt compares exactly two distinct bots; the lineup has 1 \
                 (give two specs with --bots, e.g. --bots 'ismcts,greedy')",
                "sprt: compares exactly two distinct bots; the lineup has 1 \
                 (give two specs in bots, e.g. bots=\"ismcts,greedy\")",
            ],
        ),
    ];
    for (text, expected) in cases {
        for (names, expected) in BOTH.into_iter().zip(expected) {
            assert_eq!(tournament_error(text, names), expected);
        }
    }
    let no_rotate = TournamentText {
        bots: "greedy,random",
        play: PlayText::new(None, None, DEFAULT_SEED, false, false),
        sprt: Some("elo0=0,elo1=5"),
        ..t
    };
    assert_eq!(
        tournament_error(no_rotate, Names::Keywords),
        "sprt: with rotate=False is refused: without rotating the lineup through the seats \
         the test measures seat advantage as much as strength"
    );
    let bad_bounds = TournamentText {
        bots: "greedy,random",
        sprt: Some("elo0=x"),
        ..t
    };
    assert!(tournament_error(bad_bounds, Names::Flags).starts_with("--sprt: "));
    assert_eq!(
        message(game("nope", 2, Names::Keywords)),
        "game: unknown game `nope` (known: seashells, seaside, shell-dash)"
    );
    assert_eq!(
        message(game("nope", 2, Names::Flags)),
        "--game: unknown game `nope` (known: seashells, seaside, shell-dash)"
    );
}

fn league_text() -> LeagueText<'static> {
    LeagueText {
        game: "seaside",
        players: 2,
        bots: "random,greedy",
        games_per_pairing: 2,
        seed: DEFAULT_SEED,
        anchor: None,
        resamples: crate::counts::Resamples::new(100).expect("in range"),
    }
}

fn league_error(text: LeagueText<'_>, names: Names) -> String {
    message(league(&text, &no_aliases, names).and_then(|(spec, _)| check(&spec, names)))
}

#[test]
fn a_league_names_each_refused_setting() {
    let t = league_text();
    // Resamples out of range cannot be built (crate::counts::Resamples).
    let cases: [(LeagueText<'_>, [&str; 2]); 5] = [
        (
            LeagueText {
                games_per_pairing: 0,
                ..t
            },
            [
                "--games-per-pairing: a league needs at least one game",
                "games_per_pairing: a league needs at least one game",
            ],
        ),
        (
            LeagueText {
                games_per_pairing: 3,
                ..t
            },
            [
                "--games-per-pairing 3: must be a multiple of 2 (the seat rotations of a pairing \
                 with 2 players); use 2 or 4",
                "games_per_pairing 3: must be a multiple of 2 (the seat rotations of a pairing \
                 with 2 players); use 2 or 4",
            ],
        ),
        (
            LeagueText { game: "nope", ..t },
            [
                "--game: unknown game `nope` (known: seashells, seaside, shell-dash)",
                "game: unknown game `nope` (known: seashells, seaside, shell-dash)",
            ],
        ),
        (
            LeagueText {
                bots: "random,random",
                ..t
            },
            [
                "--bots: `random` is listed twice; list each bot once",
                "bots: `random` is listed twice; list each bot once",
            ],
        ),
        (
            LeagueText {
                anchor: Some("ismcts"),
                ..t
            },
            [
                "--anchor `ismcts` is not one of the league's bots: random, greedy(worlds=8)",
                "anchor `ismcts` is not one of the league's bots: random, greedy(worlds=8)",
            ],
        ),
    ];
    for (text, expected) in cases {
        for (names, expected) in BOTH.into_iter().zip(expected) {
            assert_eq!(league_error(text, names), expected);
        }
    }
}

fn sweep_text() -> SweepText<'static> {
    SweepText {
        game: "seaside",
        players: "2",
        vary: &[],
        bots: &[],
        play: PlayText::new(Some(2), None, DEFAULT_SEED, true, false),
    }
}

fn sweep_error(text: SweepText<'_>, names: Names) -> String {
    message(
        sweep(&text, &no_aliases, names)
            .and_then(|(spec, bots)| planned(&spec, bots, usize::MAX, None, names)),
    )
}

#[test]
fn a_sweep_names_each_refused_setting() {
    let t = sweep_text();
    let colour = ["colour=1,2".to_string()];
    let malformed = ["removed".to_string()];
    let twice = ["random".to_string(), "random".to_string()];
    let cases: [(SweepText<'_>, [&str; 2]); 7] = [
        (
            SweepText { players: "x", ..t },
            [
                "--players: `x` is not a player count",
                "players: `x` is not a player count",
            ],
        ),
        (
            SweepText {
                vary: &malformed,
                ..t
            },
            [
                "--vary: `removed`: write KEY=VALUES, e.g. removed=0..=50:5 or scoring=simple,advanced",
                "vary: `removed`: write KEY=VALUES, e.g. removed=0..=50:5 or scoring=simple,advanced",
            ],
        ),
        (
            SweepText { vary: &colour, ..t },
            [
                "--vary: `colour` is not an option of seaside (its options: removed, tokens, tokens_file, compensation, start_tokens)",
                "vary: `colour` is not an option of seaside (its options: removed, tokens, tokens_file, compensation, start_tokens)",
            ],
        ),
        (
            SweepText { bots: &twice, ..t },
            [
                "--bots: the lineup `random` is given twice",
                "bots: the lineup `random` is given twice",
            ],
        ),
        (
            SweepText {
                play: PlayText::new(None, Some(0), DEFAULT_SEED, true, false),
                ..t
            },
            [
                "--deals 0: a run needs at least one deal",
                "deals: a run needs at least one deal",
            ],
        ),
        (
            SweepText { game: "nope(", ..t },
            [
                "--game: malformed spec `nope(`: missing closing `)` (expected `name` or \
                 `name(key=value,...)`)",
                "game: malformed spec `nope(`: missing closing `)` (expected `name` or \
                 `name(key=value,...)`)",
            ],
        ),
        (
            SweepText { game: "nope", ..t },
            [
                "combination players=2: unknown game `nope` (known: seashells, seaside, shell-dash)",
                "combination players=2: unknown game `nope` (known: seashells, seaside, shell-dash)",
            ],
        ),
    ];
    for (text, expected) in cases {
        for (names, expected) in BOTH.into_iter().zip(expected) {
            assert_eq!(sweep_error(text, names), expected);
        }
    }
}

#[test]
fn a_sweep_without_lineups_or_count_plays_the_defaults() {
    let t = SweepText {
        play: PlayText::new(None, None, DEFAULT_SEED, true, false),
        ..sweep_text()
    };
    let (spec, bots) = sweep(&t, &no_aliases, Names::Keywords).unwrap();
    assert_eq!(spec.lineups, vec![vec!["random".to_string()]]);
    assert_eq!(
        spec.count,
        beachcomber::sweep::SweepCount::Games(DEFAULT_GAMES)
    );
    assert_eq!(bots.configs().count(), 1);
}

fn compare_error(text: CompareText<'_>, names: Names) -> String {
    message(compare(&text, names))
}

#[test]
fn a_comparison_names_each_refused_setting() {
    let none = CompareText {
        baseline: Some("players=2"),
        margins: &[],
        trends: &[],
        seats: None,
    };
    let margin = ["seat_ratio=0.05".to_string()];
    let bad_margin = ["seat_ratio".to_string()];
    let unknown_metric = ["colour=1".to_string()];
    let two_trends = ["players;removed".to_string()];
    let bad_trend = ["players:cubic".to_string()];
    let cases: [(CompareText<'_>, [&str; 2]); 8] = [
        (
            CompareText {
                baseline: None,
                margins: &margin,
                ..none
            },
            [
                "--margin needs --baseline (the combination to compare with)",
                "margin: needs a baseline (the combination to compare with)",
            ],
        ),
        (
            CompareText {
                baseline: None,
                trends: &bad_trend,
                ..none
            },
            [
                "--trend needs --baseline (trends.csv is written with compare.csv)",
                "trend: needs a baseline (the combination to compare with)",
            ],
        ),
        (
            CompareText {
                baseline: None,
                seats: Some("first"),
                ..none
            },
            [
                "--seats needs --baseline (the seats compared with it)",
                "seats: needs a baseline (the combination to compare with)",
            ],
        ),
        (
            CompareText {
                baseline: Some("players"),
                ..none
            },
            [
                "--baseline: `players`: write KEY=VALUE pairs separated by commas",
                "baseline: `players`: write KEY=VALUE pairs separated by commas",
            ],
        ),
        (
            CompareText {
                seats: Some("middle"),
                ..none
            },
            [
                "--seats: seats `middle` are none of `first`, `each`, `best-worst` or a list of \
                 distinct seat numbers",
                "seats: seats `middle` are none of `first`, `each`, `best-worst` or a list of \
                 distinct seat numbers",
            ],
        ),
        (
            CompareText {
                trends: &two_trends,
                ..none
            },
            [
                "--trend: `players;removed`: give one trend per --trend",
                "trend: `players;removed`: give one trend per item",
            ],
        ),
        (
            CompareText {
                margins: &bad_margin,
                ..none
            },
            [
                "--margin: `seat_ratio`: write METRIC=VALUE",
                "margin: `seat_ratio`: write METRIC=VALUE",
            ],
        ),
        (
            CompareText {
                margins: &unknown_metric,
                ..none
            },
            [
                "--margin: `colour` is not a compared metric (metrics: seat_ratio, max_seat_ratio, \
                 min_seat_ratio, seat_gap, tie_rate, mean_turns, skill_elo, mean_lead_changes, \
                 mean_drama, mean_decisiveness, comeback_rate, mean_branching)",
                "margin: `colour` is not a compared metric (metrics: seat_ratio, max_seat_ratio, \
                 min_seat_ratio, seat_gap, tie_rate, mean_turns, skill_elo, mean_lead_changes, \
                 mean_drama, mean_decisiveness, comeback_rate, mean_branching)",
            ],
        ),
    ];
    for (text, expected) in cases {
        for (names, expected) in BOTH.into_iter().zip(expected) {
            assert_eq!(compare_error(text, names), expected);
        }
    }
    let trend = CompareText {
        trends: &bad_trend,
        ..none
    };
    assert!(compare_error(trend, Names::Flags).starts_with("--trend: "));
}
