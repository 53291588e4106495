//! Study orchestration, above the run store (`beachcomber-store`) and below
//! the front ends (`beachcomber-cli`): what turns a question into runs and
//! runs into an answer.
//!
//! - [`experiment`]: experiment files, their planned runs, the criterion
//!   lock, the picks of a criterion and their confirmation, the answer
//!   tables;
//! - [`search`]: a design-space search in rounds, its confirmation and files;
//! - [`pipeline`]: a study's run whole, one call for each front end
//!   (`beachcomber run`, `beachcomber search`, Python's `run_experiment`);
//! - [`plot_spec`]: the description of a figure (data; the drawing is the
//!   front end's).
//!
//! The run store keeps manifests, checkpoints, merge and the files a run
//! writes at its end; this crate only calls it. No command-line parsing and
//! no printing happen here: lines, notes and figures go to the ports the
//! front end lends ([`pipeline::Ports`]), errors back to it as values.

pub mod experiment;
pub mod pipeline;
pub mod plot_spec;
pub mod search;

// The run store's modules this crate's code names as `crate::files`,
// `crate::manifest`, ...: the paths they had when the code lived in the
// store, so the moved files kept their imports.
use beachcomber_store::{
    csv_rows, engines, error, execute, files, lineups, manifest, merge, merge_error, planned,
};

#[cfg(test)]
mod tests {
    use std::path::Path;

    /// The split holds: study orchestration lives here, and the run store
    /// below has none of it back (no module, no dependency on this crate).
    #[test]
    fn the_run_store_holds_no_study_code() {
        let store = Path::new(env!("CARGO_MANIFEST_DIR")).join("../store");
        for moved in ["src/experiment", "src/search", "src/plot_spec.rs"] {
            assert!(!store.join(moved).exists(), "store/{moved} is back");
        }
        let lib = std::fs::read_to_string(store.join("src/lib.rs")).unwrap();
        for module in ["experiment", "search", "plot_spec"] {
            assert!(
                !lib.lines()
                    .any(|l| l.trim() == format!("pub mod {module};")),
                "the store declares `{module}` again"
            );
        }
        let manifest = std::fs::read_to_string(store.join("Cargo.toml")).unwrap();
        let manifest: toml::Table = toml::from_str(&manifest).unwrap();
        let dependencies = manifest["dependencies"].as_table().unwrap();
        assert!(!dependencies.contains_key("beachcomber-studies"));
        assert!(dependencies.contains_key("beachcomber"));
    }
}
