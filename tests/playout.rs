//! The random playout hooks play the same games as the step loop: for every
//! configuration of the golden fingerprints (`tests/golden.rs`),
//! [`Game::random_playout`] (which a game may override with a faster loop,
//! e.g. Seashells' BMI2 path) ends in the same state, after the same number
//! of decisions and the same draws, as [`Game::random_action`] then
//! [`Game::play_unchecked`] until the end (the step loop,
//! [`play_to_end`]). Seashells' portable path (byte
//! tables) and its BMI2 path (`pdep`, on processors that have it) are
//! compared too, so both stay pinned whichever one this machine runs.
//!
//! Likewise the policy playout hook, [`Evaluate::policy_playout`] (Seaside
//! fuses it with its random playout's loop), plays the same games as
//! [`Evaluate::rollout_action`] then [`Game::play_unchecked`] until the
//! end, from dealt, part-played and determinized positions.

use beachcomber::Game;
use beachcomber::game::{Evaluate, play_to_end};
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
        let pa = play_to_end(game, &mut sa, &mut a, G::random_action);
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

/// `positions` positions of `game` (each a deal, then `i % 61` decisions,
/// random or the policy's by turns, and every third one determinized for
/// the seat to move, as a search's world): the policy's step loop and
/// [`Evaluate::policy_playout`] end in the same state, after the same
/// number of decisions, with the generator in the same state.
fn policy_agrees<G: Evaluate>(game: &G, spec: &str, players: usize, positions: u64) {
    for i in 0..positions {
        let mut a = rng_from_seed(rng::deal_seed(13, i));
        let mut s = game.new_game(&mut a);
        for k in 0..(i % 61) {
            if game.to_move(&s).is_none() {
                break;
            }
            let action = if k % 2 == 0 {
                game.random_action(&s, &mut a)
            } else {
                game.rollout_action(&s, &mut a)
            };
            game.play_unchecked(&mut s, action);
        }
        if i % 3 == 0
            && let Some(seat) = game.to_move(&s)
        {
            s = game.determinize(&s, seat, &mut a);
        }
        let (mut sa, mut sb) = (s.clone(), s);
        let mut b = a.clone();
        let pa = play_to_end(game, &mut sa, &mut a, G::rollout_action);
        let pb = game.policy_playout(&mut sb, &mut b);
        assert_eq!((pa, &sa), (pb, &sb), "{spec} with {players}: position {i}");
        assert_eq!(a.state(), b.state(), "{spec} with {players}: position {i}");
    }
}

#[test]
fn policy_playout_hooks_play_the_policy_loops_games() {
    for &(spec, players) in SPECS {
        let game = AnyGame::from_spec(spec, players).unwrap();
        with_game!(&game, |g| policy_agrees(g, spec, players, GAMES));
    }
}

#[test]
fn seasides_fused_policy_playout_plays_the_policy_loops_games() {
    for spec in ["seaside", "seaside(removed=0)"] {
        for players in 1..=5 {
            let game = AnyGame::from_spec(spec, players).unwrap();
            with_game!(&game, |g| policy_agrees(g, spec, players, 5_000));
        }
    }
}
