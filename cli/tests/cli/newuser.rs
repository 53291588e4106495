//! What a new user hit (issue 22, item 8), each checked end to end: the
//! docs' sweep→plot example runs, the help and docs say what really
//! happens, the README's examples leave nothing untracked in a clone, the
//! SPRT and progress wording, a league's `--anchor`, and `[quick]`'s `vary`
//! override. Each test works in a temporary folder, removed at the end.

use std::io::Read;
use std::os::fd::{FromRawFd, OwnedFd};
use std::path::{Path, PathBuf};
use std::process::Stdio;

use crate::common::{bin, ok, read, run, s, stderr, temp_dir};

/// The repository's root.
fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("..")
}

fn ok_in(dir: &Path, args: &[String]) -> String {
    let o = bin().args(args).current_dir(dir).output().unwrap();
    assert!(o.status.success(), "{args:?}: {}", stderr(&o));
    String::from_utf8(o.stdout).unwrap()
}

/// Split a shell command line as `sh` would for the examples: words
/// separated by spaces, `'...'` quoting, `\` + newline continuing the line,
/// and `#` starting a comment.
fn shell_words(line: &str) -> Vec<String> {
    let mut words = Vec::new();
    let mut word = String::new();
    let (mut quoted, mut in_word) = (false, false);
    let mut chars = line.chars().peekable();
    while let Some(c) = chars.next() {
        match c {
            '\'' => {
                quoted = !quoted;
                in_word = true;
            }
            '\\' if !quoted && chars.peek() == Some(&'\n') => {
                chars.next();
            }
            '#' if !quoted && !in_word => break,
            c if c.is_whitespace() && !quoted => {
                if in_word {
                    words.push(std::mem::take(&mut word));
                    in_word = false;
                }
            }
            c => {
                word.push(c);
                in_word = true;
            }
        }
    }
    if in_word {
        words.push(word);
    }
    words
}

/// The command in `text` (a file's text) that begins with `start`,
/// continuation lines joined, as words without the leading `beachcomber`.
fn documented(text: &str, start: &str) -> Vec<String> {
    let at = text
        .find(start)
        .unwrap_or_else(|| panic!("no `{start}` in the docs"));
    let mut end = at;
    loop {
        let line_end = text[end..].find('\n').map_or(text.len(), |i| end + i);
        if !text[end..line_end].trim_end().ends_with('\\') {
            end = line_end;
            break;
        }
        end = line_end + 1;
    }
    let mut words = shell_words(&text[at..end]);
    assert_eq!(words.remove(0), "beachcomber", "{start}");
    words
}

/// `words` with the value after `flag` replaced by `value`.
fn with_value(mut words: Vec<String>, flag: &str, value: &str) -> Vec<String> {
    let i = words
        .iter()
        .position(|w| w == flag)
        .unwrap_or_else(|| panic!("no {flag} in {words:?}"));
    words[i + 1] = value.to_string();
    words
}

/// docs/cli.md's sweep→plot example (the README links to it), run exactly
/// as written but with 8 games per combination (the documented 2000 would
/// take minutes): the plot command works on the sweep's folder and draws a
/// figure.
#[test]
fn cli_docs_sweep_then_plot_works() {
    let dir = temp_dir();
    let readme = read(&root().join("docs/cli.md"));
    let sweep = documented(&readme, "beachcomber sweep --game seaside --players 2,3");
    let plot = documented(&readme, "beachcomber plot sweep-removed/metrics.csv");
    ok_in(dir.path(), &with_value(sweep, "--games", "8"));
    ok_in(dir.path(), &plot);
    let svg = read(&dir.path().join("seat0.svg"));
    assert!(svg.starts_with("<svg"), "{}", &svg[..svg.len().min(200)]);
    // docs/sweeps.md's sweep is docs/cli.md's; docs/plots.md's and `plot
    // --help`'s first example plot it (their `results/NAME/` is the folder).
    let sweeps = read(&root().join("docs/sweeps.md"));
    let again = documented(&sweeps, "beachcomber sweep --game seaside --players 2,3");
    assert_eq!(
        with_value(again, "--games", "8"),
        with_value(
            documented(&readme, "beachcomber sweep --game seaside --players 2,3"),
            "--games",
            "8"
        )
    );
    let help = ok(&["plot", "--help"]);
    for (what, text) in [
        ("docs/plots.md", read(&root().join("docs/plots.md"))),
        ("plot --help", help),
    ] {
        for (start, out) in [
            (
                "beachcomber plot results/NAME/metrics.csv --x removed",
                "fig.svg",
            ),
            (
                "beachcomber plot results/NAME/metrics.csv --kind bars",
                "seats.svg",
            ),
        ] {
            let words: Vec<String> = documented(&text, start)
                .into_iter()
                .map(|w| w.replace("results/NAME/", "sweep-removed/"))
                .collect();
            let words = with_value(words, "--out", out);
            ok_in(dir.path(), &words);
            assert!(dir.path().join(out).is_file(), "{what}: {words:?}");
            std::fs::remove_file(dir.path().join(out)).unwrap();
        }
    }
}

/// `tournament --help` says what Ctrl-C and `--on-engine-error stop` keep
/// (the partial files and a checkpoint for `--resume`).
#[test]
fn help_says_what_an_interrupted_run_keeps() {
    let help = ok(&["tournament", "--help"]);
    assert!(!help.contains("writes nothing"), "{help}");
    assert!(!help.contains("no output is written"), "{help}");
    assert!(
        help.contains(
            "keeps the finished games in the NAME.partial files with a checkpoint\n\
             (PRIMARY.checkpoint.json); the same command plus --resume finishes the run."
        ),
        "{help}"
    );
    assert!(
        help.contains(
            "- stop:    Stop with a one-line error. A tournament, league or sweep keeps its \
             finished games in its `.partial` files with a checkpoint (fix the engine, then \
             the same command plus `--resume`)"
        ),
        "{help}"
    );
}

/// The docs say which commands take `--engine`: tournament, league, sweep
/// and play (and `sweep` exists).
#[test]
fn docs_name_the_commands_that_take_engines() {
    for command in ["tournament", "league", "sweep", "play"] {
        let help = ok(&[command, "--help"]);
        assert!(help.contains("--engine <NAME=COMMAND>"), "{command}");
    }
    let protocol = read(&root().join("docs/protocol.md"));
    assert!(!protocol.contains("`sweep` does not exist"));
    assert!(
        protocol.contains("## Command-line options (`tournament`, `league`, `sweep` and `play`)")
    );
    let synopsis = read(&root().join("docs/cli.md"));
    assert!(
        synopsis.contains(
            "# tournament, league, sweep and play also take: [--engine NAME=COMMAND ...]"
        )
    );
    assert!(!synopsis.contains("tournament and play also take"));
}

/// The README's first command and the external-bot example leave nothing
/// untracked in a clone: their outputs, manifests and the engine log are
/// ignored.
#[test]
fn readme_examples_leave_nothing_untracked() {
    let readme = read(&root().join("README.md"));
    let at = readme.find("beachcomber tournament --game").unwrap();
    let first = shell_words(readme[at..].lines().next().unwrap());
    assert_eq!(first.last().map(String::as_str), Some("results.csv"));
    for name in [
        "results.csv",
        "results.csv.manifest.json",
        "results.csv.partial",
        "results.csv.checkpoint.json",
        "games.jsonl",
        "games.jsonl.manifest.json",
        "beachcomber-engines.log",
    ] {
        let o = std::process::Command::new("git")
            .args(["check-ignore", "--no-index", "-q", name])
            .current_dir(root())
            .output()
            .expect("git runs");
        assert_eq!(o.status.code(), Some(0), "{name} is not ignored");
    }
    // What is not an example's output stays tracked.
    for name in ["README.md", "results/README.md", "manifest.json"] {
        let o = std::process::Command::new("git")
            .args(["check-ignore", "--no-index", "-q", name])
            .current_dir(root())
            .output()
            .expect("git runs");
        assert_eq!(o.status.code(), Some(1), "{name} is ignored");
    }
}

/// An SPRT that decides says the LLR with its bounds and the decision.
#[test]
fn sprt_result_names_the_bounds() {
    let out = ok(&[
        "tournament",
        "--game",
        "seashells",
        "--players",
        "2",
        "--bots",
        "greedy,random",
        "--games",
        "400",
        "--seed",
        "1",
        "--sprt",
        "elo0=0,elo1=10",
        "--threads",
        "2",
    ]);
    let line = out
        .lines()
        .find(|l| l.starts_with("sprt("))
        .unwrap_or_else(|| panic!("{out}"));
    assert!(!line.contains(" in ["), "{line}");
    let after = line.split_once("): llr ").unwrap().1;
    let (llr, rest) = after.split_once(' ').unwrap();
    let llr: f64 = llr.parse().unwrap();
    assert!(llr >= 2.944, "{line}");
    assert!(
        rest.starts_with("(bounds -2.944, 2.944) after ")
            && rest.contains(" deal pairs (pentanomial): H1 accepted (stopped after "),
        "{line}"
    );
}

/// Run `args` with standard error on a pseudo-terminal; what the terminal
/// received.
fn on_terminal(args: &[&str]) -> String {
    let (mut master, mut slave) = (-1, -1);
    let size = libc::winsize {
        ws_row: 24,
        ws_col: 200,
        ws_xpixel: 0,
        ws_ypixel: 0,
    };
    // SAFETY: openpty(3) with valid pointers to two ints and a winsize; no
    // name buffer and default terminal settings.
    let rc = unsafe {
        libc::openpty(
            &mut master,
            &mut slave,
            std::ptr::null_mut(),
            std::ptr::null(),
            &size,
        )
    };
    assert_eq!(rc, 0, "openpty failed");
    // SAFETY: both descriptors were just opened by openpty and are owned
    // here alone.
    let (master, slave) = unsafe { (OwnedFd::from_raw_fd(master), OwnedFd::from_raw_fd(slave)) };
    let mut child = bin()
        .args(args)
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::from(slave))
        .spawn()
        .unwrap();
    // Read while the child writes (a full terminal would block it); the
    // read ends with an error once the child's end is closed.
    let reader = std::thread::spawn(move || {
        let mut file = std::fs::File::from(master);
        let mut all = Vec::new();
        let mut buf = [0u8; 4096];
        while let Ok(n) = file.read(&mut buf) {
            if n == 0 {
                break;
            }
            all.extend_from_slice(&buf[..n]);
        }
        String::from_utf8_lossy(&all).into_owned()
    });
    let status = child.wait().unwrap();
    assert!(status.success(), "{args:?}");
    reader.join().unwrap()
}

/// The rates shown in `text`: every number right before ` games/s`, as
/// written.
fn rates(text: &str) -> Vec<String> {
    text.match_indices(" games/s")
        .map(|(i, _)| {
            let before = &text[..i];
            let start = before
                .rfind(|c: char| !(c.is_ascii_digit() || c == '.'))
                .map_or(0, |j| j + 1);
            before[start..].to_string()
        })
        .collect()
}

/// The progress on a terminal rounds the rate to a tenth; an SPRT run
/// shows the games so far and the test's LLR and bounds, not an ETA.
#[test]
fn progress_rounds_the_rate_and_shows_the_sprt_bounds() {
    let plain = on_terminal(&[
        "tournament",
        "--game",
        "seashells",
        "--players",
        "2",
        "--bots",
        "greedy,random",
        "--games",
        "200",
        "--seed",
        "1",
        "--threads",
        "1",
    ]);
    assert!(plain.contains("/200 games ("), "{plain}");
    assert!(plain.contains(", eta "), "{plain}");
    let shown = rates(&plain);
    assert!(!shown.is_empty(), "{plain}");
    for rate in &shown {
        let (_, decimals) = rate.split_once('.').unwrap_or_else(|| panic!("{rate}"));
        assert_eq!(decimals.len(), 1, "{rate} in {plain}");
    }
    let sprt = on_terminal(&[
        "tournament",
        "--game",
        "seashells",
        "--players",
        "2",
        "--bots",
        "greedy,random",
        "--games",
        "400",
        "--seed",
        "1",
        "--sprt",
        "elo0=0,elo1=10",
        "--threads",
        "1",
    ]);
    assert!(sprt.contains(" games so far (at most 400; "), "{sprt}");
    assert!(sprt.contains("), sprt llr "), "{sprt}");
    assert!(sprt.contains(" (bounds -2.944, 2.944)"), "{sprt}");
    assert!(!sprt.contains("eta"), "{sprt}");
    assert!(!rates(&sprt).is_empty(), "{sprt}");
}

/// `[quick]`'s `vary` replaces a key's values only in a sweep that varies
/// it over more than one value: a reference sweep at one value keeps it.
#[test]
fn quick_vary_leaves_single_value_sweeps_alone() {
    let dir = temp_dir();
    let file = dir.path().join("removals.toml");
    std::fs::write(
        &file,
        "kind = \"sweep\"\ngame = \"seaside\"\nseed = 3\n\
         [[sweep]]\nplayers = 2\nbots = \"random\"\ngames = 2\nvary = { removed = \"0..=50:5\" }\n\
         [[sweep]]\nplayers = 4\nbots = \"random\"\ngames = 2\nvary = { removed = [0] }\n\
         [[sweep]]\nplayers = 3\nbots = \"random\"\ngames = 2\nvary = { removed = \"10..=10\" }\n\
         [quick]\ngames = 2\nvary = { removed = [0, 30] }\n",
    )
    .unwrap();
    let out = dir.path().join("quick");
    ok(&["run", s(&file), "--quick", "--quiet", "--out", s(&out)]);
    let metrics = read(&out.join("metrics.csv"));
    let combinations: Vec<(String, String)> = metrics
        .lines()
        .skip(1)
        .map(|l| {
            let f: Vec<&str> = l.split(',').collect();
            (f[0].to_string(), f[1].to_string())
        })
        .filter(|(_, players)| !players.is_empty())
        .fold(Vec::new(), |mut v, c| {
            if !v.contains(&c) {
                v.push(c);
            }
            v
        });
    let want: Vec<(String, String)> = [("0", "2"), ("30", "2"), ("0", "4"), ("10", "3")]
        .iter()
        .map(|(r, p)| (r.to_string(), p.to_string()))
        .collect();
    assert_eq!(combinations, want, "{metrics}");
}

const LEAGUE: &[&str] = &[
    "league",
    "--game",
    "shell-dash",
    "--players",
    "2",
    "--bots",
    "random,greedy,ismcts(iterations=20)",
    "--games-per-pairing",
    "20",
    "--seed",
    "3",
];

/// The (bot, rating, low95, high95) of each row of a ratings CSV.
fn rating_rows(csv: &str) -> Vec<(String, f64, f64, f64)> {
    csv.lines()
        .skip(1)
        .map(|l| {
            // The game spec is quoted (it holds commas); the rest is not
            // but for a bot spec with commas.
            let rest = l.rsplitn(10, ',').collect::<Vec<_>>();
            let (high, low, rating) = (rest[6], rest[7], rest[8]);
            let bot = rest[9].rsplit_once(",20,").unwrap().1.trim_matches('"');
            (
                bot.to_string(),
                rating.parse().unwrap(),
                low.parse().unwrap(),
                high.parse().unwrap(),
            )
        })
        .collect()
}

/// `league --anchor BOT` rates that bot 0 (the others moved with it) and
/// says so above the table; the default is the first bot, and naming it
/// changes no byte; a bot not in the league is a one-line error listing
/// them; shards and `merge` keep the anchor.
#[test]
fn league_anchor_chooses_the_bot_rated_zero() {
    let dir = temp_dir();
    let at = |name: &str| dir.path().join(name);
    let with = |extra: &[&str]| -> Vec<String> {
        LEAGUE.iter().chain(extra).map(|s| s.to_string()).collect()
    };
    let first = ok_in(dir.path(), &with(&["--summary", "first.csv"]));
    assert!(
        first.contains("ratings (Elo) relative to the anchor random, rated 0:\nbot "),
        "{first}"
    );
    ok_in(
        dir.path(),
        &with(&["--summary", "named.csv", "--anchor", "random", "--quiet"]),
    );
    assert_eq!(read(&at("first.csv")), read(&at("named.csv")));
    let manifest = read(&at("named.csv.manifest.json"));
    assert!(!manifest.contains("anchor"), "{manifest}");
    let table = ok_in(
        dir.path(),
        &with(&["--summary", "greedy.csv", "--anchor", "greedy"]),
    );
    assert!(
        table.contains("ratings (Elo) relative to the anchor greedy(worlds=8), rated 0:\nbot "),
        "{table}"
    );
    assert!(table.contains("Bradley-Terry on the Elo scale, greedy(worlds=8) anchored at 0"));
    let base = rating_rows(&read(&at("first.csv")));
    let moved = rating_rows(&read(&at("greedy.csv")));
    assert_eq!(base.len(), 3);
    assert_eq!(base[0].0, "random");
    assert_eq!(base[1].0, "greedy(worlds=8)");
    assert_eq!(moved[1], ("greedy(worlds=8)".to_string(), 0.0, 0.0, 0.0));
    assert_ne!(moved[0].1, 0.0);
    for (b, m) in base.iter().zip(&moved) {
        assert_eq!(b.0, m.0);
        // Rounded to a tenth each: the shift agrees within 0.15.
        assert!((m.1 - (b.1 - base[1].1)).abs() < 0.15, "{base:?} {moved:?}");
    }
    let manifest = read(&at("greedy.csv.manifest.json"));
    assert!(manifest.contains("\"anchor\""), "{manifest}");
    // Two shards merged write the unsharded run's ratings.
    for i in 0..2 {
        ok_in(
            dir.path(),
            &with(&[
                "--summary",
                &format!("s{i}.csv"),
                "--anchor",
                "greedy",
                "--shard",
                &format!("{i}/2"),
                "--quiet",
            ]),
        );
    }
    ok(&[
        "merge",
        s(&at("s0.csv.manifest.json")),
        s(&at("s1.csv.manifest.json")),
        "--summary",
        s(&at("merged.csv")),
        "--quiet",
    ]);
    assert_eq!(read(&at("merged.csv")), read(&at("greedy.csv")));
    // A bot that is not in the league.
    let o = bin()
        .args(with(&["--summary", "bad.csv", "--anchor", "pimc"]))
        .current_dir(dir.path())
        .output()
        .unwrap();
    assert_eq!(o.status.code(), Some(1));
    assert_eq!(
        stderr(&o),
        "error: --anchor `pimc` is not one of the league's bots: random, greedy(worlds=8), \
         ismcts(iterations=20,c=0.7,rollout=random,reward=auto)\n"
    );
    assert!(!at("bad.csv").exists());
}

/// `anchor = "..."` in a `[[league]]` table rates that bot 0 in that
/// league, and summary.md says which.
#[test]
fn league_file_anchor_applies_to_its_league() {
    let dir = temp_dir();
    let file = dir.path().join("ladder.toml");
    std::fs::write(
        &file,
        "kind = \"league\"\nseed = 5\ngames_per_pairing = 4\nbots = \"random,greedy\"\n\
         [[league]]\ngame = \"shell-dash\"\nplayers = 2\nanchor = \"greedy\"\n\
         [[league]]\ngame = \"seaside\"\nplayers = 2\n",
    )
    .unwrap();
    let out = dir.path().join("out");
    ok(&["run", s(&file), "--quiet", "--out", s(&out)]);
    let ratings = read(&out.join("ratings.csv"));
    let zero: Vec<(&str, &str)> = ratings
        .lines()
        .filter(|l| l.contains(",0.0,0.0,0.0,"))
        .map(|l| {
            (
                l.split(',').next().unwrap(),
                if l.contains(",greedy(worlds=8),") {
                    "greedy"
                } else {
                    "random"
                },
            )
        })
        .collect();
    assert_eq!(zero.len(), 2, "{ratings}");
    assert!(
        zero[0].0.starts_with("\"shell-dash(") && zero[0].1 == "greedy",
        "{ratings}"
    );
    assert!(
        zero[1].0.starts_with("seaside(") && zero[1].1 == "random",
        "{ratings}"
    );
    let summary = read(&out.join("summary.md"));
    assert!(
        summary.contains(
            "Ratings: Bradley-Terry on the Elo scale, each league's anchor (`greedy(worlds=8)` in \
             league 1; elsewhere the first bot) at 0,"
        ),
        "{summary}"
    );
    // An anchor that is not a bot of its league names the file and key.
    std::fs::write(
        &file,
        "kind = \"league\"\ngame = \"seaside\"\nplayers = 2\nbots = \"random,greedy\"\nanchor = \"pimc\"\n",
    )
    .unwrap();
    let o = run(&[
        "run",
        s(&file),
        "--quiet",
        "--out",
        s(&dir.path().join("bad")),
    ]);
    assert_eq!(o.status.code(), Some(1));
    assert!(
        stderr(&o).ends_with(
            ": anchor `pimc` is not one of the league's bots: random, greedy(worlds=8)\n"
        ),
        "{}",
        stderr(&o)
    );
}

/// `run --quick` says where its summary.md is, and the summary marks the
/// intervals of a combination of fewer than 30 deals as too few games
/// instead of printing `100.0% [100.0, 100.0]`; a run of 30 deals keeps
/// its intervals.
#[test]
fn a_quick_run_prints_its_summary_and_marks_too_few_games() {
    let dir = temp_dir();
    let file = dir.path().join("deck.toml");
    std::fs::write(
        &file,
        "kind = \"sweep\"\ngame = \"shell-dash\"\nplayers = 2\nbots = \"random\"\nseed = 3\n\
         games = 30\nvary = { reshuffle = [\"choice\", \"empty\"] }\n[quick]\ngames = 4\n",
    )
    .unwrap();
    let out = dir.path().join("quick");
    let o = ok(&["run", s(&file), "--quick", "--out", s(&out)]);
    let summary = out.join("summary.md");
    assert!(
        o.contains(&format!("its summary: {}", summary.display())),
        "{o}"
    );
    let md = read(&summary);
    let rows: Vec<&str> = md
        .lines()
        .filter(|l| l.starts_with("| choice") || l.starts_with("| empty"))
        .collect();
    assert_eq!(rows.len(), 2, "{md}");
    for row in rows {
        assert_eq!(row.matches("(too few games)").count(), 4, "{row}");
        assert!(!row.contains('['), "{row}");
    }
    let full = dir.path().join("full");
    ok(&["run", s(&file), "--quiet", "--out", s(&full)]);
    let md = read(&full.join("summary.md"));
    assert!(!md.contains("too few games"), "{md}");
    let rows: Vec<&str> = md.lines().filter(|l| l.starts_with("| choice")).collect();
    assert_eq!(rows.len(), 1, "{md}");
    assert_eq!(rows[0].matches('[').count(), 2, "{md}");
}
