//! The `expert` bot's spec and its tuned (`auto`) settings per game.

use beachcomber::bot::Bot;
use beachcomber::games::seashells::{Mode, Scoring, Seashells};
use beachcomber::games::seaside::{Seaside, TokenSet};
use beachcomber::rng::rng_from_seed;
use beachcomber_bots::{BotConfig, Enhancements, ExpertConfig, Rollout};

fn expert(spec: &str) -> ExpertConfig {
    match BotConfig::parse(spec).unwrap() {
        BotConfig::Expert(e) => e,
        other => panic!("{other}"),
    }
}

/// The settings a bot runs with after its first decision in `game`.
fn settled<G: beachcomber::game::Evaluate>(game: &G, spec: &str) -> (Enhancements, Rollout) {
    let mut bot = expert(spec).bot::<G>();
    let mut rng = rng_from_seed(1);
    let state = game.new_game(&mut rng);
    bot.choose(game, &state, &mut rng);
    (bot.enhancements(), bot.params().rollout)
}

#[test]
fn spec_is_canonical_and_checked() {
    assert_eq!(
        BotConfig::parse("expert").unwrap().to_string(),
        "expert(iterations=2000,c=0.7,cutoff=auto,scale=2,belief=auto,leaf=evaluate)"
    );
    let e = expert("expert(cutoff=end,belief=0.5,leaf=score,iterations=10)");
    assert_eq!(e.cutoff, Some(None));
    assert_eq!(e.belief, Some(0.5));
    let text = BotConfig::Expert(e.clone()).to_string();
    assert_eq!(
        text,
        "expert(iterations=10,c=0.7,cutoff=end,scale=2,belief=0.5,leaf=score)"
    );
    assert_eq!(BotConfig::parse(&text).unwrap(), BotConfig::Expert(e));
    assert_eq!(
        BotConfig::parse("expert(trees=4)").unwrap().to_string(),
        "expert(iterations=2000,c=0.7,cutoff=auto,scale=2,belief=auto,leaf=evaluate,trees=4)"
    );
    let text = BotConfig::parse("expert(rollout=policy,trees=2)")
        .unwrap()
        .to_string();
    assert_eq!(
        text,
        "expert(iterations=2000,c=0.7,cutoff=auto,scale=2,belief=auto,leaf=evaluate,trees=2,rollout=policy)"
    );
    assert_eq!(expert(&text).rollout, Some(Rollout::Policy));
    // `auto` is the default and is not spelled out; a given `random` is.
    assert_eq!(expert("expert(rollout=auto)").rollout, None);
    assert_eq!(
        BotConfig::parse("expert(rollout=random)")
            .unwrap()
            .to_string(),
        "expert(iterations=2000,c=0.7,cutoff=auto,scale=2,belief=auto,leaf=evaluate,rollout=random)"
    );
    for (bad, message) in [
        (
            "expert(cutoff=-1)",
            "bad value `-1` for `expert` option `cutoff`: expected auto, end or an integer from 0 to 1000",
        ),
        (
            "expert(belief=x)",
            "bad value `x` for `expert` option `belief`: expected auto or a number from 0 to 100",
        ),
        (
            "expert(rollout=smart)",
            "bad value `smart` for `expert` option `rollout`: expected one of auto|random|greedy|policy",
        ),
        (
            "expert(leaf=rollout)",
            "bad value `rollout` for `expert` option `leaf`: expected one of evaluate|score|learned",
        ),
        (
            "expert(worlds=3)",
            "unknown option `worlds` for `expert` (allowed: iterations, c, cutoff, scale, belief, leaf, trees, rollout, model)",
        ),
    ] {
        assert_eq!(BotConfig::parse(bad).unwrap_err().to_string(), message);
    }
}

#[test]
fn auto_settings_follow_the_game() {
    use beachcomber::games::shell_dash::{DEFAULT_DECK, ShellDash};
    let seashells2 = Seashells::new(2, Mode::Board, Scoring::Simple).unwrap();
    let seashells4 = Seashells::new(4, Mode::Board, Scoring::Simple).unwrap();
    let seaside2 = Seaside::new(2, Some(35), TokenSet::standard()).unwrap();
    let seaside4 = Seaside::new(4, Some(10), TokenSet::standard()).unwrap();
    let dash = ShellDash::new(2, DEFAULT_DECK, 200).unwrap();
    let auto = "expert(iterations=50)";
    let (e, r) = settled(&seashells2, auto);
    assert_eq!((e.cutoff, e.belief, r), (Some(6), 1.0, Rollout::Random));
    let (e, r) = settled(&seashells4, auto);
    assert_eq!((e.cutoff, e.belief, r), (None, 1.0, Rollout::Random));
    let (e, r) = settled(&seaside2, auto);
    assert_eq!((e.cutoff, e.belief, r), (None, 0.0, Rollout::Policy));
    let (e, r) = settled(&seaside4, auto);
    assert_eq!((e.cutoff, e.belief, r), (None, 0.0, Rollout::Policy));
    let (e, r) = settled(&dash, auto);
    assert_eq!((e.cutoff, e.belief, r), (None, 0.0, Rollout::Random));
    // Given values are kept; only `auto` is tuned.
    let (e, r) = settled(&seashells2, "expert(iterations=50,cutoff=end,belief=0.25)");
    assert_eq!((e.cutoff, e.belief, r), (None, 0.25, Rollout::Random));
    let (e, r) = settled(&seaside2, "expert(iterations=50,cutoff=4,rollout=random)");
    assert_eq!((e.cutoff, e.belief, r), (Some(4), 0.0, Rollout::Random));
    let (e, r) = settled(&seashells2, "expert(iterations=50,rollout=greedy)");
    assert_eq!((e.cutoff, e.belief, r), (Some(6), 1.0, Rollout::Greedy));
}

/// `trees=K` searches K trees seeded from the decision's rng and merges
/// their root statistics: the same decision and the same merged counts on
/// one thread or two, each tree spending the whole budget.
#[test]
fn root_parallel_trees_are_the_same_on_any_thread_count() {
    use beachcomber::game::Game;
    use beachcomber_bots::root_parallel::RootParallel;
    let game = Seashells::new(2, Mode::Board, Scoring::Simple).unwrap();
    let mut rng = rng_from_seed(5);
    let mut state = game.new_game(&mut rng);
    for _ in 0..7 {
        let a = game.random_action(&state, &mut rng);
        game.play_unchecked(&mut state, a);
    }
    let config = expert("expert(iterations=300)");
    let decide = |threads: usize| {
        let pool = rayon::ThreadPoolBuilder::new()
            .num_threads(threads)
            .build()
            .unwrap();
        pool.install(|| {
            let mut bot = RootParallel::new(3, || config.bot::<Seashells>());
            let action = bot.choose(&game, &state, &mut rng_from_seed(11));
            (action, bot.root_stats().to_vec())
        })
    };
    let (one, stats_one) = decide(1);
    let (two, stats_two) = decide(2);
    assert_eq!(one, two);
    assert_eq!(stats_one, stats_two);
    assert_eq!(stats_one.iter().map(|s| s.visits).sum::<u64>(), 3 * 300);
    // The trees differ (their own seeds), so the merge is not one tree x 3.
    let mut single = config.bot::<Seashells>();
    single.choose(&game, &state, &mut rng_from_seed(11));
    assert_ne!(
        single
            .root_stats()
            .iter()
            .map(|s| 3 * s.visits)
            .collect::<Vec<_>>(),
        stats_one.iter().map(|s| s.visits).collect::<Vec<_>>()
    );
}
