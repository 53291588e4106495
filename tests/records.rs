//! The record envelope (docs/records.md): format version, seed, bots, end,
//! unknown fields. Each game's own part (options, setup, events) is tested
//! in that game's test file.

use beachcomber::Game;
use beachcomber::games::record_line::parse_line;
use beachcomber::games::seashells::Seashells;
use beachcomber::games::{AnyGame, GameKind};
use beachcomber::record::{
    FORMAT_UNDOS, FORMAT_VERSION, GameEnd, GameRecord, build_record, verify_record,
    verify_record_events,
};
use beachcomber::rng::rng_from_seed;
use serde_json::{Value, json};

const SEED: u64 = 77;

fn game() -> Seashells {
    match AnyGame::from_spec("seashells", 3).unwrap() {
        AnyGame::Seashells(g) => g,
        _ => unreachable!(),
    }
}

/// A random 3-player Seashells game dealt from `SEED`, stopped after
/// `stop` actions (all of them when `None`).
fn record(stop: Option<usize>) -> GameRecord {
    let g = game();
    let mut rng = rng_from_seed(SEED);
    let initial = g.new_game(&mut rng);
    let mut state = initial;
    let mut actions = Vec::new();
    while g.to_move(&state).is_some() && stop.is_none_or(|n| actions.len() < n) {
        let a = g.random_action(&state, &mut rng);
        g.play_unchecked(&mut state, a);
        actions.push(a);
    }
    let bots = vec!["random".to_string(); 3];
    build_record(&g, Some(SEED), &bots, &initial, &actions)
}

/// Serialize, edit the JSON, parse and verify: the error text, or `Ok`.
fn check_edited(rec: &GameRecord, edit: impl FnOnce(&mut Value)) -> Result<(), String> {
    let mut value = serde_json::to_value(rec).unwrap();
    edit(&mut value);
    let parsed: GameRecord = serde_json::from_value(value).map_err(|e| e.to_string())?;
    let game = AnyGame::from_record(&parsed).map_err(|e| e.to_string())?;
    match game {
        AnyGame::Seashells(g) => verify_record(&g, &parsed)
            .map(|_| ())
            .map_err(|e| e.to_string()),
        _ => Err("not seashells".into()),
    }
}

fn refused(rec: &GameRecord, edit: impl FnOnce(&mut Value), expected: &str) {
    let err = check_edited(rec, edit).expect_err("the forged record was accepted");
    assert!(err.contains(expected), "error `{err}` lacks `{expected}`");
}

#[test]
fn a_written_record_is_valid_and_starts_with_its_format() {
    let rec = record(None);
    let line = serde_json::to_string(&rec).unwrap();
    assert!(
        line.starts_with("{\"format\":1,\"game\":\"seashells\""),
        "{line}"
    );
    assert!(!line.contains("\"end\""), "a finished game writes no `end`");
    assert_eq!(check_edited(&rec, |_| {}), Ok(()));
    // `format` may be absent (version 1), `end` may say "finished", the
    // seed may be null (a deal this program did not make).
    assert_eq!(
        check_edited(&rec, |v| {
            v.as_object_mut().unwrap().remove("format");
        }),
        Ok(())
    );
    assert_eq!(check_edited(&rec, |v| v["end"] = json!("finished")), Ok(()));
    assert_eq!(check_edited(&rec, |v| v["seed"] = Value::Null), Ok(()));
}

#[test]
fn forged_envelopes_are_refused() {
    let rec = record(None);
    refused(
        &rec,
        |v| v["seed"] = json!(SEED + 1),
        "does not deal the recorded setup",
    );
    refused(
        &rec,
        |v| {
            v.as_object_mut().unwrap().remove("seed");
        },
        "missing field `seed`",
    );
    refused(&rec, |v| v["seed"] = json!("77"), "invalid type");
    refused(&rec, |v| v["cheat"] = json!(true), "unknown field `cheat`");
    refused(&rec, |v| v["format"] = json!(99), "version 99");
    refused(
        &rec,
        |v| v["bots"] = json!(["random", "random"]),
        "2 bot specs for 3 players",
    );
    refused(&rec, |v| v["bots"][1] = json!("gre(edy"), "seat 1");
    refused(
        &rec,
        |v| v["players"] = json!(4),
        "3 bot specs for 4 players",
    );
    refused(&rec, |v| v["players"] = json!(9), "2 to 5 players");
    refused(
        &rec,
        |v| v["game"] = json!("pebbles"),
        "unknown game `pebbles`",
    );
    refused(
        &rec,
        |v| v["end"] = json!("unfinished"),
        "is over after its events",
    );
    refused(&rec, |v| v["end"] = json!({"forfeit": 7}), "bad `end`");
    refused(&rec, |v| v["end"] = json!("later"), "bad `end`");
    refused(
        &rec,
        |v| v["result"]["coins"][0] = json!(999),
        "recorded result",
    );
}

#[test]
fn unfinished_games_are_recorded_as_such() {
    let rec = record(Some(10));
    assert_eq!(rec.end, GameEnd::Unfinished);
    assert_eq!(rec.result, Value::Null);
    let line = serde_json::to_string(&rec).unwrap();
    assert!(
        line.ends_with(",\"result\":null,\"end\":\"unfinished\"}"),
        "{line}"
    );
    assert_eq!(check_edited(&rec, |_| {}), Ok(()));
    assert_eq!(
        check_edited(&rec, |v| v["end"] = json!({"forfeit": 1})),
        Ok(())
    );
    refused(
        &rec,
        |v| v["end"] = json!({"forfeit": 3}),
        "forfeit by seat 3",
    );
    refused(
        &rec,
        |v| v["end"] = json!("finished"),
        "events end before the game does",
    );
    refused(&rec, |v| v["result"] = json!({"coins": []}), "must be null");
}

#[test]
fn canonical_specs_round_trip() {
    for (spec, players) in [
        ("seashells", 2),
        (" seashells ( scoring = advanced,\n mode=stroll ) ", 4),
        ("seaside(removed=12)", 3),
        ("shell-dash", 1),
        ("shell-dash(max_turns=50,deck=Sand:10,Shell:5)", 2),
    ] {
        let game = AnyGame::from_spec(spec, players).unwrap();
        let canonical = game.canonical_spec();
        assert!(!canonical.contains(char::is_whitespace), "{canonical}");
        let again = AnyGame::from_spec(&canonical, players).unwrap();
        assert_eq!(again.canonical_spec(), canonical, "{spec}");
    }
    assert_eq!(
        game().canonical_spec(),
        "seashells(mode=board,scoring=simple,bottles=spend)"
    );
    assert_eq!(Seashells::NAME, "seashells");
}

/// Only the seat to move can forfeit (a bot forfeits by failing to answer
/// its own decision): a forfeit by any other seat is refused.
#[test]
fn a_forfeit_is_by_the_seat_to_move() {
    let rec = record(Some(10));
    let g = game();
    let replay = verify_record(&g, &rec).unwrap();
    let to_move = g.to_move(&replay.final_state).unwrap();
    assert_eq!(
        check_edited(&rec, |v| v["end"] = json!({"forfeit": to_move})),
        Ok(())
    );
    for seat in (0..3).filter(|&s| s != to_move) {
        let err = check_edited(&rec, |v| v["end"] = json!({"forfeit": seat})).unwrap_err();
        assert_eq!(
            err,
            format!(
                "field `end`: forfeit by seat {seat}, but seat {to_move} is to move (only the \
                 seat to move can forfeit)"
            )
        );
    }
}

/// `text` with `insert` put right after the first occurrence of `after`.
fn inserted(text: &str, after: &str, insert: &str) -> String {
    let at = text.find(after).expect("anchor in the record") + after.len();
    format!("{}{insert}{}", &text[..at], &text[at..])
}

/// The records of `duplicate_keys_are_refused_at_every_level`: a key given
/// twice in options, setup, an event, the result, a hand of cards; and the
/// key.
fn with_duplicate_keys() -> Vec<(String, &'static str)> {
    let rec = record(None);
    let line = serde_json::to_string(&rec).unwrap();
    let first_event = serde_json::to_string(&rec.events[0]).unwrap();
    let seat = &first_event[..first_event.find(',').unwrap()]; // {"seat":0
    vec![
        (
            inserted(&line, "\"options\":{", "\"mode\":\"board\","),
            "mode",
        ),
        (inserted(&line, "\"setup\":{", "\"bucket\":0,"), "bucket"),
        (
            inserted(
                &line,
                &format!("\"events\":[{seat}"),
                &seat.replace('{', ","),
            ),
            "seat",
        ),
        (inserted(&line, "\"result\":{", "\"coins\":[],"), "coins"),
        (inserted(&line, "\"cards\":[{", "\"shapes\":[],"), "shapes"),
    ]
}

/// A key given twice is refused at every level of a record, naming the key
/// (before, only the top level was checked: the last value silently won).
#[test]
fn duplicate_keys_are_refused_at_every_level() {
    for (forged, key) in with_duplicate_keys() {
        let err = serde_json::from_str::<GameRecord>(&forged)
            .map(|_| ())
            .unwrap_err()
            .to_string();
        assert!(
            err.starts_with(&format!("duplicate key `{key}`")),
            "{key}: {err}"
        );
        assert!(!err.contains('\n'), "{err}");
    }
    // The top level too (serde's own check).
    let line = serde_json::to_string(&record(None)).unwrap();
    let forged = inserted(&line, "{", "\"players\":3,");
    let err = serde_json::from_str::<GameRecord>(&forged).unwrap_err();
    assert!(
        err.to_string().starts_with("duplicate field `players`"),
        "{err}"
    );
}

/// The same through the bounded reader of `replay` (`games::record_line`).
#[test]
fn duplicate_keys_are_refused_by_the_bounded_reader() {
    for (forged, key) in with_duplicate_keys() {
        let err = beachcomber::games::record_line::parse_line(forged.as_bytes())
            .and_then(|line| match line.game {
                AnyGame::Seashells(g) => {
                    beachcomber::record::verify_record_events(&g, &line.record, &line.events)
                        .map(|_| ())
                }
                _ => unreachable!(),
            })
            .unwrap_err()
            .to_string();
        assert!(
            err.contains(&format!("duplicate key `{key}`")),
            "{key}: {err}"
        );
        assert!(!err.contains('\n'), "{err}");
    }
}

/// Records are canonical: bot specs in the syntax the writer writes, the
/// options exactly as written (an option at its default is not written).
#[test]
fn non_canonical_specs_and_options_are_refused() {
    let rec = record(None);
    for (bot, canonical) in [
        (" random", "random"),
        ("random()", "random"),
        ("random ", "random"),
    ] {
        refused(
            &rec,
            |v| v["bots"][1] = json!(bot),
            &format!(
                "field `bots`: seat 1: `{bot}` is not written canonically (records hold `{canonical}`)"
            ),
        );
    }
    refused(
        &rec,
        |v| v["options"]["bottles"] = json!("spend"),
        "field `options`: not written canonically: a record of this game holds {\"mode\":\"board\",\"scoring\":\"simple\"}",
    );
    // `human` and engines stay allowed in any seat.
    assert_eq!(
        check_edited(&rec, |v| v["bots"][0] = json!("human")),
        Ok(())
    );
    assert_eq!(
        check_edited(&rec, |v| v["bots"][2] = json!("engine(name=mine)")),
        Ok(())
    );
}

/// Strings of a record quoted in an error are escaped with
/// `spec::one_line` (control characters, `\n` and U+0085 included), so the
/// error stays one line whatever the record holds.
#[test]
fn record_strings_in_errors_are_escaped_on_one_line() {
    let rec = record(None);
    const BAD: &str = "a\nb\u{85}c";
    let escaped = beachcomber::spec::one_line(BAD);
    assert_eq!(escaped, "a\\nb\\u{85}c");
    type Edit = Box<dyn Fn(&mut Value)>;
    let edits: [(&str, Edit); 5] = [
        ("game", Box::new(|v| v["game"] = json!(BAD))),
        (
            "options key",
            Box::new(|v| v["options"][BAD] = json!("board")),
        ),
        ("setup key", Box::new(|v| v["setup"][BAD] = json!(1))),
        ("event key", Box::new(|v| v["events"][0][BAD] = json!(1))),
        ("bot", Box::new(|v| v["bots"][0] = json!(BAD))),
    ];
    for (what, edit) in edits {
        let err = check_edited(&rec, edit).unwrap_err();
        assert!(err.contains(&escaped), "{what}: {err}");
        assert!(!err.chars().any(char::is_control), "{what}: {err:?}");
    }
}

/// The bound on a record's events (`RecordFormat::max_events`, enforced
/// while a line is read) holds for played games: random games of every
/// game and player count stay within it.
#[test]
fn played_games_stay_within_the_event_bound() {
    use beachcomber::record::RecordFormat;
    fn most<G: RecordFormat>(g: &G, games: u64) -> (usize, usize) {
        let mut most = 0;
        for seed in 0..games {
            let mut rng = rng_from_seed(seed);
            let initial = g.new_game(&mut rng);
            let mut state = initial.clone();
            let mut actions = Vec::new();
            while g.to_move(&state).is_some() {
                let a = g.random_action(&state, &mut rng);
                g.play_unchecked(&mut state, a);
                actions.push(a);
            }
            let rec = build_record(
                g,
                Some(seed),
                &vec!["random".into(); g.players()],
                &initial,
                &actions,
            );
            most = most.max(rec.events.len());
        }
        (most, g.max_events())
    }
    for (spec, players) in [
        ("seashells", 2),
        ("seashells", 5),
        ("seashells(mode=stroll)", 2),
        ("seashells(mode=stroll)", 4),
        ("seaside", 1),
        ("seaside", 5),
        ("seaside(removed=0)", 2),
        ("shell-dash", 1),
        ("shell-dash", 2),
        (
            "shell-dash(deck=Sand:3,Wave:100,Sun:100,Jellyfish:20,Flip-Flop:30,Shell:3,max_turns=300)",
            2,
        ),
    ] {
        let (most, bound) = match AnyGame::from_spec(spec, players).unwrap() {
            AnyGame::Seashells(g) => most(&g, 200),
            AnyGame::Seaside(g) => most(&g, 200),
            AnyGame::ShellDash(g) => most(&g, 200),
        };
        assert!(
            most <= bound,
            "{spec} with {players}: {most} events, bound {bound}"
        );
    }
}

#[test]
fn undos_are_counted_in_format_2_and_undo_free_records_keep_their_bytes() {
    assert_eq!((FORMAT_VERSION, FORMAT_UNDOS), (2, 2));
    let rec = record(None);
    let plain = serde_json::to_string(&rec).unwrap();
    // No undos: version 1 and no `undos`, the bytes of before.
    assert_eq!(
        serde_json::to_string(&rec.clone().with_undos(0)).unwrap(),
        plain
    );
    assert!(!plain.contains("undos"));
    // Undos: format 2 and `"undos": N` last.
    let undone = rec.clone().with_undos(3);
    let line = serde_json::to_string(&undone).unwrap();
    assert!(line.starts_with("{\"format\":2,"), "{line}");
    assert!(line.ends_with(",\"undos\":3}"), "{line}");
    assert_eq!(
        line.replacen("{\"format\":2,", "{\"format\":1,", 1)
            .replace(",\"undos\":3}", "}"),
        plain
    );
    assert_eq!(check_edited(&undone, |_| {}), Ok(()));
    // Both readers: the strict one and the bounded one of `replay`.
    let parsed: GameRecord = serde_json::from_str(&line).unwrap();
    assert_eq!(parsed.undos, 3);
    let read = parse_line(line.as_bytes()).unwrap();
    assert_eq!(read.record.undos, 3);
    let AnyGame::Seashells(g) = read.game else {
        unreachable!()
    };
    verify_record_events(&g, &read.record, &read.events).unwrap();
    // `undos` needs format 2; a wrong value is refused by both readers.
    refused(
        &undone,
        |v| v["format"] = json!(1),
        "field `undos`: needs format 2",
    );
    refused(
        &undone,
        |v| {
            v.as_object_mut().unwrap().remove("format");
        },
        "field `undos`: needs format 2 or later (the record says format 1)",
    );
    refused(&undone, |v| v["undos"] = json!(-1), "invalid value");
    refused(&undone, |v| v["undos"] = json!("3"), "invalid type");
    let v1 = line.replacen("{\"format\":2,", "{\"format\":1,", 1);
    let read = parse_line(v1.as_bytes()).unwrap();
    let AnyGame::Seashells(g) = read.game else {
        unreachable!()
    };
    let e = verify_record_events(&g, &read.record, &read.events).unwrap_err();
    assert_eq!(
        e.to_string(),
        "field `undos`: needs format 2 or later (the record says format 1)"
    );
    assert!(parse_line(line.replace("\"undos\":3", "\"undos\":3.5").as_bytes()).is_err());
    // Format 2 without undos is read too (a newer writer may write it).
    assert_eq!(check_edited(&rec, |v| v["format"] = json!(2)), Ok(()));
    refused(
        &rec,
        |v| v["format"] = json!(3),
        "version 3 is not one this program reads (1 to 2)",
    );
}
