//! The seat ratios in the terminal summaries: `tournament` prints each
//! seat's ratio (players × win share) with its interval and the best and
//! worst seat and the seat gap; `sweep` prints each combination's best and
//! worst seat ratio, the values of `metrics.csv`.

use crate::common::{ok, s, temp_dir};

/// The numbers of the text `... V [LOW, HIGH` (a line cut at a `]`): V,
/// LOW and HIGH.
fn group(text: &str) -> [f64; 3] {
    let open = text.rfind('[').unwrap();
    let value = text[..open].split_whitespace().last().unwrap();
    let (low, high) = text[open + 1..].split_once(',').unwrap();
    [value, low, high].map(|w| w.trim().parse().unwrap())
}

#[test]
fn the_sweep_table_prints_metrics_csvs_best_and_worst_seat_ratios() {
    let dir = temp_dir();
    let out = dir.path().join("out");
    let stdout = ok(&[
        "sweep",
        "--game",
        "seaside",
        "--players",
        "3",
        "--vary",
        "removed=0,20",
        "--bots",
        "random",
        "--games",
        "12",
        "--out",
        s(&out),
    ]);
    let rows = crate::common::csv_table(&out.join("metrics.csv"));
    assert!(
        stdout.contains("best seat ratio (95%) worst seat ratio (95%)"),
        "{stdout}"
    );
    for removed in ["0", "20"] {
        let line = stdout
            .lines()
            .find(|l| l.starts_with(&format!("removed={removed} ")))
            .unwrap_or_else(|| panic!("{stdout}"));
        // The last two `v [low, high]` groups of the line.
        let groups: Vec<&str> = line.split(']').collect();
        let best = group(groups[groups.len() - 3]);
        let worst = group(groups[groups.len() - 2]);
        let row = rows.iter().find(|r| r["removed"] == removed).unwrap();
        for (got, stem) in [(best, "max_seat_ratio"), (worst, "min_seat_ratio")] {
            let want = [
                row[stem].parse::<f64>().unwrap(),
                row[&format!("{stem}_low95")].parse::<f64>().unwrap(),
                row[&format!("{stem}_high95")].parse::<f64>().unwrap(),
            ];
            for (g, w) in got.iter().zip(want) {
                assert!(
                    (g - w).abs() < 6e-4,
                    "{stem}: {got:?} vs {want:?} in {line}"
                );
            }
        }
    }
}

#[test]
fn the_tournament_table_prints_each_seats_ratio_and_the_seat_gap() {
    let stdout = ok(&[
        "tournament",
        "--game",
        "seaside",
        "--players",
        "3",
        "--bots",
        "random",
        "--games",
        "30",
    ]);
    assert!(stdout.contains("seat ratio (95%)"), "{stdout}");
    let mut ratios = Vec::new();
    for seat in 0..3 {
        let line = stdout
            .lines()
            .find(|l| l.starts_with(&format!("{seat}     random")))
            .unwrap_or_else(|| panic!("{stdout}"));
        let share: f64 = line
            .split_whitespace()
            .find(|w| w.ends_with('%'))
            .unwrap()
            .trim_end_matches('%')
            .parse()
            .unwrap();
        let ratio = group(line.trim_end_matches(']'));
        assert!((ratio[0] - 3.0 * share / 100.0).abs() < 1e-3, "{line}");
        assert!(ratio[1] <= ratio[0] && ratio[0] <= ratio[2], "{line}");
        ratios.push(ratio[0]);
    }
    let best = ratios.iter().cloned().fold(f64::MIN, f64::max);
    let worst = ratios.iter().cloned().fold(f64::MAX, f64::min);
    let line = stdout
        .lines()
        .find(|l| l.starts_with("best seat ratio "))
        .unwrap_or_else(|| panic!("{stdout}"));
    let groups: Vec<[f64; 3]> = line.split(']').take(3).map(group).collect();
    assert!((groups[0][0] - best).abs() < 1e-9, "{line}");
    assert!((groups[1][0] - worst).abs() < 1e-9, "{line}");
    assert!((groups[2][0] - (best - worst) / 3.0).abs() < 2e-3, "{line}");
    assert!(
        line.contains(", worst ") && line.contains("seat gap (win share) "),
        "{line}"
    );
}
