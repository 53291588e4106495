//! Tests of `compare.csv`: baselines matched or refused, margins, paired
//! and unpaired differences against a direct computation, and each
//! verdict on constructed games.

use super::*;
use crate::tournament::{Count, Part, Plan, QUALITY_COUNT, RunSpec, Totals};

/// A plan of 2-player mirror matches of `random`, one part per `removed`
/// value (and `players` 2), `deals` deals each, all with seed 1.
fn plan(removed: &[&str], deals: u64) -> Plan {
    let parts = removed
        .iter()
        .map(|r| {
            let run = RunSpec::new(
                "seaside",
                2,
                &["random".to_string()],
                Count::Deals(deals),
                1,
                true,
            )
            .unwrap();
            Part {
                values: vec![
                    ("removed".to_string(), r.to_string()),
                    ("players".to_string(), "2".to_string()),
                    ("lineup".to_string(), "random".to_string()),
                ],
                run,
            }
        })
        .collect();
    Plan { parts }
}

/// Games of one part: per deal, `(seat 0 wins, turns)` of its one game
/// (seat 1 wins otherwise); seeds `seed0 + deal`.
fn rows(part: usize, games: &[(bool, f64)], seed0: u64) -> Vec<SeatRow> {
    let mut out = Vec::new();
    for (d, &(first, turns)) in games.iter().enumerate() {
        for seat in 0..2 {
            let won = (seat == 0) == first;
            out.push(SeatRow {
                part,
                game: d as u64,
                deal: d as u64,
                seed: seed0 + d as u64,
                rotation: 0,
                seat,
                win_share: if won { 1.0 } else { 0.0 },
                won,
                turns,
                quality: [0.0; QUALITY_COUNT],
            });
        }
    }
    out
}

/// The files of a comparison of `plan` with the games `all` (both passes).
fn compare_files(plan: &Plan, spec: &CompareSpec, all: &[SeatRow]) -> CompareFiles {
    let mut c = Comparer::new(plan, spec).unwrap();
    for r in all {
        c.add_baseline(r);
    }
    for r in all {
        c.add(r);
    }
    let totals: Vec<Totals> = plan.parts.iter().map(|p| Totals::new(&p.run)).collect();
    c.finish_files(plan, &totals)
}

/// `compare.csv` of `plan` with the games `all`, as rows.
fn compare_csv(plan: &Plan, spec: &CompareSpec, all: &[SeatRow]) -> Vec<Vec<String>> {
    let text = compare_files(plan, spec, all).compare;
    let mut lines = text.lines();
    assert_eq!(
        lines.next().unwrap(),
        format!("removed,players,lineup,{COMPARE_COLUMNS}")
    );
    lines
        .map(|l| l.split(',').map(str::to_string).collect())
        .collect()
}

fn spec(baseline: &str, margins: &str) -> CompareSpec {
    let mut s = CompareSpec {
        baseline: parse_pairs(baseline).unwrap(),
        ..CompareSpec::default()
    };
    if !margins.is_empty() {
        s.add_margins(margins).unwrap();
    }
    s
}

/// The row of part `removed`, `seat`, `metric`.
fn row<'a>(rows: &'a [Vec<String>], removed: &str, seat: &str, metric: &str) -> &'a [String] {
    rows.iter()
        .find(|r| r[0] == removed && r[3] == seat && r[5] == metric)
        .unwrap_or_else(|| panic!("no row {removed} {seat} {metric}"))
}

#[test]
fn pairs_parse_with_a_lineups_commas_and_are_refused_when_malformed() {
    assert_eq!(
        parse_pairs("players=4, removed=0,lineup=greedy(worlds=8),random").unwrap(),
        vec![
            ("players".to_string(), "4".to_string()),
            ("removed".to_string(), "0".to_string()),
            ("lineup".to_string(), "greedy(worlds=8),random".to_string()),
        ]
    );
    assert_eq!(
        parse_pairs("lineup=\"a,b\"").unwrap(),
        vec![("lineup".to_string(), "a,b".to_string())]
    );
    for bad in ["players", "players=4,players=5", "=4", "players="] {
        assert!(parse_pairs(bad).is_err(), "{bad}");
    }
    // Split by the library's one splitter: unbalanced parentheses and an
    // unclosed quote are refused, not read as one long value.
    for (bad, why) in [
        ("lineup=greedy(worlds=8,random", "unbalanced `(`"),
        ("lineup=greedy),random", "unbalanced `)`"),
        ("lineup=\"a,b", "unclosed `\"`"),
    ] {
        assert_eq!(
            parse_pairs(bad).unwrap_err(),
            CompareError::Malformed {
                text: bad.to_string(),
                why: why.to_string()
            },
            "{bad}"
        );
    }
}

#[test]
fn margins_are_checked_and_seat_ratio_holds_for_the_extremes() {
    let s = spec("players=2", "seat_ratio=0.05,mean_turns=3");
    assert_eq!(s.margin(Metric::SeatRatio), Some(0.05));
    assert_eq!(s.margin(Metric::MaxSeatRatio), Some(0.05));
    assert_eq!(s.margin(Metric::MeanTurns), Some(3.0));
    assert_eq!(s.margin(Metric::SkillElo), None);
    let s = spec("players=2", "seat_ratio=0.05,max_seat_ratio=0.1");
    assert_eq!(s.margin(Metric::MaxSeatRatio), Some(0.1));
    assert_eq!(s.margins_text(), "seat_ratio=0.05,max_seat_ratio=0.1");
    let mut s = CompareSpec::default();
    assert_eq!(
        s.add_margin("length", "3"),
        Err(CompareError::UnknownMetric("length".to_string()))
    );
    assert!(matches!(
        s.add_margin("seat_ratio", "-1"),
        Err(CompareError::BadMargin { .. })
    ));
    assert!(s.add_margin("seat_ratio", "x").is_err());
}

#[test]
fn a_baseline_holds_the_columns_it_leaves_out_and_matching_nothing_is_refused() {
    let p = plan(&["0", "10"], 3);
    assert_eq!(
        baseline_parts(&p, &parse_pairs("removed=10").unwrap()),
        Ok(vec![1, 1])
    );
    // Numbers match as numbers.
    assert_eq!(
        baseline_parts(&p, &parse_pairs("removed=10.0,players=2").unwrap()),
        Ok(vec![1, 1])
    );
    let err = baseline_parts(&p, &parse_pairs("removed=5").unwrap()).unwrap_err();
    assert!(matches!(err, CompareError::NoMatch { .. }), "{err}");
    assert!(err.to_string().contains("matches no combination"), "{err}");
    // A baseline that leaves `removed` out holds it at each part's own:
    // every part is its own baseline here.
    assert_eq!(
        baseline_parts(&p, &parse_pairs("players=2").unwrap()),
        Ok(vec![0, 1])
    );
    let err = baseline_parts(&p, &parse_pairs("colour=red").unwrap()).unwrap_err();
    assert!(
        err.to_string().contains("removed, players, lineup"),
        "{err}"
    );
    // With the lineup named, another lineup is not matched.
    let err = baseline_parts(&p, &parse_pairs("removed=0,lineup=greedy").unwrap()).unwrap_err();
    assert_eq!(
        err,
        CompareError::NoMatch {
            baseline: "removed=0,lineup=greedy".to_string(),
            held: Some("players=2".to_string())
        }
    );
    assert!(
        err.to_string()
            .contains("with players=2 (the columns a baseline leaves out are held"),
        "{err}"
    );
}

/// Paired differences are the mean and standard error of the per-deal
/// differences, computed here directly.
#[test]
fn paired_differences_are_those_of_a_direct_per_deal_computation() {
    let p = plan(&["0", "10"], 6);
    let base = [true, false, true, true, false, true];
    let other = [true, true, true, false, true, true];
    let turns_b = [30.0, 32.0, 31.0, 35.0, 30.0, 33.0];
    let turns_o = [28.0, 30.0, 30.0, 31.0, 29.0, 30.0];
    let mut all = rows(
        0,
        &base.iter().copied().zip(turns_b).collect::<Vec<_>>(),
        100,
    );
    all.extend(rows(
        1,
        &other.iter().copied().zip(turns_o).collect::<Vec<_>>(),
        100,
    ));
    let rows = compare_csv(&p, &spec("removed=0", ""), &all);
    // Seat 0's ratio: 2 × win share; per-deal differences of 2 × (won).
    let d: Vec<f64> = base
        .iter()
        .zip(&other)
        .map(|(&b, &o)| 2.0 * (f64::from(u8::from(o)) - f64::from(u8::from(b))))
        .collect();
    let n = d.len() as f64;
    let mean = d.iter().sum::<f64>() / n;
    let sd = (d.iter().map(|x| (x - mean).powi(2)).sum::<f64>() / (n - 1.0)).sqrt();
    let half = crate::stats::Z95 * sd / n.sqrt();
    let r = row(&rows, "10", "0", "seat_ratio");
    assert_eq!(r[6], format!("{:.4}", 2.0 * 5.0 / 6.0));
    assert_eq!(r[7], format!("{:.4}", 2.0 * 4.0 / 6.0));
    assert_eq!(r[8], format!("{mean:.4}"));
    assert_eq!(r[9], format!("{:.4}", mean - half));
    assert_eq!(r[10], format!("{:.4}", mean + half));
    assert_eq!(r[11], "true");
    assert_eq!(r[12], "");
    assert_eq!(r[13], "none");
    // Length: the per-deal differences of turns.
    let d: Vec<f64> = turns_o.iter().zip(&turns_b).map(|(o, b)| o - b).collect();
    let mean = d.iter().sum::<f64>() / n;
    let sd = (d.iter().map(|x| (x - mean).powi(2)).sum::<f64>() / (n - 1.0)).sqrt();
    let half = crate::stats::Z95 * sd / n.sqrt();
    let r = row(&rows, "10", "all", "mean_turns");
    assert_eq!(r[8], format!("{mean:.3}"));
    assert_eq!(r[9], format!("{:.3}", mean - half));
    assert_eq!(r[10], format!("{:.3}", mean + half));
    // The baseline against itself: no difference, paired.
    let r = row(&rows, "0", "1", "seat_ratio");
    assert_eq!(&r[8..12], ["0.0000", "0.0000", "0.0000", "true"]);
}

/// Other seeds: unpaired, the two standard errors combined.
#[test]
fn deals_of_other_seeds_are_compared_unpaired() {
    let p = plan(&["0", "10"], 4);
    let turns_b = [30.0, 34.0, 30.0, 34.0];
    let turns_o = [20.0, 22.0, 20.0, 22.0];
    let mut all = rows(
        0,
        &[true; 4].into_iter().zip(turns_b).collect::<Vec<_>>(),
        100,
    );
    all.extend(rows(
        1,
        &[true; 4].into_iter().zip(turns_o).collect::<Vec<_>>(),
        200,
    ));
    let rows = compare_csv(&p, &spec("removed=0", ""), &all);
    let r = row(&rows, "10", "all", "mean_turns");
    assert_eq!(r[11], "false");
    // se² = 4/3 · Σ(x − m)²/N² per side: 4/3 · 16/16 = 4/3 and 4/3 · 4/16 = 1/3.
    let se = (4.0f64 / 3.0 + 1.0 / 3.0).sqrt();
    assert_eq!(r[8], "-11.000");
    assert_eq!(r[9], format!("{:.3}", -11.0 - crate::stats::Z95 * se));
}

/// Each verdict from games built for it: 40 deals of the baseline
/// (lengths 30 ± 1) against settings whose length moves by 0, 1.5, 10 or
/// −10 turns, and seat 0 winning half or all the time.
#[test]
fn each_verdict_on_constructed_games() {
    let p = plan(&["0", "1", "2", "3"], 40);
    // Game i of a setting: seat 0 wins every other game (every game with
    // `first`); the length is 30 + shift ± 1, the sign by `phase`.
    let game = |i: usize, shift: f64, first: bool, phase: usize| {
        let noise = if (i + phase) % 4 < 2 { 1.0 } else { -1.0 };
        (first || i.is_multiple_of(2), 30.0 + shift + noise)
    };
    let mut all = Vec::new();
    for (part, shift, first, phase) in [
        (0, 0.0, false, 0),
        (1, 1.5, false, 1),
        (2, 10.0, true, 0),
        (3, -10.0, false, 0),
    ] {
        let games: Vec<(bool, f64)> = (0..40).map(|i| game(i, shift, first, phase)).collect();
        all.extend(rows(part, &games, 7));
    }
    // Lengths: turns with margin 3 (no direction); seat ratios with margin 0.2.
    let rows = compare_csv(&p, &spec("removed=0", "mean_turns=3,seat_ratio=0.2"), &all);
    let verdict =
        |removed: &str, seat: &str, metric: &str| row(&rows, removed, seat, metric)[13].clone();
    assert_eq!(verdict("0", "all", "mean_turns"), "equivalent");
    assert_eq!(verdict("2", "all", "mean_turns"), "differs");
    assert_eq!(verdict("3", "all", "mean_turns"), "differs");
    // Seat 0 wins every game of removed=2: ratio 2 against 1: worse.
    assert_eq!(verdict("2", "0", "seat_ratio"), "worse");
    assert_eq!(verdict("2", "all", "max_seat_ratio"), "worse");
    assert_eq!(verdict("1", "0", "seat_ratio"), "equivalent");
    // The baseline compared with removed=2 as baseline: better.
    let rows2 = compare_csv(&p, &spec("removed=2", "seat_ratio=0.2,seat_gap=0.2"), &all);
    assert_eq!(row(&rows2, "0", "0", "seat_ratio")[13], "better");
    assert_eq!(row(&rows2, "0", "all", "seat_gap")[13], "better");
    assert_eq!(row(&rows2, "0", "all", "mean_turns")[13], "none");
    // A shift of 1.5 turns against a margin of 1.5: inconclusive.
    let rows3 = compare_csv(&p, &spec("removed=0", "mean_turns=1.5"), &all);
    assert_eq!(row(&rows3, "1", "all", "mean_turns")[13], "inconclusive");
}

/// `trends.csv` of `plan` with the games `all`, as rows.
fn trends_csv(plan: &Plan, spec: &CompareSpec, all: &[SeatRow]) -> Vec<Vec<String>> {
    let text = compare_files(plan, spec, all).trends.expect("a trend");
    let mut lines = text.lines();
    assert_eq!(
        lines.next().unwrap(),
        format!("removed,players,lineup,{}", trend::TREND_COLUMNS)
    );
    lines
        .map(|l| l.split(',').map(str::to_string).collect())
        .collect()
}

/// One game per deal: seat 0's ratio is 2 × its share of wins, with the
/// cluster-robust error of a mean of 0/2 values; the automatic trend on
/// `removed` is the weighted fit of those three points, computed here.
#[test]
fn the_automatic_trend_on_a_numeric_key_is_the_weighted_fit_of_each_combinations_value() {
    let p = plan(&["0", "10", "20"], 8);
    let wins: [&[bool]; 3] = [
        &[true, false, true, false, true, false, true, false],
        &[true, true, false, true, false, true, true, false],
        &[true, true, true, false, true, true, true, false],
    ];
    let mut all = Vec::new();
    let mut points = Vec::new();
    for (part, w) in wins.iter().enumerate() {
        let games: Vec<(bool, f64)> = w.iter().map(|&f| (f, 30.0 + part as f64)).collect();
        all.extend(rows(part, &games, 100));
        let x: Vec<f64> = w.iter().map(|&f| if f { 2.0 } else { 0.0 }).collect();
        let n = x.len() as f64;
        let m = x.iter().sum::<f64>() / n;
        let se = (n / (n - 1.0) * x.iter().map(|v| (v - m).powi(2)).sum::<f64>()).sqrt() / n;
        points.push((10.0 * part as f64, m, se));
    }
    let rows = trends_csv(&p, &spec("removed=0", ""), &all);
    let want = crate::stats::trend::fit_trend(&points, crate::stats::trend::Fit::Linear).unwrap();
    let r = rows
        .iter()
        .find(|r| r[3] == "0" && r[5] == "seat_ratio")
        .expect("seat 0's trend");
    assert_eq!(&r[..3], ["*", "2", "random"]);
    assert_eq!(&r[6..9], ["removed", "linear", "3"]);
    assert_eq!(r[9], format!("{:.6}", want.intercept));
    assert_eq!(r[10], format!("{:.6}", want.slope));
    assert_eq!(r[11], format!("{:.6}", want.slope_low95));
    assert_eq!(r[12], format!("{:.6}", want.slope_high95));
    // Seat 1 mirrors seat 0.
    let r1 = rows
        .iter()
        .find(|r| r[3] == "1" && r[5] == "seat_ratio")
        .unwrap();
    assert_eq!(r1[10], format!("{:.6}", -want.slope + 0.0));
    // Lengths never vary within a combination: no error, no line, a note.
    let len = rows.iter().find(|r| r[5] == "mean_turns").unwrap();
    assert_eq!(len[10], "");
    assert!(len[14].contains("no positive standard error"), "{len:?}");
    // Two combinations are too few for an automatic trend.
    let two: Vec<SeatRow> = all.iter().filter(|r| r.part < 2).copied().collect();
    let files = compare_files(&plan(&["0", "10"], 8), &spec("removed=0", ""), &two);
    assert_eq!(files.trends, None);
}

/// A trend on a metric (the length) pools the keys it names: here every
/// `removed`, one series per lineup, x the combination's mean length.
#[test]
fn a_trend_on_a_metric_pools_the_named_keys_and_fits_on_the_metrics_values() {
    let p = plan(&["0", "10", "20"], 4);
    let mut all = Vec::new();
    let mut points = Vec::new();
    for part in 0..3 {
        let turns = [20.0, 22.0, 30.0, 36.0][part] + 0.0;
        // Seat 0 wins the first `part + 1` of 4 deals.
        let games: Vec<(bool, f64)> = (0..4)
            .map(|d| (d <= part, turns + (d % 2) as f64))
            .collect();
        all.extend(rows(part, &games, 5));
        let x: Vec<f64> = games.iter().map(|g| if g.0 { 2.0 } else { 0.0 }).collect();
        let m = x.iter().sum::<f64>() / 4.0;
        let se = (4.0 / 3.0 * x.iter().map(|v| (v - m).powi(2)).sum::<f64>()).sqrt() / 4.0;
        points.push((turns + 0.5, m, se));
    }
    let mut s = spec("removed=0", "");
    s.add_trends("mean_turns:log:removed").unwrap();
    assert_eq!(s.trends_text(), "mean_turns:log:removed");
    let rows = trends_csv(&p, &s, &all);
    let want = crate::stats::trend::fit_trend(&points, crate::stats::trend::Fit::Log).unwrap();
    let r = rows
        .iter()
        .find(|r| r[6] == "mean_turns" && r[3] == "0" && r[5] == "seat_ratio")
        .expect("seat 0 against the length");
    assert_eq!(&r[7..9], ["log", "3"]);
    assert_eq!(r[10], format!("{:.6}", want.slope));
    // Every series pools the three combinations.
    assert!(rows.iter().all(|r| r[8] == "3"), "{rows:?}");
    // The length is not fitted on itself.
    assert!(
        !rows
            .iter()
            .any(|r| r[6] == "mean_turns" && r[5] == "mean_turns")
    );
}

#[test]
fn trends_parse_and_bad_ones_are_refused_against_the_plan() {
    use trend::{TrendSpec, TrendX};
    let t = TrendSpec::parse("mean_turns:log:deck.Shell+deck.Jellyfish").unwrap();
    assert_eq!(t.x, TrendX::Metric(Metric::MeanTurns));
    assert_eq!(t.over, ["deck.Shell", "deck.Jellyfish"]);
    assert_eq!(t.to_string(), "mean_turns:log:deck.Shell+deck.Jellyfish");
    assert_eq!(
        TrendSpec::parse("removed").unwrap().to_string(),
        "removed:linear"
    );
    for (bad, why) in [
        ("", "write X"),
        ("removed:cubic", "neither `linear` nor `log`"),
        ("mean_turns", "needs the varied keys it pools"),
        ("seat_ratio:linear:removed", "no one value per combination"),
        ("a:linear:b:c", "more than three"),
        ("removed:log:", "an empty key"),
    ] {
        let err = TrendSpec::parse(bad).unwrap_err().to_string();
        assert!(err.contains(why), "{bad}: {err}");
    }
    let p = plan(&["0", "10", "20"], 2);
    assert_eq!(TrendSpec::parse("removed").unwrap().check(&p), Ok(()));
    for (bad, why) in [
        (
            "colour",
            "`colour` is not a varied key of the sweep (its varied keys: removed)",
        ),
        ("players", "`players` is not a varied key"),
        ("tie_rate:linear:lineup", "`lineup` is not a varied key"),
    ] {
        let err = TrendSpec::parse(bad)
            .unwrap()
            .check(&p)
            .unwrap_err()
            .to_string();
        assert!(err.contains(why), "{bad}: {err}");
    }
    // A key that is not numeric everywhere.
    let mut q = plan(&["0", "ten"], 2);
    q.parts[1].values[0].1 = "ten".to_string();
    let err = TrendSpec::parse("removed")
        .unwrap()
        .check(&q)
        .unwrap_err()
        .to_string();
    assert!(
        err.contains("`removed` has the value `ten`, not a number"),
        "{err}"
    );
    assert!(trend::automatic(&q).is_empty());
}

#[test]
fn trend_errors_of_new_and_parse_are_one_type_and_read_as_before() {
    use crate::compare::trend::{TrendSpec, TrendSpecError};
    let new =
        TrendSpec::new("seat_ratio", crate::stats::trend::Fit::Linear, Vec::new()).unwrap_err();
    assert_eq!(
        new,
        CompareError::Trend(TrendSpecError::NotOneValue("seat_ratio".into()))
    );
    assert_eq!(
        new.to_string(),
        "the metric `seat_ratio` has no one value per combination (a trend's x may be a \
         numeric varied key, mean_turns or tie_rate)"
    );
    let parsed = TrendSpec::parse("removed:cubic").unwrap_err();
    assert_eq!(
        parsed,
        CompareError::MalformedTrend {
            text: "removed:cubic".into(),
            error: TrendSpecError::UnknownFit("cubic".into()),
        }
    );
    assert_eq!(
        parsed.to_string(),
        "`removed:cubic`: the fit `cubic` is neither `linear` nor `log`"
    );
}

/// Per-deal seat-0 wins of a part: deal `d` is won by seat 0 when `won(d)`.
fn deals_won(part: usize, deals: usize, seed0: u64, won: impl Fn(usize) -> bool) -> Vec<SeatRow> {
    let games: Vec<(bool, f64)> = (0..deals).map(|d| (won(d), 30.0)).collect();
    rows(part, &games, seed0)
}

/// The sample variance of a mean over deals: `s² / D`.
fn variance_of_mean(x: &[f64]) -> f64 {
    let n = x.len() as f64;
    let m = x.iter().sum::<f64>() / n;
    x.iter().map(|v| (v - m).powi(2)).sum::<f64>() / (n - 1.0) / n
}

fn z(p: f64) -> f64 {
    crate::stats::equivalence::normal_quantile(p)
}

#[test]
fn margins_carry_their_test_and_seats_parse() {
    let mut s = spec(
        "players=2",
        "seat_ratio=0.05:non-inferior,skill_elo=50:superior,tie_rate=0.02",
    );
    assert_eq!(
        s.margins_text(),
        "seat_ratio=0.05:non-inferior,skill_elo=50:superior,tie_rate=0.02"
    );
    assert_eq!(
        s.test(Metric::MaxSeatRatio),
        crate::stats::decision::Test::NonInferior
    );
    assert_eq!(
        s.test(Metric::TieRate),
        crate::stats::decision::Test::Equivalent
    );
    // Given again without a test: the last holds, equivalence.
    s.add_margin("seat_ratio", "0.1").unwrap();
    assert_eq!(
        s.test(Metric::SeatRatio),
        crate::stats::decision::Test::Equivalent
    );
    assert_eq!(
        s.add_margin("tie_rate", "0.02:non-inferior")
            .unwrap_err()
            .to_string(),
        "tie_rate has no better side: a `non-inferior` test cannot be decided (only `equivalent`)"
    );
    assert!(
        s.add_margin("seat_ratio", "0.05:noninferior")
            .unwrap_err()
            .to_string()
            .starts_with(
                "the test of seat_ratio `noninferior` is none of equivalent, non-inferior, superior"
            )
    );
    assert_eq!(Seats::parse("first").unwrap(), Seats::First);
    assert_eq!(
        Seats::parse("best-worst").unwrap().to_string(),
        "best-worst"
    );
    assert_eq!(Seats::parse("0, 2").unwrap(), Seats::List(vec![0, 2]));
    assert_eq!(Seats::parse("0,2").unwrap().to_string(), "0,2");
    for bad in ["", "0,0", "worst", "-1"] {
        assert!(Seats::parse(bad).is_err(), "{bad}");
    }
    assert_eq!(Seats::Each.compared(3), (vec![0, 1, 2], 3));
    assert_eq!(Seats::List(vec![0, 3]).compared(3), (vec![0], 2));
}

/// The best seat, the worst and the gap, paired per deal and unpaired,
/// against their intervals computed here directly: every contrast of a
/// combination's seat with a baseline's seat, each from its per-deal
/// differences (paired) or its two variances in quadrature (unpaired), at
/// Bonferroni over the contrasts, then the max of mins of the bounds.
#[test]
fn the_best_and_worst_seats_intervals_are_those_of_their_contrasts() {
    let deals = 60;
    let base_won = |d: usize| d % 5 < 3; // seat 0: 0.6
    let other_won = |d: usize| !d.is_multiple_of(4) && !d.is_multiple_of(7); // seat 0: about 0.64
    for (seed1, paired) in [(100, true), (500, false)] {
        let p = plan(&["0", "10"], deals as u64);
        let mut all = deals_won(0, deals, 100, base_won);
        all.extend(deals_won(1, deals, seed1, other_won));
        let rows = compare_csv(&p, &spec("removed=0", ""), &all);
        let share = |won: &dyn Fn(usize) -> bool, seat: usize| -> Vec<f64> {
            (0..deals)
                .map(|d| f64::from(u8::from(won(d) == (seat == 0))))
                .collect()
        };
        let c: Vec<Vec<f64>> = (0..2).map(|s| share(&other_won, s)).collect();
        let b: Vec<Vec<f64>> = (0..2).map(|s| share(&base_won, s)).collect();
        let mean = |x: &[f64]| x.iter().sum::<f64>() / x.len() as f64;
        // The interval of a·c_i-ish contrast: `x` the combination's per-deal
        // values, `y` the baseline's, at z.
        let interval = |x: Vec<f64>, y: Vec<f64>, z: f64| -> (f64, f64) {
            let est = mean(&x) - mean(&y);
            let var = if paired {
                variance_of_mean(&x.iter().zip(&y).map(|(a, b)| a - b).collect::<Vec<_>>())
            } else {
                variance_of_mean(&x) + variance_of_mean(&y)
            };
            (est - z * var.sqrt(), est + z * var.sqrt())
        };
        let scaled = |x: &[f64]| x.iter().map(|v| 2.0 * v).collect::<Vec<f64>>();
        let max_of_mins = |g: Vec<Vec<(f64, f64)>>| {
            g.iter().fold((f64::MIN, f64::MIN), |acc, m| {
                let lo = m.iter().map(|b| b.0).fold(f64::MAX, f64::min);
                let hi = m.iter().map(|b| b.1).fold(f64::MAX, f64::min);
                (acc.0.max(lo), acc.1.max(hi))
            })
        };
        // Best: max_i min_j (r_i − q_j), 4 contrasts.
        let zk = z(1.0 - 0.025 / 4.0);
        let best = max_of_mins(
            (0..2)
                .map(|i| {
                    (0..2)
                        .map(|j| interval(scaled(&c[i]), scaled(&b[j]), zk))
                        .collect()
                })
                .collect(),
        );
        let r = row(&rows, "10", "all", "max_seat_ratio");
        let top = |x: &[Vec<f64>]| 2.0 * mean(&x[0]).max(mean(&x[1]));
        assert_eq!(r[8], format!("{:.4}", top(&c) - top(&b)), "paired {paired}");
        assert_eq!(r[9], format!("{:.4}", best.0), "paired {paired}");
        assert_eq!(r[10], format!("{:.4}", best.1), "paired {paired}");
        assert_eq!(r[11], paired.to_string());
        // Worst: min_i r_i − min_j q_j = −max_i min_j (q_j − r_i).
        let worst = max_of_mins(
            (0..2)
                .map(|i| {
                    (0..2)
                        .map(|j| interval(scaled(&b[j]), scaled(&c[i]), zk))
                        .collect()
                })
                .collect(),
        );
        let r = row(&rows, "10", "all", "min_seat_ratio");
        assert_eq!(r[9], format!("{:.4}", -worst.1), "paired {paired}");
        assert_eq!(r[10], format!("{:.4}", -worst.0), "paired {paired}");
        // Gap: max over (i, i') of min over (j, j') of the double contrast,
        // 2 × 2 ordered pairs, 2 distinct up to sign.
        let zg = z(1.0 - 0.025 / 2.0);
        let contrast = |x: &[Vec<f64>], i: usize, k: usize| -> Vec<f64> {
            x[i].iter().zip(&x[k]).map(|(a, b)| a - b).collect()
        };
        let pairs = [(0, 1), (1, 0)];
        let gap = max_of_mins(
            pairs
                .iter()
                .map(|&(i, k)| {
                    pairs
                        .iter()
                        .map(|&(j, l)| interval(contrast(&c, i, k), contrast(&b, j, l), zg))
                        .collect()
                })
                .collect(),
        );
        let r = row(&rows, "10", "all", "seat_gap");
        assert_eq!(r[9], format!("{:.4}", gap.0), "paired {paired}");
        assert_eq!(r[10], format!("{:.4}", gap.1), "paired {paired}");
    }
}

/// One constructed data set: 400 deals of a baseline whose seat 0 wins 60%
/// (ratio 1.2) and a setting whose seat 0 wins 55% (1.1), other seeds.
/// Against a margin of 0.12, TOST's 90% interval of the difference
/// straddles −0.12 (inconclusive) while the change in distance from fair,
/// −0.1, has its bad-side bound within the margin: non-inferior.
#[test]
fn one_data_set_tost_inconclusive_and_non_inferior() {
    let deals = 400;
    let p = plan(&["0", "10"], deals as u64);
    let mut all = deals_won(0, deals, 100, |d| d % 5 < 3);
    all.extend(deals_won(1, deals, 9000, |d| d % 20 < 11));
    let mut first = spec("removed=0", "seat_ratio=0.12");
    first.seats = Some(Seats::First);
    let rows = compare_csv(&p, &first, &all);
    let r = row(&rows, "10", "0", "seat_ratio");
    assert_eq!(&r[6..9], ["1.1000", "1.2000", "-0.1000"]);
    assert_eq!(r[13], "inconclusive");
    assert!(!rows.iter().any(|r| r[3] == "1" || r[5] == "max_seat_ratio"));
    // Directly: the ratios' variances (independent), the 90% interval of the
    // difference, and that of the distance change at Bonferroni over two.
    let ratios = |won: &dyn Fn(usize) -> bool| -> Vec<f64> {
        (0..deals).map(|d| if won(d) { 2.0 } else { 0.0 }).collect()
    };
    let (vv, vb) = (
        variance_of_mean(&ratios(&|d| d % 20 < 11)),
        variance_of_mean(&ratios(&|d| d % 5 < 3)),
    );
    let se = (vv + vb).sqrt();
    assert!(-0.1 - z(0.95) * se < -0.12 && -0.1 + z(0.95) * se > -0.12);
    let mut non_inferior = spec("removed=0", "seat_ratio=0.12:non-inferior");
    non_inferior.seats = Some(Seats::First);
    let rows = compare_csv(&p, &non_inferior, &all);
    let r = row(&rows, "10", "0", "seat_ratio");
    // diff is now the change in distance from 1: 0.1 − 0.2.
    assert_eq!(r[8], "-0.1000");
    assert_eq!(r[9], format!("{:.4}", -0.1 - z(1.0 - 0.0125) * se));
    assert_eq!(r[10], format!("{:.4}", -0.1 + z(1.0 - 0.0125) * se));
    assert_eq!(r[12], "0.12");
    assert_eq!(r[13], "non-inferior");
    // The bad-side bound of the 90% interval: −0.1 + z(0.975)·se < 0.12.
    assert!(-0.1 + z(0.975) * se < 0.12);
}

/// The seats a criterion names: `each` corrects over both seats, a list
/// over its seats, `best-worst` writes only the selections.
#[test]
fn each_seat_choice_names_its_rows_and_corrects_over_them() {
    let deals = 40;
    let p = plan(&["0", "10"], deals as u64);
    let mut all = deals_won(0, deals, 100, |d| d.is_multiple_of(2));
    all.extend(deals_won(1, deals, 100, |d| !d.is_multiple_of(3)));
    let with = |seats: Seats| {
        let mut s = spec("removed=0", "seat_ratio=0.5");
        s.seats = Some(seats);
        compare_csv(&p, &s, &all)
    };
    let plain = compare_csv(&p, &spec("removed=0", "seat_ratio=0.5"), &all);
    let half = |r: &[String]| r[10].parse::<f64>().unwrap() - r[8].parse::<f64>().unwrap();
    let alone = half(row(&plain, "10", "1", "seat_ratio"));
    let each = with(Seats::Each);
    let both = half(row(&each, "10", "1", "seat_ratio"));
    // Same standard error, Bonferroni over 2: z(1 − 0.025/2) / z(0.975).
    let ratio = z(1.0 - 0.0125) / z(0.975);
    assert!((both / alone - ratio).abs() < 2e-3, "{both} {alone}");
    assert!(!each.iter().any(|r| r[5] == "seat_gap"));
    let listed = with(Seats::List(vec![1]));
    assert_eq!(listed.iter().filter(|r| r[5] == "seat_ratio").count(), 2);
    assert!(listed.iter().all(|r| r[5] != "seat_ratio" || r[3] == "1"));
    let selections = with(Seats::BestWorst);
    assert!(!selections.iter().any(|r| r[5] == "seat_ratio"));
    assert_eq!(
        selections
            .iter()
            .filter(|r| r[0] == "10" && r[3] == "all" && r[5].contains("seat"))
            .count(),
        3
    );
}

/// A seat ratio from 1.1 to 0.9 moved beyond the margin, but its distance
/// from fair did not change: `differs`, never `worse` or `better` by the
/// point estimates' sign.
#[test]
fn a_ratio_crossing_1_is_judged_by_its_distance_from_fair() {
    let deals = 400;
    let p = plan(&["0", "10"], deals as u64);
    let mut all = deals_won(0, deals, 100, |d| d % 20 < 11); // 1.1
    all.extend(deals_won(1, deals, 100, |d| d % 20 < 9)); // 0.9
    let rows = compare_csv(&p, &spec("removed=0", "seat_ratio=0.05"), &all);
    let r = row(&rows, "10", "0", "seat_ratio");
    assert_eq!(&r[6..9], ["0.9000", "1.1000", "-0.2000"]);
    assert_eq!(r[13], "differs");
    // Seat 1 the other way round: also unresolved in distance.
    assert_eq!(row(&rows, "10", "1", "seat_ratio")[13], "differs");
}

/// With `--quality`, each quality metric is compared per deal like the
/// length: a paired difference of the per-deal means, checked against a
/// direct computation; without it, no quality row.
#[test]
fn quality_metrics_are_compared_per_deal_when_measured() {
    let mut p = plan(&["0", "10"], 4);
    let base = [1.0, 3.0, 2.0, 2.0];
    let other = [0.0, 1.0, 1.0, 2.0];
    let games = |part: usize, drama: &[f64]| -> Vec<SeatRow> {
        let mut out = rows(part, &[(true, 30.0); 4], 100);
        for r in &mut out {
            // Lead changes; every other quality metric a constant.
            r.quality = [drama[r.deal as usize], 0.25, 0.5, 0.0, 7.0];
        }
        out
    };
    let mut all = games(0, &base);
    all.extend(games(1, &other));
    let without = compare_csv(&p, &spec("removed=0", ""), &all);
    assert!(!without.iter().any(|r| r[5].starts_with("mean_lead")));
    for part in &mut p.parts {
        part.run.quality = true;
    }
    let rows = compare_csv(&p, &spec("removed=0", "mean_lead_changes=2"), &all);
    let d: Vec<f64> = other.iter().zip(&base).map(|(o, b)| o - b).collect();
    let n = d.len() as f64;
    let mean = d.iter().sum::<f64>() / n;
    let sd = (d.iter().map(|x| (x - mean).powi(2)).sum::<f64>() / (n - 1.0)).sqrt();
    let half = crate::stats::Z95 * sd / n.sqrt();
    let r = row(&rows, "10", "all", "mean_lead_changes");
    assert_eq!(r[6], "1.000");
    assert_eq!(r[7], "2.000");
    assert_eq!(r[8], format!("{mean:.3}"));
    assert_eq!(r[9], format!("{:.3}", mean - half));
    assert_eq!(r[10], format!("{:.3}", mean + half));
    assert_eq!(&r[11..], ["true", "2", "equivalent"]);
    let r = row(&rows, "10", "all", "mean_branching");
    assert_eq!(
        &r[6..12],
        ["7.000", "7.000", "0.000", "0.000", "0.000", "true"]
    );
    assert_eq!(
        rows.iter()
            .filter(|r| r[0] == "10")
            .map(|r| r[5].as_str())
            .collect::<Vec<_>>()[5..],
        [
            "tie_rate",
            "mean_turns",
            "mean_lead_changes",
            "mean_drama",
            "mean_decisiveness",
            "comeback_rate",
            "mean_branching"
        ]
    );
    // The baseline against itself: its best and worst seats do not move.
    let r = row(&rows, "0", "all", "max_seat_ratio");
    assert_eq!(&r[8..11], ["0.0000", "0.0000", "0.0000"]);
}
