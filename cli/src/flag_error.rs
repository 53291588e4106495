//! An option's value refused: `--FLAG: why`, with the typed error of the
//! library or crate that refused it.

use std::error::Error;

/// An option's value refused (`--bots: ...`), the refusal's own error
/// kept as its source.
#[derive(Debug, thiserror::Error)]
#[error("{flag}: {error}")]
pub struct FlagError {
    /// The option (`--bots`).
    pub flag: &'static str,
    /// Why its value was refused.
    pub error: Box<dyn Error + Send + Sync>,
}

impl FlagError {
    /// `error`, refusing the value of `flag`.
    pub fn new(flag: &'static str, error: impl Error + Send + Sync + 'static) -> FlagError {
        FlagError {
            flag,
            error: Box::new(error),
        }
    }

    /// For `map_err`: the error refusing the value of `flag`.
    pub fn of<E: Error + Send + Sync + 'static>(flag: &'static str) -> impl FnOnce(E) -> FlagError {
        move |error| FlagError::new(flag, error)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_flag_is_put_before_the_refusal() {
        let e = FlagError::new("--engine-log", std::io::Error::other("disk full"));
        assert_eq!(e.to_string(), "--engine-log: disk full");
        assert_eq!(e.error.to_string(), "disk full");
    }
}
