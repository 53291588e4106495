//! The package's exceptions, each a `ValueError` carrying the library's
//! one-line message.

use pyo3::PyErr;
use pyo3::exceptions::PyValueError;

pyo3::create_exception!(
    beachcomber,
    SpecError,
    PyValueError,
    "A game or bot spec that does not parse or build, or a run's argument refused (the library's one-line message)."
);

pyo3::create_exception!(
    beachcomber,
    IllegalActionError,
    PyValueError,
    "An action that is not legal in the state, not in the action space, or played after the end."
);

pyo3::create_exception!(
    beachcomber,
    RecordError,
    PyValueError,
    "A game record that cannot be read or does not replay, or a state that has no record."
);

/// A library spec error as [`SpecError`].
pub fn spec_error(error: impl std::fmt::Display) -> PyErr {
    SpecError::new_err(error.to_string())
}

/// A refused action as [`IllegalActionError`].
pub fn illegal(error: impl std::fmt::Display) -> PyErr {
    IllegalActionError::new_err(error.to_string())
}

/// A refused record as [`RecordError`].
pub fn record_error(error: impl std::fmt::Display) -> PyErr {
    RecordError::new_err(error.to_string())
}

pyo3::create_exception!(
    beachcomber,
    ModelError,
    PyValueError,
    "A model file that cannot be read or written, is malformed, or whose weights do not match its hash (the library's one-line message)."
);

/// A model refused (read, layout, hash) as [`ModelError`].
pub fn model_error(error: impl std::fmt::Display) -> PyErr {
    ModelError::new_err(error.to_string())
}
