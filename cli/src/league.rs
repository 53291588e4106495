//! `beachcomber league`: a round robin between bots, rated with a
//! Bradley-Terry model (Elo scale) with bootstrap 95% intervals. The
//! league (lineups, plan, ratings) is the library's
//! [`beachcomber::league`]; this module reads the flags into a
//! [`LeagueSpec`], plays leagues into their files ([`crate::runs`]) and
//! prints the ratings.

use beachcomber::league::{DEFAULT_GAMES_PER_PAIRING, LeagueSpec};
use beachcomber_bots::BotSet;
use beachcomber_store::build::league::LeagueText;
use beachcomber_store::build::{self, Names};
use beachcomber_store::counts::Resamples;
pub use beachcomber_store::planned::PlannedLeagues;
use clap::Args;

use crate::engines::Engines;
use crate::error::CliError;
use crate::runs::{self, RunArgs};
use beachcomber_store::files::names::pairs_beside;

/// Examples shown after `beachcomber league --help`.
pub const EXAMPLES: &str = "\
Examples:
  beachcomber league --game seashells --players 2 --bots 'ismcts(iterations=200),greedy,random' \\
      --games-per-pairing 200 --seed 1 --summary ratings.csv
  beachcomber league --game shell-dash --players 2 --bots 'ismcts,pimc,greedy,random' \\
      --games-per-pairing 1000 --out games.csv --record games.jsonl.zst

Every pairing plays the same deals under every seat rotation; with more than
two players a pairing is each bot against copies of the other. Ratings are
Bradley-Terry on the Elo scale, the first bot (or --anchor BOT) at 0, with
bootstrap 95% intervals over deals. Interrupt with Ctrl-C and continue with --resume.
See docs/tournaments.md.";

/// Options of `beachcomber league`.
#[derive(Args, Debug)]
#[command(
    mut_arg("summary", |a| a.help(
        "Write the ratings as CSV here: per bot its rating (Elo scale, relative to the anchor) \
         with its bootstrap 95% interval, games, win share and mean rank; NAME.pairs.csv beside \
         it holds every pairing's result (docs/tournaments.md)"
    )),
    mut_arg("seed", |a| a.help("Run seed: deal d of every pairing is dealt from (seed, d)")),
)]
pub struct LeagueArgs {
    /// The game and the player count.
    #[command(flatten)]
    pub choice: crate::game_choice::GameChoice,
    /// The bots to rate (two or more distinct specs, separated by commas).
    #[arg(long, value_name = "SPECS", long_help = crate::help::bots_help())]
    pub bots: String,
    /// Games of each pairing: a multiple of 2 with 2 players, of 2 × players
    /// with more (the seat rotations of both lineups of a pairing).
    #[arg(long, value_name = "K", default_value_t = DEFAULT_GAMES_PER_PAIRING,
          value_parser = clap::value_parser!(u64).range(1..))]
    pub games_per_pairing: u64,
    /// The seed (its help is the command's own, above).
    #[command(flatten)]
    pub seed: crate::flags::SeedArg,
    /// The bot rated 0, one of --bots (default: the first).
    #[arg(long, value_name = "BOT")]
    pub anchor: Option<String>,
    /// Bootstrap resamples for the 95% intervals.
    #[arg(long, value_name = "N", default_value_t = Resamples::DEFAULT)]
    pub resamples: Resamples,
    /// Outputs, threads, progress, resume, shard.
    #[command(flatten)]
    pub run: RunArgs,
    /// External bots (docs/protocol.md).
    #[command(flatten)]
    pub engines: crate::engines::EngineArgs,
}

impl LeagueArgs {
    /// The league the flags describe (external engines seated by their
    /// names, in `--bots` and `--anchor`), and its bots.
    pub fn spec(&self, engines: &Engines) -> Result<(LeagueSpec, BotSet), CliError> {
        let text = LeagueText {
            game: &self.choice.game,
            players: self.choice.players,
            bots: &self.bots,
            games_per_pairing: self.games_per_pairing,
            seed: self.seed.get(),
            anchor: self.anchor.as_deref(),
            resamples: self.resamples,
        };
        Ok(build::league::league(
            &text,
            engines.aliases(),
            Names::Flags,
        )?)
    }
}

/// Run the command.
pub fn run(args: LeagueArgs) -> Result<(), CliError> {
    let engines = args.engines.start()?;
    let (spec, bots) = args.spec(&engines)?;
    let league = build::league::check(&spec, Names::Flags)?;
    let control = args.run.control.control()?;
    let planned = PlannedLeagues {
        leagues: vec![league],
        bots,
        labelled: false,
        resamples: args.resamples,
    };
    let mut paths = args.run.paths(control.shard);
    paths.pairs = paths.summary.as_deref().and_then(pairs_beside);
    let result = beachcomber_store::study_runs::execute_league(
        &planned,
        paths,
        None,
        &control,
        runs::ports(&engines, &runs::terminal(control.quiet)),
    )?;
    let league = &planned.leagues[0];
    let (spec, players) = (&league.run, league.run.players);
    let names = spec.bots();
    let per_pairing = beachcomber::league::games_per_deal(players);
    for note in engines.failure_notes() {
        eprintln!("{note}");
    }
    if args.run.control.quiet {
        return Ok(());
    }
    let totals = &result.totals[0];
    let (ratings, converged) =
        beachcomber::league::ratings(spec, totals, args.resamples.get(), league.anchor)
            .map_err(CliError::Ratings)?;
    out!(
        "league of {} bots: {} games of {} with {}, seed {}, {} deals x {} games per pairing ({:.0} games/s)",
        names.len(),
        totals.games,
        spec.game,
        crate::help::players_text(players),
        spec.seed,
        spec.deals,
        per_pairing,
        result.played_now as f64 / result.elapsed.as_secs_f64().max(1e-9)
    );
    if let Some(line) = beachcomber::games::variants::variants_line([spec.game.as_str()]) {
        out!("{line}");
    }
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
