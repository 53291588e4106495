//! The text forms of a game-spec option that takes a file: its value
//! inline (`[...]`) or a path, and the label `PATH@xxh3:HASH` the command
//! line writes beside an inline value read from a file
//! ([`crate::spec_files`] reads the files; the games parse the forms, so
//! this module depends on neither).

/// The separator between a label's path and its hash: `PATH@xxh3:HASH`.
const HASH_TAG: &str = "@xxh3:";

/// Whether an option's value is written inline (`[...]`) rather than as a
/// path. (A path that starts with `[` is written `./[...`.)
pub fn is_inline(value: &str) -> bool {
    value.trim_start().starts_with('[')
}

/// The path and hash of a label `PATH@xxh3:HASH` (a non-empty path, 16
/// lowercase hex digits), or `None` when it has another shape.
pub fn parse_label(label: &str) -> Option<(&str, &str)> {
    let (path, hash) = label.rsplit_once(HASH_TAG)?;
    let hex = |c: char| c.is_ascii_digit() || ('a'..='f').contains(&c);
    (!path.is_empty() && hash.len() == 16 && hash.chars().all(hex)).then_some((path, hash))
}

/// The label of a file's content: `PATH@xxh3:HASH`, the xxh3-64 hash of
/// `bytes` in 16 hex digits.
pub fn label(path: &str, bytes: &[u8]) -> String {
    format!("{path}{HASH_TAG}{:016x}", xxhash_rust::xxh3::xxh3_64(bytes))
}
