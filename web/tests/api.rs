//! The JSON API, endpoint by endpoint, with every error: a 4xx status and a
//! one-line JSON error, never a panic.

use crate::common::*;
use axum::http::StatusCode;
use serde_json::Value;

/// Three files (one per game, the Seaside one zstd-compressed) and a
/// results folder.
fn fixture(dir: &std::path::Path) -> (axum::Router, std::sync::Arc<beachcomber_web::App>) {
    write_file(
        &dir.join("seashells.jsonl"),
        &record_lines("seashells", 2, 3, 1),
    );
    let seaside = record_lines("seaside", 3, 4, 2).join("\n") + "\n";
    let mut w = beachcomber::record::io::RecordWriter::new(
        std::fs::File::create(dir.join("seaside.jsonl.zst")).unwrap(),
        beachcomber::record::io::Compression::Zstd,
    )
    .unwrap();
    std::io::Write::write_all(&mut w, seaside.as_bytes()).unwrap();
    w.finish().unwrap();
    write_file(
        &dir.join("dash.jsonl"),
        &record_lines("shell-dash", 2, 2, 3),
    );
    let results = dir.join("results");
    std::fs::create_dir_all(results.join("study/figures")).unwrap();
    std::fs::write(results.join("README.md"), "# Studies\n").unwrap();
    std::fs::write(results.join("study/README.md"), "# A study\n| a | b |\n").unwrap();
    std::fs::write(results.join("study/figures/plot.svg"), "<svg/>").unwrap();
    std::fs::write(results.join("study/secret.bin"), "x").unwrap();
    std::fs::write(dir.join("outside.md"), "outside").unwrap();
    #[cfg(unix)]
    {
        std::os::unix::fs::symlink(dir.join("outside.md"), results.join("study/link.md")).unwrap();
        std::os::unix::fs::symlink(dir, results.join("up")).unwrap();
    }
    let (app, router) = app_for(
        vec![
            dir.join("seashells.jsonl"),
            dir.join("seaside.jsonl.zst"),
            dir.join("dash.jsonl"),
        ],
        Some(results),
        dir.join("saved"),
    );
    (router, app)
}

#[tokio::test]
async fn info_files_and_pages() {
    let dir = tempfile::tempdir().unwrap();
    let (r, _) = fixture(dir.path());
    let (s, v) = get(&r, "/api/info").await;
    assert_eq!(s, StatusCode::OK);
    assert_eq!(v["games"].as_array().unwrap().len(), 3);
    let (s, v) = get(&r, "/api/files").await;
    assert_eq!(s, StatusCode::OK);
    let files = v["files"].as_array().unwrap();
    assert_eq!(files[1]["compression"], "zstd");
    assert_eq!(files[1]["records"], 4);
    // Pages of the compressed file.
    let (s, v) = get(&r, "/api/files/1/records?offset=1&limit=2").await;
    assert_eq!(s, StatusCode::OK, "{v}");
    let rows = v["records"].as_array().unwrap();
    assert_eq!(rows.len(), 2);
    assert_eq!(rows[0]["index"], 1);
    assert_eq!(rows[1]["line"], 3);
    assert_eq!(rows[0]["players"], 3);
    // Past the end: an empty page; bad numbers and files: errors.
    let (s, v) = get(&r, "/api/files/0/records?offset=10").await;
    assert_eq!(
        (s, v["records"].as_array().unwrap().len()),
        (StatusCode::OK, 0)
    );
    let (s, v) = get(&r, "/api/files/0/records?offset=x").await;
    assert_eq!(s, StatusCode::BAD_REQUEST);
    assert_eq!(error_of(&v), "query `offset`: `x` is not a number");
    let (s, v) = get(&r, "/api/files/9/records").await;
    assert_eq!(
        (s, error_of(&v)),
        (StatusCode::NOT_FOUND, "no record file `9`")
    );
}

#[tokio::test]
async fn records_replay_for_the_referee_and_each_seat() {
    let dir = tempfile::tempdir().unwrap();
    let (r, _) = fixture(dir.path());
    for (file, index) in [(0, 2), (1, 3), (2, 0)] {
        let (s, v) = get(&r, &format!("/api/files/{file}/records/{index}")).await;
        assert_eq!(s, StatusCode::OK, "{v}");
        let frames = v["frames"].as_array().unwrap();
        assert_eq!(frames.len(), v["moves"].as_array().unwrap().len() + 1);
        let last = frames.last().unwrap();
        assert_eq!(last["over"], true);
        // The shown final scores are the record's result.
        let result = &v["result"];
        let scores = ["coins", "scores", "shells"]
            .iter()
            .find_map(|k| result.get(*k))
            .unwrap();
        assert_eq!(&last["scores"], scores);
        assert_eq!(last["winners"], result["winners"]);
        let (s, seat) = get(&r, &format!("/api/files/{file}/records/{index}?view=1")).await;
        assert_eq!(s, StatusCode::OK);
        assert_eq!(seat["viewer"], 1);
        assert!(seat["frames"][0].get("seats").is_none());
        assert!(seat["frames"][0].get("revealed").is_none());
    }
    for (uri, status, error) in [
        (
            "/api/files/0/records/3",
            StatusCode::NOT_FOUND,
            "record 3: `",
        ),
        (
            "/api/files/0/records/x",
            StatusCode::BAD_REQUEST,
            "record `x`: not a number",
        ),
        (
            "/api/files/0/records/0?view=2",
            StatusCode::BAD_REQUEST,
            "view `2`: give `referee` or a seat from 0 to 1",
        ),
        (
            "/api/files/0/records/0?view=me",
            StatusCode::BAD_REQUEST,
            "view `me`",
        ),
    ] {
        let (s, v) = get(&r, uri).await;
        assert_eq!(s, status, "{uri}: {v}");
        assert!(error_of(&v).starts_with(error), "{uri}: {v}");
    }
}

#[tokio::test]
async fn a_record_that_fails_verification_gets_replays_one_line_error() {
    let dir = tempfile::tempdir().unwrap();
    let mut lines = record_lines("seashells", 2, 2, 5);
    // Tamper with the second record's result.
    let mut v: Value = serde_json::from_str(&lines[1]).unwrap();
    v["result"]["coins"][0] = Value::from(999);
    lines[1] = serde_json::to_string(&v).unwrap();
    lines.insert(1, String::new());
    let path = dir.path().join("bad.jsonl");
    write_file(&path, &lines);
    let (_, r) = app_for(vec![path.clone()], None, dir.path().join("s"));
    let (s, v) = get(&r, "/api/files/0/records/1").await;
    assert_eq!(s, StatusCode::UNPROCESSABLE_ENTITY);
    let seed = serde_json::from_str::<Value>(&lines[2]).unwrap()["seed"].clone();
    let want = format!("{} line 3 (record 1, seed {seed}): ", path.display());
    assert!(error_of(&v).starts_with(&want), "{v}");
    assert!(!error_of(&v).contains('\n'));
    // Not JSON at all.
    write_file(&path, &["{oops".to_string()]);
    let (_, r) = app_for(vec![path.clone()], None, dir.path().join("s"));
    let (s, v) = get(&r, "/api/files/0/records/0").await;
    assert_eq!(s, StatusCode::UNPROCESSABLE_ENTITY);
    assert!(
        error_of(&v).starts_with(&format!("{} line 1: ", path.display())),
        "{v}"
    );
}

#[tokio::test]
async fn a_file_that_cannot_be_read_is_refused_at_start() {
    let dir = tempfile::tempdir().unwrap();
    let config = beachcomber_web::ServeConfig {
        addr: "127.0.0.1:0".parse().unwrap(),
        records: vec![dir.path().join("missing.jsonl")],
        results: None,
        save: dir.path().join("s"),
        limits: Default::default(),
    };
    let e = beachcomber_web::build_app(&config)
        .err()
        .unwrap()
        .to_string();
    assert!(e.starts_with("--records: cannot read `"), "{e}");
    let config = beachcomber_web::ServeConfig {
        records: vec![],
        results: Some(dir.path().join("nowhere")),
        ..config
    };
    let e = beachcomber_web::build_app(&config)
        .err()
        .unwrap()
        .to_string();
    assert!(e.starts_with("--results: cannot open `"), "{e}");
}

#[tokio::test]
async fn play_a_game_with_hint_undo_and_saved_records() {
    let dir = tempfile::tempdir().unwrap();
    let (r, _) = fixture(dir.path());
    let (s, g) = post(
        &r,
        "/api/games",
        r#"{"game":"seaside","players":2,"bots":"random","seat":1,"seed":7}"#,
    )
    .await;
    assert_eq!(s, StatusCode::OK, "{g}");
    let id = g["id"].as_u64().unwrap();
    assert_eq!(g["seat"], 1);
    assert_eq!(g["bots"][1], "human");
    // The person's seat view: no other seat's observation, nothing revealed.
    assert!(g["frame"].get("seats").is_none());
    let mut view = g;
    let mut hinted = false;
    let mut undone = false;
    while view["over"] == false {
        assert_eq!(view["your_turn"], true);
        if !hinted {
            let (s, h) = post(
                &r,
                &format!("/api/games/{id}/hint"),
                r#"{"iterations":200}"#,
            )
            .await;
            assert_eq!(s, StatusCode::OK, "{h}");
            assert!(!h["top"].as_array().unwrap().is_empty());
            assert!(h["top"][0]["share"].as_f64().unwrap() > 0.0);
            hinted = true;
        }
        let action = view["legal"][0]["action"].as_str().unwrap().to_string();
        let (s, v) = post(
            &r,
            &format!("/api/games/{id}/move"),
            &format!(r#"{{"action":"{action}"}}"#),
        )
        .await;
        assert_eq!(s, StatusCode::OK, "{v}");
        view = v;
        // Undo where the view allows it (within the person's turn: the
        // bot's plays and the draws show faces, docs/play.md).
        if !undone && view["can_undo"] == true {
            let (s, v) = post(&r, &format!("/api/games/{id}/undo"), "").await;
            assert_eq!(s, StatusCode::OK, "{v}");
            assert!(v["undone"].as_u64().unwrap() >= 1);
            view = v;
            undone = true;
        }
        // The record on disk after every move.
        let file = dir
            .path()
            .join("saved")
            .join(view["file"].as_str().unwrap());
        let text = std::fs::read_to_string(&file).unwrap();
        let rec: Value = serde_json::from_str(text.trim_end()).unwrap();
        assert_eq!(rec["bots"][1], "human");
        assert_eq!(rec.get("end").is_some(), view["over"] == false);
        assert_eq!(rec.get("undos"), undone.then_some(&Value::from(1)));
    }
    assert!(hinted && undone);
    let scores = &view["frame"]["scores"];
    assert!(scores.is_array(), "{view}");
    assert!(view["verdict"].is_string());
    // Listed and replayed from the save folder.
    let (s, list) = get(&r, "/api/saved").await;
    assert_eq!(s, StatusCode::OK);
    let name = list["games"][0]["name"].as_str().unwrap().to_string();
    let (s, v) = get(&r, &format!("/api/saved/{name}?view=1")).await;
    assert_eq!(s, StatusCode::OK, "{v}");
    assert_eq!(
        &v["frames"].as_array().unwrap().last().unwrap()["scores"],
        scores
    );
    let (s, v) = get(&r, &format!("/api/games/{id}")).await;
    assert_eq!((s, v["over"].clone()), (StatusCode::OK, Value::Bool(true)));
    // After the end: no move, no hint.
    let (s, v) = post(&r, &format!("/api/games/{id}/move"), r#"{"action":"0"}"#).await;
    assert_eq!(
        (s, error_of(&v)),
        (StatusCode::BAD_REQUEST, "the game is over")
    );
    let (s, v) = post(&r, &format!("/api/games/{id}/hint"), "{}").await;
    assert_eq!(
        (s, error_of(&v)),
        (StatusCode::BAD_REQUEST, "a hint is for your turn")
    );
}

#[tokio::test]
async fn bad_game_requests_are_4xx_json_errors() {
    let dir = tempfile::tempdir().unwrap();
    let (r, _) = fixture(dir.path());
    for (body, want) in [
        (
            "{",
            "request body: EOF while parsing an object at line 1 column 1",
        ),
        ("[1]", "request body: invalid type: "),
        (
            r#"{"game":"chess","players":2}"#,
            "game: unknown game `chess`",
        ),
        (
            r#"{"game":"seashells","players":9}"#,
            "game: invalid `seashells`: seashells takes 2 to 5 players, not 9",
        ),
        (
            r#"{"game":"seashells","players":2,"seat":2}"#,
            "seat 2: a game of 2 player(s) has seats 0 to 1",
        ),
        (
            r#"{"game":"seashells","players":3,"bots":"random,random,random"}"#,
            "bots: 3 specs for 2 bot seat(s)",
        ),
        (
            r#"{"game":"seashells","players":2,"bots":"nobody"}"#,
            "bots: ",
        ),
        (
            r#"{"game":"seashells","players":2,"bots":"engine(name=x)"}"#,
            "bots: external engines cannot play",
        ),
        (
            r#"{"game":"seashells","players":2,"bots":"ismcts(iterations=5000000)"}"#,
            "bots: `ismcts(iterations=5000000",
        ),
        (
            r#"{"game":"seashells","players":2,"colour":"red"}"#,
            "request body: unknown field `colour`",
        ),
        (r#"{"game":"seashells(mode=ring)","players":2}"#, "game: "),
    ] {
        let (s, v) = post(&r, "/api/games", body).await;
        assert_eq!(s, StatusCode::BAD_REQUEST, "{body}: {v}");
        assert!(error_of(&v).starts_with(want), "{body}: {v}");
    }
    let (s, g) = post(
        &r,
        "/api/games",
        r#"{"game":"seashells","players":2,"seed":1}"#,
    )
    .await;
    assert_eq!(s, StatusCode::OK);
    let id = g["id"].as_u64().unwrap();
    for (uri, body, status, want) in [
        (
            format!("/api/games/{id}/move"),
            r#"{"action":"99"}"#,
            StatusCode::BAD_REQUEST,
            "no action `99`: type one of the ",
        ),
        (
            format!("/api/games/{id}/move"),
            r#"{"act":"1"}"#,
            StatusCode::BAD_REQUEST,
            "request body: unknown field `act`",
        ),
        (
            format!("/api/games/{id}/move"),
            "{}",
            StatusCode::BAD_REQUEST,
            "request body: missing field `action`",
        ),
        (
            format!("/api/games/{id}/undo"),
            "{}",
            StatusCode::CONFLICT,
            "nothing to undo",
        ),
        (
            format!("/api/games/{id}/hint"),
            r#"{"iterations":0}"#,
            StatusCode::BAD_REQUEST,
            "iterations: 0 is not in",
        ),
        (
            format!("/api/games/{id}/hint"),
            r#"{"iterations":-1}"#,
            StatusCode::BAD_REQUEST,
            "request body: invalid value",
        ),
        (
            "/api/games/123/move".to_string(),
            r#"{"action":"1"}"#,
            StatusCode::NOT_FOUND,
            "no game `123` in play",
        ),
        (
            "/api/games/abc/undo".to_string(),
            "{}",
            StatusCode::NOT_FOUND,
            "no game `abc` in play",
        ),
        (
            "/api/games/%FF%FE/move".to_string(),
            "{}",
            StatusCode::BAD_REQUEST,
            "bad path: ",
        ),
    ] {
        let (s, v) = post(&r, &uri, body).await;
        assert_eq!(s, status, "{uri} {body}: {v}");
        assert!(error_of(&v).starts_with(want), "{uri} {body}: {v}");
    }
    let (s, v) = get(&r, "/api/games/77").await;
    assert_eq!(s, StatusCode::NOT_FOUND, "{v}");
    // Too large a body.
    let big = format!(
        r#"{{"action":"{}"}}"#,
        "x".repeat(beachcomber_web::limits::MAX_BODY)
    );
    let (s, v) = post(&r, &format!("/api/games/{id}/move"), &big).await;
    assert_eq!(s, StatusCode::PAYLOAD_TOO_LARGE, "{v}");
    assert!(error_of(&v).starts_with("request body too large"));
    // Unknown pages and methods.
    let (s, v) = get(&r, "/api/nothing").await;
    assert_eq!(
        (s, error_of(&v)),
        (StatusCode::NOT_FOUND, "no page `/api/nothing`")
    );
    let (s, _) = get(&r, "/api/games").await;
    assert_eq!(s, StatusCode::METHOD_NOT_ALLOWED);
}

#[tokio::test]
async fn saved_games_are_named_plainly() {
    let dir = tempfile::tempdir().unwrap();
    let (r, _) = fixture(dir.path());
    for (name, status) in [
        ("..%2Fseashells.jsonl", StatusCode::BAD_REQUEST),
        ("x.txt", StatusCode::BAD_REQUEST),
        (".hidden.jsonl", StatusCode::BAD_REQUEST),
        ("none.jsonl", StatusCode::NOT_FOUND),
    ] {
        let (s, v) = get(&r, &format!("/api/saved/{name}")).await;
        assert_eq!(s, status, "{name}: {v}");
        error_of(&v);
    }
}

#[tokio::test]
async fn results_are_served_only_from_their_folder() {
    let dir = tempfile::tempdir().unwrap();
    let (r, _) = fixture(dir.path());
    let (s, v) = get(&r, "/api/results").await;
    assert_eq!(s, StatusCode::OK);
    assert_eq!(v["studies"], serde_json::json!(["study"]));
    let (s, v) = get(&r, "/api/results/study").await;
    assert_eq!(s, StatusCode::OK);
    assert_eq!(
        v["files"],
        serde_json::json!(["study/README.md", "study/figures/plot.svg"]),
        "the link out of the folder is not listed"
    );
    let (s, _) = get(&r, "/results/study/figures/plot.svg").await;
    assert_eq!(s, StatusCode::OK);
    for (path, status) in [
        ("/results/../outside.md", StatusCode::BAD_REQUEST),
        (
            "/results/study/..%2F..%2Foutside.md",
            StatusCode::BAD_REQUEST,
        ),
        ("/results/%2Fetc%2Fpasswd", StatusCode::BAD_REQUEST),
        ("/results//etc/passwd", StatusCode::BAD_REQUEST),
        ("/results/study/link.md", StatusCode::BAD_REQUEST),
        ("/results/up/outside.md", StatusCode::BAD_REQUEST),
        ("/results/study/secret.bin", StatusCode::BAD_REQUEST),
        ("/results/study/nothing.md", StatusCode::NOT_FOUND),
        ("/results/study", StatusCode::NOT_FOUND),
        (
            "/results/study%5C..%5C..%5Coutside.md",
            StatusCode::BAD_REQUEST,
        ),
        ("/api/results/..", StatusCode::BAD_REQUEST),
        ("/api/results/up", StatusCode::BAD_REQUEST),
        ("/results/%FF", StatusCode::BAD_REQUEST),
        ("/api/files/%FF/records/0", StatusCode::BAD_REQUEST),
    ] {
        let (s, v) = get(&r, path).await;
        assert_eq!(s, status, "{path}: {v}");
        error_of(&v);
        assert!(!v.to_string().contains("outside\""), "{path}: {v}");
    }
    // Without --results.
    let (_, r) = app_for(vec![], None, dir.path().join("s2"));
    let (s, v) = get(&r, "/api/results").await;
    assert_eq!(
        (s, error_of(&v)),
        (
            StatusCode::NOT_FOUND,
            "no results folder (start with --results DIR)"
        )
    );
}

#[tokio::test]
async fn the_page_and_its_modules_are_embedded() {
    let dir = tempfile::tempdir().unwrap();
    let (_, r) = app_for(vec![], None, dir.path().join("s"));
    for asset in beachcomber_web::assets::ASSETS {
        let (s, v) = get(&r, asset.path).await;
        assert_eq!(s, StatusCode::OK, "{}", asset.path);
        assert!(!v.as_str().unwrap_or("x").is_empty());
    }
}

/// The `./x.js` modules an embedded module imports (`import ... from
/// './x.js';`).
fn imported_modules(text: &str) -> Vec<String> {
    text.lines()
        .filter(|l| l.starts_with("import "))
        .filter_map(|l| l.split(" from './").nth(1))
        .filter_map(|rest| rest.split('\'').next())
        .map(|name| format!("/{name}"))
        .collect()
}

/// Every module the page imports is embedded, and no module imports one
/// that imports it back, directly or not (board.js and the games' drawing
/// modules share svg.js instead of importing each other).
#[test]
fn the_page_modules_are_served_and_import_no_circle() {
    let modules = beachcomber_web::assets::ASSETS
        .iter()
        .filter(|a| a.path.ends_with(".js"));
    let graph: Vec<(&str, Vec<String>)> = modules
        .map(|a| (a.path, imported_modules(a.text)))
        .collect();
    for (path, imports) in &graph {
        for import in imports {
            assert!(
                beachcomber_web::assets::find(import).is_some(),
                "{path} imports {import}, which is not embedded"
            );
        }
    }
    assert!(
        graph
            .iter()
            .any(|(p, i)| *p == "/board.js" && !i.is_empty())
    );
    // Depth-first from each module: reaching it again is a circle.
    for (start, _) in &graph {
        let mut stack: Vec<(String, Vec<String>)> = vec![(start.to_string(), vec![])];
        let mut seen = std::collections::HashSet::new();
        while let Some((at, trail)) = stack.pop() {
            let imports = &graph.iter().find(|(p, _)| *p == at).unwrap().1;
            for next in imports {
                let mut trail = trail.clone();
                trail.push(next.clone());
                assert_ne!(next, start, "a circle: {start} -> {}", trail.join(" -> "));
                if seen.insert(next.clone()) {
                    stack.push((next.clone(), trail));
                }
            }
        }
    }
}

/// Starting more games than the cap forgets the least recently used one
/// (its record stays saved).
#[tokio::test]
async fn games_in_memory_are_capped() {
    let dir = tempfile::tempdir().unwrap();
    let (app, r) = app_for(vec![], None, dir.path().join("s"));
    let cap = beachcomber_web::limits::MAX_GAMES;
    let mut ids = Vec::new();
    for k in 0..cap + 3 {
        let (s, g) = post(
            &r,
            "/api/games",
            &format!(r#"{{"game":"shell-dash","players":1,"seed":{k}}}"#),
        )
        .await;
        assert_eq!(s, StatusCode::OK, "{g}");
        ids.push(g["id"].as_u64().unwrap());
        if k + 1 == cap {
            // Game 0 used again: it is kept, games 1, 2 and 3 go first.
            assert_eq!(
                get(&r, &format!("/api/games/{}", ids[0])).await.0,
                StatusCode::OK
            );
        }
    }
    assert_eq!(app.games_in_memory(), cap);
    assert_eq!(
        get(&r, &format!("/api/games/{}", ids[0])).await.0,
        StatusCode::OK
    );
    assert_eq!(
        get(&r, &format!("/api/games/{}", ids[1])).await.0,
        StatusCode::NOT_FOUND
    );
    assert_eq!(
        std::fs::read_dir(dir.path().join("s")).unwrap().count(),
        cap + 3
    );
}

/// A bot thinking does not block other requests: they are answered while
/// its move is still being computed (on the blocking pool).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn other_requests_are_answered_while_a_bot_thinks() {
    let dir = tempfile::tempdir().unwrap();
    let (_, r) = app_for(vec![], None, dir.path().join("s"));
    let (s, g) = post(
        &r,
        "/api/games",
        r#"{"game":"seashells","players":2,"bots":"ismcts(iterations=200000)","seed":2}"#,
    )
    .await;
    assert_eq!(s, StatusCode::OK, "{g}");
    let id = g["id"].as_u64().unwrap();
    let action = g["legal"][0]["action"].as_str().unwrap().to_string();
    let r2 = r.clone();
    let thinking = tokio::spawn(async move {
        post(
            &r2,
            &format!("/api/games/{id}/move"),
            &format!(r#"{{"action":"{action}"}}"#),
        )
        .await
    });
    tokio::time::sleep(std::time::Duration::from_millis(20)).await;
    let start = std::time::Instant::now();
    let (s, _) = get(&r, "/api/info").await;
    assert_eq!(s, StatusCode::OK);
    let (s, _) = post(&r, "/api/games", r#"{"game":"shell-dash","players":1}"#).await;
    assert_eq!(s, StatusCode::OK);
    assert!(start.elapsed() < std::time::Duration::from_secs(2));
    assert!(
        !thinking.is_finished(),
        "the bot answered too fast for the test to mean anything"
    );
    let (s, v) = thinking.await.unwrap();
    assert_eq!(s, StatusCode::OK, "{v}");
}

/// Each Seashells move says the place it takes (a click on the board), in
/// board and stroll mode alike.
#[tokio::test]
async fn seashells_moves_name_their_place() {
    let dir = tempfile::tempdir().unwrap();
    let (_, r) = app_for(vec![], None, dir.path().join("s"));
    for spec in ["seashells", "seashells(mode=stroll)"] {
        let body = format!(r#"{{"game":"{spec}","players":2,"seed":4}}"#);
        let (s, g) = post(&r, "/api/games", &body).await;
        assert_eq!(s, StatusCode::OK, "{g}");
        for a in g["legal"].as_array().unwrap() {
            let place = a["place"].as_u64().unwrap_or_else(|| panic!("{spec}: {a}"));
            assert!(place < 64);
            assert!(
                g["frame"]["obs"]["board"][place as usize].is_string(),
                "{spec}: {a}"
            );
        }
    }
    let (_, g) = post(&r, "/api/games", r#"{"game":"shell-dash","players":1}"#).await;
    assert!(g["legal"][0]["place"].is_null());
}
