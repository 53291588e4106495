//! Why a figure cannot be drawn or written.

use std::error::Error;
use std::path::PathBuf;

use beachcomber::spec::one_line_path;
use beachcomber_store::csv_rows::CsvError;
use beachcomber_store::files::output::OutputError;
use beachcomber_studies::plot_spec::{NotACondition, UnknownFit, UnknownPlotKind};

use beachcomber_studies::plot_spec::PlotKind;

/// Why `plot` (or an experiment's plot) drew no figure.
#[derive(Debug, thiserror::Error)]
pub enum PlotError {
    /// `--fit` on a figure that is not a line figure.
    #[error("--fit draws a trend line on line figures, not on --kind {0}")]
    FitNotOnLine(PlotKind),
    /// `--reference` on a figure that is not a line figure.
    #[error("--reference draws a level line on line figures, not on --kind {0}")]
    ReferenceNotOnLine(PlotKind),
    /// An output of another format than SVG or PNG.
    #[error(
        "unsupported output extension `.{extension}` in {} (supported: .svg, .png)",
        one_line_path(.out)
    )]
    Extension {
        /// The extension.
        extension: String,
        /// The output.
        out: PathBuf,
    },
    /// An output without an extension.
    #[error("the output {} has no extension (supported: .svg, .png)", one_line_path(.0))]
    NoExtension(PathBuf),
    /// The input cannot be read.
    #[error(transparent)]
    Csv(#[from] CsvError),
    /// The figure's rows do not make a figure of this kind (the figure
    /// builders' message).
    #[error("{0}")]
    Figure(String),
    /// Plotters failed to draw.
    #[error("cannot draw the figure: {0}")]
    Draw(Box<dyn Error + Send + Sync>),
    /// A PNG without fonts for its text.
    #[error(
        "cannot write text into a PNG: no fonts installed \
                    (e.g. apt-get install fonts-dejavu-core), or write .svg"
    )]
    NoFonts,
    /// The SVG cannot be rasterized.
    #[error("cannot rasterize the figure: {0}")]
    Rasterize(resvg::usvg::Error),
    /// A figure of no size.
    #[error("cannot rasterize the figure: empty size")]
    EmptySize,
    /// The PNG cannot be encoded.
    #[error("cannot encode the PNG: {0}")]
    EncodePng(Box<dyn Error + Send + Sync>),
    /// The figure cannot be written.
    #[error(transparent)]
    Output(#[from] OutputError),
    /// `--kind` names no kind of figure.
    #[error(transparent)]
    Kind(#[from] UnknownPlotKind),
    /// A `--where` or `--reference` that is not `COL=VALUE`.
    #[error(transparent)]
    Condition(#[from] NotACondition),
    /// `--fit` is neither `linear` nor `log`.
    #[error(transparent)]
    Fit(#[from] UnknownFit),
}

impl From<String> for PlotError {
    fn from(message: String) -> PlotError {
        PlotError::Figure(message)
    }
}

crate::error::command_error!(PlotError);

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_unsupported_extension_names_the_supported_ones() {
        let e = PlotError::Extension {
            extension: "pdf".into(),
            out: PathBuf::from("fig.pdf"),
        };
        assert_eq!(
            e.to_string(),
            "unsupported output extension `.pdf` in fig.pdf (supported: .svg, .png)"
        );
        assert_eq!(
            PlotError::FitNotOnLine(PlotKind::Hist).to_string(),
            "--fit draws a trend line on line figures, not on --kind hist"
        );
    }
}
