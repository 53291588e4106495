//! End-to-end tests of long runs: interruption and `--resume` (also after
//! `kill -9`), the manifest, `--sprt` early stopping, `league` ratings, and
//! the game-specific CSV columns. Every test works in its own temporary
//! folder, removed at the end.

use crate::common::*;

use std::path::Path;
use std::process::{Child, Output, Stdio};
use std::time::{Duration, Instant};

/// Wait for `child` at most a minute (a guard against hangs).
fn wait(child: &mut Child) -> Option<i32> {
    let start = Instant::now();
    loop {
        if let Some(status) = child.try_wait().unwrap() {
            return status.code();
        }
        if start.elapsed() > Duration::from_secs(60) {
            let _ = child.kill();
            panic!("still running after a minute");
        }
        std::thread::sleep(Duration::from_millis(10));
    }
}

/// The games played so far by an interrupted run, from its checkpoint.
fn checkpointed_games(checkpoint: &Path) -> u64 {
    let text = std::fs::read_to_string(checkpoint).unwrap();
    let v: serde_json::Value = serde_json::from_str(&text).unwrap();
    v["next"].as_u64().unwrap()
}

/// A run of several seconds (2-player Seashells, greedy against random,
/// rotated), writing every output into `dir`.
fn long_run(dir: &Path, extra: &[&str]) -> Vec<String> {
    run_of("20000", dir, extra)
}

/// [`long_run`] with `games` games.
fn run_of(games: &str, dir: &Path, extra: &[&str]) -> Vec<String> {
    let mut args: Vec<String> = [
        "tournament",
        "--game",
        "seashells",
        "--players",
        "2",
        "--bots",
        "greedy(worlds=8),random",
        "--games",
        games,
        "--seed",
        "11",
        "--quiet",
        "--checkpoint-every",
        "0",
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

fn strs(v: &[String]) -> Vec<&str> {
    v.iter().map(String::as_str).collect()
}

const OUTPUTS: [&str; 3] = ["g.csv", "s.csv", "r.jsonl.zst"];

#[test]
fn a_run_interrupted_by_signals_and_kill_9_resumes_to_the_same_bytes() {
    let whole = temp_dir();
    let o = run(&strs(&long_run(whole.path(), &["--threads", "2"])));
    assert!(o.status.success(), "{}", stderr(&o));
    assert_eq!(
        names(whole.path()),
        ["g.csv", "g.csv.manifest.json", "r.jsonl.zst", "s.csv"]
    );
    let cut = temp_dir();
    let dir = cut.path();
    let checkpoint = dir.join("g.csv.checkpoint.json");
    let mut resumes = 0;
    let mut last = 0;
    // Alternate SIGINT, SIGTERM, SIGHUP and SIGKILL, resuming each time with
    // another thread count, until the run finishes.
    for (round, sig) in [
        libc::SIGINT,
        libc::SIGKILL,
        libc::SIGTERM,
        libc::SIGKILL,
        libc::SIGHUP,
    ]
    .into_iter()
    .enumerate()
    {
        let threads = if round % 2 == 0 { "1" } else { "2" };
        let mut extra = vec!["--threads", threads];
        if round > 0 {
            extra.push("--resume");
        }
        let args = long_run(dir, &extra);
        let mut child = bin()
            .args(strs(&args))
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        // Wait for progress past the last checkpoint, then interrupt.
        let start = Instant::now();
        while start.elapsed() < Duration::from_secs(20)
            && !(checkpoint.exists() && checkpointed_games(&checkpoint) > last)
            && child.try_wait().unwrap().is_none()
        {
            std::thread::sleep(Duration::from_millis(20));
        }
        std::thread::sleep(Duration::from_millis(150));
        if child.try_wait().unwrap().is_some() {
            break;
        }
        signal(&child, sig);
        let code = wait(&mut child);
        if code == Some(0) {
            break;
        }
        resumes += 1;
        if sig == libc::SIGKILL {
            assert_eq!(code, None, "killed");
        } else {
            assert_eq!(code, Some(130));
            let err = stderr(&child.wait_with_output().unwrap());
            assert!(err.contains("--resume"), "{err}");
        }
        assert!(checkpoint.exists());
        let now = checkpointed_games(&checkpoint);
        assert!(now >= last, "a checkpoint never goes back");
        last = now;
        assert!(!dir.join("g.csv").exists(), "no final name before the end");
    }
    assert!(resumes >= 2, "the run was interrupted {resumes} times");
    let o = run(&strs(&long_run(dir, &["--resume"])));
    if checkpoint.exists() {
        assert!(o.status.success(), "{}", stderr(&o));
    }
    for name in OUTPUTS {
        let a = std::fs::read(whole.path().join(name)).unwrap();
        let b = std::fs::read(dir.join(name)).unwrap();
        assert!(a == b, "{name} differs after {resumes} interruptions");
    }
    // A finished run leaves no partial or temporary file.
    assert_eq!(
        names(dir),
        ["g.csv", "g.csv.manifest.json", "r.jsonl.zst", "s.csv"]
    );
    let manifest: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(dir.join("g.csv.manifest.json")).unwrap())
            .unwrap();
    assert_eq!(manifest["games"], 20000);
    assert_eq!(manifest["totals"][0]["games"], 20000);
    assert!(manifest["timing"]["sessions"].as_u64().unwrap() >= 3);
    assert_eq!(
        manifest["description"]["plan"]["parts"][0]["run"]["seed"],
        11
    );
    assert_eq!(
        manifest["description"]["plan"]["parts"][0]["run"]["deals"],
        10000
    );
    // Nothing left to resume.
    let o = run(&strs(&long_run(dir, &["--resume"])));
    assert_eq!(o.status.code(), Some(1));
    assert!(stderr(&o).contains("nothing to resume"), "{}", stderr(&o));
}

#[test]
fn a_torn_partial_file_is_cut_back_and_a_shortened_one_refused() {
    // Killed at a known point (the first checkpoint holding games: the
    // failpoint exits there as SIGKILL would), so a short run is enough.
    let short_run = |dir: &Path, extra: &[&str]| run_of("3000", dir, extra);
    let whole = temp_dir();
    let args = short_run(whole.path(), &[]);
    let o = run(&strs(&args));
    assert!(o.status.success(), "{}", stderr(&o));
    let cut = temp_dir();
    let dir = cut.path();
    let args = short_run(dir, &[]);
    let killed = bin()
        .args(strs(&args))
        .env("BEACHCOMBER_FAILPOINT", "mid-run-checkpoint")
        .output()
        .unwrap();
    assert_eq!(killed.status.code(), Some(86), "{}", stderr(&killed));
    let checkpoint = dir.join("g.csv.checkpoint.json");
    let done = checkpointed_games(&checkpoint);
    assert!(done > 0 && done < 3000, "killed mid-run: {done} games");
    // Garbage after the checkpointed bytes, as a torn write leaves: dropped.
    let partial = dir.join("r.jsonl.zst.partial");
    let mut bytes = std::fs::read(&partial).unwrap();
    bytes.extend_from_slice(b"torn chunk");
    std::fs::write(&partial, &bytes).unwrap();
    // A partial file shorter than its checkpoint: refused.
    let csv = dir.join("g.csv.partial");
    let rows = std::fs::read(&csv).unwrap();
    std::fs::write(&csv, &rows[..10]).unwrap();
    let o = run(&strs(&short_run(dir, &["--resume"])));
    assert_eq!(o.status.code(), Some(1));
    let err = stderr(&o);
    assert!(
        err.contains("g.csv.partial") && err.contains("cannot be resumed"),
        "{err}"
    );
    std::fs::write(&csv, &rows).unwrap();
    let o = run(&strs(&short_run(dir, &["--resume"])));
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(
        stderr(&o).contains(&format!("{done} of 3000 games were already done")),
        "{}",
        stderr(&o)
    );
    for name in OUTPUTS {
        assert!(
            std::fs::read(whole.path().join(name)).unwrap()
                == std::fs::read(dir.join(name)).unwrap(),
            "{name}"
        );
    }
}

/// A two-bot Shell Dash tournament with a sequential test.
fn sprt_run(bots: &str, sprt: &str, summary: &Path, threads: &str) -> Output {
    run(&[
        "tournament",
        "--game",
        "shell-dash",
        "--players",
        "2",
        "--bots",
        bots,
        "--games",
        "40000",
        "--seed",
        "5",
        "--sprt",
        sprt,
        "--threads",
        threads,
        "--summary",
        s(summary),
    ])
}

/// The SPRT columns of the first summary row.
fn sprt_columns(summary: &Path) -> Vec<String> {
    let text = std::fs::read_to_string(summary).unwrap();
    let mut lines = text.lines();
    let header: Vec<&str> = lines.next().unwrap().split(',').collect();
    assert_eq!(
        &header[header.len() - 6..],
        [
            "sprt",
            "sprt_llr",
            "sprt_lower",
            "sprt_upper",
            "sprt_decision",
            "sprt_counts"
        ]
    );
    let row = lines.next().unwrap();
    // The SPRT spec is quoted (it holds commas): the fields after it are
    // llr, lower, upper, decision, counts.
    let after = row.rsplit_once("\",").unwrap().1;
    after.split(',').map(str::to_string).collect()
}

#[test]
fn sprt_accepts_h1_for_a_stronger_bot_and_h0_for_two_copies_of_one() {
    let dir = temp_dir();
    let dir = dir.path();
    // ismcts against random: clearly stronger (about +35 Elo in 2-player
    // Shell Dash; docs/bots.md).
    let h1 = dir.join("h1.csv");
    let o = sprt_run("ismcts(iterations=100),random", "elo0=0,elo1=15", &h1, "2");
    assert!(o.status.success(), "{}", stderr(&o));
    let out = String::from_utf8_lossy(&o.stdout);
    assert!(out.contains("H1 accepted (stopped after"), "{out}");
    let columns = sprt_columns(&h1);
    assert_eq!(columns[3], "H1");
    let llr: f64 = columns[0].parse().unwrap();
    let upper: f64 = columns[2].parse().unwrap();
    assert!(llr >= upper, "{columns:?}");
    // The stop is the same at one thread, to the byte.
    let again = dir.join("h1-1.csv");
    let o = sprt_run(
        "ismcts(iterations=100),random",
        "elo0=0,elo1=15",
        &again,
        "1",
    );
    assert!(o.status.success(), "{}", stderr(&o));
    assert_eq!(std::fs::read(&h1).unwrap(), std::fs::read(&again).unwrap());
    // Two copies of one bot (`reward=win` is what `auto` means with two
    // players): every deal is drawn, H0.
    let h0 = dir.join("h0.csv");
    let o = sprt_run(
        "ismcts(iterations=20),ismcts(iterations=20,reward=win)",
        "elo0=0,elo1=15",
        &h0,
        "2",
    );
    assert!(o.status.success(), "{}", stderr(&o));
    let columns = sprt_columns(&h0);
    assert_eq!(columns[3], "H0");
    let counts: Vec<u64> = columns[4].split(':').map(|c| c.parse().unwrap()).collect();
    assert_eq!(counts.len(), 5, "pentanomial");
    assert_eq!(
        counts[0] + counts[1] + counts[3] + counts[4],
        0,
        "{counts:?}"
    );
    assert!(counts[2] > 0 && counts[2] < 20000, "{counts:?}");
}

#[test]
fn bad_sprt_and_league_arguments_are_refused_in_one_line() {
    let dir = temp_dir();
    let out = dir.path().join("o.csv");
    let cases: Vec<(Vec<&str>, &str)> = vec![
        (
            vec![
                "tournament",
                "--game",
                "shell-dash",
                "--players",
                "2",
                "--bots",
                "greedy",
                "--sprt",
                "elo0=0,elo1=5",
            ],
            "exactly two distinct bots",
        ),
        (
            vec![
                "tournament",
                "--game",
                "seashells",
                "--players",
                "3",
                "--bots",
                "greedy,random,ismcts",
                "--sprt",
                "elo0=0,elo1=5",
            ],
            "exactly two distinct bots",
        ),
        (
            vec![
                "tournament",
                "--game",
                "shell-dash",
                "--players",
                "2",
                "--bots",
                "greedy,random",
                "--sprt",
                "elo0=5,elo1=0",
            ],
            "must be greater than elo0",
        ),
        (
            vec![
                "tournament",
                "--game",
                "shell-dash",
                "--players",
                "2",
                "--bots",
                "greedy,random",
                "--sprt",
                "elo0=0,elo1=5,alpha=1.5",
            ],
            "alpha",
        ),
        (
            vec![
                "tournament",
                "--game",
                "shell-dash",
                "--players",
                "2",
                "--bots",
                "greedy,random",
                "--sprt",
                "elo0=0,elo=5",
            ],
            "elo",
        ),
        (
            vec![
                "tournament",
                "--game",
                "shell-dash",
                "--players",
                "2",
                "--bots",
                "greedy,random",
                "--games",
                "7",
            ],
            "not a multiple",
        ),
        (
            vec![
                "tournament",
                "--game",
                "seashells",
                "--players",
                "3",
                "--bots",
                "greedy,random",
            ],
            "2 specs for 3 players",
        ),
        (
            vec![
                "tournament",
                "--game",
                "shell-dash",
                "--players",
                "2",
                "--resume",
            ],
            "--resume",
        ),
        (
            vec![
                "league",
                "--game",
                "shell-dash",
                "--players",
                "2",
                "--bots",
                "greedy",
            ],
            "at least two distinct bots",
        ),
        (
            vec![
                "league",
                "--game",
                "shell-dash",
                "--players",
                "2",
                "--bots",
                "greedy,greedy(worlds=8)",
            ],
            "listed twice",
        ),
        (
            vec![
                "league",
                "--game",
                "seashells",
                "--players",
                "3",
                "--bots",
                "greedy,random",
                "--games-per-pairing",
                "10",
            ],
            "multiple of 6",
        ),
        (
            vec![
                "league",
                "--game",
                "shell-dash",
                "--players",
                "1",
                "--bots",
                "greedy,random",
            ],
            "at least 2 players",
        ),
        (
            vec![
                "tournament",
                "--game",
                "shell-dash",
                "--players",
                "2",
                "--shard",
                "3/3",
            ],
            "index must be below the count",
        ),
        (
            vec![
                "tournament",
                "--game",
                "shell-dash",
                "--players",
                "2",
                "--shard",
                "0/0",
            ],
            "index must be below the count",
        ),
        (
            vec![
                "league",
                "--game",
                "shell-dash",
                "--players",
                "2",
                "--bots",
                "greedy,random",
                "--shard",
                "x",
            ],
            "is not a shard",
        ),
        (
            vec![
                "tournament",
                "--game",
                "shell-dash",
                "--players",
                "2",
                "--bots",
                "greedy,random",
                "--sprt",
                "elo0=0,elo1=5",
                "--shard",
                "0/2",
            ],
            "cannot run in shards",
        ),
    ];
    for (mut args, expected) in cases {
        args.extend(["--out", s(&out)]);
        let o = run(&args);
        assert_eq!(o.status.code(), Some(1), "{args:?}");
        let err = stderr(&o);
        assert!(err.contains(expected), "{args:?}: {err}");
        assert_eq!(err.lines().count(), 1, "{args:?}: {err}");
        assert_eq!(names(dir.path()), Vec::<String>::new(), "{args:?}");
    }
}

/// A 2-player Shell Dash league of `bots`.
fn league(bots: &str, summary: &Path, threads: &str) -> Output {
    run(&[
        "league",
        "--game",
        "shell-dash",
        "--players",
        "2",
        "--bots",
        bots,
        "--games-per-pairing",
        "200",
        "--seed",
        "3",
        "--threads",
        threads,
        "--quiet",
        "--summary",
        s(summary),
    ])
}

/// bot → rating, from a ratings CSV.
fn ratings(path: &Path) -> Vec<(String, f64, u64)> {
    let text = std::fs::read_to_string(path).unwrap();
    let mut lines = text.lines();
    assert!(lines.next().unwrap().starts_with(
        "game_spec,players,seed,deals,games_per_pairing,bot,rating,low95,high95,games,win_share"
    ));
    lines
        .map(|l| {
            let after = l.rsplit_once(",2,3,100,200,").unwrap().1;
            let (bot, rest) = if let Some(quoted) = after.strip_prefix('"') {
                let (b, r) = quoted.split_once("\",").unwrap();
                (b.to_string(), r.to_string())
            } else {
                let (b, r) = after.split_once(',').unwrap();
                (b.to_string(), r.to_string())
            };
            let fields: Vec<&str> = rest.split(',').collect();
            (bot, fields[0].parse().unwrap(), fields[3].parse().unwrap())
        })
        .collect()
}

#[test]
fn league_ratings_do_not_depend_on_the_order_or_the_threads() {
    let dir = temp_dir();
    let dir = dir.path();
    let a = dir.join("a.csv");
    let o = league("greedy,random,ismcts(iterations=30)", &a, "2");
    assert!(o.status.success(), "{}", stderr(&o));
    let b = dir.join("b.csv");
    let o = league("greedy,random,ismcts(iterations=30)", &b, "1");
    assert!(o.status.success(), "{}", stderr(&o));
    assert_eq!(std::fs::read(&a).unwrap(), std::fs::read(&b).unwrap());
    assert_eq!(
        std::fs::read(dir.join("a.pairs.csv")).unwrap(),
        std::fs::read(dir.join("b.pairs.csv")).unwrap()
    );
    let c = dir.join("c.csv");
    let o = league("greedy,ismcts(iterations=30),random", &c, "2");
    assert!(o.status.success(), "{}", stderr(&o));
    let (ra, rc) = (ratings(&a), ratings(&c));
    assert_eq!(ra.len(), 3);
    assert_eq!(ra[0].1, 0.0, "the first bot is the anchor");
    for (bot, rating, games) in &ra {
        // Each bot plays 2 pairings x 200 games.
        assert_eq!(*games, 400, "{bot}");
        let other = rc.iter().find(|(b, _, _)| b == bot).unwrap();
        assert!(
            (rating - other.1).abs() <= 0.11,
            "{bot}: {rating} vs {}",
            other.1
        );
    }
}

#[test]
fn game_specific_columns_follow_the_common_ones() {
    let dir = temp_dir();
    let dir = dir.path();
    let csv = dir.join("g.csv");
    let o = run(&[
        "tournament",
        "--game",
        "seaside",
        "--players",
        "2",
        "--games",
        "20",
        "--quiet",
        "--out",
        s(&csv),
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    let text = std::fs::read_to_string(&csv).unwrap();
    let mut lines = text.lines();
    assert_eq!(
        lines.next().unwrap(),
        "game,deal,rotation,seed,seat,bot,score,rank,win_share,won,plies,turns,end,removed,drawn,odd_tokens"
    );
    // The rulebook removes 30 to 40 tokens at 2 players: each game says how
    // many, how many tokens it drew (at most the rest of the set), and
    // whether the tokens in play are odd.
    for line in lines {
        let mut fields = line.rsplit(',');
        let odd: u32 = fields.next().unwrap().parse().unwrap();
        let drawn: u32 = fields.next().unwrap().parse().unwrap();
        let removed: u32 = fields.next().unwrap().parse().unwrap();
        assert!((30..=40).contains(&removed), "{line}");
        assert!(drawn >= 1 && drawn <= 70 - removed, "{line}");
        assert_eq!(odd, (70 - removed) % 2, "{line}");
    }
    let o = run(&[
        "tournament",
        "--game",
        "shell-dash(max_turns=3)",
        "--players",
        "1",
        "--games",
        "20",
        "--quiet",
        "--out",
        s(&csv),
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    let text = std::fs::read_to_string(&csv).unwrap();
    let mut lines = text.lines();
    assert!(lines.next().unwrap().ends_with(",plies,turns,end,capped"));
    // Three turns rarely win three Shells: most games end at the cap.
    let capped = lines.filter(|l| l.ends_with(",1")).count();
    assert_eq!(capped, 14, "games of 20 capped");
}

/// The files of a tournament (or league) `args`, whole or as `shards`
/// parts merged, in `dir`: (games CSV, summary, records, a league's pairs
/// CSV beside the summary, else empty).
fn sharded(dir: &Path, args: &[&str], shards: Option<u64>) -> [Vec<u8>; 4] {
    let names = ["g{shard}.csv", "s{shard}.csv", "r{shard}.jsonl.zst"];
    let outputs = |fill: &str| -> Vec<String> {
        names
            .iter()
            .map(|n| s(&dir.join(n.replace("{shard}", fill))).to_string())
            .collect()
    };
    let with_outputs = |extra: &[&str], files: &[String]| {
        let mut a: Vec<&str> = args.to_vec();
        a.extend(extra);
        a.extend([
            "--out",
            &files[0],
            "--summary",
            &files[1],
            "--record",
            &files[2],
        ]);
        let o = run(&a);
        assert!(o.status.success(), "{a:?}: {}", stderr(&o));
    };
    match shards {
        None => with_outputs(&[], &outputs("-whole")),
        Some(n) => {
            for i in 0..n {
                let shard = format!("{i}/{n}");
                // `{shard}` in the names, filled by the program.
                with_outputs(&["--shard", &shard], &outputs("-{shard}"));
            }
            let manifests: Vec<String> = (0..n)
                .map(|i| s(&dir.join(format!("g-{i}.csv.manifest.json"))).to_string())
                .collect();
            let merged = outputs("-merged");
            let mut a: Vec<&str> = vec!["merge", "--quiet"];
            a.extend(manifests.iter().map(String::as_str));
            a.extend([
                "--out",
                &merged[0],
                "--summary",
                &merged[1],
                "--record",
                &merged[2],
            ]);
            let o = run(&a);
            assert!(o.status.success(), "{}", stderr(&o));
        }
    }
    let tag = if shards.is_some() {
        "-merged"
    } else {
        "-whole"
    };
    let files = outputs(tag);
    let pairs = dir.join(format!("s{tag}.pairs.csv"));
    let [a, b, c] = [0, 1, 2].map(|i| std::fs::read(&files[i]).unwrap());
    [a, b, c, std::fs::read(pairs).unwrap_or_default()]
}

#[test]
fn merged_shards_are_byte_identical_to_the_whole_run() {
    let tournament = [
        "tournament",
        "--game",
        "seashells",
        "--players",
        "2",
        "--bots",
        "ismcts(iterations=40),greedy",
        "--deals",
        "70",
        "--seed",
        "8",
        "--quiet",
    ];
    let league = [
        "league",
        "--game",
        "shell-dash",
        "--players",
        "2",
        "--bots",
        "greedy,random,ismcts(iterations=20)",
        "--games-per-pairing",
        "140",
        "--seed",
        "8",
        "--quiet",
    ];
    for args in [&tournament[..], &league[..]] {
        let whole_dir = temp_dir();
        let whole = sharded(whole_dir.path(), args, None);
        assert!(whole[2].len() > 100);
        // A league writes its pairs beside its ratings (3 pairings).
        let pairs = String::from_utf8(whole[3].clone()).unwrap();
        let want = if args[0] == "league" { 4 } else { 0 };
        assert_eq!(pairs.lines().count(), want, "{pairs}");
        for n in [1, 2, 3] {
            let dir = temp_dir();
            let merged = sharded(dir.path(), args, Some(n));
            for (i, name) in ["games CSV", "summary", "records", "pairs"]
                .iter()
                .enumerate()
            {
                assert!(
                    merged[i] == whole[i],
                    "{}: {name} differs with {n} shards",
                    args[0]
                );
            }
        }
    }
}

#[test]
fn merge_refuses_shards_that_do_not_make_one_run() {
    let dir = temp_dir();
    let dir = dir.path();
    let shard = |i: u64, n: u64, seed: &str| {
        let out = dir.join(format!("g{i}of{n}s{seed}.csv"));
        let o = run(&[
            "tournament",
            "--game",
            "shell-dash",
            "--players",
            "2",
            "--games",
            "20",
            "--seed",
            seed,
            "--quiet",
            "--shard",
            &format!("{i}/{n}"),
            "--out",
            s(&out),
        ]);
        assert!(o.status.success(), "{}", stderr(&o));
        out
    };
    let (a, b, c) = (shard(0, 3, "1"), shard(1, 3, "1"), shard(2, 3, "1"));
    let other_seed = shard(2, 3, "2");
    let other_split = shard(1, 2, "1");
    let merged = dir.join("m.csv");
    let nothing = dir.join("nothing.csv");
    let cases: Vec<(Vec<&Path>, &str)> = vec![
        (vec![&a, &b], "2/3 missing"),
        (vec![&a, &b, &b, &c], "given twice"),
        (
            vec![&a, &b, &other_seed],
            "plan.parts[0].run.seed: 1 there, 2 here",
        ),
        (
            vec![&a, &other_split, &c],
            "shards of one split have one count",
        ),
        (vec![&a, &b, &nothing], "cannot read the manifest"),
    ];
    for (inputs, expected) in cases {
        let mut args = vec!["merge"];
        args.extend(inputs.iter().map(|p| s(p)));
        args.extend(["--out", s(&merged)]);
        let o = run(&args);
        assert_eq!(o.status.code(), Some(1));
        let err = stderr(&o);
        assert!(err.contains(expected), "{err}");
        assert_eq!(err.lines().count(), 1, "{err}");
        assert!(!merged.exists());
    }
    // A shard that has not finished (a checkpoint, no manifest) is named.
    let unfinished = dir.join("u.csv");
    std::fs::write(dir.join("u.csv.checkpoint.json"), "{}").unwrap();
    let o = run(&["merge", s(&a), s(&b), s(&unfinished), "--out", s(&merged)]);
    assert_eq!(o.status.code(), Some(1));
    let err = stderr(&o);
    assert!(
        err.contains("is not complete") && err.contains("resume it first"),
        "{err}"
    );
    // Shards run without --record cannot give records.
    let o = run(&[
        "merge",
        s(&a),
        s(&b),
        s(&c),
        "--record",
        s(&dir.join("r.jsonl")),
    ]);
    assert_eq!(o.status.code(), Some(1));
    assert!(
        stderr(&o).contains("was run without --record"),
        "{}",
        stderr(&o)
    );
    // The shard count comes from a Slurm array task when --shard is absent.
    let out = dir.join("slurm-{shard}.csv");
    let slurm_task = |id: &str| {
        bin()
            .args([
                "tournament",
                "--game",
                "shell-dash",
                "--players",
                "2",
                "--games",
                "20",
                "--quiet",
                "--out",
                s(&out),
            ])
            .env("SLURM_ARRAY_TASK_ID", id)
            .env("SLURM_ARRAY_TASK_MIN", "4")
            .env("SLURM_ARRAY_TASK_MAX", "6")
            .output()
            .unwrap()
    };
    let o = slurm_task("5");
    assert!(o.status.success(), "{}", stderr(&o));
    // A task outside the array is refused.
    let o = slurm_task("7");
    assert_eq!(o.status.code(), Some(1));
    let err = stderr(&o);
    assert!(
        err.contains("SLURM_ARRAY_TASK_ID=7 is outside the job array (4 to 6)"),
        "{err}"
    );
    let text = std::fs::read_to_string(dir.join("slurm-1.csv.manifest.json")).unwrap();
    let m: serde_json::Value = serde_json::from_str(&text).unwrap();
    assert_eq!(
        m["description"]["shard"],
        serde_json::json!({"index": 1, "count": 3})
    );
}

/// An output larger than the background writeback's step (32 MiB) is
/// synced in the background as it grows: the finished file holds the same
/// bytes as the same run written to standard output (where nothing is
/// synced), and no partial or temporary file is left.
#[test]
fn a_large_out_synced_in_the_background_is_written_whole() {
    let dir = temp_dir();
    let out = dir.path().join("games.csv");
    let args = |out: &str| {
        run(&[
            "tournament",
            "--game",
            "seashells",
            "--players",
            "4",
            "--games",
            "130000",
            "--seed",
            "5",
            "--quiet",
            "--out",
            out,
        ])
    };
    let to_file = args(s(&out));
    assert!(to_file.status.success(), "{}", stderr(&to_file));
    let to_stdout = args("/dev/stdout");
    assert!(to_stdout.status.success(), "{}", stderr(&to_stdout));
    let written = std::fs::read(&out).unwrap();
    assert!(written.len() > 36 << 20, "{} bytes", written.len());
    assert_eq!(written.len(), to_stdout.stdout.len());
    assert!(written == to_stdout.stdout, "the file differs from stdout");
    let rows = written.iter().filter(|&&b| b == b'\n').count();
    assert_eq!(rows, 1 + 4 * 130_000);
    assert_eq!(
        names(dir.path()),
        ["games.csv", "games.csv.manifest.json"],
        "only the output and its manifest"
    );
}
