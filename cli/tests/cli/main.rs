//! The end-to-end tests of the `beachcomber` binary, in one test binary (one
//! link, one process start-up for the harness): one module per area. To add
//! a file of tests, put it in this folder as `NAME.rs` and add `mod NAME;`
//! below; helpers shared by the modules are in `common.rs`
//! (`use crate::common::*;`).

mod common;

mod cli;
mod compare;
mod counts;
mod criterion;
mod doc_commands;
mod engines;
mod engines_hostile;
mod equivalence;
mod escaped;
mod experiment_errors;
mod hostile_manifests;
mod inputs;
mod league_file;
mod league_pairs;
mod learned;
mod locked_rule;
mod newuser;
mod parquet;
mod play;
mod plot;
mod quality;
mod run_lock;
mod runs;
mod search;
mod search_answer;
mod seat_ratios;
mod serve;
mod skill;
mod solve;
mod spec_files;
mod study_folder;
mod sweep;
mod train;
mod train_file;
mod trends;
mod variants;
