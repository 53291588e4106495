//! A search's power plan as its manifest records it (`plan`, beside
//! `criterion`, in `rounds/0/manifest.json`; docs/search.md, "The plan"):
//! the questions of [`SearchPlan`] at the deals planned before round 0,
//! the `warning:`s they gave, and whether the rule's yes/no question was
//! unresolvable and the search allowed that (`allow_unresolvable`). A
//! manifest from before it was recorded has none (reads as absent).

use beachcomber::search::{PlanLine, SearchPlan};
use serde::{Deserialize, Serialize};

/// The plan of a search (its round 0 manifest's `plan` field).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PlanRecord {
    /// The most deals a candidate plays in the race.
    pub deals: u64,
    /// The fresh deals of the yes/no test after the race.
    pub confirmation_deals: u64,
    /// Each question: the objectives', the constraints', the yes/no line.
    pub lines: Vec<PlanLine>,
    /// The `warning:` texts the plan printed before round 0 (the questions
    /// the budget cannot resolve).
    pub warnings: Vec<String>,
    /// Whether the rule's yes/no question could not be resolved at the
    /// budget (a search with a confirmation seed only).
    pub unresolvable: bool,
    /// Whether the search declared `allow_unresolvable` (it applied when
    /// `unresolvable` is also true: the answer can then only be
    /// inconclusive).
    pub allow_unresolvable: bool,
}

impl PlanRecord {
    /// The record of `plan`: `unresolvable` as the search judged it,
    /// `allow_unresolvable` as it declared it.
    pub fn new(plan: &SearchPlan, unresolvable: bool, allow_unresolvable: bool) -> PlanRecord {
        PlanRecord {
            deals: plan.deals,
            confirmation_deals: plan.confirmation_deals,
            lines: plan.lines.clone(),
            warnings: plan.warnings(),
            unresolvable,
            allow_unresolvable,
        }
    }

    /// The plan it records.
    pub fn plan(&self) -> SearchPlan {
        SearchPlan {
            deals: self.deals,
            confirmation_deals: self.confirmation_deals,
            lines: self.lines.clone(),
        }
    }
}
