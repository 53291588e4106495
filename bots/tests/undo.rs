//! The undo rule of a person's game (`GameSession::undo`, bots/src/session.rs)
//! in each game: back to the person's last real decision unless a move it
//! takes back showed the person something hidden (`Game::reveals`), and
//! never once the game is over (docs/play.md, "Undo").

use beachcomber::display::Describe;
use beachcomber::game::{Evaluate, Game, Seat};
use beachcomber::games::seashells::Seashells;
use beachcomber::games::seaside::{Action, Face, Phase as SeasidePhase, Seaside};
use beachcomber::games::shell_dash::{Phase, ShellDash, ShellDashAction};
use beachcomber::record::{RecordFormat, verify_record};
use beachcomber::seating::Table;
use beachcomber::spec::Spec;
use beachcomber_bots::session::{UndoError, Undone};
use beachcomber_bots::{BotConfig, GameSession, PersonLineup, RandomBot};

fn spec(text: &str) -> Spec {
    text.parse().unwrap()
}

/// A game of `game` from run seed `seed`, the person in `person`, random
/// bots elsewhere.
fn session<G: Describe + Evaluate + RecordFormat>(
    game: G,
    person: Seat,
    seed: u64,
) -> GameSession<G> {
    let table = Table::with_person(game.players(), person).unwrap();
    let bots = vec![BotConfig::parse("random").unwrap()];
    let lineup = PersonLineup::seat(bots, table).unwrap();
    GameSession::new(game, lineup, seed)
}

/// Let the bots move until the person is to move or the game is over.
fn bots<G: Describe + Evaluate + RecordFormat>(s: &mut GameSession<G>) {
    while s.bot_turn(&mut RandomBot).unwrap().is_some() {}
}

/// A refused undo changes nothing: the same state, moves and record.
fn refused<G: Describe + Evaluate + RecordFormat>(s: &mut GameSession<G>) -> UndoError {
    let (state, ply, record) = (s.state().clone(), s.ply(), s.record_line());
    assert!(!s.can_undo());
    let e = s.undo().unwrap_err();
    assert_eq!((s.state(), s.ply(), s.record_line()), (&state, ply, record));
    e
}

#[test]
fn seashells_undo_works_throughout_play_and_never_after_the_end() {
    let game = Seashells::from_spec(&spec("seashells"), 3).unwrap();
    let mut s = session(game, 1, 7);
    let mut undone = 0;
    let mut chose = false;
    bots(&mut s);
    while !s.over() {
        let (before, ply) = (*s.state(), s.ply());
        chose |= s.forced_move().is_none();
        s.play("#1").unwrap();
        bots(&mut s);
        if s.over() {
            break;
        }
        // Nothing is shown before the end: every decision can be taken back.
        assert_eq!(s.can_undo(), chose, "ply {}", s.ply());
        if chose && ply % 4 == 1 {
            let moves = s.ply() - ply;
            assert_eq!(s.undo(), Ok(Undone { moves, ply }));
            assert_eq!(s.state(), &before);
            undone += 1;
            s.play("#1").unwrap();
            bots(&mut s);
        }
    }
    assert!(undone >= 3, "{undone} undos");
    assert_eq!(s.undos(), undone);
    // The end shows every card: undo is refused, 30 times over.
    for _ in 0..30 {
        assert_eq!(refused(&mut s), UndoError::Over);
    }
    assert_eq!(s.undos(), undone);
    // The record says how many (format 2) and replays.
    let record = s.record();
    assert_eq!((record.format, record.undos), (2, undone));
    assert!(s.record_line().ends_with(&format!(",\"undos\":{undone}}}")));
    verify_record(s.game(), &record).unwrap();
}

#[test]
fn shell_dash_seed_5_a_flip_cannot_be_undone() {
    for players in [1, 2] {
        let game = ShellDash::from_spec(&spec("shell-dash"), players).unwrap();
        let mut s = session(game, 0, 5);
        assert_eq!(
            s.game().legal_actions(s.state()).len(),
            3,
            "row 0 face-down"
        );
        assert_eq!(refused(&mut s), UndoError::Nothing);
        s.play("#1").unwrap();
        assert!(!s.over());
        let e = refused(&mut s);
        assert_eq!(
            e,
            UndoError::WouldReveal {
                ply: 0,
                what: "a card you have seen turned".into()
            }
        );
        assert_eq!(
            e.to_string(),
            "undo would take back a card you have seen turned"
        );
        // Still refused after the bot's turn (its flips show cards too).
        bots(&mut s);
        if !s.over() {
            assert!(matches!(refused(&mut s), UndoError::WouldReveal { .. }));
        }
    }
}

#[test]
fn shell_dash_a_decision_with_no_reveal_after_it_can_be_undone() {
    // Solo: a Jellyfish (keep or spend a Flip-Flop) or the reshuffle
    // decision shows no card; undo goes back to it. Found by playing the
    // first listed move from seeds 1, 2...
    let game = ShellDash::from_spec(&spec("shell-dash"), 1).unwrap();
    let (mut jellyfish, mut shuffle) = (0, 0);
    for seed in 1..=20 {
        let mut s = session(game.clone(), 0, seed);
        while !s.over() {
            let phase = s.state().phase;
            let (before, ply) = (*s.state(), s.ply());
            let choice = s.forced_move().is_none();
            s.play("#1").unwrap();
            if choice && matches!(phase, Phase::Jellyfish | Phase::Shuffle) && !s.over() {
                assert!(s.can_undo(), "seed {seed} ply {ply}");
                assert_eq!(s.undo(), Ok(Undone { moves: 1, ply }));
                assert_eq!(s.state(), &before);
                // The other choice this time (`spend` / `shuffle`), which
                // shows nothing either.
                s.play("#2").unwrap();
                if s.over() {
                    break;
                }
                assert_eq!(s.undo(), Ok(Undone { moves: 1, ply }));
                match phase {
                    Phase::Jellyfish => jellyfish += 1,
                    _ => shuffle += 1,
                }
                s.play("#1").unwrap();
            }
        }
    }
    assert!(jellyfish > 0 && shuffle > 0, "{jellyfish} {shuffle}");
    // A flip after the decision is taken back with it: refused.
    let state = {
        let mut s = session(game.clone(), 0, 1);
        loop {
            assert!(!s.over());
            if s.state().phase == Phase::Shuffle {
                break s;
            }
            s.play("#1").unwrap();
        }
    };
    let mut s = state;
    s.play_action(ShellDashAction::Shuffle(false)).unwrap();
    s.play("#1").unwrap();
    assert!(matches!(refused(&mut s), UndoError::WouldReveal { .. }));
}

#[test]
fn seaside_undo_within_a_turn_but_never_past_a_draw() {
    // Two players, the person in seat 0: a Beach played (then the Shells
    // decision) can be taken back; a sea face played draws the next token,
    // which shows its faces: refused.
    let game = Seaside::from_spec(&spec("seaside"), 2).unwrap();
    let (mut beach, mut drawn) = (0, 0);
    for seed in 1..=20 {
        let mut s = session(game.clone(), 0, seed);
        bots(&mut s);
        while !s.over() {
            let st = *s.state();
            let ply = s.ply();
            let legal = s.game().legal_actions(&st);
            let beach_choice = st.phase == SeasidePhase::ChooseFace
                && legal.len() > 1
                && legal.contains(&Action::Play(Face::Beach));
            let sea_choice = st.phase == SeasidePhase::ChooseFace
                && legal.len() > 1
                && legal
                    .iter()
                    .any(|a| matches!(a, Action::Play(Face::Isopod | Face::Shell | Face::Crab)));
            if beach_choice {
                s.play_action(Action::Play(Face::Beach)).unwrap();
                if !s.over() {
                    assert_eq!(s.undo(), Ok(Undone { moves: 1, ply }), "seed {seed}");
                    assert_eq!(s.state(), &st);
                    beach += 1;
                }
                s.play_action(Action::Play(Face::Beach)).unwrap();
            } else if sea_choice {
                let sea = *legal
                    .iter()
                    .find(|a| matches!(a, Action::Play(Face::Isopod | Face::Shell | Face::Crab)))
                    .unwrap();
                s.play_action(sea).unwrap();
                if !s.over() {
                    let e = refused(&mut s);
                    assert_eq!(
                        e.to_string(),
                        "undo would take back a token you have seen drawn"
                    );
                    drawn += 1;
                }
            } else {
                s.play("#1").unwrap();
            }
            bots(&mut s);
            if !s.over()
                && s.ply() > ply + 1
                && s.moves().skip(ply).any(|m| {
                    s.game().to_move(m.before) != Some(0) && matches!(m.action, Action::Play(_))
                })
            {
                // A bot played a face the person had not seen: refused.
                assert_ne!(refused(&mut s), UndoError::Over);
            }
        }
    }
    assert!(beach > 0 && drawn > 0, "{beach} {drawn}");
}

#[test]
fn seashells_undo_takes_back_the_forced_moves_after_the_last_choice() {
    // A forced move (one legal take) after a real choice, the game going
    // on: undo goes back past it (and the bots' moves) to the choice.
    let game = Seashells::from_spec(&spec("seashells"), 2).unwrap();
    let mut found = 0;
    for seed in 1..=40 {
        let mut s = session(game, 0, seed);
        let mut choice = None;
        let mut forced_since = false;
        bots(&mut s);
        while !s.over() {
            if let Some(only) = s.forced_move() {
                s.play_action(only).unwrap();
                forced_since = choice.is_some();
            } else {
                if let Some((ply, before)) = choice
                    && forced_since
                {
                    let moves = s.ply() - ply;
                    assert_eq!(s.undo(), Ok(Undone { moves, ply }), "seed {seed}");
                    assert_eq!(s.state(), &before);
                    found += 1;
                    break;
                }
                choice = Some((s.ply(), *s.state()));
                forced_since = false;
                s.play("#1").unwrap();
            }
            bots(&mut s);
        }
    }
    assert!(found > 0, "no forced move of the person in 40 games");
}
