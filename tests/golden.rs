//! Golden values, in the manner of chess perft tables: for every game
//! configuration, a fingerprint of a fixed number of uniformly random games
//! from a fixed seed. The fingerprint covers every setup, every action (by
//! its text form), every score and every winner, so an accidental change of
//! a rule, of a random stream (setup shuffles, the random-playout path) or
//! of an action's meaning fails here.
//!
//! When a change is *meant* to alter games (a new ruling, a new default),
//! update the pinned value in the same commit and say why in its message.

use beachcomber::Game;
use beachcomber::games::AnyGame;
use beachcomber::rng::{self, mix, rng_from_seed};
use beachcomber::with_game;

/// Games per fingerprint.
const GAMES: u64 = 200;

/// Fold text into a running 64-bit hash (SplitMix64 mixing, portable).
fn fold(hash: u64, text: &str) -> u64 {
    let mut h = mix(hash ^ text.len() as u64);
    for chunk in text.as_bytes().chunks(8) {
        let mut word = [0u8; 8];
        word[..chunk.len()].copy_from_slice(chunk);
        h = mix(h ^ u64::from_le_bytes(word));
    }
    h
}

/// The fingerprint of `GAMES` random games of `spec` with `players` players:
/// game `i` is dealt from `rng::deal_seed(seed, i)` and played out with
/// [`Game::random_action`] from the same generator.
fn fingerprint<G: Game>(game: &G, seed: u64) -> u64 {
    let mut hash = 0u64;
    for i in 0..GAMES {
        let mut rng = rng_from_seed(rng::deal_seed(seed, i));
        let mut state = game.new_game(&mut rng);
        // Every seat's legal actions at the start pin the setup's visible part.
        for a in game.legal_actions(&state).iter() {
            hash = fold(hash, &a.to_string());
        }
        while game.to_move(&state).is_some() {
            let action = game.random_action(&state, &mut rng);
            hash = fold(hash, &action.to_string());
            game.play_unchecked(&mut state, action);
        }
        let outcome = game.outcome(&state);
        hash = fold(hash, &format!("{:?} {:?}", outcome.scores, outcome.winners));
    }
    hash
}

fn check(table: &[(&str, usize, u64)]) {
    let mut wrong = Vec::new();
    for &(spec, players, expected) in table {
        let game = AnyGame::from_spec(spec, players).unwrap();
        let got = with_game!(&game, |g| fingerprint(g, 2026));
        if got != expected {
            wrong.push(format!("(\"{spec}\", {players}, {got:#018x}),"));
        }
    }
    assert!(
        wrong.is_empty(),
        "fingerprints changed (games or random streams differ):\n{}",
        wrong.join("\n")
    );
}

#[test]
fn seashells_fingerprints() {
    check(&[
        ("seashells", 2, 0xdf66b6ea7e6e2c9e),
        ("seashells", 3, 0x1021189fb0d0d3ce),
        ("seashells", 4, 0x2ec4c807e57a5327),
        ("seashells", 5, 0x2e71216a5385b7cd),
        ("seashells(scoring=advanced)", 2, 0x92dc76671df2a93e),
        ("seashells(scoring=advanced)", 4, 0xc5d415bb3c257465),
        ("seashells(mode=stroll)", 2, 0x1971fe347bdd7faa),
        ("seashells(mode=stroll)", 3, 0xe79a290625acf851),
        ("seashells(mode=stroll)", 4, 0xe2783f01307df730),
        ("seashells(mode=stroll)", 5, 0xc99dc736aa102573),
        (
            "seashells(mode=stroll,scoring=advanced)",
            3,
            0x07c5d4e5c6d49e2f,
        ),
    ]);
}

#[test]
fn seaside_fingerprints() {
    check(&[
        ("seaside", 1, 0x82b549fad6e52569),
        ("seaside", 2, 0xbeff3b07c1305a2f),
        ("seaside", 3, 0x9d15d00e3e440570),
        ("seaside", 4, 0xf902a81e84cc227b),
        ("seaside", 5, 0xf8f48d3be7fee6ce),
        ("seaside(removed=0)", 2, 0x6ebd87386a4007ce),
        ("seaside(removed=35)", 2, 0xdc8bc084992a8085),
        ("seaside(removed=18)", 3, 0x28106f2feda18858),
        ("seaside(removed=69)", 4, 0x158006995016078a),
    ]);
}

#[test]
fn shell_dash_fingerprints() {
    // The entries with `reshuffle=empty` are the games as played before the
    // voluntary reshuffle (docs/rules.md): their values are those pinned
    // then. The default `choice` adds a decision at the end of most turns.
    check(&[
        ("shell-dash(reshuffle=empty)", 1, 0xe0fdeaa4910a79ea),
        ("shell-dash(reshuffle=empty)", 2, 0xc08912720849eafb),
        (
            "shell-dash(deck=Sand:6,Sun:30,Shell:6,Wave:2,max_turns=50,reshuffle=empty)",
            2,
            0xd7b72067771985a6,
        ),
        (
            "shell-dash(deck=Sand:3,Shell:3,Sun:3,max_turns=40,reshuffle=empty)",
            1,
            0x72f3e9497478dd67,
        ),
        (
            "shell-dash(deck=Flip-Flop:4,Jellyfish:3,Shell:3,Wave:2,reshuffle=empty)",
            2,
            0x9e5f41b1fb7a7891,
        ),
        ("shell-dash", 1, 0x0b112d3576ee8713),
        ("shell-dash", 2, 0x7ea0c26f4b0a24a3),
        (
            "shell-dash(reshuffle=choice,max_turns=8)",
            2,
            0x787944fe2e653901,
        ),
        (
            "shell-dash(deck=Sand:6,Sun:30,Shell:6,Wave:2,max_turns=50)",
            2,
            0xce39168b8c967728,
        ),
        (
            "shell-dash(deck=Sand:6,Shell:3,Sun:3,Wave:3,max_turns=40)",
            1,
            0x55a64f23a8576f9c,
        ),
        (
            "shell-dash(deck=Flip-Flop:4,Jellyfish:3,Shell:3,Wave:2)",
            2,
            0x17a5486404fef0dd,
        ),
    ]);
}
