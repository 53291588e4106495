//! Matching each combination of a sweep with its baseline combination.

use std::collections::HashMap;

use super::CompareError;
use super::spec::pairs_text;
use crate::tournament::Plan;

/// Each part's baseline part: the one part whose values match the
/// baseline's and, on every value column the baseline leaves out (often
/// `lineup`; `players` to compare each player count with its own), the
/// part's own values. Refuses unknown keys, and baselines matching no part
/// or several.
pub fn baseline_parts(
    plan: &Plan,
    baseline: &[(String, String)],
) -> Result<Vec<usize>, CompareError> {
    let columns = plan.value_columns();
    let text = pairs_text(baseline);
    if let Some(key) =
        crate::suggest::first_unknown(baseline.iter().map(|(k, _)| k.as_str()), &columns)
    {
        return Err(CompareError::UnknownKey {
            key: key.to_string(),
            allowed: columns.iter().map(|c| c.to_string()).collect(),
        });
    }
    let value = |p: usize, key: &str| {
        plan.parts[p]
            .values
            .iter()
            .find(|(k, _)| k == key)
            .map(|(_, v)| v.as_str())
    };
    let matches = |p: usize| {
        baseline.iter().all(|(k, v)| {
            value(p, k).is_some_and(|have| {
                have == v || (have.parse::<f64>().ok()).is_some_and(|a| v.parse::<f64>() == Ok(a))
            })
        })
    };
    // The value columns the baseline leaves out: held at each part's own.
    let held: Vec<&str> = columns
        .iter()
        .copied()
        .filter(|c| !baseline.iter().any(|(k, _)| k == c))
        .collect();
    let held_values =
        |p: usize| -> Vec<Option<&str>> { held.iter().map(|c| value(p, c)).collect() };
    let mut by_held: HashMap<Vec<Option<&str>>, usize> = HashMap::new();
    let mut out = Vec::with_capacity(plan.parts.len());
    for p in 0..plan.parts.len() {
        let own = held_values(p);
        if let Some(&b) = by_held.get(&own) {
            out.push(b);
            continue;
        }
        let found: Vec<usize> = (0..plan.parts.len())
            .filter(|&q| matches(q) && held_values(q) == own)
            .collect();
        match found.len() {
            1 => {
                by_held.insert(own, found[0]);
                out.push(found[0]);
            }
            0 => {
                let with: Vec<String> = held
                    .iter()
                    .zip(&own)
                    .map(|(c, v)| format!("{c}={}", v.unwrap_or("")))
                    .collect();
                return Err(CompareError::NoMatch {
                    baseline: text,
                    held: (!with.is_empty()).then(|| with.join(",")),
                });
            }
            count => {
                return Err(CompareError::Several {
                    baseline: text,
                    count,
                });
            }
        }
    }
    Ok(out)
}
