//! `beachcomber run` of a search file (`kind = "search"`, docs/search.md):
//! the store plays the rounds and the confirmation into the results folder
//! and writes its files; the locked rule is recorded in every round's
//! manifest and printed at the head of summary.md.

use std::path::Path;

use beachcomber::spec::one_line_path;
use beachcomber_store::experiment::Experiment;
use beachcomber_store::experiment::lock;
use beachcomber_store::files::names::{CONFIRM_DIR, MANIFEST_FILE, SUMMARY_MD};
use beachcomber_store::manifest::CriterionRecord;
use beachcomber_store::search::{self, ROUNDS_DIR};

use super::RunFileArgs;
use super::error::RunFileError;
use crate::error::CliError;

/// Run the search file `experiment` into `dir` (`rule`: its locked rule).
pub fn run(
    experiment: &Experiment,
    args: &RunFileArgs,
    rule: Option<&CriterionRecord>,
    name: &str,
    dir: &Path,
) -> Result<(), CliError> {
    if args.merge.is_some() || args.report_only || args.control.shard()?.count > 1 {
        return Err(RunFileError::SearchNotSharded.into());
    }
    let control = args.control.control()?;
    let mut spec = experiment.search_spec(args.quick)?;
    let mut preface = String::new();
    if let Some(title) = &experiment.title {
        preface.push_str(&format!("**{}**\n\n", title.trim()));
    }
    if let Some(question) = &experiment.question {
        preface.push_str(&format!("{}\n\n", question.trim()));
    }
    if let Some(rule) = rule {
        preface.push_str("## Criterion\n\n");
        preface.push_str(&lock::rule_lines(rule));
        if let Some(text) = experiment.criterion.as_ref().and_then(|c| c.text.as_ref()) {
            preface.push_str(&format!("\n{}\n", text.trim()));
        }
    }
    spec.preface = preface;
    let reporter = crate::runs::terminal(control.quiet);
    if let Some(k) = args.combination {
        let played = search::play_round_zero_candidate(
            &spec,
            k,
            dir,
            &control,
            &reporter,
            &crate::signals::CANCEL,
        )?;
        if let Err(count) = played {
            return Err(RunFileError::NoSuchCombination {
                index: k,
                count: count.max(1),
                what: "candidates in round 0",
            }
            .into());
        }
        if let Some(rule) = rule {
            lock::record_in_manifest(dir, rule)?;
        }
        return Ok(());
    }
    let outcome = search::run(&spec, dir, &control, &reporter, &crate::signals::CANCEL)?;
    if let Some(rule) = rule {
        let mut folders: Vec<_> = (0..outcome.search.rounds)
            .map(|r| dir.join(ROUNDS_DIR).join(r.to_string()))
            .collect();
        if outcome.confirmation.is_some() {
            folders.push(dir.join(CONFIRM_DIR));
        }
        for folder in folders.iter().filter(|f| f.join(MANIFEST_FILE).exists()) {
            lock::record_in_manifest(folder, rule)?;
        }
    }
    if !control.quiet || args.quick {
        out!(
            "{name} written to {}; its summary: {}",
            one_line_path(dir),
            one_line_path(&dir.join(SUMMARY_MD))
        );
    }
    Ok(())
}
