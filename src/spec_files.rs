//! Game-spec options that name files, resolved by the caller that owns IO.
//!
//! Parsing a game spec ([`AnyGame::from_spec`](crate::games::AnyGame::from_spec))
//! does no IO, so a server can parse specs from the network. An option that
//! takes a file path (today only Seaside's `tokens=PATH`, see
//! [`FILE_OPTIONS`]) is refused there with [`SpecError::FilePath`]. The
//! command line calls [`resolve_spec_files`] first, on every game spec a
//! user gives: it reads the file and rewrites the option into the inline
//! form the parser accepts, labelled with the file and the xxh3-64 hash of
//! its bytes:
//!
//! `seaside(tokens=set.txt)` becomes
//! `seaside(tokens=[Beach/Wave:20;Rock/Crab:10],tokens_file=set.txt@xxh3:0123456789abcdef)`.
//!
//! The label goes into the canonical spec, so a run whose file was edited
//! before `--resume` differs from the interrupted one ([`changed_file`]
//! says which file).
//!
//! Files are opened without blocking (`O_NONBLOCK`, so a FIFO cannot hang
//! the caller), must be regular files (FIFOs, devices, sockets and folders
//! are refused with a one-line error) and are read up to a cap (one byte
//! more is refused), so memory stays bounded.

use std::path::Path;

use crate::games::seaside::tokens::{MAX_MANIFEST_BYTES, TokenSet, TokenSetError};
use crate::regular_file::read_regular_file;
use crate::spec::{Spec, SpecError, one_line};
use crate::spec_label::{is_inline, label, parse_label};

/// An option that takes a file path, and how its file becomes an inline
/// value.
#[derive(Clone, Copy, Debug)]
pub struct FileOption {
    /// The game (spec name).
    pub game: &'static str,
    /// The option that takes either a path or an inline value.
    pub key: &'static str,
    /// The option that labels the inline value with its file and hash.
    pub label: &'static str,
    /// The most bytes the file may hold.
    pub max_bytes: usize,
    /// What the file's bytes mean, written inline (or why they are refused).
    pub inline: fn(&[u8]) -> Result<String, FileValueError>,
}

/// Every option of every game that takes a file path.
pub const FILE_OPTIONS: &[FileOption] = &[FileOption {
    game: "seaside",
    key: "tokens",
    label: crate::games::seaside::TOKENS_FILE,
    max_bytes: MAX_MANIFEST_BYTES,
    inline: seaside_tokens_inline,
}];

/// Why a file option's file is refused: what the option expected instead
/// (the `expected` of [`SpecError::BadValue`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum FileValueError {
    /// A token-set file larger than the most it may hold.
    TooLarge(TokenSetError),
    /// A file that is no token-set manifest.
    NotATokenSet(TokenSetError),
}

impl std::fmt::Display for FileValueError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            FileValueError::TooLarge(e) => write!(f, "{e}"),
            FileValueError::NotATokenSet(e) => write!(f, "a valid token-set manifest: {e}"),
        }
    }
}

impl std::error::Error for FileValueError {}

fn seaside_tokens_inline(bytes: &[u8]) -> Result<String, FileValueError> {
    TokenSet::parse_manifest_bytes(bytes)
        .map(|set| set.inline())
        .map_err(|e| match e {
            TokenSetError::TooLarge => FileValueError::TooLarge(e),
            e => FileValueError::NotATokenSet(e),
        })
}

/// Resolve every file-valued option of a game spec ([`FILE_OPTIONS`]):
/// read the file ([`read_regular_file`]) and write its content inline,
/// labelled with the path and the hash of its bytes. A spec without such
/// an option, or with the value already inline, comes back as written; a
/// spec that does not parse is the parser's error. The result is what
/// [`AnyGame::from_spec`](crate::games::AnyGame::from_spec) accepts.
pub fn resolve_spec_files(text: &str) -> Result<String, SpecError> {
    let mut spec: Spec = text.parse()?;
    let mut changed = false;
    for option in FILE_OPTIONS.iter().filter(|o| o.game == spec.name) {
        let Some(at) = spec.options.iter().position(|(k, _)| k == option.key) else {
            continue;
        };
        let path = spec.options[at].1.clone();
        if is_inline(&path) {
            continue;
        }
        let bad = |expected: String| SpecError::BadValue {
            name: spec.name.clone(),
            key: option.key.into(),
            value: path.clone(),
            expected,
        };
        let bytes = read_regular_file(Path::new(&path), option.max_bytes)
            .map_err(|e| bad(format!("a readable file, but {e}")))?;
        let inline = (option.inline)(&bytes).map_err(|e| bad(e.to_string()))?;
        spec.options[at].1 = inline;
        let label = label(&path, &bytes);
        match spec.options.iter_mut().find(|(k, _)| k == option.label) {
            Some((_, value)) => *value = label,
            None => spec
                .options
                .insert(at + 1, (option.label.to_string(), label)),
        }
        changed = true;
    }
    Ok(if changed {
        spec.to_string()
    } else {
        text.to_string()
    })
}

/// The files whose content differs between two canonical game specs of
/// the same run (the same label path with another hash), as one line:
/// "the file `set.txt` (`tokens_file` of `seaside`) changed since the run
/// started (xxh3 0123..., now 4567...)". `None` when no labelled file
/// changed.
pub fn changed_file(before: &str, now: &str) -> Option<String> {
    let (before, now) = (before.parse::<Spec>().ok()?, now.parse::<Spec>().ok()?);
    if before.name != now.name {
        return None;
    }
    FILE_OPTIONS
        .iter()
        .filter(|o| o.game == before.name)
        .find_map(|option| {
            let (path, old) = parse_label(before.get(option.label)?)?;
            let (path_now, new) = parse_label(now.get(option.label)?)?;
            (path == path_now && old != new).then(|| {
                format!(
                    "the file `{}` (`{}` of `{}`) changed since the run started (xxh3 {old}, \
                     now {new})",
                    one_line(path),
                    option.key,
                    before.name
                )
            })
        })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::AnyGame;

    /// A fresh folder for test files, removed by the caller.
    fn temp_dir(tag: &str) -> std::path::PathBuf {
        let dir = std::env::temp_dir().join(format!("spec-files-{tag}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        dir
    }

    #[test]
    fn a_file_that_is_no_token_set_says_what_was_expected() {
        let e = seaside_tokens_inline(b"Beach Wave many\n").unwrap_err();
        assert!(matches!(e, FileValueError::NotATokenSet(_)), "{e:?}");
        assert!(
            e.to_string().starts_with("a valid token-set manifest: "),
            "{e}"
        );
        let big = vec![b'#'; MAX_MANIFEST_BYTES + 1];
        assert_eq!(
            seaside_tokens_inline(&big),
            Err(FileValueError::TooLarge(TokenSetError::TooLarge))
        );
        assert_eq!(
            FileValueError::TooLarge(TokenSetError::TooLarge).to_string(),
            "the token-set manifest is larger than 1 MiB (1048576 bytes)"
        );
    }

    #[test]
    fn a_regular_file_is_read_inline_with_its_hash() {
        let dir = temp_dir("regular");
        let path = dir.join("set.txt");
        let bytes = b"# mine\nBeach Wave 3\nRock Crab 2\n";
        std::fs::write(&path, bytes).unwrap();
        let p = path.display().to_string();
        let hash = format!("{:016x}", xxhash_rust::xxh3::xxh3_64(bytes));
        let resolved = resolve_spec_files(&format!("seaside(tokens={p},removed=1)")).unwrap();
        assert_eq!(
            resolved,
            format!(
                "seaside(tokens=[Beach/Wave:3;Rock/Crab:2],tokens_file={p}@xxh3:{hash},removed=1)"
            )
        );
        let game = AnyGame::from_spec(&resolved, 2).unwrap();
        let canonical = game.canonical_spec();
        assert_eq!(
            canonical,
            format!(
                "seaside(removed=1,tokens=[Beach/Wave:3;Rock/Crab:2],tokens_file={p}@xxh3:{hash})"
            )
        );
        // The canonical spec is pure and resolves to itself.
        assert_eq!(resolve_spec_files(&canonical).unwrap(), canonical);
        assert_eq!(
            AnyGame::from_spec(&canonical, 2).unwrap().canonical_spec(),
            canonical
        );
        let AnyGame::Seaside(g) = game else {
            panic!("not seaside")
        };
        assert_eq!(g.manifest_path(), Some(p.as_str()));
        // An edit (even of a comment) changes the label, and says so.
        std::fs::write(&path, b"# yours\nBeach Wave 3\nRock Crab 2\n").unwrap();
        let edited = AnyGame::from_spec(
            &resolve_spec_files(&format!("seaside(removed=1,tokens={p})")).unwrap(),
            2,
        )
        .unwrap()
        .canonical_spec();
        assert_ne!(edited, canonical);
        let why = changed_file(&canonical, &edited).unwrap();
        assert!(
            why.starts_with(&format!(
                "the file `{p}` (`tokens` of `seaside`) changed since the run started (xxh3 {hash}, now "
            )),
            "{why}"
        );
        assert_eq!(changed_file(&canonical, &canonical), None);
        // Specs without files are untouched.
        for text in [
            "seashells(mode=stroll)",
            "seaside",
            " seaside ( removed = 3 ) ",
        ] {
            assert_eq!(resolve_spec_files(text).unwrap(), text);
        }
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn a_fifo_is_refused_without_blocking() {
        let dir = temp_dir("fifo");
        let fifo = dir.join("f");
        let status = std::process::Command::new("mkfifo")
            .arg(&fifo)
            .status()
            .unwrap();
        assert!(status.success());
        // No writer ever opens it: a blocking open would hang this thread,
        // so the check runs on another and the test waits generously.
        let (tx, rx) = std::sync::mpsc::channel();
        let spec = format!("seaside(tokens={})", fifo.display());
        std::thread::spawn(move || tx.send(resolve_spec_files(&spec)).unwrap());
        let err = rx
            .recv_timeout(std::time::Duration::from_secs(30))
            .expect("resolving a FIFO blocked")
            .unwrap_err()
            .to_string();
        assert_eq!(
            err,
            format!(
                "bad value `{}` for `seaside` option `tokens`: expected a readable file, but it \
                 is a FIFO, not a regular file",
                fifo.display()
            )
        );
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn folders_devices_missing_and_oversized_files_are_refused() {
        let dir = temp_dir("kinds");
        let err = |path: &str| {
            resolve_spec_files(&format!("seaside(tokens={path})"))
                .unwrap_err()
                .to_string()
        };
        let d = dir.display().to_string();
        assert_eq!(
            err(&d),
            format!(
                "bad value `{d}` for `seaside` option `tokens`: expected a readable file, but it \
                 is a folder, not a regular file"
            )
        );
        assert_eq!(
            err("/dev/zero"),
            "bad value `/dev/zero` for `seaside` option `tokens`: expected a readable file, but \
             it is a character device, not a regular file"
        );
        let missing = dir.join("missing.txt").display().to_string();
        assert!(
            err(&missing).starts_with(&format!(
                "bad value `{missing}` for `seaside` option `tokens`: expected a readable file, \
                 but cannot read it ("
            )),
            "{}",
            err(&missing)
        );
        // Exactly the cap is read; one byte more is refused.
        let mut text = b"Beach Wave 3\nRock Crab 2\n#".to_vec();
        text.resize(MAX_MANIFEST_BYTES, b'x');
        let at = dir.join("at.txt");
        std::fs::write(&at, &text).unwrap();
        let resolved = resolve_spec_files(&format!("seaside(tokens={})", at.display())).unwrap();
        assert!(resolved.starts_with("seaside(tokens=[Beach/Wave:3;Rock/Crab:2],"));
        text.push(b'x');
        let over = dir.join("over.txt").display().to_string();
        std::fs::write(&over, &text).unwrap();
        assert_eq!(
            err(&over),
            format!(
                "bad value `{over}` for `seaside` option `tokens`: expected a readable file, but \
                 it is larger than 1048576 bytes"
            )
        );
        // A bad manifest names its line.
        let bad = dir.join("bad.txt").display().to_string();
        std::fs::write(&bad, "Beach Wave 3\nBeech Rock 1\n").unwrap();
        assert!(
            err(&bad).ends_with(
                "expected a valid token-set manifest: line 2 `Beech Rock 1`: \
                 unknown face `Beech` (faces: Isopod, Shell, Crab, Sandpiper, Beach, Wave, Rock)"
            ),
            "{}",
            err(&bad)
        );
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn the_parser_refuses_paths_and_bad_labels_without_io() {
        let err = |text: &str| AnyGame::from_spec(text, 2).unwrap_err().to_string();
        assert_eq!(
            err("seaside(tokens=/etc/passwd)"),
            "`seaside` option `tokens` names the file `/etc/passwd`: a file path is read only \
             by the command line, not here (a server does not resolve paths); give the value \
             inline instead: tokens=[Beach/Wave:20;Isopod/Crab:20;Rock/Shell:10]"
        );
        assert_eq!(
            err("seaside(tokens=[Beach/Wave:3],tokens_file=set.txt)"),
            "bad value `set.txt` for `seaside` option `tokens_file`: expected \
             `PATH@xxh3:HASH` (16 hex digits), as the command line writes it"
        );
        assert_eq!(
            err("seaside(tokens_file=set.txt@xxh3:0123456789abcdef)"),
            "invalid `seaside`: `tokens_file` labels an inline `tokens=[...]` set with its \
             file, but no `tokens` is given"
        );
        assert_eq!(
            err("seaside(tokens=[Beach/Wave:3;Rock/Crab])"),
            "bad value `[Beach/Wave:3;Rock/Crab]` for `seaside` option `tokens`: expected a \
             token set `[FACE_A/FACE_B:COUNT;...]`: item 2 `Rock/Crab`: expected \
             `FACE_A/FACE_B:COUNT`"
        );
        assert_eq!(
            parse_label("a@b@xxh3:0123456789abcdef"),
            Some(("a@b", "0123456789abcdef"))
        );
        assert_eq!(parse_label("@xxh3:0123456789abcdef"), None);
        assert_eq!(parse_label("a@xxh3:0123456789ABCDEF"), None);
        assert_eq!(parse_label("a@xxh3:0123"), None);
    }
}
