//! The input files a game spec names, which no output of a run may
//! overwrite.

use std::path::PathBuf;

use beachcomber::spec::Spec;
use beachcomber::spec_files::FILE_OPTIONS;
use beachcomber::spec_label::{is_inline, parse_label};

/// The input files a game spec names (a Seaside `tokens=` manifest, given
/// as a path or recorded in a resolved spec's `tokens_file`), which no
/// output may overwrite.
pub fn spec_inputs(game: &str) -> Vec<(String, PathBuf)> {
    let Ok(spec) = game.parse::<Spec>() else {
        return Vec::new();
    };
    let mut inputs = Vec::new();
    for option in FILE_OPTIONS.iter().filter(|o| o.game == spec.name) {
        let path = match spec.get(option.key) {
            Some(value) if !is_inline(value) => Some(value),
            _ => spec.get(option.label).and_then(parse_label).map(|(p, _)| p),
        };
        if let Some(path) = path {
            inputs.push((
                format!(
                    "token manifest given to --game ({}({}=...))",
                    spec.name, option.key
                ),
                PathBuf::from(path),
            ));
        }
    }
    inputs
}
