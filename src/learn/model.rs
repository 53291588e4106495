//! A learned evaluation's file: what it was trained for (game, options,
//! player count, features), its weights, a content hash, and its
//! provenance (how it was trained, by which code). JSON, documented in
//! docs/learning.md ("The model file") so that any language can read it.
//!
//! A model maps the features of a position for one seat ([`FeatureSet`])
//! to that seat's expected result share in `(0, 1)` (a win 1, a loss 0, a
//! tie shared), the same scale as [`crate::game::Outcome::win_share`]. The
//! first kind is logistic: `sigmoid(bias + sum(weights[i] * x[i]))`.
//!
//! The hash covers everything that decides play (game, players, features,
//! kind, weights, bias) and is checked when a file is read, so a spec that
//! names a model by `PATH@xxh3:HASH` plays exactly the weights it names;
//! provenance is outside it.

use std::fmt;
use std::path::Path;

use serde::{Deserialize, Serialize};

use crate::learn::features::FeatureSet;
use crate::regular_file::read_regular_file;

/// The most bytes of a model file read (16 MiB).
pub const MAX_MODEL_BYTES: usize = 16 << 20;

/// The value of the file's `format` key.
pub const FORMAT: &str = "beachcomber-model";

/// The layout version this code reads and writes.
pub const VERSION: u32 = 1;

/// Entries per block of [`Model::weighted_sum`]'s sparse scan (the bits
/// of one `u32` mask).
pub const SPARSE_BLOCK: usize = 32;

/// The kinds of model this code evaluates.
pub const KINDS: [&str; 1] = ["logistic"];

/// A learned evaluation (see the module docs).
#[derive(Clone, Debug, PartialEq)]
pub struct Model {
    /// The canonical spec of the game it was trained on (options included).
    pub game: String,
    /// The player count it was trained at.
    pub players: usize,
    /// The features it reads.
    pub features: FeatureSet,
    /// One weight per feature.
    pub weights: Vec<f32>,
    /// The logistic's bias.
    pub bias: f32,
    /// How it was made: the keys docs/learning.md lists (teacher, games,
    /// seed, code commit, fit settings, held-out loss), in order.
    pub provenance: serde_json::Map<String, serde_json::Value>,
}

/// Why a model file is refused, or does not fit the game it is asked to
/// play.
#[derive(Clone, Debug, PartialEq)]
pub enum ModelError {
    /// The file cannot be read (the reason, one line).
    Read(String),
    /// The bytes are not a model file of this layout (what is wrong).
    Malformed(String),
    /// The weights do not match the hash the file (or a spec) gives.
    HashMismatch {
        /// The hash expected.
        expected: String,
        /// The hash of the weights found.
        found: String,
    },
    /// The model was trained for another game, options or player count.
    WrongGame {
        /// What the model was trained for.
        model: String,
        /// What it was asked to play.
        asked: String,
    },
}

impl fmt::Display for ModelError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ModelError::Read(why) => write!(f, "cannot read the model: {why}"),
            ModelError::Malformed(why) => write!(f, "not a model file: {why}"),
            ModelError::HashMismatch { expected, found } => write!(
                f,
                "the model's weights hash to {found}, not {expected} (the file changed; \
                 name the new hash or retrain)"
            ),
            ModelError::WrongGame { model, asked } => write!(
                f,
                "the model was trained for {model}, not {asked}: train one for this game \
                 (beachcomber train)"
            ),
        }
    }
}

impl std::error::Error for ModelError {}

/// A player count in words: `1 player`, `2 players`.
fn seats(players: usize) -> String {
    if players == 1 {
        "1 player".into()
    } else {
        format!("{players} players")
    }
}

/// The file's layout, as serde reads and writes it.
#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct ModelFile {
    format: String,
    version: u32,
    game: String,
    players: usize,
    features: String,
    inputs: usize,
    kind: String,
    hash: String,
    bias: f32,
    weights: Vec<f32>,
    provenance: serde_json::Map<String, serde_json::Value>,
}

impl Model {
    /// The content hash: xxh3-64, in 16 hex digits, of the game, players,
    /// features and kind (one line each) followed by the weights and the
    /// bias as little-endian `f32` bytes.
    pub fn hash(&self) -> String {
        let mut bytes = format!(
            "{}\n{}\n{}\n{}\n",
            self.game, self.players, self.features, KINDS[0]
        )
        .into_bytes();
        for w in self.weights.iter().chain(std::iter::once(&self.bias)) {
            bytes.extend_from_slice(&w.to_le_bytes());
        }
        format!("{:016x}", xxhash_rust::xxh3::xxh3_64(&bytes))
    }

    /// The model's value for a seat whose features are `x` (exactly
    /// `weights.len()` entries): its expected result share, in `(0, 1)`.
    /// The sum runs in `f64` in index order, so it is the same number on
    /// every machine. The logistic uses the platform's `exp`, not `libm`'s
    /// as the fit does: the two differ in the last bit on several hundred
    /// of the random positions of this module's tests (x86-64 glibc),
    /// which could change recorded decisions, so it is kept.
    /// Allocation-free.
    ///
    /// Sparse: most features are zero (one-hot blocks, empty slots), and
    /// a zero entry's term `w * 0` adds `±0` to the sum, which leaves it
    /// unchanged (or changes only the sign of a zero sum, whose logistic
    /// is the same 0.5), so the sum skips them: the value is bit-identical
    /// to the dense sum's, in about a third of the time in Seaside (see
    /// docs/performance.md). The non-zero entries of each block of
    /// [`SPARSE_BLOCK`] are found with a bit mask (a loop the compiler
    /// vectorizes), then added in index order.
    #[inline]
    pub fn value(&self, x: &[f32]) -> f64 {
        1.0 / (1.0 + (-self.weighted_sum(x)).exp())
    }

    /// `bias + sum(weights[i] * x[i])` over the non-zero `x[i]`, in index
    /// order, in `f64` (see [`Model::value`]).
    #[inline]
    pub fn weighted_sum(&self, x: &[f32]) -> f64 {
        assert_eq!(x.len(), self.weights.len(), "one feature per weight");
        let mut z = f64::from(self.bias);
        let blocks = self.weights.chunks_exact(SPARSE_BLOCK);
        let (weights_left, x_left) = (blocks.remainder(), &x[x.len() - blocks.remainder().len()..]);
        for (ws, xs) in blocks.zip(x.chunks_exact(SPARSE_BLOCK)) {
            // A fixed-size block: the mask loop unrolls into vector code.
            let block: &[f32; SPARSE_BLOCK] = xs.try_into().expect("an exact chunk");
            let mut nonzero = 0u32;
            for (i, v) in block.iter().enumerate() {
                // `-0.0` counts as non-zero: its term is added as before.
                nonzero |= u32::from(v.to_bits() != 0) << i;
            }
            while nonzero != 0 {
                let i = nonzero.trailing_zeros() as usize;
                z += f64::from(ws[i]) * f64::from(xs[i]);
                nonzero &= nonzero - 1;
            }
        }
        for (w, v) in weights_left.iter().zip(x_left) {
            if v.to_bits() != 0 {
                z += f64::from(*w) * f64::from(*v);
            }
        }
        z
    }

    /// Refuse a model trained for another game than `game` (its
    /// canonical spec) at `players`, or whose features do not have
    /// `inputs` entries there.
    pub fn check_game(&self, game: &str, players: usize, inputs: usize) -> Result<(), ModelError> {
        if self.game != game || self.players != players || self.weights.len() != inputs {
            return Err(ModelError::WrongGame {
                model: format!(
                    "{} at {} ({} inputs)",
                    self.game,
                    seats(self.players),
                    self.weights.len()
                ),
                asked: format!("{game} at {} ({inputs} inputs)", seats(players)),
            });
        }
        Ok(())
    }

    /// The model file's text (JSON, one key per line, then a newline).
    pub fn to_json(&self) -> String {
        let file = ModelFile {
            format: FORMAT.into(),
            version: VERSION,
            game: self.game.clone(),
            players: self.players,
            features: self.features.name().into(),
            inputs: self.weights.len(),
            kind: KINDS[0].into(),
            hash: self.hash(),
            bias: self.bias,
            weights: self.weights.clone(),
            provenance: self.provenance.clone(),
        };
        let mut text = serde_json::to_string_pretty(&file).expect("a model serializes");
        text.push('\n');
        text
    }

    /// A model from a file's bytes: its layout, sizes, finiteness and hash
    /// checked.
    pub fn from_json(bytes: &[u8]) -> Result<Model, ModelError> {
        let file: ModelFile = serde_json::from_slice(bytes)
            .map_err(|e| ModelError::Malformed(crate::spec::one_line(&e.to_string())))?;
        let bad = |why: String| Err(ModelError::Malformed(why));
        if file.format != FORMAT {
            return bad(format!("format is {:?}, not {FORMAT:?}", file.format));
        }
        if file.version != VERSION {
            return bad(format!(
                "layout version {} (this program reads {VERSION})",
                file.version
            ));
        }
        if !KINDS.contains(&file.kind.as_str()) {
            return bad(format!("unknown kind {:?} (known: {KINDS:?})", file.kind));
        }
        let Some(features) = FeatureSet::from_name(&file.features) else {
            return bad(format!(
                "unknown features {:?} (known: {:?})",
                file.features,
                FeatureSet::NAMES
            ));
        };
        if file.inputs != file.weights.len() {
            return bad(format!(
                "{} weights for {} inputs",
                file.weights.len(),
                file.inputs
            ));
        }
        if !file.bias.is_finite() || file.weights.iter().any(|w| !w.is_finite()) {
            return bad("a weight is not a finite number".into());
        }
        let model = Model {
            game: file.game,
            players: file.players,
            features,
            weights: file.weights,
            bias: file.bias,
            provenance: file.provenance,
        };
        let found = model.hash();
        if found != file.hash {
            return Err(ModelError::HashMismatch {
                expected: file.hash,
                found,
            });
        }
        Ok(model)
    }

    /// Read a model file (a regular file of at most [`MAX_MODEL_BYTES`]).
    pub fn read(path: &Path) -> Result<Model, ModelError> {
        let bytes = read_regular_file(path, MAX_MODEL_BYTES)
            .map_err(|e| ModelError::Read(format!("{}: {e}", path.display())))?;
        Model::from_json(&bytes)
    }
}

#[cfg(test)]
mod tests {
    use super::{FeatureSet, Model, ModelError};

    fn model() -> Model {
        let mut provenance = serde_json::Map::new();
        provenance.insert("teacher".into(), "greedy(worlds=8)".into());
        Model {
            game: "shell-dash(deck=default)".into(),
            players: 2,
            features: FeatureSet::EncodingEvaluate,
            weights: vec![0.5, -0.25, 0.1],
            bias: -0.125,
            provenance,
        }
    }

    #[test]
    fn a_model_reads_back_as_written() {
        let m = model();
        let text = m.to_json();
        assert_eq!(Model::from_json(text.as_bytes()), Ok(m.clone()));
        assert!(text.contains(&format!("\"hash\": \"{}\"", m.hash())));
    }

    #[test]
    fn the_value_is_the_logistic_of_the_weighted_sum() {
        let m = model();
        // z = -0.125 + 0.5*1 - 0.25*2 + 0.1*0 = -0.125
        let expected = 1.0 / (1.0 + 0.125f64.exp());
        assert!((m.value(&[1.0, 2.0, 0.0]) - expected).abs() < 1e-12);
    }

    /// The dense sum and the platform's `exp` the model used before the
    /// sparse sum and `libm`: the reference the fast value must match bit
    /// for bit.
    fn dense_value(m: &Model, x: &[f32]) -> (f64, f64) {
        let mut z = f64::from(m.bias);
        for (w, v) in m.weights.iter().zip(x) {
            z += f64::from(*w) * f64::from(*v);
        }
        (z, 1.0 / (1.0 + (-z).exp()))
    }

    /// Compare the sparse and the dense value on the features of every
    /// seat at every position of random games of `spec` at `players`, with
    /// random weights; the number of positions compared.
    fn compare_on_random_games(spec: &str, players: usize, games: u64) -> usize {
        use crate::encode::Encode;
        use crate::game::Evaluate;
        use crate::games::AnyGame;
        use crate::rng::{below, rng_from_seed};

        fn run<G: Evaluate + Encode>(g: &G, games: u64) -> usize {
            let mut rng = rng_from_seed(57);
            let mut compared = 0;
            for features in FeatureSet::ALL {
                let len = features.len(g.encoding_len());
                let mut m = model();
                m.features = features;
                m.weights = (0..len)
                    .map(|_| (below(&mut rng, 3001) as f32 - 1500.0) / 997.0)
                    .collect();
                m.bias = (below(&mut rng, 2001) as f32 - 1000.0) / 1009.0;
                let mut x = vec![f32::NAN; len];
                for _ in 0..games {
                    let mut state = g.new_game(&mut rng);
                    while let Some(to_move) = g.to_move(&state) {
                        for seat in 0..g.players() {
                            let world = g.determinize(&state, seat, &mut rng);
                            features.write(g, &world, seat, &mut x);
                            let (z, value) = dense_value(&m, &x);
                            assert_eq!(m.weighted_sum(&x).to_bits(), z.to_bits(), "{x:?}");
                            assert_eq!(m.value(&x).to_bits(), value.to_bits(), "{x:?}");
                            compared += 1;
                        }
                        let legal = g.legal_actions(&state);
                        let action = legal[below(&mut rng, legal.len() as u32) as usize];
                        assert!(g.to_move(&state) == Some(to_move));
                        g.play_unchecked(&mut state, action);
                    }
                }
            }
            compared
        }
        match AnyGame::from_spec(spec, players).unwrap() {
            AnyGame::Seashells(g) => run(&g, games),
            AnyGame::Seaside(g) => run(&g, games),
            AnyGame::ShellDash(g) => run(&g, games),
        }
    }

    #[test]
    fn the_sparse_value_is_the_dense_value_bit_for_bit_on_random_positions() {
        let mut compared = 0;
        for (spec, players) in [
            ("seaside", 2),
            ("seaside", 4),
            ("seashells", 2),
            ("seashells", 4),
            ("shell-dash", 2),
        ] {
            compared += compare_on_random_games(spec, players, 6);
        }
        assert!(compared > 5_000, "{compared}");
    }

    #[test]
    fn the_sparse_sum_adds_the_non_zero_entries_in_order() {
        // 70 entries: two full blocks of 32 and a remainder of 6.
        let mut m = model();
        m.weights = (0..70).map(|i| i as f32).collect();
        m.bias = 0.5;
        let mut x = vec![0.0f32; 70];
        x[0] = 1.0;
        x[31] = 0.5;
        x[40] = -0.0;
        x[69] = 2.0;
        // 0.5 + 0*1 + 31*0.5 + 69*2 = 154.0
        assert_eq!(m.weighted_sum(&x), 154.0);
        assert_eq!(
            m.weighted_sum(&x).to_bits(),
            dense_value(&m, &x).0.to_bits()
        );
        let zeros = vec![0.0f32; 70];
        assert_eq!(m.weighted_sum(&zeros), 0.5);
        m.bias = 0.0;
        // A zero sum's sign may differ from the dense sum's; its value is 0.5.
        m.weights[3] = -1.0;
        assert_eq!(m.value(&zeros), 0.5);
        assert_eq!(dense_value(&m, &zeros).1, 0.5);
    }

    #[test]
    fn a_changed_weight_is_refused_by_its_hash() {
        let m = model();
        let text = m.to_json().replace("-0.25", "-0.5");
        match Model::from_json(text.as_bytes()) {
            Err(ModelError::HashMismatch { expected, .. }) => assert_eq!(expected, m.hash()),
            other => panic!("{other:?}"),
        }
        // Provenance is outside the hash.
        let text = m.to_json().replace("greedy(worlds=8)", "someone else");
        assert!(Model::from_json(text.as_bytes()).is_ok());
    }

    #[test]
    fn malformed_files_say_what_is_wrong() {
        let m = model();
        let cases = [
            (
                m.to_json().replace("\"inputs\": 3", "\"inputs\": 4"),
                "3 weights for 4 inputs",
            ),
            (m.to_json().replace("logistic", "mlp"), "unknown kind"),
            (
                m.to_json().replace("\"version\": 1", "\"version\": 2"),
                "layout version 2",
            ),
            (
                m.to_json().replace("encoding+evaluate", "pixels"),
                "unknown features",
            ),
            ("{".to_string(), "EOF"),
        ];
        for (text, says) in cases {
            let e = Model::from_json(text.as_bytes()).unwrap_err().to_string();
            assert!(e.contains(says), "{e}");
            assert!(!e.contains('\n'));
        }
    }

    #[test]
    fn another_game_or_player_count_is_refused() {
        let m = model();
        assert_eq!(m.check_game("shell-dash(deck=default)", 2, 3), Ok(()));
        for (game, players, inputs) in [
            ("shell-dash(deck=fairer)", 2, 3),
            ("shell-dash(deck=default)", 1, 3),
            ("shell-dash(deck=default)", 2, 4),
        ] {
            let e = m.check_game(game, players, inputs).unwrap_err().to_string();
            assert!(
                e.contains("trained for shell-dash(deck=default) at 2 players"),
                "{e}"
            );
        }
    }
}
