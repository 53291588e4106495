//! End-to-end tests of an experiment file's `[criterion]`: summary.md
//! states the rule before the results and answers it per player count with
//! the verdicts of `compare.csv`; bad criterion keys are refused naming the
//! file, the line and the key.

use std::path::Path;

use crate::common::{csv_table, file_refused, run, s, stderr, temp_dir};

const HEAD: &str = "kind = \"sweep\"\ngame = \"seaside\"\nbots = \"random\"\ngames = 8\n\n";

const SWEEPS: &str = "\n[[sweep]]\nplayers = 3\nvary = { removed = 0 }\n\n\
                      [[sweep]]\nplayers = [2, 3]\nvary = { removed = [10, 20] }\n";

const RULE: &str = "A removal is fair enough when its worst and best seats are within 0.1 \
                    of the 3-player game's.";

/// The markdown tables under each `### N players` heading of the
/// `## Answer` section: (players, header cells, rows of cells).
fn answer_tables(md: &str) -> Vec<(String, Vec<String>, Vec<Vec<String>>)> {
    let answer = md.split("\n## Answer\n").nth(1).expect("an answer section");
    let answer = answer.split("\n## ").next().unwrap();
    let cells = |line: &str| -> Vec<String> {
        line.trim()
            .trim_matches('|')
            .split(" | ")
            .map(|c| c.trim().to_string())
            .collect()
    };
    let mut out = Vec::new();
    for part in answer.split("\n### ").skip(1) {
        let players = part.split(' ').next().unwrap().to_string();
        let lines: Vec<&str> = part.lines().filter(|l| l.starts_with('|')).collect();
        let header = cells(lines[0]);
        let rows = lines[2..].iter().map(|l| cells(l)).collect();
        out.push((players, header, rows));
    }
    out
}

#[test]
fn the_criterion_is_stated_first_and_answered_with_compare_csvs_verdicts() {
    let dir = temp_dir();
    let file = dir.path().join("crit.toml");
    let criterion = format!(
        "[criterion]\ntext = \"{RULE}\"\nbaseline = {{ players = 3, removed = 0 }}\n\
         margins = {{ seat_ratio = 0.1, mean_turns = 3 }}\nprefer = [\"mean_turns\", \"min_seat_ratio\"]\n"
    );
    std::fs::write(&file, format!("{HEAD}{criterion}{SWEEPS}")).unwrap();
    let out = dir.path().join("out");
    let o = run(&["run", s(&file), "--out", s(&out), "--quiet"]);
    assert!(o.status.success(), "{}", stderr(&o));
    let md = std::fs::read_to_string(out.join("summary.md")).unwrap();
    // The rule comes before the results.
    let rule_at = md.find(RULE).expect("the criterion's text");
    let results_at = md.find("| removed |").unwrap();
    assert!(rule_at < results_at, "{md}");
    assert!(
        md.contains("- Baseline: `players = 3, removed = 0`"),
        "{md}"
    );
    let compare = csv_table(&out.join("compare.csv"));
    let tables = answer_tables(&md);
    let counts: Vec<&str> = tables.iter().map(|(p, _, _)| p.as_str()).collect();
    assert_eq!(counts, ["3", "2"], "{md}");
    let mut checked = 0;
    let mut verdicts = std::collections::BTreeSet::new();
    for (players, header, rows) in &tables {
        // The preferred metrics first, in their order.
        assert_eq!(
            header[..4],
            ["removed", "lineup", "mean_turns", "min_seat_ratio"]
        );
        // Every value with a margin has its column; none without.
        let with_margin = compare
            .iter()
            .filter(|r| r["players"] == *players && !r["margin"].is_empty())
            .count();
        assert_eq!(with_margin, rows.len() * (header.len() - 2), "{md}");
        for row in rows {
            for (label, cell) in header.iter().zip(row).skip(2) {
                let (metric, seat) = match label.split_once(" seat ") {
                    Some((m, seat)) => (m, seat),
                    None => (label.as_str(), "all"),
                };
                let want = compare
                    .iter()
                    .find(|r| {
                        r["players"] == *players
                            && r["removed"] == row[0]
                            && r["lineup"] == row[1]
                            && r["metric"] == metric
                            && r["seat"] == seat
                    })
                    .unwrap_or_else(|| panic!("no compare.csv row for {label} in {row:?}"));
                let text = format!(
                    "{} {} [{}, {}]",
                    want["verdict"], want["diff"], want["diff_low95"], want["diff_high95"]
                );
                assert_eq!(*cell, text, "{label} of {row:?}");
                verdicts.insert(want["verdict"].clone());
                checked += 1;
            }
        }
    }
    // 3 players: 3 combinations × (3 seats + best + worst + length); 2
    // players: 2 × (best + worst + length).
    assert_eq!(checked, 3 * 6 + 2 * 3);
    assert!(verdicts.len() > 1, "{verdicts:?}");
}

#[test]
fn bad_criterion_keys_are_refused_with_the_file_line_and_key() {
    let dir = temp_dir();
    let file = dir.path().join("bad.toml");
    let base = "[criterion]\nbaseline = { players = 3, removed = 0 }\n";
    for (tail, line, want) in [
        (format!("{base}txt = \"x\"\n"), 8, "unknown field `txt`"),
        (
            format!("{base}prefer = [\"length\"]\n"),
            8,
            "criterion.prefer: `length` (item 1) is not a compared metric",
        ),
        (
            format!("{base}margins = {{ seat_ratio = 0.1 }}\nprefer = [\"seat_gap\"]\n"),
            9,
            "criterion.prefer: `seat_gap` has no margin",
        ),
        (
            format!("{base}margins = {{ length = 3 }}\n"),
            8,
            "criterion.margins.length: `length` is not a compared metric",
        ),
        (
            "[criterion]\nbaseline = { players = 4, removed = 0 }\n".to_string(),
            7,
            "criterion.baseline: the baseline players=4,removed=0 matches no combination",
        ),
        (
            "[criterion]\ntext = \"x\"\n".to_string(),
            6,
            "criterion: `baseline` is missing",
        ),
    ] {
        std::fs::write(&file, format!("{HEAD}{tail}{SWEEPS}")).unwrap();
        file_refused(&file, &dir.path().join("out"), line, want);
    }
    // A top-level baseline beside the criterion: move it.
    std::fs::write(
        &file,
        format!("{HEAD}baseline = {{ players = 3, removed = 0 }}\n{base}{SWEEPS}"),
    )
    .unwrap();
    let o = run(&[
        "run",
        s(&file),
        "--out",
        s(&dir.path().join("o")),
        "--quiet",
    ]);
    let err = stderr(&o);
    assert!(
        err.starts_with(&format!("error: {} line 6: ", file.display()))
            && err.contains("move `baseline` into `[criterion]`"),
        "{err}"
    );
}

/// `confirm` replays the picks with a fresh seed and the baseline:
/// confirm.csv holds both runs' rows, and summary.md flags exactly the
/// verdicts that change. A pick's lineup is matched by its canonical
/// specs (` random ` is `random`).
#[test]
fn confirmation_runs_replay_the_picks_with_a_fresh_seed_and_flag_changed_verdicts() {
    let dir = temp_dir();
    let file = dir.path().join("conf.toml");
    let criterion = "[criterion]\nbaseline = { players = 3, removed = 0 }\n\
                     margins = { seat_ratio = 1.2, mean_turns = 3, tie_rate = 0.2 }\n\
                     confirm = [{ removed = 20, lineup = \" random \" }]\n";
    std::fs::write(&file, format!("{HEAD}{criterion}{SWEEPS}")).unwrap();
    let out = dir.path().join("out");
    let o = run(&["run", s(&file), "--out", s(&out), "--quiet"]);
    assert!(o.status.success(), "{}", stderr(&o));
    let rows = csv_table(&out.join("confirm.csv"));
    let original: Vec<_> = rows.iter().filter(|r| r["run"] == "original").collect();
    let again: Vec<_> = rows.iter().filter(|r| r["run"] == "confirm").collect();
    // removed=20 at 2 players (5 rows) and 3 players (3 seats + 5 rows).
    assert_eq!(original.len(), 13);
    assert_eq!(again.len(), 13);
    assert!(rows.iter().all(|r| r["removed"] == "20"));
    // The original rows are compare.csv's.
    let compare = csv_table(&out.join("compare.csv"));
    for r in &original {
        let c = compare
            .iter()
            .find(|c| {
                ["players", "seat", "bot", "metric"]
                    .iter()
                    .all(|k| c[*k] == r[*k])
                    && c["removed"] == "20"
            })
            .unwrap();
        assert_eq!(c["verdict"], r["verdict"]);
        assert_eq!(c["diff"], r["diff"]);
    }
    // A fresh seed: other deals than the original's (the baseline's too).
    let seeds = |p: &Path| -> std::collections::BTreeSet<String> {
        csv_table(p)
            .into_iter()
            .map(|r| r["seed"].clone())
            .collect()
    };
    let first = seeds(&out.join("games.csv"));
    let second = seeds(&out.join("confirm/games.csv"));
    assert!(first.is_disjoint(&second));
    let confirm_games = csv_table(&out.join("confirm/games.csv"));
    assert!(confirm_games.iter().any(|r| r["removed"] == "0"));
    assert!(confirm_games.iter().all(|r| r["removed"] != "10"));
    // summary.md flags the verdicts that change, and only those.
    let md = std::fs::read_to_string(out.join("summary.md")).unwrap();
    let section = md
        .split("## Confirmation")
        .nth(1)
        .expect("a confirmation section");
    let changed = original
        .iter()
        .filter(|r| !r["margin"].is_empty())
        .filter(|r| {
            let c = again
                .iter()
                .find(|c| {
                    ["players", "seat", "bot", "metric"]
                        .iter()
                        .all(|k| c[*k] == r[*k])
                })
                .unwrap();
            c["verdict"] != r["verdict"]
        })
        .count();
    // These margins make some verdicts change and others hold.
    assert!(changed > 0 && changed < 10, "{changed}");
    assert_eq!(
        section
            .lines()
            .filter(|l| l.starts_with("| 20 |") && l.ends_with("| **changed** |"))
            .count(),
        changed,
        "{section}"
    );
    let listed = section.lines().filter(|l| l.starts_with("| 20 |")).count();
    assert_eq!(
        listed,
        original.iter().filter(|r| !r["margin"].is_empty()).count()
    );
    // A pick that matches nothing is refused with the file, line and key.
    let bad = criterion.replace("removed = 20", "removed = 25");
    std::fs::write(&file, format!("{HEAD}{bad}{SWEEPS}")).unwrap();
    let o = run(&[
        "run",
        s(&file),
        "--out",
        s(&dir.path().join("o2")),
        "--quiet",
    ]);
    let err = stderr(&o);
    assert!(
        err.starts_with(&format!("error: {} line 9: ", file.display()))
            && err.contains("criterion.confirm item 1: matches no combination"),
        "{err}"
    );
}

/// A pick added to `confirm` after the sweep finished: `--resume` plays
/// only the confirmation runs (games.csv untouched), rewrites compare.csv
/// with the file's margins, and gives the bytes of a whole run with the
/// pick from the start.
#[test]
fn resume_after_a_finished_sweep_plays_only_the_confirmation_added_later() {
    let dir = temp_dir();
    let file = dir.path().join("later.toml");
    let criterion = "[criterion]\nbaseline = { players = 3, removed = 0 }\n\
                     margins = { seat_ratio = 1.2, mean_turns = 3 }\n";
    std::fs::write(&file, format!("{HEAD}{criterion}{SWEEPS}")).unwrap();
    let out = dir.path().join("out");
    let o = run(&["run", s(&file), "--out", s(&out), "--quiet"]);
    assert!(o.status.success(), "{}", stderr(&o));
    let games = std::fs::read(out.join("games.csv")).unwrap();
    let modified = std::fs::metadata(out.join("games.csv"))
        .unwrap()
        .modified()
        .unwrap();
    assert!(!out.join("confirm.csv").exists());
    // The pick, and a new margin, added to the file.
    let criterion = "[criterion]\nbaseline = { players = 3, removed = 0 }\n\
                     margins = { seat_ratio = 1.2, mean_turns = 3, tie_rate = 0.2 }\n\
                     confirm = [{ removed = 20 }]\n";
    std::fs::write(&file, format!("{HEAD}{criterion}{SWEEPS}")).unwrap();
    let o = run(&["run", s(&file), "--out", s(&out), "--resume"]);
    assert!(o.status.success(), "{}", stderr(&o));
    let said = String::from_utf8_lossy(&o.stdout);
    assert!(
        said.contains("is finished; going on with what is left"),
        "{said}"
    );
    assert_eq!(std::fs::read(out.join("games.csv")).unwrap(), games);
    assert_eq!(
        std::fs::metadata(out.join("games.csv"))
            .unwrap()
            .modified()
            .unwrap(),
        modified
    );
    // The same files as a whole run of the final file.
    let whole = dir.path().join("whole");
    let o = run(&["run", s(&file), "--out", s(&whole), "--quiet"]);
    assert!(o.status.success(), "{}", stderr(&o));
    for name in [
        "compare.csv",
        "confirm.csv",
        "confirm/games.csv",
        "metrics.csv",
    ] {
        assert_eq!(
            std::fs::read(out.join(name)).unwrap(),
            std::fs::read(whole.join(name)).unwrap(),
            "{name}"
        );
    }
    assert!(
        csv_table(&out.join("compare.csv"))
            .iter()
            .any(|r| r["metric"] == "tie_rate" && r["margin"] == "0.2")
    );
    // A changed sweep is not "finished": --resume then refuses (nothing
    // to resume), as before.
    std::fs::write(
        &file,
        format!("{HEAD}{criterion}{SWEEPS}").replace("games = 8", "games = 10"),
    )
    .unwrap();
    let o = run(&["run", s(&file), "--out", s(&out), "--resume", "--quiet"]);
    assert_eq!(o.status.code(), Some(1), "{}", stderr(&o));
    assert!(stderr(&o).contains("nothing to resume"), "{}", stderr(&o));
}

/// A criterion's `tests` and `seats`: compare.csv has the named seats'
/// rows only, judged by the declared test (its verdict words), the
/// manifest keeps both, and bad ones are refused naming the line and key.
#[test]
fn declared_tests_and_seats_decide_compare_csv_and_bad_ones_are_refused() {
    let dir = temp_dir();
    let file = dir.path().join("tests.toml");
    let criterion = "[criterion]\nbaseline = { players = 3, removed = 0 }\n\
                     margins = { seat_ratio = 0.1, tie_rate = 0.5 }\n\
                     tests = { seat_ratio = \"non-inferior\" }\nseats = [0, 2]\n";
    std::fs::write(&file, format!("{HEAD}{criterion}{SWEEPS}")).unwrap();
    let out = dir.path().join("out");
    let o = run(&["run", s(&file), "--out", s(&out), "--quiet"]);
    assert!(o.status.success(), "{}", stderr(&o));
    let rows = csv_table(&out.join("compare.csv"));
    let seat_rows: Vec<_> = rows
        .iter()
        .filter(|r| r["metric"] == "seat_ratio")
        .collect();
    // Seats 0 and 2 of 3 players, seat 0 of 2 (the 2-player game has no
    // seat 2): against the 3-player baseline, at every player count.
    assert_eq!(seat_rows.len(), 2 * 3 + 2, "{rows:?}");
    assert!(
        seat_rows
            .iter()
            .all(|r| r["seat"] == "0" || r["seat"] == "2")
    );
    assert!(!rows.iter().any(|r| r["metric"] == "max_seat_ratio"));
    let words = ["non-inferior", "inferior", "inconclusive"];
    assert!(
        seat_rows
            .iter()
            .all(|r| words.contains(&r["verdict"].as_str())),
        "{seat_rows:?}"
    );
    // The baseline against itself: non-inferior (no change in distance).
    assert!(seat_rows.iter().any(|r| r["verdict"] == "non-inferior"));
    let md = std::fs::read_to_string(out.join("summary.md")).unwrap();
    assert!(
        md.contains(
            "- Margins: `seat_ratio = 0.1, tie_rate = 0.5`\n- Tests: `seat_ratio = non-inferior`\n\
             - Seats: `[0, 2]`\n"
        ),
        "{md}"
    );
    assert!(md.contains(&format!(
        "- `non-inferior`: {}",
        beachcomber::stats::equivalence::Verdict::NonInferior.explanation()
    )));
    let manifest = std::fs::read_to_string(out.join("manifest.json")).unwrap();
    assert!(
        manifest.contains("seat_ratio=0.1:non-inferior,tie_rate=0.5"),
        "{manifest}"
    );
    assert!(manifest.contains("\"0,2\""), "{manifest}");
    let base = "[criterion]\nbaseline = { players = 3, removed = 0 }\nmargins = { seat_ratio = 0.1, tie_rate = 0.5 }\n";
    for (tail, line, want) in [
        (
            format!("{base}tests = {{ tie_rate = \"non-inferior\" }}\n"),
            9,
            "criterion.tests.tie_rate: tie_rate has no better side",
        ),
        (
            format!("{base}tests = {{ seat_ratio = \"better\" }}\n"),
            9,
            "criterion.tests.seat_ratio: the test of seat_ratio `better` is none of",
        ),
        (
            format!("{base}tests = {{ skill_elo = \"superior\" }}\n"),
            9,
            "`skill_elo` has no margin in criterion.margins (a test needs one)",
        ),
        (
            format!("{base}seats = \"worst\"\n"),
            9,
            "criterion.seats: seats `worst` are none of",
        ),
    ] {
        std::fs::write(&file, format!("{HEAD}{tail}{SWEEPS}")).unwrap();
        file_refused(&file, &dir.path().join("bad"), line, want);
    }
}

/// `[criterion.pick]` without `confirm`: the tool picks per player count
/// from compare.csv by the rule, plays the picks again on `confirm_seed`
/// right after the sweep, and summary.md gives the pick, its confirmation
/// and the trade-off table.
#[test]
fn the_tool_picks_by_the_rule_and_confirms_its_picks_on_the_fresh_seed() {
    let dir = temp_dir();
    let file = dir.path().join("picks.toml");
    // A tie-rate margin of 2 passes every setting (a difference of two
    // shares is within ±1): the pick is the removal nearest 12.
    let criterion = "[criterion]\nbaseline = { players = 3, removed = 0 }\n\
                     margins = { tie_rate = 2 }\nconfirm_seed = 99\n\n\
                     [criterion.pick]\naccept = [{ metric = \"tie_rate\", lineup = \"random\" }]\n\
                     by = \"removed\"\ntarget = { 2 = 12, 3 = 12 }\ncorrection = \"holm\"\n\
                     table = [{ metric = \"tie_rate\", lineup = \"random\", label = \"ties\" }]\n";
    std::fs::write(&file, format!("{HEAD}{criterion}{SWEEPS}")).unwrap();
    let out = dir.path().join("out");
    let o = run(&["run", s(&file), "--out", s(&out), "--quiet"]);
    assert!(o.status.success(), "{}", stderr(&o));
    // The confirmation: the picks (removed=10 at 2 and 3 players) and the
    // baseline, on seed 99.
    let games = csv_table(&out.join("confirm/games.csv"));
    let mut played: Vec<(String, String)> = games
        .iter()
        .map(|r| (r["players"].clone(), r["removed"].clone()))
        .collect();
    played.dedup();
    assert_eq!(
        played,
        [("3", "0"), ("2", "10"), ("3", "10")].map(|(p, r)| (p.to_string(), r.to_string()))
    );
    assert!(
        games
            .iter()
            .all(|r| r["seed"] != csv_table(&out.join("games.csv"))[0]["seed"])
    );
    let rows = csv_table(&out.join("confirm.csv"));
    assert!(rows.iter().all(|r| r["removed"] == "10"), "{rows:?}");
    let md = std::fs::read_to_string(out.join("summary.md")).unwrap();
    let picks = md.split("## Picks").nth(1).expect("a Picks section");
    for players in ["2", "3"] {
        let section = picks
            .split(&format!("### {players} players"))
            .nth(1)
            .unwrap_or_else(|| panic!("{players} players: {picks}"));
        assert!(
            section.trim_start().starts_with(
                "**Pick: removed = 10** (2 of 2 settings pass uncorrected, 2 after Holm's \
                 step-down correction over the 2 settings' one-sided tests at 0.05 (valid under \
                 any dependence, such as shared deals); the pick is from the corrected passes); \
                 **confirmed**: on the confirmation's fresh seed it passes again every test the \
                 rule decides on (tie_rate (random))."
            ),
            "{section}"
        );
        assert!(
            section.contains("| setting | ties | tie_rate (random) | passes | after Holm |"),
            "{section}"
        );
        assert!(
            section.contains("| baseline: 3 players, removed = 0 | "),
            "{section}"
        );
        assert!(
            section.contains(" | equivalent | yes | **pick** |"),
            "{section}"
        );
    }
}
