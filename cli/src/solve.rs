//! `beachcomber solve`: solo Shell Dash solved by value iteration in the
//! well-mixed model (`beachcomber::games::shell_dash::solve`), with
//! optional Monte Carlo checks of the solved policy through the engine.

use std::time::Instant;

use beachcomber::games::shell_dash::ShellDash;
use beachcomber::games::shell_dash::solve::{
    DuelSummary, FixedPolicy, PoolView, SolveError, SolvedPolicy, TurnsSummary, calibrate,
    duel_vs_random, model_games, observable_states_lower_bound, solo_games, solve,
};
use beachcomber::games::{AnyGame, game_names};
use beachcomber::spec::{Spec, SpecError};
use clap::Args;

/// Examples shown after `beachcomber solve --help`.
pub const EXAMPLES: &str = "\
Examples:
  beachcomber solve --game shell-dash
  beachcomber solve --game 'shell-dash(reshuffle=empty)' --tolerance 1e-12
  beachcomber solve --game shell-dash --check 20000 --seed 2026
  beachcomber solve --game shell-dash --duel 3000 --seed 2026

Solo Shell Dash only. The model mixes the discard pile back into the unseen
cards at every turn's start (see docs/bots.md, \"Shell Dash: the skill
ceiling\"); --check plays the solved policy in the model's games and in real
games through the engine, --duel against a random opponent in 2-player games.";

/// Options of `beachcomber solve`.
#[derive(Args, Debug)]
#[command(mut_arg("seed", |a| a.help("Seed of the --check and --duel games")))]
pub struct SolveArgs {
    /// Game spec: `shell-dash(...)` (solo).
    #[arg(long, value_name = "SPEC")]
    pub game: String,
    /// Number of players: the solver is for solo games.
    #[arg(long, value_name = "N", default_value_t = 1)]
    pub players: usize,
    /// Stop value iteration when no value changes by this much in a sweep
    /// (expected turns).
    #[arg(long, value_name = "X", default_value_t = 1e-9)]
    pub tolerance: f64,
    /// Also play the solved policy in this many games of the model and of
    /// the real game (solo), with 95% intervals.
    #[arg(long, value_name = "G", value_parser = clap::value_parser!(u64).range(2..))]
    pub check: Option<u64>,
    /// Also play the solved policy (solo-optimal from its own holdings)
    /// against a random opponent in this many 2-player games per seat order.
    #[arg(long, value_name = "G", value_parser = clap::value_parser!(u64).range(2..))]
    pub duel: Option<u64>,
    /// Rounds of approximate policy iteration in the real game after
    /// --check: each round measures the policy's turns from every
    /// turn-start state in --check real games (seed + round), looks ahead
    /// with those values, and plays --check games with a fresh seed.
    #[arg(long, value_name = "R", default_value_t = 0, requires = "check")]
    pub refine: u32,
    /// The seed (its help is the command's own, above).
    #[command(flatten)]
    pub seed: crate::flags::SeedArg,
}

/// Why `solve` refused its options or could not solve the game.
#[derive(Debug, thiserror::Error)]
pub enum SolveCommandError {
    /// Not one player.
    #[error("--players: the solver plays solo Shell Dash (1 player), not {0}")]
    NotSolo(usize),
    /// Another game than Shell Dash.
    #[error("--game: the solver plays shell-dash, not {0}")]
    OtherGame(String),
    /// The spec does not parse or build.
    #[error("--game: {0}")]
    Game(SpecError),
    /// The two-player game of `--duel` cannot be made (the library's
    /// message).
    #[error("--game: {0}")]
    DuelGame(String),
    /// Value iteration failed.
    #[error("solve: {0}")]
    Solve(SolveError),
}

/// Run the command.
pub fn run(args: SolveArgs) -> Result<(), crate::error::CliError> {
    if args.players != 1 {
        return Err(SolveCommandError::NotSolo(args.players).into());
    }
    let spec: Spec = args.game.parse().map_err(SolveCommandError::Game)?;
    if spec.name != "shell-dash" && game_names().contains(&spec.name.as_str()) {
        return Err(SolveCommandError::OtherGame(spec.name).into());
    }
    let game = crate::game_choice::resolve("--game", &args.game)?;
    let any = AnyGame::from_spec(&game, 1).map_err(SolveCommandError::Game)?;
    let Some(game) = any.downcast::<ShellDash>() else {
        return Err(SolveCommandError::OtherGame(any.name().to_string()).into());
    };
    let started = Instant::now();
    let solution = solve(game, args.tolerance).map_err(SolveCommandError::Solve)?;
    let seconds = started.elapsed().as_secs_f64();
    out!("game: {} (solo)", any.canonical_spec());
    out!(
        "observable turn-start states of the real game: at least {:.3e} (rows, Shells, Flip-Flops, discard pile)",
        observable_states_lower_bound(&game.deck_counts()) as f64
    );
    out!(
        "model: {} turn-start states, {} within-turn states per sweep",
        solution.turn_start_states(),
        solution.walk_states
    );
    out!(
        "value iteration: {} sweeps, last change {:.1e} (tolerance {:e})",
        solution.sweeps,
        solution.change,
        args.tolerance
    );
    out!(
        "optimal expected turns (model): {:.9}",
        solution.expected_turns()
    );
    out!("time: {seconds:.2} s");
    if let Some(games) = args.check {
        let policy = SolvedPolicy::new(&solution, PoolView::Observed);
        let model = SolvedPolicy::new(&solution, PoolView::Model);
        show(
            "policy in the model's games",
            &model_games(game, &model, games, args.seed.get()),
        );
        show(
            "policy in real games (model view: never reshuffles)",
            &solo_games(game, &model, games, args.seed.get()),
        );
        show(
            "policy in real games (observed unseen cards, reshuffle lookahead)",
            &solo_games(game, &policy, games, args.seed.get()),
        );
        for (name, spend, shuffle) in [
            ("always spend, never reshuffle", true, false),
            ("always spend, always reshuffle", true, true),
            ("never spend, never reshuffle", false, false),
        ] {
            show(
                &format!("fixed rule in real games ({name})"),
                &solo_games(
                    game,
                    &FixedPolicy { spend, shuffle },
                    games,
                    args.seed.get(),
                ),
            );
        }
        let mut refined = policy.clone();
        for round in 1..=args.refine {
            let values = calibrate(game, &refined, games, args.seed.get() + round as u64);
            refined = refined.with_values(values);
            show(
                &format!("round {round} of policy iteration in real games"),
                &solo_games(game, &refined, games, args.seed.get() + 1000 + round as u64),
            );
        }
        if args.refine > 0 {
            out!(
                "refined values, start of the game: {:.4} turns",
                refined.values().get(3, 0, 0)
            );
        }
    }
    if let Some(games) = args.duel {
        let duel_game = ShellDash::with_reshuffle(
            2,
            game.deck_counts(),
            game.max_turns(),
            game.reshuffle_rule(),
        )
        .map_err(|e| SolveCommandError::DuelGame(e.to_string()))?;
        for (name, view) in [
            ("solved policy, observed view", PoolView::Observed),
            ("solved policy, model view", PoolView::Model),
        ] {
            let policy = SolvedPolicy::new(&solution, view);
            let d = duel_vs_random(&duel_game, &policy, games, args.seed.get());
            show_duel(name, &d);
        }
        let fixed = FixedPolicy {
            spend: true,
            shuffle: false,
        };
        let d = duel_vs_random(&duel_game, &fixed, games, args.seed.get());
        show_duel("always spend, never reshuffle", &d);
    }
    Ok(())
}

fn show(what: &str, t: &TurnsSummary) {
    out!(
        "{what}: {:.4} ± {:.4} turns ({} games, {} capped)",
        t.mean,
        t.half_width,
        t.games,
        t.capped
    );
}

fn show_duel(what: &str, d: &DuelSummary) {
    let lo = d.share - d.half_width;
    let hi = d.share + d.half_width;
    out!(
        "2 players, {what} against random: win share {:.4} [{:.4}, {:.4}] \
         (first seat {:.4}, second seat {:.4}; {} games per order), Elo {:+.1} [{:+.1}, {:+.1}]",
        d.share,
        lo,
        hi,
        d.share_first,
        d.share_second,
        d.games_per_order,
        DuelSummary::elo(d.share),
        DuelSummary::elo(lo),
        DuelSummary::elo(hi)
    );
}

crate::error::command_error!(SolveCommandError);
