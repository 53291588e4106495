//! Allocation discipline: after a bot's first decision (which sizes its
//! arena and scratch vectors), deciding allocates nothing at all, however
//! many iterations run — so no iteration (selection, expansion,
//! determinization, rollout, backup) touches the heap.

use beachcomber::bot::Bot;
use beachcomber::game::Evaluate;
use beachcomber::games::{seashells::Seashells, seaside::Seaside, shell_dash::ShellDash};
use beachcomber::learn::features::FeatureSet;
use beachcomber::rng::{derive, rng_from_seed};
use beachcomber::spec::Spec;
use beachcomber::testing::alloc::count_allocations;
use beachcomber::testing::models::loaded_fixed_model;
use beachcomber::testing::toy::Pebbles;
use beachcomber_bots::{BOT_NAMES, BotConfig};

// `expert(trees=K)` with K > 1 is left out: its trees allocate nothing per
// iteration, but handing them to rayon's threads may allocate a little
// (measured: 1-2 allocations over a game of 57-59 decisions).
const SPECS: [&str; 11] = [
    "expert(iterations=300)",
    "expert(iterations=300,cutoff=3,belief=2,leaf=score)",
    "greedy",
    "pimc(iterations=300,worlds=10)",
    "ismcts(iterations=300)",
    "ismcts(iterations=30,rollout=greedy,reward=margin)",
    "ismcts(iterations=30,rollout=policy)",
    "expert(iterations=300,rollout=policy)",
    "oracle(iterations=300)",
    // A world of `determinize_chance` dealt every iteration.
    "oracle(iterations=300,sees=hands)",
    "random",
];

/// Play `games` games where every seat is the same bot `spec`; the first
/// decision of each bot is its warm-up, every later decision is counted.
/// Returns (decisions counted, allocations in them).
fn allocations_after_warm_up<G: Evaluate>(game: &G, spec: &str, games: u64) -> (u64, u64) {
    let config = BotConfig::parse(spec).unwrap();
    let mut bots: Vec<Box<dyn Bot<G>>> = (0..game.players()).map(|_| config.build()).collect();
    let mut warmed = vec![false; game.players()];
    let (mut decisions, mut allocations) = (0, 0);
    for g in 0..games {
        let mut rng = rng_from_seed(derive(31, g));
        let mut state = game.new_game(&mut rng);
        let mut ply = 0;
        while let Some(seat) = game.to_move(&state) {
            let mut decision_rng = rng_from_seed(derive(derive(32, g), ply));
            let bot = &mut bots[seat];
            let action = if warmed[seat] {
                let (action, n) = count_allocations(|| bot.choose(game, &state, &mut decision_rng));
                decisions += 1;
                allocations += n;
                action
            } else {
                warmed[seat] = true;
                bot.choose(game, &state, &mut decision_rng)
            };
            game.play_unchecked(&mut state, action);
            ply += 1;
        }
    }
    (decisions, allocations)
}

/// The specs of the bots that read a learned model, with `label` (a
/// loaded model's `model=` value).
fn learned_specs(label: &str) -> [String; 3] {
    [
        format!("learned(model={label},worlds=4)"),
        format!("expert(iterations=300,leaf=learned,model={label})"),
        format!("expert(iterations=300,cutoff=3,belief=2,leaf=learned,model={label})"),
    ]
}

fn check<G: Evaluate>(game: &G, games: u64) {
    // A model of this game reading both kinds of features.
    let learned: Vec<String> = FeatureSet::ALL
        .iter()
        .flat_map(|&f| learned_specs(loaded_fixed_model(game, game.name(), f).label()))
        .collect();
    for spec in SPECS
        .iter()
        .copied()
        .chain(learned.iter().map(String::as_str))
    {
        let (decisions, allocations) = allocations_after_warm_up(game, spec, games);
        assert!(
            decisions >= games,
            "{} `{spec}`: only {decisions} decisions counted",
            game.name()
        );
        assert_eq!(
            allocations,
            0,
            "{} `{spec}`: {allocations} allocations in {decisions} decisions",
            game.name()
        );
    }
}

#[test]
fn pebbles_decisions_do_not_allocate() {
    // The counter is live (so a zero below means something).
    assert_eq!(
        count_allocations(|| std::hint::black_box(vec![1u8; 10]).len()),
        (10, 1)
    );
    for players in [2, 3, 5] {
        check(&Pebbles { players }, 6);
    }
}

fn spec(text: &str) -> Spec {
    text.parse().expect("a valid spec")
}

#[test]
fn seashells_decisions_do_not_allocate() {
    check(&Seashells::from_spec(&spec("seashells"), 2).unwrap(), 1);
    check(
        &Seashells::from_spec(&spec("seashells(mode=stroll)"), 4).unwrap(),
        1,
    );
}

#[test]
fn seaside_decisions_do_not_allocate() {
    check(&Seaside::from_spec(&spec("seaside"), 2).unwrap(), 1);
    check(&Seaside::from_spec(&spec("seaside"), 1).unwrap(), 1);
}

#[test]
fn shell_dash_decisions_do_not_allocate() {
    check(&ShellDash::from_spec(&spec("shell-dash"), 2).unwrap(), 1);
    check(&ShellDash::from_spec(&spec("shell-dash"), 1).unwrap(), 1);
}

/// Every bot of the registry is measured above: a new bot cannot be added
/// without its allocation check.
#[test]
fn every_bot_of_the_registry_is_measured() {
    let model = loaded_fixed_model(&Pebbles { players: 2 }, "pebbles", FeatureSet::Encoding);
    let learned = learned_specs(model.label());
    for name in BOT_NAMES {
        assert!(
            SPECS
                .iter()
                .copied()
                .chain(learned.iter().map(String::as_str))
                .any(|s| BotConfig::parse(s).unwrap().name() == *name),
            "bot `{name}` is not in SPECS"
        );
    }
}
