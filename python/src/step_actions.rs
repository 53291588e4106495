//! The actions given to `VectorEnv.step`, read as integers: a NumPy array
//! of any integer dtype, or a sequence of Python (or NumPy) integers. Any
//! other dtype (floats, which would truncate 2.9 to 2; strings; complex
//! numbers; booleans) is refused with a `TypeError`, and an integer too
//! large for 64 bits is kept as given, for the error that names it. The
//! one action of `State.apply_action` and of the AEC env's `step` is read
//! by the same rule ([`action_index`]).

use numpy::{PyArrayDescrMethods, PyReadonlyArray1, PyUntypedArray, PyUntypedArrayMethods};
use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyBool, PyBytes, PyString};

use crate::errors::illegal;

/// The most characters of a refused element's `repr` an error quotes.
const SHOWN: usize = 40;

/// A step's actions, each an `i64`.
pub enum Actions<'py> {
    /// An `int64` array, read in place.
    Array(PyReadonlyArray1<'py, i64>),
    /// Copied from another integer type or a sequence.
    Owned(Vec<i64>),
}

/// The actions read, and the first game whose action does not fit an
/// `i64` (its value as given; it stands as -1, never legal, in the
/// actions).
pub struct Read<'py> {
    /// Each game's action.
    pub actions: Actions<'py>,
    /// The first game given an integer beyond `i64`, and that integer.
    pub wide: Option<(usize, String)>,
}

/// `given` as one integer action per game, or a `TypeError` (not
/// integers) or `ValueError` (not one-dimensional).
pub fn read_actions<'py>(given: &Bound<'py, PyAny>) -> PyResult<Read<'py>> {
    if let Ok(array) = given.cast::<PyUntypedArray>() {
        if array.ndim() != 1 {
            return Err(PyValueError::new_err(format!(
                "actions must be one-dimensional (one per game), not of shape {:?}",
                array.shape()
            )));
        }
        let dtype = array.dtype();
        let (kind, size) = (dtype.kind(), dtype.itemsize());
        return match kind {
            b'i' | b'u' if kind == b'i' || size < 8 => {
                let actions = match given.extract::<PyReadonlyArray1<'py, i64>>() {
                    Ok(a) => a,
                    // Every other integer dtype fits in int64.
                    Err(_) => given.call_method1("astype", ("int64",))?.extract()?,
                };
                Ok(Read {
                    actions: Actions::Array(actions),
                    wide: None,
                })
            }
            b'u' => {
                let unsigned: PyReadonlyArray1<'py, u64> = given.extract()?;
                let mut wide = None;
                let actions = unsigned
                    .as_array()
                    .iter()
                    .enumerate()
                    .map(|(i, &v)| {
                        i64::try_from(v).unwrap_or_else(|_| {
                            wide.get_or_insert((i, v.to_string()));
                            -1
                        })
                    })
                    .collect();
                Ok(Read {
                    actions: Actions::Owned(actions),
                    wide,
                })
            }
            b'O' => elements(given),
            _ => Err(PyTypeError::new_err(format!(
                "actions must be integers, not an array of {}",
                dtype.getattr("name")?
            ))),
        };
    }
    if given.is_instance_of::<PyString>() || given.is_instance_of::<PyBytes>() {
        return Err(PyTypeError::new_err(format!(
            "actions must be integers (one per game), not a {}",
            given.get_type().name()?
        )));
    }
    elements(given)
}

/// A sequence's elements, each an integer (`__index__`, never a bool).
fn elements<'py>(given: &Bound<'py, PyAny>) -> PyResult<Read<'py>> {
    let mut actions = Vec::new();
    let mut wide = None;
    for (i, element) in given.try_iter()?.enumerate() {
        let element = element?;
        let Some(integer) = integer(&element)? else {
            return Err(PyTypeError::new_err(format!(
                "actions must be integers: game {i}'s is {}",
                shown(&element)
            )));
        };
        actions.push(integer.unwrap_or_else(|TooWide(given)| {
            wide.get_or_insert((i, given));
            -1
        }));
    }
    Ok(Read {
        actions: Actions::Owned(actions),
        wide,
    })
}

/// One action (`State.apply_action`, the AEC env's `step`) as an index of
/// an action space of `space` actions: a `TypeError` for anything but an
/// integer (a bool, a float, a string), an `IllegalActionError` naming an
/// integer outside the space as given (2**63 too, never wrapped).
pub fn action_index(given: &Bound<'_, PyAny>, space: usize) -> PyResult<u32> {
    let Some(integer) = integer(given)? else {
        return Err(PyTypeError::new_err(format!(
            "an action must be an integer, not {}",
            shown(given)
        )));
    };
    integer
        .and_then(|v| u32::try_from(v).map_err(|_| TooWide(v.to_string())))
        .map_err(|TooWide(given)| {
            illegal(format!(
                "action {given} is not in the action space (0 to {})",
                space - 1
            ))
        })
}

/// `element` as an integer (`__index__`, never a bool): `None` when it is
/// none, else its value, or its text as given when it does not fit an
/// `i64`.
fn integer(element: &Bound<'_, PyAny>) -> PyResult<Option<Result<i64, TooWide>>> {
    if element.is_instance_of::<PyBool>() {
        return Ok(None);
    }
    let Ok(integer) = element.call_method0("__index__") else {
        return Ok(None);
    };
    Ok(Some(match integer.extract::<i64>() {
        Ok(v) => Ok(v),
        Err(_) => Err(TooWide(integer.str()?.to_string())),
    }))
}

/// An integer given that does not fit (an `i64`, or an action index), as
/// its text: refused as outside the action space, named as given.
#[derive(Debug)]
struct TooWide(String);

/// An element's `repr`, on one line and cut to [`SHOWN`] characters.
fn shown(element: &Bound<'_, PyAny>) -> String {
    let text = element
        .repr()
        .map_or_else(|_| "?".to_string(), |r| r.to_string());
    let mut cut: String = text.chars().take(SHOWN).collect();
    if cut.len() < text.len() {
        cut.push_str("...");
    }
    beachcomber::spec::one_line(&cut)
}
