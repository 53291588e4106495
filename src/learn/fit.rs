//! The fit of a logistic evaluation: soft targets in `[0, 1]` (a seat's
//! result share), cross-entropy loss, an L2 ridge, full-batch Nesterov
//! accelerated gradient (FISTA's momentum with adaptive restart,
//! O'Donoghue & Candès 2015) for a fixed number of steps.
//!
//! Features are standardized internally (each column's mean and standard
//! deviation over the training rows; a constant column gets weight 0) and
//! the ridge applies to the standardized weights; the result is folded
//! back into weights of the raw features, so [`crate::learn::model::Model::value`]
//! applies to the features as [`crate::learn::features::FeatureSet::write`]
//! writes them.
//!
//! Determinism: every sum over rows is taken over fixed chunks of
//! [`CHUNK_ROWS`] rows (each chunk summed sequentially in row order, in
//! `f64`), and the chunks' partial sums are added in chunk order, so the
//! result is bit-identical whatever the number of threads (rayon only
//! decides which thread computes a chunk). No fused multiply-add
//! (`mul_add`) is used and Rust never contracts `a * b + c` into one, and
//! the sums are plain loops (floating-point sums are not reordered into
//! SIMD lanes), so nothing depends on the processor's vector width. `exp`
//! and `ln_1p` come from the `libm` crate (pure Rust) rather than the
//! platform's C library, whose versions are chosen at run time by CPU
//! (glibc picks FMA code on processors that have it) and may differ in
//! the last bit.

use std::fmt;

use rayon::prelude::*;

/// Rows per chunk of every reduction (fixed: the result depends on it,
/// never on the thread count).
pub const CHUNK_ROWS: usize = 1024;

/// Power-iteration steps that estimate the largest curvature (the step
/// size is its inverse).
const POWER_STEPS: usize = 30;

/// The margin on the estimated curvature (power iteration approaches the
/// largest eigenvalue from below).
const CURVATURE_MARGIN: f64 = 1.25;

/// A column whose standard deviation is below this is constant: its
/// weight stays 0.
const CONSTANT_SD: f64 = 1e-9;

/// Training rows: `features` holds `targets.len()` rows of `inputs`
/// values each, row after row.
#[derive(Clone, Copy, Debug)]
pub struct Rows<'a> {
    /// Values per row.
    pub inputs: usize,
    /// The rows, contiguous.
    pub features: &'a [f32],
    /// One target in `[0, 1]` per row.
    pub targets: &'a [f32],
}

impl Rows<'_> {
    /// The number of rows.
    pub fn len(&self) -> usize {
        self.targets.len()
    }

    /// Whether there is no row.
    pub fn is_empty(&self) -> bool {
        self.targets.is_empty()
    }

    /// The mean target (`NaN` without rows).
    pub fn mean_target(&self) -> f64 {
        let sums = chunk_sums(*self, |_, y| [f64::from(y)]);
        sums[0] / self.len() as f64
    }
}

/// How to fit.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct FitSettings {
    /// Gradient steps (one pass over the rows each).
    pub steps: u32,
    /// The L2 penalty on the standardized weights: the loss minimized is
    /// the mean cross-entropy plus `ridge / 2 * sum(w^2)`.
    pub ridge: f64,
}

/// Why there is nothing to fit.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum FitError {
    /// No training rows.
    NoRows,
    /// The rows' length is not a multiple of the inputs, or a value is
    /// not finite, or a target is outside `[0, 1]`.
    BadRows(String),
}

impl fmt::Display for FitError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            FitError::NoRows => f.write_str("no training positions to fit"),
            FitError::BadRows(why) => write!(f, "the training positions are malformed: {why}"),
        }
    }
}

impl std::error::Error for FitError {}

/// A fitted logistic: weights of the raw features and a bias.
#[derive(Clone, Debug, PartialEq)]
pub struct Fitted {
    /// One weight per input.
    pub weights: Vec<f32>,
    /// The bias.
    pub bias: f32,
}

/// The logistic, `1 / (1 + exp(-z))`, with `libm`'s `exp`.
#[inline]
pub fn sigmoid(z: f64) -> f64 {
    1.0 / (1.0 + libm::exp(-z))
}

/// `ln(1 + exp(z))` without overflow.
#[inline]
fn softplus(z: f64) -> f64 {
    z.max(0.0) + libm::log1p(libm::exp(-z.abs()))
}

/// The cross-entropy of a prediction `sigmoid(z)` for a soft target `y`:
/// `-(y ln p + (1 - y) ln(1 - p)) = softplus(z) - y z`.
#[inline]
fn cross_entropy(z: f64, y: f64) -> f64 {
    softplus(z) - y * z
}

/// `bias + sum(weights[i] * x[i])` in `f64`, in index order (as
/// [`crate::learn::model::Model::value`] sums), skipping the zero
/// features: adding `w * 0` changes no sum (an encoding is mostly zeros,
/// and the cost is then that of the others).
#[inline]
fn linear(weights: &[f64], bias: f64, x: &[f32]) -> f64 {
    let mut z = bias;
    for (w, v) in weights.iter().zip(x) {
        if *v != 0.0 {
            z += *w * f64::from(*v);
        }
    }
    z
}

/// Sums over the rows of `K` values each row gives (`row(x, y)`), chunk
/// by chunk ([`CHUNK_ROWS`]), the chunks' sums added in chunk order.
fn chunk_sums<const K: usize>(
    rows: Rows<'_>,
    row: impl Fn(&[f32], f32) -> [f64; K] + Sync,
) -> [f64; K] {
    let d = rows.inputs.max(1);
    let partial: Vec<[f64; K]> = rows
        .features
        .par_chunks(CHUNK_ROWS * d)
        .zip(rows.targets.par_chunks(CHUNK_ROWS))
        .map(|(xs, ys)| {
            let mut sum = [0.0; K];
            for (x, y) in xs.chunks_exact(d).zip(ys) {
                let values = row(x, *y);
                for k in 0..K {
                    sum[k] += values[k];
                }
            }
            sum
        })
        .collect();
    let mut total = [0.0; K];
    for sum in partial {
        for k in 0..K {
            total[k] += sum[k];
        }
    }
    total
}

/// Per column, the sum over the rows of `weight(x, y) * x[j]`, and the
/// sums of `weight(x, y)` and of `extra(x, y)` (its second value): the
/// one pass every gradient and power step is (chunked as
/// [`chunk_sums`]). Zero features are skipped, which changes no sum.
fn weighted_column_sums(
    rows: Rows<'_>,
    weight: impl Fn(&[f32], f32) -> (f64, f64) + Sync,
) -> (Vec<f64>, f64, f64) {
    let d = rows.inputs;
    let partial: Vec<(Vec<f64>, f64, f64)> = rows
        .features
        .par_chunks(CHUNK_ROWS * d.max(1))
        .zip(rows.targets.par_chunks(CHUNK_ROWS))
        .map(|(xs, ys)| {
            let mut columns = vec![0.0; d];
            let (mut weights, mut extras) = (0.0, 0.0);
            for (x, y) in xs.chunks_exact(d.max(1)).zip(ys) {
                let (w, extra) = weight(x, *y);
                weights += w;
                extras += extra;
                for (c, v) in columns.iter_mut().zip(x) {
                    if *v != 0.0 {
                        *c += w * f64::from(*v);
                    }
                }
            }
            (columns, weights, extras)
        })
        .collect();
    let mut columns = vec![0.0; d];
    let (mut weights, mut extras) = (0.0, 0.0);
    for (c, w, e) in partial {
        for (total, part) in columns.iter_mut().zip(c) {
            *total += part;
        }
        weights += w;
        extras += e;
    }
    (columns, weights, extras)
}

/// Check the rows' shape and values.
fn check_rows(rows: Rows<'_>) -> Result<(), FitError> {
    if rows.is_empty() {
        return Err(FitError::NoRows);
    }
    if rows.inputs == 0 || rows.features.len() != rows.len() * rows.inputs {
        return Err(FitError::BadRows(format!(
            "{} values for {} rows of {} inputs",
            rows.features.len(),
            rows.len(),
            rows.inputs
        )));
    }
    if rows.features.iter().any(|v| !v.is_finite()) {
        return Err(FitError::BadRows("a feature is not a finite number".into()));
    }
    if rows.targets.iter().any(|y| !(0.0..=1.0).contains(y)) {
        return Err(FitError::BadRows("a target is outside [0, 1]".into()));
    }
    Ok(())
}

/// The standardization of the columns: the mean and the standard
/// deviation (population) of each over the rows; 0 for a constant column.
struct Scale {
    mean: Vec<f64>,
    sd: Vec<f64>,
}

impl Scale {
    fn of(rows: Rows<'_>) -> Scale {
        let n = rows.len() as f64;
        let (sums, _, _) = weighted_column_sums(rows, |_, _| (1.0, 0.0));
        let mean: Vec<f64> = sums.iter().map(|s| s / n).collect();
        // The squared deviations from the mean, chunked as every sum.
        let d = rows.inputs;
        let partial: Vec<Vec<f64>> = rows
            .features
            .par_chunks(CHUNK_ROWS * d)
            .map(|xs| {
                let mut squares = vec![0.0; d];
                for x in xs.chunks_exact(d) {
                    for ((s, v), m) in squares.iter_mut().zip(x).zip(&mean) {
                        let dev = f64::from(*v) - *m;
                        *s += dev * dev;
                    }
                }
                squares
            })
            .collect();
        let mut squares = vec![0.0; d];
        for part in partial {
            for (total, p) in squares.iter_mut().zip(part) {
                *total += p;
            }
        }
        let sd = squares
            .iter()
            .map(|s| {
                let sd = (s / n).sqrt();
                if sd < CONSTANT_SD { 0.0 } else { sd }
            })
            .collect();
        Scale { mean, sd }
    }

    /// The raw-feature weights and bias of standardized parameters
    /// `theta` (bias first, then one weight per column).
    fn raw(&self, theta: &[f64]) -> (Vec<f64>, f64) {
        let mut bias = theta[0];
        let weights = theta[1..]
            .iter()
            .zip(self.mean.iter().zip(&self.sd))
            .map(|(w, (m, sd))| {
                if *sd == 0.0 {
                    0.0
                } else {
                    let raw = *w / *sd;
                    bias -= raw * *m;
                    raw
                }
            })
            .collect();
        (weights, bias)
    }

    /// `(1 / n) sum_i r_i a_i` for the standardized rows `a_i = (1,
    /// (x_i - mean) / sd)`, where `r_i` is `residual(z_i, y_i)` and `z_i`
    /// the standardized linear form of `theta` (bias first); also the mean
    /// of the second value `residual` gives. The one pass of a gradient
    /// or a power step.
    fn pass(
        &self,
        rows: Rows<'_>,
        theta: &[f64],
        residual: impl Fn(f64, f64) -> (f64, f64) + Sync,
    ) -> (Vec<f64>, f64) {
        let n = rows.len() as f64;
        let (weights, bias) = self.raw(theta);
        let (columns, r_sum, extra) = weighted_column_sums(rows, |x, y| {
            residual(linear(&weights, bias, x), f64::from(y))
        });
        let mut out = Vec::with_capacity(theta.len());
        out.push(r_sum / n);
        // sum_i r_i (x_ij - mean_j) = sum_i r_i x_ij - mean_j sum_i r_i.
        for (c, (m, sd)) in columns.iter().zip(self.mean.iter().zip(&self.sd)) {
            out.push(if *sd == 0.0 {
                0.0
            } else {
                (c - m * r_sum) / n / sd
            });
        }
        (out, extra / n)
    }
}

fn dot(a: &[f64], b: &[f64]) -> f64 {
    a.iter().zip(b).map(|(x, y)| x * y).fold(0.0, |s, p| s + p)
}

/// The largest eigenvalue of the standardized rows' second-moment matrix
/// (bias column included), by power iteration: the curvature of the
/// cross-entropy is at most a quarter of it.
fn largest_eigenvalue(scale: &Scale, rows: Rows<'_>) -> f64 {
    let dims = rows.inputs + 1;
    let mut v = vec![1.0 / (dims as f64).sqrt(); dims];
    let mut lambda = 1.0;
    for _ in 0..POWER_STEPS {
        let (mv, _) = scale.pass(rows, &v, |t, _| (t, 0.0));
        let norm = dot(&mv, &mv).sqrt();
        if norm == 0.0 {
            break;
        }
        lambda = norm;
        v = mv.iter().map(|x| x / norm).collect();
    }
    lambda
}

/// Fit a logistic to `rows` (see the module docs): deterministic, the
/// same bits at any thread count.
pub fn fit(rows: Rows<'_>, settings: &FitSettings) -> Result<Fitted, FitError> {
    check_rows(rows)?;
    let scale = Scale::of(rows);
    let ridge = settings.ridge;
    let lipschitz = 0.25 * largest_eigenvalue(&scale, rows) * CURVATURE_MARGIN + ridge;
    let step = 1.0 / lipschitz;
    let mean = rows.mean_target().clamp(1e-6, 1.0 - 1e-6);
    let mut x = vec![0.0; rows.inputs + 1];
    x[0] = libm::log(mean / (1.0 - mean));
    let mut y = x.clone();
    let mut t: f64 = 1.0;
    for _ in 0..settings.steps {
        let (mut gradient, _) = scale.pass(rows, &y, |z, target| (sigmoid(z) - target, 0.0));
        for (g, w) in gradient.iter_mut().zip(&y).skip(1) {
            *g += ridge * *w;
        }
        let next: Vec<f64> = y.iter().zip(&gradient).map(|(v, g)| v - step * g).collect();
        let moved: Vec<f64> = next.iter().zip(&x).map(|(a, b)| a - b).collect();
        let t_next = (1.0 + (1.0 + 4.0 * t * t).sqrt()) / 2.0;
        if dot(&gradient, &moved) > 0.0 {
            // The momentum points uphill: restart it.
            t = 1.0;
            y = next.clone();
        } else {
            let beta = (t - 1.0) / t_next;
            y = next.iter().zip(&moved).map(|(a, m)| a + beta * m).collect();
            t = t_next;
        }
        x = next;
    }
    let (weights, bias) = scale.raw(&x);
    Ok(Fitted {
        weights: weights.iter().map(|w| *w as f32).collect(),
        bias: bias as f32,
    })
}

/// The mean cross-entropy over `rows` of the logistic with `weights`
/// (raw features) and `bias`, as a model file holds them (`f32`).
pub fn log_loss(weights: &[f32], bias: f32, rows: Rows<'_>) -> f64 {
    let weights: Vec<f64> = weights.iter().map(|w| f64::from(*w)).collect();
    let bias = f64::from(bias);
    let [sum] = chunk_sums(rows, |x, y| {
        [cross_entropy(linear(&weights, bias, x), f64::from(y))]
    });
    sum / rows.len() as f64
}

/// The mean cross-entropy over `rows` of the constant prediction `p`
/// (the constant model: the mean training target).
pub fn constant_log_loss(p: f64, rows: Rows<'_>) -> f64 {
    let p = p.clamp(1e-12, 1.0 - 1e-12);
    let (lp, lq) = (libm::log(p), libm::log(1.0 - p));
    let [sum] = chunk_sums(rows, |_, y| {
        let y = f64::from(y);
        [-(y * lp + (1.0 - y) * lq)]
    });
    sum / rows.len() as f64
}

#[cfg(test)]
#[path = "fit_tests.rs"]
mod tests;
