//! [`GameResult`]: one finished game of a run, as the totals, the rows and
//! the sinks receive it.

use crate::game::Outcome;

/// One finished game, as it reaches a [`Sink`](super::Sink).
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
