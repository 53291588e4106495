//! The space a search explores: options each with its values (a sweep's
//! [`Vary`]) and bounds on sums of numeric options (a deck's size).

use std::fmt;

use crate::rng::{GameRng, below};
use crate::sweep::Vary;

/// A point of a space: the index of each dimension's value.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Point(pub Vec<u16>);

/// `KEY+KEY+... in LO..=HI`: the sum of numeric options within bounds.
#[derive(Clone, Debug, PartialEq)]
pub struct SumBound {
    /// The dimensions summed (indices into the space's dimensions).
    pub dims: Vec<usize>,
    /// The smallest sum allowed.
    pub low: i64,
    /// The largest sum allowed.
    pub high: i64,
    /// The bound as written, for messages and summaries.
    pub text: String,
}

/// Why a space does not build.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SpaceError {
    /// No option varies.
    Empty,
    /// An option has more values than a point can index.
    TooManyValues(String),
    /// A sum bound is not `KEY+KEY in LO..=HI`.
    MalformedSum {
        /// The bound as written.
        text: String,
        /// What is wrong.
        why: String,
    },
    /// No point of the space meets the sum bounds.
    NoFeasiblePoint,
}

impl fmt::Display for SpaceError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SpaceError::Empty => write!(f, "the space varies no option (give `vary`)"),
            SpaceError::TooManyValues(key) => {
                write!(f, "`{key}` has more than 65,535 values: give a step")
            }
            SpaceError::MalformedSum { text, why } => write!(
                f,
                "the bound `{text}`: {why} (write e.g. `deck.Shell+deck.Crab in 30..=60`)"
            ),
            SpaceError::NoFeasiblePoint => write!(f, "no point of the space meets its bounds"),
        }
    }
}

impl std::error::Error for SpaceError {}

/// Points drawn at random before giving up on finding a feasible one.
const DRAWS: usize = 10_000;

/// A search space: the options varied and the bounds between them.
#[derive(Clone, Debug, PartialEq)]
pub struct Space {
    /// Each option and its values, in order.
    pub dims: Vec<Vary>,
    /// Bounds on sums of numeric options.
    pub sums: Vec<SumBound>,
    /// Each dimension's values as integers, where they all are.
    numbers: Vec<Option<Vec<i64>>>,
}

impl Space {
    /// The space of `dims` under the bounds `sums` (each `KEY+KEY in LO..=HI`).
    pub fn new(dims: Vec<Vary>, sums: &[String]) -> Result<Space, SpaceError> {
        if dims.is_empty() {
            return Err(SpaceError::Empty);
        }
        if let Some(d) = dims.iter().find(|d| d.values.len() > usize::from(u16::MAX)) {
            return Err(SpaceError::TooManyValues(d.key.clone()));
        }
        let numbers = dims
            .iter()
            .map(|d| d.values.iter().map(|v| v.parse::<i64>().ok()).collect())
            .collect();
        let mut space = Space {
            dims,
            sums: Vec::new(),
            numbers,
        };
        for text in sums {
            let bound = space.parse_sum(text)?;
            space.sums.push(bound);
        }
        Ok(space)
    }

    fn parse_sum(&self, text: &str) -> Result<SumBound, SpaceError> {
        let bad = |why: &str| SpaceError::MalformedSum {
            text: text.to_string(),
            why: why.to_string(),
        };
        let (keys, range) = text.split_once(" in ").ok_or_else(|| bad("no ` in `"))?;
        let (low, high) = range
            .trim()
            .split_once("..=")
            .ok_or_else(|| bad("the range is not LO..=HI"))?;
        let low: i64 = low
            .trim()
            .parse()
            .map_err(|_| bad("LO is not an integer"))?;
        let high: i64 = high
            .trim()
            .parse()
            .map_err(|_| bad("HI is not an integer"))?;
        if low > high {
            return Err(bad("LO is above HI"));
        }
        let mut dims = Vec::new();
        for key in keys.split('+').map(str::trim) {
            let d = self
                .dims
                .iter()
                .position(|d| d.key == key)
                .ok_or_else(|| bad(&format!("`{key}` is not a varied option")))?;
            if self.numbers[d].is_none() {
                return Err(bad(&format!("`{key}` has values that are not integers")));
            }
            if dims.contains(&d) {
                return Err(bad(&format!("`{key}` is summed twice")));
            }
            dims.push(d);
        }
        Ok(SumBound {
            dims,
            low,
            high,
            text: text.trim().to_string(),
        })
    }

    /// The number of points, bounds aside.
    pub fn size(&self) -> u128 {
        self.dims.iter().map(|d| d.values.len() as u128).product()
    }

    /// Whether `point` meets every sum bound.
    pub fn feasible(&self, point: &Point) -> bool {
        self.sums.iter().all(|bound| {
            let sum: i64 = bound
                .dims
                .iter()
                .map(|&d| {
                    self.numbers[d]
                        .as_ref()
                        .map_or(0, |n| n[usize::from(point.0[d])])
                })
                .sum();
            (bound.low..=bound.high).contains(&sum)
        })
    }

    /// The point's option values, `(key, value)` in the dimensions' order.
    pub fn values(&self, point: &Point) -> Vec<(String, String)> {
        self.dims
            .iter()
            .zip(&point.0)
            .map(|(d, &i)| (d.key.clone(), d.values[usize::from(i)].clone()))
            .collect()
    }

    /// Every feasible point in order (the last dimension fastest), when
    /// the space has at most `cap` points; `None` when it has more.
    pub fn enumerate(&self, cap: usize) -> Option<Vec<Point>> {
        if self.size() > cap as u128 {
            return None;
        }
        let mut out = Vec::new();
        let mut index = vec![0u16; self.dims.len()];
        loop {
            let point = Point(index.clone());
            if self.feasible(&point) {
                out.push(point);
            }
            let mut k = self.dims.len();
            loop {
                if k == 0 {
                    return Some(out);
                }
                k -= 1;
                index[k] += 1;
                if usize::from(index[k]) < self.dims[k].values.len() {
                    break;
                }
                index[k] = 0;
            }
        }
    }

    /// A feasible point drawn uniformly among the space's points (bounds
    /// by rejection), or `None` after many draws found none.
    pub fn sample(&self, rng: &mut GameRng) -> Option<Point> {
        for _ in 0..DRAWS {
            let point = Point(
                self.dims
                    .iter()
                    .map(|d| below(rng, d.values.len() as u32) as u16)
                    .collect(),
            );
            if self.feasible(&point) {
                return Some(point);
            }
        }
        None
    }

    /// The point with the value `value` of each dimension (by text), if
    /// every value is one of its dimension's.
    pub fn point_of(&self, values: &[String]) -> Option<Point> {
        if values.len() != self.dims.len() {
            return None;
        }
        self.dims
            .iter()
            .zip(values)
            .map(|(d, v)| d.values.iter().position(|w| w == v).map(|i| i as u16))
            .collect::<Option<Vec<u16>>>()
            .map(Point)
    }
}
