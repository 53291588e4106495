//! `beachcomber solve`: the solved value printed, bad input refused in one
//! line.

use crate::common::*;

#[test]
fn solve_prints_the_model_value() {
    let o = run_line("solve --game shell-dash");
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let text = String::from_utf8_lossy(&o.stdout);
    assert!(
        text.contains("optimal expected turns (model): 4.4995269"),
        "{text}"
    );
    assert!(text.contains("84 turn-start states"), "{text}");
    assert!(text.contains("value iteration: "), "{text}");
}

#[test]
fn solve_refuses_bad_input() {
    let dir = temp_dir();
    let out = dir.path().join("none");
    for (args, want) in [
        (
            &["solve", "--game", "seashells"][..],
            "the solver plays shell-dash, not seashells",
        ),
        (
            &["solve", "--game", "shell-dash", "--players", "2"][..],
            "solo Shell Dash",
        ),
        (
            &["solve", "--game", "shell-dash(deck=Sand:6,Shell:3)"][..],
            "fill a board of 6 rows",
        ),
        (
            &["solve", "--game", "shell-dash", "--tolerance", "0"][..],
            "positive number",
        ),
        (
            &["solve", "--game", "shell-dash(foo=1)"][..],
            "unknown option `foo`",
        ),
        (&["solve", "--game", "nope"][..], "unknown game `nope`"),
    ] {
        refused(args, want, &out);
    }
}
