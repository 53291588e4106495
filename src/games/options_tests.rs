use super::*;
use crate::games::{AnyGame, GAMES, GameKind};

/// A game's page in `docs/`: its spec name with `_` for `-`.
fn doc_page(game: &str) -> String {
    format!("docs/{}.md", game.replace('-', "_"))
}

/// The options table of a doc: the lines from [`MARKDOWN_HEADER`] to the
/// first line that is not a table row.
fn table_in(doc: &str) -> Option<String> {
    let start = doc.find(&format!("\n{MARKDOWN_HEADER}\n"))? + 1;
    let mut table = String::new();
    for line in doc[start..].lines() {
        if !line.starts_with('|') {
            break;
        }
        table.push_str(line);
        table.push('\n');
    }
    Some(table)
}

#[test]
fn the_docs_options_tables_are_the_games_tables() {
    let root = env!("CARGO_MANIFEST_DIR");
    let mut wrong = Vec::new();
    for game in GAMES {
        let page = doc_page(game.name);
        let doc = std::fs::read_to_string(format!("{root}/{page}")).unwrap();
        let generated = markdown_table(game.options);
        if table_in(&doc).as_deref() != Some(generated.as_str()) {
            wrong.push(format!(
                "{page}'s options table is missing or is not {}'s option table: \
                 paste this one (generated from the game's `OPTIONS`):\n\n{generated}",
                game.name
            ));
        }
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

#[test]
fn help_lists_are_todays_texts() {
    let help: Vec<String> = GAMES.iter().map(|g| g.to_string()).collect();
    assert_eq!(
        help,
        [
            "seashells (2-5 players; options: mode=board|stroll, scoring=simple|advanced, \
             bottles=spend|plain (plain: not the rules) [variant], compensation=SEAT:N,... \
             (coins, N 0 to 10) [variant], start_bottles=SEAT:N,... (N 0 to 4, needs \
             bottles=spend) [variant])",
            "seaside (1-5 players; options: removed=rulebook|0..=69 (default: rulebook, drawn \
             per game from the rulebook's range), tokens=[FACE_A/FACE_B:COUNT;...]|PATH \
             (default: the 70-token set; a PATH is read by the command line only), \
             compensation=SEAT:N,... [variant], start_tokens=SEAT:N,... [variant])",
            "shell-dash (1-2 players; options: deck=KIND:N,... (default \
             Sand:16,Wave:10,Flip-Flop:6,Jellyfish:8,Sun:6,Shell:14; at least 3 Shells), \
             max_turns=N (1 to 10000, default 200), reshuffle=choice|empty (default choice), deal=plain|coupled (default plain), \
             compensation=SEAT:N,... (0 to 2 per seat, e.g. 1:1; 2 players) [variant], \
             start_flipflops=SEAT:N,... (0 to 6 per seat, e.g. 1:1; 2 players) [variant])",
        ]
    );
}

#[test]
fn a_markdown_table_escapes_bars_and_states_each_kind() {
    const TABLE: &[GameOption] = &[
        GameOption {
            name: "side",
            kind: OptionKind::Choice {
                words: &["left", "right"],
                default: 1,
            },
            about: "which side",
            help_note: None,
            variant: false,
        },
        GameOption {
            name: "n",
            kind: OptionKind::Integer {
                min: 2,
                max: 9,
                default: 4,
            },
            about: "how many",
            help_note: Some("2 to 9"),
            variant: false,
        },
        GameOption {
            name: "cut",
            kind: OptionKind::IntegerOrWord {
                min: 0,
                max: 5,
                word: "auto",
            },
            about: "where",
            help_note: None,
            variant: false,
        },
        GameOption {
            name: "list",
            kind: OptionKind::Text {
                syntax: "A|B",
                default: "empty",
            },
            about: "what",
            help_note: None,
            variant: false,
        },
        GameOption {
            name: "from",
            kind: OptionKind::Label { syntax: "P@H" },
            about: "whence",
            help_note: None,
            variant: false,
        },
    ];
    assert_eq!(
        markdown_table(TABLE),
        "| option | values | default | meaning |\n\
         | --- | --- | --- | --- |\n\
         | `side` | `left` \\| `right` | `right` | which side |\n\
         | `n` | 2 to 9 | 4 | how many |\n\
         | `cut` | 0 to 5, or `auto` | `auto` | where |\n\
         | `list` | `A\\|B` | empty | what |\n\
         | `from` | `P@H` | none | whence |\n"
    );
    assert_eq!(
        help_list(TABLE),
        "side=left|right, n=N (2 to 9), cut=auto|0..=5, list=A|B"
    );
}

#[test]
fn unknown_keys_list_the_table_in_order_and_values_are_checked_when_read() {
    let spec: Spec = "seaside(colour=red)".parse().unwrap();
    assert_eq!(
        SpecOptions::read(&spec, crate::games::seaside::Seaside::OPTIONS)
            .unwrap_err()
            .to_string(),
        "unknown option `colour` for `seaside` (allowed: removed, tokens, tokens_file, \
         compensation, start_tokens)"
    );
    let spec: Spec = "seaside(removed=70)".parse().unwrap();
    let options = SpecOptions::read(&spec, &crate::games::seaside::OPTIONS).unwrap();
    assert_eq!(
        options
            .integer_or_word(&crate::games::seaside::REMOVED)
            .unwrap_err()
            .to_string(),
        "bad value `70` for `seaside` option `removed`: expected an integer from 0 to 69 or \
         `rulebook`"
    );
    let spec: Spec = "shell-dash(max_turns=0)".parse().unwrap();
    let options = SpecOptions::read(&spec, &crate::games::shell_dash::OPTIONS).unwrap();
    assert_eq!(
        options
            .integer(&crate::games::shell_dash::MAX_TURNS_OPTION)
            .unwrap_err()
            .to_string(),
        "bad value `0` for `shell-dash` option `max_turns`: expected an integer from 1 to 10000"
    );
}

#[test]
fn canonical_specs_write_the_table_in_order() {
    let cases = [
        (
            "seashells(bottles=plain, mode=stroll)",
            3,
            "seashells(mode=stroll,scoring=simple,bottles=plain)",
        ),
        ("seaside", 2, "seaside(removed=rulebook)"),
        (
            "seaside(tokens=[Beach/Wave:20;Rock/Shell:10],removed=4)",
            2,
            "seaside(removed=4,tokens=[Beach/Wave:20;Rock/Shell:10])",
        ),
        (
            "shell-dash(reshuffle=empty)",
            1,
            "shell-dash(deck=Sand:16,Wave:10,Flip-Flop:6,Jellyfish:8,Sun:6,Shell:14,\
             max_turns=200,reshuffle=empty)",
        ),
    ];
    for (spec, players, canonical) in cases {
        let game = AnyGame::from_spec(spec, players).unwrap();
        assert_eq!(game.canonical_spec(), canonical, "{spec}");
    }
}

/// A lever of two seats: `SEAT:N` items, read per seat.
const LEVER: GameOption = GameOption {
    name: "bonus",
    kind: OptionKind::SeatList { min: 0, max: 6 },
    about: "points per seat",
    help_note: None,
    variant: true,
};

#[test]
fn a_seat_list_reads_each_seat_and_refuses_what_is_not_one() {
    let read = |text: &str, players: usize| {
        let spec: Spec = text.parse().unwrap();
        let options = SpecOptions::read(&spec, &[LEVER]).unwrap();
        options
            .seat_list::<4>(&LEVER, players)
            .map_err(|e| e.to_string())
    };
    assert_eq!(read("g", 2), Ok([0, 0, 0, 0]));
    assert_eq!(read("g(bonus=1:2)", 2), Ok([0, 2, 0, 0]));
    assert_eq!(read("g(bonus=2:6,0:1)", 3), Ok([1, 0, 6, 0]));
    let refused = "bad value `2:1` for `g` option `bonus`: expected SEAT:N,... with each SEAT \
                   from 0 to 1 once and each N from 0 to 6 (e.g. `bonus=1:2`)";
    assert_eq!(read("g(bonus=2:1)", 2), Err(refused.to_string()));
    for bad in ["1:7", "1:2,1:3", "1", "x:1", "1:-1", "1:"] {
        assert!(read(&format!("g(bonus={bad})"), 2).is_err(), "{bad}");
    }
    // More players than the game's array holds: seats stop at N.
    assert!(read("g(bonus=4:1)", 5).is_err());
}

#[test]
fn a_seat_lists_canonical_text_leaves_zeros_out() {
    assert_eq!(seat_list_text(&[0, 0]), None);
    assert_eq!(seat_list_text(&[0, 2]).as_deref(), Some("1:2"));
    assert_eq!(seat_list_text(&[3, 0, 1]).as_deref(), Some("0:3,2:1"));
}

#[test]
fn variants_are_marked_in_help_and_docs_and_named_from_a_spec() {
    assert_eq!(help_list(&[LEVER]), "bonus=SEAT:N,... [variant]");
    assert_eq!(
        markdown_table(&[LEVER]).lines().nth(2),
        Some(
            "| `bonus` | `SEAT:N,...`, each N from 0 to 6 | 0 for every seat | [variant] points \
             per seat |"
        )
    );
    let spec: Spec = "seashells(mode=stroll,bottles=plain)".parse().unwrap();
    assert_eq!(
        variants_of(&spec, &crate::games::seashells::OPTIONS),
        ["bottles=plain"]
    );
    let spec: Spec = "seashells(mode=stroll,bottles=spend)".parse().unwrap();
    assert!(variants_of(&spec, &crate::games::seashells::OPTIONS).is_empty());
    let spec: Spec = "g(bonus=1:0)".parse().unwrap();
    assert!(variants_of(&spec, &[LEVER]).is_empty());
    let spec: Spec = "g(bonus=1:2)".parse().unwrap();
    assert_eq!(variants_of(&spec, &[LEVER]), ["bonus=1:2"]);
}
