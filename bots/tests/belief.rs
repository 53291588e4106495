//! Belief-weighted determinization (`bots/src/belief.rs`): the weighted
//! pool shifts the opponents' hidden cards towards what their holdings
//! suggest, and stays out of the way where the evaluation reads only public
//! things.

use beachcomber::game::Game;
use beachcomber::games::seashells::{Mode, Scoring, Seashells};
use beachcomber::games::seaside::{Seaside, TokenSet};
use beachcomber::rng::rng_from_seed;
use beachcomber_bots::belief::Belief;

/// In 2-player Seashells, seat 0 does not know which 2 of its 4 unseen
/// shape cards the opponent holds. Built so that only one of them matters:
/// the opponent leads the other three unseen shapes 3-0 (a card there
/// changes nothing), and shape `k` stands 1-1. In the opponent's eyes
/// (its evaluation), holding `k` wins the shape (+3 coins of margin);
/// without it the shape is tied, or lost if seat 0 holds `k` (a 2 in 4
/// chance to it): -1.5 on average. Uniformly the opponent holds `k` in half
/// the worlds; weighted with `beta = 1` per coin, in e^4.5 / (e^4.5 + 1) =
/// 98.9% of them (shape and colour cards are dealt independently and coins
/// add up by category, so the colours do not change that share).
#[test]
fn seashells_worlds_lean_towards_the_opponents_holdings() {
    let game = Seashells::new(2, Mode::Board, Scoring::Simple).unwrap();
    let mut rng = rng_from_seed(7);
    let mut state = game.new_game(&mut rng);
    let unseen: Vec<usize> = (0..7)
        .filter(|&k| state.shape_cards[0] >> k & 1 == 0 && k != (state.sun / 7) as usize)
        .collect();
    assert_eq!(unseen.len(), 4);
    let shape = unseen[0];
    let shell = |k: usize, colour: usize| 1u64 << (k * 7 + colour);
    for &j in &unseen[1..] {
        state.got[1] |= shell(j, 0) | shell(j, 1) | shell(j, 2);
    }
    state.got[0] |= shell(shape, 3);
    state.got[1] |= shell(shape, 4);
    let share = |beta: f64, rng: &mut beachcomber::GameRng| {
        let mut belief = Belief::new();
        let weighted = belief.refill(&game, &state, 0, beta, rng);
        let draws = 4000;
        let held = (0..draws)
            .filter(|_| belief.sample(rng).shape_cards[1] >> shape & 1 == 1)
            .count();
        (weighted, held as f64 / draws as f64)
    };
    let (weighted, uniform_share) = share(1e-12, &mut rng);
    assert!(!weighted, "a negligible beta weights every world alike");
    assert!((0.42..0.58).contains(&uniform_share), "{uniform_share}");
    let (weighted, share) = share(1.0, &mut rng);
    assert!(weighted);
    assert!(
        (0.98..0.995).contains(&share),
        "the opponent holds the card in {share} of the worlds"
    );
}

/// In Seaside every seat's evaluation reads only public things (tokens on
/// the seasides, Waves, the Sea), so every world weighs the same and the
/// pool is not used (every iteration deals a fresh world, bag order
/// included).
#[test]
fn seaside_worlds_all_weigh_the_same() {
    let game = Seaside::new(2, Some(35), TokenSet::standard()).unwrap();
    let mut rng = rng_from_seed(3);
    let mut state = game.new_game(&mut rng);
    let mut belief = Belief::new();
    for _ in 0..20 {
        if game.to_move(&state).is_none() {
            break;
        }
        let seat = game.to_move(&state).unwrap();
        assert!(!belief.refill(&game, &state, seat, 1.0, &mut rng));
        let a = game.random_action(&state, &mut rng);
        game.play_unchecked(&mut state, a);
    }
}
