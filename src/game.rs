//! The game-agnostic API that every game implements and every bot and the
//! runner use.
//!
//! Design (after shakmaty / cozy-chess / OpenSpiel):
//! - a [`Game`] value holds the immutable rules configuration (player count,
//!   options); its [`Game::State`] is a fixed-size value with no heap inside;
//! - play is copy-make: copy the state, then [`Game::play_unchecked`] on the
//!   copy (or [`Game::play`], checked, which returns a new state);
//! - legal actions come back in a fixed-capacity list ([`Game::Actions`], an
//!   `ArrayVec` whose capacity each game justifies);
//! - every random choice takes an injected [`GameRng`].

use std::fmt::{self, Debug, Display};
use std::hash::Hash;
use std::ops::Deref;

use arrayvec::ArrayVec;

use crate::rng::GameRng;

/// Why a state is not one the game can reach: a broken invariant
/// ([`Game::check_invariants`]), or a hand-built deal or position the rules
/// refuse (each game's `setup_state`, `position`...). What is wrong, in
/// words; no caller tells one case from another, so it is one type for all.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct InvalidState(String);

impl Display for InvalidState {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for InvalidState {}

impl From<String> for InvalidState {
    fn from(why: String) -> InvalidState {
        InvalidState(why)
    }
}

impl From<&str> for InvalidState {
    fn from(why: &str) -> InvalidState {
        InvalidState(why.to_string())
    }
}

/// The description, for the errors that carry it as text (a record's
/// `RecordError::field`).
impl From<InvalidState> for String {
    fn from(e: InvalidState) -> String {
        e.0
    }
}

/// A seat number, `0..players`, in turn order (seat 0 moves first).
pub type Seat = usize;

/// The largest player count of any game (Seashells and Seaside take 5).
pub const MAX_SEATS: usize = 5;

/// A set of seats as a bit mask (bit `s` = seat `s`).
#[derive(Clone, Copy, Default, PartialEq, Eq, Hash)]
pub struct SeatSet(pub u8);

impl SeatSet {
    /// The empty set.
    pub const EMPTY: SeatSet = SeatSet(0);
    /// A set holding one seat.
    #[inline]
    pub const fn single(seat: Seat) -> SeatSet {
        SeatSet(1 << seat)
    }
    /// Add a seat.
    #[inline]
    pub fn insert(&mut self, seat: Seat) {
        self.0 |= 1 << seat;
    }
    /// Whether `seat` is in the set.
    #[inline]
    pub const fn contains(self, seat: Seat) -> bool {
        self.0 & (1 << seat) != 0
    }
    /// Number of seats in the set.
    #[inline]
    pub const fn len(self) -> usize {
        self.0.count_ones() as usize
    }
    /// Whether the set is empty.
    #[inline]
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }
    /// The seats, in increasing order.
    pub fn iter(self) -> impl Iterator<Item = Seat> {
        (0..8).filter(move |&s| self.contains(s))
    }
}

impl Debug for SeatSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_set().entries(self.iter()).finish()
    }
}

/// The result of a finished game: a score per seat and the winners (a tie
/// for the win is a shared victory; in a lost solo game nobody wins).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Outcome {
    /// Per-seat score in the game's own unit (coins, tokens, shells, or
    /// turns for solo Shell Dash).
    pub scores: ArrayVec<i32, MAX_SEATS>,
    /// The seats that won (shared victories hold several).
    pub winners: SeatSet,
}

impl Outcome {
    /// The win share of `seat`: 1/|winners| for a winner, 0 otherwise.
    pub fn win_share(&self, seat: Seat) -> f64 {
        if self.winners.contains(seat) {
            1.0 / self.winners.len() as f64
        } else {
            0.0
        }
    }
}

/// Why an action was refused by [`Game::play`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PlayError {
    /// The game is over; nothing can be played.
    GameOver,
    /// The action is not legal in this state.
    IllegalAction {
        /// The action's text form.
        action: String,
        /// The legal actions' text forms, for the message.
        legal: String,
    },
}

impl Display for PlayError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PlayError::GameOver => write!(f, "the game is over"),
            PlayError::IllegalAction { action, legal } => {
                write!(f, "illegal action `{action}` (legal: {legal})")
            }
        }
    }
}

impl std::error::Error for PlayError {}

/// A game's rules: everything bots, the runner and the test suites need.
pub trait Game: Clone + Debug + Send + Sync + 'static {
    /// A full game state: fixed-size, no heap inside (ideally `Copy`).
    type State: Clone + Debug + PartialEq + Send + Sync;
    /// A decision: small and `Copy`; its `Display` is the compact text form.
    type Action: Copy + Eq + Ord + Hash + Debug + Display + Send + Sync;
    /// A fixed-capacity list of actions (an `ArrayVec`, capacity justified by
    /// the game).
    type Actions: Deref<Target = [Self::Action]> + Default + Clone + Debug + Send;
    /// Everything one seat can see of a state. Two states with equal
    /// observations for a seat are indistinguishable to it.
    type Observation: Eq + Debug;

    /// The game's name as in specs and records (`"seashells"`...).
    fn name(&self) -> &'static str;

    /// Number of players.
    fn players(&self) -> usize;

    /// A fresh game: setup shuffles drawn from `rng`.
    fn new_game(&self, rng: &mut GameRng) -> Self::State;

    /// The seat to act, or `None` when the game is over.
    fn to_move(&self, state: &Self::State) -> Option<Seat>;

    /// The legal actions (empty when the game is over).
    fn legal_actions(&self, state: &Self::State) -> Self::Actions;

    /// Play a legal action in place. Behaviour on an illegal action is
    /// unspecified (but memory-safe); use [`Game::play`] for untrusted input.
    fn play_unchecked(&self, state: &mut Self::State, action: Self::Action);

    /// Checked copy-make: the state after `action`, or why it was refused.
    fn play(&self, state: &Self::State, action: Self::Action) -> Result<Self::State, PlayError> {
        check_legal(self, state, action)?;
        let mut next = state.clone();
        self.play_unchecked(&mut next, action);
        Ok(next)
    }

    /// A uniformly random legal action (the playout hot path; games may
    /// override it with something faster than building the list).
    /// Must not be called on a finished game.
    #[inline]
    fn random_action(&self, state: &Self::State, rng: &mut GameRng) -> Self::Action {
        let legal = self.legal_actions(state);
        debug_assert!(!legal.is_empty(), "random_action on a finished game");
        legal[crate::rng::below(rng, legal.len() as u32) as usize]
    }

    /// Play `state` to the end with uniformly random actions from `rng`;
    /// returns the number of actions played. Allocation-free. It must play
    /// exactly the game that calling [`Game::random_action`] then
    /// [`Game::play_unchecked`] until the end would (the same draws from
    /// `rng` in the same order): games may override it with a fused loop
    /// that is faster, and `tests/playout.rs` checks that they agree.
    #[inline]
    fn random_playout(&self, state: &mut Self::State, rng: &mut GameRng) -> u32 {
        play_to_end(self, state, rng, Self::random_action)
    }

    /// Scores and winners. Meaningful once the game is over; before that the
    /// scores are those the position would have if it ended now.
    fn outcome(&self, state: &Self::State) -> Outcome;

    /// Each seat's running score: the score [`Game::outcome`] would give it
    /// were the game to end in `state`, in the same unit (coins, tokens,
    /// Shells; turns for solo Shell Dash), without the winners (no
    /// tie-break). The game-quality metrics (lead changes, drama...:
    /// [`crate::metrics::quality`]) read it after every decision, so a game
    /// computes it directly; the default asks [`Game::outcome`].
    fn running_scores(&self, state: &Self::State) -> ArrayVec<i32, MAX_SEATS> {
        self.outcome(state).scores
    }

    /// A full state consistent with everything `viewer` knows in `state`
    /// (the same observation for `viewer`), with every hidden thing re-dealt
    /// from `rng`. Hidden chance to come (e.g. future reshuffles) is re-seeded.
    fn determinize(&self, state: &Self::State, viewer: Seat, rng: &mut GameRng) -> Self::State;

    /// A full state consistent with what *every* seat knows in `state`
    /// (every seat's observation unchanged, so every seat's private
    /// information is the true one), with only what no seat has seen
    /// re-dealt from `rng`: the bag's or deck's order, the items set aside
    /// or never dealt, future reshuffles. It depends only on the seats'
    /// observations together and on `rng` (two states that differ only in
    /// what no seat has seen give the same world for the same seed). A game
    /// with no such chance returns `state` as it is; a game where nothing
    /// is private returns what [`Game::determinize`] would for any seat.
    /// The worlds of `oracle(sees=hands)`, the ceiling of fair information.
    fn determinize_chance(&self, state: &Self::State, rng: &mut GameRng) -> Self::State;

    /// What `viewer` can see of `state`.
    fn observation(&self, state: &Self::State, viewer: Seat) -> Self::Observation;

    /// Whether playing `action` (legal) in `before` shows `viewer`
    /// something `before` hid from it: a card turned, a token drawn, a
    /// hand shown. A move that ends the game counts as showing (the end
    /// shows the deal: the scores, the record, the seed) whenever `before`
    /// hides anything from `viewer`. `false` is a promise: in every
    /// determinization of `before` for `viewer`, `action` is legal and
    /// gives `viewer` the same [`Game::observation`] as in `before` (the
    /// conformance suite checks it); when unsure, a game answers `true`.
    /// The undo of a person's game (`beachcomber_bots::GameSession`)
    /// never takes back a move that revealed something to the person.
    fn reveals(&self, before: &Self::State, action: Self::Action, viewer: Seat) -> bool;

    /// Every action that can ever be legal in this game configuration (the
    /// action universe; tests use it to check that illegal ones are refused).
    fn all_actions(&self) -> Vec<Self::Action>;

    /// Parse the compact text form written by the action's `Display`.
    fn parse_action(&self, text: &str) -> Option<Self::Action>;

    /// Check the state's internal invariants (component conservation...);
    /// `Err` says what is wrong. Used by tests, never by the hot path.
    fn check_invariants(&self, state: &Self::State) -> Result<(), InvalidState>;

    /// The turns played to reach `state` from the setup in `plies`
    /// decisions (for game-length statistics). The default, one turn per
    /// decision, fits games where every decision is a whole turn (Seashells:
    /// every take is a turn, a bottle's extra turn included); games whose
    /// turns hold several decisions override it.
    fn turns(&self, state: &Self::State, plies: u32) -> u32 {
        let _ = state;
        plies
    }

    /// Names of this game's own columns of a tournament's tidy CSV (after
    /// the common ones): facts of a game that help analysis, such as the
    /// number of Seaside tokens a game actually set aside. None by default.
    fn extra_columns(&self) -> &'static [&'static str] {
        &[]
    }

    /// The values of [`Game::extra_columns`] for a game that began at
    /// `initial` and ended at `terminal`, appended to `out` in order.
    fn extra_values(&self, initial: &Self::State, terminal: &Self::State, out: &mut Vec<i64>) {
        let _ = (initial, terminal, out);
    }

    /// The balance metrics a sweep reports from [`Game::extra_columns`]
    /// (e.g. Seaside's tokens per player). None by default.
    fn extra_metrics(&self) -> &'static [ExtraMetric] {
        &[]
    }
}

/// A game-specific balance metric: a statistic of one of the game's own
/// columns over the games of a setting (see [`Game::extra_metrics`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ExtraMetric {
    /// The metric's column name in `metrics.csv`.
    pub name: &'static str,
    /// The index of the game column it reads ([`Game::extra_columns`]).
    pub column: usize,
    /// How the column's values are summarised.
    pub kind: MetricKind,
}

/// How an [`ExtraMetric`] summarises a column.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MetricKind {
    /// The mean, with the half-width of its 95% interval (`NAME_ci95`;
    /// cluster-robust by deal when a deal holds several games).
    Mean,
    /// The mean divided by the number of players, with its interval.
    PerPlayer,
    /// The share of games where the 0/1 column is 1, with its 95% interval
    /// (`STEM_low95`, `STEM_high95`, the stem being the name without
    /// `_share`): Wilson's when every deal is one game, else cluster-robust
    /// by deal.
    Share,
}

/// Whether `action` may be played in `state`: `Ok`, or the [`PlayError`]
/// saying why not (the check behind [`Game::play`], for callers that play
/// by other means, such as a record replay that supplies its own chance).
pub fn check_legal<G: Game>(
    game: &G,
    state: &G::State,
    action: G::Action,
) -> Result<(), PlayError> {
    if game.to_move(state).is_none() {
        return Err(PlayError::GameOver);
    }
    let legal = game.legal_actions(state);
    if !legal.contains(&action) {
        let legal = legal
            .iter()
            .map(|a| a.to_string())
            .collect::<Vec<_>>()
            .join(" ");
        return Err(PlayError::IllegalAction {
            action: action.to_string(),
            legal,
        });
    }
    Ok(())
}

/// The step loop: play `state` to the end with the decisions of `decide`
/// (such as [`Game::random_action`]), each played by
/// [`Game::play_unchecked`]; returns the number of actions played. The
/// default of [`Game::random_playout`] and [`Evaluate::policy_playout`],
/// and what a game's fused loops are checked against.
#[inline(always)]
pub fn play_to_end<G: Game>(
    game: &G,
    state: &mut G::State,
    rng: &mut GameRng,
    mut decide: impl FnMut(&G, &G::State, &mut GameRng) -> G::Action,
) -> u32 {
    let mut plies = 0;
    while game.to_move(state).is_some() {
        let action = decide(game, state, rng);
        game.play_unchecked(state, action);
        plies += 1;
    }
    plies
}

/// Play `state` to the end with uniformly random actions; returns the
/// number of actions played. Allocation-free.
/// ([`Game::random_playout`], which games may make faster.)
#[inline]
pub fn random_playout<G: Game>(game: &G, state: &mut G::State, rng: &mut GameRng) -> u32 {
    game.random_playout(state, rng)
}

/// Per-game knowledge for bots, so that no bot contains game rules: a
/// heuristic for the greedy bot and greedy rollouts, and the normalized
/// final margin for MCTS's `reward=margin`.
///
/// A game that bots play also encodes what each seat sees
/// ([`Encode`](crate::encode::Encode), a supertrait), so that the bots
/// that read a learned evaluation (`learned`, `expert(leaf=learned)`) are
/// built for every game through the same `G: Evaluate` bound as the
/// others.
pub trait Evaluate: Game + crate::encode::Encode {
    /// Heuristic value of `state` for `seat`: the expected final score margin
    /// (its score minus the best other score; in solo games, the expected
    /// score), in score units, computed **only from what `seat` can see**
    /// (it must give the same value for two states with equal
    /// `observation(.., seat)`). Higher is better.
    fn evaluate(&self, state: &Self::State, seat: Seat) -> f64;

    /// The final margin of `seat` in a finished game, normalized to
    /// `[-1, 1]` (score minus best other score over a game-specific scale; in
    /// solo games a normalized score, higher is better).
    fn final_margin(&self, state: &Self::State, seat: Seat) -> f64;

    /// A cheap heuristic decision for search rollouts (the MCTS bots'
    /// `rollout=policy`): a game may play in a rollout what a sensible
    /// player would, at about the cost of [`Game::random_action`], which
    /// is the default. It sees the state it is given (a rollout's world,
    /// already determinized for the searching seat). Must not be called on
    /// a finished game.
    #[inline]
    fn rollout_action(&self, state: &Self::State, rng: &mut GameRng) -> Self::Action {
        self.random_action(state, rng)
    }

    /// The rollout to the end by [`Evaluate::rollout_action`] (the MCTS
    /// bots' `rollout=policy` without a cut-off): its decisions played until
    /// the game is over; returns the number of actions played. A game may
    /// fuse it, as [`Game::random_playout`]: the same draws from `rng` in
    /// the same order and the same game, faster (`tests/playout.rs` checks
    /// that they agree).
    #[inline]
    fn policy_playout(&self, state: &mut Self::State, rng: &mut GameRng) -> u32 {
        play_to_end(self, state, rng, Self::rollout_action)
    }
}
