//! The comparison of `sweep --baseline/--margin/--trend`, from the flags
//! (the files it writes are the store's [`beachcomber_store::compare_files`]).

use beachcomber::compare::{CompareError, CompareSpec};
use beachcomber::spec::one_line;
use beachcomber_store::lineups::canonical_lineup;

/// Why `--baseline`, `--margin` and `--trend` are refused.
#[derive(Debug, thiserror::Error)]
pub enum CompareFlagError {
    /// `--margin` without `--baseline`.
    #[error("--margin needs --baseline (the combination to compare with)")]
    MarginWithoutBaseline,
    /// `--trend` without `--baseline`.
    #[error("--trend needs --baseline (trends.csv is written with compare.csv)")]
    TrendWithoutBaseline,
    /// `--seats` without `--baseline`.
    #[error("--seats needs --baseline (the seats compared with it)")]
    SeatsWithoutBaseline,
    /// Several trends in one `--trend`.
    #[error("--trend: `{}`: give one trend per --trend", one_line(.0))]
    SeveralTrends(String),
    /// A `--margin` that is not `METRIC=VALUE`.
    #[error("--margin: `{}`: write METRIC=VALUE", one_line(.0))]
    MarginSyntax(String),
    /// The library refused a value (`--baseline: ...`).
    #[error("{flag}: {error}")]
    Value {
        /// The option.
        flag: &'static str,
        /// Why.
        error: CompareError,
    },
}

/// For `map_err`: the library's refusal of the value of `flag`.
fn refused(flag: &'static str) -> impl FnOnce(CompareError) -> CompareFlagError {
    move |error| CompareFlagError::Value { flag, error }
}

/// The comparison `--baseline`, `--margin`, `--trend` and `--seats`
/// describe (none without `--baseline`; the others alone are refused).
pub fn from_flags(
    baseline: Option<&str>,
    margins: &[String],
    trends: &[String],
    seats: Option<&str>,
) -> Result<Option<CompareSpec>, CompareFlagError> {
    let Some(text) = baseline else {
        if !margins.is_empty() {
            return Err(CompareFlagError::MarginWithoutBaseline);
        }
        if !trends.is_empty() {
            return Err(CompareFlagError::TrendWithoutBaseline);
        }
        if seats.is_some() {
            return Err(CompareFlagError::SeatsWithoutBaseline);
        }
        return Ok(None);
    };
    let mut spec = CompareSpec {
        baseline: beachcomber::compare::parse_pairs(text).map_err(refused("--baseline"))?,
        seats: seats
            .map(beachcomber::compare::Seats::parse)
            .transpose()
            .map_err(refused("--seats"))?,
        ..CompareSpec::default()
    };
    for t in trends {
        if t.contains(';') {
            return Err(CompareFlagError::SeveralTrends(t.clone()));
        }
        spec.add_trends(t).map_err(refused("--trend"))?;
    }
    canonical_lineup(&mut spec);
    for m in margins {
        let (k, v) = m
            .split_once('=')
            .ok_or_else(|| CompareFlagError::MarginSyntax(m.clone()))?;
        spec.add_margin(k, v).map_err(refused("--margin"))?;
    }
    Ok(Some(spec))
}
