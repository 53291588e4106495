//! A search's goal: objectives to bring to their best and constraints to
//! meet, each over a per-deal [`Quantity`] (a mean over a deal's rotated
//! games, so that a deal is the unit of every interval).

use std::fmt;

use crate::compare::Metric;

/// A per-deal quantity: its value on a deal is the mean over the deal's
/// games (a seat ratio: players × the seat's mean win share).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Quantity {
    /// `seat_ratio:S`: seat S's players × win share (1 = fair).
    SeatRatio(usize),
    /// `tie_rate`: the share of games with a shared win.
    TieRate,
    /// `mean_turns`: the game's length in turns.
    Turns,
    /// A game-quality metric (`mean_drama`, ...): the index into
    /// [`Metric::QUALITY`] (the run measures them).
    Quality(usize),
}

impl Quantity {
    /// Read `seat_ratio:S`, `tie_rate`, `mean_turns` or a quality metric's
    /// name.
    pub fn parse(text: &str) -> Result<Quantity, GoalError> {
        let text = text.trim();
        if let Some(seat) = text.strip_prefix("seat_ratio:") {
            let seat = seat
                .parse()
                .map_err(|_| GoalError::UnknownQuantity(text.to_string()))?;
            return Ok(Quantity::SeatRatio(seat));
        }
        match Metric::from_name(text) {
            Some(Metric::TieRate) => Ok(Quantity::TieRate),
            Some(Metric::MeanTurns) => Ok(Quantity::Turns),
            Some(m) => Metric::QUALITY
                .iter()
                .position(|&q| q == m)
                .map(Quantity::Quality)
                .ok_or_else(|| GoalError::UnknownQuantity(text.to_string())),
            None => Err(GoalError::UnknownQuantity(text.to_string())),
        }
    }

    /// The width of the range a deal's value lies in, when it is bounded
    /// (a seat ratio: 0 to the player count; a share of games: 0 to 1);
    /// `None` for the unbounded ones (length, counts, scores).
    pub fn range(self, players: usize) -> Option<f64> {
        match self {
            Quantity::SeatRatio(_) => Some(players as f64),
            Quantity::TieRate => Some(1.0),
            Quantity::Quality(i) if Metric::QUALITY[i] == Metric::ComebackRate => Some(1.0),
            _ => None,
        }
    }

    /// Whether the games must measure the quality metrics.
    pub fn needs_quality(self) -> bool {
        matches!(self, Quantity::Quality(_))
    }
}

impl fmt::Display for Quantity {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Quantity::SeatRatio(s) => write!(f, "seat_ratio:{s}"),
            Quantity::TieRate => f.write_str(Metric::TieRate.name()),
            Quantity::Turns => f.write_str(Metric::MeanTurns.name()),
            Quantity::Quality(i) => f.write_str(Metric::QUALITY[*i].name()),
        }
    }
}

/// What an objective wants of its quantity.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Aim {
    /// As small as possible.
    Min,
    /// As large as possible.
    Max,
    /// As near this value as possible (`seat_ratio:0 near 1`: the first
    /// player's distance from fair).
    Near(f64),
}

/// One objective: a quantity and its aim, with the margin within which
/// two values count as equally good (the pick's statement and the power
/// of a "no" use it).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Objective {
    /// The quantity.
    pub quantity: Quantity,
    /// Its aim.
    pub aim: Aim,
    /// Values closer than this are equally good.
    pub margin: f64,
}

impl Objective {
    /// Read `QUANTITY min`, `QUANTITY max` or `QUANTITY near X`, with its
    /// margin.
    pub fn parse(text: &str, margin: f64) -> Result<Objective, GoalError> {
        let bad = || GoalError::Malformed {
            text: text.to_string(),
            expected: "QUANTITY min, QUANTITY max or QUANTITY near X, e.g. `seat_ratio:0 near 1`",
        };
        let words: Vec<&str> = text.split_whitespace().collect();
        let aim = match words.as_slice() {
            [_, "min"] => Aim::Min,
            [_, "max"] => Aim::Max,
            [_, "near", x] => {
                let x: f64 = x.parse().map_err(|_| bad())?;
                if !x.is_finite() {
                    return Err(bad());
                }
                Aim::Near(x)
            }
            _ => return Err(bad()),
        };
        Ok(Objective {
            quantity: Quantity::parse(words[0])?,
            aim,
            margin,
        })
    }

    /// Read `QUANTITY min|max|near X margin M` (how the command line and
    /// experiment files declare an objective).
    pub fn parse_declared(text: &str) -> Result<Objective, GoalError> {
        let (objective, margin) = text
            .rsplit_once(" margin ")
            .ok_or_else(|| GoalError::NoMargin(text.to_string()))?;
        let margin: f64 = margin
            .trim()
            .parse()
            .map_err(|_| GoalError::NoMargin(text.to_string()))?;
        Objective::parse(objective.trim(), margin)
    }

    /// The objective's loss of a quantity's value (smaller is better).
    pub fn loss(&self, value: f64) -> f64 {
        match self.aim {
            Aim::Min => value,
            Aim::Max => -value,
            Aim::Near(target) => (value - target).abs(),
        }
    }

    /// The interval of the loss over a quantity's interval `[low, high]`.
    pub fn loss_interval(&self, low: f64, high: f64) -> (f64, f64) {
        match self.aim {
            Aim::Min => (low, high),
            Aim::Max => (-high, -low),
            Aim::Near(t) => {
                let far = (low - t).abs().max((high - t).abs());
                let near = if low <= t && t <= high {
                    0.0
                } else {
                    (low - t).abs().min((high - t).abs())
                };
                (near, far)
            }
        }
    }
}

impl fmt::Display for Objective {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.aim {
            Aim::Min => write!(f, "{} min", self.quantity),
            Aim::Max => write!(f, "{} max", self.quantity),
            Aim::Near(t) => write!(f, "{} near {t}", self.quantity),
        }
    }
}

/// A constraint: a quantity at most or at least a threshold.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Constraint {
    /// The quantity.
    pub quantity: Quantity,
    /// `true`: at most `bound`; `false`: at least.
    pub at_most: bool,
    /// The threshold.
    pub bound: f64,
}

impl Constraint {
    /// Read `QUANTITY <= X` or `QUANTITY >= X`.
    pub fn parse(text: &str) -> Result<Constraint, GoalError> {
        let bad = || GoalError::Malformed {
            text: text.to_string(),
            expected: "QUANTITY <= X or QUANTITY >= X, e.g. `mean_turns <= 45`",
        };
        let (quantity, at_most, bound) = if let Some((q, b)) = text.split_once("<=") {
            (q, true, b)
        } else if let Some((q, b)) = text.split_once(">=") {
            (q, false, b)
        } else {
            return Err(bad());
        };
        let bound: f64 = bound.trim().parse().map_err(|_| bad())?;
        if !bound.is_finite() {
            return Err(bad());
        }
        Ok(Constraint {
            quantity: Quantity::parse(quantity)?,
            at_most,
            bound,
        })
    }

    /// Whether a value meets the constraint.
    pub fn met_by(&self, value: f64) -> bool {
        if self.at_most {
            value <= self.bound
        } else {
            value >= self.bound
        }
    }
}

impl fmt::Display for Constraint {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let op = if self.at_most { "<=" } else { ">=" };
        write!(f, "{} {op} {}", self.quantity, self.bound)
    }
}

/// Why an objective or a constraint does not read.
#[derive(Clone, Debug, PartialEq)]
pub enum GoalError {
    /// No such quantity.
    UnknownQuantity(String),
    /// The text is not of the expected form.
    Malformed {
        /// The text.
        text: String,
        /// The form expected.
        expected: &'static str,
    },
    /// An objective without its margin (or with one that is no number).
    NoMargin(String),
    /// No objective.
    NoObjective,
    /// A margin that is not a positive number.
    BadMargin(f64),
    /// A seat ratio of a seat the game does not have.
    NoSuchSeat {
        /// The seat.
        seat: usize,
        /// The game's seats.
        players: usize,
    },
}

impl fmt::Display for GoalError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            GoalError::UnknownQuantity(q) => write!(
                f,
                "`{q}` is no quantity a search measures (seat_ratio:S, tie_rate, mean_turns, \
                 mean_lead_changes, mean_drama, mean_decisiveness, comeback_rate, mean_branching)"
            ),
            GoalError::Malformed { text, expected } => {
                write!(f, "`{text}` does not read: write {expected}")
            }
            GoalError::NoMargin(text) => write!(
                f,
                "`{text}`: give its margin, e.g. `seat_ratio:0 near 1 margin 0.02` (values closer \
                 than the margin are equally good)"
            ),
            GoalError::NoObjective => write!(f, "a search needs at least one objective"),
            GoalError::BadMargin(m) => write!(f, "the margin {m} is not a positive number"),
            GoalError::NoSuchSeat { seat, players } => {
                write!(
                    f,
                    "seat_ratio:{seat}: the game has seats 0 to {}",
                    players - 1
                )
            }
        }
    }
}

impl std::error::Error for GoalError {}

/// The goal of a search: its objectives (the first one orders the pick
/// and the proposals) and constraints.
#[derive(Clone, Debug, PartialEq)]
pub struct Goal {
    /// The objectives, most important first.
    pub objectives: Vec<Objective>,
    /// The constraints.
    pub constraints: Vec<Constraint>,
    /// The player count (a seat ratio's range).
    pub players: usize,
}

impl Goal {
    /// A goal, checked: at least one objective, positive margins, seats
    /// the game has.
    pub fn new(
        objectives: Vec<Objective>,
        constraints: Vec<Constraint>,
        players: usize,
    ) -> Result<Goal, GoalError> {
        if objectives.is_empty() {
            return Err(GoalError::NoObjective);
        }
        if let Some(o) = objectives
            .iter()
            .find(|o| !(o.margin > 0.0 && o.margin.is_finite()))
        {
            return Err(GoalError::BadMargin(o.margin));
        }
        let goal = Goal {
            objectives,
            constraints,
            players,
        };
        for q in goal.quantities() {
            if let Quantity::SeatRatio(seat) = q
                && seat >= players
            {
                return Err(GoalError::NoSuchSeat { seat, players });
            }
        }
        Ok(goal)
    }

    /// The distinct quantities measured, objectives' first, in order.
    pub fn quantities(&self) -> Vec<Quantity> {
        let mut out: Vec<Quantity> = Vec::new();
        let all = self
            .objectives
            .iter()
            .map(|o| o.quantity)
            .chain(self.constraints.iter().map(|c| c.quantity));
        for q in all {
            if !out.contains(&q) {
                out.push(q);
            }
        }
        out
    }

    /// The index of `quantity` in [`Goal::quantities`].
    pub fn index_of(&self, quantity: Quantity) -> usize {
        self.quantities()
            .iter()
            .position(|&q| q == quantity)
            .unwrap_or(0)
    }

    /// Whether the games must measure the quality metrics.
    pub fn needs_quality(&self) -> bool {
        self.quantities().iter().any(|q| q.needs_quality())
    }
}
