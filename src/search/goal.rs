//! A search's goal: objectives to bring to their best and constraints to
//! meet, each over a per-deal [`Quantity`] (a mean over a deal's rotated
//! games, so that a deal is the unit of every interval).

use std::fmt;

use crate::compare::Metric;

/// A per-deal quantity: its value on a deal is the mean over the deal's
/// games (a seat ratio: players × the seat's mean win share).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
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
    /// `skill:STRONG>WEAK`: how far a stronger bot beats a weaker one in
    /// the candidate's game: STRONG's players × win share in games of
    /// STRONG against WEAK in every other seat, through every seat (1 =
    /// the game expresses no skill). Played by a lineup of its own beside
    /// the search's; [`elo_of_ratio`] reads it as an Elo gap.
    Skill {
        /// The stronger bot's spec, as written.
        strong: String,
        /// The weaker bot's spec, as written.
        weak: String,
    },
}

impl Quantity {
    /// Read `seat_ratio:S`, `tie_rate`, `mean_turns` or a quality metric's
    /// name.
    pub fn parse(text: &str) -> Result<Quantity, GoalError> {
        let text = text.trim();
        if let Some(duel) = text.strip_prefix("skill:") {
            return match duel
                .split('>')
                .map(str::trim)
                .collect::<Vec<_>>()
                .as_slice()
            {
                [strong, weak] if !strong.is_empty() && !weak.is_empty() && strong != weak => {
                    Ok(Quantity::Skill {
                        strong: strong.to_string(),
                        weak: weak.to_string(),
                    })
                }
                _ => Err(GoalError::Malformed {
                    text: text.to_string(),
                    expected: "skill:STRONG>WEAK with two different bots, e.g. \
                               `skill:greedy>random`",
                }),
            };
        }
        if let Some(seat) = text
            .strip_prefix(Metric::SeatRatio.name())
            .and_then(|rest| rest.strip_prefix(':'))
        {
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
    pub fn range(&self, players: usize) -> Option<f64> {
        match self {
            Quantity::SeatRatio(_) | Quantity::Skill { .. } => Some(players as f64),
            Quantity::TieRate => Some(1.0),
            Quantity::Quality(i) if Metric::QUALITY[*i] == Metric::ComebackRate => Some(1.0),
            _ => None,
        }
    }

    /// Whether the games must measure the quality metrics.
    pub fn needs_quality(&self) -> bool {
        matches!(self, Quantity::Quality(_))
    }

    /// The duel a skill quantity is measured by: its two bots.
    pub fn duel(&self) -> Option<(&str, &str)> {
        match self {
            Quantity::Skill { strong, weak } => Some((strong, weak)),
            _ => None,
        }
    }
}

/// The skill ratio (STRONG's players × win share) of an Elo gap at
/// `players` seats, by the Bradley-Terry-Luce model: STRONG wins against
/// `players − 1` copies of WEAK with probability g / (g + players − 1),
/// g = 10^(elo / 400). At two players, 100 Elo is a ratio of 1.280.
pub fn ratio_of_elo(elo: f64, players: usize) -> f64 {
    let g = 10f64.powf(elo / 400.0);
    let n = players as f64;
    n * g / (g + n - 1.0)
}

/// The Elo gap of a skill ratio at `players` seats ([`ratio_of_elo`]'s
/// inverse; infinite at a ratio of `players`).
pub fn elo_of_ratio(ratio: f64, players: usize) -> f64 {
    let n = players as f64;
    let p = (ratio / n).clamp(0.0, 1.0);
    400.0 * (p * (n - 1.0) / (1.0 - p)).log10()
}

impl fmt::Display for Quantity {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Quantity::SeatRatio(s) => write!(f, "{}:{s}", Metric::SeatRatio.name()),
            Quantity::TieRate => f.write_str(Metric::TieRate.name()),
            Quantity::Turns => f.write_str(Metric::MeanTurns.name()),
            Quantity::Quality(i) => f.write_str(Metric::QUALITY[*i].name()),
            Quantity::Skill { strong, weak } => write!(f, "skill:{strong}>{weak}"),
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
#[derive(Clone, Debug, PartialEq)]
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

/// What a constraint's value is held to.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Bound {
    /// A number.
    Value(f64),
    /// The same value of the search's baseline setting (played beside the
    /// candidates every round), plus this offset.
    Baseline(f64),
}

/// A constraint: a quantity (or its distance from a target) at most or at
/// least a threshold or the baseline setting's own value.
#[derive(Clone, Debug, PartialEq)]
pub struct Constraint {
    /// The quantity.
    pub quantity: Quantity,
    /// `Some(x)`: the constraint holds the distance `|quantity − x|`
    /// (`seat_ratio:0 near 1 <= baseline`: no less fair than the baseline).
    pub near: Option<f64>,
    /// `true`: at most the bound; `false`: at least.
    pub at_most: bool,
    /// The bound.
    pub bound: Bound,
    /// The Elo gap the bound was written as (a skill quantity's
    /// `>= 50 elo`), for display; the bound is its skill ratio.
    pub elo: Option<f64>,
}

impl Constraint {
    /// Read `QUANTITY <= X` or `QUANTITY >= X`; the left side may be
    /// `QUANTITY near T` (its distance from T), the right side `baseline`,
    /// `baseline + M` or `baseline - M` (the baseline setting's value), and
    /// a skill quantity's bound `X elo` (an Elo gap at `players` seats).
    pub fn parse(text: &str, players: usize) -> Result<Constraint, GoalError> {
        let bad = || GoalError::Malformed {
            text: text.to_string(),
            expected: "QUANTITY <= X or QUANTITY >= X (the left side may be `QUANTITY near T`, \
                       the right `baseline + M`, a skill's `X elo`), e.g. `mean_turns <= 45`",
        };
        let (left, at_most, right) = if let Some((q, b)) = text.split_once("<=") {
            (q, true, b)
        } else if let Some((q, b)) = text.split_once(">=") {
            (q, false, b)
        } else {
            return Err(bad());
        };
        let number = |t: &str| -> Result<f64, GoalError> {
            let x: f64 = t.trim().parse().map_err(|_| bad())?;
            if x.is_finite() { Ok(x) } else { Err(bad()) }
        };
        let (quantity, near) = match left.split_once(" near ") {
            Some((q, t)) => (Quantity::parse(q)?, Some(number(t)?)),
            None => (Quantity::parse(left)?, None),
        };
        let right = right.trim();
        let mut elo = None;
        let bound = if let Some(rest) = right.strip_prefix("baseline") {
            let rest = rest.trim();
            if rest.is_empty() {
                Bound::Baseline(0.0)
            } else if let Some(m) = rest.strip_prefix('+') {
                Bound::Baseline(number(m)?)
            } else if let Some(m) = rest.strip_prefix('-') {
                Bound::Baseline(-number(m)?)
            } else {
                return Err(bad());
            }
        } else if let Some(x) = right.strip_suffix("elo") {
            if quantity.duel().is_none() || near.is_some() {
                return Err(GoalError::EloOfNoSkill(text.to_string()));
            }
            let x = number(x)?;
            elo = Some(x);
            Bound::Value(ratio_of_elo(x, players))
        } else {
            Bound::Value(number(right)?)
        };
        Ok(Constraint {
            quantity,
            near,
            at_most,
            bound,
            elo,
        })
    }

    /// Read a constraint, or a skill order `order:A>B>C >= X elo` (each bot
    /// beats the next by at least X Elo, as TAG's balancing competition
    /// asks of a design): one skill constraint per neighbouring pair.
    pub fn parse_all(text: &str, players: usize) -> Result<Vec<Constraint>, GoalError> {
        let Some(order) = text.trim().strip_prefix("order:") else {
            return Ok(vec![Constraint::parse(text, players)?]);
        };
        let bad = || GoalError::Malformed {
            text: text.to_string(),
            expected: "order:STRONGEST>...>WEAKEST >= X elo, e.g. `order:greedy>random >= 50 elo`",
        };
        let (bots, gap) = order.split_once(">=").ok_or_else(bad)?;
        let bots: Vec<&str> = bots.split('>').map(str::trim).collect();
        if bots.len() < 2 || bots.iter().any(|b| b.is_empty()) {
            return Err(bad());
        }
        bots.windows(2)
            .map(|w| {
                Constraint::parse(
                    &format!("skill:{}>{} >= {}", w[0], w[1], gap.trim()),
                    players,
                )
            })
            .collect()
    }

    /// Whether a value meets the constraint when the bound is `bound`.
    pub fn met_by(&self, value: f64, bound: f64) -> bool {
        if self.at_most {
            value <= bound
        } else {
            value >= bound
        }
    }

    /// Whether the constraint is tested against the baseline.
    pub fn needs_baseline(&self) -> bool {
        matches!(self.bound, Bound::Baseline(_))
    }

    /// The constrained value's interval over a quantity's interval
    /// `[low, high]`: itself, or the interval of its distance from the
    /// target.
    pub fn value_interval(&self, low: f64, high: f64) -> (f64, f64) {
        match self.near {
            None => (low, high),
            Some(t) => Objective {
                quantity: self.quantity.clone(),
                aim: Aim::Near(t),
                margin: 1.0,
            }
            .loss_interval(low, high),
        }
    }

    /// The constrained value of a quantity's value.
    pub fn value(&self, value: f64) -> f64 {
        match self.near {
            None => value,
            Some(t) => (value - t).abs(),
        }
    }
}

impl fmt::Display for Constraint {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let op = if self.at_most { "<=" } else { ">=" };
        write!(f, "{}", self.quantity)?;
        if let Some(t) = self.near {
            write!(f, " near {t}")?;
        }
        match (self.bound, self.elo) {
            (_, Some(elo)) => write!(f, " {op} {elo} elo"),
            (Bound::Value(x), None) => write!(f, " {op} {x}"),
            (Bound::Baseline(0.0), None) => write!(f, " {op} baseline"),
            (Bound::Baseline(m), None) if m > 0.0 => write!(f, " {op} baseline + {m}"),
            (Bound::Baseline(m), None) => write!(f, " {op} baseline - {}", -m),
        }
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
    /// An Elo bound on a quantity that is no skill.
    EloOfNoSkill(String),
    /// A constraint against the baseline, and no baseline setting given.
    NoBaseline(String),
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
            GoalError::UnknownQuantity(q) => {
                let names: Vec<&str> = [Metric::TieRate, Metric::MeanTurns]
                    .into_iter()
                    .chain(Metric::QUALITY)
                    .map(Metric::name)
                    .collect();
                write!(
                    f,
                    "`{q}` is no quantity a search measures ({}:S, {})",
                    Metric::SeatRatio.name(),
                    names.join(", ")
                )
            }
            GoalError::Malformed { text, expected } => {
                write!(f, "`{text}` does not read: write {expected}")
            }
            GoalError::NoMargin(text) => write!(
                f,
                "`{text}`: give its margin, e.g. `seat_ratio:0 near 1 margin 0.02` (values closer \
                 than the margin are equally good)"
            ),
            GoalError::EloOfNoSkill(text) => write!(
                f,
                "`{text}`: only a skill quantity (skill:STRONG>WEAK) takes a bound in Elo"
            ),
            GoalError::NoBaseline(text) => write!(
                f,
                "`{text}` is tested against the baseline: give the baseline setting (--baseline \
                 'KEY=VALUE,...' or `baseline` in [criterion.search])"
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
    /// The baseline setting's player count, when the search has one (the
    /// constraints against `baseline` are tested against it).
    pub baseline_players: Option<usize>,
}

impl Goal {
    /// A goal, checked: at least one objective, positive margins, seats
    /// the game has, a baseline for the constraints that name it.
    pub fn new(
        objectives: Vec<Objective>,
        constraints: Vec<Constraint>,
        players: usize,
        baseline_players: Option<usize>,
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
        if baseline_players.is_none()
            && let Some(k) = constraints.iter().find(|k| k.needs_baseline())
        {
            return Err(GoalError::NoBaseline(k.to_string()));
        }
        let goal = Goal {
            objectives,
            constraints,
            players,
            baseline_players,
        };
        let fewest = players.min(baseline_players.unwrap_or(players));
        for q in goal.quantities() {
            if let Quantity::SeatRatio(seat) = q
                && seat >= fewest
            {
                return Err(GoalError::NoSuchSeat {
                    seat,
                    players: fewest,
                });
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
            .map(|o| &o.quantity)
            .chain(self.constraints.iter().map(|c| &c.quantity));
        for q in all {
            if !out.contains(q) {
                out.push(q.clone());
            }
        }
        out
    }

    /// The index of `quantity` in [`Goal::quantities`].
    pub fn index_of(&self, quantity: &Quantity) -> usize {
        self.quantities()
            .iter()
            .position(|q| q == quantity)
            .unwrap_or(0)
    }

    /// The distinct duels of the skill quantities (strong, weak), in the
    /// quantities' order: each is played by a lineup of its own.
    pub fn duels(&self) -> Vec<(String, String)> {
        self.quantities()
            .iter()
            .filter_map(|q| q.duel().map(|(s, w)| (s.to_string(), w.to_string())))
            .collect()
    }

    /// Whether the games must measure the quality metrics.
    pub fn needs_quality(&self) -> bool {
        self.quantities().iter().any(|q| q.needs_quality())
    }
}
