//! What a front end lends a study's run ([`Ports`]): the engines, the
//! progress and notes, the stop flag, a figure drawer and the lines it
//! prints. The run reaches for none of them itself, so that the command
//! line and Python run the same code: the CLI draws with its plotting
//! code and prints on standard output; Python draws nothing (it says so as
//! a warning) and collects the lines.

use std::path::Path;
use std::sync::atomic::AtomicBool;

use beachcomber_store::engines::Engines;
use beachcomber_store::execute::Reporter;
use beachcomber_store::notes::Notes;
use beachcomber_store::study_runs::RunPorts;

use crate::plot_spec::PlotRequest;
use crate::search::SearchOutcome;

/// Why a figure could not be drawn (the drawer's own error, whole: its
/// text is said after `plot `FILE`: `).
pub type FigureError = Box<dyn std::error::Error + Send + Sync>;

/// Draws a study's figures (the plots live in the front end, with their
/// rendering libraries; this crate only describes them).
pub trait Figures {
    /// Draw `request` into `request.out`: the series no line could be
    /// fitted to (said as a note), or why nothing was drawn.
    fn draw(&self, request: &PlotRequest) -> Result<Vec<String>, FigureError>;
    /// Draw a finished search's figures into `dir`: each that could not
    /// be drawn, with why.
    fn draw_search(&self, dir: &Path, outcome: &SearchOutcome) -> Vec<(String, FigureError)>;
    /// Whether this drawer draws figures at all: a `--quick` run fails on a
    /// figure not drawn only when it does (a front end without plots, as
    /// Python's, leaves each one a warning and a line of summary.md).
    fn draws(&self) -> bool {
        true
    }
}

/// Where the lines a run prints for its user go (the CLI's standard
/// output), one at a time, without their newline.
pub trait Lines {
    /// One line.
    fn line(&self, line: &str);
}

/// The lines kept in order, as notes are ([`Notes::take`]): for a front
/// end that hands them back when the run ends (Python).
impl Lines for Notes {
    fn line(&self, line: &str) {
        self.note(line);
    }
}

/// What a front end lends a study's run.
#[derive(Clone, Copy)]
pub struct Ports<'a> {
    /// The declared engines.
    pub engines: &'a Engines,
    /// The progress, and the notes and warnings (one line each).
    pub reporter: &'a dyn Reporter,
    /// Set to stop between games (Ctrl-C).
    pub cancel: &'a AtomicBool,
    /// The figure drawer.
    pub figures: &'a dyn Figures,
    /// The lines printed for the user.
    pub lines: &'a dyn Lines,
}

impl<'a> Ports<'a> {
    /// The part a store's run plays with.
    pub fn run(&self) -> RunPorts<'a> {
        RunPorts {
            engines: self.engines,
            reporter: self.reporter,
            cancel: self.cancel,
        }
    }

    /// Print `line` for the user.
    pub fn say(&self, line: &str) {
        self.lines.line(line);
    }

    /// Say `warning: TEXT` (to the notes: the CLI's standard error).
    pub fn warn(&self, text: &str) {
        self.reporter.note(&format!("warning: {text}"));
    }
}
