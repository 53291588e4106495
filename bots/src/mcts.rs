//! Monte Carlo tree search: the engine behind `ismcts`, `pimc` and `oracle`.
//!
//! One search loop serves all of them; they differ only in which world
//! each iteration runs in:
//! - `ismcts` (single-observer information-set MCTS, Cowling, Powley &
//!   Whitehouse 2012): one tree over the searcher's information sets; every
//!   iteration plays in a fresh determinization
//!   ([`Game::determinize`] from the acting seat's view);
//! - `pimc` (perfect-information Monte Carlo): `worlds` determinizations,
//!   a separate UCT search in each (the tree is cleared between worlds), the
//!   root visit counts summed over worlds;
//! - `oracle`: UCT on the true state (it sees hidden information: a
//!   cheating upper bound, never a fair opponent), bag order and future
//!   draws included;
//! - `oracle(sees=hands)`: like `ismcts`, one tree and a fresh world every
//!   iteration, but the world keeps every seat's private information (the
//!   others' hands and hidden backs, the true ones) and re-deals only what
//!   no seat has seen ([`Game::determinize_chance`]: the bag's or deck's
//!   order, future reshuffles). It cheats too, but only by what the other
//!   seats know: the ceiling of fair information, not of foresight.
//!
//! # The tree
//! Nodes live in an arena (vectors cleared but never shrunk between
//! decisions, pre-sized for the iteration budget; `tree.rs`), so after the first decision
//! an iteration allocates nothing. Edges are keyed by action, not by state,
//! *and by the seat to move after the action*: a node is one action chosen
//! by the seat to move at its parent (its `mover`) followed by one seat to
//! move (its `next`; "over" if the game ended; at the root, the searching
//! seat). Who moves after an action can depend on hidden information (in
//! Shell Dash, after `flip` the hidden card decides whether the walker goes
//! on or the turn passes to the other seat), and then one action has one
//! child per seat seen to move after it. So all the children of a node are
//! decisions of one seat, its `next`, and each node backs up the reward of
//! the seat that really chose its action. (Keyed by action alone, one node
//! would collect the decisions of both seats and credit them all to the
//! seat that happened to expand it.) A node's children lie side by side in
//! one block of the arena, sorted by action (children sharing an action in
//! creation order), so matching them against the (sorted) legal actions of
//! the current world is one merge pass over contiguous memory, and none at
//! all when they are exactly the legal actions. A node stores `next` (its `mover` is its parent's
//! `next`), whether its next sibling shares its action (so an action's
//! children are walked without comparing actions), its visit count, its
//! availability count and the sum of `mover`'s rewards.
//!
//! The children that share an action are one arm for UCB: the seat to move
//! chooses the action, not who moves after it (that is hidden or chance).
//! So an action is scored with the *sums* of its children's visits and
//! rewards (the iterations that played it and what they were worth to the
//! seat that played it), and with its availability: the iterations in
//! which the action was legal at this node, counted once per iteration,
//! not once per child. All the children of an action are raised together,
//! and a new child starts with its siblings' count, so each of them holds
//! the action's availability. (Scored child by child, a split action would
//! be explored as if the hidden outcome were the mover's choice.) Where the
//! next seat never depends on hidden information, every action has one
//! child and this is plain SO-ISMCTS, decision for decision.
//!
//! # One iteration
//! 1. *Selection*: from the root, while the world is not over (the seat to
//!    move is the node's `next`): list the world's legal actions; the
//!    children of every action legal here get their availability count
//!    raised by one; if some legal action has no child yet, go to 2;
//!    otherwise pick the action maximizing
//!    `mean + c * sqrt(ln(availability) / visits)` over its children's sums
//!    (first in action order on ties), play it in the world, and descend to
//!    its child for the seat now to move. If the action has no child for
//!    that seat yet, add one (its siblings' availability, no visits) and go
//!    to 3: that is this iteration's expansion.
//! 2. *Expansion*: pick one of the untried legal actions uniformly at
//!    random, play it, and add its node (availability 1) for the seat now
//!    to move. So an iteration adds at most one node.
//! 3. *Rollout*: play the world to the end with uniformly random actions
//!    ([`Game::random_action`], allocation-free) or greedily
//!    (`rollout=greedy`: the action whose resulting state the mover's
//!    [`Evaluate::evaluate`] rates best, ties at random).
//! 4. *Backup*: compute a reward for every seat (`reward=win`: the win share,
//!    1/k for a k-way shared win; `reward=margin`: the normalized final
//!    margin [`Evaluate::final_margin`] mapped from `[-1, 1]` to `[0, 1]`)
//!    and add to every node on the path the reward of its `mover`, which is
//!    its parent's `next`: the seat that chose its action in every world
//!    that went through it. So each seat's nodes are chosen for that seat's
//!    own reward, in any player count, through consecutive turns of one
//!    seat, and where hidden information decides who moves next.
//!
//! The decision is the most visited root action (ties: the higher total
//! reward, then the first in action order). With a single legal action the
//! bot answers at once without searching.
//!
//! # Determinism
//! Everything random comes from the `rng` handed to [`Bot::choose`]: the
//! determinizations, the untried-action picks and the rollouts. Children are
//! visited in action order; nothing depends on addresses, hashing, time or
//! threads.

use std::cell::RefCell;
use std::fmt;
use std::sync::{Arc, OnceLock};

use beachcomber::bot::Bot;
use beachcomber::game::{Evaluate, Game, MAX_SEATS, Seat};
use beachcomber::learn::model::Model;
use beachcomber::rng::{GameRng, below};

use crate::belief::Belief;

mod tree;

#[doc(hidden)]
pub use tree::NodeView;
use tree::{OVER, Step, Tree};

beachcomber::named_enum! {
    /// How rollouts pick actions (spec words `random`, `greedy`, `policy`).
    pub enum Rollout {
        /// Uniformly random legal actions (the allocation-free playout path).
        Random = "random",
        /// The action whose resulting state the mover rates best with
        /// [`Evaluate::evaluate`], ties at random (much slower per rollout).
        Greedy = "greedy",
        /// The game's own cheap heuristic, [`Evaluate::rollout_action`]
        /// (uniformly random for a game that has none).
        Policy = "policy",
    }
}

beachcomber::named_enum! {
    /// What a finished rollout is worth to each seat (spec words `win`,
    /// `margin`).
    pub enum Reward {
        /// The win share: 1 for a sole win, 1/k for a k-way shared win, else 0.
        Win = "win",
        /// The normalized final margin ([`Evaluate::final_margin`]) mapped from
        /// `[-1, 1]` to `[0, 1]`.
        Margin = "margin",
    }
}

/// The settings shared by the MCTS bots.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct SearchParams {
    /// Iterations per decision (for `pimc`, in all worlds together).
    pub iterations: u32,
    /// The UCB exploration constant.
    pub c: f64,
    /// The rollout policy.
    pub rollout: Rollout,
    /// The reward; `None` means the default: [`Reward::Win`] with two or
    /// more players, [`Reward::Margin`] in solo games (where a win reward
    /// would say too little).
    pub reward: Option<Reward>,
}

impl SearchParams {
    /// Default iterations per decision.
    pub const DEFAULT_ITERATIONS: u32 = 2000;
    /// Default exploration constant.
    pub const DEFAULT_C: f64 = 0.7;

    /// The reward used in a game of `players` players.
    pub fn reward_for(&self, players: usize) -> Reward {
        match self.reward {
            Some(r) => r,
            None if players == 1 => Reward::Margin,
            None => Reward::Win,
        }
    }
}

impl Default for SearchParams {
    fn default() -> Self {
        SearchParams {
            iterations: Self::DEFAULT_ITERATIONS,
            c: Self::DEFAULT_C,
            rollout: Rollout::Random,
            reward: None,
        }
    }
}

/// Search enhancements beyond plain MCTS (the `expert` bot's levers); the
/// default turns every one off, which is the plain search of `ismcts`,
/// `pimc` and `oracle`.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Enhancements {
    /// Rollout cut-off: after this many rollout plies an unfinished world is
    /// scored by [`Evaluate::evaluate`] (each seat's rating turned into a
    /// reward by a logistic of scale [`Enhancements::scale`]) instead of
    /// being played to the end. `None`: play to the end. Games with two or
    /// more players only (solo games always play to the end).
    pub cutoff: Option<u32>,
    /// The evaluation's scale, in score units: a margin of `scale` is worth
    /// a reward of about 0.73 (logistic `1 / (1 + e^(-margin / scale))`).
    pub scale: f64,
    /// Score the cut-off world by its current scores ([`Game::outcome`], as
    /// if the game ended there, with the world's hidden things as dealt):
    /// each seat's reward is a softmax of the scores over `scale` (with two
    /// players, the logistic of the score difference), instead of the
    /// logistic of each seat's [`Evaluate::evaluate`].
    pub score_leaf: bool,
    /// Belief weighting of the worlds ([`crate::belief`]): `beta`, per
    /// score unit of the opponents' evaluations; 0 deals every world
    /// uniformly (`ismcts` mode only).
    pub belief: f64,
}

/// Sets a bot's search settings for a game, from its name and player
/// count, at its first decision (the `expert` bot's `auto` options).
pub type Tuning = Box<dyn Fn(&str, usize, &mut SearchParams, &mut Enhancements) + Send + Sync>;

/// Which world each iteration is played in.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mode {
    /// A fresh determinization every iteration, one shared tree.
    Ismcts,
    /// `worlds` determinizations, a tree each, root counts summed.
    Pimc {
        /// Number of determinizations (at most the iteration budget).
        worlds: u32,
    },
    /// The true state (cheating).
    Oracle,
    /// A fresh world every iteration, one shared tree, every seat's private
    /// information the true one and only chance re-dealt
    /// ([`Game::determinize_chance`]; cheating, `oracle(sees=hands)`).
    OracleHands,
}

impl Mode {
    /// Whether the mode sees hidden information (`oracle`, either kind).
    pub fn cheats(self) -> bool {
        matches!(self, Mode::Oracle | Mode::OracleHands)
    }
}

impl fmt::Display for Mode {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Mode::Ismcts => "ismcts",
            Mode::Pimc { .. } => "pimc",
            Mode::Oracle => "oracle",
            Mode::OracleHands => "oracle(sees=hands)",
        })
    }
}

/// Statistics of one root action after a search.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct RootStat<A> {
    /// The action.
    pub action: A,
    /// Iterations that chose it (summed over worlds for `pimc`).
    pub visits: u64,
    /// Sum of the acting seat's rewards over those iterations.
    pub reward: f64,
}

/// The MCTS bot (`ismcts`, `pimc` or `oracle`, by [`Mode`]).
pub struct MctsBot<G: Game> {
    mode: Mode,
    params: SearchParams,
    extras: Enhancements,
    /// Sets `extras` from the game's name and player count at the first
    /// decision (the `expert` bot's tuned defaults).
    tune: Option<Tuning>,
    /// The weighted worlds of `extras.belief` (made at the first decision).
    belief: Option<Belief<G::State>>,
    tree: Option<Tree<G::Action>>,
    /// Root statistics of the last decision, sorted by action.
    root: Vec<RootStat<G::Action>>,
    /// The learned model valuing cut-off worlds (`expert(leaf=learned)`),
    /// in place of [`Enhancements::score_leaf`] and the evaluation.
    learned: Option<Arc<Model>>,
    /// The features of one seat's view of a cut-off world (sized at the
    /// first decision).
    features: Vec<f32>,
}

impl<G: Game> fmt::Debug for MctsBot<G> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("MctsBot")
            .field("mode", &self.mode)
            .field("params", &self.params)
            .finish()
    }
}

impl<G: Evaluate> MctsBot<G> {
    /// A bot searching in `mode` with `params`. An iteration budget of 0 is
    /// raised to 1, and a PIMC world count is clamped to `1..=iterations`
    /// when searching ([`crate::BotConfig`] rejects such specs with an
    /// error instead).
    pub fn new(mode: Mode, mut params: SearchParams) -> Self {
        params.iterations = params.iterations.max(1);
        MctsBot {
            mode,
            params,
            extras: Enhancements::default(),
            tune: None,
            belief: None,
            tree: None,
            root: Vec::new(),
            learned: None,
            features: Vec::new(),
        }
    }

    /// The same bot with cut-off worlds valued by `model`: each seat's
    /// reward is the model's value of its view of the world.
    pub fn with_learned_leaf(mut self, model: Arc<Model>) -> Self {
        self.learned = Some(model);
        self
    }

    /// The same bot with the search `extras` switched on.
    pub fn with_enhancements(mut self, extras: Enhancements) -> Self {
        self.extras = extras;
        self
    }

    /// The same bot with `tune` called at its first decision, with the
    /// game's name and player count, to set its enhancements.
    pub fn with_tuning(mut self, tune: Tuning) -> Self {
        self.tune = Some(tune);
        self
    }

    /// The enhancements in use (after any tuning, once a decision was made).
    pub fn enhancements(&self) -> Enhancements {
        self.extras
    }

    /// The bot's mode.
    pub fn mode(&self) -> Mode {
        self.mode
    }

    /// The bot's search settings.
    pub fn params(&self) -> SearchParams {
        self.params
    }

    /// Root statistics of the last search, in action order (empty when the
    /// last decision was forced or no search ran yet).
    pub fn root_stats(&self) -> &[RootStat<G::Action>] {
        &self.root
    }

    /// Nodes in the tree after the last search (for `pimc`, the last
    /// world's tree). Each iteration adds at most one node.
    pub fn tree_size(&self) -> usize {
        self.tree.as_ref().map_or(0, |t| t.size())
    }

    /// The nodes of the tree after the last search (as [`Self::tree_size`]
    /// counts them) in preorder: the root first, every node after its
    /// parent. For tests only (it allocates).
    #[doc(hidden)]
    pub fn tree_nodes(&self) -> Vec<NodeView<G::Action>> {
        self.tree
            .as_ref()
            .map_or_else(Vec::new, |tree| tree.views())
    }

    /// Size the arena and scratch vectors once, at the bot's first
    /// decision: one node per iteration of one tree at most (for `pimc`,
    /// one world's share of the budget), plus the root; legal lists
    /// are bounded by the action universe (and the process-wide `ln` table
    /// is built if it was not yet). So nothing allocates afterwards.
    fn prepare(&mut self, game: &G, any: G::Action) {
        if self.tree.is_none() {
            ln_table();
            if let Some(tune) = &self.tune {
                tune(
                    game.name(),
                    game.players(),
                    &mut self.params,
                    &mut self.extras,
                );
            }
            let max_legal = game.all_actions().len();
            let iterations = self.params.iterations;
            let per_tree = match self.mode {
                Mode::Pimc { worlds } => iterations.div_ceil(worlds.clamp(1, iterations)),
                Mode::Ismcts | Mode::Oracle | Mode::OracleHands => iterations,
            };
            self.tree = Some(Tree::new(per_tree as usize + 1, max_legal, any));
            self.root.reserve(max_legal);
            if self.extras.belief > 0.0 && self.mode == Mode::Ismcts {
                self.belief = Some(Belief::new());
            }
            if let Some(model) = &self.learned {
                self.features
                    .resize(crate::learned::feature_len(game, model), f32::NAN);
            }
        }
    }

    /// Run the search for the seat to move in `state` and return the chosen
    /// action; unlike [`Bot::choose`] this searches even when only one
    /// action is legal (benchmarks use it). `state` must not be finished.
    pub fn search(&mut self, game: &G, state: &G::State, rng: &mut GameRng) -> G::Action {
        let seat = game.to_move(state).expect("search on a finished game");
        let legal = game.legal_actions(state);
        let any = legal[0];
        self.prepare(game, any);
        let tree = self.tree.as_mut().expect("prepared");
        self.root.clear();
        self.root.extend(legal.iter().map(|&action| RootStat {
            action,
            visits: 0,
            reward: 0.0,
        }));
        self.root.sort_unstable_by_key(|a| a.action);
        let search = Search {
            game,
            ln: ln_table(),
            c: self.params.c,
            rollout: self.params.rollout,
            reward: self.params.reward_for(game.players()),
            cutoff: if game.players() >= 2 {
                self.extras.cutoff
            } else {
                None
            },
            scale: self.extras.scale,
            score_leaf: self.extras.score_leaf,
            learned: self.learned.as_deref(),
            features: RefCell::new(std::mem::take(&mut self.features)),
        };
        let iterations = self.params.iterations;
        match self.mode {
            Mode::Ismcts => {
                tree.reset(any, seat);
                let beta = self.extras.belief;
                let belief = match self.belief.as_mut() {
                    Some(b) => b.refill(game, state, seat, beta, rng).then_some(&*b),
                    None => None,
                };
                for _ in 0..iterations {
                    let world = match belief {
                        Some(b) => b.sample(rng).clone(),
                        None => game.determinize(state, seat, rng),
                    };
                    search.iterate(tree, world, rng);
                }
                add_root_stats(&mut self.root, tree);
            }
            Mode::Oracle => {
                tree.reset(any, seat);
                for _ in 0..iterations {
                    search.iterate(tree, state.clone(), rng);
                }
                add_root_stats(&mut self.root, tree);
            }
            Mode::OracleHands => {
                tree.reset(any, seat);
                for _ in 0..iterations {
                    search.iterate(tree, game.determinize_chance(state, rng), rng);
                }
                add_root_stats(&mut self.root, tree);
            }
            Mode::Pimc { worlds } => {
                let worlds = worlds.clamp(1, iterations);
                for w in 0..worlds {
                    // Spread the budget: the first `iterations % worlds`
                    // worlds get one iteration more.
                    let n = iterations / worlds + u32::from(w < iterations % worlds);
                    let world = game.determinize(state, seat, rng);
                    tree.reset(any, seat);
                    for _ in 0..n {
                        search.iterate(tree, world.clone(), rng);
                    }
                    add_root_stats(&mut self.root, tree);
                }
            }
        }
        self.features = search.features.into_inner();
        best_root_action(&self.root).unwrap_or(any)
    }
}

/// Add the tree's root children statistics into `root` (both sorted by
/// action; the children sharing an action are summed; a child whose action
/// is not in `root` is ignored, which cannot happen when determinizations
/// keep the legal actions of the seat to move).
fn add_root_stats<A: Copy + Ord>(root: &mut [RootStat<A>], tree: &Tree<A>) {
    let mut i = 0;
    for (action, visits, reward) in tree.root_children() {
        while i < root.len() && root[i].action < action {
            i += 1;
        }
        if i < root.len() && root[i].action == action {
            root[i].visits += visits as u64;
            root[i].reward += reward;
        }
    }
}

/// The most visited action; ties go to the higher total reward, then to the
/// first in action order.
pub(crate) fn best_root_action<A: Copy>(root: &[RootStat<A>]) -> Option<A> {
    let mut best: Option<&RootStat<A>> = None;
    for stat in root {
        if stat.visits == 0 {
            continue;
        }
        let better = match best {
            None => true,
            Some(b) => {
                stat.visits > b.visits || (stat.visits == b.visits && stat.reward > b.reward)
            }
        };
        if better {
            best = Some(stat);
        }
    }
    best.map(|s| s.action)
}

impl<G: Evaluate> Bot<G> for MctsBot<G> {
    fn choose(&mut self, game: &G, state: &G::State, rng: &mut GameRng) -> G::Action {
        let legal = game.legal_actions(state);
        self.prepare(game, legal[0]);
        if legal.len() == 1 {
            self.root.clear();
            return legal[0];
        }
        self.search(game, state, rng)
    }
}

/// The per-decision constants of the search loop.
struct Search<'g, G> {
    game: &'g G,
    /// `ln(n)` for small `n` ([`ln_table`]).
    ln: &'static [f64],
    c: f64,
    rollout: Rollout,
    reward: Reward,
    /// [`Enhancements::cutoff`] (`None` in solo games).
    cutoff: Option<u32>,
    /// [`Enhancements::scale`].
    scale: f64,
    /// [`Enhancements::score_leaf`].
    score_leaf: bool,
    /// [`MctsBot::with_learned_leaf`].
    learned: Option<&'g Model>,
    /// The bot's feature buffer, lent for the decision.
    features: RefCell<Vec<f32>>,
}

impl<G: Evaluate> Search<'_, G> {
    /// One iteration in `world` (selection, expansion, rollout, backup).
    fn iterate(&self, tree: &mut Tree<G::Action>, mut world: G::State, rng: &mut GameRng) {
        let game = self.game;
        let mut node = 0usize;
        tree.path.clear();
        tree.path.push(0);
        let mut to_move = game.to_move(&world);
        while let Some(seat) = to_move {
            // The node's children are decisions of the seat to move here.
            debug_assert_eq!(tree.next(node) as usize, seat);
            let actions = game.legal_actions(&world);
            let mut scratch = std::mem::take(&mut tree.legal);
            let legal: &[G::Action] = if actions.is_sorted() {
                &actions
            } else {
                scratch.clear();
                scratch.extend_from_slice(&actions);
                scratch.sort_unstable();
                &scratch
            };
            // For every legal action, raise the availability of its
            // children and score it by UCB (or count the untried ones).
            let step = tree.select(node, legal, self.ln, self.c);
            let best = match step {
                Step::Untried(untried) => {
                    // Expansion: the k-th untried action, inserted in order.
                    let k = below(rng, untried);
                    let (chosen, pos) = tree.untried(node, legal, k);
                    tree.legal = scratch;
                    game.play_unchecked(&mut world, chosen);
                    let next = seat_byte(game.to_move(&world));
                    node = tree.insert(node, pos, chosen, next, 1);
                    tree.path.push(node as u32);
                    break;
                }
                Step::Best(arm) => arm,
            };
            tree.legal = scratch;
            // Play the best action, then descend to the child for the seat
            // now to move; a seat not seen there before gets a new sibling
            // (sharing the action's availability), which is this
            // iteration's expansion.
            game.play_unchecked(&mut world, tree.action(best));
            to_move = game.to_move(&world);
            let (child, added) = tree.descend(node, best, seat_byte(to_move));
            node = child;
            tree.path.push(node as u32);
            if added {
                break;
            }
        }
        // Rollout (to the end, or to the cut-off and an evaluation). A
        // random or policy rollout to the end is the game's own playout
        // loop (a game may fuse it: the same draws, faster).
        let mut plies = 0u32;
        let limit = self.cutoff.unwrap_or(u32::MAX);
        if self.cutoff.is_none() {
            match self.rollout {
                Rollout::Random => {
                    beachcomber::game::random_playout(game, &mut world, rng);
                }
                Rollout::Policy => {
                    game.policy_playout(&mut world, rng);
                }
                Rollout::Greedy => {}
            }
        }
        while let Some(seat) = game.to_move(&world) {
            if plies == limit {
                break;
            }
            let action = match self.rollout {
                Rollout::Random => game.random_action(&world, rng),
                Rollout::Greedy => greedy_action(game, &world, seat, rng),
                Rollout::Policy => game.rollout_action(&world, rng),
            };
            game.play_unchecked(&mut world, action);
            plies += 1;
        }
        // Backup.
        let rewards = if game.to_move(&world).is_some() {
            match self.learned {
                Some(model) => {
                    learned_rewards(game, &world, model, &mut self.features.borrow_mut())
                }
                None => evaluated_rewards(game, &world, self.scale, self.score_leaf),
            }
        } else {
            rewards(game, &world, self.reward)
        };
        tree.backup(&rewards);
    }
}

/// `Node::next` for the seat to move (`None`: the game is over).
fn seat_byte(seat: Option<Seat>) -> u8 {
    seat.map_or(OVER, |s| s as u8)
}

/// `ln(n)` for `n < 2^14`, computed once per process with `f64::ln` (so a
/// lookup gives exactly the value `ln` would): UCB needs `ln(availability)`
/// for every legal child at every selection step, and `ln` was the largest
/// single cost of selection.
fn ln_table() -> &'static [f64] {
    static TABLE: OnceLock<Box<[f64]>> = OnceLock::new();
    TABLE.get_or_init(|| (0..1u32 << 14).map(|n| f64::from(n).ln()).collect())
}

/// Every seat's reward in the finished `state`, each in `[0, 1]`.
pub fn rewards<G: Evaluate>(game: &G, state: &G::State, kind: Reward) -> [f64; MAX_SEATS] {
    let mut out = [0.0; MAX_SEATS];
    match kind {
        Reward::Win => {
            let outcome = game.outcome(state);
            for (seat, r) in out.iter_mut().enumerate().take(game.players()) {
                *r = outcome.win_share(seat);
            }
        }
        Reward::Margin => {
            for (seat, r) in out.iter_mut().enumerate().take(game.players()) {
                *r = 0.5 * (game.final_margin(state, seat) + 1.0);
            }
        }
    }
    out
}

/// Every seat's reward in the unfinished `state` (a world of the search),
/// each in `(0, 1)`: the logistic of the seat's [`Evaluate::evaluate`] over
/// `scale`.
fn evaluated_rewards<G: Evaluate>(
    game: &G,
    state: &G::State,
    scale: f64,
    score: bool,
) -> [f64; MAX_SEATS] {
    let mut out = [0.0; MAX_SEATS];
    let n = game.players();
    if score {
        // A softmax of the scores: each seat's chance to win, were the
        // final scores the current ones plus logistic noise (with two
        // players, the logistic of the score difference over `scale`).
        let scores = game.outcome(state).scores;
        let top = scores.iter().copied().max().unwrap_or(0);
        let mut total = 0.0;
        for (r, &s) in out.iter_mut().zip(scores.iter()) {
            *r = ((s - top) as f64 / scale).exp();
            total += *r;
        }
        for r in out.iter_mut().take(n) {
            *r /= total;
        }
        return out;
    }
    for (seat, r) in out.iter_mut().enumerate().take(n) {
        *r = 1.0 / (1.0 + (-game.evaluate(state, seat) / scale).exp());
    }
    out
}

/// Every seat's reward in the unfinished `state` (a world of the search):
/// the model's value of the seat's view of it (its features written into
/// `features`, exactly the model's inputs). Allocation-free.
fn learned_rewards<G: Evaluate>(
    game: &G,
    state: &G::State,
    model: &Model,
    features: &mut [f32],
) -> [f64; MAX_SEATS] {
    let mut out = [0.0; MAX_SEATS];
    for (seat, r) in out.iter_mut().enumerate().take(game.players()) {
        model.features.write(game, state, seat, features);
        *r = model.value(features);
    }
    out
}

/// The legal action whose resulting state `seat` rates best with
/// [`Evaluate::evaluate`]; ties are broken uniformly at random. `state` must
/// not be finished.
pub fn greedy_action<G: Evaluate>(
    game: &G,
    state: &G::State,
    seat: Seat,
    rng: &mut GameRng,
) -> G::Action {
    let legal = game.legal_actions(state);
    let mut best = legal[0];
    let mut best_value = f64::NEG_INFINITY;
    let mut ties = 0u32;
    for &action in legal.iter() {
        let mut next = state.clone();
        game.play_unchecked(&mut next, action);
        let value = game.evaluate(&next, seat);
        if value > best_value {
            best_value = value;
            best = action;
            ties = 1;
        } else if value == best_value {
            ties += 1;
            if below(rng, ties) == 0 {
                best = action;
            }
        }
    }
    best
}
