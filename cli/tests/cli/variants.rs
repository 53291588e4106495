//! Every summary names the variants a run used (options marked
//! `[variant]`, at a value other than their default): the tournament's,
//! the sweep's and the league's on the terminal, a search's and an
//! experiment's summary.md; none when the run plays the rules.

use crate::common::*;

const LINE: &str = "Variants (not the rules): bottles=plain";

/// The lines of `text` that name variants.
fn variant_lines(text: &str) -> Vec<&str> {
    text.lines().filter(|l| l.starts_with("Variants")).collect()
}

/// The standard output of the command `line`, which must succeed.
fn stdout(line: &str) -> String {
    let o = run_line(line);
    assert!(o.status.success(), "{line}: {}", stderr(&o));
    String::from_utf8(o.stdout).unwrap()
}

#[test]
fn a_tournament_and_a_league_name_their_variant_under_their_first_line() {
    let tournament =
        |game: &str| stdout(&format!("tournament --game {game} --players 2 --games 2"));
    let plain = tournament("seashells(bottles=plain)");
    assert_eq!(plain.lines().nth(1), Some(LINE), "{plain}");
    assert!(variant_lines(&tournament("seashells")).is_empty());
    let league = |game: &str| {
        stdout(&format!(
            "league --game {game} --players 2 --bots greedy,random --games-per-pairing 2"
        ))
    };
    let plain = league("seashells(bottles=plain)");
    assert_eq!(plain.lines().nth(1), Some(LINE), "{plain}");
    assert!(variant_lines(&league("seashells")).is_empty());
}

#[test]
fn a_sweep_names_the_variants_any_combination_used() {
    let dir = temp_dir();
    let sweep = |vary: &str, out: &str| {
        let out = dir.path().join(out);
        stdout(&format!(
            "sweep --game seashells --players 2 --vary {vary} --games 2 --out {}",
            s(&out)
        ))
    };
    let both = sweep("bottles=spend,plain", "both");
    assert_eq!(both.lines().nth(1), Some(LINE), "{both}");
    assert!(variant_lines(&sweep("scoring=simple,advanced", "rules")).is_empty());
    // An experiment's summary.md says it under its command line.
    let file = dir.path().join("plain.toml");
    std::fs::write(
        &file,
        "kind = \"sweep\"\ngame = \"seashells\"\nseed = 3\nplayers = 2\nbots = [\"random\"]\n\
         games = 2\nvary = { bottles = [\"spend\", \"plain\"] }\n",
    )
    .unwrap();
    let out = dir.path().join("experiment");
    stdout(&format!("run {} --quiet --out {}", s(&file), s(&out)));
    let md = read(&out.join("summary.md"));
    assert_eq!(variant_lines(&md), [LINE], "{md}");
}

#[test]
fn a_search_summary_names_the_variants_its_candidates_played() {
    let dir = temp_dir();
    let search = |vary: &str, out: &str| {
        let out = dir.path().join(out);
        stdout(&format!(
            "search --game seashells --players 2 --vary {vary} --bots random --objective \
             'mean_turns min margin 1' --first-deals 2 --max-rounds 1 --allow-unresolvable \
             --quiet --out {}",
            s(&out)
        ));
        read(&out.join("summary.md"))
    };
    let md = search("bottles=spend,plain", "plain");
    assert_eq!(variant_lines(&md), [LINE], "{md}");
    assert!(variant_lines(&search("scoring=simple,advanced", "rules")).is_empty());
}
