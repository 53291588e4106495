//! Bot specs as users write them: `--bots` and an experiment file's
//! `bots =` give specs separated by top-level commas
//! (`ismcts(iterations=2000,c=0.7),greedy`). This is the one parser of
//! lineups: [`Lineup::parse`] reads one lineup for every seat of a game
//! (`tournament`), [`PersonLineup::parse_with`] one for the seats around a
//! person (`play`, `serve`), [`parse_list`] a list of any length (leagues,
//! sweeps, `bench`), and [`BotSet`] keeps each distinct bot once (by its
//! canonical spec), in the order first given. Every command parses bot
//! specs through these.
//!
//! Seats are assigned by the one rule of [`beachcomber::seating`]: one spec
//! for every seat to fill, or one per seat in seat order. Two orders of the
//! checks are kept, so that every refused input keeps its message: for a
//! table of bots the count is checked before any spec is looked at; around
//! a person every spec is parsed (and may be checked by the caller) first,
//! then the count.
//!
//! The `_with` forms ([`Lineup::parse_with`], [`parse_list_with`],
//! [`parse_bot_with`]) also take [`Aliases`]: names the caller gives bots
//! outside the registry (the CLI's declared external engines, `--engine
//! py=... --bots py`), resolved while parsing, so that no spec is written
//! back into text to be parsed again.

use std::fmt;

use beachcomber::game::Seat;
use beachcomber::seating::{SeatCountError, Table, fill_every_seat};
use beachcomber::spec::{SpecError, split_top_level};

use crate::{BotConfig, HUMAN};

/// Why bot specs were refused. The messages name no command-line option:
/// the caller says where the text came from (`--bots: ...`,
/// `FILE line 3: bots: ...`).
#[derive(Clone, Debug, PartialEq)]
pub enum LineupError {
    /// The text does not split into specs (unbalanced parentheses).
    Split(SpecError),
    /// A spec is not a valid bot.
    Bot(SpecError),
    /// Neither one spec per seat nor one for every seat.
    Count(SeatCountError),
    /// A lineup around a person for a table without one.
    NoPerson,
}

impl fmt::Display for LineupError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            LineupError::Split(e) | LineupError::Bot(e) => e.fmt(f),
            LineupError::Count(e) => e.fmt(f),
            LineupError::NoPerson => write!(f, "the table has no person's seat"),
        }
    }
}

impl std::error::Error for LineupError {}

/// Names for bots outside the registry. An alias never shadows a registry
/// bot: a spec named like one (`random`, `greedy(worlds=2)`,
/// `engine(name=py)`) is never looked up. A closure is the aliases of no
/// listed name.
pub trait Aliases {
    /// Given a trimmed spec (`py`), the bot it stands for, or `None` when
    /// it is no alias.
    fn resolve(&self, spec: &str) -> Option<BotConfig>;

    /// The alias names, listed (after the registry's bots) and suggested
    /// when a bot name is unknown.
    fn names(&self) -> Vec<String> {
        Vec::new()
    }
}

impl<F: Fn(&str) -> Option<BotConfig>> Aliases for F {
    fn resolve(&self, spec: &str) -> Option<BotConfig> {
        self(spec)
    }
}

/// The [`Aliases`] of no name (what the forms without `_with` use).
pub fn no_aliases(_spec: &str) -> Option<BotConfig> {
    None
}

/// One spec parsed: the bot `aliases` gives its trimmed text, unless it
/// names a registry bot; otherwise [`BotConfig::parse`] (whose error, for
/// a name neither an alias nor a bot, lists the registry's bots and then
/// the aliases, and suggests the nearest of them).
pub fn parse_bot_with(text: &str, aliases: &dyn Aliases) -> Result<BotConfig, SpecError> {
    let spec = text.trim();
    let name = spec.split('(').next().unwrap_or(spec).trim();
    if !BotConfig::is_registered(name)
        && let Some(config) = aliases.resolve(spec)
    {
        return Ok(config);
    }
    BotConfig::parse(text).map_err(|e| match e {
        SpecError::UnknownName {
            kind,
            name,
            mut allowed,
        } => {
            allowed.extend(aliases.names());
            SpecError::UnknownName {
                kind,
                name,
                allowed,
            }
        }
        other => other,
    })
}

/// Each spec of `text` (separated by top-level commas), parsed: a list of
/// any length (at least one).
pub fn parse_list(text: &str) -> Result<Vec<BotConfig>, LineupError> {
    parse_list_with(text, &no_aliases)
}

/// [`parse_list`], each spec resolved through `aliases` first
/// ([`parse_bot_with`]).
pub fn parse_list_with(text: &str, aliases: &dyn Aliases) -> Result<Vec<BotConfig>, LineupError> {
    split_top_level(text)
        .map_err(LineupError::Split)?
        .into_iter()
        .map(|part| parse_bot_with(part, aliases).map_err(LineupError::Bot))
        .collect()
}

/// The bot of each seat of a game.
#[derive(Clone, Debug, PartialEq)]
pub struct Lineup {
    seats: Vec<BotConfig>,
}

impl Lineup {
    /// Parse `text` for `players` seats: one spec per seat, or one spec for
    /// every seat. The count is checked before the specs.
    pub fn parse(text: &str, players: usize) -> Result<Lineup, LineupError> {
        Lineup::parse_with(text, players, &no_aliases)
    }

    /// [`Lineup::parse`], each spec resolved through `aliases` first
    /// ([`parse_bot_with`]); the count is still checked before any spec.
    pub fn parse_with(
        text: &str,
        players: usize,
        aliases: &dyn Aliases,
    ) -> Result<Lineup, LineupError> {
        let parts = split_top_level(text).map_err(LineupError::Split)?;
        let parts = fill_every_seat(&parts, players).map_err(LineupError::Count)?;
        let seats = parts
            .into_iter()
            .map(|p| parse_bot_with(p, aliases).map_err(LineupError::Bot))
            .collect::<Result<_, _>>()?;
        Ok(Lineup { seats })
    }

    /// Each seat's bot.
    pub fn seats(&self) -> &[BotConfig] {
        &self.seats
    }

    /// Each seat's canonical spec (defaults filled in, spaces removed): what
    /// outputs carry, so a spec copied from one reproduces the bot exactly.
    pub fn specs(&self) -> Vec<String> {
        self.seats.iter().map(BotConfig::to_string).collect()
    }

    /// The distinct bots of the lineup, in seat order.
    pub fn bots(&self) -> BotSet {
        let mut set = BotSet::default();
        for config in &self.seats {
            set.insert(config.clone());
        }
        set
    }
}

/// The bot of each seat around a person: `None` in the person's seat.
#[derive(Clone, Debug, PartialEq)]
pub struct PersonLineup {
    person: Seat,
    seats: Vec<Option<BotConfig>>,
}

impl PersonLineup {
    /// Parse `text` for the bot seats of `table` (one spec for every bot
    /// seat, or one per bot seat in seat order), `aliases` resolved. Every
    /// spec is parsed before the count is checked, even when no seat needs
    /// a bot (a solo game).
    pub fn parse_with(
        text: &str,
        table: Table,
        aliases: &dyn Aliases,
    ) -> Result<PersonLineup, LineupError> {
        PersonLineup::seat(parse_list_with(text, aliases)?, table)
    }

    /// Seat bots already parsed (and checked by the caller) around the
    /// person of `table`.
    pub fn seat(given: Vec<BotConfig>, table: Table) -> Result<PersonLineup, LineupError> {
        let person = table.person().ok_or(LineupError::NoPerson)?;
        let seats = table.seat(&given).map_err(LineupError::Count)?;
        Ok(PersonLineup { person, seats })
    }

    /// The person's seat.
    pub fn person(&self) -> Seat {
        self.person
    }

    /// Each seat's bot (`None` for the person's seat).
    pub fn seats(&self) -> &[Option<BotConfig>] {
        &self.seats
    }

    /// Each seat's canonical spec, [`HUMAN`] for the person's: the `bots`
    /// of the game's record.
    pub fn specs(&self) -> Vec<String> {
        self.seats
            .iter()
            .map(|c| c.as_ref().map_or(HUMAN.to_string(), BotConfig::to_string))
            .collect()
    }
}

/// Distinct bots, each once by its canonical spec, in the order first
/// given.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct BotSet {
    bots: Vec<(String, BotConfig)>,
}

impl BotSet {
    /// Add `config` unless a bot of the same canonical spec is there;
    /// return its canonical spec.
    pub fn insert(&mut self, config: BotConfig) -> String {
        let name = config.to_string();
        if !self.contains(&name) {
            self.bots.push((name.clone(), config));
        }
        name
    }

    /// Add every bot of `other` not already here.
    pub fn extend(&mut self, other: &BotSet) {
        for (_, config) in &other.bots {
            self.insert(config.clone());
        }
    }

    /// Whether a bot of canonical spec `name` is here.
    pub fn contains(&self, name: &str) -> bool {
        self.bots.iter().any(|(n, _)| n == name)
    }

    /// The configuration of the bot of canonical spec `name`.
    pub fn get(&self, name: &str) -> Option<&BotConfig> {
        self.bots.iter().find(|(n, _)| n == name).map(|(_, c)| c)
    }

    /// The bots as `(canonical spec, configuration)`, in order.
    pub fn iter(&self) -> impl Iterator<Item = (&str, &BotConfig)> {
        self.bots.iter().map(|(n, c)| (n.as_str(), c))
    }

    /// The configurations, in order.
    pub fn configs(&self) -> impl Iterator<Item = &BotConfig> {
        self.bots.iter().map(|(_, c)| c)
    }

    /// The canonical specs, in order.
    pub fn names(&self) -> Vec<String> {
        self.bots.iter().map(|(n, _)| n.clone()).collect()
    }

    /// How many distinct bots.
    pub fn len(&self) -> usize {
        self.bots.len()
    }

    /// Whether there is none.
    pub fn is_empty(&self) -> bool {
        self.bots.is_empty()
    }

    /// The note to show before playing when a bot sees hidden information
    /// (its results are an upper bound, not a fair opponent's); `None`
    /// when every bot is fair.
    pub fn cheating_note(&self) -> Option<String> {
        let cheats: Vec<String> = self
            .configs()
            .filter(|c| c.is_cheating())
            .map(|c| format!("`{}`", c.name()))
            .fold(Vec::new(), |mut names, n| {
                if !names.contains(&n) {
                    names.push(n);
                }
                names
            });
        (!cheats.is_empty()).then(|| {
            format!(
                "note: {} sees hidden information (cheats): an upper bound, not a fair opponent",
                cheats.join(", ")
            )
        })
    }
}

impl From<BotSet> for Vec<(String, BotConfig)> {
    fn from(set: BotSet) -> Self {
        set.bots
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn one_spec_fills_every_seat_and_counts_are_checked_first() {
        let lineup = Lineup::parse("ismcts(iterations=5 )", 3).unwrap();
        assert_eq!(lineup.seats().len(), 3);
        assert_eq!(
            lineup.specs(),
            vec!["ismcts(iterations=5,c=0.7,rollout=random,reward=auto)"; 3]
        );
        let lineup = Lineup::parse("greedy, random", 2).unwrap();
        assert_eq!(lineup.specs(), ["greedy(worlds=8)", "random"]);
        // The count is refused before a bad spec is looked at.
        assert_eq!(
            Lineup::parse("nosuch,random,random", 2)
                .unwrap_err()
                .to_string(),
            "3 specs for 2 players (give one spec per seat, or one for every seat)"
        );
        assert_eq!(
            Lineup::parse("random,nosuch", 2).unwrap_err().to_string(),
            "unknown bot `nosuch` (known: random, greedy, pimc, ismcts, expert, learned, oracle)"
        );
        assert!(matches!(
            Lineup::parse("ismcts(iterations=5", 2),
            Err(LineupError::Split(_))
        ));
    }

    #[test]
    fn a_set_keeps_each_canonical_spec_once_in_order() {
        let lineup = Lineup::parse("greedy,random,greedy(worlds=8),oracle", 4).unwrap();
        let set = lineup.bots();
        assert_eq!(
            set.names(),
            [
                "greedy(worlds=8)",
                "random",
                "oracle(iterations=2000,c=0.7,rollout=random,reward=auto)"
            ]
        );
        assert_eq!(
            set.cheating_note().unwrap(),
            "note: `oracle` sees hidden information (cheats): an upper bound, not a fair opponent"
        );
        assert_eq!(
            Lineup::parse("random", 2).unwrap().bots().cheating_note(),
            None
        );
        assert_eq!(parse_list("random, greedy ,pimc").unwrap().len(), 3);
    }

    #[test]
    fn around_a_person_every_spec_is_parsed_before_the_count() {
        let table = Table::with_person(3, 1).unwrap();
        let lineup = PersonLineup::parse_with("greedy, random", table, &no_aliases).unwrap();
        assert_eq!(lineup.person(), 1);
        assert_eq!(lineup.specs(), ["greedy(worlds=8)", "human", "random"]);
        assert_eq!(lineup.seats()[1], None);
        assert_eq!(
            PersonLineup::parse_with("random", table, &no_aliases)
                .unwrap()
                .specs(),
            ["random", "human", "random"]
        );
        // A bad spec is named before a wrong count (a table of bots checks
        // the count first).
        assert_eq!(
            PersonLineup::parse_with("nosuch,random,random", table, &no_aliases)
                .unwrap_err()
                .to_string(),
            "unknown bot `nosuch` (known: random, greedy, pimc, ismcts, expert, learned, oracle)"
        );
        assert_eq!(
            PersonLineup::parse_with("random,random,random", table, &no_aliases)
                .unwrap_err()
                .to_string(),
            "3 specs for 2 bot seat(s) (give one spec per bot seat in seat order, or one for \
             every bot)"
        );
        // Solo: one spec, checked, seats no bot.
        let solo = Table::with_person(1, 0).unwrap();
        assert_eq!(
            PersonLineup::parse_with("greedy", solo, &no_aliases)
                .unwrap()
                .specs(),
            ["human"]
        );
        assert!(PersonLineup::parse_with("clever", solo, &no_aliases).is_err());
        assert_eq!(
            PersonLineup::seat(Vec::new(), Table::every_seat(2)),
            Err(LineupError::NoPerson)
        );
    }

    /// `py` stands for the engine `py`, as the CLI declares one.
    fn engine_py(spec: &str) -> Option<BotConfig> {
        (spec == "py").then(|| {
            BotConfig::Engine(crate::EngineConfig {
                name: "py".to_string(),
            })
        })
    }

    #[test]
    fn aliases_resolve_trimmed_specs_while_parsing() {
        let lineup = Lineup::parse_with(" py , greedy(worlds=2)", 2, &engine_py).unwrap();
        assert_eq!(lineup.specs(), ["engine(name=py)", "greedy(worlds=2)"]);
        // The canonical spec and the alias give the same bot.
        assert_eq!(
            parse_list_with("py,engine(name=py)", &engine_py).unwrap(),
            vec![lineup.seats()[0].clone(); 2]
        );
        assert_eq!(
            Lineup::parse_with("py", 3, &engine_py).unwrap().specs(),
            vec!["engine(name=py)"; 3]
        );
        assert_eq!(
            parse_bot_with(" py", &engine_py).unwrap().to_string(),
            "engine(name=py)"
        );
        // Without the alias, the name is an unknown bot, as before.
        assert_eq!(
            Lineup::parse("py,random", 2).unwrap_err().to_string(),
            "unknown bot `py` (known: random, greedy, pimc, ismcts, expert, learned, oracle)"
        );
        // An unknown name that is no alias is still refused the same way.
        assert_eq!(
            parse_list_with("py,nosuch", &engine_py)
                .unwrap_err()
                .to_string(),
            "unknown bot `nosuch` (known: random, greedy, pimc, ismcts, expert, learned, oracle)"
        );
        assert!(matches!(
            parse_list_with("py,greedy(", &engine_py),
            Err(LineupError::Split(_))
        ));
    }

    /// The aliases `mine` and `py`, listed.
    struct Listed;

    impl Aliases for Listed {
        fn resolve(&self, spec: &str) -> Option<BotConfig> {
            ["mine", "py"].contains(&spec).then(|| {
                BotConfig::Engine(crate::EngineConfig {
                    name: spec.to_string(),
                })
            })
        }

        fn names(&self) -> Vec<String> {
            vec!["mine".to_string(), "py".to_string()]
        }
    }

    #[test]
    fn an_unknown_bot_lists_and_suggests_the_aliases_too() {
        assert_eq!(
            parse_bot_with("mnie", &Listed).unwrap_err().to_string(),
            "unknown bot `mnie` (known: random, greedy, pimc, ismcts, expert, learned, oracle, mine, \
             py); did you mean `mine`?"
        );
        assert_eq!(
            parse_list_with("mine,gredy(worlds=2)", &Listed)
                .unwrap_err()
                .to_string(),
            "unknown bot `gredy` (known: random, greedy, pimc, ismcts, expert, learned, oracle, mine, \
             py); did you mean `greedy`?"
        );
        assert_eq!(
            parse_bot_with("nosuch", &Listed).unwrap_err().to_string(),
            "unknown bot `nosuch` (known: random, greedy, pimc, ismcts, expert, learned, oracle, mine, py)"
        );
        // A closure lists no name.
        assert_eq!(
            parse_bot_with("mnie", &engine_py).unwrap_err().to_string(),
            "unknown bot `mnie` (known: random, greedy, pimc, ismcts, expert, learned, oracle)"
        );
    }

    #[test]
    fn an_alias_never_shadows_a_registry_bot() {
        let everything = |_: &str| Some(BotConfig::Random(crate::random::RandomConfig));
        let lineup = Lineup::parse_with(
            "greedy, greedy(worlds=2), engine(name=x), oracle",
            4,
            &everything,
        )
        .unwrap();
        assert_eq!(
            lineup.specs(),
            [
                "greedy(worlds=8)",
                "greedy(worlds=2)",
                "engine(name=x)",
                "oracle(iterations=2000,c=0.7,rollout=random,reward=auto)"
            ]
        );
        // A registry bot's bad spec keeps its own error.
        assert!(
            parse_bot_with("greedy(worlds=x)", &everything).is_err(),
            "an alias answered for a registry bot"
        );
        // Anything else is the alias's.
        assert_eq!(
            parse_bot_with("nosuch", &everything).unwrap().to_string(),
            "random"
        );
    }

    #[test]
    fn with_aliases_the_count_is_still_checked_first() {
        let asked = std::cell::Cell::new(0);
        let counting = |spec: &str| {
            asked.set(asked.get() + 1);
            engine_py(spec)
        };
        assert_eq!(
            Lineup::parse_with("py,py,py", 2, &counting)
                .unwrap_err()
                .to_string(),
            "3 specs for 2 players (give one spec per seat, or one for every seat)"
        );
        assert_eq!(asked.get(), 0, "an alias was looked up before the count");
        assert_eq!(
            Lineup::parse_with("py,nosuch", 2, &counting)
                .unwrap_err()
                .to_string(),
            "unknown bot `nosuch` (known: random, greedy, pimc, ismcts, expert, learned, oracle)"
        );
    }
}
