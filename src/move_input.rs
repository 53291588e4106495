//! The one rule for reading a person's typed move, shared by the terminal's
//! `play` and the web app (docs/play.md, "The prompt").
//!
//! The legal actions are listed in order, numbered from 1. A person types:
//!
//! - an action's **listed text** (its `Display`, as records write it: `15`,
//!   `15+b`, `s3`, `play:Beach`, `flip1`), or another **name** of it
//!   ([`Describe::action_names`]: Seashells' board name `h2`, `h2+b`);
//!   letters' case does not matter;
//! - a **list number** written `#N` (`#7`), in every game;
//! - a bare number `N` as the list number `#N` only in a game where no
//!   action is ever written as a number ([`MoveChoices::numbers_are_actions`]
//!   is false: Seaside, Shell Dash, Seashells' stroll mode). Where actions
//!   are numbers (Seashells on the board, where `15` is square 15, `h2`), a
//!   bare number is always an action's text and never a list number, so it
//!   can never play something else than what it says.
//!
//! An error ([`InputError`]) suggests only inputs that play what they say.

use std::collections::HashSet;
use std::fmt;

use crate::display::Describe;

/// Longest part of a person's input quoted in an error.
const QUOTE_MAX: usize = 40;

/// A legal action as offered to the person.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Listed {
    /// The action's text (its `Display`): `15`, `play:Beach`.
    pub text: String,
    /// Other names that play it (Seashells: `h2` for `15`).
    pub names: Vec<String>,
}

/// What a person may type at one decision: the listed legal actions and
/// what the game's other actions are called.
#[derive(Clone, Debug)]
pub struct MoveChoices {
    /// The legal actions in list order: list number `#k` is `listed[k - 1]`.
    pub listed: Vec<Listed>,
    /// Whether some action of the game (legal now or not) is written as a
    /// bare number: then a bare number is never read as a list number.
    pub numbers_are_actions: bool,
    /// The texts and names of every action of the game, lowercased (to tell
    /// "not legal now" from "unknown").
    known: HashSet<String>,
}

impl MoveChoices {
    /// The choices of the seat to move in `state` of `game`.
    pub fn new<G: Describe>(game: &G, state: &G::State) -> MoveChoices {
        let listed = game
            .legal_actions(state)
            .iter()
            .map(|&a| Listed {
                text: a.to_string(),
                names: game.action_names(a),
            })
            .collect();
        let universe: Vec<Listed> = game
            .all_actions()
            .into_iter()
            .map(|a| Listed {
                text: a.to_string(),
                names: game.action_names(a),
            })
            .collect();
        MoveChoices::from_parts(listed, &universe)
    }

    /// The choices from the `listed` legal actions and every action of the
    /// game (`universe`, legal or not).
    pub fn from_parts(listed: Vec<Listed>, universe: &[Listed]) -> MoveChoices {
        let all_names = || {
            universe
                .iter()
                .chain(&listed)
                .flat_map(|l| std::iter::once(&l.text).chain(&l.names))
        };
        let numbers_are_actions = all_names().any(|t| is_number(t));
        let known = all_names().map(|t| t.to_ascii_lowercase()).collect();
        MoveChoices {
            listed,
            numbers_are_actions,
            known,
        }
    }

    /// The list index (from 0) of the action `text` plays: see
    /// [`parse_move_input`].
    pub fn parse(&self, text: &str) -> Result<usize, InputError> {
        parse_move_input(text, self)
    }

    /// How list numbers are typed here: `` `#1` to `#14` `` or
    /// `` `1` to `3` ``.
    pub fn numbers_text(&self) -> String {
        let n = self.listed.len();
        let p = if self.numbers_are_actions { "#" } else { "" };
        match n {
            0 => "no list number".to_string(),
            1 => format!("`{p}1`"),
            _ => format!("`{p}1` to `{p}{n}`"),
        }
    }

    /// One listed action as it may be typed (its text, and its first other
    /// name): `` `15` or `h2` ``.
    pub fn example(&self) -> String {
        match self.listed.first() {
            None => "none".to_string(),
            Some(l) => match l.names.first() {
                Some(name) => format!("`{}` or `{name}`", l.text),
                None => format!("`{}`", l.text),
            },
        }
    }

    fn suggestion(&self) -> Suggestion {
        Suggestion {
            count: self.listed.len(),
            example: self.example(),
            numbers: self.numbers_text(),
        }
    }
}

/// What an input error suggests instead (only inputs that play what they
/// say: a listed action, list numbers as they are read here).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Suggestion {
    /// How many actions are listed.
    pub count: usize,
    /// A listed action as it may be typed.
    pub example: String,
    /// The list numbers as they may be typed.
    pub numbers: String,
}

impl fmt::Display for Suggestion {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "type one of the {} listed actions as written (e.g. {}) or its list number ({})",
            self.count, self.example, self.numbers
        )
    }
}

/// Why an input plays no action.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum InputError {
    /// Nothing was typed.
    Empty(Suggestion),
    /// A list number outside the list.
    NoListNumber {
        /// The number typed.
        number: String,
        /// What to type instead.
        suggest: Suggestion,
    },
    /// An action of the game that is not legal now.
    NotLegal {
        /// The input (made one line, shortened).
        input: String,
        /// What to type instead.
        suggest: Suggestion,
    },
    /// Neither an action of the game nor a list number.
    Unknown {
        /// The input (made one line, shortened).
        input: String,
        /// What to type instead.
        suggest: Suggestion,
    },
}

impl fmt::Display for InputError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            InputError::Empty(s) => write!(f, "empty input: {s}"),
            InputError::NoListNumber { number, suggest } => {
                write!(f, "no list number {number}: {suggest}")
            }
            InputError::NotLegal { input, suggest } => {
                write!(f, "`{input}` is not legal now: {suggest}")
            }
            InputError::Unknown { input, suggest } => {
                write!(f, "no action `{input}`: {suggest}")
            }
        }
    }
}

impl std::error::Error for InputError {}

/// The list index (from 0) of the action a person's `text` plays among
/// `choices` (the rule in the module docs), or why it plays none.
pub fn parse_move_input(text: &str, choices: &MoveChoices) -> Result<usize, InputError> {
    let text = text.trim();
    let suggest = choices.suggestion();
    if text.is_empty() {
        return Err(InputError::Empty(suggest));
    }
    let n = choices.listed.len();
    let list_number = |digits: &str, shown: String| -> Result<usize, InputError> {
        match digits.parse::<usize>() {
            Ok(k) if (1..=n).contains(&k) => Ok(k - 1),
            _ => Err(InputError::NoListNumber {
                number: shown,
                suggest: choices.suggestion(),
            }),
        }
    };
    if let Some(digits) = text.strip_prefix('#') {
        let digits = digits.trim();
        if is_number(digits) {
            return list_number(digits, format!("#{digits}"));
        }
    }
    let same = |t: &String| t.eq_ignore_ascii_case(text);
    if let Some(i) = choices
        .listed
        .iter()
        .position(|l| same(&l.text) || l.names.iter().any(same))
    {
        return Ok(i);
    }
    if is_number(text) && !choices.numbers_are_actions {
        return list_number(text, text.to_string());
    }
    let input = quote(text);
    if choices.known.contains(&text.to_ascii_lowercase()) {
        Err(InputError::NotLegal { input, suggest })
    } else {
        Err(InputError::Unknown { input, suggest })
    }
}

/// Whether `t` is a bare number (ASCII digits only).
fn is_number(t: &str) -> bool {
    !t.is_empty() && t.bytes().all(|b| b.is_ascii_digit())
}

/// `text` made one line and at most [`QUOTE_MAX`] characters.
fn quote(text: &str) -> String {
    let line = crate::spec::one_line(text);
    if line.chars().count() > QUOTE_MAX {
        let cut: String = line.chars().take(QUOTE_MAX).collect();
        format!("{cut}...")
    } else {
        line
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::AnyGame;
    use crate::rng::{deal_seed, rng_from_seed};

    /// The choices at the first decision of `spec` dealt from run seed 5
    /// (as `play --seed 5`), with the listed texts.
    fn first_decision(spec: &str, players: usize) -> (MoveChoices, Vec<String>) {
        fn of<G: Describe>(g: &G) -> MoveChoices {
            let state = g.new_game(&mut rng_from_seed(deal_seed(5, 0)));
            MoveChoices::new(g, &state)
        }
        let choices = match AnyGame::from_spec(spec, players).unwrap() {
            AnyGame::Seashells(g) => of(&g),
            AnyGame::Seaside(g) => of(&g),
            AnyGame::ShellDash(g) => of(&g),
        };
        let texts = choices.listed.iter().map(|l| l.text.clone()).collect();
        (choices, texts)
    }

    #[test]
    fn seashells_numbers_are_squares_and_list_numbers_need_a_hash() {
        // The first decision of `play --game seashells --players 2 --seed 5`.
        let (c, texts) = first_decision("seashells", 2);
        assert!(c.numbers_are_actions);
        assert_eq!(
            texts,
            [
                "7", "15", "23", "31", "39", "40", "41", "42", "43", "44", "45", "46", "55", "63"
            ]
        );
        assert_eq!(c.listed[1].names, ["h2"]);
        // `7` is square 7 (h1, listed first), never list item 7 (b6).
        assert_eq!(c.parse("7"), Ok(0));
        // `15` is h2's listed text, `h2` its board name: both play it.
        assert_eq!(c.parse("15"), Ok(1));
        assert_eq!(c.parse("h2"), Ok(1));
        assert_eq!(c.parse("H2"), Ok(1));
        assert_eq!(c.parse("h5"), Ok(4));
        assert_eq!(c.parse("b6"), Ok(6));
        // List item 7 (b6) is `#7`.
        assert_eq!(c.parse("#7"), Ok(6));
        assert_eq!(c.parse(" # 7 "), Ok(6));
        // A square not in the list is refused, by number or by name.
        let e = c.parse("a1").unwrap_err();
        assert_eq!(
            e.to_string(),
            "`a1` is not legal now: type one of the 14 listed actions as written \
             (e.g. `7` or `h1`) or its list number (`#1` to `#14`)"
        );
        assert!(matches!(c.parse("0"), Err(InputError::NotLegal { .. })));
        assert!(matches!(c.parse("3"), Err(InputError::NotLegal { .. })));
        assert!(matches!(c.parse("15+b"), Err(InputError::NotLegal { .. })));
        assert!(matches!(c.parse("h2+b"), Err(InputError::NotLegal { .. })));
        assert!(matches!(
            c.parse("#15"),
            Err(InputError::NoListNumber { .. })
        ));
        assert!(matches!(
            c.parse("#0"),
            Err(InputError::NoListNumber { .. })
        ));
        // 64 is no square: unknown, not a list number.
        assert!(matches!(c.parse("64"), Err(InputError::Unknown { .. })));
        assert!(matches!(c.parse("i9"), Err(InputError::Unknown { .. })));
        assert!(matches!(c.parse("  "), Err(InputError::Empty(_))));
    }

    #[test]
    fn seashells_stroll_reads_bare_numbers_as_list_numbers() {
        let (c, texts) = first_decision("seashells(mode=stroll)", 2);
        assert!(!c.numbers_are_actions);
        assert_eq!(texts, ["s1", "s2", "s3", "s4"]);
        assert_eq!(c.parse("s3"), Ok(2));
        assert_eq!(c.parse("3"), Ok(2));
        assert_eq!(c.parse("#3"), Ok(2));
        assert!(matches!(c.parse("5"), Err(InputError::NoListNumber { .. })));
        assert!(matches!(c.parse("s3+b"), Err(InputError::NotLegal { .. })));
        assert_eq!(
            c.parse("0").unwrap_err().to_string(),
            "no list number 0: type one of the 4 listed actions as written (e.g. `s1`) \
             or its list number (`1` to `4`)"
        );
    }

    #[test]
    fn seaside_texts_and_list_numbers() {
        let (c, texts) = first_decision("seaside", 2);
        assert!(!c.numbers_are_actions);
        assert_eq!(texts.len(), 2, "{texts:?}");
        assert!(texts[0].starts_with("play:"), "{texts:?}");
        assert_eq!(c.parse(&texts[1]), Ok(1));
        assert_eq!(c.parse(&texts[1].to_uppercase()), Ok(1));
        assert_eq!(c.parse("2"), Ok(1));
        assert_eq!(c.parse("#1"), Ok(0));
        assert!(matches!(c.parse("3"), Err(InputError::NoListNumber { .. })));
        assert!(matches!(
            c.parse("steal:none"),
            Err(InputError::NotLegal { .. })
        ));
        assert!(matches!(c.parse("play"), Err(InputError::Unknown { .. })));
    }

    #[test]
    fn shell_dash_texts_and_list_numbers() {
        let (c, texts) = first_decision("shell-dash", 2);
        assert!(!c.numbers_are_actions);
        assert_eq!(texts, ["flip0", "flip1", "flip2"]);
        assert_eq!(c.parse("flip1"), Ok(1));
        assert_eq!(c.parse("2"), Ok(1));
        assert_eq!(c.parse("#3"), Ok(2));
        assert!(matches!(c.parse("spend"), Err(InputError::NotLegal { .. })));
        let e = c.parse("foo\x1b[2J\nbar").unwrap_err();
        assert_eq!(
            e.to_string(),
            "no action `foo\\u{1b}[2J\\nbar`: type one of the 3 listed actions as written \
             (e.g. `flip0`) or its list number (`1` to `3`)"
        );
        let long = c.parse(&"x".repeat(1000)).unwrap_err().to_string();
        assert!(long.len() < 200, "{long}");
    }

    #[test]
    fn a_listed_number_text_wins_over_a_list_number_by_hand() {
        // Hand-built: actions written as numbers, listed in another order.
        let listed = |t: &str| Listed {
            text: t.to_string(),
            names: Vec::new(),
        };
        let universe: Vec<Listed> = (0..10).map(|k| listed(&k.to_string())).collect();
        let c = MoveChoices::from_parts(vec![listed("5"), listed("1"), listed("2")], &universe);
        assert!(c.numbers_are_actions);
        assert_eq!(c.parse("1"), Ok(1));
        assert_eq!(c.parse("#1"), Ok(0));
        assert!(matches!(c.parse("3"), Err(InputError::NotLegal { .. })));
        assert_eq!(c.numbers_text(), "`#1` to `#3`");
    }
}
