//! The run store: everything a run leaves on disk, below the front ends
//! (`beachcomber-cli`, later the Python package) and above the engines
//! (`beachcomber`, `beachcomber-bots`).
//!
//! - [`manifest`]: a run's manifest and checkpoint, with their checks, and
//!   its typed [`manifest::RunKind`];
//! - [`files`]: the names of a run's files, output resolution and
//!   whole-or-nothing writes, the partial files of a resumable run;
//! - [`counts`]: threads, resamples, deals and games, each checked
//!   against its one range when built;
//! - [`execute`]: playing a run into its files, with its sequential test;
//! - [`final_files`]: the files a whole run writes at its end, by kind;
//! - [`merge`]: joining the shards of one run into the whole run's files;
//! - [`memory`]: a run played into memory: its tables as the bytes its
//!   files would hold, no file written;
//! - [`compare_files`]: a sweep's `compare.csv` and `trends.csv`;
//! - [`csv_rows`]: reading the CSV (and Parquet) files a run wrote;
//! - [`parquet_table`]: the games table as Parquet, written from its CSV
//!   text and read back as that text;
//! - [`error`]: why a run stopped without finishing its files
//!   ([`error::StoreError`], over each part's own error type);
//! - [`engines`]: the external bots a run seats;
//! - [`interrupt`]: the temporary files a forced exit removes;
//! - [`planned`]: sweeps and leagues checked and expanded, ready to play;
//! - [`build`]: text to typed specs, one builder per run kind, errors
//!   naming the setting in the front end's words;
//! - [`lineups`]: lineups and bots named in text, as canonical specs;
//! - [`path_suffix`]: the path of a file beside another (`.tmp`, `.partial`).
//!
//! Study orchestration (experiment files, searches, plot specs) is the
//! `beachcomber-studies` crate's, above this one.
//!
//! No command-line parsing and no printing happen here: notes and errors
//! go back to the caller as values.

pub mod build;
pub mod clip;
pub mod compare_files;
pub mod counts;
pub mod csv_rows;
pub mod engines;
pub mod error;
pub mod execute;
pub mod files;
pub mod final_files;
pub mod interrupt;
pub mod lineups;
pub mod manifest;
pub mod memory;
pub mod merge;
mod merge_check;
pub mod merge_error;
pub mod notes;
pub mod parquet_table;
pub mod path_suffix;
pub mod planned;
pub mod spec_inputs;
pub mod speed;
pub mod study_runs;
