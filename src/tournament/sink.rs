//! Where finished games go, in game order: [`GameResult`] one by one,
//! then each [`Chunk`]'s output, through a [`Sink`].

use super::Totals;
use crate::game::Outcome;

/// One finished game, as it reaches a [`Sink`].
#[derive(Clone, Debug)]
pub struct GameResult {
    /// The game's number in the run (in a plan of several parts, in the
    /// plan: see [`plan`](super::plan)).
    pub index: u64,
    /// The part of the plan it belongs to (0 in a plain run).
    pub part: usize,
    /// Its deal.
    pub deal: u64,
    /// Its lineup (an index into [`RunSpec::lineups`](super::RunSpec::lineups)).
    pub lineup: usize,
    /// Its rotation of the lineup.
    pub rotation: u64,
    /// Its seed (the deal's seed).
    pub seed: u64,
    /// For each seat, the index of its bot in [`RunSpec::bots`](super::RunSpec::bots).
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
    /// The games' records, in compressed frames of
    /// [`FRAME_GAMES`](super::FRAME_GAMES) games aligned on game numbers
    /// (see [`Compression::compress_frame`]), when asked for.
    ///
    /// [`Compression::compress_frame`]: crate::record::io::Compression::compress_frame
    pub records: Vec<u8>,
}

/// Why a [`Sink`] could not take a chunk: the sink's own error, boxed
/// (a file sink's is an I/O error with the file it names).
pub type SinkError = Box<dyn std::error::Error + Send + Sync>;

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
    /// stops the run ([`RunError::Sink`](super::RunError::Sink) carries it
    /// back to the caller, who can downcast it to its own type).
    fn chunk(&mut self, chunk: &Chunk, totals: &[Totals]) -> Result<(), SinkError> {
        let _ = (chunk, totals);
        Ok(())
    }
}

/// A sink that keeps nothing (the totals are all a caller wants).
pub struct NoSink;

impl Sink for NoSink {}
