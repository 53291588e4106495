//! The `learned` bot and `expert(leaf=learned)`: their specs, the errors
//! of a missing or mismatched model, and that they play what the model's
//! value prefers (hand-built Pebbles positions, models with known values).

use beachcomber::games::AnyGame;
use beachcomber::learn::features::FeatureSet;
use beachcomber::learn::loaded::{LoadedModel, load};
use beachcomber::learn::model::Model;
use beachcomber::rng::rng_from_seed;
use beachcomber::testing::toy::{Pebbles, PebblesState, Take};
use beachcomber_bots::BotConfig;

/// A 2-player Pebbles model reading the encoding (pile, my pebbles, the
/// other's pebbles, my card one-hot, who moves) whose only non-zero
/// weight is `weight` on entry `at`: its value is
/// `sigmoid(weight * x[at])`, so it prefers a larger `x[at]` when
/// `weight > 0`.
fn model(at: usize, weight: f32) -> LoadedModel {
    let game = Pebbles { players: 2 };
    let inputs = FeatureSet::Encoding.len(beachcomber::encode::Encode::encoding_len(&game));
    assert_eq!(inputs, 15);
    let mut weights = vec![0.0; inputs];
    weights[at] = weight;
    load(
        &format!("pebbles-{at}-{weight}"),
        Model {
            game: "pebbles".into(),
            players: 2,
            features: FeatureSet::Encoding,
            weights,
            bias: 0.0,
            provenance: serde_json::Map::new(),
        },
    )
}

/// Five pebbles left, one taken by each seat, seat 0 to move.
fn position() -> PebblesState {
    PebblesState {
        cards: [3, 7, 0, 0, 0],
        taken: [1, 1, 0, 0, 0],
        pile: 5,
        to_move: 0,
        last: 0,
    }
}

/// The action the bot of `spec` picks in [`position`] with `seed`.
fn pick(spec: &str, seed: u64) -> Take {
    let game = Pebbles { players: 2 };
    let mut bot = BotConfig::parse(spec).unwrap().build::<Pebbles>();
    bot.choose(&game, &position(), &mut rng_from_seed(seed))
}

#[test]
fn learned_plays_what_the_models_value_prefers() {
    // More of my pebbles is better: take two.
    let mine_good = model(1, 4.0);
    // Fewer of mine is better, or a larger pile is: take one.
    let mine_bad = model(1, -4.0);
    let pile_good = model(0, 4.0);
    for seed in 0..5 {
        let spec = |m: &LoadedModel| format!("learned(model={},worlds=3)", m.label());
        assert_eq!(pick(&spec(&mine_good), seed), Take(2));
        assert_eq!(pick(&spec(&mine_bad), seed), Take(1));
        assert_eq!(pick(&spec(&pile_good), seed), Take(1));
        // The search's cut-off leaves are valued by the model: with two
        // iterations each root action is expanded and valued once by it,
        // and the better value decides between equal visits (a deeper
        // search reaches the end of the game, whose true results outweigh
        // the model's opinion).
        let iterations = 2;
        let expert = |m: &LoadedModel| {
            format!(
                "expert(iterations={iterations},belief=0,rollout=random,leaf=learned,\
                 model={})",
                m.label()
            )
        };
        assert_eq!(pick(&expert(&mine_good), seed), Take(2));
        assert_eq!(pick(&expert(&mine_bad), seed), Take(1));
        assert_eq!(pick(&expert(&pile_good), seed), Take(1));
    }
    // A model of no opinion (every weight 0) ties: broken at random.
    let flat = model(1, 0.0);
    let picks: Vec<Take> = (0..16)
        .map(|seed| pick(&format!("learned(model={})", flat.label()), seed))
        .collect();
    assert!(
        picks.contains(&Take(1)) && picks.contains(&Take(2)),
        "{picks:?}"
    );
}

#[test]
fn the_canonical_specs_name_the_models_hash() {
    let m = model(1, 2.0);
    let label = m.label().to_string();
    assert!(label.starts_with("pebbles-1-2@xxh3:"), "{label}");
    let learned = BotConfig::parse(&format!("learned(model={label})")).unwrap();
    assert_eq!(
        learned.to_string(),
        format!("learned(model={label},worlds=8)")
    );
    assert_eq!(learned.work_per_decision(), Some(8));
    assert!(!learned.is_cheating());
    let expert =
        BotConfig::parse(&format!("expert(leaf=learned,model={label},iterations=50)")).unwrap();
    assert_eq!(
        expert.to_string(),
        format!(
            "expert(iterations=50,c=0.7,cutoff=auto,scale=2,belief=auto,leaf=learned,\
             model={label})"
        )
    );
    assert!(!expert.is_cheating());
    for config in [learned, expert] {
        assert_eq!(BotConfig::parse(&config.to_string()).unwrap(), config);
        assert_eq!(config.model(), Some(&m));
    }
    // The bots without a model keep their canonical specs.
    assert_eq!(
        BotConfig::parse("expert(leaf=score)").unwrap().to_string(),
        "expert(iterations=2000,c=0.7,cutoff=auto,scale=2,belief=auto,leaf=score)"
    );
    assert_eq!(BotConfig::parse("expert").unwrap().model(), None);
}

#[test]
fn a_missing_or_unpaired_model_is_a_one_line_error() {
    let label = model(1, 1.0).label().to_string();
    let err = |text: &str| BotConfig::parse(text).unwrap_err().to_string();
    assert_eq!(
        err("learned"),
        "invalid `learned`: `model` is required: model=PATH (a model file) or model=NAME \
         (models/NAME.json)"
    );
    // This test binary reads no model files (the default): only loaded
    // models resolve, and a label of weights never loaded is refused.
    assert_eq!(
        err("learned(model=/no/such/model.json)"),
        "invalid `learned`: model `/no/such/model.json`: the model `/no/such/model.json` is \
         not loaded, and this program reads no model files (the command line and the Python \
         package do)"
    );
    assert!(
        err("learned(model=gone@xxh3:0123456789abcdef)")
            .contains("the model `gone@xxh3:0123456789abcdef` is not loaded"),
    );
    let unpaired = "invalid `expert`: `leaf=learned` and `model` go together: \
                    leaf=learned,model=PATH (or model=NAME) values the cut-off worlds by a \
                    learned model";
    assert_eq!(err("expert(leaf=learned)"), unpaired);
    assert_eq!(err(&format!("expert(model={label})")), unpaired);
    assert_eq!(err(&format!("expert(leaf=score,model={label})")), unpaired);
    assert_eq!(
        err(&format!("learned(model={label},worlds=0)")),
        "bad value `0` for `learned` option `worlds`: expected an integer from 1 to 10000"
    );
    assert_eq!(
        err("expert(leaf=mine)"),
        "bad value `mine` for `expert` option `leaf`: expected one of evaluate|score|learned"
    );
}

#[test]
fn a_model_of_another_game_or_player_count_is_refused() {
    let seaside2 = AnyGame::from_spec("seaside", 2).unwrap();
    let seaside3 = AnyGame::from_spec("seaside", 3).unwrap();
    let spec = seaside2.canonical_spec();
    let AnyGame::Seaside(game) = &seaside2 else {
        panic!("not seaside")
    };
    let fits =
        beachcomber::testing::models::loaded_fixed_model(game, &spec, FeatureSet::EncodingEvaluate);
    let config = BotConfig::parse(&format!("learned(model={})", fits.label())).unwrap();
    assert_eq!(config.check_game(&seaside2), Ok(()));
    let e = config.check_game(&seaside3).unwrap_err().to_string();
    assert!(
        e.starts_with(&format!("the model was trained for {spec} at 2 players ("))
            && e.contains(&format!("not {spec} at 3 players")),
        "{e}"
    );
    let other = AnyGame::from_spec("seaside(removed=1)", 2).unwrap();
    assert!(config.check_game(&other).is_err());
    let pebbles = BotConfig::parse(&format!("learned(model={})", model(1, 1.0).label())).unwrap();
    let e = pebbles.check_game(&seaside2).unwrap_err().to_string();
    assert!(
        e.starts_with("the model was trained for pebbles at 2 players (15 inputs), not "),
        "{e}"
    );
    // Bots without a model fit every game.
    assert_eq!(
        BotConfig::parse("greedy").unwrap().check_game(&seaside3),
        Ok(())
    );
}
