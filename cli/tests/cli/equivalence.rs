//! The equivalence harness of the run-store refactoring (issue 35): every
//! kind of run (tournaments with and without a sequential test, leagues,
//! sweeps with comparisons and trends), shards and their merges, every
//! experiment file `--quick` (whole, sharded and merged), records in each
//! compression, the commands that read what runs wrote (`replay`, `plot`,
//! `solve`) and error cases, each run through the binary under test in a
//! fresh folder. Everything they print and write is compared, byte for
//! byte, with the outputs committed in `cli/tests/equivalence/`, which were
//! written by the code before the refactoring (in a commit of their own).
//!
//! Timing fields aside: the manifests' and checkpoints' `seconds` and
//! `threads` (machine facts) and the throughput numbers of `bench` are
//! replaced by fixed text before comparing (see [`normalize`]); the test's
//! folder and the workspace root by `{dir}` and `{root}`.
//!
//! `#[ignore]`d (a minute or two): `.ci/run` runs it as its own step.
//! After a deliberate change of outputs, rewrite the expected files with
//! `BEACHCOMBER_BLESS=1` and commit them with the change that explains them.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use crate::common::*;

/// One case: a name (its folder of expected outputs) and the argument lines
/// run in order in one fresh folder (`{root}`: the workspace's root).
const CASES: &[(&str, &[&str])] = &[
    (
        "tournament-files",
        &[
            "tournament --game seashells --players 3 --bots 'greedy,random,greedy' --games 12 --seed 5 --out out.csv --summary summary.csv --record games.jsonl",
            "replay games.jsonl --index 4",
            "replay games.jsonl --index 2 --brief",
            "replay games.jsonl --verify-only",
        ],
    ),
    (
        "tournament-gzip",
        &[
            "tournament --game seaside --players 2 --bots 'greedy,random' --games 6 --seed 3 --out o.csv --record games.jsonl.gz",
            "replay games.jsonl.gz --index 1 --brief",
        ],
    ),
    (
        "tournament-zstd",
        &[
            "tournament --game shell-dash --players 2 --bots 'expert,random' --games 8 --seed 9 --summary s.csv --record r.jsonl.zst",
            "replay r.jsonl.zst --verify-only",
        ],
    ),
    (
        "tournament-stdout",
        &[
            "tournament --game 'seaside(removed=18)' --players 3 --bots greedy --games 6 --seed 2",
            "tournament --game shell-dash --players 1 --bots 'ismcts(iterations=10)' --games 2 --seed 8",
        ],
    ),
    (
        "tournament-sprt",
        &[
            "tournament --game seashells --players 2 --bots 'greedy,random' --games 400 --seed 4 --sprt elo0=0,elo1=300 --out o.csv --summary s.csv",
        ],
    ),
    (
        "tournament-shards",
        &[
            "tournament --game seashells --players 2 --bots 'greedy,random' --deals 6 --seed 11 --out whole.csv --summary whole-summary.csv --record whole.jsonl.zst --quiet",
            "tournament --game seashells --players 2 --bots 'greedy,random' --deals 6 --seed 11 --shard 0/3 --out 'g-{shard}.csv' --record 'g-{shard}.jsonl.zst' --quiet",
            "tournament --game seashells --players 2 --bots 'greedy,random' --deals 6 --seed 11 --shard 1/3 --out 'g-{shard}.csv' --record 'g-{shard}.jsonl.zst' --quiet",
            "tournament --game seashells --players 2 --bots 'greedy,random' --deals 6 --seed 11 --shard 2/3 --out 'g-{shard}.csv' --record 'g-{shard}.jsonl.zst' --quiet",
            "merge g-0.csv.manifest.json g-1.csv.manifest.json g-2.csv.manifest.json --out merged.csv --summary merged-summary.csv --record merged.jsonl.zst",
        ],
    ),
    (
        "league",
        &[
            "league --game shell-dash --players 2 --bots 'greedy,random,expert' --games-per-pairing 4 --seed 1 --summary ratings.csv --out games.csv --record games.jsonl.zst",
            "league --game seaside --players 3 --bots 'greedy,random' --games-per-pairing 6 --seed 2 --anchor random --summary anchored.csv",
        ],
    ),
    (
        "league-shards",
        &[
            "league --game shell-dash --players 2 --bots 'greedy,random,expert' --games-per-pairing 4 --seed 1 --shard 0/2 --summary 'r-{shard}.csv' --out 'g-{shard}.csv' --quiet",
            "league --game shell-dash --players 2 --bots 'greedy,random,expert' --games-per-pairing 4 --seed 1 --shard 1/2 --summary 'r-{shard}.csv' --out 'g-{shard}.csv' --quiet",
            "merge g-0.csv.manifest.json g-1.csv.manifest.json --out merged.csv --summary merged-ratings.csv",
        ],
    ),
    (
        "sweep",
        &[
            "sweep --game seaside --players 2,3 --vary removed=0,20 --baseline players=3,removed=0 --margin seat_ratio=0.05 --margin mean_turns=3 --games 6 --seed 3 --out sw --records",
            "sweep --game shell-dash --players 2 --vary deck.Shell=8..=12:2 --bots greedy --deals 4 --seed 5 --out deck",
            "sweep --game seashells --players 2 --vary scoring=simple,advanced --bots random --bots 'greedy,random' --games 4 --seed 7 --out scoring",
            "plot sw/games.csv --kind hist --x turns --by players --out turns.svg",
        ],
    ),
    (
        "sweep-shards",
        &[
            "sweep --game seaside --players 2,3 --vary removed=0,20 --baseline players=3,removed=0 --games 6 --seed 3 --out whole --records --quiet",
            "sweep --game seaside --players 2,3 --vary removed=0,20 --baseline players=3,removed=0 --games 6 --seed 3 --out s0 --records --shard 0/2 --quiet",
            "sweep --game seaside --players 2,3 --vary removed=0,20 --baseline players=3,removed=0 --games 6 --seed 3 --out s1 --records --shard 1/2 --quiet",
            "merge s0 s1 --out merged",
        ],
    ),
    (
        "experiments",
        &[
            "run {root}/experiments/bot-ladder.toml --quick --out bot-ladder",
            "run {root}/experiments/expert-4p-seaside.toml --quick --out expert-4p-seaside",
            "run {root}/experiments/expert-4p.toml --quick --out expert-4p",
            "run {root}/experiments/expert-seaside-policy.toml --quick --out expert-seaside-policy",
            "run {root}/experiments/expert-strength.toml --quick --out expert-strength",
            "run {root}/experiments/seashells-balance.toml --quick --out seashells-balance",
            "run {root}/experiments/seashells-expert-edge.toml --quick --out seashells-expert-edge",
            "run {root}/experiments/seashells-first-player.toml --quick --out seashells-first-player",
            "run {root}/experiments/seaside-removals-searcher.toml --quick --out seaside-removals-searcher",
            "run {root}/experiments/seaside-removals.toml --quick --out seaside-removals",
            "run {root}/experiments/shell-dash-deck.toml --quick --out shell-dash-deck",
            "run {root}/experiments/shell-dash-league.toml --quick --out shell-dash-league",
        ],
    ),
    (
        "experiment-shards",
        &[
            "run {root}/experiments/seaside-removals.toml --quick --out r --shard 0/2",
            "run {root}/experiments/seaside-removals.toml --quick --out r --shard 1/2",
            "run {root}/experiments/seaside-removals.toml --quick --out r --merge 2",
        ],
    ),
    (
        "solve",
        &[
            "solve --game shell-dash --check 20 --seed 2026",
            "solve --game shell-dash --duel 20 --seed 2026",
        ],
    ),
    (
        "errors",
        &[
            "tournament --game chess --players 2 --games 2",
            "tournament --game 'seaside(removed=999)' --players 2 --games 2",
            "tournament --game 'seaside(colour=red)' --players 2 --games 2",
            "tournament --game seashells --players 9 --games 2",
            "tournament --game seashells --players 2 --bots 'ismcts(iterations=-1)' --games 2",
            "tournament --game seashells --players 2 --bots 'nobody' --games 2",
            "tournament --game seashells --players 2 --bots 'greedy,random' --games 2 --sprt elo0=10,elo1=0",
            "tournament --game seashells --players 2 --bots greedy --games 2 --out missing/dir/o.csv",
            "tournament --game seashells --players 2 --bots greedy --games 2 --record o.jsonl.bz2",
            "tournament --game seashells --players 2 --bots greedy --games 2 --shard 3/2 --out o.csv",
            "tournament --game seashells --players 2 --bots greedy --games 2 --out done.csv",
            "tournament --game seashells --players 2 --bots greedy --games 2 --out done.csv --resume",
            "tournament --game seashells --players 2 --bots greedy --games 3 --out done.csv",
            "league --game seashells --players 2 --bots greedy --games-per-pairing 2",
            "sweep --game seaside --players 2 --vary colour=1,2 --games 2 --out bad",
            "sweep --game seaside --players 2 --vary removed=0,20 --baseline removed=5 --games 2 --out bad",
            "tournament --game seashells --players 2 --bots greedy --deals 2 --shard 0/2 --out 'p-{shard}.csv' --quiet",
            "merge p-0.csv.manifest.json --out p.csv",
            "merge p-0.csv.manifest.json p-0.csv.manifest.json --out p.csv",
            "merge nothing.manifest.json --out p.csv",
            "replay done.csv",
            "replay absent.jsonl",
            "run {root}/experiments/absent.toml --quick",
            "plot done.csv --kind hist --x no_such_column --out x.svg",
            "solve --game seashells",
        ],
    ),
];

/// Where the expected outputs are committed.
fn expected_root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/equivalence")
}

/// The workspace's root folder.
fn workspace_root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .unwrap()
        .to_path_buf()
}

/// The bytes of `file` with the machine-dependent parts replaced: `dir`
/// and `root` by `{dir}` and `{root}`; the value after `"seconds":` and
/// `"threads":` (manifests, checkpoints) by `0`; a number before
/// ` games/s`, ` decisions/s`, ` s of play` and ` thread(s)` and after a
/// line's `time:` (`solve`) by `N`; in a `speed.csv` the `seconds` and
/// `decisions_per_second` cells by `0`; in a Markdown table whose last
/// column is `decisions/s (1 thread)` that column by `N`; the plain
/// progress lines (`progress: …`, printed every 10 s only while a run is
/// slow, so their number depends on the machine's load) are dropped;
/// the code's provenance (the checkout's commit and whether its tree was
/// clean: a manifest's `"code": {…}` and summary.md's `- Code: …` line)
/// by `{code}` (in a manifest `{"commit": "{code}", "clean": false}`, still
/// a record the store reads: its test reads every manifest here).
fn normalize(file: &str, bytes: &[u8], dir: &Path, root: &Path) -> Vec<u8> {
    let Ok(text) = std::str::from_utf8(bytes) else {
        return bytes.to_vec();
    };
    let text = text.replace(s(dir), "{dir}").replace(s(root), "{root}");
    let text = without_progress_lines(&text);
    let text = without_code_provenance(&text);
    let text = after_keys(&text, &["\"seconds\":", "\"threads\":"], "0");
    let text = after_keys(&text, &["\ntime:"], "N");
    let text = before_units(
        &text,
        &[" games/s", " decisions/s", " s of play", " thread(s)"],
    );
    let text = if file.ends_with("speed.csv") {
        speed_cells(&text)
    } else {
        text
    };
    speed_column(&text).into_bytes()
}

/// A manifest's masked `code`: still a record the store reads, claiming
/// no clean tree.
const MASKED_CODE: &str = "{\"commit\": \"{code}\", \"clean\": false}";

/// `text` with the code's provenance masked: the object after each
/// `"code": ` (to its first `}`: it holds no object) by [`MASKED_CODE`], the
/// rest of each line that starts with `- Code: ` by `{code}`.
fn without_code_provenance(text: &str) -> String {
    const KEY: &str = "\"code\": {";
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(i) = rest.find(KEY) {
        let Some(end) = rest[i..].find('}') else {
            break;
        };
        out.push_str(&rest[..i]);
        out.push_str("\"code\": ");
        out.push_str(MASKED_CODE);
        rest = &rest[i + end + 1..];
    }
    out.push_str(rest);
    out.split_inclusive('\n')
        .map(|line| {
            if line.starts_with("- Code: ") {
                let newline = if line.ends_with('\n') { "\n" } else { "" };
                format!("- Code: {{code}}{newline}")
            } else {
                line.to_string()
            }
        })
        .collect()
}

/// `text` without its lines that start with `progress: `.
fn without_progress_lines(text: &str) -> String {
    text.split_inclusive('\n')
        .filter(|line| !line.starts_with("progress: "))
        .collect()
}

/// The number in `text` after each of `keys` (white space kept) replaced
/// by `by`.
fn after_keys(text: &str, keys: &[&str], by: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some((i, len)) = keys
        .iter()
        .filter_map(|key| rest.find(key).map(|i| (i, key.len())))
        .min()
    {
        out.push_str(&rest[..i + len]);
        rest = &rest[i + len..];
        let spaces = rest.len() - rest.trim_start().len();
        out.push_str(&rest[..spaces]);
        rest = &rest[spaces..];
        let number = rest
            .find(|c: char| !(c.is_ascii_digit() || matches!(c, '.' | 'e' | 'E' | '-' | '+')))
            .unwrap_or(rest.len());
        out.push_str(by);
        rest = &rest[number..];
    }
    out.push_str(rest);
    out
}

/// The number just before each of `units` replaced by `N`.
fn before_units(text: &str, units: &[&str]) -> String {
    let mut out = text.to_string();
    for unit in units {
        let mut done = String::with_capacity(out.len());
        let mut rest = out.as_str();
        while let Some(i) = rest.find(unit) {
            let head = &rest[..i];
            let start = head
                .rfind(|c: char| !(c.is_ascii_digit() || c == '.'))
                .map_or(0, |j| j + 1);
            done.push_str(&head[..start]);
            if start < head.len() {
                done.push('N');
            }
            done.push_str(unit);
            rest = &rest[i + unit.len()..];
        }
        done.push_str(rest);
        out = done;
    }
    out
}

/// A `speed.csv` with its last two cells (`seconds`,
/// `decisions_per_second`) of every row after the header replaced by `0`.
fn speed_cells(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for (n, line) in text.lines().enumerate() {
        if n == 0 {
            out.push_str(line);
        } else {
            let mut cut = line;
            for _ in 0..2 {
                cut = cut.rsplit_once(',').map_or("", |(head, _)| head);
            }
            out.push_str(cut);
            out.push_str(",0,0");
        }
        out.push('\n');
    }
    out
}

/// Markdown tables whose last column is `decisions/s (1 thread)` with that
/// column's cells replaced by `N`.
fn speed_column(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut in_table = false;
    for line in text.split_inclusive('\n') {
        let row = line.trim_end();
        if row.ends_with("| decisions/s (1 thread) |") {
            in_table = true;
            out.push_str(line);
            continue;
        }
        if !row.starts_with('|') {
            in_table = false;
        }
        match row.trim_end_matches('|').rsplit_once('|') {
            Some((head, last)) if in_table && !last.trim().starts_with("---") => {
                out.push_str(head);
                out.push_str("| N |");
                out.push_str(&line[row.len()..]);
            }
            _ => out.push_str(line),
        }
    }
    out
}

/// Every file under `dir`, by its path relative to `dir` (`/`-separated).
fn files_under(dir: &Path) -> BTreeMap<String, Vec<u8>> {
    let mut found = BTreeMap::new();
    let mut stack = vec![dir.to_path_buf()];
    while let Some(here) = stack.pop() {
        for entry in std::fs::read_dir(&here).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                stack.push(path);
            } else {
                let name = path
                    .strip_prefix(dir)
                    .unwrap()
                    .to_str()
                    .unwrap()
                    .to_string();
                found.insert(name, std::fs::read(&path).unwrap());
            }
        }
    }
    found
}

/// Run one case: its transcript (each command, its exit code, standard
/// output and standard error) and the files it left, normalized.
fn run_case(lines: &[&str]) -> BTreeMap<String, Vec<u8>> {
    let dir = temp_dir();
    let root = workspace_root();
    let mut transcript = Vec::new();
    for line in lines {
        let line = line.replace("{root}", s(&root));
        let o = bin()
            .args(words(&line))
            .current_dir(dir.path())
            .env_remove("BEACHCOMBER_FAILPOINT")
            .output()
            .expect("binary runs");
        transcript.extend_from_slice(format!("$ beachcomber {line}\n").as_bytes());
        transcript
            .extend_from_slice(format!("exit {:?}\n--- stdout\n", o.status.code()).as_bytes());
        transcript.extend_from_slice(&o.stdout);
        transcript.extend_from_slice(b"--- stderr\n");
        transcript.extend_from_slice(&o.stderr);
        transcript.extend_from_slice(b"---\n\n");
    }
    let mut out: BTreeMap<String, Vec<u8>> = files_under(dir.path())
        .into_iter()
        .map(|(name, bytes)| {
            let normal = normalize(&name, &bytes, dir.path(), &root);
            (format!("files/{name}"), normal)
        })
        .collect();
    out.insert(
        "transcript.txt".into(),
        normalize("transcript.txt", &transcript, dir.path(), &root),
    );
    out
}

/// The first line where `a` and `b` differ, for the failure message.
fn first_difference(a: &[u8], b: &[u8]) -> String {
    let (a, b) = (String::from_utf8_lossy(a), String::from_utf8_lossy(b));
    for (n, (x, y)) in a.lines().zip(b.lines()).enumerate() {
        if x != y {
            return format!("line {}:\n  expected: {x}\n  got:      {y}", n + 1);
        }
    }
    format!(
        "lengths differ: expected {} lines, got {}",
        a.lines().count(),
        b.lines().count()
    )
}

#[test]
#[ignore = "a minute or two: its own step of .ci/run"]
fn outputs_are_byte_identical_to_the_committed_ones() {
    let bless = std::env::var_os("BEACHCOMBER_BLESS").is_some();
    let mut failures = Vec::new();
    for (name, lines) in CASES {
        let got = run_case(lines);
        let folder = expected_root().join(name);
        if bless {
            let _ = std::fs::remove_dir_all(&folder);
            for (file, bytes) in &got {
                let path = folder.join(file);
                std::fs::create_dir_all(path.parent().unwrap()).unwrap();
                std::fs::write(path, bytes).unwrap();
            }
            continue;
        }
        assert!(
            folder.is_dir(),
            "no expected outputs for case {name} in {}: write them with BEACHCOMBER_BLESS=1",
            folder.display()
        );
        let want = files_under(&folder);
        let (got_names, want_names): (Vec<_>, Vec<_>) =
            (got.keys().collect(), want.keys().collect());
        if got_names != want_names {
            failures.push(format!(
                "{name}: files differ:\n  expected: {want_names:?}\n  got:      {got_names:?}"
            ));
            continue;
        }
        for (file, bytes) in &got {
            if want[file] != *bytes {
                failures.push(format!(
                    "{name}/{file}: {}",
                    first_difference(&want[file], bytes)
                ));
            }
        }
    }
    assert!(
        failures.is_empty(),
        "{} outputs differ from cli/tests/equivalence/:\n{}",
        failures.len(),
        failures.join("\n")
    );
}

#[test]
fn the_normalization_replaces_only_timing_values_and_paths() {
    let (dir, root) = (Path::new("/tmp/x"), Path::new("/w"));
    let norm = |file: &str, text: &str| {
        String::from_utf8(normalize(file, text.as_bytes(), dir, root)).unwrap()
    };
    assert_eq!(
        norm(
            "m.json",
            "{\n  \"seed\": 7,\n  \"code\": {\n    \"commit\": \"ab12\",\n    \"clean\": false,\n    \
             \"changed\": \"src/a.rs\"\n  }\n}"
        ),
        "{\n  \"seed\": 7,\n  \"code\": {\"commit\": \"{code}\", \"clean\": false}\n}"
    );
    assert_eq!(
        norm(
            "summary.md",
            "- x\n- Code: commit `ab12`, clean tree\n- Codes: kept\n"
        ),
        "- x\n- Code: {code}\n- Codes: kept\n"
    );
    assert_eq!(
        norm(
            "m.json",
            r#"{"seconds": 1.25e-3, "sessions": 2, "threads":16, "file": "/tmp/x/a.csv", "root": "/w/e.toml"}"#
        ),
        r#"{"seconds": 0, "sessions": 2, "threads":0, "file": "{dir}/a.csv", "root": "{root}/e.toml"}"#
    );
    assert_eq!(
        norm(
            "t.txt",
            "24 games (30476 games/s) -> sw; 9780385.9 decisions/s (1 thread)\n"
        ),
        "24 games (N games/s) -> sw; N decisions/s (1 thread)\n"
    );
    assert_eq!(
        norm(
            "transcript.txt",
            "$ run\nprogress: 1066/1120 games (95 games/s, eta 1 s)\nwrote x\n"
        ),
        "$ run\nwrote x\n"
    );
    assert_eq!(
        norm(
            "r/speed.csv",
            "game_spec,bot,seconds,decisions_per_second\n\"a(b=1,c=2)\",x,0.0018,57428.9\n"
        ),
        "game_spec,bot,seconds,decisions_per_second\n\"a(b=1,c=2)\",x,0,0\n"
    );
    assert_eq!(
        norm(
            "summary.md",
            "| bot | win share | decisions/s (1 thread) |\n| --- | --- | --- |\n| greedy | 0.8393 | 165722 |\n\nafter | 12 |\n"
        ),
        "| bot | win share | decisions/s (1 thread) |\n| --- | --- | --- |\n| greedy | 0.8393 | N |\n\nafter | 12 |\n"
    );
    let binary = [0xff, 0xfe, b'"', b's'];
    assert_eq!(normalize("r.zst", &binary, dir, root), binary);
}
