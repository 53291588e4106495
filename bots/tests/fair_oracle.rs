//! `oracle(sees=hands)`, the ceiling of fair information: it sees every
//! seat's private information but not the future. Checked against the
//! bots it must equal (`ismcts` where nothing is private, `oracle` where
//! nothing is drawn), and in Seaside, where it is neither: it never reads
//! the bag's true order, and it reads the other seats' hidden backs.

use beachcomber::game::{Evaluate, Game};
use beachcomber::games::{seashells::Seashells, seaside::Seaside, shell_dash::ShellDash};
use beachcomber::rng::{derive, rng_from_seed};
use beachcomber::spec::Spec;
use beachcomber::testing::toy::Pebbles;
use beachcomber_bots::mcts::RootStat;
use beachcomber_bots::{BotConfig, MctsBot};

const HANDS: &str = "oracle(iterations=200,sees=hands)";
const ORACLE: &str = "oracle(iterations=200)";
const ISMCTS: &str = "ismcts(iterations=200)";

fn spec(text: &str) -> Spec {
    text.parse().expect("a valid spec")
}

/// The search bot of `text` (not boxed, so its root statistics can be read).
fn search_bot<G: Evaluate>(text: &str) -> MctsBot<G> {
    match BotConfig::parse(text).unwrap() {
        BotConfig::Ismcts(c) => c.bot(),
        BotConfig::Oracle(c) => c.bot(),
        other => panic!("not a search bot: {other}"),
    }
}

/// One decision of `text` in `state` from `seed`: the action and the root
/// statistics of its search.
fn decide<G: Evaluate>(
    text: &str,
    game: &G,
    state: &G::State,
    seed: u64,
) -> (G::Action, Vec<RootStat<G::Action>>) {
    let mut bot = search_bot::<G>(text);
    let action = bot.search(game, state, &mut rng_from_seed(seed));
    (action, bot.root_stats().to_vec())
}

/// The decision states (two legal actions or more) of `games` random games.
fn decision_states<G: Game>(game: &G, games: u64, seed: u64, most: usize) -> Vec<G::State> {
    let mut out = Vec::new();
    for g in 0..games {
        let mut rng = rng_from_seed(derive(seed, g));
        let mut state = game.new_game(&mut rng);
        while game.to_move(&state).is_some() {
            if game.legal_actions(&state).len() > 1 && out.len() < most {
                out.push(state.clone());
            }
            let action = game.random_action(&state, &mut rng);
            game.play_unchecked(&mut state, action);
        }
    }
    out
}

/// `a` and `b` search alike in every decision state: the same action and
/// the same root statistics from the same seed. Returns the states checked.
fn same_search<G: Evaluate>(game: &G, a: &str, b: &str, games: u64, seed: u64) -> usize {
    let states = decision_states(game, games, seed, 30);
    for (i, state) in states.iter().enumerate() {
        let s = derive(seed ^ 0xFA1E, i as u64);
        let (action_a, stats_a) = decide(a, game, state, s);
        let (action_b, stats_b) = decide(b, game, state, s);
        assert_eq!(
            action_a,
            action_b,
            "{}: `{a}` and `{b}`, state {i}",
            game.name()
        );
        assert_eq!(
            stats_a,
            stats_b,
            "{}: `{a}` and `{b}`, state {i}",
            game.name()
        );
    }
    states.len()
}

/// Shell Dash hides nothing from one seat that it shows the other, and a
/// solo seat knows every drawn token: the worlds of `sees=hands` are those
/// of `ismcts`, decision for decision (and unlike the full oracle's).
#[test]
fn sees_hands_is_ismcts_where_nothing_is_private() {
    for players in [2, 1] {
        let game = ShellDash::from_spec(&spec("shell-dash"), players).unwrap();
        assert_eq!(same_search(&game, HANDS, ISMCTS, 3, 41), 30);
    }
    let solo = Seaside::from_spec(&spec("seaside"), 1).unwrap();
    assert_eq!(same_search(&solo, HANDS, ISMCTS, 4, 42), 30);
    // The full oracle does not search alike (so the check can fail).
    let game = ShellDash::from_spec(&spec("shell-dash"), 2).unwrap();
    let states = decision_states(&game, 3, 41, 30);
    let differs = states.iter().enumerate().any(|(i, state)| {
        let s = derive(41 ^ 0xFA1E, i as u64);
        decide(ORACLE, &game, state, s).1 != decide(ISMCTS, &game, state, s).1
    });
    assert!(differs, "the full oracle searched as ismcts in every state");
}

/// Seashells' (and Pebbles') only hidden things are the secret cards, and
/// nothing is drawn after the setup: `sees=hands` is the full oracle.
#[test]
fn sees_hands_is_the_oracle_where_nothing_is_drawn() {
    for (text, players) in [("seashells", 2), ("seashells(mode=stroll)", 3)] {
        let game = Seashells::from_spec(&spec(text), players).unwrap();
        assert_eq!(same_search(&game, HANDS, ORACLE, 1, 43), 30, "{text}");
    }
    assert_eq!(
        same_search(&Pebbles { players: 3 }, HANDS, ORACLE, 8, 44),
        30
    );
}

/// What the Seaside pairs showed.
#[derive(Debug, Default)]
struct Pairs {
    /// Pairs checked.
    pairs: u64,
    /// Pairs where the full oracle decided differently.
    oracle_differs: u64,
    /// Pairs where `sees=hands` decided differently.
    hands_differs: u64,
}

/// In `players`-player Seaside: pairs of states that differ only in what
/// no seat has seen (the bag's order, the removed tokens: a world of
/// `determinize_chance`) get the same decision and root statistics from
/// `sees=hands`; counts where the full oracle tells them apart.
fn chance_pairs(players: usize, games: u64, seed: u64) -> Pairs {
    let game = Seaside::from_spec(&spec("seaside"), players).unwrap();
    let mut report = Pairs::default();
    for (i, state) in decision_states(&game, games, seed, 25).iter().enumerate() {
        let mut rng = rng_from_seed(derive(seed ^ 0xBA6, i as u64));
        let Some(twin) = (0..20)
            .map(|_| game.determinize_chance(state, &mut rng))
            .find(|w| w != state)
        else {
            continue;
        };
        for seat in 0..players {
            assert_eq!(game.observation(state, seat), game.observation(&twin, seat));
        }
        report.pairs += 1;
        let s = derive(seed ^ 0xFA1E, i as u64);
        let (a, stats_a) = decide(HANDS, &game, state, s);
        let (b, stats_b) = decide(HANDS, &game, &twin, s);
        assert_eq!(a, b, "state {i}: `{HANDS}` read the bag's order");
        assert_eq!(
            stats_a, stats_b,
            "state {i}: `{HANDS}` read the bag's order"
        );
        let (a, _) = decide(ORACLE, &game, state, s);
        let (b, _) = decide(ORACLE, &game, &twin, s);
        report.oracle_differs += u64::from(a != b);
    }
    report
}

#[test]
fn sees_hands_never_reads_the_bags_order() {
    for players in [2, 3] {
        let report = chance_pairs(players, 2, 45);
        assert_eq!(report.pairs, 25, "{players}p: {report:?}");
        // The full oracle reads it (so the check can fail).
        assert!(report.oracle_differs > 0, "{players}p: {report:?}");
        eprintln!("seaside {players}p: {report:?}");
    }
}

/// In 2-player Seaside: pairs of states the seat to move cannot tell apart
/// (a world of `determinize` from its view: the other seat's hidden backs,
/// and so the bag's content, re-dealt) get the same decision from `ismcts`;
/// `sees=hands` tells some apart: it reads the other seat's private tokens.
#[test]
fn sees_hands_reads_the_other_seats_hidden_tokens() {
    let game = Seaside::from_spec(&spec("seaside"), 2).unwrap();
    let mut report = Pairs::default();
    for (i, state) in decision_states(&game, 3, 46, 40).iter().enumerate() {
        let seat = game.to_move(state).unwrap();
        let mut rng = rng_from_seed(derive(46 ^ 0xBA6, i as u64));
        // A twin whose other seat's tokens differ (not only the bag's order).
        let Some(twin) = (0..20)
            .map(|_| game.determinize(state, seat, &mut rng))
            .find(|w| game.observation(w, 1 - seat) != game.observation(state, 1 - seat))
        else {
            continue;
        };
        report.pairs += 1;
        let s = derive(46 ^ 0xFA1E, i as u64);
        assert_eq!(
            decide(ISMCTS, &game, state, s),
            decide(ISMCTS, &game, &twin, s),
            "state {i}"
        );
        report.hands_differs +=
            u64::from(decide(HANDS, &game, state, s).0 != decide(HANDS, &game, &twin, s).0);
    }
    assert!(report.pairs >= 10, "{report:?}");
    assert!(report.hands_differs > 0, "{report:?}");
    eprintln!("seaside 2p hidden tokens: {report:?}");
}

/// The worlds `sees=hands` searches in, in a 2-player Seaside game past its
/// first draws: every drawn token (the other seat's hidden backs included)
/// is the true one in every world, while the next draw is the true one only
/// as often as chance makes it, and the bag's whole true order never comes
/// back.
#[test]
fn chance_worlds_keep_every_drawn_token_and_reshuffle_the_rest() {
    let game = Seaside::from_spec(&spec("seaside(removed=30)"), 2).unwrap();
    let mut rng = rng_from_seed(47);
    let mut state = game.new_game(&mut rng);
    for _ in 0..20 {
        let action = game.random_action(&state, &mut rng);
        game.play_unchecked(&mut state, action);
    }
    assert!(game.to_move(&state).is_some());
    let drawn = state.drawn as usize;
    let n = state.n as usize;
    let bag_end = state.bag_end as usize;
    assert!(drawn >= 8 && bag_end - drawn >= 10, "{drawn} {bag_end}");
    // Some drawn token hides its back from a seat (so keeping it is news).
    let hidden_back = state.order[..drawn]
        .iter()
        .any(|&id| game.observation(&state, 0).faces[id as usize] >> 4 == 0xF);
    assert!(
        hidden_back
            || state.order[..drawn]
                .iter()
                .any(|&id| { game.observation(&state, 1).faces[id as usize] >> 4 == 0xF })
    );
    let kind = |faces: u8| {
        let (a, b) = (faces & 0xF, faces >> 4);
        (a.min(b), a.max(b))
    };
    let next = state.order[drawn] as usize;
    let next_kind = kind(state.faces[next]);
    let undrawn = &state.order[drawn..n];
    let like_next = undrawn
        .iter()
        .filter(|&&id| kind(state.faces[id as usize]) == next_kind)
        .count();
    let worlds = 4000u32;
    let (mut next_same, mut all_same) = (0u32, 0u32);
    let mut world_rng = rng_from_seed(48);
    for _ in 0..worlds {
        let world = game.determinize_chance(&state, &mut world_rng);
        for &id in &state.order[..drawn] {
            assert_eq!(
                world.faces[id as usize], state.faces[id as usize],
                "drawn token {id}"
            );
        }
        assert_eq!(world.order, state.order);
        assert_eq!(world.info, state.info);
        next_same += u32::from(kind(world.faces[next]) == next_kind);
        all_same += u32::from(
            undrawn[..bag_end - drawn]
                .iter()
                .all(|&id| kind(world.faces[id as usize]) == kind(state.faces[id as usize])),
        );
    }
    // The next draw is of the true kind with probability like_next /
    // undrawn.len(): within 5 standard deviations (seeded, so exact).
    let p = like_next as f64 / undrawn.len() as f64;
    let mean = p * f64::from(worlds);
    let sd = (f64::from(worlds) * p * (1.0 - p)).sqrt();
    assert!(
        (f64::from(next_same) - mean).abs() < 5.0 * sd,
        "next draw true in {next_same} of {worlds} worlds, chance {p:.3}"
    );
    assert!(p < 0.5, "{p}");
    assert_eq!(all_same, 0, "the bag's true order came back");
}

/// A hand-built 2-player Seaside endgame of four tokens: seat 0 holds a
/// Crab/Rock; the bag holds one token, a Wave/Wave; two Isopod/Shells are
/// set aside. Rock (kept) ends the turn and seat 1 draws the last token;
/// Crab goes to the Sea and seat 0 draws it. With the Wave next, Crab wins
/// (seat 0 plays the Wave and takes the Sea: 2-0) and Rock ties (1-1); with
/// an Isopod/Shell next, Crab ties (0-0, the Sea stays) and Rock wins
/// (1-0). The full oracle knows the Wave is next: Crab (1 against 1/2).
/// `sees=hands` knows only the three tokens no seat has seen, the Wave
/// next in one world of three: Rock (5/6 against 2/3), as `ismcts`.
#[test]
fn the_full_oracle_plays_the_next_draw_and_sees_hands_its_odds() {
    use beachcomber::games::seaside::{Action, Face, TokenSet};
    let tokens = [
        [Face::Crab, Face::Rock],
        [Face::Wave, Face::Wave],
        [Face::Isopod, Face::Shell],
        [Face::Isopod, Face::Shell],
    ];
    let set = TokenSet::from_tokens(&tokens).unwrap();
    let game = Seaside::new(2, Some(2), set).unwrap();
    let state = game.start_from(set.packed(), &[0, 1], &[2, 3]).unwrap();
    assert_eq!(game.to_move(&state), Some(0));
    let crab = Action::Play(Face::Crab);
    let rock = Action::Play(Face::Rock);
    let mut legal: Vec<Action> = game.legal_actions(&state).to_vec();
    legal.sort();
    let mut expected = vec![crab, rock];
    expected.sort();
    assert_eq!(legal, expected);
    for seed in 0..10 {
        let full = decide("oracle(iterations=2000)", &game, &state, seed);
        let hands = decide("oracle(iterations=2000,sees=hands)", &game, &state, seed);
        let ismcts = decide("ismcts(iterations=2000)", &game, &state, seed);
        assert_eq!(full.0, crab, "seed {seed}: {:?}", full.1);
        assert_eq!(hands.0, rock, "seed {seed}: {:?}", hands.1);
        assert_eq!(ismcts.0, rock, "seed {seed}: {:?}", ismcts.1);
        // The root values: exact for the full oracle (one world), near the
        // odds for `sees=hands` (its worlds are dealt at random).
        let mean = |stats: &[RootStat<Action>], a: Action| {
            let s = stats.iter().find(|s| s.action == a).unwrap();
            s.reward / s.visits as f64
        };
        assert_eq!(mean(&full.1, crab), 1.0, "seed {seed}");
        assert_eq!(mean(&full.1, rock), 0.5, "seed {seed}");
        let (c, r) = (mean(&hands.1, crab), mean(&hands.1, rock));
        assert!(
            (c - 2.0 / 3.0).abs() < 0.1 && (r - 5.0 / 6.0).abs() < 0.1,
            "seed {seed}: {c} {r}"
        );
    }
}

/// Whole 2-player Seaside games with `sees=hands` in one seat: the same
/// seed gives the same moves, whether its bot is fresh or reused from an
/// earlier game; another seed gives another game.
#[test]
fn sees_hands_games_are_reproducible() {
    let game = Seaside::from_spec(&spec("seaside"), 2).unwrap();
    let play = |bots: &mut [MctsBot<Seaside>; 2], seed: u64| {
        let mut rng = rng_from_seed(derive(seed, 0));
        let mut state = game.new_game(&mut rng);
        let mut moves = Vec::new();
        while let Some(seat) = game.to_move(&state) {
            let mut decision = rng_from_seed(derive(derive(seed, 1), moves.len() as u64));
            let action =
                beachcomber::bot::Bot::choose(&mut bots[seat], &game, &state, &mut decision);
            game.play_unchecked(&mut state, action);
            moves.push(action);
        }
        moves
    };
    let fresh = || {
        [
            search_bot("oracle(iterations=300,sees=hands)"),
            search_bot("ismcts(iterations=300)"),
        ]
    };
    let mut reused = fresh();
    let first = play(&mut reused, 70);
    let other = play(&mut reused, 71);
    assert_eq!(play(&mut reused, 70), first);
    assert_eq!(play(&mut fresh(), 70), first);
    assert_eq!(play(&mut fresh(), 71), other);
    assert_ne!(first, other);
    assert!(first.len() > 20, "{}", first.len());
}
