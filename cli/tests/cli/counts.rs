//! One range per count (issue 54 item 2): a flag, an experiment file's key
//! and a manifest's setting holding threads, resamples, deals or games
//! outside its range are refused with the same words, the store's
//! `counts` types' (clap's range text), and each names where the value is.

use crate::common::*;

/// The first line of the standard error of the command `line`, which must
/// exit with clap's status 2.
fn flag_refusal(line: &str) -> String {
    let o = run_line(line);
    assert_eq!(o.status.code(), Some(2), "{line}: {}", stderr(&o));
    stderr(&o).lines().next().unwrap_or_default().to_string()
}

#[test]
fn tournament_and_sweep_refuse_zero_deals_and_games_with_the_same_words() {
    for (flag, value) in [("--deals", "D"), ("--games", "G")] {
        let tournament = flag_refusal(&format!("tournament --game seaside --players 2 {flag} 0"));
        let sweep = flag_refusal(&format!(
            "sweep --game seaside --players 2 --out x {flag} 0"
        ));
        assert_eq!(
            tournament,
            format!(
                "error: invalid value '0' for '{flag} <{value}>': 0 is not in 1..18446744073709551615"
            )
        );
        assert_eq!(tournament, sweep);
    }
}

#[test]
fn threads_and_resamples_flags_name_their_range() {
    let invalid = "error: invalid value";
    for (line, want) in [
        (
            "tournament --threads 0",
            "'0' for '--threads <T>': 0 is not in 1..=1024",
        ),
        (
            "sweep --threads 1025",
            "'1025' for '--threads <T>': 1025 is not in 1..=1024",
        ),
        (
            "search --threads 0",
            "'0' for '--threads <T>': 0 is not in 1..=1024",
        ),
        (
            "league --resamples 99",
            "'99' for '--resamples <N>': 99 is not in 100..=100000",
        ),
        (
            "league --resamples 4294967296",
            "'4294967296' for '--resamples <N>': 4294967296 is not in 100..=100000",
        ),
        (
            "bench --games 0",
            "'0' for '--games <G>': 0 is not in 1..18446744073709551615",
        ),
        (
            "tournament --deals x",
            "'x' for '--deals <D>': invalid digit found in string",
        ),
    ] {
        assert_eq!(flag_refusal(line), format!("{invalid} {want}"), "{line}");
    }
}

#[test]
fn experiment_file_counts_out_of_range_name_the_file_line_and_key() {
    let dir = temp_dir();
    let file = dir.path().join("bad.toml");
    let out = dir.path().join("out");
    let at = |line: usize| format!("error: {} line {line}: ", file.display());
    for (text, line, want) in [
        (
            "kind = \"sweep\"\ngame = \"seaside\"\nplayers = 2\ndeals = 0\n",
            4,
            "deals: 0 is not in 1..18446744073709551615",
        ),
        (
            "kind = \"tournament\"\ngame = \"seaside\"\nplayers = 2\ngames = 0\n",
            4,
            "games: 0 is not in 1..18446744073709551615",
        ),
        (
            "kind = \"sweep\"\ngame = \"seaside\"\n\n[[sweep]]\nplayers = 2\ndeals = 0\n",
            6,
            "deals: 0 is not in 1..18446744073709551615",
        ),
        (
            "kind = \"sweep\"\ngame = \"seaside\"\nplayers = 2\n[quick]\ngames = 0\n",
            5,
            "games: 0 is not in 1..18446744073709551615",
        ),
        (
            "kind = \"league\"\ngame = \"seaside\"\nplayers = 2\nbots = \"random,greedy\"\n\
             resamples = 100001\n",
            5,
            "resamples: 100001 is not in 100..=100000",
        ),
    ] {
        std::fs::write(&file, text).unwrap();
        let o = run(&["run", s(&file), "--out", s(&out), "--quiet"]);
        assert_eq!(o.status.code(), Some(1), "{text}");
        assert_eq!(stderr(&o), format!("{}{want}\n", at(line)), "{text}");
        assert!(!out.exists(), "{text}");
    }
}

/// A hostile manifest: its file name, the edit, and the refusal's words.
type HostileEdit = (&'static str, fn(&mut serde_json::Value), &'static str);

#[test]
fn a_manifest_edited_to_resamples_or_deals_out_of_range_is_refused_naming_file_and_key() {
    let dir = temp_dir();
    let d = dir.path();
    for i in 0..2 {
        let o = run_line(&format!(
            "league --game seashells --players 2 --bots greedy,random --games-per-pairing 4 \
             --quiet --shard {i}/2 --out {}",
            s(&d.join(format!("g{i}.csv")))
        ));
        assert!(o.status.success(), "{}", stderr(&o));
    }
    let manifest = d.join("g0.csv.manifest.json");
    let good: serde_json::Value =
        serde_json::from_slice(&std::fs::read(&manifest).unwrap()).unwrap();
    let edits: [HostileEdit; 2] = [
        (
            "resamples.manifest.json",
            |m| m["description"]["settings"][1] = serde_json::json!(["resamples", "99"]),
            "is not a run manifest of this program: the setting `resamples`: 99 is not in \
             100..=100000",
        ),
        (
            "deals.manifest.json",
            |m| m["description"]["plan"]["parts"][0]["run"]["deals"] = serde_json::json!(0),
            "is damaged: part 0: 0 deals; it cannot be merged",
        ),
    ];
    for (name, edit, want) in edits {
        let mut hostile = good.clone();
        assert_eq!(
            hostile["description"]["settings"][1],
            serde_json::json!(["resamples", "1000"])
        );
        edit(&mut hostile);
        let path = d.join(name);
        std::fs::write(&path, serde_json::to_vec(&hostile).unwrap()).unwrap();
        let merged = d.join("m.csv");
        let other = d.join("g1.csv.manifest.json");
        let o = run_line(&format!(
            "merge {} {} --out {}",
            s(&path),
            s(&other),
            s(&merged)
        ));
        assert_eq!(o.status.code(), Some(1), "{name}");
        let err = stderr(&o);
        assert_eq!(err.lines().count(), 1, "{err}");
        assert!(err.starts_with(&format!("error: `{}` ", s(&path))), "{err}");
        assert!(err.contains(want), "want `{want}` in: {err}");
        assert!(!merged.exists(), "{name}");
    }
}
