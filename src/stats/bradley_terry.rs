//! Bradley-Terry ratings on the Elo scale, with bootstrap intervals over
//! deals.
//!
//! The model: bot `i` has strength `p_i > 0` and beats bot `j` with
//! probability `p_i / (p_i + p_j)`; a tie counts as half a win for each.
//! [`fit`] finds the maximum-likelihood strengths with Hunter's MM iteration
//! (all bots updated together from the previous strengths, so the result
//! does not depend on the order the bots are listed in)
//!
//! ```text
//! p_i <- W_i / sum_j n_ij / (p_i + p_j)
//! ```
//!
//! (`W_i` wins of `i`, `n_ij` games between `i` and `j`), and reports
//! ratings `400 log10(p_i / p_a)`: the anchor `a` ([`FitConfig::anchor`],
//! by default the first bot) is at 0.
//! A prior of [`FitConfig::prior_draws`] virtual draws between every two
//! bots (default one) keeps an unbeaten or winless bot finite and links
//! bots that never met.
//!
//! **Input.** Results come per deal: a deal is a slice of [`PairResult`]s,
//! the pairwise results of all games played on that deal (its seat
//! rotations, several games of a multi-player game decomposed by
//! [`super::pairwise`]). [`bootstrap`] resamples whole deals, so the
//! correlation between games on one deal, and between the pairwise
//! comparisons drawn from one multi-player game, is respected.
//!
//! ```
//! use beachcomber::stats::bradley_terry::{FitConfig, PairResult, fit};
//! // Bot 0 beat bot 1 thirty times out of forty.
//! let deals = [vec![PairResult { a: 0, b: 1, a_wins: 30, ties: 0, b_wins: 10 }]];
//! let config = FitConfig { prior_draws: 0, ..FitConfig::default() };
//! let ratings = fit(2, &deals, &config).unwrap().ratings;
//! assert!((ratings[1] + 400.0 * 3f64.log10()).abs() < 1e-9);
//! ```

use std::fmt;

use crate::rng::{below, derive, rng_from_seed};

/// The results between two bots in one deal: `a_wins + ties + b_wins`
/// games, `a` and `b` indices into the caller's list of bots.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default, serde::Serialize, serde::Deserialize)]
pub struct PairResult {
    /// The first bot's index.
    pub a: usize,
    /// The second bot's index (not `a`).
    pub b: usize,
    /// Games `a` finished ahead of `b`.
    pub a_wins: u32,
    /// Games they tied.
    pub ties: u32,
    /// Games `b` finished ahead of `a`.
    pub b_wins: u32,
}

impl PairResult {
    /// The results of `a` against `b`: wins, ties and losses of `a`.
    pub const fn new(a: usize, b: usize, a_wins: u32, ties: u32, b_wins: u32) -> PairResult {
        PairResult {
            a,
            b,
            a_wins,
            ties,
            b_wins,
        }
    }
}

/// How [`fit`] and [`bootstrap`] run.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct FitConfig {
    /// Virtual draws added between every two bots (default 1). 0 gives the
    /// plain maximum-likelihood fit, which is infinite for a bot that never
    /// loses or never wins (and then may not converge within the cap);
    /// [`bootstrap`] requires at least 1.
    pub prior_draws: u32,
    /// Stop when no strength moves by more than this in log terms between
    /// iterations (default 1e-12).
    pub tolerance: f64,
    /// Stop after this many iterations at most (default 100 000).
    pub max_iterations: u32,
    /// The bot rated 0 (default 0, the first); every rating, and every
    /// bootstrap resample's, is relative to it.
    pub anchor: usize,
}

impl Default for FitConfig {
    fn default() -> FitConfig {
        FitConfig {
            prior_draws: 1,
            tolerance: 1e-12,
            max_iterations: 100_000,
            anchor: 0,
        }
    }
}

/// Why ratings could not be computed.
#[derive(Clone, Debug, PartialEq)]
pub enum BtError {
    /// Fewer than two bots.
    TooFewBots(usize),
    /// A pair names a bot out of range or the same bot twice.
    BadPair {
        /// The deal's index.
        deal: usize,
        /// The pair as given.
        pair: PairResult,
        /// The number of bots.
        bots: usize,
    },
    /// A bot has no games (possible only without the prior).
    NoGames(usize),
    /// The configuration is out of range.
    BadConfig(String),
    /// The bootstrap needs at least one deal and one resample, and fewer
    /// than 2^32 deals.
    BadBootstrap(String),
}

impl fmt::Display for BtError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            BtError::TooFewBots(n) => write!(f, "ratings need at least two bots, got {n}"),
            BtError::BadPair { deal, pair, bots } => write!(
                f,
                "deal {deal}: pair ({}, {}) must name two different bots below {bots}",
                pair.a, pair.b
            ),
            BtError::NoGames(bot) => write!(
                f,
                "bot {bot} played no games: it cannot be rated without the prior (prior_draws >= 1)"
            ),
            BtError::BadConfig(why) => write!(f, "bad rating configuration: {why}"),
            BtError::BadBootstrap(why) => write!(f, "cannot bootstrap: {why}"),
        }
    }
}

impl std::error::Error for BtError {}

/// A fitted model.
#[derive(Clone, Debug, PartialEq)]
pub struct Fit {
    /// Per bot, `400 log10(p_i / p_a)` (the anchor `a` is 0).
    pub ratings: Vec<f64>,
    /// Iterations run.
    pub iterations: u32,
    /// Whether the tolerance was reached before the iteration cap.
    pub converged: bool,
}

/// A rating with its bootstrap 95% interval.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Rating {
    /// The fitted rating (Elo scale, the anchor at 0).
    pub rating: f64,
    /// The 2.5% point of the bootstrap ratings.
    pub low95: f64,
    /// The 97.5% point of the bootstrap ratings.
    pub high95: f64,
}

/// Integer totals between every two bots (row-major `bots x bots`).
struct Tally {
    bots: usize,
    /// `half_points[i * bots + j]`: i's points against j, in half points.
    half_points: Vec<u64>,
    /// `games[i * bots + j]` = `games[j * bots + i]`.
    games: Vec<u64>,
}

impl Tally {
    fn new(bots: usize) -> Tally {
        Tally {
            bots,
            half_points: vec![0; bots * bots],
            games: vec![0; bots * bots],
        }
    }

    fn clear(&mut self) {
        self.half_points.fill(0);
        self.games.fill(0);
    }

    /// Add a pair already checked by [`check`].
    fn add(&mut self, p: &PairResult) {
        let (a, b, n) = (p.a, p.b, self.bots);
        let games = p.a_wins as u64 + p.ties as u64 + p.b_wins as u64;
        self.half_points[a * n + b] += 2 * p.a_wins as u64 + p.ties as u64;
        self.half_points[b * n + a] += 2 * p.b_wins as u64 + p.ties as u64;
        self.games[a * n + b] += games;
        self.games[b * n + a] += games;
    }
}

fn check<D: AsRef<[PairResult]>>(
    bots: usize,
    deals: &[D],
    config: &FitConfig,
) -> Result<(), BtError> {
    if bots < 2 {
        return Err(BtError::TooFewBots(bots));
    }
    if config.anchor >= bots {
        return Err(BtError::BadConfig(format!(
            "anchor {} is not one of the {bots} bots",
            config.anchor
        )));
    }
    for (deal, pairs) in deals.iter().enumerate() {
        for pair in pairs.as_ref() {
            if pair.a >= bots || pair.b >= bots || pair.a == pair.b {
                return Err(BtError::BadPair {
                    deal,
                    pair: *pair,
                    bots,
                });
            }
        }
    }
    Ok(())
}

fn check_config(config: &FitConfig) -> Result<(), BtError> {
    if !(config.tolerance.is_finite() && config.tolerance > 0.0) {
        return Err(BtError::BadConfig(format!(
            "tolerance must be a positive number, got {}",
            config.tolerance
        )));
    }
    if config.max_iterations == 0 {
        return Err(BtError::BadConfig(
            "max_iterations must be at least 1".into(),
        ));
    }
    Ok(())
}

/// Hunter's MM iteration on the totals, prior included.
fn fit_tally(t: &Tally, config: &FitConfig) -> Result<Fit, BtError> {
    let n = t.bots;
    let prior = config.prior_draws as u64;
    // Games between i and j and i's wins (in half points), prior included:
    // each virtual draw is one game and one half point for each side.
    let games = |i: usize, j: usize| (t.games[i * n + j] + prior) as f64;
    let wins: Vec<f64> = (0..n)
        .map(|i| {
            let half: u64 = (0..n)
                .filter(|&j| j != i)
                .map(|j| t.half_points[i * n + j] + prior)
                .sum();
            half as f64 / 2.0
        })
        .collect();
    for i in 0..n {
        if (0..n).all(|j| j == i || games(i, j) == 0.0) {
            return Err(BtError::NoGames(i));
        }
    }
    let mut p = vec![1.0f64; n];
    let mut next = vec![0.0f64; n];
    let mut iterations = 0;
    let mut converged = false;
    while iterations < config.max_iterations {
        iterations += 1;
        for i in 0..n {
            let mut denom = 0.0;
            for j in 0..n {
                let g = games(i, j);
                if j != i && g > 0.0 {
                    denom += g / (p[i] + p[j]);
                }
            }
            next[i] = wins[i] / denom;
        }
        // Fix the scale (the model only determines ratios).
        let total: f64 = next.iter().sum();
        let mut step = 0.0f64;
        for i in 0..n {
            let new = next[i] / total;
            if new != p[i] {
                step = step.max((new / p[i]).ln().abs());
            }
            p[i] = new;
        }
        // A winless bot (possible only without the prior) drops to 0 in the
        // first step and stays there; two bots at 0 never met (each game
        // gives one of them points), so no sum p_i + p_j is 0.
        if step <= config.tolerance {
            converged = true;
            break;
        }
    }
    let anchor = p[config.anchor];
    let ratings = p.iter().map(|&x| 400.0 * (x / anchor).log10()).collect();
    Ok(Fit {
        ratings,
        iterations,
        converged,
    })
}

/// Fit the Bradley-Terry model to `deals` (each a slice of pairwise
/// results) for `bots` bots. Ratings are on the Elo scale with the anchor
/// ([`FitConfig::anchor`]) at 0.
pub fn fit<D: AsRef<[PairResult]>>(
    bots: usize,
    deals: &[D],
    config: &FitConfig,
) -> Result<Fit, BtError> {
    check(bots, deals, config)?;
    check_config(config)?;
    let mut tally = Tally::new(bots);
    for pairs in deals {
        for pair in pairs.as_ref() {
            tally.add(pair);
        }
    }
    fit_tally(&tally, config)
}

/// The `q` quantile of sorted `x` by linear interpolation between order
/// statistics (`h = (len - 1) q`; R's and numpy's default, type 7).
pub fn quantile(sorted: &[f64], q: f64) -> f64 {
    if sorted.is_empty() {
        return f64::NAN;
    }
    let h = (sorted.len() - 1) as f64 * q.clamp(0.0, 1.0);
    let lo = h.floor() as usize;
    let hi = (lo + 1).min(sorted.len() - 1);
    sorted[lo] + (h - lo as f64) * (sorted[hi] - sorted[lo])
}

/// 95% bootstrap intervals over deals: `resamples` times, draw
/// `deals.len()` deals with replacement (resample `r` from a [`crate::rng::GameRng`]
/// seeded `derive(seed, r)`), refit, and take each bot's 2.5% and 97.5%
/// points ([`quantile`]). Returns `(low, high)` per bot; the anchor's is
/// `(0, 0)`. Needs the prior (`prior_draws >= 1`): a resample can leave a
/// bot unbeaten.
pub fn bootstrap<D: AsRef<[PairResult]>>(
    bots: usize,
    deals: &[D],
    config: &FitConfig,
    resamples: u32,
    seed: u64,
) -> Result<Vec<(f64, f64)>, BtError> {
    let samples = bootstrap_samples(bots, deals, config, resamples, seed)?;
    Ok(intervals(&samples))
}

/// The ratings of every bootstrap resample of [`bootstrap`] (the same
/// resamples, in order): `samples[bot][r]`, the rating of `bot` in
/// resample `r`. The interval of any function of the ratings (a
/// difference of two bots') is then read from the same resamples.
pub fn bootstrap_samples<D: AsRef<[PairResult]>>(
    bots: usize,
    deals: &[D],
    config: &FitConfig,
    resamples: u32,
    seed: u64,
) -> Result<Vec<Vec<f64>>, BtError> {
    check(bots, deals, config)?;
    check_config(config)?;
    if config.prior_draws == 0 {
        return Err(BtError::BadBootstrap(
            "it needs the prior (prior_draws >= 1)".into(),
        ));
    }
    if resamples == 0 {
        return Err(BtError::BadBootstrap("resamples must be at least 1".into()));
    }
    let count = u32::try_from(deals.len())
        .ok()
        .filter(|&c| c > 0)
        .ok_or_else(|| {
            BtError::BadBootstrap(format!(
                "it needs from 1 to {} deals, got {}",
                u32::MAX,
                deals.len()
            ))
        })?;
    let mut samples: Vec<Vec<f64>> = vec![Vec::with_capacity(resamples as usize); bots];
    let mut tally = Tally::new(bots);
    for r in 0..resamples {
        let mut rng = rng_from_seed(derive(seed, r as u64));
        tally.clear();
        for _ in 0..count {
            let deal = &deals[below(&mut rng, count) as usize];
            for pair in deal.as_ref() {
                tally.add(pair);
            }
        }
        let fitted = fit_tally(&tally, config)?;
        for (bot, rating) in fitted.ratings.into_iter().enumerate() {
            samples[bot].push(rating);
        }
    }
    Ok(samples)
}

/// The 2.5% and 97.5% points ([`quantile`]) of each bot's resampled
/// ratings ([`bootstrap_samples`]).
fn intervals(samples: &[Vec<f64>]) -> Vec<(f64, f64)> {
    samples
        .iter()
        .map(|s| percentile_interval(s.iter().copied()))
        .collect()
}

/// The 2.5% and 97.5% points ([`quantile`]) of `values` (sorted here).
pub fn percentile_interval(values: impl Iterator<Item = f64>) -> (f64, f64) {
    let mut sorted: Vec<f64> = values.collect();
    sorted.sort_by(f64::total_cmp);
    (quantile(&sorted, 0.025), quantile(&sorted, 0.975))
}

/// The fitted ratings with their bootstrap intervals ([`rate`]), and the
/// resamples they come from ([`bootstrap_samples`]).
#[derive(Clone, Debug, PartialEq)]
pub struct Rated {
    /// Each bot's rating and interval.
    pub ratings: Vec<Rating>,
    /// Whether the fit converged.
    pub converged: bool,
    /// `samples[bot][r]`: the bot's rating in resample `r`.
    pub samples: Vec<Vec<f64>>,
}

impl Rated {
    /// The difference `R_a - R_b` of two bots' ratings and its 95%
    /// interval: the 2.5% and 97.5% points of the difference across the
    /// same resamples (not from the two bots' separate intervals, which
    /// ignore how their estimates move together).
    pub fn difference(&self, a: usize, b: usize) -> (f64, f64, f64) {
        let diff = self.ratings[a].rating - self.ratings[b].rating;
        let (low, high) = percentile_interval(
            self.samples[a]
                .iter()
                .zip(&self.samples[b])
                .map(|(x, y)| x - y),
        );
        (diff, low, high)
    }
}

/// [`rate`], keeping the resamples ([`Rated`]).
pub fn rate_with_samples<D: AsRef<[PairResult]>>(
    bots: usize,
    deals: &[D],
    config: &FitConfig,
    resamples: u32,
    seed: u64,
) -> Result<Rated, BtError> {
    let fitted = fit(bots, deals, config)?;
    let samples = bootstrap_samples(bots, deals, config, resamples, seed)?;
    let ratings = fitted
        .ratings
        .iter()
        .zip(intervals(&samples))
        .map(|(&rating, (low95, high95))| Rating {
            rating,
            low95,
            high95,
        })
        .collect();
    Ok(Rated {
        ratings,
        converged: fitted.converged,
        samples,
    })
}

/// [`fit`] and [`bootstrap`] together: each bot's rating and 95% interval,
/// and whether the fit converged.
pub fn rate<D: AsRef<[PairResult]>>(
    bots: usize,
    deals: &[D],
    config: &FitConfig,
    resamples: u32,
    seed: u64,
) -> Result<(Vec<Rating>, bool), BtError> {
    let rated = rate_with_samples(bots, deals, config, resamples, seed)?;
    Ok((rated.ratings, rated.converged))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pair(a: usize, b: usize, a_wins: u32, ties: u32, b_wins: u32) -> PairResult {
        PairResult::new(a, b, a_wins, ties, b_wins)
    }

    fn no_prior() -> FitConfig {
        FitConfig {
            prior_draws: 0,
            ..FitConfig::default()
        }
    }

    const EPS: f64 = 1e-9;

    #[test]
    fn two_bots_thirty_to_ten() {
        let deals = [vec![pair(0, 1, 30, 0, 10)]];
        // Without the prior the MLE ratio is exactly 30:10.
        let f = fit(2, &deals, &no_prior()).unwrap();
        assert!(f.converged);
        assert_eq!(f.ratings[0], 0.0);
        assert!(
            (f.ratings[1] + 400.0 * 3f64.log10()).abs() < EPS,
            "{:?}",
            f.ratings
        );
        // With one virtual draw: 30.5 to 10.5 out of 41.
        let f = fit(2, &deals, &FitConfig::default()).unwrap();
        assert!(
            (f.ratings[1] + 400.0 * (30.5f64 / 10.5).log10()).abs() < EPS,
            "{:?}",
            f.ratings
        );
        // Ties are half wins: 28 wins, 4 ties, 8 losses is 30 to 10 too,
        // however the games are split into deals.
        let split = [
            vec![pair(0, 1, 20, 4, 0)],
            vec![pair(1, 0, 8, 0, 8)],
            vec![],
        ];
        let g = fit(2, &split, &no_prior()).unwrap();
        assert!((g.ratings[1] + 400.0 * 3f64.log10()).abs() < EPS);
    }

    #[test]
    fn three_bots_consistent_record() {
        // Strengths 1, 2, 4: 0 beats 1 a third of the time, 1 beats 2 a
        // third, 0 beats 2 a fifth. A record that matches the expectations
        // exactly is its own MLE: ratings 0, 400 log10 2, 800 log10 2.
        let deals = [vec![
            pair(0, 1, 10, 0, 20),
            pair(1, 2, 10, 0, 20),
            pair(2, 0, 24, 0, 6),
        ]];
        let f = fit(3, &deals, &no_prior()).unwrap();
        let l2 = 400.0 * 2f64.log10();
        assert!((f.ratings[1] - l2).abs() < EPS, "{:?}", f.ratings);
        assert!((f.ratings[2] - 2.0 * l2).abs() < EPS, "{:?}", f.ratings);
    }

    #[test]
    fn prior_keeps_unbeaten_and_winless_bots_finite() {
        let deals = [vec![pair(0, 1, 10, 0, 0), pair(1, 2, 5, 5, 5)]];
        let f = fit(3, &deals, &FitConfig::default()).unwrap();
        assert!(f.converged);
        assert!(f.ratings.iter().all(|r| r.is_finite()), "{:?}", f.ratings);
        assert!(f.ratings[1] < -200.0, "{:?}", f.ratings);
        // A bot with no games at all: fine with the prior (it sits with the
        // field it drew against), an error without.
        let f = fit(3, &[vec![pair(0, 1, 3, 0, 3)]], &FitConfig::default()).unwrap();
        assert!(f.ratings.iter().all(|r| r.abs() < EPS), "{:?}", f.ratings);
        let err = fit(3, &[vec![pair(0, 1, 3, 0, 3)]], &no_prior()).unwrap_err();
        assert_eq!(err, BtError::NoGames(2));
    }

    /// A record over four bots from a few deals, uneven on purpose.
    fn league() -> Vec<Vec<PairResult>> {
        vec![
            vec![pair(0, 1, 3, 1, 2), pair(2, 3, 4, 0, 1)],
            vec![pair(0, 2, 1, 2, 3), pair(1, 3, 5, 0, 0)],
            vec![pair(0, 3, 2, 0, 4), pair(1, 2, 2, 2, 2)],
            vec![pair(3, 0, 1, 1, 1), pair(2, 1, 0, 0, 3)],
            vec![pair(0, 1, 0, 0, 2), pair(3, 2, 2, 1, 3)],
        ]
    }

    fn permuted(deals: &[Vec<PairResult>], perm: &[usize]) -> Vec<Vec<PairResult>> {
        deals
            .iter()
            .map(|d| {
                d.iter()
                    .map(|p| PairResult {
                        a: perm[p.a],
                        b: perm[p.b],
                        ..*p
                    })
                    .collect()
            })
            .collect()
    }

    #[test]
    fn ratings_do_not_depend_on_the_order_of_the_bots() {
        let deals = league();
        let config = FitConfig::default();
        let base = fit(4, &deals, &config).unwrap();
        assert!(base.converged);
        // perm[i] is bot i's new index; every ordering, anchors included.
        for perm in [[0, 3, 1, 2], [2, 0, 3, 1], [3, 2, 1, 0], [1, 0, 2, 3]] {
            let f = fit(4, &permuted(&deals, &perm), &config).unwrap();
            for i in 0..4 {
                let relative = f.ratings[perm[i]] - f.ratings[perm[0]];
                assert!(
                    (relative - base.ratings[i]).abs() < EPS,
                    "{perm:?}: {:?} vs {:?}",
                    f.ratings,
                    base.ratings
                );
            }
        }
        // Swapping the sides of each pair changes nothing either.
        let flipped: Vec<Vec<PairResult>> = deals
            .iter()
            .map(|d| {
                d.iter()
                    .map(|p| pair(p.b, p.a, p.b_wins, p.ties, p.a_wins))
                    .collect()
            })
            .collect();
        let f = fit(4, &flipped, &config).unwrap();
        for i in 0..4 {
            assert!((f.ratings[i] - base.ratings[i]).abs() < EPS);
        }
    }

    #[test]
    fn symmetric_record_rates_everyone_equal() {
        let deals = [vec![
            pair(0, 1, 3, 2, 3),
            pair(1, 2, 4, 0, 4),
            pair(0, 2, 1, 6, 1),
        ]];
        let f = fit(3, &deals, &no_prior()).unwrap();
        assert!(f.ratings.iter().all(|r| r.abs() < EPS), "{:?}", f.ratings);
        // A cycle (0 > 1 > 2 > 0, equally) is symmetric as well.
        let cycle = [vec![
            pair(0, 1, 7, 0, 3),
            pair(1, 2, 7, 0, 3),
            pair(2, 0, 7, 0, 3),
        ]];
        let f = fit(3, &cycle, &no_prior()).unwrap();
        assert!(f.ratings.iter().all(|r| r.abs() < EPS), "{:?}", f.ratings);
    }

    #[test]
    fn bootstrap_is_deterministic_and_brackets_the_fit() {
        let deals = league();
        let config = FitConfig::default();
        let a = bootstrap(4, &deals, &config, 200, 7).unwrap();
        let b = bootstrap(4, &deals, &config, 200, 7).unwrap();
        assert_eq!(a, b);
        let c = bootstrap(4, &deals, &config, 200, 8).unwrap();
        assert_ne!(a, c);
        assert_eq!(a[0], (0.0, 0.0));
        let (ratings, converged) = rate(4, &deals, &config, 200, 7).unwrap();
        assert!(converged);
        for (i, r) in ratings.iter().enumerate() {
            assert_eq!((r.low95, r.high95), a[i]);
            assert!(r.low95 <= r.rating && r.rating <= r.high95, "{r:?}");
        }
        assert!(ratings[3].high95 - ratings[3].low95 > 50.0, "{ratings:?}");
        // The resampled deals do not depend on the order of the bots
        // either: permuting (keeping the anchor) permutes the intervals.
        let perm = [0, 3, 1, 2];
        let p = bootstrap(4, &permuted(&deals, &perm), &config, 200, 7).unwrap();
        for i in 0..4 {
            assert!((p[perm[i]].0 - a[i].0).abs() < EPS, "{p:?} {a:?}");
            assert!((p[perm[i]].1 - a[i].1).abs() < EPS, "{p:?} {a:?}");
        }
    }

    #[test]
    fn another_anchor_is_the_same_fit_moved_to_it() {
        let deals = league();
        let first = FitConfig::default();
        let base = rate(4, &deals, &first, 200, 7).unwrap().0;
        let third = FitConfig { anchor: 2, ..first };
        let moved = rate(4, &deals, &third, 200, 7).unwrap().0;
        assert_eq!(
            (moved[2].rating, moved[2].low95, moved[2].high95),
            (0.0, 0.0, 0.0)
        );
        for i in 0..4 {
            let shifted = base[i].rating - base[2].rating;
            assert!(
                (moved[i].rating - shifted).abs() < EPS,
                "{moved:?} {base:?}"
            );
        }
        // The intervals are those of the same record with that bot listed
        // first (the resampled deals are the same).
        let perm = [1, 2, 0, 3];
        let listed_first = rate(4, &permuted(&deals, &perm), &first, 200, 7).unwrap().0;
        for i in 0..4 {
            let (a, b) = (moved[i], listed_first[perm[i]]);
            assert!((a.low95 - b.low95).abs() < EPS && (a.high95 - b.high95).abs() < EPS);
        }
        let outside = FitConfig { anchor: 4, ..first };
        assert_eq!(
            fit(4, &deals, &outside).unwrap_err(),
            BtError::BadConfig("anchor 4 is not one of the 4 bots".into())
        );
    }

    #[test]
    fn bootstrap_of_one_deal_is_the_fit() {
        // One deal: every resample is that deal.
        let deals = [vec![pair(0, 1, 30, 0, 10)]];
        let want = -400.0 * (30.5f64 / 10.5).log10();
        let iv = bootstrap(2, &deals, &FitConfig::default(), 5, 1).unwrap();
        assert!((iv[1].0 - want).abs() < EPS && (iv[1].1 - want).abs() < EPS);
    }

    #[test]
    fn quantile_interpolates() {
        let x = [1.0, 2.0, 3.0, 4.0, 5.0];
        assert_eq!(quantile(&x, 0.0), 1.0);
        assert_eq!(quantile(&x, 1.0), 5.0);
        assert_eq!(quantile(&x, 0.5), 3.0);
        assert_eq!(quantile(&x, 0.125), 1.5);
        assert_eq!(quantile(&[2.0], 0.975), 2.0);
        assert!(quantile(&[], 0.5).is_nan());
    }

    #[test]
    fn bad_input_is_refused() {
        let ok = [vec![pair(0, 1, 1, 0, 1)]];
        let config = FitConfig::default();
        assert_eq!(
            fit(1, &ok, &config).unwrap_err().to_string(),
            "ratings need at least two bots, got 1"
        );
        let err = fit(2, &[vec![pair(0, 2, 1, 0, 0)]], &config).unwrap_err();
        assert_eq!(
            err.to_string(),
            "deal 0: pair (0, 2) must name two different bots below 2"
        );
        assert!(fit(2, &[vec![pair(1, 1, 1, 0, 0)]], &config).is_err());
        let bad = FitConfig {
            tolerance: 0.0,
            ..config
        };
        assert!(matches!(fit(2, &ok, &bad), Err(BtError::BadConfig(_))));
        let bad = FitConfig {
            max_iterations: 0,
            ..config
        };
        assert!(matches!(fit(2, &ok, &bad), Err(BtError::BadConfig(_))));
        let none: [Vec<PairResult>; 0] = [];
        assert!(matches!(
            bootstrap(2, &none, &config, 10, 1),
            Err(BtError::BadBootstrap(_))
        ));
        assert!(matches!(
            bootstrap(2, &ok, &config, 0, 1),
            Err(BtError::BadBootstrap(_))
        ));
        assert!(matches!(
            bootstrap(2, &ok, &no_prior(), 10, 1),
            Err(BtError::BadBootstrap(_))
        ));
        // No deals at all: with the prior, everyone is equal.
        assert_eq!(fit(3, &none, &config).unwrap().ratings, vec![0.0; 3]);
    }

    #[test]
    fn recovers_known_strengths_with_covering_intervals() {
        // 20 seeded leagues of 4 bots, 2- and 4-player games: the fits are
        // unbiased (mean error per bot within a few Elo, one league's
        // standard error being about 10) and the 95% intervals cover the
        // truth about 95% of the time (57 of 60 expected; 57 and 59 with
        // these seeds, and at least 51 is required of any correct method).
        for (players, want_covered) in [(2, 57), (4, 59)] {
            let mut error = [0.0; 4];
            let mut covered = 0;
            for seed in 0..20 {
                let (deals, truth) =
                    crate::testing::league::synthetic_league(4, 300, players, seed);
                let (ratings, converged) =
                    rate(4, &deals, &FitConfig::default(), 100, seed).unwrap();
                assert!(converged);
                for i in 1..4 {
                    error[i] += (ratings[i].rating - truth[i]) / 20.0;
                    if ratings[i].low95 <= truth[i] && truth[i] <= ratings[i].high95 {
                        covered += 1;
                    }
                }
            }
            assert!(error.iter().all(|e| e.abs() < 5.0), "{players}: {error:?}");
            assert!(covered >= 51, "{players} players: {covered}/60");
            assert_eq!(covered, want_covered, "{players} players");
        }
    }

    #[test]
    fn iteration_cap_is_reported() {
        let deals = league();
        let capped = FitConfig {
            max_iterations: 2,
            ..FitConfig::default()
        };
        let f = fit(4, &deals, &capped).unwrap();
        assert_eq!(f.iterations, 2);
        assert!(!f.converged);
    }
}
