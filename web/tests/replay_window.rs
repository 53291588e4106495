//! Replays a window at a time (issue 53 item 3), on a real socket: a
//! record's replay holds at most `MAX_REPLAY_MOVES` moves (and one more
//! position) from `offset`; a longer game is fetched a window at a time,
//! the windows meeting at a shared position. The caps cut nothing users
//! have: every committed record replays whole in one answer (it has at
//! most `MAX_REPLAY_MOVES` events; the longest of each file is asked
//! for), and the
//! largest committed results file is served whole.

use std::path::{Path, PathBuf};

use beachcomber_web::Limits;
use beachcomber_web::limits::MAX_REPLAY_MOVES;
use serde_json::Value;

use crate::common::{Server, error_of, get_over_socket, one_record, write_file};

/// The repository's root.
fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("..")
}

/// Every record file committed in the repository (plain, gzip, zstd).
fn committed_records() -> Vec<PathBuf> {
    fn walk(dir: &Path, out: &mut Vec<PathBuf>) {
        let Ok(entries) = std::fs::read_dir(dir) else {
            return;
        };
        for e in entries.flatten() {
            let path = e.path();
            let name = e.file_name().to_string_lossy().into_owned();
            if e.file_type().unwrap().is_dir() {
                if !["target", ".git", "node_modules", ".venv"].contains(&name.as_str()) {
                    walk(&path, out);
                }
            } else if [".jsonl", ".jsonl.gz", ".jsonl.zst"]
                .iter()
                .any(|ext| name.ends_with(ext))
            {
                out.push(path);
            }
        }
    }
    let mut out = Vec::new();
    for dir in [
        "cli/tests",
        "python/tests",
        "docs",
        "results",
        "experiments",
        "examples",
    ] {
        walk(&root().join(dir), &mut out);
    }
    out.sort();
    out
}

/// The JSON of `GET uri`, which must be 200.
fn ok(server: &Server, uri: &str) -> Value {
    let answer = get_over_socket(server.addr, uri);
    assert_eq!(answer.status, 200, "{uri}: {:?}", answer.json());
    answer.json()
}

/// The number of events of each record of `path` (plain or compressed).
fn events_per_record(path: &Path) -> Vec<usize> {
    let file = std::fs::File::open(path).unwrap();
    let mut lines = beachcomber::record::io::RecordLines::new(file).unwrap();
    let mut line = Vec::new();
    let mut out = Vec::new();
    while let Some(read) = lines.read_line(&mut line) {
        read.unwrap();
        if line.iter().all(u8::is_ascii_whitespace) {
            continue;
        }
        let v: Value = serde_json::from_slice(&line).unwrap();
        out.push(v["events"].as_array().unwrap().len());
    }
    out
}

/// Every committed record has at most `MAX_REPLAY_MOVES` events (so at
/// most as many moves: it fits one answer), and the longest of each file
/// is served whole in one answer.
#[test]
fn every_committed_record_replays_whole_in_one_answer() {
    let files = committed_records();
    assert!(files.len() >= 15, "{files:?}");
    let server = Server::start_config(Limits::default(), |_, config| {
        config.records = files.clone();
    });
    let list = ok(&server, "/api/files");
    let mut records = 0;
    for (id, path) in files.iter().enumerate() {
        let events = events_per_record(path);
        records += events.len();
        assert_eq!(
            list["files"][id]["records"],
            events.len(),
            "{}",
            path.display()
        );
        assert!(
            events.iter().all(|&n| n <= MAX_REPLAY_MOVES),
            "{}: {events:?}",
            path.display()
        );
        let longest = (0..events.len()).max_by_key(|&k| events[k]).unwrap();
        let v = ok(&server, &format!("/api/files/{id}/records/{longest}"));
        let moves = v["moves"].as_array().unwrap().len();
        assert!(moves > 0, "{}: record {longest}", path.display());
        assert_eq!(
            v["total_moves"],
            moves,
            "{}: record {longest}",
            path.display()
        );
        assert_eq!(v["offset"], 0);
        assert_eq!(v["previous"], Value::Null);
        assert_eq!(v["frames"].as_array().unwrap().len(), moves + 1);
        assert_eq!(v["frames"][moves]["over"], true, "{}", path.display());
    }
    assert!(records >= 150, "{records} records");
}

/// The largest file of a kind the server serves in the committed
/// `results/` folder.
fn largest_results_file() -> (String, u64) {
    fn walk(root: &Path, dir: &Path, best: &mut (String, u64)) {
        for e in std::fs::read_dir(dir).unwrap().flatten() {
            let path = e.path();
            if e.file_type().unwrap().is_dir() {
                walk(root, &path, best);
                continue;
            }
            let served = ["md", "csv", "svg", "png", "txt", "toml"]
                .iter()
                .any(|ext| path.extension().is_some_and(|e| e == *ext));
            let len = e.metadata().unwrap().len();
            if served && len > best.1 {
                let rel = path.strip_prefix(root).unwrap().to_string_lossy();
                *best = (rel.replace('\\', "/"), len);
            }
        }
    }
    let root = root().join("results");
    let mut best = (String::new(), 0);
    walk(&root, &root, &mut best);
    best
}

#[test]
fn the_largest_committed_results_file_is_served_whole() {
    let (rel, len) = largest_results_file();
    assert!(len > 100_000, "{rel}: {len} bytes");
    let server = Server::start_config(Limits::default(), |_, config| {
        config.results = Some(root().join("results"));
    });
    let answer = get_over_socket(server.addr, &format!("/results/{rel}"));
    assert_eq!(answer.status, 200, "{rel}");
    assert!(
        answer.head.contains(&format!("content-length: {len}")),
        "{}",
        answer.head
    );
    assert_eq!(
        answer.body,
        std::fs::read(root().join("results").join(&rel)).unwrap()
    );
}

/// A game that ends at its turn cap, about 5.6 events a turn (few Shells,
/// no Shell collected before the cap), here about 1,300 moves.
const LONG_GAME: &str =
    "shell-dash(deck=Sand:150,Wave:20,Flip-Flop:10,Jellyfish:60,Sun:13,Shell:3,max_turns=400)";

#[test]
fn a_long_game_is_replayed_a_window_at_a_time() {
    let line = one_record(LONG_GAME, 0);
    let server = Server::start_config(Limits::default(), |dir, config| {
        let path = dir.join("long.jsonl");
        write_file(&path, std::slice::from_ref(&line));
        config.records = vec![path];
    });
    let first = ok(&server, "/api/files/0/records/0");
    let total = first["total_moves"].as_u64().unwrap() as usize;
    assert!(total > 2 * MAX_REPLAY_MOVES, "{total} moves");
    // Before: every move and frame in one answer.
    assert_eq!(first["moves"].as_array().unwrap().len(), MAX_REPLAY_MOVES);
    assert_eq!(
        first["frames"].as_array().unwrap().len(),
        MAX_REPLAY_MOVES + 1
    );
    // The windows, end to end, for a seat too.
    for view in ["referee", "1"] {
        let mut offset = 0;
        let mut moves = 0;
        let mut last_frame = Value::Null;
        let mut last_move = Value::Null;
        while offset < total {
            let v = ok(
                &server,
                &format!("/api/files/0/records/0?view={view}&offset={offset}&limit=300"),
            );
            let window = v["moves"].as_array().unwrap();
            assert_eq!(v["offset"], offset);
            assert_eq!(v["total_moves"], total);
            assert_eq!(window.len(), 300.min(total - offset));
            assert_eq!(v["frames"].as_array().unwrap().len(), window.len() + 1);
            if offset > 0 {
                // The windows meet: this one's first position is the last
                // one's final position, and `previous` is its last move.
                assert_eq!(v["frames"][0], last_frame);
                assert_eq!(v["previous"], last_move);
            }
            last_frame = v["frames"][window.len()].clone();
            last_move = window.last().unwrap().clone();
            moves += window.len();
            offset += window.len();
        }
        assert_eq!(moves, total);
        assert_eq!(last_frame["over"], true);
    }
    // The last position alone; past it, a 400; a limit beyond the cap is
    // clamped.
    let end = ok(&server, &format!("/api/files/0/records/0?offset={total}"));
    assert_eq!(
        (
            end["moves"].as_array().unwrap().len(),
            end["frames"].as_array().unwrap().len()
        ),
        (0, 1)
    );
    let past = get_over_socket(
        server.addr,
        &format!("/api/files/0/records/0?offset={}", total + 1),
    );
    assert_eq!(past.status, 400);
    assert_eq!(
        error_of(&past.json()),
        format!(
            "offset {}: the game has {total} move(s) (give 0 to {total})",
            total + 1
        )
    );
    let huge = ok(
        &server,
        &format!("/api/files/0/records/0?limit={}", usize::MAX),
    );
    assert_eq!(huge["moves"].as_array().unwrap().len(), MAX_REPLAY_MOVES);
    let bad = get_over_socket(server.addr, "/api/files/0/records/0?offset=-1");
    assert_eq!(bad.status, 400);
    assert_eq!(
        error_of(&bad.json()),
        "query `offset`: `-1` is not a number"
    );
}
