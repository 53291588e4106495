//! The search tree's arena: every node's children lie side by side in one
//! block of the arena, sorted by action (children sharing an action in
//! creation order), so that selection walks memory in order instead of
//! chasing a linked list.
//!
//! A block holds a power of two of slots, at least [`MIN_BLOCK`]; when a
//! node's block is full, its children move to a new block twice the size at
//! the end of the arena (the old slots are left unused). A node with `k`
//! children so used fewer than `4k` slots over its life (or [`MIN_BLOCK`]),
//! so an arena of `1 + 4 * (nodes - 1)` slots never grows
//! ([`Tree::capacity_for`]). Nodes do not store their parent: an iteration
//! keeps its path from the root instead.

use beachcomber::game::Seat;

/// The smallest block of children.
const MIN_BLOCK: u32 = 4;

/// `Node::next` of a node whose action ended the game.
pub(super) const OVER: u8 = u8::MAX;

/// The structure of one node of the search tree (its statistics are in
/// [`Tree`]'s arrays at the same index): one action of its parent's seat to
/// move, followed by one seat to move (see the module documentation of
/// `mcts`).
#[derive(Clone, Copy, Debug)]
struct Link<A> {
    /// Where this node's children start in the arena (meaningless while it
    /// has none).
    first: u32,
    /// How many children this node has (its block holds [`block_size`] of
    /// that many).
    len: u32,
    /// The action from the parent to this node (meaningless at the root).
    action: A,
    /// The seat to move after `action` in this node's worlds, the one that
    /// chooses among this node's children ([`OVER`] if the game ended; at
    /// the root, the searching seat). The seat that played `action` (its
    /// `mover`) is not stored: it is the parent's `next`.
    next: u8,
    /// Whether the next sibling has the same action (another seat to move
    /// after it), so that an action's children are walked without
    /// comparing actions.
    more: bool,
}

/// Slots in the block of a node with `len` children (0 for none).
fn block_size(len: u32) -> u32 {
    if len == 0 {
        0
    } else {
        len.next_power_of_two().max(MIN_BLOCK)
    }
}

/// What selection found at a node.
pub(super) enum Step {
    /// This many legal actions have no child yet (expand one of them).
    Untried(u32),
    /// The arena index of the first child of the action with the best UCB
    /// value.
    Best(usize),
}

/// One node of the search tree as `MctsBot::tree_nodes` shows it (for
/// tests: it is not part of the stable interface).
#[doc(hidden)]
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct NodeView<A> {
    /// Index of the parent in the list, `None` for the root (index 0).
    pub parent: Option<usize>,
    /// The action from the parent (meaningless at the root).
    pub action: A,
    /// The seat that played `action` (meaningless at the root).
    pub mover: Seat,
    /// The seat to move after `action`, which chooses among this node's
    /// children (`None` if the game ended there).
    pub next: Option<Seat>,
    /// Iterations through this node.
    pub visits: u32,
    /// Iterations in which `action` was legal at the parent.
    pub avail: u32,
    /// Sum of `mover`'s rewards over those iterations.
    pub reward: f64,
}

/// The arena, in arrays indexed alike (a struct of arrays, so that
/// selection reads each statistic of a node's children from contiguous
/// memory), plus reusable scratch space (every vector is sized once, so an
/// iteration never allocates).
#[derive(Debug)]
pub(super) struct Tree<A> {
    links: Vec<Link<A>>,
    /// Sum of `mover`'s rewards over the iterations through each node.
    reward: Vec<f64>,
    /// Iterations through each node.
    visits: Vec<u32>,
    /// Iterations in which each node's action was legal at its parent (equal
    /// in all the siblings that share the action).
    avail: Vec<u32>,
    /// Nodes in the tree (the arena also holds unused slots).
    size: usize,
    /// The current world's legal actions, sorted (when the game's are not).
    pub(super) legal: Vec<A>,
    /// The current iteration's path: arena indices from the root.
    pub(super) path: Vec<u32>,
    /// Selection's scratch, one entry per scored action: the arena index of
    /// its first child, its children's summed rewards and visits, `ln` of
    /// its availability, and its UCB value.
    arms: Vec<u32>,
    sums: Vec<f64>,
    counts: Vec<f64>,
    ln: Vec<f64>,
    values: Vec<f64>,
}

impl<A: Copy + Ord> Tree<A> {
    /// Arena slots that a tree of at most `nodes` nodes may use.
    fn capacity_for(nodes: usize) -> usize {
        1 + 4 * nodes.saturating_sub(1)
    }

    /// A tree for at most `nodes` nodes whose worlds have at most
    /// `max_legal` legal actions (so no vector ever grows).
    pub(super) fn new(nodes: usize, max_legal: usize, first_action: A) -> Self {
        let slots = Self::capacity_for(nodes);
        let mut tree = Tree {
            links: Vec::with_capacity(slots),
            reward: Vec::with_capacity(slots),
            visits: Vec::with_capacity(slots),
            avail: Vec::with_capacity(slots),
            size: 0,
            legal: Vec::with_capacity(max_legal),
            path: Vec::with_capacity(nodes + 1),
            arms: Vec::with_capacity(max_legal),
            sums: Vec::with_capacity(max_legal),
            counts: Vec::with_capacity(max_legal),
            ln: Vec::with_capacity(max_legal),
            values: Vec::with_capacity(max_legal),
        };
        tree.reset(first_action, 0);
        tree
    }

    /// Drop every node but a fresh root where `root_seat` is to move
    /// (capacity is kept).
    pub(super) fn reset(&mut self, any_action: A, root_seat: Seat) {
        self.links.clear();
        self.reward.clear();
        self.visits.clear();
        self.avail.clear();
        self.push(any_action, root_seat as u8, 0);
        self.size = 1;
    }

    /// Append a slot holding a node without visits or children.
    fn push(&mut self, action: A, next: u8, avail: u32) {
        self.links.push(Link {
            first: 0,
            len: 0,
            action,
            next,
            more: false,
        });
        self.reward.push(0.0);
        self.visits.push(0);
        self.avail.push(avail);
    }

    /// Nodes in the tree.
    pub(super) fn size(&self) -> usize {
        self.size
    }

    /// The seat to move at the node `node` ([`OVER`] if the game ended).
    pub(super) fn next(&self, node: usize) -> u8 {
        self.links[node].next
    }

    /// The action leading to the node `node`.
    pub(super) fn action(&self, node: usize) -> A {
        self.links[node].action
    }

    /// The arena range of the children of `node`, in action order.
    fn children(&self, node: usize) -> std::ops::Range<usize> {
        let l = &self.links[node];
        l.first as usize..(l.first + l.len) as usize
    }

    /// The root's children, in action order: (action, visits, rewards).
    pub(super) fn root_children(&self) -> impl Iterator<Item = (A, u32, f64)> + '_ {
        self.children(0)
            .map(|i| (self.links[i].action, self.visits[i], self.reward[i]))
    }

    /// Selection at `node` in a world whose legal actions are `legal`
    /// (sorted): raise the availability of the children of every legal
    /// action and, if every legal action has a child, score each action by
    /// UCB on its children's sums, `mean + c * sqrt(ln(avail) / visits)`
    /// (`ln_table` holds `ln(n)` for small `n`), the first in action order
    /// winning ties.
    pub(super) fn select(&mut self, node: usize, legal: &[A], ln_table: &[f64], c: f64) -> Step {
        let range = self.children(node);
        let first = range.start;
        let links = &self.links[range.clone()];
        let ln_of = |avail: u32| match ln_table.get(avail as usize) {
            Some(&l) => l,
            None => f64::from(avail).ln(),
        };
        self.ln.clear();
        self.values.clear();
        if links.len() == legal.len() && links.iter().zip(legal).all(|(l, &a)| l.action == a) {
            // Every legal action has exactly one child, in the same order
            // (the usual case where the legal actions do not depend on
            // hidden things): score the children in place.
            let avail = &mut self.avail[range.clone()];
            for a in avail.iter_mut() {
                *a += 1;
            }
            self.ln.extend(avail.iter().map(|&a| ln_of(a)));
            let (reward, visits) = (&self.reward[range.clone()], &self.visits[range]);
            ucb_values(&mut self.values, reward, visits, &self.ln, c);
            return Step::Best(first + first_max(&self.values));
        }
        let Tree {
            avail,
            reward,
            visits,
            arms,
            sums,
            counts,
            ln,
            values,
            ..
        } = self;
        arms.clear();
        sums.clear();
        counts.clear();
        let mut i = 0;
        let mut untried = 0u32;
        for &action in legal {
            while i < links.len() && links[i].action < action {
                i += 1;
            }
            if i == links.len() || links[i].action != action {
                untried += 1;
                continue;
            }
            // The run of children sharing the action (one per seat seen to
            // move after it).
            let arm = first + i;
            let (mut n, mut sum) = (0u32, 0.0f64);
            let mut last;
            loop {
                let k = first + i;
                avail[k] += 1;
                last = avail[k];
                n += visits[k];
                sum += reward[k];
                i += 1;
                if !links[i - 1].more {
                    break;
                }
            }
            if untried == 0 {
                arms.push(arm as u32);
                sums.push(sum);
                counts.push(f64::from(n));
                ln.push(ln_of(last));
            }
        }
        if untried > 0 {
            return Step::Untried(untried);
        }
        ucb_values(values, sums, counts, ln, c);
        Step::Best(arms[first_max(values)] as usize)
    }

    /// The `k`-th (from 0) legal action without a child at `node`, and where
    /// its child would go among the node's children.
    pub(super) fn untried(&self, node: usize, legal: &[A], mut k: u32) -> (A, usize) {
        let links = &self.links[self.children(node)];
        let mut i = 0;
        for &action in legal {
            while i < links.len() && links[i].action < action {
                i += 1;
            }
            if i < links.len() && links[i].action == action {
                continue;
            }
            if k == 0 {
                return (action, i);
            }
            k -= 1;
        }
        (legal[0], i)
    }

    /// The child among the run of `action`'s children starting at arena
    /// index `arm` (children of `node`) with `next` to move, adding it (with
    /// the run's availability, as the run's last) if there is none; returns
    /// its arena index and whether it was added.
    pub(super) fn descend(&mut self, node: usize, arm: usize, next: u8) -> (usize, bool) {
        let mut child = arm;
        while self.links[child].next != next && self.links[child].more {
            child += 1;
        }
        if self.links[child].next == next {
            return (child, false);
        }
        self.links[child].more = true;
        let action = self.links[arm].action;
        let avail = self.avail[arm];
        let pos = child + 1 - self.links[node].first as usize;
        (self.insert(node, pos, action, next, avail), true)
    }

    /// Add a child of `node` at position `pos` among its children, reached by
    /// `action`, with `next` to move after it and availability `avail`;
    /// returns its arena index. Only `node`'s children move.
    pub(super) fn insert(
        &mut self,
        node: usize,
        pos: usize,
        action: A,
        next: u8,
        avail: u32,
    ) -> usize {
        let len = self.links[node].len as usize;
        let mut first = self.links[node].first as usize;
        if len as u32 == block_size(len as u32) {
            // Full (or none yet): move the children to a block twice the
            // size at the end of the arena.
            let start = self.links.len();
            self.links.extend_from_within(first..first + len);
            self.reward.extend_from_within(first..first + len);
            self.visits.extend_from_within(first..first + len);
            self.avail.extend_from_within(first..first + len);
            // The block's free slots (any values: they are overwritten
            // before they are read).
            let end = start + block_size(len as u32 + 1) as usize;
            self.links.resize(end, self.links[0]);
            self.reward.resize(end, 0.0);
            self.visits.resize(end, 0);
            self.avail.resize(end, 0);
            first = start;
            self.links[node].first = first as u32;
        }
        let (at, end) = (first + pos, first + len);
        self.links.copy_within(at..end, at + 1);
        self.reward.copy_within(at..end, at + 1);
        self.visits.copy_within(at..end, at + 1);
        self.avail.copy_within(at..end, at + 1);
        self.links[at] = Link {
            first: 0,
            len: 0,
            action,
            next,
            more: false,
        };
        self.reward[at] = 0.0;
        self.visits[at] = 0;
        self.avail[at] = avail;
        self.links[node].len += 1;
        self.size += 1;
        at
    }

    /// Add `rewards[mover]` and a visit to every node of the path but the
    /// root (whose visit is counted alone), `mover` being the seat to move
    /// at the node's parent.
    pub(super) fn backup(&mut self, rewards: &[f64]) {
        for pair in self.path.windows(2) {
            let (parent, child) = (pair[0] as usize, pair[1] as usize);
            let mover = self.links[parent].next as usize;
            self.visits[child] += 1;
            self.reward[child] += rewards[mover];
        }
        self.visits[0] += 1;
    }

    /// The nodes in preorder (the root first, every node after its parent),
    /// as views; for tests (it allocates).
    pub(super) fn views(&self) -> Vec<NodeView<A>> {
        let mut out: Vec<NodeView<A>> = Vec::with_capacity(self.size);
        // (arena index, index of the parent in `out`)
        let mut stack = vec![(0usize, None::<usize>)];
        while let Some((index, parent)) = stack.pop() {
            let l = &self.links[index];
            out.push(NodeView {
                parent,
                action: l.action,
                mover: parent.map_or(0, |p| out[p].next.unwrap_or(0)),
                next: (l.next != OVER).then_some(l.next as Seat),
                visits: self.visits[index],
                avail: self.avail[index],
                reward: self.reward[index],
            });
            let me = out.len() - 1;
            stack.extend(self.children(index).rev().map(|child| (child, Some(me))));
        }
        out
    }
}

/// Append to `values` the UCB value of every arm, from its summed `reward`,
/// its `visits` and `ln` of its availability: the mean reward plus
/// `c * sqrt(ln(availability) / visits)`.
///
/// The values are computed in a loop of their own, which the compiler
/// vectorizes; on x86-64 processors with AVX it is compiled a second time
/// for them (4 values an instruction instead of 2: the divisions and square
/// roots are most of selection's time). Vector division and square root
/// round correctly like the scalar ones, so every value has the same bits.
/// The AVX copy (the one `unsafe` call) measured 1.05x the portable loop's
/// ISMCTS iterations a second (median of 6 alternating pairs, 0.94-1.10,
/// `MCTS_CPU=seashells-2p`, docs/performance.md).
#[inline(always)]
fn ucb_values<V: Copy + Into<f64>>(
    values: &mut Vec<f64>,
    reward: &[f64],
    visits: &[V],
    ln: &[f64],
    c: f64,
) {
    #[cfg(target_arch = "x86_64")]
    if std::arch::is_x86_feature_detected!("avx") {
        // Safety: the processor has AVX (just checked).
        unsafe { ucb_values_avx(values, reward, visits, ln, c) };
        return;
    }
    ucb_values_portable(values, reward, visits, ln, c);
}

/// [`ucb_values`] for any processor.
#[inline(always)]
fn ucb_values_portable<V: Copy + Into<f64>>(
    values: &mut Vec<f64>,
    reward: &[f64],
    visits: &[V],
    ln: &[f64],
    c: f64,
) {
    values.extend(reward.iter().zip(visits).zip(ln).map(|((&r, &v), &l)| {
        let v: f64 = v.into();
        r / v + c * (l / v).sqrt()
    }));
}

/// [`ucb_values`] compiled for processors with AVX.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx")]
fn ucb_values_avx<V: Copy + Into<f64>>(
    values: &mut Vec<f64>,
    reward: &[f64],
    visits: &[V],
    ln: &[f64],
    c: f64,
) {
    ucb_values_portable(values, reward, visits, ln, c);
}

/// The index of the first largest value (values are never NaN: every
/// scored arm has visits).
fn first_max(values: &[f64]) -> usize {
    let mut best = 0;
    let mut best_value = f64::NEG_INFINITY;
    for (k, &value) in values.iter().enumerate() {
        if value > best_value {
            best_value = value;
            best = k;
        }
    }
    best
}
