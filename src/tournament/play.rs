//! The parallel pipeline: [`play_plan_parts`] (and [`play_plan`],
//! [`play_range`], [`play_all`] over it) plays a range of games on rayon's
//! pool in chunks and hands them to a [`Sink`] in game order.

use std::fmt;
use std::ops::Range;
use std::sync::atomic::{AtomicBool, Ordering};

use rayon::prelude::*;

use super::{
    Chunk, Flow, GameResult, Layout, NoSink, Plan, RunSpec, Shard, Sink, SinkError, Totals, rows,
};
use crate::bot::Bot;
use crate::bot::BotFailure;
use crate::metrics::quality;
use crate::record::RecordFormat;
use crate::record::io::Compression;
use crate::runner::{GameReport, GameStop, WantRecord, play_game_checked, play_game_observed};

/// Why a run ([`play_range`], [`play_plan`]) stopped before the end of its
/// range.
#[derive(Debug)]
pub enum RunError {
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
    Sink(SinkError),
    /// Records could not be compressed.
    Compress(std::io::Error),
    /// A bot failed and stops the run ([`crate::bot::OnFailure::Stop`]).
    /// As with [`RunError::Cancelled`], the sink has every game before
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

impl fmt::Display for RunError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RunError::Cancelled { next, .. } => write!(f, "cancelled before game {next}"),
            RunError::Sink(e) => e.fmt(f),
            RunError::Compress(e) => write!(f, "cannot compress records: {e}"),
            RunError::Bot { failure, .. } => failure.fmt(f),
        }
    }
}

impl std::error::Error for RunError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            RunError::Sink(e) => Some(e.as_ref()),
            RunError::Compress(e) => Some(e),
            RunError::Cancelled { .. } | RunError::Bot { .. } => None,
        }
    }
}

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
    /// The run's cancel flag: set it from any thread (e.g. a Ctrl-C
    /// handler) to stop every game in play before its next decision
    /// ([`crate::runner::play_game_checked`]) and start no new one.
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
) -> Result<Played, RunError>
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
    /// of `specs[s]` ([`play_game_checked`]); with `quality`, through the
    /// game-quality metrics' observers, whose values follow the game's own
    /// in [`GameReport::extras`] ([`play_game_observed`]).
    fn play(
        &self,
        specs: &[String],
        index: u64,
        seed: u64,
        want_record: WantRecord,
        cancel: &AtomicBool,
        quality: bool,
    ) -> Result<GameReport, GameStop>;
}

/// A game and a bot factory (a fresh bot from a lineup spec: a closure,
/// or a reference to one) as a [`PartGame`].
pub struct TypedPart<'a, G, F> {
    /// The part's game.
    pub game: &'a G,
    /// Builds a fresh bot from a lineup spec.
    pub bot: F,
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
        with_quality: bool,
    ) -> Result<GameReport, GameStop> {
        let mut seat_bots: Vec<Box<dyn Bot<G>>> = specs.iter().map(|s| (self.bot)(s)).collect();
        // Without quality metrics this is `play_game_checked` alone, whose
        // loop has no observing code (see `play_game_observed`).
        if !with_quality {
            return play_game_checked(
                self.game,
                &mut seat_bots,
                specs,
                index,
                seed,
                want_record,
                cancel,
            );
        }
        let mut observers = quality::observers();
        let mut report = play_game_observed(
            self.game,
            &mut seat_bots,
            specs,
            index,
            seed,
            want_record,
            cancel,
            &mut observers,
        )?;
        // The quality metrics' values follow the game's own (in the totals
        // and in games.csv).
        let observed = std::mem::take(&mut report.observed);
        report.extras.extend(observed);
        Ok(report)
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
/// frame boundary, still reach the sink ([`RunError::Cancelled`]).
///
/// Parts of different games: [`play_plan_parts`].
pub fn play_plan<G, F>(
    games: &[G],
    plan: &Plan,
    bot: F,
    options: &PlayOptions<'_>,
    totals: Vec<Totals>,
    sink: &mut dyn Sink,
) -> Result<PlanPlayed, RunError>
where
    G: RecordFormat,
    F: Fn(&str) -> Box<dyn Bot<G>> + Sync,
{
    let typed: Vec<TypedPart<'_, G, &F>> = games
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
) -> Result<PlanPlayed, RunError> {
    assert_eq!(parts.len(), plan.parts.len(), "one game per part");
    assert_eq!(totals.len(), plan.parts.len(), "one totals per part");
    for (game, part) in parts.iter().zip(&plan.parts) {
        assert_eq!(game.players(), part.run.players, "the part's player count");
    }
    let layout = Layout::new(plan, options.shard);
    let tables = PartTables::new(parts, plan);
    let player = Player {
        parts,
        plan,
        options,
        layout: &layout,
        tables: &tables,
        want_records: options.records.is_some(),
        threads: rayon::current_num_threads().max(1) as u64,
        failed: AtomicBool::new(false),
    };
    play_pipelined(&player, totals, sink)
}

/// Per part of a plan, what its games are seated and its rows written
/// with, computed once before the first game.
struct PartTables {
    /// Per lineup and rotation: each seat's spec and its bot index (into
    /// the part's `RunSpec::bots`).
    seatings: Vec<Seatings>,
    /// The part's bot specs as CSV fields.
    quoted: Vec<Vec<String>>,
    /// The fields the part's rows begin with (its values).
    leads: Vec<Vec<u8>>,
    /// Where the plan's game columns are among the part's game's own
    /// values, then (with quality metrics) theirs, which follow the game's
    /// own values.
    extras: Vec<Option<Vec<Option<usize>>>>,
    /// The decimals of the extra columns (with quality metrics; else empty).
    decimals: Vec<u8>,
}

impl PartTables {
    /// The tables of `plan`, whose part `p` is played by `parts[p]`.
    fn new(parts: &[&dyn PartGame], plan: &Plan) -> PartTables {
        let seatings = plan
            .parts
            .iter()
            .map(|part| seatings_of(&part.run))
            .collect();
        let quoted = plan
            .parts
            .iter()
            .map(|part| part.run.bots().iter().map(|b| rows::field(b)).collect())
            .collect();
        let leads = plan
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
        let columns = rows::extra_columns_union(parts.iter().map(|p| p.extra_columns()));
        let with_quality = plan.quality();
        let extras = parts
            .iter()
            .map(|p| {
                let own = p.extra_columns();
                rows::extras_layout(&columns, own).map(|mut layout| {
                    if with_quality {
                        layout.extend(
                            (own.len()..own.len() + quality::QUALITY_METRICS.len()).map(Some),
                        );
                    }
                    layout
                })
            })
            .collect();
        let decimals = if with_quality {
            std::iter::repeat_n(0, columns.len())
                .chain(quality::game_decimals())
                .collect()
        } else {
            Vec::new()
        };
        PartTables {
            seatings,
            quoted,
            leads,
            extras,
            decimals,
        }
    }
}

/// What the workers of [`play_plan_parts`] share: the plan, its games and
/// tables, and the flag a failing bot sets.
struct Player<'a> {
    parts: &'a [&'a dyn PartGame],
    plan: &'a Plan,
    options: &'a PlayOptions<'a>,
    layout: &'a Layout,
    tables: &'a PartTables,
    want_records: bool,
    /// The pool's threads (blocks are sized by them).
    threads: u64,
    /// Set at the first game a failing bot stopped: no game starts after it.
    failed: AtomicBool,
}

impl Player<'_> {
    /// Play the shard's game `local`; its CSV rows are appended to `rows`.
    fn play_one(&self, local: u64, rows: &mut Vec<u8>) -> Result<GameResult, GameStop> {
        let options = self.options;
        if options.cancel.load(Ordering::Relaxed) || self.failed.load(Ordering::Relaxed) {
            return Err(GameStop::Cancelled);
        }
        let (part, in_run, index) = self.layout.locate(self.plan, local);
        let run = &self.plan.parts[part].run;
        let (deal, lineup, rotation) = run.locate(in_run);
        let (specs, ids) = &self.tables.seatings[part][lineup][rotation as usize];
        let seed = run.game_seed(in_run);
        let report = self.parts[part]
            .play(
                specs,
                index,
                seed,
                if self.want_records {
                    WantRecord::Line
                } else {
                    WantRecord::No
                },
                options.cancel,
                run.quality,
            )
            .inspect_err(|stop| {
                if matches!(stop, GameStop::Bot(_)) {
                    self.failed.store(true, Ordering::Relaxed);
                }
            })?;
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
            let t = self.tables;
            rows::write_game_rows_with_decimals(
                &t.leads[part],
                &result,
                &t.quoted[part],
                t.extras[part].as_deref(),
                &t.decimals,
                rows,
            );
        }
        (options.on_done)();
        Ok(result)
    }

    /// Play one chunk in parallel, in blocks of consecutive games (each
    /// block's rows in one buffer); a block ends at its first game that did
    /// not finish (stopped by the cancel flag or by a failing bot). Blocks
    /// never change a byte of the output.
    fn play_chunk(&self, range: Range<u64>) -> Vec<Block> {
        let len = range.end - range.start;
        let block = (len / (4 * self.threads)).clamp(1, FRAME_GAMES);
        let starts: Vec<u64> = range.clone().step_by(block as usize).collect();
        starts
            .into_par_iter()
            .map(|first| self.play_block(first, (first + block).min(range.end)))
            .collect()
    }

    /// The games `first..last` played in order, up to the first that did
    /// not finish.
    fn play_block(&self, first: u64, last: u64) -> Block {
        let mut b = Block {
            results: Vec::with_capacity((last - first) as usize),
            rows: Vec::new(),
            ends: Vec::with_capacity((last - first) as usize),
        };
        for local in first..last {
            let r = self.play_one(local, &mut b.rows);
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
    }
}

/// The first game of `pending` that did not finish says why the run
/// stops; a failing bot before a cancelled game (the games a failure
/// stopped in flight count as cancelled).
fn first_stop(pending: &[Block]) -> Option<GameStop> {
    pending
        .iter()
        .flat_map(|b| &b.results)
        .filter_map(|r| r.as_ref().err())
        .min_by_key(|stop| matches!(stop, GameStop::Cancelled))
        .cloned()
}

/// The range of `player`'s options played in chunks as a pipeline: while
/// the workers play chunk k + 1, this thread counts chunk k, compresses it
/// (on the pool) and hands it to the sink.
fn play_pipelined(
    player: &Player<'_>,
    mut totals: Vec<Totals>,
    sink: &mut dyn Sink,
) -> Result<PlanPlayed, RunError> {
    let options = player.options;
    let end = options.range.end;
    debug_assert!(end <= player.layout.games(), "the range lies in the shard");
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
    let mut pending = player.play_chunk(first.clone());
    let mut pending_range = first;
    loop {
        size = next_chunk_size(size, began.elapsed());
        began = std::time::Instant::now();
        let stop = first_stop(&pending);
        let next_range =
            (start < end && stop.is_none()).then(|| start..chunk_end(start, size, end));
        let mut next = None;
        let mut step: Result<(u64, bool), RunError> = Ok((pending_range.end, false));
        rayon::in_place_scope(|scope| {
            if let Some(range) = next_range.clone() {
                let next = &mut next;
                scope.spawn(move |_| *next = Some(player.play_chunk(range)));
            }
            step = hand_over(&pending, pending_range.start, options, &mut totals, sink);
        });
        let (done, stopped) = step?;
        match stop {
            Some(_) if stopped => {}
            Some(GameStop::Cancelled) => {
                return Err(RunError::Cancelled { next: done, totals });
            }
            Some(GameStop::Bot(failure)) => {
                return Err(RunError::Bot {
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
) -> Result<(u64, bool), RunError> {
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
                .extend_from_slice(&c.map_err(RunError::Compress)?);
        }
    }
    if chunk.end > chunk.start || stopped {
        sink.chunk(&chunk, totals).map_err(RunError::Sink)?;
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
