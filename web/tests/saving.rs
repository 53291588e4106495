//! Saving games (issue 34, item 2): a symbolic link planted under the
//! next game's predictable temporary or final name is never followed, and
//! two servers sharing a `--save` folder, started in the same second,
//! never overwrite each other's games.

use crate::common::*;
use axum::http::StatusCode;
use serde_json::Value;

fn now_secs() -> u64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .unwrap()
        .as_secs()
}

#[cfg(unix)]
#[tokio::test]
async fn links_at_the_next_names_are_not_followed() {
    let dir = tempfile::tempdir().unwrap();
    let save = dir.path().join("saved");
    std::fs::create_dir_all(&save).unwrap();
    let victim = dir.path().join("victim.txt");
    std::fs::write(&victim, "precious").unwrap();
    // Every name the next games could get (ids are the start second times
    // 1000 plus a count): temporary names and, for the first, the final.
    let t = now_secs();
    let mut planted = 0;
    for secs in t - 1..=t + 2 {
        for k in 0..4 {
            let id = secs * 1000 + k;
            let tmp = save.join(format!("{id}-shell-dash.jsonl.tmp"));
            std::os::unix::fs::symlink(&victim, tmp).unwrap();
            planted += 1;
            if k == 0 {
                let fin = save.join(format!("{id}-shell-dash.jsonl"));
                std::os::unix::fs::symlink(&victim, fin).unwrap();
                planted += 1;
            }
        }
    }
    let (_, r) = app_for(vec![], None, save.clone());
    for seed in 0..3 {
        let (s, g) = post(
            &r,
            "/api/games",
            &format!(r#"{{"game":"shell-dash","players":2,"bots":"random","seed":{seed}}}"#),
        )
        .await;
        assert_eq!(s, StatusCode::OK, "{g}");
        let id = g["id"].as_u64().unwrap();
        let action = g["legal"][0]["action"].as_str().unwrap().to_string();
        let (s, v) = post(
            &r,
            &format!("/api/games/{id}/move"),
            &format!(r#"{{"action":"{action}"}}"#),
        )
        .await;
        assert_eq!(s, StatusCode::OK, "{v}");
        // The game's own file is a plain file holding its record.
        let file = save.join(v["file"].as_str().unwrap());
        let meta = std::fs::symlink_metadata(&file).unwrap();
        assert!(meta.is_file(), "{}", file.display());
        let rec: Value =
            serde_json::from_str(std::fs::read_to_string(&file).unwrap().trim()).unwrap();
        assert_eq!(rec["game"], "shell-dash");
    }
    assert_eq!(std::fs::read_to_string(&victim).unwrap(), "precious");
    // The planted links are all still there (none renamed, none replaced),
    // and besides them: three games, no temporary file left.
    let mut links = 0;
    let mut games = 0;
    for e in std::fs::read_dir(&save).unwrap() {
        let e = e.unwrap();
        let name = e.file_name().to_string_lossy().into_owned();
        if e.file_type().unwrap().is_symlink() {
            links += 1;
        } else {
            assert!(name.ends_with("-shell-dash.jsonl"), "{name}");
            games += 1;
        }
    }
    assert_eq!((links, games), (planted, 3));
}

#[tokio::test]
async fn two_servers_sharing_a_save_folder_do_not_collide() {
    let dir = tempfile::tempdir().unwrap();
    let save = dir.path().join("saved");
    // Two servers started together (in the same second: their first ids
    // are the same).
    let (_, a) = app_for(vec![], None, save.clone());
    let (_, b) = app_for(vec![], None, save.clone());
    let mut files = Vec::new();
    for seed in 0..4u64 {
        for r in [&a, &b] {
            let (s, g) = post(
                r,
                "/api/games",
                &format!(r#"{{"game":"shell-dash(max_turns=4)","players":1,"seed":{seed}}}"#),
            )
            .await;
            assert_eq!(s, StatusCode::OK, "{g}");
            files.push(g["file"].as_str().unwrap().to_string());
        }
    }
    let mut distinct = files.clone();
    distinct.sort();
    distinct.dedup();
    assert_eq!(distinct.len(), 8, "{files:?}");
    assert_eq!(std::fs::read_dir(&save).unwrap().count(), 8);
}
