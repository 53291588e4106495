//! The comparison of `sweep --baseline/--margin/--trend/--seats`, from the
//! flags: the store's builder ([`beachcomber_store::build::compare`]; the
//! files it writes are the store's [`beachcomber_store::compare_files`]).

use beachcomber::compare::CompareSpec;
use beachcomber_store::build::compare::{CompareText, compare};
use beachcomber_store::build::{BuildError, Names};

/// The comparison `--baseline`, `--margin`, `--trend` and `--seats`
/// describe (none without `--baseline`; the others alone are refused).
pub fn from_flags(
    baseline: Option<&str>,
    margins: &[String],
    trends: &[String],
    seats: Option<&str>,
) -> Result<Option<CompareSpec>, BuildError> {
    let text = CompareText {
        baseline,
        margins,
        trends,
        seats,
    };
    compare(&text, Names::Flags)
}
