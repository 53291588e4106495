//! Seaside's balancing levers (`compensation`, `start_tokens`; variants,
//! not the rules): conformance with every lever set, a hand-built game
//! per lever with its exact effect, validation, records and replays, and
//! the determinization of a start token's hidden back.

use beachcomber::encode::{Encode, field_range};
use beachcomber::game::{Evaluate, Game, MAX_SEATS, SeatSet};
use beachcomber::games::GameKind;
use beachcomber::games::options::variants_of;
use beachcomber::games::seaside::{Action, Face, OPTIONS, Seaside, SeasideState, TokenSet};
use beachcomber::observe::Observe;
use beachcomber::record::{RecordFormat, build_record, verify_record, write_record_line};
use beachcomber::rng::rng_from_seed;
use beachcomber::spec::Spec;
use beachcomber::testing::conformance::{Conformance, check_game};

use Face::{Beach as B, Crab as C, Isopod as I, Rock as R, Sandpiper as P, Shell as S, Wave as W};

fn game(spec: &str, players: usize) -> Seaside {
    let spec: Spec = spec.parse().unwrap();
    Seaside::from_spec(&spec, players).unwrap()
}

fn spec_err(spec: &str, players: usize) -> String {
    let spec: Spec = spec.parse().unwrap();
    Seaside::from_spec(&spec, players).unwrap_err().to_string()
}

/// A per-seat lever value: `(seat, n)` pairs, 0 elsewhere.
fn seats(items: &[(usize, u64)]) -> [u64; MAX_SEATS] {
    let mut v = [0; MAX_SEATS];
    for &(seat, n) in items {
        v[seat] = n;
    }
    v
}

/// A 2-player game on exactly `tokens` (nothing removed) with the levers,
/// drawn in id order, the first `start.len()` tokens the start tokens with
/// these faces up.
fn stacked(
    tokens: &[(Face, Face)],
    compensation: [u64; MAX_SEATS],
    start_tokens: [u64; MAX_SEATS],
    start: &[Face],
) -> (Seaside, SeasideState) {
    let list: Vec<[Face; 2]> = tokens.iter().map(|&(a, b)| [a, b]).collect();
    let set = TokenSet::from_tokens(&list).unwrap();
    let g = Seaside::new(2, Some(0), set)
        .unwrap()
        .with_levers(compensation, start_tokens)
        .unwrap();
    let bag: Vec<u8> = (0..tokens.len() as u8).collect();
    let s = g.start_from_placed(set.packed(), &bag, &[], start).unwrap();
    g.check_invariants(&s).unwrap();
    (g, s)
}

fn play(g: &Seaside, s: &mut SeasideState, actions: &[&str]) -> Vec<Action> {
    let mut played = Vec::new();
    for text in actions {
        let a = g.parse_action(text).unwrap();
        *s = g.play(s, a).unwrap_or_else(|e| panic!("{text}: {e}"));
        g.check_invariants(s).unwrap();
        played.push(a);
    }
    played
}

fn legal(g: &Seaside, s: &SeasideState) -> Vec<String> {
    g.legal_actions(s).iter().map(|a| a.to_string()).collect()
}

/// The winners as a set of seats (bit `seat`).
fn winners(seats: &[usize]) -> SeatSet {
    SeatSet(seats.iter().fold(0, |bits, &seat| bits | 1 << seat))
}

#[test]
fn conformance_with_every_lever_set() {
    for (players, spec) in [
        (2, "seaside(compensation=1:3,start_tokens=1:2)"),
        (
            2,
            "seaside(removed=40,compensation=0:1,1:20,start_tokens=0:1,1:5)",
        ),
        (3, "seaside(compensation=1:2,2:4,start_tokens=1:1,2:2)"),
        (4, "seaside(removed=0,compensation=3:5,start_tokens=3:3)"),
        (5, "seaside(compensation=4:2,start_tokens=1:1,2:1,3:2,4:3)"),
    ] {
        let report = conform(&game(spec, players), 40);
        assert!(report.determinizations_differing > 0, "{spec}");
    }
    // A set with doubles (a Beach/Beach start token shows Beach, a Rock/Rock
    // one Rock) and two seaside faces on most tokens.
    let set = TokenSet::parse(
        "Isopod Isopod 3\nBeach Beach 4\nWave Beach 6\nRock Rock 5\nCrab Sandpiper 6\nShell Wave 6",
    )
    .unwrap();
    let levers = Seaside::new(3, Some(2), set)
        .unwrap()
        .with_levers(seats(&[(2, 7)]), seats(&[(1, 2), (2, 3)]));
    conform(&levers.unwrap(), 60);
}

/// The conformance suite on `games` games of `g`, two worlds a state; every
/// game played.
fn conform(g: &Seaside, games: u64) -> beachcomber::testing::conformance::ConformanceReport {
    let cfg = Conformance {
        games,
        worlds_per_state: 2,
        ..Default::default()
    };
    let report = check_game(g, cfg);
    assert_eq!(report.games, games, "{}", g.canonical_spec());
    report
}

// ------------------------------------------------------------ start tokens

/// Seat 1 starts with a Rock (Rock/Wave) and a Beach (Beach/Shell).
const START_GAME: [(Face, Face); 9] = [
    (R, W),
    (B, S),
    (C, I),
    (P, W),
    (S, I),
    (R, B),
    (B, W),
    (W, I),
    (B, R),
];

/// The whole game on [`START_GAME`]: seat 1's start Rock makes its first
/// Rock in play a Crab Habitat, and a Wave flips its start Beach.
const START_ACTIONS: [&str; 11] = [
    "play:Crab",
    "play:Wave",
    "play:Shell",
    "play:Rock",
    "steal:none",
    "play:Beach",
    "shells:1",
    "play:Wave",
    "flip:Shell",
    "play:Beach",
    "shells:1",
];

#[test]
fn start_tokens_lie_on_the_seaside_and_count_for_rocks_beaches_and_waves() {
    let (g, mut s) = stacked(&START_GAME, seats(&[]), seats(&[(1, 2)]), &[R, B]);
    // At setup: seat 1 has a Rock and a Beach (back Shell), seat 0 holds
    // token 2; nothing in the Sea.
    let a = s.seats[1];
    assert_eq!((a.rocks, a.beaches, a.waves, a.stacks), (1, 1, 0, 0));
    assert_eq!(a.beach_backs[S as usize], 1);
    assert_eq!(s.seats[0].tokens(), 0);
    assert_eq!((s.drawn, s.to_move, s.sea_total()), (3, 0, 0));
    assert_eq!(s.in_hand(), Some(2));
    assert_eq!(g.outcome(&s).scores.as_slice(), &[0, 2]);
    play(&g, &mut s, &START_ACTIONS[..4]);
    // Seat 1's first Rock in play is its second: a Crab Habitat takes the
    // Sea's Crab; nobody else has one.
    assert_eq!(s.seats[1].crabs, 1);
    assert_eq!(legal(&g, &s), ["steal:none"]);
    play(&g, &mut s, &START_ACTIONS[4..8]);
    // Seat 1's Wave must flip its start Beach, whose back is a Shell.
    assert_eq!(legal(&g, &s), ["flip:Shell"]);
    play(&g, &mut s, &START_ACTIONS[8..]);
    assert_eq!(g.to_move(&s), None);
    // Seat 0: Wave, Beach, 1 Shell; seat 1: 2 Rocks, a Crab, a Wave, a
    // Beach, 1 Shell (the flipped start Beach's, taken back).
    let o = g.outcome(&s);
    assert_eq!(o.scores.as_slice(), &[3, 6]);
    assert_eq!(o.winners, winners(&[1]));
    // Turns are the tokens drawn in play, not the two placed at setup.
    assert_eq!(g.turns(&s, 0), 7);
}

#[test]
fn a_new_game_places_start_tokens_with_a_seaside_face_up() {
    let g = game("seaside(removed=30,start_tokens=1:2)", 2);
    let (mut wave_up, mut beach_up) = (0, 0);
    for seed in 0..400 {
        let s = g.new_game(&mut rng_from_seed(seed));
        g.check_invariants(&s).unwrap();
        assert_eq!((s.drawn, s.removed(), s.to_move), (3, 30, 0));
        for &id in &s.order[..2] {
            let id = id as usize;
            assert_eq!(s.drawer(id), 1);
            assert!(!s.up_face(id).is_sea(), "seed {seed}: {:?}", s.token(id));
            if s.token(id) == [B, W] {
                match s.up_face(id) {
                    W => wave_up += 1,
                    _ => beach_up += 1,
                }
            }
        }
        let a = s.seats[1];
        assert_eq!(a.tokens(), 2, "seed {seed}: {a:?}");
        assert_eq!(s.seats[0].tokens(), 0);
    }
    // 6 Beach/Wave tokens of 60 with a seaside face: about 80 of the 800
    // start tokens, each up face by a fair coin.
    assert!(wave_up > 15 && beach_up > 15, "{wave_up} {beach_up}");
}

#[test]
fn a_start_tokens_hidden_back_is_dealt_with_the_coins_likelihood() {
    // Seat 1's start token shows a Wave (token 0, Wave/Isopod); seat 0
    // holds Beach/Shell (token 1). Unseen by seat 0: Wave/Isopod, Wave/Rock and
    // Beach/Shell. A Wave/Rock start token shows its Wave half the time, a
    // Wave/Isopod one always: the Wave hides an Isopod with probability 2/3.
    let (g, s) = stacked(
        &[(W, I), (B, S), (W, R), (B, S)],
        seats(&[]),
        seats(&[(1, 1)]),
        &[W],
    );
    let mut rng = rng_from_seed(4);
    let worlds: Vec<SeasideState> = (0..6000).map(|_| g.determinize(&s, 0, &mut rng)).collect();
    assert!(
        worlds.iter().all(|w| w.token(1) == [B, S]),
        "seat 0's own token"
    );
    let backs: Vec<Face> = worlds.iter().map(|w| w.back_face(0)).collect();
    assert!(
        backs.iter().all(|&f| f == I || f == R),
        "a Wave hides an Isopod or a Rock"
    );
    let isopods = backs.iter().filter(|&&f| f == I).count();
    // 4000 expected, standard deviation 37 (3000 without the coin's weight).
    assert!((3880..=4120).contains(&isopods), "{isopods}");
    // Seat 1 knows its own start token.
    let w = g.determinize(&s, 1, &mut rng);
    assert_eq!(w.token(0), [W, I]);
}

// ------------------------------------------------------------ compensation

#[test]
fn compensation_adds_to_the_score_and_ties_share_the_victory() {
    // The game above with seat 0 compensated by 3: 6 to 6, a shared win.
    let (g, mut s) = stacked(&START_GAME, seats(&[(0, 3)]), seats(&[(1, 2)]), &[R, B]);
    assert_eq!(g.outcome(&s).scores.as_slice(), &[3, 2]);
    assert_eq!(g.running_scores(&s).as_slice(), &[3, 2]);
    // The evaluation counts it: seat 0 leads by 1 before a move.
    assert_eq!(g.evaluate(&s, 0), 1.0);
    assert_eq!(g.evaluate(&s, 1), -1.0);
    play(&g, &mut s, &START_ACTIONS);
    let o = g.outcome(&s);
    assert_eq!(o.scores.as_slice(), &[6, 6]);
    assert_eq!(o.winners, winners(&[0, 1]));
    assert_eq!(g.final_margin(&s, 0), 0.0);
    assert_eq!(
        g.result_json(&s),
        serde_json::json!({"scores": [6, 6], "winners": [0, 1]})
    );
    // The observation shows it on the seat; a game without it has no key.
    let seat0 = &g.observation_json(&s, 1)["seats"][0];
    assert_eq!(
        (seat0["compensation"].as_u64(), seat0["tokens"].as_u64()),
        (Some(3), Some(3))
    );
    let plain = stacked(&START_GAME, seats(&[]), seats(&[(1, 2)]), &[R, B]).0;
    assert!(
        plain.observation_json(&s, 1)["seats"][0]
            .get("compensation")
            .is_none()
    );
    // The encoding's score feature of seat 0 counts it (from seat 1's view,
    // seat 0 comes second: its score is the 20th seat entry), in ninths.
    let encode = |g: &Seaside| {
        let mut out = vec![0.0; g.encoding_len()];
        g.encode(&s, 1, &mut out);
        out[field_range(&g.encoding_fields(), "seats").unwrap()].to_vec()
    };
    let (with, without) = (encode(&g), encode(&plain));
    assert_eq!((with[19], without[19]), (6.0 / 9.0, 3.0 / 9.0));
    assert_eq!(with[..19], without[..19]);
    // By 4, seat 0 wins alone.
    let (g, mut s) = stacked(&START_GAME, seats(&[(0, 4)]), seats(&[(1, 2)]), &[R, B]);
    play(&g, &mut s, &START_ACTIONS);
    let o = g.outcome(&s);
    assert_eq!(
        (o.scores.as_slice(), o.winners),
        (&[7, 6][..], winners(&[0]))
    );
    assert_eq!(g.final_margin(&s, 1), -1.0 / 20.0);
}

// ------------------------------------------------------ options and records

#[test]
fn levers_are_validated() {
    assert_eq!(
        spec_err("seaside(compensation=0:2)", 1),
        "invalid `seaside`: `compensation` balances seats against each other: solo has one seat"
    );
    assert_eq!(
        spec_err("seaside(start_tokens=0:1)", 1),
        "invalid `seaside`: `start_tokens` balances seats against each other: solo has one seat"
    );
    assert_eq!(
        spec_err("seaside(compensation=2:1)", 2),
        "bad value `2:1` for `seaside` option `compensation`: expected SEAT:N,... with each SEAT from 0 \
         to 1 once and each N from 0 to 20 (e.g. `compensation=1:2`)"
    );
    assert_eq!(
        spec_err("seaside(start_tokens=1:6)", 3),
        "bad value `1:6` for `seaside` option `start_tokens`: expected SEAT:N,... with each SEAT from 0 \
         to 2 once and each N from 0 to 5 (e.g. `start_tokens=1:2`)"
    );
    assert_eq!(
        spec_err("seaside(removed=69,start_tokens=1:1)", 2),
        "invalid `seaside`: start_tokens gives 1 tokens, but with 69 removed the bag may hold \
         only 1 tokens (0 with a seaside face): each start token needs a seaside face and one \
         token must be left to draw"
    );
    assert_eq!(
        spec_err(
            "seaside(tokens=[Isopod/Shell:10;Beach/Wave:1],start_tokens=1:2)",
            4
        ),
        "invalid `seaside`: start_tokens gives 2 tokens, but with 0 removed the bag may hold \
         only 11 tokens (1 with a seaside face): each start token needs a seaside face and one \
         token must be left to draw"
    );
    // The rulebook's 2-player removals (up to 40) leave 20 tokens with a
    // seaside face: 5 a seat is accepted.
    game("seaside(start_tokens=0:5,1:5)", 2);
    let set = TokenSet::standard();
    assert!(
        Seaside::new(2, None, set)
            .unwrap()
            .with_levers(seats(&[(2, 1)]), seats(&[]))
            .is_err(),
        "a seat beyond the player count"
    );
}

#[test]
fn the_canonical_spec_and_the_summaries_name_the_levers_only_when_set() {
    let g = game("seaside(start_tokens=1:1,compensation=1:2,0:0)", 2);
    let canonical = g.canonical_spec();
    assert_eq!(
        canonical,
        "seaside(removed=rulebook,compensation=1:2,start_tokens=1:1)"
    );
    let spec: Spec = canonical.parse().unwrap();
    assert_eq!(
        variants_of(&spec, &OPTIONS),
        ["compensation=1:2", "start_tokens=1:1"]
    );
    assert_eq!(
        game("seaside(compensation=0:0,start_tokens=1:0)", 2).canonical_spec(),
        "seaside(removed=rulebook)"
    );
}

/// A finished random game of `g` from `seed`, its record checked, replayed
/// and compared with the direct writer's bytes.
fn recorded(g: &Seaside, seed: u64) -> beachcomber::record::GameRecord {
    let mut rng = rng_from_seed(seed);
    let initial = g.new_game(&mut rng);
    let mut s = initial;
    let actions: Vec<Action> = std::iter::from_fn(|| {
        g.to_move(&s)?;
        let a = g.random_action(&s, &mut rng);
        g.play_unchecked(&mut s, a);
        Some(a)
    })
    .collect();
    let bots = vec!["random".to_string(); g.players()];
    let record = build_record(g, Some(seed), &bots, &initial, &actions);
    let mut expected = serde_json::to_vec(&record).unwrap();
    expected.push(b'\n');
    let mut line = Vec::new();
    write_record_line(g, Some(seed), &bots, &initial, &actions, &mut line);
    assert_eq!(
        String::from_utf8(line).unwrap(),
        String::from_utf8(expected).unwrap()
    );
    let again = Seaside::from_record_options(g.players(), &record.options).unwrap();
    let replay = verify_record(&again, &record).unwrap();
    assert_eq!(replay.final_state, s);
    record
}

#[test]
fn records_name_the_levers_and_replay_them() {
    let g = game("seaside(compensation=1:2,start_tokens=1:1,2:2)", 3);
    let record = recorded(&g, 7);
    assert_eq!(
        record.options,
        serde_json::json!({"removed": record.options["removed"], "compensation": "1:2", "start_tokens": "1:1,2:2"})
    );
    let start = record.setup["start"].as_array().unwrap();
    assert_eq!(start.len(), 3);
    let bag = record.setup["bag"].as_array().unwrap();
    for (face, id) in start.iter().zip(bag) {
        let token = &record.setup["tokens"][id.as_u64().unwrap() as usize];
        assert!(token.as_array().unwrap().contains(face), "{face} {token}");
    }
    // The default game's record has neither the options nor `start`.
    let plain = recorded(&game("seaside", 3), 7);
    assert_eq!(
        plain.options,
        serde_json::json!({"removed": plain.options["removed"]})
    );
    assert!(plain.setup.get("start").is_none());
    // Compensation alone needs no `start`.
    let record = recorded(&game("seaside(compensation=0:1)", 2), 3);
    assert!(record.setup.get("start").is_none());
    assert_eq!(record.options["compensation"], "0:1");
}

#[test]
fn forged_start_tokens_are_refused() {
    let (g, mut s) = stacked(&START_GAME, seats(&[]), seats(&[(1, 2)]), &[R, B]);
    let initial = s;
    let actions = play(&g, &mut s, &START_ACTIONS);
    let record = build_record(&g, None, &["a".into(), "b".into()], &initial, &actions);
    assert_eq!(record.setup["start"], serde_json::json!(["Rock", "Beach"]));
    assert_eq!(record.options["start_tokens"], "1:2");
    let again = Seaside::from_record_options(2, &record.options).unwrap();
    verify_record(&again, &record).unwrap();
    let refused = |setup: serde_json::Value| {
        let mut wrong = record.clone();
        wrong.setup = setup;
        verify_record(&again, &wrong).unwrap_err().to_string()
    };
    let mut setup = record.setup.clone();
    setup.as_object_mut().unwrap().remove("start");
    assert_eq!(
        refused(setup),
        "field `setup.start`: missing or not an array"
    );
    let mut setup = record.setup.clone();
    setup["start"] = serde_json::json!(["Rock"]);
    assert_eq!(
        refused(setup),
        "field `setup.start`: 1 faces, the options' start_tokens give 2"
    );
    let mut setup = record.setup.clone();
    setup["start"] = serde_json::json!(["Wave", "Shell"]);
    assert_eq!(
        refused(setup),
        "field `setup.start`: token 1 (Beach/Shell) cannot start on a seaside with Shell up"
    );
    let mut setup = record.setup.clone();
    setup["start"] = serde_json::json!(["Beach", "Beach"]);
    assert_eq!(
        refused(setup),
        "field `setup.start`: token 0 (Rock/Wave) cannot start on a seaside with Beach up"
    );
    let mut setup = record.setup.clone();
    setup["start"] = serde_json::json!(["Rock", "Sand"]);
    assert_eq!(refused(setup), "field `setup.start`: unknown face `Sand`");
    // Without the lever, `start` is an unknown key.
    let plain = Seaside::from_record_options(
        2,
        &serde_json::json!({"removed": 0, "tokens": record.options["tokens"]}),
    )
    .unwrap();
    let e = verify_record(&plain, &record).unwrap_err().to_string();
    assert!(e.contains("unknown key `start`"), "{e}");
    // The Wave face of the start Rock/Wave is legal too (another game).
    let mut setup = record.setup.clone();
    setup["start"] = serde_json::json!(["Wave", "Beach"]);
    let e = refused(setup);
    assert!(e.starts_with("event "), "{e}");
}
