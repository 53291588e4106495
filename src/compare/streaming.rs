//! Reading a sweep's games one row at a time ([`Comparer`]): each part's
//! deals, their cluster sums, and their per-deal differences from the
//! baseline's.

use std::collections::HashMap;

use super::joint::DealMoments;
use super::{CompareError, CompareSpec, baseline_parts};
use crate::tournament::{GameRow, Plan, QUALITY_COUNT};

/// What compare reads of one seat of one game (of a row of `games.csv`,
/// [`GameRow`]).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct SeatRow {
    /// The part (combination) the game belongs to.
    pub part: usize,
    /// The game's number.
    pub game: u64,
    /// Its deal's number in the part.
    pub deal: u64,
    /// The deal's seed.
    pub seed: u64,
    /// The game's rotation of the lineup (the lineup's first bot sits in
    /// seat `rotation % players`).
    pub rotation: u64,
    /// The seat.
    pub seat: usize,
    /// The seat's win share.
    pub win_share: f64,
    /// Whether the seat won (alone or shared).
    pub won: bool,
    /// The game's length in turns.
    pub turns: f64,
    /// The game's quality metrics ([`super::Metric::QUALITY`]'s order; zeros
    /// when the run did not measure them).
    pub quality: [f64; QUALITY_COUNT],
}

impl From<&GameRow<'_>> for SeatRow {
    /// What compare reads of a row of `games.csv`.
    fn from(row: &GameRow<'_>) -> SeatRow {
        SeatRow {
            part: row.part,
            game: row.game,
            deal: row.deal,
            seed: row.seed,
            rotation: row.rotation,
            seat: row.seat,
            win_share: row.win_share,
            won: row.won,
            turns: row.turns as f64,
            quality: row.quality.unwrap_or_default(),
        }
    }
}

/// The per-deal quantities of one deal: sums over its games of ties,
/// turns, the quality metrics and each seat's win share (in that order).
#[derive(Clone, Debug, PartialEq)]
pub(super) struct Deal {
    pub(super) seed: u64,
    pub(super) games: u64,
    pub(super) sums: Vec<f64>,
}

/// Quantities before the seats': ties, turns, the quality metrics.
pub(super) const TIES: usize = 0;
pub(super) const TURNS: usize = 1;
pub(super) const QUALITY0: usize = 2;
pub(super) const SEAT0: usize = QUALITY0 + QUALITY_COUNT;

/// A deal being read (its games so far), and its current game.
#[derive(Clone, Debug)]
pub(super) struct DealInProgress {
    number: u64,
    deal: Deal,
    game: Option<u64>,
    winners: u32,
}

impl DealInProgress {
    fn close_game(&mut self) {
        if self.game.is_some() && self.winners >= 2 {
            self.deal.sums[TIES] += 1.0;
        }
    }
}

/// Cluster-robust sums of one quantity over deals (floating point): deal
/// `g` has `n_g` games and total `S_g`.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub(super) struct FloatClusters {
    clusters: f64,
    n: f64,
    sum: f64,
    sum_sq: f64,
    cross: f64,
    n_sq: f64,
}

impl FloatClusters {
    fn add(&mut self, n: f64, s: f64) {
        self.clusters += 1.0;
        self.n += n;
        self.sum += s;
        self.sum_sq += s * s;
        self.cross += n * s;
        self.n_sq += n * n;
    }

    pub(super) fn mean(&self) -> f64 {
        if self.n == 0.0 {
            0.0
        } else {
            self.sum / self.n
        }
    }

    /// CR1: `G/(G−1) · Σ (S_g − n_g m)² / N²`.
    pub(super) fn standard_error(&self) -> f64 {
        if self.clusters < 2.0 {
            return 0.0;
        }
        let m = self.mean();
        let ss = (self.sum_sq - 2.0 * m * self.cross + m * m * self.n_sq).max(0.0);
        (self.clusters / (self.clusters - 1.0) * ss).sqrt() / self.n
    }
}

/// Sums of per-deal differences of one quantity.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub(super) struct Differences {
    deals: f64,
    sum: f64,
    sum_sq: f64,
}

impl Differences {
    /// The standard error of the mean difference, `s / √D`.
    pub(super) fn standard_error(&self) -> f64 {
        if self.deals < 2.0 {
            return 0.0;
        }
        let mean = self.sum / self.deals;
        let var = ((self.sum_sq - self.deals * mean * mean) / (self.deals - 1.0)).max(0.0);
        (var / self.deals).sqrt()
    }
}

/// What is known of one part after reading its games.
#[derive(Clone, Debug, Default)]
pub(super) struct PartSums {
    pub(super) open: Option<DealInProgress>,
    pub(super) own: Vec<FloatClusters>,
    pub(super) differences: Vec<Differences>,
    /// Every deal so far had a baseline deal of the same number and seed.
    pub(super) matched: bool,
    pub(super) deals: u64,
    /// The seats' mean win shares per deal, over every deal.
    pub(super) seat_moments: DealMoments,
    /// The seats' mean win shares per deal followed by the baseline's on
    /// the same deal, over the deals that have a baseline deal.
    pub(super) joint_moments: DealMoments,
}

/// The files a comparison writes.
#[derive(Clone, Debug, PartialEq)]
pub struct CompareFiles {
    /// `compare.csv`.
    pub compare: String,
    /// `trends.csv`, when the sweep has a trend (a numeric varied key with
    /// three or more values, or a declared trend).
    pub trends: Option<String>,
}

/// Reads a sweep's games (twice: [`Comparer::add_baseline`] on every row,
/// then [`Comparer::add`] on every row) and writes `compare.csv`.
pub struct Comparer {
    pub(super) spec: CompareSpec,
    pub(super) baseline_of: Vec<usize>,
    pub(super) players: Vec<usize>,
    /// The baseline parts' deals, by part and deal number.
    pub(super) baseline_deals: HashMap<usize, HashMap<u64, Deal>>,
    /// The baseline pass's open deals.
    pub(super) baseline_open: HashMap<usize, DealInProgress>,
    pub(super) parts: Vec<PartSums>,
}

/// Lowest common multiple of 1..=n: win shares (1/k for k winners) are
/// multiples of its inverse, so the 4-decimal shares of `games.csv` round
/// back to exact values.
fn share_unit(players: usize) -> f64 {
    fn gcd(a: u64, b: u64) -> u64 {
        if b == 0 { a } else { gcd(b, a % b) }
    }
    (1..=players.max(1) as u64).fold(1u64, |l, k| l / gcd(l, k) * k) as f64
}

/// Add `row` to the deals of one part (closing the open deal when a new
/// one starts); the closed deal, if any.
fn push_row(
    open: &mut Option<DealInProgress>,
    row: &SeatRow,
    players: usize,
) -> Option<(u64, Deal)> {
    let mut closed = None;
    if open.as_ref().is_some_and(|o| o.number != row.deal) {
        closed = close(open);
    }
    let o = open.get_or_insert_with(|| DealInProgress {
        number: row.deal,
        deal: Deal {
            seed: row.seed,
            games: 0,
            sums: vec![0.0; SEAT0 + players],
        },
        game: None,
        winners: 0,
    });
    if o.game != Some(row.game) {
        o.close_game();
        o.game = Some(row.game);
        o.winners = 0;
        o.deal.games += 1;
        o.deal.sums[TURNS] += row.turns;
        for (k, v) in row.quality.iter().enumerate() {
            o.deal.sums[QUALITY0 + k] += v;
        }
    }
    o.winners += u32::from(row.won);
    if let Some(s) = o.deal.sums.get_mut(SEAT0 + row.seat) {
        let unit = share_unit(players);
        *s += (row.win_share * unit).round() / unit;
    }
    closed
}

/// Close the open deal.
pub(super) fn close(open: &mut Option<DealInProgress>) -> Option<(u64, Deal)> {
    let mut o = open.take()?;
    o.close_game();
    Some((o.number, o.deal))
}

impl Comparer {
    /// A comparison of every part of `plan` with the baseline of `spec`
    /// (refused when the baseline matches no part or several).
    pub fn new(plan: &Plan, spec: &CompareSpec) -> Result<Comparer, CompareError> {
        let baseline_of = baseline_parts(plan, &spec.baseline)?;
        for t in &spec.trends {
            t.check(plan)?;
        }
        let parts = plan
            .parts
            .iter()
            .map(|_| PartSums {
                matched: true,
                ..PartSums::default()
            })
            .collect();
        Ok(Comparer {
            spec: spec.clone(),
            baseline_of,
            players: plan.parts.iter().map(|p| p.run.players).collect(),
            baseline_deals: HashMap::new(),
            baseline_open: HashMap::new(),
            parts,
        })
    }

    /// First pass: keep the deals of the baseline parts.
    pub fn add_baseline(&mut self, row: &SeatRow) {
        if !self.baseline_of.contains(&row.part) {
            return;
        }
        let players = self.players[row.part];
        let mut open = self.baseline_open.remove(&row.part);
        if let Some((n, deal)) = push_row(&mut open, row, players) {
            self.baseline_deals
                .entry(row.part)
                .or_default()
                .insert(n, deal);
        }
        if let Some(o) = open {
            self.baseline_open.insert(row.part, o);
        }
    }

    /// Second pass: accumulate every part's deals and their differences
    /// from the baseline's.
    pub fn add(&mut self, row: &SeatRow) {
        self.finish_baseline();
        let players = self.players[row.part];
        let closed = push_row(&mut self.parts[row.part].open, row, players);
        if let Some((n, deal)) = closed {
            self.fold(row.part, n, &deal);
        }
    }

    /// Close the baseline pass's open deals.
    pub(super) fn finish_baseline(&mut self) {
        for (part, o) in std::mem::take(&mut self.baseline_open) {
            let mut open = Some(o);
            if let Some((n, deal)) = close(&mut open) {
                self.baseline_deals.entry(part).or_default().insert(n, deal);
            }
        }
    }

    /// Count a closed deal of `part`.
    pub(super) fn fold(&mut self, part: usize, number: u64, deal: &Deal) {
        let base = self.baseline_of[part];
        let same_players = self.players[base] == self.players[part];
        let sums = &mut self.parts[part];
        sums.deals += 1;
        if sums.own.is_empty() {
            sums.own = vec![FloatClusters::default(); deal.sums.len()];
            sums.differences = vec![Differences::default(); deal.sums.len()];
        }
        let n = deal.games as f64;
        for (q, s) in deal.sums.iter().enumerate() {
            sums.own[q].add(n, *s);
        }
        let shares: Vec<f64> = deal.sums[SEAT0..].iter().map(|s| s / n).collect();
        if deal.games > 0 {
            sums.seat_moments.add(&shares);
        }
        let partner = self
            .baseline_deals
            .get(&base)
            .and_then(|d| d.get(&number))
            .filter(|b| b.seed == deal.seed && b.games > 0 && deal.games > 0);
        match partner {
            Some(b) => {
                let games = b.games as f64;
                let both: Vec<f64> = shares
                    .iter()
                    .copied()
                    .chain(b.sums[SEAT0..].iter().map(|s| s / games))
                    .collect();
                sums.joint_moments.add(&both);
                let count = if same_players { deal.sums.len() } else { SEAT0 };
                for q in 0..count {
                    let d = deal.sums[q] / n - b.sums[q] / b.games as f64;
                    let diff = &mut sums.differences[q];
                    diff.deals += 1.0;
                    diff.sum += d;
                    diff.sum_sq += d * d;
                }
            }
            None => sums.matched = false,
        }
    }
}
