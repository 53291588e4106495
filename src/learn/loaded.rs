//! The models a process plays with, and how a bot spec's `model=` value
//! names one.
//!
//! A bot spec names its model by `model=PATH` (a file), `model=NAME` (the
//! committed file `models/NAME.json` of the repository: no `/`, no
//! `.json`), or, canonically, by either followed by the model's content
//! hash ([`Model::hash`]): `model=PATH@xxh3:HASH` (the label of
//! [`crate::spec_label`]). The canonical form goes into records, manifests
//! and checkpoints, so they name the exact weights, and a run resumed
//! after its model file changed is refused.
//!
//! Which files a spec may make the process read is the program's choice,
//! made once at its start ([`allow_model_files`]): the command line and
//! the Python package read paths and names ([`ModelFiles::Paths`]), the
//! web server only named committed models ([`ModelFiles::Named`]: a path
//! is refused, so no network spec opens a file it chooses), and a library
//! user nothing ([`ModelFiles::Loaded`], the default: only models already
//! [`load`]ed, no IO at all). Every model read is kept in a process-wide
//! registry keyed by its hash, so building a bot for each game does no
//! IO, and a canonical spec whose model is loaded resolves without any.

use std::collections::HashMap;
use std::fmt;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU8, Ordering};
use std::sync::{Arc, Mutex, OnceLock};

use crate::learn::model::{Model, ModelError};
use crate::spec_label::parse_label;

/// Which model files a bot spec may make this process read.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ModelFiles {
    /// None: only models already loaded ([`load`]); the default.
    Loaded = 0,
    /// Named committed models (`models/NAME.json`), never a path: the web.
    Named = 1,
    /// Paths and named models: the command line and the Python package.
    Paths = 2,
}

/// The process's [`ModelFiles`] (its `u8`).
static MODEL_FILES: AtomicU8 = AtomicU8::new(ModelFiles::Loaded as u8);

/// Set which model files bot specs may make this process read (the
/// program's entry calls it once, before parsing any spec).
pub fn allow_model_files(files: ModelFiles) {
    MODEL_FILES.store(files as u8, Ordering::SeqCst);
}

/// Which model files bot specs may make this process read.
pub fn model_files() -> ModelFiles {
    match MODEL_FILES.load(Ordering::SeqCst) {
        1 => ModelFiles::Named,
        2 => ModelFiles::Paths,
        _ => ModelFiles::Loaded,
    }
}

/// The folder of the committed models: `models/` at the repository's
/// root (where this crate's manifest is).
pub fn models_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("models")
}

/// A model a bot plays with: its canonical `model=` value
/// (`PATH@xxh3:HASH` or `NAME@xxh3:HASH`) and its weights. Two are equal
/// when their labels are (the label holds the hash).
#[derive(Clone)]
pub struct LoadedModel {
    label: String,
    model: Arc<Model>,
}

impl LoadedModel {
    /// The canonical `model=` value.
    pub fn label(&self) -> &str {
        &self.label
    }

    /// The model.
    pub fn model(&self) -> &Model {
        &self.model
    }

    /// The model, shared.
    pub fn shared(&self) -> Arc<Model> {
        Arc::clone(&self.model)
    }
}

impl PartialEq for LoadedModel {
    fn eq(&self, other: &Self) -> bool {
        self.label == other.label
    }
}

impl fmt::Debug for LoadedModel {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "LoadedModel({})", self.label)
    }
}

/// Why a `model=` value names no model this process may play.
#[derive(Clone, Debug, PartialEq)]
pub enum ResolveError {
    /// The file cannot be read, is not a model, or its weights differ from
    /// the hash the value gives.
    Model(ModelError),
    /// A path where only named committed models are taken (the web).
    PathNotAllowed(String),
    /// A file where this process reads none (a library's default).
    NoFiles(String),
    /// A name with no committed model (`models/NAME.json` cannot be read).
    NoSuchName(String),
}

impl fmt::Display for ResolveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ResolveError::Model(e) => e.fmt(f),
            ResolveError::PathNotAllowed(path) => write!(
                f,
                "the model path `{}` is read only by the command line, not here: name a \
                 committed model instead (model=NAME, the file models/NAME.json)",
                crate::spec::one_line(path)
            ),
            ResolveError::NoSuchName(name) => write!(
                f,
                "no committed model is named `{}` (the file models/{}.json)",
                crate::spec::one_line(name),
                crate::spec::one_line(name)
            ),
            ResolveError::NoFiles(value) => write!(
                f,
                "the model `{}` is not loaded, and this program reads no model files \
                 (the command line and the Python package do)",
                crate::spec::one_line(value)
            ),
        }
    }
}

impl std::error::Error for ResolveError {}

impl From<ModelError> for ResolveError {
    fn from(e: ModelError) -> Self {
        ResolveError::Model(e)
    }
}

/// The models loaded in this process, by hash.
fn registry() -> &'static Mutex<HashMap<String, Arc<Model>>> {
    static MODELS: OnceLock<Mutex<HashMap<String, Arc<Model>>>> = OnceLock::new();
    MODELS.get_or_init(|| Mutex::new(HashMap::new()))
}

/// Keep `model` in the process's registry and name it `source` (a path or
/// a name): the loaded model, labelled `source@xxh3:HASH`. For models made
/// in code (tests, the Python package); files are loaded by [`resolve`].
pub fn load(source: &str, model: Model) -> LoadedModel {
    let hash = model.hash();
    let mut models = registry().lock().unwrap_or_else(|e| e.into_inner());
    let model = Arc::clone(
        models
            .entry(hash.clone())
            .or_insert_with(|| Arc::new(model)),
    );
    LoadedModel {
        label: format!("{source}@xxh3:{hash}"),
        model,
    }
}

/// The loaded model of hash `hash`, if any.
fn loaded(hash: &str) -> Option<Arc<Model>> {
    registry()
        .lock()
        .unwrap_or_else(|e| e.into_inner())
        .get(hash)
        .cloned()
}

/// Whether a `model=` value (without a hash) is a committed model's name
/// rather than a path: letters, digits, `-` and `_` only.
pub fn is_model_name(source: &str) -> bool {
    !source.is_empty()
        && source
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_')
}

/// The model a `model=` value names, under this process's
/// [`model_files`] and the committed models of [`models_dir`].
pub fn resolve(value: &str) -> Result<LoadedModel, ResolveError> {
    resolve_with(value, model_files(), &models_dir())
}

/// [`resolve`] with the files allowed and the committed models' folder
/// given: a labelled value whose hash is loaded needs no IO; otherwise
/// its file (a name's `DIR/NAME.json`, or the path) is read if `files`
/// allows it, checked, and its hash compared with the label's.
pub fn resolve_with(
    value: &str,
    files: ModelFiles,
    models: &Path,
) -> Result<LoadedModel, ResolveError> {
    let (source, hash) = match parse_label(value) {
        Some((source, hash)) => (source, Some(hash)),
        None => (value, None),
    };
    if let Some(hash) = hash
        && let Some(model) = loaded(hash)
    {
        return Ok(LoadedModel {
            label: value.to_string(),
            model,
        });
    }
    let named = is_model_name(source);
    let path = if named {
        if files == ModelFiles::Loaded {
            return Err(ResolveError::NoFiles(value.into()));
        }
        models.join(format!("{source}.json"))
    } else {
        match files {
            ModelFiles::Loaded => return Err(ResolveError::NoFiles(value.into())),
            ModelFiles::Named => return Err(ResolveError::PathNotAllowed(source.into())),
            ModelFiles::Paths => PathBuf::from(source),
        }
    };
    // A name's missing file is said without the folder's path (which a
    // server would otherwise tell its clients).
    let model = Model::read(&path).map_err(|e| match e {
        ModelError::Read(_) if named => ResolveError::NoSuchName(source.into()),
        e => ResolveError::Model(e),
    })?;
    if let Some(expected) = hash {
        let found = model.hash();
        if found != expected {
            return Err(ModelError::HashMismatch {
                expected: expected.into(),
                found,
            }
            .into());
        }
    }
    Ok(load(source, model))
}

/// Refuse a model trained for another game, options or player count than
/// `game` ([`Model::check_game`] with the game's canonical spec, player
/// count and feature count).
pub fn check_game(model: &Model, game: &crate::games::AnyGame) -> Result<(), ModelError> {
    use crate::encode::Encode;
    use crate::game::Game;
    use crate::games::AnyGame;
    let (players, encoding) = match game {
        AnyGame::Seashells(g) => (g.players(), g.encoding_len()),
        AnyGame::Seaside(g) => (g.players(), g.encoding_len()),
        AnyGame::ShellDash(g) => (g.players(), g.encoding_len()),
    };
    model.check_game(
        &game.canonical_spec(),
        players,
        model.features.len(encoding),
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::learn::features::FeatureSet;

    fn model(bias: f32) -> Model {
        Model {
            game: "pebbles".into(),
            players: 2,
            features: FeatureSet::Encoding,
            weights: vec![0.5, -1.0],
            bias,
            provenance: serde_json::Map::new(),
        }
    }

    fn temp_dir(tag: &str) -> PathBuf {
        let dir = std::env::temp_dir().join(format!("loaded-{tag}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        dir
    }

    #[test]
    fn a_path_is_read_labelled_and_then_resolves_without_io() {
        let dir = temp_dir("path");
        let path = dir.join("m.json");
        let m = model(0.25);
        std::fs::write(&path, m.to_json()).unwrap();
        let p = path.display().to_string();
        let got = resolve_with(&p, ModelFiles::Paths, &dir).unwrap();
        assert_eq!(got.label(), format!("{p}@xxh3:{}", m.hash()));
        assert_eq!(got.model(), &m);
        // The label resolves from the registry, even where no file may be
        // read, and after the file is gone.
        std::fs::remove_file(&path).unwrap();
        let again = resolve_with(got.label(), ModelFiles::Loaded, &dir).unwrap();
        assert_eq!(again, got);
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn a_changed_file_is_refused_by_the_labels_hash() {
        let dir = temp_dir("changed");
        let path = dir.join("m.json");
        let p = path.display().to_string();
        std::fs::write(&path, model(0.5).to_json()).unwrap();
        // A label naming weights no longer in the file (and not loaded).
        let stale = format!("{p}@xxh3:0123456789abcdef");
        let e = resolve_with(&stale, ModelFiles::Paths, &dir).unwrap_err();
        assert_eq!(
            e,
            ResolveError::Model(ModelError::HashMismatch {
                expected: "0123456789abcdef".into(),
                found: model(0.5).hash(),
            })
        );
        assert!(e.to_string().contains("the file changed"), "{e}");
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn names_read_the_committed_folder_and_paths_need_the_command_line() {
        let dir = temp_dir("named");
        let m = model(-0.75);
        std::fs::write(dir.join("tiny-1.json"), m.to_json()).unwrap();
        let got = resolve_with("tiny-1", ModelFiles::Named, &dir).unwrap();
        assert_eq!(got.label(), format!("tiny-1@xxh3:{}", m.hash()));
        let path = dir.join("tiny-1.json").display().to_string();
        assert_eq!(
            resolve_with(&path, ModelFiles::Named, &dir).unwrap_err(),
            ResolveError::PathNotAllowed(path.clone())
        );
        assert!(matches!(
            resolve_with("tiny-2", ModelFiles::Loaded, &dir),
            Err(ResolveError::NoFiles(_))
        ));
        let missing = resolve_with("nosuch", ModelFiles::Named, &dir)
            .unwrap_err()
            .to_string();
        assert_eq!(
            missing,
            "no committed model is named `nosuch` (the file models/nosuch.json)"
        );
        assert!(is_model_name("seaside-2p_g3"));
        for path in ["m.json", "./m", "a/b", ""] {
            assert!(!is_model_name(path), "{path}");
        }
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn a_malformed_file_is_one_line() {
        let dir = temp_dir("malformed");
        let path = dir.join("bad.json");
        std::fs::write(&path, "{\"format\": 3}\n").unwrap();
        let e = resolve_with(&path.display().to_string(), ModelFiles::Paths, &dir)
            .unwrap_err()
            .to_string();
        assert!(e.starts_with("not a model file: "), "{e}");
        assert!(!e.contains('\n'));
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
