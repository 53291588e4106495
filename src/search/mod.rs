//! Design-space search (docs/search.md): candidates of a space of game
//! options raced in rounds on shared deals, each leaving as soon as it
//! fails a constraint or is dominated with significance, with the error of
//! every elimination spent over a budget of candidates and rounds declared
//! before the games; new candidates proposed by an N-tuple bandit model
//! when the space is too large to play whole.
//!
//! This module holds the method and no IO: the space ([`Space`], points and
//! their option values), the goal ([`Goal`]: objectives and constraints
//! over per-deal [`Quantity`]s), the evidence of each candidate
//! ([`Evidence`], per-deal moments), the race ([`Race`]: the intervals,
//! paired per deal, the eliminations, the front and the pick), the
//! proposals ([`propose`]) and the rounds ([`Search`]). The run store plays
//! the rounds.

mod evidence;
mod goal;
mod interval;
mod plan;
mod propose;
mod race;
mod rounds;
mod space;
mod spending;

pub use evidence::{Evidence, Moments, deal_values};
pub use goal::{
    Aim, Bound, Constraint, Goal, GoalError, Objective, Quantity, elo_of_ratio, ratio_of_elo,
};
pub use interval::{Interval, variance_floor};
pub use plan::{Answer, PLANNED_POWER, PlanLine, SearchPlan, YesNo};
pub use propose::{NTupleModel, propose};
pub use race::{Budget, Candidate, Exit, Race, RoundValues, Verdict, round_deals, spent_fraction};
pub use rounds::{RoundPlan, RoundRecord, Search, SearchError, Settings, Stop};
pub use space::{Point, Space, SpaceError, SumBound};
pub use spending::{REPLICATES, Spending, Spent, UnknownRace, critical_value};

#[cfg(test)]
mod duel_baseline_tests;
#[cfg(test)]
mod spending_tests;
#[cfg(test)]
mod tests;
