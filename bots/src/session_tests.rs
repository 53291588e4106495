use std::sync::atomic::AtomicBool;

use beachcomber::bot::Bot;
use beachcomber::rng::deal_seed;
use beachcomber::runner::{WantRecord, play_game_checked};
use beachcomber::seating::Table;
use beachcomber::testing::toy::{Pebbles, Take};
use beachcomber::{Game, GameRng};

use super::*;
use crate::{BotConfig, RandomBot};

/// A bot that plays the given actions in order.
struct Scripted(Vec<u8>);

impl Bot<Pebbles> for Scripted {
    fn choose(&mut self, _: &Pebbles, _: &<Pebbles as Game>::State, _: &mut GameRng) -> Take {
        Take(self.0.remove(0))
    }
}

/// Two players of pebbles (7 pebbles, take 1 or 2): the person in `person`,
/// `bot` in the other seat.
fn session(person: Seat, bot: &str, run_seed: u64) -> GameSession<Pebbles> {
    let table = Table::with_person(2, person).unwrap();
    let lineup = PersonLineup::seat(vec![BotConfig::parse(bot).unwrap()], table).unwrap();
    GameSession::new(Pebbles { players: 2 }, lineup, run_seed)
}

#[test]
fn undo_goes_back_over_the_bots_to_the_last_choice_and_never_past_the_end() {
    let mut s = session(1, "random", 3);
    let mut bot = Scripted(vec![2, 2, 2]);
    assert_eq!(s.undo(), Err(UndoError::Nothing));
    assert!(!s.can_undo());
    // Bot takes 2 (5 left), the person 2 (3 left), the bot 2 (1 left).
    assert_eq!(s.bot_turn(&mut bot).unwrap(), Some(Take(2)));
    assert_eq!(s.bot_turn(&mut bot).unwrap(), None, "the person is to move");
    assert_eq!(s.forced_move(), None, "a choice of two");
    assert_eq!(s.play("take2").unwrap(), Take(2));
    assert_eq!(s.bot_turn(&mut bot).unwrap(), Some(Take(2)));
    // One pebble left: the person's only move, which would end the game.
    assert_eq!(s.forced_move(), Some(Take(1)));
    assert!(s.can_undo());
    // Back to the person's choice at ply 1 (move 2), the bot's move taken
    // back too.
    assert_eq!(s.undo(), Ok(Undone { moves: 2, ply: 1 }));
    assert_eq!(s.ply(), 1);
    assert_eq!(s.state().pile, 5);
    assert!(s.persons_turn());
    assert_eq!(s.undos(), 1);
    // The one real decision before it was undone too: nothing left.
    assert_eq!(s.undo(), Err(UndoError::Nothing));
    assert_eq!(s.ply(), 1, "a refused undo changes nothing");
    // Played to the end (the last take shows the cards): undo is refused,
    // however often it is asked.
    s.play("take2").unwrap();
    s.bot_turn(&mut bot).unwrap();
    s.play_action(Take(1)).unwrap();
    assert!(s.over());
    let end = s.record_line();
    for _ in 0..30 {
        assert!(!s.can_undo());
        assert_eq!(s.undo(), Err(UndoError::Over));
    }
    assert_eq!(s.record_line(), end);
    assert_eq!(
        UndoError::Over.to_string(),
        "the game is over: undo would replay a deal you have seen"
    );
}

#[test]
fn moves_out_of_turn_illegal_or_unknown_are_refused_and_change_nothing() {
    let mut s = session(1, "random", 3);
    assert_eq!(s.play("take1"), Err(PlayError::NotYourTurn));
    assert_eq!(s.play_action(Take(1)), Err(PlayError::NotYourTurn));
    s.bot_turn(&mut Scripted(vec![2])).unwrap();
    let unknown = s.play("take7").unwrap_err();
    assert!(matches!(
        unknown,
        PlayError::Input(InputError::Unknown { .. })
    ));
    assert_eq!(
        unknown.to_string(),
        "no action `take7`: type one of the 2 listed actions as written (e.g. `take1`) or \
         its list number (`1` to `2`)"
    );
    assert_eq!(
        s.play("#3").unwrap_err().to_string(),
        "no list number #3: type one of the 2 listed actions as written (e.g. `take1`) or \
         its list number (`1` to `2`)"
    );
    assert_eq!(s.ply(), 1);
    // A list number and an action's text.
    assert_eq!(s.play("#2").unwrap(), Take(2));
    s.bot_turn(&mut Scripted(vec![2])).unwrap();
    assert_eq!(s.state().pile, 1);
    assert_eq!(
        s.play_action(Take(2)).unwrap_err().to_string(),
        "`take2` is not legal now"
    );
    s.play("take1").unwrap();
    assert_eq!(s.play("take1"), Err(PlayError::Over));
    assert_eq!(s.play("take1").unwrap_err().to_string(), "the game is over");
}

#[test]
fn a_hint_is_for_the_persons_turn_and_numbers_the_listed_actions() {
    let mut s = session(1, "random", 3);
    assert_eq!(s.hint(50, 3).unwrap_err(), NotYourTurnForHint);
    assert_eq!(NotYourTurnForHint.to_string(), "a hint is for your turn");
    s.bot_turn(&mut Scripted(vec![1])).unwrap();
    let hint = s.hint(200, 3).unwrap();
    assert_eq!(hint.iterations, 200);
    assert_eq!(hint.lines.len(), 2, "both legal actions searched");
    let mut numbers: Vec<(Take, usize)> = hint.lines.iter().map(|l| (l.action, l.number)).collect();
    numbers.sort();
    assert_eq!(numbers, [(Take(1), 1), (Take(2), 2)]);
    let shares: f64 = hint.lines.iter().map(|l| l.share).sum();
    assert!((shares - 1.0).abs() < 1e-9, "{shares}");
    // Its own stream: the same hint again, and no bot's decision moved.
    assert_eq!(s.hint(200, 3).unwrap(), hint);
    assert_eq!(s.hint(200, 1).unwrap().lines.len(), 1);
}

#[test]
fn the_record_is_a_tournaments_record_line_for_the_same_moves() {
    let game = Pebbles { players: 2 };
    let run_seed = 11;
    // A tournament's game 0: greedy in seat 0, random in seat 1.
    let specs = ["greedy(worlds=8)".to_string(), "random".to_string()];
    let mut bots: Vec<Box<dyn Bot<Pebbles>>> = specs
        .iter()
        .map(|s| BotConfig::parse(s).unwrap().build())
        .collect();
    let never = AtomicBool::new(false);
    let report = play_game_checked(
        &game,
        &mut bots,
        &specs,
        0,
        deal_seed(run_seed, 0),
        WantRecord::Line,
        &never,
    )
    .unwrap();
    let tournament = String::from_utf8(report.record_line.unwrap()).unwrap();
    // The same game with the person in seat 1 playing random's moves.
    let mut s = session(1, "greedy", run_seed);
    let mut greedy = BotConfig::parse("greedy").unwrap().build::<Pebbles>();
    while !s.over() {
        if s.bot_turn(&mut *greedy).unwrap().is_none() {
            let action = RandomBot.choose(&game, s.state(), &mut s.decision_rng());
            s.play_action(action).unwrap();
        }
    }
    assert_eq!(s.ply() as u32, report.plies);
    assert_eq!(
        format!("{}\n", s.record_line()),
        tournament.replace(r#""random""#, r#""human""#)
    );
    assert!(
        s.record_line()
            .contains(r#""bots":["greedy(worlds=8)","human"]"#)
    );
}

#[test]
fn an_unfinished_record_says_so_and_the_verdict_waits_for_the_end() {
    let mut s = session(0, "random", 5);
    assert_eq!(s.verdict(), None);
    s.play("take2").unwrap();
    assert!(
        s.record_line().contains(r#""end":"unfinished""#),
        "{}",
        s.record_line()
    );
    let mut bot = Scripted(vec![2, 2]);
    s.bot_turn(&mut bot).unwrap();
    s.play("take2").unwrap();
    // 1 left: the bot takes the last pebble (+2).
    s.bot_turn(&mut Scripted(vec![1])).unwrap();
    assert!(s.over());
    assert!(!s.record_line().contains("unfinished"));
    let outcome = s.game().outcome(s.state());
    let want = if outcome.winners.contains(0) {
        if outcome.winners.len() > 1 {
            Verdict::SharedWin
        } else {
            Verdict::Won
        }
    } else {
        Verdict::Lost(vec![1])
    };
    assert_eq!(s.verdict(), Some(want));
    assert_eq!(
        s.moves()
            .map(|m| (m.before.pile, m.action.0, m.after.pile))
            .collect::<Vec<_>>(),
        [(7, 2, 5), (5, 2, 3), (3, 2, 1), (1, 1, 0)]
    );
}
