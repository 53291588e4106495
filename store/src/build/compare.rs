//! A sweep's comparison from its text: baseline, margins, trends and seats
//! (`beachcomber sweep --baseline/--margin/--trend/--seats`,
//! `beachcomber.sweep`'s keywords).

use beachcomber::compare::{CompareSpec, Seats, parse_pairs};

use super::{BuildError, Key, Names, Why};
use crate::lineups::canonical_lineup;

/// A comparison's settings as given.
#[derive(Clone, Copy, Debug)]
pub struct CompareText<'a> {
    /// The combination compared with (`KEY=VALUE,...`).
    pub baseline: Option<&'a str>,
    /// Margins, each `METRIC=VALUE[:TEST]`.
    pub margins: &'a [String],
    /// Trend lines, one `X[:FIT[:KEYS]]` each.
    pub trends: &'a [String],
    /// The seats compared.
    pub seats: Option<&'a str>,
}

/// The comparison `text` describes: none without a baseline (a margin,
/// trend or seats without one is refused).
pub fn compare(text: &CompareText<'_>, names: Names) -> Result<Option<CompareSpec>, BuildError> {
    let refused = |key, why| BuildError::new(names, key, why);
    let Some(baseline) = text.baseline else {
        for (given, key) in [
            (!text.margins.is_empty(), Key::Margin),
            (!text.trends.is_empty(), Key::Trend),
            (text.seats.is_some(), Key::Seats),
        ] {
            if given {
                return Err(refused(key, Why::NeedsBaseline));
            }
        }
        return Ok(None);
    };
    let mut spec = CompareSpec {
        baseline: parse_pairs(baseline).map_err(|e| refused(Key::Baseline, Why::Compare(e)))?,
        seats: text
            .seats
            .map(Seats::parse)
            .transpose()
            .map_err(|e| refused(Key::Seats, Why::Compare(e)))?,
        ..CompareSpec::default()
    };
    for t in text.trends {
        trend(&mut spec, t, names)?;
    }
    canonical_lineup(&mut spec);
    for m in text.margins {
        margin(&mut spec, m, names)?;
    }
    Ok(Some(spec))
}

/// One trend item `t` (`X[:FIT[:KEYS]]`) added to `spec`.
pub fn trend(spec: &mut CompareSpec, t: &str, names: Names) -> Result<(), BuildError> {
    if t.contains(';') {
        return Err(BuildError::new(
            names,
            Key::Trend,
            Why::SeveralTrends(t.to_string()),
        ));
    }
    spec.add_trends(t)
        .map_err(|e| BuildError::new(names, Key::Trend, Why::Compare(e)))
}

/// One margin item `m` (`METRIC=VALUE[:TEST]`) added to `spec`.
pub fn margin(spec: &mut CompareSpec, m: &str, names: Names) -> Result<(), BuildError> {
    let refused = |why| BuildError::new(names, Key::Margin, why);
    let (k, v) = m
        .split_once('=')
        .ok_or_else(|| refused(Why::MarginSyntax(m.to_string())))?;
    spec.add_margin(k, v).map_err(|e| refused(Why::Compare(e)))
}
