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

pub mod rows;
pub mod totals;

use std::fmt;
use std::ops::Range;
use std::sync::atomic::{AtomicBool, Ordering};

use rayon::prelude::*;
use serde::{Deserialize, Serialize};

pub use self::totals::{BotTotals, PairedTotals, SeatTotals, Tally, Totals, ranks};
use crate::bot::Bot;
use crate::bot::BotFailure;
use crate::game::Outcome;
use crate::record::RecordFormat;
use crate::rng::game_seed;
use crate::runner::{GameStop, play_game_checked};

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
        }
    }
}

impl std::error::Error for RunSpecError {}

/// A whole run, serializable: everything that decides its games.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct RunSpec {
    /// The canonical game spec.
    pub game: String,
    /// Number of players.
    pub players: usize,
    /// One canonical bot spec per seat (position `i` is seat `i` in
    /// rotation 0).
    pub lineup: Vec<String>,
    /// Number of deals.
    pub deals: u64,
    /// The run seed.
    pub seed: u64,
    /// Whether deals are played under every rotation of the lineup (only
    /// matters with two or more distinct specs).
    pub rotate: bool,
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
        let mut spec = RunSpec {
            game: game.to_string(),
            players,
            lineup,
            deals: 0,
            seed,
            rotate,
        };
        let rotations = spec.rotations();
        spec.deals = match count {
            Count::Deals(0) | Count::Games(0) => return Err(RunSpecError::Empty),
            Count::Deals(d) => d,
            Count::Games(g) if g % rotations == 0 => g / rotations,
            Count::Games(games) => {
                return Err(RunSpecError::GamesNotMultiple { games, rotations });
            }
        };
        Ok(spec)
    }

    /// The distinct specs of the lineup, in order of first appearance.
    pub fn bots(&self) -> Vec<String> {
        let mut bots: Vec<String> = Vec::new();
        for b in &self.lineup {
            if !bots.contains(b) {
                bots.push(b.clone());
            }
        }
        bots
    }

    /// Rotations per deal: the number of players when rotating a lineup of
    /// two or more distinct specs, else 1.
    pub fn rotations(&self) -> u64 {
        if self.rotate && self.bots().len() >= 2 {
            self.players as u64
        } else {
            1
        }
    }

    /// Games in the run: deals × rotations.
    pub fn games(&self) -> u64 {
        self.deals * self.rotations()
    }

    /// The spec playing `seat` in `rotation`.
    pub fn seat_spec(&self, rotation: u64, seat: usize) -> &str {
        let n = self.players;
        &self.lineup[(seat + n - (rotation as usize % n)) % n]
    }

    /// The seed of game `index` (its deal's seed).
    pub fn game_seed(&self, index: u64) -> u64 {
        game_seed(self.seed, index / self.rotations())
    }
}

/// One finished game, as it reaches a [`Sink`].
#[derive(Clone, Debug)]
pub struct GameResult {
    /// The game's number in the run.
    pub index: u64,
    /// Its deal.
    pub deal: u64,
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
    /// The game's rows of the tidy CSV ([`rows::game_rows`]), formatted in
    /// the worker, when asked for.
    pub rows: Option<String>,
    /// The game record as one JSON line (with its newline), serialized in
    /// the worker, when asked for.
    pub record_line: Option<Vec<u8>>,
    /// The seat whose bot forfeited the game (see
    /// [`crate::runner::GameReport::forfeit`]), if one did.
    pub forfeit: Option<usize>,
}

/// Whether a run goes on after a chunk.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Flow {
    /// Play on.
    Continue,
    /// Stop here (e.g. a sequential test has decided).
    Stop,
}

/// Where finished games go, one by one in game order.
pub trait Sink {
    /// One finished game. An error stops the run.
    fn game(&mut self, game: &GameResult) -> Result<(), String>;

    /// Called after each chunk of games, with the number of the next game
    /// to play and the totals so far (complete games only, in game order):
    /// the place for checkpoints and early stopping.
    fn chunk_done(&mut self, next: u64, totals: &Totals) -> Result<Flow, String> {
        let _ = (next, totals);
        Ok(Flow::Continue)
    }
}

/// A sink that keeps nothing (the totals are all a caller wants).
pub struct NoSink;

impl Sink for NoSink {
    fn game(&mut self, _game: &GameResult) -> Result<(), String> {
        Ok(())
    }
}

/// Why [`play_range`] stopped early.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PlayError {
    /// The cancel flag was set; the games of the unfinished chunk are
    /// dropped (the sink has every game before them).
    Cancelled,
    /// The sink failed.
    Sink(String),
    /// A bot failed and stops the run ([`crate::bot::OnFailure::Stop`]);
    /// the games of the unfinished chunk are dropped (the sink has every
    /// game before them).
    Bot(BotFailure),
}

impl From<GameStop> for PlayError {
    fn from(stop: GameStop) -> PlayError {
        match stop {
            GameStop::Cancelled => PlayError::Cancelled,
            GameStop::Bot(failure) => PlayError::Bot(failure),
        }
    }
}

impl fmt::Display for PlayError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PlayError::Cancelled => f.write_str("cancelled"),
            PlayError::Sink(e) => f.write_str(e),
            PlayError::Bot(failure) => failure.fmt(f),
        }
    }
}

impl std::error::Error for PlayError {}

/// How to play a range of a run: see [`play_range`].
pub struct PlayOptions<'a> {
    /// The games to play (numbers in the run, within `0..spec.games()`).
    pub range: Range<u64>,
    /// Format each game's tidy CSV rows in the worker.
    pub want_rows: bool,
    /// Serialize each game's record (a JSON line) in the worker.
    pub want_records: bool,
    /// The run's cancel flag (as in [`crate::runner::RunOptions`]): set it
    /// from any thread to stop every game in play before its next decision.
    pub cancel: &'a AtomicBool,
    /// Called once per finished game (progress), from any thread.
    pub on_done: &'a (dyn Fn() + Sync),
}

/// Most games played between two chunk boundaries.
pub const CHUNK_GAMES: u64 = 1024;

/// Most bytes of JSON records a chunk should hold (estimated from the
/// largest record so far). With records, chunks start at
/// [`FIRST_RECORD_CHUNK`] games and at most double each time, so a run of
/// very long games keeps only a few in memory. Chunk boundaries depend only
/// on the run and its records, never on the thread count, and chunking
/// never changes a game or its order.
pub const CHUNK_RECORD_BYTES: u64 = 16 << 20;

/// The first chunk's size when records are kept.
pub const FIRST_RECORD_CHUNK: u64 = 16;

fn next_chunk(size: u64, largest: u64) -> u64 {
    let fit = CHUNK_RECORD_BYTES / largest.max(1);
    (size * 2).min(fit).clamp(1, CHUNK_GAMES)
}

/// Play games `options.range` of `spec` in parallel on rayon's current
/// pool, in chunks; hand each finished game to `sink` in game order and
/// return the totals of the games played. `bot` builds a fresh bot from
/// a lineup spec (the library knows no bots). `game` must be the game
/// `spec.game` names, for `spec.players` players.
///
/// Chunks are pipelined: the sink gets chunk `k` while the workers play
/// chunk `k + 1`. When the sink fails or stops the run, the chunk in
/// flight is played to its end and dropped; when the cancel flag is set,
/// it stops before its next decision and the sink has every game before
/// it.
pub fn play_range<G, F>(
    game: &G,
    spec: &RunSpec,
    bot: F,
    options: &PlayOptions<'_>,
    sink: &mut dyn Sink,
) -> Result<Totals, PlayError>
where
    G: RecordFormat,
    F: Fn(&str) -> Box<dyn Bot<G>> + Sync,
{
    assert_eq!(game.players(), spec.players, "the spec's player count");
    let rotations = spec.rotations();
    let bots = spec.bots();
    // Per rotation: each seat's spec and its index among the distinct bots.
    let seatings: Vec<(Vec<String>, Vec<usize>)> = (0..rotations)
        .map(|r| {
            let specs: Vec<String> = (0..spec.players)
                .map(|s| spec.seat_spec(r, s).to_string())
                .collect();
            let ids = specs
                .iter()
                .map(|s| bots.iter().position(|b| b == s).expect("a lineup spec"))
                .collect();
            (specs, ids)
        })
        .collect();
    let quoted: Vec<String> = bots.iter().map(|b| rows::field(b)).collect();
    // Play one chunk in parallel; results in game order.
    let play_chunk = |range: Range<u64>| -> Result<Vec<GameResult>, GameStop> {
        range
            .into_par_iter()
            .map(|index| {
                if options.cancel.load(Ordering::Relaxed) {
                    return Err(GameStop::Cancelled);
                }
                let (deal, rotation) = (index / rotations, index % rotations);
                let (specs, ids) = &seatings[rotation as usize];
                let mut seat_bots: Vec<Box<dyn Bot<G>>> = specs.iter().map(|s| bot(s)).collect();
                let seed = spec.game_seed(index);
                let report = play_game_checked(
                    game,
                    &mut seat_bots,
                    specs,
                    index,
                    seed,
                    options.want_records,
                    options.cancel,
                )?;
                let mut result = GameResult {
                    index,
                    deal,
                    rotation,
                    seed,
                    seat_bots: ids.clone(),
                    outcome: report.outcome,
                    plies: report.plies,
                    turns: report.turns,
                    rows: None,
                    record_line: None,
                    forfeit: report.forfeit.map(|f| f.seat),
                };
                if options.want_rows {
                    result.rows = Some(rows::game_rows(&result, &quoted));
                }
                if let Some(record) = report.record {
                    let mut line =
                        serde_json::to_vec(&record).expect("a game record serializes to JSON");
                    line.push(b'\n');
                    result.record_line = Some(line);
                }
                (options.on_done)();
                Ok(result)
            })
            .collect()
    };
    let mut totals = Totals::new(spec);
    let end = options.range.end;
    let mut size = if options.want_records {
        FIRST_RECORD_CHUNK
    } else {
        CHUNK_GAMES
    };
    let mut start = options.range.start;
    if start >= end {
        return Ok(totals);
    }
    let first = start..end.min(start + size);
    start = first.end;
    let mut pending = play_chunk(first)?;
    // A pipeline: while the workers play chunk k + 1, this thread hands
    // chunk k to the sink (writing overlaps playing). The next chunk's size
    // depends only on the chunks played before it, never on timing.
    loop {
        if options.want_records {
            let largest = pending
                .iter()
                .map(|r| r.record_line.as_ref().map_or(0, |l| l.len() as u64))
                .max()
                .unwrap_or(0);
            size = next_chunk(size, largest);
        }
        let next_range = (start < end).then(|| start..end.min(start + size));
        let mut next = None;
        let mut flow = Ok(Flow::Continue);
        rayon::in_place_scope(|scope| {
            if let Some(range) = next_range.clone() {
                let next = &mut next;
                let play_chunk = &play_chunk;
                scope.spawn(move |_| *next = Some(play_chunk(range)));
            }
            flow = (|| {
                for r in &pending {
                    totals.add(r);
                    sink.game(r).map_err(PlayError::Sink)?;
                }
                let done = pending.last().map_or(start, |r| r.index + 1);
                sink.chunk_done(done, &totals).map_err(PlayError::Sink)
            })();
        });
        if flow? == Flow::Stop {
            break;
        }
        match (next, next_range) {
            (Some(result), Some(range)) => {
                pending = result?;
                start = range.end;
            }
            _ => break,
        }
    }
    Ok(totals)
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
        range: 0..spec.games(),
        want_rows: false,
        want_records: false,
        cancel: &never,
        on_done: &|| {},
    };
    play_range(game, spec, bot, &options, &mut NoSink).expect("never cancelled, no sink error")
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
        Box::new(Simple(spec == "rand"))
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
        fn game(&mut self, game: &GameResult) -> Result<(), String> {
            self.0.push(game.clone());
            Ok(())
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
            range,
            want_rows: rows,
            want_records: records,
            cancel: &never,
            on_done: &|| {},
        };
        let mut keep = Keep::default();
        let totals = play_range(
            &Pebbles {
                players: spec.players,
            },
            spec,
            bot,
            &options,
            &mut keep,
        )
        .unwrap();
        (totals, keep.0)
    }

    #[test]
    fn the_lineup_rotates_through_the_seats() {
        let s = spec(&["rand", "first", "first"], Count::Deals(2));
        assert_eq!(s.rotations(), 3);
        assert_eq!(s.games(), 6);
        let seats = |r| (0..3).map(|seat| s.seat_spec(r, seat)).collect::<Vec<_>>();
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
                deal,
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
                rows: None,
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
        assert_eq!(ranks(&games[0]), [1, 2]);
        assert_eq!(ranks(&games[1]), [1, 1]);
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
    fn a_cancelled_range_stops_and_keeps_only_whole_chunks() {
        let s = spec(&["rand", "first"], Count::Deals(2000));
        let cancel = AtomicBool::new(false);
        let done = Mutex::new(0u64);
        let on_done = || {
            let mut d = done.lock().unwrap();
            *d += 1;
            if *d == CHUNK_GAMES + 10 {
                cancel.store(true, Ordering::SeqCst);
            }
        };
        let options = PlayOptions {
            range: 0..s.games(),
            want_rows: false,
            want_records: false,
            cancel: &cancel,
            on_done: &on_done,
        };
        let mut keep = Keep::default();
        let e = play_range(&Pebbles { players: 2 }, &s, bot, &options, &mut keep).unwrap_err();
        assert_eq!(e, PlayError::Cancelled);
        assert_eq!(keep.0.len() as u64, CHUNK_GAMES, "the first chunk, whole");
    }
}
