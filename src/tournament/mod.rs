//! The tournament engine: a serializable description of a run
//! ([`RunSpec`]), a function that plays any range of its games into a
//! [`Sink`] ([`play_range`]), and exact integer [`Totals`] that merge.
//!
//! # Seating and seeds
//!
//! A run is a number of **deals**. Deal `d` is dealt from the seed
//! [`rng::game_seed`](crate::rng::game_seed)`(run seed, d)` (the setup shuffles). When the lineup
//! holds two or more distinct bot specs and `rotate` is on, every deal is
//! played under each cyclic rotation of the lineup through the seats
//! ("duplicate deals"): in rotation `r` the bot listed at position `i`
//! sits in seat `(i + r) % players`, so rotation 0 is the lineup as given.
//! Otherwise there is one rotation. Game number `g` is deal `g / R`,
//! rotation `g % R` (`R` the number of rotations), so a deal's games are
//! consecutive.
//!
//! Every game of a deal (whatever its rotation) has the deal's seed: its
//! record's `seed` deals its setup (as `verify_record` checks), and the
//! decision at ply `p` is seeded [`rng::decision_seed`](crate::rng::decision_seed)`(deal seed, p)`, so a
//! game is reproducible on its own from its record's seed and bots. The
//! rotations of one deal therefore share their decision random streams
//! ply by ply (common random numbers): the comparison of two bots over the
//! rotations of a deal differs only by the bots' choices.
//!
//! # Extension points
//!
//! - [`Sink::chunk_done`] is called after each chunk of complete games, in
//!   game order, with the totals so far: the place for checkpoints (a
//!   manifest, `--resume`) and for early stopping at fixed boundaries (a
//!   sequential test reads [`Totals::paired`] there and returns
//!   [`Flow::Stop`]).
//! - [`Totals`] merge exactly ([`Totals::merge`]) whatever the split, also
//!   in the middle of a deal, so shards and resumed runs give the same
//!   numbers.

pub mod plan;
pub mod rows;
pub mod totals;
pub mod validate;

use std::fmt;
use std::ops::Range;
use std::sync::atomic::{AtomicBool, Ordering};

use rayon::prelude::*;
use serde::{Deserialize, Serialize};

pub use self::plan::{Layout, Part, Plan};
pub use self::totals::{BotTotals, PairedTotals, SeatTotals, Tally, Totals, ranks};
pub use self::validate::Invalid;
use crate::bot::Bot;
use crate::bot::BotFailure;
use crate::game::Outcome;
use crate::record::RecordFormat;
use crate::record_io::Compression;
use crate::rng::game_seed;
use crate::runner::{GameReport, GameStop, WantRecord, play_game_checked};

/// How many games a run plays: a number of games (a multiple of the
/// rotations) or a number of deals.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Count {
    /// This many games.
    Games(u64),
    /// This many deals, each played once per rotation.
    Deals(u64),
}

/// Why a [`RunSpec`] cannot be built.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RunSpecError {
    /// The lineup has neither one spec nor one per seat.
    Lineup {
        /// Specs given.
        given: usize,
        /// Players.
        players: usize,
    },
    /// The game count is not a multiple of the rotations.
    GamesNotMultiple {
        /// Games asked for.
        games: u64,
        /// Rotations per deal.
        rotations: u64,
    },
    /// Zero games or zero deals.
    Empty,
    /// More games than a run can count: deals × games per deal overflows
    /// 64 bits.
    TooMany {
        /// Deals asked for.
        deals: u64,
        /// Games per deal.
        per_deal: u64,
    },
}

impl fmt::Display for RunSpecError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RunSpecError::Lineup { given, players } => write!(
                f,
                "{given} bot specs for {players} players (give one spec per seat, or one for every seat)"
            ),
            RunSpecError::GamesNotMultiple { games, rotations } => {
                let lower = games / rotations * rotations;
                let upper = lower + rotations;
                write!(
                    f,
                    "{games} games is not a multiple of the {rotations} seat rotations of each deal \
                     (use {} or {upper} games, --deals {}, or --no-rotate)",
                    if lower == 0 { *rotations } else { lower },
                    (games / rotations).max(1)
                )
            }
            RunSpecError::Empty => write!(f, "a run needs at least one game (and one deal)"),
            RunSpecError::TooMany { deals, per_deal } => write!(
                f,
                "{deals} deals x {per_deal} games per deal is more games than a run can count \
                 (at most {} deals)",
                u64::MAX / per_deal
            ),
        }
    }
}

impl std::error::Error for RunSpecError {}

/// A whole run, serializable: everything that decides its games.
///
/// A run has one lineup (a tournament) or several (a league: one per
/// pairing). Every deal is played by every lineup under each of its
/// rotations, lineup by lineup: game `g` is deal `g / G` where `G` is
/// [`RunSpec::games_per_deal`], and within a deal the games go through the
/// lineups in order, each under its rotations in order.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct RunSpec {
    /// The canonical game spec.
    pub game: String,
    /// Number of players.
    pub players: usize,
    /// The lineups: one canonical bot spec per seat each (position `i` is
    /// seat `i` in rotation 0).
    pub lineups: Vec<Vec<String>>,
    /// Number of deals.
    pub deals: u64,
    /// The run seed.
    pub seed: u64,
    /// Whether deals are played under every rotation of a lineup (only
    /// matters for a lineup of two or more distinct specs).
    pub rotate: bool,
    /// Keep the pairwise results of every deal ([`Totals::pairs`], what
    /// ratings are fitted from) although the run has one lineup: a league
    /// of two bots at two players. Runs of several lineups keep them
    /// anyway. Written only when set.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub pairwise: bool,
}

impl RunSpec {
    /// A run of `count` games or deals; `lineup` holds one spec per seat or
    /// one for every seat (canonical specs, as the caller's bot factory
    /// knows them).
    pub fn new(
        game: &str,
        players: usize,
        lineup: &[String],
        count: Count,
        seed: u64,
        rotate: bool,
    ) -> Result<RunSpec, RunSpecError> {
        let lineup = match lineup.len() {
            1 => vec![lineup[0].clone(); players],
            n if n == players && n > 0 => lineup.to_vec(),
            given => return Err(RunSpecError::Lineup { given, players }),
        };
        RunSpec::with_lineups(game, players, vec![lineup], count, seed, rotate)
    }

    /// A run of several lineups (each of `players` specs), every deal
    /// played by each of them; `count` counts games of the whole run.
    pub fn with_lineups(
        game: &str,
        players: usize,
        lineups: Vec<Vec<String>>,
        count: Count,
        seed: u64,
        rotate: bool,
    ) -> Result<RunSpec, RunSpecError> {
        if let Some(bad) = lineups.iter().find(|l| l.len() != players || l.is_empty()) {
            return Err(RunSpecError::Lineup {
                given: bad.len(),
                players,
            });
        }
        if lineups.is_empty() {
            return Err(RunSpecError::Empty);
        }
        let mut spec = RunSpec {
            game: game.to_string(),
            players,
            lineups,
            deals: 0,
            seed,
            rotate,
            pairwise: false,
        };
        let per_deal = spec.games_per_deal();
        spec.deals = match count {
            Count::Deals(0) | Count::Games(0) => return Err(RunSpecError::Empty),
            Count::Deals(d) if d.checked_mul(per_deal).is_none() => {
                return Err(RunSpecError::TooMany { deals: d, per_deal });
            }
            Count::Deals(d) => d,
            Count::Games(g) if g % per_deal == 0 => g / per_deal,
            Count::Games(games) => {
                return Err(RunSpecError::GamesNotMultiple {
                    games,
                    rotations: per_deal,
                });
            }
        };
        Ok(spec)
    }

    /// The distinct specs of the lineups, in order of first appearance.
    pub fn bots(&self) -> Vec<String> {
        let mut bots: Vec<String> = Vec::new();
        for b in self.lineups.iter().flatten() {
            if !bots.contains(b) {
                bots.push(b.clone());
            }
        }
        bots
    }

    /// The first (for a tournament, the only) lineup.
    pub fn lineup(&self) -> &[String] {
        &self.lineups[0]
    }

    /// Rotations of lineup `l` per deal: the number of players when
    /// rotating a lineup of two or more distinct specs, else 1.
    pub fn lineup_rotations(&self, l: usize) -> u64 {
        let lineup = &self.lineups[l];
        if self.rotate && lineup.iter().any(|s| *s != lineup[0]) {
            self.players as u64
        } else {
            1
        }
    }

    /// Rotations per deal of a one-lineup run (the first lineup's).
    pub fn rotations(&self) -> u64 {
        self.lineup_rotations(0)
    }

    /// Games per deal: the rotations of every lineup.
    pub fn games_per_deal(&self) -> u64 {
        (0..self.lineups.len())
            .map(|l| self.lineup_rotations(l))
            .sum()
    }

    /// Games in the run: deals × games per deal.
    pub fn games(&self) -> u64 {
        self.deals * self.games_per_deal()
    }

    /// Game `index` as (deal, lineup, rotation).
    pub fn locate(&self, index: u64) -> (u64, usize, u64) {
        let per_deal = self.games_per_deal();
        let (deal, mut within) = (index / per_deal, index % per_deal);
        for l in 0..self.lineups.len() {
            let r = self.lineup_rotations(l);
            if within < r {
                return (deal, l, within);
            }
            within -= r;
        }
        unreachable!("within a deal")
    }

    /// The spec of lineup `l` playing `seat` in `rotation`.
    pub fn seat_spec(&self, l: usize, rotation: u64, seat: usize) -> &str {
        let n = self.players;
        &self.lineups[l][(seat + n - (rotation as usize % n)) % n]
    }

    /// The seed of game `index` (its deal's seed).
    pub fn game_seed(&self, index: u64) -> u64 {
        game_seed(self.seed, index / self.games_per_deal())
    }
}

/// A part of a run for one machine or job: the deals whose number is
/// `index` modulo `count` (a deal's games stay together), with exactly the
/// seeds of the whole run. [`Shard::WHOLE`] is the whole run.
///
/// A shard's games are numbered locally `0..shard.games(spec)` in the order
/// of the whole run ([`Shard::global`] gives a game's number in the run).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Shard {
    /// Which part, `0..count`.
    pub index: u64,
    /// How many parts.
    pub count: u64,
}

/// Why a shard is invalid.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ShardError(pub String);

impl fmt::Display for ShardError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for ShardError {}

impl Shard {
    /// The whole run.
    pub const WHOLE: Shard = Shard { index: 0, count: 1 };

    /// Part `index` of `count` (`index < count`).
    pub fn new(index: u64, count: u64) -> Result<Shard, ShardError> {
        if count == 0 || index >= count {
            return Err(ShardError(format!(
                "shard {index}/{count}: the index must be below the count (0 <= I < N, N >= 1)"
            )));
        }
        Ok(Shard { index, count })
    }

    /// Parse `I/N`.
    pub fn parse(text: &str) -> Result<Shard, ShardError> {
        let bad = || {
            ShardError(format!(
                "`{text}` is not a shard: write I/N with 0 <= I < N, e.g. 0/3"
            ))
        };
        let (i, n) = text.trim().split_once('/').ok_or_else(bad)?;
        let i: u64 = i.trim().parse().map_err(|_| bad())?;
        let n: u64 = n.trim().parse().map_err(|_| bad())?;
        Shard::new(i, n)
    }

    /// Whether this is the whole run.
    pub fn is_whole(&self) -> bool {
        self.count == 1
    }

    /// The deals of `spec` in this shard.
    pub fn deals(&self, spec: &RunSpec) -> u64 {
        if spec.deals > self.index {
            (spec.deals - self.index - 1) / self.count + 1
        } else {
            0
        }
    }

    /// The games of `spec` in this shard.
    pub fn games(&self, spec: &RunSpec) -> u64 {
        self.deals(spec) * spec.games_per_deal()
    }

    /// The number in the whole run of this shard's game `local`.
    pub fn global(&self, spec: &RunSpec, local: u64) -> u64 {
        let per_deal = spec.games_per_deal();
        (self.index + (local / per_deal) * self.count) * per_deal + local % per_deal
    }
}

impl fmt::Display for Shard {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}/{}", self.index, self.count)
    }
}

/// One finished game, as it reaches a [`Sink`].
#[derive(Clone, Debug)]
pub struct GameResult {
    /// The game's number in the run (in a plan of several parts, in the
    /// plan: see [`plan`]).
    pub index: u64,
    /// The part of the plan it belongs to (0 in a plain run).
    pub part: usize,
    /// Its deal.
    pub deal: u64,
    /// Its lineup (an index into [`RunSpec::lineups`]).
    pub lineup: usize,
    /// Its rotation of the lineup.
    pub rotation: u64,
    /// Its seed (the deal's seed).
    pub seed: u64,
    /// For each seat, the index of its bot in [`RunSpec::bots`].
    pub seat_bots: Vec<usize>,
    /// Scores and winners.
    pub outcome: Outcome,
    /// Decisions made.
    pub plies: u32,
    /// Turns played.
    pub turns: u32,
    /// The values of the game's own CSV columns
    /// ([`crate::game::Game::extra_columns`]).
    pub extras: Vec<i64>,
    /// The game record as one JSON line (with its newline), serialized in
    /// the worker, when asked for.
    pub record_line: Option<Vec<u8>>,
    /// The seat whose bot forfeited the game (see
    /// [`crate::runner::GameReport::forfeit`]), if one did.
    pub forfeit: Option<usize>,
}

/// Whether a run goes on after a game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Flow {
    /// Play on.
    Continue,
    /// Stop after this game (e.g. a sequential test has decided).
    Stop,
}

/// The output of a stretch of consecutive games, ready to append to the
/// files: `start..end` in game order.
#[derive(Clone, Debug, Default)]
pub struct Chunk {
    /// The first game.
    pub start: u64,
    /// One past the last game.
    pub end: u64,
    /// The games' tidy CSV rows, when asked for.
    pub rows: Vec<u8>,
    /// The games' records, in compressed frames of [`FRAME_GAMES`] games
    /// aligned on game numbers (see [`Compression::compress_frame`]), when
    /// asked for.
    pub records: Vec<u8>,
}

/// Where finished games go, in game order.
pub trait Sink {
    /// One finished game, with the totals counting it: return
    /// [`Flow::Stop`] to end the run after it. Called for every game in
    /// order, at a point of the run that depends only on the games before
    /// it (so early stopping is the same at any thread count).
    /// `totals` are those of the game's part of the plan.
    fn game(&mut self, game: &GameResult, totals: &Totals) -> Flow {
        let _ = (game, totals);
        Flow::Continue
    }

    /// The output of the games counted so far that the last call did not
    /// hold, with the totals through `chunk.end` (one per part of the
    /// plan): the place to append to files and to checkpoint. An error
    /// stops the run.
    fn chunk(&mut self, chunk: &Chunk, totals: &[Totals]) -> Result<(), String> {
        let _ = (chunk, totals);
        Ok(())
    }
}

/// A sink that keeps nothing (the totals are all a caller wants).
pub struct NoSink;

impl Sink for NoSink {}

/// Why [`play_range`] stopped before the end of its range.
#[derive(Clone, Debug, PartialEq)]
pub enum PlayError {
    /// The cancel flag was set. The sink has every game before `next`
    /// (a multiple of [`FRAME_GAMES`] or the start of the range); the
    /// totals count exactly those.
    Cancelled {
        /// The first game not handed to the sink.
        next: u64,
        /// The totals through `next`, one per part of the plan.
        totals: Vec<Totals>,
    },
    /// The sink failed.
    Sink(String),
    /// Records could not be compressed.
    Compress(String),
    /// A bot failed and stops the run ([`crate::bot::OnFailure::Stop`]).
    /// As with [`PlayError::Cancelled`], the sink has every game before
    /// `next` and the totals count exactly those.
    Bot {
        /// What failed.
        failure: BotFailure,
        /// The first game not handed to the sink.
        next: u64,
        /// The totals through `next`, one per part of the plan.
        totals: Vec<Totals>,
    },
}

impl fmt::Display for PlayError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PlayError::Cancelled { next, .. } => write!(f, "cancelled before game {next}"),
            PlayError::Sink(e) => f.write_str(e),
            PlayError::Compress(e) => write!(f, "cannot compress records: {e}"),
            PlayError::Bot { failure, .. } => failure.fmt(f),
        }
    }
}

impl std::error::Error for PlayError {}

/// How a range was played to its end (or to an early stop).
#[derive(Clone, Debug, PartialEq)]
pub struct Played {
    /// The totals through `end`.
    pub totals: Totals,
    /// One past the last game handed to the sink: the end of the range,
    /// or the game after the one the sink stopped at.
    pub end: u64,
    /// Whether the sink stopped the run early.
    pub stopped: bool,
}

/// How to play a range of a run: see [`play_range`].
pub struct PlayOptions<'a> {
    /// The part of the run ([`Shard::WHOLE`] for all of it).
    pub shard: Shard,
    /// The games to play: the shard's local numbers, within
    /// `0..shard.games(spec)` (for the whole run, the games' numbers).
    pub range: Range<u64>,
    /// Format each game's tidy CSV rows in the worker.
    pub want_rows: bool,
    /// Keep each game's record, compressed so ([`Chunk::records`]).
    pub records: Option<Compression>,
    /// The run's cancel flag (as in [`crate::runner::RunOptions`]): set it
    /// from any thread to stop every game in play before its next decision.
    pub cancel: &'a AtomicBool,
    /// Called once per finished game (progress), from any thread.
    pub on_done: &'a (dyn Fn() + Sync),
}

/// Games per compressed record frame. Frames start at multiples of it
/// (and at the start of a range), so a record file's bytes do not depend on
/// how the run was chunked, interrupted or resumed; an interrupted run
/// keeps whole frames. 64 games of Seashells are about 250 KB of JSON,
/// enough for the compressor to find the repetition between games.
pub const FRAME_GAMES: u64 = 64;

/// Most games played between two chunk boundaries (larger chunks measured
/// slower: the games of a chunk no longer fit in the caches when they are
/// counted and written). Chunks start at one
/// frame and double while a chunk takes less than [`CHUNK_TARGET`] (halve
/// beyond four times it): fast games write in large chunks, slow bots
/// checkpoint often. Chunk sizes are multiples of [`FRAME_GAMES`] and
/// never change an output byte.
pub const CHUNK_GAMES: u64 = 1024;

/// The time a chunk should take (a checkpoint at least this often).
pub const CHUNK_TARGET: std::time::Duration = std::time::Duration::from_millis(500);

fn next_chunk_size(size: u64, took: std::time::Duration) -> u64 {
    if took < CHUNK_TARGET {
        (size * 2).min(CHUNK_GAMES)
    } else if took > CHUNK_TARGET * 4 {
        (size / 2).max(FRAME_GAMES)
    } else {
        size
    }
}

/// The end of the chunk starting at `start` of about `size` games: a
/// multiple of [`FRAME_GAMES`] unless it is the range's end.
fn chunk_end(start: u64, size: u64, end: u64) -> u64 {
    let aligned = (start + size) / FRAME_GAMES * FRAME_GAMES;
    let aligned = if aligned <= start {
        start + size
    } else {
        aligned
    };
    aligned.min(end)
}

/// Play games `options.range` of `spec` in parallel on rayon's current
/// pool: [`play_plan`] on the plan of one part.
pub fn play_range<G, F>(
    game: &G,
    spec: &RunSpec,
    bot: F,
    options: &PlayOptions<'_>,
    totals: Totals,
    sink: &mut dyn Sink,
) -> Result<Played, PlayError>
where
    G: RecordFormat,
    F: Fn(&str) -> Box<dyn Bot<G>> + Sync,
{
    let plan = Plan::single(spec.clone());
    let played = play_plan(
        std::slice::from_ref(game),
        &plan,
        bot,
        options,
        vec![totals],
        sink,
    )?;
    Ok(Played {
        totals: played.totals.into_iter().next().expect("one part"),
        end: played.end,
        stopped: played.stopped,
    })
}

/// How a plan's range was played to its end (or to an early stop).
#[derive(Clone, Debug, PartialEq)]
pub struct PlanPlayed {
    /// The totals through `end`, one per part.
    pub totals: Vec<Totals>,
    /// One past the last game handed to the sink (a local number of the
    /// shard).
    pub end: u64,
    /// Whether the sink stopped the run early.
    pub stopped: bool,
}

/// One part's game and bots with the game's type erased, for
/// [`play_plan_parts`]: one plan may then hold parts of different games
/// (a league of Seashells and one of Seaside in one pool). [`TypedPart`]
/// is one for a game and a bot factory.
pub trait PartGame: Sync {
    /// The game's player count.
    fn players(&self) -> usize;
    /// The game's own CSV columns ([`crate::game::Game::extra_columns`]).
    fn extra_columns(&self) -> &'static [&'static str];
    /// Play game `index` of the plan from `seed`, seat `s` by a fresh bot
    /// of `specs[s]` ([`play_game_checked`]).
    fn play(
        &self,
        specs: &[String],
        index: u64,
        seed: u64,
        want_record: WantRecord,
        cancel: &AtomicBool,
    ) -> Result<GameReport, GameStop>;
}

/// A game and a bot factory (a fresh bot from a lineup spec) as a
/// [`PartGame`].
pub struct TypedPart<'a, G, F> {
    /// The part's game.
    pub game: &'a G,
    /// Builds a fresh bot from a lineup spec.
    pub bot: &'a F,
}

impl<G, F> PartGame for TypedPart<'_, G, F>
where
    G: RecordFormat,
    F: Fn(&str) -> Box<dyn Bot<G>> + Sync,
{
    fn players(&self) -> usize {
        self.game.players()
    }

    fn extra_columns(&self) -> &'static [&'static str] {
        self.game.extra_columns()
    }

    fn play(
        &self,
        specs: &[String],
        index: u64,
        seed: u64,
        want_record: WantRecord,
        cancel: &AtomicBool,
    ) -> Result<GameReport, GameStop> {
        let mut seat_bots: Vec<Box<dyn Bot<G>>> = specs.iter().map(|s| (self.bot)(s)).collect();
        play_game_checked(
            self.game,
            &mut seat_bots,
            specs,
            index,
            seed,
            want_record,
            cancel,
        )
    }
}

/// Play games `options.range` of `plan` (local numbers of the shard
/// `options.shard`, see [`Layout`]) in parallel on rayon's current pool, in
/// chunks, counting them from `totals` (one per part: empty totals, or
/// those of the games before the range when resuming); hand each finished
/// game to `sink` in game order, then each chunk's output. `games[p]` is
/// part `p`'s game (for its run's player count); `bot` builds a fresh bot
/// from a lineup spec (the library knows no bots). Every part's games
/// share one pool: a plan of many small parts keeps every thread busy.
///
/// Chunks are pipelined: the sink gets chunk `k` while the workers play
/// chunk `k + 1`. When the sink stops the run, the games after its stop are
/// dropped. When the cancel flag is set, every game stops before its next
/// decision; the games finished before the first unfinished one, down to a
/// frame boundary, still reach the sink ([`PlayError::Cancelled`]).
///
/// Parts of different games: [`play_plan_parts`].
pub fn play_plan<G, F>(
    games: &[G],
    plan: &Plan,
    bot: F,
    options: &PlayOptions<'_>,
    totals: Vec<Totals>,
    sink: &mut dyn Sink,
) -> Result<PlanPlayed, PlayError>
where
    G: RecordFormat,
    F: Fn(&str) -> Box<dyn Bot<G>> + Sync,
{
    let typed: Vec<TypedPart<'_, G, F>> = games
        .iter()
        .map(|game| TypedPart { game, bot: &bot })
        .collect();
    let parts: Vec<&dyn PartGame> = typed.iter().map(|t| t as &dyn PartGame).collect();
    play_plan_parts(&parts, plan, options, totals, sink)
}

/// [`play_plan`] with each part's game and bots given as a [`PartGame`]
/// (`parts[p]` plays part `p`), so the parts may be of different games.
/// The rows' game columns are then those of every part's game, in the
/// order they first appear ([`rows::extra_columns_union`]), empty where a
/// part's game has no such column; a plan of one game writes its rows as
/// [`play_plan`] does.
pub fn play_plan_parts(
    parts: &[&dyn PartGame],
    plan: &Plan,
    options: &PlayOptions<'_>,
    totals: Vec<Totals>,
    sink: &mut dyn Sink,
) -> Result<PlanPlayed, PlayError> {
    assert_eq!(parts.len(), plan.parts.len(), "one game per part");
    assert_eq!(totals.len(), plan.parts.len(), "one totals per part");
    for (game, part) in parts.iter().zip(&plan.parts) {
        assert_eq!(game.players(), part.run.players, "the part's player count");
    }
    let layout = Layout::new(plan, options.shard);
    // Per part, lineup and rotation: each seat's spec and its bot index
    // (into the part's `RunSpec::bots`).
    let seatings: Vec<Seatings> = plan
        .parts
        .iter()
        .map(|part| seatings_of(&part.run))
        .collect();
    // Per part: its bot specs as CSV fields, and the fields its rows begin
    // with.
    let quoted: Vec<Vec<String>> = plan
        .parts
        .iter()
        .map(|part| part.run.bots().iter().map(|b| rows::field(b)).collect())
        .collect();
    let leads: Vec<Vec<u8>> = plan
        .parts
        .iter()
        .map(|part| {
            let mut lead = Vec::new();
            for (_, v) in &part.values {
                lead.extend_from_slice(rows::field(v).as_bytes());
                lead.push(b',');
            }
            lead
        })
        .collect();
    // Per part: where the plan's game columns are among its game's own.
    let columns = rows::extra_columns_union(parts.iter().map(|p| p.extra_columns()));
    let extras: Vec<Option<Vec<Option<usize>>>> = parts
        .iter()
        .map(|p| rows::extras_layout(&columns, p.extra_columns()))
        .collect();
    let want_records = options.records.is_some();
    let threads = rayon::current_num_threads().max(1) as u64;
    // Play one game; its CSV rows are appended to `rows`.
    let play_one = |local: u64, rows: &mut Vec<u8>| -> Result<GameResult, GameStop> {
        if options.cancel.load(Ordering::Relaxed) {
            return Err(GameStop::Cancelled);
        }
        let (part, in_run, index) = layout.locate(plan, local);
        let run = &plan.parts[part].run;
        let (deal, lineup, rotation) = run.locate(in_run);
        let (specs, ids) = &seatings[part][lineup][rotation as usize];
        let seed = run.game_seed(in_run);
        let report = parts[part].play(
            specs,
            index,
            seed,
            if want_records {
                WantRecord::Line
            } else {
                WantRecord::No
            },
            options.cancel,
        )?;
        let result = GameResult {
            index,
            part,
            deal,
            lineup,
            rotation,
            seed,
            seat_bots: ids.clone(),
            outcome: report.outcome,
            plies: report.plies,
            turns: report.turns,
            extras: report.extras,
            record_line: report.record_line,
            forfeit: report.forfeit.map(|f| f.seat),
        };
        if options.want_rows {
            rows::write_game_rows_laid_out(
                &leads[part],
                &result,
                &quoted[part],
                extras[part].as_deref(),
                rows,
            );
        }
        (options.on_done)();
        Ok(result)
    };
    // Play one chunk in parallel, in blocks of consecutive games (each
    // block's rows in one buffer); a block ends at its first game that did
    // not finish (stopped by the cancel flag or by a failing bot). Blocks
    // never change a byte of the output.
    let play_chunk = |range: Range<u64>| -> Vec<Block> {
        let len = range.end - range.start;
        let block = (len / (4 * threads)).clamp(1, FRAME_GAMES);
        let starts: Vec<u64> = range.clone().step_by(block as usize).collect();
        starts
            .into_par_iter()
            .map(|first| {
                let last = (first + block).min(range.end);
                let mut b = Block {
                    results: Vec::with_capacity((last - first) as usize),
                    rows: Vec::new(),
                    ends: Vec::with_capacity((last - first) as usize),
                };
                for local in first..last {
                    let r = play_one(local, &mut b.rows);
                    let failed = r.is_err();
                    b.results.push(r);
                    b.ends.push(b.rows.len());
                    if failed {
                        break;
                    }
                    if local == first {
                        // Room for the block's rows, judged by the first
                        // game's (rows differ little in length), so that
                        // the buffer is not copied as it grows.
                        let games = (last - first) as usize;
                        b.rows
                            .reserve(b.rows.len() * games + b.rows.len() * games / 8);
                    }
                }
                b
            })
            .collect()
    };
    let mut totals = totals;
    let end = options.range.end;
    debug_assert!(end <= layout.games(), "the range lies in the shard");
    let mut start = options.range.start;
    if start >= end {
        return Ok(PlanPlayed {
            totals,
            end,
            stopped: false,
        });
    }
    let mut size = FRAME_GAMES;
    let first = start..chunk_end(start, size, end);
    start = first.end;
    let mut began = std::time::Instant::now();
    let mut pending = play_chunk(first.clone());
    let mut pending_range = first;
    // A pipeline: while the workers play chunk k + 1, this thread counts
    // chunk k, compresses it (on the pool) and hands it to the sink.
    loop {
        size = next_chunk_size(size, began.elapsed());
        began = std::time::Instant::now();
        // The first game that did not finish says why the run stops.
        let stop = pending
            .iter()
            .flat_map(|b| &b.results)
            .find_map(|r| r.as_ref().err())
            .cloned();
        let next_range =
            (start < end && stop.is_none()).then(|| start..chunk_end(start, size, end));
        let mut next = None;
        let mut step: Result<(u64, bool), PlayError> = Ok((pending_range.end, false));
        rayon::in_place_scope(|scope| {
            if let Some(range) = next_range.clone() {
                let next = &mut next;
                let play_chunk = &play_chunk;
                scope.spawn(move |_| *next = Some(play_chunk(range)));
            }
            step = hand_over(&pending, pending_range.start, options, &mut totals, sink);
        });
        let (done, stopped) = step?;
        match stop {
            Some(_) if stopped => {}
            Some(GameStop::Cancelled) => {
                return Err(PlayError::Cancelled { next: done, totals });
            }
            Some(GameStop::Bot(failure)) => {
                return Err(PlayError::Bot {
                    failure,
                    next: done,
                    totals,
                });
            }
            None => {}
        }
        if stopped {
            return Ok(PlanPlayed {
                totals,
                end: done,
                stopped: true,
            });
        }
        match (next, next_range) {
            (Some(result), Some(range)) => {
                pending = result;
                start = range.end;
                pending_range = range;
            }
            _ => break,
        }
    }
    Ok(PlanPlayed {
        totals,
        end,
        stopped: false,
    })
}

/// Per lineup and rotation of a run: each seat's spec and its bot index.
type Seatings = Vec<Vec<(Vec<String>, Vec<usize>)>>;

/// The [`Seatings`] of `run`.
fn seatings_of(run: &RunSpec) -> Seatings {
    let bots = run.bots();
    (0..run.lineups.len())
        .map(|l| {
            (0..run.lineup_rotations(l))
                .map(|r| {
                    let specs: Vec<String> = (0..run.players)
                        .map(|s| run.seat_spec(l, r, s).to_string())
                        .collect();
                    let ids = specs
                        .iter()
                        .map(|s| bots.iter().position(|b| b == s).expect("a lineup spec"))
                        .collect();
                    (specs, ids)
                })
                .collect()
        })
        .collect()
}

/// Consecutive games of a chunk played by one worker: their results, and
/// their CSV rows in one buffer (`ends[i]` is where game `i`'s rows end).
struct Block {
    results: Vec<Result<GameResult, GameStop>>,
    rows: Vec<u8>,
    ends: Vec<usize>,
}

/// Count a played chunk (starting at game `first`) and hand it to the
/// sink: the games in order until the sink stops or the first game the
/// cancel flag stopped (then down to a frame boundary), then their output.
/// Returns the game after the last one handed over, and whether the sink
/// stopped the run.
fn hand_over(
    pending: &[Block],
    first: u64,
    options: &PlayOptions<'_>,
    totals: &mut [Totals],
    sink: &mut dyn Sink,
) -> Result<(u64, bool), PlayError> {
    let all: Vec<&Result<GameResult, GameStop>> = pending.iter().flat_map(|b| &b.results).collect();
    let finished = all.iter().take_while(|r| r.is_ok()).count() as u64;
    let mut take = finished;
    if finished < all.len() as u64 {
        // Stopped (cancelled, or a bot failed): keep whole frames only.
        let cut = (first + finished) / FRAME_GAMES * FRAME_GAMES;
        take = cut.max(first) - first;
    }
    let mut stopped = false;
    let mut counted = 0u64;
    for r in all.iter().take(take as usize).copied().flatten() {
        totals[r.part].add(r);
        counted += 1;
        if sink.game(r, &totals[r.part]) == Flow::Stop {
            stopped = true;
            break;
        }
    }
    let games: Vec<&GameResult> = all
        .iter()
        .take(counted as usize)
        .copied()
        .flatten()
        .collect();
    let mut chunk = Chunk {
        start: first,
        end: first + counted,
        rows: Vec::new(),
        records: Vec::new(),
    };
    if options.want_rows {
        // The rows of the first `counted` games: whole blocks, then part of
        // the block where the count ends.
        let mut left = counted as usize;
        let mut pieces = Vec::with_capacity(pending.len());
        for b in pending {
            if left == 0 {
                break;
            }
            let n = left.min(b.ends.len());
            pieces.push(&b.rows[..if n == 0 { 0 } else { b.ends[n - 1] }]);
            left -= n;
        }
        chunk.rows = pieces.concat();
    }
    if let Some(compression) = options.records {
        // Frames: the games of each aligned stretch of FRAME_GAMES (by
        // local number: game `first + i` is `games[i]`).
        let mut frames: Vec<&[&GameResult]> = Vec::new();
        let mut at = first;
        let mut rest = &games[..];
        while !rest.is_empty() {
            let frame_end = (at / FRAME_GAMES + 1) * FRAME_GAMES;
            let n = ((frame_end - at) as usize).min(rest.len());
            frames.push(&rest[..n]);
            rest = &rest[n..];
            at += n as u64;
        }
        let compressed: Vec<std::io::Result<Vec<u8>>> = frames
            .par_iter()
            .map(|frame| {
                let mut text = Vec::new();
                for g in *frame {
                    text.extend_from_slice(g.record_line.as_deref().unwrap_or_default());
                }
                compression.compress_frame(&text)
            })
            .collect();
        for c in compressed {
            chunk
                .records
                .extend_from_slice(&c.map_err(|e| PlayError::Compress(e.to_string()))?);
        }
    }
    if chunk.end > chunk.start || stopped {
        sink.chunk(&chunk, totals).map_err(PlayError::Sink)?;
    }
    Ok((chunk.end, stopped))
}

/// [`play_range`] over the whole run, never cancelled, keeping only the
/// totals (for tests and studies).
pub fn play_all<G, F>(game: &G, spec: &RunSpec, bot: F) -> Totals
where
    G: RecordFormat,
    F: Fn(&str) -> Box<dyn Bot<G>> + Sync,
{
    let never = AtomicBool::new(false);
    let options = PlayOptions {
        shard: Shard::WHOLE,
        range: 0..spec.games(),
        want_rows: false,
        records: None,
        cancel: &never,
        on_done: &|| {},
    };
    play_range(game, spec, bot, &options, Totals::new(spec), &mut NoSink)
        .expect("never cancelled, no sink error")
        .totals
}

#[cfg(all(test, feature = "testing"))]
mod tests {
    use std::sync::Mutex;

    use super::*;
    use crate::GameRng;
    use crate::game::{Game, SeatSet};
    use crate::rng::below;
    use crate::testing::toy::Pebbles;

    /// Takes the first legal action (spec `first`) or a random one (`rand`).
    struct Simple(bool);

    impl Bot<Pebbles> for Simple {
        fn choose(
            &mut self,
            game: &Pebbles,
            state: &<Pebbles as Game>::State,
            rng: &mut GameRng,
        ) -> <Pebbles as Game>::Action {
            let legal = game.legal_actions(state);
            if self.0 {
                legal[below(rng, legal.len() as u32) as usize]
            } else {
                legal[0]
            }
        }
    }

    fn bot(spec: &str) -> Box<dyn Bot<Pebbles>> {
        match spec {
            "last" => Box::new(Last),
            _ => Box::new(Simple(spec == "rand")),
        }
    }

    /// Takes the last legal action (spec `last`).
    struct Last;

    impl Bot<Pebbles> for Last {
        fn choose(
            &mut self,
            game: &Pebbles,
            state: &<Pebbles as Game>::State,
            _rng: &mut GameRng,
        ) -> <Pebbles as Game>::Action {
            let legal = game.legal_actions(state);
            legal[legal.len() - 1]
        }
    }

    fn specs(list: &[&str]) -> Vec<String> {
        list.iter().map(|s| s.to_string()).collect()
    }

    fn spec(lineup: &[&str], count: Count) -> RunSpec {
        RunSpec::new("pebbles", lineup.len(), &specs(lineup), count, 5, true).unwrap()
    }

    /// Keeps every game it is given.
    #[derive(Default)]
    struct Keep(Vec<GameResult>);

    impl Sink for Keep {
        fn game(&mut self, game: &GameResult, _totals: &Totals) -> Flow {
            self.0.push(game.clone());
            Flow::Continue
        }
    }

    fn play(
        spec: &RunSpec,
        range: Range<u64>,
        rows: bool,
        records: bool,
    ) -> (Totals, Vec<GameResult>) {
        let never = AtomicBool::new(false);
        let options = PlayOptions {
            shard: Shard::WHOLE,
            range,
            want_rows: rows,
            records: records.then_some(Compression::Plain),
            cancel: &never,
            on_done: &|| {},
        };
        let mut keep = Keep::default();
        let played = play_range(
            &Pebbles {
                players: spec.players,
            },
            spec,
            bot,
            &options,
            Totals::new(spec),
            &mut keep,
        )
        .unwrap();
        (played.totals, keep.0)
    }

    #[test]
    fn the_lineup_rotates_through_the_seats() {
        let s = spec(&["rand", "first", "first"], Count::Deals(2));
        assert_eq!(s.rotations(), 3);
        assert_eq!(s.games(), 6);
        let seats = |r| {
            (0..3)
                .map(|seat| s.seat_spec(0, r, seat))
                .collect::<Vec<_>>()
        };
        assert_eq!(seats(0), ["rand", "first", "first"]);
        assert_eq!(seats(1), ["first", "rand", "first"]);
        assert_eq!(seats(2), ["first", "first", "rand"]);
        // One spec, or --no-rotate: one rotation.
        assert_eq!(spec(&["rand", "rand"], Count::Games(3)).rotations(), 1);
        let fixed = RunSpec::new(
            "pebbles",
            2,
            &specs(&["rand", "first"]),
            Count::Games(3),
            5,
            false,
        );
        assert_eq!(fixed.unwrap().games(), 3);
    }

    #[test]
    fn bad_counts_and_lineups_are_refused() {
        let lineup = specs(&["rand", "first", "first"]);
        let e = RunSpec::new("pebbles", 3, &lineup, Count::Games(7), 1, true).unwrap_err();
        assert_eq!(
            e,
            RunSpecError::GamesNotMultiple {
                games: 7,
                rotations: 3
            }
        );
        assert_eq!(
            e.to_string(),
            "7 games is not a multiple of the 3 seat rotations of each deal \
             (use 6 or 9 games, --deals 2, or --no-rotate)"
        );
        let e = RunSpec::new("pebbles", 3, &lineup, Count::Deals(0), 1, true).unwrap_err();
        assert_eq!(e, RunSpecError::Empty);
        let e = RunSpec::new("pebbles", 4, &lineup, Count::Deals(1), 1, true).unwrap_err();
        assert_eq!(
            e,
            RunSpecError::Lineup {
                given: 3,
                players: 4
            }
        );
    }

    #[test]
    fn every_rotation_of_a_deal_has_the_deal_seed_and_records_say_so() {
        let s = spec(&["rand", "first"], Count::Deals(3));
        let (_, games) = play(&s, 0..6, true, true);
        let order: Vec<(u64, u64, u64)> = games
            .iter()
            .map(|g| (g.index, g.deal, g.rotation))
            .collect();
        assert_eq!(
            order,
            [
                (0, 0, 0),
                (1, 0, 1),
                (2, 1, 0),
                (3, 1, 1),
                (4, 2, 0),
                (5, 2, 1)
            ]
        );
        for g in &games {
            assert_eq!(g.seed, crate::rng::game_seed(5, g.deal));
            let line = String::from_utf8(g.record_line.clone().unwrap()).unwrap();
            assert!(line.contains(&format!("\"seed\":{}", g.seed)), "{line}");
            assert!(line.ends_with('\n'));
            assert_eq!(g.seat_bots, if g.rotation == 0 { [0, 1] } else { [1, 0] });
        }
    }

    #[test]
    fn totals_of_any_split_merge_into_the_totals_of_the_whole() {
        let s = spec(&["rand", "first", "first"], Count::Deals(7));
        let (whole, _) = play(&s, 0..21, false, false);
        assert_eq!(whole.games, 21);
        assert_eq!(whole.paired.as_ref().unwrap().deals, 7);
        assert!(whole.paired.as_ref().unwrap().open.is_empty());
        for cuts in [vec![1], vec![4, 5], vec![2, 10, 11, 20]] {
            let mut bounds = vec![0];
            bounds.extend(cuts);
            bounds.push(21);
            let mut merged = Totals::new(&s);
            // Merge in reverse order: order does not matter either.
            for w in bounds.windows(2).rev() {
                merged.merge(&play(&s, w[0]..w[1], false, false).0);
            }
            assert_eq!(merged, whole, "{bounds:?}");
        }
        // A part that splits a deal leaves it open until merged.
        let (part, _) = play(&s, 0..4, false, false);
        let p = part.paired.unwrap();
        assert_eq!((p.deals, p.open.len()), (1, 1));
    }

    #[test]
    fn the_paired_difference_and_ranks_are_exact() {
        let s = spec(&["rand", "first"], Count::Deals(2));
        let mut totals = Totals::new(&s);
        let game = |deal, rotation, scores: [i32; 2], winners: &[usize]| {
            let mut w = SeatSet::EMPTY;
            for &x in winners {
                w.insert(x);
            }
            GameResult {
                index: deal * 2 + rotation,
                part: 0,
                deal,
                lineup: 0,
                rotation,
                seed: 0,
                seat_bots: if rotation == 0 {
                    vec![0, 1]
                } else {
                    vec![1, 0]
                },
                outcome: Outcome {
                    scores: scores.into_iter().collect(),
                    winners: w,
                },
                plies: 4,
                turns: 2,
                extras: vec![],
                record_line: None,
                forfeit: None,
            }
        };
        // Deal 0: A wins in seat 0, then shares the win: (1 + 0) / 2 = 0.5.
        // Deal 1: B wins both: -1.
        let games = [
            game(0, 0, [5, 3], &[0]),
            game(0, 1, [4, 4], &[0, 1]),
            game(1, 0, [1, 3], &[1]),
            game(1, 1, [3, 1], &[0]),
        ];
        assert_eq!(ranks(&games[0]).as_slice(), [1, 2]);
        assert_eq!(ranks(&games[1]).as_slice(), [1, 1]);
        for g in &games {
            totals.add(g);
        }
        let p = totals.paired.clone().unwrap();
        assert_eq!((p.deals, p.sum, p.unit()), (2, 60 - 120, 120));
        let (d, _) = p.difference();
        assert_eq!(d, -0.25);
        assert_eq!(totals.ties, 1);
        assert_eq!(totals.bots[0].wins60, 60 + 30);
        assert_eq!(totals.bots[1].wins60, 30 + 60 + 60);
        assert_eq!(totals.bots[0].rank_sum, 1 + 1 + 2 + 2);
        assert_eq!(
            rows::game_rows(&games[1], &["rand".into(), "\"x,y\"".into()]),
            "1,0,1,0,0,\"x,y\",4,1,0.5000,1,4,2,finished\n1,0,1,0,1,rand,4,1,0.5000,1,4,2,finished\n"
        );
        assert_eq!(rows::field("a,b\"c"), "\"a,b\"\"c\"");
        assert_eq!(rows::field("greedy(worlds=2)"), "greedy(worlds=2)");
    }

    #[test]
    fn a_cancelled_range_keeps_the_whole_frames_finished_in_order() {
        let s = spec(&["rand", "first"], Count::Deals(2000));
        let cancel = AtomicBool::new(false);
        let done = Mutex::new(0u64);
        let on_done = || {
            let mut d = done.lock().unwrap();
            *d += 1;
            if *d == 300 {
                cancel.store(true, Ordering::SeqCst);
            }
        };
        let options = PlayOptions {
            shard: Shard::WHOLE,
            range: 0..s.games(),
            want_rows: false,
            records: None,
            cancel: &cancel,
            on_done: &on_done,
        };
        let mut keep = Keep::default();
        let e = play_range(
            &Pebbles { players: 2 },
            &s,
            bot,
            &options,
            Totals::new(&s),
            &mut keep,
        )
        .unwrap_err();
        let PlayError::Cancelled { next, totals } = e else {
            panic!("cancelled: {e}")
        };
        assert_eq!(next % FRAME_GAMES, 0, "whole frames only");
        assert!(next < s.games(), "stopped early: {next}");
        assert_eq!(keep.0.len() as u64, next);
        assert_eq!(totals[0].games, next);
        let order: Vec<u64> = keep.0.iter().map(|g| g.index).collect();
        assert_eq!(order, (0..next).collect::<Vec<_>>());
    }

    /// Keeps each chunk's bytes; stops after game `stop_at`.
    struct Bytes {
        rows: Vec<u8>,
        records: Vec<u8>,
        chunks: Vec<(u64, u64)>,
        stop_at: Option<u64>,
    }

    impl Sink for Bytes {
        fn game(&mut self, game: &GameResult, _totals: &Totals) -> Flow {
            if Some(game.index) == self.stop_at {
                Flow::Stop
            } else {
                Flow::Continue
            }
        }

        fn chunk(&mut self, chunk: &Chunk, totals: &[Totals]) -> Result<(), String> {
            assert_eq!(totals[0].games, chunk.end, "totals through the chunk");
            if let Some(&(_, end)) = self.chunks.last() {
                assert_eq!(end, chunk.start, "chunks follow each other");
            }
            self.chunks.push((chunk.start, chunk.end));
            self.rows.extend_from_slice(&chunk.rows);
            self.records.extend_from_slice(&chunk.records);
            Ok(())
        }
    }

    fn bytes_of(
        s: &RunSpec,
        range: Range<u64>,
        compression: Compression,
        stop_at: Option<u64>,
        totals: Totals,
    ) -> (Bytes, Played) {
        let never = AtomicBool::new(false);
        let options = PlayOptions {
            shard: Shard::WHOLE,
            range,
            want_rows: true,
            records: Some(compression),
            cancel: &never,
            on_done: &|| {},
        };
        let mut sink = Bytes {
            rows: vec![],
            records: vec![],
            chunks: vec![],
            stop_at,
        };
        let played =
            play_range(&Pebbles { players: 2 }, s, bot, &options, totals, &mut sink).unwrap();
        (sink, played)
    }

    /// Keeps the rows and records of a plan's chunks, and checks the totals
    /// handed with each chunk.
    #[derive(Default)]
    struct PlanBytes {
        rows: Vec<u8>,
        records: Vec<u8>,
    }

    impl Sink for PlanBytes {
        fn chunk(&mut self, chunk: &Chunk, totals: &[Totals]) -> Result<(), String> {
            let counted: u64 = totals.iter().map(|t| t.games).sum();
            assert_eq!(counted, chunk.end, "totals through the chunk");
            self.rows.extend_from_slice(&chunk.rows);
            self.records.extend_from_slice(&chunk.records);
            Ok(())
        }
    }

    fn play_plan_bytes(plan: &Plan, shard: Shard, threads: usize) -> (PlanBytes, PlanPlayed) {
        let games: Vec<Pebbles> = plan
            .parts
            .iter()
            .map(|p| Pebbles {
                players: p.run.players,
            })
            .collect();
        let never = AtomicBool::new(false);
        let options = PlayOptions {
            shard,
            range: 0..Layout::new(plan, shard).games(),
            want_rows: true,
            records: Some(Compression::Plain),
            cancel: &never,
            on_done: &|| {},
        };
        let totals = plan.parts.iter().map(|p| Totals::new(&p.run)).collect();
        let mut sink = PlanBytes::default();
        let pool = rayon::ThreadPoolBuilder::new()
            .num_threads(threads)
            .build()
            .unwrap();
        let played = pool
            .install(|| play_plan(&games, plan, bot, &options, totals, &mut sink))
            .unwrap();
        (sink, played)
    }

    #[test]
    fn a_plan_plays_each_part_exactly_as_its_run_alone() {
        let part = |value: &str, players: usize, lineup: &[&str], deals: u64, seed: u64| Part {
            values: vec![("v".to_string(), value.to_string())],
            run: RunSpec::new(
                "pebbles",
                players,
                &specs(lineup),
                Count::Deals(deals),
                seed,
                true,
            )
            .unwrap(),
        };
        let plan = Plan {
            parts: vec![
                part("a", 2, &["rand", "first"], 70, 5),
                part("b,c", 3, &["rand"], 50, 9),
                part("d", 2, &["first", "rand"], 33, 5),
            ],
        };
        let (whole, played) = play_plan_bytes(&plan, Shard::WHOLE, 2);
        assert_eq!(played.end, 140 + 50 + 66);
        // Each part alone, its rows led by its value and numbered in the plan.
        let mut rows = String::new();
        for (p, part) in plan.parts.iter().enumerate() {
            let alone = play_all(
                &Pebbles {
                    players: part.run.players,
                },
                &part.run,
                bot,
            );
            assert_eq!(played.totals[p], alone, "part {p}'s totals");
            let (bytes, _) = bytes_of_part(&part.run);
            for line in String::from_utf8(bytes).unwrap().lines() {
                let (number, rest) = line.split_once(',').unwrap();
                let number: u64 = number.parse().unwrap();
                let lead = rows::field(&part.values[0].1);
                rows.push_str(&format!("{lead},{},{rest}\n", number + plan.offset(p)));
            }
        }
        assert_eq!(String::from_utf8(whole.rows.clone()).unwrap(), rows);
        assert!(rows.contains("\"b,c\",140,0,0,"), "a quoted value");
        // One thread, and shards merged: the same totals.
        let (one, played_one) = play_plan_bytes(&plan, Shard::WHOLE, 1);
        assert_eq!(one.rows, whole.rows);
        assert_eq!(one.records, whole.records);
        assert_eq!(played_one.totals, played.totals);
        let mut merged: Vec<Totals> = plan.parts.iter().map(|p| Totals::new(&p.run)).collect();
        let mut games = 0;
        for i in 0..3 {
            let (_, part) = play_plan_bytes(&plan, Shard::new(i, 3).unwrap(), 2);
            games += part.end;
            for (m, t) in merged.iter_mut().zip(&part.totals) {
                m.merge(t);
            }
        }
        assert_eq!(games, played.end);
        assert_eq!(merged, played.totals);
    }

    /// A bot factory as a function pointer.
    type MakeBot = fn(&str) -> Box<dyn Bot<Pebbles>>;

    /// A part whose game has its own columns `columns`, valued
    /// `plies * (i + 1)` for column `i`: a stand-in for a plan mixing
    /// games of different kinds.
    struct WithColumns<'a> {
        inner: TypedPart<'a, Pebbles, MakeBot>,
        columns: &'static [&'static str],
    }

    impl PartGame for WithColumns<'_> {
        fn players(&self) -> usize {
            self.inner.players()
        }

        fn extra_columns(&self) -> &'static [&'static str] {
            self.columns
        }

        fn play(
            &self,
            specs: &[String],
            index: u64,
            seed: u64,
            want_record: WantRecord,
            cancel: &AtomicBool,
        ) -> Result<GameReport, GameStop> {
            let mut report = self.inner.play(specs, index, seed, want_record, cancel)?;
            report.extras = (1..=self.columns.len() as i64)
                .map(|i| i64::from(report.plies) * i)
                .collect();
            Ok(report)
        }
    }

    #[test]
    fn parts_of_different_games_write_the_union_of_their_columns() {
        let part = |players: usize, lineup: &[&str], deals: u64| Part {
            values: vec![("p".to_string(), players.to_string())],
            run: RunSpec::new(
                "pebbles",
                players,
                &specs(lineup),
                Count::Deals(deals),
                3,
                true,
            )
            .unwrap(),
        };
        let plan = Plan {
            parts: vec![
                part(2, &["rand", "first"], 5),
                part(3, &["rand"], 4),
                part(2, &["first"], 3),
            ],
        };
        let make = bot as MakeBot;
        let games: Vec<Pebbles> = plan
            .parts
            .iter()
            .map(|p| Pebbles {
                players: p.run.players,
            })
            .collect();
        let columns: [&'static [&'static str]; 3] = [&["a", "b"], &["b", "c"], &[]];
        let parts: Vec<WithColumns<'_>> = games
            .iter()
            .zip(columns)
            .map(|(game, columns)| WithColumns {
                inner: TypedPart { game, bot: &make },
                columns,
            })
            .collect();
        let dyn_parts: Vec<&dyn PartGame> = parts.iter().map(|p| p as &dyn PartGame).collect();
        let union = rows::extra_columns_union(dyn_parts.iter().map(|p| p.extra_columns()));
        assert_eq!(union, ["a", "b", "c"]);
        let never = AtomicBool::new(false);
        let play = |threads: usize| {
            let options = PlayOptions {
                shard: Shard::WHOLE,
                range: 0..plan.games(),
                want_rows: true,
                records: None,
                cancel: &never,
                on_done: &|| {},
            };
            let totals = plan.parts.iter().map(|p| Totals::new(&p.run)).collect();
            let mut sink = PlanBytes::default();
            let pool = rayon::ThreadPoolBuilder::new()
                .num_threads(threads)
                .build()
                .unwrap();
            let played = pool
                .install(|| play_plan_parts(&dyn_parts, &plan, &options, totals, &mut sink))
                .unwrap();
            (String::from_utf8(sink.rows).unwrap(), played)
        };
        let (text, played) = play(2);
        assert_eq!(play(1).0, text, "the same rows at any thread count");
        // The same games and totals as the plan of one game.
        let (plain, plain_played) = play_plan_bytes(&plan, Shard::WHOLE, 2);
        assert_eq!(played.totals.len(), 3);
        for (a, b) in played.totals.iter().zip(&plain_played.totals) {
            assert_eq!(a.games, b.games);
            assert_eq!(a.bots, b.bots);
        }
        let plain = String::from_utf8(plain.rows).unwrap();
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(lines.len(), plain.lines().count());
        assert_eq!(lines.len(), 5 * 2 * 2 + 4 * 3 + 3 * 2);
        for (i, (line, plain)) in lines.iter().zip(plain.lines()).enumerate() {
            let plies: i64 = plain.split(',').nth(11).unwrap().parse().unwrap();
            let tail = if i < 20 {
                format!(",{},{},", plies, 2 * plies)
            } else if i < 32 {
                format!(",,{},{}", plies, 2 * plies)
            } else {
                ",,,".to_string()
            };
            assert_eq!(*line, format!("{plain}{tail}"), "row {i}");
        }
    }

    /// The rows of a whole run played alone.
    fn bytes_of_part(run: &RunSpec) -> (Vec<u8>, Played) {
        let never = AtomicBool::new(false);
        let options = PlayOptions {
            shard: Shard::WHOLE,
            range: 0..run.games(),
            want_rows: true,
            records: None,
            cancel: &never,
            on_done: &|| {},
        };
        let mut sink = PlanBytes::default();
        let played = play_range(
            &Pebbles {
                players: run.players,
            },
            run,
            bot,
            &options,
            Totals::new(run),
            &mut sink,
        )
        .unwrap();
        (sink.rows, played)
    }

    #[test]
    fn record_frames_do_not_depend_on_where_a_run_was_split() {
        let s = spec(&["rand", "first"], Count::Deals(300));
        for compression in [Compression::Gzip, Compression::Zstd] {
            let (whole, played) = bytes_of(&s, 0..600, compression, None, Totals::new(&s));
            assert_eq!(played.end, 600);
            assert!(whole.chunks.len() >= 2, "{:?}", whole.chunks);
            // Resumed at frame boundaries, in two and three parts.
            for cuts in [vec![128], vec![64, 448]] {
                let mut bounds = vec![0];
                bounds.extend(cuts.iter().copied());
                bounds.push(600);
                let (mut rows, mut records) = (Vec::new(), Vec::new());
                let mut totals = Totals::new(&s);
                for w in bounds.windows(2) {
                    let (part, played) = bytes_of(&s, w[0]..w[1], compression, None, totals);
                    rows.extend_from_slice(&part.rows);
                    records.extend_from_slice(&part.records);
                    totals = played.totals;
                }
                assert_eq!(rows, whole.rows, "{cuts:?}");
                assert_eq!(records, whole.records, "{compression} {cuts:?}");
                assert_eq!(totals, played.totals);
            }
            // The frames decompress to one line per game, in order.
            let mut lines = crate::record_io::RecordLines::new(&whole.records[..]).unwrap();
            let mut line = Vec::new();
            let mut n = 0;
            while let Some(r) = lines.read_line(&mut line) {
                r.unwrap();
                n += 1;
            }
            assert_eq!(n, 600);
        }
    }

    #[test]
    fn a_sink_stops_the_run_after_a_game_whatever_the_chunks() {
        let s = spec(&["rand", "first"], Count::Deals(400));
        let (sink, played) = bytes_of(&s, 0..800, Compression::Plain, Some(300), Totals::new(&s));
        assert!(played.stopped);
        assert_eq!((played.end, played.totals.games), (301, 301));
        assert_eq!(sink.chunks.last().unwrap().1, 301);
        assert_eq!(sink.rows.iter().filter(|&&b| b == b'\n').count(), 2 * 301);
        assert_eq!(sink.records.iter().filter(|&&b| b == b'\n').count(), 301);
    }

    #[test]
    fn several_lineups_share_deals_and_count_pairs() {
        let lineups = vec![
            specs(&["rand", "first"]),
            specs(&["rand", "last"]),
            specs(&["first", "last"]),
        ];
        let s = RunSpec::with_lineups("pebbles", 2, lineups, Count::Deals(5), 3, true).unwrap();
        assert_eq!((s.games_per_deal(), s.games()), (6, 30));
        assert_eq!(s.bots(), ["rand", "first", "last"]);
        assert_eq!(s.locate(0), (0, 0, 0));
        assert_eq!(s.locate(3), (0, 1, 1));
        assert_eq!(s.locate(11), (1, 2, 1));
        assert_eq!(s.seat_spec(2, 1, 0), "last");
        let (totals, games) = play(&s, 0..30, false, false);
        assert!(totals.paired.is_none());
        let pairs = totals.pairs.as_ref().unwrap();
        assert_eq!(pairs.deals.len(), 5);
        for (deal, results) in &pairs.deals {
            // Three pairings, two games each, one pair of seats per game.
            assert_eq!(results.len(), 3, "deal {deal}");
            for r in results {
                assert_eq!(r.a_wins + r.ties + r.b_wins, 2);
            }
        }
        for g in &games {
            assert_eq!(g.seed, crate::rng::game_seed(3, g.index / 6));
        }
        // Games of a deal in lineup order, each under both rotations.
        let first_deal: Vec<(usize, u64)> =
            games[..6].iter().map(|g| (g.lineup, g.rotation)).collect();
        assert_eq!(first_deal, [(0, 0), (0, 1), (1, 0), (1, 1), (2, 0), (2, 1)]);
    }

    #[test]
    fn shards_play_whole_deals_with_the_seeds_of_the_whole_run() {
        let s = spec(&["rand", "first", "first"], Count::Deals(7));
        let (whole, all) = play(&s, 0..21, true, false);
        assert_eq!(Shard::parse(" 1 / 3 ").unwrap(), Shard::new(1, 3).unwrap());
        for bad in ["3/3", "1/0", "x/2", "1", "-1/2"] {
            assert!(Shard::parse(bad).is_err(), "{bad}");
        }
        for count in 1..=4u64 {
            let mut merged = Totals::new(&s);
            let mut seen = Vec::new();
            for index in 0..count {
                let shard = Shard::new(index, count).unwrap();
                assert_eq!(shard.deals(&s), (7 + count - 1 - index) / count);
                let never = AtomicBool::new(false);
                let options = PlayOptions {
                    shard,
                    range: 0..shard.games(&s),
                    want_rows: true,
                    records: None,
                    cancel: &never,
                    on_done: &|| {},
                };
                let mut keep = Keep::default();
                let played = play_range(
                    &Pebbles { players: 3 },
                    &s,
                    bot,
                    &options,
                    Totals::new(&s),
                    &mut keep,
                )
                .unwrap();
                for g in &keep.0 {
                    assert_eq!(g.deal % count, index);
                    let same = &all[g.index as usize];
                    assert_eq!(g.seed, same.seed);
                    assert_eq!(
                        rows::game_rows(g, &["rand".into(), "first".into()]),
                        rows::game_rows(same, &["rand".into(), "first".into()])
                    );
                    seen.push(g.index);
                }
                merged.merge(&played.totals);
            }
            seen.sort();
            assert_eq!(seen, (0..21).collect::<Vec<_>>(), "{count} shards");
            assert_eq!(merged, whole, "{count} shards");
        }
    }
}
