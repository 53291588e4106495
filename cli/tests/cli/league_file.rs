//! End-to-end tests of experiment files of kind league with several
//! `[[league]]` tables: one plan at any thread count, each league's ratings
//! those of `beachcomber league` alone, `--combination K`, shards merged,
//! the speed measurement (`speed_games`, `speed.csv`, `bench --bots`), the
//! quick version's replacements, and malformed tables. Each test works in a
//! temporary folder, removed at the end.

use std::path::Path;
use std::process::Stdio;
use std::time::{Duration, Instant};

use crate::common::{
    bin, catches_sigint, names, ok, read, refused, run, s, signal, stderr, temp_dir,
};

/// The fields of a CSV line.
fn fields(line: &str) -> Vec<String> {
    let mut reader = csv::ReaderBuilder::new()
        .has_headers(false)
        .from_reader(line.as_bytes());
    reader
        .records()
        .next()
        .unwrap()
        .unwrap()
        .iter()
        .map(String::from)
        .collect()
}

/// Two tiny leagues: Shell Dash at 2 players (two bots at two players: one
/// lineup) and Seaside at 3 players, with a speed measurement and a
/// ratings plot of one league.
const TWO_LEAGUES: &str = r#"kind = "league"
title = "Two leagues"
bots = ["random", "greedy"]
games_per_pairing = 20
seed = 5
speed_games = 3

[[league]]
game = "shell-dash"
players = 2

[[league]]
game = "seaside"
players = 3
games_per_pairing = 12

[[plot]]
kind = "ratings"
input = "ratings"
where = { game_spec = "seaside", players = 3 }
file = "seaside.svg"
"#;

const SHELL_DASH: &str = "\"shell-dash(deck=Sand:16,Wave:10,Flip-Flop:6,Jellyfish:8,Sun:6,Shell:14,\
                          max_turns=200,reshuffle=choice)\"";

const RATINGS_HEADER: &str = "game_spec,players,seed,deals,games_per_pairing,bot,rating,low95,\
                              high95,games,win_share,win_low95,win_high95,mean_rank,converged";

/// The ratings of the two leagues (exact: any change to the rules, the
/// seeding, the bots or the fit shows here).
fn expected_ratings() -> String {
    format!(
        "{RATINGS_HEADER}\n\
         {SHELL_DASH},2,5,10,20,random,0.0,0.0,0.0,20,0.3500,0.0949,0.6051,1.6500,1\n\
         {SHELL_DASH},2,5,10,20,greedy(worlds=8),102.1,-67.0,347.7,20,0.6500,0.3949,0.9051,1.3500,1\n\
         seaside(removed=rulebook),3,5,2,12,random,0.0,0.0,0.0,18,0.1389,0.0844,0.1933,2.2778,1\n\
         seaside(removed=rulebook),3,5,2,12,greedy(worlds=8),200.2,181.7,219.9,18,0.5278,0.4733,0.5822,1.6111,1\n"
    )
}

#[test]
fn several_leagues_are_one_plan_the_same_at_any_thread_count() {
    let dir = temp_dir();
    let file = dir.path().join("two.toml");
    std::fs::write(&file, TWO_LEAGUES).unwrap();
    let (a, b) = (dir.path().join("a"), dir.path().join("b"));
    ok(&["run", s(&file), "--quiet", "--threads", "1", "--out", s(&a)]);
    ok(&["run", s(&file), "--quiet", "--threads", "2", "--out", s(&b)]);
    assert_eq!(
        names(&a),
        [
            "games.csv",
            "manifest.json",
            "pairs.csv",
            "ratings.csv",
            "seaside.svg",
            "speed.csv",
            "summary.md"
        ]
    );
    for f in ["games.csv", "ratings.csv", "pairs.csv"] {
        assert!(read(&a.join(f)) == read(&b.join(f)), "{f}: 1 and 2 threads");
    }
    assert_eq!(read(&a.join("ratings.csv")), expected_ratings());
    // One manifest: a plan of two parts labelled by game and players.
    let manifest: serde_json::Value =
        serde_json::from_str(&read(&a.join("manifest.json"))).unwrap();
    assert_eq!(manifest["description"]["command"], "league");
    assert_eq!(manifest["games"], 20 + 12);
    let parts = manifest["description"]["plan"]["parts"].as_array().unwrap();
    assert_eq!(parts.len(), 2);
    assert_eq!(
        parts[1]["values"],
        serde_json::json!([["game_spec", "seaside(removed=rulebook)"], ["players", "3"]])
    );
    // games.csv: the two value columns, then the union of the games' own
    // columns (Shell Dash's `capped`, Seaside's `removed`, `drawn` and
    // `odd_tokens`).
    let games = read(&a.join("games.csv"));
    let mut lines = games.lines();
    assert_eq!(
        lines.next().unwrap(),
        "game_spec,players,game,deal,rotation,seed,seat,bot,score,rank,win_share,won,plies,turns,\
         end,capped,removed,drawn,odd_tokens"
    );
    let rows: Vec<&str> = lines.collect();
    assert_eq!(rows.len(), 20 * 2 + 12 * 3);
    assert!(
        rows[0].starts_with(&format!("{SHELL_DASH},2,0,0,0,")),
        "{}",
        rows[0]
    );
    assert!(rows[0].ends_with(",finished,0,,,"), "{}", rows[0]);
    // Each league is exactly `beachcomber league` alone: its ratings rows
    // and its games (numbered after the first league's 20).
    let (alone, alone_games) = (dir.path().join("r.csv"), dir.path().join("g.csv"));
    ok(&[
        "league",
        "--game",
        "seaside",
        "--players",
        "3",
        "--bots",
        "random,greedy",
        "--games-per-pairing",
        "12",
        "--seed",
        "5",
        "--quiet",
        "--summary",
        s(&alone),
        "--out",
        s(&alone_games),
    ]);
    let whole = read(&a.join("ratings.csv"));
    let seaside_rows: Vec<&str> = whole.lines().skip(3).collect();
    assert_eq!(
        read(&alone).lines().skip(1).collect::<Vec<_>>(),
        seaside_rows
    );
    let alone_games = read(&alone_games);
    let alone_rows: Vec<&str> = alone_games.lines().skip(1).collect();
    assert_eq!(alone_rows.len(), 36);
    for (plan_row, alone_row) in rows[40..].iter().zip(&alone_rows) {
        let p: Vec<&str> = plan_row.split(',').collect();
        let a: Vec<&str> = alone_row.split(',').collect();
        assert_eq!(p[..2], ["seaside(removed=rulebook)", "3"]);
        assert_eq!(
            p[2].parse::<u64>().unwrap(),
            a[0].parse::<u64>().unwrap() + 20
        );
        assert_eq!(p[3..15], a[1..13], "{plan_row}");
        assert_eq!(p[15], "", "no `capped` in Seaside");
        assert_eq!(p[16..], a[13..], "{plan_row}");
    }
    // summary.md: one table per league, best first, with the speeds.
    let summary = read(&a.join("summary.md"));
    let shell_heading = summary
        .find("## shell-dash(deck=Sand:16,")
        .expect("a heading per league");
    let seaside_heading = summary
        .find("## seaside(removed=rulebook), 3 players")
        .expect("a heading per league");
    assert!(shell_heading < seaside_heading, "{summary}");
    let table = "| bot | rating (Elo) | 95% interval | win share | decisions/s (1 thread) |";
    assert_eq!(summary.matches(table).count(), 2, "{summary}");
    let seaside = &summary[seaside_heading..];
    let greedy = seaside.find("| greedy | 200.2 | (too few games) | 0.5278 | ");
    let random = seaside.find("| random | 0.0 | (too few games) | 0.1389 | ");
    assert!(
        greedy.expect(&summary) < random.expect(&summary),
        "{summary}"
    );
    assert!(summary.contains("depend on that machine"), "{summary}");
    // The pairwise table: each pairing's score and Elo difference, from
    // fewer than 30 deals, are marked instead of given intervals.
    let pairs_at = seaside.find("| bot | against |").expect(&summary);
    let pair_rows: Vec<&str> = seaside[pairs_at..]
        .lines()
        .skip(2)
        .take_while(|l| l.starts_with('|'))
        .collect();
    assert!(!pair_rows.is_empty(), "{summary}");
    for row in pair_rows {
        assert_eq!(row.matches("(too few games)").count(), 2, "{row}");
        assert!(!row.contains('['), "{row}");
    }
    // The plot of one league, chosen by `game_spec = "seaside"`.
    let svg = read(&a.join("seaside.svg"));
    assert!(svg.starts_with("<svg"));
}

#[test]
fn speed_csv_has_a_row_per_league_and_bot() {
    let dir = temp_dir();
    let file = dir.path().join("two.toml");
    std::fs::write(&file, TWO_LEAGUES).unwrap();
    let out = dir.path().join("out");
    ok(&["run", s(&file), "--quiet", "--out", s(&out)]);
    let speed = read(&out.join("speed.csv"));
    let mut lines = speed.lines();
    assert_eq!(
        lines.next().unwrap(),
        "game_spec,players,bot,games,decisions,seconds,decisions_per_second"
    );
    let rows: Vec<Vec<String>> = lines.map(fields).collect();
    let keys: Vec<(&str, &str, &str, &str)> = rows
        .iter()
        .map(|r| (&r[0][..10], r[1].as_str(), r[2].as_str(), r[3].as_str()))
        .collect();
    assert_eq!(
        keys,
        [
            ("shell-dash", "2", "random", "3"),
            ("shell-dash", "2", "greedy(worlds=8)", "3"),
            ("seaside(re", "3", "random", "3"),
            ("seaside(re", "3", "greedy(worlds=8)", "3"),
        ]
    );
    // The decisions are those of the games of the tournament of the bot in
    // every seat with the file's seed; the time is positive.
    for r in &rows {
        let game = if r[0].starts_with("seaside") {
            "seaside"
        } else {
            "shell-dash"
        };
        let t = dir.path().join("t.csv");
        ok(&[
            "tournament",
            "--game",
            game,
            "--players",
            &r[1],
            "--bots",
            &r[2],
            "--games",
            "3",
            "--seed",
            "5",
            "--quiet",
            "--out",
            s(&t),
        ]);
        let plies: u64 = read(&t)
            .lines()
            .skip(1)
            .filter(|l| l.split(',').nth(4) == Some("0"))
            .map(|l| l.split(',').nth(10).unwrap().parse::<u64>().unwrap())
            .sum();
        assert!(plies > 0);
        assert_eq!(r[4], plies.to_string(), "{r:?}");
        let seconds: f64 = r[5].parse().unwrap();
        let per_second: f64 = r[6].parse().unwrap();
        assert!(seconds > 0.0 && per_second > 0.0, "{r:?}");
        let implied = plies as f64 / seconds;
        assert!(
            (per_second - implied).abs() <= 1e-3 * implied + 0.1,
            "{r:?}"
        );
    }
    // Speeds never go into the ratings or the manifest.
    assert!(!read(&out.join("manifest.json")).contains("speed"));
    // `bench --bots`: the same measurement, printed.
    let text = ok(&[
        "bench",
        "--game",
        "seaside",
        "--players",
        "3",
        "--bots",
        "random,greedy",
        "--games",
        "2",
    ]);
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 4, "{text}");
    assert!(lines[1].trim_start().starts_with("random "), "{text}");
    assert!(
        lines[2].trim_start().starts_with("greedy(worlds=8) "),
        "{text}"
    );
    for line in &lines[1..3] {
        assert!(line.contains(" decisions/s "), "{text}");
    }
    // Without speed_games, no speed.csv and no speed column.
    std::fs::write(&file, TWO_LEAGUES.replace("speed_games = 3\n", "")).unwrap();
    let plain = dir.path().join("plain");
    ok(&["run", s(&file), "--quiet", "--out", s(&plain)]);
    assert!(!plain.join("speed.csv").exists());
    assert!(!read(&plain.join("summary.md")).contains("decisions/s"));
    // The same file without speed_games played again into the folder that
    // has a speed.csv: the stale file goes, and its column with it.
    ok(&["run", s(&file), "--quiet", "--out", s(&out)]);
    assert!(!out.join("speed.csv").exists());
    assert!(!read(&out.join("summary.md")).contains("decisions/s"));
}

#[test]
fn one_league_of_a_file_replays_exactly_and_shards_merge_into_the_whole() {
    let dir = temp_dir();
    let file = dir.path().join("two.toml");
    std::fs::write(&file, TWO_LEAGUES).unwrap();
    let whole = dir.path().join("whole");
    ok(&["run", s(&file), "--quiet", "--out", s(&whole)]);
    let ratings = read(&whole.join("ratings.csv"));
    // --combination 1: the second league alone, complete.
    let one = dir.path().join("one");
    ok(&[
        "run",
        s(&file),
        "--quiet",
        "--combination",
        "1",
        "--out",
        s(&one),
    ]);
    assert_eq!(
        names(&one),
        ["games.csv", "manifest.json", "pairs.csv", "ratings.csv"]
    );
    let again = read(&one.join("ratings.csv"));
    let mut again = again.lines();
    assert_eq!(again.next().unwrap(), RATINGS_HEADER);
    let again: Vec<&str> = again.collect();
    assert_eq!(again, ratings.lines().skip(3).collect::<Vec<_>>());
    // --combination 0: the first.
    ok(&[
        "run",
        s(&file),
        "--quiet",
        "--combination",
        "0",
        "--out",
        s(&one),
    ]);
    let first: Vec<String> = read(&one.join("ratings.csv"))
        .lines()
        .skip(1)
        .map(String::from)
        .collect();
    assert_eq!(first, ratings.lines().skip(1).take(2).collect::<Vec<_>>());
    let o = run(&[
        "run",
        s(&file),
        "--quiet",
        "--combination",
        "2",
        "--out",
        s(&one),
    ]);
    assert_eq!(o.status.code(), Some(1));
    assert!(
        stderr(&o).contains("--combination 2: the experiment has 2 league(s) (0 to 1)"),
        "{}",
        stderr(&o)
    );
    // Two shards, then --merge: the same files, and the speed measured
    // after the merge (never in a shard).
    let split = dir.path().join("split");
    for i in 0..2 {
        ok(&[
            "run",
            s(&file),
            "--quiet",
            "--shard",
            &format!("{i}/2"),
            "--out",
            s(&split),
        ]);
        let shard = split.join("shards").join(i.to_string());
        assert_eq!(
            names(&shard),
            ["games.csv", "manifest.json", "pairs.csv", "ratings.csv"]
        );
    }
    ok(&[
        "run",
        s(&file),
        "--quiet",
        "--merge",
        "2",
        "--out",
        s(&split),
    ]);
    for f in ["games.csv", "ratings.csv", "pairs.csv"] {
        assert!(
            read(&whole.join(f)) == read(&split.join(f)),
            "{f} after merge"
        );
    }
    let speed = read(&split.join("speed.csv"));
    assert_eq!(speed.lines().count(), 1 + 4, "{speed}");
    assert!(read(&split.join("summary.md")).contains("decisions/s (1 thread)"));
    let manifest = |d: &Path| -> serde_json::Value {
        serde_json::from_str(&read(&d.join("manifest.json"))).unwrap()
    };
    let (m, w) = (manifest(&split), manifest(&whole));
    assert_eq!(m["description"]["plan"], w["description"]["plan"]);
    assert_eq!(m["totals"], w["totals"]);
}

/// A file of one league (no tables) plays exactly `beachcomber league`,
/// and the quick version applies `replace` to every league, keeping a bot
/// once when two become the same.
#[test]
fn one_league_is_the_league_command_and_quick_replaces_in_every_league() {
    let dir = temp_dir();
    let file = dir.path().join("one.toml");
    std::fs::write(
        &file,
        "kind = \"league\"\ngame = \"seaside\"\nplayers = 2\n\
         bots = [\"random\", \"greedy\", \"ismcts(iterations=3)\"]\ngames_per_pairing = 6\nseed = 2\n",
    )
    .unwrap();
    let out = dir.path().join("out");
    ok(&["run", s(&file), "--quiet", "--out", s(&out)]);
    let (r, g) = (dir.path().join("r.csv"), dir.path().join("g.csv"));
    ok(&[
        "league",
        "--game",
        "seaside",
        "--players",
        "2",
        "--bots",
        "random,greedy,ismcts(iterations=3)",
        "--games-per-pairing",
        "6",
        "--seed",
        "2",
        "--quiet",
        "--summary",
        s(&r),
        "--out",
        s(&g),
    ]);
    assert!(read(&out.join("ratings.csv")) == read(&r), "ratings.csv");
    assert!(read(&out.join("games.csv")) == read(&g), "games.csv");
    let manifest: serde_json::Value =
        serde_json::from_str(&read(&out.join("manifest.json"))).unwrap();
    assert_eq!(
        manifest["description"]["settings"],
        serde_json::json!([["games_per_pairing", "6"], ["resamples", "1000"]])
    );
    assert_eq!(
        manifest["description"]["plan"]["parts"][0]["values"],
        serde_json::json!([])
    );
    // Quick: both searching bots become one; every league gets it.
    std::fs::write(
        &file,
        r#"kind = "league"
bots = ["random", "ismcts(iterations=500)", "ismcts(iterations=900)"]
speed_games = 50

[[league]]
game = "shell-dash"
players = 2

[[league]]
game = "seaside"
players = 2

[quick]
games_per_pairing = 4
replace = { "ismcts(iterations=500)" = "ismcts(iterations=4)", "ismcts(iterations=900)" = "ismcts(iterations=4)" }
"#,
    )
    .unwrap();
    let quick = dir.path().join("quick");
    ok(&["run", s(&file), "--quick", "--quiet", "--out", s(&quick)]);
    let ratings = read(&quick.join("ratings.csv"));
    let rows: Vec<Vec<String>> = ratings.lines().skip(1).map(fields).collect();
    let bots: Vec<&str> = rows.iter().map(|r| r[5].as_str()).collect();
    let ismcts = "ismcts(iterations=4,c=0.7,rollout=random,reward=auto)";
    assert_eq!(bots, ["random", ismcts, "random", ismcts]);
    assert!(rows.iter().all(|r| r[4] == "4"), "{ratings}");
    // The quick speed measurement: 2 games per bot unless [quick] says.
    let speed = read(&quick.join("speed.csv"));
    assert_eq!(speed.lines().count(), 1 + 4);
    assert!(
        speed
            .lines()
            .skip(1)
            .all(|l| l.split(',').rev().nth(3) == Some("2")),
        "{speed}"
    );
}

/// Ctrl-C during the speed measurement stops it (exit 130) with the
/// leagues' files complete in the staging folder (the results folder not
/// made yet); `--resume` then measures the speeds only and swaps them in.
#[test]
fn ctrl_c_stops_the_speed_measurement_and_resume_measures_again() {
    let dir = temp_dir();
    let file = dir.path().join("two.toml");
    let endless = TWO_LEAGUES.replace("speed_games = 3", "speed_games = 100000000000");
    std::fs::write(&file, &endless).unwrap();
    let out = dir.path().join("out");
    let staging = dir.path().join(".out.staging");
    let mut child = bin()
        .args(["run", s(&file), "--quiet", "--out", s(&out)])
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let start = Instant::now();
    while !(staging.join("manifest.json").exists() && catches_sigint(child.id())) {
        assert!(
            child.try_wait().unwrap().is_none(),
            "the run ended before its speed measurement"
        );
        assert!(
            start.elapsed() < Duration::from_secs(60),
            "timed out waiting for the leagues"
        );
        std::thread::sleep(Duration::from_millis(10));
    }
    signal(&child, libc::SIGINT);
    let o = child.wait_with_output().unwrap();
    assert_eq!(o.status.code(), Some(130));
    let err = stderr(&o);
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(
        err.starts_with("error: interrupted: the speed measurement of `random` was stopped"),
        "{err}"
    );
    assert!(
        err.contains("`--resume` measures the speeds again"),
        "{err}"
    );
    assert!(!out.exists());
    assert!(!staging.join("speed.csv").exists());
    assert_eq!(read(&staging.join("ratings.csv")), expected_ratings());
    let games = read(&staging.join("games.csv"));
    let manifest = read(&staging.join("manifest.json"));
    let staged_at = format!("{}/", staging.canonicalize().unwrap().display());
    // Resumed with fewer speed games: the leagues are not played again
    // (the manifest, with its timings, stays).
    std::fs::write(&file, endless.replace("100000000000", "1")).unwrap();
    ok(&["run", s(&file), "--quiet", "--resume", "--out", s(&out)]);
    assert!(read(&out.join("games.csv")) == games);
    // The same manifest, its outputs named where they are now.
    let out_at = format!("{}/", out.canonicalize().unwrap().display());
    assert_eq!(
        read(&out.join("manifest.json")),
        manifest.replace(&staged_at, &out_at)
    );
    assert!(!staging.exists());
    let speed = read(&out.join("speed.csv"));
    assert_eq!(speed.lines().count(), 1 + 4, "{speed}");
    assert!(
        speed
            .lines()
            .skip(1)
            .all(|l| l.split(',').rev().nth(3) == Some("1")),
        "{speed}"
    );
    assert!(read(&out.join("summary.md")).contains("decisions/s (1 thread)"));
}

#[test]
fn malformed_league_tables_are_refused_in_one_line() {
    let dir = temp_dir();
    let file = dir.path().join("bad.toml");
    let out = dir.path().join("out");
    let head = "kind = \"league\"\nbots = [\"random\", \"greedy\"]\n";
    let cases = [
        (
            format!(
                "{head}\n[[league]]\ngame = \"seaside\"\nplayers = 2\n\n[[league]]\nplayers = 3\n"
            ),
            "bad.toml line 8: league 2: `game` is missing",
        ),
        (
            format!(
                "{head}game = \"seaside\"\n\n[[league]]\nplayers = 2\n\n[[league]]\nplayers = [3, 4]\n"
            ),
            "bad.toml line 8: league 2: a league is played at one player count",
        ),
        (
            format!("{head}game = \"seaside\"\n[[league]]\nplayers = 2\ngaems = 3\n"),
            "bad.toml line 6: unknown field `gaems`, expected one of `game`, `players`, `bots`, \
             `games_per_pairing`",
        ),
        (
            "kind = \"league\"\ngame = \"seaside\"\n\n[[league]]\nplayers = 2\n".to_string(),
            "bad.toml line 4: league 1: `bots` is missing",
        ),
        (
            format!("{head}game = \"seaside\"\n[[league]]\n"),
            "bad.toml line 4: league 1: `players` is missing",
        ),
        (
            format!("{head}game = \"seaside\"\n[[league]]\nplayers = 2\ngames_per_pairing = 3\n"),
            "bad.toml line 4: league 1: games_per_pairing 3: must be a multiple of 2",
        ),
        (
            format!("{head}game = \"seaside\"\n[[league]]\nplayers = 2\n[[league]]\nplayers = 2\n"),
            "bad.toml line 6: league 2: the same game and player count as league 1",
        ),
        (
            format!("{head}[[league]]\ngame = \"shell-dash\"\nplayers = 4\n"),
            "bad.toml line 3: league 1: game: invalid `shell-dash`: shell-dash takes 1 to 2 players",
        ),
        (
            format!(
                "{head}[[league]]\ngame = \"seaside\"\nplayers = 2\nbots = \"random,random\"\n"
            ),
            "bad.toml line 3: league 1: bots: `random` is listed twice",
        ),
        (
            "kind = \"sweep\"\ngame = \"seaside\"\nplayers = 2\n\n[[league]]\nplayers = 2\n"
                .to_string(),
            "bad.toml line 5: `[[league]]` tables belong to kind = \"league\"",
        ),
        (
            "kind = \"sweep\"\ngame = \"seaside\"\nplayers = 2\nspeed_games = 3\n".to_string(),
            "bad.toml line 4: `speed_games` belongs to kind = \"league\"",
        ),
        (
            "kind = \"sweep\"\nplayers = 2\n".to_string(),
            "bad.toml: `game` is missing",
        ),
        (
            format!("{head}speed_games = -1\n[[league]]\ngame = \"seaside\"\nplayers = 2\n"),
            "bad.toml line 3: invalid value: integer `-1`, expected u64",
        ),
    ];
    for (text, want) in cases {
        std::fs::write(&file, text).unwrap();
        refused(&["run", s(&file), "--out", s(&out), "--quiet"], want, &out);
    }
}
