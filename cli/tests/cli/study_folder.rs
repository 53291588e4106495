//! A study's folder changes whole or not at all (docs/experiments.md): a
//! run writes into a staging folder beside it (`.NAME.staging`) and swaps
//! it in once everything is written, so that a run killed or failing
//! before its end leaves the old folder byte for byte (and `--resume`
//! finds its checkpoint in the staging folder); a plot that cannot be
//! drawn is a warning on stderr and in summary.md, never the loss of the
//! run's answer (and a failure under `--quick`).

use std::path::Path;
use std::process::Output;

use crate::common::{bin, read, s, stderr, temp_dir};

/// A small sweep with a criterion, its `plots` appended.
fn study(seed: u64, plots: &str) -> String {
    format!(
        "kind = \"sweep\"\ntitle = \"Removals\"\ngame = \"seaside\"\nbots = \"random\"\n\
         games = 40\nseed = {seed}\nplayers = [2, 3]\nvary = {{ removed = [0, 10] }}\n\n\
         [criterion]\ntext = \"Fair enough.\"\nbaseline = {{ players = 2, removed = 0 }}\n\
         margins = {{ seat_ratio = 3 }}\n{plots}"
    )
}

/// A plot that draws: one line per player count.
const GOOD: &str = "\n[[plot]]\nx = \"removed\"\ny = \"win_share\"\nby = \"players\"\n\
                    where = { seat = 0 }\nfile = \"good.svg\"\n";

/// A plot that cannot be drawn: two rows (2 and 3 players) per removal.
const BAD: &str = "\n[[plot]]\nx = \"removed\"\ny = \"win_share\"\nwhere = { seat = 0 }\n\
                   file = \"bad.svg\"\n";

/// Every file under `dir` with its bytes, sorted by path.
fn tree(dir: &Path) -> Vec<(String, Vec<u8>)> {
    let mut out = Vec::new();
    let mut stack = vec![dir.to_path_buf()];
    while let Some(d) = stack.pop() {
        for e in std::fs::read_dir(&d).unwrap() {
            let p = e.unwrap().path();
            let name = p.strip_prefix(dir).unwrap().to_string_lossy().into_owned();
            if p.is_dir() {
                out.push((format!("{name}/"), Vec::new()));
                stack.push(p);
            } else {
                out.push((name, std::fs::read(&p).unwrap()));
            }
        }
    }
    out.sort();
    out
}

/// That `dir` holds exactly `before` (names and bytes), saying which files
/// differ when not.
fn assert_unchanged(dir: &Path, before: &[(String, Vec<u8>)]) {
    let now = tree(dir);
    let differ: Vec<&str> = now
        .iter()
        .chain(before)
        .filter(|f| !now.contains(f) || !before.contains(f))
        .map(|(name, _)| name.as_str())
        .collect();
    assert!(differ.is_empty(), "{} changed: {differ:?}", dir.display());
}

/// `beachcomber run file --quiet --out out extra...`, with the failpoint
/// `point` if any.
fn run(file: &Path, out: &Path, extra: &[&str], point: Option<&str>) -> Output {
    let mut cmd = bin();
    cmd.args(["run", s(file), "--quiet", "--out", s(out)])
        .args(["--threads", "1", "--checkpoint-every", "0"])
        .args(extra);
    if let Some(point) = point {
        cmd.env("BEACHCOMBER_FAILPOINT", point);
    }
    cmd.output().unwrap()
}

#[test]
fn a_plot_that_cannot_be_drawn_is_a_warning_and_the_answer_is_kept() {
    let dir = temp_dir();
    let file = dir.path().join("study.toml");
    std::fs::write(&file, study(7, &format!("{BAD}{GOOD}"))).unwrap();
    let out = dir.path().join("out");
    let warning = "plot `bad.svg`: 2 rows for removed=0: add `where` or `by` to the [[plot]] \
                   table (e.g. where = { players = \"2\" })";
    let o = run(&file, &out, &[], None);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert_eq!(stderr(&o), format!("warning: {warning}\n"));
    let md = read(&out.join("summary.md"));
    assert!(
        md.contains(&format!("\n**Not drawn**: {warning}\n")),
        "{md}"
    );
    assert!(md.contains("\n## Answer\n"), "{md}");
    assert!(md.contains("![good.svg](good.svg)"), "{md}");
    assert!(!md.contains("![bad.svg]"), "{md}");
    assert!(read(&out.join("good.svg")).starts_with("<svg"));
    assert!(!out.join("bad.svg").exists());
    // Redrawn (--report-only) in place: a figure file of that name is kept
    // (a committed one may lack its input), summary.md does not show it.
    std::fs::write(out.join("bad.svg"), "<svg/>").unwrap();
    let o = run(&file, &out, &["--report-only"], None);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert_eq!(stderr(&o), format!("warning: {warning}\n"));
    assert_eq!(read(&out.join("bad.svg")), "<svg/>");
    assert!(read(&out.join("summary.md")).contains(&format!("**Not drawn**: {warning}")));
    // --quick: everything written, then a failure naming the warnings.
    let quick = dir.path().join("quick");
    let o = run(&file, &quick, &["--quick"], None);
    assert_eq!(o.status.code(), Some(1), "{}", stderr(&o));
    assert_eq!(
        stderr(&o),
        format!(
            "warning: {warning}\nerror: --quick: 1 plot(s) could not be drawn (the warnings \
             above; summary.md in {} says which): a committed experiment file's [[plot]] \
             tables must draw\n",
            s(&quick)
        )
    );
    assert!(read(&quick.join("summary.md")).contains(&format!("**Not drawn**: {warning}")));
    // Redrawn after the table is fixed: the figure is there, no warning.
    std::fs::write(
        &file,
        study(
            7,
            &format!(
                "{}{GOOD}",
                BAD.replace("where = { seat = 0 }", "where = { seat = 0, players = 3 }")
            ),
        ),
    )
    .unwrap();
    let o = run(&file, &out, &["--report-only"], None);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert_eq!(stderr(&o), "");
    assert!(read(&out.join("bad.svg")).starts_with("<svg"));
    assert!(read(&out.join("summary.md")).contains("![bad.svg](bad.svg)"));
    // The flags' version of the same figure names the flags.
    let o = bin()
        .args([
            "plot",
            s(&out.join("metrics.csv")),
            "--x",
            "removed",
            "--y",
            "win_share",
        ])
        .args(["--where", "seat=0", "--out", s(&dir.path().join("f.svg"))])
        .output()
        .unwrap();
    assert_eq!(
        stderr(&o),
        "error: 2 rows for removed=0: add --where or --by (e.g. --where players=2)\n"
    );
}

#[test]
fn a_run_killed_or_failing_before_its_end_leaves_the_old_folder_as_it_was() {
    let dir = temp_dir();
    let file = dir.path().join("study.toml");
    std::fs::write(&file, study(7, GOOD)).unwrap();
    let out = dir.path().join("out");
    let staging = dir.path().join(".out.staging");
    let o = run(&file, &out, &[], None);
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(!staging.exists());
    // The study's own notes, beside its results.
    std::fs::write(out.join("README.md"), "notes").unwrap();
    let before = tree(&out);
    // Other games (another seed), killed in the middle of the sweep.
    std::fs::write(&file, study(8, GOOD)).unwrap();
    let o = run(&file, &out, &[], Some("mid-run-checkpoint"));
    assert_eq!(o.status.code(), Some(86), "{}", stderr(&o));
    assert_unchanged(&out, &before);
    assert!(staging.join("checkpoint.json").exists());
    // A fresh run finds the interrupted one's checkpoint, as in the folder.
    let o = run(&file, &out, &[], None);
    assert_eq!(o.status.code(), Some(1), "{}", stderr(&o));
    assert!(
        stderr(&o).contains(&format!(
            "`{}` exists: an interrupted run with these outputs can be continued with --resume",
            s(&staging.join("checkpoint.json"))
        )),
        "{}",
        stderr(&o)
    );
    assert_unchanged(&out, &before);
    // Resumed, and killed again once everything is written, before the
    // swap: still the old folder.
    let o = run(&file, &out, &["--resume"], Some("before-swap"));
    assert_eq!(o.status.code(), Some(86), "{}", stderr(&o));
    assert_unchanged(&out, &before);
    assert!(staging.join("summary.md").exists());
    // Resumed to its end: the new results in place, the notes kept.
    let o = run(&file, &out, &["--resume"], None);
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(!staging.exists());
    let after = tree(&out);
    assert_ne!(after, before);
    assert_eq!(read(&out.join("README.md")), "notes");
    // A run that fails once its games are played (summary.md cannot be
    // written: a folder of that name in the staging folder): an error, the
    // folder as it was.
    let before = tree(&out);
    std::fs::write(&file, study(9, GOOD)).unwrap();
    std::fs::create_dir_all(staging.join("summary.md")).unwrap();
    let o = run(&file, &out, &[], None);
    assert_eq!(o.status.code(), Some(1), "{}", stderr(&o));
    assert!(stderr(&o).starts_with("error: "), "{}", stderr(&o));
    assert!(staging.join("games.csv").exists());
    assert_unchanged(&out, &before);
    std::fs::remove_dir_all(&staging).unwrap();
    std::fs::write(&file, study(8, GOOD)).unwrap();
    // The same files as a run of seed 8 from the start, elsewhere.
    let fresh = dir.path().join("fresh");
    let o = run(&file, &fresh, &[], None);
    assert!(o.status.success(), "{}", stderr(&o));
    for f in ["games.csv", "metrics.csv", "compare.csv", "good.svg"] {
        assert_eq!(
            std::fs::read(out.join(f)).unwrap(),
            std::fs::read(fresh.join(f)).unwrap(),
            "{f}"
        );
    }
    // The manifest names its outputs where they are now.
    let manifest: serde_json::Value =
        serde_json::from_str(&read(&out.join("manifest.json"))).unwrap();
    let outputs = manifest["description"]["outputs"].as_array().unwrap();
    let games = out.canonicalize().unwrap().join("games.csv");
    assert_eq!(outputs[0][1], s(&games), "{outputs:?}");
}

#[test]
fn a_plot_tables_warnings_name_its_keys_and_the_results_folder() {
    let dir = temp_dir();
    let file = dir.path().join("study.toml");
    let plots = "\n[[plot]]\nx = \"removed\"\ny = \"win_share\"\nwhere = { seat = 9 }\n\
                 file = \"none.svg\"\n\n[[plot]]\nx = \"removed\"\ny = \"win_share\"\n\
                 where = { sea = 0 }\nfile = \"nocol.svg\"\n\n[[plot]]\nx = \"removed\"\n\
                 y = \"win_share\"\nby = \"players\"\nwhere = { seat = 0 }\n\
                 reference = [\"players=2\"]\nfile = \"ref.svg\"\n";
    std::fs::write(&file, study(7, plots)).unwrap();
    let out = dir.path().join("out");
    let o = run(&file, &out, &[], None);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let err = stderr(&o);
    let lines: Vec<&str> = err.lines().collect();
    assert_eq!(lines.len(), 3, "{err}");
    let csv = s(&out.join("metrics.csv")).to_string();
    assert_eq!(
        lines[0],
        format!("warning: plot `none.svg`: no rows left after `where` seat=9 (10 rows in {csv})")
    );
    assert!(
        lines[1].starts_with(&format!(
            "warning: plot `nocol.svg`: `where` column `sea` is not in {csv} (its columns: \
             removed, players, "
        )),
        "{}",
        lines[1]
    );
    assert_eq!(
        lines[2],
        "warning: plot `ref.svg`: the `reference` series players=2 has 2 points: a reference \
         is one point (a baseline, drawn as a level line), so narrow it with `where`"
    );
    let md = read(&out.join("summary.md"));
    for line in &lines {
        let warning = line.strip_prefix("warning: ").unwrap();
        assert!(md.contains(&format!("**Not drawn**: {warning}\n")), "{md}");
    }
}
