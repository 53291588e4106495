//! Balance by skill (`[criterion.skill]`): `skill.csv` joins a league's
//! ratings with the mirrors' seat 0 rows of `metrics.csv`, and the answer
//! line reads `compare.csv`'s paired difference (docs/balancing.md).

use std::path::Path;

use crate::common::{csv_table, ok, read, run, s, stderr, temp_dir};

/// A constructed ratings CSV: random at 0, greedy at 250 [200, 300] in
/// 2-player Seaside (another game's row that must not be read).
const RATINGS: &str = "game_spec,players,bot,rating,low95,high95\n\
seaside(removed=rulebook),2,random,0.0,0.0,0.0\n\
seaside(removed=rulebook),2,greedy(worlds=8),250.0,200.0,300.0\n\
\"seashells(mode=board,scoring=simple,bottles=spend)\",2,greedy(worlds=8),999.0,900.0,1100.0\n";

fn experiment(dir: &Path, baseline: &str) -> std::path::PathBuf {
    std::fs::write(dir.join("ratings.csv"), RATINGS).unwrap();
    let file = dir.join("skill.toml");
    std::fs::write(
        &file,
        format!(
            "kind = \"sweep\"\ngame = \"seaside\"\nplayers = 2\n\
             bots = [\"greedy\", \"random\"]\ngames = 40\nseed = 5\n\
             [criterion]\ntext = \"t\"\nbaseline = {{ lineup = \"{baseline}\" }}\n\
             margins = {{ seat_ratio = 0.05 }}\nseats = \"first\"\n\
             skill = {{ ratings = \"ratings.csv\" }}\n"
        ),
    )
    .unwrap();
    file
}

#[test]
fn skill_csv_joins_the_ratings_and_the_mirrors_and_answers_from_the_paired_difference() {
    let dir = temp_dir();
    let file = experiment(dir.path(), "random");
    let out = dir.path().join("out");
    ok(&[
        "run",
        s(&file),
        "--exploratory",
        "--quiet",
        "--out",
        s(&out),
    ]);
    let metrics = csv_table(&out.join("metrics.csv"));
    let seat0 = |lineup: &str| {
        metrics
            .iter()
            .find(|r| r["lineup"] == lineup && r["seat"] == "0")
            .unwrap()
            .clone()
    };
    let (random, greedy) = (seat0("random"), seat0("greedy(worlds=8)"));
    let want = format!(
        "bot,elo,elo_low95,elo_high95,seat0_ratio,seat0_ratio_low95,seat0_ratio_high95,games\n\
         random,0.0,0.0,0.0,{},{},{},40\n\
         greedy(worlds=8),250.0,200.0,300.0,{},{},{},40\n",
        random["seat_ratio"],
        random["seat_ratio_low95"],
        random["seat_ratio_high95"],
        greedy["seat_ratio"],
        greedy["seat_ratio_low95"],
        greedy["seat_ratio_high95"],
    );
    assert_eq!(read(&out.join("skill.csv")), want);
    let compare = csv_table(&out.join("compare.csv"));
    let row = compare
        .iter()
        .find(|r| r["lineup"] == "greedy(worlds=8)" && r["seat"] == "0")
        .unwrap();
    assert_eq!(row["paired"], "true");
    let summary = read(&out.join("summary.md"));
    // 40 games resolve far less than 0.05, and the interval from 40 games
    // is wide: across 0 it is inconclusive, above it yes.
    let (low, high): (f64, f64) = (
        row["diff_low95"].parse().unwrap(),
        row["diff_high95"].parse().unwrap(),
    );
    let word = if low > 0.0 {
        "yes"
    } else if high < 0.0 {
        "no"
    } else {
        "inconclusive"
    };
    let line = format!(
        "**Answer: seat 0's edge grows with skill: {word}** (`greedy` minus `random`, \
         paired by deal: {} [{}, {}]; margin 0.05;",
        row["diff"], row["diff_low95"], row["diff_high95"]
    );
    assert!(summary.contains(&line), "want {line} in {summary}");
}

/// `run FILE --exploratory` is refused before any game (nothing in its
/// output folder) with exactly the one line `want` (after `error: FILE
/// line 12: criterion.skill: `).
fn refused_before_the_games(file: &Path, out: &Path, want: &str) {
    let o = run(&["run", s(file), "--exploratory", "--quiet", "--out", s(out)]);
    assert_eq!(o.status.code(), Some(1));
    assert_eq!(
        stderr(&o),
        format!("error: {} line 12: criterion.skill: {want}\n", s(file))
    );
    assert!(!out.exists() || crate::common::names(out).is_empty());
}

/// A bot the ratings do not rate is refused before any game.
#[test]
fn a_bot_without_a_rating_is_refused_before_the_games() {
    let dir = temp_dir();
    let file = experiment(dir.path(), "random");
    let text = read(&file).replace("\"greedy\", \"random\"", "\"greedy\", \"random\", \"pimc\"");
    std::fs::write(&file, text).unwrap();
    refused_before_the_games(
        &file,
        &dir.path().join("out"),
        "no rating of `pimc(iterations=2000,worlds=20,c=0.7,rollout=random,reward=auto)` \
         in the ratings file",
    );
}

/// A baseline that is not the weakest bot's mirror is refused before any game.
#[test]
fn a_baseline_other_than_the_weakest_mirror_is_refused_before_the_games() {
    let dir = temp_dir();
    let file = experiment(dir.path(), "greedy");
    refused_before_the_games(
        &file,
        &dir.path().join("out"),
        "the baseline must be the weakest bot's mirror, `lineup = \"random\"`",
    );
}
