//! `beachcomber.run_experiment`: an experiment file run whole, as
//! `beachcomber run FILE.toml` runs it: the one studies call
//! ([`beachcomber_studies::pipeline::run_file`]), with Python's ports:
//! the lines the command line prints and the notes are collected and
//! returned, and no figure is drawn (each `[[plot]]` is a warning and a
//! `**Not drawn**` line of summary.md; `beachcomber run FILE.toml
//! --report-only` draws them). The run plays on a thread of its own with
//! the GIL released; the calling thread wakes every [`POLL`] to check for
//! Ctrl-C (`KeyboardInterrupt` stops the run between games, resumable with
//! `resume=True`).

use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

use beachcomber::tournament::Shard;
use beachcomber_store::counts::Threads;
use beachcomber_store::engines::Engines;
use beachcomber_store::execute::Control;
use beachcomber_store::notes::Notes;
use beachcomber_studies::pipeline::{
    FigureError, Figures, Ports, RunFileError, RunFileRequest, run_file,
};
use beachcomber_studies::plot_spec::PlotRequest;
use beachcomber_studies::search::SearchOutcome;
use pyo3::exceptions::{PyRuntimeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList};

/// How often the waiting thread wakes (Ctrl-C).
const POLL: Duration = Duration::from_millis(100);

/// Most seconds between two checkpoints (the command line's default).
const CHECKPOINT_EVERY: Duration = Duration::from_secs(2);

/// Why a figure is not drawn from Python.
const NOT_DRAWN: &str = "not drawn: Python draws no figures (`beachcomber run FILE.toml \
                         --report-only` draws them from these results)";

/// Python's figure drawer: draws nothing, and says so.
struct NoFigures;

impl Figures for NoFigures {
    fn draw(&self, _request: &PlotRequest) -> Result<Vec<String>, FigureError> {
        Err(NOT_DRAWN.into())
    }

    fn draw_search(&self, _dir: &Path, _outcome: &SearchOutcome) -> Vec<(String, FigureError)> {
        Vec::new()
    }

    fn draws(&self) -> bool {
        false
    }
}

/// What the run's thread gives back: the results folder or the error, the
/// lines and the notes.
type Ran = (Result<PathBuf, RunFileError>, Vec<String>, Vec<String>);

/// Play `request` with Python's ports, stopped by `cancel`.
fn play(request: RunFileRequest, cancel: &AtomicBool) -> Ran {
    let (lines, notes, engines) = (Notes::default(), Notes::default(), Engines::default());
    let ports = Ports {
        engines: &engines,
        reporter: &notes,
        cancel,
        figures: &NoFigures,
        lines: &lines,
    };
    let result = run_file(request, &ports);
    (result, lines.take(), notes.take())
}

/// Run the experiment file `path` whole (`beachcomber run PATH`, with
/// `--quick`, `--out`, `--exploratory`, `--resume` and `--threads` as the
/// keywords say): `{"dir": the results folder, "lines": what the command
/// line prints, "notes": its warnings and notes}`.
#[pyfunction]
#[pyo3(signature = (path, quick=false, out=None, exploratory=false, resume=false, threads=None))]
pub fn run_experiment<'py>(
    py: Python<'py>,
    path: PathBuf,
    quick: bool,
    out: Option<PathBuf>,
    exploratory: bool,
    resume: bool,
    threads: Option<u64>,
) -> PyResult<Bound<'py, PyDict>> {
    let threads = threads
        .map(|t| {
            Threads::new(t)
                .map_err(|e| PyValueError::new_err(format!("threads: {e} (None: every core)")))
        })
        .transpose()?;
    let request = RunFileRequest {
        file: path,
        quick,
        exploratory,
        out,
        control: Control {
            threads,
            quiet: false,
            resume,
            shard: Shard::WHOLE,
            checkpoint_every: CHECKPOINT_EVERY,
        },
        shard: Ok(Shard::WHOLE),
        merge: None,
        combination: None,
        report_only: false,
    };
    let cancel = AtomicBool::new(false);
    let mut pending: Option<PyErr> = None;
    let joined = std::thread::scope(|scope| {
        let cancel = &cancel;
        let worker = scope.spawn(move || play(request, cancel));
        while !worker.is_finished() {
            py.detach(|| std::thread::sleep(POLL));
            if pending.is_none()
                && let Err(e) = py.check_signals()
            {
                cancel.store(true, Ordering::Relaxed);
                pending = Some(e);
            }
        }
        worker.join()
    });
    let Ok((result, lines, notes)) = joined else {
        return Err(PyRuntimeError::new_err(
            "the experiment's run stopped: a panic",
        ));
    };
    if let Some(e) = pending {
        return Err(e);
    }
    let dir = result.map_err(|e| PyValueError::new_err(e.to_string()))?;
    let answer = PyDict::new(py);
    answer.set_item("dir", dir)?;
    answer.set_item("lines", PyList::new(py, lines)?)?;
    answer.set_item("notes", PyList::new(py, notes)?)?;
    Ok(answer)
}
