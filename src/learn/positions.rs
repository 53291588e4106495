//! Training positions from self-play: a teacher bot plays every seat of
//! `games` games; after every action, every seat's features
//! ([`FeatureSet::write`]) are one row, and its target is that seat's
//! final result share ([`crate::game::Outcome::win_share`]).
//!
//! Game `i` is the tournament's game `i` of the same seed and bot: dealt
//! from [`deal_seed`]`(seed, i)` and played by the runner
//! ([`play_game_checked`], each decision seeded from the game seed and the
//! ply). The evaluation feature reads a world determinized from the seat's
//! view (seeded from the game seed, the ply and the seat), never the true
//! state; the encoding reads only the seat's observation. Games are played
//! in parallel on rayon's pool and collected in game order, so the rows
//! are the same at any thread count.

use std::fmt;
use std::sync::atomic::AtomicBool;
use std::sync::{Arc, Mutex, PoisonError};

use rayon::prelude::*;

use crate::bot::{Bot, BotError, OnFailure};
use crate::encode::Encode;
use crate::game::{Evaluate, Game, Outcome};
use crate::learn::features::FeatureSet;
use crate::learn::fit::Rows;
use crate::record::RecordFormat;
use crate::rng::{GameRng, deal_seed, derive, rng_from_seed};
use crate::runner::{GameStop, WantRecord, play_game_checked};

/// The most bytes of features one run holds in memory (4 GiB): a run
/// that would pass it stops with [`PositionsError::TooLarge`].
pub const MAX_POSITION_BYTES: usize = 4 << 30;

/// Games played between two checks of the size and the cancel flag.
const GAMES_PER_BATCH: u64 = 64;

/// Mixed into a game seed for the determinizations of its features, so
/// they draw nothing the teacher's decisions draw.
const FEATURE_SALT: u64 = 0xFEA7_0000_5EA7_0000;

/// Training positions: rows of features, one target each, and where each
/// game's rows end.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Positions {
    /// Features per row.
    pub inputs: usize,
    /// The rows, contiguous (`targets.len() * inputs` values).
    pub features: Vec<f32>,
    /// Each row's target: the seat's result share.
    pub targets: Vec<f32>,
    /// For each game, the number of rows of it and every game before.
    pub game_ends: Vec<usize>,
}

impl Positions {
    /// The rows of games `games` (a range of game numbers).
    pub fn rows(&self, games: std::ops::Range<usize>) -> Rows<'_> {
        let at = |game: usize| {
            if game == 0 {
                0
            } else {
                self.game_ends[game - 1]
            }
        };
        let (start, end) = (at(games.start), at(games.end));
        Rows {
            inputs: self.inputs,
            features: &self.features[start * self.inputs..end * self.inputs],
            targets: &self.targets[start..end],
        }
    }

    /// The number of games.
    pub fn games(&self) -> usize {
        self.game_ends.len()
    }
}

/// Why self-play stopped without its positions.
#[derive(Debug)]
pub enum PositionsError {
    /// The cancel flag was set.
    Cancelled,
    /// The teacher failed (an external engine).
    Bot(String),
    /// The rows would pass [`MAX_POSITION_BYTES`].
    TooLarge {
        /// The games played when the limit was passed.
        games: u64,
    },
}

impl fmt::Display for PositionsError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PositionsError::Cancelled => f.write_str("interrupted: no model was written"),
            PositionsError::Bot(why) => write!(f, "the teacher failed: {why}"),
            PositionsError::TooLarge { games } => write!(
                f,
                "the positions of {games} games already pass {} GiB of memory: \
                 train on fewer games",
                MAX_POSITION_BYTES >> 30
            ),
        }
    }
}

impl std::error::Error for PositionsError {}

/// The states a game went through, as its bots see them: shared by the
/// seats' [`Watched`] bots of one game.
type StateLog<S> = Arc<Mutex<(Vec<S>, Option<S>)>>;

/// A bot that notes every state it is asked to decide in, and the final
/// state, then lets its teacher decide.
struct Watched<G: Game> {
    teacher: Box<dyn Bot<G>>,
    log: StateLog<G::State>,
}

impl<G: Game> Watched<G> {
    fn note(&self, state: &G::State) {
        let mut log = self.log.lock().unwrap_or_else(PoisonError::into_inner);
        log.0.push(state.clone());
    }
}

impl<G: Game> Bot<G> for Watched<G> {
    fn choose(&mut self, game: &G, state: &G::State, rng: &mut GameRng) -> G::Action {
        self.note(state);
        self.teacher.choose(game, state, rng)
    }

    fn try_choose(
        &mut self,
        game: &G,
        state: &G::State,
        rng: &mut GameRng,
    ) -> Result<G::Action, BotError> {
        self.note(state);
        self.teacher.try_choose(game, state, rng)
    }

    fn on_failure(&self) -> OnFailure {
        OnFailure::Stop
    }

    fn game_over(&mut self, game: &G, state: &G::State, outcome: &Outcome) {
        self.log.lock().unwrap_or_else(PoisonError::into_inner).1 = Some(state.clone());
        self.teacher.game_over(game, state, outcome);
    }
}

/// The rows of one game: features, then targets.
type GameRows = (Vec<f32>, Vec<f32>);

/// Play game `index` of `seed` with `teacher` in every seat and write its
/// rows (see the module docs).
fn game_rows<G, F>(
    game: &G,
    features: FeatureSet,
    teacher: &F,
    seed: u64,
    index: u64,
    cancel: &AtomicBool,
) -> Result<GameRows, PositionsError>
where
    G: RecordFormat + Evaluate + Encode,
    F: Fn() -> Box<dyn Bot<G>> + Sync,
{
    let players = game.players();
    let log: StateLog<G::State> = Arc::default();
    let mut bots: Vec<Box<dyn Bot<G>>> = (0..players)
        .map(|_| {
            Box::new(Watched {
                teacher: teacher(),
                log: log.clone(),
            }) as Box<dyn Bot<G>>
        })
        .collect();
    let specs = vec![String::new(); players];
    let game_seed = deal_seed(seed, index);
    let report = play_game_checked(
        game,
        &mut bots,
        &specs,
        index,
        game_seed,
        WantRecord::No,
        cancel,
    )
    .map_err(|stop| match stop {
        GameStop::Cancelled => PositionsError::Cancelled,
        GameStop::Bot(failure) => PositionsError::Bot(failure.to_string()),
    })?;
    drop(bots);
    let (mut states, last) =
        std::mem::take(&mut *log.lock().unwrap_or_else(PoisonError::into_inner));
    // After every action: not the setup, but the final state.
    states.extend(last);
    let after: &[G::State] = states.get(1..).unwrap_or(&[]);
    let inputs = features.len(game.encoding_len());
    let mut rows = vec![0.0f32; after.len() * players * inputs];
    let mut targets = Vec::with_capacity(after.len() * players);
    let mut out = rows.chunks_exact_mut(inputs);
    for (ply, state) in after.iter().enumerate() {
        for seat in 0..players {
            let row = out.next().expect("one row per seat per state");
            match features {
                FeatureSet::Encoding => features.write(game, state, seat, row),
                FeatureSet::EncodingEvaluate => {
                    let draw = derive(game_seed ^ FEATURE_SALT, (ply * players + seat) as u64);
                    let world = game.determinize(state, seat, &mut rng_from_seed(draw));
                    features.write(game, &world, seat, row);
                }
            }
            targets.push(report.outcome.win_share(seat) as f32);
        }
    }
    Ok((rows, targets))
}

/// Self-play by `teacher` (a fresh bot per seat per game) of games
/// `0..games` of `seed`: their positions, in game order, whatever the
/// number of threads (see the module docs). `on_done` is called once per
/// game played (progress), from any thread; `cancel` stops the run
/// within a decision.
pub fn self_play<G, F>(
    game: &G,
    features: FeatureSet,
    teacher: F,
    games: u64,
    seed: u64,
    cancel: &AtomicBool,
    on_done: &(dyn Fn() + Sync),
) -> Result<Positions, PositionsError>
where
    G: RecordFormat + Evaluate + Encode,
    F: Fn() -> Box<dyn Bot<G>> + Sync,
{
    let mut positions = Positions {
        inputs: features.len(game.encoding_len()),
        ..Positions::default()
    };
    let mut start = 0;
    while start < games {
        let end = (start + GAMES_PER_BATCH).min(games);
        let batch: Vec<GameRows> = (start..end)
            .into_par_iter()
            .map(|index| {
                let rows = game_rows(game, features, &teacher, seed, index, cancel);
                on_done();
                rows
            })
            .collect::<Result<_, _>>()?;
        for (rows, targets) in batch {
            positions.features.extend_from_slice(&rows);
            positions.targets.extend_from_slice(&targets);
            positions.game_ends.push(positions.targets.len());
        }
        if positions.features.len() * size_of::<f32>() > MAX_POSITION_BYTES {
            return Err(PositionsError::TooLarge { games: end });
        }
        start = end;
    }
    Ok(positions)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::AnyGame;
    use crate::rng::below;

    /// A uniformly random legal action (a teacher with no knowledge).
    struct Uniform;

    impl<G: Game> Bot<G> for Uniform {
        fn choose(&mut self, game: &G, state: &G::State, rng: &mut GameRng) -> G::Action {
            let legal = game.legal_actions(state);
            legal[below(rng, legal.len() as u32) as usize]
        }
    }

    fn positions(spec: &str, features: FeatureSet, games: u64, threads: usize) -> Positions {
        let never = AtomicBool::new(false);
        let game = AnyGame::from_spec(spec, 2).unwrap();
        let pool = rayon::ThreadPoolBuilder::new()
            .num_threads(threads)
            .build()
            .unwrap();
        pool.install(|| {
            fn play<G: RecordFormat + Evaluate + Encode>(
                g: &G,
                features: FeatureSet,
                games: u64,
                never: &AtomicBool,
            ) -> Result<Positions, PositionsError> {
                self_play(g, features, || Box::new(Uniform), games, 7, never, &|| {})
            }
            match &game {
                AnyGame::Seashells(g) => play(g, features, games, &never),
                AnyGame::Seaside(g) => play(g, features, games, &never),
                AnyGame::ShellDash(g) => play(g, features, games, &never),
            }
            .unwrap()
        })
    }

    #[test]
    fn every_seat_after_every_action_is_a_row_with_its_result() {
        let p = positions("seashells", FeatureSet::Encoding, 5, 1);
        let game = crate::games::seashells::Seashells::from_spec(&"seashells".parse().unwrap(), 2)
            .unwrap();
        let encoding = game.encoding_len();
        assert_eq!(p.inputs, encoding);
        assert_eq!(p.games(), 5);
        assert_eq!(p.features.len(), p.targets.len() * p.inputs);
        let mut start = 0;
        for &end in &p.game_ends {
            let rows = &p.targets[start..end];
            // Two seats a state; each seat's target is the same all game,
            // and the seats' shares add up to one win.
            assert_eq!(rows.len() % 2, 0);
            assert!(rows.len() > 10);
            for pair in rows.chunks(2) {
                assert_eq!(pair, &rows[..2]);
            }
            assert_eq!(rows[0] + rows[1], 1.0);
            start = end;
        }
        // The rows of a range of games are theirs.
        let r = p.rows(1..3);
        assert_eq!(r.len(), p.game_ends[2] - p.game_ends[0]);
    }

    #[test]
    fn a_cancelled_run_gives_no_positions() {
        let cancel = AtomicBool::new(true);
        let game = crate::games::seashells::Seashells::from_spec(&"seashells".parse().unwrap(), 2)
            .unwrap();
        let played = self_play(
            &game,
            FeatureSet::Encoding,
            || Box::new(Uniform),
            3,
            1,
            &cancel,
            &|| {},
        );
        assert!(
            matches!(played, Err(PositionsError::Cancelled)),
            "{played:?}"
        );
        assert_eq!(
            PositionsError::Cancelled.to_string(),
            "interrupted: no model was written"
        );
    }

    #[test]
    fn positions_do_not_depend_on_the_thread_count() {
        let one = positions("seaside", FeatureSet::EncodingEvaluate, 6, 1);
        let two = positions("seaside", FeatureSet::EncodingEvaluate, 6, 2);
        assert_eq!(one, two);
        // The encoding is the same with the evaluation after it.
        let encoding = positions("seaside", FeatureSet::Encoding, 6, 2);
        assert_eq!(encoding.targets, one.targets);
        for (a, b) in encoding
            .features
            .chunks(encoding.inputs)
            .zip(one.features.chunks(one.inputs))
        {
            assert_eq!(a, &b[..encoding.inputs]);
        }
    }
}
