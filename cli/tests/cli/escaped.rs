//! Errors that quote an argument stay one line: a newline or an escape
//! sequence in a path, a name or a value is written escaped
//! (`beachcomber::spec::one_line`), never printed raw to the terminal.

use crate::common::*;

/// A text that would clear the screen and start a second line if printed.
const HOSTILE: &str = "x\x1b[2J\nline2";

#[test]
fn errors_quoting_an_argument_are_one_escaped_line() {
    let dir = temp_dir();
    let dir = dir.path();
    let h = HOSTILE;
    let folder = format!("{h}/out.csv");
    let record = format!("{h}/game.jsonl");
    let engine = format!("{h}=sh");
    let seat = format!("engine(name={h})");
    let svg = dir.join("f.svg");
    let game: &[&str] = &[
        "tournament",
        "--game",
        "seashells",
        "--players",
        "2",
        "--games",
        "1",
    ];
    let cases: Vec<Vec<&str>> = vec![
        vec!["replay", h],
        vec!["serve", "--records", h, "--port", "0"],
        vec!["serve", "--results", h, "--port", "0"],
        [game, &["--out", &folder]].concat(),
        vec![
            "play",
            "--game",
            "seashells",
            "--players",
            "2",
            "--bots",
            "random",
            "--record",
            &record,
        ],
        [game, &["--engine", &engine]].concat(),
        [game, &["--bots", &seat]].concat(),
        vec!["run", h],
        vec!["plot", h, "--out", s(&svg)],
        [game, &["--shard", h]].concat(),
    ];
    for args in &cases {
        let o = bin()
            .args(args)
            .current_dir(dir)
            .stdin(std::process::Stdio::null())
            .output()
            .expect("binary runs");
        let err = stderr(&o);
        assert!(!o.status.success(), "{args:?} succeeded");
        assert!(!err.contains('\x1b'), "{args:?}: a raw ESC in {err:?}");
        assert_eq!(err.lines().count(), 1, "{args:?}: not one line: {err:?}");
        assert!(err.starts_with("error: ") && err.ends_with('\n'), "{err:?}");
        assert!(
            err.contains("x\\u{1b}[2J\\nline2"),
            "{args:?}: the argument is not quoted escaped: {err:?}"
        );
    }
    assert_eq!(names(dir), Vec::<String>::new(), "a file was written");
}
