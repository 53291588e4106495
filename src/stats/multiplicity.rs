//! Corrections for multiplicity: Holm's step-down over a family of tests
//! (valid under any dependence between them, such as the settings of a
//! sweep that share deals), as adjusted p-values and as passes at a level.

/// Holm's step-down correction of `p` (each family member's p-value): the
/// `i`-th smallest (from 1) becomes `max over j <= i of min(1, (m - j + 1)
/// p_(j))`, in the order given back. Ties keep their order.
pub fn holm(p: &[f64]) -> Vec<f64> {
    let m = p.len();
    let mut order: Vec<usize> = (0..m).collect();
    order.sort_by(|&i, &j| p[i].total_cmp(&p[j]).then(i.cmp(&j)));
    let mut out = vec![0.0; m];
    let mut running = 0.0f64;
    for (rank, &i) in order.iter().enumerate() {
        let adjusted = ((m - rank) as f64 * p[i]).min(1.0);
        running = running.max(adjusted);
        out[i] = running;
    }
    out
}

/// Which of a family's tests (their one-sided p-values `p`) pass at level
/// `alpha` after Holm's correction: those whose adjusted p-value
/// ([`holm`]) is at most `alpha`.
pub fn holm_passes(p: &[f64], alpha: f64) -> Vec<bool> {
    holm(p).into_iter().map(|q| q <= alpha).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    const EPS: f64 = 1e-12;

    #[test]
    fn holm_by_hand() {
        // Sorted: 0.01 (x3 = 0.03), 0.02 (x2 = 0.04), 0.04 (x1 = 0.04).
        // A family of 4: 0.005 x4 = 0.02, 0.03 x3 = 0.09, 0.04 x2 = 0.08
        // -> 0.09 (never below an earlier one), 0.5 x1 = 0.5.
        let h = holm(&[0.04, 0.01, 0.02]);
        let want = [0.04, 0.03, 0.04];
        for (x, y) in h.iter().zip(want) {
            assert!((x - y).abs() < EPS, "{h:?}");
        }
        let h = holm(&[0.5, 0.03, 0.005, 0.04]);
        let want = [0.5, 0.09, 0.02, 0.09];
        for (x, y) in h.iter().zip(want) {
            assert!((x - y).abs() < EPS, "{h:?}");
        }
        assert_eq!(holm(&[0.9, 0.6]), vec![1.0, 1.0]);
        assert!(holm(&[]).is_empty());
    }

    #[test]
    fn holm_passes_step_down_and_stop_at_the_first_failure() {
        // 5 tests at 0.05: 0.005 <= 0.05/5 passes; 0.013 > 0.05/4 stops,
        // so 0.014 and 0.03 fail too although each is below 0.05.
        let p = [0.03, 0.005, 0.013, 0.014, 0.5];
        assert_eq!(holm_passes(&p, 0.05), [false, true, false, false, false]);
        // 0.01 <= 0.05/4 and 0.012 <= 0.05/3 pass; 0.03 > 0.05/2 stops.
        let p = [0.03, 0.01, 0.012, 0.5];
        assert_eq!(holm_passes(&p, 0.05), [false, true, true, false]);
    }
}
