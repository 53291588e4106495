//! End-to-end tests of a league's pairwise matrix (`pairs.csv`, beside the
//! ratings): its header and rows, each score counted again from the games
//! CSV, the prediction and the difference from the ratings.

use std::collections::{BTreeMap, HashMap};

use crate::common::{csv_table, run, s, stderr, temp_dir};

const PAIRS_HEADER: &str = "game_spec,players,bot_a,bot_b,games,comparisons,deals,score_a,\
                            score_a_low95,score_a_high95,predicted_a,elo_diff,elo_diff_low95,\
                            elo_diff_high95,z,p_holm,misfit";

fn number(row: &BTreeMap<String, String>, column: &str) -> f64 {
    row[column]
        .parse()
        .unwrap_or_else(|_| panic!("{column}: {row:?}"))
}

#[test]
fn pairs_csv_counts_each_pairing_from_the_games() {
    let dir = temp_dir();
    let (games, ratings) = (dir.path().join("games.csv"), dir.path().join("ratings.csv"));
    let o = run(&[
        "league",
        "--game",
        "seashells",
        "--players",
        "4",
        "--bots",
        "greedy,random,ismcts(iterations=10)",
        "--games-per-pairing",
        "24",
        "--seed",
        "4",
        "--quiet",
        "--out",
        s(&games),
        "--summary",
        s(&ratings),
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    let pairs_path = dir.path().join("ratings.pairs.csv");
    let text = std::fs::read_to_string(&pairs_path).unwrap();
    assert_eq!(text.lines().next().unwrap(), PAIRS_HEADER);
    let pairs = csv_table(&pairs_path);
    let bots = ["greedy(worlds=8)", "random", "ismcts(iterations=10"];
    let order: Vec<(String, String)> = pairs
        .iter()
        .map(|r| (r["bot_a"].clone(), r["bot_b"].clone()))
        .collect();
    assert_eq!(order.len(), 3, "{text}");
    for ((a, b), (want_a, want_b)) in order.iter().zip([(0, 1), (0, 2), (1, 2)]) {
        assert!(
            a.starts_with(bots[want_a]) && b.starts_with(bots[want_b]),
            "{order:?}"
        );
    }
    // Every pair of seats of A and B in a game, counted from the games.
    let rows = csv_table(&games);
    let mut by_game: HashMap<String, Vec<(String, u32)>> = HashMap::new();
    for r in &rows {
        by_game
            .entry(r["game"].clone())
            .or_default()
            .push((r["bot"].clone(), r["rank"].parse().unwrap()));
    }
    assert_eq!(by_game.len(), 3 * 24);
    let ratings = csv_table(&ratings);
    let rating = |bot: &str| {
        number(
            ratings
                .iter()
                .find(|r| r["bot"] == bot)
                .expect("a rated bot"),
            "rating",
        )
    };
    for p in &pairs {
        let (a, b) = (&p["bot_a"], &p["bot_b"]);
        let (mut half_points, mut comparisons) = (0u64, 0u64);
        for seats in by_game.values() {
            for (_, rx) in seats.iter().filter(|(bot, _)| bot == a) {
                for (_, ry) in seats.iter().filter(|(bot, _)| bot == b) {
                    comparisons += 1;
                    half_points += match rx.cmp(ry) {
                        std::cmp::Ordering::Less => 2,
                        std::cmp::Ordering::Equal => 1,
                        std::cmp::Ordering::Greater => 0,
                    };
                }
            }
        }
        // 24 games, A against three copies of B or B against three of A.
        assert_eq!(comparisons, 24 * 3, "{p:?}");
        assert_eq!(p["comparisons"], comparisons.to_string());
        assert_eq!(p["games"], "24");
        assert_eq!(p["deals"], "3");
        let score = half_points as f64 / 2.0 / comparisons as f64;
        assert_eq!(p["score_a"], format!("{score:.4}"), "{p:?}");
        let (low, high) = (number(p, "score_a_low95"), number(p, "score_a_high95"));
        assert!(low <= score + 1e-4 && score - 1e-4 <= high, "{p:?}");
        // The prediction and the difference, from the ratings (to 0.1).
        let diff = rating(a) - rating(b);
        assert!((number(p, "elo_diff") - diff).abs() <= 0.11, "{p:?}");
        let predicted = 1.0 / (1.0 + 10f64.powf(-number(p, "elo_diff") / 400.0));
        assert!((number(p, "predicted_a") - predicted).abs() < 2e-4, "{p:?}");
        let (dl, dh) = (number(p, "elo_diff_low95"), number(p, "elo_diff_high95"));
        assert!(
            dl <= number(p, "elo_diff") && number(p, "elo_diff") <= dh,
            "{p:?}"
        );
        assert!(p["misfit"] == "0" || p["misfit"] == "1", "{p:?}");
        if !p["p_holm"].is_empty() {
            let q = number(p, "p_holm");
            assert!((0.0..=1.0).contains(&q), "{p:?}");
            assert_eq!(p["misfit"] == "1", q < 0.05, "{p:?}");
        }
    }
    // The pairs file is in the manifest with its length and hash.
    let manifest: serde_json::Value = serde_json::from_str(
        &std::fs::read_to_string(dir.path().join("games.csv.manifest.json")).unwrap(),
    )
    .unwrap();
    let files = manifest["files"].as_array().unwrap();
    assert!(
        files
            .iter()
            .any(|f| f["output"] == "pairs" && f["bytes"] == text.len() as u64),
        "{files:?}"
    );
    // A summary on a device: no pairs file beside it.
    let o = run(&[
        "league",
        "--game",
        "shell-dash",
        "--players",
        "2",
        "--bots",
        "greedy,random",
        "--games-per-pairing",
        "2",
        "--quiet",
        "--summary",
        "/dev/null",
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
}
