//! A plan: several runs played as one (a sweep: one run per combination of
//! settings), in one parallel pool, one set of output files and one
//! manifest. A tournament or a league is a plan of one part.
//!
//! # Numbering
//!
//! The games of a plan are numbered part by part: part `p`'s game `i` (its
//! number in its own run) is plan game [`Plan::offset`]`(p) + i`. A
//! [`Shard`] of a plan takes the same deals of every part (deal `d` of a
//! part belongs to shard `d % count`), so every shard holds a slice of
//! every combination; its games are numbered locally part by part
//! ([`Layout`]).
//!
//! # Seeds
//!
//! Each part is a complete [`RunSpec`] with its own seed: a part's games
//! are exactly those of a tournament with the same settings and seed.
//! Parts with one seed share their deals' seeds (common random numbers).

use serde::{Deserialize, Serialize};

use super::{RunSpec, Shard};

/// One part of a plan: a run, and the values that label its rows (e.g.
/// `removed=20`, `players=2`; empty for a plain tournament).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Part {
    /// `(column, value)` pairs, written before each of the part's CSV rows.
    pub values: Vec<(String, String)>,
    /// The part's run.
    pub run: RunSpec,
}

/// Runs played as one (see the module documentation).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Plan {
    /// The parts, in game order. Every part has the same value columns.
    pub parts: Vec<Part>,
}

impl Plan {
    /// A plan of one run with no value columns (a tournament, a league).
    pub fn single(run: RunSpec) -> Plan {
        Plan {
            parts: vec![Part {
                values: Vec::new(),
                run,
            }],
        }
    }

    /// The first part's run (a tournament's or league's only run).
    pub fn first(&self) -> &RunSpec {
        &self.parts[0].run
    }

    /// Games in the whole plan.
    pub fn games(&self) -> u64 {
        self.parts.iter().map(|p| p.run.games()).sum()
    }

    /// The plan number of part `part`'s first game.
    pub fn offset(&self, part: usize) -> u64 {
        self.parts[..part].iter().map(|p| p.run.games()).sum()
    }

    /// Several plans played as one: their parts in order, each labelled
    /// with the union of the plans' value columns, in order of first
    /// appearance but the columns `last` at the end (a sweep's `players`
    /// and `lineup`); a part without a column has it empty. The
    /// concatenation of one plan whose columns end with `last` is that plan.
    pub fn concat(plans: Vec<Plan>, last: &[&str]) -> Plan {
        let mut columns: Vec<String> = Vec::new();
        for plan in &plans {
            for c in plan.value_columns() {
                if !last.contains(&c) && !columns.iter().any(|k| k == c) {
                    columns.push(c.to_string());
                }
            }
        }
        columns.extend(last.iter().map(|c| c.to_string()));
        let parts = plans
            .into_iter()
            .flat_map(|p| p.parts)
            .map(|part| Part {
                values: columns
                    .iter()
                    .map(|c| {
                        let v = part
                            .values
                            .iter()
                            .find(|(k, _)| k == c)
                            .map(|(_, v)| v.clone())
                            .unwrap_or_default();
                        (c.clone(), v)
                    })
                    .collect(),
                run: part.run,
            })
            .collect();
        Plan { parts }
    }

    /// Whether the plan measures the game-quality metrics
    /// ([`RunSpec::quality`], set on every part or on none).
    pub fn quality(&self) -> bool {
        self.parts.first().is_some_and(|p| p.run.quality)
    }

    /// The value columns (the first part's keys; every part has the same).
    pub fn value_columns(&self) -> Vec<&str> {
        self.parts
            .first()
            .map(|p| p.values.iter().map(|(k, _)| k.as_str()).collect())
            .unwrap_or_default()
    }
}

/// Where each part's games lie in a shard of a plan: the map from a
/// shard's local game numbers to parts and plan game numbers.
#[derive(Clone, Debug)]
pub struct Layout {
    shard: Shard,
    /// Per part: its first local game in the shard.
    starts: Vec<u64>,
    /// Per part: its first game's plan number.
    offsets: Vec<u64>,
    /// Local games in the shard.
    games: u64,
}

impl Layout {
    /// The layout of `shard` of `plan`.
    pub fn new(plan: &Plan, shard: Shard) -> Layout {
        let (mut starts, mut offsets) = (Vec::new(), Vec::new());
        let (mut local, mut global) = (0u64, 0u64);
        for p in &plan.parts {
            starts.push(local);
            offsets.push(global);
            local += shard.games(&p.run);
            global += p.run.games();
        }
        Layout {
            shard,
            starts,
            offsets,
            games: local,
        }
    }

    /// The shard's games.
    pub fn games(&self) -> u64 {
        self.games
    }

    /// Local game `local` as `(part, its number in the part's run, its
    /// plan number)`.
    pub fn locate(&self, plan: &Plan, local: u64) -> (usize, u64, u64) {
        // The last part starting at or before `local` that has games there.
        let part = self.starts.partition_point(|&s| s <= local) - 1;
        let within = local - self.starts[part];
        let in_run = self.shard.global(&plan.parts[part].run, within);
        (part, in_run, self.offsets[part] + in_run)
    }

    /// The plan number of part `part`'s first game.
    pub fn offset(&self, part: usize) -> u64 {
        self.offsets[part]
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tournament::Count;

    fn run(deals: u64, lineup: &[&str], seed: u64) -> RunSpec {
        let lineup: Vec<String> = lineup.iter().map(|s| s.to_string()).collect();
        RunSpec::new("pebbles", 2, &lineup, Count::Deals(deals), seed, true).unwrap()
    }

    #[test]
    fn concat_labels_every_part_with_the_union_of_the_columns() {
        let part = |values: &[(&str, &str)]| Part {
            values: values
                .iter()
                .map(|(k, v)| (k.to_string(), v.to_string()))
                .collect(),
            run: run(1, &["x"], 1),
        };
        let a = Plan {
            parts: vec![part(&[("removed", "0"), ("players", "2"), ("lineup", "x")])],
        };
        let b = Plan {
            parts: vec![
                part(&[("deck", "8"), ("players", "3"), ("lineup", "x")]),
                part(&[("deck", "9"), ("players", "3"), ("lineup", "x")]),
            ],
        };
        let c = Plan::concat(vec![a.clone(), b], &["players", "lineup"]);
        assert_eq!(c.parts.len(), 3);
        assert_eq!(
            c.value_columns(),
            vec!["removed", "deck", "players", "lineup"]
        );
        let values: Vec<Vec<&str>> = c
            .parts
            .iter()
            .map(|p| p.values.iter().map(|(_, v)| v.as_str()).collect())
            .collect();
        assert_eq!(
            values,
            vec![
                vec!["0", "", "2", "x"],
                vec!["", "8", "3", "x"],
                vec!["", "9", "3", "x"]
            ]
        );
        assert_eq!(Plan::concat(vec![a.clone()], &["players", "lineup"]), a);
    }

    #[test]
    fn locate_walks_the_parts_of_a_shard_in_order() {
        let plan = Plan {
            parts: vec![
                Part {
                    values: vec![("k".into(), "a".into())],
                    run: run(3, &["x"], 1),
                },
                Part {
                    values: vec![("k".into(), "b".into())],
                    run: run(2, &["x", "y"], 1),
                },
                Part {
                    values: vec![("k".into(), "c".into())],
                    run: run(1, &["x"], 1),
                },
            ],
        };
        assert_eq!(plan.games(), 3 + 4 + 1);
        assert_eq!(plan.offset(2), 7);
        let whole = Layout::new(&plan, Shard::WHOLE);
        let all: Vec<_> = (0..whole.games()).map(|i| whole.locate(&plan, i)).collect();
        assert_eq!(
            all,
            vec![
                (0, 0, 0),
                (0, 1, 1),
                (0, 2, 2),
                (1, 0, 3),
                (1, 1, 4),
                (1, 2, 5),
                (1, 3, 6),
                (2, 0, 7)
            ]
        );
        // Shard 1 of 2: deal 1 of every part that has one.
        let half = Layout::new(&plan, Shard::new(1, 2).unwrap());
        let all: Vec<_> = (0..half.games()).map(|i| half.locate(&plan, i)).collect();
        assert_eq!(all, vec![(0, 1, 1), (1, 2, 5), (1, 3, 6)]);
        let zero = Layout::new(&plan, Shard::new(0, 2).unwrap());
        let all: Vec<_> = (0..zero.games()).map(|i| zero.locate(&plan, i)).collect();
        assert_eq!(
            all,
            vec![(0, 0, 0), (0, 2, 2), (1, 0, 3), (1, 1, 4), (2, 0, 7)]
        );
    }
}
