//! Files planted in the `--save` folder, on a real socket (issue 53 item
//! 6): a FIFO, links to `/dev/zero`, `/etc/passwd` and to a real game, a
//! folder and a sparse file over the size cap, all named `*.jsonl`. The
//! list of saved games leaves them out and answers at once; asking for one
//! is refused (403) at once with an error that quotes nothing of it.

use std::time::Duration;

use crate::common::{Server, error_of, exchange, record_lines, write_file};
use beachcomber_web::Limits;
use beachcomber_web::saved::MAX_SAVED;

/// `GET uri` (a generous wait: before the fix the FIFO blocked for good).
fn get(server: &Server, uri: &str) -> crate::common::Answer {
    exchange(
        server.addr,
        format!("GET {uri} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n").as_bytes(),
        Duration::from_secs(20),
    )
}

#[cfg(unix)]
#[test]
fn planted_files_in_the_save_folder_are_skipped_or_refused() {
    let server = Server::start_config(Limits::default(), |dir, _| {
        let save = dir.join("saved");
        std::fs::create_dir_all(&save).unwrap();
        write_file(
            &save.join("1000-shell-dash.jsonl"),
            &record_lines("shell-dash", 2, 1, 5),
        );
        assert!(
            std::process::Command::new("mkfifo")
                .arg(save.join("f.jsonl"))
                .status()
                .unwrap()
                .success()
        );
        std::os::unix::fs::symlink("/dev/zero", save.join("zero.jsonl")).unwrap();
        std::os::unix::fs::symlink("/etc/passwd", save.join("passwd.jsonl")).unwrap();
        std::os::unix::fs::symlink(save.join("1000-shell-dash.jsonl"), save.join("link.jsonl"))
            .unwrap();
        std::fs::create_dir(save.join("dir.jsonl")).unwrap();
        let big = std::fs::File::create(save.join("big.jsonl")).unwrap();
        big.set_len(MAX_SAVED + 1).unwrap();
    });
    // Twice: before, the first blocked a worker on the FIFO for good.
    for _ in 0..2 {
        let answer = get(&server, "/api/saved");
        assert_eq!(answer.status, 200, "{answer:?}");
        let names: Vec<String> = answer.json()["games"]
            .as_array()
            .unwrap()
            .iter()
            .map(|g| g["name"].as_str().unwrap().to_string())
            .collect();
        assert_eq!(names, ["1000-shell-dash.jsonl"]);
    }
    let answer = get(&server, "/api/saved/1000-shell-dash.jsonl");
    assert_eq!(answer.status, 200, "{answer:?}");
    assert!(answer.json()["frames"].as_array().unwrap().len() > 1);
    for (name, why) in [
        ("f.jsonl", "it is a FIFO, not a regular file".to_string()),
        (
            "zero.jsonl",
            "it is a symbolic link (saved games are read only as regular files)".into(),
        ),
        (
            "passwd.jsonl",
            "it is a symbolic link (saved games are read only as regular files)".into(),
        ),
        (
            "link.jsonl",
            "it is a symbolic link (saved games are read only as regular files)".into(),
        ),
        ("dir.jsonl", "it is a folder, not a regular file".into()),
        ("big.jsonl", format!("it is larger than {MAX_SAVED} bytes")),
    ] {
        let answer = get(&server, &format!("/api/saved/{name}"));
        assert_eq!(answer.status, 403, "{name}: {answer:?}");
        assert_eq!(
            error_of(&answer.json()),
            format!("saved game `{name}`: {why}"),
            "{name}"
        );
        assert!(
            !String::from_utf8_lossy(&answer.body).contains("root"),
            "{name}"
        );
    }
    let answer = get(&server, "/api/saved/none.jsonl");
    assert_eq!(answer.status, 404, "{answer:?}");
    assert_eq!(error_of(&answer.json()), "no saved game `none.jsonl`");
}
