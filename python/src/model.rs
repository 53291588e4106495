//! `beachcomber._native.NativeModel`: the library's model file of a learned
//! evaluation (`beachcomber::learn::model::Model`) in Python, so that the
//! package's `beachcomber.Model` (python/beachcomber/_model.py, NumPy)
//! reads, checks and writes exactly what the Rust side does: one
//! definition of the layout, the hash and the value.

use std::path::PathBuf;

use beachcomber::atomic_file::write_atomically;
use beachcomber::learn::features::FeatureSet;
use beachcomber::learn::model::{MAX_MODEL_BYTES, Model};
use numpy::{PyArray1, PyReadonlyArray1, PyReadonlyArray2};
use pyo3::prelude::*;

use crate::errors::model_error;
use crate::json::to_python;

/// A model file's contents, as the library reads and writes them: its
/// fields, its content hash, its value and its JSON text.
#[pyclass(module = "beachcomber._native", name = "NativeModel", frozen)]
pub struct NativeModel {
    model: Model,
}

/// The feature set named `name`, or `ModelError` naming the known ones.
pub fn feature_set(name: &str) -> PyResult<FeatureSet> {
    FeatureSet::from_name(name).ok_or_else(|| {
        model_error(format!(
            "unknown features {name:?} (known: {})",
            FeatureSet::NAMES.join(", ")
        ))
    })
}

/// The provenance object of the JSON text `text` (a Python dict dumped).
fn provenance_map(text: &str) -> PyResult<serde_json::Map<String, serde_json::Value>> {
    match serde_json::from_str(text) {
        Ok(serde_json::Value::Object(map)) => Ok(map),
        Ok(_) => Err(model_error("the provenance is not a mapping")),
        Err(e) => Err(model_error(format!(
            "the provenance is not JSON: {}",
            beachcomber::spec::one_line(&e.to_string())
        ))),
    }
}

#[pymethods]
impl NativeModel {
    /// A logistic model of these fields (`provenance`: a JSON object's
    /// text). Raises `ModelError` for unknown features, a weight or bias
    /// that is not finite, or a provenance that is not a JSON object. The
    /// game is taken as given (`beachcomber.Model` canonicalizes it).
    #[new]
    fn new(
        game: String,
        players: usize,
        features: &str,
        weights: PyReadonlyArray1<'_, f32>,
        bias: f32,
        provenance: &str,
    ) -> PyResult<NativeModel> {
        let weights = weights.as_array().to_vec();
        if !bias.is_finite() || weights.iter().any(|w| !w.is_finite()) {
            return Err(model_error("a weight is not a finite number"));
        }
        Ok(NativeModel {
            model: Model {
                game,
                players,
                features: feature_set(features)?,
                weights,
                bias,
                provenance: provenance_map(provenance)?,
            },
        })
    }

    /// The model of a file's bytes, its layout, sizes and hash checked by
    /// the library (`Model::from_json`); raises `ModelError` with its
    /// one-line message.
    #[staticmethod]
    fn from_json(data: &[u8]) -> PyResult<NativeModel> {
        if data.len() > MAX_MODEL_BYTES {
            return Err(model_error(format!(
                "not a model file: {} bytes (at most {MAX_MODEL_BYTES})",
                data.len()
            )));
        }
        Model::from_json(data)
            .map(|model| NativeModel { model })
            .map_err(model_error)
    }

    /// The model file at `path` (a regular file of at most 16 MiB), read
    /// and checked as the command line reads it (`Model::read`).
    #[staticmethod]
    fn read(path: PathBuf) -> PyResult<NativeModel> {
        Model::read(&path)
            .map(|model| NativeModel { model })
            .map_err(model_error)
    }

    /// The canonical game spec the model was trained on.
    #[getter]
    fn game(&self) -> &str {
        &self.model.game
    }

    /// The player count it was trained at.
    #[getter]
    fn players(&self) -> usize {
        self.model.players
    }

    /// The features it reads (`encoding`, `encoding+evaluate`).
    #[getter]
    fn features(&self) -> &'static str {
        self.model.features.name()
    }

    /// One `float32` weight per feature (a fresh array).
    #[getter]
    fn weights<'py>(&self, py: Python<'py>) -> Bound<'py, PyArray1<f32>> {
        PyArray1::from_slice(py, &self.model.weights)
    }

    /// The logistic's bias (a `float32`'s value).
    #[getter]
    fn bias(&self) -> f32 {
        self.model.bias
    }

    /// The provenance, as a dict in the file's order.
    #[getter]
    fn provenance<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        to_python(
            py,
            &serde_json::Value::Object(self.model.provenance.clone()),
        )
    }

    /// The content hash (`Model::hash`: xxh3-64 in 16 hex digits).
    #[getter]
    fn hash(&self) -> String {
        self.model.hash()
    }

    /// The library's value (`Model::value`, what a `learned` bot computes)
    /// of each row of `x` (`N x inputs`, `float32`): `N` values in (0, 1).
    fn value<'py>(
        &self,
        py: Python<'py>,
        x: PyReadonlyArray2<'_, f32>,
    ) -> PyResult<Bound<'py, PyArray1<f64>>> {
        let x = x.as_array();
        let inputs = self.model.weights.len();
        if x.ncols() != inputs {
            return Err(pyo3::exceptions::PyValueError::new_err(format!(
                "{} features per row for a model of {inputs} inputs",
                x.ncols()
            )));
        }
        let mut row = vec![0.0f32; inputs];
        let values: Vec<f64> = x
            .rows()
            .into_iter()
            .map(|r| {
                row.iter_mut().zip(r).for_each(|(to, from)| *to = *from);
                self.model.value(&row)
            })
            .collect();
        Ok(PyArray1::from_vec(py, values))
    }

    /// The model file's text (`Model::to_json`).
    fn to_json(&self) -> String {
        self.model.to_json()
    }

    /// Write the model file to `path`, whole (a temporary file beside it,
    /// then a rename: never a half-written file); raises `ModelError`
    /// when it cannot be written.
    fn write(&self, path: PathBuf) -> PyResult<()> {
        write_atomically(&path, self.model.to_json().as_bytes()).map_err(model_error)
    }
}
