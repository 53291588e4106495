use super::*;
use crate::stats::equivalence::normal_quantile;
use crate::tournament::{Count, Part, RunSpec};

/// A plan of Seaside at 2 players (`removed` 0 and 20) and at 4 (the
/// baseline), `games` games each.
fn plan(games: u64) -> Plan {
    let part = |players: usize, removed: &str| {
        let run = RunSpec::new(
            "seaside",
            players,
            &["random".to_string()],
            Count::Games(games),
            1,
            true,
        )
        .unwrap();
        Part {
            values: vec![
                ("players".to_string(), players.to_string()),
                ("removed".to_string(), removed.to_string()),
            ],
            run,
        }
    };
    Plan {
        parts: vec![part(2, "0"), part(2, "20"), part(4, "0")],
    }
}

fn spec(margins: &str, seats: Option<Seats>) -> CompareSpec {
    let mut s = CompareSpec {
        baseline: vec![
            ("players".to_string(), "4".to_string()),
            ("removed".to_string(), "0".to_string()),
        ],
        seats,
        ..CompareSpec::default()
    };
    s.add_margins(margins).unwrap();
    s
}

#[test]
fn each_metric_resolves_the_half_width_of_its_90_percent_interval_at_fair_seats() {
    let p = plan(2000);
    let n: f64 = 2000.0;
    let got = planned_power(
        &p,
        &[],
        &spec(
            "seat_ratio=0.05:non-inferior,seat_gap=0.05,tie_rate=0.01",
            Some(Seats::First),
        ),
    )
    .unwrap();
    // Seat 0 alone: √(1/n + 3/n) at z(0.95).
    let seat = normal_quantile(0.95) * (1.0 / n + 3.0 / n).sqrt();
    // Ties: the worst case on both sides.
    let ties = normal_quantile(0.95) * (0.25 / n + 0.25 / n).sqrt();
    assert_eq!(got.len(), 2, "{got:?}");
    assert_eq!(got[0].metric, Metric::SeatRatio);
    assert_eq!(got[0].test, Test::NonInferior);
    assert_eq!(got[0].games, 2000);
    assert!(
        (got[0].resolvable - seat).abs() < 1e-12,
        "{}",
        got[0].resolvable
    );
    assert_eq!(got[1].metric, Metric::TieRate);
    assert!((got[1].resolvable - ties).abs() < 1e-12);
    // 0.0736 > 0.05: the warning says so; 0.0184 > 0.01 too.
    let w = got[0].warning().unwrap();
    assert!(w.starts_with("seat_ratio: the margin 0.05 is below the smallest difference 2000 games per cell can resolve (0.074)"), "{w}");
    assert!(got[1].warning().is_some());
    // The best and worst seats (no `seats`): 2 × 4 contrasts, and the gap
    // over half of 2 × 12 ordered pairs of pairs.
    let got = planned_power(&p, &[], &spec("seat_ratio=0.2,seat_gap=0.2", None)).unwrap();
    let extreme = normal_quantile(1.0 - 0.05 / 8.0) * (1.0 / n + 3.0 / n).sqrt();
    let gap = normal_quantile(1.0 - 0.05 / 12.0) * (1.0 / n + 0.5 / n).sqrt();
    let names: Vec<&str> = got.iter().map(|g| g.metric.name()).collect();
    assert_eq!(names, ["max_seat_ratio", "min_seat_ratio", "seat_gap"]);
    assert!((got[0].resolvable - extreme).abs() < 1e-12);
    assert!((got[2].resolvable - gap).abs() < 1e-12);
    assert!(got.iter().all(|g| g.warning().is_none()));
    // Four times the games halve it.
    let more = planned_power(&plan(8000), &[], &spec("seat_ratio=0.2,seat_gap=0.2", None)).unwrap();
    assert!((more[0].resolvable - extreme / 2.0).abs() < 1e-12);
}

#[test]
fn each_seat_and_a_list_correct_over_their_seats_and_superior_never_warns() {
    let p = plan(2000);
    let n: f64 = 2000.0;
    let each = planned_power(&p, &[], &spec("seat_ratio=0.01", Some(Seats::Each))).unwrap();
    let two = normal_quantile(1.0 - 0.05 / 2.0) * (4.0 / n).sqrt();
    assert!((each[0].resolvable - two).abs() < 1e-12);
    let list = planned_power(
        &p,
        &[],
        &spec("seat_ratio=0.01", Some(Seats::List(vec![0, 1, 3]))),
    )
    .unwrap();
    let three = normal_quantile(1.0 - 0.05 / 3.0) * (4.0 / n).sqrt();
    assert!((list[0].resolvable - three).abs() < 1e-12);
    let superior = planned_power(
        &p,
        &[],
        &spec("seat_ratio=0.01:superior", Some(Seats::First)),
    )
    .unwrap();
    assert_eq!(superior[0].warning(), None);
    // Length and skill: no spread before the games.
    assert!(
        planned_power(&p, &[], &spec("mean_turns=1,skill_elo=20", None))
            .unwrap()
            .is_empty()
    );
}

#[test]
fn only_the_decided_player_counts_are_planned() {
    let p = plan(2000);
    let spec = spec("seat_ratio=0.2", None);
    assert_eq!(planned_power(&p, &[3], &spec).unwrap(), []);
    assert_eq!(
        planned_power(&p, &[2], &spec).unwrap(),
        planned_power(&p, &[], &spec).unwrap()
    );
}
