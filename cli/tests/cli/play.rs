//! End-to-end tests of `beachcomber play` driven through standard input:
//! whole games of every game whose records pass `replay`, nothing hidden
//! from the person's seat in the transcript before the end, bad input,
//! undo determinism, and games stopped early (end of input, `quit`,
//! Ctrl-C) leaving an unfinished record. Every test works in its own
//! temporary folder, removed at the end.

use std::io::{Read, Write};
use std::path::Path;
use std::process::{Command, Output, Stdio};
use std::time::Duration;

use serde_json::Value;
use tempfile::TempDir;

fn bin() -> Command {
    Command::new(env!("CARGO_BIN_EXE_beachcomber"))
}

fn temp_dir() -> TempDir {
    tempfile::Builder::new()
        .prefix("beachcomber-play-")
        .tempdir()
        .unwrap()
}

/// Run `beachcomber play ARGS` with `input` on standard input.
fn play(args: &[&str], input: &str) -> Output {
    let mut child = bin()
        .arg("play")
        .args(args)
        .env_remove("NO_COLOR")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("binary runs");
    let mut stdin = child.stdin.take().unwrap();
    let input = input.to_string();
    // On a thread: the game may end (and stop reading) before the input does.
    let writer = std::thread::spawn(move || {
        let _ = stdin.write_all(input.as_bytes());
    });
    let output = child.wait_with_output().unwrap();
    writer.join().unwrap();
    output
}

fn stdout(o: &Output) -> String {
    String::from_utf8_lossy(&o.stdout).into_owned()
}

fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

fn read_record(path: &Path) -> Value {
    let text = std::fs::read_to_string(path).unwrap();
    assert_eq!(text.lines().count(), 1, "one record: {text}");
    serde_json::from_str(text.trim_end()).unwrap()
}

fn replay(path: &Path, extra: &[&str]) -> Output {
    bin().arg("replay").arg(path).args(extra).output().unwrap()
}

/// The transcript before the game's end (everything if it did not end).
fn before_end(text: &str) -> &str {
    text.split("Game over.").next().unwrap()
}

/// The first listed action, in every game (a bare `1` is square 1 in
/// Seashells).
const ALWAYS_FIRST: &str = "#1\n";

#[test]
fn whole_games_of_every_game_through_stdin_replay() {
    let dir = temp_dir();
    let games: &[(&str, &str, &str, &str)] = &[
        ("seashells", "3", "1", "random,ismcts(iterations=20)"),
        (
            "seashells(mode=stroll,scoring=advanced)",
            "2",
            "0",
            "greedy",
        ),
        ("seaside", "3", "2", "random"),
        ("seaside(removed=5)", "1", "0", "random"),
        ("shell-dash", "2", "1", "ismcts(iterations=20)"),
        ("shell-dash(max_turns=30)", "1", "0", "random"),
    ];
    for (i, &(game, players, seat, bots)) in games.iter().enumerate() {
        let rec = dir.path().join(format!("game{i}.jsonl"));
        let o = play(
            &[
                "--game",
                game,
                "--players",
                players,
                "--seat",
                seat,
                "--bots",
                bots,
                "--seed",
                "4",
                "--record",
                rec.to_str().unwrap(),
            ],
            &ALWAYS_FIRST.repeat(5000),
        );
        let text = stdout(&o);
        assert!(o.status.success(), "{game}: {}", stderr(&o));
        assert!(text.contains("Game over."), "{game}: {text}");
        assert!(text.contains("Final scoring:"), "{game}");
        assert!(
            text.contains(&format!("record written to {}", rec.display())),
            "{game}"
        );
        // Piped output: no colour.
        assert!(!text.contains('\x1b'), "{game}");
        let r = replay(&rec, &["--verify-only"]);
        assert!(r.status.success(), "{game}: {}", stderr(&r));
        assert_eq!(
            stdout(&r),
            "1 record(s) verified: every decision legal, every result as recorded\n"
        );
        let record = read_record(&rec);
        let seat: usize = seat.parse().unwrap();
        assert_eq!(record["bots"][seat], "human", "{game}");
        assert_eq!(record.get("end"), None, "{game}: a finished game");
        assert!(record["result"].is_object(), "{game}");
        // Same seeding as a tournament's game 0; the seed is printed at the end.
        assert!(
            text.contains("\nseed 4 (the same game again: --seed 4)\n"),
            "{game}"
        );
    }
    let seats = read_record(&dir.path().join("game0.jsonl"))["bots"].clone();
    assert_eq!(
        seats,
        serde_json::json!([
            "random",
            "human",
            "ismcts(iterations=20,c=0.7,rollout=random,reward=auto)"
        ])
    );
}

#[test]
fn nothing_hidden_from_the_seat_appears_before_the_end() {
    let dir = temp_dir();
    let input = "hint\n#1\n".repeat(3000);
    let run = |game: &str, players: &str, name: &str| -> (String, std::path::PathBuf) {
        let rec = dir.path().join(name);
        let o = play(
            &[
                "--game",
                game,
                "--players",
                players,
                "--seat",
                "1",
                "--bots",
                "ismcts(iterations=20)",
                "--seed",
                "11",
                "--hint-iterations",
                "30",
                "--record",
                rec.to_str().unwrap(),
            ],
            &input,
        );
        assert!(o.status.success(), "{game}: {}", stderr(&o));
        let text = stdout(&o);
        assert!(text.contains("Game over."), "{game}");
        (text, rec)
    };

    // Seashells: the opponents' secret cards (as the referee's picture of
    // the setup names them) never appear before the end; the seat's own do.
    let (text, rec) = run("seashells", "3", "seashells.jsonl");
    let shown = before_end(&text);
    let referee = stdout(&replay(&rec, &["--brief"]));
    let cards = |seat: usize| -> String {
        let prefix = format!("seat {seat}: cards ");
        let line = referee.lines().find(|l| l.starts_with(&prefix)).unwrap();
        line.split(';').next().unwrap().to_string()
    };
    for seat in [0, 2] {
        assert!(!shown.contains(&cards(seat)), "{}", cards(seat));
        assert!(shown.contains(&format!("seat {seat}: cards hidden")));
        // After the end, everything is shown.
        assert!(text.contains(&cards(seat)));
    }
    assert!(shown.contains(&cards(1)));
    assert!(shown.contains("hint (ismcts, 30 iterations, from what you can see):"));

    // Seaside: never the bag's order, the removed tokens, or the tokens
    // (and Beach backs) the other seats drew.
    let (text, _) = run("seaside", "3", "seaside.jsonl");
    let shown = before_end(&text);
    assert!(!shown.contains("bag, next first"));
    assert!(!shown.contains("\nremoved:"));
    assert!(shown.contains("seat 1 drew (face up/back)"));
    for seat in [0, 2] {
        assert!(!shown.contains(&format!("seat {seat} drew (face up/back)")));
        let drew = format!("seat {seat} drew ");
        for (at, _) in shown.match_indices(&drew) {
            assert!(
                shown[at + drew.len()..].starts_with("a token"),
                "{}",
                &shown[at..at + 60]
            );
        }
        let line = format!("seat {seat}: ");
        for l in shown.lines().filter(|l| l.starts_with(&line)) {
            assert!(!l.contains("(backs"), "{l}");
        }
    }

    // Shell Dash: never a face-down card or the deck's order; the choices
    // offered never name the card a flip would turn up.
    let (text, _) = run("shell-dash", "2", "dash.jsonl");
    let shown = before_end(&text);
    assert!(shown.contains("[face-down]"));
    assert!(!shown.contains("top first"));
    for card in ["Sand", "Wave", "Flip-Flop", "Jellyfish", "Sun", "Shell"] {
        assert!(!shown.contains(&format!("[{card}]")), "{card}");
    }
    let mut flips = 0;
    for l in shown.lines() {
        let l = l.trim_start();
        // A choice: `   #2  flip1      flip row 0, column 1 (face-down)`.
        let choice = l
            .strip_prefix('#')
            .and_then(|l| l.split_once("  "))
            .is_some_and(|(n, rest)| n.parse::<u32>().is_ok() && rest.starts_with("flip"));
        if choice {
            flips += 1;
            assert!(l.contains("(face-down)"), "{l}");
            assert!(!l.contains(':'), "{l}");
        }
    }
    assert!(flips > 20, "{flips} flip choices seen");
}

#[test]
fn bad_input_gets_a_message_and_the_game_goes_on() {
    let dir = temp_dir();
    let rec = dir.path().join("g.jsonl");
    let o = play(
        &[
            "--game",
            "shell-dash",
            "--players",
            "2",
            "--bots",
            "random",
            "--seed",
            "2",
            "--record",
            rec.to_str().unwrap(),
        ],
        "foo\n99\n0\n#4\n\n   \nflip7\nspend\nundo\nhelp\n2\nquit\n",
    );
    assert!(o.status.success(), "{}", stderr(&o));
    let text = stdout(&o);
    let prompt = "move 1 (#1-#3, action, hint, undo, help)> ";
    let listed = "type one of the 3 listed actions as written (e.g. `flip0`) or its list \
                  number (`1` to `3`)";
    for expected in [
        format!("foo\nno action `foo`: {listed}; or a command (`help` lists them)\n"),
        format!("99\nno list number 99: {listed}; `show` lists them again\n"),
        format!("0\nno list number 0: {listed}; `show` lists them again\n"),
        format!("#4\nno list number #4: {listed}; `show` lists them again\n"),
        format!("\nempty input: {listed}; or a command (`help` lists them)\n"),
        format!("flip7\nno action `flip7`: {listed}"),
        format!("spend\n`spend` is not legal now: {listed}; `show` lists them again\n"),
        "undo\nnothing to undo: this is your first decision\n".to_string(),
        "help\nCommands:\n".to_string(),
        "2\nyou: seat 0 flips row 0, column 1: ".to_string(),
    ] {
        assert!(
            text.contains(&format!("{prompt}{expected}")),
            "missing {expected:?} in\n{text}"
        );
    }
    assert!(text.contains("Game stopped before its end (you quit) after "));
    assert!(text.contains(&format!("record written to {} (unfinished)", rec.display())));
    let record = read_record(&rec);
    assert_eq!(record["end"], "unfinished");
    assert_eq!(
        record["events"],
        serde_json::json!([{"seat": 0, "flip": 1}])
    );
    assert!(replay(&rec, &["--verify-only"]).status.success());
}

#[test]
fn after_undo_the_bots_decide_as_before() {
    let dir = temp_dir();
    let record_of = |name: &str, input: &str| -> (Value, String) {
        let rec = dir.path().join(name);
        let o = play(
            &[
                "--game",
                "seashells",
                "--players",
                "3",
                "--bots",
                "ismcts(iterations=40),greedy",
                "--seed",
                "5",
                "--record",
                rec.to_str().unwrap(),
            ],
            input,
        );
        assert!(o.status.success(), "{}", stderr(&o));
        (read_record(&rec), stdout(&o))
    };
    let (straight, _) = record_of("a.jsonl", "#1\n#1\nquit\n");
    let (undone, text) = record_of("b.jsonl", "#1\n#1\nundo\nundo\n#1\n#1\nquit\n");
    assert!(text.contains("undone 3 move(s): back to your decision at move 4\n"));
    assert!(text.contains("undone 3 move(s): back to your decision at move 1\n"));
    let (other_first, _) = record_of("c.jsonl", "#3\nundo\n#1\n#1\nquit\n");
    // 2 decisions of the person and 2 of each bot, decided the same way:
    // the same record but for the undos it counts (format 2).
    assert_eq!(straight["events"].as_array().unwrap().len(), 6);
    assert_eq!(
        (&straight["format"], straight.get("undos")),
        (&Value::from(1), None)
    );
    let without_undos = |mut r: Value| {
        assert_eq!(r["format"], 2);
        r["format"] = 1.into();
        let n = r.as_object_mut().unwrap().remove("undos").unwrap();
        (r, n)
    };
    assert_eq!(without_undos(undone), (straight.clone(), Value::from(2)));
    assert_eq!(without_undos(other_first), (straight, Value::from(1)));
    // `replay` shows them.
    let o = replay(&dir.path().join("b.jsonl"), &["--brief"]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(
        stdout(&o)
            .contains("\n  undos: 2 (moves the person took back; the events are the moves kept)\n"),
        "{}",
        stdout(&o)
    );
}

#[test]
fn undo_never_takes_back_a_card_you_have_seen_turned() {
    // Shell Dash seed 5 (issue 53): flip a card, then undo: refused, and the
    // game goes on from the flip.
    let dir = temp_dir();
    let rec = dir.path().join("g.jsonl");
    let o = play(
        &[
            "--game",
            "shell-dash",
            "--players",
            "1",
            "--seed",
            "5",
            "--record",
            rec.to_str().unwrap(),
        ],
        "#1\nundo\nquit\n",
    );
    assert!(o.status.success(), "{}", stderr(&o));
    let text = stdout(&o);
    assert!(
        text.contains("> undo\nundo would take back a card you have seen turned\n"),
        "{text}"
    );
    assert!(!text.contains("undone"), "{text}");
    let record = read_record(&rec);
    assert_eq!(record["events"].as_array().unwrap().len(), 1, "{record}");
    assert_eq!(record.get("undos"), None);
}

#[test]
fn end_of_input_leaves_an_unfinished_record_that_replay_reports() {
    let dir = temp_dir();
    let rec = dir.path().join("g.jsonl");
    let o = play(
        &[
            "--game",
            "seaside",
            "--players",
            "2",
            "--bots",
            "greedy",
            "--record",
            rec.to_str().unwrap(),
        ],
        "1\n",
    );
    assert!(o.status.success(), "{}", stderr(&o));
    let text = stdout(&o);
    assert!(text.contains("Game stopped before its end (end of input) after "));
    let record = read_record(&rec);
    assert_eq!(record["end"], "unfinished");
    assert_eq!(record["result"], Value::Null);
    assert_eq!(record["bots"][0], "human");
    let r = replay(&rec, &["--brief"]);
    assert!(r.status.success(), "{}", stderr(&r));
    assert!(stdout(&r).contains("The game was stopped before its end (unfinished): no result.\n"));
    // Without --record, nothing is written and the person is told.
    let o = play(
        &["--game", "shell-dash", "--players", "1", "--seed", "1"],
        "",
    );
    assert!(o.status.success());
    assert!(stdout(&o).contains(
        "Game stopped before its end (end of input) after 0 move(s).\n\
         no record written (give --record FILE.jsonl to keep one)\n"
    ));
}

#[test]
fn ctrl_c_at_the_prompt_saves_the_game_so_far() {
    let dir = temp_dir();
    let rec = dir.path().join("g.jsonl");
    let mut child = bin()
        .args([
            "play",
            "--game",
            "seashells",
            "--players",
            "2",
            "--bots",
            "random",
            "--seed",
            "3",
            "--record",
            rec.to_str().unwrap(),
        ])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    stdin.write_all(b"#1\n").unwrap();
    stdin.flush().unwrap();
    // Standard input stays open: wait until the program waits at its
    // second prompt (move 3: seat 1 has moved), then interrupt it.
    let mut out = child.stdout.take().unwrap();
    let seen = std::sync::Arc::new(std::sync::Mutex::new(Vec::new()));
    let reader = {
        let seen = seen.clone();
        std::thread::spawn(move || {
            let mut buf = [0u8; 4096];
            while let Ok(n @ 1..) = out.read(&mut buf) {
                seen.lock().unwrap().extend_from_slice(&buf[..n]);
            }
        })
    };
    let start = std::time::Instant::now();
    while !String::from_utf8_lossy(&seen.lock().unwrap()).contains("move 3 (") {
        assert!(
            start.elapsed() < Duration::from_secs(60),
            "no second prompt"
        );
        std::thread::sleep(Duration::from_millis(20));
    }
    unsafe {
        libc::kill(child.id() as i32, libc::SIGINT);
    }
    let o = child.wait_with_output().unwrap();
    reader.join().unwrap();
    drop(stdin);
    let text = String::from_utf8_lossy(&seen.lock().unwrap()).into_owned();
    assert!(text.ends_with("\nGame stopped before its end (interrupted) after 2 move(s).\n"));
    assert_eq!(o.status.code(), Some(130), "{}", stderr(&o));
    assert_eq!(
        stderr(&o),
        format!(
            "error: interrupted: game stopped; record written to {} (unfinished)\n",
            rec.display()
        )
    );
    let record = read_record(&rec);
    assert_eq!(record["end"], "unfinished");
    assert_eq!(record["events"].as_array().unwrap().len(), 2);
    assert!(replay(&rec, &["--verify-only"]).status.success());
    // No temporary file is left.
    let names: Vec<_> = std::fs::read_dir(dir.path()).unwrap().collect();
    assert_eq!(names.len(), 1);
}

#[test]
fn the_seashells_board_marks_the_squares_the_seat_can_take() {
    let o = play(
        &["--game", "seashells", "--players", "2", "--seed", "3"],
        "quit\n",
    );
    let text = stdout(&o);
    let grid: Vec<&str> = text
        .lines()
        .skip_while(|l| !l.starts_with("  row sq |"))
        .take(10)
        .collect();
    assert_eq!(
        grid,
        [
            "  row sq |    a    b    c    d    e    f    g    h",
            "    1  0 |  WhG  OyY  CwP  CoV  ScY   FT  NaW  *FT",
            "    2  8 |  CwO  ScV  OyB  ScG  NaG   FH  StP  *FH",
            "    3 16 |  NaY  CoP  CwB  OyG  ScP  CoB    $ *StW",
            "    4 24 |  NaP  StO  StV  CwG  CoW  NaV  NaB *ScO",
            "    5 32 |  CoO  NaO    $  WhW  WhV  StY   Bo *CwW",
            "    6 40 | *OyW  *FT  *FH *ScB *ScW *OyV  *Bo  [U]",
            "    7 48 |  CoY  WhO    $  WhB   Bo   Bo    $ *CwY",
            "    8 56 |  StB  WhY    $  WhP  CoG  StG  OyO *CwV",
            "Bucket [U] on h6 (square 47); 63 items left, 14 in its row and column",
        ]
    );
    assert!(text.contains("\n* marks the places you can take\n"));
    assert!(text.contains("  #14  63         take h8 (square 63): Cowrie/Violet\n"));
}

#[test]
fn the_seashells_ring_marks_the_places_the_seat_can_reach() {
    let o = play(
        &[
            "--game",
            "seashells(mode=stroll)",
            "--players",
            "2",
            "--seed",
            "3",
        ],
        "quit\n",
    );
    let text = stdout(&o);
    let ring: Vec<&str> = text
        .lines()
        .skip_while(|l| !l.starts_with("Ring, clockwise"))
        .skip(1)
        .take(4)
        .collect();
    // The Bucket starts at 47; steps 1 to 4 reach 48 to 51.
    assert!(ring[2].ends_with("  [U]|"), "{ring:?}");
    assert!(
        ring[3].starts_with(" 48  *CoY *WhO   *$ *WhB   Bo "),
        "{ring:?}"
    );
    // The four places, the line saying so and the legend's entry.
    assert_eq!(text.matches('*').count(), 4 + 2, "{text}");
    assert!(text.contains("Legend: Sc Scallop, Co Conch"), "{text}");
    assert!(text.contains("Leads so far (shells collected;"), "{text}");
}

#[test]
fn bad_options_are_one_line_errors() {
    let err = |args: &[&str]| -> String {
        let o = play(args, "");
        assert_eq!(o.status.code(), Some(1), "{args:?}");
        stderr(&o)
    };
    assert_eq!(
        err(&["--game", "seashells", "--players", "2", "--seat", "2"]),
        "error: --seat 2: a game of 2 players has seats 0 to 1\n"
    );
    assert_eq!(
        err(&[
            "--game",
            "seaside",
            "--players",
            "4",
            "--bots",
            "random,greedy"
        ]),
        "error: --bots: 2 specs for 3 bot seat(s) (give one spec per bot seat in seat order, \
         or one for every bot)\n"
    );
    assert!(err(&["--game", "chess", "--players", "2"]).starts_with("error: --game: unknown game"));
    assert_eq!(
        err(&["--game", "shell-dash", "--players", "1", "--bots", "clever"]),
        "error: --bots: unknown bot `clever` (known: random, greedy, pimc, ismcts, expert, learned, oracle)\n"
    );
    assert!(
        err(&[
            "--game",
            "seaside",
            "--players",
            "2",
            "--record",
            "/no/such/dir/g.jsonl"
        ])
        .starts_with("error: --record: cannot write `/no/such/dir/g.jsonl`")
    );
}

/// A decision with one legal move is played at once with a notice, and
/// stays a decision of the record; prompts never show Rust range text.
#[test]
fn forced_moves_are_played_with_a_notice_and_recorded() {
    let dir = temp_dir();
    let mut forced_seen = false;
    for seed in 1..=6 {
        let rec = dir.path().join(format!("g{seed}.jsonl"));
        let seed_text = seed.to_string();
        let o = play(
            &[
                "--game",
                "seaside",
                "--players",
                "2",
                "--bots",
                "random",
                "--seed",
                &seed_text,
                "--record",
                rec.to_str().unwrap(),
            ],
            &ALWAYS_FIRST.repeat(400),
        );
        assert!(o.status.success(), "{}", stderr(&o));
        let text = stdout(&o);
        assert!(!text.contains("..="), "Rust range text: {text}");
        let notices = text
            .matches("your only legal move, played for you: ")
            .count();
        let chosen = text.matches("\nyou: ").count();
        let record = read_record(&rec);
        let mine = record["events"]
            .as_array()
            .unwrap()
            .iter()
            .filter(|e| e["seat"] == 0)
            .count();
        assert_eq!(
            mine,
            notices + chosen,
            "every decision of seat 0 is in the record"
        );
        assert!(replay(&rec, &["--verify-only"]).status.success());
        forced_seen |= notices > 0;
    }
    assert!(forced_seen, "no forced move in 6 games");
}

/// The first thing `play --game seashells --players 2 --seed 5` says to
/// `input` (one line) at the first decision.
fn seashells_seed_5_answer(input: &str) -> String {
    let o = play(
        &[
            "--game",
            "seashells",
            "--players",
            "2",
            "--bots",
            "random",
            "--seed",
            "5",
        ],
        &format!("{input}\nquit\n"),
    );
    assert!(o.status.success(), "{}", stderr(&o));
    let text = stdout(&o);
    let prompt = format!("move 1 (#1-#14, action, hint, undo, help)> {input}\n");
    let at = text.find(&prompt).unwrap_or_else(|| panic!("{text}"));
    let answer = &text[at + prompt.len()..];
    answer.lines().next().unwrap().to_string()
}

/// Seashells (`--seed 5`, docs/play.md): a bare number is the square whose
/// listed text it is, a square's board name plays it too, list numbers are
/// written `#N`; a refused input's message suggests only inputs that play
/// what they say.
#[test]
fn seashells_input_is_a_square_by_number_or_name_and_list_numbers_take_a_hash() {
    for (input, want) in [
        // Square 7 (h1), listed first; not list item 7 (b6).
        ("7", "you: take h1 (square 7): Conch/Green"),
        // h2's own listed text.
        ("15", "you: take h2 (square 15): Conch/Yellow"),
        ("h5", "you: take h5 (square 39): Fossil head"),
        ("h2", "you: take h2 (square 15): Conch/Yellow"),
        ("#7", "you: take b6 (square 41): Oyster/Pink"),
    ] {
        assert_eq!(seashells_seed_5_answer(input), want, "{input}");
    }
    let suggest = "type one of the 14 listed actions as written (e.g. `7` or `h1`) or its \
                   list number (`#1` to `#14`)";
    for (input, want) in [
        (
            "a1",
            format!("`a1` is not legal now: {suggest}; `show` lists them again"),
        ),
        (
            "2",
            format!("`2` is not legal now: {suggest}; `show` lists them again"),
        ),
        (
            "#15",
            format!("no list number #15: {suggest}; `show` lists them again"),
        ),
        (
            "99",
            format!("no action `99`: {suggest}; or a command (`help` lists them)"),
        ),
    ] {
        assert_eq!(seashells_seed_5_answer(input), want, "{input}");
    }
    // What the message suggests plays what it says.
    assert_eq!(
        seashells_seed_5_answer("h1"),
        "you: take h1 (square 7): Conch/Green"
    );
    assert_eq!(
        seashells_seed_5_answer("#1"),
        "you: take h1 (square 7): Conch/Green"
    );
    assert_eq!(
        seashells_seed_5_answer("#14"),
        "you: take h8 (square 63): Whelk/Yellow"
    );
}

/// The seed (from the clock here) rebuilds the deal, every seat's secrets
/// included: it is printed once the game has ended, never before, and it
/// plays the same game again.
#[test]
fn the_seed_is_printed_only_after_the_end() {
    let dir = temp_dir();
    let args = |rec: &Path| -> Vec<String> {
        ["--game", "seashells", "--players", "2", "--bots", "random"]
            .iter()
            .map(|s| s.to_string())
            .chain(["--record".to_string(), rec.display().to_string()])
            .collect()
    };
    let first = dir.path().join("a.jsonl");
    let a = args(&first);
    let a: Vec<&str> = a.iter().map(String::as_str).collect();
    let o = play(&a, &ALWAYS_FIRST.repeat(200));
    assert!(o.status.success(), "{}", stderr(&o));
    let text = stdout(&o);
    assert!(text.contains("Game over."), "{text}");
    assert!(!before_end(&text).contains("seed"), "{text}");
    let line = text
        .lines()
        .find(|l| l.starts_with("seed "))
        .unwrap_or_else(|| panic!("no seed line in {text}"));
    let seed = line
        .strip_prefix("seed ")
        .and_then(|l| l.split_once(' '))
        .unwrap()
        .0
        .to_string();
    assert_eq!(
        line,
        format!("seed {seed} (the same game again: --seed {seed})")
    );
    let record = read_record(&first);
    assert_eq!(record["seed"], read_seed_of(&seed));
    // The same seed, the same game.
    let again = dir.path().join("b.jsonl");
    let b = args(&again);
    let mut b: Vec<&str> = b.iter().map(String::as_str).collect();
    b.extend(["--seed", &seed]);
    let o = play(&b, &ALWAYS_FIRST.repeat(200));
    assert!(o.status.success(), "{}", stderr(&o));
    assert_eq!(read_record(&again), record);
    // A game stopped before its end does not print it.
    let o = play(&a, "#1\nquit\n");
    let text = stdout(&o);
    assert!(
        text.contains("Game stopped before its end (you quit)"),
        "{text}"
    );
    assert!(!text.contains("seed"), "{text}");
}

/// The game seed a record holds for a run seed (game 0 of a tournament).
fn read_seed_of(run_seed: &str) -> Value {
    let seed: u64 = run_seed.parse().unwrap();
    serde_json::json!(beachcomber::rng::deal_seed(seed, 0))
}
