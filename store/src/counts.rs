//! The counts a run is given, each checked against its one range when it
//! is built: [`Threads`], [`Resamples`], [`Deals`] and [`Games`]. The
//! command line's flags, the experiment files' keys, a manifest's settings
//! and Python's keywords all build them here, so each range is written once
//! and every front end refuses a value outside it with the same words
//! (clap's: `0 is not in 1..=1024`). A clap flag of a count's type parses
//! through its `FromStr`, and clap prints the refusal as `invalid value 'V'
//! for '--FLAG <X>': REASON`.

use std::fmt;
use std::num::ParseIntError;
use std::ops::RangeInclusive;
use std::str::FromStr;

use serde::{Deserialize, Deserializer, Serialize, Serializer};

/// The worker threads a run may be given (the command line's `--threads`,
/// Python's `threads=`, `VectorEnv`'s): more would only start threads
/// that wait for the others' cores.
pub const THREADS: RangeInclusive<u64> = 1..=1024;

/// Why a count is refused.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum CountError {
    /// The text is no unsigned number (the standard library's words, as
    /// clap gives them: `invalid digit found in string`).
    #[error("{0}")]
    NotANumber(ParseIntError),
    /// The number is outside the count's range.
    #[error("{value} is not in {}", range_text(range))]
    OutOfRange {
        /// The number given.
        value: u64,
        /// The count's range.
        range: RangeInclusive<u64>,
    },
}

/// A range as clap writes it (`1..=1024`; `1..18446744073709551615` for
/// one with no upper end), so that a flag and a file say it alike.
fn range_text(range: &RangeInclusive<u64>) -> String {
    if *range.end() == u64::MAX {
        format!("{}..{}", range.start(), u64::MAX)
    } else {
        format!("{}..={}", range.start(), range.end())
    }
}

/// The number `value` if `range` holds it.
fn checked(value: u64, range: RangeInclusive<u64>) -> Result<u64, CountError> {
    if range.contains(&value) {
        Ok(value)
    } else {
        Err(CountError::OutOfRange { value, range })
    }
}

/// Defines a count: a newtype over `$inner` built only through `new`
/// (checked against `$range`), with `get`, `FromStr` (clap's value
/// parser), `Display` and serde as a bare number (an out-of-range number
/// read is refused as `KEY: REASON`).
macro_rules! count {
    ($(#[$doc:meta])* $name:ident($inner:ty), $key:literal, $range:expr) => {
        $(#[$doc])*
        #[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
        pub struct $name($inner);

        impl $name {
            /// The numbers this count may be.
            pub const RANGE: RangeInclusive<u64> = $range;
            /// The key naming this count in files and keywords.
            pub const KEY: &'static str = $key;

            /// `n`, if [`Self::RANGE`] holds it.
            pub fn new(n: u64) -> Result<Self, CountError> {
                // The range fits the inner type, so the conversion holds.
                checked(n, Self::RANGE).map(|n| $name(n as $inner))
            }

            /// The number.
            pub fn get(self) -> $inner {
                self.0
            }
        }

        impl FromStr for $name {
            type Err = CountError;

            fn from_str(text: &str) -> Result<Self, CountError> {
                $name::new(text.parse::<u64>().map_err(CountError::NotANumber)?)
            }
        }

        impl TryFrom<u64> for $name {
            type Error = CountError;

            fn try_from(n: u64) -> Result<Self, CountError> {
                $name::new(n)
            }
        }

        impl fmt::Display for $name {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                self.0.fmt(f)
            }
        }

        impl Serialize for $name {
            fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
                self.0.serialize(serializer)
            }
        }

        impl<'de> Deserialize<'de> for $name {
            fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
                let n = u64::deserialize(deserializer)?;
                $name::new(n).map_err(|e| serde::de::Error::custom(format!("{}: {e}", $key)))
            }
        }
    };
}

count!(
    /// Worker threads of a run, in [`THREADS`].
    Threads(u64),
    "threads",
    THREADS
);

count!(
    /// Bootstrap resamples of a league's rating intervals, in
    /// [`beachcomber::league::RESAMPLES`].
    Resamples(u32),
    "resamples",
    (*beachcomber::league::RESAMPLES.start() as u64)..=(*beachcomber::league::RESAMPLES.end() as u64)
);

count!(
    /// Deals of a run (or of each combination of a sweep): at least one.
    Deals(u64),
    "deals",
    1..=u64::MAX
);

count!(
    /// Games of a run (or of each combination of a sweep): at least one.
    Games(u64),
    "games",
    1..=u64::MAX
);

impl Threads {
    /// One worker thread.
    pub const ONE: Threads = Threads(1);
}

impl Resamples {
    /// [`beachcomber::league::DEFAULT_RESAMPLES`].
    pub const DEFAULT: Resamples = Resamples(beachcomber::league::DEFAULT_RESAMPLES);
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `new(n)` of each count as text: the number, or the error's words.
    fn built(n: u64) -> [String; 4] {
        fn text<T: fmt::Display>(r: Result<T, CountError>) -> String {
            r.map_or_else(|e| e.to_string(), |c| c.to_string())
        }
        [
            text(Threads::new(n)),
            text(Resamples::new(n)),
            text(Deals::new(n)),
            text(Games::new(n)),
        ]
    }

    #[test]
    fn each_count_refuses_below_and_above_its_range_and_accepts_its_bounds() {
        let unbounded = |n: u64| format!("{n} is not in 1..18446744073709551615");
        for (n, threads, resamples) in [
            (0, "0 is not in 1..=1024", "0 is not in 100..=100000"),
            (1, "1", "1 is not in 100..=100000"),
            (99, "99", "99 is not in 100..=100000"),
            (100, "100", "100"),
            (1024, "1024", "1024"),
            (1025, "1025 is not in 1..=1024", "1025"),
            (100_000, "100000 is not in 1..=1024", "100000"),
            (
                100_001,
                "100001 is not in 1..=1024",
                "100001 is not in 100..=100000",
            ),
            // Past u32: refused, not wrapped into the range.
            (
                4_294_968_295,
                "4294968295 is not in 1..=1024",
                "4294968295 is not in 100..=100000",
            ),
        ] {
            let count = if n == 0 { unbounded(0) } else { n.to_string() };
            assert_eq!(built(n), [threads, resamples, &count, &count], "{n}");
        }
        let max = u64::MAX.to_string();
        assert_eq!(built(u64::MAX)[2..], [max.clone(), max]);
    }

    #[test]
    fn text_parses_as_clap_parsed_the_flags() {
        assert_eq!("16".parse::<Threads>().map(Threads::get), Ok(16));
        let errors = [
            "x".parse::<Threads>().map(Threads::get),
            "-1".parse::<Deals>().map(Deals::get),
            "".parse::<Games>().map(Games::get),
            "0".parse::<Resamples>().map(|r| u64::from(r.get())),
        ]
        .map(|r| r.unwrap_err().to_string());
        assert_eq!(
            errors,
            [
                "invalid digit found in string",
                "invalid digit found in string",
                "cannot parse integer from empty string",
                "0 is not in 100..=100000",
            ]
        );
    }

    #[test]
    fn a_count_read_names_its_key_and_writes_back_as_a_bare_number() {
        let e = serde_json::from_str::<Deals>("0").unwrap_err().to_string();
        assert_eq!(e, "deals: 0 is not in 1..18446744073709551615");
        let e = serde_json::from_str::<Resamples>("5")
            .unwrap_err()
            .to_string();
        assert_eq!(e, "resamples: 5 is not in 100..=100000");
        let t: Threads = serde_json::from_str("8").unwrap();
        assert_eq!(serde_json::to_string(&t).unwrap(), "8");
    }
}
