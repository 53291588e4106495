//! The API's errors: every refused request gets a status (4xx for the
//! client's mistakes) and a JSON body `{"error": "one line"}`, never a
//! panic.

use std::fmt;

use axum::Json;
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use serde_json::json;

/// A refused or failed request.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ApiError {
    /// The request is malformed (bad JSON, a bad spec, an illegal move).
    BadRequest(String),
    /// Nothing of that name or number.
    NotFound(String),
    /// Refused whatever the request's form: a view of a game still in
    /// play other than the person's, a foreign `Host` or `Origin`.
    Forbidden(String),
    /// A record that fails verification: the same one-line error as
    /// `beachcomber replay`.
    BadRecord(String),
    /// Refused by the game's state, whatever the request's form: an undo
    /// the undo rule refuses (the game is over, nothing to undo, or it
    /// would take back a move that showed the person something hidden).
    Conflict(String),
    /// Too many games in play ([`crate::limits::MAX_GAMES`]) or bots thinking.
    Busy(String),
    /// The request body is larger than [`crate::limits::MAX_BODY`].
    TooLarge,
    /// The server failed (a file could not be read or written).
    Internal(String),
    /// The request was not answered within the request timeout
    /// ([`crate::Limits::request_timeout`]); work already started (a bot's
    /// move) still finishes and is saved.
    TimedOut(std::time::Duration),
    /// The request's body did not arrive in full within the body read
    /// timeout ([`crate::Limits::body_read_timeout`]).
    BodyTimeout(std::time::Duration),
}

impl ApiError {
    /// The HTTP status of the error.
    pub fn status(&self) -> StatusCode {
        match self {
            ApiError::BadRequest(_) => StatusCode::BAD_REQUEST,
            ApiError::NotFound(_) => StatusCode::NOT_FOUND,
            ApiError::Forbidden(_) => StatusCode::FORBIDDEN,
            ApiError::BadRecord(_) => StatusCode::UNPROCESSABLE_ENTITY,
            ApiError::Conflict(_) => StatusCode::CONFLICT,
            ApiError::Busy(_) => StatusCode::TOO_MANY_REQUESTS,
            ApiError::TooLarge => StatusCode::PAYLOAD_TOO_LARGE,
            ApiError::Internal(_) => StatusCode::INTERNAL_SERVER_ERROR,
            ApiError::TimedOut(_) => StatusCode::SERVICE_UNAVAILABLE,
            ApiError::BodyTimeout(_) => StatusCode::REQUEST_TIMEOUT,
        }
    }
}

impl fmt::Display for ApiError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ApiError::BadRequest(e)
            | ApiError::NotFound(e)
            | ApiError::Forbidden(e)
            | ApiError::BadRecord(e)
            | ApiError::Conflict(e)
            | ApiError::Busy(e)
            | ApiError::Internal(e) => f.write_str(e),
            ApiError::TooLarge => write!(
                f,
                "request body too large (at most {} bytes)",
                crate::limits::MAX_BODY
            ),
            ApiError::TimedOut(after) => write!(
                f,
                "no answer within the request timeout ({} s); a move already started is still \
                 made and saved: reload the game",
                after.as_secs_f64()
            ),
            ApiError::BodyTimeout(after) => write!(
                f,
                "the request body did not arrive within the body read timeout ({} s)",
                after.as_secs_f64()
            ),
        }
    }
}

impl std::error::Error for ApiError {}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        (self.status(), Json(json!({ "error": self.to_string() }))).into_response()
    }
}
