//! Python seats' decisions handed to the calling thread. A run's workers
//! never call Python themselves: a worker whose seat is a Python callable
//! sends the call to the thread that called `beachcomber.tournament` (the
//! main thread, usually), which runs it with the GIL and sends the answer
//! back. So Python's own Ctrl-C handler, which runs on the main thread
//! only, raises `KeyboardInterrupt` inside a callable that sleeps or loops,
//! and the run stops there.
//!
//! A callable may have a time limit per decision ([`Hub::ask`]): past it
//! the worker stops waiting and forfeits the game, as an engine that does
//! not answer within `--engine-timeout` does, and the calling thread's
//! callable is sent a `TimeoutError` ([`Watchdog`]), which ends it at its
//! next Python instruction (a call blocked in C, `time.sleep` or a native
//! library, ends when that call returns; its late answer is dropped).

use std::ffi::c_long;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Mutex, OnceLock, mpsc};
use std::time::{Duration, Instant};

use beachcomber::bot::BotError;
use pyo3::exceptions::{PyKeyboardInterrupt, PyTimeoutError};
use pyo3::prelude::*;

/// How often a worker whose call waits in the queue looks whether it has
/// started (its time limit counts from then).
const QUEUED: Duration = Duration::from_millis(10);

/// What a callable's call gave.
pub enum Answer {
    /// An action index (not checked yet).
    Index(i64),
    /// Something that is no integer: its `repr`, on one line.
    Malformed(String),
    /// The callable raised.
    Raised(PyErr),
    /// The run is stopping (Ctrl-C): no answer.
    Stopped,
}

/// A call of a callable, made by the calling thread with the GIL.
pub type Job = Box<dyn FnOnce(Python<'_>) -> Answer + Send>;

/// Where a call is.
struct Progress {
    /// The call's number in the run (from 1).
    id: u64,
    /// When the calling thread called it.
    started: OnceLock<Instant>,
    /// Set when its worker stopped waiting (the time limit): its answer is
    /// dropped.
    abandoned: AtomicBool,
}

/// A call sent to the calling thread.
pub struct Call {
    job: Job,
    progress: Arc<Progress>,
    reply: mpsc::SyncSender<Answer>,
}

/// What the calling thread is sent while a run plays.
pub enum Message {
    /// A call to make.
    Call(Call),
    /// The run's worker is done.
    Done,
}

/// The calls of one run: the channel to the calling thread, and the call
/// it is making.
pub struct Hub {
    calls: mpsc::Sender<Message>,
    receiver: Mutex<Option<mpsc::Receiver<Message>>>,
    next: AtomicU64,
    /// The number of the call the calling thread is making (0: none).
    running: AtomicU64,
    /// Where the abandoned calls' numbers go ([`Watchdog`]), while the run
    /// has one.
    abandoned: Mutex<Option<mpsc::Sender<u64>>>,
}

impl Default for Hub {
    fn default() -> Hub {
        let (calls, receiver) = mpsc::channel();
        Hub {
            calls,
            receiver: Mutex::new(Some(receiver)),
            next: AtomicU64::new(1),
            running: AtomicU64::new(0),
            abandoned: Mutex::new(None),
        }
    }
}

impl Hub {
    /// The calling thread's end of the channel (once).
    pub fn receiver(&self) -> Option<mpsc::Receiver<Message>> {
        self.receiver.lock().ok().and_then(|mut r| r.take())
    }

    /// A sender of [`Message::Done`] for the worker.
    pub fn sender(&self) -> mpsc::Sender<Message> {
        self.calls.clone()
    }

    /// Have the calling thread make `job` and wait for its answer: at most
    /// `limit` from the moment it is called (a call waiting for another to
    /// end is not timed), else [`BotError::Timeout`]. [`BotError::Interrupted`]
    /// when the run stops before it is made.
    pub fn ask(&self, job: Job, limit: Option<Duration>) -> Result<Answer, BotError> {
        let progress = Arc::new(Progress {
            id: self.next.fetch_add(1, Ordering::Relaxed),
            started: OnceLock::new(),
            abandoned: AtomicBool::new(false),
        });
        let (reply, answer) = mpsc::sync_channel(1);
        let call = Call {
            job,
            progress: Arc::clone(&progress),
            reply,
        };
        self.calls
            .send(Message::Call(call))
            .map_err(|_| BotError::Interrupted)?;
        let Some(limit) = limit else {
            return answer.recv().map_err(|_| BotError::Interrupted);
        };
        loop {
            let wait = match progress.started.get() {
                None => QUEUED,
                Some(&at) => match (at + limit).checked_duration_since(Instant::now()) {
                    Some(left) if !left.is_zero() => left,
                    _ => break,
                },
            };
            match answer.recv_timeout(wait) {
                Ok(a) => return Ok(a),
                Err(mpsc::RecvTimeoutError::Disconnected) => return Err(BotError::Interrupted),
                Err(mpsc::RecvTimeoutError::Timeout) => {}
            }
        }
        progress.abandoned.store(true, Ordering::SeqCst);
        // An answer sent before the calling thread saw the flag counts.
        if let Ok(a) = answer.try_recv() {
            return Ok(a);
        }
        if let Some(watchdog) = self.abandoned.lock().ok().and_then(|w| w.clone()) {
            let _ = watchdog.send(progress.id);
        }
        Err(BotError::Timeout {
            ms: limit.as_millis().try_into().unwrap_or(u64::MAX),
        })
    }

    /// Make `call` on the calling thread (`thread`, its Python thread id)
    /// and send its answer, unless its worker stopped waiting; a
    /// `KeyboardInterrupt` it raised is given back (the run stops) and its
    /// worker told [`Answer::Stopped`].
    pub fn serve(&self, py: Python<'_>, call: Call, thread: c_long) -> Option<PyErr> {
        let Call {
            job,
            progress,
            reply,
        } = call;
        let _ = progress.started.set(Instant::now());
        self.running.store(progress.id, Ordering::SeqCst);
        let answer = job(py);
        self.running.store(0, Ordering::SeqCst);
        // The GIL is held from the callable's return to here, so a
        // `TimeoutError` the watchdog sent too late is still pending:
        // never raised in the caller's code.
        if self.has_watchdog() {
            raise_in(py, thread, None);
        }
        if let Answer::Raised(e) = &answer
            && e.is_instance_of::<PyKeyboardInterrupt>(py)
        {
            let _ = reply.send(Answer::Stopped);
            return match answer {
                Answer::Raised(e) => Some(e),
                _ => None,
            };
        }
        if !progress.abandoned.load(Ordering::SeqCst) {
            let _ = reply.send(answer);
        }
        None
    }

    fn has_watchdog(&self) -> bool {
        self.abandoned.lock().is_ok_and(|w| w.is_some())
    }

    /// Start sending `TimeoutError` to the calling thread (`thread`) for
    /// abandoned calls: the [`Watchdog`] to run on a thread of its own.
    pub fn watchdog(&self, thread: c_long) -> Watchdog<'_> {
        let (tx, rx) = mpsc::channel();
        if let Ok(mut w) = self.abandoned.lock() {
            *w = Some(tx);
        }
        Watchdog {
            hub: self,
            rx,
            thread,
        }
    }

    /// Stop the watchdog (its thread then ends).
    pub fn stop_watchdog(&self) {
        if let Ok(mut w) = self.abandoned.lock() {
            *w = None;
        }
    }
}

/// Sends `TimeoutError` into the callable of a call whose worker stopped
/// waiting, if the calling thread is still making it.
pub struct Watchdog<'a> {
    hub: &'a Hub,
    rx: mpsc::Receiver<u64>,
    thread: c_long,
}

impl Watchdog<'_> {
    /// Until [`Hub::stop_watchdog`] (and every worker's sender is gone).
    pub fn run(self) {
        while let Ok(id) = self.rx.recv() {
            Python::attach(|py| {
                // The calling thread changes `running` with the GIL held
                // only, so this call is still in progress.
                if self.hub.running.load(Ordering::SeqCst) == id {
                    let timeout = py.get_type::<PyTimeoutError>();
                    raise_in(py, self.thread, Some(timeout.as_any()));
                }
            });
        }
    }
}

/// Raise `exception` (a class) in the Python thread `thread` at its next
/// bytecode, or with `None` clear one raised so and not yet seen
/// (`PyThreadState_SetAsyncExc`).
fn raise_in(_py: Python<'_>, thread: c_long, exception: Option<&Bound<'_, PyAny>>) {
    let class = exception.map_or(std::ptr::null_mut(), Bound::as_ptr);
    // SAFETY: the GIL is held (`_py` proves it), as the function requires;
    // `class` is null or an object alive for the call (the function takes
    // its own reference). No safe API interrupts another Python thread.
    unsafe {
        pyo3::ffi::PyThreadState_SetAsyncExc(thread, class);
    }
}
