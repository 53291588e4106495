//! What is wrong with a baseline, a margin or a trend.

use std::fmt;

use super::Metric;
use crate::spec::one_line;
use crate::stats::decision::Test;

/// What is wrong with a baseline or a margin.
#[derive(Clone, Debug, PartialEq)]
pub enum CompareError {
    /// A `KEY=VALUE` list without that shape.
    Malformed {
        /// The text as given.
        text: String,
        /// What is wrong.
        why: String,
    },
    /// A baseline key that is not a value column of the sweep.
    UnknownKey {
        /// The key.
        key: String,
        /// The sweep's value columns.
        allowed: Vec<String>,
    },
    /// A margin for a metric that is not compared.
    UnknownMetric(String),
    /// A margin that is not a positive number.
    BadMargin {
        /// The metric.
        metric: String,
        /// The value as given.
        value: String,
    },
    /// A test that is not `equivalent`, `non-inferior` or `superior`, or a
    /// one-sided test for a metric without a better side.
    BadTest {
        /// The metric.
        metric: String,
        /// The test as given.
        test: String,
    },
    /// Seats that are not `first`, `each`, `best-worst` or a list of
    /// distinct seat numbers.
    BadSeats(String),
    /// No combination matches the baseline (with the values of the
    /// columns it leaves out held at a combination's own).
    NoMatch {
        /// The baseline as `key=value,...`.
        baseline: String,
        /// The held values it was matched with (`lineup=...`), if the
        /// baseline leaves columns out.
        held: Option<String>,
    },
    /// A trend refused ([`TrendSpec::new`](super::trend::TrendSpec::new)).
    Trend(TrendSpecError),
    /// A trend's text refused ([`TrendSpec::parse`](super::trend::TrendSpec::parse)).
    MalformedTrend {
        /// The text as given.
        text: String,
        /// What is wrong.
        error: TrendSpecError,
    },
    /// Several combinations match the baseline.
    Several {
        /// The baseline.
        baseline: String,
        /// How many match.
        count: usize,
    },
}

impl fmt::Display for CompareError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            CompareError::Malformed { text, why } => {
                write!(f, "`{}`: {}", one_line(text), one_line(why))
            }
            CompareError::Trend(error) => error.fmt(f),
            CompareError::MalformedTrend { text, error } => {
                write!(f, "`{}`: {}", one_line(text), one_line(&error.to_string()))
            }
            CompareError::UnknownKey { key, allowed } => f.write_str(&crate::suggest::unknown_key(
                crate::suggest::KeyPlace::SweepColumn,
                key,
                allowed,
            )),
            CompareError::UnknownMetric(m) => write!(
                f,
                "`{}` is not a compared metric (metrics: {}){}",
                one_line(m),
                Metric::ALL.map(Metric::name).join(", "),
                crate::suggest::did_you_mean(m, Metric::ALL.map(Metric::name))
            ),
            CompareError::BadMargin { metric, value } => write!(
                f,
                "the margin of {} `{}` is not a positive number",
                one_line(metric),
                one_line(value)
            ),
            CompareError::BadTest { metric, test } => match Test::from_name(test.trim()) {
                Some(t) => write!(
                    f,
                    "{} has no better side: a `{t}` test cannot be decided (only `equivalent`)",
                    one_line(metric)
                ),
                None => write!(
                    f,
                    "the test of {} `{}` is none of {}{}",
                    one_line(metric),
                    one_line(test),
                    Test::ALL.map(Test::name).join(", "),
                    crate::suggest::did_you_mean(test, Test::ALL.map(Test::name))
                ),
            },
            CompareError::BadSeats(text) => write!(
                f,
                "seats `{}` are none of `first`, `each`, `best-worst` or a list of distinct seat \
                 numbers",
                one_line(text)
            ),
            CompareError::NoMatch { baseline, held } => match held {
                Some(l) => write!(
                    f,
                    "the baseline {} matches no combination with {} (the columns a baseline \
                     leaves out are held at each combination's own values: name them to \
                     compare every combination with one)",
                    one_line(baseline),
                    one_line(l)
                ),
                None => write!(
                    f,
                    "the baseline {} matches no combination",
                    one_line(baseline)
                ),
            },
            CompareError::Several { baseline, count } => write!(
                f,
                "the baseline {} matches {count} combinations, not one (the sweep plays the \
                 same combination twice)",
                one_line(baseline)
            ),
        }
    }
}

impl std::error::Error for CompareError {}

/// Why a trend is refused ([`TrendSpec::new`](super::trend::TrendSpec::new)
/// as [`CompareError::Trend`], [`TrendSpec::parse`](super::trend::TrendSpec::parse)
/// as [`CompareError::MalformedTrend`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TrendSpecError {
    /// No `x` in `X[:FIT[:KEY+KEY...]]`.
    NoX,
    /// A fit that is neither `linear` nor `log`.
    UnknownFit(String),
    /// More than three `:`-separated parts.
    TooManyParts,
    /// An empty key among the pooled keys.
    EmptyPooledKey,
    /// A metric `x` (named) that has no one value per combination.
    NotOneValue(String),
    /// A metric `x` without the varied keys it pools.
    NothingPooled,
}

impl fmt::Display for TrendSpecError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            TrendSpecError::NoX => {
                f.write_str("write X[:FIT[:KEY+KEY...]] (e.g. removed, mean_turns:log:deck.Shell)")
            }
            TrendSpecError::UnknownFit(fit) => write!(
                f,
                "the fit `{}` is neither `linear` nor `log`",
                one_line(fit)
            ),
            TrendSpecError::TooManyParts => f.write_str("more than three `:`-separated parts"),
            TrendSpecError::EmptyPooledKey => f.write_str("an empty key in the pooled keys"),
            TrendSpecError::NotOneValue(x) => write!(
                f,
                "the metric `{x}` has no one value per combination (a trend's x may be a \
                 numeric varied key, mean_turns or tie_rate)"
            ),
            TrendSpecError::NothingPooled => {
                f.write_str("a metric x needs the varied keys it pools (X:FIT:KEY+KEY, or `over`)")
            }
        }
    }
}

impl std::error::Error for TrendSpecError {}
