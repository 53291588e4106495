//! Tests of the skill quantities (duels, Elo bounds, skill orders) and of
//! constraints tested against a baseline setting, on hand-built data with
//! known answers.

use super::*;
use crate::compare::SeatRow;
use crate::stats::equivalence::normal_quantile;
use crate::tournament::QUALITY_COUNT;

fn skill(strong: &str, weak: &str) -> Quantity {
    Quantity::Skill {
        strong: strong.to_string(),
        weak: weak.to_string(),
    }
}

#[test]
fn skill_quantities_read_and_print() {
    let q = Quantity::parse(" skill:greedy>random ").unwrap();
    assert_eq!(q, skill("greedy", "random"));
    assert_eq!(q.to_string(), "skill:greedy>random");
    assert_eq!(q.duel(), Some(("greedy", "random")));
    assert_eq!(q.range(3), Some(3.0));
    assert_eq!(Quantity::TieRate.duel(), None);
    let with_options = Quantity::parse("skill:ismcts(iterations=500)>greedy").unwrap();
    assert_eq!(with_options, skill("ismcts(iterations=500)", "greedy"));
    for bad in [
        "skill:greedy",
        "skill:greedy>greedy",
        "skill:>random",
        "skill:a>b>c",
    ] {
        assert!(
            matches!(Quantity::parse(bad), Err(GoalError::Malformed { .. })),
            "{bad} read"
        );
    }
}

#[test]
fn elo_gaps_are_skill_ratios_by_the_luce_model() {
    // 100 Elo at two players: g = 10^0.25, ratio 2g / (g + 1).
    let g = 10f64.powf(0.25);
    assert!((ratio_of_elo(100.0, 2) - 2.0 * g / (g + 1.0)).abs() < 1e-12);
    assert!((ratio_of_elo(100.0, 2) - 1.280_13).abs() < 1e-5);
    // No gap is no skill at any count; a gap at 4 players: 4g / (g + 3).
    for n in 2..=5 {
        assert!((ratio_of_elo(0.0, n) - 1.0).abs() < 1e-12);
        for elo in [-200.0, 25.0, 50.0, 400.0] {
            let r = ratio_of_elo(elo, n);
            assert!((elo_of_ratio(r, n) - elo).abs() < 1e-9, "{elo} at {n}");
        }
    }
    assert!((ratio_of_elo(100.0, 4) - 4.0 * g / (g + 3.0)).abs() < 1e-12);
    assert_eq!(elo_of_ratio(2.0, 2), f64::INFINITY);
}

#[test]
fn skill_bounds_in_elo_and_skill_orders_read() {
    let k = Constraint::parse("skill:greedy>random >= 100 elo", 2).unwrap();
    assert_eq!(k.quantity, skill("greedy", "random"));
    assert!(!k.at_most);
    assert_eq!(k.bound, Bound::Value(ratio_of_elo(100.0, 2)));
    assert_eq!(k.elo, Some(100.0));
    assert_eq!(k.to_string(), "skill:greedy>random >= 100 elo");
    let plain = Constraint::parse("skill:greedy>random >= 1.2", 2).unwrap();
    assert_eq!((plain.bound, plain.elo), (Bound::Value(1.2), None));
    let e = Constraint::parse("mean_turns >= 3 elo", 2).unwrap_err();
    assert_eq!(
        e.to_string(),
        "`mean_turns >= 3 elo`: only a skill quantity (skill:STRONG>WEAK) takes a bound in Elo"
    );
    // An order: one constraint per neighbouring pair, at the player count.
    let order = Constraint::parse_all("order:expert > greedy > random >= 50 elo", 3).unwrap();
    assert_eq!(order.len(), 2);
    assert_eq!(order[0].quantity, skill("expert", "greedy"));
    assert_eq!(order[1].quantity, skill("greedy", "random"));
    for k in &order {
        assert_eq!(k.bound, Bound::Value(ratio_of_elo(50.0, 3)));
    }
    assert_eq!(
        Constraint::parse_all("tie_rate <= 0.1", 2).unwrap(),
        [Constraint::parse("tie_rate <= 0.1", 2).unwrap()]
    );
    for bad in [
        "order:greedy >= 50 elo",
        "order:greedy>random",
        "order:a>>b >= 1 elo",
    ] {
        assert!(
            matches!(
                Constraint::parse_all(bad, 2),
                Err(GoalError::Malformed { .. })
            ),
            "{bad} read"
        );
    }
    // The duels of a goal: each once, in the quantities' order.
    let goal = Goal::new(
        vec![Objective::parse("skill:greedy>random max", 0.05).unwrap()],
        order,
        3,
        None,
    )
    .unwrap();
    assert_eq!(
        goal.duels(),
        [
            ("greedy".to_string(), "random".to_string()),
            ("expert".to_string(), "greedy".to_string())
        ]
    );
}

/// One seat's row of game `game` (rotation `rotation`) of deal 0.
fn row(game: u64, rotation: u64, seat: usize, win_share: f64) -> SeatRow {
    SeatRow {
        part: 0,
        game,
        deal: 0,
        seed: 7,
        rotation,
        seat,
        win_share,
        won: win_share > 0.0,
        turns: 10.0,
        quality: [0.0; QUALITY_COUNT],
    }
}

#[test]
fn a_duels_deal_value_is_the_first_bots_share_through_the_rotations() {
    let q = [skill("greedy", "random"), Quantity::SeatRatio(0)];
    // Rotation 0: the first bot sits in seat 0; rotation 1: in seat 1.
    // It wins both games: a ratio of 2 (seat 0 won one of two: 1).
    let both = [
        row(0, 0, 0, 1.0),
        row(0, 0, 1, 0.0),
        row(1, 1, 0, 0.0),
        row(1, 1, 1, 1.0),
    ];
    assert_eq!(deal_values(&both, 2, &q), [2.0, 1.0]);
    // It wins in seat 0 and loses in seat 1 (seat 0 wins both): 1.
    let seat = [
        row(0, 0, 0, 1.0),
        row(0, 0, 1, 0.0),
        row(1, 1, 0, 1.0),
        row(1, 1, 1, 0.0),
    ];
    assert_eq!(deal_values(&seat, 2, &q), [1.0, 2.0]);
    // Three players, rotation 2: the first bot sits in seat 2; a shared
    // win of half.
    let three = [row(0, 2, 0, 0.5), row(0, 2, 1, 0.0), row(0, 2, 2, 0.5)];
    assert_eq!(deal_values(&three, 3, &q), [1.5, 1.5]);
}

#[test]
fn constraints_against_the_baseline_read_and_need_one() {
    let k = Constraint::parse("seat_ratio:0 near 1 <= baseline + 0.02", 2).unwrap();
    assert_eq!(
        (&k.quantity, k.near, k.at_most, k.bound),
        (
            &Quantity::SeatRatio(0),
            Some(1.0),
            true,
            Bound::Baseline(0.02)
        )
    );
    assert!(k.needs_baseline());
    assert_eq!(k.to_string(), "seat_ratio:0 near 1 <= baseline + 0.02");
    let k2 = Constraint::parse("mean_turns >= baseline - 3", 2).unwrap();
    assert_eq!(k2.bound, Bound::Baseline(-3.0));
    assert_eq!(k2.to_string(), "mean_turns >= baseline - 3");
    assert_eq!(
        Constraint::parse("tie_rate <= baseline", 2).unwrap().bound,
        Bound::Baseline(0.0)
    );
    assert!(matches!(
        Constraint::parse("tie_rate <= baseline * 2", 2),
        Err(GoalError::Malformed { .. })
    ));
    // The distance and its interval.
    assert_eq!(k.value(1.3), 0.30000000000000004);
    assert_eq!(k.value_interval(0.9, 1.2), (0.0, 0.19999999999999996));
    assert_eq!(
        k.value_interval(1.1, 1.2),
        (0.10000000000000009, 0.19999999999999996)
    );
    let objective = || vec![Objective::parse("mean_turns min", 1.0).unwrap()];
    let e = Goal::new(objective(), vec![k.clone()], 2, None).unwrap_err();
    assert_eq!(
        e.to_string(),
        "`seat_ratio:0 near 1 <= baseline + 0.02` is tested against the baseline: give the \
         baseline setting (--baseline 'KEY=VALUE,...' or `baseline` in [criterion.search])"
    );
    assert!(Goal::new(objective(), vec![k.clone()], 2, Some(4)).is_ok());
    // A seat the baseline does not have.
    let seat2 = Constraint::parse("seat_ratio:2 <= baseline", 3).unwrap();
    assert_eq!(
        Goal::new(objective(), vec![seat2], 3, Some(2)).unwrap_err(),
        GoalError::NoSuchSeat {
            seat: 2,
            players: 2
        }
    );
}

/// `n` deals of values `[seat ratio, turns]`: the ratio 1 ± 0.1 and the
/// turns `turns ± 1`, alternating.
fn deals(n: usize, turns: f64) -> RoundValues {
    (0..n)
        .map(|i| {
            let s = if i % 2 == 0 { 1.0 } else { -1.0 };
            vec![1.0 + s * 0.1, turns + s]
        })
        .collect()
}

#[test]
fn the_baseline_bounds_a_constraint_by_its_own_interval() {
    let budget = Budget {
        alpha: 0.05,
        candidates: 4,
        rounds: 2,
        spending: Default::default(),
    };
    let goal = Goal::new(
        vec![Objective::parse("seat_ratio:0 near 1", 0.1).unwrap()],
        vec![Constraint::parse("mean_turns near 30 <= baseline + 0.5", 2).unwrap()],
        2,
        Some(4),
    )
    .unwrap();
    let mut race = Race::new(goal, budget);
    // The baseline is one more setting of the single intervals' family:
    // alpha / 2 / ((K + 1) R Q).
    let single = 0.05 / 2.0 / (5 * 2 * 2) as f64;
    let z = normal_quantile(1.0 - single / 2.0);
    assert!((race.quantiles().0 - z).abs() < 1e-12);
    for c in 0..3 {
        race.add(Point(vec![c]), 0);
    }
    // Before the baseline has played, its bound is unknown: nothing fails
    // and nothing is certified.
    race.record_round(&[(0, deals(400, 30.0)), (1, deals(400, 33.0))]);
    assert_eq!(race.failed_constraint(1), None);
    assert!(!race.certified_feasible(0));
    // The baseline's game is 1 turn from 30, so the bound is 1.5 turns
    // from 30: candidate 0 is 0 from it, 1 is 3 from it, 2 is 1.5 from it
    // (the bound's edge: neither certified nor failed).
    race.record_baseline(&deals(400, 31.0));
    race.record_round(&[(2, deals(400, 31.5))]);
    // The standard error of ±1 over 400 deals: sqrt(400/399) / 20.
    let half = z * (400.0f64 / 399.0).sqrt() / 20.0;
    let bound = race.bound_interval(0);
    assert!((bound.estimate - 1.5).abs() < 1e-9);
    assert!((bound.low - (1.5 - half)).abs() < 1e-9);
    assert!((bound.high - (1.5 + half)).abs() < 1e-9);
    let value = race.constrained_interval(0, 0);
    assert!(value.low == 0.0 && (value.high - half).abs() < 1e-9);
    assert!(race.certified_feasible(0));
    assert_eq!(race.failed_constraint(0), None);
    assert_eq!(race.failed_constraint(1), Some(0));
    assert!(!race.certified_feasible(2));
    assert_eq!(race.failed_constraint(2), None);
    assert!(race.feasible_by_estimates(0) && !race.feasible_by_estimates(1));
    let left = race.decide(0);
    assert_eq!(left, [1]);
    assert_eq!(race.candidates[1].exit, Some((0, Exit::Constraint(0))));
}

#[test]
fn a_search_counts_the_baselines_games_and_pays_for_them() {
    let space = Space::new(
        vec![crate::sweep::Vary {
            key: "k".to_string(),
            values: (0..4).map(|v| v.to_string()).collect(),
        }],
        &[],
    )
    .unwrap();
    let goal = Goal::new(
        vec![Objective::parse("seat_ratio:0 near 1", 0.1).unwrap()],
        vec![Constraint::parse("mean_turns <= baseline + 5", 2).unwrap()],
        2,
        Some(2),
    )
    .unwrap();
    let settings = Settings {
        budget: Budget {
            alpha: 0.05,
            candidates: 4,
            rounds: 3,
            spending: Default::default(),
        },
        first_deals: 10,
        max_games: 250,
        games_per_deal: 2,
        baseline_games_per_deal: 5,
        initial: 4,
        proposals: 0,
        exploration: 0.5,
        seed: 3,
    };
    let mut search = Search::new(space, goal, settings).unwrap();
    // A deal costs 4 candidates x 2 games and the baseline's 5: 13 games.
    let round = search.next_round().unwrap();
    assert_eq!((round.candidates.len(), round.deals), (4, 10));
    search.add_baseline(&deals(10, 30.0));
    let values = round
        .candidates
        .iter()
        .map(|&c| (c, deals(10, 30.0)))
        .collect();
    search.finish_round(&round, values);
    assert_eq!(search.games, 130);
    assert_eq!(search.history[0].games, 130);
    // 120 games left pay for 9 deals of 13 games, not the 20 wanted.
    let round = search.next_round().unwrap();
    assert_eq!(round.deals, 9);
}
