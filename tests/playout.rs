//! The random playout hooks play the same games as the step loop: for every
//! configuration of the golden fingerprints (`tests/golden.rs`),
//! [`Game::random_playout`] (which a game may override with a faster loop,
//! e.g. Seashells' BMI2 path) ends in the same state, after the same number
//! of decisions and the same draws, as [`Game::random_action`] then
//! [`Game::play_unchecked`] until the end. Seashells' portable path (byte
//! tables) and its BMI2 path (`pdep`, on processors that have it) are
//! compared too, so both stay pinned whichever one this machine runs.

use beachcomber::Game;
use beachcomber::games::AnyGame;
use beachcomber::games::seashells::{Mode, Scoring, Seashells};
use beachcomber::rng::{self, Rng, rng_from_seed};
use beachcomber::with_game;

const GAMES: u64 = 300;

const SPECS: &[(&str, usize)] = &[
    ("seashells", 2),
    ("seashells", 3),
    ("seashells", 4),
    ("seashells", 5),
    ("seashells(scoring=advanced)", 4),
    ("seashells(bottles=plain)", 3),
    ("seashells(mode=stroll)", 2),
    ("seashells(mode=stroll)", 4),
    ("seashells(mode=stroll)", 5),
    ("seaside", 1),
    ("seaside", 2),
    ("seaside", 3),
    ("seaside", 4),
    ("seaside", 5),
    ("seaside(removed=35)", 2),
    ("seaside(removed=69)", 4),
    ("shell-dash", 1),
    ("shell-dash", 2),
    ("shell-dash(reshuffle=empty)", 1),
    ("shell-dash(reshuffle=empty)", 2),
    ("shell-dash(reshuffle=choice,max_turns=8)", 2),
    (
        "shell-dash(deck=Sand:6,Sun:30,Shell:6,Wave:2,max_turns=50)",
        2,
    ),
    ("shell-dash(deck=Flip-Flop:4,Jellyfish:3,Shell:3,Wave:2)", 2),
];

/// The step loop, as the golden fingerprints play it.
fn step_loop<G: Game>(game: &G, state: &mut G::State, rng: &mut rng::GameRng) -> u32 {
    let mut plies = 0;
    while game.to_move(state).is_some() {
        let action = game.random_action(state, rng);
        game.play_unchecked(state, action);
        plies += 1;
    }
    plies
}

fn agree<G: Game>(game: &G, spec: &str, players: usize) {
    for i in 0..GAMES {
        let mut a = rng_from_seed(rng::deal_seed(11, i));
        let mut b = a.clone();
        let mut sa = game.new_game(&mut a);
        let mut sb = game.new_game(&mut b);
        // Also from positions part-way through (MCTS rollouts start there).
        for _ in 0..(i % 7) {
            if game.to_move(&sa).is_none() {
                break;
            }
            let action = game.random_action(&sa, &mut a);
            game.play_unchecked(&mut sa, action);
            game.play_unchecked(&mut sb, action);
            b = a.clone();
        }
        let pa = step_loop(game, &mut sa, &mut a);
        let pb = game.random_playout(&mut sb, &mut b);
        assert_eq!((pa, &sa), (pb, &sb), "{spec} with {players}: game {i}");
        assert_eq!(
            a.next_u64(),
            b.next_u64(),
            "{spec} with {players}: game {i}"
        );
    }
}

#[test]
fn playout_hooks_play_the_step_loops_games() {
    for &(spec, players) in SPECS {
        let game = AnyGame::from_spec(spec, players).unwrap();
        with_game!(&game, |g| agree(g, spec, players));
    }
}

#[test]
fn seashells_portable_and_fast_paths_agree() {
    for players in 2..=5 {
        for scoring in [Scoring::Simple, Scoring::Advanced] {
            let game = Seashells::new(players, Mode::Board, scoring).unwrap();
            for i in 0..2_000 {
                let mut a = rng_from_seed(rng::deal_seed(5, i));
                let mut sa = game.new_game(&mut a);
                let (mut sb, mut b) = (sa, a.clone());
                let pa = game.random_playout_portable(&mut sa, &mut a);
                let pb = game.random_playout(&mut sb, &mut b);
                assert_eq!((pa, sa), (pb, sb), "{players} players, game {i}");
                assert_eq!(a.next_u64(), b.next_u64());
            }
        }
    }
}
