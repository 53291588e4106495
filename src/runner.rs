//! Playing games: one game between bots from its seed, and uniformly random
//! games (benchmarks). Runs of many games are the tournament engine's
//! ([`crate::tournament::play_range`]).
//!
//! Reproducibility: a game's setup is dealt from its seed (a tournament
//! game's deal seed, [`rng::deal_seed`]), and every decision at ply `p` gets
//! an RNG seeded [`rng::decision_seed`]`(game seed, p)`. Nothing depends on
//! the thread that plays a game.

use std::sync::atomic::{AtomicBool, Ordering};

use rayon::prelude::*;

use crate::bot::{Bot, BotError, BotFailure, OnFailure};
use crate::game::{Game, Outcome, SeatSet};
use crate::metrics::{Ply, PlyObserver, leaders_of};
use crate::record::{GameEnd, GameRecord, RecordFormat, build_record, write_record_line};
use crate::rng::{self, decision_seed, rng_from_seed};

/// What one game produced.
#[derive(Clone, Debug)]
pub struct GameReport {
    /// The game's number in its run.
    pub index: u64,
    /// The game's seed.
    pub seed: u64,
    /// Scores and winners.
    pub outcome: Outcome,
    /// Decisions made.
    pub plies: u32,
    /// Turns played ([`Game::turns`]).
    pub turns: u32,
    /// The game record, when asked for.
    pub record: Option<GameRecord>,
    /// The failure that ended the game as a forfeit ([`OnFailure::Forfeit`]):
    /// the game is then scored as lost by that seat (every other seat shares
    /// the win; nobody wins a solo game), with the scores of the position
    /// it stopped in.
    pub forfeit: Option<BotFailure>,
    /// The values of [`Game::extra_columns`].
    pub extras: Vec<i64>,
    /// The per-game values of the per-ply observers
    /// ([`play_game_observed`]), in their order; empty otherwise.
    pub observed: Vec<i64>,
    /// The game record as one JSON line with its `\n`, when asked for
    /// ([`WantRecord::Line`]): the bytes `serde_json` writes for
    /// [`Self::record`], written directly by [`write_record_line`].
    pub record_line: Option<Vec<u8>>,
}

/// Which record [`play_game_cancellable`] makes of a game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum WantRecord {
    /// None.
    No,
    /// A [`GameRecord`] ([`GameReport::record`]).
    Record,
    /// Its JSON line ([`GameReport::record_line`]), the fast way to write
    /// records to a file.
    Line,
}

impl From<bool> for WantRecord {
    /// `true` asks for a [`GameRecord`], `false` for nothing.
    fn from(want: bool) -> WantRecord {
        if want {
            WantRecord::Record
        } else {
            WantRecord::No
        }
    }
}

/// The capacity a record line starts with: most records fit (a 4-player
/// Seashells record takes about 4 KB), so most lines are one allocation.
const RECORD_LINE_CAPACITY: usize = 8 << 10;

/// Why a game stopped before its end without a result.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum GameStop {
    /// The cancel flag was set.
    Cancelled,
    /// A bot failed, and its [`OnFailure`] is [`OnFailure::Stop`].
    Bot(BotFailure),
}

impl std::fmt::Display for GameStop {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            GameStop::Cancelled => Cancelled.fmt(f),
            GameStop::Bot(failure) => failure.fmt(f),
        }
    }
}

impl std::error::Error for GameStop {}

impl From<Cancelled> for GameStop {
    fn from(_: Cancelled) -> GameStop {
        GameStop::Cancelled
    }
}

/// A game or a run stopped early because its cancel flag was set (e.g. by
/// Ctrl-C). A cancelled run reports no game at all, so a caller never
/// mistakes a partial run for a whole one.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Cancelled;

impl std::fmt::Display for Cancelled {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("cancelled")
    }
}

impl std::error::Error for Cancelled {}

/// Play one game from its seed. `bots[s]` plays seat `s`; `bot_specs` are
/// written into the record. Never cancelled: see [`play_game_cancellable`].
pub fn play_game<G: RecordFormat>(
    game: &G,
    bots: &mut [Box<dyn Bot<G>>],
    bot_specs: &[String],
    index: u64,
    seed: u64,
    want_record: bool,
) -> GameReport {
    let never = AtomicBool::new(false);
    play_game_cancellable(game, bots, bot_specs, index, seed, want_record, &never)
        .expect("a game that is never cancelled is played to the end")
}

/// [`play_game`] that checks `cancel` before every decision and returns
/// [`Cancelled`] as soon as it is set, so a run stops within one decision
/// (a bot's decision itself is not interrupted). A bot that fails
/// ([`Bot::try_choose`]) forfeits the game here whatever its
/// [`Bot::on_failure`]; [`play_game_checked`] can stop instead.
pub fn play_game_cancellable<G: RecordFormat>(
    game: &G,
    bots: &mut [Box<dyn Bot<G>>],
    bot_specs: &[String],
    index: u64,
    seed: u64,
    want_record: impl Into<WantRecord>,
    cancel: &AtomicBool,
) -> Result<GameReport, Cancelled> {
    play::<G, false>(
        game,
        bots,
        bot_specs,
        index,
        seed,
        want_record.into(),
        cancel,
        false,
        &mut [],
    )
    .map_err(|_| Cancelled)
}

/// [`play_game_cancellable`] that lets a failing bot's
/// [`Bot::on_failure`] decide: [`GameStop::Bot`] (stop) or a forfeit
/// ([`GameReport::forfeit`]).
#[allow(clippy::too_many_arguments)]
pub fn play_game_checked<G: RecordFormat>(
    game: &G,
    bots: &mut [Box<dyn Bot<G>>],
    bot_specs: &[String],
    index: u64,
    seed: u64,
    want_record: impl Into<WantRecord>,
    cancel: &AtomicBool,
) -> Result<GameReport, GameStop> {
    play::<G, false>(
        game,
        bots,
        bot_specs,
        index,
        seed,
        want_record.into(),
        cancel,
        true,
        &mut [],
    )
}

/// [`play_game_checked`] that shows every ply to `observers` (the per-ply
/// hook of metrics, [`crate::metrics::PlyObserver`]): each sees the
/// setup's running scores ([`Game::running_scores`]), then after each
/// decision the seat that moved, the legal actions it chose among and the
/// running scores and leaders; their values, given the final winners, end
/// up in [`GameReport::observed`].
///
/// Why [`play_game_checked`] pays nothing for the hook: both are the one
/// step loop instantiated with a constant `OBSERVE` (`false` there, `true`
/// here), so the observing code is compiled out of the loop that does not
/// observe; the tournament chooses between the two once per game, from
/// the run's [`crate::tournament::RunSpec::quality`].
#[allow(clippy::too_many_arguments)]
pub fn play_game_observed<G: RecordFormat>(
    game: &G,
    bots: &mut [Box<dyn Bot<G>>],
    bot_specs: &[String],
    index: u64,
    seed: u64,
    want_record: impl Into<WantRecord>,
    cancel: &AtomicBool,
    observers: &mut [Box<dyn PlyObserver>],
) -> Result<GameReport, GameStop> {
    play::<G, true>(
        game,
        bots,
        bot_specs,
        index,
        seed,
        want_record.into(),
        cancel,
        true,
        observers,
    )
}

/// The step loop of one game; with `OBSERVE`, `observers` see every ply
/// (without, they are never touched: the branch is on a constant).
#[allow(clippy::too_many_arguments)]
fn play<G: RecordFormat, const OBSERVE: bool>(
    game: &G,
    bots: &mut [Box<dyn Bot<G>>],
    bot_specs: &[String],
    index: u64,
    seed: u64,
    want_record: WantRecord,
    cancel: &AtomicBool,
    may_stop: bool,
    observers: &mut [Box<dyn PlyObserver>],
) -> Result<GameReport, GameStop> {
    assert_eq!(bots.len(), game.players(), "one bot per seat");
    let mut setup_rng = rng_from_seed(seed);
    let initial = game.new_game(&mut setup_rng);
    let mut state = initial.clone();
    let mut actions = Vec::new();
    let mut plies = 0u32;
    let mut forfeit = None;
    if OBSERVE {
        let scores = game.running_scores(&state);
        let leaders = leaders_of(&scores);
        for observer in observers.iter_mut() {
            observer.start(&scores, leaders);
        }
    }
    while let Some(seat) = game.to_move(&state) {
        if cancel.load(Ordering::Relaxed) {
            return Err(GameStop::Cancelled);
        }
        let mut decision_rng = rng_from_seed(decision_seed(seed, plies as u64));
        let action = match bots[seat].try_choose(game, &state, &mut decision_rng) {
            Ok(action) => action,
            // A bot interrupted by the cancel flag (an engine's wait ends
            // at Ctrl-C) did not fail.
            Err(_) if cancel.load(Ordering::Relaxed) => return Err(GameStop::Cancelled),
            // Stopped because another game's bot failed (an engine's wait
            // ends then): not a failure of this bot either.
            Err(BotError::Interrupted) => return Err(GameStop::Cancelled),
            Err(error) => {
                let failure = BotFailure {
                    bot: bot_specs.get(seat).cloned().unwrap_or_default(),
                    seat,
                    game: index,
                    ply: plies,
                    error,
                };
                if may_stop && bots[seat].on_failure() == OnFailure::Stop {
                    return Err(GameStop::Bot(failure));
                }
                forfeit = Some(failure);
                break;
            }
        };
        // The choices are counted before the move (only when observing).
        let choices = if OBSERVE {
            game.legal_actions(&state).len() as u32
        } else {
            0
        };
        debug_assert!(
            game.play(&state, action).is_ok(),
            "bot for seat {seat} chose an illegal action {action}"
        );
        game.play_unchecked(&mut state, action);
        if want_record != WantRecord::No {
            actions.push(action);
        }
        plies += 1;
        if OBSERVE {
            let scores = game.running_scores(&state);
            let ply = Ply {
                number: plies,
                seat,
                choices,
                scores: &scores,
                leaders: leaders_of(&scores),
            };
            for observer in observers.iter_mut() {
                observer.ply(&ply);
            }
        }
    }
    let mut outcome = game.outcome(&state);
    if let Some(failure) = &forfeit {
        // Lost by the failing seat: every other seat shares the win.
        let mut winners = SeatSet::EMPTY;
        for s in (0..game.players()).filter(|&s| s != failure.seat) {
            winners.insert(s);
        }
        outcome.winners = winners;
    }
    for (seat, bot) in bots.iter_mut().enumerate() {
        if forfeit.as_ref().is_none_or(|f| f.seat != seat) {
            bot.game_over(game, &state, &outcome);
        }
    }
    let full_record = || {
        let mut record = build_record(game, Some(seed), bot_specs, &initial, &actions);
        if let Some(failure) = &forfeit {
            record.end = GameEnd::Forfeit(failure.seat);
        }
        record
    };
    let record = (want_record == WantRecord::Record).then(&full_record);
    let record_line = (want_record == WantRecord::Line).then(|| {
        let mut line = Vec::with_capacity(RECORD_LINE_CAPACITY);
        if forfeit.is_some() {
            // Rare: the direct writer knows only finished and unfinished
            // games.
            line = serde_json::to_vec(&full_record()).expect("a game record serializes");
            line.push(b'\n');
        } else {
            write_record_line(game, Some(seed), bot_specs, &initial, &actions, &mut line);
        }
        line
    });
    let mut extras = Vec::new();
    game.extra_values(&initial, &state, &mut extras);
    let observed = if OBSERVE {
        observers.iter().map(|o| o.value(outcome.winners)).collect()
    } else {
        Vec::new()
    };
    Ok(GameReport {
        index,
        seed,
        outcome,
        plies,
        turns: game.turns(&state, plies),
        record,
        forfeit,
        extras,
        observed,
        record_line,
    })
}

/// Play `games` uniformly random games single-threaded from `seed`; returns
/// the total number of decisions (used by benchmarks).
pub fn random_games<G: Game>(game: &G, games: u64, seed: u64) -> u64 {
    let never = AtomicBool::new(false);
    random_games_cancellable(game, games, seed, &never).expect("never cancelled")
}

/// Games [`random_games_cancellable`] plays between two looks at its cancel
/// flag (a few hundred microseconds).
const RANDOM_GAMES_PER_CHECK: u64 = 256;

/// [`random_games`] that looks at `cancel` every few hundred games and
/// returns [`Cancelled`] once it is set. The games played are the same.
pub fn random_games_cancellable<G: Game>(
    game: &G,
    games: u64,
    seed: u64,
    cancel: &AtomicBool,
) -> Result<u64, Cancelled> {
    let mut rng = rng_from_seed(seed);
    let mut plies = 0u64;
    for i in 0..games {
        if i % RANDOM_GAMES_PER_CHECK == 0 && cancel.load(Ordering::Relaxed) {
            return Err(Cancelled);
        }
        let mut state = game.new_game(&mut rng);
        plies += crate::game::random_playout(game, &mut state, &mut rng) as u64;
    }
    Ok(plies)
}

/// [`random_games`] split over rayon's pool in `chunks` independent chunks,
/// stopping soon after `cancel` is set; returns the total number of decisions.
pub fn random_games_parallel_cancellable<G: Game>(
    game: &G,
    games: u64,
    seed: u64,
    chunks: u64,
    cancel: &AtomicBool,
) -> Result<u64, Cancelled> {
    let chunks = chunks.max(1);
    (0..chunks)
        .into_par_iter()
        .map(|c| {
            let n = games / chunks + u64::from(c < games % chunks);
            random_games_cancellable(game, n, rng::derive(seed, c), cancel)
        })
        .sum()
}

#[cfg(all(test, feature = "testing"))]
mod tests {
    use std::sync::Arc;
    use std::sync::atomic::AtomicU32;

    use super::*;
    use crate::GameRng;
    use crate::testing::toy::Pebbles;

    /// Plays the first legal action; sets `cancel` at its second decision
    /// (counted over all its copies) when it has one.
    struct First {
        cancel: Option<Arc<AtomicBool>>,
        decisions: Arc<AtomicU32>,
    }

    impl<G: Game> Bot<G> for First {
        fn choose(&mut self, game: &G, state: &G::State, _rng: &mut GameRng) -> G::Action {
            if self.decisions.fetch_add(1, Ordering::SeqCst) == 1
                && let Some(cancel) = &self.cancel
            {
                cancel.store(true, Ordering::SeqCst);
            }
            game.legal_actions(state)[0]
        }
    }

    /// A hand-built per-ply metric: counts plies (and the setup, as -1),
    /// and checks they come in order, with the running scores of the
    /// position and its leaders.
    struct PlyCount(i64);

    impl PlyObserver for PlyCount {
        fn start(&mut self, scores: &[i32], leaders: SeatSet) {
            assert_eq!((self.0, scores.len()), (0, 3));
            assert_eq!(leaders, leaders_of(scores));
            self.0 = -1;
        }
        fn ply(&mut self, ply: &Ply<'_>) {
            self.0 = if self.0 < 0 { 1 } else { self.0 + 1 };
            assert_eq!(i64::from(ply.number), self.0);
            assert!(ply.choices >= 1);
            assert_eq!(ply.leaders, leaders_of(ply.scores));
        }
        fn value(&self, _winners: SeatSet) -> i64 {
            self.0
        }
    }

    #[test]
    fn a_per_ply_observer_sees_every_move_of_the_record() {
        let game = Pebbles { players: 3 };
        let specs = vec!["first".to_string(); 3];
        let decisions = Arc::new(AtomicU32::new(0));
        let mut bots: Vec<Box<dyn Bot<Pebbles>>> = (0..3)
            .map(|_| {
                Box::new(First {
                    cancel: None,
                    decisions: decisions.clone(),
                }) as Box<dyn Bot<Pebbles>>
            })
            .collect();
        let never = AtomicBool::new(false);
        let mut observers: Vec<Box<dyn PlyObserver>> =
            vec![Box::new(PlyCount(0)), Box::new(PlyCount(0))];
        let report =
            play_game_observed(&game, &mut bots, &specs, 0, 9, true, &never, &mut observers)
                .unwrap();
        let moves = report.record.as_ref().unwrap().events.len();
        assert!(moves > 1);
        assert_eq!(report.observed, vec![moves as i64; 2]);
        assert_eq!(report.plies as usize, moves);
        // Without observers, nothing is observed.
        let plain = play_game_checked(&game, &mut bots, &specs, 0, 9, true, &never).unwrap();
        assert_eq!(plain.observed, Vec::<i64>::new());
        assert_eq!(plain.plies, report.plies);
    }

    #[test]
    fn a_game_stops_at_the_decision_after_the_cancel_flag() {
        let game = Pebbles { players: 2 };
        let specs = vec!["first".to_string(); 2];
        let cancel = Arc::new(AtomicBool::new(false));
        let decisions = Arc::new(AtomicU32::new(0));
        let mut bots: Vec<Box<dyn Bot<Pebbles>>> = (0..2)
            .map(|_| {
                Box::new(First {
                    cancel: Some(cancel.clone()),
                    decisions: decisions.clone(),
                }) as Box<dyn Bot<Pebbles>>
            })
            .collect();
        let result = play_game_cancellable(&game, &mut bots, &specs, 0, 5, true, &cancel);
        assert_eq!(result.unwrap_err(), Cancelled);
        assert_eq!(
            decisions.load(Ordering::SeqCst),
            2,
            "no decision after the flag"
        );
    }
}
