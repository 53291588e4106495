//! A seat's view holds no hidden information: over random games, at every
//! position, the JSON of each seat's frame (and of the choices offered to
//! the seat to move) is byte-identical for the true state and for any
//! determinization for that seat (a state that differs only in what the
//! seat may not see), until the end (whose scoring reveals everything).

use beachcomber::Game;
use beachcomber::display::Viewer;
use beachcomber::games::AnyGame;
use beachcomber::rng::rng_from_seed;
use beachcomber::with_game;
use beachcomber_web::games::WebGame;
use beachcomber_web::view::{choices, frame};

fn check<G: WebGame>(game: &G, games: u64, seed: u64) -> usize {
    let mut rng = rng_from_seed(seed);
    let mut differing = 0;
    for _ in 0..games {
        let mut state = game.new_game(&mut rng);
        // Once the game is over the scoring reveals the secret cards, as
        // the rules do: only positions before the end are compared.
        while game.to_move(&state).is_some() {
            for seat in 0..game.players() {
                let json = serde_json::to_vec(&frame(game, &state, Viewer::Seat(seat))).unwrap();
                let own_choices = game.to_move(&state) == Some(seat);
                let offered = serde_json::to_vec(&choices(game, &state)).unwrap();
                for _ in 0..2 {
                    let world = game.determinize(&state, seat, &mut rng);
                    if world != state {
                        differing += 1;
                    }
                    let other =
                        serde_json::to_vec(&frame(game, &world, Viewer::Seat(seat))).unwrap();
                    assert!(
                        json == other,
                        "seat {seat}'s view changed with hidden information:\n{}\n{}",
                        String::from_utf8_lossy(&json),
                        String::from_utf8_lossy(&other)
                    );
                    if own_choices {
                        assert_eq!(serde_json::to_vec(&choices(game, &world)).unwrap(), offered);
                    }
                }
            }
            let before = state.clone();
            let action = game.random_action(&state, &mut rng);
            game.play_unchecked(&mut state, action);
            // What a seat is told of the chance events never names a hidden card.
            for seat in 0..game.players() {
                if let Some(note) = game.chance_note(&before, &state, Viewer::Seat(seat)) {
                    assert!(!note.contains("top first"), "{note}");
                }
            }
        }
    }
    differing
}

#[test]
fn seat_views_are_blind_to_hidden_information() {
    for (spec, players, games) in [
        ("seashells", 2, 3),
        ("seashells(mode=stroll)", 3, 2),
        ("seaside", 2, 3),
        ("seaside(removed=10)", 4, 2),
        ("shell-dash", 2, 3),
        ("shell-dash", 1, 2),
    ] {
        let game = AnyGame::from_spec(spec, players).unwrap();
        let differing = with_game!(&game, |g| check(g, games, players as u64 * 7));
        // The test means something: the worlds did differ from the true state.
        assert!(
            differing > 0,
            "{spec}: every determinization was the true state"
        );
    }
}

#[test]
fn the_referee_sees_what_seats_do_not() {
    let game = AnyGame::from_spec("shell-dash", 2).unwrap();
    let AnyGame::ShellDash(g) = game else {
        unreachable!()
    };
    let state = g.new_game(&mut rng_from_seed(3));
    let referee = frame(&g, &state, Viewer::Referee);
    assert!(referee["revealed"]["face_down"][0][0].is_string());
    assert_eq!(referee["seats"].as_array().unwrap().len(), 2);
    let seat = frame(&g, &state, Viewer::Seat(0)).to_string();
    let card = referee["revealed"]["deck"][0].as_str().unwrap();
    assert!(
        !seat.contains("revealed") && !seat.contains("face_down"),
        "{seat}"
    );
    let _ = card;
}
