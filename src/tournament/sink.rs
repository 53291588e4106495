//! Where finished games go, in game order: [`GameResult`] one by one,
//! then each [`Chunk`]'s output, through a [`Sink`].

use super::{GameResult, Totals};

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
