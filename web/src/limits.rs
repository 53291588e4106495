//! The server's limits on requests and games in memory, below both the
//! routes that enforce them and the errors that name them.

/// The largest request body accepted (a move, a new game: a few hundred
/// bytes).
pub const MAX_BODY: usize = 16 * 1024;
/// Games kept in memory: starting one more forgets the least recently used
/// (its record stays saved under `--save` and can be replayed).
pub const MAX_GAMES: usize = 64;
/// Bot decisions and hints computed at once (on tokio's blocking pool);
/// more wait their turn. With each decision capped at
/// [`crate::play::MAX_WORK`] playouts, the bots thinking at once search at most
/// `MAX_THINKING x MAX_WORK` (800,000) iterations' worth of tree between
/// them, whatever the number of games or requests.
pub const MAX_THINKING: usize = 4;
/// The most moves of a replay one answer holds (with the positions before
/// and after each); the page asks for a longer game a window at a time
/// (`offset`, `limit`). Every committed record fits one answer whole (the
/// longest has 108 events).
pub const MAX_REPLAY_MOVES: usize = 500;
/// Record files read and replays built at once (on tokio's blocking pool);
/// more wait their turn, so replays at once hold a bounded memory.
pub const MAX_REPLAYING: usize = 2;
