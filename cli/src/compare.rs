//! The comparison of `sweep --baseline/--margin/--trend`, from the flags
//! (the files it writes are the store's [`beachcomber_store::compare_files`]).

use beachcomber::compare::CompareSpec;
use beachcomber::spec::one_line;
use beachcomber_store::lineups::canonical_lineup;

/// The comparison `--baseline`, `--margin` and `--trend` describe (none
/// without `--baseline`; `--margin` or `--trend` alone is refused).
pub fn from_flags(
    baseline: Option<&str>,
    margins: &[String],
    trends: &[String],
) -> Result<Option<CompareSpec>, String> {
    let Some(text) = baseline else {
        if !margins.is_empty() {
            return Err("--margin needs --baseline (the combination to compare with)".to_string());
        }
        if !trends.is_empty() {
            return Err(
                "--trend needs --baseline (trends.csv is written with compare.csv)".to_string(),
            );
        }
        return Ok(None);
    };
    let mut spec = CompareSpec {
        baseline: beachcomber::compare::parse_pairs(text)
            .map_err(|e| format!("--baseline: {e}"))?,
        ..CompareSpec::default()
    };
    for t in trends {
        if t.contains(';') {
            return Err(format!(
                "--trend: `{}`: give one trend per --trend",
                one_line(t)
            ));
        }
        spec.add_trends(t).map_err(|e| format!("--trend: {e}"))?;
    }
    canonical_lineup(&mut spec);
    for m in margins {
        let (k, v) = m
            .split_once('=')
            .ok_or_else(|| format!("--margin: `{}`: write METRIC=VALUE", one_line(m)))?;
        spec.add_margin(k, v)
            .map_err(|e| format!("--margin: {e}"))?;
    }
    Ok(Some(spec))
}
