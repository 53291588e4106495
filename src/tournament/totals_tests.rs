//! Unit tests of [`Totals`](super::Totals): exact sums, merges of any split, intervals.

use super::*;
use crate::game::{Outcome, SeatSet};
use crate::stats::bradley_terry::{FitConfig, fit};
use crate::tournament::Count;

/// Bot `a` against two copies of `b` at 3 players, rotated.
pub(crate) fn three_player_spec(deals: u64) -> RunSpec {
    let lineup = ["a".to_string(), "b".to_string(), "b".to_string()];
    let mut spec = RunSpec::new("pebbles", 3, &lineup, Count::Deals(deals), 1, true).unwrap();
    spec.pairwise = true;
    spec
}

/// Game `rotation` of `deal` of [`three_player_spec`]: scores, winners,
/// length in decisions and the game's own value.
fn game(deal: u64, rotation: u64, scores: [i32; 3], winners: &[usize], plies: u32) -> GameResult {
    let mut w = SeatSet::EMPTY;
    for &x in winners {
        w.insert(x);
    }
    GameResult {
        index: deal * 3 + rotation,
        part: 0,
        deal,
        lineup: 0,
        rotation,
        seed: 0,
        // The bot listed first sits in seat `rotation`.
        seat_bots: (0..3)
            .map(|s| usize::from(s != rotation as usize))
            .collect(),
        outcome: Outcome {
            scores: scores.into_iter().collect(),
            winners: w,
        },
        plies,
        turns: plies / 2,
        extras: vec![i64::from(plies % 2)],
        record_line: None,
        forfeit: None,
    }
}

/// Two hand-made deals of three rotations each.
pub(crate) fn hand_made_games() -> Vec<GameResult> {
    vec![
        // Deal 0: a wins alone; a shares the win with seat 0; a ties
        // seat 1 for second place.
        game(0, 0, [5, 3, 1], &[0], 10),
        game(0, 1, [4, 4, 2], &[0, 1], 13),
        game(0, 2, [6, 2, 2], &[0], 8),
        // Deal 1: a last; a wins; everyone shares the win.
        game(1, 0, [1, 5, 3], &[1], 9),
        game(1, 1, [2, 7, 1], &[1], 12),
        game(1, 2, [3, 3, 3], &[0, 1, 2], 11),
    ]
}

pub(crate) fn hand_made_totals() -> Totals {
    let spec = three_player_spec(2);
    let mut totals = Totals::new(&spec);
    for g in hand_made_games() {
        totals.add(&g);
    }
    totals
}

/// The cluster-robust (CR1) half-width of the mean of `deals` (each the
/// list of its observations), computed directly.
fn direct_half_width(deals: &[Vec<f64>]) -> f64 {
    let n: usize = deals.iter().map(Vec::len).sum();
    let mean = deals.iter().flatten().sum::<f64>() / n as f64;
    let g = deals.len() as f64;
    let squares: f64 = deals
        .iter()
        .map(|d| d.iter().map(|x| x - mean).sum::<f64>().powi(2))
        .sum();
    Z95 * (g / (g - 1.0) * squares).sqrt() / n as f64
}

#[test]
fn cluster_robust_half_widths_are_those_of_a_direct_computation() {
    let t = hand_made_totals();
    let close = |a: f64, b: f64| assert!((a - b).abs() < 1e-12, "{a} {b}");
    // Seat 0's scores, deal by deal.
    let (mean, half) = t.seats[0].score();
    close(mean, 21.0 / 6.0);
    close(
        half,
        direct_half_width(&[vec![5.0, 4.0, 6.0], vec![1.0, 2.0, 3.0]]),
    );
    // Bot b's scores: six seat-games per deal.
    let (mean, half) = t.bots[1].score();
    close(mean, 35.0 / 12.0);
    close(
        half,
        direct_half_width(&[
            vec![3.0, 1.0, 4.0, 2.0, 6.0, 2.0],
            vec![5.0, 3.0, 2.0, 1.0, 3.0, 3.0],
        ]),
    );
    // Bot a's win share: 1, 1/2, 0 and 0, 1, 1/3.
    let (share, low, high) = t.bots[0].win_share();
    let shares = [vec![1.0, 0.5, 0.0], vec![0.0, 1.0, 1.0 / 3.0]];
    close(share, (1.5 + 4.0 / 3.0) / 6.0);
    let h = direct_half_width(&shares);
    close(low, share - h);
    close(high, share + h);
    // Lengths, and the game's own value (a share of games).
    close(
        t.plies_ci95(),
        direct_half_width(&[vec![10.0, 13.0, 8.0], vec![9.0, 12.0, 11.0]]),
    );
    let (odd, low, _) = t.extra_share(0).unwrap();
    close(odd, 3.0 / 6.0);
    close(
        odd - low,
        direct_half_width(&[vec![0.0, 1.0, 0.0], vec![1.0, 0.0, 1.0]]),
    );
    // One tie in each deal: no spread between deals.
    assert_eq!(t.tie_interval(), (2.0 / 6.0, 2.0 / 6.0, 2.0 / 6.0));
    assert!(t.by_deal.open.is_empty());
}

#[test]
fn independent_games_keep_wilson_and_the_usual_interval() {
    // One game per deal (a mirror lineup): nothing is clustered.
    let lineup = ["a".to_string(), "a".to_string()];
    let spec = RunSpec::new("pebbles", 2, &lineup, Count::Deals(3), 1, true).unwrap();
    let mut t = Totals::new(&spec);
    for (deal, (scores, winner)) in [([3, 1], 0), ([0, 2], 1), ([4, 2], 0)]
        .into_iter()
        .enumerate()
    {
        let mut w = SeatSet::EMPTY;
        w.insert(winner);
        t.add(&GameResult {
            index: deal as u64,
            part: 0,
            deal: deal as u64,
            lineup: 0,
            rotation: 0,
            seed: 0,
            seat_bots: vec![0, 0],
            outcome: Outcome {
                scores: scores.into_iter().collect(),
                winners: w,
            },
            plies: 4,
            turns: 2,
            extras: vec![],
            record_line: None,
            forfeit: None,
        });
    }
    let (share, low, high) = t.seats[0].win_share();
    assert_eq!((low, high), wilson(2.0, 3.0, Z95));
    assert_eq!(share, 2.0 / 3.0);
    assert_eq!(t.seats[0].score(), mean_ci95_from_sums(3, 7, 9 + 16));
    // The bot holds both seats: its seat-games come two per game.
    assert!(t.bots[0].wins_by_deal.clustered());
}

#[test]
fn sums_per_deal_merge_from_any_split() {
    let games = hand_made_games();
    let whole = hand_made_totals();
    for cut in 0..=games.len() {
        let spec = three_player_spec(2);
        let (mut first, mut second) = (Totals::new(&spec), Totals::new(&spec));
        games[..cut].iter().for_each(|g| first.add(g));
        games[cut..].iter().for_each(|g| second.add(g));
        let mut merged = second.clone();
        merged.merge(&first);
        assert_eq!(merged, whole, "cut at {cut}");
        let mut checked = first.clone();
        checked.try_merge(&second).unwrap();
        assert_eq!(checked, whole, "cut at {cut}");
    }
}

#[test]
fn the_sequential_score_is_pairwise() {
    let t = hand_made_totals();
    let p = t.paired.as_ref().unwrap();
    // Against each copy of b: 2+2, 1+2, 0+1 half points in deal 0;
    // 0+0, 2+2, 1+1 in deal 1; of 2 × 2 × 3 = 12 at most.
    let mut want = vec![0; 13];
    want[8] = 1;
    want[6] = 1;
    assert_eq!(p.levels, want);
    let counts = p.score_counts();
    assert_eq!(counts.mean(), Some(14.0 / 24.0));
    let (score, half) = p.pairwise_score().unwrap();
    assert!((score - 7.0 / 12.0).abs() < 1e-15);
    // Deal scores 8/12 and 6/12: sd 1/(6 √2), se 1/12.
    assert!((half - Z95 / 12.0).abs() < 1e-15, "{half}");
    // Five pairwise wins, four ties and three losses: 7 points of 12,
    // with one virtual draw 7.5 to 5.5.
    let (elo, low, high) = p.skill_elo().unwrap();
    let want_elo = 400.0 * (7.5f64 / 5.5).log10();
    assert!((elo - want_elo).abs() < 1e-12, "{elo}");
    let q = 7.5 / 13.0;
    let spread = 400.0 / std::f64::consts::LN_10 * (Z95 / 12.0) / (q * (1.0 - q));
    assert!((low - (want_elo - spread)).abs() < 1e-9, "{low}");
    assert!((high - (want_elo + spread)).abs() < 1e-9, "{high}");
    // The Bradley-Terry fit of the same pairwise results, with its
    // default prior of one virtual draw: the same Elo.
    let pairs = t.pairs.as_ref().unwrap().per_deal();
    let rated = fit(2, &pairs, &FitConfig::default()).unwrap();
    assert!((rated.ratings[1] + elo).abs() < 1e-6, "{:?}", rated.ratings);
}
