//! A run's files: their names, how outputs are resolved and written whole
//! or not at all, the partial files, checkpoints and manifest of a run
//! that survives interruption, and a study's folder staged and swapped
//! whole.

pub mod file_lock;
pub mod names;
pub mod out_folder;
pub mod output;
pub mod output_error;
mod parquet_out;
mod partial;
pub mod paths;
pub mod run_files;
pub mod run_files_error;
pub mod staging;
