//! End-to-end tests of the rule locked before the games
//! (docs/experiments.md): in a git repository the test builds, a
//! `[criterion]` must be committed before its run, on a seed no committed
//! results used (whatever file used it), unless the run reproduces the
//! file's own results or states `same_games_as`; `--exploratory` labels
//! every verdict and writes nowhere under `results/`; the manifest and
//! summary.md record the rule.

use std::path::Path;
use std::process::{Command, Output};

use crate::common::{bin, csv_table, names, stderr, temp_dir};

/// A small sweep with a criterion (the rule's margin given by `margin`).
fn study(seed: u64, margin: &str) -> String {
    format!(
        "kind = \"sweep\"\ntitle = \"Removals\"\ngame = \"seaside\"\nbots = \"random\"\n\
         games = 4\nseed = {seed}\nplayers = 2\nvary = {{ removed = [0, 10] }}\n\n\
         [criterion]\ntext = \"Fair enough.\"\nbaseline = {{ removed = 0 }}\n\
         margins = {{ seat_ratio = {margin} }}\n"
    )
}

/// `git args` in `dir` (the test's repository), which must succeed: its
/// standard output.
fn git(dir: &Path, args: &[&str]) -> String {
    let o = Command::new("git")
        .args([
            "-c",
            "user.name=Test",
            "-c",
            "user.email=test@example.com",
            "-c",
            "commit.gpgsign=false",
        ])
        .args(args)
        .current_dir(dir)
        .env_remove("GIT_DIR")
        .env_remove("GIT_WORK_TREE")
        .env_remove("GIT_INDEX_FILE")
        .output()
        .unwrap();
    assert!(o.status.success(), "git {args:?}: {}", stderr(&o));
    String::from_utf8(o.stdout).unwrap()
}

/// Commit everything in `dir` with `message`: the commit's hash and date.
pub(crate) fn commit(dir: &Path, message: &str) -> (String, String) {
    git(dir, &["add", "-A"]);
    git(dir, &["commit", "-q", "-m", message]);
    let line = git(dir, &["log", "-1", "--format=%H%x09%cI"]);
    let (hash, date) = line.trim().split_once('\t').unwrap();
    (hash.to_string(), date.to_string())
}

/// A fresh repository with `experiments/`.
pub(crate) fn repository() -> tempfile::TempDir {
    let dir = temp_dir();
    git(dir.path(), &["init", "-q"]);
    std::fs::create_dir(dir.path().join("experiments")).unwrap();
    dir
}

/// The study file of most tests.
const STUDY: &str = "experiments/study.toml";

/// A fresh repository with the study `file` (margin 0.1) on `seed`,
/// not committed.
fn repository_with(file: &str, seed: u64) -> tempfile::TempDir {
    let repo = repository();
    std::fs::write(repo.path().join(file), study(seed, "0.1")).unwrap();
    repo
}

/// A fresh repository with the study `file` on seed 7, its rule committed,
/// then run and its results committed: the repository and the results'
/// commit.
fn study_with_results(file: &str) -> (tempfile::TempDir, String) {
    let repo = repository_with(file, 7);
    let dir = repo.path();
    commit(dir, "the rule");
    let o = run_in(dir, &["run", file, "--quiet"]);
    assert!(o.status.success(), "{}", stderr(&o));
    let (results, _) = commit(dir, "the results, seed 7");
    (repo, results)
}

/// `beachcomber run args` in `dir`.
pub(crate) fn run_in(dir: &Path, args: &[&str]) -> Output {
    bin().args(args).current_dir(dir).output().unwrap()
}

/// `beachcomber run args` in `dir`, refused with exactly `error` (one
/// line), with nothing written in `dir` but what `git status` already
/// knew.
pub(crate) fn refused_in(dir: &Path, args: &[&str], error: &str) {
    let before = names(dir);
    let o = run_in(dir, args);
    assert_eq!(o.status.code(), Some(1), "{args:?}: {}", stderr(&o));
    assert_eq!(stderr(&o), format!("error: {error}\n"), "{args:?}");
    assert!(o.stdout.is_empty(), "{args:?}");
    assert_eq!(names(dir), before, "{args:?} wrote something");
}

/// The manifest's `criterion` record of the run in `dir`.
fn record(dir: &Path) -> serde_json::Value {
    let text = std::fs::read_to_string(dir.join("manifest.json")).unwrap();
    let manifest: serde_json::Value = serde_json::from_str(&text).unwrap();
    manifest["criterion"].clone()
}

/// The summary's lines that begin with `- Rule:` and the two after it.
fn rule_lines(dir: &Path) -> Vec<String> {
    let md = std::fs::read_to_string(dir.join("summary.md")).unwrap();
    md.lines()
        .skip_while(|l| !l.starts_with("- Rule:"))
        .take_while(|l| l.starts_with("- ") && !l.starts_with("- Power"))
        .map(str::to_string)
        .collect()
}

/// The criterion's hash as the tool records it (an exploratory run's
/// record, in a scratch folder).
fn hash_of(dir: &Path, file: &str) -> String {
    let scratch = temp_dir();
    let out = scratch.path().join("h");
    let o = run_in(
        dir,
        &[
            "run",
            file,
            "--exploratory",
            "--quiet",
            "--out",
            out.to_str().unwrap(),
        ],
    );
    assert!(o.status.success(), "{}", stderr(&o));
    record(&out)["hash"].as_str().unwrap().to_string()
}

#[test]
fn an_uncommitted_criterion_is_refused_and_a_committed_one_is_locked() {
    let repo = repository_with(STUDY, 7);
    let dir = repo.path();
    let file = STUDY;
    let hash = hash_of(dir, file);
    assert_eq!(hash.len(), 16);
    let refusal = |working: &str, committed: &str| {
        format!(
            "experiments/study.toml: the criterion (xxh3 {working}) is not the committed one \
             ({committed}): commit the rule before its games are played, or run with \
             --exploratory (verdicts labelled exploratory, nothing written under results/)"
        )
    };
    // Never committed.
    refused_in(
        dir,
        &["run", file, "--quiet"],
        &refusal(&hash, "it is not committed"),
    );
    let (criterion_commit, date) = commit(dir, "the rule");
    // Another edit of the file, not of its criterion: the criterion's
    // commit stays the one that wrote it.
    let text = std::fs::read_to_string(dir.join(file)).unwrap();
    std::fs::write(dir.join(file), text.replace("Removals", "Tokens removed")).unwrap();
    let (head, _) = commit(dir, "a better title");
    let o = run_in(dir, &["run", file, "--quiet"]);
    assert!(o.status.success(), "{}", stderr(&o));
    let out = dir.join("results/study");
    assert_eq!(
        record(&out),
        serde_json::json!({
            "hash": hash,
            "label": "locked",
            "commit": { "commit": criterion_commit, "date": date },
            "seed": 7,
            "results_before": null,
            "code": { "commit": head, "clean": true },
        })
    );
    assert_eq!(
        rule_lines(&out),
        [
            format!(
                "- Rule: **locked**; criterion xxh3 `{hash}`, last changed in commit `{}` \
                 ({date}); seed 7",
                &criterion_commit[..12]
            ),
            "- No results of this file were committed before the criterion".to_string(),
            "- locked: the committed criterion, decided on games no committed results used"
                .to_string(),
            format!("- Code: commit `{}`, clean tree", &head[..12]),
        ]
    );
    // The power of its 4 games a cell, planned at fair seats: a seat's
    // ratio √(1/4 + 1/4) · z(0.95), the best and worst over 4 contrasts.
    let md = std::fs::read_to_string(out.join("summary.md")).unwrap();
    let power: Vec<&str> = md.lines().filter(|l| l.starts_with("  - `")).collect();
    let below = "**below it: no outcome of these games can pass this test**";
    assert_eq!(
        power,
        [
            format!("  - `seat_ratio` (equivalent, margin 0.1): 1.1631 at 4 games; {below}"),
            format!("  - `max_seat_ratio` (equivalent, margin 0.1): 1.5849 at 4 games; {below}"),
            format!("  - `min_seat_ratio` (equivalent, margin 0.1): 1.5849 at 4 games; {below}"),
        ]
    );
    assert!(
        stderr(&o).contains(
            "warning: seat_ratio: the margin 0.1 is below the smallest difference 4 games per \
             cell can resolve (1.163)"
        ),
        "{}",
        stderr(&o)
    );
    // Verdicts of a locked run are plain.
    let verdicts: Vec<String> = csv_table(&out.join("compare.csv"))
        .into_iter()
        .map(|r| r["verdict"].clone())
        .filter(|v| !v.is_empty() && v != "none")
        .collect();
    assert!(!verdicts.is_empty());
    assert!(
        verdicts.iter().all(|v| !v.contains("exploratory")),
        "{verdicts:?}"
    );
    // An edit of the criterion, not committed: refused, naming both.
    std::fs::remove_dir_all(dir.join("results")).unwrap();
    let text = std::fs::read_to_string(dir.join(file)).unwrap();
    std::fs::write(
        dir.join(file),
        text.replace("seat_ratio = 0.1", "seat_ratio = 0.2"),
    )
    .unwrap();
    let edited = hash_of(dir, file);
    assert_ne!(edited, hash);
    refused_in(
        dir,
        &["run", file, "--quiet"],
        &refusal(
            &edited,
            &format!("uncommitted edits; the committed criterion is xxh3 {hash}"),
        ),
    );
}

#[test]
fn a_seed_of_committed_results_is_refused_under_any_name_unless_reproduced_or_stated() {
    let repo = repository_with(STUDY, 7);
    let dir = repo.path();
    let file = STUDY;
    let (criterion_commit, _) = commit(dir, "the rule");
    let o = run_in(dir, &["run", file, "--quiet"]);
    assert!(o.status.success(), "{}", stderr(&o));
    let (results_commit, _) = commit(dir, "the results");
    // The same rule and seed again, elsewhere: a reproduction.
    let again = dir.join("again");
    let o = run_in(dir, &["run", file, "--quiet", "--out", "again"]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert_eq!(record(&again)["label"], "reproduction");
    assert_eq!(
        record(&again)["commit"]["commit"],
        criterion_commit.as_str()
    );
    assert_eq!(
        rule_lines(&again)[2],
        "- reproduction: the committed criterion and the seed of this file's committed \
         results: the same games again"
    );
    // The games are the committed ones.
    assert_eq!(
        std::fs::read(again.join("games.csv")).unwrap(),
        std::fs::read(dir.join("results/study/games.csv")).unwrap()
    );
    std::fs::remove_dir_all(&again).unwrap();
    // A new rule on the same seed: the published games are known.
    let text = std::fs::read_to_string(dir.join(file)).unwrap();
    std::fs::write(
        dir.join(file),
        text.replace("seat_ratio = 0.1", "seat_ratio = 0.3"),
    )
    .unwrap();
    commit(dir, "a looser rule, after the results");
    let used = |at: &str, by: &str| {
        format!(
            "{at}: the seed 7 was used by the committed results `{by}` (commit {}): a locked \
             rule is decided on games nobody has seen; choose a seed no committed results used \
             (unused: 8, 9, 10), or state `same_games_as = \"<commit>\"` in [criterion]",
            &results_commit[..7]
        )
    };
    refused_in(
        dir,
        &["run", file, "--quiet", "--out", "again"],
        &used(
            "experiments/study.toml line 6",
            "results/study/manifest.json",
        ),
    );
    // Renamed: its own results are elsewhere, the seed still known.
    git(dir, &["mv", file, "experiments/renamed.toml"]);
    commit(dir, "renamed");
    refused_in(
        dir,
        &[
            "run",
            "experiments/renamed.toml",
            "--quiet",
            "--out",
            "again",
        ],
        &used(
            "experiments/renamed.toml line 6",
            "results/study/manifest.json",
        ),
    );
    // Stated: allowed, and the header says so.
    let renamed = dir.join("experiments/renamed.toml");
    let text = std::fs::read_to_string(&renamed).unwrap();
    std::fs::write(
        &renamed,
        format!("{text}same_games_as = \"{results_commit}\"\n"),
    )
    .unwrap();
    commit(dir, "the same games, stated");
    let o = run_in(
        dir,
        &[
            "run",
            "experiments/renamed.toml",
            "--quiet",
            "--out",
            "again",
        ],
    );
    assert!(o.status.success(), "{}", stderr(&o));
    let label = format!("same games as {results_commit}");
    assert_eq!(record(&again)["label"], label.as_str());
    let lines = rule_lines(&again);
    assert!(
        lines[0].starts_with(&format!("- Rule: **{label}**;")),
        "{lines:?}"
    );
    assert_eq!(
        lines[2],
        format!(
            "- {label}: the criterion states that it plays the games already published in \
             `{results_commit}` (`same_games_as`): they were known when it was written"
        )
    );
    // The file's results (results/renamed/) were never committed.
    assert_eq!(
        lines[1],
        "- No results of this file were committed before the criterion"
    );
    // Committed as its results, a run of them under the same rule is a
    // reproduction, not "same games as" again.
    std::fs::create_dir_all(dir.join("results")).unwrap();
    std::fs::rename(&again, dir.join("results/renamed")).unwrap();
    git(dir, &["add", "results/renamed/manifest.json"]);
    commit(dir, "renamed's results");
    let o = run_in(
        dir,
        &[
            "run",
            "experiments/renamed.toml",
            "--quiet",
            "--out",
            "again",
        ],
    );
    assert!(o.status.success(), "{}", stderr(&o));
    assert_eq!(record(&again)["label"], "reproduction");
    std::fs::remove_dir_all(&again).unwrap();
    // A commit that does not exist is refused.
    let text = std::fs::read_to_string(&renamed).unwrap();
    std::fs::write(&renamed, text.replace(&results_commit, "no-such-commit")).unwrap();
    commit(dir, "a wrong commit");
    refused_in(
        dir,
        &[
            "run",
            "experiments/renamed.toml",
            "--quiet",
            "--out",
            "again",
        ],
        "experiments/renamed.toml line 14: criterion.same_games_as: `no-such-commit` is not a \
         commit of the repository",
    );
}

#[test]
fn results_committed_before_the_rule_are_stated() {
    let repo = repository();
    let dir = repo.path();
    let file = "experiments/study.toml";
    // The games first (no criterion), then a rule written after them, on
    // a fresh seed.
    let plain = study(7, "0.1");
    let plain = plain.split("\n[criterion]").next().unwrap().to_string();
    std::fs::write(dir.join(file), &plain).unwrap();
    commit(dir, "the file");
    let o = run_in(dir, &["run", file, "--quiet"]);
    assert!(o.status.success(), "{}", stderr(&o));
    // Without a criterion the manifest records no rule.
    assert_eq!(record(&dir.join("results/study")), serde_json::Value::Null);
    let (results_commit, results_date) = commit(dir, "the results");
    std::fs::write(dir.join(file), study(8, "0.1")).unwrap();
    commit(dir, "a rule, after the results");
    let o = run_in(dir, &["run", file, "--quiet", "--out", "fresh"]);
    assert!(o.status.success(), "{}", stderr(&o));
    let fresh = dir.join("fresh");
    assert_eq!(record(&fresh)["label"], "locked");
    assert_eq!(
        record(&fresh)["results_before"],
        serde_json::json!({ "commit": results_commit, "date": results_date })
    );
    assert_eq!(
        rule_lines(&fresh)[1],
        format!(
            "- Results of this file were committed before the criterion, in `{}` \
             ({results_date}): the rule was written with them known",
            &results_commit[..12]
        )
    );
}

#[test]
fn exploratory_labels_every_verdict_and_writes_nowhere_under_results() {
    let repo = repository();
    let dir = repo.path();
    let file = "experiments/draft.toml";
    std::fs::write(dir.join(file), study(7, "0.1")).unwrap();
    let results = dir.canonicalize().unwrap().join("results");
    let under = |out: &str| {
        format!(
            "an exploratory run (--exploratory, --quick) writes nowhere under `{}`, and \
             `{out}` is: give --out DIR elsewhere",
            results.display()
        )
    };
    // The default folder is results/NAME/.
    refused_in(
        dir,
        &["run", file, "--exploratory", "--quiet"],
        &under("results/draft"),
    );
    refused_in(
        dir,
        &["run", file, "--quick", "--quiet", "--out", "results/q"],
        &under("results/q"),
    );
    let o = run_in(
        dir,
        &["run", file, "--exploratory", "--quiet", "--out", "scratch"],
    );
    assert!(o.status.success(), "{}", stderr(&o));
    let scratch = dir.join("scratch");
    let r = record(&scratch);
    assert_eq!(r["label"], "exploratory");
    // Not committed: no commit.
    assert_eq!(r["commit"], serde_json::Value::Null);
    assert_eq!(
        rule_lines(&scratch),
        [
            format!(
                "- Rule: **exploratory**; criterion xxh3 `{}`, in no commit; seed 7",
                r["hash"].as_str().unwrap()
            ),
            "- exploratory: every verdict is exploratory (the criterion need not be \
             committed, the seed may repeat published games); not an answer"
                .to_string(),
            "- Code: no commit, changed tree (first change `experiments/draft.toml`): \
             exploratory, not an answer"
                .to_string(),
        ]
    );
    let verdicts: Vec<String> = csv_table(&scratch.join("compare.csv"))
        .into_iter()
        .map(|r| r["verdict"].clone())
        .filter(|v| !v.is_empty() && v != "none")
        .collect();
    assert!(!verdicts.is_empty());
    for v in &verdicts {
        let word = v
            .strip_prefix("exploratory: ")
            .unwrap_or_else(|| panic!("{v}"));
        assert!(
            ["equivalent", "better", "worse", "differs", "inconclusive"].contains(&word),
            "{v}"
        );
    }
    let md = std::fs::read_to_string(scratch.join("summary.md")).unwrap();
    assert!(md.contains("| exploratory: "), "{md}");
    assert!(
        md.contains("Generated by `beachcomber run experiments/draft.toml --exploratory`"),
        "{md}"
    );
}

#[test]
fn outside_a_repository_a_criterion_has_no_git_provenance() {
    let dir = temp_dir();
    let file = dir.path().join("study.toml");
    std::fs::write(&file, study(7, "0.1")).unwrap();
    let o = run_in(
        dir.path(),
        &["run", "study.toml", "--quiet", "--out", "out"],
    );
    assert!(o.status.success(), "{}", stderr(&o));
    let out = dir.path().join("out");
    assert_eq!(record(&out)["label"], "no git provenance");
    assert_eq!(record(&out)["commit"], serde_json::Value::Null);
    let lines = rule_lines(&out);
    assert_eq!(lines.len(), 2, "{lines:?}");
    assert_eq!(
        lines[1],
        "- no git provenance: the file is in no git repository: nothing shows the criterion \
         was written before the games"
    );
}

#[test]
fn a_report_drawn_again_under_an_edited_criterion_is_refused() {
    let repo = repository_with(STUDY, 7);
    let dir = repo.path();
    let file = STUDY;
    let hash = hash_of(dir, file);
    commit(dir, "the rule");
    let o = run_in(dir, &["run", file, "--quiet"]);
    assert!(o.status.success(), "{}", stderr(&o));
    let out = dir.join("results/study");
    let summary = std::fs::read(out.join("summary.md")).unwrap();
    // Another edit of the file, not of its criterion: redrawn, still the
    // locked rule it was played under.
    let text = std::fs::read_to_string(dir.join(file)).unwrap();
    std::fs::write(dir.join(file), text.replace("Removals", "Tokens removed")).unwrap();
    let o = run_in(dir, &["run", file, "--quiet", "--report-only"]);
    assert!(o.status.success(), "{}", stderr(&o));
    let lines = rule_lines(&out);
    assert!(
        lines[0].starts_with(&format!("- Rule: **locked**; criterion xxh3 `{hash}`")),
        "{lines:?}"
    );
    std::fs::write(out.join("summary.md"), &summary).unwrap();
    // The criterion edited: its margins are not the ones the verdicts were
    // decided by. Refused, uncommitted or committed, summary.md untouched.
    let text = std::fs::read_to_string(dir.join(file)).unwrap();
    std::fs::write(
        dir.join(file),
        text.replace("seat_ratio = 0.1", "seat_ratio = 0.2"),
    )
    .unwrap();
    let edited = hash_of(dir, file);
    assert_ne!(edited, hash);
    let refusal = format!(
        "experiments/study.toml: --report-only: the criterion (xxh3 {edited}) is not the \
         rule `results/study/manifest.json` records its games were played under (xxh3 \
         {hash}): a report would print one rule over verdicts decided by the other; restore \
         the criterion, or play its games (run it again, or with --exploratory --out DIR)"
    );
    refused_in(dir, &["run", file, "--quiet", "--report-only"], &refusal);
    assert_eq!(std::fs::read(out.join("summary.md")).unwrap(), summary);
    commit(dir, "a looser rule");
    refused_in(dir, &["run", file, "--quiet", "--report-only"], &refusal);
    assert_eq!(std::fs::read(out.join("summary.md")).unwrap(), summary);
    // The criterion removed: refused too.
    let text = std::fs::read_to_string(dir.join(file)).unwrap();
    let plain = text.split("\n[criterion]").next().unwrap().to_string();
    std::fs::write(dir.join(file), plain).unwrap();
    refused_in(
        dir,
        &["run", file, "--quiet", "--report-only"],
        &format!(
            "experiments/study.toml: --report-only: the file's lack of a criterion is not the \
             rule `results/study/manifest.json` records its games were played under (xxh3 \
             {hash}): a report would print one rule over verdicts decided by the other; \
             restore the criterion, or play its games (run it again, or with --exploratory \
             --out DIR)"
        ),
    );
}

#[test]
fn a_run_under_results_from_a_changed_tree_is_refused_and_an_exploratory_one_says_so() {
    let repo = repository_with(STUDY, 7);
    let dir = repo.path();
    let file = STUDY;
    std::fs::create_dir(dir.join("src")).unwrap();
    std::fs::write(dir.join("src/lib.rs"), "pub fn f() {}\n").unwrap();
    std::fs::write(dir.join(".gitignore"), "target/\n").unwrap();
    let (head, _) = commit(dir, "the rule and the code");
    // Ignored paths do not count.
    std::fs::create_dir(dir.join("target")).unwrap();
    std::fs::write(dir.join("target/build.log"), "x").unwrap();
    // A source file edited after the commit.
    std::fs::write(dir.join("src/lib.rs"), "pub fn f() { g() }\n").unwrap();
    let changed = |path: &str| {
        format!(
            "experiments/study.toml: the tree has changes (first: `{path}`): results under \
             results/ are made from committed code; commit the changes, or run with \
             --exploratory --out DIR (labelled exploratory)"
        )
    };
    refused_in(dir, &["run", file, "--quiet"], &changed("src/lib.rs"));
    // Exploratory: played, and labelled from a changed tree.
    let o = run_in(
        dir,
        &["run", file, "--exploratory", "--quiet", "--out", "scratch"],
    );
    assert!(o.status.success(), "{}", stderr(&o));
    let scratch = dir.join("scratch");
    assert_eq!(
        record(&scratch)["code"],
        serde_json::json!({ "commit": head, "clean": false, "changed": "src/lib.rs" })
    );
    assert_eq!(
        rule_lines(&scratch).last().unwrap(),
        &format!(
            "- Code: commit `{}`, changed tree (first change `src/lib.rs`): exploratory, not \
             an answer",
            &head[..12]
        )
    );
    std::fs::remove_dir_all(&scratch).unwrap();
    // An untracked file counts too.
    git(dir, &["checkout", "--", "src/lib.rs"]);
    std::fs::write(dir.join("notes.txt"), "draft").unwrap();
    refused_in(dir, &["run", file, "--quiet"], &changed("notes.txt"));
    std::fs::remove_file(dir.join("notes.txt")).unwrap();
    // The run's own folder does not: a second run into results/study/
    // (its first run's files untracked) is made from a clean tree.
    let o = run_in(dir, &["run", file, "--quiet"]);
    assert!(o.status.success(), "{}", stderr(&o));
    let o = run_in(dir, &["run", file, "--quiet"]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert_eq!(
        record(&dir.join("results/study"))["code"],
        serde_json::json!({ "commit": head, "clean": true })
    );
}

#[test]
fn a_seed_used_by_an_older_version_of_any_committed_results_is_refused_with_unused_seeds() {
    let (repo, first) = study_with_results("experiments/old.toml");
    let dir = repo.path();
    // The study moves on to seed 9: HEAD's manifest no longer holds 7.
    std::fs::write(dir.join("experiments/old.toml"), study(9, "0.1")).unwrap();
    commit(dir, "the old rule on seed 9");
    std::fs::remove_dir_all(dir.join("results/old")).unwrap();
    let o = run_in(dir, &["run", "experiments/old.toml", "--quiet"]);
    assert!(o.status.success(), "{}", stderr(&o));
    commit(dir, "the old results, seed 9");
    // A new study on seed 7: used by the first version, found in history;
    // the unused seeds skip 9 (used by the second version).
    std::fs::write(dir.join("experiments/new.toml"), study(7, "0.2")).unwrap();
    commit(dir, "the new rule");
    refused_in(
        dir,
        &["run", "experiments/new.toml", "--quiet"],
        &format!(
            "experiments/new.toml line 6: the seed 7 was used by the committed results \
             `results/old/manifest.json` (commit {}): a locked rule is decided on games nobody \
             has seen; choose a seed no committed results used (unused: 8, 10, 11), or state \
             `same_games_as = \"<commit>\"` in [criterion]",
            &first[..7]
        ),
    );
    // A proposed seed is accepted.
    std::fs::write(dir.join("experiments/new.toml"), study(8, "0.2")).unwrap();
    commit(dir, "the new rule on seed 8");
    let o = run_in(dir, &["run", "experiments/new.toml", "--quiet"]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert_eq!(record(&dir.join("results/new"))["label"], "locked");
}

/// A run the lock lets through on a seed another file's committed results
/// used (here `same_games_as`, then a reproduction of its own results, as
/// `seaside-removals-searcher`'s seed 20261205 after the first
/// `seaside-removals` confirmation's) says so: a `warning:` per use, the
/// record's `shared_seeds`, a line under the rule in summary.md.
#[test]
fn a_seed_let_through_that_another_file_s_results_used_is_flagged() {
    let (repo, first) = study_with_results("experiments/first.toml");
    let dir = repo.path();
    // Another file on seed 7, stating it plays published games.
    std::fs::write(
        dir.join("experiments/second.toml"),
        format!(
            "{}same_games_as = \"{first}\"\n",
            study(7, "0.2").replace("Removals", "Second")
        ),
    )
    .unwrap();
    commit(dir, "the second rule, on the same games");
    let warning = format!(
        "warning: the seed 7 was also used by the committed results \
         `results/first/manifest.json` (commit {}), another file's: games dealt from it were \
         published before this run, so on the settings both play, this run's deals are not \
         fresh",
        &first[..7]
    );
    let o = run_in(dir, &["run", "experiments/second.toml", "--quiet"]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert_eq!(stderr(&o).lines().next(), Some(warning.as_str()));
    let results = dir.join("results/second");
    let shared = serde_json::json!([{
        "seed": 7, "by": "results/first/manifest.json", "commit": first
    }]);
    assert_eq!(record(&results)["shared_seeds"], shared);
    let line = format!("- Shared seed: {}", warning.trim_start_matches("warning: "));
    assert!(
        rule_lines(&results).contains(&line),
        "{:?}",
        rule_lines(&results)
    );
    // Its own results committed, a run of them again is a reproduction,
    // and still flagged.
    commit(dir, "the second results");
    let o = run_in(
        dir,
        &[
            "run",
            "experiments/second.toml",
            "--quiet",
            "--out",
            "again",
        ],
    );
    assert!(o.status.success(), "{}", stderr(&o));
    assert_eq!(stderr(&o).lines().next(), Some(warning.as_str()));
    let again = dir.join("again");
    assert_eq!(record(&again)["label"], "reproduction");
    assert_eq!(record(&again)["shared_seeds"], shared);
    // A file's own results on its seed are no other file's: the first
    // study's reproduction shares its seed with the second's results.
    let o = run_in(
        dir,
        &[
            "run",
            "experiments/first.toml",
            "--quiet",
            "--out",
            "first-again",
        ],
    );
    assert!(o.status.success(), "{}", stderr(&o));
    let own = record(&dir.join("first-again"));
    assert_eq!(own["label"], "reproduction");
    assert_eq!(own["shared_seeds"][0]["by"], "results/second/manifest.json");
    assert_eq!(own["shared_seeds"].as_array().unwrap().len(), 1);
}
