//! New candidates proposed from the losses seen so far by an N-tuple bandit
//! model: NTBEA (Lucas, Liu & Perez-Liebana 2018, "The N-Tuple Bandit
//! Evolutionary Algorithm for Game Agent Optimisation").
//!
//! The model keeps, for each tuple of dimensions, the count and the sum of
//! the losses of every combination of those dimensions' values seen; a
//! point's optimistic loss averages its cells' lower confidence bounds.
//! A proposal draws neighbours of the best points so far and uniform points
//! of the space, and keeps the most promising by that bound.

use std::collections::{BTreeMap, BTreeSet};

use super::space::{Point, Space};
use crate::rng::{GameRng, below};

/// Neighbours drawn around each parent in one proposal (and uniform draws
/// per parent besides).
const NEIGHBOURS: usize = 50;

/// The most dimensions for which the model keeps every pair of them.
const MAX_DIMS_FOR_PAIRS: usize = 8;

/// The count an unseen cell stands for in the exploration term.
const UNSEEN_COUNT: f64 = 0.5;

/// The losses seen in one cell: one combination of a tuple's values.
#[derive(Clone, Copy, Debug, Default)]
struct Cell {
    /// Observations of the cell.
    count: u64,
    /// The sum of their losses.
    sum: f64,
}

/// One tuple of dimensions and the cells of its values seen so far.
#[derive(Clone, Debug)]
struct Tuple {
    /// The dimensions (indices into the point), ascending.
    dims: Vec<usize>,
    /// Each combination of the dimensions' value indices seen, by value.
    cells: BTreeMap<Vec<u16>, Cell>,
}

impl Tuple {
    /// The point's combination of this tuple's values.
    fn key(&self, point: &Point) -> Vec<u16> {
        self.dims
            .iter()
            .filter_map(|&d| point.0.get(d).copied())
            .collect()
    }
}

/// The N-tuple bandit model of a noisy loss over a space's points (smaller
/// is better).
#[derive(Clone, Debug)]
pub struct NTupleModel {
    /// The tuples modelled, each with its cells.
    tuples: Vec<Tuple>,
    /// Observations added.
    observations: u64,
    /// The sum of every loss added.
    total: f64,
}

impl NTupleModel {
    /// The empty model of points of `dims` dimensions. Its tuples: every
    /// 1-tuple (each dimension alone), every 2-tuple when there are at most
    /// 8 dimensions, and the full tuple (the point itself), each tuple once
    /// (with 1 or 2 dimensions the full tuple is already among them).
    pub fn new(dims: usize) -> NTupleModel {
        let mut tuple_dims: Vec<Vec<usize>> = (0..dims).map(|d| vec![d]).collect();
        if dims <= MAX_DIMS_FOR_PAIRS {
            for first in 0..dims {
                for second in first + 1..dims {
                    tuple_dims.push(vec![first, second]);
                }
            }
        }
        let full: Vec<usize> = (0..dims).collect();
        if !tuple_dims.contains(&full) {
            tuple_dims.push(full);
        }
        let tuples = tuple_dims
            .into_iter()
            .map(|dims| Tuple {
                dims,
                cells: BTreeMap::new(),
            })
            .collect();
        NTupleModel {
            tuples,
            observations: 0,
            total: 0.0,
        }
    }

    /// One observation: the point's loss estimate, added to the count and
    /// the sum of the point's cell in every tuple.
    pub fn add(&mut self, point: &Point, loss: f64) {
        for tuple in &mut self.tuples {
            let cell = tuple.cells.entry(tuple.key(point)).or_default();
            cell.count += 1;
            cell.sum += loss;
        }
        self.observations += 1;
        self.total += loss;
    }

    /// Observations added.
    pub fn observations(&self) -> u64 {
        self.observations
    }

    /// The model's optimistic loss of `point` (lower is more promising):
    ///
    /// ```text
    /// (1/T) · Σ_tuples ( mean_c − exploration · sqrt( ln(N + 1) / n_c ) )
    /// ```
    ///
    /// where `T` is the number of tuples, `N` the observations added,
    /// `n_c` and `mean_c` the count and the mean loss of the point's cell in
    /// the tuple; a cell never seen counts `n_c = 0.5` with `mean_c` the
    /// mean of every observation (0 before any), so it contributes
    /// `overall mean − exploration · sqrt(ln(N + 1) / 0.5)`.
    pub fn optimistic_loss(&self, point: &Point, exploration: f64) -> f64 {
        let log_observations = ((self.observations + 1) as f64).ln();
        let overall_mean = if self.observations == 0 {
            0.0
        } else {
            self.total / self.observations as f64
        };
        let sum: f64 = self
            .tuples
            .iter()
            .map(|tuple| {
                let (mean, count) = match tuple.cells.get(&tuple.key(point)) {
                    Some(cell) if cell.count > 0 => {
                        let count = cell.count as f64;
                        (cell.sum / count, count)
                    }
                    _ => (overall_mean, UNSEEN_COUNT),
                };
                mean - exploration * (log_observations / count).sqrt()
            })
            .sum();
        sum / self.tuples.len().max(1) as f64
    }
}

/// How a point's neighbours are drawn: which dimensions can change, and how.
struct Neighbourhood {
    /// Each dimension's number of values.
    sizes: Vec<usize>,
    /// Whether each dimension's values are all integers (ordered, so a
    /// mutation may step to an adjacent value).
    integer: Vec<bool>,
    /// The dimensions with more than one value.
    mutable: Vec<usize>,
}

impl Neighbourhood {
    fn of(space: &Space) -> Neighbourhood {
        let sizes: Vec<usize> = space.dims.iter().map(|d| d.values.len()).collect();
        let integer = space
            .dims
            .iter()
            .map(|d| !d.values.is_empty() && d.values.iter().all(|v| v.parse::<i64>().is_ok()))
            .collect();
        let mutable = (0..sizes.len()).filter(|&d| sizes[d] > 1).collect();
        Neighbourhood {
            sizes,
            integer,
            mutable,
        }
    }

    /// Whether `point` indexes a value of every dimension.
    fn holds(&self, point: &Point) -> bool {
        point.0.len() == self.sizes.len()
            && point
                .0
                .iter()
                .zip(&self.sizes)
                .all(|(&i, &size)| usize::from(i) < size)
    }

    /// A neighbour of `parent`: one mutable dimension drawn uniformly is
    /// mutated, and each other mutable dimension with probability 1/dims.
    fn neighbour(&self, parent: &Point, rng: &mut GameRng) -> Point {
        let mut point = parent.clone();
        if self.mutable.is_empty() {
            return point;
        }
        let forced = self.mutable[below(rng, self.mutable.len() as u32) as usize];
        let dims = self.sizes.len() as u32;
        for &d in &self.mutable {
            if d == forced || below(rng, dims) == 0 {
                point.0[d] = self.mutated(d, point.0[d], rng);
            }
        }
        point
    }

    /// A new index for dimension `d` (of at least 2 values), other than
    /// `index`: for an integer dimension, with probability 1/2 one step up
    /// or down (inward at either end); otherwise any other index uniformly.
    fn mutated(&self, d: usize, index: u16, rng: &mut GameRng) -> u16 {
        let size = self.sizes[d];
        let index = usize::from(index).min(size - 1);
        let moved = if self.integer[d] && below(rng, 2) == 0 {
            let up = below(rng, 2) == 0;
            if (up && index + 1 < size) || index == 0 {
                index + 1
            } else {
                index - 1
            }
        } else {
            let other = below(rng, (size - 1) as u32) as usize;
            if other >= index { other + 1 } else { other }
        };
        moved as u16
    }
}

/// Up to `count` new points to evaluate, most promising first: `NEIGHBOURS`
/// (50) neighbours of each of `parents` (best first; see below) and as many
/// uniform draws from [`Space::sample`] as neighbours (at least 50), keeping
/// the feasible points not in `evaluated`, each once, ranked by
/// [`NTupleModel::optimistic_loss`] with `exploration` ascending (ties by
/// the point's order). Fewer than `count` when fewer are found.
///
/// A neighbour mutates one dimension drawn uniformly and each other with
/// probability 1/dims (dimensions of one value never change); a dimension
/// whose values are all integers steps to an adjacent index with
/// probability 1/2 (inward at either end), and otherwise, like any other
/// dimension, moves to a uniformly drawn other index. Parents that are not
/// points of the space are skipped.
///
/// Deterministic: the same inputs and `rng` state give the same points.
pub fn propose(
    space: &Space,
    model: &NTupleModel,
    evaluated: &[Point],
    parents: &[Point],
    count: usize,
    exploration: f64,
    rng: &mut GameRng,
) -> Vec<Point> {
    if count == 0 {
        return Vec::new();
    }
    let excluded: BTreeSet<&Point> = evaluated.iter().collect();
    let mut chosen: BTreeSet<Point> = BTreeSet::new();
    let mut consider = |point: Point| {
        if !excluded.contains(&point) && space.feasible(&point) {
            chosen.insert(point);
        }
    };
    let neighbourhood = Neighbourhood::of(space);
    for parent in parents.iter().filter(|p| neighbourhood.holds(p)) {
        for _ in 0..NEIGHBOURS {
            consider(neighbourhood.neighbour(parent, rng));
        }
    }
    for _ in 0..NEIGHBOURS * parents.len().max(1) {
        match space.sample(rng) {
            Some(point) => consider(point),
            None => break,
        }
    }
    let mut ranked: Vec<(f64, Point)> = chosen
        .into_iter()
        .map(|point| (model.optimistic_loss(&point, exploration), point))
        .collect();
    ranked.sort_by(|a, b| a.0.total_cmp(&b.0).then_with(|| a.1.cmp(&b.1)));
    ranked.truncate(count);
    ranked.into_iter().map(|(_, point)| point).collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rng::rng_from_seed;
    use crate::sweep::Vary;

    /// The space of integer dimensions `0..size` for each of `sizes`.
    fn grid(sizes: &[usize], sums: &[&str]) -> Space {
        let dims = sizes
            .iter()
            .enumerate()
            .map(|(k, &size)| Vary {
                key: format!("x{k}"),
                values: (0..size).map(|v| v.to_string()).collect(),
            })
            .collect();
        let sums: Vec<String> = sums.iter().map(|s| s.to_string()).collect();
        Space::new(dims, &sums).expect("a grid space")
    }

    /// The test loss: a bowl with its bottom at (3, 7).
    fn bowl(point: &Point) -> f64 {
        let i = f64::from(point.0[0]);
        let j = f64::from(point.0[1]);
        (i - 3.0).powi(2) + (j - 7.0).powi(2)
    }

    /// `n` distinct points drawn uniformly, each added to `model` with its
    /// bowl loss.
    fn seed_points(
        space: &Space,
        model: &mut NTupleModel,
        n: usize,
        rng: &mut GameRng,
    ) -> Vec<Point> {
        let mut points = Vec::new();
        while points.len() < n {
            let point = space.sample(rng).expect("a feasible point");
            if !points.contains(&point) {
                model.add(&point, bowl(&point));
                points.push(point);
            }
        }
        points
    }

    /// `rounds` rounds of `count` proposals each from the best `parents`
    /// evaluated so far, each proposal feasible, added with its bowl loss.
    fn bowl_rounds(
        space: &Space,
        model: &mut NTupleModel,
        evaluated: &mut Vec<Point>,
        (rounds, parents, count): (usize, usize, usize),
        rng: &mut GameRng,
    ) {
        for _round in 0..rounds {
            let mut best_first = evaluated.clone();
            best_first.sort_by(|a, b| bowl(a).total_cmp(&bowl(b)).then_with(|| a.cmp(b)));
            let parents = &best_first[..parents];
            let proposals = propose(space, model, evaluated, parents, count, 0.3, rng);
            assert_eq!(proposals.len(), count);
            for point in proposals {
                assert!(space.feasible(&point), "{point:?}");
                model.add(&point, bowl(&point));
                evaluated.push(point);
            }
        }
    }

    #[test]
    fn tuples_are_singles_pairs_and_the_full_tuple_once() {
        assert_eq!(NTupleModel::new(1).tuples.len(), 1);
        assert_eq!(NTupleModel::new(2).tuples.len(), 3);
        assert_eq!(NTupleModel::new(3).tuples.len(), 3 + 3 + 1);
        assert_eq!(NTupleModel::new(8).tuples.len(), 8 + 28 + 1);
        assert_eq!(NTupleModel::new(9).tuples.len(), 9 + 1);
    }

    #[test]
    fn unseen_cells_follow_the_formula() {
        let mut model = NTupleModel::new(2);
        assert_eq!(model.optimistic_loss(&Point(vec![0, 0]), 1.0), 0.0);
        model.add(&Point(vec![0, 0]), 2.0);
        model.add(&Point(vec![0, 1]), 4.0);
        assert_eq!(model.observations(), 2);
        // (1, 1): x0 unseen, x1 = 1 seen once (4), the pair unseen.
        let log = 3f64.ln();
        let unseen = 3.0 - (log / 0.5).sqrt();
        let expected = (unseen + (4.0 - log.sqrt()) + unseen) / 3.0;
        let got = model.optimistic_loss(&Point(vec![1, 1]), 1.0);
        assert!((got - expected).abs() < 1e-12, "{got} vs {expected}");
    }

    #[test]
    fn the_model_learns_the_bottom_of_the_bowl() {
        let space = grid(&[10, 10], &[]);
        let mut rng = rng_from_seed(11);
        let mut model = NTupleModel::new(2);
        for _ in 0..30 {
            let point = space.sample(&mut rng).expect("a point");
            model.add(&point, bowl(&point));
        }
        let bottom = model.optimistic_loss(&Point(vec![3, 7]), 0.0);
        for far in [Point(vec![0, 0]), Point(vec![9, 0])] {
            let loss = model.optimistic_loss(&far, 0.0);
            assert!(bottom < loss, "(3,7): {bottom}, {far:?}: {loss}");
        }
    }

    #[test]
    fn proposals_are_deterministic() {
        let space = grid(&[20; 6], &[]);
        let propose_with = |seed: u64| {
            let mut rng = rng_from_seed(seed);
            let mut model = NTupleModel::new(6);
            let evaluated = seed_points(&space, &mut model, 10, &mut rng);
            propose(
                &space,
                &model,
                &evaluated,
                &evaluated[..3],
                8,
                0.5,
                &mut rng,
            )
        };
        let first = propose_with(1);
        assert_eq!(first.len(), 8);
        assert_eq!(first, propose_with(1));
        assert_ne!(first, propose_with(2));
    }

    #[test]
    fn proposals_are_feasible_distinct_and_new() {
        let space = grid(&[10, 10, 4], &["x0+x1 in 5..=9"]);
        let mut rng = rng_from_seed(3);
        let mut model = NTupleModel::new(3);
        let evaluated = seed_points(&space, &mut model, 20, &mut rng);
        let proposals = propose(
            &space,
            &model,
            &evaluated,
            &evaluated[..4],
            40,
            0.3,
            &mut rng,
        );
        assert_eq!(proposals.len(), 40);
        let distinct: BTreeSet<&Point> = proposals.iter().collect();
        assert_eq!(distinct.len(), proposals.len());
        for point in &proposals {
            assert!(space.feasible(point), "{point:?}");
            assert!(!evaluated.contains(point), "{point:?}");
        }
    }

    #[test]
    fn a_few_rounds_find_the_bottom_of_the_bowl() {
        let space = grid(&[20, 20], &[]);
        let mut rng = rng_from_seed(2018);
        let mut model = NTupleModel::new(2);
        let mut evaluated = seed_points(&space, &mut model, 5, &mut rng);
        bowl_rounds(&space, &mut model, &mut evaluated, (10, 3, 4), &mut rng);
        let best = evaluated.iter().map(bowl).fold(f64::INFINITY, f64::min);
        assert!(best <= 1.0, "best loss {best} among {evaluated:?}");
    }

    #[test]
    fn a_count_beyond_the_space_returns_what_is_left() {
        let space = grid(&[3, 3], &[]);
        let mut rng = rng_from_seed(5);
        let mut model = NTupleModel::new(2);
        let evaluated = seed_points(&space, &mut model, 6, &mut rng);
        let proposals = propose(
            &space,
            &model,
            &evaluated,
            &evaluated[..2],
            100,
            0.3,
            &mut rng,
        );
        let all = space.enumerate(100).expect("a small space");
        let left: BTreeSet<&Point> = all.iter().filter(|p| !evaluated.contains(p)).collect();
        assert_eq!(proposals.iter().collect::<BTreeSet<_>>(), left);
        let none = propose(&space, &model, &all, &all[..2], 100, 0.3, &mut rng);
        assert!(none.is_empty());
        // One value per dimension: no neighbour differs from its parent.
        let single = grid(&[1, 1], &[]);
        let only = [Point(vec![0, 0])];
        let proposals = propose(&single, &model, &only, &only, 5, 0.3, &mut rng);
        assert!(proposals.is_empty());
    }

    #[test]
    fn per_seat_keys_are_integer_dimensions_like_a_decks_counts() {
        // `--vary compensation.0=0..=6 --vary compensation.1=0..=6` with
        // their sum bounded, as `deck.KIND` counts are.
        let dims: Vec<Vary> = ["compensation.0=0..=6", "compensation.1=0..=6"]
            .iter()
            .map(|v| v.parse().unwrap())
            .collect();
        let bound = ["compensation.0+compensation.1 in 0..=6".to_string()];
        let space = Space::new(dims, &bound).unwrap();
        let all = space.enumerate(100).unwrap();
        assert_eq!(all.len(), 28);
        assert_eq!(
            space.values(&all[27]),
            [
                ("compensation.0".to_string(), "6".to_string()),
                ("compensation.1".to_string(), "0".to_string())
            ]
        );
        // Integer dimensions: neighbours step to adjacent values.
        let neighbourhood = Neighbourhood::of(&space);
        let mut rng = rng_from_seed(56);
        let parent = Point(vec![2, 2]);
        let steps = (0..200)
            .map(|_| neighbourhood.neighbour(&parent, &mut rng))
            .filter(|p| p.0.iter().zip(&parent.0).all(|(a, b)| a.abs_diff(*b) <= 1))
            .count();
        assert!(steps > 100, "{steps} of 200 neighbours one step away");
        // Proposals keep to the bound, and a few rounds find the bowl's
        // best point within it: its bottom (3, 7) is outside, the nearest
        // point of sum at most 6 is (1, 5), at loss 8.
        let mut model = NTupleModel::new(2);
        let mut evaluated = seed_points(&space, &mut model, 4, &mut rng);
        bowl_rounds(&space, &mut model, &mut evaluated, (8, 2, 3), &mut rng);
        assert!(evaluated.contains(&Point(vec![1, 5])), "{evaluated:?}");
    }
}
