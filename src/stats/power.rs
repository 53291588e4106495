//! Power, when the rule is locked: for a declared test, the games planned
//! per cell and a spread (an estimate, or the binomial worst case), the
//! smallest difference the plan can resolve ([`resolvable_difference`]), and
//! the warning a criterion gets when a margin is below it
//! ([`margin_warning`]). docs/statistics.md ("Power").

use super::decision::Test;
use super::normal::normal_quantile;

/// One cell of a plan: its games and the metric's standard deviation per
/// game.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Cell {
    /// Games planned.
    pub games: u64,
    /// The metric's standard deviation over games (its per-game value:
    /// `players × win share` for a seat ratio).
    pub sd: f64,
}

impl Cell {
    /// A cell whose per-game value is `scale` times a share in [0, 1]: the
    /// binomial worst case, standard deviation `scale / 2` (a seat ratio at
    /// `p` players has `scale = p`; a tie rate 1).
    pub fn binomial_worst_case(games: u64, scale: f64) -> Cell {
        Cell {
            games,
            sd: scale / 2.0,
        }
    }

    /// The variance of the cell's mean.
    fn variance_of_mean(self) -> f64 {
        if self.games == 0 {
            f64::INFINITY
        } else {
            self.sd * self.sd / self.games as f64
        }
    }
}

/// How the difference of a plan's two cells will be estimated.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Spread {
    /// Two independent cells: their errors combined in quadrature.
    Independent {
        /// The compared combination.
        combination: Cell,
        /// The baseline.
        baseline: Cell,
    },
    /// Paired per deal: the standard deviation of the per-deal differences
    /// over the shared deals.
    Paired {
        /// Shared deals.
        deals: u64,
        /// The standard deviation of the per-deal differences.
        sd_of_differences: f64,
    },
}

impl Spread {
    /// The standard error of the difference.
    pub fn standard_error(self) -> f64 {
        match self {
            Spread::Independent {
                combination,
                baseline,
            } => (combination.variance_of_mean() + baseline.variance_of_mean()).sqrt(),
            Spread::Paired {
                deals,
                sd_of_differences,
            } => Cell {
                games: deals,
                sd: sd_of_differences,
            }
            .variance_of_mean()
            .sqrt(),
        }
    }
}

/// The smallest difference a plan resolves under `test` with `tests`
/// simultaneous comparisons (Bonferroni): the half-width of the verdict's
/// 90% interval, `z · se` with `z` the `1 − 0.05 / tests` quantile. Below
/// it no outcome gives the verdict sought, whatever the games show: an
/// `equivalent` or `non-inferior` verdict needs a margin above it even when
/// the estimate is exactly the baseline's, and `superior` needs the
/// estimate beyond the margin by at least as much.
pub fn resolvable_difference(test: Test, spread: Spread, tests: usize) -> f64 {
    let _ = test; // every test decides on the same 90% interval's half-width
    normal_quantile(1.0 - 0.05 / tests.max(1) as f64) * spread.standard_error()
}

/// The true difference a one-sided test whose bound lies `z` standard
/// errors from its estimate detects with `power` (e.g. 0.8): `(z +
/// z_power) · se`. The searches' plan and their yes/no test use it.
pub fn detectable_difference(z: f64, power: f64, se: f64) -> f64 {
    (z + normal_quantile(power)) * se
}

/// The units (deals, games) of standard deviation `sd` each that make
/// [`detectable_difference`] at most `margin`: `ceil(((z + z_power) · sd /
/// margin)²)`; `None` when no number does (a margin of 0 or less, or an
/// infinite spread).
pub fn units_for_power(z: f64, power: f64, sd: f64, margin: f64) -> Option<u64> {
    let units = ((z + normal_quantile(power)) * sd / margin).powi(2).ceil();
    (margin > 0.0 && units.is_finite() && units < u64::MAX as f64).then_some(units.max(1.0) as u64)
}

/// The margin the test needs for `power` (e.g. 0.8) when the true
/// difference is 0 (`equivalent`: both bounds inside, `(z + z_{1−(1−power)/2}) ·
/// se`; `non-inferior`: the bad-side bound inside, `(z + z_power) · se`);
/// for `superior`, how far beyond the margin a true improvement must be.
pub fn margin_for_power(test: Test, spread: Spread, tests: usize, power: f64) -> f64 {
    let z = normal_quantile(1.0 - 0.05 / tests.max(1) as f64);
    let z_power = match test {
        Test::Equivalent => normal_quantile(1.0 - (1.0 - power) / 2.0),
        Test::NonInferior | Test::Superior => normal_quantile(power),
    };
    (z + z_power) * spread.standard_error()
}

/// The warning for a `margin` of `metric` under `test` that the plan can
/// never resolve (at or below `resolvable`, [`resolvable_difference`]),
/// with the games planned per cell for the message; `None` when it can
/// (and for `superior`, whose margin is a bar to clear, not a width).
pub fn margin_warning(
    metric: &str,
    test: Test,
    margin: f64,
    resolvable: f64,
    games_per_cell: u64,
) -> Option<String> {
    let consequence = match test {
        Test::Equivalent => "no outcome of these games can be `equivalent`".to_string(),
        // The bad-side bound is the estimate plus the half-width: only an
        // estimate better than the baseline by the excess can pass.
        Test::NonInferior => format!(
            "only a setting measured better than the baseline by more than {:.3} can be \
             `non-inferior`",
            resolvable - margin
        ),
        Test::Superior => return None,
    };
    (margin <= resolvable).then(|| {
        format!(
            "{metric}: the margin {margin} is below the smallest difference {games_per_cell} \
             games per cell can resolve ({resolvable:.3}): {consequence}; plan about {:.0} times \
             the games, or a margin above {resolvable:.3}",
            ((resolvable / margin).powi(2)).ceil()
        )
    })
}

#[cfg(test)]
#[path = "power_tests.rs"]
mod tests;
