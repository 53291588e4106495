//! Game specs that name files: the command line reads them (a regular file
//! only, without blocking), passes the set inline, records the file's hash
//! in the canonical spec, and refuses to resume a run whose file changed.

use crate::common::*;

use std::path::Path;
use std::time::{Duration, Instant};

const SET: &str = "# a small set\nBeach Wave 20\nIsopod Crab 20\nRock Shell 10\n";

fn stdout(o: &std::process::Output) -> String {
    String::from_utf8_lossy(&o.stdout).into_owned()
}

/// A tournament of the set in `manifest` writing `g.csv` into `dir`.
fn tournament(dir: &Path, game: &str, extra: &[&str]) -> Vec<String> {
    let out = dir.join("g.csv");
    let mut args: Vec<String> = [
        "tournament",
        "--game",
        game,
        "--players",
        "2",
        "--bots",
        "greedy,random",
        "--deals",
        "10",
        "--seed",
        "3",
        "--out",
        s(&out),
    ]
    .iter()
    .map(|a| a.to_string())
    .collect();
    args.extend(extra.iter().map(|a| a.to_string()));
    args
}

fn strs(v: &[String]) -> Vec<&str> {
    v.iter().map(String::as_str).collect()
}

#[test]
fn a_token_file_is_read_and_its_hash_recorded() {
    let dir = temp_dir();
    let manifest = dir.path().join("set.txt");
    std::fs::write(&manifest, SET).unwrap();
    let file = format!("seaside(tokens={})", s(&manifest));
    let o = run(&strs(&tournament(dir.path(), &file, &[])));
    assert!(o.status.success(), "{}", stderr(&o));
    let hash = format!("{:016x}", xxhash_rust::xxh3::xxh3_64(SET.as_bytes()));
    let canonical = format!(
        "seaside(removed=rulebook,tokens=[Beach/Wave:20;Isopod/Crab:20;Rock/Shell:10],\
         tokens_file={}@xxh3:{hash})",
        s(&manifest)
    );
    assert!(
        stdout(&o).contains(&format!("games of {canonical} with")),
        "{}",
        stdout(&o)
    );
    let rows = std::fs::read(dir.path().join("g.csv")).unwrap();
    // The same set inline plays the same games.
    let inline = "seaside(tokens=[Beach/Wave:20;Isopod/Crab:20;Rock/Shell:10])";
    let other = temp_dir();
    let o = run(&strs(&tournament(other.path(), inline, &[])));
    assert!(o.status.success(), "{}", stderr(&o));
    let inline_rows = std::fs::read(other.path().join("g.csv")).unwrap();
    assert_eq!(
        csv_rows_without_game(&rows),
        csv_rows_without_game(&inline_rows)
    );
    // The canonical spec, copied from the output, plays them again.
    let again = temp_dir();
    let o = run(&strs(&tournament(again.path(), &canonical, &[])));
    assert!(o.status.success(), "{}", stderr(&o));
    assert_eq!(std::fs::read(again.path().join("g.csv")).unwrap(), rows);
}

/// The rows of a per-game CSV with any `game` column dropped.
fn csv_rows_without_game(bytes: &[u8]) -> Vec<Vec<String>> {
    let mut reader = csv::Reader::from_reader(bytes);
    let headers = reader.headers().unwrap().clone();
    let keep: Vec<usize> = (0..headers.len())
        .filter(|&i| &headers[i] != "game")
        .collect();
    reader
        .records()
        .map(|r| {
            let r = r.unwrap();
            keep.iter().map(|&i| r[i].to_string()).collect()
        })
        .collect()
}

#[test]
fn a_fifo_or_a_folder_is_refused_at_once() {
    let dir = temp_dir();
    let fifo = dir.path().join("f");
    assert!(
        std::process::Command::new("mkfifo")
            .arg(&fifo)
            .status()
            .unwrap()
            .success()
    );
    for (path, what) in [(s(&fifo), "a FIFO"), (s(dir.path()), "a folder")] {
        let game = format!("seaside(tokens={path})");
        let mut child = bin()
            .args(strs(&tournament(dir.path(), &game, &["--quiet"])))
            .stdout(std::process::Stdio::null())
            .stderr(std::process::Stdio::piped())
            .spawn()
            .unwrap();
        let start = Instant::now();
        let status = loop {
            if let Some(status) = child.try_wait().unwrap() {
                break status;
            }
            if start.elapsed() > Duration::from_secs(60) {
                let _ = child.kill();
                panic!("`--game {game}` still running after 60 s");
            }
            std::thread::sleep(Duration::from_millis(10));
        };
        let o = child.wait_with_output().unwrap();
        assert_eq!(status.code(), Some(1));
        let err = stderr(&o);
        assert_eq!(
            err,
            format!(
                "error: --game: bad value `{path}` for `seaside` option `tokens`: expected a \
                 readable file, but it is {what}, not a regular file\n"
            )
        );
    }
}

#[test]
fn resume_after_the_token_file_was_edited_is_refused() {
    let dir = temp_dir();
    let manifest = dir.path().join("set.txt");
    std::fs::write(&manifest, SET).unwrap();
    let game = format!("seaside(tokens={})", s(&manifest));
    let args = tournament(dir.path(), &game, &["--quiet"]);
    // Interrupted once every game is played, before its files are renamed.
    let o = bin()
        .args(strs(&args))
        .env("BEACHCOMBER_FAILPOINT", "finish-checkpoint")
        .output()
        .unwrap();
    assert_eq!(o.status.code(), Some(86), "{}", stderr(&o));
    let mut resume = args.clone();
    resume.push("--resume".to_string());
    // One more Rock/Shell token: another set, another hash.
    std::fs::write(&manifest, SET.replace("Shell 10", "Shell 11")).unwrap();
    let o = run(&strs(&resume));
    assert_eq!(o.status.code(), Some(1));
    let err = stderr(&o);
    let before = format!("{:016x}", xxhash_rust::xxh3::xxh3_64(SET.as_bytes()));
    assert!(
        err.starts_with(&format!(
            "error: --resume: the file `{}` (`tokens` of `seaside`) changed since the run \
             started (xxh3 {before}, now ",
            s(&manifest)
        )),
        "{err}"
    );
    assert_eq!(err.lines().count(), 1, "{err}");
    // A comment edited: the set is the same, the file is not.
    std::fs::write(&manifest, SET.replace("a small", "my small")).unwrap();
    let o = run(&strs(&resume));
    assert_eq!(o.status.code(), Some(1));
    assert!(
        stderr(&o).contains("changed since the run started"),
        "{}",
        stderr(&o)
    );
    // Restored, it resumes and finishes.
    std::fs::write(&manifest, SET).unwrap();
    let o = run(&strs(&resume));
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(dir.path().join("g.csv").exists());
}

#[test]
fn leagues_sweeps_and_experiment_files_read_token_files() {
    let dir = temp_dir();
    let manifest = dir.path().join("set.txt");
    std::fs::write(&manifest, SET).unwrap();
    let game = format!("seaside(tokens={})", s(&manifest));
    let league = run(&[
        "league",
        "--game",
        &game,
        "--players",
        "2",
        "--bots",
        "greedy,random",
        "--games-per-pairing",
        "4",
        "--quiet",
    ]);
    assert!(league.status.success(), "{}", stderr(&league));
    let out = dir.path().join("sweep");
    let sweep = run(&[
        "sweep",
        "--game",
        &game,
        "--players",
        "2",
        "--vary",
        "removed=1,2",
        "--games",
        "2",
        "--quiet",
        "--out",
        s(&out),
    ]);
    assert!(sweep.status.success(), "{}", stderr(&sweep));
    let file = dir.path().join("e.toml");
    std::fs::write(
        &file,
        format!(
            "kind = \"tournament\"\ngame = \"seaside(tokens={})\"\nplayers = 2\n\
             bots = \"random\"\ngames = 2\nseed = 1\n",
            s(&manifest)
        ),
    )
    .unwrap();
    let results = dir.path().join("results");
    let o = run(&["run", s(&file), "--out", s(&results), "--quiet"]);
    assert!(o.status.success(), "{}", stderr(&o));
    // A FIFO in an experiment file is refused, naming the key's line.
    let fifo = dir.path().join("f");
    assert!(
        std::process::Command::new("mkfifo")
            .arg(&fifo)
            .status()
            .unwrap()
            .success()
    );
    std::fs::write(
        &file,
        format!(
            "kind = \"tournament\"\ngame = \"seaside(tokens={})\"\nplayers = 2\n\
             bots = \"random\"\ngames = 2\nseed = 1\n",
            s(&fifo)
        ),
    )
    .unwrap();
    let o = run(&["run", s(&file), "--out", s(&results), "--quiet"]);
    assert_eq!(o.status.code(), Some(1));
    let err = stderr(&o);
    assert!(err.contains("line 2"), "{err}");
    assert!(err.contains("it is a FIFO, not a regular file"), "{err}");
    assert_eq!(err.lines().count(), 1, "{err}");
}
