//! `beachcomber.VectorEnv`: batched playouts for learning. `n` games of one
//! configuration advance together: a NumPy array of `n` actions in, each
//! game's observation, mask, seat to move, rewards and end out, the games
//! played by a thread pool of the object's own with the GIL released.
//!
//! The output arrays belong to the object and are overwritten by the next
//! `reset` or `step` (copy what you keep): no array is allocated per step.

use numpy::{PyArray1, PyArray2, PyArrayMethods};
use pyo3::exceptions::{PyMemoryError, PyRuntimeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::PyTuple;

use beachcomber::rng::derive;
use beachcomber::with_game;
use beachcomber_store::counts::Threads;

use crate::batch::{Batch, Batched, Outputs};
use crate::errors::illegal;
use crate::game::{PyGame, game_from_spec};
use crate::pool::ForkSafePool;
use crate::rules::Engine;
use crate::state::PyState;
use crate::step_actions::{Actions, read_actions};

/// `num_envs` games of one configuration stepped together.
///
/// `reset()` and `step(actions)` return the object's own arrays:
/// `obs` (`num_envs × L`, `float32`: the observation tensor of each game's
/// seat to move), `mask` (`num_envs × A`, `int8`: that seat's legal
/// actions), `player` (`num_envs`, `int64`: the seat to move); `step` adds
/// `rewards` (`num_envs × players`, `float32`: each seat's win share in a
/// game that just ended, else 0) and `done` (`num_envs`, `bool`: the game
/// just ended, and the next deal took its place). They are overwritten by
/// the next call.
#[pyclass(module = "beachcomber", name = "VectorEnv")]
pub struct VectorEnv {
    batch: Box<dyn Batch>,
    pool: ForkSafePool,
    obs: Py<PyArray2<f32>>,
    mask: Py<PyArray2<i8>>,
    player: Py<PyArray1<i64>>,
    rewards: Py<PyArray2<f32>>,
    done: Py<PyArray1<bool>>,
    actions: Py<PyArray1<i64>>,
    base_seed: u64,
    resets: u64,
}

impl VectorEnv {
    /// Run `work` on the batch and the output arrays, the GIL released.
    fn with_outputs<T: Send>(
        &mut self,
        py: Python<'_>,
        work: impl FnOnce(&mut dyn Batch, Outputs<'_>, Option<&rayon::ThreadPool>) -> T + Send,
    ) -> PyResult<T> {
        let slice = |e: numpy::AsSliceError| PyRuntimeError::new_err(e.to_string());
        let (obs, mask, player, rewards, done) = (
            self.obs.bind(py),
            self.mask.bind(py),
            self.player.bind(py),
            self.rewards.bind(py),
            self.done.bind(py),
        );
        let (mut obs, mut mask, mut player, mut rewards, mut done) = (
            obs.try_readwrite()?,
            mask.try_readwrite()?,
            player.try_readwrite()?,
            rewards.try_readwrite()?,
            done.try_readwrite()?,
        );
        let out = Outputs {
            obs: obs.as_slice_mut().map_err(slice)?,
            mask: mask.as_slice_mut().map_err(slice)?,
            player: player.as_slice_mut().map_err(slice)?,
            rewards: rewards.as_slice_mut().map_err(slice)?,
            done: done.as_slice_mut().map_err(slice)?,
        };
        let pool = self.pool.get().map_err(PyRuntimeError::new_err)?;
        let batch = self.batch.as_mut();
        Ok(py.detach(move || work(batch, out, pool)))
    }

    /// `(obs, mask, player)`.
    fn decisions<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
        PyTuple::new(
            py,
            [
                self.obs.bind(py).as_any(),
                self.mask.bind(py).as_any(),
                self.player.bind(py).as_any(),
            ],
        )
    }
}

/// The most games one `VectorEnv` plays (2^20): more are refused before
/// anything is allocated. Its arrays hold about `num_envs × L × 4` bytes of
/// observations (5.7 GB for 2^20 two-player Seashells games).
pub const MAX_ENVS: usize = 1 << 20;

/// A NumPy array of zeros of `shape` and `dtype`, made by `numpy.zeros`
/// so that one too large for the memory raises NumPy's `MemoryError`.
fn zeros<'py, T: numpy::Element, D: numpy::ndarray::Dimension>(
    py: Python<'py>,
    shape: impl IntoPyObject<'py>,
    dtype: &str,
) -> PyResult<Py<numpy::PyArray<T, D>>> {
    let array = py
        .import("numpy")?
        .getattr("zeros")?
        .call1((shape, dtype))?;
    Ok(array.cast_into::<numpy::PyArray<T, D>>()?.unbind())
}

/// Games per thread below which another thread costs more than it gains.
/// Handing a step to a worker and waiting for it costs tens of
/// microseconds here, about a step of 256 Seashells games on one thread:
/// measured on 2 idle cores (benches/python-batch-threads.py, docs/python.md),
/// 2 threads played 0.25-0.57 times as many steps as 1 at 256 games, 0.68-1.39
/// times at 1,024, 1.41-1.74 times at 4,096 and 1.80-1.94 times at 16,384.
pub const GAMES_PER_THREAD: usize = 2048;

/// The default thread count of `num_envs` games: one per
/// [`GAMES_PER_THREAD`] games, at least one, at most one per core.
fn default_threads(num_envs: usize) -> usize {
    let cores = std::thread::available_parallelism().map_or(1, std::num::NonZeroUsize::get);
    (num_envs / GAMES_PER_THREAD).clamp(1, cores)
}

#[pymethods]
impl VectorEnv {
    /// `num_envs` games of the game `spec` names for `players` players,
    /// dealt from `seed` (game `i`'s `k`-th deal is
    /// `deal_seed(derive(seed, i), k)`), played by `threads` threads in all,
    /// the caller's included (default: [`default_threads`]; 1 plays them on
    /// the caller's thread alone).
    #[new]
    #[pyo3(signature = (spec, players, num_envs, seed = 0, threads = None))]
    fn new(
        py: Python<'_>,
        spec: &str,
        players: usize,
        num_envs: usize,
        seed: u64,
        threads: Option<usize>,
    ) -> PyResult<VectorEnv> {
        if !(1..=MAX_ENVS).contains(&num_envs) {
            return Err(PyValueError::new_err(format!(
                "num_envs must be from 1 to {MAX_ENVS}, not {num_envs}"
            )));
        }
        if let Some(t) = threads
            && Threads::new(t as u64).is_err()
        {
            return Err(PyValueError::new_err(format!(
                "threads must be from {} to {}, not {t} (None: one per {GAMES_PER_THREAD} games)",
                Threads::RANGE.start(),
                Threads::RANGE.end()
            )));
        }
        let game = game_from_spec(spec, players)?;
        let batch: Box<dyn Batch> = with_game!(game, |g| {
            let batched = Batched::new(std::sync::Arc::new(Engine::new(g)), num_envs)
                .map_err(|e| PyMemoryError::new_err(format!("{num_envs} games: {e}")))?;
            Box::new(batched)
        });
        let rules = batch.rules();
        let threads = threads.unwrap_or_else(|| default_threads(num_envs));
        let (l, a, p) = (rules.encoding_len(), rules.num_actions(), rules.players());
        let mut env = VectorEnv {
            batch,
            pool: ForkSafePool::new(threads),
            obs: zeros(py, (num_envs, l), "float32")?,
            mask: zeros(py, (num_envs, a), "int8")?,
            player: zeros(py, (num_envs,), "int64")?,
            rewards: zeros(py, (num_envs, p), "float32")?,
            done: zeros(py, (num_envs,), "bool")?,
            actions: zeros(py, (num_envs,), "int64")?,
            base_seed: seed,
            resets: 0,
        };
        env.reset(py, Some(seed))?;
        Ok(env)
    }

    /// Deal every game anew, from `seed` (a reset without a seed deals from
    /// `derive(s, k)` for the `k`-th reset since the last seed `s`);
    /// returns `(obs, mask, player)`.
    #[pyo3(signature = (seed = None))]
    fn reset<'py>(&mut self, py: Python<'py>, seed: Option<u64>) -> PyResult<Bound<'py, PyTuple>> {
        let seed = match seed {
            Some(seed) => {
                self.base_seed = seed;
                self.resets = 0;
                seed
            }
            None => {
                self.resets += 1;
                derive(self.base_seed, self.resets)
            }
        };
        self.with_outputs(py, |batch, out, pool| batch.reset(seed, out, pool))?;
        self.decisions(py)
    }

    /// Play `actions[i]` (an index of the action space) in game `i`, every
    /// game at once; returns `(obs, mask, player, rewards, done)`. Raises
    /// `IllegalActionError` naming the first game whose action is not legal
    /// (and plays none).
    fn step<'py>(
        &mut self,
        py: Python<'py>,
        actions: &Bound<'py, PyAny>,
    ) -> PyResult<Bound<'py, PyTuple>> {
        let read = read_actions(actions)?;
        let owned;
        let actions: &[i64] = match &read.actions {
            Actions::Array(a) => match a.as_slice() {
                Ok(s) => s,
                Err(_) => {
                    owned = a.as_array().to_vec();
                    &owned
                }
            },
            Actions::Owned(v) => v,
        };
        let n = self.batch.len();
        if actions.len() != n {
            return Err(PyValueError::new_err(format!(
                "{} actions for {n} games",
                actions.len()
            )));
        }
        let space = self.batch.rules().num_actions();
        self.with_outputs(py, |batch, out, pool| batch.step(actions, out, pool))?
            .map_err(|(game, why)| match &read.wide {
                // An integer beyond 64 bits, named as it was given.
                Some((wide, given)) if *wide == game => illegal(format!(
                    "game {game}: action {given} is not in the action space (0 to {})",
                    space - 1
                )),
                _ => illegal(format!("game {game}: {why}")),
            })?;
        PyTuple::new(
            py,
            [
                self.obs.bind(py).as_any(),
                self.mask.bind(py).as_any(),
                self.player.bind(py).as_any(),
                self.rewards.bind(py).as_any(),
                self.done.bind(py).as_any(),
            ],
        )
    }

    /// A uniformly random legal action of each game (`int64`, the object's
    /// own array, overwritten by the next call), from each game's own
    /// generator (seeded by the reset's seed): a random policy.
    fn random_actions<'py>(&mut self, py: Python<'py>) -> PyResult<Bound<'py, PyArray1<i64>>> {
        let array = self.actions.bind(py).clone();
        let mut rw = array.try_readwrite()?;
        let out = rw
            .as_slice_mut()
            .map_err(|e| PyRuntimeError::new_err(e.to_string()))?;
        let pool = self.pool.get().map_err(PyRuntimeError::new_err)?;
        let batch = self.batch.as_mut();
        py.detach(|| batch.random_actions(out, pool));
        drop(rw);
        Ok(array)
    }

    /// Game `i` as a `State` (a copy, with its deal seed and history: its
    /// record can be written).
    fn state(&self, i: usize) -> PyResult<PyState> {
        if i >= self.batch.len() {
            return Err(pyo3::exceptions::PyIndexError::new_err(format!(
                "game {i} of {}",
                self.batch.len()
            )));
        }
        Ok(PyState {
            table: self.batch.state(i),
        })
    }

    /// The deal seed of each game in play.
    fn deal_seeds(&self) -> Vec<u64> {
        self.batch.deal_seeds()
    }

    /// The configuration.
    #[getter]
    fn game(&self) -> PyGame {
        PyGame {
            rules: self.batch.rules(),
        }
    }

    /// The number of games.
    #[getter]
    fn num_envs(&self) -> usize {
        self.batch.len()
    }

    /// The number of threads that play them, the caller's included.
    #[getter]
    fn threads(&self) -> usize {
        self.pool.threads()
    }

    fn __len__(&self) -> usize {
        self.batch.len()
    }
}
