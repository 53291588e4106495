//! `beachcomber league`: a round robin between bots, rated with a
//! Bradley-Terry model (Elo scale) with bootstrap 95% intervals.
//!
//! Design (docs/tournaments.md): every pairing plays the same deals (deal
//! `d` is dealt from the run seed and `d`, common random numbers across
//! pairings). With 2 players a pairing is one lineup `A,B` under both seat
//! rotations. With more players a pairing `{A, B}` is two lineups, `A`
//! against copies of `B` and `B` against copies of `A`, each under every
//! rotation, so each bot sits in every seat against the other. Each game is
//! decomposed into pairwise results between seats of distinct bots (the
//! better final rank wins, equal ranks draw), which the model fits; the
//! intervals resample whole deals (every pairing's games of a deal
//! together). The ratings do not depend on the order the bots are listed
//! in, except that the anchor (`--anchor`, by default the first) is at 0.

use beachcomber::games::AnyGame;
use beachcomber::spec::{one_line, split_top_level};
use beachcomber::stats::bradley_terry::{FitConfig, Rating, rate};
use beachcomber::tournament::{Count, Part, Plan, RunSpec, RunSpecError, Totals, rows};
use beachcomber_bots::BotConfig;
use clap::Args;

use crate::runs::{self, RunArgs, RunRequest};

/// Examples shown after `beachcomber league --help`.
pub const EXAMPLES: &str = "\
Examples:
  beachcomber league --game seashells --players 2 --bots 'ismcts(iterations=200),greedy,random' \\
      --games-per-pairing 200 --seed 1 --summary ratings.csv
  beachcomber league --game shell-dash --players 2 --bots 'ismcts,mcts,greedy,random' \\
      --games-per-pairing 1000 --out games.csv --record games.jsonl.zst

Every pairing plays the same deals under every seat rotation; with more than
two players a pairing is each bot against copies of the other. Ratings are
Bradley-Terry on the Elo scale, the first bot (or --anchor BOT) at 0, with
bootstrap 95% intervals over deals. Interrupt with Ctrl-C and continue with --resume.
See docs/tournaments.md.";

/// Bootstrap resamples for the rating intervals.
const DEFAULT_RESAMPLES: u32 = 1000;

/// Options of `beachcomber league`.
#[derive(Args, Debug)]
pub struct LeagueArgs {
    /// The game and the player count.
    #[command(flatten)]
    pub choice: crate::game_choice::GameChoice,
    /// The bots to rate (two or more distinct specs, separated by commas).
    #[arg(long, value_name = "SPECS", long_help = crate::bots_help())]
    pub bots: String,
    /// Games of each pairing: a multiple of 2 with 2 players, of 2 × players
    /// with more (the seat rotations of both lineups of a pairing).
    #[arg(long, value_name = "K", default_value_t = 100,
          value_parser = clap::value_parser!(u64).range(1..))]
    pub games_per_pairing: u64,
    /// Run seed: deal d of every pairing is dealt from (seed, d).
    #[arg(long, value_name = "S", default_value_t = 1)]
    pub seed: u64,
    /// The bot rated 0, one of --bots (default: the first).
    #[arg(long, value_name = "BOT")]
    pub anchor: Option<String>,
    /// Bootstrap resamples for the 95% intervals.
    #[arg(long, value_name = "N", default_value_t = DEFAULT_RESAMPLES,
          value_parser = clap::value_parser!(u32).range(100..=100_000))]
    pub resamples: u32,
    /// Outputs, threads, progress, resume, shard.
    #[command(flatten)]
    pub run: RunArgs,
    /// External bots (docs/protocol.md).
    #[command(flatten)]
    pub engines: crate::engines::EngineArgs,
}

/// The header of the ratings CSV (with its newline).
pub const RATINGS_HEADER: &str = "game_spec,players,seed,deals,games_per_pairing,bot,rating,low95,high95,\
games,win_share,win_low95,win_high95,mean_rank,converged\n";

/// The lineups of a league between `bots` (distinct canonical specs) for
/// `players` players, and the games each pairing plays per deal.
pub fn league_lineups(bots: &[String], players: usize) -> (Vec<Vec<String>>, u64) {
    let mut lineups = Vec::new();
    for i in 0..bots.len() {
        for j in i + 1..bots.len() {
            if players == 2 {
                lineups.push(vec![bots[i].clone(), bots[j].clone()]);
            } else {
                for (a, b) in [(i, j), (j, i)] {
                    let mut lineup = vec![bots[b].clone(); players];
                    lineup[0] = bots[a].clone();
                    lineups.push(lineup);
                }
            }
        }
    }
    let per_pairing = if players == 2 { 2 } else { 2 * players as u64 };
    (lineups, per_pairing)
}

/// The ratings of a league from its totals: one per bot of
/// [`RunSpec::bots`], bot `anchor` at 0, and whether the fit converged.
pub fn ratings(
    spec: &RunSpec,
    totals: &Totals,
    resamples: u32,
    anchor: usize,
) -> Result<(Vec<Rating>, bool), String> {
    let bots = spec.bots().len();
    let deals = totals
        .pairs
        .as_ref()
        .map(|p| p.per_deal())
        .unwrap_or_default();
    let seed = beachcomber::rng::deal_seed(spec.seed, u64::MAX);
    let config = FitConfig {
        anchor,
        ..FitConfig::default()
    };
    rate(bots, &deals, &config, resamples, seed).map_err(|e| e.to_string())
}

/// The games each pairing of the league `spec` plays (its
/// `games_per_pairing`), from the run itself: every pairing plays the same
/// number of games per deal.
pub fn games_per_pairing(spec: &RunSpec) -> u64 {
    let bots = spec.bots().len() as u64;
    let pairings = (bots * bots.saturating_sub(1) / 2).max(1);
    spec.deals * spec.games_per_deal() / pairings
}

/// The ratings CSV of the leagues of `plan` (one part per league, each
/// with its totals and its anchor, an index into its bots): the header,
/// then each league's rows in order.
pub fn plan_ratings_csv(
    plan: &Plan,
    totals: &[Totals],
    resamples: u32,
    anchors: &[usize],
) -> String {
    let mut text = RATINGS_HEADER.to_string();
    for (p, (part, t)) in plan.parts.iter().zip(totals).enumerate() {
        text.push_str(&ratings_rows(
            &part.run,
            t,
            games_per_pairing(&part.run),
            resamples,
            anchors.get(p).copied().unwrap_or(0),
        ));
    }
    text
}

/// The manifest settings naming each league's anchor that is not its first
/// bot (none by default, so a run without `--anchor` is described as
/// before): `anchor` for a single unlabelled league, `anchor.P` for part
/// `P` of a plan of leagues.
pub fn anchor_settings(leagues: &[Prepared], labelled: bool) -> Vec<(String, String)> {
    leagues
        .iter()
        .enumerate()
        .filter(|(_, l)| l.anchor != 0)
        .map(|(p, l)| {
            let key = if labelled {
                format!("anchor.{p}")
            } else {
                "anchor".to_string()
            };
            (key, l.spec.bots()[l.anchor].clone())
        })
        .collect()
}

/// Each league's anchor (an index into its bots) from a manifest's
/// settings ([`anchor_settings`]); 0 where none is named.
pub fn anchors_from_settings(plan: &Plan, settings: &[(String, String)]) -> Vec<usize> {
    let labelled = plan.parts.first().is_some_and(|p| !p.values.is_empty());
    plan.parts
        .iter()
        .enumerate()
        .map(|(p, part)| {
            let key = if labelled {
                format!("anchor.{p}")
            } else {
                "anchor".to_string()
            };
            settings
                .iter()
                .find(|(k, _)| *k == key)
                .and_then(|(_, bot)| part.run.bots().iter().position(|b| b == bot))
                .unwrap_or(0)
        })
        .collect()
}

/// The rows of the ratings CSV of one league (no header): one per bot,
/// none when the fit fails.
pub fn ratings_rows(
    spec: &RunSpec,
    totals: &Totals,
    per_pairing_games: u64,
    resamples: u32,
    anchor: usize,
) -> String {
    let mut text = String::new();
    let Ok((ratings, converged)) = ratings(spec, totals, resamples, anchor) else {
        return text;
    };
    for ((bot, r), t) in spec.bots().iter().zip(&ratings).zip(&totals.bots) {
        let (share, low, high) = t.win_share();
        text.push_str(&format!(
            "{},{},{},{},{},{},{:.1},{:.1},{:.1},{},{share:.4},{low:.4},{high:.4},{:.4},{}\n",
            rows::field(&spec.game),
            spec.players,
            spec.seed,
            spec.deals,
            per_pairing_games,
            rows::field(bot),
            r.rating,
            r.low95,
            r.high95,
            t.games,
            t.mean_rank(),
            u8::from(converged)
        ));
    }
    text
}

/// A league checked and expanded (nothing is played): its game, its run
/// and its bots.
#[derive(Clone, Debug)]
pub struct Prepared {
    /// The game.
    pub game: AnyGame,
    /// The run: every pairing's lineups on the same deals.
    pub spec: RunSpec,
    /// Each bot (distinct canonical specs, in the order given) with its
    /// configuration.
    pub bots: Vec<(String, BotConfig)>,
    /// Games of each pairing.
    pub games_per_pairing: u64,
    /// The bot rated 0: an index into `bots` (and [`RunSpec::bots`]).
    pub anchor: usize,
    /// The game spec as given, for the input files it names.
    pub choice: crate::game_choice::GameChoice,
}

/// Check and expand the league of `bots` (specs separated by top-level
/// commas, external engines' names already rewritten) at `choice`'s game
/// and player count, rated with `anchor` (one of the bots; `None`: the
/// first) at 0.
pub fn prepare(
    choice: &crate::game_choice::GameChoice,
    bots: &str,
    games_per_pairing: u64,
    seed: u64,
    anchor: Option<&str>,
) -> Result<Prepared, String> {
    let game = choice.build()?;
    let players = choice.players;
    if players < 2 {
        return Err(format!(
            "--players {players}: a league needs at least 2 players (rate solo play with `tournament`)"
        ));
    }
    let parts = split_top_level(bots).map_err(|e| format!("--bots: {e}"))?;
    let mut configs: Vec<(String, BotConfig)> = Vec::new();
    for part in parts {
        let config = BotConfig::parse(part).map_err(|e| format!("--bots: {e}"))?;
        let name = config.to_string();
        if configs.iter().any(|(n, _)| *n == name) {
            return Err(format!(
                "--bots: `{name}` is listed twice; list each bot once"
            ));
        }
        configs.push((name, config));
    }
    if configs.len() < 2 {
        return Err(format!(
            "--bots: a league needs at least two distinct bots, got {}",
            configs.len()
        ));
    }
    let names: Vec<String> = configs.iter().map(|(n, _)| n.clone()).collect();
    let anchor = match anchor {
        None => 0,
        Some(text) => {
            let canonical = BotConfig::parse(text)
                .map(|c| c.to_string())
                .unwrap_or_else(|_| text.trim().to_string());
            names.iter().position(|n| *n == canonical).ok_or_else(|| {
                format!(
                    "--anchor `{}` is not one of the league's bots: {}",
                    one_line(text),
                    names.join(", ")
                )
            })?
        }
    };
    let (lineups, per_pairing) = league_lineups(&names, players);
    if !games_per_pairing.is_multiple_of(per_pairing) {
        let lower = games_per_pairing / per_pairing * per_pairing;
        let upper = lower
            .checked_add(per_pairing)
            .map(|u| format!(" or {u}"))
            .unwrap_or_default();
        return Err(format!(
            "--games-per-pairing {games_per_pairing}: must be a multiple of {per_pairing} (the seat \
             rotations of a pairing with {players} players); use {}{upper}",
            lower.max(per_pairing),
        ));
    }
    let deals = games_per_pairing / per_pairing;
    let mut spec = RunSpec::with_lineups(
        &game.canonical_spec(),
        players,
        lineups,
        Count::Deals(deals),
        seed,
        true,
    )
    .map_err(|e| match e {
        RunSpecError::TooMany { .. } => format!("--games-per-pairing {games_per_pairing}: {e}"),
        e => format!("--bots: {e}"),
    })?;
    // Two bots at two players are one lineup: keep the pairwise results
    // per deal all the same (several lineups keep them anyway).
    spec.pairwise = spec.lineups.len() == 1;
    Ok(Prepared {
        game,
        spec,
        bots: configs,
        games_per_pairing,
        anchor,
        choice: crate::game_choice::GameChoice {
            game: choice.game.clone(),
            players,
        },
    })
}

/// The plan of `leagues`: one part per league. Unless `labelled`, a
/// single league is a plan of one part with no value columns (`beachcomber
/// league`); otherwise each league's rows begin with its `game_spec` and
/// `players`.
pub fn plan_of(leagues: &[Prepared], labelled: bool) -> Plan {
    if let ([one], false) = (leagues, labelled) {
        return Plan::single(one.spec.clone());
    }
    Plan {
        parts: leagues
            .iter()
            .map(|l| Part {
                values: vec![
                    ("game_spec".to_string(), l.spec.game.clone()),
                    ("players".to_string(), l.spec.players.to_string()),
                ],
                run: l.spec.clone(),
            })
            .collect(),
    }
}

/// Play `leagues` (at least one) as one plan ([`plan_of`]) into `run`'s
/// files: one pool, one manifest; the summary is the ratings CSV, one
/// block of rows per league, each fitted from its own part's totals.
pub fn execute(
    leagues: &[Prepared],
    labelled: bool,
    resamples: u32,
    run: &RunArgs,
    engines: &crate::engines::Engines,
) -> Result<runs::RunResult, String> {
    let plan = plan_of(leagues, labelled);
    let mut bots: Vec<(String, BotConfig)> = Vec::new();
    for (name, config) in leagues.iter().flat_map(|l| &l.bots) {
        if !bots.iter().any(|(n, _)| n == name) {
            bots.push((name.clone(), config.clone()));
        }
    }
    let shard = run.control.shard()?;
    engines.check(bots.iter().map(|(_, c)| c))?;
    if !run.control.quiet && bots.iter().any(|(_, c)| c.is_cheating()) {
        eprintln!(
            "note: `oracle` sees hidden information (cheats): an upper bound, not a fair opponent"
        );
    }
    let mut settings = Vec::new();
    if let ([one], false) = (leagues, labelled) {
        settings.push((
            "games_per_pairing".to_string(),
            one.games_per_pairing.to_string(),
        ));
    }
    settings.push(("resamples".to_string(), resamples.to_string()));
    settings.extend(anchor_settings(leagues, labelled));
    let games: Vec<AnyGame> = leagues.iter().map(|l| l.game.clone()).collect();
    let mut inputs = Vec::new();
    for l in leagues {
        for input in l.choice.inputs() {
            if !inputs.contains(&input) {
                inputs.push(input);
            }
        }
    }
    let request = RunRequest {
        command: "league",
        games: &games,
        plan: &plan,
        bots,
        settings,
        paths: run.paths(shard),
        inputs,
        resume: run.control.resume,
        quiet: run.control.quiet,
        threads: run.control.threads,
        sprt: None,
        shard,
        checkpoint_every: std::time::Duration::from_secs_f64(run.control.checkpoint_every),
        engines,
        folder: run.folder.clone(),
    };
    let anchors: Vec<usize> = leagues.iter().map(|l| l.anchor).collect();
    let summary = |totals: &[Totals]| plan_ratings_csv(&plan, totals, resamples, &anchors);
    runs::execute(&request, &summary)
}

/// Run the command.
pub fn run(args: LeagueArgs) -> Result<(), String> {
    let engines = args.engines.start()?;
    let bots_text = engines.rewrite_bots(&args.bots)?;
    let anchor = args
        .anchor
        .as_deref()
        .map(|a| engines.rewrite_bots(a))
        .transpose()?;
    let league = prepare(
        &args.choice,
        &bots_text,
        args.games_per_pairing,
        args.seed,
        anchor.as_deref(),
    )?;
    let result = execute(
        std::slice::from_ref(&league),
        false,
        args.resamples,
        &args.run,
        &engines,
    )?;
    let (spec, players) = (&league.spec, league.spec.players);
    let names: Vec<String> = league.bots.iter().map(|(n, _)| n.clone()).collect();
    let per_pairing = league_lineups(&names, players).1;
    for note in engines.failure_notes() {
        eprintln!("{note}");
    }
    if args.run.control.quiet {
        return Ok(());
    }
    let totals = &result.totals[0];
    let (ratings, converged) = ratings(spec, totals, args.resamples, league.anchor)?;
    out!(
        "league of {} bots: {} games of {} with {}, seed {}, {} deals x {} games per pairing ({:.0} games/s)",
        names.len(),
        totals.games,
        spec.game,
        crate::players_text(players),
        spec.seed,
        spec.deals,
        per_pairing,
        result.played_now as f64 / result.elapsed.as_secs_f64().max(1e-9)
    );
    let width = names.iter().map(String::len).max().unwrap_or(0).max(24);
    let anchor = &names[league.anchor];
    out!("ratings (Elo) relative to the anchor {anchor}, rated 0:");
    out!(
        "{:<width$} {:>8} {:>17} {:>7} {:>8} {:>17} {:>9}",
        "bot",
        "rating",
        "95% interval",
        "games",
        "win %",
        "95% interval",
        "mean rank"
    );
    let mut order: Vec<usize> = (0..names.len()).collect();
    order.sort_by(|&a, &b| ratings[b].rating.total_cmp(&ratings[a].rating));
    for i in order {
        let (r, t) = (&ratings[i], &totals.bots[i]);
        let (share, low, high) = t.win_share();
        out!(
            "{:<width$} {:>8.1} {:>7.1} - {:>7.1} {:>7} {:>7.2}% {:>6.2}% - {:>6.2}% {:>9.2}",
            names[i],
            r.rating,
            r.low95,
            r.high95,
            t.games,
            100.0 * share,
            100.0 * low,
            100.0 * high,
            t.mean_rank()
        );
    }
    out!(
        "Bradley-Terry on the Elo scale, {} anchored at 0; intervals: {} bootstrap resamples of the deals{}",
        anchor,
        args.resamples,
        if converged {
            ""
        } else {
            " (the fit did not converge)"
        }
    );
    Ok(())
}
