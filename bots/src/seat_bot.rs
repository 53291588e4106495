//! The one bot factory of the games people play, at the terminal
//! (`beachcomber play`) and on the web (`beachcomber serve`):
//! [`crate::CompiledBots::seat_bot`] (this module's [`seat_bot`], compiled in this
//! crate for each game). A search bot (`ismcts`, `oracle`, `pimc`, `expert`
//! with one tree) is kept as a search, [`SeatBot::Search`], so its root
//! statistics explain its move; any other is boxed by the caller's builder
//! (the compiled bot, or an engine's from its pool) with the words that
//! explain its moves. Both front ends play [`SeatBot::bot_mut`], the same
//! bot for the same spec.

use beachcomber::bot::Bot;
use beachcomber::game::Evaluate;

use crate::mcts::RootStat;
use crate::{BotConfig, MctsBot, Mode, Reward};

/// A search bot whose last search explains its move: an [`MctsBot`] seen
/// through what a front end reads of it.
pub trait SearchBot<G: Evaluate>: Bot<G> {
    /// Its mode (`ismcts`, `oracle`, `pimc`).
    fn mode(&self) -> Mode;
    /// The root statistics of its last search ([`MctsBot::root_stats`]).
    fn root_stats(&self) -> &[RootStat<G::Action>];
}

impl<G: Evaluate> SearchBot<G> for MctsBot<G> {
    fn mode(&self) -> Mode {
        MctsBot::mode(self)
    }

    fn root_stats(&self) -> &[RootStat<G::Action>] {
        MctsBot::root_stats(self)
    }
}

/// The bot of one seat of a played game.
pub enum SeatBot<G: Evaluate> {
    /// A search, with the reward its statistics are in.
    Search(Box<dyn SearchBot<G>>, Reward),
    /// Any other bot, with the words that explain its moves.
    Other(Box<dyn Bot<G>>, &'static str),
}

impl<G: Evaluate> SeatBot<G> {
    /// The bot, to decide with.
    pub fn bot_mut(&mut self) -> &mut dyn Bot<G> {
        match self {
            SeatBot::Search(bot, _) => &mut **bot,
            SeatBot::Other(bot, _) => &mut **bot,
        }
    }
}

/// The words explaining the moves of `config`'s bot when it is not a
/// search kept as one.
fn other_words(config: &BotConfig) -> &'static str {
    match config {
        BotConfig::Random(_) => "random: any legal move",
        BotConfig::Greedy(_) => "greedy: the best position after one move by the game's evaluation",
        BotConfig::Learned(_) => {
            "learned: the best position after one move by the learned evaluation"
        }
        BotConfig::Expert(_) => "expert: several search trees merged at the root",
        BotConfig::Engine(_) => "an external engine",
        BotConfig::Ismcts(_) | BotConfig::Oracle(_) | BotConfig::Pimc(_) => "search",
    }
}

/// The bot of `config` in a game of `players`: a search kept as one, any
/// other bot from `boxed` (called only for those). The generic body of
/// [`crate::CompiledBots::seat_bot`]; call that, compiled in this crate.
pub fn seat_bot<G: Evaluate>(
    config: &BotConfig,
    players: usize,
    boxed: &dyn Fn(&BotConfig) -> Box<dyn Bot<G>>,
) -> SeatBot<G> {
    let search: MctsBot<G> = match config {
        BotConfig::Ismcts(c) => c.bot(),
        BotConfig::Oracle(c) => c.bot(),
        BotConfig::Pimc(c) => c.bot(),
        BotConfig::Expert(e) if e.trees <= 1 => e.bot(),
        other => return SeatBot::Other(boxed(other), other_words(other)),
    };
    let reward = search.params().reward_for(players);
    SeatBot::Search(Box::new(search), reward)
}

#[cfg(test)]
mod tests {
    use beachcomber::Game;
    use beachcomber::games::AnyGame;
    use beachcomber::games::seashells::Seashells;
    use beachcomber::seating::Table;

    use super::SeatBot;
    use crate::{BotConfig, CompiledBots, GameSession, PersonLineup};

    /// Where a test game's bot comes from.
    #[derive(Clone, Copy, Debug)]
    enum Path {
        /// The terminal's: the factory, one bot per seat for the game.
        Terminal,
        /// The web's: the factory, a fresh bot for each decision.
        Web,
        /// Before the one factory: the generic `BotConfig::build`, kept.
        Build,
    }

    /// The moves of a seeded 2-player Seashells game: the person in seat 0
    /// plays each time the first legal action, `spec` the other seat.
    fn moves(spec: &str, path: Path) -> Vec<String> {
        let AnyGame::Seashells(game) = AnyGame::from_spec("seashells", 2).unwrap() else {
            unreachable!("seashells is Seashells")
        };
        let config = BotConfig::parse(spec).unwrap();
        let lineup =
            PersonLineup::seat(vec![config.clone()], Table::with_person(2, 0).unwrap()).unwrap();
        let mut session = GameSession::new(game, lineup, 11);
        let players = session.game().players();
        let make = || Seashells::seat_bot(&config, players, &Seashells::compiled_bot);
        let mut kept = make();
        let mut built = config.build::<Seashells>();
        let mut played = Vec::new();
        while !session.over() {
            let action = if session.persons_turn() {
                let action = session.game().legal_actions(session.state())[0];
                session.play_action(action).unwrap();
                action
            } else {
                let mut fresh = make();
                let bot = match path {
                    Path::Terminal => kept.bot_mut(),
                    Path::Web => fresh.bot_mut(),
                    Path::Build => &mut *built,
                };
                session.bot_turn(bot).unwrap().unwrap()
            };
            played.push(action.to_string());
        }
        played
    }

    /// The same spec plays the same moves at the terminal and on the web
    /// (and as before the one factory), and searches are kept as searches
    /// (their statistics explain moves).
    #[test]
    fn terminal_and_web_paths_play_the_same_moves() {
        for (spec, search) in [
            ("random", false),
            ("greedy(worlds=2)", false),
            ("ismcts(iterations=30)", true),
            ("oracle(iterations=30)", true),
            ("pimc(iterations=30,worlds=3)", true),
            ("expert(iterations=30)", true),
            ("expert(iterations=30,trees=2)", false),
        ] {
            let terminal = moves(spec, Path::Terminal);
            assert_eq!(terminal, moves(spec, Path::Web), "{spec}");
            assert_eq!(terminal, moves(spec, Path::Build), "{spec}");
            let config = BotConfig::parse(spec).unwrap();
            let bot = Seashells::seat_bot(&config, 2, &Seashells::compiled_bot);
            assert_eq!(matches!(bot, SeatBot::Search(..)), search, "{spec}");
        }
        let ismcts = [
            "7", "2", "0", "24", "8", "11", "3", "1", "4", "60", "12", "9", "10", "14", "6", "38",
            "22", "21", "5", "37", "13", "61", "29", "25", "17", "20", "16", "18", "19", "35",
            "27", "59", "43", "41", "33", "34+b", "32", "36", "28", "26", "31", "15", "39", "23",
            "63", "47", "46", "30", "54", "48", "49+b", "53", "45", "40", "42", "58", "50", "51",
            "52", "44",
        ];
        assert_eq!(moves("ismcts(iterations=30)", Path::Web), ismcts);
    }

    /// An engine is boxed by the caller's builder, with its words.
    #[test]
    fn other_bots_come_from_the_callers_builder() {
        let config = BotConfig::parse("engine(name=x)").unwrap();
        let calls = std::cell::Cell::new(0);
        let bot = Seashells::seat_bot(&config, 2, &|c| {
            calls.set(calls.get() + 1);
            Seashells::compiled_bot(c)
        });
        assert!(matches!(bot, SeatBot::Other(_, "an external engine")));
        assert_eq!(calls.get(), 1);
        let search = BotConfig::parse("ismcts").unwrap();
        let _ = Seashells::seat_bot(&search, 2, &|c| {
            calls.set(calls.get() + 1);
            Seashells::compiled_bot(c)
        });
        assert_eq!(calls.get(), 1, "a search is not the builder's");
    }
}
