//! The terminal's [`Ports`] for a study's run (`run`, `search`): the
//! progress and notes on standard error, the signals' stop flag, the
//! figures drawn by [`crate::plot`], the lines on standard output.

use std::path::Path;

use beachcomber_store::engines::Engines;
use beachcomber_store::execute::Reporter;
use beachcomber_studies::pipeline::{FigureError, Figures, Lines, Ports};
use beachcomber_studies::plot_spec::PlotRequest;
use beachcomber_studies::search::SearchOutcome;

/// The plots of [`crate::plot`] (plotters and resvg).
struct Plots;

impl Figures for Plots {
    fn draw(&self, request: &PlotRequest) -> Result<Vec<String>, FigureError> {
        crate::plot::draw(request).map_err(Into::into)
    }

    fn draw_search(&self, dir: &Path, outcome: &SearchOutcome) -> Vec<(String, FigureError)> {
        crate::plot::search::draw_search(dir, outcome)
            .into_iter()
            .map(|(file, error)| (file.to_string(), error.into()))
            .collect()
    }
}

/// Standard output (`out!`: a closed pipe ends the program).
struct Stdout;

impl Lines for Stdout {
    fn line(&self, line: &str) {
        out!("{line}");
    }
}

/// The terminal's ports, with `engines` and `reporter` (the terminal's
/// progress, [`crate::runs::terminal`]).
pub fn terminal<'a>(engines: &'a Engines, reporter: &'a dyn Reporter) -> Ports<'a> {
    Ports {
        engines,
        reporter,
        cancel: &crate::signals::CANCEL,
        figures: &Plots,
        lines: &Stdout,
    }
}
