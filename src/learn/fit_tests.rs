use super::{CHUNK_ROWS, FitError, FitSettings, Rows, constant_log_loss, fit, log_loss, sigmoid};
use crate::rng::{below, rng_from_seed};

/// `n` rows of three features on different scales and offsets (and a
/// constant fourth), with the soft targets of a known logistic: its
/// weights are the exact minimizer of the unpenalized loss.
fn known_logistic(n: usize, weights: [f64; 3], bias: f64) -> (Vec<f32>, Vec<f32>) {
    let mut rng = rng_from_seed(11);
    let mut features = Vec::with_capacity(n * 4);
    let mut targets = Vec::with_capacity(n);
    for _ in 0..n {
        let x = [
            below(&mut rng, 1000) as f32 / 1000.0,
            below(&mut rng, 21) as f32 - 10.0,
            100.0 + below(&mut rng, 50) as f32,
        ];
        let z = bias
            + x.iter()
                .zip(weights)
                .map(|(v, w)| f64::from(*v) * w)
                .sum::<f64>();
        features.extend_from_slice(&x);
        features.push(7.0);
        targets.push(sigmoid(z) as f32);
    }
    (features, targets)
}

/// The rows of [`known_logistic`]'s four features.
fn four<'a>(features: &'a [f32], targets: &'a [f32]) -> Rows<'a> {
    Rows {
        inputs: 4,
        features,
        targets,
    }
}

#[test]
fn a_known_logistic_is_recovered() {
    let (truth, bias) = ([1.5, -0.2, 0.03], -3.0);
    let (features, targets) = known_logistic(3000, truth, bias);
    let rows = four(&features, &targets);
    let fitted = fit(
        rows,
        &FitSettings {
            steps: 3000,
            ridge: 0.0,
        },
    )
    .unwrap();
    for (w, t) in fitted.weights.iter().zip(truth) {
        assert!((f64::from(*w) - t).abs() < 2e-3, "{:?}", fitted);
    }
    // The constant column gets no weight.
    assert_eq!(fitted.weights[3], 0.0);
    assert!((f64::from(fitted.bias) - bias).abs() < 0.1, "{fitted:?}");
    // The fit is at least as good as the truth itself (up to the targets'
    // rounding to f32), and far better than the constant model.
    let truth32: Vec<f32> = truth.iter().map(|w| *w as f32).chain([0.0]).collect();
    let best = log_loss(&truth32, bias as f32, rows);
    let loss = log_loss(&fitted.weights, fitted.bias, rows);
    assert!(loss < best + 1e-5, "{loss} vs {best}");
    assert!(loss < constant_log_loss(rows.mean_target(), rows) - 0.05);
}

#[test]
fn a_ridge_shrinks_the_weights() {
    let (features, targets) = known_logistic(2000, [1.5, -0.2, 0.03], -3.0);
    let rows = four(&features, &targets);
    let norm = |ridge| {
        let f = fit(rows, &FitSettings { steps: 500, ridge }).unwrap();
        f.weights.iter().map(|w| f64::from(*w).abs()).sum::<f64>()
    };
    assert!(norm(1.0) < norm(0.0) * 0.5);
}

#[test]
fn a_constant_target_gives_the_constant_model() {
    let (features, _) = known_logistic(500, [1.0, 1.0, 1.0], 0.0);
    let targets = vec![0.25f32; 500];
    let rows = four(&features, &targets);
    let fitted = fit(
        rows,
        &FitSettings {
            steps: 200,
            ridge: 0.0,
        },
    )
    .unwrap();
    let logit = (0.25f64 / 0.75).ln();
    assert!((f64::from(fitted.bias) - logit).abs() < 1e-5, "{fitted:?}");
    for w in &fitted.weights {
        assert!(w.abs() < 1e-6, "{fitted:?}");
    }
    let loss = log_loss(&fitted.weights, fitted.bias, rows);
    assert!((loss - constant_log_loss(0.25, rows)).abs() < 1e-6);
    // Cross-entropy of 0.25 against itself: the entropy.
    let entropy = -(0.25f64 * 0.25f64.ln() + 0.75 * 0.75f64.ln());
    assert!((constant_log_loss(0.25, rows) - entropy).abs() < 1e-12);
}

#[test]
fn the_fit_is_bit_identical_at_one_and_two_threads() {
    // Several chunks, the last one partial.
    let n = CHUNK_ROWS * 5 + 17;
    let (features, mut targets) = known_logistic(n, [0.8, 0.1, -0.01], 1.0);
    // Hard 0/1 targets here, as game results mostly are.
    for (i, y) in targets.iter_mut().enumerate() {
        *y = if (i * 7919) % 1000 < (*y * 1000.0) as usize {
            1.0
        } else {
            0.0
        };
    }
    let rows = four(&features, &targets);
    let settings = FitSettings {
        steps: 50,
        ridge: 1e-3,
    };
    let at = |threads| {
        let pool = rayon::ThreadPoolBuilder::new()
            .num_threads(threads)
            .build()
            .unwrap();
        pool.install(|| {
            let f = fit(rows, &settings).unwrap();
            let loss = log_loss(&f.weights, f.bias, rows);
            (f, loss.to_bits())
        })
    };
    let one = at(1);
    let bits = |f: &super::Fitted| -> Vec<u32> {
        f.weights
            .iter()
            .chain([&f.bias])
            .map(|w| w.to_bits())
            .collect()
    };
    for threads in [2, 3] {
        let other = at(threads);
        assert_eq!(bits(&one.0), bits(&other.0));
        assert_eq!(one.1, other.1);
    }
}

#[test]
fn malformed_rows_are_refused() {
    let settings = FitSettings {
        steps: 1,
        ridge: 0.0,
    };
    let empty = Rows {
        inputs: 2,
        features: &[],
        targets: &[],
    };
    assert_eq!(fit(empty, &settings), Err(FitError::NoRows));
    let short = Rows {
        inputs: 2,
        features: &[1.0, 2.0, 3.0],
        targets: &[0.0, 1.0],
    };
    assert!(
        fit(short, &settings)
            .unwrap_err()
            .to_string()
            .contains("3 values for 2 rows")
    );
    let beyond = Rows {
        inputs: 1,
        features: &[1.0],
        targets: &[1.5],
    };
    assert!(
        fit(beyond, &settings)
            .unwrap_err()
            .to_string()
            .contains("outside [0, 1]")
    );
    let nan = Rows {
        inputs: 1,
        features: &[f32::NAN],
        targets: &[1.0],
    };
    assert!(
        fit(nan, &settings)
            .unwrap_err()
            .to_string()
            .contains("not a finite")
    );
}
