//! The direct record writer (`record::write_record_line`, the games'
//! `RecordFormat::write_*` methods, `record::json`) against the reference:
//! `serde_json::to_vec` of `build_record`'s `GameRecord` and a `\n`. The
//! record format is a contract, so the two must agree to the byte for every
//! game, option set, game length, seed and bot spec.

use beachcomber::Game;
use beachcomber::games::AnyGame;
use beachcomber::games::seaside::Seaside;
use beachcomber::games::seaside::tokens::TokenSet;
use beachcomber::record::{RecordFormat, build_record, json, write_record_line};
use beachcomber::rng::rng_from_seed;
use beachcomber::runner::{WantRecord, play_game_cancellable};
use beachcomber::with_game;

/// Bot specs that need escaping in JSON, and plain ones.
const ODD_SPECS: &[&str] = &[
    "random",
    "ismcts(iterations=2000,c=0.7,rollout=random,reward=auto)",
    "say \"hi\"",
    "back\\slash\\",
    "tab\tnew\nline\rret\u{8}bs\u{c}ff",
    "\u{0}\u{1}\u{1f}\u{7f}",
    "plage ☀ 🐚 é",
    "",
    "\"\\\"",
];

/// The first byte where `a` and `b` differ, with some context, for a
/// readable failure.
fn first_difference(a: &[u8], b: &[u8]) -> String {
    let at = a
        .iter()
        .zip(b)
        .position(|(x, y)| x != y)
        .unwrap_or(a.len().min(b.len()));
    let from = at.saturating_sub(60);
    format!(
        "first difference at byte {at} (lengths {} and {}):\n  direct:    {}\n  reference: {}",
        a.len(),
        b.len(),
        String::from_utf8_lossy(&a[from..(at + 60).min(a.len())]),
        String::from_utf8_lossy(&b[from..(at + 60).min(b.len())]),
    )
}

/// Write the record of `actions` from `initial` both ways and compare. The
/// direct writer appends to a buffer that already holds a line.
fn same_line<G: RecordFormat>(
    game: &G,
    label: &str,
    seed: Option<u64>,
    bots: &[String],
    initial: &G::State,
    actions: &[G::Action],
) {
    let record = build_record(game, seed, bots, initial, actions);
    let mut expected = serde_json::to_vec(&record).unwrap();
    expected.push(b'\n');
    let earlier = b"{\"an earlier\":\"line\"}\n".to_vec();
    let mut out = earlier.clone();
    write_record_line(game, seed, bots, initial, actions, &mut out);
    assert_eq!(
        &out[..earlier.len()],
        &earlier[..],
        "{label}: wrote over the buffer"
    );
    let line = &out[earlier.len()..];
    assert!(
        line == &expected[..],
        "{label}, seed {seed:?}, {} of the actions: {}",
        actions.len(),
        first_difference(line, &expected)
    );
}

/// Play `games` uniformly random games of `game` from `seed` and compare
/// each game's line both ways: finished, stopped after a prefix of its
/// actions, stopped before the first action; with numeric and `null` seeds
/// and plain and odd bot specs. Returns the number of finished games (so a
/// caller can check that the games were real).
fn check_game<G: RecordFormat>(game: &G, label: &str, games: u64, seed: u64) -> u64 {
    let players = game.players();
    let mut rng = rng_from_seed(seed);
    let mut finished = 0;
    for i in 0..games {
        let initial = game.new_game(&mut rng);
        let mut state = initial.clone();
        let mut actions = Vec::new();
        while game.to_move(&state).is_some() {
            let a = game.random_action(&state, &mut rng);
            game.play_unchecked(&mut state, a);
            actions.push(a);
        }
        finished += 1;
        let bots: Vec<String> = (0..players)
            .map(|s| ODD_SPECS[(i as usize + s) % ODD_SPECS.len()].to_string())
            .collect();
        let game_seed = match i % 4 {
            0 => None,
            1 => Some(u64::MAX - i),
            _ => Some(seed.wrapping_mul(1_000_003).wrapping_add(i)),
        };
        same_line(game, label, game_seed, &bots, &initial, &actions);
        let cut = (i as usize * 7919 + 13) % actions.len().max(1);
        same_line(game, label, game_seed, &bots, &initial, &actions[..cut]);
        if i % 16 == 0 {
            same_line(game, label, None, &bots, &initial, &[]);
        }
    }
    finished
}

fn check_spec(spec: &str, players: usize, games: u64, seed: u64) {
    let any = AnyGame::from_spec(spec, players).unwrap_or_else(|e| panic!("{spec}: {e}"));
    let label = format!("{spec} with {players} players");
    let finished = with_game!(&any, |g| check_game(g, &label, games, seed));
    assert_eq!(finished, games);
}

#[test]
fn seashells_lines_are_the_reference_bytes() {
    for players in 2..=5 {
        for mode in ["board", "stroll"] {
            for scoring in ["simple", "advanced"] {
                let spec = format!("seashells(mode={mode},scoring={scoring})");
                check_spec(&spec, players, 120, players as u64 * 31 + 5);
            }
        }
    }
}

#[test]
fn seaside_lines_are_the_reference_bytes() {
    for players in 2..=5 {
        for spec in [
            "seaside",
            "seaside(removed=0)",
            "seaside(removed=18)",
            "seaside(removed=35)",
            "seaside(removed=69)",
        ] {
            check_spec(spec, players, 100, players as u64 * 17 + 3);
        }
    }
}

#[test]
fn seaside_lines_with_a_custom_token_set_are_the_reference_bytes() {
    let set = TokenSet::parse(
        "Isopod Isopod 3\nBeach Beach 4\nWave Beach 6\nRock Rock 5\nCrab Sandpiper 6\nShell Wave 6",
    )
    .unwrap();
    for (players, removed) in [(2, None), (3, Some(2)), (4, Some(0)), (5, None)] {
        let g = Seaside::new(players, removed, set).unwrap();
        let label = format!("custom Seaside set, {players} players, removed {removed:?}");
        assert_eq!(check_game(&g, &label, 100, 11), 100);
    }
}

#[test]
fn shell_dash_lines_are_the_reference_bytes() {
    for players in 1..=2 {
        for spec in [
            "shell-dash",
            "shell-dash(reshuffle=choice)",
            "shell-dash(reshuffle=empty)",
            // A small deck: many reshuffles (chance events) per game.
            "shell-dash(deck=Sand:4,Wave:3,Flip-Flop:3,Jellyfish:3,Sun:2,Shell:3,max_turns=80,reshuffle=choice)",
            "shell-dash(deck=Sand:4,Wave:3,Flip-Flop:3,Jellyfish:3,Sun:2,Shell:3,max_turns=80,reshuffle=empty)",
        ] {
            check_spec(spec, players, 150, players as u64 * 7 + 1);
        }
    }
}

/// A small deck's games do reshuffle, so the chance events are covered.
#[test]
fn the_small_shell_dash_deck_reshuffles() {
    let spec = "shell-dash(deck=Sand:4,Wave:3,Flip-Flop:3,Jellyfish:3,Sun:2,Shell:3,max_turns=80,reshuffle=empty)";
    let any = AnyGame::from_spec(spec, 2).unwrap();
    let AnyGame::ShellDash(g) = any else {
        unreachable!()
    };
    let mut rng = rng_from_seed(3);
    let initial = g.new_game(&mut rng);
    let mut state = initial;
    let mut actions = Vec::new();
    while g.to_move(&state).is_some() {
        let a = g.random_action(&state, &mut rng);
        g.play_unchecked(&mut state, a);
        actions.push(a);
    }
    let record = build_record(
        &g,
        Some(3),
        &["random".into(), "random".into()],
        &initial,
        &actions,
    );
    assert!(
        record.events.len() > actions.len(),
        "no reshuffle event in {} events",
        record.events.len()
    );
}

/// The runner's line ([`WantRecord::Line`]) is the reference line of the
/// record it makes with [`WantRecord::Record`].
#[test]
fn the_runners_line_is_its_record() {
    for (spec, players) in [("seashells", 4), ("seaside", 3), ("shell-dash", 2)] {
        let any = AnyGame::from_spec(spec, players).unwrap();
        with_game!(&any, |g| {
            let never = std::sync::atomic::AtomicBool::new(false);
            let specs = vec!["random".to_string(); players];
            for index in 0..20 {
                let play = |want| {
                    let mut bots: Vec<Box<dyn beachcomber::bot::Bot<_>>> = (0..players)
                        .map(|_| Box::new(RandomBot) as Box<dyn beachcomber::bot::Bot<_>>)
                        .collect();
                    play_game_cancellable(g, &mut bots, &specs, index, 1000 + index, want, &never)
                        .unwrap()
                };
                let with_record = play(WantRecord::Record);
                let with_line = play(WantRecord::Line);
                let none = play(WantRecord::No);
                assert!(with_record.record_line.is_none() && none.record.is_none());
                assert!(none.record_line.is_none() && with_line.record.is_none());
                let mut expected = serde_json::to_vec(&with_record.record.unwrap()).unwrap();
                expected.push(b'\n');
                assert_eq!(
                    with_line.record_line.unwrap(),
                    expected,
                    "{spec} game {index}"
                );
            }
        });
    }
}

/// Plays uniformly at random.
struct RandomBot;

impl<G: Game> beachcomber::bot::Bot<G> for RandomBot {
    fn choose(&mut self, game: &G, state: &G::State, rng: &mut beachcomber::GameRng) -> G::Action {
        game.random_action(state, rng)
    }
}

#[test]
fn json_strings_are_escaped_as_serde_json_escapes_them() {
    let mut cases: Vec<String> = (0u32..0x80)
        .map(|c| char::from_u32(c).unwrap().to_string())
        .collect();
    cases.extend(ODD_SPECS.iter().map(|s| s.to_string()));
    cases.push("\u{80}\u{7ff}\u{800}\u{ffff}\u{10000}\u{10ffff}\u{2028}\u{2029}".into());
    cases.push("a\"b\\c\u{1b}d".repeat(5));
    for s in &cases {
        let mut out = Vec::new();
        json::string(&mut out, s);
        assert_eq!(
            String::from_utf8_lossy(&out),
            serde_json::to_string(s).unwrap(),
            "{s:?}"
        );
    }
}

#[test]
fn json_numbers_and_arrays_are_written_as_serde_json_writes_them() {
    let unsigned = [
        0,
        1,
        9,
        10,
        11,
        99,
        100,
        101,
        999,
        1000,
        65535,
        1 << 32,
        u64::MAX - 1,
        u64::MAX,
    ];
    for n in unsigned {
        let mut out = Vec::new();
        json::uint(&mut out, n);
        assert_eq!(out, serde_json::to_vec(&n).unwrap(), "{n}");
    }
    let signed = [
        0,
        -1,
        -9,
        -10,
        -99,
        -100,
        5,
        12345,
        i64::MIN,
        i64::MIN + 1,
        i64::MAX,
    ];
    for n in signed {
        let mut out = Vec::new();
        json::int(&mut out, n);
        assert_eq!(out, serde_json::to_vec(&n).unwrap(), "{n}");
    }
    let mut out = Vec::new();
    json::int_array(&mut out, signed);
    assert_eq!(out, serde_json::to_vec(&signed).unwrap());
    let mut out = Vec::new();
    json::int_array(&mut out, []);
    assert_eq!(out, b"[]");
    let mut out = Vec::new();
    json::str_array(&mut out, ODD_SPECS.iter().copied());
    assert_eq!(out, serde_json::to_vec(ODD_SPECS).unwrap());
    let mut out = Vec::new();
    json::bool(&mut out, true);
    json::bool(&mut out, false);
    json::null(&mut out);
    assert_eq!(out, b"truefalsenull");
}
