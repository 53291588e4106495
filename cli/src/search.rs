//! `beachcomber search`: a design-space search (docs/search.md). The flags
//! become the store's [`SearchSpec`]; the store plays the rounds, confirms
//! the survivors and writes the files; this prints the answer.

use std::path::PathBuf;

use beachcomber::search::{Constraint, Objective, Spending};
use beachcomber::spec::one_line_path;
use beachcomber::sweep::Vary;
use beachcomber_store::files::names::SUMMARY_MD;
use beachcomber_store::files::out_folder::check_out_parent;
use beachcomber_store::lineups::parse_lineups;
use beachcomber_studies::pipeline::search_file::play;
use beachcomber_studies::search::{self, SearchSpec};
use clap::Args;

use crate::engines::Engines;
use crate::error::CliError;
use crate::flag_error::FlagError;
use crate::runs::RunControl;

/// Examples shown after `beachcomber search --help`.
pub const EXAMPLES: &str = "\
Examples:
  beachcomber search --game seaside --players 2 --vary removed=0..=50 --bots greedy \\
      --objective 'seat_ratio:0 near 1 margin 0.05' --seed 5 --confirm-seed 6 --out search-removed
  beachcomber search --game seaside --players 2 --bots greedy --vary removed=0..=40:10 \\
      --objective 'seat_ratio:0 near 1 margin 0.05' --constraint 'skill:greedy>random >= 100 elo' \\
      --constraint 'seat_ratio:0 near 1 <= baseline + 0.02' --baseline players=4 \\
      --confirm-games 60000 --seed 7 --confirm-seed 8 --out search-removed-skill
  beachcomber search --game shell-dash --players 2 --bots greedy \\
      --vary deck.Shell=6..=24 --vary deck.Jellyfish=4..=16 --bound 'deck.Shell+deck.Jellyfish in 14..=36' \\
      --objective 'seat_ratio:0 near 1 margin 0.05' --constraint 'mean_turns <= 9' \\
      --max-candidates 60 --max-games 200000 --seed 11 --confirm-seed 12 --out search-deck

QUANTITY is seat_ratio:S (seat S's players x win share; 1 = fair), tie_rate,
mean_turns, a game-quality metric (mean_lead_changes, mean_drama,
mean_decisiveness, comeback_rate, mean_branching: measured when named), or
skill:STRONG>WEAK (STRONG's players x win share against WEAK in the other
seats, played by a lineup of its own: 1 = no skill expressed).
An objective is `QUANTITY min`, `QUANTITY max` or `QUANTITY near X`, then
`margin M`: values closer than M are equally good. The first objective orders
the pick and the proposals.

Every candidate of a round plays the same deals; a candidate leaves when it
fails a constraint or another beats it on every objective, each with
significance; the error of all eliminations together is at most --alpha,
spent over --max-candidates and --max-rounds (docs/search.md). A space with
at most --max-candidates feasible points is raced whole; a larger one starts
from --initial random points and a model (NTBEA) proposes --proposals more
after each round. The survivors are played again on --confirm-seed.

The folder gets rounds/R/ (each round's games, a sweep), confirm/,
candidates.csv, rounds.csv, front.csv, confirm.csv and summary.md. A search
resumes (--resume) from its rounds' files; the results do not depend on
--threads. Over machines, each round is played as shards (--shard I/N) and
joined (--merge N), round after round: the same files as on one machine.";

/// Options of `beachcomber search`.
#[derive(Args, Debug, Clone)]
#[command(mut_arg("seed", |a| a.help("The search's seed (its rounds' deals and its proposals)")))]
pub struct SearchArgs {
    /// Game spec the varied options are set in.
    #[arg(long, value_name = "SPEC", long_help = crate::help::game_help())]
    pub game: String,
    /// The player count.
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u64).range(1..=16))]
    pub players: u64,
    /// An option and its values, as for `sweep` (`removed=0..=50`,
    /// `deck.Shell=6..=24:2`, `compensation.1=0..=6`,
    /// `tokens.Beach-Wave=0..=12`). Repeatable: the space is every
    /// combination.
    #[arg(long, value_name = "KEY=VALUES", required = true)]
    pub vary: Vec<String>,
    /// A bound on a sum of varied integer options: `KEY+KEY in LO..=HI`.
    /// Repeatable.
    #[arg(long, value_name = "KEYS in LO..=HI")]
    pub bound: Vec<String>,
    /// A point raced from round 0 whatever the space's size (a reference,
    /// such as an earlier grid's best): every varied key with its value,
    /// `KEY=VALUE,KEY=VALUE`. Repeatable; summary.md compares the pick with
    /// each.
    #[arg(long, value_name = "KEY=VALUE,...")]
    pub include: Vec<String>,
    /// The lineup, as for `sweep` (one spec for every seat, one per seat,
    /// or two: the first against the second) [default: random].
    #[arg(long, value_name = "SPECS", long_help = crate::help::bots_help())]
    pub bots: Option<String>,
    /// An objective: `QUANTITY min|max|near X margin M`. Repeatable; the
    /// first orders the pick.
    #[arg(long, value_name = "OBJECTIVE", required = true)]
    pub objective: Vec<String>,
    /// A constraint: `QUANTITY <= X` or `QUANTITY >= X`; the left side may
    /// be `QUANTITY near T` (its distance from T), the right side
    /// `baseline + M` (the --baseline setting's value), a skill's bound `X
    /// elo`; or a skill order `order:A>B>C >= X elo`. Repeatable.
    #[arg(long, value_name = "CONSTRAINT")]
    pub constraint: Vec<String>,
    /// The baseline setting the constraints against `baseline` are tested
    /// against, played beside the candidates every round: options of the
    /// game and perhaps another player count, `KEY=VALUE,...` (e.g.
    /// `players=4`).
    #[arg(long, value_name = "KEY=VALUE,...")]
    pub baseline: Option<String>,
    /// The family-wise error of every elimination together.
    #[arg(long, value_name = "A", default_value_t = search::DEFAULT_ALPHA)]
    pub alpha: f64,
    /// How the race spends its error: `max-t` (one critical value per round
    /// from the joint law of the intervals, docs/search.md) or `union` (the
    /// union bound of the searches committed before it).
    #[arg(long, value_name = "RACE", default_value = "max-t", value_parser = parse_race)]
    pub race: Spending,
    /// Most candidates evaluated (the error is spent over them).
    #[arg(long, value_name = "K", default_value_t = search::DEFAULT_CANDIDATES)]
    pub max_candidates: usize,
    /// Most rounds (the error is spent over them).
    #[arg(long, value_name = "R", default_value_t = search::DEFAULT_ROUNDS)]
    pub max_rounds: usize,
    /// Deals per candidate in round 0, doubled every round.
    #[arg(long, value_name = "D", default_value_t = search::DEFAULT_FIRST_DEALS)]
    pub first_deals: u64,
    /// Most games of the rounds (the confirmation is apart).
    #[arg(long, value_name = "G", default_value_t = search::DEFAULT_GAMES)]
    pub max_games: u64,
    /// Random candidates at the start of a space larger than
    /// --max-candidates.
    #[arg(long, value_name = "N", default_value_t = search::DEFAULT_INITIAL)]
    pub initial: usize,
    /// Candidates the model proposes after each round (a space larger
    /// than --max-candidates).
    #[arg(long, value_name = "N", default_value_t = search::DEFAULT_PROPOSALS)]
    pub proposals: usize,
    /// The model's exploration constant, on losses scaled to [0, 1].
    #[arg(long, value_name = "C", default_value_t = search::DEFAULT_EXPLORATION)]
    pub exploration: f64,
    /// The seed (its help is the command's own, above).
    #[command(flatten)]
    pub seed: crate::flags::SeedArg,
    /// Play the survivors again on this seed (a seed no earlier run used);
    /// without it nothing is confirmed, and summary.md says so.
    #[arg(long, value_name = "S")]
    pub confirm_seed: Option<u64>,
    /// The lineup that plays the confirmation (multi-fidelity: --bots
    /// screens in the rounds, this one judges the survivors, e.g.
    /// `ismcts`) [default: --bots].
    #[arg(long, value_name = "SPECS")]
    pub strong_bots: Option<String>,
    /// The most survivors confirmed: the front first, then the others by
    /// the first objective (the --include references are confirmed too).
    #[arg(long, value_name = "N", default_value_t = search::DEFAULT_CONFIRM_MOST)]
    pub confirm_most: usize,
    /// Candidates eliminated as dominated played again in the
    /// confirmation beside the survivors: what the screen may have dropped.
    #[arg(long, value_name = "N", default_value_t = search::DEFAULT_RECHECK)]
    pub recheck: usize,
    /// Run even when the budget cannot resolve the yes/no test of the
    /// pick (docs/search.md, "The plan"): the answer can then only be
    /// inconclusive.
    #[arg(long)]
    pub allow_unresolvable: bool,
    /// Most games of the confirmation [default: a quarter of --max-games].
    #[arg(long, value_name = "G")]
    pub confirm_games: Option<u64>,
    /// The folder to write into (created if needed).
    #[arg(long, value_name = "DIR")]
    pub out: PathBuf,
    /// Join the N finished shards (`--shard I/N`) of the first round not
    /// finished (or of the confirmation), then go on with what needs no
    /// games: the next round's plan, or the files when the search is over.
    #[arg(long, value_name = "N", conflicts_with = "shard",
          value_parser = clap::value_parser!(u64).range(1..))]
    pub merge: Option<u64>,
    /// Threads, progress, resume, checkpoints, and --shard I/N: play shard
    /// I of the first round not finished (or of the confirmation) into
    /// `DIR/rounds/R/shards/I/`, then stop.
    #[command(flatten)]
    pub control: RunControl,
}

/// `--race`'s word ([`Spending::parse`]'s message, listing the allowed).
fn parse_race(text: &str) -> Result<Spending, String> {
    Spending::parse(text).map_err(|e| e.to_string())
}

/// Why `search`'s flags are refused.
#[derive(Debug, thiserror::Error)]
pub enum SearchFlagError {
    /// `--strong-bots` ([`parse_lineups`]'s message).
    #[error("--strong-bots: {0}")]
    StrongBots(beachcomber_store::lineups::LineupsError),
}

crate::error::command_error!(SearchFlagError, beachcomber_studies::search::SearchRunError);

impl SearchArgs {
    /// The search the flags describe.
    pub fn spec(&self) -> Result<SearchSpec, CliError> {
        let varies = self
            .vary
            .iter()
            .map(|v| v.parse::<Vary>().map_err(FlagError::of("--vary")))
            .collect::<Result<Vec<_>, _>>()?;
        let given = vec![self.bots.clone().unwrap_or_else(|| "random".to_string())];
        let (mut lineups, bots) = parse_lineups(&given, Engines::default().aliases())
            .map_err(crate::sweep::SweepCommandError::Lineups)?;
        let objectives = self
            .objective
            .iter()
            .map(|text| Objective::parse_declared(text).map_err(FlagError::of("--objective")))
            .collect::<Result<Vec<_>, _>>()?;
        let players = self.players as usize;
        let mut constraints = Vec::new();
        for text in &self.constraint {
            constraints.extend(
                Constraint::parse_all(text, players).map_err(FlagError::of("--constraint"))?,
            );
        }
        let baseline = self
            .baseline
            .as_deref()
            .map(|t| search::Baseline::parse(t, players).map_err(FlagError::of("--baseline")))
            .transpose()?;
        let strong = match &self.strong_bots {
            None => None,
            Some(text) => {
                let (mut specs, bots) =
                    parse_lineups(std::slice::from_ref(text), Engines::default().aliases())
                        .map_err(SearchFlagError::StrongBots)?;
                Some(search::Lineup {
                    specs: specs.remove(0),
                    bots,
                })
            }
        };
        let include = self
            .include
            .iter()
            .map(|t| beachcomber::compare::parse_pairs(t).map_err(FlagError::of("--include")))
            .collect::<Result<Vec<_>, _>>()?;
        Ok(SearchSpec {
            game: crate::game_choice::resolve("--game", &self.game)?,
            players: self.players as usize,
            lineup: lineups.remove(0),
            bots,
            varies,
            bounds: self.bound.clone(),
            include,
            objectives,
            constraints,
            baseline,
            alpha: self.alpha,
            race: Some(self.race),
            max_candidates: self.max_candidates,
            max_rounds: self.max_rounds,
            first_deals: self.first_deals,
            max_games: self.max_games,
            initial: self.initial,
            proposals: self.proposals,
            exploration: self.exploration,
            seed: self.seed.get(),
            confirm_seed: self.confirm_seed,
            confirm_games: self.confirm_games,
            strong,
            confirm_most: self.confirm_most,
            recheck: self.recheck,
            preface: String::new(),
            allow_unresolvable: self.allow_unresolvable,
            power_sized_confirmation: true,
        })
    }
}

/// Run the command.
pub fn run(args: SearchArgs) -> Result<(), CliError> {
    let spec = args.spec()?;
    let control = args.control.control()?;
    // The folder is created once the search is planned; its parent must
    // exist (as for every --out).
    check_out_parent("--out", &args.out)?;
    let engines = Engines::default();
    let reporter = crate::runs::terminal(control.quiet);
    let ports = crate::experiment::ports::terminal(&engines, &reporter);
    beachcomber_studies::pipeline::search_file::check_plan(&spec, &ports, false)?;
    let Some((outcome, _)) = play(&spec, &args.out, &args.out, &control, args.merge, &ports)?
    else {
        return Ok(());
    };
    if !control.quiet {
        let race = &outcome.search.race;
        let confirmed = outcome.confirmation.as_ref().map_or(0, |c| c.games);
        out!(
            "{} candidates, {} rounds, {} games (and {confirmed} confirming) -> {}",
            race.candidates.len(),
            outcome.search.rounds,
            outcome.search.games,
            one_line_path(&args.out)
        );
        match race.pick() {
            Some(p) => out!(
                "pick: candidate {p}: {}",
                outcome
                    .search
                    .space
                    .values(&race.candidates[p].point)
                    .into_iter()
                    .map(|(k, v)| format!("{k}={v}"))
                    .collect::<Vec<_>>()
                    .join(", ")
            ),
            None => out!("no candidate meets the constraints"),
        }
        out!(
            "the answer and its guarantee: {}",
            one_line_path(&args.out.join(SUMMARY_MD))
        );
    }
    Ok(())
}
