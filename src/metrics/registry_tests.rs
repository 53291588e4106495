//! Tests of the registry: its columns are `metrics.csv`'s, and each
//! metric's cells and summary on a hand-built row.

use super::registry::{self, METRICS};
use super::*;

/// `metrics.csv`'s columns after the value columns, as the committed
/// studies have them.
const COMMITTED_COLUMNS: &str = "seat,bot,games,win_share,win_low95,win_high95,\
mean_score,score_ci95,tie_rate,tie_low95,tie_high95,mean_plies,sd_plies,plies_ci95,\
mean_turns,sd_turns,turns_ci95,mean_margin,margin_ci95,paired_diff,paired_ci95,\
seat_ratio,seat_ratio_low95,seat_ratio_high95,max_seat_ratio,max_seat_ratio_low95,\
max_seat_ratio_high95,min_seat_ratio,min_seat_ratio_low95,min_seat_ratio_high95,seat_gap,\
seat_gap_low95,seat_gap_high95,skill_elo,skill_elo_low95,skill_elo_high95";

#[test]
fn the_registry_columns_are_metrics_csvs_header() {
    let columns = registry::metrics_columns().join(",");
    let plan =
        crate::tournament::Plan::single(crate::tournament::totals::tests::three_player_spec(1));
    assert_eq!(
        crate::sweep::metrics_header(&plan, &[]),
        format!("{columns}\n")
    );
    // The committed studies' columns keep their places: a new metric's
    // columns come after them (and change every metrics.csv).
    assert!(
        columns.starts_with(COMMITTED_COLUMNS),
        "{columns} does not begin with {COMMITTED_COLUMNS}"
    );
    assert_eq!(
        METRICS.iter().map(|m| m.columns.len()).sum::<usize>() + 2,
        columns.split(',').count()
    );
}

#[test]
fn only_the_quality_metrics_observe_plies() {
    // A run without quality metrics plays no observer: no balance metric
    // has one, and every quality metric has its own.
    assert_eq!(METRICS.iter().filter(|m| m.per_ply.is_some()).count(), 0);
    assert_eq!(quality::observers().len(), quality::QUALITY_METRICS.len());
    assert!(quality::QUALITY_METRICS.iter().all(|m| m.per_ply.is_some()));
}

/// A hand-built bot row: every quantity a different exact value.
struct Row;

impl MetricRow for Row {
    fn games(&self) -> u64 {
        12
    }
    fn win_share(&self) -> Interval {
        (0.25, 0.125, 0.5)
    }
    fn score(&self) -> (f64, f64) {
        (7.5, 0.25)
    }
    fn tie_interval(&self) -> Interval {
        (0.0625, 0.03125, 0.125)
    }
    fn tie_rate(&self) -> f64 {
        0.0625
    }
    fn plies(&self) -> Interval {
        (40.5, 3.25, 1.125)
    }
    fn turns(&self) -> Interval {
        (20.25, 1.5, 0.75)
    }
    fn margin(&self) -> Option<(f64, f64)> {
        None
    }
    fn paired_difference(&self) -> Option<(f64, f64)> {
        Some((-0.125, 0.0625))
    }
    fn seat_ratio(&self) -> Option<Interval> {
        None
    }
    fn max_seat_ratio(&self) -> Option<Interval> {
        Some((1.5, 1.25, 1.75))
    }
    fn min_seat_ratio(&self) -> Option<Interval> {
        Some((0.5, 0.25, 0.75))
    }
    fn seat_gap(&self) -> Option<Interval> {
        Some((0.25, 0.125, 0.375))
    }
    fn skill_elo(&self) -> Option<Interval> {
        Some((35.25, 17.5, 52.75))
    }
    fn observed(&self, name: &str) -> Option<(f64, f64)> {
        // Values per game in their integer units: drama's in 1/10,000.
        match name {
            "mean_lead_changes" => Some((2.5, 0.25)),
            "mean_drama" => Some((1250.0, 125.0)),
            _ => None,
        }
    }
    fn observed_share(&self, name: &str) -> Option<Interval> {
        (name == "comeback_rate").then_some((0.375, 0.25, 0.5))
    }
}

#[test]
fn the_quality_metrics_have_their_cells_on_a_hand_built_row() {
    let cells: Vec<String> = quality::QUALITY_METRICS
        .iter()
        .map(|m| m.cells(&Row))
        .collect();
    assert_eq!(
        cells,
        [
            ",2.500,0.250",
            ",0.1250,0.0125",
            ",,",
            ",0.3750,0.2500,0.5000",
            ",,"
        ]
    );
}

#[test]
fn each_metric_has_its_cells_on_a_hand_built_row() {
    let expected = [
        ("games", ",12"),
        ("win_share", ",0.2500,0.1250,0.5000"),
        ("mean_score", ",7.500,0.250"),
        ("tie_rate", ",0.0625,0.0312,0.1250"),
        ("mean_plies", ",40.500,3.250,1.125"),
        ("mean_turns", ",20.250,1.500,0.750"),
        ("mean_margin", ",,"),
        ("paired_diff", ",-0.1250,0.0625"),
        ("seat_ratio", ",,,"),
        ("max_seat_ratio", ",1.5000,1.2500,1.7500"),
        ("min_seat_ratio", ",0.5000,0.2500,0.7500"),
        ("seat_gap", ",0.2500,0.1250,0.3750"),
        ("skill_elo", ",35.2,17.5,52.8"),
    ];
    // The committed studies' metrics, in their order, then any newer ones.
    for (m, (name, cells)) in METRICS.iter().zip(expected) {
        assert_eq!((m.name, m.cells(&Row).as_str()), (name, cells));
    }
    assert!(METRICS.len() >= expected.len());
    for m in METRICS {
        assert_eq!(m.columns[0], m.name, "a metric's first column is its name");
        assert_eq!(registry::find(m.name).map(|f| f.columns), Some(m.columns));
    }
}

#[test]
fn the_summary_has_its_columns_on_a_hand_built_row() {
    assert_eq!(
        registry::summary_header(),
        "   games   seat 0 win share (95%)     ties     turns (sd)  best seat ratio (95%) \
         worst seat ratio (95%)"
    );
    assert_eq!(
        registry::summary_cells(&Row),
        "      12    25.0% [ 12.5,  50.0]    6.25%    20.2 (1.5)   1.500 [1.250, 1.750]   \
         0.500 [0.250, 0.750]"
    );
}
