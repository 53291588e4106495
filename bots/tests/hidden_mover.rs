//! ISMCTS when the seat to move after an action depends on hidden
//! information (as after `flip` in Shell Dash): every tree node's children
//! must be decisions of one seat, and every node must back up the reward of
//! the seat that actually chose its action.
//!
//! The toy game `Ferry` (2 players) is built so that a tree whose children
//! are keyed by action only goes wrong: seat 0 either plays `safe` (the game
//! ends: seat 0's reward is 13/32) or `gamble`. After `gamble` a hidden card
//! (1 "mine" and 3 "theirs" in the deck, never seen before it acts) decides
//! who crosses the ferry next: seat 0 with "mine", seat 1 with "theirs". The
//! crosser plays `left` or `right`; seat 0's reward (seat 1 gets the rest
//! of 1) is:
//!
//! | crosser | `left` | `right` |
//! | ------- | ------ | ------- |
//! | seat 0  | 1      | 0       |
//! | seat 1  | 18/32  | 12/32   |
//!
//! With each seat playing for itself (seat 0 `left`, seat 1 `right`),
//! `gamble` is worth 1/4 · 1 + 3/4 · 12/32 = 17/32 to seat 0, more than
//! `safe`'s 13/32. A tree keyed by action only has one `left` and one
//! `right` node after `gamble`, each crediting the seat that happened to
//! cross when it was expanded (seat 1 three times in four), and both seats
//! then pick the same action there: with both labelled seat 1 (9/16 of
//! searches), `right` scores 3/4 · 20/32 + 1/4 · 1 against `left`'s
//! 3/4 · 14/32, so seat 0 "plays for seat 1" and throws the crossing,
//! `gamble` drops to 9/32 and the search plays `safe`.

use arrayvec::ArrayVec;
use beachcomber::encode::{Encode, Field};
use beachcomber::game::{Evaluate, Game, Outcome, Seat, SeatSet};
use beachcomber::games::shell_dash::ShellDash;
use beachcomber::rng::{GameRng, below, rng_from_seed};
use beachcomber::spec::Spec;
use beachcomber_bots::mcts::NodeView;
use beachcomber_bots::{MctsBot, Mode, Reward, SearchParams};
use std::fmt;

/// The toy game (see the module documentation).
#[derive(Clone, Copy, Debug)]
struct Ferry;

/// Where a ferry game stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Phase {
    /// Seat 0 chooses `safe` or `gamble`.
    Start,
    /// `crosser` chooses `left` or `right`.
    Crossing { crosser: u8 },
    /// Over, with seat 0's and seat 1's scores (out of 32 together).
    Over { scores: [i32; 2] },
}

/// A ferry state: the hidden card and the phase.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct FerryState {
    /// The hidden card: `true` ("mine", 1 in 4) makes seat 0 the crosser.
    mine: bool,
    phase: Phase,
}

/// The four actions (ordered as the tree sorts them).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
enum Act {
    Safe,
    Gamble,
    Left,
    Right,
}

impl fmt::Display for Act {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Act::Safe => "safe",
            Act::Gamble => "gamble",
            Act::Left => "left",
            Act::Right => "right",
        })
    }
}

/// Cards in the deck, of which one is "mine".
const DECK: u32 = 4;

/// Scores (seat 0, seat 1) out of 32 when `crosser` plays `act`.
fn crossing_scores(crosser: u8, act: Act) -> [i32; 2] {
    match (crosser, act) {
        (0, Act::Left) => [32, 0],
        (0, _) => [0, 32],
        (_, Act::Left) => [18, 14],
        (_, _) => [12, 20],
    }
}

/// Scores of `safe`.
const SAFE: [i32; 2] = [13, 19];

impl Game for Ferry {
    type State = FerryState;
    type Action = Act;
    type Actions = ArrayVec<Act, 2>;
    /// The phase with the card left out before it shows (it shows as who
    /// crosses).
    type Observation = Phase;

    fn name(&self) -> &'static str {
        "ferry"
    }

    fn players(&self) -> usize {
        2
    }

    fn new_game(&self, rng: &mut GameRng) -> FerryState {
        FerryState {
            mine: below(rng, DECK) == 0,
            phase: Phase::Start,
        }
    }

    fn to_move(&self, state: &FerryState) -> Option<Seat> {
        match state.phase {
            Phase::Start => Some(0),
            Phase::Crossing { crosser } => Some(crosser as Seat),
            Phase::Over { .. } => None,
        }
    }

    fn legal_actions(&self, state: &FerryState) -> ArrayVec<Act, 2> {
        let mut out = ArrayVec::new();
        match state.phase {
            Phase::Start => out.extend([Act::Safe, Act::Gamble]),
            Phase::Crossing { .. } => out.extend([Act::Left, Act::Right]),
            Phase::Over { .. } => {}
        }
        out
    }

    fn play_unchecked(&self, state: &mut FerryState, action: Act) {
        state.phase = match (state.phase, action) {
            (Phase::Start, Act::Safe) => Phase::Over { scores: SAFE },
            (Phase::Start, _) => Phase::Crossing {
                crosser: if state.mine { 0 } else { 1 },
            },
            (Phase::Crossing { crosser }, act) => Phase::Over {
                scores: crossing_scores(crosser, act),
            },
            (over, _) => over,
        };
    }

    fn outcome(&self, state: &FerryState) -> Outcome {
        let scores = match state.phase {
            Phase::Over { scores } => scores,
            _ => [16, 16],
        };
        let winners = match scores[0].cmp(&scores[1]) {
            std::cmp::Ordering::Greater => SeatSet::single(0),
            std::cmp::Ordering::Less => SeatSet::single(1),
            std::cmp::Ordering::Equal => SeatSet(0b11),
        };
        Outcome {
            scores: scores.into_iter().collect(),
            winners,
        }
    }

    fn determinize(&self, state: &FerryState, _viewer: Seat, rng: &mut GameRng) -> FerryState {
        match state.phase {
            // The card is unseen: deal it again.
            Phase::Start => self.new_game(rng),
            // Who crosses shows the card (and afterwards it no longer matters).
            _ => *state,
        }
    }
    /// The card is hidden from both seats: chance.
    fn determinize_chance(&self, state: &FerryState, rng: &mut GameRng) -> FerryState {
        self.determinize(state, 0, rng)
    }

    fn observation(&self, state: &FerryState, _viewer: Seat) -> Phase {
        state.phase
    }

    /// Every move shows the card: the gamble by who crosses, the others by
    /// ending the game.
    fn reveals(&self, _before: &FerryState, _action: Act, _viewer: Seat) -> bool {
        true
    }

    fn all_actions(&self) -> Vec<Act> {
        vec![Act::Safe, Act::Gamble, Act::Left, Act::Right]
    }

    fn parse_action(&self, text: &str) -> Option<Act> {
        self.all_actions()
            .into_iter()
            .find(|a| a.to_string() == text)
    }

    fn check_invariants(&self, _state: &FerryState) -> Result<(), beachcomber::game::InvalidState> {
        Ok(())
    }
}

/// The phase, one-hot (start, seat 0 crosses, seat 1 crosses, over).
impl Encode for Ferry {
    fn encoding_fields(&self) -> Vec<Field> {
        vec![Field {
            name: "phase",
            len: 4,
        }]
    }

    fn encode_observation(&self, phase: &Phase, _seat: Seat, out: &mut [f32]) {
        out.fill(0.0);
        let hot = match phase {
            Phase::Start => 0,
            Phase::Crossing { crosser } => 1 + *crosser as usize,
            Phase::Over { .. } => 3,
        };
        out[hot] = 1.0;
    }
}

impl Evaluate for Ferry {
    fn evaluate(&self, _state: &FerryState, _seat: Seat) -> f64 {
        0.0
    }

    /// Score minus the other's score over 32: with scores summing to 32
    /// the margin reward is exactly `score / 32`.
    fn final_margin(&self, state: &FerryState, seat: Seat) -> f64 {
        let s = self.outcome(state).scores;
        f64::from(s[seat] - s[1 - seat]) / 32.0
    }
}

fn ismcts(iterations: u32) -> MctsBot<Ferry> {
    MctsBot::new(
        Mode::Ismcts,
        SearchParams {
            iterations,
            reward: Some(Reward::Margin),
            ..SearchParams::default()
        },
    )
}

/// Seat 0's reward when `mover` plays `act` at the crossing (`mover`'s own
/// reward, as the node of that decision must back it up).
fn crossing_reward(mover: Seat, act: Act) -> f64 {
    let scores = crossing_scores(mover as u8, act);
    f64::from(scores[mover]) / 32.0
}

#[test]
fn gamble_is_searched_with_each_crosser_playing_for_itself() {
    let game = Ferry;
    let start = FerryState {
        mine: false,
        phase: Phase::Start,
    };
    let mut bot = ismcts(2000);
    for seed in 0..16 {
        let action = bot.search(&game, &start, &mut rng_from_seed(seed));
        assert_eq!(action, Act::Gamble, "seed {seed}: {:?}", bot.root_stats());
    }
}

#[test]
fn every_node_backs_up_the_reward_of_the_seat_that_chose_it() {
    let game = Ferry;
    let start = FerryState {
        mine: true,
        phase: Phase::Start,
    };
    let mut bot = ismcts(500);
    for seed in 0..8 {
        bot.search(&game, &start, &mut rng_from_seed(seed));
        let nodes = bot.tree_nodes();
        assert_eq!(nodes.len(), bot.tree_size());
        assert_eq!(nodes[0].next, Some(0));
        // `gamble` was followed by both crossers: one child per crosser,
        // sharing the availability of `gamble`.
        let gambles: Vec<(usize, &NodeView<Act>)> = nodes
            .iter()
            .enumerate()
            .filter(|(_, n)| n.parent == Some(0) && n.action == Act::Gamble)
            .collect();
        let mut nexts: Vec<Option<Seat>> = gambles.iter().map(|(_, n)| n.next).collect();
        nexts.sort();
        assert_eq!(nexts, [Some(0), Some(1)], "seed {seed}: {gambles:?}");
        assert_eq!(gambles[0].1.avail, gambles[1].1.avail, "seed {seed}");
        for &(index, gamble) in &gambles {
            let children: Vec<&NodeView<Act>> =
                nodes.iter().filter(|n| n.parent == Some(index)).collect();
            assert_eq!(children.len(), 2, "seed {seed}");
            // The first visit created the node; every later one crossed.
            let crossed: u32 = children.iter().map(|c| c.visits).sum();
            assert_eq!(crossed + 1, gamble.visits, "seed {seed}");
            for c in children {
                let mover = gamble.next.unwrap();
                assert_eq!(c.mover, mover, "seed {seed}");
                assert_eq!(c.next, None, "seed {seed}");
                assert_eq!(
                    c.reward,
                    f64::from(c.visits) * crossing_reward(mover, c.action),
                    "seed {seed}: {c:?}"
                );
            }
        }
        // Root statistics sum over the crossers.
        let stats = bot.root_stats();
        let gamble_stat = stats.iter().find(|s| s.action == Act::Gamble).unwrap();
        assert_eq!(
            gamble_stat.visits,
            u64::from(gambles[0].1.visits + gambles[1].1.visits)
        );
        assert_eq!(
            gamble_stat.reward,
            gambles[0].1.reward + gambles[1].1.reward
        );
    }
}

#[test]
fn shell_dash_nodes_never_mix_the_seats_of_their_children() {
    let spec: Spec = "shell-dash".parse().unwrap();
    let game = ShellDash::from_spec(&spec, 2).unwrap();
    let mut bot = MctsBot::<ShellDash>::new(
        Mode::Ismcts,
        SearchParams {
            iterations: 3000,
            ..SearchParams::default()
        },
    );
    let mut rng = rng_from_seed(5);
    let mut state = game.new_game(&mut rng);
    let mut searches = 0;
    let mut split_actions = 0;
    while game.to_move(&state).is_some() && searches < 12 {
        let seat = game.to_move(&state).unwrap();
        let action = bot.search(&game, &state, &mut rng_from_seed(100 + searches));
        searches += 1;
        let nodes = bot.tree_nodes();
        assert_eq!(nodes[0].next, Some(seat));
        for (index, node) in nodes.iter().enumerate().skip(1) {
            let parent = node.parent.unwrap();
            assert!(parent < index);
            // The seat that chose this node's action is the seat that its
            // parent's children belong to.
            assert_eq!(Some(node.mover), nodes[parent].next, "node {index}");
            // One child per (action, next seat).
            let twins = nodes
                .iter()
                .filter(|n| n.parent == Some(parent) && n.action == node.action)
                .collect::<Vec<_>>();
            assert_eq!(
                twins.iter().filter(|n| n.next == node.next).count(),
                1,
                "node {index}"
            );
            assert!(twins.iter().all(|n| n.avail == node.avail));
            if twins.len() > 1 && twins[0].next == node.next {
                split_actions += 1;
            }
        }
        game.play_unchecked(&mut state, action);
    }
    assert_eq!(searches, 12);
    // The case this is about does happen in Shell Dash.
    assert!(split_actions > 0);
}
