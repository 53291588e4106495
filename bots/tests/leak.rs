//! Leak-proof test: pairs of states the acting seat cannot tell apart (the
//! true state and a determinization of it from that seat's view: equal
//! observation, different hidden information) must get the same decision
//! from every fair bot given the same seed. The cheating `oracle` must fail
//! the same test somewhere, which shows the test can fail.

use beachcomber::game::Evaluate;
use beachcomber::games::{seashells::Seashells, seaside::Seaside, shell_dash::ShellDash};
use beachcomber::learn::features::FeatureSet;
use beachcomber::rng::{derive, rng_from_seed};
use beachcomber::spec::Spec;
use beachcomber::testing::models::loaded_fixed_model;
use beachcomber::testing::toy::Pebbles;
use beachcomber_bots::{BOT_NAMES, BotConfig};

/// The fair bots checked (small budgets keep the test quick; the property
/// does not depend on the budget).
const FAIR: [&str; 9] = [
    "random",
    "greedy",
    "pimc(iterations=200,worlds=8)",
    "ismcts(iterations=200)",
    "ismcts(iterations=50,rollout=greedy,reward=margin)",
    "ismcts(iterations=50,rollout=policy)",
    "expert(iterations=200,rollout=policy)",
    // Its tuned defaults (belief weighting and a cut-off in Seashells).
    "expert(iterations=200)",
    // Every component in every game: weighted worlds (uniform where the
    // evaluation reads only public things), cut-offs scored both ways.
    "expert(iterations=200,cutoff=3,belief=2,leaf=score)",
];
const ORACLE: &str = "oracle(iterations=200)";

/// The fair bots that read a learned model, with `label` (a loaded
/// model's `model=` value).
fn learned_specs(label: &str) -> [String; 3] {
    [
        format!("learned(model={label})"),
        format!("expert(iterations=200,leaf=learned,model={label})"),
        format!("expert(iterations=200,cutoff=3,belief=2,leaf=learned,model={label})"),
    ]
}

/// What [`check_leaks`] saw.
#[derive(Debug, Default)]
struct LeakReport {
    /// Indistinguishable pairs checked.
    pairs: u64,
    /// Pairs where the oracle decided differently.
    oracle_differs: u64,
}

/// Walk `games` random games of `game`; at every decision with a choice,
/// build an indistinguishable pair and compare the bots' decisions (at
/// most `max_pairs` pairs in all).
fn check_leaks<G: Evaluate>(game: &G, games: u64, max_pairs: u64, seed: u64) -> LeakReport {
    let mut fair: Vec<BotConfig> = FAIR.iter().map(|s| BotConfig::parse(s).unwrap()).collect();
    // A model of this game reading the observation and the evaluation.
    let model = loaded_fixed_model(game, game.name(), FeatureSet::EncodingEvaluate);
    fair.extend(learned_specs(model.label()).map(|s| BotConfig::parse(&s).unwrap()));
    let oracle = BotConfig::parse(ORACLE).unwrap();
    let mut report = LeakReport::default();
    for g in 0..games {
        let mut rng = rng_from_seed(derive(seed, g));
        let mut state = game.new_game(&mut rng);
        let mut ply = 0u64;
        while let Some(seat) = game.to_move(&state) {
            if game.legal_actions(&state).len() > 1 && report.pairs < max_pairs {
                // Find a determinization that differs from the true state.
                let twin = (0..20)
                    .map(|_| game.determinize(&state, seat, &mut rng))
                    .find(|w| *w != state);
                if let Some(twin) = twin {
                    assert_eq!(
                        game.observation(&state, seat),
                        game.observation(&twin, seat),
                        "{}: determinization changed the observation",
                        game.name()
                    );
                    // The precondition of the whole test: a determinization
                    // is a function of the seat's observation and the rng
                    // only (so the bots, which reach hidden things only
                    // through it, cannot tell the pair apart either).
                    for k in 0..3 {
                        let r = derive(seed ^ 0xD37, k);
                        assert_eq!(
                            game.determinize(&state, seat, &mut rng_from_seed(r)),
                            game.determinize(&twin, seat, &mut rng_from_seed(r)),
                            "{}: determinize depends on hidden information beyond seat {seat}'s observation \
                             (game {g}, ply {ply}); e.g. it shuffles a pool gathered in hidden order",
                            game.name()
                        );
                    }
                    report.pairs += 1;
                    let decision_seed = derive(derive(seed ^ 0x1EA4, g), ply);
                    for config in &fair {
                        let a = config.build::<G>().choose(
                            game,
                            &state,
                            &mut rng_from_seed(decision_seed),
                        );
                        let b = config.build::<G>().choose(
                            game,
                            &twin,
                            &mut rng_from_seed(decision_seed),
                        );
                        assert_eq!(
                            a,
                            b,
                            "{}: `{config}` decided differently in two states seat {seat} cannot tell apart \
                             (game {g}, ply {ply})\n{state:?}\n{twin:?}",
                            game.name()
                        );
                    }
                    let a =
                        oracle
                            .build::<G>()
                            .choose(game, &state, &mut rng_from_seed(decision_seed));
                    let b =
                        oracle
                            .build::<G>()
                            .choose(game, &twin, &mut rng_from_seed(decision_seed));
                    report.oracle_differs += u64::from(a != b);
                }
            }
            let action = game.random_action(&state, &mut rng);
            game.play_unchecked(&mut state, action);
            ply += 1;
        }
    }
    report
}

#[test]
fn pebbles_fair_bots_do_not_peek() {
    for players in 2..=5 {
        let report = check_leaks(&Pebbles { players }, 12, 100, 77);
        assert!(
            report.pairs >= 30,
            "{players} players: only {} pairs",
            report.pairs
        );
        assert!(
            report.oracle_differs > 0,
            "{players} players: the oracle never used what it saw: {report:?}"
        );
        eprintln!("pebbles {players}p: {report:?}");
    }
}

fn spec(text: &str) -> Spec {
    text.parse().expect("a valid spec")
}

#[test]
fn seashells_fair_bots_do_not_peek() {
    for (text, players) in [
        ("seashells", 2),
        ("seashells", 3),
        ("seashells(mode=stroll)", 2),
        ("seashells", 5),
    ] {
        let game = Seashells::from_spec(&spec(text), players).unwrap();
        let report = check_leaks(&game, 1, 25, 21);
        assert!(
            report.pairs == 25,
            "{text} {players}p: only {} pairs",
            report.pairs
        );
        assert!(
            report.oracle_differs > 0,
            "{text} {players}p: the oracle never used what it saw: {report:?}"
        );
        eprintln!("{text} {players}p: {report:?}");
    }
}

#[test]
fn seaside_fair_bots_do_not_peek() {
    for players in [2, 3, 1] {
        let game = Seaside::from_spec(&spec("seaside"), players).unwrap();
        let report = check_leaks(&game, 2, 25, 22);
        assert!(
            report.pairs == 25,
            "seaside {players}p: only {} pairs",
            report.pairs
        );
        assert!(
            report.oracle_differs > 0,
            "seaside {players}p: the oracle never used what it saw: {report:?}"
        );
        eprintln!("seaside {players}p: {report:?}");
    }
}

#[test]
fn shell_dash_fair_bots_do_not_peek() {
    for players in [2, 1] {
        let game = ShellDash::from_spec(&spec("shell-dash"), players).unwrap();
        let report = check_leaks(&game, 4, 25, 23);
        assert!(
            report.pairs == 25,
            "shell-dash {players}p: only {} pairs",
            report.pairs
        );
        assert!(
            report.oracle_differs > 0,
            "shell-dash {players}p: the oracle never used what it saw: {report:?}"
        );
        eprintln!("shell-dash {players}p: {report:?}");
    }
}

/// Every fair bot of the registry is checked above (a new bot cannot be
/// added without its leak check), and the oracle is the only cheat.
#[test]
fn every_fair_bot_of_the_registry_is_checked() {
    let model = loaded_fixed_model(&Pebbles { players: 2 }, "pebbles", FeatureSet::Encoding);
    let learned = learned_specs(model.label());
    let checked: Vec<&str> = FAIR
        .iter()
        .copied()
        .chain(learned.iter().map(String::as_str))
        .map(|s| BotConfig::parse(s).unwrap().name())
        .collect();
    for name in BOT_NAMES {
        if *name == "learned" {
            // No spec of defaults alone: it needs a model (checked above).
            assert!(checked.contains(name));
            continue;
        }
        let config = BotConfig::parse(name).unwrap();
        if config.is_cheating() {
            assert_eq!(BotConfig::parse(ORACLE).unwrap().name(), *name);
        } else {
            assert!(checked.contains(name), "fair bot `{name}` is not in FAIR");
        }
    }
}
