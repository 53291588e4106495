//! Experiment files (`experiments/NAME.toml`, docs/experiments.md), below
//! any front end: the file's typed model and reading ([`file`]: every error
//! names the file, the line and the key), the typed specs it describes
//! ([`specs`]: its sweeps as one planned sweep, its leagues as one plan,
//! for `--quick` or the full version), the criterion's confirmation runs
//! and `confirm.csv` ([`confirm`]), and the criterion and answer sections
//! of `summary.md` read from `compare.csv` ([`answer`]), and the rule
//! locked before the games ([`lock`], from the file's git history: [`git`]);
//! a search's file ([`search`]: its space, goal and budget in `[criterion]`);
//! a training's file ([`train`]: the settings of `beachcomber train`). Playing the runs
//! and drawing the plots is the caller's.

pub mod answer;
pub mod confirm;
pub mod error;
pub mod file;
pub mod git;
pub mod lock;
pub mod pick;
pub mod pick_within;
pub mod search;
pub mod search_table;
pub mod skill;
pub mod specs;
mod table_csv;
pub mod train;

pub use error::ExperimentError;
pub use file::{Experiment, Kind};
