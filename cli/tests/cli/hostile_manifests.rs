//! Hostile run files: counts that overflow, checkpoints and manifests
//! mutated many ways, partial and shard files edited, and a finish
//! interrupted at every step. Whatever the input, the program ends with a
//! one-line error (or does the right thing), never a panic, in bounded
//! time. Every test works in its own temporary folder.

use crate::common::*;

use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use serde_json::Value;

/// Wait for `child` at most `limit` (a guard against hangs).
fn wait_for(child: &mut Child, limit: Duration) -> Option<i32> {
    let start = Instant::now();
    loop {
        if let Some(status) = child.try_wait().unwrap() {
            return status.code();
        }
        if start.elapsed() > limit {
            let _ = child.kill();
            let _ = child.wait();
            panic!("still running after {limit:?}");
        }
        std::thread::sleep(Duration::from_millis(5));
    }
}

/// Run `cmd` within `limit`: (exit status, standard error).
fn run_within(cmd: &mut Command, limit: Duration) -> (Option<i32>, String) {
    let mut child = cmd
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut err = String::new();
    let mut pipe = child.stderr.take().unwrap();
    let reader = std::thread::spawn(move || {
        use std::io::Read;
        let _ = pipe.read_to_string(&mut err);
        err
    });
    let code = wait_for(&mut child, limit);
    (code, reader.join().unwrap())
}

/// The exit is clean: success, or a one-line `error: ...` with status 1.
fn assert_clean(code: Option<i32>, err: &str, what: &str) {
    assert_ne!(code, Some(101), "{what}: panicked: {err}");
    assert!(
        matches!(code, Some(0) | Some(1)),
        "{what}: status {code:?}: {err}"
    );
    if code == Some(1) {
        assert_eq!(err.lines().count(), 1, "{what}: one line: {err}");
        assert!(err.starts_with("error: "), "{what}: {err}");
    }
}

fn strs(v: &[String]) -> Vec<&str> {
    v.iter().map(String::as_str).collect()
}

/// A small tournament writing `g.csv`, `s.csv` and `r.jsonl.zst` into `dir`.
fn small_run(dir: &Path, extra: &[&str]) -> Vec<String> {
    run_args(dir, "greedy,random", "30", extra)
}

/// A tournament of `deals` deals of `bots` writing `g.csv`, `s.csv` and
/// `r.jsonl.zst` into `dir`.
fn run_args(dir: &Path, bots: &str, deals: &str, extra: &[&str]) -> Vec<String> {
    let mut args: Vec<String> = [
        "tournament",
        "--game",
        "seashells",
        "--players",
        "2",
        "--bots",
        bots,
        "--deals",
        deals,
        "--seed",
        "5",
        "--quiet",
        "--out",
        s(&dir.join("g.csv")),
        "--summary",
        s(&dir.join("s.csv")),
        "--record",
        s(&dir.join("r.jsonl.zst")),
    ]
    .iter()
    .map(|x| x.to_string())
    .collect();
    args.extend(extra.iter().map(|x| x.to_string()));
    args
}

const OUTPUTS: [&str; 3] = ["g.csv", "s.csv", "r.jsonl.zst"];

/// A manifest without its timings (the only machine-dependent part).
fn manifest_without_timing(path: &Path) -> Value {
    let mut v: Value = serde_json::from_slice(&std::fs::read(path).unwrap()).unwrap();
    v.as_object_mut().unwrap().remove("timing");
    // The outputs' paths: each run writes into its own folder.
    v["description"].as_object_mut().unwrap().remove("outputs");
    v
}

#[test]
fn counts_that_overflow_are_refused_before_playing() {
    let dir = temp_dir();
    let out = dir.path().join("out");
    std::fs::create_dir(&out).unwrap();
    let summary = out.join("s.csv");
    // 3689348814741910324 deals x 5 rotations wraps to 4 games.
    refused(
        &[
            "tournament",
            "--game",
            "seashells",
            "--players",
            "5",
            "--bots",
            "random,greedy,random,random,random",
            "--deals",
            "3689348814741910324",
            "--quiet",
            "--summary",
            s(&summary),
        ],
        "--deals: 3689348814741910324 deals x 5 games per deal is more games than a run can \
         count (at most 3689348814741910323 deals)",
        &out,
    );
    // Three pairings of two lineups under three rotations: 18 games a deal.
    refused(
        &[
            "league",
            "--game",
            "seashells",
            "--players",
            "3",
            "--bots",
            "random,greedy,ismcts",
            "--games-per-pairing",
            "18446744073709551612",
            "--quiet",
            "--summary",
            s(&summary),
        ],
        "--games-per-pairing 18446744073709551612: 3074457345618258602 deals x 18 games per \
         deal is more games than a run can count",
        &out,
    );
    // Not a multiple, and no multiple above it: one suggestion.
    refused(
        &[
            "league",
            "--game",
            "seashells",
            "--players",
            "2",
            "--bots",
            "random,greedy",
            "--games-per-pairing",
            "18446744073709551615",
            "--quiet",
        ],
        "must be a multiple of 2 (the seat rotations of a pairing with 2 players); use \
         18446744073709551614",
        &out,
    );
    // The same in an experiment file, and [quick]'s rounding up.
    let file = dir.path().join("big.toml");
    let head =
        "kind = \"league\"\nbots = [\"random\", \"greedy\", \"ismcts\"]\ngame = \"seashells\"\n";
    std::fs::write(
        &file,
        format!("{head}games_per_pairing = 18446744073709551612\n[[league]]\nplayers = 3\n"),
    )
    .unwrap();
    refused(
        &["run", s(&file), "--out", s(&out), "--quiet"],
        "league 1: games_per_pairing 18446744073709551612: 3074457345618258602 deals x 18 games",
        &out,
    );
    std::fs::write(
        &file,
        format!(
            "{head}[[league]]\nplayers = 3\n[quick]\ngames_per_pairing = 18446744073709551615\n"
        ),
    )
    .unwrap();
    refused(
        &["run", s(&file), "--quick", "--out", s(&out), "--quiet"],
        "league 1: [quick] games_per_pairing 18446744073709551615: more games than a run can count",
        &out,
    );
}

#[test]
fn a_league_of_no_players_under_quick_is_refused() {
    let dir = temp_dir();
    let out = dir.path().join("out");
    let file = dir.path().join("zero.toml");
    let head = "kind = \"league\"\nbots = [\"random\", \"greedy\"]\ngame = \"seashells\"\n";
    for text in [
        format!("{head}[[league]]\nplayers = 0\n"),
        format!("{head}[[league]]\nplayers = 2\n[quick]\nplayers = 0\n"),
    ] {
        std::fs::write(&file, text).unwrap();
        refused(
            &["run", s(&file), "--quick", "--out", s(&out), "--quiet"],
            "zero.toml line 4: league 1: game: invalid `seashells`: seashells takes 2 to 5 \
             players, not 0",
            &out,
        );
    }
}

#[test]
fn a_finish_interrupted_at_every_step_resumes_to_the_same_files() {
    let whole = temp_dir();
    let o = run(&strs(&small_run(whole.path(), &[])));
    assert!(o.status.success(), "{}", stderr(&o));
    let reference = manifest_without_timing(&whole.path().join("g.csv.manifest.json"));
    assert_eq!(reference["manifest"], 4);
    assert_eq!(reference["files"].as_array().unwrap().len(), 3);
    for point in [
        "finish-checkpoint",
        "after-rename-1",
        "after-rename-2",
        "after-rename-3",
        "manifest-write",
        "after-manifest",
    ] {
        let dir = temp_dir();
        let args = small_run(dir.path(), &[]);
        let o = bin()
            .args(strs(&args))
            .env("BEACHCOMBER_FAILPOINT", point)
            .output()
            .unwrap();
        assert_eq!(o.status.code(), Some(86), "{point}: {}", stderr(&o));
        assert!(dir.path().join("g.csv.checkpoint.json").exists(), "{point}");
        // A fresh run refuses to start over it; merge says to resume.
        let o = run(&strs(&args));
        assert_eq!(o.status.code(), Some(1), "{point}");
        assert!(stderr(&o).contains("--resume"), "{point}: {}", stderr(&o));
        let o = run(&strs(&small_run(dir.path(), &["--resume"])));
        assert!(o.status.success(), "{point}: {}", stderr(&o));
        for name in OUTPUTS {
            assert!(
                std::fs::read(whole.path().join(name)).unwrap()
                    == std::fs::read(dir.path().join(name)).unwrap(),
                "{point}: {name}"
            );
        }
        assert_eq!(
            manifest_without_timing(&dir.path().join("g.csv.manifest.json")),
            reference,
            "{point}"
        );
        let mut left = names(dir.path());
        left.retain(|n| !OUTPUTS.contains(&n.as_str()));
        assert_eq!(left, ["g.csv.manifest.json"], "{point}");
    }
    // A file renamed into place and then changed is refused.
    let dir = temp_dir();
    let o = bin()
        .args(strs(&small_run(dir.path(), &[])))
        .env("BEACHCOMBER_FAILPOINT", "after-rename-1")
        .output()
        .unwrap();
    assert_eq!(o.status.code(), Some(86));
    let csv = dir.path().join("g.csv");
    let mut rows = std::fs::read(&csv).unwrap();
    let last = rows.len() - 2;
    rows[last] ^= 1;
    std::fs::write(&csv, &rows).unwrap();
    let o = run(&strs(&small_run(dir.path(), &["--resume"])));
    assert_eq!(o.status.code(), Some(1));
    let err = stderr(&o);
    assert!(
        err.contains("--out: `")
            && err.contains(
                "g.csv` is not the file the finishing run wrote: its content is not \
                 what its manifest records (xxh3 differs)"
            ),
        "{err}"
    );
}

/// A run of a few seconds killed after its first checkpoint with games in
/// it: the arguments and the folder's files.
fn killed_run(dir: &Path) -> Vec<String> {
    let args = run_args(
        dir,
        "greedy(worlds=8),random",
        "1500",
        &["--checkpoint-every", "0"],
    );
    let checkpoint = dir.join("g.csv.checkpoint.json");
    let mut child = bin()
        .args(strs(&args))
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let start = Instant::now();
    loop {
        assert!(start.elapsed() < Duration::from_secs(60), "no checkpoint");
        let next = std::fs::read(&checkpoint)
            .ok()
            .and_then(|t| serde_json::from_slice::<Value>(&t).ok())
            .and_then(|v| v["next"].as_u64());
        if next.is_some_and(|n| n >= 100) {
            break;
        }
        std::thread::sleep(Duration::from_millis(5));
    }
    signal(&child, libc::SIGKILL);
    let _ = child.wait();
    args
}

#[test]
fn resume_refuses_edited_partial_files_and_impossible_checkpoints() {
    let dir = temp_dir();
    let args = killed_run(dir.path());
    let mut resume = args.clone();
    resume.push("--resume".to_string());
    let checkpoint = dir.path().join("g.csv.checkpoint.json");
    let csv = dir.path().join("g.csv.partial");
    let original = std::fs::read(&checkpoint).unwrap();
    let rows = std::fs::read(&csv).unwrap();
    let v: Value = serde_json::from_slice(&original).unwrap();
    assert_eq!(v["checkpoint"], 4);
    let next = v["next"].as_u64().unwrap();
    // A same-length edit in the middle of the partial file.
    let mut edited = rows.clone();
    let middle = edited.len() / 2;
    edited[middle] = if edited[middle] == b'7' { b'8' } else { b'7' };
    std::fs::write(&csv, &edited).unwrap();
    let o = run(&strs(&resume));
    assert_eq!(o.status.code(), Some(1));
    let err = stderr(&o);
    assert!(
        err.contains("g.csv.partial` are not those the checkpoint recorded (xxh3 differs)"),
        "{err}"
    );
    assert_eq!(err.lines().count(), 1);
    std::fs::write(&csv, &rows).unwrap();
    let with = |f: &dyn Fn(&mut Value)| {
        let mut c = v.clone();
        f(&mut c);
        std::fs::write(&checkpoint, serde_json::to_vec(&c).unwrap()).unwrap();
    };
    let cases: Vec<(Edit, String)> = vec![
        (
            Box::new(|c| c["next"] = 3001.into()),
            "is damaged (it counts 3001 games complete of 3000)".to_string(),
        ),
        (
            Box::new(move |c| c["next"] = (next + 1).into()),
            format!(
                "is damaged (part 0: totals of {next} games for {})",
                next + 1
            ),
        ),
        (
            Box::new(|c| c["totals"] = Value::Array(Vec::new())),
            "is damaged (0 totals for 1 parts)".to_string(),
        ),
        (
            Box::new(|c| c["totals"][0]["seats"] = Value::Array(Vec::new())),
            "totals of 0 seats and 2 bots for 2 and 2".to_string(),
        ),
        (
            Box::new(|c| c["checkpoint"] = 2.into()),
            "has checkpoint format 2, this program reads 4".to_string(),
        ),
    ];
    for (change, want) in cases {
        with(&*change);
        let o = run(&strs(&resume));
        assert_eq!(o.status.code(), Some(1), "{want}");
        let err = stderr(&o);
        assert!(err.contains(&want), "want `{want}` in: {err}");
        assert_eq!(err.lines().count(), 1, "{err}");
    }
    // Untouched, it resumes.
    std::fs::write(&checkpoint, &original).unwrap();
    let o = run(&strs(&resume));
    assert!(o.status.success(), "{}", stderr(&o));
}

/// A change to a checkpoint.
type Edit = Box<dyn Fn(&mut Value)>;

/// Two shards of a small tournament in `dir`: their manifests.
fn two_shards(dir: &Path, seed: &str) -> Vec<PathBuf> {
    (0..2)
        .map(|i| {
            let a = |n: &str| s(&dir.join(format!("{n}{i}-{seed}"))).to_string();
            let o = run(&[
                "tournament",
                "--game",
                "seashells",
                "--players",
                "2",
                "--bots",
                "greedy,random",
                "--deals",
                "20",
                "--seed",
                seed,
                "--quiet",
                "--shard",
                &format!("{i}/2"),
                "--out",
                &(a("g") + ".csv"),
                "--summary",
                &(a("s") + ".csv"),
                "--record",
                &(a("r") + ".jsonl"),
            ]);
            assert!(o.status.success(), "{}", stderr(&o));
            dir.join(format!("g{i}-{seed}.csv.manifest.json"))
        })
        .collect()
}

#[test]
fn merge_checks_each_shard_file_against_its_manifest() {
    let dir = temp_dir();
    let d = dir.path();
    let m = two_shards(d, "1");
    two_shards(d, "2");
    let merged = d.join("m.csv");
    let merged_r = d.join("m.jsonl");
    let merge = || {
        run(&[
            "merge",
            s(&m[0]),
            s(&m[1]),
            "--out",
            s(&merged),
            "--record",
            s(&merged_r),
        ])
    };
    let o = merge();
    assert!(o.status.success(), "{}", stderr(&o));
    let (good_rows, good_records) = (
        std::fs::read(&merged).unwrap(),
        std::fs::read(&merged_r).unwrap(),
    );
    let merged_manifest = manifest_without_timing(&d.join("m.csv.manifest.json"));
    assert_eq!(merged_manifest["files"][0]["output"], "--out");
    assert_eq!(merged_manifest["files"][0]["bytes"], good_rows.len() as u64);
    std::fs::remove_file(&merged).unwrap();
    std::fs::remove_file(&merged_r).unwrap();
    let refuse = |want: &str| {
        let o = merge();
        assert_eq!(o.status.code(), Some(1), "{want}");
        let err = stderr(&o);
        assert!(err.contains(want), "want `{want}` in: {err}");
        assert_eq!(err.lines().count(), 1, "{err}");
        assert!(!merged.exists() && !merged_r.exists());
    };
    // The record file of another seed.
    let records = d.join("r1-1.jsonl");
    let kept = std::fs::read(&records).unwrap();
    std::fs::copy(d.join("r1-2.jsonl"), &records).unwrap();
    refuse("r1-1.jsonl` of shard 1/2 (`");
    refuse("is not the file that shard wrote");
    std::fs::write(&records, &kept).unwrap();
    // A row appended, and a row edited in place.
    let rows_file = d.join("g0-1.csv");
    let rows = std::fs::read(&rows_file).unwrap();
    let mut appended = rows.clone();
    let last_row = rows[..rows.len() - 1]
        .iter()
        .rposition(|&b| b == b'\n')
        .unwrap();
    appended.extend_from_slice(&rows[last_row + 1..]);
    std::fs::write(&rows_file, &appended).unwrap();
    refuse("--out: `");
    refuse("g0-1.csv` of shard 0/2 (`");
    refuse("it holds more bytes, its manifest");
    let mut edited = rows.clone();
    let at = rows.len() - 3;
    edited[at] = if edited[at] == b'1' { b'2' } else { b'1' };
    std::fs::write(&rows_file, &edited).unwrap();
    refuse("its content is not what its manifest records (xxh3 differs)");
    // A manifest of an older format (its totals lack the sums per deal) is
    // refused, naming its format.
    std::fs::write(&rows_file, &rows).unwrap();
    let kept_manifest = std::fs::read(&m[0]).unwrap();
    let mut v: Value = serde_json::from_slice(&kept_manifest).unwrap();
    v["manifest"] = 3.into();
    std::fs::write(&m[0], serde_json::to_vec_pretty(&v).unwrap()).unwrap();
    refuse("has manifest format 3, this program reads 4");
    std::fs::write(&m[0], &kept_manifest).unwrap();
    // Untouched, the shards merge to the same bytes.
    let o = merge();
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(std::fs::read(&merged).unwrap() == good_rows);
    assert!(std::fs::read(&merged_r).unwrap() == good_records);
}

#[test]
fn a_damaged_shard_whose_manifest_was_rewritten_to_match_is_refused() {
    let dir = temp_dir();
    let d = dir.path();
    let m = two_shards(d, "3");
    // Shard 1's line 3: its seed `banana`; its manifest's length and hash
    // rewritten to match (the other damages: store/src/merge_check_tests.rs).
    let rows_file = d.join("g1-3.csv");
    let text = std::fs::read_to_string(&rows_file).unwrap();
    let damaged: String = text
        .lines()
        .enumerate()
        .map(|(n, l)| {
            let mut cells: Vec<&str> = l.split(',').collect();
            if n == 2 {
                cells[3] = "banana";
            }
            cells.join(",") + "\n"
        })
        .collect();
    std::fs::write(&rows_file, &damaged).unwrap();
    let mut v: Value = serde_json::from_slice(&std::fs::read(&m[1]).unwrap()).unwrap();
    for f in v["files"].as_array_mut().unwrap() {
        if f["output"] == "--out" {
            f["bytes"] = damaged.len().into();
            f["xxh3"] = format!("{:016x}", xxhash_rust::xxh3::xxh3_64(damaged.as_bytes())).into();
        }
    }
    std::fs::write(&m[1], serde_json::to_vec_pretty(&v).unwrap()).unwrap();
    let merged = d.join("m.csv");
    let o = run(&["merge", s(&m[0]), s(&m[1]), "--out", s(&merged)]);
    assert_eq!(o.status.code(), Some(1));
    assert_eq!(
        stderr(&o),
        format!(
            "error: `{}` line 3: the seed `banana` is not a count written as this program \
             writes it: the shard file is damaged or not of this run\n",
            s(&rows_file)
        )
    );
    assert!(!merged.exists() && !d.join("m.csv.manifest.json").exists());
}

#[test]
fn ctrl_c_stops_a_merge_with_no_output() {
    let dir = temp_dir();
    let d = dir.path();
    // Shards big enough that the merge takes a while.
    let manifests: Vec<String> = (0..2)
        .map(|i| {
            let out = d.join(format!("g{i}.csv"));
            let o = run(&[
                "tournament",
                "--game",
                "seashells",
                "--players",
                "2",
                "--bots",
                "random",
                "--games",
                "150000",
                "--quiet",
                "--shard",
                &format!("{i}/2"),
                "--out",
                s(&out),
            ]);
            assert!(o.status.success(), "{}", stderr(&o));
            format!("{}.manifest.json", s(&out))
        })
        .collect();
    let merged = d.join("merged.csv");
    let mut child = bin()
        .args(["merge", &manifests[0], &manifests[1], "--out", s(&merged)])
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let start = Instant::now();
    while !catches_sigint(child.id()) {
        assert!(start.elapsed() < Duration::from_secs(10), "no handler");
        std::thread::sleep(Duration::from_millis(1));
    }
    signal(&child, libc::SIGINT);
    let code = wait_for(&mut child, Duration::from_secs(60));
    let o = child.wait_with_output().unwrap();
    assert_eq!(code, Some(130), "{}", stderr(&o));
    assert_eq!(
        stderr(&o),
        "error: interrupted: stopped, no output written\n"
    );
    assert!(!merged.exists());
    assert!(!d.join("merged.csv.manifest.json").exists());
    let mut left = names(d);
    left.retain(|n| n.starts_with(".merged") || n.starts_with("merged"));
    assert!(left.is_empty(), "{left:?}");
}

/// A small deterministic generator (splitmix64).
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
}

/// Every node of `v` as a JSON pointer.
fn pointers(v: &Value, at: String, out: &mut Vec<String>) {
    match v {
        Value::Object(map) => {
            for (k, x) in map {
                pointers(
                    x,
                    format!("{at}/{}", k.replace('~', "~0").replace('/', "~1")),
                    out,
                );
            }
        }
        Value::Array(items) => {
            for (i, x) in items.iter().enumerate() {
                pointers(x, format!("{at}/{i}"), out);
            }
        }
        _ => {}
    }
    out.push(at);
}

/// `text` mutated one way, chosen by `rng`.
fn mutate(text: &[u8], rng: &mut Rng) -> Vec<u8> {
    if rng.below(10) == 0 {
        // Raw damage: truncated, or one byte changed.
        let mut bytes = text.to_vec();
        let at = rng.below(bytes.len());
        if rng.below(2) == 0 {
            bytes.truncate(at);
        } else {
            let set = b"{}[]\",:0-9ex\n";
            bytes[at] = set[rng.below(set.len())];
        }
        return bytes;
    }
    let mut v: Value = serde_json::from_slice(text).unwrap();
    let mut all = Vec::new();
    pointers(&v, String::new(), &mut all);
    let target = all[rng.below(all.len())].clone();
    let node = v.pointer_mut(&target).unwrap();
    let numbers = [
        Value::from(0),
        Value::from(1),
        Value::from(-1),
        Value::from(u64::MAX),
        Value::from(1u64 << 63),
        Value::from(i64::MIN),
        Value::from(1e300),
        Value::from(3),
    ];
    *node = match node.clone() {
        Value::Number(_) => numbers[rng.below(numbers.len())].clone(),
        Value::String(t) => match rng.below(4) {
            0 => Value::from(""),
            1 => Value::from("x\u{1b}[31m\ny\u{7}"),
            2 => Value::from(format!("{t}{t}")),
            _ => numbers[rng.below(numbers.len())].clone(),
        },
        Value::Array(mut items) => match rng.below(4) {
            0 => Value::Array(Vec::new()),
            1 if !items.is_empty() => {
                items.remove(rng.below(items.len()));
                Value::Array(items)
            }
            2 if !items.is_empty() => {
                let x = items[rng.below(items.len())].clone();
                items.push(x);
                Value::Array(items)
            }
            _ => Value::Null,
        },
        Value::Object(mut map) => {
            if map.is_empty() || rng.below(3) == 0 {
                Value::Array(Vec::new())
            } else {
                let key = map.keys().nth(rng.below(map.len())).unwrap().clone();
                map.remove(&key);
                Value::Object(map)
            }
        }
        Value::Bool(b) => Value::Bool(!b),
        Value::Null => Value::from(5),
    };
    serde_json::to_vec_pretty(&v).unwrap()
}

#[test]
fn mutated_manifests_and_checkpoints_never_panic() {
    let limit = Duration::from_secs(30);
    let mut rng = Rng(21);
    // Manifests: the first of two shards, mutated, merged with the second.
    let dir = temp_dir();
    let d = dir.path();
    let m = two_shards(d, "1");
    let manifest = std::fs::read(&m[0]).unwrap();
    let merged = [d.join("m.csv"), d.join("m.jsonl"), d.join("ms.csv")];
    let (mut refused_count, mut accepted) = (0, 0);
    for i in 0..150 {
        let text = mutate(&manifest, &mut rng);
        std::fs::write(&m[0], &text).unwrap();
        let (code, err) = run_within(
            bin().args([
                "merge",
                s(&m[0]),
                s(&m[1]),
                "--out",
                s(&merged[0]),
                "--record",
                s(&merged[1]),
                "--summary",
                s(&merged[2]),
                "--quiet",
            ]),
            limit,
        );
        assert_clean(code, &err, &format!("manifest mutation {i}"));
        if code == Some(0) {
            accepted += 1;
        } else {
            refused_count += 1;
        }
        for p in &merged {
            let _ = std::fs::remove_file(p);
        }
        let _ = std::fs::remove_file(d.join("m.csv.manifest.json"));
    }
    assert!(
        refused_count > 100,
        "{refused_count} refused, {accepted} accepted"
    );
    // Checkpoints: of a finishing run (its finish completed or refused)
    // and of a run interrupted in the middle (resumed or refused).
    let dir = temp_dir();
    let d = dir.path();
    let o = bin()
        .args(strs(&small_run(d, &[])))
        .env("BEACHCOMBER_FAILPOINT", "finish-checkpoint")
        .output()
        .unwrap();
    assert_eq!(o.status.code(), Some(86));
    let saved = temp_dir();
    let keep = |from: &Path, to: &Path| {
        for n in names(from) {
            std::fs::copy(from.join(&n), to.join(&n)).unwrap();
        }
    };
    keep(d, saved.path());
    for i in 0..60 {
        let checkpoint = d.join("g.csv.checkpoint.json");
        let text = mutate(
            &std::fs::read(saved.path().join("g.csv.checkpoint.json")).unwrap(),
            &mut rng,
        );
        std::fs::write(&checkpoint, &text).unwrap();
        let (code, err) = run_within(bin().args(strs(&small_run(d, &["--resume"]))), limit);
        assert_clean(code, &err, &format!("finishing checkpoint mutation {i}"));
        for n in names(d) {
            std::fs::remove_file(d.join(n)).unwrap();
        }
        keep(saved.path(), d);
    }
    let dir = temp_dir();
    let d = dir.path();
    let args = killed_run(d);
    let saved = temp_dir();
    keep(d, saved.path());
    let mut resume = args.clone();
    resume.push("--resume".to_string());
    for i in 0..40 {
        let checkpoint = d.join("g.csv.checkpoint.json");
        let text = mutate(
            &std::fs::read(saved.path().join("g.csv.checkpoint.json")).unwrap(),
            &mut rng,
        );
        std::fs::write(&checkpoint, &text).unwrap();
        let (code, err) = run_within(bin().args(strs(&resume)), Duration::from_secs(120));
        assert_clean(code, &err, &format!("checkpoint mutation {i}"));
        for n in names(d) {
            std::fs::remove_file(d.join(n)).unwrap();
        }
        keep(saved.path(), d);
    }
}
