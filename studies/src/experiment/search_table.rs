//! `[criterion.search]` as an experiment file writes it: a plain table the
//! file reader holds and the search ([`super::search`]) reads.

use serde::Deserialize;

/// `[criterion.search]`: the space, the goal and the budget of a search.
#[derive(Clone, Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SearchTable {
    /// The options varied and their values (as a sweep's `vary`).
    #[serde(default)]
    pub vary: toml::Table,
    /// Bounds on sums of varied options (`"deck.Shell+deck.Crab in
    /// 30..=60"`).
    #[serde(default)]
    pub bounds: Vec<String>,
    /// Points raced from round 0 (references): each a table of every
    /// varied key and its value.
    #[serde(default)]
    pub include: Vec<toml::Table>,
    /// The objectives, most important first (`"seat_ratio:0 near 1 margin
    /// 0.02"`).
    #[serde(default)]
    pub objectives: Vec<String>,
    /// The constraints (`"mean_turns <= 9"`, `"seat_ratio:0 near 1 <=
    /// baseline + 0.02"`, `"order:greedy>random >= 50 elo"`).
    #[serde(default)]
    pub constraints: Vec<String>,
    /// The baseline setting the constraints against `baseline` are tested
    /// against (`"players=4"`, `"removed=0"`).
    pub baseline: Option<String>,
    /// The family-wise error of the eliminations.
    pub alpha: Option<f64>,
    /// How the race spends it: `"max-t"` or `"union"` (a file without
    /// the key: `union`, the race of the searches committed before
    /// `max-t`).
    pub race: Option<String>,
    /// The most candidates evaluated.
    pub candidates: Option<usize>,
    /// The most rounds.
    pub rounds: Option<usize>,
    /// Deals per candidate in round 0.
    pub first_deals: Option<u64>,
    /// The most games of the rounds.
    pub games: Option<u64>,
    /// Random candidates at the start of a space larger than `candidates`.
    pub initial: Option<usize>,
    /// Candidates proposed after each round.
    pub proposals: Option<usize>,
    /// The proposal model's exploration constant.
    pub exploration: Option<f64>,
    /// The most games of the confirmation (default: a quarter of `games`).
    pub confirm_games: Option<u64>,
    /// The lineup that plays the confirmation (default: `bots`): the
    /// rounds screen with `bots`, the survivors are judged by this one.
    pub strong: Option<String>,
    /// The most survivors confirmed (default 10).
    pub confirm_most: Option<usize>,
    /// Candidates eliminated as dominated played again in the
    /// confirmation (default 3).
    pub recheck: Option<usize>,
    /// Run even when the budget cannot resolve the rule's yes/no question
    /// (its answer can then only be inconclusive).
    pub allow_unresolvable: Option<bool>,
}
