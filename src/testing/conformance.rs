//! The game-agnostic conformance suite (after OpenSpiel's): every game's
//! tests call [`check_game`]. Each check panics with a message naming the
//! game, the seed and the ply where it failed.

use std::collections::BTreeSet;

use crate::game::PlayError;
use crate::record::{GameRecord, RecordFormat, build_record, verify_record};
use crate::rng::{GameRng, Rng, deal_seed, derive, rng_from_seed};

/// What to run and how much.
#[derive(Clone, Copy, Debug)]
pub struct Conformance {
    /// Random games to play.
    pub games: u64,
    /// Run seed.
    pub seed: u64,
    /// Upper bound on decisions in one game (a game running longer fails).
    pub max_plies: u32,
    /// Determinizations checked at each state.
    pub worlds_per_state: u32,
}

impl Default for Conformance {
    fn default() -> Self {
        Conformance {
            games: 200,
            seed: 1,
            max_plies: 10_000,
            worlds_per_state: 1,
        }
    }
}

/// Summary of a conformance run, for tests that also want exact counts.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct ConformanceReport {
    /// Games played.
    pub games: u64,
    /// Decisions played in all.
    pub plies: u64,
    /// Determinizations that differed from the true state (a game with
    /// hidden information should report many).
    pub determinizations_differing: u64,
    /// Worlds of [`Game::determinize_chance`](crate::game::Game::determinize_chance)
    /// (one per state) that differed from the true state: none in a game
    /// whose only hidden things are private.
    pub chance_worlds_differing: u64,
    /// (move, viewer) pairs where [`Game::reveals`](crate::game::Game::reveals)
    /// said the move shows the viewer something.
    pub revealing: u64,
    /// (move, viewer) pairs where it said the move shows nothing, each
    /// checked in [`REVEAL_WORLDS`] worlds of that viewer.
    pub quiet: u64,
}

/// The worlds of a viewer in which a move that
/// [`Game::reveals`](crate::game::Game::reveals) nothing to it is replayed
/// (per move and viewer).
pub const REVEAL_WORLDS: u32 = 3;

/// What the worlds of the [`Game::reveals`](crate::game::Game::reveals)
/// check are drawn with (derived from the game's seed), so the check
/// changes no game the suite plays.
const REVEAL_STREAM: u64 = 0x5245_5645_414c;

/// What the worlds of the [`Game::determinize_chance`](crate::game::Game::determinize_chance)
/// check are drawn with (derived from the game's seed), so the check
/// changes no game the suite plays.
const CHANCE_STREAM: u64 = 0x4348_414e_4345;

/// Run the whole suite on `game`:
/// - random playouts reach a terminal state within `max_plies`;
/// - every generated action is accepted by [`Game::play`](crate::game::Game::play) and gives the same
///   state as [`Game::play_unchecked`](crate::game::Game::play_unchecked); every action of
///   [`Game::all_actions`](crate::game::Game::all_actions) that is not generated is refused; a finished game
///   refuses everything; actions round-trip through their text form;
/// - a clone equals its original and playing on it leaves the original as
///   it was; invariants hold at every state;
/// - a determinization for the seat to move keeps that seat's observation,
///   its legal actions and the game's invariants, and depends only on that
///   observation and the rng (same seed, indistinguishable states, same world);
/// - a world of [`Game::determinize_chance`](crate::game::Game::determinize_chance)
///   keeps every seat's observation, the seat to move, its legal actions
///   and the invariants, and depends only on the seats' observations and
///   the rng;
/// - a move that [`Game::reveals`](crate::game::Game::reveals) nothing to a
///   seat (any seat, for every move played) is legal in [`REVEAL_WORLDS`]
///   determinizations of the state before it for that seat and gives that
///   seat, in each, the observation the real move gives it;
/// - a record written, serialized, parsed and replayed gives the same final
///   state and result.
pub fn check_game<G: RecordFormat>(game: &G, cfg: Conformance) -> ConformanceReport {
    let universe = checked_universe(game);
    let universe_set: BTreeSet<G::Action> = universe.iter().copied().collect();
    let mut report = ConformanceReport::default();
    for index in 0..cfg.games {
        let seed = deal_seed(cfg.seed, index);
        let mut rng = rng_from_seed(seed);
        let mut worlds_rng = rng_from_seed(derive(seed, REVEAL_STREAM));
        let mut chance_rng = rng_from_seed(derive(seed, CHANCE_STREAM));
        let initial = game.new_game(&mut rng);
        let mut state = initial.clone();
        let mut actions = Vec::new();
        loop {
            let at = At {
                game: game.name(),
                seed,
                ply: actions.len(),
            };
            let Some((seat, legal_set)) =
                check_state(game, &state, (&universe, &universe_set), cfg.max_plies, at)
            else {
                break;
            };
            let here = (&state, seat, &legal_set);
            for _ in 0..cfg.worlds_per_state {
                let differs = check_deal(game, here, Deal::Seat(seat), &mut rng, at);
                report.determinizations_differing += u64::from(differs);
            }
            let differs = check_deal(game, here, Deal::Chance, &mut chance_rng, at);
            report.chance_worlds_differing += u64::from(differs);
            let (action, next) = check_copy_make(game, &state, &legal_set, &mut rng, at);
            check_reveals(
                game,
                (&state, &next),
                action,
                &mut worlds_rng,
                &mut report,
                at,
            );
            actions.push(action);
            state = next;
        }
        report.games += 1;
        report.plies += actions.len() as u64;
        check_record_round_trip(game, seed, &initial, &actions, &state);
    }
    report
}

/// Where a check failed: the game, its seed and the ply, as the suite's
/// messages name it (`NAME seed SEED ply PLY`).
#[derive(Clone, Copy)]
struct At {
    game: &'static str,
    seed: u64,
    ply: usize,
}

impl std::fmt::Display for At {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{} seed {} ply {}", self.game, self.seed, self.ply)
    }
}

/// `game`'s [`Game::all_actions`](crate::game::Game::all_actions), checked
/// to have no duplicate and to round-trip through their text form.
fn checked_universe<G: RecordFormat>(game: &G) -> Vec<G::Action> {
    let universe: Vec<G::Action> = game.all_actions();
    let universe_set: BTreeSet<G::Action> = universe.iter().copied().collect();
    assert_eq!(
        universe.len(),
        universe_set.len(),
        "{}: all_actions has duplicates",
        game.name()
    );
    for &a in &universe {
        assert_eq!(
            game.parse_action(&a.to_string()),
            Some(a),
            "{}: `{a}` does not round-trip",
            game.name()
        );
    }
    universe
}

/// The checks of one state (`universe`: every action, as a list and as a
/// set): its invariants; finished, it has no legal action and refuses
/// everything (then `None`); else the seat to move is in range, the legal
/// actions are not empty, distinct, in the universe, accepted by `play`
/// as by `play_unchecked`, and every other action is refused. Returns the
/// seat to move and the legal actions.
fn check_state<G: RecordFormat>(
    game: &G,
    state: &G::State,
    (universe, universe_set): (&[G::Action], &BTreeSet<G::Action>),
    max_plies: u32,
    at: At,
) -> Option<(usize, BTreeSet<G::Action>)> {
    let ply = at.ply;
    if let Err(e) = game.check_invariants(state) {
        panic!("{at}: invariant broken: {e}\n{state:?}");
    }
    let legal = game.legal_actions(state);
    let Some(seat) = game.to_move(state) else {
        assert!(legal.is_empty(), "{at}: a finished game has legal actions");
        for &a in universe.iter().take(64) {
            assert_eq!(game.play(state, a), Err(PlayError::GameOver), "{at}");
        }
        return None;
    };
    assert!(seat < game.players(), "{at}: seat {seat} out of range");
    assert!(
        !legal.is_empty(),
        "{at}: no legal action but the game is not over"
    );
    assert!(
        ply < max_plies as usize,
        "{at}: no end after {max_plies} plies"
    );
    let legal_set: BTreeSet<G::Action> = legal.iter().copied().collect();
    assert_eq!(
        legal_set.len(),
        legal.len(),
        "{at}: duplicate legal actions {legal:?}"
    );
    for &a in legal.iter() {
        assert!(
            universe_set.contains(&a),
            "{at}: `{a}` is not in all_actions"
        );
        let checked = game
            .play(state, a)
            .unwrap_or_else(|e| panic!("{at}: legal `{a}` refused: {e}"));
        let mut unchecked = state.clone();
        game.play_unchecked(&mut unchecked, a);
        assert_eq!(
            checked, unchecked,
            "{at}: play and play_unchecked differ on `{a}`"
        );
    }
    for &a in universe {
        if !legal_set.contains(&a) {
            assert!(game.play(state, a).is_err(), "{at}: illegal `{a}` accepted");
        }
    }
    Some((seat, legal_set))
}

/// The worlds a check deals from a state: a seat's determinizations or
/// chance's ([`Game::determinize_chance`](crate::game::Game::determinize_chance)).
#[derive(Clone, Copy)]
enum Deal {
    /// [`Game::determinize`](crate::game::Game::determinize) for this seat.
    Seat(usize),
    /// [`Game::determinize_chance`](crate::game::Game::determinize_chance).
    Chance,
}

impl Deal {
    /// A world of `state`.
    fn world<G: RecordFormat>(self, game: &G, state: &G::State, rng: &mut GameRng) -> G::State {
        match self {
            Deal::Seat(seat) => game.determinize(state, seat, rng),
            Deal::Chance => game.determinize_chance(state, rng),
        }
    }

    /// The seats whose observation a world keeps.
    fn viewers(self, players: usize) -> std::ops::Range<usize> {
        match self {
            Deal::Seat(seat) => seat..seat + 1,
            Deal::Chance => 0..players,
        }
    }

    /// Its name in the messages.
    fn name(self) -> &'static str {
        match self {
            Deal::Seat(_) => "determinization",
            Deal::Chance => "determinize_chance",
        }
    }
}

/// One world of `state` dealt by `deal` (`seat` to move, whose legal
/// actions are `legal_set`) keeps the observation of every seat it must
/// keep (the dealt-for seat; for chance, every seat), the invariants, the
/// seat to move and the legal actions, and depends only on those
/// observations and the rng. Returns whether the world differs from the
/// true state.
fn check_deal<G: RecordFormat>(
    game: &G,
    (state, seat, legal_set): (&G::State, usize, &BTreeSet<G::Action>),
    deal: Deal,
    rng: &mut GameRng,
    at: At,
) -> bool {
    let what = deal.name();
    let world = deal.world(game, state, rng);
    for viewer in deal.viewers(game.players()) {
        assert_eq!(
            game.observation(&world, viewer),
            game.observation(state, viewer),
            "{at}: {what} changed seat {viewer}'s observation"
        );
    }
    if let Err(e) = game.check_invariants(&world) {
        panic!("{at}: {what} broke an invariant: {e}");
    }
    assert_eq!(
        game.to_move(&world),
        Some(seat),
        "{at}: {what} changed the seat to move"
    );
    let world_legal: BTreeSet<G::Action> = game.legal_actions(&world).iter().copied().collect();
    assert_eq!(
        &world_legal, legal_set,
        "{at}: {what} changed the legal actions"
    );
    // A world must be a function of the observations it keeps and the rng
    // alone: from two states those seats cannot tell apart, the same seed
    // gives the same world (otherwise a bot's choices would depend on
    // hidden facts; for chance, on the bag's true order).
    let probe = rng.next_u64();
    let from_truth = deal.world(game, state, &mut rng_from_seed(probe));
    let from_world = deal.world(game, &world, &mut rng_from_seed(probe));
    assert_eq!(
        from_truth, from_world,
        "{at}: {what} depends on hidden information (same seed, \
         indistinguishable states, different worlds)"
    );
    world != *state
}

/// Clone equality and copy-make: a random action (legal) played on a copy
/// of `state` leaves `state` as it was. Returns the action and the state
/// after it.
fn check_copy_make<G: RecordFormat>(
    game: &G,
    state: &G::State,
    legal_set: &BTreeSet<G::Action>,
    rng: &mut GameRng,
    at: At,
) -> (G::Action, G::State) {
    let snapshot = state.clone();
    assert_eq!(&snapshot, state, "{at}: clone differs");
    let action = game.random_action(state, rng);
    assert!(
        legal_set.contains(&action),
        "{at}: random_action gave illegal `{action}`"
    );
    let mut next = state.clone();
    game.play_unchecked(&mut next, action);
    assert_eq!(
        &snapshot, state,
        "{at}: playing on a copy changed the original"
    );
    (action, next)
}

/// What the move `action` from `state` to `next` shows: to a seat it shows
/// nothing, it must look the same from every world that seat cannot tell
/// from the truth ([`REVEAL_WORLDS`] worlds drawn from `worlds_rng`).
fn check_reveals<G: RecordFormat>(
    game: &G,
    (state, next): (&G::State, &G::State),
    action: G::Action,
    worlds_rng: &mut GameRng,
    report: &mut ConformanceReport,
    at: At,
) {
    for viewer in 0..game.players() {
        if game.reveals(state, action, viewer) {
            report.revealing += 1;
            continue;
        }
        report.quiet += 1;
        let seen = game.observation(next, viewer);
        for _ in 0..REVEAL_WORLDS {
            let mut world = game.determinize(state, viewer, worlds_rng);
            assert!(
                game.legal_actions(&world).contains(&action),
                "{at}: `{action}` reveals nothing to seat {viewer}, but it is illegal \
                 in a world of that seat (the move itself shows something)"
            );
            game.play_unchecked(&mut world, action);
            assert_eq!(
                game.observation(&world, viewer),
                seen,
                "{at}: `{action}` reveals nothing to seat {viewer}, but in a world of \
                 that seat it shows another observation"
            );
        }
    }
}

/// The record of the game of `seed` (from `initial`, its `actions`, ending
/// in `state`) written, serialized, parsed and replayed gives the same
/// final state and result, by the whole and by the bounded reader.
fn check_record_round_trip<G: RecordFormat>(
    game: &G,
    seed: u64,
    initial: &G::State,
    actions: &[G::Action],
    state: &G::State,
) {
    let record = build_record(
        game,
        Some(seed),
        &vec!["random".to_string(); game.players()],
        initial,
        actions,
    );
    let line = serde_json::to_string(&record).expect("record serializes");
    assert!(!line.contains('\n'), "a record is one line");
    let parsed: GameRecord = serde_json::from_str(&line).expect("record parses");
    assert_eq!(
        parsed,
        record,
        "{}: record changed in a JSON round trip",
        game.name()
    );
    let again =
        G::from_record_options(game.players(), &parsed.options).expect("record options parse");
    let replay = verify_record(&again, &parsed)
        .unwrap_or_else(|e| panic!("{} seed {seed}: replay failed: {e}", game.name()));
    assert_eq!(
        replay.final_state,
        *state,
        "{} seed {seed}: replay ends in another state",
        game.name()
    );
    assert_eq!(replay.steps.len(), actions.len());
    assert_eq!(game.outcome(&replay.final_state), game.outcome(state));
    // The bounded reader of `replay` reads the same record (a game it
    // knows: not the test games of this module).
    if crate::games::game_names().contains(&game.name()) {
        let read = crate::games::record_line::parse_line(line.as_bytes())
            .unwrap_or_else(|e| panic!("{} seed {seed}: bounded read failed: {e}", game.name()));
        assert_eq!(read.record.options, record.options);
        assert_eq!(read.record.setup, record.setup);
        assert_eq!(read.record.result, record.result);
        let replay = crate::record::verify_record_events(&again, &read.record, &read.events)
            .unwrap_or_else(|e| panic!("{} seed {seed}: bounded replay failed: {e}", game.name()));
        assert_eq!(replay.final_state, *state);
    }
}
