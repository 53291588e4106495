//! End-to-end tests of the games table as Parquet (`--out NAME.parquet`,
//! `sweep --format parquet`; docs/tournaments.md): the same bytes at any
//! thread count, after an interruption and `--resume` (at every step of
//! the finish), and from merged shards; read back by `merge`, `plot` and a
//! sweep's comparison exactly as the CSV of the same run; bad Parquet
//! input and outputs refused in one line.

use crate::common::*;

use std::path::Path;

/// Run the argument line `line` (see [`run_line`]), which must succeed.
fn go(line: &str) {
    let o = run_line(line);
    assert!(o.status.success(), "{line}: {}", stderr(&o));
}

/// The bytes of `dir/name`.
fn bytes(dir: &Path, name: &str) -> Vec<u8> {
    std::fs::read(dir.join(name)).unwrap_or_else(|e| panic!("{name}: {e}"))
}

/// `line` fails with exit status 1 and a one-line error containing `want`.
fn one_line_error(line: &str, want: &str) -> String {
    let o = run_line(line);
    let err = stderr(&o);
    assert_eq!(o.status.code(), Some(1), "{line}: {err}");
    assert_eq!(err.lines().count(), 1, "{line}: one line: {err}");
    assert!(err.starts_with("error: "), "{err}");
    assert!(err.contains(want), "{line}: want `{want}` in: {err}");
    assert!(!err.contains("panicked"), "{err}");
    err
}

const TOURNAMENT: &str = "tournament --game seaside --players 3 --bots greedy,random,random \
                          --games 300 --seed 5 --quiet --quality";

#[test]
fn a_parquet_out_is_the_same_at_any_thread_count_and_reads_back_as_the_csv() {
    let tmp = temp_dir();
    let d = tmp.path();
    let at = |name: &str| s(&d.join(name)).to_string();
    go(&format!("{TOURNAMENT} --threads 2 --out {}", at("g.csv")));
    go(&format!(
        "{TOURNAMENT} --threads 1 --out {}",
        at("g1.parquet")
    ));
    go(&format!(
        "{TOURNAMENT} --threads 2 --out {}",
        at("g2.parquet")
    ));
    let parquet = bytes(d, "g1.parquet");
    assert!(parquet.starts_with(b"PAR1") && parquet.ends_with(b"PAR1"));
    assert!(parquet == bytes(d, "g2.parquet"), "1 and 2 threads differ");
    assert!(
        parquet.len() * 3 < bytes(d, "g.csv").len(),
        "smaller than the CSV"
    );
    // The manifest records the Parquet file; no partial file is left.
    let manifest: serde_json::Value =
        serde_json::from_str(&read(&d.join("g1.parquet.manifest.json"))).unwrap();
    assert_eq!(manifest["files"][0]["output"], "--out");
    assert_eq!(manifest["files"][0]["bytes"], parquet.len() as u64);
    assert!(
        !names(d).iter().any(|n| n.contains("partial")),
        "{:?}",
        names(d)
    );
    // `merge` of the whole run (one shard of one) reads it back: the CSV
    // to the byte, and the CSV gives the Parquet file to the byte.
    go(&format!(
        "merge --quiet {} --out {}",
        at("g1.parquet"),
        at("back.csv")
    ));
    assert!(
        bytes(d, "back.csv") == bytes(d, "g.csv"),
        "Parquet read back as CSV"
    );
    go(&format!(
        "merge --quiet {} --out {}",
        at("g.csv"),
        at("back.parquet")
    ));
    assert!(
        bytes(d, "back.parquet") == parquet,
        "CSV merged into Parquet"
    );
    // `plot` draws the same figures from either.
    for (fig, args) in [
        ("turns", "--kind hist --x turns --by seat"),
        ("drama", "--kind hist --x drama --where bot=random"),
    ] {
        go(&format!(
            "plot {} {args} --out {}",
            at("g.csv"),
            at(&format!("{fig}-csv.svg"))
        ));
        go(&format!(
            "plot {} {args} --out {}",
            at("g1.parquet"),
            at(&format!("{fig}-pq.svg"))
        ));
        assert!(
            bytes(d, &format!("{fig}-csv.svg")) == bytes(d, &format!("{fig}-pq.svg")),
            "{fig}: the figures differ"
        );
    }
    // A league likewise.
    let league = "league --game shell-dash --players 2 --bots greedy,random,ismcts(iterations=10) \
                  --games-per-pairing 20 --seed 4 --quiet";
    go(&format!("{league} --threads 1 --out {}", at("l.csv")));
    go(&format!("{league} --threads 1 --out {}", at("l1.parquet")));
    go(&format!("{league} --threads 2 --out {}", at("l2.parquet")));
    assert!(bytes(d, "l1.parquet") == bytes(d, "l2.parquet"));
    go(&format!(
        "merge --quiet {} --out {}",
        at("l2.parquet"),
        at("lback.csv")
    ));
    assert!(bytes(d, "lback.csv") == bytes(d, "l.csv"));
}

/// A tournament killed by failpoints, resumed: 2-player Seashells.
fn killed_run(dir: &Path, extra: &str) -> String {
    format!(
        "tournament --game seashells --players 2 --bots greedy(worlds=8),random --games 1000 \
         --seed 11 --quiet --checkpoint-every 0 --out {} --record {} {extra}",
        s(&dir.join("g.parquet")),
        s(&dir.join("r.jsonl.zst"))
    )
}

#[test]
fn an_interrupted_parquet_run_resumes_to_the_same_bytes_at_every_step() {
    let whole = temp_dir();
    go(&killed_run(whole.path(), "--threads 2"));
    let want = bytes(whole.path(), "g.parquet");
    let records = bytes(whole.path(), "r.jsonl.zst");
    let done = ["g.parquet", "g.parquet.manifest.json", "r.jsonl.zst"];
    assert_eq!(names(whole.path()), done);
    for point in [
        "mid-run-checkpoint",
        "finish-checkpoint",
        "after-rename-1",
        "after-manifest",
    ] {
        let tmp = temp_dir();
        let d = tmp.path();
        let o = bin()
            .args(words(&killed_run(d, "--threads 1")))
            .env("BEACHCOMBER_FAILPOINT", point)
            .output()
            .unwrap();
        assert_eq!(o.status.code(), Some(86), "{point}: {}", stderr(&o));
        if point == "mid-run-checkpoint" {
            // The partial file holds the CSV text of the games so far.
            let partial = bytes(d, "g.parquet.partial");
            assert!(partial.starts_with(b"game,deal,rotation,seed,seat,bot,"));
            assert!(!d.join("g.parquet").exists());
        }
        go(&killed_run(d, "--threads 2 --resume"));
        assert!(
            bytes(d, "g.parquet") == want,
            "{point}: the Parquet file differs"
        );
        assert!(
            bytes(d, "r.jsonl.zst") == records,
            "{point}: the records differ"
        );
        // A kill after the conversion leaves its temporary file, as it
        // leaves any output's written whole (`.g.parquet.XXXXXX.partial`);
        // nothing else.
        let left: Vec<String> = names(d)
            .into_iter()
            .filter(|n| !(n.starts_with(".g.parquet.") && n.ends_with(".partial")))
            .collect();
        assert_eq!(left, done, "{point}: files left");
    }
    // The CSV partial file of a finishing run, edited: the Parquet file it
    // gives is not the one the finishing checkpoint records.
    let tmp = temp_dir();
    let d = tmp.path();
    let o = bin()
        .args(words(&killed_run(d, "")))
        .env("BEACHCOMBER_FAILPOINT", "finish-checkpoint")
        .output()
        .unwrap();
    assert_eq!(o.status.code(), Some(86));
    let partial = d.join("g.parquet.partial");
    let text = read(&partial).replacen(",random,", ",rAndom,", 1);
    std::fs::write(&partial, text).unwrap();
    one_line_error(&killed_run(d, "--resume"), "g.parquet.partial");
    assert!(!d.join("g.parquet").exists());
}

#[test]
fn parquet_shards_merge_to_the_unsharded_file() {
    let tmp = temp_dir();
    let d = tmp.path();
    let at = |name: &str| s(&d.join(name)).to_string();
    let run = "tournament --game seashells --players 2 --bots ismcts(iterations=40),greedy \
               --deals 70 --seed 8 --quiet";
    go(&format!("{run} --out {}", at("w.parquet")));
    go(&format!("{run} --out {}", at("w.csv")));
    for i in 0..3 {
        go(&format!(
            "{run} --shard {i}/3 --out {}",
            at("p-{shard}.parquet")
        ));
    }
    for i in 0..2 {
        go(&format!(
            "{run} --shard {i}/2 --out {}",
            at("c-{shard}.csv")
        ));
    }
    let parquet_shards: Vec<String> = (0..3).map(|i| at(&format!("p-{i}.parquet"))).collect();
    let csv_shards: Vec<String> = (0..2).map(|i| at(&format!("c-{i}.csv"))).collect();
    let (p, c) = (parquet_shards.join(" "), csv_shards.join(" "));
    go(&format!("merge --quiet {p} --out {}", at("m.parquet")));
    assert!(
        bytes(d, "m.parquet") == bytes(d, "w.parquet"),
        "Parquet shards into Parquet"
    );
    go(&format!("merge --quiet {p} --out {}", at("m.csv")));
    assert!(
        bytes(d, "m.csv") == bytes(d, "w.csv"),
        "Parquet shards into CSV"
    );
    go(&format!("merge --quiet {c} --out {}", at("mc.parquet")));
    assert!(
        bytes(d, "mc.parquet") == bytes(d, "w.parquet"),
        "CSV shards into Parquet"
    );
    // The merged Parquet file's manifest records it, as a run's does.
    let manifest: serde_json::Value =
        serde_json::from_str(&read(&d.join("m.parquet.manifest.json"))).unwrap();
    assert_eq!(
        manifest["files"][0]["bytes"],
        bytes(d, "m.parquet").len() as u64
    );
    // A shard's Parquet file changed after its run: refused by its hash.
    let mut changed = bytes(d, "p-1.parquet");
    let k = changed.len() / 2;
    changed[k] ^= 1;
    std::fs::write(d.join("p-1.parquet"), changed).unwrap();
    one_line_error(
        &format!("merge --quiet {p} --out {}", at("x.parquet")),
        "is not the file that shard wrote",
    );
    assert!(!d.join("x.parquet").exists());
}

#[test]
fn a_sweep_in_parquet_gives_the_same_metrics_comparison_and_figures() {
    let tmp = temp_dir();
    let d = tmp.path();
    let at = |name: &str| s(&d.join(name)).to_string();
    let sweep = "sweep --game seaside --players 2,3 --vary removed=0,10,20 --bots random \
                 --games 60 --seed 3 --quiet --baseline removed=0 --quality --checkpoint-every 0";
    go(&format!("{sweep} --threads 1 --out {}", at("c")));
    go(&format!(
        "{sweep} --threads 1 --format parquet --out {}",
        at("p1")
    ));
    go(&format!(
        "{sweep} --threads 2 --format parquet --out {}",
        at("p2")
    ));
    assert_eq!(
        names(&d.join("p1")),
        [
            "compare.csv",
            "games.parquet",
            "manifest.json",
            "metrics.csv",
            "trends.csv"
        ]
    );
    let games = bytes(&d.join("p1"), "games.parquet");
    assert!(
        games == bytes(&d.join("p2"), "games.parquet"),
        "1 and 2 threads"
    );
    for name in ["metrics.csv", "compare.csv", "trends.csv"] {
        assert!(
            bytes(&d.join("c"), name) == bytes(&d.join("p1"), name),
            "{name}"
        );
    }
    // Interrupted (as by kill -9, at its first checkpoint) and resumed.
    let o = bin()
        .args(words(&format!(
            "{sweep} --format parquet --out {}",
            at("k")
        )))
        .env("BEACHCOMBER_FAILPOINT", "mid-run-checkpoint")
        .output()
        .unwrap();
    assert_eq!(o.status.code(), Some(86), "{}", stderr(&o));
    go(&format!(
        "{sweep} --format parquet --out {} --resume",
        at("k")
    ));
    assert!(bytes(&d.join("k"), "games.parquet") == games, "resumed");
    // Two shards merged.
    for i in 0..2 {
        go(&format!(
            "{sweep} --format parquet --shard {i}/2 --out {}",
            at("s{shard}")
        ));
    }
    go(&format!(
        "merge --quiet {} {} --out {}",
        at("s0"),
        at("s1"),
        at("m")
    ));
    for name in ["games.parquet", "metrics.csv", "compare.csv", "trends.csv"] {
        assert!(
            bytes(&d.join("m"), name) == bytes(&d.join("p1"), name),
            "merged {name}"
        );
    }
    // `--out FILE.parquet` alone: the games table only, as Parquet, from
    // the shards or from the CSV sweep's folder (a study's folder), and
    // no manifest beside it.
    go(&format!(
        "merge --quiet {} {} --out {}",
        at("s0"),
        at("s1"),
        at("t.parquet")
    ));
    go(&format!(
        "merge --quiet {} --out {}",
        at("c"),
        at("c.parquet")
    ));
    assert!(bytes(d, "t.parquet") == games, "the shards' table");
    assert!(bytes(d, "c.parquet") == games, "the CSV folder's table");
    assert!(!d.join("c.parquet.manifest.json").exists());
    assert!(!d.join("t.parquet.manifest.json").exists());
    // The figures of the games table, with a filter on a value column.
    let args = "--kind hist --x turns --by seat --where players=3 --where removed=10";
    go(&format!(
        "plot {} {args} --out {}",
        at("c/games.csv"),
        at("c.svg")
    ));
    go(&format!(
        "plot {} {args} --out {}",
        at("p1/games.parquet"),
        at("p.svg")
    ));
    assert!(bytes(d, "c.svg") == bytes(d, "p.svg"));
}

#[test]
fn bad_parquet_input_and_parquet_outputs_are_refused_in_one_line() {
    let tmp = temp_dir();
    let d = tmp.path();
    let at = |name: &str| s(&d.join(name)).to_string();
    let plot = |input: &str| {
        format!(
            "plot {} --kind hist --x turns --out {}",
            at(input),
            at("f.svg")
        )
    };
    std::fs::write(d.join("text.parquet"), "game,deal\n0,0\n").unwrap();
    one_line_error(
        &plot("text.parquet"),
        "not a Parquet file this program can read",
    );
    one_line_error(&plot("missing.parquet"), "cannot read");
    go(&format!("{TOURNAMENT} --out {}", at("g.parquet")));
    let good = bytes(d, "g.parquet");
    std::fs::write(d.join("cut.parquet"), &good[..good.len() - 20]).unwrap();
    one_line_error(&plot("cut.parquet"), "cut.parquet");
    // Damaged bytes (one every 211): each read as other values (Parquet
    // carries no checksum) or refused in one line, never a panic.
    let mut refusals = 0;
    for i in (0..good.len()).step_by(211) {
        let mut b = good.clone();
        b[i] ^= 0x55;
        std::fs::write(d.join("bad.parquet"), &b).unwrap();
        let o = run_line(&plot("bad.parquet"));
        let err = stderr(&o);
        assert!(!err.contains("panicked"), "byte {i}: {err}");
        if !o.status.success() {
            assert_eq!(o.status.code(), Some(1), "byte {i}: {err}");
            assert_eq!(err.lines().count(), 1, "byte {i}: {err}");
            refusals += 1;
        }
    }
    assert!(refusals > 5, "{refusals} refusals");
    // Outputs: only --out is Parquet; a Parquet --out must be a file.
    let out = temp_dir();
    let o = out.path();
    let run = "tournament --game shell-dash --players 2 --games 4 --quiet";
    one_line_error(
        &format!("{run} --summary {}", s(&o.join("s.parquet"))),
        "only --out can be written as Parquet",
    );
    one_line_error(
        &format!(
            "{run} --out {} --record {}",
            s(&o.join("g.csv")),
            s(&o.join("r.parquet"))
        ),
        "only --out can be written as Parquet",
    );
    let fifo = o.join("pipe.parquet");
    let c = std::ffi::CString::new(s(&fifo)).unwrap();
    // SAFETY: mkfifo(3) with a NUL-terminated path.
    assert_eq!(unsafe { libc::mkfifo(c.as_ptr(), 0o600) }, 0);
    one_line_error(
        &format!("{run} --out {}", s(&fifo)),
        "is not a regular file",
    );
    std::fs::remove_file(&fifo).unwrap();
    std::fs::write(o.join("file"), "").unwrap();
    one_line_error(
        &format!("{run} --out {}", s(&o.join("file/g.parquet"))),
        "g.parquet",
    );
    one_line_error(
        &format!(
            "merge --quiet {} --out {}",
            at("g.parquet"),
            s(&o.join("no/m.parquet"))
        ),
        "m.parquet",
    );
    assert_eq!(names(o), ["file"]);
}
