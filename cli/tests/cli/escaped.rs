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

#[test]
fn bidirectional_controls_and_separators_are_escaped_and_long_values_cut() {
    let dir = temp_dir();
    let run_in = |name: &str| {
        let o = bin()
            .args(["replay", name])
            .current_dir(dir.path())
            .output()
            .expect("binary runs");
        assert_eq!(o.status.code(), Some(1));
        stderr(&o)
    };
    // U+202E (right-to-left override) would show `c.jsonl` reversed, U+2028
    // would break the line in some terminals and every browser.
    assert_eq!(
        run_in("a\u{202e}lnosj.b\u{2028}c\u{2066}.jsonl"),
        "error: cannot read `a\\u{202e}lnosj.b\\u{2028}c\\u{2066}.jsonl`: No such file or \
         directory (os error 2)\n"
    );
    // A 5,000-byte name is quoted up to 400 bytes, saying how much was cut.
    let long = "y".repeat(5000);
    assert_eq!(
        run_in(&long),
        format!(
            "error: cannot read `{}…[4600 more bytes]`: File name too long (os error 36)\n",
            "y".repeat(400)
        )
    );
}
