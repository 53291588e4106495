//! Leagues: a round robin between bots, played as one run (or several
//! leagues as one [`Plan`]) and rated with a Bradley-Terry model (Elo
//! scale) with bootstrap 95% intervals.
//!
//! # Design (docs/tournaments.md)
//!
//! Every pairing plays the same deals (deal `d` is dealt from the run seed
//! and `d`, common random numbers across pairings). With 2 players a
//! pairing is one lineup `A,B` under both seat rotations. With more players
//! a pairing `{A, B}` is two lineups, `A` against copies of `B` and `B`
//! against copies of `A`, each under every rotation, so each bot sits in
//! every seat against the other. Each game is decomposed into pairwise
//! results between seats of distinct bots (the better final rank wins,
//! equal ranks draw), which the model fits; the intervals resample whole
//! deals (every pairing's games of a deal together). The ratings do not
//! depend on the order the bots are listed in, except that the anchor (by
//! default the first bot) is at 0.
//!
//! The library knows no bot: a [`LeagueSpec`] names its bots by their
//! canonical specs, which the caller's bot parser gives.

pub mod pairs;

use std::fmt;

use crate::games::AnyGame;
use crate::spec::{SpecError, one_line};
use crate::stats::bradley_terry::{BtError, FitConfig, Rated, Rating, rate_with_samples};
use crate::tournament::{Count, Part, Plan, RunSpec, RunSpecError, Totals, rows};

/// Games of each pairing unless told otherwise.
pub const DEFAULT_GAMES_PER_PAIRING: u64 = 100;

/// Bootstrap resamples of the rating intervals unless told otherwise.
pub const DEFAULT_RESAMPLES: u32 = 1000;

/// The bootstrap resamples a league may be given (the command line's
/// `--resamples`, an experiment file's `resamples`, Python's
/// `resamples`; each builds the run store's `Resamples`, checked against
/// this): fewer make the 95% intervals' ends too few draws deep, more only
/// cost time.
pub const RESAMPLES: std::ops::RangeInclusive<u32> = 100..=100_000;

/// The header of the ratings CSV (with its newline).
pub const RATINGS_HEADER: &str = "game_spec,players,seed,deals,games_per_pairing,bot,rating,low95,high95,\
games,win_share,win_low95,win_high95,mean_rank,converged\n";

/// A bot named by a setting (a league's anchor): the text as written, and
/// its canonical spec (the text itself when it is no bot spec).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NamedBot {
    /// As written (for errors).
    pub text: String,
    /// The canonical spec it stands for.
    pub canonical: String,
}

/// A league, as given: checked by [`LeagueSpec::check`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LeagueSpec {
    /// The game spec (`seaside`, `seashells(scoring=advanced)`).
    pub game: String,
    /// The player count (2 or more).
    pub players: usize,
    /// The bots to rate: canonical specs, in order (each once).
    pub bots: Vec<String>,
    /// Games of each pairing: a multiple of [`games_per_deal`].
    pub games_per_pairing: u64,
    /// The run seed: deal `d` of every pairing is dealt from `(seed, d)`.
    pub seed: u64,
    /// The bot rated 0 (one of `bots`; `None`: the first).
    pub anchor: Option<NamedBot>,
}

/// The setting of a league an error is about (named as an experiment
/// file's key; the command line's option is `--` and the key with `-` for
/// `_`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Setting {
    /// The game spec.
    Game,
    /// The player count.
    Players,
    /// The bots.
    Bots,
    /// The games of each pairing.
    GamesPerPairing,
    /// The bot rated 0.
    Anchor,
}

impl Setting {
    /// The key: `game`, `players`, `bots`, `games_per_pairing`, `anchor`.
    pub fn key(self) -> &'static str {
        match self {
            Setting::Game => "game",
            Setting::Players => "players",
            Setting::Bots => "bots",
            Setting::GamesPerPairing => "games_per_pairing",
            Setting::Anchor => "anchor",
        }
    }
}

/// What is wrong with a league.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum LeagueError {
    /// The game refuses its spec or the player count.
    Game(SpecError),
    /// Fewer than two players.
    TooFewPlayers(usize),
    /// A bot listed twice (canonical spec).
    Duplicate(String),
    /// Fewer than two distinct bots.
    TooFewBots(usize),
    /// The anchor is none of the bots.
    Anchor {
        /// The anchor as written.
        anchor: String,
        /// The league's bots.
        bots: Vec<String>,
    },
    /// The games of a pairing are not whole deals.
    GamesPerPairing {
        /// Games asked for.
        games: u64,
        /// Games of a pairing per deal.
        per_deal: u64,
        /// Players.
        players: usize,
    },
    /// The run the league makes is refused.
    Run {
        /// Games of each pairing.
        games_per_pairing: u64,
        /// Why.
        error: RunSpecError,
    },
}

impl LeagueError {
    /// The setting the error is about.
    pub fn setting(&self) -> Setting {
        match self {
            LeagueError::Game(_) => Setting::Game,
            LeagueError::TooFewPlayers(_) => Setting::Players,
            LeagueError::Duplicate(_) | LeagueError::TooFewBots(_) => Setting::Bots,
            LeagueError::Anchor { .. } => Setting::Anchor,
            LeagueError::GamesPerPairing { .. } => Setting::GamesPerPairing,
            LeagueError::Run {
                error: RunSpecError::TooMany { .. },
                ..
            } => Setting::GamesPerPairing,
            LeagueError::Run { .. } => Setting::Bots,
        }
    }

    /// The message after the setting's name (` 3: must be ...`, `: ...`):
    /// the error is the setting's name (as a key or an option) then this.
    pub fn detail(&self) -> String {
        match self {
            LeagueError::Game(e) => format!(": {e}"),
            LeagueError::TooFewPlayers(players) => format!(
                " {players}: a league needs at least 2 players (rate solo play with `tournament`)"
            ),
            LeagueError::Duplicate(bot) => {
                format!(": `{}` is listed twice; list each bot once", one_line(bot))
            }
            LeagueError::TooFewBots(n) => {
                format!(": a league needs at least two distinct bots, got {n}")
            }
            LeagueError::Anchor { anchor, bots } => format!(
                " `{}` is not one of the league's bots: {}",
                one_line(anchor),
                bots.join(", ")
            ),
            LeagueError::GamesPerPairing {
                games,
                per_deal,
                players,
            } => {
                let lower = games / per_deal * per_deal;
                let upper = lower
                    .checked_add(*per_deal)
                    .map(|u| format!(" or {u}"))
                    .unwrap_or_default();
                format!(
                    " {games}: must be a multiple of {per_deal} (the seat rotations of a pairing \
                     with {players} players); use {}{upper}",
                    lower.max(*per_deal),
                )
            }
            LeagueError::Run {
                games_per_pairing,
                error: error @ RunSpecError::TooMany { .. },
            } => format!(" {games_per_pairing}: {error}"),
            LeagueError::Run { error, .. } => format!(": {error}"),
        }
    }
}

impl fmt::Display for LeagueError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.setting().key(), self.detail())
    }
}

impl std::error::Error for LeagueError {}

/// A league checked and expanded (nothing is played): its game and its
/// run, every pairing's lineups on the same deals.
#[derive(Clone, Debug)]
pub struct League {
    /// The game spec as given (for the input files it names).
    pub game_spec: String,
    /// The game.
    pub game: AnyGame,
    /// The run: every pairing's lineups on the same deals; its bots are
    /// the league's, in the order given.
    pub run: RunSpec,
    /// Games of each pairing.
    pub games_per_pairing: u64,
    /// The bot rated 0: an index into [`RunSpec::bots`].
    pub anchor: usize,
}

impl LeagueSpec {
    /// Check the league and expand it into its run.
    pub fn check(&self) -> Result<League, LeagueError> {
        let players = self.players;
        let game = AnyGame::from_spec(&self.game, players).map_err(LeagueError::Game)?;
        if players < 2 {
            return Err(LeagueError::TooFewPlayers(players));
        }
        for (i, bot) in self.bots.iter().enumerate() {
            if self.bots[..i].contains(bot) {
                return Err(LeagueError::Duplicate(bot.clone()));
            }
        }
        if self.bots.len() < 2 {
            return Err(LeagueError::TooFewBots(self.bots.len()));
        }
        let anchor = match &self.anchor {
            None => 0,
            Some(named) => self
                .bots
                .iter()
                .position(|b| *b == named.canonical)
                .ok_or_else(|| LeagueError::Anchor {
                    anchor: named.text.clone(),
                    bots: self.bots.clone(),
                })?,
        };
        let per_deal = games_per_deal(players);
        if !self.games_per_pairing.is_multiple_of(per_deal) {
            return Err(LeagueError::GamesPerPairing {
                games: self.games_per_pairing,
                per_deal,
                players,
            });
        }
        let mut run = RunSpec::with_lineups(
            &game.canonical_spec(),
            players,
            lineups(&self.bots, players),
            Count::Deals(self.games_per_pairing / per_deal),
            self.seed,
            true,
        )
        .map_err(|error| LeagueError::Run {
            games_per_pairing: self.games_per_pairing,
            error,
        })?;
        // Two bots at two players are one lineup: keep the pairwise results
        // per deal all the same (several lineups keep them anyway).
        run.pairwise = run.lineups.len() == 1;
        Ok(League {
            game_spec: self.game.clone(),
            game,
            run,
            games_per_pairing: self.games_per_pairing,
            anchor,
        })
    }
}

/// The games a pairing plays per deal at `players` players: the seat
/// rotations of its lineups (2 with 2 players, else 2 x players).
pub fn games_per_deal(players: usize) -> u64 {
    if players == 2 { 2 } else { 2 * players as u64 }
}

/// The lineups of a league between `bots` (distinct canonical specs) for
/// `players` players: one per pairing with 2 players, else two (each bot
/// against copies of the other).
pub fn lineups(bots: &[String], players: usize) -> Vec<Vec<String>> {
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
    lineups
}

/// The games each pairing of the league `run` plays, from the run itself:
/// every pairing plays the same number of games per deal.
pub fn games_per_pairing(run: &RunSpec) -> u64 {
    let bots = run.bots().len() as u64;
    let pairings = (bots * bots.saturating_sub(1) / 2).max(1);
    run.deals * run.games_per_deal() / pairings
}

/// The ratings of a league from its totals: one per bot of
/// [`RunSpec::bots`], bot `anchor` at 0, and whether the fit converged.
pub fn ratings(
    run: &RunSpec,
    totals: &Totals,
    resamples: u32,
    anchor: usize,
) -> Result<(Vec<Rating>, bool), BtError> {
    let rated = rated(run, totals, resamples, anchor)?;
    Ok((rated.ratings, rated.converged))
}

/// The pairwise results of a league per deal, in deal order.
fn deals_of(totals: &Totals) -> Vec<Vec<crate::stats::bradley_terry::PairResult>> {
    totals
        .pairs
        .as_ref()
        .map(|p| p.per_deal())
        .unwrap_or_default()
}

/// [`ratings`] with the bootstrap resamples kept (for the differences of
/// `pairs.csv`).
pub fn rated(
    run: &RunSpec,
    totals: &Totals,
    resamples: u32,
    anchor: usize,
) -> Result<Rated, BtError> {
    let bots = run.bots().len();
    let seed = crate::rng::deal_seed(run.seed, u64::MAX);
    let config = FitConfig {
        anchor,
        ..FitConfig::default()
    };
    rate_with_samples(bots, &deals_of(totals), &config, resamples, seed)
}

/// The rows of the ratings CSV of one league (no header): one per bot,
/// none when the fit failed (`rated` is an error).
pub fn ratings_rows(
    run: &RunSpec,
    totals: &Totals,
    per_pairing_games: u64,
    rated: &Result<Rated, BtError>,
) -> String {
    let mut text = String::new();
    let Ok(rated) = rated else {
        return text;
    };
    for ((bot, r), t) in run.bots().iter().zip(&rated.ratings).zip(&totals.bots) {
        let (share, low, high) = t.win_share();
        text.push_str(&format!(
            "{},{},{},{},{},{},{:.1},{:.1},{:.1},{},{share:.4},{low:.4},{high:.4},{:.4},{}\n",
            rows::field(&run.game),
            run.players,
            run.seed,
            run.deals,
            per_pairing_games,
            rows::field(bot),
            r.rating,
            r.low95,
            r.high95,
            t.games,
            t.mean_rank(),
            u8::from(rated.converged)
        ));
    }
    text
}

/// The rows of the pairs CSV of one league (no header,
/// [`pairs::PAIRS_HEADER`]): one per pairing, the first-listed bot as `A`;
/// none when the fit failed.
pub fn pairs_rows(
    run: &RunSpec,
    totals: &Totals,
    per_pairing_games: u64,
    rated: &Result<Rated, BtError>,
) -> String {
    let mut text = String::new();
    let Ok(rated) = rated else {
        return text;
    };
    let bots = run.bots();
    for p in pairs::pairings(bots.len(), &deals_of(totals), rated) {
        text.push_str(&format!(
            "{},{},{},{},{per_pairing_games},{}",
            rows::field(&run.game),
            run.players,
            rows::field(&bots[p.a]),
            rows::field(&bots[p.b]),
            pairs::fields(&p)
        ));
    }
    text
}

/// The CSV files of the leagues of a plan ([`plan_csvs`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LeagueCsvs {
    /// `ratings.csv`: [`RATINGS_HEADER`], then each league's bots.
    pub ratings: String,
    /// `pairs.csv`: [`pairs::PAIRS_HEADER`], then each league's pairings.
    pub pairs: String,
}

/// The ratings and pairs CSVs of the leagues of `plan` (one part per
/// league, each with its totals and its anchor, an index into its bots):
/// each header, then each league's rows in order; one fit and one
/// bootstrap per league serve both.
pub fn plan_csvs(plan: &Plan, totals: &[Totals], resamples: u32, anchors: &[usize]) -> LeagueCsvs {
    let mut csvs = LeagueCsvs {
        ratings: RATINGS_HEADER.to_string(),
        pairs: pairs::PAIRS_HEADER.to_string(),
    };
    for (p, (part, t)) in plan.parts.iter().zip(totals).enumerate() {
        let anchor = anchors.get(p).copied().unwrap_or(0);
        let fitted = rated(&part.run, t, resamples, anchor);
        let games = games_per_pairing(&part.run);
        csvs.ratings
            .push_str(&ratings_rows(&part.run, t, games, &fitted));
        csvs.pairs
            .push_str(&pairs_rows(&part.run, t, games, &fitted));
    }
    csvs
}

/// The plan of `leagues`: one part per league. Unless `labelled`, a single
/// league is a plan of one part with no value columns (`beachcomber
/// league`); otherwise each league's rows begin with its `game_spec` and
/// `players`.
pub fn plan(leagues: &[League], labelled: bool) -> Plan {
    if let ([one], false) = (leagues, labelled) {
        return Plan::single(one.run.clone());
    }
    Plan {
        parts: leagues
            .iter()
            .map(|l| Part {
                values: vec![
                    ("game_spec".to_string(), l.run.game.clone()),
                    ("players".to_string(), l.run.players.to_string()),
                ],
                run: l.run.clone(),
            })
            .collect(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn spec(bots: &[&str], players: usize, games: u64) -> LeagueSpec {
        LeagueSpec {
            game: "seashells".to_string(),
            players,
            bots: bots.iter().map(|b| b.to_string()).collect(),
            games_per_pairing: games,
            seed: 1,
            anchor: None,
        }
    }

    #[test]
    fn a_league_is_every_pairing_on_the_same_deals() {
        let league = spec(&["a", "b", "c"], 2, 10).check().unwrap();
        assert_eq!(league.run.lineups.len(), 3);
        assert_eq!(league.run.deals, 5);
        assert_eq!(games_per_pairing(&league.run), 10);
        let three = spec(&["a", "b"], 3, 12).check().unwrap();
        assert_eq!(
            three.run.lineups,
            vec![
                vec!["a".to_string(), "b".into(), "b".into()],
                vec!["b".to_string(), "a".into(), "a".into()]
            ]
        );
        assert_eq!(games_per_pairing(&three.run), 12);
    }

    #[test]
    fn bad_leagues_name_their_setting() {
        let cases: Vec<(LeagueSpec, &str)> = vec![
            (spec(&["a", "a"], 2, 10), "bots: `a` is listed twice"),
            (spec(&["a"], 2, 10), "bots: a league needs at least two"),
            (
                spec(&["a", "b"], 2, 3),
                "games_per_pairing 3: must be a multiple of 2",
            ),
            (
                LeagueSpec {
                    anchor: Some(NamedBot {
                        text: "z".into(),
                        canonical: "z".into(),
                    }),
                    ..spec(&["a", "b"], 2, 2)
                },
                "anchor `z` is not one of the league's bots: a, b",
            ),
        ];
        for (spec, want) in cases {
            let e = spec.check().unwrap_err().to_string();
            assert!(e.starts_with(want), "{e}");
        }
    }
}
