//! The time left of a run whose parts cost differently per game: a sweep
//! of cheap random games and expensive searching ones, a league of bots of
//! different strengths. Counting games makes the estimate climb (or fall)
//! as the run moves from cheap parts to dear ones; here each game is
//! weighed by its expected cost instead ([`game_weight`]), and the time
//! left is the work left at the rate of the work done so far
//! ([`WorkTable::remaining`]). Pure functions: the caller owns the clock.

use crate::spec::Spec;
use crate::tournament::{Plan, RunSpec, Shard};

/// The expected cost of one decision of the bot `spec` (a canonical bot
/// spec), in playouts: `iterations` (times `trees`, each tree searching
/// them all), else `worlds` (a greedy bot's determinizations), else 1 (a
/// random bot, or an external engine). A spec that does not parse costs 1.
pub fn decision_cost(spec: &str) -> f64 {
    let Ok(spec) = spec.parse::<Spec>() else {
        return 1.0;
    };
    let number = |key: &str| {
        spec.get(key)
            .and_then(|v| v.parse::<f64>().ok())
            .filter(|v| v.is_finite() && *v >= 1.0)
    };
    match number("iterations") {
        Some(iterations) => iterations * number("trees").unwrap_or(1.0),
        None => number("worlds").unwrap_or(1.0),
    }
}

/// The expected cost of one game of `run`: every seat decides in turn, so
/// a game costs the sum over its seats of their bots' [`decision_cost`]
/// (players x iterations for one bot in every seat), averaged over the
/// run's games (a league's lineups by their share of a deal's games).
pub fn game_weight(run: &RunSpec) -> f64 {
    let mut weighted = 0.0;
    let mut games = 0.0;
    for (l, lineup) in run.lineups.iter().enumerate() {
        let share = run.lineup_rotations(l) as f64;
        weighted += share * lineup.iter().map(|s| decision_cost(s)).sum::<f64>();
        games += share;
    }
    if games > 0.0 { weighted / games } else { 1.0 }
}

/// The cumulative expected work of a shard's games in game order, from
/// each part's number of games and its weight per game.
#[derive(Clone, Debug, PartialEq)]
pub struct WorkTable {
    /// Per part: its games in the shard and the weight of each.
    parts: Vec<(u64, f64)>,
}

impl WorkTable {
    /// The table of `shard` of `plan`, each part weighed by [`game_weight`].
    pub fn new(plan: &Plan, shard: Shard) -> WorkTable {
        WorkTable::from_parts(
            plan.parts
                .iter()
                .map(|p| (shard.games(&p.run), game_weight(&p.run)))
                .collect(),
        )
    }

    /// A table of parts given as `(games, weight per game)`, in game order.
    pub fn from_parts(parts: Vec<(u64, f64)>) -> WorkTable {
        WorkTable { parts }
    }

    /// The games of the table.
    pub fn games(&self) -> u64 {
        self.parts.iter().map(|(g, _)| g).sum()
    }

    /// The work of the first `games` games (games finish nearly in order:
    /// the pool plays them in chunks).
    pub fn work_before(&self, games: u64) -> f64 {
        let mut left = games;
        let mut work = 0.0;
        for &(count, weight) in &self.parts {
            let now = left.min(count);
            work += now as f64 * weight;
            left -= now;
            if left == 0 {
                break;
            }
        }
        work
    }

    /// The work of every game.
    pub fn total(&self) -> f64 {
        self.work_before(self.games())
    }

    /// Seconds left when `done` games are finished after `elapsed_secs`
    /// of a session that began at game `base`: the work left at this
    /// session's rate of work. `None` before the session has done any.
    pub fn remaining(&self, base: u64, done: u64, elapsed_secs: f64) -> Option<f64> {
        let done_now = self.work_before(done) - self.work_before(base.min(done));
        if done_now <= 0.0 || elapsed_secs <= 0.0 {
            return None;
        }
        let left = (self.total() - self.work_before(done)).max(0.0);
        Some(elapsed_secs * left / done_now)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tournament::{Count, Part};

    fn run(bot: &str, players: usize, games: u64) -> RunSpec {
        RunSpec::new(
            "seaside",
            players,
            &[bot.to_string()],
            Count::Games(games),
            1,
            true,
        )
        .unwrap()
    }

    fn plan(runs: Vec<RunSpec>) -> Plan {
        Plan {
            parts: runs
                .into_iter()
                .map(|run| Part {
                    values: Vec::new(),
                    run,
                })
                .collect(),
        }
    }

    #[test]
    fn a_decision_costs_its_iterations_times_its_trees_else_its_worlds() {
        assert_eq!(decision_cost("random"), 1.0);
        assert_eq!(decision_cost("greedy(worlds=8)"), 8.0);
        assert_eq!(
            decision_cost("pimc(iterations=2000,worlds=20,c=0.7,rollout=random,reward=auto)"),
            2000.0
        );
        assert_eq!(decision_cost("expert(iterations=500,trees=4)"), 2000.0);
        assert_eq!(decision_cost("mine"), 1.0);
        assert_eq!(decision_cost("not a spec((("), 1.0);
    }

    #[test]
    fn a_game_weighs_the_sum_of_its_seats_and_a_league_its_lineups_by_games() {
        assert_eq!(game_weight(&run("ismcts(iterations=100)", 3, 3)), 300.0);
        let mixed = RunSpec::new(
            "seaside",
            2,
            &["ismcts(iterations=100)".to_string(), "random".to_string()],
            Count::Games(2),
            1,
            true,
        )
        .unwrap();
        assert_eq!(game_weight(&mixed), 101.0);
    }

    #[test]
    fn the_table_adds_the_work_of_the_parts_in_order() {
        let table = WorkTable::from_parts(vec![(2, 10.0), (3, 1.0)]);
        assert_eq!(table.games(), 5);
        assert_eq!(table.work_before(0), 0.0);
        assert_eq!(table.work_before(1), 10.0);
        assert_eq!(table.work_before(3), 21.0);
        assert_eq!(table.work_before(9), 23.0);
        assert_eq!(table.total(), 23.0);
        assert_eq!(table.remaining(0, 0, 5.0), None);
        // A resumed session: 2 games done before it, one now in 4 s.
        assert_eq!(table.remaining(2, 3, 4.0), Some(8.0));
    }

    /// Synthetic completion times: game `g` takes its part's cost in
    /// seconds, times a jitter of +-20%; `(finish time of each game)`.
    fn finish_times(costs: &[(u64, f64)]) -> Vec<f64> {
        let mut t = 0.0;
        let mut times = Vec::new();
        let mut g = 0u64;
        for &(games, cost) in costs {
            for _ in 0..games {
                let jitter = 1.0 + 0.2 * ((g * 7919 % 11) as f64 / 5.0 - 1.0);
                t += cost * jitter;
                times.push(t);
                g += 1;
            }
        }
        times
    }

    /// A sweep of two combinations whose games cost 10 and 1 (in either
    /// order): at 10% of the games, the weighted estimate is within 50%
    /// of the true time left; counting games (the estimate before) is
    /// off by far more.
    #[test]
    fn the_estimate_at_a_tenth_is_within_half_of_the_time_left_when_costs_differ_tenfold() {
        let dear = run("ismcts(iterations=2000)", 2, 200);
        let cheap = run("ismcts(iterations=200)", 2, 200);
        for runs in [vec![dear.clone(), cheap.clone()], vec![cheap, dear]] {
            let plan = plan(runs);
            let table = WorkTable::new(&plan, Shard::WHOLE);
            assert_eq!(table.games(), 400);
            let costs: Vec<(u64, f64)> = plan
                .parts
                .iter()
                .map(|p| (p.run.games(), game_weight(&p.run) / 400.0))
                .collect();
            let times = finish_times(&costs);
            let end = *times.last().unwrap();
            for done in [40u64, 100, 200, 300] {
                let elapsed = times[done as usize - 1];
                let truth = end - elapsed;
                let estimate = table.remaining(0, done, elapsed).unwrap();
                assert!(
                    (estimate - truth).abs() <= 0.5 * truth,
                    "at {done} games: estimate {estimate:.1} s, truth {truth:.1} s"
                );
            }
            let elapsed = times[39];
            let by_count = elapsed * (400.0 - 40.0) / 40.0;
            let truth = end - elapsed;
            assert!(
                (by_count - truth).abs() > 0.5 * truth,
                "counting games: {by_count:.1} s against {truth:.1} s"
            );
        }
    }

    #[test]
    fn a_shard_weighs_its_own_games() {
        let plan = plan(vec![run("random", 2, 10), run("greedy(worlds=8)", 2, 10)]);
        let table = WorkTable::new(&plan, Shard::new(1, 2).unwrap());
        assert_eq!(table.games(), 10);
        assert_eq!(table.total(), 5.0 * 2.0 + 5.0 * 16.0);
    }
}
