//! Errors in an experiment file name the file, the line and the key, and
//! never a command-line option the file did not use (the experiment's
//! settings become typed specs directly, not `--vary`/`--bots` strings).

use crate::common::*;

/// Run `text` as an experiment file, and with `--quick`: it must be
/// refused with one line that begins with `bad.toml line LINE: `, holds
/// `want`, and names no `--` option; nothing is written.
fn refused_naming(text: &str, line: usize, want: &str) {
    refused_as(text, line, want, &[false, true]);
}

/// [`refused_naming`], with and without `--quick` as `quick` says.
fn refused_as(text: &str, line: usize, want: &str, quick: &[bool]) {
    let dir = temp_dir();
    let file = dir.path().join("bad.toml");
    let out = dir.path().join("out");
    std::fs::write(&file, text).unwrap();
    for &quick in quick {
        let mut args = vec!["run", s(&file), "--out", s(&out), "--quiet"];
        if quick {
            args.push("--quick");
        }
        let o = run(&args);
        assert_eq!(o.status.code(), Some(1), "{text}");
        let err = stderr(&o);
        assert_eq!(err.lines().count(), 1, "{err}");
        let head = format!("error: {} line {line}: ", file.display());
        assert!(err.starts_with(&head), "want `{head}` in: {err}");
        assert!(err.contains(want), "want `{want}` in: {err}");
        assert!(!err.contains("--"), "names an option: {err}");
        assert!(!out.exists() || names(&out).is_empty(), "{:?}", names(&out));
    }
}

#[test]
fn a_bad_vary_value_names_the_file_line_and_key() {
    refused_naming(
        "kind = \"sweep\"\ngame = \"seaside\"\nplayers = [2]\n[vary]\nremoved = \"0..=x\"\n",
        5,
        "vary.removed: range `0..=x`: the end `x` is not an integer",
    );
    // An option the game does not have.
    refused_naming(
        "kind = \"sweep\"\ngame = \"seaside\"\nplayers = 2\n[vary]\ncolour = [1, 2]\n",
        5,
        "vary.colour: `colour` is not an option of seaside",
    );
    // In a `[[sweep]]` table: its own line, and which sweep.
    refused_naming(
        "kind = \"sweep\"\ngame = \"seaside\"\nplayers = 2\n\n[[sweep]]\nvary = { removed = [0, 5] }\n\
         \n[[sweep]]\nvary = { removed = \"3..1\" }\n",
        9,
        "sweep 2: vary.removed: range `3..1`: the range is reversed",
    );
}

#[test]
fn a_bad_bot_names_the_file_line_and_key() {
    refused_naming(
        "kind = \"sweep\"\ngame = \"seaside\"\nplayers = 2\nbots = [\"random\", \"nosuchbot\"]\n",
        4,
        "bots: ",
    );
    refused_naming(
        "kind = \"league\"\ngame = \"seaside\"\nplayers = 2\nbots = [\"random\", \"nosuchbot\"]\n",
        4,
        "bots: ",
    );
    refused_naming(
        "kind = \"tournament\"\ngame = \"seashells\"\nplayers = 2\nbots = \"greedy,random,random\"\n",
        4,
        "bots: combination players=2: a lineup of 3 specs does not fit",
    );
    refused_naming(
        "kind = \"sweep\"\ngame = \"seaside\"\nplayers = \"2,x\"\n",
        3,
        "players: `x` is not a player count",
    );
}

#[test]
fn a_bad_anchor_names_the_file_line_and_key() {
    // (`--quick` rates the first bot 0 when its bots leave the anchor out.)
    refused_as(
        "kind = \"league\"\ngame = \"seaside\"\nplayers = 2\nbots = \"random,greedy\"\nanchor = \"pimc\"\n",
        5,
        "anchor `pimc` is not one of the league's bots",
        &[false],
    );
    // In a `[[league]]` table: the table's line, and which league.
    refused_as(
        "kind = \"league\"\nbots = \"random,greedy\"\n\n[[league]]\ngame = \"seaside\"\nplayers = 2\n\
         anchor = \"random\"\n\n[[league]]\ngame = \"seashells\"\nplayers = 2\nanchor = \"pimc\"\n",
        9,
        "league 2: anchor `pimc` is not one of the league's bots",
        &[false],
    );
}

#[test]
fn resamples_outside_the_leagues_range_name_the_file_line_and_key() {
    for (n, want) in [
        (0, "resamples: 0 is not in 100..=100000"),
        (99, "resamples: 99 is not in 100..=100000"),
        (100_001, "resamples: 100001 is not in 100..=100000"),
    ] {
        refused_naming(
            &format!(
                "kind = \"league\"\ngame = \"shell-dash\"\nplayers = 2\nbots = \"random,greedy\"\n\
                 resamples = {n}\n"
            ),
            5,
            want,
        );
    }
}
