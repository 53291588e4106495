//! A thread pool that survives `fork`: the batched environments' workers.
//!
//! A forked child has only the thread that called `fork`: a rayon pool made
//! before the fork has no workers there, and a job sent to it would wait
//! forever. So each [`ForkSafePool`] remembers the process it was built
//! in and builds a new pool when used in another one (after a fork); the
//! old pool is leaked in the child, never dropped there (its locks may be
//! held by threads that do not exist in the child). Rayon's global pool is
//! never used.

use pyo3::PyErrArguments;
use pyo3::prelude::*;
use rayon::{ThreadPool, ThreadPoolBuildError, ThreadPoolBuilder};

/// Why the pool's threads did not start (a `RuntimeError` in Python).
#[derive(Debug, thiserror::Error)]
#[error("cannot start {threads} threads: {source}")]
pub struct PoolStartError {
    /// The threads asked for, the caller's included.
    threads: usize,
    /// Rayon's reason.
    source: ThreadPoolBuildError,
}

impl PyErrArguments for PoolStartError {
    fn arguments(self, py: Python<'_>) -> Py<PyAny> {
        self.to_string().arguments(py)
    }
}

/// The threads of a batch: the caller's own and a rayon pool of the
/// others, rebuilt in a forked child (no pool for one thread).
pub struct ForkSafePool {
    threads: usize,
    pool: Option<(u32, ThreadPool)>,
}

impl ForkSafePool {
    /// `threads` threads in all: the caller's and a pool of `threads - 1`
    /// workers (built at first use).
    pub fn new(threads: usize) -> ForkSafePool {
        ForkSafePool {
            threads: threads.max(1),
            pool: None,
        }
    }

    /// The number of threads, the caller's included.
    pub fn threads(&self) -> usize {
        self.threads
    }

    /// The pool of this process: built now if there is none yet, or if the
    /// one there was built before a fork; `None` for one thread (the
    /// caller's own thread does the work, with no hand-over).
    pub fn get(&mut self) -> Result<Option<&ThreadPool>, PoolStartError> {
        if self.threads == 1 {
            return Ok(None);
        }
        let pid = std::process::id();
        if let Some((built_in, _)) = &self.pool
            && *built_in != pid
            && let Some((_, stale)) = self.pool.take()
        {
            std::mem::forget(stale);
        }
        if self.pool.is_none() {
            let pool = ThreadPoolBuilder::new()
                .num_threads(self.threads - 1)
                .thread_name(|i| format!("beachcomber-batch-{i}"))
                .build()
                .map_err(|source| PoolStartError {
                    threads: self.threads,
                    source,
                })?;
            self.pool = Some((pid, pool));
        }
        Ok(self.pool.as_ref().map(|(_, pool)| pool))
    }
}
