//! The tournament engine: a serializable description of a run
//! ([`RunSpec`], spec.rs; parts of it for machines or jobs: [`Shard`],
//! shard.rs), a function that plays any range of its games into a [`Sink`]
//! ([`play_range`] and [`play_plan`], play.rs; sink.rs; each finished game
//! a [`GameResult`], game_result.rs), and exact integer [`Totals`] that merge
//! (totals.rs, the paired comparison in paired.rs, win shares and ranks in
//! shares.rs); several runs play as one [`Plan`] (plan.rs).
//!
//! # Seating and seeds
//!
//! A run is a number of **deals**. Deal `d` is dealt from the seed
//! [`rng::deal_seed`](crate::rng::deal_seed)`(run seed, d)` (the setup
//! shuffles). When the lineup holds two or more distinct bot specs and
//! `rotate` is on, every deal is played under each cyclic rotation of the
//! lineup through the seats ("duplicate deals"): in rotation `r` the bot
//! listed at position `i` sits in seat `(i + r) % players`, so rotation 0
//! is the lineup as given.
//! Otherwise there is one rotation. Game number `g` is deal `g / R`,
//! rotation `g % R` (`R` the number of rotations), so a deal's games are
//! consecutive.
//!
//! Every game of a deal (whatever its rotation) has the deal's seed: its
//! record's `seed` deals its setup (as `verify_record` checks), and the
//! decision at ply `p` is seeded
//! [`rng::decision_seed`](crate::rng::decision_seed)`(deal seed, p)`, so
//! a game is reproducible on its own from its record's seed and bots. The
//! rotations of one deal therefore share their decision random streams
//! ply by ply (common random numbers): the comparison of two bots over the
//! rotations of a deal differs only by the bots' choices.
//!
//! # Extension points
//!
//! - [`Sink::game`] is called for every finished game, in game order,
//!   with the totals so far: the place for early stopping (a sequential
//!   test reads [`Totals::paired`] there and returns [`Flow::Stop`]).
//!   [`Sink::chunk`] gets each chunk's output (CSV rows, record frames)
//!   with the totals through it: the place to append to files and to
//!   checkpoint (a manifest, `--resume`).
//! - [`Totals`] merge exactly ([`Totals::merge`]) whatever the split, also
//!   in the middle of a deal, so shards and resumed runs give the same
//!   numbers.

mod fairness;
mod game_result;
pub mod game_row;
pub mod paired;
pub mod plan;
mod play;
pub mod rows;
mod shard;
mod shares;
mod sink;
mod spec;
pub mod totals;
pub mod validate;

pub use self::fairness::{Interval, SeatFairness};
pub use self::game_result::GameResult;
pub use self::game_row::{GameColumn, GameRow, GameRowError, GameRowReader, QUALITY_COUNT};
pub use self::paired::{OpenDeal, PairedTotals};
pub use self::plan::{Layout, Part, Plan};
pub use self::play::{
    CHUNK_GAMES, CHUNK_TARGET, FRAME_GAMES, PartGame, PlanPlayed, PlayOptions, Played, RunError,
    TypedPart, play_all, play_plan, play_plan_parts, play_range,
};
pub use self::shard::{Shard, ShardError};
pub use self::shares::{SHARE_UNIT, ranks};
pub use self::sink::{Chunk, Flow, NoSink, Sink, SinkError};
pub use self::spec::{Count, RunSpec, RunSpecError};
pub use self::totals::{BotTotals, SeatTotals, Tally, Totals};
pub use self::validate::Invalid;

#[cfg(all(test, feature = "testing"))]
mod tests;
