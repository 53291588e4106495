//! The search's power plan in its manifest (docs/search.md, "The plan"):
//! made before round 0 ([`super::power_plan`]), recorded in
//! `rounds/0/manifest.json`'s `plan` ([`PlanRecord`]) when the search's
//! files are written, and read back from there by `run --report-only`, so
//! a redrawn summary gives the plan the search was run under. A round 0
//! manifest without one (written before the plan was recorded) gives the
//! plan of the code at hand, as before.

use std::path::Path;

use beachcomber::search::{Search, SearchPlan};
use beachcomber::spec::one_line_path;

use super::{ROUNDS_DIR, SearchRunError, SearchSpec, power_plan};
use crate::execute::Reporter;
use crate::experiment::lock::RecordError;
use crate::files::names::MANIFEST_FILE;
use crate::manifest::{Manifest, PlanRecord, write_json_atomically};

/// The plan's record of `spec` for `search` (its goal and settings).
pub fn record_of(spec: &SearchSpec, search: &Search) -> PlanRecord {
    let plan = power_plan(spec, &search.race.goal, &search.settings);
    let unresolvable = plan.unresolvable() && spec.confirm_seed.is_some();
    PlanRecord::new(&plan, unresolvable, spec.allow_unresolvable)
}

/// The manifest the plan is recorded in.
fn manifest_path(dir: &Path) -> std::path::PathBuf {
    dir.join(ROUNDS_DIR).join("0").join(MANIFEST_FILE)
}

/// Record `record` in round 0's finished manifest in `dir` (nothing
/// written when it is recorded there already).
pub fn record(dir: &Path, record: &PlanRecord) -> Result<(), SearchRunError> {
    let path = manifest_path(dir);
    let mut manifest = read(&path)?;
    if manifest.plan.as_ref() == Some(record) {
        return Ok(());
    }
    manifest.plan = Some(record.clone());
    write_json_atomically(&path, &manifest)
        .map_err(|error| SearchRunError::Plan(RecordError::Write { path, error }))
}

/// The plan a redrawn report gives: the one round 0's manifest in `dir`
/// recorded, else (an older manifest) `computed`. A recorded plan that
/// differs from `computed` (the code's formulas changed since) is kept,
/// with a note.
pub fn read_back(
    dir: &Path,
    computed: SearchPlan,
    reporter: &dyn Reporter,
) -> Result<SearchPlan, SearchRunError> {
    let path = manifest_path(dir);
    let Some(recorded) = read(&path)?.plan else {
        return Ok(computed);
    };
    let plan = recorded.plan();
    if plan != computed {
        reporter.note(&format!(
            "note: the plan recorded in `{}` differs from this code's plan of the search: \
             summary.md gives the recorded one (the plan the games were played under)",
            one_line_path(&path)
        ));
    }
    Ok(plan)
}

fn read(path: &Path) -> Result<Manifest, SearchRunError> {
    Manifest::read(path).map_err(|error| {
        SearchRunError::Plan(RecordError::Read {
            path: path.to_path_buf(),
            error,
        })
    })
}
