//! The browser's undo follows the terminal's rule (docs/play.md, "Seeds,
//! undo and records"; the one rule of `GameSession::undo`): back to the
//! person's last real decision (one with a choice), taking back the bots'
//! moves and the person's forced moves after it, unless one of them showed
//! the person something hidden; never once the game is over. A refused
//! undo is a 409 JSON error and changes nothing; `can_undo` in a view says
//! whether undo would succeed. The rule's tests go through a real socket.

use std::io::{Read, Write};
use std::net::TcpStream;
use std::path::PathBuf;
use std::time::Duration;

use crate::common::*;
use axum::http::StatusCode;
use beachcomber_web::Limits;
use serde_json::Value;

/// The game API over a real socket, for the common test server (its
/// `--save` folder is `saved/` of its folder).
trait GameApi {
    fn call(&self, method: &str, path: &str, body: &str) -> (u16, Value);
    fn post(&self, path: &str, body: &str) -> (u16, Value);
    fn get(&self, path: &str) -> Value;
    fn new_game(&self, body: &str) -> (u64, Value);
    fn saved(&self, view: &Value) -> String;
}

impl GameApi for Server {
    /// One request on a fresh connection: the status and the JSON body.
    fn call(&self, method: &str, path: &str, body: &str) -> (u16, Value) {
        let mut s = TcpStream::connect(self.addr).unwrap();
        s.set_read_timeout(Some(Duration::from_secs(120))).unwrap();
        write!(
            s,
            "{method} {path} HTTP/1.1\r\nHost: {}\r\nContent-Type: application/json\r\n\
             Content-Length: {}\r\nConnection: close\r\n\r\n{body}",
            self.addr,
            body.len()
        )
        .unwrap();
        let mut answer = Vec::new();
        s.read_to_end(&mut answer).unwrap();
        let text = String::from_utf8(answer).unwrap();
        let (head, body) = text.split_once("\r\n\r\n").unwrap();
        let status = head.split(' ').nth(1).unwrap().parse().unwrap();
        let body = if head
            .to_ascii_lowercase()
            .contains("transfer-encoding: chunked")
        {
            dechunk(body)
        } else {
            body.to_string()
        };
        let value = serde_json::from_str(&body).unwrap_or_else(|e| panic!("{e}: {body}"));
        (status, value)
    }

    fn post(&self, path: &str, body: &str) -> (u16, Value) {
        self.call("POST", path, body)
    }

    fn get(&self, path: &str) -> Value {
        let (status, view) = self.call("GET", path, "");
        assert_eq!(status, 200, "{view}");
        view
    }

    /// A new game: its id and first view.
    fn new_game(&self, body: &str) -> (u64, Value) {
        let (status, view) = self.post("/api/games", body);
        assert_eq!(status, 200, "{view}");
        (view["id"].as_u64().unwrap(), view)
    }

    /// The saved record of the game of `view`.
    fn saved(&self, view: &Value) -> String {
        let file: PathBuf = self
            .dir
            .path()
            .join("saved")
            .join(view["file"].as_str().unwrap());
        std::fs::read_to_string(file).unwrap()
    }
}

/// A chunked body's bytes.
fn dechunk(mut body: &str) -> String {
    let mut out = String::new();
    loop {
        let (size, rest) = body.split_once("\r\n").unwrap();
        let n = usize::from_str_radix(size.trim(), 16).unwrap();
        if n == 0 {
            return out;
        }
        out.push_str(&rest[..n]);
        body = &rest[n + 2..];
    }
}

#[test]
fn a_seashells_game_undoes_in_play_and_refuses_every_undo_after_its_end() {
    let server = Server::start(Limits::default());
    let (id, mut view) =
        server.new_game(r#"{"game":"seashells","players":2,"bots":"random","seed":5}"#);
    let mv = format!("/api/games/{id}/move");
    let undo = format!("/api/games/{id}/undo");
    let mut undos = 0;
    while view["over"] == false {
        let ply = view["ply"].as_u64().unwrap();
        let choice = view["legal"].as_array().unwrap().len() > 1;
        let (status, v) = server.post(&mv, r##"{"action":"#1"}"##);
        assert_eq!(status, 200, "{v}");
        view = v;
        // Nothing is shown before the end: the move can be taken back.
        if view["over"] == false && undos < 2 && ply >= 2 && choice {
            assert_eq!(view["can_undo"], true, "{view}");
            let (status, v) = server.post(&undo, "{}");
            assert_eq!(status, 200, "{v}");
            assert_eq!(v["ply"].as_u64(), Some(ply), "{v}");
            undos += 1;
            let (status, v) = server.post(&mv, r##"{"action":"#1"}"##);
            assert_eq!(status, 200, "{v}");
            view = v;
        }
    }
    assert_eq!(undos, 2);
    // The end shows the seed and every card: undo is refused, 30 times
    // over, and the game stays as it ended.
    let end = server.get(&format!("/api/games/{id}"));
    assert_eq!(end["can_undo"], false, "{end}");
    assert!(end["seed"].is_string(), "{end}");
    let saved = server.saved(&end);
    for _ in 0..30 {
        let (status, e) = server.post(&undo, "{}");
        assert_eq!(status, 409, "{e}");
        assert_eq!(
            error_of(&e),
            "the game is over: undo would replay a deal you have seen"
        );
        assert_eq!(server.get(&format!("/api/games/{id}")), end);
    }
    // The saved record says how many undos were taken (format 2).
    assert_eq!(server.saved(&end), saved);
    assert!(saved.starts_with(r#"{"format":2,"#), "{saved}");
    assert!(saved.ends_with(",\"undos\":2}\n"), "{saved}");
}

#[test]
fn shell_dash_seed_5_a_flipped_card_cannot_be_undone() {
    let server = Server::start(Limits::default());
    for players in [1, 2] {
        let (id, view) = server.new_game(&format!(
            r#"{{"game":"shell-dash","players":{players},"bots":"random","seed":5}}"#
        ));
        assert_eq!(view["can_undo"], false, "{view}");
        let (status, e) = server.post(&format!("/api/games/{id}/undo"), "{}");
        assert_eq!(status, 409, "{e}");
        assert_eq!(error_of(&e), "nothing to undo: this is your first decision");
        let (status, view) = server.post(&format!("/api/games/{id}/move"), r##"{"action":"#1"}"##);
        assert_eq!(status, 200, "{view}");
        assert_eq!(view["over"], false);
        assert_eq!(view["can_undo"], false, "{view}");
        let before = server.get(&format!("/api/games/{id}"));
        let (status, e) = server.post(&format!("/api/games/{id}/undo"), "{}");
        assert_eq!(status, 409, "{e}");
        assert_eq!(
            error_of(&e),
            "undo would take back a card you have seen turned"
        );
        assert_eq!(server.get(&format!("/api/games/{id}")), before);
        assert!(!server.saved(&before).contains("undos"));
    }
}

/// Play Seaside (2 players, random bot) from `seed` with the first listed
/// move until the person has made a real choice and then a forced move
/// that does not end the game; undo there. Returns (the ply of that real
/// choice, the ply before the undo, the view before it, the undo's status
/// and answer), or `None` when the game has no such forced move.
async fn undo_after_a_forced_move(seed: u64) -> Option<(u64, u64, Value, StatusCode, Value)> {
    let dir = tempfile::tempdir().unwrap();
    let (_, r) = app_for(Vec::new(), None, dir.path().join("games"));
    let body = format!(r#"{{"game":"seaside","players":2,"bots":"random","seed":{seed}}}"#);
    let (s, mut view) = post(&r, "/api/games", &body).await;
    assert_eq!(s, StatusCode::OK, "{view}");
    let id = view["id"].as_u64().unwrap();
    let mut last_choice = None;
    while view["over"] == false {
        let ply = view["ply"].as_u64().unwrap();
        let forced = view["legal"].as_array().unwrap().len() == 1;
        let (s, v) = post(&r, &format!("/api/games/{id}/move"), r##"{"action":"#1"}"##).await;
        assert_eq!(s, StatusCode::OK, "{v}");
        view = v;
        if !forced {
            last_choice = Some(ply);
        } else if let Some(choice) = last_choice
            && view["over"] == false
        {
            let before = view["ply"].as_u64().unwrap();
            let (s, v) = post(&r, &format!("/api/games/{id}/undo"), "{}").await;
            return Some((choice, before, view, s, v));
        }
    }
    None
}

#[tokio::test]
async fn undo_takes_back_the_forced_moves_after_the_last_choice_or_says_why_not() {
    let (mut undone, mut refused) = (0, 0);
    for seed in 1..=12 {
        let Some((choice, before, view, status, answer)) = undo_after_a_forced_move(seed).await
        else {
            continue;
        };
        // `can_undo` said what the undo did.
        assert_eq!(
            view["can_undo"] == true,
            status == StatusCode::OK,
            "seed {seed}: {view} {answer}"
        );
        if status == StatusCode::CONFLICT {
            // A bot's move or a draw after the choice showed a hidden face.
            assert!(
                error_of(&answer).starts_with("undo would take back a "),
                "seed {seed}: {answer}"
            );
            refused += 1;
            continue;
        }
        assert_eq!(status, StatusCode::OK, "seed {seed}: {answer}");
        // Back at the real choice, not at the forced decision after it.
        assert_eq!(
            answer["ply"].as_u64(),
            Some(choice),
            "seed {seed}: {answer}"
        );
        assert_eq!(
            answer["undone"].as_u64(),
            Some(before - choice),
            "seed {seed}"
        );
        assert_eq!(answer["your_turn"], true);
        assert!(
            answer["legal"].as_array().unwrap().len() > 1,
            "a choice: {answer}"
        );
        undone += 1;
    }
    assert!(
        undone + refused > 0,
        "no forced move of the person in 12 games"
    );
}
