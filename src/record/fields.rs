//! The required fields of a record's event and setup objects, read by
//! the games' decoders: [`get_u64`], [`get_bool`] and their error,
//! [`FieldError`].

use std::fmt;

use serde_json::Value;

/// A required field of an event or setup object that is missing or of
/// another type ([`get_u64`], [`get_bool`]), named.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum FieldError {
    /// No unsigned integer at the key.
    NotAnInteger(String),
    /// No boolean at the key.
    NotABoolean(String),
}

impl fmt::Display for FieldError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            FieldError::NotAnInteger(field) => write!(f, "missing or non-integer `{field}`"),
            FieldError::NotABoolean(field) => write!(f, "missing or non-boolean `{field}`"),
        }
    }
}

impl std::error::Error for FieldError {}

/// The message, for the decoders that speak text
/// ([`DecodeEvents`](super::DecodeEvents)).
impl From<FieldError> for String {
    fn from(e: FieldError) -> String {
        e.to_string()
    }
}

/// Read `seat`-free helpers: a required unsigned integer field of an object.
pub fn get_u64(v: &Value, field: &str) -> Result<u64, FieldError> {
    v.get(field)
        .and_then(Value::as_u64)
        .ok_or_else(|| FieldError::NotAnInteger(field.to_string()))
}

/// A required boolean field of an object.
pub fn get_bool(v: &Value, field: &str) -> Result<bool, FieldError> {
    v.get(field)
        .and_then(Value::as_bool)
        .ok_or_else(|| FieldError::NotABoolean(field.to_string()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_missing_field_is_named_with_the_type_wanted() {
        let event = serde_json::json!({"take": true, "bottle": 3});
        assert_eq!(
            get_u64(&event, "take"),
            Err(FieldError::NotAnInteger("take".into()))
        );
        assert_eq!(
            get_bool(&event, "bottle").unwrap_err().to_string(),
            "missing or non-boolean `bottle`"
        );
        assert_eq!(
            String::from(get_u64(&event, "step").unwrap_err()),
            "missing or non-integer `step`"
        );
        assert_eq!(get_u64(&serde_json::json!({"take": 7}), "take"), Ok(7));
    }
}
