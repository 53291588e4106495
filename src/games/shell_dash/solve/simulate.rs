//! Monte Carlo checks of the solved policy through the engine: real solo
//! games, the model's games (each turn dealt afresh from the unseen cards)
//! and 2-player games against a uniformly random opponent.

use rayon::prelude::*;

use super::super::{Card, Phase, Position, ShellDash, ShellDashState};
use super::{Policy, SolvedPolicy, Values, model_pool};
use crate::game::Game;
use crate::rng::{GameRng, Rng, derive, rng_from_seed, shuffle};

/// Turns per game of a set of solo games.
#[derive(Clone, Debug, PartialEq)]
pub struct TurnsSummary {
    /// Games played.
    pub games: u64,
    /// Mean turns per game (a game lost at the cap counts the cap).
    pub mean: f64,
    /// Half-width of the 95% interval of the mean (1.96 standard errors).
    pub half_width: f64,
    /// Games that reached the cap without 3 Shells.
    pub capped: u64,
}

impl TurnsSummary {
    fn from_turns(turns: &[(u32, bool)]) -> TurnsSummary {
        let n = turns.len() as f64;
        let mean = turns.iter().map(|&(t, _)| t as f64).sum::<f64>() / n;
        let var = turns
            .iter()
            .map(|&(t, _)| (t as f64 - mean).powi(2))
            .sum::<f64>()
            / (n - 1.0).max(1.0);
        TurnsSummary {
            games: turns.len() as u64,
            mean,
            half_width: 1.96 * (var / n).sqrt(),
            capped: turns.iter().filter(|&&(_, capped)| capped).count() as u64,
        }
    }
}

/// Play the policy in `games` real solo games of `game` (game `g` dealt
/// from `derive(seed, g)`, on all cores; the result does not depend on
/// the number of threads).
pub fn solo_games<P: Policy>(game: &ShellDash, policy: &P, games: u64, seed: u64) -> TurnsSummary {
    let turns: Vec<(u32, bool)> = (0..games)
        .into_par_iter()
        .map(|g| {
            let mut rng = rng_from_seed(derive(seed, g));
            let mut s = game.new_game(&mut rng);
            while s.phase != Phase::Over {
                let action = policy.choose(game, &game.observation(&s, 0));
                game.play_unchecked(&mut s, action);
            }
            (s.turn, s.shells[0] < 3)
        })
        .collect();
    TurnsSummary::from_turns(&turns)
}

/// Turn starts a state needs in [`calibrate`] before its measured value
/// replaces the policy's.
pub const CALIBRATION_MIN_VISITS: u64 = 100;

/// One round of approximate policy iteration in the real game: play the
/// policy in `games` real solo games (as [`solo_games`]) and return its
/// values with every turn-start state (rows, Shells, Flip-Flops) visited
/// at least [`CALIBRATION_MIN_VISITS`] times replaced by the mean number
/// of turns the games took from there (that turn included). A policy
/// looking ahead with these values is the next round's.
pub fn calibrate(game: &ShellDash, policy: &SolvedPolicy, games: u64, seed: u64) -> Values {
    let values = policy.values();
    let n = values.len();
    let index = |s: &ShellDashState| -> Option<usize> {
        values
            .states()
            .position(|x| x == (s.rows, s.shells[0], s.flipflops[0]))
    };
    let (sums, counts) = (0..games)
        .into_par_iter()
        .map(|g| {
            let mut rng = rng_from_seed(derive(seed, g));
            let mut s = game.new_game(&mut rng);
            let mut starts: Vec<(usize, u32)> = Vec::new();
            let mut turn = 0;
            while s.phase != Phase::Over {
                if s.turn != turn && s.phase == Phase::Flip {
                    turn = s.turn;
                    starts.extend(index(&s).map(|i| (i, turn)));
                }
                let action = policy.choose(game, &game.observation(&s, 0));
                game.play_unchecked(&mut s, action);
            }
            let mut sums = vec![0.0; n];
            let mut counts = vec![0u64; n];
            for (i, t) in starts {
                sums[i] += (s.turn - t + 1) as f64;
                counts[i] += 1;
            }
            (sums, counts)
        })
        .reduce(
            || (vec![0.0; n], vec![0u64; n]),
            |(mut a, mut b), (c, d)| {
                for i in 0..n {
                    a[i] += c[i];
                    b[i] += d[i];
                }
                (a, b)
            },
        );
    let mut next = values.clone();
    for (i, (rows, shells, held)) in values.states().enumerate() {
        if counts[i] >= CALIBRATION_MIN_VISITS {
            next.set(rows, shells, held, sums[i] / counts[i] as f64);
        }
    }
    next
}

/// Play the policy in `games` games of the model through the engine: every
/// turn starts from a position dealt afresh (board and deck shuffled from
/// every card the walker does not hold, the discard pile empty), is played
/// by the engine's rules, and ends at its discard. Its mean estimates the
/// solution's expected turns without the model's approximations of the
/// real game, so it checks the solver's walk against the engine.
pub fn model_games<P: Policy>(game: &ShellDash, policy: &P, games: u64, seed: u64) -> TurnsSummary {
    let turns: Vec<(u32, bool)> = (0..games)
        .into_par_iter()
        .map(|g| {
            let mut rng = rng_from_seed(derive(seed, g));
            let (mut rows, mut shells, mut held) = (3u8, 0u8, 0u16);
            let mut turns = 0u32;
            while shells < 3 && turns < game.max_turns() {
                turns += 1;
                let mut s = deal_turn(game, rows, shells, held, &mut rng);
                let start = s.turn;
                while s.phase != Phase::Over && s.phase != Phase::Shuffle && s.turn == start {
                    let action = policy.choose(game, &game.observation(&s, 0));
                    game.play_unchecked(&mut s, action);
                }
                rows = s.rows;
                shells = s.shells[0];
                held = s.flipflops[0];
            }
            (turns, shells < 3)
        })
        .collect();
    TurnsSummary::from_turns(&turns)
}

/// A turn's start in the model: every card not held shuffled, the first
/// `3 * rows` dealt to the board, the rest the deck.
fn deal_turn(
    game: &ShellDash,
    rows: u8,
    shells: u8,
    held: u16,
    rng: &mut GameRng,
) -> ShellDashState {
    let pool = model_pool(&game.deck_counts(), shells, held);
    let mut cards: Vec<Card> = Card::ALL
        .iter()
        .flat_map(|&c| std::iter::repeat_n(c, pool[c as usize] as usize))
        .collect();
    shuffle(&mut cards, rng);
    let places = rows as usize * 3;
    let position = Position {
        rows: cards[..places]
            .chunks(3)
            .map(|r| [Some(r[0]), Some(r[1]), Some(r[2])])
            .collect(),
        deck: cards[places..].to_vec(),
        discard: Vec::new(),
        shells: [shells, 0],
        flipflops: [held, 0],
        to_move: 0,
        turn: 1,
        chance_seed: rng.next_u64(),
    };
    match game.position(&position) {
        Ok(s) => s,
        // The solver only accepts decks that fill a 6-row board.
        Err(why) => panic!("the model's position is not valid: {why}"),
    }
}

/// Win shares of the policy against a uniformly random opponent in
/// 2-player games.
#[derive(Clone, Debug, PartialEq)]
pub struct DuelSummary {
    /// Games per seat order.
    pub games_per_order: u64,
    /// The policy's win share in seat 0 (shared wins count their share).
    pub share_first: f64,
    /// The policy's win share in seat 1.
    pub share_second: f64,
    /// The mean of both seat orders.
    pub share: f64,
    /// Half-width of the 95% interval of `share` (the two orders are
    /// independent games).
    pub half_width: f64,
}

impl DuelSummary {
    /// The Elo difference of a win share (400 log10(p / (1 - p))).
    pub fn elo(share: f64) -> f64 {
        400.0 * (share / (1.0 - share)).log10()
    }
}

/// Play the policy against a uniformly random opponent (the engine's
/// `random_action`, uniform over the legal actions like the `random` bot),
/// `games_per_order` 2-player games with the policy in seat 0 (deal `g`
/// from `derive(seed, g)`), and as many in seat 1 on other deals (deal
/// `games_per_order + g`), so that the two orders are independent.
pub fn duel_vs_random<P: Policy>(
    game: &ShellDash,
    policy: &P,
    games_per_order: u64,
    seed: u64,
) -> DuelSummary {
    let play = |seat: usize| -> Vec<f64> {
        let first = seat as u64 * games_per_order;
        (first..first + games_per_order)
            .into_par_iter()
            .map(|g| {
                let mut rng = rng_from_seed(derive(seed, g));
                let mut s = game.new_game(&mut rng);
                let mut moves = rng_from_seed(derive(seed ^ 0xD0E1, g));
                while let Some(mover) = game.to_move(&s) {
                    let action = if mover == seat {
                        policy.choose(game, &game.observation(&s, mover))
                    } else {
                        game.random_action(&s, &mut moves)
                    };
                    game.play_unchecked(&mut s, action);
                }
                game.outcome(&s).win_share(seat)
            })
            .collect()
    };
    let first = play(0);
    let second = play(1);
    let n = games_per_order as f64;
    let mean = |v: &[f64]| v.iter().sum::<f64>() / n;
    let var =
        |v: &[f64], m: f64| v.iter().map(|x| (x - m).powi(2)).sum::<f64>() / (n - 1.0).max(1.0);
    let (m1, m2) = (mean(&first), mean(&second));
    let se = ((var(&first, m1) + var(&second, m2)) / n).sqrt() / 2.0;
    DuelSummary {
        games_per_order,
        share_first: m1,
        share_second: m2,
        share: (m1 + m2) / 2.0,
        half_width: 1.96 * se,
    }
}
