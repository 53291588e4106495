//! [`run_file`] driven by a front end of the test's own: its lines, notes
//! and figures are what the ports received, not what a terminal showed.

use std::cell::RefCell;
use std::path::Path;
use std::sync::atomic::AtomicBool;
use std::time::Duration;

use beachcomber::tournament::Shard;
use beachcomber_store::engines::Engines;
use beachcomber_store::execute::Control;
use beachcomber_store::notes::Notes;

use super::*;
use crate::plot_spec::PlotRequest;
use crate::search::SearchOutcome;

/// Records every line, note and figure asked for; draws nothing.
#[derive(Default)]
struct Recorder {
    lines: RefCell<Vec<String>>,
    notes: Notes,
    drawn: RefCell<Vec<String>>,
}

impl Lines for Recorder {
    fn line(&self, line: &str) {
        self.lines.borrow_mut().push(line.to_string());
    }
}

impl Figures for Recorder {
    fn draw(&self, request: &PlotRequest) -> Result<Vec<String>, FigureError> {
        let name = request.out.file_name().unwrap().to_string_lossy();
        self.drawn.borrow_mut().push(name.into_owned());
        Err("this front end draws no figures".into())
    }

    fn draw_search(&self, _dir: &Path, _outcome: &SearchOutcome) -> Vec<(String, FigureError)> {
        Vec::new()
    }
}

fn request(file: &Path, out: &Path, quick: bool) -> RunFileRequest {
    RunFileRequest {
        file: file.to_path_buf(),
        quick,
        exploratory: false,
        out: Some(out.to_path_buf()),
        control: Control {
            threads: Some(beachcomber_store::counts::Threads::new(1).expect("one thread")),
            quiet: false,
            resume: false,
            shard: Shard::WHOLE,
            checkpoint_every: Duration::from_secs(60),
        },
        shard: Ok(Shard::WHOLE),
        merge: None,
        combination: None,
        report_only: false,
    }
}

const SWEEP: &str = "kind = \"sweep\"\ngame = \"seaside\"\nplayers = 2\nbots = \"random\"\n\
                     games = 4\n\n[vary]\nremoved = [0, 5]\n";

const PLOT: &str = "\n[[plot]]\nkind = \"line\"\nx = \"removed\"\ny = \"mean_turns\"\n\
                    file = \"turns.svg\"\n";

/// Run the experiment file `text` (as `tiny.toml`) into `out` of a fresh
/// folder, through a [`Recorder`].
fn run_text(
    text: &str,
    quick: bool,
) -> (tempfile::TempDir, Recorder, Result<PathBuf, RunFileError>) {
    let tmp = tempfile::tempdir().unwrap();
    let file = tmp.path().join("tiny.toml");
    std::fs::write(&file, text).unwrap();
    let out = tmp.path().join("out");
    let front = Recorder::default();
    let engines = Engines::default();
    let cancel = AtomicBool::new(false);
    let ports = Ports {
        engines: &engines,
        reporter: &front.notes,
        cancel: &cancel,
        figures: &front,
        lines: &front,
    };
    let result = run_file(request(&file, &out, quick), &ports);
    (tmp, front, result)
}

#[test]
fn a_sweep_file_runs_whole_through_the_ports_alone() {
    let (tmp, front, result) = run_text(SWEEP, false);
    let out = tmp.path().join("out");
    assert_eq!(result.unwrap(), out);
    let shown = beachcomber::spec::one_line_path(&out);
    assert_eq!(
        *front.lines.borrow(),
        [format!(
            "tiny written to {shown}; its summary: {}",
            beachcomber::spec::one_line_path(&out.join("summary.md"))
        )]
    );
    assert!(front.drawn.borrow().is_empty());
    let mut files: Vec<String> = std::fs::read_dir(&out)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    files.sort();
    assert_eq!(
        files,
        ["games.csv", "manifest.json", "metrics.csv", "summary.md"]
    );
    let metrics = std::fs::read_to_string(out.join("metrics.csv")).unwrap();
    // Two combinations, a row per seat.
    let removed: Vec<&str> = metrics
        .lines()
        .skip(1)
        .map(|l| l.split(',').next().unwrap())
        .collect();
    assert_eq!(removed, ["0", "0", "5", "5"], "{metrics}");
}

#[test]
fn a_figure_the_front_end_cannot_draw_is_a_warning_and_fails_quick() {
    let (tmp, front, result) = run_text(&format!("{SWEEP}{PLOT}"), true);
    let error = result.unwrap_err();
    let out = tmp.path().join("out");
    let shown = beachcomber::spec::one_line_path(&out);
    assert_eq!(
        error.to_string(),
        format!(
            "--quick: 1 plot(s) could not be drawn (the warnings above; summary.md in {shown} \
             says which): a committed experiment file's [[plot]] tables must draw"
        )
    );
    assert_eq!(*front.drawn.borrow(), ["turns.svg"]);
    let warning = "plot `turns.svg`: this front end draws no figures";
    let notes = front.notes.take();
    assert!(notes.contains(&format!("warning: {warning}")), "{notes:?}");
    let summary = std::fs::read_to_string(out.join("summary.md")).unwrap();
    assert!(
        summary.contains(&format!("**Not drawn**: {warning}\n")),
        "{summary}"
    );
}
